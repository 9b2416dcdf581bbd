// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The scenes of sdf_bowl_spheres_descents.txt: the geoms that mjv_updateScene adds under
// mjVIS_SDFITER for sdf_bowl_spheres.xml at a sequence of states, one "scene" line naming what
// was done before it, then one "geom" line per geom. Public API only: sdf_descent_gen.cc prints
// it against MuJoCo 3.8.0 (the golden), SdfPlugin.DescentsDrawnAsMuJoCos against Motus. Before
// each update every geom of the scene buffer is filled with object type, id, category and
// segmentation id 99, so the text shows which fields the drawing sets.

#ifndef MOTUS_TEST_DATA_PLUGIN_SDF_DESCENT_DUMP_H_
#define MOTUS_TEST_DATA_PLUGIN_SDF_DESCENT_DUMP_H_

#include <cstdio>
#include <string>

#include <mujoco/mujoco.h>

namespace sdf_descent {

inline void Scene(const mjModel* m, mjData* d, const char* what, int catmask, std::string* out) {
  mjvScene scn;
  mjv_defaultScene(&scn);
  mjv_makeScene(m, &scn, 1000);
  for (int i = 0; i < scn.maxgeom; i++) {
    scn.geoms[i].objtype = scn.geoms[i].objid = scn.geoms[i].category = 99;
    scn.geoms[i].segid = 99;
  }
  mjvOption opt;
  mjv_defaultOption(&opt);
  opt.flags[mjVIS_SDFITER] = 1;
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  mjv_updateScene(m, d, &opt, nullptr, &cam, catmask, &scn);
  char buf[64];
  std::snprintf(buf, sizeof(buf), " ncon %d ngeom %d\n", d->ncon, scn.ngeom);
  *out += std::string("scene ") + what + buf;
  for (int i = 0; i < scn.ngeom; i++) {
    const mjvGeom* g = scn.geoms + i;
    std::snprintf(buf, sizeof(buf), "geom %d %d %d %d %d %d", i, g->type, g->objtype, g->objid,
                  g->category, g->segid);
    *out += buf;
    const float* f[4] = {g->size, g->pos, g->mat, g->rgba};
    const int n[4] = {3, 3, 9, 4};
    for (int k = 0; k < 4; k++) {
      for (int j = 0; j < n[k]; j++) {
        std::snprintf(buf, sizeof(buf), " %.9g", f[k][j]);
        *out += buf;
      }
    }
    *out += "\n";
  }
  mjv_freeScene(&scn);
}

// the sequence of states; m is sdf_bowl_spheres.xml (a bowl, then two free spheres in it)
inline std::string Scenes(const mjModel* m, mjData* d) {
  std::string out;
  Scene(m, d, "made", mjCAT_ALL, &out);
  mj_forward(m, d);
  Scene(m, d, "forward", mjCAT_ALL, &out);
  Scene(m, d, "forward-nocategory", 0, &out);
  // the second sphere lifted out of the bowl's box: one pair left
  d->qpos[9] += 2;
  mj_forward(m, d);
  Scene(m, d, "one-pair", mjCAT_ALL, &out);
  // both spheres lifted: no pair, the last pair's record stays
  d->qpos[2] += 2;
  mj_forward(m, d);
  Scene(m, d, "no-pair", mjCAT_ALL, &out);
  // back in the bowl; the record follows the bowl's pose
  d->qpos[2] -= 2;
  d->qpos[9] -= 2;
  mj_forward(m, d);
  d->geom_xpos[0] += 0.25;
  Scene(m, d, "moved-bowl", mjCAT_ALL, &out);
  // a scene too small: the descents fill it
  mj_forward(m, d);
  mjvScene small;
  mjv_defaultScene(&small);
  mjv_makeScene(m, &small, 10);
  mjvOption opt;
  mjv_defaultOption(&opt);
  opt.flags[mjVIS_SDFITER] = 1;
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &small);
  char buf[64];
  std::snprintf(buf, sizeof(buf), "small ngeom %d status %d first %d\n", small.ngeom, small.status,
                small.geoms[0].type);
  out += buf;
  mjv_freeScene(&small);
  mj_resetData(m, d);
  Scene(m, d, "reset", mjCAT_ALL, &out);
  return out;
}

}  // namespace sdf_descent

#endif  // MOTUS_TEST_DATA_PLUGIN_SDF_DESCENT_DUMP_H_
