// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Storage of the last spec loaded with mj_loadXML (see xml_last.h).

#include "xml/xml_last.h"

#include <mutex>

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

}  // namespace

void SetLastSpec(mjSpec* spec) {
  mjSpec* old = nullptr;
  {
    std::lock_guard<std::mutex> lock(LastMutex());
    old = LastSlot();
    LastSlot() = spec;
  }
  if (old && old != spec) mj_deleteSpec(old);
}

mjSpec* LastSpec() {
  std::lock_guard<std::mutex> lock(LastMutex());
  return LastSlot();
}

LastSpecLock::LastSpecLock() : lock_(LastMutex()) {}

mjSpec* LastSpecLock::spec() const { return LastSlot(); }

}  // namespace motus
