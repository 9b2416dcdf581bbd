// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Height fields (XMLreference.rst, asset/hfield): each height field is loaded by the hfield
// pipeline (user_hfield.h) in size() and copied into the hfield_* arrays in fill().

#include <algorithm>
#include <string>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_hfield.h"
#include "user/user_vfs.h"

namespace motus {

namespace {

bool SizeHFields(CompileContext* c) {
  SpecModel* s = c->spec;
  c->hfield.assign(s->hfields.size(), HFieldResult());
  mjtSize ndata = 0;
  for (size_t i = 0; i < s->hfields.size(); i++) {
    SpecHField* h = s->hfields[i].get();
    AssetContext actx;
    actx.modelfiledir = s->own.modelfiledir;
    actx.assetdir = h->compiler && h->compiler->meshdir ? *h->compiler->meshdir : "";
    actx.strippath = s->s.strippath;
    std::string err;
    if (!LoadHField(&h->s, c->vfs, actx, &c->hfield[i], &err)) {
      return c->Error(err, h);
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
