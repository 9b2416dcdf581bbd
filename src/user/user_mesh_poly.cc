// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh polygons (mjModel.mesh_polynum, mesh_polyadr, mesh_polynormal, mesh_polyvert*,
// mesh_polymap*): maximal sets of edge-connected, coplanar triangles, each stored as its boundary
// loop of vertices (counter-clockwise seen from outside) with its normal, plus for every vertex the
// list of polygons that contain it. The convex collision code uses them to clip face contacts.
//
// Construction, matching MuJoCo's output order (steps 1-4 use the vertices as given in the
// asset, before scale/refpos/refquat; the stored normal is that of the polygon's first triangle
// in the final mesh frame):
//   1. every triangle gets its unit normal (cross product of its edges);
//   2. triangles are visited in index order; an unassigned one seeds a polygon that grows over
//      shared edges to triangles whose normal is within kPlanarAngle of the seed's;
//   3. polygons are ordered by their normal, lexicographically decreasing (components within
//      kNormalTie count as equal; ties keep the order of step 2);
//   4. a polygon's loop starts at the first boundary edge of its lowest-index triangle (edges
//      a->b, b->c, c->a) and follows boundary edges.
// Conformance: identical to MuJoCo on meshes whose coplanar triangles are exactly coplanar; on
// meshes coplanar only up to rounding the polygon count can differ (see
// doc/conformance.md#meshes).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"

namespace motus {
namespace {

// two triangles are coplanar when their normals differ by less than this angle (radians);
// compared as 1 - cos(angle) < kPlanarAngle^2 / 2
constexpr double kPlanarAngle = 1.6e-3;

// normal components closer than this are equal when ordering polygons
constexpr double kNormalTie = 1e-10;

uint64_t EdgeKey(int a, int b) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}

// unit normal of triangle f
void FaceNormal(const std::vector<double>& vert, const std::vector<int>& face, int f, double n[3]) {
  double e1[3], e2[3];
  mju_sub3(e1, vert.data() + 3 * face[3 * f + 1], vert.data() + 3 * face[3 * f]);
  mju_sub3(e2, vert.data() + 3 * face[3 * f + 2], vert.data() + 3 * face[3 * f]);
  mju_cross(n, e1, e2);
  mju_normalize3(n);
}

struct Polygon {
  double normal[3];
  std::vector<int> faces;  // increasing triangle index
};

// strict "comes before" of step 3
bool NormalBefore(const double* a, const double* b) {
  for (int j = 0; j < 3; j++) {
    if (std::fabs(a[j] - b[j]) > kNormalTie) {
      return a[j] > b[j];
    }
  }
  return false;
}

// stable merge sort by NormalBefore (safe even though the tolerance makes it non-transitive)
void SortPolygons(std::vector<Polygon>* polys) {
  std::vector<Polygon> tmp(polys->size());
  for (size_t width = 1; width < polys->size(); width *= 2) {
    for (size_t lo = 0; lo < polys->size(); lo += 2 * width) {
      size_t mid = std::min(lo + width, polys->size());
      size_t hi = std::min(lo + 2 * width, polys->size());
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        if (NormalBefore((*polys)[j].normal, (*polys)[i].normal)) {
          tmp[k++] = std::move((*polys)[j++]);
        } else {
          tmp[k++] = std::move((*polys)[i++]);
        }
      }
      while (i < mid) {
        tmp[k++] = std::move((*polys)[i++]);
      }
      while (j < hi) {
        tmp[k++] = std::move((*polys)[j++]);
      }
    }
    polys->swap(tmp);
  }
}

// boundary loop of a polygon (step 4); empty if the boundary is not a single simple loop
std::vector<int> BoundaryLoop(const std::vector<int>& face, const std::vector<int>& faces) {
  std::unordered_map<uint64_t, int> directed;  // edge -> multiplicity
  for (int f : faces) {
    for (int k = 0; k < 3; k++) {
      directed[EdgeKey(face[3 * f + k], face[3 * f + (k + 1) % 3])]++;
    }
  }
  std::unordered_map<int, int> next;
  int start = -1;
  size_t nboundary = 0;
  for (int f : faces) {
    for (int k = 0; k < 3; k++) {
      int a = face[3 * f + k], b = face[3 * f + (k + 1) % 3];
      if (directed.count(EdgeKey(b, a))) {
        continue;  // interior edge
      }
      if (start < 0) {
        start = a;
      }
      next[a] = b;
      nboundary++;
    }
  }
  std::vector<int> loop;
  if (start < 0) {
    return loop;
  }
  int v = start;
  do {
    loop.push_back(v);
    auto it = next.find(v);
    if (it == next.end() || loop.size() > nboundary) {
      return std::vector<int>();
    }
    v = it->second;
  } while (v != start);
  return loop;
}

}  // namespace

void MakePolygons(const std::vector<double>& vert, const std::vector<double>& final_vert,
                  const std::vector<int>& face, int nvert, MeshResult* out) {
  out->polynormal.clear();
  out->polyvertnum.clear();
  out->polyvert.clear();
  out->polymap.clear();
  out->polymapnum.assign(nvert, 0);
  int nface = static_cast<int>(face.size() / 3);

  // step 1
  std::vector<double> normal(3 * nface);
  for (int f = 0; f < nface; f++) {
    FaceNormal(vert, face, f, normal.data() + 3 * f);
  }

  // triangles across each directed edge: edge (a,b) of one triangle meets (b,a) of a neighbor
  std::unordered_map<uint64_t, std::vector<int>> edge_faces;
  for (int f = 0; f < nface; f++) {
    for (int k = 0; k < 3; k++) {
      edge_faces[EdgeKey(face[3 * f + k], face[3 * f + (k + 1) % 3])].push_back(f);
    }
  }

  // step 2
  const double planar = 1 - kPlanarAngle * kPlanarAngle / 2;
  std::vector<Polygon> polys;
  std::vector<char> used(nface, 0);
  for (int seed = 0; seed < nface; seed++) {
    if (used[seed]) {
      continue;
    }
    Polygon p;
    mju_copy3(p.normal, normal.data() + 3 * seed);
    used[seed] = 1;
    p.faces.push_back(seed);
    for (size_t i = 0; i < p.faces.size(); i++) {
      int f = p.faces[i];
      for (int k = 0; k < 3; k++) {
        auto it = edge_faces.find(EdgeKey(face[3 * f + (k + 1) % 3], face[3 * f + k]));
        if (it == edge_faces.end()) {
          continue;
        }
        for (int g : it->second) {
          if (used[g] || mju_dot3(p.normal, normal.data() + 3 * g) < planar) {
            continue;
          }
          used[g] = 1;
          p.faces.push_back(g);
        }
      }
    }
    std::sort(p.faces.begin(), p.faces.end());
    polys.push_back(std::move(p));
  }

  // step 3 and 4
  SortPolygons(&polys);
  std::vector<std::vector<int>> vertpolys(nvert);
  for (const Polygon& p : polys) {
    std::vector<int> loop = BoundaryLoop(face, p.faces);
    if (loop.size() < 3) {
      continue;  // degenerate or non-manifold patch: no polygon
    }
    int id = static_cast<int>(out->polyvertnum.size());
    double n[3];
    FaceNormal(final_vert, face, p.faces[0], n);
    out->polynormal.insert(out->polynormal.end(), n, n + 3);
    out->polyvertnum.push_back(static_cast<int>(loop.size()));
    out->polyvert.insert(out->polyvert.end(), loop.begin(), loop.end());
    for (int v : loop) {
      vertpolys[v].push_back(id);
    }
  }
  for (int v = 0; v < nvert; v++) {
    out->polymapnum[v] = static_cast<int>(vertpolys[v].size());
    out->polymap.insert(out->polymap.end(), vertpolys[v].begin(), vertpolys[v].end());
  }
}

}  // namespace motus
