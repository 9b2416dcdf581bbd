// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Picking (programming_visualization.rst "Selection"): the ray through a window point of the
// scene's camera is cast against the visible geoms with mj_ray and the flexes with mj_rayFlex.

#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

// Ray through the point (relx, rely) of the window (0..1 from the bottom left, aspect = width /
// height): perspective cameras cast from the eye through the point of the near plane;
// orthographic cameras cast along forward from the point of the view plane. Returns the body of
// the nearest visible geom (groups and static flag of vopt), with the hit point in selpnt; -1
// and a zero point when nothing is hit.
int mjv_select(const mjModel* m, const mjData* d, const mjvOption* vopt, mjtNum aspectratio,
               mjtNum relx, mjtNum rely, const mjvScene* scn, mjtNum selpnt[3], int geomid[1],
               int flexid[1], int skinid[1]) {
  if (!m || !d || !vopt || !scn || !selpnt) {
    mju_error("mjv_select: model, data, option, scene and selpnt must not be NULL");
    return -1;
  }
  if (geomid) {
    geomid[0] = -1;
  }
  if (flexid) {
    flexid[0] = -1;
  }
  if (skinid) {
    skinid[0] = -1;
  }
  mju_zero3(selpnt);

  mjvGLCamera cam = mjv_averageCamera(scn->camera, scn->camera + 1);
  mjtNum head[3], fwd[3], up[3], right[3], pnt[3], vec[3];
  mjv_cameraInModel(head, fwd, up, scn);
  mju_cross(right, fwd, up);
  mjtNum height = static_cast<mjtNum>(cam.frustum_top) - cam.frustum_bottom;
  mjtNum y = cam.frustum_bottom + rely * height;
  mjtNum x = cam.frustum_center + (relx - 0.5) * aspectratio * height;
  if (cam.orthographic) {
    mju_copy3(pnt, head);
    mju_addToScl3(pnt, up, y);
    mju_addToScl3(pnt, right, x);
    mju_copy3(vec, fwd);
  } else {
    mju_copy3(pnt, head);
    mju_scl3(vec, fwd, cam.frustum_near);
    mju_addToScl3(vec, up, y);
    mju_addToScl3(vec, right, x);
    mju_normalize3(vec);
  }

  int geom = -1;
  mjtNum dist =
      mj_ray(m, d, pnt, vec, vopt->geomgroup, vopt->flags[mjVIS_STATIC], -1, &geom, nullptr);
  if (geom < 0) {
    dist = -1;
  }

  // flexes, with the parts the options show; a flex nearer than the geom wins and is picked at
  // the vertex the ray came nearest to, the body being that vertex's (as MuJoCo's picks show)
  int flex = -1, vert = -1;
  for (int f = 0; f < m->nflex; f++) {
    int group = m->flex_group[f];
    if (group < 0 || group >= mjNGROUP || !vopt->flexgroup[group]) {
      continue;
    }
    int v = -1;
    mjtNum df = mj_rayFlex(m, d, vopt->flex_layer, vopt->flags[mjVIS_FLEXVERT],
                           vopt->flags[mjVIS_FLEXEDGE], vopt->flags[mjVIS_FLEXFACE],
                           vopt->flags[mjVIS_FLEXSKIN], f, pnt, vec, &v, nullptr);
    if (df >= 0 && v >= 0 && (dist < 0 || df < dist)) {
      dist = df;
      flex = f;
      vert = m->flex_vertadr[f] + v;
    }
  }
  if (flex >= 0) {
    mju_copy3(selpnt, d->flexvert_xpos + 3 * vert);
    if (flexid) {
      flexid[0] = flex;
    }
    return m->flex_vertbodyid[vert];
  }

  if (dist < 0) {
    return -1;
  }
  mju_addScl3(selpnt, pnt, vec, dist);
  if (geomid) {
    geomid[0] = geom;
  }
  return m->geom_bodyid[geom];
}
