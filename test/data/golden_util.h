// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The part every kit-linked golden generator under test/data shares (each make_golden.cc, built
// by its make_golden.sh against MuJoCo): load the model named on the command line, and print the
// provenance line and the "label<TAB>value" lines that motus_test::ReadLabeledGolden reads.

#ifndef MOTUS_TEST_DATA_GOLDEN_UTIL_H_
#define MOTUS_TEST_DATA_GOLDEN_UTIL_H_

#include <cstdio>

#include <mujoco/mujoco.h>

namespace golden_util {

// The model named by the last of `nargs` arguments. NULL after printing the usage (wrong number
// of arguments, *status = 2) or the load error (*status = 1).
inline mjModel* LoadModel(int argc, char** argv, int nargs, const char* usage, int* status) {
  if (argc != nargs + 1) {
    std::fprintf(stderr, "usage: %s\n", usage);
    *status = 2;
    return nullptr;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[nargs], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "load error: %s\n", err);
    *status = 1;
  }
  return m;
}

// Copies the text file `path` (a printout) to stdout; false when it cannot be read.
inline bool CopyToStdout(const char* path) {
  std::FILE* f = std::fopen(path, "r");
  if (!f) {
    return false;
  }
  int c;
  while ((c = std::fgetc(f)) != EOF) {
    std::putchar(c);
  }
  std::fclose(f);
  return true;
}

// The golden of test/data/NAME for MODEL: a provenance line, then one line per entry (pairs of a
// label and a value); `variant`, when not NULL, names the scenario within the file.
template <class Entries>
void Print(const char* name, const char* variant, const char* model, const Entries& entries) {
  std::printf("# %s_test golden", name);
  if (variant) {
    std::printf(" (%s)", variant);
  }
  std::printf(" for %s, MuJoCo %s, test/data/%s/make_golden.sh\n", model, mj_versionString(),
              name);
  for (const auto& entry : entries) {
    std::printf("%s\t%.17g\n", entry.first.c_str(), entry.second);
  }
}

// main() of a generator that runs `run(m, d)` on the model named by its one argument, on fresh
// data (after mj_forward when `forward`), and prints the entries it returns as test/data/NAME's
// golden.
template <class Run>
int RunOnModel(int argc, char** argv, const char* name, bool forward, Run run) {
  int status = 0;
  mjModel* m = LoadModel(argc, argv, 1, "make_golden MODEL.xml", &status);
  if (!m) {
    return status;
  }
  mjData* d = mj_makeData(m);
  if (forward) {
    mj_forward(m, d);
  }
  Print(name, nullptr, argv[1], run(m, d));
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}

}  // namespace golden_util

#endif  // MOTUS_TEST_DATA_GOLDEN_UTIL_H_
