// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Dense vector and matrix arithmetic: the "Vector math" section of the API reference
// (mju_zero3 ... mju_sqrMatTD, declared in mujoco.h) plus a few internal helpers for fixed-size
// 3x3 products that the engine uses in its inner loops.
//
// Conventions (API reference, "Vector math"):
//   - matrices are dense, row-major: element (i, j) of an nr-by-nc matrix is mat[i*nc + j];
//   - 3x3 rotation matrices map local to global coordinates: x_global = mat * x_local;
//   - unless stated otherwise, `res` must not overlap the inputs of the n-dimensional functions;
//     the 3D and 4D functions (mju_cross, mju_mulMatVec3, ...) are safe to call in place.

#ifndef MOTUS_ENGINE_ENGINE_UTIL_BLAS_H_
#define MOTUS_ENGINE_ENGINE_UTIL_BLAS_H_

#include <math.h>

#include <mujoco/mujoco.h>

// MOTUS_NO_SIMD builds the scalar form of the kernels below (the determinism test compares the
// two forms' trajectories bit for bit)
#if defined(__SSE2__) && !defined(MOTUS_NO_SIMD)
#define MOTUS_SSE2 1
#include <emmintrin.h>
#endif

// ---- internal 3x3 helpers (all safe in place) ----------------------------------------------

// res = mat1 * mat2 (3x3)
void mju_mulMatMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);

// res = mat1' * mat2 (3x3)
void mju_mulMatTMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);

// res = mat1 * mat2' (3x3)
void mju_mulMatMatT3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);

// return vec1 . vec2 for 4-vectors
mjtNum mju_dot4(const mjtNum vec1[4], const mjtNum vec2[4]);

// ---- inline kernels for inner loops -----------------------------------------------------------
// Exactly the arithmetic of mju_dot and mju_addToScl (the same products, added in the same
// order), so callers get bit-identical results; inlined, and on x86-64 two lanes at a time.
// The SSE2 path keeps the four partial sums of mju_dot as the lanes of two registers,
// (s0, s1) and (s2, s3): every lane sees the same sequence of additions as its scalar sum.

inline mjtNum mji_dot(const mjtNum* vec1, const mjtNum* vec2, int n) {
  mjtNum s = 0;
  int i = 0;
  if (n >= 4) {
#if defined(MOTUS_SSE2)
    __m128d s01 = _mm_setzero_pd(), s23 = _mm_setzero_pd();
    for (; i + 4 <= n; i += 4) {
      s01 = _mm_add_pd(s01, _mm_mul_pd(_mm_loadu_pd(vec1 + i), _mm_loadu_pd(vec2 + i)));
      s23 = _mm_add_pd(s23, _mm_mul_pd(_mm_loadu_pd(vec1 + i + 2), _mm_loadu_pd(vec2 + i + 2)));
    }
    __m128d pair = _mm_add_pd(s01, s23);  // (s0 + s2, s1 + s3)
    s = _mm_cvtsd_f64(pair) + _mm_cvtsd_f64(_mm_unpackhi_pd(pair, pair));
#else
    mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (; i + 4 <= n; i += 4) {
      s0 += vec1[i] * vec2[i];
      s1 += vec1[i + 1] * vec2[i + 1];
      s2 += vec1[i + 2] * vec2[i + 2];
      s3 += vec1[i + 3] * vec2[i + 3];
    }
    s = (s0 + s2) + (s1 + s3);
#endif
  }
  for (; i < n; i++) {
    s += vec1[i] * vec2[i];
  }
  return s;
}

// *r1 = mji_dot(vec1, vec, n) and *r2 = mji_dot(vec2, vec, n) in one pass over vec: the same
// arithmetic for each result, two independent chains that the processor overlaps
inline void mji_dot2(const mjtNum* vec1, const mjtNum* vec2, const mjtNum* vec, int n, mjtNum* r1,
                     mjtNum* r2) {
  mjtNum s = 0, t = 0;
  int i = 0;
  if (n >= 4) {
#if defined(MOTUS_SSE2)
    __m128d s01 = _mm_setzero_pd(), s23 = _mm_setzero_pd();
    __m128d t01 = _mm_setzero_pd(), t23 = _mm_setzero_pd();
    for (; i + 4 <= n; i += 4) {
      __m128d v01 = _mm_loadu_pd(vec + i), v23 = _mm_loadu_pd(vec + i + 2);
      s01 = _mm_add_pd(s01, _mm_mul_pd(_mm_loadu_pd(vec1 + i), v01));
      s23 = _mm_add_pd(s23, _mm_mul_pd(_mm_loadu_pd(vec1 + i + 2), v23));
      t01 = _mm_add_pd(t01, _mm_mul_pd(_mm_loadu_pd(vec2 + i), v01));
      t23 = _mm_add_pd(t23, _mm_mul_pd(_mm_loadu_pd(vec2 + i + 2), v23));
    }
    __m128d ps = _mm_add_pd(s01, s23), pt = _mm_add_pd(t01, t23);
    s = _mm_cvtsd_f64(ps) + _mm_cvtsd_f64(_mm_unpackhi_pd(ps, ps));
    t = _mm_cvtsd_f64(pt) + _mm_cvtsd_f64(_mm_unpackhi_pd(pt, pt));
#else
    mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0, t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    for (; i + 4 <= n; i += 4) {
      s0 += vec1[i] * vec[i];
      s1 += vec1[i + 1] * vec[i + 1];
      s2 += vec1[i + 2] * vec[i + 2];
      s3 += vec1[i + 3] * vec[i + 3];
      t0 += vec2[i] * vec[i];
      t1 += vec2[i + 1] * vec[i + 1];
      t2 += vec2[i + 2] * vec[i + 2];
      t3 += vec2[i + 3] * vec[i + 3];
    }
    s = (s0 + s2) + (s1 + s3);
    t = (t0 + t2) + (t1 + t3);
#endif
  }
  for (; i < n; i++) {
    s += vec1[i] * vec[i];
    t += vec2[i] * vec[i];
  }
  *r1 = s;
  *r2 = t;
}

// res += vec * scl (res and vec must not overlap)
inline void mji_addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
  int i = 0;
#if defined(MOTUS_SSE2)
  __m128d c = _mm_set1_pd(scl);
  for (; i + 2 <= n; i += 2) {
    __m128d r = _mm_add_pd(_mm_loadu_pd(res + i), _mm_mul_pd(_mm_loadu_pd(vec + i), c));
    _mm_storeu_pd(res + i, r);
  }
#endif
  for (; i < n; i++) {
    res[i] += vec[i] * scl;
  }
}

// res = a x b; mju_cross's arithmetic, inlined for the per-body loops
inline void mji_cross(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  mjtNum r0 = a[1] * b[2] - a[2] * b[1];
  mjtNum r1 = a[2] * b[0] - a[0] * b[2];
  mjtNum r2 = a[0] * b[1] - a[1] * b[0];
  res[0] = r0;
  res[1] = r1;
  res[2] = r2;
}

// ---- inline 3-vector kernels (the collision code's inner loops: GJK, EPA, support points) ----
// The same arithmetic as the mju_ functions of the same name (mju_dot3, mju_sub3, ...).

inline mjtNum mji_dot3(const mjtNum a[3], const mjtNum b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

inline void mji_sub3(mjtNum r[3], const mjtNum a[3], const mjtNum b[3]) {
  r[0] = a[0] - b[0];
  r[1] = a[1] - b[1];
  r[2] = a[2] - b[2];
}

inline void mji_copy3(mjtNum r[3], const mjtNum a[3]) {
  r[0] = a[0];
  r[1] = a[1];
  r[2] = a[2];
}

inline void mji_scl3(mjtNum r[3], const mjtNum a[3], mjtNum s) {
  r[0] = a[0] * s;
  r[1] = a[1] * s;
  r[2] = a[2] * s;
}

inline mjtNum mji_norm3(const mjtNum a[3]) {
  return sqrt(mji_dot3(a, a));
}

// determinant of the matrix with columns a, b, c: a . (b x c)
inline mjtNum mji_det3(const mjtNum a[3], const mjtNum b[3], const mjtNum c[3]) {
  mjtNum bc[3];
  mji_cross(bc, b, c);
  return mji_dot3(a, bc);
}

#endif  // MOTUS_ENGINE_ENGINE_UTIL_BLAS_H_
