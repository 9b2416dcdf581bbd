// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Implicit integration of interpolated flexes (src/engine/engine_flex_implicit.cc) against
// MuJoCo 3.8.0: 10 steps under implicitfast and implicit from keyframes with random positions
// and velocities, on a flex pinned to a hinged body under a sliding arm (with joint damping and
// a damped sibling body) and on free trilinear and quadratic flexes after an ordinary solid.
// Golden data:
//   python3 test/data/flex/make_implicit.py

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

class FlexImplicit : public ::testing::TestWithParam<const char*> {};

// The step's velocity is the solution of a dense linear system: MuJoCo's and Motus's
// factorizations round differently, 1e-9 of the largest velocity over 10 steps.
TEST_P(FlexImplicit, StepsMatchMuJoCo) {
  std::string name = GetParam();
  ModelPtr model = LoadModel(SourcePath("test/data/flex/" + name + ".xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  Golden g(SourcePath("test/data/flex/" + name + ".golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_EQ(g.num_records(), 2);
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  mj_resetDataKeyframe(m, d, 0);
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("step " + std::to_string(5 * (r + 1)));
    for (int k = 0; k < 5; k++) {
      mj_step(m, d);
    }
    const std::vector<double>& qvel = g.get(r, "qvel");
    double scale = 0;
    for (double x : qvel) {
      scale = std::max(scale, std::fabs(x));
    }
    EXPECT_TRUE(NearArrays("qvel", d->qvel, m->nv, qvel, 0, 1e-9 * scale));
    EXPECT_TRUE(NearArrays("qpos", d->qpos, m->nq, g.get(r, "qpos"), 0, 1e-11));
  }
}

// Without the flex block (Euler) the same steps leave MuJoCo's implicit ones: the test above
// needs the dense block to pass.
TEST(FlexImplicitBlock, EulerStepDiffers) {
  ModelPtr model = LoadModel(SourcePath("test/data/flex/implicit_pinned.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  m->opt.integrator = mjINT_EULER;
  Golden g(SourcePath("test/data/flex/implicit_pinned.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  mj_resetDataKeyframe(m, d, 0);
  for (int k = 0; k < 5; k++) {
    mj_step(m, d);
  }
  const std::vector<double>& qvel = g.get(0, "qvel");
  double diff = 0;
  for (int i = 0; i < m->nv; i++) {
    diff = std::max(diff, std::fabs(d->qvel[i] - qvel[i]));
  }
  EXPECT_GT(diff, 1e-4);
}

INSTANTIATE_TEST_SUITE_P(Models, FlexImplicit,
                         ::testing::Values("implicit_pinned", "implicit_pinned_full",
                                           "implicit_free", "implicit_cells"));

}  // namespace
}  // namespace motus_test
