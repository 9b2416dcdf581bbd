// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Noslip post-processing (computation_index.rst "Algorithms / NoSlip"; XMLreference.rst
// <option noslip_iterations noslip_tolerance>). After the main solver, the friction dimensions
// are re-solved by projected Gauss-Seidel on the dual problem with the regularizer R removed from
// those rows (hard friction), all other forces fixed:
//   friction loss rows   f in [-frictionloss, frictionloss], diagonal A_ii = AR_ii - R_i;
//   pyramidal contacts   each pair of opposite pyramid edges (a, b) keeps a + b (the normal
//                        force) and optimizes a - b in [-(a+b), a+b];
//   elliptic contacts    the friction components in the ellipse at the current normal force
//                        (the QCQP of engine_solver_pgs.cc), R removed from the tangential block.

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"

namespace {

// A = AR - R on the noslip rows: residual of row i, (A f + b)_i
mjtNum residual(const mjModel* m, const mjData* d, int i) {
  return mj_dualRowDot(m, d, i, d->efc_force) - d->efc_R[i] * d->efc_force[i] + d->efc_b[i];
}

mjtNum element(const mjModel* m, const mjData* d, int i, int j) {
  return mj_dualElement(m, d, i, j) - (i == j ? d->efc_R[i] : 0);
}

// friction loss row: box update
mjtNum frictionRow(const mjModel* m, mjData* d, int i) {
  mjtNum* f = d->efc_force;
  mjtNum Aii = element(m, d, i, i);
  if (!(Aii > mjMINVAL)) {
    return 0;
  }
  mjtNum res = residual(m, d, i), fl = d->efc_frictionloss[i];
  mjtNum x = f[i] - res / Aii;
  x = x < -fl ? -fl : (x > fl ? fl : x);
  mjtNum delta = x - f[i];
  f[i] = x;
  return delta * (res + 0.5 * Aii * delta);
}

// pyramidal contact at rows i .. i + 2(dim-1) - 1: pairs (i+2k, i+2k+1)
mjtNum pyramidPairs(const mjModel* m, mjData* d, int i, int dim) {
  mjtNum* f = d->efc_force;
  mjtNum total = 0;
  for (int k = 0; k < dim - 1; k++) {
    int a = i + 2 * k, b = a + 1;
    // direction (1/2, -1/2) in (f_a, f_b): slope and curvature of the cost in t = f_a - f_b
    mjtNum ra = residual(m, d, a), rb = residual(m, d, b);
    mjtNum slope = 0.5 * (ra - rb);
    mjtNum curv = 0.25 * (element(m, d, a, a) + element(m, d, b, b) - 2 * element(m, d, a, b));
    if (!(curv > mjMINVAL)) {
      continue;
    }
    mjtNum s = f[a] + f[b], t = f[a] - f[b];
    mjtNum tn = t - slope / curv;
    tn = tn < -s ? -s : (tn > s ? s : tn);
    mjtNum dt = tn - t;
    f[a] = 0.5 * (s + tn);
    f[b] = 0.5 * (s - tn);
    total += dt * (slope + 0.5 * curv * dt);
  }
  return total;
}

// elliptic contact: friction in the ellipse at the current normal force
mjtNum ellipticFriction(const mjModel* m, mjData* d, int i, const mjContact* con) {
  int dim = con->dim;
  mjtNum res[6], Ablk[36];
  for (int a = 0; a < dim; a++) {
    res[a] = residual(m, d, i + a);
    for (int c = 0; c < dim; c++) {
      Ablk[a * dim + c] = element(m, d, i + a, i + c);
    }
  }
  // the normal row keeps its R (only the friction rows become hard); it does not enter the
  // friction subproblem except through the coupling column, which does not involve R
  Ablk[0] += d->efc_R[i];
  res[0] += d->efc_R[i] * d->efc_force[i];
  return mj_dualEllipticUpdate(con, d->efc_force + i, res, Ablk, 0);
}

}  // namespace

int mj_solverNoSlip(const mjModel* m, mjData* d, int maxiter, int offset) {
  int nefc = d->nefc;
  if (!d->nA || !nefc) {
    return 0;
  }
  mjtNum scale = 1 / (m->stat.meaninertia * mjMAX(1, m->nv));
  int iter = 0;
  while (iter < maxiter) {
    mjtNum total = 0;
    for (int i = 0; i < nefc; i++) {
      int type = d->efc_type[i];
      if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
        total += frictionRow(m, d, i);
      } else if (type == mjCNSTR_CONTACT_PYRAMIDAL) {
        const mjContact* con = d->contact + d->efc_id[i];
        total += pyramidPairs(m, d, i, con->dim);
        i += 2 * (con->dim - 1) - 1;
      } else if (type == mjCNSTR_CONTACT_ELLIPTIC) {
        const mjContact* con = d->contact + d->efc_id[i];
        total += ellipticFriction(m, d, i, con);
        i += con->dim - 1;
      }
    }
    mjtNum improvement = -scale * total;
    mj_solverStatIsland(d, 0, offset + iter, improvement, 0, 0, 0, 0, 0, 0);
    iter++;
    if (improvement < m->opt.noslip_tolerance) {
      break;
    }
  }
  mj_dualFinish(m, d);
  return iter;
}
