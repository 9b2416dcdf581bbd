// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Constraint solver driver (computation_index.rst "Constraint solver / Algorithms": warm start,
// solver selection, noslip; programming_simulation.rst "Diagnostics" for the statistics).

#include "engine/engine_solver.h"

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// shared helpers

void mj_solverStatIsland(mjData* d, int island, int iter, mjtNum improvement, mjtNum gradient,
                         mjtNum lineslope, int nactive, int nchange, int neval, int nupdate) {
  if (island < 0) {
    island = 0;
  }
  if (island >= mjNISLAND || iter < 0 || iter >= mjNSOLVER) {
    return;
  }
  mjSolverStat* s = d->solver + island * mjNSOLVER + iter;
  s->improvement = improvement;
  s->gradient = gradient;
  s->lineslope = lineslope;
  s->nactive = nactive;
  s->nchange = nchange;
  s->neval = neval;
  s->nupdate = nupdate;
}

int mj_countActive(int nefc, const int* state) {
  int n = 0;
  for (int i = 0; i < nefc; i++) {
    n += (state[i] == mjCNSTRSTATE_QUADRATIC || state[i] == mjCNSTRSTATE_CONE);
  }
  return n;
}

int mj_countChange(int nefc, const int* state, const int* old) {
  int n = 0;
  for (int i = 0; i < nefc; i++) {
    n += (state[i] != old[i]);
  }
  return n;
}

// "Reduced primal problem": |qacc - qacc_smooth|^2_M / 2 + s(J qacc - aref)
mjtNum mj_primalCost(const mjModel* m, mjData* d, const mjtNum* qacc) {
  int nv = m->nv, nefc = d->nefc;
  mj_markStack(d);
  mjtNum* jar = mj_stackAllocNum(d, mjMAX(nefc, 1));
  mjtNum* diff = mj_stackAllocNum(d, nv);
  mjtNum* Mdiff = mj_stackAllocNum(d, nv);
  mj_mulJacVec(m, d, jar, qacc);
  for (int i = 0; i < nefc; i++) {
    jar[i] -= d->efc_aref[i];
  }
  mjtNum s = 0;
  mj_constraintUpdate(m, d, jar, &s, 0);
  mju_sub(diff, qacc, d->qacc_smooth, nv);
  mj_mulM(m, d, Mdiff, diff);
  mjtNum cost = 0.5 * mju_dot(diff, Mdiff, nv) + s;
  mj_freeStack(d);
  return cost;
}

// ---------------------------------------------------------------------------------------------
// dual states

// Row states of a dual solution (PGS, noslip): the force determines on which piece of the
// primal cost the row lies (the primal and dual solutions are related by f = -grad s).
void mj_dualStates(const mjModel* m, mjData* d) {
  (void)m;
  int nefc = d->nefc;
  const mjtNum* f = d->efc_force;
  for (int i = 0; i < nefc; i++) {
    int type = d->efc_type[i];
    int* state = d->efc_state + i;
    switch (type) {
      case mjCNSTR_EQUALITY:
        *state = mjCNSTRSTATE_QUADRATIC;
        break;

      case mjCNSTR_FRICTION_DOF:
      case mjCNSTR_FRICTION_TENDON: {
        mjtNum fl = d->efc_frictionloss[i];
        // force +fl corresponds to jar <= -R fl (LINEARNEG), -fl to LINEARPOS
        if (f[i] >= fl) {
          *state = mjCNSTRSTATE_LINEARNEG;
        } else if (f[i] <= -fl) {
          *state = mjCNSTRSTATE_LINEARPOS;
        } else {
          *state = mjCNSTRSTATE_QUADRATIC;
        }
        break;
      }

      case mjCNSTR_CONTACT_ELLIPTIC: {
        const mjContact* con = d->contact + d->efc_id[i];
        int dim = con->dim, st;
        if (f[i] <= 0) {
          st = mjCNSTRSTATE_SATISFIED;
        } else {
          // friction cone: |(f_j / mu_j)_j| <= f_0; on its surface the row is in the cone zone
          mjtNum t = 0;
          for (int j = 1; j < dim; j++) {
            mjtNum fj = f[i + j] / con->friction[j - 1];
            t += fj * fj;
          }
          st = sqrt(t) >= f[i] * (1 - 1e-10) ? mjCNSTRSTATE_CONE : mjCNSTRSTATE_QUADRATIC;
        }
        for (int j = 0; j < dim; j++) {
          state[j] = st;
        }
        i += dim - 1;
        break;
      }

      default:  // limits, frictionless and pyramidal contacts: f >= 0
        *state = f[i] <= 0 ? mjCNSTRSTATE_SATISFIED : mjCNSTRSTATE_QUADRATIC;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// driver

namespace {

// efc_b = J qacc_smooth - aref: the unconstrained acceleration in constraint space minus the
// reference ("Dual problem": a0 - aref)
void computeB(const mjModel* m, mjData* d) {
  mj_mulJacVec(m, d, d->efc_b, d->qacc_smooth);
  for (int i = 0; i < d->nefc; i++) {
    d->efc_b[i] -= d->efc_aref[i];
  }
}

// Warm start ("Algorithms / Warmstart"): qacc_warmstart is used when its total cost is lower than
// that of qacc_smooth (zero constraint force). On return qacc is the initial iterate and
// efc_force the matching primal forces (zero when starting from qacc_smooth).
void warmStart(const mjModel* m, mjData* d) {
  int nv = m->nv;
  if (!mjDISABLED(mjDSBL_WARMSTART)) {
    // at qacc_smooth the Gauss term vanishes and J qacc - aref is efc_b (computeB): the cost is
    // s(efc_b). The warm start is evaluated last, so that its forces and states remain.
    mjtNum cost_smooth = mj_constraintCost(m, d, d->efc_b);
    mjtNum cost_warm = mj_primalCost(m, d, d->qacc_warmstart);
    if (cost_warm < cost_smooth) {
      mju_copy(d->qacc, d->qacc_warmstart, nv);
      return;
    }
  }
  mju_copy(d->qacc, d->qacc_smooth, nv);
  mju_zero(d->efc_force, d->nefc);
  mju_zero(d->qfrc_constraint, nv);
}

// "Constraint islands": the primal solvers minimize every island's cost on its own, starting
// from the (global) warm start, with their own iterations, line searches and termination tests;
// the statistics of island k go to solver[k*mjNSOLVER ..], solver_niter[k], solver_nnz[k]
// (islands k >= mjNISLAND are solved but not recorded). Unconstrained dofs get qacc_smooth.
void solveIslands(const mjModel* m, mjData* d, int maxiter) {
  mj_islandGather(m, d);
  for (int k = 0; k < d->nisland; k++) {
    int niter = m->opt.solver == mjSOL_NEWTON ? mj_solverNewtonProblem(m, d, k, maxiter)
                                              : mj_solverCGProblem(m, d, k, maxiter);
    if (k < mjNISLAND) {
      d->solver_niter[k] = niter;
    }
  }
  mj_islandScatter(m, d);
}

}  // namespace

void mj_solveConstraint(const mjModel* m, mjData* d) {
  int nv = m->nv;
  for (int i = 0; i < mjNISLAND; i++) {
    d->solver_niter[i] = 0;
    d->solver_nnz[i] = 0;
  }
  if (!d->nefc) {
    mju_copy(d->qacc, d->qacc_smooth, nv);
    mju_zero(d->qfrc_constraint, nv);
    return;
  }

  computeB(m, d);
  warmStart(m, d);

  int maxiter = m->opt.iterations, niter = 0;
  // islands: CG and Newton only, and not with noslip (MuJoCo then solves the whole
  // problem: one solver_niter / solver_nnz entry of size nv^2)
  int primal = m->opt.solver == mjSOL_CG || m->opt.solver == mjSOL_NEWTON;
  if (primal && d->nisland > 0 && d->iacc && m->opt.noslip_iterations <= 0) {
    solveIslands(m, d, maxiter);
    niter = d->solver_niter[0];
  } else {
    switch (m->opt.solver) {
      case mjSOL_PGS:
        niter = mj_solverPGS(m, d, maxiter);
        break;
      case mjSOL_CG:
        niter = mj_solverCG(m, d, maxiter);
        break;
      case mjSOL_NEWTON:
        niter = mj_solverNewton(m, d, maxiter);
        break;
      default:
        mjERROR("invalid solver type %d", m->opt.solver);
        return;
    }
  }

  if (m->opt.noslip_iterations > 0) {
    niter += mj_solverNoSlip(m, d, m->opt.noslip_iterations, niter);
  }
  d->solver_niter[0] = niter;
}
