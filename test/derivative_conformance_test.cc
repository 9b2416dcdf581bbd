// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjd_transitionFD (engine_derivative_fd.cc) against MuJoCo 3.3.8: the oracle cannot print the
// matrices, so test/data/derivative/make_golden.py builds them by finite differences of the
// oracle's one-step map (one oracle mj_step per perturbed state or control, started from a
// keyframe holding the exact numbers), following the spec's description of mjd_transitionFD
// (tangent-space quaternion perturbations, control clamping, forward and centered differences).
// Regenerate with
//   python3 test/data/derivative/make_golden.py
// Three models: a smooth arm with ball and free joints and activations, a scene with contacts
// (pusher, box and ball on a plane; tolerance 0 and fixed iterations), and the shared
// slider_crank (equality constraint).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

// The bound: entries agree to 1e-6, relative to the entry for entries above 1 (force
// and acceleration sensors have derivatives of order 1e2). Both sides are quotients of one-step
// maps over eps = 1e-6; the two engines' maps agree to ~1e-13 (a few hundred ulps of the
// accelerations: different operation orders), so up to ~2e-7 is expected (measured: 1.8e-7 on
// an accelerometer entry of "arm").
constexpr double kTol = 1e-6;

struct Case {
  const char* name;
  const char* path;
  bool shared;
};

const Case kCases[] = {
    {"arm", "test/data/derivative/arm.xml", false},
    {"contact", "test/data/derivative/contact.xml", false},
    {"slider_crank", "models/slider_crank/slider_crank.xml", true},
};

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  return info.param.name;
}
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

void Copy(mjtNum* dst, const std::vector<double>& src, int n) {
  ASSERT_EQ(static_cast<int>(src.size()), n);
  std::copy(src.begin(), src.end(), dst);
}

class TransitionConformance : public ::testing::TestWithParam<Case> {};

TEST_P(TransitionConformance, MatchesOracleFiniteDifferences) {
  const Case& c = GetParam();
  std::string path = c.shared ? SharedPath(c.path) : SourcePath(c.path);
  if (path.empty()) {
    GTEST_SKIP() << "../shared/" << c.path << " not present";
  }
  ModelPtr model = LoadModel(path);
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  Golden g(SourcePath("test/data/derivative/" + std::string(c.name) + ".txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  int ndx = 2 * m->nv + m->na, nu = m->nu, ns = m->nsensordata;
  double eps = g.get(0, "eps")[0];

  for (int centered = 0; centered < 2; centered++) {
    SCOPED_TRACE(centered ? "centered" : "forward");
    // the oracle's evaluations start from mj_resetDataKeyframe: time 0, zero warm start
    mj_resetData(m, d);
    Copy(d->qpos, g.get(0, "qpos"), m->nq);
    Copy(d->qvel, g.get(0, "qvel"), m->nv);
    Copy(d->act, g.get(0, "act"), m->na);
    Copy(d->ctrl, g.get(0, "ctrl"), nu);
    std::vector<mjtNum> A(ndx * ndx), B(ndx * nu), C(ns * ndx), D(ns * nu);
    mjd_transitionFD(m, d, eps, centered, A.data(), B.data(), C.data(), D.data());

    std::string tag = centered ? "_ctr" : "_fwd";
    const std::vector<mjtNum>* mats[4] = {&A, &B, &C, &D};
    const char* names[4] = {"A", "B", "C", "D"};
    for (int k = 0; k < 4; k++) {
      const std::vector<double>& ref = g.get(0, names[k] + tag);
      EXPECT_TRUE(NearArrays(names[k] + tag, mats[k]->data(), static_cast<int>(mats[k]->size()),
                             ref, kTol, kTol));
      // the reference is not trivially small: the comparison can fail
      double amax = 0;
      for (double v : ref) {
        amax = std::max(amax, std::fabs(v));
      }
      if (!ref.empty()) {
        EXPECT_GT(amax, 1e-3) << names[k] << tag;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, TransitionConformance, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
}  // namespace motus_test
