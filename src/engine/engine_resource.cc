// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Registries of resource providers, decoders and encoders (programming_extension.rst
// "Resource providers", "Decoders"; APIreference_functions.rst "Plugins"). Each registration
// copies the struct (the strings it points to must outlive the process, as for plugins);
// registering an identical entry again returns / keeps the existing one. Resource provider
// slots start at 1.
//   provider prefix   a URI scheme: a letter, then letters, digits, '+', '-' or '.'; a resource
//                     name "prefix:rest" (prefix matched without regard to case) is opened by it
//   decoder           found by content type, else by the extension of the resource name (a
//                     '|'-separated list, case-insensitive), and its can_decode if it has one

#include <cctype>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

namespace {

std::mutex g_resource_mutex;
std::deque<mjpResourceProvider> g_providers;  // slot = index + 1; deque: stable addresses
std::deque<mjpDecoder> g_decoders;
std::deque<mjpEncoder> g_encoders;

bool validScheme(const char* prefix) {
  if (!prefix || !std::isalpha(static_cast<unsigned char>(prefix[0]))) {
    return false;
  }
  for (const char* c = prefix; *c; c++) {
    unsigned char u = static_cast<unsigned char>(*c);
    if (!std::isalnum(u) && u != '+' && u != '-' && u != '.') {
      return false;
    }
  }
  return true;
}

bool equalNoCase(const char* a, const char* b, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

bool sameText(const char* a, const char* b) {
  return (!a || !b) ? a == b : std::strcmp(a, b) == 0;
}

bool sameProvider(const mjpResourceProvider& a, const mjpResourceProvider& b) {
  return sameText(a.prefix, b.prefix) && a.open == b.open && a.read == b.read &&
         a.close == b.close && a.mount == b.mount && a.unmount == b.unmount &&
         a.modified == b.modified && a.data == b.data;
}

// does the file name end with one of the '|'-separated extensions (case-insensitive)
bool matchesExtension(const char* name, const char* extensions) {
  if (!name || !extensions) {
    return false;
  }
  size_t n = std::strlen(name);
  const char* p = extensions;
  while (*p) {
    const char* end = std::strchr(p, '|');
    size_t len = end ? static_cast<size_t>(end - p) : std::strlen(p);
    if (len > 0 && len <= n && equalNoCase(name + n - len, p, len)) {
      return true;
    }
    if (!end) {
      break;
    }
    p = end + 1;
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// resource providers

void mjp_defaultResourceProvider(mjpResourceProvider* provider) {
  if (provider) {
    std::memset(provider, 0, sizeof(mjpResourceProvider));
  }
}

int mjp_registerResourceProvider(const mjpResourceProvider* provider) {
  if (!provider || !validScheme(provider->prefix)) {
    mju_warning("provider->prefix is '%s', which is not a valid URI scheme",
                provider && provider->prefix ? provider->prefix : "(null)");
    return -1;
  }
  if (!provider->open || !provider->read || !provider->close) {
    mju_warning("resource provider '%s' must define the open, read and close callbacks",
                provider->prefix);
    return -1;
  }
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  for (size_t i = 0; i < g_providers.size(); i++) {
    const mjpResourceProvider& p = g_providers[i];
    if (sameProvider(p, *provider)) {
      return static_cast<int>(i) + 1;
    }
    size_t n = std::strlen(p.prefix);
    if (n == std::strlen(provider->prefix) && equalNoCase(p.prefix, provider->prefix, n)) {
      mju_warning("a different resource provider with prefix '%s' is already registered",
                  provider->prefix);
      return -1;
    }
  }
  g_providers.push_back(*provider);
  return static_cast<int>(g_providers.size());
}

int mjp_resourceProviderCount(void) {
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  return static_cast<int>(g_providers.size());
}

const mjpResourceProvider* mjp_getResourceProvider(const char* resource_name) {
  if (!resource_name) {
    return nullptr;
  }
  const char* colon = std::strchr(resource_name, ':');
  if (!colon || colon == resource_name) {
    return nullptr;
  }
  size_t n = static_cast<size_t>(colon - resource_name);
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  for (const mjpResourceProvider& p : g_providers) {
    if (std::strlen(p.prefix) == n && equalNoCase(p.prefix, resource_name, n)) {
      return &p;
    }
  }
  return nullptr;
}

const mjpResourceProvider* mjp_getResourceProviderAtSlot(int slot) {
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  if (slot < 1 || slot > static_cast<int>(g_providers.size())) {
    return nullptr;
  }
  return &g_providers[slot - 1];
}

// ---------------------------------------------------------------------------------------------
// decoders and encoders

void mjp_defaultDecoder(mjpDecoder* decoder) {
  if (decoder) {
    std::memset(decoder, 0, sizeof(mjpDecoder));
  }
}

void mjp_registerDecoder(const mjpDecoder* decoder) {
  if (!decoder || !decoder->content_type || !decoder->decode) {
    mjERROR("a decoder needs a content type and a decode callback");
    return;
  }
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  for (const mjpDecoder& d : g_decoders) {
    if (std::strcmp(d.content_type, decoder->content_type) == 0) {
      if (sameText(d.extension, decoder->extension) && d.can_decode == decoder->can_decode &&
          d.decode == decoder->decode) {
        return;
      }
      mjERROR("a different decoder for '%s' is already registered", decoder->content_type);
      return;
    }
  }
  g_decoders.push_back(*decoder);
}

const mjpDecoder* mjp_findDecoder(const mjResource* resource, const char* content_type) {
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  for (const mjpDecoder& d : g_decoders) {
    bool match = content_type && content_type[0]
                     ? std::strcmp(d.content_type, content_type) == 0
                     : resource && matchesExtension(resource->name, d.extension);
    if (match && (!d.can_decode || !resource || d.can_decode(resource))) {
      return &d;
    }
  }
  return nullptr;
}

void mjp_defaultEncoder(mjpEncoder* encoder) {
  if (encoder) {
    std::memset(encoder, 0, sizeof(mjpEncoder));
  }
}

void mjp_registerEncoder(const mjpEncoder* encoder) {
  if (!encoder || !encoder->content_type || !encoder->encode) {
    mjERROR("an encoder needs a content type and an encode callback");
    return;
  }
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  for (const mjpEncoder& e : g_encoders) {
    if (std::strcmp(e.content_type, encoder->content_type) == 0) {
      if (sameText(e.extension, encoder->extension) && e.encode == encoder->encode &&
          e.close_resource == encoder->close_resource) {
        return;
      }
      mjERROR("a different encoder for '%s' is already registered", encoder->content_type);
      return;
    }
  }
  g_encoders.push_back(*encoder);
}

const mjpEncoder* mjp_findEncoder(const char* filename, const char* content_type) {
  std::lock_guard<std::mutex> lock(g_resource_mutex);
  for (const mjpEncoder& e : g_encoders) {
    bool match = content_type && content_type[0] ? std::strcmp(e.content_type, content_type) == 0
                                                 : matchesExtension(filename, e.extension);
    if (match) {
      return &e;
    }
  }
  return nullptr;
}
