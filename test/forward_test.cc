// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The forward pipeline's structure (programming_simulation.rst "Simulation loop", "Forward
// dynamics", "Diagnostics"; computation_index.rst "Simulation pipeline"): mj_step versus
// mj_step1 + mj_step2, mj_forwardSkip, the state checks and automatic reset, the control
// callback, timers, energy, the sensor and constraint stages, and the absence of heap allocation
// in mj_step.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_forward.h"
#include "fixture.h"
#include "forward_testutil.h"

namespace {

// The global allocation functions of this test program (all the unaligned forms, so that every
// new is paired with its delete, also under AddressSanitizer) count allocations while
// g_count_new is set: engine code must not use C++ containers or new on the stepping path either.
bool g_count_new = false;
int g_news = 0;
void* CountedNew(std::size_t size) noexcept {
  if (g_count_new) {
    g_news++;
  }
  return std::malloc(size ? size : 1);
}

}  // namespace

void* operator new(std::size_t size) {
  void* p = CountedNew(size);
  if (!p) {
    throw std::bad_alloc();
  }
  return p;
}
void* operator new[](std::size_t size) {
  return operator new(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return CountedNew(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return CountedNew(size);
}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
#pragma GCC diagnostic pop

namespace motus_test {
namespace {

std::string Data(const char* name) {
  return SourcePath(std::string("test/data/forward/") + name);
}

bool SameArray(const mjtNum* a, const mjtNum* b, int n) {
  return n == 0 || std::memcmp(a, b, sizeof(mjtNum) * n) == 0;
}

// ---------------------------------------------------------------------------------------------
// mj_step1 + mj_step2 == mj_step

TEST(Step, Step1Step2EqualsStep) {
  for (const char* model : {"damped.xml", "actuator_zoo.xml", "ball_chain.xml"}) {
    for (int integrator : {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST}) {
      SCOPED_TRACE(std::string(model) + " integrator " + std::to_string(integrator));
      ModelPtr m = LoadModel(Data(model));
      ASSERT_TRUE(m);
      m->opt.integrator = integrator;
      DataPtr a(mj_makeData(m.get())), b(mj_makeData(m.get()));
      mj_resetDataKeyframe(m.get(), a.get(), 0);
      mj_resetDataKeyframe(m.get(), b.get(), 0);
      for (int k = 0; k < 20; k++) {
        OracleControls(m.get(), a.get(), 3, k);
        OracleControls(m.get(), b.get(), 3, k);
        mj_step(m.get(), a.get());
        mj_step1(m.get(), b.get());
        mj_step2(m.get(), b.get());
      }
      // bit-identical: the same computations in the same order
      EXPECT_TRUE(SameArray(a->qpos, b->qpos, m->nq));
      EXPECT_TRUE(SameArray(a->qvel, b->qvel, m->nv));
      EXPECT_TRUE(SameArray(a->act, b->act, m->na));
      EXPECT_EQ(a->time, b->time);
    }
  }
}

// with RK4 selected, mj_step2 integrates with Euler (programming_simulation.rst)
TEST(Step, Step2FallsBackToEulerForRK4) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr a(mj_makeData(m.get())), b(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), a.get(), 0);
  mj_resetDataKeyframe(m.get(), b.get(), 0);
  m->opt.integrator = mjINT_EULER;
  mj_step(m.get(), a.get());
  m->opt.integrator = mjINT_RK4;
  mj_step1(m.get(), b.get());
  mj_step2(m.get(), b.get());
  EXPECT_TRUE(SameArray(a->qpos, b->qpos, m->nq));
  EXPECT_TRUE(SameArray(a->qvel, b->qvel, m->nv));
}

// ---------------------------------------------------------------------------------------------
// mj_forwardSkip

// compare every output of the acceleration stage
void ExpectSameAcceleration(const mjModel* m, const mjData* a, const mjData* b) {
  EXPECT_TRUE(SameArray(a->qacc, b->qacc, m->nv));
  EXPECT_TRUE(SameArray(a->qfrc_actuator, b->qfrc_actuator, m->nv));
  EXPECT_TRUE(SameArray(a->actuator_force, b->actuator_force, m->nu));
  EXPECT_TRUE(SameArray(a->act_dot, b->act_dot, m->na));
  EXPECT_TRUE(SameArray(a->qfrc_smooth, b->qfrc_smooth, m->nv));
}

TEST(ForwardSkip, SkipStagesReuseEarlierResults) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr full(mj_makeData(m.get())), skip(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), skip.get(), 0);
  mj_forward(m.get(), skip.get());

  // new control: skipping position and velocity stages gives the full result
  mj_resetDataKeyframe(m.get(), full.get(), 0);
  full->ctrl[0] = skip->ctrl[0] = 0.7;
  mj_forward(m.get(), full.get());
  mj_forwardSkip(m.get(), skip.get(), mjSTAGE_VEL, 0);
  ExpectSameAcceleration(m.get(), full.get(), skip.get());

  // new velocity: skipping the position stage suffices
  full->qvel[0] = skip->qvel[0] = -1.5;
  mj_forward(m.get(), full.get());
  mj_forwardSkip(m.get(), skip.get(), mjSTAGE_POS, 0);
  ExpectSameAcceleration(m.get(), full.get(), skip.get());
  EXPECT_TRUE(SameArray(full->qfrc_bias, skip->qfrc_bias, m->nv));

  // skipping the velocity stage after a velocity change keeps the stale bias force
  skip->qvel[0] = 3;
  mj_forwardSkip(m.get(), skip.get(), mjSTAGE_VEL, 0);
  EXPECT_TRUE(SameArray(full->qfrc_bias, skip->qfrc_bias, m->nv));
}

// user sensors of each stage: mjcb_sensor is called once per evaluated sensor stage
int g_sensor_calls[3];
void CountSensorStages(const mjModel*, mjData*, int stage) {
  if (stage >= mjSTAGE_POS && stage <= mjSTAGE_ACC) {
    g_sensor_calls[stage - mjSTAGE_POS]++;
  }
}

TEST(ForwardSkip, SkipSensorAndStagesSkipTheSensorStages) {
  ModelPtr m = LoadModelString(R"(
<mujoco>
  <worldbody>
    <body>
      <joint name="h" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <sensor>
    <user dim="1" needstage="pos"/>
    <user dim="1" needstage="vel"/>
    <user dim="1" needstage="acc"/>
  </sensor>
</mujoco>)");
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mjcb_sensor = CountSensorStages;
  std::memset(g_sensor_calls, 0, sizeof(g_sensor_calls));

  mj_forward(m.get(), d.get());
  EXPECT_EQ(g_sensor_calls[0], 1);
  EXPECT_EQ(g_sensor_calls[1], 1);
  EXPECT_EQ(g_sensor_calls[2], 1);
  mj_forwardSkip(m.get(), d.get(), mjSTAGE_POS, 0);
  EXPECT_EQ(g_sensor_calls[0], 1);
  EXPECT_EQ(g_sensor_calls[1], 2);
  EXPECT_EQ(g_sensor_calls[2], 2);
  mj_forwardSkip(m.get(), d.get(), mjSTAGE_VEL, 0);
  EXPECT_EQ(g_sensor_calls[1], 2);
  EXPECT_EQ(g_sensor_calls[2], 3);
  mj_forwardSkip(m.get(), d.get(), mjSTAGE_NONE, 1);
  EXPECT_EQ(g_sensor_calls[0], 1);
  EXPECT_EQ(g_sensor_calls[1], 2);
  EXPECT_EQ(g_sensor_calls[2], 3);

  // mj_step1 evaluates the position and velocity sensors, mj_step2 the acceleration sensors
  mj_step1(m.get(), d.get());
  EXPECT_EQ(g_sensor_calls[0], 2);
  EXPECT_EQ(g_sensor_calls[1], 3);
  EXPECT_EQ(g_sensor_calls[2], 3);
  mj_step2(m.get(), d.get());
  EXPECT_EQ(g_sensor_calls[2], 4);
  mjcb_sensor = nullptr;
}

// ---------------------------------------------------------------------------------------------
// checks and automatic reset

TEST(Checks, BadPositionResetsAndWarns) {
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  ScopedErrorCapture capture;
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  d->qpos[2] = NAN;
  mj_step(m.get(), d.get());
  EXPECT_EQ(d->warning[mjWARN_BADQPOS].number, 1);
  EXPECT_EQ(d->warning[mjWARN_BADQPOS].lastinfo, 2);
  ASSERT_EQ(capture.warnings().size(), 1u);
  // reset to qpos0 with zero velocity, then one step from there
  EXPECT_DOUBLE_EQ(d->time, m->opt.timestep);
  for (int i = 0; i < m->nq; i++) {
    EXPECT_TRUE(std::isfinite(d->qpos[i]));
  }
  // the world-child slider fell from rest for one step: qvel = h g, qpos = qpos0 + h^2 g
  double h = m->opt.timestep, g = m->opt.gravity[2];
  EXPECT_NEAR(d->qvel[4], h * g, 1e-15);
  EXPECT_NEAR(d->qpos[4], m->qpos0[4] + h * h * g, 1e-15);
}

TEST(Checks, HugeVelocityResetsAndWarns) {
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  ScopedErrorCapture capture;
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  d->qvel[1] = 2 * mjMAXVAL;
  mj_step(m.get(), d.get());
  EXPECT_EQ(d->warning[mjWARN_BADQVEL].number, 1);
  EXPECT_EQ(d->warning[mjWARN_BADQVEL].lastinfo, 1);
  // the step continued from the reset state: qpos0 and gravity only
  EXPECT_DOUBLE_EQ(d->time, m->opt.timestep);
  EXPECT_LT(std::fabs(d->qvel[1]), 1);
}

// every position of a vector (the pairs and the odd tail of the scan) and every kind of bad value
// is found; mjMAXVAL itself is allowed
TEST(Checks, BadValueFoundAtEveryIndex) {
  ModelPtr m = LoadModelString(R"(
    <mujoco><worldbody>
      <body><freejoint/><geom size=".1"/></body>
      <body pos="1 0 0"><joint type="hinge"/><geom size=".1"/>
        <body pos="0 0 1"><joint type="hinge"/><geom size=".1"/></body>
      </body>
    </worldbody></mujoco>)");
  ASSERT_TRUE(m);
  ASSERT_EQ(m->nq, 9);  // odd: the last element is scanned alone
  m->opt.disableflags |= mjDSBL_AUTORESET;
  DataPtr d(mj_makeData(m.get()));
  ScopedErrorCapture capture;
  const mjtNum bad[] = {NAN, -NAN, INFINITY, -INFINITY, 2 * mjMAXVAL, -2 * mjMAXVAL};
  for (int i = 0; i < m->nq; i++) {
    for (mjtNum v : bad) {
      mj_resetData(m.get(), d.get());
      d->qpos[i] = v;
      mj_checkPos(m.get(), d.get());
      EXPECT_EQ(d->warning[mjWARN_BADQPOS].number, 1) << i << " " << v;
      EXPECT_EQ(d->warning[mjWARN_BADQPOS].lastinfo, i) << i << " " << v;
    }
    mj_resetData(m.get(), d.get());
    d->qpos[i] = (i % 2) ? mjMAXVAL : -mjMAXVAL;
    mj_checkPos(m.get(), d.get());
    EXPECT_EQ(d->warning[mjWARN_BADQPOS].number, 0) << i;
  }
}

TEST(Checks, AutoresetDisabledKeepsTheState) {
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  ASSERT_TRUE(m);
  m->opt.disableflags |= mjDSBL_AUTORESET;
  DataPtr d(mj_makeData(m.get()));
  ScopedErrorCapture capture;
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  d->qpos[0] = INFINITY;
  mj_checkPos(m.get(), d.get());
  EXPECT_EQ(d->warning[mjWARN_BADQPOS].number, 1);
  EXPECT_EQ(d->qpos[0], INFINITY);
  mj_checkPos(m.get(), d.get());
  EXPECT_EQ(d->warning[mjWARN_BADQPOS].number, 2);
  EXPECT_EQ(capture.warnings().size(), 1u);  // the text is printed only the first time
}

// a huge actuator force makes qacc huge: reset, recomputed forward pass, then integration
TEST(Checks, BadAccelerationResetsAndRecomputes) {
  ModelPtr m = LoadModelString(R"(
<mujoco>
  <worldbody>
    <body>
      <joint name="j" type="slide"/>
      <geom type="box" size="0.1 0.2 0.4" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <actuator><motor joint="j" gear="1e12"/></actuator>
</mujoco>)");
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  ScopedErrorCapture capture;
  d->qpos[0] = 0.5;
  d->qvel[0] = 1;
  d->ctrl[0] = 1;
  mj_step(m.get(), d.get());
  EXPECT_EQ(d->warning[mjWARN_BADQACC].number, 1);
  // after the reset ctrl is 0: free fall along the slide axis (z) from rest
  double h = m->opt.timestep, g = m->opt.gravity[2];
  EXPECT_EQ(d->ctrl[0], 0);
  EXPECT_DOUBLE_EQ(d->qacc[0], g);
  EXPECT_DOUBLE_EQ(d->qvel[0], h * g);
  EXPECT_DOUBLE_EQ(d->qpos[0], h * h * g);
  EXPECT_DOUBLE_EQ(d->time, h);
}

// ---------------------------------------------------------------------------------------------
// control callback

int g_control_calls = 0;
void CountingController(const mjModel* m, mjData* d) {
  g_control_calls++;
  for (int i = 0; i < m->nu; i++) {
    d->ctrl[i] = 0.25;
  }
}

TEST(Callbacks, ControlCallbackOncePerEvaluation) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mjcb_control = CountingController;
  g_control_calls = 0;
  m->opt.integrator = mjINT_EULER;
  mj_step(m.get(), d.get());
  EXPECT_EQ(g_control_calls, 1);
  EXPECT_EQ(d->ctrl[1], 0.25);
  m->opt.integrator = mjINT_RK4;
  mj_step(m.get(), d.get());
  EXPECT_EQ(g_control_calls, 5);  // RK4 evaluates the dynamics 4 times
  mj_step1(m.get(), d.get());
  EXPECT_EQ(g_control_calls, 6);
  mj_step2(m.get(), d.get());
  EXPECT_EQ(g_control_calls, 6);
  mjcb_control = nullptr;
}

// ---------------------------------------------------------------------------------------------
// timers

double g_clock = 0;
mjtNum FakeClock() {
  return g_clock += 1;
}  // every reading advances the clock by 1

TEST(Timers, CountOnlyWithATimerCallback) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mj_step(m.get(), d.get());
  for (int i = 0; i < mjNTIMER; i++) {
    EXPECT_EQ(d->timer[i].number, 0);
    EXPECT_EQ(d->timer[i].duration, 0);
  }
  mjcb_time = FakeClock;
  m->opt.integrator = mjINT_EULER;
  mj_step(m.get(), d.get());
  mj_step(m.get(), d.get());
  mjcb_time = nullptr;
  for (int t :
       {mjTIMER_STEP, mjTIMER_FORWARD, mjTIMER_POSITION, mjTIMER_VELOCITY, mjTIMER_ACTUATION,
        mjTIMER_CONSTRAINT, mjTIMER_ADVANCE, mjTIMER_POS_KINEMATICS, mjTIMER_POS_INERTIA,
        mjTIMER_POS_COLLISION, mjTIMER_POS_MAKE, mjTIMER_POS_PROJECT}) {
    EXPECT_EQ(d->timer[t].number, 2) << mjTIMERSTRING[t];
    EXPECT_GT(d->timer[t].duration, 0) << mjTIMERSTRING[t];
  }
  // nested stages take less time than the stage containing them
  EXPECT_GT(d->timer[mjTIMER_STEP].duration, d->timer[mjTIMER_FORWARD].duration);
  EXPECT_GT(d->timer[mjTIMER_FORWARD].duration, d->timer[mjTIMER_POSITION].duration);
  EXPECT_EQ(d->timer[mjTIMER_INVERSE].number, 0);
}

// ---------------------------------------------------------------------------------------------
// energy

// potential: -sum_b m_b g.x_b (no springs in the pendulum); kinetic: v'Mv/2 with a dense M
TEST(Energy, MatchesIndependentSums) {
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  ASSERT_TRUE(m);
  m->opt.enableflags |= mjENBL_ENERGY;
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mj_forward(m.get(), d.get());
  double potential = 0;
  for (int b = 1; b < m->nbody; b++) {
    for (int k = 0; k < 3; k++) {
      potential -= m->body_mass[b] * m->opt.gravity[k] * d->xipos[3 * b + k];
    }
  }
  std::vector<double> M = DenseM(m.get(), d.get());
  double kinetic = 0;
  for (int i = 0; i < m->nv; i++) {
    for (int j = 0; j < m->nv; j++) {
      kinetic += 0.5 * d->qvel[i] * M[i * m->nv + j] * d->qvel[j];
    }
  }
  EXPECT_NEAR(d->energy[0], potential, 1e-12 * std::fabs(potential));
  EXPECT_NEAR(d->energy[1], kinetic, 1e-12 * kinetic);

  // disabled: both zero
  m->opt.enableflags &= ~mjENBL_ENERGY;
  mj_forward(m.get(), d.get());
  EXPECT_EQ(d->energy[0], 0);
  EXPECT_EQ(d->energy[1], 0);
}

// ---------------------------------------------------------------------------------------------
// constraint stage

TEST(Constraint, NoConstraintsMeansSmoothAcceleration) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  mju_fill(d->qfrc_constraint, 7, m->nv);  // stale values must be cleared
  mj_forward(m.get(), d.get());
  EXPECT_EQ(d->nefc, 0);
  EXPECT_TRUE(SameArray(d->qacc, d->qacc_smooth, m->nv));
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qfrc_constraint[i], 0);
  }
}

// With an active constraint the solver runs: qacc differs from qacc_smooth by
// M^-1 qfrc_constraint (computation_index.rst "Constraint model"), and the limit force pushes
// the joint back into its range.
TEST(Constraint, SolverRunsWithConstraints) {
  ModelPtr m = LoadModelString(R"(
<mujoco>
  <option gravity="0 0 0"/>
  <worldbody>
    <body>
      <joint name="h" type="hinge" axis="0 1 0" range="-0.5 0.5"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
</mujoco>)");
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mj_forward(m.get(), d.get());
  EXPECT_EQ(d->nefc, 0);
  EXPECT_EQ(d->qfrc_constraint[0], 0);
  for (int i = 0; i < mjNISLAND; i++) {
    EXPECT_EQ(d->solver_niter[i], 0);
  }

  d->qpos[0] = 0.8;  // beyond the upper limit: one limit row
  mj_forward(m.get(), d.get());
  ASSERT_EQ(d->nefc, 1);
  EXPECT_GT(d->solver_niter[0], 0);
  EXPECT_EQ(d->qacc_smooth[0], 0);  // no gravity, no velocity, no actuation
  EXPECT_LT(d->qfrc_constraint[0], 0);
  EXPECT_LT(d->qacc[0], 0);
  // M qacc = qfrc_smooth + qfrc_constraint (relative rounding of a 1x1 solve)
  std::vector<double> M = DenseM(m.get(), d.get());
  EXPECT_NEAR(M[0] * d->qacc[0], d->qfrc_smooth[0] + d->qfrc_constraint[0],
              1e-12 * std::fabs(d->qfrc_constraint[0]));
}

// with mjENBL_FWDINV, mj_step runs the forward/inverse comparison at the forward qacc (stage 25):
// without constraints the discrepancy solver_fwdinv[0] is rounding only (what mj_compareFwdInv
// leaves in qfrc_inverse is the inverse-dynamics area's business and not tested here)
TEST(Constraint, FwdInvComparisonRunsWhenEnabled) {
  ModelPtr m = LoadModel(Data("damped.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  mj_resetDataKeyframe(m.get(), d.get(), 0);
  for (int i = 0; i < m->nu; i++) {
    d->ctrl[i] = 0.3;
  }
  for (int i = 0; i < m->nv; i++) {
    d->qfrc_applied[i] = 0.1 * (i + 1);
  }
  d->solver_fwdinv[0] = d->solver_fwdinv[1] = 7;
  mj_step(m.get(), d.get());
  EXPECT_EQ(d->solver_fwdinv[0], 7);  // disabled: untouched
  m->opt.enableflags |= mjENBL_FWDINV;
  mj_step(m.get(), d.get());
  // relative discrepancy of two evaluations of the same forces: rounding only
  EXPECT_LT(d->solver_fwdinv[0], 1e-12);
}

// ---------------------------------------------------------------------------------------------
// no heap allocation while stepping

int g_mallocs = 0;
void* CountingMalloc(size_t size) {
  g_mallocs++;
  return std::malloc(size);
}
void PlainFree(void* ptr) {
  std::free(ptr);
}

TEST(Memory, StepDoesNotAllocate) {
  for (const char* model : {"actuator_zoo.xml", "damped.xml", "ball_chain.xml"}) {
    for (int integrator : {mjINT_EULER, mjINT_RK4, mjINT_IMPLICIT, mjINT_IMPLICITFAST}) {
      SCOPED_TRACE(std::string(model) + " integrator " + std::to_string(integrator));
      ModelPtr m = LoadModel(Data(model));
      ASSERT_TRUE(m);
      m->opt.integrator = integrator;
      m->opt.enableflags |= mjENBL_ENERGY;
      DataPtr d(mj_makeData(m.get()));
      mj_resetDataKeyframe(m.get(), d.get(), 0);
      g_mallocs = 0;
      mju_user_malloc = CountingMalloc;
      mju_user_free = PlainFree;
      for (int k = 0; k < 1000; k++) {
        OracleControls(m.get(), d.get(), 1, k);
        mj_step(m.get(), d.get());
      }
      mju_user_malloc = nullptr;
      mju_user_free = nullptr;
      EXPECT_EQ(g_mallocs, 0);
      EXPECT_EQ(d->pstack, 0u);  // every stack frame was released
    }
  }
}

// The same on contact-rich project models with every solver, cone and Jacobian layout (islands,
// sparse factorizations, the collision path of every geom type in scene_mixed), counting both
// mju_malloc and C++ operator new
TEST(Memory, StepWithContactsDoesNotAllocate) {
  for (const char* model : {"model/scene_mixed.xml", "model/humanoid.xml"}) {
    for (int solver : {mjSOL_PGS, mjSOL_CG, mjSOL_NEWTON}) {
      for (int cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
        for (int jacobian : {mjJAC_DENSE, mjJAC_SPARSE}) {
          SCOPED_TRACE(std::string(model) + " solver " + std::to_string(solver) + " cone " +
                       std::to_string(cone) + " jacobian " + std::to_string(jacobian));
          ModelPtr m = LoadModel(SourcePath(model));
          ASSERT_TRUE(m);
          m->opt.solver = solver;
          m->opt.cone = cone;
          m->opt.jacobian = jacobian;
          DataPtr d(mj_makeData(m.get()));
          g_mallocs = g_news = 0;
          mju_user_malloc = CountingMalloc;
          mju_user_free = PlainFree;
          g_count_new = true;
          int maxcon = 0;
          for (int k = 0; k < 300; k++) {
            mj_step(m.get(), d.get());
            maxcon = std::max(maxcon, d->ncon);
          }
          g_count_new = false;
          mju_user_malloc = nullptr;
          mju_user_free = nullptr;
          EXPECT_GT(maxcon, 0);  // the scene does make contacts
          EXPECT_EQ(g_mallocs, 0);
          EXPECT_EQ(g_news, 0);
          EXPECT_EQ(d->pstack, 0u);
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// bad input

TEST(BadInput, NullArgumentsAreErrors) {
  ScopedErrorCapture capture;
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  ASSERT_TRUE(m);
  EXPECT_THROW(mj_step(m.get(), nullptr), MujocoError);
  EXPECT_THROW(mj_forward(nullptr, nullptr), MujocoError);
  EXPECT_THROW(mj_step1(m.get(), nullptr), MujocoError);
  EXPECT_THROW(mj_step2(m.get(), nullptr), MujocoError);
}

TEST(BadInput, UnknownIntegratorIsAnError) {
  ScopedErrorCapture capture;
  ModelPtr m = LoadModel(Data("pendulum.xml"));
  ASSERT_TRUE(m);
  DataPtr d(mj_makeData(m.get()));
  m->opt.integrator = 17;
  EXPECT_THROW(mj_step(m.get(), d.get()), MujocoError);
  m->opt.integrator = mjINT_RK4;
  EXPECT_THROW(mj_RungeKutta(m.get(), d.get(), 3), MujocoError);
}

}  // namespace
}  // namespace motus_test
