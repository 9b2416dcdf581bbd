// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Batch rollouts (include/motus/rollout.h): results are bitwise identical to stepping each
// rollout alone with mj_step on a fresh mjData, for 1 to 4 threads and several chunk sizes;
// diverging rollouts stop with a per-rollout status; invalid batches are rejected with a message
// and write nothing; a batch allocates nothing.

#include <motus/rollout.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <atomic>
#include <new>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::SourcePath;

mjModel* LoadModel(const std::string& path) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  EXPECT_NE(m, nullptr) << path << ": " << error;
  return m;
}

mjModel* LoadModelText(const std::string& name, const std::string& xml) {
  std::string path = testing::TempDir() + "/rollout_" + name + ".xml";
  FILE* f = fopen(path.c_str(), "w");
  EXPECT_NE(f, nullptr);
  fputs(xml.c_str(), f);
  fclose(f);
  return LoadModel(path);
}

// deterministic pseudo-random numbers in [-1, 1) (xorshift64)
struct Noise {
  uint64_t s;
  explicit Noise(uint64_t seed) : s(seed * 2654435761u + 1) {}
  double next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return static_cast<double>(s >> 11) / 4503599627370496.0 - 1.0;
  }
};

// initial states: the model's reset state with qpos and qvel perturbed, one per rollout
std::vector<mjtNum> InitialStates(const mjModel* m, int nroll, int spec, double scale) {
  int n = mj_stateSize(m, spec);
  std::vector<mjtNum> out(static_cast<size_t>(nroll) * n);
  mjData* d = mj_makeData(m);
  Noise noise(7);
  for (int r = 0; r < nroll; r++) {
    mj_resetData(m, d);
    d->time = 0.25 * r;
    for (int i = 0; i < m->nv; i++) {
      d->qvel[i] = scale * noise.next();
    }
    mj_integratePos(m, d->qpos, d->qvel, 0.1);
    mj_getState(m, d, out.data() + static_cast<size_t>(r) * n, spec);
  }
  mj_deleteData(d);
  return out;
}

std::vector<mjtNum> Random(size_t n, uint64_t seed, double scale) {
  std::vector<mjtNum> out(n);
  Noise noise(seed);
  for (auto& x : out) {
    x = scale * noise.next();
  }
  return out;
}

// outputs of a batch
struct Outputs {
  std::vector<mjtNum> state, sensordata;
  std::vector<mtrStatus> status;
};

// point the batch's outputs at `out`, sized for the batch
void Attach(const mjModel* m, mtrBatch* b, Outputs* out) {
  size_t steps = static_cast<size_t>(b->nroll) * b->nstep;
  out->state.assign(steps * mj_stateSize(m, b->state_spec), -7.0);
  out->sensordata.assign(steps * m->nsensordata, -7.0);
  out->status.assign(b->nroll, mtrStatus{-7, -7, -7});
  b->state = out->state.data();
  b->state_size = out->state.size();
  b->sensordata = m->nsensordata ? out->sensordata.data() : nullptr;
  b->sensordata_size = m->nsensordata ? out->sensordata.size() : 0;
  b->status = out->status.data();
  b->status_size = out->status.size();
}

// The definition: each rollout alone on a fresh mjData, stepped with mj_step, stopping after the
// first step that raises a warning and repeating that step's outputs.
Outputs Reference(const mtrBatch& b) {
  const mjModel* m0 = b.model[0];
  Outputs out;
  int ninit = mj_stateSize(m0, b.initial_spec), nctrl = mj_stateSize(m0, b.control_spec);
  int nstate = mj_stateSize(m0, b.state_spec), nsensor = m0->nsensordata;
  out.state.resize(static_cast<size_t>(b.nroll) * b.nstep * nstate);
  out.sensordata.resize(static_cast<size_t>(b.nroll) * b.nstep * nsensor);
  out.status.resize(b.nroll);
  for (int r = 0; r < b.nroll; r++) {
    const mjModel* m = b.model[b.nmodel == 1 ? 0 : r];
    mjData* d = mj_makeData(m);
    if (b.initial_spec) {
      mj_setState(m, d, b.initial_state + static_cast<size_t>(r) * ninit, b.initial_spec);
    }
    if (b.initial_warmstart) {
      mju_copy(d->qacc_warmstart, b.initial_warmstart + static_cast<size_t>(r) * m->nv, m->nv);
    }
    out.status[r] = {b.nstep, -1, 0};
    bool stopped = false;
    for (int t = 0; t < b.nstep; t++) {
      size_t step = static_cast<size_t>(r) * b.nstep + t;
      if (!stopped) {
        if (b.control_spec) {
          mj_setState(m, d, b.control + step * nctrl, b.control_spec);
        }
        mj_step(m, d);
      }
      mj_getState(m, d, out.state.data() + step * nstate, b.state_spec);
      mju_copy(out.sensordata.data() + step * nsensor, d->sensordata, nsensor);
      for (int w = 0; w < mjNWARNING && !stopped; w++) {
        if (d->warning[w].number) {
          out.status[r] = {t + 1, w, d->warning[w].lastinfo};
          stopped = true;
        }
      }
    }
    mj_deleteData(d);
  }
  return out;
}

bool SameBits(const std::vector<mjtNum>& a, const std::vector<mjtNum>& b) {
  return a.size() == b.size() && !memcmp(a.data(), b.data(), a.size() * sizeof(mjtNum));
}

void ExpectSameStatus(const std::vector<mtrStatus>& a, const std::vector<mtrStatus>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t r = 0; r < a.size(); r++) {
    EXPECT_EQ(a[r].nstep, b[r].nstep) << "rollout " << r;
    EXPECT_EQ(a[r].warning, b[r].warning) << "rollout " << r;
    EXPECT_EQ(a[r].info, b[r].info) << "rollout " << r;
  }
}

// run the batch with 1..4 threads and a few chunk sizes; every run equals the reference bitwise
void ExpectMatchesReference(mtrBatch b, const mjModel* m) {
  Outputs want = Reference(b);
  for (int nthread = 1; nthread <= 4; nthread++) {
    char error[500] = "";
    mtrRollout* r = mtr_makeRollout(m, nthread, error, sizeof(error));
    ASSERT_NE(r, nullptr) << error;
    EXPECT_EQ(mtr_rolloutThreads(r), nthread);
    for (int chunk : {0, 1, 3}) {
      Outputs got;
      b.chunk_size = chunk;
      Attach(b.model[0], &b, &got);
      int stopped = mtr_rollout(r, &b, error, sizeof(error));
      int want_stopped = 0;
      for (const mtrStatus& s : want.status) {
        want_stopped += s.warning >= 0;
      }
      EXPECT_EQ(stopped, want_stopped) << error;
      EXPECT_TRUE(SameBits(got.state, want.state)) << nthread << " threads, chunk " << chunk;
      EXPECT_TRUE(SameBits(got.sensordata, want.sensordata))
          << nthread << " threads, chunk " << chunk;
      ExpectSameStatus(got.status, want.status);
    }
    mtr_deleteRollout(r);
  }
}

TEST(RolloutTest, HumanoidEqualsSteppingEachRolloutAlone) {
  mjModel* m = LoadModel(SourcePath("model/humanoid.xml"));
  ASSERT_NE(m, nullptr);
  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = &m;
  b.nmodel = 1;
  b.nroll = 7;
  b.nstep = 30;
  b.initial_spec = mjSTATE_FULLPHYSICS;
  std::vector<mjtNum> init = InitialStates(m, b.nroll, b.initial_spec, 1.0);
  b.initial_state = init.data();
  b.initial_state_size = init.size();
  std::vector<mjtNum> warm = Random(static_cast<size_t>(b.nroll) * m->nv, 3, 0.5);
  b.initial_warmstart = warm.data();
  b.initial_warmstart_size = warm.size();
  b.control_spec = mjSTATE_CTRL | mjSTATE_QFRC_APPLIED | mjSTATE_XFRC_APPLIED;
  std::vector<mjtNum> ctrl =
      Random(static_cast<size_t>(b.nroll) * b.nstep * mj_stateSize(m, b.control_spec), 5, 0.4);
  b.control = ctrl.data();
  b.control_size = ctrl.size();
  b.state_spec = mjSTATE_INTEGRATION;  // every input echoed back, plus the warm start
  ExpectMatchesReference(b, m);
  mj_deleteModel(m);
}

// The arm: contacts with elliptic cones, implicitfast, sensors, and a mocap target driven through
// mocap_pos with its weld toggled through eq_active.
TEST(RolloutTest, ArmWithMocapAndEqualityControls) {
  mjModel* m = LoadModel(SourcePath("model/robot_arm.xml"));
  ASSERT_NE(m, nullptr);
  ASSERT_GT(m->nmocap, 0);
  ASSERT_GT(m->neq, 0);
  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = &m;
  b.nmodel = 1;
  b.nroll = 5;
  b.nstep = 40;
  b.initial_spec = mjSTATE_QPOS | mjSTATE_QVEL;
  std::vector<mjtNum> init = InitialStates(m, b.nroll, b.initial_spec, 0.3);
  b.initial_state = init.data();
  b.initial_state_size = init.size();
  b.control_spec = mjSTATE_CTRL | mjSTATE_EQ_ACTIVE | mjSTATE_MOCAP_POS;
  int nctrl = mj_stateSize(m, b.control_spec);
  std::vector<mjtNum> ctrl = Random(static_cast<size_t>(b.nroll) * b.nstep * nctrl, 11, 0.5);
  int mocap_body = 0;
  while (m->body_mocapid[mocap_body] != 0) {
    mocap_body++;
  }
  for (size_t step = 0; step < static_cast<size_t>(b.nroll) * b.nstep; step++) {
    mjtNum* c = ctrl.data() + step * nctrl;
    c[m->nu] = (step / 10) % 2;  // the weld: on for 10 steps, off for 10
    for (int i = 0; i < 3; i++) {
      c[m->nu + m->neq + i] = m->body_pos[3 * mocap_body + i] + 0.1 * c[m->nu + 1 + i];
    }
  }
  b.control = ctrl.data();
  b.control_size = ctrl.size();
  ExpectMatchesReference(b, m);
  mj_deleteModel(m);
}

// One model per rollout: the same structure with different gravity and damping.
TEST(RolloutTest, OneModelPerRollout) {
  mjModel* base = LoadModel(SourcePath("model/humanoid.xml"));
  ASSERT_NE(base, nullptr);
  const int nroll = 4;
  std::vector<mjModel*> models;
  for (int r = 0; r < nroll; r++) {
    mjModel* m = mj_copyModel(nullptr, base);
    m->opt.gravity[2] = -9.81 * (1 + 0.2 * r);
    for (int i = 0; i < m->nv; i++) {
      m->dof_damping[i] += 0.5 * r;
    }
    models.push_back(m);
  }
  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = models.data();
  b.nmodel = nroll;
  b.nroll = nroll;
  b.nstep = 25;
  ExpectMatchesReference(b, base);
  // the rollouts really differ: the last steps of rollouts 0 and 3 are not equal
  Outputs want = Reference(b);
  size_t n = mj_stateSize(base, b.state_spec) * static_cast<size_t>(b.nstep);
  EXPECT_NE(memcmp(want.state.data() + n - 5, want.state.data() + 4 * n - 5, 5 * sizeof(mjtNum)),
            0);
  for (mjModel* m : models) {
    mj_deleteModel(m);
  }
  mj_deleteModel(base);
}

// a slide joint so stiff that explicit Euler is unstable (k dt^2 / mass = 1000): a rollout that
// starts displaced diverges within a few steps, one that starts at rest stays there
const char kStiffXml[] = R"(
<mujoco>
  <option timestep="0.01" gravity="0 0 0"/>
  <worldbody>
    <body>
      <joint name="slide" type="slide" axis="1 0 0" stiffness="1e7"/>
      <geom type="sphere" size="0.1" mass="1" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <sensor>
    <jointpos joint="slide"/>
    <jointvel joint="slide"/>
  </sensor>
</mujoco>)";

std::atomic<int> g_warnings{0};
void CountWarning(const char*) {
  g_warnings++;
}

TEST(RolloutTest, DivergingRolloutsStopWithTheirWarning) {
  mjModel* m = LoadModelText("stiff", kStiffXml);
  ASSERT_NE(m, nullptr);
  // the divergence warnings are expected (and come from several threads)
  mju_user_warning = CountWarning;
  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = &m;
  b.nmodel = 1;
  b.nroll = 6;
  b.nstep = 20;
  b.initial_spec = mjSTATE_QPOS;
  // rollouts 1 and 4 start displaced and diverge; rollout 5 starts at NaN
  std::vector<mjtNum> init = {0, 1e-3, 0, 0, -2e-3, NAN};
  b.initial_state = init.data();
  b.initial_state_size = init.size();
  Outputs want = Reference(b);
  for (int r : {0, 2, 3}) {
    EXPECT_EQ(want.status[r].nstep, b.nstep);
    EXPECT_EQ(want.status[r].warning, -1);
  }
  for (int r : {1, 4}) {
    EXPECT_GT(want.status[r].nstep, 1);
    EXPECT_LT(want.status[r].nstep, b.nstep);
    EXPECT_TRUE(want.status[r].warning == mjWARN_BADQACC ||
                want.status[r].warning == mjWARN_BADQVEL ||
                want.status[r].warning == mjWARN_BADQPOS)
        << want.status[r].warning;
  }
  EXPECT_EQ(want.status[5].nstep, 1);
  EXPECT_EQ(want.status[5].warning, mjWARN_BADQPOS);
  ExpectMatchesReference(b, m);

  // a stopped rollout's remaining steps repeat the step that warned, in which mj_step reset the
  // data and took one step from the reset: its time is one timestep and stops advancing
  mtrRollout* r = mtr_makeRollout(m, 2, nullptr, 0);
  ASSERT_NE(r, nullptr);
  Outputs got;
  Attach(m, &b, &got);
  EXPECT_EQ(mtr_rollout(r, &b, nullptr, 0), 3);
  size_t nstate = mj_stateSize(m, b.state_spec);
  int stop = got.status[1].nstep;
  const mjtNum* roll1 = got.state.data() + b.nstep * nstate;
  EXPECT_EQ(roll1[(stop - 1) * nstate], m->opt.timestep);
  for (int t = stop; t < b.nstep; t++) {
    EXPECT_EQ(memcmp(roll1 + t * nstate, roll1 + (stop - 1) * nstate, nstate * sizeof(mjtNum)), 0);
  }
  EXPECT_GT(g_warnings.load(), 0);
  mju_user_warning = nullptr;
  mtr_deleteRollout(r);
  mj_deleteModel(m);
}

// ---------------------------------------------------------------------------------------------
// invalid batches: -1, a message naming the problem, and no output written

struct BadBatchCase {
  const char* expect;  // part of the message
  void (*edit)(mtrBatch* b);
};

TEST(RolloutTest, InvalidBatchesAreRejectedWithAMessage) {
  mjModel* m = LoadModel(SourcePath("model/humanoid.xml"));
  mjModel* other = LoadModel(SourcePath("model/robot_arm.xml"));
  ASSERT_TRUE(m && other);
  mtrRollout* r = mtr_makeRollout(m, 2, nullptr, 0);
  ASSERT_NE(r, nullptr);

  mtrBatch good;
  mtr_defaultBatch(&good);
  good.model = &m;
  good.nmodel = 1;
  good.nroll = 3;
  good.nstep = 4;
  good.initial_spec = mjSTATE_QPOS;
  std::vector<mjtNum> init = InitialStates(m, good.nroll, good.initial_spec, 0.1);
  good.initial_state = init.data();
  good.initial_state_size = init.size();
  good.control_spec = mjSTATE_CTRL;
  std::vector<mjtNum> ctrl(static_cast<size_t>(good.nroll) * good.nstep * m->nu, 0.1);
  good.control = ctrl.data();
  good.control_size = ctrl.size();
  Outputs out;
  Attach(m, &good, &out);
  char error[500];
  ASSERT_EQ(mtr_rollout(r, &good, error, sizeof(error)), 0) << error;

  static mjModel* s_other;  // the lambdas below cannot capture
  s_other = other;
  const BadBatchCase cases[] = {
      {"model is NULL", [](mtrBatch* b) { b->model = nullptr; }},
      {"nmodel", [](mtrBatch* b) { b->nmodel = 2; }},
      {"model[1] is NULL",
       [](mtrBatch* b) {
         static const mjModel* ms[3];
         ms[0] = b->model[0];
         ms[1] = nullptr;
         ms[2] = b->model[0];
         b->model = ms;
         b->nmodel = 3;
       }},
      {"not compatible", [](mtrBatch* b) { b->model = &s_other; }},
      {"negative", [](mtrBatch* b) { b->nroll = -1; }},
      {"negative", [](mtrBatch* b) { b->nstep = -2; }},
      {"chunk_size", [](mtrBatch* b) { b->chunk_size = -1; }},
      {"initial_spec", [](mtrBatch* b) { b->initial_spec = 1 << mjNSTATE; }},
      {"initial_spec", [](mtrBatch* b) { b->initial_spec = -1; }},
      {"state_spec", [](mtrBatch* b) { b->state_spec = 1 << 20; }},
      {"state_spec is 0", [](mtrBatch* b) { b->state_spec = 0; }},
      {"control_spec", [](mtrBatch* b) { b->control_spec = mjSTATE_QPOS; }},
      {"control_spec", [](mtrBatch* b) { b->control_spec = mjSTATE_CTRL | 1 << 14; }},
      {"initial_state is NULL",
       [](mtrBatch* b) {
         b->initial_state = nullptr;
         b->initial_state_size = 0;
       }},
      {"initial_state_size", [](mtrBatch* b) { b->initial_state_size -= 1; }},
      {"initial_state_size", [](mtrBatch* b) { b->initial_spec = mjSTATE_QPOS | mjSTATE_QVEL; }},
      {"initial_state is given", [](mtrBatch* b) { b->initial_spec = 0; }},
      {"control is NULL",
       [](mtrBatch* b) {
         b->control = nullptr;
         b->control_size = 0;
       }},
      {"control_size", [](mtrBatch* b) { b->control_size += 1; }},
      {"control_size", [](mtrBatch* b) { b->nstep = 5; }},
      {"initial_warmstart",
       [](mtrBatch* b) {
         b->initial_warmstart = b->initial_state;
         b->initial_warmstart_size = b->initial_state_size;
       }},
      {"initial_warmstart is NULL", [](mtrBatch* b) { b->initial_warmstart_size = 3; }},
      {"state_size", [](mtrBatch* b) { b->state_size /= 2; }},
      {"state_size", [](mtrBatch* b) { b->state_spec = mjSTATE_QPOS; }},
      {"sensordata is NULL",
       [](mtrBatch* b) {
         b->sensordata = nullptr;
         b->sensordata_size = 10;
       }},
      {"status_size", [](mtrBatch* b) { b->status_size = 2; }},
      {"status is NULL", [](mtrBatch* b) { b->status = nullptr; }},
      {"no output",
       [](mtrBatch* b) {
         b->state = nullptr;
         b->state_size = 0;
         b->status = nullptr;
         b->status_size = 0;
         b->sensordata = nullptr;
         b->sensordata_size = 0;
       }},
  };
  for (const BadBatchCase& c : cases) {
    mtrBatch b = good;
    c.edit(&b);
    Outputs before = out;
    snprintf(error, sizeof(error), "(none)");
    EXPECT_EQ(mtr_rollout(r, &b, error, sizeof(error)), -1) << "expected: " << c.expect;
    EXPECT_NE(strstr(error, c.expect), nullptr) << "message: " << error;
    EXPECT_TRUE(SameBits(out.state, before.state)) << c.expect;
    EXPECT_TRUE(SameBits(out.sensordata, before.sensordata)) << c.expect;
  }
  EXPECT_EQ(mtr_rollout(r, nullptr, error, sizeof(error)), -1);
  EXPECT_NE(strstr(error, "batch is NULL"), nullptr) << error;
  EXPECT_EQ(mtr_rollout(nullptr, &good, error, sizeof(error)), -1);
  EXPECT_NE(strstr(error, "NULL"), nullptr) << error;
  EXPECT_EQ(mtr_rollout(r, &good, nullptr, 0), 0);  // no error buffer: still fine

  // empty batches are valid
  mtrBatch empty = good;
  empty.nstep = 0;
  empty.control = nullptr;
  empty.control_size = 0;
  empty.state_size = 0;
  empty.sensordata = nullptr;
  empty.sensordata_size = 0;
  EXPECT_EQ(mtr_rollout(r, &empty, error, sizeof(error)), 0) << error;

  mtr_deleteRollout(r);
  mj_deleteModel(other);
  mj_deleteModel(m);
}

TEST(RolloutTest, MakeRolloutRejectsBadArguments) {
  mjModel* m = LoadModel(SourcePath("model/humanoid.xml"));
  ASSERT_NE(m, nullptr);
  char error[300] = "";
  EXPECT_EQ(mtr_makeRollout(nullptr, 1, error, sizeof(error)), nullptr);
  EXPECT_NE(strstr(error, "model is NULL"), nullptr) << error;
  EXPECT_EQ(mtr_makeRollout(m, -1, error, sizeof(error)), nullptr);
  EXPECT_NE(strstr(error, "nthread"), nullptr) << error;
  EXPECT_EQ(mtr_makeRollout(m, mjMAXTHREAD + 1, error, sizeof(error)), nullptr);
  EXPECT_NE(strstr(error, "nthread"), nullptr) << error;
  mtrRollout* r = mtr_makeRollout(m, 0, error, sizeof(error));  // one per core
  ASSERT_NE(r, nullptr) << error;
  EXPECT_GE(mtr_rolloutThreads(r), 1);
  mtr_deleteRollout(r);
  mtr_deleteRollout(nullptr);
  EXPECT_EQ(mtr_rolloutThreads(nullptr), 0);
  mj_deleteModel(m);
}

// ---------------------------------------------------------------------------------------------
// a batch allocates nothing: every mju_malloc and every C++ allocation is counted

std::atomic<long> g_allocations{0};

void* CountingMalloc(size_t size) {
  g_allocations++;
  return aligned_alloc(64, (size + 63) / 64 * 64);
}

TEST(RolloutTest, BatchAllocatesNothing) {
  mjModel* m = LoadModel(SourcePath("model/humanoid.xml"));
  ASSERT_NE(m, nullptr);
  mju_user_malloc = CountingMalloc;
  g_allocations = 0;
  mtrRollout* r = mtr_makeRollout(m, 3, nullptr, 0);
  ASSERT_NE(r, nullptr);
  EXPECT_GT(g_allocations.load(), 3);  // the counters see the mjData and the thread pool
  mju_user_malloc = nullptr;
  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = &m;
  b.nmodel = 1;
  b.nroll = 9;
  b.nstep = 20;
  Outputs out;
  Attach(m, &b, &out);
  mju_user_malloc = CountingMalloc;
  g_allocations = 0;
  EXPECT_EQ(mtr_rollout(r, &b, nullptr, 0), 0);
  long during = g_allocations.load();
  mju_user_malloc = nullptr;
  EXPECT_EQ(during, 0);
  mtr_deleteRollout(r);
  mj_deleteModel(m);
}

}  // namespace

// C++ allocations anywhere in the process are counted too (the library's objects are linked
// into this test); GCC cannot see that this operator new allocates with malloc. Every form of
// new and delete is replaced, so that no block crosses between these and the runtime's own
// (AddressSanitizer reports a block from its nothrow new released by this delete, as
// std::stable_sort's temporary buffer was).
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
namespace {
void* CountedNew(size_t size) noexcept {
  g_allocations++;
  return malloc(size ? size : 1);
}
}  // namespace
void* operator new(size_t size) {
  void* p = CountedNew(size);
  if (!p) {
    throw std::bad_alloc();
  }
  return p;
}
void* operator new[](size_t size) {
  void* p = CountedNew(size);
  if (!p) {
    throw std::bad_alloc();
  }
  return p;
}
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  return CountedNew(size);
}
void* operator new[](size_t size, const std::nothrow_t&) noexcept {
  return CountedNew(size);
}
void operator delete(void* p) noexcept {
  free(p);
}
void operator delete(void* p, size_t) noexcept {
  free(p);
}
void operator delete[](void* p) noexcept {
  free(p);
}
void operator delete[](void* p, size_t) noexcept {
  free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  free(p);
}
