// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The mesh of a mesh asset with an SDF plugin (XMLreference.rst mesh/plugin;
// programming_extension.rst "sdf": the compiler voxelizes the plugin's bounding box uniformly and
// runs marching cubes on sdf_staticdistance). The grid and the order of the vertices follow
// MuJoCo's (measured on its meshes: see doc/conformance.md#plugins):
//   grid     n_i = floor(300 h_i / (h_0 + h_1 + h_2)) + 1 points along axis i (h: the box's
//            half-sizes), point j at lo_i + 2 h_i j / (n_i - 1); the field is stored in single
//            precision, and a corner is inside when its value is negative;
//   vertices one per grid edge whose ends are on different sides, at the linear zero crossing
//            x_j + f_j / (f_j - f_{j+1}) in grid units (single precision), made when the first
//            cube that owns the edge is visited: cubes in x-fastest order, and in each cube the
//            edges along x, then y, then z, each in the order (0,0), (1,0), (0,1), (1,1) of
//            its two other offsets, an edge on a lower side of the grid being made by the first
//            cube only;
//   faces    per cube, the closed polygons cut by the surface, found by walking the cube's faces
//            (on a face whose two diagonal corners alone are inside, the corners are cut off
//            separately), oriented so that their normals point to positive values, and
//            triangulated as fans.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"

namespace motus {

namespace {

// grid points along an axis of the plugin's box
const double kGridPoints = 300;

// the four corners of each cube face, counterclockwise seen from outside the cube; corner k is at
// offset (k & 1, (k >> 1) & 1, (k >> 2) & 1)
const int kFaceCorners[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};

struct Grid {
  int n[3];
  std::vector<float> field;  // n0 n1 n2 values, x fastest
  std::vector<int> edge;     // vertex of the edge along axis a from point p: edge[3 p + a]

  int Index(int x, int y, int z) const { return x + n[0] * (y + n[1] * z); }
};

// vertex of the grid edge from corner `a` of cube (x, y, z) to corner `b` (adjacent corners)
int EdgeVertex(const Grid& g, int x, int y, int z, int a, int b) {
  int lo = a < b ? a : b;
  int axis = (a ^ b) == 1 ? 0 : (a ^ b) == 2 ? 1 : 2;
  int p = g.Index(x + (lo & 1), y + ((lo >> 1) & 1), z + ((lo >> 2) & 1));
  return g.edge[3 * p + axis];
}

// makes the vertex of the edge along `axis` from grid point (x, y, z) when it crosses the surface
void MakeEdge(Grid* g, std::vector<double>* vert, int axis, int x, int y, int z) {
  int p = g->Index(x, y, z);
  int q = p + (axis == 0 ? 1 : axis == 1 ? g->n[0] : g->n[0] * g->n[1]);
  float a = g->field[p], b = g->field[q];
  if ((a < 0) == (b < 0)) {
    return;
  }
  float v[3] = {static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)};
  v[axis] += a / (a - b);
  g->edge[3 * p + axis] = static_cast<int>(vert->size() / 3);
  vert->insert(vert->end(), v, v + 3);
}

// the vertices owned by cube (x, y, z), in MuJoCo's order (see the file comment)
void MakeCubeEdges(Grid* g, std::vector<double>* vert, int x, int y, int z) {
  // axis, then the offsets of the two other axes and whether the edge belongs to this cube
  for (int axis = 0; axis < 3; axis++) {
    int u = axis == 0 ? 1 : 0, w = axis == 2 ? 1 : 2;  // the other two axes, in order
    int c[3] = {x, y, z};
    for (int k = 0; k < 4; k++) {
      int du = k & 1, dw = k >> 1;
      if ((!du && c[u] != 0) || (!dw && c[w] != 0)) {
        continue;  // made by the neighbor below
      }
      int p[3] = {x, y, z};
      p[u] += du;
      p[w] += dw;
      MakeEdge(g, vert, axis, p[0], p[1], p[2]);
    }
  }
}

// the triangles of cube (x, y, z) with inside-corner mask `config`
void MakeCubeFaces(const Grid& g, int x, int y, int z, int config, std::vector<int>* face) {
  // next[v]: the cube edge (as a pair of corners a * 8 + b) that follows edge v on its polygon
  int next[64];
  bool active[64] = {false};
  for (const auto& f : kFaceCorners) {
    for (int i = 0; i < 4; i++) {
      int c = f[i], prev = f[(i + 3) % 4];
      bool in = (config >> c) & 1, prev_in = (config >> prev) & 1;
      if (!in || prev_in) {
        continue;
      }
      // a run of inside corners starts at c: it is left through the first edge to an outside
      // corner; the segment goes from the edge entering the run to the edge leaving it
      int j = i;
      while ((config >> f[(j + 1) % 4]) & 1) {
        j = (j + 1) % 4;
      }
      int enter = prev < c ? prev * 8 + c : c * 8 + prev;
      int a = f[j], b = f[(j + 1) % 4];
      int leave = a < b ? a * 8 + b : b * 8 + a;
      next[enter] = leave;
      active[enter] = true;
    }
  }
  for (int start = 0; start < 64; start++) {
    if (!active[start]) {
      continue;
    }
    std::vector<int> poly;
    for (int e = start; active[e]; e = next[e]) {
      active[e] = false;
      poly.push_back(EdgeVertex(g, x, y, z, e / 8, e % 8));
    }
    for (size_t k = 1; k + 1 < poly.size(); k++) {
      face->insert(face->end(), {poly[0], poly[k], poly[k + 1]});
    }
  }
}

}  // namespace

bool MakeSdfMesh(const mjpPlugin* plugin, const double* attributes, MeshData* out,
                 std::string* error) {
  *out = MeshData();
  double aabb[6];
  plugin->sdf_aabb(aabb, attributes);
  double total = aabb[3] + aabb[4] + aabb[5];
  for (int i = 0; i < 6; i++) {
    if (!std::isfinite(aabb[i]) || (i >= 3 && !(aabb[i] > 0))) {
      *error = std::string("plugin '") + plugin->name + "' gives an empty or invalid bounding box";
      return false;
    }
  }
  Grid g;
  for (int i = 0; i < 3; i++) {
    g.n[i] = static_cast<int>(std::floor(kGridPoints / total * aabb[3 + i])) + 1;
    if (g.n[i] < 2) {
      *error = std::string("plugin '") + plugin->name + "': bounding box too thin to mesh";
      return false;
    }
  }
  size_t npoint = static_cast<size_t>(g.n[0]) * g.n[1] * g.n[2];
  g.field.resize(npoint);
  g.edge.assign(3 * npoint, -1);
  for (int z = 0; z < g.n[2]; z++) {
    for (int y = 0; y < g.n[1]; y++) {
      for (int x = 0; x < g.n[0]; x++) {
        int idx[3] = {x, y, z};
        double p[3];
        for (int i = 0; i < 3; i++) {
          p[i] = aabb[i] - aabb[3 + i] + 2 * aabb[3 + i] * idx[i] / (g.n[i] - 1);
        }
        g.field[g.Index(x, y, z)] = static_cast<float>(plugin->sdf_staticdistance(p, attributes));
      }
    }
  }

  std::vector<double> vert;  // grid units
  for (int z = 0; z + 1 < g.n[2]; z++) {
    for (int y = 0; y + 1 < g.n[1]; y++) {
      for (int x = 0; x + 1 < g.n[0]; x++) {
        int config = 0;
        for (int k = 0; k < 8; k++) {
          int p = g.Index(x + (k & 1), y + ((k >> 1) & 1), z + ((k >> 2) & 1));
          config |= (g.field[p] < 0) << k;
        }
        if (config == 0 || config == 255) {
          continue;
        }
        MakeCubeEdges(&g, &vert, x, y, z);
        MakeCubeFaces(g, x, y, z, config, &out->face);
      }
    }
  }
  if (out->face.empty()) {
    *error = std::string("plugin '") + plugin->name + "': the signed distance has no surface";
    return false;
  }

  // grid units to the plugin's frame, rounded to single precision as mesh vertices are stored
  out->vert.resize(vert.size());
  for (size_t k = 0; k < vert.size(); k++) {
    int i = k % 3;
    double x = aabb[i] - aabb[3 + i] + 2 * aabb[3 + i] * vert[k] / (g.n[i] - 1);
    out->vert[k] = static_cast<float>(x);
  }
  return true;
}

}  // namespace motus
