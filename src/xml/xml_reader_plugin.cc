// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Engine plugins in MJCF (XMLreference.rst extension/plugin, extension/plugin/instance,
// plugin/config; programming_extension.rst "Declaration in MJCF"):
//   <extension><plugin plugin="name">       the model uses a registered plugin
//       <instance name="i"><config key="k" value="v"/></instance>   an explicit instance
//   <body|geom|mesh><plugin instance="i"/>  or  <plugin plugin="name"><config .../></plugin>,
//   <actuator><plugin ...>, <sensor><plugin ...>: a reference to an explicit instance, or an
//   instance created in place (implicit) and configured by the <config> children.
// Unregistered plugins, unknown instances and configuration keys that the plugin does not
// declare are errors located at the element.

#include <map>
#include <string>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {

namespace {

using Config = std::map<std::string, std::string, std::less<>>;

// the registered plugin of this name, or an error at the node
const mjpPlugin* FindPlugin(const XmlNode& node, const std::string& name) {
  const mjpPlugin* plugin = mjp_getPlugin(name.c_str(), nullptr);
  if (!plugin) {
    XmlFail(node, "plugin " + name +
                      " not found (no registered plugin has this name: load its library with "
                      "mj_loadPluginLibrary or mj_loadAllPluginLibraries)");
  }
  return plugin;
}

// the <config key value> children of a node, checked against the plugin's attributes
Config ReadConfig(const XmlNode& node, const mjpPlugin* plugin) {
  Config config;
  for (const XmlNode& c : node.children) {
    if (c.Name() != "config") {
      UnknownElement(c, node);
    }
    XmlAttrs a(c);
    a.Require("key");
    a.Require("value");
    std::string key, value;
    a.Str("key", &key);
    a.Str("value", &value);
    a.Finish();
    CheckLeaf(c);
    bool known = false;
    for (int k = 0; k < plugin->nattribute; k++) {
      known = known || key == plugin->attributes[k];
    }
    if (!known) {
      XmlFail(c, "unrecognized attribute 'plugin:" + key + "' for plugin '" + plugin->name + "'");
    }
    if (!config.emplace(key, value).second) {
      XmlFail(c, "repeated config key '" + key + "'");
    }
  }
  return config;
}

// a new instance of a plugin with its configuration
mjsPlugin* AddInstance(XmlContext& ctx, const XmlNode& node, const std::string& plugin_name,
                       Config* config) {
  mjsPlugin* p = mjs_addPlugin(ctx.spec);
  CheckSpec(ctx, node, p, "plugin instance");
  mjs_setString(p->plugin_name, plugin_name.c_str());
  p->active = 1;
  mjs_setPluginAttributes(p, config);
  return p;
}

}  // namespace

void ParseExtension(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    if (c.Name() != "plugin") {
      UnknownElement(c, node);
    }
    XmlAttrs a(c);
    a.Require("plugin");
    std::string name;
    a.Str("plugin", &name);
    a.Finish();
    const mjpPlugin* plugin = FindPlugin(c, name);
    mjs_activatePlugin(ctx.spec, name.c_str());
    for (const XmlNode& inst : c.children) {
      if (inst.Name() != "instance") {
        UnknownElement(inst, c);
      }
      XmlAttrs ia(inst);
      ia.Require("name");
      std::string iname;
      ia.Str("name", &iname);
      ia.Finish();
      if (mjs_findElement(ctx.spec, mjOBJ_PLUGIN, iname.c_str())) {
        XmlFail(inst, "repeated plugin instance name '" + iname + "'");
      }
      Config config = ReadConfig(inst, plugin);
      mjsPlugin* p = AddInstance(ctx, inst, name, &config);
      mjs_setName(p->element, iname.c_str());
    }
  }
}

void ReadPluginRef(XmlContext& ctx, XmlAttrs& a, mjsPlugin* ref) {
  const XmlNode& node = a.node();
  std::string name, instance;
  bool has_plugin = a.Str("plugin", &name);
  bool has_instance = a.Str("instance", &instance);
  if (!has_plugin && !has_instance) {
    a.Fail("element '" + node.Name() + "' needs attribute 'plugin' or 'instance'");
  }
  ref->active = 1;
  if (has_plugin) {
    mjs_setString(ref->plugin_name, name.c_str());
  }
  if (has_instance) {
    mjsElement* e = mjs_findElement(ctx.spec, mjOBJ_PLUGIN, instance.c_str());
    if (!e) {
      a.Fail("unknown plugin instance '" + instance +
             "' (instances are declared in <extension><plugin><instance>)");
    }
    const mjsPlugin* target = mjs_asPlugin(e);
    std::string target_plugin = mjs_getString(target->plugin_name);
    if (has_plugin && name != target_plugin) {
      a.Fail("plugin instance '" + instance + "' is of plugin '" + target_plugin + "', not '" +
             name + "'");
    }
    if (!node.children.empty()) {
      XmlFail(node.children[0],
              "a reference to an existing plugin instance cannot have <config> elements");
    }
    mjs_setString(ref->name, instance.c_str());
    ref->element = e;
    return;
  }
  // implicit instance, created in place
  const mjpPlugin* plugin = FindPlugin(node, name);
  Config config = ReadConfig(node, plugin);
  ref->element = AddInstance(ctx, node, name, &config)->element;
}

void ParsePluginChild(XmlContext& ctx, const XmlNode& node, mjsPlugin* ref) {
  XmlAttrs a(node);
  ReadPluginRef(ctx, a, ref);
  a.Finish();
}

}  // namespace mjcf
}  // namespace motus
