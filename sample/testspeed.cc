// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// testspeed: simulate a model for a number of steps and report the speed.
//
//   testspeed modelfile [nstep nthread ctrlnoise npoolthread]
//
//   modelfile    MJCF (.xml) or binary (.mjb) model
//   nstep        steps per thread (default 10000)
//   nthread      independent simulations run in parallel, one mjData each (default 1)
//   ctrlnoise    amplitude of the control noise, relative to the control range (default 0.01)
//   npoolthread  workers of a thread pool bound to each mjData (default 0: none)
//
// Every simulation starts from the model's initial state, or from its keyframe "test" if it has
// one. Controls get deterministic noise: before step k, actuator j receives
//   ctrl = center + ctrlnoise * halfrange * (2 * Halton(k, j+2) - 1)
// with center and half-range of ctrlrange for limited actuators (0 and 1 otherwise). The report
// gives the steps per second over all threads, the realtime factor, the processor time per step
// of each thread (which, unlike the wall clock, does not count the time the thread waited for a
// core on a loaded machine), the number of contacts and constraints per step, and a per-stage
// profile measured with the mjcb_time timer callback in a
// separate single-threaded run (so the timing overhead does not bias the speed).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include <mujoco/mujoco.h>

namespace {

// milliseconds since the first call: the clock of the mjcb_time profiler
mjtNum ProfilerClock() {
  using Clock = std::chrono::steady_clock;
  static const Clock::time_point start = Clock::now();
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The result of one simulation thread. Each one fills its own cache line: the threads write
// their results while the others still run, and a line shared between two cores would move back
// and forth between them.
struct alignas(64) ThreadResult {
  double seconds = 0;      // wall-clock time
  double cpu_seconds = 0;  // processor time of this thread (steady under load, unlike seconds)
  long long contacts = 0;
  long long constraints = 0;
};

// processor time consumed by the calling thread, in seconds
double ThreadCpuSeconds() {
  timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
    return 0;
  }
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void SetNoisyControl(const mjModel* m, mjData* d, int step, mjtNum ctrlnoise) {
  for (int j = 0; j < m->nu; j++) {
    mjtNum center = 0, halfrange = 1;
    if (m->actuator_ctrllimited[j]) {
      const mjtNum* range = m->actuator_ctrlrange + 2 * j;
      center = 0.5 * (range[1] + range[0]);
      halfrange = 0.5 * (range[1] - range[0]);
    }
    d->ctrl[j] = center + ctrlnoise * halfrange * (2 * mju_Halton(step, j + 2) - 1);
  }
}

// Counts are summed in locals and stored once at the end: nothing outside this thread's own
// mjData is written while it steps.
void Simulate(const mjModel* m, mjData* d, int nstep, mjtNum ctrlnoise, ThreadResult* result) {
  auto start = std::chrono::steady_clock::now();
  double cpu_start = ThreadCpuSeconds();
  long long contacts = 0, constraints = 0;
  for (int k = 0; k < nstep; k++) {
    SetNoisyControl(m, d, k, ctrlnoise);
    mj_step(m, d);
    contacts += d->ncon;
    constraints += d->nefc;
  }
  result->cpu_seconds = ThreadCpuSeconds() - cpu_start;
  result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result->contacts = contacts;
  result->constraints = constraints;
}

int ParseInt(const char* text, const char* what, int lo, int hi) {
  char* end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (*text == 0 || *end != 0 || value < lo || value > hi) {
    std::fprintf(stderr, "testspeed: %s must be an integer in [%d, %d], got '%s'\n", what, lo, hi,
                 text);
    std::exit(EXIT_FAILURE);
  }
  return static_cast<int>(value);
}

bool EndsWith(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

mjModel* Load(const char* file) {
  std::string name(file);
  if (EndsWith(name, ".mjb") || EndsWith(name, ".MJB")) {
    mjModel* m = mj_loadModel(file, nullptr);
    if (!m) {
      std::fprintf(stderr, "testspeed: could not load binary model %s\n", file);
    }
    return m;
  }
  char error[1000] = "";
  mjModel* m = mj_loadXML(file, nullptr, error, sizeof(error));
  if (!m) {
    std::fprintf(stderr, "testspeed: could not load %s:\n%s\n", file, error);
  }
  return m;
}

// A fresh mjData at the initial state (keyframe "test" when present).
mjData* MakeData(const mjModel* m, int key) {
  mjData* d = mj_makeData(m);
  if (d && key >= 0) {
    mj_resetDataKeyframe(m, d, key);
  }
  return d;
}

// One single-threaded run with the timer callback installed; prints ms per step and share of
// the step for every stage that ran.
void Profile(const mjModel* m, int key, int nstep, mjtNum ctrlnoise) {
  mjData* d = MakeData(m, key);
  if (!d) {
    return;
  }
  ThreadResult ignored;
  mjcb_time = ProfilerClock;
  Simulate(m, d, nstep, ctrlnoise, &ignored);
  mjcb_time = nullptr;

  double step = d->timer[mjTIMER_STEP].duration / nstep;
  std::printf("\nInternal profiler (ms per step, %% of mj_step):\n");
  for (int i = 0; i < mjNTIMER; i++) {
    if (d->timer[i].number == 0) {
      continue;
    }
    double ms = d->timer[i].duration / nstep;
    bool sub = i >= mjTIMER_POS_KINEMATICS;  // components of the position stage
    std::printf("  %s%-*s %10.5f  %5.1f%%\n", sub ? "  " : "", sub ? 16 : 18, mjTIMERSTRING[i], ms,
                step > 0 ? 100 * ms / step : 0.0);
  }
  mj_deleteData(d);
}

void PrintWarnings(const mjData* d) {
  for (int i = 0; i < mjNWARNING; i++) {
    if (d->warning[i].number > 0) {
      std::printf("Warning        : %s (x%d)\n",
                  mju_warningText(i, static_cast<size_t>(d->warning[i].lastinfo)),
                  d->warning[i].number);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 6) {
    std::printf("usage: testspeed modelfile [nstep nthread ctrlnoise npoolthread]\n");
    return EXIT_FAILURE;
  }
  int nstep = argc > 2 ? ParseInt(argv[2], "nstep", 1, 1000000000) : 10000;
  int nthread = argc > 3 ? ParseInt(argv[3], "nthread", 1, 128) : 1;
  mjtNum ctrlnoise = 0.01;
  if (argc > 4) {
    char* end = nullptr;
    ctrlnoise = std::strtod(argv[4], &end);
    if (*argv[4] == 0 || *end != 0 || !(ctrlnoise >= 0)) {
      std::fprintf(stderr, "testspeed: ctrlnoise must be a number >= 0, got '%s'\n", argv[4]);
      return EXIT_FAILURE;
    }
  }
  int npoolthread = argc > 5 ? ParseInt(argv[5], "npoolthread", 0, mjMAXTHREAD) : 0;

  mjModel* m = Load(argv[1]);
  if (!m) {
    return EXIT_FAILURE;
  }
  int key = mj_name2id(m, mjOBJ_KEY, "test");

  // one mjData per thread, each optionally with its own thread pool
  std::vector<mjData*> data(nthread, nullptr);
  std::vector<mjThreadPool*> pools(nthread, nullptr);
  for (int i = 0; i < nthread; i++) {
    data[i] = MakeData(m, key);
    if (!data[i]) {
      std::fprintf(stderr, "testspeed: could not allocate mjData\n");
      return EXIT_FAILURE;
    }
    if (npoolthread > 0) {
      pools[i] = mju_threadPoolCreate(npoolthread);
      mju_bindThreadPool(data[i], pools[i]);
    }
  }

  std::printf("Model          : %s\n", argv[1]);
  std::printf("Sizes          : nq %d, nv %d, nu %d, na %d, nbody %d, ngeom %d\n",
              static_cast<int>(m->nq), static_cast<int>(m->nv), static_cast<int>(m->nu),
              static_cast<int>(m->na), static_cast<int>(m->nbody), static_cast<int>(m->ngeom));
  std::printf("Start          : %s\n", key >= 0 ? "keyframe \"test\"" : "initial state");
  std::printf("Threads        : %d (pool threads per mjData: %d)\n", nthread, npoolthread);

  std::vector<ThreadResult> results(nthread);
  std::vector<std::thread> threads;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < nthread; i++) {
    threads.emplace_back(Simulate, m, data[i], nstep, ctrlnoise, &results[i]);
  }
  for (auto& t : threads) {
    t.join();
  }
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  long long contacts = 0, constraints = 0;
  for (const ThreadResult& r : results) {
    contacts += r.contacts;
    constraints += r.constraints;
  }
  double total_steps = static_cast<double>(nstep) * nthread;
  double steps_per_second = total_steps / std::max(wall, 1e-9);
  std::printf("Simulated time : %.3f s per thread (%d steps of %g s)\n", nstep * m->opt.timestep,
              nstep, m->opt.timestep);
  std::printf("Wall time      : %.3f s\n", wall);
  std::printf("Steps/s        : %.0f\n", steps_per_second);
  std::printf("Realtime factor: %.2f x\n", steps_per_second * m->opt.timestep);
  std::printf("Time per step  : %.3f us per thread\n", 1e6 * wall * nthread / total_steps);
  std::printf("CPU per step   :");
  for (const ThreadResult& r : results) {
    std::printf(" %.3f", 1e6 * r.cpu_seconds / nstep);
  }
  std::printf(" us (processor time of each thread)\n");
  std::printf("Contacts/step  : %.2f\n", contacts / total_steps);
  std::printf("Constraints/step: %.2f\n", constraints / total_steps);
  std::printf("Stack/arena use: %.0f / %.0f KiB max (arena %.0f KiB)\n",
              data[0]->maxuse_stack / 1024.0, data[0]->maxuse_arena / 1024.0,
              data[0]->narena / 1024.0);
  PrintWarnings(data[0]);

  Profile(m, key, nstep, ctrlnoise);

  for (int i = 0; i < nthread; i++) {
    mj_deleteData(data[i]);
    if (pools[i]) {
      mju_threadPoolDestroy(pools[i]);
    }
  }
  mj_deleteModel(m);
  return EXIT_SUCCESS;
}
