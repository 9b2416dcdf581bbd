// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes a golden of print_test's PrintData tests: a provenance line, then MuJoCo's
// mj_printFormattedData text of the model after NSTEP steps from its initial state (float format
// given on the command line; SCRATCH is a file the text goes through).
//   make_data FORMAT SCRATCH NSTEP MODEL.xml > GOLDEN.txt

#include <cstdio>
#include <cstdlib>

#include <mujoco/mujoco.h>

#include "../golden_util.h"

int main(int argc, char** argv) {
  int status = 0;
  mjModel* m =
      golden_util::LoadModel(argc, argv, 4, "make_data FORMAT SCRATCH NSTEP MODEL.xml", &status);
  if (!m) {
    return status;
  }
  mjData* d = mj_makeData(m);
  int nstep = std::atoi(argv[3]);
  for (int i = 0; i < nstep; i++) {
    mj_step(m, d);
  }
  mj_printFormattedData(m, d, argv[2], argv[1]);
  std::printf(
      "# mj_printFormattedData(\"%s\") of %s after %d steps by test/data/print/make_golden.sh, "
      "MuJoCo %s\n",
      argv[1], argv[4], nstep, mj_versionString());
  if (!golden_util::CopyToStdout(argv[2])) {
    return 1;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
