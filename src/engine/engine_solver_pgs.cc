// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Projected Gauss-Seidel on the dual problem (computation_index.rst "Dual problem",
// "Algorithms / PGS"):
//   min_f 0.5 f' AR f + f' b  subject to f in Omega,      AR = J M^-1 J' + R, b = efc_b,
// Omega: equality rows free, friction loss rows in [-frictionloss, frictionloss], limits,
// frictionless and pyramidal contact rows f >= 0, elliptic contacts in the friction cone
// { f_0 >= 0, |(f_j / mu_j)_j| <= f_0 }.
//
// One sweep visits the rows in order. A scalar row is set to its optimal value given all others
// and projected on its interval. An elliptic contact is updated as a block, in two steps along
// axes adapted to the cone: (1) the optimal scaling of the current force along the ray from the
// cone tip, then (2) the optimal friction force in the ellipse cut at the current normal force
// (a QCQP with one constraint, solved through its scalar dual by Newton's method).
//
// The noslip post-processing (engine_solver_noslip.cc) reuses these block updates.

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_solve.h"

// ---------------------------------------------------------------------------------------------
// access to efc_AR

// (AR f)_i, dense or CSR
mjtNum mj_dualRowDot(const mjModel* m, const mjData* d, int i, const mjtNum* f) {
  if (mj_isSparse(m)) {
    int adr = d->efc_AR_rowadr[i], n = d->efc_AR_rownnz[i];
    mjtNum s = 0;
    for (int k = 0; k < n; k++) {
      s += d->efc_AR[adr + k] * f[d->efc_AR_colind[adr + k]];
    }
    return s;
  }
  return mju_dot(d->efc_AR + (size_t)i * d->nefc, f, d->nefc);
}

// AR element (i, j); zero when not stored (sparse)
mjtNum mj_dualElement(const mjModel* m, const mjData* d, int i, int j) {
  if (mj_isSparse(m)) {
    int adr = d->efc_AR_rowadr[i], n = d->efc_AR_rownnz[i];
    // columns are increasing: binary search
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) / 2, c = d->efc_AR_colind[adr + mid];
      if (c == j) {
        return d->efc_AR[adr + mid];
      }
      if (c < j) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return 0;
  }
  return d->efc_AR[(size_t)i * d->nefc + j];
}

// ---------------------------------------------------------------------------------------------
// elliptic block

// Friction QCQP: min_y 0.5 y' A y + y' g subject to sum (y_j / mu_j)^2 <= r^2 (n = dim - 1
// tangential components). In z = y / mu the constraint is the ball |z| <= r and the problem is
// min 0.5 z' A' z + z' g' with A' = diag(mu) A diag(mu), g' = diag(mu) g. If the unconstrained
// minimizer is outside, the solution is z(lam) = -(A' + lam I)^-1 g' with |z(lam)| = r, lam > 0:
// Newton's method on the secular equation 1/|z(lam)| - 1/r = 0 (nearly linear in lam).
void mj_dualFrictionQCQP(mjtNum* y, const mjtNum* A, const mjtNum* g, const mjtNum* mu, int n,
                         mjtNum r) {
  if (r <= 0) {
    for (int j = 0; j < n; j++) {
      y[j] = 0;
    }
    return;
  }
  mjtNum As[25], L[25], gs[5], z[5], w[5];
  for (int a = 0; a < n; a++) {
    gs[a] = mu[a] * g[a];
    for (int b = 0; b < n; b++) {
      As[a * n + b] = mu[a] * A[a * n + b] * mu[b];
    }
  }
  mjtNum lam = 0;
  for (int it = 0; it < 50; it++) {
    for (int k = 0; k < n * n; k++) {
      L[k] = As[k];
    }
    for (int a = 0; a < n; a++) {
      L[a * (n + 1)] += lam;
    }
    mju_cholFactor(L, n, mjMINVAL);
    for (int a = 0; a < n; a++) {
      w[a] = -gs[a];
    }
    mju_cholSolve(z, L, w, n);
    mjtNum nz = mju_norm(z, n);
    if (it == 0 && nz <= r) {
      break;  // unconstrained minimizer inside the ellipse
    }
    // secular function phi = 1/|z| - 1/r, phi' = z' (A'+lam I)^-1 z / |z|^3
    mjtNum phi = 1 / nz - 1 / r;
    if (fabs(phi) * r < 1e-14) {
      break;
    }
    mju_cholSolve(w, L, z, n);
    mjtNum dphi = mju_dot(z, w, n) / (nz * nz * nz);
    mjtNum next = lam - phi / dphi;
    if (!(next > 0)) {
      next = 0.5 * lam;
    }
    if (next == lam) {
      break;
    }
    lam = next;
  }
  // project exactly onto the ball (removes the residual of the iteration)
  mjtNum nz = mju_norm(z, n);
  mjtNum s = nz > r ? r / nz : 1;
  for (int j = 0; j < n; j++) {
    y[j] = mu[j] * z[j] * s;
  }
}

// Block update of the elliptic contact at rows i .. i+dim-1. res holds (AR f + b) over the
// block's rows on entry; Ablk (dim x dim) the block of AR. Writes the new block force into f and
// returns the change of the dual cost. With flg_ray == 0 the normal force is kept (noslip).
mjtNum mj_dualEllipticUpdate(const mjContact* con, mjtNum* f, const mjtNum* res, const mjtNum* Ablk,
                             int flg_ray) {
  int dim = con->dim, n = dim - 1;
  mjtNum old[6], q[6], x[6];
  for (int a = 0; a < dim; a++) {
    old[a] = f[a];
    // q: linear term of the block problem without the block's own contribution
    q[a] = res[a] - mju_dot(Ablk + a * dim, f, dim);
    x[a] = f[a];
  }

  if (flg_ray) {
    // (1) ray from the cone tip: x = t f, t >= 0; a zero force restarts from the normal axis
    mjtNum fAf = mju_mulVecMatVec(x, Ablk, x, dim);
    if (x[0] > 0 && fAf > mjMINVAL) {
      mjtNum t = -mju_dot(x, q, dim) / fAf;
      if (t < 0) {
        t = 0;
      }
      for (int a = 0; a < dim; a++) {
        x[a] *= t;
      }
    } else {
      // At the tip a coordinate step can get stuck (zero normal force although friction would
      // lower the cost). The tip is optimal iff the gradient q lies in the dual cone
      // { q_0 >= |(mu_j q_j)| }; otherwise the projected steepest descent direction leaves it:
      // in z = (x_0, x_j / mu_j) the cone is the Lorentz cone |z_t| <= z_0, the gradient is
      // (q_0, mu_j q_j), and the projection of v = -gradient onto the cone is closed form.
      mjtNum v[6], vt = 0, dir[6];
      v[0] = -q[0];
      for (int a = 1; a < dim; a++) {
        v[a] = -con->friction[a - 1] * q[a];
        vt += v[a] * v[a];
      }
      vt = sqrt(vt);
      if (vt <= v[0]) {
        mju_copy(dir, v, dim);  // inside the cone
      } else if (vt <= -v[0]) {
        mju_zero(dir, dim);  // polar cone: the tip is optimal
      } else {
        mjtNum h = 0.5 * (v[0] + vt);
        dir[0] = h;
        for (int a = 1; a < dim; a++) {
          dir[a] = h * v[a] / vt;
        }
      }
      for (int a = 1; a < dim; a++) {
        dir[a] *= con->friction[a - 1];  // back to force coordinates
      }
      mjtNum dAd = mju_mulVecMatVec(dir, Ablk, dir, dim);
      mjtNum t = dAd > mjMINVAL ? -mju_dot(dir, q, dim) / dAd : 0;
      if (t < 0) {
        t = 0;
      }
      for (int a = 0; a < dim; a++) {
        x[a] = t * dir[a];
      }
    }
  }

  // (2) friction in the ellipse at normal force x_0: min 0.5 y' A_tt y + y' (q_t + A_t0 x_0)
  mjtNum Att[25], g[5];
  for (int a = 0; a < n; a++) {
    g[a] = q[a + 1] + Ablk[(a + 1) * dim] * x[0];
    for (int b = 0; b < n; b++) {
      Att[a * n + b] = Ablk[(a + 1) * dim + b + 1];
    }
  }
  mj_dualFrictionQCQP(x + 1, Att, g, con->friction, n, x[0]);

  // cost change 0.5 x'Ax + x'q - (0.5 f'Af + f'q)
  mjtNum delta = 0.5 * mju_mulVecMatVec(x, Ablk, x, dim) + mju_dot(x, q, dim) -
                 0.5 * mju_mulVecMatVec(old, Ablk, old, dim) - mju_dot(old, q, dim);
  for (int a = 0; a < dim; a++) {
    f[a] = x[a];
  }
  return delta;
}

// ---------------------------------------------------------------------------------------------
// PGS

namespace {

// one sweep over all rows; returns the change of the dual cost
mjtNum pgsSweep(const mjModel* m, mjData* d) {
  int nefc = d->nefc;
  mjtNum* f = d->efc_force;
  const mjtNum* b = d->efc_b;
  mjtNum total = 0;
  for (int i = 0; i < nefc; i++) {
    int type = d->efc_type[i];
    if (type == mjCNSTR_CONTACT_ELLIPTIC) {
      const mjContact* con = d->contact + d->efc_id[i];
      int dim = con->dim;
      mjtNum res[6], Ablk[36];
      for (int a = 0; a < dim; a++) {
        res[a] = mj_dualRowDot(m, d, i + a, f) + b[i + a];
        for (int c = 0; c < dim; c++) {
          Ablk[a * dim + c] = mj_dualElement(m, d, i + a, i + c);
        }
      }
      total += mj_dualEllipticUpdate(con, f + i, res, Ablk, 1);
      i += dim - 1;
      continue;
    }

    mjtNum Aii = mj_dualElement(m, d, i, i);
    mjtNum res = mj_dualRowDot(m, d, i, f) + b[i];
    mjtNum x = f[i] - res / Aii;
    switch (type) {
      case mjCNSTR_EQUALITY:
        break;
      case mjCNSTR_FRICTION_DOF:
      case mjCNSTR_FRICTION_TENDON: {
        mjtNum fl = d->efc_frictionloss[i];
        x = x < -fl ? -fl : (x > fl ? fl : x);
        break;
      }
      default:
        x = x < 0 ? 0 : x;
    }
    mjtNum delta = x - f[i];
    total += delta * (res + 0.5 * Aii * delta);
    f[i] = x;
  }
  return total;
}

}  // namespace

// qfrc_constraint = J' f and qacc = qacc_smooth + M^-1 qfrc_constraint, states from the forces
void mj_dualFinish(const mjModel* m, mjData* d) {
  mj_dualStates(m, d);
  mj_mulJacTVec(m, d, d->qfrc_constraint, d->efc_force);
  mj_solveM(m, d, d->qacc, d->qfrc_constraint, 1);
  mju_addTo(d->qacc, d->qacc_smooth, m->nv);
}

int mj_solverPGS(const mjModel* m, mjData* d, int maxiter) {
  int nefc = d->nefc;
  if (!d->nA && nefc) {
    // efc_AR is missing (arena full or not projected): nothing sensible to iterate on
    mj_dualFinish(m, d);
    return 0;
  }
  d->solver_nnz[0] = mj_isSparse(m) ? d->nA : nefc * nefc;
  mjtNum scale = 1 / (m->stat.meaninertia * mjMAX(1, m->nv));
  mj_markStack(d);
  int* old = mj_stackAllocInt(d, mjMAX(nefc, 1));
  mj_dualStates(m, d);
  int iter = 0;
  while (iter < maxiter) {
    for (int i = 0; i < nefc; i++) {
      old[i] = d->efc_state[i];
    }
    mjtNum improvement = -scale * pgsSweep(m, d);
    mj_dualStates(m, d);
    mj_solverStatIsland(d, 0, iter, improvement, 0, 0, mj_countActive(nefc, d->efc_state),
                        mj_countChange(nefc, d->efc_state, old), 0, 0);
    iter++;
    if (improvement < m->opt.tolerance) {
      break;
    }
  }
  mj_freeStack(d);
  mj_dualFinish(m, d);
  return iter;
}
