// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collisions with sdf geoms backed by a mesh octree (engine_collision_sdf.cc): the octree field
// against a naive trilinear interpolation and finite differences, the contacts of small scenes
// (sphere, capsule, ellipsoid, cylinder, box, mesh and sdf against sdf) against MuJoCo 3.8.0
// (test/data/sdf_collision, generator make_golden.py there), and the fields used at the contacts
// against formulas written out in the tests.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_collision_sdf.h"
#include "fixture.h"
#include "golden.h"

namespace {

using motus_test::Golden;
using motus_test::SourcePath;

mjModel* LoadScene(const std::string& name) {
  char err[1000] = "";
  std::string path = SourcePath("test/data/sdf_collision/" + name + ".xml");
  mjModel* m = mj_loadXML(path.c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << path << ": " << err;
  return m;
}

// leaf of the mesh octree containing p, by a plain walk (upper child when p >= center)
int NaiveLeaf(const mjModel* m, int mesh, const double p[3]) {
  int adr = m->mesh_octadr[mesh], node = 0;
  while (m->oct_child[8 * (adr + node)] >= 0) {
    const double* c = m->oct_aabb + 6 * (adr + node);
    int k = 0;
    for (int i = 0; i < 3; i++) {
      if (p[i] >= c[i]) {
        k |= 1 << i;
      }
    }
    node = m->oct_child[8 * (adr + node) + k];
  }
  return adr + node;
}

// trilinear interpolation of the leaf's corner values, written as the weighted sum over corners
double NaiveTrilinear(const mjModel* m, int leaf, const double p[3]) {
  const double* c = m->oct_aabb + 6 * leaf;
  double value = 0;
  for (int k = 0; k < 8; k++) {
    double w = 1;
    for (int i = 0; i < 3; i++) {
      double lo = c[i] - c[3 + i], hi = c[i] + c[3 + i];
      w *= ((k >> i) & 1) ? (p[i] - lo) / (hi - lo) : (hi - p[i]) / (hi - lo);
    }
    value += w * m->oct_coeff[8 * leaf + k];
  }
  return value;
}

TEST(SdfOctree, ValueIsTheTrilinearInterpolationOfTheLeaf) {
  mjModel* m = LoadScene("sphere_sdf");
  ASSERT_NE(m, nullptr);
  ASSERT_GT(m->mesh_octnum[0], 1);
  const double* root = m->oct_aabb + 6 * m->mesh_octadr[0];
  unsigned seed = 7;
  auto uniform = [&seed]() {
    seed = seed * 1103515245u + 12345u;
    return ((seed >> 8) & 0xFFFF) / 65535.0;
  };
  for (int t = 0; t < 200; t++) {
    double p[3];
    for (int i = 0; i < 3; i++) {
      p[i] = root[i] + (2 * uniform() - 1) * 0.999 * root[3 + i];
    }
    int leaf = NaiveLeaf(m, 0, p);
    // interpolation weights sum to one, so 1e-15 relative to the corner values
    EXPECT_NEAR(mjc_octDistance(m, 0, p), NaiveTrilinear(m, leaf, p), 1e-15);
  }
  // at a leaf corner the field is the stored corner value
  int leaf = NaiveLeaf(m, 0, root);  // a leaf touching the root center
  const double* c = m->oct_aabb + 6 * leaf;
  for (int k = 0; k < 8; k++) {
    double p[3];
    for (int i = 0; i < 3; i++) {
      p[i] = c[i] + (((k >> i) & 1) ? 0.5 : -0.5) * c[3 + i];
    }
    // the quarter points are interior to this leaf: compare with the naive sum again
    EXPECT_NEAR(mjc_octDistance(m, 0, p), NaiveTrilinear(m, NaiveLeaf(m, 0, p), p), 1e-15);
  }
  mj_deleteModel(m);
}

TEST(SdfOctree, GradientMatchesFiniteDifferences) {
  mjModel* m = LoadScene("sphere_sdf");
  ASSERT_NE(m, nullptr);
  // points inside one leaf each (trilinear: central differences are exact up to rounding)
  const double pts[][3] = {{0.01, 0.02, 0.075}, {-0.03, 0.011, 0.06}, {0.002, -0.05, -0.04}};
  for (const auto& p : pts) {
    double g[3], gcell[3];
    mjc_octGradient(m, 0, p, 0, g);
    mjc_octGradient(m, 0, p, 1, gcell);
    int leaf = NaiveLeaf(m, 0, p);
    for (int i = 0; i < 3; i++) {
      double h = 1e-7, q1[3] = {p[0], p[1], p[2]}, q2[3] = {p[0], p[1], p[2]};
      q1[i] += h;
      q2[i] -= h;
      ASSERT_EQ(NaiveLeaf(m, 0, q1), leaf);
      ASSERT_EQ(NaiveLeaf(m, 0, q2), leaf);
      double fd = (mjc_octDistance(m, 0, q1) - mjc_octDistance(m, 0, q2)) / (2 * h);
      // rounding of the differences: ~1e-17 / 1e-7
      EXPECT_NEAR(g[i], fd, 1e-8);
      // cell units: times the leaf's edge length
      EXPECT_NEAR(gcell[i], g[i] * 2 * m->oct_aabb[6 * leaf + 3 + i], 1e-15);
    }
  }
  mj_deleteModel(m);
}

TEST(SdfOctree, OutsideTheRootBoxAddsTheDistanceToTheClampedPoint) {
  mjModel* m = LoadScene("sphere_sdf");
  ASSERT_NE(m, nullptr);
  const double* root = m->oct_aabb + 6 * m->mesh_octadr[0];
  double p[3] = {0.01, -0.02, root[2] + root[5] + 0.05};
  double q[3] = {p[0], p[1], root[2] + root[5] - 1e-6};
  EXPECT_NEAR(mjc_octDistance(m, 0, p), mjc_octDistance(m, 0, q) + (p[2] - q[2]), 1e-15);
  double g[3];
  mjc_octGradient(m, 0, p, 0, g);
  EXPECT_NEAR(g[2], 1, 1e-7);  // forward difference of step 1e-8 of a linear function
  mj_deleteModel(m);
}

TEST(SdfOctree, Halton) {
  EXPECT_EQ(mju_Halton(0, 2), 0);
  EXPECT_EQ(mju_Halton(1, 2), 0.5);
  EXPECT_EQ(mju_Halton(6, 2), 0.375);             // 110 -> 0.011
  EXPECT_NEAR(mju_Halton(5, 3), 7.0 / 9, 1e-15);  // 12 -> 0.21 (sums of inexact thirds)
  EXPECT_NEAR(mju_Halton(7, 5), 0.44, 1e-15);     // 12 -> 0.21
}

// Contacts equal MuJoCo 3.8.0's, in the same order.
class SdfGolden : public ::testing::TestWithParam<const char*> {};

TEST_P(SdfGolden, ContactsMatchTheOracle) {
  std::string name = GetParam();
  mjModel* m = LoadScene(name);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  Golden g(SourcePath("test/data/sdf_collision/" + name + "_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  for (int i = 0; i < d->ncon; i++) {
    EXPECT_NEAR(mju_norm3(d->contact[i].frame), 1, 1e-12) << "contact " << i << ": unit normal";
  }
  // Outside the octree's root box the field gradient is a forward difference (step 1e-8): its
  // rounding differs from the reference's in the last bits and is amplified by 1e8 (measured
  // worst: 7e-12 in dist, 2e-11 in pos, 8e-10 in the normal).
  EXPECT_TRUE(motus_test::ContactsMatch(d, g, 1e-10, 1e-8));
  mj_deleteData(d);
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(Scenes, SdfGolden,
                         ::testing::Values("sphere_sdf", "sphere_sdf_inside", "sphere_sdf_options",
                                           "box_sdf", "box_sdf_inside", "box_sdf_rotated",
                                           "box_sdf_rotated_sdf", "sdf_sdf", "capsule_sdf",
                                           "cylinder_sdf", "ellipsoid_sdf", "ellipsoid_sdf_rotated",
                                           "mesh_sdf", "mesh_sdf_many", "mesh_sdf_vertex"));

// More start points than a pair may hold: at most mjMAXCONPAIR contacts, no overrun.
TEST(SdfCollide, AtMostMaxConPairContacts) {
  mjModel* m = LoadScene("sphere_sdf_inside");
  ASSERT_NE(m, nullptr);
  m->opt.sdf_initpoints = 200;
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, mjMAXCONPAIR);
  EXPECT_EQ(mj_maxContact(m, 0, 1, -1), mjMAXCONPAIR);
  m->opt.sdf_initpoints = 3;
  EXPECT_EQ(mj_maxContact(m, 0, 1, -1), 3);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Every contact is within the margin and the two geoms overlap there: the point x = pos + dist/2
// n lies inside both (A, B <= dist), checked with the octree field and the sphere's distance.
TEST(SdfCollide, ContactPointsLieInTheIntersection) {
  mjModel* m = LoadScene("sphere_sdf");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  ASSERT_GT(d->ncon, 0);
  const double* center = d->geom_xpos + 3;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    EXPECT_LE(c.dist, 0);
    double x[3];
    for (int k = 0; k < 3; k++) {
      x[k] = c.pos[k] + c.dist / 2 * c.frame[k];
    }
    double r[3];
    mju_sub3(r, x, center);
    double a = mju_norm3(r) - m->geom_size[3];
    double b = mjc_octDistance(m, 0, x);  // sdf geom at the origin, unrotated
    // dist is max(A, B) at x
    EXPECT_NEAR(c.dist, mju_max(a, b), 1e-15);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// The ellipsoid's field is the estimate k0 (k0 - 1) / k1 (k0 = |p / s|, k1 = |p / s^2|): at every
// contact, dist is max(A, B) at x = pos + dist/2 n, with A from that formula written out here.
TEST(SdfCollide, EllipsoidContactsUseTheEllipsoidEstimate) {
  mjModel* m = LoadScene("ellipsoid_sdf");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  ASSERT_GT(d->ncon, 0);
  const double* size = m->geom_size + 3;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    double x[3], r[3], y[3];
    for (int k = 0; k < 3; k++) {
      x[k] = c.pos[k] + c.dist / 2 * c.frame[k];
    }
    mju_sub3(r, x, d->geom_xpos + 3);
    mju_mulMatTVec3(y, d->geom_xmat + 9, r);  // ellipsoid frame
    double k0 = 0, k1 = 0;
    for (int k = 0; k < 3; k++) {
      k0 += (y[k] / size[k]) * (y[k] / size[k]);
      k1 += (y[k] / (size[k] * size[k])) * (y[k] / (size[k] * size[k]));
    }
    k0 = std::sqrt(k0);
    k1 = std::sqrt(k1);
    double a = k0 * (k0 - 1) / k1;
    double b = mjc_octDistance(m, 0, x);  // sdf geom at the origin, unrotated
    // x is rebuilt from the rounded pos and dist (1e-17) and the field slopes are ~1: 1e-15
    EXPECT_NEAR(c.dist, mju_max(a, b), 1e-15);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Mesh geoms are searched face by face: every contact point x = pos + dist/2 n (the search's end
// point) lies on a face of the mesh geom, dist is the sdf's field B there and the normal is the
// negated unit gradient of B. The mesh has no octree (no sdf geom uses it).
TEST(SdfCollide, MeshContactsLieOnTheMeshFaces) {
  mjModel* m = LoadScene("mesh_sdf");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->mesh_octnum[1], 0);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  ASSERT_GT(d->ncon, 0);
  const mjtNum* R = d->geom_xmat + 9;
  const mjtNum* p = d->geom_xpos + 3;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    EXPECT_EQ(c.geom1, 1);
    EXPECT_EQ(c.geom2, 0);
    double x[3];
    for (int k = 0; k < 3; k++) {
      x[k] = c.pos[k] + c.dist / 2 * c.frame[k];
    }
    double g[3];
    double b = mjc_octDistance(m, 0, x);  // sdf geom at the origin, unrotated
    mjc_octGradient(m, 0, x, 0, g);
    mju_normalize3(g);
    // x is rebuilt from the rounded pos and dist (1e-17) and the field slopes are ~1: 1e-15
    EXPECT_NEAR(c.dist, b, 1e-15) << "contact " << i;
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(c.frame[k], -g[k], 1e-12) << "contact " << i;
    }
    // on a face: within 1e-12 of its plane, barycentric coordinates in [0, 1]
    int on_face = 0;
    for (int f = 0; f < m->mesh_facenum[1] && !on_face; f++) {
      double v[3][3];
      for (int j = 0; j < 3; j++) {
        int vi = m->mesh_face[3 * (m->mesh_faceadr[1] + f) + j];
        const float* y = m->mesh_vert + 3 * (m->mesh_vertadr[1] + vi);
        double yd[3] = {y[0], y[1], y[2]};
        mju_mulMatVec3(v[j], R, yd);
        mju_addTo3(v[j], p);
      }
      double e1[3], e2[3], r[3], nrm[3];
      mju_sub3(e1, v[1], v[0]);
      mju_sub3(e2, v[2], v[0]);
      mju_sub3(r, x, v[0]);
      mju_cross(nrm, e1, e2);
      double area2 = mju_normalize3(nrm);
      if (std::fabs(mju_dot3(r, nrm)) > 1e-12) {
        continue;
      }
      double c1[3], c2[3];
      mju_cross(c1, r, e2);
      mju_cross(c2, e1, r);
      double a = mju_dot3(c1, nrm) / area2, bb = mju_dot3(c2, nrm) / area2;
      on_face = a > -1e-12 && bb > -1e-12 && a + bb < 1 + 1e-12;
    }
    EXPECT_TRUE(on_face) << "contact " << i;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
