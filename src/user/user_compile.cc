// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_compile: the driver of the model compiler (passes described in user_compile.h), plus the
// global parts of the model: options, sizes, names and paths, custom keyframes, statistics and
// the arena size.

#include "user/user_compile.h"
#include "user/user_compile_assets.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_setconst.h"
#include "engine/engine_support_names.h"
#include "user/user_compile_internal.h"

namespace motus {

// ------------------------------------ context helpers -----------------------------------------

int CompileContext::FindId(mjtObj type, const std::string& name) const {
  if (type == mjOBJ_XBODY) {
    type = mjOBJ_BODY;
  }
  if (name.empty() || type <= mjOBJ_UNKNOWN || type >= mjNOBJECT) {
    return -1;
  }
  auto it = ids[type].find(name);
  return it == ids[type].end() ? -1 : it->second;
}

bool CompileContext::Error(const std::string& msg, const SpecElement* e) {
  if (!error.empty()) {
    return false;  // keep the first error
  }
  error = "Error: " + msg;
  if (e) {
    error += "\nElement name '" + e->name + "', id " + std::to_string(e->id);
  }
  return false;
}

int CompileContext::UserSize(int specsize, const std::vector<const std::vector<double>*>& data,
                             const char* what) {
  int longest = 0;
  for (const auto* v : data) {
    longest = std::max(longest, static_cast<int>(v->size()));
  }
  if (specsize < 0) {
    return longest;
  }
  if (longest > specsize) {
    Error(std::string("user has more values than nuser_") + what);
    return -1;
  }
  return specsize;
}

void CompileContext::CopyUser(mjtNum* dst, int nuser, const std::vector<double>& src) {
  for (int i = 0; i < nuser; i++) {
    dst[i] = i < static_cast<int>(src.size()) ? src[i] : 0;
  }
}

bool RejectIfAny(CompileContext* ctx, size_t count, const char* what) {
  if (count) {
    return ctx->Error(std::string(what) + " are not supported yet");
  }
  return true;
}

// ------------------------------------ gather --------------------------------------------------

namespace {

// name of an asset: its name, or the file name without directory and extension
std::string AssetName(const SpecElement* e, const std::string& file) {
  if (!e->name.empty() || file.empty()) {
    return e->name;
  }
  std::string base = file;
  size_t slash = base.find_last_of("/\\");
  if (slash != std::string::npos) {
    base = base.substr(slash + 1);
  }
  size_t dot = base.find_last_of('.');
  if (dot != std::string::npos && dot > 0) {
    base = base.substr(0, dot);
  }
  return base;
}

const char* TypeName(int type) {
  static const char* names[mjNOBJECT] = {
      "unknown",  "body",  "xbody",   "joint",    "dof",    "geom",     "site",
      "camera",   "light", "flex",    "mesh",     "skin",   "hfield",   "texture",
      "material", "pair",  "exclude", "equality", "tendon", "actuator", "sensor",
      "numeric",  "text",  "tuple",   "key",      "plugin"};
  return type >= 0 && type < mjNOBJECT ? names[type] : "object";
}

}  // namespace

// compiled name of element e of a type (assets may take their file name)
std::string CompiledName(const SpecElement* e) {
  switch (e->elemtype) {
    case mjOBJ_MESH:
      return AssetName(e, static_cast<const SpecMesh*>(e)->own.file);
    case mjOBJ_SKIN:
      return AssetName(e, static_cast<const SpecSkin*>(e)->own.file);
    case mjOBJ_HFIELD:
      return AssetName(e, static_cast<const SpecHField*>(e)->own.file);
    case mjOBJ_TEXTURE:
      return AssetName(e, static_cast<const SpecTexture*>(e)->own.file);
    default:
      return e->name;
  }
}

bool Gather(CompileContext* c) {
  SpecModel* s = c->spec;
  for (SpecBody* b : BodyOrder(s)) {
    c->bodies.push_back(b);
    for (auto& e : b->joints) {
      c->joints.push_back(e.get());
    }
    for (auto& e : b->geoms) {
      c->geoms.push_back(e.get());
    }
    for (auto& e : b->sites) {
      c->sites.push_back(e.get());
    }
    for (auto& e : b->cameras) {
      c->cameras.push_back(e.get());
    }
    for (auto& e : b->lights) {
      c->lights.push_back(e.get());
    }
    for (auto& e : b->frames) {
      c->frames.push_back(e.get());
    }
  }

  // ids and name maps; a repeated name within one type is an error naming both elements
  for (int t = mjOBJ_BODY; t < mjNOBJECT; t++) {
    if (t == mjOBJ_XBODY || t == mjOBJ_DOF) {
      continue;
    }
    std::vector<SpecElement*> list = TreeOrder(s, static_cast<mjtObj>(t));
    for (size_t i = 0; i < list.size(); i++) {
      SpecElement* e = list[i];
      e->id = static_cast<int>(i);
      std::string name = CompiledName(e);
      if (name.empty()) {
        continue;
      }
      auto [it, fresh] = c->ids[t].emplace(name, e->id);
      if (!fresh) {
        return c->Error("repeated name '" + name + "' in " + TypeName(t) + " (ids " +
                            std::to_string(it->second) + " and " + std::to_string(e->id) + ")",
                        e);
      }
    }
  }
  for (size_t i = 0; i < c->frames.size(); i++) {
    SpecFrame* f = c->frames[i];
    f->id = static_cast<int>(i);
    if (f->name.empty()) {
      continue;
    }
    auto [it, fresh] = c->frame_ids.emplace(f->name, f->id);
    if (!fresh) {
      return c->Error("repeated name '" + f->name + "' in frame (ids " +
                          std::to_string(it->second) + " and " + std::to_string(f->id) + ")",
                      f);
    }
  }
  return true;
}

// ------------------------------------ the kinds -----------------------------------------------

namespace {

const CompileKind* const kKinds[] = {&kCompileMaterials,  &kCompileTextures, &kCompileHFields,
                                     &kCompileSkins,      &kCompileFlexes,   &kCompileContacts,
                                     &kCompileEqualities, &kCompileTendons,  &kCompileActuators,
                                     &kCompileSensors,    &kCompileCustom,   &kCompilePlugins};

}  // namespace

// ------------------------------------ options and sizes ---------------------------------------

namespace {

void SetGlobalSizes(CompileContext* c) {
  const mjSpec& s = c->spec->s;
  mjModel& z = c->sizes;
  z.nq = c->nq;
  z.nv = c->nv;
  z.nbody = static_cast<mjtSize>(c->bodies.size());
  z.njnt = static_cast<mjtSize>(c->joints.size());
  z.ngeom = static_cast<mjtSize>(c->geoms.size());
  z.nsite = static_cast<mjtSize>(c->sites.size());
  z.ncam = static_cast<mjtSize>(c->cameras.size());
  z.nlight = static_cast<mjtSize>(c->lights.size());
  z.ntree = c->ntree;
  z.nmocap = c->nmocap;
  z.nbvh = z.nbvhstatic = static_cast<mjtSize>(c->bvh_depth.size() + MeshBvhNodes(c));
  z.nkey = std::max(static_cast<int>(c->spec->keys.size()), s.nkey);
  z.nuserdata = s.nuserdata;
  z.njmax = s.njmax;
  z.nconmax = s.nconmax;
  int ngravcomp = 0;
  for (SpecBody* b : c->bodies) {
    ngravcomp += b->s.gravcomp != 0;
  }
  z.ngravcomp = ngravcomp;
}

}  // namespace

// ------------------------------------ names and paths -----------------------------------------

namespace {

// the name_*adr array of a type in a model, or nullptr
int* NameAdr(mjModel* m, int type) {
  switch (type) {
    case mjOBJ_BODY:
      return m->name_bodyadr;
    case mjOBJ_JOINT:
      return m->name_jntadr;
    case mjOBJ_GEOM:
      return m->name_geomadr;
    case mjOBJ_SITE:
      return m->name_siteadr;
    case mjOBJ_CAMERA:
      return m->name_camadr;
    case mjOBJ_LIGHT:
      return m->name_lightadr;
    case mjOBJ_FLEX:
      return m->name_flexadr;
    case mjOBJ_MESH:
      return m->name_meshadr;
    case mjOBJ_SKIN:
      return m->name_skinadr;
    case mjOBJ_HFIELD:
      return m->name_hfieldadr;
    case mjOBJ_TEXTURE:
      return m->name_texadr;
    case mjOBJ_MATERIAL:
      return m->name_matadr;
    case mjOBJ_PAIR:
      return m->name_pairadr;
    case mjOBJ_EXCLUDE:
      return m->name_excludeadr;
    case mjOBJ_EQUALITY:
      return m->name_eqadr;
    case mjOBJ_TENDON:
      return m->name_tendonadr;
    case mjOBJ_ACTUATOR:
      return m->name_actuatoradr;
    case mjOBJ_SENSOR:
      return m->name_sensoradr;
    case mjOBJ_NUMERIC:
      return m->name_numericadr;
    case mjOBJ_TEXT:
      return m->name_textadr;
    case mjOBJ_TUPLE:
      return m->name_tupleadr;
    case mjOBJ_KEY:
      return m->name_keyadr;
    case mjOBJ_PLUGIN:
      return m->name_pluginadr;
    default:
      return nullptr;
  }
}

// the types stored in names, in mjtObj order
const int kNamedTypes[] = {
    mjOBJ_BODY,    mjOBJ_JOINT,   mjOBJ_GEOM,     mjOBJ_SITE,   mjOBJ_CAMERA,   mjOBJ_LIGHT,
    mjOBJ_FLEX,    mjOBJ_MESH,    mjOBJ_SKIN,     mjOBJ_HFIELD, mjOBJ_TEXTURE,  mjOBJ_MATERIAL,
    mjOBJ_PAIR,    mjOBJ_EXCLUDE, mjOBJ_EQUALITY, mjOBJ_TENDON, mjOBJ_ACTUATOR, mjOBJ_SENSOR,
    mjOBJ_NUMERIC, mjOBJ_TEXT,    mjOBJ_TUPLE,    mjOBJ_KEY,    mjOBJ_PLUGIN};

// file paths of assets: mesh, skin, hfield, texture (mjModel *_pathadr)
std::string AssetPath(const SpecElement* e) {
  switch (e->elemtype) {
    case mjOBJ_MESH:
      return static_cast<const SpecMesh*>(e)->own.file;
    case mjOBJ_SKIN:
      return static_cast<const SpecSkin*>(e)->own.file;
    case mjOBJ_HFIELD:
      return static_cast<const SpecHField*>(e)->own.file;
    case mjOBJ_TEXTURE:
      return static_cast<const SpecTexture*>(e)->own.file;
    default:
      return "";
  }
}

// names buffer: the model name, then every element name (empty for unnamed) in type order;
// keyframes beyond the spec's keys (size nkey) are unnamed
void NameSizes(CompileContext* c) {
  size_t n = c->spec->own.modelname.size() + 1;
  size_t p = 0;  // paths: the file names one after the other (a single empty string if none)
  for (int t : kNamedTypes) {
    for (SpecElement* e : TreeOrder(c->spec, static_cast<mjtObj>(t))) {
      n += CompiledName(e).size() + 1;
      std::string path = AssetPath(e);
      if (!path.empty()) {
        p += path.size() + 1;
      }
    }
  }
  n += c->sizes.nkey - c->spec->keys.size();
  c->sizes.nnames = static_cast<mjtSize>(n);
  c->sizes.npaths = static_cast<mjtSize>(p ? p : 1);
}

void FillNames(CompileContext* c) {
  mjModel* m = c->m;
  size_t adr = 0;
  auto put = [&](const std::string& s) {
    std::memcpy(m->names + adr, s.c_str(), s.size() + 1);
    int a = static_cast<int>(adr);
    adr += s.size() + 1;
    return a;
  };
  put(c->spec->own.modelname);
  size_t padr = 0;
  m->paths[0] = 0;
  for (int t : kNamedTypes) {
    int* nameadr = NameAdr(m, t);
    std::vector<SpecElement*> list = TreeOrder(c->spec, static_cast<mjtObj>(t));
    for (size_t i = 0; i < list.size(); i++) {
      nameadr[i] = put(CompiledName(list[i]));
      std::string path = AssetPath(list[i]);
      int* pathadr = t == mjOBJ_MESH      ? m->mesh_pathadr
                     : t == mjOBJ_SKIN    ? m->skin_pathadr
                     : t == mjOBJ_HFIELD  ? m->hfield_pathadr
                     : t == mjOBJ_TEXTURE ? m->tex_pathadr
                                          : nullptr;
      if (!pathadr) {
        continue;
      }
      if (path.empty()) {
        pathadr[i] = -1;
      } else {
        std::memcpy(m->paths + padr, path.c_str(), path.size() + 1);
        pathadr[i] = static_cast<int>(padr);
        padr += path.size() + 1;
      }
    }
    if (t == mjOBJ_KEY) {
      for (int i = static_cast<int>(list.size()); i < m->nkey; i++) {
        nameadr[i] = put("");
      }
    }
  }
}

}  // namespace

// ------------------------------------ keyframes -----------------------------------------------

namespace {

// values of a key given by joint element: placed when the joint is still in the model (the
// element's compiled id is valid only then)
void PlaceJointParts(CompileContext* c, const SpecKey::Own::ElementPart& part, const int* adr,
                     mjtNum* dst) {
  if (part.empty()) {
    return;
  }
  std::vector<SpecElement*> joints = TreeOrder(c->spec, mjOBJ_JOINT);
  std::set<const SpecElement*> live(joints.begin(), joints.end());
  for (const auto& [joint, values] : part) {
    if (!live.count(joint)) {
      continue;
    }
    for (size_t i = 0; i < values.size(); i++) {
      dst[adr[joint->id] + i] = values[i];
    }
  }
}

// values of an attached key for unnamed actuators that are still in the model (adr: the
// actuator's first entry, or its id when NULL)
void PlaceActuatorParts(CompileContext* c, const SpecKey::Own::ElementPart& part, const int* adr,
                        mjtNum* dst) {
  if (part.empty()) {
    return;
  }
  std::set<const SpecElement*> live;
  for (const auto& a : c->spec->actuators) {
    live.insert(a.get());
  }
  for (const auto& [act, values] : part) {
    if (!live.count(act)) {
      continue;
    }
    int a = adr ? adr[act->id] : act->id;
    for (size_t i = 0; a >= 0 && i < values.size(); i++) {
      dst[a + i] = values[i];
    }
  }
}

// A keyframe quaternion is divided by its norm unless the norm is within `tol` of 1, as MuJoCo
// does (dividing and multiplying by the inverse differ in the last bit; doc/conformance.md,
// "API behaviours"). Joint quaternions use tol = mjMINVAL and a zero quaternion becomes the unit
// quaternion; mocap quaternions use tol = 1e-14 and a zero one stays zero.
void NormalizeKeyQuat(double* q, double tol, bool zero_to_unit) {
  double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (norm < tol) {
    if (zero_to_unit) {
      mju_unit4(q);
    }
  } else if (std::fabs(norm - 1) > tol) {
    for (int i = 0; i < 4; i++) {
      q[i] /= norm;
    }
  }
}

// keyframes: given vectors must have the model's size; missing parts default to qpos0, zeros,
// and the mocap bodies' body_pos / body_quat (XMLreference, keyframe)
bool FillKeys(CompileContext* c) {
  mjModel* m = c->m;
  for (int k = 0; k < m->nkey; k++) {
    mjtNum* qpos = m->key_qpos + k * m->nq;
    std::memcpy(qpos, m->qpos0, sizeof(mjtNum) * m->nq);
    for (int b = 0; b < m->nbody; b++) {
      int id = m->body_mocapid[b];
      if (id < 0) {
        continue;
      }
      std::memcpy(m->key_mpos + 3 * (k * m->nmocap + id), m->body_pos + 3 * b, 3 * sizeof(mjtNum));
      std::memcpy(m->key_mquat + 4 * (k * m->nmocap + id), m->body_quat + 4 * b,
                  4 * sizeof(mjtNum));
    }
  }
  for (size_t k = 0; k < c->spec->keys.size(); k++) {
    SpecKey* key = c->spec->keys[k].get();
    // as in MuJoCo 3.8, a shorter array sets its first values; the rest is zero for qpos (whose
    // zero quaternions normalize to the identity below), qvel, act and ctrl, and keeps the
    // bodies' poses for mpos and mquat
    auto copy = [&](const std::vector<double>& v, mjtNum* dst, int n, const char* what,
                    bool zero = true) {
      if (v.empty()) {
        return true;
      }
      if (static_cast<int>(v.size()) > n) {
        return c->Error("keyframe '" + key->name + "': invalid " + what + " size, expected " +
                            std::to_string(n) + ", got " + std::to_string(v.size()),
                        key);
      }
      for (int i = zero ? 0 : n; i < n; i++) {
        dst[i] = 0;
      }
      for (size_t i = 0; i < v.size(); i++) {
        dst[i] = v[i];
      }
      return true;
    };
    m->key_time[k] = key->s.time;
    bool hasqpos = !key->own.qpos.empty();
    if (!copy(key->own.qpos, m->key_qpos + k * m->nq, m->nq, "qpos") ||
        !copy(key->own.qvel, m->key_qvel + k * m->nv, m->nv, "qvel") ||
        !copy(key->own.act, m->key_act + k * m->na, m->na, "act") ||
        !copy(key->own.ctrl, m->key_ctrl + k * m->nu, m->nu, "ctrl") ||
        !copy(key->own.mpos, m->key_mpos + k * 3 * m->nmocap, 3 * m->nmocap, "mpos", false) ||
        !copy(key->own.mquat, m->key_mquat + k * 4 * m->nmocap, 4 * m->nmocap, "mquat", false)) {
      return false;
    }
    // values of an attached key, by element name
    if (key->own.attached) {
      auto place = [&](const SpecKey::Part& part, mjtObj type, mjtNum* dst, const int* adr,
                       int width, const char* what) {
        for (const auto& [name, values] : part) {
          int id = c->FindId(type, name);
          if (id < 0) {
            continue;  // element removed after attaching: keep the default
          }
          int a = adr ? adr[id] : id * width;
          if (a < 0) {
            continue;
          }
          for (size_t i = 0; i < values.size(); i++) {
            dst[a + i] = values[i];
          }
        }
        (void)what;
      };
      place(key->own.part_qpos, mjOBJ_JOINT, m->key_qpos + k * m->nq, m->jnt_qposadr, 0, "qpos");
      place(key->own.part_qvel, mjOBJ_JOINT, m->key_qvel + k * m->nv, m->jnt_dofadr, 0, "qvel");
      place(key->own.part_act, mjOBJ_ACTUATOR, m->key_act + k * m->na, m->actuator_actadr, 0,
            "act");
      place(key->own.part_ctrl, mjOBJ_ACTUATOR, m->key_ctrl + k * m->nu, nullptr, 1, "ctrl");
      for (const auto& [name, values] : key->own.part_mpos) {
        int b = c->FindId(mjOBJ_BODY, name);
        int id = b >= 0 ? m->body_mocapid[b] : -1;
        for (int i = 0; id >= 0 && i < 3 && i < static_cast<int>(values.size()); i++) {
          m->key_mpos[3 * (k * m->nmocap + id) + i] = values[i];
        }
      }
      for (const auto& [name, values] : key->own.part_mquat) {
        int b = c->FindId(mjOBJ_BODY, name);
        int id = b >= 0 ? m->body_mocapid[b] : -1;
        for (int i = 0; id >= 0 && i < 4 && i < static_cast<int>(values.size()); i++) {
          m->key_mquat[4 * (k * m->nmocap + id) + i] = values[i];
        }
      }
      hasqpos = !key->own.part_qpos.empty() || !key->own.joint_qpos.empty();
      PlaceJointParts(c, key->own.joint_qpos, m->jnt_qposadr, m->key_qpos + k * m->nq);
      PlaceJointParts(c, key->own.joint_qvel, m->jnt_dofadr, m->key_qvel + k * m->nv);
      PlaceActuatorParts(c, key->own.actuator_act, m->actuator_actadr, m->key_act + k * m->na);
      PlaceActuatorParts(c, key->own.actuator_ctrl, nullptr, m->key_ctrl + k * m->nu);
    }

    // quaternions of free and ball joints, and of mocap bodies, are normalized
    if (hasqpos) {
      for (int j = 0; j < m->njnt; j++) {
        int t = m->jnt_type[j];
        if (t == mjJNT_FREE || t == mjJNT_BALL) {
          NormalizeKeyQuat(m->key_qpos + k * m->nq + m->jnt_qposadr[j] + (t == mjJNT_FREE ? 3 : 0),
                           mjMINVAL, true);
        }
      }
    }
    if (!key->own.mquat.empty()) {
      for (int i = 0; i < m->nmocap; i++) {
        NormalizeKeyQuat(m->key_mquat + 4 * (k * m->nmocap + i), 1e-14, false);
      }
    }
  }
  return true;
}

}  // namespace

// ------------------------------------ actuator length ranges ----------------------------------

namespace {

// actuator_lengthrange of the actuators selected by compiler/lengthrange (modeling.rst, "Length
// range"): mj_setLengthRange (src/engine/engine_setconst_tendon.h) decides per actuator whether
// to keep the given range, copy joint/tendon limits, or simulate. d is left reset.
bool LengthRanges(CompileContext* c, mjData* d) {
  mjModel* m = c->m;
  const mjLROpt& opt = c->spec->s.compiler.LRopt;
  for (int i = 0; i < m->nu; i++) {
    char err[300] = "";
    if (!mj_setLengthRange(m, d, i, &opt, err, sizeof(err))) {
      const SpecElement* e =
          i < static_cast<int>(c->spec->actuators.size()) ? c->spec->actuators[i].get() : nullptr;
      return c->Error(std::string("actuator length range: ") + err, e);
    }
  }
  return true;
}

}  // namespace

// ------------------------------------ statistics ----------------------------------------------

namespace {

// Statistics (XMLreference, statistic), computed at qpos0 unless given in the spec:
//   meanmass: mean mass of the bodies other than the world;
//   meansize: mean over those bodies of a size: the largest of |geom center - body com| + geom
//     rbound over the body's geoms, |joint anchor - com| over its joints and over the joints of
//     its direct children (at least 1e-5);
//   center, extent: center and largest side of the bounding box of the bodies' centers of mass,
//     the geoms (center +- rbound; planes use 0.1 times their largest half-size, or 1 when
//     infinite), the sites' and the joints' positions; the extent is at least 2 * meansize
//     (2 when the box is empty or a point);
//   meaninertia: from mj_setConst.
void ComputeStats(CompileContext* c, mjData* d) {
  mjModel* m = c->m;
  const mjStatistic& given = c->spec->s.stat;

  double mass = 0;
  for (int i = 1; i < m->nbody; i++) {
    mass += m->body_mass[i];
  }
  double meanmass = m->nbody > 1 ? mass / (m->nbody - 1) : 0;

  std::vector<double> bsize(m->nbody, 0);
  auto grow = [&](int b, const mjtNum* p, double r) {
    double dx = p[0] - d->xipos[3 * b], dy = p[1] - d->xipos[3 * b + 1],
           dz = p[2] - d->xipos[3 * b + 2];
    bsize[b] = std::max(bsize[b], std::sqrt(dx * dx + dy * dy + dz * dz) + r);
  };
  for (int g = 0; g < m->ngeom; g++) {
    grow(m->geom_bodyid[g], d->geom_xpos + 3 * g, m->geom_rbound[g]);
  }
  for (int j = 0; j < m->njnt; j++) {
    int b = m->jnt_bodyid[j];
    grow(b, d->xanchor + 3 * j, 0);
    grow(m->body_parentid[b], d->xanchor + 3 * j, 0);
  }
  double meansize = 0;
  for (int i = 1; i < m->nbody; i++) {
    meansize += std::max(bsize[i], 1e-5);
  }

  // dof length scale (programming_simulation.rst, Sleeping): 1 for translations, the body size
  // for rotations
  for (int dof = 0; dof < m->nv; dof++) {
    int j = m->dof_jntid[dof];
    int type = m->jnt_type[j];
    bool rot = type == mjJNT_HINGE || type == mjJNT_BALL ||
               (type == mjJNT_FREE && dof - m->jnt_dofadr[j] >= 3);
    m->dof_length[dof] = rot ? std::max(bsize[m->dof_bodyid[dof]], 1e-5) : 1;
  }
  meansize = m->nbody > 1 ? meansize / (m->nbody - 1) : 0;

  double lo[3] = {mjMAXVAL, mjMAXVAL, mjMAXVAL}, hi[3] = {-mjMAXVAL, -mjMAXVAL, -mjMAXVAL};
  bool any = false;
  auto add = [&](const mjtNum* p, double r) {
    any = true;
    for (int k = 0; k < 3; k++) {
      lo[k] = std::min(lo[k], p[k] - r);
      hi[k] = std::max(hi[k], p[k] + r);
    }
  };
  for (int i = 1; i < m->nbody; i++) {
    add(d->xipos + 3 * i, 0);
  }
  for (int g = 0; g < m->ngeom; g++) {
    double r = m->geom_rbound[g];
    if (m->geom_type[g] == mjGEOM_PLANE) {
      double s = std::max(m->geom_size[3 * g], m->geom_size[3 * g + 1]);
      r = s > 0 ? 0.1 * s : 1;
    }
    add(d->geom_xpos + 3 * g, r);
  }
  for (int i = 0; i < m->nsite; i++) {
    add(d->site_xpos + 3 * i, 0);
  }
  for (int j = 0; j < m->njnt; j++) {
    add(d->xanchor + 3 * j, 0);
  }
  double center[3] = {0, 0, 0}, extent = 0;
  if (any) {
    for (int k = 0; k < 3; k++) {
      center[k] = 0.5 * (lo[k] + hi[k]);
      extent = std::max(extent, hi[k] - lo[k]);
    }
  }

  // without massive bodies, the defaults of mjStatistic (mass 1, size 0.2) are kept
  if (meanmass < mjMINVAL) {
    meanmass = 1;
  }
  if (m->nbody < 2) {
    meansize = 0.2;
  }
  // the extent covers at least one mean body size on each side of the center, as in MuJoCo
  // (visible for a body whose geoms lie on one side of its center of mass)
  // a model without extent (nothing, or only points) keeps the default extent 2
  extent = extent < mjMINVAL ? 2 : std::max(extent, 2 * meansize);
  m->stat.meanmass = std::isnan(given.meanmass) ? meanmass : given.meanmass;
  m->stat.meansize = std::isnan(given.meansize) ? meansize : given.meansize;
  m->stat.extent = std::isnan(given.extent) ? extent : given.extent;
  for (int k = 0; k < 3; k++) {
    m->stat.center[k] = std::isnan(given.center[k]) ? center[k] : given.center[k];
  }
  if (!std::isnan(given.meaninertia)) {
    m->stat.meaninertia = given.meaninertia;
  }
}

}  // namespace

// ------------------------------------ arena ---------------------------------------------------

namespace {

// Bytes of mjData.arena (modeling.rst, Memory allocation): <size memory> when given; with the
// legacy <size nstack>, nstack numbers plus the constraint space; otherwise a heuristic sized for
// nconmax (default 100) contacts and njmax (default 500) scalar constraints, rounded up to whole
// mebibytes (calibrated on MuJoCo's values, see DefaultArena).
mjtSize ArenaSize(CompileContext* c) {
  const mjSpec& s = c->spec->s;
  if (s.memory >= 0) {
    return s.memory;
  }
  // equalities count once each, whatever their rows (calibrated on MuJoCo's sizes, see
  // user_compile_arena.cc)
  int njmax = s.njmax;
  int neq = static_cast<int>(c->sizes.neq);
  return DefaultArena(c->sizes, njmax, s.nconmax, s.nstack, neq);
}

}  // namespace

// ------------------------------------ the driver ----------------------------------------------

namespace {

struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

struct EngineError {
  std::string message;
};

void ThrowEngineError(const char* msg) {
  throw EngineError{msg};
}

// Global settings the engine relies on (XMLreference.rst, option and size): the enumerations of
// mjOption in range, and the legacy njmax/nconmax either -1 ("unset") or a count. An mjSpec
// filled in code can hold any value; the MJCF parser rejects these too.
bool CheckGlobals(CompileContext* c) {
  const mjSpec& s = c->spec->s;
  const mjOption& o = s.option;
  const struct {
    const char* name;
    int value, lo, hi;
  } enums[] = {{"integrator", o.integrator, mjINT_EULER, mjINT_IMPLICITFAST},
               {"cone", o.cone, mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC},
               {"jacobian", o.jacobian, mjJAC_DENSE, mjJAC_AUTO},
               {"solver", o.solver, mjSOL_PGS, mjSOL_NEWTON}};
  for (const auto& e : enums) {
    if (e.value < e.lo || e.value > e.hi) {
      return c->Error(std::string("option ") + e.name + " = " + std::to_string(e.value) +
                      " is not a valid value");
    }
  }
  if (s.njmax < -1) {
    return c->Error("size njmax must be >= -1");
  }
  if (s.nconmax < -1) {
    return c->Error("size nconmax must be >= -1");
  }
  // MuJoCo 3.8's validation of sizes and of the visual globals (its wording)
  const struct {
    const char* name;
    int value;
  } nuser[] = {{"nuser_body", s.nuser_body},         {"nuser_jnt", s.nuser_jnt},
               {"nuser_geom", s.nuser_geom},         {"nuser_site", s.nuser_site},
               {"nuser_cam", s.nuser_cam},           {"nuser_tendon", s.nuser_tendon},
               {"nuser_actuator", s.nuser_actuator}, {"nuser_sensor", s.nuser_sensor}};
  for (const auto& n : nuser) {
    if (n.value < -1) {
      return c->Error(std::string(n.name) + " must be >= -1");
    }
  }
  if (!(s.visual.map.znear > 0)) {
    return c->Error("znear must be strictly positive");
  }
  if (!std::isnan(s.stat.extent) && !(s.stat.extent > 0)) {
    return c->Error("extent must be strictly positive");
  }
  return true;
}

// allocates the model with ctx.sizes and fills every array
bool AllocateAndFill(CompileContext* c, std::unique_ptr<mjModel, ModelDeleter>* out) {
  // njmax and nconmax are not array sizes and may be -1 ("unset"): allocate with 0, then store
  mjModel alloc = c->sizes;
  alloc.njmax = std::max<mjtSize>(alloc.njmax, 0);
  alloc.nconmax = std::max<mjtSize>(alloc.nconmax, 0);
  out->reset(mj_allocModel(&alloc));
  if (!*out) {
    return c->Error("could not allocate the model");
  }
  c->m = out->get();
  mjModel* m = c->m;

  // globals
  m->opt = c->spec->s.option;
  m->vis = c->spec->s.visual;

  FillTree(c);
  FillGeoms(c);
  FillMeshes(c);
  for (const CompileKind* k : kKinds) {
    if (!k->fill(c)) {
      return false;
    }
  }
  FillNames(c);
  mj_buildNamesMap(m);
  mj_setSparse(m);
  return true;
}

bool CompileAll(CompileContext* c, std::unique_ptr<mjModel, ModelDeleter>* out) {
  if (!CheckGlobals(c) || !Gather(c) || !ResolvePlugins(c)) {
    return false;
  }
  // meshes, textures and height fields start now (on worker threads with usethread) and are
  // taken in asset order by the passes below; the jobs end with this function
  AssetJobs assets(c);
  c->assets = &assets;
  struct Detach {
    CompileContext* c;
    ~Detach() { c->assets = nullptr; }
  } detach{c};
  if (!CompileMeshes(c)) {
    return false;
  }
  if (!CompileTree(c)) {
    return false;
  }
  if (!CompileGeoms(c)) {
    return false;
  }
  if (!CompileInertia(c)) {
    return false;
  }
  if (!CompileTreeFinish(c)) {
    return false;
  }

  SetGlobalSizes(c);
  for (const CompileKind* k : kKinds) {
    if (!k->size(c)) {
      return false;
    }
  }
  if (!TreeUserSizes(c)) {
    return false;
  }
  NameSizes(c);
  if (!SparseSizes(c)) {
    return false;
  }
  c->sizes.nnames_map = mj_namesMapSize(&c->sizes);
  c->sizes.narena = ArenaSize(c);
  if (c->sizes.narena < 0) {
    return c->Error(
        "size: the arena for njmax, nconmax and nstack overflows; give smaller values or set "
        "<size memory=...>");
  }

  if (!AllocateAndFill(c, out)) {
    return false;
  }
  // plugins size their state and sensor outputs from the filled model: fill again if needed
  bool resize = false;
  if (!QueryPlugins(c, &resize)) {
    return false;
  }
  if (resize) {
    c->sizes.narena = ArenaSize(c);
    if (!AllocateAndFill(c, out)) {
      return false;
    }
  }
  mjModel* m = c->m;

  // constants at qpos0
  // owned before the plugins' init and mj_resetData run: either may raise an error (a plugin
  // that rejects its configuration, an asleep tree in an awake island), which reaches the
  // caller as an exception
  std::unique_ptr<mjData, DataDeleter> d(mj_allocDataUninit(m));
  if (!d) {
    return c->Error("could not allocate mjData");
  }
  mj_initData(m, d.get());
  mj_setConst(m, d.get());
  for (const CompileKind* k : kKinds) {
    if (k->finalize && !k->finalize(c, d.get())) {
      return false;
    }
  }
  if (!FinishJoints(c)) {
    return false;
  }
  ComputeStats(c, d.get());
  if (!LengthRanges(c, d.get())) {
    return false;  // last user of d: it simulates
  }
  if (!FillKeys(c)) {
    return false;
  }

  // MuJoCo keeps -1 for "unset" (engine_io's size checks reject negative values, so the model
  // is allocated and used with 0 above)
  m->njmax = c->sizes.njmax;
  m->nconmax = c->sizes.nconmax;
  return true;
}

// MuJoCo accepts a timestep that is not positive and negative iteration counts without a word
// (the simulation then stands still or runs backwards, and the solvers do no iterations). Motus
// accepts them too, but says so. Empty when there is nothing to say.
std::string OptionWarning(const mjModel* m) {
  const mjOption& o = m->opt;
  if (!(o.timestep > 0)) {
    return "Warning: option timestep = " + std::to_string(o.timestep) + " is not positive";
  }
  const struct {
    const char* name;
    int value;
  } counts[] = {{"iterations", o.iterations},
                {"ls_iterations", o.ls_iterations},
                {"noslip_iterations", o.noslip_iterations},
                {"ccd_iterations", o.ccd_iterations},
                {"sdf_iterations", o.sdf_iterations},
                {"sdf_initpoints", o.sdf_initpoints}};
  for (const auto& c : counts) {
    if (c.value < 0) {
      return std::string("Warning: option ") + c.name + " = " + std::to_string(c.value) +
             " is negative";
    }
  }
  if (!(o.impratio > 0)) {
    return "Warning: option impratio = " + std::to_string(o.impratio) + " is not positive";
  }
  return "";
}

// The engine collides sdf geoms (type="sdf" with a mesh) with planes, spheres, capsules,
// cylinders, boxes, ellipsoids, meshes and other sdf geoms as MuJoCo does; sdf
// against height fields gives no contacts. A model in which such a pair can collide compiles
// (MuJoCo loads it) but says so: the warning names the first sdf geom concerned.
// Empty when there is nothing to say.
std::string UnsupportedCollisionWarning(const mjModel* m) {
  // a geom pair that the contype/conaffinity filter or an explicit <pair> lets through
  auto may_collide = [m](int g, int h) {
    if ((m->geom_contype[g] & m->geom_conaffinity[h]) ||
        (m->geom_contype[h] & m->geom_conaffinity[g])) {
      return true;
    }
    for (int p = 0; p < m->npair; p++) {
      int a = m->pair_geom1[p], b = m->pair_geom2[p];
      if ((a == g && b == h) || (a == h && b == g)) {
        return true;
      }
    }
    return false;
  };
  // sdf geoms collide with everything except height fields (as in MuJoCo, which warns at every
  // call)
  for (int g = 0; g < m->ngeom; g++) {
    if (m->geom_type[g] != mjGEOM_SDF) {
      continue;
    }
    for (int h = 0; h < m->ngeom; h++) {
      // geoms welded to the same body (e.g. both static) never collide
      int weld_g = m->body_weldid[m->geom_bodyid[g]], weld_h = m->body_weldid[m->geom_bodyid[h]];
      if (h == g || m->geom_type[h] != mjGEOM_HFIELD || weld_g == weld_h || !may_collide(g, h)) {
        continue;
      }
      const char* name = m->names + m->name_geomadr[g];
      return "Warning: geom " + std::to_string(g) + (*name ? std::string(" '") + name + "'" : "") +
             " of type sdf and geom " + std::to_string(h) +
             ": collisions of height fields with sdf geoms are not supported; this pair produces "
             "no contacts";
    }
  }
  return "";
}

}  // namespace

}  // namespace motus

extern "C" mjModel* mj_compile(mjSpec* s, const mjVFS* vfs) {
  if (!s) {
    return nullptr;
  }
  motus::SpecModel* spec = motus::ToModel(s);
  spec->ClearError();
  motus::CompileContext ctx;
  ctx.spec = spec;
  ctx.vfs = vfs;

  std::unique_ptr<mjModel, motus::ModelDeleter> model;
  void (*saved)(const char*) = mju_user_error;
  mju_user_error = motus::ThrowEngineError;
  bool ok = false;
  std::unique_ptr<motus::SpecModel> work;  // transformed copy (fusestatic, discardvisual)
  try {
    if (spec->s.compiler.fusestatic || spec->s.compiler.discardvisual) {
      work.reset(motus::CopyModel(spec));
      ctx.spec = work.get();
      ok = motus::TransformSpec(&ctx, work.get()) && motus::CompileAll(&ctx, &model);
    } else {
      ok = motus::CompileAll(&ctx, &model);
    }
  } catch (const motus::EngineError& e) {
    ctx.Error("engine error: " + e.message);
    ok = false;
  } catch (const std::bad_alloc&) {
    ctx.Error("out of memory");
    ok = false;
  }
  mju_user_error = saved;

  if (!ok) {
    spec->SetError(ctx.error.empty() ? "Error: compilation failed" : ctx.error);
    return nullptr;
  }
  std::string warning = motus::UnsupportedCollisionWarning(model.get());
  if (warning.empty()) {
    warning = motus::OptionWarning(model.get());
  }
  if (!warning.empty()) {
    spec->error = warning;
    spec->warning = true;
    mju_warning("%s", warning.c_str());
  }
  return model.release();
}
