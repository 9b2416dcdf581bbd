// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Actuation, pipeline stage 20 (computation_index.rst "Actuation model"; modeling.rst "Force
// limits"). For every actuator i with control u_i, activation w_i, length l_i and velocity
// v_i = dl_i/dt (from mj_transmission / mj_fwdVelocity):
//   activation dynamics   act_dot_i = wdot(u_i, w_i, l_i, v_i)      (dyntype)
//   force                 p_i = gain(l_i, v_i) * (w_i or u_i) + bias(l_i, v_i)   (gain/biastype)
//   joint force           qfrc_actuator = sum_i moment_i' p_i (moment: gradient of l_i)
// with the clamps, in this order (the order of MuJoCo):
//   1. controls: if any ctrl is NaN or beyond mjMAXVAL, mjWARN_BADCTRL and every control is read
//      as 0; then limited controls are clamped to ctrlrange (unless mjDSBL_CLAMPCTRL). mjData.ctrl
//      itself is never modified.
//   2. tendon limits: actuators with a tendon transmission whose tendon has actfrclimited are
//      scaled together so that the sum of their forces lies in tendon_actfrcrange;
//   3. actuator limits: forcelimited forces are clamped to forcerange;
//   4. gravity compensation of joints with jnt_actgravcomp is added to qfrc_actuator (mj_passive
//      leaves it out of qfrc_passive);
//   5. joint limits: qfrc_actuator of the dofs of actfrclimited hinge/slide joints is clamped to
//      jnt_actfrcrange.
// Actuators in a disabled group (opt.disableactuator) produce no force but keep their activation
// dynamics; with mjDSBL_ACTUATION (or nu == 0) all actuator outputs are zero.

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_dcmotor.h"
#include "engine/engine_forward.h"
#include "engine/engine_history.h"
#include "engine/engine_plugin.h"
#include "engine/engine_timer.h"
#include "engine/engine_util_errmem.h"

int mj_actuatorDisabled(const mjModel* m, int i) {
  int group = m->actuator_group[i];
  return group >= 0 && group < 31 && (m->opt.disableactuator & (1 << group));
}

mjtNum mj_nextActivation(const mjModel* m, const mjData* d, int i, int act_index, mjtNum act_dot) {
  if (m->actuator_dyntype[i] == mjDYN_DCMOTOR) {
    return mj_dcmotorNextAct(m, d, i, act_index, act_dot);
  }
  mjtNum h = m->opt.timestep;
  mjtNum act = d->act[act_index];
  if (m->actuator_dyntype[i] == mjDYN_FILTEREXACT) {
    // w' = (u - w)/tau integrates exactly to w + (u - w)(1 - exp(-h/tau)), and u - w = tau w'
    mjtNum tau = mjMAX(mjMINVAL, m->actuator_dynprm[mjNDYN * i]);
    act += act_dot * tau * (1 - std::exp(-h / tau));
  } else {
    act += act_dot * h;
  }
  if (m->actuator_actlimited[i]) {
    const mjtNum* range = m->actuator_actrange + 2 * i;
    act = mju_clip(act, range[0], range[1]);
  }
  return act;
}

// ---------------------------------------------------------------------------------------------
// controls

namespace {

// Effective controls into ctrl (nu): zero if any control is bad, else d->ctrl clamped to the
// ranges of limited actuators.
void effectiveControls(const mjModel* m, mjData* d, mjtNum* ctrl) {
  int nu = m->nu;
  for (int i = 0; i < nu; i++) {
    if (mju_isBad(d->ctrl[i])) {
      mj_warning(d, mjWARN_BADCTRL, i);
      mju_zero(ctrl, nu);
      return;
    }
  }

  int clamp = !mjDISABLED(mjDSBL_CLAMPCTRL);
  for (int i = 0; i < nu; i++) {
    mjtNum u = mj_historyCtrl(m, d, i);  // delayed actuators: the control of time - delay
    if (clamp && m->actuator_ctrllimited[i]) {
      const mjtNum* range = m->actuator_ctrlrange + 2 * i;
      u = mju_clip(u, range[0], range[1]);
    }
    ctrl[i] = u;
  }
}

// ---------------------------------------------------------------------------------------------
// activation dynamics

// time constant of the filters, kept away from zero
mjtNum filterTau(const mjModel* m, int i) {
  return mjMAX(mjMINVAL, m->actuator_dynprm[mjNDYN * i]);
}

// act_dot of actuator i (computation_index.rst "Stateful actuators"); the activation read is
// the last one of the actuator's act block
void activationDot(const mjModel* m, mjData* d, int i, mjtNum u) {
  int adr = m->actuator_actadr[i], num = m->actuator_actnum[i];
  if (adr < 0 || num <= 0) {
    return;
  }
  int last = adr + num - 1;
  mjtNum w = d->act[last];
  const mjtNum* prm = m->actuator_dynprm + mjNDYN * i;

  switch (m->actuator_dyntype[i]) {
    case mjDYN_INTEGRATOR:
      d->act_dot[last] = u;
      break;
    case mjDYN_FILTER:
    case mjDYN_FILTEREXACT:
      d->act_dot[last] = (u - w) / filterTau(m, i);
      break;
    case mjDYN_MUSCLE:
      d->act_dot[last] = mju_muscleDynamics(u, w, prm);
      break;
    case mjDYN_USER:
      // a scalar state takes the callback's value; a multi-dimensional state is written into
      // act_dot[adr .. adr+num-1] by the callback itself
      if (mjcb_act_dyn) {
        mjtNum value = mjcb_act_dyn(m, d, i);
        if (num == 1) {
          d->act_dot[adr] = value;
        }
      }
      break;
    case mjDYN_NONE:
    case mjDYN_DCMOTOR:  // with its force, in mj_dcmotorActuation
      break;
    default:
      mjERROR("actuator %d: dynamics type %d is not supported", i, m->actuator_dyntype[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// force generation

// the scalar the gain multiplies: the control, or the (next, with actearly) activation
mjtNum forceInput(const mjModel* m, const mjData* d, int i, mjtNum u) {
  int adr = m->actuator_actadr[i], num = m->actuator_actnum[i];
  if (m->actuator_dyntype[i] == mjDYN_NONE || adr < 0 || num <= 0) {
    return u;
  }
  int last = adr + num - 1;
  if (m->actuator_actearly[i]) {
    return mj_nextActivation(m, d, i, last, d->act_dot[last]);
  }
  return d->act[last];
}

mjtNum actuatorGain(const mjModel* m, const mjData* d, int i) {
  const mjtNum* prm = m->actuator_gainprm + mjNGAIN * i;
  mjtNum len = d->actuator_length[i], vel = d->actuator_velocity[i];
  switch (m->actuator_gaintype[i]) {
    case mjGAIN_FIXED:
      return prm[0];
    case mjGAIN_AFFINE:
      return prm[0] + prm[1] * len + prm[2] * vel;
    case mjGAIN_MUSCLE:
      return mju_muscleGain(len, vel, m->actuator_lengthrange + 2 * i, m->actuator_acc0[i], prm);
    case mjGAIN_USER:
      return mjcb_act_gain ? mjcb_act_gain(m, d, i) : 0;
    default:
      mjERROR("actuator %d: gain type %d is not supported", i, m->actuator_gaintype[i]);
      return 0;
  }
}

mjtNum actuatorBias(const mjModel* m, const mjData* d, int i) {
  const mjtNum* prm = m->actuator_biasprm + mjNBIAS * i;
  mjtNum len = d->actuator_length[i], vel = d->actuator_velocity[i];
  switch (m->actuator_biastype[i]) {
    case mjBIAS_NONE:
      return 0;
    case mjBIAS_AFFINE:
      return prm[0] + prm[1] * len + prm[2] * vel;
    case mjBIAS_MUSCLE:
      return mju_muscleBias(len, m->actuator_lengthrange + 2 * i, m->actuator_acc0[i], prm);
    case mjBIAS_USER:
      return mjcb_act_bias ? mjcb_act_bias(m, d, i) : 0;
    default:
      mjERROR("actuator %d: bias type %d is not supported", i, m->actuator_biastype[i]);
      return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// force limits

// Tendon actuator force limits: for each actfrclimited tendon, the forces of the actuators
// that act on it through a tendon transmission are scaled by the same factor so that their sum
// lies in tendon_actfrcrange (modeling.rst "Force limits", tendon/actuatorfrcrange).
void limitTendonForces(const mjModel* m, mjData* d) {
  int nu = m->nu, ntendon = m->ntendon;
  if (!ntendon) {
    return;
  }
  mj_markStack(d);
  mjtNum* total = mj_stackAllocNum(d, ntendon);
  mju_zero(total, ntendon);
  int any = 0;
  for (int i = 0; i < nu; i++) {
    int t = m->actuator_trnid[2 * i];
    if (m->actuator_trntype[i] == mjTRN_TENDON && t >= 0 && t < ntendon &&
        m->tendon_actfrclimited[t]) {
      total[t] += d->actuator_force[i];
      any = 1;
    }
  }
  if (any) {
    for (int i = 0; i < nu; i++) {
      int t = m->actuator_trnid[2 * i];
      if (m->actuator_trntype[i] != mjTRN_TENDON || t < 0 || t >= ntendon ||
          !m->tendon_actfrclimited[t]) {
        continue;
      }
      const mjtNum* range = m->tendon_actfrcrange + 2 * t;
      if (total[t] < range[0]) {
        d->actuator_force[i] *= range[0] / total[t];
      } else if (total[t] > range[1]) {
        d->actuator_force[i] *= range[1] / total[t];
      }
    }
  }
  mj_freeStack(d);
}

// gravity compensation routed to the actuators, then the joint actuator force limits
// (XMLreference body/joint/actuatorgravcomp and actuatorfrcrange; scalar joints only)
void jointActuatorForces(const mjModel* m, mjData* d) {
  for (int j = 0; j < m->njnt; j++) {
    int type = m->jnt_type[j], adr = m->jnt_dofadr[j];
    int ndof = type == mjJNT_FREE ? 6 : (type == mjJNT_BALL ? 3 : 1);
    if (m->ngravcomp && m->jnt_actgravcomp[j]) {
      for (int k = 0; k < ndof; k++) {
        d->qfrc_actuator[adr + k] += d->qfrc_gravcomp[adr + k];
      }
    }
    if (m->jnt_actfrclimited[j] && (type == mjJNT_HINGE || type == mjJNT_SLIDE)) {
      const mjtNum* range = m->jnt_actfrcrange + 2 * j;
      d->qfrc_actuator[adr] = mju_clip(d->qfrc_actuator[adr], range[0], range[1]);
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// stage 20

void mj_fwdActuation(const mjModel* m, mjData* d) {
  mjtNum tm = mj_timerStart();
  int nu = m->nu, nv = m->nv;
  mju_zero(d->qfrc_actuator, nv);

  if (nu == 0 || mjDISABLED(mjDSBL_ACTUATION)) {
    mju_zero(d->actuator_force, nu);
    mju_zero(d->act_dot, m->na);
    mj_timerStop(d, mjTIMER_ACTUATION, tm);
    return;
  }

  mj_markStack(d);
  mjtNum* ctrl = mj_stackAllocNum(d, nu);
  effectiveControls(m, d, ctrl);

  // activation dynamics first: actearly forces read the next activation
  mju_zero(d->act_dot, m->na);
  for (int i = 0; i < nu; i++) {
    activationDot(m, d, i, ctrl[i]);
  }
  if (m->nplugin) {
    mj_pluginActDot(m, d);  // plugin actuators write the act_dot of their own states
  }

  // DC motors: their states and their forces, with the force range applied to the motor torque
  for (int i = 0; i < nu; i++) {
    if (m->actuator_dyntype[i] == mjDYN_DCMOTOR) {
      mj_dcmotorActuation(m, d, i, ctrl[i], mj_actuatorDisabled(m, i));
    }
  }

  // unclamped forces; plugin actuators get theirs from their instance, after the built-in ones
  for (int i = 0; i < nu; i++) {
    if (m->actuator_dyntype[i] == mjDYN_DCMOTOR) {
      continue;
    }
    if (mj_actuatorDisabled(m, i) || m->actuator_plugin[i] >= 0) {
      d->actuator_force[i] = 0;
      continue;
    }
    mjtNum input = forceInput(m, d, i, ctrl[i]);
    d->actuator_force[i] = actuatorGain(m, d, i) * input + actuatorBias(m, d, i);
  }
  if (m->nplugin) {
    mj_pluginCompute(m, d, mjPLUGIN_ACTUATOR, mjSTAGE_NONE);
  }

  // limits at the tendons, then at the actuators
  limitTendonForces(m, d);
  for (int i = 0; i < nu; i++) {
    if (m->actuator_forcelimited[i] && m->actuator_dyntype[i] != mjDYN_DCMOTOR) {
      const mjtNum* range = m->actuator_forcerange + 2 * i;
      d->actuator_force[i] = mju_clip(d->actuator_force[i], range[0], range[1]);
    }
  }

  // qfrc_actuator = moment' * force over the sparse moment rows of mj_transmission
  for (int i = 0; i < nu; i++) {
    mjtNum force = d->actuator_force[i];
    if (force == 0) {
      continue;
    }
    int adr = d->moment_rowadr[i];
    for (int k = 0; k < d->moment_rownnz[i]; k++) {
      d->qfrc_actuator[d->moment_colind[adr + k]] += d->actuator_moment[adr + k] * force;
    }
  }

  jointActuatorForces(m, d);
  mj_freeStack(d);
  mj_timerStop(d, mjTIMER_ACTUATION, tm);
}
