// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Resources (APIreference_functions.rst "Resources"): a named byte stream opened by
//   1. the resource provider registered for the name's prefix ("prefix:..."; the directory is
//      not prepended to such names), else
//   2. a provider mounted on the VFS on a path that starts the name (mj_mountVFS), else
//   3. a file of the VFS, else
//   4. a file on disk.
// The resource owns its bytes for files and VFS entries; providers keep their own. Time stamps:
// files have the base64 encoding of their modification time (8 bytes, little endian), VFS
// entries that of a 64-bit FNV-1a hash of their contents; a provider may write its own in open.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_vfs.h"

namespace motus {
namespace {

// an open resource and what it owns
struct ResourceBox {
  mjResource resource{};
  std::string name;
  std::vector<uint8_t> bytes;  // files and VFS entries
};

ResourceBox* Box(mjResource* r) {
  return reinterpret_cast<ResourceBox*>(r);  // mjResource is the first member
}

void Base64(const uint8_t* in, int n, char* out) {
  static const char kTable[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  int o = 0;
  for (int i = 0; i < n; i += 3) {
    uint32_t v = static_cast<uint32_t>(in[i]) << 16;
    v |= i + 1 < n ? static_cast<uint32_t>(in[i + 1]) << 8 : 0;
    v |= i + 2 < n ? static_cast<uint32_t>(in[i + 2]) : 0;
    out[o++] = kTable[(v >> 18) & 63];
    out[o++] = kTable[(v >> 12) & 63];
    out[o++] = i + 1 < n ? kTable[(v >> 6) & 63] : '=';
    out[o++] = i + 2 < n ? kTable[v & 63] : '=';
  }
  out[o] = 0;
}

void Stamp(uint64_t value, char timestamp[512]) {
  uint8_t bytes[8];
  for (int k = 0; k < 8; k++) {
    bytes[k] = static_cast<uint8_t>(value >> (8 * k));
  }
  Base64(bytes, 8, timestamp);
}

uint64_t Fnv1a(const std::vector<uint8_t>& data) {
  uint64_t h = 1469598103934665603ull;
  for (uint8_t b : data) {
    h = (h ^ b) * 1099511628211ull;
  }
  return h;
}

void SetError(char* error, size_t nerror, const std::string& msg) {
  if (error && nerror > 0) {
    std::snprintf(error, nerror, "%s", msg.c_str());
  }
}

ResourceBox* NewBox(const std::string& name, const mjVFS* vfs) {
  auto* box = new ResourceBox;
  box->name = name;
  box->resource.name = &box->name[0];
  box->resource.vfs = const_cast<mjVFS*>(vfs);
  return box;
}

}  // namespace

bool ReadProviderResource(const mjpResourceProvider* provider, const mjVFS* vfs,
                          const std::string& name, std::vector<uint8_t>* data, std::string* error) {
  char err[512] = "";
  mjResource* r = mju_openResource(nullptr, name.c_str(), vfs, err, sizeof(err));
  (void)provider;
  if (!r) {
    if (error) {
      *error = err;
    }
    return false;
  }
  const void* buffer = nullptr;
  int n = mju_readResource(r, &buffer);
  if (n < 0 || (n > 0 && !buffer)) {
    mju_closeResource(r);
    if (error) {
      *error = "could not read resource '" + name + "'";
    }
    return false;
  }
  const uint8_t* bytes = static_cast<const uint8_t*>(buffer);
  data->assign(bytes, bytes + n);
  mju_closeResource(r);
  return true;
}

}  // namespace motus

using motus::ResourceBox;

mjResource* mju_openResource(const char* dir, const char* name, const mjVFS* vfs, char* error,
                             size_t nerror) {
  motus::SetError(error, nerror, "");
  if (!name || !name[0]) {
    motus::SetError(error, nerror, "resource name is empty");
    return nullptr;
  }

  // providers: by prefix (the name as given), or mounted on the VFS (the full path)
  const mjpResourceProvider* provider = mjp_getResourceProvider(name);
  std::string full = provider ? name : motus::JoinPath(dir ? dir : "", name);
  if (!provider) {
    provider = motus::VfsMount(vfs, full);
  }
  if (provider) {
    ResourceBox* box = motus::NewBox(full, vfs);
    box->resource.provider = provider;
    box->resource.data = provider->data;
    if (!provider->open(&box->resource)) {
      motus::SetError(error, nerror, "Error opening resource '" + full + "'");
      delete box;
      return nullptr;
    }
    return &box->resource;
  }

  // VFS, then disk
  if (const std::vector<uint8_t>* bytes = motus::VfsFind(vfs, full)) {
    ResourceBox* box = motus::NewBox(full, vfs);
    box->bytes = *bytes;
    motus::Stamp(motus::Fnv1a(box->bytes), box->resource.timestamp);
    return &box->resource;
  }
  std::vector<uint8_t> bytes;
  int64_t mtime = 0;
  if (!motus::ReadDiskFileStamped(full, &bytes, &mtime)) {
    motus::SetError(error, nerror, "Error opening file '" + full + "'");
    return nullptr;
  }
  ResourceBox* box = motus::NewBox(full, vfs);
  box->bytes = std::move(bytes);
  motus::Stamp(static_cast<uint64_t>(mtime), box->resource.timestamp);
  return &box->resource;
}

void mju_closeResource(mjResource* resource) {
  if (!resource) {
    return;
  }
  if (resource->provider && resource->provider->close) {
    resource->provider->close(resource);
  }
  delete motus::Box(resource);
}

int mju_readResource(mjResource* resource, const void** buffer) {
  if (!resource || !buffer) {
    return -1;
  }
  if (resource->provider) {
    return resource->provider->read(resource, buffer);
  }
  ResourceBox* box = motus::Box(resource);
  *buffer = box->bytes.empty() ? nullptr : box->bytes.data();
  return static_cast<int>(box->bytes.size());
}

// the directory of a resource name: up to the last '/' or '\'; for "prefix:name" without one,
// the prefix and its ':'
void mju_getResourceDir(mjResource* resource, const char** dir, int* ndir) {
  if (dir) {
    *dir = nullptr;
  }
  if (ndir) {
    *ndir = 0;
  }
  if (!resource || !resource->name || !dir || !ndir) {
    return;
  }
  const char* name = resource->name;
  const char* slash = std::strrchr(name, '/');
  const char* back = std::strrchr(name, '\\');
  const char* last = slash > back ? slash : back;
  if (!last && resource->provider) {
    last = std::strchr(name, ':');
  }
  *dir = name;
  *ndir = last ? static_cast<int>(last - name + 1) : 0;
}

int mju_isModifiedResource(const mjResource* resource, const char* timestamp) {
  if (!resource) {
    return 1;
  }
  if (resource->provider && resource->provider->modified) {
    return resource->provider->modified(resource, timestamp);
  }
  return std::strcmp(resource->timestamp, timestamp ? timestamp : "") == 0 ? 0 : 1;
}

mjSpec* mju_decodeResource(mjResource* resource, const char* content_type, const mjVFS* vfs) {
  const mjpDecoder* decoder = mjp_findDecoder(resource, content_type);
  if (!decoder) {
    // MuJoCo's wording
    mju_warning("Could not find decoder for resource '%s'",
                resource && resource->name ? resource->name : "");
    return nullptr;
  }
  return decoder->decode(resource, vfs);
}
