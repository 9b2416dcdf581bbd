// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Fluid forces: inertia-box and ellipsoid models (engine_passive_fluid.h).

#include "engine/engine_passive_fluid.h"

#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_support_jac.h"
#include "engine/engine_util_sparse.h"

// ---------------------------------------------------------------------------------------------
// helpers

namespace {

// local velocity (w; v) of an object frame relative to the medium
void relativeVelocity(const mjModel* m, const mjData* d, int objtype, int id, const mjtNum mat[9],
                      mjtNum lvel[6]) {
  mj_objectVelocity(m, d, objtype, id, lvel, 1);
  mjtNum lwind[3];
  mju_mulMatTVec3(lwind, mat, m->opt.wind);
  mju_subFrom3(lvel + 3, lwind);
}

// apply a local force (res[3..5]) and torque (res[0..2]) at a frame on body b
void applyLocal(const mjModel* m, mjData* d, const mjtNum res[6], const mjtNum pos[3],
                const mjtNum mat[9], int b, mjtNum* qfrc) {
  mjtNum force[3], torque[3];
  mju_mulMatVec3(torque, mat, res);
  mju_mulMatVec3(force, mat, res + 3);
  mj_applyFT(m, d, force, torque, pos, b, qfrc);
}

// does body b have a geom that uses the ellipsoid model?
int ellipsoidBody(const mjModel* m, int b) {
  int adr = m->body_geomadr[b], num = m->body_geomnum[b];
  for (int g = adr; g < adr + num; g++) {
    if (m->geom_fluid[mjNFLUID * g] > 0) {
      return 1;
    }
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// inertia model

// half-sizes of the equivalent inertia box
void inertiaBox(const mjModel* m, int b, mjtNum r[3]) {
  const mjtNum* I = m->body_inertia + 3 * b;
  mjtNum mass = m->body_mass[b];
  for (int i = 0; i < 3; i++) {
    mjtNum arg = (I[(i + 1) % 3] + I[(i + 2) % 3] - I[i]) * 1.5 / mass;
    r[i] = std::sqrt(arg > 0 ? arg : 0);
  }
}

}  // namespace

void mj_fluidInertiaBox(const mjModel* m, int body, const mjtNum lvel[6], mjtNum res[6]) {
  mjtNum r[3];
  inertiaBox(m, body, r);
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  mjtNum req = (r[0] + r[1] + r[2]) / 3;
  const mjtNum* w = lvel;
  const mjtNum* v = lvel + 3;
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    mjtNum rj4 = r[j] * r[j] * r[j] * r[j], rk4 = r[k] * r[k] * r[k] * r[k];
    res[i] = -0.5 * rho * r[i] * (rj4 + rk4) * std::fabs(w[i]) * w[i] -
             8 * beta * mjPI * req * req * req * w[i];
    res[3 + i] = -2 * rho * r[j] * r[k] * std::fabs(v[i]) * v[i] - 6 * beta * mjPI * req * v[i];
  }
}

// ---------------------------------------------------------------------------------------------
// ellipsoid model

void mj_fluidSemiAxes(const mjModel* m, int g, mjtNum r[3]) {
  mju_geomSemiAxes(m->geom_type[g], m->geom_size + 3 * g, r);
}

void mju_geomSemiAxes(int type, const mjtNum size[3], mjtNum r[3]) {
  switch (type) {
    case mjGEOM_SPHERE:
      r[0] = r[1] = r[2] = size[0];
      break;
    case mjGEOM_CAPSULE:
      r[0] = r[1] = size[0];
      r[2] = size[1] + size[0];
      break;
    case mjGEOM_CYLINDER:
      r[0] = r[1] = size[0];
      r[2] = size[1];
      break;
    default:
      mju_copy3(r, size);
  }
}

namespace {

// area of the ellipsoid projected on the plane normal to v (computation_fluid.rst lemma):
//   pi sqrt(sum_i (r_j r_k)^4 v_i^2 / sum_i (r_j r_k)^2 v_i^2)   (homogeneous in v)
// with the denominator floored at mjMINVAL as MuJoCo does (see doc/conformance.md#fluid)
mjtNum projectedArea(const mjtNum r[3], const mjtNum v[3]) {
  mjtNum num = 0, den = 0;
  for (int i = 0; i < 3; i++) {
    mjtNum p = r[(i + 1) % 3] * r[(i + 2) % 3];
    mjtNum p2 = p * p * v[i] * v[i];
    num += p * p * p2;
    den += p2;
  }
  return mjPI * std::sqrt(num / mju_max(mjMINVAL, den));
}

// added-mass forces of a body with three symmetry planes, acceleration terms omitted
void addedMass(mjtNum rho, const mjtNum* fluid, const mjtNum w[3], const mjtNum v[3],
               mjtNum res[6]) {
  mjtNum pv[3], pw[3], tmp[3];
  for (int i = 0; i < 3; i++) {
    pv[i] = rho * fluid[6 + i] * v[i];
    pw[i] = rho * fluid[9 + i] * w[i];
  }
  mju_cross(tmp, pv, w);
  mju_addTo3(res + 3, tmp);
  mju_cross(tmp, pv, v);
  mju_addTo3(res, tmp);
  mju_cross(tmp, pw, w);
  mju_addTo3(res, tmp);
}

// quadratic drag, linear and angular
void viscousDrag(mjtNum rho, const mjtNum r[3], const mjtNum* fluid, const mjtNum w[3],
                 const mjtNum v[3], mjtNum res[6]) {
  mjtNum cblunt = fluid[1], cslender = fluid[2], cang = fluid[3];
  mjtNum rmax = mju_max(r[0], mju_max(r[1], r[2]));
  mjtNum rmin = mju_min(r[0], mju_min(r[1], r[2]));
  mjtNum rmid = r[0] + r[1] + r[2] - rmax - rmin;
  mjtNum amax = mjPI * rmax * rmid;
  mjtNum aproj = projectedArea(r, v);
  mjtNum speed = mju_norm3(v);
  mju_addToScl3(res + 3, v, -rho * (cblunt * aproj + cslender * (amax - aproj)) * speed);

  mjtNum inertia[3], imax = 0;
  for (int i = 0; i < 3; i++) {
    mjtNum rjk = mju_max(r[(i + 1) % 3], r[(i + 2) % 3]);
    inertia[i] = 8.0 / 15.0 * mjPI * r[i] * rjk * rjk * rjk * rjk;
    imax = mju_max(imax, inertia[i]);
  }
  mjtNum mom[3];
  for (int i = 0; i < 3; i++) {
    mom[i] = (cang * inertia[i] + cslender * (imax - inertia[i])) * w[i];
  }
  mju_addToScl3(res, w, -rho * mju_norm3(mom));
}

// Magnus and Kutta lift.
// Kutta: with a_i = (r_j r_k)^2 the normal n is parallel to (a_x v_x, a_y v_y, a_z v_z) = av, and
// with P = sum a_i^2 v_i^2 = |av|^2, Q = sum a_i v_i^2 = av . v, S = |v|^2:
//   A_v = pi sqrt(P / Q),  v^ . n^ = Q / (sqrt(P) |v|),  (n^ x v) x v = (Q v - S av) / sqrt(P),
// so f = C_K rho A_v Q (Q v - S av) / (P |v|). MuJoCo evaluates the last denominator as
// max(mjMINVAL, P |v|), which weakens the lift of small, slow bodies (P |v| scales as
// size^8 speed^3); reproduced as is.
void lift(mjtNum rho, const mjtNum r[3], const mjtNum* fluid, const mjtNum w[3], const mjtNum v[3],
          mjtNum res[6]) {
  mjtNum ck = fluid[4], cm = fluid[5];
  mjtNum volume = 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  mjtNum tmp[3];
  mju_cross(tmp, w, v);
  mju_addToScl3(res + 3, tmp, cm * rho * volume);

  mjtNum a[3] = {r[1] * r[2], r[2] * r[0], r[0] * r[1]};
  mjtNum av[3], P = 0, Q = 0, S = 0;
  for (int i = 0; i < 3; i++) {
    a[i] *= a[i];
    av[i] = a[i] * v[i];
    P += av[i] * av[i];
    Q += av[i] * v[i];
    S += v[i] * v[i];
  }
  if (Q <= 0) {
    return;  // no velocity
  }
  mjtNum area = mjPI * std::sqrt(P / Q);
  mjtNum scl = ck * rho * area * Q / mju_max(mjMINVAL, P * std::sqrt(S));
  for (int i = 0; i < 3; i++) {
    res[3 + i] += scl * (Q * v[i] - S * av[i]);
  }
}

}  // namespace

void mj_fluidEllipsoid(const mjModel* m, const mjtNum r[3], const mjtNum* fluid,
                       const mjtNum lvel[6], mjtNum res[6]) {
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  const mjtNum* w = lvel;
  const mjtNum* v = lvel + 3;
  mju_zero(res, 6);
  if (r[0] < mjMINVAL || r[1] < mjMINVAL || r[2] < mjMINVAL) {
    return;
  }
  addedMass(rho, fluid, w, v, res);
  viscousDrag(rho, r, fluid, w, v, res);
  lift(rho, r, fluid, w, v, res);

  // Stokes drag of the equivalent sphere
  mjtNum rd = (r[0] + r[1] + r[2]) / 3;
  mju_addToScl3(res + 3, v, -6 * mjPI * rd * beta);
  mju_addToScl3(res, w, -8 * mjPI * rd * rd * rd * beta);
}

// ---------------------------------------------------------------------------------------------
// entry point

void mj_fluid(const mjModel* m, mjData* d, mjtNum* qfrc) {
  for (int b = 1; b < m->nbody; b++) {
    if (m->body_mass[b] < mjMINVAL) {
      continue;
    }
    mjtNum lvel[6], res[6];
    if (!ellipsoidBody(m, b)) {
      const mjtNum* mat = d->ximat + 9 * b;
      relativeVelocity(m, d, mjOBJ_BODY, b, mat, lvel);
      mj_fluidInertiaBox(m, b, lvel, res);
      applyLocal(m, d, res, d->xipos + 3 * b, mat, b, qfrc);
      continue;
    }
    int adr = m->body_geomadr[b], num = m->body_geomnum[b];
    for (int g = adr; g < adr + num; g++) {
      const mjtNum* fluid = m->geom_fluid + mjNFLUID * g;
      if (fluid[0] <= 0) {
        continue;
      }
      const mjtNum* mat = d->geom_xmat + 9 * g;
      mjtNum r[3];
      mj_fluidSemiAxes(m, g, r);
      relativeVelocity(m, d, mjOBJ_GEOM, g, mat, lvel);
      mj_fluidEllipsoid(m, r, fluid, lvel, res);
      mju_scl(res, res, fluid[0], 6);
      applyLocal(m, d, res, d->geom_xpos + 3 * g, mat, b, qfrc);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// velocity derivatives (6 x 6 row-major blocks, rows (torque; force), columns (w; v))

namespace {

// D[3r..3r+2][3c..3c+2] += scl * [a]x (the cross-product matrix, [a]x b = a x b)
void addCrossBlock(mjtNum D[36], int r, int c, const mjtNum a[3], mjtNum scl) {
  mjtNum* b = D + 18 * r + 3 * c;
  b[1] -= scl * a[2];
  b[2] += scl * a[1];
  b[6] += scl * a[2];
  b[8] -= scl * a[0];
  b[12] -= scl * a[1];
  b[13] += scl * a[0];
}

// D block (r, c) += scl * [a]x diag(m)
void addCrossDiagBlock(mjtNum D[36], int r, int c, const mjtNum a[3], const mjtNum m[3],
                       mjtNum scl) {
  mjtNum* b = D + 18 * r + 3 * c;
  b[1] -= scl * a[2] * m[1];
  b[2] += scl * a[1] * m[2];
  b[6] += scl * a[2] * m[0];
  b[8] -= scl * a[0] * m[2];
  b[12] -= scl * a[1] * m[0];
  b[13] += scl * a[0] * m[1];
}

// D block (r, c) += scl * x y'
void addOuterBlock(mjtNum D[36], int r, int c, const mjtNum x[3], const mjtNum y[3], mjtNum scl) {
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      D[6 * (3 * r + i) + 3 * c + j] += scl * x[i] * y[j];
    }
  }
}

// derivative of the inertia-box forces: diagonal
void inertiaBoxDeriv(const mjModel* m, int body, const mjtNum lvel[6], mjtNum D[36]) {
  mjtNum r[3];
  inertiaBox(m, body, r);
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  mjtNum req = (r[0] + r[1] + r[2]) / 3;
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    mjtNum rj4 = r[j] * r[j] * r[j] * r[j], rk4 = r[k] * r[k] * r[k] * r[k];
    D[7 * i] += -rho * r[i] * (rj4 + rk4) * std::fabs(lvel[i]) - 8 * beta * mjPI * req * req * req;
    D[7 * (3 + i)] += -4 * rho * r[j] * r[k] * std::fabs(lvel[3 + i]) - 6 * beta * mjPI * req;
  }
}

// P = sum a_i^2 v_i^2, Q = sum a_i v_i^2 with a_i = (r_j r_k)^2, and their gradients
void areaTerms(const mjtNum r[3], const mjtNum v[3], mjtNum a[3], mjtNum* P, mjtNum* Q,
               mjtNum dP[3], mjtNum dQ[3]) {
  a[0] = r[1] * r[2];
  a[1] = r[2] * r[0];
  a[2] = r[0] * r[1];
  *P = *Q = 0;
  for (int i = 0; i < 3; i++) {
    a[i] *= a[i];
    *P += a[i] * a[i] * v[i] * v[i];
    *Q += a[i] * v[i] * v[i];
    dP[i] = 2 * a[i] * a[i] * v[i];
    dQ[i] = 2 * a[i] * v[i];
  }
}

// quadratic drag: f = -rho K(v) |v| v with K = cs Amax + (cb - cs) A(v), A = pi sqrt(P/Q);
// g = -rho |c o w| w. In A, MuJoCo raises Q to at least mjMINVAL (A = pi sqrt(P /
// max(mjMINVAL, Q)), nonzero at the tiny speeds where Q < mjMINVAL). The gradient of the
// projected area,
//   dA/dv = pi/(2 sqrt(P/Q)) (Q dP - P dQ)/Q^2 = pi/2 (Q dP - P dQ) / sqrt(P Q^3),
// is evaluated as MuJoCo does, with the denominator raised to at least mjMINVAL (as the
// Kutta lift's, see lift()): sqrt(P Q^3) scales as size^10 speed^4, so for small or slow
// geoms (a 3 cm box at 0.5 m/s: sqrt(P Q^3) = 8e-19) the area term is scaled down by
// sqrt(P Q^3)/mjMINVAL (see doc/conformance.md#fluid).
void dragDeriv(mjtNum rho, const mjtNum r[3], const mjtNum* fluid, const mjtNum w[3],
               const mjtNum v[3], mjtNum D[36]) {
  mjtNum cblunt = fluid[1], cslender = fluid[2], cang = fluid[3];
  mjtNum speed = mju_norm3(v);
  mjtNum a[3], P, Q, dP[3], dQ[3];
  areaTerms(r, v, a, &P, &Q, dP, dQ);
  if (speed > mjMINVAL) {
    mjtNum rmax = mju_max(r[0], mju_max(r[1], r[2]));
    mjtNum rmin = mju_min(r[0], mju_min(r[1], r[2]));
    mjtNum amax = mjPI * rmax * (r[0] + r[1] + r[2] - rmax - rmin);
    mjtNum area = projectedArea(r, v);  // pi sqrt(P / max(mjMINVAL, Q)), as the forward drag
    mjtNum K = cblunt * area + cslender * (amax - area);
    mjtNum den = mju_max(mjMINVAL, std::sqrt(P) * Q * std::sqrt(Q));  // sqrt(P Q^3)
    mjtNum dA[3], vhat[3];
    for (int i = 0; i < 3; i++) {
      dA[i] = mjPI / 2 * (dP[i] * Q - P * dQ[i]) / den;
      vhat[i] = v[i] / speed;
      D[6 * (3 + i) + 3 + i] -= rho * K * speed;
    }
    addOuterBlock(D, 1, 1, v, vhat, -rho * K);
    addOuterBlock(D, 1, 1, v, dA, -rho * speed * (cblunt - cslender));
  }

  mjtNum inertia[3], imax = 0, c2[3], m2 = 0;
  for (int i = 0; i < 3; i++) {
    mjtNum rjk = mju_max(r[(i + 1) % 3], r[(i + 2) % 3]);
    inertia[i] = 8.0 / 15.0 * mjPI * r[i] * rjk * rjk * rjk * rjk;
    imax = mju_max(imax, inertia[i]);
  }
  for (int i = 0; i < 3; i++) {
    mjtNum c = cang * inertia[i] + cslender * (imax - inertia[i]);
    c2[i] = c * c * w[i];
    m2 += c * c * w[i] * w[i];
  }
  // dg/dw = -rho (m^2 I + w (c^2 o w)') / m with m = |c o w|; as in MuJoCo the division
  // is by max(mjMINVAL, m), so that slow rotations
  // keep a (tiny) derivative instead of a 0/0
  mjtNum scl = rho / mju_max(mjMINVAL, std::sqrt(m2));
  for (int i = 0; i < 3; i++) {
    D[7 * i] -= scl * m2;
  }
  addOuterBlock(D, 0, 0, w, c2, -scl);
}

// Kutta lift f = s(v) u(v), s = C_K rho pi sqrt(P Q) / (P |v|) = C_K rho pi Q / sqrt(P Q S),
// u = Q v - S av, differentiated as MuJoCo does, which departs from the forward force
// where small, slow geoms reach the mjMINVAL floors (see doc/conformance.md#fluid):
//  - s is evaluated as C_K rho pi Q / max(mjMINVAL, sqrt(P Q S)), whereas the forward force
//    divides by max(mjMINVAL, P |v|) (see lift());
//  - its gradient is s (dQ/(2Q) - dP/(2 max(mjMINVAL, P)) - v/S): the log-derivative of the
//    unfloored expression, with the floored s and P.
void kuttaDeriv(mjtNum rho, const mjtNum r[3], mjtNum ck, const mjtNum v[3], mjtNum D[36]) {
  mjtNum a[3], P, Q, dP[3], dQ[3];
  areaTerms(r, v, a, &P, &Q, dP, dQ);
  mjtNum S = mju_dot3(v, v), speed = std::sqrt(S);
  if (Q <= 0 || P <= 0 || speed < mjMINVAL) {
    return;
  }
  mjtNum av[3] = {a[0] * v[0], a[1] * v[1], a[2] * v[2]};
  mjtNum u[3];
  for (int i = 0; i < 3; i++) {
    u[i] = Q * v[i] - S * av[i];
  }
  mjtNum s = ck * rho * mjPI * Q / mju_max(mjMINVAL, std::sqrt(P * Q * S));

  // gradient of s (log-derivative)
  mjtNum ds[3], Pf = mju_max(mjMINVAL, P);
  for (int i = 0; i < 3; i++) {
    ds[i] = s * (dQ[i] / (2 * Q) - dP[i] / (2 * Pf) - v[i] / S);
  }
  addOuterBlock(D, 1, 1, u, ds, 1);

  // s * du/dv, du/dv = Q I + v dQ' - S diag(a) - 2 av v'
  for (int i = 0; i < 3; i++) {
    D[6 * (3 + i) + 3 + i] += s * (Q - S * a[i]);
  }
  addOuterBlock(D, 1, 1, v, dQ, s);
  addOuterBlock(D, 1, 1, av, v, -2 * s);
}

// derivative of the ellipsoid model with respect to the local velocity
void ellipsoidDeriv(const mjModel* m, const mjtNum r[3], const mjtNum* fluid, const mjtNum lvel[6],
                    mjtNum D[36]) {
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  const mjtNum* w = lvel;
  const mjtNum* v = lvel + 3;
  if (r[0] < mjMINVAL || r[1] < mjMINVAL || r[2] < mjMINVAL) {
    return;
  }

  // added mass: f = pv x w, g = pv x v + pw x w, pv = rho mA o v, pw = rho IA o w
  mjtNum mA[3], IA[3], pv[3], pw[3];
  for (int i = 0; i < 3; i++) {
    mA[i] = rho * fluid[6 + i];
    IA[i] = rho * fluid[9 + i];
    pv[i] = mA[i] * v[i];
    pw[i] = IA[i] * w[i];
  }
  addCrossBlock(D, 1, 0, pv, 1);          // d(pv x w)/dw = [pv]x
  addCrossDiagBlock(D, 1, 1, w, mA, -1);  // d(pv x w)/dv = -[w]x diag(mA)
  addCrossBlock(D, 0, 1, pv, 1);          // d(pv x v)/dv = [pv]x - [v]x diag(mA)
  addCrossDiagBlock(D, 0, 1, v, mA, -1);
  addCrossBlock(D, 0, 0, pw, 1);  // d(pw x w)/dw = [pw]x - [w]x diag(IA)
  addCrossDiagBlock(D, 0, 0, w, IA, -1);

  dragDeriv(rho, r, fluid, w, v, D);

  // Magnus: f = k w x v
  mjtNum kmag = fluid[5] * rho * 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  addCrossBlock(D, 1, 0, v, -kmag);
  addCrossBlock(D, 1, 1, w, kmag);

  kuttaDeriv(rho, r, fluid[4], v, D);

  // Stokes drag
  mjtNum rd = (r[0] + r[1] + r[2]) / 3;
  for (int i = 0; i < 3; i++) {
    D[7 * i] -= 8 * mjPI * rd * rd * rd * beta;
    D[7 * (3 + i)] -= 6 * mjPI * rd * beta;
  }
}

// qDeriv += J' R6 D R6' J for an object frame (pos, mat) on body b, J = (jacr; jacp) at pos,
// R6 = blockdiag(mat, mat)
void addFrameDeriv(const mjModel* m, mjData* d, const mjtNum D[36], const mjtNum pos[3],
                   const mjtNum mat[9], int b, mjtNum scl) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* jac = mj_stackAllocNum(d, 6 * nv);
  mjtNum* loc = mj_stackAllocNum(d, 6 * nv);  // R6' J
  mjtNum* tmp = mj_stackAllocNum(d, 6 * nv);  // D R6' J
  int* chain = mj_stackAllocInt(d, nv);
  int n = mj_bodyChain(m, b, chain);
  mj_jac(m, d, jac + 3 * nv, jac, pos, b);
  for (int c = 0; c < n; c++) {
    int k = chain[c];
    for (int h = 0; h < 2; h++) {
      mjtNum col[3] = {jac[(3 * h) * nv + k], jac[(3 * h + 1) * nv + k], jac[(3 * h + 2) * nv + k]};
      mjtNum lc[3];
      mju_mulMatTVec3(lc, mat, col);
      for (int i = 0; i < 3; i++) {
        loc[(3 * h + i) * nv + k] = lc[i];
      }
    }
    for (int i = 0; i < 6; i++) {
      mjtNum sum = 0;
      for (int j = 0; j < 6; j++) {
        sum += D[6 * i + j] * loc[j * nv + k];
      }
      tmp[i * nv + k] = sum;
    }
  }
  for (int ci = 0; ci < n; ci++) {
    int i = chain[ci];
    for (int cj = 0; cj < n; cj++) {
      int j = chain[cj];
      int adr = mju_indexD(m, i, j);
      if (adr < 0) {
        continue;
      }
      mjtNum sum = 0;
      for (int t = 0; t < 6; t++) {
        sum += loc[t * nv + i] * tmp[t * nv + j];
      }
      d->qDeriv[adr] += scl * sum;
    }
  }
  mj_freeStack(d);
}

}  // namespace

void mjd_fluidVel(const mjModel* m, mjData* d) {
  if (mjDISABLED(mjDSBL_SPRING) && mjDISABLED(mjDSBL_DAMPER)) {
    return;  // mj_passive computes no fluid forces then
  }
  if (!(m->opt.density > 0 || m->opt.viscosity > 0)) {
    return;
  }
  for (int b = 1; b < m->nbody; b++) {
    if (m->body_mass[b] < mjMINVAL) {
      continue;
    }
    mjtNum lvel[6], D[36];
    if (!ellipsoidBody(m, b)) {
      const mjtNum* mat = d->ximat + 9 * b;
      relativeVelocity(m, d, mjOBJ_BODY, b, mat, lvel);
      mju_zero(D, 36);
      inertiaBoxDeriv(m, b, lvel, D);
      addFrameDeriv(m, d, D, d->xipos + 3 * b, mat, b, 1);
      continue;
    }
    int adr = m->body_geomadr[b], num = m->body_geomnum[b];
    for (int g = adr; g < adr + num; g++) {
      const mjtNum* fluid = m->geom_fluid + mjNFLUID * g;
      if (fluid[0] <= 0) {
        continue;
      }
      const mjtNum* mat = d->geom_xmat + 9 * g;
      mjtNum r[3];
      mj_fluidSemiAxes(m, g, r);
      relativeVelocity(m, d, mjOBJ_GEOM, g, mat, lvel);
      mju_zero(D, 36);
      ellipsoidDeriv(m, r, fluid, lvel, D);
      addFrameDeriv(m, d, D, d->geom_xpos + 3 * g, mat, b, fluid[0]);
    }
  }
}
