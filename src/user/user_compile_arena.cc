// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Default size of mjData.arena (modeling.rst, Memory allocation): "enough memory for 100 contacts
// and 500 scalar constraints, under worst-case conditions", rounded up to whole mebibytes.
//
// MuJoCo does not document its estimate, so this one is calibrated on MuJoCo's narena over a
// range of model sizes (see doc/conformance.md#arena-size for the calibration and its fit). With
// J = njmax (default 500), C = nconmax (default 100) and E = neq, the number of equality
// constraints of any type (0 when the legacy nstack is given), the estimate in bytes is
//   stack        40 (J + E)^2                 (5 numbers per row pair; replaced by 8 nstack when
//                                              the legacy nstack is given)
//   constraints  11.79 J^2 + 286.7 J + 39622  (dual matrix, rows of the constraint arrays)
//   contacts     576 (C - 100)                (one mjContact each beyond the 100 included above)
//   dofs         104.8 J nv + 40 nv^2 + 250 ntree
//   equalities   77 E nv + 200 E
//
// MuJoCo 3.8.0 counts equalities, not their rows (a weld adds as much as a joint equality), and
// counts them also when njmax is given; the equality terms were fitted on 29 models of 2 to 400
// dofs with 0 to 1500 equalities and njmax 100, 500 and 800 (all but one within the mebibyte).
#include <algorithm>
#include <cstddef>

#include <mujoco/mujoco.h>

#include "user/user_compile_internal.h"

namespace motus {

// largest default estimate, in bytes (2^53: exactly representable, and far beyond any memory)
constexpr double kMaxDefaultArena = 9007199254740992.0;

// the default arena never exceeds this (see above)
constexpr mjtSize kMaxArenaEstimate = mjtSize{1} << 30;

mjtSize DefaultArena(const mjModel& sizes, int njmax, int nconmax, mjtSize nstack, int neq) {
  const double J = njmax < 0 ? 500 : njmax;
  const double C = nconmax < 0 ? 100 : nconmax;
  const double E = nstack >= 0 ? 0 : neq;
  const double nv = static_cast<double>(sizes.nv);
  const double ntree = static_cast<double>(sizes.ntree);

  double stack = nstack >= 0 ? 8.0 * static_cast<double>(nstack) : 40.0 * (J + E) * (J + E);
  double bytes = stack + 11.79 * J * J + 286.7 * J + 39622 + 576.0 * (C - 100) + 104.8 * J * nv +
                 40.0 * nv * nv + 250.0 * ntree + 77.0 * E * nv + 200.0 * E;
  const double mib = 1048576.0;
  // njmax, nconmax and nstack near INT_MAX give estimates far beyond any machine; they are
  // rejected before the conversion to an integer (which would overflow)
  if (!(bytes <= kMaxDefaultArena)) {
    return -1;
  }
  mjtSize n = static_cast<mjtSize>(bytes / mib);
  if (static_cast<double>(n) * mib < bytes) {
    n++;
  }
  if (n < 1) {
    n = 1;
  }
  return std::min(n * 1048576, kMaxArenaEstimate);
}

}  // namespace motus
