// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Per-island constraint problems (computation_index.rst "Constraint islands"; XMLreference.rst
// <flag island>). The Hessian of the reduced primal cost, M + J' S J, is block diagonal over
// the constraint islands (M couples only the dofs of one tree; a row couples the trees it
// touches, and an island is a connected group of trees), and so is its gradient's dependence on
// qacc: the cost is a sum of independent island costs. The primal solvers (CG, Newton) therefore
// minimize every island separately, with its own iterations, line searches and termination
// test, on the island-ordered copies of the data (mjData iacc, iefc_* ...; islands are
// contiguous there, see engine_island.cc). Dofs in no island are unconstrained: their
// acceleration is qacc_smooth.
//
// This file holds the views (mj_primalView), the products with M, J, J' and M^-1 restricted to
// one island in its local numbering, the constraint forces of an island's rows, and the
// gather / scatter between the global and the island-ordered arrays.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"
#include "engine/engine_util_sparse.h"

// ---------------------------------------------------------------------------------------------
// views

void mj_primalView(const mjModel* m, mjData* d, mjPrimal* p, int island) {
  p->island = island;
  if (island < 0) {
    p->nv = m->nv;
    p->nefc = d->nefc;
    p->dofadr = p->efcadr = 0;
    p->qacc = d->qacc;
    p->qacc_smooth = d->qacc_smooth;
    p->qfrc_smooth = d->qfrc_smooth;
    p->qfrc_constraint = d->qfrc_constraint;
    p->efc_type = d->efc_type;
    p->efc_id = d->efc_id;
    p->efc_D = d->efc_D;
    p->efc_R = d->efc_R;
    p->efc_frictionloss = d->efc_frictionloss;
    p->efc_aref = d->efc_aref;
    p->efc_force = d->efc_force;
    p->efc_state = d->efc_state;
    p->dofmap = p->efcmap = nullptr;
    p->Jadr = 0;
    return;
  }
  int v = d->island_idofadr[island], e = d->island_iefcadr[island];
  p->nv = d->island_nv[island];
  p->nefc = d->island_nefc[island];
  p->dofadr = v;
  p->efcadr = e;
  p->qacc = d->iacc + v;
  p->qacc_smooth = d->iacc_smooth + v;
  p->qfrc_smooth = d->ifrc_smooth + v;
  p->qfrc_constraint = d->ifrc_constraint + v;
  p->efc_type = d->iefc_type + e;
  p->efc_id = d->iefc_id + e;
  p->efc_D = d->iefc_D + e;
  p->efc_R = d->iefc_R + e;
  p->efc_frictionloss = d->iefc_frictionloss + e;
  p->efc_aref = d->iefc_aref + e;
  p->efc_force = d->iefc_force + e;
  p->efc_state = d->iefc_state + e;
  p->dofmap = d->map_idof2dof + v;
  p->efcmap = d->map_iefc2efc + e;
  p->Jadr = 0;  // dense iefc_J: the blocks of the islands before this one
  for (int k = 0; k < island; k++) {
    p->Jadr += d->island_nefc[k] * d->island_nv[k];
  }
}

// ---------------------------------------------------------------------------------------------
// products in the local numbering, on the island-ordered copies iM, iLD, iLDiagInv, iefc_J. An
// island is a union of whole trees and its dofs keep their relative order, so the ancestors of a
// dof (the off-diagonal columns of its row of M and of the factor qLD) are island dofs with
// smaller local index.

void mj_primalMulM(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* res,
                   const mjtNum* vec) {
  if (p->island < 0) {
    mj_mulM(m, d, res, vec);
    return;
  }
  // CSR lower triangle of M (iM): every off-diagonal entry acts on both its row and its column;
  // the diagonal is the last entry of a row
  const int *rownnz = d->iM_rownnz + p->dofadr, *rowadr = d->iM_rowadr + p->dofadr;
  for (int k = 0; k < p->nv; k++) {
    int adr = rowadr[k], last = adr + rownnz[k] - 1;
    mjtNum vk = vec[k], sum = d->iM[last] * vk;
    for (int q = adr; q < last; q++) {
      int j = d->iM_colind[q];
      sum += d->iM[q] * vec[j];
      res[j] += d->iM[q] * vk;
    }
    res[k] = sum;
  }
}

void mj_primalSolveM(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* x,
                     const mjtNum* y) {
  if (p->island < 0) {
    mj_solveM(m, const_cast<mjData*>(d), x, y, 1);
    return;
  }
  int n = p->nv;
  if (x != y) {
    mju_copy(x, y, n);
  }
  const int *rownnz = d->iM_rownnz + p->dofadr, *rowadr = d->iM_rowadr + p->dofadr;
  const mjtNum* diaginv = d->iLDiagInv + p->dofadr;
  // M = L' D L: x <- L'^-1 x (leaves up), x <- D^-1 x, x <- L^-1 x (roots down)
  for (int k = n - 1; k >= 0; k--) {
    mjtNum xk = x[k];
    if (xk == 0) {
      continue;
    }
    int adr = rowadr[k], last = adr + rownnz[k] - 1;
    for (int q = adr; q < last; q++) {
      x[d->iM_colind[q]] -= d->iLD[q] * xk;
    }
  }
  for (int k = 0; k < n; k++) {
    x[k] *= diaginv[k];
  }
  for (int k = 0; k < n; k++) {
    int adr = rowadr[k], last = adr + rownnz[k] - 1;
    mjtNum sum = 0;
    for (int q = adr; q < last; q++) {
      sum += d->iLD[q] * x[d->iM_colind[q]];
    }
    x[k] -= sum;
  }
}

void mj_primalMulJ(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* res,
                   const mjtNum* vec) {
  if (p->island < 0) {
    mj_mulJacVec(m, d, res, vec);
    return;
  }
  if (mj_isSparse(m)) {
    mju_mulMatVecSparse(res, d->iefc_J, vec, p->nefc, d->iefc_J_rownnz + p->efcadr,
                        d->iefc_J_rowadr + p->efcadr, d->iefc_J_colind);
  } else {
    mju_mulMatVec(res, d->iefc_J + p->Jadr, vec, p->nefc, p->nv);
  }
}

void mj_primalMulJT(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* res,
                    const mjtNum* vec) {
  if (p->island < 0) {
    mj_mulJacTVec(m, d, res, vec);
    return;
  }
  if (mj_isSparse(m)) {
    mju_mulMatTVecSparse(res, d->iefc_J, vec, p->nefc, p->nv, d->iefc_J_rownnz + p->efcadr,
                         d->iefc_J_rowadr + p->efcadr, d->iefc_J_colind);
  } else {
    mju_mulMatTVec(res, d->iefc_J + p->Jadr, vec, p->nefc, p->nv);
  }
}

// ---------------------------------------------------------------------------------------------
// constraint forces of an island ("Reduced primal problem": f = -grad s(jar), s the sum of the
// row costs; mj_constraintRowForces on the island-ordered row data)

void mj_primalUpdate(const mjModel* m, mjData* d, const mjPrimal* p, const mjtNum* jar,
                     mjtNum* cost, int flg_coneHessian) {
  if (p->island < 0) {
    mj_constraintUpdate(m, d, jar, cost, flg_coneHessian);
    return;
  }
  mjConstraintRows rows = {p->nefc,  p->efc_type,         p->efc_id,    p->efc_D,
                           p->efc_R, p->efc_frictionloss, p->efc_force, p->efc_state};
  mjtNum s = mj_constraintRowForces(&rows, d->contact, jar, flg_coneHessian);
  if (cost) {
    *cost = s;
  }
  mj_primalMulJT(m, d, p, p->qfrc_constraint, p->efc_force);
}

// ---------------------------------------------------------------------------------------------
// gather / scatter

namespace {

// iM, iLD (CSR rows of M and of its factor, columns renumbered within the island: ancestors
// stay in the island) and iLDiagInv
void gatherM(const mjModel* m, mjData* d) {
  int adr = 0;
  for (int j = 0; j < d->nidof; j++) {
    int i = d->map_idof2dof[j], base = d->island_idofadr[d->dof_island[i]];
    int n = m->M_rownnz[i], src = m->M_rowadr[i];
    d->iM_rownnz[j] = n;
    d->iM_rowadr[j] = adr;
    for (int q = 0; q < n; q++) {
      d->iM_colind[adr + q] = d->map_dof2idof[m->M_colind[src + q]] - base;
      d->iM[adr + q] = d->M[src + q];
      d->iLD[adr + q] = d->qLD[src + q];
    }
    adr += n;
    d->iLDiagInv[j] = d->qLDiagInv[i];
  }
}

// iefc_J: sparse, CSR with island-local columns and supernodes (iefc_J_rowsuper: the number of
// following rows of the island with the same columns); dense, the island's rows restricted to
// its dofs, one nefc_k x nv_k block per island, blocks in island order
void gatherJ(const mjModel* m, mjData* d) {
  int nv = m->nv, adr = 0;
  if (!mj_isSparse(m)) {
    for (int k = 0; k < d->nisland; k++) {
      int ne = d->island_nefc[k], nvk = d->island_nv[k];
      const int* dofs = d->map_idof2dof + d->island_idofadr[k];
      // an island of consecutive dofs (one tree, or a whole model) copies its rows in one piece
      int contiguous = 1;
      for (int c = 1; c < nvk && contiguous; c++) {
        contiguous = dofs[c] == dofs[0] + c;
      }
      for (int r = 0; r < ne; r++) {
        int j = d->island_iefcadr[k] + r;
        const mjtNum* row = d->efc_J + (size_t)d->map_iefc2efc[j] * nv;
        d->iefc_J_rownnz[j] = d->iefc_J_rowadr[j] = d->iefc_J_rowsuper[j] = 0;
        if (contiguous && nvk > 0) {
          memcpy(d->iefc_J + adr, row + dofs[0], sizeof(mjtNum) * nvk);
        } else {
          for (int c = 0; c < nvk; c++) {
            d->iefc_J[adr + c] = row[dofs[c]];
          }
        }
        adr += nvk;
      }
    }
    return;
  }
  for (int k = 0; k < d->nisland; k++) {
    int e0 = d->island_iefcadr[k], ne = d->island_nefc[k], base = d->island_idofadr[k];
    for (int j = e0; j < e0 + ne; j++) {
      int i = d->map_iefc2efc[j], n = d->efc_J_rownnz[i], src = d->efc_J_rowadr[i];
      d->iefc_J_rownnz[j] = n;
      d->iefc_J_rowadr[j] = adr;
      for (int q = 0; q < n; q++) {
        d->iefc_J_colind[adr + q] = d->map_dof2idof[d->efc_J_colind[src + q]] - base;
        d->iefc_J[adr + q] = d->efc_J[src + q];
      }
      adr += n;
    }
    for (int j = e0 + ne - 1; j >= e0; j--) {
      int same = j + 1 < e0 + ne && d->iefc_J_rownnz[j] == d->iefc_J_rownnz[j + 1];
      for (int q = 0; same && q < d->iefc_J_rownnz[j]; q++) {
        same = d->iefc_J_colind[d->iefc_J_rowadr[j] + q] ==
               d->iefc_J_colind[d->iefc_J_rowadr[j + 1] + q];
      }
      d->iefc_J_rowsuper[j] = same ? d->iefc_J_rowsuper[j + 1] + 1 : 0;
    }
  }
}

}  // namespace

void mj_islandGather(const mjModel* m, mjData* d) {
  (void)m;
  int nidof = d->nidof, niefc = 0;
  for (int k = 0; k < d->nisland; k++) {
    niefc += d->island_nefc[k];
  }
  for (int j = 0; j < nidof; j++) {
    int i = d->map_idof2dof[j];
    d->iacc[j] = d->qacc[i];
    d->iacc_smooth[j] = d->qacc_smooth[i];
    d->ifrc_smooth[j] = d->qfrc_smooth[i];
    d->ifrc_constraint[j] = d->qfrc_constraint[i];
  }
  gatherM(m, d);
  gatherJ(m, d);
  for (int j = 0; j < niefc; j++) {
    int i = d->map_iefc2efc[j];
    d->iefc_type[j] = d->efc_type[i];
    d->iefc_id[j] = d->efc_id[i];
    d->iefc_D[j] = d->efc_D[i];
    d->iefc_R[j] = d->efc_R[i];
    d->iefc_frictionloss[j] = d->efc_frictionloss[i];
    d->iefc_aref[j] = d->efc_aref[i];
    d->iefc_force[j] = d->efc_force[i];
    d->iefc_state[j] = d->efc_state[i];
  }
}

void mj_islandScatter(const mjModel* m, mjData* d) {
  int nv = m->nv, nidof = d->nidof, niefc = 0;
  for (int k = 0; k < d->nisland; k++) {
    niefc += d->island_nefc[k];
  }
  for (int j = 0; j < nidof; j++) {
    int i = d->map_idof2dof[j];
    d->qacc[i] = d->iacc[j];
    d->qfrc_constraint[i] = d->ifrc_constraint[j];
  }
  for (int j = nidof; j < nv; j++) {  // unconstrained dofs
    int i = d->map_idof2dof[j];
    d->qacc[i] = d->qacc_smooth[i];
    d->qfrc_constraint[i] = 0;
  }
  for (int j = 0; j < niefc; j++) {
    int i = d->map_iefc2efc[j];
    d->efc_force[i] = d->iefc_force[j];
    d->efc_state[i] = d->iefc_state[j];
  }
}
