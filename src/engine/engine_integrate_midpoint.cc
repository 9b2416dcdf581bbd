// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Midpoint integration of free bodies (computation_index.rst "Midpoint integration for free
// bodies"), applied by the implicit and implicitfast integrators after the implicit velocity
// update, unless the invdiscrete flag is set.
//
// For a body in its principal-axis frame, Euler's rotation equation I w' + w x I w = tau is
// discretized at the midpoint velocity w_mid = (w_t + w_{t+h})/2:
//     (2/h) I (w_mid - w_t) + w_mid x I w_mid = tau,                                  (1)
// three nonlinear equations solved by Newton's method with a backtracking line search; then
// w_{t+h} = 2 w_mid - w_t. With tau = 0 the update conserves the kinetic energy w'Iw/2 and
// |I w|^2 exactly (up to the solver tolerance): both are quadratic first integrals.
//
// Coordinates. A free joint's dofs are the world-frame linear velocity v of the body origin and
// the angular velocity w of the body in the body frame. Motus writes the body's motion about its
// center of mass (offset r = body_ipos in the body frame, principal axes body_iquat = Q):
//     v_c = v + R (w x r)                 center-of-mass velocity (world), R = body orientation
//     m v_c' = F                          F: total force on the body (world)
//     I w_p' + w_p x I w_p = tau_p        w_p = Q' w, tau_p: torque about the COM, principal frame
// The generalized force the implicit step already has, f = qfrc_smooth + qfrc_constraint
// (6 numbers at the free dofs), contains -qfrc_bias, whose velocity-product part for this body
// is the force m w x (w x r) (world) and the torque about the origin w x I_c w + r x (that
// force) (body frame). Adding those back gives the external wrench: F = f_lin + m R(w x (w x r))
// and tau_c = f_rot - r x (R' f_lin) + w x I_c w (body frame, about the COM); the w x I_c w
// term is the gyroscopic torque that (1) treats at the midpoint instead. So tau in (1) is
// everything but the gyroscopic torque, evaluated at the start of the step like every other
// explicit force of the implicit update.
//
// The translational update is v_c' = v_c + h F/m (exact for the rigid body: no velocity-product
// term acts on the COM). The new generalized velocity is w' = Q w_p' and v' = v_c' - R'(w' x r)
// with R' the orientation at t + h (qpos integrates with w'), so that the COM velocity read at
// the next step is exactly v_c': linear momentum is conserved too.
//
// Eligibility: free-joint bodies without child bodies (the spec's rule), with positive mass and
// principal inertia, and no armature or damping on their dofs (armature changes the inertia the
// rigid-body equations assume; dof damping is integrated implicitly by the plain update, which
// the explicit torque of (1) would give up). Other free bodies keep the implicit update.

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_integrate.h"

namespace {

constexpr int kMaxNewton = 50;      // Newton converges quadratically: a handful is typical
constexpr int kMaxBacktrack = 30;   // step halvings of the line search
constexpr mjtNum kRelTol = 1e-15;   // residual tolerance relative to the terms of (1)

// residual of (1): res = (2/h) I (w - w0) + w x I w - tau
void midpointResidual(mjtNum res[3], const mjtNum I[3], const mjtNum w0[3], const mjtNum tau[3],
                      mjtNum h, const mjtNum w[3]) {
  mjtNum Iw[3] = {I[0] * w[0], I[1] * w[1], I[2] * w[2]};
  mjtNum gyro[3];
  mju_cross(gyro, w, Iw);
  for (int i = 0; i < 3; i++) {
    res[i] = (2 / h) * I[i] * (w[i] - w0[i]) + gyro[i] - tau[i];
  }
}

// x = J^-1 y for the Jacobian of (1), J = (2/h) I + [w]x I - [I w]x (columns c0 c1 c2:
// the rows of J^-1 are (c1 x c2, c2 x c0, c0 x c1) / det). Returns 0 when J is singular.
int solveMidpointJacobian(mjtNum x[3], const mjtNum I[3], mjtNum h, const mjtNum w[3],
                          const mjtNum y[3]) {
  mjtNum Iw[3] = {I[0] * w[0], I[1] * w[1], I[2] * w[2]};
  mjtNum col[3][3];
  for (int j = 0; j < 3; j++) {
    // column j: d/dw_j of (2/h) I w + w x I w = (2/h) I_j e_j + e_j x Iw + w x (I_j e_j)
    mjtNum e[3] = {0, 0, 0};
    e[j] = 1;
    mjtNum a[3], b[3];
    mju_cross(a, e, Iw);
    mjtNum Ie[3] = {0, 0, 0};
    Ie[j] = I[j];
    mju_cross(b, w, Ie);
    for (int i = 0; i < 3; i++) col[j][i] = a[i] + b[i];
    col[j][j] += (2 / h) * I[j];
  }
  mjtNum r0[3], r1[3], r2[3];
  mju_cross(r0, col[1], col[2]);
  mju_cross(r1, col[2], col[0]);
  mju_cross(r2, col[0], col[1]);
  mjtNum det = mju_dot3(col[0], r0);
  if (!(std::fabs(det) > 0)) return 0;
  x[0] = mju_dot3(r0, y) / det;
  x[1] = mju_dot3(r1, y) / det;
  x[2] = mju_dot3(r2, y) / det;
  return 1;
}

// Solve (1) for w_mid by Newton's method with a backtracking line search on |res|, starting at
// w0. The residual's scale is that of its terms at the start; iterations stop when |res| falls
// below kRelTol times that scale, or when no step reduces it (the rounding floor).
void solveMidpoint(mjtNum wmid[3], const mjtNum I[3], const mjtNum w0[3], const mjtNum tau[3],
                   mjtNum h) {
  mju_copy3(wmid, w0);
  mjtNum Iw0[3] = {I[0] * w0[0], I[1] * w0[1], I[2] * w0[2]};
  mjtNum scale = mju_norm3(tau) + mju_norm3(Iw0) * (2 / h + mju_norm3(w0)) + mjMINVAL;
  mjtNum res[3];
  midpointResidual(res, I, w0, tau, h, wmid);
  mjtNum norm = mju_norm3(res);
  for (int iter = 0; iter < kMaxNewton && norm > kRelTol * scale; iter++) {
    mjtNum step[3];
    if (!solveMidpointJacobian(step, I, h, wmid, res)) return;
    mjtNum alpha = 1, trial[3], trial_res[3], trial_norm = norm;
    for (int k = 0; k < kMaxBacktrack; k++, alpha *= 0.5) {
      for (int i = 0; i < 3; i++) trial[i] = wmid[i] - alpha * step[i];
      midpointResidual(trial_res, I, w0, tau, h, trial);
      trial_norm = mju_norm3(trial_res);
      if (trial_norm < norm) break;
    }
    if (!(trial_norm < norm)) return;  // no decrease: rounding floor reached
    mju_copy3(wmid, trial);
    mju_copy3(res, trial_res);
    norm = trial_norm;
  }
}

// 1 if body b qualifies for midpoint integration (see the file comment); has_child[b] marks
// bodies that are some body's parent
int midpointEligible(const mjModel* m, int b, const int* has_child) {
  if (has_child[b] || m->body_jntnum[b] != 1) return 0;
  int j = m->body_jntadr[b];
  if (m->jnt_type[j] != mjJNT_FREE) return 0;
  if (!(m->body_mass[b] > mjMINVAL)) return 0;
  for (int k = 0; k < 3; k++) {
    if (!(m->body_inertia[3 * b + k] > mjMINVAL)) return 0;
  }
  int dof = m->jnt_dofadr[j];
  for (int k = 0; k < 6; k++) {
    if (m->dof_armature[dof + k] != 0 || m->dof_damping[dof + k] != 0) return 0;
  }
  return 1;
}

// replace qacc at the six dofs of free body b by the midpoint update (see the file comment)
void midpointFreeBody(const mjModel* m, const mjData* d, int b, mjtNum* qacc) {
  mjtNum h = m->opt.timestep;
  int j = m->body_jntadr[b];
  int dof = m->jnt_dofadr[j], padr = m->jnt_qposadr[j];
  const mjtNum* v = d->qvel + dof;       // origin velocity (world)
  const mjtNum* w = d->qvel + dof + 3;   // angular velocity (body frame)
  const mjtNum* R = d->xmat + 9 * b;
  const mjtNum* r = m->body_ipos + 3 * b;
  const mjtNum* I = m->body_inertia + 3 * b;
  mjtNum mass = m->body_mass[b];
  mjtNum Q[9];
  mju_quat2Mat(Q, m->body_iquat + 4 * b);

  // generalized force without the velocity products: f (6 numbers)
  mjtNum f[6];
  for (int k = 0; k < 6; k++) {
    f[k] = d->qfrc_smooth[dof + k] + d->qfrc_constraint[dof + k];
  }

  // COM velocity and the external force F = f_lin + m R (w x (w x r))
  mjtNum wxr[3], wwxr[3], tmp[3], vc[3], F[3];
  mju_cross(wxr, w, r);
  mju_cross(wwxr, w, wxr);
  mju_mulMatVec3(tmp, R, wxr);
  mju_add3(vc, v, tmp);
  mju_mulMatVec3(tmp, R, wwxr);
  for (int i = 0; i < 3; i++) F[i] = f[i] + mass * tmp[i];

  // torque about the COM (body frame) without the gyroscopic part: f_rot - r x (R' f_lin),
  // plus w x I_c w below
  mjtNum flin_body[3], rxf[3], tau_body[3];
  mju_mulMatTVec3(flin_body, R, f);
  mju_cross(rxf, r, flin_body);
  mju_sub3(tau_body, f + 3, rxf);

  // (1) in the principal frame; f holds -w x I_c w (from -qfrc_bias), which tau must not
  mjtNum wp[3], taup[3], wmid[3], wp_new[3], Iwp[3], gyro[3];
  mju_mulMatTVec3(wp, Q, w);
  mju_mulMatTVec3(taup, Q, tau_body);
  for (int i = 0; i < 3; i++) Iwp[i] = I[i] * wp[i];
  mju_cross(gyro, wp, Iwp);
  mju_addTo3(taup, gyro);
  solveMidpoint(wmid, I, wp, taup, h);
  for (int i = 0; i < 3; i++) wp_new[i] = 2 * wmid[i] - wp[i];

  // new generalized velocity: w' = Q w_p', v' = v_c' - R' (w' x r)
  mjtNum w_new[3], vc_new[3], quat[4], R_new[9], v_new[3];
  mju_mulMatVec3(w_new, Q, wp_new);
  for (int i = 0; i < 3; i++) vc_new[i] = vc[i] + h * F[i] / mass;
  mju_copy4(quat, d->qpos + padr + 3);
  mju_normalize4(quat);
  mju_quatIntegrate(quat, w_new, h);  // as mj_integratePos will move qpos with w'
  mju_quat2Mat(R_new, quat);
  mju_cross(wxr, w_new, r);
  mju_mulMatVec3(tmp, R_new, wxr);
  mju_sub3(v_new, vc_new, tmp);

  // as an acceleration for mj_advance: qvel + h qacc = the new velocity
  for (int i = 0; i < 3; i++) {
    qacc[dof + i] = (v_new[i] - v[i]) / h;
    qacc[dof + 3 + i] = (w_new[i] - w[i]) / h;
  }
}

}  // namespace

int mj_midpointFreeBodies(const mjModel* m, mjData* d, mjtNum* qacc) {
  if (mjENABLED(mjENBL_INVDISCRETE) || !(m->opt.timestep > 0)) return 0;
  mj_markStack(d);
  int* has_child = mj_stackAllocInt(d, m->nbody);
  for (int b = 0; b < m->nbody; b++) has_child[b] = 0;
  for (int b = 1; b < m->nbody; b++) has_child[m->body_parentid[b]] = 1;
  int count = 0;
  for (int b = 1; b < m->nbody; b++) {
    if (midpointEligible(m, b, has_child)) {
      midpointFreeBody(m, d, b, qacc);
      count++;
    }
  }
  mj_freeStack(d);
  return count;
}
