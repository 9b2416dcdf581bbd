// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tendon lengths, Jacobians and paths (engine_core_tendon.h).

#include "engine/engine_core_tendon.h"

#include <mujoco/mujoco.h>

#include "engine/engine_support_jac.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// Jacobian row helpers

namespace {

// position of dof `dof` in the (increasing) column list of a sparse row; -1 if absent
int findColumn(const int* colind, int nnz, int dof) {
  int lo = 0, hi = nnz - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (colind[mid] == dof) {
      return mid;
    }
    if (colind[mid] < dof) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return -1;
}

// state of one spatial tendon while its path is traced
struct PathTrace {
  int n;              // nonzeros of the tendon's Jacobian row
  const int* colind;  // its columns
  mjtNum* J;          // its values
  mjtNum* jac0;       // scratch, 3 x n
  mjtNum* jac1;       // scratch, 3 x n
  mjtNum length;      // accumulated length
  mjtNum divisor;     // divisor of the current branch
};

// Straight piece from point x0 on body b0 to x1 on body b1: adds |x1-x0| / divisor to the length
// and u' (J(x1) - J(x0)) / divisor to the Jacobian row (u the unit direction).
void addPiece(const mjModel* m, const mjData* d, PathTrace* tr, const mjtNum x0[3], int b0,
              const mjtNum x1[3], int b1) {
  mjtNum u[3];
  mju_sub3(u, x1, x0);
  mjtNum len = mju_normalize3(u);  // coincident points: u = (1, 0, 0), as MuJoCo
  tr->length += len / tr->divisor;
  if (tr->n == 0) {
    return;
  }
  int n = tr->n;
  mj_jacSparse(m, d, tr->jac0, nullptr, x0, b0, n, tr->colind);
  mj_jacSparse(m, d, tr->jac1, nullptr, x1, b1, n, tr->colind);
  for (int k = 0; k < n; k++) {
    mjtNum dv = u[0] * (tr->jac1[k] - tr->jac0[k]) + u[1] * (tr->jac1[n + k] - tr->jac0[n + k]) +
                u[2] * (tr->jac1[2 * n + k] - tr->jac0[2 * n + k]);
    tr->J[k] += dv / tr->divisor;
  }
}

// records one path point
void addPoint(mjData* d, int* npoint, const mjtNum* pos, int obj) {
  int i = (*npoint)++;
  if (pos) {
    mju_copy3(d->wrap_xpos + 3 * i, pos);
  } else {
    mju_zero3(d->wrap_xpos + 3 * i);
  }
  d->wrap_obj[i] = obj;
}

// ---------------------------------------------------------------------------------------------
// fixed and spatial tendons

// fixed tendon: length = sum coef * qpos, Jacobian = coef at each joint's dof
void fixedTendon(const mjModel* m, mjData* d, int t) {
  int adr = m->tendon_adr[t], num = m->tendon_num[t];
  int jadr = m->ten_J_rowadr[t], nnz = m->ten_J_rownnz[t];
  mjtNum len = 0;
  for (int w = adr; w < adr + num; w++) {
    int j = m->wrap_objid[w];
    mjtNum coef = m->wrap_prm[w];
    len += coef * d->qpos[m->jnt_qposadr[j]];
    int k = findColumn(m->ten_J_colind + jadr, nnz, m->jnt_dofadr[j]);
    if (k >= 0) {
      d->ten_J[jadr + k] += coef;
    }
  }
  d->ten_length[t] = len;
}

// spatial tendon: pieces between consecutive sites, around wrapping geoms, per branch
void spatialTendon(const mjModel* m, mjData* d, int t, int* npoint) {
  int adr = m->tendon_adr[t], end = adr + m->tendon_num[t];
  int nnz = m->ten_J_rownnz[t];

  mj_markStack(d);
  PathTrace tr;
  tr.n = nnz;
  tr.colind = m->ten_J_colind + m->ten_J_rowadr[t];
  tr.J = d->ten_J + m->ten_J_rowadr[t];
  tr.jac0 = mj_stackAllocNum(d, 3 * (nnz > 0 ? nnz : 1));
  tr.jac1 = mj_stackAllocNum(d, 3 * (nnz > 0 ? nnz : 1));
  tr.length = 0;
  tr.divisor = 1;

  int prev = -1;  // previous site of the branch
  for (int w = adr; w < end; w++) {
    int type = m->wrap_type[w];
    if (type == mjWRAP_PULLEY) {
      addPoint(d, npoint, nullptr, -2);
      tr.divisor = m->wrap_prm[w];
      prev = -1;
      continue;
    }
    if (type == mjWRAP_SITE) {
      int s = m->wrap_objid[w];
      addPoint(d, npoint, d->site_xpos + 3 * s, -1);
      if (prev >= 0) {
        addPiece(m, d, &tr, d->site_xpos + 3 * prev, m->site_bodyid[prev], d->site_xpos + 3 * s,
                 m->site_bodyid[s]);
      }
      prev = s;
      continue;
    }

    // wrapping geom between site prev and the next site (the compiler guarantees both)
    if ((type != mjWRAP_SPHERE && type != mjWRAP_CYLINDER) || prev < 0 || w + 1 >= end ||
        m->wrap_type[w + 1] != mjWRAP_SITE) {
      mjERROR("tendon %d: invalid path element %d", t, w - adr);
      break;
    }
    int g = m->wrap_objid[w], next = m->wrap_objid[w + 1];
    int side = (int)m->wrap_prm[w];
    const mjtNum* x0 = d->site_xpos + 3 * prev;
    const mjtNum* x1 = d->site_xpos + 3 * next;
    int b0 = m->site_bodyid[prev], b1 = m->site_bodyid[next], bg = m->geom_bodyid[g];
    mjtNum wpnt[6];
    mjtNum wlen =
        mju_wrapGeom(wpnt, x0, x1, d->geom_xpos + 3 * g, d->geom_xmat + 9 * g, m->geom_size[3 * g],
                     type, side >= 0 ? d->site_xpos + 3 * side : nullptr);
    if (wlen < 0) {
      addPiece(m, d, &tr, x0, b0, x1, b1);
    } else {
      addPoint(d, npoint, wpnt, g);
      addPoint(d, npoint, wpnt + 3, g);
      addPiece(m, d, &tr, x0, b0, wpnt, bg);
      tr.length += wlen / tr.divisor;
      addPiece(m, d, &tr, wpnt + 3, bg, x1, b1);
    }

    // the next site ends this piece and starts the following one
    addPoint(d, npoint, x1, -1);
    prev = next;
    w++;
  }

  d->ten_length[t] = tr.length;
  mj_freeStack(d);
}

}  // namespace

void mj_tendon(const mjModel* m, mjData* d) {
  int ntendon = m->ntendon;
  if (!ntendon) {
    return;
  }
  mju_zero(d->ten_length, ntendon);
  mju_zero(d->ten_J, m->nJten);
  int npoint = 0;
  for (int t = 0; t < ntendon; t++) {
    d->ten_wrapadr[t] = npoint;
    int num = m->tendon_num[t];
    if (num > 0 && m->wrap_type[m->tendon_adr[t]] == mjWRAP_JOINT) {
      fixedTendon(m, d, t);
    } else if (num > 0) {
      spatialTendon(m, d, t, &npoint);
    }
    d->ten_wrapnum[t] = npoint - d->ten_wrapadr[t];
  }
}

// ---------------------------------------------------------------------------------------------
// Jacobian time derivative and armature bias

namespace {

// world velocity of a point attached to body b
void pointVelocity(const mjModel* m, const mjData* d, const mjtNum x[3], int b, mjtNum v[3]) {
  mjtNum motion[6];
  mj_transportMotion(m, d, d->cvel + 6 * b, x, b, motion);
  mju_copy3(v, motion + 3);
}

// piece x0 (body b0) -> x1 (body b1): Jdot += (udot' (J1 - J0) + u' (Jdot1 - Jdot0)) / divisor
void addPieceDot(const mjModel* m, mjData* d, const mjtNum x0[3], int b0, const mjtNum x1[3],
                 int b1, mjtNum divisor, mjtNum* Jdot, mjtNum* jac0, mjtNum* jac1, mjtNum* dot0,
                 mjtNum* dot1) {
  int nv = m->nv;
  mjtNum u[3], v0[3], v1[3], dv[3], udot[3];
  mju_sub3(u, x1, x0);
  mjtNum len = mju_normalize3(u);
  if (len < mjMINVAL) {
    return;
  }
  pointVelocity(m, d, x0, b0, v0);
  pointVelocity(m, d, x1, b1, v1);
  mju_sub3(dv, v1, v0);
  mju_addScl3(udot, dv, u, -mju_dot3(u, dv));
  mju_scl3(udot, udot, 1 / len);

  mj_jac(m, d, jac0, nullptr, x0, b0);
  mj_jac(m, d, jac1, nullptr, x1, b1);
  mj_jacDot(m, d, dot0, nullptr, x0, b0);
  mj_jacDot(m, d, dot1, nullptr, x1, b1);
  for (int k = 0; k < nv; k++) {
    mjtNum sum = 0;
    for (int i = 0; i < 3; i++) {
      sum += udot[i] * (jac1[i * nv + k] - jac0[i * nv + k]) +
             u[i] * (dot1[i * nv + k] - dot0[i * nv + k]);
    }
    Jdot[k] += sum / divisor;
  }
}

}  // namespace

void mj_tendonDot(const mjModel* m, mjData* d, int t, mjtNum* Jdot) {
  int nv = m->nv;
  mju_zero(Jdot, nv);
  if (t < 0 || t >= m->ntendon) {
    mjERROR("invalid tendon %d", t);
    return;
  }
  int adr = m->tendon_adr[t], end = adr + m->tendon_num[t];
  if (end == adr || m->wrap_type[adr] == mjWRAP_JOINT) {
    return;  // fixed tendons have a constant Jacobian
  }

  mj_markStack(d);
  mjtNum* jac0 = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jac1 = mj_stackAllocNum(d, 3 * nv);
  mjtNum* dot0 = mj_stackAllocNum(d, 3 * nv);
  mjtNum* dot1 = mj_stackAllocNum(d, 3 * nv);
  mjtNum divisor = 1;
  int prev = -1;
  for (int w = adr; w < end; w++) {
    int type = m->wrap_type[w];
    if (type == mjWRAP_PULLEY) {
      divisor = m->wrap_prm[w];
      prev = -1;
    } else if (type == mjWRAP_SITE) {
      int s = m->wrap_objid[w];
      if (prev >= 0) {
        addPieceDot(m, d, d->site_xpos + 3 * prev, m->site_bodyid[prev], d->site_xpos + 3 * s,
                    m->site_bodyid[s], divisor, Jdot, jac0, jac1, dot0, dot1);
      }
      prev = s;
    }
  }
  mj_freeStack(d);
}

mjtNum mj_actuatorArmature(const mjModel* m, int id, int tendon) {
  int act = tendon ? m->tendon_actuatorid[id] : m->jnt_actuatorid[id];
  if (act == -1) {
    return 0;
  }
  mjtNum armature = 0;
  int first = act >= 0 ? act : 0, last = act >= 0 ? act + 1 : m->nu;
  for (int i = first; i < last; i++) {
    int type = m->actuator_trntype[i];
    bool target =
        tendon ? type == mjTRN_TENDON : type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT;
    if (target && m->actuator_trnid[2 * i] == id && m->actuator_armature[i] != 0) {
      mjtNum gear = m->actuator_gear[6 * i];
      armature += m->actuator_armature[i] * (gear * gear);
    }
  }
  return armature;
}

mjtNum mj_tendonArmature(const mjModel* m, int t) {
  if (m->tendon_actuatorid[t] == -1) {
    return m->tendon_armature[t];
  }
  return m->tendon_armature[t] + mj_actuatorArmature(m, t, 1);
}

void mj_tendonBias(const mjModel* m, mjData* d, mjtNum* res) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* Jdot = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum armature = mj_tendonArmature(m, t);
    if (armature == 0) {
      continue;
    }
    mj_tendonDot(m, d, t, Jdot);
    mjtNum scl = armature * mju_dot(Jdot, d->qvel, nv);
    int adr = m->ten_J_rowadr[t], nnz = m->ten_J_rownnz[t];
    for (int k = 0; k < nnz; k++) {
      res[m->ten_J_colind[adr + k]] += scl * d->ten_J[adr + k];
    }
  }
  mj_freeStack(d);
}
