// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.sdf.bowl: a spherical shell of radius `radius` centered at the origin, cut by the plane
// z = height (the cap above it removed), thickened by `thickness`. In the half plane
// q = (|(x, y)|, z) the cut circle ends at the rim point w = (sqrt(radius^2 - height^2),
// height). Points whose direction from the center lies above the rim's (height q0 < w0 q1) are
// nearest to the rim, the others to the circle, so the distance to the cut shell is |q - w| or
// ||q| - radius|, and the bowl's is that minus thickness. The gradient is taken by forward
// differences.

#include <cmath>

#include <mujoco/mujoco.h>

#include "sdf_shape.h"

namespace {

const char* kAttributes[] = {"height", "radius", "thickness"};
const mjtNum kDefaults[] = {0.4, 1.0, 0.02};

mjtNum Distance(const mjtNum p[3], const mjtNum* a) {
  mjtNum height = a[0], radius = a[1], thickness = a[2];
  mjtNum rim = std::sqrt(radius * radius - height * height);
  mjtNum q0 = std::sqrt(p[0] * p[0] + p[1] * p[1]), q1 = p[2];
  mjtNum shell;
  if (height * q0 < rim * q1) {
    shell = std::sqrt((q0 - rim) * (q0 - rim) + (q1 - height) * (q1 - height));
  } else {
    shell = std::fabs(std::sqrt(q0 * q0 + q1 * q1) - radius);
  }
  return shell - thickness;
}

void Gradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* a) {
  motus_sdf::ForwardDifferenceGradient(grad, p, a, Distance);
}

// the whole sphere's box, thickened
void Aabb(mjtNum aabb[6], const mjtNum* a) {
  aabb[0] = aabb[1] = aabb[2] = 0;
  aabb[3] = aabb[4] = aabb[5] = a[1] + a[2];
}

bool Check(const mjtNum* a) {
  if (!(a[1] > 0) || !(std::fabs(a[0]) < a[1]) || !(a[2] > 0)) {
    mju_warning(
        "mujoco.sdf.bowl: need radius > 0, |height| < radius and thickness > 0, got "
        "height %g, radius %g, thickness %g",
        a[0], a[1], a[2]);
    return false;
  }
  return true;
}

}  // namespace

namespace motus_sdf {

const SdfShape& BowlShape() {
  static const SdfShape shape = {"mujoco.sdf.bowl", 3,    kAttributes, kDefaults, Distance,
                                 Gradient,          Aabb, Check,       true};
  return shape;
}

}  // namespace motus_sdf
