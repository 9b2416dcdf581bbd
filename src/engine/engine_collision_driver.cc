// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collision detection driver (computation_index.rst "Collision detection / Selection"):
//   generation  broad phase over bodies (sweep and prune along the principal axis of the geom
//               centers), BVH mid phase per body pair, merged with the explicit <pair>s;
//               <exclude>d body pairs dropped;
//   filtering   1. a collision function exists for the two types; 2. bounding spheres with
//               margin (plane: plane-sphere test); 3. not the same (welded) body, not parent and
//               child unless mjDSBL_FILTERPARENT; 4. contype/conaffinity (or mjcb_contactfilter,
//               which replaces it). 3 and 4 apply only to body-pair geom pairs.
//   checking    mjCOLLISIONFUNC[type1][type2] with type1 <= type2.
// Contact order (as MuJoCo's): body pairs by increasing (body1, body2), each preceded by
// the explicit pairs whose signature is not larger; within a body pair the geom pairs in
// increasing (geom1, geom2) order, geom1 being the geom of lower type (as the collider sees the
// pair), skipping those that an explicit pair of the same body pair already covers; finally the
// remaining explicit pairs.

#include "engine/engine_collision_driver.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_flex.h"
#include "engine/engine_collision_primitive.h"
#include "engine/engine_io.h"
#include "engine/engine_sleep.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// filters

namespace {

// a geom takes part in the body-pair mechanism when some contype/conaffinity bit is set or when
// the user filter callback decides instead
int geomCanCollide(const mjModel* m, int g) {
  return mjcb_contactfilter || m->geom_contype[g] || m->geom_conaffinity[g];
}

}  // namespace

int mj_filterBodyPair(const mjModel* m, int b1, int b2) {
  int w1 = m->body_weldid[b1], w2 = m->body_weldid[b2];
  if (w1 == w2) {
    return 1;
  }
  if (mjDISABLED(mjDSBL_FILTERPARENT) || w1 == 0 || w2 == 0) {
    return 0;
  }
  int pw1 = m->body_weldid[m->body_parentid[w1]];
  int pw2 = m->body_weldid[m->body_parentid[w2]];
  return pw1 == w2 || pw2 == w1;
}

namespace {

// filter 4 for a body-pair geom pair: nonzero when the pair may collide
int geomPairCompatible(const mjModel* m, mjData* d, int g1, int g2) {
  if (mjcb_contactfilter) {
    return !mjcb_contactfilter(m, d, g1, g2);
  }
  return (m->geom_contype[g1] & m->geom_conaffinity[g2]) ||
         (m->geom_contype[g2] & m->geom_conaffinity[g1]);
}

}  // namespace

int mj_filterSphere(const mjModel* m, const mjData* d, int g1, int g2, mjtNum margin) {
  const mjtNum* p1 = d->geom_xpos + 3 * g1;
  const mjtNum* p2 = d->geom_xpos + 3 * g2;
  mjtNum r1 = m->geom_rbound[g1], r2 = m->geom_rbound[g2];
  int plane1 = m->geom_type[g1] == mjGEOM_PLANE, plane2 = m->geom_type[g2] == mjGEOM_PLANE;

  // plane vs sphere: signed distance of the sphere center from the plane (normal = plane z)
  if (plane1 != plane2) {
    const mjtNum* pp = plane1 ? p1 : p2;
    const mjtNum* mat = d->geom_xmat + 9 * (plane1 ? g1 : g2);
    const mjtNum* pc = plane1 ? p2 : p1;
    mjtNum rb = plane1 ? r2 : r1;
    if (rb <= 0) {
      return 0;  // unbounded geom: no test
    }
    mjtNum dif[3] = {pc[0] - pp[0], pc[1] - pp[1], pc[2] - pp[2]};
    mjtNum dist = dif[0] * mat[2] + dif[1] * mat[5] + dif[2] * mat[8];
    return dist > rb + margin;
  }
  if (plane1 || r1 <= 0 || r2 <= 0) {
    return 0;
  }

  // sphere vs sphere
  mjtNum bound = r1 + r2 + margin;
  mjtNum dif[3] = {p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]};
  return mju_dot3(dif, dif) > bound * bound;
}

// ---------------------------------------------------------------------------------------------
// contact parameters (modeling.rst "Contact parameters", "Contact override")

namespace {

// geom friction (sliding, torsional, rolling) expanded to the 5 contact coefficients
void expandFriction(mjtNum friction[5], const mjtNum f[3]) {
  friction[0] = friction[1] = f[0];
  friction[2] = f[1];
  friction[3] = friction[4] = f[2];
}

}  // namespace

void mj_contactParam(const mjModel* m, int g1, int g2, int* condim, mjtNum* gap,
                     mjtNum solref[mjNREF], mjtNum solimp[mjNIMP], mjtNum friction[5]) {
  // the gaps of the two geoms add up, as their margins do (modeling.rst "Contact parameters")
  *gap = m->geom_gap[g1] + m->geom_gap[g2];

  // a higher priority geom imposes its parameters
  int p1 = m->geom_priority[g1], p2 = m->geom_priority[g2];
  if (p1 != p2) {
    int g = p1 > p2 ? g1 : g2;
    *condim = m->geom_condim[g];
    mju_copy(solref, m->geom_solref + mjNREF * g, mjNREF);
    mju_copy(solimp, m->geom_solimp + mjNIMP * g, mjNIMP);
    expandFriction(friction, m->geom_friction + 3 * g);
    return;
  }

  // equal priority: maxima
  *condim = mjMAX(m->geom_condim[g1], m->geom_condim[g2]);
  mjtNum f[3];
  for (int i = 0; i < 3; i++) {
    f[i] = mjMAX(m->geom_friction[3 * g1 + i], m->geom_friction[3 * g2 + i]);
  }
  expandFriction(friction, f);

  // solmix weight of geom 1: solmix1 / (solmix1 + solmix2); a zero weight defers to the other
  mjtNum s1 = m->geom_solmix[g1], s2 = m->geom_solmix[g2];
  mjtNum w;
  if (s1 >= mjMINVAL && s2 >= mjMINVAL) {
    w = s1 / (s1 + s2);
  } else if (s1 < mjMINVAL && s2 < mjMINVAL) {
    w = 0.5;
  } else {
    w = s1 < mjMINVAL ? 0 : 1;
  }

  // solref: weighted mean in the standard (positive) format, element-wise minimum otherwise
  const mjtNum* ref1 = m->geom_solref + mjNREF * g1;
  const mjtNum* ref2 = m->geom_solref + mjNREF * g2;
  for (int i = 0; i < mjNREF; i++) {
    if (ref1[0] > 0 && ref2[0] > 0) {
      solref[i] = w * ref1[i] + (1 - w) * ref2[i];
    } else {
      solref[i] = mju_min(ref1[i], ref2[i]);
    }
  }

  // solimp: weighted mean
  const mjtNum* imp1 = m->geom_solimp + mjNIMP * g1;
  const mjtNum* imp2 = m->geom_solimp + mjNIMP * g2;
  for (int i = 0; i < mjNIMP; i++) {
    solimp[i] = w * imp1[i] + (1 - w) * imp2[i];
  }
}

// ---------------------------------------------------------------------------------------------
// contacts

void mj_truncateContacts(mjData* d, int ncon) {
  d->ncon = ncon;
  d->parena = (size_t)ncon * sizeof(mjContact);
}

int mj_addContact(const mjModel* m, mjData* d, const mjContact* con) {
  if (m->nconmax > 0 && d->ncon >= m->nconmax) {
    mj_warning(d, mjWARN_CONTACTFULL, d->ncon);
    return 1;
  }

  // contacts are contiguous at the bottom of the arena: drop anything allocated after them
  // (constraint arrays are recomputed from the contacts)
  d->parena = (size_t)d->ncon * sizeof(mjContact);
  mjContact* dst = (mjContact*)mj_arenaAllocByte(d, sizeof(mjContact), alignof(mjContact));
  if (!dst) {
    mj_warning(d, mjWARN_CONTACTFULL, d->ncon);
    return 1;
  }
  if (d->ncon == 0) {
    d->contact = dst;
  }
  *dst = *con;
  d->ncon++;
  return 0;
}

namespace {

// margin of a contact: the override margin when mjENBL_OVERRIDE is on
mjtNum assignMargin(const mjModel* m, mjtNum margin) {
  return mjENABLED(mjENBL_OVERRIDE) ? m->opt.o_margin : margin;
}

// Fill everything but dist/pos/normal/tangent hint in `con` (produced by a collider) and append.
void finishContact(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, int condim,
                   mjtNum includemargin, const mjtNum friction[5], const mjtNum solref[mjNREF],
                   const mjtNum solreffriction[mjNREF], const mjtNum solimp[mjNIMP]) {
  mjc_completeFrame(con->frame);
  con->includemargin = includemargin;
  mju_copy(con->friction, friction, 5);
  mju_copy(con->solref, solref, mjNREF);
  mju_copy(con->solreffriction, solreffriction, mjNREF);
  mju_copy(con->solimp, solimp, mjNIMP);
  con->mu = 0;  // set by the constraint stage (mj_makeConstraint) for included contacts
  mju_zero(con->H, 36);
  con->dim = condim;
  con->geom1 = con->geom[0] = g1;
  con->geom2 = con->geom[1] = g2;
  con->flex[0] = con->flex[1] = -1;
  con->elem[0] = con->elem[1] = -1;
  con->vert[0] = con->vert[1] = -1;
  // 0: active; 1: in the gap (margin - gap <= dist < margin), kept for the user only
  con->exclude = con->dist >= includemargin ? 1 : 0;
  con->efc_address = -1;
  mj_addContact(m, d, con);
}

// whether the pose and size of geom g are finite: colliders assume it (their case analyses and
// fixed-size candidate lists are sound only for real numbers)
// (x * 0 is 0 for a finite x and NaN otherwise: the sum of the 15 products is 0 exactly when
// all are finite, without a branch per value)
int finiteGeom(const mjModel* m, const mjData* d, int g) {
  const mjtNum *pos = d->geom_xpos + 3 * g, *mat = d->geom_xmat + 9 * g;
  const mjtNum* size = m->geom_size + 3 * g;
  mjtNum zero = 0;
  for (int i = 0; i < 3; i++) {
    zero += pos[i] * 0 + size[i] * 0;
  }
  for (int i = 0; i < 9; i++) {
    zero += mat[i] * 0;
  }
  return zero == 0;
}

// Colliders may leave the tangent hint (frame + 3) of a contact unset, then it must be zero. The
// primitive colliders of engine_collision_primitive.cc write it for every contact they return
// (setNormal, or the capsule axis), so their 50 candidate slots need no clearing (a cost paid
// for every geom pair that passes the filters).
int writesTangentHint(mjfCollision collide) {
  static const mjfCollision primitive[] = {
      mjc_PlaneSphere, mjc_PlaneCapsule,  mjc_PlaneEllipsoid, mjc_PlaneCylinder,
      mjc_PlaneBox,    mjc_SphereSphere,  mjc_SphereCapsule,  mjc_SphereCylinder,
      mjc_SphereBox,   mjc_CapsuleCapsule};
  for (mjfCollision f : primitive) {
    if (collide == f) {
      return 1;
    }
  }
  return 0;
}

}  // namespace

void mj_collideGeoms(const mjModel* m, mjData* d, int g1, int g2) {
  int ipair = g2 < 0 ? g1 : -1;
  if (ipair >= 0) {
    g1 = m->pair_geom1[ipair];
    g2 = m->pair_geom2[ipair];
  }
  if (m->geom_type[g1] > m->geom_type[g2]) {
    int tmp = g1;
    g1 = g2;
    g2 = tmp;
  }
  int type1 = m->geom_type[g1], type2 = m->geom_type[g2];
  mjfCollision collide = mjCOLLISIONFUNC[type1][type2];
  if (!collide) {
    return;  // filter 1
  }

  // the margins of the two geoms add up: each inflates its own geom (modeling.rst "Contact
  // parameters"); an explicit pair has its own
  mjtNum margin =
      assignMargin(m, ipair >= 0 ? m->pair_margin[ipair] : m->geom_margin[g1] + m->geom_margin[g2]);
  if (mj_filterSphere(m, d, g1, g2, margin)) {
    return;  // filter 2
  }
  if (!finiteGeom(m, d, g1) || !finiteGeom(m, d, g2)) {
    return;  // NaN or infinite pose or size: no contacts (mj_step warns and resets the state)
  }

  mjContact con[mjMAXCONPAIR];
  if (!writesTangentHint(collide)) {
    for (int i = 0; i < mjMAXCONPAIR; i++) {
      mju_zero3(con[i].frame + 3);
    }
  }
  int ncon = collide(m, d, con, g1, g2, margin);
  if (ncon <= 0) {
    return;
  }
  if (ncon > mjMAXCONPAIR) {
    mjERROR("collision function for geom types %d, %d returned %d contacts (max %d)", type1, type2,
            ncon, mjMAXCONPAIR);
    return;
  }

  // parameters: explicit pair or mixed geom parameters, then the override
  int condim;
  mjtNum gap, friction[5], solref[mjNREF], solimp[mjNIMP], solreffriction[mjNREF] = {0, 0};
  if (ipair >= 0) {
    condim = m->pair_dim[ipair];
    gap = m->pair_gap[ipair];
    mju_copy(friction, m->pair_friction + 5 * ipair, 5);
    mju_copy(solref, m->pair_solref + mjNREF * ipair, mjNREF);
    mju_copy(solreffriction, m->pair_solreffriction + mjNREF * ipair, mjNREF);
    mju_copy(solimp, m->pair_solimp + mjNIMP * ipair, mjNIMP);
  } else {
    mj_contactParam(m, g1, g2, &condim, &gap, solref, solimp, friction);
  }
  if (mjENABLED(mjENBL_OVERRIDE)) {
    mju_copy(friction, m->opt.o_friction, 5);
    mju_copy(solref, m->opt.o_solref, mjNREF);
    mju_copy(solreffriction, m->opt.o_solref, mjNREF);
    mju_copy(solimp, m->opt.o_solimp, mjNIMP);
  }

  for (int i = 0; i < ncon; i++) {
    finishContact(m, d, con + i, g1, g2, condim, margin - gap, friction, solref, solreffriction,
                  solimp);
  }
}

// ---------------------------------------------------------------------------------------------
// broad phase

namespace {

// the bodies of explicit pair i and of exclude i, as (lower, higher) body ids
void pairBodies(const mjModel* m, int i, int* b1, int* b2) {
  int a = m->geom_bodyid[m->pair_geom1[i]], b = m->geom_bodyid[m->pair_geom2[i]];
  *b1 = mjMIN(a, b);
  *b2 = mjMAX(a, b);
}

void excludeBodies(const mjModel* m, int i, int* b1, int* b2) {
  *b1 = m->exclude_signature[i] >> 16;
  *b2 = m->exclude_signature[i] & 0xFFFF;
}

// lexicographic comparison of body pairs
int comparePair(int a1, int a2, int b1, int b2) {
  if (a1 != b1) {
    return a1 < b1 ? -1 : 1;
  }
  return a2 < b2 ? -1 : (a2 > b2 ? 1 : 0);
}

// Per-body broad-phase data on the mjData stack
typedef struct {
  int nbody;
  int* list;  // candidate bodies: bounded ones first (nfin), then those with planes
  int nfin, ninf;
  int* contype;  // OR of the contype / conaffinity of the body's candidate geoms
  int* conaffinity;
  mjtNum* margin;  // largest margin of the body's candidate geoms (assignMargin)
  int* geom;       // candidate geoms of the bounded candidates, in body order (ngeom)
  int ngeom;
  mjtNum* box;       // per bounded candidate: [min, max] along the 3 sweep axes
  mjtNum* sorted;    // the boxes sorted by min along the first axis, contiguous (the sweep
                     // reads them in sequence), each as [min0 max0 min1 min2 max1 max2]
  int* sortedbody;   // the body of each sorted box
  const int* awake;  // mjData.body_awake while some tree sleeps, else NULL
} BroadData;

// pair of bodies that are both asleep or static: not collided (mj_sleepSkipPair)
int bothResting(const BroadData* bd, int b1, int b2) {
  return bd->awake && bd->awake[b1] != mjS_AWAKE && bd->awake[b2] != mjS_AWAKE;
}

// body pair allowed by the body filters (and by the body contype/conaffinity masks)
int bodyPairAllowed(const mjModel* m, const BroadData* bd, int b1, int b2) {
  if (mj_filterBodyPair(m, b1, b2)) {
    return 0;
  }
  if (mjcb_contactfilter) {
    return 1;
  }
  return (bd->contype[b1] & bd->conaffinity[b2]) || (bd->contype[b2] & bd->conaffinity[b1]);
}

// candidate bodies, their masks and margins, and the candidate geoms of the bounded ones: one
// pass over the geoms, which the later passes do not repeat
void collectBodies(const mjModel* m, mjData* d, BroadData* bd) {
  int nbody = m->nbody, filter = mjcb_contactfilter != NULL;
  bd->nbody = nbody;
  bd->list = mj_stackAllocInt(d, nbody);
  bd->contype = mj_stackAllocInt(d, nbody);
  bd->conaffinity = mj_stackAllocInt(d, nbody);
  bd->margin = mj_stackAllocNum(d, nbody);
  bd->geom = mj_stackAllocInt(d, mjMAX(m->ngeom, 1));
  int* inf = mj_stackAllocInt(d, nbody);
  bd->nfin = bd->ninf = bd->ngeom = 0;
  for (int b = 0; b < nbody; b++) {
    int ct = 0, ca = 0, can = 0, plane = 0, start = bd->ngeom;
    mjtNum margin = 0;
    for (int g = m->body_geomadr[b]; g < m->body_geomadr[b] + m->body_geomnum[b]; g++) {
      int gct = m->geom_contype[g], gca = m->geom_conaffinity[g];
      if (filter || gct || gca) {  // geomCanCollide
        can = 1;
        ct |= gct;
        ca |= gca;
        plane |= m->geom_type[g] == mjGEOM_PLANE || m->geom_rbound[g] <= 0;
        margin = mju_max(margin, assignMargin(m, m->geom_margin[g]));
        bd->geom[bd->ngeom++] = g;
      }
    }
    bd->contype[b] = ct;
    bd->conaffinity[b] = ca;
    bd->margin[b] = margin;
    if (!can) {
      continue;
    }
    if (plane) {
      inf[bd->ninf++] = b;
      bd->ngeom = start;  // the geoms of unbounded bodies take no part in the sweep
    } else {
      bd->list[bd->nfin++] = b;
    }
  }
  for (int i = 0; i < bd->ninf; i++) {
    bd->list[bd->nfin + i] = inf[i];
  }
}

// Sweep axes: the eigenvectors of the covariance of the candidate geom centers, principal axis
// first (computation_index.rst "Selection / Generation"); the identity when degenerate.
void sweepAxes(const mjData* d, const BroadData* bd, mjtNum axes[9]) {
  mjtNum cen[3] = {0, 0, 0}, cov[9] = {0};
  int cnt = bd->ngeom;
  for (int i = 0; i < cnt; i++) {
    mju_addTo3(cen, d->geom_xpos + 3 * bd->geom[i]);
  }
  mju_eye(axes, 3);
  if (cnt < 2) {
    return;
  }
  mju_scl3(cen, cen, 1.0 / cnt);
  for (int i = 0; i < cnt; i++) {
    mjtNum dif[3];
    mju_sub3(dif, d->geom_xpos + 3 * bd->geom[i], cen);
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        cov[3 * r + c] += dif[r] * dif[c];
      }
    }
  }
  mjtNum eigval[3], eigvec[9], quat[4];
  mju_eig3(eigval, eigvec, quat, cov);
  mju_transpose(axes, eigvec, 3, 3);  // rows of axes = eigenvector columns
}

// Box of body b along the sweep axes from the root of its BVH (center c and half-sizes h in the
// inertial frame xipos, ximat = R): along axis a, the center projects to a.(xipos + R c) and the
// box reaches sum_j |a.R_j| h_j on either side (R_j: column j of R), inflated by the largest
// margin of the body's geoms. Tighter than the geoms' bounding spheres for flat or long bodies.
void rootBox(const mjModel* m, const mjData* d, int b, const mjtNum axes[9], mjtNum margin,
             mjtNum box[6]) {
  const mjtNum* aabb = m->bvh_aabb + 6 * m->body_bvhadr[b];
  const mjtNum* mat = d->ximat + 9 * b;
  mjtNum c[3];
  mju_mulMatVec3(c, mat, aabb);
  mju_addTo3(c, d->xipos + 3 * b);
  for (int k = 0; k < 3; k++) {
    const mjtNum* a = axes + 3 * k;
    mjtNum ext = margin;
    for (int j = 0; j < 3; j++) {
      ext += fabs(a[0] * mat[j] + a[1] * mat[3 + j] + a[2] * mat[6 + j]) * aabb[3 + j];
    }
    mjtNum center = mju_dot3(a, c);
    box[2 * k] = center - ext;
    box[2 * k + 1] = center + ext;
  }
}

// sort key of a box: its min along the first axis, NaN (a non-finite pose or size) as +inf so
// that such boxes sort last (the order needs no NaN test per comparison)
typedef struct {
  mjtNum min;
  int i;
} BoxKey;

// Boxes of the bounded candidate bodies along the sweep axes: the root box of the body's BVH
// (rootBox), or, for bodies without one and when the contact filter callback may admit geoms
// that are not in the tree (those with contype = conaffinity = 0), the union of the geoms'
// bounding spheres: center projection +- (rbound + margin).
void bodyBoxes(const mjModel* m, mjData* d, BroadData* bd, const mjtNum axes[9]) {
  int n = bd->nfin, filter = mjcb_contactfilter != NULL;
  bd->box = mj_stackAllocNum(d, 6 * mjMAX(n, 1));
  BoxKey* key = (BoxKey*)mj_stackAllocByte(d, sizeof(BoxKey) * mjMAX(n, 1), alignof(BoxKey));
  const int *geom = bd->geom, *gend = bd->geom + bd->ngeom;  // the candidate geoms, in order
  for (int i = 0; i < n; i++) {
    int b = bd->list[i], last = m->body_geomadr[b] + m->body_geomnum[b];
    mjtNum* box = bd->box + 6 * i;
    if (!filter && m->body_bvhnum[b] > 0 && m->body_bvhadr[b] >= 0) {
      rootBox(m, d, b, axes, bd->margin[b], box);
      while (geom < gend && *geom < last) {
        geom++;  // past the body's candidate geoms
      }
    } else {
      for (int k = 0; k < 3; k++) {
        box[2 * k] = mjMAXVAL;
        box[2 * k + 1] = -mjMAXVAL;
      }
      for (; geom < gend && *geom < last; geom++) {
        int g = *geom;
        mjtNum ext = m->geom_rbound[g] + assignMargin(m, m->geom_margin[g]);
        for (int k = 0; k < 3; k++) {
          mjtNum c = mju_dot3(axes + 3 * k, d->geom_xpos + 3 * g);
          box[2 * k] = mju_min(box[2 * k], c - ext);
          box[2 * k + 1] = mju_max(box[2 * k + 1], c + ext);
        }
      }
    }
    key[i].min = std::isnan(box[0]) ? INFINITY : box[0];
    key[i].i = i;
  }
  std::sort(key, key + n, [](const BoxKey& x, const BoxKey& y) { return x.min < y.min; });
  bd->sorted = mj_stackAllocNum(d, 6 * mjMAX(n, 1));
  bd->sortedbody = mj_stackAllocInt(d, mjMAX(n, 1));
  for (int s = 0; s < n; s++) {
    const mjtNum* box = bd->box + 6 * key[s].i;
    mjtNum* out = bd->sorted + 6 * s;
    out[0] = box[0];
    out[1] = box[1];
    out[2] = box[2];
    out[3] = box[4];
    out[4] = box[3];
    out[5] = box[5];
    bd->sortedbody[s] = bd->list[key[s].i];
  }
}

// Sweep and prune: with the boxes sorted by min along axis 0, box s overlaps on that axis exactly
// the later boxes t whose min does not exceed its max, so the scan from s stops at the first t
// beyond it (cost: n log n for the sort plus the axis-0 overlaps). Those candidates are tested
// on axes 1 and 2. With `out`, writes the keys (b1 << 32 | b2) of the pairs that also pass the
// body filters, at most cap of them, and returns their number, or -1 when there are more; without,
// returns the number of box overlaps (an upper bound of the former, cheaper to count).
int sweepAndPrune(const mjModel* m, const BroadData* bd, uint64_t* out, int cap) {
  int npair = 0, n = bd->nfin;
  for (int s = 0; s < n; s++) {
    const mjtNum* bi = bd->sorted + 6 * s;
#if defined(MOTUS_SSE2)
    __m128d lo = _mm_loadu_pd(bi + 2), hi = _mm_loadu_pd(bi + 4);
#endif
    for (int t = s + 1; t < n; t++) {
      const mjtNum* bj = bd->sorted + 6 * t;
      if (bj[0] > bi[1]) {
        break;  // this and all later boxes start beyond box s along axis 0
      }
      // overlap on axes 1 and 2 (min1 min2 and max1 max2 side by side), evaluated without
      // branches: the outcome is close to random in dense scenes, where a branch per
      // comparison would be mispredicted half the time
#if defined(MOTUS_SSE2)
      __m128d le1 = _mm_cmple_pd(_mm_loadu_pd(bj + 2), hi);
      __m128d le2 = _mm_cmple_pd(lo, _mm_loadu_pd(bj + 4));
      int overlap = _mm_movemask_pd(_mm_and_pd(le1, le2)) == 3;
#else
      int overlap = (bj[2] <= bi[4]) & (bi[2] <= bj[4]) & (bj[3] <= bi[5]) & (bi[3] <= bj[5]);
#endif
      if (!out) {
        npair += overlap;
        continue;
      }
      if (!overlap) {
        continue;
      }
      int b1 = mjMIN(bd->sortedbody[s], bd->sortedbody[t]);
      int b2 = mjMAX(bd->sortedbody[s], bd->sortedbody[t]);
      if (!bothResting(bd, b1, b2) && bodyPairAllowed(m, bd, b1, b2)) {
        if (npair == cap) {
          return -1;
        }
        out[npair++] = ((uint64_t)b1 << 32) | (uint64_t)b2;
      }
    }
  }
  return npair;
}

// bodies with planes (unbounded) pair with every other candidate body
int unboundedPairs(const mjModel* m, const BroadData* bd, uint64_t* out) {
  int npair = 0, ncand = bd->nfin + bd->ninf;
  for (int i = bd->nfin; i < ncand; i++) {
    for (int j = 0; j < ncand; j++) {
      if (j >= bd->nfin && j <= i) {
        continue;  // unbounded-unbounded pairs once
      }
      int b1 = mjMIN(bd->list[i], bd->list[j]), b2 = mjMAX(bd->list[i], bd->list[j]);
      if (b1 != b2 && !bothResting(bd, b1, b2) && bodyPairAllowed(m, bd, b1, b2)) {
        if (out) {
          out[npair] = ((uint64_t)b1 << 32) | (uint64_t)b2;
        }
        npair++;
      }
    }
  }
  return npair;
}

// is key[0 .. n) increasing?
int keysSorted(const uint64_t* key, int n) {
  for (int i = 1; i < n; i++) {
    if (key[i] < key[i - 1]) {
      return 0;
    }
  }
  return 1;
}

}  // namespace

// With sleeping trees, pairs of bodies that are both asleep or static are left out (they are not
// collided), and with no awake candidate body there is no pair at all.
int mj_broadphase(const mjModel* m, mjData* d, int** pairs) {
  BroadData bd;
  collectBodies(m, d, &bd);
  bd.awake = mj_sleepAny(m, d) ? d->body_awake : NULL;
  if (bd.awake) {
    int nawake = 0;
    for (int i = 0; i < bd.nfin + bd.ninf; i++) {
      nawake += bd.awake[bd.list[i]] == mjS_AWAKE;
    }
    if (!nawake) {
      *pairs = mj_stackAllocInt(d, 2);
      return 0;
    }
  }
  mjtNum axes[9];
  sweepAxes(d, &bd, axes);
  bodyBoxes(m, d, &bd, axes);

  // the pairs of unbounded bodies: at most ninf * ncand of them, counted first only when that
  // bound is large
  size_t avail = d->narena - d->pstack - d->parena;
  long ncand = bd.nfin + bd.ninf, bound2 = (long)bd.ninf * ncand;
  if (bound2 * 16 + 64 > (long)(avail / 8)) {
    bound2 = unboundedPairs(m, &bd, NULL);
  }
  uint64_t* key2 =
      (uint64_t*)mj_stackAllocByte(d, sizeof(uint64_t) * mjMAX(bound2, 1), alignof(uint64_t));
  int n2 = unboundedPairs(m, &bd, key2);

  // the sweep's pairs, into room for a few per body (pairs of bodies in contact: a handful per
  // body in dense piles); when they do not fit, counted exactly and swept again
  long cap = mjMIN(8 * (long)bd.nfin + 64, (long)bd.nfin * (bd.nfin - 1) / 2 + 1);
  uint64_t* key1 = (uint64_t*)mj_stackAllocByte(d, sizeof(uint64_t) * cap, alignof(uint64_t));
  int n1 = sweepAndPrune(m, &bd, key1, (int)cap);
  if (n1 < 0) {
    cap = mjMAX(sweepAndPrune(m, &bd, NULL, 0), 1);
    key1 = (uint64_t*)mj_stackAllocByte(d, sizeof(uint64_t) * cap, alignof(uint64_t));
    n1 = sweepAndPrune(m, &bd, key1, (int)cap);
  }

  // the sweep's keys sorted, merged with those of the unbounded bodies (increasing as written
  // for a single unbounded body, else sorted), without duplicates (there are none between the
  // two lists: their pairs involve no and at least one unbounded body), and unpacked
  std::sort(key1, key1 + n1);
  if (!keysSorted(key2, n2)) {
    std::sort(key2, key2 + n2);
  }
  *pairs = mj_stackAllocInt(d, 2 * mjMAX(n1 + n2, 1));
  int nuniq = 0, i1 = 0, i2 = 0;
  uint64_t last = 0;
  while (i1 < n1 || i2 < n2) {
    uint64_t k = (i2 == n2 || (i1 < n1 && key1[i1] < key2[i2])) ? key1[i1++] : key2[i2++];
    if (nuniq > 0 && k == last) {
      continue;
    }
    last = k;
    (*pairs)[2 * nuniq] = (int)(k >> 32);
    (*pairs)[2 * nuniq + 1] = (int)(k & 0xFFFFFFFFu);
    nuniq++;
  }
  return nuniq;
}

// ---------------------------------------------------------------------------------------------
// mid phase: the AABB trees of the two bodies (bvh_aabb: center and half-sizes in the body's
// inertial frame xipos/ximat; leaves carry a geom in bvh_nodeid; bvh_child holds the two
// children of a node relative to the body's first node body_bvhadr, -1 for none)

// world-frame center of node i of body b
void mj_bvhNodeCenter(const mjData* d, int b, const mjtNum* aabb, mjtNum res[3]) {
  mju_mulMatVec3(res, d->ximat + 9 * b, aabb);
  mju_addTo3(res, d->xipos + 3 * b);
}

// Separating-axis test on the face axes of both boxes (conservative: may report overlap for
// disjoint boxes, never the reverse). Returns nonzero when the inflated boxes overlap.
int mj_boxesOverlap(const mjtNum c1[3], const mjtNum mat1[9], const mjtNum h1[3],
                    const mjtNum c2[3], const mjtNum mat2[9], const mjtNum h2[3], mjtNum margin) {
  mjtNum t[3] = {c2[0] - c1[0], c2[1] - c1[1], c2[2] - c1[2]};
  for (int pass = 0; pass < 2; pass++) {
    const mjtNum* ma = pass ? mat2 : mat1;
    const mjtNum* ha = pass ? h2 : h1;
    const mjtNum* mb = pass ? mat1 : mat2;
    const mjtNum* hb = pass ? h1 : h2;
    for (int k = 0; k < 3; k++) {
      mjtNum ax[3] = {ma[k], ma[3 + k], ma[6 + k]};
      mjtNum rb = 0;
      for (int j = 0; j < 3; j++) {
        rb += hb[j] * fabs(ax[0] * mb[j] + ax[1] * mb[3 + j] + ax[2] * mb[6 + j]);
      }
      if (fabs(mju_dot3(t, ax)) > ha[k] + rb + margin) {
        return 0;
      }
    }
  }
  return 1;
}

// The measure that picks which of two inner nodes the mid phase descends into: the sum of the
// pairwise products of (half-size - center) along the three axes. MuJoCo 3.8 ranks nodes by
// this quantity, and the nodes its traversal visits are those mjData.bvh_active shows, so the
// same descent is needed to mark the same nodes (the candidate geom pairs do not depend on it).
mjtNum mj_bvhSplitMeasure(const mjtNum* aabb) {
  mjtNum x = aabb[3] - aabb[0], y = aabb[4] - aabb[1], z = aabb[5] - aabb[2];
  return x * y + y * z + z * x;
}

int mj_bvhDescend(const mjModel* m, int root1, int root2, int n1, int n2, const mjtNum* a1,
                  const mjtNum* a2, int* stack, int nstack, int cap) {
  int leaf1 = m->bvh_nodeid[n1] >= 0, leaf2 = m->bvh_nodeid[n2] >= 0;
  int split1 = !leaf1 && (leaf2 || mj_bvhSplitMeasure(a1) > mj_bvhSplitMeasure(a2));
  for (int c = 0; c < 2; c++) {
    int child = m->bvh_child[2 * (split1 ? n1 : n2) + c];
    if (child < 0 || nstack + 2 > cap) {
      continue;
    }
    child += split1 ? root1 : root2;
    stack[nstack++] = split1 ? child : n1;
    stack[nstack++] = split1 ? n2 : child;
  }
  return nstack;
}

namespace {

// geom pairs (or BVH node pairs) kept on the C stack by the mid phase and the body-pair
// collider before they take space from the mjData stack
constexpr int kLocalPairs = 64;

// nonzero when the boxes of geoms g1, g2 (geom_aabb in the geom frames) overlap, inflated by
// margin: the test of a pair of leaves, tighter than their nodes' boxes in the body frames
int geomBoxesOverlap(const mjModel* m, const mjData* d, int g1, int g2, mjtNum margin) {
  const mjtNum* a1 = m->geom_aabb + 6 * g1;
  const mjtNum* a2 = m->geom_aabb + 6 * g2;
  const mjtNum* mat1 = d->geom_xmat + 9 * g1;
  const mjtNum* mat2 = d->geom_xmat + 9 * g2;
  mjtNum c1[3], c2[3];
  mju_mulMatVec3(c1, mat1, a1);
  mju_addTo3(c1, d->geom_xpos + 3 * g1);
  mju_mulMatVec3(c2, mat2, a2);
  mju_addTo3(c2, d->geom_xpos + 3 * g2);
  return mj_boxesOverlap(c1, mat1, a1 + 3, c2, mat2, a2 + 3, margin);
}

// Candidate geom pairs of bodies b1, b2 whose boxes overlap; writes at most `cap_out` pairs
// (g1, g2) (g1 in b1) to out and returns their number. Both nodes of every overlapping node
// pair are marked in `active` (mjData.bvh_active, or NULL when not shown), as MuJoCo shows the
// nodes its mid phase passed through.
int midphase(const mjModel* m, mjData* d, int b1, int b2, mjtNum margin, int* out, int cap_out,
             mjtByte* active) {
  int root1 = m->body_bvhadr[b1], root2 = m->body_bvhadr[b2];
  int cap = 2 * (m->body_bvhnum[b1] + m->body_bvhnum[b2]) + 2;
  // the node-pair stack: on the C stack for small trees, else on the mjData stack
  int local[kLocalPairs * 2];
  int big = 2 * cap > kLocalPairs * 2;
  if (big) {
    mj_markStack(d);
  }
  int* stack = big ? mj_stackAllocInt(d, 2 * cap) : local;
  int nstack = 0, nout = 0;
  stack[nstack++] = root1;
  stack[nstack++] = root2;
  const mjtNum* mat1 = d->ximat + 9 * b1;
  const mjtNum* mat2 = d->ximat + 9 * b2;
  while (nstack > 0) {
    int n2 = stack[--nstack];
    int n1 = stack[--nstack];
    int g1 = m->bvh_nodeid[n1], g2 = m->bvh_nodeid[n2];
    const mjtNum* a1 = m->bvh_aabb + 6 * n1;
    const mjtNum* a2 = m->bvh_aabb + 6 * n2;
    if (g1 >= 0 && g2 >= 0) {
      // two leaves: the geoms' own boxes, then their bounding spheres (or plane and sphere), with
      // the pair's margin; geom pairs the contact filters exclude are still candidates here
      mjtNum gmargin = assignMargin(m, m->geom_margin[g1] + m->geom_margin[g2]);
      if (!geomBoxesOverlap(m, d, g1, g2, gmargin) || mj_filterSphere(m, d, g1, g2, gmargin) ||
          nout >= cap_out) {
        continue;  // (nout < cap_out with a valid tree: each geom pair once)
      }
      if (active) {
        active[n1] = active[n2] = 1;
      }
      out[2 * nout] = g1;
      out[2 * nout + 1] = g2;
      nout++;
      continue;
    }
    mjtNum c1[3], c2[3];
    mj_bvhNodeCenter(d, b1, a1, c1);
    mj_bvhNodeCenter(d, b2, a2, c2);
    if (!mj_boxesOverlap(c1, mat1, a1 + 3, c2, mat2, a2 + 3, margin)) {
      continue;
    }
    if (active) {
      active[n1] = active[n2] = 1;
    }
    nstack = mj_bvhDescend(m, root1, root2, n1, n2, a1, a2, stack, nstack, 2 * cap);
  }
  if (big) {
    mj_freeStack(d);
  }
  return nout;
}

// ---------------------------------------------------------------------------------------------
// body pairs and explicit pairs

// nonzero when geoms g1, g2 form one of the explicit pairs [start, end)
int inExplicitPairs(const mjModel* m, int g1, int g2, int start, int end) {
  for (int i = start; i < end; i++) {
    int p1 = m->pair_geom1[i], p2 = m->pair_geom2[i];
    if ((p1 == g1 && p2 == g2) || (p1 == g2 && p2 == g1)) {
      return 1;
    }
  }
  return 0;
}

// use the mid phase for bodies b1, b2: enabled, more than one geom pair, both trees present and
// complete (a plane's node is the half-space below it, a finite box)
int useMidphase(const mjModel* m, int b1, int b2) {
  if (mjDISABLED(mjDSBL_MIDPHASE)) {
    return 0;
  }
  if (m->body_geomnum[b1] * m->body_geomnum[b2] <= 1) {
    return 0;
  }
  for (int k = 0; k < 2; k++) {
    int b = k ? b2 : b1;
    if (m->body_bvhnum[b] <= 0 || m->body_bvhadr[b] < 0) {
      return 0;
    }
  }
  return 1;
}

bool geomPairLess(const int* a, const int* b) {
  return a[0] != b[0] ? a[0] < b[0] : a[1] < b[1];
}

// geom pairs of body pair (b1, b2), in increasing (g1, g2) order; explicit pairs [pstart, pend)
// have the same bodies and take precedence
void collideBodyPair(const mjModel* m, mjData* d, int b1, int b2, int pstart, int pend) {
  int n1 = m->body_geomnum[b1], n2 = m->body_geomnum[b2];
  int adr1 = m->body_geomadr[b1], adr2 = m->body_geomadr[b2];
  // the candidate pairs: on the C stack when few (the usual case), else on the mjData stack
  int local[kLocalPairs * 2];
  int big = n1 * n2 > kLocalPairs;
  if (big) {
    mj_markStack(d);
  }
  int* cand = big ? mj_stackAllocInt(d, 2 * mjMAX(n1 * n2, 1)) : local;
  int ncand = 0;
  if (useMidphase(m, b1, b2)) {
    // body_margin is the largest geom margin of the body: their sum bounds every pair's margin
    mjtNum margin = m->body_margin[b1] + m->body_margin[b2];
    mjtByte* active = m->vis.global.bvactive ? d->bvh_active : NULL;
    ncand = midphase(m, d, b1, b2, assignMargin(m, margin), cand, n1 * n2, active);
  } else {
    for (int g1 = adr1; g1 < adr1 + n1; g1++) {
      for (int g2 = adr2; g2 < adr2 + n2; g2++) {
        cand[2 * ncand] = g1;
        cand[2 * ncand + 1] = g2;
        ncand++;
      }
    }
  }

  // MuJoCo's order: by the pair as the collider sees it (lower geom type first)
  for (int i = 0; i < ncand; i++) {
    int* p = cand + 2 * i;
    if (m->geom_type[p[0]] > m->geom_type[p[1]]) {
      int tmp = p[0];
      p[0] = p[1];
      p[1] = tmp;
    }
  }
  // insertion sort of the (g1, g2) pairs (few candidates per body pair)
  for (int i = 1; i < ncand; i++) {
    int p[2] = {cand[2 * i], cand[2 * i + 1]};
    int j = i - 1;
    while (j >= 0 && geomPairLess(p, cand + 2 * j)) {
      cand[2 * j + 2] = cand[2 * j];
      cand[2 * j + 3] = cand[2 * j + 1];
      j--;
    }
    cand[2 * j + 2] = p[0];
    cand[2 * j + 3] = p[1];
  }

  for (int i = 0; i < ncand; i++) {
    int g1 = cand[2 * i], g2 = cand[2 * i + 1];
    if (!geomCanCollide(m, g1) || !geomCanCollide(m, g2)) {
      continue;
    }
    if (pend > pstart && inExplicitPairs(m, g1, g2, pstart, pend)) {
      continue;
    }
    if (!geomPairCompatible(m, d, g1, g2)) {
      continue;
    }
    mj_collideGeoms(m, d, g1, g2);
  }
  if (big) {
    mj_freeStack(d);
  }
}

// explicit pair i passes the user filter (mjcb_contactfilter sees predefined pairs too)
void collideExplicit(const mjModel* m, mjData* d, int i) {
  int b1, b2;
  pairBodies(m, i, &b1, &b2);
  if (mj_sleepSkipPair(m, d, b1, b2)) {
    return;
  }
  if (mjcb_contactfilter && mjcb_contactfilter(m, d, m->pair_geom1[i], m->pair_geom2[i])) {
    return;
  }
  mj_collideGeoms(m, d, i, -1);
}

// Clears the marks of the bounding-volume nodes the mid phase visits (body and flex trees; mesh
// trees are never marked), whether or not the model shows them.
void clearActiveNodes(const mjModel* m, mjData* d) {
  int end = 0;
  for (int b = 0; b < m->nbody; b++) {
    end = mjMAX(end, m->body_bvhadr[b] + m->body_bvhnum[b]);
  }
  if (end > 0) {
    memset(d->bvh_active, 0, end);
  }
  for (int f = 0; f < m->nflex; f++) {
    if (m->flex_bvhnum[f] > 0) {
      memset(d->bvh_active + m->flex_bvhadr[f], 0, m->flex_bvhnum[f]);
    }
  }
}

}  // namespace

void mj_collision(const mjModel* m, mjData* d) {
  mj_clearEfc(d);
  d->contact = NULL;
  clearActiveNodes(m, d);
  if (mjDISABLED(mjDSBL_CONSTRAINT) || mjDISABLED(mjDSBL_CONTACT) ||
      (m->ngeom == 0 && m->nflex == 0)) {
    mj_arenaUpdateMaxUse(d);
    return;
  }

  mj_markStack(d);
  int* bpair;
  int nbpair = mj_broadphase(m, d, &bpair);
  int npair = m->npair, nexclude = m->nexclude;
  int pairadr = 0, exadr = 0;
  // geom-flex collisions of body b come after its body pairs (engine_collision_flex.h)
  int flexbody = mj_flexCollides(m) ? 0 : m->nbody;
  for (int i = 0; i < nbpair; i++) {
    int b1 = bpair[2 * i], b2 = bpair[2 * i + 1];
    int p1, p2;
    for (; flexbody < b1; flexbody++) {
      mj_collideBodyFlex(m, d, flexbody);
    }

    // explicit pairs up to this body pair, those of this body pair last
    while (pairadr < npair) {
      pairBodies(m, pairadr, &p1, &p2);
      if (comparePair(p1, p2, b1, b2) >= 0) {
        break;
      }
      collideExplicit(m, d, pairadr++);
    }
    int pstart = pairadr;
    while (pairadr < npair) {
      pairBodies(m, pairadr, &p1, &p2);
      if (comparePair(p1, p2, b1, b2) != 0) {
        break;
      }
      collideExplicit(m, d, pairadr++);
    }

    // excluded body pair
    int excluded = 0;
    while (exadr < nexclude) {
      int e1, e2;
      excludeBodies(m, exadr, &e1, &e2);
      int cmp = comparePair(e1, e2, b1, b2);
      if (cmp > 0) {
        break;
      }
      if (cmp == 0) {
        excluded = 1;
        break;
      }
      exadr++;
    }
    if (excluded || mj_sleepSkipPair(m, d, b1, b2)) {
      continue;  // excluded, or both bodies asleep or static
    }

    collideBodyPair(m, d, b1, b2, pstart, pairadr);
  }

  // remaining explicit pairs
  while (pairadr < npair) {
    collideExplicit(m, d, pairadr++);
  }
  for (; flexbody < m->nbody; flexbody++) {
    mj_collideBodyFlex(m, d, flexbody);
  }
  if (m->nflex) {
    mj_markFlexNodes(m, d);
    mj_collideFlexPairs(m, d);
    for (int f = 0; f < m->nflex; f++) {
      mj_collideFlexSelf(m, d, f);
    }
  }

  mj_freeStack(d);
  mj_arenaUpdateMaxUse(d);
}

// ---------------------------------------------------------------------------------------------
// mj_maxContact (computation_index.rst "Pair-wise colliders" table)

int mj_maxContact(const mjModel* m, int g1, int g2, int has_margin) {
  if (g1 < 0 || g2 < 0 || g1 >= m->ngeom || g2 >= m->ngeom) {
    mjERROR("geom id out of range");
    return 0;
  }
  int t1 = mjMIN(m->geom_type[g1], m->geom_type[g2]);
  int t2 = mjMAX(m->geom_type[g1], m->geom_type[g2]);
  if (has_margin < 0) {
    has_margin = assignMargin(m, m->geom_margin[g1] + m->geom_margin[g2]) > 0;
  }
  int multi = !mjDISABLED(mjDSBL_MULTICCD);
  int native = !mjDISABLED(mjDSBL_NATIVECCD);
  if (t2 == mjGEOM_SDF && t1 != mjGEOM_PLANE) {
    // one contact per descent start point (engine_collision_sdf.cc), at most mjMAXCONPAIR
    return mjCOLLISIONFUNC[t1][t2] ? mjMIN(m->opt.sdf_initpoints, mjMAXCONPAIR) : 0;
  }
  if (!mjCOLLISIONFUNC[t1][t2]) {
    return 0;
  }
  if (t1 == mjGEOM_PLANE) {
    // sdf: the table in the spec says 1, but MuJoCo collides plane and sdf through the sdf
    // geom's mesh, as plane-mesh (2 contacts for an icosahedron on an edge)
    static const int plane[mjNGEOMTYPES] = {0, 0, 1, 2, 1, 4, 4, 3, 3};
    return plane[t2];
  }
  if (t1 == mjGEOM_HFIELD) {
    return mjMAXCONPAIR;
  }
  if (t1 == mjGEOM_SPHERE || t1 == mjGEOM_ELLIPSOID || t2 == mjGEOM_ELLIPSOID) {
    return 1;
  }
  if (t1 == mjGEOM_CAPSULE && (t2 == mjGEOM_CAPSULE || t2 == mjGEOM_BOX)) {
    return 2;
  }
  if (t1 == mjGEOM_BOX && t2 == mjGEOM_BOX) {
    return 8;
  }
  if (!multi) {
    return 1;
  }
  // capsules and cylinders (and any positive margin) use the multi-run pipeline: 5 contacts;
  // box/mesh pairs without margin use the single-shot pipeline under nativeccd: 4
  if (t1 == mjGEOM_CAPSULE || t1 == mjGEOM_CYLINDER || has_margin || !native) {
    return 5;
  }
  return 4;
}
