// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjs_setToDCMotor (XMLreference.rst, actuator/dcmotor; APIreference_functions.rst). The DC
// motor keeps its parameters in the general actuator arrays, laid out as MuJoCo 3.8 lays them:
//   gainprm  [0] R  [1] K  [2] tempcoef  [3] reftemp  [4] kp  [5] ki  [6] kd  [7] Vmax  [8] input
//   dynprm   [0] electrical time constant L/R  [1] current rate limit  [2] thermal resistance
//            [3] thermal capacitance  [4] ambient temperature  [5] LuGre stiffness
//            [6] LuGre damping  [7] setpoint slew rate  [8] integrator limit Imax
//   biasprm  [0] cogging amplitude  [1] poles  [2] phase  [3] Coulomb  [4] static  [5] Stribeck
// and one activation per enabled state, in this order: slewed setpoint (slewmax > 0), integrator
// (ki > 0), winding temperature (thermal), bristle deflection (lugre), current (inductance).
// Features passed as NULL or disabled (zero) keep what the actuator already holds, except the
// electrical time constant, the cogging and the PID gains/slew/Imax, which are always written.

#include <cmath>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"

namespace {

// K from motorconst = (Kt, Ke) and nominal = (voltage, stall torque, no-load speed): a constant
// missing from motorconst is the nominal back-EMF constant voltage / no-load speed; with both
// positive, K is their geometric mean, else the positive one (0 when none)
double MotorConstant(const double* motorconst, const double* nominal) {
  double kt = motorconst ? motorconst[0] : 0, ke = motorconst ? motorconst[1] : 0;
  if (nominal && nominal[2] != 0) {
    double knom = nominal[0] / nominal[2];
    kt = kt > 0 ? kt : knom;
    ke = ke > 0 ? ke : knom;
  }
  if (kt > 0 && ke > 0) {
    return std::sqrt(kt * ke);
  }
  return kt > 0 ? kt : (ke > 0 ? ke : 0);
}

// thermal = (resistance, capacitance, timeconst, tempcoef, reftemp, ambient): the time constant
// supplies whichever of resistance and capacitance is missing
const char* SetThermal(mjsActuator* a, const double* thermal) {
  if (!thermal || (thermal[0] == 0 && thermal[1] == 0 && thermal[2] == 0)) {
    return nullptr;
  }
  double rth = thermal[0], cth = thermal[1], tau = thermal[2];
  if (cth <= 0 && rth > 0 && tau > 0) {
    cth = tau / rth;
  } else if (rth <= 0 && cth > 0 && tau > 0) {
    rth = tau / cth;
  }
  if (rth <= 0) {
    return "DC motor: thermal resistance must be positive";
  }
  if (cth <= 0) {
    return "DC motor: thermal capacitance must be positive";
  }
  a->dynprm[2] = rth;
  a->dynprm[3] = cth;
  a->dynprm[4] = thermal[5];
  a->gainprm[2] = thermal[3];
  a->gainprm[3] = thermal[4];
  return nullptr;
}

// saturation = (torque, current, current rate): the torque (or K times the current) becomes
// the force range
void SetSaturation(mjsActuator* a, const double* saturation, double k) {
  if (!saturation) {
    return;
  }
  double torque = saturation[0] > 0 ? saturation[0] : (saturation[1] > 0 ? k * saturation[1] : 0);
  if (torque > 0) {
    a->forcelimited = mjLIMITED_TRUE;
    a->forcerange[0] = -torque;
    a->forcerange[1] = torque;
  }
  if (saturation[2] > 0) {
    a->dynprm[1] = saturation[2];
  }
}

}  // namespace

extern "C" {

const char* mjs_setToDCMotor(mjsActuator* actuator, double motorconst[2], double resistance,
                             double nominal[3], double saturation[3], double inductance[2],
                             double cogging[3], double controller[6], double thermal[6],
                             double lugre[5], int input_mode) {
  if (!actuator) {
    return "NULL actuator";
  }
  mjsActuator* a = actuator;

  // motor constant and terminal resistance (resistance wins over the nominal point)
  double k = MotorConstant(motorconst, nominal);
  if (k <= 0) {
    return "DC motor: motor constant K must be positive";
  }
  double r = resistance;
  if (r <= 0 && nominal && nominal[1] != 0) {
    r = k * nominal[0] / nominal[1];
  }
  if (r <= 0) {
    return "DC motor: resistance R must be positive";
  }

  // electrical dynamics: the inductance wins over the time constant
  double te = 0;
  if (inductance) {
    if (inductance[0] < 0) {
      return "DC motor: inductance must be non-negative";
    }
    if (inductance[1] < 0) {
      return "DC motor: electrical time constant must be non-negative";
    }
    te = inductance[0] > 0 ? inductance[0] / r : inductance[1];
  }
  if (const char* err = SetThermal(a, thermal)) {
    return err;
  }
  bool hasthermal = thermal && (thermal[0] != 0 || thermal[1] != 0 || thermal[2] != 0);

  a->dyntype = mjDYN_DCMOTOR;
  a->gaintype = mjGAIN_DCMOTOR;
  a->biastype = mjBIAS_DCMOTOR;
  a->actearly = 1;
  a->gainprm[0] = r;
  a->gainprm[1] = k;
  a->gainprm[8] = input_mode;
  a->dynprm[0] = te;
  SetSaturation(a, saturation, k);
  for (int j = 0; j < 3; j++) {
    a->biasprm[j] = cogging ? cogging[j] : 0;
  }

  // PID controller: gains, slew and integrator limit always; Vmax only when positive
  a->gainprm[4] = controller ? controller[0] : 0;
  a->gainprm[5] = controller ? controller[1] : 0;
  a->gainprm[6] = controller ? controller[2] : 0;
  a->dynprm[7] = controller ? controller[3] : 0;
  a->dynprm[8] = controller ? controller[4] : 0;
  if (controller && controller[5] > 0) {
    a->gainprm[7] = controller[5];
  }

  // LuGre friction, enabled by a positive stiffness
  bool haslugre = lugre && lugre[0] > 0;
  if (haslugre) {
    a->dynprm[5] = lugre[0];
    a->dynprm[6] = lugre[1];
    for (int j = 0; j < 3; j++) {
      a->biasprm[3 + j] = lugre[2 + j];
    }
  }

  a->actdim = (a->dynprm[7] > 0) + (a->gainprm[5] > 0) + hasthermal + haslugre + (te > 0);
  return nullptr;
}

}  // extern "C"
