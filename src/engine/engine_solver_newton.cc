// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Primal solvers' shared machinery and the Newton solver (computation_index.rst "Reduced primal
// problem", "Algorithms / Newton").
//
// The reduced primal cost is
//   c(x) = 0.5 (x - a0)' M (x - a0) + s(J x - aref),     a0 = qacc_smooth,
// with gradient g = M x - qfrc_smooth - J' f(x) (f = -grad s, mj_constraintUpdate) and
// generalized Hessian H = M + J' S J, where S is diag(D) over the rows in the quadratic state plus
// the dim x dim cone Hessians of elliptic contacts in the cone state (zero for satisfied and
// linear rows).
//
// Hessian storage. M couples only the dofs of one kinematic tree, and a constraint row couples
// the trees its Jacobian touches, so H is block diagonal over the connected components of the
// graph "trees linked by rows" (the constraint islands). Each component keeps a dense Cholesky
// factor of its block; dense and sparse Jacobians share this path (a sparse Jacobian is read by
// its column indices). Large scenes of many small bodies therefore cost O(sum nb^3) instead of
// O(nv^3). When rows change state between iterations the factor is updated by rank-1 updates
// (row entering the quadratic state) or downdates (leaving it); elliptic cone blocks change with
// every step and trigger a refactorization of their component.
// When the solver works on one constraint island (mj_solverNewtonProblem with island >= 0, see
// engine_solver_island.cc) the island is the only component, with local row numbering.
// Problems of mj_newtonSparseNv() dofs or more keep a sparse factor instead, whose pattern is
// M's plus the cliques of the rows and their fill-in (engine_solver_hessian.cc): a block of
// hundreds of dofs (many touching bodies, a flex) costs far less than nb^3 / 6 there.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"
#include "engine/engine_solver_hessian.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_solve.h"

// ---------------------------------------------------------------------------------------------
// primal evaluation

// Mean inertia that makes the costs of p unitless: m->stat.meaninertia for the whole problem; for
// an island the mean of the diagonal of the current M over the island's dofs, as MuJoCo
// does (visible in its solver statistics: see doc/conformance.md#solver).
mjtNum mj_primalMeanInertia(const mjModel* m, const mjData* d, const mjPrimal* p) {
  if (!p->dofmap || p->nv == 0) {
    return m->stat.meaninertia;
  }
  mjtNum sum = 0;
  for (int i = 0; i < p->nv; i++) {
    sum += d->qM[m->dof_Madr[p->dofmap[i]]];
  }
  return sum / p->nv;
}

void mj_primalInit(const mjModel* m, mjData* d, mjPrimal* p, int flg_coneHessian) {
  int nv = p->nv, nefc = p->nefc;
  p->scale = 1 / (mj_primalMeanInertia(m, d, p) * mjMAX(1, nv));
  p->Ma = mj_stackAllocNum(d, nv);
  p->jar = mj_stackAllocNum(d, mjMAX(nefc, 1));
  p->grad = mj_stackAllocNum(d, nv);
  p->Mgrad = mj_stackAllocNum(d, nv);
  p->search = mj_stackAllocNum(d, nv);
  p->Mv = mj_stackAllocNum(d, nv);
  p->Jv = mj_stackAllocNum(d, mjMAX(nefc, 1));
  p->gslope = p->gcurv = 0;

  mj_primalMulM(m, d, p, p->Ma, p->qacc);
  mj_primalMulJ(m, d, p, p->jar, p->qacc);
  for (int i = 0; i < nefc; i++) {
    p->jar[i] -= p->efc_aref[i];
  }
  mj_primalEval(m, d, p, flg_coneHessian);
}

void mj_primalEval(const mjModel* m, mjData* d, mjPrimal* p, int flg_coneHessian) {
  int nv = p->nv;
  mjtNum s = 0;
  mj_primalUpdate(m, d, p, p->jar, &s, flg_coneHessian);

  // grad = M qacc - qfrc_smooth - qfrc_constraint; with M a0 = qfrc_smooth the Gauss term is
  // 0.5 (x - a0)' (M x - qfrc_smooth)
  mjtNum gauss = 0;
  for (int i = 0; i < nv; i++) {
    mjtNum r = p->Ma[i] - p->qfrc_smooth[i];
    gauss += (p->qacc[i] - p->qacc_smooth[i]) * r;
    p->grad[i] = r - p->qfrc_constraint[i];
  }
  p->gauss = 0.5 * gauss;
  p->cost = p->gauss + s;
}

// ---------------------------------------------------------------------------------------------
// line search

namespace {

// first and second derivatives of the cone-zone cost 0.5 Dm gap^2 of an elliptic contact along
// y(a) = y + a v (rows of one contact), gap = N - mu T, N = mu y_0, T = |(mu_j y_j)_j|
void ellipticDeriv(const mjPrimal* p, const mjContact* con, int i, const mjtNum* y, const mjtNum* v,
                   mjtNum* d1, mjtNum* d2) {
  int dim = con->dim;
  mjtNum mu = con->mu, N = mu * y[0], T2 = 0, t[6], dt[6];
  for (int j = 1; j < dim; j++) {
    t[j] = con->friction[j - 1] * y[j];
    dt[j] = con->friction[j - 1] * v[j];
    T2 += t[j] * t[j];
  }
  mjtNum T = sqrt(T2);
  const mjtNum* D = p->efc_D + i;

  if (N >= mu * T || (T <= 0 && N >= 0)) {
    return;  // satisfied
  }
  if (mu * N + T <= 0 || (T <= 0 && N < 0)) {
    for (int j = 0; j < dim; j++) {  // quadratic in every row
      *d1 += D[j] * y[j] * v[j];
      *d2 += D[j] * v[j] * v[j];
    }
    return;
  }

  // cone zone: dT = t.dt / T, d2T = (|dt|^2 - dT^2) / T (curvature of the norm)
  mjtNum tdt = 0, dt2 = 0;
  for (int j = 1; j < dim; j++) {
    tdt += t[j] * dt[j];
    dt2 += dt[j] * dt[j];
  }
  mjtNum dT = tdt / T;
  mjtNum d2T = (dt2 - dT * dT) / T;
  mjtNum Dm = D[0] / (mu * mu * (1 + mu * mu));
  mjtNum gap = N - mu * T;
  mjtNum dgap = mu * v[0] - mu * dT;
  *d1 += Dm * gap * dgap;
  *d2 += Dm * (dgap * dgap - gap * mu * d2T);
}

// derivatives of the total cost along the search direction at step a: the Gauss term is exactly
// quadratic (slope gslope at 0, curvature gcurv); the constraint rows follow the pieces of s
// used by mj_constraintUpdate
void lineDeriv(const mjData* d, const mjPrimal* p, mjtNum a, mjtNum* d1, mjtNum* d2) {
  mjtNum g1 = p->gslope + a * p->gcurv, g2 = p->gcurv;
  int nefc = p->nefc;
  for (int i = 0; i < nefc; i++) {
    mjtNum v = p->Jv[i], y = p->jar[i] + a * v, D = p->efc_D[i];
    switch (p->efc_type[i]) {
      case mjCNSTR_EQUALITY:
        g1 += D * y * v;
        g2 += D * v * v;
        break;

      case mjCNSTR_FRICTION_DOF:
      case mjCNSTR_FRICTION_TENDON: {
        mjtNum fl = p->efc_frictionloss[i], Rf = p->efc_R[i] * fl;
        if (y <= -Rf) {
          g1 -= fl * v;  // linear pieces: cost -fl y and fl y
        } else if (y >= Rf) {
          g1 += fl * v;
        } else {
          g1 += D * y * v;
          g2 += D * v * v;
        }
        break;
      }

      case mjCNSTR_CONTACT_ELLIPTIC: {
        const mjContact* con = d->contact + p->efc_id[i];
        mjtNum yy[6] = {0, 0, 0, 0, 0, 0};
        for (int j = 0; j < con->dim; j++) {
          yy[j] = p->jar[i + j] + a * p->Jv[i + j];
        }
        ellipticDeriv(p, con, i, yy, p->Jv + i, &g1, &g2);
        i += con->dim - 1;
        break;
      }

      default:  // one-sided rows: quadratic when violated
        if (y < 0) {
          g1 += D * y * v;
          g2 += D * v * v;
        }
    }
  }
  *d1 = g1;
  *d2 = g2;
}

}  // namespace

// One-dimensional minimization of the convex, piecewise-smooth cost along the search direction:
// Newton steps with analytic second derivatives, safeguarded by the bracket [lo, hi] on which the
// derivative changes sign (secant or bisection when a Newton step leaves it). Stops when the
// derivative, normalized by |search| and scaled like the solver's gradient criterion, falls below
// tolerance * ls_tolerance, or after ls_iterations evaluations.
mjtNum mj_primalLineSearch(const mjModel* m, mjData* d, mjPrimal* p, int* neval,
                           mjtNum* lineslope) {
  int nv = p->nv, nefc = p->nefc;
  *neval = 0;
  *lineslope = 0;
  mjtNum snorm = mju_norm(p->search, nv);
  if (!(snorm > mjMINVAL)) {
    return 0;
  }
  mj_primalMulM(m, d, p, p->Mv, p->search);
  mj_primalMulJ(m, d, p, p->Jv, p->search);
  p->gcurv = mju_dot(p->search, p->Mv, nv);
  p->gslope = 0;
  for (int i = 0; i < nv; i++) {
    p->gslope += p->search[i] * (p->Ma[i] - p->qfrc_smooth[i]);
  }

  mjtNum d1, d2;
  lineDeriv(d, p, 0, &d1, &d2);
  (*neval)++;
  *lineslope = p->scale * d1 / snorm;
  mjtNum gtol = m->opt.tolerance * m->opt.ls_tolerance * snorm / p->scale;
  if (!(d1 < 0) || !(d2 > 0)) {
    return 0;  // not a descent direction
  }

  mjtNum lo = 0, dlo = d1, hi = 0, dhi = 0;
  int has_hi = 0;
  mjtNum best = 0, best_abs = -d1;
  mjtNum a = -d1 / d2;
  int maxeval = mjMAX(1, m->opt.ls_iterations);
  for (int k = 0; k < maxeval; k++) {
    lineDeriv(d, p, a, &d1, &d2);
    (*neval)++;
    if (fabs(d1) < best_abs) {
      best = a;
      best_abs = fabs(d1);
    }
    if (fabs(d1) <= gtol) {
      break;
    }
    if (d1 < 0) {
      lo = a;
      dlo = d1;
    } else {
      hi = a;
      dhi = d1;
      has_hi = 1;
    }
    mjtNum next = d2 > 0 ? a - d1 / d2 : (has_hi ? 0.5 * (lo + hi) : 2 * a);
    if (has_hi && !(next > lo && next < hi)) {
      next = lo - dlo * (hi - lo) / (dhi - dlo);  // secant on the bracket
      if (!(next > lo && next < hi)) {
        next = 0.5 * (lo + hi);
      }
    }
    if (next == a || (has_hi && hi - lo <= 1e-15 * hi)) {
      break;
    }
    a = next;
  }
  if (best <= 0) {
    return 0;
  }
  // statistics: the scaled slope left at the chosen step (as MuJoCo reports it: ~0 when
  // the line search converged)
  *lineslope = p->scale * best_abs / snorm;

  // move to the minimizer
  mju_addToScl(p->qacc, p->search, best, nv);
  mju_addToScl(p->Ma, p->Mv, best, nv);
  mju_addToScl(p->jar, p->Jv, best, nefc);
  return best;
}

// ---------------------------------------------------------------------------------------------
// Hessian blocks

namespace {

// Components of the tree graph and their dense Hessian factors.
struct HessBlocks {
  const mjPrimal* p;  // the problem: rows in its local numbering (efcmap), dofs global
  mjHessComps cp;     // components (engine_solver_hessian.h)
  int* dirty;         // per component: refactorization needed         (ncomp)
  mjtNum* H;          // factors
  mjtNum* work;       // nv workspace (rank-1 vectors)
  mjtNum* work2;      // nv workspace (local right-hand sides)
  int* idx;           // nv workspace (local indices of a row)
  int* cidx;          // nv workspace (local pattern of a contact)
  int* run;           // nv workspace (runs of consecutive indices in a pattern)
  mjtNum* val;        // 10 nv workspace (values of up to 10 rows: one contact's)
};

// components and workspace
void buildComponents(const mjModel* m, mjData* d, HessBlocks* hb) {
  int nv = m->nv;
  mj_hessianComponents(m, d, hb->p, &hb->cp);
  hb->dirty = mj_stackAllocInt(d, mjMAX(hb->cp.ncomp, 1));
  hb->H = mj_stackAllocNum(d, mjMAX(hb->cp.nH, 1));
  hb->work = mj_stackAllocNum(d, nv);
  hb->work2 = mj_stackAllocNum(d, nv);
  hb->idx = mj_stackAllocInt(d, nv);
  hb->cidx = mj_stackAllocInt(d, nv);
  hb->run = mj_stackAllocInt(d, nv);
  hb->val = mj_stackAllocNum(d, 10 * (size_t)nv);
}

// global row of local row i
inline int globalRow(const HessBlocks* hb, int i) {
  return hb->p->efcmap ? hb->p->efcmap[i] : i;
}

// nonzeros of row i within its component: local indices in idx, values in val; returns count
int localRow(const mjModel* m, const mjData* d, const HessBlocks* hb, int i, int* idx,
             mjtNum* val) {
  int n = 0, g = globalRow(hb, i);
  if (mj_isSparse(m)) {
    int adr = d->efc_J_rowadr[g];
    for (int k = 0; k < d->efc_J_rownnz[g]; k++) {
      mjtNum v = d->efc_J[adr + k];
      if (v != 0) {
        idx[n] = hb->cp.dof_local[d->efc_J_colind[adr + k]];
        val[n++] = v;
      }
    }
  } else {
    int c = hb->cp.row_comp[i], nv = m->nv;
    const int* dofs = hb->cp.cdof + hb->cp.comp_dofadr[c];
    const mjtNum* row = d->efc_J + (size_t)g * nv;
    for (int k = 0; k < hb->cp.comp_nv[c]; k++) {
      mjtNum v = row[dofs[k]];
      if (v != 0) {
        idx[n] = k;
        val[n++] = v;
      }
    }
  }
  return n;
}

// values of row i at the local indices idx (n of them) of component c, for rows of one contact
// sharing the sparsity of its first row
void rowValues(const mjModel* m, const mjData* d, const HessBlocks* hb, int c, int i,
               const int* idx, int n, mjtNum* val) {
  if (mj_isSparse(m)) {
    // rows of one contact have identical column sets (the same bodies): read in order, matching
    // the nonzero pattern of the first row by column
    int g = globalRow(hb, i);
    int adr = d->efc_J_rowadr[g], nnz = d->efc_J_rownnz[g], q = 0;
    for (int k = 0; k < n; k++) {
      int col = hb->cp.cdof[hb->cp.comp_dofadr[c] + idx[k]];
      while (q < nnz && d->efc_J_colind[adr + q] < col) {
        q++;
      }
      val[k] = (q < nnz && d->efc_J_colind[adr + q] == col) ? d->efc_J[adr + q] : 0;
    }
  } else {
    const mjtNum* row = d->efc_J + (size_t)globalRow(hb, i) * m->nv;
    for (int k = 0; k < n; k++) {
      val[k] = row[hb->cp.cdof[hb->cp.comp_dofadr[c] + idx[k]]];
    }
  }
}

// union of the local nonzero patterns in component c of rows i .. i+dim-1 (one contact),
// increasing (rows of the contact without nonzeros there are skipped)
int contactPattern(const mjModel* m, const mjData* d, const HessBlocks* hb, int c, int i, int dim,
                   int* idx) {
  int nb = hb->cp.comp_nv[c], n = 0;
  mjtNum* flag = hb->work;  // membership flags (the caller's idx is a separate buffer)
  mju_zero(flag, nb);
  for (int j = i; j < i + dim; j++) {
    if (hb->cp.row_comp[j] != c) {
      continue;
    }
    int cnt = localRow(m, d, hb, j, hb->idx, hb->val);
    for (int k = 0; k < cnt; k++) {
      flag[hb->idx[k]] = 1;
    }
  }
  for (int k = 0; k < nb; k++) {
    if (flag[k] != 0) {
      idx[n++] = k;
    }
  }
  return n;
}

// H_c += w * x y' over the local pattern idx, lower triangle only (row >= column): the block
// is symmetric and mju_cholFactor reads only its lower triangle, so the upper one is not formed.
// idx is increasing, so the columns idx[b] <= idx[a] of row idx[a] are those with b <= a. The
// pattern is cut into runs of consecutive indices (run[b]: last position of b's run), each
// updated as one contiguous axpy (the same operation on every entry). Rows with x[a] = 0 would
// add only zeros and are skipped.
void addOuter(mjtNum* H, int nb, const int* idx, const mjtNum* x, const mjtNum* y, int n, mjtNum w,
              int* run) {
  for (int b = n - 1; b >= 0; b--) {
    run[b] = (b + 1 < n && idx[b + 1] == idx[b] + 1) ? run[b + 1] : b;
  }
  for (int a = 0; a < n; a++) {
    if (x[a] == 0) {
      continue;
    }
    mjtNum* row = H + idx[a] * nb;
    mjtNum wa = w * x[a];
    for (int b = 0; b <= a;) {
      int e = run[b] < a ? run[b] : a;
      mji_addToScl(row + idx[b], y + b, wa, e - b + 1);
      b = e + 1;
    }
  }
}

// The dense local row of row i in component c (nb entries, zero outside the row's pattern):
// the island's own block of iefc_J when the problem is one island with a dense Jacobian, else
// gathered (dense layout) or scattered (sparse layout) into buf.
const mjtNum* denseRow(const mjModel* m, const mjData* d, const HessBlocks* hb, int c, int i,
                       mjtNum* buf) {
  int nb = hb->cp.comp_nv[c];
  if (!mj_isSparse(m)) {
    if (hb->p->island >= 0) {
      return d->iefc_J + hb->p->Jadr + (size_t)i * nb;
    }
    const int* dofs = hb->cp.cdof + hb->cp.comp_dofadr[c];
    const mjtNum* row = d->efc_J + (size_t)globalRow(hb, i) * m->nv;
    for (int k = 0; k < nb; k++) {
      buf[k] = row[dofs[k]];
    }
    return buf;
  }
  mju_zero(buf, nb);
  int g = globalRow(hb, i), adr = d->efc_J_rowadr[g];
  for (int k = 0; k < d->efc_J_rownnz[g]; k++) {
    buf[hb->cp.dof_local[d->efc_J_colind[adr + k]]] = d->efc_J[adr + k];
  }
  return buf;
}

// H_c += sum_j w_j x_j x_j' (lower triangle) for the g dense local rows x[j] (nb entries), in
// the order j = 0, 1, .. g-1 for every entry: the same additions in the same order as one
// addOuter per row. Here every index a with a nonzero in some row updates the whole span
// H[a][lo..a] (lo: the first nonzero of the rows) as contiguous vector operations; the extra
// terms w_j x_j[a] x_j[b] with x_j[a] = 0 or x_j[b] = 0 are exact zeros, and adding a zero
// leaves an entry of H unchanged bit for bit (the entries start at +0 plus M, and a sum of
// doubles is -0 only when both terms are).
template <class K>
void addOuterDense(mjtNum* H, int nb, const mjtNum* const* x, const mjtNum* w, int g) {
  int lo = nb, hi = -1;
  for (int j = 0; j < g; j++) {
    int l = 0, h = nb - 1;
    while (l < nb && x[j][l] == 0) {
      l++;
    }
    while (h > l && x[j][h] == 0) {
      h--;
    }
    if (l < nb) {
      lo = l < lo ? l : lo;
      hi = h > hi ? h : hi;
    }
  }
  for (int a = lo; a <= hi; a++) {
    mjtNum* row = H + a * nb + lo;
    int n = a - lo + 1, j = 0;
    for (; j + 4 <= g; j += 4) {
      mjtNum wa[4];
      const mjtNum* xs[4];
      for (int q = 0; q < 4; q++) {
        wa[q] = w[j + q] * x[j + q][a];
        xs[q] = x[j + q] + lo;
      }
      if (wa[0] != 0 || wa[1] != 0 || wa[2] != 0 || wa[3] != 0) {
        K::addToScl4(row, xs, wa, n);
      }
    }
    for (; j + 2 <= g; j += 2) {
      mjtNum w0 = w[j] * x[j][a], w1 = w[j + 1] * x[j + 1][a];
      if (w0 != 0 || w1 != 0) {
        K::addToScl2(row, x[j] + lo, w0, x[j + 1] + lo, w1, n);
      }
    }
    if (j < g) {
      mjtNum w0 = w[j] * x[j][a];
      if (w0 != 0) {
        K::addToScl(row, x[j] + lo, w0, n);
      }
    }
  }
}

// H_c += D_j j_j j_j' for the quadratic rows j among crow[k .. k+nrow) (one constraint's rows
// in component c, at most 10), all at once (addOuterDense)
void addQuadraticGroup(const mjModel* m, const mjData* d, HessBlocks* hb, int c, mjtNum* H, int k,
                       int nrow) {
  int nb = hb->cp.comp_nv[c], g = 0;
  const mjtNum* x[10];
  mjtNum w[10];
  for (int q = k; q < k + nrow && g < 10; q++) {
    int j = hb->cp.crow[q];
    if (hb->p->efc_state[j] == mjCNSTRSTATE_QUADRATIC) {
      x[g] = denseRow(m, d, hb, c, j, hb->val + (size_t)g * nb);
      w[g++] = hb->p->efc_D[j];
    }
  }
  if (g) {
    mjiRun([&](auto k) { addOuterDense<decltype(k)>(H, nb, x, w, g); });
  }
}

// H_c += D_j j_j j_j' for the quadratic rows j among i .. i+nrow-1 (the rows of one contact)
void addQuadraticRows(const mjModel* m, const mjData* d, HessBlocks* hb, int c, mjtNum* H, int nb,
                      int i, int nrow) {
  for (int j = i; j < i + nrow; j++) {
    if (hb->p->efc_state[j] == mjCNSTRSTATE_QUADRATIC && hb->cp.row_comp[j] == c) {
      int n = localRow(m, d, hb, j, hb->idx, hb->val);
      addOuter(H, nb, hb->idx, hb->val, hb->val, n, hb->p->efc_D[j], hb->run);
    }
  }
}

// number of entries of crow from k on that are rows of the same contact as crow[k] (rows
// without nonzeros belong to no component, so a contact can have fewer than its row count)
int contactRun(const HessBlocks* hb, int k, int kend) {
  const int *id = hb->p->efc_id, *type = hb->p->efc_type;
  int i = hb->cp.crow[k], g = 1;
  while (k + g < kend && id[hb->cp.crow[k + g]] == id[i] && type[hb->cp.crow[k + g]] == type[i]) {
    g++;
  }
  return g;
}

// assemble and factor the block of component c: M_c + J_c' S J_c, lower triangle only (the
// factorization, the solves and the rank-1 updates never read the upper one)
void factorComponent(const mjModel* m, mjData* d, HessBlocks* hb, int c) {
  int nb = hb->cp.comp_nv[c];
  mjtNum* H = hb->H + hb->cp.comp_Hadr[c];
  const int* dofs = hb->cp.cdof + hb->cp.comp_dofadr[c];
  for (int k = 0; k < nb; k++) {
    mju_zero(H + k * nb, k + 1);
  }

  // mass matrix of the component's trees (qM: diagonal, then the ancestors of each dof, whose
  // local indices are smaller: lower triangle)
  for (int k = 0; k < nb; k++) {
    int i = dofs[k], adr = m->dof_Madr[i];
    H[k * (nb + 1)] += d->qM[adr++];
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j], adr++) {
      H[k * nb + hb->cp.dof_local[j]] += d->qM[adr];
    }
  }

  // constraint rows
  mjtNum* pval = hb->val;
  int* cidx = hb->cidx;
  int kend = hb->cp.comp_rowadr[c + 1];
  for (int k = hb->cp.comp_rowadr[c]; k < kend; k++) {
    int i = hb->cp.crow[k], type = hb->p->efc_type[i];
    if (type == mjCNSTR_CONTACT_ELLIPTIC || type == mjCNSTR_CONTACT_PYRAMIDAL) {
      // all rows of the contact at once, from its first one (in the local numbering)
      const mjContact* con = d->contact + hb->p->efc_id[i];
      int dim = con->dim, i0 = con->efc_address;
      if (hb->p->efcmap) {
        i0 = d->map_efc2iefc[i0] - hb->p->efcadr;
      }
      int run = contactRun(hb, k, kend);
      if (type == mjCNSTR_CONTACT_PYRAMIDAL) {
        // the contact's rows in this component, from the row list: rows with an all-zero
        // Jacobian belong to no island, so an island's rows of a contact may start after
        // con->efc_address (whose local index then lies past the island's rows)
        addQuadraticGroup(m, d, hb, c, H, k, run);
      } else if (hb->p->efc_state[i0] == mjCNSTRSTATE_CONE) {
        int n = contactPattern(m, d, hb, c, i0, dim, cidx);
        for (int a = 0; a < dim; a++) {
          rowValues(m, d, hb, c, i0 + a, cidx, n, pval + a * nb);
        }
        for (int a = 0; a < dim; a++) {
          for (int b = 0; b < dim; b++) {
            addOuter(H, nb, cidx, pval + a * nb, pval + b * nb, n, con->H[a * dim + b], hb->run);
          }
        }
      } else {
        // quadratic state: every row of the contact adds D_j j_j j_j'
        addQuadraticRows(m, d, hb, c, H, nb, i0, dim);
      }
      k += run - 1;
      continue;
    }
    addQuadraticGroup(m, d, hb, c, H, k, 1);
  }
  mju_cholFactor(H, nb, mjMINVAL);
}

// factor every component (or only the dirty ones); returns the count of factorized dofs
int factorAll(const mjModel* m, mjData* d, HessBlocks* hb, int only_dirty) {
  int n = 0;
  for (int c = 0; c < hb->cp.ncomp; c++) {
    if (!only_dirty || hb->dirty[c]) {
      factorComponent(m, d, hb, c);
      n += hb->cp.comp_nv[c];
    }
    hb->dirty[c] = 0;
  }
  return n;
}

// res = H^-1 vec, block by block
void hessSolve(const mjModel* m, HessBlocks* hb, mjtNum* res, const mjtNum* vec) {
  if (hb->p->island >= 0) {  // local vectors, one component
    mju_cholSolve(res, hb->H, vec, hb->cp.comp_nv[0]);
    return;
  }
  for (int c = 0; c < hb->cp.ncomp; c++) {
    int nb = hb->cp.comp_nv[c];
    const int* dofs = hb->cp.cdof + hb->cp.comp_dofadr[c];
    mjtNum* x = hb->work2;
    for (int k = 0; k < nb; k++) {
      x[k] = vec[dofs[k]];
    }
    mju_cholSolve(x, hb->H + hb->cp.comp_Hadr[c], x, nb);
    for (int k = 0; k < nb; k++) {
      res[dofs[k]] = x[k];
    }
  }
  (void)m;
}

// Incremental update after the states changed from old to d->efc_state: rows of non-elliptic
// type entering (leaving) the quadratic state add (remove) D_i j_i j_i' by a rank-1 update
// (downdate) of the factor; components with elliptic contacts in or around the cone state, many
// changes, or a failed downdate are refactorized. Returns the number of updates (rank-1 updates
// plus the dofs of refactorized components).
int hessUpdate(const mjModel* m, mjData* d, HessBlocks* hb, const int* old) {
  const mjPrimal* p = hb->p;
  int nefc = p->nefc, nupdate = 0;
  mj_hessianDirty(d, p, &hb->cp, old, hb->dirty);

  // pass 2: rank-1 updates in clean components
  for (int i = 0; i < nefc; i++) {
    int c = hb->cp.row_comp[i];
    if (c < 0 || hb->dirty[c] || p->efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      continue;
    }
    int now = p->efc_state[i] == mjCNSTRSTATE_QUADRATIC;
    int was = old[i] == mjCNSTRSTATE_QUADRATIC;
    if (now == was) {
      continue;
    }
    int nb = hb->cp.comp_nv[c];
    int n = localRow(m, d, hb, i, hb->idx, hb->val);
    mjtNum* x = hb->work;
    mju_zero(x, nb);
    mjtNum w = sqrt(p->efc_D[i]);
    for (int k = 0; k < n; k++) {
      x[hb->idx[k]] = w * hb->val[k];
    }
    int rank = mju_cholUpdate(hb->H + hb->cp.comp_Hadr[c], x, nb, now);
    nupdate++;
    if (rank < nb) {
      hb->dirty[c] = 1;  // lost definiteness numerically: rebuild from scratch
    }
  }
  nupdate += factorAll(m, d, hb, 1);
  return nupdate;
}

// The Hessian of one problem: dense blocks (HessBlocks, above) or the sparse factor
// (engine_solver_hessian.cc) when the problem has at least mj_newtonSparseNv() dofs.
struct Hessian {
  int sparse;
  HessBlocks dense;
  mjHessian sp;
};

void hessianInit(const mjModel* m, mjData* d, Hessian* h, const mjPrimal* p) {
  h->sparse = p->nv >= mj_newtonSparseNv();
  if (h->sparse) {
    mj_hessianInit(m, d, &h->sp, p);
  } else {
    h->dense.p = p;
    buildComponents(m, d, &h->dense);
  }
}

int hessianFactor(const mjModel* m, mjData* d, Hessian* h) {
  return h->sparse ? mj_hessianFactor(m, d, &h->sp, 0) : factorAll(m, d, &h->dense, 0);
}

void hessianSolve(const mjModel* m, Hessian* h, mjtNum* res, const mjtNum* vec) {
  if (h->sparse) {
    mj_hessianSolve(&h->sp, res, vec);
  } else {
    hessSolve(m, &h->dense, res, vec);
  }
}

int hessianUpdate(const mjModel* m, mjData* d, Hessian* h, const int* old) {
  return h->sparse ? mj_hessianUpdate(m, d, &h->sp, old) : hessUpdate(m, d, &h->dense, old);
}

// Dofs from which a problem factors its Hessian sparsely. Below it the dense blocks are faster:
// for islands of 6-30 dofs their contiguous updates cost about what the sparse elimination saves,
// and the symbolic factorization is new work on every solve (doc/speed.md).
int newton_sparse_nv = 60;

}  // namespace

int mj_newtonSparseNv(void) {
  return newton_sparse_nv;
}

void mj_setNewtonSparseNv(int nv) {
  newton_sparse_nv = nv;
}

// ---------------------------------------------------------------------------------------------
// Newton

// "Algorithms / Newton": search = -H^-1 grad, exact line search, state update, incremental
// Hessian update. Terminates when the scaled improvement or the scaled gradient falls below
// opt.tolerance. Solves the whole problem (island < 0) or one island.
int mj_solverNewtonProblem(const mjModel* m, mjData* d, int island, int maxiter) {
  mj_markStack(d);
  mjPrimal p;
  mj_primalView(m, d, &p, island);
  int nv = p.nv, nefc = p.nefc, slot = island < 0 ? 0 : island;
  mj_primalInit(m, d, &p, 1);
  Hessian hb;
  hessianInit(m, d, &hb, &p);
  hessianFactor(m, d, &hb);
  if (slot < mjNISLAND) {
    d->solver_nnz[slot] = hb.sparse ? hb.sp.cp.nH : hb.dense.cp.nH;
  }
  int* old = mj_stackAllocInt(d, mjMAX(nefc, 1));
  mjtNum tol = m->opt.tolerance;

  int iter = 0;
  while (iter < maxiter) {
    hessianSolve(m, &hb, p.Mgrad, p.grad);
    mju_scl(p.search, p.Mgrad, -1, nv);
    mjtNum cost_old = p.cost;
    memcpy(old, p.efc_state, sizeof(int) * nefc);

    int neval;
    mjtNum lineslope;
    mjtNum alpha = mj_primalLineSearch(m, d, &p, &neval, &lineslope);
    if (alpha == 0) {
      break;  // no descent possible: at the minimum up to round-off
    }
    mj_primalEval(m, d, &p, 1);
    mjtNum improvement = p.scale * (cost_old - p.cost);
    mjtNum gradient = p.scale * mju_norm(p.grad, nv);
    int nchange = mj_countChange(p.nefc, p.efc_state, old);
    int converged = improvement < tol || gradient < tol;
    int nupdate = 0;
    if (!converged && iter + 1 < maxiter) {
      mj_markStack(d);
      nupdate = hessianUpdate(m, d, &hb, old);
      mj_freeStack(d);
    }
    mj_solverStatIsland(d, slot, iter, improvement, gradient, lineslope,
                        mj_countActive(p.nefc, p.efc_state), nchange, neval, nupdate);
    iter++;
    if (converged) {
      break;
    }
  }
  mj_freeStack(d);
  return iter;
}

int mj_solverNewton(const mjModel* m, mjData* d, int maxiter) {
  return mj_solverNewtonProblem(m, d, -1, maxiter);
}
