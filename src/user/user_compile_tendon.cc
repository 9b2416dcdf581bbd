// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tendons (XMLreference "tendon"): fixed tendons (a linear combination of joint positions) and
// spatial tendons (a path of sites, wrapping geoms and pulleys), compiled into the tendon_* and
// wrap_* arrays and the static sparsity of the tendon Jacobian (ten_J_rownnz/rowadr/colind).
//
// Path encoding (mjModel wrap_*): tendon t owns wraps tendon_adr[t] .. tendon_adr[t] +
// tendon_num[t] - 1, one per path element, with
//   joint:   wrap_type mjWRAP_JOINT,  wrap_objid = joint id,  wrap_prm = coef
//   site:    wrap_type mjWRAP_SITE,   wrap_objid = site id,   wrap_prm = 0
//   geom:    wrap_type mjWRAP_SPHERE or mjWRAP_CYLINDER (from the geom type),
//            wrap_objid = geom id, wrap_prm = side site id or -1
//   pulley:  wrap_type mjWRAP_PULLEY, wrap_objid = -1,        wrap_prm = divisor

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_nontree.h"
#include "user/user_spec.h"

namespace motus {
namespace {

// a tendon is fixed when its path consists of joints only
bool IsFixed(const SpecTendon* t) {
  return !t->wraps.empty() && t->wraps[0]->s.type == mjWRAP_JOINT;
}

// "in tendon 0, wrap 1" as MuJoCo says, then the tendon's name when it has one
std::string WrapWhere(const SpecWrap* wrap, int tendon, int w) {
  std::string name =
      wrap->tendon && !wrap->tendon->name.empty() ? " (tendon '" + wrap->tendon->name + "')" : "";
  return "in tendon " + std::to_string(tendon) + ", wrap " + std::to_string(w) + name;
}

// Resolves the object of one path element: id of the joint / site / geom (-1 for pulleys) and,
// for geoms, the side site (-1 when none). Reports dangling names.
bool ResolveWrap(NonTreeContext* ctx, int t, int w, const SpecWrap* wrap, int* objid, int* sideid) {
  *objid = -1;
  *sideid = -1;
  const std::string& target = wrap->own.target;
  switch (wrap->s.type) {
    case mjWRAP_JOINT:
      *objid = ctx->Find(mjOBJ_JOINT, target);
      if (*objid < 0) {
        ctx->error = "joint '" + target + "' not found " + WrapWhere(wrap, t, w);
      }
      return *objid >= 0;
    case mjWRAP_SITE:
      *objid = ctx->Find(mjOBJ_SITE, target);
      if (*objid < 0) {
        ctx->error = "site '" + target + "' not found " + WrapWhere(wrap, t, w);
      }
      return *objid >= 0;
    case mjWRAP_SPHERE:
    case mjWRAP_CYLINDER: {
      *objid = ctx->Find(mjOBJ_GEOM, target);
      if (*objid < 0) {
        ctx->error = "geom '" + target + "' not found " + WrapWhere(wrap, t, w);
        return false;
      }
      int type = ctx->tree.geom_type[*objid];
      if (type != mjGEOM_SPHERE && type != mjGEOM_CYLINDER) {
        ctx->error =
            "geom '" + target + "' " + WrapWhere(wrap, t, w) + " is not sphere or cylinder";
        return false;
      }
      if (!wrap->own.sidesite.empty()) {
        *sideid = ctx->Find(mjOBJ_SITE, wrap->own.sidesite);
        if (*sideid < 0) {
          ctx->error = "side site '" + wrap->own.sidesite + "' not found " + WrapWhere(wrap, t, w);
          return false;
        }
      }
      return true;
    }
    case mjWRAP_PULLEY:
      return true;
    default:
      ctx->error = "unknown wrap type " + WrapWhere(wrap, t, w);
      return false;
  }
}

// Structure of a spatial path (XMLreference "tendon/spatial"): every branch starts and ends with
// a site, a geom sits between two sites, pulleys separate branches.
bool CheckSpatialPath(NonTreeContext* ctx, const SpecTendon* ten, int t,
                      const std::vector<int>& objid) {
  const std::string who = Describe("tendon", ten, t) + ": ";
  int n = static_cast<int>(ten->wraps.size());
  if (n < 2) {
    ctx->error = who + "spatial path must contain at least two objects";
    return false;
  }
  auto type = [&](int i) { return ten->wraps[i]->s.type; };
  auto is_site = [&](int i) { return i >= 0 && i < n && type(i) == mjWRAP_SITE; };
  auto is_other = [&](int i) { return i >= 0 && i < n && type(i) != mjWRAP_PULLEY; };
  for (int i = 0; i < n; i++) {
    switch (type(i)) {
      case mjWRAP_JOINT:
        ctx->error = who + "joint wrap at pos " + std::to_string(i) + " in a spatial tendon";
        return false;
      case mjWRAP_PULLEY:
        if (i == n - 1) {
          ctx->error = who + "path ends with pulley";
          return false;
        }
        if (i > 0 && type(i - 1) == mjWRAP_PULLEY) {
          ctx->error = who + "consecutive pulleys (pos " + std::to_string(i) + ")";
          return false;
        }
        break;
      case mjWRAP_SITE:
        if (!is_other(i - 1) && !is_other(i + 1)) {
          ctx->error = who + "site " + std::to_string(i) + " needs a neighbor that is not a pulley";
          return false;
        }
        if (is_site(i - 1) && objid[i - 1] == objid[i]) {
          ctx->error = who + "site " + std::to_string(i) + " is repeated";
          return false;
        }
        break;
      default:  // geom
        if (!is_site(i - 1) || !is_site(i + 1)) {
          ctx->error = who + "geom at pos " + std::to_string(i) + " not bracketed by sites";
          return false;
        }
        break;
    }
  }
  return true;
}

// Validates one tendon's path and attributes; returns the resolved object and side-site ids.
bool CheckTendon(NonTreeContext* ctx, const SpecTendon* ten, int t, std::vector<int>* objid,
                 std::vector<int>* sideid) {
  ctx->bad = ten;
  const std::string who = Describe("tendon", ten, t);
  int n = static_cast<int>(ten->wraps.size());
  if (n == 0) {
    ctx->error = who + ": path cannot be empty";
    return false;
  }
  objid->assign(n, -1);
  sideid->assign(n, -1);
  bool fixed = IsFixed(ten);
  for (int w = 0; w < n; w++) {
    const SpecWrap* wrap = ten->wraps[w].get();
    if (fixed != (wrap->s.type == mjWRAP_JOINT)) {
      ctx->error = who + ": joint wraps cannot be mixed with sites, geoms and pulleys";
      return false;
    }
    if (!ResolveWrap(ctx, t, w, wrap, &(*objid)[w], &(*sideid)[w])) {
      return false;
    }
  }
  if (!fixed && !CheckSpatialPath(ctx, ten, t, *objid)) {
    return false;
  }

  const mjsTendon& s = ten->s;
  if (!fixed && s.armature > 0) {
    for (const auto& w : ten->wraps) {
      if (w->s.type == mjWRAP_SPHERE || w->s.type == mjWRAP_CYLINDER) {
        ctx->error = who + ": geom wrapping not supported by tendon armature";
        return false;
      }
    }
  }
  if (!ten->own.material.empty() && ctx->Find(mjOBJ_MATERIAL, ten->own.material) < 0) {
    ctx->error = "material '" + ten->own.material + "' not found in " + who;
    return false;
  }

  // springlength: (-1, -1) means "length at qpos0", otherwise a non-decreasing dead band
  bool autospring = s.springlength[0] == -1 && s.springlength[1] == -1;
  if (!autospring && s.springlength[0] > s.springlength[1]) {
    ctx->error = "invalid springlength in " + who;
    return false;
  }

  // length limits; with "auto", limited iff autolimits and a nonempty range
  int limited = ResolveLimited(s.limited, s.range, ten->compiler, who.c_str(), "limited", "range",
                               &ctx->error);
  if (limited < 0) {
    return false;
  }
  if (limited && s.range[0] >= s.range[1]) {
    ctx->error = "invalid limits in " + who;
    return false;
  }

  // actuator force clamping: MuJoCo leaves "auto" disabled for tendons (with and without
  // autolimits); when enabled, the range must bracket zero
  if (s.actfrclimited == mjLIMITED_TRUE &&
      (s.actfrcrange[0] >= s.actfrcrange[1] || s.actfrcrange[0] > 0 || s.actfrcrange[1] < 0)) {
    ctx->error = "invalid actuatorfrcrange in " + who;
    return false;
  }
  return true;
}

// Dofs on which the tendon length depends (its Jacobian row pattern), increasing: the dof of
// each joint of a fixed tendon, and the ancestor-chain dofs of every site and geom of a spatial
// tendon.
void TendonDofs(const NonTreeTree& tree, const SpecTendon* ten, const std::vector<int>& objid,
                std::vector<int>* dofs) {
  dofs->clear();
  for (size_t w = 0; w < ten->wraps.size(); w++) {
    int id = objid[w];
    switch (ten->wraps[w]->s.type) {
      case mjWRAP_JOINT:
        dofs->push_back(tree.jnt_dofadr[id]);
        break;
      case mjWRAP_SITE:
        BodyChainDofs(tree, tree.site_bodyid[id], dofs);
        break;
      case mjWRAP_SPHERE:
      case mjWRAP_CYLINDER:
        BodyChainDofs(tree, tree.geom_bodyid[id], dofs);
        break;
      default:
        break;
    }
  }
  std::sort(dofs->begin(), dofs->end());
  dofs->erase(std::unique(dofs->begin(), dofs->end()), dofs->end());
}

// kinematic trees the tendon touches (body_treeid of the path objects' bodies): their number and
// the first two in path order (as MuJoCo 3.8.0 stores them: a path through trees 1 then 0 gives
// 1 0, one through 0 3 2 4 gives 0 3)
void FillTrees(mjModel* m, int t, const std::vector<int>& objid) {
  std::vector<int> trees;
  for (int w = 0; w < m->tendon_num[t]; w++) {
    int body = -1;
    switch (m->wrap_type[m->tendon_adr[t] + w]) {
      case mjWRAP_JOINT:
        body = m->jnt_bodyid[objid[w]];
        break;
      case mjWRAP_SITE:
        body = m->site_bodyid[objid[w]];
        break;
      case mjWRAP_SPHERE:
      case mjWRAP_CYLINDER:
        body = m->geom_bodyid[objid[w]];
        break;
      default:
        break;
    }
    if (body > 0 && m->body_treeid[body] >= 0 &&
        std::find(trees.begin(), trees.end(), m->body_treeid[body]) == trees.end()) {
      trees.push_back(m->body_treeid[body]);
    }
  }
  m->tendon_treenum[t] = static_cast<int>(trees.size());
  m->tendon_treeid[2 * t] = trees.size() > 0 ? trees[0] : -1;
  m->tendon_treeid[2 * t + 1] = trees.size() > 1 ? trees[1] : -1;
}

// limits, friction, springs and dampers of a validated tendon
void FillAttributes(mjModel* m, int t, const SpecTendon* ten) {
  const mjsTendon& s = ten->s;
  std::string unused;
  m->tendon_limited[t] =
      static_cast<mjtByte>(ResolveLimited(s.limited, s.range, ten->compiler, "", "", "", &unused));
  m->tendon_actfrclimited[t] = s.actfrclimited == mjLIMITED_TRUE;
  m->tendon_range[2 * t] = s.range[0];
  m->tendon_range[2 * t + 1] = s.range[1];
  m->tendon_actfrcrange[2 * t] = s.actfrcrange[0];
  m->tendon_actfrcrange[2 * t + 1] = s.actfrcrange[1];
  for (int k = 0; k < mjNREF; k++) {
    m->tendon_solref_lim[mjNREF * t + k] = s.solref_limit[k];
    m->tendon_solref_fri[mjNREF * t + k] = s.solref_friction[k];
  }
  for (int k = 0; k < mjNIMP; k++) {
    m->tendon_solimp_lim[mjNIMP * t + k] = s.solimp_limit[k];
    m->tendon_solimp_fri[mjNIMP * t + k] = s.solimp_friction[k];
  }
  m->tendon_margin[t] = s.margin;
  m->tendon_frictionloss[t] = s.frictionloss;
  m->tendon_armature[t] = s.armature;

  // polynomial stiffness and damping (computation "Polynomial forces"): the linear coefficient
  // goes to tendon_stiffness / tendon_damping, the higher ones to the *poly arrays
  m->tendon_stiffness[t] = s.stiffness[0];
  m->tendon_damping[t] = s.damping[0];
  for (int k = 0; k < mjNPOLY; k++) {
    m->tendon_stiffnesspoly[mjNPOLY * t + k] = s.stiffness[k + 1];
    m->tendon_dampingpoly[mjNPOLY * t + k] = s.damping[k + 1];
  }
}

}  // namespace

bool SizeTendons(NonTreeContext* ctx, mjModel* sizes) {
  SpecModel* spec = ctx->spec;
  int ntendon = static_cast<int>(spec->tendons.size());
  int nwrap = 0, nJten = 0;
  std::vector<int> objid, sideid, dofs;
  std::vector<const std::vector<double>*> user;
  for (int t = 0; t < ntendon; t++) {
    const SpecTendon* ten = spec->tendons[t].get();
    if (!CheckTendon(ctx, ten, t, &objid, &sideid)) {
      return false;
    }
    TendonDofs(ctx->tree, ten, objid, &dofs);
    nwrap += static_cast<int>(ten->wraps.size());
    nJten += static_cast<int>(dofs.size());
    user.push_back(&ten->own.userdata);
  }
  int nuser = UserSize(spec->s.nuser_tendon, user, "tendon", &ctx->error);
  if (nuser < 0) {
    return false;
  }
  sizes->ntendon = ntendon;
  sizes->nwrap = nwrap;
  sizes->nJten = nJten;
  sizes->nuser_tendon = nuser;
  return true;
}

int TendonDofCount(NonTreeContext* ctx, int t) {
  const SpecTendon* ten = ctx->spec->tendons[t].get();
  std::vector<int> objid, sideid, dofs;
  if (!CheckTendon(ctx, ten, t, &objid, &sideid)) {
    return 0;
  }
  TendonDofs(ctx->tree, ten, objid, &dofs);
  return static_cast<int>(dofs.size());
}

bool FillTendons(NonTreeContext* ctx, mjModel* m) {
  SpecModel* spec = ctx->spec;
  int ntendon = static_cast<int>(m->ntendon);
  int adr = 0, jadr = 0;
  std::vector<int> objid, sideid, dofs;
  int nuser = static_cast<int>(m->nuser_tendon);
  for (int t = 0; t < ntendon; t++) {
    SpecTendon* ten = spec->tendons[t].get();
    if (!CheckTendon(ctx, ten, t, &objid, &sideid)) {
      return false;
    }
    const mjsTendon& s = ten->s;
    ten->id = t;

    // path
    int n = static_cast<int>(ten->wraps.size());
    m->tendon_adr[t] = adr;
    m->tendon_num[t] = n;
    for (int w = 0; w < n; w++, adr++) {
      const SpecWrap* wrap = ten->wraps[w].get();
      int type = wrap->s.type;
      if (type == mjWRAP_SPHERE || type == mjWRAP_CYLINDER) {
        type = m->geom_type[objid[w]] == mjGEOM_CYLINDER ? mjWRAP_CYLINDER : mjWRAP_SPHERE;
      }
      m->wrap_type[adr] = type;
      m->wrap_objid[adr] = objid[w];
      switch (type) {
        case mjWRAP_JOINT:
        case mjWRAP_PULLEY:
          m->wrap_prm[adr] = wrap->own.prm;
          break;
        case mjWRAP_SITE:
          m->wrap_prm[adr] = 0;
          break;
        default:
          m->wrap_prm[adr] = sideid[w];
          break;
      }
    }

    // Jacobian structure
    TendonDofs(ctx->tree, ten, objid, &dofs);
    m->ten_J_rownnz[t] = static_cast<int>(dofs.size());
    m->ten_J_rowadr[t] = jadr;
    for (int d : dofs) {
      m->ten_J_colind[jadr++] = d;
    }

    FillTrees(m, t, objid);
    FillAttributes(m, t, ten);

    // spring rest length: (-1, -1) is the tendon length in the spring's rest configuration
    // qpos_spring (MuJoCo uses qpos_spring, not qpos0, when springref != ref), known here
    // for fixed tendons (sum of coef * qpos_spring); spatial tendons are done in FinalizeTendons
    double len0[2] = {s.springlength[0], s.springlength[1]};
    if (len0[0] == -1 && len0[1] == -1 && IsFixed(ten)) {
      double len = 0;
      for (int w = 0; w < n; w++) {
        len += ten->wraps[w]->own.prm * m->qpos_spring[m->jnt_qposadr[objid[w]]];
      }
      len0[0] = len0[1] = len;
    }
    m->tendon_lengthspring[2 * t] = len0[0];
    m->tendon_lengthspring[2 * t + 1] = len0[1];
    m->tendon_length0[t] = 0;
    m->tendon_invweight0[t] = 0;

    // visualization and user data
    m->tendon_width[t] = s.width;
    for (int k = 0; k < 4; k++) {
      m->tendon_rgba[4 * t + k] = s.rgba[k];
    }
    m->tendon_group[t] = s.group;
    m->tendon_matid[t] = ctx->Find(mjOBJ_MATERIAL, ten->own.material);
    m->tendon_actuatorid[t] = -1;
    const std::vector<double>& ud = ten->own.userdata;
    for (int k = 0; k < nuser; k++) {
      m->tendon_user[nuser * t + k] = k < static_cast<int>(ud.size()) ? ud[k] : 0;
    }
  }
  return true;
}

namespace {

// Length of a spatial tendon whose path has only sites and pulleys, from the site positions in d:
// each branch (started by a pulley, the first one by an implicit divisor 1) contributes the sum
// of its straight segments divided by its divisor (XMLreference "spatial/pulley").
// Returns false for paths with wrapping geoms.
bool SitePathLength(const mjModel* m, const mjData* d, int t, mjtNum* length) {
  mjtNum total = 0, branch = 0, divisor = 1;
  int prev = -1;  // previous site of the branch
  for (int w = m->tendon_adr[t]; w < m->tendon_adr[t] + m->tendon_num[t]; w++) {
    int type = m->wrap_type[w];
    if (type == mjWRAP_PULLEY) {
      total += branch / divisor;
      branch = 0;
      divisor = m->wrap_prm[w];
      prev = -1;
    } else if (type == mjWRAP_SITE) {
      int id = m->wrap_objid[w];
      if (prev >= 0) {
        mjtNum dif[3];
        mju_sub3(dif, d->site_xpos + 3 * id, d->site_xpos + 3 * prev);
        branch += mju_norm3(dif);
      }
      prev = id;
    } else {
      return false;
    }
  }
  *length = total + branch / divisor;
  return true;
}

}  // namespace

bool FinalizeTendons(mjModel* m, std::string* warning) {
  std::vector<int> todo;
  for (int t = 0; t < m->ntendon; t++) {
    const mjtNum* spring = m->tendon_lengthspring + 2 * t;
    if (spring[0] == -1 && spring[1] == -1 && m->wrap_type[m->tendon_adr[t]] != mjWRAP_JOINT) {
      todo.push_back(t);
    }
  }
  if (todo.empty()) {
    return true;
  }

  // positions in the spring reference configuration, on a scratch mjData
  // (owned: an engine error here reaches the compiler's caller as an exception)
  std::unique_ptr<mjData, void (*)(mjData*)> scratch(mj_makeData(m), mj_deleteData);
  mjData* d = scratch.get();
  if (!d) {
    return false;
  }
  mju_copy(d->qpos, m->qpos_spring, m->nq);
  mj_kinematics(m, d);
  for (int t : todo) {
    mjtNum length;
    if (SitePathLength(m, d, t, &length)) {
      m->tendon_lengthspring[2 * t] = m->tendon_lengthspring[2 * t + 1] = length;
    } else if (warning->empty()) {
      *warning = "automatic springlength of tendon " + std::to_string(t) +
                 " (geom wrapping) needs the engine's tendon wrapping: left at (-1, -1)";
    }
  }
  return true;
}

// ------------------------------------ compiler hooks ------------------------------------------

namespace {

bool SizeHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  return SizeTendons(&ctx, &core->sizes) || NonTreeFail(ctx, core);
}

bool FillHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  NonTreeTreeFromModel(&ctx, core->m);
  return FillTendons(&ctx, core->m) || NonTreeFail(ctx, core);
}

// after mj_setConst: spatial tendons whose spring length was (-1, -1) rest at their length at
// qpos_spring (XMLreference tendon/spatial/springlength)
bool FinalizeHook(CompileContext* core, mjData* d) {
  (void)d;  // at qpos0; the spring lengths need qpos_spring
  std::string warning;
  if (!FinalizeTendons(core->m, &warning)) {
    return core->Error("could not allocate mjData");
  }
  if (!warning.empty()) {
    mju_warning("%s", warning.c_str());
  }
  return true;
}

}  // namespace

const CompileKind kCompileTendons = {"tendon", SizeHook, FillHook, FinalizeHook};

}  // namespace motus
