// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The nodes of flex bounding-volume trees that a body-flex collision passes through, marked in
// mjData.bvh_active (shown as `rgba.bvactive` boxes under mjVIS_MESHBVH while
// `visual/global/bvactive` is on; programming_visualization.rst).
//
// MuJoCo collides a body with a flex by a traversal of the body's tree against the flex's, the
// mid phase of two bodies with one tree in the world frame: body nodes are boxes in the body's
// inertial frame (bvh_aabb), flex nodes axis-aligned world boxes (bvh_aabb_dyn, updated with the
// flex's vertices). Every node pair whose boxes overlap (the 6 face axes, inflated by the sum of
// the body's largest geom margin and the flex margin) marks both nodes; the traversal descends
// into the inner node of the pair, and of two inner nodes into the body's unless the flex's has
// the larger split measure (mj_bvhSplitMeasure). A pair of leaves (a geom and an element) is
// marked when, besides the boxes, the geom's bounding sphere touches the element's box; a plane's
// bounding radius is 0, so its leaf pairs only with the elements whose box holds the plane's
// origin (while the plane's node box, the half-space below it, is marked with every flex node it
// overlaps). The contacts themselves come from the geom-flex colliders (engine_collision_flex.cc),
// which do not depend on this walk.

#include "engine/engine_collision_flex.h"

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_driver.h"

namespace {

// some geom of body b can touch flex f by the contact type / affinity bits
int bodyFlexCompatible(const mjModel* m, int b, int f) {
  for (int g = m->body_geomadr[b]; g < m->body_geomadr[b] + m->body_geomnum[b]; g++) {
    if ((m->geom_contype[g] & m->flex_conaffinity[f]) ||
        (m->flex_contype[f] & m->geom_conaffinity[g])) {
      return 1;
    }
  }
  return 0;
}

// the leaf test of a geom and an element: the geom's bounding sphere (radius 0 for a plane: its
// origin) against the element's box inflated by margin
int sphereTouchesBox(const mjModel* m, const mjData* d, int g, const mjtNum* box, mjtNum margin) {
  mjtNum r = m->geom_rbound[g];
  const mjtNum* p = d->geom_xpos + 3 * g;
  for (int k = 0; k < 3; k++) {
    if (fabs(p[k] - box[k]) > box[3 + k] + r + margin) {
      return 0;
    }
  }
  return 1;
}

void markBodyFlex(const mjModel* m, mjData* d, int b, int f, int* stack, int cap) {
  static const mjtNum kIdentity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  int root1 = m->body_bvhadr[b], root2 = m->flex_bvhadr[f];
  mjtNum margin = m->body_margin[b] + m->flex_margin[f];
  if (mjENABLED(mjENBL_OVERRIDE)) {
    margin = m->opt.o_margin;
  }
  const mjtNum* mat1 = d->ximat + 9 * b;
  int nstack = 0;
  stack[nstack++] = root1;
  stack[nstack++] = root2;
  while (nstack > 0) {
    int n2 = stack[--nstack];
    int n1 = stack[--nstack];
    const mjtNum* a1 = m->bvh_aabb + 6 * n1;
    const mjtNum* a2 = d->bvh_aabb_dyn + 6 * (n2 - m->nbvhstatic);
    mjtNum c1[3];
    mj_bvhNodeCenter(d, b, a1, c1);
    if (!mj_boxesOverlap(c1, mat1, a1 + 3, a2, kIdentity, a2 + 3, margin)) {
      continue;
    }
    int leaf1 = m->bvh_nodeid[n1] >= 0, leaf2 = m->bvh_nodeid[n2] >= 0;
    if (leaf1 && leaf2 && !sphereTouchesBox(m, d, m->bvh_nodeid[n1], a2, margin)) {
      continue;
    }
    d->bvh_active[n1] = d->bvh_active[n2] = 1;
    if (leaf1 && leaf2) {
      continue;
    }
    nstack = mj_bvhDescend(m, root1, root2, n1, n2, a1, a2, stack, nstack, cap);
  }
}

}  // namespace

void mj_markFlexNodes(const mjModel* m, mjData* d) {
  if (!m->vis.global.bvactive || mjDISABLED(mjDSBL_MIDPHASE)) {
    return;
  }
  for (int f = 0; f < m->nflex; f++) {
    if ((!m->flex_contype[f] && !m->flex_conaffinity[f]) || m->flex_bvhnum[f] <= 0) {
      continue;
    }
    for (int b = 0; b < m->nbody; b++) {
      if (m->body_geomnum[b] <= 0 || m->body_bvhnum[b] <= 0 || !bodyFlexCompatible(m, b, f)) {
        continue;
      }
      // a node pair at most once on the stack per level: twice the nodes of both trees
      int cap = 2 * (m->body_bvhnum[b] + m->flex_bvhnum[f]) + 2;
      mj_markStack(d);
      int* stack = mj_stackAllocInt(d, 2 * cap);
      markBodyFlex(m, d, b, f, stack, 2 * cap);
      mj_freeStack(d);
    }
  }
}
