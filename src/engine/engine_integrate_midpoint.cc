// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Midpoint integration of free bodies (computation_index.rst "Midpoint integration for free
// bodies"), applied by the implicit and implicitfast integrators after the implicit velocity
// update, unless the invdiscrete flag is set. The rules below are MuJoCo 3.8's, measured on
// single free bodies (doc/conformance.md#midpoint-integration).
//
// Rotation. For a body in its principal-axis frame (axes Q = body_iquat in the body frame,
// principal inertia I), Euler's rotation equation I w' + w x I w = tau is discretized at the
// midpoint velocity w_mid = (w_t + w_{t+h})/2:
//     (2/h) I (w_mid - w_t) + w_mid x I w_mid = tau,                                   (1)
// three nonlinear equations solved by Newton's method with a backtracking line search; then
// w_{t+h} = 2 w_mid - w_t. With tau = 0 the update conserves the kinetic energy w'Iw/2 and
// |I w|^2 exactly (up to the solver tolerance): both are quadratic first integrals. tau is the
// torque about the center of mass of every force at the start of the step (applied, passive,
// actuator, constraint), read from the forward acceleration: with qacc = (a, alpha) at the free
// joint's dofs, tau = I (Q' alpha) + w_p x I w_p, w_p = Q' w. Velocity-dependent forces
// (damping, fluid drag) therefore act explicitly on the rotation, whatever the implicit update
// did with them. The orientation then turns by the mean angular velocity: the position update
// uses w_mid in place of w_{t+h}.
//
// Translation of a body whose center of mass is at its origin (body_ipos = 0): the implicit
// update's velocity is kept, and the position moves by h v_{t+h} as for any other joint.
//
// Translation of a body whose center of mass is off its origin (offset r = body_ipos, any
// nonzero component): the velocity of the center of mass in the body frame at the start of the
// step, u_c = R_t' v + w x r (v the origin's world velocity, R_t = xmat), follows Newton's law in
// the rotating frame, u_c' + w x u_c = F_b / m, discretized at the midpoint like (1):
//     (u_c,t+h - u_c,t) / h + w_mid x (u_c,t + u_c,t+h) / 2 = F_b / m,                   (2)
// a 3x3 linear system (a Cayley rotation of u_c plus the force term). F_b = R_t' m a_c is the
// force of the start of the step in the body frame, from the forward acceleration of the center
// of mass a_c = a + R_t (alpha x r + w x (w x r)). Back to the origin at the end of the step:
// v_{t+h} = R_{t+h} (u_c,t+h - w_{t+h} x r), R_{t+h} the orientation after the step; and the
// origin moves by h (v_t + v_{t+h}) / 2. Without forces |u_c|, the COM speed, is conserved.
//
// Eligibility: free-joint bodies without child bodies (the spec's rule; a welded child would
// change the inertia), with positive mass and principal inertia, and awake. If the Newton
// Jacobian is singular, the body keeps the implicit update.

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_integrate.h"
#include "engine/engine_sleep.h"

namespace {

constexpr int kMaxNewton = 50;     // Newton converges quadratically: a handful is typical
constexpr int kMaxBacktrack = 30;  // step halvings of the line search
constexpr mjtNum kRelTol = 1e-15;  // residual tolerance relative to the terms of (1)

// inverse of a 3x3 matrix by cofactors (rows of the inverse: c1 x c2, c2 x c0, c0 x c1 over the
// determinant, c_j the columns); returns 0 when singular
int inverse3(mjtNum inv[9], const mjtNum a[9]) {
  mjtNum c[3][3], r[3][3];
  for (int j = 0; j < 3; j++) {
    for (int i = 0; i < 3; i++) {
      c[j][i] = a[3 * i + j];
    }
  }
  mju_cross(r[0], c[1], c[2]);
  mju_cross(r[1], c[2], c[0]);
  mju_cross(r[2], c[0], c[1]);
  mjtNum det = mju_dot3(c[0], r[0]);
  if (!(std::fabs(det) > 0) || !std::isfinite(det)) {
    return 0;
  }
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      inv[3 * i + j] = r[i][j] / det;
    }
  }
  return 1;
}

// [v]x, the matrix of v x (.)
void crossMatrix(mjtNum res[9], const mjtNum v[3]) {
  res[0] = 0;
  res[1] = -v[2];
  res[2] = v[1];
  res[3] = v[2];
  res[4] = 0;
  res[5] = -v[0];
  res[6] = -v[1];
  res[7] = v[0];
  res[8] = 0;
}

// ---------------------------------------------------------------------------------------------
// the nonlinear solve of (1)

// residual of (1): res = (2/h) I (w - w0) + w x I w - tau
void midpointResidual(mjtNum res[3], const mjtNum I[3], const mjtNum w0[3], const mjtNum tau[3],
                      mjtNum h, const mjtNum w[3]) {
  mjtNum Iw[3] = {I[0] * w[0], I[1] * w[1], I[2] * w[2]}, gyro[3];
  mju_cross(gyro, w, Iw);
  for (int i = 0; i < 3; i++) {
    res[i] = (2 / h) * I[i] * (w[i] - w0[i]) + gyro[i] - tau[i];
  }
}

// x = J^-1 y for the Jacobian of (1) at w: J = (2/h) I + [w]x diag(I) - [I w]x
// (d/dw of w x I w = w x I dw + dw x I w). Returns 0 when J is singular.
int solveMidpointJacobian(mjtNum x[3], const mjtNum I[3], mjtNum h, const mjtNum w[3],
                          const mjtNum y[3]) {
  mjtNum Iw[3] = {I[0] * w[0], I[1] * w[1], I[2] * w[2]}, wx[9], Iwx[9], J[9], Jinv[9];
  crossMatrix(wx, w);
  crossMatrix(Iwx, Iw);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      J[3 * i + j] = wx[3 * i + j] * I[j] - Iwx[3 * i + j];
    }
    J[4 * i] += (2 / h) * I[i];
  }
  if (!inverse3(Jinv, J)) {
    return 0;
  }
  mju_mulMatVec3(x, Jinv, y);
  return 1;
}

// Solve (1) for w_mid by Newton's method with a backtracking line search on |res|, starting at
// w0. The residual's scale is that of its terms at the start; iterations stop when |res| falls
// below kRelTol times that scale, or when no step reduces it (the rounding floor). Returns 0 if
// the Jacobian is singular.
int solveMidpoint(mjtNum wmid[3], const mjtNum I[3], const mjtNum w0[3], const mjtNum tau[3],
                  mjtNum h) {
  mju_copy3(wmid, w0);
  mjtNum Iw0[3] = {I[0] * w0[0], I[1] * w0[1], I[2] * w0[2]};
  mjtNum scale =
      mju_norm3(tau) + (2 / h) * mju_norm3(Iw0) + mju_norm3(Iw0) * mju_norm3(w0) + mjMINVAL;
  mjtNum res[3];
  midpointResidual(res, I, w0, tau, h, wmid);
  mjtNum norm = mju_norm3(res);
  for (int iter = 0; iter < kMaxNewton && norm > kRelTol * scale; iter++) {
    mjtNum step[3];
    if (!solveMidpointJacobian(step, I, h, wmid, res)) {
      return 0;
    }
    mjtNum alpha = 1, trial[3], trial_res[3], trial_norm = norm;
    for (int k = 0; k < kMaxBacktrack; k++, alpha *= 0.5) {
      for (int i = 0; i < 3; i++) {
        trial[i] = wmid[i] - alpha * step[i];
      }
      midpointResidual(trial_res, I, w0, tau, h, trial);
      trial_norm = mju_norm3(trial_res);
      if (trial_norm < norm) {
        break;
      }
    }
    if (!(trial_norm < norm)) {
      break;  // no decrease: rounding floor reached
    }
    mju_copy3(wmid, trial);
    mju_copy3(res, trial_res);
    norm = trial_norm;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// one body

// 1 if body b qualifies for midpoint integration (see the file comment); has_child[b] marks
// bodies that are some body's parent
int midpointEligible(const mjModel* m, int b, const int* has_child) {
  if (has_child[b] || m->body_jntnum[b] != 1) {
    return 0;
  }
  int j = m->body_jntadr[b];
  if (m->jnt_type[j] != mjJNT_FREE) {
    return 0;
  }
  if (!(m->body_mass[b] > mjMINVAL)) {
    return 0;
  }
  for (int k = 0; k < 3; k++) {
    if (!(m->body_inertia[3 * b + k] > mjMINVAL)) {
      return 0;
    }
  }
  return 1;
}

// 1 if body b's center of mass is off its origin (any offset: its translation then follows (2))
int comOffset(const mjModel* m, int b) {
  const mjtNum* r = m->body_ipos + 3 * b;
  return r[0] != 0 || r[1] != 0 || r[2] != 0;
}

// New angular velocity w1 (body frame) and mean angular velocity wmid by (1); returns 0 when
// the Newton Jacobian is singular
int midpointRotation(const mjModel* m, const mjData* d, int b, int dof, mjtNum w1[3],
                     mjtNum wmid[3]) {
  mjtNum h = m->opt.timestep;
  const mjtNum* I = m->body_inertia + 3 * b;
  const mjtNum* w = d->qvel + dof + 3;
  mjtNum Q[9], wp[3], alpha_p[3], tau[3], Iwp[3], gyro[3], wmid_p[3], w1p[3];
  mju_quat2Mat(Q, m->body_iquat + 4 * b);
  mju_mulMatTVec3(wp, Q, w);
  mju_mulMatTVec3(alpha_p, Q, d->qacc + dof + 3);
  for (int i = 0; i < 3; i++) {
    Iwp[i] = I[i] * wp[i];
  }
  mju_cross(gyro, wp, Iwp);
  for (int i = 0; i < 3; i++) {
    tau[i] = I[i] * alpha_p[i] + gyro[i];
  }
  if (!solveMidpoint(wmid_p, I, wp, tau, h)) {
    return 0;
  }
  for (int i = 0; i < 3; i++) {
    w1p[i] = 2 * wmid_p[i] - wp[i];
  }
  mju_mulMatVec3(w1, Q, w1p);
  for (int i = 0; i < 3; i++) {
    wmid[i] = 0.5 * (w[i] + w1[i]);
  }
  return 1;
}

// New origin velocity v1 (world) of a body with an offset center of mass, by (2); w1, wmid
// from midpointRotation. Returns 0 when the system of (2) is singular.
int midpointTranslation(const mjModel* m, const mjData* d, int b, int dof, const mjtNum w1[3],
                        const mjtNum wmid[3], mjtNum v1[3]) {
  mjtNum h = m->opt.timestep;
  const mjtNum* r = m->body_ipos + 3 * b;
  const mjtNum* R = d->xmat + 9 * b;
  const mjtNum* v = d->qvel + dof;
  const mjtNum* w = d->qvel + dof + 3;
  const mjtNum* acc = d->qacc + dof;

  // a_c = a + R (alpha x r + w x (w x r)), F_b / m = R' a_c
  mjtNum wxr[3], wwxr[3], axr[3], rel[3], Rrel[3], ac[3], fb[3];
  mju_cross(wxr, w, r);
  mju_cross(wwxr, w, wxr);
  mju_cross(axr, acc + 3, r);
  mju_add3(rel, axr, wwxr);
  mju_mulMatVec3(Rrel, R, rel);
  mju_add3(ac, acc, Rrel);
  mju_mulMatTVec3(fb, R, ac);

  // u_c = R' v + w x r; (2): (1/h + [w_mid]x / 2) u_c' = (1/h - [w_mid]x / 2) u_c + F_b / m
  mjtNum u[3], uc[3], wuc[3], rhs[3], A[9], Ainv[9], uc1[3];
  mju_mulMatTVec3(u, R, v);
  mju_add3(uc, u, wxr);
  mju_cross(wuc, wmid, uc);
  for (int i = 0; i < 3; i++) {
    rhs[i] = uc[i] / h - 0.5 * wuc[i] + fb[i];
  }
  crossMatrix(A, wmid);
  for (int i = 0; i < 9; i++) {
    A[i] *= 0.5;
  }
  for (int i = 0; i < 3; i++) {
    A[4 * i] += 1 / h;
  }
  if (!inverse3(Ainv, A)) {
    return 0;
  }
  mju_mulMatVec3(uc1, Ainv, rhs);

  // v' = R' (u_c' - w' x r), R' the orientation after turning by w_mid
  mjtNum quat[4], R1[9], w1xr[3], u1[3];
  mju_copy4(quat, d->qpos + m->jnt_qposadr[m->body_jntadr[b]] + 3);
  mju_normalize4(quat);
  mju_quatIntegrate(quat, wmid, h);  // as mj_integratePos will turn qpos
  mju_quat2Mat(R1, quat);
  mju_cross(w1xr, w1, r);
  mju_sub3(u1, uc1, w1xr);
  mju_mulMatVec3(v1, R1, u1);
  return 1;
}

// the midpoint update of free body b (see the file comment) into qacc and qvel_pos; returns 0
// (both untouched) when a solve is singular
int midpointFreeBody(const mjModel* m, const mjData* d, int b, mjtNum* qacc, mjtNum* qvel_pos) {
  mjtNum h = m->opt.timestep;
  int dof = m->jnt_dofadr[m->body_jntadr[b]];
  const mjtNum* v = d->qvel + dof;
  const mjtNum* w = d->qvel + dof + 3;
  mjtNum w1[3], wmid[3], v1[3];
  if (!midpointRotation(m, d, b, dof, w1, wmid)) {
    return 0;
  }
  int offset = comOffset(m, b);
  if (offset && !midpointTranslation(m, d, b, dof, w1, wmid, v1)) {
    return 0;
  }

  // as accelerations for mj_advance (qvel + h qacc = the new velocity) and the velocity that
  // moves qpos
  for (int i = 0; i < 3; i++) {
    qacc[dof + 3 + i] = (w1[i] - w[i]) / h;
    qvel_pos[dof + 3 + i] = wmid[i];
    if (offset) {
      qacc[dof + i] = (v1[i] - v[i]) / h;
      qvel_pos[dof + i] = 0.5 * (v[i] + v1[i]);
    }
  }
  return 1;
}

// calls f(b) for every eligible body b that is awake (a sleeping tree keeps its state);
// returns the sum of the results
template <typename F>
int forEachEligible(const mjModel* m, mjData* d, F f) {
  int sleep = mj_sleepAny(m, d);
  mj_markStack(d);
  int* has_child = mj_stackAllocInt(d, m->nbody);
  for (int b = 0; b < m->nbody; b++) {
    has_child[b] = 0;
  }
  for (int b = 1; b < m->nbody; b++) {
    has_child[m->body_parentid[b]] = 1;
  }
  int count = 0;
  for (int b = 1; b < m->nbody; b++) {
    if (midpointEligible(m, b, has_child) && !(sleep && d->body_awake[b] == mjS_ASLEEP)) {
      count += f(b);
    }
  }
  mj_freeStack(d);
  return count;
}

int midpointActive(const mjModel* m, int integrator) {
  if (mjENABLED(mjENBL_INVDISCRETE) || !(m->opt.timestep > 0)) {
    return 0;
  }
  return integrator == mjINT_IMPLICIT || integrator == mjINT_IMPLICITFAST;
}

}  // namespace

int mj_midpointFreeBodies(const mjModel* m, mjData* d, int integrator, mjtNum* qacc,
                          mjtNum* qvel_pos) {
  if (!midpointActive(m, integrator)) {
    return 0;
  }
  return forEachEligible(m, d, [&](int b) { return midpointFreeBody(m, d, b, qacc, qvel_pos); });
}

void mj_midpointReportAcc(const mjModel* m, mjData* d, int integrator, const mjtNum* qacc) {
  if (!midpointActive(m, integrator)) {
    return;
  }
  forEachEligible(m, d, [&](int b) {
    int dof = m->jnt_dofadr[m->body_jntadr[b]];
    int first = comOffset(m, b) ? 0 : 3;
    for (int i = first; i < 6; i++) {
      d->qacc[dof + i] = qacc[dof + i];
    }
    return 1;
  });
}
