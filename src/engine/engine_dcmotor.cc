// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// DC motor actuators (XMLreference.rst actuator/dcmotor, and the DC motor technical note it
// cites). With control u, actuator length q and velocity w, timestep h:
//   setpoint    s+ = clip(u, s - slewmax h, s + slewmax h), s' = (s+ - s)/h   (or s+ = u)
//   integrator  I' = s+ - q (position input) or s+ (velocity and voltage inputs), held at 0
//               while I is at +-Imax and would grow further
//   voltage     position: V = kp (s+ - q) + ki I - kd w;  velocity: V = kp (s+ - w) + ki (I - q);
//               voltage: V = s+. |V| <= Vmax for PID inputs and, with voltage input, only when
//               the current is a state
//   resistance  R(T) = R (1 + tempcoef (ambient + T - reftemp)), T the temperature rise
//   current     i' = ((V - K w) / R(T) - i) / te, |i'| <= current rate; the torque uses the
//               current at the end of the step. Without inductance, i = (V - K w) / R(T)
//   temperature T' = (i^2 R(T) - T / Rth) / Cth
//   LuGre       g = Fc + (Fs - Fc) exp(-(w/vs)^2), z' = w - sigma0 |w| z / g,
//               friction F = sigma0 z + sigma1 z'
//   force       clip(K i, forcerange) + amplitude sin(poles q + phase) - F
// The force range limits the motor torque only; the cogging and friction torques are added to it.

#include "engine/engine_dcmotor.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"

namespace {

// parameters of one DC motor, named
struct DCMotor {
  mjtNum r, k, tempcoef, reftemp, kp, ki, kd, vmax;
  int input;  // 0 voltage, 1 position, 2 velocity
  mjtNum te, rate, rth, cth, ambient, sigma0, sigma1, slew, imax;
  const mjtNum* cog;    // amplitude, poles, phase
  const mjtNum* lugre;  // Coulomb, static, Stribeck velocity
};

DCMotor Params(const mjModel* m, int i) {
  const mjtNum* g = m->actuator_gainprm + mjNGAIN * i;
  const mjtNum* p = m->actuator_dynprm + mjNDYN * i;
  const mjtNum* b = m->actuator_biasprm + mjNBIAS * i;
  DCMotor c;
  c.r = g[0], c.k = g[1], c.tempcoef = g[2], c.reftemp = g[3];
  c.kp = g[4], c.ki = g[5], c.kd = g[6], c.vmax = g[7];
  c.input = static_cast<int>(g[8]);
  c.te = p[0], c.rate = p[1], c.rth = p[2], c.cth = p[3], c.ambient = p[4];
  c.sigma0 = p[5], c.sigma1 = p[6], c.slew = p[7], c.imax = p[8];
  c.cog = b;
  c.lugre = b + 3;
  return c;
}

// sigma0 |w| / g(w): the rate at which the bristles relax toward their steady deflection
mjtNum BristleRate(const DCMotor& c, mjtNum w) {
  mjtNum fc = c.lugre[0], fs = c.lugre[1], vs = c.lugre[2];
  mjtNum g = fc;
  if (vs > 0) {
    mjtNum x = w / vs;
    g = fc + (fs - fc) * std::exp(-x * x);
  }
  return c.sigma0 * std::fabs(w) / mjMAX(mjMINVAL, g);
}

// act_adr of each state of actuator i (-1 when disabled), checked against its act block
bool StateAddresses(const mjModel* m, int i, int adr[mjNDCSTATE]) {
  int n = mj_dcmotorStates(m->actuator_dynprm + mjNDYN * i, m->actuator_gainprm + mjNGAIN * i, adr);
  if (n != m->actuator_actnum[i]) {
    return false;
  }
  for (int s = 0; s < mjNDCSTATE; s++) {
    adr[s] = adr[s] < 0 ? -1 : m->actuator_actadr[i] + adr[s];
  }
  return true;
}

// the drive voltage for setpoint sp (after slewing) and integrator state integral
mjtNum Voltage(const DCMotor& c, mjtNum sp, mjtNum integral, mjtNum q, mjtNum w) {
  mjtNum v = sp;
  if (c.input == 1) {
    v = c.kp * (sp - q) + c.ki * integral - c.kd * w;
  } else if (c.input == 2) {
    v = c.kp * (sp - w) + c.ki * (integral - q);
  }
  bool pid = c.input == 1 || c.input == 2;
  if (c.vmax > 0 && (pid || c.te > 0)) {
    v = mju_clip(v, -c.vmax, c.vmax);
  }
  return v;
}

}  // namespace

int mj_dcmotorStates(const mjtNum* dynprm, const mjtNum* gainprm, int offset[mjNDCSTATE]) {
  const bool on[mjNDCSTATE] = {dynprm[7] > 0, gainprm[5] > 0, dynprm[2] > 0 && dynprm[3] > 0,
                               dynprm[5] > 0, dynprm[0] > 0};
  int n = 0;
  for (int s = 0; s < mjNDCSTATE; s++) {
    offset[s] = on[s] ? n++ : -1;
  }
  return n;
}

void mj_dcmotorActuation(const mjModel* m, mjData* d, int i, mjtNum u, int disabled) {
  int adr[mjNDCSTATE];
  if (!StateAddresses(m, i, adr)) {
    mju_error("mj_fwdActuation: inconsistent state array dimension in DC motor (actuator %d)", i);
    return;
  }
  const DCMotor c = Params(m, i);
  mjtNum h = m->opt.timestep;
  mjtNum q = d->actuator_length[i], w = d->actuator_velocity[i];

  // setpoint, slew-limited
  mjtNum sp = u;
  if (adr[mjDCSTATE_SETPOINT] >= 0) {
    mjtNum s = d->act[adr[mjDCSTATE_SETPOINT]];
    sp = mju_clip(u, s - c.slew * h, s + c.slew * h);
    d->act_dot[adr[mjDCSTATE_SETPOINT]] = (sp - s) / h;
  }

  // integrator with anti-windup
  mjtNum integral = 0;
  if (adr[mjDCSTATE_INTEGRAL] >= 0) {
    integral = d->act[adr[mjDCSTATE_INTEGRAL]];
    mjtNum e = c.input == 1 ? sp - q : sp;
    if (c.imax > 0 && ((integral >= c.imax && e > 0) || (integral <= -c.imax && e < 0))) {
      e = 0;
    }
    d->act_dot[adr[mjDCSTATE_INTEGRAL]] = e;
  }
  mjtNum v = Voltage(c, sp, integral, q, w);

  // resistance at the winding temperature
  mjtNum r = c.r, temp = 0;
  if (adr[mjDCSTATE_TEMPERATURE] >= 0) {
    temp = d->act[adr[mjDCSTATE_TEMPERATURE]];
    r = c.r * (1 + c.tempcoef * (c.ambient + temp - c.reftemp));
  }

  // current: state (exact step over te) or algebraic
  mjtNum current, torque_current;
  if (adr[mjDCSTATE_CURRENT] >= 0) {
    current = d->act[adr[mjDCSTATE_CURRENT]];
    mjtNum di = ((v - c.k * w) / r - current) / c.te;
    if (c.rate > 0) {
      di = mju_clip(di, -c.rate, c.rate);
    }
    d->act_dot[adr[mjDCSTATE_CURRENT]] = di;
    torque_current = mj_dcmotorNextAct(m, d, i, adr[mjDCSTATE_CURRENT], di);
  } else {
    current = (v - c.k * w) / r;
    torque_current = current;
  }

  // Joule heating against conduction to ambient
  if (adr[mjDCSTATE_TEMPERATURE] >= 0) {
    d->act_dot[adr[mjDCSTATE_TEMPERATURE]] = (current * current * r - temp / c.rth) / c.cth;
  }

  // LuGre friction
  mjtNum friction = 0;
  if (adr[mjDCSTATE_BRISTLE] >= 0) {
    mjtNum z = d->act[adr[mjDCSTATE_BRISTLE]];
    mjtNum dz = w - BristleRate(c, w) * z;
    d->act_dot[adr[mjDCSTATE_BRISTLE]] = dz;
    friction = c.sigma0 * z + c.sigma1 * dz;
  }

  if (disabled) {
    d->actuator_force[i] = 0;
    return;
  }
  mjtNum torque = c.k * torque_current;
  if (m->actuator_forcelimited[i]) {
    torque = mju_clip(torque, m->actuator_forcerange[2 * i], m->actuator_forcerange[2 * i + 1]);
  }
  d->actuator_force[i] = torque + c.cog[0] * std::sin(c.cog[1] * q + c.cog[2]) - friction;
}

mjtNum mj_dcmotorNextAct(const mjModel* m, const mjData* d, int i, int act_index, mjtNum act_dot) {
  int adr[mjNDCSTATE];
  mjtNum h = m->opt.timestep, act = d->act[act_index];
  if (!StateAddresses(m, i, adr)) {
    return act + h * act_dot;
  }
  const DCMotor c = Params(m, i);
  if (act_index == adr[mjDCSTATE_CURRENT]) {
    // i' = (i_inf - i)/te integrates exactly to i + te i' (1 - exp(-h/te))
    return act + act_dot * c.te * (1 - std::exp(-h / c.te));
  }
  if (act_index == adr[mjDCSTATE_BRISTLE]) {
    // z' = w - a z with w and a fixed over the step: z + z' (1 - exp(-a h)) / a, with z' taken at
    // the current velocity (as MuJoCo does, also at the end of an RK4 step)
    mjtNum w = d->actuator_velocity[i], a = BristleRate(c, w);
    mjtNum dz = w - a * act;
    return a > 0 ? act + dz * (1 - std::exp(-a * h)) / a : act + h * dz;
  }
  act += h * act_dot;
  if (act_index == adr[mjDCSTATE_INTEGRAL] && c.imax > 0) {
    act = mju_clip(act, -c.imax, c.imax);
  }
  return act;
}

mjtNum mj_dcmotorVelSlope(const mjModel* m, int i) {
  const DCMotor c = Params(m, i);
  mjtNum dvoltage = c.input == 1 ? -c.kd : (c.input == 2 ? -c.kp : 0);
  mjtNum slope = c.k / c.r * (dvoltage - c.k);
  if (c.te > 0) {
    slope *= 1 - std::exp(-m->opt.timestep / c.te);
  }
  if (c.sigma0 > 0) {
    slope -= c.sigma1;
  }
  return slope;
}
