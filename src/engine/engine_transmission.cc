// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Actuator lengths and moment arms (engine_transmission.h).

#include "engine/engine_transmission.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_support_jac.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// per-type dense moments

namespace {

// tendon: l = g0 ten_length, moment = g0 ten_J
void tendonMoment(const mjModel* m, const mjData* d, int i, mjtNum* moment, mjtNum* length) {
  int t = m->actuator_trnid[2 * i];
  mjtNum g0 = m->actuator_gear[6 * i];
  *length = g0 * d->ten_length[t];
  int adr = m->ten_J_rowadr[t];
  for (int k = 0; k < m->ten_J_rownnz[t]; k++) {
    moment[m->ten_J_colind[adr + k]] = g0 * d->ten_J[adr + k];
  }
}

// Site orientation as MuJoCo composes it for refsite lengths: site_quat * xquat(body),
// the local offset first, which is the reverse of the kinematic composition xquat * site_quat
// (so it differs from site_xmat unless the site or its body is unrotated). Reproduced to match
// MuJoCo.
void refsiteQuat(const mjModel* m, const mjData* d, int site, mjtNum quat[4]) {
  mju_mulQuat(quat, m->site_quat + 4 * site, d->xquat + 4 * m->site_bodyid[site]);
}

// Site transmission. Without refsite the site receives the force R g[0:3] and torque R g[3:6]
// (site frame R): moment = Jp' R g[0:3] + Jr' R g[3:6], length 0.
// With refsite (frame R_ref at p_ref): l = g[0:3] . R_ref'(p - p_ref) + g[3:6] . v, v the rotation
// vector of q_ref^-1 q (quaternions from refsiteQuat). The moment is the relative velocity of
// the site with respect to the refsite, projected on the gear axes expressed in the refsite
// frame:
//   moment = (R_ref g[0:3])' (Jp - Jp_ref) + (R_ref g[3:6])' (Jr - Jr_ref),
// over the dofs that do not move both sites (dofs moving both move them rigidly together and
// leave the relative pose unchanged; they get no entry). This neglects the rotation of the
// refsite frame in the translational term and the nonlinearity of the rotation vector, as
// MuJoCo does: it is the exact derivative only when the
// refsite does not rotate relative to the site's common ancestor and for small rotations.
void siteMoment(const mjModel* m, mjData* d, int i, mjtNum* moment, mjtNum* length) {
  int nv = m->nv;
  int site = m->actuator_trnid[2 * i], ref = m->actuator_trnid[2 * i + 1];
  const mjtNum* gear = m->actuator_gear + 6 * i;
  mj_markStack(d);
  mjtNum* jacp = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jacr = mj_stackAllocNum(d, 3 * nv);
  mj_jacSite(m, d, jacp, jacr, site);

  mjtNum wforce[3], wtorque[3];
  if (ref < 0) {
    mju_mulMatVec3(wforce, d->site_xmat + 9 * site, gear);
    mju_mulMatVec3(wtorque, d->site_xmat + 9 * site, gear + 3);
    *length = 0;
    for (int k = 0; k < nv; k++) {
      moment[k] = wforce[0] * jacp[k] + wforce[1] * jacp[nv + k] + wforce[2] * jacp[2 * nv + k] +
                  wtorque[0] * jacr[k] + wtorque[1] * jacr[nv + k] + wtorque[2] * jacr[2 * nv + k];
    }
    mj_freeStack(d);
    return;
  }

  // relative position and orientation in the refsite frame
  const mjtNum* Rref = d->site_xmat + 9 * ref;
  mjtNum dif[3], local[3], qsite[4], qref[4], rotvec[3];
  mju_sub3(dif, d->site_xpos + 3 * site, d->site_xpos + 3 * ref);
  mju_mulMatTVec3(local, Rref, dif);
  refsiteQuat(m, d, site, qsite);
  refsiteQuat(m, d, ref, qref);
  mju_subQuat(rotvec, qsite, qref);
  *length = mju_dot3(gear, local) + mju_dot3(gear + 3, rotvec);

  // relative Jacobian over the dofs that move exactly one of the two sites
  mjtNum* refp = mj_stackAllocNum(d, 3 * nv);
  mjtNum* refr = mj_stackAllocNum(d, 3 * nv);
  int* chain = mj_stackAllocInt(d, nv);
  int* common = mj_stackAllocInt(d, nv);
  mj_jacSite(m, d, refp, refr, ref);
  for (int k = 0; k < nv; k++) {
    common[k] = 0;
  }
  int n1 = mj_bodyChain(m, m->site_bodyid[site], chain);
  for (int k = 0; k < n1; k++) {
    common[chain[k]] = 1;
  }
  int n2 = mj_bodyChain(m, m->site_bodyid[ref], chain);
  for (int k = 0; k < n2; k++) {
    common[chain[k]] += 1;
  }
  mju_mulMatVec3(wforce, Rref, gear);
  mju_mulMatVec3(wtorque, Rref, gear + 3);
  for (int k = 0; k < nv; k++) {
    if (common[k] == 2) {
      moment[k] = 0;
      continue;
    }
    mjtNum sum = 0;
    for (int a = 0; a < 3; a++) {
      sum += wforce[a] * (jacp[a * nv + k] - refp[a * nv + k]) +
             wtorque[a] * (jacr[a * nv + k] - refr[a * nv + k]);
    }
    moment[k] = sum;
  }
  mj_freeStack(d);
}

// Slider-crank: x = c - s, a the slider axis, r the rod length, det = (a.x)^2 + r^2 - x.x.
//   l = a.x - sqrt(det)
//   dl = (1 - a.x / sqrt(det)) d(a.x) + x.dx / sqrt(det),
//   d(a.x) = a.dx + x.da,  dx = (Jp_c - Jp_s) dq,  da = (Jr_s dq) x a, so x.da = (a x x).(Jr_s dq).
// det <= 0 (the rod cannot reach): l = a.x, dl = d(a.x).
void sliderCrankMoment(const mjModel* m, mjData* d, int i, mjtNum* moment, mjtNum* length) {
  int nv = m->nv;
  int crank = m->actuator_trnid[2 * i], slider = m->actuator_trnid[2 * i + 1];
  mjtNum g0 = m->actuator_gear[6 * i], rod = m->actuator_cranklength[i];
  const mjtNum* smat = d->site_xmat + 9 * slider;
  mjtNum axis[3] = {smat[2], smat[5], smat[8]};
  mjtNum vec[3];
  mju_sub3(vec, d->site_xpos + 3 * crank, d->site_xpos + 3 * slider);
  mjtNum av = mju_dot3(vec, axis);
  mjtNum det = av * av + rod * rod - mju_dot3(vec, vec);

  mjtNum dlda = 1, dldv = 0;  // coefficients of d(a.x) and of x.dx
  if (det > 0) {
    mjtNum sdet = std::sqrt(det);
    *length = g0 * (av - sdet);
    dlda = 1 - av / sdet;
    dldv = 1 / sdet;
  } else {
    *length = g0 * av;
  }

  mj_markStack(d);
  mjtNum* jc = mj_stackAllocNum(d, 3 * nv);
  mjtNum* js = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jr = mj_stackAllocNum(d, 3 * nv);
  mj_jacSite(m, d, jc, nullptr, crank);
  mj_jacSite(m, d, js, jr, slider);
  mjtNum axv[3];
  mju_cross(axv, axis, vec);
  for (int k = 0; k < nv; k++) {
    mjtNum dx[3] = {jc[k] - js[k], jc[nv + k] - js[nv + k], jc[2 * nv + k] - js[2 * nv + k]};
    mjtNum w[3] = {jr[k], jr[nv + k], jr[2 * nv + k]};
    mjtNum dav = mju_dot3(axis, dx) + mju_dot3(axv, w);
    moment[k] = g0 * (dlda * dav + dldv * mju_dot3(vec, dx));
  }
  mj_freeStack(d);
}

// Body transmission (adhesion): minus the mean over the body's contacts of the normal
// separation Jacobian n' (J(p, body2) - J(p, body1)). The gear is not applied (as in MuJoCo).
// Contacts excluded by the gap (exclude 1) count, those of flexes
// or other exclusions do not.
void bodyMoment(const mjModel* m, mjData* d, int i, mjtNum* moment, mjtNum* length) {
  int nv = m->nv, body = m->actuator_trnid[2 * i];
  *length = 0;
  if (!d->ncon || !d->contact) {
    return;
  }
  mj_markStack(d);
  mjtNum* j1 = mj_stackAllocNum(d, 3 * nv);
  mjtNum* j2 = mj_stackAllocNum(d, 3 * nv);
  int count = 0;
  for (int c = 0; c < d->ncon; c++) {
    const mjContact* con = d->contact + c;
    if (con->exclude != 0 && con->exclude != 1) {
      continue;
    }
    if (con->geom1 < 0 || con->geom2 < 0) {
      continue;
    }
    int b1 = m->geom_bodyid[con->geom1], b2 = m->geom_bodyid[con->geom2];
    if (b1 != body && b2 != body) {
      continue;
    }
    mj_jac(m, d, j1, nullptr, con->pos, b1);
    mj_jac(m, d, j2, nullptr, con->pos, b2);
    const mjtNum* normal = con->frame;
    for (int k = 0; k < nv; k++) {
      moment[k] -= normal[0] * (j2[k] - j1[k]) + normal[1] * (j2[nv + k] - j1[nv + k]) +
                   normal[2] * (j2[2 * nv + k] - j1[2 * nv + k]);
    }
    count++;
  }
  if (count) {
    mju_scl(moment, moment, 1.0 / count, nv);
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// joint transmissions (stored with all dofs of the joint)

// Writes the joint's dof moments into vals (1, 3 or 6 numbers) and returns their count.
int jointMoment(const mjModel* m, const mjData* d, int i, mjtNum* vals, mjtNum* length) {
  int j = m->actuator_trnid[2 * i];
  int inparent = m->actuator_trntype[i] == mjTRN_JOINTINPARENT;
  const mjtNum* gear = m->actuator_gear + 6 * i;
  const mjtNum* q = d->qpos + m->jnt_qposadr[j];
  mjtNum quat[4], qinv[4], rotvec[3];
  switch (m->jnt_type[j]) {
    case mjJNT_SLIDE:
    case mjJNT_HINGE:
      *length = gear[0] * q[0];
      vals[0] = gear[0];
      return 1;

    case mjJNT_BALL:
      mju_copy4(quat, q);
      mju_normalize4(quat);
      mju_quat2Vel(rotvec, quat, 1);
      *length = mju_dot3(gear, rotvec);
      if (inparent) {
        mju_negQuat(qinv, quat);
        mju_rotVecQuat(vals, gear, qinv);
      } else {
        mju_copy3(vals, gear);
      }
      return 3;

    default:  // free
      *length = 0;
      mju_copy3(vals, gear);
      if (inparent) {
        mju_copy4(quat, q + 3);
        mju_normalize4(quat);
        mju_negQuat(qinv, quat);
        mju_rotVecQuat(vals + 3, gear + 3, qinv);
      } else {
        mju_copy3(vals + 3, gear + 3);
      }
      return 6;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// entry points

void mj_actuatorMomentDense(const mjModel* m, mjData* d, int i, mjtNum* moment, mjtNum* length) {
  mju_zero(moment, m->nv);
  *length = 0;
  switch (m->actuator_trntype[i]) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT: {
      mjtNum vals[6];
      int n = jointMoment(m, d, i, vals, length);
      int dof = m->jnt_dofadr[m->actuator_trnid[2 * i]];
      for (int k = 0; k < n; k++) {
        moment[dof + k] = vals[k];
      }
      break;
    }
    case mjTRN_TENDON:
      tendonMoment(m, d, i, moment, length);
      break;
    case mjTRN_SITE:
      siteMoment(m, d, i, moment, length);
      break;
    case mjTRN_SLIDERCRANK:
      sliderCrankMoment(m, d, i, moment, length);
      break;
    case mjTRN_BODY:
      bodyMoment(m, d, i, moment, length);
      break;
    default:
      mjERROR("actuator %d has unknown transmission type %d", i, m->actuator_trntype[i]);
  }
}

namespace {

// id of the transmission target, checked against the model sizes
int validTarget(const mjModel* m, int i) {
  int id = m->actuator_trnid[2 * i], id2 = m->actuator_trnid[2 * i + 1];
  switch (m->actuator_trntype[i]) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT:
      return id >= 0 && id < m->njnt;
    case mjTRN_TENDON:
      return id >= 0 && id < m->ntendon;
    case mjTRN_SITE:
      return id >= 0 && id < m->nsite && id2 < m->nsite;
    case mjTRN_SLIDERCRANK:
      return id >= 0 && id < m->nsite && id2 >= 0 && id2 < m->nsite;
    case mjTRN_BODY:
      return id >= 0 && id < m->nbody;
    default:
      return 0;
  }
}

// Marks in mask (nv) the dofs a non-joint transmission's moment row may use, the pattern the
// compiler sized nJmom for: the tendon's Jacobian columns; the site body's chain, without the
// dofs shared with the refsite's chain (they move both frames alike); both chains of a slider
// crank; every dof for a body. Entries outside are zero in exact arithmetic, and are left out
// also when a NaN state makes 0 * NaN appear there.
void momentPattern(const mjModel* m, mjData* d, int i, int* mask) {
  int nv = m->nv, type = m->actuator_trntype[i];
  int id = m->actuator_trnid[2 * i], id2 = m->actuator_trnid[2 * i + 1];
  if (type == mjTRN_BODY) {
    for (int k = 0; k < nv; k++) {
      mask[k] = 1;
    }
    return;
  }
  for (int k = 0; k < nv; k++) {
    mask[k] = 0;
  }
  if (type == mjTRN_TENDON) {
    int adr = m->ten_J_rowadr[id];
    for (int k = 0; k < m->ten_J_rownnz[id]; k++) {
      mask[m->ten_J_colind[adr + k]] = 1;
    }
    return;
  }
  mj_markStack(d);
  int* chain = mj_stackAllocInt(d, nv > 0 ? nv : 1);
  int n = mj_bodyChain(m, m->site_bodyid[id], chain);
  for (int k = 0; k < n; k++) {
    mask[chain[k]] = 1;
  }
  if (id2 >= 0) {
    n = mj_bodyChain(m, m->site_bodyid[id2], chain);
    for (int k = 0; k < n; k++) {
      mask[chain[k]] = type == mjTRN_SITE ? !mask[chain[k]] : 1;
    }
  }
  mj_freeStack(d);
}

}  // namespace

void mj_transmission(const mjModel* m, mjData* d) {
  int nv = m->nv, nu = m->nu;
  if (!nu) {
    return;
  }
  mj_markStack(d);
  mjtNum* dense = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  int* mask = mj_stackAllocInt(d, nv > 0 ? nv : 1);
  int adr = 0;
  for (int i = 0; i < nu; i++) {
    d->moment_rowadr[i] = adr;
    d->moment_rownnz[i] = 0;
    d->actuator_length[i] = 0;
    if (!validTarget(m, i)) {
      mjERROR("actuator %d has an invalid transmission target", i);
      break;
    }

    int type = m->actuator_trntype[i];
    int nnz = 0;
    if (type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT) {
      mjtNum vals[6];
      int n = jointMoment(m, d, i, vals, d->actuator_length + i);
      int dof = m->jnt_dofadr[m->actuator_trnid[2 * i]];
      if (adr + n > m->nJmom) {
        mjERROR("moment arms exceed nJmom = %d", (int)m->nJmom);
        break;
      }
      for (int k = 0; k < n; k++) {
        d->moment_colind[adr + k] = dof + k;
        d->actuator_moment[adr + k] = vals[k];
      }
      nnz = n;
    } else {
      mj_actuatorMomentDense(m, d, i, dense, d->actuator_length + i);
      momentPattern(m, d, i, mask);
      for (int k = 0; k < nv; k++) {
        if (!mask[k] || dense[k] == 0) {
          continue;
        }
        if (adr + nnz >= m->nJmom) {
          mjERROR("moment arms exceed nJmom = %d", (int)m->nJmom);
          mj_freeStack(d);
          return;
        }
        d->moment_colind[adr + nnz] = k;
        d->actuator_moment[adr + nnz] = dense[k];
        nnz++;
      }
    }
    d->moment_rownnz[i] = nnz;
    adr += nnz;
  }
  mj_freeStack(d);
}
