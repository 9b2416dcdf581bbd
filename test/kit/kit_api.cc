// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// A small client of the C API whose output the tests compare between Motus and MuJoCo 3.8.0:
// built against the kit in ../shared when it is present (kit_api_mujoco380, see CMakeLists.txt).
//   kit_api schema HTML PAD   mj_printSchema's text (HTML, PAD: 0 or 1)
//   kit_api save FILE         the MJCF that mj_saveXMLString writes for FILE after compiling it

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <mujoco/mujoco.h>

namespace {

int Schema(int html, int pad) {
  int n = mj_printSchema(nullptr, nullptr, 0, html, pad);
  std::vector<char> text(n + 1);
  mj_printSchema(nullptr, text.data(), n + 1, html, pad);
  std::fwrite(text.data(), 1, n, stdout);
  return 0;
}

int Save(const char* file) {
  char error[1000] = "";
  mjSpec* spec = mj_parseXML(file, nullptr, error, sizeof(error));
  if (!spec) {
    std::fprintf(stderr, "parse: %s\n", error);
    return 1;
  }
  mjModel* m = mj_compile(spec, nullptr);
  if (!m) {
    std::fprintf(stderr, "compile: %s\n", mjs_getError(spec));
    mj_deleteSpec(spec);
    return 1;
  }
  std::vector<char> text(1 << 24);
  int rc = mj_saveXMLString(spec, text.data(), static_cast<int>(text.size()), error, sizeof(error));
  if (rc) {
    std::fprintf(stderr, "save: %s\n", error);
  } else {
    std::fputs(text.data(), stdout);
  }
  mj_deleteModel(m);
  mj_deleteSpec(spec);
  return rc ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && !std::strcmp(argv[1], "schema")) {
    return Schema(std::atoi(argv[2]), std::atoi(argv[3]));
  }
  if (argc == 3 && !std::strcmp(argv[1], "save")) {
    return Save(argv[2]);
  }
  std::fprintf(stderr, "usage: kit_api schema HTML PAD | kit_api save FILE\n");
  return 2;
}
