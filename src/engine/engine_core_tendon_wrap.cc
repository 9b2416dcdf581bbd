// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Shortest tendon paths around spheres and cylinders (engine_core_tendon.h; XMLreference
// "spatial/geom", modeling.rst "Muscles": "spheres and infinite cylinders as wrapping objects",
// side sites and inside wraps).

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_core_tendon.h"

// ---------------------------------------------------------------------------------------------
// planar helpers

namespace {

inline mjtNum dot2(const mjtNum a[2], const mjtNum b[2]) {
  return a[0] * b[0] + a[1] * b[1];
}

inline mjtNum cross2(const mjtNum a[2], const mjtNum b[2]) {
  return a[0] * b[1] - a[1] * b[0];
}

inline mjtNum dist2(const mjtNum a[2], const mjtNum b[2]) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]));
}

// point of the segment p0-p1 closest to the origin
void closestToOrigin(mjtNum c[2], const mjtNum p0[2], const mjtNum p1[2]) {
  mjtNum dif[2] = {p1[0] - p0[0], p1[1] - p0[1]};
  mjtNum dd = dot2(dif, dif);
  mjtNum a = dd > 0 ? -dot2(dif, p0) / dd : 0;
  a = a < 0 ? 0 : (a > 1 ? 1 : a);
  c[0] = p0[0] + a * dif[0];
  c[1] = p0[1] + a * dif[1];
}

// Tangent point on the circle |x| = r seen from p (|p| > r), rotated from the direction of p by
// +acos(r/|p|) (sgn = 1, counterclockwise) or -acos(r/|p|) (sgn = -1):
//   t = (r^2 p + sgn r sqrt(|p|^2 - r^2) perp(p)) / |p|^2,  perp(p) = (-p_y, p_x).
void tangentPoint(mjtNum t[2], const mjtNum p[2], mjtNum r, int sgn) {
  mjtNum sq = dot2(p, p);
  mjtNum h = sgn * r * std::sqrt(sq - r * r);
  t[0] = (r * r * p[0] - h * p[1]) / sq;
  t[1] = (r * r * p[1] + h * p[0]) / sq;
}

// do the closed segments a0-a1 and b0-b1 cross (proper intersection)?
int segmentsCross(const mjtNum a0[2], const mjtNum a1[2], const mjtNum b0[2], const mjtNum b1[2]) {
  mjtNum da[2] = {a1[0] - a0[0], a1[1] - a0[1]};
  mjtNum db[2] = {b1[0] - b0[0], b1[1] - b0[1]};
  mjtNum r0[2] = {b0[0] - a0[0], b0[1] - a0[1]};
  mjtNum r1[2] = {b1[0] - a0[0], b1[1] - a0[1]};
  mjtNum s0[2] = {a0[0] - b0[0], a0[1] - b0[1]};
  mjtNum s1[2] = {a1[0] - b0[0], a1[1] - b0[1]};
  return cross2(da, r0) * cross2(da, r1) < 0 && cross2(db, s0) * cross2(db, s1) < 0;
}

// angle swept when travelling along the circle from t0 to t1 counterclockwise (ccw = 1) or
// clockwise, in [0, 2 pi)
mjtNum sweep(const mjtNum t0[2], const mjtNum t1[2], int ccw) {
  mjtNum ang = std::atan2(cross2(t0, t1), dot2(t0, t1));
  if (!ccw) {
    ang = -ang;
  }
  return ang < 0 ? ang + 2 * mjPI : ang;
}

// ---------------------------------------------------------------------------------------------
// circle wrap

// Squared distance from the side site to the circle point in the direction of the midpoint of
// the chord t0-t1 (the selection measure of side sites, matching MuJoCo on thousands of
// random configurations; for arcs longer than pi that point lies on the other arc).
mjtNum sideDistance(const mjtNum t[4], const mjtNum side[2], mjtNum radius) {
  mjtNum mid[2] = {0.5 * (t[0] + t[2]), 0.5 * (t[1] + t[3])};
  mjtNum len = std::sqrt(dot2(mid, mid));
  if (len > mjMINVAL) {
    mid[0] *= radius / len;
    mid[1] *= radius / len;
  }
  return (mid[0] - side[0]) * (mid[0] - side[0]) + (mid[1] - side[1]) * (mid[1] - side[1]);
}

}  // namespace

// The shortest path from p0 to p1 that goes around the circle consists of the tangent piece
// p0 -> t0, the arc t0 -> t1 and the tangent piece t1 -> p1. Going around counterclockwise,
// t0 is p0's tangent point rotated counterclockwise and t1 is p1's rotated clockwise; going
// clockwise, the opposite. Both tangent pieces have lengths sqrt(|p|^2 - r^2) for either
// direction, so the shorter wrap is the one with the smaller arc. A direction whose tangent
// pieces cross is not a wrap (the segment then passes on that side of the circle).
mjtNum mju_wrapCircle(mjtNum pnt[4], const mjtNum end[4], const mjtNum* side, mjtNum radius) {
  const mjtNum* p0 = end;
  const mjtNum* p1 = end + 2;
  mjtNum sqrad = radius * radius;
  if (radius < mjMINVAL || dot2(p0, p0) < sqrad || dot2(p1, p1) < sqrad) {
    return -1;
  }
  mjtNum dif[2] = {p1[0] - p0[0], p1[1] - p0[1]};
  if (dot2(dif, dif) < mjMINVAL) {
    return -1;
  }

  // straight when the segment misses the disk, unless the side site asks for the far side
  mjtNum c[2];
  closestToOrigin(c, p0, p1);
  if (dot2(c, c) > sqrad && (!side || dot2(side, c) >= 0)) {
    return -1;
  }

  // the two candidate wraps: k = 0 counterclockwise, k = 1 clockwise
  mjtNum t[2][4], arc[2];
  int valid[2];
  for (int k = 0; k < 2; k++) {
    int sgn = k == 0 ? 1 : -1;
    tangentPoint(t[k], p0, radius, sgn);
    tangentPoint(t[k] + 2, p1, radius, -sgn);
    arc[k] = sweep(t[k], t[k] + 2, k == 0);
    valid[k] = !segmentsCross(p0, t[k], p1, t[k] + 2);
  }

  int sel;
  if (valid[0] && valid[1]) {
    if (side) {
      sel = sideDistance(t[0], side, radius) <= sideDistance(t[1], side, radius) ? 0 : 1;
    } else {
      sel = arc[0] <= arc[1] ? 0 : 1;
    }
  } else if (valid[0] || valid[1]) {
    sel = valid[0] ? 0 : 1;
  } else {
    return -1;
  }

  for (int i = 0; i < 4; i++) {
    pnt[i] = t[sel][i];
  }
  return radius * arc[sel];
}

// ---------------------------------------------------------------------------------------------
// inside wrap

// The path is forced through the disk: both straight pieces meet at the circle point t that
// minimizes |p0-t| + |t-p1|, where they make the same angle beta with the normal at t. In the
// triangle (center, t, p_i) the law of sines gives the angle at p_i as asin(A_i z), with
// z = sin(beta) and A_i = r/|p_i|, so the central angle between p_i and t is
// beta - asin(A_i z). The two central angles add up to the angle G between p0 and p1:
//   f(z) = asin(A_0 z) + asin(A_1 z) - 2 asin(z) + G = 0,
// f decreases from f(0) = G > 0; f(1) > 0 means the segment crosses the disk (the straight
// path already passes through it). The root is found by Newton's method started near z = 1
// (20 iterations at most, stopping once |f| < 1e-6), and t is placed by rotating the endpoint
// that comes first counterclockwise by its central angle. This reproduces MuJoCo to
// rounding, including its stopping tolerance (which leaves t accurate to ~1e-8 only; the
// length is stationary in t and accurate to ~1e-15).
mjtNum mju_wrapInside(mjtNum pnt[4], const mjtNum end[4], mjtNum radius) {
  const mjtNum* p0 = end;
  const mjtNum* p1 = end + 2;
  mjtNum len0 = std::sqrt(dot2(p0, p0)), len1 = std::sqrt(dot2(p1, p1));
  if (radius < mjMINVAL || len0 <= radius || len1 <= radius) {
    return -1;
  }
  mjtNum A = radius / len0, B = radius / len1;
  mjtNum cosG = dot2(p0, p1) / (len0 * len1);
  cosG = cosG < -1 ? -1 : (cosG > 1 ? 1 : cosG);
  mjtNum G = std::acos(cosG);

  // Newton iteration on f(z)
  const int maxiter = 20;
  const mjtNum tolerance = 1e-6;
  mjtNum z = 1 - 1e-7;
  mjtNum f = std::asin(A * z) + std::asin(B * z) - 2 * std::asin(z) + G;
  if (f > 0) {
    return -1;
  }
  for (int iter = 0; iter < maxiter; iter++) {
    mjtNum df = A / std::sqrt(1 - A * A * z * z) + B / std::sqrt(1 - B * B * z * z) -
                2 / std::sqrt(1 - z * z);
    z -= f / df;
    if (!(z > 0 && z < 1)) {
      return -1;  // left the domain (degenerate configuration)
    }
    f = std::asin(A * z) + std::asin(B * z) - 2 * std::asin(z) + G;
    if (std::fabs(f) < tolerance) {
      break;
    }
  }

  // rotate the first endpoint (counterclockwise order) towards the other one
  int first0 = cross2(p0, p1) >= 0;
  const mjtNum* base = first0 ? p0 : p1;
  mjtNum ang = std::asin(z) - std::asin((first0 ? A : B) * z);
  mjtNum phi = std::atan2(base[1], base[0]) + ang;
  pnt[0] = pnt[2] = radius * std::cos(phi);
  pnt[1] = pnt[3] = radius * std::sin(phi);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// 3D wrap

namespace {

// orthonormal plane axes for a sphere wrap: a0 along p0, a1 in the plane of (center, p0, p1)
// towards p1; when p0 and p1 are collinear with the center, the plane through the side site
// (if any and not collinear too), else any plane containing p0
void spherePlane(mjtNum a0[3], mjtNum a1[3], const mjtNum p0[3], const mjtNum p1[3],
                 const mjtNum* side) {
  mju_copy3(a0, p0);
  mju_normalize3(a0);
  mjtNum normal[3];
  mju_cross(normal, p0, p1);
  if (mju_normalize3(normal) < mjMINVAL) {
    if (side) {
      mju_cross(normal, p0, side);
    }
    if (!side || mju_normalize3(normal) < mjMINVAL) {
      // any vector not parallel to a0, crossed with it
      int k = std::fabs(a0[0]) < std::fabs(a0[1]) ? 0 : 1;
      k = std::fabs(a0[k]) < std::fabs(a0[2]) ? k : 2;
      mjtNum e[3] = {0, 0, 0};
      e[k] = 1;
      mju_cross(normal, a0, e);
      mju_normalize3(normal);
    }
  }
  mju_cross(a1, normal, a0);
  mju_normalize3(a1);
}

}  // namespace

mjtNum mju_wrapGeom(mjtNum wpnt[6], const mjtNum x0[3], const mjtNum x1[3], const mjtNum xpos[3],
                    const mjtNum xmat[9], mjtNum radius, int type, const mjtNum* side) {
  if (type != mjWRAP_SPHERE && type != mjWRAP_CYLINDER) {
    return -1;
  }

  // endpoints and side site in the geom frame
  mjtNum p[2][3], s[3], dif[3];
  mju_sub3(dif, x0, xpos);
  mju_mulMatTVec3(p[0], xmat, dif);
  mju_sub3(dif, x1, xpos);
  mju_mulMatTVec3(p[1], xmat, dif);
  if (side) {
    mju_sub3(dif, side, xpos);
    mju_mulMatTVec3(s, xmat, dif);
  }

  // planar problem
  mjtNum a0[3] = {1, 0, 0}, a1[3] = {0, 1, 0};
  if (type == mjWRAP_SPHERE) {
    if (mju_norm3(p[0]) < mjMINVAL || mju_norm3(p[1]) < mjMINVAL) {
      return -1;
    }
    spherePlane(a0, a1, p[0], p[1], side ? s : nullptr);
  }
  mjtNum end[4] = {mju_dot3(p[0], a0), mju_dot3(p[0], a1), mju_dot3(p[1], a0), mju_dot3(p[1], a1)};
  mjtNum sd[2] = {0, 0};
  if (side) {
    sd[0] = mju_dot3(s, a0);
    sd[1] = mju_dot3(s, a1);
  }

  mjtNum pnt[4];
  mjtNum wlen;
  if (side && mju_dot3(s, s) < radius * radius) {
    wlen = mju_wrapInside(pnt, end, radius);
  } else {
    wlen = mju_wrapCircle(pnt, end, side ? sd : nullptr, radius);
  }
  if (wlen < 0) {
    return -1;
  }

  // back to 3D (geom frame)
  mjtNum res[2][3];
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < 3; i++) {
      res[k][i] = pnt[2 * k] * a0[i] + pnt[2 * k + 1] * a1[i];
    }
  }

  // cylinder: the axial coordinate is linear in the planar path length, which turns the arc
  // into a helix of length sqrt(arc^2 + rise^2)
  if (type == mjWRAP_CYLINDER) {
    mjtNum L0 = dist2(end, pnt), L1 = dist2(end + 2, pnt + 2);
    mjtNum L = L0 + wlen + L1;
    mjtNum dz = p[1][2] - p[0][2];
    res[0][2] = L > mjMINVAL ? p[0][2] + dz * L0 / L : p[0][2];
    res[1][2] = L > mjMINVAL ? p[0][2] + dz * (L0 + wlen) / L : p[0][2];
    mjtNum rise = res[1][2] - res[0][2];
    wlen = std::sqrt(wlen * wlen + rise * rise);
  }

  // world frame
  for (int k = 0; k < 2; k++) {
    mju_mulMatVec3(wpnt + 3 * k, xmat, res[k]);
    mju_addTo3(wpnt + 3 * k, xpos);
  }
  return wlen;
}
