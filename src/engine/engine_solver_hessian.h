// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The Newton solver's Hessian H = M + J' S J (computation_index.rst "Algorithms / Newton") as a
// sparse Cholesky factor, block diagonal over the connected components of the graph "trees
// linked by constraint rows" (engine_solver_hessian.cc). Used by engine_solver_newton.cc.

#ifndef MOTUS_ENGINE_ENGINE_SOLVER_HESSIAN_H_
#define MOTUS_ENGINE_ENGINE_SOLVER_HESSIAN_H_

#include <mujoco/mujoco.h>

#include "engine/engine_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

// The components of the graph "trees linked by constraint rows" of one primal problem (a single
// component holding all dofs and rows for the problem of one island), shared by the dense and
// the sparse Hessian. Local indices: a component's dofs are numbered 0 .. nb-1 in increasing dof
// order, so the ancestors of a dof come first. Arrays on the mjData stack.
typedef struct mjHessComps_ {
  int ncomp;
  int* dof_comp;     // component of each dof                              (nv)
  int* dof_local;    // index of the dof within its component              (nv)
  int* comp_nv;      // dofs of each component                             (ncomp)
  int* comp_dofadr;  // start of the component's dofs in cdof              (ncomp)
  int* cdof;         // dofs of all components, grouped, increasing        (nv)
  int* comp_Hadr;    // address of the component's nb x nb storage in H    (ncomp)
  int* row_comp;     // component of each (local) row, -1 if none          (nefc)
  int* comp_rowadr;  // start of the component's rows in crow              (ncomp + 1)
  int* crow;         // rows of all components, grouped, increasing        (nefc)
  int nH;            // sum of nb^2 over the components (the solver_nnz statistic)
} mjHessComps;

// Components of the problem of p; for an island's problem dof_comp and dof_local are indexed by
// global dof and set for the island's dofs only (nothing is O(nv): a scene of many islands
// solves each one separately).
void mj_hessianComponents(const mjModel* m, mjData* d, const mjPrimal* p, mjHessComps* cp);

// First pass of an incremental update after the row states changed from old to p->efc_state:
// dirty[c] = 1 for the components that must be refactorized (elliptic contacts in or around the
// cone state, or more changed rows than rank-1 updates pay for), 0 for the others.
void mj_hessianDirty(mjData* d, const mjPrimal* p, const mjHessComps* cp, const int* old,
                     int* dirty);

// Structure and factor of the Hessian of one primal problem; every array lives on the mjData
// stack (mj_hessianInit allocates them in the caller's frame).
typedef struct mjHessian_ {
  const mjPrimal* p;  // the problem: rows in its local numbering (efcmap), dofs global
  mjHessComps cp;     // components
  int* row_grp;       // row group of each (local) row, -1 if none          (nefc)
  int* dirty;         // per component: refactorization needed              (ncomp)

  // row groups: the rows of one contact (they share their columns), or a single row, listed by
  // component in the order of crow; pattern: the group's nonzero columns (local, increasing)
  int ngrp;
  int* comp_grpadr;  // first group of each component                      (ncomp + 1)
  int* grp_rowadr;   // first entry of the group in crow                   (ngrp)
  int* grp_nrow;     // rows of the group                                  (ngrp)
  int* grp_patadr;   // start of the group's pattern in grp_pat / grp_run  (ngrp)
  int* grp_patnnz;   // pattern size                                       (ngrp)
  int* grp_pat;      // patterns
  int* grp_run;      // last position of the run of consecutive indices of each pattern entry
  int* grp_direct;   // 1: every row of the group stores exactly the pattern's columns, in its
                     // order (sparse Jacobian), so the stored values are read in place (ngrp)

  // factor pattern: row k of component c (local) has columns L_col[L_rowadr[a] ..
  // + L_rownnz[a]), a = comp_dofadr[c] + k, increasing and all < k; L_parent[a]: the largest
  // of them (the elimination tree), -1 if none
  int* L_rowadr;
  int* L_rownnz;
  int* L_parent;
  int* L_col;
  int* L_run;  // as grp_run, for L_col

  mjtNum* H;      // factors, stored densely per component (only the pattern entries are used)
  mjtNum* work;   // nv workspace (rank-1 vectors)
  mjtNum* work2;  // nv workspace (local right-hand sides, pattern marks)
  mjtNum* val;    // 10 nv workspace (values of the rows of one group)
} mjHessian;

// Components, row groups and the factor pattern of the problem of p (all its rows, whatever
// their state, so that rows changing state later stay within the pattern).
void mj_hessianInit(const mjModel* m, mjData* d, mjHessian* h, const mjPrimal* p);

// Assembles and factors every component (only_dirty: only those marked dirty); returns the
// number of factorized dofs.
int mj_hessianFactor(const mjModel* m, mjData* d, mjHessian* h, int only_dirty);

// res = H^-1 vec (res may equal vec), in the problem's numbering.
void mj_hessianSolve(mjHessian* h, mjtNum* res, const mjtNum* vec);

// Incremental update after the row states changed from old to the problem's efc_state (rank-1
// updates and downdates, refactorization of components with many changes or elliptic cones);
// returns the number of updates (rank-1 updates plus refactorized dofs).
int mj_hessianUpdate(const mjModel* m, mjData* d, mjHessian* h, const int* old);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_SOLVER_HESSIAN_H_
