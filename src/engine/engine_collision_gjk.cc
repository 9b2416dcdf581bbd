// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Native convex collision (computation_index.rst "Convex collisions", native pipeline): the
// signed distance between two convex sets A and B is found on their Minkowski difference
// M = A - B = {a - b}, whose support point in direction u is s_A(u) - s_B(-u).
//
// GJK (Gilbert-Johnson-Keerthi). A and B are disjoint iff the origin is outside M, and then
// dist(A, B) = min |x| over M. GJK keeps a simplex of at most 4 points of M and its point x_k
// closest to the origin; each iteration adds the support point s_k of M along -x_k and replaces
// the simplex by the smallest sub-simplex containing the new closest point. The closest point of
// a simplex is found with signed volumes (Montanari, Petrinic, Barbieri 2017, "Improving the GJK
// algorithm for faster and more reliable distance queries between convex objects"): the
// barycentric coordinates of the origin's projection are ratios of signed volumes (areas,
// lengths) computed in the coordinate plane (axis) where the simplex's projection is largest;
// when one is of the wrong sign the origin's Voronoi region is on a sub-simplex, which is
// searched recursively. GJK stops when the Frank-Wolfe duality gap |x_k|^2 - x_k.s_k, an upper
// bound of |x_k|^2 - dist^2, is below tolerance^2 / 2, or when x_k stops moving.
//
// Contacts only (no distance wanted): a support point beyond the origin along -x_k proves
// separation at once; once the simplex is a tetrahedron, the intersection test continues on
// tetrahedra only: the face whose outward plane leaves the origin farthest outside is pushed out
// by the support point along its normal, until the origin is enclosed (penetration) or a support
// point fails to pass the origin (separation).
//
// EPA (expanding polytope). If the origin is inside M, the penetration depth is the distance
// from the origin to the boundary of M. A polytope inside M containing the origin is built from
// GJK's final simplex (a segment is surrounded by three support points 120 degrees apart, a
// triangle by the support points along both of its normals: a hexahedron either way). Every
// face stores the projection v of the origin on its plane; the face with the smallest |v| gives
// a lower bound of the depth, the support point w along v an upper bound v.w/|v|. Until the two
// agree to within the tolerance, the faces visible from w are removed and the hole (its boundary
// is the horizon) is closed with new faces to w. The witness points on A and B are the
// barycentric combinations, at v, of the A- and B-parts of the final face's vertices.
//
// The legacy pipeline (nativeccd disabled) uses libccd's Minkowski Portal Refinement instead
// (mjc_mprPenetration, engine_collision_mpr.cc).

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_ccd.h"
#include "engine/engine_util_blas.h"

namespace {

// ---------------------------------------------------------------------------------------------
// small helpers (3-vector kernels: mji_* of engine_util_blas.h)

inline bool sameSign(mjtNum a, mjtNum b) {
  return (a > 0 && b > 0) || (a < 0 && b < 0);
}

// r = sum_i lam[i] v[i], i < n
inline void lincomb(mjtNum r[3], const mjtNum* lam, const mjtNum (*v)[3], int n) {
  r[0] = r[1] = r[2] = 0;
  for (int i = 0; i < n; i++) {
    r[0] += lam[i] * v[i][0];
    r[1] += lam[i] * v[i][1];
    r[2] += lam[i] * v[i][2];
  }
}

// support points of A along the unit direction d / |d| and of B along the opposite one. The
// unit vector is rounded as MuJoCo does: GJK multiplies by 1 / |d| (by_inverse), EPA divides by
// |d|. These last bits decide the exact ties of round shapes (which end of a capsule core faces
// a cylinder rim, which of two mirror-image faces EPA ends on): see doc/conformance.md#convex.
void supportPair(mjtNum a[3], mjtNum b[3], mjCCDObj* obj1, mjCCDObj* obj2, const mjtNum d[3],
                 mjtNum dnorm, bool by_inverse = false) {
  mjtNum dir[3] = {1, 0, 0}, neg[3] = {-1, 0, 0};
  if (dnorm > mjMINVAL) {
    mjtNum inv = 1 / dnorm;
    for (int k = 0; k < 3; k++) {
      dir[k] = by_inverse ? d[k] * inv : d[k] / dnorm;
      neg[k] = -dir[k];
    }
  }
  obj1->support(a, obj1, dir);
  obj2->support(b, obj2, neg);
}

// vertex ids of the support points just computed (box corner or mesh vertex, -1 otherwise)
inline void supportIds(int* ia, int* ib, const mjCCDObj* obj1, const mjCCDObj* obj2) {
  *ia = obj1->lastvert;
  *ib = obj2->lastvert;
}

// both objects are polytopes (boxes, meshes, height-field prisms): their Minkowski difference
// has finitely many support points, so GJK and EPA terminate exactly
bool discreteShapes(const mjCCDObj* obj1, const mjCCDObj* obj2) {
  auto discrete = [](const mjCCDObj* o) {
    return !o->core &&
           (o->type == mjGEOM_BOX || o->type == mjGEOM_MESH || o->type == mjGEOM_HFIELD) &&
           o->margin == 0;
  };
  return discrete(obj1) && discrete(obj2);
}

// ---------------------------------------------------------------------------------------------
// signed-volume sub-distance algorithm

// projection of the origin on the line through v1, v2
void projectOriginLine(mjtNum r[3], const mjtNum v1[3], const mjtNum v2[3]) {
  mjtNum e[3];
  mji_sub3(e, v2, v1);
  mjtNum t = -mji_dot3(v2, e) / mji_dot3(e, e);
  for (int k = 0; k < 3; k++) {
    r[k] = v2[k] + t * e[k];
  }
}

// projection of the origin on the plane through v1, v2, v3: p = n (n.v) / (n.n) for a normal n
// of the plane; n is tried from the three vertices in turn, each as the corner of the cross
// product, until n.v is nonzero. Returns 1 for a degenerate triangle (n = 0).
int projectOriginPlane(mjtNum r[3], const mjtNum v1[3], const mjtNum v2[3], const mjtNum v3[3]) {
  mjtNum e21[3], e31[3], e32[3], n[3];
  mji_sub3(e21, v2, v1);
  mji_sub3(e31, v3, v1);
  mji_sub3(e32, v3, v2);

  // corner v2: (v3 - v2) x (v2 - v1)
  mji_cross(n, e32, e21);
  mjtNum nv = mji_dot3(n, v2), nn = mji_dot3(n, n);
  if (nn == 0) {
    return 1;
  }
  if (nv != 0 && nn > mjMINVAL) {
    mji_scl3(r, n, nv / nn);
    return 0;
  }

  // corner v1: (v2 - v1) x (v3 - v1)
  mji_cross(n, e21, e31);
  nv = mji_dot3(n, v1);
  nn = mji_dot3(n, n);
  if (nn == 0) {
    return 1;
  }
  if (nv != 0 && nn > mjMINVAL) {
    mji_scl3(r, n, nv / nn);
    return 0;
  }

  // corner v3: (v3 - v1) x (v3 - v2)
  mji_cross(n, e31, e32);
  nv = mji_dot3(n, v3);
  nn = mji_dot3(n, n);
  mji_scl3(r, n, nv / nn);
  return 0;
}

// 1-simplex (segment s1 s2): barycentric coordinates of the closest point to the origin. If the
// origin projects outside the segment, the closest point is taken to be s2 (in GJK the newest
// vertex is the second one, and the origin cannot lie beyond the older one).
void S1D(mjtNum lam[2], const mjtNum s1[3], const mjtNum s2[3]) {
  mjtNum p[3];
  projectOriginLine(p, s1, s2);

  // the axis of the largest extent of the segment
  mjtNum mu = 0;
  int axis = 0;
  for (int k = 0; k < 3; k++) {
    mjtNum m = s1[k] - s2[k];
    if (fabs(m) >= fabs(mu)) {
      mu = m;
      axis = k;
    }
  }

  // signed lengths of the two parts
  mjtNum c1 = p[axis] - s2[axis];
  mjtNum c2 = s1[axis] - p[axis];
  if (sameSign(mu, c1) && sameSign(mu, c2)) {
    lam[0] = c1 / mu;
    lam[1] = c2 / mu;
  } else {
    lam[0] = 0;
    lam[1] = 1;
  }
}

// 2D signed area of the triangle (p, a, b)
inline mjtNum area2(const mjtNum p[2], const mjtNum a[2], const mjtNum b[2]) {
  return p[0] * a[1] + p[1] * b[0] + a[0] * b[1] - p[0] * b[1] - p[1] * a[0] - b[0] * a[1];
}

// Projects the triangle s1 s2 s3 and the point p on the coordinate plane where the triangle's
// shadow is largest: writes the 2D points and returns the signed shadow area (a component of
// (s2 - s1) x (s3 - s1), with the sign of the 2D orientation).
mjtNum shadow2D(mjtNum t1[2], mjtNum t2[2], mjtNum t3[2], mjtNum p2[2], const mjtNum s1[3],
                const mjtNum s2[3], const mjtNum s3[3], const mjtNum p[3]) {
  // minors of [s1 s2 s3; 1 1 1] without row x, y, z
  mjtNum mx =
      s2[1] * s3[2] - s2[2] * s3[1] - s1[1] * s3[2] + s1[2] * s3[1] + s1[1] * s2[2] - s1[2] * s2[1];
  mjtNum my =
      s2[0] * s3[2] - s2[2] * s3[0] - s1[0] * s3[2] + s1[2] * s3[0] + s1[0] * s2[2] - s1[2] * s2[0];
  mjtNum mz =
      s2[0] * s3[1] - s2[1] * s3[0] - s1[0] * s3[1] + s1[1] * s3[0] + s1[0] * s2[1] - s1[1] * s2[0];
  int i, j;
  mjtNum mmax;
  if (fabs(mx) >= fabs(my) && fabs(mx) >= fabs(mz)) {
    mmax = mx;
    i = 1;
    j = 2;
  } else if (fabs(my) >= fabs(mz)) {
    mmax = my;
    i = 0;
    j = 2;
  } else {
    mmax = mz;
    i = 0;
    j = 1;
  }
  t1[0] = s1[i];
  t1[1] = s1[j];
  t2[0] = s2[i];
  t2[1] = s2[j];
  t3[0] = s3[i];
  t3[1] = s3[j];
  p2[0] = p[i];
  p2[1] = p[j];
  return mmax;
}

// 2-simplex (triangle): barycentric coordinates of the closest point to the origin
void S2D(mjtNum lam[3], const mjtNum s1[3], const mjtNum s2[3], const mjtNum s3[3]) {
  mjtNum p[3];
  if (projectOriginPlane(p, s1, s2, s3)) {
    // degenerate triangle: its first edge
    S1D(lam, s1, s2);
    lam[2] = 0;
    return;
  }
  mjtNum t1[2], t2[2], t3[2], p2[2];
  mjtNum mmax = shadow2D(t1, t2, t3, p2, s1, s2, s3, p);

  // signed areas of the sub-triangles opposite each vertex
  mjtNum c1 = area2(p2, t2, t3);
  mjtNum c2 = area2(p2, t3, t1);
  mjtNum c3 = area2(p2, t1, t2);
  bool in1 = sameSign(mmax, c1), in2 = sameSign(mmax, c2), in3 = sameSign(mmax, c3);
  if (in1 && in2 && in3) {
    lam[0] = c1 / mmax;
    lam[1] = c2 / mmax;
    lam[2] = c3 / mmax;
    return;
  }

  // the origin is outside an edge: the closest point of those edges
  mjtNum best = mjMAXVAL;
  const mjtNum* v[3] = {s1, s2, s3};
  static const int kEdge[3][2] = {{1, 2}, {0, 2}, {0, 1}};  // edge opposite vertex i
  bool out[3] = {!in1, !in2, !in3};
  for (int i = 0; i < 3; i++) {
    if (!out[i]) {
      continue;
    }
    int a = kEdge[i][0], b = kEdge[i][1];
    mjtNum l[2], x[3];
    S1D(l, v[a], v[b]);
    for (int k = 0; k < 3; k++) {
      x[k] = l[0] * v[a][k] + l[1] * v[b][k];
    }
    mjtNum d = mji_dot3(x, x);
    if (d < best) {
      best = d;
      lam[i] = 0;
      lam[a] = l[0];
      lam[b] = l[1];
    }
  }
}

// 3-simplex (tetrahedron): barycentric coordinates of the closest point to the origin
void S3D(mjtNum lam[4], const mjtNum s1[3], const mjtNum s2[3], const mjtNum s3[3],
         const mjtNum s4[3]) {
  // cofactors of [s1 s2 s3 s4; 1 1 1 1] along its last row: signed volumes of the tetrahedra
  // with the origin in place of each vertex
  mjtNum c[4] = {-mji_det3(s2, s3, s4), mji_det3(s1, s3, s4), -mji_det3(s1, s2, s4),
                 mji_det3(s1, s2, s3)};
  mjtNum vol = c[0] + c[1] + c[2] + c[3];
  bool in[4];
  for (int i = 0; i < 4; i++) {
    in[i] = sameSign(vol, c[i]);
  }
  if (in[0] && in[1] && in[2] && in[3]) {
    for (int i = 0; i < 4; i++) {
      lam[i] = c[i] / vol;
    }
    return;
  }

  // the origin is outside a face: the closest point of those faces
  mjtNum best = mjMAXVAL;
  const mjtNum* v[4] = {s1, s2, s3, s4};
  static const int kFace[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  for (int i = 0; i < 4; i++) {
    if (in[i]) {
      continue;
    }
    const int* f = kFace[i];
    mjtNum l[3], x[3];
    S2D(l, v[f[0]], v[f[1]], v[f[2]]);
    for (int k = 0; k < 3; k++) {
      x[k] = l[0] * v[f[0]][k] + l[1] * v[f[1]][k] + l[2] * v[f[2]][k];
    }
    mjtNum d = mji_dot3(x, x);
    if (d < best) {
      best = d;
      lam[i] = 0;
      lam[f[0]] = l[0];
      lam[f[1]] = l[1];
      lam[f[2]] = l[2];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// GJK

// simplex of M with the A- and B-parts of its vertices
struct Simplex {
  mjtNum w[4][3];
  mjtNum a[4][3];
  mjtNum b[4][3];
  int ia[4];  // vertex ids of the A- and B-parts (see mjCCDObj.lastvert)
  int ib[4];
  int n;
};

// working state of one query
struct Query {
  Simplex s;     // GJK's final simplex (s.n = 0: separated)
  mjtNum x1[3];  // witness points (initially the objects' centers)
  mjtNum x2[3];
  mjtNum dist;     // distance found by GJK (0 for an enclosed origin, mjMAXVAL: separated)
  int iterations;  // GJK iterations used
  int maxiter;
  mjtNum tolerance;
  mjtNum cutoff;  // > 0: distances wanted up to this value
  int vert1[3];   // vertex ids of obj1 and obj2 at the final EPA face (-1: none)
  int vert2[3];
};

// signed distance of the origin from the plane of v1 v2 v3 along the unit normal
// (v3 - v1) x (v2 - v1), written to `normal`; 0 for a degenerate triangle
mjtNum planeDistance(mjtNum normal[3], const mjtNum v1[3], const mjtNum v2[3], const mjtNum v3[3]) {
  mjtNum e1[3], e2[3];
  mji_sub3(e1, v3, v1);
  mji_sub3(e2, v2, v1);
  mji_cross(normal, e1, e2);
  mjtNum nn = mji_dot3(normal, normal);
  if (nn > mjMINVAL * mjMINVAL && nn < mjMAXVAL * mjMAXVAL) {
    mji_scl3(normal, normal, 1 / sqrt(nn));
    return mji_dot3(normal, v1);
  }
  return 0;
}

// Intersection test on tetrahedra, from GJK's tetrahedron in q->s. Each face is listed opposite
// its vertex, with the normal of planeDistance; that normal is outward when
// det(w1 - w0, w2 - w0, w3 - w0) > 0, and each replacement below swaps two slots so that an
// outward tetrahedron stays outward. GJK's tetrahedron is taken in the order it was built,
// without orienting it first (as MuJoCo does, see doc/conformance.md#convex): when it comes out
// inward, the
// first step pushes the face whose plane is farthest from the origin inward, which leaves the
// next tetrahedron outward, at the cost of extra iterations. On return q->s holds the
// tetrahedron enclosing the origin (n = 4, dist = 0), or n = 0 with dist = mjMAXVAL (separated)
// or 0 (the origin on a face plane: touching, no penetration).
void gjkIntersect(Query* q, mjCCDObj* obj1, mjCCDObj* obj2) {
  Simplex* s = &q->s;
  int slot[4] = {0, 1, 2, 3};

  for (int k = q->iterations; k < q->maxiter; k++) {
    mjtNum dist[4], normal[4][3];
    const mjtNum* w[4] = {s->w[slot[0]], s->w[slot[1]], s->w[slot[2]], s->w[slot[3]]};
    dist[0] = planeDistance(normal[0], w[2], w[1], w[3]);
    dist[1] = planeDistance(normal[1], w[0], w[2], w[3]);
    dist[2] = planeDistance(normal[2], w[1], w[0], w[3]);
    dist[3] = planeDistance(normal[3], w[0], w[1], w[2]);

    // the face leaving the origin farthest outside (negative distance)
    int i = dist[0] < dist[1] ? 0 : 1;
    int j = dist[2] < dist[3] ? 2 : 3;
    int f = dist[i] < dist[j] ? i : j;

    // all positive: the origin is inside; on a face plane GJK cannot make progress, and EPA
    // starts from this tetrahedron (reduced to the face if the origin is on it). "On the plane"
    // is within mjMINVAL: an origin left 1e-18 outside a face by rounding (GJK's triangle
    // through the origin, two mesh dice stacked face to face) otherwise swaps the same two
    // support points until the iterations run out, where MuJoCo reports the contact (see
    // doc/conformance.md#convex)
    bool onplane = false;
    for (int v = 0; v < 4; v++) {
      onplane = onplane || fabs(dist[v]) < mjMINVAL;
    }
    if (onplane || dist[f] > 0) {
      Simplex t = *s;
      for (int v = 0; v < 4; v++) {
        mji_copy3(s->w[v], t.w[slot[v]]);
        mji_copy3(s->a[v], t.a[slot[v]]);
        mji_copy3(s->b[v], t.b[slot[v]]);
        s->ia[v] = t.ia[slot[v]];
        s->ib[v] = t.ib[slot[v]];
      }
      s->n = 4;
      q->iterations = k;
      q->dist = 0;
      return;
    }

    // replace the vertex opposite face f by the support point along the face's normal
    int sv = slot[f];
    supportPair(s->a[sv], s->b[sv], obj1, obj2, normal[f], 1);
    supportIds(s->ia + sv, s->ib + sv, obj1, obj2);
    mji_sub3(s->w[sv], s->a[sv], s->b[sv]);

    // the new point does not pass the origin: separating plane
    if (mji_dot3(normal[f], s->w[sv]) < 0) {
      q->iterations = k;
      s->n = 0;
      q->dist = mjMAXVAL;
      return;
    }

    // the new vertex is on the other side of the face: swap two slots to keep the orientation
    int a = (f + 1) & 3, b = (f + 2) & 3;
    int tmp = slot[a];
    slot[a] = slot[b];
    slot[b] = tmp;
  }
  q->iterations = q->maxiter;
  s->n = 0;
  q->dist = mjMAXVAL;
}

// GJK from the initial guess x1 - x2 (the objects' centers). With q->cutoff > 0 the distance
// is computed (GJK stops early only when the objects are certainly farther apart than the
// cutoff); otherwise only contact matters and the intersection test takes over at the first
// tetrahedron.
void gjk(Query* q, mjCCDObj* obj1, mjCCDObj* obj2) {
  int want_dist = q->cutoff > 0;
  mjtNum cutoff2 = q->cutoff * q->cutoff;
  // polytopes converge in finitely many steps: no tolerance
  mjtNum eps = discreteShapes(obj1, obj2) ? 0 : 0.5 * q->tolerance * q->tolerance;
  Simplex* s = &q->s;
  mjtNum x[3], lam[4] = {1, 0, 0, 0};
  mji_sub3(x, q->x1, q->x2);
  int n = 0, k = 0;
  mjtNum nx = 0;  // |x| at the start of the current iteration

  for (; k < q->maxiter; k++) {
    // support point of M along -x
    nx = mji_norm3(x);
    mjtNum negx[3] = {-x[0], -x[1], -x[2]};
    supportPair(s->a[n], s->b[n], obj1, obj2, negx, nx, true);
    supportIds(s->ia + n, s->ib + n, obj1, obj2);
    mji_sub3(s->w[n], s->a[n], s->b[n]);
    const mjtNum* sk = s->w[n];

    // duality gap: |x|^2 - x.s bounds |x|^2 - dist^2
    mjtNum xx = mji_dot3(x, x), xs = mji_dot3(x, sk);
    if (xx - xs <= eps) {
      break;
    }

    // the plane through s orthogonal to x separates M from the origin
    if (!want_dist) {
      if (xs > 0) {
        q->iterations = k;
        s->n = 0;
        q->dist = mjMAXVAL;
        return;
      }
    } else if (q->cutoff < mjMAXVAL) {
      // ... and the distance is certainly beyond the cutoff
      if (xs > 0 && xs * xs / xx >= cutoff2) {
        q->iterations = k;
        s->n = 0;
        q->dist = mjMAXVAL;
        return;
      }
    }

    // contacts only: a tetrahedron goes to the intersection test
    if (n == 3 && !want_dist) {
      q->iterations = k;
      s->n = 4;
      gjkIntersect(q, obj1, obj2);
      return;
    }

    // closest point of the simplex, and the sub-simplex supporting it
    lam[0] = lam[1] = lam[2] = lam[3] = 0;
    switch (n + 1) {
      case 4:
        S3D(lam, s->w[0], s->w[1], s->w[2], s->w[3]);
        break;
      case 3:
        S2D(lam, s->w[0], s->w[1], s->w[2]);
        break;
      case 2:
        S1D(lam, s->w[0], s->w[1]);
        break;
      default:
        lam[0] = 1;
    }
    int m = 0;
    for (int i = 0; i < 4; i++) {
      if (lam[i] == 0) {
        continue;
      }
      if (m != i) {
        mji_copy3(s->w[m], s->w[i]);
        mji_copy3(s->a[m], s->a[i]);
        mji_copy3(s->b[m], s->b[i]);
        s->ia[m] = s->ia[i];
        s->ib[m] = s->ib[i];
      }
      lam[m++] = lam[i];
    }
    n = m;
    if (n < 1) {
      q->iterations = k;
      s->n = 0;
      q->dist = mjMAXVAL;
      return;
    }

    mjtNum xnext[3];
    lincomb(xnext, lam, s->w, n);
    if (xnext[0] == x[0] && xnext[1] == x[1] && xnext[2] == x[2]) {
      break;  // no progress
    }
    mji_copy3(x, xnext);
    if (n == 4) {
      break;  // the origin is enclosed
    }
  }

  lincomb(q->x1, lam, s->a, n);
  lincomb(q->x2, lam, s->b, n);
  q->iterations = k;
  s->n = n;
  // Out of iterations, the distance is that of the last iterate GJK started from, one update
  // behind the witness points, as MuJoCo reports it: its distance for ccd_iterations = N is our
  // |x| at the start of iteration N - 1, with the normal of the final simplex
  q->dist = k == q->maxiter && k > 0 ? nx : mji_norm3(x);
}

// ---------------------------------------------------------------------------------------------
// EPA

struct Face {
  int vert[3];  // vertex indices; edge i goes from vert[i] to vert[i+1]
  int adj[3];   // face across edge i
  mjtNum v[3];  // projection of the origin on the face's plane
  mjtNum dist;  // |v|^2
  int index;    // position in the candidate list; -1: not a candidate; -2: deleted
};

struct Polytope {
  mjtNum (*w)[3];  // vertices of M
  mjtNum (*a)[3];  // their A-parts
  mjtNum (*b)[3];  // their B-parts
  int* ia;         // vertex ids of the A- and B-parts (see mjCCDObj.lastvert)
  int* ib;
  int nvert, maxvert;
  Face* face;
  int nface, maxface;
  int* cand;   // faces that may still be the closest one (ascending creation order,
  int ncand;   // with removals swapped in from the end)
  int* hface;  // horizon: kept face and its edge, in traversal order
  int* hedge;
  int nhorizon, maxhorizon;
};

// appends the support point along d (|d| = dnorm); returns its index
int epaSupport(Polytope* P, mjCCDObj* obj1, mjCCDObj* obj2, const mjtNum d[3], mjtNum dnorm) {
  int i = P->nvert++;
  supportPair(P->a[i], P->b[i], obj1, obj2, d, dnorm);
  supportIds(P->ia + i, P->ib + i, obj1, obj2);
  mji_sub3(P->w[i], P->a[i], P->b[i]);
  return i;
}

// appends vertex k of the simplex s
int copyVertex(Polytope* P, const Simplex* s, int k) {
  int i = P->nvert++;
  const mjtNum* a = s->a[k];
  const mjtNum* b = s->b[k];
  P->ia[i] = s->ia[k];
  P->ib[i] = s->ib[k];
  mji_copy3(P->a[i], a);
  mji_copy3(P->b[i], b);
  mji_sub3(P->w[i], a, b);
  return i;
}

// creates face (v1, v2, v3) with its neighbors; returns |v|^2 (0 for a degenerate face)
mjtNum attachFace(Polytope* P, int v1, int v2, int v3, int adj1, int adj2, int adj3) {
  Face* f = P->face + P->nface++;
  f->vert[0] = v1;
  f->vert[1] = v2;
  f->vert[2] = v3;
  f->adj[0] = adj1;
  f->adj[1] = adj2;
  f->adj[2] = adj3;
  f->index = -1;
  if (projectOriginPlane(f->v, P->w[v1], P->w[v2], P->w[v3])) {
    f->v[0] = f->v[1] = f->v[2] = 0;
  }
  f->dist = mji_dot3(f->v, f->v);
  return f->dist;
}

void addCandidate(Polytope* P, int f) {
  P->face[f].index = P->ncand;
  P->cand[P->ncand++] = f;
}

void deleteFace(Polytope* P, int f) {
  Face* face = P->face + f;
  if (face->index >= 0) {
    int last = P->cand[--P->ncand];
    P->cand[face->index] = last;
    P->face[last].index = face->index;
  }
  face->index = -2;
}

// index of the edge of face f that starts at vertex v
int edgeFrom(const Face* f, int v) {
  if (f->vert[0] == v) {
    return 0;
  }
  if (f->vert[1] == v) {
    return 1;
  }
  return 2;
}

void addHorizon(Polytope* P, int f, int e) {
  if (P->nhorizon < P->maxhorizon) {
    P->hface[P->nhorizon] = f;
    P->hedge[P->nhorizon] = e;
  }
  P->nhorizon++;
}

// Depth-first search of the faces visible from w, entered through edge e of face f: a visible
// face is deleted and its two other edges are searched; returns 0 if f is not visible (then the
// caller's edge is a horizon edge).
int horizonSearch(Polytope* P, const mjtNum w[3], int f, int e) {
  Face* face = P->face + f;
  if (mji_dot3(face->v, w) - face->dist <= mjMINVAL) {
    return 0;
  }
  deleteFace(P, f);
  for (int k = 1; k < 3; k++) {
    int i = (e + k) % 3;
    int g = face->adj[i];
    Face* adj = P->face + g;
    if (adj->index > -2) {
      int ge = edgeFrom(adj, face->vert[(i + 1) % 3]);
      if (!horizonSearch(P, w, g, ge)) {
        addHorizon(P, g, ge);
      }
    }
  }
  return 1;
}

// the horizon of w seen from face f (which is visible by construction)
void horizon(Polytope* P, const mjtNum w[3], int f) {
  P->nhorizon = 0;
  deleteFace(P, f);
  Face* face = P->face + f;
  for (int i = 0; i < 3; i++) {
    int g = face->adj[i];
    Face* adj = P->face + g;
    if (i > 0 && adj->index == -2) {
      continue;
    }
    int ge = edgeFrom(adj, face->vert[(i + 1) % 3]);
    if (!horizonSearch(P, w, g, ge)) {
      addHorizon(P, g, ge);
    }
  }
}

// origin enclosed by the tetrahedron (closed: points on its boundary count as inside)
bool originInTetra(const mjtNum v1[3], const mjtNum v2[3], const mjtNum v3[3], const mjtNum v4[3]) {
  // the origin is on the same side of each face as the opposite vertex
  const mjtNum* v[4] = {v1, v2, v3, v4};
  static const int kFace[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  for (int i = 0; i < 4; i++) {
    const mjtNum* p = v[kFace[i][0]];
    mjtNum e1[3], e2[3], n[3], r[3];
    mji_sub3(e1, v[kFace[i][1]], p);
    mji_sub3(e2, v[kFace[i][2]], p);
    mji_cross(n, e1, e2);
    mji_sub3(r, v[i], p);
    mjtNum side = mji_dot3(n, r), origin = -mji_dot3(n, p);
    if ((side > 0 && origin < 0) || (side < 0 && origin > 0)) {
      return false;
    }
  }
  return true;
}

// the point p lies in the triangle v1 v2 v3 (within rounding)
bool pointInTriangle(const mjtNum v1[3], const mjtNum v2[3], const mjtNum v3[3],
                     const mjtNum p[3]) {
  mjtNum e1[3], e2[3], n[3], r[3];
  mji_sub3(e1, v2, v1);
  mji_sub3(e2, v3, v1);
  mji_cross(n, e1, e2);
  mji_sub3(r, p, v1);
  mjtNum nn = mji_dot3(n, n);
  if (nn < mjMINVAL) {
    return true;
  }
  // off the plane
  mjtNum h = mji_dot3(n, r);
  if (h * h > mjMINVAL * nn) {
    return false;
  }
  // inside all three edges
  const mjtNum* v[3] = {v1, v2, v3};
  for (int i = 0; i < 3; i++) {
    mjtNum e[3], q[3], c[3];
    mji_sub3(e, v[(i + 1) % 3], v[i]);
    mji_sub3(q, p, v[i]);
    mji_cross(c, e, q);
    if (mji_dot3(c, n) < 0) {
      return false;
    }
  }
  return true;
}

// tetrahedron from GJK's 4-simplex (possibly reduced to a triangle when the origin is on a face)
int polytope3(Polytope* P, const Simplex* s, mjCCDObj* obj1, mjCCDObj* obj2);

// discard the polytope and start again from its vertices a b c (a face through the origin)
int restartFromTriangle(Polytope* P, int a, int b, int c, mjCCDObj* obj1, mjCCDObj* obj2) {
  Simplex t;
  t.n = 3;
  const int tri[3] = {a, b, c};
  for (int i = 0; i < 3; i++) {
    mji_copy3(t.w[i], P->w[tri[i]]);
    mji_copy3(t.a[i], P->a[tri[i]]);
    mji_copy3(t.b[i], P->b[tri[i]]);
    t.ia[i] = P->ia[tri[i]];
    t.ib[i] = P->ib[tri[i]];
  }
  P->nvert = P->nface = P->ncand = 0;
  return polytope3(P, &t, obj1, obj2);
}

// faces (and neighbors) of a tetrahedron 1 2 3 4 and of a triangular bipyramid over 1 2 3 with
// apexes 4 (first three faces) and 5 (last three)
int polytope4(Polytope* P, const Simplex* s, mjCCDObj* obj1, mjCCDObj* obj2) {
  int v1 = copyVertex(P, s, 0);
  int v2 = copyVertex(P, s, 1);
  int v3 = copyVertex(P, s, 2);
  int v4 = copyVertex(P, s, 3);
  static const int kFace[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {3, 2, 1}};
  static const int kAdj[4][3] = {{1, 3, 2}, {2, 3, 0}, {0, 3, 1}, {2, 0, 1}};
  int vi[4] = {v1, v2, v3, v4};
  for (int f = 0; f < 4; f++) {
    int a = vi[kFace[f][0]], b = vi[kFace[f][1]], c = vi[kFace[f][2]];
    if (attachFace(P, a, b, c, kAdj[f][0], kAdj[f][1], kAdj[f][2]) < mjMINVAL * mjMINVAL) {
      // the origin is on (the plane of) this face: start from the triangle instead
      return restartFromTriangle(P, a, b, c, obj1, obj2);
    }
  }
  if (!originInTetra(P->w[v1], P->w[v2], P->w[v3], P->w[v4])) {
    return 1;
  }
  for (int f = 0; f < 4; f++) {
    addCandidate(P, f);
  }
  return 0;
}

// hexahedron around GJK's triangle: the support points along both of its normals
int polytope3(Polytope* P, const Simplex* s, mjCCDObj* obj1, mjCCDObj* obj2) {
  mjtNum e1[3], e2[3], n[3], neg[3];
  mji_sub3(e1, s->w[1], s->w[0]);
  mji_sub3(e2, s->w[2], s->w[0]);
  // n = (w2 - w0) x (w1 - w0): the apex v5 is taken along this normal, v4 along the opposite
  // one, as in MuJoCo (the other orientation swaps the apexes, and at mirror-symmetric poses
  // EPA then ends on the mirror image of MuJoCo's face: see doc/conformance.md#convex)
  mji_cross(n, e2, e1);
  mjtNum nn = mji_norm3(n);
  if (nn < mjMINVAL) {
    return 1;
  }
  mji_scl3(neg, n, -1);

  int v1 = copyVertex(P, s, 0);
  int v2 = copyVertex(P, s, 1);
  int v3 = copyVertex(P, s, 2);
  int v5 = epaSupport(P, obj1, obj2, n, nn);
  int v4 = epaSupport(P, obj1, obj2, neg, nn);

  // the apexes must leave the triangle's plane
  if (pointInTriangle(P->w[v1], P->w[v2], P->w[v3], P->w[v4])) {
    return 1;
  }
  if (pointInTriangle(P->w[v1], P->w[v2], P->w[v3], P->w[v5])) {
    return 1;
  }

  attachFace(P, v4, v1, v2, 1, 3, 2);
  attachFace(P, v4, v3, v1, 2, 4, 0);
  attachFace(P, v4, v2, v3, 0, 5, 1);
  attachFace(P, v5, v2, v1, 5, 0, 4);
  attachFace(P, v5, v1, v3, 3, 1, 5);
  attachFace(P, v5, v3, v2, 4, 2, 3);
  for (int f = 0; f < 6; f++) {
    if (P->face[f].dist < mjMINVAL * mjMINVAL) {
      return 1;  // the origin on a face: touching
    }
  }
  if (!originInTetra(P->w[v1], P->w[v2], P->w[v3], P->w[v4]) &&
      !originInTetra(P->w[v1], P->w[v2], P->w[v3], P->w[v5])) {
    return 1;
  }
  for (int f = 0; f < 6; f++) {
    addCandidate(P, f);
  }
  return 0;
}

// rotation by 120 degrees about the axis u (any length), Rodrigues' formula
void rotation120(mjtNum R[9], const mjtNum axis[3]) {
  mjtNum n = mji_norm3(axis);
  mjtNum u1 = axis[0] / n, u2 = axis[1] / n, u3 = axis[2] / n;
  // sin(120 deg) to 11 digits: MuJoCo rotates with this rounded value (its turns are 1e-12 rad
  // off 120 degrees, which moves the support points and hence every later EPA face and tie)
  const mjtNum s = 0.86602540378;
  const mjtNum c = -0.5;  // cos(120 deg)
  R[0] = c + u1 * u1 * (1 - c);
  R[1] = u1 * u2 * (1 - c) - u3 * s;
  R[2] = u1 * u3 * (1 - c) + u2 * s;
  R[3] = u2 * u1 * (1 - c) + u3 * s;
  R[4] = c + u2 * u2 * (1 - c);
  R[5] = u2 * u3 * (1 - c) - u1 * s;
  R[6] = u3 * u1 * (1 - c) - u2 * s;
  R[7] = u3 * u2 * (1 - c) + u1 * s;
  R[8] = c + u3 * u3 * (1 - c);
}

// hexahedron around GJK's segment: three support points around it, 120 degrees apart
int polytope2(Polytope* P, const Simplex* s, mjCCDObj* obj1, mjCCDObj* obj2) {
  mjtNum e[3];
  mji_sub3(e, s->w[1], s->w[0]);

  // a direction orthogonal to the segment: cross product with the axis of its smallest
  // component
  int axis = 0;
  mjtNum small = mjMAXVAL;
  for (int k = 0; k < 3; k++) {
    if (fabs(e[k]) < small) {
      small = fabs(e[k]);
      axis = k;
    }
  }
  mjtNum ax[3] = {0, 0, 0}, d1[3], d2[3], d3[3], R[9];
  ax[axis] = 1;
  mji_cross(d1, ax, e);
  rotation120(R, e);
  mju_mulMatVec3(d2, R, d1);
  mju_mulMatVec3(d3, R, d2);

  int v1 = copyVertex(P, s, 0);
  int v2 = copyVertex(P, s, 1);
  int v3 = epaSupport(P, obj1, obj2, d1, mji_norm3(d1));
  int v4 = epaSupport(P, obj1, obj2, d2, mji_norm3(d2));
  int v5 = epaSupport(P, obj1, obj2, d3, mji_norm3(d3));

  // faces; if the origin is on one, restart from that triangle
  static const int kFace[6][3] = {{0, 2, 3}, {0, 4, 2}, {0, 3, 4}, {1, 3, 2}, {1, 2, 4}, {1, 4, 3}};
  static const int kAdj[6][3] = {{1, 3, 2}, {2, 4, 0}, {0, 5, 1}, {5, 0, 4}, {3, 1, 5}, {4, 2, 3}};
  int vi[5] = {v1, v2, v3, v4, v5};
  for (int f = 0; f < 6; f++) {
    int a = vi[kFace[f][0]], b = vi[kFace[f][1]], c = vi[kFace[f][2]];
    if (attachFace(P, a, b, c, kAdj[f][0], kAdj[f][1], kAdj[f][2]) < mjMINVAL * mjMINVAL) {
      return restartFromTriangle(P, a, b, c, obj1, obj2);
    }
  }
  if (!originInTetra(P->w[v1], P->w[v3], P->w[v4], P->w[v5]) &&
      !originInTetra(P->w[v2], P->w[v3], P->w[v4], P->w[v5])) {
    return 1;
  }
  for (int f = 0; f < 6; f++) {
    addCandidate(P, f);
  }
  return 0;
}

// barycentric coordinates of p (in the plane of the triangle) in v1 v2 v3
void triangleCoordinates(mjtNum lam[3], const mjtNum v1[3], const mjtNum v2[3], const mjtNum v3[3],
                         const mjtNum p[3]) {
  mjtNum t1[2], t2[2], t3[2], p2[2];
  mjtNum mmax = shadow2D(t1, t2, t3, p2, v1, v2, v3, p);
  lam[0] = area2(p2, t2, t3) / mmax;
  lam[1] = area2(p2, t3, t1) / mmax;
  lam[2] = area2(p2, t1, t2) / mmax;
}

// Vertex wi repeats an earlier polytope vertex: the same support points of both objects, or
// (geom_only) the same support point of obj2.
bool repeatedSupport(const Polytope* P, int wi, bool geom_only) {
  for (int i = 0; i < wi; i++) {
    bool b = P->b[i][0] == P->b[wi][0] && P->b[i][1] == P->b[wi][1] && P->b[i][2] == P->b[wi][2];
    bool a = P->a[i][0] == P->a[wi][0] && P->a[i][1] == P->a[wi][1] && P->a[i][2] == P->a[wi][2];
    if (b && (geom_only || a)) {
      return true;
    }
  }
  return false;
}

// EPA on the polytope P; returns the face of the result or -1
int epa(Polytope* P, mjCCDObj* obj1, mjCCDObj* obj2, int maxiter, mjtNum tolerance,
        int* iterations) {
  mjtNum upper = mjMAXVAL, upper2 = mjMAXVAL;
  int face = -1, k;
  // polytopes: EPA terminates exactly (the support point on the face's plane, or a repeated
  // support point), without a tolerance: it stops when the bounds meet (upper <= lower), as
  // MuJoCo does (a tolerance, even 1e-15, stops at a different face: see
  // doc/conformance.md#convex)
  bool discrete = discreteShapes(obj1, obj2);
  for (k = 0; k < maxiter; k++) {
    int prev = face;

    // the candidate closest to the origin: a lower bound of the depth
    mjtNum lower2 = mjMAXVAL;
    for (int i = 0; i < P->ncand; i++) {
      int f = P->cand[i];
      if (P->face[f].dist < lower2) {
        lower2 = P->face[f].dist;
        face = f;
      }
    }
    if (lower2 > upper2 || face < 0) {
      // no candidate below the upper bound: keep the previous face
      face = prev;
      break;
    }

    // support point along the face's direction: an upper bound of the depth
    Face* fc = P->face + face;
    mjtNum lower = sqrt(lower2);
    if (P->nvert >= P->maxvert) {
      break;
    }
    int wi = epaSupport(P, obj1, obj2, fc->v, lower);
    const mjtNum* w = P->w[wi];
    mjtNum upk = mji_dot3(fc->v, w) / lower;
    if (upk < upper) {
      upper = upk;
      upper2 = upper * upper;
    }
    if (discrete ? upper - lower <= 0 : upper - lower < tolerance) {
      break;
    }

    // polytopes: a support point found before means no progress (MuJoCo identifies the support
    // points by their vertices; a height-field prism's vertex is not tracked, so there any
    // repeated vertex of the other geom counts, which stops EPA early at a face that need not be
    // the deepest one, as in MuJoCo)
    if (discrete && repeatedSupport(P, wi, obj1->type == mjGEOM_HFIELD)) {
      break;
    }

    horizon(P, w, face);
    int nedge = P->nhorizon;
    if (nedge < 3 || nedge > P->maxhorizon || P->nface + nedge > P->maxface) {
      // numerical trouble or out of memory
      face = -1;
      break;
    }

    // close the hole: face (w, e2, e1) over each horizon edge (e1, e2) of a kept face, linked
    // to its predecessor and successor along the horizon
    int first = P->nface;
    for (int i = 0; i < nedge; i++) {
      int hf = P->hface[i], he = P->hedge[i];
      Face* h = P->face + hf;
      int e1 = h->vert[he], e2 = h->vert[(he + 1) % 3];
      h->adj[he] = first + i;
      int prevf = first + (i + nedge - 1) % nedge, nextf = first + (i + 1) % nedge;
      mjtNum dist = attachFace(P, wi, e2, e1, prevf, hf, nextf);
      if (dist >= lower2 && dist <= upper2) {
        addCandidate(P, first + i);
      }
    }
  }
  *iterations = k;
  return face;
}

// runs EPA from GJK's simplex; on success writes the depth as q->dist < 0 and the witnesses
void penetration(Query* q, mjCCDObj* obj1, mjCCDObj* obj2, mjData* d) {
  int N = q->maxiter > 0 ? q->maxiter : 1;
  mj_markStack(d);
  Polytope P;
  P.maxvert = N + 6;
  // a generous number of faces (at least 1000), within the free stack space
  P.maxface = 6 * N > 1000 ? 6 * N : 1000;
  P.maxhorizon = 6 * N > 1000 ? 6 * N : 1000;
  size_t vbytes = 3 * sizeof(mjtNum) * 3 * P.maxvert + 2 * sizeof(int) * (P.maxhorizon + P.maxvert);
  size_t fbytes = sizeof(Face) + sizeof(int);
  size_t avail = static_cast<size_t>(d->narena) - d->pstack - d->parena;
  if (avail < vbytes + 64 * fbytes + 256) {
    mj_freeStack(d);
    q->dist = 0;
    return;
  }
  if ((avail - vbytes - 256) / fbytes < static_cast<size_t>(P.maxface)) {
    P.maxface = static_cast<int>((avail - vbytes - 256) / fbytes);
  }
  P.w = static_cast<mjtNum(*)[3]>(
      mj_stackAllocByte(d, 3 * sizeof(mjtNum) * P.maxvert, alignof(mjtNum)));
  P.a = static_cast<mjtNum(*)[3]>(
      mj_stackAllocByte(d, 3 * sizeof(mjtNum) * P.maxvert, alignof(mjtNum)));
  P.b = static_cast<mjtNum(*)[3]>(
      mj_stackAllocByte(d, 3 * sizeof(mjtNum) * P.maxvert, alignof(mjtNum)));
  P.ia = mj_stackAllocInt(d, P.maxvert);
  P.ib = mj_stackAllocInt(d, P.maxvert);
  P.face = static_cast<Face*>(mj_stackAllocByte(d, sizeof(Face) * P.maxface, alignof(Face)));
  P.cand = mj_stackAllocInt(d, P.maxface);
  P.hface = mj_stackAllocInt(d, P.maxhorizon);
  P.hedge = mj_stackAllocInt(d, P.maxhorizon);
  P.nvert = P.nface = P.ncand = P.nhorizon = 0;

  int fail;
  const Simplex* s = &q->s;
  if (s->n == 2) {
    fail = polytope2(&P, s, obj1, obj2);
  } else if (s->n == 3) {
    fail = polytope3(&P, s, obj1, obj2);
  } else {
    fail = polytope4(&P, s, obj1, obj2);
  }

  // touching (or a degenerate start): depth 0
  q->dist = 0;
  if (!fail) {
    int iter;
    int f = epa(&P, obj1, obj2, N, q->tolerance, &iter);
    if (f >= 0) {
      const Face* face = P.face + f;
      mjtNum lam[3];
      triangleCoordinates(lam, P.w[face->vert[0]], P.w[face->vert[1]], P.w[face->vert[2]], face->v);
      for (int k = 0; k < 3; k++) {
        q->x1[k] = lam[0] * P.a[face->vert[0]][k] + lam[1] * P.a[face->vert[1]][k] +
                   lam[2] * P.a[face->vert[2]][k];
        q->x2[k] = lam[0] * P.b[face->vert[0]][k] + lam[1] * P.b[face->vert[1]][k] +
                   lam[2] * P.b[face->vert[2]][k];
      }
      q->dist = -sqrt(face->dist);
      for (int k = 0; k < 3; k++) {
        q->vert1[k] = P.ia[face->vert[k]];
        q->vert2[k] = P.ib[face->vert[k]];
      }
    }
  }
  mj_freeStack(d);
}

// unit vector along v, (1, 0, 0) when v vanishes
void unit3(mjtNum r[3], const mjtNum v[3]) {
  mjtNum n = mji_norm3(v);
  if (n < mjMINVAL) {
    r[0] = 1;
    r[1] = r[2] = 0;
    return;
  }
  mji_scl3(r, v, 1 / n);
}

// copies the result of q into status; the normal points from obj1 to obj2
void finish(mjCCDStatus* status, const Query* q) {
  status->dist = q->dist;
  mji_copy3(status->x1, q->x1);
  mji_copy3(status->x2, q->x2);
  mjtNum n[3];
  if (q->dist < 0) {
    mji_sub3(n, q->x1, q->x2);
  } else {
    mji_sub3(n, q->x2, q->x1);
  }
  unit3(status->normal, n);
  status->gjk_iterations = q->iterations;
  for (int k = 0; k < 3; k++) {
    status->vert1[k] = q->vert1[k];
    status->vert2[k] = q->vert2[k];
  }
}

}  // namespace

mjtNum mjc_ccd(const mjCCDConfig* config, mjCCDStatus* status, mjCCDObj* obj1, mjCCDObj* obj2,
               mjData* d) {
  Query q;
  q.maxiter = config->max_iterations;
  q.tolerance = config->tolerance;
  q.cutoff = config->dist_cutoff;
  q.iterations = 0;
  q.s.n = 0;
  for (int k = 0; k < 3; k++) {
    q.vert1[k] = q.vert2[k] = -1;
  }
  status->gjk_iterations = status->epa_iterations = 0;

  // spheres and capsules: GJK on their cores (center point, axis segment), which are separated
  // unless the penetration is deep; the distance of the geoms (inflated by their margins) is
  // then the core distance minus the radii, along the core normal
  mjtNum r1 = mjc_coreRadius(obj1), r2 = mjc_coreRadius(obj2);
  if (r1 > 0 || r2 > 0) {
    if (r1 > 0) {
      r1 += obj1->margin;
    }
    if (r2 > 0) {
      r2 += obj2->margin;
    }
    mji_copy3(q.x1, obj1->center);
    mji_copy3(q.x2, obj2->center);
    q.cutoff = config->dist_cutoff + r1 + r2;
    obj1->core = r1 > 0;
    obj2->core = r2 > 0;
    gjk(&q, obj1, obj2);
    obj1->core = obj2->core = 0;
    q.cutoff = config->dist_cutoff;
    // the cores' answer stands unless they overlap, also when GJK ran out of iterations (as in
    // MuJoCo: see doc/conformance.md#convex)
    if (q.dist > q.tolerance) {
      if (q.dist < mjMAXVAL) {
        mjtNum n[3], e[3];
        mji_sub3(e, q.x2, q.x1);
        unit3(n, e);
        for (int k = 0; k < 3; k++) {
          q.x1[k] += r1 * n[k];
          q.x2[k] -= r2 * n[k];
        }
        q.dist -= r1 + r2;
        if (q.dist > config->dist_cutoff && config->dist_cutoff > 0) {
          q.dist = mjMAXVAL;
        }
      }
      finish(status, &q);
      return status->dist;
    }
    // deep penetration: start over on the full shapes
    q.iterations = 0;
    q.s.n = 0;
  }

  mji_copy3(q.x1, obj1->center);
  mji_copy3(q.x2, obj2->center);
  gjk(&q, obj1, obj2);
  if (config->contacts && q.dist <= q.tolerance && q.s.n > 1) {
    penetration(&q, obj1, obj2, d);
  }
  finish(status, &q);
  return status->dist;
}
