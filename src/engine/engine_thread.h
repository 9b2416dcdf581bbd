// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Thread pool (mjThreadPool, mjTask; include/mujoco/mjthread.h). The public functions
// mju_threadPoolCreate / Enqueue / Destroy, mju_defaultTask, mju_taskJoin and
// mju_bindThreadPool are declared in mujoco.h.
//
// A pool owns `nworker` std::thread workers that take tasks from a FIFO queue. A task is a plain
// struct owned by the caller (typically on the C stack or in mjData memory): enqueueing does not
// allocate beyond the queue's own storage, which is reserved when the pool is created.
// mju_taskJoin waits for one task; tasks may run in any order and concurrently.

#ifndef MOTUS_ENGINE_ENGINE_THREAD_H_
#define MOTUS_ENGINE_ENGINE_THREAD_H_

#include <stddef.h>

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// index of the calling thread in the pool it belongs to: 1..nworker for a worker of `pool`,
// 0 for any other thread
int mju_threadPoolWorkerId(const mjThreadPool* pool);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_THREAD_H_
