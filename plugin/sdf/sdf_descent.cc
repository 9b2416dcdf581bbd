// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Recording and drawing of the sdf collision's descents (see sdf_descent.h).

#include "sdf_descent.h"

#include <mujoco/mujoco.h>

namespace motus_sdf {

namespace {

// the next free geom of the scene, or nullptr when it is full (the visualizer then warns and
// sets the scene's status when it adds the model's geoms)
mjvGeom* NextGeom(mjvScene* scn) {
  return scn->ngeom < scn->maxgeom ? scn->geoms + scn->ngeom : nullptr;
}

// a point of the record mapped to the world by the geom pose (pos, mat)
void ToWorld(mjtNum w[3], const mjtNum* p, const mjtNum* pos, const mjtNum* mat) {
  mju_mulMatVec3(w, mat, p);
  mju_addTo3(w, pos);
}

}  // namespace

void DescentRecord::Reserve(int ndescent, int npoint) {
  if (ndescent > 0 && npoint > 0) {
    first_.reserve(ndescent);
    points_.reserve(3 * static_cast<size_t>(ndescent) * npoint);
  }
}

void DescentRecord::Clear() {
  points_.clear();
  first_.clear();
}

void DescentRecord::Begin() {
  first_.push_back(static_cast<int>(points_.size() / 3));
}

void DescentRecord::Add(const mjtNum p[3]) {
  if (!first_.empty()) {
    points_.insert(points_.end(), p, p + 3);
  }
}

void DescentRecord::Draw(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn,
                         int instance) const {
  if (!opt->flags[mjVIS_SDFITER]) {
    return;
  }
  int geom = -1;
  for (int g = 0; g < m->ngeom && geom < 0; g++) {
    if (m->geom_plugin[g] == instance) {
      geom = g;
    }
  }
  if (geom < 0) {
    return;
  }
  const mjtNum* pos = d->geom_xpos + 3 * geom;
  const mjtNum* mat = d->geom_xmat + 9 * geom;
  mjtNum r = 0.2 * m->stat.meansize;
  const mjtNum radius[3] = {r, r, r};
  const float blue[4] = {0, 0, 1, 1};
  const float red[4] = {1, 0, 0, 1};
  int npoint = static_cast<int>(points_.size() / 3);
  int ndescent = static_cast<int>(first_.size());
  for (int k = 0; k < ndescent; k++) {
    int begin = first_[k];
    int end = k + 1 < ndescent ? first_[k + 1] : npoint;
    int n = end - begin;
    if (n < 1) {
      continue;
    }
    const mjtNum* p = points_.data() + 3 * begin;

    // first and last point: spheres with the default fields of mjv_initGeom only (object,
    // category and segmentation id stay as the scene buffer holds them)
    mjtNum from[3], to[3];
    ToWorld(from, p, pos, mat);
    ToWorld(to, p + 3 * (n - 1), pos, mat);
    for (int end_point = 0; end_point < 2; end_point++) {
      mjvGeom* g = NextGeom(scn);
      if (!g) {
        return;
      }
      mjv_initGeom(g, mjGEOM_SPHERE, radius, end_point ? to : from, mat, end_point ? red : blue);
      scn->ngeom++;
    }

    // the steps
    for (int j = 0; j + 1 < n; j++) {
      mjtNum a[3], b[3], tip[3];
      ToWorld(a, p + 3 * j, pos, mat);
      ToWorld(b, p + 3 * (j + 1), pos, mat);
      for (int i = 0; i < 3; i++) {
        tip[i] = a[i] + 0.95 * (b[i] - a[i]);
      }
      mjvGeom* g = NextGeom(scn);
      if (!g) {
        return;
      }
      double t = static_cast<double>(j + 1) / (n - 1);
      const float rgba[4] = {static_cast<float>(t), 0, static_cast<float>(1 - t), 1};
      mjv_initGeom(g, mjGEOM_LINE, nullptr, nullptr, nullptr, rgba);
      mjv_connector(g, mjGEOM_LINE, 2, a, tip);
      g->objtype = mjOBJ_UNKNOWN;
      g->objid = k;
      g->category = mjCAT_DECOR;
      g->segid = scn->ngeom;
      scn->ngeom++;
    }
  }
}

}  // namespace motus_sdf
