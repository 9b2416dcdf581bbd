// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Calls of the plugin callbacks at the points programming_extension.rst documents:
//   mj_makeData    init (the plugin allocates its plugin_data), then reset;
//   mj_deleteData  destroy;  mj_copyData  copy (after the state is copied);
//   mj_resetData   reset of the instance's plugin_state;
//   mj_fwdActuation  actuator_act_dot after the built-in act_dot, compute(mjPLUGIN_ACTUATOR)
//                  after the built-in forces;
//   mj_passive     compute(mjPLUGIN_PASSIVE) after mjcb_passive;
//   mj_sensorPos/Vel/Acc  compute(mjPLUGIN_SENSOR) for the plugins that need that stage;
//   integration    advance, once the time has advanced.

#include "engine/engine_plugin.h"

#include "engine/engine_util_errmem.h"

void mj_pluginInit(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nplugin; i++) {
    d->plugin[i] = m->plugin[i];
    d->plugin_data[i] = 0;
  }
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mj_instancePlugin(m, i);
    if (plugin && plugin->init && plugin->init(m, d, i) < 0) {
      mjERROR("plugin->init failed for plugin instance %d ('%s')", i, plugin->name);
      return;
    }
  }
}

void mj_pluginDestroyData(mjData* d) {
  for (int i = 0; i < d->nplugin; i++) {
    const mjpPlugin* plugin = mjp_getPluginAtSlot(d->plugin[i]);
    if (plugin && plugin->destroy) {
      plugin->destroy(d, i);
    }
  }
}

void mj_pluginCopy(mjData* dest, const mjModel* m, const mjData* src) {
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mj_instancePlugin(m, i);
    if (plugin && plugin->copy) {
      plugin->copy(dest, m, src, i);
    }
  }
}

void mj_pluginReset(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mj_instancePlugin(m, i);
    if (plugin && plugin->reset) {
      plugin->reset(m, d->plugin_state + m->plugin_stateadr[i],
                    reinterpret_cast<void*>(d->plugin_data[i]), i);
    }
  }
}

void mj_pluginCompute(const mjModel* m, mjData* d, int capability, int stage) {
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mj_instancePlugin(m, i);
    if (!plugin || !(plugin->capabilityflags & capability) || !plugin->compute) {
      continue;
    }
    if (capability == mjPLUGIN_SENSOR) {
      int need = plugin->needstage == mjSTAGE_NONE ? mjSTAGE_POS : plugin->needstage;
      if (need != stage) {
        continue;
      }
    }
    plugin->compute(m, d, i, capability);
  }
}

void mj_pluginActDot(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mj_instancePlugin(m, i);
    if (plugin && (plugin->capabilityflags & mjPLUGIN_ACTUATOR) && plugin->actuator_act_dot) {
      plugin->actuator_act_dot(m, d, i);
    }
  }
}

void mj_pluginAdvance(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mj_instancePlugin(m, i);
    if (plugin && plugin->advance) {
      plugin->advance(m, d, i);
    }
  }
}
