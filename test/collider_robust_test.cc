// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Colliders under hostile input: every pair of geom types with huge (1e11, 1e300), zero, NaN and
// infinite sizes, poses far away or NaN, and non-unit orientations (as an edited mjModel or a
// user-written qpos can give). No case may write more contacts than a pair allows or read outside
// its arrays (run under -DMOTUS_SANITIZE=ON to see the latter); NaN and infinite state is
// detected by mj_step as MuJoCo documents (mjWARN_BADQPOS/BADQVEL/BADQACC, then a reset).

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::ScopedErrorCapture;

mjModel* Compile(const std::string& xml) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "model.xml", xml.data(), static_cast<int>(xml.size()));
  char error[1000] = "";
  mjModel* m = mj_loadXML("model.xml", &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  EXPECT_NE(m, nullptr) << error;
  return m;
}

// xml-boxbox-huge-size-ub: a box of half-size 1e11 around a small free box. Its separations are
// all below -mjMAXVAL, so box-box picked no axis and indexed axis[-1].
TEST(ColliderRobustTest, HugeBoxAroundSmallBox) {
  mjModel* m = Compile(
      "<mujoco><worldbody><geom type='box' size='1e11 1e11 1e11'/>"
      "<body><freejoint/><geom type='box' size='.1 .1 .1'/></body></worldbody></mujoco>");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;
  mj_forward(m, d);
  EXPECT_GE(d->ncon, 1);
  EXPECT_LE(d->ncon, 8);
  for (int i = 0; i < 100; i++) {
    mj_step(m, d);
  }
  EXPECT_TRUE(capture.errors().empty());
  mj_deleteData(d);
  mj_deleteModel(m);
}

const char* kTypes[] = {"plane", "sphere", "capsule", "ellipsoid", "cylinder", "box", "mesh"};

// two free bodies with one geom each (a plane is static in the world)
std::string PairModel(const char* t1, const char* t2) {
  auto geom = [](const char* t) {
    std::string g = std::string("<geom type='") + t + "'";
    g += std::string(t) == "mesh" ? " mesh='tet'/>" : " size='.1 .2 .3'/>";
    return g;
  };
  std::string xml =
      "<mujoco><asset><mesh name='tet' vertex='0 0 0 1 0 0 0 1 0 0 0 1'/></asset><worldbody>";
  if (std::string(t1) == "plane") {
    xml += "<geom type='plane' size='1 1 .1'/>";
  } else {
    xml += "<body><freejoint/>" + geom(t1) + "</body>";
  }
  xml += "<body pos='0 0 .1'><freejoint/>" + geom(t2) + "</body></worldbody></mujoco>";
  return xml;
}

// Every pair of types; for each, sizes and poses from the list below, written into mjModel and
// qpos directly. mj_forward must finish with at most mjMAXCONPAIR contacts per pair and finite
// contacts whenever everything is finite.
TEST(ColliderRobustTest, AllPairsHostileSizesAndPoses) {
  const double kInf = INFINITY, kNan = NAN;
  const double sizes[][3] = {{1e11, 1e11, 1e11},       {1e300, 1e300, 1e300}, {0, 0, 0},
                             {1e-300, 1e-300, 1e-300}, {kNan, 1, 1},          {kInf, 1, 1},
                             {1e11, 1e-11, 1},         {.1, .2, .3}};
  const double quats[][4] = {{1, 0, 0, 0},        {2, 0, 0, 0},         {0, 0, 0, 0},
                             {1, 1e-9, 0, 0},     {0.1, 0.2, 0.3, 0.4}, {kNan, 0, 0, 0},
                             {1e300, 1e300, 0, 0}};
  const double positions[][3] = {{0, 0, 0},    {0, 0, 1e11}, {1e300, 0, 0},
                                 {kNan, 0, 0}, {0, 0, 0.05}, {kInf, 0, 0}};
  int cases = 0;
  for (int i = 0; i < 7; i++) {
    for (int j = i; j < 7; j++) {
      if (i == 0 && j == 0) {
        continue;
      }
      mjModel* m = Compile(PairModel(kTypes[i], kTypes[j]));
      ASSERT_NE(m, nullptr);
      mjData* d = mj_makeData(m);
      int last = m->ngeom - 1;
      for (const auto& s : sizes) {
        for (const auto& q : quats) {
          for (const auto& p : positions) {
            mj_resetData(m, d);
            if (kTypes[j] != std::string("mesh")) {
              for (int k = 0; k < 3; k++) {
                m->geom_size[3 * last + k] = s[k];
              }
            }
            m->geom_rbound[last] = 1e300;  // pass the bounding-sphere filter
            int adr = m->jnt_qposadr[m->njnt - 1];
            for (int k = 0; k < 3; k++) {
              d->qpos[adr + k] = p[k];
            }
            for (int k = 0; k < 4; k++) {
              d->qpos[adr + 3 + k] = q[k];
            }
            ScopedErrorCapture capture;
            mj_forward(m, d);
            cases++;
            EXPECT_TRUE(capture.errors().empty()) << kTypes[i] << "-" << kTypes[j];
            EXPECT_GE(d->ncon, 0);
            EXPECT_LE(d->ncon, mjMAXCONPAIR) << kTypes[i] << "-" << kTypes[j];
          }
        }
      }
      mj_deleteData(d);
      mj_deleteModel(m);
      mjModel* fresh = nullptr;
      (void)fresh;
    }
  }
  EXPECT_EQ(cases, 27 * 8 * 7 * 6);
}

// mj_step detects bad state as MuJoCo documents (Simulation, "Diverging simulations"): NaN or
// |x| > mjMAXVAL in qpos or qvel gives the warning and resets the data; the step still counts
mjModel* FallingBox() {
  return Compile(
      "<mujoco><worldbody><geom type='plane' size='1 1 .1'/><body pos='0 0 .2'><freejoint/>"
      "<geom type='box' size='.1 .1 .1'/></body></worldbody></mujoco>");
}

TEST(ColliderRobustTest, BadStateWarnsAndResets) {
  mjModel* m = FallingBox();
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;

  for (int i = 0; i < 10; i++) {
    mj_step(m, d);
  }
  d->qpos[0] = NAN;
  mj_step(m, d);
  EXPECT_EQ(d->warning[mjWARN_BADQPOS].number, 1);
  EXPECT_EQ(d->qpos[0], m->qpos0[0]);

  d->qvel[3] = 1e11;  // beyond mjMAXVAL
  mj_step(m, d);
  EXPECT_EQ(d->warning[mjWARN_BADQVEL].number, 1);
  EXPECT_EQ(d->qvel[3], 0);

  d->qfrc_applied[2] = INFINITY;  // the acceleration becomes non-finite
  mj_step(m, d);
  EXPECT_EQ(d->warning[mjWARN_BADQACC].number, 1);
  for (int i = 0; i < m->nv; i++) {
    EXPECT_TRUE(std::isfinite(d->qvel[i]));
  }
  EXPECT_TRUE(capture.errors().empty());
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
