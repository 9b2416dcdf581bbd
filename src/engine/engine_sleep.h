// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sleeping islands (computation_index.rst "Sleeping islands", programming_simulation.rst
// "Sleeping islands"): kinematic trees that stay still for mjMINAWAKE steps are put to sleep
// together with the trees they share constraints with, and woken by contacts, user writes,
// applied forces and equality constraints. See engine_sleep.cc.

#ifndef MOTUS_ENGINE_SLEEP_H_
#define MOTUS_ENGINE_SLEEP_H_

#include <mujoco/mujoco.h>

// compiler sleep policy of every tree (mj_setConst): resolves mjSLEEP_AUTO_ALLOWED into
// mjSLEEP_AUTO_NEVER for actuated trees and trees held by elastic or many-tree tendons;
// mju_error when the user allowed a tree that can never sleep
void mj_sleepPolicy(mjModel* m);

// derived sleep arrays from tree_asleep: tree_awake, body_awake, the awake index lists and counts
void mj_updateSleep(const mjModel* m, mjData* d);

// sleep state after mj_resetData: every tree awake and maximally far from sleeping
void mj_resetSleep(const mjModel* m, mjData* d);

// after mj_resetSleep, with sleeping enabled: puts the trees with the "init" policy to sleep in
// the default configuration (runs the position and velocity stages); mju_error when such a tree
// shares a constraint island with a tree of another policy
void mj_sleepInit(const mjModel* m, mjData* d);

// nonzero when sleeping is enabled and some tree is asleep
int mj_sleepAny(const mjModel* m, const mjData* d);

// mj_kinematics with the waking rules of the start of the step: the sleep flag, nonzero
// velocities and applied forces, moved configurations and equality constraints
void mj_kinematicsSleep(const mjModel* m, mjData* d);

// nonzero when the geoms of bodies b1 and b2 are not collided because both are asleep or static
int mj_sleepSkipPair(const mjModel* m, const mjData* d, int b1, int b2);

// nonzero when constraint rows over the dofs chain[0..n) are left out: every dof is asleep
int mj_sleepSkipRow(const mjModel* m, const mjData* d, const int* chain, int n);

// wakes the sleeping islands that touch an awake tree in d->contact; returns the number of trees
// woken (the caller then runs collision detection again)
int mj_wakeCollision(const mjModel* m, mjData* d);

// the sleep stage of mj_step, after the forward pass and before integration: advances the sleep
// timers and puts the islands whose trees are all ready to sleep; returns the number of trees
// put to sleep (the caller then recomputes the velocity-dependent stages)
int mj_sleep(const mjModel* m, mjData* d);

// qvel += h qacc and qpos advanced with qvel, on the awake dofs and joints only
void mj_advanceAwake(const mjModel* m, mjData* d, const mjtNum* qacc, const mjtNum* qvel_pos,
                     mjtNum h);

#endif  // MOTUS_ENGINE_SLEEP_H_
