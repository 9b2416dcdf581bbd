// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The first-party mujoco.elasticity.cable plugin (plugin/elasticity) with <composite
// type="cable">, loaded from its library as a user loads it. Trajectories are compared with
// MuJoCo 3.8.0 with its own plugin library (goldens of tools/gen_golden.py, test/data/plugin).

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "data/plugin/cable_colors_dump.h"
#include "dump_compare.h"
#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"
#include "plugin_model.h"

namespace {

using motus_test::Golden;
using motus_test::NearArrays;
using motus_test::SharedPath;
using motus_test::SourcePath;

using Loaded = motus_test::PluginModel;

void LoadFile(const std::string& path, Loaded* out) {
  motus_test::LoadPluginModelFile(MOTUS_ELASTICITY_PLUGIN, path, out);
}

void LoadString(const std::string& xml, Loaded* out) {
  motus_test::LoadPluginModelString(MOTUS_ELASTICITY_PLUGIN, xml, out);
}

// steps with the dumper's --ctrl-seed controls and compares the golden's records
void CompareTrajectory(const std::string& model, const std::string& golden_file,
                       const std::vector<std::string>& fields, double rtol, double atol) {
  Golden golden(SourcePath("test/data/plugin/" + golden_file));
  ASSERT_TRUE(golden.ok()) << golden.error();
  Loaded l;
  LoadFile(model, &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  int step = 0;
  for (int r = 0; r < golden.num_records(); r++) {
    int target = static_cast<int>(golden.get(r, "step")[0]);
    while (step < target) {
      motus_test::OracleControls(l.m, l.d, 1, step);
      mj_step(l.m, l.d);
      step++;
    }
    for (const std::string& f : fields) {
      const double* actual = f == "qpos" ? l.d->qpos : f == "qvel" ? l.d->qvel : l.d->qfrc_passive;
      int n = f == "qpos" ? l.m->nq : l.m->nv;
      EXPECT_TRUE(NearArrays(f + " at step " + std::to_string(step), actual, n, golden.get(r, f),
                             rtol, atol));
    }
  }
}

// Two cables (a curved capsule arc on a free body, a flat box strip hanging from a body) for
// 200 steps: composite expansion, cross sections, reference curvature, flat, and the torques.
// Tolerance: the chaotic contact-free swing amplifies last-bit differences of the solver.
TEST(CablePlugin, ArcAndStripFollowMuJoCo) {
  CompareTrajectory(SourcePath("test/data/plugin/cable_arc.xml"), "cable_arc_traj.txt",
                    {"qpos", "qvel", "qfrc_passive"}, 1e-7, 1e-9);
}

// MuJoCo's example cable.xml: 40 capsules, an actuated end on a slider, falling on the floor.
TEST(CablePlugin, SharedCableModelFollowsMuJoCo) {
  std::string path = SharedPath("models38/plugin/elasticity/cable.xml");
  if (path.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  CompareTrajectory(path, "cable_traj.txt", {"qpos", "qfrc_passive"}, 1e-7, 1e-9);
}

// MuJoCo's belt.xml: a box cable bent into a V with a skin, the end on a connect constraint.
TEST(CablePlugin, SharedBeltModelFollowsMuJoCo) {
  std::string path = SharedPath("models38/plugin/elasticity/belt.xml");
  if (path.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  CompareTrajectory(path, "belt_traj.txt", {"qpos", "qfrc_passive"}, 1e-7, 1e-9);
}

// The skin of a box cable with a subgrid: bones, bind poses, vertex weights (float) and faces.
TEST(CablePlugin, SkinOfBoxCable) {
  Golden golden(SourcePath("test/data/plugin/cable_skin.txt"));
  ASSERT_TRUE(golden.ok()) << golden.error();
  Loaded l;
  LoadFile(SourcePath("test/data/plugin/cable_skin.xml"), &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  ASSERT_EQ(l.m->nskin, 1);
  const mjModel* m = l.m;
  EXPECT_EQ(mj_id2name(m, mjOBJ_SKIN, 0), std::string("sSkin"));
  auto floats = [](const float* p, int n) { return std::vector<double>(p, p + n); };
  auto ints = [](const int* p, int n) { return std::vector<double>(p, p + n); };
  struct Field {
    const char* name;
    std::vector<double> value;
  } fields[] = {
      {"m.skin_inflate", floats(m->skin_inflate, 1)},
      {"m.skin_rgba", floats(m->skin_rgba, 4)},
      {"m.skin_vert", floats(m->skin_vert, 3 * m->nskinvert)},
      {"m.skin_face", ints(m->skin_face, 3 * m->nskinface)},
      {"m.skin_bonebodyid", ints(m->skin_bonebodyid, m->nskinbone)},
      {"m.skin_bonevertadr", ints(m->skin_bonevertadr, m->nskinbone)},
      {"m.skin_bonevertnum", ints(m->skin_bonevertnum, m->nskinbone)},
      {"m.skin_bonebindpos", floats(m->skin_bonebindpos, 3 * m->nskinbone)},
      {"m.skin_bonebindquat", floats(m->skin_bonebindquat, 4 * m->nskinbone)},
      {"m.skin_bonevertid", ints(m->skin_bonevertid, m->nskinbonevert)},
      {"m.skin_bonevertweight", floats(m->skin_bonevertweight, m->nskinbonevert)},
  };
  for (const Field& f : fields) {
    // single-precision arrays: equal floats
    EXPECT_TRUE(NearArrays(f.name, f.value.data(), static_cast<int>(f.value.size()),
                           golden.get(0, f.name), 0, 0));
  }
}

// the stress colors of cable_colors_dump.h for a model against the golden, equal floats
void CompareColors(const std::string& model, const std::string& golden_file) {
  Loaded l;
  LoadFile(model, &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  motus_test::ExpectDumpMatchesGolden(cable_colors::States(l.m, l.d),
                                      SourcePath("test/data/plugin/" + golden_file), 0);
}

// Colors under vmax (MuJoCo's plugin writes them into geom_rgba): a hand-made cable of unequal
// radii and lengths with a bent rest shape, box and cylinder geoms under a negative vmax, a cable
// without vmax; then MuJoCo's cable.xml and belt.xml. Every color equal to the float.
TEST(CablePlugin, StressColorsAsMuJoCos) {
  CompareColors(SourcePath("test/data/plugin/cable_colors.xml"), "cable_colors_hand.txt");
  for (const char* name : {"cable", "belt"}) {
    std::string path = SharedPath(std::string("models38/plugin/elasticity/") + name + ".xml");
    if (path.empty()) {
      GTEST_SKIP() << "../shared is absent";
    }
    CompareColors(path, std::string("cable_colors_") + name + ".txt");
  }
}

const char* kCable = R"(
<mujoco>
  <extension><plugin plugin="mujoco.elasticity.cable"/></extension>
  <worldbody>
    <composite type="cable" curve="s" count="5 1 1" size="1" initial="none">
      <plugin plugin="mujoco.elasticity.cable">CONFIG</plugin>
      GEOM
    </composite>
  </worldbody>
</mujoco>)";

std::string Cable(const std::string& config,
                  const std::string& geom = "<geom type='capsule' size='.01'/>") {
  std::string xml = kCable;
  xml.replace(xml.find("CONFIG"), 6, config);
  xml.replace(xml.find("GEOM"), 4, geom);
  return xml;
}

// Names, joints, sites and exclusions of the expansion (XMLreference.rst body/composite).
TEST(CablePlugin, CompositeExpansion) {
  Loaded l;
  LoadString(Cable("<config key='twist' value='1'/><config key='bend' value='1'/>"), &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  EXPECT_EQ(l.m->nbody, 5);
  EXPECT_EQ(l.m->njnt, 3);  // initial="none": no joint on the first body
  EXPECT_EQ(l.m->nexclude, 3);
  EXPECT_EQ(l.m->nplugin, 1);
  EXPECT_EQ(mj_name2id(l.m, mjOBJ_BODY, "B_first"), 1);
  EXPECT_EQ(mj_name2id(l.m, mjOBJ_BODY, "B_2"), 3);
  EXPECT_EQ(mj_name2id(l.m, mjOBJ_BODY, "B_last"), 4);
  EXPECT_EQ(mj_name2id(l.m, mjOBJ_JOINT, "J_last"), 2);
  EXPECT_EQ(mj_name2id(l.m, mjOBJ_SITE, "S_last"), 1);
  EXPECT_EQ(mj_name2id(l.m, mjOBJ_PLUGIN, "composite"), 0);
  for (int b = 1; b < 5; b++) {
    EXPECT_EQ(l.m->body_plugin[b], 0);
    EXPECT_NEAR(l.m->body_pos[3 * b], b == 1 ? 0 : 0.25, 1e-7);
  }
  EXPECT_EQ(l.m->jnt_type[0], mjJNT_BALL);
  EXPECT_EQ(l.m->jnt_group[0], 3);
}

// Bending one joint by a small angle about the cross section's y axis gives the torque
// E Iy angle / l on it (a disc of radius 0.1: Iy = pi r^4 / 4; l = 0.25), twisting gives G J.
TEST(CablePlugin, SmallBendAndTwistTorques) {
  Loaded l;
  LoadString(Cable("<config key='twist' value='3'/><config key='bend' value='5'/>",
                   "<geom type='capsule' size='.1'/>"),
             &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  double r4 = std::pow(0.1, 4), angle = 1e-3;
  for (int axis = 0; axis < 3; axis++) {
    mj_resetData(l.m, l.d);
    double v[3] = {0, 0, 0};
    v[axis] = angle;
    mju_quatIntegrate(l.d->qpos + 4, v, 1);  // the second ball joint
    mj_forward(l.m, l.d);
    double k = axis == 0 ? 3 * mjPI * r4 / 2 : 5 * mjPI * r4 / 4;
    // single-precision vertices: l = 0.25 to 1e-8
    EXPECT_NEAR(l.d->qfrc_passive[3 + axis], -k * angle / 0.25, 1e-7 * k * angle / 0.25);
  }
}

TEST(CablePlugin, ConfigErrors) {
  Loaded bad_key;
  LoadString(Cable("<config key='stiffness' value='1'/>"), &bad_key);
  EXPECT_EQ(bad_key.m, nullptr);
  EXPECT_NE(bad_key.error.find("stiffness"), std::string::npos) << bad_key.error;

  {
    // 'bend' is required: the instance's init fails, which mj_makeData reports as an error
    motus_test::ScopedErrorCapture capture;
    Loaded missing;
    LoadString(Cable("<config key='twist' value='1'/>"), &missing);
    EXPECT_EQ(missing.m, nullptr);
    EXPECT_NE(missing.error.find("init failed"), std::string::npos) << missing.error;
    ASSERT_FALSE(capture.warnings().empty());
    EXPECT_NE(capture.warnings()[0].find("'bend'"), std::string::npos);
  }

  Loaded geom;
  LoadString(Cable("<config key='twist' value='1'/><config key='bend' value='1'/>",
                   "<geom type='sphere' size='.1'/>"),
             &geom);
  EXPECT_EQ(geom.m, nullptr);
  EXPECT_NE(geom.error.find("capsule, cylinder or box"), std::string::npos) << geom.error;

  Loaded unknown;
  LoadString(
      "<mujoco><worldbody><composite type='cable' count='3 1 1'><plugin "
      "plugin='mujoco.elasticity.nosuch'/></composite></worldbody></mujoco>",
      &unknown);
  EXPECT_EQ(unknown.m, nullptr);
  EXPECT_NE(unknown.error.find("mujoco.elasticity.nosuch"), std::string::npos) << unknown.error;
}

}  // namespace
