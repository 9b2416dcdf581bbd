// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The multi-run multiple-contact pipeline (computation_index.rst "Multiple contacts"): after the
// first contact of a convex pair, the two geoms are rotated by +-1e-3 rad about the tangent axes
// of that contact and collided again; every new contact that is not a repeat of an earlier one
// is added, so a pair gets up to 5 contacts. MuJoCo uses it for the legacy (MPR) pipeline and,
// with the native pipeline, for pairs with a capsule or a cylinder or with a positive margin;
// pairs with a sphere or an ellipsoid keep one contact. The rules below were measured on small
// scenes with MuJoCo 3.8.0 (doc/conformance.md#multi-run).

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_collision_primitive.h"

namespace {

// perturbation angle (radians) of each run
constexpr mjtNum kRunAngle = 1e-3;

// a new contact closer than this fraction of the smaller geom_rbound to an earlier contact of
// the pair repeats it
constexpr mjtNum kRepeatFraction = 1e-3;

// rotates the frame of obj by the unit quaternion q about the point c
void rotateAbout(mjCCDObj* obj, const mjtNum q[4], const mjtNum c[3]) {
  mjtNum rot[9], mat[9], rel[3], res[3];
  mju_quat2Mat(rot, q);
  mju_mulMatMat(mat, rot, obj->mat, 3, 3, 3);
  mju_copy(obj->mat, mat, 9);
  mjtNum* pts[2] = {obj->pos, obj->center};
  for (mjtNum* p : pts) {
    mju_sub3(rel, p, c);
    mju_rotVecQuat(res, rel, q);
    mju_add3(p, res, c);
  }
}

// one collision of the (possibly rotated) pair: 1 and the contact's position and normal in con
// when the shapes, inflated by half the margin each, overlap
int collideOnce(const mjModel* m, mjData* d, mjContact* con, mjCCDObj* o1, mjCCDObj* o2,
                mjtNum margin) {
  if (m->opt.disableflags & mjDSBL_NATIVECCD) {
    mjtNum depth, normal[3], pos[3];
    if (!mjc_mprPenetration(m, o1, o2, &depth, normal, pos)) {
      return 0;
    }
    memset(con, 0, sizeof(mjContact));
    con->dist = margin - depth;
    mju_copy3(con->pos, pos);
    mju_copy3(con->frame, normal);
    return 1;
  }
  mjCCDConfig cfg = {m->opt.ccd_iterations, m->opt.ccd_tolerance, 0, 1};
  mjCCDStatus st;
  if (mjc_ccd(&cfg, &st, o1, o2, d) >= 0) {
    return 0;
  }
  mjc_setContact(con, &st);
  con->dist += margin;
  return 1;
}

}  // namespace

int mjc_usesMultiRun(const mjModel* m, int type1, int type2, mjtNum margin) {
  if (m->opt.disableflags & mjDSBL_MULTICCD) {
    return 0;
  }
  for (int t : {type1, type2}) {
    if (t == mjGEOM_SPHERE || t == mjGEOM_ELLIPSOID) {
      return 0;
    }
  }
  if (m->opt.disableflags & mjDSBL_NATIVECCD) {
    return 1;
  }
  for (int t : {type1, type2}) {
    if (t == mjGEOM_CAPSULE || t == mjGEOM_CYLINDER) {
      return 1;
    }
  }
  return margin > 0;
}

// Runs i = 0..3 rotate about t1 (i < 2) or t2 of the first contact's frame by angle +a, -a:
// geom2 by that angle, geom1 by its opposite, both about the first contact's position. A run's
// contact keeps its own position and normal and takes the first contact's distance (all
// contacts of a pair have equal dist in MuJoCo).
int mjc_multiRun(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  mjtNum frame[9] = {0};
  mju_copy3(frame, con[0].frame);
  mjc_completeFrame(frame);
  mjtNum repeat = kRepeatFraction * mju_min(m->geom_rbound[g1], m->geom_rbound[g2]);
  int ncon = 1;
  for (int i = 0; i < 4; i++) {
    const mjtNum* axis = frame + (i < 2 ? 3 : 6);
    mjtNum angle = i % 2 ? -kRunAngle : kRunAngle;
    mjtNum q1[4], q2[4];
    mju_axisAngle2Quat(q1, axis, -angle);
    mju_axisAngle2Quat(q2, axis, angle);
    mjCCDObj o1, o2;
    mjc_initCCDObj(&o1, m, d, g1, 0.5 * margin);
    mjc_initCCDObj(&o2, m, d, g2, 0.5 * margin);
    rotateAbout(&o1, q1, con[0].pos);
    rotateAbout(&o2, q2, con[0].pos);
    mjContact* c = con + ncon;
    if (!collideOnce(m, d, c, &o1, &o2, margin)) {
      continue;
    }
    c->dist = con[0].dist;
    int repeats = 0;
    for (int j = 0; j < ncon && !repeats; j++) {
      repeats = mju_dist3(con[j].pos, c->pos) <= repeat;
    }
    ncon += !repeats;
  }
  return ncon;
}
