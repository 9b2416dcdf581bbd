// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Determinism: the same model and controls give bit-identical trajectories on every run, in
// every mjData, with a thread pool of any size bound to the data, and with several mjData
// simulated at once on threads sharing one mjModel (no hidden global or static state), and batch
// rollouts (include/motus/rollout.h) equal serial stepping for every thread count. Resuming from
// mj_copyData or mj_getState/mj_setState is covered by state_test (StateResume), the scalar and
// vector kernels at -O0 and -O3 by the ctest determinism_o0_scalar. Every setup has contacts
// during its runs, so that the contact and solver paths are compared.

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <motus/rollout.h>
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
  EXPECT_GT(a->ncon, 0);
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

// A batch of rollouts with different initial velocities and controls, run with 1 to 4 threads,
// equals each rollout stepped alone with mj_step, bit for bit.
TEST_P(Determinism, RolloutThreadCountDoesNotChangeResults) {
  mjModel* m = Load(GetParam());
  ASSERT_NE(m, nullptr);
  const int kRoll = 5, kStep = 120;
  const int spec = mjSTATE_FULLPHYSICS, nstate = mj_stateSize(m, spec);
  std::vector<mjtNum> control(static_cast<size_t>(kRoll) * kStep * m->nu);
  std::vector<mjtNum> qvel(static_cast<size_t>(kRoll) * m->nv);
  uint64_t lcg = 777;
  for (std::vector<mjtNum>* v : {&control, &qvel}) {
    for (mjtNum& x : *v) {
      lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
      x = static_cast<mjtNum>(static_cast<int>(lcg >> 40) % 2001 - 1000) / 1000.0;
    }
  }

  // serial reference
  std::vector<mjtNum> reference;
  mjData* d = mj_makeData(m);
  for (int r = 0; r < kRoll; r++) {
    mj_resetData(m, d);
    mj_setState(m, d, qvel.data() + static_cast<size_t>(r) * m->nv, mjSTATE_QVEL);
    int contacts = 0;
    for (int t = 0; t < kStep; t++) {
      if (m->nu) {
        mj_setState(m, d, control.data() + (static_cast<size_t>(r) * kStep + t) * m->nu,
                    mjSTATE_CTRL);
      }
      mj_step(m, d);
      contacts += d->ncon;
      std::vector<mjtNum> state(nstate);
      mj_getState(m, d, state.data(), spec);
      reference.insert(reference.end(), state.begin(), state.end());
    }
    EXPECT_GT(contacts, 0) << "rollout " << r;
  }
  mj_deleteData(d);

  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = &m;
  b.nmodel = 1;
  b.nroll = kRoll;
  b.nstep = kStep;
  b.initial_spec = mjSTATE_QVEL;
  b.initial_state = qvel.data();
  b.initial_state_size = qvel.size();
  b.control_spec = m->nu ? mjSTATE_CTRL : 0;
  b.control = m->nu ? control.data() : nullptr;
  b.control_size = m->nu ? control.size() : 0;
  b.state_spec = spec;
  for (int nthread = 1; nthread <= 4; nthread++) {
    char error[500] = "";
    mtrRollout* r = mtr_makeRollout(m, nthread, error, sizeof(error));
    ASSERT_NE(r, nullptr) << error;
    std::vector<mjtNum> states(reference.size());
    b.state = states.data();
    b.state_size = states.size();
    EXPECT_EQ(mtr_rollout(r, &b, error, sizeof(error)), 0) << error;
    EXPECT_TRUE(BitEqual(reference, states)) << nthread << " threads";
    mtr_deleteRollout(r);
  }
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(Setups, Determinism, testing::ValuesIn(kSetups));

}  // namespace
