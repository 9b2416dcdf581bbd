// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden generator for sleep_test: runs test/sleep_scenario.h with the MuJoCo it is linked
// against and prints "label<TAB>value" lines (see make_golden.sh).
//   make_golden pile MODEL.xml > pile.golden      the pile scenario
//   make_golden init MODEL.xml > init.golden      the trees initialized asleep
//   make_golden limit MODEL.xml > limit.golden    limits and an equality
//   make_golden policy MODEL.xml > policy.golden  the compiled sleep policies

#include <cstdio>
#include <cstring>

#include <mujoco/mujoco.h>

#include "../../sleep_scenario.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_golden pile|init|limit|policy MODEL.xml\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[2], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "load error: %s\n", err);
    return 1;
  }
  sleep_scenario::Record r;
  if (!std::strcmp(argv[1], "pile")) {
    mjData* d = mj_makeData(m);
    r = sleep_scenario::RunPile(m, d);
    mj_deleteData(d);
  } else if (!std::strcmp(argv[1], "limit")) {
    mjData* d = mj_makeData(m);
    r = sleep_scenario::RunLimit(m, d);
    mj_deleteData(d);
  } else if (!std::strcmp(argv[1], "init")) {
    mjData* d = mj_makeData(m);
    r = sleep_scenario::RunInit(m, d);
    mj_deleteData(d);
  } else {
    r = sleep_scenario::RunPolicy(m);
  }
  std::printf("# sleep_test golden (%s) for %s, MuJoCo %s, test/data/sleep/make_golden.sh\n",
              argv[1], argv[2], mj_versionString());
  for (const auto& entry : r) {
    std::printf("%s\t%.17g\n", entry.first.c_str(), entry.second);
  }
  mj_deleteModel(m);
  return 0;
}
