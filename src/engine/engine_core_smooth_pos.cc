// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Position stages of the smooth pipeline (computation_index.rst "Simulation pipeline", stages 2
// and 3): forward kinematics, com-based inertias and motion axes, cameras and lights.

#include <cmath>
#include <cstdint>
#include <cstring>

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_sleep.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// forward kinematics

namespace {

// 1 when the three coordinates are +0 (all bits zero; -0 does not count)
int positiveZero3(const mjtNum v[3]) {
  uint64_t b[3];
  std::memcpy(b, v, sizeof(b));
  return (b[0] | b[1] | b[2]) == 0;
}

// Move a body frame (pos, quat) through joint j. Every joint is defined in the frame reached so
// far (after the body offset and the body's earlier joints); its world anchor and axis are
// recorded in xanchor/xaxis before the joint moves the frame. Hinge and slide displacements are
// measured from qpos0 (the joint reference).
void applyJoint(const mjModel* m, mjData* d, int j, mjtNum pos[3], mjtNum quat[4]) {
  const mjtNum* qpos = d->qpos + m->jnt_qposadr[j];
  mjtNum* anchor = d->xanchor + 3 * j;
  mjtNum* axis = d->xaxis + 3 * j;
  int type = m->jnt_type[j];

  if (type == mjJNT_FREE) {
    // the free joint sets the world pose directly: position, then unit quaternion
    mju_copy3(pos, qpos);
    mju_copy4(quat, qpos + 3);
    mju_normalize4(quat);
    mju_copy3(anchor, pos);
    mju_copy3(axis, m->jnt_axis + 3 * j);
    return;
  }

  // anchor and axis in the world. A joint at the body origin (jnt_pos all +0, the common case)
  // has the offset (+0, +0, +0) for every finite quat: each coordinate of the rotation is +0 plus
  // signed zeros, which is +0. Its two rotations are skipped; the anchor is still pos + 0 (the
  // same bits as the general form), and pos = anchor - 0 below is the anchor itself.
  const mjtNum* jpos = m->jnt_pos + 3 * j;
  int origin = positiveZero3(jpos);
  mjtNum offset[3] = {0, 0, 0};
  if (!origin) {
    mji_rotVecQuat(offset, jpos, quat);
  }
  mju_add3(anchor, pos, offset);
  mji_rotVecQuat(axis, m->jnt_axis + 3 * j, quat);

  if (type == mjJNT_SLIDE) {
    mju_addToScl3(pos, axis, qpos[0] - m->qpos0[m->jnt_qposadr[j]]);
    return;
  }

  // rotation about the anchor: quat <- quat * qloc, then keep the anchor fixed
  mjtNum qloc[4];
  if (type == mjJNT_HINGE) {
    mju_axisAngle2Quat(qloc, m->jnt_axis + 3 * j, qpos[0] - m->qpos0[m->jnt_qposadr[j]]);
  } else {  // ball
    mju_copy4(qloc, qpos);
    mju_normalize4(qloc);
  }
  mji_mulQuat(quat, quat, qloc);
  if (origin) {
    mju_copy3(pos, anchor);
  } else {
    mji_rotVecQuat(offset, jpos, quat);
    mju_sub3(pos, anchor, offset);
  }
}

// world frame of body i from its parent's frame, its offset, its joints (or its mocap pose);
// with `still`, a pose equal to the stored one is left as it is (xmat included) and *still set
// to 1, a different one is stored and *still set to 0
void bodyFrame(const mjModel* m, mjData* d, int i, int* still) {
  mjtNum pos[3], quat[4];
  int mocap = m->body_mocapid[i];

  if (mocap >= 0) {
    // mocap bodies are children of the world, posed by mocap_pos / mocap_quat
    mju_copy3(pos, d->mocap_pos + 3 * mocap);
    mju_copy4(quat, d->mocap_quat + 4 * mocap);
  } else {
    int parent = m->body_parentid[i];
    mju_mulMatVec3(pos, d->xmat + 9 * parent, m->body_pos + 3 * i);
    mju_addTo3(pos, d->xpos + 3 * parent);
    mji_mulQuat(quat, d->xquat + 4 * parent, m->body_quat + 4 * i);
    for (int k = 0; k < m->body_jntnum[i]; k++) {
      applyJoint(m, d, m->body_jntadr[i] + k, pos, quat);
    }
  }

  mju_normalize4(quat);
  if (still) {
    const mjtNum* xpos = d->xpos + 3 * i;
    const mjtNum* xquat = d->xquat + 4 * i;
    *still = pos[0] == xpos[0] && pos[1] == xpos[1] && pos[2] == xpos[2] && quat[0] == xquat[0] &&
             quat[1] == xquat[1] && quat[2] == xquat[2] && quat[3] == xquat[3];
    if (*still) {
      return;
    }
  }
  mju_copy3(d->xpos + 3 * i, pos);
  mju_copy4(d->xquat + 4 * i, quat);
  mji_quat2Mat(d->xmat + 9 * i, quat);
}

}  // namespace

void mj_kinematicsBodies(const mjModel* m, mjData* d, int* moved) {
  // world body: identity frame
  mju_zero3(d->xpos);
  mju_unit4(d->xquat);
  mju_eye(d->xmat, 3);

  for (int i = 1; i < m->nbody; i++) {
    int t = m->body_treeid[i];
    if (moved && t >= 0 && d->tree_asleep[t] >= 0) {
      int still;
      bodyFrame(m, d, i, &still);
      moved[t] |= !still;
    } else {
      bodyFrame(m, d, i, nullptr);
    }
  }
}

void mj_kinematicsFrames(const mjModel* m, mjData* d, int skip_asleep) {
  const int* awake = skip_asleep ? d->body_awake : nullptr;

  // inertial frames (the world's included), geoms and sites
  for (int i = 0; i < m->nbody; i++) {
    if (awake && awake[i] == mjS_ASLEEP) {
      continue;
    }
    mj_local2Global(d, d->xipos + 3 * i, d->ximat + 9 * i, m->body_ipos + 3 * i,
                    m->body_iquat + 4 * i, i, m->body_sameframe[i]);
  }
  for (int g = 0; g < m->ngeom; g++) {
    int b = m->geom_bodyid[g];
    if (awake && awake[b] == mjS_ASLEEP) {
      continue;
    }
    mj_local2Global(d, d->geom_xpos + 3 * g, d->geom_xmat + 9 * g, m->geom_pos + 3 * g,
                    m->geom_quat + 4 * g, b, m->geom_sameframe[g]);
  }
  for (int s = 0; s < m->nsite; s++) {
    int b = m->site_bodyid[s];
    if (awake && awake[b] == mjS_ASLEEP) {
      continue;
    }
    mj_local2Global(d, d->site_xpos + 3 * s, d->site_xmat + 9 * s, m->site_pos + 3 * s,
                    m->site_quat + 4 * s, b, m->site_sameframe[s]);
  }
}

void mj_kinematics(const mjModel* m, mjData* d) {
  mj_kinematicsBodies(m, d, nullptr);
  mj_kinematicsFrames(m, d, 0);
}

// ---------------------------------------------------------------------------------------------
// com-based quantities

namespace {

// subtree_com: mass-weighted mean of xipos over each subtree (xipos for massless subtrees)
void subtreeCom(const mjModel* m, mjData* d) {
  int nbody = m->nbody;
  for (int i = 0; i < nbody; i++) {
    mju_scl3(d->subtree_com + 3 * i, d->xipos + 3 * i, m->body_mass[i]);
  }
  for (int i = nbody - 1; i > 0; i--) {
    mju_addTo3(d->subtree_com + 3 * m->body_parentid[i], d->subtree_com + 3 * i);
  }
  for (int i = 0; i < nbody; i++) {
    mjtNum mass = m->body_subtreemass[i];
    if (mass < mjMINVAL) {
      mju_copy3(d->subtree_com + 3 * i, d->xipos + 3 * i);
    } else {
      mju_scl3(d->subtree_com + 3 * i, d->subtree_com + 3 * i, 1 / mass);
    }
  }
}

// cinert of body i: inertia about the tree's com, I = R diag(inertia) R' + m (|r|^2 E - r r'),
// first moment m r, mass m, with r = xipos - subtree_com[root] (parallel-axis theorem)
void comInertia(const mjModel* m, mjData* d, int i) {
  const mjtNum* R = d->ximat + 9 * i;
  const mjtNum* diag = m->body_inertia + 3 * i;
  mjtNum mass = m->body_mass[i];
  mjtNum r[3];
  mju_sub3(r, d->xipos + 3 * i, d->subtree_com + 3 * m->body_rootid[i]);

  // rotational inertia about the com in the world frame: sum_k diag_k R[:,k] R[:,k]'
  mjtNum I[9] = {0};
  for (int a = 0; a < 3; a++) {
    for (int b = a; b < 3; b++) {
      I[3 * a + b] = R[3 * a] * R[3 * b] * diag[0] + R[3 * a + 1] * R[3 * b + 1] * diag[1] +
                     R[3 * a + 2] * R[3 * b + 2] * diag[2];
    }
  }

  // shift to the reference point
  mjtNum rr = mju_dot3(r, r);
  mjtNum* cinert = d->cinert + 10 * i;
  cinert[0] = I[0] + mass * (rr - r[0] * r[0]);
  cinert[1] = I[4] + mass * (rr - r[1] * r[1]);
  cinert[2] = I[8] + mass * (rr - r[2] * r[2]);
  cinert[3] = I[1] - mass * r[0] * r[1];
  cinert[4] = I[2] - mass * r[0] * r[2];
  cinert[5] = I[5] - mass * r[1] * r[2];
  cinert[6] = mass * r[0];
  cinert[7] = mass * r[1];
  cinert[8] = mass * r[2];
  cinert[9] = mass;
}

// cdof of the joints of body i (unit-speed motion of each dof, at the tree's com):
//   slide: (0; axis);  hinge: (axis; axis x (c - anchor));
//   ball: the three body-frame axes through the anchor;  free: three world translations, then
//   the three body-frame rotations through the body origin.
void comDofs(const mjModel* m, mjData* d, int i) {
  const mjtNum* com = d->subtree_com + 3 * m->body_rootid[i];
  const mjtNum* xmat = d->xmat + 9 * i;

  for (int k = 0; k < m->body_jntnum[i]; k++) {
    int j = m->body_jntadr[i] + k;
    int dofadr = m->jnt_dofadr[j];
    mjtNum* cdof = d->cdof + 6 * dofadr;
    mjtNum offset[3], axis[3];
    mju_sub3(offset, com, d->xanchor + 3 * j);

    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int t = 0; t < 3; t++) {
          mjtNum e[3] = {0, 0, 0};
          e[t] = 1;
          mju_dofCom(cdof + 6 * t, e, nullptr);
        }
        cdof += 18;
        [[fallthrough]];
      case mjJNT_BALL:
        for (int t = 0; t < 3; t++) {
          axis[0] = xmat[t];
          axis[1] = xmat[3 + t];
          axis[2] = xmat[6 + t];
          mju_dofCom(cdof + 6 * t, axis, offset);
        }
        break;
      case mjJNT_SLIDE:
        mju_dofCom(cdof, d->xaxis + 3 * j, nullptr);
        break;
      default:  // hinge
        mju_dofCom(cdof, d->xaxis + 3 * j, offset);
        break;
    }
  }
}

}  // namespace

// The bodies of sleeping trees keep their cinert and cdof: their poses and the com of their tree
// have not changed since they fell asleep (engine_sleep.h). subtree_com is summed over all bodies
// (the world's includes the sleeping ones).
void mj_comPos(const mjModel* m, mjData* d) {
  subtreeCom(m, d);
  mju_zero(d->cinert, 10);
  const int* awake = mj_sleepAny(m, d) ? d->body_awake : nullptr;
  for (int i = 1; i < m->nbody; i++) {
    if (awake && awake[i] == mjS_ASLEEP) {
      continue;
    }
    comInertia(m, d, i);
    comDofs(m, d, i);
  }
}

// ---------------------------------------------------------------------------------------------
// cameras and lights

namespace {

// orientation looking from pos toward target: the -z axis points at the target, x is horizontal
// (x = up x z with up = world +z), y = z x x; columns of a row-major matrix
void lookAt(mjtNum mat[9], const mjtNum pos[3], const mjtNum target[3]) {
  mjtNum z[3], x[3], y[3];
  const mjtNum up[3] = {0, 0, 1};
  mju_sub3(z, pos, target);
  mju_normalize3(z);
  mju_cross(x, up, z);
  mju_normalize3(x);
  mju_cross(y, z, x);
  for (int r = 0; r < 3; r++) {
    mat[3 * r] = x[r];
    mat[3 * r + 1] = y[r];
    mat[3 * r + 2] = z[r];
  }
}

// target point of a targeting camera/light, NULL if the mode does not target
const mjtNum* targetPoint(const mjData* d, int mode, int target) {
  if (target < 0) {
    return nullptr;
  }
  if (mode == mjCAMLIGHT_TARGETBODY) {
    return d->xpos + 3 * target;
  }
  if (mode == mjCAMLIGHT_TARGETBODYCOM) {
    return d->subtree_com + 3 * target;
  }
  return nullptr;
}

void cameraFrame(const mjModel* m, mjData* d, int c) {
  int body = m->cam_bodyid[c], mode = m->cam_mode[c];
  mjtNum* pos = d->cam_xpos + 3 * c;
  mjtNum* mat = d->cam_xmat + 9 * c;

  switch (mode) {
    case mjCAMLIGHT_TRACK:
      // fixed world offset from the body origin, fixed world orientation (both from qpos0)
      mju_add3(pos, d->xpos + 3 * body, m->cam_pos0 + 3 * c);
      mju_copy(mat, m->cam_mat0 + 9 * c, 9);
      break;
    case mjCAMLIGHT_TRACKCOM:
      mju_add3(pos, d->subtree_com + 3 * body, m->cam_poscom0 + 3 * c);
      mju_copy(mat, m->cam_mat0 + 9 * c, 9);
      break;
    default: {
      // fixed in the body frame; targeting modes then re-aim the orientation
      mj_local2Global(d, pos, mat, m->cam_pos + 3 * c, m->cam_quat + 4 * c, body, mjSAMEFRAME_NONE);
      const mjtNum* target = targetPoint(d, mode, m->cam_targetbodyid[c]);
      if (target) {
        lookAt(mat, pos, target);
      }
    }
  }
}

void lightFrame(const mjModel* m, mjData* d, int l) {
  int body = m->light_bodyid[l], mode = m->light_mode[l];
  mjtNum* pos = d->light_xpos + 3 * l;
  mjtNum* dir = d->light_xdir + 3 * l;

  switch (mode) {
    case mjCAMLIGHT_TRACK:
      mju_add3(pos, d->xpos + 3 * body, m->light_pos0 + 3 * l);
      mju_copy3(dir, m->light_dir0 + 3 * l);
      break;
    case mjCAMLIGHT_TRACKCOM:
      mju_add3(pos, d->subtree_com + 3 * body, m->light_poscom0 + 3 * l);
      mju_copy3(dir, m->light_dir0 + 3 * l);
      break;
    default: {
      const mjtNum* xmat = d->xmat + 9 * body;
      mju_mulMatVec3(pos, xmat, m->light_pos + 3 * l);
      mju_addTo3(pos, d->xpos + 3 * body);
      const mjtNum* target = targetPoint(d, mode, m->light_targetbodyid[l]);
      if (target) {
        mju_sub3(dir, target, pos);
        mju_normalize3(dir);
      } else {
        mju_mulMatVec3(dir, xmat, m->light_dir + 3 * l);
      }
    }
  }
}

}  // namespace

void mj_camlight(const mjModel* m, mjData* d) {
  for (int c = 0; c < m->ncam; c++) {
    cameraFrame(m, d, c);
  }
  for (int l = 0; l < m->nlight; l++) {
    lightFrame(m, d, l);
  }
}
