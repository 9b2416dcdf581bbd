// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The asset cache (APIreference_functions.rst "Asset cache"): one process-wide cache shared by
// all compilations. Motus caches the bytes of asset files read from disk, keyed by path and
// checked against the file's size and modification time, so that compiling models that share
// meshes, textures and height fields reads each file once. The least recently used files are
// dropped to stay within the capacity (MuJoCo's default, 500 MiB); capacity 0 disables it.
// MuJoCo caches processed assets instead: see doc/conformance.md#asset-cache.

#include <sys/stat.h>

#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_vfs.h"

namespace motus {
namespace {

struct CacheImpl {
  struct Entry {
    int64_t mtime = 0;
    std::vector<uint8_t> bytes;
    std::list<std::string>::iterator use;  // position in `order`
  };
  std::mutex mutex;
  size_t capacity = 524288000;
  size_t size = 0;
  std::list<std::string> order;  // most recently used first
  std::unordered_map<std::string, Entry> entries;

  void Drop(std::unordered_map<std::string, Entry>::iterator it) {
    size -= it->second.bytes.size();
    order.erase(it->second.use);
    entries.erase(it);
  }
  void Fit() {
    while (size > capacity && !order.empty()) {
      Drop(entries.find(order.back()));
    }
  }
};

mjCache* GlobalCache() {
  static CacheImpl impl;
  static mjCache cache = {&impl};
  return &cache;
}

CacheImpl* Impl(const mjCache* cache) {
  return cache ? static_cast<CacheImpl*>(cache->impl_) : nullptr;
}

}  // namespace

bool ReadDiskFileCached(const std::string& path, std::vector<uint8_t>* data) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    return false;
  }
  CacheImpl* c = Impl(GlobalCache());
  int64_t mtime = static_cast<int64_t>(st.st_mtime);
  size_t nbytes = static_cast<size_t>(st.st_size);
  {
    std::lock_guard<std::mutex> lock(c->mutex);
    auto it = c->entries.find(path);
    if (it != c->entries.end()) {
      if (it->second.mtime == mtime && it->second.bytes.size() == nbytes) {
        c->order.splice(c->order.begin(), c->order, it->second.use);
        *data = it->second.bytes;
        return true;
      }
      c->Drop(it);  // the file changed
    }
  }
  if (!ReadDiskFileStamped(path, data, &mtime)) {
    return false;
  }
  std::lock_guard<std::mutex> lock(c->mutex);
  if (data->size() <= c->capacity && !c->entries.count(path)) {
    c->order.push_front(path);
    CacheImpl::Entry& e = c->entries[path];
    e.mtime = mtime;
    e.bytes = *data;
    e.use = c->order.begin();
    c->size += data->size();
    c->Fit();
  }
  return true;
}

}  // namespace motus

mjCache* mj_getCache(void) {
  return motus::GlobalCache();
}

size_t mj_getCacheSize(const mjCache* cache) {
  motus::CacheImpl* c = motus::Impl(cache);
  if (!c) {
    return 0;
  }
  std::lock_guard<std::mutex> lock(c->mutex);
  return c->size;
}

size_t mj_getCacheCapacity(const mjCache* cache) {
  motus::CacheImpl* c = motus::Impl(cache);
  if (!c) {
    return 0;
  }
  std::lock_guard<std::mutex> lock(c->mutex);
  return c->capacity;
}

size_t mj_setCacheCapacity(mjCache* cache, size_t size) {
  motus::CacheImpl* c = motus::Impl(cache);
  if (!c) {
    return 0;
  }
  std::lock_guard<std::mutex> lock(c->mutex);
  c->capacity = size;
  c->Fit();
  return c->capacity;
}

void mj_clearCache(mjCache* cache) {
  motus::CacheImpl* c = motus::Impl(cache);
  if (!c) {
    return;
  }
  std::lock_guard<std::mutex> lock(c->mutex);
  c->entries.clear();
  c->order.clear();
  c->size = 0;
}
