// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The fast paths of the step pipeline must compute exactly what the straightforward code
// computes: the inline SSE2 kernels (mji_dot, mji_addToScl) against scalar loops with the
// documented summation order, bit for bit; the one-walk difference Jacobian of two bodies
// (mj_jacDifSparse) against two mj_jacSparse calls and a subtraction, bit for bit; the inline
// spatial algebra of the smooth stages against the mju_ functions, bit for bit; the fused mj_mulM
// against a dense product (round-off only); and mj_constraintCost against mj_constraintUpdate.

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_core_smooth.h"
#include "engine/engine_support_jac.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_spatial.h"
#include "fixture.h"

namespace motus_test {
namespace {

// deterministic values in [-1, 1) with some exact zeros and negative zeros mixed in
struct Lcg {
  unsigned long long s = 12345;
  double Next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    double u = static_cast<double>(s >> 11) / 9007199254740992.0;
    int pick = static_cast<int>((s >> 3) % 11);
    if (pick == 0) {
      return 0.0;
    }
    if (pick == 1) {
      return -0.0;
    }
    return 2 * u - 1;
  }
};

bool SameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof(double)) == 0;
}

// the documented order of mju_dot: partial sums over i mod 4 (each starting from +0),
// combined as (s0 + s2) + (s1 + s3), then the remaining products added in turn
double ReferenceDot(const double* a, const double* b, int n) {
  double s = 0;
  int i = 0;
  if (n >= 4) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (; i + 4 <= n; i += 4) {
      s0 += a[i] * b[i];
      s1 += a[i + 1] * b[i + 1];
      s2 += a[i + 2] * b[i + 2];
      s3 += a[i + 3] * b[i + 3];
    }
    s = (s0 + s2) + (s1 + s3);
  }
  for (; i < n; i++) {
    s += a[i] * b[i];
  }
  return s;
}

TEST(PerfKernels, InlineDotMatchesReferenceOrder) {
  Lcg rng;
  for (int n = 0; n <= 41; n++) {
    for (int rep = 0; rep < 20; rep++) {
      std::vector<double> a(n + 1), b(n + 1);
      for (int i = 0; i <= n; i++) {
        a[i] = rng.Next() * std::pow(10.0, (i % 7) - 3);
        b[i] = rng.Next();
      }
      double ref = ReferenceDot(a.data(), b.data(), n);
      // unaligned starts as well: the kernels use unaligned loads
      double ref1 = ReferenceDot(a.data() + 1, b.data() + 1, n);
      EXPECT_TRUE(SameBits(mji_dot(a.data(), b.data(), n), ref)) << "n=" << n;
      EXPECT_TRUE(SameBits(mju_dot(a.data(), b.data(), n), ref)) << "n=" << n;
      EXPECT_TRUE(SameBits(mji_dot(a.data() + 1, b.data() + 1, n), ref1)) << "n=" << n;
    }
  }
}

TEST(PerfKernels, InlineAxpyMatchesScalarLoop) {
  Lcg rng;
  for (int n = 0; n <= 23; n++) {
    std::vector<double> res(n + 1), vec(n + 1), ref;
    for (int i = 0; i <= n; i++) {
      res[i] = rng.Next();
      vec[i] = rng.Next() * 1e3;
    }
    double scl = rng.Next() - 0.25;
    ref = res;
    for (int i = 0; i < n; i++) {
      ref[i + 1] += vec[i] * scl;
    }
    mji_addToScl(res.data() + 1, vec.data(), scl, n);
    for (int i = 0; i <= n; i++) {
      EXPECT_TRUE(SameBits(res[i], ref[i])) << "n=" << n << " i=" << i;
    }
  }
}

TEST(PerfKernels, InlineSpatialMatchesUtilities) {
  Lcg rng;
  for (int rep = 0; rep < 200; rep++) {
    double inert[10], v[6], w[6];
    for (double& x : inert) {
      x = rng.Next();
    }
    for (int k = 0; k < 6; k++) {
      v[k] = rng.Next();
      w[k] = rng.Next();
    }
    double a[6], b[6];
    mju_mulInertVec(a, inert, v);
    mji_mulInertVec(b, inert, v);
    for (int k = 0; k < 6; k++) {
      EXPECT_TRUE(SameBits(a[k], b[k]));
    }
    mju_crossMotion(a, w, v);
    mji_crossMotion(b, w, v);
    for (int k = 0; k < 6; k++) {
      EXPECT_TRUE(SameBits(a[k], b[k]));
    }
    mju_crossForce(a, w, v);
    mji_crossForce(b, w, v);
    for (int k = 0; k < 6; k++) {
      EXPECT_TRUE(SameBits(a[k], b[k]));
    }
  }
}

struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

// the project's humanoid, moved away from its initial pose and simulated for a while so that
// it has contacts and a generic configuration
struct Scene {
  std::unique_ptr<mjModel, ModelDeleter> m;
  std::unique_ptr<mjData, DataDeleter> d;
  bool Load() {
    char error[1000] = "";
    m.reset(mj_loadXML(SourcePath("model/humanoid.xml").c_str(), nullptr, error, sizeof(error)));
    if (!m) {
      ADD_FAILURE() << error;
      return false;
    }
    d.reset(mj_makeData(m.get()));
    for (int i = 0; i < m->nv; i++) {
      d->qvel[i] = 0.3 * std::sin(1.7 * i + 0.2);
    }
    for (int k = 0; k < 60; k++) {
      mj_step(m.get(), d.get());
    }
    mj_forward(m.get(), d.get());
    return true;
  }
};

TEST(PerfKernels, DifferenceJacobianMatchesTwoJacobians) {
  Scene s;
  if (!s.Load()) {
    return;
  }
  const mjModel* m = s.m.get();
  const mjData* d = s.d.get();
  int nv = m->nv;
  std::vector<int> chain(nv);
  std::vector<double> jp1(3 * nv), jr1(3 * nv), jp2(3 * nv), jr2(3 * nv), dp(3 * nv), dr(3 * nv);
  int checked = 0;
  for (int b1 = 0; b1 < m->nbody; b1++) {
    for (int b2 = 0; b2 < m->nbody; b2++) {
      const double point[3] = {0.1 * b1, -0.05 * b2, 0.7};
      int n = mj_mergeChain(m, chain.data(), b1, b2);
      mj_jacSparse(m, d, jp1.data(), jr1.data(), point, b1, n, chain.data());
      mj_jacSparse(m, d, jp2.data(), jr2.data(), point, b2, n, chain.data());
      mj_jacDifSparse(m, d, dp.data(), dr.data(), point, b1, b2, n, chain.data());
      for (int k = 0; k < 3 * n; k++) {
        EXPECT_TRUE(SameBits(dp[k], jp2[k] - jp1[k])) << b1 << " " << b2 << " " << k;
        EXPECT_TRUE(SameBits(dr[k], jr2[k] - jr1[k])) << b1 << " " << b2 << " " << k;
      }
      checked += n;
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(PerfKernels, MulMMatchesDenseProduct) {
  Scene s;
  if (!s.Load()) {
    return;
  }
  const mjModel* m = s.m.get();
  int nv = m->nv;
  std::vector<double> full(nv * nv), vec(nv), res(nv);
  mj_fullM(m, full.data(), s.d->qM);
  for (int i = 0; i < nv; i++) {
    vec[i] = std::cos(0.9 * i) - 0.3;
  }
  mj_mulM(m, s.d.get(), res.data(), vec.data());
  for (int i = 0; i < nv; i++) {
    double ref = 0, mag = 0;
    for (int j = 0; j < nv; j++) {
      ref += full[i * nv + j] * vec[j];
      mag += std::fabs(full[i * nv + j] * vec[j]);
    }
    // different summation order only: a few roundings of the largest terms
    EXPECT_NEAR(res[i], ref, 1e-13 * (mag + 1)) << i;
  }
}

TEST(PerfKernels, ConstraintCostMatchesUpdate) {
  Scene s;
  if (!s.Load()) {
    return;
  }
  const mjModel* m = s.m.get();
  mjData* d = s.d.get();
  int nefc = d->nefc;
  ASSERT_GT(nefc, 0) << "the scene should have constraints";
  std::vector<double> jar(nefc);
  for (int i = 0; i < nefc; i++) {
    jar[i] = 0.02 * std::sin(2.3 * i) - 0.005;
  }
  double cost_update = 0;
  mj_constraintUpdate(m, d, jar.data(), &cost_update, 0);
  std::vector<double> force(d->efc_force, d->efc_force + nefc);
  std::vector<int> state(d->efc_state, d->efc_state + nefc);
  for (int i = 0; i < nefc; i++) {
    d->efc_force[i] = 123;
  }
  double cost = mj_constraintCost(m, d, jar.data());
  EXPECT_TRUE(SameBits(cost, cost_update));
  for (int i = 0; i < nefc; i++) {
    EXPECT_TRUE(SameBits(d->efc_force[i], force[i])) << i;
    EXPECT_EQ(d->efc_state[i], state[i]) << i;
  }
}

}  // namespace
}  // namespace motus_test
