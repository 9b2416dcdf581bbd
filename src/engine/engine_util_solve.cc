// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Decompositions and solvers (API reference, "Decompositions / Solvers"). Storage conventions are
// documented in engine_util_solve.h. Nothing here allocates except mju_boxQPmalloc.

#include "engine/engine_util_solve.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// dense Cholesky

namespace {

// Row-by-row (Cholesky-Crout) factorization A = L L'. For each row j:
//   d = A_jj - sum_{k<j} L_jk^2,  L_jj = sqrt(d),  L_ij = (A_ij - sum_{k<j} L_ik L_jk) / L_jj.
// A pivot d below mindiag is replaced by mindiag and not counted in the returned rank, so a
// semi-definite matrix still yields a usable (regularized) factor. If mindiag is not positive,
// non-positive pivots are replaced by mjMINVAL instead, to avoid dividing by zero.
template <class K>
int cholFactor(mjtNum* mat, int n, mjtNum mindiag) {
  int rank = n;
  for (int j = 0; j < n; j++) {
    mjtNum* rowj = mat + j * n;
    mjtNum d = rowj[j] - K::dot(rowj, rowj, j);
    if (d < mindiag || !(d > 0)) {
      d = mindiag > 0 ? mindiag : mjMINVAL;
      rank--;
    }
    mjtNum ljj = std::sqrt(d);
    rowj[j] = ljj;
    mjtNum inv = 1 / ljj;
    int i = j + 1;
    for (; i + 1 < n; i += 2) {  // two rows per pass over row j
      mjtNum* rowi = mat + i * n;
      mjtNum* rowk = rowi + n;
      mjtNum si, sk;
      K::dot2(rowi, rowk, rowj, j, &si, &sk);
      rowi[j] = (rowi[j] - si) * inv;
      rowk[j] = (rowk[j] - sk) * inv;
    }
    if (i < n) {
      mjtNum* rowi = mat + i * n;
      rowi[j] = (rowi[j] - K::dot(rowi, rowj, j)) * inv;
    }
  }
  return rank;
}

// Solve L L' x = b: forward substitution L y = b (row-oriented), then back substitution L' x = y
// done column by column of L' (= row by row of L) so that memory is read contiguously.
// res may equal vec.
template <class K>
void cholSolve(mjtNum* res, const mjtNum* mat, int n) {
  for (int i = 0; i < n; i++) {
    const mjtNum* rowi = mat + i * n;
    res[i] = (res[i] - K::dot(rowi, res, i)) / rowi[i];
  }
  for (int i = n - 1; i >= 0; i--) {
    const mjtNum* rowi = mat + i * n;
    res[i] /= rowi[i];
    K::addToScl(res, rowi, -res[i], i);
  }
}

}  // namespace

int mju_cholFactor(mjtNum* mat, int n, mjtNum mindiag) {
  return mjiRun([&](auto k) { return cholFactor<decltype(k)>(mat, n, mindiag); });
}

void mju_cholSolve(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n) {
  if (res != vec) {
    mju_copy(res, vec, n);
  }
  mjiRun([&](auto k) { cholSolve<decltype(k)>(res, mat, n); });
}

// Rank-one update/downdate L L' +/- x x' of a Cholesky factor, one Givens-like rotation per column:
//   r = sqrt(L_kk^2 +/- x_k^2), c = r / L_kk, s = x_k / L_kk, L_kk <- r,
//   L_ik <- (L_ik +/- s x_i) / c,  x_i <- c x_i - s L_ik   (i > k).
// A downdate that would make r^2 smaller than mjMINVAL (loss of definiteness) uses mjMINVAL and
// lowers the returned rank. x is overwritten (used as workspace).
int mju_cholUpdate(mjtNum* mat, mjtNum* x, int n, int flg_plus) {
  int rank = n;
  mjtNum sgn = flg_plus ? 1 : -1;
  for (int k = 0; k < n; k++) {
    mjtNum lkk = mat[k * (n + 1)];
    mjtNum r2 = lkk * lkk + sgn * x[k] * x[k];
    if (!(r2 >= mjMINVAL)) {
      r2 = mjMINVAL;
      rank--;
    }
    mjtNum r = std::sqrt(r2);
    mjtNum c = r / lkk;
    mjtNum s = x[k] / lkk;
    mat[k * (n + 1)] = r;
    for (int i = k + 1; i < n; i++) {
      mjtNum* lik = mat + i * n + k;
      *lik = (*lik + sgn * s * x[i]) / c;
      x[i] = c * x[i] - s * (*lik);
    }
  }
  return rank;
}

// ---------------------------------------------------------------------------------------------
// band-dense matrices (layout in engine_util_solve.h)

namespace {

// first stored column of row i
inline int BandFirstCol(int i, int nsparse, int nband) {
  return i < nsparse ? (i - nband + 1 > 0 ? i - nband + 1 : 0) : 0;
}

// address of the first stored element of row i, i.e. of element (i, BandFirstCol(i)); element
// (i, j) is then at mat[BandRowAdr(i) + j - BandFirstCol(i)]
inline int BandRowAdr(int i, int nsparse, int nband, int ntotal) {
  if (i < nsparse) {
    return i * nband + (nband - 1) - (i - BandFirstCol(i, nsparse, nband));
  }
  return nsparse * nband + (i - nsparse) * ntotal;
}

// The band functions index memory from (ntotal, nband, ndense): reject shapes for which the
// layout is undefined (the diagonal must be stored, 0 <= ndense <= ntotal) instead of reading or
// writing outside the arrays.
bool BandShapeOk(const char* func, int ntotal, int nband, int ndense, int minband = 1) {
  if (ntotal < 0 || nband < minband || ndense < 0 || ndense > ntotal) {
    mju_error(
        "%s: invalid band-dense shape ntotal=%d nband=%d ndense=%d (need nband >= %d, "
        "0 <= ndense <= ntotal)",
        func, ntotal, nband, ndense, minband);
    return false;
  }
  return true;
}

}  // namespace

int mju_bandSize(int ntotal, int nband, int ndense) {
  return (ntotal - ndense) * nband + ndense * ntotal;
}

int mju_bandDiag(int i, int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  if (i < nsparse) {
    return i * nband + nband - 1;
  }
  return nsparse * nband + (i - nsparse) * ntotal + i;
}

// Same Crout recursion as mju_cholFactor, restricted to the stored entries: the factor of an
// arrowhead matrix has the same pattern (no fill-in), because row i of L only needs columns that
// row i already stores, and the dot product of rows i and j runs over the overlap of their stored
// column ranges, which is contiguous in both rows. The diagonal is first increased by
// diagadd + diagmul * A_ii. Returns min_i L_ii, or 0 as soon as a pivot falls below mjMINVAL.
mjtNum mju_cholFactorBand(mjtNum* mat, int ntotal, int nband, int ndense, mjtNum diagadd,
                          mjtNum diagmul) {
  if (!BandShapeOk("mju_cholFactorBand", ntotal, nband, ndense)) {
    return 0;
  }
  int nsparse = ntotal - ndense;
  mjtNum mindiag = -1;
  for (int i = 0; i < ntotal; i++) {
    int ci = BandFirstCol(i, nsparse, nband);
    mjtNum* rowi = mat + BandRowAdr(i, nsparse, nband, ntotal);  // rowi[j - ci] = L_ij
    for (int j = ci; j < i; j++) {
      int cj = BandFirstCol(j, nsparse, nband);
      const mjtNum* rowj = mat + BandRowAdr(j, nsparse, nband, ntotal);
      int k0 = ci > cj ? ci : cj;
      mjtNum s = mji_dot(rowi + (k0 - ci), rowj + (k0 - cj), j - k0);
      rowi[j - ci] = (rowi[j - ci] - s) / rowj[j - cj];
    }
    mjtNum* diag = rowi + (i - ci);
    mjtNum d = *diag + diagadd + diagmul * (*diag) - mji_dot(rowi, rowi, i - ci);
    if (!(d >= mjMINVAL)) {
      return 0;
    }
    *diag = std::sqrt(d);
    if (mindiag < 0 || *diag < mindiag) {
      mindiag = *diag;
    }
  }
  return mindiag < 0 ? 0 : mindiag;
}

// L L' x = b with a band-dense factor: forward substitution by rows, back substitution by columns
// of L' (rows of L). res may equal vec.
void mju_cholSolveBand(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int ntotal, int nband,
                       int ndense) {
  if (!BandShapeOk("mju_cholSolveBand", ntotal, nband, ndense)) {
    return;
  }
  int nsparse = ntotal - ndense;
  if (res != vec) {
    mju_copy(res, vec, ntotal);
  }
  for (int i = 0; i < ntotal; i++) {
    int ci = BandFirstCol(i, nsparse, nband);
    const mjtNum* rowi = mat + BandRowAdr(i, nsparse, nband, ntotal);
    res[i] = (res[i] - mji_dot(rowi, res + ci, i - ci)) / rowi[i - ci];
  }
  for (int i = ntotal - 1; i >= 0; i--) {
    int ci = BandFirstCol(i, nsparse, nband);
    const mjtNum* rowi = mat + BandRowAdr(i, nsparse, nband, ntotal);
    res[i] /= rowi[i - ci];
    mji_addToScl(res + ci, rowi, -res[i], i - ci);
  }
}

void mju_band2Dense(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense,
                    mjtByte flg_sym) {
  if (!BandShapeOk("mju_band2Dense", ntotal, nband, ndense)) {
    return;
  }
  int nsparse = ntotal - ndense;
  mju_zero(res, ntotal * ntotal);
  for (int i = 0; i < ntotal; i++) {
    int ci = BandFirstCol(i, nsparse, nband);
    const mjtNum* rowi = mat + BandRowAdr(i, nsparse, nband, ntotal);
    for (int j = ci; j <= i; j++) {
      res[i * ntotal + j] = rowi[j - ci];
      if (flg_sym) {
        res[j * ntotal + i] = rowi[j - ci];
      }
    }
  }
}

// Copies the lower-triangle entries inside the pattern; as in MuJoCo, storage slots outside the
// matrix (columns < 0 of the first band rows, columns > i of the dense rows) are not written, and
// nband = 0 (no band rows: only the dense rows are stored) is allowed.
void mju_dense2Band(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense) {
  if (!BandShapeOk("mju_dense2Band", ntotal, nband, ndense, 0)) {
    return;
  }
  int nsparse = ntotal - ndense;
  for (int i = 0; i < ntotal; i++) {
    int ci = BandFirstCol(i, nsparse, nband);
    mjtNum* rowi = res + BandRowAdr(i, nsparse, nband, ntotal);
    for (int j = ci; j <= i; j++) {
      rowi[j - ci] = mat[i * ntotal + j];
    }
  }
}

// res = M vec for nvec vectors stored one after the other (ntotal entries each). With flg_sym the
// full symmetric matrix is applied; otherwise only the stored lower triangle.
void mju_bandMulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int ntotal, int nband,
                       int ndense, int nvec, mjtByte flg_sym) {
  if (!BandShapeOk("mju_bandMulMatVec", ntotal, nband, ndense)) {
    return;
  }
  int nsparse = ntotal - ndense;
  for (int v = 0; v < nvec; v++) {
    const mjtNum* x = vec + v * ntotal;
    mjtNum* y = res + v * ntotal;
    mju_zero(y, ntotal);
    for (int i = 0; i < ntotal; i++) {
      int ci = BandFirstCol(i, nsparse, nband);
      const mjtNum* rowi = mat + BandRowAdr(i, nsparse, nband, ntotal);
      y[i] += mji_dot(rowi, x + ci, i - ci + 1);
      if (flg_sym) {
        mji_addToScl(y + ci, rowi, x[i], i - ci);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// symmetric 3x3 eigenproblem

// Classical Jacobi method (largest off-diagonal pivot) on a rotation kept as a quaternion q (so
// eigvec = R(q) stays exactly orthonormal with det +1):
//   1. D = R' A R; stop when its largest off-diagonal |D_pq| < 1e-12;
//   2. the Jacobi rotation zeroing D_pq has tan(theta) = t, the smaller root of
//      t^2 + 2 tau t - 1 = 0 with tau = (D_qq - D_pp) / (2 D_pq); c = cos(theta);
//      stop if c > 1 - 1e-12 (no progress);
//   3. that plane rotation is a rotation about the third axis k with half-angle sine
//      sqrt((1-c)/2); its sign follows sign(tau) and the handedness of (p, q, k): the rotation
//      about k has -sin at (p, q) for the cyclic pairs (0,1,2), (1,2,0) and +sin for (0,2,1);
//   4. q <- q * r and renormalize.
// Finally the eigenvalues are sorted in decreasing order by compare-and-swap of the pairs (0,1),
// (1,2), (0,1); each swap multiplies q by a quarter turn about the remaining axis, which exchanges
// the two eigenvector columns (negating one to keep det +1). Pairs closer than 1e-12 are not
// swapped, the quarter-turn quaternion uses the rounded constant 0.707106781186548 and q is
// renormalized after each swap (mju_normalize4 leaves a length within mjMINVAL of 1 alone, so one
// swap keeps the rounded constant and two swaps give exact halves), except in the model compiler
// (principal frames of bodies and meshes), where q is not renormalized. These choices reproduce
// MuJoCo's eigenvectors and compiled body_inertia / body_iquat bit for bit, including equal and
// nearly equal eigenvalues (util_solve_test).
int mju_eig3Sorted(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9],
                   int renormalize) {
  const mjtNum kEps = 1e-12;
  const int kMaxIter = 500;
  mju_unit4(quat);

  int iter = 0;
  for (; iter < kMaxIter; iter++) {
    mjtNum tmp[9], D[9];
    mju_quat2Mat(eigvec, quat);
    mju_mulMatTMat3(tmp, eigvec, mat);
    mju_mulMatMat3(D, tmp, eigvec);
    eigval[0] = D[0];
    eigval[1] = D[4];
    eigval[2] = D[8];

    // largest off-diagonal element (p, q); k is the remaining axis
    mjtNum a01 = std::fabs(D[1]), a02 = std::fabs(D[2]), a12 = std::fabs(D[5]);
    int p, q, k;
    if (a01 > a02 && a01 > a12) {
      p = 0, q = 1, k = 2;
    } else if (a02 > a12) {
      p = 0, q = 2, k = 1;
    } else {
      p = 1, q = 2, k = 0;
    }
    mjtNum dpq = D[3 * p + q];
    if (std::fabs(dpq) < kEps) {
      break;
    }

    mjtNum tau = (D[4 * q] - D[4 * p]) / (2 * dpq);
    mjtNum root = std::sqrt(1 + tau * tau);
    mjtNum t = tau >= 0 ? 1 / (tau + root) : -1 / (-tau + root);
    mjtNum c = 1 / std::sqrt(1 + t * t);
    if (c > 1 - kEps) {
      break;
    }

    mjtNum half = std::sqrt(0.5 - 0.5 * c);
    mjtNum sgn = (tau >= 0) == (k == 1) ? 1 : -1;
    mjtNum r[4] = {0, 0, 0, 0};
    r[1 + k] = sgn * half;
    r[0] = std::sqrt(1 - half * half);
    mju_normalize4(r);
    mju_mulQuat(quat, quat, r);
    mju_normalize4(quat);
  }

  const mjtNum kQuarter = 0.707106781186548;  // cos(pi/4) = sin(pi/4), rounded as MuJoCo's
  const int kPairs[3] = {0, 1, 0};
  for (int pass = 0; pass < 3; pass++) {
    int a = kPairs[pass];
    if (eigval[a] + kEps < eigval[a + 1]) {
      mjtNum e = eigval[a];
      eigval[a] = eigval[a + 1];
      eigval[a + 1] = e;
      mjtNum r[4] = {kQuarter, 0, 0, 0};
      r[1 + (a + 2) % 3] = kQuarter;
      mju_mulQuat(quat, quat, r);
      if (renormalize) {
        mju_normalize4(quat);
      }
    }
  }
  mju_quat2Mat(eigvec, quat);
  return iter;
}

int mju_eig3(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9]) {
  return mju_eig3Sorted(eigval, eigvec, quat, mat, 1);
}

// ---------------------------------------------------------------------------------------------
// box-constrained quadratic program

namespace {

// y = H x using only the lower triangle of the symmetric n-by-n H
void SymMulVec(mjtNum* y, const mjtNum* H, const mjtNum* x, int n) {
  for (int i = 0; i < n; i++) {
    const mjtNum* row = H + i * n;
    y[i] = mji_dot(row, x, i + 1);
    mji_addToScl(y, row, x[i], i);
  }
}

// 0.5 x'Hx + g'x; Hx is workspace of size n
mjtNum QuadValue(const mjtNum* H, const mjtNum* g, const mjtNum* x, mjtNum* Hx, int n) {
  SymMulVec(Hx, H, x, n);
  return 0.5 * mji_dot(x, Hx, n) + mji_dot(g, x, n);
}

inline mjtNum ClampBox(mjtNum v, const mjtNum* lower, const mjtNum* upper, int i) {
  if (lower && v < lower[i]) {
    v = lower[i];
  }
  if (upper && v > upper[i]) {
    v = upper[i];
  }
  return v;
}

// Marks the dimensions held at a bound by the gradient (clamped[i] = 1) and counts the free
// ones. A coordinate is clamped when it sits exactly on a bound (projection writes the bound value
// itself) and the gradient points out of the box there. Returns the number of free dimensions and
// sets *changed if any flag differs from its previous value.
int UpdateClamped(mjtNum* clamped, const mjtNum* x, const mjtNum* grad, const mjtNum* lower,
                  const mjtNum* upper, int n, bool* changed) {
  int nfree = 0;
  for (int i = 0; i < n; i++) {
    bool c =
        (lower && x[i] == lower[i] && grad[i] > 0) || (upper && x[i] == upper[i] && grad[i] < 0);
    if ((clamped[i] != 0) != c) {
      *changed = true;
    }
    clamped[i] = c ? 1 : 0;
    nfree += c ? 0 : 1;
  }
  return nfree;
}

// R (nfree x nfree, row-major) <- lower triangle of H restricted to the free dimensions, then its
// Cholesky factor; fills index when given. Returns false if H_ff is not positive definite.
bool FactorFree(mjtNum* R, int* index, const mjtNum* H, const mjtNum* clamped, int n, int nfree) {
  int fi = 0;
  for (int i = 0; i < n; i++) {
    if (clamped[i]) {
      continue;
    }
    if (index) {
      index[fi] = i;
    }
    int fj = 0;
    for (int j = 0; j <= i; j++) {
      if (!clamped[j]) {
        R[fi * nfree + fj++] = H[i * n + j];
      }
    }
    fi++;
  }
  return mju_cholFactor(R, nfree, mjMINVAL) == nfree;
}

}  // namespace

// Projected Newton method for  min 0.5 x'Hx + g'x  s.t.  lower <= x <= upper  (Bertsekas 1982;
// the variant of Tassa, Mansard & Todorov, "Control-limited differential dynamic programming",
// 2014). Each iteration:
//   1. grad = H x + g; dimensions on a bound with the gradient pushing outward are clamped;
//   2. on the free subspace take the Newton step dx_f = -H_ff^-1 grad_f (dx = 0 elsewhere),
//      refactoring H_ff only when the clamped set changed;
//   3. projected backtracking line search: x(a) = clamp(x + a dx), accept when the decrease is at
//      least 0.1 * grad'(x(a) - x), else a <- 0.6 a.
// Stops when |grad_f| < 1e-8, the relative improvement is below 1e-8, the step gets below 1e-22,
// or after 100 iterations. On exit R holds the Cholesky factor of H restricted to the free
// dimensions of the returned x (nfree x nfree, lower triangle) and index their indices.
// Returns nfree, or -1 if a free-subspace Hessian was not positive definite.
// Workspace: R has n*n entries for the factor plus 7n scratch (grad, dx, candidate, H x, clamped
// flags, free-space right-hand side).
int mju_boxQP(mjtNum* res, mjtNum* R, int* index, const mjtNum* H, const mjtNum* g, int n,
              const mjtNum* lower, const mjtNum* upper) {
  const int kMaxIter = 100;
  const mjtNum kMinGrad = 1e-8, kMinRelImprove = 1e-8, kMinStep = 1e-22;
  const mjtNum kArmijo = 0.1, kStepDecrease = 0.6;
  if (n <= 0) {
    return 0;
  }

  mjtNum* grad = R + n * n;
  mjtNum* dx = grad + n;
  mjtNum* cand = dx + n;
  mjtNum* Hx = cand + n;
  mjtNum* clamped = Hx + n;
  mjtNum* rhs = clamped + n;

  for (int i = 0; i < n; i++) {
    res[i] = ClampBox(res[i], lower, upper, i);
    clamped[i] = 0;
  }

  int nfree = n;
  bool factored = false;
  mjtNum value = QuadValue(H, g, res, Hx, n);
  for (int iter = 0; iter < kMaxIter; iter++) {
    // gradient and clamped set
    mju_add(grad, Hx, g, n);
    bool changed = false;
    nfree = UpdateClamped(clamped, res, grad, lower, upper, n, &changed);
    if (nfree == 0) {
      factored = true;  // nothing to factor
      break;
    }
    if (changed || !factored) {
      if (!FactorFree(R, index, H, clamped, n, nfree)) {
        return -1;
      }
      factored = true;
    }

    // Newton direction in the free subspace
    int fi = 0;
    for (int i = 0; i < n; i++) {
      if (!clamped[i]) {
        rhs[fi++] = grad[i];
      }
    }
    if (mju_norm(rhs, nfree) < kMinGrad) {
      break;
    }
    mju_cholSolve(rhs, R, rhs, nfree);
    fi = 0;
    for (int i = 0; i < n; i++) {
      dx[i] = clamped[i] ? 0 : -rhs[fi++];
    }

    // projected backtracking line search
    mjtNum step = 1, newvalue = value;
    bool accepted = false;
    while (step >= kMinStep) {
      for (int i = 0; i < n; i++) {
        cand[i] = ClampBox(res[i] + step * dx[i], lower, upper, i);
      }
      newvalue = QuadValue(H, g, cand, Hx, n);
      mjtNum expected = 0;
      for (int i = 0; i < n; i++) {
        expected += grad[i] * (cand[i] - res[i]);
      }
      if (expected < 0 && newvalue - value <= kArmijo * expected) {
        accepted = true;
        break;
      }
      step *= kStepDecrease;
    }
    if (!accepted) {
      SymMulVec(Hx, H, res, n);  // restore H x for the final check below
      break;
    }
    mjtNum improvement = value - newvalue;
    mju_copy(res, cand, n);
    value = newvalue;
    if (improvement < kMinRelImprove * std::fabs(value)) {
      break;
    }
  }

  // make R and index describe the free set of the returned point
  mju_add(grad, Hx, g, n);
  bool changed = false;
  nfree = UpdateClamped(clamped, res, grad, lower, upper, n, &changed);
  if ((changed || !factored) && nfree > 0) {
    if (!FactorFree(R, index, H, clamped, n, nfree)) {
      return -1;
    }
  }
  return nfree;
}

// Allocates the arrays of a boxQP problem of size n with mju_malloc (free each with mju_free):
// res, g, lower, upper: n; H: n*n; R: n*(n+7); index: n (ints). index, lower and upper are only
// allocated when their pointer-to-pointer is non-NULL.
void mju_boxQPmalloc(mjtNum** res, mjtNum** R, int** index, mjtNum** H, mjtNum** g, int n,
                     mjtNum** lower, mjtNum** upper) {
  if (n <= 0) {
    mju_error("mju_boxQPmalloc: problem size n must be positive, got %d", n);
    return;
  }
  size_t sz = sizeof(mjtNum);
  *res = static_cast<mjtNum*>(mju_malloc(sz * n));
  *R = static_cast<mjtNum*>(mju_malloc(sz * n * (n + 7)));
  *H = static_cast<mjtNum*>(mju_malloc(sz * n * n));
  *g = static_cast<mjtNum*>(mju_malloc(sz * n));
  if (index) {
    *index = static_cast<int*>(mju_malloc(sizeof(int) * n));
  }
  if (lower) {
    *lower = static_cast<mjtNum*>(mju_malloc(sz * n));
  }
  if (upper) {
    *upper = static_cast<mjtNum*>(mju_malloc(sz * n));
  }
}
