// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Midpoint integration of free bodies (computation_index.rst "Midpoint integration for free
// bodies"), against the math: MuJoCo 3.3.8, our reference, predates the feature. The discrete
// equation (2/h) I (w_mid - w) + w_mid x I w_mid = tau holds at every step, the quadratic first
// integrals of a torque-free body are conserved to rounding, the method is second order, and
// everything the spec excludes (Euler, RK4, invdiscrete, bodies with children) is untouched.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_integrate.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

// An asymmetric body whose inertial frame is offset and rotated from the body frame (the box
// geom is), tumbling about an axis near its unstable intermediate principal axis, no gravity.
// The second body (a free body with a hinged child) is not eligible.
const char kSpinXml[] = R"(
<mujoco>
  <option timestep="0.005" gravity="0 0 0" integrator="implicitfast"/>
  <default><geom contype="0" conaffinity="0" density="1000"/></default>
  <worldbody>
    <body name="box" pos="0 0 1">
      <freejoint/>
      <geom type="box" size="0.05 0.1 0.2" pos="0.03 -0.02 0.01" euler="20 -10 35"/>
    </body>
    <body name="base" pos="1 0 1">
      <freejoint/>
      <geom type="box" size="0.1 0.08 0.06"/>
      <body pos="0.1 0 0">
        <joint type="hinge" axis="0 0 1"/>
        <geom type="capsule" fromto="0 0 0 0.2 0.05 0" size="0.02"/>
      </body>
    </body>
  </worldbody>
  <keyframe>
    <key qpos="0 0 1 1 0 0 0  1 0 1 1 0 0 0  0"
         qvel="0.3 -0.2 0.1  0.1 4 0.3   0 0 0 2 -1 3  -4"/>
  </keyframe>
</mujoco>
)";

struct SpinState {
  double wp[3];       // angular velocity in the principal frame of body 1
  double energy;      // rotational kinetic energy w'Iw/2
  double casimir;     // |I w|^2 / 2
  double momentum[3]; // linear momentum m v_com (world)
};

SpinState Observe(const mjModel* m, mjData* d) {
  mj_forward(m, d);
  SpinState s;
  const int b = 1;
  const double* I = m->body_inertia + 3 * b;
  double wworld[3];
  mju_mulMatVec3(wworld, d->xmat + 9 * b, d->qvel + 3);
  mju_mulMatTVec3(s.wp, d->ximat + 9 * b, wworld);
  s.energy = s.casimir = 0;
  for (int i = 0; i < 3; i++) {
    s.energy += 0.5 * I[i] * s.wp[i] * s.wp[i];
    s.casimir += 0.5 * I[i] * I[i] * s.wp[i] * s.wp[i];
  }
  // COM velocity: origin velocity + w x (xipos - xpos), world frame
  double r[3], wxr[3];
  mju_sub3(r, d->xipos + 3 * b, d->xpos + 3 * b);
  mju_cross(wxr, wworld, r);
  for (int i = 0; i < 3; i++) s.momentum[i] = m->body_mass[b] * (d->qvel[i] + wxr[i]);
  return s;
}

ModelPtr SpinModel(int integrator, double h) {
  ModelPtr m = LoadModelString(kSpinXml);
  m->opt.integrator = integrator;
  m->opt.timestep = h;
  return m;
}

// largest relative change of energy, |Iw|^2 and |m v_com| over n steps
double MaxDrift(const mjModel* m, int n) {
  DataPtr d(mj_makeData(m));
  mj_resetDataKeyframe(m, d.get(), 0);
  SpinState s0 = Observe(m, d.get());
  double p0 = mju_norm3(s0.momentum), drift = 0;
  for (int k = 0; k < n; k++) {
    mj_step(m, d.get());
    SpinState s = Observe(m, d.get());
    double dp[3];
    mju_sub3(dp, s.momentum, s0.momentum);
    drift = std::fmax(drift, std::fabs(s.energy - s0.energy) / s0.energy);
    drift = std::fmax(drift, std::fabs(s.casimir - s0.casimir) / s0.casimir);
    drift = std::fmax(drift, mju_norm3(dp) / p0);
  }
  return drift;
}

// Torque-free: both quadratic first integrals and the linear momentum are conserved to rounding
// over 4000 steps (20 s, several flips about the intermediate axis). Rounding accumulates as a
// random walk of ~1e-16 per step; 1e-11 leaves room for that and nothing else. The plain
// implicit update (invdiscrete) drifts by orders of magnitude more, so this can fail.
TEST(MidpointFreeBody, TorqueFreeBodyConservesQuadraticInvariants) {
  for (int integrator : {mjINT_IMPLICITFAST, mjINT_IMPLICIT}) {
    SCOPED_TRACE(integrator);
    ModelPtr m = SpinModel(integrator, 0.005);
    EXPECT_LT(MaxDrift(m.get(), 4000), 1e-11);
    m->opt.enableflags |= mjENBL_INVDISCRETE;
    EXPECT_GT(MaxDrift(m.get(), 4000), 1e-4);
  }
}

// One step with an applied wrench (at the COM): the new velocity solves the discrete equation
// in the principal frame, and the COM velocity changes by h F / m exactly. Tolerance 1e-12
// relative: the Newton solve stops at ~1e-15 of the terms; the remaining error is the rounding
// of the frame changes.
TEST(MidpointFreeBody, StepSolvesTheDiscreteEquation) {
  ModelPtr m = SpinModel(mjINT_IMPLICIT, 0.01);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  const int b = 1;
  const double force[3] = {0.5, -1.5, 2.0}, torque[3] = {0.02, -0.05, 0.03};
  for (int i = 0; i < 3; i++) {
    d->xfrc_applied[6 * b + i] = force[i];
    d->xfrc_applied[6 * b + 3 + i] = torque[i];
  }
  SpinState s0 = Observe(m.get(), d.get());
  double P0[9];  // principal frame at the start of the step
  mju_copy(P0, d->ximat + 9 * b, 9);
  mj_step(m.get(), d.get());
  SpinState s1 = Observe(m.get(), d.get());

  const double h = m->opt.timestep;
  const double* I = m->body_inertia + 3 * b;
  double taup[3], wmid[3], res[3], Iwmid[3], gyro[3], scale = 0;
  mju_mulMatTVec3(taup, P0, torque);
  for (int i = 0; i < 3; i++) {
    wmid[i] = 0.5 * (s0.wp[i] + s1.wp[i]);
    Iwmid[i] = I[i] * wmid[i];
  }
  mju_cross(gyro, wmid, Iwmid);
  for (int i = 0; i < 3; i++) {
    double inertial = 2 / h * I[i] * (wmid[i] - s0.wp[i]);
    res[i] = inertial + gyro[i] - taup[i];
    scale = std::fmax(scale, std::fabs(inertial) + std::fabs(gyro[i]) + std::fabs(taup[i]));
  }
  EXPECT_LT(mju_norm3(res), 1e-12 * scale) << res[0] << " " << res[1] << " " << res[2];
  for (int i = 0; i < 3; i++) {
    double expected = s0.momentum[i] + h * force[i];
    EXPECT_NEAR(s1.momentum[i], expected, 1e-12 * mju_norm3(s0.momentum));
  }
}

// Second order: against a reference from RK4 at a tiny step (4th order in the body-frame
// angular velocity, which for a torque-free body does not depend on the orientation), halving
// h divides the error of w after 0.5 s by ~4 (first order would give 2).
TEST(MidpointFreeBody, SecondOrderInTheStep) {
  auto final_wp = [](int integrator, double h) {
    ModelPtr m = SpinModel(integrator, h);
    DataPtr d(mj_makeData(m.get()));
    mj_resetDataKeyframe(m.get(), d.get(), 0);
    int n = static_cast<int>(std::lround(0.5 / h));
    for (int k = 0; k < n; k++) mj_step(m.get(), d.get());
    SpinState s = Observe(m.get(), d.get());
    return std::vector<double>(s.wp, s.wp + 3);
  };
  std::vector<double> ref = final_wp(mjINT_RK4, 0.0001);
  auto error = [&](double h) {
    std::vector<double> w = final_wp(mjINT_IMPLICITFAST, h);
    double e[3] = {w[0] - ref[0], w[1] - ref[1], w[2] - ref[2]};
    return mju_norm3(e);
  };
  double coarse = error(0.01), fine = error(0.005);
  EXPECT_GT(coarse / fine, 3.5) << "coarse " << coarse << " fine " << fine;
  EXPECT_LT(coarse / fine, 4.5) << "coarse " << coarse << " fine " << fine;
}

// Bodies the spec excludes, and the other integrators: bitwise what the plain update gives
// (invdiscrete turns the midpoint update off and changes nothing else in mj_step).
std::vector<double> Trajectory(const mjModel* m, int n) {
  DataPtr d(mj_makeData(m));
  mj_resetDataKeyframe(m, d.get(), 0);
  std::vector<double> out;
  for (int k = 0; k < n; k++) {
    mj_step(m, d.get());
    out.insert(out.end(), d->qpos, d->qpos + m->nq);
    out.insert(out.end(), d->qvel, d->qvel + m->nv);
  }
  return out;
}

TEST(MidpointFreeBody, OnlyEligibleBodiesAndIntegratorsChange) {
  for (int integrator : {mjINT_EULER, mjINT_RK4, mjINT_IMPLICIT, mjINT_IMPLICITFAST}) {
    SCOPED_TRACE(integrator);
    ModelPtr m = SpinModel(integrator, 0.005);
    std::vector<double> with = Trajectory(m.get(), 50);
    m->opt.enableflags |= mjENBL_INVDISCRETE;
    std::vector<double> without = Trajectory(m.get(), 50);
    ASSERT_EQ(with.size(), without.size());
    const int stride = m->nq + m->nv;
    bool box_changed = false;
    for (size_t k = 0; k < with.size(); k++) {
      int idx = static_cast<int>(k % stride);
      bool box = idx < 7 || (idx >= m->nq && idx < m->nq + 6);
      if (!box) {
        // the hinged pair (not eligible) integrates exactly as before
        ASSERT_EQ(with[k], without[k]) << "element " << idx;
      } else if (with[k] != without[k]) {
        box_changed = true;
      }
    }
    bool implicit = integrator == mjINT_IMPLICIT || integrator == mjINT_IMPLICITFAST;
    EXPECT_EQ(box_changed, implicit);
  }
}

TEST(MidpointFreeBody, EligibilityRules) {
  ModelPtr m = SpinModel(mjINT_IMPLICITFAST, 0.005);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  std::vector<double> qacc(d->qacc, d->qacc + m->nv);
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), qacc.data()), 1);
  // damping or armature on the free dofs keeps the implicit update
  m->dof_damping[2] = 0.1;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), qacc.data()), 0);
  m->dof_damping[2] = 0;
  m->dof_armature[4] = 0.01;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), qacc.data()), 0);
  m->dof_armature[4] = 0;
  m->opt.enableflags |= mjENBL_INVDISCRETE;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), qacc.data()), 0);
}

}  // namespace
}  // namespace motus_test
