// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests for texture assets (src/user/user_texture.cc): builtin procedural textures and files
// against the MuJoCo 3.3.8 oracle (test/data/assets/texture_golden.txt, made by
// test/data/assets/make_assets.py), independent checks of the layouts, and error handling.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "user/user_texture.h"
#include "user/user_vfs.h"

namespace {

using motus::AssetContext;
using motus::TextureResult;

// an mjsTexture with the XML defaults, owning its strings and arrays
struct TexSpec {
  std::string file, content_type;
  std::vector<std::string> cubefiles = std::vector<std::string>(6);
  std::vector<std::byte> data;
  mjsTexture spec;
  TexSpec() {
    std::memset(&spec, 0, sizeof(spec));
    spec.file = &file;
    spec.content_type = &content_type;
    spec.cubefiles = &cubefiles;
    spec.data = &data;
    spec.type = mjTEXTURE_CUBE;
    spec.nchannel = 3;
    double rgb1[3] = {0.8, 0.8, 0.8}, rgb2[3] = {0.5, 0.5, 0.5};
    std::memcpy(spec.rgb1, rgb1, sizeof(rgb1));
    std::memcpy(spec.rgb2, rgb2, sizeof(rgb2));
    spec.random = 0.01;
    spec.gridsize[0] = spec.gridsize[1] = 1;
    std::memcpy(spec.gridlayout, "............", 12);
  }
  TexSpec(const TexSpec&) = delete;
};

std::string DataDir() {
  return motus_test::SourcePath("test/data/assets/");
}

bool Load(const TexSpec& t, TextureResult* out, std::string* error) {
  AssetContext ctx{DataDir(), "", false};
  return motus::LoadTexture(&t.spec, nullptr, ctx, out, error);
}

template <typename T>
std::vector<T> Parse(const std::string& text) {
  std::vector<T> v;
  std::istringstream in(text);
  T x;
  while (in >> x) {
    v.push_back(x);
  }
  return v;
}

struct Case {
  std::string name;
  std::map<std::string, std::string> attr;
  std::map<std::string, std::vector<double>> field;
};

std::vector<Case> ReadGolden(const std::string& path) {
  std::vector<Case> cases;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') {
      continue;
    }
    std::istringstream ls(line);
    std::string tag, key, rest;
    ls >> tag;
    if (tag == "case") {
      cases.emplace_back();
      ls >> cases.back().name;
    } else if ((tag == "attr" || tag == "field") && !cases.empty()) {
      ls >> key;
      std::getline(ls, rest);
      if (tag == "attr") {
        cases.back().attr[key] = rest.empty() ? rest : rest.substr(1);
      } else {
        cases.back().field[key] = Parse<double>(rest);
      }
    }
  }
  return cases;
}

// fills a spec from golden attributes (the XML attributes of <texture>)
void SetSpec(const std::map<std::string, std::string>& attr, TexSpec* t) {
  const char* sides[6] = {"fileright", "fileleft", "fileup", "filedown", "filefront", "fileback"};
  for (const auto& [k, v] : attr) {
    std::vector<double> d = Parse<double>(v);
    if (k == "type") {
      t->spec.type = v == "2d" ? mjTEXTURE_2D : v == "cube" ? mjTEXTURE_CUBE : mjTEXTURE_SKYBOX;
    }
    if (k == "builtin") {
      t->spec.builtin = v == "gradient"  ? mjBUILTIN_GRADIENT
                        : v == "checker" ? mjBUILTIN_CHECKER
                        : v == "flat"    ? mjBUILTIN_FLAT
                                         : mjBUILTIN_NONE;
    }
    if (k == "mark") {
      t->spec.mark = v == "edge"     ? mjMARK_EDGE
                     : v == "cross"  ? mjMARK_CROSS
                     : v == "random" ? mjMARK_RANDOM
                                     : mjMARK_NONE;
    }
    if (k == "colorspace") {
      t->spec.colorspace = v == "linear" ? mjCOLORSPACE_LINEAR
                           : v == "sRGB" ? mjCOLORSPACE_SRGB
                                         : mjCOLORSPACE_AUTO;
    }
    if (k == "rgb1") {
      std::copy(d.begin(), d.end(), t->spec.rgb1);
    }
    if (k == "rgb2") {
      std::copy(d.begin(), d.end(), t->spec.rgb2);
    }
    if (k == "markrgb") {
      std::copy(d.begin(), d.end(), t->spec.markrgb);
    }
    if (k == "width") {
      t->spec.width = static_cast<int>(d[0]);
    }
    if (k == "height") {
      t->spec.height = static_cast<int>(d[0]);
    }
    if (k == "nchannel") {
      t->spec.nchannel = static_cast<int>(d[0]);
    }
    if (k == "random") {
      t->spec.random = d[0];
    }
    if (k == "file") {
      t->file = v;
    }
    if (k == "hflip") {
      t->spec.hflip = v == "true";
    }
    if (k == "vflip") {
      t->spec.vflip = v == "true";
    }
    if (k == "gridsize") {
      t->spec.gridsize[0] = static_cast<int>(d[0]);
      t->spec.gridsize[1] = static_cast<int>(d[1]);
    }
    if (k == "gridlayout") {
      std::memset(t->spec.gridlayout, 0, sizeof(t->spec.gridlayout));
      std::memcpy(t->spec.gridlayout, v.data(), std::min(v.size(), sizeof(t->spec.gridlayout)));
    }
    for (int s = 0; s < 6; s++) {
      if (k == sides[s]) {
        t->cubefiles[s] = v;
      }
    }
  }
}

// ---- oracle comparison
// ----------------------------------------------------------------------------

TEST(TextureGoldenTest, MatchesOracle) {
  std::vector<Case> cases = ReadGolden(DataDir() + "texture_golden.txt");
  ASSERT_GT(cases.size(), 30u);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    TexSpec t;
    SetSpec(c.attr, &t);
    TextureResult r;
    std::string err;
    ASSERT_TRUE(Load(t, &r, &err)) << err;
    // bytes and sizes are exact
    EXPECT_EQ(r.type, c.field.at("tex_type")[0]);
    EXPECT_EQ(r.colorspace, c.field.at("tex_colorspace")[0]);
    EXPECT_EQ(r.width, c.field.at("tex_width")[0]);
    EXPECT_EQ(r.height, c.field.at("tex_height")[0]);
    EXPECT_EQ(r.nchannel, c.field.at("tex_nchannel")[0]);
    const std::vector<double>& data = c.field.at("tex_data");
    ASSERT_EQ(r.data.size(), data.size());
    int ndiff = 0, first = -1;
    for (size_t i = 0; i < data.size(); i++) {
      if (r.data[i] != data[i]) {
        ndiff++;
        if (first < 0) {
          first = static_cast<int>(i);
        }
      }
    }
    EXPECT_EQ(ndiff, 0) << "first difference at byte " << first << ": " << int(r.data[first])
                        << " vs " << data[first];
  }
}

// ---- independent checks
// ---------------------------------------------------------------------------

TEST(TextureBuiltinTest, GradientProfile) {
  // f(0) = 1, f(1/2) = 1/2, f(1) = 0, symmetric: f(r) + f(1 - r) = 1, decreasing
  EXPECT_DOUBLE_EQ(motus::GradientProfile(0), 1);
  EXPECT_DOUBLE_EQ(motus::GradientProfile(0.5), 0.5);
  EXPECT_DOUBLE_EQ(motus::GradientProfile(1), 0);
  EXPECT_DOUBLE_EQ(motus::GradientProfile(3), 0);
  double prev = 1;
  for (int i = 1; i < 100; i++) {
    double r = i / 100.0;
    double f = motus::GradientProfile(r);
    EXPECT_NEAR(f + motus::GradientProfile(1 - r), 1, 1e-15);  // double rounding
    EXPECT_LT(f, prev);
    prev = f;
  }
}

// The gradient cube pixel by pixel from its definition (top of user_texture.cc): the direction
// of each pixel from the cube center, its angle to +Y, the profile, the mix and the byte. The
// generator copies pixels it knows to be equal (mirrored columns and rows, the front face from
// the right face); the bytes must not depend on it, for odd, even and large widths.
uint8_t GradientByte(double c) {
  double v = 255 * c;
  return static_cast<uint8_t>(static_cast<uint32_t>(static_cast<int32_t>(v)) & 0xFF);
}

TEST(TextureBuiltinTest, GradientCubeMatchesDefinition) {
  const double rgb1[3] = {0.3, 0.5, 0.7}, rgb2[3] = {0.05, 0.9, 0.001};
  for (int w : {1, 2, 3, 4, 5, 7, 8, 16, 33, 100, 127, 255, 256, 511, 512}) {
    SCOPED_TRACE(w);
    TexSpec t;
    t.spec.type = mjTEXTURE_SKYBOX;
    t.spec.builtin = mjBUILTIN_GRADIENT;
    t.spec.width = w;
    std::memcpy(t.spec.rgb1, rgb1, sizeof(rgb1));
    std::memcpy(t.spec.rgb2, rgb2, sizeof(rgb2));
    std::vector<uint8_t> rgb;
    std::string err;
    ASSERT_TRUE(motus::BuiltinTextureRGB(&t.spec, w, w, &rgb, &err)) << err;
    ASSERT_EQ(rgb.size(), static_cast<size_t>(18) * w * w);
    int ndiff = 0;
    for (int f = 0; f < 6; f++) {
      for (int r = 0; r < w; r++) {
        for (int c = 0; c < w; c++) {
          double u = w > 1 ? 2.0 * c / (w - 1) - 1 : NAN;
          double v = w > 1 ? 1 - 2.0 * r / (w - 1) : NAN;
          // right, left, up, down, front, back
          const double dirs[6][3] = {{1, v, -u}, {-1, v, u}, {u, 1, -v},
                                     {u, -1, v}, {u, v, 1},  {-u, v, -1}};
          const double* d = dirs[f];
          double theta = std::acos(d[1] / std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
          double p = motus::GradientProfile(theta / mjPI);
          for (int k = 0; k < 3; k++) {
            double color = p * rgb1[k] + (1 - p) * rgb2[k];
            size_t i = 3 * ((static_cast<size_t>(f) * w + r) * w + c) + k;
            ndiff += rgb[i] != (std::isnan(color) ? 0 : GradientByte(color));
          }
        }
      }
    }
    EXPECT_EQ(ndiff, 0);
  }
}

TEST(TextureBuiltinTest, CheckerAndFlatLayout) {
  TexSpec t;
  t.spec.type = mjTEXTURE_2D;
  t.spec.builtin = mjBUILTIN_CHECKER;
  t.spec.width = 6;
  t.spec.height = 4;
  double white[3] = {1, 1, 1}, black[3] = {0, 0, 0};
  std::memcpy(t.spec.rgb1, white, sizeof(white));
  std::memcpy(t.spec.rgb2, black, sizeof(black));
  TextureResult r;
  std::string err;
  ASSERT_TRUE(Load(t, &r, &err)) << err;
  ASSERT_EQ(r.data.size(), 6u * 4 * 3);
  for (int row = 0; row < 4; row++) {
    for (int c = 0; c < 6; c++) {
      bool first = (row < 2) == (c < 3);
      EXPECT_EQ(r.data[3 * (row * 6 + c)], first ? 255 : 0) << row << " " << c;
    }
  }
  // flat cube: every face rgb1 except the down face (-Y, the fourth) in rgb2
  t.spec.type = mjTEXTURE_CUBE;
  t.spec.builtin = mjBUILTIN_FLAT;
  t.spec.width = 3;
  ASSERT_TRUE(Load(t, &r, &err)) << err;
  EXPECT_EQ(r.width, 3);
  EXPECT_EQ(r.height, 18);
  for (int f = 0; f < 6; f++) {
    EXPECT_EQ(r.data[3 * 9 * f], f == 3 ? 0 : 255) << f;
  }
}

TEST(TextureBuiltinTest, EdgeAndCrossMarks) {
  TexSpec t;
  t.spec.type = mjTEXTURE_2D;
  t.spec.builtin = mjBUILTIN_FLAT;
  t.spec.width = 5;
  t.spec.height = 5;
  double red[3] = {1, 0, 0}, green[3] = {0, 1, 0};
  std::memcpy(t.spec.rgb1, red, sizeof(red));
  std::memcpy(t.spec.markrgb, green, sizeof(green));
  for (int mark : {mjMARK_EDGE, mjMARK_CROSS}) {
    t.spec.mark = mark;
    TextureResult r;
    std::string err;
    ASSERT_TRUE(Load(t, &r, &err)) << err;
    for (int row = 0; row < 5; row++) {
      for (int c = 0; c < 5; c++) {
        bool marked =
            mark == mjMARK_EDGE ? (row == 0 || row == 4 || c == 0 || c == 4) : (row == 2 || c == 2);
        EXPECT_EQ(r.data[3 * (row * 5 + c) + 1], marked ? 255 : 0) << mark << row << c;
      }
    }
  }
}

TEST(TextureBuiltinTest, RandomMarksAreDeterministic) {
  TexSpec t;
  t.spec.type = mjTEXTURE_2D;
  t.spec.builtin = mjBUILTIN_FLAT;
  t.spec.width = 64;
  t.spec.height = 64;
  t.spec.mark = mjMARK_RANDOM;
  t.spec.random = 0.25;
  double white[3] = {1, 1, 1};
  std::memcpy(t.spec.rgb1, white, sizeof(white));
  TextureResult a, b;
  std::string err;
  ASSERT_TRUE(Load(t, &a, &err)) << err;
  ASSERT_TRUE(Load(t, &b, &err)) << err;
  EXPECT_EQ(a.data, b.data);
  int marked = 0;
  for (size_t i = 0; i < a.data.size(); i += 3) {
    marked += a.data[i] == 0;
  }
  // 4096 Bernoulli(0.25) draws: mean 1024, standard deviation ~28; 6 sigma bounds
  EXPECT_GT(marked, 1024 - 170);
  EXPECT_LT(marked, 1024 + 170);
}

TEST(TextureFileTest, PngChannelsAndFlips) {
  TexSpec t;
  t.spec.type = mjTEXTURE_2D;
  t.file = "rgb_6x4.png";
  TextureResult rgb, flipped, gray;
  std::string err;
  ASSERT_TRUE(Load(t, &rgb, &err)) << err;
  EXPECT_EQ(rgb.colorspace, mjCOLORSPACE_LINEAR);  // no sRGB chunk
  t.spec.hflip = t.spec.vflip = 1;
  ASSERT_TRUE(Load(t, &flipped, &err)) << err;
  int n = rgb.width * rgb.height;
  for (int i = 0; i < n; i++) {  // both flips reverse the pixel order
    for (int k = 0; k < 3; k++) {
      EXPECT_EQ(flipped.data[3 * i + k], rgb.data[3 * (n - 1 - i) + k]);
    }
  }
  t.spec.hflip = t.spec.vflip = 0;
  t.spec.nchannel = 1;
  ASSERT_TRUE(Load(t, &gray, &err)) << err;
  for (int i = 0; i < n; i++) {
    EXPECT_EQ(gray.data[i], rgb.data[3 * i]);  // first channel
  }
}

TEST(TextureFileTest, CubeGridMatchesSourceCells) {
  TexSpec src, t;
  src.spec.type = mjTEXTURE_2D;
  src.file = "rgb_6x4.png";
  TextureResult img, cube;
  std::string err;
  ASSERT_TRUE(Load(src, &img, &err)) << err;
  t.file = "rgb_6x4.png";
  t.spec.gridsize[0] = 2;
  t.spec.gridsize[1] = 3;
  std::memset(t.spec.gridlayout, 0, sizeof(t.spec.gridlayout));
  std::memcpy(t.spec.gridlayout, "BFDULR", 6);
  ASSERT_TRUE(Load(t, &cube, &err)) << err;
  ASSERT_EQ(cube.width, 2);
  ASSERT_EQ(cube.height, 12);
  const char* faces = "RLUDFB";
  const char* layout = "BFDULR";
  for (int cell = 0; cell < 6; cell++) {
    int f = static_cast<int>(std::strchr(faces, layout[cell]) - faces);
    for (int r = 0; r < 2; r++) {
      for (int c = 0; c < 2; c++) {
        int src_px = ((cell / 3) * 2 + r) * 6 + (cell % 3) * 2 + c;
        int dst_px = (f * 2 + r) * 2 + c;
        for (int k = 0; k < 3; k++) {
          EXPECT_EQ(cube.data[3 * dst_px + k], img.data[3 * src_px + k]);
        }
      }
    }
  }
}

TEST(TextureFileTest, UserDataAndVfs) {
  TexSpec t;
  t.spec.type = mjTEXTURE_2D;
  t.spec.width = 2;
  t.spec.height = 1;
  t.data = {std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}, std::byte{5}, std::byte{6}};
  TextureResult r;
  std::string err;
  ASSERT_TRUE(Load(t, &r, &err)) << err;
  EXPECT_EQ(r.data, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6}));
  t.data.pop_back();
  EXPECT_FALSE(Load(t, &r, &err));
  EXPECT_NE(err.find("size"), std::string::npos) << err;

  // a custom-format texture served from the VFS
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  uint8_t custom[8 + 3] = {1, 0, 0, 0, 1, 0, 0, 0, 10, 20, 30};
  ASSERT_EQ(mj_addBufferVFS(&vfs, "tex/one.bin", custom, sizeof(custom)), 0);
  TexSpec v;
  v.spec.type = mjTEXTURE_2D;
  v.file = "one.bin";
  AssetContext ctx{"", "tex", false};
  ASSERT_TRUE(motus::LoadTexture(&v.spec, &vfs, ctx, &r, &err)) << err;
  EXPECT_EQ(r.data, (std::vector<uint8_t>{10, 20, 30}));
  mj_deleteVFS(&vfs);
}

TEST(TextureErrorTest, BadInputGivesErrors) {
  std::string err;
  TextureResult r;
  {
    TexSpec t;  // nothing to load
    EXPECT_FALSE(Load(t, &r, &err));
  }
  {
    TexSpec t;
    t.spec.type = mjTEXTURE_2D;
    t.spec.builtin = mjBUILTIN_CHECKER;  // no size
    EXPECT_FALSE(Load(t, &r, &err));
    EXPECT_NE(err.find("width"), std::string::npos) << err;
  }
  {
    TexSpec t;
    t.file = "missing.png";
    EXPECT_FALSE(Load(t, &r, &err));
    EXPECT_NE(err.find("missing.png"), std::string::npos) << err;
  }
  {
    TexSpec t;
    t.file = "rgb_6x4.png";  // cube from a non-square single image
    EXPECT_FALSE(Load(t, &r, &err));
    t.spec.gridsize[0] = 3;
    t.spec.gridsize[1] = 3;
    EXPECT_FALSE(Load(t, &r, &err));
    t.spec.gridsize[0] = 2;
    t.spec.gridsize[1] = 3;
    std::memset(t.spec.gridlayout, 0, sizeof(t.spec.gridlayout));
    std::memcpy(t.spec.gridlayout, "RLX...", 6);  // bad letter
    EXPECT_FALSE(Load(t, &r, &err));
    EXPECT_NE(err.find("'X'"), std::string::npos) << err;
    std::memcpy(t.spec.gridlayout, "RL..", 5);  // wrong length
    EXPECT_FALSE(Load(t, &r, &err));
  }
  {
    TexSpec t;
    t.spec.type = mjTEXTURE_2D;
    t.file = "box.obj";  // not an image: decoded as the custom format and rejected
    EXPECT_FALSE(Load(t, &r, &err));
    t.content_type = "image/png";
    EXPECT_FALSE(Load(t, &r, &err));
    EXPECT_NE(err.find("PNG"), std::string::npos) << err;
    t.content_type = "image/gif";
    EXPECT_FALSE(Load(t, &r, &err));
  }
  {
    TexSpec t;
    t.spec.type = mjTEXTURE_2D;
    t.file = "rgb_6x4.png";
    t.spec.nchannel = 7;
    EXPECT_FALSE(Load(t, &r, &err));
  }
}

// truncated and corrupted PNGs are rejected without crashing
TEST(TextureErrorTest, FuzzPng) {
  std::ifstream in(DataDir() + "rgb_6x4.png", std::ios::binary);
  std::vector<uint8_t> png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(png.empty());
  std::mt19937 rng(11);
  for (int trial = 0; trial < 200; trial++) {
    std::vector<uint8_t> data = png;
    data.resize(rng() % (data.size() + 1));
    if (!data.empty()) {
      data[rng() % data.size()] ^= static_cast<uint8_t>(1 + rng() % 255);
    }
    int w, h;
    bool srgb;
    std::vector<uint8_t> pixels;
    std::string err;
    if (motus::DecodePNG(data, 3, &w, &h, &pixels, &srgb, &err)) {
      EXPECT_EQ(pixels.size(), static_cast<size_t>(3 * w * h));
    } else {
      EXPECT_FALSE(err.empty());
    }
  }
}

}  // namespace
