// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of the non-tree elements (tendons, actuators, sensors, equalities, contact pairs
// and excludes; src/user/user_compile_*.cc).
//
// Conformance: the models test/data/compile_nontree/*.xml are compiled through mj_loadXML and every
// array is compared with MuJoCo 3.8.0. The golden files next to them were produced by
// tools/gen_golden.py from the kit (the exact command is in each file's header), e.g.
//   tools/gen_golden.py test/data/compile_nontree/contact.xml
//       --out test/data/compile_nontree/contact.txt --forward-only --fields
//       m.npair,m.pair_geom1,...
// Integers are compared exactly; reals with a relative tolerance of 1e-9 (the compiler copies
// or derives them with a few flops, and the oracle prints shortest round-trip doubles).
//
// Features outside these goldens (polynomial stiffness/damping, actuator damping and armature,
// history buffers, static tendon Jacobian structure and trees) are checked against the XML
// reference's definitions directly.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "golden.h"

namespace {

using motus_test::EqualIntArrays;
using motus_test::Golden;
using motus_test::NearArrays;
using motus_test::SourcePath;

// relative tolerance for reals copied or derived by the compiler (see the file comment)
constexpr double kRtol = 1e-9;
// absolute floor for reals that are exactly zero in the oracle (copies: no rounding at all)
constexpr double kAtol = 1e-12;

// One mjModel field by name: its values and whether it is integer-valued. Sizes (nu, ...) are
// one value. Returns false for unknown names.
bool ModelField(const mjModel* m, const std::string& name, std::vector<double>* out,
                bool* integer) {
  out->clear();
#undef MJ_M
#define MJ_M(x) m->x
#define X(type, field, nr, nc)                                                       \
  if (name == #field) {                                                              \
    long n = static_cast<long>(m->nr) * static_cast<long>(nc);                       \
    for (long i = 0; i < n; i++)                                                     \
      out->push_back(static_cast<double>(m->field[i]));                              \
    *integer = std::strcmp(#type, "int") == 0 || std::strcmp(#type, "mjtByte") == 0; \
    return true;                                                                     \
  }
  MJMODEL_POINTERS
#undef X
#define X(field)                                   \
  if (name == #field) {                            \
    out->push_back(static_cast<double>(m->field)); \
    *integer = true;                               \
    return true;                                   \
  }
  MJMODEL_SIZES
#undef X
#undef MJ_M
#define MJ_M(n) n
  return false;
}

// compares one golden field ("m.NAME": a model field)
void CompareField(const mjModel* m, const Golden& golden, const std::string& key) {
  SCOPED_TRACE(key);
  std::string name = key.rfind("m.", 0) == 0 ? key.substr(2) : key;
  std::vector<double> actual;
  bool integer = false;
  ASSERT_TRUE(ModelField(m, name, &actual, &integer)) << "unknown model field " << name;
  std::vector<double> expected = golden.get(0, key);
  if (integer) {
    std::vector<int> ints(actual.begin(), actual.end());
    EXPECT_TRUE(EqualIntArrays(name, ints.data(), static_cast<int>(ints.size()), expected));
  } else {
    EXPECT_TRUE(
        NearArrays(name, actual.data(), static_cast<int>(actual.size()), expected, kRtol, kAtol));
  }
}

mjModel* LoadModel(const std::string& relative) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(SourcePath(relative).c_str(), nullptr, error, sizeof(error));
  EXPECT_NE(m, nullptr) << relative << ": " << error;
  return m;
}

// compiles an XML string; returns the model, or nullptr with the compiler's error in *error
mjModel* CompileString(const std::string& xml, std::string* error) {
  char buf[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, buf, sizeof(buf));
  if (!spec) {
    *error = std::string("parse: ") + buf;
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  *error = m ? "" : mjs_getError(spec);
  mj_deleteSpec(spec);
  return m;
}

struct ConformanceCase {
  const char* model;
  const char* golden;
  std::vector<std::string> fields;
};

void RunConformance(const ConformanceCase& c) {
  Golden golden(SourcePath(c.golden));
  ASSERT_TRUE(golden.ok()) << golden.error();
  mjModel* m = LoadModel(c.model);
  ASSERT_NE(m, nullptr);
  for (const std::string& f : c.fields) {
    CompareField(m, golden, f);
  }
  mj_deleteModel(m);
}

// ------------------------------------ conformance with MuJoCo 3.8.0 ---------------------------

TEST(CompileNonTree, TendonMatchesOracle) {
  RunConformance({"test/data/compile_nontree/tendon.xml",
                  "test/data/compile_nontree/tendon.txt",
                  {"m.ntendon",
                   "m.nwrap",
                   "m.nuser_tendon",
                   "m.tendon_adr",
                   "m.tendon_num",
                   "m.tendon_matid",
                   "m.tendon_group",
                   "m.tendon_limited",
                   "m.tendon_actfrclimited",
                   "m.tendon_width",
                   "m.tendon_solref_lim",
                   "m.tendon_solimp_lim",
                   "m.tendon_solref_fri",
                   "m.tendon_solimp_fri",
                   "m.tendon_range",
                   "m.tendon_actfrcrange",
                   "m.tendon_margin",
                   "m.tendon_stiffness",
                   "m.tendon_damping",
                   "m.tendon_armature",
                   "m.tendon_frictionloss",
                   "m.tendon_lengthspring",
                   "m.tendon_user",
                   "m.tendon_rgba",
                   "m.wrap_type",
                   "m.wrap_objid",
                   "m.wrap_prm",
                   "m.ten_J_rownnz",
                   "m.ten_J_rowadr",
                   "m.ten_J_colind",
                   "m.name_tendonadr"}});
}

TEST(CompileNonTree, ActuatorMatchesOracle) {
  RunConformance({"test/data/compile_nontree/actuator.xml",
                  "test/data/compile_nontree/actuator.txt",
                  {"m.nu",
                   "m.na",
                   "m.nJmom",
                   "m.nuser_actuator",
                   "m.actuator_trntype",
                   "m.actuator_dyntype",
                   "m.actuator_gaintype",
                   "m.actuator_biastype",
                   "m.actuator_trnid",
                   "m.actuator_actadr",
                   "m.actuator_actnum",
                   "m.actuator_group",
                   "m.actuator_ctrllimited",
                   "m.actuator_forcelimited",
                   "m.actuator_actlimited",
                   "m.actuator_dynprm",
                   "m.actuator_gainprm",
                   "m.actuator_biasprm",
                   "m.actuator_actearly",
                   "m.actuator_ctrlrange",
                   "m.actuator_forcerange",
                   "m.actuator_actrange",
                   "m.actuator_gear",
                   "m.actuator_cranklength",
                   "m.actuator_lengthrange",
                   "m.actuator_user",
                   "m.actuator_plugin",
                   "m.name_actuatoradr"}});
}

TEST(CompileNonTree, SensorMatchesOracle) {
  RunConformance(
      {"test/data/compile_nontree/sensor.xml",
       "test/data/compile_nontree/sensor.txt",
       {"m.nsensor", "m.nsensordata", "m.nuser_sensor", "m.sensor_type", "m.sensor_datatype",
        "m.sensor_needstage", "m.sensor_objtype", "m.sensor_objid", "m.sensor_reftype",
        "m.sensor_refid", "m.sensor_intprm", "m.sensor_dim", "m.sensor_adr", "m.sensor_cutoff",
        "m.sensor_noise", "m.sensor_user", "m.sensor_plugin", "m.name_sensoradr"}});
}

TEST(CompileNonTree, EqualityMatchesOracle) {
  // eq_data of body-based connects/welds is completed at qpos0 by mj_setConst
  RunConformance({"test/data/compile_nontree/equality.xml",
                  "test/data/compile_nontree/equality.txt",
                  {"m.neq", "m.eq_type", "m.eq_obj1id", "m.eq_obj2id", "m.eq_objtype",
                   "m.eq_active0", "m.eq_solref", "m.eq_solimp", "m.eq_data", "m.name_eqadr"}});
}

TEST(CompileNonTree, ContactMatchesOracle) {
  RunConformance(
      {"test/data/compile_nontree/contact.xml",
       "test/data/compile_nontree/contact.txt",
       {"m.npair", "m.nexclude", "m.pair_dim", "m.pair_geom1", "m.pair_geom2", "m.pair_signature",
        "m.pair_solref", "m.pair_solreffriction", "m.pair_solimp", "m.pair_margin", "m.pair_gap",
        "m.pair_friction", "m.exclude_signature", "m.name_pairadr", "m.name_excludeadr"}});
}

// weld relpose quaternions are normalized by the compiler (conform eq_weld: the unnormalized
// quaternion "1 -.3 0 0" made the rotation rows' efc_pos differ from MuJoCo's)
TEST(CompileNonTree, WeldRelposeQuaternionIsNormalized) {
  mjModel* m = LoadModel("test/data/compile_nontree/weld_relpose.xml");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->neq, 2);
  const double norm = std::sqrt(1.0 + 0.3 * 0.3);
  const double expected[4] = {1 / norm, -0.3 / norm, 0, 0};
  for (int e = 0; e < m->neq; e++) {
    const mjtNum* data = m->eq_data + mjNEQDATA * e;
    for (int k = 0; k < 4; k++) {
      // one division: a few ulp
      EXPECT_NEAR(data[6 + k], expected[k], 1e-15) << "weld " << e << " quat " << k;
    }
  }
  EXPECT_EQ(m->eq_data[mjNEQDATA + 2], -1);    // anchor untouched
  EXPECT_EQ(m->eq_data[mjNEQDATA + 10], 0.5);  // torquescale untouched
  mj_deleteModel(m);
}

// nJmom, the moment-arm capacity (MuJoCo 3.8's bound): for each transmission, nJmom of a model
// with only that actuator as MuJoCo 3.8.0 compiles it (`mjref MODEL --forward-only --fields
// m.nJmom`): a site with a refsite on another tree counts both chains (4 + 3), on an ancestor's
// body only the dofs of the site's chain below it (4 - 1), a slider-crank both chains (union),
// a body every dof.
TEST(CompileNonTree, MomentCapacityPerTransmission) {
  const char* xml = R"(
<mujoco>
  <worldbody>
    <body name="a"><joint type="hinge"/><geom size=".1"/><site name="sa"/>
      <body name="a2" pos="0 0 1"><joint type="ball"/><geom size=".1"/><site name="sa2"/></body>
    </body>
    <body name="b" pos="2 0 0"><joint type="slide"/><joint type="hinge"/><geom size=".1"/>
      <site name="sb"/>
      <body name="b2" pos="0 0 1"><joint type="hinge" axis="1 0 0"/><geom size=".1"/>
        <site name="sb2"/></body>
    </body>
    <body name="c" pos="4 0 0"><freejoint/><geom size=".1"/></body>
  </worldbody>
  <actuator>%s</actuator>
</mujoco>)";
  const struct {
    const char* actuator;
    int njmom;
  } cases[] = {
      {R"(<general site="sa2" refsite="sb2"/>)", 7},
      {R"(<general site="sa2" refsite="sa"/>)", 3},
      {R"(<general site="sa" refsite="sa2"/>)", 3},
      {R"(<general site="sb2" refsite="sb"/>)", 1},
      {R"(<general site="sa2"/>)", 4},
      {R"(<general cranksite="sa2" slidersite="sb2" cranklength="0.3"/>)", 7},
      {R"(<general cranksite="sa2" slidersite="sa" cranklength="0.3"/>)", 4},
      {R"(<adhesion body="a" gain="1" ctrlrange="0 1"/>)", 13},
  };
  for (const auto& c : cases) {
    std::string text = xml;
    text.replace(text.find("%s"), 2, c.actuator);
    std::string error;
    mjModel* m = CompileString(text, &error);
    ASSERT_NE(m, nullptr) << error;
    EXPECT_EQ(m->nJmom, c.njmom) << c.actuator;
    // the moment rows fit at a generic pose
    mjData* d = mj_makeData(m);
    for (int i = 0; i < m->nq; i++) {
      d->qpos[i] += 0.1 * (i + 1);
    }
    mj_forward(m, d);
    EXPECT_LE(d->moment_rownnz[0], c.njmom) << c.actuator;
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// springlength (-1, -1) is the tendon length at qpos_spring (not qpos0: joint j1 of the model
// has ref="10" and springref 0): fixed tendons and spatial tendons made of sites and pulleys
// are resolved by the compiler; t0 wraps a geom and needs the engine (next test).
TEST(CompileNonTree, AutomaticSpringLength) {
  Golden golden(SourcePath("test/data/compile_nontree/setconst.txt"));
  ASSERT_TRUE(golden.ok()) << golden.error();
  mjModel* m = LoadModel("test/data/compile_nontree/setconst.xml");
  ASSERT_NE(m, nullptr);
  const std::vector<double>& expected = golden.get(0, "m.tendon_lengthspring");
  ASSERT_EQ(static_cast<int>(expected.size()), 2 * m->ntendon);
  for (int i = 2; i < 2 * m->ntendon; i++) {
    // a few flops of kinematics on top of the positions: 1e-9 relative
    EXPECT_NEAR(m->tendon_lengthspring[i], expected[i], 1e-9 * std::abs(expected[i]))
        << "tendon " << i / 2;
  }
  mj_deleteModel(m);
}

// Quantities computed at qpos0 by the engine (mj_setConst) from the arrays compiled here, and the
// spring length of a geom-wrapped tendon. Skipped while the engine computes none of them (all
// of tendon_length0 and actuator_acc0 zero). Tolerance 1e-9 relative: kinematics, wrapping and
// a factorization, a few hundred flops.
TEST(CompileNonTree, SetConstQuantitiesMatchOracle) {
  mjModel* m = LoadModel("test/data/compile_nontree/setconst.xml");
  ASSERT_NE(m, nullptr);
  bool computed = false;
  for (int t = 0; t < m->ntendon; t++) {
    computed = computed || m->tendon_length0[t] != 0;
  }
  for (int i = 0; i < m->nu; i++) {
    computed = computed || m->actuator_acc0[i] != 0;
  }
  mj_deleteModel(m);
  if (!computed) {
    GTEST_SKIP() << "mj_setConst does not compute tendon_length0 / actuator_acc0 yet";
  }
  RunConformance({"test/data/compile_nontree/setconst.xml",
                  "test/data/compile_nontree/setconst.txt",
                  {"m.tendon_length0", "m.tendon_invweight0", "m.tendon_lengthspring",
                   "m.actuator_length0", "m.actuator_acc0"}});
}

// ------------------------------------ beyond the goldens ---------------------------------------

const char* kTreeXml = R"(
<mujoco>
  <worldbody>
    <site name="w"/>
    <body name="a">
      <joint name="ja" type="hinge"/>
      <geom name="ga" size=".1"/>
      <site name="sa"/>
      <body name="a2"><joint name="ja2" type="slide"/><geom size=".1"/><site name="sa2"/></body>
    </body>
    <body name="b" pos="1 0 0">
      <freejoint/>
      <geom name="gb" size=".1"/>
      <site name="sb"/>
    </body>
    <body name="c" pos="0 1 0"><geom size=".1"/><site name="sc"/></body>
  </worldbody>
  %s
</mujoco>)";

std::string TreeModel(const std::string& body) {
  std::string xml = kTreeXml;
  xml.replace(xml.find("%s"), 2, body);
  return xml;
}

// XMLreference tendon/stiffness, damping: "a b c" -> linear coefficient in tendon_stiffness,
// the higher ones in tendon_stiffnesspoly (computation "Polynomial forces", mjModel fields)
TEST(CompileNonTree, TendonPolynomialCoefficients) {
  std::string error;
  mjModel* m = CompileString(TreeModel(R"(
    <tendon>
      <fixed name="t" stiffness="3 4 5" damping="6 7 8"><joint joint="ja" coef="1"/></fixed>
      <fixed name="u" stiffness="2"><joint joint="ja2" coef="1"/></fixed>
    </tendon>)"),
                             &error);
  ASSERT_NE(m, nullptr) << error;
  EXPECT_EQ(m->tendon_stiffness[0], 3);
  EXPECT_EQ(m->tendon_stiffnesspoly[0], 4);
  EXPECT_EQ(m->tendon_stiffnesspoly[1], 5);
  EXPECT_EQ(m->tendon_damping[0], 6);
  EXPECT_EQ(m->tendon_dampingpoly[0], 7);
  EXPECT_EQ(m->tendon_dampingpoly[1], 8);
  EXPECT_EQ(m->tendon_stiffness[1], 2);
  EXPECT_EQ(m->tendon_stiffnesspoly[2], 0);
  EXPECT_EQ(m->tendon_stiffnesspoly[3], 0);
  mj_deleteModel(m);
}

// tendon_treenum / tendon_treeid: the kinematic trees (body_treeid) of the objects on the path,
// the ids the first two in path order
TEST(CompileNonTree, TendonTrees) {
  std::string error;
  mjModel* m = CompileString(TreeModel(R"(
    <tendon>
      <spatial name="t0"><site site="w"/><site site="sc"/></spatial>
      <spatial name="t1"><site site="sb"/><site site="sa2"/><site site="w"/></spatial>
      <fixed name="t2"><joint joint="ja2" coef="1"/><joint joint="ja" coef="1"/></fixed>
    </tendon>)"),
                             &error);
  ASSERT_NE(m, nullptr) << error;
  for (int t = 0; t < m->ntendon; t++) {
    // independent computation: distinct body_treeid over the path objects, in path order
    std::vector<int> ids;
    for (int w = m->tendon_adr[t]; w < m->tendon_adr[t] + m->tendon_num[t]; w++) {
      int body = m->wrap_type[w] == mjWRAP_JOINT ? m->jnt_bodyid[m->wrap_objid[w]]
                                                 : m->site_bodyid[m->wrap_objid[w]];
      int tree = m->body_treeid[body];
      if (tree >= 0 && std::find(ids.begin(), ids.end(), tree) == ids.end()) {
        ids.push_back(tree);
      }
    }
    EXPECT_EQ(m->tendon_treenum[t], static_cast<int>(ids.size())) << "tendon " << t;
    EXPECT_EQ(m->tendon_treeid[2 * t], ids.size() > 0 ? ids[0] : -1) << "tendon " << t;
    EXPECT_EQ(m->tendon_treeid[2 * t + 1], ids.size() > 1 ? ids[1] : -1) << "tendon " << t;
  }
  EXPECT_EQ(m->tendon_treenum[0], 0);  // world and a static body: no tree
  EXPECT_EQ(m->tendon_treenum[1], 2);
  EXPECT_EQ(m->tendon_treenum[2], 1);
  mj_deleteModel(m);
}

// the values MuJoCo 3.8.0 stores for paths through five free bodies (trees 0..4)
TEST(CompileNonTree, TendonTreesInPathOrder) {
  std::string error;
  mjModel* m = CompileString(R"(
    <mujoco>
      <worldbody>
        <body><freejoint/><geom size=".1"/><site name="s0"/></body>
        <body pos="1 0 0"><freejoint/><geom size=".1"/><site name="s1"/></body>
        <body pos="2 0 0"><freejoint/><geom size=".1"/><site name="s2"/></body>
        <body pos="3 0 0"><freejoint/><geom size=".1"/><site name="s3"/></body>
        <body pos="4 0 0"><freejoint/><geom size=".1"/><site name="s4"/></body>
      </worldbody>
      <tendon>
        <spatial><site site="s0"/><site site="s3"/><site site="s2"/><site site="s4"/></spatial>
        <spatial><site site="s1"/><site site="s0"/></spatial>
        <spatial><site site="s4"/><site site="s2"/><site site="s4"/></spatial>
      </tendon>
    </mujoco>)",
                             &error);
  ASSERT_NE(m, nullptr) << error;
  const int expected[3][3] = {{4, 0, 3}, {2, 1, 0}, {2, 4, 2}};  // treenum, treeid
  for (int t = 0; t < 3; t++) {
    EXPECT_EQ(m->tendon_treenum[t], expected[t][0]) << "tendon " << t;
    EXPECT_EQ(m->tendon_treeid[2 * t], expected[t][1]) << "tendon " << t;
    EXPECT_EQ(m->tendon_treeid[2 * t + 1], expected[t][2]) << "tendon " << t;
  }
  mj_deleteModel(m);
}

// Static tendon Jacobian structure: a spatial tendon depends on the dofs of every ancestor of
// the bodies on its path; checked against a naive walk up body_parentid.
TEST(CompileNonTree, TendonJacobianStructure) {
  std::string error;
  mjModel* m = CompileString(TreeModel(R"(
    <tendon>
      <spatial name="t0"><site site="sa2"/><site site="sb"/></spatial>
      <spatial name="t1"><site site="w"/><site site="sc"/></spatial>
      <fixed name="t2"><joint joint="ja2" coef="0"/><joint joint="ja" coef="1"/></fixed>
    </tendon>)"),
                             &error);
  ASSERT_NE(m, nullptr) << error;
  int adr = 0;
  for (int t = 0; t < m->ntendon; t++) {
    std::set<int> dofs;
    for (int w = m->tendon_adr[t]; w < m->tendon_adr[t] + m->tendon_num[t]; w++) {
      if (m->wrap_type[w] == mjWRAP_JOINT) {
        dofs.insert(m->jnt_dofadr[m->wrap_objid[w]]);
        continue;
      }
      for (int b = m->site_bodyid[m->wrap_objid[w]]; b > 0; b = m->body_parentid[b]) {
        for (int k = 0; k < m->body_dofnum[b]; k++) {
          dofs.insert(m->body_dofadr[b] + k);
        }
      }
    }
    EXPECT_EQ(m->ten_J_rowadr[t], adr);
    ASSERT_EQ(m->ten_J_rownnz[t], static_cast<int>(dofs.size())) << "tendon " << t;
    int k = 0;
    for (int d : dofs) {
      EXPECT_EQ(m->ten_J_colind[adr + k++], d) << "tendon " << t;
    }
    adr += m->ten_J_rownnz[t];
  }
  EXPECT_EQ(m->nJten, adr);
  EXPECT_EQ(m->ten_J_rownnz[0], 8);  // slide + hinge + free
  EXPECT_EQ(m->ten_J_rownnz[1], 0);
  mj_deleteModel(m);
}

// XMLreference actuator/general/damping, armature: copied per actuator (linear coefficient and
// higher ones split as for tendons); jnt_actuatorid / tendon_actuatorid name the actuator that
// carries them (-1 none, -2 several)
TEST(CompileNonTree, ActuatorDampingArmature) {
  std::string error;
  mjModel* m = CompileString(TreeModel(R"(
    <tendon><fixed name="t"><joint joint="ja" coef="1"/></fixed></tendon>
    <actuator>
      <motor joint="ja"/>
      <general joint="ja" damping="1 2 3" armature="0.5"/>
      <general tendon="t" armature="2"/>
      <general joint="ja2" damping="4"/>
      <general joint="ja2" armature="1"/>
    </actuator>)"),
                             &error);
  ASSERT_NE(m, nullptr) << error;
  EXPECT_EQ(m->actuator_damping[1], 1);
  EXPECT_EQ(m->actuator_dampingpoly[2], 2);
  EXPECT_EQ(m->actuator_dampingpoly[3], 3);
  EXPECT_EQ(m->actuator_armature[1], 0.5);
  EXPECT_EQ(m->actuator_armature[2], 2);
  EXPECT_EQ(m->actuator_damping[0], 0);
  EXPECT_EQ(m->jnt_actuatorid[0], 1);   // ja: only actuator 1 has damping/armature
  EXPECT_EQ(m->jnt_actuatorid[1], -2);  // ja2: two actuators
  EXPECT_EQ(m->jnt_actuatorid[2], -1);  // free joint: none
  EXPECT_EQ(m->tendon_actuatorid[0], 2);
  mj_deleteModel(m);
}

// modeling "Delays": the engine does not keep actuator or sensor histories yet, so nsample (with
// its delay and interp) and sensor intervals are compile errors naming the feature, never
// silently ignored; without them no history buffer is allocated
// without nsample no history buffer is laid out (delays themselves: history_test)
TEST(CompileNonTree, NoHistoryWithoutNsample) {
  std::string error;
  mjModel* m = CompileString(TreeModel(R"(
    <actuator><motor joint="ja"/></actuator>
    <sensor><jointpos joint="ja"/></sensor>)"),
                             &error);
  ASSERT_NE(m, nullptr) << error;
  EXPECT_EQ(m->nhistory, 0);
  EXPECT_EQ(m->actuator_historyadr[0], -1);
  EXPECT_EQ(m->sensor_historyadr[0], -1);
  mj_deleteModel(m);
}

// Pairs and excludes are renumbered by signature: names follow the compiled order
TEST(CompileNonTree, SortedPairNames) {
  mjModel* m = LoadModel("test/data/compile_nontree/contact.xml");
  ASSERT_NE(m, nullptr);
  for (int k = 0; k < m->npair; k++) {
    const char* name = mj_id2name(m, mjOBJ_PAIR, k);
    if (name && name[0]) {
      EXPECT_EQ(mj_name2id(m, mjOBJ_PAIR, name), k);
    }
    if (k > 0) {
      EXPECT_LE(m->pair_signature[k - 1], m->pair_signature[k]);
    }
  }
  EXPECT_EQ(mj_name2id(m, mjOBJ_PAIR, "p0"), 5);  // highest signature (bodies b, c)
  EXPECT_EQ(mj_name2id(m, mjOBJ_EXCLUDE, "e2"), 0);
  mj_deleteModel(m);
}

// ------------------------------------ errors ---------------------------------------------------

struct ErrorCase {
  const char* body;                 // inserted into the tree model
  std::vector<const char*> expect;  // substrings of the error message
};

TEST(CompileNonTree, ErrorsNameTheElementAndTheMissingName) {
  const ErrorCase cases[] = {
      {R"(<tendon><fixed name="tf"><joint joint="nope" coef="1"/></fixed></tendon>)",
       {"nope", "tendon"}},
      {R"(<tendon><spatial name="ts"><site site="w"/><site site="gone"/></spatial></tendon>)",
       {"gone", "tendon"}},
      {R"(<tendon><spatial name="ts"><site site="w"/></spatial></tendon>)", {"ts", "at least two"}},
      {R"(<tendon><spatial name="ts"><site site="w"/><site site="sa"/><pulley divisor="2"/>
          </spatial></tendon>)",
       {"ts", "pulley"}},
      {R"(<tendon><spatial name="ts"><site site="w"/><site site="w"/></spatial></tendon>)",
       {"ts", "repeated"}},
      {R"(<tendon><fixed name="tf" springlength="2 1"><joint joint="ja" coef="1"/></fixed>
          </tendon>)",
       {"tf", "springlength"}},
      {R"(<tendon><fixed name="tf" limited="true" range="1 1"><joint joint="ja" coef="1"/>
          </fixed></tendon>)",
       {"tf", "limits"}},
      {R"(<actuator><motor name="mo" joint="nojoint"/></actuator>)", {"mo", "nojoint"}},
      {R"(<actuator><motor name="mo" tendon="ja"/></actuator>)", {"mo", "ja"}},
      {R"(<actuator><general name="gc" cranksite="sa" slidersite="missing" cranklength="1"/>
          </actuator>)",
       {"gc", "missing"}},
      {R"(<actuator><general name="gc" cranksite="sa" slidersite="sb"/></actuator>)",
       {"gc", "crank length"}},
      {R"(<actuator><general name="gd" joint="ja" actdim="2" dyntype="integrator"/>
          </actuator>)",
       {"gd", "actdim"}},
      {R"(<actuator><general name="gr" joint="ja" ctrllimited="true" ctrlrange="1 1"/>
          </actuator>)",
       {"gr", "control range"}},
      {R"(<actuator><position name="pi" joint="ja" inheritrange="1"/></actuator>)",
       {"pi", "range"}},
      {R"(<sensor><touch name="st" site="nosite"/></sensor>)", {"st", "nosite"}},
      {R"(<sensor><jointpos name="sj" joint="nojoint"/></sensor>)", {"sj", "nojoint"}},
      {R"(<sensor><framepos name="sf" objtype="site" objname="sa" reftype="body"
           refname="noref"/></sensor>)",
       {"sf", "noref"}},
      {R"(<sensor><ballquat name="sq" joint="ja"/></sensor>)", {"sq", "ball"}},
      {R"(<sensor><jointlimitpos name="sl" joint="ja"/></sensor>)", {"sl", "limited"}},
      {R"(<sensor><framequat name="sc" objtype="site" objname="sa" cutoff="1"/></sensor>)",
       {"sc", "cutoff"}},
      {R"(<sensor><user name="su" dim="3" datatype="quaternion"/></sensor>)", {"su", "QUATERNION"}},
      {R"(<equality><connect name="ec" body1="nobody" anchor="0 0 0"/></equality>)",
       {"ec", "nobody"}},
      {R"(<equality><weld name="ew" body1="a" body2="a"/></equality>)", {"ew", "repeated"}},
      {R"(<equality><joint name="ej" joint1="ja" joint2="nojoint"/></equality>)",
       {"ej", "nojoint"}},
      {R"(<contact><pair name="cp" geom1="nogeom" geom2="nogeom2"/></contact>)", {"cp", "nogeom"}},
      {R"(<contact><exclude name="ce" body1="a" body2="nobody"/></contact>)", {"ce", "nobody"}},
      {R"(<size nuser_actuator="1"/><actuator><motor joint="ja" user="1 2"/></actuator>)",
       {"nuser_actuator"}},
      {R"(<contact><pair name="cd" geom1="ga" geom2="gb" condim="2"/></contact>)",
       {"cd", "condim"}},
  };
  for (const ErrorCase& c : cases) {
    std::string error;
    mjModel* m = CompileString(TreeModel(c.body), &error);
    EXPECT_EQ(m, nullptr) << c.body;
    if (m) {
      mj_deleteModel(m);
      continue;
    }
    for (const char* s : c.expect) {
      EXPECT_NE(error.find(s), std::string::npos) << "'" << s << "' missing in: " << error;
    }
  }
}

}  // namespace
