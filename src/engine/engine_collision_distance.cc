// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_geomDistance (APIreference_functions.rst "mj_geomDistance"; computation_index.rst "Geom
// distance"): the smallest signed distance between two geoms, bounded above by distmax, and the
// segment between the closest (or deepest) points. It runs the pair's narrow-phase function of
// mjCOLLISIONFUNC with margin = distmax, so every contact closer than distmax is reported, and
// takes the contact of smallest distance. A contact's points on its two geoms are
//   pos -+ dist/2 * normal,
// with the normal pointing from the collider's first geom to its second. The pair is ordered by
// geom type for the table, and the segment follows that order: when geom1 has the larger type,
// fromto starts on geom2 (as MuJoCo does, checked with its fromto / normal sensors).

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_util_errmem.h"

mjtNum mj_geomDistance(const mjModel* m, mjData* d, int geom1, int geom2, mjtNum distmax,
                       mjtNum fromto[6]) {
  if (fromto) {
    mju_zero(fromto, 6);
  }
  if (geom1 < 0 || geom1 >= m->ngeom || geom2 < 0 || geom2 >= m->ngeom) {
    mjERROR("geom index out of range: %d, %d (ngeom = %d)", geom1, geom2, (int)m->ngeom);
    return distmax;
  }

  // order the pair by type, as the collision table expects
  int swap = m->geom_type[geom1] > m->geom_type[geom2];
  int g1 = swap ? geom2 : geom1;
  int g2 = swap ? geom1 : geom2;
  mjfCollision collide = mjCOLLISIONFUNC[m->geom_type[g1]][m->geom_type[g2]];
  if (!collide) {
    return distmax;
  }
  // the general convex collider inflates the geoms by the margin, which is inaccurate for large
  // distmax; distances use GJK / EPA on the geoms themselves
  if (collide == mjc_Convex) {
    collide = mjc_ConvexDistance;
  }

  mjContact con[mjMAXCONPAIR];
  int ncon = collide(m, d, con, g1, g2, distmax);

  // the contact of smallest distance below distmax
  int best = -1;
  mjtNum dist = distmax;
  for (int i = 0; i < ncon; i++) {
    if (con[i].dist < dist) {
      dist = con[i].dist;
      best = i;
    }
  }

  if (fromto && best >= 0) {
    // point on geom1, then on geom2: the collider's first geom is g1, which is geom2 when the
    // pair was swapped into type order
    mju_addScl3(fromto + 3 * swap, con[best].pos, con[best].frame, -0.5 * dist);
    mju_addScl3(fromto + 3 * (1 - swap), con[best].pos, con[best].frame, 0.5 * dist);
  }
  return dist;
}
