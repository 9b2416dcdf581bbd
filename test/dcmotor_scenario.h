// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The DC motor scenario shared by dcmotor_test.cc (run on Motus) and the golden generator
// test/data/dcmotor/make_golden.cc (compiled against MuJoCo 3.8.0), public API only. It records
// the compiled actuator arrays, then steps the model under a given integrator with smooth,
// saturating control signals and records act, act_dot, actuator_force, qfrc_actuator, qpos and
// qvel along the trajectory.

#ifndef MOTUS_TEST_DCMOTOR_SCENARIO_H_
#define MOTUS_TEST_DCMOTOR_SCENARIO_H_

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace dcmotor_scenario {

using Record = std::vector<std::pair<std::string, double>>;

inline void AddArray(Record* r, const std::string& label, const mjtNum* a, long n) {
  for (long i = 0; i < n; i++) {
    r->emplace_back(label + "[" + std::to_string(i) + "]", a[i]);
  }
}

inline void AddIntArray(Record* r, const std::string& label, const int* a, long n) {
  for (long i = 0; i < n; i++) {
    r->emplace_back(label + "[" + std::to_string(i) + "]", a[i]);
  }
}

inline void AddModel(Record* r, const mjModel* m) {
  long nu = m->nu;
  r->emplace_back("na", m->na);
  AddIntArray(r, "actuator_dyntype", m->actuator_dyntype, nu);
  AddIntArray(r, "actuator_gaintype", m->actuator_gaintype, nu);
  AddIntArray(r, "actuator_biastype", m->actuator_biastype, nu);
  AddIntArray(r, "actuator_actadr", m->actuator_actadr, nu);
  AddIntArray(r, "actuator_actnum", m->actuator_actnum, nu);
  for (long i = 0; i < nu; i++) {
    std::string n = std::to_string(i);
    r->emplace_back("actuator_forcelimited[" + n + "]", m->actuator_forcelimited[i]);
    r->emplace_back("actuator_actearly[" + n + "]", m->actuator_actearly[i]);
  }
  AddArray(r, "actuator_forcerange", m->actuator_forcerange, 2 * nu);
  AddArray(r, "actuator_dynprm", m->actuator_dynprm, mjNDYN * nu);
  AddArray(r, "actuator_gainprm", m->actuator_gainprm, mjNGAIN * nu);
  AddArray(r, "actuator_biasprm", m->actuator_biasprm, mjNBIAS * nu);
}

// control of actuator i at time t: slow sines of different frequencies, large enough to drive
// the voltage, slew and anti-windup limits, with a step at t = 0.3
inline double Control(int i, double t) {
  double amp = (i % 3 == 0) ? 14 : (i % 3 == 1 ? 1.5 : 8);
  double u = amp * std::sin((1.3 + 0.7 * i) * t + 0.4 * i);
  return t < 0.3 ? u : u + 0.5 * amp;
}

// n steps with `integrator`; the state is recorded after mj_forward at the start, after each of
// the first 5 steps, then every 40th step
inline Record Run(const mjModel* m_const, mjData* d, int integrator, int n) {
  Record r;
  mjModel* m = mj_copyModel(nullptr, m_const);
  m->opt.integrator = integrator;
  mj_resetData(m, d);
  std::string it = "int" + std::to_string(integrator);
  for (int step = 0; step <= n; step++) {
    for (int i = 0; i < m->nu; i++) {
      d->ctrl[i] = Control(i, d->time);
    }
    if (step == 0) {
      mj_forward(m, d);
    }
    if (step <= 5 || step % 40 == 0) {
      std::string tag = it + " s" + std::to_string(step);
      AddArray(&r, tag + " act", d->act, m->na);
      AddArray(&r, tag + " act_dot", d->act_dot, m->na);
      AddArray(&r, tag + " actuator_force", d->actuator_force, m->nu);
      AddArray(&r, tag + " qfrc_actuator", d->qfrc_actuator, m->nv);
      AddArray(&r, tag + " qpos", d->qpos, m->nq);
      AddArray(&r, tag + " qvel", d->qvel, m->nv);
    }
    if (step < n) {
      mj_step(m, d);
    }
  }
  mj_deleteModel(m);
  return r;
}

// the whole scenario: the compiled arrays, then 400 steps with each of Euler, RK4, implicit and
// implicitfast
inline Record RunAll(const mjModel* m, mjData* d) {
  Record r;
  AddModel(&r, m);
  for (int integrator : {mjINT_EULER, mjINT_RK4, mjINT_IMPLICIT, mjINT_IMPLICITFAST}) {
    Record run = Run(m, d, integrator, 400);
    r.insert(r.end(), run.begin(), run.end());
  }
  return r;
}

}  // namespace dcmotor_scenario

#endif  // MOTUS_TEST_DCMOTOR_SCENARIO_H_
