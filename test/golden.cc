// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.

#include "golden.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace motus_test {

Golden::Golden(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    error_ = "cannot open golden file " + path;
    return;
  }
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    lineno++;
    if (line.empty() || line[0] == '#') {
      continue;
    }
    std::istringstream ss(line);
    std::string key;
    long count = -1;
    ss >> key >> count;
    if (key.empty() || count < 0) {
      error_ = path + ":" + std::to_string(lineno) + ": malformed record";
      return;
    }
    std::vector<double> v;
    v.reserve(count);
    std::string tok;
    while (ss >> tok) {
      char* end = nullptr;
      double x = std::strtod(tok.c_str(), &end);  // accepts nan, inf, -inf
      if (*end) {
        error_ = path + ":" + std::to_string(lineno) + ": bad number '" + tok + "'";
        return;
      }
      v.push_back(x);
    }
    if (static_cast<long>(v.size()) != count) {
      error_ = path + ":" + std::to_string(lineno) + ": expected " + std::to_string(count) +
               " values for " + key;
      return;
    }
    int record = std::atoi(key.c_str());
    if (record + 1 > num_records_) {
      num_records_ = record + 1;
    }
    values_[key] = std::move(v);
  }
  ok_ = true;
}

bool Golden::has(int record, const std::string& field) const {
  return values_.count(std::to_string(record) + "." + field) > 0;
}

const std::vector<double>& Golden::get(int record, const std::string& field) const {
  static const std::vector<double> empty;
  auto it = values_.find(std::to_string(record) + "." + field);
  if (it == values_.end()) {
    ADD_FAILURE() << "golden data has no field " << field << " in record " << record;
    return empty;
  }
  return it->second;
}

::testing::AssertionResult NearArrays(const std::string& what, const double* actual, int n,
                                      const std::vector<double>& expected, double rtol,
                                      double atol) {
  if (static_cast<int>(expected.size()) != n) {
    return ::testing::AssertionFailure()
           << what << ": size " << n << ", expected " << expected.size();
  }
  int worst = -1;
  double worst_excess = 0;
  for (int i = 0; i < n; i++) {
    double e = expected[i], a = actual[i];
    if (std::isnan(e) || std::isnan(a)) {
      if (std::isnan(e) != std::isnan(a)) {
        return ::testing::AssertionFailure() << what << "[" << i << "]: " << a << " vs " << e;
      }
      continue;
    }
    if (std::isinf(e) || std::isinf(a)) {
      if (a != e) {
        return ::testing::AssertionFailure() << what << "[" << i << "]: " << a << " vs " << e;
      }
      continue;
    }
    double tol = std::fmax(rtol * std::fabs(e), atol);
    double excess = std::fabs(a - e) / tol;
    if (excess > 1 && excess > worst_excess) {
      worst_excess = excess;
      worst = i;
    }
  }
  if (worst >= 0) {
    std::ostringstream msg;
    msg.precision(17);
    msg << what << "[" << worst << "]: got " << actual[worst] << ", expected " << expected[worst]
        << " (error " << std::fabs(actual[worst] - expected[worst]) << " is " << worst_excess
        << " x the tolerance)";
    return ::testing::AssertionFailure() << msg.str();
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult EqualIntArrays(const std::string& what, const int* actual, int n,
                                          const std::vector<double>& expected) {
  if (static_cast<int>(expected.size()) != n) {
    return ::testing::AssertionFailure()
           << what << ": size " << n << ", expected " << expected.size();
  }
  for (int i = 0; i < n; i++) {
    if (actual[i] != expected[i]) {
      return ::testing::AssertionFailure()
             << what << "[" << i << "]: got " << actual[i] << ", expected " << expected[i];
    }
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult ContactsMatch(const mjData* d, const Golden& g, double atol,
                                         double normal_atol) {
  const std::vector<double>& ncon = g.get(0, "ncon");
  if (ncon.empty() || d->ncon != static_cast<int>(ncon[0])) {
    return ::testing::AssertionFailure()
           << "ncon " << d->ncon << ", expected " << (ncon.empty() ? -1 : ncon[0]);
  }
  std::vector<int> geom;
  std::vector<double> dist, pos, normal;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    geom.push_back(c.geom1);
    geom.push_back(c.geom2);
    dist.push_back(c.dist);
    for (int k = 0; k < 3; k++) {
      pos.push_back(c.pos[k]);
      normal.push_back(c.frame[k]);
    }
  }
  int n = d->ncon;
  ::testing::AssertionResult r =
      EqualIntArrays("geom", geom.data(), static_cast<int>(geom.size()), g.get(0, "geom"));
  if (r) {
    r = NearArrays("dist", dist.data(), n, g.get(0, "dist"), 0, atol);
  }
  if (r) {
    r = NearArrays("pos", pos.data(), 3 * n, g.get(0, "pos"), 0, atol);
  }
  if (r) {
    r = NearArrays("normal", normal.data(), 3 * n, g.get(0, "normal"), 0, normal_atol);
  }
  return r;
}

}  // namespace motus_test
