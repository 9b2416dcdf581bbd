// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// State vectors (mj_stateSize, mj_getState, mj_setState, mj_copyState, mj_extractState) on the
// hand-built test model; the expected layout is the mjtState components concatenated in bit
// order (programming_simulation.rst "State and control").

#include <string.h>

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"
#include "io_model.h"

namespace {

using motus_test::MakeTestModel;
using motus_test::MujocoError;
using motus_test::ScopedErrorCapture;

// sizes of the components of the test model, in bit order, computed by hand from its sizes:
// nq 7, nv 6, na 1, nhistory 4, nu 2, nbody 3, neq 1, nmocap 1, nuserdata 3, npluginstate 0
const int kComponentSize[mjNSTATE] = {1, 7, 6, 1, 4, 6, 2, 6, 18, 1, 3, 4, 3, 0};

// a distinct value in every state field; eq_active toggled off
void FillState(mjData* d, double base) {
  double v = base;
  d->time = v++;
  for (int i = 0; i < 7; i++) {
    d->qpos[i] = v++;
  }
  for (int i = 0; i < 6; i++) {
    d->qvel[i] = v++;
  }
  d->act[0] = v++;
  for (int i = 0; i < 4; i++) {
    d->history[i] = v++;
  }
  for (int i = 0; i < 6; i++) {
    d->qacc_warmstart[i] = v++;
  }
  for (int i = 0; i < 2; i++) {
    d->ctrl[i] = v++;
  }
  for (int i = 0; i < 6; i++) {
    d->qfrc_applied[i] = v++;
  }
  for (int i = 0; i < 18; i++) {
    d->xfrc_applied[i] = v++;
  }
  d->eq_active[0] = 0;
  for (int i = 0; i < 3; i++) {
    d->mocap_pos[i] = v++;
  }
  for (int i = 0; i < 4; i++) {
    d->mocap_quat[i] = v++;
  }
  for (int i = 0; i < 3; i++) {
    d->userdata[i] = v++;
  }
}

// pointer to component `bit` of d as mjtNum (eq_active handled separately)
std::vector<mjtNum> Component(const mjData* d, int bit) {
  switch (1 << bit) {
    case mjSTATE_TIME:
      return {d->time};
    case mjSTATE_QPOS:
      return {d->qpos, d->qpos + 7};
    case mjSTATE_QVEL:
      return {d->qvel, d->qvel + 6};
    case mjSTATE_ACT:
      return {d->act, d->act + 1};
    case mjSTATE_HISTORY:
      return {d->history, d->history + 4};
    case mjSTATE_WARMSTART:
      return {d->qacc_warmstart, d->qacc_warmstart + 6};
    case mjSTATE_CTRL:
      return {d->ctrl, d->ctrl + 2};
    case mjSTATE_QFRC_APPLIED:
      return {d->qfrc_applied, d->qfrc_applied + 6};
    case mjSTATE_XFRC_APPLIED:
      return {d->xfrc_applied, d->xfrc_applied + 18};
    case mjSTATE_EQ_ACTIVE:
      return {static_cast<mjtNum>(d->eq_active[0])};
    case mjSTATE_MOCAP_POS:
      return {d->mocap_pos, d->mocap_pos + 3};
    case mjSTATE_MOCAP_QUAT:
      return {d->mocap_quat, d->mocap_quat + 4};
    case mjSTATE_USERDATA:
      return {d->userdata, d->userdata + 3};
    default:
      return {};
  }
}

TEST(State, SizesOfComponentsAndComposites) {
  mjModel* m = MakeTestModel();
  int total = 0;
  for (int bit = 0; bit < mjNSTATE; bit++) {
    EXPECT_EQ(mj_stateSize(m, 1 << bit), kComponentSize[bit]) << "bit " << bit;
    total += kComponentSize[bit];
  }
  EXPECT_EQ(mj_stateSize(m, 0), 0);
  EXPECT_EQ(mj_stateSize(m, (1 << mjNSTATE) - 1), total);
  EXPECT_EQ(mj_stateSize(m, mjSTATE_INTEGRATION), total);
  EXPECT_EQ(mj_stateSize(m, mjSTATE_PHYSICS), 7 + 6 + 1 + 4);
  EXPECT_EQ(mj_stateSize(m, mjSTATE_FULLPHYSICS), 1 + 7 + 6 + 1 + 4 + 0);
  EXPECT_EQ(mj_stateSize(m, mjSTATE_USER), 2 + 6 + 18 + 1 + 3 + 4 + 3);
  mj_deleteModel(m);
}

TEST(State, GetConcatenatesInBitOrder) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  FillState(d, 1);
  for (int sig : {int(mjSTATE_INTEGRATION), mjSTATE_QPOS | mjSTATE_CTRL | mjSTATE_USERDATA,
                  mjSTATE_TIME | mjSTATE_EQ_ACTIVE, int(mjSTATE_PHYSICS), 0}) {
    std::vector<mjtNum> expected;
    for (int bit = 0; bit < mjNSTATE; bit++) {
      if (sig & (1 << bit)) {
        std::vector<mjtNum> c = Component(d, bit);
        expected.insert(expected.end(), c.begin(), c.end());
      }
    }
    std::vector<mjtNum> state(mj_stateSize(m, sig) + 1, -7);
    ASSERT_EQ(state.size(), expected.size() + 1);
    mj_getState(m, d, state.data(), sig);
    EXPECT_EQ(std::vector<mjtNum>(state.begin(), state.end() - 1), expected) << "sig " << sig;
    EXPECT_EQ(state.back(), -7);  // nothing written past the end
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(State, SetGetRoundTripIsBitwise) {
  mjModel* m = MakeTestModel();
  mjData* src = mj_makeData(m);
  mjData* dst = mj_makeData(m);
  FillState(src, 0.1);
  src->qpos[2] = -0.0;  // signed zero and a denormal survive bit for bit
  src->qvel[0] = 4.9e-324;
  int sig = mjSTATE_INTEGRATION;
  int n = mj_stateSize(m, sig);
  std::vector<mjtNum> a(n), b(n);
  mj_getState(m, src, a.data(), sig);
  mj_setState(m, dst, a.data(), sig);
  mj_getState(m, dst, b.data(), sig);
  EXPECT_EQ(memcmp(a.data(), b.data(), n * sizeof(mjtNum)), 0);
  EXPECT_EQ(dst->eq_active[0], 0);
  EXPECT_EQ(memcmp(src->xfrc_applied, dst->xfrc_applied, 18 * sizeof(mjtNum)), 0);

  // set only some components: the others keep their values
  mj_resetData(m, dst);
  std::vector<mjtNum> part(mj_stateSize(m, mjSTATE_QVEL | mjSTATE_MOCAP_QUAT));
  mj_getState(m, src, part.data(), mjSTATE_QVEL | mjSTATE_MOCAP_QUAT);
  mj_setState(m, dst, part.data(), mjSTATE_QVEL | mjSTATE_MOCAP_QUAT);
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ(dst->qvel[i], src->qvel[i]);
  }
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(dst->mocap_quat[i], src->mocap_quat[i]);
  }
  for (int i = 0; i < 7; i++) {
    EXPECT_EQ(dst->qpos[i], m->qpos0[i]);
  }
  EXPECT_EQ(dst->eq_active[0], 1);

  // eq_active from the state: nonzero is active
  mjtNum on = 0.5;
  mj_setState(m, dst, &on, mjSTATE_EQ_ACTIVE);
  EXPECT_EQ(dst->eq_active[0], 1);
  mj_deleteData(dst);
  mj_deleteData(src);
  mj_deleteModel(m);
}

TEST(State, CopyState) {
  mjModel* m = MakeTestModel();
  mjData* src = mj_makeData(m);
  mjData* dst = mj_makeData(m);
  FillState(src, 3);
  mj_copyState(m, src, dst, mjSTATE_INTEGRATION);
  int n = mj_stateSize(m, mjSTATE_INTEGRATION);
  std::vector<mjtNum> a(n), b(n);
  mj_getState(m, src, a.data(), mjSTATE_INTEGRATION);
  mj_getState(m, dst, b.data(), mjSTATE_INTEGRATION);
  EXPECT_EQ(memcmp(a.data(), b.data(), n * sizeof(mjtNum)), 0);

  mj_resetData(m, dst);
  mj_copyState(m, src, dst, mjSTATE_TIME | mjSTATE_ACT);
  EXPECT_EQ(dst->time, src->time);
  EXPECT_EQ(dst->act[0], src->act[0]);
  EXPECT_EQ(dst->qvel[0], 0);
  mj_deleteData(dst);
  mj_deleteData(src);
  mj_deleteModel(m);
}

TEST(State, ExtractSubset) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  FillState(d, 2);
  int srcsig = mjSTATE_INTEGRATION;
  std::vector<mjtNum> full(mj_stateSize(m, srcsig));
  mj_getState(m, d, full.data(), srcsig);
  for (int dstsig : {int(mjSTATE_PHYSICS), mjSTATE_TIME | mjSTATE_USERDATA,
                     mjSTATE_XFRC_APPLIED | mjSTATE_MOCAP_POS, srcsig}) {
    std::vector<mjtNum> direct(mj_stateSize(m, dstsig)), extracted(direct.size());
    mj_getState(m, d, direct.data(), dstsig);
    mj_extractState(m, full.data(), srcsig, extracted.data(), dstsig);
    EXPECT_EQ(direct, extracted) << "dstsig " << dstsig;
  }
  // from a partial state
  int mid = mjSTATE_QPOS | mjSTATE_CTRL | mjSTATE_MOCAP_QUAT;
  std::vector<mjtNum> partial(mj_stateSize(m, mid)), out(mj_stateSize(m, mjSTATE_CTRL));
  mj_getState(m, d, partial.data(), mid);
  mj_extractState(m, partial.data(), mid, out.data(), mjSTATE_CTRL);
  EXPECT_EQ(out[0], d->ctrl[0]);
  EXPECT_EQ(out[1], d->ctrl[1]);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(State, InvalidSignaturesAreErrors) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;
  mjtNum buf[200];
  EXPECT_THROW(mj_stateSize(m, 1 << mjNSTATE), MujocoError);
  EXPECT_THROW(mj_stateSize(m, -1), MujocoError);
  EXPECT_THROW(mj_getState(m, d, buf, 1 << mjNSTATE), MujocoError);
  EXPECT_THROW(mj_setState(m, d, buf, -3), MujocoError);
  EXPECT_THROW(mj_copyState(m, d, d, 1 << 20), MujocoError);
  EXPECT_THROW(mj_extractState(m, buf, mjSTATE_QPOS, buf + 100, mjSTATE_QVEL), MujocoError);
  EXPECT_NE(capture.errors().back().find("subset"), std::string::npos);
  EXPECT_NE(capture.errors()[0].find("invalid state signature"), std::string::npos);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Resuming a simulation (programming_simulation.rst "State and control"): a trajectory with
// contacts, controls and sensors continued from a saved integration state, or from an
// mj_copyData copy, is bitwise identical to the uninterrupted one.

namespace {

const char kResumeScene[] = R"(
<mujoco>
  <option timestep="0.004"/>
  <worldbody>
    <geom type="plane" size="3 3 0.1"/>
    <body pos="0 0 0.3" euler="0.3 0.2 0">
      <freejoint/>
      <geom type="box" size="0.1 0.08 0.06"/>
      <site name="s" type="box" size="0.1 0.08 0.07"/>
    </body>
    <body pos="0.4 0 0.5">
      <freejoint/>
      <geom type="sphere" size="0.07" condim="6"/>
    </body>
    <body pos="-0.4 0 0.4">
      <joint name="hinge" type="hinge" axis="0 1 0" damping="0.1"/>
      <geom type="capsule" fromto="0 0 0 0.2 0 -0.3" size="0.04"/>
    </body>
  </worldbody>
  <actuator>
    <motor joint="hinge" ctrlrange="-1 1"/>
    <general joint="hinge" dyntype="integrator" gainprm="0.5"/>
  </actuator>
  <sensor>
    <touch site="s"/>
    <jointpos joint="hinge"/>
  </sensor>
</mujoco>)";

// a deterministic control sequence, so that the trajectory has varied inputs
void Controls(const mjModel* m, mjData* d, int step) {
  for (int j = 0; j < m->nu; j++) {
    d->ctrl[j] = std::sin(0.05 * step + j);
  }
}

// steps [from, to) from d, returning the concatenated qpos, qvel, act, sensordata, time
std::vector<mjtNum> Simulate(const mjModel* m, mjData* d, int from, int to) {
  std::vector<mjtNum> out;
  for (int k = from; k < to; k++) {
    Controls(m, d, k);
    mj_step(m, d);
    out.insert(out.end(), d->qpos, d->qpos + m->nq);
    out.insert(out.end(), d->qvel, d->qvel + m->nv);
    out.insert(out.end(), d->act, d->act + m->na);
    out.insert(out.end(), d->sensordata, d->sensordata + m->nsensordata);
    out.push_back(d->time);
  }
  return out;
}

TEST(StateResume, TrajectoryFromSavedStateOrCopyIsBitwiseIdentical) {
  motus_test::ModelPtr model = motus_test::LoadModelString(kResumeScene);
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  const int kSplit = 400, kEnd = kSplit + 1000;  // 1000 steps compared after the split
  mjData* d = mj_makeData(m);
  Simulate(m, d, 0, kSplit);
  ASSERT_GT(d->ncon, 0);  // the bodies have landed: contacts and warm starts matter
  int sig = mjSTATE_INTEGRATION;
  std::vector<mjtNum> saved(mj_stateSize(m, sig));
  mj_getState(m, d, saved.data(), sig);
  mjData* copy = mj_copyData(nullptr, m, d);
  std::vector<mjtNum> reference = Simulate(m, d, kSplit, kEnd);

  // a fresh mjData, used for something else first, given the saved state
  mjData* resumed = mj_makeData(m);
  Simulate(m, resumed, 0, 37);
  mj_setState(m, resumed, saved.data(), sig);
  std::vector<mjtNum> from_state = Simulate(m, resumed, kSplit, kEnd);
  std::vector<mjtNum> from_copy = Simulate(m, copy, kSplit, kEnd);
  ASSERT_EQ(reference.size(), from_state.size());
  EXPECT_EQ(0, memcmp(reference.data(), from_state.data(), reference.size() * sizeof(mjtNum)));
  EXPECT_EQ(0, memcmp(reference.data(), from_copy.data(), reference.size() * sizeof(mjtNum)));
  mj_deleteData(resumed);
  mj_deleteData(copy);
  mj_deleteData(d);
}

}  // namespace
