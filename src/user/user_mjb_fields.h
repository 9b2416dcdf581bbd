// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The pieces of mjModel that an MJB image serializes, visited in file order, shared by the
// MuJoCo-layout reader and writer (user_mjb.cc) and the reader of Motus's older files
// (user_mjb_legacy.cc). Internal to src/user.

#ifndef MOTUS_USER_USER_MJB_FIELDS_H_
#define MOTUS_USER_USER_MJB_FIELDS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "user/user_mjb.h"

namespace motus {
namespace mjb {

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
inline constexpr size_t kOptionBytes = 0 MJOPTION_FIELDS;
#undef X
#define X(name, n) +sizeof(mjtNum) * (n)
inline constexpr size_t kStatisticBytes = 0 MJSTATISTIC_FIELDS;
#undef X
#define X(type, name, n) +sizeof(type) * (n)
inline constexpr size_t kVisualBytes = 0 MOTUS_VIS_GLOBAL MOTUS_VIS_QUALITY MOTUS_VIS_HEADLIGHT
    MOTUS_VIS_MAP MOTUS_VIS_SCALE MOTUS_VIS_RGBA;
#undef X
static_assert(kVisualBytes == sizeof(mjVisual), "mjVisual field list is incomplete");
static_assert(kStatisticBytes == sizeof(mjStatistic), "mjStatistic field list is incomplete");
// mjOption may end with padding after its last int; the list must cover everything else
static_assert(kOptionBytes <= sizeof(mjOption) && kOptionBytes + 8 > sizeof(mjOption),
              "mjOption field list is incomplete");

#define X(name) +1
inline constexpr int kNumSizes = 0 MJMODEL_SIZES;
#undef X

#define X(type, name, nr, nc) +1
inline constexpr int kNumPointers = 0 MJMODEL_POINTERS;
#undef X

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

// a * b * c added to *acc, false on overflow of uint64 (all factors non-negative)
inline bool AddProduct(uint64_t* acc, uint64_t a, uint64_t b, uint64_t c) {
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
inline void GetSizes(const mjModel* m, int64_t* sizes) {
  int i = 0;
#define X(name) sizes[i++] = static_cast<int64_t>(m->name);
  MJMODEL_SIZES
#undef X
}
inline void SetSizes(mjModel* m, const int64_t* sizes) {
  int i = 0;
#define X(name) m->name = static_cast<mjtSize>(sizes[i++]);
  MJMODEL_SIZES
#undef X
}

// name of size field i (for messages)
inline const char* SizeName(int i) {
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
inline int64_t MinSize(int i) {
  const char* name = SizeName(i);
  bool legacy = !std::strcmp(name, "njmax") || !std::strcmp(name, "nconmax");
  return legacy ? -1 : 0;
}

// bytes of all arrays of a model with the given sizes; false on overflow or a negative count
inline bool ArrayBytes(const mjModel* m, uint64_t* total, std::string* error) {
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

// A model allocated for the sizes of a file's header (sizes in MJMODEL_SIZES order; nbuffer is
// the allocator's own), or NULL with *error set.
inline mjModel* AllocateForSizes(const mjModel* header, const int64_t* sizes, std::string* error) {
  mjModel* m = mj_allocModel(header);
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
  return m;
}

// Reads m's arrays from r, then checks the model (MjbValidate): m, or NULL (m deleted) with
// *error = prefix + the first inconsistency.
inline mjModel* ReadArraysAndValidate(mjModel* m, Reader* r, const char* prefix,
                                      std::string* error) {
  ForEachArray(m, [&](const char*, void* p, size_t elem, int64_t rows, int64_t cols) {
    r->Get(p, elem * rows * cols);
  });
  std::string problem = MjbValidate(m);
  if (!problem.empty()) {
    *error = prefix + problem;
    mj_deleteModel(m);
    return nullptr;
  }
  return m;
}

}  // namespace mjb
}  // namespace motus

#endif  // MOTUS_USER_USER_MJB_FIELDS_H_
