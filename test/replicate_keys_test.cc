// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Keyframes through <replicate> (XMLreference.rst, replicate): the keys MuJoCo 3.8.0 compiles for
// the models of test/data/replicate_keys (goldens: test/data/replicate_keys/make_golden.sh) --
// replicated keys named with the replica suffix ahead of the model's own keys, keys of a model
// attached inside a replicate kept once, nested replicates, ball joints, mocap poses, controls of
// replicated actuators -- and the size check made when the replicate is expanded.

#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "keyframe_scenario.h"

namespace {

using motus_test::SourcePath;

void CompareWithMuJoCo(const std::string& name) {
  std::string dir = SourcePath("test/data/replicate_keys/");
  motus_test::LabeledValues golden = motus_test::ReadLabeledGolden(dir + name + ".golden");
  ASSERT_FALSE(golden.empty()) << name;
  char err[1000] = "";
  mjModel* m = mj_loadXML((dir + name + ".xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << name << ": " << err;
  EXPECT_EQ(motus_test::CompareLabeled(golden, keyframe_scenario::Keys(m), 0), "") << name;
  mj_deleteModel(m);
}

TEST(ReplicateKeysTest, AttachInsideReplicateMatchesMuJoCo) {
  CompareWithMuJoCo("attach");
}

TEST(ReplicateKeysTest, NestedReplicateMatchesMuJoCo) {
  CompareWithMuJoCo("nested");
}

TEST(ReplicateKeysTest, MocapAndBallJointsMatchMuJoCo) {
  CompareWithMuJoCo("mocap");
}

// MuJoCo 3.8.0: "Keyframe 'top' has invalid qpos size, got 4, should be 2", at the replicate
TEST(ReplicateKeysTest, KeySizedForTheWholeModelIsAnError) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(SourcePath("test/data/replicate_keys/badsize.xml").c_str(), nullptr, err,
                          sizeof(err));
  EXPECT_EQ(m, nullptr);
  mj_deleteModel(m);
  std::string msg = err;
  EXPECT_NE(msg.find("Keyframe 'top' has invalid qpos size, got 4, should be 2"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("line 8"), std::string::npos) << msg;
}

// MuJoCo 3.8.0: "Keyframe top has invalid ctrl size, got 3, should be 2" (two actuator elements)
TEST(ReplicateKeysTest, ControlsSizedForTheActuatorElements) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(SourcePath("test/data/replicate_keys/badctrl.xml").c_str(), nullptr, err,
                          sizeof(err));
  EXPECT_EQ(m, nullptr);
  mj_deleteModel(m);
  EXPECT_NE(std::string(err).find("Keyframe top has invalid ctrl size, got 3, should be 2"),
            std::string::npos)
      << err;
}

}  // namespace
