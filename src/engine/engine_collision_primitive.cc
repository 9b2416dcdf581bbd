// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Analytic colliders for planes, spheres, capsules, cylinders and ellipsoids
// (computation_index.rst "Collision detection / Checking", "Pair-wise colliders"). Conventions
// are in engine_collision_primitive.h. Geom frames: geom_xpos is the center, the columns of
// geom_xmat are the geom axes in world coordinates. Sizes (XMLreference "geom/size"): sphere r;
// capsule and cylinder r, half-length h along the local z axis; ellipsoid semi-axes; box
// half-sizes; a plane is the local xy plane with normal +z (its size only matters for rendering).

#include "engine/engine_collision_primitive.h"

#include <math.h>

#include <mujoco/mujoco.h>

// ---------------------------------------------------------------------------------------------
// small helpers

namespace {

// res = (x, y, z)
void setVec3(mjtNum res[3], mjtNum x, mjtNum y, mjtNum z) {
  res[0] = x;
  res[1] = y;
  res[2] = z;
}

// column k of a 3x3 row-major rotation matrix: the k-th geom axis in world coordinates
void matColumn(mjtNum res[3], const mjtNum mat[9], int k) {
  res[0] = mat[k];
  res[1] = mat[3 + k];
  res[2] = mat[6 + k];
}

// normal of the contact, no preferred tangent
void setNormal(mjContact* con, const mjtNum normal[3]) {
  mju_copy3(con->frame, normal);
  mju_zero3(con->frame + 3);
}

// clamp x to [-lim, lim]
mjtNum clampSym(mjtNum x, mjtNum lim) {
  return x < -lim ? -lim : (x > lim ? lim : x);
}

// The contact of a surface point `pnt` of geom2 with a plane (point p0, unit normal n): the
// signed distance of pnt from the plane is `dist`, the contact sits halfway between pnt and its
// projection on the plane.
void planePointContact(mjContact* con, const mjtNum n[3], const mjtNum pnt[3], mjtNum dist) {
  con->dist = dist;
  mju_addScl3(con->pos, pnt, n, -0.5 * dist);
  setNormal(con, n);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// frame and sphere-sphere (shared with the box colliders and the driver)

void mjc_completeFrame(mjtNum frame[9]) {
  mjtNum* n = frame;
  mjtNum* t1 = frame + 3;
  mju_normalize3(n);

  // no preferred tangent: a world axis far enough from the normal
  if (mju_norm3(t1) < 0.5) {
    if (n[1] > -0.5 && n[1] < 0.5) {
      setVec3(t1, 0, 1, 0);
    } else {
      setVec3(t1, 0, 0, 1);
    }
  }

  // Gram-Schmidt: remove the normal component, normalize; t2 = n x t1
  mju_addToScl3(t1, n, -mju_dot3(n, t1));
  mju_normalize3(t1);
  mju_cross(frame + 6, n, t1);
}

int mjc_sphereSphereRaw(mjContact* con, mjtNum margin, const mjtNum c1[3], mjtNum r1,
                        const mjtNum c2[3], mjtNum r2) {
  mjtNum dif[3];
  mju_sub3(dif, c2, c1);
  mjtNum len = mju_norm3(dif);
  mjtNum dist = len - r1 - r2;
  if (dist > margin) {
    return 0;
  }

  // normal from c1 to c2; any direction is valid for coincident centers
  mjtNum n[3] = {1, 0, 0};
  if (len >= mjMINVAL) {
    mju_scl3(n, dif, 1 / len);
  }

  // midpoint of the surface points c1 + r1 n and c2 - r2 n = c1 + (r1 + dist) n
  con->dist = dist;
  mju_addScl3(con->pos, c1, n, r1 + 0.5 * dist);
  setNormal(con, n);
  return 1;
}

// ---------------------------------------------------------------------------------------------
// plane vs primitive: the plane normal is the plane's z axis and is the contact normal

namespace {

// sphere (center c, radius r) vs plane (point p0, unit normal n)
int planeSphereRaw(mjContact* con, mjtNum margin, const mjtNum p0[3], const mjtNum n[3],
                   const mjtNum c[3], mjtNum r) {
  mjtNum dif[3];
  mju_sub3(dif, c, p0);
  mjtNum dist = mju_dot3(dif, n) - r;
  if (dist > margin) {
    return 0;
  }
  // deepest sphere point c - r n
  mjtNum pnt[3];
  mju_addScl3(pnt, c, n, -r);
  planePointContact(con, n, pnt, dist);
  return 1;
}

}  // namespace

int mjc_PlaneSphere(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum n[3];
  matColumn(n, d->geom_xmat + 9 * g1, 2);
  return planeSphereRaw(con, margin, d->geom_xpos + 3 * g1, n, d->geom_xpos + 3 * g2,
                        m->geom_size[3 * g2]);
}

// The capsule touches the plane with its two end spheres (centers c +- h a): up to two
// contacts, the +a end first; both prefer the capsule axis as their first tangent.
int mjc_PlaneCapsule(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum n[3], axis[3], end[3];
  matColumn(n, d->geom_xmat + 9 * g1, 2);
  matColumn(axis, d->geom_xmat + 9 * g2, 2);
  const mjtNum* p0 = d->geom_xpos + 3 * g1;
  const mjtNum* c = d->geom_xpos + 3 * g2;
  mjtNum r = m->geom_size[3 * g2], h = m->geom_size[3 * g2 + 1];

  int ncon = 0;
  for (int side = 1; side >= -1; side -= 2) {
    mju_addScl3(end, c, axis, side * h);
    if (planeSphereRaw(con + ncon, margin, p0, n, end, r)) {
      mju_copy3(con[ncon].frame + 3, axis);
      ncon++;
    }
  }
  return ncon;
}

// Ellipsoid with semi-axes s (diagonal S) in its frame R: the surface point farthest along -n is
// R x with x = -S^2 u / |S u|, u = R' n (maximizes -u.x over x' S^-2 x = 1).
int mjc_PlaneEllipsoid(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum n[3], u[3], su[3], x[3], pnt[3], dif[3];
  matColumn(n, d->geom_xmat + 9 * g1, 2);
  const mjtNum* mat2 = d->geom_xmat + 9 * g2;
  const mjtNum* s = m->geom_size + 3 * g2;
  mju_mulMatTVec3(u, mat2, n);
  for (int i = 0; i < 3; i++) {
    su[i] = s[i] * u[i];
  }
  mjtNum len = mju_norm3(su);
  if (len < mjMINVAL) {
    return 0;  // degenerate ellipsoid (zero size)
  }
  for (int i = 0; i < 3; i++) {
    x[i] = -s[i] * su[i] / len;
  }
  mju_mulMatVec3(pnt, mat2, x);
  mju_addTo3(pnt, d->geom_xpos + 3 * g2);

  mju_sub3(dif, pnt, d->geom_xpos + 3 * g1);
  mjtNum dist = mju_dot3(dif, n);
  if (dist > margin) {
    return 0;
  }
  planePointContact(con, n, pnt, dist);
  return 1;
}

// Cylinder (center c, unit axis a, radius r, half-length h) vs plane (normal n). With the axis
// oriented towards the plane (a.n <= 0) and w the unit radial direction pointing down the
// plane (w = -(n - (a.n) a) / |...|), the candidate points are
//   1. the deepest rim point of the near cap:  c + h a + r w
//   2. the deepest rim point of the far cap:   c - h a + r w
//   3-4. the two other corners of the equilateral triangle inscribed in the near rim with its
//        first corner at point 1:  c + h a - r w / 2 -+ (sqrt(3)/2) r (a x w)
// If the deepest point is farther than the margin there is no contact; otherwise every
// candidate within the margin is a contact, in this order. When the axis is parallel to the
// normal all rim points are equally deep and w is the cylinder's local x axis.
int mjc_PlaneCylinder(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum n[3], a[3], w[3], b[3], dif[3], pnt[3];
  const mjtNum* mat2 = d->geom_xmat + 9 * g2;
  const mjtNum* c = d->geom_xpos + 3 * g2;
  matColumn(n, d->geom_xmat + 9 * g1, 2);
  matColumn(a, mat2, 2);
  mjtNum r = m->geom_size[3 * g2], h = m->geom_size[3 * g2 + 1];

  // orient the axis towards the plane
  mjtNum prja = mju_dot3(a, n);
  if (prja > 0) {
    mju_scl3(a, a, -1);
    prja = -prja;
  }

  // downhill radial vector w (length r, perpendicular to the axis) and the depth it adds, w.n.
  // w = r (a (a.n) - n) / |a (a.n) - n| and its depth is evaluated as the dot product w.n (not as
  // -r |n_perp|): the two differ by 1e-13 for a cylinder standing almost upright, and this
  // evaluation gives MuJoCo's distances to the last bit (mug at rest on its base).
  mju_scl3(w, a, prja);
  mju_subFrom3(w, n);
  mjtNum len2 = mju_dot3(w, w);
  mjtNum prjw;
  if (len2 < mjMINVAL * mjMINVAL) {
    matColumn(w, mat2, 0);  // upright: any radial direction, adding no depth
    mju_scl3(w, w, r);
    prjw = 0;
  } else {
    mju_scl3(w, w, r / sqrt(len2));
    prjw = mju_dot3(w, n);
  }

  // distance of the center from the plane
  mju_sub3(dif, c, d->geom_xpos + 3 * g1);
  mjtNum dist0 = mju_dot3(dif, n);

  // 1: deepest point of the near rim
  mjtNum dist = dist0 + h * prja + prjw;
  if (dist > margin) {
    return 0;
  }
  mju_addScl3(pnt, c, a, h);
  mju_addTo3(pnt, w);
  planePointContact(con, n, pnt, dist);
  int ncon = 1;

  // 2: deepest point of the far rim
  dist = dist0 - h * prja + prjw;
  if (dist <= margin) {
    mju_addScl3(pnt, c, a, -h);
    mju_addTo3(pnt, w);
    planePointContact(con + ncon++, n, pnt, dist);
  }

  // 3, 4: the other two triangle corners on the near rim (same depth)
  dist = dist0 + h * prja - 0.5 * prjw;
  if (dist <= margin) {
    mju_cross(b, a, w);  // length r
    for (int side = -1; side <= 1; side += 2) {
      mju_addScl3(pnt, c, a, h);
      mju_addToScl3(pnt, w, -0.5);
      mju_addToScl3(pnt, b, side * sqrt(3.0) / 2);
      planePointContact(con + ncon++, n, pnt, dist);
    }
  }
  return ncon;
}

// Box corners c + sum_k +-s_k e_k (corner i takes +s_k when bit k of i is set). A corner is a
// contact when it lies on the plane side of the box center (e.n <= 0) and within the margin; at
// most four corners (a face) are reported, in corner order.
int mjc_PlaneBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum n[3], dif[3], loc[3], off[3], pnt[3];
  const mjtNum* mat2 = d->geom_xmat + 9 * g2;
  const mjtNum* c = d->geom_xpos + 3 * g2;
  const mjtNum* s = m->geom_size + 3 * g2;
  matColumn(n, d->geom_xmat + 9 * g1, 2);
  mju_sub3(dif, c, d->geom_xpos + 3 * g1);
  mjtNum dist0 = mju_dot3(dif, n);

  int ncon = 0;
  for (int i = 0; i < 8 && ncon < 4; i++) {
    for (int k = 0; k < 3; k++) {
      loc[k] = (i & (1 << k)) ? s[k] : -s[k];
    }
    mju_mulMatVec3(off, mat2, loc);
    mjtNum prj = mju_dot3(off, n);
    if (prj > 0 || dist0 + prj > margin) {
      continue;
    }
    mju_add3(pnt, c, off);
    planePointContact(con + ncon++, n, pnt, dist0 + prj);
  }
  return ncon;
}

// ---------------------------------------------------------------------------------------------
// sphere pairs

int mjc_SphereSphere(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  return mjc_sphereSphereRaw(con, margin, d->geom_xpos + 3 * g1, m->geom_size[3 * g1],
                             d->geom_xpos + 3 * g2, m->geom_size[3 * g2]);
}

// the capsule point nearest to the sphere center is on its axis segment, clamped to the ends
int mjc_SphereCapsule(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum a[3], dif[3], q[3];
  const mjtNum* cs = d->geom_xpos + 3 * g1;
  const mjtNum* cc = d->geom_xpos + 3 * g2;
  matColumn(a, d->geom_xmat + 9 * g2, 2);
  mju_sub3(dif, cs, cc);
  mjtNum t = clampSym(mju_dot3(dif, a), m->geom_size[3 * g2 + 1]);
  mju_addScl3(q, cc, a, t);
  return mjc_sphereSphereRaw(con, margin, cs, m->geom_size[3 * g1], q, m->geom_size[3 * g2]);
}

// Sphere (center p, radius rs) vs cylinder (center c, axis a, radius r, half-length h). With
// x = (p - c).a and the radial offset v = (p - c) - x a:
//   side: |x| <= h and |v| >= r (or, with the center inside, when the side is the nearer
//         surface): the nearest cylinder point is on the side, as for a sphere of radius r
//         centered at c + x a;
//   cap:  |v| < r and |x| > h (or inside, nearer to the cap): normal -+a, distance |x| - h - rs;
//   rim:  otherwise the nearest point is on the rim circle c + sign(x) h a + r v/|v|.
int mjc_SphereCylinder(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum a[3], dif[3], v[3], q[3], n[3], pnt[3];
  const mjtNum* p = d->geom_xpos + 3 * g1;
  const mjtNum* c = d->geom_xpos + 3 * g2;
  mjtNum rs = m->geom_size[3 * g1];
  mjtNum r = m->geom_size[3 * g2], h = m->geom_size[3 * g2 + 1];
  matColumn(a, d->geom_xmat + 9 * g2, 2);
  mju_sub3(dif, p, c);
  mjtNum x = mju_dot3(dif, a);
  mju_addScl3(v, dif, a, -x);
  mjtNum vlen = mju_norm3(v);
  mjtNum ax = fabs(x);

  int side = ax <= h;
  int cap = vlen < r;
  if (side && cap) {
    // center inside: leave through the nearer surface (the side on a tie)
    if (r - vlen <= h - ax) {
      cap = 0;
    } else {
      side = 0;
    }
  }

  if (side) {
    mju_addScl3(q, c, a, x);
    return mjc_sphereSphereRaw(con, margin, p, rs, q, r);
  }

  mjtNum sgn = x >= 0 ? 1 : -1;
  if (cap) {
    mjtNum dist = ax - h - rs;
    if (dist > margin) {
      return 0;
    }
    // normal from the sphere into the cylinder: -sign(x) a
    mju_scl3(n, a, -sgn);
    con->dist = dist;
    mju_addScl3(pnt, p, n, rs + 0.5 * dist);
    mju_copy3(con->pos, pnt);
    setNormal(con, n);
    return 1;
  }

  // rim point
  mju_addScl3(q, c, a, sgn * h);
  mju_addToScl3(q, v, r / vlen);
  return mjc_sphereSphereRaw(con, margin, p, rs, q, 0);
}

// Sphere (center p, radius rs) vs box (center c, axes R, half-sizes s): in box coordinates the
// nearest box point to the center is the clamp of the center to the box. If the center is
// inside, the sphere leaves through the nearest face: normal -sign(x_k) e_k (into the box) for
// the first axis k with the smallest s_k - |x_k| (+e_k when x_k = 0).
int mjc_SphereBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum dif[3], x[3], q[3], qw[3], n[3];
  const mjtNum* p = d->geom_xpos + 3 * g1;
  const mjtNum* c = d->geom_xpos + 3 * g2;
  const mjtNum* mat2 = d->geom_xmat + 9 * g2;
  const mjtNum* s = m->geom_size + 3 * g2;
  mjtNum rs = m->geom_size[3 * g1];
  mju_sub3(dif, p, c);
  mju_mulMatTVec3(x, mat2, dif);

  int inside = 1;
  for (int k = 0; k < 3; k++) {
    q[k] = clampSym(x[k], s[k]);
    if (q[k] != x[k]) {
      inside = 0;
    }
  }

  if (!inside) {
    mju_mulMatVec3(qw, mat2, q);
    mju_addTo3(qw, c);
    return mjc_sphereSphereRaw(con, margin, p, rs, qw, 0);
  }

  // nearest face
  int k = 0;
  mjtNum depth = s[0] - fabs(x[0]);
  for (int i = 1; i < 3; i++) {
    if (s[i] - fabs(x[i]) < depth) {
      depth = s[i] - fabs(x[i]);
      k = i;
    }
  }
  mjtNum dist = -depth - rs;
  if (dist > margin) {
    return 0;
  }
  matColumn(n, mat2, k);
  mju_scl3(n, n, x[k] > 0 ? -1 : 1);
  con->dist = dist;
  mju_addScl3(con->pos, p, n, rs + 0.5 * dist);
  setNormal(con, n);
  return 1;
}

// ---------------------------------------------------------------------------------------------
// capsule-capsule

namespace {

// Nearest points of the axis segments p1 + t1 a1, p2 + t2 a2 (|t| <= 1, a = h * axis): the
// stationary point of |p1 + t1 a1 - p2 - t2 a2|^2 solves
//   [a1.a1  -a1.a2] [t1]   [-a1.d]
//   [-a1.a2  a2.a2] [t2] = [ a2.d],   d = p1 - p2,
// then each parameter is clamped and the other re-optimized. For (nearly) parallel axes the
// system is singular and the segments may touch along an interval: the ends of segment 1 are
// projected on segment 2, giving up to two contacts (and, if fewer, the ends of segment 2 on
// segment 1).
void segmentPoint(mjtNum res[3], const mjtNum p[3], const mjtNum a[3], mjtNum t) {
  mju_addScl3(res, p, a, t);
}

}  // namespace

int mjc_CapsuleCapsule(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum a1[3], a2[3], dif[3], q1[3], q2[3];
  const mjtNum* p1 = d->geom_xpos + 3 * g1;
  const mjtNum* p2 = d->geom_xpos + 3 * g2;
  mjtNum r1 = m->geom_size[3 * g1], r2 = m->geom_size[3 * g2];
  matColumn(a1, d->geom_xmat + 9 * g1, 2);
  matColumn(a2, d->geom_xmat + 9 * g2, 2);
  mju_scl3(a1, a1, m->geom_size[3 * g1 + 1]);
  mju_scl3(a2, a2, m->geom_size[3 * g2 + 1]);
  mju_sub3(dif, p1, p2);

  mjtNum ma = mju_dot3(a1, a1), mb = -mju_dot3(a1, a2), mc = mju_dot3(a2, a2);
  mjtNum u = -mju_dot3(a1, dif), v = mju_dot3(a2, dif);
  mjtNum det = ma * mc - mb * mb;

  if (fabs(det) >= mjMINVAL) {
    mjtNum t1 = (mc * u - mb * v) / det;
    mjtNum t2 = (ma * v - mb * u) / det;
    if (t1 > 1 || t1 < -1) {
      t1 = t1 > 1 ? 1 : -1;
      t2 = (v - mb * t1) / mc;
    }
    if (t2 > 1 || t2 < -1) {
      t2 = t2 > 1 ? 1 : -1;
      t1 = clampSym((u - mb * t2) / ma, 1);
    }
    segmentPoint(q1, p1, a1, t1);
    segmentPoint(q2, p2, a2, t2);
    return mjc_sphereSphereRaw(con, margin, q1, r1, q2, r2);
  }

  // parallel: ends of segment 1 against segment 2
  int ncon = 0;
  for (int side = 1; side >= -1; side -= 2) {
    segmentPoint(q1, p1, a1, side);
    mjtNum t2 = clampSym((v - mb * side) / mc, 1);
    segmentPoint(q2, p2, a2, t2);
    ncon += mjc_sphereSphereRaw(con + ncon, margin, q1, r1, q2, r2);
  }
  if (ncon >= 2) {
    return ncon;
  }

  // ends of segment 2 against segment 1
  for (int side = 1; side >= -1 && ncon < 2; side -= 2) {
    segmentPoint(q2, p2, a2, side);
    mjtNum t1 = clampSym((u - mb * side) / ma, 1);
    segmentPoint(q1, p1, a1, t1);
    ncon += mjc_sphereSphereRaw(con + ncon, margin, q1, r1, q2, r2);
  }
  return ncon;
}
