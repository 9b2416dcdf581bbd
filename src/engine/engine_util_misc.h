// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Miscellaneous utilities (API reference, "Miscellaneous" and "Printing"): the muscle model,
// friction-pyramid encoding, the analytic spring-damper, scalar helpers, conversions, sorting,
// the Halton sequence, mju_strncpy, mju_sigmoid, and matrix printing. All public functions are
// declared in mujoco.h.
//
// Internal helpers for the muscle model, exposed so the actuation code and the compiler can reuse
// the pieces (modeling.rst, "Muscles"; prm = gainprm/biasprm of a muscle actuator):
//   prm = (range[0], range[1], force, scale, lmin, lmax, vmax, fpmax, fvmax).

#ifndef MOTUS_ENGINE_ENGINE_UTIL_MISC_H_
#define MOTUS_ENGINE_ENGINE_UTIL_MISC_H_

#include <mujoco/mujoco.h>

// Peak active force F0: prm[2] (force) when non-negative, else prm[3] (scale) / acc0.
mjtNum mju_muscleF0(mjtNum acc0, const mjtNum prm[9]);

// Normalized force-length curve F_L(L): 0 outside (lmin, lmax), 1 at L = 1, built from four
// quadratic pieces meeting at the midpoints a = (lmin+1)/2 and b = (1+lmax)/2.
mjtNum mju_muscleFL(mjtNum L, mjtNum lmin, mjtNum lmax);

// Normalized force-velocity curve F_V(V), V in units of L0*vmax per second: 0 for V <= -1,
// (V+1)^2 up to V = 0, then rising quadratically to fvmax at V = fvmax-1, constant beyond.
mjtNum mju_muscleFV(mjtNum V, mjtNum fvmax);

// Normalized passive force F_P(L): 0 for L <= 1, fpmax/2 ((L-1)/(b-1))^2 up to b = (1+lmax)/2,
// then linear with the same slope (reaching 1.5 fpmax at lmax).
mjtNum mju_muscleFP(mjtNum L, mjtNum lmax, mjtNum fpmax);

#endif  // MOTUS_ENGINE_ENGINE_UTIL_MISC_H_
