// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Actuator and sensor delays with history buffers (modeling.rst "Delays"): the buffers after
// reset and every step, delayed controls and sensor readings, interval sensors, mj_readCtrl /
// mj_readSensor / mj_initCtrlHistory / mj_initSensorHistory, compared with MuJoCo 3.8.0 on the
// models of test/data/history (goldens: test/data/history/make_golden.sh), and the compiler's
// checks of the attributes.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "history_scenario.h"

namespace {

using motus_test::CompileError;
using motus_test::SourcePath;

void CompareWithMuJoCo(const std::string& name) {
  std::string dir = SourcePath("test/data/history/");
  motus_test::LabeledValues golden = motus_test::ReadLabeledGolden(dir + name + ".golden");
  char err[1000] = "";
  mjModel* m = mj_loadXML((dir + name + ".xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  // the stepping itself agrees with MuJoCo to rounding (RK4 sums differ in the last bits)
  EXPECT_EQ(motus_test::CompareLabeled(golden, history_scenario::Run(m, d), 1e-12), "") << name;
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(HistoryTest, ArmEulerMatchesMuJoCo) {
  CompareWithMuJoCo("arm_euler");
}

TEST(HistoryTest, HingeRk4MatchesMuJoCo) {
  CompareWithMuJoCo("hinge_rk4");
}

TEST(HistoryTest, SliderImplicitMatchesMuJoCo) {
  CompareWithMuJoCo("slider_implicit");
}

std::string WithSensor(const std::string& attrs) {
  return "<mujoco><worldbody><body><joint name='j'/><geom size='.1'/></body></worldbody>"
         "<sensor><jointpos joint='j' " +
         attrs + "/></sensor></mujoco>";
}

std::string WithMotor(const std::string& attrs) {
  return "<mujoco><worldbody><body><joint name='j'/><geom size='.1'/></body></worldbody>"
         "<actuator><motor joint='j' " +
         attrs + "/></actuator></mujoco>";
}

// MuJoCo 3.8.0's messages (the text before " in <element>")
TEST(HistoryTest, CompilerChecksAsMuJoCo) {
  EXPECT_NE(
      CompileError(WithMotor("delay='0.1'")).find("setting delay > 0 without a history buffer"),
      std::string::npos);
  EXPECT_NE(
      CompileError(WithSensor("delay='0.1'")).find("setting delay > 0 without a history buffer"),
      std::string::npos);
  EXPECT_NE(CompileError(WithSensor("nsample='2' interval='0.02 0.01'")).find("positive phase"),
            std::string::npos);
  EXPECT_NE(CompileError(WithSensor("nsample='2' interval='0.02 -0.02'"))
                .find("phase must be greater than -period"),
            std::string::npos);
  EXPECT_NE(CompileError(WithSensor("nsample='2' interval='-1'")).find("negative interval"),
            std::string::npos);
  // accepted by MuJoCo: negative nsample or delay mean none, an interval needs no buffer
  EXPECT_EQ(CompileError(WithMotor("nsample='-2'")), "");
  EXPECT_EQ(CompileError(WithMotor("nsample='2' delay='-0.01'")), "");
  EXPECT_EQ(CompileError(WithSensor("interval='0.02'")), "");
}

// times given to mj_init*History must increase (MuJoCo: an error naming both samples)
TEST(HistoryTest, InitRejectsUnorderedTimes) {
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(WithMotor("nsample='2'").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(spec);
  mjData* d = mj_makeData(m);
  motus_test::ScopedErrorCapture capture;
  const mjtNum times[2] = {0.1, 0.1}, values[2] = {1, 2};
  EXPECT_THROW(mj_initCtrlHistory(m, d, 0, times, values), motus_test::MujocoError);
  ASSERT_EQ(capture.errors().size(), 1u);
  EXPECT_NE(capture.errors()[0].find("times must be strictly increasing, got times[0]=0.1 >= "
                                     "times[1]=0.1"),
            std::string::npos)
      << capture.errors()[0];
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

// the history is part of the physics state: mj_getState / mj_setState carry it
TEST(HistoryTest, StateRoundTripRestoresDelayedRun) {
  std::string dir = SourcePath("test/data/history/");
  char err[1000] = "";
  mjModel* m = mj_loadXML((dir + "arm_euler.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  for (int k = 0; k < 10; k++) {
    d->ctrl[0] = std::cos(0.5 * k);
    mj_step(m, d);
  }
  int size = mj_stateSize(m, mjSTATE_FULLPHYSICS);
  std::vector<mjtNum> state(size);
  mj_getState(m, d, state.data(), mjSTATE_FULLPHYSICS);
  for (int k = 0; k < 5; k++) {
    mj_step(m, d);
  }
  std::vector<mjtNum> qpos(d->qpos, d->qpos + m->nq);
  mj_setState(m, d, state.data(), mjSTATE_FULLPHYSICS);
  for (int k = 0; k < 5; k++) {
    mj_step(m, d);
  }
  for (int i = 0; i < m->nq; i++) {
    EXPECT_EQ(d->qpos[i], qpos[i]) << i;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
