// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The forward-dynamics pipeline: top-level functions (mj_step, mj_step1/2, mj_forward,
// mj_forwardSkip), its components (position, velocity, acceleration, constraint), the checks of
// the state and when to compute the energy diagnostics. Stage numbers refer to
// computation_index.rst "Simulation pipeline / Stages"; the top-level structure follows
// programming_simulation.rst "Simulation loop" and "Forward dynamics".

#include "engine/engine_forward.h"

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_io.h"
#include "engine/engine_sleep.h"
#include "engine/engine_solver.h"
#include "engine/engine_timer.h"
#include "engine/engine_util_blas.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_sparse.h"

// ---------------------------------------------------------------------------------------------
// checks (stages 1 and 24)

namespace {

// nonzero when every element of vec lies in [-mjMAXVAL, mjMAXVAL] (NaN fails both comparisons),
// two elements per comparison where SSE2 is available
int allInRange(const mjtNum* vec, int n) {
  int i = 0, good = 1;
#if defined(MOTUS_SSE2)
  const __m128d hi = _mm_set1_pd(mjMAXVAL), lo = _mm_set1_pd(-mjMAXVAL);
  __m128d ok = _mm_cmple_pd(lo, hi);  // all bits set
  for (; i + 2 <= n; i += 2) {
    __m128d v = _mm_loadu_pd(vec + i);
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmple_pd(v, hi), _mm_cmpge_pd(v, lo)));
  }
  good = _mm_movemask_pd(ok) == 3;
#endif
  for (; i < n; i++) {
    good &= (vec[i] >= -mjMAXVAL) & (vec[i] <= mjMAXVAL);
  }
  return good;
}

// Shared body of mj_checkPos/Vel/Acc: the first element that is NaN, infinite or larger than
// mjMAXVAL in magnitude raises `warning` with its index, and (unless mjDSBL_AUTORESET) resets
// the data. The warning counter survives the reset (it records the divergence that caused it).
// Returns 1 when a bad value was found.
int checkVector(const mjModel* m, mjData* d, const mjtNum* vec, int n, int warning) {
  if (allInRange(vec, n)) {
    return 0;  // the common outcome, found by a branch-free scan
  }
  for (int i = 0; i < n; i++) {
    if (mju_isBad(vec[i])) {
      int number = d->warning[warning].number;
      mj_warning(d, warning, i);
      if (!mjDISABLED(mjDSBL_AUTORESET)) {
        mj_resetData(m, d);
        d->warning[warning].number = number + 1;
        d->warning[warning].lastinfo = i;
      }
      return 1;
    }
  }
  return 0;
}

}  // namespace

int mj_checkOptions(const mjModel* m) {
  const mjOption* o = &m->opt;
  if (o->integrator < mjINT_EULER || o->integrator > mjINT_IMPLICITFAST) {
    mjERROR("invalid integrator %d in mjModel.opt", o->integrator);
    return 0;
  }
  if (o->cone != mjCONE_PYRAMIDAL && o->cone != mjCONE_ELLIPTIC) {
    mjERROR("invalid cone type %d in mjModel.opt", o->cone);
    return 0;
  }
  if (o->solver < mjSOL_PGS || o->solver > mjSOL_NEWTON) {
    mjERROR("invalid solver type %d in mjModel.opt", o->solver);
    return 0;
  }
  if (o->jacobian < mjJAC_DENSE || o->jacobian > mjJAC_AUTO) {
    mjERROR("invalid jacobian type %d in mjModel.opt", o->jacobian);
    return 0;
  }
  return 1;
}

void mj_checkPos(const mjModel* m, mjData* d) {
  checkVector(m, d, d->qpos, m->nq, mjWARN_BADQPOS);
}

void mj_checkVel(const mjModel* m, mjData* d) {
  checkVector(m, d, d->qvel, m->nv, mjWARN_BADQVEL);
}

// After a reset the forward pass is recomputed, so that the integrator that follows advances the
// (reset) state with a consistent qacc.
void mj_checkAcc(const mjModel* m, mjData* d) {
  if (checkVector(m, d, d->qacc, m->nv, mjWARN_BADQACC) && !mjDISABLED(mjDSBL_AUTORESET)) {
    mj_forward(m, d);
  }
}

// ---------------------------------------------------------------------------------------------
// energy diagnostics (mj_energyPos / mj_energyVel: engine_sensor.cc)

namespace {

// energy for mj_forwardSkip / mj_step1: computed when enabled (sensors of potential or kinetic
// energy may already have computed it in this pass), cleared otherwise
void energyPos(const mjModel* m, mjData* d) {
  if (mjENABLED(mjENBL_ENERGY)) {
    if (!d->flg_energypos) {
      mj_energyPos(m, d);
    }
  } else {
    d->energy[0] = 0;
  }
}

void energyVel(const mjModel* m, mjData* d) {
  if (mjENABLED(mjENBL_ENERGY)) {
    if (!d->flg_energyvel) {
      mj_energyVel(m, d);
    }
  } else {
    d->energy[1] = 0;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// position stage (stages 2-11)

// stages 2-5: kinematics, com-based inertias and axes, cameras and lights, flex, tendons; the
// kinematics also wake sleeping islands that were moved or pushed (engine_sleep.h)
void mj_fwdKinematics(const mjModel* m, mjData* d) {
  mj_kinematicsSleep(m, d);
  mj_comPos(m, d);
  mj_camlight(m, d);
  mj_flex(m, d);
  mj_tendon(m, d);
}

void mj_fwdPosition(const mjModel* m, mjData* d) {
  mjtNum tm_position = mj_timerStart();
  d->flg_energypos = 0;

  // 2-5
  mjtNum tm = mj_timerStart();
  mj_fwdKinematics(m, d);
  mj_timerStop(d, mjTIMER_POS_KINEMATICS, tm);

  // 6-7: joint-space inertia and its factorization
  tm = mj_timerStart();
  mj_makeM(m, d);
  mj_factorM(m, d);
  mj_timerStop(d, mjTIMER_POS_INERTIA, tm);

  // 8: contacts, in an emptied arena
  tm = mj_timerStart();
  mj_clearEfc(d);
  mj_collision(m, d);
  if (mj_sleepAny(m, d) && mj_wakeCollision(m, d)) {
    // an awake tree touched a sleeping island: collide again for the contacts inside the woken
    // island and with the static bodies, skipped the first time (computation_index.rst
    // "Sleeping islands")
    mj_collision(m, d);
  }
  mj_timerStop(d, mjTIMER_POS_COLLISION, tm);

  // 9: constraints, then the constraint islands unless mjDSBL_ISLAND (mj_island fills the
  // island index arrays; CG and Newton then solve every island on its own, PGS the whole problem)
  tm = mj_timerStart();
  mj_makeConstraint(m, d);
  if (!(m->opt.disableflags & mjDSBL_ISLAND)) {
    mj_island(m, d);
  }
  mj_timerStop(d, mjTIMER_POS_MAKE, tm);

  // 10: actuator lengths and moments
  mj_transmission(m, d);

  // 11: solver matrices
  tm = mj_timerStart();
  mj_projectConstraint(m, d);
  mj_timerStop(d, mjTIMER_POS_PROJECT, tm);

  mj_timerStop(d, mjTIMER_POSITION, tm_position);
}

// ---------------------------------------------------------------------------------------------
// velocity stage (stages 13-18)

void mj_transmissionVelocity(const mjModel* m, mjData* d) {
  if (m->nflexedge) {
    mju_mulMatVecSparse(d->flexedge_velocity, d->flexedge_J, d->qvel, m->nflexedge,
                        m->flexedge_J_rownnz, m->flexedge_J_rowadr, m->flexedge_J_colind);
  }
  if (m->ntendon) {
    mju_mulMatVecSparse(d->ten_velocity, d->ten_J, d->qvel, m->ntendon, m->ten_J_rownnz,
                        m->ten_J_rowadr, m->ten_J_colind);
  }
  if (m->nu) {
    mju_mulMatVecSparse(d->actuator_velocity, d->actuator_moment, d->qvel, m->nu, d->moment_rownnz,
                        d->moment_rowadr, d->moment_colind);
  }
}

void mj_fwdVelocity(const mjModel* m, mjData* d) {
  mjtNum tm = mj_timerStart();
  d->flg_energyvel = 0;
  d->flg_subtreevel = 0;

  // 13-14: velocities of flex edges, tendons, actuators and bodies
  mj_transmissionVelocity(m, d);
  mj_comVel(m, d);

  // 15: passive forces (mjcb_passive is called by mj_passive)
  mj_passive(m, d);

  // 17: reference constraint acceleration
  mj_referenceConstraint(m, d);

  // 18: Coriolis, centrifugal and gravitational forces
  // (mj_rne already adds the velocity-product forces of tendon armature, mj_tendonBias)
  mj_rneBias(m, d);

  mj_timerStop(d, mjTIMER_VELOCITY, tm);
}

// ---------------------------------------------------------------------------------------------
// acceleration stage (stages 21-22)

void mj_smoothForce(const mjModel* m, mjData* d) {
  int nv = m->nv;
  mjtNum* f = d->qfrc_smooth;
  for (int i = 0; i < nv; i++) {
    f[i] = d->qfrc_passive[i] - d->qfrc_bias[i] + d->qfrc_applied[i] + d->qfrc_actuator[i];
  }

  // Cartesian forces and torques applied at the body centers of mass (mjData.xfrc_applied)
  for (int b = 1; b < m->nbody; b++) {
    mjtNum* xfrc = d->xfrc_applied + 6 * b;
    if (!mju_isZero(xfrc, 6)) {
      mj_applyFT(m, d, xfrc, xfrc + 3, d->xipos + 3 * b, b, f);
    }
  }
}

// qacc_smooth = M^-1 qfrc_smooth: the acceleration without constraint forces
// (the dofs of sleeping trees keep theirs: their rows of M^-1 do not reach the awake dofs)
void mj_fwdAcceleration(const mjModel* m, mjData* d) {
  mj_smoothForce(m, d);
  if (mj_sleepAny(m, d)) {
    mj_solveMAwake(m, d, d->qacc_smooth, d->qfrc_smooth);
  } else {
    mj_solveM(m, d, d->qacc_smooth, d->qfrc_smooth, 1);
  }
}

// Stage 22. Without active constraints qacc = qacc_smooth and qfrc_constraint = 0 exactly;
// otherwise the solver selected by opt.solver computes the constraint forces, efc_force and
// qacc = qacc_smooth + M^-1 qfrc_constraint (mj_solveConstraint, engine_solver.h).
void mj_fwdConstraint(const mjModel* m, mjData* d) {
  mjtNum tm = mj_timerStart();
  for (int i = 0; i < mjNISLAND; i++) {
    d->solver_niter[i] = 0;
    d->solver_nnz[i] = 0;
  }

  if (d->nefc == 0) {
    mju_copy(d->qacc, d->qacc_smooth, m->nv);
    mju_zero(d->qfrc_constraint, m->nv);
  } else {
    mj_solveConstraint(m, d);
  }
  mj_timerStop(d, mjTIMER_CONSTRAINT, tm);
}

// ---------------------------------------------------------------------------------------------
// top level

// programming_simulation.rst "Forward dynamics": skipstage mjSTAGE_POS reuses the position
// results in d, mjSTAGE_VEL also the velocity results; skipsensor skips the sensors.
void mj_forwardSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  if (!mj_checkOptions(m)) {
    return;
  }
  mjtNum tm = mj_timerStart();

  if (skipstage < mjSTAGE_POS) {
    mj_fwdPosition(m, d);
    if (!skipsensor) {
      mj_sensorPos(m, d);
    }
    energyPos(m, d);
  }

  if (skipstage < mjSTAGE_VEL) {
    mj_fwdVelocity(m, d);
    if (!skipsensor) {
      mj_sensorVel(m, d);
    }
    energyVel(m, d);
  }

  // 19: control callback (as in MuJoCo, not with actuation disabled: there is nothing to
  // control; mj_step1 calls it regardless), then 20-23
  if (mjcb_control && !mjDISABLED(mjDSBL_ACTUATION)) {
    mjcb_control(m, d);
  }
  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  mj_fwdConstraint(m, d);
  d->flg_rnepost = 0;
  if (!skipsensor) {
    mj_sensorAcc(m, d);
  }

  mj_timerStop(d, mjTIMER_FORWARD, tm);
}

void mj_forward(const mjModel* m, mjData* d) {
  mj_forwardSkip(m, d, mjSTAGE_NONE, 0);
}

namespace {

// stage 25 (optional): the inverse dynamics at the forward qacc, compared with the forward forces
// (solver_fwdinv; engine_inverse.cc)
void compareFwdInv(const mjModel* m, mjData* d) {
  if (mjENABLED(mjENBL_FWDINV)) {
    mj_compareFwdInv(m, d);
  }
}

// Sleep stage before integration (programming_simulation.rst "Sleeping"): islands that fall
// asleep get zero velocities, so the velocity-dependent stages are computed again from the
// positions already in d.
void sleepIslands(const mjModel* m, mjData* d) {
  if (mj_sleep(m, d)) {
    // recomputed with the islands still listed awake, so that their velocity-dependent
    // quantities (cvel, cdof_dot, qfrc_bias, ...) are those of zero velocity while they sleep
    mj_forwardSkip(m, d, mjSTAGE_POS, 1);
    mj_updateSleep(m, d);
  }
}

// stage 26 with the selected integrator
void integrate(const mjModel* m, mjData* d, int allow_rk4) {
  switch (m->opt.integrator) {
    case mjINT_EULER:
      mj_Euler(m, d);
      break;
    case mjINT_RK4:
      if (allow_rk4) {
        mj_RungeKutta(m, d, 4);
      } else {
        mj_Euler(m, d);  // mj_step2 cannot re-evaluate the controls: RK4 falls back to Euler
      }
      break;
    case mjINT_IMPLICIT:
    case mjINT_IMPLICITFAST:
      mj_implicit(m, d);
      break;
    default:
      mjERROR("invalid integrator %d", m->opt.integrator);
  }
}

}  // namespace

void mj_step(const mjModel* m, mjData* d) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  mjtNum tm = mj_timerStart();

  mj_checkPos(m, d);
  mj_checkVel(m, d);
  mj_forward(m, d);
  mj_checkAcc(m, d);
  compareFwdInv(m, d);
  sleepIslands(m, d);
  integrate(m, d, 1);

  mj_timerStop(d, mjTIMER_STEP, tm);
}

// stages 1-19 (programming_simulation.rst "Simulation loop")
void mj_step1(const mjModel* m, mjData* d) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  if (!mj_checkOptions(m)) {
    return;
  }
  mjtNum tm = mj_timerStart();

  mj_checkPos(m, d);
  mj_checkVel(m, d);
  mj_fwdPosition(m, d);
  mj_sensorPos(m, d);
  energyPos(m, d);
  mj_fwdVelocity(m, d);
  mj_sensorVel(m, d);
  energyVel(m, d);
  if (mjcb_control) {
    mjcb_control(m, d);
  }

  // the step's duration is the sum of both halves; it is counted once, by mj_step2
  if (mjcb_time) {
    d->timer[mjTIMER_STEP].duration += mjcb_time() - tm;
  }
}

// stages 20-26
void mj_step2(const mjModel* m, mjData* d) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  if (!mj_checkOptions(m)) {
    return;
  }
  mjtNum tm = mj_timerStart();

  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  mj_fwdConstraint(m, d);
  d->flg_rnepost = 0;
  mj_sensorAcc(m, d);
  mj_checkAcc(m, d);
  compareFwdInv(m, d);
  sleepIslands(m, d);
  integrate(m, d, 0);

  mj_timerStop(d, mjTIMER_STEP, tm);
}
