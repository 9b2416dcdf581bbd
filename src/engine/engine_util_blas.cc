// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Dense vector and matrix arithmetic (API reference, "Vector math"). Everything here is a plain
// loop over flat row-major arrays; nothing allocates. Long dot products use four independent
// partial sums, which lets the compiler pipeline the multiply-adds without -ffast-math.

#include "engine/engine_util_blas.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include <mujoco/mujoco.h>

#if defined(MOTUS_AVX)
namespace {

// AVX usable (the processor has it and the operating system saves the 256-bit registers, both
// checked by __builtin_cpu_supports) and not turned off with MOTUS_NO_AVX
int detectAvx() {
  __builtin_cpu_init();
  const char* off = std::getenv("MOTUS_NO_AVX");
  return __builtin_cpu_supports("avx") && !(off && off[0]);
}

}  // namespace

// set once when the library is loaded; until then (static constructors of other objects) the
// baseline form runs, which computes the same bits
int mji_avx = detectAvx();
#endif

// ---------------------------------------------------------------------------------------------
// 3D vectors

void mju_zero3(mjtNum res[3]) {
  res[0] = 0;
  res[1] = 0;
  res[2] = 0;
}

void mju_copy3(mjtNum res[3], const mjtNum data[3]) {
  res[0] = data[0];
  res[1] = data[1];
  res[2] = data[2];
}

void mju_scl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl) {
  res[0] = vec[0] * scl;
  res[1] = vec[1] * scl;
  res[2] = vec[2] * scl;
}

void mju_add3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]) {
  res[0] = vec1[0] + vec2[0];
  res[1] = vec1[1] + vec2[1];
  res[2] = vec1[2] + vec2[2];
}

void mju_sub3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]) {
  res[0] = vec1[0] - vec2[0];
  res[1] = vec1[1] - vec2[1];
  res[2] = vec1[2] - vec2[2];
}

void mju_addTo3(mjtNum res[3], const mjtNum vec[3]) {
  res[0] += vec[0];
  res[1] += vec[1];
  res[2] += vec[2];
}

void mju_subFrom3(mjtNum res[3], const mjtNum vec[3]) {
  res[0] -= vec[0];
  res[1] -= vec[1];
  res[2] -= vec[2];
}

void mju_addToScl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl) {
  res[0] += vec[0] * scl;
  res[1] += vec[1] * scl;
  res[2] += vec[2] * scl;
}

void mju_addScl3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3], mjtNum scl) {
  res[0] = vec1[0] + vec2[0] * scl;
  res[1] = vec1[1] + vec2[1] * scl;
  res[2] = vec1[2] + vec2[2] * scl;
}

// A vector shorter than mjMINVAL has no direction: it becomes the x axis (1, 0, 0), so that callers
// always get a unit vector back. The returned length lets them detect that case.
mjtNum mju_normalize3(mjtNum vec[3]) {
  mjtNum norm = std::sqrt(vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2]);
  if (norm < mjMINVAL) {
    vec[0] = 1;
    vec[1] = 0;
    vec[2] = 0;
  } else {
    mjtNum inv = 1 / norm;
    vec[0] *= inv;
    vec[1] *= inv;
    vec[2] *= inv;
  }
  return norm;
}

mjtNum mju_norm3(const mjtNum vec[3]) {
  return std::sqrt(vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2]);
}

mjtNum mju_dot3(const mjtNum vec1[3], const mjtNum vec2[3]) {
  return vec1[0] * vec2[0] + vec1[1] * vec2[1] + vec1[2] * vec2[2];
}

mjtNum mju_dist3(const mjtNum pos1[3], const mjtNum pos2[3]) {
  mjtNum d0 = pos1[0] - pos2[0];
  mjtNum d1 = pos1[1] - pos2[1];
  mjtNum d2 = pos1[2] - pos2[2];
  return std::sqrt(d0 * d0 + d1 * d1 + d2 * d2);
}

void mju_mulMatVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]) {
  mjtNum r0 = mat[0] * vec[0] + mat[1] * vec[1] + mat[2] * vec[2];
  mjtNum r1 = mat[3] * vec[0] + mat[4] * vec[1] + mat[5] * vec[2];
  mjtNum r2 = mat[6] * vec[0] + mat[7] * vec[1] + mat[8] * vec[2];
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
}

void mju_mulMatTVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]) {
  mjtNum r0 = mat[0] * vec[0] + mat[3] * vec[1] + mat[6] * vec[2];
  mjtNum r1 = mat[1] * vec[0] + mat[4] * vec[1] + mat[7] * vec[2];
  mjtNum r2 = mat[2] * vec[0] + mat[5] * vec[1] + mat[8] * vec[2];
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
}

// (a x b)_i = a_j b_k - a_k b_j for (i, j, k) cyclic
void mju_cross(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  mji_cross(res, a, b);
}

// ---------------------------------------------------------------------------------------------
// 4D vectors

void mju_zero4(mjtNum res[4]) {
  res[0] = 0;
  res[1] = 0;
  res[2] = 0;
  res[3] = 0;
}

void mju_unit4(mjtNum res[4]) {
  res[0] = 1;
  res[1] = 0;
  res[2] = 0;
  res[3] = 0;
}

void mju_copy4(mjtNum res[4], const mjtNum data[4]) {
  res[0] = data[0];
  res[1] = data[1];
  res[2] = data[2];
  res[3] = data[3];
}

// Used mostly on quaternions: a length below mjMINVAL gives the identity (1, 0, 0, 0), and a length
// already within mjMINVAL of 1 is left alone (rescaling would only add rounding noise; this also
// matches MuJoCo's results of mju_eig3 bit for bit, see util_solve_test).
mjtNum mju_normalize4(mjtNum vec[4]) {
  mjtNum norm = std::sqrt(vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2] + vec[3] * vec[3]);
  if (norm < mjMINVAL) {
    mju_unit4(vec);
  } else if (std::fabs(norm - 1) > mjMINVAL) {
    mjtNum inv = 1 / norm;
    vec[0] *= inv;
    vec[1] *= inv;
    vec[2] *= inv;
    vec[3] *= inv;
  }
  return norm;
}

mjtNum mju_dot4(const mjtNum vec1[4], const mjtNum vec2[4]) {
  return vec1[0] * vec2[0] + vec1[1] * vec2[1] + vec1[2] * vec2[2] + vec1[3] * vec2[3];
}

// ---------------------------------------------------------------------------------------------
// n-dimensional vectors

void mju_zero(mjtNum* res, int n) {
  if (n > 0) {
    std::memset(res, 0, sizeof(mjtNum) * n);
  }
}

void mju_fill(mjtNum* res, mjtNum val, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = val;
  }
}

void mju_copy(mjtNum* res, const mjtNum* vec, int n) {
  if (n > 0) {
    std::memcpy(res, vec, sizeof(mjtNum) * n);
  }
}

mjtNum mju_sum(const mjtNum* vec, int n) {
  mjtNum s = 0;
  for (int i = 0; i < n; i++) {
    s += vec[i];
  }
  return s;
}

mjtNum mju_L1(const mjtNum* vec, int n) {
  mjtNum s = 0;
  for (int i = 0; i < n; i++) {
    s += std::fabs(vec[i]);
  }
  return s;
}

void mju_scl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec[i] * scl;
  }
}

void mju_add(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec1[i] + vec2[i];
  }
}

void mju_sub(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec1[i] - vec2[i];
  }
}

void mju_addTo(mjtNum* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] += vec[i];
  }
}

void mju_subFrom(mjtNum* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] -= vec[i];
  }
}

void mju_addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
  mji_addToScl(res, vec, scl, n);
}

void mju_addScl(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, mjtNum scl, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec1[i] + vec2[i] * scl;
  }
}

// Like mju_normalize3: a vector shorter than mjMINVAL becomes the first basis vector.
mjtNum mju_normalize(mjtNum* res, int n) {
  mjtNum norm = std::sqrt(mju_dot(res, res, n));
  if (norm < mjMINVAL) {
    if (n > 0) {
      res[0] = 1;
      mju_zero(res + 1, n - 1);
    }
  } else {
    mju_scl(res, res, 1 / norm, n);
  }
  return norm;
}

mjtNum mju_norm(const mjtNum* res, int n) {
  return std::sqrt(mju_dot(res, res, n));
}

// Four partial sums over i = 0,1,2,3 (mod 4), combined pairwise, then the tail (mji_dot).
mjtNum mju_dot(const mjtNum* vec1, const mjtNum* vec2, int n) {
  return mji_dot(vec1, vec2, n);
}

// ---------------------------------------------------------------------------------------------
// matrices

namespace {

// res_i = row_i(mat) . vec, two rows per pass over vec
template <class K>
void mulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc) {
  int r = 0;
  for (; r + 1 < nr; r += 2) {
    K::dot2(mat + (size_t)r * nc, mat + (size_t)(r + 1) * nc, vec, nc, res + r, res + r + 1);
  }
  if (r < nr) {
    res[r] = K::dot(mat + (size_t)r * nc, vec, nc);
  }
}

// res = sum_r vec_r * row_r(mat): walks mat row by row (contiguous) instead of by column; rows
// with vec_r = 0 are skipped, two consecutive nonzero ones are added in one pass over res (each
// entry receives the same additions in the same order)
template <class K>
void mulMatTVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc) {
  mju_zero(res, nc);
  for (int r = 0; r < nr; r++) {
    if (vec[r] == 0) {
      continue;
    }
    const mjtNum* row = mat + (size_t)r * nc;
    if (r + 1 < nr && vec[r + 1] != 0) {
      K::addToScl2(res, row, vec[r], row + nc, vec[r + 1], nc);
      r++;
    } else {
      K::addToScl(res, row, vec[r], nc);
    }
  }
}

}  // namespace

void mju_mulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc) {
  mjiRun([&](auto k) { mulMatVec<decltype(k)>(res, mat, vec, nr, nc); });
}

void mju_mulMatTVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc) {
  mjiRun([&](auto k) { mulMatTVec<decltype(k)>(res, mat, vec, nr, nc); });
}

mjtNum mju_mulVecMatVec(const mjtNum* vec1, const mjtNum* mat, const mjtNum* vec2, int n) {
  mjtNum s = 0;
  for (int r = 0; r < n; r++) {
    s += vec1[r] * mju_dot(mat + r * n, vec2, n);
  }
  return s;
}

void mju_transpose(mjtNum* res, const mjtNum* mat, int nr, int nc) {
  for (int i = 0; i < nr; i++) {
    for (int j = 0; j < nc; j++) {
      res[j * nr + i] = mat[i * nc + j];
    }
  }
}

// R = (M + M')/2, visiting each (i, j), (j, i) pair once so that res == mat is allowed
void mju_symmetrize(mjtNum* res, const mjtNum* mat, int n) {
  for (int i = 0; i < n; i++) {
    res[i * (n + 1)] = mat[i * (n + 1)];
    for (int j = 0; j < i; j++) {
      mjtNum v = 0.5 * (mat[i * n + j] + mat[j * n + i]);
      res[i * n + j] = v;
      res[j * n + i] = v;
    }
  }
}

void mju_eye(mjtNum* mat, int n) {
  mju_zero(mat, n * n);
  for (int i = 0; i < n; i++) {
    mat[i * (n + 1)] = 1;
  }
}

// res (r1 x c2) = mat1 (r1 x c1) * mat2 (c1 x c2): row i of res accumulates mat1[i,k] * row k of
// mat2, so the inner loop is contiguous in both res and mat2
void mju_mulMatMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2, int r1, int c1, int c2) {
  mju_zero(res, r1 * c2);
  for (int i = 0; i < r1; i++) {
    for (int k = 0; k < c1; k++) {
      mjtNum a = mat1[i * c1 + k];
      if (a != 0) {
        mju_addToScl(res + i * c2, mat2 + k * c2, a, c2);
      }
    }
  }
}

// res (r1 x r2) = mat1 (r1 x c1) * mat2' (mat2 is r2 x c1): entries are row-row dot products
void mju_mulMatMatT(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2, int r1, int c1, int r2) {
  for (int i = 0; i < r1; i++) {
    for (int j = 0; j < r2; j++) {
      res[i * r2 + j] = mju_dot(mat1 + i * c1, mat2 + j * c1, c1);
    }
  }
}

// res (c1 x c2) = mat1' * mat2 (mat1 is r1 x c1, mat2 is r1 x c2) = sum over rows r of the outer
// product row_r(mat1) row_r(mat2)'
void mju_mulMatTMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2, int r1, int c1, int c2) {
  mju_zero(res, c1 * c2);
  for (int r = 0; r < r1; r++) {
    for (int i = 0; i < c1; i++) {
      mjtNum a = mat1[r * c1 + i];
      if (a != 0) {
        mju_addToScl(res + i * c2, mat2 + r * c2, a, c2);
      }
    }
  }
}

// res (nc x nc) = mat' * diag(d) * mat = sum_r d_r row_r row_r'. The result is symmetric: only the
// lower triangle is accumulated (skipping zeros, which are common in Jacobians), then mirrored.
void mju_sqrMatTD(mjtNum* res, const mjtNum* mat, const mjtNum* diag, int nr, int nc) {
  mju_zero(res, nc * nc);
  for (int r = 0; r < nr; r++) {
    const mjtNum* row = mat + r * nc;
    mjtNum d = diag ? diag[r] : 1;
    if (d == 0) {
      continue;
    }
    for (int i = 0; i < nc; i++) {
      if (row[i] != 0) {
        mju_addToScl(res + i * nc, row, d * row[i], i + 1);
      }
    }
  }
  for (int i = 0; i < nc; i++) {
    for (int j = 0; j < i; j++) {
      res[j * nc + i] = res[i * nc + j];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// internal 3x3 helpers

void mju_mulMatMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]) {
  mjtNum tmp[9];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      tmp[3 * i + j] =
          mat1[3 * i] * mat2[j] + mat1[3 * i + 1] * mat2[3 + j] + mat1[3 * i + 2] * mat2[6 + j];
    }
  }
  std::memcpy(res, tmp, sizeof(tmp));
}

void mju_mulMatTMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]) {
  mjtNum tmp[9];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      tmp[3 * i + j] = mat1[i] * mat2[j] + mat1[3 + i] * mat2[3 + j] + mat1[6 + i] * mat2[6 + j];
    }
  }
  std::memcpy(res, tmp, sizeof(tmp));
}

void mju_mulMatMatT3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]) {
  mjtNum tmp[9];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      tmp[3 * i + j] = mat1[3 * i] * mat2[3 * j] + mat1[3 * i + 1] * mat2[3 * j + 1] +
                       mat1[3 * i + 2] * mat2[3 * j + 2];
    }
  }
  std::memcpy(res, tmp, sizeof(tmp));
}
