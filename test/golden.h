// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Golden reference data produced by tools/gen_golden.py from the MuJoCo 3.3.8 oracle, and the
// comparison helpers the conformance tests use.

#ifndef MOTUS_TEST_GOLDEN_H_
#define MOTUS_TEST_GOLDEN_H_

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

namespace motus_test {

// One golden file: "<record>.<field>" -> values.
class Golden {
 public:
  // Loads `path`; on failure ok() is false and error() says why.
  explicit Golden(const std::string& path);
  bool ok() const { return ok_; }
  const std::string& error() const { return error_; }
  bool has(int record, const std::string& field) const;
  // values of a field; an empty vector (and a test failure) if absent
  const std::vector<double>& get(int record, const std::string& field) const;
  int num_records() const { return num_records_; }

 private:
  std::map<std::string, std::vector<double>> values_;
  bool ok_ = false;
  std::string error_;
  int num_records_ = 0;
};

// Compares actual[0..n) with expected element-wise: |a - e| <= max(rtol * |e|, atol), and the
// sizes must agree. On failure the message names the field, the worst index and both values.
::testing::AssertionResult NearArrays(const std::string& what, const double* actual, int n,
                                      const std::vector<double>& expected, double rtol,
                                      double atol);

// Same for integer arrays (exact).
::testing::AssertionResult EqualIntArrays(const std::string& what, const int* actual, int n,
                                          const std::vector<double>& expected);

// The contacts of d against record 0 of a golden holding ncon, geom (geom1, geom2 per contact),
// dist, pos and normal (frame[0..2]), in the same order: count and geoms exact, dist and pos
// within atol, normals within normal_atol.
::testing::AssertionResult ContactsMatch(const mjData* d, const Golden& g, double atol,
                                         double normal_atol);

}  // namespace motus_test

#endif  // MOTUS_TEST_GOLDEN_H_
