// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// General convex collisions (computation_index.rst "Convex collisions", "Multiple contacts"):
// support functions of the convex geom types, the mjCOLLISIONFUNC entries mjc_Convex (any two
// convex geoms) and mjc_PlaneConvex (plane vs mesh), and the multiple-contact logic (multiccd).
//
// A convex set S is described by its support function s(u) = argmax_{x in S} u.x. Every geom is
// convex in its own frame (pos, mat = geom_xpos, geom_xmat): s(u) = pos + mat * s_local(mat' u).
// A margin m inflates the set by a ball: s(u) + m u/|u|. Meshes collide through their convex
// hull (computation_index.rst "Collision detection"), whose support vertex is found by hill
// climbing on the hull graph (mesh_graph: each vertex's neighbors), starting from the previous
// answer; for small hulls a linear search is cheaper.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_util_blas.h"

namespace {

// hulls with fewer vertices are searched linearly
constexpr int kHillClimbMin = 10;

// hull vertices sampled for the start of a collision's first hill climb, on hulls of at least
// kStartSamplesMin vertices (on smaller ones the climb from vertex 0 is short)
constexpr int kStartSamples = 8;
constexpr int kStartSamplesMin = 32;

// plane vs mesh: hull neighbors of the deepest vertex closer than this fraction of the geom's
// bounding radius are not reported as further contacts
constexpr mjtNum kPlaneNeighborFar = 0.3;

inline mjtNum dotf(const float* v, const mjtNum u[3]) {
  return v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
}

// ---------------------------------------------------------------------------------------------
// support functions in the geom frame (u: local direction, any length)

void supportSphere(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  mjtNum len = sqrt(mji_dot3(u, u));
  mjtNum r = obj->size[0];
  if (len < mjMINVAL) {
    res[0] = r;
    res[1] = res[2] = 0;
    return;
  }
  for (int k = 0; k < 3; k++) {
    res[k] = r * u[k] / len;
  }
}

// capsule: segment of half-length size[1] along z, plus radius size[0]
// the extreme coordinate +-half along a direction component c; the legacy pipeline takes the
// middle (0) for c = 0, as MuJoCo's legacy support functions do (sign of c times half): libccd's
// MPR then finds the exact face contact of shapes aligned on their line of centers
// (doc/conformance.md#convex)
mjtNum extreme(const mjCCDObj* obj, mjtNum c, mjtNum half) {
  if (obj->legacy && c == 0) {
    return 0;
  }
  return c >= 0 ? half : -half;
}

void supportCapsule(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  supportSphere(res, obj, u);
  res[2] += extreme(obj, u[2], obj->size[1]);
}

// ellipsoid with semi-axes a, b, c: the point where the normal (x/a^2, y/b^2, z/c^2) is parallel
// to u is (a^2 u_x, b^2 u_y, c^2 u_z) / sqrt(a^2 u_x^2 + b^2 u_y^2 + c^2 u_z^2)
void supportEllipsoid(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  mjtNum s[3] = {obj->size[0] * u[0], obj->size[1] * u[1], obj->size[2] * u[2]};
  mjtNum len = sqrt(mji_dot3(s, s));
  if (len < mjMINVAL) {
    res[0] = obj->size[0];
    res[1] = res[2] = 0;
    return;
  }
  // x_k = (a_k / len) s_k, with a_k / len rounded as a_k * (1 / len), as MuJoCo rounds it: EPA
  // picks among exactly symmetric faces by these last bits (see doc/conformance.md#convex)
  mjtNum inv = 1 / len;
  for (int k = 0; k < 3; k++) {
    res[k] = obj->size[k] * inv * s[k];
  }
}

// cylinder: disk of radius size[0] in the xy plane, extruded by +-size[1] along z
void supportCylinder(mjtNum res[3], const mjCCDObj* obj, const mjtNum u[3]) {
  mjtNum len = sqrt(u[0] * u[0] + u[1] * u[1]);
  if (len < mjMINVAL) {
    res[0] = res[1] = 0;
  } else {
    // the scale R / |u_xy| first, then the components, as MuJoCo rounds it. GJK on a capsule
    // core against a cylinder meets exact ties (the core's end is chosen by the sign of a
    // direction orthogonal to the axis up to rounding), which these bits decide (see
    // doc/conformance.md#convex)
    mjtNum scale = obj->size[0] / len;
    res[0] = scale * u[0];
    res[1] = scale * u[1];
  }
  res[2] = extreme(obj, u[2], obj->size[1]);
}

void supportBox(mjtNum res[3], mjCCDObj* obj, const mjtNum u[3]) {
  int id = 0;
  for (int k = 0; k < 3; k++) {
    res[k] = extreme(obj, u[k], obj->size[k]);
    id |= u[k] >= 0 ? 1 << k : 0;
  }
  obj->lastvert = id;
}

// Hill climb over the hull graph from hull vertex `cur` (value `best`): move to the best
// neighbor while one is strictly better (on a convex polytope a vertex with no better neighbor
// is a global maximizer). Returns the final vertex; *tie is set when one of its neighbors has
// exactly its value (a maximizing edge or face: the vertex found then depends on the start).
int hillClimb(const mjCCDObj* obj, const mjtNum u[3], int cur, mjtNum best, int* tie) {
  for (;;) {
    int next = -1, eq = 0;
    for (int k = obj->edgeadr[cur]; obj->edges[k] >= 0; k++) {
      int nb = obj->edges[k];
      mjtNum val = dotf(obj->vert + 3 * obj->hullvert[nb], u);
      eq |= val == best;
      if (val > best) {
        best = val;
        next = nb;
      }
    }
    if (next < 0) {
      *tie = eq;
      return cur;
    }
    cur = next;
  }
}

// mesh vertex maximizing u.v: hill climbing over the hull graph from the previous answer;
// small meshes (or meshes without a graph) are searched linearly over all their vertices, in
// order (ties go to the first vertex, as in MuJoCo). The first search of a collision (warm < 0)
// climbs from hull vertex 0, as MuJoCo does; on large hulls, to shorten that climb, it starts
// instead from the best of kStartSamples hull vertices spread over the list (vertex 0 among them).
// Both climbs end on the unique maximizer when there is one; when the vertex found has a neighbor
// of equal value the answer depends on the path, and the climb from vertex 0 is taken.
int meshSupportVertex(mjCCDObj* obj, const mjtNum u[3]) {
  if (obj->nhull > 0 && obj->nvert >= kHillClimbMin) {
    int tie = 0, cur;
    if (obj->warm >= 0 || obj->nhull < kStartSamplesMin) {
      cur = mjMAX(obj->warm, 0);
      cur = hillClimb(obj, u, cur, dotf(obj->vert + 3 * obj->hullvert[cur], u), &tie);
    } else {
      int start = 0;
      mjtNum best = dotf(obj->vert + 3 * obj->hullvert[0], u);
      int stride = obj->nhull / kStartSamples;
      for (int i = stride; stride > 0 && i < obj->nhull; i += stride) {
        mjtNum val = dotf(obj->vert + 3 * obj->hullvert[i], u);
        if (val > best) {
          best = val;
          start = i;
        }
      }
      cur = hillClimb(obj, u, start, best, &tie);
      if (tie && start != 0) {
        cur = hillClimb(obj, u, 0, dotf(obj->vert + 3 * obj->hullvert[0], u), &tie);
      }
    }
    obj->warm = cur;
    return obj->hullvert[cur];
  }
  int bi = 0;
  mjtNum best = dotf(obj->vert, u);
  for (int i = 1; i < obj->nvert; i++) {
    mjtNum val = dotf(obj->vert + 3 * i, u);
    if (val > best) {
      best = val;
      bi = i;
    }
  }
  return bi;
}

void supportMesh(mjtNum res[3], mjCCDObj* obj, const mjtNum u[3]) {
  int v = meshSupportVertex(obj, u);
  obj->lastvert = v;
  const float* p = obj->vert + 3 * v;
  res[0] = p[0];
  res[1] = p[1];
  res[2] = p[2];
}

// world-frame support of a geom: rotate the direction into the geom frame, back, and inflate
void supportGeom(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  mjtNum u[3], loc[3];
  mju_mulMatTVec3(u, obj->mat, dir);
  mjc_localSupport(loc, obj, u);
  mju_mulMatVec3(res, obj->mat, loc);
  for (int k = 0; k < 3; k++) {
    res[k] += obj->pos[k];
  }
  if (obj->margin > 0 && !obj->core) {
    // the ball of radius margin: + margin dir / |dir|. GJK and EPA pass unit directions, which
    // MuJoCo scales by the margin without dividing by their norm (1 up to rounding; these bits
    // decide exact ties, see doc/conformance.md#convex); other callers (libccd's MPR) may pass
    // any length
    mjtNum len2 = mji_dot3(dir, dir);
    if (fabs(len2 - 1) < 1e-12) {
      for (int k = 0; k < 3; k++) {
        res[k] += obj->margin * dir[k];
      }
    } else if (len2 > mjMINVAL * mjMINVAL) {
      mjtNum len = sqrt(len2);
      for (int k = 0; k < 3; k++) {
        res[k] += obj->margin * dir[k] / len;
      }
    }
  }
}

// prism: vertices are stored in world coordinates
void supportPrism(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  int bi = 0;
  mjtNum best = mji_dot3(obj->prism[0], dir);
  for (int i = 1; i < 6; i++) {
    mjtNum val = mji_dot3(obj->prism[i], dir);
    if (val > best) {
      best = val;
      bi = i;
    }
  }
  for (int k = 0; k < 3; k++) {
    res[k] = obj->prism[bi][k];
  }
  if (obj->margin > 0) {
    mjtNum len = sqrt(mji_dot3(dir, dir));
    if (len > mjMINVAL) {
      for (int k = 0; k < 3; k++) {
        res[k] += obj->margin * dir[k] / len;
      }
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// convex objects

void mjc_localSupport(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  if (obj->core && (obj->type == mjGEOM_SPHERE || obj->type == mjGEOM_CAPSULE)) {
    res[0] = res[1] = 0;
    res[2] = obj->type == mjGEOM_SPHERE ? 0 : (dir[2] >= 0 ? obj->size[1] : -obj->size[1]);
    return;
  }
  switch (obj->type) {
    case mjGEOM_SPHERE:
      supportSphere(res, obj, dir);
      break;
    case mjGEOM_CAPSULE:
      supportCapsule(res, obj, dir);
      break;
    case mjGEOM_ELLIPSOID:
      supportEllipsoid(res, obj, dir);
      break;
    case mjGEOM_CYLINDER:
      supportCylinder(res, obj, dir);
      break;
    case mjGEOM_BOX:
      supportBox(res, obj, dir);
      break;
    case mjGEOM_MESH:
      supportMesh(res, obj, dir);
      break;
    default:
      res[0] = res[1] = res[2] = 0;
  }
}

void mjc_initCCDObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int g, mjtNum margin) {
  memset(obj, 0, sizeof(mjCCDObj));
  obj->model = m;
  obj->data = d;
  obj->geom = g;
  obj->type = m->geom_type[g];
  obj->margin = margin;
  obj->lastvert = -1;
  obj->warm = -1;
  for (int k = 0; k < 3; k++) {
    obj->pos[k] = d->geom_xpos[3 * g + k];
    obj->center[k] = d->geom_xpos[3 * g + k];
    obj->size[k] = m->geom_size[3 * g + k];
  }
  for (int k = 0; k < 9; k++) {
    obj->mat[k] = d->geom_xmat[9 * g + k];
  }
  obj->support = supportGeom;

  // an sdf geom with a mesh is, for the convex colliders (plane-sdf), its mesh's convex hull
  if (obj->type == mjGEOM_SDF && m->geom_dataid[g] >= 0) {
    obj->type = mjGEOM_MESH;
  }
  if (obj->type == mjGEOM_MESH) {
    int mesh = m->geom_dataid[g];
    if (mesh < 0 || mesh >= m->nmesh) {
      // a mesh geom without mesh data behaves like a point at its frame origin
      obj->type = mjGEOM_NONE;
      return;
    }
    obj->vert = m->mesh_vert + 3 * m->mesh_vertadr[mesh];
    obj->nvert = m->mesh_vertnum[mesh];
    int adr = m->mesh_graphadr[mesh];
    if (adr >= 0) {
      const int* graph = m->mesh_graph + adr;
      int numvert = graph[0], numface = graph[1];
      obj->nhull = numvert;
      obj->edgeadr = graph + 2;
      obj->hullvert = graph + 2 + numvert;
      obj->edges = graph + 2 + 2 * numvert;
      (void)numface;
    }
    if (obj->nvert <= 0) {
      obj->type = mjGEOM_NONE;
    }
  }
}

void mjc_initPrismObj(mjCCDObj* obj, const mjModel* m, const mjData* d, mjtNum margin) {
  memset(obj, 0, sizeof(mjCCDObj));
  obj->model = m;
  obj->data = d;
  obj->geom = -1;
  obj->type = mjGEOM_HFIELD;
  obj->margin = margin;
  obj->lastvert = -1;
  obj->mat[0] = obj->mat[4] = obj->mat[8] = 1;
  obj->support = supportPrism;
}

void mjc_prismCenter(mjCCDObj* obj) {
  for (int k = 0; k < 3; k++) {
    mjtNum s = 0;
    for (int i = 0; i < 6; i++) {
      s += obj->prism[i][k];
    }
    obj->center[k] = s / 6;
  }
}

void mjc_setContact(mjContact* con, const mjCCDStatus* status) {
  memset(con, 0, sizeof(mjContact));
  con->dist = status->dist;
  for (int k = 0; k < 3; k++) {
    con->pos[k] = 0.5 * (status->x1[k] + status->x2[k]);
    con->frame[k] = status->normal[k];
  }
}

// ---------------------------------------------------------------------------------------------
// surface normals of smooth geoms

namespace {

// outward unit normal of a sphere or capsule g at (or near) the world point p; returns 0 for
// other geom types or a degenerate point (e.g. at the center of a sphere)
int smoothNormal(mjtNum n[3], const mjModel* m, const mjData* d, int g, const mjtNum p[3]) {
  const mjtNum* pos = d->geom_xpos + 3 * g;
  const mjtNum* mat = d->geom_xmat + 9 * g;
  const mjtNum* size = m->geom_size + 3 * g;
  mjtNum rel[3] = {p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]}, loc[3], nl[3];
  mju_mulMatTVec3(loc, mat, rel);
  switch (m->geom_type[g]) {
    case mjGEOM_SPHERE:
      nl[0] = loc[0];
      nl[1] = loc[1];
      nl[2] = loc[2];
      break;
    case mjGEOM_CAPSULE: {
      // from the closest point of the axis segment
      mjtNum z = loc[2] > size[1] ? size[1] : (loc[2] < -size[1] ? -size[1] : loc[2]);
      nl[0] = loc[0];
      nl[1] = loc[1];
      nl[2] = loc[2] - z;
      break;
    }
    // ellipsoids and cylinders keep the collider's normal (MuJoCo 3.8: the height-field
    // contacts of both equal MuJoCo's to the last bit this way, see
    // doc/conformance.md#height-fields)
    default:
      return 0;
  }
  mjtNum len = sqrt(mji_dot3(nl, nl));
  if (len < mjMINVAL) {
    return 0;
  }
  for (int k = 0; k < 3; k++) {
    nl[k] /= len;
  }
  mju_mulMatVec3(n, mat, nl);
  return 1;
}

}  // namespace

void mjc_fixNormal(const mjModel* m, mjData* d, mjContact* con, int g1, int g2) {
  mjtNum n1[3], n2[3];
  int s1 = smoothNormal(n1, m, d, g1, con->pos);
  int s2 = smoothNormal(n2, m, d, g2, con->pos);
  mjtNum n[3];
  if (s1 && s2) {
    for (int k = 0; k < 3; k++) {
      n[k] = n1[k] - n2[k];
    }
    mjtNum len = sqrt(mji_dot3(n, n));
    if (len < mjMINVAL) {
      return;
    }
    for (int k = 0; k < 3; k++) {
      n[k] /= len;
    }
  } else if (s1) {
    for (int k = 0; k < 3; k++) {
      n[k] = n1[k];
    }
  } else if (s2) {
    for (int k = 0; k < 3; k++) {
      n[k] = -n2[k];
    }
  } else {
    return;
  }
  for (int k = 0; k < 3; k++) {
    con->frame[k] = n[k];
  }
}

// ---------------------------------------------------------------------------------------------
// mjc_Convex

namespace {

void ccdConfig(mjCCDConfig* cfg, const mjModel* m, mjtNum cutoff) {
  cfg->max_iterations = m->opt.ccd_iterations;
  cfg->tolerance = m->opt.ccd_tolerance;
  cfg->dist_cutoff = cutoff;
  cfg->contacts = 1;
}

// legacy pipeline: MPR on the geoms inflated by half the margin each, so that an overlap of
// depth p of the inflated shapes is a distance margin - p of the shapes
int convexLegacy(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjCCDObj o1, o2;
  mjc_initCCDObj(&o1, m, d, g1, 0.5 * margin);
  mjc_initCCDObj(&o2, m, d, g2, 0.5 * margin);
  mjtNum depth, normal[3], pos[3];
  if (!mjc_mprPenetration(m, &o1, &o2, &depth, normal, pos)) {
    return 0;
  }
  memset(con, 0, sizeof(mjContact));
  con->dist = margin - depth;
  for (int k = 0; k < 3; k++) {
    con->pos[k] = pos[k];
    con->frame[k] = normal[k];
  }
  return 1;
}

}  // namespace

// Native pipeline with margin m (as MuJoCo does, see doc/conformance.md#convex): both geoms are
// inflated by m/2 (a ball added to each support point), GJK /
// EPA find the signed distance s of the inflated shapes, and a contact is reported when s < 0,
// with dist = s + m (the distance of the geoms themselves when they are separated by less than
// m; for overlapping geoms the EPA result on the rounded shapes).
int mjc_Convex(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  if (m->opt.disableflags & mjDSBL_NATIVECCD) {
    int ncon = convexLegacy(m, d, con, g1, g2, margin);
    if (ncon && mjc_usesMultiRun(m, m->geom_type[g1], m->geom_type[g2], margin)) {
      return mjc_multiRun(m, d, con, g1, g2, margin);
    }
    return ncon;
  }

  mjCCDObj o1, o2;
  mjc_initCCDObj(&o1, m, d, g1, 0.5 * margin);
  mjc_initCCDObj(&o2, m, d, g2, 0.5 * margin);
  mjCCDConfig cfg;
  ccdConfig(&cfg, m, 0);
  mjCCDStatus st;
  // the geoms, each inflated by half the margin, must overlap strictly: touching shapes (zero
  // distance) give no contact, as in MuJoCo
  mjtNum dist = mjc_ccd(&cfg, &st, &o1, &o2, const_cast<mjData*>(d));
  if (dist >= 0) {
    return 0;
  }
  mjc_setContact(con, &st);
  con->dist += margin;

  // multiple contacts: the multi-run pipeline (capsules, cylinders, margins), else the
  // single-shot one for flat box / mesh features
  if (mjc_usesMultiRun(m, o1.type, o2.type, margin)) {
    return mjc_multiRun(m, d, con, g1, g2, margin);
  }
  if (!(m->opt.disableflags & mjDSBL_MULTICCD) &&
      (o1.type == mjGEOM_BOX || o1.type == mjGEOM_MESH) &&
      (o2.type == mjGEOM_BOX || o2.type == mjGEOM_MESH)) {
    return mjc_singleShot(m, con, &o1, &o2, &st);
  }
  return 1;
}

int mjc_ConvexDistance(const mjModel* m, mjData* d, mjContact* con, int g1, int g2,
                       mjtNum distmax) {
  mjCCDObj o1, o2;
  mjc_initCCDObj(&o1, m, d, g1, 0);
  mjc_initCCDObj(&o2, m, d, g2, 0);
  mjCCDConfig cfg;
  ccdConfig(&cfg, m, distmax);
  mjCCDStatus st;
  mjtNum dist = mjc_ccd(&cfg, &st, &o1, &o2, const_cast<mjData*>(d));
  if (dist >= distmax) {
    return 0;
  }
  mjc_setContact(con, &st);
  return 1;
}

// ---------------------------------------------------------------------------------------------
// plane vs mesh

// The mesh's hull vertex deepest below the plane (support in the direction -normal) gives the
// first contact; the neighbors on the hull graph of one graph slot (see below) that are within
// the margin of the plane and farther than 0.3 geom_rbound from the first contact point give up
// to two more, in the order of the graph (a face resting on the plane is then held by two or
// three points). Each contact is at the midpoint between the vertex and its projection on the
// plane, with the plane normal.
int mjc_PlaneConvex(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  const int maxcon = 3;
  const mjtNum* ppos = d->geom_xpos + 3 * g1;
  const mjtNum* pmat = d->geom_xmat + 9 * g1;
  mjtNum normal[3] = {pmat[2], pmat[5], pmat[8]};

  mjCCDObj obj;
  mjc_initCCDObj(&obj, m, d, g2, 0);
  if (obj.type != mjGEOM_MESH) {
    // not a mesh: a single contact at the support point
    mjtNum dir[3] = {-normal[0], -normal[1], -normal[2]}, p[3];
    obj.support(p, &obj, dir);
    mjtNum rel[3] = {p[0] - ppos[0], p[1] - ppos[1], p[2] - ppos[2]};
    mjtNum dist = mji_dot3(rel, normal);
    if (dist > margin) {
      return 0;
    }
    memset(con, 0, sizeof(mjContact));
    con->dist = dist;
    for (int k = 0; k < 3; k++) {
      con->pos[k] = p[k] - 0.5 * dist * normal[k];
      con->frame[k] = normal[k];
    }
    return 1;
  }

  // plane normal and offset in the mesh frame: dist(v) = nl . v + off
  mjtNum nl[3], rel[3] = {obj.pos[0] - ppos[0], obj.pos[1] - ppos[1], obj.pos[2] - ppos[2]};
  mju_mulMatTVec3(nl, obj.mat, normal);
  mjtNum off = mji_dot3(rel, normal);
  mjtNum down[3] = {-nl[0], -nl[1], -nl[2]};

  // deepest vertex: search the hull from its first vertex
  obj.warm = 0;
  int v0 = meshSupportVertex(&obj, down);

  // where the neighbor list starts in edge_localid: hill climbing ends on the deepest vertex's
  // graph slot; the linear search of small meshes returns a mesh vertex index, which MuJoCo 3.8
  // takes as the slot itself, so a small mesh scans the neighbors of the hull vertex listed at
  // position v0 (another vertex, whose list may hold the deepest one itself: it is then within
  // the cut-off below unless the penetration is deep). When v0 is not a slot (a mesh vertex
  // beyond the hull's count), the entry read is the one the graph layout (numvert, numface,
  // vert_edgeadr, vert_globalid, edge_localid, ...) holds at that position, a vert_globalid or
  // edge_localid value (doc/conformance.md#plane-mesh)
  int start = -1;
  int graphadr = m->mesh_graphadr[m->geom_dataid[g2]];
  if (obj.nhull > 0 && graphadr >= 0) {
    const int* graph = m->mesh_graph + graphadr;
    int nedge = obj.nhull + 3 * graph[1];
    int slot = obj.nvert >= kHillClimbMin ? obj.warm : v0;
    if (slot < 2 * obj.nhull + nedge) {
      start = graph[2 + slot];
    }
    if (start >= nedge) {
      start = -1;
    }
  }
  int ncon = 0;
  auto add = [&](int v) {
    mjtNum vl[3] = {obj.vert[3 * v], obj.vert[3 * v + 1], obj.vert[3 * v + 2]};
    mjtNum dist = mji_dot3(vl, nl) + off;
    if (dist > margin) {
      return;
    }
    mjtNum pw[3];
    mju_mulMatVec3(pw, obj.mat, vl);
    mjContact* c = con + ncon++;
    memset(c, 0, sizeof(mjContact));
    c->dist = dist;
    for (int k = 0; k < 3; k++) {
      c->pos[k] = pw[k] + obj.pos[k] - 0.5 * dist * normal[k];
      c->frame[k] = normal[k];
    }
  };
  add(v0);
  if (ncon == 0) {
    return 0;
  }
  if (start >= 0) {
    // neighbors close to the first contact add nothing: only vertices farther than
    // 0.3 geom_rbound from the first contact point count, measured from the vertex to the first
    // contact's position, i.e. the deepest vertex raised by half its depth (MuJoCo's rule: see
    // doc/conformance.md#plane-mesh)
    mjtNum far = kPlaneNeighborFar * m->geom_rbound[g2];
    for (int k = start; obj.edges[k] >= 0 && ncon < maxcon; k++) {
      int v = obj.hullvert[obj.edges[k]];
      mjtNum vl[3] = {obj.vert[3 * v], obj.vert[3 * v + 1], obj.vert[3 * v + 2]}, pw[3];
      mju_mulMatVec3(pw, obj.mat, vl);
      mjtNum e[3] = {pw[0] + obj.pos[0] - con[0].pos[0], pw[1] + obj.pos[1] - con[0].pos[1],
                     pw[2] + obj.pos[2] - con[0].pos[2]};
      if (mji_dot3(e, e) > far * far) {
        add(v);
      }
    }
  }
  return ncon;
}
