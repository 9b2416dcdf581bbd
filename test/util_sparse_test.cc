// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of the sparse (CSR) helpers (engine_util_sparse) against the same operations on dense
// copies of the matrices.

#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_sparse.h"

namespace {

// sparse and dense sums visit the nonzeros in the same or a different order: a few ulps
constexpr mjtNum kTol = 1e-12;

class Rand {
 public:
  explicit Rand(unsigned seed) : gen_(seed), dist_(-1.0, 1.0) {}
  mjtNum operator()() { return dist_(gen_); }
  // dense matrix with about half of the entries exactly zero, and an all-zero row when nr > 2
  std::vector<mjtNum> SparseMat(int nr, int nc) {
    std::vector<mjtNum> m(nr * nc);
    for (int i = 0; i < nr; i++) {
      for (int j = 0; j < nc; j++) {
        mjtNum v = (*this)();
        m[i * nc + j] = (std::abs(v) < 0.5 || (nr > 2 && i == 1)) ? 0 : v;
      }
    }
    return m;
  }
  std::vector<mjtNum> Vec(int n) {
    std::vector<mjtNum> v(n);
    for (auto& x : v) {
      x = (*this)();
    }
    return v;
  }

 private:
  std::mt19937 gen_;
  std::uniform_real_distribution<double> dist_;
};

struct Csr {
  std::vector<mjtNum> val;
  std::vector<int> rownnz, rowadr, colind;
};

Csr ToCsr(const std::vector<mjtNum>& dense, int nr, int nc) {
  Csr s;
  s.val.resize(nr * nc);
  s.colind.resize(nr * nc);
  s.rownnz.resize(nr);
  s.rowadr.resize(nr);
  EXPECT_EQ(mju_dense2sparse(s.val.data(), dense.data(), nr, nc, s.rownnz.data(), s.rowadr.data(),
                             s.colind.data(), nr * nc),
            0);
  return s;
}

TEST(UtilSparse, DenseSparseRoundTrip) {
  Rand r(1);
  const int nr = 5, nc = 7;
  std::vector<mjtNum> A = r.SparseMat(nr, nc);
  int nnz = 0;
  for (mjtNum a : A) {
    nnz += a != 0;
  }
  Csr s = ToCsr(A, nr, nc);
  // packed rows, sorted columns, exactly the nonzeros
  int adr = 0;
  for (int i = 0; i < nr; i++) {
    EXPECT_EQ(s.rowadr[i], adr);
    int cnt = 0;
    for (int j = 0; j < nc; j++) {
      cnt += A[i * nc + j] != 0;
    }
    EXPECT_EQ(s.rownnz[i], cnt);
    for (int k = 1; k < s.rownnz[i]; k++) {
      EXPECT_LT(s.colind[adr + k - 1], s.colind[adr + k]);
    }
    adr += cnt;
  }
  EXPECT_EQ(adr, nnz);
  std::vector<mjtNum> back(nr * nc, 99);
  mju_sparse2dense(back.data(), s.val.data(), nr, nc, s.rownnz.data(), s.rowadr.data(),
                   s.colind.data());
  for (int i = 0; i < nr * nc; i++) {
    EXPECT_EQ(back[i], A[i]);
  }

  // capacity: exactly nnz fits, nnz-1 does not
  std::vector<mjtNum> val(nnz);
  std::vector<int> rownnz(nr), rowadr(nr), colind(nnz);
  EXPECT_EQ(mju_dense2sparse(val.data(), A.data(), nr, nc, rownnz.data(), rowadr.data(),
                             colind.data(), nnz),
            0);
  EXPECT_EQ(mju_dense2sparse(val.data(), A.data(), nr, nc, rownnz.data(), rowadr.data(),
                             colind.data(), nnz - 1),
            1);
}

TEST(UtilSparse, MatVec) {
  Rand r(2);
  const int nr = 6, nc = 5;
  std::vector<mjtNum> A = r.SparseMat(nr, nc), x = r.Vec(nc), y = r.Vec(nr);
  Csr s = ToCsr(A, nr, nc);
  std::vector<mjtNum> res(nr), expect(nr), rest(nc), expectt(nc);
  mju_mulMatVecSparse(res.data(), s.val.data(), x.data(), nr, s.rownnz.data(), s.rowadr.data(),
                      s.colind.data());
  mju_mulMatVec(expect.data(), A.data(), x.data(), nr, nc);
  for (int i = 0; i < nr; i++) {
    EXPECT_NEAR(res[i], expect[i], kTol);
  }
  mju_mulMatTVecSparse(rest.data(), s.val.data(), y.data(), nr, nc, s.rownnz.data(),
                       s.rowadr.data(), s.colind.data());
  mju_mulMatTVec(expectt.data(), A.data(), y.data(), nr, nc);
  for (int j = 0; j < nc; j++) {
    EXPECT_NEAR(rest[j], expectt[j], kTol);
  }

  // rows need not be packed: move every row to a new address with gaps in between
  Csr g;
  g.rownnz = s.rownnz;
  g.rowadr.resize(nr);
  g.val.assign(nr * nc + 3 * nr, 1e300);  // poison the gaps
  g.colind.assign(g.val.size(), 0);
  int adr = 2;
  for (int i = 0; i < nr; i++) {
    g.rowadr[i] = adr;
    for (int k = 0; k < s.rownnz[i]; k++) {
      g.val[adr + k] = s.val[s.rowadr[i] + k];
      g.colind[adr + k] = s.colind[s.rowadr[i] + k];
    }
    adr += s.rownnz[i] + 3;
  }
  mju_mulMatVecSparse(res.data(), g.val.data(), x.data(), nr, g.rownnz.data(), g.rowadr.data(),
                      g.colind.data());
  for (int i = 0; i < nr; i++) {
    EXPECT_NEAR(res[i], expect[i], kTol);
  }
}

TEST(UtilSparse, DotsAndAdd) {
  Rand r(4);
  const int n = 12;
  std::vector<mjtNum> a = r.SparseMat(1, n), dense = r.Vec(n);
  Csr sa = ToCsr(a, 1, n);
  int na = sa.rownnz[0];

  EXPECT_NEAR(mju_dotSparse(sa.val.data(), dense.data(), na, sa.colind.data()),
              mju_dot(a.data(), dense.data(), n), kTol);

  std::vector<mjtNum> acc = dense;
  mju_addToSclSparse(acc.data(), sa.val.data(), 0.7, na, sa.colind.data());
  for (int i = 0; i < n; i++) {
    EXPECT_NEAR(acc[i], dense[i] + 0.7 * a[i], kTol);
  }
}

}  // namespace
