// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Constraint solver tests that need no reference data: optimality conditions of the solutions
// (primal gradient, dual KKT and complementarity, forces in the cones), agreement of the three
// solvers, warm start, statistics, and physical behavior (friction threshold on a slope, a stack
// of boxes and a humanoid at rest over 10 s, noslip).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"
#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

// a small scene with every kind of row: contacts (box, sphere, capsule on a plane and on each
// other), a hinge limit, dof friction loss, a connect equality
const char kScene[] = R"(
<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <geom type="plane" size="2 2 .1"/>
    <body pos="0 0 0.098">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1" density="500"/>
    </body>
    <body pos="0.02 0.01 0.297">
      <freejoint/>
      <geom type="sphere" size="0.1" density="300"/>
    </body>
    <body pos="0.5 0 0.049">
      <freejoint/>
      <geom type="capsule" fromto="-0.1 0 0 0.1 0 0" size="0.05" condim="4"/>
    </body>
    <body pos="-0.6 0 0.5">
      <joint name="h" type="hinge" axis="0 1 0" range="-20 20" limited="true"
             frictionloss="0.05"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>
      <body pos="0.3 0 0">
        <joint type="hinge" axis="0 1 0" frictionloss="0.02"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.03"/>
        <site name="tip" pos="0 0 -0.3"/>
      </body>
    </body>
  </worldbody>
  <equality>
    <connect site1="tip" site2="anchor"/>
  </equality>
  <worldbody>
    <site name="anchor" pos="-0.25 0 0.18"/>
  </worldbody>
</mujoco>)";

// settle the scene a little so that contacts are active, then return the state
ModelPtr SceneModel(int cone, int jacobian) {
  ModelPtr model = LoadModelString(kScene);
  if (model) {
    model->opt.cone = cone;
    model->opt.jacobian = jacobian;
  }
  return model;
}

void Converge(mjModel* m, int solver) {
  m->opt.solver = solver;
  m->opt.tolerance = 1e-14;
  m->opt.iterations = 5000;
  m->opt.ls_iterations = 100;
}

// Dual KKT conditions of the solution f (computation_index.rst "Dual problem"): with the
// residual r = AR f + b (the constraint-space acceleration minus the reference, plus R f):
//   equality rows r = 0; friction loss |f| <= fl, r = 0 inside, r <= 0 at +fl, r >= 0 at -fl;
//   one-sided rows f >= 0, r >= 0, f r = 0; elliptic contacts f in K, r in the dual cone K*,
//   f' r = 0. tol is relative to the largest |AR f| + |b| term.
void ExpectDualKKT(const mjModel* m, mjData* d, double tol) {
  int nefc = d->nefc;
  std::vector<double> r(nefc);
  double scale = 0;
  for (int i = 0; i < nefc; i++) {
    double af = mj_dualRowDot(m, d, i, d->efc_force);
    r[i] = af + d->efc_b[i];
    scale = std::fmax(scale, std::fabs(af) + std::fabs(d->efc_b[i]));
  }
  double atol = tol * scale;
  const mjtNum* f = d->efc_force;
  for (int i = 0; i < nefc; i++) {
    switch (d->efc_type[i]) {
      case mjCNSTR_EQUALITY:
        EXPECT_NEAR(r[i], 0, atol) << "equality row " << i;
        break;
      case mjCNSTR_FRICTION_DOF:
      case mjCNSTR_FRICTION_TENDON: {
        double fl = d->efc_frictionloss[i];
        EXPECT_LE(std::fabs(f[i]), fl * (1 + 1e-12)) << "row " << i;
        if (f[i] >= fl * (1 - 1e-9)) {
          EXPECT_LE(r[i], atol) << "row " << i;
        } else if (f[i] <= -fl * (1 - 1e-9)) {
          EXPECT_GE(r[i], -atol) << "row " << i;
        } else {
          EXPECT_NEAR(r[i], 0, atol) << "row " << i;
        }
        break;
      }
      case mjCNSTR_CONTACT_ELLIPTIC: {
        const mjContact* con = d->contact + d->efc_id[i];
        int dim = con->dim;
        double ft = 0, rt = 0, fr = 0;
        for (int j = 1; j < dim; j++) {
          ft += std::pow(f[i + j] / con->friction[j - 1], 2);
          rt += std::pow(r[i + j] * con->friction[j - 1], 2);
        }
        for (int j = 0; j < dim; j++) {
          fr += f[i + j] * r[i + j];
        }
        EXPECT_LE(std::sqrt(ft), f[i] * (1 + 1e-9) + 1e-12) << "cone, row " << i;
        EXPECT_GE(r[i] - std::sqrt(rt), -atol) << "dual cone, row " << i;
        EXPECT_NEAR(fr, 0, atol * (std::fabs(f[i]) + 1)) << "complementarity, row " << i;
        i += dim - 1;
        break;
      }
      default:
        EXPECT_GE(f[i], 0) << "row " << i;
        EXPECT_GE(r[i], -atol) << "row " << i;
        EXPECT_NEAR(f[i] * r[i], 0, atol * (std::fabs(f[i]) + 1)) << "row " << i;
    }
  }
}

// primal optimality: grad = M qacc - qfrc_smooth - J' f = 0, with f = -grad s at qacc
void ExpectPrimalOptimal(const mjModel* m, mjData* d, double tol) {
  int nv = m->nv;
  std::vector<mjtNum> Ma(nv), f(d->efc_force, d->efc_force + d->nefc);
  mj_mulM(m, d, Ma.data(), d->qacc);
  // round-off scale: the row forces are D (J qacc - aref), a difference of terms of size
  // D (|J qacc| + |aref|), which stiff rows (equality, D ~ 1e6) amplify
  std::vector<mjtNum> Jq(d->nefc);
  mj_mulJacVec(m, d, Jq.data(), d->qacc);
  double rowscale = 0;
  for (int r = 0; r < d->nefc; r++) {
    rowscale = std::fmax(rowscale, d->efc_D[r] * (std::fabs(Jq[r]) + std::fabs(d->efc_aref[r])));
  }
  double scale = rowscale;
  for (int i = 0; i < nv; i++) {
    scale = std::fmax(scale, std::fabs(d->qfrc_smooth[i]) + std::fabs(d->qfrc_constraint[i]));
  }
  for (int i = 0; i < nv; i++) {
    EXPECT_NEAR(Ma[i], d->qfrc_smooth[i] + d->qfrc_constraint[i], tol * scale) << "dof " << i;
  }
  // the reported forces are those of the cost at qacc
  std::vector<mjtNum> jar(d->nefc);
  mj_mulJacVec(m, d, jar.data(), d->qacc);
  for (int i = 0; i < d->nefc; i++) {
    jar[i] -= d->efc_aref[i];
  }
  mj_constraintUpdate(m, d, jar.data(), nullptr, 0);
  for (int i = 0; i < d->nefc; i++) {
    EXPECT_NEAR(d->efc_force[i], f[i], 1e-9 * (std::fabs(f[i]) + 1)) << "row " << i;
  }
}

struct Variant {
  int cone, jacobian;
};
const Variant kVariants[] = {{mjCONE_PYRAMIDAL, mjJAC_DENSE},
                             {mjCONE_PYRAMIDAL, mjJAC_SPARSE},
                             {mjCONE_ELLIPTIC, mjJAC_DENSE},
                             {mjCONE_ELLIPTIC, mjJAC_SPARSE}};

// run 50 steps so that contacts, limits and friction are engaged, then one forward pass
void Prepare(const mjModel* m, mjData* d) {
  mj_resetData(m, d);
  for (int k = 0; k < 50; k++) {
    mj_step(m, d);
  }
  d->qvel[0] += 0.3;  // some sliding of the box
  mj_forward(m, d);
}

TEST(SolverTest, ThreeSolversAgreeAtConvergence) {
  for (const Variant& v : kVariants) {
    SCOPED_TRACE("cone " + std::to_string(v.cone) + " jacobian " + std::to_string(v.jacobian));
    ModelPtr model = SceneModel(v.cone, v.jacobian);
    ASSERT_TRUE(model);
    mjModel* m = model.get();
    DataPtr data(mj_makeData(m));
    mjData* d = data.get();
    m->opt.solver = mjSOL_NEWTON;
    Prepare(m, d);
    ASSERT_GT(d->ncon, 3);
    std::vector<mjtNum> qacc[3];
    const int solvers[3] = {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS};
    for (int s = 0; s < 3; s++) {
      Converge(m, solvers[s]);
      mj_forward(m, d);
      qacc[s].assign(d->qacc, d->qacc + m->nv);
    }
    double mx = 0;
    for (double x : qacc[0]) {
      mx = std::fmax(mx, std::fabs(x));
    }
    for (int i = 0; i < m->nv; i++) {
      // all three minimize the same strictly convex problem; 1e-7 of the largest acceleration
      // covers the first-order solvers' remaining error at tolerance 1e-14
      EXPECT_NEAR(qacc[1][i], qacc[0][i], 1e-7 * mx) << "CG, dof " << i;
      EXPECT_NEAR(qacc[2][i], qacc[0][i], 1e-7 * mx) << "PGS, dof " << i;
    }
  }
}

TEST(SolverTest, PrimalSolutionsAreOptimal) {
  for (const Variant& v : kVariants) {
    for (int solver : {mjSOL_NEWTON, mjSOL_CG}) {
      SCOPED_TRACE("cone " + std::to_string(v.cone) + " jacobian " + std::to_string(v.jacobian) +
                   " solver " + std::to_string(solver));
      ModelPtr model = SceneModel(v.cone, v.jacobian);
      ASSERT_TRUE(model);
      mjModel* m = model.get();
      DataPtr data(mj_makeData(m));
      mjData* d = data.get();
      Prepare(m, d);
      Converge(m, solver);
      mj_forward(m, d);
      // gradient relative to the force terms: Newton ends at round-off (~1e-15, 1e-10 allowed);
      // CG is first order and stops when the improvement per iteration falls below the
      // tolerance, with a gradient still ~1e-8 of the terms (1e-6 allowed)
      ExpectPrimalOptimal(m, d, solver == mjSOL_NEWTON ? 1e-10 : 1e-6);
      // the forces lie in the friction cones (pyramidal: every edge force non-negative)
      for (int i = 0; i < d->nefc; i++) {
        if (d->efc_type[i] == mjCNSTR_CONTACT_PYRAMIDAL || d->efc_type[i] == mjCNSTR_LIMIT_JOINT) {
          EXPECT_GE(d->efc_force[i], 0);
        }
      }
    }
  }
}

TEST(SolverTest, DualSolutionSatisfiesKKT) {
  for (const Variant& v : kVariants) {
    SCOPED_TRACE("cone " + std::to_string(v.cone) + " jacobian " + std::to_string(v.jacobian));
    ModelPtr model = SceneModel(v.cone, v.jacobian);
    ASSERT_TRUE(model);
    mjModel* m = model.get();
    DataPtr data(mj_makeData(m));
    mjData* d = data.get();
    m->opt.solver = mjSOL_PGS;
    Prepare(m, d);
    Converge(m, mjSOL_PGS);
    mj_forward(m, d);
    ExpectDualKKT(m, d, 1e-7);  // PGS converges linearly: 1e-7 of the terms at 5000 sweeps
    // and the Newton solution mapped to the dual satisfies them as well
    Converge(m, mjSOL_NEWTON);
    m->opt.solver = mjSOL_PGS;  // keep efc_AR
    mj_forward(m, d);
    mj_solverNewton(m, d, 100);
    ExpectDualKKT(m, d, 1e-8);
  }
}

TEST(SolverTest, WarmStartAndStatistics) {
  ModelPtr model = SceneModel(mjCONE_PYRAMIDAL, mjJAC_DENSE);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  Prepare(m, d);
  m->opt.tolerance = 1e-10;
  mj_copyData(d, m, d);

  // cold start: qacc_smooth
  m->opt.disableflags |= mjDSBL_WARMSTART;
  mj_forward(m, d);
  int cold = d->solver_niter[0];
  EXPECT_GT(cold, 0);
  std::vector<mjtNum> qacc(d->qacc, d->qacc + m->nv);

  // warm start from the solution: the first iteration already has (almost) nothing to improve
  m->opt.disableflags &= ~mjDSBL_WARMSTART;
  mju_copy(d->qacc_warmstart, qacc.data(), m->nv);
  mj_forward(m, d);
  EXPECT_LE(d->solver_niter[0], 1);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_NEAR(d->qacc[i], qacc[i], 1e-6 * (1 + std::fabs(qacc[i])));
  }

  // a bad warm start (cost above that of qacc_smooth) is rejected: same iterations as cold
  for (int i = 0; i < m->nv; i++) {
    d->qacc_warmstart[i] = 1e6;
  }
  mj_forward(m, d);
  EXPECT_EQ(d->solver_niter[0], cold);

  // statistics of the cold solve: improvements positive, the last below the tolerance or the
  // gradient below it; nactive counts the active rows
  m->opt.disableflags |= mjDSBL_WARMSTART;
  mj_forward(m, d);
  int n = d->solver_niter[0];
  ASSERT_GT(n, 0);
  for (int k = 0; k < n; k++) {
    EXPECT_GE(d->solver[k].improvement, -1e-12) << "iteration " << k;
    EXPECT_GE(d->solver[k].neval, 1);
  }
  const mjSolverStat& last = d->solver[n - 1];
  EXPECT_TRUE(last.improvement < m->opt.tolerance || last.gradient < m->opt.tolerance);
  // islands are solved separately (computation_index.rst "Constraint islands"), each with its
  // own statistics at solver + k*mjNSOLVER: their last nactive add up to the active rows
  int nactive = 0;
  for (int k = 0; k < std::max(1, d->nisland); k++) {
    int nk = d->solver_niter[k];
    if (nk > 0) {
      nactive += d->solver[k * mjNSOLVER + nk - 1].nactive;
    }
  }
  EXPECT_EQ(nactive, mj_countActive(d->nefc, d->efc_state));
  // the scaled slope left after the first line search (>= 0; below tolerance * ls_tolerance)
  EXPECT_GE(d->solver[0].lineslope, 0);
  EXPECT_LT(d->solver[0].lineslope, m->opt.tolerance * m->opt.ls_tolerance);
}

// Coulomb friction on a slope: a box on a plane with gravity tilted by theta (the same as a
// plane inclined by theta) stays when tan(theta) < mu and slips when tan(theta) > mu
// (computation_index.rst "Contact": the friction cone). Soft contacts creep a little below the
// threshold; the test compares the distance travelled in 1 s with 2 degrees of margin.
double SlideDistance(int cone, double theta_deg, int noslip) {
  const double mu = 0.5;
  char xml[1024];
  std::snprintf(xml, sizeof(xml), R"(
<mujoco>
  <option timestep="0.002" cone="%s" noslip_iterations="%d"/>
  <worldbody>
    <geom type="plane" size="5 5 .1" friction="%g"/>
    <body pos="0 0 0.1">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1" friction="%g"/>
    </body>
  </worldbody>
</mujoco>)",
                cone == mjCONE_ELLIPTIC ? "elliptic" : "pyramidal", noslip, mu, mu);
  ModelPtr model = LoadModelString(xml);
  if (!model) {
    return -1;
  }
  mjModel* m = model.get();
  double th = theta_deg * M_PI / 180;
  m->opt.gravity[0] = 9.81 * std::sin(th);
  m->opt.gravity[2] = -9.81 * std::cos(th);
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  for (int k = 0; k < 100; k++) {
    mj_step(m, d);  // settle
  }
  double x0 = d->qpos[0];
  for (int k = 0; k < 500; k++) {
    mj_step(m, d);
  }
  return d->qpos[0] - x0;
}

TEST(SolverTest, BlockSlipsExactlyAboveFrictionAngle) {
  double angle = std::atan(0.5) * 180 / M_PI;  // 26.57 degrees
  for (int cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
    SCOPED_TRACE(cone == mjCONE_ELLIPTIC ? "elliptic" : "pyramidal");
    double stay = SlideDistance(cone, angle - 2, 0);
    double slip = SlideDistance(cone, angle + 2, 0);
    // sliding with a net acceleration g (sin - mu cos) ~ 0.32 m/s^2 covers ~0.16 m in 1 s
    // (plus the initial speed); sticking creeps by millimeters (soft friction: MuJoCo 3.3.8
    // gives 5.35 mm pyramidal, 1.48 mm elliptic on this scene, and so do we)
    EXPECT_LT(std::fabs(stay), 0.01);
    EXPECT_GT(slip, 0.1);
    // noslip (hard friction rows) reduces the creep: with elliptic cones to nothing (MuJoCo
    // 3.3.8: 3.69e-7 m, as here), with pyramidal cones only slightly (5.33 mm, as here: the pair
    // update keeps the normal force of the soft pyramid)
    double stay_noslip = SlideDistance(cone, angle - 2, 10);
    EXPECT_LT(std::fabs(stay_noslip), std::fabs(stay));
    if (cone == mjCONE_ELLIPTIC) {
      EXPECT_LT(std::fabs(stay_noslip), 1e-5);
    }
    EXPECT_GT(SlideDistance(cone, angle + 2, 10), 0.1);
  }
}

// a stack of 10 boxes stays standing for 10 s
TEST(SolverTest, StackOfTenBoxesIsStable) {
  std::string xml = R"(
<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>)";
  for (int i = 0; i < 10; i++) {
    char body[256];
    std::snprintf(body, sizeof(body),
                  "<body pos=\"0 0 %g\"><freejoint/><geom type=\"box\" size=\"0.1 0.1 0.05\"/>"
                  "</body>",
                  0.05 + 0.1 * i);
    xml += body;
  }
  xml += "</worldbody></mujoco>";
  ModelPtr model = LoadModelString(xml);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  for (int k = 0; k < 5000; k++) {
    mj_step(m, d);
    ASSERT_EQ(d->warning[mjWARN_BADQACC].number, 0) << "step " << k;
  }
  for (int i = 0; i < 10; i++) {
    const mjtNum* p = d->qpos + 7 * i;
    // the boxes stay in place: drift within 1 mm sideways; heights within 1.5 cm, as the soft
    // contacts give way by ~1 mm per interface under the weight above (MuJoCo 3.3.8: the top
    // box 11.6 mm lower after 10 s, the same as here)
    EXPECT_NEAR(p[0], 0, 1e-3) << "box " << i;
    EXPECT_NEAR(p[1], 0, 1e-3) << "box " << i;
    EXPECT_NEAR(p[2], 0.05 + 0.1 * i, 0.015) << "box " << i;
  }
  for (int i = 0; i < m->nv; i++) {
    EXPECT_LT(std::fabs(d->qvel[i]), 0.01) << "dof " << i;
  }
}

// the humanoid from a standing keyframe, without control, for 10 s: the simulation stays
// finite, nothing goes through the floor, and it comes to rest
TEST(SolverTest, HumanoidFromKeyframeIsStable) {
  std::string path = SharedPath("models/humanoid/humanoid.xml");
  if (path.empty()) {
    GTEST_SKIP() << "../shared absent";
  }
  ModelPtr model = LoadModel(path);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  int key = mj_name2id(m, mjOBJ_KEY, "stand_on_left_leg");
  ASSERT_GE(key, 0);
  for (int solver : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
    SCOPED_TRACE("solver " + std::to_string(solver));
    m->opt.solver = solver;
    mj_resetDataKeyframe(m, d, key);
    int nstep = static_cast<int>(10 / m->opt.timestep);
    for (int k = 0; k < nstep; k++) {
      mj_step(m, d);
      ASSERT_EQ(d->warning[mjWARN_BADQACC].number, 0) << "step " << k;
      // the lowest body center stays above the floor
      for (int b = 1; b < m->nbody; b++) {
        ASSERT_GT(d->xipos[3 * b + 2], 0) << "step " << k;
      }
    }
    for (int i = 0; i < m->nv; i++) {
      EXPECT_LT(std::fabs(d->qvel[i]), 0.1) << "dof " << i;
    }
  }
}

// the solver part of mj_fwdConstraint handles a model without constraints and bad solver types
TEST(SolverTest, NoConstraintsAndBadSolver) {
  ModelPtr model = LoadModelString(
      "<mujoco><worldbody><body><freejoint/><geom size=\"0.1\"/></body></worldbody></mujoco>");
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  mj_forward(m, d);
  EXPECT_EQ(d->nefc, 0);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qacc[i], d->qacc_smooth[i]);
  }

  ModelPtr scene = SceneModel(mjCONE_PYRAMIDAL, mjJAC_DENSE);
  ASSERT_TRUE(scene);
  DataPtr sdata(mj_makeData(scene.get()));
  Prepare(scene.get(), sdata.get());
  ScopedErrorCapture capture;
  scene->opt.solver = 7;
  EXPECT_THROW(mj_forward(scene.get(), sdata.get()), MujocoError);
}

}  // namespace
}  // namespace motus_test
