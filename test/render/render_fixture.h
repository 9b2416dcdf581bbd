// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the renderer tests: a headless OpenGL context (EGL, Mesa's surfaceless platform),
// hand-made scenes with one camera and light, and pixel access.

#ifndef MOTUS_TEST_RENDER_RENDER_FIXTURE_H_
#define MOTUS_TEST_RENDER_RENDER_FIXTURE_H_

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

namespace motus_test {

// Creates and makes current an OpenGL context without a surface; ok() is false (with the reason)
// when the machine has no EGL, and the tests then skip.
class HeadlessGL {
 public:
  HeadlessGL();
  ~HeadlessGL();
  bool ok() const { return ok_; }
  const std::string& why() const { return why_; }
  void release();  // no context current afterwards
  void makeCurrent();

 private:
  void* display_ = nullptr;
  void* context_ = nullptr;
  bool ok_ = false;
  std::string why_;
};

// A model whose only purpose is an mjrContext: offscreen size, samples, quality, one mesh and
// height field so that every upload path runs.
mjModel* RenderModel(int width, int height, int samples);

// A scene with room for maxgeom geoms, both eyes at pos looking along forward, up; near/far and
// the vertical half-extent top at near distance (perspective) or in length units (orthographic).
struct TestScene {
  std::vector<mjvGeom> geoms;
  mjvScene scn;
  TestScene(int maxgeom, const float pos[3], const float forward[3], const float up[3], float near,
            float far, float top, int orthographic);
  mjvGeom* add(int type, const float size[3], const float pos[3], const float rgba[4]);
};

// RGB and depth of a viewport of the active buffer, bottom row first.
struct Pixels {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::vector<float> depth;
  const unsigned char* at(int x, int y) const { return &rgb[3 * ((size_t)y * width + x)]; }
  float depthAt(int x, int y) const { return depth[(size_t)y * width + x]; }
};
Pixels ReadPixels(mjrRect viewport, const mjrContext* con);

// writes an upright PNG (for looking at a failing case)
void WritePng(const std::string& path, const Pixels& px);

}  // namespace motus_test

#endif  // MOTUS_TEST_RENDER_RENDER_FIXTURE_H_
