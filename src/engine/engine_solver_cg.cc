// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Primal nonlinear conjugate gradient (computation_index.rst "Algorithms / CG"): the reduced
// primal cost is minimized along conjugate directions built with the Polak-Ribiere formula
// clamped at zero ("Plus"), preconditioned by the mass matrix (the Gauss term's Hessian):
//   y_k = M^-1 g_k,  beta = max(0, g_k' (y_k - y_{k-1}) / (g_{k-1}' y_{k-1})),
//   search_k = -y_k + beta search_{k-1},
// with the exact line search of engine_solver_newton.cc. No setup cost: only products with M,
// M^-1 and J per iteration.

#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_solver.h"

int mj_solverCGProblem(const mjModel* m, mjData* d, int island, int maxiter) {
  mj_markStack(d);
  mjPrimal p;
  mj_primalView(m, d, &p, island);
  int nv = p.nv;
  mj_primalInit(m, d, &p, 0);
  mjtNum* grad_old = mj_stackAllocNum(d, nv);
  mjtNum* Mgrad_old = mj_stackAllocNum(d, nv);
  int* old = mj_stackAllocInt(d, mjMAX(p.nefc, 1));
  mjtNum tol = m->opt.tolerance;

  mj_primalSolveM(m, d, &p, p.Mgrad, p.grad);
  mju_scl(p.search, p.Mgrad, -1, nv);

  int iter = 0;
  while (iter < maxiter) {
    mjtNum cost_old = p.cost;
    mju_copy(grad_old, p.grad, nv);
    for (int i = 0; i < p.nefc; i++) {
      old[i] = p.efc_state[i];
    }
    int neval;
    mjtNum lineslope;
    mjtNum alpha = mj_primalLineSearch(m, d, &p, &neval, &lineslope);
    if (alpha == 0) {
      break;
    }
    mj_primalEval(m, d, &p, 0);
    mjtNum improvement = p.scale * (cost_old - p.cost);
    mjtNum gradient = p.scale * mju_norm(p.grad, nv);
    mj_solverStatIsland(d, island, iter, improvement, gradient, lineslope,
                        mj_countActive(p.nefc, p.efc_state),
                        mj_countChange(p.nefc, p.efc_state, old), neval, 0);
    iter++;
    if (improvement < tol || gradient < tol) {
      break;
    }

    // Polak-Ribiere+ direction: den = g_{k-1}' y_{k-1}, num = g_k' (y_k - y_{k-1})
    mjtNum den = mju_dot(grad_old, p.Mgrad, nv);
    mju_copy(Mgrad_old, p.Mgrad, nv);
    mj_primalSolveM(m, d, &p, p.Mgrad, p.grad);
    mjtNum num = 0;
    for (int i = 0; i < nv; i++) {
      num += p.grad[i] * (p.Mgrad[i] - Mgrad_old[i]);
    }
    mjtNum beta = den > mjMINVAL ? num / den : 0;
    if (beta < 0) {
      beta = 0;
    }
    for (int i = 0; i < nv; i++) {
      p.search[i] = -p.Mgrad[i] + beta * p.search[i];
    }
    if (mju_dot(p.search, p.grad, nv) >= 0) {
      mju_scl(p.search, p.Mgrad, -1, nv);  // not a descent direction: restart
    }
  }
  mj_freeStack(d);
  return iter;
}

int mj_solverCG(const mjModel* m, mjData* d, int maxiter) {
  return mj_solverCGProblem(m, d, -1, maxiter);
}
