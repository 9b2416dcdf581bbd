// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flex-geom collisions against MuJoCo 3.8.0: trajectories of a ball on a 2D cloth sheet, of a
// cloth on a tilted floor and of a box on a 3D soft block (test/data/flex_collision/*.xml, goldens
// written by tools/gen_golden.py, command in each file's header), and the contact records and
// Jacobian of a flex contact.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "golden.h"

namespace {

using motus_test::Golden;
using motus_test::NearArrays;
using motus_test::SourcePath;

mjModel* Load(const std::string& name) {
  char err[1000] = "";
  mjModel* m =
      mj_loadXML(SourcePath("test/data/flex_collision/" + name).c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << err;
  return m;
}

// steps the model and compares the records of the golden (one every `every` steps)
void CompareTrajectory(const std::string& name, int every, double rtol, double atol) {
  mjModel* m = Load(name + ".xml");
  ASSERT_NE(m, nullptr);
  Golden g(SourcePath("test/data/flex_collision/" + name + ".txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjData* d = mj_makeData(m);
  for (int r = 0; r < g.num_records(); r++) {
    for (int i = 0; i < every; i++) {
      mj_step(m, d);
    }
    SCOPED_TRACE("record " + std::to_string(r));
    EXPECT_EQ(d->ncon, g.get(r, "ncon")[0]);
    EXPECT_EQ(d->nefc, g.get(r, "nefc")[0]);
    EXPECT_TRUE(NearArrays("qpos", d->qpos, m->nq, g.get(r, "qpos"), rtol, atol));
    if (g.has(r, "qvel")) {
      EXPECT_TRUE(NearArrays("qvel", d->qvel, m->nv, g.get(r, "qvel"), rtol, atol));
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// sphere-triangle contacts: GJK on the sphere's center and the triangle (no rounding), exact
TEST(FlexCollision, BallOnSheetTrajectory) {
  CompareTrajectory("sheet_ball", 50, 1e-7, 1e-9);
}

// plane-vertex contacts (vertex spheres, some inside the margin), exact
TEST(FlexCollision, ClothOnFloorTrajectory) {
  CompareTrajectory("cloth_floor", 50, 1e-7, 1e-9);
}

// box-tetrahedron contacts in the margin: GJK stops at its tolerance (ccd_tolerance 1e-6) on
// the rounded shapes, at a point that depends on the iteration path (measured against MuJoCo:
// contact distances agree to 3e-7, points to 2e-5 on nearly parallel faces; qpos to 7e-6 over
// the 100 steps)
TEST(FlexCollision, BoxOnBlockTrajectory) {
  CompareTrajectory("block_cube", 25, 0, 2e-5);
}

// a contact with a flex element: geom on side 0, element on side 1, the point shared by the
// element's vertices with inverse-distance weights (the Jacobian columns of the vertex dofs)
TEST(FlexCollision, ElementContactRecordAndJacobian) {
  mjModel* m = Load("sheet_ball.xml");
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  d->qpos[2] -= 0.06;  // the ball sinks into the sheet
  mj_forward(m, d);
  ASSERT_GT(d->ncon, 0);
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* con = d->contact + i;
    EXPECT_EQ(con->geom[0], 0);
    EXPECT_EQ(con->geom[1], -1);
    EXPECT_EQ(con->flex[0], -1);
    EXPECT_EQ(con->flex[1], 0);
    EXPECT_GE(con->elem[1], 0);
    EXPECT_LT(con->dist, 0);
    if (i > 0) {
      EXPECT_GT(con->elem[1], d->contact[i - 1].elem[1]);  // element order
    }
    ASSERT_GE(con->efc_address, 0);

    // normal row: ball columns -n (translation), vertex columns w_v n with sum w_v = 1
    const int* edata = m->flex_elem + m->flex_elemdataadr[0] + 3 * con->elem[1];
    mjtNum inv[3], sum = 0;
    for (int k = 0; k < 3; k++) {
      inv[k] = 1 / mju_dist3(con->pos, d->flexvert_xpos + 3 * edata[k]);
      sum += inv[k];
    }
    ASSERT_TRUE(mj_isSparse(m));
    std::vector<mjtNum> dense(m->nv);
    mjtNum* row = dense.data();
    mju_sparse2dense(row, d->efc_J, 1, m->nv, d->efc_J_rownnz + con->efc_address,
                     d->efc_J_rowadr + con->efc_address, d->efc_J_colind);
    mjtNum mu = con->friction[0];
    for (int k = 0; k < 3; k++) {
      int body = m->flex_vertbodyid[edata[k]];
      if (m->body_dofnum[body] == 0) {
        continue;  // pinned
      }
      int dof = m->body_dofadr[body];
      for (int c = 0; c < 3; c++) {
        // pyramidal row 0: n + mu t1
        mjtNum dir = con->frame[c] + mu * con->frame[3 + c];
        EXPECT_NEAR(row[dof + c], inv[k] / sum * dir, 1e-12);
        if (k == 0) {
          EXPECT_NEAR(row[c], -dir, 1e-12);
        }
      }
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
