// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sleeping islands (computation_index.rst "Sleeping islands", programming_simulation.rst
// "Sleeping islands"): a pile of boxes falls asleep, a falling lid, a push, a moved configuration
// and a -0.0 velocity wake it, the state round-trips through mj_getState/mj_setState, and the
// compiler's sleep policies, all compared with MuJoCo 3.8.0 on test/data/sleep (goldens:
// test/data/sleep/make_golden.sh, the scenario: test/sleep_scenario.h).

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "sleep_scenario.h"

namespace {

using motus_test::CompileError;
using motus_test::SourcePath;

// Counts, sleep states and indices are exact. Positions and velocities agree with MuJoCo to
// rounding (largest difference 2e-15 over the scenario); a different sleep or wake step would move
// them by 1e-6 or more.
void Compare(const std::string& name, const sleep_scenario::Record& actual) {
  motus_test::LabeledValues golden =
      motus_test::ReadLabeledGolden(SourcePath("test/data/sleep/" + name + ".golden"));
  EXPECT_EQ(motus_test::CompareLabeled(golden, actual, 1e-12), "") << name;
}

mjModel* Load(const std::string& file) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(SourcePath("test/data/sleep/" + file).c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << err;
  return m;
}

TEST(SleepTest, PileMatchesMuJoCo) {
  mjModel* m = Load("pile.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Compare("pile", sleep_scenario::RunPile(m, d));
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(SleepTest, InitAsleepMatchesMuJoCo) {
  mjModel* m = Load("init.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Compare("init", sleep_scenario::RunInit(m, d));
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(SleepTest, LimitsAndEqualityMatchMuJoCo) {
  mjModel* m = Load("limit.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Compare("limit", sleep_scenario::RunLimit(m, d));
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(SleepTest, PolicyMatchesMuJoCo) {
  mjModel* m = Load("policy.xml");
  ASSERT_NE(m, nullptr);
  Compare("policy", sleep_scenario::RunPolicy(m));
  mj_deleteModel(m);
}

// the pile is asleep and still after the scenario's first phases, and stays so without effort
TEST(SleepTest, SleepingPileStaysPut) {
  mjModel* m = Load("pile.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  for (int i = 0; i < sleep_scenario::kFallSteps + sleep_scenario::kLandSteps; i++) {
    mj_step(m, d);
  }
  ASSERT_EQ(d->ntree_awake, 0);
  std::vector<mjtNum> qpos(d->qpos, d->qpos + m->nq);
  for (int i = 0; i < 50; i++) {
    mj_step(m, d);
  }
  EXPECT_EQ(d->ncon, 0);  // sleeping bodies do not collide with each other or the floor
  EXPECT_EQ(d->ntree_awake, 0);
  for (int i = 0; i < m->nq; i++) {
    EXPECT_EQ(d->qpos[i], qpos[i]) << i;
  }
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qvel[i], 0) << i;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// number of entries of `a` and `b` whose bits differ
int BitsDiffer(const mjtNum* a, const mjtNum* b, mjtSize n) {
  int count = 0;
  for (mjtSize i = 0; i < n; i++) {
    count += std::memcmp(a + i, b + i, sizeof(mjtNum)) != 0;
  }
  return count;
}

// The smooth stages skip the bodies and dofs of sleeping trees, which keep the values of the step
// they fell asleep: after mj_forward those values, and the awake trees' ones, are bit for bit what
// a forward pass over every tree (sleeping disabled) computes, while the pile falls asleep, while
// part of it sleeps and once it all sleeps.
TEST(SleepTest, SkippedTreesKeepTheirSmoothQuantities) {
  mjModel* m = Load("pile.xml");
  ASSERT_NE(m, nullptr);
  mjModel* all = mj_copyModel(nullptr, m);
  all->opt.enableflags &= ~mjENBL_SLEEP;
  mjData* d = mj_makeData(m);
  mjData* skip = mj_makeData(m);
  mjData* full = mj_makeData(m);
  int npartial = 0, nasleep = 0;
  for (int s = 0; s < sleep_scenario::kFallSteps + sleep_scenario::kLandSteps; s++) {
    mj_step(m, d);
    if (d->ntree_awake == m->ntree) {
      continue;
    }
    npartial += d->ntree_awake > 0;
    nasleep += d->ntree_awake == 0;
    mj_copyData(skip, m, d);
    mj_copyData(full, m, d);
    mj_forward(m, skip);
    mj_forward(all, full);
    // (a tree woken by a contact in this pass kept its position quantities, and computes the rest)
    struct Field {
      const char* name;
      const mjtNum* a;
      const mjtNum* b;
      mjtSize n;
    };
    const Field fields[] = {
        {"xpos", skip->xpos, full->xpos, 3 * m->nbody},
        {"xquat", skip->xquat, full->xquat, 4 * m->nbody},
        {"xmat", skip->xmat, full->xmat, 9 * m->nbody},
        {"xipos", skip->xipos, full->xipos, 3 * m->nbody},
        {"ximat", skip->ximat, full->ximat, 9 * m->nbody},
        {"geom_xpos", skip->geom_xpos, full->geom_xpos, 3 * m->ngeom},
        {"geom_xmat", skip->geom_xmat, full->geom_xmat, 9 * m->ngeom},
        {"subtree_com", skip->subtree_com, full->subtree_com, 3 * m->nbody},
        {"cinert", skip->cinert, full->cinert, 10 * m->nbody},
        {"cdof", skip->cdof, full->cdof, 6 * m->nv},
        {"crb", skip->crb, full->crb, 10 * m->nbody},
        {"qM", skip->qM, full->qM, m->nM},
        {"qLD", skip->qLD, full->qLD, m->nC},
        {"qLDiagInv", skip->qLDiagInv, full->qLDiagInv, m->nv},
        {"cvel", skip->cvel, full->cvel, 6 * m->nbody},
        {"cdof_dot", skip->cdof_dot, full->cdof_dot, 6 * m->nv},
        {"qfrc_passive", skip->qfrc_passive, full->qfrc_passive, m->nv},
        {"qfrc_bias", skip->qfrc_bias, full->qfrc_bias, m->nv},
        {"qacc_smooth", skip->qacc_smooth, full->qacc_smooth, m->nv},
    };
    for (const Field& f : fields) {
      EXPECT_EQ(BitsDiffer(f.a, f.b, f.n), 0)
          << f.name << " after step " << s << ", " << d->ntree_awake << " trees awake";
    }
  }
  EXPECT_GT(npartial, 0);
  EXPECT_GT(nasleep, 0);
  mj_deleteData(full);
  mj_deleteData(skip);
  mj_deleteData(d);
  mj_deleteModel(all);
  mj_deleteModel(m);
}

std::string TwoBallsWithTendon(const std::string& sleep, const std::string& tendon) {
  return "<mujoco><worldbody>"
         "<body sleep='" +
         sleep +
         "'><freejoint/><geom size='.1'/><site name='a'/></body>"
         "<body pos='1 0 0'><freejoint/><geom size='.1'/><site name='b'/></body>"
         "<body pos='2 0 0'><freejoint/><geom size='.1'/><site name='c'/></body>"
         "</worldbody><tendon>" +
         tendon + "</tendon></mujoco>";
}

// a tree the user allows to sleep cannot be held by an elastic tendon or one over more than two
// trees (MuJoCo 3.8.0 rejects both models)
TEST(SleepTest, AllowedTreeOnBadTendonIsAnError) {
  std::string elastic = "<spatial stiffness='1'><site site='a'/><site site='b'/></spatial>";
  std::string damped = "<spatial damping='1'><site site='a'/><site site='b'/></spatial>";
  std::string three = "<spatial><site site='a'/><site site='b'/><site site='c'/></spatial>";
  EXPECT_NE(CompileError(TwoBallsWithTendon("allowed", elastic)).find("stiffness or damping"),
            std::string::npos);
  EXPECT_NE(CompileError(TwoBallsWithTendon("allowed", damped)).find("stiffness or damping"),
            std::string::npos);
  EXPECT_NE(CompileError(TwoBallsWithTendon("allowed", three)).find("more than two trees"),
            std::string::npos);
  EXPECT_EQ(CompileError(TwoBallsWithTendon("auto", elastic)), "");
  EXPECT_EQ(CompileError(TwoBallsWithTendon("never", three)), "");
}

// a tree initialized asleep that rests on a tree of another policy cannot sleep: MuJoCo 3.8.0
// refuses the model when mjData is made
TEST(SleepTest, InitTreeInMixedIslandIsAnError) {
  std::string xml =
      "<mujoco><option><flag sleep='enable'/></option><worldbody>"
      "<geom type='plane' size='1 1 .1'/>"
      "<body name='low' pos='0 0 .1' sleep='init'><freejoint/><geom type='box' size='.1 .1 .1'/>"
      "</body><body pos='0 0 .29'><freejoint/><geom type='box' size='.1 .1 .1'/></body>"
      "</worldbody></mujoco>";
  std::string err = CompileError(xml);
  EXPECT_NE(err.find("sleep='init'"), std::string::npos) << err;
  EXPECT_NE(err.find("'low'"), std::string::npos) << err;
}

}  // namespace
