// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_parse and mj_encode (APIreference_functions.rst "Parse and compile"): reading a spec from a
// file and writing a spec/model to a file through the registered decoders and encoders
// (programming_extension.rst, "Decoders"), with MJCF handled by the built-in XML reader.
//
// mj_parse: a name ending in ".xml" or ".urdf", or the content type "text/xml", goes to
// mj_parseXML (extensions compared case-sensitively, the content type ignored then); any other
// resource is opened (providers, VFS, disk) and given to the decoder of its content type, or of
// its extension when no content type is given.
// mj_encode: the encoder of the content type (else of the file extension) gets a resource that
// carries the file name; it reports success by returning a nonnegative byte count and setting
// the resource's data, after which its close_resource callback releases that data. MuJoCo has
// no built-in encoder.

#include <cstdio>
#include <cstring>
#include <string>

#include <mujoco/mujoco.h>

namespace {

void SetError(char* error, int error_sz, const char* msg) {
  if (error && error_sz > 0) {
    std::snprintf(error, static_cast<size_t>(error_sz), "%s", msg);
  }
}

bool EndsWith(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

}  // namespace

extern "C" {

mjSpec* mj_parse(const char* filename, const char* content_type, const mjVFS* vfs, char* error,
                 int error_sz) {
  SetError(error, error_sz, "");
  if (!filename || !filename[0]) {
    SetError(error, error_sz, "mj_parse: file name is empty");
    return nullptr;
  }
  std::string name = filename;
  bool xml = (content_type && std::strcmp(content_type, "text/xml") == 0) ||
             EndsWith(name, ".xml") || EndsWith(name, ".urdf");
  if (xml) {
    return mj_parseXML(filename, vfs, error, error_sz);
  }

  // decoders see a VFS even when the caller gave none
  mjVFS empty;
  bool own = !vfs;
  if (own) {
    mj_defaultVFS(&empty);
    vfs = &empty;
  }
  char err[512] = "";
  mjSpec* spec = nullptr;
  mjResource* resource = mju_openResource(nullptr, filename, vfs, err, sizeof(err));
  if (resource) {
    spec = mju_decodeResource(resource, content_type, vfs);
    mju_closeResource(resource);
  }
  if (own) {
    mj_deleteVFS(&empty);
  }
  if (!spec) {
    SetError(error, error_sz, "could not decode content");
  }
  return spec;
}

int mj_encode(const mjSpec* s, const mjModel* m, const char* filename, const char* content_type,
              const mjVFS* vfs, char* error, int error_sz) {
  SetError(error, error_sz, "");
  if (!filename || !filename[0]) {
    SetError(error, error_sz, "mj_encode: file name is empty");
    return -1;
  }
  const mjpEncoder* encoder = mjp_findEncoder(filename, content_type);
  if (!encoder) {
    SetError(error, error_sz, "no encoder found");
    return -1;
  }
  std::string name = filename;
  mjResource resource;
  std::memset(&resource, 0, sizeof(resource));
  resource.name = &name[0];
  int written = encoder->encode(s, m, vfs, &resource);
  if (written < 0 || !resource.data) {
    SetError(error, error_sz, "encoder failed");
    return -1;
  }
  if (encoder->close_resource) {
    encoder->close_resource(&resource);
  }
  return written;
}

}  // extern "C"
