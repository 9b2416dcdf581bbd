// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Abstract visualization without MuJoCo goldens: bad input (full geom buffer, NULL scene,
// invalid ids, NaN state), the geom helpers, and scene allocation.

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

using motus_test::MujocoError;
using motus_test::ScopedErrorCapture;
using motus_test::SourcePath;

class VisApi : public ::testing::Test {
 protected:
  void SetUp() override {
    char err[1000] = "";
    m = mj_loadXML(SourcePath("test/data/vis/vis_zoo.xml").c_str(), nullptr, err, sizeof(err));
    ASSERT_NE(m, nullptr) << err;
    d = mj_makeData(m);
    mj_resetDataKeyframe(m, d, 0);
    mj_forward(m, d);
    mjv_defaultOption(&opt);
    mjv_defaultFreeCamera(m, &cam);
    mjv_defaultScene(&scn);
  }
  void TearDown() override {
    mjv_freeScene(&scn);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  mjModel* m = nullptr;
  mjData* d = nullptr;
  mjvOption opt;
  mjvCamera cam;
  mjvScene scn;
};

// A full buffer stops at maxgeom, sets status 1 and warns as MuJoCo does; nothing is written past
// the buffer (the sentinel after it survives).
TEST_F(VisApi, FullBufferWarnsAndStops) {
  mjv_makeScene(m, &scn, 5);
  mjvGeom* guard = static_cast<mjvGeom*>(mju_malloc(sizeof(mjvGeom) * 6));
  std::memcpy(guard, scn.geoms, sizeof(mjvGeom) * 5);
  std::memset(guard + 5, 0x5a, sizeof(mjvGeom));
  mju_free(scn.geoms);
  scn.geoms = guard;
  ScopedErrorCapture capture;
  for (int k = 0; k < mjNVISFLAG; k++) {
    opt.flags[k] = 1;
  }
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  EXPECT_EQ(scn.ngeom, 5);
  EXPECT_EQ(scn.status, 1);
  ASSERT_FALSE(capture.warnings().empty());
  EXPECT_NE(capture.warnings()[0].find(
                "Pre-allocated visual geom buffer is full. Increase maxgeom above 5."),
            std::string::npos)
      << capture.warnings()[0];
  const unsigned char* tail = reinterpret_cast<const unsigned char*>(guard + 5);
  for (size_t i = 0; i < sizeof(mjvGeom); i++) {
    ASSERT_EQ(tail[i], 0x5a) << "byte " << i << " after the buffer was written";
  }
  // a scene without a buffer adds nothing
  mjv_makeScene(m, &scn, 0);
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  EXPECT_EQ(scn.ngeom, 0);
  EXPECT_EQ(scn.status, 1);
}

TEST_F(VisApi, NullArgumentsAreErrors) {
  ScopedErrorCapture capture;
  mjv_makeScene(m, &scn, 100);
  EXPECT_THROW(mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, nullptr), MujocoError);
  EXPECT_THROW(mjv_updateScene(nullptr, d, &opt, nullptr, &cam, mjCAT_ALL, &scn), MujocoError);
  EXPECT_THROW(mjv_makeScene(m, nullptr, 10), MujocoError);
  EXPECT_THROW(mjv_makeScene(m, &scn, -1), MujocoError);
  EXPECT_THROW(mjv_initGeom(nullptr, mjGEOM_BOX, nullptr, nullptr, nullptr, nullptr), MujocoError);
  double sel[3];
  EXPECT_THROW(mjv_select(m, d, &opt, 1, 0.5, 0.5, nullptr, sel, nullptr, nullptr, nullptr),
               MujocoError);
  mjv_freeScene(nullptr);                                // allowed, does nothing
  EXPECT_THROW(mjv_copyModel(nullptr, m), MujocoError);  // the copy could not be returned
  EXPECT_THROW(mjv_copyModel(m, nullptr), MujocoError);
}

// mjv_copyModel into a model of the same sizes gives a model that draws the same scene.
TEST_F(VisApi, CopyModelDrawsTheSameScene) {
  mjModel* copy = mj_copyModel(nullptr, m);
  ASSERT_NE(copy, nullptr);
  copy->geom_rgba[0] = 0.25f;  // overwritten by the copy below
  mjv_copyModel(copy, m);
  EXPECT_EQ(copy->geom_rgba[0], m->geom_rgba[0]);
  mjvScene other;
  mjv_defaultScene(&other);
  mjv_makeScene(m, &scn, 200);
  mjv_makeScene(copy, &other, 200);
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  mjv_updateScene(copy, d, &opt, nullptr, &cam, mjCAT_ALL, &other);
  ASSERT_EQ(scn.ngeom, other.ngeom);
  for (int i = 0; i < scn.ngeom; i++) {
    EXPECT_EQ(std::memcmp(scn.geoms + i, other.geoms + i, sizeof(mjvGeom)), 0) << "geom " << i;
  }
  mjv_freeScene(&other);
  mj_deleteModel(copy);
}

TEST_F(VisApi, InvalidIdsAreErrors) {
  ScopedErrorCapture capture;
  mjv_makeScene(m, &scn, 1000);
  mjvCamera fixed;
  mjv_defaultCamera(&fixed);
  fixed.type = mjCAMERA_FIXED;
  fixed.fixedcamid = m->ncam;
  EXPECT_THROW(mjv_updateScene(m, d, &opt, nullptr, &fixed, mjCAT_ALL, &scn), MujocoError);
  mjvCamera track = cam;
  track.type = mjCAMERA_TRACKING;
  track.trackbodyid = -3;
  EXPECT_THROW(mjv_updateCamera(m, d, &track, &scn), MujocoError);
  mjvCamera bad = cam;
  bad.type = 17;
  EXPECT_THROW(mjv_updateCamera(m, d, &bad, &scn), MujocoError);
  mjvPerturb pert;
  mjv_defaultPerturb(&pert);
  pert.select = m->nbody + 4;
  pert.active = mjPERT_TRANSLATE;
  EXPECT_THROW(mjv_initPerturb(m, d, &scn, &pert), MujocoError);
  EXPECT_THROW(mjv_applyPerturbForce(m, d, &pert), MujocoError);
  EXPECT_THROW(mjv_applyPerturbPose(m, d, &pert, 1), MujocoError);
  mjvGeom g;
  double from[3] = {0, 0, 0}, to[3] = {1, 0, 0};
  mjv_initGeom(&g, mjGEOM_SPHERE, nullptr, nullptr, nullptr, nullptr);
  EXPECT_THROW(mjv_connector(&g, mjGEOM_BOX, 0.1, from, to), MujocoError);
  EXPECT_THROW(mj_printFormattedScene(&scn, "/dev/null", "%d"), MujocoError);
}

// NaN positions make NaN geoms, never a crash; picking through them finds nothing or a hit
TEST_F(VisApi, NanStateDoesNotCrash) {
  mjv_makeScene(m, &scn, 1000);
  for (int i = 0; i < m->nq; i++) {
    d->qpos[i] = std::nan("");
  }
  mj_forward(m, d);
  for (int k = 0; k < mjNVISFLAG; k++) {
    opt.flags[k] = 1;
  }
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  EXPECT_GT(scn.ngeom, 0);
  EXPECT_EQ(scn.status, 0);
  double sel[3];
  int geom, flex, skin;
  int body = mjv_select(m, d, &opt, 1.5, 0.5, 0.5, &scn, sel, &geom, &flex, &skin);
  EXPECT_GE(body, -1);
  EXPECT_LT(body, m->nbody);
}

// initGeom fills the documented defaults; connectors span their end points
TEST(VisGeom, InitAndConnector) {
  mjvGeom g;
  std::memset(&g, 0x7f, sizeof(g));
  mjv_initGeom(&g, mjGEOM_BOX, nullptr, nullptr, nullptr, nullptr);
  EXPECT_EQ(g.type, mjGEOM_BOX);
  EXPECT_EQ(g.dataid, -1);
  EXPECT_EQ(g.matid, -1);
  EXPECT_FLOAT_EQ(g.size[0], 0.1f);
  EXPECT_FLOAT_EQ(g.mat[4], 1.0f);
  EXPECT_FLOAT_EQ(g.rgba[0], 0.5f);
  EXPECT_FLOAT_EQ(g.specular, 0.5f);
  EXPECT_EQ(g.label[0], 0);
  double from[3] = {0.1, 0.2, 0.3}, to[3] = {0.1, 0.2, 1.3};
  mjv_connector(&g, mjGEOM_CAPSULE, 0.05, from, to);
  EXPECT_FLOAT_EQ(g.size[2], 0.5f);
  EXPECT_FLOAT_EQ(g.pos[2], 0.8f);
  mjv_connector(&g, mjGEOM_ARROW, 0.05, from, to);
  EXPECT_FLOAT_EQ(g.size[2], 1.0f);
  EXPECT_FLOAT_EQ(g.pos[2], 0.3f);
  mjv_connector(&g, mjGEOM_LINE, 2, from, from);  // zero length: identity frame
  EXPECT_FLOAT_EQ(g.size[2], 0.0f);
  EXPECT_FLOAT_EQ(g.mat[0], 1.0f);
  EXPECT_FLOAT_EQ(g.mat[8], 1.0f);
}

// the printed scene has one block per geom and light, and both cameras
// mjv_moveModel leaves a scene without enabletransform alone and keeps the zoom in [0.01, 100]
// (MuJoCo 3.8.0 gives 0 0 0 1, then 87.3046341, 100 and 0.00999999978 for these motions).
TEST_F(VisApi, ModelMotionNeedsTransformAndClampsZoom) {
  mjv_makeScene(m, &scn, 1000);
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  const mjtNum roomup[3] = {0, 0, 1};
  scn.enabletransform = 0;
  mjv_moveModel(m, mjMOUSE_MOVE_V, 0.3, 0.2, roomup, &scn);
  mjv_moveModel(m, mjMOUSE_ZOOM, 0.3, 0.2, roomup, &scn);
  EXPECT_EQ(scn.translate[0], 0);
  EXPECT_EQ(scn.translate[1], 0);
  EXPECT_EQ(scn.translate[2], 0);
  EXPECT_EQ(scn.scale, 1);
  scn.enabletransform = 1;
  mjv_moveModel(m, mjMOUSE_ZOOM, 0, 100, roomup, &scn);
  EXPECT_FLOAT_EQ(scn.scale, 87.3046341f);
  mjv_moveModel(m, mjMOUSE_ZOOM, 0, 100, roomup, &scn);
  EXPECT_EQ(scn.scale, 100);
  mjv_moveModel(m, mjMOUSE_ZOOM, 0, -100, roomup, &scn);
  EXPECT_EQ(scn.scale, 0.01f);
}

TEST_F(VisApi, PrintScene) {
  mjv_makeScene(m, &scn, 1000);
  mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
  std::string path = ::testing::TempDir() + "vis_scene.txt";
  mj_printScene(&scn, path.c_str());
  FILE* fp = std::fopen(path.c_str(), "r");
  ASSERT_NE(fp, nullptr);
  char line[512];
  int geoms = 0, lights = 0, cameras = 0;
  while (std::fgets(line, sizeof(line), fp)) {
    geoms += std::strncmp(line, "  GEOM ", 7) == 0;
    lights += std::strncmp(line, "  LIGHT ", 8) == 0;
    cameras += std::strncmp(line, "  CAMERA ", 9) == 0;
  }
  std::fclose(fp);
  std::remove(path.c_str());
  EXPECT_EQ(geoms, scn.ngeom);
  EXPECT_EQ(lights, scn.nlight);
  EXPECT_EQ(cameras, 2);
}

}  // namespace
