// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The global plugin table (APIreference_functions.rst "Plugins"): registration is thread-safe
// and a plugin keeps its slot for the life of the process. Registering a plugin copies it,
// including its name and attribute strings, so a library may register a struct on its stack.
// Registering an identical plugin again (same numbers, callbacks and strings) returns the slot
// it already has; a different plugin under a taken name is an error.
//
// Plugin libraries register their plugins from a function run when the library is loaded
// (mjPLUGIN_LIB_INIT): mj_loadPluginLibrary only has to dlopen the file.

#include "engine/engine_plugin.h"

#include <dirent.h>
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/engine_util_errmem.h"

namespace {

// a registered plugin with the strings it points to
struct PluginEntry {
  mjpPlugin plugin;
  std::string name;
  std::vector<std::string> attributes;
  std::vector<const char*> attribute_ptrs;
};

// Slots are never freed; the table has a fixed capacity so that readers (every step, through
// mjp_getPluginAtSlot) need no lock: a slot is published by the release-store of the count.
constexpr int kMaxPlugins = 4096;
std::unique_ptr<PluginEntry> g_plugins[kMaxPlugins];
std::atomic<int> g_nplugin{0};
std::mutex g_plugin_mutex;

bool sameString(const char* a, const char* b) {
  if (!a || !b) {
    return a == b;
  }
  return std::strcmp(a, b) == 0;
}

// identical as mjp_registerPlugin defines it: numbers and callbacks equal, strings equal
bool samePlugin(const mjpPlugin& a, const mjpPlugin& b) {
  if (!sameString(a.name, b.name) || a.nattribute != b.nattribute ||
      a.capabilityflags != b.capabilityflags || a.needstage != b.needstage) {
    return false;
  }
  for (int i = 0; i < a.nattribute; i++) {
    if (!sameString(a.attributes[i], b.attributes[i])) {
      return false;
    }
  }
  return a.nstate == b.nstate && a.nsensordata == b.nsensordata && a.init == b.init &&
         a.destroy == b.destroy && a.copy == b.copy && a.reset == b.reset &&
         a.compute == b.compute && a.advance == b.advance && a.visualize == b.visualize &&
         a.actuator_act_dot == b.actuator_act_dot && a.sdf_distance == b.sdf_distance &&
         a.sdf_gradient == b.sdf_gradient && a.sdf_staticdistance == b.sdf_staticdistance &&
         a.sdf_attribute == b.sdf_attribute && a.sdf_aabb == b.sdf_aabb;
}

// the plugin in a slot, without a lock (slots below the published count are immutable)
const mjpPlugin* pluginAt(int slot) {
  if (slot < 0 || slot >= g_nplugin.load(std::memory_order_acquire)) {
    return nullptr;
  }
  return &g_plugins[slot]->plugin;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// registry

void mjp_defaultPlugin(mjpPlugin* plugin) {
  if (plugin) {
    std::memset(plugin, 0, sizeof(mjpPlugin));
  }
}

int mjp_registerPlugin(const mjpPlugin* plugin) {
  if (!plugin || !plugin->name || !plugin->name[0]) {
    mjERROR("plugin->name is missing");
    return -1;
  }
  if (plugin->nattribute < 0 || (plugin->nattribute > 0 && !plugin->attributes)) {
    mjERROR("plugin '%s' declares %d attributes without names", plugin->name, plugin->nattribute);
    return -1;
  }
  for (int i = 0; i < plugin->nattribute; i++) {
    if (!plugin->attributes[i] || !plugin->attributes[i][0]) {
      mjERROR("plugin '%s': attribute %d has no name", plugin->name, i);
      return -1;
    }
  }

  std::lock_guard<std::mutex> lock(g_plugin_mutex);
  int n = g_nplugin.load(std::memory_order_relaxed);
  for (int i = 0; i < n; i++) {
    const mjpPlugin& other = g_plugins[i]->plugin;
    if (std::strcmp(other.name, plugin->name) == 0) {
      if (samePlugin(other, *plugin)) {
        return i;
      }
      mjERROR("a different plugin named '%s' is already registered", plugin->name);
      return -1;
    }
  }
  if (n >= kMaxPlugins) {
    mjERROR("too many plugins (at most %d)", kMaxPlugins);
    return -1;
  }

  auto entry = std::make_unique<PluginEntry>();
  entry->plugin = *plugin;
  entry->name = plugin->name;
  entry->attributes.assign(plugin->attributes, plugin->attributes + plugin->nattribute);
  for (const std::string& a : entry->attributes) {
    entry->attribute_ptrs.push_back(a.c_str());
  }
  entry->plugin.name = entry->name.c_str();
  entry->plugin.attributes = entry->attribute_ptrs.empty() ? nullptr : entry->attribute_ptrs.data();
  g_plugins[n] = std::move(entry);
  g_nplugin.store(n + 1, std::memory_order_release);
  return n;
}

int mjp_pluginCount(void) {
  return g_nplugin.load(std::memory_order_acquire);
}

const mjpPlugin* mjp_getPlugin(const char* name, int* slot) {
  int n = name ? mjp_pluginCount() : 0;
  for (int i = 0; i < n; i++) {
    if (std::strcmp(g_plugins[i]->plugin.name, name) == 0) {
      if (slot) {
        *slot = i;
      }
      return &g_plugins[i]->plugin;
    }
  }
  if (slot) {
    *slot = -1;
  }
  return nullptr;
}

const mjpPlugin* mjp_getPluginAtSlot(int slot) {
  return pluginAt(slot);
}

// ---------------------------------------------------------------------------------------------
// libraries

void mj_loadPluginLibrary(const char* path) {
  if (!path || !path[0]) {
    mju_warning("mj_loadPluginLibrary: no library path given");
    return;
  }
  // the library registers its plugins from its load-time initializer; the handle is kept open
  // for the life of the process (registered callbacks point into it)
  void* handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    mju_warning("mj_loadPluginLibrary: could not load plugin library '%s': %s", path,
                why ? why : "unknown error");
  }
}

void mj_loadAllPluginLibraries(const char* directory, mjfPluginLibraryLoadCallback callback) {
  if (!directory || !directory[0]) {
    return;
  }
  DIR* dir = opendir(directory);
  if (!dir) {
    mju_warning("mj_loadAllPluginLibraries: cannot open directory '%s'", directory);
    return;
  }
  // shared libraries in name order, so that slots do not depend on the file system's order
  std::vector<std::string> files;
  while (const dirent* e = readdir(dir)) {
    std::string name = e->d_name;
    const std::string ext = ".so";
    if (name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) {
      files.push_back(name);
    }
  }
  closedir(dir);
  std::sort(files.begin(), files.end());

  std::string base = directory;
  if (base.back() != '/') {
    base += '/';
  }
  for (const std::string& f : files) {
    std::string path = base + f;
    int before = mjp_pluginCount();
    mj_loadPluginLibrary(path.c_str());
    int after = mjp_pluginCount();
    if (callback && after > before) {
      callback(path.c_str(), before, after - before);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// configuration

const char* mj_getPluginConfig(const mjModel* m, int plugin_id, const char* attrib) {
  if (!m || !attrib || plugin_id < 0 || plugin_id >= m->nplugin) {
    return nullptr;
  }
  const mjpPlugin* plugin = pluginAt(m->plugin[plugin_id]);
  if (!plugin) {
    return nullptr;
  }
  // the values are stored one after the other, each null-terminated, in attribute order
  const char* value = m->plugin_attr + m->plugin_attradr[plugin_id];
  for (int i = 0; i < plugin->nattribute; i++) {
    if (std::strcmp(plugin->attributes[i], attrib) == 0) {
      return value;
    }
    value += std::strlen(value) + 1;
  }
  return nullptr;
}

const mjpPlugin* mj_instancePlugin(const mjModel* m, int i) {
  const mjpPlugin* plugin = pluginAt(m->plugin[i]);
  if (!plugin) {
    mjERROR("plugin instance %d: no plugin is registered in slot %d", i, m->plugin[i]);
  }
  return plugin;
}
