// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Midpoint integration of free bodies (computation_index.rst "Midpoint integration for free
// bodies"), against the math: MuJoCo 3.3.8, our reference, predates the feature. The discrete
// equation (2/h) I (w_mid - w) + w_mid x I w_mid = tau holds at every step, the quadratic first
// integrals of a torque-free body are conserved to rounding, the method is second order, the
// forces that the implicit update integrates implicitly (damping, fluid drag, velocity
// actuators) keep that treatment (the scheme (2) of engine_integrate_midpoint.cc, checked in
// generalized coordinates), and everything the spec excludes (Euler, RK4, invdiscrete, bodies
// with children) is untouched.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_derivative_smooth.h"
#include "engine/engine_integrate.h"
#include "engine/engine_util_sparse.h"
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
  double wp[3];        // angular velocity in the principal frame of body 1
  double energy;       // rotational kinetic energy w'Iw/2
  double casimir;      // |I w|^2 / 2
  double momentum[3];  // linear momentum m v_com (world)
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
  std::vector<double> qacc(m->nv);
  ASSERT_TRUE(mj_implicitAcc(m.get(), d.get(), mjINT_IMPLICITFAST, qacc.data()));
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_IMPLICITFAST, qacc.data()), 1);
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_EULER, qacc.data()), 0);
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_RK4, qacc.data()), 0);
  m->dof_damping[2] = 0.1;
  m->dof_armature[4] = 0.01;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_IMPLICITFAST, qacc.data()), 1);
  m->opt.enableflags |= mjENBL_INVDISCRETE;
  EXPECT_EQ(mj_midpointFreeBodies(m.get(), d.get(), mjINT_IMPLICITFAST, qacc.data()), 0);

  ModelPtr w = LoadModelString(R"(
    <mujoco><worldbody>
      <body><freejoint/><geom size="0.1"/><body pos="0.2 0 0"><geom size="0.05"/></body></body>
      <body><joint type="ball"/><geom size="0.1"/></body>
      <body><freejoint/><geom type="box" size="0.1 0.2 0.3"/></body>
    </worldbody></mujoco>)");
  DataPtr dw(mj_makeData(w.get()));
  mj_forward(w.get(), dw.get());
  std::vector<double> qacc_w(w->nv);
  ASSERT_TRUE(mj_implicitAcc(w.get(), dw.get(), mjINT_IMPLICIT, qacc_w.data()));
  EXPECT_EQ(mj_midpointFreeBodies(w.get(), dw.get(), mjINT_IMPLICIT, qacc_w.data()), 1);
}

// implicit's D contains the RNE derivative, which the midpoint update removes again (the
// gyroscopic torque is integrated by the midpoint rule instead): without other velocity-dependent
// forces, implicit and implicitfast take the same step. A wrong dc/dqv would leave h dc/dqv in
// the inertia of (3), a relative change of h |w| ~ 2e-2 here; 1e-12 is rounding of the frame
// changes.
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

// A body with everything the implicit update integrates implicitly: joint damping, armature,
// fluid drag (ellipsoid model: couplings between linear and angular dofs), a velocity actuator
// and an offset, rotated inertial frame. The step must solve the scheme (2) of
// engine_integrate_midpoint.cc, written here independently in generalized coordinates:
//   (M - h Do) (dqv + ((R' - R) (w' x r), 0)) = h (f + M (a, 0) + (0, w x Ic w - wm x Ic wm))
// with M from mj_fullM, Do from mjd_smoothVel without the RNE part (symmetrized for
// implicitfast), a = R (w x (w x r)), wm = (w + w')/2, Ic the COM inertia in the body frame.
const char kDampedXml[] = R"(
<mujoco>
  <option timestep="0.01" gravity="0 0 -9.81" density="1.2" viscosity="0.5"/>
  <worldbody>
    <body name="box" pos="0 0 1">
      <freejoint name="free"/>
      <geom type="box" size="0.05 0.1 0.2" pos="0.03 -0.02 0.01" euler="20 -10 35"
            density="500" fluidshape="ellipsoid" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <actuator>
    <velocity joint="free" gear="0.2 -0.1 0.3 1 0.5 -0.4" kv="0.7"/>
  </actuator>
  <keyframe>
    <key qpos="0 0 1 0.9 0.1 -0.3 0.2" qvel="0.3 -0.2 0.1 0.1 4 0.3" ctrl="0.5"/>
  </keyframe>
</mujoco>
)";

// 1 if the lower triangle of M stores element (i, j) (simple bodies store only the diagonal)
bool InPatternM(const mjModel* m, int i, int j) {
  if (j > i) {
    std::swap(i, j);
  }
  for (int k = 0; k < m->M_rownnz[i]; k++) {
    if (m->M_colind[m->M_rowadr[i] + k] == j) {
      return true;
    }
  }
  return false;
}

// D of the implicit update of `integrator` without the RNE part (6x6, the body's dofs 0-5)
std::vector<double> ImplicitDamping(const mjModel* m, mjData* d, int integrator) {
  mjd_smoothVel(m, d, 0);
  std::vector<double> D(36);
  for (int i = 0; i < 6; i++) {
    for (int j = 0; j < 6; j++) {
      D[6 * i + j] = d->qDeriv[mju_indexD(m, i, j)];
    }
  }
  if (integrator == mjINT_IMPLICITFAST) {
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < i; j++) {
        double mean = InPatternM(m, i, j) ? 0.5 * (D[6 * i + j] + D[6 * j + i]) : 0;
        D[6 * i + j] = D[6 * j + i] = mean;
      }
    }
  }
  return D;
}

void CheckDampedStep(const std::string& xml, int integrator, bool simple) {
  ModelPtr m = LoadModelString(xml);
  ASSERT_TRUE(m);
  ASSERT_EQ(m->body_simple[1] != 0, simple);
  m->opt.integrator = integrator;
  for (int i = 0; i < 6; i++) {
    m->dof_damping[i] = 0.05 * (i + 1);
    m->dof_armature[i] = 0.002 * (6 - i);
  }
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  const double h = m->opt.timestep;
  const double* r = m->body_ipos + 3;
  double R[9], Q[9], Ic[9], QI[9], w[3], v[3], f[6];
  mju_copy(R, d->xmat + 9, 9);
  mju_quat2Mat(Q, m->body_iquat + 4);
  for (int i = 0; i < 9; i++) {
    QI[i] = Q[i] * m->body_inertia[3 + i % 3];
  }
  mju_mulMatMatT(Ic, QI, Q, 3, 3, 3);
  mju_copy3(v, d->qvel);
  mju_copy3(w, d->qvel + 3);
  for (int i = 0; i < 6; i++) {
    f[i] = d->qfrc_smooth[i] + d->qfrc_constraint[i];
  }
  std::vector<double> M = DenseM(m.get(), d.get());
  std::vector<double> D = ImplicitDamping(m.get(), d.get(), integrator);
  double Dnorm = 0;
  for (double x : D) {
    Dnorm = std::fmax(Dnorm, std::fabs(x));
  }
  ASSERT_GT(Dnorm, 0.01);  // the implicit terms are really there

  mj_step(m.get(), d.get());
  mj_kinematics(m.get(), d.get());
  const double* Rn = d->xmat + 9;
  const double* vn = d->qvel;
  const double* wn = d->qvel + 3;

  // left side
  double dq[6], wnxr[3], t1[3], t2[3];
  mju_cross(wnxr, wn, r);
  mju_mulMatVec3(t1, Rn, wnxr);
  mju_mulMatVec3(t2, R, wnxr);
  for (int i = 0; i < 3; i++) {
    dq[i] = vn[i] - v[i] + t1[i] - t2[i];
    dq[3 + i] = wn[i] - w[i];
  }
  double lhs[6], rhs[6], scale = 0;
  for (int i = 0; i < 6; i++) {
    lhs[i] = 0;
    for (int j = 0; j < 6; j++) {
      lhs[i] += (M[6 * i + j] - h * D[6 * i + j]) * dq[j];
    }
  }
  // right side
  double wxr[3], wwxr[3], a[3], wm[3], Icw[3], Icwm[3], g0[3], gm[3];
  mju_cross(wxr, w, r);
  mju_cross(wwxr, w, wxr);
  mju_mulMatVec3(a, R, wwxr);
  for (int i = 0; i < 3; i++) {
    wm[i] = 0.5 * (w[i] + wn[i]);
  }
  mju_mulMatVec3(Icw, Ic, w);
  mju_mulMatVec3(Icwm, Ic, wm);
  mju_cross(g0, w, Icw);
  mju_cross(gm, wm, Icwm);
  for (int i = 0; i < 6; i++) {
    double Ma = M[6 * i] * a[0] + M[6 * i + 1] * a[1] + M[6 * i + 2] * a[2];
    double gyro = i < 3 ? 0 : g0[i - 3] - gm[i - 3];
    rhs[i] = h * (f[i] + Ma + gyro);
    scale = std::fmax(scale, std::fabs(h * f[i]) + std::fabs(h * Ma) + std::fabs(h * g0[i % 3]));
    scale = std::fmax(scale, std::fabs(lhs[i]));
  }
  // 1e-12 relative to the terms: the solve stops at 1e-15, the rest is rounding of the frames
  // (measured: ~3e-16)
  for (int i = 0; i < 6; i++) {
    EXPECT_NEAR(lhs[i], rhs[i], 1e-12 * scale) << "row " << i;
  }
}

TEST(MidpointFreeBody, DampedStepSolvesTheGeneralizedScheme) {
  // the box as above, and centered: a "simple" body, whose M block is diagonal, so that
  // implicitfast drops the off-diagonal elements of D (which the fluid forces fill)
  std::string centered = kDampedXml;
  const std::string offset_attrs = "pos=\"0.03 -0.02 0.01\" euler=\"20 -10 35\"";
  centered.replace(centered.find(offset_attrs), offset_attrs.size(), "");
  for (int integrator : {mjINT_IMPLICITFAST, mjINT_IMPLICIT}) {
    SCOPED_TRACE(integrator);
    CheckDampedStep(kDampedXml, integrator, false);
    CheckDampedStep(centered, integrator, true);
  }
}

// A thin plate spinning in a dense fluid: drag dominates (the plate is light), which the
// implicit update integrates implicitly. The midpoint update keeps that treatment, so the motion
// decays like with the plain implicit update instead of blowing up (integrating the drag
// explicitly with this step diverges within a few steps). The kinetic energy may only decrease:
// the gyroscopic torque does no work, and the drag dissipates.
TEST(MidpointFreeBody, StrongFluidDragStaysImplicit) {
  const char xml[] = R"(
  <mujoco>
    <option timestep="0.01" gravity="0 0 0" density="5000"/>
    <worldbody>
      <body pos="0 0 1">
        <freejoint/>
        <geom type="box" size="0.3 0.2 0.005" mass="0.05" contype="0" conaffinity="0"/>
      </body>
    </worldbody>
    <keyframe><key qvel="1 0 3  2 1 20"/></keyframe>
  </mujoco>)";
  for (int integrator : {mjINT_IMPLICITFAST, mjINT_IMPLICIT}) {
    SCOPED_TRACE(integrator);
    ModelPtr m = LoadModelString(xml);
    m->opt.integrator = integrator;
    DataPtr d(mj_makeData(m.get()));
    mj_resetDataKeyframe(m.get(), d.get(), 0);
    double e0 = 0;
    std::vector<double> Mv(m->nv);
    for (int step = 0; step < 200; step++) {
      mj_forward(m.get(), d.get());
      mj_mulM(m.get(), d.get(), Mv.data(), d->qvel);
      double e = 0.5 * mju_dot(d->qvel, Mv.data(), m->nv);
      if (step == 0) {
        e0 = e;
      }
      ASSERT_TRUE(std::isfinite(e)) << "step " << step;
      ASSERT_LE(e, e0 * (1 + 1e-12)) << "step " << step;
      mj_step(m.get(), d.get());
    }
    EXPECT_EQ(d->warning[mjWARN_BADQACC].number, 0);
    mj_forward(m.get(), d.get());
    mj_mulM(m.get(), d.get(), Mv.data(), d->qvel);
    EXPECT_LT(0.5 * mju_dot(d->qvel, Mv.data(), m->nv), 1e-3 * e0);
  }
}

}  // namespace
}  // namespace motus_test
