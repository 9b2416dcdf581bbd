// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tendons (computation_index.rst "Simulation pipeline", stage 5; XMLreference "tendon"):
// lengths, Jacobians and wrapping paths. The public entry point mj_tendon is declared in
// mujoco.h:
//   engine_core_tendon.cc       mj_tendon, tendon Jacobian time derivative, armature bias
//   engine_core_tendon_wrap.cc  shortest paths around spheres and cylinders
//
// Outputs of mj_tendon (needs mj_kinematics and mj_comPos):
//   ten_length[t]   fixed: sum_k coef_k qpos(joint_k); spatial: the sum over branches of the
//                   branch path length divided by the divisor of the pulley that starts the branch
//                   (the first branch has divisor 1; XMLreference "spatial/pulley").
//   ten_J           d ten_length / d qvel, sparse with the model's fixed row structure
//                   ten_J_rownnz / ten_J_rowadr / ten_J_colind (the dofs the path can depend on,
//                   increasing; entries that happen to be zero stay stored).
//   ten_wrapadr[t], ten_wrapnum[t], wrap_obj, wrap_xpos: the path points of spatial tendons, in
//                   path order: a site gives its position (wrap_obj -1), a pulley the point
//                   (0,0,0) (wrap_obj -2), a geom that the path wraps around its two tangent
//                   points (wrap_obj = geom id; an inside wrap gives the same point twice) and
//                   nothing when the path passes it straight. Fixed tendons have no points.
//
// Jacobian of a spatial path: the path between consecutive sites is the shortest one, so the
// derivative of its length equals that of the length with the tangent points held fixed on
// the wrapping geom (they move rigidly with the geom's body, the arc length is then constant).
// Each straight piece x0 -> x1 therefore contributes u' (J(x1) - J(x0)), u = (x1-x0)/|x1-x0|,
// with J the translational Jacobian of the point on its body.

#ifndef MOTUS_ENGINE_ENGINE_CORE_TENDON_H_
#define MOTUS_ENGINE_ENGINE_CORE_TENDON_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------------------------
// wrapping geometry (engine_core_tendon_wrap.cc)

// Shortest path from x0 to x1 (world positions) around a sphere (type mjWRAP_SPHERE) or an
// infinitely long cylinder along its local z axis (mjWRAP_CYLINDER) of the given radius, centered
// at xpos with orientation xmat. `side` is the world position of the side site or NULL.
// Returns -1 when the path is the straight segment, otherwise the length of the curved piece
// on the surface (0 for an inside wrap) and the two points where the path meets the surface in
// wpnt[0..2] (from x0's side) and wpnt[3..5] (world coordinates).
//
// The problem is reduced to a circle in a plane: for a sphere the plane through its center,
// x0 and x1; for a cylinder the cross-section (the axial coordinate of the path varies linearly
// with the planar arc length, so the 3D path is the unrolled straight line). Rules (checked
// against MuJoCo):
//   - an endpoint inside the circle: straight;
//   - side site inside (see below): "inside wrap", the path is forced
//     through the disk: straight if the segment already crosses the disk, else the two
//     straight pieces meet at the circle point minimizing their total length (reflection
//     point), computed by bisection to machine precision;
//   - otherwise: straight when the segment misses the disk and either there is no side site
//     or the side site lies on the segment's side of the center (dot(side, c) >= 0 with c the
//     point of the segment closest to the center); else one of the two tangent wraps (going
//     around counterclockwise or clockwise) whose tangent pieces do not cross: the shorter
//     one without a side site; with one, the one for which the circle point in the direction
//     of the midpoint of its tangent points t0, t1 is closer to the side site;
//   - the side site counts as inside when its 3D distance from the geom center is below the
//     radius (also for cylinders, as MuJoCo does), while the wrap itself uses its
//     projection onto the plane.
mjtNum mju_wrapGeom(mjtNum wpnt[6], const mjtNum x0[3], const mjtNum x1[3], const mjtNum xpos[3],
                    const mjtNum xmat[9], mjtNum radius, int type, const mjtNum* side);

// The planar problems, with the circle centered at the origin. end = (p0x, p0y, p1x, p1y);
// on success pnt = (t0x, t0y, t1x, t1y) and the return value is the arc length (circle) or 0
// (inside wrap); -1 means straight. `side` (2D) may be NULL for mju_wrapCircle.
mjtNum mju_wrapCircle(mjtNum pnt[4], const mjtNum end[4], const mjtNum* side, mjtNum radius);
mjtNum mju_wrapInside(mjtNum pnt[4], const mjtNum end[4], mjtNum radius);

// ---------------------------------------------------------------------------------------------
// derivatives and armature (engine_core_tendon.cc)

// Time derivative of the Jacobian row of tendon t, dense (nv): zero for fixed tendons; for
// spatial tendons through sites and pulleys, the sum over straight pieces of
//   (udot' (J1 - J0) + u' (Jdot1 - Jdot0)) / divisor,  udot = (I - u u') (v1 - v0) / L.
// Paths with wrapping geoms are not supported (the compiler rejects tendon armature on them):
// their wrapped pieces are treated like straight pieces between the tangent points' sites.
// Needs mj_comVel (cvel, cdof_dot) and mj_tendon.
void mj_tendonDot(const mjModel* m, mjData* d, int t, mjtNum* Jdot);

// Bias force of tendon armature (XMLreference "tendon/spatial/armature": "an additional
// bias-force term c = m J Jdot' qdot"): for each tendon with armature a,
//   res += a J' (Jdot qvel).
// This is the term MuJoCo adds to qfrc_bias. It is not the
// complete velocity-product term of the kinetic energy a v^2 / 2, which would also subtract
// a v Jdot' (v = J qvel), so it can do work. Needs mj_comVel and mj_tendon. Called by mj_rne.
void mj_tendonBias(const mjModel* m, mjData* d, mjtNum* res);

// Armature that actuators reflect onto joint `id` (tendon = 0) or tendon `id` (tendon = 1):
// the sum of actuator_armature * gear[0]^2 over the actuators with armature whose transmission
// is that joint (joint or jointinparent) or tendon (XMLreference.rst actuator/general/armature:
// the gear scales both forces and velocities). MuJoCo applies it at run time, as extra dof or
// tendon armature on every dof of the joint; dof_armature and tendon_armature do not include
// it. Uses jnt_actuatorid / tendon_actuatorid (-1: none, -2: several actuators).
mjtNum mj_actuatorArmature(const mjModel* m, int id, int tendon);

// tendon_armature[t] plus the armature its actuators reflect onto it
mjtNum mj_tendonArmature(const mjModel* m, int t);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_CORE_TENDON_H_
