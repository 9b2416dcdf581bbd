// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Thread pool: std::thread workers over a FIFO ring buffer of task pointers.
//
// Spec: APIreference_functions.rst "Threads"; APIreference_APItypes.rst mjThreadPool, mjTask,
// mjtTaskStatus. The pool is the only engine object written with C++ machinery (threads,
// mutex, condition variable); the simulation code only sees the C structs.

#include "engine/engine_thread.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

namespace {

// the public struct first (as a base), the machinery after it
struct ThreadPool : mjThreadPool {
  std::vector<std::thread> workers;
  std::mutex mutex;
  std::condition_variable wake;  // signalled when a task is queued or on shutdown
  std::vector<mjTask*> ring;     // FIFO ring buffer of queued tasks
  size_t head = 0;               // index of the oldest queued task
  size_t count = 0;              // number of queued tasks
  bool shutdown = false;
};

// which pool and worker the current thread is (per thread, set once by the worker loop)
struct WorkerIdentity {
  const mjThreadPool* pool = nullptr;
  int id = 0;
};
thread_local WorkerIdentity t_identity;

int loadStatus(const mjTask* task) {
  return __atomic_load_n(&task->status, __ATOMIC_ACQUIRE);
}

void storeStatus(mjTask* task, int status) {
  __atomic_store_n(&task->status, status, __ATOMIC_RELEASE);
}

// append to the ring buffer, doubling its capacity when full (rare: capacity starts large)
void pushTask(ThreadPool* pool, mjTask* task) {
  if (pool->count == pool->ring.size()) {
    std::vector<mjTask*> grown(2 * pool->ring.size());
    for (size_t i = 0; i < pool->count; i++) {
      grown[i] = pool->ring[(pool->head + i) % pool->ring.size()];
    }
    pool->ring.swap(grown);
    pool->head = 0;
  }
  pool->ring[(pool->head + pool->count) % pool->ring.size()] = task;
  pool->count++;
}

mjTask* popTask(ThreadPool* pool) {
  mjTask* task = pool->ring[pool->head];
  pool->head = (pool->head + 1) % pool->ring.size();
  pool->count--;
  return task;
}

// worker: take tasks until shutdown and the queue is drained
void workerLoop(ThreadPool* pool, int id) {
  t_identity.pool = pool;
  t_identity.id = id;
  for (;;) {
    mjTask* task;
    {
      std::unique_lock<std::mutex> lock(pool->mutex);
      pool->wake.wait(lock, [pool] { return pool->count > 0 || pool->shutdown; });
      if (pool->count == 0) {
        return;  // shutdown with an empty queue
      }
      task = popTask(pool);
    }
    if (task->func) {
      task->func(task->args);
    }
    storeStatus(task, mjTASK_COMPLETED);
  }
}

}  // namespace

mjThreadPool* mju_threadPoolCreate(size_t number_of_threads) {
  if (number_of_threads < 1 || number_of_threads > mjMAXTHREAD) {
    mjERROR("number of threads must be between 1 and %d, got %zu", mjMAXTHREAD, number_of_threads);
    return nullptr;
  }
  ThreadPool* pool = new (std::nothrow) ThreadPool();
  if (!pool) {
    mjERROR("could not allocate the thread pool");
    return nullptr;
  }
  pool->nworker = static_cast<int>(number_of_threads);
  pool->ring.resize(1024);
  pool->workers.reserve(number_of_threads);
  for (size_t i = 0; i < number_of_threads; i++) {
    pool->workers.emplace_back(workerLoop, pool, static_cast<int>(i) + 1);
  }
  return pool;
}

void mju_threadPoolEnqueue(mjThreadPool* thread_pool, mjTask* task) {
  if (!thread_pool || !task) {
    mjERROR("thread pool and task must not be NULL");
    return;
  }
  ThreadPool* pool = static_cast<ThreadPool*>(thread_pool);
  storeStatus(task, mjTASK_QUEUED);
  {
    std::lock_guard<std::mutex> lock(pool->mutex);
    if (pool->shutdown) {
      storeStatus(task, mjTASK_NEW);
      mjERROR("thread pool is being destroyed");
      return;
    }
    pushTask(pool, task);
  }
  pool->wake.notify_one();
}

// Stop the workers after they have run every queued task, then free the pool.
void mju_threadPoolDestroy(mjThreadPool* thread_pool) {
  if (!thread_pool) {
    return;
  }
  ThreadPool* pool = static_cast<ThreadPool*>(thread_pool);
  {
    std::lock_guard<std::mutex> lock(pool->mutex);
    pool->shutdown = true;
  }
  pool->wake.notify_all();
  for (std::thread& worker : pool->workers) {
    if (worker.joinable()) {
      worker.join();
    }
  }
  delete pool;
}

void mju_defaultTask(mjTask* task) {
  if (!task) {
    return;
  }
  task->func = nullptr;
  task->args = nullptr;
  storeStatus(task, mjTASK_NEW);
}

// Wait until the task has run: spin briefly (tasks are usually short), then yield, then sleep
// in short intervals so a long task does not burn a core.
void mju_taskJoin(mjTask* task) {
  if (!task) {
    mjERROR("task is NULL");
    return;
  }
  if (loadStatus(task) == mjTASK_NEW) {
    mjERROR("task was never enqueued");
    return;
  }
  for (int spin = 0; loadStatus(task) != mjTASK_COMPLETED; spin++) {
    if (spin < 1000) {
      continue;
    } else if (spin < 2000) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }
}

// Attach a pool to mjData: the engine may then distribute work to its workers.
void mju_bindThreadPool(mjData* d, void* thread_pool) {
  if (!d) {
    mjERROR("mjData is NULL");
    return;
  }
  d->threadpool = reinterpret_cast<uintptr_t>(thread_pool);
}

int mju_threadPoolWorkerId(const mjThreadPool* pool) {
  return (pool && t_identity.pool == pool) ? t_identity.id : 0;
}
