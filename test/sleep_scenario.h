// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The sleeping-islands scenario shared by sleep_test.cc (run on Motus) and the golden generator
// test/data/sleep/make_golden.cc (compiled against MuJoCo 3.8.0). It uses the public API only, so
// both builds make exactly the same calls, and records labelled numbers after every step: the
// sleep state (tree_asleep, the awake counts, ncon, nefc), every 10th step the trajectory
// (qpos, qvel, qacc) and at the end of each phase the awake body and dof lists.
// Phases on test/data/sleep/pile.xml:
//   fall      the pile settles and falls asleep while a lid falls from above
//   land      the lid lands on the flat box, wakes its island, and all sleep again
//   push      xfrc_applied on a sleeping box for one step, then 60 steps
//   move      qpos of a sleeping box moved by 1 mm, then 30 steps
//   negzero   qvel of a sleeping box set to -0.0 (wakes without moving), then 30 steps
//   setfresh  mj_getState/mj_setState (mjSTATE_INTEGRATION) of the sleeping pile into a new
//             mjData, then 30 steps
//   setsame   the same state set back into the sleeping mjData itself, then 5 steps
//   noflag    the sleep flag cleared while the pile sleeps, then 5 steps
//   reset     mj_resetData, then 5 steps
// on test/data/sleep/init.xml (trees initialized asleep): makeData, a ball landing on a sleeping
// one, mj_resetData and mj_resetDataKeyframe (the second key moves a sleeping tree), and on
// test/data/sleep/policy.xml: the compiler's tree_sleep_policy and dof_length.

#ifndef MOTUS_TEST_SLEEP_SCENARIO_H_
#define MOTUS_TEST_SLEEP_SCENARIO_H_

#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace sleep_scenario {

using Record = std::vector<std::pair<std::string, double>>;

inline void Add(Record* r, const std::string& label, double v) {
  r->emplace_back(label, v);
}

inline void AddSleep(Record* r, const std::string& tag, const mjModel* m, const mjData* d) {
  Add(r, tag + " ncon", d->ncon);
  Add(r, tag + " nefc", d->nefc);
  Add(r, tag + " ntree_awake", d->ntree_awake);
  Add(r, tag + " nv_awake", d->nv_awake);
  for (int t = 0; t < m->ntree; t++) {
    Add(r, tag + " asleep" + std::to_string(t), d->tree_asleep[t]);
  }
}

// the body lists too, at the end of a phase
inline void AddBodies(Record* r, const std::string& tag, const mjModel* m, const mjData* d) {
  Add(r, tag + " nbody_awake", d->nbody_awake);
  Add(r, tag + " nparent_awake", d->nparent_awake);
  for (int b = 0; b < m->nbody; b++) {
    Add(r, tag + " body_awake" + std::to_string(b), d->body_awake[b]);
  }
  for (int i = 0; i < d->nbody_awake; i++) {
    Add(r, tag + " body_awake_ind" + std::to_string(i), d->body_awake_ind[i]);
  }
  for (int i = 0; i < d->nparent_awake; i++) {
    Add(r, tag + " parent_awake_ind" + std::to_string(i), d->parent_awake_ind[i]);
  }
  for (int i = 0; i < d->nv_awake; i++) {
    Add(r, tag + " dof_awake_ind" + std::to_string(i), d->dof_awake_ind[i]);
  }
}

inline void AddTrajectory(Record* r, const std::string& tag, const mjModel* m, const mjData* d) {
  Add(r, tag + " time", d->time);
  for (int i = 0; i < m->nq; i++) {
    Add(r, tag + " qpos" + std::to_string(i), d->qpos[i]);
  }
  for (int i = 0; i < m->nv; i++) {
    Add(r, tag + " qvel" + std::to_string(i), d->qvel[i]);
  }
  // the accelerations too: those of sleeping trees are the ones they fell asleep with (zero for
  // trees initialized asleep), not recomputed
  for (int i = 0; i < m->nv; i++) {
    Add(r, tag + " qacc" + std::to_string(i), d->qacc[i]);
  }
}

// n steps: the sleep state after every step, the trajectory after every 10th and the last one
inline void Steps(Record* r, const std::string& phase, const mjModel* m, mjData* d, int n) {
  for (int s = 0; s < n; s++) {
    mj_step(m, d);
    std::string tag = phase + " " + std::to_string(s);
    AddSleep(r, tag, m, d);
    if (s % 10 == 0 || s == n - 1) {
      AddTrajectory(r, tag, m, d);
    }
  }
  AddBodies(r, phase + " end", m, d);
}

// steps of the pile until the first trees sleep
constexpr int kFallSteps = 110;
// then until the lid has landed on the flat box, woken it and everything sleeps again
constexpr int kLandSteps = 130;

inline Record RunPile(const mjModel* m, mjData* d) {
  Record r;
  AddSleep(&r, "init", m, d);
  AddBodies(&r, "init", m, d);
  Steps(&r, "fall", m, d, kFallSteps);
  Steps(&r, "land", m, d, kLandSteps);

  // a sleeping snapshot to start each perturbation from
  mjData* asleep = mj_copyData(nullptr, m, d);
  mjData* w = mj_copyData(nullptr, m, asleep);
  const int box3 = 3;  // body of a box in the pile
  w->xfrc_applied[6 * box3 + 0] = 2;
  Steps(&r, "push start", m, w, 1);
  w->xfrc_applied[6 * box3 + 0] = 0;
  Steps(&r, "push", m, w, 60);

  mj_copyData(w, m, asleep);
  w->qpos[m->jnt_qposadr[m->body_jntadr[box3]]] += 1e-3;
  Steps(&r, "move", m, w, 30);

  mj_copyData(w, m, asleep);
  w->qvel[m->jnt_dofadr[m->body_jntadr[box3]]] = -0.0;
  Steps(&r, "negzero", m, w, 30);

  int sig = mjSTATE_INTEGRATION;
  std::vector<mjtNum> state(static_cast<size_t>(mj_stateSize(m, sig)));
  mj_getState(m, asleep, state.data(), sig);
  mjData* fresh = mj_makeData(m);
  mj_setState(m, fresh, state.data(), sig);
  AddSleep(&r, "setfresh set", m, fresh);
  Steps(&r, "setfresh", m, fresh, 30);
  mj_deleteData(fresh);

  mj_copyData(w, m, asleep);
  mj_setState(m, w, state.data(), sig);
  AddSleep(&r, "setsame set", m, w);
  Steps(&r, "setsame", m, w, 5);

  mjModel* m2 = mj_copyModel(nullptr, m);
  m2->opt.enableflags &= ~mjENBL_SLEEP;
  mj_copyData(w, m, asleep);
  Steps(&r, "noflag", m2, w, 5);
  mj_deleteModel(m2);

  mj_resetData(m, w);
  AddSleep(&r, "reset set", m, w);
  Steps(&r, "reset", m, w, 5);

  mj_deleteData(w);
  mj_deleteData(asleep);
  return r;
}

// trees initialized asleep: after mj_makeData, while the falling ball lands on the resting one,
// after mj_resetData and after resetting to each keyframe
inline Record RunInit(const mjModel* m, mjData* d) {
  Record r;
  AddSleep(&r, "init", m, d);
  AddBodies(&r, "init", m, d);
  Steps(&r, "drop", m, d, 120);
  mj_resetData(m, d);
  AddSleep(&r, "reset", m, d);
  Steps(&r, "reset", m, d, 3);
  for (int k = 0; k < m->nkey; k++) {
    std::string tag = "key" + std::to_string(k);
    mj_resetDataKeyframe(m, d, k);
    AddSleep(&r, tag, m, d);
    Steps(&r, tag, m, d, 12);
  }
  return r;
}

// joint limits, friction loss and an inactive equality: the arms settle on their limits and
// sleep (their rows leave the constraints), then the equality switched on wakes both islands
inline Record RunLimit(const mjModel* m, mjData* d) {
  Record r;
  AddSleep(&r, "init", m, d);
  Steps(&r, "settle", m, d, 250);
  d->eq_active[0] = 1;
  Steps(&r, "equality", m, d, 20);
  return r;
}

inline Record RunPolicy(const mjModel* m) {
  Record r;
  for (int t = 0; t < m->ntree; t++) {
    Add(&r, "tree_sleep_policy[" + std::to_string(t) + "]", m->tree_sleep_policy[t]);
  }
  for (int i = 0; i < m->nv; i++) {
    Add(&r, "dof_length[" + std::to_string(i) + "]", m->dof_length[i]);
  }
  Add(&r, "sleep_tolerance", m->opt.sleep_tolerance);
  return r;
}

}  // namespace sleep_scenario

#endif  // MOTUS_TEST_SLEEP_SCENARIO_H_
