// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The nodes of flex bounding-volume trees that a body-flex collision passes through, marked in
// mjData.bvh_active (shown as `rgba.bvactive` boxes under mjVIS_MESHBVH while
// `visual/global/bvactive` is on; programming_visualization.rst).
//
// A body and a flex are walked only when they pass the broad phase. Its axes are the principal
// axes of the centers of the colliding geoms of bodies without planes together with every flex
// vertex (the eigenvectors of their covariance, identity when fewer than two points); along
// each axis the body's extent is the union of its colliding geoms' bounding spheres (radius plus
// margin) and the flex's the projection of its world box (the root of bvh_aabb_dyn) plus its
// margin. A body with a plane is unbounded and always passes.
//
// MuJoCo collides a body with a flex by a traversal of the body's tree against the flex's, the
// mid phase of two bodies with one tree in the world frame: body nodes are boxes in the body's
// inertial frame (bvh_aabb), flex nodes axis-aligned world boxes (bvh_aabb_dyn, updated with the
// flex's vertices). Every node pair whose boxes overlap (the 6 face axes, inflated by the sum of
// the body's largest geom margin and the flex margin) marks both nodes; the traversal descends
// into the inner node of the pair, and of two inner nodes into the body's unless the flex's has
// the larger split measure (mj_bvhSplitMeasure). A pair of leaves (a geom and an element) is
// marked when, besides the nodes' boxes, the geom's bounding sphere and the geom's own box (in
// its frame) both touch the element's box; a plane's bounding radius is 0, so its leaf pairs
// only with the elements whose box holds the plane's origin (while the plane's node box, the
// half-space below it, is marked with every flex node it overlaps). The contacts themselves come
// from the geom-flex colliders (engine_collision_flex.cc), which do not depend on this walk.

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

// margin of a geom or flex, or the global override
mjtNum overrideMargin(const mjModel* m, mjtNum margin) {
  return mjENABLED(mjENBL_OVERRIDE) ? m->opt.o_margin : margin;
}

// body b has a colliding geom without a bounding radius (a plane): unbounded
int bodyUnbounded(const mjModel* m, int b) {
  for (int g = m->body_geomadr[b]; g < m->body_geomadr[b] + m->body_geomnum[b]; g++) {
    if ((m->geom_contype[g] || m->geom_conaffinity[g]) &&
        (m->geom_type[g] == mjGEOM_PLANE || m->geom_rbound[g] <= 0)) {
      return 1;
    }
  }
  return 0;
}

// one point of the broad-phase covariance: summed into cen (pass 0), or its deviation from the
// mean cen into cov (pass 1)
void addBroadPoint(const mjtNum* p, int pass, mjtNum cen[3], mjtNum cov[9]) {
  if (pass == 0) {
    mju_addTo3(cen, p);
    return;
  }
  mjtNum dif[3];
  mju_sub3(dif, p, cen);
  for (int r = 0; r < 3; r++) {
    mju_addToScl3(cov + 3 * r, dif, dif[r]);
  }
}

// Broad-phase axes (rows of axes): eigenvectors of the covariance of the centers of the colliding
// geoms of bounded bodies and of all flex vertices, the geoms first; identity for fewer than two.
void broadAxes(const mjModel* m, const mjData* d, mjtNum axes[9]) {
  mjtNum cen[3] = {0, 0, 0}, cov[9] = {0};
  mju_eye(axes, 3);
  for (int pass = 0; pass < 2; pass++) {
    int npoint = 0;
    for (int b = 0; b < m->nbody; b++) {
      if (bodyUnbounded(m, b)) {
        continue;
      }
      for (int g = m->body_geomadr[b]; g < m->body_geomadr[b] + m->body_geomnum[b]; g++) {
        if (m->geom_contype[g] || m->geom_conaffinity[g]) {
          addBroadPoint(d->geom_xpos + 3 * g, pass, cen, cov);
          npoint++;
        }
      }
    }
    for (int v = 0; v < m->nflexvert; v++) {
      addBroadPoint(d->flexvert_xpos + 3 * v, pass, cen, cov);
      npoint++;
    }
    if (npoint < 2) {
      return;
    }
    if (pass == 0) {
      mju_scl3(cen, cen, 1.0 / npoint);
    }
  }
  mjtNum eigval[3], eigvec[9], quat[4];
  mju_eig3(eigval, eigvec, quat, cov);
  mju_transpose(axes, eigvec, 3, 3);
}

// body b and flex f overlap along the broad-phase axes (b bounded)
int broadOverlap(const mjModel* m, const mjData* d, int b, int f, const mjtNum axes[9]) {
  const mjtNum* root = d->bvh_aabb_dyn + 6 * (m->flex_bvhadr[f] - m->nbvhstatic);
  mjtNum fmargin = overrideMargin(m, m->flex_margin[f]);
  for (int k = 0; k < 3; k++) {
    const mjtNum* a = axes + 3 * k;
    mjtNum lo = mjMAXVAL, hi = -mjMAXVAL;
    for (int g = m->body_geomadr[b]; g < m->body_geomadr[b] + m->body_geomnum[b]; g++) {
      if (!m->geom_contype[g] && !m->geom_conaffinity[g]) {
        continue;
      }
      mjtNum c = mju_dot3(a, d->geom_xpos + 3 * g);
      mjtNum ext = m->geom_rbound[g] + overrideMargin(m, m->geom_margin[g]);
      lo = mju_min(lo, c - ext);
      hi = mju_max(hi, c + ext);
    }
    mjtNum c = mju_dot3(a, root);
    mjtNum ext = fabs(a[0]) * root[3] + fabs(a[1]) * root[4] + fabs(a[2]) * root[5] + fmargin;
    if (hi < c - ext || c + ext < lo) {
      return 0;
    }
  }
  return 1;
}

// the second leaf test: the geom's own box (geom_aabb in the geom's frame) against the element's
// world box inflated by margin, on the 6 face axes
int geomBoxTouchesBox(const mjModel* m, const mjData* d, int g, const mjtNum* box, mjtNum margin) {
  static const mjtNum kIdentity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  const mjtNum* aabb = m->geom_aabb + 6 * g;
  const mjtNum* mat = d->geom_xmat + 9 * g;
  mjtNum c[3];
  mju_mulMatVec3(c, mat, aabb);
  mju_addTo3(c, d->geom_xpos + 3 * g);
  return mj_boxesOverlap(c, mat, aabb + 3, box, kIdentity, box + 3, margin);
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
    if (leaf1 && leaf2 &&
        (!sphereTouchesBox(m, d, m->bvh_nodeid[n1], a2, margin) ||
         !geomBoxTouchesBox(m, d, m->bvh_nodeid[n1], a2, margin))) {
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
  mjtNum axes[9];
  broadAxes(m, d, axes);
  for (int f = 0; f < m->nflex; f++) {
    if ((!m->flex_contype[f] && !m->flex_conaffinity[f]) || m->flex_bvhnum[f] <= 0) {
      continue;
    }
    for (int b = 0; b < m->nbody; b++) {
      if (m->body_geomnum[b] <= 0 || m->body_bvhnum[b] <= 0 || !bodyFlexCompatible(m, b, f)) {
        continue;
      }
      if (!bodyUnbounded(m, b) && !broadOverlap(m, d, b, f, axes)) {
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
