// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Textures (XMLreference.rst, asset/texture): each texture is built by the texture pipeline
// (user_texture.h) in an asset job (user_compile_assets.h), taken in size() and copied into
// the tex_* arrays in fill().

#include <algorithm>
#include <string>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_assets.h"
#include "user/user_texture.h"
#include "user/user_vfs.h"

namespace motus {

namespace {

bool SizeTextures(CompileContext* c) {
  SpecModel* s = c->spec;
  mjtSize ndata = 0;
  for (size_t i = 0; i < s->textures.size(); i++) {
    const std::string& err = c->assets->Texture(i);
    if (!err.empty()) {
      return c->Error(err, s->textures[i].get());
    }
    ndata += static_cast<mjtSize>(c->texture[i].data.size());
  }
  c->sizes.ntex = static_cast<mjtSize>(s->textures.size());
  c->sizes.ntexdata = ndata;
  return true;
}

bool FillTextures(CompileContext* c) {
  mjModel* m = c->m;
  mjtSize adr = 0;
  for (int i = 0; i < m->ntex; i++) {
    const TextureResult& t = c->texture[i];
    m->tex_type[i] = t.type;
    m->tex_colorspace[i] = t.colorspace;
    m->tex_height[i] = t.height;
    m->tex_width[i] = t.width;
    m->tex_nchannel[i] = t.nchannel;
    m->tex_adr[i] = adr;
    std::copy(t.data.begin(), t.data.end(), m->tex_data + adr);
    adr += static_cast<mjtSize>(t.data.size());
  }
  return true;
}

}  // namespace

const CompileKind kCompileTextures = {"textures", SizeTextures, FillTextures, nullptr};

}  // namespace motus
