// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Images of the bundled models against MuJoCo 3.8.0's (test/data/render/, made by
// tools/render_reference.sh with the same program, camera and size): the segmentation images
// must agree on >= 99% of the pixels and the color images differ by a PSNR >= 30 dB. A second
// test does the same against the kit itself on the shared models when ../shared is present.

#include <gtest/gtest.h>
#include <lodepng.h>
#include <mujoco/mujoco.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fixture.h"
#include "render/kit/kit_scene.h"
#include "render/render_fixture.h"

namespace motus_test {
namespace {

struct Image {
  unsigned width = 0, height = 0;
  std::vector<unsigned char> rgb;  // top row first
};

bool LoadPng(const std::string& path, Image* img) {
  unsigned char* data = nullptr;
  if (lodepng_decode24_file(&data, &img->width, &img->height, path.c_str())) {
    return false;
  }
  img->rgb.assign(data, data + 3 * (size_t)img->width * img->height);
  free(data);
  return true;
}

double Psnr(const Image& a, const Image& b) {
  double se = 0;
  for (size_t i = 0; i < a.rgb.size(); i++) {
    double d = (double)a.rgb[i] - b.rgb[i];
    se += d * d;
  }
  double mse = se / a.rgb.size();
  return mse > 0 ? 10 * std::log10(255.0 * 255.0 / mse) : 99;
}

double SegmentAgreement(const Image& a, const Image& b) {
  size_t n = (size_t)a.width * a.height, same = 0;
  for (size_t i = 0; i < n; i++) {
    same += a.rgb[3 * i] == b.rgb[3 * i] && a.rgb[3 * i + 1] == b.rgb[3 * i + 1] &&
            a.rgb[3 * i + 2] == b.rgb[3 * i + 2];
  }
  return (double)same / n;
}

// Renders MODEL with Motus as kit_render does: initial state, default free camera, W x H.
void RenderMotus(const std::string& model, int W, int H, Image* rgb, Image* seg) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(model.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(m, nullptr) << error;
  kit::Scene s;
  kit::MakeScene(m, W, H, &s);
  Image* out[2] = {rgb, seg};
  for (int k = 0; k < 2; k++) {
    s.scn.flags[mjRND_SEGMENT] = s.scn.flags[mjRND_IDCOLOR] = k;
    mjr_render(s.viewport, &s.scn, &s.con);
    Pixels px = ReadPixels(s.viewport, &s.con);
    out[k]->width = W;
    out[k]->height = H;
    out[k]->rgb.resize(px.rgb.size());
    for (int r = 0; r < H; r++) {
      std::copy(px.rgb.begin() + 3 * (size_t)W * (H - 1 - r),
                px.rgb.begin() + 3 * (size_t)W * (H - r), out[k]->rgb.begin() + 3 * (size_t)W * r);
    }
  }
  kit::FreeScene(&s);
  mj_deleteModel(m);
}

void Compare(const std::string& name, const Image& rgb, const Image& seg, const Image& refrgb,
             const Image& refseg) {
  ASSERT_EQ(rgb.width, refrgb.width);
  ASSERT_EQ(rgb.height, refrgb.height);
  double psnr = Psnr(rgb, refrgb), agree = SegmentAgreement(seg, refseg);
  std::printf("%-20s segmentation agreement %.4f  PSNR %.2f dB\n", name.c_str(), agree, psnr);
  EXPECT_GE(agree, 0.99) << name;
  EXPECT_GE(psnr, 30) << name;
  if (getenv("MOTUS_RENDER_PNG")) {
    lodepng_encode24_file(("/tmp/" + name + "_motus_rgb.png").c_str(), rgb.rgb.data(), rgb.width,
                          rgb.height);
  }
}

TEST(RenderReference, BundledModelsMatchMuJoCo) {
  HeadlessGL gl;
  if (!gl.ok()) {
    GTEST_SKIP() << "no headless OpenGL: " << gl.why();
  }
  for (std::string name : {"humanoid", "scene_mixed", "robot_arm"}) {
    Image refrgb, refseg, rgb, seg;
    std::string base = SourcePath("test/data/render/" + name);
    ASSERT_TRUE(LoadPng(base + "_rgb.png", &refrgb)) << base;
    ASSERT_TRUE(LoadPng(base + "_seg.png", &refseg)) << base;
    RenderMotus(SourcePath("model/" + name + ".xml"), refrgb.width, refrgb.height, &rgb, &seg);
    Compare(name, rgb, seg, refrgb, refseg);
  }
}

#ifdef MOTUS_KIT_RENDER
// The kit's own renderer on shared models, through the same program built against the kit.
TEST(RenderReference, SharedModelsMatchMuJoCo) {
  HeadlessGL gl;
  if (!gl.ok()) {
    GTEST_SKIP() << "no headless OpenGL: " << gl.why();
  }
  if (SharedPath("models").empty()) {
    GTEST_SKIP() << "../shared not present";
  }
  const char* models[] = {
      "humanoid/humanoid.xml",     "arm26/arm26.xml", "slider_crank/slider_crank.xml",
      "hfield_png/hfield_png.xml", "dice/dice.xml",   "car/car.xml",
      "robot_arm/robot_arm.xml",   "mug/mug.xml",     "collision_mixed/mixed.xml",
      "planks/planks.xml"};
  std::string tmp = ::testing::TempDir();
  for (const char* rel : models) {
    std::string model = SharedPath("models/" + std::string(rel));
    std::string name = std::string(rel).substr(0, std::string(rel).find('/'));
    std::string prefix = tmp + "/kit_" + name;
    std::string cmd =
        std::string(MOTUS_KIT_RENDER) + " " + model + " 640 480 " + prefix + " > /dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    Image refrgb, refseg, rgb, seg;
    ASSERT_TRUE(LoadPng(prefix + "_rgb.png", &refrgb));
    ASSERT_TRUE(LoadPng(prefix + "_seg.png", &refseg));
    RenderMotus(model, 640, 480, &rgb, &seg);
    Compare(name, rgb, seg, refrgb, refseg);
  }
}

// mjRND_DEPTH against the kit on shared models: the depth buffer of the scene, equal to the
// kit's (as distances along the view axis) to 1e-3 of the camera range on >= 99% of the pixels,
// and a black color image (MuJoCo 3.8.0's color under this flag is not deterministic: all black
// or all white from run to run of the same program, so it is not compared).
TEST(RenderReference, DepthFlagMatchesMuJoCo) {
  HeadlessGL gl;
  if (!gl.ok()) {
    GTEST_SKIP() << "no headless OpenGL: " << gl.why();
  }
  if (SharedPath("models").empty()) {
    GTEST_SKIP() << "../shared not present";
  }
  const int W = 320, H = 240;
  std::string tmp = ::testing::TempDir();
  for (const char* rel : {"slider_crank/slider_crank.xml", "dice/dice.xml", "mug/mug.xml"}) {
    std::string model = SharedPath("models/" + std::string(rel));
    std::string name = std::string(rel).substr(0, std::string(rel).find('/'));
    std::string prefix = tmp + "/kitdepth_" + name;
    std::string cmd =
        std::string(MOTUS_KIT_RENDER) + " " + model + " 320 240 " + prefix + " --depth > /dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::vector<float> refz((size_t)W * H);
    FILE* f = std::fopen((prefix + "_depth.f32").c_str(), "rb");
    ASSERT_NE(f, nullptr);
    size_t nread = std::fread(refz.data(), sizeof(float), refz.size(), f);
    std::fclose(f);
    ASSERT_EQ(nread, refz.size());

    char error[1000] = "";
    mjModel* m = mj_loadXML(model.c_str(), nullptr, error, sizeof(error));
    ASSERT_NE(m, nullptr) << error;
    kit::Scene s;
    kit::MakeScene(m, W, H, &s);
    mjvScene& scn = s.scn;
    scn.flags[mjRND_DEPTH] = 1;
    mjr_render(s.viewport, &scn, &s.con);
    Pixels px = ReadPixels(s.viewport, &s.con);
    double n = scn.camera[0].frustum_near, fa = scn.camera[0].frustum_far;
    auto dist = [&](double z) { return n * fa / (fa - z * (fa - n)); };
    size_t close = 0, black = 0;
    for (size_t i = 0; i < refz.size(); i++) {
      close += std::fabs(dist(px.depth[i]) - dist(refz[i])) <= 1e-3 * (fa - n);
      black += px.rgb[3 * i] + px.rgb[3 * i + 1] + px.rgb[3 * i + 2] == 0;
    }
    std::printf("%-14s depth within 1e-3 of the range on %.2f%%, black %zu of %zu\n", name.c_str(),
                100.0 * close / refz.size(), black, refz.size());
    EXPECT_GE(close, 0.99 * refz.size()) << name;
    EXPECT_EQ(black, refz.size()) << name;
    kit::FreeScene(&s);
    mj_deleteModel(m);
  }
}
#endif

}  // namespace
}  // namespace motus_test
