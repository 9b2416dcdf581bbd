// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The mjs_ access functions: find/get/iterate, element casting, attribute setters and getters,
// user payloads, mjs_setDefault, mjs_setFrame, mjs_bodyToFrame.

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
using motus::SpecBody;
using motus::SpecDefault;
using motus::SpecElement;
using motus::SpecFrame;
using motus::SpecModel;
using motus::SpecPlugin;
using motus::SpecTendon;
using motus::SpecWrap;
using motus::ToElement;
using motus::ToModel;

namespace {

// the public struct of an element, as mjsElement* -> T* (T = the public struct type)
template <class C>
auto* Pub(SpecElement* e) {
  return &static_cast<C*>(e)->s;
}

// build the iteration cache of a model (all types)
void BuildCache(SpecModel* model) {
  if (model->cache_valid) {
    return;
  }
  model->cache.clear();
  for (int t = mjOBJ_BODY; t < mjNOBJECT; t++) {
    if (t == mjOBJ_XBODY || t == mjOBJ_DOF) {
      continue;
    }
    auto list = motus::TreeOrder(model, static_cast<mjtObj>(t));
    for (size_t i = 0; i < list.size(); i++) {
      list[i]->iter = static_cast<int>(i);
    }
    model->cache[t] = std::move(list);
  }
  for (int t : {mjOBJ_FRAME, mjOBJ_DEFAULT}) {
    auto list = motus::TreeOrder(model, static_cast<mjtObj>(t));
    for (size_t i = 0; i < list.size(); i++) {
      list[i]->iter = static_cast<int>(i);
    }
    model->cache[t] = std::move(list);
  }
  model->cache_valid = true;
}

// children of a body of one type; recurse: the whole subtree in depth-first order
void ChildList(SpecBody* b, mjtObj type, bool recurse, std::vector<SpecElement*>* out) {
  auto add = [&](auto& list) {
    for (auto& e : list) {
      out->push_back(e.get());
    }
  };
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY:
      for (auto& c : b->bodies) {
        out->push_back(c.get());
        if (recurse) {
          ChildList(c.get(), type, true, out);
        }
      }
      return;
    case mjOBJ_JOINT:
      add(b->joints);
      break;
    case mjOBJ_GEOM:
      add(b->geoms);
      break;
    case mjOBJ_SITE:
      add(b->sites);
      break;
    case mjOBJ_CAMERA:
      add(b->cameras);
      break;
    case mjOBJ_LIGHT:
      add(b->lights);
      break;
    case mjOBJ_FRAME:
      add(b->frames);
      break;
    default:
      return;
  }
  if (recurse) {
    for (auto& c : b->bodies) {
      ChildList(c.get(), type, true, out);
    }
  }
}

}  // namespace

extern "C" {

// ------------------------------------ find and get --------------------------------------------

mjSpec* mjs_getSpec(mjsElement* element) {
  if (!element) {
    return nullptr;
  }
  return &ToElement(element)->model->s;
}

mjsCompiler* mjs_getCompiler(mjsElement* element) {
  if (!element) {
    return nullptr;
  }
  return ToElement(element)->compiler;
}

mjSpec* mjs_findSpec(mjSpec* spec, const char* name) {
  if (!spec || !name) {
    return nullptr;
  }
  for (mjSpec* child : ToModel(spec)->child_specs) {
    if (*child->modelname == name) {
      return child;
    }
  }
  return nullptr;
}

mjsBody* mjs_findBody(mjSpec* s, const char* name) {
  if (!s || !name) {
    return nullptr;
  }
  SpecElement* e = FindByName(ToModel(s), mjOBJ_BODY, name);
  return e ? Pub<SpecBody>(e) : nullptr;
}

mjsElement* mjs_findElement(mjSpec* s, mjtObj type, const char* name) {
  if (!s || !name) {
    return nullptr;
  }
  return FindByName(ToModel(s), type, name);
}

mjsBody* mjs_findChild(mjsBody* body, const char* name) {
  if (!body || !name) {
    return nullptr;
  }
  std::vector<SpecElement*> list;
  ChildList(Owner<SpecBody>(body), mjOBJ_BODY, true, &list);
  for (SpecElement* e : list) {
    if (e->name == name) {
      return Pub<SpecBody>(e);
    }
  }
  return nullptr;
}

mjsBody* mjs_getParent(mjsElement* element) {
  if (!element) {
    return nullptr;
  }
  SpecBody* p = ToElement(element)->parent;
  return p ? &p->s : nullptr;
}

mjsFrame* mjs_getFrame(mjsElement* element) {
  if (!element) {
    return nullptr;
  }
  SpecFrame* f = ToElement(element)->frame;
  return f ? &f->s : nullptr;
}

mjsFrame* mjs_findFrame(mjSpec* s, const char* name) {
  if (!s || !name) {
    return nullptr;
  }
  SpecElement* e = FindByName(ToModel(s), mjOBJ_FRAME, name);
  return e ? Pub<SpecFrame>(e) : nullptr;
}

mjsDefault* mjs_getDefault(mjsElement* element) {
  if (!element) {
    return nullptr;
  }
  SpecElement* e = ToElement(element);
  if (element->elemtype == mjOBJ_DEFAULT) {
    return Pub<SpecDefault>(e);
  }
  SpecDefault* d = e->def ? e->def : MainDefault(e->model);
  return &d->s;
}

mjsDefault* mjs_findDefault(mjSpec* s, const char* classname) {
  if (!s || !classname) {
    return nullptr;
  }
  for (auto& d : ToModel(s)->defaults) {
    if (d->name == classname) {
      return &d->s;
    }
  }
  return nullptr;
}

mjsDefault* mjs_getSpecDefault(mjSpec* s) {
  return s ? &MainDefault(ToModel(s))->s : nullptr;
}

int mjs_getId(mjsElement* element) {
  return element ? ToElement(element)->id : -1;
}

mjsElement* mjs_firstChild(mjsBody* body, mjtObj type, int recurse) {
  if (!body) {
    return nullptr;
  }
  std::vector<SpecElement*> list;
  ChildList(Owner<SpecBody>(body), type, recurse != 0, &list);
  return list.empty() ? nullptr : list[0];
}

mjsElement* mjs_nextChild(mjsBody* body, mjsElement* child, int recurse) {
  if (!body || !child) {
    return nullptr;
  }
  std::vector<SpecElement*> list;
  ChildList(Owner<SpecBody>(body), child->elemtype, recurse != 0, &list);
  auto it = std::find(list.begin(), list.end(), ToElement(child));
  if (it == list.end() || ++it == list.end()) {
    return nullptr;
  }
  return *it;
}

mjsElement* mjs_firstElement(mjSpec* s, mjtObj type) {
  if (!s) {
    return nullptr;
  }
  SpecModel* model = ToModel(s);
  BuildCache(model);
  auto it = model->cache.find(type);
  if (it == model->cache.end() || it->second.empty()) {
    return nullptr;
  }
  return it->second[0];
}

mjsElement* mjs_nextElement(mjSpec* s, mjsElement* element) {
  if (!s || !element) {
    return nullptr;
  }
  SpecModel* model = ToModel(s);
  BuildCache(model);
  auto it = model->cache.find(element->elemtype);
  if (it == model->cache.end()) {
    return nullptr;
  }
  const auto& list = it->second;
  SpecElement* e = ToElement(element);
  int i = e->iter;
  if (i < 0 || i >= static_cast<int>(list.size()) || list[i] != e) {
    return nullptr;
  }
  return i + 1 < static_cast<int>(list.size()) ? list[i + 1] : nullptr;
}

mjsElement* mjs_getWrapTarget(mjsWrap* wrap) {
  if (!wrap) {
    return nullptr;
  }
  SpecWrap* w = Owner<SpecWrap>(wrap);
  mjtObj type;
  switch (wrap->type) {
    case mjWRAP_SITE:
      type = mjOBJ_SITE;
      break;
    case mjWRAP_JOINT:
      type = mjOBJ_JOINT;
      break;
    case mjWRAP_SPHERE:
    case mjWRAP_CYLINDER:
      type = mjOBJ_GEOM;
      break;
    default:
      return nullptr;
  }
  return FindByName(w->model, type, w->own.target);
}

mjsSite* mjs_getWrapSideSite(mjsWrap* wrap) {
  if (!wrap) {
    return nullptr;
  }
  SpecWrap* w = Owner<SpecWrap>(wrap);
  SpecElement* e = FindByName(w->model, mjOBJ_SITE, w->own.sidesite);
  return e ? Pub<motus::SpecSite>(e) : nullptr;
}

double mjs_getWrapDivisor(mjsWrap* wrap) {
  return wrap && wrap->type == mjWRAP_PULLEY ? Owner<SpecWrap>(wrap)->own.prm : 0;
}

double mjs_getWrapCoef(mjsWrap* wrap) {
  return wrap && wrap->type == mjWRAP_JOINT ? Owner<SpecWrap>(wrap)->own.prm : 0;
}

// ------------------------------------ attribute setters ---------------------------------------

int mjs_setName(mjsElement* element, const char* name) {
  if (!element) {
    return -1;
  }
  SpecElement* e = ToElement(element);
  if (element->elemtype == mjOBJ_MODEL) {
    static_cast<SpecModel*>(e)->own.modelname = name ? name : "";
    return 0;
  }
  e->name = name ? name : "";
  return 0;
}

void mjs_setBuffer(mjByteVec* dest, const void* array, int size) {
  if (!dest) {
    return;
  }
  dest->clear();
  if (!array || size <= 0) {
    return;
  }
  const std::byte* p = static_cast<const std::byte*>(array);
  dest->assign(p, p + size);
}

void mjs_setString(mjString* dest, const char* text) {
  if (dest) {
    *dest = text ? text : "";
  }
}

// split at white space
void mjs_setStringVec(mjStringVec* dest, const char* text) {
  if (!dest) {
    return;
  }
  dest->clear();
  if (!text) {
    return;
  }
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    dest->push_back(word);
  }
}

mjtByte mjs_setInStringVec(mjStringVec* dest, int i, const char* text) {
  if (!dest || i < 0 || i >= static_cast<int>(dest->size())) {
    return 0;
  }
  (*dest)[i] = text ? text : "";
  return 1;
}

void mjs_appendString(mjStringVec* dest, const char* text) {
  if (dest) {
    dest->push_back(text ? text : "");
  }
}

void mjs_setInt(mjIntVec* dest, const int* array, int size) {
  if (!dest) {
    return;
  }
  dest->clear();
  if (array && size > 0) {
    dest->assign(array, array + size);
  }
}

void mjs_appendIntVec(mjIntVecVec* dest, const int* array, int size) {
  if (!dest) {
    return;
  }
  dest->emplace_back();
  if (array && size > 0) {
    dest->back().assign(array, array + size);
  }
}

void mjs_setFloat(mjFloatVec* dest, const float* array, int size) {
  if (!dest) {
    return;
  }
  dest->clear();
  if (array && size > 0) {
    dest->assign(array, array + size);
  }
}

void mjs_appendFloatVec(mjFloatVecVec* dest, const float* array, int size) {
  if (!dest) {
    return;
  }
  dest->emplace_back();
  if (array && size > 0) {
    dest->back().assign(array, array + size);
  }
}

void mjs_setDouble(mjDoubleVec* dest, const double* array, int size) {
  if (!dest) {
    return;
  }
  dest->clear();
  if (array && size > 0) {
    dest->assign(array, array + size);
  }
}

// The configuration of a plugin instance, as MuJoCo's C++ API passes it: a
// std::map<std::string, std::string, std::less<>> of attribute values by name. A reference to an
// instance (the mjsPlugin of a body, geom, actuator, ...) configures the instance it refers to.
void mjs_setPluginAttributes(mjsPlugin* plugin, void* attributes) {
  if (!plugin || !plugin->element || plugin->element->elemtype != mjOBJ_PLUGIN) {
    return;
  }
  auto* instance = static_cast<SpecPlugin*>(ToElement(plugin->element));
  if (attributes) {
    instance->config = *static_cast<std::map<std::string, std::string, std::less<>>*>(attributes);
  } else {
    instance->config.clear();
  }
}

// ------------------------------------ attribute getters ---------------------------------------

mjString* mjs_getName(mjsElement* element) {
  if (!element) {
    return nullptr;
  }
  SpecElement* e = ToElement(element);
  if (element->elemtype == mjOBJ_MODEL) {
    return &static_cast<SpecModel*>(e)->own.modelname;
  }
  return &e->name;
}

const char* mjs_getString(const mjString* source) {
  return source ? source->c_str() : "";
}

const double* mjs_getDouble(const mjDoubleVec* source, int* size) {
  if (!source) {
    if (size) {
      *size = 0;
    }
    return nullptr;
  }
  if (size) {
    *size = static_cast<int>(source->size());
  }
  return source->data();
}

int mjs_getWrapNum(const mjsTendon* tendonspec) {
  return tendonspec ? static_cast<int>(Owner<SpecTendon>(tendonspec)->wraps.size()) : 0;
}

mjsWrap* mjs_getWrap(const mjsTendon* tendonspec, int i) {
  if (!tendonspec) {
    return nullptr;
  }
  SpecTendon* t = Owner<SpecTendon>(tendonspec);
  if (i < 0 || i >= static_cast<int>(t->wraps.size())) {
    return nullptr;
  }
  return &t->wraps[i]->s;
}

const void* mjs_getPluginAttributes(const mjsPlugin* plugin) {
  if (!plugin || !plugin->element || plugin->element->elemtype != mjOBJ_PLUGIN) {
    return nullptr;
  }
  return &static_cast<SpecPlugin*>(ToElement(plugin->element))->config;
}

// ------------------------------------ spec utilities ------------------------------------------

void mjs_setDefault(mjsElement* element, const mjsDefault* def) {
  if (!element || !def) {
    return;
  }
  ToElement(element)->def = Owner<SpecDefault>(def);
}

// the frame must be in the same body as the element, and a frame cannot enclose itself
int mjs_setFrame(mjsElement* dest, mjsFrame* frame) {
  if (!dest) {
    return -1;
  }
  SpecElement* e = ToElement(dest);
  if (!frame) {
    e->frame = nullptr;
    return 0;
  }
  SpecFrame* f = Owner<SpecFrame>(frame);
  if (f->parent != e->parent) {
    e->model->SetError("mjs_setFrame: frame and element belong to different bodies");
    return -1;
  }
  if (dest->elemtype == mjOBJ_FRAME) {
    for (SpecFrame* g = f; g; g = g->frame) {
      if (g == e) {
        e->model->SetError("mjs_setFrame: a frame cannot be placed inside itself");
        return -1;
      }
    }
  }
  e->frame = f;
  return 0;
}

void mjs_setUserValue(mjsElement* element, const char* key, const void* data) {
  mjs_setUserValueWithCleanup(element, key, data, nullptr);
}

void mjs_setUserValueWithCleanup(mjsElement* element, const char* key, const void* data,
                                 void (*cleanup)(const void*)) {
  if (!element || !key) {
    return;
  }
  auto& map = ToElement(element)->user;
  auto it = map.find(key);
  if (it != map.end() && it->second.cleanup && it->second.data != data) {
    it->second.cleanup(it->second.data);
  }
  map[key] = motus::UserPayload{data, cleanup};
}

const void* mjs_getUserValue(mjsElement* element, const char* key) {
  if (!element || !key) {
    return nullptr;
  }
  auto& map = ToElement(element)->user;
  auto it = map.find(key);
  return it == map.end() ? nullptr : it->second.data;
}

void mjs_deleteUserValue(mjsElement* element, const char* key) {
  if (!element || !key) {
    return;
  }
  auto& map = ToElement(element)->user;
  auto it = map.find(key);
  if (it == map.end()) {
    return;
  }
  if (it->second.cleanup) {
    it->second.cleanup(it->second.data);
  }
  map.erase(it);
}

// ------------------------------------ element casting -----------------------------------------

#define MOTUS_CAST(fn, pubtype, cls, type)                   \
  pubtype* fn(mjsElement* element) {                         \
    if (!element || element->elemtype != (type))             \
      return nullptr;                                        \
    return &static_cast<motus::cls*>(ToElement(element))->s; \
  }

MOTUS_CAST(mjs_asBody, mjsBody, SpecBody, mjOBJ_BODY)
MOTUS_CAST(mjs_asGeom, mjsGeom, SpecGeom, mjOBJ_GEOM)
MOTUS_CAST(mjs_asJoint, mjsJoint, SpecJoint, mjOBJ_JOINT)
MOTUS_CAST(mjs_asSite, mjsSite, SpecSite, mjOBJ_SITE)
MOTUS_CAST(mjs_asCamera, mjsCamera, SpecCamera, mjOBJ_CAMERA)
MOTUS_CAST(mjs_asLight, mjsLight, SpecLight, mjOBJ_LIGHT)
MOTUS_CAST(mjs_asFrame, mjsFrame, SpecFrame, mjOBJ_FRAME)
MOTUS_CAST(mjs_asActuator, mjsActuator, SpecActuator, mjOBJ_ACTUATOR)
MOTUS_CAST(mjs_asSensor, mjsSensor, SpecSensor, mjOBJ_SENSOR)
MOTUS_CAST(mjs_asFlex, mjsFlex, SpecFlex, mjOBJ_FLEX)
MOTUS_CAST(mjs_asPair, mjsPair, SpecPair, mjOBJ_PAIR)
MOTUS_CAST(mjs_asEquality, mjsEquality, SpecEquality, mjOBJ_EQUALITY)
MOTUS_CAST(mjs_asExclude, mjsExclude, SpecExclude, mjOBJ_EXCLUDE)
MOTUS_CAST(mjs_asTendon, mjsTendon, SpecTendon, mjOBJ_TENDON)
MOTUS_CAST(mjs_asNumeric, mjsNumeric, SpecNumeric, mjOBJ_NUMERIC)
MOTUS_CAST(mjs_asText, mjsText, SpecText, mjOBJ_TEXT)
MOTUS_CAST(mjs_asTuple, mjsTuple, SpecTuple, mjOBJ_TUPLE)
MOTUS_CAST(mjs_asKey, mjsKey, SpecKey, mjOBJ_KEY)
MOTUS_CAST(mjs_asMesh, mjsMesh, SpecMesh, mjOBJ_MESH)
MOTUS_CAST(mjs_asHField, mjsHField, SpecHField, mjOBJ_HFIELD)
MOTUS_CAST(mjs_asSkin, mjsSkin, SpecSkin, mjOBJ_SKIN)
MOTUS_CAST(mjs_asTexture, mjsTexture, SpecTexture, mjOBJ_TEXTURE)
MOTUS_CAST(mjs_asMaterial, mjsMaterial, SpecMaterial, mjOBJ_MATERIAL)
MOTUS_CAST(mjs_asPlugin, mjsPlugin, SpecPlugin, mjOBJ_PLUGIN)

#undef MOTUS_CAST

}  // extern "C"

// ------------------------------------ body to frame -------------------------------------------

namespace {

// move every child of body b into its parent p, inside frame f
void MoveChildren(SpecBody* b, SpecBody* p, SpecFrame* f) {
  auto move = [&](auto& from, auto& to) {
    for (auto& e : from) {
      e->parent = p;
      if (!e->frame) {
        e->frame = f;
      }
      to.push_back(std::move(e));
    }
    from.clear();
  };
  // frames of b without an enclosing frame become children of f
  for (auto& g : b->frames) {
    g->parent = p;
    if (!g->frame) {
      g->frame = f;
    }
    p->frames.push_back(std::move(g));
  }
  b->frames.clear();
  move(b->geoms, p->geoms);
  move(b->sites, p->sites);
  move(b->cameras, p->cameras);
  move(b->lights, p->lights);
  move(b->bodies, p->bodies);
}

}  // namespace

extern "C" {

// replace a body by a frame with the same pose; its children move to the parent body
mjsFrame* mjs_bodyToFrame(mjsBody** body) {
  if (!body || !*body) {
    return nullptr;
  }
  SpecBody* b = Owner<SpecBody>(*body);
  SpecModel* model = b->model;
  SpecBody* p = b->parent;
  if (!p) {
    model->SetError("mjs_bodyToFrame: the world body cannot become a frame");
    return nullptr;
  }
  if (!b->joints.empty()) {
    model->SetError("mjs_bodyToFrame: body '" + b->name + "' has joints");
    return nullptr;
  }
  mjsFrame* fs = mjs_addFrame(&p->s, b->frame ? &b->frame->s : nullptr);
  SpecFrame* f = Owner<SpecFrame>(fs);
  std::memcpy(fs->pos, b->s.pos, sizeof(fs->pos));
  std::memcpy(fs->quat, b->s.quat, sizeof(fs->quat));
  fs->alt = b->s.alt;
  f->own.childclass = b->own.childclass;
  f->name = b->name;
  f->compiler = b->compiler;
  MoveChildren(b, p, f);
  mjs_delete(&model->s, b);
  *body = nullptr;
  return fs;
}

}  // extern "C"
