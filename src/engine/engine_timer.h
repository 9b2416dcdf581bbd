// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Stage timers (programming_simulation.rst "Diagnostics"): mjData.timer[mjNTIMER] accumulates
// the duration and the number of calls of each timed stage, read from the user's mjcb_time
// callback; without a callback nothing is measured and every timer stays 0.

#ifndef MOTUS_ENGINE_ENGINE_TIMER_H_
#define MOTUS_ENGINE_ENGINE_TIMER_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Current time from mjcb_time, or 0 when no timer callback is installed.
mjtNum mj_timerStart(void);

// Adds the time elapsed since `start` to d->timer[index] and counts one call; does nothing when
// no timer callback is installed (all durations and counts then stay 0).
void mj_timerStop(mjData* d, int index, mjtNum start);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_TIMER_H_
