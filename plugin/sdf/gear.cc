// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.sdf.gear: a spur gear of N involute teeth around the z axis, extruded over
// |z| <= thickness / 2, with a round hole. The attributes are the rotation alpha (radians, added
// to the polar angle), the pitch diameter D, the number of teeth N, the thickness and the hole's
// diameter (negative: a hole of radius D (0.36 - 1.2 / N)).
//
// The 2D profile, in polar coordinates (r, phi):
// - pressure angle psi = 3.096e-5 N^2 - 6.557e-3 N + 0.551, base radius rb = (D / 2) cos(psi),
//   tip radius D / 2 + D / N, root radius D (0.5 - 1.2 / N);
// - a tooth spans the angles [0, W] on the base circle, W = pi / N + 2 inv(psi), where
//   inv(a) = tan(a) - a is the involute function; teeth repeat every 2 pi / N. Its two flanks
//   are involutes of the base circle, leaving it at the angles 0 and W. All involutes of one
//   circle are parallel curves, so the distance from a point to a flank, measured along the
//   point's tangent line to the base circle, is rb times the difference of the angles at which
//   the two involutes leave the circle: with inv(r) = sqrt(r^2 - rb^2) / rb - acos(rb / r),
//   rb (inv(r) - f) to the rising flank and rb (f - W + inv(r)) to the falling one (f: the
//   polar angle relative to the tooth). Below the base circle the tooth is the wedge
//   0 <= f <= W, whose bound enters the maximum as the angles -f and f - W themselves (angles,
//   not lengths, as in MuJoCo's field);
// - the tooth t is cut by the tip circle c = r - tip with a quadratic smooth maximum of width
//   k = 0.0035 D where t + c < 0; where t + c > 0 the value is max(t, c, -smin(t, c)), which
//   is smax(t, c) - (t + c) near the corner and the sharp maximum farther out (the two agree
//   on t + c = 0: for these polynomials smax(t, c) + smin(t, c) = t + c). The teeth are joined
//   to the root disk with a quadratic smooth minimum of width rb - root, and the hole is cut
//   with a plain maximum. Far outside (more than 0.2 beyond the tip circle) the profile is
//   r - tip.
// The extrusion is the usual exact one: with w = (profile, |z| - thickness / 2),
// min(max(w), 0) + |max(w, 0)|. The gradient is a forward difference of step 1e-8.
// The distance agrees with MuJoCo's to a few units in the last place (doc/conformance.md,
// "Plugins").

#include <cmath>

#include <mujoco/mujoco.h>

#include "sdf_shape.h"

namespace {

const char* kAttributes[] = {"alpha", "diameter", "teeth", "thickness", "innerdiameter"};
const mjtNum kDefaults[] = {0, 2.8, 25, 0.2, -1};

// quadratic smooth maximum and minimum of width k: equal to max(a, b) / min(a, b) when
// |a - b| >= k, otherwise moved away from it by (k - |a - b|)^2 / (4 k)
mjtNum SmoothMax(mjtNum a, mjtNum b, mjtNum k) {
  mjtNum h = std::fmax(k - std::fabs(a - b), 0) / k;
  return std::fmax(a, b) + h * h * k * 0.25;
}

mjtNum SmoothMin(mjtNum a, mjtNum b, mjtNum k) {
  mjtNum h = std::fmax(k - std::fabs(a - b), 0) / k;
  return std::fmin(a, b) - h * h * k * 0.25;
}

// the 2D profile at radius r and polar angle phi (alpha included)
mjtNum Profile(mjtNum r, mjtNum phi, const mjtNum* a) {
  mjtNum diameter = a[1], teeth = a[2], innerdiameter = a[4];
  mjtNum psi = 3.096e-5 * teeth * teeth - 6.557e-3 * teeth + 0.551;
  mjtNum rb = diameter / 2 * std::cos(psi);
  mjtNum tip = diameter / 2 + diameter / teeth;
  mjtNum root = diameter * (0.5 - 1.2 / teeth);
  mjtNum hole = innerdiameter < 0 ? diameter * (0.36 - 1.2 / teeth) : innerdiameter / 2;
  if (r - tip > 0.2) {
    return r - tip;
  }

  // angle relative to the nearest tooth, in (W/2 - period/2, W/2 + period/2]
  mjtNum period = 2 * mjPI / teeth;
  mjtNum width = mjPI / teeth + 2 * (std::tan(psi) - psi);
  mjtNum f = phi - period * std::floor(phi / period);
  if (f > width / 2 + period / 2) {
    f -= period;
  }

  mjtNum d = std::fmax(-f, f - width);
  if (r >= rb) {
    mjtNum inv = std::sqrt(r * r - rb * rb) / rb - std::acos(rb / r);
    d = std::fmax(d, std::fmax(rb * (inv - f), rb * (f - width + inv)));
  }
  mjtNum c = r - tip, k = 0.0035 * diameter;
  mjtNum sharp = std::fmax(d, c);
  d = std::fmax(sharp, std::fmin(SmoothMax(d, c, k), -SmoothMin(d, c, k)));
  d = SmoothMin(d, r - root, rb - root);
  return std::fmax(d, hole - r);
}

mjtNum Distance(const mjtNum p[3], const mjtNum* a) {
  mjtNum r = std::sqrt(p[0] * p[0] + p[1] * p[1]);
  mjtNum w0 = Profile(r, std::atan2(p[1], p[0]) + a[0], a);
  mjtNum w1 = std::fabs(p[2]) - a[3] / 2;
  mjtNum u0 = std::fmax(w0, 0), u1 = std::fmax(w1, 0);
  return std::fmin(std::fmax(w0, w1), 0) + std::sqrt(u0 * u0 + u1 * u1);
}

void Gradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* a) {
  motus_sdf::ForwardDifferenceGradient(grad, p, a, Distance);
}

void Aabb(mjtNum aabb[6], const mjtNum* a) {
  aabb[0] = aabb[1] = aabb[2] = 0;
  aabb[3] = aabb[4] = 0.625 * a[1];
  aabb[5] = 0.55 * a[3];
}

bool Check(const mjtNum* a) {
  if (!(a[1] > 0) || !(a[2] > 0) || !(a[3] > 0)) {
    mju_warning(
        "mujoco.sdf.gear: diameter, teeth and thickness must be positive, got %g, %g and %g", a[1],
        a[2], a[3]);
    return false;
  }
  return true;
}

}  // namespace

namespace motus_sdf {

const SdfShape& GearShape() {
  static const SdfShape shape = {"mujoco.sdf.gear", 5,    kAttributes, kDefaults, Distance,
                                 Gradient,          Aabb, Check,       true};
  return shape;
}

}  // namespace motus_sdf
