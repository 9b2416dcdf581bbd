// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Reference-free checks of the sensors (engine_sensor*.cc): velocity sensors are time
// derivatives of position sensors (central differences along qvel), the accelerometer of a
// free-falling body reads zero and of a body at rest reads -g, energies equal mj_energyPos/Vel,
// cutoff clamping, the disable flag, noise not added, and user sensors through mjcb_sensor.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"

namespace motus_test {
namespace {

// an arm (ball + hinge) and a free box, sensors in pairs position / velocity
const char kScene[] = R"(
<mujoco>
  <option timestep="0.002" gravity="0 0 -9.81"/>
  <worldbody>
    <site name="fixed" pos="0.1 0.2 0.3" euler="0.3 -0.5 1"/>
    <body name="upper" pos="0 0 1">
      <joint name="ball" type="ball"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.04"/>
      <body name="lower" pos="0.3 0 0">
        <joint name="hinge" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.03"/>
        <site name="tip" pos="0 0 -0.3" euler="0.2 0.4 0"/>
      </body>
    </body>
    <body name="box" pos="1 0 2">
      <freejoint/>
      <geom type="box" size="0.1 0.2 0.05"/>
      <site name="imu" pos="0.05 0 0" euler="0.7 0 0.2"/>
    </body>
  </worldbody>
  <sensor>
    <framepos name="p" objtype="site" objname="tip"/>
    <framelinvel name="v" objtype="site" objname="tip"/>
    <framepos name="prel" objtype="site" objname="tip" reftype="body" refname="box"/>
    <framelinvel name="vrel" objtype="site" objname="tip" reftype="body" refname="box"/>
    <framequat name="q" objtype="site" objname="tip"/>
    <frameangvel name="w" objtype="site" objname="tip"/>
    <subtreecom name="com" body="upper"/>
    <subtreelinvel name="comvel" body="upper"/>
    <accelerometer name="acc_free" site="imu"/>
    <accelerometer name="acc_fixed" site="fixed"/>
    <e_potential name="epot"/>
    <e_kinetic name="ekin"/>
    <jointpos name="noisy" joint="hinge" noise="0.5"/>
  </sensor>
</mujoco>)";

const mjtNum* Sensor(const mjModel* m, const mjData* d, const char* name) {
  int id = mj_name2id(m, mjOBJ_SENSOR, name);
  EXPECT_GE(id, 0) << name;
  return d->sensordata + m->sensor_adr[id < 0 ? 0 : id];
}

void SetState(const mjModel* m, mjData* d) {
  mj_resetData(m, d);
  const double q[4] = {0.8, 0.3, -0.4, 0.2};
  for (int k = 0; k < 4; k++) {
    d->qpos[k] = q[k];
  }
  d->qpos[4] = 0.6;
  d->qpos[8] = 0.9;  // box orientation
  d->qpos[9] = 0.1;
  d->qpos[10] = -0.3;
  d->qpos[11] = 0.2;
  mj_normalizeQuat(m, d->qpos);
  const double v[10] = {0.4, -1.1, 0.7, 1.5, 0.3, -0.2, 0.5, 1.2, -0.8, 0.6};
  for (int k = 0; k < 10; k++) {
    d->qvel[k] = v[k];
  }
}

// velocity sensors equal the central difference of the position sensors along qvel
TEST(Sensor, VelocitiesAreDerivativesOfPositions) {
  ModelPtr model = LoadModelString(kScene);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m)), plus(mj_makeData(m)), minus(mj_makeData(m));
  mjData* d = data.get();
  SetState(m, d);
  mj_forward(m, d);
  const double h = 1e-6;
  for (mjData* x : {plus.get(), minus.get()}) {
    SetState(m, x);
    mj_integratePos(m, x->qpos, d->qvel, x == plus.get() ? h : -h);
    mj_forward(m, x);
  }
  // central differences: truncation h^2 * (third derivative, order 10) and rounding 1e-16/h
  const double tol = 1e-8;
  for (auto pair :
       {std::pair<const char*, const char*>{"p", "v"}, {"prel", "vrel"}, {"com", "comvel"}}) {
    const mjtNum* vel = Sensor(m, d, pair.second);
    for (int k = 0; k < 3; k++) {
      double fd =
          (Sensor(m, plus.get(), pair.first)[k] - Sensor(m, minus.get(), pair.first)[k]) / (2 * h);
      EXPECT_NEAR(vel[k], fd, tol) << pair.second << "[" << k << "]";
    }
  }
  // angular velocity in the world frame: w = R(q-) log(q-^-1 q+) / (2h), rotated to world
  mjtNum dq[3], qmid[4], w[3];
  mju_subQuat(dq, Sensor(m, plus.get(), "q"), Sensor(m, minus.get(), "q"));
  mju_scl3(dq, dq, 1 / (2 * h));
  mju_copy4(qmid, Sensor(m, d, "q"));
  mju_rotVecQuat(w, dq, qmid);
  for (int k = 0; k < 3; k++) {
    EXPECT_NEAR(Sensor(m, d, "w")[k], w[k], tol) << "w[" << k << "]";
  }
}

TEST(Sensor, AccelerometerFreeFallAndRest) {
  ModelPtr model = LoadModelString(kScene);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  // the free box (dofs 4-6 translation, 7-9 rotation) falls without rotating: its sites feel
  // no specific force, whatever the orientation and linear velocity
  SetState(m, d);
  for (int k = 7; k < 10; k++) {
    d->qvel[k] = 0;
  }
  mj_forward(m, d);
  for (int k = 0; k < 3; k++) {
    // rounding of g (9.81) cancelled against the gravity part of cacc
    EXPECT_NEAR(Sensor(m, d, "acc_free")[k], 0, 1e-12) << k;
  }
  // a site on the world at rest reads the reaction to gravity, -g, in its frame
  int s = mj_name2id(m, mjOBJ_SITE, "fixed");
  mjtNum up[3] = {0, 0, 9.81}, local[3];
  mju_mulMatTVec3(local, d->site_xmat + 9 * s, up);
  for (int k = 0; k < 3; k++) {
    EXPECT_NEAR(Sensor(m, d, "acc_fixed")[k], local[k], 1e-12);
  }
}

TEST(Sensor, EnergiesAndNoNoise) {
  ModelPtr model = LoadModelString(kScene);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  SetState(m, d);
  mj_forward(m, d);
  mjtNum epot = Sensor(m, d, "epot")[0], ekin = Sensor(m, d, "ekin")[0];
  mj_energyPos(m, d);
  mj_energyVel(m, d);
  EXPECT_EQ(epot, d->energy[0]);
  EXPECT_EQ(ekin, d->energy[1]);
  EXPECT_GT(ekin, 0);
  // noise is metadata: the engine does not add it
  EXPECT_EQ(Sensor(m, d, "noisy")[0], d->qpos[4]);
}

TEST(Sensor, CutoffClampsRealAndPositiveData) {
  ModelPtr model = LoadModelString(R"(
<mujoco>
  <worldbody>
    <geom type="plane" size="1 1 0.1"/>
    <body pos="0 0 0.1">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1" mass="10"/>
      <site name="s" type="box" pos="0 0 -0.1" size="0.1 0.1 0.02"/>
    </body>
    <body pos="2 0 1">
      <joint name="j" type="slide" axis="0 0 1"/>
      <geom size="0.1"/>
    </body>
  </worldbody>
  <sensor>
    <jointvel joint="j" cutoff="0.5"/>
    <jointpos joint="j" cutoff="0.25"/>
    <touch site="s" cutoff="3"/>
    <jointvel joint="j"/>
  </sensor>
</mujoco>)");
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  for (int k = 0; k < 200; k++) {
    mj_step(m, d);
  }
  d->qpos[7] = -0.4;
  d->qvel[6] = 2;
  mj_forward(m, d);
  EXPECT_EQ(d->sensordata[0], 0.5);    // real: clamped above
  EXPECT_EQ(d->sensordata[1], -0.25);  // real: clamped below
  EXPECT_EQ(d->sensordata[2], 3);      // positive: a resting 10 kg box weighs ~98 N
  EXPECT_EQ(d->sensordata[3], 2);      // no cutoff
  d->qvel[6] = -2;
  mj_forward(m, d);
  EXPECT_EQ(d->sensordata[0], -0.5);
}

TEST(Sensor, DisableFlagLeavesSensordata) {
  ModelPtr model = LoadModelString(kScene);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  SetState(m, d);
  for (int k = 0; k < m->nsensordata; k++) {
    d->sensordata[k] = 42;
  }
  m->opt.disableflags |= mjDSBL_SENSOR;
  mj_forward(m, d);
  for (int k = 0; k < m->nsensordata; k++) {
    EXPECT_EQ(d->sensordata[k], 42);
  }
  m->opt.disableflags &= ~mjDSBL_SENSOR;
  mj_forward(m, d);
  EXPECT_NE(d->sensordata[0], 42);
}

// user sensors: mjcb_sensor is called once per stage that has user sensors, after the
// quantities the stage provides (subtree velocities for vel, rnePostConstraint for acc)
int g_calls[4];
int g_flags_ok;
void UserSensor(const mjModel* m, mjData* d, int stage) {
  g_calls[stage]++;
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_type[i] == mjSENS_USER && m->sensor_needstage[i] == stage) {
      d->sensordata[m->sensor_adr[i]] = 100 * stage + i;
    }
  }
  if (stage == mjSTAGE_VEL && !d->flg_subtreevel) {
    g_flags_ok = 0;
  }
  if (stage == mjSTAGE_ACC && !d->flg_rnepost) {
    g_flags_ok = 0;
  }
}

TEST(Sensor, UserSensorsThroughCallback) {
  ModelPtr model = LoadModelString(R"(
<mujoco>
  <worldbody>
    <body><joint type="hinge"/><geom size="0.1" pos="0.2 0 0"/></body>
  </worldbody>
  <sensor>
    <user dim="1" needstage="vel"/>
    <user dim="1" needstage="acc"/>
    <user dim="1" needstage="acc" cutoff="150"/>
  </sensor>
</mujoco>)");
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  g_calls[0] = g_calls[1] = g_calls[2] = g_calls[3] = 0;
  g_flags_ok = 1;
  mjcb_sensor = UserSensor;
  mj_forward(m, d);
  mjcb_sensor = nullptr;
  EXPECT_EQ(g_calls[mjSTAGE_POS], 0);
  EXPECT_EQ(g_calls[mjSTAGE_VEL], 1);
  EXPECT_EQ(g_calls[mjSTAGE_ACC], 1);
  EXPECT_TRUE(g_flags_ok);
  EXPECT_EQ(d->sensordata[0], 200);
  EXPECT_EQ(d->sensordata[1], 301);
  EXPECT_EQ(d->sensordata[2], 150);  // clamped by its cutoff
}

}  // namespace
}  // namespace motus_test
