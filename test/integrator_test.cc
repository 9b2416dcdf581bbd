// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Integrators and the velocity derivatives behind the implicit ones, against reference-free
// properties: energy and momentum conservation, the convergence order of RK4, finite
// differences of the smooth forces, dense linear algebra, and the closed forms of the state
// update (computation_index.rst "Numerical integration").

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_derivative_smooth.h"
#include "engine/engine_forward.h"
#include "engine/engine_integrate.h"
#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

std::string Data(const char* name) { return SourcePath(std::string("test/data/forward/") + name); }

// total energy after simulating `duration` seconds of the pendulum from its keyframe
double EnergyDrift(int integrator, double h, double duration) {
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  m->opt.integrator = integrator;
  m->opt.timestep = h;
  m->opt.enableflags |= mjENBL_ENERGY;
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  double e0 = d->energy[0] + d->energy[1];
  int n = static_cast<int>(std::lround(duration / h));
  for (int k = 0; k < n; k++) mj_step(m.get(), d.get());
  mj_forward(m.get(), d.get());
  return std::fabs(d->energy[0] + d->energy[1] - e0) / std::fabs(e0);
}

// RK4 on a conservative system: tiny drift that shrinks like h^4
TEST(RungeKutta, EnergyDriftIsFourthOrder) {
  double coarse = EnergyDrift(mjINT_RK4, 0.004, 1.0);
  double fine = EnergyDrift(mjINT_RK4, 0.002, 1.0);
  // relative drift over 1 s: Euler-type methods drift at ~1e-3 here; RK4 stays far below
  EXPECT_LT(coarse, 1e-6);
  // order 4: halving h divides the error by 16; allow 10 for the higher-order terms
  EXPECT_GT(coarse / fine, 10) << "coarse " << coarse << " fine " << fine;
  // semi-implicit Euler drifts much more at the same step (first order)
  EXPECT_GT(EnergyDrift(mjINT_EULER, 0.002, 1.0), 100 * fine);
}

// Relative change of the total linear and angular momentum (about the total center of mass,
// from mj_subtreeVel) of the torque-free free bodies after `duration` seconds.
double MomentumDrift(int integrator, double h, double duration) {
  ModelPtr m = LoadModel(Data("free_spin.xml"));
  m->opt.integrator = integrator;
  m->opt.timestep = h;
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  auto momentum = [&](double mom[6]) {
    mj_forward(m.get(), d.get());
    mj_subtreeVel(m.get(), d.get());
    for (int i = 0; i < 3; i++) {
      mom[i] = d->subtree_angmom[i];
      mom[3 + i] = d->subtree_linvel[i] * m->body_subtreemass[0];
    }
  };
  double before[6], after[6];
  momentum(before);
  int n = static_cast<int>(std::lround(duration / h));
  for (int k = 0; k < n; k++) mj_step(m.get(), d.get());
  momentum(after);
  double change = 0, norm = 0;
  for (int i = 0; i < 6; i++) {
    change += (after[i] - before[i]) * (after[i] - before[i]);
    norm += before[i] * before[i];
  }
  return std::sqrt(change / norm);
}

// Momentum is conserved by the continuous dynamics. RK4 keeps it to within its truncation error,
// which for rotating free bodies is second order, not fourth: the stages move the quaternion as
// q0 exp(a h w) with the stage's local angular velocity w, ignoring that w and the accumulated
// rotation do not commute (the dexp^-1 correction of Lie-group Runge-Kutta methods), an O(h^3)
// local error. MuJoCo 3.3.8 integrates the same way (forward_conformance_test matches it).
TEST(RungeKutta, TorqueFreeBodiesConserveMomentum) {
  double coarse = MomentumDrift(mjINT_RK4, 0.004, 1.0);
  double fine = MomentumDrift(mjINT_RK4, 0.002, 1.0);
  EXPECT_LT(fine, 1e-5);  // vs ~1e-2 for the first-order methods below
  EXPECT_GT(coarse / fine, 3.5) << "coarse " << coarse << " fine " << fine;  // ~4: order 2
}

// The single-step methods are first order: their drift halves with the step.
TEST(Implicit, TorqueFreeBodiesMomentumIsFirstOrder) {
  for (int integrator : {mjINT_IMPLICIT, mjINT_IMPLICITFAST, mjINT_EULER}) {
    double coarse = MomentumDrift(integrator, 0.002, 1.0);
    double fine = MomentumDrift(integrator, 0.001, 1.0);
    EXPECT_LT(fine, 0.05) << "integrator " << integrator;
    EXPECT_GT(coarse / fine, 1.6) << "integrator " << integrator;
    EXPECT_LT(coarse / fine, 2.5) << "integrator " << integrator;
  }
}

// ---------------------------------------------------------------------------------------------
// velocity derivatives

// qfrc_smooth at the current state with qvel replaced (full forward pass)
std::vector<double> SmoothForce(const mjModel* m, mjData* d, const std::vector<double>& qvel) {
  for (int i = 0; i < m->nv; i++) d->qvel[i] = qvel[i];
  mj_forward(m, d);
  return std::vector<double>(d->qfrc_smooth, d->qfrc_smooth + m->nv);
}

// dense D from qDeriv
std::vector<double> DenseD(const mjModel* m, const mjData* d) {
  int nv = m->nv;
  std::vector<double> D(nv * nv, 0.0);
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int adr = m->D_rowadr[i] + k;
      D[i * nv + m->D_colind[adr]] = d->qDeriv[adr];
    }
  }
  return D;
}

// central differences of qfrc_smooth with respect to qvel, restricted to the D pattern
void CheckDerivative(const char* model, int key) {
  SCOPED_TRACE(model);
  ModelPtr m = LoadModel(Data(model));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), key);
  mj_forward(m.get(), d.get());
  int nv = m->nv;
  std::vector<double> qvel(d->qvel, d->qvel + nv);
  mjd_smoothVel(m.get(), d.get(), 1);
  std::vector<double> D = DenseD(m.get(), d.get());

  const double eps = 1e-6;
  for (int j = 0; j < nv; j++) {
    std::vector<double> plus = qvel, minus = qvel;
    plus[j] += eps;
    minus[j] -= eps;
    std::vector<double> fp = SmoothForce(m.get(), d.get(), plus);
    std::vector<double> fm = SmoothForce(m.get(), d.get(), minus);
    for (int i = 0; i < nv; i++) {
      if (mjd_indexD(m.get(), i, j) < 0) continue;  // outside the pattern: dropped by design
      double fd = (fp[i] - fm[i]) / (2 * eps);
      // central differences: O(eps^2) truncation, O(1e-16/eps) rounding on forces of O(10)
      EXPECT_NEAR(D[i * nv + j], fd, 1e-6 * (1 + std::fabs(fd))) << "D(" << i << "," << j << ")";
    }
  }
}

TEST(Derivative, RneVelocityDerivativeMatchesFiniteDifferences) {
  // these models have no velocity-dependent forces but the bias: D = -d c / d v
  CheckDerivative("pendulum.xml", 0);
  CheckDerivative("ball_chain.xml", 0);
  CheckDerivative("free_spin.xml", 0);
}

TEST(Derivative, SmoothVelocityDerivativeMatchesFiniteDifferences) {
  // damping of joints and tendons, affine actuators and the bias force
  CheckDerivative("damped.xml", 0);
}

TEST(Derivative, FluidVelocityDerivativeMatchesFiniteDifferences) {
  // inertia-box and ellipsoid fluid forces (mjd_fluidVel), dof damping and the bias force
  CheckDerivative("fluid.xml", 0);
}

// implicitfast leaves the symmetrized derivative (D + D')/2 in qDeriv (as MuJoCo 3.3.8 does);
// the fluid forces make D nonsymmetric even without the RNE terms
TEST(Derivative, FastIntegratorSymmetrizesTheDerivative) {
  ModelPtr m = LoadModel(Data("fluid.xml"));
  ASSERT_TRUE(m);
  m->opt.integrator = mjINT_IMPLICITFAST;
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  mjd_smoothVel(m.get(), d.get(), 0);
  std::vector<double> D = DenseD(m.get(), d.get());
  int nv = m->nv;
  double asymmetry = 0;
  for (int i = 0; i < nv; i++) {
    for (int j = 0; j < nv; j++) {
      asymmetry = std::max(asymmetry, std::fabs(D[i * nv + j] - D[j * nv + i]));
    }
  }
  ASSERT_GT(asymmetry, 1e-3);  // the test needs a nonsymmetric D

  mj_step(m.get(), d.get());  // recomputes the forward pass at the same state first
  std::vector<double> sym = DenseD(m.get(), d.get());
  for (int i = 0; i < nv; i++) {
    for (int j = 0; j < nv; j++) {
      // the mean of two numbers, in either order: exact
      EXPECT_EQ(sym[i * nv + j], sym[j * nv + i]);
      EXPECT_EQ(sym[i * nv + j], 0.5 * (D[i * nv + j] + D[j * nv + i])) << i << "," << j;
    }
  }
}

// implicitfast: everything except RNE. On damped.xml the difference between the two
// derivatives must be exactly the RNE part computed alone.
TEST(Derivative, FastDerivativeExcludesRne) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  mjd_smoothVel(m.get(), d.get(), 1);
  std::vector<double> full(d->qDeriv, d->qDeriv + m->nD);
  mjd_smoothVel(m.get(), d.get(), 0);
  std::vector<double> fast(d->qDeriv, d->qDeriv + m->nD);
  mju_zero(d->qDeriv, m->nD);
  mjd_rneVel(m.get(), d.get());
  for (int k = 0; k < m->nD; k++) {
    EXPECT_NEAR(full[k], fast[k] + d->qDeriv[k], 1e-12 * (1 + std::fabs(full[k])));
  }
}

// ---------------------------------------------------------------------------------------------
// factorizations

// dense Gaussian elimination with partial pivoting, for reference
std::vector<double> DenseSolve(std::vector<double> A, std::vector<double> b, int n) {
  for (int c = 0; c < n; c++) {
    int p = c;
    for (int r = c + 1; r < n; r++) {
      if (std::fabs(A[r * n + c]) > std::fabs(A[p * n + c])) p = r;
    }
    for (int k = 0; k < n; k++) std::swap(A[c * n + k], A[p * n + k]);
    std::swap(b[c], b[p]);
    for (int r = c + 1; r < n; r++) {
      double f = A[r * n + c] / A[c * n + c];
      for (int k = c; k < n; k++) A[r * n + k] -= f * A[c * n + k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(n);
  for (int r = n - 1; r >= 0; r--) {
    double s = b[r];
    for (int k = r + 1; k < n; k++) s -= A[r * n + k] * x[k];
    x[r] = s / A[r * n + r];
  }
  return x;
}

// LU on the D pattern solves a nonsymmetric matrix with that pattern exactly (no fill-in)
TEST(Factorization, SparseLUMatchesDenseSolve) {
  for (const char* model : {"ball_chain.xml", "damped.xml", "pendulum.xml", "free_spin.xml"}) {
    SCOPED_TRACE(model);
    ModelPtr m = LoadModel(Data(model));
    ASSERT_TRUE(m);
    int nv = m->nv;
    std::vector<double> lu(m->nD), dense(nv * nv, 0.0), b(nv), x(nv);
    // a diagonally dominant nonsymmetric matrix on the pattern
    for (int i = 0; i < nv; i++) {
      for (int k = 0; k < m->D_rownnz[i]; k++) {
        int adr = m->D_rowadr[i] + k, j = m->D_colind[adr];
        double v = (i == j) ? 5.0 + i : std::sin(1.0 + 3 * i + 7 * j);
        lu[adr] = v;
        dense[i * nv + j] = v;
      }
      b[i] = std::cos(1.0 + i);
    }
    x = b;
    mjd_factorLU(m.get(), lu.data());
    mjd_solveLU(m.get(), lu.data(), x.data());
    std::vector<double> ref = DenseSolve(dense, b, nv);
    for (int i = 0; i < nv; i++) {
      EXPECT_NEAR(x[i], ref[i], 1e-12 * (1 + std::fabs(ref[i])));  // well-conditioned, ~1e-15
    }
  }
}

// ---------------------------------------------------------------------------------------------
// implicit updates against their defining equation (M - h D) (v' - v) = h M qacc

// dense (M - h D) and the solve of the implicit update, computed independently
std::vector<double> ReferenceImplicitDv(const mjModel* m, mjData* d, int integrator) {
  int nv = m->nv;
  double h = m->opt.timestep;
  std::vector<double> M = DenseM(m, d);
  std::vector<double> D(nv * nv, 0.0);
  if (integrator == mjINT_EULER) {
    for (int i = 0; i < nv; i++) D[i * nv + i] = -m->dof_damping[i];
  } else {
    mjd_smoothVel(m, d, integrator == mjINT_IMPLICIT);
    D = DenseD(m, d);
    if (integrator == mjINT_IMPLICITFAST) {
      for (int i = 0; i < nv; i++) {
        for (int j = 0; j < i; j++) {
          double s = 0.5 * (D[i * nv + j] + D[j * nv + i]);
          D[i * nv + j] = D[j * nv + i] = s;
        }
      }
    }
  }
  std::vector<double> A(nv * nv), rhs(nv);
  for (int k = 0; k < nv * nv; k++) A[k] = M[k] - h * D[k];
  // h M qacc
  for (int i = 0; i < nv; i++) {
    double s = 0;
    for (int j = 0; j < nv; j++) s += M[i * nv + j] * d->qacc[j];
    rhs[i] = h * s;
  }
  return DenseSolve(A, rhs, nv);
}

TEST(Implicit, VelocityUpdateSolvesTheLinearizedEquation) {
  for (int integrator : {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST}) {
    for (const char* model : {"damped.xml", "ball_chain.xml"}) {
      SCOPED_TRACE(std::string(model) + " integrator " + std::to_string(integrator));
      ModelPtr m = LoadModel(Data(model));
      ASSERT_TRUE(m);
      m->opt.integrator = integrator;
      // the free body of damped.xml is childless: invdiscrete keeps the midpoint update off it
      // (integrator_midpoint_test.cc checks that update), so every dof takes the linear one
      m->opt.enableflags |= mjENBL_INVDISCRETE;
      DataPtr d(mj_makeData(m.get()));
      mj_resetDataKeyframe(m.get(), d.get(), 0);
      mj_forward(m.get(), d.get());
      std::vector<double> ref = ReferenceImplicitDv(m.get(), d.get(), integrator);
      std::vector<double> v0(d->qvel, d->qvel + m->nv);
      mj_forward(m.get(), d.get());
      if (integrator == mjINT_EULER) {
        mj_Euler(m.get(), d.get());
      } else {
        mj_implicit(m.get(), d.get());
      }
      for (int i = 0; i < m->nv; i++) {
        EXPECT_NEAR(d->qvel[i] - v0[i], ref[i], 1e-11 * (1 + std::fabs(ref[i])));
      }
    }
  }
}

// Euler without damping (or with eulerdamp disabled) is the plain semi-implicit update
TEST(Euler, SemiImplicitWithoutDamping) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  m->opt.integrator = mjINT_EULER;
  m->opt.disableflags |= mjDSBL_EULERDAMP;
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  int nv = m->nv, nq = m->nq;
  double h = m->opt.timestep;
  std::vector<double> v(nv), q(d->qpos, d->qpos + nq), qacc(d->qacc, d->qacc + nv);
  for (int i = 0; i < nv; i++) v[i] = d->qvel[i] + h * qacc[i];
  mj_integratePos(m.get(), q.data(), v.data(), h);
  double t = d->time;
  mj_Euler(m.get(), d.get());
  for (int i = 0; i < nv; i++) EXPECT_EQ(d->qvel[i], v[i]);
  for (int i = 0; i < nq; i++) EXPECT_EQ(d->qpos[i], q[i]);
  EXPECT_EQ(d->time, t + h);
  for (int i = 0; i < nv; i++) EXPECT_EQ(d->qacc_warmstart[i], qacc[i]);
}

// ---------------------------------------------------------------------------------------------
// activation update

const char kActModel[] = R"(
<mujoco>
  <option timestep="0.01"/>
  <worldbody>
    <body>
      <joint name="j" type="slide" axis="1 0 0"/>
      <geom type="sphere" size="0.1" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <actuator>
    <general joint="j" dyntype="filter" dynprm="0.05"/>
    <general joint="j" dyntype="filterexact" dynprm="0.003"/>
    <general joint="j" dyntype="integrator" actlimited="true" actrange="-0.5 0.2"/>
  </actuator>
</mujoco>)";

TEST(Activation, FilterExactAndClamping) {
  ModelPtr m = LoadModelString(kActModel);
  ASSERT_TRUE(m);
  ASSERT_EQ(m->na, 3);
  DataPtr d(mj_makeData(m.get()));
  double h = m->opt.timestep;
  d->ctrl[0] = 1;
  d->ctrl[1] = 1;
  d->ctrl[2] = 30;
  d->act[0] = 0.25;
  d->act[1] = 0.25;
  d->act[2] = 0.1;
  mj_step(m.get(), d.get());
  // filter: explicit Euler on (u - w)/tau
  EXPECT_NEAR(d->act[0], 0.25 + h * (1 - 0.25) / 0.05, 1e-14);
  // filterexact with tau < h: exact exponential, stable
  EXPECT_NEAR(d->act[1], 1 - 0.75 * std::exp(-h / 0.003), 1e-14);
  // integrator: 0.1 + 0.3 clamped to the upper end of actrange
  EXPECT_EQ(d->act[2], 0.2);
}

}  // namespace
}  // namespace motus_test
