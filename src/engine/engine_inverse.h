// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Inverse dynamics (computation_index.rst "Inverse dynamics", "Dual problem" for the analytic
// constraint forces; XMLreference.rst <flag fwdinv invdiscrete>). Public functions (mujoco.h):
//   mj_inverse, mj_inverseSkip, mj_invPosition, mj_invVelocity, mj_invConstraint,
//   mj_compareFwdInv, mj_contactForce.
// qfrc_inverse = M qacc + qfrc_bias - qfrc_passive - qfrc_constraint(qacc), i.e. the applied,
// actuator and Cartesian forces that produce qacc; with invdiscrete the given qacc is first
// converted from the discrete-time acceleration of the one-step integrators to continuous time.

#ifndef MOTUS_ENGINE_ENGINE_INVERSE_H_
#define MOTUS_ENGINE_ENGINE_INVERSE_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Continuous-time acceleration of a discrete-time one: M res = Mtilde qacc, where Mtilde is the
// integrator's matrix (Euler: M + h diag(damping slope); implicitfast: M - h sym(D); implicit:
// M - h D, D = d qfrc_smooth / d qvel). res may equal qacc. RK4 and disabled Euler damping:
// res = qacc.
void mj_discreteToContinuous(const mjModel* m, mjData* d, mjtNum* res, const mjtNum* qacc);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_INVERSE_H_
