// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collisions of flexes (computation_index.rst "Collision detection"; modeling.rst "Deformable
// objects"; XMLreference.rst flex/contact): geoms against flex elements, and the body weights
// through which a contact point on a flex element moves with the flex's vertex bodies.

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_FLEX_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_FLEX_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Nonzero when some flex of the model can take part in contacts.
int mj_flexCollides(const mjModel* m);

// Collides the geoms of body b with the elements of every flex (in flex order, then geom order,
// then element order) and appends the contacts. The caller runs it once per body, in increasing
// body order, after the body pairs (b, b2) of the broad phase: MuJoCo numbers flex f as
// "body" nbody + f in its pair order.
void mj_collideBodyFlex(const mjModel* m, mjData* d, int b);

// Most bodies (with weights) a side of a contact can involve: the vertices of a tetrahedron,
// each interpolated from up to 27 nodes.
#define mjMAXCONTACTBODY (4 * 27)

// Bodies and weights of side k (0, 1) of contact con: a geom gives its body with weight 1; a
// flex element gives the bodies of its vertices with weights proportional to the inverse
// distances from the contact point (summing to 1), each vertex of an interpolated flex spread on
// its nodes' bodies by the interpolation weights. Returns the number of entries.
int mj_contactBodyWeights(const mjModel* m, const mjData* d, const mjContact* con, int k, int* body,
                          mjtNum* weight);

// Contact Jacobian of a contact with a flex side (engine_core_constraint_flex.cc): writes the
// union of the dof chains of all bodies of both sides to chain (nv ints) and returns its length
// n; unless jacp is NULL, fills jacp and jacr (3 x n each) with the translational and rotational
// Jacobian of side 1 minus that of side 0 at con->pos. Uses the mjData stack.
int mj_contactFlexJac(const mjModel* m, mjData* d, const mjContact* con, int* chain, mjtNum* jacp,
                      mjtNum* jacr);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_FLEX_H_
