// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Ray casting (APIreference_functions.rst "Ray casting"). Every geom is intersected in its own
// frame: with p = R'(pnt - pos) and v = R' vec the ray is p + x v, and x is the same number in
// both frames. Quadrics reduce to a x^2 + 2 b x + c = 0 (roots (-b -+ sqrt(b^2 - a c)) / a):
// the answer is the smallest root >= 0, so a ray starting inside a closed surface reports the
// exit point. Geometry (XMLreference "geom/size"): plane = local xy plane, front side +z, finite
// where its size is positive; capsule / cylinder: radius, half-length along z; ellipsoid:
// semi-axes; box: half-sizes; mesh: its triangles (mesh_vert in the geom frame); height field:
// the solid made of the base box (-size[3] <= z <= 0) and the prisms under the terrain surface.

#include "engine/engine_ray.h"

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

#ifndef mjNGROUP
#define mjNGROUP 6
#endif

// ---------------------------------------------------------------------------------------------
// helpers

namespace {

// res = (x, y, z)
void setVec3(mjtNum res[3], mjtNum x, mjtNum y, mjtNum z) {
  res[0] = x;
  res[1] = y;
  res[2] = z;
}

// ray in the local frame of (pos, mat)
void rayToLocal(const mjtNum pos[3], const mjtNum mat[9], const mjtNum pnt[3], const mjtNum vec[3],
                mjtNum lpnt[3], mjtNum lvec[3]) {
  mjtNum dif[3];
  mju_sub3(dif, pnt, pos);
  mju_mulMatTVec3(lpnt, mat, dif);
  mju_mulMatTVec3(lvec, mat, vec);
}

// smallest root x >= 0 of a x^2 + 2 b x + c = 0 (a > 0), or -1
mjtNum quadraticRoot(mjtNum a, mjtNum b, mjtNum c) {
  mjtNum det = b * b - a * c;
  if (a < mjMINVAL || det < mjMINVAL) {
    return -1;
  }
  det = sqrt(det);
  mjtNum x1 = (-b - det) / a;
  if (x1 >= 0) {
    return x1;
  }
  mjtNum x2 = (-b + det) / a;
  return x2 >= 0 ? x2 : -1;
}

// keep the nearer hit: x replaces *best when x >= 0 and (*best < 0 or x < *best)
int nearer(mjtNum x, mjtNum best) {
  return x >= 0 && (best < 0 || x < best);
}

// local normal -> world unit normal
void normalToWorld(mjtNum normal[3], const mjtNum mat[9], const mjtNum lnormal[3]) {
  if (normal) {
    mju_mulMatVec3(normal, mat, lnormal);
    mju_normalize3(normal);
  }
}

// ---------------------------------------------------------------------------------------------
// primitives, in local coordinates (p, v); write the local outward normal to ln

mjtNum rayPlane(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  if (v[2] > -mjMINVAL) {
    return -1;  // not moving towards the front side
  }
  mjtNum x = -p[2] / v[2];
  if (x < 0) {
    return -1;
  }
  mjtNum hx = p[0] + x * v[0], hy = p[1] + x * v[1];
  if ((size[0] > 0 && fabs(hx) > size[0]) || (size[1] > 0 && fabs(hy) > size[1])) {
    return -1;
  }
  setVec3(ln, 0, 0, 1);
  return x;
}

// sphere of radius r centered at cen (local)
mjtNum raySphereAt(const mjtNum cen[3], mjtNum r, const mjtNum p[3], const mjtNum v[3],
                   mjtNum ln[3]) {
  mjtNum q[3];
  mju_sub3(q, p, cen);
  mjtNum x = quadraticRoot(mju_dot3(v, v), mju_dot3(q, v), mju_dot3(q, q) - r * r);
  if (x >= 0) {
    mju_addScl3(ln, q, v, x);
  }
  return x;
}

// side of the cylinder x^2 + y^2 = r^2, |z| <= h
mjtNum rayCylinderSide(mjtNum r, mjtNum h, const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  mjtNum a = v[0] * v[0] + v[1] * v[1];
  mjtNum b = p[0] * v[0] + p[1] * v[1];
  mjtNum c = p[0] * p[0] + p[1] * p[1] - r * r;
  mjtNum det = b * b - a * c;
  if (a < mjMINVAL || det < mjMINVAL) {
    return -1;
  }
  det = sqrt(det);
  // both roots: the nearer one may be outside |z| <= h while the farther one is inside
  mjtNum roots[2] = {(-b - det) / a, (-b + det) / a};
  for (int i = 0; i < 2; i++) {
    mjtNum x = roots[i];
    if (x >= 0 && fabs(p[2] + x * v[2]) <= h) {
      setVec3(ln, p[0] + x * v[0], p[1] + x * v[1], 0);
      return x;
    }
  }
  return -1;
}

// the two caps z = +-h, x^2 + y^2 <= r^2
mjtNum rayCaps(mjtNum r, mjtNum h, const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  if (fabs(v[2]) < mjMINVAL) {
    return -1;
  }
  mjtNum best = -1;
  for (int side = -1; side <= 1; side += 2) {
    mjtNum x = (side * h - p[2]) / v[2];
    mjtNum hx = p[0] + x * v[0], hy = p[1] + x * v[1];
    if (hx * hx + hy * hy <= r * r && nearer(x, best)) {
      best = x;
      setVec3(ln, 0, 0, side);
    }
  }
  return best;
}

// the outer half (side * z >= h) of the cap sphere of radius r centered at z = side * h: both
// roots are tried, as the nearer crossing may lie on the inner (hidden) half
mjtNum rayCapHemisphere(mjtNum r, mjtNum h, int side, const mjtNum p[3], const mjtNum v[3],
                        mjtNum ln[3]) {
  mjtNum q[3] = {p[0], p[1], p[2] - side * h};
  mjtNum a = mju_dot3(v, v), b = mju_dot3(q, v), c = mju_dot3(q, q) - r * r;
  mjtNum det = b * b - a * c;
  if (a < mjMINVAL || det < mjMINVAL) {
    return -1;
  }
  det = sqrt(det);
  mjtNum roots[2] = {(-b - det) / a, (-b + det) / a};
  for (int i = 0; i < 2; i++) {
    mjtNum x = roots[i];
    if (x >= 0 && side * (q[2] + x * v[2]) >= 0) {
      mju_addScl3(ln, q, v, x);
      return x;
    }
  }
  return -1;
}

mjtNum rayCapsule(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  mjtNum r = size[0], h = size[1], tmp[3];
  mjtNum best = rayCylinderSide(r, h, p, v, ln);
  for (int side = -1; side <= 1; side += 2) {
    mjtNum x = rayCapHemisphere(r, h, side, p, v, tmp);
    if (nearer(x, best)) {
      best = x;
      mju_copy3(ln, tmp);
    }
  }
  return best;
}

// ellipsoid: scale by 1/size to the unit sphere; normal ~ q / size^2
mjtNum rayEllipsoid(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  mjtNum sp[3], sv[3], zero[3] = {0, 0, 0}, tmp[3];
  for (int i = 0; i < 3; i++) {
    sp[i] = p[i] / size[i];
    sv[i] = v[i] / size[i];
  }
  mjtNum x = raySphereAt(zero, 1, sp, sv, tmp);
  if (x >= 0) {
    for (int i = 0; i < 3; i++) {
      ln[i] = tmp[i] / size[i];
    }
  }
  return x;
}

mjtNum rayCylinder(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  mjtNum tmp[3];
  mjtNum best = rayCylinderSide(size[0], size[1], p, v, ln);
  mjtNum x = rayCaps(size[0], size[1], p, v, tmp);
  if (nearer(x, best)) {
    best = x;
    mju_copy3(ln, tmp);
  }
  return best;
}

// box: the six faces, each a plane x_i = +-s_i restricted to the face rectangle
mjtNum rayBox(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  mjtNum best = -1;
  for (int i = 0; i < 3; i++) {
    if (fabs(v[i]) < mjMINVAL) {
      continue;
    }
    int j = (i + 1) % 3, k = (i + 2) % 3;
    for (int side = -1; side <= 1; side += 2) {
      mjtNum x = (side * size[i] - p[i]) / v[i];
      if (!nearer(x, best)) {
        continue;
      }
      if (fabs(p[j] + x * v[j]) <= size[j] && fabs(p[k] + x * v[k]) <= size[k]) {
        best = x;
        mju_zero3(ln);
        ln[i] = side;
      }
    }
  }
  return best;
}

}  // namespace

mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                   const mjtNum pnt[3], const mjtNum vec[3], int geomtype, mjtNum normal[3]) {
  mjtNum p[3], v[3], ln[3] = {0, 0, 1};
  rayToLocal(pos, mat, pnt, vec, p, v);
  mjtNum x;
  switch (geomtype) {
    case mjGEOM_PLANE:
      x = rayPlane(size, p, v, ln);
      break;
    case mjGEOM_SPHERE: {
      mjtNum zero[3] = {0, 0, 0};
      x = raySphereAt(zero, size[0], p, v, ln);
      break;
    }
    case mjGEOM_CAPSULE:
      x = rayCapsule(size, p, v, ln);
      break;
    case mjGEOM_ELLIPSOID:
      x = rayEllipsoid(size, p, v, ln);
      break;
    case mjGEOM_CYLINDER:
      x = rayCylinder(size, p, v, ln);
      break;
    case mjGEOM_BOX:
      x = rayBox(size, p, v, ln);
      break;
    default:
      mjERROR("unsupported geom type %d (use mj_rayMesh / mj_rayHfield)", geomtype);
      return -1;
  }
  if (x >= 0) {
    normalToWorld(normal, mat, ln);
  }
  return x;
}

// ---------------------------------------------------------------------------------------------
// triangles, meshes, height fields

mjtNum mju_rayTriangle(const mjtNum v0[3], const mjtNum v1[3], const mjtNum v2[3],
                       const mjtNum pnt[3], const mjtNum vec[3], mjtNum normal[3]) {
  // pnt + x vec = v0 + u e1 + w e2 solved by Cramer's rule (Moller-Trumbore)
  mjtNum e1[3], e2[3], pv[3], tv[3], qv[3];
  mju_sub3(e1, v1, v0);
  mju_sub3(e2, v2, v0);
  mju_cross(pv, vec, e2);
  mjtNum det = mju_dot3(e1, pv);
  if (fabs(det) < mjMINVAL) {
    return -1;  // parallel to the triangle plane (or degenerate triangle)
  }
  mjtNum inv = 1 / det;
  mju_sub3(tv, pnt, v0);
  mjtNum u = mju_dot3(tv, pv) * inv;
  if (u < 0 || u > 1) {
    return -1;
  }
  mju_cross(qv, tv, e1);
  mjtNum w = mju_dot3(vec, qv) * inv;
  if (w < 0 || u + w > 1) {
    return -1;
  }
  mjtNum x = mju_dot3(e2, qv) * inv;
  if (x < 0) {
    return -1;
  }
  if (normal) {
    mju_cross(normal, e1, e2);
    mju_normalize3(normal);
  }
  return x;
}

// Skin (mjModel skin arrays: float vertices, 3 vertex ids per face): the nearest face hit, and
// the vertex of that face nearest to the hit point (the first of the face's three on ties).
// Faces naming a vertex outside 0..nvert-1 are skipped.
mjtNum mju_raySkin(int nface, int nvert, const int* face, const float* vert, const mjtNum pnt[3],
                   const mjtNum vec[3], int vertid[1]) {
  mjtNum best = -1;
  int hit = -1;
  for (int f = 0; f < nface; f++) {
    mjtNum v[3][3];
    bool valid = true;
    for (int k = 0; k < 3; k++) {
      int i = face[3 * f + k];
      if (i < 0 || i >= nvert) {
        valid = false;
        break;
      }
      for (int c = 0; c < 3; c++) {
        v[k][c] = vert[3 * i + c];
      }
    }
    if (!valid) {
      continue;
    }
    mjtNum x = mju_rayTriangle(v[0], v[1], v[2], pnt, vec, nullptr);
    if (x >= 0 && (best < 0 || x < best)) {
      best = x;
      hit = f;
    }
  }
  if (hit >= 0 && vertid) {
    mjtNum p[3], dmin = -1;
    mju_addScl3(p, pnt, vec, best);
    for (int k = 0; k < 3; k++) {
      int i = face[3 * hit + k];
      mjtNum dx = vert[3 * i] - p[0], dy = vert[3 * i + 1] - p[1], dz = vert[3 * i + 2] - p[2];
      mjtNum d2 = dx * dx + dy * dy + dz * dz;
      if (dmin < 0 || d2 < dmin) {
        dmin = d2;
        vertid[0] = i;
      }
    }
  }
  return best;
}

namespace {

// quick rejection: does the local ray meet the box |q - c| <= h (slab test)?
int rayHitsBox(const mjtNum c[3], const mjtNum h[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum lo = 0, hi = mjMAXVAL;
  for (int i = 0; i < 3; i++) {
    mjtNum a = c[i] - h[i] - p[i], b = c[i] + h[i] - p[i];
    if (fabs(v[i]) < mjMINVAL) {
      if (a > 0 || b < 0) {
        return 0;
      }
      continue;
    }
    mjtNum t1 = a / v[i], t2 = b / v[i];
    if (t1 > t2) {
      mjtNum t = t1;
      t1 = t2;
      t2 = t;
    }
    lo = mju_max(lo, t1);
    hi = mju_min(hi, t2);
    if (lo > hi) {
      return 0;
    }
  }
  return 1;
}

}  // namespace

mjtNum mj_rayMesh(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                  const mjtNum vec[3], mjtNum normal[3]) {
  if (geomid < 0 || geomid >= m->ngeom || m->geom_type[geomid] != mjGEOM_MESH) {
    mjERROR("geom %d is not a mesh", geomid);
    return -1;
  }
  int mesh = m->geom_dataid[geomid];
  if (mesh < 0) {
    return -1;
  }
  const mjtNum* mat = d->geom_xmat + 9 * geomid;
  mjtNum p[3], v[3];
  rayToLocal(d->geom_xpos + 3 * geomid, mat, pnt, vec, p, v);
  const mjtNum* aabb = m->geom_aabb + 6 * geomid;
  if (!rayHitsBox(aabb, aabb + 3, p, v)) {
    return -1;
  }

  const float* vert = m->mesh_vert + 3 * m->mesh_vertadr[mesh];
  const int* face = m->mesh_face + 3 * m->mesh_faceadr[mesh];
  mjtNum best = -1, ln[3] = {0, 0, 1};
  for (int f = 0; f < m->mesh_facenum[mesh]; f++) {
    mjtNum tri[9], tn[3];
    for (int k = 0; k < 3; k++) {
      const float* src = vert + 3 * face[3 * f + k];
      tri[3 * k] = src[0];
      tri[3 * k + 1] = src[1];
      tri[3 * k + 2] = src[2];
    }
    mjtNum x = mju_rayTriangle(tri, tri + 3, tri + 6, p, v, tn);
    if (nearer(x, best)) {
      best = x;
      mju_copy3(ln, tn);
    }
  }
  if (best >= 0) {
    normalToWorld(normal, mat, ln);
  }
  return best;
}

namespace {

// height field vertex (r, c) in local coordinates
void hfieldVertex(const mjModel* m, int hid, int r, int c, mjtNum res[3]) {
  const mjtNum* size = m->hfield_size + 4 * hid;
  int nrow = m->hfield_nrow[hid], ncol = m->hfield_ncol[hid];
  res[0] = size[0] * (2.0 * c / (ncol - 1) - 1);
  res[1] = size[1] * (2.0 * r / (nrow - 1) - 1);
  res[2] = size[2] * m->hfield_data[m->hfield_adr[hid] + r * ncol + c];
}

// triangles of the terrain surface in the cells [r0, r1) x [c0, c1): each cell (r, c) is split
// along its diagonal (r, c)-(r+1, c+1)
mjtNum rayHfieldSurface(const mjModel* m, int hid, int r0, int r1, int c0, int c1,
                        const mjtNum p[3], const mjtNum v[3], mjtNum ln[3]) {
  mjtNum best = -1;
  for (int r = r0; r < r1; r++) {
    for (int c = c0; c < c1; c++) {
      mjtNum v00[3], v01[3], v10[3], v11[3], tn[3];
      hfieldVertex(m, hid, r, c, v00);
      hfieldVertex(m, hid, r, c + 1, v01);
      hfieldVertex(m, hid, r + 1, c, v10);
      hfieldVertex(m, hid, r + 1, c + 1, v11);
      mjtNum x = mju_rayTriangle(v00, v01, v11, p, v, tn);
      if (nearer(x, best)) {
        best = x;
        mju_copy3(ln, tn);
      }
      x = mju_rayTriangle(v00, v11, v10, p, v, tn);
      if (nearer(x, best)) {
        best = x;
        mju_copy3(ln, tn);
      }
    }
  }
  if (best >= 0 && ln[2] < 0) {
    mju_scl3(ln, ln, -1);  // the surface normal points up
  }
  return best;
}

// the vertical walls of the solid above z = 0 along the four edges of the grid
mjtNum rayHfieldWalls(const mjModel* m, int hid, const mjtNum p[3], const mjtNum v[3],
                      mjtNum ln[3]) {
  int nrow = m->hfield_nrow[hid], ncol = m->hfield_ncol[hid];
  mjtNum best = -1;
  for (int edge = 0; edge < 4; edge++) {
    int along_row = edge < 2;  // edges r = 0 / r = nrow-1 run along the columns
    int n = along_row ? ncol : nrow;
    for (int i = 0; i + 1 < n; i++) {
      int fixed = (edge % 2) ? (along_row ? nrow - 1 : ncol - 1) : 0;
      mjtNum a[3], b[3], a0[3], b0[3], tn[3];
      if (along_row) {
        hfieldVertex(m, hid, fixed, i, a);
        hfieldVertex(m, hid, fixed, i + 1, b);
      } else {
        hfieldVertex(m, hid, i, fixed, a);
        hfieldVertex(m, hid, i + 1, fixed, b);
      }
      mju_copy3(a0, a);
      mju_copy3(b0, b);
      a0[2] = b0[2] = 0;
      mjtNum x = mju_rayTriangle(a0, b0, b, p, v, tn);
      mjtNum x2 = mju_rayTriangle(a0, b, a, p, v, tn);
      if (nearer(x2, x)) {
        x = x2;
      }
      if (nearer(x, best)) {
        best = x;
        mju_zero3(ln);
        if (along_row) {
          ln[1] = (edge % 2) ? 1 : -1;
        } else {
          ln[0] = (edge % 2) ? 1 : -1;
        }
      }
    }
  }
  return best;
}

}  // namespace

mjtNum mj_rayHfield(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                    const mjtNum vec[3], mjtNum normal[3]) {
  if (geomid < 0 || geomid >= m->ngeom || m->geom_type[geomid] != mjGEOM_HFIELD) {
    mjERROR("geom %d is not a height field", geomid);
    return -1;
  }
  int hid = m->geom_dataid[geomid];
  if (hid < 0) {
    return -1;
  }
  const mjtNum* size = m->hfield_size + 4 * hid;
  const mjtNum* mat = d->geom_xmat + 9 * geomid;
  mjtNum p[3], v[3], ln[3] = {0, 0, 1}, tmp[3];
  rayToLocal(d->geom_xpos + 3 * geomid, mat, pnt, vec, p, v);

  // bounding box of the whole solid
  mjtNum cen[3] = {0, 0, 0.5 * (size[2] - size[3])};
  mjtNum half[3] = {size[0], size[1], 0.5 * (size[2] + size[3])};
  if (!rayHitsBox(cen, half, p, v)) {
    return -1;
  }

  // base box
  mjtNum best = -1;
  if (size[3] > 0) {
    mjtNum bsize[3] = {size[0], size[1], 0.5 * size[3]};
    mjtNum bp[3] = {p[0], p[1], p[2] + 0.5 * size[3]};
    best = rayBox(bsize, bp, v, ln);
  }

  // terrain surface and side walls
  int nrow = m->hfield_nrow[hid], ncol = m->hfield_ncol[hid];
  mjtNum x = rayHfieldSurface(m, hid, 0, nrow - 1, 0, ncol - 1, p, v, tmp);
  if (nearer(x, best)) {
    best = x;
    mju_copy3(ln, tmp);
  }
  x = rayHfieldWalls(m, hid, p, v, tmp);
  if (nearer(x, best)) {
    best = x;
    mju_copy3(ln, tmp);
  }
  if (best >= 0) {
    normalToWorld(normal, mat, ln);
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// scene queries

int mj_rayExcludeGeom(const mjModel* m, int g, const mjtByte* geomgroup, mjtByte flg_static,
                      int bodyexclude) {
  int b = m->geom_bodyid[g];
  if (b == bodyexclude) {
    return 1;
  }
  if (!flg_static && m->body_weldid[b] == 0) {
    return 1;
  }
  if (geomgroup) {
    int group = m->geom_group[g];
    if (group < 0 || group >= mjNGROUP || !geomgroup[group]) {
      return 1;
    }
  }
  int mat = m->geom_matid[g];  // users may edit it: an id out of range means no material
  float alpha = mat >= 0 && mat < m->nmat ? m->mat_rgba[4 * mat + 3] : m->geom_rgba[4 * g + 3];
  return alpha == 0;
}

mjtNum mj_rayGeomAny(const mjModel* m, const mjData* d, int g, const mjtNum pnt[3],
                     const mjtNum vec[3], mjtNum normal[3]) {
  switch (m->geom_type[g]) {
    case mjGEOM_MESH:
      return mj_rayMesh(m, d, g, pnt, vec, normal);
    case mjGEOM_HFIELD:
      return mj_rayHfield(m, d, g, pnt, vec, normal);
    case mjGEOM_PLANE:
    case mjGEOM_SPHERE:
    case mjGEOM_CAPSULE:
    case mjGEOM_ELLIPSOID:
    case mjGEOM_CYLINDER:
    case mjGEOM_BOX:
      return mju_rayGeom(d->geom_xpos + 3 * g, d->geom_xmat + 9 * g, m->geom_size + 3 * g, pnt, vec,
                         m->geom_type[g], normal);
    default:
      return -1;
  }
}

namespace {

// quick rejection with the bounding sphere (geoms with rbound > 0; planes have none)
int rayMissesSphere(const mjModel* m, const mjData* d, int g, const mjtNum pnt[3],
                    const mjtNum vec[3]) {
  mjtNum r = m->geom_rbound[g];
  if (r <= 0 || m->geom_type[g] == mjGEOM_PLANE) {
    return 0;
  }
  mjtNum q[3];
  mju_sub3(q, pnt, d->geom_xpos + 3 * g);
  mjtNum a = mju_dot3(vec, vec), b = mju_dot3(q, vec), c = mju_dot3(q, q) - r * r;
  // no real root, or both roots negative (sphere behind the origin, origin outside)
  return b * b - a * c < 0 || (c > 0 && b > 0);
}

}  // namespace

mjtNum mj_ray(const mjModel* m, const mjData* d, const mjtNum pnt[3], const mjtNum vec[3],
              const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude, int geomid[1],
              mjtNum normal[3]) {
  if (mju_dot3(vec, vec) < mjMINVAL) {
    mjERROR("vector length is too small");
    return -1;
  }
  mjtNum best = -1, tmp[3];
  int bestid = -1;
  for (int g = 0; g < m->ngeom; g++) {
    if (mj_rayExcludeGeom(m, g, geomgroup, flg_static, bodyexclude) ||
        rayMissesSphere(m, d, g, pnt, vec)) {
      continue;
    }
    mjtNum x = mj_rayGeomAny(m, d, g, pnt, vec, tmp);
    if (nearer(x, best)) {
      best = x;
      bestid = g;
      if (normal) {
        mju_copy3(normal, tmp);
      }
    }
  }
  if (geomid) {
    geomid[0] = bestid;
  }
  if (bestid < 0 && normal) {
    mju_zero3(normal);
  }
  return best;
}

void mj_multiRay(const mjModel* m, mjData* d, const mjtNum pnt[3], const mjtNum* vec,
                 const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude, int* geomid,
                 mjtNum* dist, mjtNum* normal, int nray, mjtNum cutoff) {
  if (nray < 0) {
    mjERROR("negative number of rays");
    return;
  }
  mj_markStack(d);

  // geoms in reach: not excluded, and (bounded geoms) not entirely beyond the cutoff
  int* cand = mj_stackAllocInt(d, mjMAX(m->ngeom, 1));
  int ncand = 0;
  for (int g = 0; g < m->ngeom; g++) {
    if (mj_rayExcludeGeom(m, g, geomgroup, flg_static, bodyexclude)) {
      continue;
    }
    if (m->geom_type[g] != mjGEOM_PLANE && m->geom_rbound[g] > 0 &&
        mju_dist3(pnt, d->geom_xpos + 3 * g) - m->geom_rbound[g] > cutoff) {
      continue;
    }
    cand[ncand++] = g;
  }

  for (int i = 0; i < nray; i++) {
    const mjtNum* v = vec + 3 * i;
    mjtNum best = -1, tmp[3];
    int bestid = -1;
    if (mju_dot3(v, v) >= mjMINVAL) {
      for (int k = 0; k < ncand; k++) {
        int g = cand[k];
        if (rayMissesSphere(m, d, g, pnt, v)) {
          continue;
        }
        mjtNum x = mj_rayGeomAny(m, d, g, pnt, v, tmp);
        if (nearer(x, best)) {
          best = x;
          bestid = g;
          if (normal) {
            mju_copy3(normal + 3 * i, tmp);
          }
        }
      }
    }
    dist[i] = best;
    if (geomid) {
      geomid[i] = bestid;
    }
    if (bestid < 0 && normal) {
      mju_zero3(normal + 3 * i);
    }
  }
  mj_freeStack(d);
}
