// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB binary model images and their description section (layout in user_mjb.h). The public
// entry points mj_saveModel, mj_loadModel and mj_loadModelBuffer are in xml/xml_mjb.cc: they
// also write and keep the model's MJCF description, which only the xml layer can produce.

#include "user/user_mjb.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "user/user_vfs.h"

namespace motus {
namespace {

// ---------------------------------------------------------------------------------------------
// field lists

// mjVisual's sub-structs with their element types and counts (MuJoCo's MJVISUAL_* lists carry
// names only). Every field of mjVisual is 4 bytes (int or
// float); the static_assert below checks coverage.
// clang-format off
#define MOTUS_VIS_GLOBAL \
  X(int, cameraid, 1) X(int, orthographic, 1) X(float, fovy, 1) X(float, ipd, 1)          \
  X(float, azimuth, 1) X(float, elevation, 1) X(float, linewidth, 1) X(float, glow, 1)    \
  X(float, realtime, 1) X(int, offwidth, 1) X(int, offheight, 1) X(int, ellipsoidinertia, 1) \
  X(int, bvactive, 1)
#define MOTUS_VIS_QUALITY \
  X(int, shadowsize, 1) X(int, offsamples, 1) X(int, numslices, 1) X(int, numstacks, 1) \
  X(int, numquads, 1)
#define MOTUS_VIS_HEADLIGHT \
  X(float, ambient, 3) X(float, diffuse, 3) X(float, specular, 3) X(int, active, 1)
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

// MJOPTION_FIELDS marks vectors with XVEC; here they are visited like scalars
#define XVEC X

// byte counts of the struct lists, used to check that the lists cover the structs completely

#define X(type, name, n) +sizeof(type) * (n)
constexpr size_t kOptionBytes = 0 MJOPTION_FIELDS;
#undef X
#define X(name, n) +sizeof(mjtNum) * (n)
constexpr size_t kStatisticBytes = 0 MJSTATISTIC_FIELDS;
#undef X
#define X(type, name, n) +sizeof(type) * (n)
constexpr size_t kVisualBytes = 0 MOTUS_VIS_GLOBAL MOTUS_VIS_QUALITY MOTUS_VIS_HEADLIGHT
    MOTUS_VIS_MAP MOTUS_VIS_SCALE MOTUS_VIS_RGBA;
#undef X
static_assert(kVisualBytes == sizeof(mjVisual), "mjVisual field list is incomplete");
static_assert(kStatisticBytes == sizeof(mjStatistic), "mjStatistic field list is incomplete");
// mjOption may end with padding after its last int; the list must cover everything else
static_assert(kOptionBytes <= sizeof(mjOption) && kOptionBytes + 8 > sizeof(mjOption),
              "mjOption field list is incomplete");

#define X(name) +1
constexpr int kNumSizes = 0 MJMODEL_SIZES;
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
  MOTUS_VIS_GLOBAL
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.quality.name), sizeof(type) * (n));
  MOTUS_VIS_QUALITY
#undef X
#define X(type, name, n) op(static_cast<void*>(&m->vis.headlight.name), sizeof(type) * (n));
  MOTUS_VIS_HEADLIGHT
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
#define X(name, n) op(static_cast<void*>(&m->stat.name), sizeof(mjtNum) * (n));
  MJSTATISTIC_FIELDS
#undef X
}

// Calls op(name, ptr, elemsize, rows, cols) for every mjModel array, in MJMODEL_POINTERS order.
// rows and cols are read from m (cols may refer to other sizes through MJ_M).
template <class Op>
void ForEachArray(mjModel* m, Op&& op) {
#undef MJ_M
#define MJ_M(x) m->x
#define X(type, name, nr, nc)                                                       \
  op(#name, static_cast<void*>(m->name), sizeof(type), static_cast<int64_t>(m->nr), \
     static_cast<int64_t>(nc));
  MJMODEL_POINTERS
#undef X
#undef MJ_M
#define MJ_M(n) n
}

// 64-bit FNV-1a of a string (layout hash). Blanks are skipped: the stringized size expressions
// keep the header's spacing (`MJ_M(nmocap)*3` vs `MJ_M(nmocap) * 3`), and reformatting the
// header must not change the file format.
uint64_t HashString(const std::string& s, uint64_t h) {
  for (unsigned char c : s) {
    if (c == ' ') {
      continue;
    }
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// hash of everything that determines the byte layout: field names, element sizes and the row
// and column expressions, of the size list, the struct lists and the array list
uint64_t LayoutHashOf() {
  static const uint64_t hash = [] {
    std::string s;
#define X(name) s += #name ";";
    MJMODEL_SIZES
#undef X
#define X(type, name, n) s += #name ":" + std::to_string(sizeof(type)) + "x" #n ";";
    MJOPTION_FIELDS MOTUS_VIS_GLOBAL MOTUS_VIS_QUALITY MOTUS_VIS_HEADLIGHT MOTUS_VIS_MAP
        MOTUS_VIS_SCALE MOTUS_VIS_RGBA
#undef X
#define X(name, n) s += #name ":" + std::to_string(sizeof(mjtNum)) + "x" #n ";";
            MJSTATISTIC_FIELDS
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

// mjModel sizes in MJMODEL_SIZES order
void GetSizes(const mjModel* m, int64_t* sizes) {
  int i = 0;
#define X(name) sizes[i++] = static_cast<int64_t>(m->name);
  MJMODEL_SIZES
#undef X
}
void SetSizes(mjModel* m, const int64_t* sizes) {
  int i = 0;
#define X(name) m->name = static_cast<mjtSize>(sizes[i++]);
  MJMODEL_SIZES
#undef X
}

// name of size field i (for messages)
const char* SizeName(int i) {
  static const char* names[] = {
#define X(name) #name,
      MJMODEL_SIZES
#undef X
  };
  return names[i];
}

// smallest valid value of size field i: the legacy limits njmax and nconmax use -1 for "not
// set" (the same rule as mj_allocModel, which would end the process on any other negative size);
// every other size counts something
int64_t MinSize(int i) {
  const char* name = SizeName(i);
  bool legacy = !std::strcmp(name, "njmax") || !std::strcmp(name, "nconmax");
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

uint64_t MjbLayoutHash() {
  return LayoutHashOf();
}

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
  w.Value<uint64_t>(LayoutHashOf());
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
  if (nsize != static_cast<uint32_t>(kNumSizes) || layout != LayoutHashOf()) {
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
