// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for dcmotor_test: runs test/dcmotor_scenario.h on MODEL.xml with the MuJoCo
// it is linked against and prints "label<TAB>value" lines (see make_golden.sh).
//   make_golden MODEL.xml > MODEL.golden

#include <mujoco/mujoco.h>

#include "../../dcmotor_scenario.h"
#include "../golden_util.h"

int main(int argc, char** argv) {
  return golden_util::RunOnModel(argc, argv, "dcmotor", false, dcmotor_scenario::RunAll);
}
