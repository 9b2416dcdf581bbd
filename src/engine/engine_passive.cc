// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Passive forces: springs, dampers, gravity compensation (engine_passive.h).

#include "engine/engine_passive.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_flex.h"
#include "engine/engine_passive_fluid.h"
#include "engine/engine_plugin.h"

// ---------------------------------------------------------------------------------------------
// polynomials (computation_index.rst "Polynomial forces")

mjtNum mj_springForce(mjtNum x, mjtNum a, const mjtNum* poly) {
  mjtNum f = a * x;
  if (poly) {
    f += (poly[0] + poly[1] * x) * x * x;
  }
  return -f;
}

mjtNum mj_damperForce(mjtNum v, mjtNum a, const mjtNum* poly) {
  mjtNum f = a * v;
  if (poly) {
    f += (poly[0] * std::fabs(v) + poly[1] * v * v) * v;
  }
  return -f;
}

mjtNum mj_damperSlope(mjtNum v, mjtNum a, const mjtNum* poly) {
  mjtNum s = poly ? a + 2 * poly[0] * std::fabs(v) + 3 * poly[1] * v * v : a;
  return -s;
}

namespace {

int nonzero(mjtNum a, const mjtNum* poly) {
  return a != 0 || poly[0] != 0 || poly[1] != 0;
}

// res -= (a + b|x| + c|x|^2) x for a 3D displacement: the gradient of the radial potential
// a|x|^2/2 + b|x|^3/3 + c|x|^4/4
void radialSpring(mjtNum res[3], const mjtNum x[3], mjtNum a, const mjtNum* poly) {
  mjtNum r = mju_norm3(x);
  mjtNum scl = a + poly[0] * r + poly[1] * r * r;
  mju_addToScl3(res, x, -scl);
}

// ---------------------------------------------------------------------------------------------
// springs

// joint springs about qpos_spring
void jointSprings(const mjModel* m, const mjData* d, mjtNum* qfrc) {
  for (int j = 0; j < m->njnt; j++) {
    mjtNum k = m->jnt_stiffness[j];
    const mjtNum* poly = m->jnt_stiffnesspoly + mjNPOLY * j;
    if (!nonzero(k, poly)) {
      continue;
    }
    int padr = m->jnt_qposadr[j], dadr = m->jnt_dofadr[j];
    const mjtNum* q = d->qpos + padr;
    const mjtNum* q0 = m->qpos_spring + padr;
    mjtNum dif[3], quat[4];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        // translation: world displacement of the body origin
        mju_sub3(dif, q, q0);
        radialSpring(qfrc + dadr, dif, k, poly);
        q += 3;
        q0 += 3;
        dadr += 3;
        [[fallthrough]];
      case mjJNT_BALL:
        // rotation: rotation vector of q_spring^-1 q, in the joint's (child) frame, like the
        // angular velocity of these dofs
        mju_copy4(quat, q);
        mju_normalize4(quat);
        mju_subQuat(dif, quat, q0);
        radialSpring(qfrc + dadr, dif, k, poly);
        break;
      default:
        qfrc[dadr] += mj_springForce(q[0] - q0[0], k, poly);
    }
  }
}

// displacement of a tendon length from the dead band [band0, band1]
mjtNum deadBand(mjtNum length, const mjtNum band[2]) {
  if (length > band[1]) {
    return length - band[1];
  }
  if (length < band[0]) {
    return length - band[0];
  }
  return 0;
}

// tendon springs, mapped through the tendon Jacobian
void tendonSprings(const mjModel* m, const mjData* d, mjtNum* qfrc) {
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum k = m->tendon_stiffness[t];
    const mjtNum* poly = m->tendon_stiffnesspoly + mjNPOLY * t;
    if (!nonzero(k, poly)) {
      continue;
    }
    mjtNum x = deadBand(d->ten_length[t], m->tendon_lengthspring + 2 * t);
    mjtNum f = mj_springForce(x, k, poly);
    if (f == 0) {
      continue;
    }
    int adr = m->ten_J_rowadr[t];
    for (int i = 0; i < m->ten_J_rownnz[t]; i++) {
      qfrc[m->ten_J_colind[adr + i]] += f * d->ten_J[adr + i];
    }
  }
}

}  // namespace

void mj_springs(const mjModel* m, mjData* d, mjtNum* qfrc) {
  jointSprings(m, d, qfrc);
  tendonSprings(m, d, qfrc);
  mj_flexEdgePassive(m, d, 1, qfrc);
  mj_flexElasticPassive(m, d, qfrc);
  mj_flexInterpPassive(m, d, 1, qfrc);
}

// ---------------------------------------------------------------------------------------------
// dampers

void mj_dampers(const mjModel* m, mjData* d, mjtNum* qfrc) {
  // dofs
  for (int i = 0; i < m->nv; i++) {
    const mjtNum* poly = m->dof_dampingpoly + mjNPOLY * i;
    if (nonzero(m->dof_damping[i], poly)) {
      qfrc[i] += mj_damperForce(d->qvel[i], m->dof_damping[i], poly);
    }
  }

  // tendons: force along the tendon, mapped by J'
  for (int t = 0; t < m->ntendon; t++) {
    const mjtNum* poly = m->tendon_dampingpoly + mjNPOLY * t;
    if (!nonzero(m->tendon_damping[t], poly)) {
      continue;
    }
    mjtNum f = mj_damperForce(d->ten_velocity[t], m->tendon_damping[t], poly);
    int adr = m->ten_J_rowadr[t];
    for (int i = 0; i < m->ten_J_rownnz[t]; i++) {
      qfrc[m->ten_J_colind[adr + i]] += f * d->ten_J[adr + i];
    }
  }

  mj_flexEdgePassive(m, d, 0, qfrc);
  mj_flexBendDamper(m, d, qfrc);
  mj_flexInterpPassive(m, d, 0, qfrc);

  // actuators at joint and tendon targets (XMLreference actuator/general/damping): damping in
  // actuator space, force mapped by the moment arms, which carry the gear (hence gear^2)
  for (int i = 0; i < m->nu; i++) {
    const mjtNum* poly = m->actuator_dampingpoly + mjNPOLY * i;
    int type = m->actuator_trntype[i];
    if (!nonzero(m->actuator_damping[i], poly) ||
        (type != mjTRN_JOINT && type != mjTRN_JOINTINPARENT && type != mjTRN_TENDON)) {
      continue;
    }
    mjtNum f = mj_damperForce(d->actuator_velocity[i], m->actuator_damping[i], poly);
    int adr = d->moment_rowadr[i];
    for (int k = 0; k < d->moment_rownnz[i]; k++) {
      qfrc[d->moment_colind[adr + k]] += f * d->actuator_moment[adr + k];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// gravity compensation (XMLreference body/gravcomp): force -gravcomp m g at the body's com

void mj_gravcomp(const mjModel* m, mjData* d, mjtNum* qfrc) {
  const mjtNum* g = m->opt.gravity;
  if (g[0] == 0 && g[1] == 0 && g[2] == 0) {
    return;
  }
  for (int b = 1; b < m->nbody; b++) {
    mjtNum scl = m->body_gravcomp[b];
    if (scl == 0) {
      continue;
    }
    mjtNum force[3];
    mju_scl3(force, g, -scl * m->body_mass[b]);
    mj_applyFT(m, d, force, nullptr, d->xipos + 3 * b, b, qfrc);
  }
}

// ---------------------------------------------------------------------------------------------
// passive flex contacts (XMLreference flex/contact/passive, "experimental"): each contact marked
// exclude 4 pushes its two sides apart along the contact normal with the linear spring
// f = -k dist, k = 1e4 N/m, applied at the contact point through the contact Jacobian (side 1
// gets +f n, side 0 -f n). k does not depend on solref, solimp, margin, mass or timestep; dist
// is not clamped, so a contact found within the margin (dist > 0) pulls. No damping.

void mj_contactPassive(const mjModel* m, mjData* d, mjtNum* qfrc) {
  const mjtNum stiffness = 1e4;
  int ncon = d->ncon, passive = 0;
  for (int f = 0; f < m->nflex && !passive; f++) {
    passive = m->flex_passive[f];
  }
  if (!ncon || !passive) {
    return;
  }
  mj_markStack(d);
  int* chain = mj_stackAllocInt(d, m->nv);
  mjtNum* jacp = mj_stackAllocNum(d, 3 * m->nv);
  mjtNum* jacr = mj_stackAllocNum(d, 3 * m->nv);
  for (int i = 0; i < ncon; i++) {
    const mjContact* con = d->contact + i;
    if (con->exclude != 4) {
      continue;
    }
    int n = mj_contactFlexJac(m, d, con, chain, jacp, jacr);
    mjtNum f[3];
    mju_scl3(f, con->frame, -stiffness * con->dist);
    for (int c = 0; c < n; c++) {
      qfrc[chain[c]] += jacp[c] * f[0] + jacp[n + c] * f[1] + jacp[2 * n + c] * f[2];
    }
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// mj_passive

void mj_passive(const mjModel* m, mjData* d) {
  int nv = m->nv;
  mju_zero(d->qfrc_spring, nv);
  mju_zero(d->qfrc_damper, nv);
  mju_zero(d->qfrc_gravcomp, nv);
  mju_zero(d->qfrc_fluid, nv);
  mju_zero(d->qfrc_passive, nv);

  int spring = !mjDISABLED(mjDSBL_SPRING), damper = !mjDISABLED(mjDSBL_DAMPER);
  if (!spring && !damper) {
    return;
  }

  if (spring) {
    mj_springs(m, d, d->qfrc_spring);
  }
  if (damper) {
    mj_dampers(m, d, d->qfrc_damper);
  }
  // passive flex contacts are springs in qfrc_spring, but only disabling both springs and
  // dampers turns them off
  mj_contactPassive(m, d, d->qfrc_spring);
  // flex edge springs and dampers are part of mj_springs / mj_dampers (engine_flex.cc), the
  // elasticity of 2D and 3D flexes (with its strain-rate damping) of mj_springs
  // (engine_flex_elastic.cc)
  if (!mjDISABLED(mjDSBL_GRAVITY) && m->ngravcomp) {
    mj_gravcomp(m, d, d->qfrc_gravcomp);
  }
  if (m->opt.density > 0 || m->opt.viscosity > 0) {
    mj_fluid(m, d, d->qfrc_fluid);
  }

  // sum; gravity compensation of actuatorgravcomp joints goes to qfrc_actuator instead
  for (int i = 0; i < nv; i++) {
    mjtNum f = d->qfrc_spring[i] + d->qfrc_damper[i] + d->qfrc_fluid[i];
    if (!m->jnt_actgravcomp[m->dof_jntid[i]]) {
      f += d->qfrc_gravcomp[i];
    }
    d->qfrc_passive[i] = f;
  }

  if (mjcb_passive) {
    mjcb_passive(m, d);
  }
  if (m->nplugin) {
    mj_pluginCompute(m, d, mjPLUGIN_PASSIVE, mjSTAGE_NONE);  // passive plugins add their forces
  }
}
