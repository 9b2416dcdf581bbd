// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Elasticity of 2D and 3D flexes (src/user/user_compile_flex_elastic.cc,
// src/engine/engine_flex_elastic.cc) against MuJoCo 3.8.0: the compiled stiffness, bending and
// flap arrays, and the spring and damper forces at random states, on four models of
// test/data/flex (a flat cloth with stretching and bending, a curved shell, a solid block with
// a pin, flexes whose vertex bodies have hinge, ball, free and two-slide joints, interpolated
// (trilinear) flexes with their dense stiffness, free and pinned to articulated bodies). Golden
// data:
//   python3 test/data/flex/make_golden.py

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

std::string DataPath(const std::string& name) {
  return SourcePath("test/data/flex/" + name);
}

class FlexElastic : public ::testing::TestWithParam<const char*> {};

// The compiled arrays: the same formulas in another operation order (Lame parameters, basis
// gradients, cotangents) differ from MuJoCo's by a few ulps of the largest entry.
TEST_P(FlexElastic, CompiledArraysMatchMuJoCo) {
  std::string name = GetParam();
  ModelPtr model = LoadModel(DataPath(name + ".xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  Golden g(DataPath(name + ".model.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_EQ(m->nflexstiffness, static_cast<int>(g.get(0, "m.nflexstiffness")[0]));
  EXPECT_TRUE(EqualIntArrays("flex_stiffnessadr", m->flex_stiffnessadr, m->nflex,
                             g.get(0, "m.flex_stiffnessadr")));
  EXPECT_TRUE(EqualIntArrays("flex_edgeflap", m->flex_edgeflap, 2 * m->nflexedge,
                             g.get(0, "m.flex_edgeflap")));
  const std::vector<double>& k = g.get(0, "m.flex_stiffness");
  const std::vector<double>& b = g.get(0, "m.flex_bending");
  double kmax = 0, bmax = 0;
  for (double x : k) {
    kmax = std::max(kmax, std::fabs(x));
  }
  for (double x : b) {
    bmax = std::max(bmax, std::fabs(x));
  }
  EXPECT_TRUE(
      NearArrays("flex_stiffness", m->flex_stiffness, m->nflexstiffness, k, 1e-12, 1e-13 * kmax));
  EXPECT_TRUE(
      NearArrays("flex_bending", m->flex_bending, 17 * m->nflexedge, b, 1e-12, 1e-13 * bmax));
  EXPECT_TRUE(
      NearArrays("flex_damping", m->flex_damping, m->nflex, g.get(0, "m.flex_damping"), 0, 0));
}

// Forces at the states: sums of products of the compiled numbers and positions, 1e-10 of the
// largest force (entries that cancel to ~0 get that absolute floor).
TEST_P(FlexElastic, PassiveForcesMatchMuJoCo) {
  std::string name = GetParam();
  ModelPtr model = LoadModel(DataPath(name + ".xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  Golden g(DataPath(name + ".golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_GT(g.num_records(), 0);
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("state " + std::to_string(r));
    const std::vector<double>& qpos = g.get(r, "qpos");
    const std::vector<double>& qvel = g.get(r, "qvel");
    ASSERT_EQ(static_cast<int>(qpos.size()), m->nq);
    ASSERT_EQ(static_cast<int>(qvel.size()), m->nv);
    mj_resetData(m, d);
    for (int i = 0; i < m->nq; i++) {
      d->qpos[i] = qpos[i];
    }
    for (int i = 0; i < m->nv; i++) {
      d->qvel[i] = qvel[i];
    }
    mj_forward(m, d);
    for (const char* field : {"qfrc_spring", "qfrc_damper", "qfrc_passive"}) {
      const std::vector<double>& want = g.get(r, field);
      const mjtNum* got = std::string(field) == "qfrc_spring"   ? d->qfrc_spring
                          : std::string(field) == "qfrc_damper" ? d->qfrc_damper
                                                                : d->qfrc_passive;
      double scale = 0;
      for (double x : want) {
        scale = std::max(scale, std::fabs(x));
      }
      EXPECT_TRUE(NearArrays(field, got, m->nv, want, 1e-10, 1e-10 * scale + 1e-15));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, FlexElastic,
                         ::testing::Values("cloth", "curved", "solid", "bodies", "interp",
                                           "interp_pinned", "interp_cells"));

// MuJoCo's compile errors of 2D elasticity: a thickness is needed (checked first), the flex must
// be 2D, and bending needs every vertex to move on three slide joints of its own
TEST(FlexElasticErrors, Elastic2dRequirements) {
  auto grid = [](const char* dim, const char* elasticity, const char* extra = "") {
    return std::string("<mujoco><worldbody><flexcomp name=\"f\" type=\"grid\" dim=\"") + dim +
           "\" count=\"3 3 " + (dim[0] == '3' ? "3" : "1") +
           "\" spacing=\"0.1 0.1 0.1\" radius=\"0.01\">" + extra + "<elasticity young=\"100\" " +
           elasticity + "/></flexcomp></worldbody></mujoco>";
  };
  EXPECT_NE(CompileError(grid("2", "elastic2d=\"both\"")).find("requires positive thickness"),
            std::string::npos);
  EXPECT_NE(CompileError(grid("3", "elastic2d=\"bend\"")).find("requires positive thickness"),
            std::string::npos);
  EXPECT_NE(CompileError(grid("3", "elastic2d=\"bend\" thickness=\"0.01\""))
                .find("2d elasticity requires 2d flex"),
            std::string::npos);
  EXPECT_NE(CompileError(grid("2", "elastic2d=\"bend\" thickness=\"0.01\"", "<pin id=\"0\"/>"))
                .find("pins are not supported for bending"),
            std::string::npos);
  // stretching alone accepts pins
  EXPECT_EQ(CompileError(grid("2", "elastic2d=\"stretch\" thickness=\"0.01\"", "<pin id=\"0\"/>")),
            "");
}

}  // namespace
}  // namespace motus_test
