// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The mjs_ API over the spec objects of user_spec.h: creation (mj_makeSpec, mjs_add*), deletion,
// defaults classes, find/get/iterate, element casting, attribute setters and getters, user
// payloads. Orientation resolution, actuator shortcuts and sensor dimensions are in
// user_spec_util.cc; mjs_attach is in user_attach.cc.

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"

using motus::FindByName;
using motus::MainDefault;
using motus::Owner;
using motus::SpecActuator;
using motus::SpecBody;
using motus::SpecCamera;
using motus::SpecDefault;
using motus::SpecElement;
using motus::SpecEquality;
using motus::SpecExclude;
using motus::SpecFlex;
using motus::SpecFrame;
using motus::SpecGeom;
using motus::SpecHField;
using motus::SpecJoint;
using motus::SpecKey;
using motus::SpecLight;
using motus::SpecMaterial;
using motus::SpecMesh;
using motus::SpecModel;
using motus::SpecNumeric;
using motus::SpecPair;
using motus::SpecPlugin;
using motus::SpecSensor;
using motus::SpecSite;
using motus::SpecSkin;
using motus::SpecTendon;
using motus::SpecText;
using motus::SpecTexture;
using motus::SpecTuple;
using motus::SpecWrap;
using motus::ToElement;
using motus::ToModel;

namespace motus {

// ------------------------------------ internal helpers ----------------------------------------

SpecDefault* MainDefault(SpecModel* model) {
  return model->defaults[0].get();
}

std::vector<SpecBody*> BodyOrder(SpecModel* model) {
  std::vector<SpecBody*> out;
  std::vector<SpecBody*> stack{model->world.get()};
  while (!stack.empty()) {
    SpecBody* b = stack.back();
    stack.pop_back();
    out.push_back(b);
    for (auto it = b->bodies.rbegin(); it != b->bodies.rend(); ++it) {
      stack.push_back(it->get());
    }
  }
  return out;
}

namespace {

template <class T>
void Append(std::vector<SpecElement*>* out, const std::vector<std::unique_ptr<T>>& list) {
  for (const auto& e : list) {
    out->push_back(e.get());
  }
}

// elements of one type held directly by a body
void BodyChildren(SpecBody* b, mjtObj type, std::vector<SpecElement*>* out) {
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY:
      Append(out, b->bodies);
      break;
    case mjOBJ_JOINT:
      Append(out, b->joints);
      break;
    case mjOBJ_GEOM:
      Append(out, b->geoms);
      break;
    case mjOBJ_SITE:
      Append(out, b->sites);
      break;
    case mjOBJ_CAMERA:
      Append(out, b->cameras);
      break;
    case mjOBJ_LIGHT:
      Append(out, b->lights);
      break;
    case mjOBJ_FRAME:
      Append(out, b->frames);
      break;
    default:
      break;
  }
}

bool IsTreeType(mjtObj type) {
  return type == mjOBJ_BODY || type == mjOBJ_XBODY || type == mjOBJ_JOINT || type == mjOBJ_GEOM ||
         type == mjOBJ_SITE || type == mjOBJ_CAMERA || type == mjOBJ_LIGHT || type == mjOBJ_FRAME;
}

}  // namespace

std::vector<SpecElement*> TreeOrder(SpecModel* model, mjtObj type) {
  std::vector<SpecElement*> out;
  if (type == mjOBJ_BODY || type == mjOBJ_XBODY) {
    for (SpecBody* b : BodyOrder(model)) {
      out.push_back(b);
    }
    return out;
  }
  if (IsTreeType(type)) {
    for (SpecBody* b : BodyOrder(model)) {
      BodyChildren(b, type, &out);
    }
    return out;
  }
  switch (type) {
    case mjOBJ_FLEX:
      Append(&out, model->flexes);
      break;
    case mjOBJ_MESH:
      Append(&out, model->meshes);
      break;
    case mjOBJ_SKIN:
      Append(&out, model->skins);
      break;
    case mjOBJ_HFIELD:
      Append(&out, model->hfields);
      break;
    case mjOBJ_TEXTURE:
      Append(&out, model->textures);
      break;
    case mjOBJ_MATERIAL:
      Append(&out, model->materials);
      break;
    case mjOBJ_PAIR:
      Append(&out, model->pairs);
      break;
    case mjOBJ_EXCLUDE:
      Append(&out, model->excludes);
      break;
    case mjOBJ_EQUALITY:
      Append(&out, model->equalities);
      break;
    case mjOBJ_TENDON:
      Append(&out, model->tendons);
      break;
    case mjOBJ_ACTUATOR:
      Append(&out, model->actuators);
      break;
    case mjOBJ_SENSOR:
      Append(&out, model->sensors);
      break;
    case mjOBJ_NUMERIC:
      Append(&out, model->numerics);
      break;
    case mjOBJ_TEXT:
      Append(&out, model->texts);
      break;
    case mjOBJ_TUPLE:
      Append(&out, model->tuples);
      break;
    case mjOBJ_KEY:
      Append(&out, model->keys);
      break;
    case mjOBJ_PLUGIN:
      Append(&out, model->plugins);
      break;
    case mjOBJ_DEFAULT:
      Append(&out, model->defaults);
      break;
    default:
      break;
  }
  return out;
}

SpecElement* FindByName(SpecModel* model, mjtObj type, const std::string& name) {
  if (name.empty()) {
    return nullptr;
  }
  if (type == mjOBJ_XBODY) {
    type = mjOBJ_BODY;
  }
  for (SpecElement* e : TreeOrder(model, type)) {
    if (e->name == name) {
      return e;
    }
  }
  return nullptr;
}

void AddChildSpec(mjSpec* parent, mjSpec* child) {
  SpecModel* m = ToModel(parent);
  if (m && child) {
    m->child_specs.push_back(child);
  }
}

}  // namespace motus

namespace {

// ------------------------------------ element creation ----------------------------------------

SpecDefault* DefaultOrMain(SpecModel* model, const mjsDefault* def) {
  return def ? Owner<SpecDefault>(def) : MainDefault(model);
}

// create a tree element in body, initialized from the default class dummy (if any)
template <class T>
T* AddTreeElement(mjsBody* bodyspec, std::vector<std::unique_ptr<T>> SpecBody::*list,
                  const mjsDefault* def, std::unique_ptr<T> SpecDefault::*dummy) {
  if (!bodyspec) {
    mju_warning("mjs_add: NULL parent body");
    return nullptr;
  }
  SpecBody* body = Owner<SpecBody>(bodyspec);
  SpecModel* model = body->model;
  SpecDefault* d = DefaultOrMain(model, def);
  auto e = std::make_unique<T>(model);
  if (dummy) {
    e->CopyAttributes(*(d->*dummy));
  }
  e->def = d;
  e->parent = body;
  T* out = e.get();
  (body->*list).push_back(std::move(e));
  model->Invalidate();
  return out;
}

// create a non-tree element, initialized from the default class dummy (if any)
template <class T>
T* AddListElement(mjSpec* s, std::vector<std::unique_ptr<T>> SpecModel::*list,
                  const mjsDefault* def, std::unique_ptr<T> SpecDefault::*dummy) {
  if (!s) {
    mju_warning("mjs_add: NULL spec");
    return nullptr;
  }
  SpecModel* model = ToModel(s);
  SpecDefault* d = DefaultOrMain(model, def);
  auto e = std::make_unique<T>(model);
  if (dummy) {
    e->CopyAttributes(*(d->*dummy));
  }
  e->def = d;
  T* out = e.get();
  (model->*list).push_back(std::move(e));
  model->Invalidate();
  return out;
}

// remove p from a list of owned elements; true if found
template <class T>
bool EraseFrom(std::vector<std::unique_ptr<T>>* list, const SpecElement* p) {
  for (auto it = list->begin(); it != list->end(); ++it) {
    if (it->get() == p) {
      list->erase(it);
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" {

// ------------------------------------ spec ----------------------------------------------------

mjSpec* mj_makeSpec(void) {
  SpecModel* model = new SpecModel();
  return &model->s;
}

mjSpec* mj_copySpec(const mjSpec* s) {
  if (!s) {
    return nullptr;
  }
  return &motus::CopyModel(ToModel(s))->s;
}

void mj_deleteSpec(mjSpec* s) {
  if (s) {
    delete ToModel(s);
  }
}

const char* mjs_getError(mjSpec* s) {
  return s ? ToModel(s)->error.c_str() : "";
}

int mjs_isWarning(mjSpec* s) {
  return s ? ToModel(s)->warning : 0;
}

// ------------------------------------ tree elements -------------------------------------------

mjsBody* mjs_addBody(mjsBody* body, const mjsDefault* def) {
  SpecBody* b = AddTreeElement<SpecBody>(body, &SpecBody::bodies, def, nullptr);
  return b ? &b->s : nullptr;
}

mjsSite* mjs_addSite(mjsBody* body, const mjsDefault* def) {
  SpecSite* e = AddTreeElement(body, &SpecBody::sites, def, &SpecDefault::site);
  return e ? &e->s : nullptr;
}

mjsJoint* mjs_addJoint(mjsBody* body, const mjsDefault* def) {
  SpecJoint* e = AddTreeElement(body, &SpecBody::joints, def, &SpecDefault::joint);
  return e ? &e->s : nullptr;
}

// free joints do not inherit joint defaults (XMLreference: body/freejoint)
mjsJoint* mjs_addFreeJoint(mjsBody* body) {
  SpecJoint* e = AddTreeElement<SpecJoint>(body, &SpecBody::joints, nullptr, nullptr);
  if (!e) {
    return nullptr;
  }
  e->s.type = mjJNT_FREE;
  return &e->s;
}

mjsGeom* mjs_addGeom(mjsBody* body, const mjsDefault* def) {
  SpecGeom* e = AddTreeElement(body, &SpecBody::geoms, def, &SpecDefault::geom);
  return e ? &e->s : nullptr;
}

mjsCamera* mjs_addCamera(mjsBody* body, const mjsDefault* def) {
  SpecCamera* e = AddTreeElement(body, &SpecBody::cameras, def, &SpecDefault::camera);
  return e ? &e->s : nullptr;
}

mjsLight* mjs_addLight(mjsBody* body, const mjsDefault* def) {
  SpecLight* e = AddTreeElement(body, &SpecBody::lights, def, &SpecDefault::light);
  return e ? &e->s : nullptr;
}

mjsFrame* mjs_addFrame(mjsBody* body, mjsFrame* parentframe) {
  if (parentframe && body && Owner<SpecFrame>(parentframe)->parent != Owner<SpecBody>(body)) {
    SpecModel* model = Owner<SpecBody>(body)->model;
    model->SetError("mjs_addFrame: parent frame belongs to a different body");
    return nullptr;
  }
  SpecFrame* f = AddTreeElement<SpecFrame>(body, &SpecBody::frames, nullptr, nullptr);
  if (!f) {
    return nullptr;
  }
  f->frame = parentframe ? Owner<SpecFrame>(parentframe) : nullptr;
  return &f->s;
}

// ------------------------------------ non-tree elements ---------------------------------------

mjsActuator* mjs_addActuator(mjSpec* s, const mjsDefault* def) {
  SpecActuator* e = AddListElement(s, &SpecModel::actuators, def, &SpecDefault::actuator);
  return e ? &e->s : nullptr;
}

mjsSensor* mjs_addSensor(mjSpec* s) {
  SpecSensor* e = AddListElement<SpecSensor>(s, &SpecModel::sensors, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsFlex* mjs_addFlex(mjSpec* s) {
  SpecFlex* e = AddListElement<SpecFlex>(s, &SpecModel::flexes, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsPair* mjs_addPair(mjSpec* s, const mjsDefault* def) {
  SpecPair* e = AddListElement(s, &SpecModel::pairs, def, &SpecDefault::pair);
  return e ? &e->s : nullptr;
}

mjsExclude* mjs_addExclude(mjSpec* s) {
  SpecExclude* e = AddListElement<SpecExclude>(s, &SpecModel::excludes, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsEquality* mjs_addEquality(mjSpec* s, const mjsDefault* def) {
  SpecEquality* e = AddListElement(s, &SpecModel::equalities, def, &SpecDefault::equality);
  return e ? &e->s : nullptr;
}

mjsTendon* mjs_addTendon(mjSpec* s, const mjsDefault* def) {
  SpecTendon* e = AddListElement(s, &SpecModel::tendons, def, &SpecDefault::tendon);
  return e ? &e->s : nullptr;
}

}  // extern "C"

namespace {

mjsWrap* AddWrap(mjsTendon* tendon, mjtWrap type, const char* target, const char* sidesite,
                 double prm) {
  if (!tendon) {
    mju_warning("mjs_wrap: NULL tendon");
    return nullptr;
  }
  SpecTendon* t = Owner<SpecTendon>(tendon);
  t->wraps.emplace_back(new SpecWrap(t->model));
  SpecWrap* w = t->wraps.back().get();
  w->tendon = t;
  w->s.type = type;
  w->own.target = target ? target : "";
  w->own.sidesite = sidesite ? sidesite : "";
  w->own.prm = prm;
  return &w->s;
}

}  // namespace

extern "C" {

mjsWrap* mjs_wrapSite(mjsTendon* tendon, const char* name) {
  return AddWrap(tendon, mjWRAP_SITE, name, nullptr, 0);
}

mjsWrap* mjs_wrapGeom(mjsTendon* tendon, const char* name, const char* sidesite) {
  return AddWrap(tendon, mjWRAP_SPHERE, name, sidesite, 0);
}

mjsWrap* mjs_wrapJoint(mjsTendon* tendon, const char* name, double coef) {
  return AddWrap(tendon, mjWRAP_JOINT, name, nullptr, coef);
}

mjsWrap* mjs_wrapPulley(mjsTendon* tendon, double divisor) {
  return AddWrap(tendon, mjWRAP_PULLEY, nullptr, nullptr, divisor);
}

mjsNumeric* mjs_addNumeric(mjSpec* s) {
  SpecNumeric* e = AddListElement<SpecNumeric>(s, &SpecModel::numerics, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsText* mjs_addText(mjSpec* s) {
  SpecText* e = AddListElement<SpecText>(s, &SpecModel::texts, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsTuple* mjs_addTuple(mjSpec* s) {
  SpecTuple* e = AddListElement<SpecTuple>(s, &SpecModel::tuples, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsKey* mjs_addKey(mjSpec* s) {
  SpecKey* e = AddListElement<SpecKey>(s, &SpecModel::keys, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

// a plugin instance; its mjsPlugin::element refers to itself
mjsPlugin* mjs_addPlugin(mjSpec* s) {
  SpecPlugin* e = AddListElement<SpecPlugin>(s, &SpecModel::plugins, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

// Declares that the model uses a registered plugin (MJCF <extension><plugin>); -1 when no
// plugin of that name is registered.
int mjs_activatePlugin(mjSpec* s, const char* name) {
  if (!s || !name) {
    return -1;
  }
  if (!mjp_getPlugin(name, nullptr)) {
    ToModel(s)->SetError(std::string("plugin ") + name + " not found");
    return -1;
  }
  auto& list = ToModel(s)->active_plugins;
  if (std::find(list.begin(), list.end(), name) == list.end()) {
    list.push_back(name);
  }
  return 0;
}

// a new class starts as a copy of its parent class (modeling.rst, CDefault)
mjsDefault* mjs_addDefault(mjSpec* s, const char* classname, const mjsDefault* parent) {
  if (!s) {
    return nullptr;
  }
  SpecModel* model = ToModel(s);
  std::string name = classname ? classname : "";
  if (name.empty()) {
    model->SetError("mjs_addDefault: class name is required");
    return nullptr;
  }
  for (const auto& d : model->defaults) {
    if (d->name == name) {
      model->SetError("repeated default class name '" + name + "'");
      return nullptr;
    }
  }
  SpecDefault* p = parent ? Owner<SpecDefault>(parent) : MainDefault(model);
  model->defaults.emplace_back(new SpecDefault(model));
  SpecDefault* d = model->defaults.back().get();
  d->CopyAttributes(*p);
  d->name = name;
  d->parentdef = p;
  p->children.push_back(d);
  model->Invalidate();
  return &d->s;
}

// ------------------------------------ assets --------------------------------------------------

mjsMesh* mjs_addMesh(mjSpec* s, const mjsDefault* def) {
  SpecMesh* e = AddListElement(s, &SpecModel::meshes, def, &SpecDefault::mesh);
  return e ? &e->s : nullptr;
}

mjsHField* mjs_addHField(mjSpec* s) {
  SpecHField* e = AddListElement<SpecHField>(s, &SpecModel::hfields, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsSkin* mjs_addSkin(mjSpec* s) {
  SpecSkin* e = AddListElement<SpecSkin>(s, &SpecModel::skins, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsTexture* mjs_addTexture(mjSpec* s) {
  SpecTexture* e = AddListElement<SpecTexture>(s, &SpecModel::textures, nullptr, nullptr);
  return e ? &e->s : nullptr;
}

mjsMaterial* mjs_addMaterial(mjSpec* s, const mjsDefault* def) {
  SpecMaterial* e = AddListElement(s, &SpecModel::materials, def, &SpecDefault::material);
  return e ? &e->s : nullptr;
}

}  // extern "C"

// ------------------------------------ deletion ------------------------------------------------

namespace {

// true if frame f is g or nested (at any depth) inside g
bool FrameInside(const SpecFrame* f, const SpecFrame* g) {
  for (; f; f = f->frame) {
    if (f == g) {
      return true;
    }
  }
  return false;
}

// names of the tree elements of a subtree, by type
struct RemovedNames {
  std::vector<std::string> body, joint, geom, site, camera, light;
  void Collect(const SpecBody* b) {
    body.push_back(b->name);
    for (const auto& e : b->joints) {
      joint.push_back(e->name);
    }
    for (const auto& e : b->geoms) {
      geom.push_back(e->name);
    }
    for (const auto& e : b->sites) {
      site.push_back(e->name);
    }
    for (const auto& e : b->cameras) {
      camera.push_back(e->name);
    }
    for (const auto& e : b->lights) {
      light.push_back(e->name);
    }
    for (const auto& c : b->bodies) {
      Collect(c.get());
    }
  }
  static bool Has(const std::vector<std::string>& v, const std::string& n) {
    return !n.empty() && std::find(v.begin(), v.end(), n) != v.end();
  }
  bool Refers(mjtObj type, const std::string& n) const {
    switch (type) {
      case mjOBJ_BODY:
      case mjOBJ_XBODY:
        return Has(body, n);
      case mjOBJ_JOINT:
        return Has(joint, n);
      case mjOBJ_GEOM:
        return Has(geom, n);
      case mjOBJ_SITE:
        return Has(site, n);
      case mjOBJ_CAMERA:
        return Has(camera, n);
      case mjOBJ_LIGHT:
        return Has(light, n);
      default:
        return false;
    }
  }
};

template <class T, class Pred>
void RemoveIf(std::vector<std::unique_ptr<T>>* list, Pred pred) {
  list->erase(std::remove_if(list->begin(), list->end(),
                             [&](const std::unique_ptr<T>& e) { return pred(*e); }),
              list->end());
}

// remove the non-tree elements that reference elements of a deleted subtree
void RemoveReferences(SpecModel* model, const RemovedNames& r) {
  RemoveIf(&model->actuators, [&](const SpecActuator& a) {
    mjtObj t = mjOBJ_UNKNOWN;
    switch (a.s.trntype) {
      case mjTRN_JOINT:
      case mjTRN_JOINTINPARENT:
        t = mjOBJ_JOINT;
        break;
      case mjTRN_SLIDERCRANK:
      case mjTRN_SITE:
        t = mjOBJ_SITE;
        break;
      case mjTRN_BODY:
        t = mjOBJ_BODY;
        break;
      default:
        break;
    }
    return r.Refers(t, a.own.target) || r.Refers(mjOBJ_SITE, a.own.refsite) ||
           r.Refers(mjOBJ_SITE, a.own.slidersite);
  });
  RemoveIf(&model->sensors, [&](const SpecSensor& s) {
    return r.Refers(s.s.objtype, s.own.objname) || r.Refers(s.s.reftype, s.own.refname);
  });
  RemoveIf(&model->equalities, [&](const SpecEquality& e) {
    return r.Refers(e.s.objtype, e.own.name1) || r.Refers(e.s.objtype, e.own.name2);
  });
  RemoveIf(&model->pairs, [&](const SpecPair& p) {
    return r.Refers(mjOBJ_GEOM, p.own.geomname1) || r.Refers(mjOBJ_GEOM, p.own.geomname2);
  });
  RemoveIf(&model->excludes, [&](const SpecExclude& e) {
    return r.Refers(mjOBJ_BODY, e.own.bodyname1) || r.Refers(mjOBJ_BODY, e.own.bodyname2);
  });
  RemoveIf(&model->tendons, [&](const SpecTendon& t) {
    for (const auto& w : t.wraps) {
      mjtObj type = w->s.type == mjWRAP_SITE     ? mjOBJ_SITE
                    : w->s.type == mjWRAP_JOINT  ? mjOBJ_JOINT
                    : w->s.type == mjWRAP_PULLEY ? mjOBJ_UNKNOWN
                                                 : mjOBJ_GEOM;
      if (r.Refers(type, w->own.target) || r.Refers(mjOBJ_SITE, w->own.sidesite)) {
        return true;
      }
    }
    return false;
  });
}

// delete a frame and everything it contains (in body b)
void DeleteFrame(SpecBody* b, SpecFrame* f, RemovedNames* removed) {
  auto inside = [&](const SpecElement& e) { return FrameInside(e.frame, f); };
  for (const auto& c : b->bodies) {
    if (inside(*c)) {
      removed->Collect(c.get());
    }
  }
  for (const auto& e : b->joints) {
    if (inside(*e)) {
      removed->joint.push_back(e->name);
    }
  }
  for (const auto& e : b->geoms) {
    if (inside(*e)) {
      removed->geom.push_back(e->name);
    }
  }
  for (const auto& e : b->sites) {
    if (inside(*e)) {
      removed->site.push_back(e->name);
    }
  }
  for (const auto& e : b->cameras) {
    if (inside(*e)) {
      removed->camera.push_back(e->name);
    }
  }
  for (const auto& e : b->lights) {
    if (inside(*e)) {
      removed->light.push_back(e->name);
    }
  }
  RemoveIf(&b->bodies, inside);
  RemoveIf(&b->joints, inside);
  RemoveIf(&b->geoms, inside);
  RemoveIf(&b->sites, inside);
  RemoveIf(&b->cameras, inside);
  RemoveIf(&b->lights, inside);
  // decide first, then erase: erasing destroys frames that later chains would walk through
  std::vector<const SpecFrame*> doomed;
  for (const auto& g : b->frames) {
    if (FrameInside(g.get(), f)) {
      doomed.push_back(g.get());
    }
  }
  RemoveIf(&b->frames, [&](const SpecFrame& g) {
    return std::find(doomed.begin(), doomed.end(), &g) != doomed.end();
  });
}

// delete a default class and its descendants; elements using them fall back to the top class
bool DeleteDefault(SpecModel* model, SpecDefault* d) {
  if (d == MainDefault(model)) {
    model->SetError("mjs_delete: the top-level default class cannot be deleted");
    return false;
  }
  std::vector<SpecDefault*> doomed{d};
  for (size_t i = 0; i < doomed.size(); i++) {
    for (SpecDefault* c : doomed[i]->children) {
      doomed.push_back(c);
    }
  }
  auto gone = [&](const SpecDefault* x) {
    return std::find(doomed.begin(), doomed.end(), x) != doomed.end();
  };
  for (int t :
       {mjOBJ_BODY,    mjOBJ_JOINT,    mjOBJ_GEOM,   mjOBJ_SITE,    mjOBJ_CAMERA,   mjOBJ_LIGHT,
        mjOBJ_FRAME,   mjOBJ_ACTUATOR, mjOBJ_SENSOR, mjOBJ_TENDON,  mjOBJ_EQUALITY, mjOBJ_PAIR,
        mjOBJ_MESH,    mjOBJ_MATERIAL, mjOBJ_FLEX,   mjOBJ_EXCLUDE, mjOBJ_SKIN,     mjOBJ_HFIELD,
        mjOBJ_TEXTURE, mjOBJ_NUMERIC,  mjOBJ_TEXT,   mjOBJ_TUPLE,   mjOBJ_KEY}) {
    for (SpecElement* e : motus::TreeOrder(model, static_cast<mjtObj>(t))) {
      if (gone(e->def)) {
        e->def = MainDefault(model);
      }
    }
  }
  SpecDefault* p = d->parentdef;
  if (p) {
    p->children.erase(std::remove(p->children.begin(), p->children.end(), d), p->children.end());
  }
  RemoveIf(&model->defaults, [&](const SpecDefault& x) { return gone(&x); });
  return true;
}

}  // namespace

extern "C" {

int mjs_delete(mjSpec* spec, mjsElement* element) {
  if (!spec || !element) {
    return -1;
  }
  SpecModel* model = ToModel(spec);
  SpecElement* e = ToElement(element);
  if (e->model != model) {
    model->SetError("mjs_delete: element does not belong to this spec");
    return -1;
  }
  bool ok = false;
  RemovedNames removed;
  if (motus::IsWrap(element)) {
    SpecWrap* w = static_cast<SpecWrap*>(e);
    ok = w->tendon && EraseFrom(&w->tendon->wraps, w);
  } else {
    SpecBody* parent = e->parent;
    switch (element->elemtype) {
      case mjOBJ_BODY:
        if (e == model->world.get()) {
          model->SetError("mjs_delete: the world body cannot be deleted");
          return -1;
        }
        removed.Collect(static_cast<SpecBody*>(e));
        ok = parent && EraseFrom(&parent->bodies, e);
        break;
      case mjOBJ_FRAME:
        if (parent) {
          DeleteFrame(parent, static_cast<SpecFrame*>(e), &removed);
          ok = true;
        }
        break;
      case mjOBJ_JOINT:
        ok = parent && EraseFrom(&parent->joints, e);
        break;
      case mjOBJ_GEOM:
        ok = parent && EraseFrom(&parent->geoms, e);
        break;
      case mjOBJ_SITE:
        ok = parent && EraseFrom(&parent->sites, e);
        break;
      case mjOBJ_CAMERA:
        ok = parent && EraseFrom(&parent->cameras, e);
        break;
      case mjOBJ_LIGHT:
        ok = parent && EraseFrom(&parent->lights, e);
        break;
      case mjOBJ_ACTUATOR:
        ok = EraseFrom(&model->actuators, e);
        break;
      case mjOBJ_SENSOR:
        ok = EraseFrom(&model->sensors, e);
        break;
      case mjOBJ_TENDON:
        ok = EraseFrom(&model->tendons, e);
        break;
      case mjOBJ_EQUALITY:
        ok = EraseFrom(&model->equalities, e);
        break;
      case mjOBJ_PAIR:
        ok = EraseFrom(&model->pairs, e);
        break;
      case mjOBJ_EXCLUDE:
        ok = EraseFrom(&model->excludes, e);
        break;
      case mjOBJ_FLEX:
        ok = EraseFrom(&model->flexes, e);
        break;
      case mjOBJ_MESH:
        ok = EraseFrom(&model->meshes, e);
        break;
      case mjOBJ_SKIN:
        ok = EraseFrom(&model->skins, e);
        break;
      case mjOBJ_HFIELD:
        ok = EraseFrom(&model->hfields, e);
        break;
      case mjOBJ_TEXTURE:
        ok = EraseFrom(&model->textures, e);
        break;
      case mjOBJ_MATERIAL:
        ok = EraseFrom(&model->materials, e);
        break;
      case mjOBJ_NUMERIC:
        ok = EraseFrom(&model->numerics, e);
        break;
      case mjOBJ_TEXT:
        ok = EraseFrom(&model->texts, e);
        break;
      case mjOBJ_TUPLE:
        ok = EraseFrom(&model->tuples, e);
        break;
      case mjOBJ_KEY:
        ok = EraseFrom(&model->keys, e);
        break;
      case mjOBJ_PLUGIN:
        ok = EraseFrom(&model->plugins, e);
        break;
      case mjOBJ_DEFAULT:
        if (!DeleteDefault(model, static_cast<SpecDefault*>(e))) {
          return -1;
        }
        ok = true;
        break;
      default:
        break;
    }
  }
  if (!ok) {
    model->SetError("mjs_delete: element not found in the spec");
    return -1;
  }
  RemoveReferences(model, removed);
  model->Invalidate();
  return 0;
}

}  // extern "C"
