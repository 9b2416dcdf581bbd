// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Custom elements (XMLreference.rst, custom/numeric, text, tuple).

#include <algorithm>
#include <cstring>
#include <string>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"

namespace motus {

namespace {

// numeric size: the given size (data may be shorter: zero padded), or the data length
int NumericSize(const SpecNumeric& n) {
  return n.s.size >= 0 ? n.s.size : static_cast<int>(n.own.data.size());
}

bool SizeCustom(CompileContext* c) {
  SpecModel* s = c->spec;
  mjModel& z = c->sizes;
  z.nnumeric = static_cast<mjtSize>(s->numerics.size());
  for (auto& n : s->numerics) {
    if (n->s.size >= 0 && static_cast<int>(n->own.data.size()) > n->s.size) {
      return c->Error("numeric data is longer than its size", n.get());
    }
    if (n->s.size < 0 && n->own.data.empty()) {
      return c->Error("numeric requires data or a size", n.get());
    }
    z.nnumericdata += NumericSize(*n);
  }
  z.ntext = static_cast<mjtSize>(s->texts.size());
  for (auto& t : s->texts) {
    if (t->own.data.empty()) {
      return c->Error("text requires data", t.get());
    }
    z.ntextdata += t->own.data.size() + 1;
  }
  z.ntuple = static_cast<mjtSize>(s->tuples.size());
  for (auto& t : s->tuples) {
    size_t n = t->own.objtype.size();
    if (t->own.objname.size() != n || (!t->own.objprm.empty() && t->own.objprm.size() != n)) {
      return c->Error("tuple objtype, objname and objprm sizes differ", t.get());
    }
    for (size_t k = 0; k < n; k++) {
      if (c->FindId(static_cast<mjtObj>(t->own.objtype[k]), t->own.objname[k]) < 0) {
        return c->Error("tuple element '" + t->own.objname[k] + "' not found", t.get());
      }
    }
    z.ntupledata += n;
  }
  return true;
}

bool FillCustom(CompileContext* c) {
  SpecModel* s = c->spec;
  mjModel* m = c->m;
  int adr = 0;
  for (int i = 0; i < m->nnumeric; i++) {
    SpecNumeric* n = s->numerics[i].get();
    int size = NumericSize(*n);
    m->numeric_adr[i] = adr;
    m->numeric_size[i] = size;
    for (int k = 0; k < size; k++) {
      m->numeric_data[adr + k] = k < static_cast<int>(n->own.data.size()) ? n->own.data[k] : 0;
    }
    adr += size;
  }
  adr = 0;
  for (int i = 0; i < m->ntext; i++) {
    const std::string& d = s->texts[i]->own.data;
    m->text_adr[i] = adr;
    m->text_size[i] = static_cast<int>(d.size() + 1);
    std::memcpy(m->text_data + adr, d.c_str(), d.size() + 1);
    adr += static_cast<int>(d.size() + 1);
  }
  adr = 0;
  for (int i = 0; i < m->ntuple; i++) {
    SpecTuple* t = s->tuples[i].get();
    int n = static_cast<int>(t->own.objtype.size());
    m->tuple_adr[i] = adr;
    m->tuple_size[i] = n;
    for (int k = 0; k < n; k++) {
      int type = t->own.objtype[k];
      m->tuple_objtype[adr + k] = type;
      m->tuple_objid[adr + k] = c->FindId(static_cast<mjtObj>(type), t->own.objname[k]);
      m->tuple_objprm[adr + k] = t->own.objprm.empty() ? 0 : t->own.objprm[k];
    }
    adr += n;
  }
  return true;
}

}  // namespace

const CompileKind kCompileCustom = {"custom", SizeCustom, FillCustom, nullptr};

}  // namespace motus
