// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of the decompositions and solvers (engine_util_solve): Cholesky factors reconstruct their
// matrices, updates equal refactoring, band-dense storage agrees with dense computations, mju_eig3
// reconstructs its input and reproduces the reference compiler's principal inertias, and mju_boxQP
// satisfies the KKT conditions and matches an exhaustive active-set search.

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_solve.h"
#include "fixture.h"

namespace {

// Factorizations of well-conditioned (condition number < ~100) O(1) matrices of size <= 12:
// backward error of Cholesky is a few ulps times n times the entry size.
constexpr mjtNum kTol = 1e-11;

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
  // B B' + shift I, symmetric positive definite
  std::vector<mjtNum> Spd(int n, mjtNum shift) {
    std::vector<mjtNum> B = Vec(n * n), A(n * n);
    mju_mulMatMatT(A.data(), B.data(), B.data(), n, n, n);
    for (int i = 0; i < n; i++) {
      A[i * (n + 1)] += shift;
    }
    return A;
  }

 private:
  std::mt19937 gen_;
  std::uniform_real_distribution<double> dist_;
};

// L L' from the lower triangle of a factor
std::vector<mjtNum> LLt(const std::vector<mjtNum>& L, int n) {
  std::vector<mjtNum> A(n * n, 0);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      long double s = 0;
      for (int k = 0; k <= std::min(i, j); k++) {
        s += static_cast<long double>(L[i * n + k]) * L[j * n + k];
      }
      A[i * n + j] = s;
    }
  }
  return A;
}

TEST(UtilSolve, CholFactorReconstructs) {
  Rand r(1);
  for (int n = 1; n <= 12; n++) {
    std::vector<mjtNum> A = r.Spd(n, 1.0), L = A;
    // poison the strict upper triangle: it must be neither read nor written
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        L[i * n + j] = 1e300;
      }
    }
    EXPECT_EQ(mju_cholFactor(L.data(), n, mjMINVAL), n);
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        EXPECT_EQ(L[i * n + j], 1e300);
      }
      EXPECT_GT(L[i * (n + 1)], 0);
    }
    std::vector<mjtNum> R = LLt(L, n);
    for (int i = 0; i < n * n; i++) {
      EXPECT_NEAR(R[i], A[i], kTol) << "n=" << n;
    }

    // solve, also in place
    std::vector<mjtNum> b = r.Vec(n), x(n), Ax(n);
    mju_cholSolve(x.data(), L.data(), b.data(), n);
    mju_mulMatVec(Ax.data(), A.data(), x.data(), n, n);
    for (int i = 0; i < n; i++) {
      EXPECT_NEAR(Ax[i], b[i], kTol);
    }
    std::vector<mjtNum> y = b;
    mju_cholSolve(y.data(), L.data(), y.data(), n);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(y[i], x[i]);
    }
  }
}

TEST(UtilSolve, CholFactorRankDeficient) {
  Rand r(2);
  const int n = 6, k = 4;  // A = B B' with B of rank 4
  std::vector<mjtNum> B = r.Vec(n * k), A(n * n);
  mju_mulMatMatT(A.data(), B.data(), B.data(), n, k, n);
  // the Schur complements of the last two pivots vanish up to rounding (~1e-15), below mindiag
  std::vector<mjtNum> L = A;
  EXPECT_EQ(mju_cholFactor(L.data(), n, 1e-8), k);
  for (int i = 0; i < n; i++) {
    EXPECT_TRUE(std::isfinite(L[i * (n + 1)]));
    EXPECT_GE(L[i * (n + 1)], std::sqrt(1e-8) * (1 - 1e-12));
  }
  // a zero matrix with mindiag = 0 still gives a finite factor and rank 0
  std::vector<mjtNum> Z(9, 0);
  EXPECT_EQ(mju_cholFactor(Z.data(), 3, 0), 0);
  for (mjtNum z : Z) {
    EXPECT_TRUE(std::isfinite(z));
  }
}

TEST(UtilSolve, CholUpdateEqualsRefactoring) {
  Rand r(3);
  for (int n = 1; n <= 9; n++) {
    std::vector<mjtNum> A = r.Spd(n, 2.0), x = r.Vec(n);
    for (int flg_plus = 0; flg_plus <= 1; flg_plus++) {
      // A +/- x x'; for the downdate x is scaled so that A - x x' stays well inside the SPD cone
      std::vector<mjtNum> xs = x;
      if (!flg_plus) {
        mju_scl(xs.data(), x.data(), 0.5, n);
      }
      std::vector<mjtNum> A2 = A;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          A2[i * n + j] += (flg_plus ? 1 : -1) * xs[i] * xs[j];
        }
      }
      std::vector<mjtNum> L = A, L2 = A2, work = xs;
      mju_cholFactor(L.data(), n, mjMINVAL);
      mju_cholFactor(L2.data(), n, mjMINVAL);
      EXPECT_EQ(mju_cholUpdate(L.data(), work.data(), n, flg_plus), n);
      for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++) {
          EXPECT_NEAR(L[i * n + j], L2[i * n + j], kTol);
        }
      }
    }
  }
  // a downdate that destroys definiteness lowers the rank
  mjtNum L[1] = {1}, x[1] = {2};
  EXPECT_EQ(mju_cholUpdate(L, x, 1, 0), 0);
  EXPECT_TRUE(std::isfinite(L[0]));
}

// ---- band-dense -------------------------------------------------------------------------------

// random symmetric positive definite arrowhead matrix (dense storage): band of nband diagonals
// (inclusive) in the first ntotal-ndense rows/columns, dense last ndense rows/columns
std::vector<mjtNum> Arrowhead(Rand& r, int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  std::vector<mjtNum> A(ntotal * ntotal, 0);
  for (int i = 0; i < ntotal; i++) {
    for (int j = 0; j <= i; j++) {
      bool stored = i >= nsparse || i - j < nband;
      if (stored) {
        mjtNum v = i == j ? ntotal + 1.0 + r() : r();  // diagonally dominant
        A[i * ntotal + j] = v;
        A[j * ntotal + i] = v;
      }
    }
  }
  return A;
}

struct BandShape {
  int ntotal, nband, ndense;
};
const BandShape kShapes[] = {{8, 3, 2}, {10, 1, 0}, {7, 7, 0}, {6, 2, 6}, {9, 4, 1},
                             {5, 9, 2}, {12, 2, 3}, {1, 1, 0}, {1, 1, 1}};

TEST(UtilSolve, BandLayoutMatchesApiReference) {
  // the example of the API reference (nband 3, ndense 2, ntotal 8): storage index of each element
  const int ntotal = 8, nband = 3, ndense = 2;
  ASSERT_EQ(mju_bandSize(ntotal, nband, ndense), 34);
  const int diag[8] = {2, 5, 8, 11, 14, 17, 24, 33};
  for (int i = 0; i < ntotal; i++) {
    EXPECT_EQ(mju_bandDiag(i, ntotal, nband, ndense), diag[i]);
  }
  std::vector<mjtNum> band(34), dense(64);
  for (int k = 0; k < 34; k++) {
    band[k] = k;
  }
  mju_band2Dense(dense.data(), band.data(), ntotal, nband, ndense, 0);
  auto at = [&](int i, int j) { return dense[i * ntotal + j]; };
  EXPECT_EQ(at(1, 0), 4);
  EXPECT_EQ(at(2, 0), 6);
  EXPECT_EQ(at(2, 1), 7);
  EXPECT_EQ(at(3, 1), 9);
  EXPECT_EQ(at(5, 3), 15);
  EXPECT_EQ(at(6, 0), 18);
  EXPECT_EQ(at(6, 5), 23);
  EXPECT_EQ(at(7, 0), 26);
  EXPECT_EQ(at(7, 6), 32);
  EXPECT_EQ(at(3, 0), 0);  // outside the band
  EXPECT_EQ(at(0, 1), 0);  // upper triangle not filled without flg_sym
  EXPECT_EQ(at(6, 7), 0);  // element 25 is storage only
  mju_band2Dense(dense.data(), band.data(), ntotal, nband, ndense, 1);
  EXPECT_EQ(at(0, 1), 4);
  EXPECT_EQ(at(6, 7), 32);
}

TEST(UtilSolve, BandConversionsAndProducts) {
  Rand r(4);
  for (const BandShape& s : kShapes) {
    int n = s.ntotal;
    std::vector<mjtNum> A = Arrowhead(r, n, s.nband, s.ndense);
    std::vector<mjtNum> band(mju_bandSize(n, s.nband, s.ndense)), back(n * n);
    mju_dense2Band(band.data(), A.data(), n, s.nband, s.ndense);
    mju_band2Dense(back.data(), band.data(), n, s.nband, s.ndense, 1);
    for (int i = 0; i < n * n; i++) {
      EXPECT_EQ(back[i], A[i]);
    }
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(band[mju_bandDiag(i, n, s.nband, s.ndense)], A[i * (n + 1)]);
    }

    // products with two vectors, symmetric and lower-triangle-only
    const int nvec = 2;
    std::vector<mjtNum> x = r.Vec(n * nvec), y(n * nvec), expect(n);
    std::vector<mjtNum> lower = A;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        lower[i * n + j] = 0;
      }
    }
    for (int flg_sym = 0; flg_sym <= 1; flg_sym++) {
      mju_bandMulMatVec(y.data(), band.data(), x.data(), n, s.nband, s.ndense, nvec, flg_sym);
      for (int v = 0; v < nvec; v++) {
        mju_mulMatVec(expect.data(), flg_sym ? A.data() : lower.data(), x.data() + v * n, n, n);
        for (int i = 0; i < n; i++) {
          EXPECT_NEAR(y[v * n + i], expect[i], kTol);
        }
      }
    }
  }
}

TEST(UtilSolve, BandCholeskyMatchesDense) {
  Rand r(5);
  for (const BandShape& s : kShapes) {
    int n = s.ntotal;
    std::vector<mjtNum> A = Arrowhead(r, n, s.nband, s.ndense);
    std::vector<mjtNum> band(mju_bandSize(n, s.nband, s.ndense));
    mju_dense2Band(band.data(), A.data(), n, s.nband, s.ndense);
    const mjtNum diagadd = 0.25, diagmul = 0.1;

    // dense reference: same diagonal modification, then dense Cholesky
    std::vector<mjtNum> L = A;
    for (int i = 0; i < n; i++) {
      L[i * (n + 1)] += diagadd + diagmul * A[i * (n + 1)];
    }
    ASSERT_EQ(mju_cholFactor(L.data(), n, mjMINVAL), n);

    mjtNum mindiag = mju_cholFactorBand(band.data(), n, s.nband, s.ndense, diagadd, diagmul);
    std::vector<mjtNum> Lb(n * n);
    mju_band2Dense(Lb.data(), band.data(), n, s.nband, s.ndense, 0);
    mjtNum expect_min = 1e300;
    for (int i = 0; i < n; i++) {
      expect_min = std::min(expect_min, L[i * (n + 1)]);
      for (int j = 0; j <= i; j++) {
        EXPECT_NEAR(Lb[i * n + j], L[i * n + j], kTol);
      }
    }
    EXPECT_NEAR(mindiag, expect_min, kTol);

    // solve (A + diag) x = b with the band factor, in place too
    std::vector<mjtNum> b = r.Vec(n), x(n), Ax(n);
    mju_cholSolveBand(x.data(), band.data(), b.data(), n, s.nband, s.ndense);
    std::vector<mjtNum> Am = A;
    for (int i = 0; i < n; i++) {
      Am[i * (n + 1)] += diagadd + diagmul * A[i * (n + 1)];
    }
    mju_mulMatVec(Ax.data(), Am.data(), x.data(), n, n);
    for (int i = 0; i < n; i++) {
      EXPECT_NEAR(Ax[i], b[i], kTol);
    }
    std::vector<mjtNum> y = b;
    mju_cholSolveBand(y.data(), band.data(), y.data(), n, s.nband, s.ndense);
    for (int i = 0; i < n; i++) {
      EXPECT_EQ(y[i], x[i]);
    }
  }
}

TEST(UtilSolve, BandCholeskyRankDeficient) {
  // singular tridiagonal [1 1 0; 1 1 0; 0 0 1]: the second pivot is 0
  const int n = 3, nband = 2, ndense = 0;
  mjtNum A[9] = {1, 1, 0, 1, 1, 0, 0, 0, 1};
  std::vector<mjtNum> band(mju_bandSize(n, nband, ndense));
  mju_dense2Band(band.data(), A, n, nband, ndense);
  EXPECT_EQ(mju_cholFactorBand(band.data(), n, nband, ndense, 0, 0), 0);
}

TEST(UtilSolve, BandRejectsInvalidShape) {
  motus_test::ScopedErrorCapture capture;
  mjtNum mat[16] = {0}, vec[4] = {0}, res[16];
  EXPECT_THROW(mju_cholFactorBand(mat, 4, 0, 1, 0, 0), motus_test::MujocoError);
  EXPECT_THROW(mju_cholSolveBand(res, mat, vec, 4, 2, 5), motus_test::MujocoError);
  EXPECT_THROW(mju_band2Dense(res, mat, 4, 2, -1, 0), motus_test::MujocoError);
  EXPECT_THROW(mju_dense2Band(res, mat, 4, -1, 0), motus_test::MujocoError);
  EXPECT_THROW(mju_bandMulMatVec(res, mat, vec, 4, 0, 0, 1, 1), motus_test::MujocoError);
  ASSERT_FALSE(capture.errors().empty());
  EXPECT_NE(capture.errors().back().find("nband"), std::string::npos);
}

// MuJoCo 3.8.0 (checked with a program linked against the kit): nband = 0 stores only the dense
// rows, and slots outside the matrix keep their contents
TEST(UtilSolve, Dense2BandWritesOnlyThePattern) {
  const mjtNum mat[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  mjtNum res[9];
  std::fill(res, res + 9, -1);
  mju_dense2Band(res, mat, 3, 0, 0);
  EXPECT_EQ(res[0], -1);
  mju_dense2Band(res, mat, 3, 0, 3);
  const mjtNum dense[9] = {1, -1, -1, 4, 5, -1, 7, 8, 9};
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(res[i], dense[i]) << i;
  }
  std::fill(res, res + 9, -1);
  mju_dense2Band(res, mat, 3, 2, 1);
  const mjtNum band[9] = {-1, 1, 4, 5, 7, 8, 9, -1, -1};
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(res[i], band[i]) << i;
  }
}

// ---- eig3 -------------------------------------------------------------------------------------

void FullInertia(mjtNum mat[9], const mjtNum f[6]) {
  // fullinertia = (ixx, iyy, izz, ixy, ixz, iyz)
  mjtNum m[9] = {f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2]};
  mju_copy(mat, m, 9);
}

TEST(UtilSolve, Eig3Reconstructs) {
  Rand r(6);
  for (int trial = 0; trial < 200; trial++) {
    mjtNum B[9], A[9];
    for (mjtNum& b : B) {
      b = r();
    }
    mju_mulMatMatT3(A, B, B);  // symmetric positive semidefinite
    if (trial % 10 == 0) {
      A[1] = A[2] = A[3] = A[5] = A[6] = A[7] = 0;  // already diagonal
    }
    mjtNum eigval[3], eigvec[9], quat[4];
    int iter = mju_eig3(eigval, eigvec, quat, A);
    EXPECT_LT(iter, 500);
    // eigvec = R(quat), orthonormal
    mjtNum R[9], VtV[9];
    mju_quat2Mat(R, quat);
    for (int i = 0; i < 9; i++) {
      EXPECT_NEAR(eigvec[i], R[i], 1e-15);  // same function
    }
    mju_mulMatTMat3(VtV, eigvec, eigvec);
    for (int i = 0; i < 9; i++) {
      EXPECT_NEAR(VtV[i], i % 4 == 0 ? 1 : 0, 1e-12);
    }
    // A = V diag(eigval) V'
    mjtNum VD[9], rec[9];
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        VD[3 * i + j] = eigvec[3 * i + j] * eigval[j];
      }
    }
    mju_mulMatMatT3(rec, VD, eigvec);
    // The Jacobi loop also stops once the next rotation would be smaller than ~1.4e-6 rad
    // (cos > 1 - 1e-12): the reference's criterion, needed to reproduce its results (without it
    // 14 of 40 random oracle cases differ). That leaves off-diagonal residuals up to about
    // 1.4e-6 times the eigenvalue gap, so the reconstruction is accurate to ~1e-6 relative.
    mjtNum scale = std::fabs(eigval[0]) + 1e-12;
    for (int i = 0; i < 9; i++) {
      EXPECT_NEAR(rec[i], A[i], 3e-6 * scale);
    }
    // and the reconstruction of the D = V'AV diagonal part is exact up to rounding: V' A V has
    // the eigenvalues on its diagonal
    mjtNum T[9], D[9];
    mju_mulMatTMat3(T, eigvec, A);
    mju_mulMatMat3(D, T, eigvec);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(D[4 * i], eigval[i], 1e-12);
    }
    // decreasing order (ties within the 1e-12 sorting tolerance)
    EXPECT_GE(eigval[0] + 1e-12, eigval[1]);
    EXPECT_GE(eigval[1] + 1e-12, eigval[2]);
  }
}

// body_inertia / body_iquat of bodies with <inertial pos="0 0 0" mass="1" fullinertia="..."/>:
// eigenvalues in decreasing order and the rotation whose columns are the eigenvectors, as the
// reference compiler computes them with mju_eig3. Includes diagonal inputs in every order, equal
// eigenvalues (2,2,2), double eigenvalues (1,1,1.5) in arbitrary rotated frames, pairs closer than
// the 1e-12 sorting tolerance, and pairs just above it. Captured from MuJoCo 3.3.8 with
//   mjref MODEL.xml --forward-only --fields m.body_inertia,m.body_iquat
// where MODEL.xml has one body per case, <body><freejoint/><inertial pos="0 0 0" mass="1"
// fullinertia="FULL"/></body>, FULL being the first column printed with 17 significant digits.
struct EigCase {
  mjtNum full[6];
  mjtNum inertia[3];
  mjtNum iquat[4];
};
const EigCase kEigCases[] = {
    {{1.0, 2.0, 3.0, 0.0, 0.0, 0.0},
     {3.0, 2.0, 1.0},
     {0.0, 0.7071067811865489, 0.0, 0.7071067811865489}},
    {{3.0, 2.0, 1.0, 0.0, 0.0, 0.0}, {3.0, 2.0, 1.0}, {1.0, 0.0, 0.0, 0.0}},
    {{2.0, 3.0, 1.0, 0.0, 0.0, 0.0},
     {3.0, 2.0, 1.0},
     {0.707106781186548, 0.0, 0.0, 0.707106781186548}},
    {{2.0, 2.0, 2.0, 0.0, 0.0, 0.0}, {2.0, 2.0, 2.0}, {1.0, 0.0, 0.0, 0.0}},
    {{2.0, 2.0, 3.0, 0.5, 0.0, 0.0},
     {3.0, 2.5000000000000004, 1.5},
     {0.2705980500730991, 0.6532814824381896, -0.2705980500730991, 0.6532814824381896}},
    {{2.0, 2.5, 3.0, 0.1, 0.2, 0.3},
     {3.1827601656659157, 2.359564977158295, 1.9576748571757892},
     {0.17295088417164312, 0.750295756714762, 0.13475502845376242, 0.6236869017596083}},
    {{1.0, 1.0, 1.5, 0.0, 0.0, 0.0},
     {1.5, 1.0, 1.0},
     {0.5000000000000007, 0.5000000000000007, -0.5000000000000007, 0.5000000000000007}},
    {{1.5, 1.0, 1.0, 0.0, 0.0, 0.0}, {1.5, 1.0, 1.0}, {1.0, 0.0, 0.0, 0.0}},
    {{1.0960265021319007, 1.23558734431207, 1.1683861535560292, -0.15040820662727078,
      0.12715947991962934, -0.1991724045524113},
     {1.5, 1.0, 0.9999999999999999},
     {0.49768357114687944, -0.18218617075137622, 0.29151096163146717, 0.7963294679001514}},
    {{1.4938962512121983, 1.698997271233371, 1.2071064775544333, -0.3829535577333154,
      -0.045700843674612524, 0.059549247751277824},
     {2.000000000000001, 1.2000000000000008, 1.2000000000000006},
     {0.44176260139834594, 0.04231310670472957, -0.02086454174755401, 0.895890660686016}},
    {{1.233546918582297, 1.0610662279878258, 1.0944909628867638, -0.0059979213589050895,
      0.07900090024137402, 0.19781864000924643},
     {1.3156412888538955, 1.2036035716732456, 0.8698592489297451},
     {0.8327734099135904, 0.31564030866058235, -0.24212294429182954, 0.3850144453614719}},
    {{1.788216497319984, 1.5627131735176256, 0.9115828828559887, 0.15642904377574135,
      0.21763685935065363, -0.2863013085309309},
     {1.8745180577128282, 1.648588177443517, 0.7394063185372528},
     {0.95910745641475, -0.20346719986895567, -0.08815834383648737, 0.17590364418943225}},
    {{1.6972554348939781, 1.485133205482935, 1.2176113596230864, 0.376542210243594,
      -0.09358068330832064, -0.07086313161470806},
     {2.0000000000000004, 1.2000000000000004, 1.2000000000000002},
     {0.9453238711868776, -0.02368773103895887, 0.07051998578755887, 0.31753519736716473}},
    {{1.4237506314998507, 1.293056186085244, 0.9159433733976999, -0.00450699420701841,
      0.22808770708006382, 0.10721085487113038},
     {1.5167457158758884, 1.3088352033062167, 0.8071692718006909},
     {0.9740770356659169, 0.08679118361102392, -0.1838092271749786, 0.09927430201736505}},
    {{0.775213014305573, 1.0159800108251373, 0.9477093094282866, -0.005467537682692123,
      0.07175841513227305, -0.042354708674068715},
     {1.0417849020835757, 0.948183346780801, 0.7489340856946184},
     {0.5057540604504959, 0.410109883660598, 0.7105199617414961, 0.26680348129024156}},
    {{1.4053521943149248, 1.6195748562305594, 1.3750729494545146, 0.2935312886325998,
      0.18960910931616842, 0.2710280568451139},
     {1.9999999999999993, 1.1999999999999997, 1.1999999999999995},
     {0.8607723301205408, 0.11132848694336425, -0.2137522445096889, 0.4483156718884893}},
    {{1.0066482693574372, 1.281090350813302, 1.2122613798292585, 0.04322920732541319,
      0.03756555373325879, 0.24426343508663362},
     {1.4999999999999996, 0.9999999999999994, 0.9999999999999999},
     {0.6994947795909429, 0.26146197146628364, -0.2328659662963668, 0.6229912780632193}},
    {{1.2253841035710031, 1.951825162373104, 1.2227907340558928, -0.1381463274537729,
      0.02405249163255163, -0.130899378654651},
     {1.9999999999999984, 1.1999999999999997, 1.2},
     {0.6377305394717464, -0.06507683164559973, 0.05420858236395184, 0.7655887894987344}},
    {{1.0094854272943723, 1.2012865891580011, 1.2892279835476268, -0.04369541516898939,
      -0.05237796301345478, 0.24128347290551894},
     {1.4999999999999996, 0.9999999999999999, 1.0},
     {0.5946901400933914, 0.27834560273457093, -0.31973076249788973, 0.683110241634944}},
    {{1.0143291597345865, 1.3643042230482305, 1.121366617217183, 0.07225076749794765,
      -0.04170229783299023, -0.21027213602685885},
     {1.500000000000001, 1.0000000000000004, 1.0000000000000007},
     {0.7385782858327413, -0.19785337242580694, 0.16676622380958697, 0.6225312725577702}},
    {{1.1814037169679736, 1.0296377235125838, 1.2889585595194406, 0.07332389247477186,
      0.22895011846805907, 0.09254228165347883},
     {1.4999999999999991, 0.9999999999999994, 0.9999999999999996},
     {0.6695449210575218, 0.5940345874569781, -0.22739744652497368, 0.38356604242922654}},
    {{0.001, 0.001000000001, 0.0015, 0.0, 0.0, 0.0},
     {0.0015, 0.001, 0.001000000001},
     {0.5000000000000007, 0.5000000000000007, -0.5000000000000007, 0.5000000000000007}},
    {{0.001, 0.00100000001, 0.0015, 0.0, 0.0, 0.0},
     {0.0015, 0.00100000001, 0.001},
     {0.0, 0.7071067811865489, 0.0, 0.7071067811865489}},
    {{1.0, 1.000000000001, 1.5, 0.0, 0.0, 0.0},
     {1.5, 1.0, 1.000000000001},
     {0.5000000000000007, 0.5000000000000007, -0.5000000000000007, 0.5000000000000007}},
    {{1.0, 1.00000000001, 1.5, 0.0, 0.0, 0.0},
     {1.5, 1.00000000001, 1.0},
     {0.0, 0.7071067811865489, 0.0, 0.7071067811865489}},
};

TEST(UtilSolve, Eig3MatchesOracle) {
  for (const EigCase& c : kEigCases) {
    mjtNum mat[9], eigval[3], eigvec[9], quat[4];
    FullInertia(mat, c.full);
    mju_eig3Sorted(eigval, eigvec, quat, mat, 0);  // the compiler's variant
    // The algorithm reproduces the reference bit for bit on x86-64; 1e-14 only allows for
    // platforms that fuse multiply-adds. A different convention (eigenvector signs, ordering of
    // near-equal eigenvalues, Jacobi pivoting) shows up as O(1) differences in the quaternion.
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(eigval[i], c.inertia[i], 1e-14) << "case " << (&c - kEigCases);
    }
    for (int i = 0; i < 4; i++) {
      EXPECT_NEAR(quat[i], c.iquat[i], 1e-14) << "case " << (&c - kEigCases);
    }
  }
}

// mju_eig3 at run time renormalizes the quaternion after each sorting turn (unlike the compiler's
// principal frames above): eigenvectors of diagonal inputs come out of unit length, so that a
// projection on them (the broad phase's sweep axis) does not scale positions. Outputs of MuJoCo
// 3.8.0's mju_eig3 on these matrices, printed with 17 digits.
struct RuntimeEigCase {
  mjtNum mat[9];
  mjtNum quat[4];
};
const RuntimeEigCase kRuntimeEigCases[] = {
    {{0, 0, 0, 0, 0, 0, 0, 0, 0.01}, {0.5, 0.5, -0.5, 0.5}},
    {{0, 0, 0, 0, 0.01, 0, 0, 0, 0}, {0.70710678118654802, 0, 0, 0.70710678118654802}},
    {{0, 0, 0, 0, 0.01, 0, 0, 0, 0.02}, {0, 0.70710678118654802, 0, 0.70710678118654802}},
    {{0.01, 0, 0, 0, 0.03, 0, 0, 0, 0.02}, {0.5, 0.5, 0.5, 0.5}},
    {{1, 0.2, 0.1, 0.2, 2, 0.3, 0.1, 0.3, 0.5},
     {0.77148971501282637, 0.032072794453330167, -0.098629879664665104, 0.62773171205756118}},
    {{0.5, 0.2, 0.1, 0.2, 2, 0.3, 0.1, 0.3, 3},
     {0.14174135069877225, 0.71345175882262823, 0.056435313100669737, 0.68389402159268575}},
    {{3, 0, 0, 0, 1, 0.3, 0, 0.3, 2}, {0.79590627020265814, 0.60541986179187635, 0, 0}},
};

TEST(UtilSolve, Eig3RuntimeMatchesMuJoCo) {
  for (const RuntimeEigCase& c : kRuntimeEigCases) {
    mjtNum eigval[3], eigvec[9], quat[4];
    mju_eig3(eigval, eigvec, quat, c.mat);
    for (int i = 0; i < 4; i++) {
      EXPECT_EQ(quat[i], c.quat[i]) << "case " << (&c - kRuntimeEigCases);  // bit for bit on x86-64
    }
  }
  // the sweep axis of a column of bodies along z: exactly (0, 0, 1)
  mjtNum eigval[3], eigvec[9], quat[4];
  mju_eig3(eigval, eigvec, quat, kRuntimeEigCases[0].mat);
  EXPECT_EQ(eigvec[6], 1.0);
}

// ---- boxQP ------------------------------------------------------------------------------------

mjtNum Objective(const std::vector<mjtNum>& H, const std::vector<mjtNum>& g, const mjtNum* x,
                 int n) {
  return 0.5 * mju_mulVecMatVec(x, H.data(), x, n) + mju_dot(g.data(), x, n);
}

// Global minimum by enumerating every assignment of each coordinate to {lower, free, upper}
// (3^n cases): solve the equality-constrained problem on the free set and keep the best feasible
// point. Independent of the projected Newton iteration.
mjtNum BruteForceMin(const std::vector<mjtNum>& H, const std::vector<mjtNum>& g,
                     const std::vector<mjtNum>& lo, const std::vector<mjtNum>& hi, int n) {
  mjtNum best = 1e300;
  int ncase = 1;
  for (int i = 0; i < n; i++) {
    ncase *= 3;
  }
  for (int c = 0; c < ncase; c++) {
    std::vector<int> state(n);
    int code = c;
    for (int i = 0; i < n; i++) {
      state[i] = code % 3;
      code /= 3;
    }
    std::vector<mjtNum> x(n, 0);
    std::vector<int> freeidx;
    for (int i = 0; i < n; i++) {
      if (state[i] == 0) {
        x[i] = lo[i];
      } else if (state[i] == 2) {
        x[i] = hi[i];
      } else {
        freeidx.push_back(i);
      }
    }
    int nf = freeidx.size();
    if (nf) {
      // H_ff x_f = -(g_f + H_fc x_c)
      std::vector<mjtNum> Hf(nf * nf), rhs(nf);
      for (int a = 0; a < nf; a++) {
        int i = freeidx[a];
        rhs[a] = -g[i];
        for (int j = 0; j < n; j++) {
          if (state[j] != 1) {
            rhs[a] -= H[i * n + j] * x[j];
          }
        }
        for (int b = 0; b < nf; b++) {
          Hf[a * nf + b] = H[i * n + freeidx[b]];
        }
      }
      mju_cholFactor(Hf.data(), nf, mjMINVAL);
      mju_cholSolve(rhs.data(), Hf.data(), rhs.data(), nf);
      bool feasible = true;
      for (int a = 0; a < nf; a++) {
        x[freeidx[a]] = rhs[a];
        feasible = feasible && rhs[a] >= lo[freeidx[a]] && rhs[a] <= hi[freeidx[a]];
      }
      if (!feasible) {
        continue;
      }
    }
    best = std::min(best, Objective(H, g, x.data(), n));
  }
  return best;
}

TEST(UtilSolve, BoxQPMeetsKKT) {
  Rand r(7);
  for (int trial = 0; trial < 200; trial++) {
    int n = 1 + trial % 6;
    std::vector<mjtNum> H = r.Spd(n, 0.1), g = r.Vec(n), lo(n), hi(n);
    for (auto& v : g) {
      v *= 3;
    }
    for (int i = 0; i < n; i++) {
      lo[i] = -0.5 - 0.5 * std::fabs(r());
      hi[i] = 0.5 + 0.5 * std::fabs(r());
    }
    // only the lower triangle of H may be read: poison the upper one in the copy we pass
    std::vector<mjtNum> Hlow = H;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        Hlow[i * n + j] = 1e300;
      }
    }
    std::vector<mjtNum> x(n, 0), R(n * (n + 7));
    std::vector<int> index(n, -1);
    if (trial % 3 == 1) {
      x = r.Vec(n);  // warm start, possibly infeasible
    }
    int nfree =
        mju_boxQP(x.data(), R.data(), index.data(), Hlow.data(), g.data(), n, lo.data(), hi.data());
    ASSERT_GE(nfree, 0);

    // KKT: gradient zero on free coordinates, pointing outward on active bounds
    std::vector<mjtNum> grad(n);
    mju_mulMatVec(grad.data(), H.data(), x.data(), n, n);
    mju_addTo(grad.data(), g.data(), n);
    int count_free = 0;
    for (int i = 0; i < n; i++) {
      EXPECT_GE(x[i], lo[i]);
      EXPECT_LE(x[i], hi[i]);
      bool at_lo = x[i] == lo[i] && grad[i] > 0;
      bool at_hi = x[i] == hi[i] && grad[i] < 0;
      if (!at_lo && !at_hi) {
        EXPECT_NEAR(grad[i], 0, 1e-8) << "trial " << trial;  // solver stops at |grad_f| < 1e-8
        EXPECT_EQ(index[count_free], i);
        count_free++;
      }
    }
    EXPECT_EQ(nfree, count_free);

    // R is the Cholesky factor of H restricted to the free set
    std::vector<mjtNum> Rf(R.begin(), R.begin() + nfree * nfree);
    std::vector<mjtNum> HH = LLt(Rf, nfree);
    for (int a = 0; a < nfree; a++) {
      for (int b = 0; b <= a; b++) {
        EXPECT_NEAR(HH[a * nfree + b], H[index[a] * n + index[b]], kTol);
      }
    }

    // global optimum
    EXPECT_NEAR(Objective(H, g, x.data(), n), BruteForceMin(H, g, lo, hi, n), 1e-9);
  }
}

TEST(UtilSolve, BoxQPUnboundedAndOneSided) {
  Rand r(8);
  const int n = 5;
  std::vector<mjtNum> H = r.Spd(n, 0.5), g = r.Vec(n), x(n, 0), R(n * (n + 7));
  // no bounds: the Newton solution -H^-1 g
  EXPECT_EQ(mju_boxQP(x.data(), R.data(), nullptr, H.data(), g.data(), n, nullptr, nullptr), n);
  std::vector<mjtNum> L = H, expect(n), mg(n);
  mju_scl(mg.data(), g.data(), -1, n);
  mju_cholFactor(L.data(), n, mjMINVAL);
  mju_cholSolve(expect.data(), L.data(), mg.data(), n);
  for (int i = 0; i < n; i++) {
    EXPECT_NEAR(x[i], expect[i], 1e-10);
  }

  // lower bounds only, above the unconstrained optimum so that some of them are active: check the
  // KKT conditions (the upper side is unbounded)
  std::vector<mjtNum> lo(n);
  for (int i = 0; i < n; i++) {
    lo[i] = expect[i] + 0.1;
  }
  mju_zero(x.data(), n);
  int nfree = mju_boxQP(x.data(), R.data(), nullptr, H.data(), g.data(), n, lo.data(), nullptr);
  ASSERT_GE(nfree, 0);
  std::vector<mjtNum> grad(n);
  mju_mulMatVec(grad.data(), H.data(), x.data(), n, n);
  mju_addTo(grad.data(), g.data(), n);
  for (int i = 0; i < n; i++) {
    EXPECT_GE(x[i], lo[i]);
    if (x[i] > lo[i]) {
      EXPECT_NEAR(grad[i], 0, 1e-8);
    } else {
      EXPECT_GE(grad[i], -1e-8);
    }
  }
}

TEST(UtilSolve, BoxQPRejectsIndefinite) {
  const int n = 2;
  mjtNum H[4] = {-1, 0, 0, 1}, g[2] = {0.1, 0.1}, x[2] = {0, 0}, R[n * (n + 7)];
  mjtNum lo[2] = {-1, -1}, hi[2] = {1, 1};
  EXPECT_EQ(mju_boxQP(x, R, nullptr, H, g, n, lo, hi), -1);
}

TEST(UtilSolve, BoxQPMalloc) {
  const int n = 4;
  mjtNum *res, *R, *H, *g, *lower, *upper;
  int* index;
  mju_boxQPmalloc(&res, &R, &index, &H, &g, n, &lower, &upper);
  ASSERT_NE(res, nullptr);
  ASSERT_NE(R, nullptr);
  ASSERT_NE(index, nullptr);
  ASSERT_NE(H, nullptr);
  ASSERT_NE(g, nullptr);
  ASSERT_NE(lower, nullptr);
  ASSERT_NE(upper, nullptr);
  // use the buffers at their documented sizes (ASan checks the bounds)
  mju_eye(H, n);
  for (int i = 0; i < n; i++) {
    g[i] = 0.3 * (i - 1.5);  // optimum -g lies inside the box
    res[i] = 0;
    lower[i] = -1;
    upper[i] = 1;
  }
  mju_zero(R, n * (n + 7));
  EXPECT_EQ(mju_boxQP(res, R, index, H, g, n, lower, upper), n);
  for (int i = 0; i < n; i++) {
    EXPECT_NEAR(res[i], -0.3 * (i - 1.5), 1e-12);
  }
  mju_free(res);
  mju_free(R);
  mju_free(index);
  mju_free(H);
  mju_free(g);
  mju_free(lower);
  mju_free(upper);

  // optional arrays stay untouched when not requested
  mju_boxQPmalloc(&res, &R, nullptr, &H, &g, n, nullptr, nullptr);
  mju_free(res);
  mju_free(R);
  mju_free(H);
  mju_free(g);

  motus_test::ScopedErrorCapture capture;
  EXPECT_THROW(mju_boxQPmalloc(&res, &R, nullptr, &H, &g, 0, nullptr, nullptr),
               motus_test::MujocoError);
}

}  // namespace
