// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes a golden of print_test's Sizes tests: a provenance line, then the lines of
// sizes_dump::Lines for the model, as MuJoCo computes them.
//   make_sizes MODEL.xml > GOLDEN.txt

#include <cstdio>
#include <string>

#include <mujoco/mujoco.h>

#include "../golden_util.h"
#include "sizes_dump.h"

int main(int argc, char** argv) {
  int status = 0;
  mjModel* m = golden_util::LoadModel(argc, argv, 1, "make_sizes MODEL.xml", &status);
  if (!m) {
    return status;
  }
  std::printf("# sizes of %s by test/data/print/make_golden.sh, MuJoCo %s\n", argv[1],
              mj_versionString());
  for (const std::string& line : sizes_dump::Lines(m)) {
    std::printf("%s\n", line.c_str());
  }
  mj_deleteModel(m);
  return 0;
}
