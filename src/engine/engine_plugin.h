// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Engine plugins (programming_extension.rst "Engine plugins"): the global table of registered
// plugins and the calls of their callbacks at the documented points of the pipeline.
//   engine_plugin.cc         registry (mjp_registerPlugin, ...), library loading, configuration
//   engine_plugin_call.cc    the pipeline calls below
//   engine_sdf.cc            the public signed distance functions (mjc_getSDF, mjc_distance, ...)
//   engine_resource.cc       resource providers, decoders and encoders (mjp_*Resource*, ...)
//
// Each plugin instance i of a model (0 <= i < nplugin) runs the plugin registered in slot
// m->plugin[i]; its configuration is the null-separated list of strings at
// m->plugin_attr + m->plugin_attradr[i], one per attribute of the plugin, in declaration order.

#ifndef MOTUS_ENGINE_ENGINE_PLUGIN_H_
#define MOTUS_ENGINE_ENGINE_PLUGIN_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// the plugin of instance i of a model; mju_error when its slot is not registered
const mjpPlugin* mj_instancePlugin(const mjModel* m, int i);

// mj_makeData: set d->plugin and call every instance's init (an error when one fails)
void mj_pluginInit(const mjModel* m, mjData* d);

// mj_deleteData: call every instance's destroy (through the slots stored in d->plugin)
void mj_pluginDestroyData(mjData* d);

// mj_copyData: call every instance's copy (the state itself is copied with the buffer)
void mj_pluginCopy(mjData* dest, const mjModel* m, const mjData* src);

// mj_resetData: call every instance's reset on its part of d->plugin_state
void mj_pluginReset(const mjModel* m, mjData* d);

// compute of every instance with the capability; for mjPLUGIN_SENSOR only the instances whose
// plugin needs `stage` (mjSTAGE_POS also runs those that need mjSTAGE_NONE)
void mj_pluginCompute(const mjModel* m, mjData* d, int capability, int stage);

// actuator_act_dot of every actuator plugin instance
void mj_pluginActDot(const mjModel* m, mjData* d);

// advance of every instance that has one (after the time step)
void mj_pluginAdvance(const mjModel* m, mjData* d);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_PLUGIN_H_
