// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Batch validation: state specs are bitfields of mjtState (programming_simulation.rst "State
// manipulation"); controls are user inputs only ("User inputs", mjSTATE_USER); every array length
// is the product of the batch's counts and the per-step length of its spec.

#include "rollout/rollout_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

namespace {

// model sizes that only describe the model (names, text, keyframes, user parameters, the model's
// own buffer): models that differ in these still share one mjData layout
bool modelOnlySize(const char* name) {
  static const char* const kModelOnly[] = {
      "nnames",       "npaths",         "nnames_map",   "ntext",      "ntextdata",
      "nnumeric",     "nnumericdata",   "ntuple",       "ntupledata", "nkey",
      "nuser_body",   "nuser_jnt",      "nuser_geom",   "nuser_site", "nuser_cam",
      "nuser_tendon", "nuser_actuator", "nuser_sensor", "nbuffer"};
  for (const char* s : kModelOnly) {
    if (!strcmp(s, name)) {
      return true;
    }
  }
  return false;
}

const char* const kSizeNames[] = {
#define X(name) #name,
    MJMODEL_SIZES
#undef X
};

constexpr int kNumSizes = sizeof(kSizeNames) / sizeof(kSizeNames[0]);
static_assert(kNumSizes <= 128, "mtrModelSizes holds at most 128 sizes");

// the layout sizes of m, in MJMODEL_SIZES order
int layoutSizes(const mjModel* m, mjtSize* out) {
  const mjtSize all[] = {
#define X(name) m->name,
      MJMODEL_SIZES
#undef X
  };
  int count = 0;
  for (int i = 0; i < kNumSizes; i++) {
    if (!modelOnlySize(kSizeNames[i])) {
      out[count++] = all[i];
    }
  }
  return count;
}

// name of the i-th layout size
const char* layoutSizeName(int i) {
  for (int k = 0; k < kNumSizes; k++) {
    if (!modelOnlySize(kSizeNames[k]) && i-- == 0) {
      return kSizeNames[k];
    }
  }
  return "?";
}

bool validSpec(int spec) {
  return spec >= 0 && spec < (1 << mjNSTATE);
}

// product of counts as size_t; false on overflow
bool product(size_t a, size_t b, size_t c, size_t* out) {
  if ((b && a > SIZE_MAX / b) || (c && a * b > SIZE_MAX / c)) {
    return false;
  }
  *out = a * b * c;
  return true;
}

// an optional array: NULL with size 0, or non-NULL with exactly `need` elements
int checkArray(const char* name, const void* ptr, size_t size, size_t need, char* error,
               int error_sz) {
  if (!ptr) {
    if (size) {
      return mtr_fail(error, error_sz, "%s is NULL but %s_size is %zu", name, name, size);
    }
    return 0;
  }
  if (size != need) {
    return mtr_fail(error, error_sz, "%s_size is %zu, the batch needs %zu", name, size, need);
  }
  return 0;
}

// the array that a nonzero spec describes must be given (unless it would be empty)
int checkSpecArray(const char* specname, int spec, const char* name, const void* ptr, size_t need,
                   char* error, int error_sz) {
  if (spec && !ptr && need) {
    return mtr_fail(error, error_sz, "%s is %d but %s is NULL", specname, spec, name);
  }
  if (!spec && ptr) {
    return mtr_fail(error, error_sz, "%s is given but %s is 0", name, specname);
  }
  return 0;
}

int checkModels(const mtrModelSizes* sizes, const mtrBatch* b, char* error, int error_sz) {
  if (!b->model) {
    return mtr_fail(error, error_sz, "model is NULL");
  }
  if (b->nmodel != 1 && b->nmodel != b->nroll) {
    return mtr_fail(error, error_sz, "nmodel is %d: must be 1 or nroll (%d)", b->nmodel, b->nroll);
  }
  for (int i = 0; i < b->nmodel; i++) {
    if (!b->model[i]) {
      return mtr_fail(error, error_sz, "model[%d] is NULL", i);
    }
    const char* differs = mtr_sizeMismatch(sizes, b->model[i]);
    if (differs) {
      return mtr_fail(error, error_sz,
                      "model[%d] differs from the model of mtr_makeRollout in %s: its mjData "
                      "layout is not compatible",
                      i, differs);
    }
  }
  return 0;
}

int checkSpecs(const mtrBatch* b, char* error, int error_sz) {
  if (!validSpec(b->initial_spec)) {
    return mtr_fail(error, error_sz, "initial_spec %d is not an mjtState bitfield (0 to %d)",
                    b->initial_spec, (1 << mjNSTATE) - 1);
  }
  if (!validSpec(b->state_spec)) {
    return mtr_fail(error, error_sz, "state_spec %d is not an mjtState bitfield (0 to %d)",
                    b->state_spec, (1 << mjNSTATE) - 1);
  }
  if (!validSpec(b->control_spec) || (b->control_spec & ~mjSTATE_USER)) {
    return mtr_fail(error, error_sz,
                    "control_spec %d is not a set of user inputs (mjSTATE_USER bits, %d)",
                    b->control_spec, (int)mjSTATE_USER);
  }
  if (b->state && !b->state_spec) {
    return mtr_fail(error, error_sz, "state is given but state_spec is 0");
  }
  return 0;
}

}  // namespace

int mtr_fail(char* error, int error_sz, const char* format, ...) {
  if (error && error_sz > 0) {
    va_list args;
    va_start(args, format);
    vsnprintf(error, static_cast<size_t>(error_sz), format, args);
    va_end(args);
  }
  return -1;
}

void mtr_modelSizes(const mjModel* m, mtrModelSizes* sizes) {
  sizes->count = layoutSizes(m, sizes->n);
}

const char* mtr_sizeMismatch(const mtrModelSizes* sizes, const mjModel* m) {
  mjtSize n[128];
  int count = layoutSizes(m, n);
  for (int i = 0; i < count && i < sizes->count; i++) {
    if (n[i] != sizes->n[i]) {
      return layoutSizeName(i);
    }
  }
  return nullptr;
}

int mtr_checkBatch(const mtrModelSizes* sizes, const mtrBatch* b, mtrBatchSizes* out, char* error,
                   int error_sz) {
  if (!b) {
    return mtr_fail(error, error_sz, "batch is NULL");
  }
  if (b->nroll < 0 || b->nstep < 0) {
    return mtr_fail(error, error_sz, "nroll (%d) and nstep (%d) must not be negative", b->nroll,
                    b->nstep);
  }
  if (b->chunk_size < 0) {
    return mtr_fail(error, error_sz, "chunk_size %d is negative", b->chunk_size);
  }
  if (checkModels(sizes, b, error, error_sz) || checkSpecs(b, error, error_sz)) {
    return -1;
  }
  const mjModel* m = b->model[0];
  out->ninitial = mj_stateSize(m, b->initial_spec);
  out->ncontrol = mj_stateSize(m, b->control_spec);
  out->nstate = b->state_spec ? mj_stateSize(m, b->state_spec) : 0;
  out->nsensor = static_cast<int>(m->nsensordata);
  out->nv = static_cast<int>(m->nv);

  size_t nroll = static_cast<size_t>(b->nroll), nstep = static_cast<size_t>(b->nstep);
  size_t n_initial, n_warm, n_control, n_state, n_sensor;
  if (!product(nroll, 1, out->ninitial, &n_initial) || !product(nroll, 1, out->nv, &n_warm) ||
      !product(nroll, nstep, out->ncontrol, &n_control) ||
      !product(nroll, nstep, out->nstate, &n_state) ||
      !product(nroll, nstep, out->nsensor, &n_sensor)) {
    return mtr_fail(error, error_sz, "the batch's array sizes overflow size_t");
  }
  if (checkSpecArray("initial_spec", b->initial_spec, "initial_state", b->initial_state, n_initial,
                     error, error_sz) ||
      checkSpecArray("control_spec", b->control_spec, "control", b->control, n_control, error,
                     error_sz) ||
      checkArray("initial_state", b->initial_state, b->initial_state_size, n_initial, error,
                 error_sz) ||
      checkArray("initial_warmstart", b->initial_warmstart, b->initial_warmstart_size, n_warm,
                 error, error_sz) ||
      checkArray("control", b->control, b->control_size, n_control, error, error_sz) ||
      checkArray("state", b->state, b->state_size, n_state, error, error_sz) ||
      checkArray("sensordata", b->sensordata, b->sensordata_size, n_sensor, error, error_sz) ||
      checkArray("status", b->status, b->status_size, nroll, error, error_sz)) {
    return -1;
  }
  if (!b->state && !b->sensordata && !b->status) {
    return mtr_fail(error, error_sz, "no output: state, sensordata and status are all NULL");
  }
  return 0;
}
