// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// General convex collisions (computation_index.rst "Convex collisions", "Multiple contacts"):
// support functions of the convex geom types, the mjCOLLISIONFUNC entries mjc_Convex (any two
// convex geoms) and mjc_PlaneConvex (plane vs mesh), and the multiple-contact logic (multiccd).
//
// A convex set S is described by its support function s(u) = argmax_{x in S} u.x. Every geom is
// convex in its own frame (pos, mat = geom_xpos, geom_xmat): s(u) = pos + mat * s_local(mat' u).
// A margin m inflates the set by a ball: s(u) + m u/|u|. Meshes collide through their convex
// hull (computation_index.rst "Collision detection"), whose support vertex is found by hill
// climbing on the hull graph (mesh_graph: each vertex's neighbors), starting from the previous
// answer; for small hulls a linear search is cheaper.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"

namespace {

// hulls with fewer vertices are searched linearly
constexpr int kHillClimbMin = 10;

// a cylinder axis within this (1 - cos) of the contact normal means a flat cap contact
constexpr mjtNum kCapParallel = 1e-6;

inline mjtNum dot3(const mjtNum a[3], const mjtNum b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

inline mjtNum dotf(const float* v, const mjtNum u[3]) {
  return v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
}

// ---------------------------------------------------------------------------------------------
// support functions in the geom frame (u: local direction, any length)

void supportSphere(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  mjtNum len = sqrt(dot3(u, u));
  mjtNum r = obj->size[0];
  if (len < mjMINVAL) {
    res[0] = r;
    res[1] = res[2] = 0;
    return;
  }
  for (int k = 0; k < 3; k++) res[k] = r * u[k] / len;
}

// capsule: segment of half-length size[1] along z, plus radius size[0]
void supportCapsule(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  supportSphere(res, obj, u);
  res[2] += u[2] >= 0 ? obj->size[1] : -obj->size[1];
}

// ellipsoid with semi-axes a, b, c: the point where the normal (x/a^2, y/b^2, z/c^2) is parallel
// to u is (a^2 u_x, b^2 u_y, c^2 u_z) / sqrt(a^2 u_x^2 + b^2 u_y^2 + c^2 u_z^2)
void supportEllipsoid(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  mjtNum s[3] = {obj->size[0] * u[0], obj->size[1] * u[1], obj->size[2] * u[2]};
  mjtNum len = sqrt(dot3(s, s));
  if (len < mjMINVAL) {
    res[0] = obj->size[0];
    res[1] = res[2] = 0;
    return;
  }
  for (int k = 0; k < 3; k++) res[k] = obj->size[k] * s[k] / len;
}

// cylinder: disk of radius size[0] in the xy plane, extruded by +-size[1] along z
void supportCylinder(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  mjtNum len = sqrt(u[0] * u[0] + u[1] * u[1]);
  if (len < mjMINVAL) {
    res[0] = res[1] = 0;
  } else {
    res[0] = obj->size[0] * u[0] / len;
    res[1] = obj->size[0] * u[1] / len;
  }
  res[2] = u[2] >= 0 ? obj->size[1] : -obj->size[1];
}

void supportBox(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  for (int k = 0; k < 3; k++) res[k] = u[k] >= 0 ? obj->size[k] : -obj->size[k];
}

// mesh vertex maximizing u.v: hill climbing over the hull graph (on a convex polytope a vertex
// with no better neighbor is a global maximizer), or a linear search
int meshSupportVertex(mjCCDObj* obj, const mjtNum u[3]) {
  if (obj->nhull >= kHillClimbMin) {
    int cur = obj->warm;
    mjtNum best = dotf(obj->vert + 3 * obj->hullvert[cur], u);
    for (;;) {
      int next = -1;
      for (int k = obj->edgeadr[cur]; obj->edges[k] >= 0; k++) {
        int nb = obj->edges[k];
        mjtNum val = dotf(obj->vert + 3 * obj->hullvert[nb], u);
        if (val > best) {
          best = val;
          next = nb;
        }
      }
      if (next < 0) break;
      cur = next;
    }
    obj->warm = cur;
    return obj->hullvert[cur];
  }
  if (obj->nhull > 0) {
    int bi = 0;
    mjtNum best = dotf(obj->vert + 3 * obj->hullvert[0], u);
    for (int i = 1; i < obj->nhull; i++) {
      mjtNum val = dotf(obj->vert + 3 * obj->hullvert[i], u);
      if (val > best) {
        best = val;
        bi = i;
      }
    }
    obj->warm = bi;
    return obj->hullvert[bi];
  }
  int bi = 0;
  mjtNum best = dotf(obj->vert, u);
  for (int i = 1; i < obj->nvert; i++) {
    mjtNum val = dotf(obj->vert + 3 * i, u);
    if (val > best) {
      best = val;
      bi = i;
    }
  }
  return bi;
}

void supportMesh(mjtNum res[3], mjCCDObj* obj, const mjtNum u[3]) {
  int v = meshSupportVertex(obj, u);
  obj->lastvert = v;
  const float* p = obj->vert + 3 * v;
  res[0] = p[0];
  res[1] = p[1];
  res[2] = p[2];
}

// world-frame support of a geom: rotate the direction into the geom frame, back, and inflate
void supportGeom(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  mjtNum u[3], loc[3];
  mju_mulMatTVec3(u, obj->mat, dir);
  mjc_localSupport(loc, obj, u);
  mju_mulMatVec3(res, obj->mat, loc);
  for (int k = 0; k < 3; k++) res[k] += obj->pos[k];
  if (obj->margin > 0) {
    mjtNum len = sqrt(dot3(dir, dir));
    if (len > mjMINVAL) {
      for (int k = 0; k < 3; k++) res[k] += obj->margin * dir[k] / len;
    }
  }
}

// prism: vertices are stored in world coordinates
void supportPrism(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  int bi = 0;
  mjtNum best = dot3(obj->prism[0], dir);
  for (int i = 1; i < 6; i++) {
    mjtNum val = dot3(obj->prism[i], dir);
    if (val > best) {
      best = val;
      bi = i;
    }
  }
  for (int k = 0; k < 3; k++) res[k] = obj->prism[bi][k];
  if (obj->margin > 0) {
    mjtNum len = sqrt(dot3(dir, dir));
    if (len > mjMINVAL) {
      for (int k = 0; k < 3; k++) res[k] += obj->margin * dir[k] / len;
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// convex objects

mjtNum mjc_coreRadius(const mjCCDObj* obj) {
  if (obj->geom < 0) return 0;
  if (obj->type == mjGEOM_SPHERE || obj->type == mjGEOM_CAPSULE) return obj->size[0];
  return 0;
}

void mjc_localSupport(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  if (obj->core && (obj->type == mjGEOM_SPHERE || obj->type == mjGEOM_CAPSULE)) {
    res[0] = res[1] = 0;
    res[2] = obj->type == mjGEOM_SPHERE ? 0 : (dir[2] >= 0 ? obj->size[1] : -obj->size[1]);
    return;
  }
  switch (obj->type) {
    case mjGEOM_SPHERE:
      supportSphere(res, obj, dir);
      break;
    case mjGEOM_CAPSULE:
      supportCapsule(res, obj, dir);
      break;
    case mjGEOM_ELLIPSOID:
      supportEllipsoid(res, obj, dir);
      break;
    case mjGEOM_CYLINDER:
      supportCylinder(res, obj, dir);
      break;
    case mjGEOM_BOX:
      supportBox(res, obj, dir);
      break;
    case mjGEOM_MESH:
      supportMesh(res, obj, dir);
      break;
    default:
      res[0] = res[1] = res[2] = 0;
  }
}

void mjc_initCCDObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int g, mjtNum margin) {
  memset(obj, 0, sizeof(mjCCDObj));
  obj->model = m;
  obj->data = d;
  obj->geom = g;
  obj->type = m->geom_type[g];
  obj->margin = margin;
  obj->lastvert = -1;
  for (int k = 0; k < 3; k++) {
    obj->pos[k] = d->geom_xpos[3 * g + k];
    obj->center[k] = d->geom_xpos[3 * g + k];
    obj->size[k] = m->geom_size[3 * g + k];
  }
  for (int k = 0; k < 9; k++) obj->mat[k] = d->geom_xmat[9 * g + k];
  obj->support = supportGeom;

  if (obj->type == mjGEOM_MESH) {
    int mesh = m->geom_dataid[g];
    if (mesh < 0 || mesh >= m->nmesh) {
      // a mesh geom without mesh data behaves like a point at its frame origin
      obj->type = mjGEOM_NONE;
      return;
    }
    obj->vert = m->mesh_vert + 3 * m->mesh_vertadr[mesh];
    obj->nvert = m->mesh_vertnum[mesh];
    int adr = m->mesh_graphadr[mesh];
    if (adr >= 0) {
      const int* graph = m->mesh_graph + adr;
      int numvert = graph[0], numface = graph[1];
      obj->nhull = numvert;
      obj->edgeadr = graph + 2;
      obj->hullvert = graph + 2 + numvert;
      obj->edges = graph + 2 + 2 * numvert;
      (void)numface;
    }
    if (obj->nvert <= 0) obj->type = mjGEOM_NONE;
  }
}

void mjc_initPrismObj(mjCCDObj* obj, const mjModel* m, const mjData* d, mjtNum margin) {
  memset(obj, 0, sizeof(mjCCDObj));
  obj->model = m;
  obj->data = d;
  obj->geom = -1;
  obj->type = mjGEOM_HFIELD;
  obj->margin = margin;
  obj->lastvert = -1;
  obj->mat[0] = obj->mat[4] = obj->mat[8] = 1;
  obj->support = supportPrism;
}

void mjc_prismCenter(mjCCDObj* obj) {
  for (int k = 0; k < 3; k++) {
    mjtNum s = 0;
    for (int i = 0; i < 6; i++) s += obj->prism[i][k];
    obj->center[k] = s / 6;
  }
}

void mjc_setContact(mjContact* con, const mjCCDStatus* status) {
  memset(con, 0, sizeof(mjContact));
  con->dist = status->dist;
  for (int k = 0; k < 3; k++) {
    con->pos[k] = 0.5 * (status->x1[k] + status->x2[k]);
    con->frame[k] = status->normal[k];
  }
}

// ---------------------------------------------------------------------------------------------
// surface normals of smooth geoms

namespace {

// outward unit normal of geom g at (or near) the world point p; returns 0 if the geom type has
// no smooth normal or the point is degenerate (e.g. at the center of a sphere)
int smoothNormal(mjtNum n[3], const mjModel* m, const mjData* d, int g, const mjtNum p[3]) {
  const mjtNum* pos = d->geom_xpos + 3 * g;
  const mjtNum* mat = d->geom_xmat + 9 * g;
  const mjtNum* size = m->geom_size + 3 * g;
  mjtNum rel[3] = {p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]}, loc[3], nl[3];
  mju_mulMatTVec3(loc, mat, rel);
  switch (m->geom_type[g]) {
    case mjGEOM_SPHERE:
      nl[0] = loc[0];
      nl[1] = loc[1];
      nl[2] = loc[2];
      break;
    case mjGEOM_CAPSULE: {
      // from the closest point of the axis segment
      mjtNum z = loc[2] > size[1] ? size[1] : (loc[2] < -size[1] ? -size[1] : loc[2]);
      nl[0] = loc[0];
      nl[1] = loc[1];
      nl[2] = loc[2] - z;
      break;
    }
    case mjGEOM_CYLINDER:
      // radial (the caps are handled by the caller, which keeps the collider's normal)
      nl[0] = loc[0];
      nl[1] = loc[1];
      nl[2] = 0;
      break;
    default:
      return 0;
  }
  mjtNum len = sqrt(dot3(nl, nl));
  if (len < mjMINVAL) return 0;
  for (int k = 0; k < 3; k++) nl[k] /= len;
  mju_mulMatVec3(n, mat, nl);
  return 1;
}

}  // namespace

void mjc_fixNormal(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2) {
  // a cylinder whose axis is parallel to the normal touches with a flat cap: keep the normal
  for (int i = 0; i < 2; i++) {
    int g = i ? g2 : g1;
    if (m->geom_type[g] == mjGEOM_CYLINDER) {
      const mjtNum* mat = d->geom_xmat + 9 * g;
      mjtNum axis[3] = {mat[2], mat[5], mat[8]};
      if (fabs(dot3(axis, con->frame)) > 1 - kCapParallel) return;
    }
  }
  mjtNum n1[3], n2[3];
  int s1 = smoothNormal(n1, m, d, g1, con->pos);
  int s2 = smoothNormal(n2, m, d, g2, con->pos);
  mjtNum n[3];
  if (s1 && s2) {
    for (int k = 0; k < 3; k++) n[k] = n1[k] - n2[k];
    mjtNum len = sqrt(dot3(n, n));
    if (len < mjMINVAL) return;
    for (int k = 0; k < 3; k++) n[k] /= len;
  } else if (s1) {
    for (int k = 0; k < 3; k++) n[k] = n1[k];
  } else if (s2) {
    for (int k = 0; k < 3; k++) n[k] = -n2[k];
  } else {
    return;
  }
  for (int k = 0; k < 3; k++) con->frame[k] = n[k];
}

// ---------------------------------------------------------------------------------------------
// multiple contacts for flat features (computation_index.rst "Multiple contacts", single-shot
// pipeline: boxes and meshes without margin)
//
// After the single CCD contact with normal n, the contact feature of each geom is the set of its
// vertices within a small height of its extreme along the normal (a vertex, an edge or a face).
// When both features are at least edges and one is a face, the two features are projected on
// the plane orthogonal to n and intersected (convex polygon clipping); the corners of the
// intersection, at most four of them, become contacts at the depth of the CCD contact, placed
// halfway between the two features' planes.

namespace {

// A vertex v belongs to the contact feature of the extreme vertex v0 along the normal n when the
// segment v0-v is within this angle (radians) of the plane orthogonal to n:
// n.(v0 - v) <= kFeatureAngle |v0 - v|. The angle makes the test scale-free; 1e-3 matches the
// features MuJoCo 3.3.8 finds (an edge tilted by 4.6e-4 rad is an edge there).
constexpr mjtNum kFeatureAngle = 1e-3;

// maximum number of feature vertices (larger faces are not clipped)
constexpr int kMaxFeature = 32;

// local coordinates of vertex i of a box or mesh
void featureVertex(mjtNum v[3], const mjCCDObj* obj, int i) {
  if (obj->type == mjGEOM_BOX) {
    for (int k = 0; k < 3; k++) v[k] = (i >> k) & 1 ? obj->size[k] : -obj->size[k];
  } else {
    int id = obj->nhull > 0 ? obj->hullvert[i] : i;
    for (int k = 0; k < 3; k++) v[k] = obj->vert[3 * id + k];
  }
}

// vertices of a box or mesh in world coordinates: writes up to kMaxFeature vertices of the
// feature extreme along dir into `res` and returns their number (-1 if the feature is too large)
int featureVertices(mjtNum (*res)[3], mjCCDObj* obj, const mjtNum dir[3]) {
  mjtNum u[3];
  mju_mulMatTVec3(u, obj->mat, dir);
  mju_normalize3(u);
  int nv = obj->type == mjGEOM_BOX ? 8 : (obj->nhull > 0 ? obj->nhull : obj->nvert);
  mjtNum best = -mjMAXVAL, v0[3] = {0, 0, 0}, v[3];
  for (int i = 0; i < nv; i++) {
    featureVertex(v, obj, i);
    mjtNum h = dot3(v, u);
    if (h > best) {
      best = h;
      for (int k = 0; k < 3; k++) v0[k] = v[k];
    }
  }
  int n = 0;
  for (int i = 0; i < nv; i++) {
    featureVertex(v, obj, i);
    mjtNum e[3] = {v0[0] - v[0], v0[1] - v[1], v0[2] - v[2]};
    if (best - dot3(v, u) <= kFeatureAngle * sqrt(dot3(e, e))) {
      if (n >= kMaxFeature) return -1;
      mju_mulMatVec3(res[n], obj->mat, v);
      for (int k = 0; k < 3; k++) res[n][k] += obj->pos[k];
      n++;
    }
  }
  return n;
}

// 2D coordinates of the feature points in the basis (t1, t2), sorted counter-clockwise around
// their centroid (they are the corners of a convex face, or the two ends of an edge)
void planarPolygon(mjtNum (*p2)[2], mjtNum (*pts)[3], int n, const mjtNum t1[3],
                   const mjtNum t2[3]) {
  mjtNum cx = 0, cy = 0;
  for (int i = 0; i < n; i++) {
    p2[i][0] = dot3(pts[i], t1);
    p2[i][1] = dot3(pts[i], t2);
    cx += p2[i][0] / n;
    cy += p2[i][1] / n;
  }
  // insertion sort by angle
  for (int i = 1; i < n; i++) {
    mjtNum x = p2[i][0], y = p2[i][1], a = atan2(y - cy, x - cx);
    int j = i - 1;
    while (j >= 0 && atan2(p2[j][1] - cy, p2[j][0] - cx) > a) {
      p2[j + 1][0] = p2[j][0];
      p2[j + 1][1] = p2[j][1];
      j--;
    }
    p2[j + 1][0] = x;
    p2[j + 1][1] = y;
  }
}

// clips polygon (or segment, n = 2) `in` by the convex counter-clockwise polygon `clip`
// (nclip >= 3); returns the number of output points (at most nin + nclip)
int clipPolygon(mjtNum (*out)[2], const mjtNum (*in)[2], int nin, const mjtNum (*clip)[2],
                int nclip) {
  mjtNum buf[2][2 * kMaxFeature + 4][2];
  int n = nin;
  for (int i = 0; i < n; i++) {
    buf[0][i][0] = in[i][0];
    buf[0][i][1] = in[i][1];
  }
  int cur = 0;
  for (int e = 0; e < nclip && n > 0; e++) {
    const mjtNum* a = clip[e];
    const mjtNum* b = clip[(e + 1) % nclip];
    mjtNum ex = b[0] - a[0], ey = b[1] - a[1];
    int m = 0;
    int nedge = nin == 2 && n == 2 ? 1 : n;  // a segment is open: one edge
    if (n == 1) nedge = 0;
    mjtNum (*src)[2] = buf[cur];
    mjtNum (*dst)[2] = buf[1 - cur];
    if (n == 1) {
      mjtNum side = ex * (src[0][1] - a[1]) - ey * (src[0][0] - a[0]);
      if (side >= 0) {
        dst[m][0] = src[0][0];
        dst[m][1] = src[0][1];
        m++;
      }
    }
    for (int i = 0; i < nedge; i++) {
      const mjtNum* p = src[i];
      const mjtNum* q = src[(i + 1) % n];
      mjtNum sp = ex * (p[1] - a[1]) - ey * (p[0] - a[0]);
      mjtNum sq = ex * (q[1] - a[1]) - ey * (q[0] - a[0]);
      if (sp >= 0) {
        dst[m][0] = p[0];
        dst[m][1] = p[1];
        m++;
      }
      if ((sp >= 0) != (sq >= 0)) {
        mjtNum t = sp / (sp - sq);
        dst[m][0] = p[0] + t * (q[0] - p[0]);
        dst[m][1] = p[1] + t * (q[1] - p[1]);
        m++;
      }
      if (n == 2 && nin == 2 && sq >= 0) {
        dst[m][0] = q[0];
        dst[m][1] = q[1];
        m++;
      }
    }
    n = m;
    cur = 1 - cur;
  }
  for (int i = 0; i < n; i++) {
    out[i][0] = buf[cur][i][0];
    out[i][1] = buf[cur][i][1];
  }
  return n;
}

// picks at most 4 well-spread points: the two farthest apart, then the farthest on each side of
// the line through them; writes their indices and returns their number
int pickFour(int* idx, const mjtNum (*p)[2], int n) {
  if (n <= 4) {
    for (int i = 0; i < n; i++) idx[i] = i;
    return n;
  }
  int a = 0, b = 1;
  mjtNum best = -1;
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      mjtNum dx = p[i][0] - p[j][0], dy = p[i][1] - p[j][1];
      if (dx * dx + dy * dy > best) {
        best = dx * dx + dy * dy;
        a = i;
        b = j;
      }
    }
  }
  int c = -1, e = -1;
  mjtNum smax = 0, smin = 0;
  for (int i = 0; i < n; i++) {
    mjtNum s = (p[b][0] - p[a][0]) * (p[i][1] - p[a][1]) - (p[b][1] - p[a][1]) * (p[i][0] - p[a][0]);
    if (s > smax) {
      smax = s;
      c = i;
    }
    if (s < smin) {
      smin = s;
      e = i;
    }
  }
  int k = 0;
  idx[k++] = a;
  if (c >= 0) idx[k++] = c;
  idx[k++] = b;
  if (e >= 0) idx[k++] = e;
  return k;
}

// replaces the single contact con[0] by the contacts of the intersected features; returns the
// number of contacts
int multiContact(mjContact* con, mjCCDObj* o1, mjCCDObj* o2) {
  const mjtNum* n = con->frame;
  mjtNum neg[3] = {-n[0], -n[1], -n[2]};
  mjtNum f1[kMaxFeature][3], f2[kMaxFeature][3];
  int n1 = featureVertices(f1, o1, n);
  int n2 = featureVertices(f2, o2, neg);
  if (n1 < 2 || n2 < 2 || (n1 < 3 && n2 < 3)) return 1;

  // tangent basis of the contact plane
  mjtNum t1[3], t2[3];
  mjtNum ax[3] = {0, 0, 0};
  ax[fabs(n[0]) < fabs(n[1]) ? (fabs(n[0]) < fabs(n[2]) ? 0 : 2) : (fabs(n[1]) < fabs(n[2]) ? 1 : 2)] = 1;
  mju_cross(t1, n, ax);
  mju_normalize3(t1);
  mju_cross(t2, n, t1);

  mjtNum p1[kMaxFeature][2], p2[kMaxFeature][2], out[2 * kMaxFeature + 4][2];
  planarPolygon(p1, f1, n1, t1, t2);
  planarPolygon(p2, f2, n2, t1, t2);
  int nout = n1 >= 3 ? clipPolygon(out, p2, n2, p1, n1) : clipPolygon(out, p1, n1, p2, n2);
  if (nout < 2) return 1;

  // heights of the two features along n, and the contact depth
  mjtNum h1 = 0, h2 = 0;
  for (int i = 0; i < n1; i++) h1 += dot3(f1[i], n) / n1;
  for (int i = 0; i < n2; i++) h2 += dot3(f2[i], n) / n2;
  mjtNum dist = con->dist, mid = 0.5 * (h1 + h2);

  int idx[4];
  int k = pickFour(idx, out, nout);
  mjContact first = *con;
  for (int i = 0; i < k; i++) {
    con[i] = first;
    con[i].dist = dist;
    for (int j = 0; j < 3; j++) {
      con[i].pos[j] = out[idx[i]][0] * t1[j] + out[idx[i]][1] * t2[j] + mid * n[j];
    }
  }
  return k;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// mjc_Convex

namespace {

void ccdConfig(mjCCDConfig* cfg, const mjModel* m, mjtNum cutoff) {
  cfg->max_iterations = m->opt.ccd_iterations;
  cfg->tolerance = m->opt.ccd_tolerance;
  cfg->dist_cutoff = cutoff;
}

// legacy pipeline: MPR on the geoms inflated by half the margin each, so that an overlap of
// depth p of the inflated shapes is a distance margin - p of the shapes
int convexLegacy(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                 mjtNum margin) {
  mjCCDObj o1, o2;
  mjc_initCCDObj(&o1, m, d, g1, 0.5 * margin);
  mjc_initCCDObj(&o2, m, d, g2, 0.5 * margin);
  mjtNum depth, normal[3], pos[3];
  if (!mjc_mprPenetration(m, &o1, &o2, &depth, normal, pos)) return 0;
  memset(con, 0, sizeof(mjContact));
  con->dist = margin - depth;
  for (int k = 0; k < 3; k++) {
    con->pos[k] = pos[k];
    con->frame[k] = normal[k];
  }
  return 1;
}

}  // namespace

// Native pipeline with margin m (as MuJoCo 3.3.8 does, established with the oracle on
// test/data/convex): both geoms are inflated by m/2 (a ball added to each support point), GJK /
// EPA find the signed distance s of the inflated shapes, and a contact is reported when s < 0,
// with dist = s + m (the distance of the geoms themselves when they are separated by less than
// m; for overlapping geoms the EPA result on the rounded shapes).
int mjc_Convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
               mjtNum margin) {
  if (m->opt.disableflags & mjDSBL_NATIVECCD) return convexLegacy(m, d, con, g1, g2, margin);

  mjCCDObj o1, o2;
  mjc_initCCDObj(&o1, m, d, g1, 0.5 * margin);
  mjc_initCCDObj(&o2, m, d, g2, 0.5 * margin);
  mjCCDConfig cfg;
  ccdConfig(&cfg, m, 0);
  mjCCDStatus st;
  // the geoms, each inflated by half the margin, must overlap strictly: touching shapes (zero
  // distance) give no contact, as in MuJoCo 3.3.8
  mjtNum dist = mjc_ccd(&cfg, &st, &o1, &o2, const_cast<mjData*>(d));
  if (dist >= 0) return 0;
  mjc_setContact(con, &st);
  con->dist += margin;

  // multiple contacts for flat box / mesh features without margin
  if (!(m->opt.disableflags & mjDSBL_MULTICCD) && margin == 0 &&
      (o1.type == mjGEOM_BOX || o1.type == mjGEOM_MESH) &&
      (o2.type == mjGEOM_BOX || o2.type == mjGEOM_MESH)) {
    return multiContact(con, &o1, &o2);
  }
  return 1;
}

int mjc_ConvexDistance(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                       mjtNum distmax) {
  mjCCDObj o1, o2;
  mjc_initCCDObj(&o1, m, d, g1, 0);
  mjc_initCCDObj(&o2, m, d, g2, 0);
  mjCCDConfig cfg;
  ccdConfig(&cfg, m, distmax);
  mjCCDStatus st;
  mjtNum dist = mjc_ccd(&cfg, &st, &o1, &o2, const_cast<mjData*>(d));
  if (dist >= distmax) return 0;
  mjc_setContact(con, &st);
  return 1;
}

// ---------------------------------------------------------------------------------------------
// plane vs mesh

// The mesh's hull vertex deepest below the plane (support in the direction -normal) gives the
// first contact; its neighbors on the hull graph that are within the margin of the plane give up
// to two more (a face resting on the plane is then held by three points). Each contact is at
// the midpoint between the vertex and its projection on the plane, with the plane normal.
int mjc_PlaneConvex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                    mjtNum margin) {
  const int maxcon = 3;
  const mjtNum* ppos = d->geom_xpos + 3 * g1;
  const mjtNum* pmat = d->geom_xmat + 9 * g1;
  mjtNum normal[3] = {pmat[2], pmat[5], pmat[8]};

  mjCCDObj obj;
  mjc_initCCDObj(&obj, m, d, g2, 0);
  if (obj.type != mjGEOM_MESH) {
    // not a mesh: a single contact at the support point
    mjtNum dir[3] = {-normal[0], -normal[1], -normal[2]}, p[3];
    obj.support(p, &obj, dir);
    mjtNum rel[3] = {p[0] - ppos[0], p[1] - ppos[1], p[2] - ppos[2]};
    mjtNum dist = dot3(rel, normal);
    if (dist > margin) return 0;
    memset(con, 0, sizeof(mjContact));
    con->dist = dist;
    for (int k = 0; k < 3; k++) {
      con->pos[k] = p[k] - 0.5 * dist * normal[k];
      con->frame[k] = normal[k];
    }
    return 1;
  }

  // plane normal and offset in the mesh frame: dist(v) = nl . v + off
  mjtNum nl[3], rel[3] = {obj.pos[0] - ppos[0], obj.pos[1] - ppos[1], obj.pos[2] - ppos[2]};
  mju_mulMatTVec3(nl, obj.mat, normal);
  mjtNum off = dot3(rel, normal);
  mjtNum down[3] = {-nl[0], -nl[1], -nl[2]};

  // deepest vertex: search the hull from its first vertex
  obj.warm = 0;
  int v0 = meshSupportVertex(&obj, down);
  int local0 = obj.warm;

  int ncon = 0;
  auto add = [&](int v) {
    mjtNum vl[3] = {obj.vert[3 * v], obj.vert[3 * v + 1], obj.vert[3 * v + 2]};
    mjtNum dist = dot3(vl, nl) + off;
    if (dist > margin) return;
    mjtNum pw[3];
    mju_mulMatVec3(pw, obj.mat, vl);
    mjContact* c = con + ncon++;
    memset(c, 0, sizeof(mjContact));
    c->dist = dist;
    for (int k = 0; k < 3; k++) {
      c->pos[k] = pw[k] + obj.pos[k] - 0.5 * dist * normal[k];
      c->frame[k] = normal[k];
    }
  };
  add(v0);
  if (ncon == 0) return 0;
  if (obj.nhull > 0) {
    for (int k = obj.edgeadr[local0]; obj.edges[k] >= 0 && ncon < maxcon; k++) {
      add(obj.hullvert[obj.edges[k]]);
    }
  }
  return ncon;
}
