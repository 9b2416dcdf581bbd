// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// A small client of the C API whose output the tests compare between Motus and MuJoCo 3.8.0:
// built against the kit in ../shared when it is present (kit_api_mujoco380, see CMakeLists.txt).
//   kit_api schema HTML PAD   mj_printSchema's text (HTML, PAD: 0 or 1)
//   kit_api save FILE         the MJCF that mj_saveXMLString writes for FILE after compiling it
//   kit_api digest FILE       one line per size, option and array of the model compiled from FILE:
//                             its name and a hash of its bytes
//   kit_api mjb IN OUT        the model of IN (MJCF, or MJB when it ends in .mjb) saved as MJB

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <mujoco/mjxmacro.h>
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

// FNV-1a over the bytes of one field
void PrintHash(const char* name, const void* data, size_t bytes) {
  unsigned long long h = 1469598103934665603ull;
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; i++) {
    h = (h ^ p[i]) * 1099511628211ull;
  }
  std::printf("%s %zu %016llx\n", name, bytes, h);
}

int Digest(const char* file) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(file, nullptr, error, sizeof(error));
  if (!m) {
    std::fprintf(stderr, "load: %s\n", error);
    return 1;
  }
#define X(name) std::printf("%s %lld\n", #name, static_cast<long long>(m->name));
  MJMODEL_SIZES
#undef X
#define X(type, name, n) PrintHash("opt." #name, &m->opt.name, sizeof(type) * (n));
#define XVEC X
  MJOPTION_FIELDS
#undef XVEC
#undef X
  {
    MJMODEL_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc) \
  PrintHash(#name, m->name, sizeof(type) * static_cast<size_t>(m->nr) * static_cast<size_t>(nc));
    MJMODEL_POINTERS
#undef X
  }
  mj_deleteModel(m);
  return 0;
}

// IN loaded (MJB by its extension, else MJCF) and saved to OUT with mj_saveModel
int Mjb(const char* in, const char* out) {
  size_t n = std::strlen(in);
  mjModel* m = nullptr;
  char error[1000] = "";
  if (n > 4 && !std::strcmp(in + n - 4, ".mjb")) {
    m = mj_loadModel(in, nullptr);
  } else {
    m = mj_loadXML(in, nullptr, error, sizeof(error));
  }
  if (!m) {
    std::fprintf(stderr, "load: %s\n", error);
    return 1;
  }
  mj_saveModel(m, out, nullptr, 0);
  mj_deleteModel(m);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && !std::strcmp(argv[1], "schema")) {
    return Schema(std::atoi(argv[2]), std::atoi(argv[3]));
  }
  if (argc == 3 && !std::strcmp(argv[1], "save")) {
    return Save(argv[2]);
  }
  if (argc == 3 && !std::strcmp(argv[1], "digest")) {
    return Digest(argv[2]);
  }
  if (argc == 4 && !std::strcmp(argv[1], "mjb")) {
    return Mjb(argv[2], argv[3]);
  }
  std::fprintf(stderr, "usage: kit_api schema HTML PAD | save FILE | digest FILE | mjb IN OUT\n");
  return 2;
}
