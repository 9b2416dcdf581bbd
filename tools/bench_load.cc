// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// bench_load: model loading time and memory of one MuJoCo-compatible library, for
// tools/bench_vs_kit.py (which compiles this file once against Motus and once against another
// build of MuJoCo, with that build's headers).
//
//   bench_load REPEAT MODEL.xml...
//
// For each model, one line of JSON: the wall time of the first mj_loadXML of the model in this
// process (first_ms: the asset cache holds none of its assets unless an earlier model shared
// them) and the median over REPEAT loads of it (load_ms: from the second load on, both Motus and
// MuJoCo 3.8 reuse processed assets from their caches), in milliseconds; mj_sizeModel (bytes);
// and the mjData allocation of mj_makeData: nbuffer (the arrays) and narena (arena and stack),
// both in bytes. A model that fails to load prints its error.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <mujoco/mujoco.h>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_load REPEAT MODEL.xml...\n");
    return 2;
  }
  int repeat = std::atoi(argv[1]);
  if (repeat < 1) {
    repeat = 1;
  }
  for (int f = 2; f < argc; f++) {
    std::vector<double> ms;
    mjModel* keep = nullptr;
    char error[1000] = "";
    for (int r = 0; r < repeat; r++) {
      auto t0 = std::chrono::steady_clock::now();
      mjModel* m = mj_loadXML(argv[f], nullptr, error, sizeof(error));
      auto t1 = std::chrono::steady_clock::now();
      if (!m) {
        break;
      }
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      if (keep) {
        mj_deleteModel(keep);
      }
      keep = m;
    }
    if (!keep) {
      std::printf("{\"model\":\"%s\",\"error\":\"load failed\"}\n", argv[f]);
      continue;
    }
    double first = ms[0];
    std::sort(ms.begin(), ms.end());
    mjData* d = mj_makeData(keep);
    std::printf(
        "{\"model\":\"%s\",\"first_ms\":%.4f,\"load_ms\":%.4f,\"size_model\":%lld,"
        "\"nbuffer\":%lld,\"narena\":%lld}\n",
        argv[f], first, ms[ms.size() / 2], static_cast<long long>(mj_sizeModel(keep)),
        d ? static_cast<long long>(d->nbuffer) : -1LL,
        d ? static_cast<long long>(d->narena) : -1LL);
    if (d) {
      mj_deleteData(d);
    }
    mj_deleteModel(keep);
  }
  return 0;
}
