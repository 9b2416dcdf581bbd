// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Box colliders (computation_index.rst "Collision detection / Checking", "Pair-wise colliders"):
// box-box with up to 8 contacts and capsule-box with up to 2. Conventions are in
// engine_collision_primitive.h. A box has center c, rotation R (columns: the box axes in world
// coordinates) and half-sizes s; x = R'(p - c) are the box coordinates of a world point p.
//
// Box-box: separating axis theorem over the 15 candidate axes (3 face normals of each box and
// the 9 cross products of an edge of each), choosing the axis of least penetration (largest
// signed separation). Face axes win exact ties over edge axes, and edge axes of (nearly)
// parallel edges are skipped (the face axes cover them). For a face axis the face of the other
// box that is most anti-parallel ("incident face") is clipped against the side planes of the
// reference face (Sutherland-Hodgman); every clipped vertex within the margin becomes a
// contact. For an edge axis the two supporting edges give one contact at their closest points.
// Distance convention measured on MuJoCo 3.3.8 (oracle): a face contact at signed distance d
// from the reference face (measured along the normal) reports d / 2 when the boxes overlap and
// d when they are separated (within the margin); its position is the midpoint between the
// incident point and its projection on the reference face. An edge contact reports the full
// separation along the edge axis, at the midpoint of the edges' closest points.
// Known differences from the reference (see test/collision_primitive_test.cc): in the face case
// the reference drops some of the shallower clipped points, and in the edge case it adds
// further contacts (with the edge normal) to the edge contact; the contacts we produce are then
// a superset (face) or a subset (edge) of the reference's, with identical normals.
//
// Capsule-box: the capsule is the set of points within radius r of its axis segment, so its
// contact with the box is a sphere-box contact at the segment point closest to (or deepest in)
// the box. That point minimizes the box's signed distance function along the segment, a convex
// function; its minimizer is found exactly among a finite set of candidates (segment ends,
// closest points to the 12 box edges, breakpoints of the piecewise-linear interior distance).
// When the segment is parallel to a box face and its nearest feature is that face, the minimum
// is attained along an interval: both interval ends become contacts (2 contacts).
// Known differences from the reference: it sometimes adds a second contact (e.g. at the other
// segment end) to ours, and when the segment enters the box it picks a shallower point than the
// deepest one reported here.

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_primitive.h"

// ---------------------------------------------------------------------------------------------
// helpers

// column k of a row-major 3x3 matrix
static void column(mjtNum res[3], const mjtNum mat[9], int k) {
  res[0] = mat[k];
  res[1] = mat[3 + k];
  res[2] = mat[6 + k];
}

// a box seen through its world pose
typedef struct {
  const mjtNum* c;    // center
  const mjtNum* mat;  // rotation, row-major; column k = axis k
  const mjtNum* s;    // half-sizes
  mjtNum axis[3][3];  // axis k in world coordinates
} BoxPose;

static void boxPose(BoxPose* b, const mjModel* m, const mjData* d, int g) {
  b->c = d->geom_xpos + 3 * g;
  b->mat = d->geom_xmat + 9 * g;
  b->s = m->geom_size + 3 * g;
  for (int k = 0; k < 3; k++) {
    column(b->axis[k], b->mat, k);
  }
}

// half-extent of box b projected on the unit direction n: sum_k s_k |n . axis_k|
static mjtNum boxRadius(const BoxPose* b, const mjtNum n[3]) {
  mjtNum r = 0;
  for (int k = 0; k < 3; k++) {
    r += b->s[k] * fabs(mju_dot3(n, b->axis[k]));
  }
  return r;
}

// MuJoCo's box-box distance convention for face contacts (see the file comment): halved when
// the boxes overlap (negative separation along the chosen axis)
static mjtNum faceDist(mjtNum d, mjtNum sep) {
  return sep < 0 ? 0.5 * d : d;
}

// ---------------------------------------------------------------------------------------------
// box-box, face case

// Clips the polygon poly[n][2] against u_k <= lim (sign +1) or -u_k <= lim (sign -1); writes the
// result to out and returns its number of vertices (at most n + 1).
static int clipPolygon(mjtNum out[][2], const mjtNum poly[][2], int n, int k, mjtNum sign,
                       mjtNum lim) {
  int nout = 0;
  for (int i = 0; i < n; i++) {
    const mjtNum* a = poly[i];
    const mjtNum* b = poly[(i + 1) % n];
    mjtNum da = sign * a[k] - lim, db = sign * b[k] - lim;  // <= 0: inside
    if (da <= 0) {
      out[nout][0] = a[0];
      out[nout][1] = a[1];
      nout++;
    }
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
      mjtNum t = da / (da - db);
      out[nout][0] = a[0] + t * (b[0] - a[0]);
      out[nout][1] = a[1] + t * (b[1] - a[1]);
      nout++;
    }
  }
  return nout;
}

// Contacts of the face of box `ref` with axis k and outward sign `sgn` (pointing towards box
// `inc`) against the incident face of box `inc`. `flip` is 1 when ref is geom2 (the contact
// normal, from geom1 to geom2, is then the opposite of the face normal). `sep` is the boxes'
// separation along the face normal.
static int faceContacts(mjContact* con, const BoxPose* ref, const BoxPose* inc, int k,
                        mjtNum sgn, int flip, mjtNum sep, mjtNum margin) {
  mjtNum n[3];
  mju_scl3(n, ref->axis[k], sgn);

  // incident face: the face of inc whose outward normal is most anti-parallel to n
  int j = 0;
  mjtNum best = 0, sj = 1;
  for (int i = 0; i < 3; i++) {
    mjtNum dot = mju_dot3(n, inc->axis[i]);
    if (fabs(dot) > best) {
      best = fabs(dot);
      j = i;
      sj = dot > 0 ? -1 : 1;
    }
  }

  // its 4 corners in ref's coordinates, in order around the face
  int u = (j + 1) % 3, v = (j + 2) % 3;
  const mjtNum su[4] = {1, -1, -1, 1}, sv[4] = {1, 1, -1, -1};
  mjtNum corner[4][3];
  for (int i = 0; i < 4; i++) {
    mjtNum p[3], dif[3];
    mju_addScl3(p, inc->c, inc->axis[j], sj * inc->s[j]);
    mju_addToScl3(p, inc->axis[u], su[i] * inc->s[u]);
    mju_addToScl3(p, inc->axis[v], sv[i] * inc->s[v]);
    mju_sub3(dif, p, ref->c);
    mju_mulMatTVec3(corner[i], ref->mat, dif);
  }

  // clip in the plane of ref's face: coordinates (a, b) are ref axes ka, kb
  int ka = (k + 1) % 3, kb = (k + 2) % 3;
  mjtNum poly[2][8][2];
  for (int i = 0; i < 4; i++) {
    poly[0][i][0] = corner[i][ka];
    poly[0][i][1] = corner[i][kb];
  }
  // the depth of a clipped point is affine in (a, b): interpolate it with the same clipping
  // (planar incident face), here by solving for it from three corners
  int np = 4, cur = 0;
  const mjtNum lims[2] = {ref->s[ka], ref->s[kb]};
  for (int axis = 0; axis < 2; axis++) {
    for (int side = 1; side >= -1; side -= 2) {
      np = clipPolygon(poly[1 - cur], poly[cur], np, axis, side, lims[axis]);
      cur = 1 - cur;
      if (!np) {
        return 0;
      }
    }
  }

  // height above ref's face along k as an affine function h(a, b) of the incident plane
  mjtNum e1[3], e2[3], pn[3];
  mju_sub3(e1, corner[1], corner[0]);
  mju_sub3(e2, corner[3], corner[0]);
  mju_cross(pn, e1, e2);
  if (fabs(pn[k]) < mjMINVAL) {
    return 0;  // incident face perpendicular to the reference face: degenerate
  }

  int ncon = 0;
  for (int i = 0; i < np && ncon < mjMAXCONPAIR; i++) {
    mjtNum x[3];
    x[ka] = poly[cur][i][0];
    x[kb] = poly[cur][i][1];
    // plane through corner[0] with normal pn: pn . (x - corner0) = 0
    x[k] = corner[0][k] - (pn[ka] * (x[ka] - corner[0][ka]) + pn[kb] * (x[kb] - corner[0][kb])) /
                              pn[k];
    mjtNum depth = sgn * x[k] - ref->s[k];  // signed distance above the face
    if (depth > margin) {
      continue;
    }
    // midpoint of the point and its projection on the face
    mjtNum mid[3], w[3];
    mju_copy3(mid, x);
    mid[k] -= 0.5 * sgn * depth;
    mju_mulMatVec3(w, ref->mat, mid);
    mju_add3(con[ncon].pos, w, ref->c);
    con[ncon].dist = faceDist(depth, sep);
    mju_scl3(con[ncon].frame, n, flip ? -1 : 1);
    mju_zero3(con[ncon].frame + 3);
    ncon++;
  }
  return ncon;
}

// ---------------------------------------------------------------------------------------------
// box-box, edge case

// closest points of segments p + s a and q + t b, s, t in [-1, 1]; returns s, t
static void segmentClosest(const mjtNum p[3], const mjtNum a[3], const mjtNum q[3],
                           const mjtNum b[3], mjtNum* s, mjtNum* t) {
  mjtNum dif[3];
  mju_sub3(dif, p, q);
  mjtNum aa = mju_dot3(a, a), bb = mju_dot3(b, b), ab = mju_dot3(a, b);
  mjtNum ad = mju_dot3(a, dif), bd = mju_dot3(b, dif);
  mjtNum det = aa * bb - ab * ab;
  mjtNum ss = 0, tt;
  if (det > mjMINVAL * aa * bb) {
    ss = mju_clip((ab * bd - bb * ad) / det, -1, 1);
  }
  tt = mju_clip((bd + ab * ss) / bb, -1, 1);
  ss = mju_clip((ab * tt - ad) / aa, -1, 1);
  *s = ss;
  *t = tt;
}

// edge i of box 1 against edge j of box 2 along the separating axis n (unit, from box 1 to
// box 2) with signed separation sep
static int edgeContact(mjContact* con, const BoxPose* b1, const BoxPose* b2, int i, int j,
                       const mjtNum n[3], mjtNum sep) {
  // supporting edges: box 1's edge farthest along n, box 2's farthest along -n
  mjtNum p[3], q[3], a[3], b[3];
  mju_copy3(p, b1->c);
  mju_copy3(q, b2->c);
  for (int k = 0; k < 3; k++) {
    if (k != i) {
      mjtNum dot = mju_dot3(n, b1->axis[k]);
      mju_addToScl3(p, b1->axis[k], dot > 0 ? b1->s[k] : -b1->s[k]);
    }
    if (k != j) {
      mjtNum dot = mju_dot3(n, b2->axis[k]);
      mju_addToScl3(q, b2->axis[k], dot > 0 ? -b2->s[k] : b2->s[k]);
    }
  }
  mju_scl3(a, b1->axis[i], b1->s[i]);
  mju_scl3(b, b2->axis[j], b2->s[j]);
  mjtNum s, t;
  segmentClosest(p, a, q, b, &s, &t);
  mjtNum x1[3], x2[3];
  mju_addScl3(x1, p, a, s);
  mju_addScl3(x2, q, b, t);
  mju_add3(con->pos, x1, x2);
  mju_scl3(con->pos, con->pos, 0.5);
  con->dist = sep;
  mju_copy3(con->frame, n);
  mju_zero3(con->frame + 3);
  return 1;
}

int mjc_BoxBox(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
               mjtNum margin) {
  BoxPose b1, b2;
  boxPose(&b1, m, d, g1);
  boxPose(&b2, m, d, g2);
  mjtNum dif[3];
  mju_sub3(dif, b2.c, b1.c);

  // face axes: box 1 (0..2), box 2 (3..5)
  int best = -1;
  mjtNum bestsep = -mjMAXVAL, bestsgn = 1;
  for (int a = 0; a < 6; a++) {
    const mjtNum* n = a < 3 ? b1.axis[a] : b2.axis[a - 3];
    mjtNum c = mju_dot3(n, dif);
    mjtNum sep = fabs(c) - boxRadius(&b1, n) - boxRadius(&b2, n);
    if (sep > margin) {
      return 0;
    }
    if (sep > bestsep) {
      bestsep = sep;
      best = a;
      bestsgn = c >= 0 ? 1 : -1;
    }
  }

  // edge axes: only when clearly better than the best face axis (relative tolerance)
  int ebest = -1;
  mjtNum esep = -mjMAXVAL, en[3] = {0, 0, 0};
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      mjtNum n[3];
      mju_cross(n, b1.axis[i], b2.axis[j]);
      mjtNum len = mju_norm3(n);
      if (len < 1e-6) {
        continue;  // parallel edges: covered by the face axes
      }
      mju_scl3(n, n, 1 / len);
      mjtNum c = mju_dot3(n, dif);
      mjtNum sep = fabs(c) - boxRadius(&b1, n) - boxRadius(&b2, n);
      if (sep > margin) {
        return 0;
      }
      if (sep > esep) {
        esep = sep;
        ebest = 3 * i + j;
        mju_scl3(en, n, c >= 0 ? 1 : -1);
      }
    }
  }
  // an edge axis wins when strictly better than every face axis (as the reference: the planks
  // model has nearly parallel edges where the edge axis is better by ~1e-7 and is chosen)
  if (ebest >= 0 && esep > bestsep) {
    return edgeContact(con, &b1, &b2, ebest / 3, ebest % 3, en, esep);
  }

  if (best < 3) {
    return faceContacts(con, &b1, &b2, best, bestsgn, 0, bestsep, margin);
  }
  return faceContacts(con, &b2, &b1, best - 3, -bestsgn, 1, bestsep, margin);
}

// ---------------------------------------------------------------------------------------------
// capsule-box

// signed distance of box coordinates x from the box surface (negative inside)
static mjtNum boxSdf(const mjtNum x[3], const mjtNum s[3]) {
  mjtNum out = 0, in = -mjMAXVAL;
  for (int k = 0; k < 3; k++) {
    mjtNum q = fabs(x[k]) - s[k];
    if (q > 0) {
      out += q * q;
    }
    in = mjMAX(in, q);
  }
  return out > 0 ? sqrt(out) : mjMIN(in, 0);
}

// value of the box sdf at segment point P + t A (box coordinates)
static mjtNum segmentSdf(const mjtNum P[3], const mjtNum A[3], const mjtNum s[3], mjtNum t) {
  mjtNum x[3];
  mju_addScl3(x, P, A, t);
  return boxSdf(x, s);
}

// Candidate segment parameters where the convex function sdf(P + t A) can attain its minimum:
// the ends; the closest points to each of the 12 box edges (outside minima); the points where
// the segment crosses a coordinate plane x_k = 0 or where two interior face distances
// |x_j| - s_j and |x_k| - s_k are equal (kinks of the piecewise-linear interior part).
static int segmentCandidates(const mjtNum P[3], const mjtNum A[3], const mjtNum s[3],
                             mjtNum t[80]) {
  int n = 0;
  t[n++] = -1;
  t[n++] = 1;
  for (int k = 0; k < 3; k++) {
    int u = (k + 1) % 3, v = (k + 2) % 3;
    // edges parallel to axis k at (+-s_u, +-s_v)
    for (int cu = -1; cu <= 1; cu += 2) {
      for (int cv = -1; cv <= 1; cv += 2) {
        mjtNum q[3], b[3] = {0, 0, 0}, ts, te;
        q[k] = 0;
        q[u] = cu * s[u];
        q[v] = cv * s[v];
        b[k] = s[k];
        segmentClosest(P, A, q, b, &ts, &te);
        t[n++] = ts;
      }
    }
    // crossings of the planes x_k = 0 and x_k = +-s_k (ends of flat stretches over a face)
    if (fabs(A[k]) > mjMINVAL) {
      t[n++] = -P[k] / A[k];
      t[n++] = (s[k] - P[k]) / A[k];
      t[n++] = (-s[k] - P[k]) / A[k];
    }
    // |x_u| - s_u = |x_k| - s_k for sign choices: su x_u - s_u = sk x_k - s_k
    for (int su = -1; su <= 1; su += 2) {
      for (int sk = -1; sk <= 1; sk += 2) {
        mjtNum den = su * A[u] - sk * A[k];
        if (fabs(den) > mjMINVAL) {
          t[n++] = (s[u] - s[k] - su * P[u] + sk * P[k]) / den;
        }
      }
    }
  }
  return n;
}

// sphere (center p world, radius r) against the box: mjc_SphereBox's geometry
static int sphereBoxRaw(mjContact* con, const BoxPose* b, const mjtNum p[3], mjtNum r,
                        mjtNum margin) {
  mjtNum dif[3], x[3], q[3];
  mju_sub3(dif, p, b->c);
  mju_mulMatTVec3(x, b->mat, dif);
  int inside = 1;
  for (int k = 0; k < 3; k++) {
    q[k] = mju_clip(x[k], -b->s[k], b->s[k]);
    inside &= q[k] == x[k];
  }
  if (!inside) {
    mjtNum qw[3];
    mju_mulMatVec3(qw, b->mat, q);
    mju_addTo3(qw, b->c);
    return mjc_sphereSphereRaw(con, margin, p, r, qw, 0);
  }
  // nearest face; faces equally near within rounding (typical at the deepest point of a segment,
  // where two face distances cross) go to the lowest axis, independently of rounding noise
  int k = 0;
  mjtNum depth = b->s[0] - fabs(x[0]);
  mjtNum tol = 1e-10 * (b->s[0] + b->s[1] + b->s[2]);
  for (int i = 1; i < 3; i++) {
    if (b->s[i] - fabs(x[i]) < depth - tol) {
      depth = b->s[i] - fabs(x[i]);
      k = i;
    }
  }
  mjtNum dist = -depth - r;
  if (dist > margin) {
    return 0;
  }
  // normal into the box through the nearest face; a center on the mid-plane x_k = 0 (within
  // rounding) is a tie between the two faces, resolved as +e_k independently of rounding noise
  mjtNum n[3];
  mju_scl3(n, b->axis[k], x[k] > 1e-10 * b->s[k] ? -1 : 1);
  con->dist = dist;
  mju_addScl3(con->pos, p, n, r + 0.5 * dist);
  mju_copy3(con->frame, n);
  mju_zero3(con->frame + 3);
  return 1;
}

int mjc_CapsuleBox(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                   mjtNum margin) {
  BoxPose b;
  boxPose(&b, m, d, g2);
  const mjtNum* pc = d->geom_xpos + 3 * g1;
  mjtNum r = m->geom_size[3 * g1], h = m->geom_size[3 * g1 + 1];
  mjtNum axis[3], dif[3], P[3], A[3];
  column(axis, d->geom_xmat + 9 * g1, 2);
  mju_sub3(dif, pc, b.c);
  mju_mulMatTVec3(P, b.mat, dif);
  mju_mulMatTVec3(A, b.mat, axis);
  mju_scl3(A, A, h);

  // exact minimizer among the candidates
  mjtNum cand[80];
  int nc = segmentCandidates(P, A, b.s, cand);
  mjtNum tbest = -1, fbest = mjMAXVAL;
  for (int i = 0; i < nc; i++) {
    if (cand[i] < -1 || cand[i] > 1) {
      continue;
    }
    mjtNum f = segmentSdf(P, A, b.s, cand[i]);
    if (f < fbest) {
      fbest = f;
      tbest = cand[i];
    }
  }
  if (fbest - r > margin) {
    return 0;
  }

  // flat minimum: the segment is parallel to the nearest face; the interval of minimizers is
  // found among the candidates (the function is convex, so minimizers form an interval)
  mjtNum tol = 1e-10 * (h + b.s[0] + b.s[1] + b.s[2]);
  mjtNum tlo = tbest, thi = tbest;
  for (int i = 0; i < nc; i++) {
    if (cand[i] >= -1 && cand[i] <= 1 && segmentSdf(P, A, b.s, cand[i]) <= fbest + tol) {
      tlo = mjMIN(tlo, cand[i]);
      thi = mjMAX(thi, cand[i]);
    }
  }

  mjtNum p[3];
  if (thi - tlo > 1e-6) {
    int ncon = 0;
    mju_addScl3(p, pc, axis, h * tlo);
    ncon += sphereBoxRaw(con + ncon, &b, p, r, margin);
    mju_addScl3(p, pc, axis, h * thi);
    ncon += sphereBoxRaw(con + ncon, &b, p, r, margin);
    return ncon;
  }
  mju_addScl3(p, pc, axis, h * tbest);
  return sphereBoxRaw(con, &b, p, r, margin);
}
