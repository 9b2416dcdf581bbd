// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// ENTRY POINT: mj_solveConstraint(m, d) -- the solver part of mj_fwdConstraint (pipeline stage
// 22, computation_index.rst "Simulation pipeline"), called by mj_fwdConstraint when
// d->nefc > 0.
//
// Constraint solver (computation_index.rst "Constraint solver": "Reduced primal problem", "Dual
// problem", "Algorithms"; XMLreference.rst <option solver iterations tolerance ls_iterations
// ls_tolerance noslip_iterations noslip_tolerance cone impratio>, <flag warmstart>).
//   engine_solver.cc         mj_solveConstraint: efc_b, warm start (qacc_warmstart against
//                            qacc_smooth, the lower total cost wins), solver selection,
//                            noslip, statistics (mjData.solver, solver_niter, solver_nnz)
//   engine_solver_newton.cc  primal Newton: Hessian M + J' D J (dense Cholesky, incremental
//                            rank-1 updates when constraint states change; elliptic cone
//                            Hessians), and the shared primal machinery (exact line search on the
//                            piecewise-quadratic cost, used by CG as well)
//   engine_solver_hessian.cc the Newton Hessian of large problems as a sparse Cholesky factor
//                            (elimination tree, rank-1 updates along its paths)
//   engine_solver_cg.cc      primal nonlinear conjugate gradient (Polak-Ribiere+, M^-1 as
//                            preconditioner)
//   engine_solver_pgs.cc     dual projected Gauss-Seidel on efc_AR (boxes for friction loss and
//                            pyramidal cones, QCQP block updates for elliptic cones)
//   engine_solver_noslip.cc  noslip post-processing (PGS on the friction rows with R = 0)
//   engine_solver_island.cc  per-island problems ("Constraint islands"): views, products with M,
//                            J, J', M^-1 on one island, island constraint forces, gather /
//                            scatter of the island-ordered arrays (iacc, iM, iefc_J, ...)
//
// Islands (XMLreference.rst <flag island>, on by default; MuJoCo's behavior): when mj_island
// found islands, CG and Newton solve each island as an independent
// problem (own iterations, line searches, termination test with the scale 1 / (meaninertia
// island_nv), statistics at solver + k*mjNSOLVER, solver_niter[k], solver_nnz[k] = island_nv^2
// for Newton). The warm start is chosen globally before (qacc_warmstart against qacc_smooth on
// the total cost). Dofs in no island get qacc_smooth. PGS, noslip_iterations > 0 and
// mjDSBL_ISLAND solve the whole problem as one (statistics in island 0).
//
// Inputs (all current on entry): qacc_smooth, qfrc_smooth, efc_J, efc_D, efc_R, efc_aref,
// efc_frictionloss, contact (mu, friction, dim), and efc_AR for the dual solver (PGS).
// Outputs: efc_b = J qacc_smooth - aref, qacc, efc_force, efc_state, qfrc_constraint = J'
// efc_force, solver statistics. qacc = qacc_smooth + M^-1 qfrc_constraint holds at the solution.

#ifndef MOTUS_ENGINE_ENGINE_SOLVER_H_
#define MOTUS_ENGINE_ENGINE_SOLVER_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// The solver part of mj_fwdConstraint; requires d->nefc > 0 (does nothing useful otherwise
// except qacc = qacc_smooth, qfrc_constraint = 0).
void mj_solveConstraint(const mjModel* m, mjData* d);

// Individual solvers on the whole problem. Each runs at most maxiter iterations from the current
// iterate (primal: d->qacc; dual: d->efc_force), records per-iteration statistics in
// d->solver[0 ..] and returns
// the number of iterations performed. On return qacc, efc_force, efc_state and qfrc_constraint
// are consistent.
int mj_solverNewton(const mjModel* m, mjData* d, int maxiter);
int mj_solverCG(const mjModel* m, mjData* d, int maxiter);
int mj_solverPGS(const mjModel* m, mjData* d, int maxiter);

// Noslip post-processing: PGS on the friction-loss rows and the friction rows of contacts with
// R = 0 in those rows, starting from efc_force; updates qacc, efc_force, qfrc_constraint.
// Statistics are appended after the main solver's, starting at d->solver[offset].
int mj_solverNoSlip(const mjModel* m, mjData* d, int maxiter, int offset);

// Total cost of the reduced primal problem at acceleration qacc ("Reduced primal problem"):
// 0.5 (qacc - qacc_smooth)' M (qacc - qacc_smooth) + s(J qacc - aref). Sets efc_force,
// efc_state and qfrc_constraint as mj_constraintUpdate does. Uses the mjData stack.
mjtNum mj_primalCost(const mjModel* m, mjData* d, const mjtNum* qacc);

// State of constraint row i given the dual force (for PGS / noslip results): equality rows
// QUADRATIC; friction loss LINEARNEG / LINEARPOS at the box bounds, else QUADRATIC; limits and
// contacts SATISFIED at zero force, elliptic contacts CONE on the cone surface, else QUADRATIC.
void mj_dualStates(const mjModel* m, mjData* d);

// ---------------------------------------------------------------------------------------------
// primal machinery shared by Newton and CG (engine_solver_newton.cc)

// State of the reduced primal problem at the current iterate, and the search direction.
// The problem is either the whole constraint problem (island = -1: the views point at mjData's
// own arrays, the products are mj_mulM / mj_mulJacVec / mj_solveM) or one constraint island k
// (computation_index.rst "Constraint islands"): the views then point into the island-ordered
// arrays of mjData (iacc, iacc_smooth, ifrc_smooth, ifrc_constraint at island_idofadr[k];
// iefc_* at island_iefcadr[k]) and the products act on the island's dofs and rows only
// (engine_solver_island.cc). Work arrays live on the mjData stack (mj_primalInit allocates them;
// the caller owns the frame).
typedef struct mjPrimal_ {
  int nv, nefc;  // size of the problem (island: island_nv, island_nefc)
  int island;    // island index, -1 for the whole problem
  int dofadr;    // island: first dof in the island numbering (island_idofadr)
  int efcadr;    // island: first row in the island numbering (island_iefcadr)
  int Jadr;      // island, dense Jacobian: start of the island's block in iefc_J
  // views of the problem data (local numbering)
  mjtNum* qacc;               // iterate                                 (nv)
  const mjtNum* qacc_smooth;  // unconstrained acceleration              (nv)
  const mjtNum* qfrc_smooth;  // M qacc_smooth                           (nv)
  mjtNum* qfrc_constraint;    // J' efc_force                            (nv)
  const int* efc_type;        // row data                                (nefc)
  const int* efc_id;
  const mjtNum* efc_D;
  const mjtNum* efc_R;
  const mjtNum* efc_frictionloss;
  const mjtNum* efc_aref;
  mjtNum* efc_force;
  int* efc_state;
  const int* dofmap;  // local dof -> dof, NULL for the identity (nv)
  const int* efcmap;  // local row -> row, NULL for the identity (nefc)

  mjtNum scale;    // 1 / (meaninertia max(1, nv)): makes costs and gradients unitless
                   // (meaninertia: mj_primalMeanInertia)
  mjtNum cost;     // total cost at qacc
  mjtNum gauss;    // 0.5 (qacc - qacc_smooth)' M (qacc - qacc_smooth)
  mjtNum* Ma;      // M qacc                                                  (nv)
  mjtNum* jar;     // J qacc - aref                                           (nefc)
  mjtNum* grad;    // M qacc - qfrc_smooth - qfrc_constraint: cost gradient   (nv)
  mjtNum* Mgrad;   // preconditioned gradient (CG: M^-1 grad, Newton: H^-1 grad) (nv)
  mjtNum* search;  // search direction                                        (nv)
  mjtNum* Mv;      // M search                                                (nv)
  mjtNum* Jv;      // J search                                                (nefc)
  // line search coefficients of the Gauss term along the search: slope and curvature
  mjtNum gslope, gcurv;
} mjPrimal;

// Mean inertia of the problem of p (the model's, or an island's mean diagonal of M).
mjtNum mj_primalMeanInertia(const mjModel* m, const mjData* d, const mjPrimal* p);

// Points the views of p at the whole problem (island < 0) or at island `island` (whose
// island-ordered arrays must have been filled by mj_islandGather). Allocates nothing.
void mj_primalView(const mjModel* m, mjData* d, mjPrimal* p, int island);

// Products and solves of the problem of p, in its local numbering (engine_solver_island.cc):
// res = M vec, res = J vec, res = J' vec, x = M^-1 y (x may equal y).
void mj_primalMulM(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* res,
                   const mjtNum* vec);
void mj_primalMulJ(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* res,
                   const mjtNum* vec);
void mj_primalMulJT(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* res,
                    const mjtNum* vec);
void mj_primalSolveM(const mjModel* m, const mjData* d, const mjPrimal* p, mjtNum* x,
                     const mjtNum* y);

// Constraint forces, states and cost at the residual jar of the problem of p (as
// mj_constraintUpdate: efc_force, efc_state, optional cone Hessians, qfrc_constraint).
void mj_primalUpdate(const mjModel* m, mjData* d, const mjPrimal* p, const mjtNum* jar,
                     mjtNum* cost, int flg_coneHessian);

// Island-ordered copies (computation_index.rst "Constraint islands"; mjData iacc_smooth,
// ifrc_smooth, iacc, ifrc_constraint, iM, iLD, iLDiagInv, iefc_J, iefc_type, iefc_id, iefc_D,
// iefc_R, iefc_frictionloss, iefc_aref, iefc_force, iefc_state; the layouts of MuJoCo):
// mj_islandGather fills them from the current global arrays (qacc is
// the warm start), mj_islandScatter writes the island solutions back into qacc, efc_force,
// efc_state, qfrc_constraint (dofs in no island: qacc = qacc_smooth, qfrc_constraint = 0).
void mj_islandGather(const mjModel* m, mjData* d);
void mj_islandScatter(const mjModel* m, mjData* d);

// Statistics of iteration iter of island `island` (d->solver + island*mjNSOLVER + iter), kept
// only for island < mjNISLAND and iter < mjNSOLVER.
void mj_solverStatIsland(mjData* d, int island, int iter, mjtNum improvement, mjtNum gradient,
                         mjtNum lineslope, int nactive, int nchange, int neval, int nupdate);

// Number of rows in an active state (QUADRATIC or CONE), and of rows whose state differs from old.
int mj_countActive(int nefc, const int* state);
int mj_countChange(int nefc, const int* state, const int* old);

// Newton and CG on one problem (whole or island): at most maxiter iterations from p's qacc,
// statistics of island max(0, p->island); return the iterations done.
int mj_solverNewtonProblem(const mjModel* m, mjData* d, int island, int maxiter);
int mj_solverCGProblem(const mjModel* m, mjData* d, int island, int maxiter);

// Newton factors the Hessian of a problem (an island, or the whole problem) with at least this
// many dofs sparsely (engine_solver_hessian.cc), smaller ones as dense blocks. Both give the same
// solution up to round-off; the setter lets tests run one problem through both paths. Not to be
// changed while another thread steps.
int mj_newtonSparseNv(void);
void mj_setNewtonSparseNv(int nv);

// Allocates the work arrays of p on the stack and evaluates it at p->qacc (the views must be set
// by mj_primalView; flg_coneHessian: also the elliptic cone Hessians in d->contact[].H).
void mj_primalInit(const mjModel* m, mjData* d, mjPrimal* p, int flg_coneHessian);

// Re-evaluates cost, forces, states and gradient at p->qacc from p->Ma and p->jar.
void mj_primalEval(const mjModel* m, mjData* d, mjPrimal* p, int flg_coneHessian);

// Exact line search along p->search (computes Mv, Jv); moves p->qacc, Ma, jar to the minimizer
// (does not re-evaluate forces). Returns the step (0: no descent), counts evaluations in *neval,
// writes the scaled initial slope in *lineslope.
mjtNum mj_primalLineSearch(const mjModel* m, mjData* d, mjPrimal* p, int* neval, mjtNum* lineslope);

// ---------------------------------------------------------------------------------------------
// dual machinery shared by PGS and noslip (engine_solver_pgs.cc)

// (efc_AR f)_i and the element AR(i, j) (zero when not stored), dense or sparse.
mjtNum mj_dualRowDot(const mjModel* m, const mjData* d, int i, const mjtNum* f);
mjtNum mj_dualElement(const mjModel* m, const mjData* d, int i, int j);

// min 0.5 y'Ay + y'g subject to sum (y_j / mu_j)^2 <= r^2, n <= 5 (A n x n symmetric positive
// definite): the friction part of an elliptic block update.
void mj_dualFrictionQCQP(mjtNum* y, const mjtNum* A, const mjtNum* g, const mjtNum* mu, int n,
                         mjtNum r);

// Block update of one elliptic contact (f: its dim forces, res = (A f + b) on its rows, Ablk its
// dim x dim block). flg_ray: first rescale along the ray from the cone tip (PGS); without it
// the normal force is kept (noslip). Returns the change of the dual cost.
mjtNum mj_dualEllipticUpdate(const mjContact* con, mjtNum* f, const mjtNum* res, const mjtNum* Ablk,
                             int flg_ray);

// From efc_force: efc_state (mj_dualStates), qfrc_constraint = J' f, qacc = qacc_smooth +
// M^-1 qfrc_constraint.
void mj_dualFinish(const mjModel* m, mjData* d);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_SOLVER_H_
