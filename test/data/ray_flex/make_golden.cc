// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for ray_flex_test: runs test/ray_flex_scenario.h with the MuJoCo it is linked
// against and prints "label<TAB>value" lines (see make_golden.sh).

#include <cstdio>

#include <mujoco/mujoco.h>

#include "../../ray_flex_scenario.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_golden MODEL.xml\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "load error: %s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  std::printf("# ray_flex_test golden for %s, MuJoCo %s, test/data/ray_flex/make_golden.sh\n",
              argv[1], mj_versionString());
  for (const auto& entry : ray_flex_scenario::Run(m, d)) {
    std::printf("%s\t%.17g\n", entry.first.c_str(), entry.second);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
