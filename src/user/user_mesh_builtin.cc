// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Builtin meshes for mjs_makeMesh (XMLreference.rst, <mesh builtin>). Work in progress.

#include <string>
#include <vector>

#include "user/user_mesh.h"

namespace motus {

bool MakeBuiltinMesh(mjtMeshBuiltin builtin, const double* params, int nparams,
                     std::vector<float>* vert, std::vector<int>* face, std::string* error) {
  (void)builtin;
  (void)params;
  (void)nparams;
  vert->clear();
  face->clear();
  *error = "builtin meshes are not implemented yet";
  return false;
}

}  // namespace motus
