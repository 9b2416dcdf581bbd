// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The loader fuzz targets (fuzz_targets.h). Inputs are bounded (64 KiB of text, 1 MiB of binary)
// and models are simulated only when small, so that one input takes milliseconds; the arena of a
// fuzzed model is kept between 1 and 16 MiB and its iteration counts at most 1000 (mjModel.narena
// and mjOption are fields users may set).
//
// Models whose mjData buffer would exceed kMaxDataBytes (256 MiB) are deleted without making
// data. The loaders bound the sizes behind that buffer by the model's elements (an MJB's sizes
// must match them), but a valid model may still ask for gigabytes (nuserdata is the user's
// choice, a rangefinder on a camera has one value per pixel), and mj_makeData then ends with its
// documented "could not allocate" error, as MuJoCo's does.
// Skipping such models keeps the handler strict: every mju_error that is reached is a finding.

#include "fuzz/fuzz_targets.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "user/user_mjb.h"

namespace motus_fuzz {
namespace {

// mju_error outside the compiler (which turns it into a load error) is a finding: report it and
// abort, so that libFuzzer saves the input
void AbortOnError(const char* msg) {
  std::fprintf(stderr, "mju_error reached: %s\n", msg);
  std::abort();
}

// warnings are expected (bad input); keep them quiet
void IgnoreWarning(const char*) {}

struct Handlers {
  Handlers() {
    mju_user_error = AbortOnError;
    mju_user_warning = IgnoreWarning;
  }
};

int loaded = 0;  // models the targets have loaded

// largest mjData buffer a fuzzed model may ask for (the arena is clamped separately, below)
constexpr size_t kMaxDataBytes = size_t{256} << 20;

// largest solver, noslip, CCD or SDF iteration count a fuzzed model keeps
constexpr int kMaxIterations = 1000;

// a few steps of a small model; large ones only get mj_forward
void Simulate(mjModel* m) {
  if (!m) {
    return;
  }
  loaded++;
  // a fuzzed narena can be a few bytes: the engine then ends with its documented "stack is
  // full" mju_error (as MuJoCo does), which is not a finding; keep the arena in [1, 16] MiB
  const mjtSize kMinArena = mjtSize{1} << 20, kMaxArena = mjtSize{16} << 20;
  m->narena = m->narena < kMinArena ? kMinArena : m->narena > kMaxArena ? kMaxArena : m->narena;
  // iteration counts are options too, and a valid one of 2^31 - 1 makes one step take hours:
  // at most 1000 each (the defaults are 100 and below)
  for (int* n : {&m->opt.iterations, &m->opt.ls_iterations, &m->opt.noslip_iterations,
                 &m->opt.ccd_iterations, &m->opt.sdf_iterations, &m->opt.sdf_initpoints}) {
    *n = *n > kMaxIterations ? kMaxIterations : *n;
  }
  mjData* d = mj_dataBufferSize(m) <= kMaxDataBytes ? mj_makeData(m) : nullptr;
  if (d) {
    bool small = m->nv <= 200 && m->ngeom <= 200 && m->nmeshvert <= 20000;
    int steps = small ? 10 : 0;
    mj_forward(m, d);
    for (int i = 0; i < steps; i++) {
      mj_step(m, d);
    }
    mj_deleteData(d);
  }
  mj_deleteModel(m);
}

// compiles files held in a VFS (main file "model.xml") and simulates the result
void CompileAndSimulate(const std::vector<std::pair<std::string, std::string>>& files) {
  static Handlers handlers;
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  for (const auto& f : files) {
    mj_addBufferVFS(&vfs, f.first.c_str(), f.second.data(), static_cast<int>(f.second.size()));
  }
  char error[500] = "";
  mjModel* m = mj_loadXML("model.xml", &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  Simulate(m);
}

}  // namespace

int FuzzXml(const uint8_t* data, size_t size) {
  if (size > (64 << 10)) {
    return 0;
  }
  CompileAndSimulate({{"model.xml", std::string(reinterpret_cast<const char*>(data), size)}});
  return 0;
}

int FuzzMjb(const uint8_t* data, size_t size) {
  static Handlers handlers;
  // older layout: magic 8, four uint32, layout hash 8, then the length at byte 32
  const size_t kLengthOffset = 32, kHeader = 48;
  if (size > (1 << 20)) {
    return 0;
  }
  std::vector<uint8_t> bytes(data, data + size);
  // inputs in Motus's older layout get their length and checksum repaired, so that the fuzzer
  // reaches the size and reference checks; MuJoCo's layout has neither
  if (size >= kHeader + 8 && motus::MjbIsLegacy(bytes.data(), size)) {
    uint64_t length = size;
    std::memcpy(bytes.data() + kLengthOffset, &length, 8);
    uint64_t sum = motus::MjbChecksum(bytes.data(), size - 8);
    std::memcpy(bytes.data() + size - 8, &sum, 8);
  }
  Simulate(
      mj_loadModelBuffer(bytes.empty() ? nullptr : bytes.data(), static_cast<int>(bytes.size())));
  return 0;
}

int FuzzMesh(const uint8_t* data, size_t size) {
  if (size < 1 || size > (1 << 20)) {
    return 0;
  }
  static const char* kExt[] = {"stl", "obj", "msh"};
  std::string name = std::string("mesh.") + kExt[data[0] % 3];
  std::string xml =
      "<mujoco><asset><mesh name='m' file='" + name +
      "'/></asset><worldbody><geom type='plane' size='2 2 .1'/><body pos='0 0 .5'><freejoint/>"
      "<geom type='mesh' mesh='m'/></body></worldbody></mujoco>";
  CompileAndSimulate(
      {{"model.xml", xml}, {name, std::string(reinterpret_cast<const char*>(data + 1), size - 1)}});
  return 0;
}

int FuzzImage(const uint8_t* data, size_t size) {
  if (size > (1 << 20)) {
    return 0;
  }
  std::string png(reinterpret_cast<const char*>(data), size);
  const char* xml =
      "<mujoco><asset><texture name='t' type='2d' file='image.png'/>"
      "<material name='mat' texture='t'/>"
      "<hfield name='h' file='image.png' size='1 1 .2 .1'/></asset><worldbody>"
      "<geom type='hfield' hfield='h' material='mat'/><body pos='0 0 .5'><freejoint/>"
      "<geom size='.1'/></body></worldbody></mujoco>";
  CompileAndSimulate({{"model.xml", xml}, {"image.png", png}});
  return 0;
}

int ModelsLoaded() {
  return loaded;
}

Target TargetByName(const char* name) {
  if (!std::strcmp(name, "xml")) {
    return FuzzXml;
  }
  if (!std::strcmp(name, "mjb")) {
    return FuzzMjb;
  }
  if (!std::strcmp(name, "mesh")) {
    return FuzzMesh;
  }
  if (!std::strcmp(name, "image")) {
    return FuzzImage;
  }
  return nullptr;
}

}  // namespace motus_fuzz
