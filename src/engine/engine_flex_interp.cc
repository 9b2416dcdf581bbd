// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Elastic passive forces of interpolated flexes (flexcomp dof "trilinear" or "quadratic"; the dense
// stiffness K over the node coordinates is described in src/user/user_compile_flex_interp.cc).
//
// Corotational linear elasticity, cell by cell (flex_cellnum cells per axis, each with its own
// stiffness block; a node shared by several cells sums their forces): with x_i the node
// positions of a cell and X_i their positions at qpos0 (flex_node0), the rotation R of the cell
// is the rotational part of
//   A = sum_i x_i grad N_i'
// (grad N_i: the gradient of node i's shape function at the center of the unit cube; for
// trilinear cells A is proportional to sum_i (x_i - c) ((X_i - C) / e)' with the centroids c, C
// and the box extents e), found by mju_mat2Rot from the identity. The spring force on the node
// coordinates is
//   f = R K (R' x - X)
// (R acting on each node's 3 coordinates; K has no rigid-motion energy, so only the deformation
// seen in the rotated frame pulls), in qfrc_spring; the Rayleigh damping with the flex's damping
// coefficient beta is
//   f_d = beta R K R' v
// on the node velocities v (world velocities of the node points), in qfrc_damper. A node whose
// body moves by three slide joints of its own (a free node) takes its force's components on
// those dofs in order and passes nothing to the parent bodies' dofs; other nodes (pinned to a
// body) act through the Jacobian of their point. MuJoCo computes these forces this way (read off
// its numbers at rotated, sheared and moving states; doc/conformance.md#flexes); the derivative of
// R is not part of the force.

#include <mujoco/mujoco.h>

#include "engine/engine_flex.h"
#include "engine/engine_passive.h"

namespace {

const int kMaxNode = 27;  // quadratic cell

// world position of node n (flex_node in the frame of its body)
void NodePos(const mjModel* m, const mjData* d, int n, mjtNum* x) {
  int b = m->flex_nodebodyid[n];
  mju_mulMatVec3(x, d->xmat + 9 * b, m->flex_node + 3 * n);
  mju_addTo3(x, d->xpos + 3 * b);
}

// 1D Lagrange basis on the nodes {0, 1} (order 1) or {0, 1/2, 1} (order 2) and its derivative,
// at the middle of the cell
void CenterBasis(int order, mjtNum* phi, mjtNum* dphi) {
  if (order == 1) {
    phi[0] = phi[1] = 0.5;
    dphi[0] = -1;
    dphi[1] = 1;
    return;
  }
  phi[0] = phi[2] = 0;
  phi[1] = 1;
  dphi[0] = -1;
  dphi[1] = 0;
  dphi[2] = 1;
}

}  // namespace

void mj_flexCellRotation(int order, const mjtNum* x, mjtNum* rot) {
  int per = order + 1, nnode = per * per * per;
  mjtNum phi[3], dphi[3], grad[3];
  CenterBasis(order, phi, dphi);
  mjtNum a[9] = {0};
  for (int n = 0; n < nnode; n++) {
    int i = n / (per * per), j = (n / per) % per, k = n % per;
    grad[0] = dphi[i] * phi[j] * phi[k];
    grad[1] = phi[i] * dphi[j] * phi[k];
    grad[2] = phi[i] * phi[j] * dphi[k];
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        a[3 * r + c] += x[3 * n + r] * grad[c];
      }
    }
  }
  mjtNum quat[4] = {1, 0, 0, 0};
  mju_mat2Rot(quat, a);
  mju_quat2Mat(rot, quat);
}

namespace {

// generalized force of force frc at node point x of body b (see above)
void NodeForce(const mjModel* m, mjData* d, int b, const mjtNum* x, const mjtNum* frc,
               mjtNum* qfrc) {
  if (b <= 0) {
    return;
  }
  int adr = m->body_jntadr[b], own = m->body_jntnum[b] == 3 && m->body_dofnum[b] == 3;
  for (int j = 0; own && j < 3; j++) {
    own = m->jnt_type[adr + j] == mjJNT_SLIDE;
  }
  if (own) {
    for (int k = 0; k < 3; k++) {
      qfrc[m->body_dofadr[b] + k] += frc[k];
    }
    return;
  }
  mjtNum torque[3] = {0, 0, 0};
  mj_applyFT(m, d, frc, torque, x, b, qfrc);
}

}  // namespace

int mj_flexCellCount(const mjModel* m, int f) {
  const int* cellnum = m->flex_cellnum + 3 * f;
  return mjMAX(cellnum[0], 1) * mjMAX(cellnum[1], 1) * mjMAX(cellnum[2], 1);
}

namespace {

// (i, j, k) of cell c (k fastest, the order of the stiffness blocks)
void CellIndex(const mjModel* m, int f, int c, int* cell) {
  const int* cellnum = m->flex_cellnum + 3 * f;
  int n1 = mjMAX(cellnum[1], 1), n2 = mjMAX(cellnum[2], 1);
  cell[0] = c / (n1 * n2);
  cell[1] = (c / n2) % n1;
  cell[2] = c % n2;
}

// gathers the 3 coordinates of the cell's nodes node[0 .. nnode) from z (all nodes of the flex)
void GatherCell(const int* node, int nnode, const mjtNum* z, mjtNum* zc) {
  for (int i = 0; i < nnode; i++) {
    mju_copy3(zc + 3 * i, z + 3 * node[i]);
  }
}

// y = R K R' z (R acting on each node's 3 coordinates), or R K (R' z - z0) when z0 is given
void RotK(const mjtNum* k, const mjtNum* rot, int nnode, const mjtNum* z, const mjtNum* z0,
          mjtNum* y) {
  int dof = 3 * nnode;
  mjtNum u[3 * kMaxNode], f[3 * kMaxNode];
  for (int i = 0; i < nnode; i++) {
    mju_mulMatTVec3(u + 3 * i, rot, z + 3 * i);
    if (z0) {
      mju_subFrom3(u + 3 * i, z0 + 3 * i);
    }
  }
  mju_mulMatVec(f, k, u, dof, dof);
  for (int i = 0; i < nnode; i++) {
    mju_mulMatVec3(y + 3 * i, rot, f + 3 * i);
  }
}

}  // namespace

void mj_flexInterpNodes(const mjModel* m, const mjData* d, int f, mjtNum* x, mjtNum* rot) {
  for (int i = 0; i < m->flex_nodenum[f]; i++) {
    NodePos(m, d, m->flex_nodeadr[f] + i, x + 3 * i);
  }
  int ncell = mj_flexCellCount(m, f), order = m->flex_interp[f];
  for (int c = 0; c < ncell; c++) {
    int cell[3], node[kMaxNode];
    mjtNum xc[3 * kMaxNode];
    CellIndex(m, f, c, cell);
    int nnode = mj_flexCellNodes(m, f, cell, node);
    GatherCell(node, nnode, x, xc);
    mj_flexCellRotation(order, xc, rot + 9 * c);
  }
}

void mj_flexInterpMulK(const mjModel* m, int f, const mjtNum* rot, const mjtNum* z,
                       const mjtNum* z0, mjtNum* y) {
  mju_zero(y, 3 * m->flex_nodenum[f]);
  int ncell = mj_flexCellCount(m, f), per = m->flex_interp[f] + 1, dof = 3 * per * per * per;
  const mjtNum* k = m->flex_stiffness + m->flex_stiffnessadr[f];
  for (int c = 0; c < ncell; c++) {
    int cell[3], node[kMaxNode];
    mjtNum zc[3 * kMaxNode], z0c[3 * kMaxNode], yc[3 * kMaxNode];
    CellIndex(m, f, c, cell);
    int nnode = mj_flexCellNodes(m, f, cell, node);
    GatherCell(node, nnode, z, zc);
    if (z0) {
      GatherCell(node, nnode, z0, z0c);
    }
    RotK(k + (size_t)c * dof * dof, rot + 9 * c, nnode, zc, z0 ? z0c : nullptr, yc);
    for (int i = 0; i < nnode; i++) {
      mju_addTo3(y + 3 * node[i], yc + 3 * i);
    }
  }
}

void mj_flexInterpPassive(const mjModel* m, mjData* d, int spring, mjtNum* qfrc) {
  for (int f = 0; f < m->nflex; f++) {
    int nnode = m->flex_nodenum[f], nadr = m->flex_nodeadr[f];
    if (!m->flex_interp[f] || m->flex_edgeequality[f] == 3) {
      continue;  // not interpolated, or flex_stiffness holds strain rows
    }
    const mjtNum* k = m->flex_stiffness + m->flex_stiffnessadr[f];
    mjtNum beta = m->flex_damping[f];
    if (k[0] == 0 || (!spring && beta == 0)) {
      continue;  // no elasticity (the diagonal of a stiffness is never 0), or no damping
    }
    mj_markStack(d);
    mjtNum* x = mj_stackAllocNum(d, 3 * nnode);
    mjtNum* rot = mj_stackAllocNum(d, 9 * mj_flexCellCount(m, f));
    mjtNum* frc = mj_stackAllocNum(d, 3 * nnode);
    mj_flexInterpNodes(m, d, f, x, rot);
    if (spring) {
      mj_flexInterpMulK(m, f, rot, x, m->flex_node0 + 3 * nadr, frc);
    } else {
      mjtNum* vel = mj_stackAllocNum(d, 3 * nnode);
      for (int i = 0; i < nnode; i++) {
        mj_flexPointVelocity(m, d, m->flex_nodebodyid[nadr + i], x + 3 * i, vel + 3 * i);
      }
      mj_flexInterpMulK(m, f, rot, vel, nullptr, frc);
      mju_scl(frc, frc, beta, 3 * nnode);
    }
    for (int i = 0; i < nnode; i++) {
      NodeForce(m, d, m->flex_nodebodyid[nadr + i], x + 3 * i, frc + 3 * i, qfrc);
    }
    mj_freeStack(d);
  }
}
