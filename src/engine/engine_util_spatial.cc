// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Quaternions, poses and spatial algebra (API reference, "Quaternions", "Poses",
// "mju_transformSpatial", "Derivatives"; computation_index.rst for spatial vectors). Conventions
// are listed in engine_util_spatial.h.
//
// Notation used in the comments: for a rotation vector s with angle t = |s|,
//   exp(s) = (cos(t/2), sin(t/2) s/t) is the quaternion of the rotation by t about s/t, and
//   [s] is the 3x3 cross-product matrix, [s] x = s x x.

#include "engine/engine_util_spatial.h"

#include <cmath>
#include <cstring>

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"

namespace {

// [s] for a 3-vector s, row-major
void CrossMatrix(mjtNum res[9], const mjtNum s[3]) {
  res[0] = 0;
  res[1] = -s[2];
  res[2] = s[1];
  res[3] = s[2];
  res[4] = 0;
  res[5] = -s[0];
  res[6] = -s[1];
  res[7] = s[0];
  res[8] = 0;
}

// res = I + a [s] + b [s]^2, the general form of every rotation-vector Jacobian below.
// [s]^2 = s s' - |s|^2 I.
void RodriguesForm(mjtNum res[9], const mjtNum s[3], mjtNum a, mjtNum b) {
  mjtNum sx[9];
  CrossMatrix(sx, s);
  mjtNum ss = mju_dot3(s, s);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      mjtNum sq = s[i] * s[j] - (i == j ? ss : 0);
      res[3 * i + j] = (i == j ? 1 : 0) + a * sx[3 * i + j] + b * sq;
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// quaternions

// R(q) v for unit q = (w, r): with t = 2 r x v, R v = v + w t + r x t (expanding q (0,v) q^-1).
void mju_rotVecQuat(mjtNum res[3], const mjtNum vec[3], const mjtNum quat[4]) {
  mji_rotVecQuat(res, vec, quat);
}

void mju_negQuat(mjtNum res[4], const mjtNum quat[4]) {
  res[0] = quat[0];
  res[1] = -quat[1];
  res[2] = -quat[2];
  res[3] = -quat[3];
}

// Hamilton product: (a0, a) (b0, b) = (a0 b0 - a.b, a0 b + b0 a + a x b). Safe in place.
void mju_mulQuat(mjtNum res[4], const mjtNum qa[4], const mjtNum qb[4]) {
  mji_mulQuat(res, qa, qb);
}

// res = quat * (0, axis): the Hamilton product with a pure quaternion. Safe in place.
void mju_mulQuatAxis(mjtNum res[4], const mjtNum quat[4], const mjtNum axis[3]) {
  mjtNum w = -quat[1] * axis[0] - quat[2] * axis[1] - quat[3] * axis[2];
  mjtNum x = quat[0] * axis[0] + quat[2] * axis[2] - quat[3] * axis[1];
  mjtNum y = quat[0] * axis[1] + quat[3] * axis[0] - quat[1] * axis[2];
  mjtNum z = quat[0] * axis[2] + quat[1] * axis[1] - quat[2] * axis[0];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

// (cos(angle/2), sin(angle/2) axis) for a unit axis
void mju_axisAngle2Quat(mjtNum res[4], const mjtNum axis[3], mjtNum angle) {
  if (angle == 0) {
    mju_unit4(res);
    return;
  }
  mjtNum s = std::sin(0.5 * angle);
  res[0] = std::cos(0.5 * angle);
  res[1] = axis[0] * s;
  res[2] = axis[1] * s;
  res[3] = axis[2] * s;
}

// Inverse of exp: q = (cos(t/2), sin(t/2) u) -> t u / dt, taking the angle t in (-pi, pi] so that
// the shorter of the two rotations that q and -q represent is returned.
void mju_quat2Vel(mjtNum res[3], const mjtNum quat[4], mjtNum dt) {
  mjtNum axis[3] = {quat[1], quat[2], quat[3]};
  mjtNum sin_half = mju_normalize3(axis);
  mjtNum angle = 2 * std::atan2(sin_half, quat[0]);
  if (angle > mjPI) {
    angle -= 2 * mjPI;
  }
  mju_scl3(res, axis, angle / dt);
}

// res = log(qb^-1 qa), so that qb * exp(res) = qa
void mju_subQuat(mjtNum res[3], const mjtNum qa[4], const mjtNum qb[4]) {
  mjtNum qbinv[4], qdif[4];
  mju_negQuat(qbinv, qb);
  mju_mulQuat(qdif, qbinv, qa);
  mju_quat2Vel(res, qdif, 1);
}

// Rotation matrix of a unit quaternion (w, x, y, z), from the products q_i q_j.
void mju_quat2Mat(mjtNum res[9], const mjtNum quat[4]) {
  mji_quat2Mat(res, quat);
}

// Shepperd's method: recover the largest of |w|, |x|, |y|, |z| from the trace or a diagonal entry
// (4 w^2 = 1 + tr R, 4 x^2 = 1 + R00 - R11 - R22, ...), then the other three from the off-diagonal
// sums/differences divided by 4 * that component. The recovered component is positive; the sign
// convention in the non-trace branches (w may be negative) matches MuJoCo's compiled body_quat
// from xyaxes.
void mju_mat2Quat(mjtNum quat[4], const mjtNum mat[9]) {
  mjtNum trace = mat[0] + mat[4] + mat[8];
  if (trace > 0) {
    mjtNum w = 0.5 * std::sqrt(1 + trace);
    mjtNum d = 0.25 / w;
    quat[0] = w;
    quat[1] = (mat[7] - mat[5]) * d;
    quat[2] = (mat[2] - mat[6]) * d;
    quat[3] = (mat[3] - mat[1]) * d;
  } else if (mat[0] > mat[4] && mat[0] > mat[8]) {
    mjtNum x = 0.5 * std::sqrt(1 + mat[0] - mat[4] - mat[8]);
    mjtNum d = 0.25 / x;
    quat[0] = (mat[7] - mat[5]) * d;
    quat[1] = x;
    quat[2] = (mat[1] + mat[3]) * d;
    quat[3] = (mat[2] + mat[6]) * d;
  } else if (mat[4] > mat[8]) {
    mjtNum y = 0.5 * std::sqrt(1 - mat[0] + mat[4] - mat[8]);
    mjtNum d = 0.25 / y;
    quat[0] = (mat[2] - mat[6]) * d;
    quat[1] = (mat[1] + mat[3]) * d;
    quat[2] = y;
    quat[3] = (mat[5] + mat[7]) * d;
  } else {
    mjtNum z = 0.5 * std::sqrt(1 - mat[0] - mat[4] + mat[8]);
    mjtNum d = 0.25 / z;
    quat[0] = (mat[3] - mat[1]) * d;
    quat[1] = (mat[2] + mat[6]) * d;
    quat[2] = (mat[5] + mat[7]) * d;
    quat[3] = z;
  }
  mju_normalize4(quat);
}

// dq/dt = q (0, w) / 2 for a local-frame angular velocity w
void mju_derivQuat(mjtNum res[4], const mjtNum quat[4], const mjtNum vel[3]) {
  mju_mulQuatAxis(res, quat, vel);
  res[0] *= 0.5;
  res[1] *= 0.5;
  res[2] *= 0.5;
  res[3] *= 0.5;
}

// q <- q exp(scale * vel), renormalized
void mju_quatIntegrate(mjtNum quat[4], const mjtNum vel[3], mjtNum scale) {
  mjtNum axis[3] = {vel[0], vel[1], vel[2]};
  mjtNum angle = scale * mju_normalize3(axis);
  mjtNum qrot[4];
  mju_axisAngle2Quat(qrot, axis, angle);
  mju_mulQuat(quat, quat, qrot);
  mju_normalize4(quat);
}

// Rotation about z x v by the angle between z and v. When v is (anti)parallel to z the axis
// z x v vanishes and mju_normalize3 substitutes the x axis: v along +z gives angle 0 (identity),
// v along -z gives the half turn about x, as MuJoCo does for fromto pointing down.
void mju_quatZ2Vec(mjtNum quat[4], const mjtNum vec[3]) {
  mju_unit4(quat);
  mjtNum v[3] = {vec[0], vec[1], vec[2]};
  if (mju_normalize3(v) < mjMINVAL) {
    return;
  }
  mjtNum axis[3] = {-v[1], v[0], 0};  // (0, 0, 1) x v
  mjtNum s = mju_normalize3(axis);
  mju_axisAngle2Quat(quat, axis, std::atan2(s, v[2]));
}

// Rotational part of an arbitrary 3x3 matrix A, by the fixed-point iteration of Mueller et al.,
// "A Robust Method to Extract the Rotational Part of Deformations" (2016): with r_i, a_i the
// columns of R(q) and A, rotate q (in the global frame) by
//   omega = sum_i r_i x a_i / (|sum_i r_i . a_i| + 1e-9)
// until |omega| < 1e-9. This maximizes tr(R'A), i.e. converges to the rotation of the polar
// decomposition when det A > 0. The input quat is the initial guess.
int mju_mat2Rot(mjtNum quat[4], const mjtNum mat[9]) {
  const int kMaxIter = 500;
  const mjtNum kTol = 1e-9;
  int iter = 0;
  for (; iter < kMaxIter; iter++) {
    mjtNum rot[9];
    mju_quat2Mat(rot, quat);
    mjtNum omega[3] = {0, 0, 0};
    mjtNum dot = 0;
    for (int i = 0; i < 3; i++) {
      mjtNum r[3] = {rot[i], rot[3 + i], rot[6 + i]};
      mjtNum a[3] = {mat[i], mat[3 + i], mat[6 + i]};
      mjtNum c[3];
      mju_cross(c, r, a);
      mju_addTo3(omega, c);
      dot += mju_dot3(r, a);
    }
    mju_scl3(omega, omega, 1 / (std::fabs(dot) + kTol));
    mjtNum angle = mju_normalize3(omega);
    if (angle < kTol) {
      break;
    }
    mjtNum qrot[4];
    mju_axisAngle2Quat(qrot, omega, angle);
    mju_mulQuat(quat, qrot, quat);
    mju_normalize4(quat);
  }
  return iter;
}

// Lowercase letters rotate about the current (moving) axes: q <- q * r; uppercase about the fixed
// axes: q <- r * q (XML reference, compiler/eulerseq). Angles are in radians here.
void mju_euler2Quat(mjtNum quat[4], const mjtNum euler[3], const char* seq) {
  mju_unit4(quat);
  if (!seq || std::strlen(seq) != 3) {
    mju_error("mju_euler2Quat: seq must contain exactly 3 characters");
    return;
  }
  for (int i = 0; i < 3; i++) {
    char c = seq ? seq[i] : 0;
    int axis;
    bool intrinsic;
    switch (c) {
      case 'x':
        axis = 0;
        intrinsic = true;
        break;
      case 'y':
        axis = 1;
        intrinsic = true;
        break;
      case 'z':
        axis = 2;
        intrinsic = true;
        break;
      case 'X':
        axis = 0;
        intrinsic = false;
        break;
      case 'Y':
        axis = 1;
        intrinsic = false;
        break;
      case 'Z':
        axis = 2;
        intrinsic = false;
        break;
      default:
        mju_unit4(quat);
        mju_error("mju_euler2Quat: seq[%d] is '%c', should be one of x, y, z, X, Y, Z", i, c);
        return;
    }
    mjtNum r[4] = {std::cos(0.5 * euler[i]), 0, 0, 0};
    r[1 + axis] = std::sin(0.5 * euler[i]);
    if (intrinsic) {
      mju_mulQuat(quat, quat, r);
    } else {
      mju_mulQuat(quat, r, quat);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// poses (pos, quat): x -> pos + R(quat) x

// (pos1, q1) o (pos2, q2) = (pos1 + R(q1) pos2, q1 q2). Safe when the outputs alias the inputs.
void mju_mulPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos1[3], const mjtNum quat1[4],
                 const mjtNum pos2[3], const mjtNum quat2[4]) {
  mjtNum p[3], q[4];
  mju_rotVecQuat(p, pos2, quat1);
  mju_addTo3(p, pos1);
  mju_mulQuat(q, quat1, quat2);
  mju_copy3(posres, p);
  mju_copy4(quatres, q);
}

// (pos, q)^-1 = (-R(q)' pos, q^-1). Safe in place.
void mju_negPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos[3], const mjtNum quat[4]) {
  mjtNum qinv[4], p[3];
  mju_negQuat(qinv, quat);
  mju_rotVecQuat(p, pos, qinv);
  mju_scl3(posres, p, -1);
  mju_copy4(quatres, qinv);
}

void mju_trnVecPose(mjtNum res[3], const mjtNum pos[3], const mjtNum quat[4], const mjtNum vec[3]) {
  mjtNum p[3];
  mju_rotVecQuat(p, vec, quat);
  mju_add3(res, p, pos);
}

// ---------------------------------------------------------------------------------------------
// spatial vectors

// Moves a spatial vector from oldpos to newpos (d = newpos - oldpos) and re-expresses it in the new
// frame:
//   motion (w; v):  v at the new point is v - d x w;
//   force  (t; f):  the torque about the new point is t - d x f;
// then both halves are multiplied by rotnew2old' (rotnew2old maps new-frame to old-frame
// coordinates; NULL means the frames are aligned). Safe in place.
void mju_transformSpatial(mjtNum res[6], const mjtNum vec[6], int flg_force, const mjtNum newpos[3],
                          const mjtNum oldpos[3], const mjtNum rotnew2old[9]) {
  mjtNum d[3], cross[3], out[6];
  mju_sub3(d, newpos, oldpos);
  if (flg_force) {
    mju_cross(cross, d, vec + 3);
    mju_sub3(out, vec, cross);
    mju_copy3(out + 3, vec + 3);
  } else {
    mju_cross(cross, d, vec);
    mju_copy3(out, vec);
    mju_sub3(out + 3, vec + 3, cross);
  }
  if (rotnew2old) {
    mju_mulMatTVec3(res, rotnew2old, out);
    mju_mulMatTVec3(res + 3, rotnew2old, out + 3);
  } else {
    mju_copy3(res, out);
    mju_copy3(res + 3, out + 3);
  }
}

void mju_crossMotion(mjtNum res[6], const mjtNum vel[6], const mjtNum v[6]) {
  mji_crossMotion(res, vel, v);
}

void mju_crossForce(mjtNum res[6], const mjtNum vel[6], const mjtNum f[6]) {
  mji_crossForce(res, vel, f);
}

void mju_mulInertVec(mjtNum res[6], const mjtNum i[10], const mjtNum v[6]) {
  mji_mulInertVec(res, i, v);
}

void mju_mulDofVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n) {
  for (int k = 0; k < 6; k++) {
    res[k] = 0;
  }
  for (int i = 0; i < n; i++) {
    mju_addToScl(res, mat + 6 * i, vec[i], 6);
  }
}

void mju_dofCom(mjtNum res[6], const mjtNum axis[3], const mjtNum offset[3]) {
  if (offset) {
    mjtNum lin[3];
    mju_cross(lin, axis, offset);
    mju_copy3(res, axis);
    mju_copy3(res + 3, lin);
  } else {
    mju_zero3(res);
    mju_copy3(res + 3, axis);
  }
}

// ---------------------------------------------------------------------------------------------
// analytic derivatives (API reference, "Derivatives"); perturbations live in the local tangent
// space: an input quaternion q is perturbed as q exp(e), an output by the same rule, so each
// Jacobian is a 3x3 matrix d(output perturbation)/d(input perturbation).

// res = log(qb^-1 qa) = phi, angle t = |phi|.
//   qa exp(e):  exp(phi) exp(e) = exp(phi + Jr^-1(phi) e)             -> Da = Jr^-1(phi)
//   qb exp(e):  exp(-e) exp(phi) = exp(phi - Jl^-1(phi) e)            -> Db = -Jl^-1(phi) = -Da'
// with the inverse right Jacobian of SO(3)
//   Jr^-1(phi) = I + [phi]/2 + (1/t^2 - cot(t/2)/(2t)) [phi]^2;
// the coefficient tends to 1/12 + t^2/720 + t^4/30240 at small t (Taylor series, used below 1e-2
// where the closed form loses digits to cancellation).
void mjd_subQuat(const mjtNum qa[4], const mjtNum qb[4], mjtNum Da[9], mjtNum Db[9]) {
  mjtNum phi[3];
  mju_subQuat(phi, qa, qb);
  mjtNum t = mju_norm3(phi);
  mjtNum coef;
  if (t < 1e-2) {
    mjtNum t2 = t * t;
    coef = 1.0 / 12 + t2 / 720 + t2 * t2 / 30240;
  } else {
    coef = 1 / (t * t) - std::cos(0.5 * t) / (2 * t * std::sin(0.5 * t));
  }
  mjtNum J[9];
  RodriguesForm(J, phi, 0.5, coef);
  if (Da) {
    mju_copy(Da, J, 9);
  }
  if (Db) {
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        Db[3 * i + j] = -J[3 * j + i];
      }
    }
  }
}

// q = qbar exp(s), s = scale * vel, t = |s|:
//   qbar exp(e):   exp(e) exp(s) = exp(s) exp(R(s)' e)         -> Dquat = R(s)' = exp(-[s])
//   vel + dv:      exp(s + scale dv) = exp(s) exp(Jr(s) scale dv) -> Dvel = Jr(s) (MuJoCo
//                  reports the derivative per unit of s = scale * vel, without the factor)
//   scale + dh:    Jr(s) vel dh = vel dh (Jr(s) s = s)          -> Dscale = vel
// with R(s)' = I - sin(t)/t [s] + (1-cos t)/t^2 [s]^2 and
//      Jr(s) = I - (1-cos t)/t^2 [s] + (t-sin t)/t^3 [s]^2;
// Taylor series of the coefficients are used below t = 1e-2.
void mjd_quatIntegrate(const mjtNum vel[3], mjtNum scale, mjtNum Dquat[9], mjtNum Dvel[9],
                       mjtNum Dscale[3]) {
  mjtNum s[3];
  mju_scl3(s, vel, scale);
  mjtNum t = mju_norm3(s);
  mjtNum sinc, cosc, sinc3;  // sin(t)/t, (1-cos t)/t^2, (t-sin t)/t^3
  if (t < 1e-2) {
    mjtNum t2 = t * t;
    sinc = 1 - t2 / 6 + t2 * t2 / 120;
    cosc = 0.5 - t2 / 24 + t2 * t2 / 720;
    sinc3 = 1.0 / 6 - t2 / 120 + t2 * t2 / 5040;
  } else {
    sinc = std::sin(t) / t;
    cosc = (1 - std::cos(t)) / (t * t);
    sinc3 = (t - std::sin(t)) / (t * t * t);
  }
  if (Dquat) {
    RodriguesForm(Dquat, s, -sinc, cosc);
  }
  // as in MuJoCo 3.8, Dvel is the derivative with respect to the rotation vector vel * scale,
  // not yet multiplied by the scale
  if (Dvel) {
    RodriguesForm(Dvel, s, -cosc, sinc3);
  }
  if (Dscale) {
    mju_copy3(Dscale, vel);
  }
}
