// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The compiled keyframes of a model as labelled numbers (names in the labels), shared by
// replicate_keys_test.cc (run on Motus) and the golden generator
// test/data/replicate_keys/make_golden.cc (compiled against MuJoCo 3.8.0), public API only.

#ifndef MOTUS_TEST_KEYFRAME_SCENARIO_H_
#define MOTUS_TEST_KEYFRAME_SCENARIO_H_

#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace keyframe_scenario {

using Record = std::vector<std::pair<std::string, double>>;

inline void AddArray(Record* r, const std::string& label, const mjtNum* a, long n) {
  for (long i = 0; i < n; i++) {
    r->emplace_back(label + "[" + std::to_string(i) + "]", a[i]);
  }
}

inline Record Keys(const mjModel* m) {
  Record r;
  r.emplace_back("nkey", m->nkey);
  r.emplace_back("nq", m->nq);
  r.emplace_back("nu", m->nu);
  for (int k = 0; k < m->nkey; k++) {
    const char* name = mj_id2name(m, mjOBJ_KEY, k);
    std::string tag = "key " + std::to_string(k) + " '" + (name ? name : "") + "'";
    r.emplace_back(tag + " time", m->key_time[k]);
    AddArray(&r, tag + " qpos", m->key_qpos + k * m->nq, m->nq);
    AddArray(&r, tag + " qvel", m->key_qvel + k * m->nv, m->nv);
    AddArray(&r, tag + " act", m->key_act + k * m->na, m->na);
    AddArray(&r, tag + " ctrl", m->key_ctrl + k * m->nu, m->nu);
    AddArray(&r, tag + " mpos", m->key_mpos + 3 * k * m->nmocap, 3 * m->nmocap);
    AddArray(&r, tag + " mquat", m->key_mquat + 4 * k * m->nmocap, 4 * m->nmocap);
  }
  return r;
}

}  // namespace keyframe_scenario

#endif  // MOTUS_TEST_KEYFRAME_SCENARIO_H_
