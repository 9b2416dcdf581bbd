// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The public signed distance functions (APIreference_functions.rst "mjc_getSDF",
// "mjc_distance", "mjc_gradient"; programming_extension.rst "sdf"). An mjSDF names one or two
// fields: field i is the SDF plugin s->plugin[i] evaluated for instance s->id[i], or, without a
// plugin, geom s->id[i] of type s->geomtype[i] (primitives: their exact fields; sdf and mesh
// geoms: their mesh octree), all in the field's own frame. The second field is evaluated at
// y = relmat x + relpos. The combinations (mjtSDFType):
//   single        A(x)
//   intersection  max(A, B)
//   midsurface    A - B
//   collision     A + B + |max(A, B)|   (the objective of sdf collisions)
// Gradients are with respect to x: the second field's gradient is mapped back by relmat^T; as
// in MuJoCo, the midsurface gradient is normalized and octree gradients are in units of the
// octree leaf (see doc/conformance.md#sdf).

#include <mujoco/mujoco.h>

#include "engine/engine_collision_sdf.h"
#include "engine/engine_util_errmem.h"

namespace {

// field i of an SDF at point p of its frame, with its gradient when grad is not NULL
mjtNum field(const mjModel* m, const mjData* d, const mjSDF* s, int i, const mjtNum p[3],
             mjtNum* grad) {
  const mjpPlugin* plugin = s->plugin ? s->plugin[i] : nullptr;
  int id = s->id[i];
  if (plugin) {
    if (grad) {
      plugin->sdf_gradient(grad, p, d, id);
    }
    return plugin->sdf_distance(p, d, id);
  }
  mjtGeom type = s->geomtype ? s->geomtype[i] : static_cast<mjtGeom>(m->geom_type[id]);
  if (type == mjGEOM_SDF || type == mjGEOM_MESH) {
    int mesh = m->geom_dataid[id];
    if (grad) {
      mjc_octGradient(m, mesh, p, 1, grad);  // in leaf units, as MuJoCo returns it
    }
    return mjc_octDistance(m, mesh, p);
  }
  mjtNum scratch[3];
  return mjc_primitiveField(type, m->geom_size + 3 * id, p, grad ? grad : scratch);
}

// the point of the second field's frame
void second(const mjSDF* s, const mjtNum x[3], mjtNum y[3]) {
  mju_mulMatVec3(y, s->relmat, x);
  mju_addTo3(y, s->relpos);
}

}  // namespace

const mjpPlugin* mjc_getSDF(const mjModel* m, int id) {
  if (id < 0 || id >= m->ngeom) {
    mjERROR("geom id %d out of range [0, %d)", id, static_cast<int>(m->ngeom));
    return nullptr;
  }
  int instance = m->geom_plugin[id];
  if (instance < 0) {
    return nullptr;
  }
  const mjpPlugin* plugin = mjp_getPluginAtSlot(m->plugin[instance]);
  if (!plugin) {
    mjERROR("invalid plugin slot: %d", m->plugin[instance]);
    return nullptr;
  }
  if (!(plugin->capabilityflags & mjPLUGIN_SDF)) {
    mjERROR("plugin '%s' of geom %d is not a signed distance field", plugin->name, id);
    return nullptr;
  }
  return plugin;
}

mjtNum mjc_distance(const mjModel* m, const mjData* d, const mjSDF* s, const mjtNum x[3]) {
  mjtNum a = field(m, d, s, 0, x, nullptr);
  if (s->type == mjSDFTYPE_SINGLE) {
    return a;
  }
  mjtNum y[3];
  second(s, x, y);
  mjtNum b = field(m, d, s, 1, y, nullptr);
  switch (s->type) {
    case mjSDFTYPE_INTERSECTION:
      return mju_max(a, b);
    case mjSDFTYPE_MIDSURFACE:
      return a - b;
    case mjSDFTYPE_COLLISION:
      return a + b + mju_abs(mju_max(a, b));
    default:
      mjERROR("unknown SDF type %d", s->type);
      return 0;
  }
}

void mjc_gradient(const mjModel* m, const mjData* d, const mjSDF* s, mjtNum gradient[3],
                  const mjtNum x[3]) {
  mjtNum ga[3];
  mjtNum a = field(m, d, s, 0, x, ga);
  if (s->type == mjSDFTYPE_SINGLE) {
    mju_copy3(gradient, ga);
    return;
  }
  mjtNum y[3], gy[3], gb[3];
  second(s, x, y);
  mjtNum b = field(m, d, s, 1, y, gy);
  mju_mulMatTVec3(gb, s->relmat, gy);
  switch (s->type) {
    case mjSDFTYPE_INTERSECTION:
      mju_copy3(gradient, a > b ? ga : gb);
      return;
    case mjSDFTYPE_MIDSURFACE:  // unit direction, as MuJoCo returns it
      mju_sub3(gradient, ga, gb);
      mju_normalize3(gradient);
      return;
    case mjSDFTYPE_COLLISION: {
      const mjtNum* gmax = a > b ? ga : gb;
      mjtNum sign = mju_max(a, b) > 0 ? 1 : -1;
      for (int k = 0; k < 3; k++) {
        gradient[k] = ga[k] + gb[k] + sign * gmax[k];
      }
      return;
    }
    default:
      mjERROR("unknown SDF type %d", s->type);
      mju_zero3(gradient);
  }
}
