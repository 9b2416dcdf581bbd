// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Height field assets (XMLreference.rst, <hfield>); see user_hfield.h.

#include "user/user_hfield.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "user/user_cache.h"
#include "user/user_texture.h"
#include "user/user_vfs.h"

namespace motus {
namespace {

// PNG: gray (first channel) bytes, rows reversed so that the image's bottom row comes first
bool ReadPNG(const std::vector<uint8_t>& bytes, HFieldResult* out, std::string* error) {
  int w, h;
  bool srgb;
  std::vector<uint8_t> gray;
  if (!DecodePNG(bytes, 1, &w, &h, &gray, &srgb, error)) {
    return false;
  }
  out->nrow = h;
  out->ncol = w;
  out->data.resize(static_cast<size_t>(w) * h);
  for (int r = 0; r < h; r++) {
    for (int c = 0; c < w; c++) {
      out->data[static_cast<size_t>(r) * w + c] = gray[static_cast<size_t>(h - 1 - r) * w + c];
    }
  }
  return true;
}

// custom binary: int32 nrow, int32 ncol, float32 data[nrow*ncol], stored in file order
bool ReadBinary(const std::vector<uint8_t>& bytes, HFieldResult* out, std::string* error) {
  if (bytes.size() < 8) {
    *error = "height field file is too small for its header";
    return false;
  }
  int32_t nrow, ncol;
  std::memcpy(&nrow, bytes.data(), 4);
  std::memcpy(&ncol, bytes.data() + 4, 4);
  if (nrow < 1 || ncol < 1 ||
      4 * (2 + static_cast<uint64_t>(nrow) * static_cast<uint64_t>(ncol)) != bytes.size()) {
    *error = "height field file: size " + std::to_string(bytes.size()) +
             " bytes does not match nrow " + std::to_string(nrow) + ", ncol " +
             std::to_string(ncol);
    return false;
  }
  out->nrow = nrow;
  out->ncol = ncol;
  out->data.resize(static_cast<size_t>(nrow) * ncol);
  std::memcpy(out->data.data(), bytes.data() + 8, out->data.size() * sizeof(float));
  return true;
}

// elevation to [0, 1]: minus the minimum, divided by the range when it is nonzero
bool Normalize(std::vector<float>* data, std::string* error) {
  if (data->empty()) {
    return true;
  }
  for (float v : *data) {
    if (!std::isfinite(v)) {
      *error = "height field elevation is not finite";
      return false;
    }
  }
  float lo = *std::min_element(data->begin(), data->end());
  float hi = *std::max_element(data->begin(), data->end());
  double range = static_cast<double>(hi) - lo;
  for (float& v : *data) {
    double x = static_cast<double>(v) - lo;
    v = static_cast<float>(range > 0 ? x / range : x);
  }
  return true;
}

// the elevation of a height field file, normalized
bool DecodeHFieldFile(const mjsHField* spec, const mjVFS* vfs, const std::string& path,
                      HFieldResult* out, std::string* error) {
  std::vector<uint8_t> bytes;
  if (!ReadResource(vfs, path, &bytes, error)) {
    return false;
  }
  std::string type = spec->content_type ? *spec->content_type : std::string();
  if (type.empty()) {
    type = FileExtension(path) == ".png" ? "image/png" : "image/vnd.mujoco.hfield";
  }
  bool ok;
  if (type == "image/png") {
    ok = ReadPNG(bytes, out, error);
  } else if (type == "image/vnd.mujoco.hfield") {
    ok = ReadBinary(bytes, out, error);
  } else {
    *error = "unsupported height field content type '" + type + "'";
    ok = false;
  }
  if (!ok) {
    *error += " (file '" + path + "')";
    return false;
  }
  return Normalize(&out->data, error);
}

// The elevation of a height field file into out (nrow, ncol, data). A file read from disk is
// kept by the asset cache (mj_getCache) under its path and content type.
bool LoadHFieldFile(const mjsHField* spec, const mjVFS* vfs, const std::string& path,
                    HFieldResult* out, std::string* error) {
  FileStamp stamp;
  bool cached = DiskResourceStamp(vfs, path, &stamp);
  std::string key;
  if (cached) {
    key = "hfield";
    AppendKey(&key, path);
    AppendKey(&key, spec->content_type ? *spec->content_type : std::string());
    if (std::shared_ptr<const HFieldResult> hit = FindCached<HFieldResult>(key, stamp)) {
      out->nrow = hit->nrow;
      out->ncol = hit->ncol;
      out->data = hit->data;
      return true;
    }
  }
  auto decoded = std::make_shared<HFieldResult>();
  if (!DecodeHFieldFile(spec, vfs, path, decoded.get(), error)) {
    return false;
  }
  out->nrow = decoded->nrow;
  out->ncol = decoded->ncol;
  out->data = decoded->data;
  if (cached) {
    AddCachedAsset(key, path, stamp, decoded,
                   sizeof(float) * decoded->data.size() + sizeof(HFieldResult));
  }
  return true;
}

}  // namespace

bool LoadHField(const mjsHField* spec, const mjVFS* vfs, const AssetContext& ctx, HFieldResult* out,
                std::string* error) {
  *out = HFieldResult();
  for (int i = 0; i < 4; i++) {
    if (!(spec->size[i] > 0) || !std::isfinite(spec->size[i])) {
      *error = "size parameter is not positive in hfield";
      return false;
    }
    out->size[i] = spec->size[i];
  }

  const std::string file = spec->file ? *spec->file : std::string();
  if (!file.empty()) {
    if (spec->nrow || spec->ncol) {
      *error = "hfield: nrow and ncol must be 0 when the data comes from a file";
      return false;
    }
    return LoadHFieldFile(spec, vfs, ctx.Resolve(file), out, error);
  } else {
    if (spec->nrow < 1 || spec->ncol < 1) {
      *error = "hfield needs a file, or positive nrow and ncol";
      return false;
    }
    if (static_cast<uint64_t>(spec->nrow) * static_cast<uint64_t>(spec->ncol) > (1ull << 31)) {
      *error = "hfield is too large";
      return false;
    }
    out->nrow = spec->nrow;
    out->ncol = spec->ncol;
    size_t n = static_cast<size_t>(spec->nrow) * spec->ncol;
    if (spec->userdata && !spec->userdata->empty()) {
      if (spec->userdata->size() != n) {
        *error = "elevation data length must match nrow*ncol (" + std::to_string(n) + "), got " +
                 std::to_string(spec->userdata->size());
        return false;
      }
      out->data = *spec->userdata;
    } else {
      out->data.assign(n, 0.0f);
    }
  }
  return Normalize(&out->data, error);
}

void HFieldGeomBounds(const double hsize[4], double size[3], double aabb[6], double* rbound) {
  size[0] = hsize[0];
  size[1] = hsize[1];
  size[2] = 0.25 * hsize[2] + 0.5 * hsize[3];
  aabb[0] = aabb[1] = 0;
  aabb[2] = (hsize[2] - hsize[3]) / 2;
  aabb[3] = hsize[0];
  aabb[4] = hsize[1];
  aabb[5] = (hsize[2] + hsize[3]) / 2;
  double z = std::max(hsize[2], hsize[3]);
  *rbound = std::sqrt(hsize[0] * hsize[0] + hsize[1] * hsize[1] + z * z);
}

}  // namespace motus
