// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The delay/history scenario shared by history_test.cc (run on Motus) and the golden generator
// test/data/history/make_golden.cc (compiled against MuJoCo 3.8.0): it uses the public API only,
// so that both builds run exactly the same calls. It records labelled numbers: the history
// buffers, sensordata, actuator forces and qpos after reset and after every step, mj_readCtrl /
// mj_readSensor at several times and interpolation orders (with where mj_readSensor's pointer
// points), and the same after mj_initCtrlHistory / mj_initSensorHistory with uneven times.

#ifndef MOTUS_TEST_HISTORY_SCENARIO_H_
#define MOTUS_TEST_HISTORY_SCENARIO_H_

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace history_scenario {

using Record = std::vector<std::pair<std::string, double>>;

inline void Add(Record* r, const std::string& label, double v) {
  r->emplace_back(label, v);
}

inline void AddArray(Record* r, const std::string& label, const mjtNum* a, long n) {
  for (long i = 0; i < n; i++) {
    Add(r, label + "[" + std::to_string(i) + "]", a[i]);
  }
}

inline void AddState(Record* r, const std::string& tag, const mjModel* m, const mjData* d) {
  Add(r, tag + " time", d->time);
  AddArray(r, tag + " history", d->history, static_cast<long>(m->nhistory));
  AddArray(r, tag + " sensordata", d->sensordata, static_cast<long>(m->nsensordata));
  AddArray(r, tag + " actuator_force", d->actuator_force, static_cast<long>(m->nu));
  AddArray(r, tag + " qpos", d->qpos, static_cast<long>(m->nq));
}

// mj_readCtrl and mj_readSensor at d->time + offsets, every interpolation order; for sensors the
// pointer is recorded as its offset in history, -1 for sensordata, -2 for NULL (interpolated)
inline void AddReads(Record* r, const std::string& tag, const mjModel* m, const mjData* d) {
  const double offsets[] = {0, -0.0037, -0.013, 0.011, -0.2};
  std::vector<mjtNum> result(static_cast<size_t>(m->nsensordata) + 1);
  for (double off : offsets) {
    for (int interp = -1; interp < 3; interp++) {
      std::string at = tag + " t" + std::to_string(off) + " i" + std::to_string(interp);
      for (int i = 0; i < m->nu; i++) {
        Add(r, at + " readCtrl " + std::to_string(i), mj_readCtrl(m, d, i, d->time + off, interp));
      }
      for (int i = 0; i < m->nsensor; i++) {
        const mjtNum* p = mj_readSensor(m, d, i, d->time + off, result.data(), interp);
        const mjtNum* v = p ? p : result.data();
        double where = -2;
        if (p && p >= d->history && p < d->history + m->nhistory) {
          where = static_cast<double>(p - d->history);
        } else if (p) {
          where = -1;
        }
        std::string s = at + " readSensor " + std::to_string(i);
        Add(r, s + " ptr", where);
        AddArray(r, s, v, m->sensor_dim[i]);
      }
    }
  }
}

// uneven times and values for every buffer, then reads around them
inline void AddCustomBuffers(Record* r, const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nu; i++) {
    int n = m->actuator_history[2 * i];
    if (m->actuator_historyadr[i] < 0) {
      continue;
    }
    std::vector<mjtNum> t(n), v(n);
    for (int k = 0; k < n; k++) {
      t[k] = d->time - 0.05 + 0.02 * k + 0.004 * k * k;
      v[k] = k * k - 1.5 * k + 0.25 * i;
    }
    mj_initCtrlHistory(m, d, i, t.data(), v.data());
  }
  for (int i = 0; i < m->nsensor; i++) {
    int n = m->sensor_history[2 * i], dim = m->sensor_dim[i];
    if (m->sensor_historyadr[i] < 0) {
      continue;
    }
    std::vector<mjtNum> t(n), v(static_cast<size_t>(n) * dim);
    for (int k = 0; k < n; k++) {
      t[k] = d->time - 0.04 + 0.015 * k + 0.003 * k * k;
      for (int j = 0; j < dim; j++) {
        v[k * dim + j] = std::sin(1.0 + k + 0.7 * j) + 0.1 * i;
      }
    }
    mj_initSensorHistory(m, d, i, t.data(), v.data(), d->time - 0.001 * i);
  }
  AddArray(r, "custom history", d->history, static_cast<long>(m->nhistory));
  AddReads(r, "custom", m, d);
  // values only: the times stay
  for (int i = 0; i < m->nsensor; i++) {
    int n = m->sensor_history[2 * i], dim = m->sensor_dim[i];
    if (m->sensor_historyadr[i] >= 0) {
      std::vector<mjtNum> v(static_cast<size_t>(n) * dim, 0.5 + i);
      mj_initSensorHistory(m, d, i, nullptr, v.data(), 0.25);
    }
  }
  AddArray(r, "values only history", d->history, static_cast<long>(m->nhistory));
  // one step from the custom buffers
  mj_step(m, d);
  AddState(r, "after custom step", m, d);
}

inline Record Run(const mjModel* m, mjData* d) {
  Record r;
  Add(&r, "nhistory", static_cast<double>(m->nhistory));
  for (int i = 0; i < m->nu; i++) {
    Add(&r, "actuator_historyadr " + std::to_string(i), m->actuator_historyadr[i]);
  }
  for (int i = 0; i < m->nsensor; i++) {
    Add(&r, "sensor_historyadr " + std::to_string(i), m->sensor_historyadr[i]);
  }
  mj_resetData(m, d);
  AddState(&r, "reset", m, d);
  for (int k = 0; k < 24; k++) {
    for (int i = 0; i < m->nu; i++) {
      d->ctrl[i] = (2 + i) * std::sin(0.4 * k + i);
    }
    if (k == 7) {
      // the buffers record the state of mj_step2, not what mj_step1 saw
      mj_step1(m, d);
      d->qpos[0] += 0.01;
      mj_step2(m, d);
    } else {
      mj_step(m, d);
    }
    std::string tag = "step " + std::to_string(k);
    AddState(&r, tag, m, d);
    if (k % 6 == 5) {
      AddReads(&r, tag, m, d);
    }
  }
  AddCustomBuffers(&r, m, d);
  if (m->nkey) {
    mj_resetDataKeyframe(m, d, 0);
    AddState(&r, "key", m, d);
    for (int k = 0; k < 5; k++) {
      mj_step(m, d);
    }
    AddState(&r, "key steps", m, d);
  }
  return r;
}

}  // namespace history_scenario

#endif  // MOTUS_TEST_HISTORY_SCENARIO_H_
