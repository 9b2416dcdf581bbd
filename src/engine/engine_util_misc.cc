// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Miscellaneous utilities (API reference, "Miscellaneous", "Printing"; modeling.rst "Muscles").

#include "engine/engine_util_misc.h"

#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <mujoco/mujoco.h>

// ---------------------------------------------------------------------------------------------
// muscle model (modeling.rst, "Muscles"). The shapes of F_L, F_V, F_P (which the text defers to
// FLV.m) were fitted to and checked against MuJoCo's actuator_force and
// act_dot over random states, including lengths beyond b (util_misc_test).

namespace {

// operating-range scaling: L0 maps the user's scaled range onto actuator_lengthrange, so that
// L = range[0] + (len - lengthrange[0]) / L0 is the normalized muscle length
inline mjtNum MuscleL0(const mjtNum lengthrange[2], const mjtNum prm[9]) {
  return (lengthrange[1] - lengthrange[0]) / mjMAX(mjMINVAL, prm[1] - prm[0]);
}

}  // namespace

mjtNum mju_muscleF0(mjtNum acc0, const mjtNum prm[9]) {
  return prm[2] < 0 ? prm[3] / mjMAX(mjMINVAL, acc0) : prm[2];
}

mjtNum mju_muscleFL(mjtNum L, mjtNum lmin, mjtNum lmax) {
  if (L <= lmin || L >= lmax) {
    return 0;
  }
  mjtNum a = 0.5 * (lmin + 1);
  mjtNum b = 0.5 * (1 + lmax);
  mjtNum x;
  if (L <= a) {  // rising from 0 at lmin
    x = (L - lmin) / mjMAX(mjMINVAL, a - lmin);
    return 0.5 * x * x;
  }
  if (L <= 1) {  // approaching the peak from below
    x = (1 - L) / mjMAX(mjMINVAL, 1 - a);
    return 1 - 0.5 * x * x;
  }
  if (L <= b) {  // leaving the peak
    x = (L - 1) / mjMAX(mjMINVAL, b - 1);
    return 1 - 0.5 * x * x;
  }
  x = (lmax - L) / mjMAX(mjMINVAL, lmax - b);  // falling to 0 at lmax
  return 0.5 * x * x;
}

mjtNum mju_muscleFV(mjtNum V, mjtNum fvmax) {
  mjtNum y = fvmax - 1;
  if (V <= -1) {
    return 0;
  }
  if (V <= 0) {
    return (V + 1) * (V + 1);
  }
  if (V <= y) {
    return fvmax - (y - V) * (y - V) / mjMAX(mjMINVAL, y);
  }
  return fvmax;
}

mjtNum mju_muscleFP(mjtNum L, mjtNum lmax, mjtNum fpmax) {
  mjtNum b = 0.5 * (1 + lmax);
  if (L <= 1) {
    return 0;
  }
  if (L <= b) {
    mjtNum x = (L - 1) / mjMAX(mjMINVAL, b - 1);
    return 0.5 * fpmax * x * x;
  }
  mjtNum x = (L - b) / mjMAX(mjMINVAL, b - 1);
  return fpmax * (0.5 + x);
}

// gain = -F0 F_L(L) F_V(V), with L the normalized length and V = velocity / (L0 vmax)
mjtNum mju_muscleGain(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                      const mjtNum prm[9]) {
  mjtNum L0 = MuscleL0(lengthrange, prm);
  mjtNum L = prm[0] + (len - lengthrange[0]) / mjMAX(mjMINVAL, L0);
  mjtNum V = vel / mjMAX(mjMINVAL, L0 * prm[6]);
  return -mju_muscleF0(acc0, prm) * mju_muscleFL(L, prm[4], prm[5]) * mju_muscleFV(V, prm[8]);
}

// bias = -F0 F_P(L)
mjtNum mju_muscleBias(mjtNum len, const mjtNum lengthrange[2], mjtNum acc0, const mjtNum prm[9]) {
  mjtNum L0 = MuscleL0(lengthrange, prm);
  mjtNum L = prm[0] + (len - lengthrange[0]) / mjMAX(mjMINVAL, L0);
  return -mju_muscleF0(acc0, prm) * mju_muscleFP(L, prm[5], prm[7]);
}

// act_dot = (ctrl - act) / tau, ctrl clamped to [0, 1]; tau = tau_act (0.5 + 1.5 act) when
// activating, tau_deact / (0.5 + 1.5 act) when deactivating (act clamped to [0, 1] inside tau),
// blended by mju_sigmoid over ctrl - act in [-w/2, w/2] when the smoothing width w = prm[2] > 0.
mjtNum mju_muscleDynamics(mjtNum ctrl, mjtNum act, const mjtNum prm[3]) {
  mjtNum u = mju_clip(ctrl, 0, 1);
  mjtNum a = mju_clip(act, 0, 1);
  mjtNum tau_act = prm[0] * (0.5 + 1.5 * a);
  mjtNum tau_deact = prm[1] / (0.5 + 1.5 * a);
  mjtNum width = prm[2];
  mjtNum dctrl = u - act;
  mjtNum tau;
  if (width < mjMINVAL) {
    tau = dctrl > 0 ? tau_act : tau_deact;
  } else {
    tau = tau_deact + (tau_act - tau_deact) * mju_sigmoid(dctrl / width + 0.5);
  }
  return dctrl / mjMAX(mjMINVAL, tau);
}

// ---------------------------------------------------------------------------------------------
// friction pyramid (computation_index.rst, "Contact"): with condim = dim and friction
// coefficients mu[0 .. dim-2], the pyramid has edges e(2i) = n + mu_i t_i and e(2i+1) = n - mu_i
// t_i (this order is the one of MuJoCo's pyramidal efc_J rows). A force f = sum_j p_j e(j)
// has
//   f_normal = sum_j p_j,   f_i = mu_i (p_2i - p_2i+1).
// Encoding inverts this by splitting the normal force evenly over the dim-1 edge pairs. For
// dim = 1 the "pyramid" is the normal force itself.

void mju_encodePyramid(mjtNum* pyramid, const mjtNum* force, const mjtNum* mu, int dim) {
  if (dim <= 1) {
    if (dim == 1) {
      pyramid[0] = force[0];
    }
    return;
  }
  mjtNum share = force[0] / (dim - 1);
  for (int i = 0; i < dim - 1; i++) {
    mjtNum tang = force[i + 1] / mu[i];
    pyramid[2 * i] = 0.5 * (share + tang);
    pyramid[2 * i + 1] = 0.5 * (share - tang);
  }
}

void mju_decodePyramid(mjtNum* force, const mjtNum* pyramid, const mjtNum* mu, int dim) {
  if (dim <= 1) {
    if (dim == 1) {
      force[0] = pyramid[0];
    }
    return;
  }
  force[0] = 0;
  for (int i = 0; i < 2 * (dim - 1); i++) {
    force[0] += pyramid[i];
  }
  for (int i = 0; i < dim - 1; i++) {
    force[i + 1] = mu[i] * (pyramid[2 * i] - pyramid[2 * i + 1]);
  }
}

// ---------------------------------------------------------------------------------------------
// spring-damper: closed-form solution of x'' + Kv x' + Kp x = 0, x(0) = pos0, x'(0) = vel0
// (unit mass), evaluated at dt. The roots of r^2 + Kv r + Kp = 0 decide the regime:
//   Kv^2 > 4 Kp  (overdamped):  x = c1 e^(r1 t) + c2 e^(r2 t), c1 = (vel0 - r2 pos0)/(r1 - r2);
//   Kv^2 < 4 Kp  (oscillating): x = e^(-Kv t/2) (pos0 cos(w t) + (vel0 + Kv pos0/2)/w sin(w t)),
//                               w = sqrt(4 Kp - Kv^2)/2;
//   otherwise    (critical):    x = (pos0 + (vel0 + Kv pos0/2) t) e^(-Kv t/2).
mjtNum mju_springDamper(mjtNum pos0, mjtNum vel0, mjtNum Kp, mjtNum Kv, mjtNum dt) {
  mjtNum disc = Kv * Kv - 4 * Kp;
  mjtNum decay = -0.5 * Kv;
  if (disc > mjMINVAL) {
    mjtNum root = 0.5 * std::sqrt(disc);
    mjtNum r1 = decay + root, r2 = decay - root;
    mjtNum c1 = (vel0 - r2 * pos0) / (r1 - r2);
    mjtNum c2 = pos0 - c1;
    return c1 * std::exp(r1 * dt) + c2 * std::exp(r2 * dt);
  }
  if (disc < -mjMINVAL) {
    mjtNum w = 0.5 * std::sqrt(-disc);
    mjtNum c2 = (vel0 - decay * pos0) / w;
    return std::exp(decay * dt) * (pos0 * std::cos(w * dt) + c2 * std::sin(w * dt));
  }
  return (pos0 + (vel0 - decay * pos0) * dt) * std::exp(decay * dt);
}

// ---------------------------------------------------------------------------------------------
// scalar helpers

mjtNum mju_min(mjtNum a, mjtNum b) {
  return a <= b ? a : b;
}

mjtNum mju_max(mjtNum a, mjtNum b) {
  return a >= b ? a : b;
}

mjtNum mju_clip(mjtNum x, mjtNum min, mjtNum max) {
  if (x < min) {
    return min;
  }
  if (x > max) {
    return max;
  }
  return x;
}

mjtNum mju_sign(mjtNum x) {
  if (x > 0) {
    return 1;
  }
  if (x < 0) {
    return -1;
  }
  return 0;
}

// nearest integer, halves rounded up; NaN gives 0 and values beyond the int range saturate
int mju_round(mjtNum x) {
  if (x != x) {
    return 0;
  }
  mjtNum lower = std::floor(x);
  mjtNum upper = std::ceil(x);
  mjtNum r = (x - lower < upper - x) ? lower : upper;
  if (r >= static_cast<mjtNum>(INT_MAX)) {
    return INT_MAX;
  }
  if (r <= static_cast<mjtNum>(INT_MIN)) {
    return INT_MIN;
  }
  return static_cast<int>(r);
}

int mju_isBad(mjtNum x) {
  return (x != x || x > mjMAXVAL || x < -mjMAXVAL) ? 1 : 0;
}

int mju_isZero(const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    if (vec[i] != 0) {
      return 0;
    }
  }
  return 1;
}

// Marsaglia's polar method: draw (x1, x2) uniform in the unit disk (rejecting the rest), then
// x_i sqrt(-2 ln(w) / w), w = x1^2 + x2^2, are two independent standard normal samples.
// Uses rand(), like MuJoCo; not thread-safe.
mjtNum mju_standardNormal(mjtNum* num2) {
  mjtNum x1, x2, w;
  do {
    x1 = 2 * (static_cast<mjtNum>(std::rand()) / RAND_MAX) - 1;
    x2 = 2 * (static_cast<mjtNum>(std::rand()) / RAND_MAX) - 1;
    w = x1 * x1 + x2 * x2;
  } while (w >= 1 || w == 0);
  mjtNum scale = std::sqrt(-2 * std::log(w) / w);
  if (num2) {
    *num2 = x2 * scale;
  }
  return x1 * scale;
}

// ---------------------------------------------------------------------------------------------
// conversions

void mju_f2n(mjtNum* res, const float* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = static_cast<mjtNum>(vec[i]);
  }
}

void mju_n2f(float* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = static_cast<float>(vec[i]);
  }
}

void mju_d2n(mjtNum* res, const double* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = static_cast<mjtNum>(vec[i]);
  }
}

void mju_n2d(double* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = static_cast<double>(vec[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// sorting (stable insertion sort: fast for the short or nearly sorted lists it is used on)

void mju_insertionSort(mjtNum* list, int n) {
  for (int i = 1; i < n; i++) {
    mjtNum x = list[i];
    int j = i - 1;
    while (j >= 0 && list[j] > x) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = x;
  }
}

void mju_insertionSortInt(int* list, int n) {
  for (int i = 1; i < n; i++) {
    int x = list[i];
    int j = i - 1;
    while (j >= 0 && list[j] > x) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = x;
  }
}

// ---------------------------------------------------------------------------------------------
// Halton sequence: the radical inverse of index in the given base, i.e. the base-b digits of
// index mirrored about the radix point: index = sum_k d_k b^k  ->  sum_k d_k b^-(k+1).

mjtNum mju_Halton(int index, int base) {
  if (base < 2) {
    mju_error("mju_Halton: base must be at least 2, got %d", base);
    return 0;
  }
  mjtNum b = static_cast<mjtNum>(base);
  mjtNum f = 1 / b;
  mjtNum h = 0;
  for (int n = index; n > 0; n /= base) {
    h += f * (n % base);
    f /= b;
  }
  return h;
}

// ---------------------------------------------------------------------------------------------
// strings

// strncpy, then always NUL-terminate within the n bytes (n <= 0 writes nothing)
char* mju_strncpy(char* dst, const char* src, int n) {
  if (!dst || n <= 0) {
    return dst;
  }
  if (!src) {
    dst[0] = 0;
    return dst;
  }
  std::strncpy(dst, src, n);
  dst[n - 1] = 0;
  return dst;
}

// ---------------------------------------------------------------------------------------------
// smooth step: s(x) = 6x^5 - 15x^4 + 10x^3 on (0, 1), 0 below, 1 above (API reference); the
// quintic has zero first and second derivatives at both ends

mjtNum mju_sigmoid(mjtNum x) {
  if (x <= 0) {
    return 0;
  }
  if (x >= 1) {
    return 1;
  }
  return x * x * x * (3 * x * (2 * x - 5) + 10);
}

// ---------------------------------------------------------------------------------------------
// printing (API reference, "Printing"): to stdout, one matrix row per line

void mju_printMat(const mjtNum* mat, int nr, int nc) {
  for (int r = 0; r < nr; r++) {
    for (int c = 0; c < nc; c++) {
      std::printf("%12.6g ", static_cast<double>(mat[r * nc + c]));
    }
    std::printf("\n");
  }
  std::printf("\n");
}

// each row as "col: value" pairs
void mju_printMatSparse(const mjtNum* mat, int nr, const int* rownnz, const int* rowadr,
                        const int* colind) {
  for (int r = 0; r < nr; r++) {
    for (int k = rowadr[r]; k < rowadr[r] + rownnz[r]; k++) {
      std::printf("%d: %g  ", colind[k], static_cast<double>(mat[k]));
    }
    std::printf("\n");
  }
  std::printf("\n");
}
