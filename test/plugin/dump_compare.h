// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compares the text of a dump (a printer shared with a golden writer built against MuJoCo
// 3.8.0) with its golden file, line by line: the golden's empty and '#' lines are skipped; words
// must be equal, numbers within `tol` absolute (0: equal values, so a float printed with 9 digits
// must be the same float). Reports up to 5 differing lines. Header-only, for the plugin tests.

#ifndef MOTUS_TEST_PLUGIN_DUMP_COMPARE_H_
#define MOTUS_TEST_PLUGIN_DUMP_COMPARE_H_

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace motus_test {

inline bool SameDumpLine(const std::string& want, const std::string& got, double tol) {
  std::istringstream a(want), b(got);
  std::string x, y;
  while (a >> x) {
    if (!(b >> y)) {
      return false;
    }
    char* end = nullptr;
    double u = std::strtod(x.c_str(), &end);
    bool number = end && *end == '\0' && !x.empty();
    if (number ? !(std::fabs(u - std::strtod(y.c_str(), nullptr)) <= tol) : x != y) {
      return false;
    }
  }
  return !(b >> y);
}

inline void ExpectDumpMatchesGolden(const std::string& dump, const std::string& golden_path,
                                    double tol) {
  std::istringstream actual(dump);
  std::ifstream expected(golden_path);
  ASSERT_TRUE(expected.good()) << "cannot read " << golden_path;
  std::string want, got;
  int line = 0, bad = 0;
  while (std::getline(expected, want)) {
    if (want.empty() || want[0] == '#') {
      continue;
    }
    line++;
    ASSERT_TRUE(std::getline(actual, got))
        << golden_path << ": missing line " << line << ": " << want;
    if (!SameDumpLine(want, got, tol) && bad++ < 5) {
      ADD_FAILURE() << golden_path << " line " << line << "\n  MuJoCo: " << want
                    << "\n  Motus:  " << got;
    }
  }
  EXPECT_EQ(bad, 0) << golden_path << ": of " << line << " lines";
  EXPECT_FALSE(std::getline(actual, got)) << golden_path << ": extra line: " << got;
}

}  // namespace motus_test

#endif  // MOTUS_TEST_PLUGIN_DUMP_COMPARE_H_
