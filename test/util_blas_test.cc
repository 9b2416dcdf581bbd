// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of the dense vector/matrix functions (engine_util_blas): every function against a naive
// loop written independently here.

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"

namespace {

// Products and sums below are evaluated in a different order than the naive reference loops
// (four partial sums, row-oriented accumulation), so results agree to a few ulps of the O(1..10)
// magnitudes involved, not bit for bit.
constexpr mjtNum kTol = 1e-12;

class Rand {
 public:
  explicit Rand(unsigned seed) : gen_(seed), dist_(-1.0, 1.0) {}
  mjtNum operator()() { return dist_(gen_); }
  std::vector<mjtNum> Vec(int n) {
    std::vector<mjtNum> v(n);
    for (auto& x : v) {
      x = (*this)();
    }
    return v;
  }
  // vector with about a third of the entries exactly zero
  std::vector<mjtNum> SparseVec(int n) {
    std::vector<mjtNum> v = Vec(n);
    for (auto& x : v) {
      if ((*this)() < -0.33) {
        x = 0;
      }
    }
    return v;
  }

 private:
  std::mt19937 gen_;
  std::uniform_real_distribution<double> dist_;
};

long double NaiveDot(const mjtNum* a, const mjtNum* b, int n) {
  long double s = 0;
  for (int i = 0; i < n; i++) {
    s += static_cast<long double>(a[i]) * b[i];
  }
  return s;
}

TEST(UtilBlas, Vec3Arithmetic) {
  Rand r(1);
  for (int trial = 0; trial < 20; trial++) {
    std::vector<mjtNum> a = r.Vec(3), b = r.Vec(3), c(3);
    mjtNum s = r();
    mju_add3(c.data(), a.data(), b.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] + b[i]);
    }
    mju_sub3(c.data(), a.data(), b.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] - b[i]);
    }
    mju_scl3(c.data(), a.data(), s);
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] * s);
    }
    mju_copy3(c.data(), a.data());
    mju_addTo3(c.data(), b.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] + b[i]);
    }
    mju_copy3(c.data(), a.data());
    mju_subFrom3(c.data(), b.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] - b[i]);
    }
    mju_copy3(c.data(), a.data());
    mju_addToScl3(c.data(), b.data(), s);
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] + b[i] * s);
    }
    mju_addScl3(c.data(), a.data(), b.data(), s);
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], a[i] + b[i] * s);
    }
    mju_zero3(c.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(c[i], 0);
    }

    EXPECT_NEAR(mju_dot3(a.data(), b.data()), NaiveDot(a.data(), b.data(), 3), kTol);
    EXPECT_NEAR(mju_norm3(a.data()), std::sqrt(NaiveDot(a.data(), a.data(), 3)), kTol);
    mjtNum d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    EXPECT_NEAR(mju_dist3(a.data(), b.data()), std::sqrt(NaiveDot(d, d, 3)), kTol);
  }
}

TEST(UtilBlas, Normalize3And4) {
  mjtNum v[3] = {3, 0, 4};
  EXPECT_DOUBLE_EQ(mju_normalize3(v), 5);
  EXPECT_DOUBLE_EQ(v[0], 0.6);
  EXPECT_DOUBLE_EQ(v[2], 0.8);

  // a vector without direction becomes the x axis; the returned length reveals it
  mjtNum tiny[3] = {1e-17, 0, -1e-17};
  EXPECT_LT(mju_normalize3(tiny), mjMINVAL);
  EXPECT_EQ(tiny[0], 1);
  EXPECT_EQ(tiny[1], 0);
  EXPECT_EQ(tiny[2], 0);

  mjtNum q[4] = {1, 2, 2, 4};
  EXPECT_DOUBLE_EQ(mju_normalize4(q), 5);
  EXPECT_NEAR(mju_dot4(q, q), 1, 1e-15);  // one rounding per component

  mjtNum z[4] = {0, 0, 0, 0};
  mju_normalize4(z);
  EXPECT_EQ(z[0], 1);
  EXPECT_EQ(z[1], 0);

  // a quaternion already within mjMINVAL of unit length is left bit-identical
  mjtNum c = 0.707106781186548;  // |(c, c, 0, 0)| - 1 ~ 4e-16
  mjtNum u[4] = {c, c, 0, 0};
  mju_normalize4(u);
  EXPECT_EQ(u[0], c);
  EXPECT_EQ(u[1], c);
}

TEST(UtilBlas, Mat3AndCross) {
  Rand r(2);
  for (int trial = 0; trial < 20; trial++) {
    std::vector<mjtNum> m = r.Vec(9), v = r.Vec(3), b = r.Vec(3);
    mjtNum res[3];
    mju_mulMatVec3(res, m.data(), v.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(res[i], m[3 * i] * v[0] + m[3 * i + 1] * v[1] + m[3 * i + 2] * v[2], kTol);
    }
    mju_mulMatTVec3(res, m.data(), v.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(res[i], m[i] * v[0] + m[3 + i] * v[1] + m[6 + i] * v[2], kTol);
    }
    // in place
    mjtNum w[3] = {v[0], v[1], v[2]};
    mju_mulMatVec3(w, m.data(), w);
    mju_mulMatVec3(res, m.data(), v.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(w[i], res[i]);
    }

    // cross product: a x b is orthogonal to both, |a x b|^2 = |a|^2 |b|^2 - (a.b)^2, and
    // (a x b) . c = det[a b c]
    mjtNum x[3];
    mju_cross(x, v.data(), b.data());
    EXPECT_NEAR(mju_dot3(x, v.data()), 0, kTol);
    EXPECT_NEAR(mju_dot3(x, b.data()), 0, kTol);
    mjtNum ab = mju_dot3(v.data(), b.data());
    EXPECT_NEAR(mju_dot3(x, x),
                mju_dot3(v.data(), v.data()) * mju_dot3(b.data(), b.data()) - ab * ab, kTol);
    std::vector<mjtNum> c = r.Vec(3);
    mjtNum det = v[0] * (b[1] * c[2] - b[2] * c[1]) - v[1] * (b[0] * c[2] - b[2] * c[0]) +
                 v[2] * (b[0] * c[1] - b[1] * c[0]);
    EXPECT_NEAR(mju_dot3(x, c.data()), det, kTol);
    // aliasing the output with an input
    mjtNum a2[3] = {v[0], v[1], v[2]};
    mju_cross(a2, a2, b.data());
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(a2[i], x[i]);
    }
  }
  mjtNum ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3];
  mju_cross(ez, ex, ey);
  EXPECT_EQ(ez[0], 0);
  EXPECT_EQ(ez[1], 0);
  EXPECT_EQ(ez[2], 1);
}

TEST(UtilBlas, Vec4) {
  mjtNum a[4] = {1, 2, 3, 4}, b[4];
  mju_copy4(b, a);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(b[i], a[i]);
  }
  mju_zero4(b);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(b[i], 0);
  }
  mju_unit4(b);
  EXPECT_EQ(b[0], 1);
  EXPECT_EQ(b[1] + b[2] + b[3], 0);
  EXPECT_EQ(mju_dot4(a, a), 30);
}

TEST(UtilBlas, VecN) {
  Rand r(3);
  for (int n = 0; n <= 13; n++) {  // covers the 4-way unrolled body and every tail length
    std::vector<mjtNum> a = r.Vec(n), b = r.Vec(n), c(n + 1, 7.0);
    mjtNum s = r();
    EXPECT_NEAR(mju_dot(a.data(), b.data(), n), NaiveDot(a.data(), b.data(), n), kTol);
    EXPECT_NEAR(mju_norm(a.data(), n), std::sqrt(NaiveDot(a.data(), a.data(), n)), kTol);
    long double sum = 0, l1 = 0;
    for (int i = 0; i < n; i++) {
      sum += a[i];
      l1 += std::fabs(a[i]);
    }
    EXPECT_NEAR(mju_sum(a.data(), n), sum, kTol);
    EXPECT_NEAR(mju_L1(a.data(), n), l1, kTol);

    mju_add(c.data(), a.data(), b.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] + b[i]);
    }
    EXPECT_EQ(c[n], 7.0);  // nothing written past n
    mju_sub(c.data(), a.data(), b.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] - b[i]);
    }
    mju_scl(c.data(), a.data(), s, n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] * s);
    }
    mju_addScl(c.data(), a.data(), b.data(), s, n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] + b[i] * s);
    }
    mju_copy(c.data(), a.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i]);
    }
    mju_addTo(c.data(), b.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] + b[i]);
    }
    mju_copy(c.data(), a.data(), n);
    mju_subFrom(c.data(), b.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] - b[i]);
    }
    mju_copy(c.data(), a.data(), n);
    mju_addToScl(c.data(), b.data(), s, n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], a[i] + b[i] * s);
    }
    mju_fill(c.data(), s, n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], s);
    }
    mju_zero(c.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(c[i], 0);
    }
    EXPECT_EQ(c[n], 7.0);

    if (n > 0) {
      mju_copy(c.data(), a.data(), n);
      mjtNum len = mju_normalize(c.data(), n);
      EXPECT_NEAR(len, mju_norm(a.data(), n), kTol);
      EXPECT_NEAR(mju_norm(c.data(), n), 1, kTol);
      for (int i = 0; i < n; i++) {
        EXPECT_NEAR(c[i] * len, a[i], kTol);
      }
      mju_zero(c.data(), n);
      mju_normalize(c.data(), n);  // no direction: first basis vector
      EXPECT_EQ(c[0], 1);
      for (int i = 1; i < n; i++) {
        EXPECT_EQ(c[i], 0);
      }
    }
  }
}

// naive reference products
std::vector<mjtNum> NaiveMul(const std::vector<mjtNum>& A, const std::vector<mjtNum>& B, int r,
                             int k, int c) {
  std::vector<mjtNum> out(r * c);
  for (int i = 0; i < r; i++) {
    for (int j = 0; j < c; j++) {
      long double s = 0;
      for (int l = 0; l < k; l++) {
        s += static_cast<long double>(A[i * k + l]) * B[l * c + j];
      }
      out[i * c + j] = s;
    }
  }
  return out;
}

std::vector<mjtNum> NaiveTranspose(const std::vector<mjtNum>& A, int r, int c) {
  std::vector<mjtNum> out(r * c);
  for (int i = 0; i < r; i++) {
    for (int j = 0; j < c; j++) {
      out[j * r + i] = A[i * c + j];
    }
  }
  return out;
}

void ExpectNear(const std::vector<mjtNum>& a, const std::vector<mjtNum>& b, mjtNum tol) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); i++) {
    EXPECT_NEAR(a[i], b[i], tol) << "at " << i;
  }
}

TEST(UtilBlas, MatVec) {
  Rand r(4);
  for (int nr = 1; nr <= 7; nr += 3) {
    for (int nc = 1; nc <= 9; nc += 2) {
      std::vector<mjtNum> m = r.SparseVec(nr * nc), v = r.Vec(nc), w = r.SparseVec(nr);
      std::vector<mjtNum> res(nr), rest(nc);
      mju_mulMatVec(res.data(), m.data(), v.data(), nr, nc);
      ExpectNear(res, NaiveMul(m, v, nr, nc, 1), kTol);
      mju_mulMatTVec(rest.data(), m.data(), w.data(), nr, nc);
      ExpectNear(rest, NaiveMul(NaiveTranspose(m, nr, nc), w, nc, nr, 1), kTol);
    }
  }
  for (int n = 1; n <= 6; n++) {
    std::vector<mjtNum> m = r.Vec(n * n), a = r.Vec(n), b = r.Vec(n);
    std::vector<mjtNum> mb = NaiveMul(m, b, n, n, 1);
    EXPECT_NEAR(mju_mulVecMatVec(a.data(), m.data(), b.data(), n), NaiveDot(a.data(), mb.data(), n),
                kTol);
  }
}

TEST(UtilBlas, TransposeSymmetrizeEye) {
  Rand r(5);
  std::vector<mjtNum> m = r.Vec(12), t(12);
  mju_transpose(t.data(), m.data(), 3, 4);
  ExpectNear(t, NaiveTranspose(m, 3, 4), 0);

  std::vector<mjtNum> s = r.Vec(25), sym(25);
  mju_symmetrize(sym.data(), s.data(), 5);
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5; j++) {
      EXPECT_EQ(sym[i * 5 + j], 0.5 * (s[i * 5 + j] + s[j * 5 + i]));
    }
  }
  std::vector<mjtNum> inplace = s;
  mju_symmetrize(inplace.data(), inplace.data(), 5);
  ExpectNear(inplace, sym, 0);

  std::vector<mjtNum> eye(16, 3.0);
  mju_eye(eye.data(), 4);
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      EXPECT_EQ(eye[i * 4 + j], i == j ? 1 : 0);
    }
  }
}

TEST(UtilBlas, MatMat) {
  Rand r(6);
  const int r1 = 4, c1 = 5, c2 = 3;
  std::vector<mjtNum> A = r.SparseVec(r1 * c1), B = r.Vec(c1 * c2), res(r1 * c2);
  mju_mulMatMat(res.data(), A.data(), B.data(), r1, c1, c2);
  ExpectNear(res, NaiveMul(A, B, r1, c1, c2), kTol);

  // mat1 * mat2' with mat2 given as (c2 x c1)
  std::vector<mjtNum> Bt = NaiveTranspose(B, c1, c2);
  mju_mulMatMatT(res.data(), A.data(), Bt.data(), r1, c1, c2);
  ExpectNear(res, NaiveMul(A, B, r1, c1, c2), kTol);

  // mat1' * mat2 with mat1 given as (c1 x r1)
  std::vector<mjtNum> At = NaiveTranspose(A, r1, c1);
  mju_mulMatTMat(res.data(), At.data(), B.data(), c1, r1, c2);
  ExpectNear(res, NaiveMul(A, B, r1, c1, c2), kTol);
}

TEST(UtilBlas, SqrMatTD) {
  Rand r(7);
  const int nr = 6, nc = 4;
  std::vector<mjtNum> M = r.SparseVec(nr * nc), d = r.SparseVec(nr), res(nc * nc);
  // M' diag(d) M
  std::vector<mjtNum> DM(nr * nc);
  for (int i = 0; i < nr; i++) {
    for (int j = 0; j < nc; j++) {
      DM[i * nc + j] = d[i] * M[i * nc + j];
    }
  }
  mju_sqrMatTD(res.data(), M.data(), d.data(), nr, nc);
  ExpectNear(res, NaiveMul(NaiveTranspose(M, nr, nc), DM, nc, nr, nc), kTol);
  // diag = NULL: M' M
  mju_sqrMatTD(res.data(), M.data(), nullptr, nr, nc);
  ExpectNear(res, NaiveMul(NaiveTranspose(M, nr, nc), M, nc, nr, nc), kTol);
  for (int i = 0; i < nc; i++) {
    for (int j = 0; j < nc; j++) {
      EXPECT_EQ(res[i * nc + j], res[j * nc + i]);
    }
  }
}

TEST(UtilBlas, Mat3Helpers) {
  Rand r(8);
  std::vector<mjtNum> A = r.Vec(9), B = r.Vec(9), res(9);
  mju_mulMatMat3(res.data(), A.data(), B.data());
  ExpectNear(res, NaiveMul(A, B, 3, 3, 3), kTol);
  mju_mulMatTMat3(res.data(), A.data(), B.data());
  ExpectNear(res, NaiveMul(NaiveTranspose(A, 3, 3), B, 3, 3, 3), kTol);
  mju_mulMatMatT3(res.data(), A.data(), B.data());
  ExpectNear(res, NaiveMul(A, NaiveTranspose(B, 3, 3), 3, 3, 3), kTol);
  // in place
  std::vector<mjtNum> C = A;
  mju_mulMatMat3(C.data(), C.data(), B.data());
  ExpectNear(C, NaiveMul(A, B, 3, 3, 3), kTol);
}

}  // namespace
