// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The scene every reference picture is rendered with, for the programs built against both
// MuJoCo 3.8.0 and Motus: the model's initial state after mj_forward, default options, the
// model's default free camera and an offscreen buffer of W x H. Header-only (each program is
// built twice, once per library); needs a current OpenGL context (kit_egl.h).

#ifndef MOTUS_TEST_RENDER_KIT_KIT_SCENE_H_
#define MOTUS_TEST_RENDER_KIT_KIT_SCENE_H_

#include <mujoco/mujoco.h>

namespace kit {

struct Scene {
  mjData* d = nullptr;
  mjvCamera cam;
  mjvOption opt;
  mjvScene scn;
  mjrContext con;
  mjrRect viewport = {0, 0, 0, 0};
};

// Makes the data, scene and context of m and updates the scene (mjCAT_ALL).
inline void MakeScene(const mjModel* m, int width, int height, Scene* s) {
  s->d = mj_makeData(m);
  mj_forward(m, s->d);
  mjv_defaultCamera(&s->cam);
  mjv_defaultOption(&s->opt);
  mjv_defaultScene(&s->scn);
  mjr_defaultContext(&s->con);
  mjv_makeScene(m, &s->scn, 2000);
  mjr_makeContext(m, &s->con, mjFONTSCALE_100);
  mjv_defaultFreeCamera(m, &s->cam);
  mjr_setBuffer(mjFB_OFFSCREEN, &s->con);
  mjr_resizeOffscreen(width, height, &s->con);
  s->viewport = {0, 0, width, height};
  mjv_updateScene(m, s->d, &s->opt, nullptr, &s->cam, mjCAT_ALL, &s->scn);
}

inline void FreeScene(Scene* s) {
  mjr_freeContext(&s->con);
  mjv_freeScene(&s->scn);
  mj_deleteData(s->d);
  s->d = nullptr;
}

}  // namespace kit

#endif  // MOTUS_TEST_RENDER_KIT_KIT_SCENE_H_
