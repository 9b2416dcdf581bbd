// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers shared by the tests: paths to test data, labeled golden values, and error/warning
// capture.

#ifndef MOTUS_TEST_FIXTURE_H_
#define MOTUS_TEST_FIXTURE_H_

#include <string>
#include <utility>
#include <vector>

namespace motus_test {

// absolute path of a file in the source tree, e.g. SourcePath("model/humanoid.xml")
std::string SourcePath(const std::string& relative);

// a path in GoogleTest's temporary directory that no other test process uses at the same time:
// the name carries the process id (several build trees may run the suite on one machine at once)
std::string UniqueTempPath(const std::string& name);

// absolute path of a file under ../shared, or "" when ../shared is absent (the test should then
// GTEST_SKIP(): a user's clone has no ../shared)
std::string SharedPath(const std::string& relative);

// A golden file of "label<TAB>value" lines ('#' lines are provenance), as written by the
// generators that replay a scenario against MuJoCo (test/data/history, test/data/sleep).
using LabeledValues = std::vector<std::pair<std::string, double>>;
LabeledValues ReadLabeledGolden(const std::string& path);

// Differences of `actual` from `golden` (same labels in the same order, values within
// rtol * max(1, |golden|)), one line each and at most 10; "" when they agree.
std::string CompareLabeled(const LabeledValues& golden, const LabeledValues& actual, double rtol);

// Parses and compiles an MJCF string: "" when it compiles, else the parser's or compiler's error.
std::string CompileError(const std::string& xml);

// Installs mju_user_error / mju_user_warning handlers for the lifetime of the object. An error
// throws (so a test can EXPECT_THROW on it) and is recorded; warnings are recorded.
class ScopedErrorCapture {
 public:
  ScopedErrorCapture();
  ~ScopedErrorCapture();
  const std::vector<std::string>& errors() const;
  const std::vector<std::string>& warnings() const;
  void clear();
};

// thrown by the error handler installed by ScopedErrorCapture
struct MujocoError {
  std::string message;
};

}  // namespace motus_test

#endif  // MOTUS_TEST_FIXTURE_H_
