// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Single-shot multiple contacts of boxes and meshes (computation_index.rst "Multiple contacts",
// single-shot pipeline: the native pipeline, boxes and meshes without margin).
//
// EPA ends on a face of the Minkowski difference whose three corners are differences of a vertex of
// each geom. The distinct vertices of one geom among them are its contact feature: a vertex, an
// edge or a face. The faces of a geom touching its whole feature (the mesh polygons, which the
// compiler merges from coplanar triangles, or the box faces) are candidates for a flat contact: two
// faces, one of each geom, whose normals are opposite within kFaceAngle give a face-face contact
// whatever EPA's normal (curved meshes); otherwise a face counts when its outward normal is within
// kFaceAngle of the contact normal (geom1) or of its opposite (geom2). geom2's face is looked for
// first; when none is aligned and geom1's feature is a vertex or an edge, a face of geom2
// orthogonal to one of geom1's edges (within kFaceAngle) counts whatever EPA's normal. Without one,
// geom1's face counts only when geom1's feature is a face (two edges with only geom1's face aligned
// keep one contact). The face found first gives the contact normal, and the other geom's face
// counts when aligned with that normal. With two faces, geom1's face clips geom2's face; with one,
// it clips the edge of the other geom's feature that is orthogonal to the normal within kFaceAngle
// (the feature itself, or an edge of the faces around a vertex). Otherwise the pair keeps its
// single contact.
//
// Clipping is done in 3D, by the planes that contain an edge of the clipping face and the face's
// normal (Sutherland-Hodgman for a polygon, the parameter range for an edge). Each contact is a
// clipped point moved by half the depth along the contact normal, with the pair's depth. At most
// four points are kept. These rules were measured with MuJoCo 3.8.0 (see
// doc/conformance.md#single-shot).

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_util_blas.h"

namespace {

// a face (edge) is aligned with (orthogonal to) the contact normal within this angle: its
// normal's cosine with the contact normal is at least cos(kFaceAngle) (the sine of the edge's
// angle with the normal's plane is at most sin(kFaceAngle))
constexpr mjtNum kFaceAngle = 1.6e-3;

// largest polygon handled (larger faces keep the single contact)
constexpr int kMaxPoly = 32;

// a geom's view for the feature search: vertices, faces and normals in world coordinates
struct Shape {
  const mjModel* m;
  const mjCCDObj* obj;
  int mesh;  // mesh id, -1 for a box
};

// world position of vertex v
void shapeVertex(mjtNum res[3], const Shape* s, int v) {
  mjtNum loc[3];
  if (s->mesh < 0) {
    for (int k = 0; k < 3; k++) {
      loc[k] = (v >> k) & 1 ? s->obj->size[k] : -s->obj->size[k];
    }
  } else {
    const float* p = s->obj->vert + 3 * v;
    loc[0] = p[0];
    loc[1] = p[1];
    loc[2] = p[2];
  }
  mju_mulMatVec3(res, s->obj->mat, loc);
  for (int k = 0; k < 3; k++) {
    res[k] += s->obj->pos[k];
  }
}

// box faces: face 2k + b holds the corners whose bit k is b, counter-clockwise seen from outside
const int kBoxFace[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                            {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};

// number of faces touching vertex v, and the i-th one
int faceCount(const Shape* s, int v) {
  if (s->mesh < 0) {
    return 3;
  }
  return s->m->mesh_polymapnum[s->m->mesh_vertadr[s->mesh] + v];
}

int faceAt(const Shape* s, int v, int i) {
  if (s->mesh < 0) {
    return 2 * i + ((v >> i) & 1);
  }
  return s->m->mesh_polymap[s->m->mesh_polymapadr[s->m->mesh_vertadr[s->mesh] + v] + i];
}

// vertices of face f (at most kMaxPoly); returns their number
int faceVertices(int* res, const Shape* s, int f) {
  if (s->mesh < 0) {
    for (int i = 0; i < 4; i++) {
      res[i] = kBoxFace[f][i];
    }
    return 4;
  }
  int p = s->m->mesh_polyadr[s->mesh] + f;
  int n = s->m->mesh_polyvertnum[p];
  if (n > kMaxPoly) {
    return 0;
  }
  const int* pv = s->m->mesh_polyvert + s->m->mesh_polyvertadr[p];
  for (int i = 0; i < n; i++) {
    res[i] = pv[i];
  }
  return n;
}

// outward unit normal of face f (world)
void faceNormal(mjtNum res[3], const Shape* s, int f) {
  mjtNum loc[3] = {0, 0, 0};
  if (s->mesh < 0) {
    loc[f / 2] = f % 2 ? 1 : -1;
  } else {
    const mjtNum* n = s->m->mesh_polynormal + 3 * (s->m->mesh_polyadr[s->mesh] + f);
    loc[0] = n[0];
    loc[1] = n[1];
    loc[2] = n[2];
  }
  mju_mulMatVec3(res, s->obj->mat, loc);
}

bool contains(const int* list, int n, int v) {
  for (int i = 0; i < n; i++) {
    if (list[i] == v) {
      return true;
    }
  }
  return false;
}

// distinct vertex ids of a feature; returns their number (0 when unknown)
int featureOf(int* feat, const int ids[3]) {
  int n = 0;
  for (int i = 0; i < 3; i++) {
    if (ids[i] < 0) {
      return 0;
    }
    if (!contains(feat, n, ids[i])) {
      feat[n++] = ids[i];
    }
  }
  return n;
}

// whether the face with these vertices holds every vertex of the feature
bool touchesFeature(const int* verts, int nv, const int* feat, int nfeat) {
  for (int j = 1; j < nfeat; j++) {
    if (!contains(verts, nv, feat[j])) {
      return false;
    }
  }
  return nfeat > 0 && contains(verts, nv, feat[0]);
}

// Face i of the faces around the feature's first vertex, with its outward normal n, when it
// touches the whole feature; else -1.
int featureFace(mjtNum n[3], const Shape* s, const int* feat, int nfeat, int i) {
  int verts[kMaxPoly];
  int f = faceAt(s, feat[0], i);
  int nv = faceVertices(verts, s, f);
  if (!nv || !touchesFeature(verts, nv, feat, nfeat)) {
    return -1;
  }
  faceNormal(n, s, f);
  return f;
}

// The face touching the whole feature whose outward normal is aligned with dir (unit); -1 if none.
int alignedFace(const Shape* s, const int* feat, int nfeat, const mjtNum dir[3]) {
  const mjtNum cos_tol = cos(kFaceAngle);
  for (int i = 0; i < faceCount(s, feat[0]); i++) {
    mjtNum n[3];
    int f = featureFace(n, s, feat, nfeat, i);
    if (f >= 0 && mji_dot3(n, dir) >= cos_tol) {
      return f;
    }
  }
  return -1;
}

// Two faces, one of each geom touching its whole feature, whose outward normals are opposite
// within kFaceAngle of each other (whatever their angle with the contact normal: on curved
// meshes EPA's normal lies between two such faces). geom2's faces in the order of its feature's
// first vertex, each against geom1's. Writes the faces and returns 1, or returns 0.
int opposedFaces(int* f1, int* f2, const Shape* s1, const int* feat1, int nf1, const Shape* s2,
                 const int* feat2, int nf2) {
  const mjtNum cos_tol = cos(kFaceAngle);
  for (int i = 0; i < faceCount(s2, feat2[0]); i++) {
    mjtNum n2[3];
    int g2 = featureFace(n2, s2, feat2, nf2, i);
    for (int j = 0; g2 >= 0 && j < faceCount(s1, feat1[0]); j++) {
      mjtNum n1[3];
      int g1 = featureFace(n1, s1, feat1, nf1, j);
      if (g1 >= 0 && -mji_dot3(n1, n2) >= cos_tol) {
        *f1 = g1;
        *f2 = g2;
        return 1;
      }
    }
  }
  return 0;
}

// An edge of the feature orthogonal to the unit normal dir: writes its two vertices and returns
// 1, or returns 0. A mesh vertex offers one edge per polygon touching it, from the vertex to the
// one before it in the polygon's loop (on a closed hull each edge once), in the order of the
// vertex's polygon list; the first orthogonal one wins (doc/conformance.md#single-shot). A box
// corner offers both neighbors in each of its faces; an edge offers itself, a triangle its three
// sides.
int orthogonalEdge(int edge[2], const Shape* s, const int* feat, int nfeat, const mjtNum dir[3]) {
  const mjtNum sin_tol = sin(kFaceAngle);
  int cand[2 * kMaxPoly][2];
  int ncand = 0;
  if (nfeat == 1) {
    int verts[kMaxPoly];
    int nf = faceCount(s, feat[0]);
    for (int i = 0; i < nf && ncand + 2 <= 2 * kMaxPoly; i++) {
      int nv = faceVertices(verts, s, faceAt(s, feat[0], i));
      for (int j = 0; j < nv; j++) {
        if (verts[j] != feat[0]) {
          continue;
        }
        if (s->mesh < 0) {  // box corners: both neighbors in each face (order not measured)
          cand[ncand][0] = feat[0];
          cand[ncand++][1] = verts[(j + 1) % nv];
        }
        cand[ncand][0] = feat[0];
        cand[ncand++][1] = verts[(j + nv - 1) % nv];
      }
    }
  } else {
    for (int i = 0; i < nfeat; i++) {
      if (nfeat == 2 && i == 1) {
        break;
      }
      cand[ncand][0] = feat[i];
      cand[ncand++][1] = feat[(i + 1) % nfeat];
    }
  }
  for (int i = 0; i < ncand; i++) {
    mjtNum a[3], b[3], e[3];
    shapeVertex(a, s, cand[i][0]);
    shapeVertex(b, s, cand[i][1]);
    mji_sub3(e, b, a);
    mjtNum len = mji_norm3(e);
    if (len > mjMINVAL && fabs(mji_dot3(e, dir)) <= sin_tol * len) {
      edge[0] = cand[i][0];
      edge[1] = cand[i][1];
      return 1;
    }
  }
  return 0;
}

// A face of s touching its whole feature whose normal is orthogonal to an edge of the other
// geom's feature (orthogonalEdge), whatever its angle with the contact normal: the first in the
// order of the feature's first vertex; -1 if none.
int edgeFace(const Shape* s, const int* feat, int nfeat, const Shape* o, const int* ofeat,
             int nofeat) {
  for (int i = 0; i < faceCount(s, feat[0]); i++) {
    mjtNum n[3];
    int edge[2];
    int f = featureFace(n, s, feat, nfeat, i);
    if (f >= 0 && orthogonalEdge(edge, o, ofeat, nofeat, n)) {
      return f;
    }
  }
  return -1;
}

// clipping planes of a face: through vertex i and the next, containing the face normal n, with
// the normal pn[i] pointing into the face (the face is counter-clockwise seen along -n)
void clipPlanes(mjtNum (*pn)[3], mjtNum (*pv)[3], const Shape* s, const int* verts, int nv,
                const mjtNum n[3]) {
  for (int i = 0; i < nv; i++) {
    shapeVertex(pv[i], s, verts[i]);
  }
  for (int i = 0; i < nv; i++) {
    mjtNum e[3];
    mji_sub3(e, pv[(i + 1) % nv], pv[i]);
    mji_cross(pn[i], n, e);
  }
}

inline mjtNum planeSide(const mjtNum pn[3], const mjtNum pv[3], const mjtNum p[3]) {
  mjtNum r[3];
  mji_sub3(r, p, pv);
  return mji_dot3(pn, r);
}

// Sutherland-Hodgman: clips the polygon poly (n points) by the planes; returns the number of
// points left in poly (capacity 2 kMaxPoly + 4)
int clipPolygon3(mjtNum (*poly)[3], int n, const mjtNum (*pn)[3], const mjtNum (*pv)[3],
                 int nplane) {
  mjtNum buf[2 * kMaxPoly + 4][3];
  for (int e = 0; e < nplane && n > 0; e++) {
    int m = 0;
    for (int i = 0; i < n; i++) {
      const mjtNum* p = poly[i];
      const mjtNum* q = poly[(i + 1) % n];
      mjtNum sp = planeSide(pn[e], pv[e], p);
      mjtNum sq = planeSide(pn[e], pv[e], q);
      bool pin = sp >= 0, qin = sq >= 0;
      if (pin != qin && m < 2 * kMaxPoly + 4) {
        mjtNum t = sp / (sp - sq);
        for (int k = 0; k < 3; k++) {
          buf[m][k] = p[k] + t * (q[k] - p[k]);
        }
        m++;
      }
      if (qin && m < 2 * kMaxPoly + 4) {
        mji_copy3(buf[m++], q);
      }
    }
    n = m;
    for (int i = 0; i < n; i++) {
      mji_copy3(poly[i], buf[i]);
    }
  }
  return n;
}

// the contacts kept of a clipped polygon: its first four points, as MuJoCo keeps them
int pickFour(int* idx, int n) {
  int k = n < 4 ? n : 4;
  for (int i = 0; i < k; i++) {
    idx[i] = i;
  }
  return k;
}

void initShape(Shape* s, const mjModel* m, const mjCCDObj* obj) {
  s->m = m;
  s->obj = obj;
  s->mesh = obj->type == mjGEOM_MESH ? m->geom_dataid[obj->geom] : -1;
}

}  // namespace

int mjc_singleShot(const mjModel* m, mjContact* con, const mjCCDObj* o1, const mjCCDObj* o2,
                   const mjCCDStatus* st) {
  Shape s1, s2;
  initShape(&s1, m, o1);
  initShape(&s2, m, o2);
  int feat1[3], feat2[3];
  int nf1 = featureOf(feat1, st->vert1);
  int nf2 = featureOf(feat2, st->vert2);
  if (!nf1 || !nf2) {
    return 1;
  }
  mjtNum n[3] = {con->frame[0], con->frame[1], con->frame[2]};
  mjtNum neg[3] = {-n[0], -n[1], -n[2]};

  // The first face: geom2's, else geom1's when its feature is a face (both features edges and
  // only geom1's face aligned: one contact, as in MuJoCo). The contact normal becomes this
  // face's normal; the other geom's face then counts when aligned with it.
  // Two opposed faces come first, also when EPA's normal is farther than kFaceAngle from both
  // (on curved meshes, see doc/conformance.md#single-shot).
  int f1 = -1, f2 = -1;
  if (!opposedFaces(&f1, &f2, &s1, feat1, nf1, &s2, feat2, nf2)) {
    f2 = alignedFace(&s2, feat2, nf2, neg);
    if (f2 < 0 && nf1 < 3) {
      // geom1's vertex or edge against a face of geom2 that holds one of its edges flat
      f2 = edgeFace(&s2, feat2, nf2, &s1, feat1, nf1);
    }
  }
  if (f2 >= 0) {
    faceNormal(neg, &s2, f2);
    mji_scl3(n, neg, -1);
    f1 = alignedFace(&s1, feat1, nf1, n);
  } else if (nf1 == 3) {
    f1 = alignedFace(&s1, feat1, nf1, n);
    if (f1 < 0) {
      return 1;
    }
    faceNormal(n, &s1, f1);
    mji_scl3(neg, n, -1);
  } else {
    return 1;
  }

  // the clipping face (geom1's when both have one) and the clipped points: geom2's face (in
  // reverse order, as MuJoCo walks it), or the other geom's edge orthogonal to the normal (from
  // its second vertex)
  const Shape* clip = f1 >= 0 ? &s1 : &s2;
  int fclip = f1 >= 0 ? f1 : f2;
  mjtNum poly[2 * kMaxPoly + 4][3];
  int npoly = 0;
  if (f1 >= 0 && f2 >= 0) {
    int verts[kMaxPoly];
    npoly = faceVertices(verts, &s2, f2);
    for (int i = 0; i < npoly; i++) {
      shapeVertex(poly[npoly - 1 - i], &s2, verts[i]);
    }
  } else {
    bool edge2 = f1 >= 0;
    int edge[2];
    if (!orthogonalEdge(edge, edge2 ? &s2 : &s1, edge2 ? feat2 : feat1, edge2 ? nf2 : nf1, n)) {
      return 1;
    }
    shapeVertex(poly[0], edge2 ? &s2 : &s1, edge[1]);
    shapeVertex(poly[1], edge2 ? &s2 : &s1, edge[0]);
    npoly = 2;
  }
  if (npoly == 0) {
    return 1;
  }

  int cv[kMaxPoly];
  int ncv = faceVertices(cv, clip, fclip);
  if (ncv < 3) {
    return 1;
  }
  mjtNum cn[3], pn[kMaxPoly][3], pv[kMaxPoly][3];
  faceNormal(cn, clip, fclip);
  clipPlanes(pn, pv, clip, cv, ncv, cn);
  if (npoly == 2) {
    // an edge: the parameter range inside every plane
    mjtNum t0 = 0, t1 = 1, a[3], b[3];
    mji_copy3(a, poly[0]);
    mji_copy3(b, poly[1]);
    for (int e = 0; e < ncv; e++) {
      mjtNum sa = planeSide(pn[e], pv[e], a), sb = planeSide(pn[e], pv[e], b);
      if (sa < 0 && sb < 0) {
        return 1;
      }
      if (sa < 0 || sb < 0) {
        mjtNum t = sa / (sa - sb);
        if (sa < 0 && t > t0) {
          t0 = t;
        }
        if (sb < 0 && t < t1) {
          t1 = t;
        }
      }
    }
    if (t0 > t1) {
      return 1;
    }
    for (int k = 0; k < 3; k++) {
      poly[0][k] = a[k] + t0 * (b[k] - a[k]);
      poly[1][k] = a[k] + t1 * (b[k] - a[k]);
    }
  } else {
    npoly = clipPolygon3(poly, npoly, pn, pv, ncv);
    if (npoly < 1) {
      return 1;
    }
  }

  // every contact: the clipped point moved by half the depth along the normal
  int idx[4];
  int npts = pickFour(idx, npoly);
  mjtNum shift = -0.5 * con->dist;
  mjContact first = *con;
  for (int i = 0; i < npts; i++) {
    con[i] = first;
    for (int k = 0; k < 3; k++) {
      con[i].pos[k] = poly[idx[i]][k] + shift * n[k];
      con[i].frame[k] = n[k];
    }
  }
  return npts;
}
