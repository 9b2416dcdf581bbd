// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The table of narrow-phase collision functions (APIreference_APIglobals.rst "mjCOLLISIONFUNC";
// computation_index.rst "Pair-wise colliders"): entry [t1][t2] with t1 <= t2 collides a geom of
// type t1 with one of type t2 (the driver orders the pair by type; the lower triangle is unused).
// NULL means the two types cannot collide (plane-plane, plane-hfield, hfield-hfield, and
// hfield-sdf, which MuJoCo does not support either: it warns and returns no contacts).
// Plane-sdf collides the plane with the sdf geom's mesh, as MuJoCo does; sphere, capsule,
// ellipsoid, cylinder, box and sdf against sdf descend on the sdf fields, mesh against sdf
// searches the mesh's faces (engine_collision_sdf.h).
// Users may replace entries with their own functions.

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_collision_primitive.h"
#include "engine/engine_collision_sdf.h"

// mjc_Convex, mjc_PlaneConvex and mjc_ConvexHField are the convex colliders
// (engine_collision_convex.h).
#define CVX mjc_Convex
#define HFC mjc_ConvexHField

mjfCollision mjCOLLISIONFUNC[mjNGEOMTYPES][mjNGEOMTYPES] = {
    // PLANE
    {0, 0, mjc_PlaneSphere, mjc_PlaneCapsule, mjc_PlaneEllipsoid, mjc_PlaneCylinder, mjc_PlaneBox,
     mjc_PlaneConvex, mjc_PlaneConvex},
    // HFIELD
    {0, 0, HFC, HFC, HFC, HFC, HFC, HFC, 0},
    // SPHERE
    {0, 0, mjc_SphereSphere, mjc_SphereCapsule, CVX, mjc_SphereCylinder, mjc_SphereBox, CVX,
     mjc_SDF},
    // CAPSULE
    {0, 0, 0, mjc_CapsuleCapsule, CVX, CVX, mjc_CapsuleBox, CVX, mjc_SDF},
    // ELLIPSOID
    {0, 0, 0, 0, CVX, CVX, CVX, CVX, mjc_SDF},
    // CYLINDER
    {0, 0, 0, 0, 0, CVX, CVX, CVX, mjc_SDF},
    // BOX
    {0, 0, 0, 0, 0, 0, mjc_BoxBox, CVX, mjc_SDF},
    // MESH
    {0, 0, 0, 0, 0, 0, 0, CVX, mjc_MeshSDF},
    // SDF
    {0, 0, 0, 0, 0, 0, 0, 0, mjc_SDF},
};

#undef CVX
#undef HFC
