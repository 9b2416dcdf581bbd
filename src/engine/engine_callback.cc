// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The simulation callbacks (APIreference_APIglobals.rst "Callbacks"): global function pointers,
// all NULL until the user installs one by assigning it, and mj_resetCallbacks. With the user
// error / memory handlers of engine_util_errmem.cc they are the only process-wide mutable state
// of the engine.

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

extern "C" {

MJAPI mjfGeneric mjcb_passive = nullptr;
MJAPI mjfGeneric mjcb_control = nullptr;
MJAPI mjfConFilt mjcb_contactfilter = nullptr;
MJAPI mjfSensor mjcb_sensor = nullptr;
MJAPI mjfTime mjcb_time = nullptr;
MJAPI mjfAct mjcb_act_dyn = nullptr;
MJAPI mjfAct mjcb_act_gain = nullptr;
MJAPI mjfAct mjcb_act_bias = nullptr;

}  // extern "C"

// every callback of the API back to NULL: the simulation callbacks mjcb_* and the user
// error/warning/memory handlers
void mj_resetCallbacks(void) {
  mju_clearHandlers();
  mjcb_passive = nullptr;
  mjcb_control = nullptr;
  mjcb_contactfilter = nullptr;
  mjcb_sensor = nullptr;
  mjcb_time = nullptr;
  mjcb_act_dyn = nullptr;
  mjcb_act_gain = nullptr;
  mjcb_act_bias = nullptr;
}
