// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The first-party SDF shape plugins (plugin/sdf: mujoco.sdf.torus, mujoco.sdf.bowl,
// mujoco.sdf.gear, mujoco.sdf.nut, mujoco.sdf.bolt), loaded from their library as a user loads
// them. Their attributes, bounding boxes, static distances and the distances and gradients of
// compiled instances equal MuJoCo 3.8.0's plugins at sampled points (golden
// test/data/plugin/sdf_fields.txt, make_sdf_golden.sh): the same formulas rounded in the same order
// give the same bits for the torus and the bowl. The gear's distances agree to 4e-15 (a few units
// in the last place: its terms are rounded in another order, and a large alpha added to the polar
// angle costs its bits), so its forward-difference gradients (step 1e-8) to 1e-6. The nut's and the
// bolt's distances agree to 1e-15 (most bit for bit) and their forward-difference gradients to
// 2e-7. In scenes (test/data/plugin/sdf_*.xml, goldens by make_sdf_contacts.py), the meshes the
// compiler makes for the plugins and the contacts of their geoms with primitives, planes and each
// other equal MuJoCo's, and so do the descents the bowl draws under mjVIS_SDFITER
// (sdf_bowl_spheres_descents.txt, sdf_descent_gen.cc).

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "data/plugin/sdf_descent_dump.h"
#include "dump_compare.h"
#include "fixture.h"
#include "golden.h"
#include "plugin/plugin_model.h"

namespace {

struct Sample {
  mjtNum p[3], stat, dist, grad[3];
};

struct Case {
  std::string plugin;
  std::vector<std::pair<std::string, std::string>> config;
  std::vector<mjtNum> attributes;
  mjtNum aabb[6];
  std::vector<Sample> samples;
};

std::vector<Case> ReadGolden() {
  std::ifstream in(motus_test::SourcePath("test/data/plugin/sdf_fields.txt"));
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string key, word;
    s >> key;
    if (key == "config") {
      cases.emplace_back();
      s >> cases.back().plugin;
      while (s >> word) {
        size_t eq = word.find('=');
        cases.back().config.emplace_back(word.substr(0, eq), word.substr(eq + 1));
      }
    } else if (key == "attributes") {
      double x;
      while (s >> x) {
        cases.back().attributes.push_back(x);
      }
    } else if (key == "aabb") {
      for (mjtNum& x : cases.back().aabb) {
        s >> x;
      }
    } else if (key == "point") {
      Sample t;
      s >> t.p[0] >> t.p[1] >> t.p[2] >> word >> t.stat >> word >> t.dist >> word >> t.grad[0] >>
          t.grad[1] >> t.grad[2];
      cases.back().samples.push_back(t);
    }
  }
  return cases;
}

std::string InstanceXml(const Case& c) {
  std::string xml = "<mujoco><extension><plugin plugin='" + c.plugin + "'><instance name='s'>";
  for (const auto& kv : c.config) {
    xml += "<config key='" + kv.first + "' value='" + kv.second + "'/>";
  }
  return xml + "</instance></plugin></extension><worldbody><geom size='.1'/></worldbody></mujoco>";
}

TEST(SdfPlugin, FieldsEqualMuJoCos) {
  std::vector<Case> cases = ReadGolden();
  ASSERT_EQ(cases.size(), 13u);
  mj_loadPluginLibrary(MOTUS_SDF_PLUGIN);
  for (const Case& c : cases) {
    SCOPED_TRACE(InstanceXml(c));
    int slot = -1;
    const mjpPlugin* plugin = mjp_getPlugin(c.plugin.c_str(), &slot);
    ASSERT_NE(plugin, nullptr);
    EXPECT_EQ(plugin->capabilityflags, mjPLUGIN_SDF);
    ASSERT_EQ(plugin->nattribute, static_cast<int>(c.attributes.size()));

    // attributes from configuration text, in the plugin's order (absent: defaults)
    std::vector<const char*> names(plugin->nattribute), values(plugin->nattribute, "");
    for (int i = 0; i < plugin->nattribute; i++) {
      names[i] = plugin->attributes[i];
      for (const auto& kv : c.config) {
        if (kv.first == names[i]) {
          values[i] = kv.second.c_str();
        }
      }
    }
    std::vector<mjtNum> attr(plugin->nattribute);
    plugin->sdf_attribute(attr.data(), names.data(), values.data());
    for (int i = 0; i < plugin->nattribute; i++) {
      EXPECT_EQ(attr[i], c.attributes[i]) << names[i];
    }
    mjtNum aabb[6];
    plugin->sdf_aabb(aabb, attr.data());
    for (int i = 0; i < 6; i++) {
      EXPECT_EQ(aabb[i], c.aabb[i]) << i;
    }

    motus_test::PluginModel l;
    motus_test::LoadPluginModelString(MOTUS_SDF_PLUGIN, InstanceXml(c), &l);
    ASSERT_NE(l.m, nullptr) << l.error;
    ASSERT_EQ(l.m->nplugin, 1);
    bool gear = c.plugin == "mujoco.sdf.gear";
    ASSERT_EQ(c.samples.size(), gear ? 403u : 203u);
    // gear: a few units in the last place of angles up to ~17 times the base radius, and twice
    // that over the gradient's step 1e-8
    bool fastener = c.plugin == "mujoco.sdf.nut" || c.plugin == "mujoco.sdf.bolt";
    const mjtNum tol_dist = gear ? 4e-15 : fastener ? 1e-15 : 0;
    const mjtNum tol_grad = gear ? 1e-6 : fastener ? 2e-7 : 0;
    for (const Sample& t : c.samples) {
      mjtNum grad[3];
      EXPECT_NEAR(plugin->sdf_staticdistance(t.p, attr.data()), t.stat, tol_dist);
      EXPECT_NEAR(plugin->sdf_distance(t.p, l.d, 0), t.dist, tol_dist);
      plugin->sdf_gradient(grad, t.p, l.d, 0);
      for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(grad[i], t.grad[i], tol_grad) << t.p[0] << " " << t.p[1] << " " << t.p[2];
      }
    }
  }
}

TEST(SdfPlugin, BadAttributesAreLoadErrors) {
  const char* bad[] = {
      "<config key='radius1' value='abc'/>",
      "<config key='radius1' value='0.3 0.2'/>",
      "<config key='radius2' value='-1'/>",
  };
  for (const char* config : bad) {
    std::string xml = std::string(
                          "<mujoco><extension><plugin plugin='mujoco.sdf.torus'><instance "
                          "name='s'>") +
                      config +
                      "</instance></plugin></extension><worldbody><geom size='.1'/></worldbody>"
                      "</mujoco>";
    motus_test::PluginModel l;
    motus_test::LoadPluginModelString(MOTUS_SDF_PLUGIN, xml, &l);
    EXPECT_TRUE(l.m == nullptr || l.d == nullptr) << config;
  }
}

// A scene of test/data/plugin: the generated mesh and the contacts at the initial state.
class SdfScene : public ::testing::TestWithParam<const char*> {};

TEST_P(SdfScene, MeshAndContactsEqualMuJoCos) {
  std::string name = GetParam();
  motus_test::PluginModel l;
  motus_test::LoadPluginModelFile(MOTUS_SDF_PLUGIN,
                                  motus_test::SourcePath("test/data/plugin/" + name + ".xml"), &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  const mjModel* m = l.m;
  mjData* d = l.d;
  motus_test::Golden g(motus_test::SourcePath("test/data/plugin/" + name + "_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();

  // the mesh: the same vertices in the same order (single precision values, compared exactly),
  // the same number of faces, and the bounds of the geoms that follow from the vertices
  int nvert = m->mesh_vertnum[0];
  ASSERT_EQ(nvert, static_cast<int>(g.get(0, "meshvertnum")[0]));
  EXPECT_EQ(m->mesh_facenum[0], static_cast<int>(g.get(0, "meshfacenum")[0]));
  std::vector<double> sample;
  double sum = 0;
  for (int i = 0; i < nvert; i++) {
    for (int k = 0; k < 3; k++) {
      double v = m->mesh_vert[3 * (m->mesh_vertadr[0] + i) + k];
      sum += v;
      if (i % 101 == 0) {
        sample.push_back(v);
      }
    }
  }
  EXPECT_TRUE(motus_test::NearArrays("meshvert", sample.data(), static_cast<int>(sample.size()),
                                     g.get(0, "meshvert"), 0, 0));
  EXPECT_EQ(sum, g.get(0, "meshvertsum")[0]);
  EXPECT_TRUE(motus_test::NearArrays("mesh_pos", m->mesh_pos, 3, g.get(0, "mesh_pos"), 0, 0));
  EXPECT_TRUE(motus_test::NearArrays("mesh_quat", m->mesh_quat, 4, g.get(0, "mesh_quat"), 0, 0));
  int ngeom = static_cast<int>(m->ngeom);
  EXPECT_TRUE(
      motus_test::NearArrays("geom_aabb", m->geom_aabb, 6 * ngeom, g.get(0, "geom_aabb"), 0, 0));
  EXPECT_TRUE(
      motus_test::NearArrays("geom_size", m->geom_size, 3 * ngeom, g.get(0, "geom_size"), 0, 0));
  EXPECT_TRUE(motus_test::NearArrays("geom_rbound", m->geom_rbound, ngeom, g.get(0, "geom_rbound"),
                                     1e-15, 0));
  // the faces: MuJoCo's triangles of each grid cube, in its order (every 101st face and a
  // weighted sum of all face entries)
  motus_test::Golden gf(motus_test::SourcePath("test/data/plugin/" + name + "_faces.txt"));
  ASSERT_TRUE(gf.ok()) << gf.error();
  const int* face = m->mesh_face + 3 * m->mesh_faceadr[0];
  std::vector<int> face_sample;
  double face_sum = 0;
  for (int f = 0; f < m->mesh_facenum[0]; f++) {
    if (f % 101 == 0) {
      face_sample.insert(face_sample.end(), face + 3 * f, face + 3 * f + 3);
    }
    for (int j = 0; j < 3; j++) {
      face_sum += static_cast<double>(face[3 * f + j]) * ((3 * f + j) % 7 + 1);
    }
  }
  EXPECT_TRUE(motus_test::EqualIntArrays(
      "meshface", face_sample.data(), static_cast<int>(face_sample.size()), gf.get(0, "meshface")));
  EXPECT_EQ(face_sum, gf.get(0, "meshfacesum")[0]);
  // Mass and inertia come from the faces (volume of the triangles' tetrahedra): with the same
  // triangles only the order of the sums differs (measured: 5e-17 relative on the torus).
  double mass_tol = 1e-12;
  int nbody = static_cast<int>(m->nbody);
  EXPECT_TRUE(
      motus_test::NearArrays("body_mass", m->body_mass, nbody, g.get(0, "body_mass"), mass_tol, 0));
  EXPECT_TRUE(motus_test::NearArrays("body_inertia", m->body_inertia, 3 * nbody,
                                     g.get(0, "body_inertia"), mass_tol, 0));

  // contacts, in the same order. The frame changes of the descent round differently from
  // MuJoCo's in the last bits; the bowl's gradient is a forward difference of step 1e-8, which
  // amplifies that by 1e8.
  mj_forward(m, d);
  double tol = name == "sdf_bowl_spheres" ? 1e-8 : 1e-12;
  EXPECT_TRUE(motus_test::ContactsMatch(d, g, tol, 100 * tol));
}

INSTANTIATE_TEST_SUITE_P(Scenes, SdfScene,
                         ::testing::Values("sdf_torus_primitives", "sdf_torus_torus",
                                           "sdf_bowl_spheres"));

// A cloth over a tilted torus: one contact per triangle that reaches into the torus, where the
// search over the triangle ends (src/engine/engine_collision_flexsdf.cc), in element order.
TEST(SdfPlugin, FlexContactsEqualMuJoCos) {
  motus_test::PluginModel l;
  motus_test::LoadPluginModelFile(
      MOTUS_SDF_PLUGIN, motus_test::SourcePath("test/data/plugin/sdf_torus_cloth.xml"), &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  motus_test::Golden g(motus_test::SourcePath("test/data/plugin/sdf_torus_cloth_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mj_forward(l.m, l.d);
  ASSERT_GT(l.d->ncon, 10);
  for (int i = 0; i < l.d->ncon; i++) {
    EXPECT_GE(l.d->contact[i].elem[1], 0) << "contact " << i;
  }
  EXPECT_TRUE(motus_test::ContactsMatch(l.d, g, 1e-12, 1e-10));
}

// The descents of the last sdf pair (MuJoCo's SDF plugins record the points of their gradient
// evaluations between the collision's reset and compute calls and draw them): the same geoms in
// the same order with the same fields; positions within 1e-6 (the descent's frame changes round
// differently from MuJoCo's, and the bowl's gradient is a forward difference of step 1e-8).
TEST(SdfPlugin, DescentsDrawnAsMuJoCos) {
  motus_test::PluginModel l;
  motus_test::LoadPluginModelFile(
      MOTUS_SDF_PLUGIN, motus_test::SourcePath("test/data/plugin/sdf_bowl_spheres.xml"), &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  motus_test::ExpectDumpMatchesGolden(
      sdf_descent::Scenes(l.m, l.d),
      motus_test::SourcePath("test/data/plugin/sdf_bowl_spheres_descents.txt"), 1e-6);
}

TEST(SdfPlugin, MeshPluginErrors) {
  const char* head =
      "<mujoco><extension><plugin plugin='mujoco.sdf.torus'><instance name='t'>"
      "<config key='radius1' value='abc'/></instance></plugin></extension>";
  std::string bad_value = std::string(head) +
                          "<asset><mesh name='m'><plugin instance='t'/></mesh></asset>"
                          "<worldbody/></mujoco>";
  motus_test::PluginModel l;
  motus_test::LoadPluginModelString(MOTUS_SDF_PLUGIN, bad_value, &l);
  EXPECT_EQ(l.m, nullptr);
  EXPECT_NE(l.error.find("radius1"), std::string::npos) << l.error;
}

}  // namespace
