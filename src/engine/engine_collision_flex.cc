// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Geom-flex collisions (computation_index.rst "Collision detection"; modeling.rst "Deformable
// objects"; XMLreference.rst flex/contact).
//
// A flex element is a convex shape: the convex hull of its 2 (capsule-like segment), 3 (triangle)
// or 4 (tetrahedron) vertices, swept by a ball of radius flex_radius. Against a convex geom it
// goes through the general convex collider (GJK / EPA on support functions, one contact per
// element): its support point along a direction is the vertex farthest along it, moved by the
// radius along the direction. Margins and gaps of the geom and the flex add up, as for two geoms;
// the other contact parameters mix as for two geoms, the flex taking the place of the second one.
// A contact records the geom on side 0 and the flex element on side 1 (geom -1), its normal
// pointing from the geom to the element.
//
// Planes collide with the flex vertices instead, each a sphere of the flex radius (contact.vert
// names the vertex, contact.elem is -1).
//
// 3D flexes collide with the elements of their outer layers only (flex_elemlayer <
// flex_activelayers). Elements whose bounding box (vertices +- radius + margin) misses the
// geom's bounding sphere are skipped.
//
// Contact point weights: the point is assigned to the element's vertices with weights
// proportional to their inverse distances to it (modeling.rst: "we use a weighting scheme to
// 'assign' each contact point to multiple bodies"); the contact Jacobian and the diagonal
// approximation of the constraint use these weights.

#include "engine/engine_collision_flex.h"

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_ccd.h"
#include "engine/engine_collision_convex.h"
#include "engine/engine_collision_driver.h"
#include "engine/engine_collision_primitive.h"
#include "engine/engine_collision_sdf.h"
#include "engine/engine_flex.h"

namespace {

// ---------------------------------------------------------------------------------------------
// flex elements as convex objects

// vertices of element e of flex f (world), returns their number (dim + 1)
int elemVertices(const mjModel* m, const mjData* d, int f, int e, mjtNum (*out)[3]) {
  int dim = m->flex_dim[f];
  const int* edata = m->flex_elem + m->flex_elemdataadr[f] + e * (dim + 1);
  const mjtNum* vert = d->flexvert_xpos + 3 * m->flex_vertadr[f];
  for (int i = 0; i <= dim; i++) {
    for (int k = 0; k < 3; k++) {
      out[i][k] = vert[3 * edata[dim - i] + k];
    }
  }
  return dim + 1;
}

// support of an element: the farthest vertex, moved along the direction by radius + margin
// (radius in size[0]; size[1] is the radius of its core, mjc_coreRadius, when the core is used);
// vertices in prism[0 .. nvert), in reverse element order, the last of equally far ones wins
// (the order and tie rule that reproduce MuJoCo's contact points on flat element pairs, where
// the penetration direction is ambiguous)
void supportElem(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  int best = 0;
  mjtNum bestdot = mju_dot3(obj->prism[0], dir);
  for (int i = 1; i < obj->nvert; i++) {
    mjtNum v = mju_dot3(obj->prism[i], dir);
    if (v >= bestdot) {
      bestdot = v;
      best = i;
    }
  }
  mju_copy3(res, obj->prism[best]);
  mjtNum inflate = obj->core ? 0 : obj->size[0] + obj->margin;
  mjtNum len2 = mju_dot3(dir, dir);
  if (inflate > 0 && fabs(len2 - 1) < 1e-12) {
    mju_addToScl3(res, dir, inflate);
  } else if (inflate > 0 && len2 > mjMINVAL * mjMINVAL) {
    mju_addToScl3(res, dir, inflate / sqrt(len2));
  }
}

// The element's center, where GJK starts, is the center of its bounding box (flexelem_aabb, from
// mj_flex), not the mean of its vertices: on a tetrahedron lying flat on a box, EPA on the rounded
// element stops within ccd_tolerance at a face that depends on the start, and the point it
// reports moves along the touching patch (0.022 on sphere_trilinear); with the box center it is
// MuJoCo's, for geoms and for element pairs (doc/conformance.md#flexes).
void initElemObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int f, int e, mjtNum margin) {
  mjc_initPrismObj(obj, m, d, margin);
  obj->type = mjGEOM_FLEX;
  obj->nvert = elemVertices(m, d, f, e, obj->prism);
  obj->size[0] = m->flex_radius[f];
  obj->support = supportElem;
  mju_copy3(obj->center, d->flexelem_aabb + 6 * (m->flex_elemadr[f] + e));
}

// the mean of the element's vertices, the start of GJK on the element's core (against the cores
// of spheres and capsules, and vertex balls): there the box center moves the point GJK stops at
// within ccd_tolerance away from MuJoCo's sphere-triangle contacts (sheet_ball.xml), the mean
// reproduces them
void meanCenter(mjCCDObj* obj) {
  for (int k = 0; k < 3; k++) {
    mjtNum s = 0;
    for (int i = 0; i < obj->nvert; i++) {
      s += obj->prism[i][k];
    }
    obj->center[k] = s * (1.0 / obj->nvert);
  }
}

// ---------------------------------------------------------------------------------------------
// filters and parameters

// contype/conaffinity of a geom and a flex (or mjcb_contactfilter, which sees the geom only)
int geomFlexCompatible(const mjModel* m, int g, int f) {
  return (m->geom_contype[g] & m->flex_conaffinity[f]) ||
         (m->flex_contype[f] & m->geom_conaffinity[g]);
}

// whether element e of flex f can collide with anything outside the flex
int elemActive(const mjModel* m, int f, int e) {
  if (m->flex_dim[f] < 3) {
    return 1;
  }
  return m->flex_elemlayer[m->flex_elemadr[f] + e] < m->flex_activelayers[f];
}

// element bounding box (vertices +- inflate) against a ball
int elemMissesBall(const mjCCDObj* obj, mjtNum inflate, const mjtNum c[3], mjtNum r) {
  for (int k = 0; k < 3; k++) {
    mjtNum lo = obj->prism[0][k], hi = lo;
    for (int i = 1; i < obj->nvert; i++) {
      lo = mju_min(lo, obj->prism[i][k]);
      hi = mju_max(hi, obj->prism[i][k]);
    }
    if (c[k] + r < lo - inflate || c[k] - r > hi + inflate) {
      return 1;
    }
  }
  return 0;
}

// friction (sliding, torsional, rolling) expanded to the 5 contact coefficients
void expandFriction(mjtNum friction[5], const mjtNum f[3]) {
  friction[0] = friction[1] = f[0];
  friction[2] = f[1];
  friction[3] = friction[4] = f[2];
}

// contact properties of one side of a contact: geom g, or flex f when g < 0
struct Side {
  int condim, priority;
  mjtNum solmix;
  const mjtNum *solref, *solimp, *friction;
};

Side contactSide(const mjModel* m, int g, int f) {
  if (g >= 0) {
    return {m->geom_condim[g],           m->geom_priority[g],         m->geom_solmix[g],
            m->geom_solref + mjNREF * g, m->geom_solimp + mjNIMP * g, m->geom_friction + 3 * g};
  }
  return {m->flex_condim[f],           m->flex_priority[f],         m->flex_solmix[f],
          m->flex_solref + mjNREF * f, m->flex_solimp + mjNIMP * f, m->flex_friction + 3 * f};
}

// contact parameters of two sides (modeling.rst "Contact parameters"): priority decides, else
// maxima of condim and friction, solref / solimp mixed by solmix
void mixParam(const Side& a, const Side& b, int* condim, mjtNum solref[mjNREF],
              mjtNum solimp[mjNIMP], mjtNum friction[5]) {
  if (a.priority != b.priority) {
    const Side& s = a.priority > b.priority ? a : b;
    *condim = s.condim;
    mju_copy(solref, s.solref, mjNREF);
    mju_copy(solimp, s.solimp, mjNIMP);
    expandFriction(friction, s.friction);
    return;
  }
  *condim = mjMAX(a.condim, b.condim);
  mjtNum fmax[3];
  for (int i = 0; i < 3; i++) {
    fmax[i] = mjMAX(a.friction[i], b.friction[i]);
  }
  expandFriction(friction, fmax);

  mjtNum s1 = a.solmix, s2 = b.solmix, w;
  if (s1 >= mjMINVAL && s2 >= mjMINVAL) {
    w = s1 / (s1 + s2);
  } else if (s1 < mjMINVAL && s2 < mjMINVAL) {
    w = 0.5;
  } else {
    w = s1 < mjMINVAL ? 0 : 1;
  }
  for (int i = 0; i < mjNREF; i++) {
    if (a.solref[0] > 0 && b.solref[0] > 0) {
      solref[i] = w * a.solref[i] + (1 - w) * b.solref[i];
    } else {
      solref[i] = mju_min(a.solref[i], b.solref[i]);
    }
  }
  for (int i = 0; i < mjNIMP; i++) {
    solimp[i] = w * a.solimp[i] + (1 - w) * b.solimp[i];
  }
}

// completes and appends a contact of geom g with element e or vertex v (the other -1) of flex f
// (dist, pos, normal set by the collider)
void addGeomElemContact(const mjModel* m, mjData* d, mjContact* con, int g, int f, int e, int v,
                        mjtNum margin, mjtNum gap) {
  con->geom[0] = g;
  con->flex[0] = con->elem[0] = con->vert[0] = -1;
  con->geom[1] = -1;
  con->flex[1] = f;
  con->elem[1] = e;
  con->vert[1] = v;
  mj_addFlexContact(m, d, con, margin, gap, 0);
}

// geom g (convex) against element e of flex f
void collideGeomElem(const mjModel* m, mjData* d, int g, int f, int e, mjtNum margin, mjtNum gap) {
  mjCCDObj o1, o2;
  initElemObj(&o2, m, d, f, e, 0.5 * margin);
  mjtNum rbound = m->geom_rbound[g];
  if (rbound > 0 && elemMissesBall(&o2, m->flex_radius[f] + margin, d->geom_xpos + 3 * g, rbound)) {
    return;
  }
  mjc_initCCDObj(&o1, m, d, g, 0.5 * margin);
  // against spheres and capsules, GJK first runs on the cores of both shapes (the element
  // without its radius), as for two such geoms
  int type = m->geom_type[g];
  if (type == mjGEOM_SPHERE || type == mjGEOM_CAPSULE) {
    o2.size[1] = o2.size[0];
    meanCenter(&o2);
  }
  mjContact con;
  if (!mjc_flexPenetration(m, d, &o1, &o2, &con)) {
    return;
  }
  con.dist += margin;
  addGeomElemContact(m, d, &con, g, f, e, -1, margin, gap);
}

// closest point res of triangle (a, b, c) to point p (the Voronoi regions of its vertices, edges
// and face, in turn); returns 1 when it is inside the face, 0 on an edge or vertex
int closestOnTriangle(mjtNum res[3], const mjtNum p[3], const mjtNum a[3], const mjtNum b[3],
                      const mjtNum c[3]) {
  mjtNum ab[3], ac[3], ap[3], bp[3], cp[3];
  mju_sub3(ab, b, a);
  mju_sub3(ac, c, a);
  mju_sub3(ap, p, a);
  mjtNum d1 = mju_dot3(ab, ap), d2 = mju_dot3(ac, ap);
  if (d1 <= 0 && d2 <= 0) {
    mju_copy3(res, a);
    return 0;
  }
  mju_sub3(bp, p, b);
  mjtNum d3 = mju_dot3(ab, bp), d4 = mju_dot3(ac, bp);
  if (d3 >= 0 && d4 <= d3) {
    mju_copy3(res, b);
    return 0;
  }
  mjtNum vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    mju_addScl3(res, a, ab, d1 / (d1 - d3));
    return 0;
  }
  mju_sub3(cp, p, c);
  mjtNum d5 = mju_dot3(ab, cp), d6 = mju_dot3(ac, cp);
  if (d6 >= 0 && d5 <= d6) {
    mju_copy3(res, c);
    return 0;
  }
  mjtNum vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    mju_addScl3(res, a, ac, d2 / (d2 - d6));
    return 0;
  }
  mjtNum va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    mjtNum bc[3];
    mju_sub3(bc, c, b);
    mju_addScl3(res, b, bc, (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    return 0;
  }
  mjtNum denom = 1 / (va + vb + vc);
  mju_copy3(res, a);
  mju_addToScl3(res, ab, vb * denom);
  mju_addToScl3(res, ac, vc * denom);
  return 1;
}

// Box g against triangle e of 2D flex f: several contacts, none from the convex collider
// (MuJoCo 3.8.0's rule, measured on 60 random poses of a box and a triangle: count, order, depth
// and point equal; doc/conformance.md#flexes). First each vertex of the triangle, in element
// order, as a ball of the flex radius against the box, separated along the box axis of least
// overlap (the first of equal ones; the point on that face of the box, below the vertex, moved
// half the depth along the normal); then each box corner (bit k of its index: the sign along
// axis k) against the triangle: depth the corner's distance to its closest point minus the
// radius, normal towards that point. A box edge crossing the triangle with no vertex or corner
// inside gives no contact, as in MuJoCo.
void collideBoxTriangle(const mjModel* m, mjData* d, int g, int f, int e, mjtNum margin,
                        mjtNum gap) {
  const mjtNum* bpos = d->geom_xpos + 3 * g;
  const mjtNum* mat = d->geom_xmat + 9 * g;
  const mjtNum* half = m->geom_size + 3 * g;
  mjtNum radius = m->flex_radius[f];
  const int* edata = m->flex_elem + m->flex_elemdataadr[f] + 3 * e;
  const mjtNum* vert = d->flexvert_xpos + 3 * m->flex_vertadr[f];
  mjContact con;

  for (int i = 0; i < 3; i++) {
    const mjtNum* v = vert + 3 * edata[i];
    mjtNum dif[3], loc[3];
    mju_sub3(dif, v, bpos);
    mju_mulMatTVec3(loc, mat, dif);
    int axis = 0;
    mjtNum overlap = 0;
    for (int k = 0; k < 3; k++) {
      mjtNum ov = half[k] + radius - fabs(loc[k]);
      if (k == 0 || ov < overlap) {
        overlap = ov;
        axis = k;
      }
    }
    if (-overlap >= margin) {
      continue;
    }
    mjtNum sign = loc[axis] >= 0 ? 1 : -1;
    memset(&con, 0, sizeof(con));
    con.dist = -overlap;
    for (int k = 0; k < 3; k++) {
      con.frame[k] = sign * mat[3 * k + axis];
    }
    loc[axis] = sign * half[axis];
    mju_mulMatVec3(con.pos, mat, loc);
    mju_addTo3(con.pos, bpos);
    mju_addToScl3(con.pos, con.frame, 0.5 * con.dist);
    addGeomElemContact(m, d, &con, g, f, e, -1, margin, gap);
  }

  const mjtNum* a = vert + 3 * edata[0];
  const mjtNum* b = vert + 3 * edata[1];
  const mjtNum* c = vert + 3 * edata[2];
  for (int i = 0; i < 8; i++) {
    mjtNum loc[3], corner[3], near[3], dir[3];
    for (int k = 0; k < 3; k++) {
      loc[k] = (i >> k) & 1 ? half[k] : -half[k];
    }
    mju_mulMatVec3(corner, mat, loc);
    mju_addTo3(corner, bpos);
    closestOnTriangle(near, corner, a, b, c);
    mju_sub3(dir, near, corner);
    mjtNum len = mju_norm3(dir);
    mjtNum dist = len - radius;
    if (dist >= margin) {
      continue;
    }
    memset(&con, 0, sizeof(con));
    con.dist = dist;
    if (len < mjMINVAL) {
      // the corner in the triangle's plane: its normal
      mjtNum ab[3], ac[3];
      mju_sub3(ab, b, a);
      mju_sub3(ac, c, a);
      mju_cross(dir, ab, ac);
      len = mju_norm3(dir);
      if (len < mjMINVAL) {
        continue;
      }
    }
    mju_scl3(con.frame, dir, 1 / len);
    mju_addScl3(con.pos, corner, con.frame, 0.5 * dist);
    addGeomElemContact(m, d, &con, g, f, e, -1, margin, gap);
  }
}

// Capsule g against triangle e of 2D flex f (MuJoCo 3.8.0's rule, read off its contacts on 210
// random poses of a capsule and a triangle: count, order and depth equal): first each end of the
// capsule's segment (-z first) as a ball of the capsule radius against the triangle, normal from
// the end to the triangle's closest point (the triangle's normal when that point is inside the
// face); then each vertex of the triangle, in element order, as a ball of the flex radius
// against the segment, when its closest point on the segment is not an end (those are the
// ends' contacts), normal from that point to the vertex. Depth: the centers' distance minus
// both radii; the point halfway into the overlap; a contact when the depth is below the margin.
// A segment crossing the triangle with no vertex or end within reach gives no contact.
void collideCapsuleTriangle(const mjModel* m, mjData* d, int g, int f, int e, mjtNum margin,
                            mjtNum gap) {
  const mjtNum* cpos = d->geom_xpos + 3 * g;
  const mjtNum* mat = d->geom_xmat + 9 * g;
  mjtNum rcap = m->geom_size[3 * g], half = m->geom_size[3 * g + 1];
  mjtNum radius = m->flex_radius[f];
  const int* edata = m->flex_elem + m->flex_elemdataadr[f] + 3 * e;
  const mjtNum* vert = d->flexvert_xpos + 3 * m->flex_vertadr[f];
  const mjtNum* a = vert + 3 * edata[0];
  const mjtNum* b = vert + 3 * edata[1];
  const mjtNum* c = vert + 3 * edata[2];
  mjtNum axis[3] = {mat[2], mat[5], mat[8]};
  mjContact con;

  // a ball at `from` (radius r0) against the point `to` (radius r1); normal the unit vector
  // along `dir` when given, else from `from` to `to`
  auto ballContact = [&](const mjtNum from[3], const mjtNum to[3], const mjtNum* dir, mjtNum r0,
                         mjtNum r1) {
    mjtNum dif[3];
    mju_sub3(dif, to, from);
    mjtNum len = mju_norm3(dif);
    mjtNum dist = len - r0 - r1;
    if (dist >= margin || len < mjMINVAL) {
      return;
    }
    memset(&con, 0, sizeof(con));
    con.dist = dist;
    if (dir) {
      mju_copy3(con.frame, dir);
    } else {
      mju_scl3(con.frame, dif, 1 / len);
    }
    mju_addScl3(con.pos, from, con.frame, r0 + 0.5 * dist);
    addGeomElemContact(m, d, &con, g, f, e, -1, margin, gap);
  };

  mjtNum normal[3], ab[3], ac[3];
  mju_sub3(ab, b, a);
  mju_sub3(ac, c, a);
  mju_cross(normal, ab, ac);
  if (mju_normalize3(normal) < mjMINVAL) {
    return;  // degenerate triangle
  }
  for (int k = 0; k < 2; k++) {
    mjtNum end[3], near[3], dir[3];
    mju_addScl3(end, cpos, axis, k ? half : -half);
    int face = closestOnTriangle(near, end, a, b, c);
    mju_sub3(dir, near, end);
    mju_scl3(dir, normal, mju_dot3(dir, normal) < 0 ? -1 : 1);
    ballContact(end, near, face ? dir : NULL, rcap, radius);
  }
  for (int i = 0; i < 3; i++) {
    const mjtNum* v = vert + 3 * edata[i];
    mjtNum dif[3], near[3];
    mju_sub3(dif, v, cpos);
    mjtNum t = mju_dot3(dif, axis);
    if (t < -half || t > half) {
      continue;
    }
    mju_addScl3(near, cpos, axis, t);
    ballContact(near, v, NULL, rcap, radius);
  }
}

// geom types the convex collider handles against elements
int convexType(int type) {
  return type == mjGEOM_SPHERE || type == mjGEOM_CAPSULE || type == mjGEOM_ELLIPSOID ||
         type == mjGEOM_CYLINDER || type == mjGEOM_BOX || type == mjGEOM_MESH;
}

// Plane g against the vertices of flex f, each a sphere of the flex radius (as plane-sphere):
// normal the plane's z axis, the point halfway into the overlap. Vertices of 3D flexes take part
// when some element of theirs is active.
void collidePlaneFlex(const mjModel* m, mjData* d, int g, int f, mjtNum margin, mjtNum gap) {
  int vadr = m->flex_vertadr[f], nvert = m->flex_vertnum[f], dim = m->flex_dim[f];
  mj_markStack(d);
  unsigned char* active = NULL;
  if (dim == 3) {
    active = (unsigned char*)mj_stackAllocByte(d, mjMAX(nvert, 1), 1);
    memset(active, 0, nvert);
    const int* edata = m->flex_elem + m->flex_elemdataadr[f];
    for (int e = 0; e < m->flex_elemnum[f]; e++) {
      if (elemActive(m, f, e)) {
        for (int i = 0; i < 4; i++) {
          active[edata[4 * e + i]] = 1;
        }
      }
    }
  }
  const mjtNum* mat = d->geom_xmat + 9 * g;
  mjtNum n[3] = {mat[2], mat[5], mat[8]};
  mjtNum radius = m->flex_radius[f];
  for (int v = 0; v < nvert; v++) {
    if (active && !active[v]) {
      continue;
    }
    const mjtNum* x = d->flexvert_xpos + 3 * (vadr + v);
    mjtNum dif[3];
    mju_sub3(dif, x, d->geom_xpos + 3 * g);
    mjtNum dist = mju_dot3(n, dif) - radius;
    if (dist >= margin) {
      continue;
    }
    mjContact con;
    memset(&con, 0, sizeof(con));
    con.dist = dist;
    mju_copy3(con.frame, n);
    mju_addScl3(con.pos, x, n, -radius - 0.5 * dist);
    addGeomElemContact(m, d, &con, g, f, -1, v, margin, gap);
  }
  mj_freeStack(d);
}

// geom g against element e of flex f when the element is active: boxes and capsules against
// triangles by their own rules, other pairs through the convex collider
void collideLeaf(const mjModel* m, mjData* d, int g, int f, int e, mjtNum margin, mjtNum gap) {
  if (!elemActive(m, f, e)) {
    return;
  }
  if (m->geom_type[g] == mjGEOM_BOX && m->flex_dim[f] == 2) {
    collideBoxTriangle(m, d, g, f, e, margin, gap);
  } else if (m->geom_type[g] == mjGEOM_CAPSULE && m->flex_dim[f] == 2) {
    collideCapsuleTriangle(m, d, g, f, e, margin, gap);
  } else {
    collideGeomElem(m, d, g, f, e, margin, gap);
  }
}

// all contacts of geom g with flex f
void collideGeomFlexAll(const mjModel* m, mjData* d, int g, int f) {
  int type = m->geom_type[g];
  mjtNum margin = m->geom_margin[g] + m->flex_margin[f];
  if (mjENABLED(mjENBL_OVERRIDE)) {
    margin = m->opt.o_margin;
  }
  mjtNum gap = m->geom_gap[g] + m->flex_gap[f];
  if (type == mjGEOM_PLANE) {
    collidePlaneFlex(m, d, g, f, margin, gap);
    return;
  }
  if (type == mjGEOM_SDF) {
    mj_collideSdfFlex(m, d, g, f, margin, gap);
    return;
  }
  if (!convexType(type)) {
    return;  // height fields against flexes: refused at load (user_compile_flex.cc)
  }
  int adr = m->flex_bvhadr[f], nnode = m->flex_bvhnum[f];
  if (adr < 0 || nnode <= 0) {
    for (int e = 0; e < m->flex_elemnum[f]; e++) {
      collideLeaf(m, d, g, f, e, margin, gap);
    }
    return;
  }

  // The elements in the order of a depth-first walk of the flex's hierarchy that visits a node's
  // second child before its first (a stack of nodes, children pushed in order), as MuJoCo's
  // midphase does: the order decides which contacts mj_capFlexContacts keeps. Subtrees whose
  // box, grown by the margin, misses the geom's bounding sphere are skipped.
  const mjtNum* center = d->geom_xpos + 3 * g;
  mjtNum rbound = m->geom_rbound[g];
  mj_markStack(d);
  int* stack = mj_stackAllocInt(d, nnode);
  int nstack = 0;
  stack[nstack++] = 0;
  while (nstack > 0) {
    int node = stack[--nstack];
    if (rbound > 0) {
      const mjtNum* box = d->bvh_aabb_dyn + 6 * (adr + node - m->nbvhstatic);
      int miss = 0;
      for (int k = 0; k < 3; k++) {
        if (fabs(center[k] - box[k]) > box[3 + k] + margin + rbound) {
          miss = 1;
        }
      }
      if (miss) {
        continue;
      }
    }
    int e = m->bvh_nodeid[adr + node];
    if (e >= 0) {
      collideLeaf(m, d, g, f, e, margin, gap);
      continue;
    }
    for (int c = 0; c < 2; c++) {
      int child = m->bvh_child[2 * (adr + node) + c];
      if (child >= 0 && nstack < nnode) {
        stack[nstack++] = child;
      }
    }
  }
  mj_freeStack(d);
}

void collideGeomFlex(const mjModel* m, mjData* d, int g, int f) {
  int start = d->ncon;
  collideGeomFlexAll(m, d, g, f);
  mj_capFlexContacts(d, start);
  mj_sortFlexContacts(d, start);
}

// bodies of vertex v (global index) of flex f with weight w; returns the number added
int vertexBodies(const mjModel* m, int f, int v, mjtNum w, int* body, mjtNum* weight) {
  int order = m->flex_interp[f];
  if (!order) {
    body[0] = m->flex_vertbodyid[v];
    weight[0] = w;
    return 1;
  }
  int nadr = m->flex_nodeadr[f], node[mjMAXFLEXNODES];
  int nn = mj_flexVertNodes(m, f, v, node, weight);
  for (int n = 0; n < nn; n++) {
    body[n] = m->flex_nodebodyid[nadr + node[n]];
    weight[n] *= w;
  }
  return nn;
}

// sort key of one side of a contact: its geom, else its element, else its vertex
int contactSideKey(const mjContact* con, int k) {
  if (con->geom[k] >= 0) {
    return con->geom[k];
  }
  return con->elem[k] >= 0 ? con->elem[k] : con->vert[k];
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// public

void mjc_initElemObj(mjCCDObj* obj, const mjModel* m, const mjData* d, int f, int e,
                     mjtNum margin) {
  initElemObj(obj, m, d, f, e, margin);
}

void mjc_elemMeanCenter(mjCCDObj* obj) {
  meanCenter(obj);
}

int mjc_flexPenetration(const mjModel* m, mjData* d, mjCCDObj* o1, mjCCDObj* o2, mjContact* con) {
  mjCCDConfig cfg;
  cfg.max_iterations = m->opt.ccd_iterations;
  cfg.tolerance = m->opt.ccd_tolerance;
  cfg.dist_cutoff = 0;
  cfg.contacts = 1;
  mjCCDStatus st;
  if (mjc_ccd(&cfg, &st, o1, o2, d) >= 0) {
    return 0;
  }
  memset(con, 0, sizeof(*con));
  mjc_setContact(con, &st);
  return 1;
}

int mj_isElemActive(const mjModel* m, int f, int e) {
  return elemActive(m, f, e);
}

// Keeps mjMAXCONPAIR of the n candidates by farthest point sampling of the contact positions:
// the first pick is the deepest candidate (the first of equally deep ones); each next pick is the
// candidate whose squared distance to the nearest earlier pick is largest (the first of ties).
// Pick k is swapped into slot k as it is made. MuJoCo 3.8.0 keeps the bookkeeping (the "picked"
// marks and the running nearest distances) with the slots, not with the contacts, and does not
// move it with the swap: after a swap the picked contact's mark stays at its old slot, now
// holding the contact from slot k. The kept set then depends on the candidates' positions in a
// way no clean sampling reproduces, so Motus does the same, step for step (measured against the
// kit on rows of 51-69 vertices on a plane at several spacings and offsets: the same kept
// sets in every case; doc/conformance.md#flexes).
void mj_capFlexContacts(mjData* d, int start) {
  int n = d->ncon - start;
  if (n <= mjMAXCONPAIR) {
    return;
  }
  mjContact* con = d->contact + start;
  mj_markStack(d);
  unsigned char* picked = (unsigned char*)mj_stackAllocByte(d, n, 1);
  mjtNum* nearest = mj_stackAllocNum(d, n);
  memset(picked, 0, n);
  for (int i = 0; i < n; i++) {
    nearest[i] = mjMAXVAL;
  }
  int pick = 0;
  for (int i = 1; i < n; i++) {
    if (con[i].dist < con[pick].dist) {
      pick = i;
    }
  }
  int kept = 0;
  while (pick >= 0) {
    picked[pick] = 1;
    mjtNum p[3];
    mju_copy3(p, con[pick].pos);
    int next = -1;
    mjtNum far = -1;
    for (int i = 0; i < n; i++) {
      if (picked[i]) {
        continue;
      }
      mjtNum dx = con[i].pos[0] - p[0], dy = con[i].pos[1] - p[1], dz = con[i].pos[2] - p[2];
      mjtNum d2 = dz * dz + (dx * dx + dy * dy);
      if (nearest[i] > d2) {
        nearest[i] = d2;
      }
      if (nearest[i] > far) {
        next = i;
        far = nearest[i];
      }
    }
    if (kept == mjMAXCONPAIR - 1) {
      kept = mjMAXCONPAIR;
      break;
    }
    mjContact tmp = con[kept];
    con[kept] = con[pick];
    con[pick] = tmp;
    if (next != kept) {
      pick = next;  // else the next pick is the contact just moved from slot kept to slot pick
    }
    kept++;
  }
  mj_freeStack(d);
  mj_truncateContacts(d, start + kept);
}

void mj_sortFlexContacts(mjData* d, int start) {
  // stable insertion sort; the contacts arrive in element / vertex order but for the mjMAXCONPAIR
  // kept by mj_capFlexContacts, so this is linear in the common case
  mjContact* con = d->contact + start;
  int n = d->ncon - start;
  for (int i = 1; i < n; i++) {
    int k0 = contactSideKey(con + i, 0), k1 = contactSideKey(con + i, 1);
    int j = i;
    while (j > 0) {
      int p0 = contactSideKey(con + j - 1, 0), p1 = contactSideKey(con + j - 1, 1);
      if (p0 < k0 || (p0 == k0 && p1 <= k1)) {
        break;
      }
      j--;
    }
    if (j < i) {
      mjContact tmp = con[i];
      memmove(con + j + 1, con + j, (size_t)(i - j) * sizeof(mjContact));
      con[j] = tmp;
    }
  }
}

void mj_addFlexContact(const mjModel* m, mjData* d, mjContact* con, mjtNum margin, mjtNum gap,
                       int internal) {
  int condim;
  mjtNum friction[5], solref[mjNREF], solimp[mjNIMP];
  Side a = contactSide(m, con->geom[0], con->flex[0]);
  Side b = contactSide(m, con->geom[1], con->flex[1]);
  mixParam(a, b, &condim, solref, solimp, friction);
  if (internal) {
    condim = 1;  // internal contacts: frictionless, no margin or gap (XMLreference flex/contact)
  }
  if (mjENABLED(mjENBL_OVERRIDE)) {
    mju_copy(friction, m->opt.o_friction, 5);
    mju_copy(solref, m->opt.o_solref, mjNREF);
    mju_copy(solimp, m->opt.o_solimp, mjNIMP);
  }
  mjc_completeFrame(con->frame);
  con->includemargin = margin - gap;
  mju_copy(con->friction, friction, 5);
  mju_copy(con->solref, solref, mjNREF);
  if (mjENABLED(mjENBL_OVERRIDE)) {
    mju_copy(con->solreffriction, m->opt.o_solref, mjNREF);
  } else {
    mju_zero(con->solreffriction, mjNREF);
  }
  mju_copy(con->solimp, solimp, mjNIMP);
  con->mu = 0;
  mju_zero(con->H, 36);
  con->dim = condim;
  con->geom1 = con->geom[0];
  con->geom2 = con->geom[1];
  // contacts of a flex with passive contacts (XMLreference flex/contact/passive) get no
  // constraint rows, whatever their distance: mj_passive turns them into spring forces
  int passive = (con->flex[0] >= 0 && m->flex_passive[con->flex[0]]) ||
                (con->flex[1] >= 0 && m->flex_passive[con->flex[1]]);
  con->exclude = passive ? 4 : (con->dist >= con->includemargin ? 1 : 0);
  con->efc_address = -1;
  mj_addContact(m, d, con);
}

int mj_flexCollides(const mjModel* m) {
  for (int f = 0; f < m->nflex; f++) {
    if (m->flex_contype[f] || m->flex_conaffinity[f]) {
      return 1;
    }
  }
  return 0;
}

void mj_collideBodyFlex(const mjModel* m, mjData* d, int b) {
  int adr = m->body_geomadr[b], num = m->body_geomnum[b];
  if (num <= 0) {
    return;
  }
  for (int f = 0; f < m->nflex; f++) {
    if (!m->flex_contype[f] && !m->flex_conaffinity[f]) {
      continue;
    }
    for (int g = adr; g < adr + num; g++) {
      if (geomFlexCompatible(m, g, f)) {
        collideGeomFlex(m, d, g, f);
      }
    }
  }
}

int mj_contactBodyWeights(const mjModel* m, const mjData* d, const mjContact* con, int k, int* body,
                          mjtNum* weight) {
  if (con->geom[k] >= 0) {
    body[0] = m->geom_bodyid[con->geom[k]];
    weight[0] = 1;
    return 1;
  }
  int f = con->flex[k];
  if (f < 0) {
    return 0;
  }
  int vadr = m->flex_vertadr[f];
  if (con->vert[k] >= 0) {
    return vertexBodies(m, f, vadr + con->vert[k], 1, body, weight);
  }
  int dim = m->flex_dim[f];
  const int* edata = m->flex_elem + m->flex_elemdataadr[f] + con->elem[k] * (dim + 1);
  // an internal contact of a tetrahedron with one of its own vertices: the element side is the
  // face opposite to that vertex
  int skip = con->flex[1 - k] == f ? con->vert[1 - k] : -1;
  mjtNum inv[4], sum = 0;
  for (int i = 0; i <= dim; i++) {
    inv[i] = 0;
    if (edata[i] != skip) {
      mjtNum dist = mju_dist3(con->pos, d->flexvert_xpos + 3 * (vadr + edata[i]));
      inv[i] = 1 / mju_max(dist, mjMINVAL);
      sum += inv[i];
    }
  }
  if (m->flex_interp[f]) {
    // interpolated flex: the point's unit-cube coordinates (the vertices' flex_vert0 with the
    // weights above), spread on the nodes of its cell by the interpolation weights
    mjtNum r[3] = {0, 0, 0};
    for (int i = 0; i <= dim; i++) {
      if (edata[i] != skip) {
        mju_addToScl3(r, m->flex_vert0 + 3 * (vadr + edata[i]), inv[i] / sum);
      }
    }
    int nadr = m->flex_nodeadr[f], node[mjMAXFLEXNODES];
    int nn = mj_flexPointNodes(m, f, r, node, weight);
    for (int a = 0; a < nn; a++) {
      body[a] = m->flex_nodebodyid[nadr + node[a]];
    }
    return nn;
  }
  int n = 0;
  for (int i = 0; i <= dim; i++) {
    if (edata[i] != skip) {
      n += vertexBodies(m, f, vadr + edata[i], inv[i] / sum, body + n, weight + n);
    }
  }
  return n;
}
