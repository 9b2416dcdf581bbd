// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Batch rollouts (include/motus/rollout.h), following the Simulation chapter's "Multi-threading"
// section: a shared const mjModel, one mjData per thread used for all of that thread's work, and
// rollouts distributed explicitly among the threads. The rollout layer sits above the engine and
// calls only MuJoCo's public API (mj_resetData, mj_setState, mj_step, mj_getState, thread pool).
//
// Determinism: every rollout starts with mj_resetData, so its result depends only on its model
// and inputs, never on which thread or mjData ran it or what ran there before. Scheduling is
// dynamic (threads take the next chunk of rollouts from a shared counter) because rollouts that
// stop early or have more contacts take less or more time.

#include <string.h>
#include <atomic>
#include <new>
#include <thread>

#include <motus/rollout.h>
#include <mujoco/mujoco.h>

#include "rollout/rollout_check.h"

struct mtrRollout_ {
  mtrModelSizes sizes;  // layout sizes of the model the mjData were made for
  int nthread;          // threads per batch, including the caller's
  mjThreadPool* pool;   // nthread-1 workers (NULL when nthread == 1)
  mjData* data[mjMAXTHREAD + 1];
  std::atomic<int> busy;  // 1 while a batch runs
};

namespace {

// one batch in flight: shared, read-only except for the chunk counter
struct Job {
  const mtrBatch* batch;
  mtrBatchSizes n;
  int chunk;  // rollouts per chunk
  int nchunk;
  std::atomic<int> next;     // next chunk to take
  std::atomic<int> stopped;  // rollouts that stopped early
};

// what one thread needs: the job and its own mjData
struct WorkerArgs {
  Job* job;
  mjData* d;
};

// the lowest-index warning raised since the reset, or -1
int firstWarning(const mjData* d) {
  for (int w = 0; w < mjNWARNING; w++) {
    if (d->warning[w].number > 0) {
      return w;
    }
  }
  return -1;
}

// outputs of step t of rollout r
void writeStep(const Job* job, const mjModel* m, const mjData* d, size_t step) {
  const mtrBatch* b = job->batch;
  if (b->state) {
    mj_getState(m, d, b->state + step * job->n.nstate, b->state_spec);
  }
  if (b->sensordata && job->n.nsensor) {
    memcpy(b->sensordata + step * job->n.nsensor, d->sensordata, sizeof(mjtNum) * job->n.nsensor);
  }
}

// a stopped rollout's remaining steps repeat the outputs of the step that warned (`last`)
void padSteps(const Job* job, size_t last, size_t end) {
  const mtrBatch* b = job->batch;
  for (size_t step = last + 1; step < end; step++) {
    if (b->state && job->n.nstate) {
      memcpy(b->state + step * job->n.nstate, b->state + last * job->n.nstate,
             sizeof(mjtNum) * job->n.nstate);
    }
    if (b->sensordata && job->n.nsensor) {
      memcpy(b->sensordata + step * job->n.nsensor, b->sensordata + last * job->n.nsensor,
             sizeof(mjtNum) * job->n.nsensor);
    }
  }
}

// the initial state of rollout r: reset, then the given components and warm start
void initRollout(const Job* job, const mjModel* m, mjData* d, size_t r) {
  const mtrBatch* b = job->batch;
  mj_resetData(m, d);
  if (b->initial_spec && b->initial_state) {
    mj_setState(m, d, b->initial_state + r * job->n.ninitial, b->initial_spec);
  }
  if (b->initial_warmstart && job->n.nv) {
    memcpy(d->qacc_warmstart, b->initial_warmstart + r * job->n.nv, sizeof(mjtNum) * job->n.nv);
  }
}

// run rollout r on d (the semantics spelled out in rollout.h)
void runRollout(Job* job, mjData* d, int r) {
  const mtrBatch* b = job->batch;
  const mjModel* m = b->model[b->nmodel == 1 ? 0 : r];
  size_t nstep = static_cast<size_t>(b->nstep), first = static_cast<size_t>(r) * nstep;
  initRollout(job, m, d, r);
  mtrStatus status = {b->nstep, -1, 0};
  for (size_t t = 0; t < nstep; t++) {
    if (b->control_spec && b->control) {
      mj_setState(m, d, b->control + (first + t) * job->n.ncontrol, b->control_spec);
    }
    mj_step(m, d);
    writeStep(job, m, d, first + t);
    int w = firstWarning(d);
    if (w >= 0) {
      status = {static_cast<int>(t) + 1, w, d->warning[w].lastinfo};
      padSteps(job, first + t, first + nstep);
      job->stopped.fetch_add(1, std::memory_order_relaxed);
      break;
    }
  }
  if (b->status) {
    b->status[r] = status;
  }
}

// task body: take chunks until none is left
void* runWorker(void* arg) {
  WorkerArgs* w = static_cast<WorkerArgs*>(arg);
  Job* job = w->job;
  for (;;) {
    int c = job->next.fetch_add(1, std::memory_order_relaxed);
    if (c >= job->nchunk) {
      return nullptr;
    }
    int begin = c * job->chunk;
    int end = begin + job->chunk < job->batch->nroll ? begin + job->chunk : job->batch->nroll;
    for (int r = begin; r < end; r++) {
      runRollout(job, w->d, r);
    }
  }
}

// about 10 chunks per thread balances uneven rollouts without contending on the counter
int chunkSize(const mtrBatch* b, int nthread) {
  if (b->chunk_size > 0) {
    return b->chunk_size;
  }
  int chunk = b->nroll / (10 * nthread);
  return chunk > 0 ? chunk : 1;
}

// run the job on the caller and the pool's workers; the caller takes chunks too
void runJob(mtrRollout* r, Job* job) {
  WorkerArgs args[mjMAXTHREAD + 1];
  mjTask tasks[mjMAXTHREAD + 1];
  int nworker = r->nthread - 1;
  for (int i = 0; i <= nworker; i++) {
    args[i] = {job, r->data[i]};
  }
  for (int i = 1; i <= nworker; i++) {
    mju_defaultTask(&tasks[i]);
    tasks[i].func = runWorker;
    tasks[i].args = &args[i];
    mju_threadPoolEnqueue(r->pool, &tasks[i]);
  }
  runWorker(&args[0]);
  for (int i = 1; i <= nworker; i++) {
    mju_taskJoin(&tasks[i]);
  }
}

}  // namespace

mtrRollout* mtr_makeRollout(const mjModel* m, int nthread, char* error, int error_sz) {
  if (!m) {
    mtr_fail(error, error_sz, "model is NULL");
    return nullptr;
  }
  if (nthread == 0) {
    nthread = static_cast<int>(std::thread::hardware_concurrency());
    nthread = nthread < 1 ? 1 : (nthread > mjMAXTHREAD ? mjMAXTHREAD : nthread);
  }
  if (nthread < 1 || nthread > mjMAXTHREAD) {
    mtr_fail(error, error_sz, "nthread is %d: must be 0 (one per core) or 1 to %d", nthread,
             mjMAXTHREAD);
    return nullptr;
  }
  mtrRollout* r = new (std::nothrow) mtrRollout_();
  if (!r) {
    mtr_fail(error, error_sz, "could not allocate the rollout object");
    return nullptr;
  }
  mtr_modelSizes(m, &r->sizes);
  r->nthread = nthread;
  r->busy.store(0);
  for (int i = 0; i < nthread; i++) {
    r->data[i] = mj_makeData(m);
    if (!r->data[i]) {
      mtr_deleteRollout(r);
      mtr_fail(error, error_sz, "could not allocate mjData %d of %d", i + 1, nthread);
      return nullptr;
    }
  }
  if (nthread > 1) {
    r->pool = mju_threadPoolCreate(static_cast<size_t>(nthread - 1));
    if (!r->pool) {
      mtr_deleteRollout(r);
      mtr_fail(error, error_sz, "could not create a thread pool of %d workers", nthread - 1);
      return nullptr;
    }
  }
  return r;
}

void mtr_deleteRollout(mtrRollout* r) {
  if (!r) {
    return;
  }
  if (r->pool) {
    mju_threadPoolDestroy(r->pool);
  }
  for (int i = 0; i < r->nthread; i++) {
    if (r->data[i]) {
      mj_deleteData(r->data[i]);
    }
  }
  delete r;
}

int mtr_rolloutThreads(const mtrRollout* r) {
  return r ? r->nthread : 0;
}

void mtr_defaultBatch(mtrBatch* batch) {
  if (!batch) {
    return;
  }
  memset(batch, 0, sizeof(mtrBatch));
  batch->state_spec = mjSTATE_FULLPHYSICS;
}

int mtr_rollout(mtrRollout* r, const mtrBatch* batch, char* error, int error_sz) {
  if (!r) {
    return mtr_fail(error, error_sz, "rollout object is NULL");
  }
  Job job;
  if (mtr_checkBatch(&r->sizes, batch, &job.n, error, error_sz)) {
    return -1;
  }
  int expected = 0;
  if (!r->busy.compare_exchange_strong(expected, 1)) {
    return mtr_fail(error, error_sz, "this mtrRollout is already running a batch");
  }
  job.batch = batch;
  job.chunk = chunkSize(batch, r->nthread);
  job.nchunk = batch->nroll / job.chunk + (batch->nroll % job.chunk != 0);
  job.next.store(0);
  job.stopped.store(0);
  runJob(r, &job);
  r->busy.store(0);
  return job.stopped.load();
}
