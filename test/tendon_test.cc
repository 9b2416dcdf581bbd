// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tendons (engine_core_tendon.h): lengths, Jacobians and wrapping paths against the MuJoCo 3.3.8
// oracle, the Jacobian against finite differences of the length, the wrapping geometry against
// independent constructions, the tendon constants of mj_setConst and the armature bias force.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_tendon.h"
#include "tendon_testutil.h"

namespace motus_test {
namespace {

class TendonGolden : public ::testing::TestWithParam<GoldenModel> {};

// golden data: test/data/tendon/make_golden.py (oracle --states at trajectory / random states)
TEST_P(TendonGolden, LengthJacobianPath) {
  GoldenCase c;
  std::string skip;
  if (!OpenCase(GetParam(), &c, &skip)) {
    if (!skip.empty()) {
      GTEST_SKIP() << skip;
    }
    return;
  }
  const mjModel* m = c.m.get();
  mjData* d = c.d.get();
  if (!m->ntendon) {
    GTEST_SKIP() << "no tendons";
  }
  for (int r = 0; r < c.g->num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    SetState(*c.g, r, m, d);
    PositionStages(m, d);
    EXPECT_TRUE(NearArrays("ten_length", d->ten_length, m->ntendon, c.g->get(r, "ten_length"),
                           kRtol, kAtol));
    // ten_J is sparse (MuJoCo 3.8): its nonzeros in the model's ten_J_rowadr / ten_J_colind
    // layout, checked in Constants
    EXPECT_TRUE(NearArrays("ten_J", d->ten_J, m->nJten, c.g->get(r, "ten_J"), kRtol, kAtol));
    EXPECT_TRUE(
        EqualIntArrays("ten_wrapadr", d->ten_wrapadr, m->ntendon, c.g->get(r, "ten_wrapadr")));
    EXPECT_TRUE(
        EqualIntArrays("ten_wrapnum", d->ten_wrapnum, m->ntendon, c.g->get(r, "ten_wrapnum")));
    int npoint = m->ntendon ? d->ten_wrapadr[m->ntendon - 1] + d->ten_wrapnum[m->ntendon - 1] : 0;
    EXPECT_TRUE(
        EqualIntArrays("wrap_obj", d->wrap_obj, npoint, Head(c.g->get(r, "wrap_obj"), npoint)));
    EXPECT_TRUE(NearArrays("wrap_xpos", d->wrap_xpos, 3 * npoint,
                           Head(c.g->get(r, "wrap_xpos"), 3 * npoint), kRtol, kAtol));
  }
}

// compiled constants (mj_setConst at qpos0); 1e-9 as for all compiled constants
TEST_P(TendonGolden, Constants) {
  GoldenCase c;
  std::string skip;
  if (!OpenCase(GetParam(), &c, &skip)) {
    if (!skip.empty()) {
      GTEST_SKIP() << skip;
    }
    return;
  }
  const mjModel* m = c.m.get();
  if (!m->ntendon) {
    GTEST_SKIP() << "no tendons";
  }
  EXPECT_TRUE(NearArrays("tendon_length0", m->tendon_length0, m->ntendon,
                         c.gm->get(0, "m.tendon_length0"), 1e-9, kAtol));
  EXPECT_TRUE(NearArrays("tendon_invweight0", m->tendon_invweight0, m->ntendon,
                         c.gm->get(0, "m.tendon_invweight0"), 1e-9, kAtol));
  EXPECT_TRUE(NearArrays("tendon_lengthspring", m->tendon_lengthspring, 2 * m->ntendon,
                         c.gm->get(0, "m.tendon_lengthspring"), 1e-9, kAtol));
  EXPECT_TRUE(
      EqualIntArrays("ten_J_rownnz", m->ten_J_rownnz, m->ntendon, c.gm->get(0, "m.ten_J_rownnz")));
  EXPECT_TRUE(
      EqualIntArrays("ten_J_rowadr", m->ten_J_rowadr, m->ntendon, c.gm->get(0, "m.ten_J_rowadr")));
  EXPECT_TRUE(
      EqualIntArrays("ten_J_colind", m->ten_J_colind, m->nJten, c.gm->get(0, "m.ten_J_colind")));
}

// ten_J = d ten_length / d qvel: central differences along each dof (mj_integratePos, which
// handles quaternions), step 1e-6. Truncation error ~h^2 |L'''| and rounding ~1e-16 / h give
// about 1e-10; paths that switch between wrapped and straight within the step would break the
// comparison, which the golden states avoid.
TEST_P(TendonGolden, JacobianMatchesFiniteDifferences) {
  GoldenCase c;
  std::string skip;
  if (!OpenCase(GetParam(), &c, &skip)) {
    if (!skip.empty()) {
      GTEST_SKIP() << skip;
    }
    return;
  }
  const mjModel* m = c.m.get();
  mjData* d = c.d.get();
  if (!m->ntendon) {
    GTEST_SKIP() << "no tendons";
  }
  const mjtNum h = 1e-6;
  int nv = m->nv, nt = m->ntendon;
  std::vector<mjtNum> qpos0(m->nq), dir(nv), lp(nt), lm(nt);
  for (int r = 0; r < c.g->num_records(); r++) {
    SetState(*c.g, r, m, d);
    PositionStages(m, d);
    std::vector<mjtNum> J = DenseTendonJ(m, d);
    mju_copy(qpos0.data(), d->qpos, m->nq);
    for (int k = 0; k < nv; k++) {
      mju_zero(dir.data(), nv);
      dir[k] = 1;
      mju_copy(d->qpos, qpos0.data(), m->nq);
      mj_integratePos(m, d->qpos, dir.data(), h);
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_tendon(m, d);
      mju_copy(lp.data(), d->ten_length, nt);
      mju_copy(d->qpos, qpos0.data(), m->nq);
      mj_integratePos(m, d->qpos, dir.data(), -h);
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_tendon(m, d);
      mju_copy(lm.data(), d->ten_length, nt);
      for (int t = 0; t < nt; t++) {
        mjtNum fd = (lp[t] - lm[t]) / (2 * h);
        EXPECT_NEAR(J[t * nv + k], fd, 1e-6 * (1 + std::fabs(fd)))
            << "record " << r << " tendon " << t << " dof " << k;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, TendonGolden, ::testing::ValuesIn(GoldenModels()),
                         [](const ::testing::TestParamInfo<GoldenModel>& info) {
                           return std::string(info.param.name);
                         });

// ---------------------------------------------------------------------------------------------
// armature bias (mj_rne includes a J' (Jdot qvel), MuJoCo 3.3.8 qfrc_bias)

TEST(TendonArmature, BiasMatchesOracle) {
  GoldenCase c;
  std::string skip;
  ASSERT_TRUE(OpenCase({"armature", "test/data/tendon/armature.xml", false}, &c, &skip));
  const mjModel* m = c.m.get();
  mjData* d = c.d.get();
  std::vector<mjtNum> bias(m->nv);
  for (int r = 0; r < c.g->num_records(); r++) {
    SetState(*c.g, r, m, d);
    PositionStages(m, d);
    VelocityStages(m, d);
    mj_rne(m, d, 0, bias.data());
    EXPECT_TRUE(
        NearArrays("qfrc_bias", bias.data(), m->nv, c.g->get(r, "qfrc_bias"), kRtol, kAtol));
  }
}

// regression: the pipeline adds the tendon-armature bias once (mj_fwdVelocity used to add
// mj_tendonBias on top of mj_rne, doubling it; conform testdata_model qfrc_bias mismatch)
TEST(TendonArmature, ForwardBiasMatchesOracle) {
  GoldenCase c;
  std::string skip;
  ASSERT_TRUE(OpenCase({"armature", "test/data/tendon/armature.xml", false}, &c, &skip));
  const mjModel* m = c.m.get();
  mjData* d = c.d.get();
  for (int r = 0; r < c.g->num_records(); r++) {
    SetState(*c.g, r, m, d);
    mj_fwdPosition(m, d);
    mj_fwdVelocity(m, d);
    EXPECT_TRUE(
        NearArrays("qfrc_bias", d->qfrc_bias, m->nv, c.g->get(r, "qfrc_bias"), kRtol, kAtol));
  }
}

// mj_tendonDot against the time derivative of the Jacobian along the motion,
// (J(q + h v) - J(q - h v)) / 2h; same error budget as the finite differences above
TEST(TendonArmature, JacobianDotMatchesFiniteDifferences) {
  ModelPtr model = LoadModel(TendonData("armature.xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Golden g(TendonData("armature.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  const mjtNum h = 1e-6;
  int nv = m->nv;
  std::vector<mjtNum> qpos0(m->nq), jdot(nv);
  for (int r = 0; r < g.num_records(); r++) {
    SetState(g, r, m, d);
    PositionStages(m, d);
    VelocityStages(m, d);
    mju_copy(qpos0.data(), d->qpos, m->nq);
    for (int t = 0; t < m->ntendon; t++) {
      mj_tendonDot(m, d, t, jdot.data());
      std::vector<mjtNum> jp, jm;
      for (int s = 0; s < 2; s++) {
        mju_copy(d->qpos, qpos0.data(), m->nq);
        mj_integratePos(m, d->qpos, d->qvel, s ? -h : h);
        mj_kinematics(m, d);
        mj_comPos(m, d);
        mj_tendon(m, d);
        (s ? jm : jp) = DenseTendonJ(m, d);
      }
      for (int k = 0; k < nv; k++) {
        mjtNum fd = (jp[t * nv + k] - jm[t * nv + k]) / (2 * h);
        EXPECT_NEAR(jdot[k], fd, 1e-6 * (1 + std::fabs(fd))) << "tendon " << t << " dof " << k;
      }
      mju_copy(d->qpos, qpos0.data(), m->nq);
      PositionStages(m, d);
      VelocityStages(m, d);
    }
  }
}

TEST(TendonArmature, InvalidTendonIsAnError) {
  ModelPtr model = LoadModel(TendonData("armature.xml"));
  ASSERT_TRUE(model);
  DataPtr data(mj_makeData(model.get()));
  std::vector<mjtNum> jdot(model->nv);
  ScopedErrorCapture capture;
  EXPECT_THROW(mj_tendonDot(model.get(), data.get(), model->ntendon, jdot.data()), MujocoError);
}

// ---------------------------------------------------------------------------------------------
// planar wrapping geometry, against independent constructions

// length of p0 -> t0 -> arc -> t1 -> p1 for a wrap result
mjtNum WrapPathLength(const mjtNum end[4], const mjtNum pnt[4], mjtNum arc) {
  return std::hypot(end[0] - pnt[0], end[1] - pnt[1]) + arc +
         std::hypot(end[2] - pnt[2], end[3] - pnt[3]);
}

TEST(WrapCircle, SymmetricWrapAgainstTangentGeometry) {
  // endpoints (-d, y), (d, y) below the line through a circle of radius r: the wrap goes over
  // the top; tangent length sqrt(|p|^2 - r^2), arc r (pi - 2 (alpha + beta)) with the angles of
  // the tangent construction
  const mjtNum r = 0.1, dx = 0.3, y = 0.05;
  mjtNum end[4] = {-dx, y, dx, y}, pnt[4];
  mjtNum arc = mju_wrapCircle(pnt, end, nullptr, r);
  ASSERT_GT(arc, 0);
  mjtNum len = std::hypot(dx, y);
  mjtNum tangent = std::sqrt(len * len - r * r);
  mjtNum theta = std::atan2(y, dx);   // direction of p1
  mjtNum alpha = std::acos(r / len);  // tangent point offset from that direction
  mjtNum expected_arc = r * (mjPI - 2 * (theta + alpha));
  EXPECT_NEAR(arc, expected_arc, 1e-14);  // closed forms, rounding only
  EXPECT_NEAR(WrapPathLength(end, pnt, arc), 2 * tangent + expected_arc, 1e-14);
  EXPECT_NEAR(std::hypot(pnt[0], pnt[1]), r, 1e-15);
  EXPECT_GT(pnt[1], 0);  // over the top (the shorter side)
}

TEST(WrapCircle, StraightWhenSegmentMissesCircle) {
  mjtNum end[4] = {-0.3, 0.15, 0.3, 0.15}, pnt[4];
  EXPECT_EQ(mju_wrapCircle(pnt, end, nullptr, 0.1), -1);
  mjtNum same_side[2] = {0, 0.3};  // side site beyond the segment: straight
  EXPECT_EQ(mju_wrapCircle(pnt, end, same_side, 0.1), -1);
  mjtNum far_side[2] = {0, -0.3};  // side site across the circle: wrap under
  mjtNum arc = mju_wrapCircle(pnt, end, far_side, 0.1);
  EXPECT_GT(arc, 0);
  EXPECT_LT(pnt[1], 0);
  EXPECT_LT(pnt[3], 0);
}

TEST(WrapCircle, SideSiteChoosesLongWrap) {
  // the segment crosses the circle just above the center; the side site below forces the
  // longer wrap under the circle
  mjtNum end[4] = {-0.3, 0.05, 0.3, 0.05}, pnt[4];
  mjtNum below[2] = {0, -0.2};
  mjtNum arc_short = mju_wrapCircle(pnt, end, nullptr, 0.1);
  mjtNum arc_long = mju_wrapCircle(pnt, end, below, 0.1);
  EXPECT_GT(arc_long, arc_short);
  // the two wraps and the two gaps of angle 2 alpha between each endpoint's tangent points
  // cover the circle: arc_short + arc_long = r (2 pi - 4 alpha), alpha = acos(r / |p|)
  mjtNum alpha = std::acos(0.1 / std::hypot(0.3, 0.05));
  EXPECT_NEAR(arc_short + arc_long, 0.1 * (2 * mjPI - 4 * alpha), 1e-14);
  EXPECT_LT(pnt[1], 0);
}

TEST(WrapCircle, DegenerateInputsAreStraight) {
  mjtNum pnt[4];
  mjtNum inside[4] = {0.05, 0, 0.3, 0.1};  // endpoint inside the circle
  EXPECT_EQ(mju_wrapCircle(pnt, inside, nullptr, 0.1), -1);
  mjtNum same[4] = {0.3, 0.1, 0.3, 0.1};  // coincident endpoints
  EXPECT_EQ(mju_wrapCircle(pnt, same, nullptr, 0.1), -1);
  mjtNum end[4] = {-0.3, 0.01, 0.3, 0.01};
  EXPECT_EQ(mju_wrapCircle(pnt, end, nullptr, 0), -1);  // no radius
  EXPECT_EQ(mju_wrapInside(pnt, inside, 0.1), -1);
}

// inside wrap: the contact point minimizes |p0 - t| + |t - p1| over the circle; compare with a
// dense scan (spacing 2 pi / 2e5: the length is stationary, its scan error ~1e-11)
TEST(WrapInside, ReflectionPointMinimizesLength) {
  const mjtNum r = 0.1;
  const mjtNum cases[][4] = {{-0.3, 0.15, 0.2, 0.25},
                             {-0.25, 0.3, 0.35, 0.12},
                             {0.3, 0.3, 0.35, -0.2},
                             {0.15, 0.02, 0.12, 0.3}};
  for (const auto& end : cases) {
    mjtNum pnt[4];
    ASSERT_EQ(mju_wrapInside(pnt, end, r), 0);
    EXPECT_EQ(pnt[0], pnt[2]);
    EXPECT_EQ(pnt[1], pnt[3]);
    EXPECT_NEAR(std::hypot(pnt[0], pnt[1]), r, 1e-15);
    mjtNum got = WrapPathLength(end, pnt, 0);
    mjtNum best = 1e10;
    for (int k = 0; k < 200000; k++) {
      mjtNum a = 2 * mjPI * k / 200000;
      mjtNum t[4] = {r * std::cos(a), r * std::sin(a), r * std::cos(a), r * std::sin(a)};
      best = std::fmin(best, WrapPathLength(end, t, 0));
    }
    EXPECT_NEAR(got, best, 1e-10);
    EXPECT_LE(got, best + 1e-15);
  }
  // a segment that crosses the disk needs no inside wrap
  mjtNum crossing[4] = {-0.3, 0.05, 0.3, 0.05}, pnt[4];
  EXPECT_EQ(mju_wrapInside(pnt, crossing, r), -1);
}

// 3D cylinder wrap: the path unrolls onto the plane, so its length is
// sqrt(planar length^2 + rise^2) over the whole path
TEST(WrapGeom, CylinderHelixUnrolls) {
  mjtNum xpos[3] = {0.2, -0.1, 0.3}, xmat[9];
  mjtNum quat[4] = {0.9, 0.1, -0.3, 0.2};
  mju_normalize4(quat);
  mju_quat2Mat(xmat, quat);
  mjtNum local0[3] = {-0.3, 0.05, -0.2}, local1[3] = {0.3, 0.05, 0.25};
  mjtNum x0[3], x1[3], wpnt[6];
  mju_mulMatVec3(x0, xmat, local0);
  mju_addTo3(x0, xpos);
  mju_mulMatVec3(x1, xmat, local1);
  mju_addTo3(x1, xpos);
  mjtNum wlen = mju_wrapGeom(wpnt, x0, x1, xpos, xmat, 0.1, mjWRAP_CYLINDER, nullptr);
  ASSERT_GT(wlen, 0);
  mjtNum total = mju_dist3(x0, wpnt) + wlen + mju_dist3(wpnt + 3, x1);
  mjtNum end[4] = {local0[0], local0[1], local1[0], local1[1]}, pnt[4];
  mjtNum arc = mju_wrapCircle(pnt, end, nullptr, 0.1);
  mjtNum planar = WrapPathLength(end, pnt, arc);
  mjtNum rise = local1[2] - local0[2];
  EXPECT_NEAR(total, std::sqrt(planar * planar + rise * rise), 1e-14);
}

}  // namespace
}  // namespace motus_test
