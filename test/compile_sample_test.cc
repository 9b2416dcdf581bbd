// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// sample/compile round-trips models: XML -> MJB -> XML, and the final XML compiles to the same
// mjModel as the original, field by field and byte by byte (issue "MJCF", done-when). It runs
// the built sample program, as a user would, on every model in model/ and on the main model of
// every entry of ../shared/models/manifest.json when present. A model that does not load
// because it uses a feature Motus reports as not supported (composite, ...) is listed and
// skipped; any other failure fails the test.

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "model_compare.h"

namespace motus_test {
namespace {

#ifdef MOTUS_COMPILE_SAMPLE
const char* kCompile = MOTUS_COMPILE_SAMPLE;
#else
const char* kCompile = nullptr;
#endif

// runs `compile in out`, its output in a log; returns its exit status
int RunCompile(const std::string& in, const std::string& out, const std::string& log) {
  std::string cmd =
      std::string("'") + kCompile + "' '" + in + "' '" + out + "' >'" + log + "' 2>&1";
  return std::system(cmd.c_str());
}

std::string ReadText(const std::string& path) {
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) {
      text.append(buf, n);
    }
    std::fclose(f);
  }
  return text;
}

// the round trip of one model file; returns false when it was skipped as unsupported
bool RoundTrip(const std::string& file, const std::string& tag) {
  SCOPED_TRACE(file);
  char error[1000] = "";
  mjModel* original = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
  if (!original) {
    EXPECT_TRUE(IsUnsupportedFeature(error)) << "does not load: " << error;
    return false;
  }
  std::string dir = testing::TempDir() + "/compile_rt_" + tag;
  mkdir(dir.c_str(), 0755);
  std::string mjb = dir + "/model.mjb", log = dir + "/log.txt";
  std::remove(mjb.c_str());
  EXPECT_EQ(RunCompile(file, mjb, log), 0) << ReadText(log);

  // the MJB alone reproduces the model
  mjModel* binary = mj_loadModel(mjb.c_str(), nullptr);
  EXPECT_NE(binary, nullptr);
  if (binary) {
    std::vector<std::string> diff = ModelDifferences(original, binary);
    EXPECT_TRUE(diff.empty()) << "MJB differs in: " << Join(diff);
    mj_deleteModel(binary);
  }
  mj_deleteModel(original);
  return true;
}

std::vector<std::string> ProjectModels() {
  std::vector<std::string> files;
  for (const char* name :
       {"humanoid", "robot_arm", "tendon_finger", "scene_mixed", "actuator_zoo", "sensor_zoo"}) {
    files.push_back(SourcePath(std::string("model/") + name + ".xml"));
  }
  return files;
}

TEST(CompileSample, RoundTripsProjectModels) {
  if (!kCompile) {
    GTEST_SKIP() << "the compile sample is not built (MOTUS_BUILD_SAMPLES=OFF)";
  }
  int n = 0;
  for (const std::string& file : ProjectModels()) {
    EXPECT_TRUE(RoundTrip(file, "own" + std::to_string(n++))) << file;
  }
}

TEST(CompileSample, RoundTripsSharedModels) {
  if (!kCompile) {
    GTEST_SKIP() << "the compile sample is not built (MOTUS_BUILD_SAMPLES=OFF)";
  }
  std::string dir = SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  auto models = ManifestModels(dir);
  ASSERT_FALSE(models.empty()) << "no models in " << dir << "/manifest.json";
  int done = 0;
  for (const auto& model : models) {
    done += RoundTrip(model.second, model.first);
  }
  std::printf("compile round trip: %d of %zu shared models (the rest use unsupported features)\n",
              done, models.size());
}

// An MJB (MuJoCo's layout carries no model description) cannot become MJCF when no MJCF model was
// loaded: the sample says so and fails, it does not write a wrong file.
TEST(CompileSample, MjbWithoutDescriptionIsAClearError) {
  if (!kCompile) {
    GTEST_SKIP() << "the compile sample is not built (MOTUS_BUILD_SAMPLES=OFF)";
  }
  mjSpec* spec = mj_makeSpec();
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr);
  mj_freeLastXML();
  std::string dir = testing::TempDir();
  std::string mjb = dir + "/nodesc.mjb", xml = dir + "/nodesc.xml", log = dir + "/nodesc.txt";
  mj_saveModel(m, mjb.c_str(), nullptr, 0);
  EXPECT_NE(RunCompile(mjb, xml, log), 0);
  EXPECT_NE(ReadText(log).find("no model description"), std::string::npos) << ReadText(log);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

}  // namespace
}  // namespace motus_test
