// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB files: mj_saveModel, mj_loadModel, mj_loadModelBuffer (APIreference_functions.rst
// "Initialization"). The binary image is the user layer's (user/user_mjb.h), in MuJoCo's layout.
// Files of Motus's older layout may carry a model description (the MJCF text of the model they
// were saved from): mj_loadModel keeps it as the "last" model description, so that
// mj_saveLastXML writes such a model exactly as after mj_loadXML. MuJoCo's layout has no room
// for it: as in MuJoCo, a model loaded from it cannot be written as MJCF.

#include <cstdio>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mjb.h"
#include "user/user_vfs.h"
#include "xml/xml_last.h"

namespace motus {
namespace {

// model from an MJB image; a description section becomes the last model description
mjModel* LoadImage(const uint8_t* bytes, size_t size, const char* what) {
  std::string error, mjcf;
  mjModel* m = MjbRead(bytes, size, &error);
  if (!m) {
    mju_warning("%s: %s", what, error.c_str());
    return nullptr;
  }
  int found = MjbReadDescription(bytes, size, &mjcf, &error);
  if (found < 0) {
    mju_warning("%s: %s", what, error.c_str());
    mj_deleteModel(m);
    return nullptr;
  }
  if (found) {
    SetLastDescription(mjcf);
  }
  return m;
}

bool WriteBytes(const char* filename, const std::vector<uint8_t>& a) {
  FILE* f = std::fopen(filename, "wb");
  if (!f) {
    mju_warning("mj_saveModel: could not open file '%s' for writing", filename);
    return false;
  }
  bool ok = std::fwrite(a.data(), 1, a.size(), f) == a.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) {
    mju_warning("mj_saveModel: could not write file '%s'", filename);
  }
  return ok;
}

}  // namespace
}  // namespace motus

// ---------------------------------------------------------------------------------------------
// public API

// MuJoCo's layout, to a file or to a caller's buffer of at least mj_sizeModel bytes.
void mj_saveModel(const mjModel* m, const char* filename, void* buffer, int buffer_sz) {
  if (!m) {
    mju_warning("mj_saveModel: NULL model");
    return;
  }
  std::string error;
  if (buffer) {
    if (buffer_sz < 0 || !motus::MjbWrite(m, buffer, static_cast<size_t>(buffer_sz), &error)) {
      if (error.empty()) {
        error = "negative buffer size";
      }
      mju_warning("mj_saveModel: %s", error.c_str());
    }
    return;
  }
  if (!filename || !filename[0]) {
    mju_warning("mj_saveModel: neither a file name nor a buffer was given");
    return;
  }
  std::vector<uint8_t> image = motus::MjbEncode(m);
  if (image.empty()) {
    mju_warning("mj_saveModel: model has invalid sizes");
    return;
  }
  motus::WriteBytes(filename, image);
}

// As in MuJoCo, exactly the bytes mj_saveModel writes.
mjtSize mj_sizeModel(const mjModel* m) {
  if (!m) {
    return 0;
  }
  return static_cast<mjtSize>(motus::MjbSize(m));
}

mjModel* mj_loadModel(const char* filename, const mjVFS* vfs) {
  if (!filename || !filename[0]) {
    mju_warning("mj_loadModel: no file name given");
    return nullptr;
  }
  std::vector<uint8_t> bytes;
  std::string error;
  if (!motus::ReadResource(vfs, filename, &bytes, &error)) {
    mju_warning("mj_loadModel: %s", error.c_str());
    return nullptr;
  }
  std::string what = std::string("mj_loadModel: '") + filename + "'";
  return motus::LoadImage(bytes.data(), bytes.size(), what.c_str());
}

mjModel* mj_loadModelBuffer(const void* buffer, int buffer_sz) {
  if (!buffer || buffer_sz <= 0) {
    mju_warning("mj_loadModelBuffer: empty buffer");
    return nullptr;
  }
  return motus::LoadImage(static_cast<const uint8_t*>(buffer), static_cast<size_t>(buffer_sz),
                          "mj_loadModelBuffer");
}
