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
// Coordinates. A free joint's dofs qv = (v, w) are the world-frame linear velocity v of the body
// origin and the angular velocity w of the body in the body frame. The rigid-body equations are
// simplest about the center of mass (offset r = body_ipos in the body frame, principal axes
// body_iquat = Q, body orientation R), in the coordinates
//     u = (v_c, w_p),  v_c = v + R (w x r)  (COM velocity, world),  w_p = Q' w  (principal),
// i.e. qv = Ti u with Ti = [[1, B], [0, Q]], B = R [r]x Q. There the body's mass matrix is the
// constant Mc = diag(m, m, m, I1, I2, I3) and the only velocity-product force is the gyroscopic
// torque (0, w_p x I w_p): the generalized bias c(qv) of the free joint (the offset terms
// m R (w x (w x r)) etc.) is entirely the coordinate change, d/dt v_c = dv/dt + R (w' x r) + a,
// a = R (w x (w x r)).
//
// What the implicit step already has for the body's six dofs: f = qfrc_smooth + qfrc_constraint
// (all forces, -c included), the block Mb of the mass matrix (Ti^-T Mc Ti^-1 plus armature) and
// the block of D, the velocity derivative of the smooth forces that the implicit update
// (M - h D) dqv = h f integrates implicitly (implicitfast: symmetrized, on the pattern of M;
// implicit: the full block, which also contains -dc/dqv). The dofs of a childless free body
// couple to no other dof in M, nor in D (restricted to the pattern of M: computation_index.rst
// "Integrators"), so its update is self-contained.
//
// The scheme keeps, for the body, everything the implicit update does except its treatment of
// the velocity products, explicit (implicitfast) or linearized (implicit), which it replaces by
// the exact midpoint gyroscopic torque. With Do = D without its RNE part, M qv'' = f (qv'' =
// Ti (u' - (a, 0)), differentiating u = Ti^-1 qv) becomes, discretized in u coordinates:
//     A (u' - u) = h (W - (0, w_mid x I w_mid)),    A = Ti' (Mb - h Do) Ti,              (2)
//     W = Ti' (f + Mb (a, 0)) + (0, w_p x I w_p).
// W is the total non-gyroscopic wrench about the COM (applied, actuator, passive, constraint
// forces, gravity) at the start of the step, in u coordinates: the Mb (a, 0) term and the added
// gyroscopic torque cancel the -c inside f (Ti' Mb Ti = Mc without armature). (2) and the plain
// implicit update differ only in the velocity products, here exact in u coordinates and at the
// midpoint for the gyroscopic torque. With no armature and no implicit damping (A = Mc) the
// translational rows are m (v_c' - v_c) = h F and the rotational ones the spec's (1) with
// tau = W_rot. Otherwise the velocity-dependent forces (damping, fluid drag, actuators) act
// through Do exactly as in the implicit update, which keeps e.g. strong fluid drag stable
// (integrating them explicitly would not be). Armature enters through Mb; the update stays
// consistent with it, but energy is then not conserved exactly, since the gyroscopic torque
// involves the rigid body's inertia alone. Eliminating the translational rows (Schur complement
// of the block A11) leaves
//     (2/h) S (w_mid - w_p) + w_mid x I w_mid = tau,  S = A22 - A21 A11^-1 A12,
//     tau = W_rot - A21 A11^-1 W_lin,                                                  (3)
// the torque that (1) calls tau, solved like (1) (S = diag(I) without armature or damping, up to
// rounding), then
//     v_c' = v_c + A11^-1 (h W_lin - A12 (w_p' - w_p)).
// Back to the joint's dofs: w' = Q w_p' and v' = v_c' - R' (w' x r) with R' the orientation at
// t + h (qpos integrates with w'), so that the COM velocity read at the next step is exactly
// v_c': without forces the linear momentum is conserved too.
//
// Eligibility: free-joint bodies without child bodies (the spec's rule; a welded child would
// change the inertia), with positive mass and principal inertia. If A11 (positive definite for
// dissipative D) or the Newton Jacobian is singular, the body keeps the implicit update.

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_integrate.h"

namespace {

constexpr int kMaxNewton = 50;     // Newton converges quadratically: a handful is typical
constexpr int kMaxBacktrack = 30;  // step halvings of the line search
constexpr mjtNum kRelTol = 1e-15;  // residual tolerance relative to the terms of (3)

// ---------------------------------------------------------------------------------------------
// small dense algebra (row-major)

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
// the nonlinear solve of (3)

// residual of (3): res = (2/h) S (w - w0) + w x I w - tau
void midpointResidual(mjtNum res[3], const mjtNum S[9], const mjtNum I[3], const mjtNum w0[3],
                      const mjtNum tau[3], mjtNum h, const mjtNum w[3]) {
  mjtNum dw[3], Sdw[3], Iw[3] = {I[0] * w[0], I[1] * w[1], I[2] * w[2]}, gyro[3];
  mju_sub3(dw, w, w0);
  mju_mulMatVec3(Sdw, S, dw);
  mju_cross(gyro, w, Iw);
  for (int i = 0; i < 3; i++) {
    res[i] = (2 / h) * Sdw[i] + gyro[i] - tau[i];
  }
}

// x = J^-1 y for the Jacobian of (3) at w: J = (2/h) S + [w]x diag(I) - [I w]x
// (d/dw of w x I w = w x I dw + dw x I w). Returns 0 when J is singular.
int solveMidpointJacobian(mjtNum x[3], const mjtNum S[9], const mjtNum I[3], mjtNum h,
                          const mjtNum w[3], const mjtNum y[3]) {
  mjtNum Iw[3] = {I[0] * w[0], I[1] * w[1], I[2] * w[2]}, wx[9], Iwx[9], J[9], Jinv[9];
  crossMatrix(wx, w);
  crossMatrix(Iwx, Iw);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      J[3 * i + j] = (2 / h) * S[3 * i + j] + wx[3 * i + j] * I[j] - Iwx[3 * i + j];
    }
  }
  if (!inverse3(Jinv, J)) {
    return 0;
  }
  mju_mulMatVec3(x, Jinv, y);
  return 1;
}

// Solve (3) for w_mid by Newton's method with a backtracking line search on |res|, starting at
// w0. The residual's scale is that of its terms at the start; iterations stop when |res| falls
// below kRelTol times that scale, or when no step reduces it (the rounding floor). Returns 0 if
// the Jacobian is singular.
int solveMidpoint(mjtNum wmid[3], const mjtNum S[9], const mjtNum I[3], const mjtNum w0[3],
                  const mjtNum tau[3], mjtNum h) {
  mju_copy3(wmid, w0);
  mjtNum Iw0[3] = {I[0] * w0[0], I[1] * w0[1], I[2] * w0[2]}, Sw0[3];
  mju_mulMatVec3(Sw0, S, w0);
  mjtNum scale =
      mju_norm3(tau) + (2 / h) * mju_norm3(Sw0) + mju_norm3(Iw0) * mju_norm3(w0) + mjMINVAL;
  mjtNum res[3];
  midpointResidual(res, S, I, w0, tau, h, wmid);
  mjtNum norm = mju_norm3(res);
  for (int iter = 0; iter < kMaxNewton && norm > kRelTol * scale; iter++) {
    mjtNum step[3];
    if (!solveMidpointJacobian(step, S, I, h, wmid, res)) {
      return 0;
    }
    mjtNum alpha = 1, trial[3], trial_res[3], trial_norm = norm;
    for (int k = 0; k < kMaxBacktrack; k++, alpha *= 0.5) {
      for (int i = 0; i < 3; i++) {
        trial[i] = wmid[i] - alpha * step[i];
      }
      midpointResidual(trial_res, S, I, w0, tau, h, trial);
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
// the body's implicit terms

// dc/dqv of the free joint's bias (6x6, rows: force on (v, w), columns: (v, w)). c depends on
// w only: c = (m R (w x (w x r)), m r x (w x (w x r)) + w x Ic w), Ic = Q diag(I) Q' the COM
// inertia in the body frame, so the column of w_k (unit vector e) is
//   (m R (e x (w x r) + w x (e x r)),  m r x (same, body frame) + e x Ic w + w x Ic e).
void biasVelDerivative(mjtNum dc[36], mjtNum mass, const mjtNum R[9], const mjtNum Q[9],
                       const mjtNum I[3], const mjtNum r[3], const mjtNum w[3]) {
  mjtNum Ic[9], QI[9];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      QI[3 * i + j] = Q[3 * i + j] * I[j];
    }
  }
  mju_mulMatMatT(Ic, QI, Q, 3, 3, 3);
  mjtNum wxr[3], Icw[3];
  mju_cross(wxr, w, r);
  mju_mulMatVec3(Icw, Ic, w);
  mju_zero(dc, 36);
  for (int k = 0; k < 3; k++) {
    mjtNum e[3] = {0, 0, 0}, exr[3], t1[3], t2[3], acc[3], lin[3], rot[3], Ice[3];
    e[k] = 1;
    mju_cross(t1, e, wxr);
    mju_cross(exr, e, r);
    mju_cross(t2, w, exr);
    mju_add3(acc, t1, t2);
    mju_scl3(acc, acc, mass);  // m (e x (w x r) + w x (e x r)), body frame
    mju_mulMatVec3(lin, R, acc);
    mju_cross(rot, r, acc);
    mju_cross(t1, e, Icw);
    mju_addTo3(rot, t1);
    for (int i = 0; i < 3; i++) {
      Ice[i] = Ic[3 * i + k];
    }
    mju_cross(t2, w, Ice);
    mju_addTo3(rot, t2);
    for (int i = 0; i < 3; i++) {
      dc[6 * i + 3 + k] = lin[i];
      dc[6 * (3 + i) + 3 + k] = rot[i];
    }
  }
}

// The body's 6x6 blocks (row-major, dofs from dof) of the mass matrix, Mb (from the CSR lower
// triangle d->M: armature included, off-diagonals absent for simple bodies), and of Do, the D
// that this integrator's implicit update used, without the RNE part. Returns 0 if Do is zero.
int bodyBlocks(const mjModel* m, const mjData* d, int integrator, int dof, mjtNum mass,
               const mjtNum R[9], const mjtNum Q[9], const mjtNum I[3], const mjtNum r[3],
               const mjtNum w[3], mjtNum Mb[36], mjtNum Do[36]) {
  mju_zero(Mb, 36);
  for (int i = 0; i < 6; i++) {
    int adr = m->M_rowadr[dof + i];
    for (int k = 0; k < m->M_rownnz[dof + i]; k++) {
      int j = m->M_colind[adr + k] - dof;
      if (j >= 0 && j <= i) {
        Mb[6 * i + j] = Mb[6 * j + i] = d->M[adr + k];
      }
    }
  }

  // D rows of a childless free body's dofs hold exactly its six dofs (ancestors, itself,
  // descendants, sorted): element (i, j) is at D_rowadr[dof + i] + j
  mju_zero(Do, 36);
  for (int i = 0; i < 6; i++) {
    int adr = m->D_rowadr[dof + i];
    for (int j = 0; j < 6; j++) {
      // implicitfast drops the elements outside the pattern of M (engine_integrate.cc)
      if (integrator == mjINT_IMPLICITFAST && i != j && m->mapM2D[adr + j] < 0) {
        continue;
      }
      Do[6 * i + j] = d->qDeriv[adr + j];
    }
  }
  if (integrator == mjINT_IMPLICIT) {
    // qDeriv holds Do - dc/dqv: add dc/dqv back
    mjtNum dc[36];
    biasVelDerivative(dc, mass, R, Q, I, r, w);
    mju_addTo(Do, dc, 36);
  }
  int any = 0;
  for (int k = 0; k < 36; k++) {
    any |= (Do[k] != 0);
  }
  return any;
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

// The body's frames and velocities in the coordinates of the file comment
struct FreeBody {
  int dof, padr;  // first dof and qpos address of the free joint
  mjtNum mass;
  const mjtNum* I;      // principal inertia (body_inertia)
  const mjtNum* r;      // COM offset in the body frame (body_ipos)
  const mjtNum* R;      // body orientation (xmat)
  const mjtNum* v;      // origin velocity (world), qvel
  const mjtNum* w;      // angular velocity (body frame), qvel
  mjtNum Q[9];          // principal axes in the body frame (body_iquat)
  mjtNum Ti[36];        // qv = Ti u, Ti = [[1, R [r]x Q], [0, Q]]
  mjtNum vc[3], wp[3];  // u = (v_c, w_p)
};

void setupFreeBody(const mjModel* m, const mjData* d, int b, FreeBody* fb) {
  int j = m->body_jntadr[b];
  fb->dof = m->jnt_dofadr[j];
  fb->padr = m->jnt_qposadr[j];
  fb->mass = m->body_mass[b];
  fb->I = m->body_inertia + 3 * b;
  fb->r = m->body_ipos + 3 * b;
  fb->R = d->xmat + 9 * b;
  fb->v = d->qvel + fb->dof;
  fb->w = d->qvel + fb->dof + 3;
  mju_quat2Mat(fb->Q, m->body_iquat + 4 * b);

  mjtNum rx[9], RrX[9], B[9];
  crossMatrix(rx, fb->r);
  mju_mulMatMat(RrX, fb->R, rx, 3, 3, 3);
  mju_mulMatMat(B, RrX, fb->Q, 3, 3, 3);
  mju_zero(fb->Ti, 36);
  for (int i = 0; i < 3; i++) {
    fb->Ti[6 * i + i] = 1;
    for (int k = 0; k < 3; k++) {
      fb->Ti[6 * i + 3 + k] = B[3 * i + k];
      fb->Ti[6 * (3 + i) + 3 + k] = fb->Q[3 * i + k];
    }
  }

  mjtNum wxr[3], Rwxr[3];
  mju_cross(wxr, fb->w, fb->r);
  mju_mulMatVec3(Rwxr, fb->R, wxr);
  mju_add3(fb->vc, fb->v, Rwxr);
  mju_mulMatTVec3(fb->wp, fb->Q, fb->w);
}

// res = Ti' K Ti (6x6)
void congruence(mjtNum res[36], const mjtNum Ti[36], const mjtNum K[36]) {
  mjtNum KTi[36];
  mju_mulMatMat(KTi, K, Ti, 6, 6, 6);
  mju_mulMatTMat(res, Ti, KTi, 6, 6, 6);
}

// W and A of (2): W = Ti' (f + Mb (a, 0)) + (0, w_p x I w_p), A = Ti' (Mb - h Do) Ti
void schemeTerms(const mjModel* m, const mjData* d, int integrator, const FreeBody* fb, mjtNum W[6],
                 mjtNum A[36]) {
  mjtNum Mb[36], Do[36];
  int damped =
      bodyBlocks(m, d, integrator, fb->dof, fb->mass, fb->R, fb->Q, fb->I, fb->r, fb->w, Mb, Do);

  // a = R (w x (w x r)), then g = f + Mb (a, 0)
  mjtNum wxr[3], wwxr[3], a[3], g[6];
  mju_cross(wxr, fb->w, fb->r);
  mju_cross(wwxr, fb->w, wxr);
  mju_mulMatVec3(a, fb->R, wwxr);
  for (int i = 0; i < 6; i++) {
    g[i] = d->qfrc_smooth[fb->dof + i] + d->qfrc_constraint[fb->dof + i];
    for (int k = 0; k < 3; k++) {
      g[i] += Mb[6 * i + k] * a[k];
    }
  }
  mju_mulMatTVec(W, fb->Ti, g, 6, 6);
  mjtNum Iwp[3], gyro[3];
  for (int i = 0; i < 3; i++) {
    Iwp[i] = fb->I[i] * fb->wp[i];
  }
  mju_cross(gyro, fb->wp, Iwp);
  mju_addTo3(W + 3, gyro);

  // Ti' Mb Ti (= Mc + Ti' diag(armature) Ti) is symmetrized against the rounding of the
  // products: its symmetry is what makes the update conserve energy
  congruence(A, fb->Ti, Mb);
  for (int i = 0; i < 6; i++) {
    for (int k = 0; k < i; k++) {
      A[6 * i + k] = A[6 * k + i] = 0.5 * (A[6 * i + k] + A[6 * k + i]);
    }
  }
  if (damped) {
    mjtNum K[36], TKT[36];
    mju_scl(K, Do, -m->opt.timestep, 36);
    congruence(TKT, fb->Ti, K);
    mju_addTo(A, TKT, 36);
  }
}

// 3x3 block (bi, bk) of a 6x6 matrix
void block3(mjtNum res[9], const mjtNum A[36], int bi, int bk) {
  for (int i = 0; i < 3; i++) {
    for (int k = 0; k < 3; k++) {
      res[3 * i + k] = A[6 * (3 * bi + i) + 3 * bk + k];
    }
  }
}

// u' from (2): w_p' by (3), then v_c' = v_c + A11^-1 (h W_lin - A12 (w_p' - w_p)); returns 0
// when A11 or the Newton Jacobian is singular
int solveScheme(mjtNum h, const FreeBody* fb, const mjtNum W[6], const mjtNum A[36],
                mjtNum vc_new[3], mjtNum wp_new[3]) {
  mjtNum A11[9], A12[9], A21[9], A22[9];
  block3(A11, A, 0, 0);
  block3(A12, A, 0, 1);
  block3(A21, A, 1, 0);
  block3(A22, A, 1, 1);

  // (3): S = A22 - A21 A11^-1 A12, tau = W_rot - A21 A11^-1 W_lin
  mjtNum A11inv[9], A21A11inv[9], S[9], corr[9], tau[3], tmp[3];
  if (!inverse3(A11inv, A11)) {
    return 0;
  }
  mju_mulMatMat(A21A11inv, A21, A11inv, 3, 3, 3);
  mju_mulMatMat(corr, A21A11inv, A12, 3, 3, 3);
  mju_sub(S, A22, corr, 9);
  mju_mulMatVec3(tmp, A21A11inv, W);
  mju_sub3(tau, W + 3, tmp);

  mjtNum wmid[3], dwp[3], rhs[3], dvc[3];
  if (!solveMidpoint(wmid, S, fb->I, fb->wp, tau, h)) {
    return 0;
  }
  for (int i = 0; i < 3; i++) {
    wp_new[i] = 2 * wmid[i] - fb->wp[i];
    dwp[i] = wp_new[i] - fb->wp[i];
  }
  mju_mulMatVec3(tmp, A12, dwp);
  for (int i = 0; i < 3; i++) {
    rhs[i] = h * W[i] - tmp[i];
  }
  mju_mulMatVec3(dvc, A11inv, rhs);
  mju_add3(vc_new, fb->vc, dvc);
  return 1;
}

// replace qacc at the six dofs of free body b by the midpoint update (see the file comment);
// returns 0 (qacc untouched) when A11 or the Newton Jacobian is singular
int midpointFreeBody(const mjModel* m, const mjData* d, int integrator, int b, mjtNum* qacc) {
  mjtNum h = m->opt.timestep;
  FreeBody fb;
  setupFreeBody(m, d, b, &fb);
  mjtNum W[6], A[36], vc_new[3], wp_new[3];
  schemeTerms(m, d, integrator, &fb, W, A);
  if (!solveScheme(h, &fb, W, A, vc_new, wp_new)) {
    return 0;
  }

  // back to the joint's dofs: w' = Q w_p', v' = v_c' - R' (w' x r)
  mjtNum w_new[3], quat[4], R_new[9], wxr[3], tmp[3], v_new[3];
  mju_mulMatVec3(w_new, fb.Q, wp_new);
  mju_copy4(quat, d->qpos + fb.padr + 3);
  mju_normalize4(quat);
  mju_quatIntegrate(quat, w_new, h);  // as mj_integratePos will move qpos with w'
  mju_quat2Mat(R_new, quat);
  mju_cross(wxr, w_new, fb.r);
  mju_mulMatVec3(tmp, R_new, wxr);
  mju_sub3(v_new, vc_new, tmp);

  // as an acceleration for mj_advance: qvel + h qacc = the new velocity
  for (int i = 0; i < 3; i++) {
    qacc[fb.dof + i] = (v_new[i] - fb.v[i]) / h;
    qacc[fb.dof + 3 + i] = (w_new[i] - fb.w[i]) / h;
  }
  return 1;
}

}  // namespace

int mj_midpointFreeBodies(const mjModel* m, mjData* d, int integrator, mjtNum* qacc) {
  if (mjENABLED(mjENBL_INVDISCRETE) || !(m->opt.timestep > 0)) {
    return 0;
  }
  if (integrator != mjINT_IMPLICIT && integrator != mjINT_IMPLICITFAST) {
    return 0;
  }
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
    if (midpointEligible(m, b, has_child)) {
      count += midpointFreeBody(m, d, integrator, b, qacc);
    }
  }
  mj_freeStack(d);
  return count;
}
