// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Validation of a batch (include/motus/rollout.h) before any thread touches it: every size,
// pointer, state spec and model is checked so that a bad batch is reported with a message and
// writes nothing.

#ifndef MOTUS_ROLLOUT_ROLLOUT_CHECK_H_
#define MOTUS_ROLLOUT_ROLLOUT_CHECK_H_

#include <stddef.h>

#include <motus/rollout.h>
#include <mujoco/mujoco.h>

// the mjModel sizes that fix the layout of mjData (MJMODEL_SIZES minus the model-only ones)
struct mtrModelSizes {
  mjtSize n[128];
  int count;
};

// per-rollout and per-step lengths of the batch's arrays, in elements
struct mtrBatchSizes {
  int ninitial;  // mj_stateSize(m, initial_spec)
  int ncontrol;  // mj_stateSize(m, control_spec)
  int nstate;    // mj_stateSize(m, state_spec)
  int nsensor;   // nsensordata
  int nv;
};

// the layout-defining sizes of m
void mtr_modelSizes(const mjModel* m, mtrModelSizes* sizes);

// NULL if m can run on mjData made for `sizes`, else the name of the first size that differs
const char* mtr_sizeMismatch(const mtrModelSizes* sizes, const mjModel* m);

// 0 and the batch's lengths when the batch is valid for data made for `sizes`, else -1 and a
// message in error
int mtr_checkBatch(const mtrModelSizes* sizes, const mtrBatch* batch, mtrBatchSizes* out,
                   char* error, int error_sz);

// write a printf-style message to error (if error_sz > 0); returns -1
int mtr_fail(char* error, int error_sz, const char* format, ...)
    __attribute__((format(printf, 3, 4)));

#endif  // MOTUS_ROLLOUT_ROLLOUT_CHECK_H_
