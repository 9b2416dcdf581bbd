// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.pid: a PID controller as an actuator plugin (programming_extension.rst "actuator").
// The actuator's force tracks a setpoint with the actuator length as the process variable:
//   error     e = s - l              s: the control (clamped to ctrlrange when limited), or the
//                                       last activation when the actuator has dynamics (dyntype)
//   force     f = kp e - kd v + ki I  l, v: actuator_length, actuator_velocity
//   integral  I' = I + h e           held in act, clamped to [-imax/ki, imax/ki] when imax is
//                                       given (anti-windup: |ki I| <= imax)
//   slew      with slewmax, the setpoint moves by at most h slewmax per step from its previous
//             value (held in act; not limited on the first step, at time 0)
// The force uses the integral of the end of the step. act holds, in order: the integral (when
// ki != 0), the previous setpoint (with slewmax), then the state of dyntype; act_dot moves each
// to its new value in one step, and advance writes the exact new values after integration.
// Configuration: kp, ki, kd, imax, slewmax (numbers; absent: 0, no clamp, no slew limit).

#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

#include <mujoco/mujoco.h>

#include "plugin_instance.h"

namespace {

const char* kAttributes[] = {"kp", "ki", "kd", "imax", "slewmax"};

struct PidConfig {
  double kp = 0, ki = 0, kd = 0;
  std::optional<double> imax, slewmax;
};

// a number attribute: nullopt when absent, false in *ok when not a number
std::optional<double> ReadNumber(const mjModel* m, int instance, const char* name, bool* ok) {
  const char* text = motus_plugin::ConfigText(m, instance, name);
  if (!text) {
    return std::nullopt;
  }
  double value = 0;
  if (!motus_plugin::ConfigNumbers(m, instance, name, 1, &value)) {
    mju_warning("mujoco.pid: attribute '%s' must be a number, got '%s'", name, text);
    *ok = false;
  }
  return value;
}

bool ReadConfig(const mjModel* m, int instance, PidConfig* config) {
  bool ok = true;
  config->kp = ReadNumber(m, instance, "kp", &ok).value_or(0);
  config->ki = ReadNumber(m, instance, "ki", &ok).value_or(0);
  config->kd = ReadNumber(m, instance, "kd", &ok).value_or(0);
  config->imax = ReadNumber(m, instance, "imax", &ok);
  config->slewmax = ReadNumber(m, instance, "slewmax", &ok);
  if (ok && config->imax && *config->imax < 0) {
    mju_warning("mujoco.pid: imax must be nonnegative, got %g", *config->imax);
    ok = false;
  }
  if (ok && config->slewmax && *config->slewmax < 0) {
    mju_warning("mujoco.pid: slewmax must be nonnegative, got %g", *config->slewmax);
    ok = false;
  }
  return ok;
}

// activations the controller keeps for one actuator
int ControllerStates(const PidConfig& c) {
  return (c.ki != 0 ? 1 : 0) + (c.slewmax ? 1 : 0);
}

// per instance: configuration, actuators, and the new activations of the last evaluation
struct Pid {
  PidConfig config;
  std::vector<int> actuators;
  std::vector<double> integral, setpoint;  // per entry of actuators
};

Pid* Get(const mjData* d, int instance) {
  return motus_plugin::Instance<Pid>(d, instance);
}

// the setpoint of actuator i before slew limiting
double RawSetpoint(const mjModel* m, const mjData* d, int i) {
  if (m->actuator_dyntype[i] != mjDYN_NONE) {
    return d->act[m->actuator_actadr[i] + m->actuator_actnum[i] - 1];
  }
  double u = d->ctrl[i];
  if (!(m->opt.disableflags & mjDSBL_CLAMPCTRL) && m->actuator_ctrllimited[i]) {
    u = mju_clip(u, m->actuator_ctrlrange[2 * i], m->actuator_ctrlrange[2 * i + 1]);
  }
  return u;
}

// new integral and setpoint of entry k (actuator i) of an instance
void Evaluate(const mjModel* m, const mjData* d, Pid* pid, int k) {
  const PidConfig& c = pid->config;
  int i = pid->actuators[k];
  double h = m->opt.timestep;
  const mjtNum* act = d->act + m->actuator_actadr[i];
  double s = RawSetpoint(m, d, i);
  if (c.slewmax) {
    const mjtNum previous = act[c.ki != 0 ? 1 : 0];
    double step = *c.slewmax * h;
    if (d->time > 0) {
      s = mju_clip(s, previous - step, previous + step);
    }
  }
  pid->setpoint[k] = s;
  if (c.ki != 0) {
    double integral = act[0] + h * (s - d->actuator_length[i]);
    if (c.imax) {
      double bound = *c.imax / std::fabs(c.ki);
      integral = mju_clip(integral, -bound, bound);
    }
    pid->integral[k] = integral;
  }
}

int PidInit(const mjModel* m, mjData* d, int instance) {
  auto* pid = new Pid;
  if (!ReadConfig(m, instance, &pid->config)) {
    delete pid;
    return -1;
  }
  int need = ControllerStates(pid->config);
  for (int i = 0; i < m->nu; i++) {
    if (m->actuator_plugin[i] != instance) {
      continue;
    }
    int expected = need + (m->actuator_dyntype[i] != mjDYN_NONE ? 1 : 0);
    if (m->actuator_actnum[i] != expected) {
      mju_warning(
          "mujoco.pid: actuator %d has %d activation states, the controller needs %d: set "
          "actdim=\"%d\" on its plugin element",
          i, m->actuator_actnum[i], expected, expected);
      delete pid;
      return -1;
    }
    pid->actuators.push_back(i);
  }
  pid->integral.assign(pid->actuators.size(), 0);
  pid->setpoint.assign(pid->actuators.size(), 0);
  motus_plugin::SetInstance(d, instance, pid);
  return 0;
}

void PidActDot(const mjModel* m, mjData* d, int instance) {
  Pid* pid = Get(d, instance);
  double h = m->opt.timestep;
  for (size_t k = 0; k < pid->actuators.size(); k++) {
    int i = pid->actuators[k];
    Evaluate(m, d, pid, static_cast<int>(k));
    int adr = m->actuator_actadr[i];
    if (pid->config.ki != 0) {
      d->act_dot[adr] = (pid->integral[k] - d->act[adr]) / h;
      adr++;
    }
    if (pid->config.slewmax) {
      d->act_dot[adr] = (pid->setpoint[k] - d->act[adr]) / h;
    }
  }
}

void PidCompute(const mjModel* m, mjData* d, int instance, int capability_bit) {
  (void)capability_bit;
  Pid* pid = Get(d, instance);
  const PidConfig& c = pid->config;
  for (size_t k = 0; k < pid->actuators.size(); k++) {
    int i = pid->actuators[k];
    Evaluate(m, d, pid, static_cast<int>(k));
    double error = pid->setpoint[k] - d->actuator_length[i];
    double force = c.kp * error - c.kd * d->actuator_velocity[i];
    if (c.ki != 0) {
      force += c.ki * pid->integral[k];
    }
    d->actuator_force[i] = force;
  }
}

// the integrated activations are replaced by the values they were driven to
void PidAdvance(const mjModel* m, mjData* d, int instance) {
  Pid* pid = Get(d, instance);
  for (size_t k = 0; k < pid->actuators.size(); k++) {
    int adr = m->actuator_actadr[pid->actuators[k]];
    if (pid->config.ki != 0) {
      d->act[adr++] = pid->integral[k];
    }
    if (pid->config.slewmax) {
      d->act[adr] = pid->setpoint[k];
    }
  }
}

}  // namespace

mjPLUGIN_LIB_INIT(motus_actuator) {
  mjpPlugin plugin;
  mjp_defaultPlugin(&plugin);
  plugin.name = "mujoco.pid";
  plugin.capabilityflags = mjPLUGIN_ACTUATOR;
  plugin.nattribute = sizeof(kAttributes) / sizeof(kAttributes[0]);
  plugin.attributes = kAttributes;
  plugin.nstate = motus_plugin::NoPluginState;
  plugin.init = PidInit;
  plugin.destroy = motus_plugin::DestroyInstance<Pid>;
  plugin.copy = motus_plugin::CopyInstance<Pid>;
  plugin.compute = PidCompute;
  plugin.actuator_act_dot = PidActDot;
  plugin.advance = PidAdvance;
  mjp_registerPlugin(&plugin);
}
