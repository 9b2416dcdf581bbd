// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.

#include "fixture.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
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

LabeledValues ReadLabeledGolden(const std::string& path) {
  LabeledValues values;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') {
      continue;
    }
    size_t tab = line.find('\t');
    values.emplace_back(line.substr(0, tab), std::stod(line.substr(tab + 1)));
  }
  return values;
}

std::string CompareLabeled(const LabeledValues& golden, const LabeledValues& actual, double rtol) {
  std::ostringstream out;
  if (golden.empty() || actual.size() != golden.size()) {
    out << actual.size() << " values, MuJoCo " << golden.size() << "\n";
    return out.str();
  }
  int bad = 0;
  for (size_t i = 0; i < golden.size() && bad < 10; i++) {
    if (actual[i].first != golden[i].first) {
      out << "label " << actual[i].first << ", MuJoCo " << golden[i].first << "\n";
      return out.str();
    }
    double e = golden[i].second, a = actual[i].second;
    if (!(std::fabs(a - e) <= rtol * std::max(1.0, std::fabs(e)))) {
      out << golden[i].first << " = " << a << ", MuJoCo " << e << "\n";
      bad++;
    }
  }
  return out.str();
}

std::string UniqueTempPath(const std::string& name) {
  return ::testing::TempDir() + "motus_" + std::to_string(getpid()) + "_" + name;
}

std::string CompileError(const std::string& xml) {
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
  if (!spec) {
    return err;
  }
  mjModel* m = mj_compile(spec, nullptr);
  std::string msg = m ? "" : mjs_getError(spec);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
  return msg;
}

}  // namespace motus_test
