// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// SpecCopier: deep copies of spec elements (see user_spec_copy.h).

#include "user/user_spec_copy.h"

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace motus {

namespace {

// decorate a reference string when renaming (empty references stay empty)
void Ref(const SpecCopier& c, std::string* s) {
  *s = c.Rename(*s);
}

// raw pointers of a list, taken before copying: the copy may append to the same list (attaching
// a part of a spec to itself)
template <class T>
std::vector<const T*> Snap(const std::vector<std::unique_ptr<T>>& list) {
  std::vector<const T*> out;
  out.reserve(list.size());
  for (const auto& e : list) {
    out.push_back(e.get());
  }
  return out;
}

}  // namespace

mjsCompiler* SpecCopier::ForeignCompiler(const mjsCompiler* c) {
  auto own = std::make_unique<CompilerOwn>();
  own->c = *c;
  own->meshdir = c->meshdir ? *c->meshdir : "";
  own->texturedir = c->texturedir ? *c->texturedir : "";
  own->Bind();
  mjsCompiler* out = &own->c;
  dst->foreign_compilers.push_back(std::move(own));
  compilers[c] = out;
  return out;
}

mjsCompiler* SpecCopier::MapCompiler(const mjsCompiler* c) {
  if (!c) {
    return &dst->s.compiler;
  }
  auto it = compilers.find(c);
  if (it != compilers.end()) {
    return it->second;
  }
  return ForeignCompiler(c);
}

SpecDefault* SpecCopier::MapDefault(const SpecDefault* d) const {
  if (!d) {
    return nullptr;
  }
  auto it = defaults.find(d);
  return it == defaults.end() ? nullptr : it->second;
}

void SpecCopier::CopyCommon(const SpecElement& src, SpecElement* out) {
  out->name = Rename(src.name);
  out->def = MapDefault(src.def);
  out->compiler = MapCompiler(src.compiler);
  out->id = src.id;
}

void SpecCopier::CopyDefaults(const SpecModel* src, bool replace_main) {
  for (size_t i = 0; i < src->defaults.size(); i++) {
    const SpecDefault* sd = src->defaults[i].get();
    SpecDefault* out;
    if (i == 0 && replace_main) {
      out = dst->defaults[0].get();
      out->name = sd->name;
    } else {
      dst->defaults.emplace_back(new SpecDefault(dst));
      out = dst->defaults.back().get();
      out->name = Rename(sd->name);
    }
    out->CopyAttributes(*sd);
    defaults[sd] = out;
    SpecDefault* parent = sd->parentdef ? MapDefault(sd->parentdef) : nullptr;
    if (!parent && out != dst->defaults[0].get()) {
      parent = dst->defaults[0].get();
    }
    if (parent && out->parentdef != parent) {
      out->parentdef = parent;
      parent->children.push_back(out);
    }
  }
}

SpecFrame* SpecCopier::CopyFrame(const SpecFrame* src, SpecBody* parent) {
  parent->frames.emplace_back(new SpecFrame(dst));
  SpecFrame* f = parent->frames.back().get();
  f->CopyAttributes(*src);
  CopyCommon(*src, f);
  if (Renaming()) {
    Ref(*this, &f->own.childclass);
  }
  f->parent = parent;
  frames[src] = f;
  return f;
}

namespace {

// true if frame f is g or nested inside g
bool Inside(const SpecFrame* f, const SpecFrame* g) {
  for (; f; f = f->frame) {
    if (f == g) {
      return true;
    }
  }
  return false;
}

template <class T>
T* CopyTreeElement(SpecCopier* c, const T& src, SpecBody* parent,
                   std::vector<std::unique_ptr<T>>* list, SpecFrame* top) {
  list->emplace_back(new T(c->dst));
  T* e = list->back().get();
  e->CopyAttributes(src);
  c->CopyCommon(src, e);
  e->parent = parent;
  auto it = c->frames.find(src.frame);
  e->frame = it == c->frames.end() ? top : it->second;
  return e;
}

}  // namespace

void SpecCopier::CopyBodyContents(const SpecBody* src, SpecBody* out, const SpecFrame* inside,
                                  SpecFrame* top) {
  auto skip = [&](const SpecElement& e) { return inside && !Inside(e.frame, inside); };

  // frames first (elements refer to them), then resolve frame nesting
  std::vector<std::pair<const SpecFrame*, SpecFrame*>> copied;
  for (const auto* f : Snap(src->frames)) {
    if (inside && !Inside(f, inside)) {
      continue;
    }
    copied.emplace_back(f, CopyFrame(f, out));
  }
  for (auto& [sf, nf] : copied) {
    auto it = frames.find(sf->frame);
    nf->frame = it == frames.end() || sf == inside ? top : it->second;
  }

  for (const auto* j : Snap(src->joints)) {
    if (!skip(*j)) {
      CopyTreeElement(this, *j, out, &out->joints, top);
    }
  }
  for (const auto* g : Snap(src->geoms)) {
    if (skip(*g)) {
      continue;
    }
    SpecGeom* e = CopyTreeElement(this, *g, out, &out->geoms, top);
    if (Renaming()) {
      Ref(*this, &e->own.material);
      Ref(*this, &e->own.meshname);
      Ref(*this, &e->own.hfieldname);
    }
  }
  for (const auto* s : Snap(src->sites)) {
    if (skip(*s)) {
      continue;
    }
    SpecSite* e = CopyTreeElement(this, *s, out, &out->sites, top);
    if (Renaming()) {
      Ref(*this, &e->own.material);
    }
  }
  for (const auto* cam : Snap(src->cameras)) {
    if (skip(*cam)) {
      continue;
    }
    SpecCamera* e = CopyTreeElement(this, *cam, out, &out->cameras, top);
    if (Renaming()) {
      Ref(*this, &e->own.targetbody);
    }
  }
  for (const auto* l : Snap(src->lights)) {
    if (skip(*l)) {
      continue;
    }
    SpecLight* e = CopyTreeElement(this, *l, out, &out->lights, top);
    if (Renaming()) {
      Ref(*this, &e->own.targetbody);
      Ref(*this, &e->own.texture);
    }
  }
  for (const auto* b : Snap(src->bodies)) {
    if (skip(*b)) {
      continue;
    }
    SpecBody* nb = CopyBody(b, out);
    if (!nb->frame) {
      nb->frame = top;
    }
  }
}

SpecBody* SpecCopier::CopyBody(const SpecBody* src, SpecBody* parent) {
  parent->bodies.emplace_back(new SpecBody(dst));
  SpecBody* b = parent->bodies.back().get();
  b->CopyAttributes(*src);
  CopyCommon(*src, b);
  if (Renaming()) {
    Ref(*this, &b->own.childclass);
  }
  b->parent = parent;
  auto it = frames.find(src->frame);
  b->frame = it == frames.end() ? nullptr : it->second;
  CopyBodyContents(src, b);
  return b;
}

namespace {

template <class T>
T* CopyListElement(SpecCopier* c, const T& src, std::vector<std::unique_ptr<T>>* list,
                   const std::function<bool(const SpecElement&)>& keep) {
  if (keep && !keep(src)) {
    return nullptr;
  }
  list->emplace_back(new T(c->dst));
  T* e = list->back().get();
  e->CopyAttributes(src);
  c->CopyCommon(src, e);
  return e;
}

}  // namespace

void SpecCopier::CopyNonTree(const SpecModel* src,
                             const std::function<bool(const SpecElement&)>& keep) {
  bool r = Renaming();
  for (const auto* x : Snap(src->flexes)) {
    SpecFlex* e = CopyListElement(this, *x, &dst->flexes, keep);
    if (e && r) {
      Ref(*this, &e->own.material);
      for (auto& n : e->own.nodebody) {
        Ref(*this, &n);
      }
      for (auto& n : e->own.vertbody) {
        Ref(*this, &n);
      }
    }
  }
  for (const auto* x : Snap(src->meshes)) {
    SpecMesh* e = CopyListElement(this, *x, &dst->meshes, keep);
    if (e && r) {
      Ref(*this, &e->own.material);
    }
  }
  for (const auto* x : Snap(src->skins)) {
    SpecSkin* e = CopyListElement(this, *x, &dst->skins, keep);
    if (e && r) {
      Ref(*this, &e->own.material);
      for (auto& n : e->own.bodyname) {
        Ref(*this, &n);
      }
    }
  }
  for (const auto* x : Snap(src->hfields)) {
    CopyListElement(this, *x, &dst->hfields, keep);
  }
  for (const auto* x : Snap(src->textures)) {
    CopyListElement(this, *x, &dst->textures, keep);
  }
  for (const auto* x : Snap(src->materials)) {
    SpecMaterial* e = CopyListElement(this, *x, &dst->materials, keep);
    if (e && r) {
      for (auto& n : e->own.textures) {
        Ref(*this, &n);
      }
    }
  }
  for (const auto* x : Snap(src->pairs)) {
    SpecPair* e = CopyListElement(this, *x, &dst->pairs, keep);
    if (e && r) {
      Ref(*this, &e->own.geomname1);
      Ref(*this, &e->own.geomname2);
    }
  }
  for (const auto* x : Snap(src->excludes)) {
    SpecExclude* e = CopyListElement(this, *x, &dst->excludes, keep);
    if (e && r) {
      Ref(*this, &e->own.bodyname1);
      Ref(*this, &e->own.bodyname2);
    }
  }
  for (const auto* x : Snap(src->equalities)) {
    SpecEquality* e = CopyListElement(this, *x, &dst->equalities, keep);
    if (e && r) {
      Ref(*this, &e->own.name1);
      Ref(*this, &e->own.name2);
    }
  }
  for (const auto* x : Snap(src->tendons)) {
    SpecTendon* e = CopyListElement(this, *x, &dst->tendons, keep);
    if (!e) {
      continue;
    }
    if (r) {
      Ref(*this, &e->own.material);
    }
    for (const auto& w : x->wraps) {
      e->wraps.emplace_back(new SpecWrap(dst));
      SpecWrap* nw = e->wraps.back().get();
      nw->CopyAttributes(*w);
      CopyCommon(*w, nw);
      nw->tendon = e;
      if (r) {
        Ref(*this, &nw->own.target);
        Ref(*this, &nw->own.sidesite);
      }
    }
  }
  for (const auto* x : Snap(src->actuators)) {
    SpecActuator* e = CopyListElement(this, *x, &dst->actuators, keep);
    if (e && r) {
      Ref(*this, &e->own.target);
      Ref(*this, &e->own.refsite);
      Ref(*this, &e->own.slidersite);
    }
  }
  for (const auto* x : Snap(src->sensors)) {
    SpecSensor* e = CopyListElement(this, *x, &dst->sensors, keep);
    if (e && r) {
      Ref(*this, &e->own.objname);
      Ref(*this, &e->own.refname);
    }
  }
  for (const auto* x : Snap(src->numerics)) {
    CopyListElement(this, *x, &dst->numerics, keep);
  }
  for (const auto* x : Snap(src->texts)) {
    CopyListElement(this, *x, &dst->texts, keep);
  }
  for (const auto* x : Snap(src->tuples)) {
    SpecTuple* e = CopyListElement(this, *x, &dst->tuples, keep);
    if (e && r) {
      for (auto& n : e->own.objname) {
        Ref(*this, &n);
      }
    }
  }
  for (const auto* x : Snap(src->keys)) {
    SpecKey* e = CopyListElement(this, *x, &dst->keys, keep);
    if (e && r) {
      for (auto* part : {&e->own.part_qpos, &e->own.part_qvel, &e->own.part_act, &e->own.part_ctrl,
                         &e->own.part_mpos, &e->own.part_mquat}) {
        for (auto& kv : *part) {
          Ref(*this, &kv.first);
        }
      }
    }
  }
  for (const auto* x : Snap(src->plugins)) {
    CopyListElement(this, *x, &dst->plugins, keep);
  }
  dst->Invalidate();
}

}  // namespace motus
