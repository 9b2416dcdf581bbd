// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJB files that are well formed (valid checksum, consistent sizes) but describe a model the
// compiler would never produce: each case edits one field of a compiled model the way a hostile
// or damaged file can, saves it, and expects mj_loadModelBuffer to return NULL with a warning
// naming the problem, without mju_error. Each case is one class of crash that such files caused
// in the engine (heap overflows, negative memcpy sizes, wild reads) before the loader checked
// them. The inputs under ../shared/fuzz-inputs must load to NULL or simulate cleanly.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <dirent.h>
#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "user/user_mjb.h"

namespace {

using motus_test::ScopedErrorCapture;

// two floating boxes, a hinge chain with a fixed and a spatial tendon (wrapping geom), every
// kind of equality, actuators on a joint, a tendon and a site, and sensors; the first actuator
// and the first sensor are delayed (history buffers)
const char kModel[] = R"(
<mujoco>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="box1" pos="0 0 0.3"><freejoint/><geom type="box" size=".1 .1 .1"/>
      <site name="b1"/></body>
    <body name="box2" pos="0.5 0 0.3"><freejoint/><geom type="box" size=".1 .2 .1"/></body>
    <body name="arm" pos="0 1 1">
      <joint name="j0" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0 0 -.5" size=".05"/>
      <site name="s0" pos=".1 0 0"/>
      <body name="fore" pos="0 0 -.5">
        <joint name="j1" axis="0 1 0"/>
        <geom name="wrap" type="cylinder" size=".06 .05" zaxis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0 0 -.5" size=".04"/>
        <site name="s1" pos=".1 0 -.4"/>
        <site name="side" pos=".2 0 0"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <fixed name="fixed"><joint joint="j0" coef="1"/><joint joint="j1" coef="-.5"/></fixed>
    <spatial name="spatial"><site site="s0"/><geom geom="wrap" sidesite="side"/>
      <site site="s1"/></spatial>
  </tendon>
  <equality>
    <connect body1="box1" body2="box2" anchor="0.25 0 0"/>
    <weld site1="b1" site2="s0"/>
    <joint joint1="j0" joint2="j1" polycoef="0 1 0 0 0"/>
    <tendon tendon1="fixed" tendon2="spatial"/>
  </equality>
  <actuator>
    <motor joint="j0" gear="2" nsample="3" delay="0.004"/>
    <motor tendon="spatial"/>
    <motor site="b1" gear="0 0 1 0 0 0"/>
  </actuator>
  <sensor>
    <jointpos joint="j1" nsample="2" interp="linear" delay="0.002"/>
    <framepos objtype="body" objname="box1"/>
    <tendonpos tendon="fixed"/>
  </sensor>
</mujoco>)";

// a passive plugin with one attribute and two state values; its instance in kPluginModel
const char* const kPluginAttributes[] = {"gain"};

void RegisterValidatePlugin() {
  static const bool registered = [] {
    mjpPlugin p;
    mjp_defaultPlugin(&p);
    p.name = "motus.test.validate";
    p.nattribute = 1;
    p.attributes = kPluginAttributes;
    p.capabilityflags = mjPLUGIN_PASSIVE;
    p.nstate = [](const mjModel*, int) { return 2; };
    p.init = [](const mjModel*, mjData*, int) { return 0; };
    p.reset = [](const mjModel*, mjtNum* state, void*, int) { state[0] = state[1] = 0; };
    p.compute = [](const mjModel*, mjData*, int, int) {};
    return mjp_registerPlugin(&p) >= 0;
  }();
  EXPECT_TRUE(registered);
}

const char kPluginModel[] = R"(
<mujoco>
  <extension>
    <plugin plugin="motus.test.validate">
      <instance name="p"><config key="gain" value="3"/></instance>
    </plugin>
  </extension>
  <worldbody>
    <body><joint type="slide"/><geom size=".1"/></body>
  </worldbody>
</mujoco>)";

mjModel* Compile(const char* xml = kModel) {
  RegisterValidatePlugin();
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "validate.xml", xml, static_cast<int>(std::strlen(xml)));
  char error[1000] = "";
  mjModel* m = mj_loadXML("validate.xml", &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  EXPECT_NE(m, nullptr) << error;
  return m;
}

// Applies `edit` to a compiled model, saves it (valid checksum, consistent sizes) and loads it
// back. Returns the loader's warning; fails the test if the model loads or mju_error is called.
std::string Rejection(const std::function<void(mjModel*)>& edit, const char* xml = kModel) {
  mjModel* m = Compile(xml);
  if (!m) {
    return "";
  }
  edit(m);
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  mj_deleteModel(m);
  EXPECT_FALSE(bytes.empty());
  ScopedErrorCapture capture;
  mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  EXPECT_EQ(back, nullptr);
  if (back) {
    mj_deleteModel(back);
  }
  EXPECT_TRUE(capture.errors().empty());
  EXPECT_EQ(capture.warnings().size(), 1u);
  return capture.warnings().empty() ? "" : capture.warnings()[0];
}

#define EXPECT_REJECTED(edit, text)                              \
  do {                                                           \
    std::string warning = Rejection(edit);                       \
    EXPECT_NE(warning.find(text), std::string::npos) << warning; \
  } while (0)

#define EXPECT_PLUGIN_MODEL_REJECTED(edit, text)                 \
  do {                                                           \
    std::string warning = Rejection(edit, kPluginModel);         \
    EXPECT_NE(warning.find(text), std::string::npos) << warning; \
  } while (0)

TEST(MjbValidateTest, UnmodifiedModelLoadsAndSimulates) {
  mjModel* m = Compile();
  ASSERT_NE(m, nullptr);
  EXPECT_GT(m->nhistory, 0);
  EXPECT_EQ(motus::MjbValidate(m), "");
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  ASSERT_NE(back, nullptr);
  mjData* d = mj_makeData(back);
  for (int i = 0; i < 50; i++) {
    mj_step(back, d);
  }
  EXPECT_GT(d->nefc, 0);
  mj_deleteData(d);
  mj_deleteModel(back);
  mj_deleteModel(m);
}

// mjb-loader-mju_error-nemax: a negative size that the loader accepted ended the process in
// mj_allocModel
TEST(MjbValidateTest, NegativeSizeIsAWarningNotAnError) {
  EXPECT_REJECTED([](mjModel* m) { m->nemax = -1; }, "nemax is negative (-1)");
}

// mjb-tendon-findColumn-segv: the joint of a fixed tendon outside the joints
TEST(MjbValidateTest, TendonJointIdOutOfRange) {
  EXPECT_REJECTED([](mjModel* m) { m->wrap_objid[m->tendon_adr[0]] = m->njnt; },
                  "invalid path element 0");
}

// mjb-jacSparse-segv: a site of a spatial tendon outside the sites
TEST(MjbValidateTest, TendonSiteIdOutOfRange) {
  EXPECT_REJECTED([](mjModel* m) { m->wrap_objid[m->tendon_adr[1]] = -7; },
                  "invalid path element 0");
}

// a wrapping geom that is not between two sites
TEST(MjbValidateTest, TendonGeomWithoutSites) {
  EXPECT_REJECTED([](mjModel* m) { m->wrap_type[m->tendon_adr[1]] = mjWRAP_SPHERE; },
                  "invalid path element 0");
}

// mjb-eqTendon-negative-memcpy, mjb-tendonRow-negative-memcpy: negative Jacobian row length
TEST(MjbValidateTest, TendonJacobianRowNegative) {
  EXPECT_REJECTED([](mjModel* m) { m->ten_J_rownnz[1] = -2147483646; }, "ten_J_row block 1");
}

// mjb-eqTendon-mju_zero-heap-overflow: a Jacobian row past nJten
TEST(MjbValidateTest, TendonJacobianRowTooLong) {
  EXPECT_REJECTED([](mjModel* m) { m->ten_J_rownnz[1] = 513; }, "ten_J_row block 1");
}

// mjb-constraint-addRows-segv, mjb-sparseRowsTimesVel-segv: Jacobian columns that are not the
// tendon's dofs (rows then index outside the constraint and moment arrays)
TEST(MjbValidateTest, TendonJacobianColumnsNotThePath) {
  EXPECT_REJECTED([](mjModel* m) { m->ten_J_colind[m->ten_J_rowadr[0]] = m->nv + 3; },
                  "Jacobian columns");
  EXPECT_REJECTED([](mjModel* m) { m->ten_J_rownnz[0] -= 1; }, "Jacobian columns");
}

// mjb-eqJoint-bad-objid-segv
TEST(MjbValidateTest, EqualityJointIdOutOfRange) {
  EXPECT_REJECTED([](mjModel* m) { m->eq_obj1id[2] = -1912602621; }, "equality 2");
  EXPECT_REJECTED([](mjModel* m) { m->eq_obj2id[2] = m->njnt; }, "equality 2");
}

// mjb-eqTendon-bad-objid-segv
TEST(MjbValidateTest, EqualityTendonIdOutOfRange) {
  EXPECT_REJECTED([](mjModel* m) { m->eq_obj1id[3] = 34050; }, "equality 3");
}

// mjb-eqFrames-int-overflow-ub: connect/weld bodies and sites outside their arrays, and an
// equality type the engine does not know
TEST(MjbValidateTest, EqualityFrameIdsOutOfRange) {
  EXPECT_REJECTED([](mjModel* m) { m->eq_obj2id[0] = m->nbody; }, "equality 0");
  EXPECT_REJECTED([](mjModel* m) { m->eq_obj1id[1] = m->nsite; }, "equality 1");
  EXPECT_REJECTED([](mjModel* m) { m->eq_type[0] = 1717986918; }, "equality 0");
  EXPECT_REJECTED([](mjModel* m) { m->eq_objtype[0] = mjOBJ_GEOM; }, "equality 0");
}

// mjb-efcTrees-heap-overflow: tree dof ranges that do not match dof_treeid
TEST(MjbValidateTest, TreeDofRangeInconsistent) {
  EXPECT_REJECTED([](mjModel* m) { m->tree_dofnum[0] += 1; }, "tree");
  EXPECT_REJECTED([](mjModel* m) { m->dof_treeid[0] = m->ntree - 1; }, "outside the dof range");
  EXPECT_REJECTED([](mjModel* m) { m->body_treeid[m->nbody - 1] = 0; }, "of its tree");
}

// mjb-legacyIndex-segv: dof_Madr and dof_parentid that disagree with the tree (mj_makeM and the
// factorization walk them)
TEST(MjbValidateTest, MassMatrixAddressesInconsistent) {
  EXPECT_REJECTED([](mjModel* m) { m->dof_Madr[m->nv - 1] += 5; }, "dof_Madr");
  EXPECT_REJECTED([](mjModel* m) { m->dof_parentid[m->nv - 1] = -1; }, "dof_parentid");
  EXPECT_REJECTED([](mjModel* m) { m->dof_simplenum[0] = 15663104; }, "dof_simplenum");
  EXPECT_REJECTED([](mjModel* m) { m->M_colind[1] = m->nv; }, "M_colind");
  EXPECT_REJECTED([](mjModel* m) { m->dof_jntid[0] = 1; }, "dof 0");
}

// actuator moment sparsity: nJmom below what the transmissions need (mj_transmission ended the
// process), and targets outside their arrays
TEST(MjbValidateTest, ActuatorMomentCapacityAndTargets) {
  EXPECT_REJECTED([](mjModel* m) { m->nJmom = 2; }, "nJmom");
  EXPECT_REJECTED([](mjModel* m) { m->actuator_trnid[2] = m->ntendon; }, "actuator 1");
  EXPECT_REJECTED([](mjModel* m) { m->actuator_trntype[0] = mjTRN_BODY + 5; }, "actuator 0");
}

// Sizes of mjData arrays that no model array bounds: fuzzed files set npluginstate and
// nbvhdynamic near 7e8, and mj_makeData then asked for 5.5 GB (ending the process through its
// "could not allocate" error). Each must be what the model's elements need.
TEST(MjbValidateTest, DataSizesMatchTheModel) {
  EXPECT_REJECTED([](mjModel* m) { m->nJmom += 1; }, "nJmom");
  EXPECT_REJECTED([](mjModel* m) { m->nJmom = 687865856; }, "nJmom");
  EXPECT_REJECTED([](mjModel* m) { m->nbvhdynamic = 587202560; }, "nbvhdynamic");
  EXPECT_REJECTED([](mjModel* m) { m->nsensordata += 1; }, "nsensordata");
  EXPECT_REJECTED([](mjModel* m) { m->na = 1000000000; }, "na = ");
  EXPECT_REJECTED([](mjModel* m) { m->nmocap = 1000000000; }, "nmocap");
  EXPECT_REJECTED([](mjModel* m) { m->nhistory = 1000000000; }, "nhistory");
}

// history buffers (delays): each within mjData.history, a known interpolation order
TEST(MjbValidateTest, HistoryBuffersInRange) {
  EXPECT_REJECTED([](mjModel* m) { m->actuator_history[0] = 1000; }, "actuator 0");
  EXPECT_REJECTED([](mjModel* m) { m->actuator_historyadr[0] = m->nhistory - 7; }, "actuator 0");
  EXPECT_REJECTED([](mjModel* m) { m->sensor_history[1] = 3; }, "sensor 0");
  EXPECT_REJECTED([](mjModel* m) { m->sensor_historyadr[0] = -1; }, "nhistory");
}

// plugin instances: a registered plugin, its configuration and state within their arrays, and
// element references to existing instances
TEST(MjbValidateTest, PluginInstances) {
  mjModel* m = Compile(kPluginModel);
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->nplugin, 1);
  EXPECT_EQ(m->npluginstate, 2);
  std::vector<uint8_t> bytes = motus::MjbEncode(m);
  mj_deleteModel(m);
  mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
  ASSERT_NE(back, nullptr);
  EXPECT_STREQ(mj_getPluginConfig(back, 0, "gain"), "3");
  mj_deleteModel(back);

  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->plugin[0] = 1 << 20; }, "no plugin");
  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->npluginstate = 687865856; }, "npluginstate");
  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->plugin_statenum[0] = 1000; }, "plugin_state");
  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->plugin_stateadr[0] = 1; }, "plugin_state");
  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->plugin_attradr[0] = 2; },
                               "configuration values");
  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->plugin_attr[m->npluginattr - 1] = 'x'; },
                               "configuration values");
  EXPECT_PLUGIN_MODEL_REJECTED([](mjModel* m) { m->body_plugin[1] = 1; }, "body_plugin");
}

// mjb-boxbox-faceContacts-stack-overflow, mjb-boxbox-face-index-minus1-ub: non-finite or
// negative sizes and non-unit quaternions reached box-box with NaN axes
TEST(MjbValidateTest, GeomSizesAndPosesFiniteAndNormalized) {
  EXPECT_REJECTED([](mjModel* m) { m->geom_size[3 * 1] = NAN; }, "geom_size[3]");
  EXPECT_REJECTED([](mjModel* m) { m->geom_size[3 * 2 + 1] = INFINITY; }, "geom_size[7]");
  EXPECT_REJECTED([](mjModel* m) { m->geom_size[3 * 1] = -0.1; }, "geom_size[3]");
  EXPECT_REJECTED([](mjModel* m) { m->geom_rbound[1] = -24.96; }, "geom_rbound[1]");
  EXPECT_REJECTED([](mjModel* m) { m->geom_quat[4 * 1] = 2; }, "geom_quat 1");
  EXPECT_REJECTED([](mjModel* m) { m->body_quat[4 * 1 + 2] = INFINITY; }, "body_quat");
  EXPECT_REJECTED([](mjModel* m) { m->body_iquat[4 * 2] = 0; }, "body_iquat 2");
  EXPECT_REJECTED([](mjModel* m) { m->body_mass[1] = -1; }, "body_mass[1]");
}

// options the engine switches on must be known, reals finite
TEST(MjbValidateTest, OptionsInRange) {
  EXPECT_REJECTED([](mjModel* m) { m->opt.timestep = NAN; }, "timestep");
  EXPECT_REJECTED([](mjModel* m) { m->opt.impratio = INFINITY; }, "physics option");
  EXPECT_REJECTED([](mjModel* m) { m->opt.integrator = 17; }, "integrator");
}

// sensors read the arrays of their object type: the type must fit the sensor, and the output
// must fit sensordata
TEST(MjbValidateTest, SensorObjectsAndDimensions) {
  EXPECT_REJECTED([](mjModel* m) { m->sensor_objtype[0] = mjOBJ_BODY; }, "sensor 0");
  EXPECT_REJECTED([](mjModel* m) { m->sensor_objid[1] = m->nbody; }, "sensor 1");
  EXPECT_REJECTED([](mjModel* m) { m->sensor_dim[1] = 1; }, "sensor 1");
}

// kinematic tree structure: joints and dofs in body order
TEST(MjbValidateTest, TreeStructure) {
  EXPECT_REJECTED([](mjModel* m) { m->jnt_qposadr[2] += 1; }, "joint 2");
  EXPECT_REJECTED([](mjModel* m) { m->body_rootid[4] = 1; }, "body_rootid[4]");
  EXPECT_REJECTED([](mjModel* m) { m->body_dofnum[3] = 2; }, "body 3");
  EXPECT_REJECTED([](mjModel* m) { m->bvh_child[0] = 0; }, "hierarchy");
}

// The file format is identified by a hash of the field lists, with blanks ignored: reformatting
// the generated header (`MJ_M(nmocap)*3` -> `MJ_M(nmocap) * 3`) changed the hash and made every
// earlier file unreadable. The value is the hash of format version 2's field lists.
TEST(MjbValidateTest, LayoutHashIgnoresHeaderFormatting) {
  EXPECT_EQ(motus::MjbLayoutHash(), 0x1a707854c7f29e93ull);
}

// The crash inputs found by fuzzing (../shared/fuzz-inputs): each MJB file loads to NULL with a
// warning, or loads and steps without undefined behaviour (run under the sanitizers to see it).
TEST(MjbValidateTest, SharedFuzzInputs) {
  std::string dir = motus_test::SharedPath("fuzz-inputs");
  DIR* dp = dir.empty() ? nullptr : opendir(dir.c_str());
  if (!dp) {
    GTEST_SKIP() << "../shared/fuzz-inputs is absent";
  }
  int files = 0;
  while (dirent* e = readdir(dp)) {
    std::string name = e->d_name;
    if (name.size() < 5 || name.substr(name.size() - 4) != ".mjb") {
      continue;
    }
    files++;
    ScopedErrorCapture capture;
    mjModel* m = mj_loadModel((dir + "/" + name).c_str(), nullptr);
    if (m) {
      mjData* d = mj_makeData(m);
      for (int i = 0; d && i < 200; i++) {
        mj_step(m, d);
      }
      mj_deleteData(d);
      mj_deleteModel(m);
    } else {
      EXPECT_EQ(capture.warnings().size(), 1u) << name;
    }
    EXPECT_TRUE(capture.errors().empty()) << name;
  }
  closedir(dp);
  EXPECT_GT(files, 0);
}

}  // namespace
