// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The forward-dynamics pipeline (computation_index.rst "Simulation pipeline", stages 1-26;
// programming_simulation.rst "Simulation loop" and "Forward dynamics"). The public entry points
// are declared in mujoco.h:
//   engine_forward.cc            mj_step, mj_step1, mj_step2, mj_forward, mj_forwardSkip,
//                                mj_fwdPosition, mj_fwdVelocity, mj_fwdAcceleration,
//                                mj_fwdConstraint, mj_checkPos, mj_checkVel, mj_checkAcc,
//                                mj_energyPos, mj_energyVel
//   engine_forward_actuation.cc  mj_fwdActuation
//   engine_integrate.cc          mj_Euler, mj_RungeKutta, mj_implicit (engine_integrate.h)
//
// Stages owned by areas that are not part of the library yet (flex, islands, the constraint
// solver, sensors, the forward/inverse comparison) are called through the hook table below, at
// their documented place in the pipeline. A NULL hook means "stage absent". When an area lands,
// its call in engine_forward.cc becomes a direct call (as happened for tendons, transmission,
// passive forces, collision and constraint assembly); the table documents exactly what each
// stage must compute.

#ifndef MOTUS_ENGINE_ENGINE_FORWARD_H_
#define MOTUS_ENGINE_ENGINE_FORWARD_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------------------------
// stage hooks

// Pipeline stages of other areas, in pipeline order (stage numbers of computation_index.rst
// "Simulation pipeline / Stages"). Every hook has the mjfGeneric signature.
typedef struct mjPipelineHooks_ {
  // stage 4, after mj_comPos: flex vertex positions, edge lengths and Jacobians (mj_flex)
  mjfGeneric flex;
  // stage 9, after mj_makeConstraint, unless mjDSBL_ISLAND: constraint islands (mj_island)
  mjfGeneric island;
  // stage 22 when nefc > 0: the constraint solver selected by m->opt.solver (with warmstart from
  // qacc_warmstart, noslip if enabled). On entry qacc_smooth / qfrc_smooth are current; on
  // return efc_force, efc_state, qfrc_constraint and qacc = qacc_smooth +
  // M^-1 qfrc_constraint must be set (the solver part of mj_fwdConstraint).
  mjfGeneric constraintSolver;
  // stages 12, 16, 23: sensors (mj_sensorPos, mj_sensorVel, mj_sensorAcc)
  mjfGeneric sensorPos;
  mjfGeneric sensorVel;
  mjfGeneric sensorAcc;
  // stage 25, when mjENBL_FWDINV: mj_compareFwdInv
  mjfGeneric compareFwdInv;
} mjPipelineHooks;

// The hooks used by the pipeline; all NULL initially. Not thread-safe to modify while any thread
// is simulating (set them once at startup, like the mjcb_* callbacks).
extern mjPipelineHooks mj_pipelineHooks;

// ---------------------------------------------------------------------------------------------
// timers (programming_simulation.rst "Diagnostics")

// Current time from mjcb_time, or 0 when no timer callback is installed.
mjtNum mj_timerStart(void);

// Adds the time elapsed since `start` to d->timer[index] and counts one call; does nothing when
// no timer callback is installed (all durations and counts then stay 0).
void mj_timerStop(mjData* d, int index, mjtNum start);

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

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_FORWARD_H_
