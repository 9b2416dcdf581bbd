// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for sleep_test: runs test/sleep_scenario.h with the MuJoCo it is linked
// against and prints "label<TAB>value" lines (see make_golden.sh).
//   make_golden pile MODEL.xml > pile.golden      the pile scenario
//   make_golden init MODEL.xml > init.golden      the trees initialized asleep
//   make_golden limit MODEL.xml > limit.golden    limits and an equality
//   make_golden policy MODEL.xml > policy.golden  the compiled sleep policies

#include <cstring>

#include <mujoco/mujoco.h>

#include "../../sleep_scenario.h"
#include "../golden_util.h"

int main(int argc, char** argv) {
  int status = 0;
  mjModel* m = golden_util::LoadModel(argc, argv, 2, "make_golden pile|init|limit|policy MODEL.xml",
                                      &status);
  if (!m) {
    return status;
  }
  sleep_scenario::Record r;
  mjData* d = mj_makeData(m);
  if (!std::strcmp(argv[1], "pile")) {
    r = sleep_scenario::RunPile(m, d);
  } else if (!std::strcmp(argv[1], "limit")) {
    r = sleep_scenario::RunLimit(m, d);
  } else if (!std::strcmp(argv[1], "init")) {
    r = sleep_scenario::RunInit(m, d);
  } else {
    r = sleep_scenario::RunPolicy(m);  // the compiled model only
  }
  mj_deleteData(d);
  golden_util::Print("sleep", argv[1], argv[2], r);
  mj_deleteModel(m);
  return 0;
}
