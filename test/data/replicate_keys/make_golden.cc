// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for replicate_keys_test: the keyframes MuJoCo compiles for MODEL.xml, as
// "label<TAB>value" lines (see make_golden.sh).
//   make_golden MODEL.xml > MODEL.golden

#include <cstdio>

#include <mujoco/mujoco.h>

#include "../../keyframe_scenario.h"

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
  std::printf("# replicate_keys_test golden for %s, MuJoCo %s, "
              "test/data/replicate_keys/make_golden.sh\n",
              argv[1], mj_versionString());
  for (const auto& entry : keyframe_scenario::Keys(m)) {
    std::printf("%s\t%.17g\n", entry.first.c_str(), entry.second);
  }
  mj_deleteModel(m);
  return 0;
}
