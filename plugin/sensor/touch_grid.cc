// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mujoco.sensor.touch_grid: a grid of touch sensors ("taxels") on a site, as a sensor plugin
// (programming_extension.rst "sensor"). Each contact of the body the site is welded to is put
// in a bin by the direction of its point p from the site, in spherical coordinates of the site
// frame (the site looks along its -z axis):
//   azimuth   a = atan2(p_x, -p_z)              (the grid's first index, nx bins)
//   elevation e = atan2(p_y, sqrt(p_x^2 + p_z^2)) (the grid's second index, ny bins)
// Bin edges are fov * f(2 i / n - 1), i = 0..n, with the angles fov = (horizontal, vertical) in
// degrees and the foveation f(u) = gamma u^5 + (1 - gamma) u (gamma in [0, 1]: 0 uniform,
// larger values make the central bins smaller); contacts outside [-fov, fov] are left out.
// A contact adds to its bin its force and torque in the site frame, channels in the order
// (z, x, y) of the force then of the torque. As MuJoCo 3.8.0 does, the force is the one acting
// on the contact's first geom, or on its second geom when the first belongs to the world body
// (measured with MuJoCo's plugin: doc/conformance.md#plugins).
// sensordata holds nchannel blocks of nx * ny values, each block row-major in (elevation,
// azimuth).
// Configuration: nchannel (1 to 6), size (2 positive integers), fov (horizontal in (0, 180],
// vertical in (0, 90] degrees), gamma (number in [0, 1], default 0).

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <mujoco/mujoco.h>

#include "plugin_instance.h"

namespace {

const char* kAttributes[] = {"nchannel", "size", "fov", "gamma"};

struct TouchConfig {
  int nchannel = 0;
  int size[2] = {0, 0};
  double fov[2] = {0, 0};
  double gamma = 0;
};

bool ReadConfig(const mjModel* m, int instance, TouchConfig* c) {
  double nchannel, size[2], gamma = 0;
  if (!motus_plugin::ConfigNumbers(m, instance, "nchannel", 1, &nchannel) || nchannel < 1 ||
      nchannel > 6 || nchannel != std::floor(nchannel)) {
    mju_warning("mujoco.sensor.touch_grid: nchannel must be an integer from 1 to 6");
    return false;
  }
  if (!motus_plugin::ConfigNumbers(m, instance, "size", 2, size) || size[0] < 1 || size[1] < 1 ||
      size[0] != std::floor(size[0]) || size[1] != std::floor(size[1])) {
    mju_warning("mujoco.sensor.touch_grid: size must be two positive integers");
    return false;
  }
  if (!motus_plugin::ConfigNumbers(m, instance, "fov", 2, c->fov) || c->fov[0] <= 0 ||
      c->fov[0] > 180 || c->fov[1] <= 0 || c->fov[1] > 90) {
    mju_warning(
        "mujoco.sensor.touch_grid: fov must be two angles, in (0, 180] and (0, 90] degrees");
    return false;
  }
  const char* g = mj_getPluginConfig(m, instance, "gamma");
  if (g && g[0] &&
      (!motus_plugin::ConfigNumbers(m, instance, "gamma", 1, &gamma) || gamma < 0 || gamma > 1)) {
    mju_warning("mujoco.sensor.touch_grid: gamma must be a number in [0, 1]");
    return false;
  }
  c->nchannel = static_cast<int>(nchannel);
  c->size[0] = static_cast<int>(size[0]);
  c->size[1] = static_cast<int>(size[1]);
  c->gamma = gamma;
  return true;
}

// the plugin sensor of an instance, or -1
int SensorOf(const mjModel* m, int instance) {
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_type[i] == mjSENS_PLUGIN && m->sensor_plugin[i] == instance) {
      return i;
    }
  }
  return -1;
}

struct TouchGrid {
  TouchConfig config;
  int sensor = -1;
  std::vector<double> edges[2];  // bin edges in radians, size + 1 each
};

TouchGrid* Get(const mjData* d, int instance) {
  return motus_plugin::Instance<TouchGrid>(d, instance);
}

double Foveate(double u, double gamma) {
  return gamma * std::pow(u, 5) + (1 - gamma) * u;
}

// the bin of a value among sorted edges, or -1 outside
int Bin(const std::vector<double>& edges, double value) {
  int n = static_cast<int>(edges.size()) - 1;
  if (value < edges[0] || value > edges[n]) {
    return -1;
  }
  for (int i = 0; i < n; i++) {
    if (value <= edges[i + 1]) {
      return i;
    }
  }
  return -1;
}

int TouchNsensordata(const mjModel* m, int instance, int sensor_id) {
  (void)sensor_id;
  TouchConfig c;
  if (!ReadConfig(m, instance, &c)) {
    return 0;
  }
  return c.nchannel * c.size[0] * c.size[1];
}

int TouchInit(const mjModel* m, mjData* d, int instance) {
  auto* t = new TouchGrid;
  if (!ReadConfig(m, instance, &t->config)) {
    delete t;
    return -1;
  }
  t->sensor = SensorOf(m, instance);
  if (t->sensor < 0 || m->sensor_objtype[t->sensor] != mjOBJ_SITE) {
    mju_warning("mujoco.sensor.touch_grid: the sensor must be attached to a site");
    delete t;
    return -1;
  }
  for (int k = 0; k < 2; k++) {
    int n = t->config.size[k];
    double half = t->config.fov[k] * mjPI / 180;
    for (int i = 0; i <= n; i++) {
      t->edges[k].push_back(half * Foveate(2.0 * i / n - 1, t->config.gamma));
    }
  }
  motus_plugin::SetInstance(d, instance, t);
  return 0;
}

void TouchCompute(const mjModel* m, mjData* d, int instance, int capability_bit) {
  (void)capability_bit;
  TouchGrid* t = Get(d, instance);
  const TouchConfig& c = t->config;
  int s = t->sensor;
  mjtNum* out = d->sensordata + m->sensor_adr[s];
  int ncell = c.size[0] * c.size[1];
  mju_zero(out, c.nchannel * ncell);
  int site = m->sensor_objid[s];
  const mjtNum* spos = d->site_xpos + 3 * site;
  const mjtNum* smat = d->site_xmat + 9 * site;
  int weld = m->body_weldid[m->site_bodyid[site]];
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* con = d->contact + i;
    if (con->efc_address < 0 || con->geom[0] < 0 || con->geom[1] < 0) {
      continue;
    }
    int b1 = m->body_weldid[m->geom_bodyid[con->geom[0]]];
    int b2 = m->body_weldid[m->geom_bodyid[con->geom[1]]];
    if (b1 != weld && b2 != weld) {
      continue;
    }
    mjtNum local[6], world[6], frc[6], delta[3], pos[3];
    mj_contactForce(m, d, i, local);
    // contact frame -> world: the force on geom[1]; MuJoCo reports the force on geom[0]
    // unless geom[0] belongs to the world
    mju_mulMatTVec3(world, con->frame, local);
    mju_mulMatTVec3(world + 3, con->frame, local + 3);
    if (b1 != 0) {
      mju_scl(world, world, -1, 6);
    }
    mju_mulMatTVec3(frc, smat, world);
    mju_mulMatTVec3(frc + 3, smat, world + 3);
    mju_sub3(delta, con->pos, spos);
    mju_mulMatTVec3(pos, smat, delta);
    double azimuth = std::atan2(pos[0], -pos[2]);
    double elevation = std::atan2(pos[1], std::sqrt(pos[0] * pos[0] + pos[2] * pos[2]));
    int bx = Bin(t->edges[0], azimuth), by = Bin(t->edges[1], elevation);
    if (bx < 0 || by < 0) {
      continue;
    }
    // channels: z, x, y of the force, then of the torque
    double channel[6] = {frc[2], frc[0], frc[1], frc[5], frc[3], frc[4]};
    for (int k = 0; k < c.nchannel; k++) {
      out[k * ncell + by * c.size[0] + bx] += channel[k];
    }
  }
}

}  // namespace

mjPLUGIN_LIB_INIT(motus_sensor) {
  mjpPlugin plugin;
  mjp_defaultPlugin(&plugin);
  plugin.name = "mujoco.sensor.touch_grid";
  plugin.capabilityflags = mjPLUGIN_SENSOR;
  plugin.nattribute = sizeof(kAttributes) / sizeof(kAttributes[0]);
  plugin.attributes = kAttributes;
  plugin.nstate = motus_plugin::NoPluginState;
  plugin.nsensordata = TouchNsensordata;
  plugin.needstage = mjSTAGE_ACC;
  plugin.init = TouchInit;
  plugin.destroy = motus_plugin::DestroyInstance<TouchGrid>;
  plugin.copy = motus_plugin::CopyInstance<TouchGrid>;
  plugin.compute = TouchCompute;
  mjp_registerPlugin(&plugin);
}
