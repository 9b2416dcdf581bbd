// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The main of a golden writer built against MuJoCo 3.8.0 (the kit): loads the plugin library and
// the model of the command line (PLUGIN_LIBRARY MODEL.xml), prints a header line and the text of
// a dump function of the model and its data. Warnings go to stderr, not into the golden.

#ifndef MOTUS_TEST_DATA_PLUGIN_KIT_DUMP_MAIN_H_
#define MOTUS_TEST_DATA_PLUGIN_KIT_DUMP_MAIN_H_

#include <cstdio>
#include <string>

#include <mujoco/mujoco.h>

namespace kit_dump {

inline void Warn(const char* msg) {
  std::fprintf(stderr, "%s\n", msg);
}

// returns the process's exit code; `title` is the golden's first line without "# "
inline int Main(int argc, char** argv, const char* title,
                std::string (*dump)(const mjModel*, mjData*)) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PLUGIN_LIBRARY MODEL.xml\n", argv[0]);
    return 2;
  }
  mju_user_warning = Warn;
  mj_loadPluginLibrary(argv[1]);
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[2], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "%s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  std::string text = dump(m, d);
  std::printf("# %s\n%s", title, text.c_str());
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}

}  // namespace kit_dump

#endif  // MOTUS_TEST_DATA_PLUGIN_KIT_DUMP_MAIN_H_
