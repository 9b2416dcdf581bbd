// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Midpoint integration of free bodies (computation_index.rst "Midpoint integration for free
// bodies"): against the math (the discrete equations (1) and (2) of
// engine_integrate_midpoint.cc hold at every step, the quadratic first integrals and the COM
// speed of a torque-free body are conserved to rounding, the method is second order, everything
// the spec excludes is untouched) and against MuJoCo 3.8.0's trajectories
// (test/data/integrator/midpoint_*.txt, make_midpoint.sh).

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_integrate.h"
#include "forward_testutil.h"
#include "golden.h"

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
  double wp[3];        // angular velocity in the principal frame of body 1
  double energy;       // rotational kinetic energy w'Iw/2
  double casimir;      // |I w|^2 / 2
  double momentum[3];  // linear momentum m v_com (world)
  double R[9];         // orientation of body 1 (xmat)
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
  for (int i = 0; i < 3; i++) {
    s.momentum[i] = m->body_mass[b] * (d->qvel[i] + wxr[i]);
  }
  mju_copy(s.R, d->xmat + 9 * b, 9);
  return s;
}

ModelPtr SpinModel(int integrator, double h) {
  ModelPtr m = LoadModelString(kSpinXml);
  m->opt.integrator = integrator;
  m->opt.timestep = h;
  return m;
}

// largest relative change of energy, |Iw|^2 and |m v_com| over n steps (the COM velocity turns
// with the body frame in the discretization (2), its length is conserved)
double MaxDrift(const mjModel* m, int n) {
  DataPtr d(mj_makeData(m));
  mj_resetDataKeyframe(m, d.get(), 0);
  SpinState s0 = Observe(m, d.get());
  double p0 = mju_norm3(s0.momentum), drift = 0;
  for (int k = 0; k < n; k++) {
    mj_step(m, d.get());
    SpinState s = Observe(m, d.get());
    drift = std::fmax(drift, std::fabs(s.energy - s0.energy) / s0.energy);
    drift = std::fmax(drift, std::fabs(s.casimir - s0.casimir) / s0.casimir);
    drift = std::fmax(drift, std::fabs(mju_norm3(s.momentum) - p0) / p0);
  }
  return drift;
}

// Torque-free: both quadratic first integrals and the COM speed are conserved to rounding
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

// One step with an applied wrench (at the COM): the new angular velocity solves the discrete
// equation (1) in the principal frame, and the COM velocity in the body frame, u_c, solves (2):
// (u_c' - u_c) / h + w_mid x (u_c + u_c') / 2 = R' F / m. Tolerance 1e-12 relative: the Newton
// solve stops at ~1e-15 of the terms; the remaining error is the rounding of the frame changes.
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
  double w0[3];  // body-frame angular velocity at the start of the step
  mju_copy3(w0, d->qvel + 3);
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
  const double mass = m->body_mass[b];
  double uc0[3], uc1[3], ucm[3], wm_body[3], gyro_lin[3], fb[3], res_lin[3];
  mju_mulMatTVec3(uc0, s0.R, s0.momentum);
  mju_mulMatTVec3(uc1, s1.R, s1.momentum);
  mju_mulMatTVec3(fb, s0.R, force);
  for (int i = 0; i < 3; i++) {
    wm_body[i] = 0.5 * (w0[i] + d->qvel[3 + i]);
    ucm[i] = 0.5 * (uc0[i] + uc1[i]) / mass;
  }
  mju_cross(gyro_lin, wm_body, ucm);
  double scale_lin = mju_norm3(uc0) / mass / h + mju_norm3(fb) / mass;
  for (int i = 0; i < 3; i++) {
    res_lin[i] = (uc1[i] - uc0[i]) / mass / h + gyro_lin[i] - fb[i] / mass;
  }
  EXPECT_LT(mju_norm3(res_lin), 1e-12 * scale_lin)
      << res_lin[0] << " " << res_lin[1] << " " << res_lin[2];
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
    for (int k = 0; k < n; k++) {
      mj_step(m.get(), d.get());
    }
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

// The spec's rule: a free joint and no child bodies (a welded child too); damping and armature
// do not exclude a body. Only implicit / implicitfast, and not with invdiscrete.
TEST(MidpointFreeBody, EligibilityRules) {
  ModelPtr m = SpinModel(mjINT_IMPLICITFAST, 0.005);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  std::vector<double> qacc(m->nv), qvel_pos(m->nv);
  double* a = qacc.data();
  double* p = qvel_pos.data();
  ASSERT_TRUE(mj_implicitAcc(m.get(), d.get(), mjINT_IMPLICITFAST, a));
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_IMPLICITFAST, a, p), 1);
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_EULER, a, p), 0);
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_RK4, a, p), 0);
  m->dof_damping[2] = 0.1;
  m->dof_armature[4] = 0.01;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_IMPLICITFAST, a, p), 1);
  m->opt.enableflags |= mjENBL_INVDISCRETE;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_IMPLICITFAST, a, p), 0);

  ModelPtr w = LoadModelString(R"(
    <mujoco><worldbody>
      <body><freejoint/><geom size="0.1"/><body pos="0.2 0 0"><geom size="0.05"/></body></body>
      <body><joint type="ball"/><geom size="0.1"/></body>
      <body><freejoint/><geom type="box" size="0.1 0.2 0.3"/></body>
    </worldbody></mujoco>)");
  DataPtr dw(mj_makeData(w.get()));
  mj_forward(w.get(), dw.get());
  std::vector<double> qacc_w(w->nv), qvel_pos_w(w->nv);
  ASSERT_TRUE(mj_implicitAcc(w.get(), dw.get(), mjINT_IMPLICIT, qacc_w.data()));
  EXPECT_EQ(
      mj_midpointFreeBodies(w.get(), dw.get(), mjINT_IMPLICIT, qacc_w.data(), qvel_pos_w.data()),
      1);
}

// implicit's D contains the RNE derivative, which the midpoint update does not use (the
// gyroscopic torque is integrated by the midpoint rule instead): without other velocity-dependent
// forces, implicit and implicitfast take the same step. 1e-12 is rounding of the frame changes.
TEST(MidpointFreeBody, ImplicitAndImplicitFastAgreeWithoutDamping) {
  std::vector<double> qvel[2];
  int k = 0;
  for (int integrator : {mjINT_IMPLICITFAST, mjINT_IMPLICIT}) {
    ModelPtr m = SpinModel(integrator, 0.005);
    DataPtr d(mj_makeData(m.get()));
    mj_resetDataKeyframe(m.get(), d.get(), 0);
    for (int i = 0; i < 6; i++) {
      d->xfrc_applied[6 + i] = 0.1 * (i - 2.5);  // a constant wrench
    }
    for (int step = 0; step < 5; step++) {
      mj_step(m.get(), d.get());
    }
    qvel[k++].assign(d->qvel, d->qvel + 6);
  }
  const double vmax = 4;  // the largest velocity component
  for (int i = 0; i < 6; i++) {
    EXPECT_NEAR(qvel[0][i], qvel[1][i], 1e-12 * vmax) << i;
  }
}

// MuJoCo 3.8.0's trajectories (test/data/integrator/make_midpoint.sh). midpoint.xml holds one
// free body of each kind (offset or centered center of mass, rotated principal axes, contacts,
// damping, a motor wrench, fluid forces) and a body that is not eligible; balloons (shared) has
// four offset free bodies with ellipsoid fluid forces and tendon limits, run without contacts
// (its ellipsoid-ellipsoid contacts differ: doc/conformance.md#midpoint-integration). Each record
// is the state after one step: qpos, qvel, qacc as mj_step leaves it (the step's acceleration at
// the midpoint dofs) and qacc_warmstart. 1e-12 relative and absolute: the midpoint solves stop at
// ~1e-15 and the states differ by rounding that the steps carry along.
void CheckKitTrajectory(const std::string& model, const std::string& golden, int integrator,
                        int disableflags = 0) {
  ModelPtr m = LoadModel(model);
  ASSERT_TRUE(m);
  m->opt.integrator = integrator;
  m->opt.disableflags |= disableflags;
  Golden g(SourcePath("test/data/integrator/" + golden));
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_GT(g.num_records(), 0);
  DataPtr d(mj_makeData(m.get()));
  if (m->nkey) {
    mj_resetDataKeyframe(m.get(), d.get(), 0);
  }
  for (int k = 0; k < g.num_records(); k++) {
    SCOPED_TRACE("step " + std::to_string(k + 1));
    mj_step(m.get(), d.get());
    const double tol = 1e-12;
    ASSERT_TRUE(NearArrays("qpos", d->qpos, m->nq, g.get(k, "qpos"), tol, tol));
    ASSERT_TRUE(NearArrays("qvel", d->qvel, m->nv, g.get(k, "qvel"), tol, tol));
    ASSERT_TRUE(NearArrays("qacc", d->qacc, m->nv, g.get(k, "qacc"), tol, tol));
    ASSERT_TRUE(NearArrays("qacc_warmstart", d->qacc_warmstart, m->nv, g.get(k, "qacc_warmstart"),
                           tol, tol));
  }
}

TEST(MidpointFreeBody, KitTrajectoryImplicitFast) {
  CheckKitTrajectory(SourcePath("test/data/integrator/midpoint.xml"), "midpoint_fast.txt",
                     mjINT_IMPLICITFAST);
}

TEST(MidpointFreeBody, KitTrajectoryImplicit) {
  CheckKitTrajectory(SourcePath("test/data/integrator/midpoint.xml"), "midpoint_implicit.txt",
                     mjINT_IMPLICIT);
}

TEST(MidpointFreeBody, KitTrajectoryBalloons) {
  std::string path = SharedPath("models/balloons/balloons.xml");
  if (path.empty()) {
    GTEST_SKIP() << "../shared/models/balloons/balloons.xml not present";
  }
  CheckKitTrajectory(path, "midpoint_balloons.txt", mjINT_IMPLICIT, mjDSBL_CONTACT);
}
}  // namespace
}  // namespace motus_test
