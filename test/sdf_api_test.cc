// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The public signed distance functions mjc_getSDF, mjc_distance and mjc_gradient against
// MuJoCo 3.8.0 (test/sdf_api_scenario.h, golden of test/data/sdf_api/make_golden.sh).

#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "sdf_api_scenario.h"

namespace {

using motus_test::SourcePath;

TEST(SdfApi, DistanceAndGradientMatchMuJoCo) {
  std::string dir = SourcePath("test/data/sdf_api/");
  motus_test::LabeledValues golden = motus_test::ReadLabeledGolden(dir + "scene.golden");
  ASSERT_FALSE(golden.empty());
  char err[1000] = "";
  mjModel* m = mj_loadXML((dir + "scene.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  // the same formulas; normalizations round differently in the last bits
  EXPECT_EQ(motus_test::CompareLabeled(golden, sdf_api_scenario::Run(m, d), 1e-12), "");
  // a geom without an SDF plugin has none
  EXPECT_EQ(mjc_getSDF(m, 0), nullptr);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(SdfApi, GetSdfRejectsBadIds) {
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/sdf_api/scene.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  motus_test::ScopedErrorCapture capture;
  EXPECT_THROW(mjc_getSDF(m, m->ngeom), motus_test::MujocoError);
  EXPECT_THROW(mjc_getSDF(m, -1), motus_test::MujocoError);
  mj_deleteModel(m);
}

}  // namespace
