// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collision detection driver (computation_index.rst "Collision detection"): selects the geom
// pairs to check (broad phase over bodies, BVH mid phase, explicit <pair>s, <exclude>s and the
// filters), calls the narrow-phase functions of mjCOLLISIONFUNC, mixes the contact parameters
// (modeling.rst "Contact parameters") and appends the contacts to d->contact in the arena.
//
// Public: mj_collision, mj_addContact, mj_maxContact (mujoco.h). The internal pieces below are
// exposed for the sensors and mj_geomDistance.

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_DRIVER_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_DRIVER_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Broad phase: the body pairs (b1 < b2) whose bounding boxes overlap (sweep and prune along the
// principal axes of the geom centers; bodies with planes pair with every other body), after the
// body filters (same welded body, parent-child unless mjDSBL_FILTERPARENT, body contype /
// conaffinity unless mjcb_contactfilter is installed). Writes the pairs as b1 * nbody + b2 in
// increasing order to a buffer allocated on the mjData stack (the caller owns the stack frame)
// and returns their number.
int mj_broadphase(const mjModel* m, mjData* d, int** pairs);

// Nonzero when bodies b1, b2 may not collide through the body-pair mechanism: same welded body
// (body_weldid), or parent and child welded bodies (neither the world) unless
// mjDSBL_FILTERPARENT.
int mj_filterBodyPair(const mjModel* m, int b1, int b2);

// Keeps the first ncon contacts (ncon <= d->ncon) and drops the rest, leaving the arena as
// mj_addContact does (the contacts contiguous at its bottom, nothing after them).
void mj_truncateContacts(mjData* d, int ncon);

// Bounding-sphere filter (filter 2): nonzero when geoms g1, g2 are certainly farther apart than
// margin (spheres of radius geom_rbound; a plane has rbound 0 and uses the signed distance of the
// other geom's center).
int mj_filterSphere(const mjModel* m, const mjData* d, int g1, int g2, mjtNum margin);

// Contact parameters of a dynamically generated pair (modeling.rst "Contact parameters"):
// priority decides, else condim and friction are maxima and solref/solimp are mixed by solmix
// (element-wise minimum of solref when either is non-positive); gap is the maximum.
void mj_contactParam(const mjModel* m, int g1, int g2, int* condim, mjtNum* gap,
                     mjtNum solref[mjNREF], mjtNum solimp[mjNIMP], mjtNum friction[5]);

// Narrow phase of one geom pair with its parameters: g2 < 0 means "explicit pair g1"
// (pair_* parameters), else the geom pair g1, g2 with mixed geom parameters. Orders the geoms by
// type, applies the bounding-sphere filter, calls mjCOLLISIONFUNC and appends the contacts.
void mj_collideGeoms(const mjModel* m, mjData* d, int g1, int g2);

// Mid phase helpers, shared with the marks of flex trees (engine_collision_flexmark.cc):
// world center of a node box (aabb: center, half-sizes in the inertial frame of body b)
void mj_bvhNodeCenter(const mjData* d, int b, const mjtNum* aabb, mjtNum res[3]);
// separating-axis test of two boxes (centers, orientations, half-sizes) on their 6 face axes,
// inflated by margin; nonzero when they may overlap
int mj_boxesOverlap(const mjtNum c1[3], const mjtNum mat1[9], const mjtNum h1[3],
                    const mjtNum c2[3], const mjtNum mat2[9], const mjtNum h2[3], mjtNum margin);
// the measure that decides which of two inner nodes the traversal descends into
mjtNum mj_bvhSplitMeasure(const mjtNum* aabb);
// one descent step of a walk of two trees (roots root1, root2) from the overlapping node pair
// (n1, n2) with boxes a1, a2: into the inner node, or of two inner nodes into the first unless
// the second has the larger split measure; pushes the two child pairs on stack (nstack entries
// of at most cap) and returns the new nstack
int mj_bvhDescend(const mjModel* m, int root1, int root2, int n1, int n2, const mjtNum* a1,
                  const mjtNum* a2, int* stack, int nstack, int cap);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_DRIVER_H_
