// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Actuator transmissions (computation_index.rst "Actuation model / Transmission", pipeline
// stage 10; XMLreference "actuator/general" joint ... body). The public entry point
// mj_transmission is declared in mujoco.h. It needs mj_kinematics, mj_comPos and mj_tendon (and
// the contacts of mj_collision for body transmissions) and sets, for every actuator i:
//   actuator_length[i]   the transmission length l_i(q) times the gear ratio;
//   moment row i         d l_i / d qvel, sparse: moment_rownnz[i] entries starting at
//                        moment_rowadr[i] (rows packed in actuator order, rowadr[0] = 0) with
//                        dof indices moment_colind and values actuator_moment, increasing.
// Row patterns follow MuJoCo: joint transmissions store every dof of the joint (1, 3 or
// 6 entries, even zeros); all other transmissions store the nonzero entries of the dense
// moment vector. The model's nJmom bounds the total (the compiler reserves the nonzeros each
// transmission can have: its dofs, chains or tendon pattern; nv for a body).
//
// Lengths and moments per type (gear g = actuator_gear[6i .. 6i+5]):
//   joint, hinge/slide   l = g0 q,  moment g0 on the dof;
//   joint, ball          l = g[0:3] . v, v the rotation vector (axis * angle, angle in [-pi, pi])
//                        of the normalized joint quaternion; moment g[0:3] on the 3 dofs (the
//                        angular velocity of a ball joint is in the child frame);
//   jointinparent, ball  g[0:3] is given in the parent frame: moment R(q)' g[0:3], length g . v
//                        (the rotation vector is the same in both frames);
//   joint, free          l = 0; moment g[0:3] on the translational dofs (world frame) and
//                        g[3:6] on the rotational dofs (child frame; jointinparent: world frame,
//                        rotated into the child frame);
//   tendon               l = g0 ten_length, moment g0 ten_J;
//   site, no refsite     l = 0, moment = Jp' R g[0:3] + Jr' R g[3:6] (site Jacobians, R the
//                        site orientation): a force and torque fixed in the site frame;
//   site with refsite    l = g[0:3] . R_ref' (p - p_ref) + g[3:6] . v, v the rotation vector of
//                        q_ref^-1 q (the site's orientation in the refsite frame); moment: see
//                        engine_transmission.cc;
//   slidercrank          the slider pin s moves along the z axis a of the slider site, the
//                        crank pin c is on the crank, the rod has length r: with x = c - s,
//                        l = g0 (a.x - sqrt((a.x)^2 + r^2 - x.x)), the slider position at which
//                        the rod would fit; when the square root's argument is negative the
//                        rod is too short ("broken crank") and l = g0 a.x with the matching
//                        moment;
//   body (adhesion)      l = 0, moment = -1/n sum_contacts n_c' (J(p_c, b2) - J(p_c, b1)),
//                        minus the mean separation Jacobian along the contact normals of the n
//                        contacts of the body's geoms (contacts excluded by the gap margin
//                        included, gear not applied, as MuJoCo); zero without contacts.

#ifndef MOTUS_ENGINE_ENGINE_TRANSMISSION_H_
#define MOTUS_ENGINE_ENGINE_TRANSMISSION_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// Dense moment vector (nv) and length of actuator i at the current positions (the quantities
// mj_transmission stores in sparse form). Uses the mjData stack.
void mj_actuatorMomentDense(const mjModel* m, mjData* d, int i, mjtNum* moment, mjtNum* length);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_TRANSMISSION_H_
