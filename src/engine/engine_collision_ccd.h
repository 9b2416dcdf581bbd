// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Distance and penetration between two convex objects, each seen through its support function
// (computation_index.rst "Collision detection / Convex collisions"): the object type mjCCDObj,
// the native GJK / EPA query mjc_ccd (engine_collision_gjk.cc) and the legacy MPR query
// mjc_mprPenetration (engine_collision_mpr.cc). The colliders of engine_collision_convex.h build
// the objects and call these queries; the queries know nothing of the colliders.

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_CCD_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_CCD_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------------------------
// convex objects: a geom (or a height-field prism) seen through its support function

typedef struct mjCCDObj_ mjCCDObj;

// support point of `obj` in world coordinates: the point of the (inflated) shape that maximizes
// the dot product with `dir` (world frame, not necessarily unit length)
typedef void (*mjfSupport)(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]);

struct mjCCDObj_ {
  const mjModel* model;
  const mjData* data;
  int geom;       // geom id, -1 for a height-field prism
  int type;       // mjtGeom of the shape (mjGEOM_HFIELD for a prism)
  mjtNum margin;  // inflation: the support point moves by margin along the unit direction
  mjtNum pos[3];  // frame of the shape (geom_xpos / geom_xmat, possibly perturbed)
  mjtNum mat[9];
  mjtNum size[3];    // geom_size
  mjtNum center[3];  // a point inside the shape (world), used by the legacy MPR pipeline
  int legacy;        // set during libccd's MPR: zero direction components select the middle of a
                     // box's face or edge (MuJoCo's legacy support takes the sign, 0 at 0)
  int core;          // if set, spheres and capsules support their core (center point, axis
                     // segment) only; mjc_ccd uses this to find distances exactly

  // meshes: vertices in the geom frame and the convex hull graph (mesh_graph layout)
  const float* vert;    // mesh_vert + 3*mesh_vertadr
  int nvert;            // number of mesh vertices
  int nhull;            // number of hull vertices (0: no graph, search all vertices)
  const int* hullvert;  // vert_globalid of the graph
  const int* edgeadr;   // vert_edgeadr of the graph
  const int* edges;     // edge_localid of the graph
  int warm;             // hull-local index of the last support vertex (hill-climbing start),
                        // -1 before the first search
  int lastvert;         // vertex of the last support point: mesh vertex index, box corner
                        // (bit k set: +size[k]); -1 for other shapes

  // height-field prism: 6 vertices in world coordinates (3 top, 3 bottom)
  mjtNum prism[6][3];

  mjfSupport support;
};

// ---------------------------------------------------------------------------------------------
// native convex collision (engine_collision_gjk.cc)

typedef struct mjCCDConfig_ {
  int max_iterations;  // mjOption.ccd_iterations
  mjtNum tolerance;    // mjOption.ccd_tolerance (distance units)
  mjtNum dist_cutoff;  // > 0: distances are wanted up to this value (GJK runs to convergence
                       // unless the objects are certainly farther apart); 0: contacts only
  int contacts;        // nonzero: penetration depth of overlapping objects (EPA)
} mjCCDConfig;

typedef struct mjCCDStatus_ {
  mjtNum dist;       // signed distance (< 0: penetration depth); > cutoff: not computed
  mjtNum x1[3];      // witness point on obj1
  mjtNum x2[3];      // witness point on obj2
  mjtNum normal[3];  // unit normal pointing from obj1 to obj2
  int gjk_iterations;
  int epa_iterations;
  // penetration of boxes and meshes: the vertex ids (mjCCDObj.lastvert) of each object at the
  // three corners of the final EPA face, whose distinct values are the contact features (a
  // vertex, an edge or a face); -1 where unknown
  int vert1[3];
  int vert2[3];
} mjCCDStatus;

// Radius of the core of a sphere (its center) or capsule (its axis segment), 0 for other shapes;
// a flex element (engine_collision_flex.cc) gives the radius of its core (its vertices' hull)
// when the caller asks for it.
inline mjtNum mjc_coreRadius(const mjCCDObj* obj) {
  if (obj->geom < 0) {
    return obj->type == mjGEOM_FLEX ? obj->size[1] : 0;  // flex element: radius if core used
  }
  if (obj->type == mjGEOM_SPHERE || obj->type == mjGEOM_CAPSULE) {
    return obj->size[0];
  }
  return 0;
}

// Signed distance between two convex objects by GJK (separated) and EPA (penetrating, when
// config->contacts is set). Spheres and capsules are first handled as their cores (center,
// axis segment) inflated by radius + margin: if the cores are disjoint, the distance is the core
// distance minus the radii. Returns status->dist: < 0 the penetration depth; 0 touching (or no
// depth found); mjMAXVAL when separated and, with a cutoff, when farther apart than the cutoff.
// In contact mode (dist_cutoff = 0) a positive distance is not computed (mjMAXVAL). The normal
// points from obj1 to obj2. `d` provides the stack for the EPA polytope (scratch memory only).
mjtNum mjc_ccd(const mjCCDConfig* config, mjCCDStatus* status, mjCCDObj* obj1, mjCCDObj* obj2,
               mjData* d);

// Legacy pipeline: penetration by libccd's MPR between obj1 and obj2 (both usually inflated by
// half the margin). Returns 1 and fills depth (>= 0), normal (obj1 -> obj2) and pos when the
// (inflated) objects overlap, 0 otherwise.
int mjc_mprPenetration(const mjModel* m, mjCCDObj* obj1, mjCCDObj* obj2, mjtNum* depth,
                       mjtNum normal[3], mjtNum pos[3]);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_CCD_H_
