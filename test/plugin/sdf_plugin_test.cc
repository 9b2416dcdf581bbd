// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The first-party SDF shape plugins (plugin/sdf: mujoco.sdf.torus, mujoco.sdf.bowl), loaded from
// their library as a user loads them. Their attributes, bounding boxes, static distances and the
// distances and gradients of compiled instances equal MuJoCo 3.8.0's plugins at sampled points
// (golden test/data/plugin/sdf_fields.txt, make_sdf_golden.sh): the same formulas rounded in the
// same order give the same bits.

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
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
  ASSERT_EQ(cases.size(), 6u);
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
    ASSERT_EQ(c.samples.size(), 203u);
    for (const Sample& t : c.samples) {
      mjtNum grad[3];
      EXPECT_EQ(plugin->sdf_staticdistance(t.p, attr.data()), t.stat);
      EXPECT_EQ(plugin->sdf_distance(t.p, l.d, 0), t.dist);
      plugin->sdf_gradient(grad, t.p, l.d, 0);
      for (int i = 0; i < 3; i++) {
        EXPECT_EQ(grad[i], t.grad[i]) << t.p[0] << " " << t.p[1] << " " << t.p[2];
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

}  // namespace
