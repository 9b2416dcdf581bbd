// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Forward kinematics, com-based quantities, cameras/lights and the qpos helpers
// (mj_kinematics, mj_comPos, mj_camlight, mj_local2Global, mj_integratePos,
// mj_differentiatePos, mj_normalizeQuat).

#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "smooth_testutil.h"

namespace motus_test {
namespace {

using ModelPtr = std::unique_ptr<mjModel, ModelDeleter>;
using DataPtr = std::unique_ptr<mjData, DataDeleter>;

struct Loaded {
  Golden g;
  ModelPtr m;
  DataPtr d;
};

// model and data of a golden file, at the golden state, position stages done
bool LoadGolden(const std::string& name, Loaded* out) {
  if (!out->g.Load(GoldenPath(name))) {
    return false;
  }
  out->m.reset(ModelFromGolden(out->g));
  if (!out->m) {
    return false;
  }
  out->d.reset(mj_makeData(out->m.get()));
  SetGoldenState(out->g, out->m.get(), out->d.get());
  mj_kinematics(out->m.get(), out->d.get());
  mj_comPos(out->m.get(), out->d.get());
  mj_camlight(out->m.get(), out->d.get());
  return true;
}

class KinematicsGolden : public ::testing::TestWithParam<const char*> {};

// golden numbers from test/data/smooth/make_all.sh (MuJoCo 3.3.8 oracle, --states)
TEST_P(KinematicsGolden, MatchesOracle) {
  Loaded t;
  ASSERT_TRUE(LoadGolden(GetParam(), &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  const Golden& g = t.g;
  ExpectNear(g, "d.xpos", d->xpos, 3 * m->nbody);
  ExpectNear(g, "d.xquat", d->xquat, 4 * m->nbody);
  ExpectNear(g, "d.xmat", d->xmat, 9 * m->nbody);
  ExpectNear(g, "d.xipos", d->xipos, 3 * m->nbody);
  ExpectNear(g, "d.ximat", d->ximat, 9 * m->nbody);
  ExpectNear(g, "d.xanchor", d->xanchor, 3 * m->njnt);
  ExpectNear(g, "d.xaxis", d->xaxis, 3 * m->njnt);
  ExpectNear(g, "d.geom_xpos", d->geom_xpos, 3 * m->ngeom);
  ExpectNear(g, "d.geom_xmat", d->geom_xmat, 9 * m->ngeom);
  ExpectNear(g, "d.site_xpos", d->site_xpos, 3 * m->nsite);
  ExpectNear(g, "d.site_xmat", d->site_xmat, 9 * m->nsite);
  ExpectNear(g, "d.cam_xpos", d->cam_xpos, 3 * m->ncam);
  ExpectNear(g, "d.cam_xmat", d->cam_xmat, 9 * m->ncam);
  ExpectNear(g, "d.light_xpos", d->light_xpos, 3 * m->nlight);
  ExpectNear(g, "d.light_xdir", d->light_xdir, 3 * m->nlight);
  ExpectNear(g, "d.subtree_com", d->subtree_com, 3 * m->nbody);
  ExpectNear(g, "d.cinert", d->cinert, 10 * m->nbody);
  ExpectNear(g, "d.cdof", d->cdof, 6 * m->nv);

  // qpos and mocap_quat are read, never normalized in place (the oracle echoes them unchanged)
  ExpectNear(g, "d.qpos", d->qpos, m->nq, 0, 0);
  ExpectNear(g, "d.mocap_quat", d->mocap_quat, 4 * m->nmocap, 0, 0);
}

INSTANTIATE_TEST_SUITE_P(Models, KinematicsGolden,
                         ::testing::Values("branch.golden", "simple.golden", "humanoid.golden"));

// ---------------------------------------------------------------------------------------------
// properties that need no reference

TEST(Kinematics, FramesAreRotations) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  // R R' = I and det R = 1 for every body, geom and site frame (1e-12: a few roundings)
  auto check = [](const mjtNum* R) {
    mjtNum RRt[9];
    mju_mulMatMatT(RRt, R, R, 3, 3, 3);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        EXPECT_NEAR(RRt[3 * i + j], i == j ? 1 : 0, 1e-12);
      }
    }
    mjtNum det = R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) +
                 R[2] * (R[3] * R[7] - R[4] * R[6]);
    EXPECT_NEAR(det, 1, 1e-12);
  };
  for (int i = 0; i < m->nbody; i++) {
    check(d->xmat + 9 * i);
    check(d->ximat + 9 * i);
    EXPECT_NEAR(mju_norm(d->xquat + 4 * i, 4), 1, 1e-14);
  }
  for (int i = 0; i < m->ngeom; i++) {
    check(d->geom_xmat + 9 * i);
  }
  for (int i = 0; i < m->nsite; i++) {
    check(d->site_xmat + 9 * i);
  }
  for (int i = 0; i < m->ncam; i++) {
    check(d->cam_xmat + 9 * i);
  }
}

// rotating a hinge or ball joint leaves its anchor in place; sliding moves the body along xaxis
TEST(Kinematics, JointAnchorsAreFixedPoints) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  for (int j = 0; j < m->njnt; j++) {
    int type = m->jnt_type[j];
    if (type == mjJNT_FREE) {
      continue;
    }
    int b = m->jnt_bodyid[j];
    if (m->body_jntadr[b] + m->body_jntnum[b] - 1 != j) {
      continue;  // last joint of its body
    }
    mj_kinematics(m, d);
    mjtNum anchor[3], axis[3], xpos[3];
    mju_copy3(anchor, d->xanchor + 3 * j);
    mju_copy3(axis, d->xaxis + 3 * j);
    mju_copy3(xpos, d->xpos + 3 * b);

    // perturb this joint's coordinate along its first dof
    std::vector<mjtNum> dq(m->nv, 0);
    dq[m->jnt_dofadr[j]] = 0.3;
    std::vector<mjtNum> qpos(d->qpos, d->qpos + m->nq);
    mj_integratePos(m, d->qpos, dq.data(), 1);
    mj_kinematics(m, d);

    // the point of the body at the anchor: x' = xpos' + R' R^-1 (anchor - xpos)
    mjtNum moved[3];
    mju_copy3(moved, d->xanchor + 3 * j);
    if (type == mjJNT_SLIDE) {
      mjtNum delta[3];
      mju_sub3(delta, d->xpos + 3 * b, xpos);
      mjtNum expect[3];
      mju_scl3(expect, axis, 0.3);
      for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(delta[k], expect[k], 1e-12);
      }
    } else {
      for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(moved[k], anchor[k], 1e-12);
      }
    }
    mju_copy(d->qpos, qpos.data(), m->nq);
  }
}

// mj_local2Global: each sameframe shortcut agrees with the general formula
TEST(Kinematics, Local2GlobalShortcuts) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  for (int b = 1; b < m->nbody; b++) {
    mjtNum pos[3], mat[9], pos2[3], mat2[9];
    // inertial frame in body coordinates
    mj_local2Global(d, pos, mat, m->body_ipos + 3 * b, m->body_iquat + 4 * b, b, mjSAMEFRAME_NONE);
    mj_local2Global(d, pos2, mat2, nullptr, nullptr, b, mjSAMEFRAME_INERTIA);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(pos[k], pos2[k], 1e-12);
    }
    for (int k = 0; k < 9; k++) {
      EXPECT_NEAR(mat[k], mat2[k], 1e-12);
    }
    mj_local2Global(d, pos2, mat2, m->body_ipos + 3 * b, nullptr, b, mjSAMEFRAME_INERTIAROT);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(pos[k], pos2[k], 1e-12);
    }
    for (int k = 0; k < 9; k++) {
      EXPECT_NEAR(mat[k], mat2[k], 1e-12);
    }
    // body frame itself
    const mjtNum zero[3] = {0, 0, 0}, unit[4] = {1, 0, 0, 0};
    mj_local2Global(d, pos, mat, zero, unit, b, mjSAMEFRAME_NONE);
    mj_local2Global(d, pos2, mat2, nullptr, nullptr, b, mjSAMEFRAME_BODY);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(pos[k], pos2[k], 1e-12);
    }
    for (int k = 0; k < 9; k++) {
      EXPECT_NEAR(mat[k], mat2[k], 1e-12);
    }
    mj_local2Global(d, pos2, mat2, zero, nullptr, b, mjSAMEFRAME_BODYROT);
    for (int k = 0; k < 9; k++) {
      EXPECT_NEAR(mat[k], mat2[k], 1e-12);
    }
  }
}

// targeting cameras look at their target (-z axis) with a horizontal x axis; targeting lights
// point at it
TEST(Kinematics, CameraAndLightTargets) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  int ntarget = 0;
  for (int c = 0; c < m->ncam; c++) {
    int mode = m->cam_mode[c], target = m->cam_targetbodyid[c];
    if (mode != mjCAMLIGHT_TARGETBODY && mode != mjCAMLIGHT_TARGETBODYCOM) {
      continue;
    }
    const mjtNum* tp =
        mode == mjCAMLIGHT_TARGETBODY ? d->xpos + 3 * target : d->subtree_com + 3 * target;
    mjtNum dir[3];
    mju_sub3(dir, tp, d->cam_xpos + 3 * c);
    mju_normalize3(dir);
    const mjtNum* R = d->cam_xmat + 9 * c;
    EXPECT_NEAR(-R[2], dir[0], 1e-12);
    EXPECT_NEAR(-R[5], dir[1], 1e-12);
    EXPECT_NEAR(-R[8], dir[2], 1e-12);
    EXPECT_NEAR(R[6], 0, 1e-12);  // x axis horizontal
    ntarget++;
  }
  for (int l = 0; l < m->nlight; l++) {
    int mode = m->light_mode[l], target = m->light_targetbodyid[l];
    if (mode != mjCAMLIGHT_TARGETBODY && mode != mjCAMLIGHT_TARGETBODYCOM) {
      continue;
    }
    const mjtNum* tp =
        mode == mjCAMLIGHT_TARGETBODY ? d->xpos + 3 * target : d->subtree_com + 3 * target;
    mjtNum dir[3];
    mju_sub3(dir, tp, d->light_xpos + 3 * l);
    mju_normalize3(dir);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(d->light_xdir[3 * l + k], dir[k], 1e-12);
    }
    ntarget++;
  }
  EXPECT_EQ(ntarget, 4);
}

// subtree_com is the mass-weighted mean of xipos over each subtree (naive double loop)
TEST(Kinematics, SubtreeComNaive) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("humanoid.golden", &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  for (int b = 0; b < m->nbody; b++) {
    mjtNum sum[3] = {0, 0, 0}, mass = 0;
    for (int j = 0; j < m->nbody; j++) {
      int p = j;
      while (p > b) {
        p = m->body_parentid[p];
      }
      if (p != b) {
        continue;
      }
      mju_addToScl3(sum, d->xipos + 3 * j, m->body_mass[j]);
      mass += m->body_mass[j];
    }
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(d->subtree_com[3 * b + k], sum[k] / mass, 1e-12);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// qpos helpers

TEST(QposHelpers, DifferentiateInvertsIntegrate) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  int nq = m->nq, nv = m->nv;
  std::vector<mjtNum> q0(t.d->qpos, t.d->qpos + nq), q1, v(nv), v2(nv);
  mj_normalizeQuat(m, q0.data());
  for (int i = 0; i < nv; i++) {
    v[i] = 0.3 * std::sin(1.7 * i + 0.4);
  }
  q1 = q0;
  mjtNum dt = 0.05;
  mj_integratePos(m, q1.data(), v.data(), dt);
  mj_differentiatePos(m, v2.data(), dt, q0.data(), q1.data());
  // 1e-10: the quaternion log/exp pair loses a few digits relative to dt = 0.05
  for (int i = 0; i < nv; i++) {
    EXPECT_NEAR(v2[i], v[i], 1e-10) << i;
  }
}

TEST(QposHelpers, IntegrateIsExponentialMap) {
  // one free joint integrated in two half steps equals one full step (constant local velocity)
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  int nq = m->nq, nv = m->nv;
  std::vector<mjtNum> qa(t.d->qpos, t.d->qpos + nq), qb, v(nv);
  mj_normalizeQuat(m, qa.data());
  qb = qa;
  for (int i = 0; i < nv; i++) {
    v[i] = 0.5 * std::cos(0.9 * i);
  }
  mj_integratePos(m, qa.data(), v.data(), 0.2);
  mj_integratePos(m, qb.data(), v.data(), 0.1);
  mj_integratePos(m, qb.data(), v.data(), 0.1);
  for (int i = 0; i < nq; i++) {
    EXPECT_NEAR(qa[i], qb[i], 1e-13) << i;
  }
}

TEST(QposHelpers, NormalizeQuat) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  std::vector<mjtNum> q(t.d->qpos, t.d->qpos + m->nq), q0 = q;
  mj_normalizeQuat(m, q.data());
  for (int j = 0; j < m->njnt; j++) {
    int adr = m->jnt_qposadr[j], type = m->jnt_type[j];
    if (type == mjJNT_FREE) {
      for (int k = 0; k < 3; k++) {
        EXPECT_EQ(q[adr + k], q0[adr + k]);
      }
      adr += 3;
    }
    if (type == mjJNT_FREE || type == mjJNT_BALL) {
      EXPECT_NEAR(mju_norm(q.data() + adr, 4), 1, 1e-15);
      // same direction
      mjtNum n0 = mju_norm(q0.data() + adr, 4);
      for (int k = 0; k < 4; k++) {
        EXPECT_NEAR(q[adr + k], q0[adr + k] / n0, 1e-15);
      }
    } else {
      EXPECT_EQ(q[adr], q0[adr]);
    }
  }
}

}  // namespace
}  // namespace motus_test
