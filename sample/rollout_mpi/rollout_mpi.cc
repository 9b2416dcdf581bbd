// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// A batch of rollouts spread over MPI ranks, each rank running its share with the rollout API on
// its own threads (include/motus/rollout.h), the results gathered at rank 0. See doc/rollout.md.
//
//   mpirun -np RANKS rollout_mpi MODEL [--nroll N] [--nstep T] [--threads K] [--seed S]
//                                [--repeat R] [--out FILE] [--verify]
//
// Only rank 0 reads MODEL; it broadcasts the compiled model (MJB bytes), so every rank simulates
// the same mjModel. The inputs of rollout r (initial velocities and per-step controls) are a
// function of (seed, r) alone, and rollout r goes to rank floor(r * RANKS / N) (contiguous
// blocks): each rank computes its own inputs, and since a rollout's result depends only on its
// inputs, the gathered results are the same for any number of ranks and threads.
//
// Output (rank 0): the time of the slowest rank's compute, of the gather, and rollouts/s.
// --out writes the gathered state (mjSTATE_FULLPHYSICS per step), sensordata and status as raw
// native-endian bytes. --verify recomputes the whole batch in rank 0 alone with one thread and
// exits with status 1 unless the gathered results are bitwise equal.

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include <motus/rollout.h>
#include <mujoco/mujoco.h>

namespace {

struct Options {
  const char* model = nullptr;
  int nroll = 64;
  int nstep = 100;
  int threads = 1;
  unsigned long long seed = 1;
  int repeat = 1;
  const char* out = nullptr;
  bool verify = false;
};

bool parse(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    bool has_value = i + 1 < argc;
    if (a == "--nroll" && has_value) {
      o->nroll = atoi(argv[++i]);
    } else if (a == "--nstep" && has_value) {
      o->nstep = atoi(argv[++i]);
    } else if (a == "--threads" && has_value) {
      o->threads = atoi(argv[++i]);
    } else if (a == "--seed" && has_value) {
      o->seed = strtoull(argv[++i], nullptr, 10);
    } else if (a == "--repeat" && has_value) {
      o->repeat = atoi(argv[++i]);
    } else if (a == "--out" && has_value) {
      o->out = argv[++i];
    } else if (a == "--verify") {
      o->verify = true;
    } else if (a[0] != '-' && !o->model) {
      o->model = argv[i];
    } else {
      return false;
    }
  }
  return o->model && o->nroll > 0 && o->nstep > 0 && o->threads >= 0 && o->repeat > 0;
}

// ---------------------------------------------------------------------------------------------
// the model: compiled by rank 0, broadcast as MJB bytes

mjModel* broadcastModel(const char* path, int rank) {
  long long size = 0;
  std::vector<char> bytes;
  if (rank == 0) {
    char error[1000] = "";
    mjModel* m = mj_loadXML(path, nullptr, error, sizeof(error));
    if (!m) {
      fprintf(stderr, "rank 0: could not load %s: %s\n", path, error);
    } else {
      size = static_cast<long long>(mj_sizeModel(m));
      if (size > INT_MAX) {
        fprintf(stderr, "rank 0: the model is larger than 2 GB\n");
        size = 0;
      } else {
        bytes.resize(static_cast<size_t>(size));
        mj_saveModel(m, nullptr, bytes.data(), static_cast<int>(size));
      }
      mj_deleteModel(m);
    }
  }
  MPI_Bcast(&size, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  if (size <= 0) {
    return nullptr;
  }
  bytes.resize(static_cast<size_t>(size));
  MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, 0, MPI_COMM_WORLD);
  return mj_loadModelBuffer(bytes.data(), static_cast<int>(size));
}

// ---------------------------------------------------------------------------------------------
// inputs of rollout r: a function of (seed, r) only

uint64_t mix(uint64_t x) {  // splitmix64 finalizer
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

double uniform(uint64_t* s) {  // in [-1, 1)
  *s = mix(*s);
  return static_cast<double>(*s >> 11) / 4503599627370496.0 - 1.0;
}

// initial full physics states and controls of rollouts [begin, end)
void makeInputs(const mjModel* m, const Options& o, int begin, int end, std::vector<mjtNum>* init,
                std::vector<mjtNum>* ctrl) {
  int ninit = mj_stateSize(m, mjSTATE_FULLPHYSICS);
  size_t n = static_cast<size_t>(end - begin);
  init->resize(n * ninit);
  ctrl->resize(n * o.nstep * m->nu);
  mjData* d = mj_makeData(m);
  for (int r = begin; r < end; r++) {
    uint64_t s = mix(o.seed) ^ mix(static_cast<uint64_t>(r) + 1);
    if (m->nkey) {
      mj_resetDataKeyframe(m, d, 0);
    } else {
      mj_resetData(m, d);
    }
    for (int i = 0; i < m->nv; i++) {
      d->qvel[i] += 0.1 * uniform(&s);
    }
    mj_getState(m, d, init->data() + (r - begin) * static_cast<size_t>(ninit), mjSTATE_FULLPHYSICS);
    mjtNum* c = ctrl->data() + (r - begin) * static_cast<size_t>(o.nstep) * m->nu;
    for (size_t i = 0; i < static_cast<size_t>(o.nstep) * m->nu; i++) {
      c[i] = 0.2 * uniform(&s);
    }
  }
  mj_deleteData(d);
}

// ---------------------------------------------------------------------------------------------
// rollouts [begin, end) on this process

struct Results {
  std::vector<mjtNum> state, sensordata;
  std::vector<int> status;  // 3 ints per rollout: nstep, warning, info
};

// a batch of rollouts [begin, end) with its inputs and outputs
struct Range {
  int begin, end;
  std::vector<mjtNum> init, ctrl;
  std::vector<mtrStatus> status;
  Results res;
  mtrBatch batch;
};

void makeRange(const mjModel* const* m, const Options& o, int begin, int end, Range* g) {
  const mjModel* model = *m;
  g->begin = begin;
  g->end = end;
  makeInputs(model, o, begin, end, &g->init, &g->ctrl);
  size_t nroll = static_cast<size_t>(end - begin), steps = nroll * o.nstep;
  g->res.state.resize(steps * mj_stateSize(model, mjSTATE_FULLPHYSICS));
  g->res.sensordata.resize(steps * model->nsensordata);
  g->res.status.resize(3 * nroll);
  g->status.resize(nroll);
  mtrBatch& b = g->batch;
  mtr_defaultBatch(&b);
  b.model = m;
  b.nmodel = 1;
  b.nroll = end - begin;
  b.nstep = o.nstep;
  b.initial_spec = mjSTATE_FULLPHYSICS;
  b.initial_state = g->init.data();
  b.initial_state_size = g->init.size();
  b.control_spec = model->nu ? mjSTATE_CTRL : 0;
  b.control = model->nu ? g->ctrl.data() : nullptr;
  b.control_size = model->nu ? g->ctrl.size() : 0;
  b.state = g->res.state.data();
  b.state_size = g->res.state.size();
  b.sensordata = model->nsensordata ? g->res.sensordata.data() : nullptr;
  b.sensordata_size = model->nsensordata ? g->res.sensordata.size() : 0;
  b.status = g->status.data();
  b.status_size = g->status.size();
}

// run the range's batch; false (with a message) if it failed
bool runRange(mtrRollout* r, Range* g) {
  char error[1000] = "";
  if (mtr_rollout(r, &g->batch, error, sizeof(error)) < 0) {
    fprintf(stderr, "rollout of [%d, %d) failed: %s\n", g->begin, g->end, error);
    return false;
  }
  for (size_t i = 0; i < g->status.size(); i++) {
    g->res.status[3 * i] = g->status[i].nstep;
    g->res.status[3 * i + 1] = g->status[i].warning;
    g->res.status[3 * i + 2] = g->status[i].info;
  }
  return true;
}

// first rollout of `rank`: contiguous blocks, floor(rank * nroll / size)
int blockBegin(int rank, int size, int nroll) {
  return static_cast<int>(static_cast<long long>(rank) * nroll / size);
}

// gather per-rank arrays of `per_roll` elements per rollout at rank 0, in rollout order
template <typename T>
bool gather(const std::vector<T>& local, std::vector<T>* all, size_t per_roll, int nroll,
            MPI_Datatype type, int rank, int size) {
  if (per_roll * static_cast<size_t>(nroll) > INT_MAX) {
    if (rank == 0) {
      fprintf(stderr,
              "the gathered output has more than INT_MAX elements: use fewer rollouts "
              "per run\n");
    }
    return false;
  }
  std::vector<int> counts(size), displs(size);
  for (int k = 0; k < size; k++) {
    int b = blockBegin(k, size, nroll), e = blockBegin(k + 1, size, nroll);
    counts[k] = static_cast<int>((e - b) * per_roll);
    displs[k] = static_cast<int>(b * per_roll);
  }
  if (rank == 0) {
    all->resize(per_roll * nroll);
  }
  MPI_Gatherv(local.data(), static_cast<int>(local.size()), type, rank == 0 ? all->data() : nullptr,
              counts.data(), displs.data(), type, 0, MPI_COMM_WORLD);
  return true;
}

template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && !memcmp(a.data(), b.data(), a.size() * sizeof(T));
}

bool writeResults(const char* path, const Results& res) {
  FILE* f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "cannot write %s\n", path);
    return false;
  }
  fwrite(res.state.data(), sizeof(mjtNum), res.state.size(), f);
  fwrite(res.sensordata.data(), sizeof(mjtNum), res.sensordata.size(), f);
  fwrite(res.status.data(), sizeof(int), res.status.size(), f);
  return fclose(f) == 0;
}

// rank 0: recompute everything alone on one thread and compare
bool verify(const mjModel* const* m, const Options& o, const Results& gathered) {
  Range alone;
  makeRange(m, o, 0, o.nroll, &alone);
  char error[1000] = "";
  mtrRollout* r = mtr_makeRollout(*m, 1, error, sizeof(error));
  if (!r || !runRange(r, &alone)) {
    fprintf(stderr, "verify: %s\n", error);
    mtr_deleteRollout(r);
    return false;
  }
  mtr_deleteRollout(r);
  bool same = sameBits(alone.res.state, gathered.state) &&
              sameBits(alone.res.sensordata, gathered.sensordata) &&
              sameBits(alone.res.status, gathered.status);
  printf(
      "verify: gathered results %s the single-process rollout (%zu state and %zu sensor "
      "values)\n",
      same ? "are bitwise equal to" : "DIFFER from", alone.res.state.size(),
      alone.res.sensordata.size());
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  Options o;
  if (!parse(argc, argv, &o)) {
    if (rank == 0) {
      fprintf(stderr,
              "usage: mpirun -np RANKS rollout_mpi MODEL [--nroll N] [--nstep T] [--threads K] "
              "[--seed S] [--repeat R] [--out FILE] [--verify]\n");
    }
    MPI_Finalize();
    return 2;
  }
  mjModel* m = broadcastModel(o.model, rank);
  if (!m) {
    MPI_Finalize();
    return 1;
  }
  const mjModel* models[1] = {m};
  Range local;
  makeRange(models, o, blockBegin(rank, size, o.nroll), blockBegin(rank + 1, size, o.nroll),
            &local);
  char error[1000] = "";
  mtrRollout* pool = mtr_makeRollout(m, o.threads, error, sizeof(error));
  if (!pool) {
    fprintf(stderr, "rank %d: %s\n", rank, error);
  }
  Results all;
  std::vector<double> compute, gathering;
  bool ok = true;
  for (int k = 0; k < o.repeat && ok; k++) {
    // compute: until the slowest rank is done
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    int fine = pool && runRange(pool, &local), all_fine = 0;
    MPI_Allreduce(&fine, &all_fine, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    ok = all_fine != 0;
    // gather at rank 0, in rollout order
    const Results& res = local.res;
    size_t nstate = static_cast<size_t>(o.nstep) * mj_stateSize(m, mjSTATE_FULLPHYSICS);
    size_t nsensor = static_cast<size_t>(o.nstep) * m->nsensordata;
    ok = ok && gather(res.state, &all.state, nstate, o.nroll, MPI_DOUBLE, rank, size) &&
         gather(res.sensordata, &all.sensordata, nsensor, o.nroll, MPI_DOUBLE, rank, size) &&
         gather(res.status, &all.status, 3, o.nroll, MPI_INT, rank, size);
    compute.push_back(t1 - t0);
    gathering.push_back(MPI_Wtime() - t1);
  }
  mtr_deleteRollout(pool);
  int status = ok ? 0 : 1;
  if (rank == 0 && ok) {
    std::sort(compute.begin(), compute.end());
    std::sort(gathering.begin(), gathering.end());
    double tc = compute[compute.size() / 2], tg = gathering[gathering.size() / 2];
    int stopped = 0;
    for (int r = 0; r < o.nroll; r++) {
      stopped += all.status[3 * r + 1] >= 0;
    }
    printf(
        "%d ranks x %d threads: %d rollouts x %d steps; median of %d: compute %.4f s "
        "(slowest rank), gather %.4f s, %.1f rollouts/s, %.0f steps/s; %d stopped early\n",
        size, o.threads, o.nroll, o.nstep, o.repeat, tc, tg, o.nroll / (tc + tg),
        static_cast<double>(o.nroll) * o.nstep / (tc + tg), stopped);
    if (o.out && !writeResults(o.out, all)) {
      status = 1;
    }
    if (o.verify && !verify(models, o, all)) {
      status = 1;
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  mj_deleteModel(m);
  MPI_Finalize();
  return status;
}
