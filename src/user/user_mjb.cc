// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB binary model images in MuJoCo's layout (user_mjb.h). The public entry points
// mj_saveModel, mj_loadModel and mj_loadModelBuffer are in xml/xml_mjb.cc.

#include "user/user_mjb.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "user/user_mjb_fields.h"

namespace motus {
namespace {

using mjb::ArrayBytes;
using mjb::ForEachArray;
using mjb::ForEachStructField;
using mjb::GetSizes;
using mjb::kNumPointers;
using mjb::kNumSizes;
using mjb::MinSize;
using mjb::Reader;
using mjb::SetSizes;
using mjb::SizeName;
using mjb::Writer;

constexpr int kHeaderId = 54321;
constexpr int kHeaderInts = 5;  // id, sizeof(mjtNum), sizes, version, pointers
constexpr size_t kHeaderBytes = kHeaderInts * sizeof(int);
constexpr size_t kSizeBytes = kNumSizes * sizeof(int64_t);
constexpr size_t kStructBytes = sizeof(mjOption) + sizeof(mjVisual) + sizeof(mjStatistic);

// The three structs as whole blocks of their declared sizes, fields at their offsets and padding
// zero (so that equal models give equal files).
void WriteStructs(const mjModel* m, Writer* w) {
  uint8_t block[kStructBytes] = {};
  mjModel* mm = const_cast<mjModel*>(m);  // only read
  const uint8_t* opt = reinterpret_cast<const uint8_t*>(&m->opt);
  const uint8_t* vis = reinterpret_cast<const uint8_t*>(&m->vis);
  const uint8_t* stat = reinterpret_cast<const uint8_t*>(&m->stat);
  ForEachStructField(mm, [&](void* p, size_t n) {
    const uint8_t* b = static_cast<const uint8_t*>(p);
    size_t at;
    if (b >= opt && b < opt + sizeof(mjOption)) {
      at = b - opt;
    } else if (b >= vis && b < vis + sizeof(mjVisual)) {
      at = sizeof(mjOption) + (b - vis);
    } else {
      at = sizeof(mjOption) + sizeof(mjVisual) + (b - stat);
    }
    std::memcpy(block + at, b, n);
  });
  w->Put(block, kStructBytes);
}

// "Invalid model: <size> is negative/too large" for the first size outside its range
bool CheckSizes(const int64_t* sizes, std::string* error) {
  for (int i = 0; i < kNumSizes; i++) {
    if (sizes[i] < MinSize(i)) {
      *error = std::string("Invalid model: ") + SizeName(i) + " is negative (" +
               std::to_string(sizes[i]) + ")";
      return false;
    }
    if (sizes[i] > kMjbMaxSize) {
      *error = std::string("Invalid model: ") + SizeName(i) + " is too large. Expected < " +
               std::to_string(kMjbMaxSize) + ". Got " + std::to_string(sizes[i]);
      return false;
    }
  }
  return true;
}

// name of the first array that does not fit in `available` bytes
std::string ArrayPastEnd(mjModel* m, uint64_t available) {
  std::string name;
  uint64_t used = 0;
  ForEachArray(m, [&](const char* field, void*, size_t elem, int64_t rows, int64_t cols) {
    uint64_t bytes = static_cast<uint64_t>(elem) * rows * cols;
    if (name.empty() && used + bytes > available) {
      name = field;
    }
    used += bytes;
  });
  return name;
}

mjModel* ReadMujocoLayout(const uint8_t* bytes, size_t size, std::string* error) {
  if (size < kHeaderBytes) {
    *error = "Model file has an incomplete header";
    return nullptr;
  }
  Reader r{bytes};
  int header[kHeaderInts];
  r.Get(header, sizeof(header));
  if (header[0] != kHeaderId) {
    *error = "Model missing header ID";
    return nullptr;
  }
  if (header[1] != static_cast<int>(sizeof(mjtNum))) {
    *error = "Model and executable have different floating point precision";
    return nullptr;
  }
  if (header[2] != kNumSizes) {
    *error = "Model and executable have different number of sizes in mjModel";
    return nullptr;
  }
  if (header[3] != mjVERSION_HEADER) {
    *error = "Model and executable use different MuJoCo version";
    return nullptr;
  }
  if (header[4] != kNumPointers) {
    *error = "Model and executable have different number of pointers in mjModel";
    return nullptr;
  }

  // sizes: each in range, then the arrays they imply against the bytes that follow
  if (size < kHeaderBytes + kSizeBytes) {
    *error = "Truncated model file - ran out of data while reading sizes";
    return nullptr;
  }
  int64_t sizes[kNumSizes];
  r.Get(sizes, sizeof(sizes));
  if (!CheckSizes(sizes, error)) {
    return nullptr;
  }
  if (size < kHeaderBytes + kSizeBytes + kStructBytes) {
    *error = "Truncated model file - ran out of data while reading structs";
    return nullptr;
  }
  mjModel header_model{};
  SetSizes(&header_model, sizes);
  uint64_t arrays = 0;
  if (!ArrayBytes(&header_model, &arrays, error)) {
    return nullptr;
  }
  uint64_t available = size - kHeaderBytes - kSizeBytes - kStructBytes;
  if (arrays > available) {
    *error = "Truncated model file - ran out of data while reading " +
             ArrayPastEnd(&header_model, available);
    return nullptr;
  }
  if (arrays < available) {
    *error = "Model file is too large";
    return nullptr;
  }

  // allocate and fill
  mjModel* m = mjb::AllocateForSizes(&header_model, sizes, error);
  if (!m) {
    return nullptr;
  }
  r.Get(&m->opt, sizeof(mjOption));
  r.Get(&m->vis, sizeof(mjVisual));
  r.Get(&m->stat, sizeof(mjStatistic));
  m->signature = 0;  // not part of the file, as in MuJoCo
  return mjb::ReadArraysAndValidate(m, &r, "Invalid model: ", error);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// writing

size_t MjbSize(const mjModel* m) {
  uint64_t arrays = 0;
  std::string error;
  if (!ArrayBytes(m, &arrays, &error)) {
    return 0;
  }
  return kHeaderBytes + kSizeBytes + kStructBytes + arrays;
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
  Writer w{static_cast<uint8_t*>(out)};
  const int header[kHeaderInts] = {kHeaderId, static_cast<int>(sizeof(mjtNum)), kNumSizes,
                                   mjVERSION_HEADER, kNumPointers};
  w.Put(header, sizeof(header));
  int64_t sizes[kNumSizes];
  GetSizes(m, sizes);
  w.Put(sizes, sizeof(sizes));
  WriteStructs(m, &w);
  ForEachArray(const_cast<mjModel*>(m), [&](const char*, void* p, size_t elem, int64_t rows,
                                            int64_t cols) { w.Put(p, elem * rows * cols); });
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
  if (!data) {
    *error = "Model file has an incomplete header";
    return nullptr;
  }
  if (MjbIsLegacy(data, size)) {
    return MjbLegacyRead(data, size, error);
  }
  return ReadMujocoLayout(static_cast<const uint8_t*>(data), size, error);
}

}  // namespace motus
