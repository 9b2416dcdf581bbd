// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Saving models that use engine plugins (mj_saveXML): the written <extension> section and the
// <plugin> elements of meshes, bodies, geoms, actuators and sensors compile back to the same
// model, with Motus's first-party plugin libraries loaded.

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "model_compare.h"

namespace {

void LoadLibraries() {
  for (const char* lib :
       {MOTUS_SDF_PLUGIN, MOTUS_ACTUATOR_PLUGIN, MOTUS_ELASTICITY_PLUGIN, MOTUS_SENSOR_PLUGIN}) {
    mj_loadPluginLibrary(lib);
  }
}

std::string Save(const mjSpec* spec) {
  char error[1000] = "";
  int need = mj_saveXMLString(spec, nullptr, 0, error, sizeof(error));
  EXPECT_GT(need, 0) << error;
  if (need <= 0) {
    return "";
  }
  std::vector<char> buf(need);
  EXPECT_EQ(mj_saveXMLString(spec, buf.data(), need, error, sizeof(error)), 0) << error;
  return std::string(buf.data());
}

// parses the saved text of `spec` from a file in `dir` (so that relative asset paths resolve)
mjSpec* Reparse(const std::string& text, const std::string& dir) {
  std::string path = dir + "/.motus_plugin_writer.xml";
  {
    std::ofstream out(path);
    out << text;
  }
  char error[1000] = "";
  mjSpec* spec = mj_parseXML(path.c_str(), nullptr, error, sizeof(error));
  std::remove(path.c_str());
  EXPECT_NE(spec, nullptr) << error << "\n" << text;
  return spec;
}

// compile, save, parse and compile again: the models are identical and saving again gives the
// same text
void ExpectRoundTrip(mjSpec* spec, const std::string& what, const std::string& dir) {
  mjModel* m1 = mj_compile(spec, nullptr);
  ASSERT_NE(m1, nullptr) << what << ": " << mjs_getError(spec);
  std::string text = Save(spec);
  mjSpec* spec2 = Reparse(text, dir);
  if (spec2) {
    mjModel* m2 = mj_compile(spec2, nullptr);
    EXPECT_NE(m2, nullptr) << what << ": " << mjs_getError(spec2) << "\n" << text;
    if (m2) {
      std::vector<std::string> diff = motus_test::ModelDifferences(m1, m2);
      std::string list;
      for (const std::string& d : diff) {
        list += d + " ";
      }
      EXPECT_TRUE(diff.empty()) << what << ": fields differ: " << list << "\n" << text;
      EXPECT_GT(m2->nplugin, 0) << what;
      mj_deleteModel(m2);
    }
    EXPECT_EQ(Save(spec2), text) << what;
    mj_deleteSpec(spec2);
  }
  mj_deleteModel(m1);
}

void RoundTripFile(const std::string& file) {
  char error[1000] = "";
  mjSpec* spec = mj_parseXML(file.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << file << ": " << error;
  ExpectRoundTrip(spec, file, file.substr(0, file.find_last_of('/')));
  mj_deleteSpec(spec);
}

TEST(PluginWriter, TestScenesRoundTrip) {
  LoadLibraries();
  for (const char* name : {"sdf_torus_primitives", "sdf_torus_torus", "sdf_bowl_spheres",
                           "cable_arc", "cable_skin", "touch_pad"}) {
    RoundTripFile(motus_test::SourcePath(std::string("test/data/plugin/") + name + ".xml"));
  }
}

// MuJoCo 3.8's plugin examples that load in Motus (sdf/mug needs a mesh file that is not in the
// folder)
TEST(PluginWriter, SharedPluginModelsRoundTrip) {
  std::string dir = motus_test::SharedPath("models38/plugin");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  LoadLibraries();
  for (const char* name :
       {"actuator/pid", "elasticity/cable", "elasticity/belt", "sdf/torus", "sdf/bowl",
        "sdf/primitives", "sdf/cow", "sdf/mesh", "sdf/gear", "sensor/touch_grid"}) {
    RoundTripFile(dir + "/" + name + ".xml");
  }
}

// instances made in place (plugin= with <config>) are written in place, declared plugins without
// instances stay declared
TEST(PluginWriter, InPlaceInstances) {
  LoadLibraries();
  const char* xml = R"(<mujoco>
    <extension>
      <plugin plugin="mujoco.sdf.torus"/>
      <plugin plugin="mujoco.pid"/>
      <plugin plugin="mujoco.sensor.touch_grid"/>
    </extension>
    <asset>
      <mesh name="t"><plugin plugin="mujoco.sdf.torus"><config key="radius1" value="0.3"/>
      </plugin></mesh>
    </asset>
    <worldbody>
      <body><joint name="j" type="slide"/>
        <geom type="sdf" mesh="t"><plugin plugin="mujoco.sdf.torus">
          <config key="radius2" value="0.1"/><config key="radius1" value="0.3"/></plugin></geom>
        <site name="s"/>
      </body>
    </worldbody>
    <actuator>
      <plugin name="a" joint="j" plugin="mujoco.pid" actdim="2" dyntype="filter" dynprm="0.5">
        <config key="kp" value="2"/><config key="ki" value="1"/>
      </plugin>
    </actuator>
    <sensor>
      <plugin name="touch" plugin="mujoco.sensor.touch_grid" objtype="site" objname="s">
        <config key="nchannel" value="1"/><config key="size" value="2 2"/>
        <config key="fov" value="10 10"/><config key="gamma" value="0"/>
      </plugin>
    </sensor>
  </mujoco>)";
  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << error;
  std::string text = Save(spec);
  // configuration in the order of the plugin's attributes, not of the source
  EXPECT_NE(text.find("<config key=\"radius1\" value=\"0.3\"/>\n          <config key=\"radius2\""),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("<instance"), std::string::npos) << text;
  EXPECT_NE(text.find("<plugin plugin=\"mujoco.pid\"/>"), std::string::npos) << text;
  ExpectRoundTrip(spec, "in-place instances", ::testing::TempDir());
  mj_deleteSpec(spec);
}

// an unnamed instance shared by two geoms (possible through the mjs_ API only) is written in
// <extension> under a generated name, so that both geoms still use one instance
TEST(PluginWriter, SharedUnnamedInstanceGetsAName) {
  LoadLibraries();
  const char* xml = R"(<mujoco>
    <extension><plugin plugin="mujoco.sdf.torus"><instance name="plugin"/></plugin></extension>
    <asset><mesh name="t"><plugin instance="plugin"/></mesh></asset>
    <worldbody><body><freejoint/><geom name="g1" type="sdf" mesh="t"/>
      <geom name="g2" type="sdf" mesh="t" pos="1 0 0"/></body></worldbody>
  </mujoco>)";
  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << error;
  mjsPlugin* p = mjs_addPlugin(spec);
  mjs_setString(p->plugin_name, "mujoco.sdf.torus");
  p->active = 1;
  for (const char* name : {"g1", "g2"}) {
    mjsGeom* g = mjs_asGeom(mjs_findElement(spec, mjOBJ_GEOM, name));
    ASSERT_NE(g, nullptr);
    g->plugin.active = 1;
    g->plugin.element = p->element;
  }
  mjModel* m1 = mj_compile(spec, nullptr);
  ASSERT_NE(m1, nullptr) << mjs_getError(spec);
  std::string text = Save(spec);
  EXPECT_NE(text.find("<instance name=\"plugin1\"/>"), std::string::npos) << text;
  mjSpec* spec2 = Reparse(text, ::testing::TempDir());
  ASSERT_NE(spec2, nullptr);
  mjModel* m2 = mj_compile(spec2, nullptr);
  ASSERT_NE(m2, nullptr) << mjs_getError(spec2);
  EXPECT_EQ(m2->nplugin, m1->nplugin);
  for (int i = 0; i < m1->ngeom; i++) {
    EXPECT_EQ(m2->geom_plugin[i], m1->geom_plugin[i]) << i;
  }
  EXPECT_EQ(m2->geom_plugin[0], m2->geom_plugin[1]);
  mj_deleteModel(m2);
  mj_deleteSpec(spec2);
  mj_deleteModel(m1);
  mj_deleteSpec(spec);
}

}  // namespace
