// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Primitive and box colliders (computation_index.rst "Collision detection / Checking",
// "Pair-wise colliders"): conformance with MuJoCo 3.3.8 for every primitive type pair at
// penetrating, touching, separated-within-margin, in-gap, special and random poses, plus checks
// that need no reference (geom swap, translation, contact counts).
//
// Golden data: test/data/collision/<pair>.xml, <pair>_states.jsonl, <pair>_golden.txt, written by
//   MJREF=/work/oracle/mjref python3 test/data/collision/make_golden.py
// (each golden record: qpos and the oracle's contacts after mj_forward at that state).

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "collision_testutil.h"
#include "engine/engine_collision_driver.h"
#include "engine/engine_collision_primitive.h"
#include "fixture.h"
#include "golden.h"

namespace motus_test {
namespace {

const char* const kPairs[] = {
    "plane_sphere",  "plane_capsule",   "plane_ellipsoid", "plane_cylinder",
    "plane_box",     "sphere_sphere",   "sphere_capsule",  "sphere_cylinder",
    "sphere_box",    "capsule_capsule", "capsule_box",     "box_box"};

class PrimitivePair : public ::testing::TestWithParam<const char*> {};

// Every state of the pair's golden file: same contacts as the oracle (geoms, order, dist, pos,
// full frame, parameters).
TEST_P(PrimitivePair, MatchesOracle) {
  std::string name = GetParam();
  std::string dir = SourcePath("test/data/collision/");
  Golden g(dir + name + "_golden.txt");
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(dir + name + ".xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  int total = 0;
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    std::vector<GoldenContact> ref;
    if (g.has(r, "contact")) ref = ParseContacts(g.get(r, "contact"));
    ASSERT_EQ(static_cast<int>(g.get(r, "ncon")[0]), static_cast<int>(ref.size()));
    total += static_cast<int>(ref.size());
    EXPECT_TRUE(ContactsMatch(m, d, ref)) << name << " state " << r;
  }
  EXPECT_GT(total, g.num_records()) << "the states should produce contacts";
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Calls the collider of geoms (g1, g2) directly (g1 first even when its type is higher).
int CallCollider(const mjModel* m, const mjData* d, int g1, int g2, mjtNum margin,
                 mjContact* con) {
  int t1 = m->geom_type[g1], t2 = m->geom_type[g2];
  mjfCollision f = mjCOLLISIONFUNC[std::min(t1, t2)][std::max(t1, t2)];
  for (int i = 0; i < mjMAXCONPAIR; i++) mju_zero3(con[i].frame + 3);
  return f ? f(m, d, con, g1, g2, margin) : 0;
}

// Swapping two geoms of the same type flips the normal; dist and pos (single contacts) agree.
TEST_P(PrimitivePair, SwapFlipsNormal) {
  std::string name = GetParam();
  std::string dir = SourcePath("test/data/collision/");
  Golden g(dir + name + "_golden.txt");
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(dir + name + ".xml");
  ASSERT_NE(m, nullptr);
  if (m->ngeom < 4 || m->geom_type[0] != m->geom_type[1]) {
    mj_deleteModel(m);
    GTEST_SKIP() << "geoms of different types: the driver orders them by type";
  }
  mjData* d = mj_makeData(m);
  mjContact a[mjMAXCONPAIR], b[mjMAXCONPAIR];
  int checked = 0;
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    int na = CallCollider(m, d, 0, 1, 0.05, a);
    int nb = CallCollider(m, d, 1, 0, 0.05, b);
    if (na != 1 || nb != 1) continue;
    checked++;
    // rounding: the same closed-form distance evaluated from the other side
    EXPECT_NEAR(a[0].dist, b[0].dist, 1e-12) << "state " << r;
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(a[0].frame[k], -b[0].frame[k], 1e-12) << "state " << r;
      EXPECT_NEAR(a[0].pos[k], b[0].pos[k], 1e-12) << "state " << r;
    }
  }
  EXPECT_GT(checked, 5);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Translating both geoms (for planes: along the plane) changes only the contact positions.
TEST_P(PrimitivePair, TranslationMovesOnlyPos) {
  std::string name = GetParam();
  std::string dir = SourcePath("test/data/collision/");
  Golden g(dir + name + "_golden.txt");
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(dir + name + ".xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mjData* d2 = mj_makeData(m);
  bool plane = m->geom_type[0] == mjGEOM_PLANE;
  const mjtNum shift[3] = {0.37, -0.21, plane ? 0.0 : 0.55};
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    PoseFromGolden(m, d2, g, r);
    for (int j = 0; j < m->njnt; j++) {
      for (int k = 0; k < 3; k++) d2->qpos[m->jnt_qposadr[j] + k] += shift[k];
    }
    mj_kinematics(m, d2);
    mj_collision(m, d2);
    ASSERT_EQ(d->ncon, d2->ncon) << "state " << r;
    for (int i = 0; i < d->ncon; i++) {
      const mjContact& c = d->contact[i];
      const mjContact& c2 = d2->contact[i];
      EXPECT_EQ(c.geom1, c2.geom1);
      EXPECT_EQ(c.geom2, c2.geom2);
      // rounding of coordinates of magnitude ~1 shifted by ~0.5
      EXPECT_NEAR(c.dist, c2.dist, 1e-12) << "state " << r;
      for (int k = 0; k < 9; k++) EXPECT_NEAR(c.frame[k], c2.frame[k], 1e-12);
      for (int k = 0; k < 3; k++) EXPECT_NEAR(c.pos[k] + shift[k], c2.pos[k], 1e-12);
    }
  }
  mj_deleteData(d2);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Per geom pair at most mj_maxContact (<= mjMAXCONPAIR) contacts, all within the margin and with
// unit normals and orthonormal frames.
TEST_P(PrimitivePair, CountsAndFrames) {
  std::string name = GetParam();
  std::string dir = SourcePath("test/data/collision/");
  Golden g(dir + name + "_golden.txt");
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(dir + name + ".xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    for (int i = 0; i < d->ncon; i++) {
      const mjContact& c = d->contact[i];
      int same = 0;
      for (int j = 0; j < d->ncon; j++) {
        same += d->contact[j].geom1 == c.geom1 && d->contact[j].geom2 == c.geom2;
      }
      int maxcon = mj_maxContact(m, c.geom1, c.geom2, -1);
      EXPECT_LE(maxcon, mjMAXCONPAIR);
      EXPECT_LE(same, maxcon) << "state " << r;
      mjtNum margin = std::max(m->geom_margin[c.geom1], m->geom_margin[c.geom2]);
      EXPECT_LE(c.dist, margin + 1e-12);
      // orthonormal, right-handed frame (rounding of normalizations)
      for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
          EXPECT_NEAR(mju_dot3(c.frame + 3 * a, c.frame + 3 * b), a == b ? 1 : 0, 1e-12);
        }
      }
      mjtNum cross[3];
      mju_cross(cross, c.frame, c.frame + 3);
      for (int k = 0; k < 3; k++) EXPECT_NEAR(cross[k], c.frame[6 + k], 1e-12);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(Collision, PrimitivePair, ::testing::ValuesIn(kPairs),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

// Frame completion: a preferred tangent is made orthogonal to the normal; without one the world
// y axis (or z when the normal is within 60 degrees of +-y) is used.
TEST(CollisionFrame, CompleteFrame) {
  mjtNum f[9] = {0, 0, 2, 0, 0, 0, 0, 0, 0};
  mjc_completeFrame(f);
  const mjtNum e1[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};
  for (int k = 0; k < 9; k++) EXPECT_NEAR(f[k], e1[k], 1e-15);

  mjtNum g[9] = {0, 1, 0, 0, 0, 0, 0, 0, 0};
  mjc_completeFrame(g);
  const mjtNum e2[9] = {0, 1, 0, 0, 0, 1, 1, 0, 0};
  for (int k = 0; k < 9; k++) EXPECT_NEAR(g[k], e2[k], 1e-15);

  mjtNum h[9] = {1, 0, 0, 1, 1, 0, 0, 0, 0};  // preferred tangent (1, 1, 0)
  mjc_completeFrame(h);
  const mjtNum e3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int k = 0; k < 9; k++) EXPECT_NEAR(h[k], e3[k], 1e-15);
}

// Sphere-sphere against the closed form.
TEST(CollisionPrimitive, SphereSphereClosedForm) {
  mjContact con;
  const mjtNum c1[3] = {0.1, 0.2, 0.3}, c2[3] = {0.4, 0.6, 0.3};  // 0.5 apart
  ASSERT_EQ(mjc_sphereSphereRaw(&con, 0, c1, 0.3, c2, 0.25), 1);
  EXPECT_NEAR(con.dist, -0.05, 1e-15);
  EXPECT_NEAR(con.frame[0], 0.6, 1e-15);
  EXPECT_NEAR(con.frame[1], 0.8, 1e-15);
  // midpoint of the surface points c1 + 0.3 n and c2 - 0.25 n
  EXPECT_NEAR(con.pos[0], 0.1 + 0.6 * 0.275, 1e-15);
  EXPECT_NEAR(con.pos[1], 0.2 + 0.8 * 0.275, 1e-15);
  EXPECT_EQ(mjc_sphereSphereRaw(&con, 0.049, c1, 0.2, c2, 0.25), 0);  // dist 0.05 > margin
  EXPECT_EQ(mjc_sphereSphereRaw(&con, 0.05, c1, 0.2, c2, 0.25), 1);
}

}  // namespace
}  // namespace motus_test
