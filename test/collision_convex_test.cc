// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of the general convex colliders (src/engine/engine_collision_convex.cc,
// engine_collision_gjk.cc): conformance with the MuJoCo 3.3.8 oracle on the scenes of
// test/data/convex (made by test/data/convex/make_golden.py, see there for the poses) and on
// shared models, plus checks that need no reference: an independent brute-force support
// search, swapping the geoms, translating the scene, and the mjc_ccd distance against closed
// forms.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "convex_testutil.h"
#include "engine/engine_collision_convex.h"
#include "fixture.h"
#include "golden.h"

namespace {

using motus_test::CheckConvexScene;
using motus_test::CollideAt;
using motus_test::ConvexTol;
using motus_test::Golden;
using motus_test::LoadConvexScene;
using motus_test::SourcePath;

// Tolerances. Both engines run iterative GJK / EPA with ccd_tolerance = 1e-6, so the distance
// agrees to a few 1e-7 wherever the answer is unique (observed <= 1e-6; 1e-5 leaves a margin).
// The contact point and normal are not always unique or converged:
//  - kPoly: polytope pairs. The normal of a vertex-face / edge-edge contact is unique, but in
//    the margin band (dist > 0) both engines run EPA on the shapes inflated by half the margin,
//    whose Minkowski difference is rounded near the contact: the normal then converges only to
//    ~sqrt(tol / margin) (observed 5.4e-4 for box-mesh), and the point with it (1.1e-4).
//  - kCurved: pairs with an ellipsoid or cylinder. EPA on a curved Minkowski boundary converges
//    slowly: the oracle's normal is off from the exact one by up to 3e-2 (ellipsoid-ellipsoid
//    touching along x, whose exact normal is (1, 0, 0)), its depth by up to ~1e-3 at deep
//    penetrations (where ours is the deeper one, i.e. closer to the true depth, see the
//    brute-force test below).
//  - kFlat: polytopes touching with faces or edges: any point of the contact region (and any of
//    equally deep normals at symmetric poses) is a valid answer of EPA, and the engines pick
//    different ones (observed up to 0.16). Only the distance is compared.
constexpr double kAny = 1e9;
constexpr ConvexTol kPoly = {1e-5, 5e-4, 1e-3};
constexpr ConvexTol kCurved = {5e-3, 3e-2, kAny};
// At touching poses in the margin band, EPA works on the rounded Minkowski difference of the
// inflated shapes: the distance then agrees to 5e-5 (observed 2.1e-5).
constexpr ConvexTol kFlat = {5e-5, kAny, kAny};

struct SceneCase {
  const char* name;
  ConvexTol tol;
  bool count_only;
};

// Tolerances per scene (observed maxima in comments: dist / pos / normal).
const SceneCase kScenes[] = {
    {"box_mesh", kPoly, false},           // 3.9e-7 / 1.1e-4 / 5.4e-4
    {"capsule_mesh", kPoly, false},       // 8.1e-7 / 2.7e-4 / 9.4e-6
    {"sphere_mesh", {1e-5, 5e-4, 5e-3}, false},  // 4.3e-7 / 2.4e-4 / 3.8e-3: sphere core + EPA
    {"legacy_mesh_mesh", {1e-9, 1e-9, 1e-9}, false},  // libccd MPR in both: 6e-15 / 2e-14 / 9e-13
    {"legacy_box_mesh", {1e-9, 5e-3, 1e-7}, false},   // 1.6e-10 / 2.3e-3 (MPR portal point) / 2e-8
    {"mesh_mesh", kFlat, false},          // 1.5e-5? see below
    {"mesh_wedge", kFlat, false},
    {"box_wedge", kFlat, false},
    {"wedge_wedge", kFlat, false},
    {"capsule_cylinder", kCurved, false},
    {"capsule_ellipsoid", kCurved, false},
    {"sphere_ellipsoid", kCurved, false},
    {"ellipsoid_ellipsoid", kCurved, false},
    {"ellipsoid_cylinder", kCurved, false},
    {"ellipsoid_box", kCurved, false},
    {"ellipsoid_mesh", kCurved, false},
    {"cylinder_cylinder", kCurved, false},
    {"cylinder_box", kFlat, false},  // side or cap on a face: line / area contacts
    {"cylinder_mesh", kCurved, false},
    {"legacy_ellipsoid_cylinder", {1e-6, 5e-3, kAny}, false},  // MPR: 1.1e-7 / 1.6e-3 / 0.66
};

TEST(ConvexConformance, Scenes) {
  for (const SceneCase& s : kScenes) CheckConvexScene(s.name, s.tol, s.count_only);
}

// Plane vs mesh: the deepest hull vertex and up to two more from its neighbors. The choice of
// the neighbors differs from the oracle's in one random pose of 39 (the third contact); counts
// and the deepest contact agree, so the scene is compared by number of contacts, and the
// wedge (whose contacts are unique) fully.
TEST(ConvexConformance, PlaneMesh) {
  CheckConvexScene("plane_wedge", {1e-12, 1e-12, 1e-12}, false);  // closed form: observed 9e-16
  CheckConvexScene("plane_mesh", kPoly, true);
}

// multiccd (single-shot, zero margin): the pairs without margin (copy 0 of the scenes; copy 1
// has a margin, where MuJoCo uses the multi-run pipeline, not implemented) must agree.
TEST(ConvexConformance, MultiCCDZeroMargin) {
  for (const char* name : {"multi_box_mesh", "multi_box_wedge", "multi_mesh_mesh",
                           "multi_wedge_wedge"}) {
    SCOPED_TRACE(name);
    Golden g(SourcePath(std::string("test/data/convex/") + name + "_golden.txt"));
    ASSERT_TRUE(g.ok()) << g.error();
    mjModel* m = LoadConvexScene(SourcePath(std::string("test/data/convex/") + name + ".xml"));
    ASSERT_NE(m, nullptr);
    mjData* d = mj_makeData(m);
    motus_test::MatchStats stats;
    for (int r = 0; r < g.num_records(); r++) {
      // state 0 of wedge_wedge is a tie: the wedges' slanted faces give two equally deep
      // normals (0.878, +-0.479, 0); the engines pick different ones, with different features
      if (std::string(name) == "multi_wedge_wedge" && r == 0) continue;
      CollideAt(m, d, g.get(r, "qpos"));
      std::vector<motus_test::SimpleContact> ours, ref;
      for (const auto& c : motus_test::OurContacts(d)) {
        if (m->geom_margin[c.g1] == 0 && m->geom_margin[c.g2] == 0) ours.push_back(c);
      }
      for (const auto& c : motus_test::OracleContacts(
               motus_test::ParseContacts(g.get(r, "contact")))) {
        if (m->geom_margin[c.g1] == 0 && m->geom_margin[c.g2] == 0) ref.push_back(c);
      }
      EXPECT_EQ(motus_test::MatchContacts(m, ours, ref, kFlat, false, &stats), "")
          << "state " << r;
    }
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// Shared models at states of an oracle trajectory (compact golden: geoms, dist, pos, normal).
TEST(ConvexConformance, SharedModels) {
  struct Case {
    const char* name;
    const char* path;
    ConvexTol tol;
    bool count_only;
  };
  // mug (mesh on plane, box): closed-form colliders and plane-mesh, observed 1e-13;
  // dice (box-mesh / mesh-mesh with multiccd, resting): observed 3e-17;
  // collision_mixed (all types): curved pairs, see kCurved; one ellipsoid-cylinder contact of
  // the oracle is off by 1.8e-3 in depth (ours is deeper).
  const Case cases[] = {
      {"mug", "mug/mug.xml", {1e-9, 1e-9, 1e-9}, false},
      {"dice", "dice/dice.xml", {1e-9, 1e-9, 1e-9}, false},
      {"collision_mixed", "collision_mixed/mixed.xml", kCurved, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string path = motus_test::SharedPath(std::string("models/") + c.path);
    if (path.empty()) GTEST_SKIP() << "../shared absent";
    Golden g(SourcePath(std::string("test/data/convex/") + c.name + "_golden.txt"));
    ASSERT_TRUE(g.ok()) << g.error();
    mjModel* m = LoadConvexScene(path);
    ASSERT_NE(m, nullptr);
    mjData* d = mj_makeData(m);
    std::vector<std::vector<double>> states;
    // the states file: one JSON object {"qpos": [...]} per line
    FILE* f = fopen(SourcePath(std::string("test/data/convex/") + c.name + "_states.jsonl").c_str(),
                    "r");
    ASSERT_NE(f, nullptr);
    std::string line;
    for (int ch; (ch = fgetc(f)) != EOF;) {
      if (ch != '\n') {
        line += static_cast<char>(ch);
        continue;
      }
      std::vector<double> q;
      const char* p = line.c_str() + line.find('[') + 1;
      while (*p && *p != ']') {
        char* end;
        q.push_back(strtod(p, &end));
        p = end;
        while (*p == ',' || *p == ' ') p++;
      }
      states.push_back(q);
      line.clear();
    }
    fclose(f);
    ASSERT_EQ(static_cast<int>(states.size()), g.num_records());
    motus_test::MatchStats stats;
    for (int r = 0; r < g.num_records(); r++) {
      CollideAt(m, d, states[r]);
      EXPECT_EQ(motus_test::MatchContacts(m, motus_test::OurContacts(d),
                                          motus_test::CompactContacts(g, r), c.tol,
                                          c.count_only, &stats),
                "")
          << "state " << r;
    }
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// ---------------------------------------------------------------------------------------------
// checks without reference

// For every contact of the convex pair scenes: the separation of the two geoms along the
// reported normal, from an independent brute-force support search (all mesh vertices, closed
// forms for the smooth shapes), equals the reported distance (the normal attains it), and no
// direction of a fixed sample of 4000 separates the geoms by more (the distance is the maximum
// of the separation over all directions, for overlapping and separated convex sets alike).
TEST(ConvexIndependent, BruteForceSupport) {
  const char* names[] = {"box_mesh",         "capsule_mesh",        "sphere_mesh",
                         "mesh_mesh",        "mesh_wedge",          "box_wedge",
                         "wedge_wedge",      "capsule_cylinder",    "capsule_ellipsoid",
                         "sphere_ellipsoid", "ellipsoid_ellipsoid", "ellipsoid_cylinder",
                         "ellipsoid_box",    "ellipsoid_mesh",      "cylinder_cylinder",
                         "cylinder_box",     "cylinder_mesh"};
  for (const char* name : names) {
    SCOPED_TRACE(name);
    Golden g(SourcePath(std::string("test/data/convex/") + name + "_golden.txt"));
    ASSERT_TRUE(g.ok()) << g.error();
    mjModel* m = LoadConvexScene(SourcePath(std::string("test/data/convex/") + name + ".xml"));
    ASSERT_NE(m, nullptr);
    // converged solvers: the default ccd_iterations (35) stops EPA early on curved boundaries
    // at deep penetrations (by up to 5e-3 for capsule-ellipsoid, as in MuJoCo)
    m->opt.ccd_iterations = 1000;
    m->opt.ccd_tolerance = 1e-10;
    mjData* d = mj_makeData(m);
    int checked = 0;
    for (int r = 0; r < g.num_records(); r++) {
      CollideAt(m, d, g.get(r, "qpos"));
      for (int i = 0; i < d->ncon; i++) {
        const mjContact& c = d->contact[i];
        double sep = motus_test::Separation(m, d, c.geom1, c.geom2, c.frame);
        double sampled = motus_test::MaxSeparationSampled(m, d, c.geom1, c.geom2, 4000);
        // Along our normal: EPA stops when the support along the normal is within
        // ccd_tolerance of the face, or earlier when the horizon of a new vertex degenerates
        // (nearly coplanar faces on a finely sampled curved boundary); observed 4.5e-6.
        EXPECT_NEAR(sep, c.dist, 1e-5) << "state " << r << " contact " << i;
        // no sampled direction does better than the reported distance (same bound)
        EXPECT_LE(sampled, c.dist + 1e-5) << "state " << r << " contact " << i;
        checked++;
      }
    }
    EXPECT_GT(checked, 10);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// mjc_Convex with the geoms swapped: same distance and point, opposite normal.
TEST(ConvexIndependent, SwapFlipsNormal) {
  for (const char* name : {"box_mesh", "ellipsoid_cylinder", "mesh_mesh", "capsule_mesh"}) {
    SCOPED_TRACE(name);
    Golden g(SourcePath(std::string("test/data/convex/") + name + "_golden.txt"));
    ASSERT_TRUE(g.ok());
    mjModel* m = LoadConvexScene(SourcePath(std::string("test/data/convex/") + name + ".xml"));
    ASSERT_NE(m, nullptr);
    // converged solvers (see BruteForceSupport)
    m->opt.ccd_iterations = 1000;
    m->opt.ccd_tolerance = 1e-10;
    mjData* d = mj_makeData(m);
    int n = 0;
    // the random poses (from index 9 on; the first ones are axis-aligned with ties between
    // equally deep features, where either answer is valid)
    for (int r = 9; r < g.num_records(); r++) {
      CollideAt(m, d, g.get(r, "qpos"));
      for (int g1 = 0; g1 + 1 < m->ngeom; g1 += 2) {
        int g2 = g1 + 1;
        mjtNum margin = std::max(m->geom_margin[g1], m->geom_margin[g2]);
        mjContact a[mjMAXCONPAIR], b[mjMAXCONPAIR];
        int na = mjc_Convex(m, d, a, g1, g2, margin);
        int nb = mjc_Convex(m, d, b, g2, g1, margin);
        ASSERT_EQ(na, nb) << "state " << r;
        if (na != 1) continue;  // several contacts: compared as sets elsewhere
        n++;
        // the Minkowski difference is mirrored: GJK/EPA take other paths, so the results agree
        // to the solver accuracy (see BruteForceSupport) and its effect on points and normals
        EXPECT_NEAR(a[0].dist, b[0].dist, 1e-5) << "state " << r;
        // (the contact point is not compared: at deep polytope penetrations the mirrored EPA
        // ends on other triangles of the same flat region of M, whose witness points differ
        // by up to 3e-2; an open point)
        for (int k = 0; k < 3; k++) {
          EXPECT_NEAR(a[0].frame[k], -b[0].frame[k], 1e-3) << "state " << r;
        }
      }
    }
    EXPECT_GT(n, 10);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// Translating both geoms moves the contacts by the same vector and changes nothing else. The
// shift is a power of two in each coordinate so that it is exact in floating point; the
// solvers see identical relative data except for the rounding of the absolute positions.
TEST(ConvexIndependent, TranslationMovesPosOnly) {
  for (const char* name : {"box_mesh", "ellipsoid_ellipsoid", "capsule_mesh", "sphere_mesh"}) {
    SCOPED_TRACE(name);
    Golden g(SourcePath(std::string("test/data/convex/") + name + "_golden.txt"));
    ASSERT_TRUE(g.ok());
    mjModel* m = LoadConvexScene(SourcePath(std::string("test/data/convex/") + name + ".xml"));
    ASSERT_NE(m, nullptr);
    // converged solvers (see BruteForceSupport)
    m->opt.ccd_iterations = 1000;
    m->opt.ccd_tolerance = 1e-10;
    mjData* d = mj_makeData(m);
    const double shift[3] = {0.5, -0.25, 1.0};
    int n = 0;
    // random poses (see SwapFlipsNormal)
    for (int r = 9; r < g.num_records(); r++) {
      std::vector<double> q = g.get(r, "qpos");
      CollideAt(m, d, q);
      std::vector<motus_test::SimpleContact> before = motus_test::OurContacts(d);
      for (int b = 0; b < m->njnt; b++) {
        int adr = m->jnt_qposadr[b];
        for (int k = 0; k < 3; k++) q[adr + k] += shift[k];
      }
      CollideAt(m, d, q);
      std::vector<motus_test::SimpleContact> after = motus_test::OurContacts(d);
      ASSERT_EQ(before.size(), after.size()) << "state " << r;
      for (size_t i = 0; i < before.size(); i++) {
        n++;
        // the rounding of the absolute coordinates changes the solvers' paths: the results
        // agree to their accuracy (distance 1e-5, see BruteForceSupport; points and normals
        // to 1e-3, see SwapFlipsNormal)
        EXPECT_NEAR(before[i].dist, after[i].dist, 1e-5);
        for (int k = 0; k < 3; k++) {
          EXPECT_NEAR(before[i].pos[k] + shift[k], after[i].pos[k], 1e-3);
          EXPECT_NEAR(before[i].normal[k], after[i].normal[k], 1e-3);
        }
      }
    }
    EXPECT_GT(n, 10);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// mjc_ccd against closed forms: two ellipsoids that are spheres (not handled by the core
// shortcut), separated and overlapping along an oblique axis.
TEST(ConvexIndependent, CcdSphericalEllipsoids) {
  const char* xml =
      "<mujoco><worldbody>"
      "<body><freejoint/><geom type='ellipsoid' size='0.2 0.2 0.2'/></body>"
      "<body pos='1 0 0'><freejoint/><geom type='ellipsoid' size='0.1 0.1 0.1'/></body>"
      "</worldbody></mujoco>";
  char err[1000];
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  for (double gap : {0.2, 0.01, -0.02, -0.1}) {
    double dir[3] = {1 / std::sqrt(3.0), -1 / std::sqrt(3.0), 1 / std::sqrt(3.0)};
    double c = 0.3 + gap;
    for (int k = 0; k < 3; k++) d->qpos[7 + k] = c * dir[k];
    mj_kinematics(m, d);
    mjCCDObj o1, o2;
    mjc_initCCDObj(&o1, m, d, 0, 0);
    mjc_initCCDObj(&o2, m, d, 1, 0);
    mjCCDConfig cfg = {100, 1e-10, 1};
    mjCCDStatus st;
    mjtNum dist = mjc_ccd(&cfg, &st, &o1, &o2, d);
    // separated: GJK converges to the tolerance; penetrating: EPA on a sphere boundary, whose
    // polytope approximation with <= 100 vertices leaves ~1e-4 of the depth
    double tol = gap > 0 ? 1e-8 : 2e-4;
    EXPECT_NEAR(dist, gap, tol) << gap;
    for (int k = 0; k < 3; k++) EXPECT_NEAR(st.normal[k], dir[k], gap > 0 ? 1e-4 : 3e-2);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

}  // namespace
