// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjs_makeMesh: fills a mesh spec with the vertices and faces of a builtin mesh (XMLreference.rst,
// asset/mesh/builtin). The generators are MakeBuiltinMesh in user_mesh_builtin.cc.

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"
#include "user/user_spec.h"

extern "C" {

int mjs_makeMesh(mjsMesh* mesh, mjtMeshBuiltin builtin, double* params, int nparams) {
  if (!mesh) {
    return -1;
  }
  motus::SpecMesh* m = motus::Owner<motus::SpecMesh>(mesh);
  std::vector<float> vert, normal;
  std::vector<int> face;
  std::string error;
  if (!motus::MakeBuiltinMesh(builtin, params, nparams, &vert, &normal, &face, &error)) {
    m->model->SetError("mjs_makeMesh: " + error);
    return -1;
  }
  m->own.uservert = std::move(vert);
  m->own.userface = std::move(face);
  m->own.usernormal = std::move(normal);  // wedge and plate: a frame of 3 normals per vertex
  m->own.usertexcoord.clear();
  m->own.userfacenormal.clear();
  m->own.userfacetexcoord.clear();
  return 0;
}

}  // extern "C"
