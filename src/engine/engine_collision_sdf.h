// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collisions with geoms of type "sdf" that reference a mesh (no plugin): the signed distance
// field is the mesh octree compiled into mjModel (mesh_octadr, oct_aabb, oct_child, oct_coeff).
// Contacts come from gradient descent started at sdf_initpoints Halton points of the overlap of
// the two bounding boxes (programming_extension.rst "sdf"); see engine_collision_sdf.cc for the
// conventions, which follow MuJoCo's results (doc/conformance.md#sdf).
//
// Implemented pairs: sphere, capsule, ellipsoid, cylinder, box and sdf against sdf. Mesh-sdf
// searches the mesh's faces (mjc_MeshSDF). Plane-sdf is plane-mesh (engine_collision_convex.cc).
// Height field against sdf gives no contacts, as in MuJoCo (NULL entry).

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_SDF_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_SDF_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Narrow phase for (sphere | capsule | ellipsoid | cylinder | box | sdf) g1 against the sdf geom
// g2 (mjCOLLISIONFUNC signature).
// Writes at most mjMAXCONPAIR contacts; geoms of other types, sdf geoms without a field and
// degenerate sizes give no contacts.
int mjc_SDF(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// Signed distance of the mesh octree of `mesh` at point p (mesh frame): trilinear interpolation
// of the corner values of the leaf containing p; outside the root box, the value at the point
// clamped 1e-6 inside the box plus the distance to that point. Returns 0 without an octree.
mjtNum mjc_octDistance(const mjModel* m, int mesh, const mjtNum p[3]);

// Gradient of mjc_octDistance at p (mesh frame). Inside the root box it is the analytic
// derivative of the trilinear interpolation; with `cell_units` it is taken with respect to the
// leaf's unit-cube coordinates (i.e. multiplied by the leaf's edge length), which is the
// gradient MuJoCo descends on. Outside the root box: forward differences (step 1e-8).
void mjc_octGradient(const mjModel* m, int mesh, const mjtNum p[3], int cell_units, mjtNum grad[3]);

// Signed distance of a primitive geom (sphere, box, capsule, cylinder, ellipsoid) of the given
// size at p (geom frame), with its gradient in grad, as the sdf collisions evaluate them; 0 and
// a zero gradient for other types.
mjtNum mjc_primitiveField(int type, const mjtNum size[3], const mjtNum p[3], mjtNum grad[3]);

// Whether sdf geom g has a field: an SDF plugin, or the octree of its mesh.
int mjc_sdfGeomHasField(const mjModel* m, int g);

// Signed distance of the field of sdf geom g at p (geom frame) and, unless grad is NULL, its
// gradient there (for an octree, in the leaf's cell units when cell_units is set, as
// mjc_octGradient); 0 for a geom without a field.
mjtNum mjc_sdfGeomField(const mjModel* m, const mjData* d, int g, const mjtNum p[3], int cell_units,
                        mjtNum grad[3]);

// Whether the box of triangle v (frame of geom g) misses geom g's bounding box.
int mjc_sdfTriangleMissesBox(const mjModel* m, int g, const mjtNum (*v)[3]);

// The search for the lowest signed distance of sdf geom g over triangle v (its frame) from start
// point i (engine_collision_flexsdf.cc): the end point in x, the field there returned.
mjtNum mjc_sdfTriangleDescent(const mjModel* m, const mjData* d, int g, const mjtNum (*v)[3], int i,
                              mjtNum x[3]);

// Narrow phase for the mesh geom g1 against the sdf geom g2 (mjCOLLISIONFUNC signature;
// engine_collision_meshsdf.cc): the triangle search on every face of the mesh.
int mjc_MeshSDF(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// Contacts of sdf geom g with the elements of flex f (engine_collision_flexsdf.cc), appended
// with the margin and gap of the pair.
void mj_collideSdfFlex(const mjModel* m, mjData* d, int g, int f, mjtNum margin, mjtNum gap);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_SDF_H_
