// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Height fields (XMLreference.rst, asset/hfield): each height field is loaded by the hfield
// pipeline (user_hfield.h) in an asset job (user_compile_assets.h), taken in size() and copied
// into the hfield_* arrays in fill().

#include <algorithm>
#include <string>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_assets.h"
#include "user/user_hfield.h"
#include "user/user_vfs.h"

namespace motus {

namespace {

bool SizeHFields(CompileContext* c) {
  SpecModel* s = c->spec;
  mjtSize ndata = 0;
  for (size_t i = 0; i < s->hfields.size(); i++) {
    const std::string& err = c->assets->HField(i);
    if (!err.empty()) {
      return c->Error(err, s->hfields[i].get());
    }
    ndata += static_cast<mjtSize>(c->hfield[i].data.size());
  }
  c->sizes.nhfield = static_cast<mjtSize>(s->hfields.size());
  c->sizes.nhfielddata = ndata;
  return true;
}

bool FillHFields(CompileContext* c) {
  mjModel* m = c->m;
  int adr = 0;
  for (int i = 0; i < m->nhfield; i++) {
    const HFieldResult& h = c->hfield[i];
    for (int k = 0; k < 4; k++) {
      m->hfield_size[4 * i + k] = h.size[k];
    }
    m->hfield_nrow[i] = h.nrow;
    m->hfield_ncol[i] = h.ncol;
    m->hfield_adr[i] = adr;
    std::copy(h.data.begin(), h.data.end(), m->hfield_data + adr);
    adr += static_cast<int>(h.data.size());
  }
  return true;
}

}  // namespace

const CompileKind kCompileHFields = {"height fields", SizeHFields, FillHFields, nullptr};

}  // namespace motus
