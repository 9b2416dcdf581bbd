// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Contact Jacobian of contacts that involve flexes (modeling.rst "Deformable objects"): a side of
// such a contact is a set of bodies with weights (mj_contactBodyWeights), and the velocity of the
// contact point on that side is the weighted sum of the velocities of the point as part of each
// body. The rows are S = sum_i w1_i J(b1_i, p) - sum_i w0_i J(b0_i, p) over the union of the dof
// chains of all these bodies, increasing; unlike the rows of two geoms, dofs common to both sides
// keep their (nearly cancelling) columns, as in MuJoCo.
//
// Also the rows of flexstrain equalities (XMLreference.rst equality/flexstrain): per cell of an
// interpolated flex, the rows L computed by the compiler (user_compile_flex_strain.cc: scaled
// eigenvectors of the cell's stiffness, which vanish on rigid motions) applied to the node
// displacements seen in the cell's rotated frame, as MuJoCo 3.8 does (doc/conformance.md#flexes):
//   pos = L (R' x - X),   J = L R' Jp(x),
// x the node positions, X their positions at qpos0, R the cell's rotation, Jp the translational
// Jacobians of the node points. The rotation's own derivative is not part of J.

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_flex.h"
#include "engine/engine_core_constraint.h"
#include "engine/engine_flex.h"
#include "engine/engine_support_jac.h"

namespace {

// sorted union of two sorted index lists; returns its length
int mergeSorted(int* res, const int* a, int na, const int* b, int nb) {
  int i = 0, j = 0, n = 0;
  while (i < na || j < nb) {
    if (j >= nb || (i < na && a[i] < b[j])) {
      res[n++] = a[i++];
    } else if (i >= na || b[j] < a[i]) {
      res[n++] = b[j++];
    } else {
      res[n++] = a[i++];
      j++;
    }
  }
  return n;
}

}  // namespace

int mj_contactFlexJac(const mjModel* m, mjData* d, const mjContact* con, int* chain, mjtNum* jacp,
                      mjtNum* jacr) {
  int nv = m->nv;
  mj_markStack(d);
  int* bchain = mj_stackAllocInt(d, nv);
  int* merged = mj_stackAllocInt(d, nv);
  int body[2][mjMAXCONTACTBODY], nb[2];
  mjtNum weight[2][mjMAXCONTACTBODY];
  int n = 0;
  for (int k = 0; k < 2; k++) {
    nb[k] = mj_contactBodyWeights(m, d, con, k, body[k], weight[k]);
    for (int i = 0; i < nb[k]; i++) {
      int nbc = mj_bodyChain(m, body[k][i], bchain);
      n = mergeSorted(merged, chain, n, bchain, nbc);
      for (int c = 0; c < n; c++) {
        chain[c] = merged[c];
      }
    }
  }
  if (jacp && n > 0) {
    mjtNum* bp = mj_stackAllocNum(d, 3 * n);
    mjtNum* br = mj_stackAllocNum(d, 3 * n);
    mju_zero(jacp, 3 * n);
    mju_zero(jacr, 3 * n);
    for (int k = 0; k < 2; k++) {
      mjtNum sign = k ? 1 : -1;
      for (int i = 0; i < nb[k]; i++) {
        mj_jacSparse(m, d, bp, br, con->pos, body[k][i], n, chain);
        mju_addToScl(jacp, bp, sign * weight[k][i], 3 * n);
        mju_addToScl(jacr, br, sign * weight[k][i], 3 * n);
      }
    }
  }
  mj_freeStack(d);
  return n;
}

int mj_flexStrainCell(const mjModel* m, int e, int* node, const mjtNum** rows) {
  int f = m->eq_obj1id[e];
  if (f < 0 || f >= m->nflex || !m->flex_interp[f]) {
    return 0;
  }
  const mjtNum* data = m->eq_data + mjNEQDATA * e;
  const int* cellnum = m->flex_cellnum + 3 * f;
  int cell[3];
  for (int k = 0; k < 3; k++) {
    if (!(data[k] >= 0 && data[k] < cellnum[k])) {
      return 0;  // the compiler refuses such cells; a loaded model may still have them
    }
    cell[k] = (int)data[k];
  }
  int per = m->flex_interp[f] + 1, dof = 3 * per * per * per;
  int index = (cell[0] * cellnum[1] + cell[1]) * cellnum[2] + cell[2];
  size_t adr = (size_t)m->flex_stiffnessadr[f] + (size_t)index * dof * dof;
  if (m->flex_stiffnessadr[f] < 0 || adr + (size_t)dof * dof > (size_t)m->nflexstiffness) {
    return 0;  // a loaded model whose cell blocks do not fit flex_stiffness
  }
  *rows = m->flex_stiffness + adr;
  return mj_flexCellNodes(m, f, cell, node);
}

int mj_flexStrainRows(const mjModel* m, mjData* d, int e, int* chain, int* n, mjtNum* jac,
                      mjtNum* pos) {
  int node[mjMAXFLEXNODES];
  const mjtNum* rows = NULL;
  int nnode = mj_flexStrainCell(m, e, node, &rows);
  *n = 0;
  if (!nnode) {
    return 0;
  }
  int f = m->eq_obj1id[e], nadr = m->flex_nodeadr[f], dof = 3 * nnode;
  int nrow = (int)mju_max(0, mju_min(rows[0], dof - 1));
  const mjtNum* L = rows + 1;
  mj_markStack(d);
  int* bchain = mj_stackAllocInt(d, m->nv);
  int* merged = mj_stackAllocInt(d, m->nv);
  for (int a = 0; a < nnode; a++) {
    int nbc = mj_bodyChain(m, m->flex_nodebodyid[nadr + node[a]], bchain);
    *n = mergeSorted(merged, chain, *n, bchain, nbc);
    for (int c = 0; c < *n; c++) {
      chain[c] = merged[c];
    }
  }
  if (!jac || !nrow) {
    mj_freeStack(d);
    return nrow;
  }

  // node positions, the cell's rotation and the rotated displacements u = R' x - X
  mjtNum x[3 * mjMAXFLEXNODES], u[3 * mjMAXFLEXNODES], rot[9];
  for (int a = 0; a < nnode; a++) {
    int b = m->flex_nodebodyid[nadr + node[a]];
    mju_mulMatVec3(x + 3 * a, d->xmat + 9 * b, m->flex_node + 3 * (nadr + node[a]));
    mju_addTo3(x + 3 * a, d->xpos + 3 * b);
  }
  mj_flexCellRotation(m->flex_interp[f], x, rot);
  for (int a = 0; a < nnode; a++) {
    mju_mulMatTVec3(u + 3 * a, rot, x + 3 * a);
    mju_subFrom3(u + 3 * a, m->flex_node0 + 3 * (nadr + node[a]));
  }
  mju_mulMatVec(pos, L, u, nrow, dof);

  // J = L G with G (dof x n) the rotated node point Jacobians R' Jp(x_a)
  int nc = *n;
  mjtNum* G = mj_stackAllocNum(d, (size_t)dof * nc);
  mjtNum* jp = mj_stackAllocNum(d, 3 * nc);
  mjtNum* jr = mj_stackAllocNum(d, 3 * nc);
  for (int a = 0; a < nnode; a++) {
    mj_jacSparse(m, d, jp, jr, x + 3 * a, m->flex_nodebodyid[nadr + node[a]], nc, chain);
    mju_mulMatTMat(G + (size_t)3 * a * nc, rot, jp, 3, 3, nc);
  }
  mju_mulMatMat(jac, L, G, nrow, dof, nc);
  mj_freeStack(d);
  return nrow;
}
