// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// API behaviours checked against MuJoCo 3.8.0: each expectation below was measured with a small
// program linked against the kit (../shared/oracle/mujoco-3.8.0) doing the same calls.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::CompileError;
using motus_test::ScopedErrorCapture;

const char* kHinge = R"(
<mujoco>
  <worldbody>
    <body>
      <joint name="j" type="hinge" axis="0 1 0"/>
      <geom size=".1" mass="1"/>
    </body>
  </worldbody>
  <actuator><motor joint="j"/></actuator>
</mujoco>)";

mjModel* Compile(const char* xml) {
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  EXPECT_NE(spec, nullptr) << err;
  if (!spec) {
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  EXPECT_NE(m, nullptr) << mjs_getError(spec);
  mj_deleteSpec(spec);
  return m;
}

int g_control_calls = 0;
void CountControl(const mjModel*, mjData*) {
  g_control_calls++;
}

// mjcb_control is not called by mj_forward / mj_step when actuation is disabled (mj_step1 calls
// it regardless); RK4 calls it at each of its 4 stages
TEST(ApiBehaviour, ControlCallbackSkippedWithoutActuation) {
  mjModel* m = Compile(kHinge);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mjcb_control = CountControl;
  auto calls = [&](auto fn) {
    g_control_calls = 0;
    fn();
    return g_control_calls;
  };
  EXPECT_EQ(calls([&] { mj_step(m, d); }), 1);
  m->opt.disableflags |= mjDSBL_ACTUATION;
  EXPECT_EQ(calls([&] { mj_step(m, d); }), 0);
  EXPECT_EQ(calls([&] { mj_forward(m, d); }), 0);
  EXPECT_EQ(calls([&] { mj_step1(m, d); }), 1);
  m->opt.integrator = mjINT_RK4;
  EXPECT_EQ(calls([&] { mj_step(m, d); }), 0);
  m->opt.disableflags = 0;
  EXPECT_EQ(calls([&] { mj_step(m, d); }), 4);
  mjcb_control = nullptr;
  mj_deleteData(d);
  mj_deleteModel(m);
}

// a negative array size gives MuJoCo's warning naming the first mjData array it affects, and NULL
TEST(ApiBehaviour, MakeDataWithBadSizeWarnsAndReturnsNull) {
  mjModel* m = Compile(kHinge);
  ASSERT_NE(m, nullptr);
  ScopedErrorCapture capture;
  mjtSize nv = m->nv;
  m->nv = -1;
  EXPECT_EQ(mj_makeData(m), nullptr);
  m->nv = nv;
  mjtSize nbody = m->nbody;
  m->nbody = -5;
  EXPECT_EQ(mj_makeData(m), nullptr);
  m->nbody = nbody;
  ASSERT_EQ(capture.warnings().size(), 2u);
  EXPECT_EQ(capture.warnings()[0], "Invalid data: qvel too large.");
  EXPECT_EQ(capture.warnings()[1], "Invalid data: xfrc_applied too large.");
  EXPECT_TRUE(capture.errors().empty());
  mj_deleteModel(m);
}

// mj_sizeModel is the number of bytes mj_saveModel writes
TEST(ApiBehaviour, SizeModelIsTheSavedSize) {
  mjModel* m = Compile(kHinge);
  ASSERT_NE(m, nullptr);
  std::string path = motus_test::UniqueTempPath("api_behaviour_size.mjb");
  mj_saveModel(m, path.c_str(), nullptr, 0);
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  ASSERT_TRUE(in.good());
  EXPECT_EQ(static_cast<mjtSize>(in.tellg()), mj_sizeModel(m));
  std::vector<char> buffer(mj_sizeModel(m));
  ScopedErrorCapture capture;
  mj_saveModel(m, nullptr, buffer.data(), static_cast<int>(buffer.size()));
  EXPECT_TRUE(capture.warnings().empty());
  std::remove(path.c_str());
  mj_deleteModel(m);
}

// the viewer's name tables, with MuJoCo's texts, defaults and shortcuts
TEST(ApiBehaviour, StringTables) {
  EXPECT_STREQ(mjLABELSTRING[mjLABEL_NONE], "None");
  EXPECT_STREQ(mjLABELSTRING[mjLABEL_CONTACTFORCE], "ContactForce");
  EXPECT_STREQ(mjLABELSTRING[mjLABEL_ISLAND], "Island");
  EXPECT_STREQ(mjFRAMESTRING[mjFRAME_CONTACT], "Contact");
  EXPECT_STREQ(mjFRAMESTRING[mjFRAME_WORLD], "World");
  const char* stat[3] = {"Static Body", "1", "D"};
  const char* sdf[3] = {"SDF iters", "0", ""};
  const char* cull[3] = {"Cull Face", "1", ""};
  const char* haze[3] = {"Haze", "1", "/"};
  for (int k = 0; k < 3; k++) {
    EXPECT_STREQ(mjVISSTRING[mjVIS_STATIC][k], stat[k]);
    EXPECT_STREQ(mjVISSTRING[mjVIS_SDFITER][k], sdf[k]);
    EXPECT_STREQ(mjRNDSTRING[mjRND_CULL_FACE][k], cull[k]);
    EXPECT_STREQ(mjRNDSTRING[mjRND_HAZE][k], haze[k]);
  }
  for (int i = 0; i < mjNVISFLAG; i++) {
    EXPECT_TRUE(mjVISSTRING[i][0] && mjVISSTRING[i][1] && mjVISSTRING[i][2]) << i;
  }
  for (int i = 0; i < mjNRNDFLAG; i++) {
    EXPECT_TRUE(mjRNDSTRING[i][0] && mjRNDSTRING[i][1] && mjRNDSTRING[i][2]) << i;
  }
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

std::set<std::string> Dependencies(const std::string& file) {
  mjStringVec deps;
  mju_getXMLDependencies(file.c_str(), &deps);
  EXPECT_EQ(deps.back(), file);  // the file itself comes last
  return std::set<std::string>(deps.begin(), deps.end());
}

// Each file resolves names against its own directory and its own <compiler> asset directories;
// includes and asset models are scanned in turn (MuJoCo 3.8.0 lists the same files)
TEST(ApiBehaviour, XMLDependencies) {
  std::string dir = testing::TempDir() + "xmldeps/";
  ASSERT_EQ(std::system(("mkdir -p " + dir + "sub").c_str()), 0);
  WriteFile(dir + "main.xml", R"(<mujoco>
  <compiler meshdir="meshes" texturedir="tex"/>
  <include file="sub/inc.xml"/>
  <asset>
    <mesh name="m1" file="a.stl"/>
    <texture name="t1" type="2d" file="t.png"/>
    <hfield name="h" file="h.png"/>
    <model name="child" file="sub/child.xml"/>
  </asset>
</mujoco>)");
  WriteFile(
      dir + "sub/inc.xml",
      R"(<mujoco><asset><mesh name="m2" file="b.obj"/><skin file="s.skn"/></asset></mujoco>)");
  WriteFile(dir + "sub/child.xml",
            R"(<mujoco><compiler meshdir="cm"/><asset><mesh file="c.stl"/></asset></mujoco>)");
  WriteFile(dir + "assets.xml", R"(<mujoco>
  <compiler assetdir="assets"/>
  <asset>
    <mesh name="m1" file="a.stl"/>
    <texture name="t1" type="cube" fileright="r.png" fileleft="l.png" fileup="u.png"/>
    <hfield name="h" file="h.png"/>
    <skin file="s.skn"/>
    <mesh name="abs" file="/abs/x.stl"/>
  </asset>
</mujoco>)");
  WriteFile(dir + "dirs.xml", R"(<mujoco>
  <compiler meshdir="md" texturedir="td" assetdir="ad"/>
  <asset>
    <mesh file="a.stl"/><texture file="t.png"/><hfield file="h.png"/><skin file="s.skn"/>
  </asset>
</mujoco>)");

  std::set<std::string> main = {"meshes/a.stl",  "tex/t.png",    "sub/inc.xml",
                                "sub/b.obj",     "h.png",        "sub/s.skn",
                                "sub/child.xml", "sub/cm/c.stl", "main.xml"};
  std::set<std::string> expected;
  for (const std::string& f : main) {
    expected.insert(dir + f);
  }
  EXPECT_EQ(Dependencies(dir + "main.xml"), expected);

  expected = {dir + "assets/a.stl", "/abs/x.stl",         dir + "assets/s.skn",
              dir + "assets/u.png", dir + "assets/r.png", dir + "assets/l.png",
              dir + "assets/h.png", dir + "assets.xml"};
  EXPECT_EQ(Dependencies(dir + "assets.xml"), expected);

  expected = {dir + "ad/h.png", dir + "md/s.skn", dir + "md/a.stl", dir + "td/t.png",
              dir + "dirs.xml"};
  EXPECT_EQ(Dependencies(dir + "dirs.xml"), expected);

  // an unreadable file is an error, as in MuJoCo
  ScopedErrorCapture capture;
  mjStringVec deps;
  EXPECT_THROW(mju_getXMLDependencies((dir + "missing.xml").c_str(), &deps),
               motus_test::MujocoError);
  ASSERT_EQ(capture.errors().size(), 1u);
  EXPECT_EQ(capture.errors()[0].rfind("Problem reading XML file '", 0), 0u) << capture.errors()[0];
}

// an adhesion actuator takes the control range of the general defaults, which must not be
// negative (MuJoCo: "adhesion control range cannot be negative")
TEST(ApiBehaviour, AdhesionInheritsGeneralDefaults) {
  const char* xml = R"(<mujoco>
  <default><default class="a"><general ctrlrange="-3 3" ctrllimited="true"/></default></default>
  <worldbody><body><joint/><geom size=".1"/></body></worldbody>
  <actuator><adhesion class="a" body="world" gain="2"/></actuator>
</mujoco>)";
  EXPECT_NE(CompileError(xml).find("adhesion control range cannot be negative"), std::string::npos)
      << CompileError(xml);
}

// a written value equal to the built-in default still overrides a default class: timeconst="0"
// turns the class's filter off and is stored in dynprm[0] (MuJoCo 3.8.0: dyntype none,
// dynprm[0] = 0), while a position without timeconst keeps dynprm[0] = 1
TEST(ApiBehaviour, ExplicitDefaultValueOverridesClass) {
  mjModel* m = Compile(R"(<mujoco>
  <default><default class="b"><position timeconst="0.5" kp="10"/></default></default>
  <worldbody><body><joint name="j"/><geom size=".1"/></body></worldbody>
  <actuator>
    <position class="b" joint="j" timeconst="0"/>
    <position class="b" joint="j"/>
    <position joint="j"/>
  </actuator>
</mujoco>)");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->actuator_dyntype[0], mjDYN_NONE);
  EXPECT_EQ(m->actuator_dynprm[0], 0);
  EXPECT_EQ(m->actuator_dyntype[1], mjDYN_FILTEREXACT);
  EXPECT_EQ(m->actuator_dynprm[mjNDYN], 0.5);
  EXPECT_EQ(m->actuator_dyntype[2], mjDYN_NONE);
  EXPECT_EQ(m->actuator_dynprm[2 * mjNDYN], 1);
  mj_deleteModel(m);
}

// mj_jacDot of ball and free joints (MuJoCo 3.8.0, same model and state): the rotational axes
// turn with the joint's own rotation
TEST(ApiBehaviour, JacDotBallAndFree) {
  mjModel* m = Compile(R"(<mujoco><worldbody>
   <body pos="0 0 1"><freejoint/><geom size=".1 .2 .3" type="box"/>
     <body pos=".2 0 0"><joint type="ball"/><geom size=".05 .1" type="capsule" pos="0 0 .1"/>
       <body pos="0 0 .2"><joint type="hinge" axis="1 0 0"/><geom size=".05"/>
         <site name="s" pos=".1 .1 0"/></body>
     </body>
   </body>
  </worldbody></mujoco>)");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  for (int i = 0; i < m->nq; i++) {
    d->qpos[i] += 0.1 * ((i * 7) % 5) - 0.2;
  }
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = 0.3 * ((i * 3) % 7) - 0.9;
  }
  mj_forward(m, d);
  int nv = m->nv;
  std::vector<mjtNum> jacp(3 * nv), jacr(3 * nv);
  mj_jacDot(m, d, jacp.data(), jacr.data(), d->site_xpos, 3);
  // first rows (x components), dofs 0..9: free (6), ball (3), hinge
  const double p0[10] = {0,
                         0,
                         0,
                         -0.06524651163,
                         0.009497674419,
                         0.1956465116,
                         -0.1620837209,
                         0.05816744186,
                         0.07918139535,
                         -0.0544};
  const double r0[10] = {0,
                         0,
                         0,
                         0.2790697674,
                         0.6697674419,
                         0.5302325581,
                         -0.2533953488,
                         0.5384186047,
                         -0.2624186047,
                         -0.2533953488};
  for (int k = 0; k < 10; k++) {
    EXPECT_NEAR(jacp[k], p0[k], 1e-9) << k;
    EXPECT_NEAR(jacr[k], r0[k], 1e-9) << k;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mjd_quatIntegrate's Dvel is per unit of the scaled velocity (MuJoCo 3.8.0's values)
TEST(ApiBehaviour, QuatIntegrateVelocityJacobian) {
  const mjtNum vel[3] = {0.4, -1.2, 0.7};
  mjtNum Dq[9], Dv[9], Dh[3];
  mjd_quatIntegrate(vel, 0.05, Dq, Dv, Dh);
  const double dv[9] = {0.9991960434,   0.01729243378,  0.03010357597,
                        -0.01769232929, 0.9997292374,   0.009645738018,
                        -0.02987030358, -0.01034555517, 0.9993335075};
  for (int i = 0; i < 9; i++) {
    EXPECT_NEAR(Dv[i], dv[i], 1e-9) << i;
  }
  for (int i = 0; i < 3; i++) {
    EXPECT_EQ(Dh[i], vel[i]);
  }
}

// mj_addM, dense: the lower triangle only, like the sparse path (MuJoCo 3.8.0)
TEST(ApiBehaviour, AddMDenseLowerTriangle) {
  mjModel* m = Compile(R"(<mujoco><worldbody>
   <body><joint type="hinge" axis="0 1 0"/><geom size=".1 .2 .3" type="box"/>
     <body pos=".2 0 0"><joint type="hinge" axis="0 1 0"/><geom size=".05 .1" type="capsule"/>
     </body>
   </body></worldbody></mujoco>)");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjtNum dense[4] = {0, 0, 0, 0}, full[4];
  mj_addM(m, d, dense, nullptr, nullptr, nullptr);
  mj_fullM(m, full, d->qM);
  EXPECT_NE(full[1], 0);
  EXPECT_EQ(dense[0], full[0]);
  EXPECT_EQ(dense[1], 0);
  EXPECT_EQ(dense[2], full[2]);
  EXPECT_EQ(dense[3], full[3]);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Rangefinders on cameras (one ray per pixel) for perspective, physical-sensor and orthographic
// cameras, with data fields; values of MuJoCo 3.8.0 on the same model and state
TEST(ApiBehaviour, CameraRangefinders) {
  mjModel* m = Compile(R"(<mujoco>
  <worldbody>
    <geom type="plane" size="5 5 .1"/>
    <geom type="box" size=".2 .2 .2" pos="0.5 0 0.2"/>
    <body pos="0 0 1">
      <joint type="hinge" axis="0 1 0"/>
      <geom size=".05"/>
      <camera name="c2" pos="0.1 0 0" euler="0 30 0" resolution="4 3" fovy="60"/>
      <camera name="c3" pos="0 0.1 0" euler="10 20 0" resolution="3 2" fovy="0.8"
              projection="orthographic"/>
      <camera name="c4" resolution="2 2" sensorsize="0.004 0.003" focal="0.005 0.004"/>
    </body>
  </worldbody>
  <sensor>
    <rangefinder camera="c2"/>
    <rangefinder camera="c3" data="dist origin point depth"/>
    <rangefinder camera="c4" data="dir depth"/>
  </sensor>
</mujoco>)");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->sensor_dim[0], 12);
  ASSERT_EQ(m->sensor_dim[1], 48);
  ASSERT_EQ(m->sensor_dim[2], 16);
  EXPECT_EQ(m->sensor_intprm[0], 1);  // "dist"
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.3;
  mj_forward(m, d);
  const double persp[12] = {4.613244743, 1.962259148, 1.287199576, 1.070766165,
                            4.376508237, 1.835525359, 1.20406495,  1.015817977,
                            4.613244743, 1.962259148, 1.287199576, 1.070766165};
  const double ortho[16] = {1.523657259,
                            -0.2025858442,
                            0.281123904,
                            1.193039421,
                            -1.117120922,
                            0.5297480656,
                            0,
                            1.523657259,
                            1.319495295,
                            0.01026330907,
                            0.2969615506,
                            1.033178488,
                            -0.7817289354,
                            0.5122713977,
                            0,
                            1.319495295};
  const double sensor[16] = {-0.1007359926,  -0.1808279114, -0.9783422337, 0.9857650246,
                             0.2350909384,   -0.1587412604, -0.9589230746, 0.8828863369,
                             -0.08968618976, -0.4829783067, -0.8710271768, 0.9857650246,
                             0.2144656199,   -0.4344430678, -0.8747935292, 0.8828863369};
  const mjtNum* sd = d->sensordata;
  for (int k = 0; k < 12; k++) {
    EXPECT_NEAR(sd[m->sensor_adr[0] + k], persp[k], 1e-8) << k;
  }
  for (int k = 0; k < 16; k++) {
    EXPECT_NEAR(sd[m->sensor_adr[1] + k], ortho[k], 1e-8) << k;
    EXPECT_NEAR(sd[m->sensor_adr[2] + k], sensor[k], 1e-8) << k;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// compiles an MJCF string (nullptr with a test failure on error)
mjModel* CompileString(const std::string& xml) {
  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, error, sizeof(error));
  EXPECT_NE(spec, nullptr) << error;
  mjModel* m = spec ? mj_compile(spec, nullptr) : nullptr;
  EXPECT_NE(m, nullptr) << (spec ? mjs_getError(spec) : error);
  mj_deleteSpec(spec);
  return m;
}

// Keyframe quaternions are divided by their norm (MuJoCo 3.8.0 on 600 random quaternions: all
// equal to q / |q|, 365 of them differ in the last bit from q * (1 / |q|)); a joint quaternion
// within 1e-15 of unit norm and a mocap one within 1e-14 are kept; a zero joint quaternion becomes
// (1, 0, 0, 0) and a zero mocap one stays zero.
TEST(ApiBehaviour, KeyframeQuaternionsDividedByTheirNorm) {
  auto compile = [](const std::string& qpos, const std::string& mquat) {
    std::string xml =
        "<mujoco><worldbody><body><joint type='ball'/><geom size='1'/></body>"
        "<body mocap='true'/></worldbody><keyframe><key qpos='" +
        qpos + "' mquat='" + mquat + "'/></keyframe></mujoco>";
    return CompileString(xml);
  };
  // the kit's values for the humanoid's "supine" key quaternion
  mjModel* m = compile("0.722788 0 -0.69107 0", "0.722788 0 -0.69107 0");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->key_qpos[0], 0.72278791404462084);
  EXPECT_EQ(m->key_qpos[2], -0.69106991781658811);
  EXPECT_EQ(m->key_mquat[0], 0.72278791404462084);
  mj_deleteModel(m);

  // near-unit quaternions: 5e-15 off unit norm is divided for a joint, kept for a mocap body
  double q[4] = {0.5, 0.5, 0.5, 0.5 * (1 + 2e-14)};
  char text[200];
  std::snprintf(text, sizeof(text), "%.17g %.17g %.17g %.17g", q[0], q[1], q[2], q[3]);
  m = compile(text, text);
  ASSERT_NE(m, nullptr);
  double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  ASSERT_GT(std::fabs(norm - 1), 1e-15);
  ASSERT_LT(std::fabs(norm - 1), 1e-14);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(m->key_qpos[i], q[i] / norm) << i;
    EXPECT_EQ(m->key_mquat[i], q[i]) << i;
  }
  mj_deleteModel(m);

  m = compile("0 0 0 0", "0 0 0 0");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->key_qpos[0], 1);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(m->key_mquat[i], 0) << i;
  }
  mj_deleteModel(m);
}

// mjs_bodyToFrame moves the body's children to a frame and drops the body with its explicit
// inertial, as MuJoCo 3.8.0 does: the parent's compiled mass and inertia are those of its own
// geoms plus the moved ones (values from the kit).
TEST(ApiBehaviour, BodyToFrameDropsTheInertial) {
  const char* xml = R"(<mujoco><worldbody>
    <body name="base" pos="0 0 1"><joint type="free"/><geom size=".1"/>
      <body name="a" pos="1 0 0">
        <inertial mass="2" pos="0.1 0 0" diaginertia="1 1 1"/>
        <geom size=".1" pos="0 0.2 0" mass="0.5"/>
        <body name="c" pos="0 0 1"><joint/><geom size=".1"/></body>
      </body>
    </body>
  </worldbody></mujoco>)";
  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << error;
  mjsBody* a = mjs_findBody(spec, "a");
  ASSERT_NE(mjs_bodyToFrame(&a), nullptr);
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(spec);
  ASSERT_EQ(m->nbody, 3);
  EXPECT_EQ(m->body_mass[1], 4.6887902047863914);
  EXPECT_NEAR(m->body_ipos[3], 0.10663731541871761, 1e-15);
  EXPECT_NEAR(m->body_ipos[4], 0.021327463083743524, 1e-15);
  EXPECT_NEAR(m->body_inertia[3], 0.48330375680141247, 1e-15);
  EXPECT_NEAR(m->body_inertia[5], 0.018755160819145574, 1e-15);
  EXPECT_EQ(m->geom_bodyid[1], 1);
  EXPECT_EQ(m->geom_pos[4], 0.2);
  EXPECT_EQ(m->body_pos[2 * 3], 1);  // c, now a child of base through the frame
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

}  // namespace

namespace {

void ExpectRel(double actual, double expected, const char* what) {
  EXPECT_NEAR(actual, expected, 1e-13 * std::fabs(expected)) << what;
}

// Actuator armature (XMLreference.rst actuator/general/armature) is reflected onto its joint or
// tendon times gear^2, as joint or tendon armature of that size would be: MuJoCo 3.8.0 gives the
// values below (a two-link arm; the actuator's armature 0.01 with gear 3 acts as armature 0.09).
// Motus ignored the attribute before (qM[0] 0.232 instead of 0.322).
TEST(ApiBehaviour, ActuatorArmatureIsReflectedArmature) {
  auto arm = [](const std::string& joint, const std::string& extra) {
    return "<mujoco><option timestep='0.002'/><worldbody><body pos='0 0 1'><joint name='j' "
           "axis='0 1 0' " +
           joint +
           "/><geom type='capsule' fromto='0 0 0 0.3 0 0' size='0.02' mass='1'/><body pos='0.3 0 "
           "0'><joint name='k' axis='0 1 0'/><geom type='capsule' fromto='0 0 0 0.3 0 0' "
           "size='0.02' mass='1'/></body></body></worldbody>" +
           extra + "</mujoco>";
  };
  const std::string tendon =
      "<tendon><fixed name='t' ARM><joint joint='j' coef='1'/><joint joint='k' coef='0.5'/>"
      "</fixed></tendon>";
  auto with = [](std::string s, const std::string& arm) {
    return s.replace(s.find("ARM"), 3, arm);
  };
  struct Case {
    std::string xml;
    double qM[3], M0, inv[2], acc0, qacc[2];
  };
  const Case cases[] = {
      {arm("", "<actuator><motor joint='j' gear='3' armature='0.01'/></actuator>"),
       {0.32200855301911302, 0.031513061224489783, 0.071004276509556541},
       0.33302612244897956,
       {6.7909873963083562, 71.766312516631103},
       53.49632490402751,
       {13.509418743956836, 16.009730408520376}},
      {arm("",
           with(tendon, "") + "<actuator><motor tendon='t' gear='3' armature='0.01'/></actuator>"),
       {0.32200855301911302, 0.054013061224489782, 0.11600427650955654},
       0.24302612244897956,
       {16.762080773840225, 103.3492758554777},
       42.362864861985088,
       {32.158224369657269, -41.966690683988688}},
      {arm("",
           "<actuator><motor joint='j' gear='3' armature='0.01'/><motor joint='j' gear='-2' "
           "armature='0.5'/><motor joint='k' armature='0.2'/></actuator>"),
       {2.322008553019113, 0.23151306122448978, 0.071004276509556541},
       2.3330261224489792,
       {0.43332452470178662, 4.3667403915788912},
       1.3691286406403291,
       {2.1902066432077967, 5.6507744034132079}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.xml);
    mjModel* m = CompileString(c.xml);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->dof_armature[0], 0);  // applied at run time, not folded into the model
    mjData* d = mj_makeData(m);
    d->qpos[0] = 0.3;
    d->qpos[1] = -0.5;
    d->qvel[0] = 1;
    d->qvel[1] = 2;
    mj_forward(m, d);
    for (int i = 0; i < 3; i++) {
      ExpectRel(d->qM[i], c.qM[i], "qM");
    }
    ExpectRel(m->dof_M0[0], c.M0, "dof_M0");
    ExpectRel(m->dof_invweight0[0], c.inv[0], "dof_invweight0");
    ExpectRel(m->dof_invweight0[1], c.inv[1], "dof_invweight0");
    ExpectRel(m->actuator_acc0[0], c.acc0, "actuator_acc0");
    ExpectRel(d->qacc[0], c.qacc[0], "qacc");
    ExpectRel(d->qacc[1], c.qacc[1], "qacc");
    mj_deleteData(d);
    mj_deleteModel(m);
  }

  // as tendon armature, it needs a tendon path without wrapping geoms
  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(
      "<mujoco><worldbody><site name='a'/><body pos='0 0 -1'><joint axis='0 1 0'/><geom "
      "name='g' size='.1'/><site name='b' pos='0 0 -0.5'/></body></worldbody><tendon><spatial "
      "name='t'><site site='a'/><geom geom='g'/><site site='b'/></spatial></tendon><actuator>"
      "<motor tendon='t' armature='0.1'/></actuator></mujoco>",
      nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << error;
  EXPECT_EQ(mj_compile(spec, nullptr), nullptr);
  EXPECT_NE(std::string(mjs_getError(spec)).find("geom wrapping not supported"), std::string::npos)
      << mjs_getError(spec);
  mj_deleteSpec(spec);

  // every dof of the joint gets gear[0]^2 armature (ball and free joints too)
  struct Diag {
    const char* xml;
    std::vector<double> diag;
  };
  const Diag diags[] = {
      {"<worldbody><body><joint name='j' type='ball'/><geom size='.1' pos='.2 0 0'/></body>"
       "</worldbody><actuator><motor joint='j' gear='3 0 0 0 0 0' armature='0.01'/></actuator>",
       {0.10675516081914557, 0.27430676901060125, 0.27430676901060125}},
      {"<worldbody><body><joint name='j' type='ball'/><geom size='.1' pos='.2 0 0'/></body>"
       "</worldbody><actuator><motor joint='j' gear='0 2 1 0 0 0' armature='0.01'/></actuator>",
       {0.016755160819145569, 0.18430676901060125, 0.18430676901060125}},
      {"<worldbody><body><joint name='j' type='slide'/><geom size='.1' pos='.2 0 0'/></body>"
       "</worldbody><actuator><position joint='j' gear='2' armature='0.5'/></actuator>",
       {6.1887902047863914}},
      {"<worldbody><body><joint name='j'/><geom size='.1' pos='.2 0 0'/></body></worldbody>"
       "<actuator><motor jointinparent='j' gear='2' armature='0.5'/></actuator>",
       {2.1843067690106013}},
      {"<worldbody><body><freejoint name='j'/><geom size='.1' pos='.2 0 0'/></body></worldbody>"
       "<actuator><motor joint='j' gear='1 2 3 4 5 6' armature='0.5'/></actuator>",
       {4.6887902047863914, 4.6887902047863914, 4.6887902047863914, 0.51675516081914552,
        0.68430676901060128, 0.68430676901060128}},
  };
  for (const Diag& c : diags) {
    SCOPED_TRACE(c.xml);
    mjModel* m = CompileString(std::string("<mujoco>") + c.xml + "</mujoco>");
    ASSERT_NE(m, nullptr);
    ASSERT_EQ(m->nv, static_cast<int>(c.diag.size()));
    mjData* d = mj_makeData(m);
    mj_forward(m, d);
    for (int i = 0; i < m->nv; i++) {
      ExpectRel(d->qM[m->dof_Madr[i]], c.diag[i], "qM diagonal");
    }
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// The documented equivalent of armature (XMLreference.rst joint/armature): a rotor geared 3:1 to
// a pendulum by a joint equality moves nearly as the pendulum with armature 9 times the rotor's
// inertia, itself equal to an actuator's armature 0.01 with gear 3; after 500 steps MuJoCo 3.8.0
// has the pendulum at 3.1160306565049214 and 3.1163419937157775.
TEST(ApiBehaviour, ArmatureMatchesItsGearedRotor) {
  const std::string pendulum =
      "<body name='p' pos='0 0 1'><joint name='j' axis='0 1 0' ARM/><geom type='capsule' "
      "fromto='0 0 0 0.3 0 0' size='0.02' mass='1'/></body>";
  auto model = [&](const std::string& arm, const std::string& more, const std::string& extra) {
    std::string p = pendulum;
    p.replace(p.find("ARM"), 3, arm);
    return "<mujoco><option timestep='0.002'/><worldbody>" + p + more + "</worldbody>" + extra +
           "</mujoco>";
  };
  const std::string rotor =
      "<body name='rotor' pos='0 1 1'><joint name='r' axis='0 1 0'/><geom type='box' "
      "size='0.1 0.1 0.1' mass='1'/><inertial pos='0 0 0' mass='1' diaginertia='0.01 0.01 "
      "0.01'/></body>";
  const std::string models[] = {
      model("", rotor, "<equality><joint joint1='r' joint2='j' polycoef='0 3 0 0 0'/></equality>"),
      model("armature='0.09'", "", ""),
      model("", "", "<actuator><motor joint='j' gear='3' armature='0.01'/></actuator>"),
      model("", "",
            "<tendon><fixed name='t' armature='0.01'><joint joint='j' coef='3'/></fixed>"
            "</tendon>")};
  const double expected[] = {3.1160306565049214, 3.1163419937157775, 3.1163419937157775,
                             3.1163419937157775};
  for (int i = 0; i < 4; i++) {
    SCOPED_TRACE(models[i]);
    mjModel* m = CompileString(models[i]);
    ASSERT_NE(m, nullptr);
    mjData* d = mj_makeData(m);
    for (int k = 0; k < 500; k++) {
      mj_step(m, d);
    }
    EXPECT_NEAR(d->qpos[0], expected[i], 1e-12);
    EXPECT_NEAR(d->qpos[0], expected[1], 1e-3);  // the geared rotor nearly equals its armature
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

}  // namespace
