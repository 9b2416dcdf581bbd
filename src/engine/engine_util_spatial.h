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

// ---- inline rotations for the kinematics loops -------------------------------------------
// The arithmetic of mju_rotVecQuat, mju_mulQuat and mju_quat2Mat (which call these), inlined into
// the per-joint and per-body loops. All three are safe in place.

// res = R(quat) vec = vec + w t + r x t with t = 2 r x vec, quat = (w, r)
inline void mji_rotVecQuat(mjtNum res[3], const mjtNum vec[3], const mjtNum quat[4]) {
  const mjtNum* r = quat + 1;
  mjtNum t[3], rt[3];
  mji_cross(t, r, vec);
  t[0] *= 2;
  t[1] *= 2;
  t[2] *= 2;
  mji_cross(rt, r, t);
  mjtNum r0 = vec[0] + quat[0] * t[0] + rt[0];
  mjtNum r1 = vec[1] + quat[0] * t[1] + rt[1];
  mjtNum r2 = vec[2] + quat[0] * t[2] + rt[2];
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
}

// Hamilton product: (a0, a) (b0, b) = (a0 b0 - a.b, a0 b + b0 a + a x b)
inline void mji_mulQuat(mjtNum res[4], const mjtNum qa[4], const mjtNum qb[4]) {
  mjtNum w = qa[0] * qb[0] - qa[1] * qb[1] - qa[2] * qb[2] - qa[3] * qb[3];
  mjtNum x = qa[0] * qb[1] + qa[1] * qb[0] + qa[2] * qb[3] - qa[3] * qb[2];
  mjtNum y = qa[0] * qb[2] - qa[1] * qb[3] + qa[2] * qb[0] + qa[3] * qb[1];
  mjtNum z = qa[0] * qb[3] + qa[1] * qb[2] - qa[2] * qb[1] + qa[3] * qb[0];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

// rotation matrix of a unit quaternion (row-major)
inline void mji_quat2Mat(mjtNum res[9], const mjtNum quat[4]) {
  mjtNum q00 = quat[0] * quat[0], q01 = quat[0] * quat[1], q02 = quat[0] * quat[2];
  mjtNum q03 = quat[0] * quat[3], q11 = quat[1] * quat[1], q12 = quat[1] * quat[2];
  mjtNum q13 = quat[1] * quat[3], q22 = quat[2] * quat[2], q23 = quat[2] * quat[3];
  mjtNum q33 = quat[3] * quat[3];

  res[0] = q00 + q11 - q22 - q33;
  res[4] = q00 - q11 + q22 - q33;
  res[8] = q00 - q11 - q22 + q33;

  res[1] = 2 * (q12 - q03);
  res[2] = 2 * (q13 + q02);
  res[3] = 2 * (q12 + q03);
  res[5] = 2 * (q23 - q01);
  res[6] = 2 * (q13 - q02);
  res[7] = 2 * (q23 + q01);
}

#endif  // MOTUS_ENGINE_ENGINE_UTIL_SPATIAL_H_
