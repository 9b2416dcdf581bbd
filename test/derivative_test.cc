// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Finite-difference derivatives (engine_derivative_fd.cc): mjd_transitionFD against the
// analytic transition matrices of a linear spring-damper and of a free sphere (quaternions),
// forward vs centered differences, control clamping, determinism with contacts (warm start) and
// state restoration; mjd_inverseFD against the analytic inverse dynamics of the spring-damper.
// References here are analytic or self-consistency checks; derivative_conformance_test compares
// mjd_transitionFD with finite differences of MuJoCo 3.3.8's one-step map.

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

// mass 2 on a slide joint with stiffness 30 and damping 0.7, a motor of gear 1.5 (ctrl in
// [-1, 1]), no gravity; sensors jointpos, jointvel, actuatorfrc
std::string SpringDamper(const char* flags) {
  return std::string(R"(
<mujoco>
  <option timestep="0.01" gravity="0 0 0">)") +
         flags + R"(</option>
  <worldbody>
    <body>
      <joint name="x" type="slide" axis="1 0 0" stiffness="30" damping="0.7"/>
      <geom type="sphere" size="0.1" mass="2"/>
    </body>
  </worldbody>
  <actuator>
    <motor name="u" joint="x" gear="1.5" ctrlrange="-1 1"/>
  </actuator>
  <sensor>
    <jointpos joint="x"/>
    <jointvel joint="x"/>
    <actuatorfrc actuator="u"/>
  </sensor>
</mujoco>)";
}

constexpr double kMass = 2, kStiff = 30, kDamp = 0.7, kGear = 1.5, kStep = 0.01;

// Finite differences of a linear map are exact up to rounding: values of order 1 divided by
// eps = 1e-6 carry ~1e-16 / 1e-6 = 1e-10 error.
constexpr double kLinearTol = 1e-8;

struct Transition {
  std::vector<mjtNum> A, B, C, D;
};

Transition RunFD(const mjModel* m, mjData* d, mjtNum eps, int centered) {
  int ndx = 2 * m->nv + m->na;
  Transition t;
  t.A.assign(ndx * ndx, -1);
  t.B.assign(ndx * m->nu, -1);
  t.C.assign(m->nsensordata * ndx, -1);
  t.D.assign(m->nsensordata * m->nu, -1);
  mjd_transitionFD(m, d, eps, centered, t.A.data(), t.B.data(), t.C.data(), t.D.data());
  return t;
}

// Euler with implicit damping (eulerdamp, the default): v' = v + h (M + h b)^-1 f,
// f = -k q - b v + g u; q' = q + h v'. Without it: v' = v + h f / M.
void AnalyticSpringDamper(bool eulerdamp, double A[4], double B[2]) {
  double meff = eulerdamp ? kMass + kStep * kDamp : kMass;
  double dvdq = -kStep * kStiff / meff;
  double dvdv = 1 - kStep * kDamp / meff;
  double dvdu = kStep * kGear / meff;
  A[0] = 1 + kStep * dvdq;
  A[1] = kStep * dvdv;
  A[2] = dvdq;
  A[3] = dvdv;
  B[0] = kStep * dvdu;
  B[1] = dvdu;
}

void ExpectSpringDamper(const Transition& t, bool eulerdamp, double tol) {
  double A[4], B[2];
  AnalyticSpringDamper(eulerdamp, A, B);
  for (int k = 0; k < 4; k++) {
    EXPECT_NEAR(t.A[k], A[k], tol) << "A " << k;
  }
  for (int k = 0; k < 2; k++) {
    EXPECT_NEAR(t.B[k], B[k], tol) << "B " << k;
  }
  // sensors of the current state: jointpos = q, jointvel = v, actuatorfrc = u
  const double C[6] = {1, 0, 0, 1, 0, 0};
  const double D[3] = {0, 0, 1};
  for (int k = 0; k < 6; k++) {
    EXPECT_NEAR(t.C[k], C[k], tol) << "C " << k;
  }
  for (int k = 0; k < 3; k++) {
    EXPECT_NEAR(t.D[k], D[k], tol) << "D " << k;
  }
}

TEST(TransitionFD, LinearSpringDamperMatchesAnalytic) {
  for (bool eulerdamp : {true, false}) {
    SCOPED_TRACE(eulerdamp ? "eulerdamp" : "no eulerdamp");
    ModelPtr model =
        LoadModelString(SpringDamper(eulerdamp ? "" : R"(<flag eulerdamp="disable"/>)"));
    ASSERT_TRUE(model);
    DataPtr data(mj_makeData(model.get()));
    mjData* d = data.get();
    d->qpos[0] = 0.3;
    d->qvel[0] = -0.8;
    d->ctrl[0] = 0.2;
    for (int centered = 0; centered < 2; centered++) {
      ExpectSpringDamper(RunFD(model.get(), d, 1e-6, centered), eulerdamp, kLinearTol);
    }
  }
}

TEST(TransitionFD, ClampedControlUsesOneSidedDifferences) {
  ModelPtr model = LoadModelString(SpringDamper(""));
  ASSERT_TRUE(model);
  DataPtr data(mj_makeData(model.get()));
  mjData* d = data.get();
  // at either bound a difference across it would see the clamped control and halve B
  for (double u : {1.0, -1.0, 1.0 - 1e-7}) {
    d->ctrl[0] = u;
    for (int centered = 0; centered < 2; centered++) {
      Transition t = RunFD(model.get(), d, 1e-6, centered);
      double A[4], B[2];
      AnalyticSpringDamper(true, A, B);
      EXPECT_NEAR(t.B[0], B[0], kLinearTol) << "u " << u << " centered " << centered;
      EXPECT_NEAR(t.B[1], B[1], kLinearTol) << "u " << u << " centered " << centered;
      EXPECT_NEAR(t.D[2], 1, kLinearTol);
    }
  }
}

// A free sphere (isotropic inertia: no gyroscopic torque) under gravity, at zero angular
// velocity: position and orientation advance as p' = p + h v', R' = R exp(h w'), v' = v + h g,
// w' = w, so in the tangent space A = [[I, h I], [0, I]] (12 x 12). A plain difference of the
// 7 qpos numbers would not even have the right size: this checks the quaternion handling.
TEST(TransitionFD, FreeBodyInTangentSpace) {
  ModelPtr model = LoadModelString(R"(
<mujoco>
  <option timestep="0.005"/>
  <worldbody>
    <body pos="0 0 1" quat="0.8 0.3 -0.2 0.4">
      <freejoint/>
      <geom type="sphere" size="0.1"/>
    </body>
  </worldbody>
</mujoco>)");
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  mj_normalizeQuat(m, d->qpos);
  d->qvel[0] = 0.5;
  d->qvel[2] = -1;
  std::vector<mjtNum> A(144);
  mjd_transitionFD(m, d, 1e-6, 1, A.data(), nullptr, nullptr, nullptr);
  double h = m->opt.timestep;
  for (int r = 0; r < 12; r++) {
    for (int c = 0; c < 12; c++) {
      double e = (r == c) ? 1 : (c == r + 6 ? h : 0);
      // centered differences of a map that is linear except for the rotation (whose second
      // derivative enters at O(eps^2)): rounding 1e-16/1e-6
      EXPECT_NEAR(A[r * 12 + c], e, 1e-8) << "A(" << r << "," << c << ")";
    }
  }
}

// two-link arm with a ball joint and a hinge, limits and a contact-free swing: forward and
// centered differences agree to O(eps) (the truncation error of forward differences)
const char kArm[] = R"(
<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <body pos="0 0 1">
      <joint name="ball" type="ball" damping="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.04"/>
      <body pos="0.3 0 0">
        <joint name="hinge" type="hinge" axis="0 1 0" damping="0.05"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.03"/>
        <site name="tip" pos="0 0 -0.3"/>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor joint="hinge" gear="2"/>
    <general joint="hinge" dyntype="filter" dynprm="0.05" gainprm="3"/>
  </actuator>
  <sensor>
    <framepos objtype="site" objname="tip"/>
    <accelerometer site="tip"/>
  </sensor>
</mujoco>)";

TEST(TransitionFD, ForwardAndCenteredAgree) {
  ModelPtr model = LoadModelString(kArm);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  const double q[5] = {0.9, 0.2, -0.3, 0.25, 0.7};
  for (int k = 0; k < 5; k++) {
    d->qpos[k] = q[k];
  }
  mj_normalizeQuat(m, d->qpos);
  const double v[4] = {0.3, -1, 0.5, 2};
  for (int k = 0; k < 4; k++) {
    d->qvel[k] = v[k];
  }
  d->act[0] = 0.4;
  d->ctrl[0] = 0.3;
  d->ctrl[1] = -0.6;
  Transition f = RunFD(m, d, 1e-6, 0);
  Transition c = RunFD(m, d, 1e-6, 1);
  // forward differences carry eps/2 times the second derivative (of order 1 to 100 here,
  // through the accelerometer) plus rounding; centered ones eps^2/6 times the third
  auto compare = [](const std::vector<mjtNum>& a, const std::vector<mjtNum>& b, const char* what) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t k = 0; k < a.size(); k++) {
      EXPECT_NEAR(a[k], b[k], 1e-4 * (1 + std::fabs(b[k]))) << what << " " << k;
    }
  };
  compare(f.A, c.A, "A");
  compare(f.B, c.B, "B");
  compare(f.C, c.C, "C");
  compare(f.D, c.D, "D");
  // the activation column: act' = act + h (ctrl - act)/tau (filter), exact
  int ndx = 2 * m->nv + m->na;
  double h = m->opt.timestep, tau = 0.05;
  EXPECT_NEAR(c.A[(ndx - 1) * ndx + ndx - 1], 1 - h / tau, 1e-8);
  EXPECT_NEAR(c.B[(ndx - 1) * m->nu + 1], h / tau, 1e-8);
}

// With contacts the solver runs from qacc_warmstart: every evaluation restores it, so two calls
// give identical matrices, and the state in d is left untouched.
TEST(TransitionFD, DeterministicWithContactsAndRestoresState) {
  ModelPtr model = LoadModelString(R"(
<mujoco>
  <option timestep="0.004"/>
  <worldbody>
    <geom type="plane" size="2 2 0.1"/>
    <body pos="0 0 0.099">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1"/>
    </body>
  </worldbody>
  <sensor>
    <framelinvel objtype="body" objname="world"/>
  </sensor>
</mujoco>)");
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  for (int k = 0; k < 20; k++) {
    mj_step(m, d);
  }
  int sig = mjSTATE_INTEGRATION;
  std::vector<mjtNum> before(mj_stateSize(m, sig)), after(before.size());
  mj_getState(m, d, before.data(), sig);
  Transition t1 = RunFD(m, d, 1e-6, 0);
  mj_getState(m, d, after.data(), sig);
  EXPECT_EQ(0, std::memcmp(before.data(), after.data(), before.size() * sizeof(mjtNum)));
  Transition t2 = RunFD(m, d, 1e-6, 0);
  EXPECT_EQ(0, std::memcmp(t1.A.data(), t2.A.data(), t1.A.size() * sizeof(mjtNum)));
  // resting box: the transition is bounded and finite
  for (mjtNum x : t1.A) {
    EXPECT_TRUE(std::isfinite(x));
  }
}

TEST(TransitionFD, RK4IsAnError) {
  ModelPtr model = LoadModelString(R"(
<mujoco><option integrator="RK4"/><worldbody><body><joint type="slide"/>
<geom size="0.1"/></body></worldbody></mujoco>)");
  ASSERT_TRUE(model);
  DataPtr data(mj_makeData(model.get()));
  std::vector<mjtNum> A(4);
  ScopedErrorCapture capture;
  EXPECT_THROW(
      mjd_transitionFD(model.get(), data.get(), 1e-6, 0, A.data(), nullptr, nullptr, nullptr),
      MujocoError);
}

// inverse dynamics of the spring-damper: f = M a + k q + b v (passive forces are internal);
// with flg_actuation, f - qfrc_actuator, whose motor term gear*ctrl has no q/v/a dependence.
// Outputs are transposed (row = input); sensors: jointpos, jointvel, actuatorfrc.
TEST(InverseFD, SpringDamperMatchesAnalytic) {
  ModelPtr model = LoadModelString(SpringDamper(""));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  d->qpos[0] = -0.2;
  d->qvel[0] = 0.6;
  d->qacc[0] = 1.3;
  d->ctrl[0] = 0.5;
  for (int act = 0; act < 2; act++) {
    mjtNum DfDq, DfDv, DfDa, DmDq, DsDq[3], DsDv[3], DsDa[3];
    mjd_inverseFD(m, d, 1e-6, act, &DfDq, &DfDv, &DfDa, DsDq, DsDv, DsDa, &DmDq);
    EXPECT_NEAR(DfDq, kStiff, 1e-6);  // rounding of f ~ 10 over eps 1e-6: ~1e-9
    EXPECT_NEAR(DfDv, kDamp, 1e-6);
    EXPECT_NEAR(DfDa, kMass, 1e-6);
    EXPECT_NEAR(DmDq, 0, 1e-6);
    EXPECT_NEAR(DsDq[0], 1, 1e-8);
    EXPECT_NEAR(DsDq[1], 0, 1e-8);
    EXPECT_NEAR(DsDv[1], 1, 1e-8);
    EXPECT_NEAR(DsDa[0], 0, 1e-8);
    EXPECT_NEAR(DsDa[2], 0, 1e-8);
  }
  // the inputs are restored
  EXPECT_EQ(d->qpos[0], -0.2);
  EXPECT_EQ(d->qvel[0], 0.6);
  EXPECT_EQ(d->qacc[0], 1.3);
}

// dM/dq of the arm against central differences of qM computed here
TEST(InverseFD, MassMatrixDerivative) {
  ModelPtr model = LoadModelString(kArm);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  d->qpos[0] = 0.9;
  d->qpos[1] = 0.3;
  d->qpos[4] = 0.8;
  mj_normalizeQuat(m, d->qpos);
  int nv = m->nv, nM = m->nM;
  std::vector<mjtNum> DmDq(nv * nM);
  mjd_inverseFD(m, d, 1e-7, 0, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, DmDq.data());
  std::vector<mjtNum> q0(d->qpos, d->qpos + m->nq);
  DataPtr scratch(mj_makeData(m));
  mjData* s = scratch.get();
  double h = 1e-5;
  double maxabs = 0;
  for (int i = 0; i < nv; i++) {
    std::vector<mjtNum> Mp(nM), Mm(nM), dx(nv, 0.0);
    dx[i] = 1;
    for (int side = 0; side < 2; side++) {
      for (int k = 0; k < m->nq; k++) {
        s->qpos[k] = q0[k];
      }
      mj_integratePos(m, s->qpos, dx.data(), side ? -h : h);
      mj_fwdPosition(m, s);
      for (int k = 0; k < nM; k++) {
        (side ? Mm : Mp)[k] = s->qM[k];
      }
    }
    for (int k = 0; k < nM; k++) {
      double e = (Mp[k] - Mm[k]) / (2 * h);
      maxabs = std::fmax(maxabs, std::fabs(e));
      // forward differences with eps 1e-7: truncation ~ eps * d2M/dq2 (~0.1), rounding
      // 1e-17/1e-7
      EXPECT_NEAR(DmDq[i * nM + k], e, 1e-7) << "dof " << i << " entry " << k;
    }
  }
  EXPECT_GT(maxabs, 1e-3);  // the mass matrix does depend on the configuration
}

}  // namespace
}  // namespace motus_test
