// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Hostile and careless MJCF: sizes that overflow the arena estimate, an arena that cannot be
// allocated, elements nested deeper than any stack allows through a chain of includes, options
// that are not positive, and large but valid models (10,000 free bodies, replicated grids). Each
// gives a clear error or a documented, bounded behaviour. The inputs found by fuzzing under
// ../shared/fuzz-inputs load to NULL or simulate cleanly (run under the sanitizers to see it).

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <dirent.h>
#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::ScopedErrorCapture;

// compiles files held in a VFS; `main` names the top file. Returns NULL with *error set on
// failure; *error holds the warning, if any, on success.
mjModel* Compile(const std::vector<std::pair<std::string, std::string>>& files,
                 const std::string& main, std::string* error) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  for (const auto& f : files) {
    mj_addBufferVFS(&vfs, f.first.c_str(), f.second.data(), static_cast<int>(f.second.size()));
  }
  char buf[1000] = "";
  mjModel* m = mj_loadXML(main.c_str(), &vfs, buf, sizeof(buf));
  mj_deleteVFS(&vfs);
  *error = buf;
  return m;
}

mjModel* Compile(const std::string& xml, std::string* error) {
  return Compile({{"model.xml", xml}}, "model.xml", error);
}

const char kFreeSphere[] =
    "<worldbody><body><freejoint/><geom size='.1'/></body></worldbody></mujoco>";

// xml-arena-size-overflow-ub: the default arena estimate for limits near INT_MAX overflowed
// the conversion to an integer
TEST(HostileXmlTest, ArenaEstimateOverflowIsAnError) {
  std::string error;
  mjModel* m = Compile(
      std::string("<mujoco><size nconmax='2000000000' njmax='2000000000' nstack='2000000000'/>") +
          kFreeSphere,
      &error);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(error.find("arena"), std::string::npos) << error;
  mj_deleteModel(m);
}

// allocator that refuses anything above 1 GiB, counting live blocks
int live_blocks = 0;
void* RefusingMalloc(size_t size) {
  if (size > (size_t{1} << 30)) {
    return nullptr;
  }
  live_blocks++;
  return std::malloc(size);
}
void CountingFree(void* p) {
  if (p) {
    live_blocks--;
  }
  std::free(p);
}

// xml-leak-makeData-alloc-failure: when <size memory> cannot be allocated, the compiler's mjData
// leaked on the error path
TEST(HostileXmlTest, ArenaAllocationFailureLeaksNothing) {
  mju_user_malloc = RefusingMalloc;
  mju_user_free = CountingFree;
  live_blocks = 0;
  std::string error;
  mjModel* m = Compile(std::string("<mujoco><size memory='100G'/>") + kFreeSphere, &error);
  mju_user_malloc = nullptr;
  mju_user_free = nullptr;
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(error.find("could not allocate"), std::string::npos) << error;
  EXPECT_EQ(live_blocks, 0);
}

// files main.xml, c0.xml ... c{n-1}.xml: each include file nests `per` bodies and includes the
// next inside the innermost one
std::vector<std::pair<std::string, std::string>> IncludeChain(int n, int per) {
  std::vector<std::pair<std::string, std::string>> files = {
      {"main.xml", "<mujoco><worldbody><include file='c0.xml'/></worldbody></mujoco>"}};
  for (int k = 0; k < n; k++) {
    std::string open, close;
    for (int i = 0; i < per; i++) {
      open += "<body pos='0 0 .01'><geom size='.01'/>\n";
      close += "</body>";
    }
    std::string inc = k + 1 < n ? "<include file='c" + std::to_string(k + 1) + ".xml'/>" : "";
    files.push_back(
        {"c" + std::to_string(k) + ".xml", "<mujoco>" + open + inc + close + "</mujoco>"});
  }
  return files;
}

// xml-deep-include-stack-overflow: 13,500 levels of bodies through 150 include files overflowed
// the stack; nesting is now bounded (2000 levels) with an error naming the file and line
TEST(HostileXmlTest, DeepNestingThroughIncludesIsAnError) {
  std::string error;
  mjModel* m = Compile(IncludeChain(150, 90), "main.xml", &error);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(error.find("nested more than 2000 levels"), std::string::npos) << error;
  EXPECT_NE(error.find("c22.xml"), std::string::npos) << error;  // depth 2001 is in file 22
  EXPECT_NE(error.find("line 19"), std::string::npos) << error;
  mj_deleteModel(m);

  // 1800 levels still compile
  m = Compile(IncludeChain(20, 90), "main.xml", &error);
  ASSERT_NE(m, nullptr) << error;
  EXPECT_EQ(m->nbody, 1801);
  mj_deleteModel(m);
}

// MuJoCo 3.8 accepts a timestep that is not positive and negative iteration counts silently;
// Motus accepts them too but warns
TEST(HostileXmlTest, NonPositiveOptionsWarn) {
  const struct {
    const char* option;
    const char* words;
  } cases[] = {{"timestep='-0.01'", "timestep"},
               {"timestep='0'", "timestep"},
               {"iterations='-3'", "iterations = -3"},
               {"ls_iterations='-1'", "ls_iterations"},
               {"impratio='0'", "impratio"}};
  for (const auto& c : cases) {
    ScopedErrorCapture capture;
    std::string error;
    mjModel* m = Compile(std::string("<mujoco><option ") + c.option + "/>" + kFreeSphere, &error);
    ASSERT_NE(m, nullptr) << c.option << ": " << error;
    EXPECT_NE(error.find(c.words), std::string::npos) << c.option << ": " << error;
    mjData* d = mj_makeData(m);
    for (int i = 0; i < 10; i++) {
      mj_step(m, d);
    }
    EXPECT_TRUE(capture.errors().empty());
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// the legacy limits njmax and nconmax are -1 ("unset") or counts: below -1 is an error naming
// the attribute and the line, not a model that mj_makeData later refuses
TEST(HostileXmlTest, LegacyLimitsBelowMinusOneAreErrors) {
  for (const char* attr : {"nconmax", "njmax"}) {
    std::string error;
    mjModel* m =
        Compile(std::string("<mujoco>\n<size ") + attr + "='-4'/>\n" + kFreeSphere, &error);
    EXPECT_EQ(m, nullptr) << attr;
    EXPECT_NE(error.find(std::string(attr) + " must be >= -1"), std::string::npos) << error;
    EXPECT_NE(error.find("line 2"), std::string::npos) << error;
    mj_deleteModel(m);
  }
}

// 10,000 free spheres: MuJoCo's estimate (147 GB) cannot be allocated; the default arena is
// capped at 1 GiB (the simulation uses about 20 MB), so the model compiles and steps
TEST(HostileXmlTest, TenThousandFreeBodiesGetABoundedArena) {
  std::string xml = "<mujoco><worldbody><geom type='plane' size='30 30 .1'/>";
  for (int i = 0; i < 10000; i++) {
    xml += "<body pos='" + std::to_string(0.25 * (i % 100)) + " " +
           std::to_string(0.25 * (i / 100)) + " 0.3'><freejoint/><geom size='.1'/></body>";
  }
  xml += "</worldbody></mujoco>";
  std::string error;
  mjModel* m = Compile(xml, &error);
  ASSERT_NE(m, nullptr) << error;
  EXPECT_EQ(m->narena, mjtSize{1} << 30);
  mjData* d = mj_makeData(m);
  ASSERT_NE(d, nullptr);
  mj_step(m, d);
  EXPECT_EQ(d->warning[mjWARN_CNSTRFULL].number, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// replicated grids of moving bodies compile, here under the sanitizers too (the mass check of
// moving bodies was quadratic in the number of bodies: 1000 x 1000 took minutes; the complexity
// guard that fails on quadratic code is compile_scale_test)
TEST(HostileXmlTest, ReplicatedGridCompiles) {
  std::string error;
  mjModel* m = Compile(
      "<mujoco><worldbody><replicate count='150' offset='1 0 0'>"
      "<replicate count='150' offset='0 1 0'><body><joint type='slide' axis='0 0 1'/>"
      "<geom size='.1'/></body></replicate></replicate></worldbody></mujoco>",
      &error);
  ASSERT_NE(m, nullptr) << error;
  EXPECT_EQ(m->nbody, 150 * 150 + 1);
  mj_deleteModel(m);

  // a massless moving body is still found
  m = Compile(
      "<mujoco><worldbody><body><joint/><geom size='.1' mass='0'/></body></worldbody></mujoco>",
      &error);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(error.find("mass and inertia of moving bodies"), std::string::npos) << error;
}

// The XML inputs found by fuzzing load to NULL with an error or simulate
TEST(HostileXmlTest, SharedFuzzInputs) {
  std::string dir = motus_test::SharedPath("fuzz-inputs");
  DIR* dp = dir.empty() ? nullptr : opendir(dir.c_str());
  if (!dp) {
    GTEST_SKIP() << "../shared/fuzz-inputs is absent";
  }
  int files = 0;
  while (dirent* e = readdir(dp)) {
    std::string name = e->d_name;
    if (name.rfind("xml-", 0) != 0 || name.find('.') != std::string::npos) {
      continue;
    }
    files++;
    ScopedErrorCapture capture;
    char error[1000] = "";
    mjModel* m = mj_loadXML((dir + "/" + name).c_str(), nullptr, error, sizeof(error));
    if (m) {
      mjData* d = mj_makeData(m);
      for (int i = 0; d && i < 200; i++) {
        mj_step(m, d);
      }
      mj_deleteData(d);
      mj_deleteModel(m);
    } else {
      EXPECT_NE(error[0], 0) << name;
    }
    EXPECT_TRUE(capture.errors().empty()) << name;
  }
  closedir(dp);
  EXPECT_GT(files, 0);
}

}  // namespace
