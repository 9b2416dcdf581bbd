// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Determinism: the same model and controls give bit-identical trajectories on every run, in
// every mjData, with a thread pool of any size bound to the data, and with several mjData
// simulated at once on threads sharing one mjModel (no hidden global or static state). Resuming
// from mj_copyData or mj_getState/mj_setState is covered by state_test (StateResume).

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

struct Setup {
  const char* file;
  int integrator, solver, cone, jacobian;
};

mjModel* Load(const Setup& s) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(motus_test::SourcePath(s.file).c_str(), nullptr, error, sizeof(error));
  EXPECT_NE(m, nullptr) << s.file << ": " << error;
  if (m) {
    m->opt.integrator = s.integrator;
    m->opt.solver = s.solver;
    m->opt.cone = s.cone;
    m->opt.jacobian = s.jacobian;
  }
  return m;
}

// qpos, qvel, act, qacc and sensordata after each of n steps, with controls from a fixed
// sequence (a linear congruential generator: no library randomness)
std::vector<mjtNum> Trajectory(const mjModel* m, mjData* d, int n) {
  std::vector<mjtNum> out;
  uint64_t state = 12345;
  for (int t = 0; t < n; t++) {
    for (int i = 0; i < m->nu; i++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      d->ctrl[i] = static_cast<mjtNum>(static_cast<int>(state >> 40) % 2001 - 1000) / 1000.0;
    }
    mj_step(m, d);
    out.insert(out.end(), d->qpos, d->qpos + m->nq);
    out.insert(out.end(), d->qvel, d->qvel + m->nv);
    out.insert(out.end(), d->act, d->act + m->na);
    out.insert(out.end(), d->qacc, d->qacc + m->nv);
    out.insert(out.end(), d->sensordata, d->sensordata + m->nsensordata);
  }
  return out;
}

bool BitEqual(const std::vector<mjtNum>& a, const std::vector<mjtNum>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(mjtNum)) == 0;
}

const Setup kSetups[] = {
    {"model/scene_mixed.xml", mjINT_EULER, mjSOL_NEWTON, mjCONE_PYRAMIDAL, mjJAC_AUTO},
    {"model/scene_mixed.xml", mjINT_IMPLICITFAST, mjSOL_CG, mjCONE_ELLIPTIC, mjJAC_SPARSE},
    {"model/scene_mixed.xml", mjINT_RK4, mjSOL_PGS, mjCONE_PYRAMIDAL, mjJAC_DENSE},
    {"model/humanoid.xml", mjINT_IMPLICIT, mjSOL_NEWTON, mjCONE_ELLIPTIC, mjJAC_SPARSE},
    {"model/tendon_finger.xml", mjINT_EULER, mjSOL_NEWTON, mjCONE_PYRAMIDAL, mjJAC_DENSE},
};
constexpr int kSteps = 300;

class Determinism : public testing::TestWithParam<Setup> {};

// two runs in fresh mjData, and a third in an mjData that simulated something else before a
// reset, are identical to the last bit
TEST_P(Determinism, RepeatedRunsAreBitIdentical) {
  mjModel* m = Load(GetParam());
  ASSERT_NE(m, nullptr);
  mjData* a = mj_makeData(m);
  mjData* b = mj_makeData(m);
  std::vector<mjtNum> first = Trajectory(m, a, kSteps);
  std::vector<mjtNum> second = Trajectory(m, b, kSteps);
  EXPECT_TRUE(BitEqual(first, second));
  mj_resetData(m, a);
  EXPECT_TRUE(BitEqual(first, Trajectory(m, a, kSteps)));
  mj_deleteData(a);
  mj_deleteData(b);
  mj_deleteModel(m);
}

// a thread pool bound to the data (1, 2 or 4 threads) does not change any result
TEST_P(Determinism, ThreadPoolSizeDoesNotChangeResults) {
  mjModel* m = Load(GetParam());
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  std::vector<mjtNum> reference = Trajectory(m, d, kSteps);
  for (int threads : {1, 2, 4}) {
    mjThreadPool* pool = mju_threadPoolCreate(threads);
    mjData* p = mj_makeData(m);
    mju_bindThreadPool(p, pool);
    EXPECT_TRUE(BitEqual(reference, Trajectory(m, p, kSteps))) << threads << " threads";
    mj_deleteData(p);
    mju_threadPoolDestroy(pool);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// four threads simulate their own mjData on one shared mjModel at the same time
TEST_P(Determinism, ConcurrentDataOnOneModel) {
  mjModel* m = Load(GetParam());
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  std::vector<mjtNum> reference = Trajectory(m, d, kSteps);
  const int kThreads = 4;
  std::vector<std::vector<mjtNum>> results(kThreads);
  std::vector<mjData*> data(kThreads);
  for (int i = 0; i < kThreads; i++) {
    data[i] = mj_makeData(m);
  }
  std::vector<std::thread> workers;
  for (int i = 0; i < kThreads; i++) {
    workers.emplace_back([&, i] { results[i] = Trajectory(m, data[i], kSteps); });
  }
  for (std::thread& w : workers) {
    w.join();
  }
  for (int i = 0; i < kThreads; i++) {
    EXPECT_TRUE(BitEqual(reference, results[i])) << "thread " << i;
    mj_deleteData(data[i]);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mj_copyData in the middle of a run, continued in the copy with a thread pool bound
TEST_P(Determinism, CopyResumesBitIdenticallyWithAThreadPool) {
  mjModel* m = Load(GetParam());
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Trajectory(m, d, kSteps / 2);
  mjData* copy = mj_copyData(nullptr, m, d);
  mjThreadPool* pool = mju_threadPoolCreate(2);
  mju_bindThreadPool(copy, pool);
  EXPECT_TRUE(BitEqual(Trajectory(m, d, kSteps / 2), Trajectory(m, copy, kSteps / 2)));
  mj_deleteData(copy);
  mju_threadPoolDestroy(pool);
  mj_deleteData(d);
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(Setups, Determinism, testing::ValuesIn(kSetups));

}  // namespace
