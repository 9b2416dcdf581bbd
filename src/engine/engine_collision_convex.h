// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Narrow phase for convex geoms without a primitive collider, meshes and height fields
// (computation_index.rst "Collision detection / Convex collisions"). The collision table
// (engine_collision_table.cc) references these functions; they have the mjfCollision signature
// (APIreference_APIglobals.rst "mjCOLLISIONFUNC"): write up to mjMAXCONPAIR contacts into `con`
// (dist, pos, frame normal in frame[0..2]) for geoms g1, g2 and return their number.
//
// Files of this area:
//   engine_collision_convex.cc   support functions, mjc_Convex, mjc_PlaneConvex, single-shot
//                                multiccd
//   engine_collision_multirun.cc the multi-run multiccd pipeline
//   engine_collision_gjk.cc      native GJK / EPA distance and penetration (mjc_ccd)
//   engine_collision_mpr.cc      the legacy pipeline: libccd's MPR (mjc_mprPenetration)
//   engine_collision_hfield.cc   mjc_ConvexHField (height field as a union of prisms)
//   engine_collision_distance.cc mj_geomDistance

#ifndef MOTUS_ENGINE_ENGINE_COLLISION_CONVEX_H_
#define MOTUS_ENGINE_ENGINE_COLLISION_CONVEX_H_

#include <mujoco/mujoco.h>

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
  int core;          // if set, spheres and capsules support their core (center point, axis
                     // segment) only; mjc_ccd uses this to find distances exactly

  // meshes: vertices in the geom frame and the convex hull graph (mesh_graph layout)
  const float* vert;    // mesh_vert + 3*mesh_vertadr
  int nvert;            // number of mesh vertices
  int nhull;            // number of hull vertices (0: no graph, search all vertices)
  const int* hullvert;  // vert_globalid of the graph
  const int* edgeadr;   // vert_edgeadr of the graph
  const int* edges;     // edge_localid of the graph
  int warm;             // hull-local index of the last support vertex (hill-climbing start)
  int lastvert;         // mesh vertex index of the last support point (-1 if not a vertex)

  // height-field prism: 6 vertices in world coordinates (3 top, 3 bottom)
  mjtNum prism[6][3];

  mjfSupport support;
};

// Nonzero: the multi-contact feature search tests every vertex of a mesh instead of the hull
// graph neighborhood of its top vertex (for tests, which check that both give the same bits).
extern int mjc_featureFullScan;

// Initializes obj for geom g at its current pose (geom_xpos, geom_xmat), with inflation margin.
void mjc_initCCDObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int g, mjtNum margin);

// Initializes obj as a triangular prism; vertices are set by the caller in obj->prism, in world
// coordinates; obj->center must then be set too (mjc_prismCenter).
void mjc_initPrismObj(mjCCDObj* obj, const mjModel* m, const mjData* d, mjtNum margin);
void mjc_prismCenter(mjCCDObj* obj);

// support point in local (geom-frame) coordinates for a local unit direction, without inflation
void mjc_localSupport(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]);

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
} mjCCDStatus;

// Radius of the core of a sphere (its center) or capsule (its axis segment), 0 for other shapes.
mjtNum mjc_coreRadius(const mjCCDObj* obj);

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

// ---------------------------------------------------------------------------------------------
// helpers shared by the convex, height-field and distance code

// Replaces the normal of a contact found by a general convex collider with the analytic surface
// normals of smooth geoms at the contact point: sphere (radial), capsule (from the axis), cylinder
// (radial, on the side only: |z| < 0.95 half-length and h - |z| > (R - r) / 4), ellipsoid (at the
// surface point closest to the contact point); n1 - n2 normalized when both geoms are smooth, the
// collider's normal when neither is.
void mjc_fixNormal(const mjModel* m, mjData* d, mjContact* con, int g1, int g2);

// Nonzero when the pair of geom types with this margin takes its multiple contacts from the
// multi-run pipeline (engine_collision_multirun.cc).
int mjc_usesMultiRun(const mjModel* m, int type1, int type2, mjtNum margin);

// Multi-run pipeline: con[0] holds the pair's first contact; adds the contacts found with the
// geoms slightly rotated and returns the number of contacts (1 to 5).
int mjc_multiRun(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin);

// Writes one contact from a CCD result (dist, midpoint of the witness points, normal).
void mjc_setContact(mjContact* con, const mjCCDStatus* status);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_COLLISION_CONVEX_H_
