// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB binary model images and their description section (layout in user_mjb.h). The public
// entry points mj_saveModel, mj_loadModel and mj_loadModelBuffer are in xml/xml_mjb.cc: they
// also write and keep the model's MJCF description, which only the xml layer can produce.

#include "user/user_mjb.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "user/user_vfs.h"

namespace motus {
namespace {

// ---------------------------------------------------------------------------------------------
// field lists

// mjVisual sub-structs that mjxmacro.h does not list (global and headlight are in the header).
// Every field of mjVisual is 4 bytes (int or float); the static_assert below checks coverage.
// clang-format off
#define MOTUS_VIS_QUALITY \
  X(int, shadowsize, 1) X(int, offsamples, 1) X(int, numslices, 1) X(int, numstacks, 1) \
  X(int, numquads, 1)
#define MOTUS_VIS_MAP \
  X(float, stiffness, 1) X(float, stiffnessrot, 1) X(float, force, 1) X(float, torque, 1) \
  X(float, alpha, 1) X(float, fogstart, 1) X(float, fogend, 1) X(float, znear, 1)         \
  X(float, zfar, 1) X(float, haze, 1) X(float, shadowclip, 1) X(float, shadowscale, 1)    \
  X(float, actuatortendon, 1)
#define MOTUS_VIS_SCALE \
  X(float, forcewidth, 1) X(float, contactwidth, 1) X(float, contactheight, 1)               \
  X(float, connect, 1) X(float, com, 1) X(float, camera, 1) X(float, light, 1)               \
  X(float, selectpoint, 1) X(float, jointlength, 1) X(float, jointwidth, 1)                  \
  X(float, actuatorlength, 1) X(float, actuatorwidth, 1) X(float, framelength, 1)            \
  X(float, framewidth, 1) X(float, constraint, 1) X(float, slidercrank, 1) X(float, frustum, 1)
#define MOTUS_VIS_RGBA \
  X(float, fog, 4) X(float, haze, 4) X(float, force, 4) X(float, inertia, 4) X(float, joint, 4) \
  X(float, actuator, 4) X(float, actuatornegative, 4) X(float, actuatorpositive, 4)             \
  X(float, com, 4) X(float, camera, 4) X(float, light, 4) X(float, selectpoint, 4)              \
  X(float, connect, 4) X(float, contactpoint, 4) X(float, contactforce, 4)                      \
  X(float, contactfriction, 4) X(float, contacttorque, 4) X(float, contactgap, 4)               \
  X(float, rangefinder, 4) X(float, constraint, 4) X(float, slidercrank, 4)                     \
  X(float, crankbroken, 4) X(float, frustum, 4) X(float, bv, 4) X(float, bvactive, 4)
// clang-format on

// byte counts of the struct lists, used to check that the lists cover the structs completely
#define X(type, name, n) +sizeof(type) * (n)
constexpr size_t kOptionBytes = 0 MJOPTION_FIELDS;
constexpr size_t kStatisticBytes = 0 MJSTATISTIC_FIELDS;
constexpr size_t kVisualBytes = 0 MJVISUAL_GLOBAL_FIELDS MOTUS_VIS_QUALITY MJVISUAL_HEADLIGHT_FIELDS
    MOTUS_VIS_MAP MOTUS_VIS_SCALE MOTUS_VIS_RGBA;
#undef X
static_assert(kVisualBytes == sizeof(mjVisual), "mjVisual field list is incomplete");
static_assert(kStatisticBytes == sizeof(mjStatistic), "mjStatistic field list is incomplete");
// mjOption may end with padding after its last int; the list must cover everything else
static_assert(kOptionBytes <= sizeof(mjOption) && kOptionBytes + 8 > sizeof(mjOption),
              "mjOption field list is incomplete");

#define X(name) +1
constexpr int kNumSizes = 0 MJMODEL_INTS;
#undef X

// fixed header: magic, version, byte order, sizeof(mjtNum), nsize, layout, length
constexpr size_t kMagicBytes = 8;
constexpr char kMagic[kMagicBytes + 1] = "MOTUSMJB";
constexpr size_t kFixedHeader = kMagicBytes + 4 * 4 + 8 + 8;
constexpr uint32_t kByteOrder = 0x01020304u;
constexpr size_t kScalarBytes = kNumSizes * 8 + 8 + kOptionBytes + kVisualBytes + kStatisticBytes;

// ---------------------------------------------------------------------------------------------
// visiting the serialized pieces in file order

// Calls op(ptr, bytes) for every field of opt, vis and stat, in file order.
template <class Op>
void ForEachStructField(mjModel* m, Op&& op) {
#define X(type, name, n) op(static_cast<void*>(&m->opt.name), sizeof(type) * (n));
  MJOPTION_FIELDS
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.global.name), sizeof(type) * (n));
  MJVISUAL_GLOBAL_FIELDS
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.quality.name), sizeof(type) * (n));
  MOTUS_VIS_QUALITY
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.headlight.name), sizeof(type) * (n));
  MJVISUAL_HEADLIGHT_FIELDS
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.map.name), sizeof(type) * (n));
  MOTUS_VIS_MAP
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.scale.name), sizeof(type) * (n));
  MOTUS_VIS_SCALE
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.rgba.name), sizeof(type) * (n));
  MOTUS_VIS_RGBA
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->stat.name), sizeof(type) * (n));
  MJSTATISTIC_FIELDS
#undef X
}

// Calls op(name, ptr, elemsize, rows, cols) for every mjModel array, in MJMODEL_POINTERS order.
// rows and cols are read from m (cols may refer to other sizes through MJ_M).
template <class Op>
void ForEachArray(mjModel* m, Op&& op) {
#define MJ_M(x) m->x
#define X(type, name, nr, nc)                                                       \
  op(#name, static_cast<void*>(m->name), sizeof(type), static_cast<int64_t>(m->nr), \
     static_cast<int64_t>(nc));
  MJMODEL_POINTERS
#undef X
#undef MJ_M
}

// 64-bit FNV-1a of a string (layout hash)
uint64_t HashString(const std::string& s, uint64_t h) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// hash of everything that determines the byte layout: field names, element sizes and the row
// and column expressions, of the size list, the struct lists and the array list
uint64_t LayoutHash() {
  static const uint64_t hash = [] {
    std::string s;
#define X(name) s += #name ";";
    MJMODEL_INTS
#undef X
#define X(type, name, n) s += #name ":" + std::to_string(sizeof(type)) + "x" #n ";";
    MJOPTION_FIELDS MJVISUAL_GLOBAL_FIELDS MOTUS_VIS_QUALITY MJVISUAL_HEADLIGHT_FIELDS MOTUS_VIS_MAP
        MOTUS_VIS_SCALE MOTUS_VIS_RGBA MJSTATISTIC_FIELDS
#undef X
#define X(type, name, nr, nc) s += #name ":" + std::to_string(sizeof(type)) + ":" #nr "x" #nc ";";
            MJMODEL_POINTERS
#undef X
        return HashString(s, 0xcbf29ce484222325ull);
  }();
  return hash;
}

// a * b * c added to *acc, false on overflow of uint64 (all factors non-negative)
bool AddProduct(uint64_t* acc, uint64_t a, uint64_t b, uint64_t c) {
  uint64_t ab, abc;
  if (__builtin_mul_overflow(a, b, &ab) || __builtin_mul_overflow(ab, c, &abc) ||
      __builtin_add_overflow(*acc, abc, acc)) {
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// byte cursors

struct Writer {
  uint8_t* p;
  void Put(const void* src, size_t n) {
    if (n) {
      std::memcpy(p, src, n);
    }
    p += n;
  }
  template <class T>
  void Value(T v) {
    Put(&v, sizeof(T));
  }
};

struct Reader {
  const uint8_t* p;
  void Get(void* dst, size_t n) {
    if (n) {
      std::memcpy(dst, p, n);
    }
    p += n;
  }
  template <class T>
  T Value() {
    T v;
    Get(&v, sizeof(T));
    return v;
  }
};

// mjModel sizes in MJMODEL_INTS order
void GetSizes(const mjModel* m, int64_t* sizes) {
  int i = 0;
#define X(name) sizes[i++] = static_cast<int64_t>(m->name);
  MJMODEL_INTS
#undef X
}
void SetSizes(mjModel* m, const int64_t* sizes) {
  int i = 0;
#define X(name) m->name = static_cast<mjtSize>(sizes[i++]);
  MJMODEL_INTS
#undef X
}

// name of size field i (for messages)
const char* SizeName(int i) {
  static const char* names[] = {
#define X(name) #name,
      MJMODEL_INTS
#undef X
  };
  return names[i];
}

// smallest valid value of size field i: the legacy limits njmax, nconmax and nemax use -1 for
// "not set"; every other size counts something
int64_t MinSize(int i) {
  const char* name = SizeName(i);
  bool legacy =
      !std::strcmp(name, "njmax") || !std::strcmp(name, "nconmax") || !std::strcmp(name, "nemax");
  return legacy ? -1 : 0;
}

// bytes of all arrays of a model with the given sizes; false on overflow or a negative count
bool ArrayBytes(const mjModel* m, uint64_t* total, std::string* error) {
  *total = 0;
  bool ok = true;
  ForEachArray(const_cast<mjModel*>(m),
               [&](const char* name, void*, size_t elem, int64_t rows, int64_t cols) {
                 if (!ok) {
                   return;
                 }
                 if (rows < 0 || cols < 0) {
                   *error = std::string("negative size of array ") + name;
                   ok = false;
                 } else if (!AddProduct(total, rows, cols, elem)) {
                   *error = std::string("size overflow at array ") + name;
                   ok = false;
                 }
               });
  return ok;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// checksum

uint64_t MjbChecksum(const void* data, size_t size) {
  // Each 8-byte word is folded in with h = rotl(h ^ w, 29) * K, K odd. For a fixed prefix state,
  // every step is a bijection of h, so any change confined to one word changes the result.
  const uint64_t K = 0x9fb21c651e98df25ull;
  const uint8_t* p = static_cast<const uint8_t*>(data);
  uint64_t h = 0x243f6a8885a308d3ull ^ size;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h ^= w;
    h = ((h << 29) | (h >> 35)) * K;
  }
  uint64_t tail = 0;
  std::memcpy(&tail, p + i, size - i);
  h ^= tail;
  h = ((h << 29) | (h >> 35)) * K;
  // final avalanche so that nearby inputs give unrelated sums
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

// ---------------------------------------------------------------------------------------------
// writing

size_t MjbSize(const mjModel* m) {
  uint64_t arrays = 0;
  std::string error;
  if (!ArrayBytes(m, &arrays, &error)) {
    return 0;
  }
  return kFixedHeader + kScalarBytes + arrays + 8;
}

size_t MjbWrite(const mjModel* m, void* out, size_t size, std::string* error) {
  size_t need = MjbSize(m);
  if (!need) {
    *error = "model has invalid sizes";
    return 0;
  }
  if (size < need) {
    *error = "buffer too small: " + std::to_string(size) + " bytes given, " + std::to_string(need) +
             " needed";
    return 0;
  }
  mjModel* mm = const_cast<mjModel*>(m);  // only read below
  Writer w{static_cast<uint8_t*>(out)};
  w.Put(kMagic, kMagicBytes);
  w.Value<uint32_t>(kMjbVersion);
  w.Value<uint32_t>(kByteOrder);
  w.Value<uint32_t>(sizeof(mjtNum));
  w.Value<uint32_t>(kNumSizes);
  w.Value<uint64_t>(LayoutHash());
  w.Value<uint64_t>(need);
  int64_t sizes[kNumSizes];
  GetSizes(m, sizes);
  w.Put(sizes, sizeof(sizes));
  w.Value<uint64_t>(m->signature);
  ForEachStructField(mm, [&](void* p, size_t n) { w.Put(p, n); });
  ForEachArray(mm, [&](const char*, void* p, size_t elem, int64_t rows, int64_t cols) {
    w.Put(p, elem * rows * cols);
  });
  uint8_t* begin = static_cast<uint8_t*>(out);
  w.Value<uint64_t>(MjbChecksum(begin, w.p - begin));
  return need;
}

std::vector<uint8_t> MjbEncode(const mjModel* m) {
  std::vector<uint8_t> bytes(MjbSize(m));
  std::string error;
  if (bytes.empty() || !MjbWrite(m, bytes.data(), bytes.size(), &error)) {
    bytes.clear();
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// reading

mjModel* MjbRead(const void* data, size_t size, std::string* error) {
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  if (!bytes || size < kFixedHeader) {
    *error = "truncated file: " + std::to_string(size) + " bytes, header needs " +
             std::to_string(kFixedHeader);
    return nullptr;
  }

  // fixed header
  Reader r{bytes};
  char magic[kMagicBytes];
  r.Get(magic, kMagicBytes);
  if (std::memcmp(magic, kMagic, kMagicBytes) != 0) {
    *error = "not a Motus MJB file (bad magic number)";
    return nullptr;
  }
  uint32_t version = r.Value<uint32_t>();
  uint32_t order = r.Value<uint32_t>();
  uint32_t numsize = r.Value<uint32_t>();
  uint32_t nsize = r.Value<uint32_t>();
  uint64_t layout = r.Value<uint64_t>();
  uint64_t length = r.Value<uint64_t>();
  if (version < kMjbOldestVersion || version > kMjbVersion) {
    *error = "unsupported MJB version " + std::to_string(version) + " (this library reads " +
             std::to_string(kMjbOldestVersion) + " to " + std::to_string(kMjbVersion) + ")";
    return nullptr;
  }
  if (order != kByteOrder) {
    *error = "file was written on a machine with a different byte order";
    return nullptr;
  }
  if (numsize != sizeof(mjtNum)) {
    *error = "file has " + std::to_string(numsize) + "-byte reals, this library uses " +
             std::to_string(sizeof(mjtNum));
    return nullptr;
  }
  if (nsize != static_cast<uint32_t>(kNumSizes) || layout != LayoutHash()) {
    *error = "file was written with a different mjModel layout";
    return nullptr;
  }
  // a buffer may be longer than the image (e.g. one of mj_sizeModel bytes): the rest is ignored
  if (size < length) {
    *error = "truncated file: " + std::to_string(size) + " of " + std::to_string(length) + " bytes";
    return nullptr;
  }
  size = static_cast<size_t>(length);
  if (size < kFixedHeader + kScalarBytes + 8) {
    *error = "truncated file: too short for the size fields";
    return nullptr;
  }

  // checksum over everything before the last 8 bytes, before any size is trusted
  uint64_t stored;
  std::memcpy(&stored, bytes + size - 8, 8);
  if (stored != MjbChecksum(bytes, size - 8)) {
    *error = "checksum mismatch (corrupted file)";
    return nullptr;
  }

  // sizes: range-check each one, then the array total against the file length
  int64_t sizes[kNumSizes];
  r.Get(sizes, sizeof(sizes));
  for (int i = 0; i < kNumSizes; i++) {
    if (sizes[i] < MinSize(i) || sizes[i] > kMjbMaxSize) {
      *error = std::string("invalid size ") + SizeName(i) + " = " + std::to_string(sizes[i]);
      return nullptr;
    }
  }
  mjModel header{};
  SetSizes(&header, sizes);
  uint64_t arrays = 0;
  if (!ArrayBytes(&header, &arrays, error)) {
    return nullptr;
  }
  if (arrays != size - kFixedHeader - kScalarBytes - 8) {
    *error = "inconsistent sizes: the arrays need " + std::to_string(arrays) +
             " bytes, the file "
             "holds " +
             std::to_string(size - kFixedHeader - kScalarBytes - 8);
    return nullptr;
  }

  // allocate and fill
  mjModel* m = mj_allocModel(&header);
  if (!m) {
    *error = "could not allocate the model";
    return nullptr;
  }
  int64_t got[kNumSizes];
  GetSizes(m, got);
  for (int i = 0; i < kNumSizes; i++) {
    if (got[i] != sizes[i] && std::strcmp(SizeName(i), "nbuffer") != 0) {
      *error = std::string("allocator changed size ") + SizeName(i);
      mj_deleteModel(m);
      return nullptr;
    }
  }
  m->signature = r.Value<uint64_t>();
  ForEachStructField(m, [&](void* p, size_t n) { r.Get(p, n); });
  ForEachArray(m, [&](const char*, void* p, size_t elem, int64_t rows, int64_t cols) {
    r.Get(p, elem * rows * cols);
  });

  std::string problem = MjbValidate(m);
  if (!problem.empty()) {
    *error = "inconsistent model: " + problem;
    mj_deleteModel(m);
    return nullptr;
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// validation of a loaded model

namespace {

// number of objects of a type in m; -1 for types this check does not know
int64_t ObjectCount(const mjModel* m, int type) {
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY:
      return m->nbody;
    case mjOBJ_JOINT:
      return m->njnt;
    case mjOBJ_DOF:
      return m->nv;
    case mjOBJ_GEOM:
      return m->ngeom;
    case mjOBJ_SITE:
      return m->nsite;
    case mjOBJ_CAMERA:
      return m->ncam;
    case mjOBJ_LIGHT:
      return m->nlight;
    case mjOBJ_FLEX:
      return m->nflex;
    case mjOBJ_MESH:
      return m->nmesh;
    case mjOBJ_SKIN:
      return m->nskin;
    case mjOBJ_HFIELD:
      return m->nhfield;
    case mjOBJ_TEXTURE:
      return m->ntex;
    case mjOBJ_MATERIAL:
      return m->nmat;
    case mjOBJ_PAIR:
      return m->npair;
    case mjOBJ_EXCLUDE:
      return m->nexclude;
    case mjOBJ_EQUALITY:
      return m->neq;
    case mjOBJ_TENDON:
      return m->ntendon;
    case mjOBJ_ACTUATOR:
      return m->nu;
    case mjOBJ_SENSOR:
      return m->nsensor;
    case mjOBJ_NUMERIC:
      return m->nnumeric;
    case mjOBJ_TEXT:
      return m->ntext;
    case mjOBJ_TUPLE:
      return m->ntuple;
    case mjOBJ_KEY:
      return m->nkey;
    case mjOBJ_PLUGIN:
      return m->nplugin;
    default:
      return -1;
  }
}

// Collects the first inconsistency. Every check is a plain range test, so a model that passes
// can be indexed by the engine without reading outside its arrays.
struct Checker {
  const mjModel* m;
  std::string problem;

  bool Fail(const std::string& what) {
    if (problem.empty()) {
      problem = what;
    }
    return false;
  }

  // every value of a[0..n) in [lo, hi)
  bool Range(const char* name, const int* a, int64_t n, int64_t lo, int64_t hi) {
    for (int64_t i = 0; i < n && problem.empty(); i++) {
      if (a[i] < lo || a[i] >= hi) {
        Fail(std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(a[i]) +
             " outside [" + std::to_string(lo) + ", " + std::to_string(hi) + ")");
      }
    }
    return problem.empty();
  }

  // for each i with num[i] > 0: adr[i] >= 0 and adr[i] + num[i] <= total; num[i] >= 0
  template <class A>
  bool AdrNum(const char* name, const A* adr, const int* num, int64_t n, int64_t total) {
    for (int64_t i = 0; i < n && problem.empty(); i++) {
      int64_t a = adr[i], k = num[i];
      if (k < 0 || (k > 0 && (a < 0 || a + k > total))) {
        Fail(std::string(name) + " block " + std::to_string(i) + " (adr " + std::to_string(a) +
             ", num " + std::to_string(k) + ") outside [0, " + std::to_string(total) + ")");
      }
    }
    return problem.empty();
  }

  // a[i*stride] is an id of the object type typ[i] (or -1); unknown types are not checked
  bool Typed(const char* name, const int* a, const int* typ, int64_t n, int stride) {
    for (int64_t i = 0; i < n && problem.empty(); i++) {
      int64_t count = ObjectCount(m, typ[i]);
      int id = a[i * stride];
      if (count >= 0 && (id < -1 || id >= count)) {
        Fail(std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(id) +
             " outside [-1, " + std::to_string(count) + ")");
      }
    }
    return problem.empty();
  }
};

}  // namespace

std::string MjbValidate(const mjModel* m) {
  Checker c{m, ""};

  // kinematic tree (computation_index.rst: bodies are ordered so that parents come first)
  for (int64_t i = 1; i < m->nbody; i++) {
    if (m->body_parentid[i] < 0 || m->body_parentid[i] >= i) {
      return "body_parentid[" + std::to_string(i) + "] does not precede the body";
    }
  }
  c.Range("body_rootid", m->body_rootid, m->nbody, 0, m->nbody);
  c.Range("body_weldid", m->body_weldid, m->nbody, 0, m->nbody);
  c.Range("body_mocapid", m->body_mocapid, m->nbody, -1, m->nmocap);
  c.Range("body_treeid", m->body_treeid, m->nbody, -1, m->ntree);
  c.AdrNum("body_jnt", m->body_jntadr, m->body_jntnum, m->nbody, m->njnt);
  c.AdrNum("body_dof", m->body_dofadr, m->body_dofnum, m->nbody, m->nv);
  c.AdrNum("body_geom", m->body_geomadr, m->body_geomnum, m->nbody, m->ngeom);
  c.AdrNum("body_bvh", m->body_bvhadr, m->body_bvhnum, m->nbody, m->nbvh);
  c.Range("jnt_type", m->jnt_type, m->njnt, mjJNT_FREE, mjJNT_HINGE + 1);
  c.Range("jnt_qposadr", m->jnt_qposadr, m->njnt, 0, m->nq);
  c.Range("jnt_dofadr", m->jnt_dofadr, m->njnt, 0, m->nv);
  c.Range("jnt_bodyid", m->jnt_bodyid, m->njnt, 0, m->nbody);
  for (int64_t j = 0; j < m->njnt && c.problem.empty(); j++) {
    // free: 7 qpos / 6 dofs, ball: 4 / 3, slide and hinge: 1 / 1
    int type = m->jnt_type[j];
    int nq = type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
    int nv = type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
    if (m->jnt_qposadr[j] + nq > m->nq || m->jnt_dofadr[j] + nv > m->nv) {
      c.Fail("joint " + std::to_string(j) + " extends past qpos or qvel");
    }
  }
  c.Range("dof_bodyid", m->dof_bodyid, m->nv, 0, m->nbody);
  c.Range("dof_jntid", m->dof_jntid, m->nv, 0, m->njnt);
  c.Range("dof_parentid", m->dof_parentid, m->nv, -1, m->nv);
  c.Range("dof_treeid", m->dof_treeid, m->nv, 0, m->ntree);
  c.Range("dof_Madr", m->dof_Madr, m->nv, 0, m->nM);
  for (int64_t i = 0; i < m->nv && c.problem.empty(); i++) {
    if (m->dof_parentid[i] >= i) {
      c.Fail("dof_parentid[" + std::to_string(i) + "] >= " + std::to_string(i));
    }
  }

  // sparse matrix structures
  c.AdrNum("B_row", m->B_rowadr, m->B_rownnz, m->nbody, m->nB);
  c.Range("B_colind", m->B_colind, m->nB, 0, m->nv);
  c.AdrNum("M_row", m->M_rowadr, m->M_rownnz, m->nv, m->nC);
  c.Range("M_colind", m->M_colind, m->nC, 0, m->nv);
  c.Range("mapM2M", m->mapM2M, m->nC, 0, m->nM);
  c.AdrNum("D_row", m->D_rowadr, m->D_rownnz, m->nv, m->nD);
  c.Range("D_colind", m->D_colind, m->nD, 0, m->nv);
  c.Range("mapM2D", m->mapM2D, m->nD, -1, m->nM);  // -1: no M element
  c.Range("mapD2M", m->mapD2M, m->nC, 0, m->nD);
  for (int64_t i = 0; i < m->nv && c.problem.empty(); i++) {
    if (m->D_diag[i] < 0 || m->D_diag[i] >= m->D_rownnz[i]) {
      c.Fail("D_diag out of its row");
    }
  }

  // objects attached to bodies, and their resources
  c.Range("geom_type", m->geom_type, m->ngeom, 0, mjNGEOMTYPES);
  c.Range("geom_bodyid", m->geom_bodyid, m->ngeom, 0, m->nbody);
  c.Range("geom_matid", m->geom_matid, m->ngeom, -1, m->nmat);
  for (int64_t i = 0; i < m->ngeom && c.problem.empty(); i++) {
    int type = m->geom_type[i], id = m->geom_dataid[i];
    // primitives fitted to a mesh keep the mesh id
    int64_t count = type == mjGEOM_HFIELD ? m->nhfield : m->nmesh;
    if (id < -1 || id >= count) {
      c.Fail("geom_dataid[" + std::to_string(i) + "] out of range");
    }
  }
  c.Range("site_bodyid", m->site_bodyid, m->nsite, 0, m->nbody);
  c.Range("site_matid", m->site_matid, m->nsite, -1, m->nmat);
  c.Range("cam_bodyid", m->cam_bodyid, m->ncam, 0, m->nbody);
  c.Range("cam_targetbodyid", m->cam_targetbodyid, m->ncam, -1, m->nbody);
  c.Range("light_bodyid", m->light_bodyid, m->nlight, 0, m->nbody);
  c.Range("light_targetbodyid", m->light_targetbodyid, m->nlight, -1, m->nbody);
  c.Range("light_texid", m->light_texid, m->nlight, -1, m->ntex);
  c.Range("mat_texid", m->mat_texid, m->nmat * mjNTEXROLE, -1, m->ntex);

  // flexes
  c.AdrNum("flex_node", m->flex_nodeadr, m->flex_nodenum, m->nflex, m->nflexnode);
  c.AdrNum("flex_vert", m->flex_vertadr, m->flex_vertnum, m->nflex, m->nflexvert);
  c.AdrNum("flex_edge", m->flex_edgeadr, m->flex_edgenum, m->nflex, m->nflexedge);
  c.AdrNum("flex_elem", m->flex_elemadr, m->flex_elemnum, m->nflex, m->nflexelem);
  c.AdrNum("flex_evpair", m->flex_evpairadr, m->flex_evpairnum, m->nflex, m->nflexevpair);
  c.Range("flex_nodebodyid", m->flex_nodebodyid, m->nflexnode, 0, m->nbody);
  c.Range("flex_vertbodyid", m->flex_vertbodyid, m->nflexvert, -1, m->nbody);  // -1: free vertex
  c.Range("flex_matid", m->flex_matid, m->nflex, -1, m->nmat);

  // meshes, skins, height fields, textures
  c.AdrNum("mesh_vert", m->mesh_vertadr, m->mesh_vertnum, m->nmesh, m->nmeshvert);
  c.AdrNum("mesh_face", m->mesh_faceadr, m->mesh_facenum, m->nmesh, m->nmeshface);
  c.AdrNum("mesh_normal", m->mesh_normaladr, m->mesh_normalnum, m->nmesh, m->nmeshnormal);
  c.AdrNum("mesh_texcoord", m->mesh_texcoordadr, m->mesh_texcoordnum, m->nmesh, m->nmeshtexcoord);
  c.AdrNum("mesh_bvh", m->mesh_bvhadr, m->mesh_bvhnum, m->nmesh, m->nbvh);
  c.AdrNum("mesh_oct", m->mesh_octadr, m->mesh_octnum, m->nmesh, m->noct);
  c.AdrNum("mesh_poly", m->mesh_polyadr, m->mesh_polynum, m->nmesh, m->nmeshpoly);
  c.AdrNum("mesh_polyvert", m->mesh_polyvertadr, m->mesh_polyvertnum, m->nmeshpoly,
           m->nmeshpolyvert);
  c.AdrNum("mesh_polymap", m->mesh_polymapadr, m->mesh_polymapnum, m->nmeshvert, m->nmeshpolymap);
  c.Range("mesh_graphadr", m->mesh_graphadr, m->nmesh, -1, m->nmeshgraph);
  c.Range("mesh_face", m->mesh_face, m->nmeshface * 3, 0, m->nmeshvert);
  c.AdrNum("skin_vert", m->skin_vertadr, m->skin_vertnum, m->nskin, m->nskinvert);
  c.AdrNum("skin_face", m->skin_faceadr, m->skin_facenum, m->nskin, m->nskinface);
  c.AdrNum("skin_bone", m->skin_boneadr, m->skin_bonenum, m->nskin, m->nskinbone);
  c.AdrNum("skin_bonevert", m->skin_bonevertadr, m->skin_bonevertnum, m->nskinbone,
           m->nskinbonevert);
  c.Range("skin_bonebodyid", m->skin_bonebodyid, m->nskinbone, 0, m->nbody);
  c.Range("skin_matid", m->skin_matid, m->nskin, -1, m->nmat);
  for (int64_t i = 0; i < m->nhfield && c.problem.empty(); i++) {
    int64_t n = static_cast<int64_t>(m->hfield_nrow[i]) * m->hfield_ncol[i];
    if (m->hfield_nrow[i] < 0 || m->hfield_ncol[i] < 0 || m->hfield_adr[i] < 0 ||
        m->hfield_adr[i] + n > m->nhfielddata) {
      c.Fail("height field " + std::to_string(i) + " data outside hfield_data");
    }
  }
  for (int64_t i = 0; i < m->ntex && c.problem.empty(); i++) {
    int64_t w = m->tex_width[i], h = m->tex_height[i], k = m->tex_nchannel[i];
    if (w < 0 || h < 0 || k < 0 || m->tex_adr[i] < 0 || m->tex_adr[i] + w * h * k > m->ntexdata) {
      c.Fail("texture " + std::to_string(i) + " data outside tex_data");
    }
  }

  // constraints, tendons, actuators, sensors
  c.Typed("eq_obj1id", m->eq_obj1id, m->eq_objtype, m->neq, 1);
  c.Typed("eq_obj2id", m->eq_obj2id, m->eq_objtype, m->neq, 1);
  c.AdrNum("tendon_wrap", m->tendon_adr, m->tendon_num, m->ntendon, m->nwrap);
  c.Range("tendon_matid", m->tendon_matid, m->ntendon, -1, m->nmat);
  for (int64_t i = 0; i < m->nwrap && c.problem.empty(); i++) {
    int type = m->wrap_type[i], id = m->wrap_objid[i];
    int64_t count = type == mjWRAP_JOINT                                 ? m->njnt
                    : type == mjWRAP_SITE                                ? m->nsite
                    : (type == mjWRAP_SPHERE || type == mjWRAP_CYLINDER) ? m->ngeom
                                                                         : 0;
    if (type < mjWRAP_NONE || type > mjWRAP_CYLINDER || id < -1 || id >= count) {
      c.Fail("wrap " + std::to_string(i) + " has an invalid type or object");
    }
  }
  c.AdrNum("actuator_act", m->actuator_actadr, m->actuator_actnum, m->nu, m->na);
  for (int64_t i = 0; i < m->nu && c.problem.empty(); i++) {
    int type = m->actuator_trntype[i], id = m->actuator_trnid[2 * i];
    int64_t count = (type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT) ? m->njnt
                    : (type == mjTRN_SLIDERCRANK || type == mjTRN_SITE)  ? m->nsite
                    : type == mjTRN_TENDON                               ? m->ntendon
                    : type == mjTRN_BODY                                 ? m->nbody
                                                                         : 0;
    int ref = m->actuator_trnid[2 * i + 1];
    if (id < -1 || id >= count || ref < -1 || ref >= m->nsite) {
      c.Fail("actuator " + std::to_string(i) + " has an invalid transmission target");
    }
  }
  c.AdrNum("sensor", m->sensor_adr, m->sensor_dim, m->nsensor, m->nsensordata);
  c.Typed("sensor_objid", m->sensor_objid, m->sensor_objtype, m->nsensor, 1);
  c.Typed("sensor_refid", m->sensor_refid, m->sensor_reftype, m->nsensor, 1);

  // custom data, keyframes' companions, names
  c.AdrNum("numeric", m->numeric_adr, m->numeric_size, m->nnumeric, m->nnumericdata);
  c.AdrNum("text", m->text_adr, m->text_size, m->ntext, m->ntextdata);
  c.AdrNum("tuple", m->tuple_adr, m->tuple_size, m->ntuple, m->ntupledata);
  c.Typed("tuple_objid", m->tuple_objid, m->tuple_objtype, m->ntupledata, 1);
  if (m->nnames > 0 && m->names[m->nnames - 1] != 0) {
    c.Fail("names not null-terminated");
  }
  if (m->npaths > 0 && m->paths[m->npaths - 1] != 0) {
    c.Fail("paths not null-terminated");
  }
  if (m->ntextdata > 0 && m->text_data[m->ntextdata - 1] != 0) {
    c.Fail("text_data not null-terminated");
  }
  const struct {
    const char* name;
    const int* adr;
    int64_t n;
  } names[] = {
      {"name_bodyadr", m->name_bodyadr, m->nbody},
      {"name_jntadr", m->name_jntadr, m->njnt},
      {"name_geomadr", m->name_geomadr, m->ngeom},
      {"name_siteadr", m->name_siteadr, m->nsite},
      {"name_camadr", m->name_camadr, m->ncam},
      {"name_lightadr", m->name_lightadr, m->nlight},
      {"name_flexadr", m->name_flexadr, m->nflex},
      {"name_meshadr", m->name_meshadr, m->nmesh},
      {"name_skinadr", m->name_skinadr, m->nskin},
      {"name_hfieldadr", m->name_hfieldadr, m->nhfield},
      {"name_texadr", m->name_texadr, m->ntex},
      {"name_matadr", m->name_matadr, m->nmat},
      {"name_pairadr", m->name_pairadr, m->npair},
      {"name_excludeadr", m->name_excludeadr, m->nexclude},
      {"name_eqadr", m->name_eqadr, m->neq},
      {"name_tendonadr", m->name_tendonadr, m->ntendon},
      {"name_actuatoradr", m->name_actuatoradr, m->nu},
      {"name_sensoradr", m->name_sensoradr, m->nsensor},
      {"name_numericadr", m->name_numericadr, m->nnumeric},
      {"name_textadr", m->name_textadr, m->ntext},
      {"name_tupleadr", m->name_tupleadr, m->ntuple},
      {"name_keyadr", m->name_keyadr, m->nkey},
      {"name_pluginadr", m->name_pluginadr, m->nplugin},
  };
  for (const auto& n : names) {
    c.Range(n.name, n.adr, n.n, 0, m->nnames);
  }
  // names_map is a hash table of object ids (-1: empty slot), one section per object type
  int64_t maxcount = 0;
  for (int t = mjOBJ_UNKNOWN; t < mjNOBJECT; t++) {
    maxcount = std::max(maxcount, ObjectCount(m, t));
  }
  c.Range("names_map", m->names_map, m->nnames_map, -1, maxcount);
  return c.problem;
}

// ---------------------------------------------------------------------------------------------
// model description section

namespace {
constexpr char kDescriptionTag[kMagicBytes + 1] = "MOTUSXML";
constexpr size_t kVersionOffset = kMagicBytes;
constexpr size_t kLengthOffset = kMagicBytes + 4 * 4 + 8;
}  // namespace

std::vector<uint8_t> MjbDescriptionSection(const std::string& mjcf) {
  std::vector<uint8_t> out(kMagicBytes + 8 + mjcf.size() + 8);
  uint64_t n = mjcf.size();
  std::memcpy(out.data(), kDescriptionTag, kMagicBytes);
  std::memcpy(out.data() + kMagicBytes, &n, 8);
  if (n) {
    std::memcpy(out.data() + kMagicBytes + 8, mjcf.data(), n);
  }
  uint64_t sum = MjbChecksum(out.data(), out.size() - 8);
  std::memcpy(out.data() + out.size() - 8, &sum, 8);
  return out;
}

int MjbReadDescription(const void* data, size_t size, std::string* mjcf, std::string* error) {
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  if (!bytes || size < kFixedHeader) {
    return 0;
  }
  uint32_t version;
  uint64_t length;
  std::memcpy(&version, bytes + kVersionOffset, 4);
  std::memcpy(&length, bytes + kLengthOffset, 8);
  if (version < 2 || length > size) {
    return 0;
  }
  const uint8_t* p = bytes + length;
  size_t rest = size - static_cast<size_t>(length);
  if (rest < kMagicBytes || std::memcmp(p, kDescriptionTag, kMagicBytes) != 0) {
    return 0;
  }
  uint64_t n;
  if (rest < kMagicBytes + 16) {
    *error = "truncated model description";
    return -1;
  }
  std::memcpy(&n, p + kMagicBytes, 8);
  if (n > rest - kMagicBytes - 16) {
    *error = "truncated model description";
    return -1;
  }
  uint64_t stored;
  size_t body = kMagicBytes + 8 + static_cast<size_t>(n);
  std::memcpy(&stored, p + body, 8);
  if (stored != MjbChecksum(p, body)) {
    *error = "checksum mismatch in the model description (corrupted file)";
    return -1;
  }
  mjcf->assign(reinterpret_cast<const char*>(p + kMagicBytes + 8), static_cast<size_t>(n));
  return 1;
}

}  // namespace motus
