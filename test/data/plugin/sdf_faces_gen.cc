// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes the face goldens of sdf_plugin_test's scenes (sdf_<name>_faces.txt): the faces of the
// mesh that MuJoCo 3.8.0 (the kit) makes for the scene's first mesh (an SDF plugin's), as
//   meshface     every 101st face (3 vertex ids each)
//   meshfacesum  the sum over all face entries k of face[k] * (k % 7 + 1)
// Built against the kit and run with its libsdf_plugin.so by make_sdf_golden.sh.
// Usage: sdf_faces_gen PLUGIN_LIBRARY SCENE.xml > OUT

#include <cstdio>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: sdf_faces_gen PLUGIN_LIBRARY SCENE.xml\n");
    return 2;
  }
  mj_loadPluginLibrary(argv[1]);
  char error[1000];
  mjModel* m = mj_loadXML(argv[2], nullptr, error, sizeof(error));
  if (!m) {
    std::fprintf(stderr, "%s: %s\n", argv[2], error);
    return 1;
  }
  const int* face = m->mesh_face + 3 * m->mesh_faceadr[0];
  int nface = m->mesh_facenum[0];
  std::printf("# sh test/data/plugin/make_sdf_golden.sh (sdf_faces_gen.cc), MuJoCo %s\n",
              mj_versionString());
  std::printf("0.meshface %d", 3 * ((nface + 100) / 101));
  double sum = 0;
  for (int f = 0; f < nface; f++) {
    if (f % 101 == 0) {
      std::printf(" %d %d %d", face[3 * f], face[3 * f + 1], face[3 * f + 2]);
    }
    for (int j = 0; j < 3; j++) {
      sum += static_cast<double>(face[3 * f + j]) * ((3 * f + j) % 7 + 1);
    }
  }
  std::printf("\n0.meshfacesum 1 %.17g\n", sum);
  mj_deleteModel(m);
  return 0;
}
