// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests for height field assets (src/user/user_hfield.cc) against the MuJoCo 3.3.8 oracle
// (test/data/assets/hfield_golden.txt, made by test/data/assets/make_assets.py), plus
// normalization, row order and error handling.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "user/user_hfield.h"
#include "user/user_texture.h"
#include "user/user_vfs.h"

namespace {

using motus::AssetContext;
using motus::HFieldResult;

struct HFieldSpec {
  std::string file, content_type;
  std::vector<float> userdata;
  mjsHField spec;
  HFieldSpec() {
    std::memset(&spec, 0, sizeof(spec));
    spec.file = &file;
    spec.content_type = &content_type;
    spec.userdata = &userdata;
  }
  HFieldSpec(const HFieldSpec&) = delete;
};

std::string DataDir() {
  return motus_test::SourcePath("test/data/assets/");
}

bool Load(const HFieldSpec& h, HFieldResult* out, std::string* error,
          const std::string& dir = DataDir()) {
  AssetContext ctx{dir, "", false};
  return motus::LoadHField(&h.spec, nullptr, ctx, out, error);
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

// The MJCF reader stores <hfield elevation> in mjsHField.userdata with the rows reversed
// (XMLreference.rst, hfield/elevation: "the row order ... is flipped w.r.t. the order in XML").
std::vector<float> FlipRows(const std::vector<float>& xml, int nrow, int ncol) {
  std::vector<float> out(xml.size());
  for (int r = 0; r < nrow; r++) {
    for (int c = 0; c < ncol; c++) {
      out[r * ncol + c] = xml[(nrow - 1 - r) * ncol + c];
    }
  }
  return out;
}

void SetSpec(const std::map<std::string, std::string>& attr, HFieldSpec* h) {
  for (const auto& [k, v] : attr) {
    std::vector<double> d = Parse<double>(v);
    if (k == "file") {
      h->file = v;
    }
    if (k == "size") {
      std::copy(d.begin(), d.end(), h->spec.size);
    }
    if (k == "nrow") {
      h->spec.nrow = static_cast<int>(d[0]);
    }
    if (k == "ncol") {
      h->spec.ncol = static_cast<int>(d[0]);
    }
  }
  if (attr.count("elevation")) {
    h->userdata = FlipRows(Parse<float>(attr.at("elevation")), h->spec.nrow, h->spec.ncol);
  }
}

::testing::AssertionResult Near(const std::string& what, const std::vector<double>& actual,
                                const std::vector<double>& expected, double tol) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure()
           << what << ": size " << actual.size() << " vs " << expected.size();
  }
  for (size_t i = 0; i < actual.size(); i++) {
    if (!(std::fabs(actual[i] - expected[i]) <= tol)) {
      return ::testing::AssertionFailure()
             << what << "[" << i << "] = " << actual[i] << " vs " << expected[i];
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(HFieldGoldenTest, MatchesOracle) {
  std::vector<Case> cases = ReadGolden(DataDir() + "hfield_golden.txt");
  ASSERT_GE(cases.size(), 6u);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string dir = DataDir();
    if (c.attr.count("shared")) {  // the shared model, when ../shared is present
      dir = motus_test::SharedPath("models/hfield_png/");
      if (dir.empty()) {
        continue;
      }
    }
    HFieldSpec h;
    SetSpec(c.attr, &h);
    HFieldResult r;
    std::string err;
    ASSERT_TRUE(Load(h, &r, &err, dir)) << err;
    EXPECT_EQ(r.nrow, c.field.at("hfield_nrow")[0]);
    EXPECT_EQ(r.ncol, c.field.at("hfield_ncol")[0]);
    EXPECT_TRUE(
        Near("hfield_size", std::vector<double>(r.size, r.size + 4), c.field.at("hfield_size"), 0));
    // normalized floats: the same division rounded to float; allow one float ulp near 1
    EXPECT_TRUE(Near("hfield_data", std::vector<double>(r.data.begin(), r.data.end()),
                     c.field.at("hfield_data"), 1.2e-7));
    if (c.field.count("geom_size")) {
      double size[3], aabb[6], rbound;
      motus::HFieldGeomBounds(r.size, size, aabb, &rbound);
      EXPECT_TRUE(
          Near("geom_size", std::vector<double>(size, size + 3), c.field.at("geom_size"), 1e-15));
      EXPECT_TRUE(
          Near("geom_aabb", std::vector<double>(aabb, aabb + 6), c.field.at("geom_aabb"), 1e-15));
      EXPECT_TRUE(Near("geom_rbound", {rbound}, c.field.at("geom_rbound"), 1e-15));
    }
  }
}

TEST(HFieldTest, PngRowsBottomToTopAndNormalized) {
  int w, h;
  bool srgb;
  std::vector<uint8_t> gray;
  std::string err;
  std::ifstream in(DataDir() + "gray_5x4.png", std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  ASSERT_TRUE(motus::DecodePNG(bytes, 1, &w, &h, &gray, &srgb, &err)) << err;
  HFieldSpec hf;
  hf.file = "gray_5x4.png";
  double size[4] = {1, 1, 1, 1};
  std::memcpy(hf.spec.size, size, sizeof(size));
  HFieldResult r;
  ASSERT_TRUE(Load(hf, &r, &err)) << err;
  ASSERT_EQ(r.nrow, h);
  ASSERT_EQ(r.ncol, w);
  double lo = *std::min_element(gray.begin(), gray.end());
  double hi = *std::max_element(gray.begin(), gray.end());
  for (int row = 0; row < h; row++) {
    for (int c = 0; c < w; c++) {
      double expected = (gray[(h - 1 - row) * w + c] - lo) / (hi - lo);
      EXPECT_NEAR(r.data[row * w + c], expected, 6e-8);  // float rounding of a value in [0,1]
    }
  }
  EXPECT_EQ(*std::min_element(r.data.begin(), r.data.end()), 0.0f);
  EXPECT_EQ(*std::max_element(r.data.begin(), r.data.end()), 1.0f);
}

TEST(HFieldTest, ZerosAndUserData) {
  HFieldSpec hf;
  double size[4] = {1, 2, 3, 4};
  std::memcpy(hf.spec.size, size, sizeof(size));
  hf.spec.nrow = 3;
  hf.spec.ncol = 2;
  HFieldResult r;
  std::string err;
  ASSERT_TRUE(Load(hf, &r, &err)) << err;
  EXPECT_EQ(r.data, std::vector<float>(6, 0.0f));
  hf.userdata = {2, 4, 6, 8, 10, 12};  // already in mjModel order
  ASSERT_TRUE(Load(hf, &r, &err)) << err;
  EXPECT_EQ(r.data, (std::vector<float>{0, 0.2f, 0.4f, 0.6f, 0.8f, 1}));
}

TEST(HFieldTest, ErrorsAreReported) {
  HFieldResult r;
  std::string err;
  double size[4] = {1, 1, 1, 1};
  {
    HFieldSpec hf;  // size missing
    hf.spec.nrow = hf.spec.ncol = 2;
    EXPECT_FALSE(Load(hf, &r, &err));
    EXPECT_NE(err.find("size"), std::string::npos) << err;
  }
  {
    HFieldSpec hf;  // neither file nor dimensions
    std::memcpy(hf.spec.size, size, sizeof(size));
    EXPECT_FALSE(Load(hf, &r, &err));
  }
  {
    HFieldSpec hf;  // file together with nrow
    std::memcpy(hf.spec.size, size, sizeof(size));
    hf.file = "gray_5x4.png";
    hf.spec.nrow = 4;
    EXPECT_FALSE(Load(hf, &r, &err));
  }
  {
    HFieldSpec hf;  // data size mismatch
    std::memcpy(hf.spec.size, size, sizeof(size));
    hf.spec.nrow = hf.spec.ncol = 2;
    hf.userdata = {1, 2, 3};
    EXPECT_FALSE(Load(hf, &r, &err));
    hf.userdata = {1, 2, 3, NAN};
    EXPECT_FALSE(Load(hf, &r, &err));
    EXPECT_NE(err.find("finite"), std::string::npos) << err;
  }
  {
    HFieldSpec hf;  // malformed binary files
    std::memcpy(hf.spec.size, size, sizeof(size));
    hf.file = "custom_3x2.tex";  // wrong size for an hfield
    EXPECT_FALSE(Load(hf, &r, &err));
    hf.file = "missing.hf";
    EXPECT_FALSE(Load(hf, &r, &err));
    EXPECT_NE(err.find("missing.hf"), std::string::npos) << err;
  }
}

TEST(HFieldTest, BinaryFromVfs) {
  // nrow=1, ncol=2, data {3, 5}: file order, normalized to {0, 1}
  uint8_t bytes[16];
  int32_t dims[2] = {1, 2};
  float data[2] = {3, 5};
  std::memcpy(bytes, dims, 8);
  std::memcpy(bytes + 8, data, 8);
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  ASSERT_EQ(mj_addBufferVFS(&vfs, "terrain.bin", bytes, sizeof(bytes)), 0);
  HFieldSpec hf;
  double size[4] = {1, 1, 1, 1};
  std::memcpy(hf.spec.size, size, sizeof(size));
  hf.file = "terrain.bin";
  HFieldResult r;
  std::string err;
  AssetContext ctx{"", "", false};
  ASSERT_TRUE(motus::LoadHField(&hf.spec, &vfs, ctx, &r, &err)) << err;
  EXPECT_EQ(r.data, (std::vector<float>{0, 1}));
  mj_deleteVFS(&vfs);
}

}  // namespace
