// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Spec-level entry points of the C API: mj_recompile, mj_parse, mj_encode, mjs_setDeepCopy. The
// expected values and messages were measured with small programs linked against MuJoCo 3.8.0.

#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

const char* kTwoJoints = R"(<mujoco><worldbody>
  <body name="a" pos="0 0 1"><joint name="ja" type="hinge" axis="0 1 0"/><geom size=".1"/></body>
  <body name="b" pos="1 0 1"><joint name="jb" type="slide" ref="0.2"/><geom size=".1"/></body>
  <body name="m" mocap="true" pos="0 2 0"/>
</worldbody><actuator>
  <motor name="u" joint="ja"/><general name="v" joint="jb" dyntype="integrator"/>
</actuator></mujoco>)";

// MuJoCo 3.8.0: the state of surviving joints, actuators and mocap bodies and the time are kept;
// new joints start at qpos0; the rest of mjData is reset (no kinematics, no warmstart)
TEST(Recompile, KeepsStateOfSurvivingElements) {
  char err[500] = "";
  mjSpec* s = mj_parseXMLString(kTwoJoints, nullptr, err, sizeof(err));
  ASSERT_NE(s, nullptr) << err;
  mjModel* m = mj_compile(s, nullptr);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.5;
  d->qpos[1] = 0.7;
  d->qvel[0] = 1.5;
  d->qvel[1] = 1.7;
  d->ctrl[0] = 3;
  d->ctrl[1] = 4;
  d->act[0] = 9;
  d->mocap_pos[0] = 5;
  d->time = 2.5;
  d->qfrc_applied[0] = 11;
  mj_forward(m, d);
  d->qacc_warmstart[0] = 42;

  // a free body appended to the world
  mjsBody* nb = mjs_addBody(mjs_findBody(s, "world"), nullptr);
  mjs_setName(nb->element, "n");
  nb->pos[2] = 3;
  mjs_addJoint(nb, nullptr)->type = mjJNT_FREE;
  mjs_addGeom(nb, nullptr)->size[0] = 0.1;
  mjModel* m0 = m;
  mjData* d0 = d;
  ASSERT_EQ(mj_recompile(s, nullptr, m, d), 0) << mjs_getError(s);
  EXPECT_EQ(m, m0);
  EXPECT_EQ(d, d0);
  ASSERT_EQ(m->nq, 9);
  ASSERT_EQ(m->nv, 8);
  const mjtNum qpos[9] = {0.5, 0.7, 0, 0, 3, 1, 0, 0, 0};
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(d->qpos[i], qpos[i]) << i;
  }
  EXPECT_EQ(d->qvel[0], 1.5);
  EXPECT_EQ(d->qvel[1], 1.7);
  for (int i = 2; i < 8; i++) {
    EXPECT_EQ(d->qvel[i], 0) << i;
  }
  EXPECT_EQ(d->ctrl[0], 3);
  EXPECT_EQ(d->ctrl[1], 4);
  EXPECT_EQ(d->act[0], 9);
  EXPECT_EQ(d->mocap_pos[0], 5);
  EXPECT_EQ(d->mocap_pos[1], 2);
  EXPECT_EQ(d->time, 2.5);
  EXPECT_EQ(d->qfrc_applied[0], 0);
  EXPECT_EQ(d->qacc_warmstart[0], 0);
  EXPECT_EQ(d->xpos[5], 0);  // kinematics not recomputed

  // removing the slide joint (and its actuator) shifts the later addresses
  mjs_delete(s, mjs_findElement(s, mjOBJ_ACTUATOR, "v"));
  mjs_delete(s, mjs_findElement(s, mjOBJ_JOINT, "jb"));
  ASSERT_EQ(mj_recompile(s, nullptr, m, d), 0) << mjs_getError(s);
  ASSERT_EQ(m->nq, 8);
  ASSERT_EQ(m->nu, 1);
  ASSERT_EQ(m->na, 0);
  const mjtNum qpos2[8] = {0.5, 0, 0, 3, 1, 0, 0, 0};
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(d->qpos[i], qpos2[i]) << i;
  }
  EXPECT_EQ(d->qvel[0], 1.5);
  EXPECT_EQ(d->ctrl[0], 3);
  EXPECT_EQ(d->time, 2.5);

  // the recompiled pair simulates
  mj_step(m, d);
  EXPECT_GT(d->time, 2.5);
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(s);
}

// documented: on failure the given model and data are deleted and the error is in mjs_getError
TEST(Recompile, FailureReportsError) {
  mjSpec* s = mj_parseXMLString(kTwoJoints, nullptr, nullptr, 0);
  ASSERT_NE(s, nullptr);
  mjModel* m = mj_compile(s, nullptr);
  mjData* d = mj_makeData(m);
  mjsGeom* g = mjs_addGeom(mjs_findBody(s, "a"), nullptr);
  g->type = mjGEOM_MESH;
  mjs_setString(g->meshname, "nomesh");
  EXPECT_EQ(mj_recompile(s, nullptr, m, d), -1);
  EXPECT_NE(std::string(mjs_getError(s)).find("nomesh"), std::string::npos) << mjs_getError(s);
  mj_deleteSpec(s);
}

// without mjData only the model is replaced
TEST(Recompile, ModelOnly) {
  mjSpec* s = mj_parseXMLString(kTwoJoints, nullptr, nullptr, 0);
  ASSERT_NE(s, nullptr);
  mjModel* m = mj_compile(s, nullptr);
  mjs_addBody(mjs_findBody(s, "world"), nullptr);
  ASSERT_EQ(mj_recompile(s, nullptr, m, nullptr), 0);
  EXPECT_EQ(m->nbody, 5);
  mj_deleteModel(m);
  mj_deleteSpec(s);
}

// ------------------------------------ mj_parse, mj_encode -------------------------------------

const char* kBall =
    "<mujoco><worldbody><body><freejoint/><geom size='1'/></body></worldbody></mujoco>";

std::string WriteTemp(const std::string& name, const char* text) {
  std::string path = ::testing::TempDir() + name;
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs(text, f);
  std::fclose(f);
  return path;
}

int g_decoded = 0;
mjSpec* DecodeTest(mjResource* r, const mjVFS* vfs) {
  g_decoded++;
  const void* buf = nullptr;
  int n = mju_readResource(r, &buf);
  if (n <= 0 || std::strstr(r->name, "fail")) {
    return nullptr;
  }
  return mj_parseXMLString(std::string(static_cast<const char*>(buf), n).c_str(), vfs, nullptr, 0);
}
int CanDecodeTest(const mjResource* r) {
  return std::strstr(r->name, "refuse") ? 0 : 1;
}

void RegisterTestDecoder() {
  mjpDecoder d;
  mjp_defaultDecoder(&d);
  d.content_type = "model/x-spec-api-test";
  d.extension = ".sat";
  d.can_decode = CanDecodeTest;
  d.decode = DecodeTest;
  mjp_registerDecoder(&d);
}

// MuJoCo 3.8.0: names ending in .xml or .urdf, or the content type text/xml, go to the MJCF
// reader (whatever the content type); anything else needs a decoder
TEST(Parse, XmlAndDecoders) {
  RegisterTestDecoder();
  std::string xml = WriteTemp("parse_ball.xml", kBall);
  std::string txt = WriteTemp("parse_ball.txt", kBall);
  std::string sat = WriteTemp("parse_ball.sat", kBall);
  std::string refuse = WriteTemp("parse_refuse.sat", kBall);
  std::string fail = WriteTemp("parse_fail.sat", kBall);
  char err[300];
  for (auto [name, type] : {std::pair<std::string, const char*>{xml, nullptr},
                            {xml, "text/xml"},
                            {xml, "image/png"},
                            {txt, "text/xml"}}) {
    mjSpec* s = mj_parse(name.c_str(), type, nullptr, err, sizeof(err));
    ASSERT_NE(s, nullptr) << name << " " << (type ? type : "") << ": " << err;
    mjModel* m = mj_compile(s, nullptr);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->nbody, 2);
    mj_deleteModel(m);
    mj_deleteSpec(s);
  }

  // no decoder: a warning and MuJoCo's error text
  motus_test::ScopedErrorCapture capture;
  EXPECT_EQ(mj_parse(txt.c_str(), nullptr, nullptr, err, sizeof(err)), nullptr);
  EXPECT_STREQ(err, "could not decode content");
  ASSERT_EQ(capture.warnings().size(), 1u);
  EXPECT_NE(capture.warnings()[0].find("Could not find decoder for resource"), std::string::npos);

  // decoders: by extension, by content type, refused by can_decode, failing
  g_decoded = 0;
  mjSpec* s = mj_parse(sat.c_str(), nullptr, nullptr, err, sizeof(err));
  ASSERT_NE(s, nullptr) << err;
  mj_deleteSpec(s);
  s = mj_parse(txt.c_str(), "model/x-spec-api-test", nullptr, err, sizeof(err));
  ASSERT_NE(s, nullptr) << err;
  mj_deleteSpec(s);
  EXPECT_EQ(g_decoded, 2);
  EXPECT_EQ(mj_parse(refuse.c_str(), nullptr, nullptr, err, sizeof(err)), nullptr);
  EXPECT_STREQ(err, "could not decode content");
  EXPECT_EQ(mj_parse(fail.c_str(), nullptr, nullptr, err, sizeof(err)), nullptr);
  EXPECT_STREQ(err, "could not decode content");
  EXPECT_EQ(g_decoded, 3);

  // a missing XML file is the MJCF reader's error; bad arguments are errors, not crashes
  EXPECT_EQ(mj_parse((xml + ".missing.xml").c_str(), nullptr, nullptr, err, sizeof(err)), nullptr);
  EXPECT_NE(std::string(err).find("missing.xml"), std::string::npos) << err;
  EXPECT_EQ(mj_parse(nullptr, nullptr, nullptr, err, sizeof(err)), nullptr);
  EXPECT_NE(err[0], 0);
}

int g_encode_return = 0;
int g_closed = 0;
int EncodeTest(const mjSpec* s, const mjModel* m, const mjVFS*, mjResource* r) {
  (void)s;
  (void)m;
  if (std::strstr(r->name, "nodata") == nullptr) {
    r->data = &g_encode_return;
  }
  return g_encode_return;
}
void CloseTest(mjResource* r) {
  EXPECT_EQ(r->data, &g_encode_return);
  g_closed++;
}

// MuJoCo 3.8.0 has no built-in encoder; an encoder succeeds when it returns a nonnegative count
// and sets the resource's data, which its close_resource then releases
TEST(Encode, RegisteredEncoders) {
  mjSpec* s = mj_parseXMLString(kBall, nullptr, nullptr, 0);
  ASSERT_NE(s, nullptr);
  char err[300];
  EXPECT_EQ(mj_encode(s, nullptr, "out.xml", nullptr, nullptr, err, sizeof(err)), -1);
  EXPECT_STREQ(err, "no encoder found");

  mjpEncoder e;
  mjp_defaultEncoder(&e);
  e.content_type = "model/x-spec-api-encoded";
  e.extension = ".sat";
  e.encode = EncodeTest;
  e.close_resource = CloseTest;
  mjp_registerEncoder(&e);
  g_encode_return = 7;
  EXPECT_EQ(mj_encode(s, nullptr, "out.sat", nullptr, nullptr, err, sizeof(err)), 7);
  g_encode_return = 0;
  EXPECT_EQ(mj_encode(s, nullptr, "out.x", "model/x-spec-api-encoded", nullptr, err, sizeof(err)),
            0);
  EXPECT_EQ(g_closed, 2);
  g_encode_return = -1;
  EXPECT_EQ(mj_encode(s, nullptr, "out.sat", nullptr, nullptr, err, sizeof(err)), -1);
  EXPECT_STREQ(err, "encoder failed");
  g_encode_return = 5;
  EXPECT_EQ(mj_encode(s, nullptr, "nodata.sat", nullptr, nullptr, err, sizeof(err)), -1);
  EXPECT_STREQ(err, "encoder failed");
  EXPECT_EQ(g_closed, 2);
  EXPECT_EQ(mj_encode(s, nullptr, nullptr, nullptr, nullptr, err, sizeof(err)), -1);
  mj_deleteSpec(s);
}

// ------------------------------------ mjs_setDeepCopy -----------------------------------------

// mjs_attach always copies: deep copy can be turned on (a no-op), attaching by reference is
// refused with a message
TEST(DeepCopy, OnlyDeepCopy) {
  mjSpec* parent = mj_makeSpec();
  EXPECT_EQ(mjs_setDeepCopy(parent, 1), 0);
  EXPECT_EQ(mjs_setDeepCopy(parent, 0), -1);
  EXPECT_NE(std::string(mjs_getError(parent)).find("deepcopy"), std::string::npos);
  EXPECT_EQ(mjs_setDeepCopy(nullptr, 1), -1);

  // a deep copy: editing the child after attaching does not change the parent
  mjSpec* child = mj_makeSpec();
  mjsBody* b = mjs_addBody(mjs_findBody(child, "world"), nullptr);
  mjs_setName(b->element, "b");
  mjsGeom* g = mjs_addGeom(b, nullptr);
  g->size[0] = 0.1;
  mjsFrame* f = mjs_addFrame(mjs_findBody(parent, "world"), nullptr);
  mjsElement* r = mjs_attach(f->element, b->element, "c-", "");
  ASSERT_NE(r, nullptr);
  EXPECT_NE(r, b->element);
  g->size[0] = 0.3;
  mjModel* m = mj_compile(parent, nullptr);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->geom_size[0], 0.1);
  EXPECT_STREQ(mj_id2name(m, mjOBJ_BODY, 1), "c-b");
  mj_deleteModel(m);
  mj_deleteSpec(child);
  mj_deleteSpec(parent);
}

// ------------------------------------ error texts ----------------------------------------------

// Motus's load errors contain MuJoCo 3.8.0's wording (measured with the same inputs), which a
// user's code may search for; Motus adds the element, file and line after it
TEST(ErrorTexts, ContainMujocoWording) {
  struct Case {
    const char* xml;
    const char* text;
  } cases[] = {
      {"<mujoco><worldbody><geom sizee='1'/></worldbody></mujoco>",
       "Schema violation: unrecognized attribute: 'sizee'"},
      {"<mujoco><worldbody><geomx size='1'/></worldbody></mujoco>",
       "Schema violation: unrecognized element"},
      {"<mujoco><worldbody><geom size='abc'/></worldbody></mujoco>",
       "bad format in attribute 'size'"},
      {"<mujoco><option timestep='abc'/></mujoco>", "bad format in attribute 'timestep'"},
      {"<mujoco><worldbody><geom type='foo' size='1'/></worldbody></mujoco>",
       "invalid keyword: 'foo'"},
      {"<mujoco><worldbody><body><joint type='hinge'/></body></worldbody></mujoco>",
       "mass and inertia of moving bodies must be larger than mjMINVAL"},
      {"<mujoco><worldbody><geom name='a' size='1'/><geom name='a' size='1'/></worldbody>"
       "</mujoco>",
       "repeated name 'a' in geom"},
      {"<mujoco><worldbody><geom type='mesh' mesh='nope'/></worldbody></mujoco>",
       "mesh 'nope' not found in geom 0"},
      {"<mujoco><actuator><motor joint='nope'/></actuator></mujoco>",
       "unknown transmission target 'nope'"},
      {"<mujoco><worldbody><geom size='1' material='nope'/></worldbody></mujoco>",
       "material 'nope' not found in geom 0"},
      {"<notmujoco/>", "Unrecognized XML model type: 'notmujoco'"},
      {"<mujoco><worldbody><body><geom size='1'/><body><freejoint/><geom size='1'/></body>"
       "</body></worldbody></mujoco>",
       "free joint can only be used on top level"},
      {"<mujoco><keyframe><key qpos='1 2'/></keyframe></mujoco>",
       "keyframe '': invalid qpos size, expected 0, got 2"},
      {"<mujoco><worldbody><geom size='-1'/></worldbody></mujoco>",
       "size 0 must be positive in geom"},
      {"<mujoco><include file='nonexist.xml'/></mujoco>", "Error opening file 'nonexist.xml'"},
      {"<mujoco><asset><mesh name='m' file='missing.stl'/></asset></mujoco>",
       "Error opening file 'missing.stl'"},
      {"<mujoco><option gravity='1 2'/></mujoco>", "attribute 'gravity' does not have enough data"},
      {"<mujoco><worldbody><geom size='1 2 3 4'/></worldbody></mujoco>",
       "attribute 'size' has too much data"},
      {"<mujoco><asset><hfield name='h' file='x.png'/></asset></mujoco>",
       "required attribute missing: 'size'"},
      {"<mujoco><worldbody><geom size='1' fromto='0 0 0 0 0 0' type='capsule'/></worldbody>"
       "</mujoco>",
       "fromto points too close in geom"},
      {"<mujoco><worldbody><site size='1' quat='0 0 0 0'/></worldbody></mujoco>",
       "zero quaternion is not allowed"},
      {"<mujoco><worldbody><geom name='a' size='1'/></worldbody><contact><pair geom1='a' "
       "geom2='b'/></contact></mujoco>",
       "geom 'b' not found in collision 0"},
      {"<mujoco><contact><exclude body1='a' body2='world'/></contact></mujoco>",
       "body 'a' not found in bodypair 0"},
      {"<mujoco><equality><joint joint1='nope'/></equality></mujoco>",
       "unknown element 'nope' in equality constraint"},
      {"<mujoco><actuator><motor joint='nope'/></actuator></mujoco>",
       "unknown transmission target 'nope' for actuator id = 0"},
      {"<mujoco><actuator><motor tendon='nope'/></actuator></mujoco>",
       "transmission target 'nope' not found in actuator 0"},
      {"<mujoco><worldbody><camera mode='targetbody' target='nope'/></worldbody></mujoco>",
       "unknown target body in camera"},
      {"<mujoco><worldbody><light mode='targetbodycom' target='nope'/></worldbody></mujoco>",
       "unknown target body in light"},
      {"<mujoco><tendon><fixed><joint joint='nope' coef='1'/></fixed></tendon></mujoco>",
       "joint 'nope' not found in tendon 0, wrap 0"},
      {"<mujoco><asset><texture name='t' type='2d' builtin='checker'/></asset></mujoco>",
       "Invalid width of builtin texture"},
      {"<mujoco><asset><material name='m' texture='nope'/></asset></mujoco>",
       "texture 'nope' not found in material 0"},
      {"<mujoco><custom><numeric name='n' size='2' data='1 2 3'/></custom></mujoco>",
       "attribute 'data' has too much data"},
      {"<mujoco><worldbody><body mocap='true'><joint/><geom size='1'/></body></worldbody>"
       "</mujoco>",
       "mocap body '' is not a fixed child of world"},
      {"<mujoco><worldbody><body><body mocap='true'/></body></worldbody></mujoco>",
       "mocap body '' is not a fixed child of world"},
      {"<mujoco><worldbody><geom size='1' type='plane'/></worldbody></mujoco>",
       "plane size(3) must be positive"},
  };
  for (const Case& c : cases) {
    char err[1000] = "";
    std::string msg;
    mjSpec* s = mj_parseXMLString(c.xml, nullptr, err, sizeof(err));
    if (!s) {
      msg = err;
    } else {
      mjModel* m = mj_compile(s, nullptr);
      msg = m ? "loaded" : mjs_getError(s);
      mj_deleteModel(m);
      mj_deleteSpec(s);
    }
    EXPECT_NE(msg.find(c.text), std::string::npos) << c.xml << "\n" << msg;
  }
}

// Inputs MuJoCo 3.8.0 accepts: an empty numeric attribute is left out, and a targeting camera
// or light without a target is untargeted (cam_targetbodyid -1); a named target is recorded
// whatever the mode, and the qpos0 offset (cam_poscom0) is measured from its subtree com
TEST(ErrorTexts, AcceptedAsMuJoCoDoes) {
  const char* xml =
      "<mujoco><option gravity=''/><worldbody><geom size='1' solref='' pos=''/><body name='b' "
      "pos='1 0 0'><joint/><geom size='.1' pos='0 0 .3'/></body><body name='c'><camera "
      "target='b' pos='0 0 1'/><camera mode='targetbody' pos='0 1 1'/><light "
      "mode='targetbodycom'/></body></worldbody></mujoco>";
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  ASSERT_NE(s, nullptr) << err;
  mjModel* m = mj_compile(s, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(s);
  EXPECT_EQ(m->opt.gravity[2], -9.81);
  EXPECT_EQ(m->geom_solref[1], 1);
  EXPECT_EQ(m->cam_targetbodyid[0], 1);
  EXPECT_EQ(m->cam_poscom0[0], -1);
  EXPECT_EQ(m->cam_targetbodyid[1], -1);
  EXPECT_EQ(m->light_targetbodyid[0], -1);
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.4;
  mj_forward(m, d);
  EXPECT_EQ(d->cam_xpos[3 * 1 + 1], 1);  // untargeted: fixed in its body
  EXPECT_EQ(d->cam_xmat[9 * 1], 1);
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(s);
}

// ------------------------------------ attached specs -------------------------------------------

// MuJoCo 3.8.0: after mjs_attach, mjs_findSpec finds the child's spec by its model name (MuJoCo
// returns the child itself; Motus a copy, which outlives the child)
TEST(AttachedSpecs, FoundByModelName) {
  mjSpec* parent = mj_parseXMLString("<mujoco><worldbody><frame name='f'/></worldbody></mujoco>",
                                     nullptr, nullptr, 0);
  mjSpec* child = mj_parseXMLString(
      "<mujoco model='kid'><worldbody><body name='b'><joint/><geom size='.1'/></body>"
      "</worldbody></mujoco>",
      nullptr, nullptr, 0);
  ASSERT_NE(parent, nullptr);
  ASSERT_NE(child, nullptr);
  EXPECT_EQ(mjs_findSpec(parent, "kid"), nullptr);
  mjsElement* f = mjs_findElement(parent, mjOBJ_FRAME, "f");
  ASSERT_NE(mjs_attach(f, child->element, "c-", ""), nullptr) << mjs_getError(parent);
  mj_deleteSpec(child);
  mjSpec* found = mjs_findSpec(parent, "kid");
  ASSERT_NE(found, nullptr);
  EXPECT_STREQ(mjs_getString(found->modelname), "kid");
  EXPECT_EQ(mjs_findSpec(parent, "c-kid"), nullptr);
  mjModel* m = mj_compile(parent, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(parent);
  EXPECT_EQ(m->nbody, 2);
  mj_deleteModel(m);
  mj_deleteSpec(parent);
}

// Keyframes of a spec attached with mjs_attach, values of MuJoCo 3.8.0 for the same calls: the
// parent's key keeps its values, each child key becomes a prefixed key with the child's values
// in the parent's layout (joints, unnamed actuators, mocap bodies, time) and defaults elsewhere
TEST(AttachedSpecs, KeyframesInTheParentsLayout) {
  // the child's hinge named and driven by the actuator, then unnamed with the actuator on the
  // ball joint: MuJoCo gives the same keys
  const char* children[2] = {
      "<mujoco model='kid'><worldbody><body name='arm' mocap='true'><geom size='.1'/></body>"
      "<body name='b'><joint name='h'/><joint name='ball' type='ball'/><geom size='.1'/></body>"
      "</worldbody><actuator><motor joint='h'/></actuator><keyframe><key name='k1' "
      "qpos='0.3 0.7 0 0.7 0' qvel='1 2 3 4' ctrl='0.5' mpos='1 2 3' mquat='0 1 0 0' time='2'/>"
      "<key name='k2' qpos='0.1 1 0 0 0'/></keyframe></mujoco>",
      "<mujoco model='kid'><worldbody><body name='arm' mocap='true'><geom size='.1'/></body>"
      "<body name='b'><joint/><joint name='ball' type='ball'/><geom size='.1'/></body>"
      "</worldbody><actuator><motor joint='ball'/></actuator><keyframe><key name='k1' "
      "qpos='0.3 0.7 0 0.7 0' qvel='1 2 3 4' ctrl='0.5' mpos='1 2 3' mquat='0 1 0 0' time='2'/>"
      "<key name='k2' qpos='0.1 1 0 0 0'/></keyframe></mujoco>"};
  for (const char* childxml : children) {
    SCOPED_TRACE(childxml);
    mjSpec* parent = mj_parseXMLString(
        "<mujoco><worldbody><body name='base'><joint name='bj' type='slide'/><geom size='.1'/>"
        "</body><frame name='f'/></worldbody><actuator><motor joint='bj'/></actuator><keyframe>"
        "<key name='pk' qpos='0.5' ctrl='0.25'/></keyframe></mujoco>",
        nullptr, nullptr, 0);
    mjSpec* child = mj_parseXMLString(childxml, nullptr, nullptr, 0);
    ASSERT_NE(parent, nullptr);
    ASSERT_NE(child, nullptr);
    ASSERT_NE(mjs_attach(mjs_findFrame(parent, "f")->element, child->element, "c-", ""), nullptr)
        << mjs_getError(parent);
    mjModel* m = mj_compile(parent, nullptr);
    ASSERT_NE(m, nullptr) << mjs_getError(parent);
    ASSERT_EQ(m->nkey, 3);
    ASSERT_EQ(m->nq, 6);
    ASSERT_EQ(m->nu, 2);
    EXPECT_STREQ(mj_id2name(m, mjOBJ_KEY, 1), "c-k1");
    const double qpos[3][6] = {{0.5, 0, 1, 0, 0, 0},
                               {0, 0.3, 0.70710678118654757, 0, 0.70710678118654757, 0},
                               {0, 0.1, 1, 0, 0, 0}};
    const double ctrl[3][2] = {{0.25, 0}, {0, 0.5}, {0, 0}};
    for (int k = 0; k < 3; k++) {
      for (int i = 0; i < 6; i++) {
        EXPECT_EQ(m->key_qpos[6 * k + i], qpos[k][i]) << k << " " << i;
      }
      for (int i = 0; i < 2; i++) {
        EXPECT_EQ(m->key_ctrl[2 * k + i], ctrl[k][i]) << k << " " << i;
      }
    }
    EXPECT_EQ(m->key_time[1], 2);
    EXPECT_EQ(m->key_qvel[5 * 1 + 1], 1);
    EXPECT_EQ(m->key_qvel[5 * 1 + 4], 4);
    EXPECT_EQ(m->key_mpos[3 * 1 + 2], 3);
    EXPECT_EQ(m->key_mquat[4 * 1 + 1], 1);
    EXPECT_EQ(m->key_mquat[4 * 2 + 0], 1);
    mj_deleteModel(m);
    mj_deleteSpec(child);
    mj_deleteSpec(parent);
  }

  // a frame attached into a body brings its unnamed joint's value (MuJoCo: key c-k1 = 0 0.7)
  mjSpec* parent = mj_parseXMLString(
      "<mujoco><worldbody><body name='base'><joint name='bj' type='slide'/><geom size='.1'/>"
      "</body></worldbody><keyframe><key name='pk' qpos='0.5'/></keyframe></mujoco>",
      nullptr, nullptr, 0);
  mjSpec* child = mj_parseXMLString(
      "<mujoco model='kid'><worldbody><body name='b'><joint type='slide'/><geom size='.1'/>"
      "<frame name='cf'><joint/><geom size='.1'/></frame></body></worldbody><keyframe><key "
      "name='k1' qpos='0.3 0.7'/></keyframe></mujoco>",
      nullptr, nullptr, 0);
  ASSERT_NE(parent, nullptr);
  ASSERT_NE(child, nullptr);
  ASSERT_NE(mjs_attach(mjs_findBody(parent, "base")->element, mjs_findFrame(child, "cf")->element,
                       "c-", ""),
            nullptr)
      << mjs_getError(parent);
  mjModel* m = mj_compile(parent, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(parent);
  ASSERT_EQ(m->nkey, 2);
  ASSERT_EQ(m->nq, 2);
  EXPECT_EQ(m->key_qpos[0], 0.5);
  EXPECT_EQ(m->key_qpos[1], 0);
  EXPECT_EQ(m->key_qpos[2], 0);
  EXPECT_EQ(m->key_qpos[3], 0.7);
  mj_deleteModel(m);
  mj_deleteSpec(child);
  mj_deleteSpec(parent);
}

}  // namespace
