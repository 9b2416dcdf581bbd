// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB files (src/user/user_mjb.cc, MuJoCo's layout; user_mjb_legacy.cc, Motus's older one):
// save/load round trips are bitwise exact, MuJoCo 3.8.0 and Motus read each other's files, and
// damaged files (truncated, bytes flipped, wrong version, inconsistent sizes) give NULL and a
// warning, never a crash. Run this test under -DMOTUS_SANITIZE=ON as well: the robustness tests are
// only meaningful with AddressSanitizer watching the reads.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>
#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "fixture.h"
#include "model_compare.h"
#include "user/user_mjb.h"
#include "user/user_mjb_fields.h"

namespace {

using motus_test::ScopedErrorCapture;

// ---------------------------------------------------------------------------------------------
// test models: a compiled model (tendons with wrapping geoms and pulleys, equalities, muscles,
// sensors) whose free reals (colors, gains, keyframe-like data, options) are overwritten with
// patterns that depend on a seed, so that different seeds give different files. Structural
// fields stay as compiled: MjbValidate accepts only consistent models.

// sizes of the pattern model's arrays that carry no structure
void FillArray(mjtNum* a, int64_t n, std::mt19937_64* rng) {
  for (int64_t i = 0; i < n; i++) {
    uint64_t bits = (*rng)();
    bits &= ~(0x7ffull << 52);
    bits |= static_cast<uint64_t>(1023 + (bits % 40) - 20) << 52;  // finite, varied exponent
    std::memcpy(&a[i], &bits, 8);
  }
}
void FillArray(float* a, int64_t n, std::mt19937_64* rng) {
  for (int64_t i = 0; i < n; i++) {
    a[i] = static_cast<float>((*rng)() % 100000) / 7.0f;
  }
}

// overwrite free reals with a seeded pattern (including -0 and a subnormal)
void FillPattern(mjModel* m, uint32_t seed) {
  std::mt19937_64 rng(seed);
  FillArray(m->geom_rgba, 4 * m->ngeom, &rng);
  FillArray(m->site_rgba, 4 * m->nsite, &rng);
  FillArray(m->jnt_stiffness, m->njnt, &rng);
  FillArray(m->dof_damping, m->nv, &rng);
  FillArray(m->actuator_gainprm, mjNGAIN * m->nu, &rng);
  FillArray(m->tendon_stiffness, m->ntendon, &rng);
  FillArray(m->sensor_noise, m->nsensor, &rng);
  if (m->njnt >= 2) {
    m->jnt_stiffness[0] = -0.0;
    m->jnt_stiffness[1] = 1e-310;  // subnormal
  }
  m->opt.timestep = 0.0025 + 1e-17 * seed;
  m->opt.iterations = 7 + seed;
  m->vis.global.fovy = 33.3f;
  m->vis.rgba.bvactive[3] = 0.125f;
  m->vis.quality.numquads = 5;
  m->stat.center[2] = -1.5;
  m->signature = 0x1234567890abcdefull ^ seed;
}

// a fresh pattern model (caller deletes)
mjModel* MakeTestModel(uint32_t seed = 1) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(motus_test::SourcePath("model/tendon_finger.xml").c_str(), nullptr, error,
                          sizeof(error));
  EXPECT_NE(m, nullptr) << error;
  if (m) {
    FillPattern(m, seed);
  }
  return m;
}

// every size, struct field and array byte of a and b is identical; the signature too when the
// file layout carries it (Motus's older layout; MuJoCo's does not)
void ExpectModelsIdentical(const mjModel* a, const mjModel* b, bool signature = false) {
#define X(name) EXPECT_EQ(a->name, b->name) << #name;
  MJMODEL_SIZES
#undef X
  EXPECT_EQ(std::memcmp(&a->opt, &b->opt, sizeof(mjOption)), 0) << "opt";
  EXPECT_EQ(std::memcmp(&a->vis, &b->vis, sizeof(mjVisual)), 0) << "vis";
  EXPECT_EQ(std::memcmp(&a->stat, &b->stat, sizeof(mjStatistic)), 0) << "stat";
  if (signature) {
    EXPECT_EQ(a->signature, b->signature);
  }
#undef MJ_M
#define MJ_M(x) a->x
#define X(type, name, nr, nc)                                        \
  {                                                                  \
    size_t bytes = sizeof(type) * static_cast<size_t>(a->nr) * (nc); \
    if (bytes) {                                                     \
      EXPECT_EQ(std::memcmp(a->name, b->name, bytes), 0) << #name;   \
    }                                                                \
  }
  MJMODEL_POINTERS
#undef X
#undef MJ_M
#define MJ_M(n) n
}

std::string TempPath(const std::string& name) {
  return motus_test::UniqueTempPath("mjb_" + name);
}

// ---------------------------------------------------------------------------------------------
// round trips

TEST(MjbTest, BufferRoundTripIsBitwiseIdentical) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(motus::MjbValidate(m), "");
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  ASSERT_EQ(bytes.size(), motus::MjbSize(m));
  mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  ASSERT_NE(back, nullptr);
  ExpectModelsIdentical(m, back);
  mj_deleteModel(back);
  mj_deleteModel(m);
}

// APIreference_functions.rst: mj_sizeModel is the "size of buffer needed to hold model"; as in
// MuJoCo 3.8.0 it is exactly the number of bytes mj_saveModel writes (buffer or file)
TEST(MjbTest, SizeModelBufferSuffices) {
  for (uint32_t seed : {1u, 2u}) {
    mjModel* m = MakeTestModel(seed);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(static_cast<mjtSize>(motus::MjbSize(m)), mj_sizeModel(m));
    std::vector<uint8_t> buffer(mj_sizeModel(m));
    ScopedErrorCapture capture;
    mj_saveModel(m, nullptr, buffer.data(), static_cast<int>(buffer.size()));
    EXPECT_TRUE(capture.warnings().empty());
    mjModel* back = mj_loadModelBuffer(buffer.data(), static_cast<int>(buffer.size()));
    ASSERT_NE(back, nullptr);
    ExpectModelsIdentical(m, back);
    mj_deleteModel(back);
    mj_deleteModel(m);
  }
}

TEST(MjbTest, SaveModelIntoCallerBuffer) {
  mjModel* m = MakeTestModel(3);
  ASSERT_NE(m, nullptr);
  std::vector<uint8_t> buffer(motus::MjbSize(m) + 16, 0xAB);
  mj_saveModel(m, nullptr, buffer.data(), static_cast<int>(buffer.size()));
  // the 16 bytes past the image are untouched
  for (size_t i = buffer.size() - 16; i < buffer.size(); i++) {
    EXPECT_EQ(buffer[i], 0xAB);
  }
  mjModel* back = mj_loadModelBuffer(buffer.data(), static_cast<int>(motus::MjbSize(m)));
  ASSERT_NE(back, nullptr);
  ExpectModelsIdentical(m, back);
  mj_deleteModel(back);

  // a buffer one byte short: warning, nothing written
  ScopedErrorCapture capture;
  std::vector<uint8_t> small(motus::MjbSize(m) - 1, 0xCD);
  mj_saveModel(m, nullptr, small.data(), static_cast<int>(small.size()));
  ASSERT_EQ(capture.warnings().size(), 1u);
  EXPECT_NE(capture.warnings()[0].find("buffer too small"), std::string::npos);
  for (uint8_t b : small) {
    ASSERT_EQ(b, 0xCD);
  }
  mj_deleteModel(m);
}

TEST(MjbTest, FileRoundTripAndVfs) {
  mjModel* m = MakeTestModel(5);
  ASSERT_NE(m, nullptr);
  std::string path = TempPath("roundtrip.mjb");
  mj_saveModel(m, path.c_str(), nullptr, 0);
  mjModel* back = mj_loadModel(path.c_str(), nullptr);
  ASSERT_NE(back, nullptr);
  ExpectModelsIdentical(m, back);
  mj_deleteModel(back);

  // the same bytes through a VFS under a name that does not exist on disk
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  ASSERT_EQ(mj_addBufferVFS(&vfs, "virtual.mjb", bytes.data(), static_cast<int>(bytes.size())), 0);
  back = mj_loadModel("virtual.mjb", &vfs);
  ASSERT_NE(back, nullptr);
  ExpectModelsIdentical(m, back);
  mj_deleteModel(back);
  mj_deleteVFS(&vfs);
  std::remove(path.c_str());
  mj_deleteModel(m);
}

TEST(MjbTest, EmptyModelRoundTrip) {
  mjModel sizes{};
  sizes.nbody = 1;   // only the world
  sizes.njmax = -1;  // legacy limits: -1 means "not set" in a compiled model
  sizes.nconmax = -1;
  sizes.nnames = 6;
  mjModel* m = mj_allocModel(&sizes);
  ASSERT_NE(m, nullptr);
  std::memcpy(m->names, "world", 6);
  m->body_mocapid[0] = -1;  // the world is neither mocap nor part of a tree
  m->body_treeid[0] = -1;
  m->body_plugin[0] = -1;  // and has no plugin
  m->body_quat[0] = m->body_iquat[0] = 1;
  mj_defaultOption(&m->opt);
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  ASSERT_NE(back, nullptr);
  ExpectModelsIdentical(m, back);
  mj_deleteModel(back);
  mj_deleteModel(m);
}

// saving the same model twice gives the same bytes; a different model different bytes
TEST(MjbTest, EncodingIsDeterministic) {
  mjModel* a = MakeTestModel(7);
  mjModel* b = MakeTestModel(7);
  mjModel* c = MakeTestModel(8);
  EXPECT_EQ(motus::MjbEncode(a), motus::MjbEncode(b));
  EXPECT_NE(motus::MjbEncode(a), motus::MjbEncode(c));
  mj_deleteModel(a);
  mj_deleteModel(b);
  mj_deleteModel(c);
}

// ---------------------------------------------------------------------------------------------
// bad input

// loads bytes, expecting NULL and one warning containing `what`
void ExpectRejected(const std::vector<uint8_t>& bytes, const std::string& what) {
  ScopedErrorCapture capture;
  mjModel* m = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  EXPECT_EQ(m, nullptr);
  if (m) {
    mj_deleteModel(m);
  }
  ASSERT_EQ(capture.warnings().size(), 1u) << what;
  EXPECT_NE(capture.warnings()[0].find(what), std::string::npos) << capture.warnings()[0];
  EXPECT_TRUE(capture.errors().empty());
}

// byte offset of size field i (MJMODEL_SIZES order): after the five header ints
size_t SizeOffset(int i) {
  return 5 * 4 + 8 * i;
}

// MuJoCo's header checks and wording (measured on MuJoCo 3.8.0 with the same edits)
TEST(MjbTest, RejectsDamagedHeaders) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbEncode(m);
  mj_deleteModel(m);

  const char* what[5] = {"Model missing header ID", "different floating point precision",
                         "different number of sizes", "different MuJoCo version",
                         "different number of pointers"};
  for (int k = 0; k < 5; k++) {
    std::vector<uint8_t> bytes = good;
    int v;
    std::memcpy(&v, bytes.data() + 4 * k, 4);
    v += 1;
    std::memcpy(bytes.data() + 4 * k, &v, 4);
    ExpectRejected(bytes, what[k]);
  }

  std::vector<uint8_t> bytes(good.begin(), good.begin() + 19);
  ExpectRejected(bytes, "incomplete header");
  bytes.assign(good.begin(), good.begin() + 21);
  ExpectRejected(bytes, "ran out of data while reading sizes");
  bytes.assign(good.begin(), good.begin() + SizeOffset(motus::mjb::kNumSizes) + 10);
  ExpectRejected(bytes, "ran out of data while reading structs");
  bytes.assign(good.begin(), good.end() - 1);
  ExpectRejected(bytes, "ran out of data while reading mapD2M");

  // nothing may follow the last array
  bytes = good;
  bytes.push_back(0);
  ExpectRejected(bytes, "Model file is too large");

  ScopedErrorCapture capture;
  EXPECT_EQ(mj_loadModelBuffer(nullptr, 10), nullptr);
  EXPECT_EQ(mj_loadModelBuffer(good.data(), 0), nullptr);
  EXPECT_EQ(mj_loadModel("/nonexistent/dir/model.mjb", nullptr), nullptr);
  EXPECT_EQ(capture.warnings().size(), 3u);
}

// sizes that are individually or collectively impossible: rejected before any allocation
TEST(MjbTest, RejectsInconsistentSizes) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbEncode(m);
  mj_deleteModel(m);

  std::vector<uint8_t> bytes = good;
  int64_t negative = -5;
  std::memcpy(bytes.data() + SizeOffset(0), &negative, 8);  // nq
  ExpectRejected(bytes, "nq is negative (-5)");

  bytes = good;
  int64_t huge = int64_t{1} << 40;
  std::memcpy(bytes.data() + SizeOffset(4), &huge, 8);  // nbody
  ExpectRejected(bytes, "nbody is too large");

  // a plausible value that makes the arrays larger than the file
  bytes = good;
  int64_t more = 1000000;
  std::memcpy(bytes.data() + SizeOffset(4), &more, 8);
  ExpectRejected(bytes, "ran out of data while reading body_parentid");

  // the largest accepted sizes everywhere: rejected by the length comparison, not by an
  // allocation
  bytes = good;
  for (int i = 0; i < 40; i++) {
    int64_t big = motus::kMjbMaxSize;
    std::memcpy(bytes.data() + SizeOffset(i), &big, 8);
  }
  ExpectRejected(bytes, "ran out of data while reading qpos0");
}

// an id that points outside its target array
TEST(MjbTest, RejectsBadReferences) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  int body = m->jnt_bodyid[1];
  m->jnt_bodyid[1] = m->nbody;  // one past the last body
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  ExpectRejected(bytes, "jnt_bodyid[1]");
  m->jnt_bodyid[1] = body;
  int parent = m->body_parentid[2];
  m->body_parentid[2] = 3;  // parent after child
  bytes = motus::MjbEncode(m);
  ExpectRejected(bytes, "body_parentid[2]");
  m->body_parentid[2] = parent;
  m->names[m->nnames - 1] = 'x';
  bytes = motus::MjbEncode(m);
  ExpectRejected(bytes, "names not null-terminated");
  mj_deleteModel(m);
}

// loads bytes: NULL with exactly one warning, or a model that validates; never an error. Returns
// whether a model was accepted.
bool TryLoad(const std::vector<uint8_t>& bytes, ScopedErrorCapture* capture) {
  capture->clear();
  mjModel* r =
      mj_loadModelBuffer(bytes.empty() ? nullptr : bytes.data(), static_cast<int>(bytes.size()));
  EXPECT_TRUE(capture->errors().empty());
  if (r) {
    EXPECT_EQ(motus::MjbValidate(r), "");
    mj_deleteModel(r);
  } else {
    EXPECT_EQ(capture->warnings().size(), 1u);
  }
  return r != nullptr;
}

// loads of `good` cut at every offset of its first KiB, then at a stride: the number accepted
int TruncationsAccepted(const std::vector<uint8_t>& good, ScopedErrorCapture* capture) {
  int accepted = 0;
  for (size_t n = 0; n < good.size(); n += (n < 1024 ? 1 : 97)) {
    accepted += TryLoad(std::vector<uint8_t>(good.begin(), good.begin() + n), capture);
  }
  return accepted;
}

// `good` with 1 to `max_flips` random bytes of [0, limit) changed
std::vector<uint8_t> Flipped(const std::vector<uint8_t>& good, size_t limit, int max_flips,
                             std::mt19937* rng) {
  std::vector<uint8_t> bytes = good;
  int flips = 1 + static_cast<int>((*rng)() % max_flips);
  for (int k = 0; k < flips; k++) {
    bytes[(*rng)() % limit] ^= static_cast<uint8_t>(1 + (*rng)() % 255);
  }
  return bytes;
}

// Truncation at many offsets and random byte flips (fixed seed): NULL with a warning, or a model
// that validates (MuJoCo's layout has no checksum: a flipped byte of a real-valued array gives a
// valid model with another value). No crash, no error, and ASan clean.
TEST(MjbTest, FuzzTruncationAndCorruption) {
  mjModel* m = MakeTestModel(11);
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbEncode(m);
  mj_deleteModel(m);

  ScopedErrorCapture capture;
  // the length never matches
  EXPECT_EQ(TruncationsAccepted(good, &capture), 0);

  // flips anywhere, then flips confined to the header and sizes
  std::mt19937 rng(20260101);
  for (int trial = 0; trial < 4000; trial++) {
    size_t limit = trial % 2 ? good.size() : SizeOffset(motus::mjb::kNumSizes);
    TryLoad(Flipped(good, limit, 4, &rng), &capture);
  }
}

// ---------------------------------------------------------------------------------------------
// Motus's older layout (format versions 1 and 2): still read, with its own checks

// rewrites the checksum so that a deliberate edit passes the integrity check
void Reseal(std::vector<uint8_t>* bytes) {
  uint64_t sum = motus::MjbChecksum(bytes->data(), bytes->size() - 8);
  std::memcpy(bytes->data() + bytes->size() - 8, &sum, 8);
}

// byte offset of size field i in the older layout
size_t LegacySizeOffset(int i) {
  return 8 + 4 * 4 + 8 + 8 + 8 * i;
}

TEST(MjbLegacyTest, RoundTripIsBitwiseIdentical) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  std::vector<uint8_t> bytes = motus::MjbLegacyEncode(m);
  ASSERT_EQ(bytes.size(), motus::MjbLegacySize(m));
  mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  ASSERT_NE(back, nullptr);
  ExpectModelsIdentical(m, back, true);
  mj_deleteModel(back);
  mj_deleteModel(m);
}

TEST(MjbLegacyTest, RejectsDamagedHeaders) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbLegacyEncode(m);
  mj_deleteModel(m);

  std::vector<uint8_t> bytes = good;
  uint32_t version = motus::kMjbVersion + 1;
  std::memcpy(bytes.data() + 8, &version, 4);
  ExpectRejected(bytes, "unsupported MJB version");

  bytes = good;
  uint32_t swapped = 0x04030201u;
  std::memcpy(bytes.data() + 12, &swapped, 4);
  ExpectRejected(bytes, "byte order");

  bytes = good;
  uint32_t numsize = 4;
  std::memcpy(bytes.data() + 16, &numsize, 4);
  ExpectRejected(bytes, "4-byte reals");

  bytes = good;
  bytes[28] ^= 1;  // layout hash
  ExpectRejected(bytes, "different mjModel layout");

  bytes.assign(good.begin(), good.begin() + 10);
  ExpectRejected(bytes, "truncated");

  bytes.assign(good.begin(), good.end() - 1);
  ExpectRejected(bytes, "truncated");

  // bytes after the image are ignored
  bytes = good;
  bytes.push_back(0);
  mjModel* padded = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  EXPECT_NE(padded, nullptr);
  if (padded) {
    mj_deleteModel(padded);
  }

  bytes = good;
  bytes[bytes.size() / 2] ^= 0x10;
  ExpectRejected(bytes, "checksum");
}

// sizes that are individually or collectively impossible, with a valid checksum
TEST(MjbLegacyTest, RejectsInconsistentSizes) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbLegacyEncode(m);
  mj_deleteModel(m);

  std::vector<uint8_t> bytes = good;
  int64_t negative = -5;
  std::memcpy(bytes.data() + LegacySizeOffset(0), &negative, 8);  // nq
  Reseal(&bytes);
  ExpectRejected(bytes, "invalid size nq");

  bytes = good;
  int64_t more = 1000000;
  std::memcpy(bytes.data() + LegacySizeOffset(4), &more, 8);
  Reseal(&bytes);
  ExpectRejected(bytes, "inconsistent sizes");

  bytes = good;
  for (int i = 0; i < 40; i++) {
    int64_t big = motus::kMjbMaxSize;
    std::memcpy(bytes.data() + LegacySizeOffset(i), &big, 8);
  }
  Reseal(&bytes);
  ExpectRejected(bytes, "inconsistent sizes");
}

// the checksum catches every random flip; resealed, the size and reference checks stand alone
TEST(MjbLegacyTest, FuzzTruncationAndCorruption) {
  mjModel* m = MakeTestModel(11);
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbLegacyEncode(m);
  mj_deleteModel(m);

  ScopedErrorCapture capture;
  EXPECT_EQ(TruncationsAccepted(good, &capture), 0);

  std::mt19937 rng(20260101);
  int accepted = 0;
  for (int trial = 0; trial < 2000; trial++) {
    accepted += TryLoad(Flipped(good, good.size(), 4, &rng), &capture);
  }
  EXPECT_EQ(accepted, 0);

  for (int trial = 0; trial < 2000; trial++) {
    size_t limit = std::min(trial % 2 ? good.size() - 8 : LegacySizeOffset(100), good.size() - 8);
    std::vector<uint8_t> bytes = Flipped(good, limit, 3, &rng);
    Reseal(&bytes);
    TryLoad(bytes, &capture);
  }
}

// ---------------------------------------------------------------------------------------------
// real models: XML -> model -> MJB -> model is bitwise exact

TEST(MjbTest, RealModelsRoundTrip) {
  std::vector<std::string> files = {motus_test::SourcePath("model/humanoid.xml")};
  std::string shared = motus_test::SharedPath("models/humanoid/humanoid.xml");
  if (!shared.empty()) {
    files.push_back(shared);
  }
  int tested = 0;
  for (const std::string& file : files) {
    FILE* f = std::fopen(file.c_str(), "rb");
    if (!f) {
      continue;
    }
    std::fclose(f);
    char error[1000] = "";
    mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
    if (!m) {
      ADD_FAILURE() << file << ": " << error;
      continue;
    }
    std::vector<uint8_t> bytes = motus::MjbEncode(m);
    EXPECT_EQ(motus::MjbValidate(m), "") << file;
    mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
    ASSERT_NE(back, nullptr) << file;
    ExpectModelsIdentical(m, back);
    mj_deleteModel(back);
    mj_deleteModel(m);
    tested++;
  }
  EXPECT_GT(tested, 0);
}

// ---------------------------------------------------------------------------------------------
// the model description section (format version 2)

// bytes of a file
std::vector<uint8_t> ReadFile(const std::string& path) {
  std::vector<uint8_t> bytes;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    int c;
    while ((c = std::fgetc(f)) != EOF) {
      bytes.push_back(static_cast<uint8_t>(c));
    }
    std::fclose(f);
  }
  return bytes;
}

// A file of the older layout saved from a model of mj_loadXML carries its MJCF; mj_loadModel keeps
// it, so that mj_saveLastXML works after loading the MJB alone. A damaged description makes the
// whole file damaged (NULL and one warning); an image without one (version 1) loads.
TEST(MjbLegacyTest, DescriptionSection) {
  char error[1000] = "";
  std::string source = motus_test::SourcePath("model/humanoid.xml");
  mjModel* m = mj_loadXML(source.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(m, nullptr) << error;
  const std::vector<uint8_t> text = ReadFile(source);
  const std::vector<uint8_t> image = motus::MjbLegacyEncode(m);
  std::vector<uint8_t> file = image;
  std::vector<uint8_t> section =
      motus::MjbDescriptionSection(std::string(text.begin(), text.end()));
  file.insert(file.end(), section.begin(), section.end());
  std::string path = motus_test::UniqueTempPath("desc.mjb");
  {
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    ASSERT_EQ(std::fwrite(file.data(), 1, file.size(), f), file.size());
    std::fclose(f);
  }
  std::string mjcf, problem;
  ASSERT_EQ(motus::MjbReadDescription(file.data(), file.size(), &mjcf, &problem), 1) << problem;
  EXPECT_NE(mjcf.find("<mujoco"), std::string::npos);

  // mj_saveLastXML after mj_loadModel alone
  mj_freeLastXML();
  mjModel* loaded = mj_loadModel(path.c_str(), nullptr);
  ASSERT_NE(loaded, nullptr);
  std::string xml = motus_test::UniqueTempPath("desc.xml");
  EXPECT_EQ(mj_saveLastXML(xml.c_str(), loaded, error, sizeof(error)), 1) << error;
  mjModel* back = mj_loadXML(xml.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(back, nullptr) << error;
  ExpectModelsIdentical(m, back);
  mj_deleteModel(back);
  mj_deleteModel(loaded);

  // damage in the description after its tag (truncation, flipped bytes) makes the file damaged;
  // a damaged tag just stops the bytes from being a description (they are ignored)
  ScopedErrorCapture capture;
  std::mt19937 rng(7);
  const size_t tag_end = image.size() + 8;
  for (int trial = 0; trial < 300; trial++) {
    std::vector<uint8_t> bytes = file;
    size_t pos = image.size() + rng() % (file.size() - image.size());
    if (trial % 3 == 0) {
      bytes.resize(tag_end + rng() % (file.size() - tag_end));
    } else {
      bytes[pos] ^= static_cast<uint8_t>(1 + rng() % 255);
    }
    bool tag_hit = trial % 3 != 0 && pos < tag_end;
    capture.clear();
    mjModel* r = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
    EXPECT_EQ(r != nullptr, tag_hit) << "trial " << trial;
    if (r) {
      mj_deleteModel(r);
    }
    EXPECT_EQ(capture.warnings().size(), tag_hit ? 0u : 1u);
  }

  // the image alone, and the same image marked as format version 1, load without a description
  for (uint32_t version : {motus::kMjbVersion, motus::kMjbOldestVersion}) {
    std::vector<uint8_t> bytes = image;
    std::memcpy(bytes.data() + 8, &version, 4);
    Reseal(&bytes);
    capture.clear();
    mjModel* r = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
    ASSERT_NE(r, nullptr) << "version " << version;
    EXPECT_TRUE(capture.warnings().empty());
    ExpectModelsIdentical(m, r, true);
    mj_deleteModel(r);
  }
  std::remove(path.c_str());
  mj_deleteModel(m);
}

// mj_saveModel writes the image alone, as MuJoCo does: the file is exactly mj_sizeModel bytes.
// A model loaded from it in a process that loaded no MJCF cannot be written as MJCF (MJB files
// are not decompiled, overview.rst): mj_saveLastXML fails with a message.
TEST(MjbTest, SavedFileIsTheImageAlone) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(motus_test::SourcePath("model/humanoid.xml").c_str(), nullptr, error,
                          sizeof(error));
  ASSERT_NE(m, nullptr) << error;
  std::string path = motus_test::UniqueTempPath("image.mjb");
  mj_saveModel(m, path.c_str(), nullptr, 0);
  const std::vector<uint8_t> file = ReadFile(path);
  EXPECT_EQ(file, motus::MjbEncode(m));
  EXPECT_EQ(static_cast<mjtSize>(file.size()), mj_sizeModel(m));
  mj_freeLastXML();
  mjModel* loaded = mj_loadModel(path.c_str(), nullptr);
  ASSERT_NE(loaded, nullptr);
  ExpectModelsIdentical(m, loaded);
  std::string xml = motus_test::UniqueTempPath("image.xml");
  error[0] = 0;
  EXPECT_EQ(mj_saveLastXML(xml.c_str(), loaded, error, sizeof(error)), 0);
  EXPECT_NE(error[0], 0);
  mj_deleteModel(loaded);
  std::remove(path.c_str());
  mj_deleteModel(m);
}

#ifdef MOTUS_KIT_API
// ---------------------------------------------------------------------------------------------
// MuJoCo 3.8.0 and Motus read each other's files (test/kit/kit_api.cc built against the kit)

// the kit client loads `in` (MJCF, or MJB by extension) and saves it as MJB to `out`
bool KitSaveMjb(const std::string& in, const std::string& out, std::string* output) {
  std::string cmd = std::string(MOTUS_KIT_API) + " mjb '" + in + "' '" + out + "' 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    *output = "cannot run " + cmd;
    return false;
  }
  char buf[4096];
  size_t got;
  while ((got = std::fread(buf, 1, sizeof(buf), p)) > 0) {
    output->append(buf, got);
  }
  return pclose(p) == 0;
}

// For each model: MuJoCo's MJB of it loads in Motus, and Motus saves it again to the same bytes;
// Motus's MJB of it loads in MuJoCo, and MuJoCo saves it again to the same bytes. Both engines
// thus read every size, option and array of the other's file. Models one of the engines does not
// load are skipped (counted).
void ExpectFilesExchange(const std::vector<std::string>& files, int min_exchanged) {
  int exchanged = 0;
  std::string dir = ::testing::TempDir() + "/mjb_kit_" + std::to_string(getpid());
  std::string kit_file = dir + "_kit.mjb", motus_file = dir + "_motus.mjb",
              again = dir + "_again.mjb";
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    std::string output;
    if (!KitSaveMjb(file, kit_file, &output)) {
      std::printf("skipped (MuJoCo does not load it): %s\n", file.c_str());
      continue;
    }
    char error[1000] = "";
    mjModel* own = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
    if (!own) {
      std::printf("skipped (Motus does not load it): %s\n", file.c_str());
      continue;
    }

    // MuJoCo -> Motus -> bytes
    std::vector<uint8_t> kit_bytes = ReadFile(kit_file);
    mjModel* m = mj_loadModel(kit_file.c_str(), nullptr);
    ASSERT_NE(m, nullptr) << "Motus does not load MuJoCo's file";
    EXPECT_TRUE(motus::MjbEncode(m) == kit_bytes) << "Motus saves MuJoCo's model differently";
    mj_deleteModel(m);

    // Motus -> MuJoCo -> bytes
    mj_saveModel(own, motus_file.c_str(), nullptr, 0);
    std::vector<uint8_t> motus_bytes = ReadFile(motus_file);
    ASSERT_TRUE(KitSaveMjb(motus_file, again, &output))
        << "MuJoCo does not load Motus's file: " << output;
    EXPECT_TRUE(ReadFile(again) == motus_bytes) << "MuJoCo saves Motus's model differently";
    mj_deleteModel(own);
    exchanged++;
  }
  for (const std::string& f : {kit_file, motus_file, again}) {
    std::remove(f.c_str());
  }
  std::printf("MJB exchanged with MuJoCo: %d of %zu models\n", exchanged, files.size());
  EXPECT_GE(exchanged, min_exchanged);
}

TEST(MjbKit, ProjectModelsExchange) {
  std::vector<std::string> files;
  for (const char* name :
       {"humanoid", "robot_arm", "tendon_finger", "scene_mixed", "actuator_zoo", "sensor_zoo"}) {
    files.push_back(motus_test::SourcePath(std::string("model/") + name + ".xml"));
  }
  ExpectFilesExchange(files, 6);
}

TEST(MjbKit, SharedModelsExchange) {
  std::string dir = motus_test::SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  std::vector<std::string> files;
  for (const auto& model : motus_test::ManifestModels(dir)) {
    files.push_back(model.second);
  }
  ExpectFilesExchange(files, 27);
}
#endif  // MOTUS_KIT_API

}  // namespace
