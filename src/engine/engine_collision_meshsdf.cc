// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh geoms against sdf geoms (computation_index.rst "Pair-wise colliders": the MeshSDF entry,
// sdf_initpoints per face). The mesh enters only through its triangles, never through a field of
// its own (no octree is needed; an sdf geom with a plugin collides as well). MuJoCo 3.8's
// contacts, read off single meshes (icosahedron, cube) placed into an icosahedron sdf at several
// sdf_initpoints, follow these rules (doc/conformance.md#sdf):
//
// - Faces are visited in the order of the mesh's bounding volume hierarchy, depth first with the
//   second child before the first (so the leaves come in decreasing node order); faces whose box
//   misses the sdf geom's box are skipped.
// - On each face, sdf_initpoints searches run as for a flex triangle (mjc_sdfTriangleDescent:
//   Halton start points i = 1 .. sdf_initpoints, then Frank-Wolfe steps on the sdf's field B).
//   Every search that ends at B < 0 is a candidate, whatever the margins; candidates are counted
//   up to mjMAXCONPAIR over the whole pair, and the search stops there.
// - A candidate at the point of an earlier contact of the pair (searches that end at the same
//   vertex or at the same average of vertices, also on neighboring faces) adds nothing; the others
//   are contacts in the order found: dist = B(x), the normal the negated unit gradient of B at x
//   (from the mesh into the sdf), the position x - dist / 2 times the normal.

#include <mujoco/mujoco.h>

#include "engine/engine_collision_sdf.h"

namespace {

// contact points closer than this are one point
const mjtNum kSamePoint = 1e-10;

typedef struct {
  const mjModel* m;
  const mjData* d;
  int g1, g2;      // the mesh geom and the sdf geom
  mjtNum mat1[9];  // sdf frame <- mesh frame: z = mat1 y + pos1
  mjtNum pos1[3];
  mjtNum lo[3], hi[3];  // box of the sdf geom's box in the mesh frame
  mjContact* con;       // the contacts written so far
  mjtNum (*point)[3];   // their search end points (sdf frame)
  int ncon;
  int ncandidate;  // searches ended inside the sdf, at most mjMAXCONPAIR
} MeshSdfPair;

// whether node n's box (mesh frame) misses the sdf geom's box
int nodeMisses(const MeshSdfPair* s, int n) {
  const mjtNum* box = s->m->bvh_aabb + 6 * n;
  for (int k = 0; k < 3; k++) {
    if (box[k] + box[3 + k] < s->lo[k] || box[k] - box[3 + k] > s->hi[k]) {
      return 1;
    }
  }
  return 0;
}

// the searches on face f; returns 0 when the candidates are exhausted
int collideFace(MeshSdfPair* s, int f) {
  const mjModel* m = s->m;
  int mesh = m->geom_dataid[s->g1];
  const int* face = m->mesh_face + 3 * (m->mesh_faceadr[mesh] + f);
  const float* vert = m->mesh_vert + 3 * m->mesh_vertadr[mesh];
  mjtNum v[3][3];
  for (int j = 0; j < 3; j++) {
    mjtNum y[3] = {vert[3 * face[j]], vert[3 * face[j] + 1], vert[3 * face[j] + 2]};
    mju_mulMatVec3(v[j], s->mat1, y);
    mju_addTo3(v[j], s->pos1);
  }
  if (mjc_sdfTriangleMissesBox(m, s->g2, v)) {
    return 1;
  }
  for (int i = 1; i <= m->opt.sdf_initpoints; i++) {
    mjtNum x[3];
    mjtNum dist = mjc_sdfTriangleDescent(m, s->d, s->g2, v, i, x);
    if (!(dist < 0)) {
      continue;
    }
    s->ncandidate++;
    int seen = 0;
    for (int c = 0; c < s->ncon && !seen; c++) {
      seen = mju_dist3(s->point[c], x) <= kSamePoint;
    }
    if (!seen) {
      mjtNum n[3], pos[3];
      mjc_sdfGeomField(m, s->d, s->g2, x, 0, n);
      mju_normalize3(n);
      mju_scl3(n, n, -1);
      mju_addScl3(pos, x, n, -dist / 2);
      const mjtNum* mat2 = s->d->geom_xmat + 9 * s->g2;
      mjContact* c = s->con + s->ncon;
      c->dist = dist;
      mju_mulMatVec3(c->pos, mat2, pos);
      mju_addTo3(c->pos, s->d->geom_xpos + 3 * s->g2);
      mju_mulMatVec3(c->frame, mat2, n);
      mju_zero3(c->frame + 3);
      mju_copy3(s->point[s->ncon], x);
      s->ncon++;
    }
    if (s->ncandidate == mjMAXCONPAIR) {
      return 0;
    }
  }
  return 1;
}

}  // namespace

int mjc_MeshSDF(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  (void)margin;  // contacts need B < 0 (see above)
  int mesh = m->geom_dataid[g1];
  if (m->geom_type[g1] != mjGEOM_MESH || m->geom_type[g2] != mjGEOM_SDF || mesh < 0 ||
      m->mesh_bvhadr[mesh] < 0 || !mjc_sdfGeomHasField(m, g2)) {
    return 0;
  }
  MeshSdfPair s;
  mjtNum point[mjMAXCONPAIR][3];
  s.m = m;
  s.d = d;
  s.g1 = g1;
  s.g2 = g2;
  s.con = con;
  s.point = point;
  s.ncon = s.ncandidate = 0;

  // mesh frame -> sdf frame: z = R2^T (R1 y + p1 - p2)
  const mjtNum* R1 = d->geom_xmat + 9 * g1;
  const mjtNum* R2 = d->geom_xmat + 9 * g2;
  mjtNum dp[3];
  mju_sub3(dp, d->geom_xpos + 3 * g1, d->geom_xpos + 3 * g2);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      s.mat1[3 * i + j] = R2[i] * R1[j] + R2[3 + i] * R1[3 + j] + R2[6 + i] * R1[6 + j];
    }
  }
  mju_mulMatTVec3(s.pos1, R2, dp);

  // the sdf geom's box in the mesh frame: its corners y = mat1^T (z - pos1)
  const mjtNum* box2 = m->geom_aabb + 6 * g2;
  for (int k = 0; k < 3; k++) {
    s.lo[k] = mjMAXVAL;
    s.hi[k] = -mjMAXVAL;
  }
  for (int c = 0; c < 8; c++) {
    mjtNum z[3], y[3];
    for (int k = 0; k < 3; k++) {
      z[k] = box2[k] + (((c >> k) & 1) ? box2[3 + k] : -box2[3 + k]) - s.pos1[k];
    }
    mju_mulMatTVec3(y, s.mat1, z);
    for (int k = 0; k < 3; k++) {
      s.lo[k] = mju_min(s.lo[k], y[k]);
      s.hi[k] = mju_max(s.hi[k], y[k]);
    }
  }

  // depth-first walk of the mesh's hierarchy, second child first
  int adr = m->mesh_bvhadr[mesh];
  mj_markStack(d);
  int* stack = mj_stackAllocInt(d, m->mesh_bvhnum[mesh]);
  int nstack = 0;
  stack[nstack++] = adr;
  while (nstack) {
    int n = stack[--nstack];
    if (nodeMisses(&s, n)) {
      continue;
    }
    int f = m->bvh_nodeid[n];
    if (f >= 0) {
      if (!collideFace(&s, f)) {
        break;
      }
      continue;
    }
    for (int c = 0; c < 2; c++) {
      int child = m->bvh_child[2 * n + c];
      if (child >= 0) {
        stack[nstack++] = adr + child;
      }
    }
  }
  mj_freeStack(d);
  return s.ncon;
}
