// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Kinematics of connect and weld equality constraints ("Constraint model / Equality"): their two
// frames, used by the row builder (engine_core_constraint.cc) for the residuals and Jacobians,
// and the bias acceleration Jdot qvel that mj_referenceConstraint
// (engine_core_constraint_param.cc) subtracts from efc_aref (see engine_core_constraint.h).

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_support_jac.h"
#include "engine/engine_util_errmem.h"

void mj_eqFrames(const mjModel* m, const mjData* d, int e, mjEqFrames* f) {
  const mjtNum* data = m->eq_data + mjNEQDATA * e;
  int id[2] = {m->eq_obj1id[e], m->eq_obj2id[e]};
  int weld = m->eq_type[e] == mjEQ_WELD;
  f->torquescale = weld ? data[10] : 1;
  if (m->eq_objtype[e] == mjOBJ_SITE) {
    for (int k = 0; k < 2; k++) {
      int b = m->site_bodyid[id[k]];
      f->body[k] = b;
      mju_copy3(f->pos[k], d->site_xpos + 3 * id[k]);
      mju_mulQuat(f->quat[k], d->xquat + 4 * b, m->site_quat + 4 * id[k]);
    }
    return;
  }
  const mjtNum* local[2] = {weld ? data + 3 : data, weld ? data : data + 3};
  for (int k = 0; k < 2; k++) {
    int b = id[k];
    f->body[k] = b;
    mju_mulMatVec3(f->pos[k], d->xmat + 9 * b, local[k]);
    mju_addTo3(f->pos[k], d->xpos + 3 * b);
  }
  if (weld) {
    mju_mulQuat(f->quat[0], d->xquat + 4 * id[0], data + 6);
    mju_copy4(f->quat[1], d->xquat + 4 * id[1]);
  }
}

// Jdot qvel of a connect (3 rows) or weld (6 rows) constraint: the acceleration of its residual
// at qacc = 0 (computation_index.rst "Dual problem": the unconstrained acceleration in constraint
// space is J M^-1 (tau - c) + Jdot v; MuJoCo computes the term for connect and weld only).
// Position rows: the point Jacobians' derivatives (mj_jacDot) times qvel, body 1 minus body 2.
// Weld rotation rows: r = ts vec(e) with de/dt = (0, u) e / 2, u = R2' (w1 - w2) (see
// eqConnectWeld in engine_core_constraint.cc), so J v = ts (e0 u + u x vec(e)) / 2 and its rate at
// qacc = 0 is
//   ts (de0 u + e0 du + du x vec(e) + u x dvec(e)) / 2,
//   de0 = -u.vec(e) / 2, dvec(e) = (e0 u + u x vec(e)) / 2,
//   du = R2' (Jdot_r1 v - Jdot_r2 v) - R2' (w2 x (w1 - w2))   (dR2/dt = [w2]x R2).
void mj_eqBiasAcc(const mjModel* m, mjData* d, int e, mjtNum res[6]) {
  mjEqFrames f;
  mj_eqFrames(m, d, e, &f);
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* jp = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jr = mj_stackAllocNum(d, 3 * nv);
  mjtNum acc[2][3], wdot[2][3];
  for (int k = 0; k < 2; k++) {
    mj_jacDot(m, d, jp, jr, f.pos[k], f.body[k]);
    mju_mulMatVec(acc[k], jp, d->qvel, 3, nv);
    mju_mulMatVec(wdot[k], jr, d->qvel, 3, nv);
  }
  mj_freeStack(d);
  mju_sub3(res, acc[0], acc[1]);
  if (m->eq_type[e] != mjEQ_WELD) {
    return;
  }

  mjtNum q2inv[4], err[4];
  mju_negQuat(q2inv, f.quat[1]);
  mju_mulQuat(err, q2inv, f.quat[0]);
  const mjtNum* w1 = d->cvel + 6 * f.body[0];
  const mjtNum* w2 = d->cvel + 6 * f.body[1];
  mjtNum R2[9], wd[3], u[3], tmp[3], du[3];
  mju_quat2Mat(R2, f.quat[1]);
  mju_sub3(wd, w1, w2);
  mju_mulMatTVec3(u, R2, wd);
  mju_cross(tmp, w2, wd);
  mjtNum dw[3];
  mju_sub3(dw, wdot[0], wdot[1]);
  mju_subFrom3(dw, tmp);
  mju_mulMatTVec3(du, R2, dw);

  const mjtNum* ev = err + 1;
  mjtNum de0 = -0.5 * mju_dot3(u, ev);
  mjtNum dev[3];
  mju_cross(dev, u, ev);
  mju_addToScl3(dev, u, err[0]);
  mju_scl3(dev, dev, 0.5);

  mjtNum r[3], c1[3], c2[3];
  mju_scl3(r, u, de0);
  mju_addToScl3(r, du, err[0]);
  mju_cross(c1, du, ev);
  mju_cross(c2, u, dev);
  mju_addTo3(r, c1);
  mju_addTo3(r, c2);
  mju_scl3(res + 3, r, 0.5 * f.torquescale);
}
