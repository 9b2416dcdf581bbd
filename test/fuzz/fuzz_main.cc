// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// libFuzzer entry point of one loader target; MOTUS_FUZZ_TARGET names it (set by CMake, one
// binary per target: fuzz_xml, fuzz_mjb, fuzz_mesh, fuzz_image).

#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return motus_fuzz::MOTUS_FUZZ_TARGET(data, size);
}
