// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Engine plugins in the MJCF writer (XMLreference.rst extension/plugin, extension/plugin/instance,
// plugin/config and the <plugin> children of body, geom and mesh, actuator/plugin,
// sensor/plugin). A plugin instance is written either in <extension> (with its name, referenced
// by `instance=`) or in place at the one element that uses it (`plugin=` and <config> children),
// as MuJoCo writes them:
//   - named instances go to <extension>;
//   - an unnamed instance referenced by one element is written in place;
//   - an unnamed instance referenced by several elements (e.g. one elasticity plugin shared by the
//     bodies of a cable) needs a name to be shared after reading back: it goes to <extension>
//     under the first free name "plugin", "plugin1", ...
// <extension> lists every plugin the spec activates (mjs_activatePlugin, in that order) and then
// the plugins of instances not activated explicitly. Configuration keys are written in the order
// of the plugin's declared attributes (keys the plugin does not declare, then, in key order).

#include <map>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "xml/xml_writer.h"

namespace motus {

namespace {

using Config = std::map<std::string, std::string, std::less<>>;

std::string Str(const mjString* s) {
  return s ? std::string(*s) : std::string();
}

// the <config> children of an instance
void WriteConfig(XmlNode* node, const mjsPlugin* instance) {
  const auto* config = static_cast<const Config*>(mjs_getPluginAttributes(instance));
  if (!config) {
    return;
  }
  std::set<std::string> done;
  const mjpPlugin* plugin = mjp_getPlugin(Str(instance->plugin_name).c_str(), nullptr);
  for (int i = 0; plugin && i < plugin->nattribute; i++) {
    auto it = config->find(plugin->attributes[i]);
    if (it != config->end() && done.insert(it->first).second) {
      XmlNode* c = node->Add("config");
      c->Set("key", it->first);
      c->Set("value", it->second);
    }
  }
  for (const auto& kv : *config) {
    if (done.insert(kv.first).second) {
      XmlNode* c = node->Add("config");
      c->Set("key", kv.first);
      c->Set("value", kv.second);
    }
  }
}

// the plugin references of the spec's elements, in document order
std::vector<const mjsPlugin*> References(mjSpec* s) {
  std::vector<const mjsPlugin*> refs;
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_MESH); e; e = mjs_nextElement(s, e)) {
    refs.push_back(&mjs_asMesh(e)->plugin);
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_BODY); e; e = mjs_nextElement(s, e)) {
    refs.push_back(&mjs_asBody(e)->plugin);
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_GEOM); e; e = mjs_nextElement(s, e)) {
    refs.push_back(&mjs_asGeom(e)->plugin);
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_ACTUATOR); e; e = mjs_nextElement(s, e)) {
    refs.push_back(&mjs_asActuator(e)->plugin);
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_SENSOR); e; e = mjs_nextElement(s, e)) {
    refs.push_back(&mjs_asSensor(e)->plugin);
  }
  return refs;
}

}  // namespace

PluginWriter::PluginWriter(mjSpec* s) : s_(s) {
  std::map<const mjsElement*, int> uses;
  for (const mjsPlugin* p : References(s)) {
    if (p->active && p->element) {
      uses[p->element]++;
    }
  }
  std::set<std::string> taken;
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_PLUGIN); e; e = mjs_nextElement(s, e)) {
    taken.insert(Str(mjs_getName(e)));
  }
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_PLUGIN); e; e = mjs_nextElement(s, e)) {
    std::string name = Str(mjs_getName(e));
    if (name.empty() && uses[e] > 1) {
      name = "plugin";
      for (int k = 1; taken.count(name); k++) {
        name = "plugin" + std::to_string(k);
      }
      taken.insert(name);
    }
    if (!name.empty()) {
      names_[e] = name;
    }
  }
}

void PluginWriter::Extension(XmlNode* root) const {
  // plugins in order: activated ones, then those of instances written here
  std::vector<std::string> plugins;
  std::set<std::string> listed;
  for (const std::string& name : ToModel(s_)->active_plugins) {
    if (listed.insert(name).second) {
      plugins.push_back(name);
    }
  }
  for (mjsElement* e = mjs_firstElement(s_, mjOBJ_PLUGIN); e; e = mjs_nextElement(s_, e)) {
    std::string name = Str(mjs_asPlugin(e)->plugin_name);
    if (names_.count(e) && listed.insert(name).second) {
      plugins.push_back(name);
    }
  }
  if (plugins.empty()) {
    return;
  }
  XmlNode* extension = root->Add("extension");
  for (const std::string& name : plugins) {
    XmlNode* node = extension->Add("plugin");
    node->Set("plugin", name);
    for (mjsElement* e = mjs_firstElement(s_, mjOBJ_PLUGIN); e; e = mjs_nextElement(s_, e)) {
      const mjsPlugin* instance = mjs_asPlugin(e);
      auto it = names_.find(e);
      if (it == names_.end() || Str(instance->plugin_name) != name) {
        continue;
      }
      XmlNode* inode = node->Add("instance");
      inode->Set("name", it->second);
      WriteConfig(inode, instance);
    }
  }
}

void PluginWriter::Reference(XmlNode* node, const mjsPlugin& p, bool child) const {
  if (!p.active || (!p.element && Str(p.plugin_name).empty())) {
    return;
  }
  XmlNode* target = child ? node->Add("plugin") : node;
  auto it = p.element ? names_.find(p.element) : names_.end();
  if (it != names_.end()) {
    target->Set("instance", it->second);
    return;
  }
  const mjsPlugin* instance = p.element ? mjs_asPlugin(p.element) : nullptr;
  target->Set("plugin", Str(instance ? instance->plugin_name : p.plugin_name));
  if (instance) {
    WriteConfig(target, instance);
  }
}

}  // namespace motus
