// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Constraint islands (computation_index.rst "Constraint islands"; pipeline stage 9, after
// mj_makeConstraint, unless mjDSBL_ISLAND): the kinematic trees coupled by constraint rows form
// disjoint groups that could be solved independently. mj_island computes the index arrays of
// mjData (in the arena, cleared with the constraints by mj_clearEfc):
//   nisland, nidof
//   tree_island, island_ntree, island_itreeadr, map_itree2tree
//   dof_island, island_nv, island_idofadr, island_dofadr, map_dof2idof, map_idof2dof
//   efc_island, island_ne, island_nf, island_nefc, island_iefcadr, map_efc2iefc, map_iefc2efc
// Conventions (as MuJoCo's): islands are numbered in the order of
// their smallest tree; trees, dofs and rows are grouped by island keeping their order inside an
// island, and the unconstrained trees and dofs (island -1) follow all islands in the maps;
// island_dofadr is the first dof of the island in the original numbering, island_idofadr its
// start in the island numbering. The island-ordered matrices and vectors (iM, iLD, iLDiagInv,
// ifrc_smooth, iacc_smooth, iacc, ifrc_constraint, iefc_*) are allocated here and filled by the
// solver (mj_islandGather, engine_solver_island.cc) when CG or Newton solves per island; they
// stay unset otherwise.

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"

namespace {

// n elements of `size` bytes from the arena; NULL for n <= 0, and *ok = 0 when the arena is full
void* arenaArray(mjData* d, int n, size_t size, size_t align, int* ok) {
  if (n <= 0) {
    return nullptr;
  }
  void* p = mj_arenaAllocByte(d, size * n, align);
  if (!p) {
    *ok = 0;
  }
  return p;
}

int* arenaInts(mjData* d, int n, int* ok) {
  return static_cast<int*>(arenaArray(d, n, sizeof(int), alignof(int), ok));
}

mjtNum* arenaNums(mjData* d, int n, int* ok) {
  return static_cast<mjtNum*>(arenaArray(d, n, sizeof(mjtNum), alignof(mjtNum), ok));
}

// Groups the items of every island (item_island[i], -1 for none) keeping their order, then the
// items without island: map_new2old / map_old2new, island counts and start addresses.
void groupByIsland(int nitem, int nisland, const int* item_island, int* count, int* adr,
                   int* map_new2old, int* map_old2new) {
  for (int k = 0; k < nisland; k++) {
    count[k] = 0;
  }
  int nfree = 0;
  for (int i = 0; i < nitem; i++) {
    if (item_island[i] >= 0) {
      count[item_island[i]]++;
    } else {
      nfree++;
    }
  }
  int total = 0;
  for (int k = 0; k < nisland; k++) {
    adr[k] = total;
    total += count[k];
  }
  int next_free = total;
  for (int k = 0; k < nisland; k++) {
    count[k] = 0;  // recounted while placing
  }
  for (int i = 0; i < nitem; i++) {
    int k = item_island[i];
    int j = k >= 0 ? adr[k] + count[k]++ : next_free++;
    map_new2old[j] = i;
    map_old2new[i] = j;
  }
  (void)nfree;
}

}  // namespace

void mj_island(const mjModel* m, mjData* d) {
  d->nisland = 0;
  d->nidof = 0;
  int ntree = static_cast<int>(m->ntree), nv = static_cast<int>(m->nv), nefc = d->nefc;
  if (!nefc || !ntree || (m->opt.disableflags & mjDSBL_ISLAND)) {
    return;
  }
  mj_markStack(d);
  int* parent = mj_stackAllocInt(d, ntree);
  int* trees = mj_stackAllocInt(d, ntree);
  int* rowtree = mj_stackAllocInt(d, nefc);
  int* root_island = mj_stackAllocInt(d, ntree);
  for (int t = 0; t < ntree; t++) {
    root_island[t] = -1;
  }
  mj_joinRowTrees(m, d, parent, trees, rowtree);

  // number the islands in the order of their smallest constrained tree
  int* constrained = trees;  // reuse: 1 for trees touched by some row
  for (int t = 0; t < ntree; t++) {
    constrained[t] = 0;
  }
  for (int i = 0; i < nefc; i++) {
    if (rowtree[i] >= 0) {
      constrained[mj_treeRoot(parent, rowtree[i])] = 1;
    }
  }
  int nisland = 0;
  for (int t = 0; t < ntree; t++) {
    int r = mj_treeRoot(parent, t);
    if (constrained[r] && root_island[r] < 0) {
      root_island[r] = nisland++;
    }
  }

  int ok = 1;
  d->nisland = nisland;
  d->tree_island = arenaInts(d, ntree, &ok);
  d->island_ntree = arenaInts(d, nisland, &ok);
  d->island_itreeadr = arenaInts(d, nisland, &ok);
  d->map_itree2tree = arenaInts(d, ntree, &ok);
  d->dof_island = arenaInts(d, nv, &ok);
  d->island_nv = arenaInts(d, nisland, &ok);
  d->island_idofadr = arenaInts(d, nisland, &ok);
  d->island_dofadr = arenaInts(d, nisland, &ok);
  d->map_dof2idof = arenaInts(d, nv, &ok);
  d->map_idof2dof = arenaInts(d, nv, &ok);
  d->efc_island = arenaInts(d, nefc, &ok);
  d->island_ne = arenaInts(d, nisland, &ok);
  d->island_nf = arenaInts(d, nisland, &ok);
  d->island_nefc = arenaInts(d, nisland, &ok);
  d->island_iefcadr = arenaInts(d, nisland, &ok);
  d->map_efc2iefc = arenaInts(d, nefc, &ok);
  d->map_iefc2efc = arenaInts(d, nefc, &ok);
  // island-ordered copies used by the primal solvers (filled by mj_islandGather)
  int nidof_max = nv;  // at most every dof and every row belongs to an island
  d->iacc = arenaNums(d, nidof_max, &ok);
  d->iacc_smooth = arenaNums(d, nidof_max, &ok);
  d->ifrc_smooth = arenaNums(d, nidof_max, &ok);
  d->ifrc_constraint = arenaNums(d, nidof_max, &ok);
  d->iefc_type = arenaInts(d, nefc, &ok);
  d->iefc_id = arenaInts(d, nefc, &ok);
  d->iefc_state = arenaInts(d, nefc, &ok);
  d->iefc_D = arenaNums(d, nefc, &ok);
  d->iefc_R = arenaNums(d, nefc, &ok);
  d->iefc_frictionloss = arenaNums(d, nefc, &ok);
  d->iefc_aref = arenaNums(d, nefc, &ok);
  d->iefc_force = arenaNums(d, nefc, &ok);
  // island-ordered mass matrix and factor (CSR of M with island-local columns) and Jacobian
  // (sparse: CSR with island-local columns; dense: one nefc_k x nv_k block per island)
  int nC = static_cast<int>(m->nC), nJ = d->nJ;
  d->iM_rownnz = arenaInts(d, nv, &ok);
  d->iM_rowadr = arenaInts(d, nv, &ok);
  d->iM_colind = arenaInts(d, nC, &ok);
  d->iM = arenaNums(d, nC, &ok);
  d->iLD = arenaNums(d, nC, &ok);
  d->iLDiagInv = arenaNums(d, nv, &ok);
  d->iefc_J_rownnz = arenaInts(d, nefc, &ok);
  d->iefc_J_rowadr = arenaInts(d, nefc, &ok);
  d->iefc_J_rowsuper = arenaInts(d, nefc, &ok);
  d->iefc_J_colind = arenaInts(d, nJ, &ok);
  d->iefc_J = arenaNums(d, nJ, &ok);
  if (!ok) {
    d->iacc = nullptr;  // the solver falls back to the monolithic problem
    mj_warning(d, mjWARN_CNSTRFULL, static_cast<int>(d->narena));
    d->nisland = 0;
    mj_freeStack(d);
    return;
  }

  // trees
  int* map_tree2itree = mj_stackAllocInt(d, ntree);
  for (int t = 0; t < ntree; t++) {
    d->tree_island[t] = root_island[mj_treeRoot(parent, t)];
  }
  groupByIsland(ntree, nisland, d->tree_island, d->island_ntree, d->island_itreeadr,
                d->map_itree2tree, map_tree2itree);

  // dofs
  for (int i = 0; i < nv; i++) {
    d->dof_island[i] = d->tree_island[m->dof_treeid[i]];
  }
  groupByIsland(nv, nisland, d->dof_island, d->island_nv, d->island_idofadr, d->map_idof2dof,
                d->map_dof2idof);
  for (int k = 0; k < nisland; k++) {
    d->island_dofadr[k] = d->map_idof2dof[d->island_idofadr[k]];  // smallest dof of the island
    d->nidof += d->island_nv[k];
  }

  // rows, and the equality / friction counts (rows are ordered by type within an island)
  for (int i = 0; i < nefc; i++) {
    d->efc_island[i] = rowtree[i] >= 0 ? d->tree_island[rowtree[i]] : -1;
  }
  groupByIsland(nefc, nisland, d->efc_island, d->island_nefc, d->island_iefcadr, d->map_iefc2efc,
                d->map_efc2iefc);
  for (int k = 0; k < nisland; k++) {
    d->island_ne[k] = d->island_nf[k] = 0;
  }
  for (int i = 0; i < nefc; i++) {
    int k = d->efc_island[i];
    if (k < 0) {
      continue;
    }
    if (d->efc_type[i] == mjCNSTR_EQUALITY) {
      d->island_ne[k]++;
    } else if (d->efc_type[i] == mjCNSTR_FRICTION_DOF ||
               d->efc_type[i] == mjCNSTR_FRICTION_TENDON) {
      d->island_nf[k]++;
    }
  }
  mj_freeStack(d);
}
