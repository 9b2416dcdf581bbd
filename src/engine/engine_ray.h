// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Ray casting (APIreference_functions.rst "Ray casting"): the ray is pnt + x vec, x >= 0; the
// functions return the smallest x at which it enters (or, starting inside, leaves) a surface, or
// -1 for no intersection. x is in units of |vec| (vec need not be normalized). Normals, when
// requested, are unit vectors in the world frame pointing out of the geom, whichever side the
// ray comes from.
//
// Public (mujoco.h): mj_ray, mj_multiRay, mj_rayHfield, mj_rayMesh, mju_rayGeom, mju_raySkin.
// Internal helpers for other areas (rangefinder sensors, rendering-free picking):

#ifndef MOTUS_ENGINE_ENGINE_RAY_H_
#define MOTUS_ENGINE_ENGINE_RAY_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Nonzero when mj_ray / mj_multiRay skip geom g: its body is `bodyexclude`; it is static (body
// welded to the world) and flg_static is 0; geomgroup is given and excludes its group (groups
// outside 0..mjNGROUP-1 are excluded too); or it is invisible (alpha 0 in its material's rgba
// when it has a material, else in geom_rgba).
int mj_rayExcludeGeom(const mjModel* m, int g, const mjtByte* geomgroup, mjtByte flg_static,
                      int bodyexclude);

// Intersection of a ray with geom g of any type (primitives, mesh, height field; planes are
// hit from their front side only, within their rendered size when it is positive). Returns -1
// for types that cannot be ray-cast (SDF).
mjtNum mj_rayGeomAny(const mjModel* m, const mjData* d, int g, const mjtNum pnt[3],
                     const mjtNum vec[3], mjtNum normal[3]);

// Intersection of a ray with the triangle (v0, v1, v2) (Moller-Trumbore), any orientation.
// Returns x >= 0 or -1; writes the unit normal (v1 - v0) x (v2 - v0) / |...| if normal is given.
mjtNum mju_rayTriangle(const mjtNum v0[3], const mjtNum v1[3], const mjtNum v2[3],
                       const mjtNum pnt[3], const mjtNum vec[3], mjtNum normal[3]);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_RAY_H_
