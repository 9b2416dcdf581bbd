// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for ray_flex_test: runs test/ray_flex_scenario.h with the MuJoCo it is linked
// against, after mj_forward, and prints "label<TAB>value" lines (see make_golden.sh).

#include <mujoco/mujoco.h>

#include "../../ray_flex_scenario.h"
#include "../golden_util.h"

int main(int argc, char** argv) {
  return golden_util::RunOnModel(argc, argv, "ray_flex", true, ray_flex_scenario::Run);
}
