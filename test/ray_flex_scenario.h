// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The scenario of ray_flex_test, shared with its golden generator (test/data/ray_flex): rays
// cast with mj_rayFlex at the flexes of test/data/ray_flex/scene.xml with each combination of
// the vertex, edge, face and skin flags, several layers, from outside and inside, hitting
// vertices, edges and faces from both sides; and mj_ray on the same rays (flexes are not hit).
// Rays through a vertex or an edge of several faces are avoided: which of those equally distant
// faces MuJoCo reports depends on the rounding of its triangle test at their boundaries.
// Each result is one labeled entry (distance, vertex id, normal).

#ifndef MOTUS_TEST_RAY_FLEX_SCENARIO_H_
#define MOTUS_TEST_RAY_FLEX_SCENARIO_H_

#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace ray_flex_scenario {

using Entries = std::vector<std::pair<std::string, double>>;

struct Ray {
  int flex;
  double pnt[3], vec[3];
};

inline Entries Run(const mjModel* m, const mjData* d) {
  const Ray rays[] = {
      {0, {0.03, 0.02, 1}, {0, 0, -1}},      // sheet: diagonal edge capsule above the face
      {0, {0.03, 0.02, 0.2}, {0, 0, 1}},     // from below
      {0, {0.05, 0.03, 1}, {0, 0, -2}},      // face only (vec not normalized)
      {0, {0.05, 0.05, 1}, {0, 0, -1}},      // edge midpoint: equidistant vertices
      {0, {-0.1, -0.105, 1}, {0, 0, -1}},    // corner vertex
      {0, {0.03, 0.02, 0.5}, {0, 0, 1}},     // starting on the face
      {0, {0.3, 0.3, 1}, {0, 0, -1}},        // outside
      {1, {1.03, 0.02, 1}, {0, 0, -1}},      // block: top face
      {1, {1.03, 0.02, 0.5}, {0, 0, -1}},    // from inside
      {1, {1.03, 0.02, 0.2}, {0.1, 0, 1}},   // from below, slanted
      {1, {1.097, 0.003, 1}, {0, 0, -1}},    // near a boundary edge
      {1, {1.002, 0.003, 1}, {0, 0, -1}},    // near a vertex
      {1, {0.5, 0.03, 0.55}, {1, 0, 0}},     // from the side
      {2, {-0.97, 0.0, 1}, {0, 0, -1}},      // cable
      {2, {-1.05, 0.0, 1}, {0, 0.01, -1}},   // cable vertex
      {3, {0.02, 1.02, -1}, {0, 0, 1}},      // tetrahedron faces
      {3, {0.02, 1.02, 1}, {0, 0, -1}},      // slanted face
      {3, {0.02, 0, 0.02}, {0, 1, 0}},       // face y = 0
      {3, {-1, 1.02, 0.02}, {1, 0, 0}},      // face x = 0
      {3, {0.02, 1.02, 0.02}, {1, 1, 1}},    // from inside
      {3, {0.05, 0, 0.0005}, {0, 1, 0}},     // edge capsule, equidistant vertices
      {3, {-1, 0, -1}, {1, 1, 1}},           // vertex sphere
      {3, {0.0005, 1.0005, -1}, {0, 0, 1}},  // two edges at the same distance
  };
  const int flags[][5] = {
      // layer, vert, edge, face, skin
      {0, 1, 1, 1, 0}, {0, 1, 0, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 1},
      {1, 0, 0, 1, 0}, {1, 0, 0, 0, 1}, {2, 1, 1, 1, 0}, {1, 1, 1, 1, 1}, {0, 0, 0, 0, 0},
  };
  Entries out;
  int nray = sizeof(rays) / sizeof(rays[0]), nflag = sizeof(flags) / sizeof(flags[0]);
  for (int r = 0; r < nray; r++) {
    const Ray& ray = rays[r];
    for (int k = 0; k < nflag; k++) {
      const int* fl = flags[k];
      int vertid = -2;
      double normal[3] = {7, 7, 7};
      double x = mj_rayFlex(m, d, fl[0], fl[1], fl[2], fl[3], fl[4], ray.flex, ray.pnt, ray.vec,
                            &vertid, normal);
      std::string label = "ray" + std::to_string(r) + " flags" + std::to_string(k);
      out.emplace_back(label + " x", x);
      out.emplace_back(label + " vertid", vertid);
      for (int i = 0; i < 3; i++) {
        out.emplace_back(label + " normal" + std::to_string(i), normal[i]);
      }
    }
    // without the optional outputs
    out.emplace_back("ray" + std::to_string(r) + " plain",
                     mj_rayFlex(m, d, 0, 1, 1, 1, 1, ray.flex, ray.pnt, ray.vec, nullptr, nullptr));
    int geomid = -2;
    out.emplace_back("ray" + std::to_string(r) + " mj_ray",
                     mj_ray(m, d, ray.pnt, ray.vec, nullptr, 1, -1, &geomid, nullptr));
    out.emplace_back("ray" + std::to_string(r) + " mj_ray geomid", geomid);
  }
  return out;
}

}  // namespace ray_flex_scenario

#endif  // MOTUS_TEST_RAY_FLEX_SCENARIO_H_
