// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Inverse dynamics (computation_index.rst "Inverse dynamics"): given (qpos, qvel, qacc), the
// constraint forces follow analytically from the reduced primal problem ("Reduced primal
// problem": f = -grad s(J qacc - aref), which is also the solution of the decoupled inverse
// problem of "Dual problem"), and the generalized force that produces qacc is
//   qfrc_inverse = M qacc + qfrc_bias - qfrc_passive - qfrc_constraint.

#include "engine/engine_inverse.h"

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_derivative_smooth.h"
#include "engine/engine_forward.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// discrete-time accelerations (XMLreference.rst <flag invdiscrete>)

namespace {

// slope of the polynomial damping force a v + b v|v| + c v^3 ("Polynomial forces")
mjtNum dampSlope(mjtNum v, mjtNum a, const mjtNum* poly) {
  return a + 2 * poly[0] * fabs(v) + 3 * poly[1] * v * v;
}

// res += h diag(damping slope) qacc: the joint damping that the Euler integrator treats
// implicitly, including actuator damping reflected through scalar joint transmissions
void addEulerDamping(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* qacc) {
  mjtNum h = m->opt.timestep;
  for (int i = 0; i < m->nv; i++) {
    mjtNum s = dampSlope(d->qvel[i], m->dof_damping[i], m->dof_dampingpoly + mjNPOLY * i);
    res[i] += h * s * qacc[i];
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
    res[dof] +=
        h * gear * gear * dampSlope(gear * d->qvel[dof], m->actuator_damping[i], poly) * qacc[dof];
  }
}

// res -= h D qacc (flg_sym: h (D + D')/2 qacc), D = qDeriv on the D pattern. The symmetric
// (implicitfast) form keeps only the elements that M stores, as the forward step does
// (factorImplicitFastH in engine_integrate.cc drops the couplings inside a simple body), so that
// the inverse undoes exactly the forward update.
void subDerivative(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* qacc,
                   int flg_sym) {
  mjtNum h = m->opt.timestep;
  for (int i = 0; i < m->nv; i++) {
    int adr = m->D_rowadr[i];
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      if (flg_sym && m->mapM2D[adr + k] < 0) {
        continue;
      }
      int j = m->D_colind[adr + k];
      mjtNum v = d->qDeriv[adr + k];
      if (flg_sym) {
        res[i] -= 0.5 * h * v * qacc[j];
        res[j] -= 0.5 * h * v * qacc[i];
      } else {
        res[i] -= h * v * qacc[j];
      }
    }
  }
}

}  // namespace

void mj_discreteToContinuous(const mjModel* m, mjData* d, mjtNum* res, const mjtNum* qacc) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* Mt = mj_stackAllocNum(d, nv);
  mjtNum* qa = mj_stackAllocNum(d, nv);
  mju_copy(qa, qacc, nv);
  mj_mulM(m, d, Mt, qa);
  int changed = 1;
  switch (m->opt.integrator) {
    case mjINT_EULER:
      if (mjDISABLED(mjDSBL_EULERDAMP) || mjDISABLED(mjDSBL_DAMPER)) {
        changed = 0;
      } else {
        addEulerDamping(m, d, Mt, qa);
      }
      break;
    case mjINT_IMPLICITFAST:
      mjd_smoothVel(m, d, 0);
      subDerivative(m, d, Mt, qa, 1);
      break;
    case mjINT_IMPLICIT:
      mjd_smoothVel(m, d, 1);
      subDerivative(m, d, Mt, qa, 0);
      break;
    default:
      changed = 0;
  }
  if (changed) {
    mj_solveM(m, d, res, Mt, 1);
  } else if (res != qacc) {
    mju_copy(res, qacc, nv);
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// stages

void mj_invPosition(const mjModel* m, mjData* d) {
  mj_fwdPosition(m, d);
}

void mj_invVelocity(const mjModel* m, mjData* d) {
  mj_fwdVelocity(m, d);
}

// Analytic constraint forces at d->qacc: efc_force = -grad s(J qacc - aref), with efc_state and
// qfrc_constraint = J' efc_force (mj_constraintUpdate).
void mj_invConstraint(const mjModel* m, mjData* d) {
  int nefc = d->nefc;
  if (!nefc) {
    mju_zero(d->qfrc_constraint, m->nv);
    return;
  }
  mj_markStack(d);
  mjtNum* jar = mj_stackAllocNum(d, nefc);
  mj_mulJacVec(m, d, jar, d->qacc);
  for (int i = 0; i < nefc; i++) {
    jar[i] -= d->efc_aref[i];
  }
  mj_constraintUpdate(m, d, jar, NULL, 0);
  mj_freeStack(d);
}

namespace {

// qfrc_inverse = M qacc + qfrc_bias - qfrc_passive - qfrc_constraint
void inverseForce(const mjModel* m, mjData* d, mjtNum* res) {
  int nv = m->nv;
  mj_mulM(m, d, res, d->qacc);
  for (int i = 0; i < nv; i++) {
    res[i] += d->qfrc_bias[i] - d->qfrc_passive[i] - d->qfrc_constraint[i];
  }
}

}  // namespace

void mj_inverseSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  if (!mj_checkOptions(m)) {
    return;
  }
  int nv = m->nv;
  mj_markStack(d);

  if (skipstage < mjSTAGE_POS) {
    mj_invPosition(m, d);
    if (!skipsensor) {
      mj_sensorPos(m, d);
    }
    if (mjENABLED(mjENBL_ENERGY)) {
      mj_energyPos(m, d);
    }
  }
  if (skipstage < mjSTAGE_VEL) {
    mj_invVelocity(m, d);
    if (!skipsensor) {
      mj_sensorVel(m, d);
    }
    if (mjENABLED(mjENBL_ENERGY)) {
      mj_energyVel(m, d);
    }
  }

  // discrete-time input: replace qacc by its continuous-time equivalent while computing, and
  // restore it at the end (the user's qacc is an input)
  mjtNum* qacc_in = NULL;
  if (mjENABLED(mjENBL_INVDISCRETE) && m->opt.integrator != mjINT_RK4) {
    qacc_in = mj_stackAllocNum(d, nv);
    mju_copy(qacc_in, d->qacc, nv);
    mj_discreteToContinuous(m, d, d->qacc, qacc_in);
  }

  mj_invConstraint(m, d);
  inverseForce(m, d, d->qfrc_inverse);
  if (!skipsensor) {
    d->flg_rnepost = 0;
    mj_sensorAcc(m, d);
  }

  if (qacc_in) {
    mju_copy(d->qacc, qacc_in, nv);
  }
  mj_freeStack(d);
}

void mj_inverse(const mjModel* m, mjData* d) {
  mj_inverseSkip(m, d, mjSTAGE_NONE, 0);
}

// ---------------------------------------------------------------------------------------------
// forward / inverse comparison (XMLreference.rst <flag fwdinv>)

// After mj_forward: the inverse dynamics at the forward qacc (qfrc_inverse is kept). As in
// MuJoCo the two numbers are absolute norms:
// solver_fwdinv[0] = |efc_force(inverse) - efc_force(forward)| (constraint space),
// solver_fwdinv[1] = |qfrc_inverse - (qfrc_applied + J' xfrc_applied + qfrc_actuator)| (joint
// space); both are 0 without constraints. The forward efc_force, efc_state and qfrc_constraint
// are restored.
void mj_compareFwdInv(const mjModel* m, mjData* d) {
  int nv = m->nv, nefc = d->nefc;
  if (!nefc) {
    d->solver_fwdinv[0] = d->solver_fwdinv[1] = 0;
    return;
  }
  mj_markStack(d);
  mjtNum* force = mj_stackAllocNum(d, mjMAX(nefc, 1));
  int* state = mj_stackAllocInt(d, mjMAX(nefc, 1));
  mjtNum* qfrc = mj_stackAllocNum(d, nv);
  mjtNum* fwd = mj_stackAllocNum(d, nv);
  mju_copy(force, d->efc_force, nefc);
  for (int i = 0; i < nefc; i++) {
    state[i] = d->efc_state[i];
  }
  mju_copy(qfrc, d->qfrc_constraint, nv);

  // forward applied forces: qfrc_smooth + qfrc_bias - qfrc_passive
  for (int i = 0; i < nv; i++) {
    fwd[i] = d->qfrc_smooth[i] + d->qfrc_bias[i] - d->qfrc_passive[i];
  }

  // (the forward qacc is a continuous-time acceleration: invdiscrete does not apply here)
  mj_invConstraint(m, d);
  inverseForce(m, d, d->qfrc_inverse);

  mjtNum dq = 0, df = 0;
  for (int i = 0; i < nv; i++) {
    mjtNum e = d->qfrc_inverse[i] - fwd[i];
    dq += e * e;
  }
  for (int i = 0; i < nefc; i++) {
    mjtNum e = d->efc_force[i] - force[i];
    df += e * e;
  }
  d->solver_fwdinv[0] = sqrt(df);
  d->solver_fwdinv[1] = sqrt(dq);

  // restore the forward results
  mju_copy(d->efc_force, force, nefc);
  for (int i = 0; i < nefc; i++) {
    d->efc_state[i] = state[i];
  }
  mju_copy(d->qfrc_constraint, qfrc, nv);
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// contact forces

// 6D force:torque of contact id in its frame (normal, tangents, then torsional and rolling
// components up to condim). Elliptic cones and frictionless contacts store the components as
// rows; a pyramidal contact stores the forces f+-_j along the edges n +- mu_j t_j, so the normal
// force is their sum and the friction along t_j is mu_j (f+_j - f-_j).
void mj_contactForce(const mjModel* m, const mjData* d, int id, mjtNum result[6]) {
  mju_zero(result, 6);
  if (id < 0 || id >= d->ncon) {
    mjERROR("contact id %d out of range [0, %d)", id, d->ncon);
    return;
  }
  const mjContact* con = d->contact + id;
  int adr = con->efc_address, dim = con->dim;
  if (adr < 0 || adr >= d->nefc) {
    return;  // excluded contact: no force
  }
  const mjtNum* f = d->efc_force + adr;
  if (dim == 1 || m->opt.cone == mjCONE_ELLIPTIC) {
    mju_copy(result, f, dim);
    return;
  }
  for (int j = 0; j < 2 * (dim - 1); j++) {
    result[0] += f[j];
  }
  for (int j = 1; j < dim; j++) {
    result[j] = con->friction[j - 1] * (f[2 * j - 2] - f[2 * j - 1]);
  }
}
