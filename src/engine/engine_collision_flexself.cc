// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collisions between flex elements (computation_index.rst "Collision detection"; XMLreference.rst
// flex/contact internal, selfcollide, activelayers).
//
// Two elements collide as two convex objects (the hulls of their vertices swept by the flex
// radii) through GJK / EPA, one contact per pair, the normal pointing from the first element to
// the second. Elements of one flex that share a vertex never collide.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_ccd.h"
#include "engine/engine_collision_convex.h"
#include "engine/engine_collision_driver.h"
#include "engine/engine_collision_flex.h"

namespace {

// whether elements e1 and e2 of flex f share a vertex
int shareVertex(const mjModel* m, int f, int e1, int e2) {
  int n = m->flex_dim[f] + 1;
  const int* edata = m->flex_elem + m->flex_elemdataadr[f];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      if (edata[n * e1 + i] == edata[n * e2 + j]) {
        return 1;
      }
    }
  }
  return 0;
}

// element bounding boxes (flexelem_aabb: center, half sizes) overlap when enlarged by margin
int boxesOverlap(const mjData* d, int adr1, int adr2, mjtNum margin) {
  const mjtNum* a = d->flexelem_aabb + 6 * adr1;
  const mjtNum* b = d->flexelem_aabb + 6 * adr2;
  for (int k = 0; k < 3; k++) {
    if (fabs(a[k] - b[k]) > a[3 + k] + b[3 + k] + margin) {
      return 0;
    }
  }
  return 1;
}

// element e1 of flex f1 against element e2 of flex f2 (no margin or gap: MuJoCo ignores the
// flexes' margin and gap between elements)
void collideElems(const mjModel* m, mjData* d, int f1, int e1, int f2, int e2) {
  if (f1 == f2 && shareVertex(m, f1, e1, e2)) {
    return;
  }
  if (!boxesOverlap(d, m->flex_elemadr[f1] + e1, m->flex_elemadr[f2] + e2, 0)) {
    return;
  }
  mjCCDObj o1, o2;
  mjc_initElemObj(&o1, m, d, f1, e1, 0);
  mjc_initElemObj(&o2, m, d, f2, e2, 0);
  mjContact con;
  if (!mjc_flexPenetration(m, d, &o1, &o2, &con)) {
    return;
  }
  con.geom[0] = con.geom[1] = -1;
  con.flex[0] = f1;
  con.flex[1] = f2;
  con.elem[0] = e1;
  con.elem[1] = e2;
  con.vert[0] = con.vert[1] = -1;
  mj_addFlexContact(m, d, &con, 0, 0, 0);
}

// all pairs of active elements of flex f
void selfNarrow(const mjModel* m, mjData* d, int f) {
  int n = m->flex_elemnum[f];
  for (int e1 = 0; e1 < n; e1++) {
    if (!mj_isElemActive(m, f, e1)) {
      continue;
    }
    for (int e2 = e1 + 1; e2 < n; e2++) {
      if (mj_isElemActive(m, f, e2)) {
        collideElems(m, d, f, e1, f, e2);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// internal collisions: condim 1, no margin or gap

// fills contact con's sides: side 0 (element e0 or vertex v0) and side 1 (e1 or v1) of flex f
void setFlexSides(mjContact* con, int f, int e0, int v0, int e1, int v1) {
  con->geom[0] = con->geom[1] = -1;
  con->flex[0] = con->flex[1] = f;
  con->elem[0] = e0;
  con->vert[0] = v0;
  con->elem[1] = e1;
  con->vert[1] = v1;
}

// 1D / 2D: vertex v (flex-local) as a ball of the flex radius against element e, on the cores
// (the vertex point, the element's hull) so that the distance is exact; normal from the vertex
// to the element. No margin or gap, but the flex's condim and friction (unlike 3D, as MuJoCo).
void internalVertexElem(const mjModel* m, mjData* d, int f, int e, int v) {
  mjCCDObj o1, o2;
  mjc_initElemObj(&o2, m, d, f, e, 0);
  mjc_elemMeanCenter(&o2);
  mjc_initElemObj(&o1, m, d, f, e, 0);
  o1.nvert = 1;
  mju_copy3(o1.prism[0], d->flexvert_xpos + 3 * (m->flex_vertadr[f] + v));
  mju_copy3(o1.center, o1.prism[0]);
  o1.size[1] = o1.size[0];
  o2.size[1] = o2.size[0];
  mjContact con;
  if (!mjc_flexPenetration(m, d, &o1, &o2, &con)) {
    return;
  }
  setFlexSides(&con, f, -1, v, e, -1);
  mj_addFlexContact(m, d, &con, 0, 0, 0);
}

// faces of a tetrahedron (local vertex indices), each seen counterclockwise from outside a
// positively oriented element, with the vertex opposite to it
const int kTetFace[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};

// 3D: in tetrahedron e, each vertex against the plane of the opposite face. h is the vertex's
// height above the face along the inward normal n (negative once the element is inverted); the
// contact has dist h - 2 radius, normal n (from the element to the vertex) and lies halfway
// between the vertex and its projection on the plane.
void internalTet(const mjModel* m, mjData* d, int f, int e) {
  const int* edata = m->flex_elem + m->flex_elemdataadr[f] + 4 * e;
  const mjtNum* xpos = d->flexvert_xpos + 3 * m->flex_vertadr[f];
  mjtNum radius = m->flex_radius[f];
  for (int i = 0; i < 4; i++) {
    const mjtNum* a = xpos + 3 * edata[kTetFace[i][0]];
    const mjtNum* b = xpos + 3 * edata[kTetFace[i][1]];
    const mjtNum* c = xpos + 3 * edata[kTetFace[i][2]];
    int v = edata[kTetFace[i][3]];
    const mjtNum* x = xpos + 3 * v;
    mjtNum ab[3], ac[3], n[3], ax[3];
    mju_sub3(ab, b, a);
    mju_sub3(ac, c, a);
    mju_cross(n, ab, ac);  // (b - a) x (c - a) points out of the element
    if (mju_normalize3(n) < mjMINVAL) {
      continue;
    }
    mju_scl3(n, n, -1);
    mju_sub3(ax, x, a);
    mjtNum h = mju_dot3(ax, n);
    mjtNum dist = h - 2 * radius;
    if (dist >= 0) {
      continue;
    }
    mjContact con;
    memset(&con, 0, sizeof(con));
    con.dist = dist;
    mju_copy3(con.frame, n);
    mju_addScl3(con.pos, x, n, -0.5 * h);
    setFlexSides(&con, f, e, -1, -1, v);
    mj_addFlexContact(m, d, &con, 0, 0, 1);
  }
}

// internal contacts of flex f: the vertex-element pairs of flex_evpair in 1D / 2D, every
// tetrahedron in 3D
void collideInternal(const mjModel* m, mjData* d, int f) {
  if (m->flex_dim[f] < 3) {
    const int* pair = m->flex_evpair + 2 * m->flex_evpairadr[f];
    for (int i = 0; i < m->flex_evpairnum[f]; i++) {
      internalVertexElem(m, d, f, pair[2 * i], pair[2 * i + 1]);
    }
    return;
  }
  for (int e = 0; e < m->flex_elemnum[f]; e++) {
    internalTet(m, d, f, e);
  }
}

// Elements of flexes f1 < f2 whose contype / conaffinity match. The candidate element pairs come
// from a walk of the two element hierarchies (world boxes bvh_aabb_dyn, no margin), the mid
// phase of two bodies: a stack of node pairs, overlapping pairs descend into the inner node, of
// two inner nodes into f1's unless f2's has the larger split measure (mj_bvhDescend). The order
// of that walk decides which mjMAXCONPAIR contacts mj_capFlexContacts keeps; the kept ones are
// then sorted by element pair. Measured against MuJoCo 3.8.0 on gripper_2d's fins (27 states
// of its trajectory with 120 to 217 candidate pairs): the same 50 pairs in 19 states, one other
// pair of four at one shared vertex (positions equal to 1e-18) in the others; in element order
// without the sort, 17 of the 50 differed (doc/conformance.md#flexes).
void collideFlexPair(const mjModel* m, mjData* d, int f1, int f2) {
  if (!(m->flex_contype[f1] & m->flex_conaffinity[f2]) &&
      !(m->flex_contype[f2] & m->flex_conaffinity[f1])) {
    return;
  }
  int start = d->ncon;
  int root1 = m->flex_bvhadr[f1], root2 = m->flex_bvhadr[f2];
  if (root1 < 0 || root2 < 0 || m->flex_bvhnum[f1] <= 0 || m->flex_bvhnum[f2] <= 0) {
    for (int e1 = 0; e1 < m->flex_elemnum[f1]; e1++) {
      for (int e2 = 0; e2 < m->flex_elemnum[f2]; e2++) {
        if (mj_isElemActive(m, f1, e1) && mj_isElemActive(m, f2, e2)) {
          collideElems(m, d, f1, e1, f2, e2);
        }
      }
    }
  } else {
    // a node pair at most once on the stack per level: twice the nodes of both trees
    int cap = 2 * (2 * (m->flex_bvhnum[f1] + m->flex_bvhnum[f2]) + 2);
    mj_markStack(d);
    int* stack = mj_stackAllocInt(d, cap);
    stack[0] = root1;
    stack[1] = root2;
    for (int nstack = 2; nstack >= 2;) {
      nstack -= 2;
      int n1 = stack[nstack], n2 = stack[nstack + 1];
      const mjtNum* a1 = d->bvh_aabb_dyn + 6 * (n1 - m->nbvhstatic);
      const mjtNum* a2 = d->bvh_aabb_dyn + 6 * (n2 - m->nbvhstatic);
      int overlap = 1;
      for (int k = 0; k < 3; k++) {
        if (fabs(a1[k] - a2[k]) > a1[3 + k] + a2[3 + k]) {
          overlap = 0;
        }
      }
      if (!overlap) {
        continue;
      }
      int e1 = m->bvh_nodeid[n1], e2 = m->bvh_nodeid[n2];
      if (e1 >= 0 && e2 >= 0) {
        if (mj_isElemActive(m, f1, e1) && mj_isElemActive(m, f2, e2)) {
          collideElems(m, d, f1, e1, f2, e2);
        }
        continue;
      }
      nstack = mj_bvhDescend(m, root1, root2, n1, n2, a1, a2, stack, nstack, cap);
    }
    mj_freeStack(d);
  }
  mj_capFlexContacts(d, start);
  mj_sortFlexContacts(d, start);
}

}  // namespace

void mj_collideFlexPairs(const mjModel* m, mjData* d) {
  for (int f1 = 0; f1 < m->nflex; f1++) {
    for (int f2 = f1 + 1; f2 < m->nflex; f2++) {
      collideFlexPair(m, d, f1, f2);
    }
  }
}

void mj_collideFlexSelf(const mjModel* m, mjData* d, int f) {
  if (m->flex_rigid[f] || !(m->flex_contype[f] & m->flex_conaffinity[f])) {
    return;
  }
  if (m->flex_internal[f]) {
    collideInternal(m, d, f);
  }
  if (m->flex_selfcollide[f] != mjFLEXSELF_NONE) {
    int start = d->ncon;
    selfNarrow(m, d, f);
    mj_capFlexContacts(d, start);
  }
}
