// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The stress colors of mujoco.elasticity.cable (config vmax): the plugin's visualize callback,
// run by mjv_updateScene, writes them into the model's geom_rgba. This prints geom_rgba of every
// geom after mjv_updateScene at a sequence of states of the model's ball joints. The plugin colors
// by the stress of its last passive-force computation: a state set in qpos shows its colors after
// mj_forward; without it the scene keeps the previous state's. Public API only: cable_colors_gen.cc prints
// it against MuJoCo 3.8.0 (the goldens cable_colors_*.txt), CablePlugin.StressColorsAsMuJoCos
// against Motus.

#ifndef MOTUS_TEST_DATA_PLUGIN_CABLE_COLORS_DUMP_H_
#define MOTUS_TEST_DATA_PLUGIN_CABLE_COLORS_DUMP_H_

#include <cmath>
#include <cstdio>
#include <string>

#include <mujoco/mujoco.h>

namespace cable_colors {

// what the plugins need of a scene update: options, camera and a scene buffer
struct Viewer {
  mjvOption opt;
  mjvCamera cam;
  mjvScene scn;
};

inline void Colors(const mjModel* m, mjData* d, Viewer* v, const char* what, std::string* out) {
  mjv_updateScene(m, d, &v->opt, nullptr, &v->cam, mjCAT_ALL, &v->scn);
  *out += std::string("state ") + what + "\n";
  char buf[128];
  for (int g = 0; g < m->ngeom; g++) {
    const float* c = m->geom_rgba + 4 * g;
    std::snprintf(buf, sizeof(buf), "geom %d body %d %.9g %.9g %.9g %.9g\n", g, m->geom_bodyid[g],
                  c[0], c[1], c[2], c[3]);
    *out += buf;
  }
}

// every ball joint j of a plugin body turned by angle scale * (0.6 + 0.4 sin(1.7 j)) about the
// axis (sin(1.3 j + 0.2), cos(0.7 j), sin(2.1 j + 1))
inline void Bend(const mjModel* m, mjData* d, double scale) {
  for (int j = 0; j < m->njnt; j++) {
    if (m->jnt_type[j] != mjJNT_BALL || m->body_plugin[m->jnt_bodyid[j]] < 0) {
      continue;
    }
    double axis[3] = {std::sin(1.3 * j + 0.2), std::cos(0.7 * j), std::sin(2.1 * j + 1)};
    mju_normalize3(axis);
    mju_axisAngle2Quat(d->qpos + m->jnt_qposadr[j], axis, scale * (0.6 + 0.4 * std::sin(1.7 * j)));
  }
}

inline std::string States(const mjModel* m, mjData* d) {
  Viewer v;
  mjv_defaultOption(&v.opt);
  mjv_defaultCamera(&v.cam);
  mjv_defaultScene(&v.scn);
  mjv_makeScene(m, &v.scn, 1000);
  std::string out;
  Colors(m, d, &v, "rest", &out);
  const double scales[] = {0.003, 0.01, 0.03, 0.06, 0.1, 0.2, 0.3, 0.6, 1, 2.5};
  for (double s : scales) {
    Bend(m, d, s);
    mj_forward(m, d);
    char what[32];
    std::snprintf(what, sizeof(what), "bent %g", s);
    Colors(m, d, &v, what, &out);
  }
  Bend(m, d, 0.1);
  mj_kinematics(m, d);
  Colors(m, d, &v, "bent 0.1 kinematics only", &out);
  mj_resetData(m, d);
  Colors(m, d, &v, "reset", &out);
  mj_forward(m, d);
  Colors(m, d, &v, "reset forward", &out);
  mjv_freeScene(&v.scn);
  return out;
}

}  // namespace cable_colors

#endif  // MOTUS_TEST_DATA_PLUGIN_CABLE_COLORS_DUMP_H_
