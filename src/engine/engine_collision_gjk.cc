// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Native convex collision (computation_index.rst "Convex collisions", native pipeline): the
// signed distance between two convex sets A and B is found on their Minkowski difference
// M = A - B = {a - b}, whose support point in direction u is s_A(u) - s_B(-u).
//   - A and B are disjoint iff the origin is outside M, and then dist(A, B) = min |x| over M.
//     GJK (Gilbert-Johnson-Keerthi) finds that point: it keeps a simplex of at most 4 points of
//     M, replaces it by the face closest to the origin, and adds the support point in the
//     direction of the origin, until the lower bound v.w/|v| and the upper bound |v| agree to
//     within ccd_tolerance.
//   - If the origin is inside M, the penetration depth is the distance from the origin to the
//     boundary of M. EPA (expanding polytope) grows a polytope inside M, starting from GJK's
//     final simplex, by repeatedly adding the support point along the normal of the face closest
//     to the origin, until that face is within ccd_tolerance of M's boundary.
// The witness points on A and B are the barycentric combinations of the A- and B-parts of the
// vertices of the final simplex / face. The legacy pipeline (nativeccd disabled) uses libccd's
// Minkowski Portal Refinement instead (mjc_mprPenetration at the end of this file).

#include <math.h>
#include <string.h>

#include <ccd/ccd.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"

namespace {

// ---------------------------------------------------------------------------------------------
// small vector helpers (kept local: inner loops of GJK/EPA)

inline void sub3(mjtNum r[3], const mjtNum a[3], const mjtNum b[3]) {
  r[0] = a[0] - b[0];
  r[1] = a[1] - b[1];
  r[2] = a[2] - b[2];
}

inline mjtNum dot3(const mjtNum a[3], const mjtNum b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

inline void cross3(mjtNum r[3], const mjtNum a[3], const mjtNum b[3]) {
  mjtNum x = a[1] * b[2] - a[2] * b[1];
  mjtNum y = a[2] * b[0] - a[0] * b[2];
  mjtNum z = a[0] * b[1] - a[1] * b[0];
  r[0] = x;
  r[1] = y;
  r[2] = z;
}

inline void copy3(mjtNum r[3], const mjtNum a[3]) {
  r[0] = a[0];
  r[1] = a[1];
  r[2] = a[2];
}

inline void scl3(mjtNum r[3], const mjtNum a[3], mjtNum s) {
  r[0] = a[0] * s;
  r[1] = a[1] * s;
  r[2] = a[2] * s;
}

// ---------------------------------------------------------------------------------------------
// points of the Minkowski difference, with their parts on A and B

struct MinkPoint {
  mjtNum w[3];  // a - b
  mjtNum a[3];  // support point of A
  mjtNum b[3];  // support point of B
};

// support point of M = A - B in direction dir
void minkSupport(MinkPoint* p, mjCCDObj* obj1, mjCCDObj* obj2, const mjtNum dir[3]) {
  mjtNum neg[3] = {-dir[0], -dir[1], -dir[2]};
  obj1->support(p->a, obj1, dir);
  obj2->support(p->b, obj2, neg);
  sub3(p->w, p->a, p->b);
}

// ---------------------------------------------------------------------------------------------
// GJK: closest point of a simplex to the origin (Voronoi-region tests, Ericson "Real-Time
// Collision Detection" 5.1). Each routine writes the closest point v and reduces the simplex to
// the points whose convex combination (weights lambda) gives v.

struct Simplex {
  MinkPoint p[4];
  mjtNum lambda[4];
  int n;
};

// keeps the points with the given indices (in order) and their weights
void keep(Simplex* s, const int* idx, const mjtNum* lam, int n) {
  MinkPoint tmp[4];
  for (int i = 0; i < n; i++) tmp[i] = s->p[idx[i]];
  for (int i = 0; i < n; i++) {
    s->p[i] = tmp[i];
    s->lambda[i] = lam[i];
  }
  s->n = n;
}

void combine(mjtNum v[3], const Simplex* s) {
  v[0] = v[1] = v[2] = 0;
  for (int i = 0; i < s->n; i++) {
    for (int k = 0; k < 3; k++) v[k] += s->lambda[i] * s->p[i].w[k];
  }
}

// closest point of segment (i, j) of s to the origin; writes indices and weights
int closestSegment(const Simplex* s, int i, int j, int* idx, mjtNum* lam) {
  const mjtNum* a = s->p[i].w;
  const mjtNum* b = s->p[j].w;
  mjtNum ab[3];
  sub3(ab, b, a);
  mjtNum len2 = dot3(ab, ab);
  mjtNum t = len2 > 0 ? -dot3(a, ab) / len2 : 0;
  if (t <= 0) {
    idx[0] = i;
    lam[0] = 1;
    return 1;
  }
  if (t >= 1) {
    idx[0] = j;
    lam[0] = 1;
    return 1;
  }
  idx[0] = i;
  idx[1] = j;
  lam[0] = 1 - t;
  lam[1] = t;
  return 2;
}

mjtNum weightedNorm2(const Simplex* s, const int* idx, const mjtNum* lam, int n) {
  mjtNum v[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 3; k++) v[k] += lam[i] * s->p[idx[i]].w[k];
  }
  return dot3(v, v);
}

// closest point of triangle (i, j, k) of s to the origin
int closestTriangle(const Simplex* s, int i, int j, int k, int* idx, mjtNum* lam) {
  const mjtNum* a = s->p[i].w;
  const mjtNum* b = s->p[j].w;
  const mjtNum* c = s->p[k].w;
  mjtNum ab[3], ac[3];
  sub3(ab, b, a);
  sub3(ac, c, a);

  // vertex region a
  mjtNum d1 = -dot3(ab, a), d2 = -dot3(ac, a);
  if (d1 <= 0 && d2 <= 0) {
    idx[0] = i;
    lam[0] = 1;
    return 1;
  }

  // vertex region b
  mjtNum d3 = -dot3(ab, b), d4 = -dot3(ac, b);
  if (d3 >= 0 && d4 <= d3) {
    idx[0] = j;
    lam[0] = 1;
    return 1;
  }

  // edge region ab
  mjtNum vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    mjtNum t = d1 / (d1 - d3);
    idx[0] = i;
    idx[1] = j;
    lam[0] = 1 - t;
    lam[1] = t;
    return 2;
  }

  // vertex region c
  mjtNum d5 = -dot3(ab, c), d6 = -dot3(ac, c);
  if (d6 >= 0 && d5 <= d6) {
    idx[0] = k;
    lam[0] = 1;
    return 1;
  }

  // edge region ac
  mjtNum vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    mjtNum t = d2 / (d2 - d6);
    idx[0] = i;
    idx[1] = k;
    lam[0] = 1 - t;
    lam[1] = t;
    return 2;
  }

  // edge region bc
  mjtNum va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    mjtNum t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    idx[0] = j;
    idx[1] = k;
    lam[0] = 1 - t;
    lam[1] = t;
    return 2;
  }

  // face region; a degenerate (collinear) triangle falls back to its best edge
  mjtNum denom = va + vb + vc;
  if (!(denom > 1e-30)) {
    int bi[2], bj[2], bk[2];
    mjtNum li[2], lj[2], lk[2];
    int ni = closestSegment(s, i, j, bi, li);
    int nj = closestSegment(s, i, k, bj, lj);
    int nk = closestSegment(s, j, k, bk, lk);
    mjtNum di = weightedNorm2(s, bi, li, ni);
    mjtNum dj = weightedNorm2(s, bj, lj, nj);
    mjtNum dk = weightedNorm2(s, bk, lk, nk);
    const int* bidx = bi;
    const mjtNum* blam = li;
    int bn = ni;
    if (dj < di) {
      bidx = bj;
      blam = lj;
      bn = nj;
      di = dj;
    }
    if (dk < di) {
      bidx = bk;
      blam = lk;
      bn = nk;
    }
    for (int q = 0; q < bn; q++) {
      idx[q] = bidx[q];
      lam[q] = blam[q];
    }
    return bn;
  }
  mjtNum v = vb / denom, w = vc / denom;
  idx[0] = i;
  idx[1] = j;
  idx[2] = k;
  lam[0] = 1 - v - w;
  lam[1] = v;
  lam[2] = w;
  return 3;
}

// closest point of the tetrahedron s to the origin; returns 0 if the origin is inside (then s is
// kept whole), otherwise the number of points of the reduced simplex
int closestTetrahedron(Simplex* s) {
  static const int kFace[4][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};
  int bestidx[3] = {0, 0, 0};
  mjtNum bestlam[3] = {1, 0, 0};
  int bestn = 0;
  mjtNum bestd = -1;
  for (int f = 0; f < 4; f++) {
    const mjtNum* a = s->p[kFace[f][0]].w;
    mjtNum ab[3], ac[3], ad[3], n[3];
    sub3(ab, s->p[kFace[f][1]].w, a);
    sub3(ac, s->p[kFace[f][2]].w, a);
    sub3(ad, s->p[kFace[f][3]].w, a);
    cross3(n, ab, ac);
    mjtNum sp = -dot3(n, a);   // side of the origin
    mjtNum sd = dot3(n, ad);   // side of the opposite vertex
    // the origin is outside this face if it is on the other side than the opposite vertex; a
    // flat tetrahedron (sd = 0) is treated as outside so that its faces are searched
    bool outside = sd == 0 || sp * sd < 0;
    if (!outside) continue;
    int idx[3];
    mjtNum lam[3];
    int n3 = closestTriangle(s, kFace[f][0], kFace[f][1], kFace[f][2], idx, lam);
    mjtNum d2 = weightedNorm2(s, idx, lam, n3);
    if (bestd < 0 || d2 < bestd) {
      bestd = d2;
      bestn = n3;
      for (int q = 0; q < n3; q++) {
        bestidx[q] = idx[q];
        bestlam[q] = lam[q];
      }
    }
  }
  if (bestn == 0) {
    // inside: weights of the origin are not needed (EPA takes over)
    for (int i = 0; i < 4; i++) s->lambda[i] = 0.25;
    return 0;
  }
  keep(s, bestidx, bestlam, bestn);
  return bestn;
}

// replaces s by the sub-simplex closest to the origin; returns 0 if the origin is enclosed
int reduceSimplex(Simplex* s) {
  int idx[3];
  mjtNum lam[3];
  int n;
  switch (s->n) {
    case 1:
      s->lambda[0] = 1;
      return 1;
    case 2:
      n = closestSegment(s, 0, 1, idx, lam);
      keep(s, idx, lam, n);
      return n;
    case 3:
      n = closestTriangle(s, 0, 1, 2, idx, lam);
      keep(s, idx, lam, n);
      return n;
    default:
      return closestTetrahedron(s);
  }
}

// GJK on M = A - B. Returns 1 if the origin is (numerically) inside M, leaving in s a simplex
// that contains it; otherwise 0 with the reduced simplex of the closest point, and *lower set to
// a lower bound of the distance (used for the cutoff).
int gjk(const mjCCDConfig* cfg, mjCCDStatus* st, mjCCDObj* obj1, mjCCDObj* obj2, Simplex* s,
        mjtNum* lower) {
  // initial search direction: difference of the shape centers (a point of M)
  mjtNum v[3];
  sub3(v, obj1->center, obj2->center);
  if (dot3(v, v) < 1e-30) {
    v[0] = 1;
    v[1] = v[2] = 0;
  }
  s->n = 0;
  *lower = 0;
  mjtNum cutoff = cfg->dist_cutoff;
  int maxiter = cfg->max_iterations > 0 ? cfg->max_iterations : 1;

  for (int k = 0; k < maxiter; k++) {
    st->gjk_iterations = k + 1;
    mjtNum dir[3] = {-v[0], -v[1], -v[2]};
    MinkPoint w;
    minkSupport(&w, obj1, obj2, dir);
    mjtNum vv = dot3(v, v), vw = dot3(v, w.w);

    // every point x of M has v.x >= v.w, so |x| >= v.w / |v|
    if (vw > 0) {
      mjtNum lb = vw / sqrt(vv);
      if (lb > *lower) *lower = lb;
      if (lb > cutoff) return 0;
    }

    if (s->n > 0) {
      // converged: upper bound |v| and lower bound v.w/|v| within tolerance
      if (vv - vw <= cfg->tolerance * cfg->tolerance) break;
      // no progress: w is already a vertex of the simplex
      bool dup = false;
      for (int i = 0; i < s->n; i++) {
        mjtNum dw[3];
        sub3(dw, w.w, s->p[i].w);
        if (dot3(dw, dw) < 1e-30) dup = true;
      }
      if (dup) break;
    }

    s->p[s->n++] = w;
    if (reduceSimplex(s) == 0) return 1;  // origin enclosed by a tetrahedron
    combine(v, s);
    if (dot3(v, v) < 1e-24) return 1;     // origin on the simplex: touching or degenerate
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// EPA

struct Polytope {
  MinkPoint* vert;
  int nvert, maxvert;
  int* fv;        // 3 vertex indices per face, counter-clockwise seen from outside
  int* fadj;      // neighbor across edge (fv[i], fv[i+1])
  mjtNum* fn;     // unit outward normal
  mjtNum* fdist;  // distance of the face plane from the origin (fn . vertex)
  int* falive;
  int* fmark;     // visibility stamp of the current expansion
  int* freelist;
  int nfree;
  int nface, maxface;
  int* stack;     // (face, edge) pairs for the horizon search
  int* horizon;   // (face, edge) pairs of the horizon
};

// normal and plane distance of face f; a degenerate face gets an infinite distance so that it
// is never chosen for expansion
void faceGeometry(Polytope* P, int f) {
  const mjtNum* a = P->vert[P->fv[3 * f]].w;
  const mjtNum* b = P->vert[P->fv[3 * f + 1]].w;
  const mjtNum* c = P->vert[P->fv[3 * f + 2]].w;
  mjtNum ab[3], ac[3], n[3];
  sub3(ab, b, a);
  sub3(ac, c, a);
  cross3(n, ab, ac);
  mjtNum len = sqrt(dot3(n, n));
  mjtNum* fn = P->fn + 3 * f;
  if (len < 1e-30) {
    fn[0] = fn[1] = 0;
    fn[2] = 1;
    P->fdist[f] = mjMAXVAL;
    return;
  }
  scl3(fn, n, 1 / len);
  P->fdist[f] = dot3(fn, a);
}

int newFace(Polytope* P, int a, int b, int c) {
  int f;
  if (P->nfree > 0) {
    f = P->freelist[--P->nfree];
  } else {
    if (P->nface >= P->maxface) return -1;
    f = P->nface++;
  }
  P->fv[3 * f] = a;
  P->fv[3 * f + 1] = b;
  P->fv[3 * f + 2] = c;
  P->fadj[3 * f] = P->fadj[3 * f + 1] = P->fadj[3 * f + 2] = -1;
  P->falive[f] = 1;
  P->fmark[f] = 0;
  faceGeometry(P, f);
  return f;
}

// index of the edge of face f that goes from vertex a to vertex b (or -1)
int findEdge(const Polytope* P, int f, int a, int b) {
  for (int i = 0; i < 3; i++) {
    if (P->fv[3 * f + i] == a && P->fv[3 * f + (i + 1) % 3] == b) return i;
  }
  return -1;
}

// adds a vertex; returns its index or -1 when full
int addVertex(Polytope* P, const MinkPoint* w) {
  if (P->nvert >= P->maxvert) return -1;
  P->vert[P->nvert] = *w;
  return P->nvert++;
}

// Builds the initial tetrahedron from GJK's simplex (which contains the origin, possibly on its
// boundary), adding support points when the simplex has fewer than 4 vertices. Returns 0 when M
// is flat (zero volume) near the origin: the depth is then 0, with normal in `flatnormal`.
int initPolytope(Polytope* P, const Simplex* s, mjCCDObj* obj1, mjCCDObj* obj2,
                 mjtNum flatnormal[3]) {
  MinkPoint pts[4];
  int n = s->n;
  for (int i = 0; i < n; i++) pts[i] = s->p[i];
  const mjtNum eps = 1e-12;

  // a single point: add the farthest support point along the coordinate axes
  if (n == 1) {
    mjtNum best = 0;
    for (int k = 0; k < 6; k++) {
      mjtNum dir[3] = {0, 0, 0};
      dir[k / 2] = (k % 2) ? -1 : 1;
      MinkPoint w;
      minkSupport(&w, obj1, obj2, dir);
      mjtNum dw[3];
      sub3(dw, w.w, pts[0].w);
      mjtNum d2 = dot3(dw, dw);
      if (d2 > best) {
        best = d2;
        pts[1] = w;
      }
    }
    if (best < eps * eps) {
      flatnormal[0] = 1;
      flatnormal[1] = flatnormal[2] = 0;
      return 0;
    }
    n = 2;
  }

  // a segment: add the support point farthest from its line, over directions around it
  if (n == 2) {
    mjtNum e[3], u[3], t[3];
    sub3(e, pts[1].w, pts[0].w);
    mjtNum el = sqrt(dot3(e, e));
    scl3(e, e, 1 / el);
    // a unit vector perpendicular to e
    int ax = fabs(e[0]) < fabs(e[1]) ? (fabs(e[0]) < fabs(e[2]) ? 0 : 2)
                                     : (fabs(e[1]) < fabs(e[2]) ? 1 : 2);
    mjtNum axis[3] = {0, 0, 0};
    axis[ax] = 1;
    cross3(u, e, axis);
    scl3(u, u, 1 / sqrt(dot3(u, u)));
    cross3(t, e, u);
    mjtNum best = 0;
    for (int k = 0; k < 6; k++) {
      mjtNum ang = k * mjPI / 3, dir[3];
      for (int q = 0; q < 3; q++) dir[q] = cos(ang) * u[q] + sin(ang) * t[q];
      MinkPoint w;
      minkSupport(&w, obj1, obj2, dir);
      mjtNum dw[3], c[3];
      sub3(dw, w.w, pts[0].w);
      cross3(c, dw, e);
      mjtNum d2 = dot3(c, c);
      if (d2 > best) {
        best = d2;
        pts[2] = w;
      }
    }
    if (best < eps * eps) {
      copy3(flatnormal, u);
      return 0;
    }
    n = 3;
  }

  // a triangle: add the support point farthest from its plane, on either side
  if (n == 3) {
    mjtNum ab[3], ac[3], nrm[3];
    sub3(ab, pts[1].w, pts[0].w);
    sub3(ac, pts[2].w, pts[0].w);
    cross3(nrm, ab, ac);
    mjtNum len = sqrt(dot3(nrm, nrm));
    if (len < 1e-30) {
      flatnormal[0] = 1;
      flatnormal[1] = flatnormal[2] = 0;
      return 0;
    }
    scl3(nrm, nrm, 1 / len);
    MinkPoint wp, wn;
    mjtNum neg[3] = {-nrm[0], -nrm[1], -nrm[2]};
    minkSupport(&wp, obj1, obj2, nrm);
    minkSupport(&wn, obj1, obj2, neg);
    mjtNum dp[3], dn[3];
    sub3(dp, wp.w, pts[0].w);
    sub3(dn, wn.w, pts[0].w);
    mjtNum hp = dot3(dp, nrm), hn = -dot3(dn, nrm);
    if (hp < eps && hn < eps) {
      // M is flat along nrm; the origin is on its boundary
      copy3(flatnormal, hp >= hn ? nrm : neg);
      return 0;
    }
    pts[3] = hp >= hn ? wp : wn;
    n = 4;
  }

  // the tetrahedron, faces oriented away from its centroid
  for (int i = 0; i < 4; i++) addVertex(P, &pts[i]);
  mjtNum cen[3] = {0, 0, 0};
  for (int i = 0; i < 4; i++) {
    for (int k = 0; k < 3; k++) cen[k] += 0.25 * pts[i].w[k];
  }
  static const int kFace[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  for (int f = 0; f < 4; f++) {
    int a = kFace[f][0], b = kFace[f][1], c = kFace[f][2];
    mjtNum ab[3], ac[3], nrm[3], ac2[3];
    sub3(ab, pts[b].w, pts[a].w);
    sub3(ac, pts[c].w, pts[a].w);
    cross3(nrm, ab, ac);
    sub3(ac2, cen, pts[a].w);
    if (dot3(nrm, ac2) > 0) {
      int tmp = b;
      b = c;
      c = tmp;
    }
    newFace(P, a, b, c);
  }

  // adjacency: the face sharing edge (a, b) has the edge (b, a)
  for (int f = 0; f < 4; f++) {
    for (int i = 0; i < 3; i++) {
      int a = P->fv[3 * f + i], b = P->fv[3 * f + (i + 1) % 3];
      for (int g = 0; g < 4; g++) {
        if (g != f && findEdge(P, g, b, a) >= 0) P->fadj[3 * f + i] = g;
      }
    }
  }
  return 1;
}

// Adds vertex w (index iw) seen from face f: removes all faces visible from w that are
// connected to f, and closes the hole with faces from its boundary (the horizon) to w. Returns 0
// (leaving the polytope unchanged) if the visible region is not bounded by a simple loop or
// memory runs out.
int expand(Polytope* P, int f, int iw, int stamp) {
  const mjtNum* w = P->vert[iw].w;
  int nstack = 0, nhor = 0;
  P->fmark[f] = stamp;
  for (int i = 2; i >= 0; i--) {
    int g = P->fadj[3 * f + i];
    if (g < 0) return 0;
    int a = P->fv[3 * f + i], b = P->fv[3 * f + (i + 1) % 3];
    P->stack[2 * nstack] = g;
    P->stack[2 * nstack + 1] = findEdge(P, g, b, a);
    nstack++;
  }

  // depth-first search over visible faces; non-visible neighbors give horizon edges
  while (nstack > 0) {
    nstack--;
    int g = P->stack[2 * nstack], j = P->stack[2 * nstack + 1];
    if (j < 0) return 0;
    if (P->fmark[g] == stamp) continue;
    if (dot3(P->fn + 3 * g, w) - P->fdist[g] > 0) {
      P->fmark[g] = stamp;
      for (int q = 2; q >= 1; q--) {
        int e = (j + q) % 3;
        int h = P->fadj[3 * g + e];
        if (h < 0) return 0;
        int a = P->fv[3 * g + e], b = P->fv[3 * g + (e + 1) % 3];
        if (nstack >= 2 * P->maxface) return 0;
        P->stack[2 * nstack] = h;
        P->stack[2 * nstack + 1] = findEdge(P, h, b, a);
        nstack++;
      }
    } else {
      if (nhor >= P->maxface) return 0;
      P->horizon[2 * nhor] = g;
      P->horizon[2 * nhor + 1] = j;
      nhor++;
    }
  }
  if (nhor < 3) return 0;

  // the horizon must be a simple loop: every vertex starts exactly one edge
  for (int h = 0; h < nhor; h++) {
    int g = P->horizon[2 * h], j = P->horizon[2 * h + 1];
    int s = P->fv[3 * g + (j + 1) % 3];
    for (int q = h + 1; q < nhor; q++) {
      int g2 = P->horizon[2 * q], j2 = P->horizon[2 * q + 1];
      if (P->fv[3 * g2 + (j2 + 1) % 3] == s) return 0;
    }
  }
  // enough room for the new faces (deleted faces are recycled)
  int ndel = 0;
  for (int g = 0; g < P->nface; g++) {
    if (P->falive[g] && P->fmark[g] == stamp) ndel++;
  }
  if (P->nfree + ndel + (P->maxface - P->nface) < nhor) return 0;

  // delete the visible faces
  for (int g = 0; g < P->nface; g++) {
    if (P->falive[g] && P->fmark[g] == stamp) {
      P->falive[g] = 0;
      P->freelist[P->nfree++] = g;
    }
  }

  // new faces (s, e, w) over horizon edges (e, s) of the kept faces
  int first = -1;
  for (int h = 0; h < nhor; h++) {
    int g = P->horizon[2 * h], j = P->horizon[2 * h + 1];
    int e = P->fv[3 * g + j], s = P->fv[3 * g + (j + 1) % 3];
    int nf = newFace(P, s, e, iw);
    P->fadj[3 * nf] = g;
    P->fadj[3 * g + j] = nf;
    P->horizon[2 * h] = nf;  // reuse the slot: new face of this horizon edge
    if (h == 0) first = nf;
  }
  (void)first;

  // link the new faces: edge (e, w) of face (s, e, w) meets edge (w, e) of the face starting at e
  for (int h = 0; h < nhor; h++) {
    int nf = P->horizon[2 * h];
    int e = P->fv[3 * nf + 1];
    for (int q = 0; q < nhor; q++) {
      int nf2 = P->horizon[2 * q];
      if (P->fv[3 * nf2] == e) {
        P->fadj[3 * nf + 1] = nf2;
        P->fadj[3 * nf2 + 2] = nf;
        break;
      }
    }
  }
  return 1;
}

// barycentric weights of the projection of the origin on face f
void faceWeights(const Polytope* P, int f, mjtNum lam[3]) {
  const mjtNum* n = P->fn + 3 * f;
  mjtNum p[3];
  scl3(p, n, P->fdist[f]);
  const mjtNum* v[3] = {P->vert[P->fv[3 * f]].w, P->vert[P->fv[3 * f + 1]].w,
                        P->vert[P->fv[3 * f + 2]].w};
  mjtNum total = 0;
  for (int i = 0; i < 3; i++) {
    mjtNum a[3], b[3], c[3];
    sub3(a, v[(i + 1) % 3], p);
    sub3(b, v[(i + 2) % 3], p);
    cross3(c, a, b);
    lam[i] = dot3(c, n);
    if (lam[i] < 0) lam[i] = 0;  // projection slightly outside the face (rounding)
    total += lam[i];
  }
  if (total > 0) {
    for (int i = 0; i < 3; i++) lam[i] /= total;
  } else {
    lam[0] = lam[1] = lam[2] = 1.0 / 3;
  }
}

// EPA from GJK's enclosing simplex; fills depth (as st->dist = -depth), normal and witnesses
void epa(const mjCCDConfig* cfg, mjCCDStatus* st, mjCCDObj* obj1, mjCCDObj* obj2,
         const Simplex* s, mjData* d) {
  int maxiter = cfg->max_iterations > 0 ? cfg->max_iterations : 1;
  Polytope P;
  P.maxvert = maxiter + 8;
  P.maxface = 2 * P.maxvert + 16;
  P.nvert = P.nface = P.nfree = 0;
  mj_markStack(d);
  P.vert = static_cast<MinkPoint*>(
      mj_stackAllocByte(d, sizeof(MinkPoint) * P.maxvert, alignof(MinkPoint)));
  P.fv = mj_stackAllocInt(d, 3 * P.maxface);
  P.fadj = mj_stackAllocInt(d, 3 * P.maxface);
  P.fn = mj_stackAllocNum(d, 3 * P.maxface);
  P.fdist = mj_stackAllocNum(d, P.maxface);
  P.falive = mj_stackAllocInt(d, P.maxface);
  P.fmark = mj_stackAllocInt(d, P.maxface);
  P.freelist = mj_stackAllocInt(d, P.maxface);
  P.stack = mj_stackAllocInt(d, 4 * P.maxface);
  P.horizon = mj_stackAllocInt(d, 2 * P.maxface);

  mjtNum flat[3];
  if (!initPolytope(&P, s, obj1, obj2, flat)) {
    // zero-volume Minkowski difference around the origin: touching
    st->dist = 0;
    mjtNum v[3] = {0, 0, 0}, a[3] = {0, 0, 0}, b[3] = {0, 0, 0};
    for (int i = 0; i < s->n; i++) {
      for (int k = 0; k < 3; k++) {
        v[k] += s->lambda[i] * s->p[i].w[k];
        a[k] += s->lambda[i] * s->p[i].a[k];
        b[k] += s->lambda[i] * s->p[i].b[k];
      }
    }
    copy3(st->x1, a);
    copy3(st->x2, b);
    copy3(st->normal, flat);
    mj_freeStack(d);
    return;
  }

  int best = 0;
  for (int it = 0; it < maxiter; it++) {
    st->epa_iterations = it + 1;
    // face closest to the origin
    best = -1;
    for (int f = 0; f < P.nface; f++) {
      if (P.falive[f] && (best < 0 || P.fdist[f] < P.fdist[best])) best = f;
    }
    const mjtNum* n = P.fn + 3 * best;
    MinkPoint w;
    minkSupport(&w, obj1, obj2, n);
    // the true depth lies between the face distance and the support distance along n
    if (dot3(w.w, n) - P.fdist[best] < cfg->tolerance) break;
    int iw = addVertex(&P, &w);
    if (iw < 0) break;
    if (!expand(&P, best, iw, it + 1)) break;
    best = -1;
  }
  if (best < 0) {
    for (int f = 0; f < P.nface; f++) {
      if (P.falive[f] && (best < 0 || P.fdist[f] < P.fdist[best])) best = f;
    }
  }

  mjtNum lam[3];
  faceWeights(&P, best, lam);
  mjtNum a[3] = {0, 0, 0}, b[3] = {0, 0, 0};
  for (int i = 0; i < 3; i++) {
    const MinkPoint* p = P.vert + P.fv[3 * best + i];
    for (int k = 0; k < 3; k++) {
      a[k] += lam[i] * p->a[k];
      b[k] += lam[i] * p->b[k];
    }
  }
  st->dist = -P.fdist[best];
  copy3(st->normal, P.fn + 3 * best);
  copy3(st->x1, a);
  copy3(st->x2, b);
  mj_freeStack(d);
}

}  // namespace

namespace {

// GJK distance of separated objects: witnesses from the final simplex; returns 0 if the origin
// is inside the Minkowski difference (s then holds the enclosing simplex for EPA)
int gjkDistance(const mjCCDConfig* config, mjCCDStatus* status, mjCCDObj* obj1, mjCCDObj* obj2,
                Simplex* s) {
  mjtNum lower;
  if (gjk(config, status, obj1, obj2, s, &lower)) return 0;
  if (s->n == 0 || lower > config->dist_cutoff) {
    // separated by more than the cutoff (decided before the distance converged)
    status->dist = lower > config->dist_cutoff ? lower : mjMAXVAL;
    return 1;
  }
  mjtNum v[3], a[3] = {0, 0, 0}, b[3] = {0, 0, 0};
  combine(v, s);
  for (int i = 0; i < s->n; i++) {
    for (int k = 0; k < 3; k++) {
      a[k] += s->lambda[i] * s->p[i].a[k];
      b[k] += s->lambda[i] * s->p[i].b[k];
    }
  }
  mjtNum dist = sqrt(dot3(v, v));
  status->dist = dist;
  copy3(status->x1, a);
  copy3(status->x2, b);
  // normal from A to B: -v / |v|
  if (dist > 0) {
    scl3(status->normal, v, -1 / dist);
  } else {
    status->normal[0] = 1;
    status->normal[1] = status->normal[2] = 0;
  }
  return 1;
}

}  // namespace

mjtNum mjc_ccd(const mjCCDConfig* config, mjCCDStatus* status, mjCCDObj* obj1, mjCCDObj* obj2,
               mjData* d) {
  status->gjk_iterations = status->epa_iterations = 0;
  Simplex s;

  // spheres and capsules: distance between the cores minus the radii when the cores are apart
  mjtNum r1 = mjc_coreRadius(obj1), r2 = mjc_coreRadius(obj2);
  if (r1 > 0 || r2 > 0) {
    mjCCDConfig core = *config;
    core.dist_cutoff = config->dist_cutoff + r1 + r2;
    obj1->core = obj2->core = 1;
    int apart = gjkDistance(&core, status, obj1, obj2, &s);
    obj1->core = obj2->core = 0;
    if (apart && status->dist > 0) {
      status->dist -= r1 + r2;
      for (int k = 0; k < 3; k++) {
        status->x1[k] += r1 * status->normal[k];
        status->x2[k] -= r2 * status->normal[k];
      }
      return status->dist;
    }
  }

  if (gjkDistance(config, status, obj1, obj2, &s)) return status->dist;
  epa(config, status, obj1, obj2, &s, d);
  return status->dist;
}

// ---------------------------------------------------------------------------------------------
// legacy pipeline: libccd MPR

namespace {

void ccdSupport(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* vec) {
  mjCCDObj* o = const_cast<mjCCDObj*>(static_cast<const mjCCDObj*>(obj));
  mjtNum u[3] = {dir->v[0], dir->v[1], dir->v[2]}, r[3];
  o->support(r, o, u);
  vec->v[0] = r[0];
  vec->v[1] = r[1];
  vec->v[2] = r[2];
}

void ccdCenter(const void* obj, ccd_vec3_t* center) {
  const mjCCDObj* o = static_cast<const mjCCDObj*>(obj);
  center->v[0] = o->center[0];
  center->v[1] = o->center[1];
  center->v[2] = o->center[2];
}

}  // namespace

int mjc_mprPenetration(const mjModel* m, mjCCDObj* obj1, mjCCDObj* obj2, mjtNum* depth,
                       mjtNum normal[3], mjtNum pos[3]) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = ccdSupport;
  ccd.support2 = ccdSupport;
  ccd.center1 = ccdCenter;
  ccd.center2 = ccdCenter;
  ccd.max_iterations = m->opt.ccd_iterations;
  ccd.mpr_tolerance = m->opt.ccd_tolerance;
  ccd_real_t dep;
  ccd_vec3_t dir, p;
  if (ccdMPRPenetration(obj1, obj2, &ccd, &dep, &dir, &p) != 0) return 0;
  *depth = dep;
  // libccd's direction is the one in which obj2 must move to resolve the penetration, i.e. from
  // obj1 to obj2
  for (int k = 0; k < 3; k++) {
    normal[k] = dir.v[k];
    pos[k] = p.v[k];
  }
  return 1;
}
