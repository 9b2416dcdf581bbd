// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Spec-level entry points of the C API: mj_recompile, mjs_setDeepCopy, mj_printSchema. The
// expected values were measured with small programs linked against MuJoCo 3.8.0.

#include <cstring>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

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

}  // namespace
