// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Loading models and the physics thread. The thread steps the simulation so that simulated time
// follows wall time scaled by the slow-motion factor; when it falls behind (a heavy model) it
// resynchronizes instead of trying to catch up. Mouse perturbations are applied before each
// step; while paused, the perturbed pose is shown through mj_forward. A simulation that diverges
// (MuJoCo's bad-qacc / bad-qpos warnings, or non-finite state) is reset and the window says so.

#include <chrono>
#include <cmath>
#include <cstring>
#include <random>
#include <thread>

#include "simulate.h"

namespace simulate {

const double kSpeedPercent[kNumSpeed] = {100, 50, 25, 10, 5, 2, 1, 0.5};

void RequestLoad(const std::string& file) {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  sim.loadfile = file;
  sim.loadrequest = 1;
}

namespace {

// Loads sim.loadfile; on failure keeps the previous model (if any) and records the error.
void LoadModel() {
  std::string file;
  {
    std::lock_guard<std::recursive_mutex> lock(sim.mtx);
    file = sim.loadfile;
    sim.loadrequest = 0;
  }
  char error[1000] = "";
  mjModel* mnew = nullptr;
  size_t n = file.size();
  if (n > 4 && file.compare(n - 4, 4, ".mjb") == 0) {
    mnew = mj_loadModel(file.c_str(), nullptr);
    if (!mnew) {
      std::snprintf(error, sizeof(error), "could not load binary model");
    }
  } else {
    mnew = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
  }
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  sim.filename = file;
  if (!mnew) {
    sim.loaderror = error[0] ? error : "unknown error";
    std::printf("simulate: %s: %s\n", file.c_str(), sim.loaderror.c_str());
    std::fflush(stdout);
    return;
  }
  if (error[0]) {
    SetMessage(std::string("Model warning: ") + error);
  }
  mjData* dnew = mj_makeData(mnew);
  if (sim.d) {
    mj_deleteData(sim.d);
  }
  if (sim.m) {
    mj_deleteModel(sim.m);
  }
  sim.m = mnew;
  sim.d = dnew;
  sim.loaderror.clear();
  sim.resets = 0;
  sim.key = 0;
  mj_forward(sim.m, sim.d);
  for (int i = 0; i < mjNDISABLE; i++) {
    sim.disable[i] = (sim.m->opt.disableflags & (1 << i)) != 0;
  }
  for (int i = 0; i < mjNENABLE; i++) {
    sim.enable[i] = (sim.m->opt.enableflags & (1 << i)) != 0;
  }
  mjv_defaultPerturb(&sim.pert);
  sim.uirebuild = 1;
}

}  // namespace

void SyncOptionFlags() {
  if (!sim.m) {
    return;
  }
  sim.m->opt.disableflags = 0;
  for (int i = 0; i < mjNDISABLE; i++) {
    sim.m->opt.disableflags |= sim.disable[i] ? (1 << i) : 0;
  }
  sim.m->opt.enableflags = 0;
  for (int i = 0; i < mjNENABLE; i++) {
    sim.m->opt.enableflags |= sim.enable[i] ? (1 << i) : 0;
  }
}

void ResetSimulation() {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  if (!sim.m) {
    return;
  }
  mj_resetData(sim.m, sim.d);
  mjv_defaultPerturb(&sim.pert);
  mj_forward(sim.m, sim.d);
}

void LoadKeyframe() {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  if (sim.m && sim.key >= 0 && sim.key < sim.m->nkey) {
    mj_resetDataKeyframe(sim.m, sim.d, sim.key);
    mj_forward(sim.m, sim.d);
  }
}

void SaveKeyframe() {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  if (sim.m && sim.key >= 0 && sim.key < sim.m->nkey) {
    mj_setKeyframe(sim.m, sim.d, sim.key);
    SetMessage("State saved to keyframe " + std::to_string(sim.key));
  }
}

namespace {

// One attribute of a <key> element: name="v0 v1 ..." on its own line (%g, as MuJoCo's simulate
// writes numbers).
void AppendNumbers(std::string* s, const char* name, const mjtNum* v, int n) {
  *s += std::string("  ") + name + "=\"";
  char buf[64];
  for (int i = 0; i < n; i++) {
    std::snprintf(buf, sizeof(buf), i ? " %g" : "%g", v[i]);
    *s += buf;
  }
  *s += "\"\n";
}

}  // namespace

// The state as a <key> element that MJCF's <keyframe> takes: time, qpos and qvel, then act, ctrl,
// mpos and mquat when the model has them; printed and put on the clipboard.
void CopyState() {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  if (!sim.m) {
    return;
  }
  const mjModel* m = sim.m;
  const mjData* d = sim.d;
  std::string s = "<key\n";
  AppendNumbers(&s, "time", &d->time, 1);
  AppendNumbers(&s, "qpos", d->qpos, m->nq);
  AppendNumbers(&s, "qvel", d->qvel, m->nv);
  if (m->na) {
    AppendNumbers(&s, "act", d->act, m->na);
  }
  if (m->nu) {
    AppendNumbers(&s, "ctrl", d->ctrl, m->nu);
  }
  if (m->nmocap) {
    AppendNumbers(&s, "mpos", d->mocap_pos, 3 * m->nmocap);
    AppendNumbers(&s, "mquat", d->mocap_quat, 4 * m->nmocap);
  }
  s += "/>";
  glfwSetClipboardString(sim.window, s.c_str());
  std::printf("%s\n", s.c_str());
  std::fflush(stdout);
  SetMessage("State copied to the clipboard");
}

namespace {

bool Diverged(const mjModel* m, const mjData* d, const int warnbefore[mjNWARNING]) {
  if (d->warning[mjWARN_BADQACC].number > warnbefore[mjWARN_BADQACC] ||
      d->warning[mjWARN_BADQPOS].number > warnbefore[mjWARN_BADQPOS] ||
      d->warning[mjWARN_BADQVEL].number > warnbefore[mjWARN_BADQVEL]) {
    return true;
  }
  for (int i = 0; i < m->nq; i++) {
    if (!std::isfinite(d->qpos[i])) {
      return true;
    }
  }
  for (int i = 0; i < m->nv; i++) {
    if (!std::isfinite(d->qvel[i])) {
      return true;
    }
  }
  return false;
}

void ApplyNoise(std::mt19937_64* rng) {
  if (sim.noisescale <= 0) {
    return;
  }
  // Ornstein-Uhlenbeck control noise: rate is the inverse correlation time
  double dt = sim.m->opt.timestep;
  double rate = std::exp(-dt / std::max(sim.noiserate, 1e-6));
  double scale = sim.noisescale * std::sqrt(1 - rate * rate);
  std::normal_distribution<double> normal(0, 1);
  for (int i = 0; i < sim.m->nu; i++) {
    sim.d->ctrl[i] = rate * sim.d->ctrl[i] + scale * normal(*rng);
  }
}

// One step with the perturbation applied; resets when the simulation diverges.
void Step(std::mt19937_64* rng) {
  mjModel* m = sim.m;
  mjData* d = sim.d;
  int warnbefore[mjNWARNING];
  for (int i = 0; i < mjNWARNING; i++) {
    warnbefore[i] = d->warning[i].number;
  }
  ApplyNoise(rng);
  mju_zero(d->xfrc_applied, 6 * m->nbody);
  mjv_applyPerturbPose(m, d, &sim.pert, 0);  // mocap bodies follow the mouse
  mjv_applyPerturbForce(m, d, &sim.pert);
  mj_step(m, d);
  if (Diverged(m, d, warnbefore)) {
    mj_resetData(m, d);
    mj_forward(m, d);
    sim.resets++;
    SetMessage("Simulation diverged: reset");
  }
}

}  // namespace

void PhysicsLoop() {
  std::mt19937_64 rng(1);
  double synccpu = 0, syncsim = 0;
  int lastspeed = -1;
  while (!sim.exitrequest) {
    if (sim.loadrequest) {
      LoadModel();
      lastspeed = -1;
    }
    if (sim.busywait) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::lock_guard<std::recursive_mutex> lock(sim.mtx);
    if (!sim.m) {
      continue;
    }
    if (!sim.run) {
      mjv_applyPerturbPose(sim.m, sim.d, &sim.pert, 1);  // the whole pose follows the mouse
      mj_forward(sim.m, sim.d);
      lastspeed = -1;
      continue;
    }
    double now = Now();
    double slowdown = 100 / kSpeedPercent[sim.speed];
    double elapsedcpu = now - synccpu;
    double elapsedsim = sim.d->time - syncsim;
    // resynchronize after a pause, a speed change, a reset (time went back) or when more than
    // 0.1 s behind
    if (lastspeed != sim.speed || elapsedsim < 0 || elapsedcpu < 0 ||
        std::fabs(elapsedcpu - elapsedsim * slowdown) > 0.1) {
      synccpu = now;
      syncsim = sim.d->time;
      lastspeed = sim.speed;
      Step(&rng);
      continue;
    }
    // step while the simulation is behind the scaled wall clock, at most 1/60 s of work
    double start = now;
    while ((sim.d->time - syncsim) * slowdown < Now() - synccpu && Now() - start < 1.0 / 60) {
      double before = sim.d->time;
      Step(&rng);
      if (sim.d->time < before) {
        break;  // reset
      }
    }
  }
}

}  // namespace simulate

namespace simulate {

void StepOnce() {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  if (sim.m && !sim.run) {
    std::mt19937_64 rng(2);
    Step(&rng);
  }
}

}  // namespace simulate
