// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The spec of the most recent successful mj_loadXML, kept for mj_saveLastXML and freed by
// mj_freeLastXML (APIreference_functions.rst "Parse and compile"). This is the only global state
// of the library; the API requires it. Access is serialized with a mutex.
//
// The MJCF reader calls SetLastSpec(spec) after a successful mj_loadXML, handing over a spec it no
// longer uses (a copy, or the parsed spec itself when the reader does not keep it).

#ifndef MOTUS_XML_XML_LAST_H_
#define MOTUS_XML_XML_LAST_H_

#include <mutex>

#include <mujoco/mujoco.h>

namespace motus {

// Replaces the stored spec, taking ownership of `spec` (may be NULL: just frees the old one, as
// mj_freeLastXML does). The previous spec is deleted with mj_deleteSpec.
void SetLastSpec(mjSpec* spec);

// The stored spec (NULL if none). The pointer stays valid until the next SetLastSpec; use
// LastSpecLock when another thread may load a model at the same time.
mjSpec* LastSpec();

// Holds the lock of the stored spec for the lifetime of the object.
class LastSpecLock {
 public:
  LastSpecLock();
  mjSpec* spec() const;

 private:
  std::unique_lock<std::mutex> lock_;
};

}  // namespace motus

#endif  // MOTUS_XML_XML_LAST_H_
