// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Position and velocity helpers of the "Support" section of the API reference: mj_local2Global,
// mj_differentiatePos, mj_integratePos, mj_normalizeQuat, mj_getTotalmass, mj_setTotalmass (all
// declared in mujoco.h), and mj_insideSite below (the site volumes that sensors test).
//
// qpos conventions (computation_index.rst "General framework"): hinge and slide joints have one
// qpos and one qvel; a ball joint has a unit quaternion (4 qpos) and a 3D angular velocity in
// the joint's local (child) frame; a free joint has a world position (3), then a unit quaternion
// (4), with a world linear velocity (3) and a local angular velocity (3).

#ifndef MOTUS_ENGINE_ENGINE_SUPPORT_POS_H_
#define MOTUS_ENGINE_ENGINE_SUPPORT_POS_H_

#include <mujoco/mujoco.h>

// Nonzero when the world point p is inside the volume of site s (sphere, capsule, cylinder,
// ellipsoid or box, in the site's frame).
int mj_insideSite(const mjModel* m, const mjData* d, int s, const mjtNum p[3]);

#endif  // MOTUS_ENGINE_ENGINE_SUPPORT_POS_H_
