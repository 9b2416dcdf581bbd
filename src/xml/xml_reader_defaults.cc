// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Default classes (XMLreference.rst, default; modeling.rst, CDefault). The top-level <default> is
// the class "main" (it may say class="main" but cannot be renamed; repeated top-level sections
// all add to "main"). A nested <default class="..."> creates a class that starts as a copy of its
// parent (mjs_addDefault). The dummy elements of a class are written with the same attribute
// readers as model elements, minus name and class (and camera mode/target, adhesion body, the
// actuator transmission targets), which are therefore reported as unknown attributes here.
//
// A class inherits its parent's values as they are when the class is created. The reader sets all
// dummy elements of a class before it creates the nested classes, so a nested class inherits the
// parent's settings regardless of where in the parent they appear (this matches MuJoCo: a <geom>
// written after a nested <default> still reaches that nested class).

#include <string>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

// writes one dummy element of `def` from the element `node` (not a nested <default>)
void ParseDefaultElement(XmlContext& ctx, const XmlNode& node, const XmlNode& parent,
                         mjsDefault* def) {
  std::string n = node.Name();
  XmlAttrs a(node);
  if (n == "joint") {
    ReadJointAttrs(a, def->joint);
  } else if (n == "geom") {
    ReadGeomAttrs(a, def->geom);
  } else if (n == "site") {
    ReadSiteAttrs(a, def->site);
  } else if (n == "camera") {
    ReadCameraAttrs(ctx, a, def->camera, true);
  } else if (n == "light") {
    ReadLightAttrs(ctx, a, def->light, true);
  } else if (n == "mesh") {
    ReadMeshAttrs(a, def->mesh);
  } else if (n == "material") {
    ReadMaterialAttrs(a, def->material);
    a.Finish();
    ReadMaterialLayers(node, def->material, a.Has("texture"));
    return;
  } else if (n == "pair") {
    ReadPairAttrs(a, def->pair);
  } else if (n == "equality") {
    ReadEqualityAttrs(a, def->equality);
  } else if (n == "tendon") {
    ReadTendonAttrs(a, def->tendon, true);
  } else if (IsActuatorKind(n)) {
    ReadActuator(ctx, node, a, def->actuator, true);
  } else {
    UnknownElement(node, parent);
  }
  a.Finish();
  CheckLeaf(node);
}

}  // namespace

void ParseDefault(XmlContext& ctx, const XmlNode& node, mjsDefault* parent) {
  XmlAttrs a(node);
  std::string cls;
  bool hascls = a.Str("class", &cls);
  a.Finish();

  mjsDefault* def = nullptr;
  if (!parent) {
    if (hascls && cls != "main") {
      a.Fail("the top-level default class 'main' cannot be renamed (got class='" + cls + "')");
    }
    def = mjs_getSpecDefault(ctx.spec);
  } else {
    if (!hascls) {
      a.Require("class");
    }
    if (cls.empty()) {
      a.Fail("empty default class name");
    }
    if (mjs_findDefault(ctx.spec, cls.c_str())) {
      a.Fail("repeated default class name '" + cls + "'");
    }
    def = mjs_addDefault(ctx.spec, cls.c_str(), parent);
    CheckSpec(ctx, node, def, "default class");
  }

  // the class's own dummy elements first, then the nested classes that copy them
  for (const XmlNode& child : node.children) {
    if (child.Name() != "default") {
      ParseDefaultElement(ctx, child, node, def);
    }
  }
  for (const XmlNode& child : node.children) {
    if (child.Name() == "default") {
      ParseDefault(ctx, child, def);
    }
  }
}

}  // namespace mjcf
}  // namespace motus
