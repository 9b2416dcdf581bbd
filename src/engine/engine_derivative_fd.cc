// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Finite-difference derivatives (computation_index.rst "Derivatives"; APIreference_functions.rst
// mjd_transitionFD, mjd_inverseFD).
//
// mjd_transitionFD differentiates one step (x, u) -> (y, s): x = (dq, qvel, act) with dq in the
// tangent space of qpos (nv numbers: perturbations through mj_integratePos, differences through
// mj_differentiatePos, so quaternions stay unit), u = ctrl, y the next state in the same
// representation, s the sensor values computed during the step (those of x). Every evaluation
// restores the whole integration state first (mjSTATE_INTEGRATION, which includes the warm-start
// accelerations, so that the solver starts from the same point each time), then runs mj_forward
// and the integrator (no mj_checkPos/Vel/Acc: a state reset would make differences meaningless).
// Controls of clamped actuators (ctrllimited, clamping not disabled) are differenced inside
// their range: one-sided (backward) at an upper bound, forward at a lower bound.
//
// mjd_inverseFD differentiates mj_inverse (x, a) -> (f, s) with forward differences; outputs are
// transposed (row i holds the derivatives with respect to the i-th input).

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

namespace {

// Outputs of one step: the next qpos, (qvel, act), and the sensors.
struct StepOut {
  mjtNum* qpos;    // nq
  mjtNum* velact;  // nv + na
  mjtNum* sensor;  // nsensordata, or NULL when not needed
};

StepOut allocOut(const mjModel* m, mjData* d, int sensors) {
  StepOut o;
  o.qpos = mj_stackAllocNum(d, m->nq);
  o.velact = mj_stackAllocNum(d, m->nv + m->na);
  o.sensor = sensors ? mj_stackAllocNum(d, m->nsensordata ? m->nsensordata : 1) : nullptr;
  return o;
}

// one step without the state checks, with the model's integrator (not RK4)
void stepNoCheck(const mjModel* m, mjData* d, int skipsensor) {
  mj_forwardSkip(m, d, mjSTAGE_NONE, skipsensor);
  if (m->opt.integrator == mjINT_EULER) {
    mj_Euler(m, d);
  } else {
    mj_implicit(m, d);
  }
}

// steps from the state in d and records the outputs
void evalStep(const mjModel* m, mjData* d, StepOut* out, int do_sensor) {
  stepNoCheck(m, d, !do_sensor);
  mju_copy(out->qpos, d->qpos, m->nq);
  mju_copy(out->velact, d->qvel, m->nv);
  mju_copy(out->velact + m->nv, d->act, m->na);
  if (do_sensor) {
    mju_copy(out->sensor, d->sensordata, m->nsensordata);
  }
}

// column `col` of the Jacobians, (hi - lo) / h: the velocity and activation rows of J (A or B,
// leading dimension ld) and the sensor rows of S (C or D)
void writeColumn(const mjModel* m, const StepOut* hi, const StepOut* lo, mjtNum h, int col, int ld,
                 mjtNum* J, mjtNum* S) {
  int nv = m->nv, na = m->na;
  if (J) {
    for (int r = nv; r < 2 * nv + na; r++) {
      J[r * ld + col] = (hi->velact[r - nv] - lo->velact[r - nv]) / h;
    }
  }
  if (S) {
    for (int k = 0; k < m->nsensordata; k++) {
      S[k * ld + col] = (hi->sensor[k] - lo->sensor[k]) / h;
    }
  }
}

// position rows of column col: mj_differentiatePos(lo -> hi) / h
void writePosRows(const mjModel* m, mjData* d, const StepOut* hi, const StepOut* lo, mjtNum h,
                  int col, int ld, mjtNum* J) {
  if (!J) {
    return;
  }
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* dq = mj_stackAllocNum(d, nv);
  mj_differentiatePos(m, dq, h, lo->qpos, hi->qpos);
  for (int r = 0; r < nv; r++) {
    J[r * ld + col] = dq[r];
  }
  mj_freeStack(d);
}

// Controls: range within which ctrl[j] may be perturbed (infinite when not clamped).
void ctrlRange(const mjModel* m, int j, mjtNum* lo, mjtNum* hi) {
  *lo = -mjMAXVAL;
  *hi = mjMAXVAL;
  if (m->actuator_ctrllimited[j] && !(m->opt.disableflags & mjDSBL_CLAMPCTRL)) {
    *lo = m->actuator_ctrlrange[2 * j];
    *hi = m->actuator_ctrlrange[2 * j + 1];
  }
}

}  // namespace

void mjd_transitionFD(const mjModel* m, mjData* d, mjtNum eps, mjtByte flg_centered, mjtNum* A,
                      mjtNum* B, mjtNum* C, mjtNum* D) {
  if (m->opt.integrator == mjINT_RK4) {
    mjERROR("the RK4 integrator is not supported");
    return;
  }
  if (eps <= 0) {
    mjERROR("eps must be positive");
    return;
  }
  int nv = m->nv, na = m->na, nu = m->nu, ndx = 2 * nv + na;
  int sensors = (C || D) && m->nsensordata;
  int sig = mjSTATE_INTEGRATION;
  mj_markStack(d);
  int nstate = mj_stateSize(m, sig);
  mjtNum* state = mj_stackAllocNum(d, nstate);
  mj_getState(m, d, state, sig);
  mjtNum* ctrl = mj_stackAllocNum(d, nu ? nu : 1);
  mju_copy(ctrl, d->ctrl, nu);
  mjtNum* dx = mj_stackAllocNum(d, nv ? nv : 1);
  StepOut nom = allocOut(m, d, sensors), plus = allocOut(m, d, sensors),
          minus = allocOut(m, d, sensors);

  // nominal step
  evalStep(m, d, &nom, sensors);

  // controls: columns of B and D
  if (B || (D && sensors)) {
    for (int j = 0; j < nu; j++) {
      mjtNum lo, hi;
      ctrlRange(m, j, &lo, &hi);
      mjtNum u = ctrl[j];
      int up = u + eps <= hi, down = u - eps >= lo;
      if (!up && !down) {
        up = down = 1;  // range narrower than eps: difference across it anyway
      }
      if (up) {
        mj_setState(m, d, state, sig);
        d->ctrl[j] = u + eps;
        evalStep(m, d, &plus, sensors);
      }
      if (down && (flg_centered || !up)) {
        mj_setState(m, d, state, sig);
        d->ctrl[j] = u - eps;
        evalStep(m, d, &minus, sensors);
      }
      const StepOut* h = up ? &plus : &nom;
      const StepOut* l = (down && (flg_centered || !up)) ? &minus : &nom;
      mjtNum width = (h == &plus ? eps : 0) + (l == &minus ? eps : 0);
      writeColumn(m, h, l, width, j, nu, B, sensors ? D : nullptr);
      writePosRows(m, d, h, l, width, j, nu, B);
    }
  }

  // state: columns of A and C (positions in the tangent space, velocities, activations)
  if (A || (C && sensors)) {
    for (int c = 0; c < ndx; c++) {
      for (int side = 0; side < (flg_centered ? 2 : 1); side++) {
        mjtNum s = side ? -eps : eps;
        mj_setState(m, d, state, sig);
        if (c < nv) {
          mju_zero(dx, nv);
          dx[c] = 1;
          mj_integratePos(m, d->qpos, dx, s);
        } else if (c < 2 * nv) {
          d->qvel[c - nv] += s;
        } else {
          d->act[c - 2 * nv] += s;
        }
        evalStep(m, d, side ? &minus : &plus, sensors);
      }
      const StepOut* l = flg_centered ? &minus : &nom;
      mjtNum width = flg_centered ? 2 * eps : eps;
      writeColumn(m, &plus, l, width, c, ndx, A, sensors ? C : nullptr);
      writePosRows(m, d, &plus, l, width, c, ndx, A);
    }
  }

  // leave the state as it was
  mj_setState(m, d, state, sig);
  mj_freeStack(d);
}

void mjd_inverseFD(const mjModel* m, mjData* d, mjtNum eps, mjtByte flg_actuation, mjtNum* DfDq,
                   mjtNum* DfDv, mjtNum* DfDa, mjtNum* DsDq, mjtNum* DsDv, mjtNum* DsDa,
                   mjtNum* DmDq) {
  if (m->opt.integrator == mjINT_RK4) {
    mjERROR("the RK4 integrator is not supported");
    return;
  }
  if (eps <= 0) {
    mjERROR("eps must be positive");
    return;
  }
  int nv = m->nv, ns = m->nsensordata, nM = m->nM;
  mj_markStack(d);
  mjtNum* qpos = mj_stackAllocNum(d, m->nq);
  mjtNum* qvel = mj_stackAllocNum(d, nv ? nv : 1);
  mjtNum* qacc = mj_stackAllocNum(d, nv ? nv : 1);
  mjtNum* f0 = mj_stackAllocNum(d, nv ? nv : 1);
  mjtNum* s0 = mj_stackAllocNum(d, ns ? ns : 1);
  mjtNum* M0 = mj_stackAllocNum(d, nM ? nM : 1);
  mjtNum* dx = mj_stackAllocNum(d, nv ? nv : 1);
  mju_copy(qpos, d->qpos, m->nq);
  mju_copy(qvel, d->qvel, nv);
  mju_copy(qacc, d->qacc, nv);

  // f = qfrc_inverse, minus the actuation forces when they are not external (flg_actuation)
  auto force = [&](mjtNum* f) {
    mju_copy(f, d->qfrc_inverse, nv);
    if (flg_actuation) {
      mju_subFrom(f, d->qfrc_actuator, nv);
    }
  };

  mj_inverse(m, d);
  force(f0);
  mju_copy(s0, d->sensordata, ns);
  mju_copy(M0, d->qM, nM);

  // differences of input i (0: q, 1: v, 2: a) into row `row` of the outputs
  mjtNum* Df[3] = {DfDq, DfDv, DfDa};
  mjtNum* Ds[3] = {DsDq, DsDv, DsDa};
  mjtNum* f = mj_stackAllocNum(d, nv ? nv : 1);
  for (int input = 0; input < 3; input++) {
    if (!Df[input] && !Ds[input] && !(input == 0 && DmDq)) {
      continue;
    }
    for (int i = 0; i < nv; i++) {
      mju_copy(d->qpos, qpos, m->nq);
      mju_copy(d->qvel, qvel, nv);
      mju_copy(d->qacc, qacc, nv);
      if (input == 0) {
        mju_zero(dx, nv);
        dx[i] = 1;
        mj_integratePos(m, d->qpos, dx, eps);
      } else if (input == 1) {
        d->qvel[i] += eps;
      } else {
        d->qacc[i] += eps;
      }
      mj_inverse(m, d);
      if (Df[input]) {
        force(f);
        for (int j = 0; j < nv; j++) {
          Df[input][i * nv + j] = (f[j] - f0[j]) / eps;
        }
      }
      if (Ds[input]) {
        for (int k = 0; k < ns; k++) {
          Ds[input][i * ns + k] = (d->sensordata[k] - s0[k]) / eps;
        }
      }
      if (input == 0 && DmDq) {
        for (int k = 0; k < nM; k++) {
          DmDq[i * nM + k] = (d->qM[k] - M0[k]) / eps;
        }
      }
    }
  }

  // restore the inputs and the nominal results
  mju_copy(d->qpos, qpos, m->nq);
  mju_copy(d->qvel, qvel, nv);
  mju_copy(d->qacc, qacc, nv);
  mj_inverse(m, d);
  mj_freeStack(d);
}
