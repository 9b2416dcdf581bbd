// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Motus's own MJB layout of format versions 1 and 2 (user_mjb.h, "Motus's older layout"), which
// Motus wrote before it adopted MuJoCo's: read so that earlier files keep loading, with the
// model description section of version 2. Writing it is kept for the tests of this reader.

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "user/user_mjb.h"
#include "user/user_mjb_fields.h"

namespace motus {
namespace {

using mjb::AddProduct;
using mjb::ArrayBytes;
using mjb::ForEachArray;
using mjb::ForEachStructField;
using mjb::GetSizes;
using mjb::kNumSizes;
using mjb::kOptionBytes;
using mjb::kStatisticBytes;
using mjb::kVisualBytes;
using mjb::MinSize;
using mjb::Reader;
using mjb::SetSizes;
using mjb::SizeName;
using mjb::Writer;

// fixed header: magic, version, byte order, sizeof(mjtNum), nsize, layout, length
constexpr size_t kMagicBytes = 8;
constexpr char kMagic[kMagicBytes + 1] = "MOTUSMJB";
constexpr size_t kFixedHeader = kMagicBytes + 4 * 4 + 8 + 8;
constexpr uint32_t kByteOrder = 0x01020304u;
constexpr size_t kScalarBytes = kNumSizes * 8 + 8 + kOptionBytes + kVisualBytes + kStatisticBytes;

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

}  // namespace

bool MjbIsLegacy(const void* data, size_t size) {
  return data && size >= kMagicBytes && std::memcmp(data, kMagic, kMagicBytes) == 0;
}

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

size_t MjbLegacySize(const mjModel* m) {
  uint64_t arrays = 0;
  std::string error;
  if (!ArrayBytes(m, &arrays, &error)) {
    return 0;
  }
  return kFixedHeader + kScalarBytes + arrays + 8;
}

size_t MjbLegacyWrite(const mjModel* m, void* out, size_t size, std::string* error) {
  size_t need = MjbLegacySize(m);
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

std::vector<uint8_t> MjbLegacyEncode(const mjModel* m) {
  std::vector<uint8_t> bytes(MjbLegacySize(m));
  std::string error;
  if (bytes.empty() || !MjbLegacyWrite(m, bytes.data(), bytes.size(), &error)) {
    bytes.clear();
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// reading

mjModel* MjbLegacyRead(const void* data, size_t size, std::string* error) {
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
  mjModel* m = mjb::AllocateForSizes(&header, sizes, error);
  if (!m) {
    return nullptr;
  }
  m->signature = r.Value<uint64_t>();
  ForEachStructField(m, [&](void* p, size_t n) { r.Get(p, n); });
  return mjb::ReadArraysAndValidate(m, &r, "inconsistent model: ", error);
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
  if (!MjbIsLegacy(bytes, size) || size < kFixedHeader) {
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
