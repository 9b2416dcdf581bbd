// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Loading a model that uses a first-party plugin, as a user does: load the plugin's library, then
// the model from a file or from MJCF text. Header-only, shared by the plugin tests.

#ifndef MOTUS_TEST_PLUGIN_PLUGIN_MODEL_H_
#define MOTUS_TEST_PLUGIN_PLUGIN_MODEL_H_

#include <string>

#include <mujoco/mujoco.h>

namespace motus_test {

// a model and its data, freed together; both null and `error` set when loading failed
struct PluginModel {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  std::string error;
  PluginModel() = default;
  PluginModel(const PluginModel&) = delete;
  PluginModel& operator=(const PluginModel&) = delete;
  ~PluginModel() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
};

// the model of MJCF text, or null with the parse or compile error
inline mjModel* CompileModelString(const std::string& xml, std::string* error) {
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
  if (!spec) {
    *error = err;
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  if (!m) {
    *error = mjs_getError(spec);
  }
  mj_deleteSpec(spec);
  return m;
}

// the same with `library` loaded first
inline mjModel* CompilePluginModel(const char* library, const std::string& xml,
                                   std::string* error) {
  mj_loadPluginLibrary(library);
  return CompileModelString(xml, error);
}

// model and data of MJCF text
inline void LoadPluginModelString(const char* library, const std::string& xml, PluginModel* out) {
  out->m = CompilePluginModel(library, xml, &out->error);
  if (out->m) {
    out->d = mj_makeData(out->m);
  }
}

// model and data of an MJCF file
inline void LoadPluginModelFile(const char* library, const std::string& path, PluginModel* out) {
  mj_loadPluginLibrary(library);
  char err[1000] = "";
  out->m = mj_loadXML(path.c_str(), nullptr, err, sizeof(err));
  out->error = err;
  if (out->m) {
    out->d = mj_makeData(out->m);
  }
}

}  // namespace motus_test

#endif  // MOTUS_TEST_PLUGIN_PLUGIN_MODEL_H_
