// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Storage of the last spec loaded with mj_loadXML, or of the description carried by the last
// MJB loaded with mj_loadModel (see xml_last.h).

#include "xml/xml_last.h"

#include <mutex>
#include <string>

#include <mujoco/mujoco.h>

namespace motus {
namespace {

std::mutex& LastMutex() {
  static std::mutex mutex;
  return mutex;
}

mjSpec*& LastSlot() {
  static mjSpec* spec = nullptr;
  return spec;
}

// MJCF text waiting to become the stored spec (empty when there is none)
std::string& PendingText() {
  static std::string text;
  return text;
}

// the stored spec, parsing and compiling pending text first; the caller holds the lock
mjSpec* ResolveLocked() {
  std::string& text = PendingText();
  if (!LastSlot() && !text.empty()) {
    char error[1000] = "";
    mjSpec* spec = mj_parseXMLString(text.c_str(), nullptr, error, sizeof(error));
    text.clear();
    if (!spec) {
      mju_warning("model description of the loaded MJB does not parse: %s", error);
      return nullptr;
    }
    mjModel* m = mj_compile(spec, nullptr);  // numbers the elements for the copy-back
    if (!m) {
      mju_warning("model description of the loaded MJB does not compile: %s", mjs_getError(spec));
      mj_deleteSpec(spec);
      return nullptr;
    }
    mj_deleteModel(m);
    LastSlot() = spec;
  }
  return LastSlot();
}

}  // namespace

void SetLastSpec(mjSpec* spec) {
  mjSpec* old = nullptr;
  {
    std::lock_guard<std::mutex> lock(LastMutex());
    old = LastSlot();
    LastSlot() = spec;
    PendingText().clear();
  }
  if (old && old != spec) {
    mj_deleteSpec(old);
  }
}

void SetLastDescription(const std::string& mjcf) {
  mjSpec* old = nullptr;
  {
    std::lock_guard<std::mutex> lock(LastMutex());
    old = LastSlot();
    LastSlot() = nullptr;
    PendingText() = mjcf;
  }
  if (old) {
    mj_deleteSpec(old);
  }
}

mjSpec* LastSpec() {
  std::lock_guard<std::mutex> lock(LastMutex());
  return ResolveLocked();
}

LastSpecLock::LastSpecLock() : lock_(LastMutex()) {}

mjSpec* LastSpecLock::spec() const {
  return ResolveLocked();
}

}  // namespace motus
