// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Object names, type names, warning texts, byte counts, mj_warning, version and string tables.
//
// Spec: APIreference_functions.rst (mj_name2id, mj_id2name, mju_type2Str, mju_str2Type,
// mju_writeNumBytes, mju_warningText, mj_warning, mj_version); programming_simulation.rst
// "Diagnostics" (warning counters); APIreference_APIglobals.rst (string tables).

#include "engine/engine_support_names.h"

#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// string tables: the <option><flag> attribute names of XMLreference.rst, capitalized as MuJoCo
// displays them, in bit order of mjtDisableBit / mjtEnableBit; timer names in mjtTimer order

extern "C" {

MJAPI const char* mjDISABLESTRING[mjNDISABLE] = {
    "Constraint", "Equality",  "Frictionloss", "Limit",        "Contact",   "Spring",  "Damper",
    "Gravity",    "Clampctrl", "Warmstart",    "Filterparent", "Actuation", "Refsafe", "Sensor",
    "Midphase",   "Eulerdamp", "AutoReset",    "NativeCCD",    "Island",    "MultiCCD"};

MJAPI const char* mjENABLESTRING[mjNENABLE] = {"Override", "Energy", "Fwdinv", "InvDiscrete",
                                               "Sleep"};

MJAPI const char* mjTIMERSTRING[mjNTIMER] = {
    "step",          "forward",    "inverse",     "position",       "velocity",
    "actuation",     "constraint", "advance",     "pos_kinematics", "pos_inertia",
    "pos_collision", "pos_make",   "pos_project", "col_broadphase", "col_narrowphase"};

// label / frame names of the visualizer (mjtLabel, mjtFrame order), and for each visualization
// flag (mjtVisFlag) and rendering flag (mjtRndFlag): its name, its default ("0" or "1") and the
// keyboard shortcut MuJoCo's viewer binds to it ("" for none), as MuJoCo 3.8 reports them
MJAPI const char* mjLABELSTRING[mjNLABEL] = {
    "None",      "Body",     "Joint",    "Geom",         "Site",  "Camera",
    "Light",     "Tendon",   "Actuator", "Constraint",   "Flex",  "Skin",
    "Selection", "SelPoint", "Contact",  "ContactForce", "Island"};

MJAPI const char* mjFRAMESTRING[mjNFRAME] = {"None",   "Body",  "Geom",    "Site",
                                             "Camera", "Light", "Contact", "World"};

MJAPI const char* mjVISSTRING[mjNVISFLAG][3] = {
    {"Convex Hull", "0", "H"},   {"Texture", "1", "X"},        {"Joint", "0", "J"},
    {"Camera", "0", "Q"},        {"Actuator", "0", "U"},       {"Activation", "0", ","},
    {"Light", "0", "Z"},         {"Tendon", "1", "V"},         {"Range Finder", "1", "Y"},
    {"Equality", "0", "E"},      {"Inertia", "0", "I"},        {"Scale Inertia", "0", "'"},
    {"Perturb Force", "0", "B"}, {"Perturb Object", "1", "O"}, {"Contact Point", "0", "C"},
    {"Island", "0", "N"},        {"Contact Force", "0", "F"},  {"Contact Split", "0", "P"},
    {"Transparent", "0", "T"},   {"Auto Connect", "0", "A"},   {"Center of Mass", "0", "M"},
    {"Select Point", "0", ""},   {"Static Body", "1", "D"},    {"Skin", "1", ";"},
    {"Flex Vert", "0", ""},      {"Flex Edge", "1", ""},       {"Flex Face", "0", ""},
    {"Flex Skin", "1", ""},      {"Body Tree", "0", "`"},      {"Mesh Tree", "0", "\\"},
    {"SDF iters", "0", ""}};

MJAPI const char* mjRNDSTRING[mjNRNDFLAG][3] = {
    {"Shadow", "1", "S"},   {"Wireframe", "0", "W"}, {"Reflection", "1", "R"},
    {"Additive", "0", "L"}, {"Skybox", "1", "K"},    {"Fog", "0", "G"},
    {"Haze", "1", "/"},     {"Depth", "0", ""},      {"Segment", "0", ","},
    {"Id Color", "0", ""},  {"Cull Face", "1", ""}};

}  // extern "C"

// ---------------------------------------------------------------------------------------------
// version

int mj_version(void) {
  return mjVERSION_HEADER;
}

const char* mj_versionString(void) {
  return "3.8.0";
}

// ---------------------------------------------------------------------------------------------
// object types <-> names (the XML names of XMLreference.rst, e.g. sensor objtype)

namespace {

const char* const kObjName[mjNOBJECT] = {
    "unknown",  "body",  "xbody",   "joint",    "dof",    "geom",     "site",
    "camera",   "light", "flex",    "mesh",     "skin",   "hfield",   "texture",
    "material", "pair",  "exclude", "equality", "tendon", "actuator", "sensor",
    "numeric",  "text",  "tuple",   "key",      "plugin"};

// names of the non-model object types that come after mjNOBJECT
const char* extraTypeName(int type) {
  switch (type) {
    case mjOBJ_FRAME:
      return "frame";
    case mjOBJ_DEFAULT:
      return "default";
    case mjOBJ_MODEL:
      return "model";
    default:
      return nullptr;
  }
}

}  // namespace

// type name, "unknown" for mjOBJ_UNKNOWN, NULL for a value that is not an mjtObj
const char* mju_type2Str(int type) {
  if (type >= 0 && type < mjNOBJECT) {
    return kObjName[type];
  }
  return extraTypeName(type);
}

// type id of a name (exact, case-sensitive); mjOBJ_UNKNOWN for unknown names and NULL
int mju_str2Type(const char* str) {
  if (!str) {
    return mjOBJ_UNKNOWN;
  }
  for (int i = 1; i < mjNOBJECT; i++) {
    if (strcmp(str, kObjName[i]) == 0) {
      return i;
    }
  }
  const int extra[] = {mjOBJ_FRAME, mjOBJ_DEFAULT, mjOBJ_MODEL};
  for (int type : extra) {
    if (strcmp(str, extraTypeName(type)) == 0) {
      return type;
    }
  }
  return mjOBJ_UNKNOWN;
}

// ---------------------------------------------------------------------------------------------
// names

int mj_nameCount(const mjModel* m, int type, const int** adr) {
  const int* a = nullptr;
  mjtSize n = 0;
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY:
      a = m->name_bodyadr;
      n = m->nbody;
      break;
    case mjOBJ_JOINT:
      a = m->name_jntadr;
      n = m->njnt;
      break;
    case mjOBJ_GEOM:
      a = m->name_geomadr;
      n = m->ngeom;
      break;
    case mjOBJ_SITE:
      a = m->name_siteadr;
      n = m->nsite;
      break;
    case mjOBJ_CAMERA:
      a = m->name_camadr;
      n = m->ncam;
      break;
    case mjOBJ_LIGHT:
      a = m->name_lightadr;
      n = m->nlight;
      break;
    case mjOBJ_FLEX:
      a = m->name_flexadr;
      n = m->nflex;
      break;
    case mjOBJ_MESH:
      a = m->name_meshadr;
      n = m->nmesh;
      break;
    case mjOBJ_SKIN:
      a = m->name_skinadr;
      n = m->nskin;
      break;
    case mjOBJ_HFIELD:
      a = m->name_hfieldadr;
      n = m->nhfield;
      break;
    case mjOBJ_TEXTURE:
      a = m->name_texadr;
      n = m->ntex;
      break;
    case mjOBJ_MATERIAL:
      a = m->name_matadr;
      n = m->nmat;
      break;
    case mjOBJ_PAIR:
      a = m->name_pairadr;
      n = m->npair;
      break;
    case mjOBJ_EXCLUDE:
      a = m->name_excludeadr;
      n = m->nexclude;
      break;
    case mjOBJ_EQUALITY:
      a = m->name_eqadr;
      n = m->neq;
      break;
    case mjOBJ_TENDON:
      a = m->name_tendonadr;
      n = m->ntendon;
      break;
    case mjOBJ_ACTUATOR:
      a = m->name_actuatoradr;
      n = m->nu;
      break;
    case mjOBJ_SENSOR:
      a = m->name_sensoradr;
      n = m->nsensor;
      break;
    case mjOBJ_NUMERIC:
      a = m->name_numericadr;
      n = m->nnumeric;
      break;
    case mjOBJ_TEXT:
      a = m->name_textadr;
      n = m->ntext;
      break;
    case mjOBJ_TUPLE:
      a = m->name_tupleadr;
      n = m->ntuple;
      break;
    case mjOBJ_KEY:
      a = m->name_keyadr;
      n = m->nkey;
      break;
    case mjOBJ_PLUGIN:
      a = m->name_pluginadr;
      n = m->nplugin;
      break;
    default:
      break;
  }
  if (adr) {
    *adr = a;
  }
  return (a && n > 0) ? static_cast<int>(n) : 0;
}

namespace {

// does a type own a section of names_map (XBODY shares the body section, DOF has no names)
bool hasSection(int type) {
  return type > mjOBJ_UNKNOWN && type < mjNOBJECT && type != mjOBJ_XBODY && type != mjOBJ_DOF;
}

// number of objects of a section type, from the size fields only
mjtSize sectionSize(const mjModel* s, int type) {
  switch (type) {
    case mjOBJ_BODY:
      return s->nbody;
    case mjOBJ_JOINT:
      return s->njnt;
    case mjOBJ_GEOM:
      return s->ngeom;
    case mjOBJ_SITE:
      return s->nsite;
    case mjOBJ_CAMERA:
      return s->ncam;
    case mjOBJ_LIGHT:
      return s->nlight;
    case mjOBJ_FLEX:
      return s->nflex;
    case mjOBJ_MESH:
      return s->nmesh;
    case mjOBJ_SKIN:
      return s->nskin;
    case mjOBJ_HFIELD:
      return s->nhfield;
    case mjOBJ_TEXTURE:
      return s->ntex;
    case mjOBJ_MATERIAL:
      return s->nmat;
    case mjOBJ_PAIR:
      return s->npair;
    case mjOBJ_EXCLUDE:
      return s->nexclude;
    case mjOBJ_EQUALITY:
      return s->neq;
    case mjOBJ_TENDON:
      return s->ntendon;
    case mjOBJ_ACTUATOR:
      return s->nu;
    case mjOBJ_SENSOR:
      return s->nsensor;
    case mjOBJ_NUMERIC:
      return s->nnumeric;
    case mjOBJ_TEXT:
      return s->ntext;
    case mjOBJ_TUPLE:
      return s->ntuple;
    case mjOBJ_KEY:
      return s->nkey;
    case mjOBJ_PLUGIN:
      return s->nplugin;
    default:
      return 0;
  }
}

}  // namespace

mjtSize mj_namesMapSize(const mjModel* sizes) {
  mjtSize total = 0;
  for (int type = 1; type < mjNOBJECT; type++) {
    if (hasSection(type) && sectionSize(sizes, type) > 0) {
      total += 2 * sectionSize(sizes, type);
    }
  }
  return total;
}

namespace {

// first slot of the section of a type (types in mjtObj order)
mjtSize sectionStart(const mjModel* m, int type) {
  mjtSize start = 0;
  for (int t = 1; t < type; t++) {
    if (hasSection(t) && sectionSize(m, t) > 0) {
      start += 2 * sectionSize(m, t);
    }
  }
  return start;
}

}  // namespace

uint64_t mj_hashString(const char* s) {
  // FNV-1a: h = (h xor byte) * prime, starting from the offset basis
  uint64_t h = 14695981039346656037ULL;
  for (const unsigned char* p = reinterpret_cast<const unsigned char*>(s); *p; p++) {
    h ^= *p;
    h *= 1099511628211ULL;
  }
  return h;
}

namespace {

// name of object id given its address array, or NULL when the address is invalid / empty name
const char* nameAt(const mjModel* m, const int* adr, int id) {
  int a = adr[id];
  if (!m->names || a < 0 || a >= m->nnames || m->names[a] == 0) {
    return nullptr;
  }
  // the string must end inside the names buffer
  if (!memchr(m->names + a, 0, m->nnames - a)) {
    return nullptr;
  }
  return m->names + a;
}

// is the hash table usable for lookups
bool mapValid(const mjModel* m) {
  return m->names_map && m->nnames_map > 0 && m->nnames_map == mj_namesMapSize(m);
}

}  // namespace

void mj_buildNamesMap(mjModel* m) {
  if (!m) {
    mjERROR("model is NULL");
    return;
  }
  mjtSize expected = mj_namesMapSize(m);
  if (m->nnames_map != expected) {
    mjERROR("nnames_map is %lld, expected %lld (use mj_namesMapSize)",
            static_cast<long long>(m->nnames_map), static_cast<long long>(expected));
    return;
  }
  for (mjtSize i = 0; i < m->nnames_map; i++) {
    m->names_map[i] = -1;
  }
  for (int type = 1; type < mjNOBJECT; type++) {
    if (!hasSection(type)) {
      continue;
    }
    const int* adr;
    int n = mj_nameCount(m, type, &adr);
    if (n == 0) {
      continue;
    }
    int* section = m->names_map + sectionStart(m, type);
    uint64_t nslot = 2 * static_cast<uint64_t>(n);
    for (int id = 0; id < n; id++) {
      const char* name = nameAt(m, adr, id);
      if (!name) {
        continue;  // unnamed objects are not in the table
      }
      uint64_t slot = mj_hashString(name) % nslot;
      while (section[slot] != -1) {
        slot = (slot + 1) % nslot;  // at most n entries in 2n slots: an empty slot exists
      }
      section[slot] = id;
    }
  }
}

namespace {

// linear search (no usable hash table)
int scanName(const mjModel* m, const int* adr, int n, const char* name) {
  for (int id = 0; id < n; id++) {
    const char* s = nameAt(m, adr, id);
    if (s && strcmp(s, name) == 0) {
      return id;
    }
  }
  return -1;
}

}  // namespace

int mj_name2id(const mjModel* m, int type, const char* name) {
  if (!m || !name || name[0] == 0) {
    return -1;
  }
  const int* adr;
  int n = mj_nameCount(m, type, &adr);
  if (n == 0) {
    return -1;
  }
  if (!mapValid(m)) {
    return scanName(m, adr, n, name);
  }
  int section_type = (type == mjOBJ_XBODY) ? mjOBJ_BODY : type;
  const int* section = m->names_map + sectionStart(m, section_type);
  uint64_t nslot = 2 * static_cast<uint64_t>(n);
  uint64_t slot = mj_hashString(name) % nslot;
  for (uint64_t step = 0; step < nslot; step++) {
    int id = section[slot];
    if (id == -1) {
      return -1;  // end of the lookup sequence: the name is absent
    }
    if (id >= 0 && id < n) {
      const char* s = nameAt(m, adr, id);
      if (s && strcmp(s, name) == 0) {
        return id;
      }
    }
    slot = (slot + 1) % nslot;
  }
  return -1;
}

const char* mj_id2name(const mjModel* m, int type, int id) {
  if (!m) {
    return nullptr;
  }
  const int* adr;
  int n = mj_nameCount(m, type, &adr);
  if (id < 0 || id >= n) {
    return nullptr;
  }
  return nameAt(m, adr, id);
}

// ---------------------------------------------------------------------------------------------
// byte counts and warning texts

// Human-readable byte count: the largest of the suffixes K, M, G, T, P, E (powers of 1024) that
// divides nbytes exactly, e.g. 13631488 -> "13M", 1536 -> "1536"; the same notation as the
// <size memory> attribute, so the text can be pasted into the XML. Thread-local buffer.
const char* mju_writeNumBytes(size_t nbytes) {
  static thread_local char buf[32];
  const char suffix[] = "KMGTPE";
  int power = 0;
  while (power < 6 && nbytes != 0 && (nbytes & 1023) == 0) {
    nbytes >>= 10;
    power++;
  }
  if (power == 0) {
    snprintf(buf, sizeof(buf), "%zu", nbytes);
  } else {
    snprintf(buf, sizeof(buf), "%zu%c", nbytes, suffix[power - 1]);
  }
  return buf;
}

// Warning text of mjtWarning `warning` in MuJoCo's words, followed for the arena warnings by
// where to set the size; info is the object index (DOF, actuator), the number of contacts for
// mjWARN_CONTACTFULL, or the arena size in bytes for mjWARN_CNSTRFULL. Thread-local buffer.
const char* mju_warningText(int warning, size_t info) {
  static thread_local char buf[400];
  const char* hint = "Use <size memory=\"...\"> to set it.";
  switch (warning) {
    case mjWARN_INERTIA:
      snprintf(buf, sizeof(buf), "Inertia matrix is too close to singular at DOF %zu. Check model.",
               info);
      break;
    case mjWARN_CONTACTFULL:
      snprintf(buf, sizeof(buf),
               "Too many contacts. The arena memory is full, increase arena memory allocation."
               "(ncon = %zu) %s",
               info, hint);
      break;
    case mjWARN_CNSTRFULL:
      snprintf(buf, sizeof(buf),
               "Insufficient arena memory for the number of constraints generated. Increase arena "
               "memory allocation above %s bytes. %s",
               mju_writeNumBytes(info), hint);
      break;
    case mjWARN_BADQPOS:
      snprintf(buf, sizeof(buf),
               "Nan, Inf or huge value in QPOS at DOF %zu. The simulation is unstable.", info);
      break;
    case mjWARN_BADQVEL:
      snprintf(buf, sizeof(buf),
               "Nan, Inf or huge value in QVEL at DOF %zu. The simulation is unstable.", info);
      break;
    case mjWARN_BADQACC:
      snprintf(buf, sizeof(buf),
               "Nan, Inf or huge value in QACC at DOF %zu. The simulation is unstable.", info);
      break;
    case mjWARN_BADCTRL:
      snprintf(buf, sizeof(buf),
               "Nan, Inf or huge value in CTRL at ACTUATOR %zu. The simulation is unstable.", info);
      break;
    default:
      snprintf(buf, sizeof(buf), "Unknown warning type %d.", warning);
      break;
  }
  return buf;
}

// Count the warning in d->warning, remember its info, and print it (mju_warning) only the
// first time since the last reset (programming_simulation.rst "Diagnostics").
void mj_warning(mjData* d, int warning, int info) {
  if (warning < 0 || warning >= mjNWARNING) {
    mjERROR("invalid warning type %d (must be in [0, %d))", warning, mjNWARNING);
    return;
  }
  if (!d) {
    mjERROR("mjData is NULL");
    return;
  }
  d->warning[warning].lastinfo = info;
  if (d->warning[warning].number == 0) {
    mju_warning("%s", mju_warningText(warning, static_cast<size_t>(info)));
  }
  d->warning[warning].number++;
}
