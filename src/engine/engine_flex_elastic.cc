// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Elastic passive forces of 2D and 3D flexes (modeling.rst "Deformation model"; the compiled
// coefficients are described in src/user/user_compile_flex_elastic.cc).
//
// Stretching (flex_stiffness): for each element with the squared elongations of its edges
//   d_a = l_a^2 - L_a^2 + beta (l_a^2 - (l_a - h dl_a/dt)^2) / h
// (beta = flex_damping, Rayleigh damping of the strain rate over one timestep h, as MuJoCo
// computes it), the edge force is f_a = sum_b K_ab d_b and the force on vertex p of edge
// a = (p, q) is -f_a (x_p - x_q), minus f_a times the half gradient of l_a^2.
//
// Bending (flex_bending, 2D): for each interior edge with vertices x0..x3 (edge, flaps), the
// vertex forces are -sum_j B_ij x_j - b16 grad_i T with T = (x1-x0).((x2-x0)x(x3-x0)); x0, x1
// in flex_edge order (MuJoCo computes B in the order of the first triangle with the edge, which
// may be the reverse, and applies it in this order), and their Rayleigh damping -beta B v
// (qfrc_damper). Vertex forces reach the dofs as VertexForce says.
//
// Both are part of the spring forces (qfrc_spring) and are skipped for rigid flexes.

#include <mujoco/mujoco.h>

#include "engine/engine_passive.h"

namespace {

bool AllZero(const mjtNum* x, int n) {
  for (int i = 0; i < n; i++) {
    if (x[i] != 0) {
      return false;
    }
  }
  return true;
}

// adds J_p(x)' F for a point x on body b (translational Jacobian, walking up the tree)
void AddPointForce(const mjModel* m, const mjData* d, int b, const mjtNum* x, const mjtNum* frc,
                   mjtNum* qfrc) {
  const mjtNum* com = d->subtree_com + 3 * m->body_rootid[b];
  mjtNum off[3];
  mju_sub3(off, x, com);
  for (; b > 0; b = m->body_parentid[b]) {
    for (int k = 0; k < m->body_dofnum[b]; k++) {
      int j = m->body_dofadr[b] + k;
      const mjtNum* cd = d->cdof + 6 * j;
      mjtNum jp[3];
      mju_cross(jp, cd, off);
      mju_addTo3(jp, cd + 3);
      qfrc[j] += mju_dot3(jp, frc);
    }
  }
}

// adds the generalized force of force frc at vertex x of body b: bodies that move by slide
// joints only (body_simple 2, such as flexcomp points) take the force's components on their dofs
// in order, as MuJoCo applies them (whatever the slide axes); others through the Jacobian
void VertexForce(const mjModel* m, const mjData* d, int b, const mjtNum* x, const mjtNum* frc,
                 mjtNum* qfrc) {
  if (b <= 0) {
    return;
  }
  if (m->body_simple[b] == 2) {
    for (int k = 0; k < m->body_dofnum[b] && k < 3; k++) {
      qfrc[m->body_dofadr[b] + k] += frc[k];
    }
    return;
  }
  AddPointForce(m, d, b, x, frc, qfrc);
}

}  // namespace

// velocity of a point x on body b (needs mj_comVel)
void mj_flexPointVelocity(const mjModel* m, const mjData* d, int b, const mjtNum* x, mjtNum* vel) {
  const mjtNum* cvel = d->cvel + 6 * b;
  mjtNum off[3];
  mju_sub3(off, x, d->subtree_com + 3 * m->body_rootid[b]);
  mju_cross(vel, cvel, off);
  mju_addTo3(vel, cvel + 3);
}

namespace {

// edges of the elements of a flex, by dimension (as flex_elemedge)
int EdgesPerElem(int dim) {
  return dim == 2 ? 3 : 6;
}

void Stretch(const mjModel* m, const mjData* d, int f, mjtNum* qfrc) {
  int dim = m->flex_dim[f], nedge = EdgesPerElem(dim);
  mjtNum beta = m->flex_damping[f], h = m->opt.timestep;
  int eadr = m->flex_edgeadr[f], vadr = m->flex_vertadr[f];
  for (int t = 0; t < m->flex_elemnum[f]; t++) {
    const mjtNum* k = m->flex_stiffness + 21 * (m->flex_elemadr[f] + t);
    if (AllZero(k, 21)) {
      continue;
    }
    const int* edges = m->flex_elemedge + m->flex_elemedgeadr[f] + nedge * t;
    const int* vert = m->flex_elem + m->flex_elemdataadr[f] + (dim + 1) * t;
    mjtNum elong[6], frc[6] = {0};
    for (int a = 0; a < nedge; a++) {
      int e = eadr + edges[a];
      mjtNum l = d->flexedge_length[e], l0 = m->flexedge_length0[e];
      elong[a] = l * l - l0 * l0;
      if (beta > 0) {
        mjtNum prev = l - h * d->flexedge_velocity[e];
        elong[a] += beta * (l * l - prev * prev) / h;
      }
    }
    // symmetric matrix from its upper triangle, row by row
    int idx = 0;
    for (int a = 0; a < nedge; a++) {
      for (int b = a; b < nedge; b++) {
        frc[a] += k[idx] * elong[b];
        if (b != a) {
          frc[b] += k[idx] * elong[a];
        }
        idx++;
      }
    }
    // vertex forces: -f_a (x_p - x_q) on each vertex p of edge a = (p, q)
    mjtNum vfrc[4][3] = {{0}};
    for (int a = 0; a < nedge; a++) {
      const int* ev = m->flex_edge + 2 * (eadr + edges[a]);
      mjtNum dx[3];
      mju_sub3(dx, d->flexvert_xpos + 3 * (vadr + ev[0]), d->flexvert_xpos + 3 * (vadr + ev[1]));
      for (int i = 0; i <= dim; i++) {
        if (vert[i] == ev[0]) {
          mju_addToScl3(vfrc[i], dx, -frc[a]);
        } else if (vert[i] == ev[1]) {
          mju_addToScl3(vfrc[i], dx, frc[a]);
        }
      }
    }
    for (int i = 0; i <= dim; i++) {
      int v = vadr + vert[i];
      VertexForce(m, d, m->flex_vertbodyid[v], d->flexvert_xpos + 3 * v, vfrc[i], qfrc);
    }
  }
}

// bending: spring forces (damper = 0) or their Rayleigh damping -beta B v (damper = 1)
void Bend(const mjModel* m, const mjData* d, int f, int damper, mjtNum* qfrc) {
  int vadr = m->flex_vertadr[f];
  for (int e = m->flex_edgeadr[f]; e < m->flex_edgeadr[f] + m->flex_edgenum[f]; e++) {
    const int* flap = m->flex_edgeflap + 2 * e;
    if (flap[1] < 0) {
      continue;
    }
    const mjtNum* b = m->flex_bending + 17 * e;
    if (AllZero(b, 17)) {
      continue;
    }
    int v[4] = {vadr + m->flex_edge[2 * e], vadr + m->flex_edge[2 * e + 1], vadr + flap[0],
                vadr + flap[1]};
    const mjtNum* x[4];
    for (int i = 0; i < 4; i++) {
      x[i] = d->flexvert_xpos + 3 * v[i];
    }
    if (damper) {
      mjtNum beta = m->flex_damping[f], vel[4][3];
      for (int i = 0; i < 4; i++) {
        int body = m->flex_vertbodyid[v[i]];
        mj_flexPointVelocity(m, d, body, x[i], vel[i]);
      }
      for (int i = 0; i < 4; i++) {
        mjtNum frc[3] = {0, 0, 0};
        for (int j = 0; j < 4; j++) {
          mju_addToScl3(frc, vel[j], -beta * b[4 * i + j]);
        }
        VertexForce(m, d, m->flex_vertbodyid[v[i]], x[i], frc, qfrc);
      }
      continue;
    }
    // gradient of the triple product: x1: e1 x e2, x2: e2 x e0, x3: e0 x e1, x0: minus their sum
    mjtNum e0[3], e1[3], e2[3], grad[4][3];
    mju_sub3(e0, x[1], x[0]);
    mju_sub3(e1, x[2], x[0]);
    mju_sub3(e2, x[3], x[0]);
    mju_cross(grad[1], e1, e2);
    mju_cross(grad[2], e2, e0);
    mju_cross(grad[3], e0, e1);
    mju_add3(grad[0], grad[1], grad[2]);
    mju_addTo3(grad[0], grad[3]);
    mju_scl3(grad[0], grad[0], -1);
    for (int i = 0; i < 4; i++) {
      mjtNum frc[3];
      mju_scl3(frc, grad[i], -b[16]);
      for (int j = 0; j < 4; j++) {
        mju_addToScl3(frc, x[j], -b[4 * i + j]);
      }
      VertexForce(m, d, m->flex_vertbodyid[v[i]], x[i], frc, qfrc);
    }
  }
}

}  // namespace

// elastic forces of all non-rigid, non-interpolated 2D and 3D flexes; needs mj_flex and the
// edge velocities
void mj_flexElasticPassive(const mjModel* m, const mjData* d, mjtNum* qfrc) {
  for (int f = 0; f < m->nflex; f++) {
    int dim = m->flex_dim[f];
    if (dim == 1 || m->flex_rigid[f] || m->flex_interp[f]) {
      continue;
    }
    Stretch(m, d, f, qfrc);
    if (dim == 2) {
      Bend(m, d, f, 0, qfrc);
    }
  }
}

// Rayleigh damping of the bending of 2D flexes; needs the body velocities (mj_comVel)
void mj_flexBendDamper(const mjModel* m, const mjData* d, mjtNum* qfrc) {
  for (int f = 0; f < m->nflex; f++) {
    if (m->flex_dim[f] == 2 && !m->flex_rigid[f] && !m->flex_interp[f] && m->flex_damping[f] > 0) {
      Bend(m, d, f, 1, qfrc);
    }
  }
}
