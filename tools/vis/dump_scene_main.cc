// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// dump_scene MODEL.xml [NSTATE]          states from simulation (writes a golden)
// dump_scene MODEL.xml --replay GOLDEN   states read from GOLDEN (what the test does)
//
// Prints the scene dump of dump_scene.h to stdout. Built against MuJoCo 3.8.0 by
// tools/vis/gen_vis_golden.sh, or against Motus.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "dump_scene.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODEL.xml [NSTATE | --replay GOLDEN]\n", argv[0]);
    return 2;
  }
  std::string golden;
  int nstate = 2;
  if (argc >= 4 && std::strcmp(argv[2], "--replay") == 0) {
    std::ifstream in(argv[3]);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", argv[3]);
      return 1;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    golden = ss.str();
  } else if (argc >= 3) {
    nstate = std::atoi(argv[2]);
  }
  std::string error;
  std::string out = visdump::DumpScenes(argv[1], golden, nstate, &error);
  if (out.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
