/* Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
 *
 * A small engine plugin, built as its own shared library against the public API only, for
 * plugin_library_test: "motus.test.probe" is an actuator, sensor and passive plugin whose
 * outputs show which callback ran and when.
 *   attributes   gain, offset
 *   state        2 numbers per instance: [advance count, offset] (reset writes 0, offset)
 *   actuator     actuator_force = gain * ctrl; act_dot of a plugin state = ctrl
 *   passive      qfrc_passive[0] += gain
 *   sensor       3 numbers, needs the velocity stage: [time, qvel[0], compute count]
 *   data         a counter of compute calls (allocated by init, freed by destroy, duplicated
 *                by copy)
 */

#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

typedef struct {
  int ncompute;
} ProbeData;

static mjtNum attribute(const mjModel* m, int instance, const char* name) {
  const char* value = mj_getPluginConfig(m, instance, name);
  return value && value[0] ? strtod(value, NULL) : 0;
}

static int probe_nstate(const mjModel* m, int instance) {
  (void)m;
  (void)instance;
  return 2;
}

static int probe_nsensordata(const mjModel* m, int instance, int sensor_id) {
  (void)m;
  (void)instance;
  (void)sensor_id;
  return 3;
}

static int probe_init(const mjModel* m, mjData* d, int instance) {
  (void)m;
  ProbeData* data = (ProbeData*)calloc(1, sizeof(ProbeData));
  if (!data) {
    return -1;
  }
  d->plugin_data[instance] = (uintptr_t)data;
  return 0;
}

static void probe_destroy(mjData* d, int instance) {
  free((void*)d->plugin_data[instance]);
  d->plugin_data[instance] = 0;
}

static void probe_copy(mjData* dest, const mjModel* m, const mjData* src, int instance) {
  (void)m;
  ProbeData* data = (ProbeData*)malloc(sizeof(ProbeData));
  if (data) {
    *data = *(const ProbeData*)src->plugin_data[instance];
  }
  dest->plugin_data[instance] = (uintptr_t)data;
}

static void probe_reset(const mjModel* m, mjtNum* plugin_state, void* plugin_data, int instance) {
  plugin_state[0] = 0;
  plugin_state[1] = attribute(m, instance, "offset");
  ((ProbeData*)plugin_data)->ncompute = 0;
}

static void probe_compute(const mjModel* m, mjData* d, int instance, int capability_bit) {
  ProbeData* data = (ProbeData*)d->plugin_data[instance];
  mjtNum gain = attribute(m, instance, "gain");
  data->ncompute++;
  if (capability_bit == mjPLUGIN_ACTUATOR) {
    for (int i = 0; i < m->nu; i++) {
      if (m->actuator_plugin[i] == instance) {
        d->actuator_force[i] = gain * d->ctrl[i];
      }
    }
  } else if (capability_bit == mjPLUGIN_PASSIVE) {
    if (m->nv) {
      d->qfrc_passive[0] += gain;
    }
  } else if (capability_bit == mjPLUGIN_SENSOR) {
    for (int i = 0; i < m->nsensor; i++) {
      if (m->sensor_plugin[i] == instance) {
        mjtNum* out = d->sensordata + m->sensor_adr[i];
        out[0] = d->time;
        out[1] = m->nv ? d->qvel[0] : 0;
        out[2] = data->ncompute;
      }
    }
  }
}

static void probe_act_dot(const mjModel* m, mjData* d, int instance) {
  for (int i = 0; i < m->nu; i++) {
    if (m->actuator_plugin[i] == instance && m->actuator_actnum[i] > 0) {
      d->act_dot[m->actuator_actadr[i]] = d->ctrl[i];
    }
  }
}

static void probe_advance(const mjModel* m, mjData* d, int instance) {
  d->plugin_state[m->plugin_stateadr[instance]] += 1;
}

mjPLUGIN_LIB_INIT(motus_test_probe) {
  static const char* attributes[] = {"gain", "offset"};
  mjpPlugin plugin;
  mjp_defaultPlugin(&plugin);
  plugin.name = "motus.test.probe";
  plugin.capabilityflags = mjPLUGIN_ACTUATOR | mjPLUGIN_SENSOR | mjPLUGIN_PASSIVE;
  plugin.needstage = mjSTAGE_VEL;
  plugin.nattribute = 2;
  plugin.attributes = attributes;
  plugin.nstate = probe_nstate;
  plugin.nsensordata = probe_nsensordata;
  plugin.init = probe_init;
  plugin.destroy = probe_destroy;
  plugin.copy = probe_copy;
  plugin.reset = probe_reset;
  plugin.compute = probe_compute;
  plugin.actuator_act_dot = probe_act_dot;
  plugin.advance = probe_advance;
  mjp_registerPlugin(&plugin);
}
