// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Thread pool (src/engine/engine_thread.cc): tasks run, joins wait, destroy drains and joins.

#include <atomic>
#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_thread.h"
#include "fixture.h"
#include "io_model.h"

namespace {

using motus_test::MujocoError;
using motus_test::ScopedErrorCapture;

struct Work {
  const mjThreadPool* pool;
  int input;
  long result;
  int worker;
  std::atomic<int>* counter;
};

// sum of 0..input, the worker that ran it, and a shared counter
void* SumTask(void* arg) {
  Work* w = static_cast<Work*>(arg);
  long s = 0;
  for (int i = 0; i <= w->input; i++) {
    s += i;
  }
  w->result = s;
  w->worker = mju_threadPoolWorkerId(w->pool);
  w->counter->fetch_add(1);
  return nullptr;
}

TEST(Thread, PoolRunsAllTasksAndJoins) {
  const int nthread = 4, ntask = 1000;
  mjThreadPool* pool = mju_threadPoolCreate(nthread);
  ASSERT_NE(pool, nullptr);
  EXPECT_EQ(pool->nworker, nthread);
  std::atomic<int> counter{0};
  std::vector<Work> work(ntask);
  std::vector<mjTask> tasks(ntask);
  for (int i = 0; i < ntask; i++) {
    work[i] = {pool, i, -1, -1, &counter};
    mju_defaultTask(&tasks[i]);
    EXPECT_EQ(tasks[i].status, mjTASK_NEW);
    tasks[i].func = SumTask;
    tasks[i].args = &work[i];
    mju_threadPoolEnqueue(pool, &tasks[i]);
  }
  std::set<int> workers;
  for (int i = 0; i < ntask; i++) {
    mju_taskJoin(&tasks[i]);
    EXPECT_EQ(tasks[i].status, mjTASK_COMPLETED);
    EXPECT_EQ(work[i].result, static_cast<long>(i) * (i + 1) / 2);  // closed form
    EXPECT_GE(work[i].worker, 1);
    EXPECT_LE(work[i].worker, nthread);
    workers.insert(work[i].worker);
  }
  EXPECT_EQ(counter.load(), ntask);
  EXPECT_EQ(mju_threadPoolWorkerId(pool), 0);  // the main thread is not a worker
  mju_threadPoolDestroy(pool);
}

TEST(Thread, DestroyRunsQueuedTasks) {
  mjThreadPool* pool = mju_threadPoolCreate(2);
  std::atomic<int> counter{0};
  const int ntask = 3000;  // more than the initial queue capacity: the queue grows
  std::vector<Work> work(ntask);
  std::vector<mjTask> tasks(ntask);
  for (int i = 0; i < ntask; i++) {
    work[i] = {pool, 10, -1, -1, &counter};
    mju_defaultTask(&tasks[i]);
    tasks[i].func = SumTask;
    tasks[i].args = &work[i];
    mju_threadPoolEnqueue(pool, &tasks[i]);
  }
  mju_threadPoolDestroy(pool);  // joins the workers after the queue is drained
  EXPECT_EQ(counter.load(), ntask);
  for (int i = 0; i < ntask; i++) {
    EXPECT_EQ(tasks[i].status, mjTASK_COMPLETED);
  }
  mju_threadPoolDestroy(nullptr);  // NULL-safe
}

TEST(Thread, BadUseIsAnError) {
  ScopedErrorCapture capture;
  EXPECT_THROW(mju_threadPoolCreate(0), MujocoError);
  EXPECT_THROW(mju_threadPoolCreate(mjMAXTHREAD + 1), MujocoError);
  mjTask task;
  mju_defaultTask(&task);
  EXPECT_THROW(mju_taskJoin(&task), MujocoError);  // never enqueued: would wait forever
  mjThreadPool* pool = mju_threadPoolCreate(1);
  EXPECT_THROW(mju_threadPoolEnqueue(pool, nullptr), MujocoError);
  EXPECT_THROW(mju_threadPoolEnqueue(nullptr, &task), MujocoError);
  // a task without a function completes
  mju_threadPoolEnqueue(pool, &task);
  mju_taskJoin(&task);
  EXPECT_EQ(task.status, mjTASK_COMPLETED);
  mju_threadPoolDestroy(pool);
}

TEST(Thread, BindThreadPool) {
  mjModel* m = motus_test::MakeTestModel();
  mjData* d = mj_makeData(m);
  mjThreadPool* pool = mju_threadPoolCreate(2);
  EXPECT_EQ(d->threadpool, 0u);
  mju_bindThreadPool(d, pool);
  EXPECT_EQ(d->threadpool, reinterpret_cast<uintptr_t>(pool));
  mj_resetData(m, d);
  EXPECT_EQ(d->threadpool, reinterpret_cast<uintptr_t>(pool));  // survives reset
  mju_bindThreadPool(d, nullptr);
  EXPECT_EQ(d->threadpool, 0u);
  mju_threadPoolDestroy(pool);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
