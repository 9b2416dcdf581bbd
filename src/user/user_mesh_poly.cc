// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh polygons (mjModel.mesh_polynum, mesh_polyadr, mesh_polynormal, mesh_polyvert*,
// mesh_polymap*): maximal sets of edge-connected, coplanar triangles, each stored as its boundary
// loop of vertices (counter-clockwise seen from outside) with its normal, plus for every vertex the
// list of polygons that contain it. The convex collision code uses them to clip face contacts.
//
// Construction, matching MuJoCo 3.8's output (steps 1-3 use the vertices as given in the
// asset, before scale/refpos/refquat; the stored normal is that of the polygon's first triangle
// in the final mesh frame). Only meshes with a convex hull get polygons, made from the hull's
// triangles (mesh_graph faces); a visual mesh has none.
//   1. every triangle gets its unit normal (cross product of its edges);
//   2. triangles are visited from the last to the first; an unassigned one seeds a polygon that
//      grows over shared edges to triangles whose normal is within kPlanarAngle of the seed's;
//      polygons are listed in seed order (MuJoCo 3.8.0 lists most hulls so; on some it moves a
//      few polygons later, by a rule not identified: doc/conformance.md#meshes);
//   3. a polygon's loop starts at the first boundary edge of its lowest-index triangle (edges
//      a->b, b->c, c->a) and follows boundary edges.
// Conformance: the same polygons and loops as MuJoCo on meshes whose coplanar triangles are
// exactly coplanar; on meshes coplanar only up to rounding the polygon count can differ (see
// doc/conformance.md#meshes).

#include <algorithm>
#include <cmath>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"

namespace motus {
namespace {

// two triangles are coplanar when their normals differ by less than this angle (radians);
// compared as 1 - cos(angle) < kPlanarAngle^2 / 2
constexpr double kPlanarAngle = 1.6e-3;

// Directed edges of all triangles grouped by their first vertex (compressed rows, counting
// sort): the edges leaving vertex a are to[adr[a] .. adr[a+1]) with their triangles tri[],
// triangles in increasing order. Vertices have only a few edges each, so finding the triangles
// across an edge is a short scan, without the node allocations of a hash map (the mesh
// compiler's hot spot on large meshes).
struct EdgeIndex {
  std::vector<int> adr, to, tri;

  explicit EdgeIndex(const std::vector<int>& face) {
    int nv = 0;
    for (int v : face) {
      nv = std::max(nv, v + 1);
    }
    int nface = static_cast<int>(face.size() / 3);
    adr.assign(nv + 1, 0);
    for (int v : face) {
      adr[v + 1]++;
    }
    for (int v = 0; v < nv; v++) {
      adr[v + 1] += adr[v];
    }
    to.resize(3 * nface);
    tri.resize(3 * nface);
    std::vector<int> fill(adr.begin(), adr.end() - 1);
    for (int f = 0; f < nface; f++) {
      for (int k = 0; k < 3; k++) {
        int pos = fill[face[3 * f + k]]++;
        to[pos] = face[3 * f + (k + 1) % 3];
        tri[pos] = f;
      }
    }
  }
};

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

// boundary loop of a polygon (step 4); empty if the boundary is not a single simple loop.
// mark[g] == stamp for the polygon's triangles; next (one entry per vertex, -1) is workspace
// and is left as it was found.
std::vector<int> BoundaryLoop(const std::vector<int>& face, const std::vector<int>& faces,
                              const EdgeIndex& edges, const std::vector<int>& mark, int stamp,
                              std::vector<int>* next) {
  int start = -1;
  size_t nboundary = 0;
  std::vector<int> touched;
  for (int f : faces) {
    for (int k = 0; k < 3; k++) {
      int a = face[3 * f + k], b = face[3 * f + (k + 1) % 3];
      bool interior = false;  // the reverse edge b->a belongs to a triangle of the polygon
      for (int e = edges.adr[b]; e < edges.adr[b + 1] && !interior; e++) {
        interior = edges.to[e] == a && mark[edges.tri[e]] == stamp;
      }
      if (interior) {
        continue;
      }
      if (start < 0) {
        start = a;
      }
      if ((*next)[a] < 0) {
        touched.push_back(a);
      }
      (*next)[a] = b;
      nboundary++;
    }
  }
  std::vector<int> loop;
  if (start >= 0) {
    int v = start;
    do {
      loop.push_back(v);
      if ((*next)[v] < 0 || loop.size() > nboundary) {
        loop.clear();
        break;
      }
      v = (*next)[v];
    } while (v != start);
  }
  for (int a : touched) {
    (*next)[a] = -1;
  }
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
  EdgeIndex edges(face);

  // step 2
  const double planar = 1 - kPlanarAngle * kPlanarAngle / 2;
  std::vector<Polygon> polys;
  std::vector<char> used(nface, 0);
  for (int seed = nface - 1; seed >= 0; seed--) {
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
        int a = face[3 * f + (k + 1) % 3], b = face[3 * f + k];
        for (int e = edges.adr[a]; e < edges.adr[a + 1]; e++) {
          int g = edges.tri[e];
          if (edges.to[e] != b || used[g] || mju_dot3(p.normal, normal.data() + 3 * g) < planar) {
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

  // step 3
  std::vector<std::vector<int>> vertpolys(nvert);
  std::vector<int> mark(nface, -1), next(edges.adr.size(), -1);
  for (size_t ip = 0; ip < polys.size(); ip++) {
    const Polygon& p = polys[ip];
    for (int f : p.faces) {
      mark[f] = static_cast<int>(ip);
    }
    std::vector<int> loop = BoundaryLoop(face, p.faces, edges, mark, static_cast<int>(ip), &next);
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
