// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes the print_test golden: a provenance line, then MuJoCo's mj_printFormattedModel text of
// the model (float format given on the command line; SCRATCH is a file the text goes through).
//   make_golden FORMAT SCRATCH MODEL.xml > GOLDEN.txt

#include <cstdio>

#include <mujoco/mujoco.h>

#include "../golden_util.h"

int main(int argc, char** argv) {
  int status = 0;
  mjModel* m =
      golden_util::LoadModel(argc, argv, 3, "make_golden FORMAT SCRATCH MODEL.xml", &status);
  if (!m) {
    return status;
  }
  mj_printFormattedModel(m, argv[2], argv[1]);
  std::printf("# mj_printFormattedModel(\"%s\") of %s by test/data/print/make_golden.sh, MuJoCo %s\n",
              argv[1], argv[3], mj_versionString());
  if (!golden_util::CopyToStdout(argv[2])) {
    return 1;
  }
  mj_deleteModel(m);
  return 0;
}
