// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The legacy convex pipeline (mjDSBL_NATIVECCD; computation_index.rst "Collision detection"):
// penetration depth, normal and point of two convex objects by libccd's Minkowski Portal
// Refinement, with the support points of the mjCCDObj (engine_collision_ccd.h). Used by the
// general convex collider and the height-field prisms when native CCD is disabled.

#include <ccd/ccd.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_ccd.h"

namespace {

void ccdSupport(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* vec) {
  mjCCDObj* o = const_cast<mjCCDObj*>(static_cast<const mjCCDObj*>(obj));
  mjtNum u[3] = {dir->v[0], dir->v[1], dir->v[2]}, r[3];
  o->support(r, o, u);
  vec->v[0] = r[0];
  vec->v[1] = r[1];
  vec->v[2] = r[2];
}

void ccdCenter(const void* obj, ccd_vec3_t* center) {
  const mjCCDObj* o = static_cast<const mjCCDObj*>(obj);
  center->v[0] = o->center[0];
  center->v[1] = o->center[1];
  center->v[2] = o->center[2];
}

}  // namespace

int mjc_mprPenetration(const mjModel* m, mjCCDObj* obj1, mjCCDObj* obj2, mjtNum* depth,
                       mjtNum normal[3], mjtNum pos[3]) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = ccdSupport;
  ccd.support2 = ccdSupport;
  ccd.center1 = ccdCenter;
  ccd.center2 = ccdCenter;
  ccd.max_iterations = m->opt.ccd_iterations;
  ccd.mpr_tolerance = m->opt.ccd_tolerance;
  ccd_real_t dep;
  ccd_vec3_t dir, p;
  obj1->legacy = obj2->legacy = 1;
  int res = ccdMPRPenetration(obj1, obj2, &ccd, &dep, &dir, &p);
  obj1->legacy = obj2->legacy = 0;
  if (res != 0) {
    return 0;
  }
  *depth = dep;
  // libccd's direction is the one in which obj2 must move to resolve the penetration, i.e. from
  // obj1 to obj2
  for (int k = 0; k < 3; k++) {
    normal[k] = dir.v[k];
    pos[k] = p.v[k];
  }
  return 1;
}
