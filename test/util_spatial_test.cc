// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of quaternions, poses, spatial algebra and quaternion derivatives
// (engine_util_spatial): algebraic identities, independent constructions (rotation matrices built
// by hand, point-mass momenta), finite differences, and a few numbers captured from the reference
// implementation (MuJoCo 3.3.8 oracle) where the API leaves a convention open.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_spatial.h"
#include "fixture.h"

namespace {

// identities of unit quaternions and rotations hold to a few ulps of O(1) quantities
constexpr mjtNum kTol = 1e-12;

class Rand {
 public:
  explicit Rand(unsigned seed) : gen_(seed), dist_(-1.0, 1.0) {}
  mjtNum operator()() { return dist_(gen_); }
  void Vec(mjtNum* v, int n) {
    for (int i = 0; i < n; i++) {
      v[i] = (*this)();
    }
  }
  void Quat(mjtNum q[4]) {
    Vec(q, 4);
    mju_normalize4(q);
  }

 private:
  std::mt19937 gen_;
  std::uniform_real_distribution<double> dist_;
};

// q and -q are the same rotation
void ExpectSameRotation(const mjtNum a[4], const mjtNum b[4], mjtNum tol) {
  mjtNum s = mju_dot4(a, b) < 0 ? -1 : 1;
  for (int i = 0; i < 4; i++) {
    EXPECT_NEAR(a[i], s * b[i], tol) << "component " << i;
  }
}

// rotation matrix about a coordinate axis, written out by hand
void AxisRotation(mjtNum R[9], int axis, mjtNum a) {
  mjtNum c = std::cos(a), s = std::sin(a);
  mju_eye(R, 3);
  int i = (axis + 1) % 3, j = (axis + 2) % 3;
  R[3 * i + i] = c;
  R[3 * i + j] = -s;
  R[3 * j + i] = s;
  R[3 * j + j] = c;
}

TEST(UtilSpatial, QuatProductIdentities) {
  Rand r(1);
  for (int trial = 0; trial < 50; trial++) {
    mjtNum a[4], b[4], c[4], inv[4], res[4], ab[4], abc1[4], abc2[4];
    r.Quat(a);
    r.Quat(b);
    r.Quat(c);
    // q * q^-1 = 1
    mju_negQuat(inv, a);
    mju_mulQuat(res, a, inv);
    EXPECT_NEAR(res[0], 1, kTol);
    for (int i = 1; i < 4; i++) {
      EXPECT_NEAR(res[i], 0, kTol);
    }
    // associativity
    mju_mulQuat(ab, a, b);
    mju_mulQuat(abc1, ab, c);
    mju_mulQuat(res, b, c);
    mju_mulQuat(abc2, a, res);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(abc1[i], abc2[i], kTol);
    }
    // R(ab) = R(a) R(b)
    mjtNum Ra[9], Rb[9], Rab[9], RaRb[9];
    mju_quat2Mat(Ra, a);
    mju_quat2Mat(Rb, b);
    mju_quat2Mat(Rab, ab);
    mju_mulMatMat3(RaRb, Ra, Rb);
    for (int i = 0; i < 9; i++) {
      EXPECT_NEAR(Rab[i], RaRb[i], kTol);
    }
    // mulQuatAxis = product with the pure quaternion (0, axis)
    mjtNum axis[3], pure[4], expect[4];
    r.Vec(axis, 3);
    pure[0] = 0;
    mju_copy3(pure + 1, axis);
    mju_mulQuat(expect, a, pure);
    mju_mulQuatAxis(res, a, axis);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(res[i], expect[i], kTol);
    }
    // in place
    mju_copy4(res, a);
    mju_mulQuat(res, res, b);
    for (int i = 0; i < 4; i++) {
      EXPECT_EQ(res[i], ab[i]);
    }
  }
}

TEST(UtilSpatial, QuatMatrixRoundTrip) {
  Rand r(2);
  for (int trial = 0; trial < 200; trial++) {
    mjtNum q[4], R[9], q2[4], RtR[9];
    r.Quat(q);
    // bias some samples toward half turns about each axis, which exercise every branch of the
    // matrix-to-quaternion conversion (trace < 0, dominant x / y / z)
    if (trial % 4 != 0) {
      q[0] *= 0.05;
      q[trial % 4] += (q[trial % 4] < 0 ? -2 : 2);
      mju_normalize4(q);
    }
    mju_quat2Mat(R, q);
    mju_mulMatTMat3(RtR, R, R);
    for (int i = 0; i < 9; i++) {
      EXPECT_NEAR(RtR[i], i % 4 == 0 ? 1 : 0, kTol);
    }
    mjtNum det = R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) +
                 R[2] * (R[3] * R[7] - R[4] * R[6]);
    EXPECT_NEAR(det, 1, kTol);
    mju_mat2Quat(q2, R);
    ExpectSameRotation(q2, q, kTol);
    EXPECT_NEAR(mju_dot4(q2, q2), 1, kTol);

    // rotVecQuat agrees with the matrix and preserves lengths
    mjtNum v[3], rv[3], Rv[3];
    r.Vec(v, 3);
    mju_rotVecQuat(rv, v, q);
    mju_mulMatVec3(Rv, R, v);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(rv[i], Rv[i], kTol);
    }
    EXPECT_NEAR(mju_norm3(rv), mju_norm3(v), kTol);
  }
  // identity is exact
  mjtNum unit[4] = {1, 0, 0, 0}, I[9];
  mju_quat2Mat(I, unit);
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(I[i], i % 4 == 0 ? 1 : 0);
  }
}

// The sign convention of mat2Quat (the recovered dominant component is positive, so w may be
// negative) is that of the reference: body_quat of a body with xyaxes = the first two columns of a
// rotation matrix (trace < 0, x dominant). Captured with
//   mjref MODEL.xml --forward-only --fields m.body_quat
// for <body xyaxes="0.563376373027976 -0.8117874809309392 0.1536494325327715
//                   -0.6938112327656948 -0.5658226622444994 -0.4455004917827743">.
TEST(UtilSpatial, Mat2QuatSignMatchesReference) {
  mjtNum x[3] = {0.563376373027976, -0.8117874809309392, 0.1536494325327715};
  mjtNum y[3] = {-0.6938112327656948, -0.5658226622444994, -0.4455004917827743};
  mjtNum z[3];
  mju_cross(z, x, y);
  mjtNum R[9] = {x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]};
  mjtNum res[4];
  mju_mat2Quat(res, R);
  const mjtNum oracle[4] = {-0.16996714290024106, 0.867640107906681, -0.43382005395334045,
                            0.17352802158133623};
  // the compiler re-orthonormalizes the frame before converting: allow a few ulps
  for (int i = 0; i < 4; i++) {
    EXPECT_NEAR(res[i], oracle[i], 1e-15);
  }
}

TEST(UtilSpatial, AxisAngleAndVelocity) {
  Rand r(3);
  for (int trial = 0; trial < 50; trial++) {
    mjtNum axis[3], q[4], v[3];
    r.Vec(axis, 3);
    mju_normalize3(axis);
    mjtNum angle = 3.1 * r();  // within (-pi, pi)
    mju_axisAngle2Quat(q, axis, angle);
    // rotating a vector perpendicular to the axis turns it by the angle, about the axis
    mjtNum p[3] = {1, 2, 3}, perp[3], rp[3], c[3];
    mju_cross(perp, axis, p);
    mju_normalize3(perp);
    mju_rotVecQuat(rp, perp, q);
    EXPECT_NEAR(mju_dot3(rp, perp), std::cos(angle), kTol);
    mju_cross(c, perp, rp);
    EXPECT_NEAR(mju_dot3(c, axis), std::sin(angle), kTol);
    // quat2Vel inverts it
    mjtNum dt = 0.01 + std::fabs(r());
    mju_quat2Vel(v, q, dt);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(v[i], axis[i] * angle / dt, kTol / dt);
    }
    // -q is the same rotation: same velocity (the shorter way round)
    mjtNum nq[4] = {-q[0], -q[1], -q[2], -q[3]};
    mju_quat2Vel(v, nq, dt);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(v[i], axis[i] * angle / dt, kTol / dt);
    }
  }
  mjtNum q[4], axis[3] = {0, 0, 1};
  mju_axisAngle2Quat(q, axis, 0);
  EXPECT_EQ(q[0], 1);
  EXPECT_EQ(q[3], 0);
}

TEST(UtilSpatial, SubQuatAndIntegrate) {
  Rand r(4);
  for (int trial = 0; trial < 50; trial++) {
    mjtNum qa[4], qb[4], d[4], v[3];
    r.Quat(qa);
    r.Quat(qb);
    // qb * exp(subQuat(qa, qb)) = qa, with the shortest rotation (angle <= pi)
    mju_subQuat(v, qa, qb);
    EXPECT_LE(mju_norm3(v), mjPI + kTol);
    mju_copy4(d, qb);
    mju_quatIntegrate(d, v, 1);
    ExpectSameRotation(d, qa, kTol);

    // integrating a constant body-frame angular velocity w for time h: q * axisAngle(w, |w| h)
    mjtNum w[3], h = 0.3, axis[3], rot[4], expect[4], q[4];
    r.Vec(w, 3);
    mju_copy3(axis, w);
    mjtNum speed = mju_normalize3(axis);
    mju_axisAngle2Quat(rot, axis, speed * h);
    mju_mulQuat(expect, qa, rot);
    mju_copy4(q, qa);
    mju_quatIntegrate(q, w, h);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(q[i], expect[i], kTol);
    }

    // derivQuat is the time derivative of that motion (central difference, O(eps^2) error)
    mjtNum dq[4], qp[4], qm[4], eps = 1e-5;
    mju_derivQuat(dq, qa, w);
    mju_copy4(qp, qa);
    mju_quatIntegrate(qp, w, eps);
    mju_copy4(qm, qa);
    mju_quatIntegrate(qm, w, -eps);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(dq[i], (qp[i] - qm[i]) / (2 * eps), 1e-9);
    }
  }
  // zero velocity leaves the quaternion unchanged
  mjtNum q[4] = {0.5, 0.5, 0.5, 0.5}, zero[3] = {0, 0, 0};
  mju_quatIntegrate(q, zero, 1);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(q[i], 0.5);
  }
}

TEST(UtilSpatial, QuatZ2Vec) {
  Rand r(5);
  for (int trial = 0; trial < 50; trial++) {
    mjtNum v[3], q[4], z[3] = {0, 0, 1}, rz[3];
    r.Vec(v, 3);
    mju_quatZ2Vec(q, v);
    mju_rotVecQuat(rz, z, q);
    mju_normalize3(v);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(rz[i], v[i], kTol);
    }
  }
  // special directions; reference values: m.geom_quat of world capsules with fromto="VEC 0 0 0"
  // (the compiler aligns the capsule z axis with from - to, computed with this function;
  // mjref MODEL.xml --forward-only --fields m.geom_quat)
  struct Case {
    mjtNum vec[3];
    mjtNum quat[4];
  } cases[] = {
      {{0, 0, -1}, {6.123233995736766e-17, 1, 0, 0}},
      {{0, 0, 1}, {1, 0, 0, 0}},
      {{1, 2, 3}, {0.9491532346616307, -0.28157860306687144, 0.14078930153343572, 0}},
      {{-1, -2, -3}, {0.31481444873347764, 0.8489484615068863, -0.42447423075344315, 0}},
      {{-1, 0, 1e-9}, {0.7071067815401009, 0, -0.7071067808329942, 0}},
  };
  for (const Case& c : cases) {
    mjtNum q[4];
    mju_quatZ2Vec(q, c.vec);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(q[i], c.quat[i], 1e-15);  // same formula, 1 ulp
    }
  }
  mjtNum zero[3] = {0, 0, 0}, q[4];
  mju_quatZ2Vec(q, zero);
  EXPECT_EQ(q[0], 1);
}

TEST(UtilSpatial, Mat2Rot) {
  Rand r(6);
  for (int trial = 0; trial < 30; trial++) {
    // A = R0 S with S symmetric positive definite: the rotation of the polar decomposition is R0
    mjtNum q0[4], R0[9], B[9], S[9], A[9];
    r.Quat(q0);
    mju_quat2Mat(R0, q0);
    r.Vec(B, 9);
    mju_mulMatTMat3(S, B, B);
    for (int i = 0; i < 3; i++) {
      S[4 * i] += 0.5;
    }
    mju_mulMatMat3(A, R0, S);
    mjtNum q[4] = {1, 0, 0, 0};
    int iter = mju_mat2Rot(q, A);
    EXPECT_GT(iter, 0);
    EXPECT_LT(iter, 500);
    ExpectSameRotation(q, q0, 1e-7);  // the iteration stops at |omega| < 1e-9 (relative)
    // already at the answer: converges immediately
    mju_copy4(q, q0);
    mjtNum R[9];
    mju_copy(R, R0, 9);
    EXPECT_LE(mju_mat2Rot(q, R), 1);
    ExpectSameRotation(q, q0, 1e-9);
  }
}

// Reference values: body_quat from <compiler angle="radian" eulerseq="SEQ"/> and
// <body euler="0.3 -0.7 1.1"> / <body euler="2.5 0.1 -3"> (mjref MODEL.xml
// --forward-only --fields m.body_quat).
TEST(UtilSpatial, Euler2QuatMatchesReference) {
  struct Case {
    const char* seq;
    mjtNum q1[4];
    mjtNum q2[4];
  } cases[] = {
      {"xyz",
       {0.8186292656554958, -0.057539988180335414, -0.36242009435522565, 0.4417996722272436},
       {0.06958779755633293, 0.051324551391525364, 0.94653917386023, -0.3107843644775436}},
      {"XYZ",
       {0.7650621793484506, 0.2968915400580633, -0.215672410090385, 0.5291698089444968},
       {-0.02503350541576876, 0.08276469507514167, -0.9443096009660534, -0.3174944194455243}},
      {"zyx",
       {0.7650621793484506, 0.5291698089444968, -0.215672410090385, 0.2968915400580633},
       {-0.02503350541576876, -0.3174944194455243, -0.9443096009660534, 0.08276469507514167}},
      {"ZYX",
       {0.8186292656554958, 0.4417996722272436, -0.36242009435522565, -0.057539988180335414},
       {0.06958779755633293, -0.3107843644775436, 0.94653917386023, 0.051324551391525364}},
      {"xYz",
       {0.7650621793484506, -0.057539988180335414, -0.36242009435522565, 0.5291698089444968},
       {-0.02503350541576876, 0.051324551391525364, 0.94653917386023, -0.3174944194455243}},
      {"XyZ",
       {0.8186292656554958, 0.2968915400580633, -0.215672410090385, 0.4417996722272436},
       {0.06958779755633293, 0.08276469507514167, -0.9443096009660534, -0.3107843644775436}},
      {"zxz",
       {0.7184718803695529, -0.3158297953763279, 0.1335306957605727, 0.6051605165247341},
       {0.9677015334834238, -0.04619586503896251, 0.0190750993257985, -0.24709476872820044}},
      {"ZxZ",
       {0.7184718803695529, -0.2622627090692828, -0.220900832477826, 0.6051605165247341},
       {0.9677015334834238, 0.048425437933139186, -0.012365044357817805, -0.24709476872820044}},
      {"yzY",
       {0.7184718803695529, -0.220900832477826, 0.6051605165247341, -0.2622627090692828},
       {0.9677015334834238, -0.012365044357817805, -0.24709476872820044, 0.048425437933139186}},
  };
  const mjtNum e1[3] = {0.3, -0.7, 1.1}, e2[3] = {2.5, 0.1, -3};
  for (const Case& c : cases) {
    mjtNum q[4];
    mju_euler2Quat(q, e1, c.seq);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(q[i], c.q1[i], 1e-15) << c.seq;  // 1 ulp
    }
    mju_euler2Quat(q, e2, c.seq);
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(q[i], c.q2[i], 1e-15) << c.seq;
    }
  }
}

TEST(UtilSpatial, Euler2QuatComposition) {
  // intrinsic xyz = Rx Ry Rz; extrinsic XYZ = Rz Ry Rx (matrices built by hand)
  mjtNum e[3] = {0.4, -1.2, 2.0}, q[4], R[9], Rx[9], Ry[9], Rz[9], T[9], M[9];
  AxisRotation(Rx, 0, e[0]);
  AxisRotation(Ry, 1, e[1]);
  AxisRotation(Rz, 2, e[2]);
  mju_euler2Quat(q, e, "xyz");
  mju_quat2Mat(R, q);
  mju_mulMatMat3(T, Rx, Ry);
  mju_mulMatMat3(M, T, Rz);
  for (int i = 0; i < 9; i++) {
    EXPECT_NEAR(R[i], M[i], kTol);
  }
  mju_euler2Quat(q, e, "XYZ");
  mju_quat2Mat(R, q);
  mju_mulMatMat3(T, Rz, Ry);
  mju_mulMatMat3(M, T, Rx);
  for (int i = 0; i < 9; i++) {
    EXPECT_NEAR(R[i], M[i], kTol);
  }
}

TEST(UtilSpatial, Euler2QuatBadSequence) {
  motus_test::ScopedErrorCapture capture;
  mjtNum e[3] = {0, 0, 0}, q[4];
  EXPECT_THROW(mju_euler2Quat(q, e, "xyw"), motus_test::MujocoError);
  EXPECT_THROW(mju_euler2Quat(q, e, "xy"), motus_test::MujocoError);
  EXPECT_THROW(mju_euler2Quat(q, e, nullptr), motus_test::MujocoError);
  // a longer sequence is refused too (MuJoCo 3.8.0 checks the length first)
  EXPECT_THROW(mju_euler2Quat(q, e, "xyzx"), motus_test::MujocoError);
  ASSERT_EQ(capture.errors().size(), 4u);
  // MuJoCo 3.8.0's texts
  EXPECT_EQ(capture.errors()[0],
            "mju_euler2Quat: seq[2] is 'w', should be one of x, y, z, X, Y, Z");
  EXPECT_EQ(capture.errors()[1], "mju_euler2Quat: seq must contain exactly 3 characters");
  EXPECT_EQ(capture.errors()[3], "mju_euler2Quat: seq must contain exactly 3 characters");
}

TEST(UtilSpatial, Poses) {
  Rand r(7);
  for (int trial = 0; trial < 30; trial++) {
    mjtNum p1[3], q1[4], p2[3], q2[4], v[3];
    r.Vec(p1, 3);
    r.Quat(q1);
    r.Vec(p2, 3);
    r.Quat(q2);
    r.Vec(v, 3);
    // (a o b)(v) = a(b(v))
    mjtNum p12[3], q12[4], lhs[3], tmp[3], rhs[3];
    mju_mulPose(p12, q12, p1, q1, p2, q2);
    mju_trnVecPose(lhs, p12, q12, v);
    mju_trnVecPose(tmp, p2, q2, v);
    mju_trnVecPose(rhs, p1, q1, tmp);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(lhs[i], rhs[i], kTol);
    }
    // a^-1 o a = identity
    mjtNum pi[3], qi[4], pe[3], qe[4];
    mju_negPose(pi, qi, p1, q1);
    mju_mulPose(pe, qe, pi, qi, p1, q1);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(pe[i], 0, kTol);
    }
    const mjtNum unit[4] = {1, 0, 0, 0};
    ExpectSameRotation(qe, unit, kTol);
    // trnVecPose = pos + R v
    mjtNum R[9], Rv[3];
    mju_quat2Mat(R, q1);
    mju_mulMatVec3(Rv, R, v);
    mju_trnVecPose(lhs, p1, q1, v);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(lhs[i], p1[i] + Rv[i], kTol);
    }
  }
}

TEST(UtilSpatial, TransformSpatial) {
  Rand r(8);
  for (int trial = 0; trial < 30; trial++) {
    // rigid motion: angular velocity w, velocity v0 of the point at the origin (world frame)
    mjtNum w[3], v0[3], oldpos[3], newpos[3], q[4], R[9];
    r.Vec(w, 3);
    r.Vec(v0, 3);
    r.Vec(oldpos, 3);
    r.Vec(newpos, 3);
    r.Quat(q);
    mju_quat2Mat(R, q);  // new frame -> world (old) frame
    // motion vector at oldpos in world coordinates
    mjtNum mot[6], tmp[3];
    mju_copy3(mot, w);
    mju_cross(tmp, w, oldpos);
    mju_add3(mot + 3, v0, tmp);
    // expected: velocity of newpos, both halves expressed in the new frame
    mjtNum vnew[3], expect[6], res[6];
    mju_cross(tmp, w, newpos);
    mju_add3(vnew, v0, tmp);
    mju_mulMatTVec3(expect, R, w);
    mju_mulMatTVec3(expect + 3, R, vnew);
    mju_transformSpatial(res, mot, 0, newpos, oldpos, R);
    for (int i = 0; i < 6; i++) {
      EXPECT_NEAR(res[i], expect[i], kTol);
    }
    // without rotation
    mju_transformSpatial(res, mot, 0, newpos, oldpos, nullptr);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(res[i], w[i], kTol);
      EXPECT_NEAR(res[3 + i], vnew[i], kTol);
    }
    // force (torque about oldpos; force): power f . m is invariant under the change of point/frame
    mjtNum frc[6], frcnew[6], motnew[6];
    r.Vec(frc, 6);
    mju_transformSpatial(frcnew, frc, 1, newpos, oldpos, R);
    mju_transformSpatial(motnew, mot, 0, newpos, oldpos, R);
    EXPECT_NEAR(mju_dot(frcnew, motnew, 6), mju_dot(frc, mot, 6), kTol);
    // force part unchanged apart from rotation; torque about newpos = t - (newpos-oldpos) x f
    mjtNum d[3], torque[3], rt[3];
    mju_sub3(d, newpos, oldpos);
    mju_cross(tmp, d, frc + 3);
    mju_sub3(torque, frc, tmp);
    mju_mulMatTVec3(rt, R, torque);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(frcnew[i], rt[i], kTol);
    }
    // in place
    mju_copy(res, frc, 6);
    mju_transformSpatial(res, res, 1, newpos, oldpos, R);
    for (int i = 0; i < 6; i++) {
      EXPECT_EQ(res[i], frcnew[i]);
    }
  }
}

// 6x6 matrix of the motion cross product v x = [[w] 0; [u] [w]], v = (w; u), built by hand
void CrossMotionMatrix(mjtNum M[36], const mjtNum v[6]) {
  mju_zero(M, 36);
  auto put = [&](int r0, int c0, const mjtNum* s) {
    M[(r0 + 0) * 6 + c0 + 1] = -s[2];
    M[(r0 + 0) * 6 + c0 + 2] = s[1];
    M[(r0 + 1) * 6 + c0 + 0] = s[2];
    M[(r0 + 1) * 6 + c0 + 2] = -s[0];
    M[(r0 + 2) * 6 + c0 + 0] = -s[1];
    M[(r0 + 2) * 6 + c0 + 1] = s[0];
  };
  put(0, 0, v);
  put(3, 3, v);
  put(3, 0, v + 3);
}

TEST(UtilSpatial, CrossProducts) {
  Rand r(9);
  for (int trial = 0; trial < 20; trial++) {
    mjtNum vel[6], m[6], f[6], M[36], res[6], expect[6];
    r.Vec(vel, 6);
    r.Vec(m, 6);
    r.Vec(f, 6);
    CrossMotionMatrix(M, vel);
    mju_crossMotion(res, vel, m);
    mju_mulMatVec(expect, M, m, 6, 6);
    for (int i = 0; i < 6; i++) {
      EXPECT_NEAR(res[i], expect[i], kTol);
    }
    // force cross product is minus the transpose: v x* = -(v x)'
    mju_crossForce(res, vel, f);
    mju_mulMatTVec(expect, M, f, 6, 6);
    for (int i = 0; i < 6; i++) {
      EXPECT_NEAR(res[i], -expect[i], kTol);
    }
    // in place
    mju_copy(expect, m, 6);
    mju_crossMotion(expect, vel, expect);
    mju_crossMotion(res, vel, m);
    for (int i = 0; i < 6; i++) {
      EXPECT_EQ(expect[i], res[i]);
    }
  }
}

// Spatial momentum of a cloud of point masses, compared with mju_mulInertVec on the 10-vector
// inertia of the same cloud computed directly from its definition (about the origin).
TEST(UtilSpatial, MulInertVecMatchesPointMasses) {
  Rand r(10);
  const int npt = 5;
  mjtNum pos[npt][3], mass[npt];
  mjtNum inert[10] = {0};
  for (int k = 0; k < npt; k++) {
    r.Vec(pos[k], 3);
    mass[k] = 1.5 + r();
    const mjtNum* p = pos[k];
    mjtNum m = mass[k];
    // I = sum m (|p|^2 1 - p p'), h = sum m p, mass = sum m
    inert[0] += m * (p[1] * p[1] + p[2] * p[2]);
    inert[1] += m * (p[0] * p[0] + p[2] * p[2]);
    inert[2] += m * (p[0] * p[0] + p[1] * p[1]);
    inert[3] -= m * p[0] * p[1];
    inert[4] -= m * p[0] * p[2];
    inert[5] -= m * p[1] * p[2];
    inert[6] += m * p[0];
    inert[7] += m * p[1];
    inert[8] += m * p[2];
    inert[9] += m;
  }
  mjtNum vel[6];
  r.Vec(vel, 6);
  mjtNum L[3] = {0, 0, 0}, P[3] = {0, 0, 0};
  for (int k = 0; k < npt; k++) {
    mjtNum vp[3], tmp[3];  // velocity of point k: u + w x p
    mju_cross(tmp, vel, pos[k]);
    mju_add3(vp, vel + 3, tmp);
    mju_addToScl3(P, vp, mass[k]);
    mju_cross(tmp, pos[k], vp);
    mju_addToScl3(L, tmp, mass[k]);
  }
  mjtNum res[6];
  mju_mulInertVec(res, inert, vel);
  for (int i = 0; i < 3; i++) {
    EXPECT_NEAR(res[i], L[i], kTol);
    EXPECT_NEAR(res[3 + i], P[i], kTol);
  }
}

TEST(UtilSpatial, DofComAndMulDofVec) {
  // reference: cdof of a hinge with axis z, from a body at pos="0.1 0.2 0.3" with
  // <joint type="hinge" axis="0 0 1" pos="0.05 0 0"/>, <inertial pos="0.3 -0.2 0.1" mass="2" .../>
  // and a child body of mass 1 at pos="0.5 0 0" on a slide joint along y
  // (mjref MODEL.xml --forward-only --fields cdof,subtree_com,xanchor)
  mjtNum axis[3] = {0, 0, 1};
  mjtNum com[3] = {0.4666666666666666, 0.06666666666666667, 0.3666666666666667};
  mjtNum anchor[3] = {0.15000000000000002, 0.2, 0.3};
  mjtNum oracle_hinge[6] = {0, 0, 1, 0.13333333333333336, 0.3166666666666666, 0};
  mjtNum offset[3], res[6];
  mju_sub3(offset, com, anchor);
  mju_dofCom(res, axis, offset);
  for (int i = 0; i < 6; i++) {
    EXPECT_NEAR(res[i], oracle_hinge[i], 1e-15);  // 1 ulp
  }
  mjtNum slide_axis[3] = {0, 1, 0}, oracle_slide[6] = {0, 0, 0, 0, 1, 0};
  mju_dofCom(res, slide_axis, nullptr);
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ(res[i], oracle_slide[i]);
  }

  // mulDofVec combines rows
  Rand r(11);
  mjtNum mat[4 * 6], vec[4];
  r.Vec(mat, 24);
  r.Vec(vec, 4);
  mju_mulDofVec(res, mat, vec, 4);
  for (int k = 0; k < 6; k++) {
    mjtNum s = 0;
    for (int i = 0; i < 4; i++) {
      s += mat[6 * i + k] * vec[i];
    }
    EXPECT_NEAR(res[k], s, kTol);
  }
  mju_mulDofVec(res, mat, vec, 0);
  for (int k = 0; k < 6; k++) {
    EXPECT_EQ(res[k], 0);
  }
}

// ---- analytic derivatives against central finite differences -------------------------------

// perturbation e in the local tangent space: q exp(e)
void Perturb(mjtNum res[4], const mjtNum q[4], int axis, mjtNum eps) {
  mjtNum e[3] = {0, 0, 0};
  e[axis] = eps;
  mju_copy4(res, q);
  mju_quatIntegrate(res, e, 1);
}

// central differences with step 1e-6 have O(1e-12) truncation and O(1e-10) rounding error
constexpr mjtNum kFdEps = 1e-6;
constexpr mjtNum kFdTol = 1e-7;

TEST(UtilSpatial, SubQuatDerivative) {
  Rand r(12);
  for (int trial = 0; trial < 30; trial++) {
    mjtNum qa[4], qb[4];
    r.Quat(qa);
    if (trial < 5) {
      // small differences: exercises the series branch
      mju_copy4(qb, qa);
      mjtNum e[3] = {1e-3 * r(), 1e-3 * r(), 1e-3 * r()};
      mju_quatIntegrate(qb, e, 1);
    } else {
      r.Quat(qb);
    }
    mjtNum v[3];
    mju_subQuat(v, qa, qb);
    if (mju_norm3(v) > mjPI - 1e-3) {
      continue;  // too close to the half turn where the shortest rotation flips
    }
    mjtNum Da[9], Db[9];
    mjd_subQuat(qa, qb, Da, Db);
    for (int j = 0; j < 3; j++) {
      mjtNum qp[4], qm[4], vp[3], vm[3];
      Perturb(qp, qa, j, kFdEps);
      Perturb(qm, qa, j, -kFdEps);
      mju_subQuat(vp, qp, qb);
      mju_subQuat(vm, qm, qb);
      for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(Da[3 * i + j], (vp[i] - vm[i]) / (2 * kFdEps), kFdTol);
      }
      Perturb(qp, qb, j, kFdEps);
      Perturb(qm, qb, j, -kFdEps);
      mju_subQuat(vp, qa, qp);
      mju_subQuat(vm, qa, qm);
      for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(Db[3 * i + j], (vp[i] - vm[i]) / (2 * kFdEps), kFdTol);
      }
    }
  }
  // nullable outputs
  mjtNum q[4] = {1, 0, 0, 0}, D[9];
  mjd_subQuat(q, q, nullptr, D);
  mjd_subQuat(q, q, D, nullptr);
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(D[i], i % 4 == 0 ? 1 : 0);
  }
}

TEST(UtilSpatial, QuatIntegrateDerivative) {
  Rand r(13);
  for (int trial = 0; trial < 30; trial++) {
    mjtNum q[4], vel[3], h = 0.5 + 0.4 * r();
    r.Quat(q);
    r.Vec(vel, 3);
    if (trial < 5) {
      mju_scl3(vel, vel, 1e-3);  // series branch
    }
    mjtNum Dq[9], Dv[9], Dh[3];
    mjd_quatIntegrate(vel, h, Dq, Dv, Dh);
    mjtNum out[4];
    mju_copy4(out, q);
    mju_quatIntegrate(out, vel, h);
    for (int j = 0; j < 3; j++) {
      mjtNum p[4], m[4], dp[3], dm[3];
      // w.r.t. the input quaternion
      Perturb(p, q, j, kFdEps);
      Perturb(m, q, j, -kFdEps);
      mju_quatIntegrate(p, vel, h);
      mju_quatIntegrate(m, vel, h);
      mju_subQuat(dp, p, out);
      mju_subQuat(dm, m, out);
      for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(Dq[3 * i + j], (dp[i] - dm[i]) / (2 * kFdEps), kFdTol);
      }
      // w.r.t. the velocity
      mjtNum vp[3], vm[3];
      mju_copy3(vp, vel);
      mju_copy3(vm, vel);
      vp[j] += kFdEps;
      vm[j] -= kFdEps;
      mju_copy4(p, q);
      mju_copy4(m, q);
      mju_quatIntegrate(p, vp, h);
      mju_quatIntegrate(m, vm, h);
      mju_subQuat(dp, p, out);
      mju_subQuat(dm, m, out);
      // as in MuJoCo 3.8.0, Dvel is the derivative with respect to the scaled velocity
      // vel * scale (the velocity derivative divided by the scale)
      for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(Dv[3 * i + j] * h, (dp[i] - dm[i]) / (2 * kFdEps), kFdTol);
      }
    }
    // w.r.t. the scale
    mjtNum p[4], m[4], dp[3], dm[3];
    mju_copy4(p, q);
    mju_copy4(m, q);
    mju_quatIntegrate(p, vel, h + kFdEps);
    mju_quatIntegrate(m, vel, h - kFdEps);
    mju_subQuat(dp, p, out);
    mju_subQuat(dm, m, out);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(Dh[i], (dp[i] - dm[i]) / (2 * kFdEps), kFdTol);
    }
  }
  mjtNum vel[3] = {1, 2, 3}, D[9];
  mjd_quatIntegrate(vel, 0.1, nullptr, D, nullptr);  // nullable outputs
  mjd_quatIntegrate(vel, 0.1, D, nullptr, nullptr);
}

}  // namespace
