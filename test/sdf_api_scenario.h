// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The scenario of sdf_api_test, shared with its golden generator (test/data/sdf_api): the public
// signed distance functions mjc_distance and mjc_gradient on test/data/sdf_api/scene.xml, for
// each geom alone (mjSDFTYPE_SINGLE) and for a box and an ellipsoid combined by each of the
// other mjtSDFType values with a rotated, shifted second frame, at a few points. Each value is
// one labeled entry.

#ifndef MOTUS_TEST_SDF_API_SCENARIO_H_
#define MOTUS_TEST_SDF_API_SCENARIO_H_

#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace sdf_api_scenario {

using Entries = std::vector<std::pair<std::string, double>>;

inline void Evaluate(const mjModel* m, const mjData* d, const mjSDF* s, const std::string& what,
                     const double* points, int npoint, Entries* out) {
  for (int p = 0; p < npoint; p++) {
    std::string label = what + " p" + std::to_string(p);
    double grad[3];
    out->emplace_back(label + " distance", mjc_distance(m, d, s, points + 3 * p));
    mjc_gradient(m, d, s, grad, points + 3 * p);
    for (int k = 0; k < 3; k++) {
      out->emplace_back(label + " gradient" + std::to_string(k), grad[k]);
    }
  }
}

inline Entries Run(const mjModel* m, const mjData* d) {
  Entries out;
  // inside and outside the primitives; the last point is outside the octree's box, where the
  // mesh field is skipped (doc/conformance.md#sdf)
  const double points[] = {0.05, 0.1, 0.2, 0.5, -0.3, 0.1, 0.01, 0.02, -0.4, 2, 1, 0};
  double relpos[3] = {0.05, -0.02, 0.1};
  double relmat[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1};
  for (int g = 0; g < m->ngeom; g++) {
    const mjpPlugin* plugin[2] = {nullptr, nullptr};
    int id[2] = {g, 0};
    mjtGeom type[2] = {static_cast<mjtGeom>(m->geom_type[g]), mjGEOM_SPHERE};
    mjSDF s = {plugin, id, mjSDFTYPE_SINGLE, relpos, relmat, type};
    int npoint = m->geom_type[g] == mjGEOM_SDF ? 3 : 4;
    Evaluate(m, d, &s, "geom" + std::to_string(g), points, npoint, &out);
  }
  for (int t = mjSDFTYPE_INTERSECTION; t <= mjSDFTYPE_COLLISION; t++) {
    const mjpPlugin* plugin[2] = {nullptr, nullptr};
    int id[2] = {1, 4};  // the box, then the ellipsoid
    mjtGeom type[2] = {mjGEOM_BOX, mjGEOM_ELLIPSOID};
    mjSDF s = {plugin, id, static_cast<mjtSDFType>(t), relpos, relmat, type};
    Evaluate(m, d, &s, "type" + std::to_string(t), points, 4, &out);
  }
  return out;
}

}  // namespace sdf_api_scenario

#endif  // MOTUS_TEST_SDF_API_SCENARIO_H_
