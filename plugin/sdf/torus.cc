// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.sdf.torus: the ring of radius radius1 around the z axis, thickened by radius2 (the set
// of points at distance radius2 from the circle x^2 + y^2 = radius1^2, z = 0). Its signed
// distance is exact: with rho = |(x, y)| and q = (rho - radius1, z), d = |q| - radius2.

#include <cmath>

#include <mujoco/mujoco.h>

#include "sdf_shape.h"

namespace {

const char* kAttributes[] = {"radius1", "radius2"};
const mjtNum kDefaults[] = {0.35, 0.15};

mjtNum Distance(const mjtNum p[3], const mjtNum* a) {
  mjtNum rho = std::sqrt(p[0] * p[0] + p[1] * p[1]);
  mjtNum q0 = rho - a[0];
  return std::sqrt(q0 * q0 + p[2] * p[2]) - a[1];
}

// d/dp |q| = (q0 (x / rho) / |q|, q0 (y / rho) / |q|, z / |q|), rounded in that order (as
// MuJoCo's plugin: the gradients agree bit for bit)
void Gradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* a) {
  mjtNum rho = std::sqrt(p[0] * p[0] + p[1] * p[1]);
  mjtNum q0 = rho - a[0];
  mjtNum len = std::sqrt(q0 * q0 + p[2] * p[2]);
  grad[0] = q0 * (p[0] / rho) / len;
  grad[1] = q0 * (p[1] / rho) / len;
  grad[2] = p[2] / len;
}

void Aabb(mjtNum aabb[6], const mjtNum* a) {
  aabb[0] = aabb[1] = aabb[2] = 0;
  aabb[3] = aabb[4] = a[0] + a[1];
  aabb[5] = a[1];
}

bool Check(const mjtNum* a) {
  if (!(a[0] > 0) || !(a[1] > 0)) {
    mju_warning("mujoco.sdf.torus: radius1 and radius2 must be positive, got %g and %g", a[0],
                a[1]);
    return false;
  }
  return true;
}

}  // namespace

namespace motus_sdf {

const SdfShape& TorusShape() {
  static const SdfShape shape = {"mujoco.sdf.torus", 2,    kAttributes, kDefaults, Distance,
                                 Gradient,           Aabb, Check,       false};
  return shape;
}

}  // namespace motus_sdf
