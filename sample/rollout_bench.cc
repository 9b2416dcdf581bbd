// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Throughput of batch rollouts (include/motus/rollout.h).
//
//   rollout_bench MODEL [nroll=64] [nstep=100] [repeat=7] [maxthread=2]
//
// Each repeat times, in turn: a plain loop on one mjData (set the state, then per step copy the
// controls and mj_step: the least any rollout code must do), then mtr_rollout with 1..maxthread
// threads writing the full physics state and sensordata of every step. Prints the median of
// the repeats: rollouts/s, steps/s, the speedup over 1 thread, and the per-rollout overhead of
// mtr_rollout on 1 thread over the plain loop, in wall time and in process CPU time (which
// other processes inflate much less). The machine load (/proc/loadavg) is printed before and
// after, since other processes skew the wall times.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include <motus/rollout.h>
#include <mujoco/mujoco.h>

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// CPU time of all threads of this process: unlike wall time, it hardly grows when other
// processes compete for the cores
double cpuNow() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void printLoad(const char* when) {
  char buf[128] = "?";
  FILE* f = fopen("/proc/loadavg", "r");
  if (f) {
    if (!fgets(buf, sizeof(buf), f)) {
      buf[0] = 0;
    }
    fclose(f);
  }
  buf[strcspn(buf, "\n")] = 0;
  printf("load average %-6s: %s\n", when, buf);
}

// deterministic noise in [-1, 1)
double noise(unsigned long long* s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<double>(*s >> 11) / 4503599627370496.0 - 1.0;
}

struct Inputs {
  int nroll, nstep, ninit;
  std::vector<mjtNum> init;  // integration state per rollout (warm start and inputs included)
  std::vector<mjtNum> ctrl;  // nroll x nstep x nu
};

// start from keyframe 0 (the reset if there is none), velocities perturbed per rollout; small
// random controls
Inputs makeInputs(const mjModel* m, int nroll, int nstep) {
  Inputs in;
  in.nroll = nroll;
  in.nstep = nstep;
  in.ninit = mj_stateSize(m, mjSTATE_INTEGRATION);
  in.init.resize(static_cast<size_t>(nroll) * in.ninit);
  in.ctrl.resize(static_cast<size_t>(nroll) * nstep * m->nu);
  unsigned long long seed = 12345;
  mjData* d = mj_makeData(m);
  for (int r = 0; r < nroll; r++) {
    if (m->nkey) {
      mj_resetDataKeyframe(m, d, 0);
    } else {
      mj_resetData(m, d);
    }
    for (int i = 0; i < m->nv; i++) {
      d->qvel[i] += 0.1 * noise(&seed);
    }
    mj_getState(m, d, in.init.data() + static_cast<size_t>(r) * in.ninit, mjSTATE_INTEGRATION);
  }
  for (mjtNum& c : in.ctrl) {
    c = 0.2 * noise(&seed);
  }
  mj_deleteData(d);
  return in;
}

// the plain loop: one mjData, no outputs
double timePlain(const mjModel* m, mjData* d, const Inputs& in) {
  double t0 = now();
  for (int r = 0; r < in.nroll; r++) {
    mj_setState(m, d, in.init.data() + static_cast<size_t>(r) * in.ninit, mjSTATE_INTEGRATION);
    const mjtNum* ctrl = in.ctrl.data() + static_cast<size_t>(r) * in.nstep * m->nu;
    for (int t = 0; t < in.nstep; t++) {
      memcpy(d->ctrl, ctrl + static_cast<size_t>(t) * m->nu, sizeof(mjtNum) * m->nu);
      mj_step(m, d);
    }
  }
  return now() - t0;
}

struct Outputs {
  std::vector<mjtNum> state, sensordata;
  std::vector<mtrStatus> status;
};

mtrBatch makeBatch(const mjModel** m, const Inputs& in, Outputs* out) {
  mtrBatch b;
  mtr_defaultBatch(&b);
  b.model = m;
  b.nmodel = 1;
  b.nroll = in.nroll;
  b.nstep = in.nstep;
  b.initial_spec = mjSTATE_INTEGRATION;
  b.initial_state = in.init.data();
  b.initial_state_size = in.init.size();
  b.control_spec = mjSTATE_CTRL;
  b.control = in.ctrl.data();
  b.control_size = in.ctrl.size();
  size_t steps = static_cast<size_t>(in.nroll) * in.nstep;
  out->state.resize(steps * mj_stateSize(*m, mjSTATE_FULLPHYSICS));
  out->sensordata.resize(steps * (*m)->nsensordata);
  out->status.resize(in.nroll);
  b.state = out->state.data();
  b.state_size = out->state.size();
  b.sensordata = (*m)->nsensordata ? out->sensordata.data() : nullptr;
  b.sensordata_size = (*m)->nsensordata ? out->sensordata.size() : 0;
  b.status = out->status.data();
  b.status_size = out->status.size();
  return b;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void report(const char* what, double seconds, double cpu, const Inputs& in) {
  double steps = static_cast<double>(in.nroll) * in.nstep;
  printf("%-22s %8.4f s %9.1f rollouts/s %10.0f steps/s %8.2f us/step  (CPU %.4f s)\n", what,
         seconds, in.nroll / seconds, steps / seconds, 1e6 * seconds / steps, cpu);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    printf("usage: rollout_bench MODEL [nroll=64] [nstep=100] [repeat=7] [maxthread=2]\n");
    return 1;
  }
  int nroll = argc > 2 ? atoi(argv[2]) : 64;
  int nstep = argc > 3 ? atoi(argv[3]) : 100;
  int repeat = argc > 4 ? atoi(argv[4]) : 7;
  int maxthread = argc > 5 ? atoi(argv[5]) : 2;
  if (nroll < 1 || nstep < 1 || repeat < 1 || maxthread < 1 || maxthread > mjMAXTHREAD) {
    printf("nroll, nstep, repeat must be positive and maxthread in [1, %d]\n", mjMAXTHREAD);
    return 1;
  }
  char error[1000] = "";
  mjModel* m = mj_loadXML(argv[1], nullptr, error, sizeof(error));
  if (!m) {
    printf("could not load %s: %s\n", argv[1], error);
    return 1;
  }
  printf("model %s: nq %d nv %d nu %d nsensordata %d; %d rollouts x %d steps, %d repeats\n",
         argv[1], (int)m->nq, (int)m->nv, (int)m->nu, (int)m->nsensordata, nroll, nstep, repeat);
  printLoad("before");

  Inputs in = makeInputs(m, nroll, nstep);
  mjData* d = mj_makeData(m);
  std::vector<mtrRollout*> pools(maxthread + 1, nullptr);
  for (int n = 1; n <= maxthread; n++) {
    pools[n] = mtr_makeRollout(m, n, error, sizeof(error));
    if (!pools[n]) {
      printf("mtr_makeRollout: %s\n", error);
      return 1;
    }
  }
  Outputs out;
  const mjModel* mc = m;
  mtrBatch b = makeBatch(&mc, in, &out);

  std::vector<double> plain, plain_cpu;
  std::vector<std::vector<double>> threaded(maxthread + 1), threaded_cpu(maxthread + 1);
  int stopped = 0;
  for (int k = 0; k < repeat; k++) {
    double c0 = cpuNow();
    plain.push_back(timePlain(m, d, in));
    plain_cpu.push_back(cpuNow() - c0);
    for (int n = 1; n <= maxthread; n++) {
      double t0 = now();
      c0 = cpuNow();
      int s = mtr_rollout(pools[n], &b, error, sizeof(error));
      threaded[n].push_back(now() - t0);
      threaded_cpu[n].push_back(cpuNow() - c0);
      if (s < 0) {
        printf("mtr_rollout: %s\n", error);
        return 1;
      }
      stopped = s;
    }
  }

  double t_plain = median(plain);
  report("plain mj_step loop", t_plain, median(plain_cpu), in);
  for (int n = 1; n <= maxthread; n++) {
    char what[64];
    snprintf(what, sizeof(what), "mtr_rollout %d thread%s", n, n > 1 ? "s" : "");
    report(what, median(threaded[n]), median(threaded_cpu[n]), in);
  }
  double t1 = median(threaded[1]), c1 = median(threaded_cpu[1]);
  for (int n = 2; n <= maxthread; n++) {
    printf(
        "speedup %d threads / 1 thread: %.3f x wall time (CPU time %d threads / 1 thread: "
        "%.3f)\n",
        n, t1 / median(threaded[n]), n, median(threaded_cpu[n]) / c1);
  }
  double c_plain = median(plain_cpu);
  printf(
      "per-rollout overhead of mtr_rollout (1 thread) over the plain loop: %.2f%% wall "
      "(%.1f us per rollout), %.2f%% CPU (%.1f us per rollout), %d-step rollouts\n",
      100 * (t1 / t_plain - 1), 1e6 * (t1 - t_plain) / nroll, 100 * (c1 / c_plain - 1),
      1e6 * (c1 - c_plain) / nroll, nstep);
  if (stopped) {
    printf("note: %d rollouts stopped early on a warning\n", stopped);
  }
  printLoad("after");

  for (int n = 1; n <= maxthread; n++) {
    mtr_deleteRollout(pools[n]);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
