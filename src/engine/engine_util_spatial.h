// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Rotations, poses and 6D spatial algebra: the "Quaternions" and "Poses" sections of the API
// reference, mju_transformSpatial, the analytic derivatives mjd_subQuat / mjd_quatIntegrate (all
// declared in mujoco.h), and internal helpers for the spatial-vector recursions of
// computation_index.rst (composite rigid body, RNE, com-based velocities).
//
// Conventions:
//   - quaternions are (w, x, y, z), unit length, q and -q are the same rotation;
//   - a quaternion q maps local to global coordinates, like its rotation matrix R(q);
//   - quaternion "velocities" are 3D rotation vectors (axis * angle) in the LOCAL frame:
//     mju_quatIntegrate(q, v, h) sets q <- q * exp(h v), and mju_subQuat(qa, qb) returns the
//     v with qb * exp(v) = qa;
//   - spatial 6D vectors are (rotational; translational): motion = (angular vel; linear vel),
//     force = (torque; force);
//   - a body inertia in "com-based" 10-vector form (mjData.cinert) is
//       (I_xx, I_yy, I_zz, I_xy, I_xz, I_yz, m c_x, m c_y, m c_z, m)
//     where I is the rotational inertia about the reference point, m the mass and c the center of
//     mass relative to the reference point, all in the global frame (checked against the oracle's
//     cinert).

#ifndef MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_
#define MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_

#include <mujoco/mujoco.h>

// ---- spatial algebra (internal) -------------------------------------------------------------

// Motion cross product res = vel x v (spatial velocity acting on a motion vector):
//   res_rot = w x v_rot,  res_tran = w x v_tran + u x v_rot,  with vel = (w; u).
// Used for cdof_dot = cvel x cdof and for velocity-product accelerations. Safe in place.
void mju_crossMotion(mjtNum res[6], const mjtNum vel[6], const mjtNum v[6]);

// Force cross product res = vel x* f (spatial velocity acting on a force vector):
//   res_rot = w x f_rot + u x f_tran,  res_tran = w x f_tran,  with vel = (w; u).
// Used for the gyroscopic term cvel x* (I cvel) of RNE. Safe in place.
void mju_crossForce(mjtNum res[6], const mjtNum vel[6], const mjtNum f[6]);

// res = I * vec: spatial momentum of a body with com-based inertia `inert` (10-vector above) moving
// with spatial velocity vec = (w; v):
//   res_rot = I w + (m c) x v,   res_tran = m v - (m c) x w.
void mju_mulInertVec(mjtNum res[6], const mjtNum inert[10], const mjtNum vec[6]);

// res = sum_i vec[i] * mat[6i .. 6i+5]: combines n spatial vectors (e.g. rows of cdof) with weights
// (e.g. joint velocities). n = 0 gives zero.
void mju_mulDofVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n);

// Spatial motion vector of a unit-speed joint degree of freedom, expressed at the reference point:
//   rotational dof about `axis` through a point at -offset from the reference point
//   (offset = reference point - joint anchor):   res = (axis; axis x offset);
//   translational dof (offset == NULL):           res = (0; axis).
void mju_dofCom(mjtNum res[6], const mjtNum axis[3], const mjtNum offset[3]);

#endif  // MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_
