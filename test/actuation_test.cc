// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_fwdActuation (computation_index.rst "Actuation model", modeling.rst "Force limits") against
// the formulas of the specification evaluated independently here: activation dynamics of every
// dyntype, gains and biases of every type, the user callbacks, control clamping and the bad
// control warning, actearly, force limits at the actuator, tendon and joint, gravity
// compensation routed to the actuators, disabled actuator groups and mjDSBL_ACTUATION.
// Semantics the documentation leaves open were checked against the MuJoCo 3.3.8 oracle (noted
// where they matter).

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

const char kModel[] = R"(
<mujoco>
  <compiler autolimits="true"/>
  <default>
    <geom contype="0" conaffinity="0"/>
  </default>
  <worldbody>
    <body pos="0 0 1" gravcomp="1">
      <joint name="h" type="hinge" axis="0 1 0" actuatorgravcomp="true"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.04"/>
      <body pos="0.4 0 0" gravcomp="0.5">
        <joint name="s" type="slide" axis="1 0 0" actuatorfrcrange="-2 3"/>
        <geom type="box" size="0.05 0.05 0.05"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <fixed name="t" actuatorfrcrange="-1 2" actuatorfrclimited="true">
      <joint joint="h" coef="1"/>
      <joint joint="s" coef="-0.5"/>
    </fixed>
  </tendon>
  <actuator>
    <motor name="motor" joint="h" gear="2" ctrlrange="-1 1"/>
    <general name="integrator" joint="s" dyntype="integrator" gainprm="3" actrange="-1 1"/>
    <general name="filter" joint="h" dyntype="filter" dynprm="0.1" gaintype="affine"
             gainprm="2 0.5 -0.3" biastype="affine" biasprm="0.1 -1 -0.2"/>
    <general name="filterexact" joint="s" dyntype="filterexact" dynprm="0.05" gainprm="4"
             actearly="true"/>
    <muscle name="muscle" joint="s" lengthrange="-0.3 0.4" force="20" ctrlrange="0 1"/>
    <general name="user" joint="h" dyntype="user" gaintype="user" biastype="user"/>
    <general name="limited" joint="h" gainprm="10" forcerange="-0.5 0.5" group="3"/>
    <motor name="tendon2" tendon="t" gear="2"/>
    <motor name="tendon1" tendon="t"/>
  </actuator>
</mujoco>)";

enum { kMotor, kIntegrator, kFilter, kFilterExact, kMuscle, kUser, kLimited, kTendon2, kTendon1 };

class Actuation : public ::testing::Test {
 protected:
  void SetUp() override {
    m_ = LoadModelString(kModel);
    ASSERT_TRUE(m_);
    ASSERT_EQ(m_->nu, 9);
    ASSERT_EQ(m_->na, 5);  // integrator, filter, filterexact, muscle, user
    d_.reset(mj_makeData(m_.get()));
    mjtNum qpos[2] = {0.3, -0.1}, qvel[2] = {0.7, -0.4};
    mjtNum ctrl[9] = {0.6, 0.2, 0.8, -0.5, 0.7, 0.3, 0.2, 0.4, 0.9};
    mjtNum act[5] = {0.1, 0.4, -0.2, 0.35, 0.05};
    mju_copy(d_->qpos, qpos, 2);
    mju_copy(d_->qvel, qvel, 2);
    mju_copy(d_->ctrl, ctrl, 9);
    mju_copy(d_->act, act, 5);
  }
  void TearDown() override {
    mjcb_act_dyn = nullptr;
    mjcb_act_gain = nullptr;
    mjcb_act_bias = nullptr;
  }
  double Act(int i) const { return d_->act[m_->actuator_actadr[i]]; }
  double ActDot(int i) const { return d_->act_dot[m_->actuator_actadr[i]]; }
  double Len(int i) const { return d_->actuator_length[i]; }
  double Vel(int i) const { return d_->actuator_velocity[i]; }

  ModelPtr m_;
  DataPtr d_;
};

mjtNum UserDyn(const mjModel*, const mjData* d, int id) {
  return 10 * d->ctrl[id] - d->act[4];
}
mjtNum UserGain(const mjModel*, const mjData*, int id) {
  return 1.5 + id;
}
mjtNum UserBias(const mjModel*, const mjData* d, int) {
  return -0.25 * d->qvel[0];
}

// act_dot of every dynamics type
TEST_F(Actuation, ActivationDynamics) {
  mjcb_act_dyn = UserDyn;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(ActDot(kIntegrator), d_->ctrl[kIntegrator]);
  EXPECT_DOUBLE_EQ(ActDot(kFilter), (d_->ctrl[kFilter] - Act(kFilter)) / 0.1);
  EXPECT_DOUBLE_EQ(ActDot(kFilterExact), (d_->ctrl[kFilterExact] - Act(kFilterExact)) / 0.05);
  EXPECT_DOUBLE_EQ(ActDot(kMuscle), mju_muscleDynamics(d_->ctrl[kMuscle], Act(kMuscle),
                                                       m_->actuator_dynprm + mjNDYN * kMuscle));
  EXPECT_DOUBLE_EQ(ActDot(kUser), 10 * d_->ctrl[kUser] - Act(kUser));
}

// force = gain * (control or activation) + bias, per type
TEST_F(Actuation, GainsAndBiases) {
  mjcb_act_gain = UserGain;
  mjcb_act_bias = UserBias;
  mj_forward(m_.get(), d_.get());
  const mjtNum* f = d_->actuator_force;
  EXPECT_DOUBLE_EQ(f[kMotor], 1 * d_->ctrl[kMotor]);
  EXPECT_DOUBLE_EQ(f[kIntegrator], 3 * Act(kIntegrator));
  double gain = 2 + 0.5 * Len(kFilter) - 0.3 * Vel(kFilter);
  double bias = 0.1 - 1 * Len(kFilter) - 0.2 * Vel(kFilter);
  EXPECT_DOUBLE_EQ(f[kFilter], gain * Act(kFilter) + bias);
  // actearly: the force uses the next activation, here the exact filter update
  double h = m_->opt.timestep, tau = 0.05;
  double next = Act(kFilterExact) + ActDot(kFilterExact) * tau * (1 - std::exp(-h / tau));
  EXPECT_DOUBLE_EQ(f[kFilterExact], 4 * next);
  const mjtNum* lr = m_->actuator_lengthrange + 2 * kMuscle;
  const mjtNum* prm = m_->actuator_gainprm + mjNGAIN * kMuscle;
  double acc0 = m_->actuator_acc0[kMuscle];
  EXPECT_DOUBLE_EQ(
      f[kMuscle],
      mju_muscleGain(Len(kMuscle), Vel(kMuscle), lr, acc0, prm) * Act(kMuscle) +
          mju_muscleBias(Len(kMuscle), lr, acc0, m_->actuator_biasprm + mjNBIAS * kMuscle));
  EXPECT_DOUBLE_EQ(f[kUser], (1.5 + kUser) * Act(kUser) - 0.25 * d_->qvel[0]);
  // without callbacks, user gains and biases are 0
  mjcb_act_gain = nullptr;
  mjcb_act_bias = nullptr;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->actuator_force[kUser], 0);
}

// ctrlrange clamps the control used, not mjData.ctrl; mjDSBL_CLAMPCTRL turns it off
TEST_F(Actuation, ControlClamping) {
  d_->ctrl[kMotor] = 5;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->ctrl[kMotor], 5);
  EXPECT_EQ(d_->actuator_force[kMotor], 1);
  m_->opt.disableflags |= mjDSBL_CLAMPCTRL;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->actuator_force[kMotor], 5);
}

// one bad control: warning, and every control reads as 0 (oracle-checked); forces driven by
// activations are unaffected
TEST_F(Actuation, BadControlZeroesAllControls) {
  ScopedErrorCapture capture;
  d_->ctrl[kTendon1] = NAN;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->warning[mjWARN_BADCTRL].number, 1);
  EXPECT_EQ(d_->warning[mjWARN_BADCTRL].lastinfo, kTendon1);
  EXPECT_TRUE(std::isnan(d_->ctrl[kTendon1]));  // mjData.ctrl is left alone
  EXPECT_EQ(d_->actuator_force[kMotor], 0);
  EXPECT_EQ(ActDot(kIntegrator), 0);
  EXPECT_DOUBLE_EQ(d_->actuator_force[kIntegrator], 3 * Act(kIntegrator));
  d_->ctrl[kTendon1] = 2 * mjMAXVAL;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->warning[mjWARN_BADCTRL].number, 2);
}

// forcerange on one actuator
TEST_F(Actuation, ActuatorForceLimit) {
  d_->ctrl[kLimited] = 0.2;
  mj_forward(m_.get(), d_.get());
  EXPECT_DOUBLE_EQ(d_->actuator_force[kLimited], 0.5);
  d_->ctrl[kLimited] = -0.03;
  mj_forward(m_.get(), d_.get());
  EXPECT_DOUBLE_EQ(d_->actuator_force[kLimited], -0.3);
}

// Tendon actuatorfrcrange: the forces of the actuators on the tendon are scaled by a common
// factor so that their sum (in actuator units, without gears) is in range; the scaling
// precedes the per-actuator forcerange clamp (both checked against the oracle).
TEST_F(Actuation, TendonForceLimitScalesTheForces) {
  d_->ctrl[kTendon2] = -1;
  d_->ctrl[kTendon1] = -3;
  mj_forward(m_.get(), d_.get());
  EXPECT_DOUBLE_EQ(d_->actuator_force[kTendon2], -0.25);
  EXPECT_DOUBLE_EQ(d_->actuator_force[kTendon1], -0.75);
  d_->ctrl[kTendon2] = 1;
  d_->ctrl[kTendon1] = 1;  // sum 2: in range
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->actuator_force[kTendon2], 1);
  EXPECT_EQ(d_->actuator_force[kTendon1], 1);
}

// qfrc_actuator = moment' force, plus the gravity compensation of actuatorgravcomp joints
// (moved out of qfrc_passive), then clamped per joint by actuatorfrcrange
TEST_F(Actuation, JointForcesGravcompAndJointLimits) {
  mj_forward(m_.get(), d_.get());
  std::vector<double> moment = DenseMoment(m_.get(), d_.get());
  int nv = m_->nv;
  std::vector<double> expected(nv, 0.0);
  for (int i = 0; i < m_->nu; i++) {
    for (int j = 0; j < nv; j++) {
      expected[j] += moment[i * nv + j] * d_->actuator_force[i];
    }
  }
  // hinge h: actuatorgravcomp, no limit
  EXPECT_NE(d_->qfrc_gravcomp[0], 0);
  EXPECT_NEAR(d_->qfrc_actuator[0], expected[0] + d_->qfrc_gravcomp[0], 1e-12);
  // slide s: no gravcomp routing (its qfrc_gravcomp stays passive), clamped to [-2, 3]
  EXPECT_DOUBLE_EQ(d_->qfrc_actuator[1], mju_clip(expected[1], -2, 3));
  EXPECT_NE(expected[1], d_->qfrc_actuator[1]) << "choose a state where the joint limit acts";
}

// disabled group: no force, activation dynamics unchanged (oracle-checked)
TEST_F(Actuation, DisabledGroup) {
  m_->opt.disableactuator = 1 << 3;
  d_->ctrl[kLimited] = 0.02;
  mj_forward(m_.get(), d_.get());
  EXPECT_EQ(d_->actuator_force[kLimited], 0);
  EXPECT_NE(d_->actuator_force[kMotor], 0);
  // a group number outside 0..30 is never disabled
  m_->actuator_group[kLimited] = 40;
  m_->opt.disableactuator = -1;
  mj_forward(m_.get(), d_.get());
  EXPECT_DOUBLE_EQ(d_->actuator_force[kLimited], 0.2);
  EXPECT_EQ(d_->actuator_force[kMotor], 0);
  EXPECT_EQ(ActDot(kIntegrator), d_->ctrl[kIntegrator]);
}

// mjDSBL_ACTUATION: no actuator output at all, and no gravcomp routed through them
TEST_F(Actuation, ActuationDisabled) {
  m_->opt.disableflags |= mjDSBL_ACTUATION;
  mj_forward(m_.get(), d_.get());
  for (int i = 0; i < m_->nu; i++) {
    EXPECT_EQ(d_->actuator_force[i], 0);
  }
  for (int i = 0; i < m_->na; i++) {
    EXPECT_EQ(d_->act_dot[i], 0);
  }
  for (int i = 0; i < m_->nv; i++) {
    EXPECT_EQ(d_->qfrc_actuator[i], 0);
  }
}

// integration of the activations: clamped to actrange when limited
TEST_F(Actuation, ActivationIntegrationClamps) {
  d_->ctrl[kIntegrator] = 1e3;
  mj_step(m_.get(), d_.get());
  EXPECT_EQ(Act(kIntegrator), 1);
}

}  // namespace
}  // namespace motus_test
