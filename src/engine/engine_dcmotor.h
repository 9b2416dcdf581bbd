// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// DC motor actuators (XMLreference.rst actuator/dcmotor; dyntype, gaintype and biastype
// mjDYN/GAIN/BIAS_DCMOTOR). The parameter layout is described in src/user/user_spec_dcmotor.cc.

#ifndef MOTUS_ENGINE_ENGINE_DCMOTOR_H_
#define MOTUS_ENGINE_ENGINE_DCMOTOR_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// the states a DC motor may carry, in their order within the actuator's act block
typedef enum mjtDCState_ {
  mjDCSTATE_SETPOINT = 0,  // slew-limited setpoint (slewmax > 0)
  mjDCSTATE_INTEGRAL,      // PID integrator (ki > 0)
  mjDCSTATE_TEMPERATURE,   // winding temperature above ambient (thermal model)
  mjDCSTATE_BRISTLE,       // LuGre bristle deflection (positive LuGre stiffness)
  mjDCSTATE_CURRENT,       // armature current (positive electrical time constant)
  mjNDCSTATE
} mjtDCState;

// Offsets of the enabled states within the act block (-1 for a disabled one) of a DC motor with
// these dynprm and gainprm; returns the number of states.
int mj_dcmotorStates(const mjtNum* dynprm, const mjtNum* gainprm, int offset[mjNDCSTATE]);

// act_dot of the DC motor's states and its actuator_force (unless disabled by its group), for
// the effective control u. Raises an error when the act block does not hold the states.
void mj_dcmotorActuation(const mjModel* m, mjData* d, int i, mjtNum u, int disabled);

// The state act_index of DC motor i one step ahead: the current and the bristle deflection
// integrate their linear dynamics exactly (the bristle from its current state and velocity,
// whatever act_dot is given), the integrator is clamped to Imax.
mjtNum mj_dcmotorNextAct(const mjModel* m, const mjData* d, int i, int act_index, mjtNum act_dot);

// d(actuator_force)/d(actuator_velocity) of DC motor i as MuJoCo's implicit integrators use it:
// the back-EMF and the PID's velocity gain through the nominal resistance (the Vmax clamp, the
// winding temperature and the current rate limit are left out), scaled by the fraction
// 1 - exp(-h/te) of the current step reached within a step, and the LuGre damping sigma1.
mjtNum mj_dcmotorVelSlope(const mjModel* m, int i);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_DCMOTOR_H_
