// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the forward-dynamics tests (forward_test, actuation_test, integrator_test,
// forward_conformance_test): model loading, the oracle's deterministic random controls, and
// small independent reference computations.

#ifndef MOTUS_TEST_FORWARD_TESTUTIL_H_
#define MOTUS_TEST_FORWARD_TESTUTIL_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace motus_test {

struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};
using ModelPtr = std::unique_ptr<mjModel, ModelDeleter>;
using DataPtr = std::unique_ptr<mjData, DataDeleter>;

// mj_loadXML with a test failure (and NULL) on error
inline ModelPtr LoadModel(const std::string& path) {
  char error[1024] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  if (!m) {
    ADD_FAILURE() << "cannot load " << path << ": " << error;
  }
  return ModelPtr(m);
}

// model from an XML string (written to a temporary file)
inline ModelPtr LoadModelString(const std::string& xml) {
  char path[] = "/tmp/motus_forward_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    ADD_FAILURE() << "mkstemp failed";
    return nullptr;
  }
  FILE* f = fdopen(fd, "w");
  fputs(xml.c_str(), f);
  fclose(f);
  std::string name = std::string(path) + ".xml";
  std::rename(path, name.c_str());
  ModelPtr m = LoadModel(name);
  std::remove(name.c_str());
  return m;
}

// The oracle's --ctrl-seed controls (shared/oracle/README.md "Deterministic controls"): before
// the k-th mj_step, ctrl[j] = lo + u (hi - lo) for limited actuators, 2u - 1 otherwise, with
// u in [0, 1) from a splitmix64 hash of (seed, k, j).
inline uint64_t Mix64(uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

inline void OracleControls(const mjModel* m, mjData* d, uint64_t seed, uint64_t k) {
  for (int j = 0; j < m->nu; j++) {
    uint64_t z = Mix64(Mix64(Mix64(seed) ^ k) ^ static_cast<uint64_t>(j));
    volatile double u = static_cast<double>(z >> 11) * 0x1.0p-53;
    if (m->actuator_ctrllimited[j]) {
      double lo = m->actuator_ctrlrange[2 * j], hi = m->actuator_ctrlrange[2 * j + 1];
      volatile double span = u * (hi - lo);  // no fused multiply-add: round as the oracle
      d->ctrl[j] = lo + span;
    } else {
      d->ctrl[j] = 2 * u - 1;
    }
  }
}

// dense copy of the sparse actuator moment rows (nu x nv)
inline std::vector<double> DenseMoment(const mjModel* m, const mjData* d) {
  std::vector<double> dense(static_cast<size_t>(m->nu) * m->nv, 0.0);
  for (int i = 0; i < m->nu; i++) {
    for (int k = 0; k < d->moment_rownnz[i]; k++) {
      int adr = d->moment_rowadr[i] + k;
      dense[static_cast<size_t>(i) * m->nv + d->moment_colind[adr]] = d->actuator_moment[adr];
    }
  }
  return dense;
}

// dense nv x nv M from qM
inline std::vector<double> DenseM(const mjModel* m, const mjData* d) {
  std::vector<double> dense(static_cast<size_t>(m->nv) * m->nv);
  mj_fullM(m, dense.data(), d->qM);
  return dense;
}

}  // namespace motus_test

#endif  // MOTUS_TEST_FORWARD_TESTUTIL_H_
