// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Model constants that the engine derives for the compiler:
//   (a) the sparsity structure of the joint-space matrices (computation_index.rst "General
//       framework": M is "represented as sparse, in a custom format tailored to kinematic
//       trees"), computed from the dof tree (dof_parentid) and the body tree (body_parentid);
//   (b) mj_setConst (API reference "Initialization"): quantities evaluated at qpos0.
//
// Sparse layouts (all match MuJoCo; test/setconst_test.cc):
//   qM (nM, "legacy" layout): row i of the lower triangle, starting at dof_Madr[i], holds
//     M(i,i), M(i,parent(i)), M(i,parent(parent(i))), ... up the whole dof ancestor chain.
//   M, qLD, qH (nC, CSR lower triangle, rows M_rownnz/M_rowadr/M_colind): row i holds the
//     ancestors of dof i in increasing order and then i itself (diagonal last). A "simple" dof
//     (dof_simplenum > 0, body_simple != 0: a leaf body hanging from the world whose inertia
//     block is diagonal) keeps only its diagonal. mapM2M[k] is the qM index of CSR element k.
//   D (nD, CSR of the full symmetric pattern, rows D_rownnz/D_rowadr/D_colind): row i holds
//     every dof that is an ancestor or a descendant of dof i, and i itself, increasing; D_diag[i]
//     is the position of the diagonal inside row i. mapM2D[k] (nD) is the CSR-M index of D
//     element k ((i,j) and (j,i) both map to the lower-triangle element) or -1 when M does not
//     store it (simple dofs); mapD2M[k] (nC) is the D index of CSR-M element k.
//   B (nB, body-dof CSR, rows B_rownnz/B_rowadr/B_colind over bodies): row b lists, increasing,
//     the dofs of the ancestors of b (b included) and of all its descendants; the world row
//     therefore lists every dof.

#ifndef MOTUS_ENGINE_ENGINE_SETCONST_H_
#define MOTUS_ENGINE_ENGINE_SETCONST_H_

#include <mujoco/mujoco.h>

// ---------------------------------------------------------------------------------------------
// (a) structure, for the compiler

// body_simple of one body (mjModel.body_simple, as MuJoCo assigns it):
//   0: not simple;
//   1: the body hangs from the world (parentid == 0; the compiler passes the weld id of the
//      parent, so a child of a static body counts), has no child bodies, its inertial frame is
//      its body frame (sameframe == mjSAMEFRAME_BODY) and its joints are zero or more slides
//      followed by at most one rotational joint (free, ball or hinge), every joint anchored at
//      the body origin (jnt_pos == 0), every hinge/slide axis along a coordinate axis of the body
//      frame;  bodies without joints that satisfy the first three conditions (and the world) are
//      1 as well;
//   2: as 1, with slides only (at least one).
// The world body (id 0) is simple: pass parentid = -1 for it. jnt_* point to the body's njnt
// joints (jnt_pos and jnt_axis: 3 numbers per joint).
int mj_bodySimple(int parentid, int nchild, int sameframe, int njnt, const int* jnt_type,
                  const mjtNum* jnt_pos, const mjtNum* jnt_axis);

// dof_simplenum: for dof i of a simple body, the number of consecutive dofs i, i+1, ... that all
// belong to simple bodies; 0 for the dofs of non-simple bodies.
void mj_dofSimpleNum(int nv, const int* dof_bodyid, const mjtByte* body_simple, int* dof_simplenum);

// Sizes of the sparse arrays, from the trees alone (call before mj_allocModel):
//   nM = sum over dofs of (number of dof ancestors + 1), nC = nnz of the CSR lower triangle,
//   nD = nnz of the symmetric dof pattern, nB = nnz of the body-dof pattern.
// dof_simplenum may be NULL (no simple dofs). Inconsistent trees (a parent id that is not
// smaller than the child id) give mju_error.
void mj_sparseSizes(int nv, const int* dof_parentid, const int* dof_simplenum, int nbody,
                    const int* body_parentid, const int* body_dofnum, const int* body_dofadr,
                    mjtSize* nM, mjtSize* nC, mjtSize* nD, mjtSize* nB);

// Fill dof_Madr, M_rownnz/M_rowadr/M_colind, mapM2M, D_rownnz/D_rowadr/D_diag/D_colind, mapM2D,
// mapD2M and B_rownnz/B_rowadr/B_colind of an allocated model whose nv, nbody, nM, nC, nD, nB,
// dof_parentid, dof_simplenum, body_parentid, body_dofnum and body_dofadr are set (sizes from
// mj_sparseSizes). Uses heap scratch (compile time only); size mismatches give mju_error.
void mj_setSparse(mjModel* m);

// ---------------------------------------------------------------------------------------------
// (b) constants at qpos0 (mj_setConst is declared in mujoco.h)
//
// mj_setConst(m, d) runs the position pipeline at qpos0 and sets:
//   body_subtreemass; dof_M0 (diagonal of M, armature included); body_invweight0 and
//   dof_invweight0 (mean diagonal of J M^-1 J' for translation and rotation, see the .cc);
//   cam_pos0/cam_poscom0/cam_mat0 and light_pos0/light_poscom0/light_dir0; stat.meaninertia
//   (mean diagonal of M; a user override must be re-applied by the caller afterwards);
//   and calls the hooks below for the parts that need later pipeline stages.

#endif  // MOTUS_ENGINE_ENGINE_SETCONST_H_
