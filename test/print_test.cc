// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_printModel / mj_printFormattedModel write MuJoCo 3.8's text: compared line by line with
// MuJoCo 3.8.0's output for test/data/print/model.xml, in the default float format and in "%.3e"
// (goldens: test/data/print/make_golden.sh), and MuJoCo's handling of an invalid float format.
// mj_printData / mj_printFormattedData likewise, on test/data/print/data.xml after 20 steps (a
// contact, a tendon limit, islands, mocap, implicit damping), numbers within their printed
// precision.
// The sizes and values these printouts showed to differ (nemax, nJfv, flex_bandwidth, the
// flexvert_J sparsity, signed zeros in quaternions) are compared with MuJoCo 3.8.0's on the
// test/data/print/sizes_*.xml models.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "data/print/sizes_dump.h"
#include "fixture.h"

namespace {

using motus_test::ScopedErrorCapture;
using motus_test::SourcePath;

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    lines.push_back(line);
  }
  return lines;
}

mjModel* LoadPrintModel() {
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/print/model.xml").c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << err;
  return m;
}

// the text Motus prints for `format`
std::vector<std::string> Printed(const mjModel* m, const char* format) {
  // one file per test: ctest runs the tests of this file in parallel processes
  std::string path = testing::TempDir() + "/print_test_" +
                     testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
  mj_printFormattedModel(m, path.c_str(), format);
  std::vector<std::string> lines = ReadLines(path);
  std::remove(path.c_str());
  return lines;
}

void CompareWithGolden(const char* format, const std::string& golden) {
  mjModel* m = LoadPrintModel();
  ASSERT_NE(m, nullptr);
  std::vector<std::string> expected = ReadLines(SourcePath("test/data/print/" + golden));
  ASSERT_FALSE(expected.empty()) << golden;
  expected.erase(expected.begin());  // provenance line
  std::vector<std::string> actual = Printed(m, format);
  ASSERT_EQ(actual.size(), expected.size()) << golden;
  for (size_t i = 0; i < expected.size(); i++) {
    // mjModel.signature is not computed by Motus (0): the value under SIGNATURE is not compared
    if (i > 0 && expected[i - 1] == "SIGNATURE") {
      continue;
    }
    EXPECT_EQ(actual[i], expected[i]) << golden << " line " << i + 2;
  }
  mj_deleteModel(m);
}

TEST(PrintModel, MatchesMuJoCo) {
  CompareWithGolden("% -9.2g", "model.txt");
}

TEST(PrintModel, FormattedMatchesMuJoCo) {
  CompareWithGolden("%.3e", "model_e.txt");
}

TEST(PrintModel, InvalidFormatWarnsAndPrintsWithTheDefault) {
  mjModel* m = LoadPrintModel();
  ASSERT_NE(m, nullptr);
  std::vector<std::string> reference = Printed(m, "% -9.2g");
  ScopedErrorCapture capture;
  const struct {
    const char* format;
    const char* warning;
  } cases[] = {
      {"x%gy", "Format string must start with '%'."},
      {"%5.2F", "Format string specifier must be one of \"fgGeE\"."},
      {"%lg", "Format string specifier must be one of \"fgGeE\"."},
      {"%g%g", "Unable to match format string %g%g with expected pattern for a single float."},
  };
  for (const auto& c : cases) {
    capture.clear();
    EXPECT_EQ(Printed(m, c.format), reference) << c.format;
    ASSERT_EQ(capture.warnings().size(), 2u) << c.format;
    EXPECT_NE(capture.warnings()[0].find(c.warning), std::string::npos) << capture.warnings()[0];
    EXPECT_NE(capture.warnings()[1].find("Received invalid float_format. Using default instead."),
              std::string::npos)
        << capture.warnings()[1];
  }
  mj_deleteModel(m);
}

// the lines of sizes_dump::Lines for test/data/print/NAME.xml equal those of NAME.txt
void CompareSizes(const std::string& name) {
  std::vector<std::string> expected = ReadLines(SourcePath("test/data/print/" + name + ".txt"));
  ASSERT_FALSE(expected.empty()) << name;
  expected.erase(expected.begin());  // provenance line
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/print/" + name + ".xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  std::vector<std::string> actual = sizes_dump::Lines(m);
  ASSERT_EQ(actual.size(), expected.size()) << name;
  for (size_t i = 0; i < expected.size(); i++) {
    EXPECT_EQ(actual[i], expected[i]) << name << " line " << i + 2;
  }
  mj_deleteModel(m);
}

// nemax: 3 per connect, 7 per weld, 1 per other equality; nJfv of 2D flexes (their flexvert_J
// rows empty); quaternions of capsules given by fromto with signed zeros
TEST(Sizes, EqualitiesAndVertexJacobians) {
  CompareSizes("sizes_equality");
}

// flex_bandwidth of interpolated flexes carried by a free body or pinned to a slider, stored
// for every flex; nJfv of a 3D flex
TEST(Sizes, InterpolatedFlexBandwidth) {
  CompareSizes("sizes_interp");
}

TEST(Sizes, BandwidthOfSeveralCells) {
  CompareSizes("sizes_cells");
}

TEST(Sizes, BandwidthOfOrderTwo) {
  CompareSizes("sizes_quadratic");
}

// nodes pinned to a moving body: the band is measured in the flex's own dof order, where the
// body's dofs come at its first pinned node, and every cell couples them
TEST(Sizes, BandwidthWithNodesPinnedToAMovingBody) {
  CompareSizes("sizes_pinned");
  CompareSizes("sizes_pinned_center");
}

// numbers of a printed line, and the line with each number replaced by "#" and the spaces
// around them collapsed (numbers of different widths are padded to the same field width), with
// the line's length when `length` (a format of fixed width)
std::string SplitNumbers(const std::string& line, std::vector<double>* numbers, bool length) {
  static const std::regex number(R"(-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?|-?nan|-?inf)");
  std::string shape;
  size_t last = 0;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), number);
       it != std::sregex_iterator(); ++it) {
    shape += line.substr(last, it->position() - last) + "#";
    numbers->push_back(std::strtod(it->str().c_str(), nullptr));
    last = it->position() + it->length();
  }
  shape = std::regex_replace(shape + line.substr(last), std::regex(" +"), " ");
  return length ? shape + " (" + std::to_string(line.size()) + ")" : shape;
}

// mj_printFormattedData's text for data.xml after 20 steps against MuJoCo's: every line has the
// same text around its numbers (and the same length, for a fixed-width format); the numbers agree
// to their printed precision (2 or 4 significant digits; tiny values near zero are rounding
// noise), except the memory use of the stack and arena, which is Motus's own
void CompareDataWithGolden(const char* format, const std::string& golden, double rtol,
                           bool length) {
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/print/data.xml").c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err;
  mjData* d = mj_makeData(m);
  for (int i = 0; i < 20; i++) {
    mj_step(m, d);
  }
  std::string path = testing::TempDir() + "/print_test_" +
                     testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
  mj_printFormattedData(m, d, path.c_str(), format);
  std::vector<std::string> actual = ReadLines(path);
  std::remove(path.c_str());
  std::vector<std::string> expected = ReadLines(SourcePath("test/data/print/" + golden));
  ASSERT_FALSE(expected.empty()) << golden;
  expected.erase(expected.begin());  // provenance line
  ASSERT_EQ(actual.size(), expected.size()) << golden;
  int failures = 0;
  for (size_t i = 0; i < expected.size() && failures < 10; i++) {
    std::vector<double> a, e;
    std::string shape_a = SplitNumbers(actual[i], &a, length);
    std::string shape_e = SplitNumbers(expected[i], &e, length);
    bool memory = expected[i].find("maxuse_") != std::string::npos ||
                  expected[i].find("used") != std::string::npos;
    bool same = shape_a == shape_e && a.size() == e.size();
    for (size_t k = 0; same && !memory && k < e.size(); k++) {
      same = std::fabs(a[k] - e[k]) <= 1e-9 + rtol * std::fmax(std::fabs(a[k]), std::fabs(e[k]));
    }
    EXPECT_TRUE(same) << golden << " line " << i + 2 << "\n  Motus:  " << actual[i]
                      << "\n  MuJoCo: " << expected[i];
    failures += !same;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(PrintData, MatchesMuJoCo) {
  CompareDataWithGolden("% -9.2g", "data.txt", 0.06, true);
}

TEST(PrintData, FormattedMatchesMuJoCo) {
  CompareDataWithGolden("%.3e", "data_e.txt", 1e-3, false);
}

}  // namespace
