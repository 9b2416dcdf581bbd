// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Per-island constraint solving (computation_index.rst "Constraint islands"): CG and Newton
// minimize every island's cost separately, with their own iterations and termination tests.
// Golden data: test/data/island/*.txt, written by
//   test/data/island/make_golden.sh
// (MuJoCo 3.3.8 mj_forward at states of its own trajectories; the script documents the scenes).
// Checks without a reference: per-island and monolithic solves agree at full convergence, the
// disable flag restores the monolithic path bit for bit, unconstrained dofs get qacc_smooth.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_forward.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"
#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

// Tolerances against the oracle. The solvers stop early here (iteration limits of 30 for CG,
// 3 for Newton), so the result depends on the exact sequence of iterates; both engines perform
// the same arithmetic up to summation order, and the observed differences are at most 6e-10 in
// qacc (|qacc| up to 1e3 with 30 CG iterations) and 1e-11 in efc_force. The bounds leave a
// factor of about 20 for round-off growth over the iterations; the monolithic solve that this
// replaces differs by 1e-2 relative (scene_mixed at step 210), far outside them.
constexpr double kQaccTol = 1e-8;   // relative, with the same absolute floor
constexpr double kForceTol = 1e-8;  // relative, absolute floor 1e-7 (forces up to ~1e3 N)

void SetState(const mjModel* m, mjData* d, const Golden& g, int r) {
  mj_resetData(m, d);
  auto put = [&](const char* f, mjtNum* dst, int n) {
    const std::vector<double>& v = g.get(r, f);
    ASSERT_EQ(static_cast<int>(v.size()), n) << f;
    for (int i = 0; i < n; i++) {
      dst[i] = v[i];
    }
  };
  put("qpos", d->qpos, m->nq);
  put("qvel", d->qvel, m->nv);
  put("act", d->act, m->na);
  put("ctrl", d->ctrl, m->nu);
  put("qacc_warmstart", d->qacc_warmstart, m->nv);
  d->time = g.get(r, "time")[0];
}

// mj_forward at every golden state; compares islands, iterations, qacc and forces
void CheckGolden(const std::string& model, const std::string& golden, bool island_arrays) {
  ModelPtr mp = LoadModel(model);
  ASSERT_TRUE(mp);
  mjModel* m = mp.get();
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  Golden g(golden);
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_GT(g.num_records(), 0);
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("state " + std::to_string(static_cast<int>(g.get(r, "step")[0])));
    SetState(m, d, g, r);
    mj_forward(m, d);
    // same constraint rows (collision and assembly are not under test here)
    ASSERT_EQ(d->ncon, g.get(r, "ncon")[0]);
    ASSERT_EQ(d->nefc, g.get(r, "nefc")[0]);
    ASSERT_EQ(d->nisland, g.get(r, "nisland")[0]);
    EXPECT_TRUE(EqualIntArrays("island_nv", d->island_nv, d->nisland, g.get(r, "island_nv")));
    EXPECT_TRUE(EqualIntArrays("island_nefc", d->island_nefc, d->nisland, g.get(r, "island_nefc")));
    EXPECT_TRUE(
        EqualIntArrays("solver_niter", d->solver_niter, mjNISLAND, g.get(r, "solver_niter")));
    EXPECT_TRUE(NearArrays("qacc", d->qacc, m->nv, g.get(r, "qacc"), kQaccTol, kQaccTol));
    EXPECT_TRUE(
        NearArrays("efc_force", d->efc_force, d->nefc, g.get(r, "efc_force"), kForceTol, 1e-7));
    if (island_arrays) {
      // Newton: solver_nnz[k] = island_nv[k]^2 (dense island Hessians); island-ordered copies
      EXPECT_TRUE(EqualIntArrays("solver_nnz", d->solver_nnz, mjNISLAND, g.get(r, "solver_nnz")));
      ASSERT_EQ(d->nidof, g.get(r, "nidof")[0]);
      int n = d->nidof;
      EXPECT_TRUE(EqualIntArrays("map_idof2dof", d->map_idof2dof, m->nv, g.get(r, "map_idof2dof")));
      EXPECT_TRUE(NearArrays("iacc", d->iacc, n, g.get(r, "iacc"), kQaccTol, kQaccTol));
      // exact copies of the smooth dynamics, which do not depend on the solver
      EXPECT_TRUE(
          NearArrays("iacc_smooth", d->iacc_smooth, n, g.get(r, "iacc_smooth"), 1e-12, 1e-12));
      EXPECT_TRUE(
          NearArrays("ifrc_smooth", d->ifrc_smooth, n, g.get(r, "ifrc_smooth"), 1e-12, 1e-12));
      EXPECT_TRUE(NearArrays("ifrc_constraint", d->ifrc_constraint, n, g.get(r, "ifrc_constraint"),
                             kForceTol, 1e-7));
      EXPECT_TRUE(NearArrays("iefc_force", d->iefc_force, d->nefc, g.get(r, "iefc_force"),
                             kForceTol, 1e-7));
      EXPECT_TRUE(EqualIntArrays("iefc_state", d->iefc_state, d->nefc, g.get(r, "iefc_state")));
      // island-ordered mass matrix and factor: exact copies of M and qLD (the rows of the
      // island dofs; the oracle leaves the rest of the nC entries zero)
      int nC = 0;
      for (int j = 0; j < n; j++) {
        nC += d->iM_rownnz[j];
      }
      auto head = [nC](const std::vector<double>& v) {
        return std::vector<double>(v.begin(), v.begin() + std::min<size_t>(nC, v.size()));
      };
      EXPECT_TRUE(EqualIntArrays("iM_rownnz", d->iM_rownnz, n, g.get(r, "iM_rownnz")));
      EXPECT_TRUE(EqualIntArrays("iM_rowadr", d->iM_rowadr, n, g.get(r, "iM_rowadr")));
      EXPECT_TRUE(EqualIntArrays("iM_colind", d->iM_colind, nC, head(g.get(r, "iM_colind"))));
      EXPECT_TRUE(NearArrays("iM", d->iM, nC, head(g.get(r, "iM")), 1e-12, 1e-12));
      EXPECT_TRUE(NearArrays("iLD", d->iLD, nC, head(g.get(r, "iLD")), 1e-12, 1e-12));
      EXPECT_TRUE(NearArrays("iLDiagInv", d->iLDiagInv, n, g.get(r, "iLDiagInv"), 1e-12, 1e-12));
    }
  }
}

TEST(SolverIslandGolden, SceneMixedCG) {
  CheckGolden(SourcePath("model/scene_mixed.xml"),
              SourcePath("test/data/island/scene_mixed_cg.txt"), false);
}

TEST(SolverIslandGolden, TwoPilesNewton) {
  CheckGolden(SourcePath("test/data/island/two_piles_newton.xml"),
              SourcePath("test/data/island/two_piles_newton.txt"), true);
}

// the island-ordered sparse Jacobian (CSR with island-local columns and supernodes)
TEST(SolverIslandGolden, SparseIslandJacobian) {
  ModelPtr mp = LoadModel(SourcePath("test/data/island/two_piles_newton.xml"));
  ASSERT_TRUE(mp);
  mjModel* m = mp.get();
  m->opt.jacobian = mjJAC_SPARSE;  // as the oracle's copy of the scene (gen.sh)
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  Golden g(SourcePath("test/data/island/two_piles_sparse_jac.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  SetState(m, d, g, 0);
  mj_forward(m, d);
  ASSERT_EQ(d->nefc, g.get(0, "nefc")[0]);
  ASSERT_EQ(d->nisland, g.get(0, "nisland")[0]);
  EXPECT_TRUE(EqualIntArrays("solver_niter", d->solver_niter, mjNISLAND, g.get(0, "solver_niter")));
  EXPECT_TRUE(NearArrays("qacc", d->qacc, m->nv, g.get(0, "qacc"), kQaccTol, kQaccTol));
  int nefc = d->nefc, nnz = 0;
  for (int i = 0; i < nefc; i++) {
    nnz += d->efc_J_rownnz[i];
  }
  EXPECT_TRUE(EqualIntArrays("iefc_J_rownnz", d->iefc_J_rownnz, nefc, g.get(0, "iefc_J_rownnz")));
  EXPECT_TRUE(EqualIntArrays("iefc_J_rowadr", d->iefc_J_rowadr, nefc, g.get(0, "iefc_J_rowadr")));
  EXPECT_TRUE(
      EqualIntArrays("iefc_J_rowsuper", d->iefc_J_rowsuper, nefc, g.get(0, "iefc_J_rowsuper")));
  EXPECT_TRUE(EqualIntArrays("iefc_J_colind", d->iefc_J_colind, nnz, g.get(0, "iefc_J_colind")));
  // Jacobian values: same kinematics, round-off only
  EXPECT_TRUE(NearArrays("iefc_J", d->iefc_J, nnz, g.get(0, "iefc_J"), 1e-12, 1e-12));
}

// ---------------------------------------------------------------------------------------------
// checks without a reference

// the two-piles scene at a state with contacts in both piles (step 20 of the golden file)
struct Scene {
  ModelPtr mp;
  DataPtr dp;
  mjModel* m = nullptr;
  mjData* d = nullptr;
};

Scene PilesAtState(int solver, int cone, int jacobian) {
  Scene s;
  s.mp = LoadModel(SourcePath("test/data/island/two_piles_newton.xml"));
  if (!s.mp) {
    return s;
  }
  s.m = s.mp.get();
  s.m->opt.solver = solver;
  s.m->opt.cone = cone;
  s.m->opt.jacobian = jacobian;
  s.dp.reset(mj_makeData(s.m));
  s.d = s.dp.get();
  Golden g(SourcePath("test/data/island/two_piles_newton.txt"));
  EXPECT_TRUE(g.ok()) << g.error();
  if (g.ok()) {
    SetState(s.m, s.d, g, 1);
  }
  return s;
}

// At full convergence the island solves and the monolithic solve reach the same unique
// minimizer of the strictly convex cost (the island costs add up to the total cost). With
// tolerance 0 (stop only when the line search finds no descent) and up to 2000 iterations both
// stop at round-off. Newton (quadratic convergence) gets there: 1e-10 relative is far above the
// round-off. CG stops when its line search finds no more descent, and near the minimum the cost
// changes only quadratically with the error, so the cost's round-off (1e-16 relative) leaves an
// error of about sqrt(1e-16) relative times the conditioning of the stiff contacts in qacc:
// observed up to 1.2e-7 of the largest |qacc| (dense pyramidal), bound 1e-6.
TEST(SolverIsland, SameMinimizerAsMonolithic) {
  const int solvers[] = {mjSOL_NEWTON, mjSOL_CG};
  const int cones[] = {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC};
  const int jacs[] = {mjJAC_DENSE, mjJAC_SPARSE};
  for (int solver : solvers) {
    for (int cone : cones) {
      for (int jac : jacs) {
        SCOPED_TRACE("solver " + std::to_string(solver) + " cone " + std::to_string(cone) +
                     " jacobian " + std::to_string(jac));
        Scene s = PilesAtState(solver, cone, jac);
        ASSERT_TRUE(s.m);
        s.m->opt.iterations = 2000;
        s.m->opt.tolerance = 0;
        // CG converges slowly on the stiff contacts: give it line searches to the minimum
        s.m->opt.ls_iterations = 100;
        mj_forward(s.m, s.d);
        ASSERT_GE(s.d->nisland, 2);
        std::vector<mjtNum> isl(s.d->qacc, s.d->qacc + s.m->nv);
        std::vector<mjtNum> fisl(s.d->efc_force, s.d->efc_force + s.d->nefc);
        s.m->opt.disableflags |= mjDSBL_ISLAND;
        mj_forward(s.m, s.d);
        EXPECT_EQ(s.d->nisland, 0);
        double tol = solver == mjSOL_NEWTON ? 1e-10 : 1e-6;
        mjtNum scale = 0, fscale = 0;
        for (mjtNum v : isl) {
          scale = std::max(scale, std::fabs(v));
        }
        for (mjtNum v : fisl) {
          fscale = std::max(fscale, std::fabs(v));
        }
        for (int i = 0; i < s.m->nv; i++) {
          EXPECT_NEAR(s.d->qacc[i], isl[i], tol * scale) << "dof " << i;
        }
        ASSERT_EQ(static_cast<int>(fisl.size()), s.d->nefc);
        for (int i = 0; i < s.d->nefc; i++) {
          EXPECT_NEAR(s.d->efc_force[i], fisl[i], tol * fscale) << "row " << i;
        }
      }
    }
  }
}

// mjDSBL_ISLAND: no islands and the monolithic solver, bit for bit the same as the whole
// problem solved directly (mj_solveConstraint with nisland forced to 0)
TEST(SolverIsland, DisableFlagIsMonolithic) {
  const int solvers[] = {mjSOL_NEWTON, mjSOL_CG};
  for (int solver : solvers) {
    Scene s = PilesAtState(solver, mjCONE_ELLIPTIC, mjJAC_AUTO);
    ASSERT_TRUE(s.m);
    std::vector<mjtNum> warm(s.d->qacc_warmstart, s.d->qacc_warmstart + s.m->nv);
    s.m->opt.disableflags |= mjDSBL_ISLAND;
    mj_forward(s.m, s.d);
    EXPECT_EQ(s.d->nisland, 0);
    std::vector<mjtNum> off(s.d->qacc, s.d->qacc + s.m->nv);
    std::vector<int> niter(s.d->solver_niter, s.d->solver_niter + mjNISLAND);
    for (int k = 1; k < mjNISLAND; k++) {
      EXPECT_EQ(niter[k], 0);
    }

    s.m->opt.disableflags &= ~mjDSBL_ISLAND;
    mju_copy(s.d->qacc_warmstart, warm.data(), s.m->nv);
    mj_forward(s.m, s.d);
    ASSERT_GE(s.d->nisland, 2);
    s.d->nisland = 0;  // the same constraints, solved as one problem
    mj_fwdConstraint(s.m, s.d);
    for (int i = 0; i < s.m->nv; i++) {
      EXPECT_EQ(s.d->qacc[i], off[i]) << "dof " << i;
    }
    EXPECT_EQ(s.d->solver_niter[0], niter[0]);
  }
}

// Dofs in no island are unconstrained: qacc = qacc_smooth exactly, whatever the warm start
// held for them, and no constraint force (the free sphere of the scene)
TEST(SolverIsland, UnconstrainedDofsGetSmoothAcceleration) {
  const int solvers[] = {mjSOL_NEWTON, mjSOL_CG};
  for (int solver : solvers) {
    Scene s = PilesAtState(solver, mjCONE_PYRAMIDAL, mjJAC_AUTO);
    ASSERT_TRUE(s.m);
    mj_forward(s.m, s.d);
    int nfree = 0;
    for (int i = 0; i < s.m->nv; i++) {
      if (s.d->dof_island[i] < 0) {
        s.d->qacc_warmstart[i] = s.d->qacc[i] + 0.5;
      }
    }
    mj_forward(s.m, s.d);
    for (int i = 0; i < s.m->nv; i++) {
      if (s.d->dof_island[i] >= 0) {
        continue;
      }
      nfree++;
      EXPECT_EQ(s.d->qacc[i], s.d->qacc_smooth[i]) << "dof " << i;
      EXPECT_EQ(s.d->qfrc_constraint[i], 0) << "dof " << i;
    }
    EXPECT_EQ(nfree, 6);  // the sphere's free joint
  }
}

// Statistics per island: island k at solver + k*mjNSOLVER, its own termination test, and the
// island-ordered copies agree with the global arrays; PGS keeps one problem (island 0 only)
TEST(SolverIsland, StatisticsPerIsland) {
  Scene s = PilesAtState(mjSOL_CG, mjCONE_PYRAMIDAL, mjJAC_AUTO);
  ASSERT_TRUE(s.m);
  s.m->opt.iterations = 50;
  s.m->opt.tolerance = 1e-8;
  mj_forward(s.m, s.d);
  ASSERT_GE(s.d->nisland, 2);
  for (int k = 0; k < s.d->nisland; k++) {
    int n = s.d->solver_niter[k];
    ASSERT_LE(n, s.m->opt.iterations);
    if (n == 0) {
      // the hinge island: its rows are satisfied at the warm start, no descent direction (the
      // oracle reports 0 iterations for it as well, see two_piles_newton.txt)
      EXPECT_EQ(k, 2);
      continue;
    }
    const mjSolverStat* st = s.d->solver + k * mjNSOLVER;
    for (int i = 0; i < n; i++) {
      EXPECT_GE(st[i].improvement, 0) << "island " << k << " iteration " << i;
      // lineslope: the scaled slope left after the line search, as the reference reports it
      // (>= 0, below tolerance * ls_tolerance = 1e-10 when the line search converged)
      EXPECT_GE(st[i].lineslope, 0) << "island " << k << " iteration " << i;
      EXPECT_LT(st[i].lineslope, 1e-10) << "island " << k << " iteration " << i;
    }
    if (n < s.m->opt.iterations) {
      EXPECT_TRUE(st[n - 1].improvement < 1e-8 || st[n - 1].gradient < 1e-8);
    }
    // active rows of the island at the end
    int active = 0;
    for (int j = 0; j < s.d->nefc; j++) {
      int state = s.d->efc_state[j];
      active += s.d->efc_island[j] == k &&
                (state == mjCNSTRSTATE_QUADRATIC || state == mjCNSTRSTATE_CONE);
    }
    EXPECT_EQ(st[n - 1].nactive, active) << "island " << k;
  }
  for (int j = 0; j < s.d->nidof; j++) {
    EXPECT_EQ(s.d->iacc[j], s.d->qacc[s.d->map_idof2dof[j]]);
  }
  for (int j = 0; j < s.d->nefc; j++) {
    EXPECT_EQ(s.d->iefc_force[j], s.d->efc_force[s.d->map_iefc2efc[j]]);
  }

  s.m->opt.solver = mjSOL_PGS;
  mj_forward(s.m, s.d);
  EXPECT_GE(s.d->nisland, 2);  // islands are still discovered
  EXPECT_GT(s.d->solver_niter[0], 0);
  for (int k = 1; k < mjNISLAND; k++) {
    EXPECT_EQ(s.d->solver_niter[k], 0);
  }
}

// Noslip: MuJoCo 3.3.8 solves the whole problem (one entry of statistics), checked with the
// oracle on the two-piles scene with noslip_iterations 4
TEST(SolverIsland, NoslipSolvesWholeProblem) {
  Scene s = PilesAtState(mjSOL_NEWTON, mjCONE_ELLIPTIC, mjJAC_AUTO);
  ASSERT_TRUE(s.m);
  s.m->opt.noslip_iterations = 4;
  mj_forward(s.m, s.d);
  EXPECT_GE(s.d->nisland, 2);
  EXPECT_GT(s.d->solver_niter[0], 0);
  for (int k = 1; k < mjNISLAND; k++) {
    EXPECT_EQ(s.d->solver_niter[k], 0);
  }
}

// Many islands (more than mjNISLAND): all are solved, statistics kept for the first mjNISLAND
TEST(SolverIsland, MoreIslandsThanStatistics) {
  std::string xml =
      "<mujoco><option solver=\"Newton\"/><worldbody>"
      "<geom type=\"plane\" size=\"20 20 .1\"/>";
  for (int i = 0; i < 25; i++) {
    char body[256];
    std::snprintf(body, sizeof(body),
                  "<body pos=\"%g 0 0.09\"><freejoint/><geom type=\"box\" size=\".1 .1 .1\"/>"
                  "</body>",
                  0.5 * i);
    xml += body;
  }
  xml += "</worldbody></mujoco>";
  ModelPtr mp = LoadModelString(xml);
  ASSERT_TRUE(mp);
  mjModel* m = mp.get();
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  mj_forward(m, d);
  ASSERT_EQ(d->nisland, 25);
  for (int k = 0; k < mjNISLAND; k++) {
    EXPECT_GT(d->solver_niter[k], 0);
  }
  // identical boxes in identical contact: every island has the same solution, also the ones
  // without statistics, and it is the monolithic one (converged: 1e-8 of the magnitude)
  std::vector<mjtNum> isl(d->qacc, d->qacc + m->nv);
  m->opt.disableflags |= mjDSBL_ISLAND;
  mj_forward(m, d);
  for (int b = 0; b < 25; b++) {
    for (int j = 0; j < 6; j++) {
      EXPECT_NEAR(isl[6 * b + j], isl[j], 1e-8 * (1 + std::fabs(isl[j]))) << "box " << b;
      EXPECT_NEAR(isl[6 * b + j], d->qacc[6 * b + j], 1e-8 * (1 + std::fabs(isl[j])));
    }
  }
}

}  // namespace
}  // namespace motus_test
