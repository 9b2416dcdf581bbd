// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Analytic derivatives of the smooth forces with respect to qvel (qDeriv, D layout) and the
// factorizations used by the implicit integrators. See engine_derivative_smooth.h.

#include "engine/engine_derivative_smooth.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_dcmotor.h"
#include "engine/engine_forward.h"
#include "engine/engine_history.h"
#include "engine/engine_integrate.h"
#include "engine/engine_passive.h"
#include "engine/engine_passive_fluid.h"
#include "engine/engine_util_misc.h"
#include "engine/engine_util_sparse.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// the D pattern

namespace {

// qDeriv += scale * v' v for a sparse row vector v (values val, sorted columns ind, nnz
// entries), on the D pattern: pairs of dofs that are not ancestor/descendant are dropped.
void addOuterProduct(const mjModel* m, mjData* d, mjtNum scale, const mjtNum* val, const int* ind,
                     int nnz) {
  for (int a = 0; a < nnz; a++) {
    int row = ind[a];
    const int* cols = m->D_colind + m->D_rowadr[row];
    int rownnz = m->D_rownnz[row], p = 0;
    mjtNum sa = scale * val[a];
    for (int b = 0; b < nnz; b++) {
      while (p < rownnz && cols[p] < ind[b]) {
        p++;
      }
      if (p == rownnz) {
        break;
      }
      if (cols[p] == ind[b]) {
        d->qDeriv[m->D_rowadr[row] + p] += sa * val[b];
      }
    }
  }
}

int hasDamping(mjtNum a, const mjtNum* poly) {
  return a != 0 || poly[0] != 0 || poly[1] != 0;
}

// ---------------------------------------------------------------------------------------------
// actuators

// The scalar multiplied by the gain in the derivative. As in MuJoCo's qDeriv: the control as
// stored in mjData.ctrl, not clamped to ctrlrange (0 when some control is bad, as
// mj_fwdActuation reads them); the activation the force used: the next one with actearly
// (MuJoCo 3.5 changelog: the derivatives account for actearly).
mjtNum gainInput(const mjModel* m, const mjData* d, int i, int bad) {
  int adr = m->actuator_actadr[i], num = m->actuator_actnum[i];
  if (m->actuator_dyntype[i] == mjDYN_NONE || adr < 0 || num <= 0) {
    return bad ? 0 : mj_historyCtrl(m, d, i);
  }
  int last = adr + num - 1;
  if (m->actuator_actearly[i]) {
    return mj_nextActivation(m, d, i, last, d->act_dot[last]);
  }
  return d->act[last];
}

// a force clamped by forcerange does not change with the velocity (MuJoCo 3.5 changelog)
int forceClamped(const mjModel* m, const mjData* d, int i) {
  if (!m->actuator_forcelimited[i]) {
    return 0;
  }
  const mjtNum* range = m->actuator_forcerange + 2 * i;
  return d->actuator_force[i] <= range[0] || d->actuator_force[i] >= range[1];
}

// d(muscle gain)/d(velocity): gain = -F0 F_L(L) F_V(V) with V = vel / (L0 vmax), and F_V
// piecewise quadratic (engine_util_misc.h): F_V' = 2 (V + 1) on (-1, 0], 2 (y - V) / y on
// (0, y], y = fvmax - 1, and 0 elsewhere.
mjtNum muscleGainVel(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                     const mjtNum prm[9]) {
  mjtNum L0 = (lengthrange[1] - lengthrange[0]) / mjMAX(mjMINVAL, prm[1] - prm[0]);
  mjtNum L = prm[0] + (len - lengthrange[0]) / mjMAX(mjMINVAL, L0);
  mjtNum scale = 1 / mjMAX(mjMINVAL, L0 * prm[6]);
  mjtNum V = vel * scale, y = prm[8] - 1, dFV = 0;
  if (V > -1 && V <= 0) {
    dFV = 2 * (V + 1);
  } else if (V > 0 && V <= y) {
    dFV = 2 * (y - V) / mjMAX(mjMINVAL, y);
  }
  return -mju_muscleF0(acc0, prm) * mju_muscleFL(L, prm[4], prm[5]) * dFV * scale;
}

}  // namespace

// force_i = gain(v) * input + bias(v): dforce/dv = gain'(v) * input + bias'(v) for affine
// (gainprm[2], biasprm[2]) and muscle gains, mapped to joint space through the moment arms
// (v = moment_i . qvel); 0 for forces clamped by forcerange.
void mjd_actuatorVel(const mjModel* m, mjData* d) {
  int nu = m->nu;
  int bad = 0;
  for (int i = 0; i < nu; i++) {
    bad |= mju_isBad(d->ctrl[i]);
  }

  for (int i = 0; i < nu; i++) {
    if (mj_actuatorDisabled(m, i) || forceClamped(m, d, i)) {
      continue;
    }
    mjtNum gain_vel = 0, bias_vel = 0;
    switch (m->actuator_gaintype[i]) {
      case mjGAIN_AFFINE:
        gain_vel = m->actuator_gainprm[mjNGAIN * i + 2];
        break;
      case mjGAIN_MUSCLE:
        gain_vel = muscleGainVel(d->actuator_length[i], d->actuator_velocity[i],
                                 m->actuator_lengthrange + 2 * i, m->actuator_acc0[i],
                                 m->actuator_gainprm + mjNGAIN * i);
        break;
      default:
        break;
    }
    if (m->actuator_biastype[i] == mjBIAS_AFFINE) {
      bias_vel = m->actuator_biasprm[mjNBIAS * i + 2];
    }
    mjtNum slope = bias_vel + (gain_vel != 0 ? gain_vel * gainInput(m, d, i, bad) : 0);
    if (m->actuator_dyntype[i] == mjDYN_DCMOTOR) {
      slope = mj_dcmotorVelSlope(m, i);
    }
    if (slope == 0) {
      continue;
    }
    int adr = d->moment_rowadr[i];
    addOuterProduct(m, d, slope, d->actuator_moment + adr, d->moment_colind + adr,
                    d->moment_rownnz[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// passive forces

void mjd_passiveVel(const mjModel* m, mjData* d) {
  if (!mjDISABLED(mjDSBL_DAMPER)) {
    // dof damping: diagonal
    for (int i = 0; i < m->nv; i++) {
      const mjtNum* poly = m->dof_dampingpoly + mjNPOLY * i;
      if (hasDamping(m->dof_damping[i], poly)) {
        d->qDeriv[m->D_rowadr[i] + m->D_diag[i]] +=
            mj_damperSlope(d->qvel[i], m->dof_damping[i], poly);
      }
    }

    // tendon damping: force -f(J v) J'
    for (int t = 0; t < m->ntendon; t++) {
      const mjtNum* poly = m->tendon_dampingpoly + mjNPOLY * t;
      if (!hasDamping(m->tendon_damping[t], poly)) {
        continue;
      }
      mjtNum slope = mj_damperSlope(d->ten_velocity[t], m->tendon_damping[t], poly);
      int adr = m->ten_J_rowadr[t];
      addOuterProduct(m, d, slope, d->ten_J + adr, m->ten_J_colind + adr, m->ten_J_rownnz[t]);
    }

    // flex edge dampers: force -b (J v) J' (entries outside the D sparsity, between trees, are
    // left out as in MuJoCo)
    for (int f = 0; f < m->nflex; f++) {
      mjtNum b = m->flex_edgedamping[f];
      if (b == 0 || m->flex_rigid[f]) {
        continue;
      }
      for (int e = m->flex_edgeadr[f]; e < m->flex_edgeadr[f] + m->flex_edgenum[f]; e++) {
        if (!m->flexedge_rigid[e]) {
          int adr = m->flexedge_J_rowadr[e];
          addOuterProduct(m, d, -b, d->flexedge_J + adr, m->flexedge_J_colind + adr,
                          m->flexedge_J_rownnz[e]);
        }
      }
    }

    // actuator damping at joint and tendon targets: force -f(moment v) moment' (the moment
    // carries the gear, hence the gear^2 of XMLreference actuator/general/damping)
    for (int i = 0; i < m->nu; i++) {
      const mjtNum* poly = m->actuator_dampingpoly + mjNPOLY * i;
      int type = m->actuator_trntype[i];
      if (!hasDamping(m->actuator_damping[i], poly) ||
          (type != mjTRN_JOINT && type != mjTRN_TENDON)) {
        continue;
      }
      mjtNum slope = mj_damperSlope(d->actuator_velocity[i], m->actuator_damping[i], poly);
      int adr = d->moment_rowadr[i];
      addOuterProduct(m, d, slope, d->actuator_moment + adr, d->moment_colind + adr,
                      d->moment_rownnz[i]);
    }
  }

  // fluid forces (engine_passive_fluid.h; it applies the same enable conditions as mj_passive)
  mjd_fluidVel(m, d);
}

// ---------------------------------------------------------------------------------------------
// RNE

// Derivative of the bias force c(q, v) = RNE with qacc = 0 (engine_core_smooth_vel.cc), by
// differentiating each step of the recursion with respect to qvel:
//   cvel_b     = cvel_parent + sum_j cdof_j v_j                 -> d cvel_b / d v_k = cdof_k for
//                                                                 k on the chain of b
//   cdof_dot_j = vel_before_j x cdof_j                          -> (d vel_before_j/dv_k) x cdof_j
//   cacc_b     = cacc_parent + sum_j cdof_dot_j v_j
//   f_b        = I_b cacc_b + cvel_b x* (I_b cvel_b)
//   c_j        = cdof_j . sum_{b in subtree(body(j))} f_b
// The derivatives of cvel_b and cacc_b are nonzero only in the columns of the dofs on the chain
// of b (its ancestors' dofs and its own): they are stored as 6 x nchain(b) blocks at the offset
// of body b's row in the B layout, whose first nchain(b) columns are exactly that chain (sorted:
// ancestors' dofs, then b's own). Body b then adds -cdof_j' df_b/dv to the (j, k) elements of
// qDeriv for j, k on its chain, which lie on one ancestor path and so in the D pattern.

namespace {

// chain length of every body: nchain[b] = nchain[parent] + body_dofnum[b]
void chainLengths(const mjModel* m, int* nchain) {
  nchain[0] = 0;
  for (int b = 1; b < m->nbody; b++) {
    nchain[b] = nchain[m->body_parentid[b]] + m->body_dofnum[b];
  }
}

// the velocity and acceleration derivative blocks of body b (6 x n, column c at 6*c)
void rneVelBody(const mjModel* m, const mjData* d, int b, int nc_parent, int nc,
                const mjtNum* dvel_parent, const mjtNum* dacc_parent, mjtNum* dvel, mjtNum* dacc) {
  // start from the parent's blocks; the columns of b's own dofs start at zero
  mju_zero(dvel, 6 * nc);
  mju_zero(dacc, 6 * nc);
  if (nc_parent) {
    mju_copy(dvel, dvel_parent, 6 * nc_parent);
    mju_copy(dacc, dacc_parent, 6 * nc_parent);
  }

  // joints in order, as mj_comVel: a joint's cdof_dot uses the velocity before that joint
  // (after the translations for the rotation of a free joint)
  mjtNum dcdofdot[6];
  for (int k = 0; k < m->body_jntnum[b]; k++) {
    int jnt = m->body_jntadr[b] + k;
    int type = m->jnt_type[jnt];
    int dof = m->jnt_dofadr[jnt];
    int col = nc_parent + (dof - m->body_dofadr[b]);
    int ndof = type == mjJNT_FREE ? 6 : (type == mjJNT_BALL ? 3 : 1);
    int first_rot = 0;
    if (type == mjJNT_FREE) {
      // translational dofs: constant axes (cdof_dot = 0), they only add to the velocity
      for (int t = 0; t < 3; t++) {
        mju_copy(dvel + 6 * (col + t), d->cdof + 6 * (dof + t), 6);
      }
      first_rot = 3;
    }

    // rotational (or the single hinge/slide) dofs, all with the same velocity before them
    int ncol_before = col + first_rot;
    for (int t = first_rot; t < ndof; t++) {
      const mjtNum* cdof = d->cdof + 6 * (dof + t);
      mjtNum qv = d->qvel[dof + t];
      for (int c = 0; c < ncol_before; c++) {
        mju_crossMotion(dcdofdot, dvel + 6 * c, cdof);
        mju_addToScl(dacc + 6 * c, dcdofdot, qv, 6);
      }
      // d(cdof_dot_j v_j)/dv_j = cdof_dot_j
      mju_addTo(dacc + 6 * (col + t), d->cdof_dot + 6 * (dof + t), 6);
    }
    for (int t = first_rot; t < ndof; t++) {
      mju_copy(dvel + 6 * (col + t), d->cdof + 6 * (dof + t), 6);
    }
  }
}

// qDeriv(j, k) -= cdof_j . df[:, k] for j, k on the chain of body b (chain = first nc entries
// of B row b)
void rneVelProject(const mjModel* m, mjData* d, int b, int nc, const mjtNum* df) {
  const int* chain = m->B_colind + m->B_rowadr[b];
  for (int a = 0; a < nc; a++) {
    int j = chain[a];
    const mjtNum* cdof = d->cdof + 6 * j;
    int rowadr = m->D_rowadr[j];
    for (int c = 0; c < nc; c++) {
      // columns up to j are j's ancestors and j: the same prefix of the chain
      int p = c <= a ? rowadr + c : mju_indexD(m, j, chain[c]);
      if (p >= 0) {
        d->qDeriv[p] -= mju_dot(cdof, df + 6 * c, 6);
      }
    }
  }
}

}  // namespace

void mjd_rneVel(const mjModel* m, mjData* d) {
  int nbody = m->nbody, nv = m->nv;
  if (!nv) {
    return;
  }
  mj_markStack(d);
  int* nchain = mj_stackAllocInt(d, nbody);
  mjtNum* dvel = mj_stackAllocNum(d, 6 * m->nB);
  mjtNum* dacc = mj_stackAllocNum(d, 6 * m->nB);
  mjtNum* df = mj_stackAllocNum(d, 6 * nv);
  chainLengths(m, nchain);

  for (int b = 1; b < nbody; b++) {
    int parent = m->body_parentid[b], nc = nchain[b];
    if (nc == 0) {
      continue;  // welded to the world: no velocity dependence
    }
    mjtNum* bvel = dvel + 6 * m->B_rowadr[b];
    mjtNum* bacc = dacc + 6 * m->B_rowadr[b];
    rneVelBody(m, d, b, nchain[parent], nc, dvel + 6 * m->B_rowadr[parent],
               dacc + 6 * m->B_rowadr[parent], bvel, bacc);

    // df = I dacc + dvel x* (I cvel) + cvel x* (I dvel), column by column
    const mjtNum* inert = d->cinert + 10 * b;
    const mjtNum* cvel = d->cvel + 6 * b;
    mjtNum mom[6], tmp[6], idv[6];
    mju_mulInertVec(mom, inert, cvel);
    for (int c = 0; c < nc; c++) {
      mjtNum* dfc = df + 6 * c;
      mju_mulInertVec(dfc, inert, bacc + 6 * c);
      mju_crossForce(tmp, bvel + 6 * c, mom);
      mju_addTo(dfc, tmp, 6);
      mju_mulInertVec(idv, inert, bvel + 6 * c);
      mju_crossForce(tmp, cvel, idv);
      mju_addTo(dfc, tmp, 6);
    }
    rneVelProject(m, d, b, nc, df);
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// all smooth forces

void mjd_smoothVel(const mjModel* m, mjData* d, int flg_bias) {
  mju_zero(d->qDeriv, m->nD);
  if (!mjDISABLED(mjDSBL_ACTUATION)) {
    mjd_actuatorVel(m, d);
  }
  mjd_passiveVel(m, d);
  if (flg_bias) {
    mjd_rneVel(m, d);
  }
}

// ---------------------------------------------------------------------------------------------
// LU on the D pattern

namespace {

mjtNum safePivot(mjtNum p) {
  if (std::fabs(p) < mjMINVAL) {
    return p < 0 ? -mjMINVAL : mjMINVAL;
  }
  return p;
}

}  // namespace

// Eliminate k = nv-1 .. 0. Row k's entries left of the diagonal are its ancestors anc_0 <
// anc_1 < ... (its chain); at this point its descendants are already eliminated, so the update
// A(i, j) -= A(i,k) A(k,j) / A(k,k) only involves i, j in that chain: no fill. For i = anc_t,
// row i's entries left of the diagonal are anc_0 .. anc_{t-1}, so (i, anc_s) with s <= t sits at
// offset s of row i; entries right of the diagonal (descendants) are found by search.
void mjd_factorLU(const mjModel* m, mjtNum* LU) {
  for (int k = m->nv - 1; k >= 0; k--) {
    int adr = m->D_rowadr[k], nanc = m->D_diag[k];
    const int* anc = m->D_colind + adr;
    mjtNum pivot = safePivot(LU[adr + nanc]);
    LU[adr + nanc] = pivot;

    for (int t = 0; t < nanc; t++) {
      int i = anc[t];
      int pik = mju_indexD(m, i, k);
      mjtNum mult = LU[pik] / pivot;
      LU[pik] = mult;
      if (mult == 0) {
        continue;
      }
      int radr = m->D_rowadr[i];
      for (int s = 0; s < nanc; s++) {
        int p = s <= t ? radr + s : mju_indexD(m, i, anc[s]);
        LU[p] -= mult * LU[adr + s];
      }
    }
  }
}

// Forward: b_i -= sum_{k descendant of i} mult(i,k) b_k, for i from the leaves up (each b_k is
// final when its ancestors read it). Backward: x_k = (b_k - sum_{j ancestor of k} A(k,j) x_j) /
// A(k,k), from the roots down.
void mjd_solveLU(const mjModel* m, const mjtNum* LU, mjtNum* x) {
  int nv = m->nv;
  for (int i = nv - 1; i >= 0; i--) {
    int adr = m->D_rowadr[i], diag = adr + m->D_diag[i], end = adr + m->D_rownnz[i];
    mjtNum sum = 0;
    for (int p = diag + 1; p < end; p++) {
      sum += LU[p] * x[m->D_colind[p]];
    }
    x[i] -= sum;
  }
  for (int k = 0; k < nv; k++) {
    int adr = m->D_rowadr[k], diag = adr + m->D_diag[k];
    mjtNum sum = 0;
    for (int p = adr; p < diag; p++) {
      sum += LU[p] * x[m->D_colind[p]];
    }
    x[k] = (x[k] - sum) / LU[diag];
  }
}
