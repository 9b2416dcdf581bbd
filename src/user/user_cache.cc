// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The asset cache (APIreference_functions.rst "Asset cache"): one process-wide cache shared by
// all compilations (user_cache.h). It holds the bytes of files read from disk and, like MuJoCo's,
// processed assets: decoded textures, processed meshes and height fields made from disk files,
// each checked against its file's size, modification time and identity, and keyed by the
// processing options too. A processed asset replaces the cached bytes of its file. The least
// recently used entries are dropped to stay within the capacity (MuJoCo's default, 500 MiB);
// capacity 0 disables the cache. See doc/conformance.md#asset-cache.

#include "user/user_cache.h"

#include <sys/stat.h>

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_vfs.h"

namespace motus {
namespace {

struct CacheImpl {
  // a file's bytes (key: the path) or a processed asset (key: kind, path and options)
  struct Entry {
    FileStamp stamp;
    std::vector<uint8_t> bytes;
    std::shared_ptr<const void> asset;
    size_t nbytes = 0;                     // bytes counted against the capacity
    std::list<std::string>::iterator use;  // position in `order`
  };
  std::mutex mutex;
  size_t capacity = 524288000;
  size_t size = 0;
  std::list<std::string> order;  // most recently used first
  std::unordered_map<std::string, Entry> entries;

  void Drop(std::unordered_map<std::string, Entry>::iterator it) {
    size -= it->second.nbytes;
    order.erase(it->second.use);
    entries.erase(it);
  }
  void Fit() {
    while (size > capacity && !order.empty()) {
      Drop(entries.find(order.back()));
    }
  }
  // the entry under key if its stamp matches (then most recently used), else NULL (a stale
  // entry is dropped)
  Entry* Find(const std::string& key, const FileStamp& stamp) {
    auto it = entries.find(key);
    if (it == entries.end()) {
      return nullptr;
    }
    if (!(it->second.stamp == stamp)) {
      Drop(it);
      return nullptr;
    }
    order.splice(order.begin(), order, it->second.use);
    return &it->second;
  }
  // a new most recently used entry (replacing any under the same key), or NULL when it cannot fit
  Entry* Add(const std::string& key, const FileStamp& stamp, size_t nbytes) {
    if (nbytes > capacity) {
      return nullptr;
    }
    auto old = entries.find(key);
    if (old != entries.end()) {
      Drop(old);
    }
    order.push_front(key);
    Entry& e = entries[key];
    e.stamp = stamp;
    e.nbytes = nbytes;
    e.use = order.begin();
    size += nbytes;
    return &e;
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

bool StatFile(const std::string& path, FileStamp* stamp) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    return false;
  }
  stamp->size = static_cast<int64_t>(st.st_size);
  stamp->mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  stamp->device = static_cast<uint64_t>(st.st_dev);
  stamp->inode = static_cast<uint64_t>(st.st_ino);
  return true;
}

bool ReadDiskFileCached(const std::string& path, std::vector<uint8_t>* data) {
  FileStamp stamp;
  if (!StatFile(path, &stamp)) {
    return false;
  }
  CacheImpl* c = Impl(GlobalCache());
  {
    std::lock_guard<std::mutex> lock(c->mutex);
    if (CacheImpl::Entry* e = c->Find(path, stamp)) {
      *data = e->bytes;
      return true;
    }
  }
  // the stamp is taken before reading: if the file changes meanwhile, the entry is stale at once
  if (!ReadDiskFile(path, data)) {
    return false;
  }
  std::lock_guard<std::mutex> lock(c->mutex);
  if (CacheImpl::Entry* e = c->Add(path, stamp, data->size())) {
    e->bytes = *data;
    c->Fit();
  }
  return true;
}

std::shared_ptr<const void> FindCachedAsset(const std::string& key, const FileStamp& stamp) {
  CacheImpl* c = Impl(GlobalCache());
  std::lock_guard<std::mutex> lock(c->mutex);
  CacheImpl::Entry* e = c->Find(key, stamp);
  return e ? e->asset : nullptr;
}

void AddCachedAsset(const std::string& key, const std::string& path, const FileStamp& stamp,
                    std::shared_ptr<const void> asset, size_t bytes) {
  CacheImpl* c = Impl(GlobalCache());
  std::lock_guard<std::mutex> lock(c->mutex);
  auto file = c->entries.find(path);
  if (file != c->entries.end() && !file->second.asset) {
    c->Drop(file);
  }
  if (CacheImpl::Entry* e = c->Add(key, stamp, bytes)) {
    e->asset = std::move(asset);
    c->Fit();
  }
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
