// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The spec of the most recent successful mj_loadXML, kept for mj_saveLastXML and freed by
// mj_freeLastXML (APIreference_functions.rst "Parse and compile"). This is the only global state
// of the library; the API requires it. Access is serialized with a mutex.
//
// The MJCF reader calls SetLastSpec(spec) after a successful mj_loadXML, handing over a spec it no
// longer uses (a copy, or the parsed spec itself when the reader does not keep it). mj_loadModel
// of an MJB file that carries a model description calls SetLastDescription instead: the MJCF
// text is parsed and compiled (to number its elements for the copy-back) only when a spec is
// first asked for, so loading an MJB stays cheap.

#ifndef MOTUS_XML_XML_LAST_H_
#define MOTUS_XML_XML_LAST_H_

#include <mutex>
#include <string>

#include <mujoco/mujoco.h>

namespace motus {

// Replaces the stored spec, taking ownership of `spec` (may be NULL: just frees the old one, as
// mj_freeLastXML does). The previous spec is deleted with mj_deleteSpec.
void SetLastSpec(mjSpec* spec);

// Replaces the stored spec by MJCF text describing the last loaded model (see above).
void SetLastDescription(const std::string& mjcf);

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
