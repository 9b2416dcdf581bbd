// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Engine plugin instances (programming_extension.rst "Declaration in MJCF", "Configuration in
// MJCF", "Plugin state"):
//   * every instance (mjs_addPlugin; MJCF <instance> or an implicit instance created in place)
//     names a registered plugin; its configuration keys must be attributes of that plugin;
//   * plugin_attr holds, per instance, the value of every attribute of the plugin in declaration
//     order ("" when not configured), each terminated by a null character;
//   * bodies, geoms, actuators and sensors refer to an instance, explicitly by name or to the
//     instance created for them; body_plugin, geom_plugin, actuator_plugin, sensor_plugin;
//   * the state size of each instance (nstate) and the output size of each plugin sensor
//     (nsensordata) are asked of the plugin with the filled model; plugin sensors are laid out
//     after the built-in sensors in sensordata, by instance and then by sensor id.

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"

namespace motus {

namespace {

// the instance an element's reference designates; -1 (no reference) or -2 (error, reported)
int ResolveRef(CompileContext* c, const mjsPlugin& ref, const PluginOwn& own,
               const SpecElement* who, const char* kind) {
  if (!ref.active) {
    return -1;
  }
  int id = -1;
  if (ref.element && ref.element != who) {
    const SpecElement* target = static_cast<const SpecElement*>(ref.element);
    if (target->elemtype == mjOBJ_PLUGIN) {
      if (target->model == c->spec) {
        id = target->id;
      } else {
        // a copy of the spec (fusestatic, discardvisual) refers to the source's instances:
        // instances are copied in order, so the index designates the copy
        const auto& src = target->model->plugins;
        for (size_t k = 0; k < src.size(); k++) {
          if (src[k].get() == target && k < c->spec->plugins.size()) {
            id = static_cast<int>(k);
          }
        }
      }
    }
  }
  if (id < 0 && !own.name.empty()) {
    id = c->FindId(mjOBJ_PLUGIN, own.name);
    if (id < 0) {
      c->Error(std::string(kind) + " refers to an unknown plugin instance '" + own.name + "'", who);
      return -2;
    }
  }
  if (id < 0) {
    c->Error(std::string(kind) + " has a plugin but names no plugin instance", who);
    return -2;
  }
  const std::string& instance_plugin = c->spec->plugins[id]->own.plugin_name;
  if (!own.plugin_name.empty() && own.plugin_name != instance_plugin) {
    c->Error(std::string(kind) + " asks for plugin '" + own.plugin_name + "' but instance " +
                 std::to_string(id) + " is of plugin '" + instance_plugin + "'",
             who);
    return -2;
  }
  return id;
}

template <class T>
bool ResolveAll(CompileContext* c, const std::vector<T*>& list, std::vector<int>* out,
                const char* kind) {
  out->assign(list.size(), -1);
  for (size_t i = 0; i < list.size(); i++) {
    int id = ResolveRef(c, list[i]->s.plugin, list[i]->own.plugin, list[i], kind);
    if (id == -2) {
      return false;
    }
    (*out)[i] = id;
  }
  return true;
}

template <class T>
std::vector<T*> Raw(const std::vector<std::unique_ptr<T>>& list) {
  std::vector<T*> out;
  for (const auto& e : list) {
    out.push_back(e.get());
  }
  return out;
}

// the configuration of an instance, flattened in attribute order
std::string Flatten(const mjpPlugin* plugin, const SpecPlugin* instance) {
  std::string out;
  for (int k = 0; k < plugin->nattribute; k++) {
    auto it = instance->config.find(plugin->attributes[k]);
    if (it != instance->config.end()) {
      out += it->second;
    }
    out.push_back('\0');
  }
  return out;
}

}  // namespace

bool ResolvePlugins(CompileContext* c) {
  const auto& instances = c->spec->plugins;
  c->plugin_slot.assign(instances.size(), -1);
  for (size_t i = 0; i < instances.size(); i++) {
    const SpecPlugin* p = instances[i].get();
    int slot = -1;
    const mjpPlugin* plugin = mjp_getPlugin(p->own.plugin_name.c_str(), &slot);
    const auto& active = c->spec->active_plugins;
    if (plugin && std::find(active.begin(), active.end(), p->own.plugin_name) == active.end()) {
      // as in MuJoCo, a model declares the plugins it uses
      return c->Error("unrecognized plugin '" + p->own.plugin_name +
                          "': declare it in <extension><plugin> (mjs_activatePlugin)",
                      p);
    }
    if (!plugin) {
      return c->Error("plugin '" + p->own.plugin_name +
                          "' not found (not registered: load its library with "
                          "mj_loadPluginLibrary)",
                      p);
    }
    for (const auto& kv : p->config) {
      bool known = false;
      for (int k = 0; k < plugin->nattribute; k++) {
        known = known || kv.first == plugin->attributes[k];
      }
      if (!known) {
        return c->Error("unrecognized attribute 'plugin:" + kv.first + "' for plugin '" +
                            p->own.plugin_name + "'",
                        p);
      }
    }
    c->plugin_slot[i] = slot;
  }
  if (!ResolveAll(c, c->bodies, &c->body_plugin, "body") ||
      !ResolveAll(c, c->geoms, &c->geom_plugin, "geom") ||
      !ResolveAll(c, Raw(c->spec->meshes), &c->mesh_plugin, "mesh") ||
      !ResolveAll(c, Raw(c->spec->actuators), &c->actuator_plugin, "actuator") ||
      !ResolveAll(c, Raw(c->spec->sensors), &c->sensor_plugin, "sensor")) {
    return false;
  }

  // capabilities the elements need
  for (size_t i = 0; i < c->actuator_plugin.size(); i++) {
    int id = c->actuator_plugin[i];
    if (id >= 0 && !(c->Plugin(id)->capabilityflags & mjPLUGIN_ACTUATOR)) {
      return c->Error(
          "plugin '" + c->spec->plugins[id]->own.plugin_name + "' is not an actuator plugin",
          c->spec->actuators[i].get());
    }
  }
  for (size_t i = 0; i < c->sensor_plugin.size(); i++) {
    int id = c->sensor_plugin[i];
    const SpecSensor* sen = c->spec->sensors[i].get();
    // a hostile spec may hold any int in the type: read it as an int, not as an mjtSensor (an
    // out-of-range enum load is undefined); the sensor check rejects unknown types later
    int type;
    std::memcpy(&type, &sen->s.type, sizeof(type));
    if (type == mjSENS_PLUGIN && id < 0) {
      return c->Error("plugin sensor without a plugin instance", sen);
    }
    if (id >= 0 && !(c->Plugin(id)->capabilityflags & mjPLUGIN_SENSOR)) {
      return c->Error(
          "plugin '" + c->spec->plugins[id]->own.plugin_name + "' is not a sensor plugin", sen);
    }
  }
  for (size_t i = 0; i < c->geom_plugin.size(); i++) {
    int id = c->geom_plugin[i];
    if (id >= 0 && !(c->Plugin(id)->capabilityflags & mjPLUGIN_SDF)) {
      return c->Error("plugin '" + c->spec->plugins[id]->own.plugin_name + "' is not an SDF plugin",
                      c->geoms[i]);
    }
  }
  if (c->plugin_statenum.size() != instances.size()) {
    c->plugin_statenum.assign(instances.size(), 0);
  }
  if (c->plugin_sensor_dim.size() != c->sensor_plugin.size()) {
    c->plugin_sensor_dim.assign(c->sensor_plugin.size(), 0);
  }
  return true;
}

bool QueryPlugins(CompileContext* c, bool* resize) {
  mjModel* m = c->m;
  *resize = false;
  int nstate_total = 0;
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = c->Plugin(i);
    if (!plugin->nstate) {
      return c->Error("plugin '" + std::string(plugin->name) + "' has no nstate callback",
                      c->spec->plugins[i].get());
    }
    int nstate = plugin->nstate(m, i);
    if (nstate < 0) {
      return c->Error("plugin '" + std::string(plugin->name) + "' reports a negative state size",
                      c->spec->plugins[i].get());
    }
    *resize = *resize || nstate != c->plugin_statenum[i];
    c->plugin_statenum[i] = nstate;
    nstate_total += nstate;
  }
  int ndata = 0;
  for (int s = 0; s < m->nsensor; s++) {
    int id = c->sensor_plugin[s];
    if (id < 0) {
      continue;
    }
    const mjpPlugin* plugin = c->Plugin(id);
    if (!plugin->nsensordata) {
      return c->Error(
          "sensor plugin '" + std::string(plugin->name) + "' has no nsensordata callback",
          c->spec->sensors[s].get());
    }
    int dim = plugin->nsensordata(m, id, s);
    if (dim < 0) {
      return c->Error(
          "sensor plugin '" + std::string(plugin->name) + "' reports a negative output size",
          c->spec->sensors[s].get());
    }
    *resize = *resize || dim != c->plugin_sensor_dim[s];
    c->plugin_sensor_dim[s] = dim;
    ndata += dim;
  }
  if (*resize) {
    // m was allocated and filled with the previous answers
    int old_data = 0;
    for (int s = 0; s < m->nsensor; s++) {
      old_data += c->sensor_plugin[s] >= 0 ? m->sensor_dim[s] : 0;
    }
    c->sizes.npluginstate = nstate_total;
    c->sizes.nsensordata += ndata - old_data;
  }
  return true;
}

namespace {

bool SizePlugins(CompileContext* c) {
  size_t nattr = 0;
  int nstate = 0;
  for (size_t i = 0; i < c->spec->plugins.size(); i++) {
    nattr += Flatten(c->Plugin(static_cast<int>(i)), c->spec->plugins[i].get()).size();
    nstate += c->plugin_statenum[i];
  }
  c->sizes.nplugin = static_cast<mjtSize>(c->spec->plugins.size());
  c->sizes.npluginattr = static_cast<mjtSize>(nattr);
  c->sizes.npluginstate = nstate;
  return true;
}

bool FillPlugins(CompileContext* c) {
  mjModel* m = c->m;
  int attradr = 0, stateadr = 0;
  for (int i = 0; i < m->nplugin; i++) {
    std::string flat = Flatten(c->Plugin(i), c->spec->plugins[i].get());
    m->plugin[i] = c->plugin_slot[i];
    m->plugin_attradr[i] = attradr;
    std::copy(flat.begin(), flat.end(), m->plugin_attr + attradr);
    attradr += static_cast<int>(flat.size());
    m->plugin_stateadr[i] = stateadr;
    m->plugin_statenum[i] = c->plugin_statenum[i];
    stateadr += c->plugin_statenum[i];
  }
  for (int i = 0; i < m->nbody; i++) {
    m->body_plugin[i] = c->body_plugin[i];
  }
  for (int i = 0; i < m->ngeom; i++) {
    m->geom_plugin[i] = c->geom_plugin[i];
  }
  for (int i = 0; i < m->nu; i++) {
    m->actuator_plugin[i] = c->actuator_plugin[i];
  }
  for (int i = 0; i < m->nsensor; i++) {
    m->sensor_plugin[i] = c->sensor_plugin[i];
  }
  return true;
}

}  // namespace

const CompileKind kCompilePlugins = {"plugins", SizePlugins, FillPlugins, nullptr};

}  // namespace motus
