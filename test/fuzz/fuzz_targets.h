// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Fuzz targets of the loaders: each takes arbitrary bytes, loads them as its kind of input and,
// when a model results, simulates a few steps. A target returns 0 for every input; a crash, a
// sanitizer report or an mju_error during simulation (the error handler aborts) is a finding.
// They are linked into libFuzzer binaries (test/fuzz/fuzz_main.cc, -DMOTUS_FUZZ=ON) and into
// fuzz_replay_test, which runs the corpora under test/fuzz/corpus in every ctest run.

#ifndef MOTUS_TEST_FUZZ_FUZZ_TARGETS_H_
#define MOTUS_TEST_FUZZ_FUZZ_TARGETS_H_

#include <cstddef>
#include <cstdint>

namespace motus_fuzz {

// MJCF text as the main file of a VFS
int FuzzXml(const uint8_t* data, size_t size);

// an MJB image; in Motus's older layout the length and checksum fields are repaired first, so
// that mutations reach the size and array checks instead of stopping at the checksum (MuJoCo's
// layout, which Motus writes, has neither)
int FuzzMjb(const uint8_t* data, size_t size);

// a mesh file (the first byte chooses .stl, .obj or .msh) used by a mesh geom of a free body
int FuzzMesh(const uint8_t* data, size_t size);

// a PNG file used as a texture and as a height field
int FuzzImage(const uint8_t* data, size_t size);

// number of inputs that gave a model so far (the replay test checks that seeds load)
int ModelsLoaded();

// target by name ("xml", "mjb", "mesh", "image"); nullptr for an unknown name
using Target = int (*)(const uint8_t*, size_t);
Target TargetByName(const char* name);

}  // namespace motus_fuzz

#endif  // MOTUS_TEST_FUZZ_FUZZ_TARGETS_H_
