// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Numerical integrators, pipeline stage 26 (computation_index.rst "Numerical integration" and
// "Integrators"): semi-implicit Euler with implicit joint damping (mj_Euler), the classical
// 4th-order Runge-Kutta method (mj_RungeKutta) and the implicit-in-velocity methods "implicit" and
// "implicitfast" (mj_implicit). See engine_integrate.h for the shared state update.

#include "engine/engine_integrate.h"
#include "engine/engine_plugin.h"
#include "engine/engine_sensor.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_derivative_smooth.h"
#include "engine/engine_forward.h"
#include "engine/engine_history.h"
#include "engine/engine_sleep.h"
#include "engine/engine_timer.h"
#include "engine/engine_util_errmem.h"
#include "engine/engine_util_sparse.h"

// ---------------------------------------------------------------------------------------------
// state update

void mj_advance(const mjModel* m, mjData* d, const mjtNum* act_dot, const mjtNum* qacc,
                const mjtNum* qvel_pos) {
  mjtNum h = m->opt.timestep;

  // the controls and sensor values of the step's start time into the history buffers (RK4 has
  // restored its start state by now)
  mj_historyPush(m, d);
  mj_sensorHistoryPush(m, d);

  // activations, actuator by actuator (each block has its own dynamics and limits)
  if (m->na) {
    for (int i = 0; i < m->nu; i++) {
      int adr = m->actuator_actadr[i], num = m->actuator_actnum[i];
      for (int k = 0; k < num && adr >= 0; k++) {
        d->act[adr + k] = mj_nextActivation(m, d, i, adr + k, act_dot[adr + k]);
      }
    }
  }

  // velocities, then positions with the new (or the supplied) velocity; sleeping trees keep
  // both (engine_sleep.h)
  if (mj_sleepAny(m, d)) {
    mj_advanceAwake(m, d, qacc, qvel_pos, h);
  } else {
    mju_addToScl(d->qvel, qacc, h, m->nv);
    mj_integratePos(m, d->qpos, qvel_pos ? qvel_pos : d->qvel, h);
  }

  d->time += h;
  if (m->nplugin) {
    mj_pluginAdvance(m, d);  // plugins advance their own state with the time
  }
  mju_copy(d->qacc_warmstart, d->qacc, m->nv);
}

// ---------------------------------------------------------------------------------------------
// implicit velocity update

namespace {

// Derivative of the damping force -(a v + b v|v| + c v^3) with respect to v, negated:
// a + 2 b |v| + 3 c v^2 >= 0 for dissipative coefficients (computation_index.rst "Polynomial
// forces").
mjtNum dampingSlope(mjtNum v, mjtNum a, const mjtNum* poly) {
  return a + 2 * poly[0] * std::fabs(v) + 3 * poly[1] * v * v;
}

// some dof or actuator has damping (a scan without the slopes, the common answer being no)
int hasDamping(const mjModel* m) {
  for (int i = 0; i < m->nv; i++) {
    const mjtNum* poly = m->dof_dampingpoly + mjNPOLY * i;
    if (m->dof_damping[i] != 0 || poly[0] != 0 || poly[1] != 0) {
      return 1;
    }
  }
  for (int i = 0; i < m->nu; i++) {
    const mjtNum* poly = m->actuator_dampingpoly + mjNPOLY * i;
    if (m->actuator_damping[i] != 0 || poly[0] != 0 || poly[1] != 0) {
      return 1;
    }
  }
  return 0;
}

// Euler: the diagonal D of the joint damping (and of actuator damping reflected through a
// scalar joint transmission, gear^2 times its slope at the actuator velocity). Writes the
// diagonal of -D (>= 0) into damp; returns 0 if the model has no such damping.
int eulerDamping(const mjModel* m, const mjData* d, mjtNum* damp) {
  if (!hasDamping(m)) {
    return 0;
  }
  int any = 0;
  for (int i = 0; i < m->nv; i++) {
    const mjtNum* poly = m->dof_dampingpoly + mjNPOLY * i;
    damp[i] = dampingSlope(d->qvel[i], m->dof_damping[i], poly);
    any |= m->dof_damping[i] != 0 || poly[0] != 0 || poly[1] != 0;
  }
  for (int i = 0; i < m->nu; i++) {
    const mjtNum* poly = m->actuator_dampingpoly + mjNPOLY * i;
    if (m->actuator_damping[i] == 0 && poly[0] == 0 && poly[1] == 0) {
      continue;
    }
    int j = m->actuator_trnid[2 * i];
    if (m->actuator_trntype[i] != mjTRN_JOINT || j < 0 || j >= m->njnt ||
        (m->jnt_type[j] != mjJNT_HINGE && m->jnt_type[j] != mjJNT_SLIDE)) {
      continue;
    }
    int dof = m->jnt_dofadr[j];
    mjtNum gear = m->actuator_gear[6 * i];
    damp[dof] += gear * gear * dampingSlope(gear * d->qvel[dof], m->actuator_damping[i], poly);
    any = 1;
  }
  return any;
}

// qH = M + h diag(damp) in the CSR-M layout, factored L'DL
void factorEulerH(const mjModel* m, mjData* d, const mjtNum* damp) {
  mjtNum h = m->opt.timestep;
  mju_copy(d->qH, d->M, m->nC);
  for (int i = 0; i < m->nv; i++) {
    d->qH[m->M_rowadr[i] + m->M_rownnz[i] - 1] += h * damp[i];
  }
  mj_factorI(m, d->qH, d->qHDiagInv);
}

// qDeriv <- (qDeriv + qDeriv')/2 in place (the D pattern is symmetric: row i holds the ancestors
// and descendants of i). As in MuJoCo, implicitfast leaves the symmetrized D in qDeriv.
void symmetrizeDeriv(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nv; i++) {
    int adr = m->D_rowadr[i];
    for (int k = 0; k < m->D_diag[i]; k++) {  // columns j < i
      int ij = adr + k, ji = mju_indexD(m, m->D_colind[ij], i);
      if (ji >= 0) {
        mjtNum mean = 0.5 * (d->qDeriv[ij] + d->qDeriv[ji]);
        d->qDeriv[ij] = d->qDeriv[ji] = mean;
      }
    }
  }
}

// qH = M - h (D + D')/2 on the pattern of M (CSR-M), factored L'DL, with qDeriv symmetrized
// first. Each off-diagonal element of M receives half of D(i,j) and half of D(j,i) (both map to
// it through mapM2D); D elements that M does not store (couplings inside a simple body) are
// dropped.
void factorImplicitFastH(const mjModel* m, mjData* d) {
  mjtNum h = m->opt.timestep;
  symmetrizeDeriv(m, d);
  mju_copy(d->qH, d->M, m->nC);
  for (int i = 0; i < m->nv; i++) {
    int adr = m->D_rowadr[i];
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int target = m->mapM2D[adr + k];
      if (target < 0) {
        continue;
      }
      mjtNum scale = (k == m->D_diag[i]) ? h : 0.5 * h;
      d->qH[target] -= scale * d->qDeriv[adr + k];
    }
  }
  mj_factorI(m, d->qH, d->qHDiagInv);
}

// qLU = M - h D on the full pattern of D, factored LU (reverse order, no fill-in)
void factorImplicitLU(const mjModel* m, mjData* d) {
  mjtNum h = m->opt.timestep;
  for (int k = 0; k < m->nD; k++) {
    int src = m->mapM2D[k];
    d->qLU[k] = (src >= 0 ? d->M[src] : 0) - h * d->qDeriv[k];
  }
  mjd_factorLU(m, d->qLU);
}

}  // namespace

int mj_implicitAcc(const mjModel* m, mjData* d, int integrator, mjtNum* res) {
  int nv = m->nv;
  mj_markStack(d);
  int done = 1;

  switch (integrator) {
    case mjINT_EULER: {
      mjtNum* damp = mj_stackAllocNum(d, nv);
      if (mjDISABLED(mjDSBL_EULERDAMP) || mjDISABLED(mjDSBL_DAMPER) || !eulerDamping(m, d, damp)) {
        done = 0;
        break;
      }
      factorEulerH(m, d, damp);
      break;
    }
    case mjINT_IMPLICITFAST:
      mjd_smoothVel(m, d, 0);
      factorImplicitFastH(m, d);
      break;
    case mjINT_IMPLICIT:
      mjd_smoothVel(m, d, 1);
      factorImplicitLU(m, d);
      break;
    default:
      mjERROR("integrator %d has no implicit update", integrator);
      done = 0;
  }

  if (done) {
    // M qacc = qfrc_smooth + qfrc_constraint, so Mhat^-1 M qacc needs no product with M
    for (int i = 0; i < nv; i++) {
      res[i] = d->qfrc_smooth[i] + d->qfrc_constraint[i];
    }
    if (integrator == mjINT_IMPLICIT) {
      mjd_solveLU(m, d->qLU, res);
    } else {
      mj_solveLD(m, res, 1, d->qH, d->qHDiagInv);
    }
    if (integrator != mjINT_EULER && m->nflex) {
      mj_flexImplicit(m, d, integrator, res);
    }
  }
  mj_freeStack(d);
  return done;
}

// ---------------------------------------------------------------------------------------------
// single-step integrators

// semi-implicit Euler (computation_index.rst eq. "semimplicit"), with the joint damping
// integrated implicitly unless mjDSBL_EULERDAMP
void mj_Euler(const mjModel* m, mjData* d) {
  mjtNum tm = mj_timerStart();
  mj_markStack(d);
  mjtNum* qacc = mj_stackAllocNum(d, m->nv);
  if (!mj_implicitAcc(m, d, mjINT_EULER, qacc)) {
    mju_copy(qacc, d->qacc, m->nv);
  }
  mj_advance(m, d, d->act_dot, qacc, NULL);
  mj_freeStack(d);
  mj_timerStop(d, mjTIMER_ADVANCE, tm);
}

// implicit-in-velocity Euler: "implicit" when opt.integrator says so, "implicitfast" otherwise;
// eligible free bodies then take the midpoint update (engine_integrate_midpoint.cc)
void mj_implicit(const mjModel* m, mjData* d) {
  mjtNum tm = mj_timerStart();
  int integrator = m->opt.integrator == mjINT_IMPLICIT ? mjINT_IMPLICIT : mjINT_IMPLICITFAST;
  mj_markStack(d);
  mjtNum* qacc = mj_stackAllocNum(d, m->nv);
  mj_implicitAcc(m, d, integrator, qacc);
  // the velocity that moves qpos: the new one, except at the free bodies the midpoint rule
  // turns by their mean angular velocity (and moves by their mean velocity)
  mjtNum* qvel_pos = mj_stackAllocNum(d, m->nv);
  mju_addScl(qvel_pos, d->qvel, qacc, m->opt.timestep, m->nv);
  int midpoint = mj_midpointFreeBodies(m, d, integrator, qacc, qvel_pos);
  mj_advance(m, d, d->act_dot, qacc, midpoint ? qvel_pos : NULL);
  if (midpoint) {
    mj_midpointReportAcc(m, d, integrator, qacc);
  }
  mj_freeStack(d);
  mj_timerStop(d, mjTIMER_ADVANCE, tm);
}

// ---------------------------------------------------------------------------------------------
// Runge-Kutta

// Classical 4th-order Runge-Kutta on the state X = (qpos, qvel, act) with derivative
// F = (qvel, qacc, act_dot):
//   K1 = F(X0, t),  K2 = F(X0 + h/2 K1, t + h/2),  K3 = F(X0 + h/2 K2, t + h/2),
//   K4 = F(X0 + h K3, t + h),   X1 = X0 + h (K1 + 2 K2 + 2 K3 + K4)/6,
// where "X0 + c K" moves qpos along the velocity part with mj_integratePos. K1 is the forward
// pass already in d (mj_step ran it); the other stages re-run mj_forwardSkip without sensors,
// so mjcb_control is evaluated at every stage. The final update goes through mj_advance with
// the weighted velocity for qpos. Only N = 4 is defined.
void mj_RungeKutta(const mjModel* m, mjData* d, int N) {
  if (N != 4) {
    mjERROR("only N = 4 is supported, got %d", N);
    return;
  }
  static const mjtNum kA[3] = {0.5, 0.5, 1.0};  // stage offsets (tableau a_{i,i-1})
  static const mjtNum kB[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};  // weights
  int nq = m->nq, nv = m->nv, na = m->na;
  mjtNum h = m->opt.timestep, time0 = d->time;

  mjtNum tm = mj_timerStart();
  mj_markStack(d);
  mjtNum* qpos0 = mj_stackAllocNum(d, nq);
  mjtNum* qvel0 = mj_stackAllocNum(d, nv);
  mjtNum* act0 = mj_stackAllocNum(d, na);
  mjtNum* sum_vel = mj_stackAllocNum(d, nv);  // sum_i b_i K_i, velocity part
  mjtNum* sum_acc = mj_stackAllocNum(d, nv);  // acceleration part
  mjtNum* sum_actdot = mj_stackAllocNum(d, na);
  mjtNum* vel = mj_stackAllocNum(d, nv);  // velocity part of the current stage K_i
  mju_copy(qpos0, d->qpos, nq);
  mju_copy(qvel0, d->qvel, nv);
  mju_copy(act0, d->act, na);

  // K1
  mju_scl(sum_vel, d->qvel, kB[0], nv);
  mju_scl(sum_acc, d->qacc, kB[0], nv);
  mju_scl(sum_actdot, d->act_dot, kB[0], na);

  for (int stage = 1; stage < 4; stage++) {
    // X = X0 + a h K_{stage-1}, from the derivatives currently in d
    mjtNum ah = kA[stage - 1] * h;
    mju_copy(vel, d->qvel, nv);
    mju_copy(d->qpos, qpos0, nq);
    mj_integratePos(m, d->qpos, vel, ah);
    for (int i = 0; i < nv; i++) {
      d->qvel[i] = qvel0[i] + ah * d->qacc[i];
    }
    for (int i = 0; i < na; i++) {
      d->act[i] = act0[i] + ah * d->act_dot[i];
    }
    d->time = time0 + ah;

    mj_forwardSkip(m, d, mjSTAGE_NONE, 1);

    mju_addToScl(sum_vel, d->qvel, kB[stage], nv);
    mju_addToScl(sum_acc, d->qacc, kB[stage], nv);
    mju_addToScl(sum_actdot, d->act_dot, kB[stage], na);
  }

  // X1 = X0 + h sum_i b_i K_i
  mju_copy(d->qpos, qpos0, nq);
  mju_copy(d->qvel, qvel0, nv);
  mju_copy(d->act, act0, na);
  d->time = time0;
  mj_advance(m, d, sum_actdot, sum_acc, sum_vel);

  mj_freeStack(d);
  mj_timerStop(d, mjTIMER_ADVANCE, tm);
}
