// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The first-party mujoco.pid actuator plugin (plugin/actuator), loaded from its library as a
// user loads it. Each case checks the controller's documented law on one slide joint with a
// gear of 2 (actuator length 2 qpos): f = kp e - kd v + ki I, I' = I + h e (clamped by imax),
// the setpoint slew limit and the activation layout.

#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "plugin_model.h"

namespace {

using Loaded = motus_test::PluginModel;

// one actuator <plugin> with the given config children and extra attributes
void Load(const std::string& config, const std::string& attrs, Loaded* out) {
  std::string xml =
      "<mujoco><extension><plugin plugin='mujoco.pid'/></extension>"
      "<option timestep='0.01'/><worldbody><body><joint name='j' type='slide' axis='1 0 0'/>"
      "<geom size='.1' mass='1'/></body></worldbody><actuator><plugin joint='j' "
      "plugin='mujoco.pid' gear='2' " +
      attrs + ">" + config + "</plugin></actuator></mujoco>";
  motus_test::LoadPluginModelString(MOTUS_ACTUATOR_PLUGIN, xml, out);
  if (out->m) {
    // length 0.6, velocity -1.4, control 1.1
    out->d->qpos[0] = 0.3;
    out->d->qvel[0] = -0.7;
    out->d->ctrl[0] = 1.1;
  }
}

std::string Gains(double kp, double ki, double kd) {
  return "<config key='kp' value='" + std::to_string(kp) + "'/><config key='ki' value='" +
         std::to_string(ki) + "'/><config key='kd' value='" + std::to_string(kd) + "'/>";
}

TEST(PidPlugin, ProportionalAndDerivative) {
  Loaded l;
  Load(Gains(3, 0, 0.5), "", &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  EXPECT_EQ(l.m->na, 0);
  mj_forward(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->actuator_length[0], 0.6);
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 3 * (1.1 - 0.6) - 0.5 * -1.4);
}

TEST(PidPlugin, ControlIsClampedToCtrlrange) {
  Loaded l;
  Load(Gains(3, 0, 0), "ctrlrange='0 1' ctrllimited='true'", &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  mj_forward(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 3 * (1.0 - 0.6));
}

TEST(PidPlugin, IntegralUsesTheEndOfStepValue) {
  Loaded l;
  Load(Gains(0, 2, 0), "actdim='1'", &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  ASSERT_EQ(l.m->na, 1);
  l.d->act[0] = 0.2;
  mj_forward(l.m, l.d);
  double integral = 0.2 + 0.01 * (1.1 - 0.6);
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 2 * integral);
  EXPECT_NEAR(l.d->act_dot[0], 1.1 - 0.6, 1e-12);
  mj_step(l.m, l.d);
  EXPECT_EQ(l.d->act[0], integral);
}

TEST(PidPlugin, ImaxClampsTheIntegralTerm) {
  Loaded l;
  Load(Gains(0, 2, 0) + "<config key='imax' value='0.3'/>", "actdim='1'", &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  l.d->act[0] = 0.2;
  mj_forward(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 0.3);
  mj_step(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->act[0], 0.3 / 2);
}

TEST(PidPlugin, SlewLimitAfterTheFirstStep) {
  Loaded l;
  Load(Gains(1, 0, 0) + "<config key='slewmax' value='2'/>", "actdim='1'", &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  l.d->act[0] = 0.2;  // previous setpoint
  // at time 0 the setpoint is the control
  mj_forward(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 1.1 - 0.6);
  // later it moves by at most h slewmax = 0.02 per step
  l.d->time = 1;
  mj_forward(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 0.22 - 0.6);
  mj_step(l.m, l.d);
  EXPECT_DOUBLE_EQ(l.d->act[0], 0.22);
}

TEST(PidPlugin, DynamicsStateComesLastAndIsTheSetpoint) {
  Loaded l;
  Load(Gains(3, 2, 0), "actdim='2' dyntype='filter' dynprm='0.5'", &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  ASSERT_EQ(l.m->na, 2);
  l.d->act[0] = 0.2;   // integral
  l.d->act[1] = 0.25;  // filtered control
  mj_forward(l.m, l.d);
  double e = 0.25 - 0.6;
  EXPECT_DOUBLE_EQ(l.d->actuator_force[0], 3 * e + 2 * (0.2 + 0.01 * e));
  EXPECT_DOUBLE_EQ(l.d->act_dot[1], (1.1 - 0.25) / 0.5);
}

TEST(PidPlugin, WrongActdimIsAnError) {
  // the plugin's init fails, saying what to write, and the model does not compile
  static std::string warning;
  void (*saved)(const char*) = mju_user_warning;
  mju_user_warning = [](const char* msg) { warning = msg; };
  Loaded l;
  Load(Gains(1, 1, 0), "", &l);
  mju_user_warning = saved;
  EXPECT_EQ(l.m, nullptr);
  EXPECT_NE(l.error.find("init failed"), std::string::npos) << l.error;
  EXPECT_NE(warning.find("actdim=\"1\""), std::string::npos) << warning;
}

}  // namespace
