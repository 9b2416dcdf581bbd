// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Analytic velocity derivatives of the smooth forces, for the implicit integrators
// (computation_index.rst "Numerical integration": D = d(tau - c)/dv, "computed analytically"),
// and the sparse factorizations of M - h D.
//
// qDeriv (mjData, nD numbers) holds D = d qfrc_smooth / d qvel in the CSR layout D_rownnz /
// D_rowadr / D_colind / D_diag of engine_setconst.h: row i lists the ancestors of dof i, i
// itself and its descendants. D is restricted to this pattern ("we restrict D to have the same
// sparsity pattern as M"): couplings between dofs on different branches of the tree (e.g. a
// tendon spanning two branches) are dropped.

#ifndef MOTUS_ENGINE_ENGINE_DERIVATIVE_SMOOTH_H_
#define MOTUS_ENGINE_ENGINE_DERIVATIVE_SMOOTH_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// qDeriv = d qfrc_smooth / d qvel at the current state (forward pass done):
//   actuators (unless mjDSBL_ACTUATION): sum_i dp_i/dv_i moment_i' moment_i, with dp_i/dv_i =
//     gain'(v_i) * (control or activation) + bias'(v_i) for affine gains and biases (gainprm[2],
//     biasprm[2]) and muscle gains; disabled actuators contribute 0. As in MuJoCo the
//     control is not clamped, actearly is ignored and forcerange clamping is not differentiated;
//   damping (unless mjDSBL_DAMPER): -diag(dof damping slope), -slope_t J_t' J_t for tendons,
//     -slope_i moment_i' moment_i for actuator damping (joint and tendon transmissions), where
//     slope(v) = a + 2b|v| + 3cv^2 for the polynomial damping a, b, c;
//   fluid forces: mjd_fluidVel (engine_passive_fluid.h). Flex
//     damping is not included (flexes are not supported);
//   flg_bias: minus the derivative of the RNE bias force c(q, v) (mjd_rneVel).
void mjd_smoothVel(const mjModel* m, mjData* d, int flg_bias);

// The pieces of mjd_smoothVel; each ADDS its terms to d->qDeriv.
void mjd_actuatorVel(const mjModel* m, mjData* d);
void mjd_passiveVel(const mjModel* m, mjData* d);
void mjd_rneVel(const mjModel* m, mjData* d);  // qDeriv -= d qfrc_bias / d qvel

// In-place LU factorization of a matrix on the D pattern, eliminating dofs in reverse order
// (leaves first), which creates no fill-in on a tree pattern (computation_index.rst
// "Integrators", implicit). On return, for i an ancestor of k: element (i, k) holds the
// multiplier A(i,k)/A(k,k) of the elimination, element (k, i) and the diagonal the reduced
// matrix. Pivots smaller than mjMINVAL in magnitude are replaced by mjMINVAL (with sign).
void mjd_factorLU(const mjModel* m, mjtNum* LU);

// Solve A x = x in place with the factor of mjd_factorLU.
void mjd_solveLU(const mjModel* m, const mjtNum* LU, mjtNum* x);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_DERIVATIVE_SMOOTH_H_
