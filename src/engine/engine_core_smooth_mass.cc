// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Joint-space inertia (computation_index.rst "General framework", pipeline stages 6-7):
// composite rigid body inertias, the inertia matrix M in its two sparse layouts (qM and the CSR
// M, see engine_setconst.h), its L'DL factorization and the products and solves built on it.

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_core_tendon.h"
#include "engine/engine_sleep.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// composite rigid body algorithm

namespace {

// crb[i]: inertia of the subtree of body i, all in the tree's com frame, so that composite
// inertias are plain sums of the children's (Featherstone, "Composite rigid body"). The world
// does not accumulate: it is not a moving body.
// 6-vector dot product, inlined for the inner loop of mj_crb; same summation order as mju_dot
// (products 0..3 in pairs (0+2)+(1+3), then 4 and 5 added in turn), so results are identical
inline mjtNum dot6(const mjtNum a[6], const mjtNum b[6]) {
  mjtNum s = (a[0] * b[0] + a[2] * b[2]) + (a[1] * b[1] + a[3] * b[3]);
  s += a[4] * b[4];
  s += a[5] * b[5];
  return s;
}

inline void copy10(mjtNum res[10], const mjtNum vec[10]) {
  for (int k = 0; k < 10; k++) {
    res[k] = vec[k];
  }
}

}  // namespace

namespace {

// row i of qM (M(i, i) and M(i, j) for the ancestors j of i): cdof_j' * crb[body(i)] * cdof_i,
// the force that unit acceleration of dof i exerts through the subtree it moves, projected on
// dof j
void crbRow(const mjModel* m, mjData* d, int i) {
  int adr = m->dof_Madr[i];
  mjtNum f[6];
  mji_mulInertVec(f, d->crb + 10 * m->dof_bodyid[i], d->cdof + 6 * i);
  // armature: the dof's own plus what actuators reflect onto its joint, summed first
  mjtNum armature = m->dof_armature[i];
  int jnt = m->dof_jntid[i];
  if (m->jnt_actuatorid[jnt] != -1) {
    armature += mj_actuatorArmature(m, jnt, 0);
  }
  d->qM[adr] = dot6(d->cdof + 6 * i, f) + armature;
  if (m->dof_simplenum[i]) {
    // exact zeros for the pairs of a simple body (see crb)
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
      d->qM[++adr] = 0;
    }
    return;
  }
  for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
    d->qM[++adr] = dot6(d->cdof + 6 * j, f);
  }
}

// rows of the simple dof i of qM: dof_M0 on the diagonal, exact zeros for the pairs
void simpleRow(const mjModel* m, mjData* d, int i) {
  int adr = m->dof_Madr[i];
  d->qM[adr] = m->dof_M0[i];
  for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
    d->qM[++adr] = 0;
  }
}

// composite inertias and M; with `simple_M0`, the rows of the dofs of simple bodies are their
// constant dof_M0: a simple body (engine_setconst.h: a leaf of the world, inertia diagonal in
// its frame, joints at its origin along its axes) has dofs that do not couple and a diagonal
// that does not depend on the configuration; MuJoCo stores exact zeros for the pairs and dof_M0
// (mass or principal inertia, plus armature, at mj_setConst) on the diagonal
void crb(const mjModel* m, mjData* d, int simple_M0) {
  int nbody = m->nbody, nv = m->nv;
  // bodies and dofs of sleeping trees keep their composite inertias and rows of M
  const int* awake = mj_sleepAny(m, d) ? d->body_awake : nullptr;
  for (int i = 0; i < nbody; i++) {
    if (!awake || awake[i] != mjS_ASLEEP) {
      copy10(d->crb + 10 * i, d->cinert + 10 * i);
    }
  }
  for (int i = nbody - 1; i > 0; i--) {
    int parent = m->body_parentid[i];
    if (parent > 0 && (!awake || awake[i] != mjS_ASLEEP)) {
      mju_addTo(d->crb + 10 * parent, d->crb + 10 * i, 10);
    }
  }

  if (awake) {
    for (int k = 0; k < d->nv_awake; k++) {
      int i = d->dof_awake_ind[k];
      if (simple_M0 && m->dof_simplenum[i]) {
        simpleRow(m, d, i);
      } else {
        crbRow(m, d, i);
      }
    }
    return;
  }
  for (int i = 0; i < nv;) {
    int run = simple_M0 ? m->dof_simplenum[i] : 0;
    if (!run) {
      crbRow(m, d, i++);
      continue;
    }
    // a run of simple dofs (dof_simplenum: the simple dofs from i on) owns the contiguous rows
    // dof_Madr[i] .. dof_Madr[i + run] of qM: the diagonal, then zeros up to the next row
    mjtNum* qM = d->qM;
    const int* Madr = m->dof_Madr;
    for (int k = i; k < i + run; k++) {
      int adr = Madr[k], next = k + 1 < nv ? Madr[k + 1] : m->nM;
      qM[adr] = m->dof_M0[k];
      for (int a = adr + 1; a < next; a++) {
        qM[a] = 0;
      }
    }
    i += run;
  }
}

}  // namespace

void mj_crb(const mjModel* m, mjData* d) {
  crb(m, d, 1);
}

void mj_crbFromBodies(const mjModel* m, mjData* d) {
  crb(m, d, 0);
}

namespace {

// qM element (i, j), j == i or an ancestor of i; -1 if j is not on the chain of i
int legacyIndex(const mjModel* m, int i, int j) {
  int adr = m->dof_Madr[i];
  for (int k = i; k >= 0; k = m->dof_parentid[k], adr++) {
    if (k == j) {
      return adr;
    }
  }
  return -1;
}

// tendon armature a adds the kinetic energy a/2 (J_ten v)^2, i.e. a J_ten' J_ten to M
// (XMLreference "tendon/spatial/armature"); a includes the armature of the tendon's actuators. Uses
// the sparse tendon Jacobian of mj_tendon (row structure ten_J_rownnz/rowadr/colind); pairs of dofs
// that are not on one ancestor chain have no place in the tree-structured M and are skipped.
void tendonArmature(const mjModel* m, mjData* d) {
  const int* tree_awake = mj_sleepAny(m, d) ? d->tree_awake : nullptr;
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum armature = mj_tendonArmature(m, t);
    if (armature == 0) {
      continue;
    }
    int adr = m->ten_J_rowadr[t], nnz = m->ten_J_rownnz[t];
    for (int a = 0; a < nnz; a++) {
      int i = m->ten_J_colind[adr + a];
      for (int b = 0; b <= a; b++) {
        int j = m->ten_J_colind[adr + b];
        int hi = i > j ? i : j, lo = i > j ? j : i;
        if (tree_awake && !tree_awake[m->dof_treeid[hi]]) {
          continue;  // a sleeping tree's M already holds the armature (mj_crb skipped it)
        }
        int k = legacyIndex(m, hi, lo);
        if (k >= 0) {
          d->qM[k] += armature * d->ten_J[adr + a] * d->ten_J[adr + b];
        }
      }
    }
  }
}

}  // namespace

void mj_makeM(const mjModel* m, mjData* d) {
  mj_crb(m, d);
  if (m->ntendon && m->nJten) {
    tendonArmature(m, d);
  }

  // CSR copy (M_rownnz / M_rowadr / M_colind) through mapM2M
  for (int k = 0; k < m->nC; k++) {
    d->M[k] = d->qM[m->mapM2M[k]];
  }
}

// ---------------------------------------------------------------------------------------------
// sparse L'DL factorization

namespace {

// Eliminate dofs from the leaves up (k = nv-1 .. 0, or the dofs index[n-1] .. index[0] of an
// increasing list closed under ancestors). Row k's columns are k's ancestors, so the rank-one
// update of eliminating k touches only the rows of those ancestors, and row j (an ancestor) has
// as columns exactly the prefix of row k up to j: no fill-in.
template <class K>
void factorRows(const mjModel* m, mjtNum* qLD, mjtNum* diagInv, const int* index, int n) {
  for (int r = n - 1; r >= 0; r--) {
    int k = index ? index[r] : r;
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    mjtNum Dk = qLD[last];
    if (Dk < mjMINVAL) {
      // a non-positive pivot means M is not positive definite (e.g. a massless moving body)
      Dk = mjMINVAL;
      qLD[last] = Dk;
    }
    mjtNum invD = 1 / Dk;

    // M(j, l) -= M(k, j) M(k, l) / D_k for ancestors l <= j of k (row j and the prefix of
    // row k are disjoint: a - s x computed as a + x (-s), which is the same number)
    for (int p = last - 1; p >= adr; p--) {
      int j = m->M_colind[p];
      mjtNum scale = qLD[p] * invD;
      K::addToScl(qLD + m->M_rowadr[j], qLD + adr, -scale, p - adr + 1);
    }

    // L(k, j) = M(k, j) / D_k
    for (int p = adr; p < last; p++) {
      qLD[p] *= invD;
    }
    diagInv[k] = invD;
  }
}

void factorRowsAny(const mjModel* m, mjtNum* qLD, mjtNum* diagInv, const int* index, int n) {
  mjiRun([&](auto k) { factorRows<decltype(k)>(m, qLD, diagInv, index, n); });
}

}  // namespace

void mj_factorI(const mjModel* m, mjtNum* qLD, mjtNum* diagInv) {
  factorRowsAny(m, qLD, diagInv, nullptr, m->nv);
}

// With sleeping trees only the rows of the awake dofs are copied and eliminated: a row's columns
// are its ancestors, in the same tree, so the rows of a sleeping tree keep the factor they had
// when it fell asleep (engine_core_smooth.h).
void mj_factorM(const mjModel* m, mjData* d) {
  if (!mj_sleepAny(m, d)) {
    mju_copy(d->qLD, d->M, m->nC);
    mj_factorI(m, d->qLD, d->qLDiagInv);
    return;
  }
  for (int k = 0; k < d->nv_awake; k++) {
    int i = d->dof_awake_ind[k];
    mju_copy(d->qLD + m->M_rowadr[i], d->M + m->M_rowadr[i], m->M_rownnz[i]);
  }
  factorRowsAny(m, d->qLD, d->qLDiagInv, d->dof_awake_ind, d->nv_awake);
}

namespace {

// x <- (L')^-1 x: unknowns are resolved from the leaves up; each resolved x_k feeds its ancestors
void solveLT(const mjModel* m, const mjtNum* qLD, mjtNum* x) {
  for (int k = m->nv - 1; k >= 0; k--) {
    mjtNum xk = x[k];
    if (xk == 0) {
      continue;
    }
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    for (int p = adr; p < last; p++) {
      x[m->M_colind[p]] -= qLD[p] * xk;
    }
  }
}

// x <- L^-1 x: from the roots down, each x_k subtracts its resolved ancestors
void solveL(const mjModel* m, const mjtNum* qLD, mjtNum* x) {
  for (int k = 0; k < m->nv; k++) {
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    mjtNum sum = 0;
    for (int p = adr; p < last; p++) {
      sum += qLD[p] * x[m->M_colind[p]];
    }
    x[k] -= sum;
  }
}

}  // namespace

void mj_solveLD(const mjModel* m, mjtNum* x, int n, const mjtNum* qLD, const mjtNum* diagInv) {
  int nv = m->nv;
  for (int r = 0; r < n; r++) {
    mjtNum* xr = x + r * nv;
    solveLT(m, qLD, xr);
    for (int k = 0; k < nv; k++) {
      xr[k] *= diagInv[k];
    }
    solveL(m, qLD, xr);
  }
}

// x = M^-1 y on the awake dofs: the L' and L sweeps of mj_solveLD restricted to dof_awake_ind,
// which is closed under ancestors, so each entry sees the same operations in the same order
void mj_solveMAwake(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y) {
  const int* ind = d->dof_awake_ind;
  int n = d->nv_awake;
  const mjtNum* qLD = d->qLD;
  for (int r = 0; r < n; r++) {
    x[ind[r]] = y[ind[r]];
  }
  for (int r = n - 1; r >= 0; r--) {
    int k = ind[r];
    mjtNum xk = x[k];
    if (xk == 0) {
      continue;
    }
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    for (int p = adr; p < last; p++) {
      x[m->M_colind[p]] -= qLD[p] * xk;
    }
  }
  for (int r = 0; r < n; r++) {
    x[ind[r]] *= d->qLDiagInv[ind[r]];
  }
  for (int r = 0; r < n; r++) {
    int k = ind[r];
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    mjtNum sum = 0;
    for (int p = adr; p < last; p++) {
      sum += qLD[p] * x[m->M_colind[p]];
    }
    x[k] -= sum;
  }
}

// x = M^-1 y = (L' D L)^-1 y, n right-hand sides
void mj_solveM(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y, int n) {
  if (x != y) {
    mju_copy(x, y, n * m->nv);
  }
  mj_solveLD(m, x, n, d->qLD, d->qLDiagInv);
}

// half solve: x = D^-1/2 (L')^-1 y, so that x'x = y' M^-1 y
void mj_solveM2(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y, const mjtNum* sqrtInvD,
                int n) {
  int nv = m->nv;
  if (x != y) {
    mju_copy(x, y, n * nv);
  }
  for (int r = 0; r < n; r++) {
    mjtNum* xr = x + r * nv;
    solveLT(m, d->qLD, xr);
    for (int k = 0; k < nv; k++) {
      xr[k] *= sqrtInvD[k];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// products with M

// res = M vec from the CSR lower triangle d->M: each stored off-diagonal acts twice. One pass:
// row i first sets res[i] from its lower part, then adds its entries to the rows of its
// ancestors (columns < i, already set), so every res[j] receives its terms in the order
// "own row, then the rows below it by increasing index".
void mj_mulM(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  const mjtNum* M = d->M;
  const int* colind = m->M_colind;
  for (int i = 0; i < nv; i++) {
    int adr = m->M_rowadr[i], last = adr + m->M_rownnz[i] - 1;
    mjtNum vi = vec[i];
    mjtNum sum = M[last] * vi;
    for (int p = adr; p < last; p++) {
      int j = colind[p];
      sum += M[p] * vec[j];
      res[j] += M[p] * vi;
    }
    res[i] = sum;
  }
}

// res = M^1/2 vec = D^1/2 L vec (M = (D^1/2 L)' (D^1/2 L))
void mj_mulM2(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  for (int i = 0; i < nv; i++) {
    int adr = m->M_rowadr[i], last = adr + m->M_rownnz[i] - 1;
    mjtNum sum = vec[i];
    for (int p = adr; p < last; p++) {
      sum += d->qLD[p] * vec[m->M_colind[p]];
    }
    res[i] = sum * std::sqrt(d->qLD[last]);
  }
}

// dense nv x nv copy of a matrix in the qM layout (both triangles)
void mj_fullM(const mjModel* m, mjtNum* dst, const mjtNum* M) {
  int nv = m->nv;
  mju_zero(dst, nv * nv);
  for (int i = 0; i < nv; i++) {
    int adr = m->dof_Madr[i];
    dst[i * (nv + 1)] = M[adr++];
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j], adr++) {
      dst[i * nv + j] = M[adr];
      dst[j * nv + i] = M[adr];
    }
  }
}

// dst += M. Dense (all int* NULL): dst is nv x nv and, as in MuJoCo 3.8, receives the lower
// triangle (and diagonal) only, like the sparse path. Sparse: dst is a
// CSR matrix whose rows contain (at least) the lower-triangle pattern of M; its columns must be
// increasing in each row.
void mj_addM(const mjModel* m, mjData* d, mjtNum* dst, int* rownnz, int* rowadr, int* colind) {
  int nv = m->nv;
  if (!rownnz || !rowadr || !colind) {
    for (int i = 0; i < nv; i++) {
      int adr = m->dof_Madr[i];
      dst[i * (nv + 1)] += d->qM[adr++];
      for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j], adr++) {
        dst[i * nv + j] += d->qM[adr];  // lower triangle only, like the sparse path (as MuJoCo)
      }
    }
    return;
  }

  for (int i = 0; i < nv; i++) {
    int p = rowadr[i], end = rowadr[i] + rownnz[i];
    int adr = m->M_rowadr[i], nnz = m->M_rownnz[i];
    for (int k = 0; k < nnz; k++) {
      int col = m->M_colind[adr + k];
      while (p < end && colind[p] < col) {
        p++;
      }
      if (p == end || colind[p] != col) {
        mjERROR("destination row %d lacks column %d of M", i, col);
        return;
      }
      dst[p] += d->M[adr + k];
    }
  }
}

mjtNum mj_traceJMinvJT(const mjModel* m, mjData* d, const mjtNum* J, int nrow) {
  int nv = m->nv;
  mjtNum trace = 0;
  mj_markStack(d);
  mjtNum* x = mj_stackAllocNum(d, nv);
  for (int r = 0; r < nrow; r++) {
    mju_copy(x, J + r * nv, nv);
    mj_solveM(m, d, x, x, 1);
    trace += mju_dot(J + r * nv, x, nv);
  }
  mj_freeStack(d);
  return trace;
}
