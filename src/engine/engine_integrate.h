// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Numerical integration, pipeline stage 26 (computation_index.rst "Numerical integration"). The
// public integrators mj_Euler, mj_RungeKutta and mj_implicit are declared in mujoco.h; this header
// adds the state update they share.
//
// All integrators end with the same state update ("advance"), for step h = opt.timestep:
//   act   <- act + h act_dot                      (filterexact: the exact exponential filter)
//            then clamped to actrange when actlimited
//   qvel  <- qvel + h qacc
//   qpos  <- qpos (+) h v   (mj_integratePos; v is the new qvel for the single-step methods and
//                            the Runge-Kutta weighted velocity for RK4)
//   time  <- time + h,      qacc_warmstart <- qacc (warmstart of the next constraint solve)
//
// implicit and implicitfast then integrate eligible free bodies with the midpoint method
// (computation_index.rst "Midpoint integration for free bodies"; engine_integrate_midpoint.cc),
// whose positions move with the mean angular (and, off-center, linear) velocity,
// unless the invdiscrete flag is set (see doc/conformance.md#midpoint-integration).

#ifndef MOTUS_ENGINE_ENGINE_INTEGRATE_H_
#define MOTUS_ENGINE_ENGINE_INTEGRATE_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// The state update above with the given derivatives: act_dot (na), qacc (nv) and the velocity
// used for the position update, qvel_pos (nv), or NULL for the updated d->qvel. Saves
// d->qacc into qacc_warmstart. Uses the mjData stack, no heap.
void mj_advance(const mjModel* m, mjData* d, const mjtNum* act_dot, const mjtNum* qacc,
                const mjtNum* qvel_pos);

// qacc for the implicit-in-velocity update v' = v + h Mhat^-1 (M qacc), Mhat = M - h D,
// computed as Mhat^-1 (qfrc_smooth + qfrc_constraint) = Mhat^-1 M qacc
// (computation_index.rst eq. "implicit update"), into res (nv):
//   mjINT_EULER         D = -diag(dof damping): only when some dof has damping and
//                       mjDSBL_EULERDAMP is off (returns 0 otherwise, res untouched);
//   mjINT_IMPLICITFAST  D = symmetrized qDeriv without the RNE terms, L'DL in qH / qHDiagInv;
//   mjINT_IMPLICIT      D = qDeriv with the RNE terms, LU in qLU;
// for the two implicit integrators, the dofs of interpolated flexes are then solved again as
// dense blocks with their elastic terms (mj_flexImplicit). Returns 1 when res was computed.
// Requires a completed forward pass.
int mj_implicitAcc(const mjModel* m, mjData* d, int integrator, mjtNum* res);

// Implicit update of interpolated flexes (engine_flex_implicit.cc): given qacc (nv) solved by
// mj_implicitAcc for mjINT_IMPLICIT or mjINT_IMPLICITFAST (which calls this), replaces it at
// the dofs of each interpolated flex with elasticity by the solution of the dense block of those
// dofs with the flex's stiffness and damping derivatives. Uses the mjData stack.
void mj_flexImplicit(const mjModel* m, mjData* d, int integrator, mjtNum* qacc);

// Midpoint integration of free bodies (engine_integrate_midpoint.cc): at the dofs of every
// eligible free body (a free joint, no child bodies, positive mass and inertia), overwrite qacc
// (nv, the acceleration the implicit update hands to mj_advance) so that qvel + h qacc is the
// midpoint rule's new velocity, and qvel_pos (nv, the velocity that moves qpos) with the mean
// angular velocity and, for a body whose center of mass is off its origin, the mean linear
// velocity. Other dofs are untouched. Requires a completed forward pass (it reads d->qacc) and
// mj_implicitAcc's result in qacc. Does nothing when mjENBL_INVDISCRETE is set or for
// integrators other than mjINT_IMPLICIT and mjINT_IMPLICITFAST. Returns the number of bodies
// updated. Uses the mjData stack.
int mj_midpointFreeBodies(const mjModel* m, mjData* d, int integrator, mjtNum* qacc,
                          mjtNum* qvel_pos);

// After mj_advance: d->qacc at the dofs that mj_midpointFreeBodies integrated (the rotational
// dofs of every eligible body, the translational ones too with an offset center of mass) takes
// the step's acceleration qacc, as MuJoCo 3.8 reports it; qacc_warmstart keeps the forward one.
void mj_midpointReportAcc(const mjModel* m, mjData* d, int integrator, const mjtNum* qacc);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_INTEGRATE_H_
