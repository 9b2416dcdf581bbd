// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// What the SDF shape plugins share (programming_extension.rst "sdf"). A shape is a set of
// numeric attributes with defaults and three functions of a point of its local frame: the signed
// distance, its gradient and the axis-aligned bounding box (center, half-sizes). The plugin
// callbacks are built from them: sdf_staticdistance and sdf_aabb take the attributes directly
// (the compiler calls them to build the shape's mesh before any mjData exists);
// sdf_distance and sdf_gradient read them from the instance's state, made by init from the
// instance's configuration; sdf_attribute turns configuration text into attribute values.

#ifndef MOTUS_PLUGIN_SDF_SDF_SHAPE_H_
#define MOTUS_PLUGIN_SDF_SDF_SHAPE_H_

#include <mujoco/mujoco.h>

namespace motus_sdf {

struct SdfShape {
  const char* name;         // plugin name, e.g. "mujoco.sdf.torus"
  int nattribute;           // number of attributes
  const char** attributes;  // their names
  const mjtNum* defaults;   // their values when the configuration leaves them out
  mjtNum (*distance)(const mjtNum p[3], const mjtNum* attributes);
  void (*gradient)(mjtNum grad[3], const mjtNum p[3], const mjtNum* attributes);
  void (*aabb)(mjtNum aabb[6], const mjtNum* attributes);
  // false (with a warning naming the problem) when the attribute values make no shape
  bool (*check)(const mjtNum* attributes);
  // whether the plugin draws the collision's descents (mjVIS_SDFITER, sdf_descent.h): MuJoCo's
  // bowl, gear, nut and bolt do; its torus has no visualize callback
  bool drawdescents;
};

// the shapes of this library
const SdfShape& TorusShape();
const SdfShape& BowlShape();
const SdfShape& GearShape();
const SdfShape& NutShape();
const SdfShape& BoltShape();

// gradient by forward differences of the distance with step 1e-8 along each axis
void ForwardDifferenceGradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* attributes,
                               mjtNum (*distance)(const mjtNum p[3], const mjtNum* attributes));

}  // namespace motus_sdf

#endif  // MOTUS_PLUGIN_SDF_SDF_SHAPE_H_
