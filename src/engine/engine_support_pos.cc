// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Frame mapping, qpos arithmetic, mass scaling and site volumes (engine_support_pos.h).

#include "engine/engine_support_pos.h"

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_spatial.h"

// ---------------------------------------------------------------------------------------------
// local frame -> world frame

void mj_local2Global(mjData* d, mjtNum xpos[3], mjtNum xmat[9], const mjtNum pos[3],
                     const mjtNum quat[4], int body, mjtByte sameframe) {
  const mjtNum* bpos = d->xpos + 3 * body;
  const mjtNum* bquat = d->xquat + 4 * body;
  const mjtNum* bmat = d->xmat + 9 * body;

  switch (sameframe) {
    case mjSAMEFRAME_BODY:
      // the element frame is the body frame
      if (xpos) {
        mju_copy3(xpos, bpos);
      }
      if (xmat) {
        mju_copy(xmat, bmat, 9);
      }
      return;
    case mjSAMEFRAME_INERTIA:
      // the element frame is the body's inertial frame
      if (xpos) {
        mju_copy3(xpos, d->xipos + 3 * body);
      }
      if (xmat) {
        mju_copy(xmat, d->ximat + 9 * body, 9);
      }
      return;
    default:
      break;
  }

  // position: body origin + R_body * pos
  if (xpos) {
    mju_mulMatVec3(xpos, bmat, pos);
    mju_addTo3(xpos, bpos);
  }

  // orientation: shared with the body or its inertial frame, else R(q_body * q_local)
  if (xmat) {
    if (sameframe == mjSAMEFRAME_BODYROT) {
      mju_copy(xmat, bmat, 9);
    } else if (sameframe == mjSAMEFRAME_INERTIAROT) {
      mju_copy(xmat, d->ximat + 9 * body, 9);
    } else {
      mjtNum q[4];
      mji_mulQuat(q, bquat, quat);
      mji_quat2Mat(xmat, q);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// qpos arithmetic on the joint manifold

void mj_differentiatePos(const mjModel* m, mjtNum* qvel, mjtNum dt, const mjtNum* qpos1,
                         const mjtNum* qpos2) {
  for (int j = 0; j < m->njnt; j++) {
    int padr = m->jnt_qposadr[j], vadr = m->jnt_dofadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int k = 0; k < 3; k++) {
          qvel[vadr + k] = (qpos2[padr + k] - qpos1[padr + k]) / dt;
        }
        padr += 3;
        vadr += 3;
        [[fallthrough]];
      case mjJNT_BALL:
        // local angular velocity v with q1 * exp(v dt) = q2
        mju_subQuat(qvel + vadr, qpos2 + padr, qpos1 + padr);
        mju_scl3(qvel + vadr, qvel + vadr, 1 / dt);
        break;
      default:
        qvel[vadr] = (qpos2[padr] - qpos1[padr]) / dt;
    }
  }
}

void mj_integratePos(const mjModel* m, mjtNum* qpos, const mjtNum* qvel, mjtNum dt) {
  for (int j = 0; j < m->njnt; j++) {
    int padr = m->jnt_qposadr[j], vadr = m->jnt_dofadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        mju_addToScl3(qpos + padr, qvel + vadr, dt);
        padr += 3;
        vadr += 3;
        [[fallthrough]];
      case mjJNT_BALL:
        // q <- q * exp(v dt), rotation in the local frame
        mju_quatIntegrate(qpos + padr, qvel + vadr, dt);
        break;
      default:
        qpos[padr] += dt * qvel[vadr];
    }
  }
}

void mj_normalizeQuat(const mjModel* m, mjtNum* qpos) {
  for (int j = 0; j < m->njnt; j++) {
    int type = m->jnt_type[j];
    if (type == mjJNT_FREE) {
      mju_normalize4(qpos + m->jnt_qposadr[j] + 3);
    } else if (type == mjJNT_BALL) {
      mju_normalize4(qpos + m->jnt_qposadr[j]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// total mass

mjtNum mj_getTotalmass(const mjModel* m) {
  mjtNum total = 0;
  for (int i = 1; i < m->nbody; i++) {
    total += m->body_mass[i];
  }
  return total;
}

void mj_setTotalmass(mjModel* m, mjtNum newmass) {
  mjtNum total = mj_getTotalmass(m);
  if (total < mjMINVAL) {
    mjERROR("the model has no mass to scale");
    return;
  }
  if (!(newmass >= 0)) {
    mjERROR("invalid total mass %g", newmass);
    return;
  }

  // mass and inertia scale together (inertia is a sum of m r^2), as do subtree masses
  mjtNum scale = newmass / total;
  for (int i = 1; i < m->nbody; i++) {
    m->body_mass[i] *= scale;
    mju_scl3(m->body_inertia + 3 * i, m->body_inertia + 3 * i, scale);
  }
  for (int i = 0; i < m->nbody; i++) {
    m->body_subtreemass[i] *= scale;
  }
}

int mj_insideSite(const mjModel* m, const mjData* d, int s, const mjtNum p[3]) {
  if (s < 0 || s >= m->nsite) {
    return 0;
  }
  mjtNum dp[3], q[3];
  mju_sub3(dp, p, d->site_xpos + 3 * s);
  mju_mulMatTVec3(q, d->site_xmat + 9 * s, dp);
  const mjtNum* size = m->site_size + 3 * s;
  switch (m->site_type[s]) {
    case mjGEOM_SPHERE:
      return mju_dot3(q, q) <= size[0] * size[0];
    case mjGEOM_CAPSULE: {
      // distance to the segment |z| <= half-length on the z axis
      mjtNum z = mju_clip(q[2], -size[1], size[1]);
      mjtNum r[3] = {q[0], q[1], q[2] - z};
      return mju_dot3(r, r) <= size[0] * size[0];
    }
    case mjGEOM_CYLINDER:
      return q[0] * q[0] + q[1] * q[1] <= size[0] * size[0] && fabs(q[2]) <= size[1];
    case mjGEOM_ELLIPSOID: {
      mjtNum s2 = 0;
      for (int k = 0; k < 3; k++) {
        s2 += (q[k] / size[k]) * (q[k] / size[k]);
      }
      return s2 <= 1;
    }
    case mjGEOM_BOX:
      return fabs(q[0]) <= size[0] && fabs(q[1]) <= size[1] && fabs(q[2]) <= size[2];
    default:
      return 0;
  }
}
