// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Materials (XMLreference.rst, asset/material): mat_* arrays. Texture references are resolved
// per role (mjtTextureRole); an empty role has texture id -1.

#include <string>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"

namespace motus {

namespace {

bool SizeMaterials(CompileContext* c) {
  int index = 0;
  for (auto& mat : c->spec->materials) {
    const auto& tex = mat->own.textures;
    if (tex.size() > static_cast<size_t>(mjNTEXROLE)) {
      return c->Error("material has more textures than texture roles", mat.get());
    }
    for (const std::string& t : tex) {
      if (!t.empty() && c->FindId(mjOBJ_TEXTURE, t) < 0) {
        return c->Error("texture '" + t + "' not found in material " + std::to_string(index),
                        mat.get());
      }
    }
    index++;
  }
  c->sizes.nmat = static_cast<mjtSize>(c->spec->materials.size());
  return true;
}

bool FillMaterials(CompileContext* c) {
  mjModel* m = c->m;
  for (int i = 0; i < m->nmat; i++) {
    SpecMaterial* mat = c->spec->materials[i].get();
    const mjsMaterial& s = mat->s;
    for (int r = 0; r < mjNTEXROLE; r++) {
      const auto& tex = mat->own.textures;
      m->mat_texid[mjNTEXROLE * i + r] =
          r < static_cast<int>(tex.size()) ? c->FindId(mjOBJ_TEXTURE, tex[r]) : -1;
    }
    m->mat_texuniform[i] = s.texuniform;
    m->mat_texrepeat[2 * i] = s.texrepeat[0];
    m->mat_texrepeat[2 * i + 1] = s.texrepeat[1];
    m->mat_emission[i] = s.emission;
    m->mat_specular[i] = s.specular;
    m->mat_shininess[i] = s.shininess;
    m->mat_reflectance[i] = s.reflectance;
    m->mat_metallic[i] = s.metallic;
    m->mat_roughness[i] = s.roughness;
    for (int k = 0; k < 4; k++) {
      m->mat_rgba[4 * i + k] = s.rgba[k];
    }
  }
  return true;
}

}  // namespace

const CompileKind kCompileMaterials = {"materials", SizeMaterials, FillMaterials, nullptr};

}  // namespace motus
