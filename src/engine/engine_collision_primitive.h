// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Analytic narrow-phase colliders for pairs of primitive geoms (computation_index.rst
// "Collision detection / Checking" and the "Pair-wise colliders" table). All have the
// mjfCollision signature (APIreference_APIglobals.rst "mjCOLLISIONFUNC"): geom g1 has the lower
// geom type, `margin` is the pair's contact margin, and up to mjMAXCONPAIR contacts are written
// to `con`. Each contact gets
//   dist        signed distance between the two surfaces (negative: penetration),
//   pos         the midpoint between the two surface points,
//   frame[0..2] the unit normal, pointing from geom1 towards geom2,
//   frame[3..5] a preferred first tangent direction, or zero for "no preference" (the driver
//               completes the frame with mjc_completeFrame).
// Only contacts with dist <= margin are returned. Everything else (ids, parameters) is set by
// the driver.
//
// Numbers of contacts (as MuJoCo's): plane-sphere 1, plane-capsule 2, plane-ellipsoid 1,
// plane-cylinder 4, plane-box 4, sphere-sphere / sphere-capsule / sphere-cylinder / sphere-box 1,
// capsule-capsule 2, capsule-box 2, box-box 8 (up to 16 by construction when faces are exactly
// parallel; MuJoCo itself reports 9 in some such poses).

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_PRIMITIVE_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_PRIMITIVE_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// plane (g1) vs primitive (g2); engine_collision_primitive.cc
int mjc_PlaneSphere(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_PlaneCapsule(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_PlaneEllipsoid(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_PlaneCylinder(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_PlaneBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// sphere / capsule pairs; engine_collision_primitive.cc
int mjc_SphereSphere(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_SphereCapsule(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_SphereCylinder(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_SphereBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_CapsuleCapsule(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// box pairs; engine_collision_box.cc
int mjc_CapsuleBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);
int mjc_BoxBox(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// ---------------------------------------------------------------------------------------------
// shared pieces

// Contact between two spheres (center c1, radius r1) and (c2, r2): writes one contact into con
// and returns 1 if the surface distance is <= margin, else returns 0. The normal points from c1
// to c2 (the x axis when the centers coincide). Used by every collider that reduces to closest
// points (capsule segments, box corners with radius 0).
int mjc_sphereSphereRaw(mjContact* con, mjtNum margin, const mjtNum c1[3], mjtNum r1,
                        const mjtNum c2[3], mjtNum r2);

// Completes a contact frame: frame[0..2] is the normal (normalized here), frame[3..5] a preferred
// first tangent or zero. The first tangent becomes the preferred direction made orthogonal to
// the normal, or, without a preference, the world y axis (the world z axis when the normal is
// within 60 degrees of +-y, i.e. |normal_y| >= 0.5) made orthogonal to the normal; the second
// tangent is normal x tangent1.
void mjc_completeFrame(mjtNum frame[9]);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_PRIMITIVE_H_
