// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJCF and compiler behaviours of MuJoCo 3.8: what it accepts (free joint ranges, springdamper
// on any joint, short keyframe arrays) and what it refuses (its validation list). Every
// expectation was measured by loading the same snippet with MuJoCo 3.8.0.

#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

namespace {

struct Loaded {
  mjModel* m = nullptr;
  std::string error;
  ~Loaded() { mj_deleteModel(m); }
};

void Load(const std::string& xml, Loaded* out) {
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
  if (!s) {
    out->error = err;
    return;
  }
  out->m = mj_compile(s, nullptr);
  if (!out->m) {
    out->error = mjs_getError(s);
  }
  mj_deleteSpec(s);
}

std::string Body(const std::string& joint) {
  return "<mujoco><worldbody><body>" + joint + "<geom size='.1'/></body></worldbody></mujoco>";
}

// refused by MuJoCo 3.8.0, with the phrase of its message
TEST(Mjcf38, ValidationErrors) {
  struct Case {
    std::string xml;
    const char* text;
  } cases[] = {
      {"<mujoco><size nuser_geom='-2'/></mujoco>", "nuser_geom must be >= -1"},
      {"<mujoco><worldbody><camera fovy='180'/></worldbody></mujoco>", "fovy too large in camera"},
      {"<mujoco><worldbody><camera sensorsize='0 0' resolution='10 10' focal='1 1'/></worldbody>"
       "</mujoco>",
       "focal/principal require sensorsize in camera"},
      {"<mujoco><visual><map znear='0'/></visual></mujoco>", "znear must be strictly positive"},
      {"<mujoco><visual><map znear='-1'/></visual></mujoco>", "znear must be strictly positive"},
      {"<mujoco><statistic extent='0'/></mujoco>", "extent must be strictly positive"},
      {"<mujoco><statistic extent='-1'/></mujoco>", "extent must be strictly positive"},
      {"<mujoco><worldbody><body><joint/><geom size='.1'/><site name='s'/></body></worldbody>"
       "<actuator><general site='s' damping='1'/></actuator></mujoco>",
       "damping requires joint or tendon transmission in actuator"},
      {"<mujoco><worldbody><body><joint/><geom size='.1'/><site name='s'/></body></worldbody>"
       "<actuator><general site='s' armature='1'/></actuator></mujoco>",
       "armature requires joint or tendon transmission in actuator"},
      {"<mujoco><worldbody><body sleep='allowed'><joint/><geom size='.1'/>"
       "<body sleep='never'><joint/><geom size='.1'/></body></body></worldbody></mujoco>",
       "sleep policy only allowed for movable root bodies"},
      {"<mujoco><worldbody><body sleep='never'><geom size='.1'/></body></worldbody></mujoco>",
       "sleep policy only allowed for movable root bodies"},
      {"<mujoco><worldbody><body mocap='true' sleep='never'/></worldbody></mujoco>",
       "sleep policy only allowed for movable root bodies"},
      {"<mujoco><worldbody><body><joint/><geom size='.1'/><body sleep='init'><joint/>"
       "<geom size='.1'/></body></body></worldbody></mujoco>",
       "sleep policy only allowed for movable root bodies"},
      {Body("<joint type='ball' limited='true' range='0.1 1'/>"),
       "range[0] should be 0 in ball joint"},
      {"<mujoco><worldbody><body><freejoint/><geom size='.1'/></body></worldbody><keyframe>"
       "<key qvel='1 2 3 4 5 6 7'/></keyframe></mujoco>",
       "keyframe '': invalid qvel size, expected 6, got 7"},
      {"<mujoco><worldbody><body><freejoint/><geom size='.1'/></body></worldbody><keyframe>"
       "<key act='1'/></keyframe></mujoco>",
       "keyframe '': invalid act size, expected 0, got 1"},
  };
  for (const Case& c : cases) {
    Loaded l;
    Load(c.xml, &l);
    EXPECT_EQ(l.m, nullptr) << c.xml;
    EXPECT_NE(l.error.find(c.text), std::string::npos) << c.xml << "\n" << l.error;
  }
}

// accepted by MuJoCo 3.8.0
TEST(Mjcf38, Accepted) {
  const char* cases[] = {
      "<mujoco><worldbody><camera fovy='179.9'/></worldbody></mujoco>",
      "<mujoco><worldbody><camera sensorsize='1 1'/></worldbody></mujoco>",
      "<mujoco><worldbody><body sleep='never'><freejoint/><geom size='.1'/></body></worldbody>"
      "</mujoco>",
      "<mujoco><worldbody><body sleep='init'><freejoint/><geom size='.1'/></body></worldbody>"
      "</mujoco>",
      "<mujoco><worldbody><body><joint/><geom size='.1'/><body sleep='auto'><joint/>"
      "<geom size='.1'/></body></body></worldbody></mujoco>",
      "<mujoco><worldbody><body><joint/><geom size='.1'/><site name='s'/></body></worldbody>"
      "<actuator><general site='s'/></actuator></mujoco>",
  };
  for (const char* xml : cases) {
    Loaded l;
    Load(xml, &l);
    EXPECT_NE(l.m, nullptr) << xml << "\n" << l.error;
  }
}

// inf and nan in attributes: any case of "inf"/"infinity" is accepted, a NaN with MuJoCo's
// warning (once per attribute); a number the field's type cannot hold, overflow or nonzero below
// its smallest normal value, is MuJoCo's "number is too large" error
int nan_warnings = 0;
void CountNaNWarning(const char* msg) {
  if (std::string(msg).find("XML contains a 'NaN'. Please check it carefully.") == 0) {
    nan_warnings++;
  }
}

TEST(Mjcf38, InfNanAndRangeInAttributes) {
  Loaded inf;
  Load(Body("<joint type='slide' limited='true' range='-Infinity INF' actuatorfrcrange='-inf 1'/>"),
       &inf);
  ASSERT_NE(inf.m, nullptr) << inf.error;
  EXPECT_EQ(inf.m->jnt_range[0], -INFINITY);
  EXPECT_EQ(inf.m->jnt_range[1], INFINITY);
  EXPECT_EQ(inf.m->jnt_actfrcrange[0], -INFINITY);

  void (*saved)(const char*) = mju_user_warning;
  mju_user_warning = CountNaNWarning;
  nan_warnings = 0;
  Loaded nan;
  Load(
      "<mujoco><worldbody><body><joint/><geom size='.1' rgba='nan NaN 1 1' margin='-nan'/>"
      "</body></worldbody></mujoco>",
      &nan);
  mju_user_warning = saved;
  ASSERT_NE(nan.m, nullptr) << nan.error;
  EXPECT_TRUE(std::isnan(nan.m->geom_margin[0]));
  EXPECT_EQ(nan_warnings, 2);

  const char* too_large[] = {"rgba='1e39 1 1 1'", "rgba='1e-38 1 1 1'", "margin='1e-400'",
                             "margin='1e-310'", "margin='1e400'"};
  for (const char* attr : too_large) {
    Loaded l;
    Load(Body(std::string("<joint/><geom size='.1' ") + attr + "/>"), &l);
    EXPECT_EQ(l.m, nullptr) << attr;
    EXPECT_NE(l.error.find("number is too large in attribute"), std::string::npos)
        << attr << ": " << l.error;
  }
  Loaded small;
  Load(Body("<joint/><geom size='.1' margin='1e-300' rgba='2e-38 -0 0 1'/>"), &small);
  ASSERT_NE(small.m, nullptr) << small.error;
  EXPECT_EQ(small.m->geom_margin[0], 1e-300);
}

// a height field geom has the mass and inertia of a box with the geom's size as half-sizes
// (x, y radius, and half of the base plus half the elevation), centered at its origin; shell
// inertia uses the box's surface
TEST(Mjcf38, HeightFieldGeomsHaveBoxMass) {
  Loaded l;
  Load(
      "<mujoco><asset><hfield name='h' nrow='3' ncol='3' size='.4 .3 .2 .05' "
      "elevation='0 0 0 0 1 0 0 0 0'/></asset><worldbody>"
      "<body><freejoint/><geom type='hfield' hfield='h'/></body>"
      "<body><freejoint/><geom type='hfield' hfield='h' shellinertia='true'/></body>"
      "<body><freejoint/><geom type='hfield' hfield='h' mass='3' pos='0 0 -.3'/>"
      "<geom size='.1'/></body>"
      "</worldbody></mujoco>",
      &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  const mjModel* m = l.m;
  EXPECT_NEAR(m->geom_size[2], 0.075, 1e-15);
  EXPECT_NEAR(m->body_mass[1], 72, 1e-12);  // 1000 * 0.8 * 0.6 * 0.15
  const double inertia[3] = {2.295, 3.975, 6.0};
  for (int i = 0; i < 3; i++) {
    EXPECT_NEAR(m->body_inertia[3 + i], inertia[i], 1e-12);
  }
  EXPECT_NEAR(m->body_mass[2], 1000 * 2 * (0.8 * 0.6 + 0.8 * 0.15 + 0.6 * 0.15), 1e-9);
  EXPECT_NEAR(m->body_mass[3], 3 + 4000 * mjPI / 3 * 1e-3, 1e-12);
  EXPECT_NEAR(m->body_ipos[9 + 2], -0.3 * 3 / m->body_mass[3], 1e-15);
}

// a free joint is never limited; its range and limited flag are ignored (also without
// autolimits); a ball joint's range is [0, angle]
TEST(Mjcf38, JointRanges) {
  for (const char* joint :
       {"<joint type='free' range='0 1'/>", "<joint type='free' limited='true' range='0 1'/>",
        "<joint type='free' limited='false' range='0 1'/>"}) {
    Loaded l;
    Load(Body(joint), &l);
    ASSERT_NE(l.m, nullptr) << joint << "\n" << l.error;
    EXPECT_EQ(l.m->jnt_limited[0], 0);
    EXPECT_EQ(l.m->jnt_range[1], 1);
  }
  Loaded noauto;
  Load(
      "<mujoco><compiler autolimits='false'/><worldbody><body><joint type='free' range='0 1'/>"
      "<geom size='.1'/></body></worldbody></mujoco>",
      &noauto);
  EXPECT_NE(noauto.m, nullptr) << noauto.error;

  Loaded ball;
  Load(Body("<joint type='ball' limited='true' range='0 0'/>"), &ball);
  ASSERT_NE(ball.m, nullptr) << ball.error;
  EXPECT_EQ(ball.m->jnt_limited[0], 1);
  Loaded ball2;
  Load(Body("<joint type='ball' range='0 190'/>"), &ball2);
  ASSERT_NE(ball2.m, nullptr) << ball2.error;
  EXPECT_EQ(ball2.m->jnt_limited[0], 1);
  EXPECT_NEAR(ball2.m->jnt_range[1], 190 * mjPI / 180, 1e-15);
}

// springdamper on ball and free joints: the joint-space mass is 1 / the mean dof_invweight0
// of the joint's dofs (MuJoCo 3.8.0: free sphere k 0.0333768, b 0.0667536 on all six dofs;
// ball box with timeconst 0.5, dampratio 2: k 1.27346939, b 5.09387755)
TEST(Mjcf38, SpringDamperOnAnyJoint) {
  Loaded free;
  Load(Body("<joint type='free' springdamper='1 1'/>"), &free);
  ASSERT_NE(free.m, nullptr) << free.error;
  EXPECT_NEAR(free.m->jnt_stiffness[0], 0.0333768, 1e-7);  // printed with 6 digits
  for (int i = 0; i < 6; i++) {
    EXPECT_NEAR(free.m->dof_damping[i], 0.0667536, 1e-7);
  }
  Loaded ball;
  Load(
      "<mujoco><worldbody><body><joint type='ball' springdamper='0.5 2'/>"
      "<geom type='box' size='.1 .2 .3'/></body></worldbody></mujoco>",
      &ball);
  ASSERT_NE(ball.m, nullptr) << ball.error;
  EXPECT_NEAR(ball.m->jnt_stiffness[0], 1.27346939, 1e-8);  // printed with 9 digits
  for (int i = 0; i < 3; i++) {
    EXPECT_NEAR(ball.m->dof_damping[i], 5.09387755, 1e-8);
  }
  Loaded hinge;
  Load(
      "<mujoco><worldbody><body><joint type='hinge' springdamper='1 0.5'/>"
      "<geom type='capsule' fromto='0 0 0 1 0 0' size='.1'/></body></worldbody></mujoco>",
      &hinge);
  ASSERT_NE(hinge.m, nullptr) << hinge.error;
  EXPECT_NEAR(hinge.m->jnt_stiffness[0], 51.2749809, 1e-7);
  EXPECT_NEAR(hinge.m->dof_damping[0], 25.6374904, 1e-7);
}

// keyframe arrays shorter than their size set the first values; after them qpos and qvel are
// zero (a zero quaternion then normalizes to the identity) and the mocap poses keep the bodies'
// poses
TEST(Mjcf38, ShortKeyframeArrays) {
  Loaded l;
  Load(
      "<mujoco><worldbody><body pos='0 0 1'><freejoint/><geom size='.1'/></body>"
      "<body mocap='true' pos='4 5 6'/><body mocap='true' pos='7 8 9' quat='0 0 0 1'/>"
      "</worldbody>"
      "<keyframe><key qpos='1 2' qvel='1 2 3' mpos='1 2 3' mquat='0 2 0 0'/></keyframe>"
      "</mujoco>",
      &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  const mjtNum qpos[7] = {1, 2, 0, 1, 0, 0, 0}, qvel[6] = {1, 2, 3, 0, 0, 0};
  for (int i = 0; i < 7; i++) {
    EXPECT_EQ(l.m->key_qpos[i], qpos[i]) << i;
  }
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ(l.m->key_qvel[i], qvel[i]) << i;
  }
  const mjtNum mpos[6] = {1, 2, 3, 7, 8, 9}, mquat[8] = {0, 1, 0, 0, 0, 0, 0, 1};
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ(l.m->key_mpos[i], mpos[i]) << i;
  }
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(l.m->key_mquat[i], mquat[i]) << i;
  }
}

// a negative scale mirrors the mesh; its faces still face outward (MuJoCo 3.8.0 gives these
// faces for this mesh, whose hull is computed before the scale)
TEST(Mjcf38, NegativeMeshScale) {
  Loaded l;
  Load(
      "<mujoco><asset><mesh name='w' vertex='0 0 0 1 0 0 0 1 0 0 0 1 1 1 1' scale='-1 2 1'/>"
      "</asset><worldbody><body><freejoint/><geom type='mesh' mesh='w'/></body></worldbody>"
      "</mujoco>",
      &l);
  ASSERT_NE(l.m, nullptr) << l.error;
  const mjModel* m = l.m;
  const int face[18] = {2, 0, 1, 1, 0, 3, 3, 0, 2, 2, 1, 4, 4, 1, 3, 3, 2, 4};
  ASSERT_EQ(m->mesh_facenum[0], 6);
  for (int i = 0; i < 18; i++) {
    EXPECT_EQ(m->mesh_face[i], face[i]) << i;
  }
  EXPECT_NEAR(m->body_mass[1], 1000, 1e-9);
  // every face's normal points away from the center of mass (the origin of the mesh frame)
  for (int f = 0; f < 6; f++) {
    const float* v[3];
    for (int k = 0; k < 3; k++) {
      v[k] = m->mesh_vert + 3 * m->mesh_face[3 * f + k];
    }
    mjtNum e1[3], e2[3], n[3], c[3];
    for (int j = 0; j < 3; j++) {
      e1[j] = v[1][j] - v[0][j];
      e2[j] = v[2][j] - v[0][j];
      c[j] = (v[0][j] + v[1][j] + v[2][j]) / 3;
    }
    mju_cross(n, e1, e2);
    EXPECT_GT(mju_dot3(n, c), 0) << "face " << f;
  }
}

}  // namespace
