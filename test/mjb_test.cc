// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB files (src/user/user_mjb.cc): save/load round trips are bitwise exact, and damaged files
// (truncated, bytes flipped, wrong version, inconsistent sizes) give NULL and a warning, never a
// crash. Run this test under -DMOTUS_SANITIZE=ON as well: the robustness tests are only meaningful
// with AddressSanitizer watching the reads.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "fixture.h"
#include "user/user_mjb.h"

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

// every size, struct field and array byte of a and b is identical
void ExpectModelsIdentical(const mjModel* a, const mjModel* b) {
#define X(name) EXPECT_EQ(a->name, b->name) << #name;
  MJMODEL_SIZES
#undef X
  EXPECT_EQ(std::memcmp(&a->opt, &b->opt, sizeof(mjOption)), 0) << "opt";
  EXPECT_EQ(std::memcmp(&a->vis, &b->vis, sizeof(mjVisual)), 0) << "vis";
  EXPECT_EQ(std::memcmp(&a->stat, &b->stat, sizeof(mjStatistic)), 0) << "stat";
  EXPECT_EQ(a->signature, b->signature);
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

// rewrites the checksum so that a deliberate edit passes the integrity check
void Reseal(std::vector<uint8_t>* bytes) {
  uint64_t sum = motus::MjbChecksum(bytes->data(), bytes->size() - 8);
  std::memcpy(bytes->data() + bytes->size() - 8, &sum, 8);
}

// byte offset of size field i (MJMODEL_SIZES order) in the file
size_t SizeOffset(int i) {
  return 8 + 4 * 4 + 8 + 8 + 8 * i;
}

TEST(MjbTest, RejectsDamagedHeaders) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbEncode(m);
  mj_deleteModel(m);

  std::vector<uint8_t> bytes = good;
  bytes[0] = 'X';
  ExpectRejected(bytes, "bad magic");

  bytes = good;
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

  // bytes after the image are ignored (a buffer of mj_sizeModel bytes is longer than the image)
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

  ScopedErrorCapture capture;
  EXPECT_EQ(mj_loadModelBuffer(nullptr, 10), nullptr);
  EXPECT_EQ(mj_loadModelBuffer(good.data(), 0), nullptr);
  EXPECT_EQ(mj_loadModel("/nonexistent/dir/model.mjb", nullptr), nullptr);
  EXPECT_EQ(capture.warnings().size(), 3u);
}

// sizes that are individually or collectively impossible, with a valid checksum (a crafted or
// buggy file): rejected before any allocation
TEST(MjbTest, RejectsInconsistentSizes) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbEncode(m);
  mj_deleteModel(m);

  std::vector<uint8_t> bytes = good;
  int64_t negative = -5;
  std::memcpy(bytes.data() + SizeOffset(0), &negative, 8);  // nq
  Reseal(&bytes);
  ExpectRejected(bytes, "invalid size nq");

  bytes = good;
  int64_t huge = int64_t{1} << 40;
  std::memcpy(bytes.data() + SizeOffset(4), &huge, 8);  // nbody
  Reseal(&bytes);
  ExpectRejected(bytes, "invalid size nbody");

  // a plausible value that makes the arrays larger than the file
  bytes = good;
  int64_t more = 1000000;
  std::memcpy(bytes.data() + SizeOffset(4), &more, 8);
  Reseal(&bytes);
  ExpectRejected(bytes, "inconsistent sizes");

  // the largest accepted sizes everywhere: the product overflows nothing and is rejected by the
  // length comparison, not by an allocation
  bytes = good;
  for (int i = 0; i < 40; i++) {
    int64_t big = motus::kMjbMaxSize;
    std::memcpy(bytes.data() + SizeOffset(i), &big, 8);
  }
  Reseal(&bytes);
  ExpectRejected(bytes, "inconsistent sizes");
}

// an id that points outside its target array, in a file with a valid checksum
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

// Truncation at many offsets and random byte flips (fixed seed): always NULL with a warning, or
// (never expected here, but allowed) a model that validates. No crash, no error, and ASan clean.
TEST(MjbTest, FuzzTruncationAndCorruption) {
  mjModel* m = MakeTestModel(11);
  ASSERT_NE(m, nullptr);
  const std::vector<uint8_t> good = motus::MjbEncode(m);
  mj_deleteModel(m);

  ScopedErrorCapture capture;
  auto try_load = [&](const std::vector<uint8_t>& bytes) {
    capture.clear();
    mjModel* r =
        mj_loadModelBuffer(bytes.empty() ? nullptr : bytes.data(), static_cast<int>(bytes.size()));
    EXPECT_TRUE(capture.errors().empty());
    if (r) {
      EXPECT_EQ(motus::MjbValidate(r), "");
      mj_deleteModel(r);
    } else {
      EXPECT_EQ(capture.warnings().size(), 1u);
    }
    return r != nullptr;
  };

  // every offset in the header region, then a stride through the rest
  int accepted = 0;
  for (size_t n = 0; n < good.size(); n += (n < 1024 ? 1 : 97)) {
    accepted += try_load(std::vector<uint8_t>(good.begin(), good.begin() + n));
  }
  EXPECT_EQ(accepted, 0);

  std::mt19937 rng(20260101);
  for (int trial = 0; trial < 2000; trial++) {
    std::vector<uint8_t> bytes = good;
    int flips = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < flips; k++) {
      bytes[rng() % bytes.size()] ^= static_cast<uint8_t>(1 + rng() % 255);
    }
    accepted += try_load(bytes);
  }
  EXPECT_EQ(accepted, 0);  // the checksum catches every one of these

  // the same flips, resealed: the integrity check passes and the size and reference checks
  // must stand on their own
  for (int trial = 0; trial < 2000; trial++) {
    std::vector<uint8_t> bytes = good;
    size_t limit = trial % 2 ? bytes.size() - 8 : SizeOffset(100);  // half in the header
    limit = std::min(limit, bytes.size() - 8);
    int flips = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < flips; k++) {
      bytes[rng() % limit] ^= static_cast<uint8_t>(1 + rng() % 255);
    }
    Reseal(&bytes);
    try_load(bytes);
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

// A file saved from a model of mj_loadXML carries its MJCF; mj_loadModel keeps it, so that
// mj_saveLastXML works after loading the MJB alone. A damaged description makes the whole file
// damaged (NULL and one warning); an image without one (version 1, or a bare buffer) loads.
TEST(MjbTest, DescriptionSection) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(motus_test::SourcePath("model/humanoid.xml").c_str(), nullptr, error,
                          sizeof(error));
  ASSERT_NE(m, nullptr) << error;
  std::string path = motus_test::UniqueTempPath("desc.mjb");
  mj_saveModel(m, path.c_str(), nullptr, 0);
  const std::vector<uint8_t> file = ReadFile(path);
  const std::vector<uint8_t> image = motus::MjbEncode(m);
  ASSERT_GT(file.size(), image.size());
  EXPECT_TRUE(std::equal(image.begin(), image.end(), file.begin()));
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
    ExpectModelsIdentical(m, r);
    mj_deleteModel(r);
  }
  mj_deleteModel(m);
}

}  // namespace
