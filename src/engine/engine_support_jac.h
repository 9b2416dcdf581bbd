// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Kinematic Jacobians and the quantities built on them (API reference, "Support"): mj_jac and
// its variants, mj_jacDot, mj_angmomMat, mj_applyFT, mj_objectVelocity, mj_objectAcceleration
// (declared in mujoco.h), plus sparse helpers for the constraint and tendon code; and the
// constraint Jacobian's layout queries and products mj_isPyramidal, mj_isSparse, mj_isDual,
// mj_mulJacVec, mj_mulJacTVec (declared in mujoco.h).
//
// Conventions: jacp and jacr are 3 x nv row-major. Column k of a Jacobian of a point p attached
// to body b is nonzero only for the dofs on b's ancestor chain (dof_parentid), where
//   jacr[:, k] = cdof_k rotation,  jacp[:, k] = cdof_k translation + cdof_k rotation x (p - c)
// with c = subtree_com[body_rootid[b]] (computation_index.rst "General framework"). The minimal
// pipeline for consistency with qpos is mj_kinematics + mj_comPos (and mj_comVel for mj_jacDot).

#ifndef MOTUS_ENGINE_ENGINE_SUPPORT_JAC_H_
#define MOTUS_ENGINE_ENGINE_SUPPORT_JAC_H_

#include <mujoco/mujoco.h>

// Dofs that move body b, in increasing order (its dof ancestor chain, starting from the last dof
// of b or of its nearest ancestor that has dofs). chain must hold nv ints; returns the count.
int mj_bodyChain(const mjModel* m, int body, int* chain);

// Union of the chains of two bodies, increasing; chain must hold nv ints; returns the count.
int mj_mergeChain(const mjModel* m, int* chain, int b1, int b2);

// Compressed Jacobian of a point on body b: columns only for the n dofs in chain (from
// mj_bodyChain or mj_mergeChain, which may include dofs that do not move b: those columns are 0).
// jacp, jacr are 3 x n (row-major, leading dimension n); either may be NULL.
void mj_jacSparse(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                  const mjtNum point[3], int body, int n, const int* chain);

// Difference J(b2) - J(b1) of the point Jacobians of bodies b2 and b1 at one point, over the
// chain of mj_mergeChain(m, chain, b1, b2) (n columns; jacp, jacr 3 x n, both required). The
// same numbers as mj_jacSparse for both bodies followed by jac2 - jac1, in one walk.
void mj_jacDifSparse(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                     const mjtNum point[3], int b1, int b2, int n, const int* chain);

// 6D spatial velocity (or acceleration, from cacc) of body b transported to a world point:
// res = (w; v + w x (point - c)) for vel = (w; v) at c = subtree_com[root(b)].
void mj_transportMotion(const mjModel* m, const mjData* d, const mjtNum* vel6,
                        const mjtNum point[3], int body, mjtNum res[6]);

#endif  // MOTUS_ENGINE_ENGINE_SUPPORT_JAC_H_
