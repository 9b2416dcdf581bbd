// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Engine plugins as a user sees them: a plugin built as its own shared library
// (probe_plugin.c) is loaded with mj_loadPluginLibrary, declared and configured in MJCF, and
// its callbacks run at their documented points (programming_extension.rst). This test links
// the shared libmujoco, as plugin libraries and their users do.

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "plugin_model.h"

namespace {

const char* kModel = R"(
<mujoco>
  <extension>
    <plugin plugin="motus.test.probe">
      <instance name="shared">
        <config key="gain" value="2.5"/>
        <config key="offset" value="7"/>
      </instance>
    </plugin>
  </extension>
  <worldbody>
    <body>
      <joint name="slide" type="slide" axis="1 0 0"/>
      <geom size="0.1" mass="1"/>
    </body>
  </worldbody>
  <actuator>
    <motor joint="slide"/>
    <plugin name="a1" joint="slide" instance="shared" actdim="1"/>
    <plugin name="a2" joint="slide" plugin="motus.test.probe" dyntype="integrator">
      <config key="gain" value="-1"/>
    </plugin>
  </actuator>
  <sensor>
    <jointpos joint="slide"/>
    <plugin name="s1" instance="shared"/>
    <jointvel joint="slide"/>
  </sensor>
</mujoco>
)";

void LoadProbe() {
  static bool loaded = false;
  if (!loaded) {
    mj_loadPluginLibrary(MOTUS_PROBE_PLUGIN);
    loaded = true;
  }
}

mjModel* Load(const char* xml, std::string* error) {
  return motus_test::CompileModelString(xml, error);
}

TEST(PluginLibrary, LoadRegistersOnce) {
  int before = mjp_pluginCount();
  LoadProbe();
  int slot = -1;
  const mjpPlugin* p = mjp_getPlugin("motus.test.probe", &slot);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(mjp_getPluginAtSlot(slot), p);
  EXPECT_EQ(p->nattribute, 2);
  EXPECT_STREQ(p->attributes[1], "offset");
  EXPECT_LE(mjp_pluginCount(), before + 1);
  // loading the same library again registers nothing new
  int count = mjp_pluginCount();
  mj_loadPluginLibrary(MOTUS_PROBE_PLUGIN);
  EXPECT_EQ(mjp_pluginCount(), count);
  // registering an identical plugin returns its slot; a different one under the name fails
  mjpPlugin copy = *p;
  EXPECT_EQ(mjp_registerPlugin(&copy), slot);
  EXPECT_EQ(mjp_getPlugin("no.such.plugin", &slot), nullptr);
  EXPECT_EQ(slot, -1);
  EXPECT_EQ(mjp_getPluginAtSlot(-1), nullptr);
  EXPECT_EQ(mjp_getPluginAtSlot(count), nullptr);
}

TEST(PluginLibrary, LoadAllCallsBackPerLibrary) {
  LoadProbe();
  static std::vector<std::string> seen;
  mj_loadAllPluginLibraries(MOTUS_PROBE_PLUGIN_DIR, [](const char* file, int first, int count) {
    seen.push_back(std::string(file) + " " + std::to_string(first) + " " + std::to_string(count));
  });
  // the probe library is already loaded: it registers nothing new, so no callback
  EXPECT_TRUE(seen.empty());
}

TEST(PluginLibrary, ModelArrays) {
  LoadProbe();
  std::string error;
  mjModel* m = Load(kModel, &error);
  ASSERT_NE(m, nullptr) << error;
  int slot = -1;
  mjp_getPlugin("motus.test.probe", &slot);
  ASSERT_EQ(m->nplugin, 2);  // the explicit instance and the one created in place for a2
  EXPECT_EQ(m->plugin[0], slot);
  EXPECT_EQ(m->plugin[1], slot);
  EXPECT_EQ(mj_name2id(m, mjOBJ_PLUGIN, "shared"), 0);
  EXPECT_STREQ(mj_getPluginConfig(m, 0, "gain"), "2.5");
  EXPECT_STREQ(mj_getPluginConfig(m, 0, "offset"), "7");
  EXPECT_STREQ(mj_getPluginConfig(m, 1, "gain"), "-1");
  EXPECT_STREQ(mj_getPluginConfig(m, 1, "offset"), "");
  EXPECT_EQ(mj_getPluginConfig(m, 1, "other"), nullptr);
  EXPECT_EQ(mj_getPluginConfig(m, 2, "gain"), nullptr);
  EXPECT_EQ(m->npluginattr, std::strlen("2.5") + std::strlen("7") + std::strlen("-1") + 4);

  // state: 2 numbers per instance
  EXPECT_EQ(m->npluginstate, 4);
  EXPECT_EQ(m->plugin_stateadr[1], 2);
  EXPECT_EQ(m->plugin_statenum[1], 2);

  // actuators: the plugin's state, then one for the integrator dynamics
  EXPECT_EQ(m->actuator_plugin[0], -1);
  EXPECT_EQ(m->actuator_plugin[1], 0);
  EXPECT_EQ(m->actuator_plugin[2], 1);
  EXPECT_EQ(m->actuator_actnum[1], 1);
  EXPECT_EQ(m->actuator_actnum[2], 1);
  EXPECT_EQ(m->na, 2);

  // the plugin sensor reports 3 numbers at the velocity stage, after the built-in sensors
  EXPECT_EQ(m->sensor_type[1], mjSENS_PLUGIN);
  EXPECT_EQ(m->sensor_plugin[1], 0);
  EXPECT_EQ(m->sensor_dim[1], 3);
  EXPECT_EQ(m->sensor_needstage[1], mjSTAGE_VEL);
  EXPECT_EQ(m->nsensordata, 5);
  EXPECT_EQ(m->sensor_adr[0], 0);
  EXPECT_EQ(m->sensor_adr[2], 1);
  EXPECT_EQ(m->sensor_adr[1], 2);
  mj_deleteModel(m);
}

TEST(PluginLibrary, CallbacksRunAtTheirStages) {
  LoadProbe();
  std::string error;
  mjModel* m = Load(kModel, &error);
  ASSERT_NE(m, nullptr) << error;
  mjData* d = mj_makeData(m);
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->plugin_data[0], 0u);  // init ran
  EXPECT_EQ(d->plugin[0], m->plugin[0]);
  // reset: [0, offset]
  EXPECT_EQ(d->plugin_state[0], 0);
  EXPECT_EQ(d->plugin_state[1], 7);
  EXPECT_EQ(d->plugin_state[3], 0);

  d->ctrl[0] = 0;
  d->ctrl[1] = 0.4;
  d->ctrl[2] = 3;
  d->qvel[0] = 0.25;
  mj_forward(m, d);
  // actuators: force = gain * ctrl; the act_dot of the plugin's state is ctrl, that of the
  // integrator (a2 has no plugin state) is ctrl too
  EXPECT_DOUBLE_EQ(d->actuator_force[1], 2.5 * 0.4);
  EXPECT_DOUBLE_EQ(d->actuator_force[2], -1 * 3);
  EXPECT_DOUBLE_EQ(d->act_dot[0], 0.4);
  EXPECT_DOUBLE_EQ(d->act_dot[1], 3);
  // passive: each instance adds its gain
  EXPECT_DOUBLE_EQ(d->qfrc_passive[0], 2.5 - 1);
  // sensor, computed at the velocity stage: time, qvel, number of compute calls so far
  EXPECT_EQ(d->sensordata[2], 0);
  EXPECT_EQ(d->sensordata[3], 0.25);
  // passive (in mj_fwdVelocity), then the sensor of instance 0; actuation comes later
  EXPECT_EQ(d->sensordata[4], 2);
  EXPECT_EQ(d->sensordata[1], 0.25);  // the built-in jointvel is where it was

  // advance runs once per step, after the time has advanced
  mj_step(m, d);
  mj_step(m, d);
  EXPECT_EQ(d->plugin_state[0], 2);
  EXPECT_EQ(d->plugin_state[2], 2);
  EXPECT_NEAR(d->sensordata[2], m->opt.timestep, 1e-15);  // sensors of the second step

  // a copy gets its own plugin data from the plugin's copy callback
  mjData* c = mj_copyData(nullptr, m, d);
  ASSERT_NE(c, nullptr);
  EXPECT_NE(c->plugin_data[0], d->plugin_data[0]);
  EXPECT_EQ(c->plugin_state[0], 2);

  mj_resetData(m, d);
  EXPECT_EQ(d->plugin_state[0], 0);
  EXPECT_EQ(d->plugin_state[1], 7);
  mj_deleteData(c);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// an error message must name the problem and the line of the element
void ExpectLoadError(const std::string& xml, const std::string& what, const std::string& line) {
  std::string error;
  mjModel* m = Load(xml.c_str(), &error);
  EXPECT_EQ(m, nullptr);
  mj_deleteModel(m);
  EXPECT_NE(error.find(what), std::string::npos) << error;
  EXPECT_NE(error.find(line), std::string::npos) << error;
}

TEST(PluginLibrary, ClearErrors) {
  LoadProbe();
  ExpectLoadError(
      "<mujoco>\n<extension>\n<plugin plugin=\"no.such.plugin\"/>\n</extension>\n</mujoco>",
      "plugin no.such.plugin not found", "line 3");
  ExpectLoadError(
      "<mujoco>\n<worldbody><body><joint name=\"j\"/><geom size=\"1\"/></body></worldbody>\n"
      "<actuator>\n<plugin joint=\"j\" instance=\"nobody\"/>\n</actuator>\n</mujoco>",
      "unknown plugin instance 'nobody'", "line 4");
  ExpectLoadError(
      "<mujoco>\n<extension><plugin plugin=\"motus.test.probe\">\n<instance name=\"i\">\n"
      "<config key=\"gian\" value=\"1\"/>\n</instance></plugin></extension>\n</mujoco>",
      "unrecognized attribute 'plugin:gian'", "line 4");
  ExpectLoadError("<mujoco>\n<sensor>\n<plugin/>\n</sensor>\n</mujoco>",
                  "needs attribute 'plugin' or 'instance'", "line 3");

  // a missing library is a warning naming the file
  static std::string warning;
  void (*saved)(const char*) = mju_user_warning;
  mju_user_warning = [](const char* msg) { warning = msg; };
  mj_loadPluginLibrary("/nonexistent/libnothing.so");
  mju_user_warning = saved;
  EXPECT_NE(warning.find("/nonexistent/libnothing.so"), std::string::npos) << warning;
}

TEST(PluginLibrary, SpecApi) {
  LoadProbe();
  mjSpec* spec = mj_makeSpec();
  EXPECT_EQ(mjs_activatePlugin(spec, "motus.test.probe"), 0);
  EXPECT_EQ(mjs_activatePlugin(spec, "no.such.plugin"), -1);
  mjsPlugin* p = mjs_addPlugin(spec);
  ASSERT_NE(p, nullptr);
  mjs_setString(p->plugin_name, "motus.test.probe");
  mjs_setName(p->element, "made");
  p->active = 1;
  mjsBody* body = mjs_addBody(mjs_findBody(spec, "world"), nullptr);
  mjsJoint* joint = mjs_addJoint(body, nullptr);
  mjs_setName(joint->element, "j");
  mjsGeom* geom = mjs_addGeom(body, nullptr);
  geom->size[0] = 0.1;
  mjsSensor* sensor = mjs_addSensor(spec);
  sensor->type = mjSENS_PLUGIN;
  sensor->plugin.active = 1;
  mjs_setString(sensor->plugin.name, "made");
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(spec);
  EXPECT_EQ(m->nplugin, 1);
  EXPECT_EQ(m->sensor_plugin[0], 0);
  EXPECT_EQ(m->nsensordata, 3);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

}  // namespace
