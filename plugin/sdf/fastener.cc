// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.sdf.nut and mujoco.sdf.bolt: a hexagonal nut and a hexagonal bolt with a screw
// thread of radius `radius` around the z axis. Both fields are maxima and minima of plane and
// cone terms (no rounding of edges), measured on MuJoCo 3.8.0's plugin; the gradient is a
// forward difference of step 1e-8.
//
// Shared pieces (r = |(x, y)|, s = 1 / sqrt(2)):
// - the hexagon: flats at distance 0.5 from the axis, one of them normal to x; its term is
//   max(|x|, |x / 2 + (sqrt 3 / 2) y|, |x / 2 - (sqrt 3 / 2) y|) - 0.5;
// - the head slab 0 >= z >= -0.5, max(z, -z - 0.5), chamfered at its top outer edge by the
//   45-degree cone s (r - radius + z - 0.22);
// - the thread: a single-start helix of 12 turns per unit length. With
//   u = 12 z - atan2(y, x) / (2 pi), the triangle wave t = |u - floor(u) - 0.5| in [0, 1/2]
//   moves the thread's surface between r = radius and r = radius + 1/24; its distance is
//   measured across the 45-degree flanks, s (r - radius - t / 12) for the bolt's shaft and the
//   negative of that for the nut's hole.
// The nut is the head with the threaded hole cut out, the hole widened by the 45-degree cone
// s (radius + 0.05 - r + z) at the top and cut by s (radius + 0.5 - r + z) near the bottom
// (the thread ends in a cone there). The bolt is the head joined to the shaft, which ends at
// z = 0 above, at z = -1 below, and in the 45-degree chamfer s (r - z - 1 - radius).

#include <cmath>

#include <mujoco/mujoco.h>

#include "sdf_shape.h"

namespace {

const char* kAttributes[] = {"radius"};
const mjtNum kDefaults[] = {0.26};

// 1 / sqrt(2): the 45-degree cones and thread flanks
const mjtNum kHalfSqrt2 = 0.70710678118654757;

mjtNum Radial(const mjtNum p[3]) {
  return std::sqrt(p[0] * p[0] + p[1] * p[1]);
}

// thread offset t / 12 of the surface from the radius (t: the triangle wave above)
mjtNum ThreadOffset(const mjtNum p[3]) {
  mjtNum u = p[2] * 12 - std::atan2(p[1], p[0]) / (2 * mjPI);
  return std::fabs(u - std::floor(u) - 0.5) / 12;
}

// hexagonal head: slab, flats and top chamfer
mjtNum Head(const mjtNum p[3], mjtNum r, mjtNum radius) {
  const mjtNum c = 0.86602540378443860;  // sqrt(3) / 2
  mjtNum hex = std::fmax(std::fmax(std::fabs(p[0]), std::fabs(0.5 * p[0] + c * p[1])),
                         std::fabs(0.5 * p[0] - c * p[1])) -
               0.5;
  mjtNum slab = std::fmax(p[2], -p[2] - 0.5);
  mjtNum chamfer = (r - radius + p[2] - 0.22) * kHalfSqrt2;
  return std::fmax(std::fmax(slab, hex), chamfer);
}

mjtNum NutDistance(const mjtNum p[3], const mjtNum* a) {
  mjtNum radius = a[0], r = Radial(p);
  mjtNum thread = (radius - r + ThreadOffset(p)) * kHalfSqrt2;
  mjtNum top = (radius - r + p[2] + 0.05) * kHalfSqrt2;
  mjtNum bottom = (radius - r + p[2] + 0.5) * kHalfSqrt2;
  return std::fmax(std::fmax(Head(p, r, radius), top), std::fmin(thread, bottom));
}

mjtNum BoltDistance(const mjtNum p[3], const mjtNum* a) {
  mjtNum radius = a[0], r = Radial(p);
  mjtNum thread = (r - radius - ThreadOffset(p)) * kHalfSqrt2;
  mjtNum chamfer = (r - p[2] - 1 - radius) * kHalfSqrt2;
  mjtNum shaft = std::fmax(std::fmax(thread, -1 - p[2]), std::fmax(chamfer, p[2]));
  return std::fmin(Head(p, r, radius), shaft);
}

void NutGradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* a) {
  motus_sdf::ForwardDifferenceGradient(grad, p, a, NutDistance);
}

void BoltGradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* a) {
  motus_sdf::ForwardDifferenceGradient(grad, p, a, BoltDistance);
}

// the same box for both, whatever the radius
void Aabb(mjtNum aabb[6], const mjtNum* a) {
  (void)a;
  aabb[0] = aabb[1] = aabb[2] = 0;
  aabb[3] = aabb[4] = 0.6;
  aabb[5] = 1;
}

bool NutCheck(const mjtNum* a) {
  if (!(a[0] > 0)) {
    mju_warning("mujoco.sdf.nut: radius must be positive, got %g", a[0]);
    return false;
  }
  return true;
}

bool BoltCheck(const mjtNum* a) {
  if (!(a[0] > 0)) {
    mju_warning("mujoco.sdf.bolt: radius must be positive, got %g", a[0]);
    return false;
  }
  return true;
}

}  // namespace

namespace motus_sdf {

const SdfShape& NutShape() {
  static const SdfShape shape = {"mujoco.sdf.nut", 1,    kAttributes, kDefaults, NutDistance,
                                 NutGradient,      Aabb, NutCheck,    true};
  return shape;
}

const SdfShape& BoltShape() {
  static const SdfShape shape = {"mujoco.sdf.bolt", 1,    kAttributes, kDefaults, BoltDistance,
                                 BoltGradient,      Aabb, BoltCheck,   true};
  return shape;
}

}  // namespace motus_sdf
