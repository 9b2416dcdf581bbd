// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The asset cache of the compiler (user_cache.cc; the public functions are mj_getCache and
// friends). It keeps, across compilations in one process, the bytes of files read from disk and
// processed assets (decoded textures, processed meshes, height fields) made from disk files. A
// cached entry is valid while its file has the same stamp (size, modification time in
// nanoseconds, device and inode); a processed asset's key also holds every input that the
// processing reads besides the file, so that a hit gives exactly what processing would give.

#ifndef MOTUS_USER_USER_CACHE_H_
#define MOTUS_USER_USER_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include <mujoco/mjmodel.h>

namespace motus {

// identity of the contents of a disk file
struct FileStamp {
  int64_t size = -1;
  int64_t mtime_ns = 0;
  uint64_t device = 0;
  uint64_t inode = 0;
  bool operator==(const FileStamp& o) const {
    return size == o.size && mtime_ns == o.mtime_ns && device == o.device && inode == o.inode;
  }
};

// the stamp of a regular file; false when it does not exist or is not a regular file
bool StatFile(const std::string& path, FileStamp* stamp);

// The stamp of `path` when ReadResource(vfs, path, ...) reads it from disk: no resource provider
// claims the name, the VFS (may be NULL) does not hold it and it is a regular file. False
// otherwise: such a resource is not cached by the compiler.
bool DiskResourceStamp(const mjVFS* vfs, const std::string& path, FileStamp* stamp);

// The processed asset kept under `key` for a file of the given stamp, or NULL (absent, stale,
// or the cache is disabled). Keys of different kinds of assets must differ (prefix them).
std::shared_ptr<const void> FindCachedAsset(const std::string& key, const FileStamp& stamp);

// Keeps `asset` (about `bytes` bytes) under `key` for a file of the given stamp, dropping the
// least recently used entries beyond the capacity, and the cached bytes of the file `path` (the
// processed asset replaces them). Nothing is kept when the asset alone exceeds the capacity.
void AddCachedAsset(const std::string& key, const std::string& path, const FileStamp& stamp,
                    std::shared_ptr<const void> asset, size_t bytes);

// typed forms of the two functions above (T is the asset's type for this key prefix)
template <class T>
std::shared_ptr<const T> FindCached(const std::string& key, const FileStamp& stamp) {
  return std::static_pointer_cast<const T>(FindCachedAsset(key, stamp));
}

// appends the bytes of a value to a cache key (numbers are keyed bit for bit)
template <class T>
void AppendKey(std::string* key, const T& value) {
  char buf[sizeof(T)];
  std::memcpy(buf, &value, sizeof(T));
  key->append(buf, sizeof(T));
}

// appends a string to a cache key, prefixed by its length (so that keys never run together)
inline void AppendKey(std::string* key, const std::string& s) {
  AppendKey(key, static_cast<uint64_t>(s.size()));
  key->append(s);
}

}  // namespace motus

#endif  // MOTUS_USER_USER_CACHE_H_
