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
//     mass relative to the reference point, all in the global frame (as MuJoCo's cinert).

#ifndef MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_
#define MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"

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

// ---- inline spatial algebra for the per-body loops ----------------------------------------
// The arithmetic of mju_mulInertVec, mju_crossMotion and mju_crossForce (which call these), inlined
// into the smooth stages.

// res = cinert * v: (I w + h x v_tran, m v_tran - h x w), I = [i0 i3 i4; i3 i1 i5; i4 i5 i2],
// h = (i6, i7, i8), m = i9
inline void mji_mulInertVec(mjtNum res[6], const mjtNum i[10], const mjtNum v[6]) {
  mjtNum r0 = i[0] * v[0] + i[3] * v[1] + i[4] * v[2] + (i[7] * v[5] - i[8] * v[4]);
  mjtNum r1 = i[3] * v[0] + i[1] * v[1] + i[5] * v[2] + (i[8] * v[3] - i[6] * v[5]);
  mjtNum r2 = i[4] * v[0] + i[5] * v[1] + i[2] * v[2] + (i[6] * v[4] - i[7] * v[3]);
  mjtNum r3 = i[9] * v[3] - (i[7] * v[2] - i[8] * v[1]);
  mjtNum r4 = i[9] * v[4] - (i[8] * v[0] - i[6] * v[2]);
  mjtNum r5 = i[9] * v[5] - (i[6] * v[1] - i[7] * v[0]);
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
  res[3] = r3;
  res[4] = r4;
  res[5] = r5;
}

// motion cross product vel x v = (w x v_rot, w x v_tran + v_lin x v_rot)
inline void mji_crossMotion(mjtNum res[6], const mjtNum vel[6], const mjtNum v[6]) {
  mjtNum rot[3], tran[3], tmp[3];
  mji_cross(rot, vel, v);
  mji_cross(tran, vel, v + 3);
  mji_cross(tmp, vel + 3, v);
  for (int k = 0; k < 3; k++) {
    res[k] = rot[k];
    res[3 + k] = tran[k] + tmp[k];
  }
}

// force cross product vel x* f = (w x f_rot + v_lin x f_tran, w x f_tran)
inline void mji_crossForce(mjtNum res[6], const mjtNum vel[6], const mjtNum f[6]) {
  mjtNum rot[3], tran[3], tmp[3];
  mji_cross(rot, vel, f);
  mji_cross(tmp, vel + 3, f + 3);
  mji_cross(tran, vel, f + 3);
  for (int k = 0; k < 3; k++) {
    res[k] = rot[k] + tmp[k];
    res[3 + k] = tran[k];
  }
}

#endif  // MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_
