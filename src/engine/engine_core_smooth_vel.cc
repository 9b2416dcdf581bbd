// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Velocity and force stages of the smooth pipeline (computation_index.rst "General framework",
// pipeline stages 14, 16, 18 and 23): com-based body velocities, recursive Newton-Euler, the
// post-constraint body accelerations and forces, and subtree momenta.

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_core_tendon.h"
#include "engine/engine_sleep.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// 6-vector helpers for the per-body loops, inlined (the same operations as mju_copy, mju_addTo
// and mju_mulDofVec on 6-vectors)

namespace {

inline void copy6(mjtNum res[6], const mjtNum vec[6]) {
  for (int k = 0; k < 6; k++) {
    res[k] = vec[k];
  }
}

inline void addTo6(mjtNum res[6], const mjtNum vec[6]) {
  for (int k = 0; k < 6; k++) {
    res[k] += vec[k];
  }
}

// res = sum_i mat_i vec_i over n 6-vectors mat_i, accumulated from 0 in the order of i
inline void mulDofVec6(mjtNum res[6], const mjtNum* mat, const mjtNum* vec, int n) {
  for (int k = 0; k < 6; k++) {
    res[k] = 0;
  }
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 6; k++) {
      res[k] += mat[6 * i + k] * vec[i];
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// velocities

// cvel[i] = cvel[parent] + sum of cdof * qvel over the body's dofs. cdof_dot = v x cdof, where v
// is the velocity of the frame the dof's axis is fixed in: the parent's velocity plus the joints
// of the body that come before it. The three axes of a ball (and the rotational part of a free
// joint) all use the velocity before that joint; their sum sum_k cdof_dot_k qvel_k equals the
// true J_dot qvel because w x w = 0 for the joint's own rotation.
// Bodies of sleeping trees keep cvel and cdof_dot, zero since their velocities were zeroed.
void mj_comVel(const mjModel* m, mjData* d) {
  mju_zero(d->cvel, 6);
  const int* awake = mj_sleepAny(m, d) ? d->body_awake : nullptr;
  for (int i = 1; i < m->nbody; i++) {
    if (awake && awake[i] == mjS_ASLEEP) {
      continue;
    }
    mjtNum vel[6], tmp[6];
    copy6(vel, d->cvel + 6 * m->body_parentid[i]);

    for (int k = 0; k < m->body_jntnum[i]; k++) {
      int j = m->body_jntadr[i] + k;
      int adr = m->jnt_dofadr[j];
      int type = m->jnt_type[j];
      const mjtNum* qvel = d->qvel + adr;

      if (type == mjJNT_FREE) {
        // world translations have constant axes
        mju_zero(d->cdof_dot + 6 * adr, 18);
        mulDofVec6(tmp, d->cdof + 6 * adr, qvel, 3);
        addTo6(vel, tmp);
        adr += 3;
        qvel += 3;
      }

      int ndof = (type == mjJNT_FREE || type == mjJNT_BALL) ? 3 : 1;
      for (int t = 0; t < ndof; t++) {
        mji_crossMotion(d->cdof_dot + 6 * (adr + t), vel, d->cdof + 6 * (adr + t));
      }
      mulDofVec6(tmp, d->cdof + 6 * adr, qvel, ndof);
      addTo6(vel, tmp);
    }
    copy6(d->cvel + 6 * i, vel);
  }
}

// ---------------------------------------------------------------------------------------------
// recursive Newton-Euler

namespace {

// spatial acceleration of the world's reference: -gravity, so that gravity appears as an
// inertial force in every body (Featherstone's fictitious base acceleration)
void worldAcc(const mjModel* m, mjtNum acc[6]) {
  mju_zero(acc, 6);
  if (!mjDISABLED(mjDSBL_GRAVITY)) {
    mju_scl3(acc + 3, m->opt.gravity, -1);
  }
}

// cacc[i] = cacc[parent] + cdof_dot * qvel (+ cdof * qacc if qacc is given)
void bodyAcc(const mjModel* m, const mjData* d, mjtNum* cacc, const mjtNum* qacc, int i) {
  mjtNum tmp[6];
  int adr = m->body_dofadr[i], n = m->body_dofnum[i];
  copy6(cacc + 6 * i, cacc + 6 * m->body_parentid[i]);
  if (n) {
    mulDofVec6(tmp, d->cdof_dot + 6 * adr, d->qvel + adr, n);
    addTo6(cacc + 6 * i, tmp);
    if (qacc) {
      mulDofVec6(tmp, d->cdof + 6 * adr, qacc + adr, n);
      addTo6(cacc + 6 * i, tmp);
    }
  }
}

// Newton-Euler force of body i: f = I a + v x* (I v)
void bodyForce(const mjData* d, const mjtNum* cacc, mjtNum f[6], int i) {
  mjtNum mom[6], gyro[6];
  const mjtNum* inert = d->cinert + 10 * i;
  mji_mulInertVec(f, inert, cacc + 6 * i);
  mji_mulInertVec(mom, inert, d->cvel + 6 * i);
  mji_crossForce(gyro, d->cvel + 6 * i, mom);
  addTo6(f, gyro);
}

}  // namespace

namespace {

// RNE over the bodies and dofs of the awake and static trees when `awake` (mjData.body_awake) is
// given, over all otherwise; a sleeping tree's bodies only have sleeping descendants, so the
// forward and backward passes never read a skipped body
void rne(const mjModel* m, mjData* d, int flg_acc, mjtNum* result, const int* awake) {
  int nbody = m->nbody;
  mj_markStack(d);
  mjtNum* cacc = mj_stackAllocNum(d, 6 * nbody);
  mjtNum* cfrc = mj_stackAllocNum(d, 6 * nbody);

  worldAcc(m, cacc);
  mju_zero(cfrc, 6);
  for (int i = 1; i < nbody; i++) {
    if (awake && awake[i] == mjS_ASLEEP) {
      continue;
    }
    bodyAcc(m, d, cacc, flg_acc ? d->qacc : nullptr, i);
    bodyForce(d, cacc, cfrc + 6 * i, i);
  }
  for (int i = nbody - 1; i > 0; i--) {
    int parent = m->body_parentid[i];
    if (parent > 0 && (!awake || awake[i] != mjS_ASLEEP)) {
      addTo6(cfrc + 6 * parent, cfrc + 6 * i);
    }
  }
  int n = awake ? d->nv_awake : m->nv;
  for (int k = 0; k < n; k++) {
    int j = awake ? d->dof_awake_ind[k] : k;
    result[j] = mji_dot(d->cdof + 6 * j, cfrc + 6 * m->dof_bodyid[j], 6);
  }
  mj_freeStack(d);

  // tendon armature: velocity-product term of the tendon inertia (engine_core_tendon.h)
  for (int t = 0; t < m->ntendon; t++) {
    if (mj_tendonArmature(m, t) != 0) {
      mj_tendonBias(m, d, result);
      break;
    }
  }
}

// tendon armature adds to the bias of every dof of the tendon, possibly on a sleeping tree next
// to an awake one: such models compute every tree
int hasTendonArmature(const mjModel* m) {
  for (int t = 0; t < m->ntendon; t++) {
    if (mj_tendonArmature(m, t) != 0) {
      return 1;
    }
  }
  return 0;
}

}  // namespace

// result = M qacc + c(q, v) if flg_acc, else c(q, v): the forward pass propagates accelerations
// root to leaf, the backward pass accumulates body forces leaf to root, and each dof reads its
// body's accumulated force along its motion axis (computation_index.rst "General framework":
// "the bias force c ... computed using the Recursive Newton-Euler (RNE) algorithm with
// acceleration set to 0").
void mj_rne(const mjModel* m, mjData* d, int flg_acc, mjtNum* result) {
  rne(m, d, flg_acc, result, nullptr);
}

void mj_rneBias(const mjModel* m, mjData* d) {
  int skip = mj_sleepAny(m, d) && !hasTendonArmature(m);
  rne(m, d, 0, d->qfrc_bias, skip ? d->body_awake : nullptr);
}

// ---------------------------------------------------------------------------------------------
// post-constraint accelerations and forces

void mj_addComForce(const mjModel* m, const mjData* d, mjtNum cfrc[6], const mjtNum force[3],
                    const mjtNum torque[3], const mjtNum point[3], int body, mjtNum scl) {
  // a force f at point p is, at the reference point c, the wrench (t + (p - c) x f; f)
  mjtNum r[3], moment[3];
  mju_sub3(r, point, d->subtree_com + 3 * m->body_rootid[body]);
  if (force) {
    mju_cross(moment, r, force);
    mju_addToScl3(cfrc, moment, scl);
    mju_addToScl3(cfrc + 3, force, scl);
  }
  if (torque) {
    mju_addToScl3(cfrc, torque, scl);
  }
}

namespace {

// body of side k (0, 1) of a contact, -1 if unknown
int contactBody(const mjModel* m, const mjContact* con, int k) {
  if (con->geom[k] >= 0) {
    return m->geom_bodyid[con->geom[k]];
  }
  int f = con->flex[k];
  if (f >= 0 && con->vert[k] >= 0 && m->nflex) {
    return m->flex_vertbodyid[m->flex_vertadr[f] + con->vert[k]];
  }
  return -1;
}

// contact force in the contact frame (normal, tangents, torsion, rolling), from efc_force
void contactFrameForce(const mjModel* m, const mjData* d, const mjContact* con, mjtNum res[6]) {
  const mjtNum* f = d->efc_force + con->efc_address;
  mju_zero(res, 6);
  if (con->dim == 1 || m->opt.cone == mjCONE_ELLIPTIC) {
    mju_copy(res, f, con->dim);
  } else {
    mju_decodePyramid(res, f, con->friction, con->dim);
  }
}

// cfrc_ext += contact forces: geom2's body receives +F at the contact point, geom1's body -F
void contactForces(const mjModel* m, const mjData* d, mjtNum* cfrc_ext) {
  for (int c = 0; c < d->ncon; c++) {
    const mjContact* con = d->contact + c;
    if (con->efc_address < 0 || con->exclude) {
      continue;
    }
    mjtNum local[6], force[3], torque[3];
    contactFrameForce(m, d, con, local);
    mju_mulMatTVec3(force, con->frame, local);  // frame rows are the contact axes
    mju_mulMatTVec3(torque, con->frame, local + 3);

    for (int k = 0; k < 2; k++) {
      int b = contactBody(m, con, k);
      if (b > 0) {
        mj_addComForce(m, d, cfrc_ext + 6 * b, force, torque, con->pos, b, k ? 1 : -1);
      }
    }
  }
}

// world position of a connect/weld anchor on side k of equality e (body or site based)
int equalityAnchor(const mjModel* m, const mjData* d, int e, int k, mjtNum pos[3]) {
  int id = k ? m->eq_obj2id[e] : m->eq_obj1id[e];
  if (m->eq_objtype[e] == mjOBJ_SITE) {
    mju_copy3(pos, d->site_xpos + 3 * id);
    return m->site_bodyid[id];
  }
  // body-based: connect anchors are eq_data[0:3] in body1 and eq_data[3:6] in body2; weld
  // anchors are eq_data[3:6] in body1 and eq_data[0:3] in body2
  const mjtNum* data = m->eq_data + mjNEQDATA * e;
  const mjtNum* local = (m->eq_type[e] == mjEQ_CONNECT) == (k == 0) ? data : data + 3;
  mju_mulMatVec3(pos, d->xmat + 9 * id, local);
  mju_addTo3(pos, d->xpos + 3 * id);
  return id;
}

// cfrc_ext += connect / weld constraint forces: body1 receives +f (and the weld torque), body2
// -f (and minus the torque), each at its own anchor
void equalityForces(const mjModel* m, const mjData* d, mjtNum* cfrc_ext) {
  for (int r = 0; r < d->ne; r++) {
    if (d->efc_type[r] != mjCNSTR_EQUALITY) {
      continue;
    }
    int e = d->efc_id[r];
    int type = m->eq_type[e];
    if (type != mjEQ_CONNECT && type != mjEQ_WELD) {
      continue;
    }
    if (r > 0 && d->efc_type[r - 1] == mjCNSTR_EQUALITY && d->efc_id[r - 1] == e) {
      continue;  // only the first row of each constraint
    }
    const mjtNum* f = d->efc_force + r;
    mjtNum torque[3] = {0, 0, 0};
    if (type == mjEQ_WELD) {
      // the rotational rows' force as is: MuJoCo does not apply torquescale here
      mju_copy3(torque, f + 3);
    }
    for (int k = 0; k < 2; k++) {
      mjtNum pos[3];
      int b = equalityAnchor(m, d, e, k, pos);
      if (b > 0) {
        mj_addComForce(m, d, cfrc_ext + 6 * b, f, torque, pos, b, k ? -1 : 1);
      }
    }
  }
}

}  // namespace

// cacc with the final qacc; cfrc_ext: applied (xfrc_applied) + contact + connect/weld forces;
// cfrc_int: the force each body receives from its parent, f_int = I a + v x* (I v) - f_ext,
// accumulated from the leaves (the world row collects its children).
void mj_rnePostConstraint(const mjModel* m, mjData* d) {
  int nbody = m->nbody;

  // accelerations
  worldAcc(m, d->cacc);
  for (int i = 1; i < nbody; i++) {
    bodyAcc(m, d, d->cacc, d->qacc, i);
  }

  // external forces
  mju_zero(d->cfrc_ext, 6 * nbody);
  for (int i = 1; i < nbody; i++) {
    const mjtNum* xfrc = d->xfrc_applied + 6 * i;
    if (!mju_isZero(const_cast<mjtNum*>(xfrc), 6)) {
      mj_addComForce(m, d, d->cfrc_ext + 6 * i, xfrc, xfrc + 3, d->xipos + 3 * i, i, 1);
    }
  }
  if (d->nefc) {
    contactForces(m, d, d->cfrc_ext);
    equalityForces(m, d, d->cfrc_ext);
  }

  // internal forces
  mju_zero(d->cfrc_int, 6);
  for (int i = 1; i < nbody; i++) {
    bodyForce(d, d->cacc, d->cfrc_int + 6 * i, i);
    mju_subFrom(d->cfrc_int + 6 * i, d->cfrc_ext + 6 * i, 6);
  }
  for (int i = nbody - 1; i > 0; i--) {
    addTo6(d->cfrc_int + 6 * m->body_parentid[i], d->cfrc_int + 6 * i);
  }
  d->flg_rnepost = 1;  // lazy-evaluation mark for the acceleration sensors (reset by mj_forward)
}

// ---------------------------------------------------------------------------------------------
// subtree momenta

// subtree_linvel[i]: velocity of the subtree's center of mass (sum of m v_com over the subtree,
// over its mass). subtree_angmom[i]: angular momentum of the subtree about its own center of
// mass, L_i = sum_j (I_j w_j + m_j (x_j - C_i) x v_j), accumulated from the children with the
// transfer L_c + M_c (C_c - C_i) x V_c.
void mj_subtreeVel(const mjModel* m, mjData* d) {
  int nbody = m->nbody;
  mj_markStack(d);
  mjtNum* bodyvel = mj_stackAllocNum(d, 6 * nbody);  // (w; v at xipos) per body

  // body velocities at their centers of mass, linear momenta
  for (int i = 0; i < nbody; i++) {
    const mjtNum* cvel = d->cvel + 6 * i;
    mjtNum r[3], wr[3];
    mju_sub3(r, d->xipos + 3 * i, d->subtree_com + 3 * m->body_rootid[i]);
    mju_cross(wr, cvel, r);
    mju_copy3(bodyvel + 6 * i, cvel);
    mju_add3(bodyvel + 6 * i + 3, cvel + 3, wr);
    mju_scl3(d->subtree_linvel + 3 * i, bodyvel + 6 * i + 3, m->body_mass[i]);
  }
  for (int i = nbody - 1; i > 0; i--) {
    mju_addTo3(d->subtree_linvel + 3 * m->body_parentid[i], d->subtree_linvel + 3 * i);
  }
  for (int i = 0; i < nbody; i++) {
    mjtNum mass = m->body_subtreemass[i];
    if (mass < mjMINVAL) {
      mju_copy3(d->subtree_linvel + 3 * i, bodyvel + 6 * i + 3);
    } else {
      mju_scl3(d->subtree_linvel + 3 * i, d->subtree_linvel + 3 * i, 1 / mass);
    }
  }

  // own terms: I_j w_j (inertia in the world frame) + m_j (x_j - C_j) x v_j
  for (int i = 0; i < nbody; i++) {
    const mjtNum* R = d->ximat + 9 * i;
    mjtNum wl[3], r[3], tmp[3];
    mjtNum* L = d->subtree_angmom + 3 * i;
    mju_mulMatTVec3(wl, R, bodyvel + 6 * i);
    for (int k = 0; k < 3; k++) {
      wl[k] *= m->body_inertia[3 * i + k];
    }
    mju_mulMatVec3(L, R, wl);
    mju_sub3(r, d->xipos + 3 * i, d->subtree_com + 3 * i);
    mju_cross(tmp, r, bodyvel + 6 * i + 3);
    mju_addToScl3(L, tmp, m->body_mass[i]);
  }

  // children transfer to the parent's center of mass
  for (int i = nbody - 1; i > 0; i--) {
    int parent = m->body_parentid[i];
    mjtNum r[3], tmp[3];
    mju_sub3(r, d->subtree_com + 3 * i, d->subtree_com + 3 * parent);
    mju_cross(tmp, r, d->subtree_linvel + 3 * i);
    mju_addTo3(d->subtree_angmom + 3 * parent, d->subtree_angmom + 3 * i);
    mju_addToScl3(d->subtree_angmom + 3 * parent, tmp, m->body_subtreemass[i]);
  }
  mj_freeStack(d);
  d->flg_subtreevel = 1;  // lazy-evaluation mark for the velocity sensors (reset by mj_forward)
}
