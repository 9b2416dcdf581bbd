// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Virtual file system: an in-memory map from normalized file names to file contents, behind the
// opaque mjVFS.impl_ pointer (APIreference_functions.rst, "Virtual file system"). Files added
// with mj_addFileVFS are keyed by directory + file name, buffers by the given name. As in MuJoCo,
// a file added with mj_addFileVFS is also found by its file name alone, compared without case and
// without directories (mj_containsFileVFS(vfs, NULL, "model.xml") finds a file added as
// ("dir", "model.xml"), and so does a model referencing "assets/model.xml"), when no entry has
// the exact path.

#include "user/user_vfs.h"

#include <sys/stat.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_cache.h"

namespace motus {
namespace {

struct VfsImpl {
  std::map<std::string, std::vector<uint8_t>> files;
  struct Mount {
    std::string path;  // as given to mj_mountVFS
    mjpResourceProvider provider;
  };
  std::map<std::string, Mount> mounts;  // mj_mountVFS: normalized path -> mount
  std::set<std::string> from_disk;      // keys of the files added with mj_addFileVFS
};

std::string LowerBaseName(const std::string& path) {
  std::string name = StripPath(path);
  for (char& c : name) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return name;
}

VfsImpl* Impl(const mjVFS* vfs) {
  return vfs ? static_cast<VfsImpl*>(vfs->impl_) : nullptr;
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
  // a name that a registered resource provider opens ("prefix:...") is used as given
  if (mjp_getResourceProvider(file.c_str())) {
    return file;
  }
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

const mjpResourceProvider* VfsMount(const mjVFS* vfs, const std::string& path) {
  VfsImpl* impl = Impl(vfs);
  if (!impl) {
    return nullptr;
  }
  // the longest mounted path that starts the name
  std::string name = NormalizePath(path);
  const mjpResourceProvider* best = nullptr;
  size_t bestlen = 0;
  for (const auto& [key, mount] : impl->mounts) {
    if (name.compare(0, key.size(), key) == 0 && key.size() >= bestlen) {
      best = &mount.provider;
      bestlen = key.size();
    }
  }
  return best;
}

namespace {

// the entry of path: its exact (normalized) key, else a file added with mj_addFileVFS with the
// same file name (case-insensitive, the first in key order)
std::map<std::string, std::vector<uint8_t>>::iterator FindEntry(VfsImpl* impl,
                                                                const std::string& path) {
  auto it = impl->files.find(NormalizePath(path));
  if (it != impl->files.end()) {
    return it;
  }
  std::string base = LowerBaseName(path);
  for (const std::string& key : impl->from_disk) {
    if (LowerBaseName(key) == base) {
      return impl->files.find(key);
    }
  }
  return impl->files.end();
}

}  // namespace

const std::vector<uint8_t>* VfsFind(const mjVFS* vfs, const std::string& path) {
  VfsImpl* impl = Impl(vfs);
  if (!impl) {
    return nullptr;
  }
  auto it = FindEntry(impl, path);
  return it == impl->files.end() ? nullptr : &it->second;
}

bool ReadDiskFile(const std::string& path, std::vector<uint8_t>* data) {
  FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp) {
    return false;
  }
  // one read of the expected size, then chunks for anything beyond it (a file that grows)
  struct stat st;
  size_t expect = fstat(fileno(fp), &st) == 0 && st.st_size > 0 ? st.st_size : 0;
  data->resize(expect);
  size_t got = expect ? std::fread(data->data(), 1, expect, fp) : 0;
  data->resize(got);
  uint8_t chunk[65536];
  size_t n;
  while (got == expect && (n = std::fread(chunk, 1, sizeof(chunk), fp)) > 0) {
    data->insert(data->end(), chunk, chunk + n);
  }
  bool ok = !std::ferror(fp);
  std::fclose(fp);
  return ok;
}

bool ReadDiskFileStamped(const std::string& path, std::vector<uint8_t>* data, int64_t* mtime) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    return false;
  }
  *mtime = static_cast<int64_t>(st.st_mtime);
  return ReadDiskFile(path, data);
}

bool VfsContains(const mjVFS* vfs, const std::string& path) {
  VfsImpl* impl = Impl(vfs);
  return impl && impl->files.count(NormalizePath(path)) > 0;
}

bool VfsContainsFile(const mjVFS* vfs, const std::string& path) {
  VfsImpl* impl = Impl(vfs);
  return impl && FindEntry(impl, path) != impl->files.end();
}

bool DiskResourceStamp(const mjVFS* vfs, const std::string& path, FileStamp* stamp) {
  if (path.empty() || mjp_getResourceProvider(path.c_str()) || VfsMount(vfs, path)) {
    return false;
  }
  if (VfsImpl* impl = Impl(vfs)) {
    if (FindEntry(impl, path) != impl->files.end()) {
      return false;
    }
  }
  return StatFile(path, stamp);
}

bool ReadResource(const mjVFS* vfs, const std::string& path, std::vector<uint8_t>* data,
                  std::string* error) {
  if (path.empty()) {
    if (error) {
      *error = "empty file name";
    }
    return false;
  }
  // resource providers: registered for the name's prefix, or mounted on the VFS
  const mjpResourceProvider* provider = mjp_getResourceProvider(path.c_str());
  if (!provider) {
    provider = VfsMount(vfs, path);
  }
  if (provider) {
    return ReadProviderResource(provider, vfs, path, data, error);
  }
  if (VfsImpl* impl = Impl(vfs)) {
    auto it = FindEntry(impl, path);
    if (it != impl->files.end()) {
      *data = it->second;
      return true;
    }
  }
  if (!ReadDiskFileCached(path, data)) {
    if (error) {
      *error = "Error opening file '" + path + "': resource not found in the VFS or on disk";
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
  impl->from_disk.insert(key);
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
  auto it = motus::FindEntry(impl, filename);
  if (it == impl->files.end()) {
    return -1;
  }
  impl->from_disk.erase(it->first);
  impl->files.erase(it);
  return 0;
}

int mj_containsBufferVFS(mjVFS* vfs, const char* name) {
  return name && motus::VfsContains(vfs, name) ? 1 : 0;
}

int mj_containsFileVFS(mjVFS* vfs, const char* directory, const char* filename) {
  if (!filename) {
    return 0;
  }
  return motus::VfsContainsFile(vfs, motus::JoinPath(directory ? directory : "", filename)) ? 1 : 0;
}

// A provider mounted on a path opens the resources whose names start with it
// (APIreference_functions.rst mj_mountVFS); its mount callback, if any, is called with a
// resource named after the path.
int mj_mountVFS(mjVFS* vfs, const char* filepath, const mjpResourceProvider* provider) {
  VfsImpl* impl = motus::Impl(vfs);
  if (!impl || !filepath || !provider || !provider->open || !provider->read || !provider->close) {
    return -1;
  }
  std::string key = motus::NormalizePath(filepath);
  if (impl->mounts.count(key)) {
    return 2;
  }
  VfsImpl::Mount mount{filepath, *provider};
  if (provider->mount) {
    mjResource r{};
    r.name = &mount.path[0];
    r.vfs = vfs;
    r.provider = provider;
    r.data = provider->data;
    if (!provider->mount(&r)) {
      return -1;
    }
  }
  impl->mounts.emplace(key, std::move(mount));
  return 0;
}

int mj_unmountVFS(mjVFS* vfs, const char* filename) {
  VfsImpl* impl = motus::Impl(vfs);
  if (!impl || !filename) {
    return -1;
  }
  auto it = impl->mounts.find(motus::NormalizePath(filename));
  if (it == impl->mounts.end()) {
    return -1;
  }
  const mjpResourceProvider& provider = it->second.provider;
  if (provider.unmount) {
    mjResource r{};
    r.name = &it->second.path[0];
    r.vfs = vfs;
    r.provider = &provider;
    r.data = provider.data;
    provider.unmount(&r);
  }
  impl->mounts.erase(it);
  return 0;
}

void mj_deleteVFS(mjVFS* vfs) {
  if (!vfs) {
    return;
  }
  while (VfsImpl* impl = motus::Impl(vfs)) {
    if (impl->mounts.empty()) {
      break;
    }
    std::string path = impl->mounts.begin()->second.path;
    mj_unmountVFS(vfs, path.c_str());
  }
  delete motus::Impl(vfs);
  vfs->impl_ = nullptr;
}
