// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// History buffers of delayed actuators and sensors (modeling.rst "Delays"). Every actuator or
// sensor with nsample > 0 owns a block of mjData.history at its historyadr:
//   [0]                 user slot: 0 for actuators; for sensors the time of the last scheduled
//                       computation (interval sensors) or -timestep;
//   [1]                 cursor: index of the newest sample;
//   [2, 2 + n)          the timestamps of the n samples (a ring, oldest after the cursor);
//   [2 + n, ...)        the n samples of dim values (1 for actuators, sensor_dim for sensors).
// Samples are pushed once per step by the integrators (mj_historyPush), before the state is
// advanced, with the step's start time; reads (mj_readCtrl / mj_readSensor) interpolate at
// time - delay with constant extrapolation outside the buffer.

#ifndef MOTUS_ENGINE_ENGINE_HISTORY_H_
#define MOTUS_ENGINE_ENGINE_HISTORY_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Initial buffers after a reset: zero samples, timestamps [..., -2 dt, -dt] (interval sensors:
// the schedule's past sample times rounded up to a multiple of dt).
void mj_historyReset(const mjModel* m, mjData* d);

// Appends the current controls (at d->time) to the buffers; called by every integrator before it
// advances the state, with mj_sensorHistoryPush (engine_sensor.h) for the sensors.
void mj_historyPush(const mjModel* m, mjData* d);

// Appends value (sensor_dim[i] numbers, at d->time) to the buffer of sensor i, if it has one and
// is due; nothing otherwise.
void mj_historyPushSensor(const mjModel* m, mjData* d, int i, const mjtNum* value);

// The control actuator i acts on: d->ctrl[i], or its delayed value when actuator_delay > 0.
mjtNum mj_historyCtrl(const mjModel* m, const mjData* d, int i);

// 1 if sensor i is computed at d->time: always, except interval sensors between their samples.
int mj_sensorDue(const mjModel* m, const mjData* d, int i);

// 1 if the sensor stage reads sensor i from its buffer instead of computing it (delay > 0).
int mj_sensorDelayed(const mjModel* m, int i);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_HISTORY_H_
