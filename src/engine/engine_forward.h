// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The forward-dynamics pipeline (computation_index.rst "Simulation pipeline", stages 1-26;
// programming_simulation.rst "Simulation loop" and "Forward dynamics"). The public entry points
// are declared in mujoco.h:
//   engine_forward.cc            mj_step, mj_step1, mj_step2, mj_forward, mj_forwardSkip,
//                                mj_fwdPosition, mj_fwdVelocity, mj_fwdAcceleration,
//                                mj_fwdConstraint, mj_checkPos, mj_checkVel, mj_checkAcc
//   engine_forward_actuation.cc  mj_fwdActuation (and the internal mj_actuatorDisabled,
//                                mj_nextActivation)
//   engine_integrate.cc          mj_Euler, mj_RungeKutta, mj_implicit (engine_integrate.h)
//
// Every stage is a direct call at its documented place in the pipeline (there is no global table
// of stage functions: the only global mutable state is the documented mjcb_* callbacks). Flex
// kinematics (stage 4, mj_flex) is in engine_flex.cc.

#ifndef MOTUS_ENGINE_ENGINE_FORWARD_H_
#define MOTUS_ENGINE_ENGINE_FORWARD_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------------------------
// internal pieces of the pipeline, shared with the integrators and the derivative code

// Stages 13 (velocity part without mj_comVel): ten_velocity = ten_J qvel, flexedge_velocity =
// flexedge_J qvel, actuator_velocity = actuator_moment qvel (sparse rows).
void mj_transmissionVelocity(const mjModel* m, mjData* d);

// qfrc_smooth = qfrc_passive - qfrc_bias + qfrc_applied + qfrc_actuator + J' xfrc_applied
// (each body's Cartesian force/torque applied at its center of mass xipos).
void mj_smoothForce(const mjModel* m, mjData* d);

// Nonzero when actuator i is disabled by its group (m->opt.disableactuator; groups outside
// 0..30 are never disabled).
int mj_actuatorDisabled(const mjModel* m, int i);

// Activation element act_index (of actuator i) one step ahead, given its time derivative:
// act + h act_dot, or act + act_dot tau (1 - exp(-h/tau)) for filterexact (the exact integral of
// act_dot = (u - act)/tau over the step), clamped to actrange when actlimited.
mjtNum mj_nextActivation(const mjModel* m, const mjData* d, int i, int act_index, mjtNum act_dot);

// Nonzero when the enumerations of m->opt that select code paths (integrator, cone, solver,
// jacobian) are valid; otherwise mju_error naming the field and 0. The compiler validates them,
// but mjModel is the user's to edit between steps, and a cone that is neither pyramidal nor
// elliptic would size the constraint rows one way and fill them the other.
int mj_checkOptions(const mjModel* m);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_FORWARD_H_
