// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tendon and actuator part of mj_setConst (engine_setconst.h) and mj_setLengthRange (declared
// in mujoco.h).
//
// mj_setConstTendon(m, d), called by mj_setConst after the body/dof constants, with d at qpos0
// and M factored. It sets
//   tendon_lengthspring  spatial tendons still at (-1, -1): their length at qpos_spring;
//   tendon_length0       ten_length at qpos0;
//   tendon_invweight0    J M^-1 J' of the tendon Jacobian at qpos0;
//   actuator_length0     actuator_length at qpos0;
//   actuator_acc0        |M^-1 moment| at qpos0, the norm of the joint acceleration caused by a
//                        unit actuator force (the F0 = scale / acc0 of muscles);
// and leaves d at qpos0 with mj_tendon and mj_transmission done (actuator_moment is then the
// qpos0 moment arm, used by the compiler for dampratio).
//
// mj_setLengthRange(m, d, i, opt, error, error_sz) (modeling.rst "Length range"): returns 1 with
// nothing changed when opt->mode does not select the actuator (muscle: gain or bias type
// muscle; muscleuser: muscle or user; all), when useexisting is set and the range is defined
// (range[0] < range[1]), or, with uselimit, copies the limits of a limited hinge/slide joint or
// tendon target unscaled (the gear is not applied, as in MuJoCo; see
// doc/conformance.md#length-range). Otherwise it simulates twice from qpos0 with
// contacts, springs, dampers, gravity, friction loss and actuation disabled (limits stay on) at
// opt->timestep (the model's when 0): each step applies qfrc_applied = -/+ F moment with F = accel
// / |M^-1 moment| (scaled down to norm maxforce when maxforce > 0 and |qfrc_applied| exceeds it),
// then scales qvel by exp(-timestep / timeconst). Over the last `interval` of `inttotal` seconds
// the smallest (resp. largest) actuator length is recorded. The result is stored in
// actuator_lengthrange; an empty range or a spread over the interval larger than tolrange times the
// range returns 0 with a message in error. d is reset afterwards. Needs mj_step1 / mj_step2 and the
// constraint solver for the limits.

#ifndef MOTUS_ENGINE_ENGINE_SETCONST_TENDON_H_
#define MOTUS_ENGINE_ENGINE_SETCONST_TENDON_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

void mj_setConstTendon(mjModel* m, mjData* d);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_SETCONST_TENDON_H_
