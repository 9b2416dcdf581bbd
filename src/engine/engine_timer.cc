// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Stage timers; see engine_timer.h.

#include "engine/engine_timer.h"

#include <mujoco/mujoco.h>

mjtNum mj_timerStart(void) {
  return mjcb_time ? mjcb_time() : 0;
}

void mj_timerStop(mjData* d, int index, mjtNum start) {
  if (mjcb_time) {
    d->timer[index].duration += mjcb_time() - start;
    d->timer[index].number++;
  }
}
