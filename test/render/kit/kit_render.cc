// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// kit_render MODEL WIDTH HEIGHT OUT_PREFIX [--depth]: renders the model's initial state (after
// mj_forward) with the default free camera and writes OUT_PREFIX_rgb.png (color) and
// OUT_PREFIX_seg.png (mjRND_IDCOLOR segmentation: segid+1 in the 24 bits of the color), top row
// first. With --depth it renders once more with mjRND_DEPTH and writes OUT_PREFIX_depthflag.png
// (the color image) and OUT_PREFIX_depth.f32 (the depth buffer, floats, bottom row first). Built
// twice:
// against MuJoCo 3.8.0 (the kit in ../shared) and against Motus, so that both sides use the same
// program and headless context (tools/render_reference.sh, test/render/render_kit_test.cc).

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <lodepng.h>
#include <mujoco/mujoco.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kit_egl.h"
#include "kit_scene.h"

namespace {

bool makeContext() {
  return kit::MakeHeadlessContext();
}

// rows of OpenGL (bottom first) to an upright PNG
bool writePng(const std::string& path, const std::vector<unsigned char>& rgb, int W, int H) {
  std::vector<unsigned char> up(rgb.size());
  for (int r = 0; r < H; r++) {
    std::copy(rgb.begin() + 3 * (size_t)W * (H - 1 - r), rgb.begin() + 3 * (size_t)W * (H - r),
              up.begin() + 3 * (size_t)W * r);
  }
  return lodepng_encode24_file(path.c_str(), up.data(), W, H) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  bool depth = argc == 6 && std::string(argv[5]) == "--depth";
  if (argc != 5 && !depth) {
    std::fprintf(stderr, "usage: kit_render MODEL WIDTH HEIGHT OUT_PREFIX [--depth]\n");
    return 1;
  }
  int W = std::atoi(argv[2]), H = std::atoi(argv[3]);
  char error[1000] = "";
  mjModel* m = mj_loadXML(argv[1], nullptr, error, sizeof(error));
  if (!m) {
    std::fprintf(stderr, "kit_render: %s\n", error);
    return 1;
  }
  if (!makeContext()) {
    std::fprintf(stderr, "kit_render: no EGL context\n");
    return 2;
  }
  kit::Scene s;
  kit::MakeScene(m, W, H, &s);
  mjvScene& scn = s.scn;
  mjrContext& con = s.con;
  mjrRect vp = s.viewport;
  std::vector<unsigned char> rgb(3 * (size_t)W * H);
  mjr_render(vp, &scn, &con);
  mjr_readPixels(rgb.data(), nullptr, vp, &con);
  if (!writePng(std::string(argv[4]) + "_rgb.png", rgb, W, H)) {
    return 1;
  }
  scn.flags[mjRND_SEGMENT] = 1;
  scn.flags[mjRND_IDCOLOR] = 1;
  mjr_render(vp, &scn, &con);
  mjr_readPixels(rgb.data(), nullptr, vp, &con);
  if (!writePng(std::string(argv[4]) + "_seg.png", rgb, W, H)) {
    return 1;
  }
  if (depth) {
    scn.flags[mjRND_SEGMENT] = 0;
    scn.flags[mjRND_IDCOLOR] = 0;
    scn.flags[mjRND_DEPTH] = 1;
    std::vector<float> z((size_t)W * H);
    mjr_render(vp, &scn, &con);
    mjr_readPixels(rgb.data(), z.data(), vp, &con);
    FILE* f = std::fopen((std::string(argv[4]) + "_depth.f32").c_str(), "wb");
    bool ok = f && std::fwrite(z.data(), sizeof(float), z.size(), f) == z.size();
    if (f) {
      std::fclose(f);
    }
    if (!ok || !writePng(std::string(argv[4]) + "_depthflag.png", rgb, W, H)) {
      return 1;
    }
  }
  std::printf("%dx%d ngeom %d\n", W, H, scn.ngeom);
  kit::FreeScene(&s);
  mj_deleteModel(m);
  return 0;
}
