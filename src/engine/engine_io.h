// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjModel and mjData memory: allocation, copy, reset, keyframes, state vectors, the mjData
// stack and arena, and text dumps. The public functions are declared in mujoco.h; this header
// adds the internal ones used by the compiler, the collision and constraint code and the tests.
//
// Memory layout
//   mjModel: the struct plus ONE buffer (m->buffer, m->nbuffer bytes) holding every array of
//     MJMODEL_POINTERS in X-macro order, each starting on a 64-byte boundary.
//   mjData: the struct, one buffer (d->buffer, d->nbuffer bytes) holding every array of
//     MJDATA_POINTERS the same way, and the arena (d->arena, d->narena = m->narena bytes).
//   Arena (modeling.rst "Memory allocation"): contacts and constraint arrays grow from the
//     bottom (d->parena bytes in use), the stack grows down from the top (d->pstack bytes in
//     use). d->pbase is the pstack value at the current stack frame (0: no frame). The two
//     sides may never overlap: a full stack is an mju_error, a full bottom returns NULL.

#ifndef MOTUS_ENGINE_ENGINE_IO_H_
#define MOTUS_ENGINE_ENGINE_IO_H_

#include <stddef.h>

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---------------------------------------------------------------------------------------------
// model

// Allocate an mjModel whose MJMODEL_SIZES size fields are copied from `sizes` (only those fields
// of `sizes` are read; nbuffer is recomputed). Allocates the struct and one buffer for all
// arrays (each 64-byte aligned), points every array into it, zeroes all arrays, sets opt, vis
// and stat to their defaults (mj_defaultOption, mj_defaultVisual, stat: meaninertia = meanmass
// = meansize = extent = 1, center = 0) and sets m->nbuffer. Negative sizes or a model too large
// to address give mju_error and NULL. Free with mj_deleteModel.
// Used by the compiler (fill the sizes, allocate, then write the arrays) and by tests.
mjModel* mj_allocModel(const mjModel* sizes);

// bytes of the model buffer for the given sizes (0 and mju_error on invalid sizes)
size_t mj_modelBufferSize(const mjModel* sizes);

// bytes of the mjData buffer for a model's sizes (0 and mju_error on invalid sizes)
size_t mj_dataBufferSize(const mjModel* m);

// mj_makeData in two steps, for callers whose mju_error handler does not return (the compiler
// turns errors into exceptions): they own the mjData from mj_allocDataUninit on and free it with
// mj_deleteData if mj_initData's plugin init or reset raises an error. mj_allocDataUninit
// allocates the buffer and arena and zeroes the plugin slots (NULL and mju_error as mj_makeData);
// mj_initData runs the plugins' init and mj_resetData. mj_makeData is the two in a row.
mjData* mj_allocDataUninit(const mjModel* m);
void mj_initData(const mjModel* m, mjData* d);

// ---------------------------------------------------------------------------------------------
// arena (bottom side): contacts and constraints

// Allocate `bytes` at the bottom of the arena with the given alignment (a power of 2). Returns
// NULL when the allocation would run into the stack: the caller then raises mj_warning with
// mjWARN_CONTACTFULL (info = d->ncon) or mjWARN_CNSTRFULL (info = d->narena) and carries on
// without it.
// Updates d->parena and d->maxuse_arena. The caller updates its counters (ncon, nefc, ...) and
// d->maxuse_con / d->maxuse_efc.
void* mj_arenaAllocByte(mjData* d, size_t bytes, size_t alignment);

// Record the current ncon / nefc in d->maxuse_con / d->maxuse_efc (call after the contacts or
// the constraints have been added).
void mj_arenaUpdateMaxUse(mjData* d);

// Empty the bottom of the arena: ncon = ne = nf = nl = nefc = nJ = nA = nisland = nidof = 0,
// parena = 0 and every MJDATA_ARENA_POINTERS pointer NULL. The stack is untouched.
void mj_clearEfc(mjData* d);

// ---------------------------------------------------------------------------------------------
// state

// number of mjtNum of state component `bit` (one bit of mjtState)
int mj_stateComponentSize(const mjModel* m, int bit);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_IO_H_
