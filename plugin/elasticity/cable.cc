// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.elasticity.cable: bending and twisting elasticity of a cable made of a chain of bodies
// joined by ball joints (modeling.rst "Cable", programming_extension.rst "elasticity"), as the
// <composite type="cable"> macro builds it. The bodies of one instance are consecutive in the
// model; body k's ball joint holds the rotation q_k of body k relative to body k-1.
//
// Strain: the curvature of the centerline between two bodies is the rotation vector of q_k
// (axis times angle), expressed in the bodies' frames, whose x axis is the tangent: its x
// component is the twist, y and z the bending about the two axes of the cross section. Its
// stress-free value omega0_k is the one of the compiled model (qpos0), or 0 with flat="true".
//
// Stress: with l_k the distance of the two bodies' origins at qpos0, the elastic torque of
// joint k is, in the bodies' frame,
//     tau_k = -(G J, E Iy, E Iz) .* (omega_k - omega0_k) / l_k
// (G: config "twist", the shear modulus; E: config "bend", Young's modulus; J: torsion
// constant and Iy, Iz: second moments of area of the cross section of body k's geom, a disc of
// the capsule/cylinder radius r: J = pi r^4 / 2, Iy = Iz = pi r^4 / 4; a box of half sizes h
// (y) and w (z): Iy = (2w)^3 (2h) / 12, Iz = (2h)^3 (2w) / 12 and Roark's torsion constant
// J = a b^3 (16/3 - 3.36 (b/a) (1 - b^4 / (12 a^4))), a = max(h, w), b = min(h, w)).
// tau_k acts on body k and -tau_k on body k-1, in world coordinates at the bodies' origins
// (mj_applyFT into qfrc_passive); the rotation vector is the same in both bodies' frames, so
// either frame maps it to the world.
//
// Visualization: with vmax != 0 each body's first geom is colored by the norm of its stress, the
// mean over its (one or two) joints of the joint's local torque tau_k rotated by the inverse of
// q_k, as of the last passive-force computation (mj_forward, not mj_kinematics, updates it; a
// reset keeps it).
// Configuration: twist, bend (numbers, required), flat ("true": straight stress-free shape),
// vmax (number, default 0).

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <mujoco/mujoco.h>

#include "plugin_instance.h"

namespace {

const char* kAttributes[] = {"twist", "bend", "flat", "vmax"};

struct Cable {
  int first = 0;               // first body of the instance
  int n = 0;                   // number of bodies
  double vmax = 0;             // stress of the reddest color; 0: no colors
  std::vector<double> k;       // per body: G J, E Iy, E Iz, l (l = 0 for the first body)
  std::vector<double> omega0;  // per body: stress-free curvature of its joint
  std::vector<double> torque;  // per body: the world torque on it (scratch of the computation)
  std::vector<double> stress;  // per body: the stress of the last computation (colors)
};

Cable* Get(const mjData* d, int instance) {
  return motus_plugin::Instance<Cable>(d, instance);
}

// torsion constant and second moments of area of a body's geom cross section
bool CrossSection(const mjModel* m, int body, double section[3]) {
  if (m->body_geomnum[body] < 1) {
    return false;
  }
  int g = m->body_geomadr[body];
  const double* size = m->geom_size + 3 * g;
  if (m->geom_type[g] == mjGEOM_CAPSULE || m->geom_type[g] == mjGEOM_CYLINDER) {
    double r4 = std::pow(size[0], 4);
    section[0] = mjPI * r4 / 2;
    section[1] = section[2] = mjPI * r4 / 4;
    return true;
  }
  if (m->geom_type[g] == mjGEOM_BOX) {
    double h = size[1], w = size[2];
    double a = h > w ? h : w, b = h > w ? w : h;
    section[0] = a * std::pow(b, 3) * (16. / 3. - 3.36 * b / a * (1 - std::pow(b / a, 4) / 12));
    section[1] = std::pow(2 * w, 3) * 2 * h / 12;
    section[2] = std::pow(2 * h, 3) * 2 * w / 12;
    return true;
  }
  return false;
}

// the rotation of body i relative to the previous body: its quaternion in the model times the
// ball joint's (the last 4 qpos of the body)
void RelativeQuat(const mjModel* m, const mjtNum* qpos, int i, double q[4]) {
  const mjtNum* ball = qpos + m->jnt_qposadr[m->body_jntadr[i] + m->body_jntnum[i] - 1];
  mju_mulQuat(q, m->body_quat + 4 * i, ball);
}

// checks that the bodies of the instance form a chain of ball joints
bool CheckChain(const mjModel* m, int instance, const Cable& c) {
  for (int b = 0; b < c.n; b++) {
    int i = c.first + b;
    if (m->body_plugin[i] != instance) {
      mju_warning("mujoco.elasticity.cable: the bodies of instance %d are not consecutive",
                  instance);
      return false;
    }
    double section[3];
    if (!CrossSection(m, i, section)) {
      mju_warning(
          "mujoco.elasticity.cable: body %d needs a capsule, cylinder or box geom as its first "
          "geom",
          i);
      return false;
    }
    if (b == 0) {
      continue;
    }
    int last = m->body_jntnum[i] > 0 ? m->body_jntadr[i] + m->body_jntnum[i] - 1 : -1;
    if (m->body_parentid[i] != i - 1 || last < 0 || m->jnt_type[last] != mjJNT_BALL) {
      mju_warning(
          "mujoco.elasticity.cable: body %d must be a child of body %d joined to it by a ball "
          "joint",
          i, i - 1);
      return false;
    }
  }
  return true;
}

int CableInit(const mjModel* m, mjData* d, int instance) {
  double G = 0, E = 0;
  if (!motus_plugin::ConfigNumbers(m, instance, "twist", 1, &G) ||
      !motus_plugin::ConfigNumbers(m, instance, "bend", 1, &E)) {
    mju_warning("mujoco.elasticity.cable: config keys 'twist' and 'bend' must be numbers");
    return -1;
  }
  auto* c = new Cable;
  const char* vmax = mj_getPluginConfig(m, instance, "vmax");
  if (vmax && vmax[0] && !motus_plugin::ConfigNumbers(m, instance, "vmax", 1, &c->vmax)) {
    mju_warning("mujoco.elasticity.cable: config key 'vmax' must be a number, got '%s'", vmax);
    delete c;
    return -1;
  }
  const char* flat = mj_getPluginConfig(m, instance, "flat");
  bool isflat = flat && std::strcmp(flat, "true") == 0;
  c->first = -1;
  for (int i = 1; i < m->nbody; i++) {
    if (m->body_plugin[i] == instance) {
      c->first = c->first < 0 ? i : c->first;
      c->n++;
    }
  }
  if (c->first < 0 || !CheckChain(m, instance, *c)) {
    if (c->first < 0) {
      mju_warning("mujoco.elasticity.cable: instance %d is used by no body", instance);
    }
    delete c;
    return -1;
  }
  c->k.assign(4 * c->n, 0);
  c->omega0.assign(3 * c->n, 0);
  c->torque.assign(3 * c->n, 0);
  c->stress.assign(3 * c->n, 0);

  // body distances of the compiled pose
  mju_copy(d->qpos, m->qpos0, m->nq);
  mj_kinematics(m, d);
  for (int b = 0; b < c->n; b++) {
    int i = c->first + b;
    double section[3];
    CrossSection(m, i, section);
    c->k[4 * b + 0] = G * section[0];
    c->k[4 * b + 1] = E * section[1];
    c->k[4 * b + 2] = E * section[2];
    if (b > 0) {
      double delta[3];
      mju_sub3(delta, d->xpos + 3 * i, d->xpos + 3 * (i - 1));
      c->k[4 * b + 3] = mju_norm3(delta);
      if (!isflat) {
        double q[4];
        RelativeQuat(m, m->qpos0, i, q);
        mju_quat2Vel(c->omega0.data() + 3 * b, q, 1);
      }
    }
  }
  motus_plugin::SetInstance(d, instance, c);
  return 0;
}

// local torque of joint b (between bodies b-1 and b) and the joint's rotation q
void LocalTorque(const mjModel* m, const mjData* d, const Cable& c, int b, double local[3],
                 double q[4]) {
  const double* k = c.k.data() + 4 * b;
  double omega[3];
  RelativeQuat(m, d->qpos, c.first + b, q);
  mju_quat2Vel(omega, q, 1);
  for (int a = 0; a < 3; a++) {
    local[a] = -k[a] * (omega[a] - c.omega0[3 * b + a]) / k[3];
  }
}

void CableCompute(const mjModel* m, mjData* d, int instance, int capability_bit) {
  (void)capability_bit;
  Cable* c = Get(d, instance);
  double force[3] = {0, 0, 0};
  std::fill(c->torque.begin(), c->torque.end(), 0);
  if (c->vmax != 0) {
    std::fill(c->stress.begin(), c->stress.end(), 0);
  }
  for (int b = 1; b < c->n; b++) {
    double local[3], q[4], torque[3];
    LocalTorque(m, d, *c, b, local, q);
    mju_rotVecQuat(torque, local, d->xquat + 4 * (c->first + b - 1));
    mju_addTo3(c->torque.data() + 3 * b, torque);
    mju_subFrom3(c->torque.data() + 3 * (b - 1), torque);
    if (c->vmax != 0) {
      // the stress of the joint, shared by its two bodies
      double inverse[4], stress[3];
      mju_negQuat(inverse, q);
      mju_rotVecQuat(stress, local, inverse);
      mju_addTo3(c->stress.data() + 3 * b, stress);
      mju_addTo3(c->stress.data() + 3 * (b - 1), stress);
    }
  }
  for (int b = 0; b < c->n; b++) {
    int i = c->first + b;
    mj_applyFT(m, d, force, c->torque.data() + 3 * b, d->xpos + 3 * i, i, d->qfrc_passive);
    if (c->vmax != 0 && b > 0 && b < c->n - 1) {
      mju_scl3(c->stress.data() + 3 * b, c->stress.data() + 3 * b, 0.5);
    }
  }
}

// the color of stress norm v on a scale from 0 (blue) to vmax (red) through cyan, green and
// yellow, in four equal parts; v is clamped into [0, vmax] first (a negative vmax clamps every
// v to vmax). Measured on MuJoCo 3.8.0's geom_rgba, bit for bit, with this order of operations.
void StressColor(double v, double vmax, float* rgba) {
  v = v < 0 ? 0 : v;
  v = v > vmax ? vmax : v;
  double r, g, b;
  if (v < 0.25 * vmax) {
    r = 0, g = 4 * v / vmax, b = 1;
  } else if (v < 0.5 * vmax) {
    r = 0, g = 1, b = 1 + 4 * (0.25 * vmax - v) / vmax;
  } else if (v < 0.75 * vmax) {
    r = 4 * (v - 0.5 * vmax) / vmax, g = 1, b = 0;
  } else {
    r = 1, g = 1 + 4 * (0.75 * vmax - v) / vmax, b = 0;
  }
  rgba[0] = static_cast<float>(r);
  rgba[1] = static_cast<float>(g);
  rgba[2] = static_cast<float>(b);
}

// writes the stress colors of the last passive-force computation into the model's geom_rgba (the
// first geom of each body; alpha is kept), so the scene, whose geoms are added after the plugins
// are visualized, shows them
void CableVisualize(const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn,
                    int instance) {
  (void)opt;
  (void)scn;
  Cable* c = Get(d, instance);
  if (c->vmax == 0) {
    return;
  }
  for (int b = 0; b < c->n; b++) {
    int i = c->first + b;
    StressColor(mju_norm3(c->stress.data() + 3 * b), c->vmax,
                m->geom_rgba + 4 * m->body_geomadr[i]);
  }
}

}  // namespace

mjPLUGIN_LIB_INIT(motus_elasticity) {
  mjpPlugin plugin;
  mjp_defaultPlugin(&plugin);
  plugin.name = "mujoco.elasticity.cable";
  plugin.capabilityflags = mjPLUGIN_PASSIVE;
  plugin.nattribute = sizeof(kAttributes) / sizeof(kAttributes[0]);
  plugin.attributes = kAttributes;
  plugin.nstate = motus_plugin::NoPluginState;
  plugin.needstage = mjSTAGE_NONE;
  plugin.init = CableInit;
  plugin.destroy = motus_plugin::DestroyInstance<Cable>;
  plugin.copy = motus_plugin::CopyInstance<Cable>;
  plugin.compute = CableCompute;
  plugin.visualize = CableVisualize;
  mjp_registerPlugin(&plugin);
}
