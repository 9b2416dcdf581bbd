// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Scene dumper for the abstract visualization layer (mjv_ API): prints, for a model at sampled
// states, everything mjv_updateScene, mjv_select and the interaction functions produce, as text
// lines of tokens. It uses only the public C API, so it compiles against any library that
// implements MuJoCo's mujoco.h: the goldens under test/data/vis/ are written by this code linked
// against MuJoCo 3.8.0, and test/vis_scene_test.cc runs the same code against Motus and compares
// the two outputs token by token (CompareDumps).
//
// Generate mode simulates the model to pick states and prints each state's vectors; replay mode
// reads those vectors back from a golden, so both libraries draw scenes of the same states even
// where their simulations would drift apart.

#ifndef MOTUS_TOOLS_VIS_DUMP_SCENE_H_
#define MOTUS_TOOLS_VIS_DUMP_SCENE_H_

#include <string>
#include <vector>

namespace visdump {

// Dumps the scenes of the model at `modelpath`. With `golden` empty, states come from
// simulation; otherwise they are read from the "state" lines of the text in `golden`. Returns
// the dump (lines of tokens), or an empty string with `error` set.
std::string DumpScenes(const std::string& modelpath, const std::string& golden, int nstate,
                       std::string* error);

// Compares two dumps block by block (a scene with its geoms and lights, a camera with its frame,
// or any other single line; named by its first two words), line by line within a block: words must
// be equal, numbers equal within `reltol` relative to max(|a|, |b|, 1). A block whose line counts
// differ (e.g. a scene with another number of geoms) counts all its expected lines as bad.
struct BlockResult {
  std::string tag;    // e.g. "scene default", "state 1", "(start)"
  long lines = 0;     // expected lines in the block
  long badlines = 0;  // lines that differ
};
struct CompareResult {
  long numbers = 0;   // numeric tokens compared
  long bad = 0;       // numeric tokens outside the tolerance
  long lines = 0;     // expected lines
  long badlines = 0;  // lines with a structural difference or a bad number
  std::vector<BlockResult> blocks;
  std::string first;  // description of the first few differences
};
CompareResult CompareDumps(const std::string& expected, const std::string& actual, double reltol);

}  // namespace visdump

#endif  // MOTUS_TOOLS_VIS_DUMP_SCENE_H_
