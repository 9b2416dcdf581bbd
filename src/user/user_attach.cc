// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjs_attach (programming_modeledit.rst, Attachment; XMLreference.rst, body/attach): deep-copies a
// body subtree, a frame and its contents, or a whole spec into a frame, body or site of a spec.
//
// What is copied, with `prefix`+name+`suffix` applied to every copied name and to the name
// references between copied elements:
//   * the subtree (bodies, joints, geoms, sites, cameras, lights, frames);
//   * when the child comes from another spec: all its default classes (the top class becomes a
//     class named prefix+"main"+suffix under the parent's top class) and all its assets
//     (meshes, skins, height fields, textures, materials), and its compiler options (attached
//     elements keep the child's angle units, euler sequence and other compiler flags);
//   * the non-tree elements (actuators, sensors, tendons, equalities, pairs, excludes) whose
//     references to tree elements all point into the copied subtree; when a whole spec is
//     attached, all non-tree elements (custom numeric/text/tuple included, keyframes excluded).
// Keyframes of another spec are attached by element name, or by element for unnamed joints and
// actuators (see AttachKeys); the compiler places
// their values into the parent's layout.

#include <map>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "user/user_spec_copy.h"

namespace {

using motus::Owner;
using motus::SpecBody;
using motus::SpecCopier;
using motus::SpecElement;
using motus::SpecFrame;
using motus::SpecKey;
using motus::SpecModel;

// names of the tree elements of a copied region, by type
struct TreeNames {
  std::vector<std::string> v[mjNOBJECT];
  void Add(mjtObj t, const std::string& n) {
    if (!n.empty()) {
      v[t].push_back(n);
    }
  }
  void Collect(const SpecBody* b, const SpecFrame* inside = nullptr) {
    auto in = [&](const SpecElement& e) {
      if (!inside) {
        return true;
      }
      for (const SpecFrame* f = e.frame; f; f = f->frame) {
        if (f == inside) {
          return true;
        }
      }
      return false;
    };
    if (!inside) {
      Add(mjOBJ_BODY, b->name);
    }
    for (auto& e : b->joints) {
      if (in(*e)) {
        Add(mjOBJ_JOINT, e->name);
      }
    }
    for (auto& e : b->geoms) {
      if (in(*e)) {
        Add(mjOBJ_GEOM, e->name);
      }
    }
    for (auto& e : b->sites) {
      if (in(*e)) {
        Add(mjOBJ_SITE, e->name);
      }
    }
    for (auto& e : b->cameras) {
      if (in(*e)) {
        Add(mjOBJ_CAMERA, e->name);
      }
    }
    for (auto& e : b->lights) {
      if (in(*e)) {
        Add(mjOBJ_LIGHT, e->name);
      }
    }
    for (auto& c : b->bodies) {
      if (in(*c)) {
        Collect(c.get());
      }
    }
  }
  bool Has(mjtObj t, const std::string& n) const {
    if (t == mjOBJ_XBODY) {
      t = mjOBJ_BODY;
    }
    if (t <= mjOBJ_UNKNOWN || t >= mjNOBJECT) {
      return false;
    }
    for (const auto& x : v[t]) {
      if (x == n) {
        return true;
      }
    }
    return false;
  }
  // a reference is acceptable if empty, or points into the copied region
  bool Ok(mjtObj t, const std::string& n) const { return n.empty() || Has(t, n); }
};

// non-tree elements that only reference the copied region (and reference at least something)
bool Referenced(const SpecElement& e, const TreeNames& names) {
  switch (e.elemtype) {
    case mjOBJ_ACTUATOR: {
      auto& a = static_cast<const motus::SpecActuator&>(e);
      mjtObj t = a.s.trntype == mjTRN_JOINT || a.s.trntype == mjTRN_JOINTINPARENT ? mjOBJ_JOINT
                 : a.s.trntype == mjTRN_BODY                                      ? mjOBJ_BODY
                 : a.s.trntype == mjTRN_TENDON                                    ? mjOBJ_TENDON
                                                                                  : mjOBJ_SITE;
      if (t == mjOBJ_TENDON) {
        return false;
      }
      return names.Has(t, a.own.target) && names.Ok(mjOBJ_SITE, a.own.refsite) &&
             names.Ok(mjOBJ_SITE, a.own.slidersite);
    }
    case mjOBJ_SENSOR: {
      auto& s = static_cast<const motus::SpecSensor&>(e);
      return names.Has(s.s.objtype, s.own.objname) &&
             (s.s.reftype == mjOBJ_UNKNOWN || names.Ok(s.s.reftype, s.own.refname));
    }
    case mjOBJ_EQUALITY: {
      auto& q = static_cast<const motus::SpecEquality&>(e);
      return names.Has(q.s.objtype, q.own.name1) && names.Ok(q.s.objtype, q.own.name2);
    }
    case mjOBJ_PAIR: {
      auto& p = static_cast<const motus::SpecPair&>(e);
      return names.Has(mjOBJ_GEOM, p.own.geomname1) && names.Has(mjOBJ_GEOM, p.own.geomname2);
    }
    case mjOBJ_EXCLUDE: {
      auto& x = static_cast<const motus::SpecExclude&>(e);
      return names.Has(mjOBJ_BODY, x.own.bodyname1) && names.Has(mjOBJ_BODY, x.own.bodyname2);
    }
    case mjOBJ_TENDON: {
      auto& t = static_cast<const motus::SpecTendon&>(e);
      if (t.wraps.empty()) {
        return false;
      }
      for (const auto& w : t.wraps) {
        mjtObj type = w->s.type == mjWRAP_SITE     ? mjOBJ_SITE
                      : w->s.type == mjWRAP_JOINT  ? mjOBJ_JOINT
                      : w->s.type == mjWRAP_PULLEY ? mjOBJ_UNKNOWN
                                                   : mjOBJ_GEOM;
        if (type != mjOBJ_UNKNOWN && !names.Has(type, w->own.target)) {
          return false;
        }
        if (!names.Ok(mjOBJ_SITE, w->own.sidesite)) {
          return false;
        }
      }
      return true;
    }
    default:
      return false;
  }
}

// act dimension of an actuator (XMLreference, general/actdim: -1 means 1 with activation
// dynamics, 0 without)
int ActDim(const motus::SpecActuator& a) {
  if (a.s.actdim >= 0) {
    return a.s.actdim;
  }
  return a.s.dyntype == mjDYN_NONE ? 0 : 1;
}

// Keyframes of the child (programming_modeledit.rst, Attachment): each key becomes a key of the
// parent that holds, per attached element name, the child's values for that element; the
// compiler places them in the parent's vectors (other entries keep their defaults). Unnamed
// elements are matched by element: the copies of the attached actuators are
// dst->actuators[nact0...] in order, and joint_copy maps the attached joints to their copies.
void AttachKeys(SpecCopier* copier, SpecModel* src, const TreeNames& names, bool whole, bool same,
                size_t nact0, const std::map<const SpecElement*, SpecElement*>& joint_copy) {
  if (same || src->keys.empty()) {
    return;
  }
  std::vector<SpecElement*> joints = motus::TreeOrder(src, mjOBJ_JOINT);
  std::vector<SpecElement*> bodies = motus::TreeOrder(src, mjOBJ_BODY);
  for (const auto& key : src->keys) {
    const motus::SpecKey& k = *key;
    copier->dst->keys.emplace_back(new motus::SpecKey(copier->dst));
    motus::SpecKey* out = copier->dst->keys.back().get();
    out->name = copier->Rename(k.name);
    out->s.time = k.s.time;
    out->own.attached = true;
    auto take = [&](const std::vector<double>& v, size_t adr, size_t n, const std::string& name,
                    SpecKey::Part* part) {
      if (v.size() < adr + n || name.empty()) {
        return;
      }
      part->emplace_back(copier->Rename(name),
                         std::vector<double>(v.begin() + adr, v.begin() + adr + n));
    };
    auto take_element = [](const std::vector<double>& v, size_t adr, size_t n, const SpecElement* e,
                           SpecKey::Own::ElementPart* part) {
      if (v.size() >= adr + n && e && n > 0) {
        part->emplace_back(e, std::vector<double>(v.begin() + adr, v.begin() + adr + n));
      }
    };
    size_t qadr = 0, vadr = 0;
    for (SpecElement* e : joints) {
      auto* j = static_cast<motus::SpecJoint*>(e);
      int t = j->s.type;
      size_t nq = t == mjJNT_FREE ? 7 : t == mjJNT_BALL ? 4 : 1;
      size_t nv = t == mjJNT_FREE ? 6 : t == mjJNT_BALL ? 3 : 1;
      if (j->name.empty()) {
        auto copy = joint_copy.find(j);
        if (copy != joint_copy.end()) {
          take_element(k.own.qpos, qadr, nq, copy->second, &out->own.joint_qpos);
          take_element(k.own.qvel, vadr, nv, copy->second, &out->own.joint_qvel);
        }
      } else if (whole || names.Has(mjOBJ_JOINT, j->name)) {
        take(k.own.qpos, qadr, nq, j->name, &out->own.part_qpos);
        take(k.own.qvel, vadr, nv, j->name, &out->own.part_qvel);
      }
      qadr += nq;
      vadr += nv;
    }
    size_t aadr = 0, cadr = 0, kept = 0;
    for (const auto& a : src->actuators) {
      int na = ActDim(*a);
      if (whole || Referenced(*a, names)) {
        size_t slot = nact0 + kept++;
        const SpecElement* copy =
            slot < copier->dst->actuators.size() ? copier->dst->actuators[slot].get() : nullptr;
        if (a->name.empty()) {
          take_element(k.own.act, aadr, na, copy, &out->own.actuator_act);
          take_element(k.own.ctrl, cadr, 1, copy, &out->own.actuator_ctrl);
        } else {
          take(k.own.act, aadr, na, a->name, &out->own.part_act);
          take(k.own.ctrl, cadr, 1, a->name, &out->own.part_ctrl);
        }
      }
      aadr += na;
      cadr += 1;
    }
    size_t madr = 0;
    for (SpecElement* e : bodies) {
      auto* b = static_cast<motus::SpecBody*>(e);
      if (!b->s.mocap) {
        continue;
      }
      if (whole || names.Has(mjOBJ_BODY, b->name)) {
        take(k.own.mpos, 3 * madr, 3, b->name, &out->own.part_mpos);
        take(k.own.mquat, 4 * madr, 4, b->name, &out->own.part_mquat);
      }
      madr++;
    }
  }
}

bool IsAsset(mjtObj t) {
  return t == mjOBJ_MESH || t == mjOBJ_SKIN || t == mjOBJ_HFIELD || t == mjOBJ_TEXTURE ||
         t == mjOBJ_MATERIAL;
}

// is body b inside the subtree of root?
bool InSubtree(const SpecBody* b, const SpecBody* root) {
  for (; b; b = b->parent) {
    if (b == root) {
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" {

mjsElement* mjs_attach(mjsElement* parent, const mjsElement* child, const char* prefix,
                       const char* suffix) {
  if (!parent || !child) {
    return nullptr;
  }
  SpecElement* pe = motus::ToElement(parent);
  SpecElement* ce = motus::ToElement(child);
  SpecModel* dst = pe->model;
  SpecModel* src = ce->model;
  bool same = dst == src;

  // where the copy goes: a body, optionally inside a frame
  SpecBody* body = nullptr;
  SpecFrame* frame = nullptr;
  switch (parent->elemtype) {
    case mjOBJ_BODY:
      body = static_cast<SpecBody*>(pe);
      break;
    case mjOBJ_FRAME:
      frame = static_cast<SpecFrame*>(pe);
      body = frame->parent;
      break;
    case mjOBJ_SITE: {
      // a frame at the site's pose, in the site's body and frame
      auto* site = static_cast<motus::SpecSite*>(pe);
      body = site->parent;
      mjsFrame* f = mjs_addFrame(&body->s, site->frame ? &site->frame->s : nullptr);
      frame = Owner<SpecFrame>(f);
      for (int i = 0; i < 3; i++) {
        f->pos[i] = site->s.pos[i];
      }
      for (int i = 0; i < 4; i++) {
        f->quat[i] = site->s.quat[i];
      }
      f->alt = site->s.alt;
      frame->compiler = site->compiler;
      break;
    }
    default:
      dst->SetError("mjs_attach: the parent must be a body, frame or site");
      return nullptr;
  }
  if (!body) {
    dst->SetError("mjs_attach: parent is not part of a kinematic tree");
    return nullptr;
  }

  SpecCopier copier(dst);
  copier.prefix = prefix ? prefix : "";
  copier.suffix = suffix ? suffix : "";
  if (same) {
    // same spec: defaults and compilers map to themselves
    for (auto& d : dst->defaults) {
      copier.defaults[d.get()] = d.get();
    }
    copier.compilers[&dst->s.compiler] = &dst->s.compiler;
    for (auto& c : dst->foreign_compilers) {
      copier.compilers[&c->c] = &c->c;
    }
  } else {
    copier.compilers[&src->s.compiler] = copier.ForeignCompiler(&src->s.compiler);
    copier.CopyDefaults(src, /*replace_main=*/false);
  }

  TreeNames names;
  mjsElement* result = nullptr;
  bool whole = false;
  // the attached joints of src (region) and the parent's joints before the copy, to pair the
  // attached joints with their copies (same depth-first order)
  std::vector<SpecElement*> region;
  std::vector<SpecElement*> before =
      same ? std::vector<SpecElement*>() : motus::TreeOrder(dst, mjOBJ_JOINT);
  switch (child->elemtype) {
    case mjOBJ_BODY: {
      auto* b = static_cast<SpecBody*>(ce);
      if (b == src->world.get()) {
        dst->SetError("mjs_attach: the world body cannot be attached; attach the spec instead");
        return nullptr;
      }
      if (same && InSubtree(body, b)) {
        dst->SetError("mjs_attach: a body cannot be attached inside its own subtree");
        return nullptr;
      }
      names.Collect(b);
      for (SpecElement* e : motus::TreeOrder(src, mjOBJ_JOINT)) {
        if (InSubtree(e->parent, b)) {
          region.push_back(e);
        }
      }
      SpecBody* nb = copier.CopyBody(b, body);
      nb->frame = frame;
      result = nb;
      break;
    }
    case mjOBJ_FRAME: {
      auto* f = static_cast<SpecFrame*>(ce);
      if (same && f->parent == body) {
        dst->SetError("mjs_attach: a frame cannot be attached to its own body");
        return nullptr;
      }
      names.Collect(f->parent, f);
      for (SpecElement* e : motus::TreeOrder(src, mjOBJ_JOINT)) {
        for (const SpecFrame* g = e->frame; e->parent == f->parent && g; g = g->frame) {
          if (g == f) {
            region.push_back(e);
            break;
          }
        }
      }
      copier.CopyBodyContents(f->parent, body, f, frame);
      result = copier.frames[f];
      break;
    }
    case mjOBJ_MODEL: {
      if (same) {
        dst->SetError("mjs_attach: a spec cannot be attached to itself");
        return nullptr;
      }
      // the world's contents in a new frame
      mjsFrame* nf = mjs_addFrame(&body->s, frame ? &frame->s : nullptr);
      SpecFrame* top = Owner<SpecFrame>(nf);
      top->name = copier.Rename(src->world->name);
      names.Collect(src->world.get());
      region = motus::TreeOrder(src, mjOBJ_JOINT);
      copier.CopyBodyContents(src->world.get(), body, nullptr, top);
      result = top;
      whole = true;
      break;
    }
    default:
      dst->SetError("mjs_attach: the child must be a body, frame or spec");
      return nullptr;
  }

  // as in MuJoCo 3.8, the spec a subtree came from is then found by mjs_findSpec under its model
  // name; a copy is kept, so the caller may delete the child spec
  if (!same && !mjs_findSpec(&dst->s, src->own.modelname.c_str())) {
    motus::AddChildSpec(&dst->s, &motus::CopyModel(src)->s);
  }
  size_t nact0 = dst->actuators.size();
  copier.CopyNonTree(src, [&](const SpecElement& e) {
    if (e.elemtype == mjOBJ_KEY || e.elemtype == mjOBJ_PLUGIN) {
      return false;
    }
    if (IsAsset(e.elemtype) || e.elemtype == mjOBJ_FLEX) {
      return !same;
    }
    if (whole) {
      return true;
    }
    return Referenced(e, names);
  });
  std::map<const SpecElement*, SpecElement*> joint_copy;
  if (!same && !src->keys.empty()) {
    std::set<const SpecElement*> old(before.begin(), before.end());
    std::vector<SpecElement*> copies;
    for (SpecElement* e : motus::TreeOrder(dst, mjOBJ_JOINT)) {
      if (!old.count(e)) {
        copies.push_back(e);
      }
    }
    for (size_t i = 0; copies.size() == region.size() && i < region.size(); i++) {
      joint_copy[region[i]] = copies[i];
    }
  }
  AttachKeys(&copier, src, names, whole, same, nact0, joint_copy);
  dst->Invalidate();
  return result;
}

// Deep copy is the only attachment mode: attaching by reference, where the child's own elements
// become the parent's (MuJoCo 3.8's default), is not supported; see
// doc/conformance.md#api-behaviours.
int mjs_setDeepCopy(mjSpec* s, int deepcopy) {
  if (!s) {
    return -1;
  }
  if (!deepcopy) {
    motus::ToModel(s)->SetError(
        "mjs_setDeepCopy: attaching by reference (deepcopy 0) is not supported; mjs_attach "
        "always copies the child");
    return -1;
  }
  return 0;
}

}  // extern "C"
