// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tendon and actuator constants of mj_setConst, and mj_setLengthRange (API reference
// "Initialization"; modeling.rst "Length range"; XMLreference compiler/lengthrange).
// Declarations: engine_setconst_tendon.h (internal) and mujoco.h (mj_setLengthRange).

#include "engine/engine_setconst_tendon.h"

#include <cmath>
#include <cstdio>

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_transmission.h"

// ---------------------------------------------------------------------------------------------
// constants at qpos0

namespace {

// position stages that tendons and transmissions need
void tendonPositions(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_tendon(m, d);
}

// Spatial tendons whose springlength is (-1, -1) rest at their length in the spring reference
// configuration qpos_spring (XMLreference body/joint/springref: "the model configuration
// corresponding to mjModel.qpos_spring is also used to compute the spring reference lengths of
// all tendons"). Fixed tendons are resolved by the compiler.
void springLengths(mjModel* m, mjData* d) {
  int any = 0;
  for (int t = 0; t < m->ntendon; t++) {
    const mjtNum* s = m->tendon_lengthspring + 2 * t;
    any |= s[0] == -1 && s[1] == -1;
  }
  if (!any) {
    return;
  }
  mj_markStack(d);
  mjtNum* qsave = mj_stackAllocNum(d, m->nq);
  mju_copy(qsave, d->qpos, m->nq);
  mju_copy(d->qpos, m->qpos_spring, m->nq);
  tendonPositions(m, d);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum* s = m->tendon_lengthspring + 2 * t;
    if (s[0] == -1 && s[1] == -1) {
      s[0] = s[1] = d->ten_length[t];
    }
  }
  mju_copy(d->qpos, qsave, m->nq);
  mj_freeStack(d);
}

}  // namespace

void mj_setConstTendon(mjModel* m, mjData* d) {
  int nv = m->nv;
  springLengths(m, d);

  // positions, tendons and transmissions at qpos0 (M is already factored by mj_setConst)
  mju_copy(d->qpos, m->qpos0, m->nq);
  tendonPositions(m, d);
  mj_transmission(m, d);

  mj_markStack(d);
  mjtNum* row = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mjtNum* acc = mj_stackAllocNum(d, nv > 0 ? nv : 1);

  // tendons: length and J M^-1 J'
  for (int t = 0; t < m->ntendon; t++) {
    m->tendon_length0[t] = d->ten_length[t];
    mju_zero(row, nv);
    int adr = m->ten_J_rowadr[t];
    for (int k = 0; k < m->ten_J_rownnz[t]; k++) {
      row[m->ten_J_colind[adr + k]] = d->ten_J[adr + k];
    }
    m->tendon_invweight0[t] = nv > 0 ? mj_traceJMinvJT(m, d, row, 1) : 0;
  }

  // actuators: length and |M^-1 moment|, the joint acceleration of a unit actuator force
  for (int i = 0; i < m->nu; i++) {
    m->actuator_length0[i] = d->actuator_length[i];
    mju_zero(row, nv);
    int adr = d->moment_rowadr[i];
    for (int k = 0; k < d->moment_rownnz[i]; k++) {
      row[d->moment_colind[adr + k]] = d->actuator_moment[adr + k];
    }
    if (nv > 0) {
      mj_solveM(m, d, acc, row, 1);
      m->actuator_acc0[i] = mju_norm(acc, nv);
    } else {
      m->actuator_acc0[i] = 0;
    }
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// length range

namespace {

void setError(char* error, int error_sz, const char* msg, int index) {
  if (error && error_sz > 0) {
    std::snprintf(error, error_sz, msg, index);
  }
}

// is the computation requested for actuator i in this mode?
int modeApplies(const mjModel* m, int i, int mode) {
  int gain = m->actuator_gaintype[i], bias = m->actuator_biastype[i];
  int muscle = gain == mjGAIN_MUSCLE || bias == mjBIAS_MUSCLE;
  int user = gain == mjGAIN_USER || bias == mjBIAS_USER;
  switch (mode) {
    case mjLRMODE_MUSCLE:
      return muscle;
    case mjLRMODE_MUSCLEUSER:
      return muscle || user;
    case mjLRMODE_ALL:
      return 1;
    default:
      return 0;
  }
}

// Limits of the joint (hinge or slide) or tendon of the transmission, copied as they are (the
// gear is not applied: XMLreference compiler/lengthrange/uselimit "these limits will be copied
// into the actuator length range", and MuJoCo copies them unscaled too); 0 if none.
// This follows the documentation; see doc/conformance.md#length-range.
int limitRange(const mjModel* m, int i, mjtNum range[2]) {
  int id = m->actuator_trnid[2 * i];
  const mjtNum* lim;
  switch (m->actuator_trntype[i]) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT:
      if (id < 0 || id >= m->njnt || !m->jnt_limited[id] ||
          (m->jnt_type[id] != mjJNT_HINGE && m->jnt_type[id] != mjJNT_SLIDE)) {
        return 0;
      }
      lim = m->jnt_range + 2 * id;
      break;
    case mjTRN_TENDON:
      if (id < 0 || id >= m->ntendon || !m->tendon_limited[id]) {
        return 0;
      }
      lim = m->tendon_range + 2 * id;
      break;
    default:
      return 0;
  }
  range[0] = lim[0];
  range[1] = lim[1];
  return 1;
}

// One damped simulation from qpos0 pushing actuator i towards its shortest (side 0) or longest
// (side 1) length: at every step the force sign * accel / |M^-1 moment| is applied through the
// moment arms (the joint-space force scaled down to norm maxforce when larger, if maxforce > 0),
// and afterwards qvel is scaled by exp(-h / timeconst). Returns the extreme length over the final
// `interval` seconds and the spread of lengths there.
mjtNum simulateSide(const mjModel* m, mjData* d, int i, int side, const mjLROpt* opt,
                    mjtNum* spread) {
  int nv = m->nv;
  mj_resetData(m, d);
  mj_markStack(d);
  mjtNum* moment = mj_stackAllocNum(d, nv);
  mjtNum* acc = mj_stackAllocNum(d, nv);
  mjtNum lo = mjMAXVAL, hi = -mjMAXVAL, length;
  mjtNum decay = std::exp(-m->opt.timestep / mju_max(opt->timeconst, mjMINVAL));
  mjtNum sign = side ? 1 : -1;
  while (d->time < opt->inttotal) {
    mj_step1(m, d);

    // force that gives joint acceleration of norm accel
    mj_actuatorMomentDense(m, d, i, moment, &length);
    mj_solveM(m, d, acc, moment, 1);
    mjtNum force = opt->accel / mju_max(mju_norm(acc, nv), mjMINVAL);
    mju_scl(d->qfrc_applied, moment, sign * force, nv);

    // safeguard: the joint-space force has norm at most maxforce (when positive)
    mjtNum fnorm = mju_norm(d->qfrc_applied, nv);
    if (opt->maxforce > 0 && fnorm > opt->maxforce) {
      mju_scl(d->qfrc_applied, d->qfrc_applied, opt->maxforce / fnorm, nv);
    }

    mj_step2(m, d);
    mju_scl(d->qvel, d->qvel, decay, nv);

    if (d->time >= opt->inttotal - opt->interval) {
      mjtNum len = d->actuator_length[i];
      lo = mju_min(lo, len);
      hi = mju_max(hi, len);
    }
  }
  mj_freeStack(d);
  *spread = hi - lo;
  return side ? hi : lo;
}

}  // namespace

int mj_setLengthRange(mjModel* m, mjData* d, int index, const mjLROpt* opt, char* error,
                      int error_sz) {
  if (error && error_sz > 0) {
    error[0] = 0;
  }
  if (!m || !d || !opt || index < 0 || index >= m->nu) {
    setError(error, error_sz, "invalid actuator index %d", index);
    return 0;
  }
  mjtNum* range = m->actuator_lengthrange + 2 * index;

  // nothing to do: mode, existing range, joint or tendon limits
  if (!modeApplies(m, index, opt->mode)) {
    return 1;
  }
  if (opt->useexisting && range[0] < range[1]) {
    return 1;
  }
  if (opt->uselimit && limitRange(m, index, range)) {
    return 1;
  }
  if (opt->inttotal <= opt->interval || opt->interval < 0 || opt->timeconst <= 0) {
    setError(error, error_sz, "invalid length range options (actuator %d)", index);
    return 0;
  }

  // simulation without contacts, passive forces, gravity, friction loss and actuator forces
  // (joint and tendon limits stay on), at the lengthrange timestep
  mjOption saved = m->opt;
  m->opt.disableflags |= mjDSBL_CONTACT | mjDSBL_SPRING | mjDSBL_DAMPER | mjDSBL_GRAVITY |
                         mjDSBL_FRICTIONLOSS | mjDSBL_ACTUATION;
  if (opt->timestep > 0) {
    m->opt.timestep = opt->timestep;
  }
  mjtNum spread[2], extreme[2];
  for (int side = 0; side < 2; side++) {
    extreme[side] = simulateSide(m, d, index, side, opt, spread + side);
  }
  m->opt = saved;
  mj_resetData(m, d);

  // validate: a nonempty range, settled (small spread relative to the range)
  mjtNum dif = extreme[1] - extreme[0];
  if (!(dif > mjMINVAL)) {
    setError(error, error_sz, "invalid length range computed for actuator %d", index);
    return 0;
  }
  if (spread[0] > opt->tolrange * dif || spread[1] > opt->tolrange * dif) {
    setError(error, error_sz,
             "length range computation did not converge for actuator %d (unlimited length?)",
             index);
    return 0;
  }
  range[0] = extreme[0];
  range[1] = extreme[1];
  return 1;
}
