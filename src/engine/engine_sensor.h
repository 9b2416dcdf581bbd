// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sensors (XMLreference.rst "sensor"; computation_index.rst "Simulation pipeline", stages 12, 16
// and 23). Public functions (declared in mujoco.h):
//   engine_sensor.cc       mj_sensorPos, mj_sensorVel, mj_sensorAcc; position and velocity
//                          sensors; mj_energyPos, mj_energyVel
//   engine_sensor_acc.cc   acceleration / force sensors, contact-based sensors (touch, contact)
//
// Each stage computes the sensors whose m->sensor_needstage equals that stage, writing
// m->sensor_dim[i] numbers at d->sensordata + m->sensor_adr[i]; user sensors (mjSENS_USER) of the
// stage are computed by mjcb_sensor(m, d, stage). Quantities computed lazily, as the spec says:
// mj_subtreeVel for subtreelinvel / subtreeangmom / user vel sensors, mj_rnePostConstraint for
// accelerometer / force / torque / framelinacc / frameangacc / user acc sensors, mj_energyPos /
// mj_energyVel for e_potential / e_kinetic (each at most once per forward pass, through the
// d->flg_* marks).
// After a stage, sensors with a positive cutoff are clamped (to [-cutoff, cutoff] for real data,
// to [0, cutoff] for positive data; axis and quaternion data, and the collision and contact
// sensors, whose cutoff has another meaning, are not clamped). Nothing is computed when
// mjDSBL_SENSOR is set. Noise is NOT added by the engine (sensor_noise is metadata for the
// user). Not computed (left zero): tactile and plugin sensors.

#ifndef MOTUS_ENGINE_ENGINE_SENSOR_H_
#define MOTUS_ENGINE_ENGINE_SENSOR_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// mj_sensorPos (stage 12, after mj_fwdPosition), mj_sensorVel (stage 16, after mj_fwdVelocity)
// and mj_sensorAcc (stage 23, after mj_fwdConstraint) are declared in mujoco.h.

// ---------------------------------------------------------------------------------------------
// internal helpers shared by the sensor files

// Computes acceleration-stage sensor i into out (engine_sensor_acc.cc).
void mj_sensorAccOne(const mjModel* m, mjData* d, int i, mjtNum* out);

// Appends the sensor values at d->time to the history buffers of the sensors that have one
// (engine_history.h); delayed sensors are computed afresh from the current state (built-in ones;
// user, plugin and tactile sensors keep the value they have). Called by every integrator with
// mj_historyPush, before it advances the state.
void mj_sensorHistoryPush(const mjModel* m, mjData* d);

// Frame (position, rotation matrix) of an object of type body (inertial frame), xbody, geom,
// site or camera; returns 0 for other types or bad ids.
int mj_sensorFrame(const mjModel* m, const mjData* d, int objtype, int id, const mjtNum** pos,
                   const mjtNum** mat);

// Force and torque of contact i in its contact frame (normal, tangent, tangent), from efc_force
// (pyramidal rows decoded; elliptic rows copied); zero for contacts without rows.
void mj_sensorContactForce(const mjModel* m, const mjData* d, int i, mjtNum result[6]);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_SENSOR_H_
