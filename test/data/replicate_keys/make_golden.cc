// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for replicate_keys_test: the keyframes MuJoCo compiles for MODEL.xml, as
// "label<TAB>value" lines (see make_golden.sh).
//   make_golden MODEL.xml > MODEL.golden

#include <mujoco/mujoco.h>

#include "../../keyframe_scenario.h"
#include "../golden_util.h"

int main(int argc, char** argv) {
  int status = 0;
  mjModel* m = golden_util::LoadModel(argc, argv, 1, "make_golden MODEL.xml", &status);
  if (!m) {
    return status;
  }
  golden_util::Print("replicate_keys", nullptr, argv[1], keyframe_scenario::Keys(m));
  mj_deleteModel(m);
  return 0;
}
