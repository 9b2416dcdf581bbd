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

// The library is built for the x86-64 baseline (SSE2). The dense routines that dominate the
// solver (mju_mulMatVec, mju_mulMatTVec, mju_cholFactor, mju_cholSolve, the Newton Hessian's
// outer products) are compiled a second time for AVX, four lanes per instruction, and chosen at
// run time: mji_avx is set when the library is loaded, if the processor and the operating system
// support AVX and the environment variable MOTUS_NO_AVX is unset or empty. Both forms compute
// the same bits: every lane performs the same products and additions in the same order as the
// scalar code (mji_dot keeps its four partial sums in lane order and combines them as
// (s0 + s2) + (s1 + s3)), and floating-point contraction is off, so no FMA is formed.
// The test determinism_o0_scalar runs the same trajectories with the AVX form, with
// MOTUS_NO_AVX=1 and at -O0 with MOTUS_NO_SIMD, and compares the bits.
//
// A routine with both forms is a template over a kernel set (mjiBase, mjiAvx), called through
// mjiRun (below), which picks the set and compiles the AVX instance inside a target("avx")
// function.
#if defined(MOTUS_SSE2) && defined(__x86_64__) && defined(__GNUC__)
#define MOTUS_AVX 1
#include <immintrin.h>
#define MJI_AVX __attribute__((target("avx")))
#define MJI_AVX_FLAT __attribute__((target("avx"), flatten))
extern int mji_avx;
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

// h += x0 w0, then h += x1 w1, entry by entry (the order of two mji_addToScl calls)
inline void mji_addToScl2(mjtNum* h, const mjtNum* x0, mjtNum w0, const mjtNum* x1, mjtNum w1,
                          int n) {
  int i = 0;
#if defined(MOTUS_SSE2)
  __m128d c0 = _mm_set1_pd(w0), c1 = _mm_set1_pd(w1);
  for (; i + 2 <= n; i += 2) {
    __m128d r = _mm_add_pd(_mm_loadu_pd(h + i), _mm_mul_pd(_mm_loadu_pd(x0 + i), c0));
    _mm_storeu_pd(h + i, _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x1 + i), c1)));
  }
#endif
  for (; i < n; i++) {
    mjtNum r = h[i] + x0[i] * w0;
    h[i] = r + x1[i] * w1;
  }
}

// h += x0 w0, h += x1 w1, h += x2 w2, then h += x3 w3, entry by entry
inline void mji_addToScl4(mjtNum* h, const mjtNum* const* x, const mjtNum* w, int n) {
  const mjtNum *x0 = x[0], *x1 = x[1], *x2 = x[2], *x3 = x[3];
  int i = 0;
#if defined(MOTUS_SSE2)
  __m128d c0 = _mm_set1_pd(w[0]), c1 = _mm_set1_pd(w[1]);
  __m128d c2 = _mm_set1_pd(w[2]), c3 = _mm_set1_pd(w[3]);
  for (; i + 2 <= n; i += 2) {
    __m128d r = _mm_add_pd(_mm_loadu_pd(h + i), _mm_mul_pd(_mm_loadu_pd(x0 + i), c0));
    r = _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x1 + i), c1));
    r = _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x2 + i), c2));
    _mm_storeu_pd(h + i, _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x3 + i), c3)));
  }
#endif
  for (; i < n; i++) {
    mjtNum r = h[i] + x0[i] * w[0];
    r = r + x1[i] * w[1];
    r = r + x2[i] * w[2];
    h[i] = r + x3[i] * w[3];
  }
}

// ---- kernel sets of the routines compiled in two forms (see MOTUS_AVX) -----------------------

// the baseline kernels above (SSE2, or scalar with MOTUS_NO_SIMD)
struct mjiBase {
  static mjtNum dot(const mjtNum* vec1, const mjtNum* vec2, int n) {
    return mji_dot(vec1, vec2, n);
  }
  static void dot2(const mjtNum* vec1, const mjtNum* vec2, const mjtNum* vec, int n, mjtNum* r1,
                   mjtNum* r2) {
    mji_dot2(vec1, vec2, vec, n, r1, r2);
  }
  static void addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
    mji_addToScl(res, vec, scl, n);
  }
  static void addToScl2(mjtNum* h, const mjtNum* x0, mjtNum w0, const mjtNum* x1, mjtNum w1,
                        int n) {
    mji_addToScl2(h, x0, w0, x1, w1, n);
  }
  static void addToScl4(mjtNum* h, const mjtNum* const* x, const mjtNum* w, int n) {
    mji_addToScl4(h, x, w, n);
  }
};

#if defined(MOTUS_AVX)
// The same arithmetic four lanes at a time. mji_dot's partial sums s0..s3 are the lanes of one
// register; its low and high halves added give (s0 + s2, s1 + s3), then the two are added.
struct mjiAvx {
  MJI_AVX static mjtNum sum4(__m256d s) {
    __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(s), _mm256_extractf128_pd(s, 1));
    return _mm_cvtsd_f64(pair) + _mm_cvtsd_f64(_mm_unpackhi_pd(pair, pair));
  }
  MJI_AVX static mjtNum dot(const mjtNum* vec1, const mjtNum* vec2, int n) {
    mjtNum s = 0;
    int i = 0;
    if (n >= 4) {
      __m256d acc = _mm256_setzero_pd();
      for (; i + 4 <= n; i += 4) {
        acc =
            _mm256_add_pd(acc, _mm256_mul_pd(_mm256_loadu_pd(vec1 + i), _mm256_loadu_pd(vec2 + i)));
      }
      s = sum4(acc);
    }
    for (; i < n; i++) {
      s += vec1[i] * vec2[i];
    }
    return s;
  }
  MJI_AVX static void dot2(const mjtNum* vec1, const mjtNum* vec2, const mjtNum* vec, int n,
                           mjtNum* r1, mjtNum* r2) {
    mjtNum s = 0, t = 0;
    int i = 0;
    if (n >= 4) {
      __m256d as = _mm256_setzero_pd(), at = _mm256_setzero_pd();
      for (; i + 4 <= n; i += 4) {
        __m256d v = _mm256_loadu_pd(vec + i);
        as = _mm256_add_pd(as, _mm256_mul_pd(_mm256_loadu_pd(vec1 + i), v));
        at = _mm256_add_pd(at, _mm256_mul_pd(_mm256_loadu_pd(vec2 + i), v));
      }
      s = sum4(as);
      t = sum4(at);
    }
    for (; i < n; i++) {
      s += vec1[i] * vec[i];
      t += vec2[i] * vec[i];
    }
    *r1 = s;
    *r2 = t;
  }
  MJI_AVX static void addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
    int i = 0;
    __m256d c = _mm256_set1_pd(scl);
    for (; i + 4 <= n; i += 4) {
      __m256d r =
          _mm256_add_pd(_mm256_loadu_pd(res + i), _mm256_mul_pd(_mm256_loadu_pd(vec + i), c));
      _mm256_storeu_pd(res + i, r);
    }
    if (i + 2 <= n) {  // rows of a few entries are common: two more lanes before the scalar tail
      __m128d c2 = _mm256_castpd256_pd128(c);
      _mm_storeu_pd(res + i,
                    _mm_add_pd(_mm_loadu_pd(res + i), _mm_mul_pd(_mm_loadu_pd(vec + i), c2)));
      i += 2;
    }
    for (; i < n; i++) {
      res[i] += vec[i] * scl;
    }
  }
  MJI_AVX static void addToScl2(mjtNum* h, const mjtNum* x0, mjtNum w0, const mjtNum* x1, mjtNum w1,
                                int n) {
    int i = 0;
    __m256d c0 = _mm256_set1_pd(w0), c1 = _mm256_set1_pd(w1);
    for (; i + 4 <= n; i += 4) {
      __m256d r = _mm256_add_pd(_mm256_loadu_pd(h + i), _mm256_mul_pd(_mm256_loadu_pd(x0 + i), c0));
      _mm256_storeu_pd(h + i, _mm256_add_pd(r, _mm256_mul_pd(_mm256_loadu_pd(x1 + i), c1)));
    }
    if (i + 2 <= n) {
      __m128d r = _mm_add_pd(_mm_loadu_pd(h + i),
                             _mm_mul_pd(_mm_loadu_pd(x0 + i), _mm256_castpd256_pd128(c0)));
      _mm_storeu_pd(h + i,
                    _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x1 + i), _mm256_castpd256_pd128(c1))));
      i += 2;
    }
    for (; i < n; i++) {
      mjtNum r = h[i] + x0[i] * w0;
      h[i] = r + x1[i] * w1;
    }
  }
  MJI_AVX static void addToScl4(mjtNum* h, const mjtNum* const* x, const mjtNum* w, int n) {
    const mjtNum *x0 = x[0], *x1 = x[1], *x2 = x[2], *x3 = x[3];
    int i = 0;
    __m256d c0 = _mm256_set1_pd(w[0]), c1 = _mm256_set1_pd(w[1]);
    __m256d c2 = _mm256_set1_pd(w[2]), c3 = _mm256_set1_pd(w[3]);
    for (; i + 4 <= n; i += 4) {
      __m256d r = _mm256_add_pd(_mm256_loadu_pd(h + i), _mm256_mul_pd(_mm256_loadu_pd(x0 + i), c0));
      r = _mm256_add_pd(r, _mm256_mul_pd(_mm256_loadu_pd(x1 + i), c1));
      r = _mm256_add_pd(r, _mm256_mul_pd(_mm256_loadu_pd(x2 + i), c2));
      _mm256_storeu_pd(h + i, _mm256_add_pd(r, _mm256_mul_pd(_mm256_loadu_pd(x3 + i), c3)));
    }
    if (i + 2 <= n) {
      __m128d r = _mm_add_pd(_mm_loadu_pd(h + i),
                             _mm_mul_pd(_mm_loadu_pd(x0 + i), _mm256_castpd256_pd128(c0)));
      r = _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x1 + i), _mm256_castpd256_pd128(c1)));
      r = _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x2 + i), _mm256_castpd256_pd128(c2)));
      _mm_storeu_pd(h + i,
                    _mm_add_pd(r, _mm_mul_pd(_mm_loadu_pd(x3 + i), _mm256_castpd256_pd128(c3))));
      i += 2;
    }
    for (; i < n; i++) {
      mjtNum r = h[i] + x0[i] * w[0];
      r = r + x1[i] * w[1];
      r = r + x2[i] * w[2];
      h[i] = r + x3[i] * w[3];
    }
  }
};
#endif

// Runs a routine in the form chosen at load time: mjiRun(f) returns f(mjiAvx()) when mji_avx is
// set and f(mjiBase()) otherwise, where f is a generic lambda that instantiates the routine with
// the kernel set it receives:
//   mjiRun([&](auto k) { mulMatVec<decltype(k)>(res, mat, vec, nr, nc); });
// The AVX call goes through mjiRunAvx, whose flatten attribute inlines the lambda, the routine
// and its kernels into it, so that all of them are compiled for AVX.
#if defined(MOTUS_AVX)
template <class F>
MJI_AVX_FLAT auto mjiRunAvx(const F& f) {
  return f(mjiAvx());
}
#endif

template <class F>
inline auto mjiRun(const F& f) {
#if defined(MOTUS_AVX)
  if (mji_avx) {
    return mjiRunAvx(f);
  }
#endif
  return f(mjiBase());
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
