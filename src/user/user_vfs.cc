// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Virtual file system: an in-memory map from normalized file names to file contents, behind the
// opaque mjVFS.impl_ pointer (APIreference_functions.rst, "Virtual file system"). Files added
// with mj_addFileVFS are keyed by directory + file name, buffers by the given name.

#include "user/user_vfs.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace motus {
namespace {

struct VfsImpl {
  std::map<std::string, std::vector<uint8_t>> files;
};

VfsImpl* Impl(const mjVFS* vfs) {
  return vfs ? static_cast<VfsImpl*>(vfs->impl_) : nullptr;
}

// reads a whole file from disk; false when it cannot be opened or read
bool ReadDiskFile(const std::string& path, std::vector<uint8_t>* data) {
  FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp) {
    return false;
  }
  data->clear();
  uint8_t chunk[65536];
  size_t n;
  bool ok = true;
  while ((n = std::fread(chunk, 1, sizeof(chunk), fp)) > 0) {
    data->insert(data->end(), chunk, chunk + n);
  }
  if (std::ferror(fp)) {
    ok = false;
  }
  std::fclose(fp);
  return ok;
}

}  // namespace

// ---- path helpers ------------------------------------------------------------------------------

std::string NormalizePath(const std::string& path) {
  if (path.empty()) {
    return path;
  }
  std::string p = path;
  for (char& c : p) {
    if (c == '\\') {
      c = '/';
    }
  }

  // keep a URI scheme ("scheme://") or a leading '/' as an unsplittable prefix
  std::string prefix;
  size_t start = 0;
  size_t scheme = p.find("://");
  if (scheme != std::string::npos && p.find('/') > scheme) {
    prefix = p.substr(0, scheme + 3);
    start = scheme + 3;
  } else if (p[0] == '/') {
    prefix = "/";
    start = 1;
  }

  // split into segments, dropping empty and "." ones and cancelling "dir/.."
  std::vector<std::string> seg;
  size_t i = start;
  while (i <= p.size()) {
    size_t j = p.find('/', i);
    if (j == std::string::npos) {
      j = p.size();
    }
    std::string s = p.substr(i, j - i);
    if (s == "..") {
      if (!seg.empty() && seg.back() != "..") {
        seg.pop_back();
      } else if (prefix.empty()) {
        seg.push_back(s);  // relative path climbing above its start: keep
      }
    } else if (!s.empty() && s != ".") {
      seg.push_back(s);
    }
    i = j + 1;
  }

  std::string out = prefix;
  for (size_t k = 0; k < seg.size(); k++) {
    if (k) {
      out += '/';
    }
    out += seg[k];
  }
  return out;
}

std::string StripPath(const std::string& path) {
  size_t k = path.find_last_of("/\\");
  return k == std::string::npos ? path : path.substr(k + 1);
}

std::string DirectoryOf(const std::string& path) {
  size_t k = path.find_last_of("/\\");
  return k == std::string::npos ? std::string() : path.substr(0, k + 1);
}

std::string StripExtension(const std::string& path) {
  size_t slash = path.find_last_of("/\\");
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
    return path;
  }
  return path.substr(0, dot);
}

std::string FileExtension(const std::string& path) {
  std::string name = StripPath(path);
  size_t dot = name.find_last_of('.');
  if (dot == std::string::npos) {
    return std::string();
  }
  std::string ext = name.substr(dot);
  for (char& c : ext) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return ext;
}

bool IsAbsolutePath(const std::string& path) {
  if (path.empty()) {
    return false;
  }
  if (path[0] == '/' || path[0] == '\\') {
    return true;
  }
  if (path.size() >= 2 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':') {
    return true;
  }
  size_t scheme = path.find("://");
  return scheme != std::string::npos && scheme > 0 && path.find('/') > scheme;
}

std::string JoinPath(const std::string& dir, const std::string& file) {
  if (dir.empty()) {
    return file;
  }
  if (file.empty()) {
    return dir;
  }
  char last = dir.back();
  if (last == '/' || last == '\\') {
    return dir + file;
  }
  return dir + "/" + file;
}

std::string AssetPath(const std::string& modelfiledir, const std::string& assetdir,
                      const std::string& file, bool strippath) {
  std::string name = strippath ? StripPath(file) : file;
  if (IsAbsolutePath(name)) {
    return name;
  }
  if (IsAbsolutePath(assetdir)) {
    return JoinPath(assetdir, name);
  }
  return JoinPath(JoinPath(modelfiledir, assetdir), name);
}

// ---- resources ---------------------------------------------------------------------------------

bool VfsContains(const mjVFS* vfs, const std::string& path) {
  VfsImpl* impl = Impl(vfs);
  return impl && impl->files.count(NormalizePath(path)) > 0;
}

bool ReadResource(const mjVFS* vfs, const std::string& path, std::vector<uint8_t>* data,
                  std::string* error) {
  if (path.empty()) {
    if (error) {
      *error = "empty file name";
    }
    return false;
  }
  if (VfsImpl* impl = Impl(vfs)) {
    auto it = impl->files.find(NormalizePath(path));
    if (it != impl->files.end()) {
      *data = it->second;
      return true;
    }
  }
  if (!ReadDiskFile(path, data)) {
    if (error) {
      *error = "resource not found in the VFS or on disk: '" + path + "'";
    }
    return false;
  }
  return true;
}

}  // namespace motus

// ---- public API --------------------------------------------------------------------------------

using motus::VfsImpl;

void mj_defaultVFS(mjVFS* vfs) {
  if (!vfs) {
    return;
  }
  vfs->impl_ = new VfsImpl();
}

int mj_addFileVFS(mjVFS* vfs, const char* directory, const char* filename) {
  VfsImpl* impl = motus::Impl(vfs);
  if (!impl || !filename || !filename[0]) {
    return -1;
  }
  std::string full = motus::JoinPath(directory ? directory : "", filename);
  std::string key = motus::NormalizePath(full);
  if (impl->files.count(key)) {
    return 2;
  }
  std::vector<uint8_t> data;
  if (!motus::ReadDiskFile(full, &data)) {
    return -1;
  }
  impl->files.emplace(key, std::move(data));
  return 0;
}

int mj_addBufferVFS(mjVFS* vfs, const char* name, const void* buffer, int nbuffer) {
  VfsImpl* impl = motus::Impl(vfs);
  if (!impl || !name || !name[0] || nbuffer < 0 || (nbuffer > 0 && !buffer)) {
    return -1;
  }
  std::string key = motus::NormalizePath(name);
  if (impl->files.count(key)) {
    return 2;
  }
  const uint8_t* bytes = static_cast<const uint8_t*>(buffer);
  impl->files.emplace(key, std::vector<uint8_t>(bytes, bytes + nbuffer));
  return 0;
}

int mj_deleteFileVFS(mjVFS* vfs, const char* filename) {
  VfsImpl* impl = motus::Impl(vfs);
  if (!impl || !filename) {
    return -1;
  }
  return impl->files.erase(motus::NormalizePath(filename)) ? 0 : -1;
}

int mj_containsBufferVFS(mjVFS* vfs, const char* name) {
  return name && motus::VfsContains(vfs, name) ? 1 : 0;
}

int mj_containsFileVFS(mjVFS* vfs, const char* directory, const char* filename) {
  if (!filename) {
    return 0;
  }
  return motus::VfsContains(vfs, motus::JoinPath(directory ? directory : "", filename)) ? 1 : 0;
}

void mj_deleteVFS(mjVFS* vfs) {
  if (!vfs) {
    return;
  }
  delete motus::Impl(vfs);
  vfs->impl_ = nullptr;
}
