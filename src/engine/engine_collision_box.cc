// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Box colliders (computation_index.rst "Collision detection / Checking", "Pair-wise colliders"):
// box-box with up to 16 contacts and capsule-box with up to 2. Conventions are in
// engine_collision_primitive.h. A box has center c, rotation R (columns: the box axes in world
// coordinates) and half-sizes s; x = R'(p - c) are the box coordinates of a world point p.
//
// Box-box: separating axis theorem over the 15 candidate axes (3 face normals of each box, in
// the order box 1 then box 2, and the 9 cross products of an edge direction of each). The pair is
// rejected when some axis separates the boxes by more than the margin. Otherwise the face axis
// with the largest signed separation f (first one on ties) and the edge axis with the largest
// separation e are compared: the edge axis is used when e > f (1 - 1e-12), i.e. when it is better
// by a relative 1e-12 (overlapping boxes) or not worse by more (separated boxes); else the face
// axis. Near-ties within rounding (crossed planks: an edge axis along a face normal) follow the
// rounding of the separations, which we evaluate as MuJoCo does (in box 1's frame). The contact
// rule of each case follows MuJoCo's results (see doc/conformance.md#box-box); the geometry below
// is our own construction of it.
//
// Face case (face F of one box, the "face box", normal n towards the other, "incident" box I): D is
// the corner of I deepest along -n, and the incident feature is D extended along the axes of I
// that are within 30 degrees of the plane of F (|n . axis| < 1/2): a vertex, an edge or a face.
// Candidate points, in this order (MuJoCo's order):
//   E  the crossings of the feature's edges (D+e0, D+e1, D+e0+e1, D+e1+e0) with the four side
//      lines of F seen along n (u = -+1, then v = -+1, in the face frame of faceFrame); the
//      corner D itself is not a crossing of the edges from D (it comes with I),
//   R  the corners of F that lie inside the incident face (only when the feature is a face),
//   I  the corners of the feature that lie inside F (D, D+e0, D+e1, D+e0+e1).
// Each point has a height h above F (on the incident feature); points with h <= margin become
// contacts at the midpoint between the incident point and its projection on F, with dist h (the
// full height; MuJoCo before 3.4 reported h / 2 here) and normal n (from geom 1 to geom 2).
//
// Edge case (axis n = a_i x b_j), in box 1's frame: box 1 gives the face F (the face
// containing edge direction i whose outward normal is closest to n), box 2 the incident face G
// (containing edge direction j, normal closest to -n), seen along n. Candidates in the order E
// (G's edges against F's side lines), R (only the first corner of F inside G) and I (G's corners
// inside F); each joins a point of F and a point of G on a line along n, with dist their full
// separation along n, at their midpoint.
//
// Both cases keep a contact only when its position lies inside the face box shrunk by 1% or
// inside the incident box grown by 1%, after growing both by the margin (keepContact). This
// leaves out, with deep overlap and margin 0, points near the sides of the two faces, as MuJoCo
// does (see doc/conformance.md#box-box).
//
// Capsule-box: the capsule is the set of points within radius r of its axis segment, so its
// contact with the box is a sphere-box contact at the segment point closest to (or deepest in)
// the box. That point minimizes the box's signed distance function along the segment, a convex
// function; its minimizer is found exactly among a finite set of candidates (segment ends,
// closest points to the 12 box edges, breakpoints of the piecewise-linear interior distance).
// When the segment is parallel to a box face and its nearest feature is that face, the minimum
// is attained along an interval: both interval ends become contacts (2 contacts). Where this
// differs from MuJoCo's capsule-box contacts: see doc/conformance.md#capsule-box.
//
// Box-box poses whose contacts differ from MuJoCo's (a few edge-case and exactly parallel
// poses): see doc/conformance.md#box-box.

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_primitive.h"

// ---------------------------------------------------------------------------------------------
// helpers

namespace {

// column k of a row-major 3x3 matrix
void column(mjtNum res[3], const mjtNum mat[9], int k) {
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

void boxPose(BoxPose* b, const mjModel* m, const mjData* d, int g) {
  b->c = d->geom_xpos + 3 * g;
  b->mat = d->geom_xmat + 9 * g;
  b->s = m->geom_size + 3 * g;
  for (int k = 0; k < 3; k++) {
    column(b->axis[k], b->mat, k);
  }
}

// box coordinates of world point p
void toBox(mjtNum res[3], const BoxPose* b, const mjtNum p[3]) {
  mjtNum dif[3];
  mju_sub3(dif, p, b->c);
  mju_mulMatTVec3(res, b->mat, dif);
}

// corner of b farthest along dir (axes with dir . axis == 0 take the negative side)
void farCorner(mjtNum D[3], const BoxPose* b, const mjtNum dir[3], mjtNum dots[3]) {
  mju_copy3(D, b->c);
  for (int m = 0; m < 3; m++) {
    dots[m] = mju_dot3(dir, b->axis[m]);
    mju_addToScl3(D, b->axis[m], dots[m] > 0 ? b->s[m] : -b->s[m]);
  }
}

// edge vector of axis m from the far corner (towards the other side of the box)
void featureEdge(mjtNum e[3], const BoxPose* b, int m, mjtNum dot) {
  mju_scl3(e, b->axis[m], (dot > 0 ? -2 : 2) * b->s[m]);
}

// ---------------------------------------------------------------------------------------------
// box-box, face case

// In-plane frame of face k with outward sign sgn, as (axis index, sign) pairs u, v such that
// (u, v, sgn e_k) is right-handed; MuJoCo enumerates the face's side lines and corners in this
// frame (u before v, negative side first), which fixes the order of the contacts.
void faceFrame(int k, mjtNum sgn, int* iu, mjtNum* su, int* iv, mjtNum* sv) {
  if (k == 2) {
    *iu = 0, *su = sgn, *iv = 1, *sv = 1;
  } else if (k == 0) {
    *iu = 2, *su = -sgn, *iv = 1, *sv = 1;
  } else {
    *iu = 0, *su = 1, *iv = 2, *sv = -sgn;
  }
}

// 2D solve of p = s e0 + t e1 in the (a, b) coordinates; returns 0 when e0, e1 are parallel
int solve2(mjtNum* s, mjtNum* t, const mjtNum p[3], const mjtNum e0[3], const mjtNum e1[3], int a,
           int b) {
  mjtNum det = e0[a] * e1[b] - e0[b] * e1[a];
  if (det == 0) {
    return 0;
  }
  *s = (p[a] * e1[b] - p[b] * e1[a]) / det;
  *t = (e0[a] * p[b] - e0[b] * p[a]) / det;
  return 1;
}

// Whether box coordinates x satisfy a |x_k| <= b (s_k + margin) on all three axes. MuJoCo keeps
// a box-box contact only when its position lies inside the box that gives the face F shrunk by
// 1% (a = 1.01, b = 1) or inside the other box grown by 1% (a = 1, b = 1.01), both first grown
// by the margin (see doc/conformance.md#box-box for how the transitions were located).
int withinBox(const mjtNum x[3], const mjtNum s[3], mjtNum margin, mjtNum a, mjtNum b) {
  for (int k = 0; k < 3; k++) {
    if (a * fabs(x[k]) > b * (s[k] + margin)) {
      return 0;
    }
  }
  return 1;
}

// the test above for a contact at world point p: inside the face box ref (box coordinates
// xref of p) or the incident box inc
int keepContact(const BoxPose* ref, const mjtNum xref[3], const BoxPose* inc, const mjtNum p[3],
                mjtNum margin) {
  if (withinBox(xref, ref->s, margin, 1.01, 1)) {
    return 1;
  }
  mjtNum x[3];
  toBox(x, inc, p);
  return withinBox(x, inc->s, margin, 1, 1.01);
}

// Contacts of face k (outward sign sgn, towards box inc) of box ref against box inc, whose
// separation along the face normal is sep; see the file comment. flip: ref is geom 2 (the
// contact normal is then -n).
int faceContacts(mjContact* con, const BoxPose* ref, const BoxPose* inc, int k, mjtNum sgn,
                 int flip, mjtNum sep, mjtNum margin) {
  mjtNum n[3], mn[3], dots[3], Dw[3];
  mju_scl3(n, ref->axis[k], sgn);
  mju_scl3(mn, n, -1);

  // incident feature in ref coordinates: deepest corner D, edges along shallow axes
  farCorner(Dw, inc, mn, dots);
  mjtNum D[3], e[2][3];
  int ne = 0, shallow[2] = {0, 0};
  // (an orthonormal frame has at most two axes this shallow; the count bound keeps e[] in range
  // for frames that rounding or a bad model made less than orthonormal)
  for (int m = 0; m < 3; m++) {
    if (fabs(dots[m]) < 0.5 && ne < 2) {
      mjtNum ew[3];
      featureEdge(ew, inc, m, dots[m]);
      mju_mulMatTVec3(e[ne], ref->mat, ew);
      shallow[ne++] = m;
    }
  }
  toBox(D, ref, Dw);
  const mjtNum* lim = ref->s;
  int iu, iv;
  mjtNum su, sv;
  faceFrame(k, sgn, &iu, &su, &iv, &sv);
  mjtNum tol = 1e-12 * (lim[0] + lim[1] + lim[2]);  // rounding of coordinates in the face

  mjtNum pt[24][3];  // at most 16 crossings, 4 face corners and 4 feature corners
  int np = 0;

  // E: edges D+e0, D+e1, (D+e0)+e1, (D+e1)+e0 against the side lines u = -+1, v = -+1
  mjtNum start[4][3], dir[4][3];
  int nedge = 0;
  if (ne >= 1) {
    mju_copy3(start[nedge], D);
    mju_copy3(dir[nedge++], e[0]);
  }
  if (ne == 2) {
    mju_copy3(start[nedge], D);
    mju_copy3(dir[nedge++], e[1]);
    mju_add3(start[nedge], D, e[0]);
    mju_copy3(dir[nedge++], e[1]);
    mju_add3(start[nedge], D, e[1]);
    mju_copy3(dir[nedge++], e[0]);
  }
  const int line_axis[2] = {iu, iv};
  const mjtNum line_sign[2] = {su, sv};
  for (int i = 0; i < nedge; i++) {
    const mjtNum* P = start[i];
    const mjtNum* E = dir[i];
    for (int l = 0; l < 2; l++) {
      int a = line_axis[l], b = line_axis[1 - l];
      if (E[a] == 0) {
        continue;
      }
      for (int side = -1; side <= 1; side += 2) {
        mjtNum x = side * line_sign[l] * lim[a];
        mjtNum t = (x - P[a]) / E[a];
        // the corner D itself is the I candidate's, not a crossing of the edges from D
        if (t < 0 || t > 1 || (t == 0 && i < 2)) {
          continue;
        }
        mjtNum o = P[b] + t * E[b];
        if (fabs(o) > lim[b]) {
          continue;  // beyond the face (a crossing exactly at a corner of F counts, as in MuJoCo)
        }
        mju_addScl3(pt[np], P, E, t);
        pt[np++][a] = x;
      }
    }
  }

  // R: corners of the face inside the incident face (projected along n)
  if (ne == 2) {
    for (int cu = -1; cu <= 1; cu += 2) {
      for (int cv = -1; cv <= 1; cv += 2) {
        mjtNum corner[3] = {0, 0, 0}, rel[3], s, t;
        corner[iu] = cu * su * lim[iu];
        corner[iv] = cv * sv * lim[iv];
        mju_sub3(rel, corner, D);
        // inside, or on the boundary within rounding (coincident edges of the two faces)
        if (!solve2(&s, &t, rel, e[0], e[1], iu, iv) || s < -1e-12 || s > 1 + 1e-12 || t < -1e-12 ||
            t > 1 + 1e-12) {
          continue;
        }
        mju_copy3(pt[np], D);
        mju_addToScl3(pt[np], e[0], s);
        mju_addToScl3(pt[np], e[1], t);
        np++;
      }
    }
  }

  // I: corners D, D+e0, D+e1, D+e0+e1 of the feature inside the face. When the incident face
  // is exactly parallel to F MuJoCo also keeps D outside the face (with a margin).
  int flat = ne == 2 && dots[shallow[0]] == 0 && dots[shallow[1]] == 0;
  int ncorner = ne == 2 ? 4 : ne + 1;
  for (int i = 0; i < ncorner; i++) {
    mjtNum x[3];
    mju_copy3(x, D);
    if (i & 1) {
      mju_addTo3(x, e[0]);
    }
    if (i & 2) {
      mju_addTo3(x, e[ne == 2 ? 1 : 0]);
    }
    int inside = fabs(x[iu]) <= lim[iu] + tol && fabs(x[iv]) <= lim[iv] + tol;
    if (inside || (i == 0 && flat && margin > 0)) {
      mju_copy3(pt[np++], x);
    }
  }

  // heights above the face; contacts halfway between the incident point and the face. A point
  // found twice (incident corners or edges lying exactly on the side lines of the face) is
  // reported once, as by MuJoCo.
  int ncon = 0;
  for (int i = 0; i < np; i++) {
    int dup = 0;
    for (int j = 0; j < i && !dup; j++) {
      dup = fabs(pt[i][0] - pt[j][0]) <= tol && fabs(pt[i][1] - pt[j][1]) <= tol &&
            fabs(pt[i][2] - pt[j][2]) <= tol;
    }
    if (dup) {
      continue;
    }
    // height above the face: the separation (the height of D) plus the rise from D; the same
    // as sgn x_k - s_k, but exactly the separation for a face parallel to F, as MuJoCo has it
    mjtNum h = sep + sgn * (pt[i][k] - D[k]);
    if (h > margin) {
      continue;
    }
    mjtNum x[3], w[3];
    mju_copy3(x, pt[i]);
    x[k] = sgn * (lim[k] + 0.5 * h);
    mju_mulMatVec3(w, ref->mat, x);
    mju_add3(con[ncon].pos, w, ref->c);
    if (!keepContact(ref, x, inc, con[ncon].pos, margin)) {
      continue;
    }
    con[ncon].dist = h;
    mju_scl3(con[ncon].frame, n, flip ? -1 : 1);
    mju_zero3(con[ncon].frame + 3);
    ncon++;
  }
  return ncon;
}

// ---------------------------------------------------------------------------------------------
// box-box, edge case

// The edge case works in box 1's frame. Box 1 gives the face F (the face containing
// edge direction i whose outward normal is closest to n), box 2 the incident face G (the face
// containing edge direction j whose outward normal is closest to -n), seen along n.
typedef struct {
  mjtNum nb[3];  // n in box 1's frame
  int k;         // F: x_k = g s_k in box 1's frame
  mjtNum g;
  int iu, iv;  // in-plane axes of F (faceFrame order) with their signs
  mjtNum su, sv;
  const mjtNum* s;    // half-sizes of box 1
  const BoxPose* b2;  // box 2 (for the position test of keepContact)
} EdgeRef;

// Projection of point p (box 1 frame) along n onto the plane of F: q = p - lam n, with lam the
// height of p above F along n (lam > 0: outside box 1).
mjtNum projectToFace(mjtNum q[3], const EdgeRef* r, const mjtNum p[3]) {
  mjtNum lam = (p[r->k] - r->g * r->s[r->k]) / r->nb[r->k];
  mju_addScl3(q, p, r->nb, -lam);
  q[r->k] = r->g * r->s[r->k];
  return lam;
}

// One contact between p1 on F and p2 on G (box 1 frame) with p2 = p1 + dist n, appended unless
// farther apart than the margin or at the place of an earlier one (coincident features of the
// two faces find the same point several times; within tol).
int edgePairContact(mjContact* con, int ncon, const BoxPose* b1, const EdgeRef* r,
                    const mjtNum p1[3], const mjtNum p2[3], mjtNum dist, mjtNum margin,
                    mjtNum tol) {
  if (dist > margin) {
    return 0;
  }
  mjtNum mid[3], pos[3];
  mju_add3(mid, p1, p2);
  mju_scl3(mid, mid, 0.5);
  mju_mulMatVec3(pos, b1->mat, mid);
  mju_addTo3(pos, b1->c);
  if (!keepContact(b1, mid, r->b2, pos, margin)) {
    return 0;
  }
  for (int i = 0; i < ncon; i++) {
    if (fabs(con[i].pos[0] - pos[0]) <= tol && fabs(con[i].pos[1] - pos[1]) <= tol &&
        fabs(con[i].pos[2] - pos[2]) <= tol) {
      return 0;
    }
  }
  con += ncon;
  mju_copy3(con->pos, pos);
  con->dist = dist;
  mju_mulMatVec3(con->frame, b1->mat, r->nb);
  mju_zero3(con->frame + 3);
  return 1;
}

// Contacts for the edge axis n = a_i x b_j (unit, from box 1 to box 2). G is parametrized from
// its corner D (deepest along -n on G's normal and in-plane axis m, on the positive side of
// the edge axis j, which is perpendicular to n) as D + s ej + t em, s, t in [0, 1]. Candidates,
// in MuJoCo's order:
//   E  crossings of G's edges D+ej, D+em, (D+ej)+em, (D+em)+ej with the side lines of F
//      (u = -+, then v = -+, faceFrame order), within F;
//   R  the first corner of F (faceFrame order) that lies inside G; MuJoCo considers no
//      further corner of F, and the margin test comes after this choice;
//   I  the corners D, D+ej, D+em, D+ej+em of G inside F.
// Each pairs a point of F with a point of G on a line along n; dist is their separation.
int edgeContacts(mjContact* con, const BoxPose* b1, const BoxPose* b2, int i, int j,
                 const mjtNum n[3], mjtNum margin) {
  EdgeRef r;
  r.s = b1->s;
  r.b2 = b2;
  mju_mulMatTVec3(r.nb, b1->mat, n);
  int a = (i + 1) % 3, b = (i + 2) % 3;
  r.k = fabs(r.nb[a]) > fabs(r.nb[b]) ? a : fabs(r.nb[b]) > fabs(r.nb[a]) ? b : mjMAX(a, b);
  r.g = r.nb[r.k] > 0 ? 1 : -1;
  faceFrame(r.k, r.g, &r.iu, &r.su, &r.iv, &r.sv);

  // incident face G of box 2 and its parametrization, in box 1's frame
  mjtNum dots[3];
  for (int q = 0; q < 3; q++) {
    dots[q] = mju_dot3(n, b2->axis[q]);
  }
  a = (j + 1) % 3, b = (j + 2) % 3;
  int k2 = fabs(dots[a]) > fabs(dots[b]) ? a : fabs(dots[b]) > fabs(dots[a]) ? b : mjMAX(a, b);
  int m2 = 3 - j - k2;
  mjtNum x2[3], w[3], D[3], ej[3], em[3];
  x2[j] = b2->s[j];
  x2[k2] = dots[k2] < 0 ? b2->s[k2] : -b2->s[k2];
  x2[m2] = dots[m2] < 0 ? b2->s[m2] : -b2->s[m2];
  mju_mulMatVec3(w, b2->mat, x2);
  mju_addTo3(w, b2->c);
  toBox(D, b1, w);
  mju_scl3(w, b2->axis[j], -2 * x2[j]);
  mju_mulMatTVec3(ej, b1->mat, w);
  mju_scl3(w, b2->axis[m2], -2 * x2[m2]);
  mju_mulMatTVec3(em, b1->mat, w);

  int ncon = 0;
  mjtNum tol = 1e-12 * (b1->s[0] + b1->s[1] + b1->s[2] + b2->s[0] + b2->s[1] + b2->s[2]);

  // E: G's edges against F's side lines
  mjtNum start[4][3], dir[4][3];
  mju_copy3(start[0], D);
  mju_copy3(dir[0], ej);
  mju_copy3(start[1], D);
  mju_copy3(dir[1], em);
  mju_add3(start[2], D, ej);
  mju_copy3(dir[2], em);
  mju_add3(start[3], D, em);
  mju_copy3(dir[3], ej);
  const int line_axis[2] = {r.iu, r.iv};
  const mjtNum line_sign[2] = {r.su, r.sv};
  for (int e = 0; e < 4; e++) {
    // projections of the edge's start and direction onto F (direction: linear part only)
    mjtNum P[3], E[3];
    mjtNum lam0 = projectToFace(P, &r, start[e]);
    mjtNum dlam = dir[e][r.k] / r.nb[r.k];
    mju_addScl3(E, dir[e], r.nb, -dlam);
    for (int l = 0; l < 2; l++) {
      int la = line_axis[l], lb = line_axis[1 - l];
      if (E[la] == 0) {
        continue;
      }
      for (int side = -1; side <= 1; side += 2) {
        mjtNum x = side * line_sign[l] * r.s[la];
        mjtNum t = (x - P[la]) / E[la];
        if (t < 0 || t > 1) {
          continue;
        }
        mjtNum o = P[lb] + t * E[lb];
        if (fabs(o) > r.s[lb]) {
          continue;
        }
        mjtNum p1[3], p2[3];
        mju_addScl3(p1, P, E, t);
        p1[la] = x;
        mju_addScl3(p2, start[e], dir[e], t);
        ncon += edgePairContact(con, ncon, b1, &r, p1, p2, lam0 + t * dlam, margin, tol);
      }
    }
  }

  // R: the first corner of F inside G (G projected onto F along n, solved in F's coordinates)
  mjtNum Dp[3], ejp[3], emp[3];
  projectToFace(Dp, &r, D);
  mju_addScl3(ejp, ej, r.nb, -ej[r.k] / r.nb[r.k]);
  mju_addScl3(emp, em, r.nb, -em[r.k] / r.nb[r.k]);
  int found = 0;
  for (int cu = -1; cu <= 1 && !found; cu += 2) {
    for (int cv = -1; cv <= 1 && !found; cv += 2) {
      mjtNum c[3], rel[3], s, t;
      c[r.k] = r.g * r.s[r.k];
      c[r.iu] = cu * r.su * r.s[r.iu];
      c[r.iv] = cv * r.sv * r.s[r.iv];
      mju_sub3(rel, c, Dp);
      if (!solve2(&s, &t, rel, ejp, emp, r.iu, r.iv) || s < 0 || s > 1 || t < 0 || t > 1) {
        continue;
      }
      found = 1;
      mjtNum p2[3];
      mju_copy3(p2, D);
      mju_addToScl3(p2, ej, s);
      mju_addToScl3(p2, em, t);
      mjtNum q[3];
      mjtNum lam = projectToFace(q, &r, p2);
      ncon += edgePairContact(con, ncon, b1, &r, c, p2, lam, margin, tol);
    }
  }

  // I: corners of G inside F
  for (int c = 0; c < 4; c++) {
    mjtNum p2[3], p1[3];
    mju_copy3(p2, D);
    if (c & 1) {
      mju_addTo3(p2, ej);
    }
    if (c & 2) {
      mju_addTo3(p2, em);
    }
    mjtNum lam = projectToFace(p1, &r, p2);
    if (fabs(p1[r.iu]) <= r.s[r.iu] && fabs(p1[r.iv]) <= r.s[r.iv]) {
      ncon += edgePairContact(con, ncon, b1, &r, p1, p2, lam, margin, tol);
    }
  }
  return ncon;
}

}  // namespace

int mjc_BoxBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  BoxPose b1, b2;
  boxPose(&b1, m, d, g1);
  boxPose(&b2, m, d, g2);
  mjtNum dif[3];
  mju_sub3(dif, b2.c, b1.c);

  // face axes: box 1 (0..2), box 2 (3..5). The separation along face k of one box is
  // |c| - s_k - sum_j s'_j |axis_k . axis'_j| (c: the center offset along the axis), evaluated
  // in this order: touching stacks sit at separation 0 within rounding, and this order decides
  // them as MuJoCo does (see doc/conformance.md#box-box).
  mjtNum rot[3][3];  // rot[i][j] = box 1 axis i . box 2 axis j
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      rot[i][j] = mju_dot3(b1.axis[i], b2.axis[j]);
    }
  }
  int best = -1;
  mjtNum fsep = -mjMAXVAL, fsgn = 1;
  for (int a = 0; a < 6; a++) {
    int k = a % 3;
    const BoxPose* own = a < 3 ? &b1 : &b2;
    const BoxPose* other = a < 3 ? &b2 : &b1;
    mjtNum c = mju_dot3(own->axis[k], dif);
    mjtNum r = 0;
    for (int j = 0; j < 3; j++) {
      r += other->s[j] * fabs(a < 3 ? rot[k][j] : rot[j][k]);
    }
    mjtNum sep = fabs(c) - own->s[k] - r;
    if (sep > margin) {
      return 0;
    }
    if (best < 0 || sep > fsep) {  // the first axis always counts (sizes beyond mjMAXVAL)
      fsep = sep;
      best = a;
      fsgn = c >= 0 ? 1 : -1;
    }
  }

  // edge axes (parallel edges give no axis), evaluated in box 1's frame: the axis is
  // u = e_i x r_j with r_j = box 2's axis j in that frame (the column j of rot), the offset is
  // p = R1' (c2 - c1); this evaluation reproduces MuJoCo's separations to the last bits
  // (they decide near-ties with the face axes, e.g. crossed planks)
  mjtNum p[3];
  mju_mulMatTVec3(p, b1.mat, dif);
  int ebest = -1;
  mjtNum esep = -mjMAXVAL, en[3] = {0, 0, 0};
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      mjtNum ei[3] = {0, 0, 0}, rj[3] = {rot[0][j], rot[1][j], rot[2][j]}, u[3];
      ei[i] = 1;
      mju_cross(u, ei, rj);
      mjtNum len = mju_norm3(u);
      if (len < mjMINVAL) {
        continue;
      }
      mju_scl3(u, u, 1 / len);
      mjtNum c = mju_dot3(u, p);
      mjtNum r1 = 0, r2 = 0;
      for (int k = 0; k < 3; k++) {
        mjtNum rk[3] = {rot[0][k], rot[1][k], rot[2][k]};
        r1 += b1.s[k] * fabs(u[k]);
        r2 += b2.s[k] * fabs(mju_dot3(u, rk));
      }
      mjtNum sep = fabs(c) - r1 - r2;
      if (sep > margin) {
        return 0;
      }
      if (sep > esep) {
        esep = sep;
        ebest = 3 * i + j;
        mju_mulMatVec3(en, b1.mat, u);  // back to world coordinates
        mju_scl3(en, en, c >= 0 ? 1 : -1);
      }
    }
  }

  // The edge axis must be better by a relative 1e-12 when the boxes overlap, and may be worse by
  // as much when they are apart (MuJoCo's threshold is f (1 - 1e-12);
  // exact ties go to the face axis when the boxes overlap or touch, to the edge axis when apart).
  mjtNum tol = 1e-12 * fabs(fsep);
  if (ebest >= 0 && (fsep <= 0 ? esep > fsep + tol : esep > fsep - tol)) {
    return edgeContacts(con, &b1, &b2, ebest / 3, ebest % 3, en, margin);
  }
  if (best < 3) {
    return faceContacts(con, &b1, &b2, best, fsgn, 0, fsep, margin);
  }
  return faceContacts(con, &b2, &b1, best - 3, -fsgn, 1, fsep, margin);
}

// ---------------------------------------------------------------------------------------------
// capsule-box

namespace {

// closest points of segments p + s a and q + t b, s, t in [-1, 1]; returns s, t
void segmentClosest(const mjtNum p[3], const mjtNum a[3], const mjtNum q[3], const mjtNum b[3],
                    mjtNum* s, mjtNum* t) {
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

// signed distance of box coordinates x from the box surface (negative inside)
mjtNum boxSdf(const mjtNum x[3], const mjtNum s[3]) {
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
mjtNum segmentSdf(const mjtNum P[3], const mjtNum A[3], const mjtNum s[3], mjtNum t) {
  mjtNum x[3];
  mju_addScl3(x, P, A, t);
  return boxSdf(x, s);
}

// Candidate segment parameters where the convex function sdf(P + t A) can attain its minimum:
// the ends; the closest points to each of the 12 box edges (outside minima); the points where
// the segment crosses a coordinate plane x_k = 0 or where two interior face distances
// |x_j| - s_j and |x_k| - s_k are equal (kinks of the piecewise-linear interior part).
int segmentCandidates(const mjtNum P[3], const mjtNum A[3], const mjtNum s[3], mjtNum t[80]) {
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
int sphereBoxRaw(mjContact* con, const BoxPose* b, const mjtNum p[3], mjtNum r, mjtNum margin) {
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

}  // namespace

int mjc_CapsuleBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
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
