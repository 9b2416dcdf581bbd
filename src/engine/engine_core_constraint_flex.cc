// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Contact Jacobian of contacts that involve flexes (modeling.rst "Deformable objects"): a side of
// such a contact is a set of bodies with weights (mj_contactBodyWeights), and the velocity of the
// contact point on that side is the weighted sum of the velocities of the point as part of each
// body. The rows are S = sum_i w1_i J(b1_i, p) - sum_i w0_i J(b0_i, p) over the union of the dof
// chains of all these bodies, increasing; unlike the rows of two geoms, dofs common to both sides
// keep their (nearly cancelling) columns, as in MuJoCo.

#include <mujoco/mujoco.h>

#include "engine/engine_collision_flex.h"
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
