// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Asset processing on worker threads (<compiler usethread>, src/user/user_compile_assets.cc):
// a model compiled with usethread="true" equals the same model compiled with usethread="false"
// in every size, field and array byte, and errors name the same (first failing) asset either
// way. The asset cache is cleared before each compile, so both compiles process every asset.

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "model_compare.h"

namespace motus_test {
namespace {

// compiles an MJCF file with the given usethread; the error text in *error on failure
mjModel* CompileWith(const std::string& file, bool usethread, std::string* error) {
  mj_clearCache(mj_getCache());
  char err[1000] = "";
  mjSpec* spec = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
  if (!spec) {
    *error = err;
    return nullptr;
  }
  spec->compiler.usethread = usethread;
  mjModel* m = mj_compile(spec, nullptr);
  if (!m) {
    *error = mjs_getError(spec);
  }
  mj_deleteSpec(spec);
  return m;
}

// "" when both compiles succeed and agree, or fail with the same error; else what differs
std::string CompareThreads(const std::string& file) {
  std::string e1, e0;
  mjModel* threaded = CompileWith(file, true, &e1);
  mjModel* serial = CompileWith(file, false, &e0);
  std::string out;
  if (!threaded || !serial) {
    if (threaded || serial || e1 != e0) {
      out = "threaded: '" + e1 + "', serial: '" + e0 + "'";
    }
  } else {
    out = Join(ModelDifferences(threaded, serial));
  }
  mj_deleteModel(threaded);
  mj_deleteModel(serial);
  return out;
}

std::string WriteModel(const std::string& name, const std::string& xml) {
  std::string path = UniqueTempPath(name);
  std::ofstream(path) << xml;
  return path;
}

// meshes, textures and height fields of every source the compiler reads, several of each
std::string AssetModel() {
  std::string dir = SourcePath("test/data/assets/");
  return "<mujoco><compiler meshdir='" + dir + "' texturedir='" + dir + R"('/>
  <asset>
    <mesh name="box" file="box.obj"/>
    <mesh name="u" file="u_shape.stl" scale="0.1 0.1 0.1"/>
    <mesh name="u_ascii" file="u_shape_ascii.stl" scale="0.1 0.1 0.1"/>
    <mesh name="tet" file="tet.msh"/>
    <mesh name="box2" file="box.obj" scale="2 1 1"/>
    <mesh name="inline" vertex="0 0 0 1 0 0 0 1 0 0 0 1 1 1 1"/>
    <texture name="sky" type="skybox" builtin="gradient" width="64" rgb1="0.3 0.5 0.7"
             rgb2="0 0 0"/>
    <texture name="checker" type="2d" builtin="checker" width="33" height="17" mark="random"
             random="0.1"/>
    <texture name="rgb" type="2d" file="rgb_6x4.png"/>
    <texture name="rgba" type="2d" file="rgba_3x2.png" nchannel="4"/>
    <texture name="cube" type="cube" fileright="face_right.png" fileleft="face_left.png"
             fileup="face_up.png" filedown="face_down.png" filefront="face_front.png"
             fileback="face_back.png"/>
    <texture name="custom" type="2d" file="custom_3x2.tex"/>
    <hfield name="hf" file="elevation_3x4.hf" size="1 1 0.2 0.1"/>
    <hfield name="hf_png" file="gray_5x4.png" size="1 1 0.3 0.1"/>
    <hfield name="hf_data" nrow="2" ncol="3" elevation="1 2 3 4 5 6" size="1 1 0.3 0.1"/>
    <material name="mat" texture="rgb"/>
  </asset>
  <worldbody>
    <geom type="hfield" hfield="hf"/>
    <geom type="hfield" hfield="hf_png" pos="3 0 0"/>
    <body pos="0 0 1"><freejoint/><geom type="mesh" mesh="box" material="mat"/></body>
    <body pos="1 0 1"><freejoint/><geom type="mesh" mesh="u"/></body>
    <body pos="2 0 1"><freejoint/><geom type="mesh" mesh="u_ascii" contype="0"
      conaffinity="0"/></body>
    <body pos="3 0 1"><freejoint/><geom type="mesh" mesh="tet"/></body>
    <body pos="4 0 1"><freejoint/><geom type="mesh" mesh="box2"/></body>
    <body pos="5 0 1"><freejoint/><geom type="mesh" mesh="inline"/></body>
  </worldbody>
</mujoco>)";
}

TEST(CompileAssets, ThreadsGiveTheSerialModel) {
  std::string file = WriteModel("assets_threads.xml", AssetModel());
  std::string e;
  mjModel* m = CompileWith(file, true, &e);
  ASSERT_NE(m, nullptr) << e;
  EXPECT_EQ(m->nmesh, 6);
  EXPECT_EQ(m->ntex, 6);
  EXPECT_EQ(m->nhfield, 3);
  mj_deleteModel(m);
  for (int k = 0; k < 5; k++) {
    EXPECT_EQ(CompareThreads(file), "");
  }
  std::remove(file.c_str());
}

TEST(CompileAssets, SharedModelsWithAndWithoutThreads) {
  std::string dir = SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  auto models = ManifestModels(dir);
  ASSERT_FALSE(models.empty()) << "no models in " << dir << "/manifest.json";
  for (const auto& model : models) {
    EXPECT_EQ(CompareThreads(model.second), "") << model.first;
  }
}

// Several failing assets: the error names the first in asset order (meshes, then textures,
// then height fields; the tree's own errors come between them, as without threads), whichever
// worker finished first.
TEST(CompileAssets, ErrorNamesTheFirstFailingAsset) {
  std::string dir = SourcePath("test/data/assets/");
  struct Case {
    const char* assets;
    const char* expect;
  } cases[] = {
      {R"(<mesh name="good" file="box.obj"/><mesh name="bad1" file="missing1.obj"/>
          <mesh name="bad2" file="missing2.stl"/><texture name="badtex" type="2d"
          file="missing.png"/><hfield name="badhf" file="missing.hf" size="1 1 1 1"/>)",
       "missing1.obj"},
      {R"(<mesh name="good" file="box.obj"/><texture name="sky" type="skybox"
          builtin="gradient" width="64"/><texture name="badtex" type="2d" file="missing.png"/>
          <texture name="badtex2" type="2d" file="missing2.png"/><hfield name="badhf"
          file="missing.hf" size="1 1 1 1"/>)",
       "missing.png"},
      {R"(<texture name="sky" type="skybox" builtin="gradient" width="64"/>
          <hfield name="badhf" file="missing.hf" size="1 1 1 1"/><hfield name="badhf2"
          file="missing2.hf" size="1 1 1 1"/>)",
       "missing.hf"},
  };
  int n = 0;
  for (const Case& c : cases) {
    std::string xml = "<mujoco><compiler meshdir='" + dir + "' texturedir='" + dir + "'/><asset>" +
                      c.assets + "</asset></mujoco>";
    std::string file = WriteModel("assets_error" + std::to_string(n++) + ".xml", xml);
    for (int k = 0; k < 4; k++) {
      std::string e1, e0;
      mjModel* m1 = CompileWith(file, true, &e1);
      mjModel* m0 = CompileWith(file, false, &e0);
      EXPECT_EQ(m1, nullptr);
      EXPECT_EQ(m0, nullptr);
      mj_deleteModel(m1);
      mj_deleteModel(m0);
      EXPECT_NE(e1.find(c.expect), std::string::npos) << e1;
      EXPECT_EQ(e1, e0);
    }
    std::remove(file.c_str());
  }
}

}  // namespace
}  // namespace motus_test
