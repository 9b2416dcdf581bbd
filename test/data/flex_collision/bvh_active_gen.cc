// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes a golden of FlexCollision.ActiveNodesAsMuJoCos: simulates MODEL.xml for NSTEP steps
// and, every EVERY steps (none for 0) and at each step of the comma-separated list STEPS, prints the state's qpos ("qpos" line, %.17g) and the indices of the
// nodes set in mjData.bvh_active after mj_forward ("active" line). Built against MuJoCo 3.8.0
// (the kit) by make_bvh_active.sh. Usage: bvh_active_gen MODEL.xml NSTEP EVERY [STEPS] > OUT

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s MODEL.xml NSTEP EVERY [STEPS]\n", argv[0]);
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], nullptr, err, sizeof(err));
  if (!m) {
    std::fprintf(stderr, "%s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  int nstep = std::atoi(argv[2]), every = std::atoi(argv[3]);
  if (nstep < 0) {
    std::fprintf(stderr, "NSTEP must not be negative\n");
    return 2;
  }
  std::vector<char> wanted(nstep + 1, 0);
  for (const char* p = argc > 4 ? argv[4] : ""; *p;) {
    int step = std::atoi(p);
    if (step >= 0 && step <= nstep) {
      wanted[step] = 1;
    }
    while (*p && *p++ != ',') {
    }
  }
  std::printf("# bvh_active after mj_forward: MuJoCo 3.8.0 (the kit), "
              "test/data/flex_collision/bvh_active_gen.cc %s %d %d\n",
              argv[1], nstep, every);
  if (argc > 4 && argv[4][0]) {
    std::printf("# and at steps %s\n", argv[4]);
  }
  for (int step = 0; step <= nstep; step++) {
    if ((every > 0 && step % every == 0) || wanted[step]) {
      mj_forward(m, d);
      std::printf("qpos");
      for (int i = 0; i < m->nq; i++) {
        std::printf(" %.17g", d->qpos[i]);
      }
      std::printf("\nactive");
      for (int i = 0; i < m->nbvh; i++) {
        if (d->bvh_active[i]) {
          std::printf(" %d", i);
        }
      }
      std::printf("\n");
    }
    mj_step(m, d);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
