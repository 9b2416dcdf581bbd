// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Narrow phase for convex geoms without a primitive collider, meshes and height fields
// (computation_index.rst "Collision detection / Convex collisions"). The collision table
// (engine_collision_table.cc) references these functions; they have the mjfCollision signature
// (APIreference_APIglobals.rst "mjCOLLISIONFUNC"): write up to mjMAXCONPAIR contacts into `con`
// (dist, pos, frame normal in frame[0..2]) for geoms g1, g2 and return their number.
//
// Files of this area:
//   engine_collision_convex.cc   support functions, mjc_Convex, mjc_PlaneConvex
//   engine_collision_multiccd.cc the single-shot multiccd pipeline
//   engine_collision_multirun.cc the multi-run multiccd pipeline
//   engine_collision_gjk.cc      native GJK / EPA distance and penetration (mjc_ccd)
//   engine_collision_mpr.cc      the legacy pipeline: libccd's MPR (mjc_mprPenetration)
//                                (these two see only engine_collision_ccd.h: the convex objects
//                                and the distance queries, below the colliders of this file)
//   engine_collision_hfield.cc   mjc_ConvexHField (height field as a union of prisms)
//   engine_collision_distance.cc mj_geomDistance

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_CONVEX_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_CONVEX_H_

#include <mujoco/mujoco.h>

#include "engine/engine_collision_ccd.h"

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------------------------
// colliders of the mjCOLLISIONFUNC table

// any two convex geoms (sphere, capsule, ellipsoid, cylinder, box, mesh) not handled by a
// primitive function
int mjc_Convex(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// plane (g1) vs mesh (g2)
int mjc_PlaneConvex(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// height field (g1) vs any convex geom (g2)
int mjc_ConvexHField(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// Signed distance of two convex geoms as one contact (GJK when separated, EPA when overlapping,
// on the geoms themselves: unlike mjc_Convex, no inflation by the margin, so the result does not
// depend on distmax); 0 contacts when the distance is distmax or more. Used by mj_geomDistance
// (MuJoCo's distance sensors give the same values for any cutoff).
int mjc_ConvexDistance(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum distmax);

// ---------------------------------------------------------------------------------------------
// convex objects of geoms and height-field prisms (engine_collision_convex.cc)

// Initializes obj for geom g at its current pose (geom_xpos, geom_xmat), with inflation margin.
void mjc_initCCDObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int g, mjtNum margin);

// Initializes obj as a triangular prism; vertices are set by the caller in obj->prism, in world
// coordinates; obj->center must then be set too (mjc_prismCenter).
void mjc_initPrismObj(mjCCDObj* obj, const mjModel* m, const mjData* d, mjtNum margin);
void mjc_prismCenter(mjCCDObj* obj);

// support point in local (geom-frame) coordinates for a local unit direction, without inflation
void mjc_localSupport(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]);

// ---------------------------------------------------------------------------------------------
// helpers shared by the convex, height-field and distance code

// Replaces the normal of a contact found by a general convex collider with the analytic surface
// normals of spheres (radial) and capsules (from the axis) at the contact point; n1 - n2
// normalized when both geoms are such, the collider's normal when neither is (ellipsoids and
// cylinders included, as in MuJoCo 3.8).
void mjc_fixNormal(const mjModel* m, mjData* d, mjContact* con, int g1, int g2);

// Nonzero when the pair of geom types with this margin takes its multiple contacts from the
// multi-run pipeline (engine_collision_multirun.cc).
int mjc_usesMultiRun(const mjModel* m, int type1, int type2, mjtNum margin);

// Multi-run pipeline: con[0] holds the pair's first contact; adds the contacts found with the
// geoms slightly rotated and returns the number of contacts (1 to 5).
int mjc_multiRun(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// Single-shot pipeline (engine_collision_multiccd.cc): con[0] holds the pair's contact found by
// EPA, st its result; replaces it by the contacts of the flat features (at most 4) and returns
// their number (1 when the features are not flat).
int mjc_singleShot(const mjModel* m, mjContact* con, const mjCCDObj* o1, const mjCCDObj* o2,
                   const mjCCDStatus* st);

// Writes one contact from a CCD result (dist, midpoint of the witness points, normal).
void mjc_setContact(mjContact* con, const mjCCDStatus* status);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_CONVEX_H_
