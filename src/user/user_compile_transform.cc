// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Spec transformations requested by compiler options, applied to a private copy of the spec
// before compilation (the user's spec is not modified):
//   fusestatic (XMLreference.rst, compiler/fusestatic): static bodies are fused with their parent
//     unless referenced by another element or holding a site referenced by a force or torque
//     sensor; their geoms, sites, cameras, lights, frames and child bodies move to the parent with
//     composed poses (appended to the parent's elements; child bodies take the fused body's place
//     among the parent's children). Bodies are fused top-down. Each fused body is recorded
//     (CompileContext::fused): the receiving body's inertial is its own (explicit, or from its own
//     geoms) combined, one fused body at a time, with each fused body's inertial (explicit or from
//     the geoms it brought), placed as MuJoCo does (see FusedItem, user_compile_geom.cc).
//   discardvisual (compiler/discardvisual): materials and textures are discarded, geoms with
//     contype = conaffinity = 0 that no element references are discarded (a body whose inertia
//     they contributed to gets the explicit inertial computed with them), and meshes no geom uses
//     are discarded.

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile_internal.h"
#include "user/user_util.h"

namespace motus {

namespace {

// names referenced by elements outside the kinematic tree (and by cameras/lights), per type
struct References {
  std::set<std::string> v[mjNOBJECT];
  bool Has(mjtObj t, const std::string& n) const {
    if (t == mjOBJ_XBODY) {
      t = mjOBJ_BODY;
    }
    return !n.empty() && t > mjOBJ_UNKNOWN && t < mjNOBJECT && v[t].count(n);
  }
  void Add(mjtObj t, const std::string& n) {
    if (t == mjOBJ_XBODY) {
      t = mjOBJ_BODY;
    }
    if (!n.empty() && t > mjOBJ_UNKNOWN && t < mjNOBJECT) {
      v[t].insert(n);
    }
  }
};

References CollectReferences(SpecModel* s) {
  References r;
  for (auto& a : s->actuators) {
    mjtObj t = a->s.trntype == mjTRN_JOINT || a->s.trntype == mjTRN_JOINTINPARENT ? mjOBJ_JOINT
               : a->s.trntype == mjTRN_TENDON                                     ? mjOBJ_TENDON
               : a->s.trntype == mjTRN_BODY                                       ? mjOBJ_BODY
                                                                                  : mjOBJ_SITE;
    r.Add(t, a->own.target);
    r.Add(mjOBJ_SITE, a->own.refsite);
    r.Add(mjOBJ_SITE, a->own.slidersite);
  }
  for (auto& x : s->sensors) {
    r.Add(x->s.objtype, x->own.objname);
    r.Add(x->s.reftype, x->own.refname);
  }
  for (auto& e : s->equalities) {
    r.Add(e->s.objtype, e->own.name1);
    r.Add(e->s.objtype, e->own.name2);
  }
  for (auto& p : s->pairs) {
    r.Add(mjOBJ_GEOM, p->own.geomname1);
    r.Add(mjOBJ_GEOM, p->own.geomname2);
  }
  for (auto& e : s->excludes) {
    r.Add(mjOBJ_BODY, e->own.bodyname1);
    r.Add(mjOBJ_BODY, e->own.bodyname2);
  }
  for (auto& t : s->tendons) {
    for (auto& w : t->wraps) {
      mjtObj type = w->s.type == mjWRAP_SITE     ? mjOBJ_SITE
                    : w->s.type == mjWRAP_JOINT  ? mjOBJ_JOINT
                    : w->s.type == mjWRAP_PULLEY ? mjOBJ_UNKNOWN
                                                 : mjOBJ_GEOM;
      r.Add(type, w->own.target);
      r.Add(mjOBJ_SITE, w->own.sidesite);
    }
  }
  for (auto& t : s->tuples) {
    for (size_t k = 0; k < t->own.objname.size() && k < t->own.objtype.size(); k++) {
      r.Add(static_cast<mjtObj>(t->own.objtype[k]), t->own.objname[k]);
    }
  }
  for (auto& k : s->skins) {
    for (auto& n : k->own.bodyname) {
      r.Add(mjOBJ_BODY, n);
    }
  }
  for (auto& f : s->flexes) {
    for (auto& n : f->own.nodebody) {
      r.Add(mjOBJ_BODY, n);
    }
    for (auto& n : f->own.vertbody) {
      r.Add(mjOBJ_BODY, n);
    }
  }
  for (SpecBody* b : BodyOrder(s)) {
    for (auto& c : b->cameras) {
      r.Add(mjOBJ_BODY, c->own.targetbody);
    }
    for (auto& l : b->lights) {
      r.Add(mjOBJ_BODY, l->own.targetbody);
    }
  }
  return r;
}

// ------------------------------------ fusestatic ----------------------------------------------

// pose of an element in its body (alt orientation and frames resolved); false on error
bool Resolve(CompileContext* c, SpecElement* e, double* pos, double* quat,
             const mjsOrientation& alt) {
  Pose p;
  if (!ElementPose(c, e, pos, quat, alt, &p)) {
    return false;
  }
  um::Copy3(pos, p.pos);
  um::CopyQuat(quat, p.quat);
  e->frame = nullptr;
  return true;
}

// re-express an element given in the fused body's frame in the parent's frame
void Compose(const Pose& P, double* pos, double* quat) {
  um::MulPose(pos, quat, P.pos, P.quat, pos, quat);
}

bool FuseBody(CompileContext* c, SpecBody* b) {
  SpecBody* parent = b->parent;
  Pose P;
  if (!ElementPose(c, b, b->s.pos, b->s.quat, b->s.alt, &P)) {
    return false;
  }

  auto resolve_pose = [&](SpecElement* e, double* pos, double* quat, mjsOrientation* alt) {
    if (!Resolve(c, e, pos, quat, *alt)) {
      return false;
    }
    mjs_defaultOrientation(alt);
    Compose(P, pos, quat);
    e->parent = parent;
    return true;
  };
  for (auto& g : b->geoms) {
    if (!std::isnan(g->s.fromto[0])) {
      // fromto points are in the body frame: move them to the parent frame
      for (int k = 0; k < 2; k++) {
        double p[3];
        um::RotVecQuat(p, g->s.fromto + 3 * k, P.quat);
        for (int i = 0; i < 3; i++) {
          g->s.fromto[3 * k + i] = p[i] + P.pos[i];
        }
      }
      if (g->frame) {
        return c->Error("fusestatic: fromto geoms inside frames are not supported", g.get());
      }
      g->parent = parent;
    } else if (!resolve_pose(g.get(), g->s.pos, g->s.quat, &g->s.alt)) {
      return false;
    }
  }
  for (auto& x : b->sites) {
    if (!std::isnan(x->s.fromto[0])) {
      for (int k = 0; k < 2; k++) {
        double p[3];
        um::RotVecQuat(p, x->s.fromto + 3 * k, P.quat);
        for (int i = 0; i < 3; i++) {
          x->s.fromto[3 * k + i] = p[i] + P.pos[i];
        }
      }
      if (x->frame) {
        return c->Error("fusestatic: fromto sites inside frames are not supported", x.get());
      }
      x->parent = parent;
    } else if (!resolve_pose(x.get(), x->s.pos, x->s.quat, &x->s.alt)) {
      return false;
    }
  }
  for (auto& k : b->cameras) {
    if (!resolve_pose(k.get(), k->s.pos, k->s.quat, &k->s.alt)) {
      return false;
    }
  }
  for (auto& l : b->lights) {
    Pose lp;
    um::Copy3(lp.pos, l->s.pos);
    if (!ApplyFrames(c, l.get(), &lp)) {
      return false;
    }
    double dir[3];
    um::RotVecQuat(dir, l->s.dir, lp.quat);
    um::MulPose(lp.pos, lp.quat, P.pos, P.quat, lp.pos, lp.quat);
    um::Copy3(l->s.pos, lp.pos);
    um::RotVecQuat(l->s.dir, dir, P.quat);
    l->frame = nullptr;
    l->parent = parent;
  }
  for (auto& child : b->bodies) {
    if (!resolve_pose(child.get(), child->s.pos, child->s.quat, &child->s.alt)) {
      return false;
    }
  }

  // record the fused body (its inertial is combined into the parent's, see CompileInertia)
  int record = static_cast<int>(c->fused.size());
  for (FusedBody& f : c->fused) {
    if (f.into == b) {
      f.into_record = record;
    }
  }
  for (auto& g : b->geoms) {
    c->fused_geom.emplace(g.get(), record);  // keeps earlier records
  }

  // move everything to the parent: elements appended, child bodies in the fused body's place
  auto append = [&](auto& from, auto& to) {
    for (auto& e : from) {
      to.push_back(std::move(e));
    }
    from.clear();
  };
  append(b->geoms, parent->geoms);
  append(b->sites, parent->sites);
  append(b->cameras, parent->cameras);
  append(b->lights, parent->lights);
  b->frames.clear();  // all elements were re-expressed without frames
  auto& siblings = parent->bodies;
  auto it = std::find_if(siblings.begin(), siblings.end(),
                         [b](const std::unique_ptr<SpecBody>& x) { return x.get() == b; });
  size_t at = it - siblings.begin();
  std::vector<std::unique_ptr<SpecBody>> children = std::move(b->bodies);
  b->bodies.clear();
  FusedBody f;
  f.body = std::move(*it);
  f.pose = P;
  f.into = parent;
  c->fused.push_back(std::move(f));
  siblings.erase(it);
  for (size_t k = 0; k < children.size(); k++) {
    siblings.insert(siblings.begin() + at + k, std::move(children[k]));
  }
  return true;
}

bool FuseStatic(CompileContext* c, SpecModel* s) {
  References refs = CollectReferences(s);
  // sites used by force and torque sensors keep their bodies
  std::set<std::string> ftsites;
  for (auto& x : s->sensors) {
    if (x->s.type == mjSENS_FORCE || x->s.type == mjSENS_TORQUE) {
      ftsites.insert(x->own.objname);
    }
  }
  // fuse top-down (pre-order), as MuJoCo does: a static body inside a fused one has moved
  // to the kept ancestor by its turn. This decides the order of the moved geoms and the inertial
  // each fused body contributes (see FusedBody).
  std::vector<SpecBody*> order = BodyOrder(s);
  for (SpecBody* b : order) {
    if (b == s->world.get() || !b->joints.empty() || b->s.mocap) {
      continue;
    }
    if (refs.Has(mjOBJ_BODY, b->name)) {
      continue;
    }
    bool ft = false;
    for (auto& x : b->sites) {
      ft = ft || (!x->name.empty() && ftsites.count(x->name));
    }
    if (ft) {
      continue;
    }
    if (!FuseBody(c, b)) {
      return false;
    }
  }
  s->Invalidate();
  return true;
}

// ------------------------------------ discardvisual -------------------------------------------

bool IsVisual(const SpecGeom& g) {
  return g.s.contype == 0 && g.s.conaffinity == 0;
}

bool DiscardVisual(CompileContext* c, SpecModel* s) {
  References refs = CollectReferences(s);
  std::vector<SpecBody*> bodies = BodyOrder(s);

  // bodies whose inferred inertia uses a geom that goes away get that inertia explicitly
  bool any = false;
  for (SpecBody* b : bodies) {
    for (auto& g : b->geoms) {
      any = any || (IsVisual(*g) && !refs.Has(mjOBJ_GEOM, g->name));
    }
  }
  if (any) {
    std::unique_ptr<SpecModel> trial(CopyModel(s));
    trial->s.compiler.discardvisual = 0;
    trial->s.compiler.fusestatic = 0;
    mjModel* m = mj_compile(&trial->s, c->vfs);
    if (!m) {
      c->error = trial->error;
      return false;
    }
    for (size_t i = 1; i < bodies.size(); i++) {
      SpecBody* b = bodies[i];
      bool lose = false;
      for (auto& g : b->geoms) {
        lose = lose || (IsVisual(*g) && !refs.Has(mjOBJ_GEOM, g->name));
      }
      if (!lose || b->s.explicitinertial) {
        continue;
      }
      b->s.explicitinertial = 1;
      b->s.mass = m->body_mass[i];
      for (int k = 0; k < 3; k++) {
        b->s.ipos[k] = m->body_ipos[3 * i + k];
        b->s.inertia[k] = m->body_inertia[3 * i + k];
      }
      for (int k = 0; k < 4; k++) {
        b->s.iquat[k] = m->body_iquat[4 * i + k];
      }
      mjs_defaultOrientation(&b->s.ialt);
      b->s.fullinertia[0] = std::nan("");
    }
    mj_deleteModel(m);
  }

  for (SpecBody* b : bodies) {
    auto& gs = b->geoms;
    gs.erase(std::remove_if(gs.begin(), gs.end(),
                            [&](const std::unique_ptr<SpecGeom>& g) {
                              return IsVisual(*g) && !refs.Has(mjOBJ_GEOM, g->name);
                            }),
             gs.end());
    for (auto& g : b->geoms) {
      g->own.material.clear();
    }
    for (auto& x : b->sites) {
      x->own.material.clear();
    }
    for (auto& l : b->lights) {
      l->own.texture.clear();
    }
  }
  for (auto& t : s->tendons) {
    t->own.material.clear();
  }
  for (auto& k : s->skins) {
    k->own.material.clear();
  }
  for (auto& f : s->flexes) {
    f->own.material.clear();
  }
  for (auto& m : s->meshes) {
    m->own.material.clear();
  }
  s->materials.clear();
  s->textures.clear();

  // meshes no remaining geom uses
  std::set<std::string> used;
  for (SpecBody* b : BodyOrder(s)) {
    for (auto& g : b->geoms) {
      used.insert(g->own.meshname);
    }
  }
  auto& ms = s->meshes;
  ms.erase(std::remove_if(ms.begin(), ms.end(),
                          [&](const std::unique_ptr<SpecMesh>& mesh) {
                            return !used.count(CompiledName(mesh.get())) &&
                                   !refs.Has(mjOBJ_MESH, CompiledName(mesh.get()));
                          }),
           ms.end());
  s->Invalidate();
  return true;
}

}  // namespace

bool TransformSpec(CompileContext* c, SpecModel* s) {
  if (s->s.compiler.discardvisual && !DiscardVisual(c, s)) {
    return false;
  }
  if (s->s.compiler.fusestatic && !FuseStatic(c, s)) {
    return false;
  }
  return true;
}

}  // namespace motus
