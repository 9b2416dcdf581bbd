// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Octree of a mesh, used as the signed distance field of geoms of type "sdf" that reference a
// mesh (mjModel.mesh_octadr/mesh_octnum and the oct_* arrays). See user_mesh_octree.cc for the
// construction; the engine samples it in engine_collision_sdf.cc.

#ifndef MOTUS_USER_USER_MESH_OCTREE_H_
#define MOTUS_USER_USER_MESH_OCTREE_H_

#include <string>
#include <vector>

namespace motus {

// deepest level of the octree (the root is level 0)
constexpr int kOctreeMaxDepth = 6;

// One mesh's octree in the layout of mjModel's oct_* arrays (node indices local to the mesh).
struct MeshOctree {
  std::vector<int> depth;     // oct_depth: level of each node
  std::vector<int> child;     // oct_child: 8 per node (-1 for leaves); child k has the offset
                              //   (bit 0 of k: +x, bit 1: +y, bit 2: +z) from the center
  std::vector<double> aabb;   // oct_aabb: 6 per node, center[3] and half-size[3]
  std::vector<double> coeff;  // oct_coeff: 8 per node, signed distance to the surface at the
                              //   node's corners (corner k is center + (+-half) per bit of k)
  int size() const { return static_cast<int>(depth.size()); }
};

// Builds the octree of the triangle mesh (vert: 3 doubles per vertex in the mesh frame; face: 3
// vertex indices per triangle). False with a message when the mesh has no triangles.
bool MakeMeshOctree(const std::vector<double>& vert, const std::vector<int>& face, MeshOctree* out,
                    std::string* error);

// ---- pieces exposed for tests -------------------------------------------------------------------

// True when the closed triangle (a, b, c) and the closed box (center, half-size) intersect
// (separating-axis test over the 13 candidate axes).
bool OctreeTriangleBoxOverlap(const double a[3], const double b[3], const double c[3],
                              const double center[3], const double half[3]);

// Closest point to p on the closed triangle (a, b, c); returns the squared distance.
double OctreeClosestPointTriangle(const double p[3], const double a[3], const double b[3],
                                  const double c[3], double closest[3]);

}  // namespace motus

#endif  // MOTUS_USER_USER_MESH_OCTREE_H_
