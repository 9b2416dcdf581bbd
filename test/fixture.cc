// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.

#include "fixture.h"

#include <sys/stat.h>

#include <mujoco/mujoco.h>

namespace motus_test {
namespace {

std::vector<std::string> g_errors;
std::vector<std::string> g_warnings;

void ThrowingError(const char* msg) {
  g_errors.emplace_back(msg);
  throw MujocoError{msg};
}

void RecordWarning(const char* msg) {
  g_warnings.emplace_back(msg);
}

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

}  // namespace

std::string SourcePath(const std::string& relative) {
  return std::string(MOTUS_SOURCE_DIR) + "/" + relative;
}

std::string SharedPath(const std::string& relative) {
  std::string path = std::string(MOTUS_SHARED_DIR) + "/" + relative;
  return Exists(path) ? path : std::string();
}

ScopedErrorCapture::ScopedErrorCapture() {
  clear();
  mju_user_error = ThrowingError;
  mju_user_warning = RecordWarning;
}

ScopedErrorCapture::~ScopedErrorCapture() {
  mju_user_error = nullptr;
  mju_user_warning = nullptr;
}

const std::vector<std::string>& ScopedErrorCapture::errors() const {
  return g_errors;
}
const std::vector<std::string>& ScopedErrorCapture::warnings() const {
  return g_warnings;
}

void ScopedErrorCapture::clear() {
  g_errors.clear();
  g_warnings.clear();
}

}  // namespace motus_test
