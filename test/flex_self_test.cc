// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Contacts between flex elements against MuJoCo 3.8.0: internal contacts (a tetrahedron's
// vertices against its faces, the vertex-element pairs of 1D and 2D flexes), self contacts of
// one flex (selfcollide, the mjMAXCONPAIR cap) and contacts between two flexes
// (test/data/flex_collision/{internal,self_sheets,self_cap,flex_pair}.xml; goldens written by
// tools/gen_golden.py, command in each file's header).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "collision_testutil.h"
#include "fixture.h"
#include "golden.h"

namespace {

using motus_test::GoldenContact;
using motus_test::NearArrays;
using motus_test::ParseContacts;
using motus_test::SourcePath;

std::string DataPath(const std::string& name) {
  return SourcePath("test/data/flex_collision/" + name);
}

mjModel* Load(const std::string& name) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(DataPath(name).c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << err;
  return m;
}

// tolerances of one comparison: contact distance, point and normal (absolute), qacc (relative
// to its largest component)
struct Tol {
  double dist, pos, normal, qacc;
};

// mj_forward at keyframe `key` (-1: qpos0) against the golden `name`: counts, then every contact
// in order (distance, point, normal, dim, friction, solref, includemargin), then qacc
void CompareForward(const std::string& model, const std::string& name, int key, Tol tol) {
  mjModel* m = Load(model);
  ASSERT_NE(m, nullptr);
  motus_test::Golden g(DataPath(name));
  ASSERT_TRUE(g.ok()) << g.error();
  mjData* d = mj_makeData(m);
  if (key >= 0) {
    mj_resetDataKeyframe(m, d, key);
  }
  mj_forward(m, d);
  ASSERT_EQ(d->ncon, g.get(0, "ncon")[0]);
  EXPECT_EQ(d->nefc, g.get(0, "nefc")[0]);
  std::vector<GoldenContact> ref = ParseContacts(g.get(0, "contact"));
  ASSERT_EQ(static_cast<int>(ref.size()), d->ncon);
  for (int i = 0; i < d->ncon; i++) {
    SCOPED_TRACE("contact " + std::to_string(i));
    const mjContact& c = d->contact[i];
    const GoldenContact& r = ref[i];
    EXPECT_EQ(c.dim, r.dim);
    EXPECT_EQ(c.geom1, r.geom1);
    EXPECT_EQ(c.geom2, r.geom2);
    EXPECT_NEAR(c.dist, r.dist, tol.dist);
    EXPECT_NEAR(c.includemargin, r.includemargin, 1e-15);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(c.pos[k], r.pos[k], tol.pos);
      EXPECT_NEAR(c.frame[k], r.frame[k], tol.normal);
    }
    for (int k = 0; k < 5; k++) {
      EXPECT_NEAR(c.friction[k], r.friction[k], 1e-15);
    }
    for (int k = 0; k < mjNREF; k++) {
      EXPECT_NEAR(c.solref[k], r.solref[k], 1e-15);
    }
  }
  // qacc: relative to its largest component
  std::vector<double> qacc = g.get(0, "qacc");
  double scale = 0;
  for (double x : qacc) {
    scale = std::max(scale, std::fabs(x));
  }
  EXPECT_TRUE(NearArrays("qacc", d->qacc, m->nv, qacc, 0, tol.qacc * scale));
  mj_deleteData(d);
  mj_deleteModel(m);
}

// the flex, element and vertex ids of both sides of contact i
void ExpectSides(const mjContact& c, int f0, int e0, int v0, int f1, int e1, int v1) {
  EXPECT_EQ(c.geom[0], -1);
  EXPECT_EQ(c.geom[1], -1);
  EXPECT_EQ(c.flex[0], f0);
  EXPECT_EQ(c.elem[0], e0);
  EXPECT_EQ(c.vert[0], v0);
  EXPECT_EQ(c.flex[1], f1);
  EXPECT_EQ(c.elem[1], e1);
  EXPECT_EQ(c.vert[1], v1);
}

// internal contacts are computed in closed form (the tetrahedron's face planes) or by GJK on
// the cores (a vertex point against a segment or triangle): equal to rounding
TEST(FlexSelf, InternalContacts) {
  CompareForward("internal.xml", "internal.txt", -1, {1e-15, 1e-15, 1e-13, 1e-12});
  CompareForward("internal.xml", "internal_key.txt", 0, {1e-15, 1e-15, 1e-13, 1e-12});

  // the ids MuJoCo reports: tetrahedron element on side 0, its vertex on side 1 (condim 1);
  // in 1D and 2D the vertex on side 0 and the element on side 1 (the flex's condim)
  mjModel* m = Load("internal.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  ASSERT_EQ(d->ncon, 4);
  ExpectSides(d->contact[0], 0, 0, -1, 0, -1, 3);
  ExpectSides(d->contact[1], 0, 0, -1, 0, -1, 0);
  ExpectSides(d->contact[2], 1, -1, 3, 1, 0, -1);
  ExpectSides(d->contact[3], 2, -1, 2, 2, 0, -1);
  EXPECT_EQ(d->contact[0].dim, 1);
  EXPECT_EQ(d->contact[2].dim, 3);

  // internal="false": none of them
  for (int f = 0; f < m->nflex; f++) {
    m->flex_internal[f] = 0;
  }
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Flat triangles overlapping: EPA on the rounded elements ends within ccd_tolerance (1e-6) of
// the depth; measured against MuJoCo: the same pairs in the same order, distances within 6e-7,
// points within 1e-6, normals within 1e-5.
TEST(FlexSelf, SelfContactsOfOverlappingSheets) {
  CompareForward("self_sheets.xml", "self_sheets.txt", -1, {1e-6, 1e-6, 1e-5, 1e-4});

  // the pairs: elements of the two sheets (0-7 and 8-15), never two that share a vertex
  mjModel* m = Load("self_sheets.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  ASSERT_EQ(d->ncon, 25);
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    EXPECT_LT(c.elem[0], 8);
    EXPECT_GE(c.elem[1], 8);
    if (i > 0) {
      EXPECT_GE(c.elem[0], d->contact[i - 1].elem[0]);
    }
  }

  // every selfcollide mode finds the same pairs (MuJoCo's bvh and sap list them in other orders)
  for (int mode : {mjFLEXSELF_BVH, mjFLEXSELF_SAP, mjFLEXSELF_AUTO}) {
    m->flex_selfcollide[0] = mode;
    mj_forward(m, d);
    EXPECT_EQ(d->ncon, 25) << "mode " << mode;
  }
  m->flex_selfcollide[0] = mjFLEXSELF_NONE;
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// 129 overlapping pairs: MuJoCo keeps mjMAXCONPAIR, sampled as for geom-flex pairs
// (engine_collision_flex.cc) and left in the order they were picked. The points come from EPA
// (1e-6 from MuJoCo's) on a regular grid, where the sampling compares distances equal but for
// rounding: 34 of MuJoCo's 50 element pairs are kept (doc/conformance.md#flexes)
TEST(FlexSelf, SelfContactsAreCapped) {
  mjModel* m = Load("self_cap.xml");
  ASSERT_NE(m, nullptr);
  motus_test::Golden g(DataPath("self_cap.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, g.get(0, "ncon")[0]);
  EXPECT_EQ(d->ncon, mjMAXCONPAIR);
  EXPECT_EQ(d->nefc, g.get(0, "nefc")[0]);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// a triangle of flex a between two triangles of flex b: two contacts, flex a on side 0, the
// parameters mixed as for two geoms (condim 4 and friction 0.7 of b, solref averaged); EPA on
// flat elements as above
TEST(FlexSelf, ContactsBetweenFlexes) {
  CompareForward("flex_pair.xml", "flex_pair.txt", -1, {1e-7, 1e-5, 2e-6, 1e-4});
  mjModel* m = Load("flex_pair.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  ASSERT_EQ(d->ncon, 2);
  ExpectSides(d->contact[0], 0, 0, -1, 1, 0, -1);
  ExpectSides(d->contact[1], 0, 0, -1, 1, 1, -1);

  // flexes whose contype / conaffinity do not match do not collide
  m->flex_contype[1] = m->flex_conaffinity[1] = 2;
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
