// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Ray casting against a flex (APIreference_functions.rst mj_rayFlex): the flex is the union of
// spheres of radius flex_radius at its vertices (flg_vert), capsules of that radius along its
// edges (flg_edge) and the triangles of its elements without radius (flg_face): the element of a
// 2D flex, the four faces of a tetrahedron of a 3D flex in layer `flex_layer` (flex_elemlayer).
// flg_skin stands for the surface drawn for 2D and 3D flexes: vertices, edges and faces, those of
// 3D flexes in the outer layer (layer 0) whatever `flex_layer` says; 1D flexes have no skin.
// Vertex spheres and edge capsules do not depend on the layer. mj_ray does not intersect flexes
// (as in MuJoCo).
//
// Results, as measured on MuJoCo 3.8.0 (test/data/ray_flex): the nearest hit's distance in
// units of |vec|, its normal (out of the sphere or capsule; for a face the unit
// (v1 - v0) x (v2 - v0) of its vertices in element order, whichever side is hit; tetrahedron
// faces are the vertex triples (0 1 2), (0 1 3), (0 2 3), (1 2 3)), and vertid, the flex-local
// id of the vertex nearest to the hit point among the vertex, the edge's two vertices (the second
// on ties) or the face's three vertices (the first on ties). vertid is left as is when nothing is
// hit; normal is zeroed first.

#include <mujoco/mujoco.h>

#include "engine/engine_ray.h"
#include "engine/engine_util_errmem.h"

namespace {

// current best hit: distance, normal, and the candidate vertices (flex-local ids) for vertid
struct FlexHit {
  mjtNum x = -1;
  mjtNum normal[3] = {0, 0, 0};
  int vert[3] = {-1, -1, -1};
  int nvert = 0;
  int later = 0;  // ties of the distance to the hit point go to the later vertex
};

void record(FlexHit* hit, mjtNum x, const mjtNum normal[3], const int* vert, int nvert, int later) {
  if (x < 0 || (hit->x >= 0 && x >= hit->x)) {
    return;
  }
  hit->x = x;
  mju_copy3(hit->normal, normal);
  hit->nvert = nvert;
  hit->later = later;
  for (int i = 0; i < nvert; i++) {
    hit->vert[i] = vert[i];
  }
}

// ray against the capsule of radius r around segment (a, b)
mjtNum rayCapsuleSegment(const mjtNum a[3], const mjtNum b[3], mjtNum r, const mjtNum pnt[3],
                         const mjtNum vec[3], mjtNum normal[3]) {
  mjtNum pos[3], axis[3], quat[4], mat[9];
  mju_add3(pos, a, b);
  mju_scl3(pos, pos, 0.5);
  mju_sub3(axis, b, a);
  mjtNum len = mju_norm3(axis);
  mju_quatZ2Vec(quat, axis);
  mju_quat2Mat(mat, quat);
  mjtNum size[3] = {r, 0.5 * len, 0};
  return mju_rayGeom(pos, mat, size, pnt, vec, mjGEOM_CAPSULE, normal);
}

// vertex spheres and edge capsules of flex f
void rayVertsEdges(const mjModel* m, const mjData* d, int f, int vert, int edge,
                   const mjtNum pnt[3], const mjtNum vec[3], FlexHit* hit) {
  int vadr = m->flex_vertadr[f];
  mjtNum r = m->flex_radius[f], n[3], ident[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  if (vert && r > 0) {
    mjtNum size[3] = {r, 0, 0};
    for (int v = 0; v < m->flex_vertnum[f]; v++) {
      const mjtNum* x = d->flexvert_xpos + 3 * (vadr + v);
      record(hit, mju_rayGeom(x, ident, size, pnt, vec, mjGEOM_SPHERE, n), n, &v, 1, 0);
    }
  }
  if (edge && r > 0) {
    for (int e = m->flex_edgeadr[f]; e < m->flex_edgeadr[f] + m->flex_edgenum[f]; e++) {
      int ev[2] = {m->flex_edge[2 * e], m->flex_edge[2 * e + 1]};
      const mjtNum* a = d->flexvert_xpos + 3 * (vadr + ev[0]);
      const mjtNum* b = d->flexvert_xpos + 3 * (vadr + ev[1]);
      record(hit, rayCapsuleSegment(a, b, r, pnt, vec, n), n, ev, 2, 1);
    }
  }
}

// element triangles of flex f: all elements in 2D, the tetrahedra of layer `layer` in 3D
void rayFaces(const mjModel* m, const mjData* d, int f, int layer, const mjtNum pnt[3],
              const mjtNum vec[3], FlexHit* hit) {
  static const int kTetFace[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
  int dim = m->flex_dim[f], vadr = m->flex_vertadr[f];
  const int* edata = m->flex_elem + m->flex_elemdataadr[f];
  for (int e = 0; e < m->flex_elemnum[f]; e++) {
    const int* ev = edata + (dim + 1) * e;
    if (dim == 3 && m->flex_elemlayer[m->flex_elemadr[f] + e] != layer) {
      continue;
    }
    int nface = dim == 3 ? 4 : 1;
    for (int k = 0; k < nface; k++) {
      const int* tri = dim == 3 ? kTetFace[k] : kTetFace[0];
      mjtNum n[3];
      int fv[3] = {ev[tri[0]], ev[tri[1]], ev[tri[2]]};
      mjtNum x = mju_rayTriangle(d->flexvert_xpos + 3 * (vadr + fv[0]),
                                 d->flexvert_xpos + 3 * (vadr + fv[1]),
                                 d->flexvert_xpos + 3 * (vadr + fv[2]), pnt, vec, n);
      record(hit, x, n, fv, 3, 0);
    }
  }
}

}  // namespace

mjtNum mj_rayFlex(const mjModel* m, const mjData* d, int flex_layer, mjtByte flg_vert,
                  mjtByte flg_edge, mjtByte flg_face, mjtByte flg_skin, int flexid,
                  const mjtNum pnt[3], const mjtNum vec[3], int vertid[1], mjtNum normal[3]) {
  if (flexid < 0 || flexid >= m->nflex) {
    mjERROR("invalid flex id %d", flexid);
    return -1;
  }
  if (normal) {
    mju_zero3(normal);
  }
  int dim = m->flex_dim[flexid];
  int skin = flg_skin && dim > 1;
  FlexHit hit;
  rayVertsEdges(m, d, flexid, flg_vert || skin, flg_edge || skin, pnt, vec, &hit);
  if (dim > 1 && (flg_face || skin)) {
    rayFaces(m, d, flexid, skin ? 0 : flex_layer, pnt, vec, &hit);
  }
  if (hit.x < 0) {
    return -1;
  }
  if (normal) {
    mju_copy3(normal, hit.normal);
  }
  if (vertid) {
    // the candidate vertex nearest to the hit point: on ties the first of an element, the second
    // of an edge
    mjtNum p[3], best = -1;
    mju_addScl3(p, pnt, vec, hit.x);
    for (int i = 0; i < hit.nvert; i++) {
      mjtNum dist = mju_dist3(p, d->flexvert_xpos + 3 * (m->flex_vertadr[flexid] + hit.vert[i]));
      if (best < 0 || dist < best || (hit.later && dist == best)) {
        best = dist;
        vertid[0] = hit.vert[i];
      }
    }
  }
  return hit.x;
}
