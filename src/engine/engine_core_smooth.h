// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Smooth dynamics: the position, inertia and velocity stages of the forward pipeline
// (computation_index.rst "General framework" and "Simulation pipeline", stages 2, 3, 6, 7, 14,
// 18 and 23). The public entry points are declared in mujoco.h:
//   engine_core_smooth_pos.cc   mj_kinematics, mj_comPos, mj_camlight
//   engine_core_smooth_mass.cc  mj_crb, mj_makeM, mj_factorM, mj_solveM, mj_solveM2, mj_mulM,
//                               mj_mulM2, mj_fullM, mj_addM
//   engine_core_smooth_vel.cc   mj_comVel, mj_rne, mj_rnePostConstraint, mj_subtreeVel
//
// Frames. All spatial quantities ("c" fields of mjData) are 6D vectors [rotation; translation]
// expressed in the world orientation but relative to the center of mass of the kinematic tree
// the body belongs to, subtree_com[body_rootid[b]] (computation_index.rst, "General framework":
// "a global frame centered at the subtree center of mass"). cinert is a 10-vector in the layout of
// engine_util_spatial.h.
//
// Sleeping trees (mjData.tree_asleep, engine_sleep.h). Inside the forward pipeline the bodies
// and dofs of sleeping trees are skipped by the smooth stages (kinematics frames, com-based
// quantities, composite inertias, M and its factor, velocities, bias forces): their positions have
// not moved and their velocities are zero since they fell asleep, so the values stored then are
// the values these stages would compute again ("latent" state, programming_simulation.rst
// "Sleeping islands"). The tree structure keeps this exact: no stage couples two trees.

#ifndef MOTUS_ENGINE_ENGINE_CORE_SMOOTH_H_
#define MOTUS_ENGINE_ENGINE_CORE_SMOOTH_H_

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_spatial.h"

// mj_kinematics in two halves: the body frames (xpos, xquat, xmat, xanchor, xaxis) of every
// body, then the inertial, geom and site frames, skipping the bodies of sleeping trees when
// skip_asleep is set. With `moved` (ntree flags), the bodies of the trees asleep in
// mjData.tree_asleep compare their frame with the stored one and set moved[tree] when it differs.
void mj_kinematicsBodies(const mjModel* m, mjData* d, int* moved);
void mj_kinematicsFrames(const mjModel* m, mjData* d, int skip_asleep);

// mj_crb computing every row of M from the composite inertias, including the rows of simple
// bodies that mj_crb takes from dof_M0: mj_setConst uses it to compute dof_M0
void mj_crbFromBodies(const mjModel* m, mjData* d);

// qfrc_bias = c(q, v) by mj_rne, for the forward pipeline: the dofs of sleeping trees keep theirs
void mj_rneBias(const mjModel* m, mjData* d);

// x = M^-1 y on the dofs of the awake trees (dof_awake_ind); the others keep their x
void mj_solveMAwake(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y);

// Sparse L'DL factorization in place: qLD holds M in the CSR lower-triangle layout of
// M_rownnz/M_rowadr/M_colind (engine_setconst.h) and is overwritten with the unit lower factor L
// (off-diagonal) and D (diagonal), so that M = L' D L; diagInv receives 1/D. Rows are dof
// ancestor chains, so the elimination creates no fill (computation_index.rst "General
// framework": "we compute its L^T D L factorization in a way that preserves sparsity").
// Used by mj_factorM (qLD, qLDiagInv) and by the implicit integrators (qH, qHDiagInv).
void mj_factorI(const mjModel* m, mjtNum* qLD, mjtNum* diagInv);

// Solve (L' D L) x = x in place for n vectors of length nv (rows of x), given a factor in the
// CSR layout and 1/D from mj_factorI.
void mj_solveLD(const mjModel* m, mjtNum* x, int n, const mjtNum* qLD, const mjtNum* diagInv);

// trace(J M^-1 J') for a k x nv Jacobian J (k = nrow), using the factorization in d
// (mj_factorM must be current): the mean inverse weights of mj_setConst. Uses the mjData stack.
mjtNum mj_traceJMinvJT(const mjModel* m, mjData* d, const mjtNum* J, int nrow);

// Force [torque; force] at world point `point` added (scaled by `scl`) to the com-based spatial
// force cfrc of body b (reference point subtree_com[body_rootid[b]]).
void mj_addComForce(const mjModel* m, const mjData* d, mjtNum cfrc[6], const mjtNum force[3],
                    const mjtNum torque[3], const mjtNum point[3], int body, mjtNum scl);

#endif  // MOTUS_ENGINE_ENGINE_CORE_SMOOTH_H_
