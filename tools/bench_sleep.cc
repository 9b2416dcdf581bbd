// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Steps per second of a model with sleeping enabled, once its trees have had time to fall
// asleep, and with sleeping disabled. Compiled against Motus and against MuJoCo by
// tools/bench_sleep.sh, which alternates the two.
//   bench_sleep MODEL.xml WARMUP STEPS [sleep 0|1]

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_sleep MODEL.xml WARMUP STEPS [sleep 0|1]\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "load error: %s\n", err);
    return 1;
  }
  int warmup = std::atoi(argv[2]), steps = std::atoi(argv[3]);
  if (argc > 4 && std::atoi(argv[4]) == 0) {
    m->opt.enableflags &= ~mjENBL_SLEEP;
  }
  mjData* d = mj_makeData(m);
  for (int i = 0; i < warmup; i++) {
    mj_step(m, d);
  }
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < steps; i++) {
    mj_step(m, d);
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%.0f steps/s (ntree_awake %d of %d, ncon %d)\n", steps / s, d->ntree_awake,
              static_cast<int>(m->ntree), d->ncon);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
