// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Constraint assembly (computation_index.rst "Constraint model", "Constraint solver /
// Parameters"; modeling.rst "Solver parameters"). Public functions (declared in mujoco.h):
//   engine_core_constraint.cc          mj_makeConstraint
//   engine_core_constraint_param.cc    mj_referenceConstraint (and the internal
//                                      mj_makeImpedance / mj_diagApprox below)
//   engine_core_constraint_project.cc  mj_projectConstraint, mj_constraintUpdate
//   engine_core_constraint_equality.cc the frames and bias acceleration of connect and weld
//                                      (internal)
//   engine_support_jac.cc              mj_isPyramidal, mj_isSparse, mj_isDual, mj_mulJacVec,
//                                      mj_mulJacTVec (asked by the constraint and solver files)
//   engine_island.cc                   mj_island (stage 9, unless mjDSBL_ISLAND: the island
//                                      index arrays; the island-reordered matrices iM, iefc_*
//                                      are not computed yet)
//
// Rows (mjData.efc_*), in this order ("Constraint model": equality, friction loss, limit,
// contact), each group by model element:
//   equality   (ne rows)  active (d->eq_active) connect (3), weld (6), joint (1), tendon (1)
//   friction   (nf rows)  dofs with dof_frictionloss > 0, then tendons with frictionloss > 0
//   limit      (nl rows)  joints (lower, then upper; ball joints one row) and tendons whose
//                         distance to the limit is below the margin
//   contact               d->contact[i] not excluded: 1 row for condim 1 (mjCNSTR_CONTACT_
//                         FRICTIONLESS), dim rows for elliptic cones, 2 (dim-1) for pyramidal
// efc_id is the equality / dof / tendon / joint / contact index of the row.
//
// Jacobian layout (mj_isSparse): dense efc_J is nefc x nv row-major (nJ = nefc nv, the CSR
// arrays are zero); sparse efc_J is CSR with efc_J_rownnz / rowadr / colind, the columns of a
// row being the union of the dof chains of the bodies it involves, increasing (entries that are
// zero stay stored); efc_J_rowsuper is zero (MuJoCo leaves it zero as well).
//
// Solver parameters of every row (mj_makeImpedance, engine_core_constraint_param.cc):
//   efc_diagApprox  approximation of diag(J M^-1 J') from the invweight0 of bodies, dofs and
//                   tendons at qpos0;
//   efc_KBIP        (K, B, I, P) per row: stiffness and damping of the reference
//                   spring-damper, impedance d(r) and its derivative dd/dr;
//   efc_R, efc_D    R = (1 - d)/d diagApprox and D = 1/R.
// mj_referenceConstraint (stage 17): efc_vel = J qvel and
//   efc_aref = -B efc_vel - K I (efc_pos - efc_margin) - (Jdot qvel for connect and weld rows).

#ifndef MOTUS_ENGINE_ENGINE_CORE_CONSTRAINT_H_
#define MOTUS_ENGINE_ENGINE_CORE_CONSTRAINT_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Solver parameters of the rows built by mj_makeConstraint: efc_diagApprox, efc_KBIP, efc_R,
// efc_D; also contact mu. Called at the end of mj_makeConstraint.
void mj_makeImpedance(const mjModel* m, mjData* d);

// Impedance d(r) of solimp (dmin, dmax, width, midpoint, power) at residual r, and its
// derivative with respect to r in *dimp (may be NULL) (modeling.rst "Impedance").
mjtNum mj_impedance(const mjtNum solimp[mjNIMP], mjtNum r, mjtNum* dimp);

// Stiffness K and damping B of solref at impedance width value dmax (modeling.rst
// "Reference"); refsafe applied when enabled in m.
void mj_stiffDamp(const mjModel* m, const mjtNum solref[mjNREF], mjtNum dmax, mjtNum* K, mjtNum* B);

// Trees touched by efc row i (from its Jacobian row), increasing; trees must hold ntree ints.
int mj_efcTrees(const mjModel* m, const mjData* d, int i, int* trees);

// Root of tree x in the union-find forest parent (halves the path on the way).
int mj_treeRoot(int* parent, int x);

// The trees coupled by the constraint rows (islands, Hessian components): parent[ntree] becomes
// a union-find forest joining the trees of each efc row; rowtree[i] is the first tree of row i,
// -1 for a row without Jacobian entries; trees is scratch for ntree ints.
void mj_joinRowTrees(const mjModel* m, const mjData* d, int* parent, int* trees, int* rowtree);

// mj_constraintUpdate without the cone Hessians and without qfrc_constraint = J' efc_force:
// sets efc_force and efc_state of the residuals jar and returns the constraint cost s(jar).
mjtNum mj_constraintCost(const mjModel* m, mjData* d, const mjtNum* jar);

// The rows of a constraint problem: all of mjData's efc_* arrays or one island's ordered copy
// (iefc_*). Elliptic contact rows refer to their contact through id.
typedef struct {
  int nefc;
  const int* type;
  const int* id;
  const mjtNum* D;
  const mjtNum* R;
  const mjtNum* frictionloss;
  mjtNum* force;
  int* state;
} mjConstraintRows;

// Primal cost s(jar) of the rows and their forces f = -grad s and states (written into
// rows->force, rows->state); cone Hessians into contact[].H when flg_coneHessian.
mjtNum mj_constraintRowForces(const mjConstraintRows* rows, mjContact* contact, const mjtNum* jar,
                              int flg_coneHessian);

// the two points (world), bodies and orientations of a connect or weld constraint
typedef struct mjEqFrames_ {
  int body[2];
  mjtNum pos[2][3];
  mjtNum quat[2][4];  // world orientation of body1 times relpose, and of body2 (weld only)
  mjtNum torquescale;
} mjEqFrames;

// The frames of connect or weld equality e from the current kinematics. Body form (eq_data, see
// user_compile_equality.cc): connect anchors data[0:3] on body1 and data[3:6] on body2; weld
// anchor data[0:3] on body2, relpose position data[3:6] on body1, relpose orientation data[6:10]
// of body2 relative to body1, torquescale data[10]. Site form: the two site frames, relative
// orientation the identity.
void mj_eqFrames(const mjModel* m, const mjData* d, int e, mjEqFrames* f);

// Jdot qvel of connect or weld equality e (3 or 6 values, the order of its efc rows): the
// residual's acceleration at qacc = 0, subtracted from efc_aref by mj_referenceConstraint.
// Needs mj_comVel (cvel, cdof_dot).
void mj_eqBiasAcc(const mjModel* m, mjData* d, int e, mjtNum res[6]);

// Cell nodes of flexstrain equality e (eq_data[0..2] the cell; flex-local ids into node,
// mjMAXFLEXNODES) and its rows in flex_stiffness (*rows, count first: see
// user_compile_flex_strain.cc). Returns the number of nodes, 0 when the equality has no rows
// (its cell is outside the flex's grid, or the flex is not interpolated).
int mj_flexStrainCell(const mjModel* m, int e, int* node, const mjtNum** rows);

// Rows of flexstrain equality e (engine_core_constraint_flex.cc): returns their number nrow and
// writes the sorted dofs of the cell's node bodies to chain (nv ints), their number to *n; unless
// jac is NULL, fills jac (nrow x n) and pos (nrow). With L the cell's rows over the node
// coordinates, x the node positions, X their positions at qpos0 (flex_node0) and R the cell's
// rotation (mj_flexCellRotation): pos = L (R' x - X), jac = L R' Jp(x) (node point Jacobians).
int mj_flexStrainRows(const mjModel* m, mjData* d, int e, int* chain, int* n, mjtNum* jac,
                      mjtNum* pos);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_CORE_CONSTRAINT_H_
