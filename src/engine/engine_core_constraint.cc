// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_makeConstraint: the rows of the constraint Jacobian, residuals and margins of all active
// scalar constraints (computation_index.rst "Constraint model"; layout and order in
// engine_core_constraint.h). The rows are built in two passes over the same code: the first
// only counts rows and Jacobian nonzeros, so that the efc arrays can be taken from the arena in
// one piece; the second fills them.

#include "engine/engine_core_constraint.h"

#include <math.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_collision_flex.h"
#include "engine/engine_io.h"
#include "engine/engine_sleep.h"
#include "engine/engine_support_jac.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// row builder

namespace {

// State of one pass. Every constraint hands its rows to addRows as a compressed Jacobian over
// a sorted list of columns (its dof chain); the dense layout scatters them into nv columns.
struct Builder {
  int emit;     // 0: count rows and nonzeros only; 1: write the efc arrays
  int sparse;   // mj_isSparse
  int nefc;     // rows so far
  int nnz;      // Jacobian entries so far
  mjtNum* jac;  // scratch: up to 10 compressed rows, then 6 contact components (16 nv)
  mjtNum* jp1;  // scratch: point Jacobians (3 nv each)
  mjtNum* jr1;
  mjtNum* jp2;
  mjtNum* jr2;
  int* chain;   // scratch: nv columns
  int* chain2;  // scratch: nv columns
};

// Appends nrow rows: Jacobian jac (nrow x n, row-major) over the columns chain[0..n), residual
// pos[r] (NULL: 0), and the common margin, friction loss, type and id.
void addRows(const mjModel* m, mjData* d, Builder* b, const mjtNum* jac, const int* chain, int n,
             int nrow, const mjtNum* pos, mjtNum margin, mjtNum frictionloss, int type, int id) {
  int nv = m->nv;
  if (mj_sleepSkipRow(m, d, chain, n)) {
    return;  // every dof of the rows is asleep (engine_sleep.h)
  }
  if (!b->emit) {
    b->nefc += nrow;
    b->nnz += nrow * (b->sparse ? n : nv);
    return;
  }
  for (int r = 0; r < nrow; r++) {
    int i = b->nefc + r;
    d->efc_type[i] = type;
    d->efc_id[i] = id;
    d->efc_pos[i] = pos ? pos[r] : 0;
    // the friction rows of an elliptic contact have neither residual nor margin
    d->efc_margin[i] = (r == 0 || type != mjCNSTR_CONTACT_ELLIPTIC) ? margin : 0;
    d->efc_frictionloss[i] = frictionloss;
    const mjtNum* src = jac + r * n;
    if (b->sparse) {
      d->efc_J_rownnz[i] = n;
      d->efc_J_rowadr[i] = b->nnz;
      d->efc_J_rowsuper[i] = 0;
      memcpy(d->efc_J_colind + b->nnz, chain, sizeof(int) * n);
      memcpy(d->efc_J + b->nnz, src, sizeof(mjtNum) * n);
      b->nnz += n;
    } else {
      mjtNum* row = d->efc_J + (size_t)i * nv;
      mju_zero(row, nv);
      for (int c = 0; c < n; c++) {
        row[chain[c]] += src[c];
      }
      b->nnz += nv;
    }
  }
  b->nefc += nrow;
}

// first row involving a tendon (see tendon_efcadr in engine_core_constraint.h)
void markTendon(mjData* d, const Builder* b, int t, int value) {
  if (b->emit && d->tendon_efcadr[t] < 0) {
    d->tendon_efcadr[t] = value;
  }
}

// sorted union of two sorted index lists; returns its length
int mergeSorted(int* res, const int* a, int na, const int* b, int nb) {
  int i = 0, j = 0, n = 0;
  while (i < na || j < nb) {
    if (j >= nb || (i < na && a[i] < b[j])) {
      res[n++] = a[i++];
    } else if (i >= na || b[j] < a[i]) {
      res[n++] = b[j++];
    } else {
      res[n++] = a[i++];
      j++;
    }
  }
  return n;
}

// position in a sorted list (the value is known to be present)
int findSorted(const int* list, int n, int value) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (list[mid] < value) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------
// equality constraints ("Constraint model / Equality")

// Connect (3 rows) and weld (6 rows). Position residual p1 - p2 with Jacobian J1(p1) - J2(p2).
// Weld orientation: with q1 the orientation body2 should have (body1's times relpose) and q2
// its actual one, the residual is torquescale * vec(e), e = q2^-1 q1 = (cos(t/2), sin(t/2) a).
// Its rate under angular velocities w1, w2 (world) is de/dt = (0, u) e / 2 with
// u = R2' (w1 - w2), so d vec(e)/dt = (e0 u + u x vec(e)) / 2: the rotation rows apply this
// map to each column u of R2' (jacr1 - jacr2).
void eqConnectWeld(const mjModel* m, mjData* d, Builder* b, int e) {
  mjEqFrames f;
  mj_eqFrames(m, d, e, &f);
  int weld = m->eq_type[e] == mjEQ_WELD, nrow = weld ? 6 : 3;
  int n = (b->emit || b->sparse) ? mj_mergeChain(m, b->chain, f.body[0], f.body[1]) : 0;
  if (!b->emit) {
    addRows(m, d, b, NULL, b->chain, n, nrow, NULL, 0, 0, mjCNSTR_EQUALITY, e);
    return;
  }

  mjtNum pos[6];
  mju_sub3(pos, f.pos[0], f.pos[1]);
  mj_jacSparse(m, d, b->jp1, b->jr1, f.pos[0], f.body[0], n, b->chain);
  mj_jacSparse(m, d, b->jp2, b->jr2, f.pos[1], f.body[1], n, b->chain);
  mju_sub(b->jac, b->jp1, b->jp2, 3 * n);

  if (weld) {
    mjtNum q2inv[4], err[4];
    mju_negQuat(q2inv, f.quat[1]);
    mju_mulQuat(err, q2inv, f.quat[0]);
    mju_scl3(pos + 3, err + 1, f.torquescale);
    mjtNum R2[9];  // frame of q2 (body2's, or site2's in the site form)
    mju_quat2Mat(R2, f.quat[1]);
    mjtNum* jrot = b->jac + 3 * n;
    for (int c = 0; c < n; c++) {
      mjtNum w[3], u[3], cr[3];
      for (int k = 0; k < 3; k++) {
        w[k] = b->jr1[k * n + c] - b->jr2[k * n + c];
      }
      mju_mulMatTVec3(u, R2, w);
      mju_cross(cr, u, err + 1);
      for (int k = 0; k < 3; k++) {
        jrot[k * n + c] = 0.5 * f.torquescale * (err[0] * u[k] + cr[k]);
      }
    }
  }
  addRows(m, d, b, b->jac, b->chain, n, nrow, pos, 0, 0, mjCNSTR_EQUALITY, e);
}

// quartic coupling y - y0 = a0 + a1 x + ... + a4 x^4 of eq_data (polycoef); returns the
// polynomial at x and its derivative in *slope
mjtNum polyCoupling(const mjtNum* a, mjtNum x, mjtNum* slope) {
  *slope = a[1] + x * (2 * a[2] + x * (3 * a[3] + x * 4 * a[4]));
  return a[0] + x * (a[1] + x * (a[2] + x * (a[3] + x * a[4])));
}

// Joint coupling (1 row): r = (y - y0) - poly(x - x0), J = e_dof1 - poly'(x - x0) e_dof2.
void eqJoint(const mjModel* m, mjData* d, Builder* b, int e) {
  int j1 = m->eq_obj1id[e], j2 = m->eq_obj2id[e];
  int dof[2] = {m->jnt_dofadr[j1], j2 >= 0 ? m->jnt_dofadr[j2] : -1};
  int n = 1;
  b->chain[0] = dof[0];
  if (j2 >= 0 && dof[1] != dof[0]) {
    b->chain[dof[1] < dof[0] ? 0 : 1] = dof[1];
    b->chain[dof[1] < dof[0] ? 1 : 0] = dof[0];
    n = 2;
  }
  if (!b->emit) {
    addRows(m, d, b, NULL, b->chain, n, 1, NULL, 0, 0, mjCNSTR_EQUALITY, e);
    return;
  }
  const mjtNum* coef = m->eq_data + mjNEQDATA * e;
  int a1 = m->jnt_qposadr[j1];
  mjtNum y = d->qpos[a1] - m->qpos0[a1], pos, slope = 0;
  if (j2 >= 0) {
    int a2 = m->jnt_qposadr[j2];
    pos = y - polyCoupling(coef, d->qpos[a2] - m->qpos0[a2], &slope);
  } else {
    pos = y - coef[0];
  }
  b->jac[0] = b->jac[1] = 0;
  b->jac[findSorted(b->chain, n, dof[0])] += 1;
  if (j2 >= 0) {
    b->jac[findSorted(b->chain, n, dof[1])] -= slope;
  }
  addRows(m, d, b, b->jac, b->chain, n, 1, &pos, 0, 0, mjCNSTR_EQUALITY, e);
}

// Tendon coupling (1 row): as the joint coupling, with lengths relative to tendon_length0 and
// the tendon Jacobian rows.
void eqTendon(const mjModel* m, mjData* d, Builder* b, int e) {
  int t1 = m->eq_obj1id[e], t2 = m->eq_obj2id[e];
  const int* c1 = m->ten_J_colind + m->ten_J_rowadr[t1];
  int n1 = m->ten_J_rownnz[t1], n = n1;
  memcpy(b->chain, c1, sizeof(int) * n1);
  if (t2 >= 0) {
    n = mergeSorted(b->chain, c1, n1, m->ten_J_colind + m->ten_J_rowadr[t2], m->ten_J_rownnz[t2]);
  }
  markTendon(d, b, t1, e);  // MuJoCo records the equality's index here, not its row
  if (t2 >= 0) {
    markTendon(d, b, t2, e);
  }
  if (!b->emit) {
    addRows(m, d, b, NULL, b->chain, n, 1, NULL, 0, 0, mjCNSTR_EQUALITY, e);
    return;
  }
  const mjtNum* coef = m->eq_data + mjNEQDATA * e;
  mjtNum y = d->ten_length[t1] - m->tendon_length0[t1], pos, slope = 0;
  if (t2 >= 0) {
    pos = y - polyCoupling(coef, d->ten_length[t2] - m->tendon_length0[t2], &slope);
  } else {
    pos = y - coef[0];
  }
  mju_zero(b->jac, n);
  int adr = m->ten_J_rowadr[t1];
  for (int k = 0; k < n1; k++) {
    b->jac[findSorted(b->chain, n, m->ten_J_colind[adr + k])] += d->ten_J[adr + k];
  }
  if (t2 >= 0) {
    adr = m->ten_J_rowadr[t2];
    for (int k = 0; k < m->ten_J_rownnz[t2]; k++) {
      b->jac[findSorted(b->chain, n, m->ten_J_colind[adr + k])] -= slope * d->ten_J[adr + k];
    }
  }
  addRows(m, d, b, b->jac, b->chain, n, 1, &pos, 0, 0, mjCNSTR_EQUALITY, e);
}

// Flex edge equality (one row per non-rigid edge of the flex, in edge order): r = length -
// length0, J = the edge Jacobian row (flexedge_J).
void eqFlex(const mjModel* m, mjData* d, Builder* b, int e) {
  int f = m->eq_obj1id[e];
  for (int i = m->flex_edgeadr[f]; i < m->flex_edgeadr[f] + m->flex_edgenum[f]; i++) {
    if (m->flexedge_rigid[i]) {
      continue;
    }
    int adr = m->flexedge_J_rowadr[i], n = m->flexedge_J_rownnz[i];
    memcpy(b->chain, m->flexedge_J_colind + adr, sizeof(int) * n);
    if (!b->emit) {
      addRows(m, d, b, NULL, b->chain, n, 1, NULL, 0, 0, mjCNSTR_EQUALITY, e);
      continue;
    }
    mjtNum pos = d->flexedge_length[i] - m->flexedge_length0[i];
    memcpy(b->jac, d->flexedge_J + adr, sizeof(mjtNum) * n);
    addRows(m, d, b, b->jac, b->chain, n, 1, &pos, 0, 0, mjCNSTR_EQUALITY, e);
  }
}

// Flexstrain equality (the rows of one cell, engine_core_constraint_flex.cc).
void eqFlexStrain(const mjModel* m, mjData* d, Builder* b, int e) {
  int n;
  if (!b->emit) {
    int nrow = mj_flexStrainRows(m, d, e, b->chain, &n, NULL, NULL);
    addRows(m, d, b, NULL, b->chain, n, nrow, NULL, 0, 0, mjCNSTR_EQUALITY, e);
    return;
  }
  mj_markStack(d);
  mjtNum* jac = mj_stackAllocNum(d, (size_t)3 * mjMAXFLEXNODES * m->nv);
  mjtNum* pos = mj_stackAllocNum(d, 3 * mjMAXFLEXNODES);
  int nrow = mj_flexStrainRows(m, d, e, b->chain, &n, jac, pos);
  addRows(m, d, b, jac, b->chain, n, nrow, pos, 0, 0, mjCNSTR_EQUALITY, e);
  mj_freeStack(d);
}

void equalityRows(const mjModel* m, mjData* d, Builder* b) {
  for (int e = 0; e < m->neq; e++) {
    if (!d->eq_active[e]) {
      continue;
    }
    switch (m->eq_type[e]) {
      case mjEQ_CONNECT:
      case mjEQ_WELD:
        eqConnectWeld(m, d, b, e);
        break;
      case mjEQ_JOINT:
        eqJoint(m, d, b, e);
        break;
      case mjEQ_TENDON:
        eqTendon(m, d, b, e);
        break;
      case mjEQ_FLEX:
        eqFlex(m, d, b, e);
        break;
      case mjEQ_FLEXSTRAIN:
        eqFlexStrain(m, d, b, e);
        break;
      default:
        break;  // flexvert equalities are not implemented (doc/conformance.md)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// friction loss ("Constraint model / Friction loss"): J = e_dof, or the tendon's moment arms

void tendonRow(const mjModel* m, const mjData* d, Builder* b, int t, mjtNum sign) {
  int adr = m->ten_J_rowadr[t], n = m->ten_J_rownnz[t];
  memcpy(b->chain, m->ten_J_colind + adr, sizeof(int) * n);
  if (b->emit) {
    for (int k = 0; k < n; k++) {
      b->jac[k] = sign * d->ten_J[adr + k];
    }
  }
}

void frictionRows(const mjModel* m, mjData* d, Builder* b) {
  for (int i = 0; i < m->nv; i++) {
    mjtNum loss = m->dof_frictionloss[i];
    if (loss > 0) {
      b->chain[0] = i;
      b->jac[0] = 1;
      addRows(m, d, b, b->jac, b->chain, 1, 1, NULL, 0, loss, mjCNSTR_FRICTION_DOF, i);
    }
  }
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum loss = m->tendon_frictionloss[t];
    if (loss > 0) {
      markTendon(d, b, t, b->nefc);
      tendonRow(m, d, b, t, 1);
      addRows(m, d, b, b->jac, b->chain, m->ten_J_rownnz[t], 1, NULL, 0, loss,
              mjCNSTR_FRICTION_TENDON, t);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// limits ("Constraint model / Limit"): the residual is the distance to the nearer side of the
// range, positive inside; a side becomes a row when its distance is below the margin. The row
// is the gradient of that distance: +J for the lower side, -J for the upper one.

void jointLimitRows(const mjModel* m, mjData* d, Builder* b) {
  for (int j = 0; j < m->njnt; j++) {
    if (!m->jnt_limited[j]) {
      continue;
    }
    int type = m->jnt_type[j], dof = m->jnt_dofadr[j];
    const mjtNum* range = m->jnt_range + 2 * j;
    mjtNum margin = m->jnt_margin[j];
    const mjtNum* q = d->qpos + m->jnt_qposadr[j];
    if (type == mjJNT_SLIDE || type == mjJNT_HINGE) {
      b->chain[0] = dof;
      for (int side = 0; side < 2; side++) {
        mjtNum dist = side == 0 ? q[0] - range[0] : range[1] - q[0];
        if (dist < margin) {
          b->jac[0] = side == 0 ? 1 : -1;
          addRows(m, d, b, b->jac, b->chain, 1, 1, &dist, margin, 0, mjCNSTR_LIMIT_JOINT, j);
        }
      }
    } else if (type == mjJNT_BALL) {
      // rotation angle t of the joint quaternion (its exponential map is t a); the limit is
      // on t <= max(range), with gradient -a on the three angular dofs
      mjtNum quat[4], rot[3];
      mju_copy4(quat, q);
      mju_normalize4(quat);
      mju_quat2Vel(rot, quat, 1);
      mjtNum angle = mju_normalize3(rot);
      mjtNum dist = mjMAX(range[0], range[1]) - angle;
      if (dist < margin) {
        for (int k = 0; k < 3; k++) {
          b->chain[k] = dof + k;
          b->jac[k] = -rot[k];
        }
        addRows(m, d, b, b->jac, b->chain, 3, 1, &dist, margin, 0, mjCNSTR_LIMIT_JOINT, j);
      }
    }
  }
}

void tendonLimitRows(const mjModel* m, mjData* d, Builder* b) {
  for (int t = 0; t < m->ntendon; t++) {
    if (!m->tendon_limited[t]) {
      continue;
    }
    const mjtNum* range = m->tendon_range + 2 * t;
    mjtNum margin = m->tendon_margin[t], len = d->ten_length[t];
    for (int side = 0; side < 2; side++) {
      mjtNum dist = side == 0 ? len - range[0] : range[1] - len;
      if (dist < margin) {
        markTendon(d, b, t, b->nefc);
        tendonRow(m, d, b, t, side == 0 ? 1 : -1);
        addRows(m, d, b, b->jac, b->chain, m->ten_J_rownnz[t], 1, &dist, margin, 0,
                mjCNSTR_LIMIT_TENDON, t);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// contacts ("Constraint model / Contact")

// Rows of contact i. S = J2(p) - J1(p) maps qvel to the velocity of geom2's body relative to
// geom1's at the contact point p (the force acts from geom1 on geom2); its translational and
// rotational parts are expressed in the contact frame (rows: normal, tangent1, tangent2).
// Elliptic: the rows are the first dim components of (translation; rotation), E = I.
// Pyramidal: edge pairs normal +- friction[k-1] * component k, k = 1 .. dim-1, where the
// components after the two tangents are the torsional and the two rolling rotations.
// Columns of a contact's rows: the dofs of either body's chain that are not common to both.
// A dof shared by both chains moves the contact point identically as part of either body, so
// its column of J(b1) - J(b2) vanishes and MuJoCo leaves it out of the sparse rows. Both chains
// are walked from their largest dof; once they meet, every remaining dof is common.
// last dof of the chain of body b (-1: none)
int chainEnd(const mjModel* m, int b) {
  while (b > 0 && m->body_dofnum[b] == 0) {
    b = m->body_parentid[b];
  }
  return b > 0 ? m->body_dofadr[b] + m->body_dofnum[b] - 1 : -1;
}

int contactChain(const mjModel* m, int* chain, int b1, int b2) {
  int a = chainEnd(m, b1), c = chainEnd(m, b2);
  int n = 0;
  while ((a >= 0 || c >= 0) && a != c) {
    int k = a > c ? a : c;
    chain[n++] = k;
    if (a == k) {
      a = m->dof_parentid[a];
    }
    if (c == k) {
      c = m->dof_parentid[c];
    }
  }
  for (int lo = 0, hi = n - 1; lo < hi; lo++, hi--) {
    int t = chain[lo];
    chain[lo] = chain[hi];
    chain[hi] = t;
  }
  return n;
}

void contactRows(const mjModel* m, mjData* d, Builder* b, int i) {
  mjContact* con = d->contact + i;
  if (con->exclude) {
    con->efc_address = -1;
    return;
  }
  int dim = con->dim;
  int flex = con->geom[0] < 0 || con->geom[1] < 0;
  if ((flex && con->flex[0] < 0 && con->flex[1] < 0) ||
      (dim != 1 && dim != 3 && dim != 4 && dim != 6)) {
    con->efc_address = -1;  // neither geom nor flex; invalid condim
    if (b->emit) {
      mjWARNING("contact %d skipped: geom %d, %d, condim %d", i, con->geom[0], con->geom[1], dim);
    }
    return;
  }
  int pyramidal = mj_isPyramidal(m) && dim > 1;
  int nrow = dim == 1 ? 1 : (pyramidal ? 2 * (dim - 1) : dim);
  int type = dim == 1 ? mjCNSTR_CONTACT_FRICTIONLESS
                      : (pyramidal ? mjCNSTR_CONTACT_PYRAMIDAL : mjCNSTR_CONTACT_ELLIPTIC);
  int b1 = flex ? -1 : m->geom_bodyid[con->geom[0]], b2 = flex ? -1 : m->geom_bodyid[con->geom[1]];
  // the dofs that move the two bodies relative to each other; none (two geoms of one body, e.g.
  // an explicit pair) leaves the contact without rows: exclude 3, "no dofs"
  int n;
  if (!b->emit && !b->sparse && !flex && d->ntree_awake == m->ntree) {
    // counting dense rows with every tree awake needs only whether the chain is empty: it is
    // exactly when both chains end at the same dof (or have none)
    n = chainEnd(m, b1) != chainEnd(m, b2);
  } else {
    n = flex ? mj_contactFlexJac(m, d, con, b->chain, NULL, NULL)
             : contactChain(m, b->chain, b1, b2);
  }
  if (n == 0) {
    con->exclude = 3;
    con->efc_address = -1;
    return;
  }
  if (!b->emit) {
    addRows(m, d, b, NULL, b->chain, n, nrow, NULL, 0, 0, type, i);
    return;
  }
  con->efc_address = b->nefc;
  // friction coefficient of the cone's normal/tangent ratio with impratio folded in (the
  // elliptic cone and its Hessian use it); 0 for frictionless contacts
  con->mu = dim > 1 ? con->friction[0] / sqrt(m->opt.impratio) : 0;

  // S in the contact frame: comp[k] (n columns), k = 0..dim-1 of (translation, rotation): the
  // rows use the first dim components only
  if (flex) {
    mj_contactFlexJac(m, d, con, b->chain, b->jp2, b->jr2);
  } else {
    mj_jacDifSparse(m, d, b->jp2, b->jr2, con->pos, b1, b2, n, b->chain);
  }
  mjtNum* comp = b->jac + 10 * n;  // after the (at most 10) rows
  for (int k = 0; k < dim; k++) {
    const mjtNum* axis = con->frame + 3 * (k % 3);
    const mjtNum* src = k < 3 ? b->jp2 : b->jr2;
    for (int c = 0; c < n; c++) {
      comp[k * n + c] = axis[0] * src[c] + axis[1] * src[n + c] + axis[2] * src[2 * n + c];
    }
  }

  mjtNum pos[10];
  for (int r = 0; r < nrow; r++) {
    pos[r] = (pyramidal || r == 0) ? con->dist : 0;
  }
  if (pyramidal) {
    for (int k = 1; k < dim; k++) {
      mjtNum mu = con->friction[k - 1];
      mjtNum* up = b->jac + 2 * (k - 1) * n;
      mjtNum* dn = up + n;
      for (int c = 0; c < n; c++) {
        up[c] = comp[c] + mu * comp[k * n + c];
        dn[c] = comp[c] - mu * comp[k * n + c];
      }
    }
  } else {
    memcpy(b->jac, comp, sizeof(mjtNum) * nrow * n);
  }
  addRows(m, d, b, b->jac, b->chain, n, nrow, pos, con->includemargin, 0, type, i);
}

void contactRowsAll(const mjModel* m, mjData* d, Builder* b) {
  for (int i = 0; i < d->ncon; i++) {
    contactRows(m, d, b, i);
  }
}

// one pass over all constraint types, in the order of the efc arrays
void buildRows(const mjModel* m, mjData* d, Builder* b) {
  b->nefc = b->nnz = 0;
  if (!mjDISABLED(mjDSBL_EQUALITY)) {
    equalityRows(m, d, b);
  }
  int ne = b->nefc;
  if (!mjDISABLED(mjDSBL_FRICTIONLOSS)) {
    frictionRows(m, d, b);
  }
  int nf = b->nefc - ne;
  if (!mjDISABLED(mjDSBL_LIMIT)) {
    jointLimitRows(m, d, b);
    tendonLimitRows(m, d, b);
  }
  int nl = b->nefc - ne - nf;
  if (!mjDISABLED(mjDSBL_CONTACT)) {
    contactRowsAll(m, d, b);
  }
  d->ne = ne;
  d->nf = nf;
  d->nl = nl;
}

// ---------------------------------------------------------------------------------------------
// arena

// Arrays written completely before anything reads them are not cleared first: efc_J (dense
// rows are cleared row by row as they are built), the row data of the builder (type, id,
// residual, margin, friction loss), the solver parameters of mj_makeImpedance (diagApprox,
// KBIP, R, D), tendon_efcadr (set to -1 before the rows are built) and, in the sparse layout,
// the CSR arrays. The dense layout keeps its CSR arrays zero, and the arrays of the later stages
// (efc_vel, efc_aref, efc_b, efc_state, efc_force) start at zero.
enum EfcClear { kClear, kWritten, kWrittenIfSparse };

constexpr bool sameName(const char* a, const char* b) {
  while (*a && *a == *b) {
    a++;
    b++;
  }
  return *a == *b;
}

constexpr EfcClear efcClear(const char* name) {
  const char* written[] = {
      "efc_J",          "efc_type", "efc_id", "efc_pos", "efc_margin",   "efc_frictionloss",
      "efc_diagApprox", "efc_KBIP", "efc_D",  "efc_R",   "tendon_efcadr"};
  const char* csr[] = {"efc_J_rownnz", "efc_J_rowadr", "efc_J_rowsuper", "efc_J_colind"};
  for (const char* w : written) {
    if (sameName(name, w)) {
      return kWritten;
    }
  }
  for (const char* w : csr) {
    if (sameName(name, w)) {
      return kWrittenIfSparse;
    }
  }
  return kClear;
}

// Takes the MJDATA_ARENA_POINTERS_SOLVER arrays for d->nefc rows and d->nJ Jacobian entries
// from the arena and zeroes them (except those of efcClear). Returns 0 (arena unchanged,
// pointers NULL) when full.
int allocEfc(const mjModel* m, mjData* d) {
  size_t parena = d->parena;
  int ok = 1, sparse = mj_isSparse(m);
#undef MJ_M
#define MJ_M(n) m->n
#undef MJ_D
#define MJ_D(n) d->n
#define X(type, name, nr, nc)                                          \
  if (ok) {                                                            \
    size_t bytes = sizeof(type) * (size_t)(nr) * (nc);                 \
    d->name = (type*)mj_arenaAllocByte(d, bytes, 8);                   \
    if (d->name) {                                                     \
      constexpr EfcClear clear = efcClear(#name);                      \
      if (clear == kClear || (clear == kWrittenIfSparse && !sparse)) { \
        memset(d->name, 0, bytes);                                     \
      }                                                                \
    } else {                                                           \
      ok = 0;                                                          \
    }                                                                  \
  }
  MJDATA_ARENA_POINTERS_SOLVER
#undef X
  if (!ok) {
    d->parena = parena;
#define X(type, name, nr, nc) d->name = NULL;
    MJDATA_ARENA_POINTERS_SOLVER
#undef X
  }
#undef MJ_M
#define MJ_M(n) n
#undef MJ_D
#define MJ_D(n) n
  return ok;
}

void emptyEfc(mjData* d) {
  d->ne = d->nf = d->nl = d->nefc = d->nJ = 0;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// mj_makeConstraint

void mj_makeConstraint(const mjModel* m, mjData* d) {
  int nv = m->nv;
  emptyEfc(d);
  if (mjDISABLED(mjDSBL_CONSTRAINT)) {
    for (int i = 0; i < d->ncon; i++) {
      d->contact[i].efc_address = -1;
    }
    return;
  }

  mj_markStack(d);
  Builder b;
  b.sparse = mj_isSparse(m);
  b.jac = mj_stackAllocNum(d, 16 * (size_t)mjMAX(nv, 1));
  b.jp1 = mj_stackAllocNum(d, 3 * (size_t)mjMAX(nv, 1));
  b.jr1 = mj_stackAllocNum(d, 3 * (size_t)mjMAX(nv, 1));
  b.jp2 = mj_stackAllocNum(d, 3 * (size_t)mjMAX(nv, 1));
  b.jr2 = mj_stackAllocNum(d, 3 * (size_t)mjMAX(nv, 1));
  b.chain = mj_stackAllocInt(d, mjMAX(nv, 1));
  b.chain2 = mj_stackAllocInt(d, mjMAX(nv, 1));

  // pass 1: sizes
  b.emit = 0;
  buildRows(m, d, &b);
  int nefc = b.nefc, nnz = b.nnz;
  emptyEfc(d);

  // the arena
  d->nefc = nefc;
  d->nJ = nnz;
  if (!allocEfc(m, d)) {
    mj_warning(d, mjWARN_CNSTRFULL, (int)d->narena);
    emptyEfc(d);
    for (int i = 0; i < d->ncon; i++) {
      d->contact[i].efc_address = -1;
    }
    mj_freeStack(d);
    return;
  }
  for (int t = 0; t < m->ntendon; t++) {
    d->tendon_efcadr[t] = -1;
  }

  // pass 2: the rows
  b.emit = 1;
  buildRows(m, d, &b);
  if (b.nefc != nefc || b.nnz != nnz) {
    mjERROR("internal: %d rows / %d nonzeros counted, %d / %d built", nefc, nnz, b.nefc, b.nnz);
  }
  mj_freeStack(d);

  mj_makeImpedance(m, d);
  mj_arenaUpdateMaxUse(d);
}
