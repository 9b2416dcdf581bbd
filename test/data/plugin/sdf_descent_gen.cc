// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes sdf_bowl_spheres_descents.txt, the golden of SdfPlugin.DescentsDrawnAsMuJoCos (the
// scenes of sdf_descent_dump.h). Built against MuJoCo 3.8.0 (the kit) by make_sdf_golden.sh and
// run with its libsdf_plugin.so. Usage: sdf_descent_gen PLUGIN_LIBRARY MODEL.xml > OUT

#include <cstdio>
#include <string>

#include <mujoco/mujoco.h>

#include "sdf_descent_dump.h"

namespace {

// warnings (the scene too small) go to stderr, not into the golden
void Warn(const char* msg) {
  std::fprintf(stderr, "%s\n", msg);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PLUGIN_LIBRARY MODEL.xml\n", argv[0]);
    return 2;
  }
  mju_user_warning = Warn;
  mj_loadPluginLibrary(argv[1]);
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[2], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "%s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  std::string text = sdf_descent::Scenes(m, d);
  std::printf(
      "# SDF descents under mjVIS_SDFITER: MuJoCo 3.8.0 (the kit), "
      "test/data/plugin/sdf_descent_gen.cc\n%s",
      text.c_str());
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
