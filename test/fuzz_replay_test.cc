// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Replays the fuzz corpora with the ordinary build: every file under test/fuzz/corpus/<target>
// (seeds and every input a fuzzer has found), the project's models as XML and as MJB images, and
// the crash inputs under ../shared/fuzz-inputs when present. A target aborts on mju_error during
// simulation, so a regression fails this test even without sanitizers (with them, any invalid
// access does). How to fuzz: README.md, "Fuzzing".

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <dirent.h>
#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "fuzz/fuzz_targets.h"
#include "user/user_mjb.h"

namespace {

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::vector<uint8_t> bytes;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    int c;
    while ((c = std::fgetc(f)) != EOF) {
      bytes.push_back(static_cast<uint8_t>(c));
    }
    std::fclose(f);
  }
  return bytes;
}

// regular files of a directory, sorted
std::vector<std::string> Files(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* dp = opendir(dir.c_str())) {
    while (dirent* e = readdir(dp)) {
      std::string name = e->d_name;
      if (name != "." && name != "..") {
        out.push_back(dir + "/" + name);
      }
    }
    closedir(dp);
  }
  std::sort(out.begin(), out.end());
  return out;
}

int Replay(const char* target, const std::string& dir) {
  motus_fuzz::Target run = motus_fuzz::TargetByName(target);
  int n = 0;
  for (const std::string& file : Files(dir)) {
    std::vector<uint8_t> bytes = ReadFile(file);
    SCOPED_TRACE(file);
    EXPECT_EQ(run(bytes.data(), bytes.size()), 0);
    n++;
  }
  return n;
}

class FuzzReplay : public testing::TestWithParam<const char*> {};

TEST_P(FuzzReplay, Corpus) {
  std::string dir = motus_test::SourcePath(std::string("test/fuzz/corpus/") + GetParam());
  int before = motus_fuzz::ModelsLoaded();
  EXPECT_GT(Replay(GetParam(), dir), 0) << dir;
  EXPECT_GT(motus_fuzz::ModelsLoaded(), before) << "no seed of " << GetParam() << " loads";
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay, testing::Values("xml", "mjb", "mesh", "image"));

// the project's models, as MJCF and as MJB images
TEST(FuzzReplayModels, ProjectModels) {
  int n = 0;
  for (const std::string& file : Files(motus_test::SourcePath("model"))) {
    if (file.size() < 4 || file.substr(file.size() - 4) != ".xml") {
      continue;
    }
    char error[1000] = "";
    mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
    ASSERT_NE(m, nullptr) << file << ": " << error;
    std::vector<uint8_t> mjb = motus::MjbEncode(m);
    mj_deleteModel(m);
    motus_fuzz::FuzzMjb(mjb.data(), mjb.size());
    n++;
  }
  EXPECT_GT(n, 0);
}

// the crash inputs of ../shared/fuzz-inputs: mjb-* files without extension are raw fuzzer
// inputs of an MJB target that repairs the length and checksum, xml-* files are MJCF
TEST(FuzzReplayModels, SharedCrashInputs) {
  std::string dir = motus_test::SharedPath("fuzz-inputs");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared/fuzz-inputs is absent";
  }
  int n = 0;
  for (const std::string& file : Files(dir)) {
    std::string name = file.substr(file.rfind('/') + 1);
    if (name.find('.') != std::string::npos) {
      continue;
    }
    std::vector<uint8_t> bytes = ReadFile(file);
    SCOPED_TRACE(name);
    if (name.rfind("mjb-", 0) == 0) {
      motus_fuzz::FuzzMjb(bytes.data(), bytes.size());
      n++;
    } else if (name.rfind("xml-", 0) == 0) {
      motus_fuzz::FuzzXml(bytes.data(), bytes.size());
      n++;
    }
  }
  EXPECT_GT(n, 0);
}

}  // namespace
