// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The model values that print_test's Sizes tests compare with MuJoCo 3.8.0's, as text lines:
// nemax, nJfv, flex_bandwidth, the flexvert_J sparsity and the quaternions of bodies, inertial
// frames, geoms and sites printed with "%g" (so that the sign of a zero shows). Shared by the
// generator (make_sizes.cc, built against MuJoCo) and the test (built against Motus).

#ifndef MOTUS_TEST_DATA_PRINT_SIZES_DUMP_H_
#define MOTUS_TEST_DATA_PRINT_SIZES_DUMP_H_

#include <cstdio>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace sizes_dump {

inline std::string Ints(const char* name, const int* v, long long n) {
  std::string s = name;
  char buf[32];
  for (long long i = 0; i < n; i++) {
    std::snprintf(buf, sizeof(buf), " %d", v[i]);
    s += buf;
  }
  return s;
}

inline void Quats(std::vector<std::string>* out, const char* name, const mjtNum* q, long long n) {
  char buf[200];
  for (long long i = 0; i < n; i++) {
    std::snprintf(buf, sizeof(buf), "%s %lld: %g %g %g %g", name, i, q[4 * i], q[4 * i + 1],
                  q[4 * i + 2], q[4 * i + 3]);
    out->push_back(buf);
  }
}

inline std::vector<std::string> Lines(const mjModel* m) {
  std::vector<std::string> out;
  char buf[100];
  std::snprintf(buf, sizeof(buf), "nemax %lld", static_cast<long long>(m->nemax));
  out.push_back(buf);
  std::snprintf(buf, sizeof(buf), "nJfv %lld", static_cast<long long>(m->nJfv));
  out.push_back(buf);
  out.push_back(Ints("flex_bandwidth", m->flex_bandwidth, m->nflex));
  out.push_back(Ints("flexvert_J_rownnz", m->flexvert_J_rownnz, 2 * m->nflexvert));
  out.push_back(Ints("flexvert_J_rowadr", m->flexvert_J_rowadr, 2 * m->nflexvert));
  out.push_back(Ints("flexvert_J_colind", m->flexvert_J_colind, 2 * m->nJfv));
  Quats(&out, "body_quat", m->body_quat, m->nbody);
  Quats(&out, "body_iquat", m->body_iquat, m->nbody);
  Quats(&out, "geom_quat", m->geom_quat, m->ngeom);
  Quats(&out, "site_quat", m->site_quat, m->nsite);
  return out;
}

}  // namespace sizes_dump

#endif  // MOTUS_TEST_DATA_PRINT_SIZES_DUMP_H_
