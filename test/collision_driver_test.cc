// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collision driver (computation_index.rst "Collision detection / Selection"; modeling.rst
// "Contact parameters", "Contact override"): contact parameters, filters, excludes, explicit
// pairs and contact order against MuJoCo 3.8.0; the broad and mid phases against brute force;
// arena overflow, callbacks, user collision functions, disable flags; real models.
//
// Golden data written by
//   python3 test/data/collision/make_golden.py
// (scenes: tools/gen_golden.py <scene>.xml --forward-only --fields ncon,contact; shared models:
// qpos every 100 steps of an oracle trajectory, then --states with qpos,ncon,contact).

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "collision_testutil.h"
#include "engine/engine_collision_driver.h"
#include "engine/engine_collision_primitive.h"
#include "engine/engine_io.h"
#include "fixture.h"
#include "golden.h"

namespace motus_test {
namespace {

std::string DataPath(const std::string& file) {
  return SourcePath("test/data/collision/" + file);
}

void Collide(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_collision(m, d);
}

// Collide, then the constraint stage as the golden's mj_forward: it marks contacts without rows
// (two geoms of one body: exclude 3, "no dofs")
void CollideAndConstrain(const mjModel* m, mjData* d) {
  mj_fwdPosition(m, d);
}

// Scenes compared at their initial state (geom-pair order exact; box-collider contacts per geom
// pair as nested sets, see ContactRunsMatch).
class DriverScene : public ::testing::TestWithParam<const char*> {};

TEST_P(DriverScene, MatchesOracle) {
  std::string name = GetParam();
  Golden g(DataPath(name + "_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(DataPath(name + ".xml"));
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  std::vector<GoldenContact> ref = ParseContacts(g.get(0, "contact"));
  ASSERT_EQ(static_cast<int>(g.get(0, "ncon")[0]), static_cast<int>(ref.size()));

  // with and without the mid phase: same contacts, same order
  for (int midphase = 0; midphase < 2; midphase++) {
    if (midphase) {
      m->opt.disableflags |= mjDSBL_MIDPHASE;
    }
    CollideAndConstrain(m, d);
    EXPECT_TRUE(ContactRunsMatch(m, d, ref)) << name << (midphase ? " (no mid phase)" : "");
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(Collision, DriverScene,
                         ::testing::Values("params", "params_override", "filters",
                                           "filters_noparent", "order"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

// Exactly touching spheres (dist within rounding of the zero margin), which the scene comparison
// above leaves out as threshold cases: MuJoCo keeps them, and so must the broad phase, whose
// sweep axis is an eigenvector of mju_eig3 (unit length, see util_solve_test).
TEST(CollisionDriver, TouchingSpheresCollide) {
  Golden g(DataPath("touching_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(DataPath("touching.xml"));
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  std::vector<GoldenContact> ref = ParseContacts(g.get(0, "contact"));
  CollideAndConstrain(m, d);
  ASSERT_EQ(d->ncon, static_cast<int>(ref.size()));
  for (int i = 0; i < d->ncon; i++) {
    EXPECT_EQ(d->contact[i].geom1, ref[i].geom1);
    EXPECT_EQ(d->contact[i].geom2, ref[i].geom2);
    EXPECT_EQ(d->contact[i].dist, ref[i].dist);  // both -5.55e-17: the same subtraction
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Real models at states along oracle trajectories. Contacts of colliders of other areas (mesh,
// height field, general convex) are removed from both lists before comparing: the order of the
// remaining ones is unaffected. Contacts of the box colliders are compared per geom pair as
// nested sets (ContactRunsMatch; see collision_primitive_test.cc for why).
class SharedModel : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(SharedModel, MatchesOracle) {
  std::string name = GetParam().first;
  std::string path = SharedPath(GetParam().second);
  if (path.empty()) {
    GTEST_SKIP() << "../shared absent";
  }
  Golden g(DataPath(name + "_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(path);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  auto other_area = [m](int g1, int g2) {
    return !OwnCollider(m->geom_type[g1], m->geom_type[g2]);
  };
  for (int r = 0; r < g.num_records(); r++) {
    PoseFromGolden(m, d, g, r);
    mj_collision(m, d);
    std::vector<GoldenContact> ref;
    if (g.has(r, "contact")) {
      ref = ParseContacts(g.get(r, "contact"));
    }
    EXPECT_TRUE(ContactRunsMatch(m, d, ref, other_area)) << name << " state " << r;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(
    Collision, SharedModel,
    ::testing::Values(std::make_pair("planks", "models/planks/planks.xml"),
                      std::make_pair("spheres_cylinders",
                                     "models/spheres_cylinders/spheres_cylinders.xml"),
                      std::make_pair("humanoid", "models/humanoid/humanoid.xml"),
                      std::make_pair("car", "models/car/car.xml")),
    [](const ::testing::TestParamInfo<std::pair<const char*, const char*>>& info) {
      return std::string(info.param.first);
    });

// ---------------------------------------------------------------------------------------------
// broad and mid phase against brute force

const char kCrowd[] = R"(
<mujoco>
  <worldbody>
    <geom type="plane" size="3 3 .1"/>
    <geom type="box" size="0.3 0.3 0.3" pos="0.5 0.5 0"/>
    <replicate count="6" offset="0.18 0 0">
      <replicate count="6" offset="0 0.18 0">
        <replicate count="4" offset="0 0 0.18">
          <body pos="-0.4 -0.4 0.1"><freejoint/>
            <geom type="sphere" size="0.08"/>
            <geom type="capsule" size="0.03 0.06" pos="0.05 0 0" margin="0.01"/>
          </body>
        </replicate>
      </replicate>
    </replicate>
  </worldbody>
</mujoco>)";

// Brute force over all geom pairs: the contacts of every pair that passes the filters, ordered
// like the driver (by body pair, then geom pair with the lower geom type first).
std::vector<std::pair<int, int>> BruteForcePairs(const mjModel* m, mjData* d) {
  std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> keyed;
  for (int g1 = 0; g1 < m->ngeom; g1++) {
    for (int g2 = 0; g2 < m->ngeom; g2++) {
      int b1 = m->geom_bodyid[g1], b2 = m->geom_bodyid[g2];
      if (b1 >= b2 || mj_filterBodyPair(m, b1, b2)) {
        continue;
      }
      if (!((m->geom_contype[g1] & m->geom_conaffinity[g2]) ||
            (m->geom_contype[g2] & m->geom_conaffinity[g1]))) {
        continue;
      }
      int before = d->ncon;
      mj_collideGeoms(m, d, g1, g2);
      // within a body pair: by the geom pair ordered by type (as the collider sees it)
      std::pair<int, int> gp =
          m->geom_type[g1] > m->geom_type[g2] ? std::make_pair(g2, g1) : std::make_pair(g1, g2);
      for (int i = before; i < d->ncon; i++) {
        keyed.push_back({{b1, b2}, gp});
      }
    }
  }
  std::stable_sort(keyed.begin(), keyed.end());
  std::vector<std::pair<int, int>> out;
  for (auto& k : keyed) {
    out.push_back(k.second);
  }
  return out;
}

TEST(CollisionBroadphase, MatchesBruteForce) {
  char err[1000];
  mjSpec* spec = mj_parseXMLString(kCrowd, nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  // scatter the bodies so that many overlap
  unsigned seed = 12345;
  auto rnd = [&seed]() {
    seed = seed * 1103515245u + 12345u;
    return ((seed >> 8) & 0xFFFF) / 65536.0;
  };
  for (int trial = 0; trial < 3; trial++) {
    mj_resetData(m, d);
    for (int j = 0; j < m->njnt; j++) {
      mjtNum* q = d->qpos + m->jnt_qposadr[j];
      for (int k = 0; k < 3; k++) {
        q[k] += 0.1 * (rnd() - 0.5);
      }
      mjtNum quat[4] = {rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5};
      mju_normalize4(quat);
      mju_copy4(q + 3, quat);
    }
    for (int midphase = 0; midphase < 2; midphase++) {
      m->opt.disableflags = midphase ? mjDSBL_MIDPHASE : 0;
      Collide(m, d);
      std::vector<std::pair<int, int>> mine;
      for (int i = 0; i < d->ncon; i++) {
        mine.push_back({d->contact[i].geom1, d->contact[i].geom2});
      }
      for (auto& p : mine) {
        if (m->geom_type[p.first] > m->geom_type[p.second]) {
          std::swap(p.first, p.second);
        }
      }
      mj_clearEfc(d);
      std::vector<std::pair<int, int>> brute = BruteForcePairs(m, d);
      for (auto& p : brute) {
        if (m->geom_type[p.first] > m->geom_type[p.second]) {
          std::swap(p.first, p.second);
        }
      }
      EXPECT_GT(brute.size(), 50u);
      EXPECT_EQ(mine, brute) << "trial " << trial << " midphase " << !midphase;
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

// ---------------------------------------------------------------------------------------------
// arena, callbacks, user functions, flags

const char kTwoBalls[] = R"(
<mujoco>
  <size memory="%s"/>
  <worldbody>
    <geom name="floor" type="plane" size="3 3 .1"/>
    <body pos="0 0 0.09"><freejoint/><geom name="a" type="sphere" size="0.1"/></body>
    <body pos="0.15 0 0.09"><freejoint/><geom name="b" type="sphere" size="0.1"/></body>
    <body pos="0.3 0 0.09"><freejoint/><geom name="c" type="sphere" size="0.1" contype="0" conaffinity="0"/></body>
  </worldbody>
</mujoco>)";

mjModel* LoadString(const char* xml, const char* memory = "1M") {
  char buf[4096], err[1000];
  snprintf(buf, sizeof(buf), xml, memory);
  mjSpec* spec = mj_parseXMLString(buf, nullptr, err, sizeof(err));
  EXPECT_NE(spec, nullptr) << err;
  if (!spec) {
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  mj_deleteSpec(spec);
  return m;
}

TEST(CollisionDriver, FlagsDisableContacts) {
  mjModel* m = LoadString(kTwoBalls);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Collide(m, d);
  EXPECT_EQ(d->ncon, 3);  // floor-a, floor-b, a-b
  m->opt.disableflags = mjDSBL_CONTACT;
  Collide(m, d);
  EXPECT_EQ(d->ncon, 0);
  m->opt.disableflags = mjDSBL_CONSTRAINT;
  Collide(m, d);
  EXPECT_EQ(d->ncon, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Active bounding-volume nodes (mjData.bvh_active): a world with a floor and a plane tilted by
// 30 degrees (world tree: root 0, leaves 1 and 2), a free body with two geoms (tree: root 3,
// leaves 4 and 5), the first geom at distance h from the tilted plane along its normal, the
// second far above. Expected marks measured with MuJoCo 3.8.0 on the same scenes.
std::string TiltedScene(const char* geom, double h) {
  const double n[3] = {-0.5, 0, 0.8660254037844386};
  char buf[1024];
  std::snprintf(buf, sizeof(buf), R"(
<mujoco>
  <worldbody>
    <geom type="plane" size="30 30 .1"/>
    <geom type="plane" pos="38 0 5" size="10 30 .1" euler="0 -30 0"/>
    <body pos="38 0 5">
      <freejoint/>
      <geom %s pos="%.9f %.9f %.9f"/>
      <geom type="sphere" size="1" pos="0 0 10"/>
    </body>
  </worldbody>
</mujoco>)",
                geom, n[0] * h, n[1] * h, n[2] * h);
  return buf;
}

std::vector<int> ActiveNodes(const char* geom, double h, int flags = 0, int bvactive = 1) {
  mjModel* m = LoadString(TiltedScene(geom, h).c_str());
  EXPECT_NE(m, nullptr);
  if (!m) {
    return {};
  }
  mjData* d = mj_makeData(m);
  Collide(m, d);
  m->opt.disableflags = flags;
  m->vis.global.bvactive = bvactive;
  Collide(m, d);
  std::vector<int> active;
  for (int i = 0; i < m->nbvh; i++) {
    if (d->bvh_active[i]) {
      active.push_back(i);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return active;
}

TEST(CollisionDriver, ActiveNodesAreThoseTheMidPhasePasses) {
  using V = std::vector<int>;
  const char* sphere = R"(type="sphere" size="1")";
  // the leaf pair is marked while the sphere test passes (distance below the radius), not out
  // to the 1.37 at which the sphere's box reaches the plane; the body's root is marked against
  // the tilted plane's leaf (half-space box) either way
  EXPECT_EQ(ActiveNodes(sphere, 0.9), (V{0, 2, 3, 4}));
  EXPECT_EQ(ActiveNodes(sphere, 1.0), (V{0, 2, 3}));
  // a flat ellipsoid turned 45 degrees about its long axis: the geom boxes overlap up to
  // 0.5 sqrt(2) and its bounding sphere (radius 2) passes, so the leaves are marked beyond the
  // contact distance 0.5
  const char* ellipsoid = R"(type="ellipsoid" size="0.5 2 0.5" euler="0 15 0")";
  EXPECT_EQ(ActiveNodes(ellipsoid, 0.7), (V{0, 2, 3, 4}));
  EXPECT_EQ(ActiveNodes(ellipsoid, 0.75), (V{0, 2, 3}));
  // contype/conaffinity come after the marks
  const char* other = R"(type="sphere" size="1" contype="2" conaffinity="2")";
  EXPECT_EQ(ActiveNodes(other, 0.9), (V{0, 2, 3, 4}));
  // cleared with contacts or the mid phase off, and not set without visual/global/bvactive
  EXPECT_EQ(ActiveNodes(sphere, 0.9, mjDSBL_CONTACT), V{});
  EXPECT_EQ(ActiveNodes(sphere, 0.9, mjDSBL_MIDPHASE), V{});
  EXPECT_EQ(ActiveNodes(sphere, 0.9, 0, 0), V{});
}

// One free body with 60 spheres resting on the floor: 60 contacts (~34K of mjContact) do not fit
// in an 8K arena (the model itself needs little memory: nv = 6).
const char kManyBalls[] = R"(
<mujoco>
  <size memory="%s"/>
  <worldbody>
    <geom name="floor" type="plane" size="10 10 .1"/>
    <body pos="-9 0 0.09"><freejoint/>
      <replicate count="60" offset="0.3 0 0"><geom type="sphere" size="0.1"/></replicate>
    </body>
  </worldbody>
</mujoco>)";

// The arena is full: mjWARN_CONTACTFULL (message naming <size memory>), no crash, the contacts
// that fit are kept (in order); with enough memory all 60 are found.
TEST(CollisionDriver, ContactBufferFull) {
  ScopedErrorCapture capture;
  mjModel* big = LoadString(kManyBalls, "1M");
  ASSERT_NE(big, nullptr);
  mjData* dbig = mj_makeData(big);
  Collide(big, dbig);
  EXPECT_EQ(dbig->ncon, 60);
  EXPECT_EQ(dbig->warning[mjWARN_CONTACTFULL].number, 0);

  mjModel* m = LoadString(kManyBalls, "8K");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  ASSERT_NE(d, nullptr);
  Collide(m, d);
  EXPECT_LT(d->ncon, 60);
  EXPECT_GT(d->ncon, 0);
  for (int i = 0; i < d->ncon; i++) {
    EXPECT_EQ(d->contact[i].geom2, dbig->contact[i].geom2);
  }
  EXPECT_GT(d->warning[mjWARN_CONTACTFULL].number, 0);
  ASSERT_FALSE(capture.warnings().empty());
  EXPECT_NE(capture.warnings().back().find("memory"), std::string::npos)
      << capture.warnings().back();
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteData(dbig);
  mj_deleteModel(big);
}

TEST(CollisionDriver, AddContact) {
  mjModel* m = LoadString(kTwoBalls);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  Collide(m, d);
  int n = d->ncon;
  mjContact extra = d->contact[0];
  extra.dist = -0.5;
  EXPECT_EQ(mj_addContact(m, d, &extra), 0);
  EXPECT_EQ(d->ncon, n + 1);
  EXPECT_EQ(d->contact[n].dist, -0.5);
  EXPECT_EQ(d->contact[0].geom1, extra.geom1);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int g_filter_calls = 0;
int DiscardBallPair(const mjModel* m, mjData*, int g1, int g2) {
  g_filter_calls++;
  // keep everything except a-b; c (contype 0) now collides: the callback replaces contype
  int a = mj_name2id(m, mjOBJ_GEOM, "a"), b = mj_name2id(m, mjOBJ_GEOM, "b");
  return (g1 == a && g2 == b) || (g1 == b && g2 == a);
}

TEST(CollisionDriver, ContactFilterCallback) {
  mjModel* m = LoadString(kTwoBalls);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mjcb_contactfilter = DiscardBallPair;
  g_filter_calls = 0;
  Collide(m, d);
  mjcb_contactfilter = nullptr;
  EXPECT_GT(g_filter_calls, 0);
  int a = mj_name2id(m, mjOBJ_GEOM, "a"), b = mj_name2id(m, mjOBJ_GEOM, "b");
  int c = mj_name2id(m, mjOBJ_GEOM, "c");
  bool ab = false, bc = false, floor_c = false;
  for (int i = 0; i < d->ncon; i++) {
    int g1 = d->contact[i].geom1, g2 = d->contact[i].geom2;
    ab |= (g1 == a && g2 == b);
    bc |= (g1 == b && g2 == c);
    floor_c |= (g1 == 0 && g2 == c);
  }
  EXPECT_FALSE(ab);
  EXPECT_TRUE(bc);
  EXPECT_TRUE(floor_c);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int FixedContact(const mjModel*, mjData*, mjContact* con, int, int, mjtNum) {
  con->dist = -0.123;
  mju_zero3(con->pos);
  con->frame[0] = 0;
  con->frame[1] = 0;
  con->frame[2] = 3;  // not normalized: the driver normalizes
  return 1;
}

TEST(CollisionDriver, UserCollisionFunction) {
  mjModel* m = LoadString(kTwoBalls);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mjfCollision saved = mjCOLLISIONFUNC[mjGEOM_SPHERE][mjGEOM_SPHERE];
  mjCOLLISIONFUNC[mjGEOM_SPHERE][mjGEOM_SPHERE] = FixedContact;
  Collide(m, d);
  mjCOLLISIONFUNC[mjGEOM_SPHERE][mjGEOM_SPHERE] = saved;
  ASSERT_EQ(d->ncon, 3);
  EXPECT_EQ(d->contact[2].dist, -0.123);
  EXPECT_NEAR(d->contact[2].frame[2], 1, 1e-15);
  mjCOLLISIONFUNC[mjGEOM_SPHERE][mjGEOM_SPHERE] = nullptr;  // filter 1: no function
  Collide(m, d);
  mjCOLLISIONFUNC[mjGEOM_SPHERE][mjGEOM_SPHERE] = saved;
  EXPECT_EQ(d->ncon, 2);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mj_maxContact follows the "Pair-wise colliders" table.
TEST(CollisionDriver, MaxContact) {
  const char xml[] = R"(
<mujoco>
  <worldbody>
    <geom type="plane" size="1 1 1"/>
    <geom type="sphere" size="1"/>
    <geom type="capsule" size="1 1"/>
    <geom type="ellipsoid" size="1 1 1"/>
    <geom type="cylinder" size="1 1"/>
    <geom type="box" size="1 1 1"/>
    <geom type="box" size="1 1 1" margin="0.1"/>
  </worldbody>
</mujoco>)";
  mjModel* m = LoadString(xml);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(mj_maxContact(m, 0, 1, -1), 1);
  EXPECT_EQ(mj_maxContact(m, 0, 2, -1), 2);
  EXPECT_EQ(mj_maxContact(m, 0, 3, -1), 1);
  EXPECT_EQ(mj_maxContact(m, 0, 4, -1), 4);
  EXPECT_EQ(mj_maxContact(m, 5, 0, -1), 4);
  EXPECT_EQ(mj_maxContact(m, 1, 5, -1), 1);
  EXPECT_EQ(mj_maxContact(m, 2, 2, -1), 2);
  EXPECT_EQ(mj_maxContact(m, 2, 5, -1), 2);
  EXPECT_EQ(mj_maxContact(m, 5, 6, 0), 8);
  EXPECT_EQ(mj_maxContact(m, 3, 5, -1), 1);
  m->opt.disableflags |= mjDSBL_MULTICCD;
  EXPECT_EQ(mj_maxContact(m, 4, 5, -1), 1);
  m->opt.disableflags &= ~mjDSBL_MULTICCD;
  EXPECT_EQ(mj_maxContact(m, 4, 5, -1), 5);
  mj_deleteModel(m);
}

// sdf geoms (with a mesh) collide with planes through their mesh (oracle: collision_convex_test,
// rule scene plane_sdf) and with the other geom types by the sdf collider (oracle:
// collision_sdf_test), except height fields (MuJoCo does not support them either): a model where
// such a pair can collide loads with a warning naming both geoms, and the pair gives no contacts.
namespace sdf_warning {

std::string LoadWithMessage(const std::string& xml, mjModel** m) {
  char path[] = "/tmp/motus_sdf_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    return "mkstemp failed";
  }
  FILE* f = fdopen(fd, "w");
  fputs(xml.c_str(), f);
  fclose(f);
  char msg[1000] = "";
  *m = mj_loadXML(path, nullptr, msg, sizeof(msg));
  std::remove(path);
  return msg;
}

const char* kIco =
    "<asset><mesh name=\"ico\" scale=\".05 .05 .05\" vertex=\"0 1 1.618 0 -1 1.618 0 1 -1.618 "
    "0 -1 -1.618 1 1.618 0 -1 1.618 0 1 -1.618 0 -1 -1.618 0 1.618 0 1 -1.618 0 1 1.618 0 -1 "
    "-1.618 0 -1\"/></asset>";

TEST(CollisionDriver, SdfGeomsCollideWithPlanesAndWarnOtherwise) {
  ScopedErrorCapture capture;  // the warning is also raised through mju_warning
  std::string plane_only = std::string("<mujoco>") + kIco +
                           "<worldbody><geom type=\"plane\" size=\"1 1 .1\"/>"
                           "<body pos=\"0 0 .08\"><freejoint/><geom type=\"sdf\" mesh=\"ico\"/>"
                           "</body></worldbody></mujoco>";
  mjModel* m = nullptr;
  EXPECT_EQ(LoadWithMessage(plane_only, &m), "");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, 2);  // the icosahedron's lower edge: its two vertices 0.0009 deep
  mj_deleteData(d);
  mj_deleteModel(m);

  // supported pairs load silently: an ellipsoid 0.01 into the icosahedron's lowest vertex
  // region, and a mesh geom sharing the sdf geom's mesh
  std::string with_ellipsoid =
      std::string("<mujoco>") + kIco +
      "<worldbody><body><freejoint/><geom type=\"sdf\" mesh=\"ico\"/></body>"
      "<body pos=\"0 0 -.13\"><freejoint/><geom name=\"b\" type=\"ellipsoid\" "
      "size=\".05 .05 .06\"/></body>"
      "<body pos=\".5 0 0\"><freejoint/><geom type=\"mesh\" mesh=\"ico\"/>"
      "</body></worldbody></mujoco>";
  EXPECT_EQ(LoadWithMessage(with_ellipsoid, &m), "");
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(capture.warnings().empty());
  d = mj_makeData(m);
  mj_forward(m, d);
  EXPECT_GT(d->ncon, 0);
  for (int i = 0; i < d->ncon; i++) {
    EXPECT_EQ(d->contact[i].geom1, 1);  // the ellipsoid (lower type first), against the sdf
    EXPECT_EQ(d->contact[i].geom2, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);

  // a height field: a warning naming both geoms
  const char* kHfield =
      "<asset><hfield name=\"h\" nrow=\"2\" ncol=\"2\" size=\".2 .2 .05 .01\" "
      "elevation=\"1 1 1 1\"/></asset>";
  std::string with_hfield = std::string("<mujoco>") + kIco + kHfield +
                            "<worldbody><geom name=\"hf\" type=\"hfield\" hfield=\"h\"/>"
                            "<body pos=\"0 0 .1\"><freejoint/><geom name=\"s\" type=\"sdf\" "
                            "mesh=\"ico\"/></body></worldbody></mujoco>";
  std::string msg = LoadWithMessage(with_hfield, &m);
  ASSERT_NE(m, nullptr);  // loads: the reference loads it too
  EXPECT_NE(msg.find("geom 1 's' of type sdf and geom 0: collisions of height fields"),
            std::string::npos)
      << msg;
  EXPECT_FALSE(capture.warnings().empty());
  d = mj_makeData(m);
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, 0);
  mj_deleteData(d);
  mj_deleteModel(m);

  // the height field filtered out by contype/conaffinity: nothing to warn about
  std::string filtered = with_hfield;
  filtered.replace(filtered.find("name=\"s\""), 8, "name=\"s\" contype=\"0\" conaffinity=\"0\"");
  EXPECT_EQ(LoadWithMessage(filtered, &m), "");
  ASSERT_NE(m, nullptr);
  mj_deleteModel(m);

  // a mesh geom whose mesh no sdf geom uses (no octree): its faces are searched, silently; 3
  // contacts (MuJoCo 3.8.0: 3, equal to 1e-15)
  std::string ico2 = kIco;
  ico2.replace(ico2.find("name=\"ico\""), 10, "name=\"ico2\"");
  std::string with_mesh = std::string("<mujoco>") + kIco + ico2 +
                          "<worldbody><body><freejoint/><geom type=\"sdf\" mesh=\"ico\"/>"
                          "</body><body pos=\"0 0 .1\"><freejoint/><geom name=\"b\" "
                          "type=\"mesh\" mesh=\"ico2\"/></body></worldbody></mujoco>";
  EXPECT_EQ(LoadWithMessage(with_mesh, &m), "");
  ASSERT_NE(m, nullptr);
  d = mj_makeData(m);
  mj_forward(m, d);
  EXPECT_EQ(d->ncon, 3);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace sdf_warning

}  // namespace
}  // namespace motus_test
