// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flex elements against sdf geoms (computation_index.rst "Collision detection",
// programming_extension.rst "sdf"): at most one contact per triangle of a 2D flex, at the point
// of the triangle where the geom's signed distance B is lowest, as MuJoCo 3.8 finds it (read off
// its contacts on single triangles placed over a torus, doc/conformance.md#flexes):
//
// - Start points: for i = 1 .. sdf_initpoints, x = v0 + a (v1 - v0) + b (v2 - v0) with
//   (a, b) = (h2(i), h3(i)), the Halton radical inverses in bases 2 and 3, mirrored to
//   (1 - a, 1 - b) when a + b > 1 (so that x lies in the triangle).
// - From each, sdf_iterations Frank-Wolfe steps over the triangle: s = the vertex v_j with the
//   lowest grad B(x) . v_j (the first of equal ones), then x += 2 / (k + 2) (s - x), k = 0, 1, ...
//   (the first step jumps to that vertex; the later ones average in the vertices chosen, so the
//   barycentric coordinates of the result are multiples of 2 / (n (n + 1)) for n iterations).
// - The start whose end point has the lowest B wins (the first of equal ones); it is a contact
//   when B < 0 there, whatever the margins: dist = B(x) (the flex radius is not subtracted), the
//   normal the unit gradient of B at x (from the geom into the flex), the position x - dist / 2
//   times the normal, halfway between x and the geom's surface.
// - At most mjMAXCONPAIR of these contacts are kept (mj_capFlexContacts); then, of those whose
//   searches ended at the same point (a vertex shared by triangles), the last one stays
//   (measured on a cloth over a torus: MuJoCo reports the contact at a shared vertex once, for
//   the triangle of higher index, and its contacts differ from these exactly at the states
//   where more than mjMAXCONPAIR triangles reach into the torus, counting those at shared
//   vertices once per triangle).
//
// 1D and 3D flexes get no contacts from sdf geoms, as in MuJoCo 3.8 (measured: segments and
// tetrahedra that reach into a torus make none).

#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_sdf.h"

#include "engine/engine_collision_driver.h"
#include "engine/engine_collision_flex.h"

namespace {

// contact points closer than this are one point
const mjtNum kSamePoint = 1e-10;

// the three vertices of triangle e of flex f in the frame of geom g
void triangleLocal(const mjModel* m, const mjData* d, int g, int f, int e, mjtNum (*v)[3]) {
  const int* edata = m->flex_elem + m->flex_elemdataadr[f] + 3 * e;
  const mjtNum* vert = d->flexvert_xpos + 3 * m->flex_vertadr[f];
  const mjtNum* pos = d->geom_xpos + 3 * g;
  const mjtNum* mat = d->geom_xmat + 9 * g;
  for (int i = 0; i < 3; i++) {
    mjtNum dif[3];
    mju_sub3(dif, vert + 3 * edata[i], pos);
    mju_mulMatTVec3(v[i], mat, dif);
  }
}

}  // namespace

int mjc_sdfTriangleMissesBox(const mjModel* m, int g, const mjtNum (*v)[3]) {
  const mjtNum* aabb = m->geom_aabb + 6 * g;
  for (int k = 0; k < 3; k++) {
    mjtNum lo = mju_min(v[0][k], mju_min(v[1][k], v[2][k]));
    mjtNum hi = mju_max(v[0][k], mju_max(v[1][k], v[2][k]));
    if (hi < aabb[k] - aabb[3 + k] || lo > aabb[k] + aabb[3 + k]) {
      return 1;
    }
  }
  return 0;
}

mjtNum mjc_sdfTriangleDescent(const mjModel* m, const mjData* d, int g, const mjtNum (*v)[3], int i,
                              mjtNum x[3]) {
  // start point i: Halton coordinates (a, b), mirrored into the triangle
  mjtNum a = mju_Halton(i, 2), b = mju_Halton(i, 3);
  if (a + b > 1) {
    a = 1 - a;
    b = 1 - b;
  }
  for (int k = 0; k < 3; k++) {
    x[k] = v[0][k] + a * (v[1][k] - v[0][k]) + b * (v[2][k] - v[0][k]);
  }

  // Frank-Wolfe steps toward the vertex of lowest grad B . v_j
  for (int k = 0; k < m->opt.sdf_iterations; k++) {
    mjtNum grad[3];
    mjc_sdfGeomField(m, d, g, x, 1, grad);
    int best = 0;
    mjtNum bestdot = mju_dot3(grad, v[0]);
    for (int j = 1; j < 3; j++) {
      mjtNum dot = mju_dot3(grad, v[j]);
      if (dot < bestdot) {
        bestdot = dot;
        best = j;
      }
    }
    mjtNum step = 2.0 / (k + 2), dif[3];
    mju_sub3(dif, v[best], x);
    mju_addToScl3(x, dif, step);
  }
  return mjc_sdfGeomField(m, d, g, x, 0, NULL);
}

namespace {

// Of the contacts d->contact[start .. ncon) at one point, keeps the last (see above).
void mergeSamePoint(mjData* d, int start) {
  int n = start;
  for (int i = start; i < d->ncon; i++) {
    int later = 0;
    for (int j = i + 1; j < d->ncon && !later; j++) {
      later = mju_dist3(d->contact[i].pos, d->contact[j].pos) <= kSamePoint;
    }
    if (!later) {
      d->contact[n++] = d->contact[i];
    }
  }
  if (n < d->ncon) {
    mj_truncateContacts(d, n);
  }
}

// the contact of triangle e of flex f with sdf geom g, appended when there is one
void collideTriangle(const mjModel* m, mjData* d, int g, int f, int e, mjtNum margin, mjtNum gap) {
  mjtNum v[3][3];
  triangleLocal(m, d, g, f, e, v);
  if (mjc_sdfTriangleMissesBox(m, g, v)) {
    return;
  }
  mjtNum best[3] = {0, 0, 0}, bestdist = mjMAXVAL;
  for (int i = 1; i <= m->opt.sdf_initpoints; i++) {
    mjtNum x[3];
    mjtNum dist = mjc_sdfTriangleDescent(m, d, g, v, i, x);
    if (dist < bestdist) {
      bestdist = dist;
      mju_copy3(best, x);
    }
  }
  if (!(bestdist < 0)) {
    return;
  }

  mjtNum n[3], pos[3];
  mjc_sdfGeomField(m, d, g, best, 0, n);
  mju_normalize3(n);
  mju_addScl3(pos, best, n, -bestdist / 2);

  mjContact con;
  memset(&con, 0, sizeof(con));
  const mjtNum* mat = d->geom_xmat + 9 * g;
  con.dist = bestdist;
  mju_mulMatVec3(con.pos, mat, pos);
  mju_addTo3(con.pos, d->geom_xpos + 3 * g);
  mju_mulMatVec3(con.frame, mat, n);
  con.geom[0] = g;
  con.flex[0] = con.elem[0] = con.vert[0] = -1;
  con.geom[1] = -1;
  con.flex[1] = f;
  con.elem[1] = e;
  con.vert[1] = -1;
  mj_addFlexContact(m, d, &con, margin, gap, 0);
}

}  // namespace

void mj_collideSdfFlex(const mjModel* m, mjData* d, int g, int f, mjtNum margin, mjtNum gap) {
  if (m->flex_dim[f] != 2 || !mjc_sdfGeomHasField(m, g)) {
    return;
  }
  int start = d->ncon;
  for (int e = 0; e < m->flex_elemnum[f]; e++) {
    collideTriangle(m, d, g, f, e, margin, gap);
  }
  mj_capFlexContacts(d, start);
  mergeSamePoint(d, start);
}
