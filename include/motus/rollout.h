/* Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
 *
 * Batch rollouts: many independent simulations of the same model (or of one size-compatible model
 * per rollout), run on every core with one mjData per thread, as the Simulation chapter's
 * "Multi-threading" section recommends. This is a Motus extension to the MuJoCo C API: its names
 * start with mtr_ and it lives outside include/mujoco.
 *
 * Semantics. Rollout r (0 <= r < nroll) is exactly this sequence on a fresh mjData:
 *
 *   mj_resetData(m_r, d);
 *   mj_setState(m_r, d, initial_state + r*ninitial, initial_spec);      (if initial_spec != 0)
 *   copy initial_warmstart + r*nv to d->qacc_warmstart                  (if given)
 *   for t in 0 .. nstep-1:
 *     mj_setState(m_r, d, control + (r*nstep + t)*ncontrol, control_spec)  (if control_spec != 0)
 *     mj_step(m_r, d);
 *     state[r*nstep + t]      = mj_getState(m_r, d, state_spec)      (state after the step)
 *     sensordata[r*nstep + t] = d->sensordata                        (computed during the step)
 *     if any d->warning[w].number > 0: stop the rollout (see below)
 *
 * where ninitial = mj_stateSize(m, initial_spec), ncontrol = mj_stateSize(m, control_spec) and
 * components that initial_spec does not name keep their mj_resetData defaults (qpos0, mocap
 * poses of the model, eq_active0, zeros). The results are bitwise identical to that sequence,
 * whatever the number of threads and the chunk size.
 *
 * Early stop. MuJoCo signals a diverging simulation with a warning (mjWARN_BADQACC and friends;
 * mj_step then resets the data) and a full contact or constraint buffer with another. A rollout
 * that raises any warning stops after that step: its status records the warning and the number of
 * steps taken, and its remaining output steps repeat the outputs of the step that warned (so its
 * time stops advancing). The other rollouts are unaffected.
 *
 * Threads. mtr_makeRollout creates a MuJoCo thread pool (mju_threadPoolCreate) of nthread-1
 * workers plus the calling thread, and one mjData per thread; mtr_rollout reuses them for every
 * rollout and allocates nothing. Rollouts are handed out in chunks of consecutive indices.
 * One mtrRollout runs one batch at a time: a concurrent second call fails with an error. */

#ifndef MOTUS_ROLLOUT_H_
#define MOTUS_ROLLOUT_H_

#include <stddef.h>

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

/* worker threads and their mjData (opaque) */
typedef struct mtrRollout_ mtrRollout;

/* outcome of one rollout */
typedef struct mtrStatus_ {
  int nstep;   /* steps taken: the batch's nstep unless the rollout stopped early */
  int warning; /* mjtWarning that stopped the rollout (lowest index if several), -1 if none */
  int info;    /* that warning's mjWarningStat.lastinfo (e.g. the index of the bad value) */
} mtrStatus;

/* One batch: inputs, outputs and their sizes. Sizes count array elements (mjtNum or
 * mtrStatus); a size that differs from the one the batch needs is an error. Start from
 * mtr_defaultBatch. */
typedef struct mtrBatch_ {
  const mjModel* const* model; /* nmodel models: 1 shared by all rollouts, or one per rollout */
  int nmodel;
  int nroll; /* number of rollouts (>= 0) */
  int nstep; /* steps per rollout (>= 0) */

  /* inputs */
  int initial_spec;            /* mjtState bits of initial_state (0: start from the reset) */
  const mjtNum* initial_state; /* nroll x mj_stateSize(m, initial_spec), or NULL if spec 0 */
  size_t initial_state_size;
  const mjtNum* initial_warmstart; /* optional: nroll x nv solver warm starts (qacc_warmstart) */
  size_t initial_warmstart_size;
  int control_spec;      /* user-input mjtState bits (within mjSTATE_USER) set before each step */
  const mjtNum* control; /* nroll x nstep x mj_stateSize(m, control_spec), or NULL if spec 0 */
  size_t control_size;

  /* outputs (each optional; at least one must be given) */
  int state_spec; /* mjtState bits written to state (default mjSTATE_FULLPHYSICS) */
  mjtNum* state;  /* nroll x nstep x mj_stateSize(m, state_spec) */
  size_t state_size;
  mjtNum* sensordata; /* nroll x nstep x nsensordata */
  size_t sensordata_size;
  mtrStatus* status; /* nroll */
  size_t status_size;

  int chunk_size; /* rollouts per work item; 0: automatic (about 10 chunks per thread) */
} mtrBatch;

/* Create worker threads and their mjData for model m (later batches may use m or models with the
 * same sizes). nthread is the total number of threads including the caller's; 0 means one per
 * core. Returns NULL on failure, with a message in error (if error_sz > 0). */
MJAPI mtrRollout* mtr_makeRollout(const mjModel* m, int nthread, char* error, int error_sz);

/* Stop the threads and free everything. NULL is allowed. */
MJAPI void mtr_deleteRollout(mtrRollout* r);

/* Number of threads (including the caller's) that run a batch. */
MJAPI int mtr_rolloutThreads(const mtrRollout* r);

/* An empty batch: every pointer NULL, every size and spec 0, state_spec mjSTATE_FULLPHYSICS,
 * chunk_size 0. */
MJAPI void mtr_defaultBatch(mtrBatch* batch);

/* Run a batch. Returns the number of rollouts that stopped early (0 when all ran every step), or
 * -1 if the batch is invalid, with a message in error (if error_sz > 0); an invalid batch writes
 * no output. */
MJAPI int mtr_rollout(mtrRollout* r, const mtrBatch* batch, char* error, int error_sz);

#ifdef __cplusplus
}
#endif

#endif /* MOTUS_ROLLOUT_H_ */
