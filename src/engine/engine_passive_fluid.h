// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Fluid forces (computation_fluid.rst), part of the passive forces (engine_passive.h). Active
// when mjOption density or viscosity is positive. Velocities are relative to the medium: the
// wind (mjOption.wind, world frame) is subtracted from the linear velocity.
//
// Inertia model (computation_fluid.rst "Inertia model"), for every body with mass whose geoms
// do not use the ellipsoid model: the body is its equivalent inertia box, with half-sizes
//   r_i = sqrt(3/(2M) (I_j + I_k - I_i))
// in the inertial frame (ximat, origin xipos); with the local velocity (w, v):
//   force_i  = -2 rho r_j r_k |v_i| v_i - 6 beta pi r_eq v_i
//   torque_i = -rho/2 r_i (r_j^4 + r_k^4) |w_i| w_i - 8 beta pi r_eq^3 w_i,  r_eq = mean r.
//
// Ellipsoid model (computation_fluid.rst "Ellipsoid model"), for every geom with
// geom_fluid[0] > 0 (fluidshape="ellipsoid"): the geom is the ellipsoid with semi-axes r
// (sphere: r r r; capsule: r r r+h; cylinder: r r h; ellipsoid, box, mesh: the geom size), in the
// geom frame at geom_xpos. geom_fluid = [flag, C_blunt, C_slender, C_ang, C_K, C_M, virtual
// masses (3), virtual inertias (3)], the virtual quantities without the density. With the local
// velocity (w, v):
//   added mass  f = (rho mA o v) x w,  g = (rho mA o v) x v + (rho IA o w) x w
//               (the acceleration terms of the added mass are omitted: the model is stateless);
//   drag        f = -rho [C_blunt A_v + C_slender (A_max - A_v)] |v| v,
//               g = -rho |c o w| w,  c_i = C_ang I_i + C_slender (I_max - I_i),
//               I_i = 8 pi/15 r_i max(r_j, r_k)^4, I_max = max_i I_i;
//   Magnus      f = C_M rho V w x v,  V = 4/3 pi r_x r_y r_z;
//   Kutta       f = C_K rho A_v (v^ . n^) (n^ x v) x v,  n = (r_y r_z/r_x v_x, ...);
//   viscous     f = -6 pi r_D beta v,  g = -8 pi r_D^3 beta w,  r_D = mean r;
// with A_v the area of the ellipsoid projected along v (computation_fluid.rst lemma) and
// A_max = pi r_max r_mid.
// The force and torque are applied at the frame origin of the body (inertia model) or geom
// (ellipsoid model).

#ifndef MOTUS_ENGINE_ENGINE_PASSIVE_FLUID_H_
#define MOTUS_ENGINE_ENGINE_PASSIVE_FLUID_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ADDS the fluid forces of all bodies and geoms to qfrc (nv). Needs mj_kinematics, mj_comPos
// and mj_comVel.
void mj_fluid(const mjModel* m, mjData* d, mjtNum* qfrc);

// Semi-axes of the equivalent ellipsoid of geom g (see above).
void mj_fluidSemiAxes(const mjModel* m, int g, mjtNum r[3]);

// The same from a geom type and size (used by the compiler for geom_fluid): spheres, capsules
// and cylinders by their radius and (half-)length, every other type by its geom_size.
void mju_geomSemiAxes(int type, const mjtNum size[3], mjtNum r[3]);

// Local force (res[3..5]) and torque (res[0..2]) of the two models for a local velocity
// lvel = (w; v) already relative to the medium. `fluid` is the geom's geom_fluid row.
void mj_fluidInertiaBox(const mjModel* m, int body, const mjtNum lvel[6], mjtNum res[6]);
void mj_fluidEllipsoid(const mjModel* m, const mjtNum r[3], const mjtNum* fluid,
                       const mjtNum lvel[6], mjtNum res[6]);

// d qfrc_fluid / d qvel added into d->qDeriv (D layout of engine_setconst.h, restricted to its
// pattern); called by mjd_passiveVel (engine_derivative_smooth.h) so the implicit
// integrators treat fluid forces implicitly. Computed by differentiating the local force
// model with respect to the local velocity (analytically) and mapping through the
// object's 6 x nv Jacobian: D += J' R dF/dlvel R' J. The ellipsoid model's drag and Kutta
// terms are differentiated as MuJoCo does, with its mjMINVAL floors, which depart from
// the exact derivative for small or slow geoms (engine_passive_fluid.cc: dragDeriv, kuttaDeriv).
void mjd_fluidVel(const mjModel* m, mjData* d);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_PASSIVE_FLUID_H_
