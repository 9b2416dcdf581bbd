// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Primitive and box colliders (computation_index.rst "Collision detection / Checking",
// "Pair-wise colliders"): conformance with MuJoCo 3.3.8 for every primitive type pair at
// penetrating, touching, separated-within-margin, in-gap, special and random poses, plus checks
// that need no reference (geom swap, translation, contact counts).
//
// Golden data: test/data/collision/<pair>.xml, <pair>_states.jsonl, <pair>_golden.txt, written by
//   python3 test/data/collision/make_golden.py
// (each golden record: qpos and the oracle's contacts after mj_forward at that state).

#include <algorithm>
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

const char* const kPairs[] = {"plane_sphere",    "plane_capsule",   "plane_ellipsoid",
                              "plane_cylinder",  "plane_box",       "sphere_sphere",
                              "sphere_capsule",  "sphere_cylinder", "sphere_box",
                              "capsule_capsule", "capsule_box",     "box_box"};

class PrimitivePair : public ::testing::TestWithParam<const char*> {};

// Minimum over the capsule's axis segment of the box's signed distance function, minus the
// capsule radius, by dense sampling (independent of the collider's exact minimization); the
// sdf is 1-Lipschitz, so the error is at most half the sample spacing (2e-4 here).
double SampledCapsuleBoxDepth(const mjModel* m, const mjData* d, int gc, int gb) {
  const mjtNum* c = d->geom_xpos + 3 * gb;
  const mjtNum* mat = d->geom_xmat + 9 * gb;
  const mjtNum* s = m->geom_size + 3 * gb;
  double best = 1e10;
  const int n = 2001;
  for (int i = 0; i < n; i++) {
    double t = -1 + 2.0 * i / (n - 1);
    mjtNum p[3], dif[3], x[3];
    for (int k = 0; k < 3; k++) {
      p[k] = d->geom_xpos[3 * gc + k] +
             t * m->geom_size[3 * gc + 1] * d->geom_xmat[9 * gc + 3 * k + 2];
    }
    mju_sub3(dif, p, c);
    mju_mulMatTVec3(x, mat, dif);
    double out = 0, in = -1e10;
    for (int k = 0; k < 3; k++) {
      double q = std::fabs(x[k]) - s[k];
      out += q > 0 ? q * q : 0;
      in = std::max(in, q);
    }
    best = std::min(best, out > 0 ? std::sqrt(out) : std::min(in, 0.0));
  }
  return best - m->geom_size[3 * gc];
}

// Every state of the pair's golden file: same contacts as the oracle (geoms, order, dist, pos,
// full frame, parameters).
// Box colliders (engine_collision_box.cc):
//   box-box      the same set of contacts in all but 3 of the 44 poses (the order differs in
//                some exactly aligned and edge-case poses); in those 3 edge-case poses the
//                oracle leaves out one corner of a face that we report (see
//                collision_box_test.cc, which checks the box-box collider in detail);
//   capsule-box  nested when the axis segment stays outside the box (ours: the closest
//                point, plus the second end of a parallel stretch; the reference may add a
//                second contact). When the segment enters the box, both engines use different
//                heuristics: ours reports the deepest point of the segment, which must be at
//                least as deep as every reference contact and agree with a sampled minimum.
TEST_P(PrimitivePair, MatchesOracle) {
  std::string name = GetParam();
  std::string dir = SourcePath("test/data/collision/");
  Golden g(dir + name + "_golden.txt");
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(dir + name + ".xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  int total = 0, deep = 0, box_exact = 0;
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    std::vector<GoldenContact> ref;
    if (g.has(r, "contact")) {
      ref = ParseContacts(g.get(r, "contact"));
    }
    ASSERT_EQ(static_cast<int>(g.get(r, "ncon")[0]), static_cast<int>(ref.size()));
    total += static_cast<int>(ref.size());
    if (name == "box_box") {
      EXPECT_TRUE(ContactSetsNested(m, d, ref)) << name << " state " << r;
      if (ContactsMatch(m, d, ref, nullptr, true, /*unordered=*/true)) {
        box_exact++;
      }
    } else if (name == "capsule_box") {
      // the two copies: geoms (0, 1) and (2, 3)
      bool inside = SampledCapsuleBoxDepth(m, d, 0, 1) < -m->geom_size[0];
      if (!inside) {
        EXPECT_TRUE(ContactSetsNested(m, d, ref)) << name << " state " << r;
        continue;
      }
      deep++;
      for (int copy = 0; copy < 2; copy++) {
        double sampled = SampledCapsuleBoxDepth(m, d, 2 * copy, 2 * copy + 1);
        double mindist = 1e10;
        int mine = 0;
        for (const GoldenContact& c : ref) {
          if (c.geom1 == 2 * copy) {
            mindist = std::min(mindist, c.dist);
          }
        }
        for (int i = 0; i < d->ncon; i++) {
          if (d->contact[i].geom1 != 2 * copy) {
            continue;
          }
          mine++;
          // rounding of the same quantities computed along different paths
          EXPECT_LE(d->contact[i].dist, mindist + 1e-12) << "state " << r;
          // sampling error of SampledCapsuleBoxDepth
          EXPECT_NEAR(d->contact[i].dist, sampled, 2e-4) << "state " << r;
        }
        // one contact, or two at the ends of a stretch parallel to a face
        EXPECT_GE(mine, 1) << "state " << r;
        EXPECT_LE(mine, 2) << "state " << r;
      }
    } else {
      EXPECT_TRUE(ContactsMatch(m, d, ref)) << name << " state " << r;
    }
  }
  EXPECT_GT(total, g.num_records()) << "the states should produce contacts";
  if (name == "box_box") {
    EXPECT_GE(box_exact, g.num_records() - 3) << "box-box: the oracle's contact sets";
  }
  if (name == "capsule_box") {
    EXPECT_LT(deep, g.num_records() / 2) << "most states should be compared exactly";
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Calls the collider of geoms (g1, g2) directly (g1 first even when its type is higher).
int CallCollider(const mjModel* m, mjData* d, int g1, int g2, mjtNum margin, mjContact* con) {
  int t1 = m->geom_type[g1], t2 = m->geom_type[g2];
  mjfCollision f = mjCOLLISIONFUNC[std::min(t1, t2)][std::max(t1, t2)];
  for (int i = 0; i < mjMAXCONPAIR; i++) {
    mju_zero3(con[i].frame + 3);
  }
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
  if (name == "box_box") {
    mj_deleteModel(m);
    GTEST_SKIP() << "box-box gives several contacts per pose: see BoxBox.SwapFlipsNormals";
  }
  mjData* d = mj_makeData(m);
  mjContact a[mjMAXCONPAIR], b[mjMAXCONPAIR];
  int checked = 0;
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mjtNum dif[3];
    mju_sub3(dif, d->geom_xpos + 3, d->geom_xpos);
    if (mju_norm3(dif) < 1e-9) {
      continue;  // coincident centers: the normal is a convention
    }
    int na = CallCollider(m, d, 0, 1, 0.05, a);
    int nb = CallCollider(m, d, 1, 0, 0.05, b);
    if (na != 1 || nb != 1) {
      continue;
    }
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
  if (name == "box_box") {
    mj_deleteModel(m);
    // the exactly aligned poses of this file sit on ties that rounding decides (in the oracle
    // too: its two copies of the touching pose differ); see BoxBox.TranslationMovesOnlyPos
    GTEST_SKIP() << "box-box: translation invariance is tested on generic poses";
  }
  mjData* d = mj_makeData(m);
  mjData* d2 = mj_makeData(m);
  bool plane = m->geom_type[0] == mjGEOM_PLANE;
  const mjtNum shift[3] = {0.37, -0.21, plane ? 0.0 : 0.55};
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    PoseFromGolden(m, d2, g, r);
    for (int j = 0; j < m->njnt; j++) {
      for (int k = 0; k < 3; k++) {
        d2->qpos[m->jnt_qposadr[j] + k] += shift[k];
      }
    }
    mj_kinematics(m, d2);
    mj_collision(m, d2);
    // contacts within rounding of the margin may appear in one pose only (kThresholdTol)
    auto kept = [m](const mjData* x) {
      std::vector<const mjContact*> out;
      for (int i = 0; i < x->ncon; i++) {
        const mjContact* c = x->contact + i;
        if (!Near(c->dist, PairMargin(m, c->geom1, c->geom2), kThresholdTol)) {
          out.push_back(c);
        }
      }
      return out;
    };
    std::vector<const mjContact*> a = kept(d), b = kept(d2);
    ASSERT_EQ(a.size(), b.size()) << "state " << r;
    for (size_t i = 0; i < a.size(); i++) {
      const mjContact& c = *a[i];
      const mjContact& c2 = *b[i];
      EXPECT_EQ(c.geom1, c2.geom1);
      EXPECT_EQ(c.geom2, c2.geom2);
      // rounding of coordinates of magnitude ~1 shifted by ~0.5
      EXPECT_NEAR(c.dist, c2.dist, 1e-12) << "state " << r;
      for (int k = 0; k < 9; k++) {
        EXPECT_NEAR(c.frame[k], c2.frame[k], 1e-12) << "state " << r;
      }
      for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(c.pos[k] + shift[k], c2.pos[k], 1e-12);
      }
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
      // box-box: the documented 8 is exceeded by the reference itself when box faces are
      // exactly parallel (9 in state 10 of box_box: an extra corner); our construction gives
      // at most 8 crossings + 4 + 4 corners
      if (name == "box_box") {
        maxcon = 16;
      }
      EXPECT_LE(same, maxcon) << "state " << r;
      // the margins of the two geoms add up (modeling.rst "Contact parameters")
      mjtNum margin = m->geom_margin[c.geom1] + m->geom_margin[c.geom2];
      EXPECT_LE(c.dist, margin + 1e-12);
      // orthonormal, right-handed frame (rounding of normalizations)
      for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++) {
          EXPECT_NEAR(mju_dot3(c.frame + 3 * a, c.frame + 3 * b), a == b ? 1 : 0, 1e-12);
        }
      }
      mjtNum cross[3];
      mju_cross(cross, c.frame, c.frame + 3);
      for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(cross[k], c.frame[6 + k], 1e-12);
      }
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
// A cylinder standing almost upright on a plane: the rim adds a tiny depth w.n = -r |n_perp|,
// which rounding makes differ by up to 1e-13 between evaluations; resting bodies (e.g. the
// shared model mug) turn such differences into visible qacc differences through the contact
// stiffness. The reference's distances are reproduced to the last bits: 1e-18 is below one ulp
// of the distances here (~1e-4, ulp 1.4e-20, plus a few ulps of the center height ~2.6e-3).
TEST(CollisionPrimitive, PlaneCylinderNearlyUprightToTheLastBits) {
  std::string dir = SourcePath("test/data/collision/");
  Golden g(dir + "cylinder_upright_golden.txt");
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(dir + "cylinder_upright.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    std::vector<GoldenContact> ref = ParseContacts(g.get(r, "contact"));
    ASSERT_EQ(d->ncon, static_cast<int>(ref.size())) << "state " << r;
    for (int i = 0; i < d->ncon; i++) {
      EXPECT_NEAR(d->contact[i].dist, ref[i].dist, 1e-18) << "state " << r << " contact " << i;
      for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(d->contact[i].pos[k], ref[i].pos[k], 1e-15) << "state " << r;  // rounding
      }
    }
    EXPECT_TRUE(ContactsMatch(m, d, ref)) << "state " << r;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(CollisionFrame, CompleteFrame) {
  mjtNum f[9] = {0, 0, 2, 0, 0, 0, 0, 0, 0};
  mjc_completeFrame(f);
  const mjtNum e1[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};
  for (int k = 0; k < 9; k++) {
    EXPECT_NEAR(f[k], e1[k], 1e-15);
  }

  mjtNum g[9] = {0, 1, 0, 0, 0, 0, 0, 0, 0};
  mjc_completeFrame(g);
  const mjtNum e2[9] = {0, 1, 0, 0, 0, 1, 1, 0, 0};
  for (int k = 0; k < 9; k++) {
    EXPECT_NEAR(g[k], e2[k], 1e-15);
  }

  mjtNum h[9] = {1, 0, 0, 1, 1, 0, 0, 0, 0};  // preferred tangent (1, 1, 0)
  mjc_completeFrame(h);
  const mjtNum e3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int k = 0; k < 9; k++) {
    EXPECT_NEAR(h[k], e3[k], 1e-15);
  }
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
