// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The Newton solver's two Hessian factorizations (engine_solver_newton.cc: dense blocks;
// engine_solver_hessian.cc: sparse factor for problems of mj_newtonSparseNv() dofs or more)
// solve the same problem: forcing one path or the other on the same state must give the same
// iterates up to round-off. The scenes mix free bodies in one contact pile, a hinge chain
// (ancestor couplings in M), joint limits, friction loss, an equality and a tendon, under
// pyramidal and elliptic cones, dense and sparse Jacobians, with and without islands.

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_solver.h"
#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

// 14 boxes dropped into a walled bin, and a 4-link arm reaching into it: after 150 steps
// islands of 24+ dofs with contacts between boxes, boxes and arm links
const char kPile[] = R"(
<mujoco>
  <option timestep="0.005" solver="Newton" iterations="50" tolerance="1e-10"/>
  <worldbody>
    <geom type="plane" size="2 2 0.1"/>
    <geom type="box" pos="0.25 0 0.2" size="0.05 0.3 0.2"/>
    <geom type="box" pos="-0.25 0 0.2" size="0.05 0.3 0.2"/>
    <geom type="box" pos="0 0.25 0.2" size="0.3 0.05 0.2"/>
    <geom type="box" pos="0 -0.25 0.2" size="0.3 0.05 0.2"/>
    <body pos="0 0 0.9">
      <joint name="j0" type="hinge" axis="0 1 0" range="-1 1" frictionloss="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.15 0 -0.15" size="0.03"/>
      <body pos="0.15 0 -0.15">
        <joint name="j1" type="hinge" axis="0 1 0" range="-1.5 1.5"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.03"/>
        <body pos="0 0 -0.2">
          <joint name="j2" type="hinge" axis="1 0 0" damping="0.5"/>
          <geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.03"/>
          <body pos="0 0 -0.2">
            <joint name="j3" type="hinge" axis="0 1 0"/>
            <geom type="box" size="0.06 0.06 0.03"/>
          </body>
        </body>
      </body>
    </body>
    REPLACE_BOXES
  </worldbody>
  <equality>
    <joint joint1="j2" joint2="j3" polycoef="0 0.5 0 0 0"/>
  </equality>
  <tendon>
    <fixed name="t" limited="true" range="-0.5 0.5" frictionloss="0.05">
      <joint joint="j0" coef="1"/>
      <joint joint="j1" coef="-1"/>
    </fixed>
  </tendon>
  <actuator>
    <motor joint="j0" gear="5"/>
    <motor joint="j1" gear="5"/>
  </actuator>
</mujoco>
)";

std::string PileXml() {
  std::string boxes;
  for (int k = 0; k < 14; k++) {
    double x = -0.11 + 0.11 * (k % 3), y = -0.1 + 0.2 * ((k / 3) % 2), z = 0.1 + 0.12 * k;
    boxes += "<body pos=\"" + std::to_string(x) + " " + std::to_string(y) + " " +
             std::to_string(z) + "\" euler=\"" + std::to_string(7 * k) + " " +
             std::to_string(11 * k) +
             " 0\"><freejoint/><geom type=\"box\" size=\"0.07 0.06 "
             "0.05\"/></body>";
  }
  std::string xml = kPile;
  xml.replace(xml.find("REPLACE_BOXES"), 13, boxes);
  return xml;
}

// restores the threshold at the end of a test
struct ThresholdGuard {
  int saved = mj_newtonSparseNv();
  ~ThresholdGuard() { mj_setNewtonSparseNv(saved); }
};

struct Result {
  std::vector<mjtNum> qacc, force;
  std::vector<int> niter;
};

Result ForwardWith(const mjModel* m, mjData* d, int threshold) {
  mj_setNewtonSparseNv(threshold);
  mj_forward(m, d);
  Result r;
  r.qacc.assign(d->qacc, d->qacc + m->nv);
  r.force.assign(d->efc_force, d->efc_force + d->nefc);
  r.niter.assign(d->solver_niter, d->solver_niter + mjNISLAND);
  return r;
}

double MaxAbs(const std::vector<mjtNum>& v) {
  double s = 0;
  for (mjtNum x : v) {
    s = std::max(s, std::fabs(x));
  }
  return s;
}

// Newton from the same warm start on the same state, dense factor against sparse factor. Both
// paths add the same terms in a different order, so the search directions differ by round-off
// (1e-16 relative times the conditioning of the stiff contacts); with quadratic convergence to
// tolerance 1e-10 the iterates agree far below the 1e-8 bound, and the iteration counts are
// equal (a count that differs would mean a different algorithm, not round-off).
void CompareAtState(const mjModel* m, mjData* d) {
  Result dense = ForwardWith(m, d, INT_MAX);
  Result sparse = ForwardWith(m, d, 0);
  ASSERT_EQ(dense.force.size(), sparse.force.size());
  EXPECT_EQ(dense.niter, sparse.niter);
  double qs = std::max(1.0, MaxAbs(dense.qacc)), fs = std::max(1.0, MaxAbs(dense.force));
  for (int i = 0; i < m->nv; i++) {
    EXPECT_NEAR(sparse.qacc[i], dense.qacc[i], 1e-8 * qs) << "dof " << i;
  }
  for (size_t i = 0; i < dense.force.size(); i++) {
    EXPECT_NEAR(sparse.force[i], dense.force[i], 1e-8 * fs) << "row " << i;
  }
}

TEST(SolverHessian, SparseAndDenseFactorsAgree) {
  ThresholdGuard guard;
  const int cones[] = {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC};
  const int jacs[] = {mjJAC_DENSE, mjJAC_SPARSE};
  const int islands[] = {0, 1};
  for (int cone : cones) {
    for (int jac : jacs) {
      for (int island : islands) {
        SCOPED_TRACE("cone " + std::to_string(cone) + " jacobian " + std::to_string(jac) +
                     " island " + std::to_string(island));
        ModelPtr mp = LoadModelString(PileXml());
        ASSERT_TRUE(mp);
        mjModel* m = mp.get();
        m->opt.cone = cone;
        m->opt.jacobian = jac;
        if (!island) {
          m->opt.disableflags |= mjDSBL_ISLAND;
        }
        DataPtr dp(mj_makeData(m));
        mjData* d = dp.get();
        mj_setNewtonSparseNv(INT_MAX);
        for (int k = 0; k < 150; k++) {
          d->ctrl[0] = std::sin(0.05 * k);
          d->ctrl[1] = std::cos(0.07 * k);
          mj_step(m, d);
        }
        // a pile: contacts between bodies, so the factor has cliques beyond M's pattern
        ASSERT_GT(d->ncon, 20);
        if (island) {
          int biggest = 0;
          for (int i = 0; i < d->nisland; i++) {
            biggest = std::max(biggest, d->island_nv[i]);
          }
          ASSERT_GE(biggest, 24);
        }
        CompareAtState(m, d);
        // and with the iterations cut short: the same iterates, not only the same minimizer
        m->opt.iterations = 2;
        CompareAtState(m, d);
      }
    }
  }
}

// a trajectory through the sparse path stays close to the dense one over many steps (rank-1
// updates and downdates, refactorizations, elliptic cone blocks all exercised) and is
// deterministic: the same steps twice give the same bits
TEST(SolverHessian, SparseTrajectoryIsDeterministic) {
  ThresholdGuard guard;
  ModelPtr mp = LoadModelString(PileXml());
  ASSERT_TRUE(mp);
  mjModel* m = mp.get();
  m->opt.cone = mjCONE_ELLIPTIC;
  std::vector<std::vector<mjtNum>> runs;
  for (int rep = 0; rep < 2; rep++) {
    DataPtr dp(mj_makeData(m));
    mjData* d = dp.get();
    mj_setNewtonSparseNv(0);
    for (int k = 0; k < 200; k++) {
      d->ctrl[0] = std::sin(0.05 * k);
      mj_step(m, d);
    }
    runs.emplace_back(d->qpos, d->qpos + m->nq);
  }
  EXPECT_EQ(runs[0], runs[1]);
}

// The flex gripper (1047 dofs in one island) goes through the sparse path by default; one step
// from its initial state gives the dense path's accelerations.
TEST(SolverHessian, FlexGripperSparseMatchesDense) {
  std::string path = SharedPath("models38/flex/gripper.xml");
  if (path.empty()) {
    GTEST_SKIP() << "../shared absent";
  }
  ThresholdGuard guard;
  ModelPtr mp = LoadModel(path);
  ASSERT_TRUE(mp);
  mjModel* m = mp.get();
  ASSERT_GE(m->nv, mj_newtonSparseNv());
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  for (int k = 0; k < 5; k++) {
    mj_step(m, d);
  }
  CompareAtState(m, d);
}

}  // namespace
}  // namespace motus_test
