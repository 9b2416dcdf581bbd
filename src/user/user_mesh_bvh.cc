// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Bounding volume hierarchy over a mesh's triangles (mjModel.mesh_bvhadr/mesh_bvhnum and the
// bvh_aabb, bvh_child, bvh_depth, bvh_nodeid entries of the mesh). Axis-aligned boxes in the mesh
// frame, built top-down in depth-first order:
//   - a node's box bounds the vertices of all its triangles; it is stored as center and
//     half-size (bvh_aabb);
//   - a node with one triangle is a leaf (bvh_nodeid = triangle index, no children);
//   - otherwise the triangles are ordered by a sort key along the axis on which the node's box
//     is longest (ties broken by triangle index) and split at the median: the first floor(n/2)
//     go to the left child, the rest to the right child. The key of a triangle is the center of
//     its box in the asset's own frame, mapped into the mesh frame like the vertices.
// Conformance: node boxes, leaves and node count agree with MuJoCo's; the split order may differ
// on general meshes (see doc/conformance.md#meshes). The
// hierarchy is valid either way (every box bounds its subtree), so queries give the same answers.

#include <algorithm>
#include <cmath>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"

namespace motus {
namespace {

// box-center coordinates closer than this are ties, decided by triangle index
constexpr double kTie = 1e-10;

struct Builder {
  const std::vector<double>& vert;
  const std::vector<int>& face;
  const std::vector<double>& center;  // 3 per triangle: sort keys
  MeshResult* out;

  // bounds of the vertices of triangles [begin, end)
  void Bounds(const int* begin, const int* end, double lo[3], double hi[3]) const {
    for (int j = 0; j < 3; j++) {
      lo[j] = mjMAXVAL;
      hi[j] = -mjMAXVAL;
    }
    for (const int* t = begin; t < end; t++) {
      for (int k = 0; k < 3; k++) {
        const double* v = vert.data() + 3 * face[3 * (*t) + k];
        for (int j = 0; j < 3; j++) {
          lo[j] = std::min(lo[j], v[j]);
          hi[j] = std::max(hi[j], v[j]);
        }
      }
    }
  }

  // appends the node for triangles [begin, end) and its subtree; returns its index
  int Build(int* begin, int* end, int depth) {
    int index = static_cast<int>(out->bvh_depth.size());
    double lo[3], hi[3];
    Bounds(begin, end, lo, hi);
    for (int j = 0; j < 3; j++) {
      out->bvh_aabb.push_back((hi[j] + lo[j]) / 2);
    }
    for (int j = 0; j < 3; j++) {
      out->bvh_aabb.push_back((hi[j] - lo[j]) / 2);
    }
    out->bvh_child.push_back(-1);
    out->bvh_child.push_back(-1);
    out->bvh_depth.push_back(depth);
    out->bvh_nodeid.push_back(-1);

    long n = end - begin;
    if (n == 1) {
      out->bvh_nodeid[index] = *begin;
      return index;
    }

    // longest axis of the node's box
    int axis = 0;
    for (int j = 1; j < 3; j++) {
      if (hi[j] - lo[j] > hi[axis] - lo[axis]) {
        axis = j;
      }
    }
    const std::vector<double>& c = center;
    std::sort(begin, end, [&c, axis](int a, int b) {
      double d = c[3 * a + axis] - c[3 * b + axis];
      if (std::fabs(d) > kTie) {
        return d < 0;
      }
      return a < b;
    });

    int* mid = begin + n / 2;
    int left = Build(begin, mid, depth + 1);
    int right = Build(mid, end, depth + 1);
    out->bvh_child[2 * index] = left;
    out->bvh_child[2 * index + 1] = right;
    return index;
  }
};

}  // namespace

void MakeMeshBVH(const std::vector<double>& vert, const std::vector<int>& face,
                 const std::vector<double>& keys, MeshResult* out) {
  out->bvh_aabb.clear();
  out->bvh_child.clear();
  out->bvh_depth.clear();
  out->bvh_nodeid.clear();
  int nface = static_cast<int>(face.size() / 3);
  if (nface == 0) {
    return;
  }

  Builder b{vert, face, keys, out};
  std::vector<int> order(nface);
  for (int f = 0; f < nface; f++) {
    order[f] = f;
  }
  b.Build(order.data(), order.data() + nface, 0);
}

}  // namespace motus
