// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_rayFlex (and mj_ray, which ignores flexes) against MuJoCo 3.8.0 (test/ray_flex_scenario.h,
// golden of test/data/ray_flex/make_golden.sh).

#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "ray_flex_scenario.h"

namespace {

using motus_test::SourcePath;

mjModel* LoadScene() {
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/ray_flex/scene.xml").c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << err;
  return m;
}

TEST(RayFlex, MatchesMuJoCo) {
  motus_test::LabeledValues golden =
      motus_test::ReadLabeledGolden(SourcePath("test/data/ray_flex/scene.golden"));
  ASSERT_FALSE(golden.empty());
  mjModel* m = LoadScene();
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  // the same sphere, capsule and triangle formulas; the capsule frames and normalizations round
  // differently in the last bits
  EXPECT_EQ(motus_test::CompareLabeled(golden, ray_flex_scenario::Run(m, d), 1e-12), "");
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(RayFlex, RejectsBadFlexId) {
  mjModel* m = LoadScene();
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mjtNum pnt[3] = {0, 0, 1}, vec[3] = {0, 0, -1};
  motus_test::ScopedErrorCapture capture;
  EXPECT_THROW(mj_rayFlex(m, d, 0, 1, 1, 1, 0, m->nflex, pnt, vec, nullptr, nullptr),
               motus_test::MujocoError);
  EXPECT_THROW(mj_rayFlex(m, d, 0, 1, 1, 1, 0, -1, pnt, vec, nullptr, nullptr),
               motus_test::MujocoError);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
