// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Octrees of meshes used by sdf geoms (src/user/user_mesh_octree.cc): the geometric pieces
// against brute force, structural invariants of the tree, the field against the exact signed
// distance of a box, and input errors. The arrays themselves are compared with MuJoCo 3.3.8 in
// compile_tree_test (test/data/spec/sdf.xml and testdata_model).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "user/user_mesh_octree.h"

namespace {

using motus::MakeMeshOctree;
using motus::MeshOctree;

// a box with half-sizes h, 12 outward-facing triangles
void BoxMesh(const double h[3], std::vector<double>* vert, std::vector<int>* face) {
  vert->clear();
  for (int k = 0; k < 8; k++) {
    for (int j = 0; j < 3; j++) {
      vert->push_back((k >> j) & 1 ? h[j] : -h[j]);
    }
  }
  // each face as a quad (a, b, c, d), clockwise seen from outside (so the triangles (a, c, b)
  // and (a, d, c) face outwards)
  const int quad[6][4] = {{0, 2, 6, 4}, {1, 5, 7, 3}, {0, 4, 5, 1},
                          {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 6, 7, 5}};
  face->clear();
  for (const auto& q : quad) {
    face->insert(face->end(), {q[0], q[2], q[1], q[0], q[3], q[2]});
  }
}

// octree of the box mesh with half-sizes h (empty on failure, reported)
MeshOctree BoxOctree(const double h[3]) {
  std::vector<double> vert;
  std::vector<int> face;
  BoxMesh(h, &vert, &face);
  MeshOctree o;
  std::string error;
  EXPECT_TRUE(MakeMeshOctree(vert, face, &o, &error)) << error;
  return o;
}

// exact signed distance to the box with half-sizes h centered at the origin
double BoxDistance(const double p[3], const double h[3]) {
  double outside = 0, inside = -INFINITY;
  for (int j = 0; j < 3; j++) {
    double d = std::fabs(p[j]) - h[j];
    outside += d > 0 ? d * d : 0;
    inside = std::max(inside, d);
  }
  return inside > 0 ? std::sqrt(outside) : inside;
}

TEST(SdfOctree, ClosestPointMatchesDenseSampling) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 200; trial++) {
    double a[3], b[3], c[3], p[3], q[3];
    for (int j = 0; j < 3; j++) {
      a[j] = u(rng);
      b[j] = u(rng);
      c[j] = u(rng);
      p[j] = 2 * u(rng);
    }
    double d2 = motus::OctreeClosestPointTriangle(p, a, b, c, q);
    // brute force over a barycentric grid: never closer than the exact answer, and within the
    // grid's resolution of it (spacing 1/400 of an edge of length < 3.5)
    double best = INFINITY;
    const int n = 400;
    for (int i = 0; i <= n; i++) {
      for (int k = 0; i + k <= n; k++) {
        double s = static_cast<double>(i) / n, t = static_cast<double>(k) / n, e = 0;
        for (int j = 0; j < 3; j++) {
          double x = a[j] + s * (b[j] - a[j]) + t * (c[j] - a[j]) - p[j];
          e += x * x;
        }
        best = std::min(best, e);
      }
    }
    double exact = std::sqrt(d2), sampled = std::sqrt(best);
    EXPECT_LE(exact, sampled + 1e-12);
    EXPECT_LE(sampled - exact, 3.5 / n) << "trial " << trial;
    double pq2 = 0;
    for (int j = 0; j < 3; j++) {
      pq2 += (p[j] - q[j]) * (p[j] - q[j]);
    }
    EXPECT_NEAR(pq2, d2, 1e-12);  // the returned point realizes the returned distance
  }
}

TEST(SdfOctree, TriangleBoxOverlapCases) {
  const double center[3] = {0, 0, 0}, half[3] = {1, 1, 1};
  // crossing the box
  const double a1[3] = {-2, 0, 0}, b1[3] = {2, 0.5, 0}, c1[3] = {0, -2, 0.3};
  EXPECT_TRUE(motus::OctreeTriangleBoxOverlap(a1, b1, c1, center, half));
  // entirely beyond a face
  const double a2[3] = {1.1, 0, 0}, b2[3] = {3, 1, 0}, c2[3] = {2, 0, 1};
  EXPECT_FALSE(motus::OctreeTriangleBoxOverlap(a2, b2, c2, center, half));
  // touching a face: closed sets overlap
  const double a3[3] = {1, 0, 0}, b3[3] = {3, 1, 0}, c3[3] = {2, 0, 1};
  EXPECT_TRUE(motus::OctreeTriangleBoxOverlap(a3, b3, c3, center, half));
  // a triangle near the edge (x = 1, y = 1) whose plane passes the corner region: its bounding
  // box overlaps the cube, only an edge-cross-product axis separates them
  const double a4[3] = {2.05, 0, -0.5}, b4[3] = {0, 2.05, -0.5}, c4[3] = {1.03, 1.03, 0.5};
  EXPECT_FALSE(motus::OctreeTriangleBoxOverlap(a4, b4, c4, center, half));
  // the same triangle moved onto the edge
  const double a5[3] = {1.95, 0, -0.5}, b5[3] = {0, 1.95, -0.5}, c5[3] = {0.98, 0.98, 0.5};
  EXPECT_TRUE(motus::OctreeTriangleBoxOverlap(a5, b5, c5, center, half));
}

// child k of a node lies in the (bit 0: x, bit 1: y, bit 2: z) half of its parent, one level
// deeper, and nodes are numbered so that children follow their parent
TEST(SdfOctree, TreeStructure) {
  const double h[3] = {0.3, 0.2, 0.1};
  MeshOctree o = BoxOctree(h);
  ASSERT_GT(o.size(), 0);
  ASSERT_GT(o.size(), 1);
  EXPECT_EQ(o.depth[0], 0);
  // root: the vertex bounds grown by 10%
  for (int j = 0; j < 3; j++) {
    EXPECT_NEAR(o.aabb[j], 0, 1e-15);
    EXPECT_NEAR(o.aabb[3 + j], 1.1 * h[j], 1e-15);
  }
  int maxdepth = 0;
  for (int n = 0; n < o.size(); n++) {
    maxdepth = std::max(maxdepth, o.depth[n]);
    if (o.child[8 * n] < 0) {
      for (int k = 1; k < 8; k++) {
        EXPECT_EQ(o.child[8 * n + k], -1);
      }
      continue;
    }
    for (int k = 0; k < 8; k++) {
      int c = o.child[8 * n + k];
      ASSERT_GT(c, n);
      ASSERT_LT(c, o.size());
      EXPECT_EQ(o.depth[c], o.depth[n] + 1);
      for (int j = 0; j < 3; j++) {
        double sign = (k >> j) & 1 ? 1 : -1;
        EXPECT_NEAR(o.aabb[6 * c + j], o.aabb[6 * n + j] + sign * o.aabb[6 * n + 3 + j] / 2, 1e-15);
        EXPECT_NEAR(o.aabb[6 * c + 3 + j], o.aabb[6 * n + 3 + j] / 2, 1e-15);
      }
    }
  }
  EXPECT_EQ(maxdepth, motus::kOctreeMaxDepth);
}

// Corner values: at the finest level every corner of a leaf that touches the surface is a true
// grid vertex of the deepest level, whose value is the exact signed distance; elsewhere values
// interpolate coarser corners, which for a box's distance field (piecewise linear along the
// grid except near edges and corners) stays within the coarse cell's size of the truth.
TEST(SdfOctree, FieldApproximatesBoxDistance) {
  const double h[3] = {0.3, 0.2, 0.1};
  MeshOctree o = BoxOctree(h);
  ASSERT_GT(o.size(), 0);
  int exact = 0;
  for (int n = 0; n < o.size(); n++) {
    const double* box = o.aabb.data() + 6 * n;
    for (int k = 0; k < 8; k++) {
      double p[3];
      for (int j = 0; j < 3; j++) {
        p[j] = box[j] + ((k >> j) & 1 ? box[3 + j] : -box[3 + j]);
      }
      double want = BoxDistance(p, h), got = o.coeff[8 * n + k];
      double cell = 2 * std::max({box[3], box[4], box[5]});
      EXPECT_LE(std::fabs(got - want), cell) << "node " << n << " corner " << k;
      EXPECT_EQ(got < 0, want < 0) << "sign at node " << n << " corner " << k;
      if (o.depth[n] == motus::kOctreeMaxDepth && std::fabs(got - want) <= 1e-15) {
        exact++;
      }
    }
  }
  EXPECT_GT(exact, 0);
  // the root corners are outside the box by the 10% margin
  for (int k = 0; k < 8; k++) {
    double p[3];
    for (int j = 0; j < 3; j++) {
      p[j] = (k >> j) & 1 ? 1.1 * h[j] : -1.1 * h[j];
    }
    EXPECT_NEAR(o.coeff[k], BoxDistance(p, h), 1e-15);
  }
}

TEST(SdfOctree, BadMeshIsAnError) {
  MeshOctree o;
  std::string error;
  std::vector<double> vert = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  EXPECT_FALSE(MakeMeshOctree(vert, {}, &o, &error));
  EXPECT_NE(error.find("no faces"), std::string::npos) << error;
  EXPECT_FALSE(MakeMeshOctree(vert, {0, 1, 3}, &o, &error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
  vert[4] = NAN;
  EXPECT_FALSE(MakeMeshOctree(vert, {0, 1, 2}, &o, &error));
  EXPECT_NE(error.find("non-finite"), std::string::npos) << error;
  EXPECT_EQ(o.size(), 0);
}

// the octree survives the binary model format and mj_copyModel bit for bit
TEST(SdfOctree, SavedAndCopied) {
  std::string path = motus_test::SourcePath("test/data/spec/sdf.xml");
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(m, nullptr) << error;
  ASSERT_GT(m->noct, 0);
  EXPECT_EQ(m->mesh_octadr[m->nmesh - 1], -1);  // the mesh without an sdf geom
  std::string mjb = motus_test::UniqueTempPath("sdf_octree_test.mjb");
  mj_saveModel(m, mjb.c_str(), nullptr, 0);
  mjModel* loaded = mj_loadModel(mjb.c_str(), nullptr);
  ASSERT_NE(loaded, nullptr);
  ASSERT_EQ(loaded->noct, m->noct);
  EXPECT_EQ(0, std::memcmp(loaded->oct_coeff, m->oct_coeff, sizeof(mjtNum) * 8 * m->noct));
  EXPECT_EQ(0, std::memcmp(loaded->oct_aabb, m->oct_aabb, sizeof(mjtNum) * 6 * m->noct));
  EXPECT_EQ(0, std::memcmp(loaded->oct_child, m->oct_child, sizeof(int) * 8 * m->noct));
  mj_deleteModel(loaded);
  mjModel* copy = mj_copyModel(nullptr, m);
  ASSERT_NE(copy, nullptr);
  ASSERT_EQ(copy->noct, m->noct);
  EXPECT_EQ(0, std::memcmp(copy->oct_coeff, m->oct_coeff, sizeof(mjtNum) * 8 * m->noct));
  EXPECT_EQ(0, std::memcmp(copy->oct_child, m->oct_child, sizeof(int) * 8 * m->noct));
  mj_deleteModel(copy);
  mj_deleteModel(m);
}

}  // namespace
