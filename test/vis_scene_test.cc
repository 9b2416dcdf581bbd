// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Abstract visualization against MuJoCo 3.8.0: each golden under test/data/vis/ was written by
// tools/vis/dump_scene.cc linked against MuJoCo 3.8.0 (tools/vis/gen_vis_golden.sh); the same
// code linked against Motus replays the golden's states and the two dumps are compared block by
// block (scenes: every geom's type, ids, category, size, pos, mat, rgba, material, label; lights;
// cameras; mjv_select on a pixel grid; perturbation and camera/model motions).
//
// Tolerance 1e-9 relative to max(|x|, 1): geoms hold floats computed from the same doubles, so
// equal inputs give equal floats; the states come from the golden bit for bit, and forward
// kinematics agree to ~1e-15. Default-option scenes (what a renderer draws by default) must
// match exactly on every model; the other blocks must keep at least the matched-line counts
// measured when the golden was added (doc/conformance.md lists what still differs); the scenes
// with island coloring (mjVIS_ISLAND) must match like the default ones. The
// all-flags-on scenes, their category subsets and the bounding-volume scenes must match too, but
// for the known differences counted per model.

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "../tools/vis/dump_scene.h"
#include "fixture.h"

namespace {

using motus_test::SharedPath;
using motus_test::SourcePath;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "# model: shared:models/x/y.xml" or "# model: repo:test/data/vis/z.xml"
std::string ModelPath(const std::string& golden) {
  std::istringstream in(golden);
  std::string line;
  while (std::getline(in, line)) {
    const std::string key = "# model: ";
    if (line.compare(0, key.size(), key) != 0) {
      continue;
    }
    std::string spec = line.substr(key.size());
    if (spec.compare(0, 7, "shared:") == 0) {
      return SharedPath(spec.substr(7));
    }
    if (spec.compare(0, 5, "repo:") == 0) {
      return SourcePath(spec.substr(5));
    }
  }
  return "";
}

struct Case {
  const char* name;
  long minmatched;     // matched lines measured when the golden was added (regression floor)
  long maxdefaultbad;  // differing lines of default-option scenes (0 but for known differences)
  long maxallonbad;    // differing lines of the all-flags-on scenes (and their category subsets)
};

class VisGolden : public ::testing::TestWithParam<Case> {};

TEST_P(VisGolden, MatchesMuJoCo) {
  const Case& c = GetParam();
  std::string golden = ReadFile(SourcePath(std::string("test/data/vis/") + c.name + ".txt"));
  ASSERT_FALSE(golden.empty()) << c.name;
  std::string model = ModelPath(golden);
  if (model.empty()) {
    GTEST_SKIP() << "model of " << c.name << " needs ../shared";
  }
  std::string error;
  std::string dump = visdump::DumpScenes(model, golden, 0, &error);
  ASSERT_FALSE(dump.empty()) << error;
  visdump::CompareResult r = visdump::CompareDumps(golden, dump, 1e-9);
  long matched = r.lines - r.badlines, defaultbad = 0, allonbad = 0, movebad = 0;
  for (const visdump::BlockResult& b : r.blocks) {
    if (b.tag == "scene default" || b.tag == "scene island") {
      defaultbad += b.badlines;
    }
    if (b.tag == "scene allon" || b.tag == "catmask 1" || b.tag == "catmask 6" ||
        b.tag == "scene bvh") {
      allonbad += b.badlines;
    }
    if (b.tag.compare(0, 9, "movemodel") == 0) {
      movebad += b.badlines;
    }
    if (b.badlines > 0) {
      std::printf("[ vis ] %s: block \"%s\" %ld of %ld lines differ\n", c.name, b.tag.c_str(),
                  b.badlines, b.lines);
    }
  }
  EXPECT_LE(defaultbad, c.maxdefaultbad) << c.name << ": default scenes differ\n" << r.first;
  EXPECT_LE(allonbad, c.maxallonbad) << c.name << ": all-flags scenes differ\n" << r.first;
  EXPECT_EQ(movebad, 0) << c.name << ": model motions differ\n" << r.first;
  EXPECT_GE(matched, c.minmatched)
      << c.name << ": " << matched << " of " << r.lines << " lines match\n"
      << r.first;
  std::printf("[ vis ] %s: %ld of %ld lines match (%ld of %ld numbers)\n", c.name, matched, r.lines,
              r.numbers - r.bad, r.numbers);
}

INSTANTIATE_TEST_SUITE_P(
    Models, VisGolden,
    ::testing::Values(
        // mug: one contact's frictional force arrow, 3e-9 long, points 2e-9
        // apart; balloons: 3 contact force arrows of the second state (forces
        // 1e-7 apart) (doc/conformance.md)
        Case{"vis_zoo", 842, 0, 0}, Case{"humanoid", 928, 0, 0}, Case{"arm26", 770, 0, 0},
        Case{"slider_crank", 551, 0, 0}, Case{"tendon_wrap_cylinder", 584, 0, 0},
        Case{"mug", 479, 0, 1}, Case{"eq_connect", 511, 0, 0}, Case{"hfield_png", 240, 0, 0},
        Case{"car", 512, 0, 0}, Case{"balloons", 1303, 0, 3}, Case{"trampoline", 2502, 0, 0},
        Case{"floppy", 3698, 0, 0}, Case{"sensor_fromto_convex", 565, 0, 0}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

}  // namespace
