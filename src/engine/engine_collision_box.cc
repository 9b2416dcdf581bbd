// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Box colliders (placeholder while being written).

#include <mujoco/mujoco.h>

#include "engine/engine_collision_primitive.h"

int mjc_CapsuleBox(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                   mjtNum margin) {
  return 0;
}

int mjc_BoxBox(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
               mjtNum margin) {
  return 0;
}
