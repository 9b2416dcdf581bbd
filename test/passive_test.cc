// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Passive forces (engine_passive.h): springs, dampers and gravity compensation against the
// MuJoCo 3.3.8 oracle at sampled states, springs against the gradient of the spring energy,
// polynomial dampers against their closed form, gravity compensation against mj_rne, the
// disable flags and mjcb_passive. Fluid forces: fluid_test.cc.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_passive.h"
#include "tendon_testutil.h"

namespace motus_test {
namespace {

// all stages mj_passive needs, then mj_passive
void Passive(const mjModel* m, mjData* d) {
  PositionStages(m, d);
  VelocityStages(m, d);
  mj_passive(m, d);
}

class PassiveGolden : public ::testing::TestWithParam<GoldenModel> {};

// golden data: test/data/tendon/make_golden.py (oracle mj_forward at the sampled states)
TEST_P(PassiveGolden, MatchesOracle) {
  GoldenCase c;
  std::string skip;
  if (!OpenCase(GetParam(), &c, &skip)) {
    if (!skip.empty()) {
      GTEST_SKIP() << skip;
    }
    return;
  }
  UseOracleFluidCoefficients(&c);  // qfrc_passive includes the fluid forces
  const mjModel* m = c.m.get();
  mjData* d = c.d.get();
  int nv = m->nv;
  for (int r = 0; r < c.g->num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    SetState(*c.g, r, m, d);
    Passive(m, d);
    EXPECT_TRUE(
        NearArrays("qfrc_spring", d->qfrc_spring, nv, c.g->get(r, "qfrc_spring"), kRtol, kAtol));
    EXPECT_TRUE(
        NearArrays("qfrc_damper", d->qfrc_damper, nv, c.g->get(r, "qfrc_damper"), kRtol, kAtol));
    EXPECT_TRUE(NearArrays("qfrc_gravcomp", d->qfrc_gravcomp, nv, c.g->get(r, "qfrc_gravcomp"),
                           kRtol, kAtol));
    EXPECT_TRUE(
        NearArrays("qfrc_passive", d->qfrc_passive, nv, c.g->get(r, "qfrc_passive"), kRtol, kAtol));
  }
}

INSTANTIATE_TEST_SUITE_P(Models, PassiveGolden, ::testing::ValuesIn(GoldenModels()),
                         [](const ::testing::TestParamInfo<GoldenModel>& info) {
                           return std::string(info.param.name);
                         });

// ---------------------------------------------------------------------------------------------
// springs: qfrc_spring = -dE/dq with E the spring part of mj_energyPos (gravity off)

// states of passive_poly.xml: hinge, ball (quaternion), free (position, quaternion), slide
std::vector<mjtNum> PolyState(int seed) {
  std::vector<mjtNum> q = {0.7, 0.8, 0.3, -0.4, 0.2, 1.3, -0.2, 1.4, 0.9, 0.1, 0.3, -0.2, 0.25};
  // vary the state with the seed; quaternions are normalized by the pipeline
  for (size_t i = 0; i < q.size(); i++) {
    q[i] += 0.1 * std::sin(1.7 * seed + i);
  }
  return q;
}

// Central differences of the spring energy along each dof (mj_integratePos), step 1e-6:
// truncation ~h^2 |E'''| ~1e-11 and rounding ~1e-16 |E| / h ~1e-10, so 1e-7 relative.
void CheckSpringGradient(const mjModel* m, mjData* d, const std::vector<mjtNum>& qpos) {
  int nv = m->nv;
  mju_copy(d->qpos, qpos.data(), m->nq);
  mju_zero(d->qvel, nv);
  Passive(m, d);
  std::vector<mjtNum> spring(d->qfrc_spring, d->qfrc_spring + nv);
  const mjtNum h = 1e-6;
  std::vector<mjtNum> dir(nv);
  for (int k = 0; k < nv; k++) {
    mjtNum e[2];
    for (int s = 0; s < 2; s++) {
      mju_copy(d->qpos, qpos.data(), m->nq);
      mju_zero(dir.data(), nv);
      dir[k] = 1;
      mj_integratePos(m, d->qpos, dir.data(), s ? -h : h);
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_tendon(m, d);
      mj_energyPos(m, d);
      e[s] = d->energy[0];
    }
    mjtNum grad = (e[0] - e[1]) / (2 * h);
    EXPECT_NEAR(spring[k], -grad, 1e-7 * (1 + std::fabs(grad))) << "dof " << k;
  }
}

TEST(Springs, PolynomialSpringsAreEnergyGradients) {
  ModelPtr model = LoadModel(TendonData("passive_poly.xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  ASSERT_NE(m->jnt_stiffnesspoly[0], 0);  // the polynomial terms are really there
  for (int seed = 0; seed < 4; seed++) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    CheckSpringGradient(m, data.get(), PolyState(seed));
  }
}

TEST(Springs, OracleModelSpringsAreEnergyGradients) {
  ModelPtr model = LoadModel(TendonData("passive.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  m->opt.disableflags |= mjDSBL_GRAVITY;  // energy: springs only
  m->opt.density = m->opt.viscosity = 0;
  DataPtr data(mj_makeData(m));
  Golden g(TendonData("passive.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    CheckSpringGradient(m, data.get(), g.get(r, "qpos"));
  }
}

// the dead band of a tendon spring: no force while the length is inside [s0, s1]
TEST(Springs, TendonDeadBand) {
  ModelPtr model = LoadModel(TendonData("passive_poly.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  for (int j = 0; j < m->njnt; j++) {
    m->jnt_stiffness[j] = 0;
    mju_zero(m->jnt_stiffnesspoly + mjNPOLY * j, mjNPOLY);
  }
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Passive(m, d);
  mjtNum len = d->ten_length[0];
  m->tendon_stiffness[1] = 0;
  m->tendon_lengthspring[0] = len - 0.1;
  m->tendon_lengthspring[1] = len + 0.1;
  Passive(m, d);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qfrc_spring[i], 0);
  }
  // above the band: force -k (L - s1) along J
  m->tendon_lengthspring[1] = len - 0.05;
  Passive(m, d);
  std::vector<mjtNum> J = DenseTendonJ(m, d);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_NEAR(d->qfrc_spring[i], -m->tendon_stiffness[0] * 0.05 * J[i], 1e-12);
  }
}

// ---------------------------------------------------------------------------------------------
// dampers: closed form -(a v + b v|v| + c v^3) per dof, -J' f(ten_velocity) per tendon

TEST(Dampers, PolynomialClosedForm) {
  ModelPtr model = LoadModel(TendonData("passive_poly.xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  int nv = m->nv;
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  std::vector<mjtNum> q = PolyState(1);
  mju_copy(d->qpos, q.data(), m->nq);
  for (int i = 0; i < nv; i++) {
    d->qvel[i] = 1.3 * std::cos(2.1 * i + 0.4);
  }
  Passive(m, d);

  std::vector<mjtNum> expected(nv, 0);
  for (int i = 0; i < nv; i++) {
    mjtNum v = d->qvel[i];
    const mjtNum* p = m->dof_dampingpoly + mjNPOLY * i;
    expected[i] = -(m->dof_damping[i] * v + p[0] * v * std::fabs(v) + p[1] * v * v * v);
  }
  std::vector<mjtNum> J = DenseTendonJ(m, d);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum v = 0;
    for (int i = 0; i < nv; i++) {
      v += J[t * nv + i] * d->qvel[i];
    }
    for (int i = 0; i < nv; i++) {
      expected[i] -= m->tendon_damping[t] * v * J[t * nv + i];
    }
  }
  // sums of a few products: rounding only
  EXPECT_TRUE(NearArrays("qfrc_damper", d->qfrc_damper, nv, expected, 1e-12, 1e-14));
  ASSERT_NE(m->dof_dampingpoly[0], 0);

  // the slope helper is the derivative of the force (central differences, step 1e-6:
  // truncation ~1e-12 for the cubic, the |v| kink is avoided)
  const mjtNum* p = m->dof_dampingpoly;
  for (mjtNum v : {-1.7, -0.3, 0.4, 2.2}) {
    mjtNum fd = (mj_damperForce(v + 1e-6, 0.4, p) - mj_damperForce(v - 1e-6, 0.4, p)) / 2e-6;
    EXPECT_NEAR(mj_damperSlope(v, 0.4, p), fd, 1e-8);
  }
}

// ---------------------------------------------------------------------------------------------
// gravity compensation

// With gravcomp = 1 on every body and zero velocity, qfrc_gravcomp must cancel gravity exactly:
// it equals the bias force of mj_rne (which at rest is the generalized gravity force).
TEST(Gravcomp, CancelsGravityBias) {
  ModelPtr model = LoadModel(TendonData("passive.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  m->opt.density = m->opt.viscosity = 0;
  for (int b = 1; b < m->nbody; b++) {
    m->body_gravcomp[b] = 1;
  }
  m->ngravcomp = m->nbody - 1;
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Golden g(TendonData("passive.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    SetState(g, r, m, d);
    mju_zero(d->qvel, m->nv);
    Passive(m, d);
    std::vector<mjtNum> bias(m->nv);
    mj_rne(m, d, 0, bias.data());
    // two recursions over the same tree: rounding of sums of ~10 terms of size ~10
    EXPECT_TRUE(NearArrays("qfrc_gravcomp", d->qfrc_gravcomp, m->nv, bias, 1e-12, 1e-12));
  }
}

// actuatorgravcomp joints keep their gravity compensation out of qfrc_passive
TEST(Gravcomp, ActuatorGravcompIsRouted) {
  ModelPtr model = LoadModel(TendonData("passive.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  for (int b = 1; b < m->nbody; b++) {
    m->body_gravcomp[b] = 1;  // body c has none in the file
  }
  m->ngravcomp = m->nbody - 1;
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Golden g(TendonData("passive.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  SetState(g, 0, m, d);
  Passive(m, d);
  int routed = 0;
  for (int i = 0; i < m->nv; i++) {
    mjtNum sum = d->qfrc_spring[i] + d->qfrc_damper[i] + d->qfrc_fluid[i];
    if (m->jnt_actgravcomp[m->dof_jntid[i]]) {
      routed++;
      EXPECT_NE(d->qfrc_gravcomp[i], 0);
      EXPECT_EQ(d->qfrc_passive[i], sum);
    } else {
      EXPECT_EQ(d->qfrc_passive[i], sum + d->qfrc_gravcomp[i]);
    }
  }
  EXPECT_EQ(routed, 1);
}

// ---------------------------------------------------------------------------------------------
// disable flags and the callback

int g_callbacks = 0;
void PassiveCallback(const mjModel* m, mjData* d) {
  g_callbacks++;
  d->qfrc_passive[0] += 100;
  (void)m;
}

// Ellipsoid fluid drag of a small, slow body: the projected area's denominator (~1e-20 here) is
// floored at mjMINVAL as in MuJoCo 3.3.8, which reduces the drag by 16% at this speed. Expected:
// the oracle's qfrc_passive for this model and state (../shared/oracle/mjref FILE --states ...
// --fields qfrc_passive; MuJoCo 3.3.8). Translational components only (the rotational ones also
// involve geom_fluid's added-mass coefficients, which the compiler computes differently).
TEST(Fluid, SlowSmallBodyDragAsTheReference) {
  const char* xml = R"(<mujoco><option density="1000" viscosity="0"/><worldbody>
    <body><freejoint/><geom type="box" size=".015 .01 .02" fluidshape="ellipsoid"/></body>
  </worldbody></mujoco>)";
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, nullptr);
  mj_deleteSpec(spec);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  const mjtNum qvel[6] = {1e-5, 2e-5, -1e-5, 0, 0, 0};
  mju_copy(d->qvel, qvel, 6);
  mj_forward(m, d);
  const double ref[3] = {-6.901567766478728e-11, -1.3803135532957923e-10, 6.901567766478646e-11};
  for (int i = 0; i < 3; i++) {
    // rounding: the force is a product of a dozen terms, 1e-12 relative
    EXPECT_NEAR(d->qfrc_passive[i], ref[i], 1e-12 * std::fabs(ref[i])) << i;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(Passive, DisableFlagsAndCallback) {
  ModelPtr model = LoadModel(TendonData("passive.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  int nv = m->nv;
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Golden g(TendonData("passive.golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  SetState(g, 1, m, d);
  auto zero = [nv](const mjtNum* x) { return mju_isZero(const_cast<mjtNum*>(x), nv); };

  Passive(m, d);
  std::vector<mjtNum> damper(d->qfrc_damper, d->qfrc_damper + nv);
  std::vector<mjtNum> spring(d->qfrc_spring, d->qfrc_spring + nv);
  ASSERT_FALSE(zero(d->qfrc_spring));
  ASSERT_FALSE(zero(d->qfrc_damper));
  ASSERT_FALSE(zero(d->qfrc_gravcomp));
  ASSERT_FALSE(zero(d->qfrc_fluid));

  m->opt.disableflags = mjDSBL_SPRING;
  Passive(m, d);
  EXPECT_TRUE(zero(d->qfrc_spring));
  EXPECT_TRUE(NearArrays("qfrc_damper", d->qfrc_damper, nv, damper, 0, 0));

  m->opt.disableflags = mjDSBL_DAMPER;
  Passive(m, d);
  EXPECT_TRUE(zero(d->qfrc_damper));
  EXPECT_TRUE(NearArrays("qfrc_spring", d->qfrc_spring, nv, spring, 0, 0));

  m->opt.disableflags = mjDSBL_GRAVITY;
  Passive(m, d);
  EXPECT_TRUE(zero(d->qfrc_gravcomp));

  // callback: called after the sum, may add to qfrc_passive
  mjcb_passive = PassiveCallback;
  g_callbacks = 0;
  m->opt.disableflags = 0;
  Passive(m, d);
  EXPECT_EQ(g_callbacks, 1);
  mjtNum sum0 = d->qfrc_spring[0] + d->qfrc_damper[0] + d->qfrc_fluid[0] + d->qfrc_gravcomp[0];
  EXPECT_NEAR(d->qfrc_passive[0], sum0 + 100, 1e-12);

  // springs and dampers both off: everything zero, no callback (as MuJoCo 3.3.8)
  m->opt.disableflags = mjDSBL_SPRING | mjDSBL_DAMPER;
  Passive(m, d);
  mjcb_passive = nullptr;
  EXPECT_EQ(g_callbacks, 1);
  EXPECT_TRUE(zero(d->qfrc_passive));
  EXPECT_TRUE(zero(d->qfrc_gravcomp));
  EXPECT_TRUE(zero(d->qfrc_fluid));
}

}  // namespace
}  // namespace motus_test
