// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collisions of flexes (computation_index.rst "Collision detection"; modeling.rst "Deformable
// objects"; XMLreference.rst flex/contact): geoms against flex elements, and the body weights
// through which a contact point on a flex element moves with the flex's vertex bodies.

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_FLEX_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_FLEX_H_

#include <mujoco/mujoco.h>

#include "engine/engine_collision_ccd.h"

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

// Flex collisions inside a flex and between flexes (engine_collision_flexself.cc): after all
// body and body-flex pairs, the driver runs mj_collideFlexPairs (pairs of distinct flexes), then
// mj_collideFlexSelf for every flex in order (internal contacts, then self contacts).
void mj_collideFlexPairs(const mjModel* m, mjData* d);

// Marks in mjData.bvh_active the body and flex tree nodes that MuJoCo's body-flex traversal
// passes through (engine_collision_flexmark.cc), while visual/global/bvactive is on.
void mj_markFlexNodes(const mjModel* m, mjData* d);
void mj_collideFlexSelf(const mjModel* m, mjData* d, int f);

// Shared by the flex colliders (engine_collision_flex.cc):

// Element e of flex f as a convex object (the hull of its vertices, swept by the flex radius,
// inflated by margin) for mjc_ccd; its center (GJK's start) is the center of its bounding box.
void mjc_initElemObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int f, int e, mjtNum margin);

// Moves the center of an element object to the mean of its vertices, the start that reproduces
// MuJoCo's contacts where GJK runs on the element's core.
void mjc_elemMeanCenter(mjCCDObj* obj);

// GJK / EPA between two convex objects of the flex colliders at the model's CCD settings: returns
// 1 and fills con (zeroed, then dist, pos and frame of mjc_setContact) when they penetrate.
int mjc_flexPenetration(const mjModel* m, mjData* d, mjCCDObj* o1, mjCCDObj* o2, mjContact* con);

// Whether element e of flex f collides: every element of a 1D / 2D flex, the elements of the
// outer flex_activelayers layers of a 3D flex.
int mj_isElemActive(const mjModel* m, int f, int e);

// Completes contact con (dist, pos, normal in frame[0..2] and the geom / flex / elem / vert
// ids of both sides set by the caller) with the parameters mixed from its two sides (a geom or a
// flex each) and appends it. internal: condim 1, as internal flex contacts have.
void mj_addFlexContact(const mjModel* m, mjData* d, mjContact* con, mjtNum margin, mjtNum gap,
                       int internal);

// Keeps at most mjMAXCONPAIR of the contacts d->contact[start .. ncon) (those of one geom-flex,
// flex-flex or flex self pair), as MuJoCo does: farthest point sampling of their positions from
// the deepest one. The kept contacts are left in the order they were picked.
void mj_capFlexContacts(mjData* d, int start);

// Sorts the contacts d->contact[start .. ncon) of one geom-flex or flex-flex pair by the ids of
// their sides (geom, else element, else vertex; side 0 first), keeping the order of equal ones,
// as MuJoCo orders the contacts of a geom with a flex and of two flexes (not self contacts).
void mj_sortFlexContacts(mjData* d, int start);

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
