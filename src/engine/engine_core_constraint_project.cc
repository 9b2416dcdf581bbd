// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Products with the constraint Jacobian, the dual-solver matrix efc_AR = J M^-1 J' + R
// (computation_index.rst "Dual problem") and the primal constraint cost with its forces and
// states (mj_constraintUpdate; "Reduced primal problem": f = -grad s(J qacc - aref)).

#include <math.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_sparse.h"

// trees of row i: the trees of its Jacobian columns (sparse: the stored ones; dense: the
// nonzero ones), increasing
int mj_efcTrees(const mjModel* m, const mjData* d, int i, int* trees) {
  int n = 0, nv = m->nv;
  if (mj_isSparse(m)) {
    int adr = d->efc_J_rowadr[i];
    for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
      int tree = m->dof_treeid[d->efc_J_colind[adr + k]];
      if (n == 0 || trees[n - 1] != tree) {
        trees[n++] = tree;
      }
    }
  } else {
    // the first nonzero of a tree records it; the rest of that tree's dofs are skipped
    const mjtNum* row = d->efc_J + (size_t)i * nv;
    for (int k = 0; k < nv; k++) {
      if (row[k] != 0) {
        int tree = m->dof_treeid[k];
        trees[n++] = tree;
        k = m->tree_dofadr[tree] + m->tree_dofnum[tree] - 1;
      }
    }
  }
  return n;  // columns are increasing and the dofs of a tree are contiguous: already sorted
}

int mj_treeRoot(int* parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];  // path halving
    x = parent[x];
  }
  return x;
}

// union-find over the trees: the trees of each row are joined, the smaller root becoming the
// root of the merged set
void mj_joinRowTrees(const mjModel* m, const mjData* d, int* parent, int* trees, int* rowtree) {
  for (int t = 0; t < m->ntree; t++) {
    parent[t] = t;
  }
  for (int i = 0; i < d->nefc; i++) {
    int n = mj_efcTrees(m, d, i, trees);
    rowtree[i] = n ? trees[0] : -1;
    for (int k = 1; k < n; k++) {
      int a = mj_treeRoot(parent, trees[0]), b = mj_treeRoot(parent, trees[k]);
      if (a != b) {
        parent[b < a ? a : b] = b < a ? b : a;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// mj_projectConstraint

namespace {

// do two sorted lists share an element?
int intersect(const int* a, int na, const int* b, int nb) {
  int i = 0, j = 0;
  while (i < na && j < nb) {
    if (a[i] == b[j]) {
      return 1;
    }
    if (a[i] < b[j]) {
      i++;
    } else {
      j++;
    }
  }
  return 0;
}

// take the MJDATA_ARENA_POINTERS_DUAL arrays (nefc rows, d->nA entries) from the arena
int allocDual(mjData* d) {
  size_t parena = d->parena;
  int ok = 1;
#undef MJ_D
#define MJ_D(n) d->n
#define X(type, name, nr, nc)                          \
  if (ok) {                                            \
    size_t bytes = sizeof(type) * (size_t)(nr) * (nc); \
    d->name = (type*)mj_arenaAllocByte(d, bytes, 8);   \
    if (d->name) {                                     \
      memset(d->name, 0, bytes);                       \
    } else {                                           \
      ok = 0;                                          \
    }                                                  \
  }
  MJDATA_ARENA_POINTERS_DUAL
#undef X
#undef MJ_D
#define MJ_D(n) n
  if (!ok) {
    d->parena = parena;
#define X(type, name, nr, nc) d->name = NULL;
    MJDATA_ARENA_POINTERS_DUAL
#undef X
  }
  return ok;
}

// rows of B = D^-1/2 L^-T J' (nefc x nv, dense), so that J M^-1 J' = B B'
void halfSolve(const mjModel* m, mjData* d, mjtNum* rows) {
  int nv = m->nv, nefc = d->nefc;
  mjtNum* sqrtInvD = mj_stackAllocNum(d, nv);
  for (int k = 0; k < nv; k++) {
    sqrtInvD[k] = sqrt(d->qLDiagInv[k]);
  }
  if (mj_isSparse(m)) {
    mju_zero(rows, (size_t)nefc * nv);
    for (int i = 0; i < nefc; i++) {
      int adr = d->efc_J_rowadr[i];
      for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
        rows[(size_t)i * nv + d->efc_J_colind[adr + k]] = d->efc_J[adr + k];
      }
    }
  } else {
    mju_copy(rows, d->efc_J, (size_t)nefc * nv);
  }
  mj_solveM2(m, d, rows, rows, sqrtInvD, nefc);
}

}  // namespace

// efc_AR = J M^-1 J' + diag(R), only for the dual solvers (mj_isDual). Dense: nefc x nefc.
// Sparse: CSR over the pairs of rows that touch a common kinematic tree (M^-1 couples the dofs
// of one tree only, so every other entry is structurally zero), columns increasing.
void mj_projectConstraint(const mjModel* m, mjData* d) {
  int nefc = d->nefc, nv = m->nv;
  d->nA = 0;
  if (!nefc || !mj_isDual(m)) {
    return;
  }
  mj_markStack(d);
  int sparse = mj_isSparse(m);

  // sparsity: trees of every row
  int* treeadr = NULL;
  int* treenum = NULL;
  int* trees = NULL;
  int nA = nefc * nefc;
  if (sparse) {
    treeadr = mj_stackAllocInt(d, nefc);
    treenum = mj_stackAllocInt(d, nefc);
    int total = 0;
    for (int i = 0; i < nefc; i++) {
      total += mjMIN(d->efc_J_rownnz[i], (int)m->ntree);
    }
    trees = mj_stackAllocInt(d, mjMAX(total, 1));
    int adr = 0;
    for (int i = 0; i < nefc; i++) {
      treeadr[i] = adr;
      treenum[i] = mj_efcTrees(m, d, i, trees + adr);
      adr += treenum[i];
    }
    nA = 0;
    for (int i = 0; i < nefc; i++) {
      for (int j = 0; j < nefc; j++) {
        nA += intersect(trees + treeadr[i], treenum[i], trees + treeadr[j], treenum[j]);
      }
    }
  }

  d->nA = nA;
  if (!allocDual(d)) {
    d->nA = 0;
    mj_warning(d, mjWARN_CNSTRFULL, (int)d->narena);
    mj_freeStack(d);
    return;
  }

  mjtNum* rows = mj_stackAllocNum(d, (size_t)nefc * nv);
  halfSolve(m, d, rows);
  if (!sparse) {
    for (int i = 0; i < nefc; i++) {
      for (int j = 0; j <= i; j++) {
        mjtNum v = mju_dot(rows + (size_t)i * nv, rows + (size_t)j * nv, nv);
        d->efc_AR[(size_t)i * nefc + j] = d->efc_AR[(size_t)j * nefc + i] = v;
      }
      d->efc_AR[(size_t)i * nefc + i] += d->efc_R[i];
    }
  } else {
    int adr = 0;
    for (int i = 0; i < nefc; i++) {
      d->efc_AR_rowadr[i] = adr;
      for (int j = 0; j < nefc; j++) {
        if (intersect(trees + treeadr[i], treenum[i], trees + treeadr[j], treenum[j])) {
          mjtNum v = mju_dot(rows + (size_t)i * nv, rows + (size_t)j * nv, nv);
          d->efc_AR_colind[adr] = j;
          d->efc_AR[adr++] = j == i ? v + d->efc_R[i] : v;
        }
      }
      d->efc_AR_rownnz[i] = adr - d->efc_AR_rowadr[i];
    }
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// mj_constraintUpdate

namespace {

// Elliptic cone of contact con over rows i .. i+dim-1 (computation_index.rst "Contact",
// "Reduced primal problem"). With mu = con->mu and friction mu_j, let N = mu jar_0,
// T = |(mu_j jar_j)_j|. Above the cone's dual (N >= mu T) the contact is satisfied (no force);
// below (mu N + T <= 0) every row is quadratic, cost sum D_j jar_j^2 / 2; in between the cost
// is Dm (N - mu T)^2 / 2 with Dm = D_0 / (mu^2 (1 + mu^2)), which makes the cost continuous
// across the zones (the row weights satisfy D_j = D_0 mu_j^2 / mu^2). Forces are the negative
// gradient; the cone Hessian (optional) is written into con->H (dim x dim, row-major).
mjtNum ellipticCone(mjContact* con, const mjtNum* D, const mjtNum* jar, mjtNum* force, int* state,
                    int flg_hessian) {
  int dim = con->dim;
  mjtNum mu = con->mu, u[6], T = 0;
  u[0] = mu * jar[0];
  for (int j = 1; j < dim; j++) {
    u[j] = con->friction[j - 1] * jar[j];
    T += u[j] * u[j];
  }
  T = sqrt(T);
  mjtNum N = u[0], cost = 0;

  if (N >= mu * T || (T <= 0 && N >= 0)) {
    for (int j = 0; j < dim; j++) {
      force[j] = 0;
      state[j] = mjCNSTRSTATE_SATISFIED;
    }
  } else if (mu * N + T <= 0 || (T <= 0 && N < 0)) {
    for (int j = 0; j < dim; j++) {
      force[j] = -D[j] * jar[j];
      state[j] = mjCNSTRSTATE_QUADRATIC;
      cost += 0.5 * D[j] * jar[j] * jar[j];
    }
  } else {
    mjtNum Dm = D[0] / (mu * mu * (1 + mu * mu));
    mjtNum gap = N - mu * T;
    cost = 0.5 * Dm * gap * gap;
    // gradient of gap: g_0 = mu, g_j = -mu mu_j u_j / T
    mjtNum g[6];
    g[0] = mu;
    for (int j = 1; j < dim; j++) {
      g[j] = -mu * con->friction[j - 1] * u[j] / T;
    }
    for (int j = 0; j < dim; j++) {
      force[j] = -Dm * gap * g[j];
      state[j] = mjCNSTRSTATE_CONE;
    }
    if (flg_hessian) {
      // H = Dm (g g' + gap d2(gap)), d2(gap)_jk = -mu mu_j mu_k (delta_jk / T - u_j u_k / T^3)
      for (int j = 0; j < dim; j++) {
        for (int k = 0; k < dim; k++) {
          mjtNum h = g[j] * g[k];
          if (j > 0 && k > 0) {
            mjtNum fj = con->friction[j - 1], fk = con->friction[k - 1];
            h -= gap * mu * fj * fk * ((j == k ? 1 / T : 0) - u[j] * u[k] / (T * T * T));
          }
          con->H[j * dim + k] = Dm * h;
        }
      }
    }
  }
  return cost;
}

}  // namespace

// Primal cost s(jar) and constraint forces f = -grad s per row ("Reduced primal problem"):
// equality rows quadratic; friction loss rows Huber (linear beyond |jar| >= R frictionloss);
// limits, frictionless and pyramidal contacts one-sided quadratic (no force for jar >= 0);
// elliptic contacts as in ellipticCone.
mjtNum mj_constraintRowForces(const mjConstraintRows* r, mjContact* contact, const mjtNum* jar,
                              int flg_coneHessian) {
  mjtNum s = 0;
  for (int i = 0; i < r->nefc; i++) {
    int type = r->type[i];
    mjtNum x = jar[i], D = r->D[i], R = r->R[i];
    switch (type) {
      case mjCNSTR_EQUALITY:
        r->force[i] = -D * x;
        r->state[i] = mjCNSTRSTATE_QUADRATIC;
        s += 0.5 * D * x * x;
        break;

      case mjCNSTR_FRICTION_DOF:
      case mjCNSTR_FRICTION_TENDON: {
        mjtNum f = r->frictionloss[i];
        // the linear states are named by the sign of jar (not of the force)
        if (x <= -R * f) {
          r->force[i] = f;
          r->state[i] = mjCNSTRSTATE_LINEARNEG;
          s += -f * (0.5 * R * f + x);
        } else if (x >= R * f) {
          r->force[i] = -f;
          r->state[i] = mjCNSTRSTATE_LINEARPOS;
          s += f * (x - 0.5 * R * f);
        } else {
          r->force[i] = -D * x;
          r->state[i] = mjCNSTRSTATE_QUADRATIC;
          s += 0.5 * D * x * x;
        }
        break;
      }

      case mjCNSTR_CONTACT_ELLIPTIC: {
        mjContact* con = contact + r->id[i];
        s += ellipticCone(con, r->D + i, jar + i, r->force + i, r->state + i, flg_coneHessian);
        i += con->dim - 1;
        break;
      }

      default:  // limits, frictionless and pyramidal contacts
        if (x >= 0) {
          r->force[i] = 0;
          r->state[i] = mjCNSTRSTATE_SATISFIED;
        } else {
          r->force[i] = -D * x;
          r->state[i] = mjCNSTRSTATE_QUADRATIC;
          s += 0.5 * D * x * x;
        }
    }
  }
  return s;
}

namespace {

mjtNum constraintForces(mjData* d, const mjtNum* jar, int flg_coneHessian) {
  mjConstraintRows r = {d->nefc,  d->efc_type,         d->efc_id,    d->efc_D,
                        d->efc_R, d->efc_frictionloss, d->efc_force, d->efc_state};
  return mj_constraintRowForces(&r, d->contact, jar, flg_coneHessian);
}

}  // namespace

mjtNum mj_constraintCost(const mjModel* m, mjData* d, const mjtNum* jar) {
  (void)m;
  return constraintForces(d, jar, 0);
}

// constraintForces, then qfrc_constraint = J' efc_force
void mj_constraintUpdate(const mjModel* m, mjData* d, const mjtNum* jar, mjtNum cost[1],
                         int flg_coneHessian) {
  mjtNum s = constraintForces(d, jar, flg_coneHessian);
  if (cost) {
    *cost = s;
  }
  mj_mulJacTVec(m, d, d->qfrc_constraint, d->efc_force);
}
