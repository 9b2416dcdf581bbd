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
//   faces    per cube, the triangles of MuJoCo's marching-cubes case for the cube's pattern of
//            inside corners, in the case's order (user_mesh_sdf_cases.h, measured on MuJoCo: the
//            polygons cut by the surface, triangulated as strips; for example two inside
//            corners on a face diagonal give two separate triangles).

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"
#include "user/user_mesh_sdf_cases.h"

namespace motus {

namespace {

// grid points along an axis of the plugin's box
const double kGridPoints = 300;

struct Grid {
  int n[3];
  std::vector<float> field;  // n0 n1 n2 values, x fastest
  std::vector<int> edge;     // vertex of the edge along axis a from point p: edge[3 p + a]

  int Index(int x, int y, int z) const { return x + n[0] * (y + n[1] * z); }
};

// vertex of cube edge e of cube (x, y, z): edge 4 a + du + 2 dw runs along axis a from the corner
// offset by du and dw along the two other axes, in order
int EdgeVertex(const Grid& g, int x, int y, int z, int e) {
  int axis = e / 4, du = e & 1, dw = (e >> 1) & 1;
  int p[3] = {x, y, z};
  p[axis == 0 ? 1 : 0] += du;
  p[axis == 2 ? 1 : 2] += dw;
  return g.edge[3 * g.Index(p[0], p[1], p[2]) + axis];
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

// the triangles of cube (x, y, z) with inside-corner mask `config`, from MuJoCo's case table
void MakeCubeFaces(const Grid& g, int x, int y, int z, int config, std::vector<int>* face) {
  for (const char* c = kSdfMeshCases[config]; *c; c++) {
    int e = *c <= '9' ? *c - '0' : *c - 'a' + 10;
    face->push_back(EdgeVertex(g, x, y, z, e));
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
