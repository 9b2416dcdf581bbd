// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Measures how MuJoCo triangulates the surface inside one grid cube when it meshes an SDF plugin
// (the marching-cubes case of each of the 256 inside/outside patterns of the cube's corners) and
// writes it as src/user/user_mesh_sdf_cases.h. Built against MuJoCo 3.8.0 (the kit) by
// make_mc_cases.sh. Method: an SDF plugin registered here has, at the points of the meshing grid
// (101 per axis on [-1, 1]^3), pseudo-random values of either sign away from the grid's border,
// so that every pattern occurs many times. Each vertex of the compiled mesh lies on one grid
// edge (the coordinate with a fractional part names the axis); the three edges of a triangle
// belong to one grid cube, and the triangles of a cube are consecutive. The program checks that
// every occurrence of a pattern gives the same triangles and that all 254 non-empty patterns
// occur, and fails otherwise.
//
// Numbering (the one of src/user/user_mesh_sdf.cc): corner k of a cube is at offset
// (k & 1, (k >> 1) & 1, (k >> 2) & 1); edge 4 a + du + 2 dw runs along axis a from the corner
// offset by du along the first other axis and by dw along the second (x: y, z; y: x, z; z: x,
// y). Usage: mc_cases_gen > user_mesh_sdf_cases.h

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace {

const int kN = 101;  // grid points per axis for the box [-1, 1]^3 (300 / 3 + 1)

int GridIndex(double p) { return static_cast<int>(std::lround((p + 1) * (kN - 1) / 2)); }

// value at grid point (i, j, k): positive within 3 points of the border, else random sign
double Value(int i, int j, int k) {
  if (i < 3 || j < 3 || k < 3 || i > kN - 4 || j > kN - 4 || k > kN - 4) {
    return 1;
  }
  uint32_t h = i * 73856093u ^ j * 19349663u ^ k * 83492791u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  double u = ((h >> 8) & 0xFFFF) / 65535.0;  // [0, 1]
  return (u < 0.55 ? -1 : 1) * (0.1 + u);
}

mjtNum StaticDistance(const mjtNum p[3], const mjtNum*) {
  return Value(GridIndex(p[0]), GridIndex(p[1]), GridIndex(p[2]));
}
mjtNum Distance(const mjtNum p[3], const mjData*, int) { return StaticDistance(p, nullptr); }
void Gradient(mjtNum g[3], const mjtNum*, const mjData*, int) {
  g[0] = g[1] = 0;
  g[2] = 1;
}
void Aabb(mjtNum aabb[6], const mjtNum*) {
  aabb[0] = aabb[1] = aabb[2] = 0;
  aabb[3] = aabb[4] = aabb[5] = 1;
}
void Attribute(mjtNum*, const char**, const char**) {}
int NState(const mjModel*, int) { return 0; }
int Init(const mjModel*, mjData*, int) { return 0; }
void Compute(const mjModel*, mjData*, int, int) {}

struct Edge {
  int axis;
  int p[3];  // grid point where the edge starts
};

// the cube edge number of edge e in cube c, or -1 when e is not an edge of c
int CubeEdge(const Edge& e, const int c[3]) {
  int u = e.axis == 0 ? 1 : 0, w = e.axis == 2 ? 1 : 2;
  int du = e.p[u] - c[u], dw = e.p[w] - c[w];
  if (e.p[e.axis] != c[e.axis] || du < 0 || du > 1 || dw < 0 || dw > 1) {
    return -1;
  }
  return 4 * e.axis + du + 2 * dw;
}

}  // namespace

int main() {
  mjpPlugin plugin;
  mjp_defaultPlugin(&plugin);
  const char* attributes[] = {"unused"};
  plugin.name = "motus.cases";
  plugin.capabilityflags = mjPLUGIN_SDF;
  plugin.nattribute = 1;
  plugin.attributes = attributes;
  plugin.nstate = NState;
  plugin.init = Init;
  plugin.compute = Compute;
  plugin.sdf_distance = Distance;
  plugin.sdf_gradient = Gradient;
  plugin.sdf_staticdistance = StaticDistance;
  plugin.sdf_attribute = Attribute;
  plugin.sdf_aabb = Aabb;
  mjp_registerPlugin(&plugin);
  const char* xml =
      "<mujoco><extension><plugin plugin='motus.cases'><instance name='c'/></plugin></extension>"
      "<asset><mesh name='m'><plugin instance='c'/></mesh></asset><worldbody>"
      "<geom type='sdf' mesh='m'><plugin instance='c'/></geom></worldbody></mujoco>";
  char error[1000];
  mjSpec* spec = mj_parseXMLString(xml, nullptr, error, sizeof(error));
  mjModel* m = spec ? mj_compile(spec, nullptr) : nullptr;
  if (!m) {
    std::fprintf(stderr, "model: %s\n", spec ? mjs_getError(spec) : error);
    return 1;
  }

  // the grid edge of each vertex
  std::vector<Edge> edge(m->mesh_vertnum[0]);
  for (int v = 0; v < m->mesh_vertnum[0]; v++) {
    int nfrac = 0;
    for (int i = 0; i < 3; i++) {
      double g = (m->mesh_vert[3 * v + i] + 1.0) * (kN - 1) / 2;
      double r = std::round(g);
      if (std::fabs(g - r) > 1e-3) {
        edge[v].axis = i;
        edge[v].p[i] = static_cast<int>(std::floor(g));
        nfrac++;
      } else {
        edge[v].p[i] = static_cast<int>(r);
      }
    }
    if (nfrac != 1) {
      std::fprintf(stderr, "vertex %d is not inside one grid edge\n", v);
      return 1;
    }
  }

  // triangles grouped by cube, as cube edge numbers
  std::map<int, std::string> cases;  // pattern -> triangles (hex digits, 3 per triangle)
  int nface = m->mesh_facenum[0];
  const int* face = m->mesh_face;
  for (int f = 0; f < nface;) {
    // the cube of triangle f: among the 4 cubes around its first edge, the one with all three
    const Edge& e0 = edge[face[3 * f]];
    int cube[3] = {0, 0, 0}, found = 0;
    for (int k = 0; k < 4; k++) {
      int c[3] = {e0.p[0], e0.p[1], e0.p[2]};
      int u = e0.axis == 0 ? 1 : 0, w = e0.axis == 2 ? 1 : 2;
      c[u] -= k & 1;
      c[w] -= k >> 1;
      if (CubeEdge(edge[face[3 * f + 1]], c) >= 0 && CubeEdge(edge[face[3 * f + 2]], c) >= 0) {
        cube[0] = c[0], cube[1] = c[1], cube[2] = c[2];
        found++;
      }
    }
    if (found != 1) {
      std::fprintf(stderr, "triangle %d is in %d cubes\n", f, found);
      return 1;
    }
    int pattern = 0;
    for (int k = 0; k < 8; k++) {
      pattern |= (Value(cube[0] + (k & 1), cube[1] + ((k >> 1) & 1), cube[2] + (k >> 2)) < 0) << k;
    }
    std::string tri;
    for (; f < nface; f++) {
      int e[3];
      for (int j = 0; j < 3; j++) {
        e[j] = CubeEdge(edge[face[3 * f + j]], cube);
      }
      if (e[0] < 0 || e[1] < 0 || e[2] < 0) {
        break;  // the next cube
      }
      for (int j = 0; j < 3; j++) {
        tri += "0123456789ab"[e[j]];
      }
    }
    auto it = cases.find(pattern);
    if (it != cases.end() && it->second != tri) {
      std::fprintf(stderr, "pattern %d: %s and %s\n", pattern, it->second.c_str(), tri.c_str());
      return 1;
    }
    cases[pattern] = tri;
  }
  if (cases.size() != 254) {
    std::fprintf(stderr, "%zu patterns occur, not 254\n", cases.size());
    return 1;
  }

  std::printf(
      "// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.\n"
      "//\n"
      "// Generated by test/data/plugin/make_mc_cases.sh (mc_cases_gen.cc) from MuJoCo %s: the\n"
      "// triangles MuJoCo makes in one grid cube of an SDF plugin's mesh, for each pattern of\n"
      "// inside corners (bit k: corner (k & 1, (k >> 1) & 1, (k >> 2) & 1) is inside). Each\n"
      "// triangle is three hex digits, the cube edges of its vertices in order; edge\n"
      "// 4 a + du + 2 dw runs along axis a, offset by du and dw along the two other axes in\n"
      "// order (x: y, z; y: x, z; z: x, y).\n\n"
      "#ifndef MOTUS_USER_USER_MESH_SDF_CASES_H_\n"
      "#define MOTUS_USER_USER_MESH_SDF_CASES_H_\n\n"
      "namespace motus {\n\n"
      "// clang-format off\n"
      "inline constexpr const char* kSdfMeshCases[256] = {\n",
      mj_versionString());
  for (int p = 0; p < 256; p++) {
    std::printf("    \"%s\",  // %d\n", cases.count(p) ? cases[p].c_str() : "", p);
  }
  std::printf(
      "};\n"
      "// clang-format on\n\n"
      "}  // namespace motus\n\n"
      "#endif  // MOTUS_USER_USER_MESH_SDF_CASES_H_\n");
  mj_deleteModel(m);
  mj_deleteSpec(spec);
  return 0;
}
