// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Equality constraints (XMLreference "equality", computation "Equality"): object resolution
// and the eq_* arrays.
//
// Conventions (as MuJoCo's):
//   connect, weld: eq_objtype mjOBJ_BODY or mjOBJ_SITE; obj2 defaults to the world body in the
//     body form, both sites are required in the site form;
//   joint, tendon: eq_objtype mjOBJ_UNKNOWN, obj2id = -1 when the second object is omitted;
//   flex (and flexvert, flexstrain): obj1id = flex id, obj2id = -1, eq_objtype mjOBJ_UNKNOWN;
//   eq_data is the spec's data: connect (anchor[3], anchor2[3], ...), weld (anchor[3],
//     relpose pos[3], relpose quat[4], torquescale), joint/tendon (polycoef[5]). Site-based
//     connects do not use eq_data and have it zeroed. The qpos0-dependent parts of body-based
//     connect/weld data (anchor2, relpose when its quaternion is zero) are set by mj_setConst.

#include <cmath>
#include <cstring>
#include <string>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_nontree.h"
#include "user/user_spec.h"

namespace motus {
namespace {

struct EqObjects {
  int objtype = mjOBJ_UNKNOWN;
  int id[2] = {-1, -1};
};

// resolves one named object of an equality; `required` names may not be empty
bool ResolveEqObject(NonTreeContext* ctx, const std::string& who, mjtObj type,
                     const std::string& name, bool required, int* id) {
  *id = -1;
  if (name.empty()) {
    if (required) {
      ctx->error = who + ": missing " + mju_type2Str(type) + " name";
      return false;
    }
    return true;
  }
  *id = ctx->Find(type, name);
  if (*id < 0) {
    // MuJoCo's wording first, then which object was looked for
    ctx->error = "unknown element '" + name + "' in equality constraint (" + who + ": unknown " +
                 std::string(mju_type2Str(type)) + " '" + name + "')";
    return false;
  }
  return true;
}

bool CheckEquality(NonTreeContext* ctx, const SpecEquality* eq, int i, EqObjects* obj) {
  ctx->bad = eq;
  const mjsEquality& s = eq->s;
  const std::string who = Describe("equality", eq, i);
  const std::string& n1 = eq->own.name1;
  const std::string& n2 = eq->own.name2;
  switch (s.type) {
    case mjEQ_CONNECT:
    case mjEQ_WELD: {
      if (s.objtype != mjOBJ_BODY && s.objtype != mjOBJ_XBODY && s.objtype != mjOBJ_SITE) {
        ctx->error = who + ": connect and weld constraints need bodies or sites";
        return false;
      }
      bool site = s.objtype == mjOBJ_SITE;
      obj->objtype = site ? mjOBJ_SITE : mjOBJ_BODY;
      mjtObj type = static_cast<mjtObj>(obj->objtype);
      if (!ResolveEqObject(ctx, who, type, n1, true, &obj->id[0]) ||
          !ResolveEqObject(ctx, who, type, n2, site, &obj->id[1])) {
        return false;
      }
      if (!site && obj->id[1] < 0) {
        obj->id[1] = 0;  // body2 omitted: the world
      }
      break;
    }
    case mjEQ_JOINT:
    case mjEQ_TENDON: {
      mjtObj type = s.type == mjEQ_JOINT ? mjOBJ_JOINT : mjOBJ_TENDON;
      if (!ResolveEqObject(ctx, who, type, n1, true, &obj->id[0]) ||
          !ResolveEqObject(ctx, who, type, n2, false, &obj->id[1])) {
        return false;
      }
      if (type == mjOBJ_JOINT) {
        for (int k = 0; k < 2; k++) {
          int j = obj->id[k];
          if (j >= 0 && ctx->tree.jnt_type[j] != mjJNT_HINGE &&
              ctx->tree.jnt_type[j] != mjJNT_SLIDE) {
            ctx->error = who + ": only hinge and slide joints are allowed";
            return false;
          }
        }
      }
      break;
    }
    case mjEQ_FLEX:
    case mjEQ_FLEXSTRAIN:  // its cell (data[0..2]) is checked with the flex (FlexStrainRows)
      if (!ResolveEqObject(ctx, who, mjOBJ_FLEX, n1, true, &obj->id[0])) {
        return false;
      }
      break;
    case mjEQ_FLEXVERT:
      // its constraint rows (vertex strain invariants) are not implemented
      ctx->error = who + ": flexvert equality constraints (flexcomp edge equality=\"vert\") are " +
                   kNotSupported;
      return false;
    default:
      ctx->error = who + ": equality type " + std::to_string(s.type) + " is " + kNotSupported;
      return false;
  }
  if (obj->id[0] >= 0 && obj->id[0] == obj->id[1]) {
    ctx->error = who + ": element '" + n1 + "' is repeated";
    return false;
  }
  return true;
}

}  // namespace

bool SizeEqualities(NonTreeContext* ctx, mjModel* sizes) {
  SpecModel* spec = ctx->spec;
  int neq = static_cast<int>(spec->equalities.size());
  // nemax: the spec's count plus a fixed number per equality, as MuJoCo 3.8 sizes it: 3 for a
  // connect, 7 for a weld, 1 for any other type (flex equalities too, whatever their number of
  // edges or vertices)
  mjtSize nemax = spec->s.nemax;
  for (int i = 0; i < neq; i++) {
    EqObjects obj;
    if (!CheckEquality(ctx, spec->equalities[i].get(), i, &obj)) {
      return false;
    }
    int type = spec->equalities[i]->s.type;
    nemax += type == mjEQ_CONNECT ? 3 : type == mjEQ_WELD ? 7 : 1;
  }
  sizes->neq = neq;
  sizes->nemax = nemax;
  return true;
}

bool FillEqualities(NonTreeContext* ctx, mjModel* m) {
  SpecModel* spec = ctx->spec;
  int neq = static_cast<int>(m->neq);
  for (int i = 0; i < neq; i++) {
    SpecEquality* eq = spec->equalities[i].get();
    const mjsEquality& s = eq->s;
    EqObjects obj;
    if (!CheckEquality(ctx, eq, i, &obj)) {
      return false;
    }
    eq->id = i;

    m->eq_type[i] = s.type;
    m->eq_obj1id[i] = obj.id[0];
    m->eq_obj2id[i] = obj.id[1];
    m->eq_objtype[i] = obj.objtype;
    m->eq_active0[i] = s.active ? 1 : 0;
    for (int k = 0; k < mjNREF; k++) {
      m->eq_solref[mjNREF * i + k] = s.solref[k];
    }
    for (int k = 0; k < mjNIMP; k++) {
      m->eq_solimp[mjNIMP * i + k] = s.solimp[k];
    }
    mjtNum* data = m->eq_data + mjNEQDATA * i;
    for (int k = 0; k < mjNEQDATA; k++) {
      data[k] = s.data[k];
    }
    if (s.type == mjEQ_CONNECT && obj.objtype == mjOBJ_SITE) {
      std::memset(data, 0, mjNEQDATA * sizeof(mjtNum));
    }
    // weld relpose quaternion (data[6:10]) is stored unit-length; an all-zero one keeps its
    // meaning "take the relative pose at qpos0" (set by mj_setConst), so it is left alone
    if (s.type == mjEQ_WELD) {
      mjtNum* q = data + 6;
      mjtNum norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
      if (norm > 0) {
        for (int k = 0; k < 4; k++) {
          q[k] /= norm;
        }
      }
    }
  }
  return true;
}

// ------------------------------------ compiler hooks ------------------------------------------

namespace {

bool SizeHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  return SizeEqualities(&ctx, &core->sizes) || NonTreeFail(ctx, core);
}

bool FillHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  NonTreeTreeFromModel(&ctx, core->m);
  return FillEqualities(&ctx, core->m) || NonTreeFail(ctx, core);
}

}  // namespace

// the qpos0-dependent eq_data of body-based connect/weld constraints comes from mj_setConst
const CompileKind kCompileEqualities = {"equality", SizeHook, FillHook, nullptr};

}  // namespace motus
