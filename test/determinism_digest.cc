// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// determinism_digest: simulates every model given on the command line for a fixed number of
// steps and prints, per model, a 64-bit FNV-1a hash of the exact bits of the state and of the
// main outputs after every step (qpos, qvel, act, qacc, qfrc_constraint, efc_force, sensordata,
// time), with the final contact and constraint counts.
//
// The test build compiles this program twice: linked against libmujoco.so as shipped (optimized,
// link-time optimized, AVX or SSE2 kernels chosen at run time) and against a copy of the library
// built at -O0 with the scalar form of the kernels (MOTUS_NO_SIMD). The determinism test runs the
// first with and without MOTUS_NO_AVX=1 and the second once, and requires the three outputs to
// be identical: the optimizer and the vector kernels may not change a single bit of a result.
//
//   determinism_digest NSTEP MODEL.xml...

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <mujoco/mujoco.h>

namespace {

struct Hash {
  uint64_t h = 1469598103934665603ULL;
  void Add(const void* data, size_t bytes) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < bytes; i++) {
      h = (h ^ p[i]) * 1099511628211ULL;
    }
  }
  void AddArray(const mjtNum* x, long n) {
    if (n > 0) {
      Add(x, sizeof(mjtNum) * static_cast<size_t>(n));
    }
  }
};

// controls in the middle of the range plus a deterministic excursion that changes every step
void SetControl(const mjModel* m, mjData* d, int step) {
  for (int j = 0; j < m->nu; j++) {
    mjtNum center = 0, half = 1;
    if (m->actuator_ctrllimited[j]) {
      center = 0.5 * (m->actuator_ctrlrange[2 * j] + m->actuator_ctrlrange[2 * j + 1]);
      half = 0.5 * (m->actuator_ctrlrange[2 * j + 1] - m->actuator_ctrlrange[2 * j]);
    }
    d->ctrl[j] = center + 0.3 * half * (2 * mju_Halton(step + 1, j + 2) - 1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: determinism_digest NSTEP MODEL.xml...\n");
    return 2;
  }
  int nstep = std::atoi(argv[1]);
  int status = 0;
  for (int f = 2; f < argc; f++) {
    char error[1000] = "";
    mjModel* m = mj_loadXML(argv[f], nullptr, error, sizeof(error));
    const char* name = std::strrchr(argv[f], '/') ? std::strrchr(argv[f], '/') + 1 : argv[f];
    if (!m) {
      std::printf("%s: load error: %s\n", name, error);
      status = 1;
      continue;
    }
    mjData* d = mj_makeData(m);
    Hash hash;
    long ncon = 0, nefc = 0;
    for (int k = 0; k < nstep; k++) {
      SetControl(m, d, k);
      mj_step(m, d);
      hash.AddArray(d->qpos, m->nq);
      hash.AddArray(d->qvel, m->nv);
      hash.AddArray(d->act, m->na);
      hash.AddArray(d->qacc, m->nv);
      hash.AddArray(d->qfrc_constraint, m->nv);
      hash.AddArray(d->efc_force, d->nefc);
      hash.AddArray(d->sensordata, m->nsensordata);
      hash.AddArray(&d->time, 1);
      ncon += d->ncon;
      nefc += d->nefc;
    }
    std::printf("%s: %d steps, contacts %ld, constraints %ld, digest %016llx, qpos[0] %.17g\n",
                name, nstep, ncon, nefc, static_cast<unsigned long long>(hash.h),
                m->nq > 0 ? d->qpos[0] : 0.0);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  return status;
}
