// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Shared helpers of the non-tree compiler (see user_compile_nontree.h): name lookup, the tree
// view, limit flags, user data sizes.

#include "user/user_compile_nontree.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_spec.h"

namespace motus {

int NonTreeContext::Find(mjtObj type, const std::string& name) const {
  if (name.empty() || !core) {
    return -1;
  }
  return core->FindId(type == mjOBJ_XBODY ? mjOBJ_BODY : type, name);
}

void NonTreeTreeFromModel(NonTreeContext* ctx, const mjModel* m) {
  NonTreeTree& t = ctx->tree;
  t.nv = static_cast<int>(m->nv);
  t.nq = static_cast<int>(m->nq);
  t.body_parentid.assign(m->body_parentid, m->body_parentid + m->nbody);
  t.body_dofnum.assign(m->body_dofnum, m->body_dofnum + m->nbody);
  t.body_dofadr.assign(m->body_dofadr, m->body_dofadr + m->nbody);
  t.jnt_type.assign(m->jnt_type, m->jnt_type + m->njnt);
  t.jnt_bodyid.assign(m->jnt_bodyid, m->jnt_bodyid + m->njnt);
  t.jnt_dofadr.assign(m->jnt_dofadr, m->jnt_dofadr + m->njnt);
  t.jnt_qposadr.assign(m->jnt_qposadr, m->jnt_qposadr + m->njnt);
  t.geom_bodyid.assign(m->geom_bodyid, m->geom_bodyid + m->ngeom);
  t.geom_type.assign(m->geom_type, m->geom_type + m->ngeom);
  t.site_bodyid.assign(m->site_bodyid, m->site_bodyid + m->nsite);
  t.cam_resolution.assign(m->cam_resolution, m->cam_resolution + 2 * m->ncam);
  t.mesh_nvert.assign(m->mesh_vertnum, m->mesh_vertnum + m->nmesh);
}

void NonTreeFromCompile(NonTreeContext* ctx, CompileContext* core) {
  ctx->spec = core->spec;
  ctx->error.clear();
  ctx->bad = nullptr;
  ctx->core = core;

  NonTreeTree& t = ctx->tree;
  t = NonTreeTree();
  t.nv = core->nv;
  t.nq = core->nq;
  for (const BodyInfo& b : core->body) {
    t.body_parentid.push_back(b.parent);
    t.body_dofnum.push_back(b.dofnum);
    t.body_dofadr.push_back(b.dofadr);
  }
  for (size_t j = 0; j < core->joints.size(); j++) {
    t.jnt_type.push_back(core->joints[j]->s.type);
    t.jnt_bodyid.push_back(core->joint[j].body);
    t.jnt_dofadr.push_back(core->joint[j].dofadr);
    t.jnt_qposadr.push_back(core->joint[j].qposadr);
  }
  for (const SpecGeom* g : core->geoms) {
    t.geom_type.push_back(g->s.type);
    t.geom_bodyid.push_back(g->parent ? g->parent->id : 0);
  }
  for (const SpecSite* s : core->sites) {
    t.site_bodyid.push_back(s->parent ? s->parent->id : 0);
  }
  for (const SpecCamera* c : core->cameras) {
    t.cam_resolution.push_back(c->s.resolution[0]);
    t.cam_resolution.push_back(c->s.resolution[1]);
  }
  for (const std::shared_ptr<const MeshResult>& mesh : core->mesh) {
    t.mesh_nvert.push_back(static_cast<int>(mesh->vert.size() / 3));
  }
}

bool NonTreeFail(const NonTreeContext& ctx, CompileContext* core) {
  return core->Error(ctx.error, ctx.bad);
}

std::string Describe(const char* kind, const SpecElement* e, int id) {
  std::string s = kind;
  if (e && !e->name.empty()) {
    s += " '" + e->name + "'";
  }
  s += " (id = " + std::to_string(id) + ")";
  return s;
}

int ResolveLimited(int flag, const double range[2], const mjsCompiler* compiler, const char* what,
                   const char* limname, const char* rangename, std::string* err) {
  bool autolimits = compiler ? compiler->autolimits : true;
  if (flag == mjLIMITED_AUTO) {
    bool has_range = range[0] != 0 || range[1] != 0;
    if (!autolimits) {
      if (has_range) {
        *err = std::string(what) + " has `" + rangename + "` but not `" + limname +
               "`: set the autolimits=\"true\" compiler option, specify `" + limname +
               "` explicitly (\"true\" or \"false\"), or remove the `" + rangename + "` attribute";
        return -1;
      }
      return 0;
    }
    // autolimits: limited when a (non-empty) range is given
    return range[0] < range[1] ? 1 : 0;
  }
  return flag == mjLIMITED_TRUE ? 1 : 0;
}

int UserSize(int nuser, const std::vector<const std::vector<double>*>& data, const char* kind,
             std::string* err) {
  int longest = 0;
  for (const std::vector<double>* d : data) {
    longest = std::max(longest, d ? static_cast<int>(d->size()) : 0);
  }
  if (nuser < 0) {
    return longest;
  }
  if (longest > nuser) {
    *err = std::string("user data of ") + kind + " has " + std::to_string(longest) +
           " values, more than nuser_" + kind + " = " + std::to_string(nuser);
    return -1;
  }
  return nuser;
}

void BodyChainDofs(const NonTreeTree& tree, int body, std::vector<int>* dofs) {
  for (int b = body; b > 0; b = tree.body_parentid[b]) {
    for (int k = 0; k < tree.body_dofnum[b]; k++) {
      dofs->push_back(tree.body_dofadr[b] + k);
    }
  }
  std::sort(dofs->begin(), dofs->end());
  dofs->erase(std::unique(dofs->begin(), dofs->end()), dofs->end());
}

int ActuatorMomentCapacity(const NonTreeTree& tree, int type, int id, int ref, int tendon_nnz) {
  std::vector<int> a, b, both;
  switch (type) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT:
      return JointDofs(tree.jnt_type[id]);
    case mjTRN_TENDON:
      return tendon_nnz;
    case mjTRN_SITE:
    case mjTRN_SLIDERCRANK:
      BodyChainDofs(tree, tree.site_bodyid[id], &a);
      if (ref >= 0) {
        BodyChainDofs(tree, tree.site_bodyid[ref], &b);
      }
      if (type == mjTRN_SITE) {
        std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(),
                                      std::back_inserter(both));
      } else {
        std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
      }
      return static_cast<int>(both.size());
    default:
      return tree.nv;
  }
}

}  // namespace motus
