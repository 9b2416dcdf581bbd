// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Implicit integration of interpolated flexes (flexcomp dof "trilinear" or "quadratic") in the
// implicit and implicitfast integrators (changelog.rst 3.5.0: the flex degrees of freedom are
// solved as a dense block; computation_index.rst "Integrators").
//
// The elastic force of such a flex on its node coordinates is f = R K (R' x - X) with damping
// beta R K R' v (engine_flex_interp.cc; with several cells, the sum of these over the cells, each
// with its own rotation and stiffness). Linearized in the node positions with R held fixed, its
// derivative is K_R = R K R' (summed over the cells) for the position and beta K_R for the
// velocity, and the positions of the step move by h v' (semi-implicit update), so the implicit
// update of the flex's dofs F solves
//   (Mhat_FF - h (beta + h) J' K_R J) a_F = f_F + h J' K_R v_n - Mhat_FO a0_O
// where J is the Jacobian of the node points over the dofs F (3 per node, one column per dof of
// F), v_n the node velocities, f = qfrc_smooth + qfrc_constraint, Mhat = M - h D the matrix of
// the integrator (D the velocity derivative qDeriv) and a0 its solution without the flex terms,
// which the other dofs O keep (each flex starts from a0). MuJoCo scales the velocity term
// h J' K_R v_n by (beta + h) / (beta_0 + h), beta_0 the damping of the model's first flex
// (whatever its kind); Motus does the same, so a model whose first flex has the damping of the
// others integrates exactly as above. F holds the dofs that move each node's body directly: the
// three slides of a free node, and for a node pinned to a body the dofs of that body (of the
// nearest ancestor with dofs when it has none), not those of its ancestors. With a nonsymmetric D
// (implicit) the block holds the lower triangle of D mirrored, the coupling Mhat_FO the true D.
// MuJoCo 3.8 integrates these flexes this way (its velocity updates agree to rounding on free,
// pinned and articulated flexes: doc/conformance.md#flexes).

#include <mujoco/mujoco.h>

#include "engine/engine_integrate.h"
#include "engine/engine_passive.h"
#include "engine/engine_util_sparse.h"

namespace {

// Dofs of flex f (see above), marked in mark (nv, zero on entry) and listed in increasing order
// in dof; returns their number.
int FlexDofs(const mjModel* m, int f, int* mark, int* dof) {
  int nadr = m->flex_nodeadr[f];
  for (int n = 0; n < m->flex_nodenum[f]; n++) {
    int b = m->body_weldid[m->flex_nodebodyid[nadr + n]];
    for (int k = 0; k < m->body_dofnum[b]; k++) {
      mark[m->body_dofadr[b] + k] = 1;
    }
  }
  int nf = 0;
  for (int i = 0; i < m->nv; i++) {
    if (mark[i]) {
      dof[nf++] = i;
    }
  }
  return nf;
}

// element idx (in the D layout) of M - h D; implicitfast drops the off-diagonal elements of D
// that M does not store, as its factorization does (engine_integrate.cc)
mjtNum MhatElement(const mjModel* m, const mjData* d, int integrator, int idx, int diag) {
  int src = m->mapM2D[idx];
  if (src < 0 && !diag && integrator == mjINT_IMPLICITFAST) {
    return 0;
  }
  return (src >= 0 ? d->M[src] : 0) - m->opt.timestep * d->qDeriv[idx];
}

// implicit update of the dofs of flex f (see above), in place in qacc (a0 on entry); uses the
// mjData stack
void FlexBlock(const mjModel* m, mjData* d, int f, int integrator, mjtNum* qacc, const mjtNum* a0) {
  int nv = m->nv, nnode = m->flex_nodenum[f], nadr = m->flex_nodeadr[f], nd = 3 * nnode;
  mjtNum h = m->opt.timestep, c = h * (m->flex_damping[f] + h);
  mjtNum cv = c / (m->flex_damping[0] + h);  // h for flex 0, see above
  int* mark = mj_stackAllocInt(d, nv);
  int* dof = mj_stackAllocInt(d, nv);
  for (int i = 0; i < nv; i++) {
    mark[i] = 0;
  }
  int nf = FlexDofs(m, f, mark, dof);
  if (!nf) {
    return;
  }

  // node positions, cell rotations, node velocities and the Jacobian J (nd x nf) over F
  mjtNum* x = mj_stackAllocNum(d, nd);
  mjtNum* vel = mj_stackAllocNum(d, nd);
  mjtNum* kv = mj_stackAllocNum(d, nd);
  mjtNum* rot = mj_stackAllocNum(d, 9 * mj_flexCellCount(m, f));
  mj_flexInterpNodes(m, d, f, x, rot);
  mjtNum* jac = mj_stackAllocNum(d, 3 * nv);
  mjtNum* jf = mj_stackAllocNum(d, nd * nf);
  for (int n = 0; n < nnode; n++) {
    int b = m->flex_nodebodyid[nadr + n];
    mj_flexPointVelocity(m, d, b, x + 3 * n, vel + 3 * n);
    mj_jac(m, d, jac, nullptr, x + 3 * n, b);
    for (int r = 0; r < 3; r++) {
      for (int a = 0; a < nf; a++) {
        jf[(3 * n + r) * nf + a] = jac[r * nv + dof[a]];
      }
    }
  }

  // kj = K_R J (nd x nf), column by column; kv = K_R v_n
  mjtNum* kj = mj_stackAllocNum(d, nd * nf);
  mjtNum* col = mj_stackAllocNum(d, nd);
  mjtNum* kcol = mj_stackAllocNum(d, nd);
  for (int a = 0; a < nf; a++) {
    for (int r = 0; r < nd; r++) {
      col[r] = jf[r * nf + a];
    }
    mj_flexInterpMulK(m, f, rot, col, nullptr, kcol);
    for (int r = 0; r < nd; r++) {
      kj[r * nf + a] = kcol[r];
    }
  }
  mj_flexInterpMulK(m, f, rot, vel, nullptr, kv);

  // block H = Mhat_FF - c J' K_R J and right side f_F + h J' K_R v_n - Mhat_FO a0_O
  mjtNum* hmat = mj_stackAllocNum(d, nf * nf);
  mjtNum* rhs = mj_stackAllocNum(d, nf);
  for (int a = 0; a < nf; a++) {
    int i = dof[a];
    for (int b = 0; b < nf; b++) {
      int j = dof[b];
      int idx = i >= j ? mju_indexD(m, i, j) : mju_indexD(m, j, i);
      mjtNum v = idx >= 0 ? MhatElement(m, d, integrator, idx, i == j) : 0;
      for (int r = 0; r < nd; r++) {
        v -= c * jf[r * nf + a] * kj[r * nf + b];
      }
      hmat[a * nf + b] = v;
    }
    mjtNum s = d->qfrc_smooth[i] + d->qfrc_constraint[i];
    for (int r = 0; r < nd; r++) {
      s += cv * jf[r * nf + a] * kv[r];
    }
    int adr = m->D_rowadr[i];
    for (int e = 0; e < m->D_rownnz[i]; e++) {
      int j = m->D_colind[adr + e];
      if (!mark[j]) {
        s -= MhatElement(m, d, integrator, adr + e, 0) * a0[j];
      }
    }
    rhs[a] = s;
  }

  // H is symmetric positive definite (M - h D with dissipative D, K negative semidefinite)
  mju_cholFactor(hmat, nf, mjMINVAL);
  mju_cholSolve(rhs, hmat, rhs, nf);
  for (int a = 0; a < nf; a++) {
    qacc[dof[a]] = rhs[a];
  }
}

}  // namespace

void mj_flexImplicit(const mjModel* m, mjData* d, int integrator, mjtNum* qacc) {
  mj_markStack(d);
  mjtNum* a0 = mj_stackAllocNum(d, m->nv);
  mju_copy(a0, qacc, m->nv);
  for (int f = 0; f < m->nflex; f++) {
    if (!m->flex_interp[f] || m->flex_edgeequality[f] == 3) {
      continue;  // not interpolated, or flex_stiffness holds strain rows
    }
    if (m->flex_stiffness[m->flex_stiffnessadr[f]] == 0) {
      continue;  // no elasticity (the diagonal of a stiffness is never 0)
    }
    mj_markStack(d);
    FlexBlock(m, d, f, integrator, qacc, a0);
    mj_freeStack(d);
  }
  mj_freeStack(d);
}
