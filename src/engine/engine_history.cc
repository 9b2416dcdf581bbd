// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// History buffers of delayed actuators and sensors (modeling.rst "Delays"; API reference
// mj_readCtrl, mj_readSensor, mj_initCtrlHistory, mj_initSensorHistory). Layout and timing are
// described in engine_history.h. Reading at time t (mjMINVAL absorbs the rounding of sums of
// timesteps):
//   - t at or before the oldest sample, or at or after the newest (within mjMINVAL): that sample
//     (constant extrapolation);
//   - otherwise k is the latest sample at or before t (within mjMINVAL) and, with t0 = time k,
//     t1 = time k+1, s = (t - t0)/(t1 - t0): zero-order hold gives sample k; the other orders
//     give sample k when t equals t0 exactly, else linear: v0 + s (v1 - v0); cubic: the Hermite
//     spline with Catmull-Rom tangents m_k = (v_{k+1} - v_{k-1})/(t_{k+1} - t_{k-1}), zero at the
//     ends of the buffer (a constant buffer reads constant and the ends do not overshoot).
// Pushing a sample at time t: normally t is later than the newest sample and replaces the oldest
// (the cursor advances); a time within mjMINVAL of a stored one overwrites that sample; any other
// time drops the oldest sample and is inserted in order among the others.

#include "engine/engine_history.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

namespace {

// one buffer: n samples of dim values at buf (see engine_history.h)
struct Buffer {
  mjtNum* buf;
  int n;
  int dim;
  int cursor() const { return static_cast<int>(buf[1]); }
  // physical slot of the k-th oldest sample
  int slot(int k) const { return (cursor() + 1 + k) % n; }
  mjtNum* times() const { return buf + 2; }
  mjtNum* values(int s) const { return buf + 2 + n + s * dim; }
  mjtNum time(int k) const { return times()[slot(k)]; }
};

// 1 if actuator / sensor i has a buffer (a model built by hand may have an address and no samples)
bool actuatorHasBuffer(const mjModel* m, int i) {
  return m->actuator_historyadr[i] >= 0 && m->actuator_history[2 * i] > 0;
}

bool sensorHasBuffer(const mjModel* m, int i) {
  return m->sensor_historyadr[i] >= 0 && m->sensor_history[2 * i] > 0;
}

Buffer actuatorBuffer(const mjModel* m, const mjData* d, int i) {
  int adr = m->actuator_historyadr[i];
  return Buffer{d->history + adr, m->actuator_history[2 * i], 1};
}

Buffer sensorBuffer(const mjModel* m, const mjData* d, int i) {
  int adr = m->sensor_historyadr[i];
  return Buffer{d->history + adr, m->sensor_history[2 * i], m->sensor_dim[i]};
}

// Cubic Hermite interpolation on [k, k+1] of the chronological samples, Catmull-Rom tangents.
void readCubic(const Buffer& b, int k, mjtNum t, mjtNum* result) {
  mjtNum t0 = b.time(k), t1 = b.time(k + 1), h = t1 - t0;
  mjtNum s = (t - t0) / h, s2 = s * s, s3 = s2 * s;
  mjtNum h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s;
  mjtNum h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  const mjtNum* v0 = b.values(b.slot(k));
  const mjtNum* v1 = b.values(b.slot(k + 1));
  const mjtNum* vm = k > 0 ? b.values(b.slot(k - 1)) : nullptr;
  const mjtNum* vp = k + 2 < b.n ? b.values(b.slot(k + 2)) : nullptr;
  mjtNum tm = k > 0 ? b.time(k - 1) : 0, tp = k + 2 < b.n ? b.time(k + 2) : 0;
  for (int j = 0; j < b.dim; j++) {
    mjtNum m0 = vm ? (v1[j] - vm[j]) / (t1 - tm) : 0;
    mjtNum m1 = vp ? (vp[j] - v0[j]) / (tp - t0) : 0;
    result[j] = h00 * v0[j] + h10 * h * m0 + h01 * v1[j] + h11 * h * m1;
  }
}

// Reads the buffer at time t: a pointer to a stored sample, or NULL after writing an
// interpolated value to result.
const mjtNum* readBuffer(const Buffer& b, mjtNum t, int interp, mjtNum* result) {
  int n = b.n;
  if (t <= b.time(0) + mjMINVAL) {
    return b.values(b.slot(0));
  }
  if (t >= b.time(n - 1) - mjMINVAL) {
    return b.values(b.slot(n - 1));
  }
  // the latest sample at or before t (within mjMINVAL); 0 <= k <= n - 2 here. Interpolation
  // returns the sample itself only for an exact match.
  int k = 0;
  while (k + 1 < n - 1 && b.time(k + 1) - t <= mjMINVAL) {
    k++;
  }
  if (interp <= 0 || b.time(k) == t) {
    return b.values(b.slot(k));
  }
  if (interp == 1) {
    mjtNum t0 = b.time(k), t1 = b.time(k + 1);
    mjtNum s = (t - t0) / (t1 - t0);
    const mjtNum* v0 = b.values(b.slot(k));
    const mjtNum* v1 = b.values(b.slot(k + 1));
    for (int j = 0; j < b.dim; j++) {
      result[j] = v0[j] + s * (v1[j] - v0[j]);
    }
  } else {
    readCubic(b, k, t, result);
  }
  return nullptr;
}

// copies sample `from` (physical slot) onto sample `to`, time and values
void moveSample(const Buffer& b, int from, int to) {
  b.times()[to] = b.times()[from];
  mju_copy(b.values(to), b.values(from), b.dim);
}

// Pushes (t, value) as described in the file comment.
void pushBuffer(const Buffer& b, mjtNum t, const mjtNum* value) {
  int n = b.n;
  if (t - b.time(n - 1) > mjMINVAL) {
    int s = (b.cursor() + 1) % n;
    b.buf[1] = s;
    b.times()[s] = t;
    mju_copy(b.values(s), value, b.dim);
    return;
  }
  // k: the latest sample at or before t (0 when t is older than every sample)
  int k = 0;
  while (k + 1 < n && b.time(k + 1) - t <= mjMINVAL) {
    k++;
  }
  if (std::fabs(b.time(k) - t) <= mjMINVAL) {
    mju_copy(b.values(b.slot(k)), value, b.dim);
    return;
  }
  // drop the oldest sample and insert t in order: samples 1..k move one place towards the
  // oldest, t takes place k
  for (int j = 0; j < k; j++) {
    moveSample(b, b.slot(j + 1), b.slot(j));
  }
  int s = b.slot(k);
  b.times()[s] = t;
  mju_copy(b.values(s), value, b.dim);
}

// smallest multiple of dt at or after t; t within a relative 1e-9 of a multiple counts as that
// multiple (the schedule's times are sums and differences of decimal periods)
mjtNum roundUpToStep(mjtNum t, mjtNum dt) {
  mjtNum x = t / dt, r = std::round(x);
  return (std::fabs(x - r) < 1e-9 ? r : std::ceil(x)) * dt;
}

// interval sensors: period > 0 and the phase that the schedule starts from (0 means -period)
mjtNum sensorPeriod(const mjModel* m, int i) {
  return m->sensor_interval[2 * i];
}

mjtNum sensorPhase(const mjModel* m, int i) {
  mjtNum phase = m->sensor_interval[2 * i + 1];
  return phase == 0 ? -sensorPeriod(m, i) : phase;
}

// checks times strictly increasing and stores times (if given), values and the cursor
void initBuffer(const Buffer& b, const mjtNum* times, const mjtNum* values, const char* caller) {
  const mjtNum* t = times ? times : b.times();
  for (int k = 0; k + 1 < b.n; k++) {
    if (t[k] >= t[k + 1]) {
      mju_error("%s: times must be strictly increasing, got times[%d]=%g >= times[%d]=%g", caller,
                k, t[k], k + 1, t[k + 1]);
      return;
    }
  }
  if (times) {
    mju_copy(b.times(), times, b.n);
  }
  mju_copy(b.values(0), values, b.n * b.dim);
  b.buf[1] = b.n - 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// engine

void mj_historyReset(const mjModel* m, mjData* d) {
  mjtNum dt = m->opt.timestep;
  for (int i = 0; i < m->nu; i++) {
    if (!actuatorHasBuffer(m, i)) {
      continue;
    }
    Buffer b = actuatorBuffer(m, d, i);
    b.buf[0] = 0;
    b.buf[1] = b.n - 1;
    for (int k = 0; k < b.n; k++) {
      b.times()[k] = -(b.n - k) * dt;
    }
    mju_zero(b.values(0), b.n);
  }
  for (int i = 0; i < m->nsensor; i++) {
    if (!sensorHasBuffer(m, i)) {
      continue;
    }
    Buffer b = sensorBuffer(m, d, i);
    b.buf[1] = b.n - 1;
    mjtNum period = sensorPeriod(m, i);
    if (period > 0) {
      // past samples of the schedule phase - k period, at the first step that reaches them
      mjtNum phase = sensorPhase(m, i);
      b.buf[0] = phase;
      for (int k = 0; k < b.n; k++) {
        b.times()[k] = roundUpToStep(phase - (b.n - 1 - k) * period, dt);
      }
    } else {
      b.buf[0] = -dt;
      for (int k = 0; k < b.n; k++) {
        b.times()[k] = -(b.n - k) * dt;
      }
    }
    mju_zero(b.values(0), b.n * b.dim);
  }
}

int mj_sensorDue(const mjModel* m, const mjData* d, int i) {
  mjtNum period = sensorPeriod(m, i);
  if (period <= 0 || !sensorHasBuffer(m, i)) {
    return 1;
  }
  return d->time >= d->history[m->sensor_historyadr[i]] + period;
}

int mj_sensorDelayed(const mjModel* m, int i) {
  return sensorHasBuffer(m, i) && m->sensor_delay[i] > 0;
}

mjtNum mj_historyCtrl(const mjModel* m, const mjData* d, int i) {
  if (!actuatorHasBuffer(m, i) || m->actuator_delay[i] <= 0) {
    return d->ctrl[i];
  }
  return mj_readCtrl(m, d, i, d->time, -1);
}

// Controls are recorded as set (before clamping), even with actuation disabled.
void mj_historyPush(const mjModel* m, mjData* d) {
  if (!m->nhistory) {
    return;
  }
  for (int i = 0; i < m->nu; i++) {
    if (actuatorHasBuffer(m, i)) {
      pushBuffer(actuatorBuffer(m, d, i), d->time, d->ctrl + i);
    }
  }
}

// Interval sensors are recorded only when due, which moves their schedule one period on.
void mj_historyPushSensor(const mjModel* m, mjData* d, int i, const mjtNum* value) {
  if (!sensorHasBuffer(m, i) || !mj_sensorDue(m, d, i)) {
    return;
  }
  Buffer b = sensorBuffer(m, d, i);
  pushBuffer(b, d->time, value);
  if (sensorPeriod(m, i) > 0) {
    b.buf[0] += sensorPeriod(m, i);
  }
}

// ---------------------------------------------------------------------------------------------
// public

mjtNum mj_readCtrl(const mjModel* m, const mjData* d, int id, mjtNum time, int interp) {
  if (!m || !d || id < 0 || id >= m->nu) {
    mjERROR("invalid actuator id %d", id);
    return 0;
  }
  if (!actuatorHasBuffer(m, id)) {
    return d->ctrl[id];
  }
  if (interp < 0) {
    interp = m->actuator_history[2 * id + 1];
  }
  mjtNum result = 0;
  const mjtNum* p =
      readBuffer(actuatorBuffer(m, d, id), time - m->actuator_delay[id], interp, &result);
  return p ? *p : result;
}

const mjtNum* mj_readSensor(const mjModel* m, const mjData* d, int id, mjtNum time, mjtNum* result,
                            int interp) {
  if (!m || !d || id < 0 || id >= m->nsensor) {
    mjERROR("invalid sensor id %d", id);
    return nullptr;
  }
  if (!sensorHasBuffer(m, id)) {
    return d->sensordata + m->sensor_adr[id];
  }
  if (interp < 0) {
    interp = m->sensor_history[2 * id + 1];
  }
  return readBuffer(sensorBuffer(m, d, id), time - m->sensor_delay[id], interp, result);
}

void mj_initCtrlHistory(const mjModel* m, mjData* d, int id, const mjtNum* times,
                        const mjtNum* values) {
  if (!m || !d || id < 0 || id >= m->nu) {
    mjERROR("invalid actuator id %d", id);
    return;
  }
  if (!actuatorHasBuffer(m, id)) {
    mjERROR("actuator %d has no history buffer (nsample = 0)", id);
    return;
  }
  initBuffer(actuatorBuffer(m, d, id), times, values, "mj_initCtrlHistory");
}

void mj_initSensorHistory(const mjModel* m, mjData* d, int id, const mjtNum* times,
                          const mjtNum* values, mjtNum phase) {
  if (!m || !d || id < 0 || id >= m->nsensor) {
    mjERROR("invalid sensor id %d", id);
    return;
  }
  if (!sensorHasBuffer(m, id)) {
    mjERROR("sensor %d has no history buffer (nsample = 0)", id);
    return;
  }
  Buffer b = sensorBuffer(m, d, id);
  initBuffer(b, times, values, "mj_initSensorHistory");
  b.buf[0] = phase;
}
