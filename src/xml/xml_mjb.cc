// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB files with their model description: mj_saveModel, mj_loadModel, mj_loadModelBuffer
// (APIreference_functions.rst "Initialization"). The binary image is the user layer's
// (user/user_mjb.h); this layer adds the MJCF text of the model (written from the spec of the last
// mj_loadXML), so that an MJB converts back to MJCF: mj_loadModel keeps the text as the "last"
// model description and mj_saveLastXML writes it, exactly as after mj_loadXML.
//
// Asset files (meshes, textures, height fields, skins) stay files: the description names them
// with absolute directories, so the MJCF written from an MJB on the same machine finds them from
// any output folder. Models loaded from a VFS keep VFS-relative names.

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mjb.h"
#include "user/user_vfs.h"
#include "xml/xml_last.h"
#include "xml/xml_writer.h"

namespace motus {
namespace {

std::string CurrentDir() {
  std::vector<char> buf(4096);
  if (!getcwd(buf.data(), buf.size())) {
    return "";
  }
  return std::string(buf.data());
}

// dir as an absolute path: relative directories are taken from the model file's folder,
// itself relative to the working directory (as the compiler resolves them)
std::string AbsoluteDir(const std::string& modelfiledir, const std::string& dir) {
  if (IsAbsolutePath(dir)) {
    return dir;
  }
  std::string base = JoinPath(modelfiledir, dir);
  if (IsAbsolutePath(base)) {
    return base;
  }
  std::string cwd = CurrentDir();
  return cwd.empty() ? base : JoinPath(cwd, base);
}

// MJCF text of m when it is the model of the last mj_loadXML (or of the last described MJB):
// runtime parameter edits copied back as mj_saveLastXML does, asset directories absolute.
// "" when there is no such spec or its sizes differ from m's.
std::string DescribeLastModel(const mjModel* m) {
  LastSpecLock lock;
  mjSpec* spec = lock.spec();
  if (!spec || !CompareSizes(spec, m).empty()) {
    return "";
  }
  std::string msg;
  if (!CopyBack(spec, m, &msg)) {
    return "";
  }
  std::string modelfiledir = spec->modelfiledir ? *spec->modelfiledir : "";
  std::string meshdir = spec->compiler.meshdir ? *spec->compiler.meshdir : "";
  std::string texturedir = spec->compiler.texturedir ? *spec->compiler.texturedir : "";
  mjs_setString(spec->compiler.meshdir, AbsoluteDir(modelfiledir, meshdir).c_str());
  mjs_setString(spec->compiler.texturedir, AbsoluteDir(modelfiledir, texturedir).c_str());
  std::string text;
  bool ok = WriteXML(spec, &text, &msg);
  mjs_setString(spec->compiler.meshdir, meshdir.c_str());
  mjs_setString(spec->compiler.texturedir, texturedir.c_str());
  return ok ? text : "";
}

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

bool WriteBytes(const char* filename, const std::vector<uint8_t>& a,
                const std::vector<uint8_t>& b) {
  FILE* f = std::fopen(filename, "wb");
  if (!f) {
    mju_warning("mj_saveModel: could not open file '%s' for writing", filename);
    return false;
  }
  bool ok = std::fwrite(a.data(), 1, a.size(), f) == a.size() &&
            (b.empty() || std::fwrite(b.data(), 1, b.size(), f) == b.size());
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

// A file gets the model description when m is the model of the last mj_loadXML; a caller's
// buffer (sized by mj_sizeModel) holds the image only.
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
  std::string mjcf = motus::DescribeLastModel(m);
  std::vector<uint8_t> description;
  if (!mjcf.empty()) {
    description = motus::MjbDescriptionSection(mjcf);
  }
  motus::WriteBytes(filename, image, description);
}

// As in MuJoCo, exactly the bytes mj_saveModel writes into a buffer (and into a file, unless the
// file also gets the description of the last mj_loadXML model).
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
