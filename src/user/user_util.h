// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Small 3D math helpers for the model compiler (quaternions w,x,y,z; 3x3 matrices row-major).
// Kept local to src/user so that the compiler does not depend on engine internals.

#ifndef MOTUS_USER_USER_UTIL_H_
#define MOTUS_USER_USER_UTIL_H_

#include <cmath>

namespace motus {
namespace um {

inline double Dot3(const double* a, const double* b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline double Norm3(const double* a) {
  return std::sqrt(Dot3(a, a));
}
inline void Copy3(double* r, const double* a) {
  r[0] = a[0];
  r[1] = a[1];
  r[2] = a[2];
}
inline void Zero3(double* r) {
  r[0] = r[1] = r[2] = 0;
}
inline void Cross(double* r, const double* a, const double* b) {
  double t0 = a[1] * b[2] - a[2] * b[1];
  double t1 = a[2] * b[0] - a[0] * b[2];
  double t2 = a[0] * b[1] - a[1] * b[0];
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
}
// normalize in place; returns the norm before normalization (vector unchanged if tiny)
inline double Normalize3(double* a) {
  double n = Norm3(a);
  if (n > 1e-15) {
    a[0] /= n;
    a[1] /= n;
    a[2] /= n;
  }
  return n;
}

inline void SetUnitQuat(double* q) {
  q[0] = 1;
  q[1] = q[2] = q[3] = 0;
}
inline void CopyQuat(double* r, const double* q) {
  r[0] = q[0];
  r[1] = q[1];
  r[2] = q[2];
  r[3] = q[3];
}
inline double NormalizeQuat(double* q) {
  double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (n < 1e-15) {
    SetUnitQuat(q);
  } else {
    q[0] /= n;
    q[1] /= n;
    q[2] /= n;
    q[3] /= n;
  }
  return n;
}

// r = a * b (Hamilton product)
inline void MulQuat(double* r, const double* a, const double* b) {
  double t0 = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  double t1 = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  double t2 = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  double t3 = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = t3;
}
inline void NegQuat(double* r, const double* q) {
  r[0] = q[0];
  r[1] = -q[1];
  r[2] = -q[2];
  r[3] = -q[3];
}

// r = rotation of v by unit quaternion q
inline void RotVecQuat(double* r, const double* v, const double* q) {
  // v' = v + 2 w (u x v) + 2 u x (u x v), u = vector part
  double u[3] = {q[1], q[2], q[3]};
  double uv[3], uuv[3];
  Cross(uv, u, v);
  Cross(uuv, u, uv);
  double t[3];
  for (int i = 0; i < 3; i++) {
    t[i] = v[i] + 2 * (q[0] * uv[i] + uuv[i]);
  }
  Copy3(r, t);
}

// rotation matrix (row-major) of a unit quaternion
inline void Quat2Mat(double* m, const double* q) {
  double w = q[0], x = q[1], y = q[2], z = q[3];
  m[0] = w * w + x * x - y * y - z * z;
  m[1] = 2 * (x * y - w * z);
  m[2] = 2 * (x * z + w * y);
  m[3] = 2 * (x * y + w * z);
  m[4] = w * w - x * x + y * y - z * z;
  m[5] = 2 * (y * z - w * x);
  m[6] = 2 * (x * z - w * y);
  m[7] = 2 * (y * z + w * x);
  m[8] = w * w - x * x - y * y + z * z;
}

// unit quaternion of a rotation matrix (row-major), choosing the numerically largest pivot
inline void Mat2Quat(double* q, const double* m) {
  double tr = m[0] + m[4] + m[8];
  if (tr > 0) {
    double s = std::sqrt(tr + 1.0) * 2;
    q[0] = 0.25 * s;
    q[1] = (m[7] - m[5]) / s;
    q[2] = (m[2] - m[6]) / s;
    q[3] = (m[3] - m[1]) / s;
  } else if (m[0] > m[4] && m[0] > m[8]) {
    double s = std::sqrt(1.0 + m[0] - m[4] - m[8]) * 2;
    q[0] = (m[7] - m[5]) / s;
    q[1] = 0.25 * s;
    q[2] = (m[1] + m[3]) / s;
    q[3] = (m[2] + m[6]) / s;
  } else if (m[4] > m[8]) {
    double s = std::sqrt(1.0 + m[4] - m[0] - m[8]) * 2;
    q[0] = (m[2] - m[6]) / s;
    q[1] = (m[1] + m[3]) / s;
    q[2] = 0.25 * s;
    q[3] = (m[5] + m[7]) / s;
  } else {
    double s = std::sqrt(1.0 + m[8] - m[0] - m[4]) * 2;
    q[0] = (m[3] - m[1]) / s;
    q[1] = (m[2] + m[6]) / s;
    q[2] = (m[5] + m[7]) / s;
    q[3] = 0.25 * s;
  }
  // no sign normalization: a negative scalar part is kept, as MuJoCo keeps it (xyaxes
  // "0 -1 0 0 0 1" compiles to (-0.5, -0.5, 0.5, 0.5) there)
  NormalizeQuat(q);
}

// minimal rotation taking (0,0,1) to the unit vector v: axis = z x v, angle = atan2(|z x v|, v_z).
// When z x v is tiny (v parallel or antiparallel to z) the axis is taken as x and |z x v| as 0,
// giving the identity or a half turn about x (this matches MuJoCo for zaxis and fromto).
inline void QuatZ2Vec(double* q, const double* v) {
  double z[3] = {0, 0, 1};
  double axis[3];
  Cross(axis, z, v);
  double s = Norm3(axis);
  if (s < 1e-10) {
    axis[0] = 1;
    axis[1] = axis[2] = 0;
    s = 0;
  } else {
    axis[0] /= s;
    axis[1] /= s;
    axis[2] /= s;
  }
  double a = std::atan2(s, v[2]);
  double sa = std::sin(a / 2);
  q[0] = std::cos(a / 2);
  q[1] = axis[0] * sa;
  q[2] = axis[1] * sa;
  q[3] = axis[2] * sa;
}

// compose poses: (pos, quat) = (p1, q1) * (p2, q2)
inline void MulPose(double* pos, double* quat, const double* p1, const double* q1, const double* p2,
                    const double* q2) {
  // rotate with the rotation matrix of q1 (not the cross-product formula of RotVecQuat): the two
  // differ in the last bits, and MuJoCo composes frames this way (e.g. a frame rotated
  // 12 degrees about z moves (0, -15, 2) to z = 1.9999999999999998 there, since the matrix's
  // diagonal w^2 - x^2 - y^2 + z^2 is 1 - 1e-16)
  double m[9], t[3];
  Quat2Mat(m, q1);
  for (int i = 0; i < 3; i++) {
    t[i] = m[3 * i] * p2[0] + m[3 * i + 1] * p2[1] + m[3 * i + 2] * p2[2];
  }
  double qq[4];
  MulQuat(qq, q1, q2);
  pos[0] = p1[0] + t[0];
  pos[1] = p1[1] + t[1];
  pos[2] = p1[2] + t[2];
  CopyQuat(quat, qq);
}

}  // namespace um
}  // namespace motus

#endif  // MOTUS_USER_USER_UTIL_H_
