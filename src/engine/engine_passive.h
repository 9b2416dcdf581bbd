// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Passive forces (computation_index.rst "Passive forces", "Polynomial forces"; pipeline stage
// 15). The public entry point mj_passive is declared in mujoco.h:
//   engine_passive.cc        mj_passive: springs, dampers, gravity compensation, mjcb_passive
//   engine_passive_fluid.cc  fluid forces (engine_passive_fluid.h)
//
// mj_passive needs the position stages (mj_kinematics, mj_comPos, mj_tendon, mj_transmission)
// and the velocity stages before it (ten_velocity, actuator_velocity, mj_comVel). It sets
//   qfrc_spring    joint springs (stiffness about qpos_spring) and tendon springs (about the
//                  dead band tendon_lengthspring), unless mjDSBL_SPRING;
//   qfrc_damper    dof damping, tendon damping and actuator damping, unless mjDSBL_DAMPER;
//   qfrc_gravcomp  -gravcomp_b m_b g applied at each body's center of mass, unless
//                  mjDSBL_GRAVITY (or gravity is zero);
//   qfrc_fluid     fluid forces when density or viscosity is positive;
//   qfrc_passive = qfrc_spring + qfrc_damper + qfrc_fluid + qfrc_gravcomp on the dofs whose
//                  joint is not jnt_actgravcomp (those go to qfrc_actuator, mj_fwdActuation);
// then calls mjcb_passive (which may add to qfrc_passive). With both mjDSBL_SPRING and
// mjDSBL_DAMPER every output is zero and mjcb_passive is not called (as MuJoCo).
//
// Polynomial coefficients (a = stiffness/damping, (b, c) = the *poly arrays):
//   spring force  -(a x + b x^2 + c x^3) for a scalar displacement x; for the 3D displacements
//                 of ball joints (rotation vector of q_spring^-1 q) and of the two parts of a
//                 free joint, -(a + b |x| + c |x|^2) x, the gradient of the potential
//                 a|x|^2/2 + b|x|^3/3 + c|x|^4/4 (the energy mj_energyPos uses);
//   damper force  -(a v + b v|v| + c v^3) per dof, per tendon (v = ten_velocity) and per
//                 actuator with a joint or tendon transmission (v = actuator_velocity, force
//                 mapped by the moment arms, i.e. reflected through the gear).
//   tendon springs: x = L - s1 above the dead band [s0, s1], L - s0 below it, 0 inside.

#ifndef MOTUS_ENGINE_ENGINE_PASSIVE_H_
#define MOTUS_ENGINE_ENGINE_PASSIVE_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// scalar polynomial spring force -(a x + b x^2 + c x^3); poly = (b, c) or NULL
mjtNum mj_springForce(mjtNum x, mjtNum a, const mjtNum* poly);

// scalar polynomial damper force -(a v + b v|v| + c v^3); poly = (b, c) or NULL
mjtNum mj_damperForce(mjtNum v, mjtNum a, const mjtNum* poly);

// its derivative with respect to v: -(a + 2 b |v| + 3 c v^2)
mjtNum mj_damperSlope(mjtNum v, mjtNum a, const mjtNum* poly);

// The pieces of mj_passive; each ADDS to the given vector (nv).
void mj_springs(const mjModel* m, mjData* d, mjtNum* qfrc);  // joints and tendons
void mj_dampers(const mjModel* m, mjData* d, mjtNum* qfrc);  // dofs, tendons, actuators

// flex edge springs (spring=1) or dampers (spring=0) into qfrc (engine_flex.cc); needs mj_flex
// and, for dampers, flexedge_velocity
void mj_flexEdgePassive(const mjModel* m, const mjData* d, int spring, mjtNum* qfrc);
// elastic forces of 2D and 3D flexes (flex_stiffness, flex_bending) into qfrc
// (engine_flex_elastic.cc); needs mj_flex and flexedge_velocity
void mj_flexElasticPassive(const mjModel* m, const mjData* d, mjtNum* qfrc);
void mj_flexBendDamper(const mjModel* m, const mjData* d, mjtNum* qfrc);  // its bending damping
// velocity of point x on body b (needs mj_comVel)
void mj_flexPointVelocity(const mjModel* m, const mjData* d, int b, const mjtNum* x, mjtNum* vel);
// elastic spring (spring = 1) or damper (spring = 0) forces of interpolated flexes into qfrc
// (engine_flex_interp.cc); needs the body positions and, for dampers, velocities
void mj_flexInterpPassive(const mjModel* m, mjData* d, int spring, mjtNum* qfrc);
// number of cells of interpolated flex f (the product of flex_cellnum)
int mj_flexCellCount(const mjModel* m, int f);
// world positions x (3 per node) of all nodes of interpolated flex f and the rotation rot (3x3
// per cell, cells in (i, j, k) order, k fastest) of each cell, the rotational part of the
// deformation gradient at the cell's center; needs the body positions
void mj_flexInterpNodes(const mjModel* m, const mjData* d, int f, mjtNum* x, mjtNum* rot);
// y = sum over the cells c of R_c K_c R_c' z_c, or of R_c K_c (R_c' z_c - z0_c) when z0 is
// given (z, z0, y: 3 per node of the flex; z_c the cell's nodes; R_c acting on each node's 3
// coordinates; K_c the cell's dense stiffness in flex_stiffness)
void mj_flexInterpMulK(const mjModel* m, int f, const mjtNum* rot, const mjtNum* z,
                       const mjtNum* z0, mjtNum* y);
void mj_gravcomp(const mjModel* m, mjData* d, mjtNum* qfrc);  // gravity compensation
// spring forces of the passive flex contacts (exclude 4) into qfrc; needs the contacts
void mj_contactPassive(const mjModel* m, mjData* d, mjtNum* qfrc);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_PASSIVE_H_
