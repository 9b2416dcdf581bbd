// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Kinematic Jacobians, momenta and object velocities (engine_support_jac.h).

#include "engine/engine_support_jac.h"

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_sparse.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// dof chains

namespace {

// last dof of body b or of its nearest ancestor with dofs; -1 if none (world-welded)
int lastDof(const mjModel* m, int b) {
  while (b > 0 && m->body_dofnum[b] == 0) {
    b = m->body_parentid[b];
  }
  return b > 0 ? m->body_dofadr[b] + m->body_dofnum[b] - 1 : -1;
}

// reverse an int array in place
void reverseInts(int* a, int n) {
  for (int i = 0, j = n - 1; i < j; i++, j--) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

}  // namespace

int mj_bodyChain(const mjModel* m, int body, int* chain) {
  int n = 0;
  for (int k = lastDof(m, body); k >= 0; k = m->dof_parentid[k]) {
    chain[n++] = k;
  }
  reverseInts(chain, n);
  return n;
}

int mj_mergeChain(const mjModel* m, int* chain, int b1, int b2) {
  // walk both chains from their largest dof down; the larger index is never an ancestor of the
  // smaller one, so taking the maximum at each step lists the union in decreasing order
  int a = lastDof(m, b1), b = lastDof(m, b2), n = 0;
  while (a >= 0 || b >= 0) {
    int k = a > b ? a : b;
    chain[n++] = k;
    if (a == k) {
      a = m->dof_parentid[a];
    }
    if (b == k) {
      b = m->dof_parentid[b];
    }
  }
  reverseInts(chain, n);
  return n;
}

namespace {

// is body b in the subtree of body root (b == root included)?
int inSubtree(const mjModel* m, int b, int root) {
  while (b > root) {
    b = m->body_parentid[b];
  }
  return b == root;
}

// ---------------------------------------------------------------------------------------------
// point Jacobians

// column of a point Jacobian for dof k: (translation; rotation) of the point under unit qvel_k
// (written out: the same operations as mju_cross then mju_addTo3)
inline void jacColumn(const mjData* d, int k, const mjtNum r[3], mjtNum lin[3], mjtNum ang[3]) {
  const mjtNum* cdof = d->cdof + 6 * k;
  lin[0] = (cdof[1] * r[2] - cdof[2] * r[1]) + cdof[3];
  lin[1] = (cdof[2] * r[0] - cdof[0] * r[2]) + cdof[4];
  lin[2] = (cdof[0] * r[1] - cdof[1] * r[0]) + cdof[5];
  ang[0] = cdof[0];
  ang[1] = cdof[1];
  ang[2] = cdof[2];
}

}  // namespace

void mj_jacSparse(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                  const mjtNum point[3], int body, int n, const int* chain) {
  if (jacp) {
    mju_zero(jacp, 3 * n);
  }
  if (jacr) {
    mju_zero(jacr, 3 * n);
  }
  mjtNum r[3];
  mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[body]);

  // chain and the body's own chain are both increasing: walk the body's chain downward
  int k = lastDof(m, body), c = n - 1;
  while (k >= 0 && c >= 0) {
    if (chain[c] > k) {
      c--;
    } else if (chain[c] < k) {
      k = m->dof_parentid[k];
    } else {
      mjtNum lin[3], ang[3];
      jacColumn(d, k, r, lin, ang);
      for (int t = 0; t < 3; t++) {
        if (jacp) {
          jacp[t * n + c] = lin[t];
        }
        if (jacr) {
          jacr[t * n + c] = ang[t];
        }
      }
      k = m->dof_parentid[k];
      c--;
    }
  }
}

// Walks the chains of both bodies down from their last dofs next to the merged chain. A column
// in one chain only is lin2 - 0 = lin2 or 0 - lin1 (written as a subtraction, which keeps the
// sign of zero that jac2 - jac1 would produce). A dof in both chains moves both bodies, which
// are then in one tree: the same reference point, the same column, and a difference of exactly
// zero (for finite values).
void mj_jacDifSparse(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                     const mjtNum point[3], int b1, int b2, int n, const int* chain) {
  mjtNum r1[3], r2[3];
  mju_sub3(r1, point, d->subtree_com + 3 * m->body_rootid[b1]);
  mju_sub3(r2, point, d->subtree_com + 3 * m->body_rootid[b2]);
  int k1 = lastDof(m, b1), k2 = lastDof(m, b2);
  for (int c = n - 1; c >= 0; c--) {
    int k = chain[c];
    while (k1 > k) {
      k1 = m->dof_parentid[k1];
    }
    while (k2 > k) {
      k2 = m->dof_parentid[k2];
    }
    mjtNum lin[3], ang[3];
    if (k1 == k && k2 == k) {
      for (int t = 0; t < 3; t++) {
        jacp[t * n + c] = jacr[t * n + c] = 0;
      }
      continue;
    }
    if (k2 == k) {
      jacColumn(d, k, r2, lin, ang);
      for (int t = 0; t < 3; t++) {
        jacp[t * n + c] = lin[t];
        jacr[t * n + c] = ang[t];
      }
    } else {
      jacColumn(d, k, r1, lin, ang);
      for (int t = 0; t < 3; t++) {
        jacp[t * n + c] = 0 - lin[t];
        jacr[t * n + c] = 0 - ang[t];
      }
    }
  }
}

void mj_jac(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, const mjtNum point[3],
            int body) {
  int nv = m->nv;
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  if (jacp) {
    mju_zero(jacp, 3 * nv);
  }
  if (jacr) {
    mju_zero(jacr, 3 * nv);
  }
  mjtNum r[3];
  mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[body]);
  for (int k = lastDof(m, body); k >= 0; k = m->dof_parentid[k]) {
    mjtNum lin[3], ang[3];
    jacColumn(d, k, r, lin, ang);
    for (int t = 0; t < 3; t++) {
      if (jacp) {
        jacp[t * nv + k] = lin[t];
      }
      if (jacr) {
        jacr[t * nv + k] = ang[t];
      }
    }
  }
}

void mj_jacBody(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body) {
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  mj_jac(m, d, jacp, jacr, d->xpos + 3 * body, body);
}

void mj_jacBodyCom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body) {
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  mj_jac(m, d, jacp, jacr, d->xipos + 3 * body, body);
}

void mj_jacGeom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int geom) {
  if (geom < 0 || geom >= m->ngeom) {
    mjERROR("invalid geom %d", geom);
    return;
  }
  mj_jac(m, d, jacp, jacr, d->geom_xpos + 3 * geom, m->geom_bodyid[geom]);
}

void mj_jacSite(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int site) {
  if (site < 0 || site >= m->nsite) {
    mjERROR("invalid site %d", site);
    return;
  }
  mj_jac(m, d, jacp, jacr, d->site_xpos + 3 * site, m->site_bodyid[site]);
}

// Jacobian of subtree_com[b] = sum_j m_j xipos_j / M_b over the subtree. A dof k of a body
// inside the subtree moves exactly the subtree of its own body, whose mass-weighted points sum to
// M_k (lin_k + rot_k x (C_k - c)); a dof above b moves all of it: M_b (lin_k + rot_k x (C_b - c)).
void mj_jacSubtreeCom(const mjModel* m, mjData* d, mjtNum* jacp, int body) {
  int nv = m->nv;
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  mjtNum mass = m->body_subtreemass[body];
  if (mass < mjMINVAL) {
    mj_jac(m, d, jacp, nullptr, d->subtree_com + 3 * body, body);
    return;
  }
  mju_zero(jacp, 3 * nv);

  for (int k = 0; k < nv; k++) {
    int bk = m->dof_bodyid[k];
    mjtNum weight;
    const mjtNum* point;
    if (inSubtree(m, bk, body)) {
      weight = m->body_subtreemass[bk] / mass;
      point = d->subtree_com + 3 * bk;
    } else if (inSubtree(m, body, bk)) {
      weight = 1;
      point = d->subtree_com + 3 * body;
    } else {
      continue;
    }
    mjtNum r[3], lin[3], ang[3];
    mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[bk]);
    jacColumn(d, k, r, lin, ang);
    for (int t = 0; t < 3; t++) {
      jacp[t * nv + k] = weight * lin[t];
    }
  }
}

// jacAxis: rate of a world axis attached to the body, a_dot = w x a, so column k = rot_k x axis
void mj_jacPointAxis(const mjModel* m, mjData* d, mjtNum* jacPoint, mjtNum* jacAxis,
                     const mjtNum point[3], const mjtNum axis[3], int body) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* jacr = mj_stackAllocNum(d, 3 * nv);
  mj_jac(m, d, jacPoint, jacr, point, body);
  if (jacAxis) {
    for (int k = 0; k < nv; k++) {
      mjtNum w[3] = {jacr[k], jacr[nv + k], jacr[2 * nv + k]}, col[3];
      mju_cross(col, w, axis);
      for (int t = 0; t < 3; t++) {
        jacAxis[t * nv + k] = col[t];
      }
    }
  }
  mj_freeStack(d);
}

namespace {

// time derivative of mj_jac: with c held fixed (the convention of cdof_dot),
//   d/dt (lin_k + rot_k x (p - c)) = lin_dot_k + rot_dot_k x (p - c) + rot_k x p_dot,
// p_dot being the velocity of the point as attached to the body. The rotational dofs of ball and
// free joints turn with the joint's own rotation too: their rate is v x cdof with v the velocity
// of the body up to and including that joint (cvel without the body's later joints; as in MuJoCo
// 3.8), whereas cdof_dot, made for the recursive accelerations, uses the velocity before the
// joint (the two differ by v_joint x cdof, which cancels in sum_k cdof_dot_k qvel_k).
void jacDotColumn(const mjModel* m, const mjData* d, int k, mjtNum cdot[6]) {
  int j = m->dof_jntid[k], type = m->jnt_type[j];
  bool rotational = type == mjJNT_BALL || (type == mjJNT_FREE && k >= m->jnt_dofadr[j] + 3);
  if (rotational) {
    int b = m->dof_bodyid[k];
    mjtNum v[6];
    mju_copy(v, d->cvel + 6 * b, 6);
    int last = m->body_dofadr[b] + m->body_dofnum[b];
    for (int i = m->jnt_dofadr[j] + (type == mjJNT_FREE ? 6 : 3); i < last; i++) {
      mju_addToScl(v, d->cdof + 6 * i, -d->qvel[i], 6);
    }
    mju_crossMotion(cdot, v, d->cdof + 6 * k);
  } else {
    mju_copy(cdot, d->cdof_dot + 6 * k, 6);
  }
}

}  // namespace

void mj_jacDot(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, const mjtNum point[3],
               int body) {
  int nv = m->nv;
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  if (jacp) {
    mju_zero(jacp, 3 * nv);
  }
  if (jacr) {
    mju_zero(jacr, 3 * nv);
  }

  mjtNum r[3], pvel[6];
  mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[body]);
  mj_transportMotion(m, d, d->cvel + 6 * body, point, body, pvel);

  for (int k = lastDof(m, body); k >= 0; k = m->dof_parentid[k]) {
    const mjtNum* cdof = d->cdof + 6 * k;
    mjtNum cdot[6], lin[3], tmp[3];
    jacDotColumn(m, d, k, cdot);
    mju_cross(lin, cdot, r);
    mju_addTo3(lin, cdot + 3);
    mju_cross(tmp, cdof, pvel + 3);
    mju_addTo3(lin, tmp);
    for (int t = 0; t < 3; t++) {
      if (jacp) {
        jacp[t * nv + k] = lin[t];
      }
      if (jacr) {
        jacr[t * nv + k] = cdot[t];
      }
    }
  }
}

// subtree angular momentum about subtree_com[b] is linear in qvel:
//   H = sum_j (R_j diag(I_j) R_j' Jr_j + m_j [x_j - C_b]x Jp_j), Jp_j at xipos_j
void mj_angmomMat(const mjModel* m, mjData* d, mjtNum* mat, int body) {
  int nv = m->nv;
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  mju_zero(mat, 3 * nv);
  mj_markStack(d);
  mjtNum* jacp = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jacr = mj_stackAllocNum(d, 3 * nv);

  for (int j = body; j < m->nbody; j++) {
    if (!inSubtree(m, j, body) || m->body_mass[j] == 0) {
      continue;
    }
    mj_jac(m, d, jacp, jacr, d->xipos + 3 * j, j);
    const mjtNum* R = d->ximat + 9 * j;
    const mjtNum* inertia = m->body_inertia + 3 * j;
    mjtNum r[3];
    mju_sub3(r, d->xipos + 3 * j, d->subtree_com + 3 * body);

    for (int k = 0; k < nv; k++) {
      mjtNum w[3] = {jacr[k], jacr[nv + k], jacr[2 * nv + k]};
      mjtNum v[3] = {jacp[k], jacp[nv + k], jacp[2 * nv + k]};
      if (w[0] == 0 && w[1] == 0 && w[2] == 0 && v[0] == 0 && v[1] == 0 && v[2] == 0) {
        continue;
      }
      mjtNum wl[3], h[3], rv[3];
      mju_mulMatTVec3(wl, R, w);
      for (int t = 0; t < 3; t++) {
        wl[t] *= inertia[t];
      }
      mju_mulMatVec3(h, R, wl);
      mju_cross(rv, r, v);
      mju_addToScl3(h, rv, m->body_mass[j]);
      for (int t = 0; t < 3; t++) {
        mat[t * nv + k] += h[t];
      }
    }
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// forces and object motion

// qfrc += J' [torque; force] at point: dof k receives cdof_k . (torque + r x force; force)
void mj_applyFT(const mjModel* m, mjData* d, const mjtNum force[3], const mjtNum torque[3],
                const mjtNum point[3], int body, mjtNum* qfrc_target) {
  if (body < 0 || body >= m->nbody) {
    mjERROR("invalid body %d", body);
    return;
  }
  mjtNum wrench[6] = {0, 0, 0, 0, 0, 0}, r[3];
  mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[body]);
  if (force) {
    mju_cross(wrench, r, force);
    mju_copy3(wrench + 3, force);
  }
  if (torque) {
    mju_addTo3(wrench, torque);
  }
  for (int k = lastDof(m, body); k >= 0; k = m->dof_parentid[k]) {
    qfrc_target[k] += mju_dot(d->cdof + 6 * k, wrench, 6);
  }
}

void mj_transportMotion(const mjModel* m, const mjData* d, const mjtNum* vel6,
                        const mjtNum point[3], int body, mjtNum res[6]) {
  mjtNum r[3], wr[3];
  mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[body]);
  mju_cross(wr, vel6, r);
  mju_copy3(res, vel6);
  mju_add3(res + 3, vel6 + 3, wr);
}

namespace {

// frame (position, orientation) and body of an object; 0 on an unsupported type
int objectFrame(const mjModel* m, const mjData* d, int objtype, int objid, const mjtNum** pos,
                const mjtNum** mat, int* body) {
  int n = 0;
  switch (objtype) {
    case mjOBJ_BODY:
      n = m->nbody;
      break;
    case mjOBJ_XBODY:
      n = m->nbody;
      break;
    case mjOBJ_GEOM:
      n = m->ngeom;
      break;
    case mjOBJ_SITE:
      n = m->nsite;
      break;
    case mjOBJ_CAMERA:
      n = m->ncam;
      break;
    default:
      mjERROR("invalid object type %d", objtype);
      return 0;
  }
  if (objid < 0 || objid >= n) {
    mjERROR("invalid object id %d", objid);
    return 0;
  }
  switch (objtype) {
    case mjOBJ_BODY:
      *pos = d->xipos + 3 * objid;
      *mat = d->ximat + 9 * objid;
      *body = objid;
      break;
    case mjOBJ_XBODY:
      *pos = d->xpos + 3 * objid;
      *mat = d->xmat + 9 * objid;
      *body = objid;
      break;
    case mjOBJ_GEOM:
      *pos = d->geom_xpos + 3 * objid;
      *mat = d->geom_xmat + 9 * objid;
      *body = m->geom_bodyid[objid];
      break;
    case mjOBJ_SITE:
      *pos = d->site_xpos + 3 * objid;
      *mat = d->site_xmat + 9 * objid;
      *body = m->site_bodyid[objid];
      break;
    default:
      *pos = d->cam_xpos + 3 * objid;
      *mat = d->cam_xmat + 9 * objid;
      *body = m->cam_bodyid[objid];
  }
  return 1;
}

// express a 6D vector in a local frame (both halves rotated by mat')
void toLocal(mjtNum res[6], const mjtNum mat[9]) {
  mjtNum tmp[3];
  mju_mulMatTVec3(tmp, mat, res);
  mju_copy3(res, tmp);
  mju_mulMatTVec3(tmp, mat, res + 3);
  mju_copy3(res + 3, tmp);
}

}  // namespace

void mj_objectVelocity(const mjModel* m, const mjData* d, int objtype, int objid, mjtNum res[6],
                       int flg_local) {
  const mjtNum *pos, *mat;
  int body;
  if (!objectFrame(m, d, objtype, objid, &pos, &mat, &body)) {
    return;
  }
  mj_transportMotion(m, d, d->cvel + 6 * body, pos, body, res);
  if (flg_local) {
    toLocal(res, mat);
  }
}

// classical acceleration of the object's origin: the spatial acceleration at that point plus
// the velocity-product term w x v (cacc from mj_rnePostConstraint; it includes -gravity)
void mj_objectAcceleration(const mjModel* m, const mjData* d, int objtype, int objid, mjtNum res[6],
                           int flg_local) {
  const mjtNum *pos, *mat;
  int body;
  if (!objectFrame(m, d, objtype, objid, &pos, &mat, &body)) {
    return;
  }
  mjtNum vel[6], wv[3];
  mj_transportMotion(m, d, d->cvel + 6 * body, pos, body, vel);
  mj_transportMotion(m, d, d->cacc + 6 * body, pos, body, res);
  mju_cross(wv, vel, vel + 3);
  mju_addTo3(res + 3, wv);
  if (flg_local) {
    toLocal(res, mat);
  }
}

// ---------------------------------------------------------------------------------------------
// constraint Jacobian layout and products: the solver type queries (XMLreference "option":
// cone, jacobian, solver) that every constraint and solver file asks, and efc_J times a vector

int mj_isPyramidal(const mjModel* m) {
  return m->opt.cone == mjCONE_PYRAMIDAL;
}

// "auto" resolves to sparse from 60 dofs on (MuJoCo: dense for nv = 59, sparse for
// nv = 60)
int mj_isSparse(const mjModel* m) {
  return m->opt.jacobian == mjJAC_SPARSE || (m->opt.jacobian == mjJAC_AUTO && m->nv >= 60);
}

// the PGS solver works on the dual problem, and so does the noslip post-processing
int mj_isDual(const mjModel* m) {
  return m->opt.solver == mjSOL_PGS || m->opt.noslip_iterations > 0;
}

void mj_mulJacVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  if (!d->nefc) {
    return;
  }
  if (mj_isSparse(m)) {
    mju_mulMatVecSparse(res, d->efc_J, vec, d->nefc, d->efc_J_rownnz, d->efc_J_rowadr,
                        d->efc_J_colind);
  } else {
    mju_mulMatVec(res, d->efc_J, vec, d->nefc, m->nv);
  }
}

void mj_mulJacTVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  if (!d->nefc) {
    mju_zero(res, m->nv);
    return;
  }
  if (mj_isSparse(m)) {
    mju_mulMatTVecSparse(res, d->efc_J, vec, d->nefc, m->nv, d->efc_J_rownnz, d->efc_J_rowadr,
                         d->efc_J_colind);
  } else {
    mju_mulMatTVec(res, d->efc_J, vec, d->nefc, m->nv);
  }
}
