// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Colliders under hostile input: every pair of geom types with huge (1e11, 1e300), zero, NaN and
// infinite sizes, poses far away or NaN, and non-unit orientations (as an edited mjModel or a
// user-written qpos can give). No case may write more contacts than a pair allows or read outside
// its arrays (run under -DMOTUS_SANITIZE=ON to see the latter); NaN and infinite state is
// detected by mj_step as MuJoCo documents (mjWARN_BADQPOS/BADQVEL/BADQACC, then a reset).

#include <algorithm>
#include <cmath>
#include <cstdlib>
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

const double kInf = INFINITY, kNan = NAN;
const double kSizes[][3] = {{1e11, 1e11, 1e11},       {1e300, 1e300, 1e300}, {0, 0, 0},
                            {1e-300, 1e-300, 1e-300}, {kNan, 1, 1},          {kInf, 1, 1},
                            {1e11, 1e-11, 1},         {.1, .2, .3}};
const double kQuats[][4] = {{1, 0, 0, 0},        {2, 0, 0, 0},         {0, 0, 0, 0},
                            {1, 1e-9, 0, 0},     {0.1, 0.2, 0.3, 0.4}, {kNan, 0, 0, 0},
                            {1e300, 1e300, 0, 0}};
const double kPositions[][3] = {{0, 0, 0},    {0, 0, 1e11}, {1e300, 0, 0},
                                {kNan, 0, 0}, {0, 0, 0.05}, {kInf, 0, 0}};

// Writes size s (unless the geom is a mesh), pose p and orientation q into the last geom and
// the free joint of its body, with a bounding sphere that passes every filter; then mj_forward
// must finish without an error and with at most mjMAXCONPAIR contacts.
void ForwardHostile(mjModel* m, mjData* d, bool mesh, const double* s, const double* q,
                    const double* p, const std::string& label) {
  mj_resetData(m, d);
  int last = m->ngeom - 1;
  if (!mesh) {
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
  EXPECT_TRUE(capture.errors().empty()) << label;
  EXPECT_GE(d->ncon, 0);
  EXPECT_LE(d->ncon, mjMAXCONPAIR) << label;
}

// every hostile size, orientation and position of the second geom: the number of cases run
int ForwardEveryHostileCase(mjModel* m, mjData* d, bool mesh, const std::string& label) {
  int cases = 0;
  for (const auto& s : kSizes) {
    for (const auto& q : kQuats) {
      for (const auto& p : kPositions) {
        ForwardHostile(m, d, mesh, s, q, p, label);
        cases++;
      }
    }
  }
  return cases;
}

// Every pair of types; for each, sizes and poses from the list below, written into mjModel and
// qpos directly. mj_forward must finish with at most mjMAXCONPAIR contacts per pair and finite
// contacts whenever everything is finite.
TEST(ColliderRobustTest, AllPairsHostileSizesAndPoses) {
  int cases = 0;
  for (int i = 0; i < 7; i++) {
    for (int j = i; j < 7; j++) {
      if (i == 0 && j == 0) {
        continue;
      }
      mjModel* m = Compile(PairModel(kTypes[i], kTypes[j]));
      ASSERT_NE(m, nullptr);
      mjData* d = mj_makeData(m);
      std::string label = std::string(kTypes[i]) + "-" + kTypes[j];
      cases += ForwardEveryHostileCase(m, d, kTypes[j] == std::string("mesh"), label);
      mj_deleteData(d);
      mj_deleteModel(m);
    }
  }
  EXPECT_EQ(cases, 27 * 8 * 7 * 6);
}

// A height field (static, in the world) against every other type with the hostile sizes and
// poses above, and height fields of hostile sizes under a ball: selecting the cells the geom
// covers converted -inf, NaN or values beyond int's range to int.
TEST(ColliderRobustTest, HeightFieldHostileSizesAndPoses) {
  auto model = [](const char* type) {
    std::string geom = std::string("<geom type='") + type + "'";
    geom += std::string(type) == "mesh" ? " mesh='tet'/>" : " size='.1 .2 .3'/>";
    return "<mujoco><asset><mesh name='tet' vertex='0 0 0 1 0 0 0 1 0 0 0 1'/>"
           "<hfield name='h' nrow='3' ncol='4' size='1 1 .2 .1'/></asset><worldbody>"
           "<geom type='hfield' hfield='h'/><body pos='0 0 .1'><freejoint/>" +
           geom + "</body></worldbody></mujoco>";
  };
  int cases = 0;
  for (int j = 1; j < 7; j++) {
    mjModel* m = Compile(model(kTypes[j]));
    ASSERT_NE(m, nullptr);
    mjData* d = mj_makeData(m);
    std::string label = std::string("hfield-") + kTypes[j];
    cases += ForwardEveryHostileCase(m, d, kTypes[j] == std::string("mesh"), label);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  EXPECT_EQ(cases, 6 * 8 * 7 * 6);

  mjModel* m = Compile(model("sphere"));
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  const double one[3] = {.1, .1, .1}, unit[4] = {1, 0, 0, 0}, near[3] = {0.2, 0.1, 0.05};
  for (const auto& s : kSizes) {
    for (int k = 0; k < 3; k++) {
      m->hfield_size[k] = s[k];
    }
    ForwardHostile(m, d, false, one, unit, near, "hfield size");
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// The broad phase sorts the bodies' boxes along the sweep axis. A geom whose margin a user set to
// NaN (a real contact parameter, editable at run time) has a NaN box; a sort comparing with `<`
// alone then has no strict weak order, leaves finite boxes out of order, and the sweep, which
// stops at the first box starting beyond the current one, lost pairs of finite geoms that touch.
// 40 spheres in a row, each overlapping its neighbours, declared in a scrambled order; every
// pair of neighbours without a NaN margin must stay in contact, whichever way the row points.
TEST(ColliderRobustTest, NanBoundsKeepTheOtherPairs) {
  const int n = 40;
  for (double dir : {1.0, -1.0}) {
    std::string xml = "<mujoco><option gravity='0 0 0'/><worldbody>";
    std::vector<int> slot(n);  // position of each body in the row
    for (int i = 0; i < n; i++) {
      slot[i] = (7 * i) % n;
      xml += "<body pos='" + std::to_string(dir * 0.9 * slot[i]) +
             " 0 0'><freejoint/><geom size='.5'/></body>";
    }
    xml += "</worldbody></mujoco>";
    mjModel* m = Compile(xml);
    ASSERT_NE(m, nullptr);
    mjData* d = mj_makeData(m);
    ScopedErrorCapture capture;

    // NaN margins on every fifth body; `finite` marks the others by row position
    std::vector<bool> finite(n, true);
    for (int i = 0; i < n; i += 5) {
      m->geom_margin[i] = NAN;
      finite[slot[i]] = false;
    }
    mj_forward(m, d);

    // contacts between finite geoms, marked by the row position of the first of the two
    std::vector<int> touching(n, 0);
    for (int c = 0; c < d->ncon; c++) {
      int s1 = slot[d->contact[c].geom1], s2 = slot[d->contact[c].geom2];
      if (finite[s1] && finite[s2] && std::abs(s1 - s2) == 1) {
        touching[std::min(s1, s2)]++;
      }
    }
    for (int s = 0; s + 1 < n; s++) {
      if (finite[s] && finite[s + 1]) {
        EXPECT_EQ(touching[s], 1) << "row direction " << dir << ", spheres at slots " << s
                                  << " and " << s + 1;
      }
    }
    EXPECT_TRUE(capture.errors().empty());
    mj_deleteData(d);
    mj_deleteModel(m);
  }
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
