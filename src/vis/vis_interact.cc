// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mouse interaction (programming_visualization.rst "Interaction", "Perturbations"): motions of
// the abstract camera, of the model in the room, and of the perturbation target; and the
// perturbation applied to mjData as a pose or as a spring force.
//
// Mouse displacements reldx, reldy are fractions of the window height. Horizontal motions are
// expressed in the camera's heading (mjv_alignToCamera): screen x maps to the camera's right,
// screen y to its horizontal forward direction (or to the vertical for the *_V actions).

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

void cameraRight(mjtNum right[3], const mjtNum fwd[3], const mjtNum up[3]) {
  mju_cross(right, fwd, up);
}

bool validBody(const mjModel* m, int b, const char* func) {
  if (b < 0 || b >= m->nbody) {
    mju_error("%s: body id %d out of range", func, b);
    return false;
  }
  return true;
}

// 3 / trace(J M^-1 J') for the 3 x nv translational Jacobian J of the body at the point: the
// mean effective mass the body presents there
mjtNum effectiveMass(const mjModel* m, mjData* d, int b, const mjtNum point[3]) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* jac = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jacM = mj_stackAllocNum(d, 3 * nv);
  mj_jac(m, d, jac, nullptr, point, b);
  mj_solveM(m, d, jacM, jac, 3);
  mjtNum trace = 0;
  for (int i = 0; i < 3; i++) {
    trace += mju_dot(jac + i * nv, jacM + i * nv, nv);
  }
  mj_freeStack(d);
  return trace > mjMINVAL ? 3 / trace : 1;
}

}  // namespace

// Rotations change azimuth and elevation by 180 degrees per window height; moves translate the
// lookat point by the visible height at the lookat point's depth per window height (in the
// camera's horizontal or vertical plane); zoom scales the distance logarithmically in the model
// extent; the *_REL moves translate along the camera's right and up (or forward) by the raw
// amounts.
void mjv_moveCamera(const mjModel* m, int action, mjtNum reldx, mjtNum reldy, const mjvScene* scn,
                    mjvCamera* cam) {
  if (!m || !scn || !cam) {
    mju_error("mjv_moveCamera: model, scene and camera must not be NULL");
    return;
  }
  if (cam->type == mjCAMERA_FIXED || cam->type == mjCAMERA_USER) {
    return;
  }
  mjtNum head[3], fwd[3], up[3], right[3], vec[3], dif[3];
  mjv_cameraInModel(head, fwd, up, scn);
  cameraRight(right, fwd, up);
  // visible height at the depth of the lookat point seen from the scene's eye
  mju_sub3(dif, cam->lookat, head);
  mjtNum scl = mjv_frustumHeight(scn) * mju_dot3(dif, fwd);
  switch (action) {
    case mjMOUSE_ROTATE_V:
    case mjMOUSE_ROTATE_H:
      cam->azimuth -= reldx * 180.0;
      cam->elevation -= reldy * 180.0;
      break;
    case mjMOUSE_MOVE_V:
      vec[0] = reldx;
      vec[1] = 0;
      vec[2] = -reldy;
      mjv_alignToCamera(dif, vec, fwd);
      mju_addToScl3(cam->lookat, dif, -scl);
      break;
    case mjMOUSE_MOVE_H:
      vec[0] = reldx;
      vec[1] = -reldy;
      vec[2] = 0;
      mjv_alignToCamera(dif, vec, fwd);
      mju_addToScl3(cam->lookat, dif, -scl);
      break;
    case mjMOUSE_ZOOM:
      cam->distance -= log(1 + cam->distance / m->stat.extent / 3) * reldy * 9 * m->stat.extent;
      break;
    case mjMOUSE_MOVE_V_REL:
      mju_addToScl3(cam->lookat, right, reldx);
      mju_addToScl3(cam->lookat, up, reldy);
      break;
    case mjMOUSE_MOVE_H_REL:
      mju_addToScl3(cam->lookat, right, reldx);
      mju_addToScl3(cam->lookat, fwd, reldy);
      break;
    default:
      break;
  }
}

// Perturbation target motions: translations as for the camera but by the perturbation's
// scale (mjv_initPerturb) and in the same direction as the mouse; rotations by 2 pi per window
// height about the aligned axis (dy, 0, dx) (vertical plane) or (dy, dx, 0) (horizontal plane),
// composed in the world frame.
void mjv_movePerturb(const mjModel* m, const mjData* d, int action, mjtNum reldx, mjtNum reldy,
                     const mjvScene* scn, mjvPerturb* pert) {
  if (!m || !d || !scn || !pert) {
    mju_error("mjv_movePerturb: model, data, scene and perturbation must not be NULL");
    return;
  }
  mjtNum head[3], fwd[3], up[3], vec[3], dif[3], quat[4], res[4];
  mjv_cameraInModel(head, fwd, up, scn);
  switch (action) {
    case mjMOUSE_MOVE_V:
    case mjMOUSE_MOVE_H:
      vec[0] = reldx;
      vec[1] = (action == mjMOUSE_MOVE_H) ? -reldy : 0;
      vec[2] = (action == mjMOUSE_MOVE_V) ? -reldy : 0;
      mjv_alignToCamera(dif, vec, fwd);
      mju_addToScl3(pert->refpos, dif, pert->scale);
      mju_addToScl3(pert->refselpos, dif, pert->scale);
      break;
    case mjMOUSE_ROTATE_V:
    case mjMOUSE_ROTATE_H: {
      vec[0] = reldy;
      vec[1] = (action == mjMOUSE_ROTATE_H) ? reldx : 0;
      vec[2] = (action == mjMOUSE_ROTATE_V) ? reldx : 0;
      mjv_alignToCamera(dif, vec, fwd);
      mjtNum angle = mju_normalize3(dif) * 2 * mjPI;
      mju_axisAngle2Quat(quat, dif, angle);
      mju_mulQuat(res, quat, pert->refquat);
      mju_normalize4(res);
      mju_copy4(pert->refquat, res);
      break;
    }
    default:
      break;
  }
}

// Model motions in the room, in the room's horizontal frame: roomfwd is the camera's forward
// direction with its roomup component removed, roomright = roomfwd x roomup (both unit). A
// rotation turns by pi per window height about dx times roomup (vertical plane) or roomfwd
// (horizontal plane) plus dy times roomright, composed in the room frame. A move shifts the
// model by the model extent per window height along roomright and -roomup (vertical plane) or
// -roomfwd (horizontal plane); MuJoCo rounds the unit shift to float before scaling it by the
// extent and adding it to the float translation in double. Zoom scales logarithmically, kept
// in [0.01, 100]. Nothing moves while the scene's transform is disabled.
void mjv_moveModel(const mjModel* m, int action, mjtNum reldx, mjtNum reldy, const mjtNum roomup[3],
                   mjvScene* scn) {
  if (!m || !scn || !roomup) {
    mju_error("mjv_moveModel: model, room up vector and scene must not be NULL");
    return;
  }
  if (!scn->enabletransform) {
    return;
  }
  mjtNum fwd[3], roomfwd[3], roomright[3], vec[3], quat[4], rot[4], res[4];
  mjv_cameraInRoom(nullptr, fwd, nullptr, scn);
  mju_addScl3(roomfwd, fwd, roomup, -mju_dot3(fwd, roomup));
  mju_normalize3(roomfwd);
  mju_cross(roomright, roomfwd, roomup);
  mju_normalize3(roomright);
  switch (action) {
    case mjMOUSE_ROTATE_V:
    case mjMOUSE_ROTATE_H: {
      const mjtNum* axis = (action == mjMOUSE_ROTATE_V) ? roomup : roomfwd;
      mju_scl3(vec, axis, reldx);
      mju_addToScl3(vec, roomright, reldy);
      mjtNum angle = mjPI * mju_normalize3(vec);
      mju_axisAngle2Quat(quat, vec, angle);
      for (int i = 0; i < 4; i++) {
        rot[i] = scn->rotate[i];
      }
      mju_mulQuat(res, quat, rot);
      mju_normalize4(res);
      for (int i = 0; i < 4; i++) {
        scn->rotate[i] = static_cast<float>(res[i]);
      }
      break;
    }
    case mjMOUSE_MOVE_V:
    case mjMOUSE_MOVE_V_REL:
    case mjMOUSE_MOVE_H:
    case mjMOUSE_MOVE_H_REL: {
      bool vertical = (action == mjMOUSE_MOVE_V || action == mjMOUSE_MOVE_V_REL);
      const mjtNum* down = vertical ? roomup : roomfwd;
      for (int i = 0; i < 3; i++) {
        // the unit shift is a float in MuJoCo; volatile keeps the rounding, which GCC 12's
        // vectorizer otherwise drops from the double->float->double round trip
        volatile float shift = static_cast<float>(reldx * roomright[i] - reldy * down[i]);
        scn->translate[i] = static_cast<float>(shift * m->stat.extent + scn->translate[i]);
      }
      break;
    }
    case mjMOUSE_ZOOM:
      scn->scale += static_cast<float>(log(static_cast<double>(1 + scn->scale / 3)) * reldy * 3);
      if (scn->scale < 0.01f) {
        scn->scale = 0.01f;
      } else if (scn->scale > 100) {
        scn->scale = 100;
      }
      break;
    default:
      mju_error("mjv_moveModel: unexpected action %d", action);
      break;
  }
}

// Starts a perturbation of the selected body: the target pose (refpos, refquat) is the body's
// pose, the target selection point (refselpos) is the selection point (localpos in the body
// frame) in the world, localmass the inverse of the mean translational inverse inertia at that
// point (3 / trace(J M^-1 J')), and scale the visible height at the point's depth.
void mjv_initPerturb(const mjModel* m, mjData* d, const mjvScene* scn, mjvPerturb* pert) {
  if (!m || !d || !scn || !pert) {
    mju_error("mjv_initPerturb: model, data, scene and perturbation must not be NULL");
    return;
  }
  int b = pert->select;
  if (b <= 0) {
    return;
  }
  if (!validBody(m, b, "mjv_initPerturb")) {
    return;
  }
  mjtNum selpos[3], head[3], fwd[3], up[3], dif[3];
  mju_mulMatVec3(selpos, d->xmat + 9 * b, pert->localpos);
  mju_addTo3(selpos, d->xpos + 3 * b);

  pert->localmass = effectiveMass(m, d, b, selpos);

  mjv_cameraInModel(head, fwd, up, scn);
  mju_sub3(dif, selpos, head);
  pert->scale = mju_dot3(dif, fwd) * mjv_frustumHeight(scn);

  // the target is the body's inertial frame
  mju_copy3(pert->refpos, d->xipos + 3 * b);
  mju_mulQuat(pert->refquat, d->xquat + 4 * b, m->body_iquat + 4 * b);
  mju_copy3(pert->refselpos, selpos);
}

// Moves the selected body's inertial frame to the target pose: a mocap body directly;
// otherwise, when paused and the body's tree has a free joint at its root, the root is moved so
// that the body, rigidly attached to it, lands on the target.
void mjv_applyPerturbPose(const mjModel* m, mjData* d, const mjvPerturb* pert, int flg_paused) {
  if (!m || !d || !pert) {
    mju_error("mjv_applyPerturbPose: model, data and perturbation must not be NULL");
    return;
  }
  int b = pert->select;
  if (b <= 0 || !pert->active) {
    return;
  }
  if (!validBody(m, b, "mjv_applyPerturbPose")) {
    return;
  }
  int mocap = m->body_mocapid[b];
  if (mocap >= 0) {
    mju_copy3(d->mocap_pos + 3 * mocap, pert->refpos);
    mju_copy4(d->mocap_quat + 4 * mocap, pert->refquat);
    return;
  }
  int root = m->body_rootid[b];
  int jnt = m->body_jntadr[root];
  if (!flg_paused || jnt < 0 || m->jnt_type[jnt] != mjJNT_FREE) {
    return;
  }
  // pose of the root relative to the body's inertial frame, then composed with the target
  mjtNum iquat[4], inv[4], rel[4], dif[3], relpos[3], quat[4], pos[3];
  mju_mulQuat(iquat, d->xquat + 4 * b, m->body_iquat + 4 * b);
  mju_negQuat(inv, iquat);
  mju_mulQuat(rel, inv, d->xquat + 4 * root);
  mju_sub3(dif, d->xpos + 3 * root, d->xipos + 3 * b);
  mju_rotVecQuat(relpos, dif, inv);
  mju_mulQuat(quat, pert->refquat, rel);
  mju_normalize4(quat);
  mju_rotVecQuat(pos, relpos, pert->refquat);
  mju_addTo3(pos, pert->refpos);
  mjtNum* qpos = d->qpos + m->jnt_qposadr[jnt];
  mju_copy3(qpos, pos);
  mju_copy4(qpos + 3, quat);
}

// Critically damped springs on the selected dynamic body, written to its xfrc_applied
// (programming_visualization.rst "Perturbations"): translation pulls the selection point toward
// the target selection point with stiffness vis.map.stiffness times localmass and damping
// sqrt(stiffness) times localmass on the point's velocity; alone, it acts at the selection point
// (its moment about the center of mass is added). Rotation turns the body toward the target
// orientation with stiffness vis.map.stiffnessrot times the body's rotational inertia (the
// inverse of body_invweight0), damped likewise.
void mjv_applyPerturbForce(const mjModel* m, mjData* d, const mjvPerturb* pert) {
  if (!m || !d || !pert) {
    mju_error("mjv_applyPerturbForce: model, data and perturbation must not be NULL");
    return;
  }
  int b = pert->select;
  if (b <= 0 || !pert->active) {
    return;
  }
  if (!validBody(m, b, "mjv_applyPerturbForce") || m->body_mocapid[b] >= 0) {
    return;
  }
  mjtNum* xfrc = d->xfrc_applied + 6 * b;
  mjtNum vel[6];  // rotational, translational at the center of mass, world orientation
  mj_objectVelocity(m, d, mjOBJ_BODY, b, vel, 0);
  if (pert->active & mjPERT_TRANSLATE) {
    mjtNum selpos[3], dif[3], arm[3], v[3], force[3];
    mju_mulMatVec3(selpos, d->xmat + 9 * b, pert->localpos);
    mju_addTo3(selpos, d->xpos + 3 * b);
    mju_sub3(dif, pert->refselpos, selpos);
    mju_sub3(arm, selpos, d->xipos + 3 * b);
    mju_cross(v, vel, arm);
    mju_addTo3(v, vel + 3);
    mjtNum k = m->vis.map.stiffness;
    mju_scl3(force, dif, k * pert->localmass);
    mju_addToScl3(force, v, -sqrt(k) * pert->localmass);
    mju_copy3(xfrc, force);
    if (!(pert->active & mjPERT_ROTATE)) {
      mju_cross(xfrc + 3, arm, force);
    }
  }
  if (pert->active & mjPERT_ROTATE) {
    mjtNum dif[3], q[4], inv[4], iquat[4];
    mju_mulQuat(iquat, d->xquat + 4 * b, m->body_iquat + 4 * b);
    mju_negQuat(inv, iquat);
    mju_mulQuat(q, pert->refquat, inv);
    mju_quat2Vel(dif, q, 1);
    // the body's rotational inertia as the compiler measured it at qpos0
    mjtNum invweight = m->body_invweight0[2 * b + 1];
    mjtNum inertia = invweight > mjMINVAL ? 1 / invweight : 1;
    mjtNum k = m->vis.map.stiffnessrot;
    mju_scl3(xfrc + 3, dif, k * inertia);
    mju_addToScl3(xfrc + 3, vel, -sqrt(k) * inertia);
  }
}
