// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// What the first-party plugins share: their per-instance C++ state, held in
// mjData.plugin_data[instance] as a pointer (made by init, deep-copied by copy, freed by
// destroy: programming_extension.rst "plugin state"), and the parsing of their configuration
// values (mj_getPluginConfig text). Header-only: each plugin is a shared library of its own.

#ifndef MOTUS_PLUGIN_PLUGIN_INSTANCE_H_
#define MOTUS_PLUGIN_PLUGIN_INSTANCE_H_

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include <mujoco/mujoco.h>

namespace motus_plugin {

// the state of an instance, or nullptr before init
template <class T>
T* Instance(const mjData* d, int instance) {
  return reinterpret_cast<T*>(d->plugin_data[instance]);
}

template <class T>
void SetInstance(mjData* d, int instance, T* state) {
  d->plugin_data[instance] = reinterpret_cast<uintptr_t>(state);
}

// mjpPlugin.destroy
template <class T>
void DestroyInstance(mjData* d, int instance) {
  delete Instance<T>(d, instance);
  d->plugin_data[instance] = 0;
}

// mjpPlugin.copy: a deep copy, so that mj_copyData's copy runs on its own
template <class T>
void CopyInstance(mjData* dest, const mjModel* m, const mjData* src, int instance) {
  (void)m;
  SetInstance(dest, instance, new T(*Instance<T>(src, instance)));
}

// mjpPlugin.nstate of plugins that keep no state in mjData.plugin_state
inline int NoPluginState(const mjModel* m, int instance) {
  (void)m;
  (void)instance;
  return 0;
}

// the text of a configuration key, or nullptr when it is absent or empty
inline const char* ConfigText(const mjModel* m, int instance, const char* name) {
  const char* text = mj_getPluginConfig(m, instance, name);
  return text && text[0] ? text : nullptr;
}

// exactly n finite numbers separated by white space; false when the key is absent, has fewer or
// more numbers, or anything else
inline bool ConfigNumbers(const mjModel* m, int instance, const char* name, int n, double* out) {
  const char* text = ConfigText(m, instance, name);
  if (!text) {
    return false;
  }
  for (int i = 0; i < n; i++) {
    char* end = nullptr;
    out[i] = std::strtod(text, &end);
    if (end == text || !std::isfinite(out[i])) {
      return false;
    }
    text = end;
  }
  while (std::isspace(static_cast<unsigned char>(*text))) {
    text++;
  }
  return *text == '\0';
}

}  // namespace motus_plugin

#endif  // MOTUS_PLUGIN_PLUGIN_INSTANCE_H_
