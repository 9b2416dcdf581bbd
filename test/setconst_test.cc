// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sparse structure of the joint-space matrices (mj_bodySimple, mj_sparseSizes, mj_setSparse),
// the qpos0 constants of mj_setConst, and mj_getTotalmass / mj_setTotalmass.

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

class SetConstGolden : public ::testing::TestWithParam<const char*> {};

// golden numbers from test/data/smooth/make_all.sh (MuJoCo 3.3.8 oracle): integer layouts must
// match exactly
TEST_P(SetConstGolden, SparseLayoutMatchesOracle) {
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath(GetParam())));
  ModelPtr mp(ModelFromGolden(g));
  ASSERT_TRUE(mp);
  const mjModel* m = mp.get();

  // sizes from the trees alone
  std::vector<int> simplenum(g.Get("m.dof_simplenum").begin(), g.Get("m.dof_simplenum").end());
  mjtSize nM, nC, nD, nB;
  mj_sparseSizes(m->nv, m->dof_parentid, simplenum.data(), m->nbody, m->body_parentid,
                 m->body_dofnum, m->body_dofadr, &nM, &nC, &nD, &nB);
  EXPECT_EQ(nM, g.Size("nM"));
  EXPECT_EQ(nC, (mjtSize)g.Get("m.M_colind").size());
  EXPECT_EQ(nD, (mjtSize)g.Get("m.D_colind").size());
  EXPECT_EQ(nB, (mjtSize)g.Get("m.B_colind").size());

  ExpectEqual(g, "m.body_simple", m->body_simple, m->nbody);
  ExpectEqual(g, "m.dof_simplenum", m->dof_simplenum, m->nv);
  ExpectEqual(g, "m.dof_Madr", m->dof_Madr, m->nv);
  ExpectEqual(g, "m.M_rownnz", m->M_rownnz, m->nv);
  ExpectEqual(g, "m.M_rowadr", m->M_rowadr, m->nv);
  ExpectEqual(g, "m.M_colind", m->M_colind, m->nC);
  ExpectEqual(g, "m.mapM2M", m->mapM2M, m->nC);
  ExpectEqual(g, "m.D_rownnz", m->D_rownnz, m->nv);
  ExpectEqual(g, "m.D_rowadr", m->D_rowadr, m->nv);
  ExpectEqual(g, "m.D_diag", m->D_diag, m->nv);
  ExpectEqual(g, "m.D_colind", m->D_colind, m->nD);
  ExpectEqual(g, "m.mapM2D", m->mapM2D, m->nD);
  ExpectEqual(g, "m.mapD2M", m->mapD2M, m->nC);
  ExpectEqual(g, "m.B_rownnz", m->B_rownnz, m->nbody);
  ExpectEqual(g, "m.B_rowadr", m->B_rowadr, m->nbody);
  ExpectEqual(g, "m.B_colind", m->B_colind, m->nB);
}

TEST_P(SetConstGolden, ConstantsMatchOracle) {
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath(GetParam())));
  ModelPtr mp(ModelFromGolden(g));
  ASSERT_TRUE(mp);
  const mjModel* m = mp.get();
  ExpectNear(g, "m.body_subtreemass", m->body_subtreemass, m->nbody);
  ExpectNear(g, "m.dof_M0", m->dof_M0, m->nv);
  // inverse weights go through a solve with M: 1e-9 for its conditioning
  ExpectNear(g, "m.body_invweight0", m->body_invweight0, 2 * m->nbody, 1e-9);
  ExpectNear(g, "m.dof_invweight0", m->dof_invweight0, m->nv, 1e-9);
  ExpectNear(g, "m.cam_pos0", m->cam_pos0, 3 * m->ncam);
  ExpectNear(g, "m.cam_poscom0", m->cam_poscom0, 3 * m->ncam);
  ExpectNear(g, "m.cam_mat0", m->cam_mat0, 9 * m->ncam);
  ExpectNear(g, "m.light_pos0", m->light_pos0, 3 * m->nlight);
  ExpectNear(g, "m.light_poscom0", m->light_poscom0, 3 * m->nlight);
  ExpectNear(g, "m.light_dir0", m->light_dir0, 3 * m->nlight);
  if (m->neq) {
    ExpectNear(g, "m.eq_data", m->eq_data, mjNEQDATA * m->neq);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, SetConstGolden,
                         ::testing::Values("branch.golden", "simple.golden", "humanoid.golden",
                                           "arm.golden", "constraint.golden", "equality.golden"));

// the structure describes M: the CSR copy and the D pattern agree with the dense matrix
TEST(SetConst, StructureDescribesM) {
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath("branch.golden")));
  ModelPtr mp(ModelFromGolden(g));
  mjModel* m = mp.get();
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  SetGoldenState(g, m, d);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  int nv = m->nv;
  std::vector<mjtNum> full(nv * nv), fromD(nv * nv, 0);
  mj_fullM(m, full.data(), d->qM);
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int adr = m->D_rowadr[i] + k, j = m->D_colind[adr];
      if (m->mapM2D[adr] >= 0) {
        fromD[i * nv + j] = d->M[m->mapM2D[adr]];
      }
    }
    EXPECT_EQ(m->D_colind[m->D_rowadr[i] + m->D_diag[i]], i);
  }
  // every nonzero of M is in D, at its value (no simple dofs in this model)
  for (int i = 0; i < nv * nv; i++) {
    EXPECT_EQ(fromD[i], full[i]) << i;
  }
  for (int k = 0; k < m->nC; k++) {
    EXPECT_EQ(m->mapM2D[m->mapD2M[k]], k);
  }
}

// rules of body_simple, one condition at a time
TEST(SetConst, BodySimpleRules) {
  const int hinge = mjJNT_HINGE, slide = mjJNT_SLIDE, ball = mjJNT_BALL, freej = mjJNT_FREE;
  const mjtNum zero[6] = {0, 0, 0, 0, 0, 0}, off[6] = {0.1, 0, 0, 0, 0, 0};
  const mjtNum ax[6] = {1, 0, 0, 0, 0, -1}, skew[6] = {1, 1, 0, 0, 1, 0};
  int t2[2];
  EXPECT_EQ(mj_bodySimple(-1, 3, 0, 0, nullptr, nullptr, nullptr), 1);        // world
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 0, nullptr, zero, ax), 1);  // static leaf
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODYROT, 0, nullptr, zero, ax), 0);
  EXPECT_EQ(mj_bodySimple(1, 0, mjSAMEFRAME_BODY, 0, nullptr, zero, ax), 0);  // not a root
  EXPECT_EQ(mj_bodySimple(0, 1, mjSAMEFRAME_BODY, 0, nullptr, zero, ax), 0);  // has a child
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 1, &freej, zero, ax), 1);
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 1, &ball, zero, ax), 1);
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 1, &hinge, zero, ax), 1);
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 1, &hinge, off, ax), 0);     // off-origin
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 1, &hinge, zero, skew), 0);  // skew axis
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 1, &slide, zero, ax), 2);
  t2[0] = slide;
  t2[1] = slide;
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 2, t2, zero, ax), 2);
  t2[0] = slide;
  t2[1] = hinge;
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 2, t2, zero, ax), 1);
  t2[0] = hinge;
  t2[1] = slide;
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 2, t2, zero, ax), 0);  // rotation not last
  t2[0] = hinge;
  t2[1] = hinge;
  EXPECT_EQ(mj_bodySimple(0, 0, mjSAMEFRAME_BODY, 2, t2, zero, ax), 0);
}

// parents must precede children
TEST(SetConst, InvalidTreeIsAnError) {
  const int dof_parent[3] = {-1, 2, 0};
  const int body_parent[2] = {0, 0}, body_dofnum[2] = {0, 3}, body_dofadr[2] = {-1, 0};
  mjtSize nM, nC, nD, nB;
  ScopedErrorCapture capture;
  EXPECT_THROW(mj_sparseSizes(3, dof_parent, nullptr, 2, body_parent, body_dofnum, body_dofadr, &nM,
                              &nC, &nD, &nB),
               MujocoError);
}

// a chain of n hinges: nM = nC = n(n+1)/2, nD = n^2, B rows = all dofs
TEST(SetConst, ChainSizes) {
  const int n = 5;
  int dof_parent[n], body_parent[n + 1], body_dofnum[n + 1], body_dofadr[n + 1];
  body_parent[0] = -1;
  body_dofnum[0] = 0;
  body_dofadr[0] = -1;
  for (int i = 0; i < n; i++) {
    dof_parent[i] = i - 1;
    body_parent[i + 1] = i;
    body_dofnum[i + 1] = 1;
    body_dofadr[i + 1] = i;
  }
  mjtSize nM, nC, nD, nB;
  mj_sparseSizes(n, dof_parent, nullptr, n + 1, body_parent, body_dofnum, body_dofadr, &nM, &nC,
                 &nD, &nB);
  EXPECT_EQ(nM, n * (n + 1) / 2);
  EXPECT_EQ(nC, n * (n + 1) / 2);
  EXPECT_EQ(nD, n * n);
  EXPECT_EQ(nB, (n + 1) * n);
}

TEST(SetConst, TotalMass) {
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath("branch.golden")));
  ModelPtr mp(ModelFromGolden(g));
  mjModel* m = mp.get();
  mjtNum total = 0;
  for (int b = 0; b < m->nbody; b++) {
    total += m->body_mass[b];
  }
  EXPECT_NEAR(mj_getTotalmass(m), total, 1e-12);
  std::vector<mjtNum> inertia(m->body_inertia, m->body_inertia + 3 * m->nbody);
  mj_setTotalmass(m, 2 * total);
  EXPECT_NEAR(mj_getTotalmass(m), 2 * total, 1e-12);
  for (int i = 0; i < 3 * m->nbody; i++) {
    EXPECT_NEAR(m->body_inertia[i], 2 * inertia[i], 1e-12);
  }
  EXPECT_NEAR(m->body_subtreemass[0], 2 * total, 1e-12);
}

// mj_setConst leaves d at qpos0 with the position stages done: a second call changes nothing
TEST(SetConst, Idempotent) {
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath("branch.golden")));
  ModelPtr mp(ModelFromGolden(g));
  mjModel* m = mp.get();
  DataPtr dp(mj_makeData(m));
  std::vector<mjtNum> iw(m->body_invweight0, m->body_invweight0 + 2 * m->nbody);
  std::vector<mjtNum> m0(m->dof_M0, m->dof_M0 + m->nv);
  mj_setConst(m, dp.get());
  for (int i = 0; i < 2 * m->nbody; i++) {
    EXPECT_EQ(m->body_invweight0[i], iw[i]);
  }
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(m->dof_M0[i], m0[i]);
  }
  for (int i = 0; i < m->nq; i++) {
    EXPECT_EQ(dp->qpos[i], m->qpos0[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// integration with the XML compiler: the compiled model (which calls mj_bodySimple,
// mj_sparseSizes, mj_setSparse and mj_setConst) reproduces the oracle's arrays and, at the golden
// state, the oracle's smooth quantities

class XmlGolden : public ::testing::TestWithParam<const char*> {};

TEST_P(XmlGolden, CompiledModelMatchesOracle) {
  std::string name = GetParam();
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath(name + ".golden")));
  ScopedErrorCapture capture;  // an engine error fails this test instead of ending the run
  char error[1000] = "";
  ModelPtr mp(mj_loadXML(GoldenPath(name + ".xml").c_str(), nullptr, error, sizeof(error)));
  ASSERT_TRUE(mp) << error;
  const mjModel* m = mp.get();
  ASSERT_EQ(m->nv, g.Size("nv"));
  ASSERT_EQ(m->nbody, g.Size("nbody"));
  ExpectEqual(g, "m.body_simple", m->body_simple, m->nbody);
  ExpectEqual(g, "m.dof_simplenum", m->dof_simplenum, m->nv);
  ExpectEqual(g, "m.dof_Madr", m->dof_Madr, m->nv);
  ExpectEqual(g, "m.M_colind", m->M_colind, m->nC);
  ExpectEqual(g, "m.D_colind", m->D_colind, m->nD);
  ExpectEqual(g, "m.B_colind", m->B_colind, m->nB);
  ExpectNear(g, "m.body_subtreemass", m->body_subtreemass, m->nbody);
  ExpectNear(g, "m.dof_M0", m->dof_M0, m->nv);
  ExpectNear(g, "m.body_invweight0", m->body_invweight0, 2 * m->nbody, 1e-9);  // solve with M
  ExpectNear(g, "m.dof_invweight0", m->dof_invweight0, m->nv, 1e-9);
  ExpectNear(g, "m.cam_poscom0", m->cam_poscom0, 3 * m->ncam);
  ExpectNear(g, "m.light_poscom0", m->light_poscom0, 3 * m->nlight);

  DataPtr dp;
  try {
    dp.reset(mj_makeData(m));
  } catch (const MujocoError& e) {
    FAIL() << e.message;
  }
  ASSERT_TRUE(dp);
  mjData* d = dp.get();
  SetGoldenState(g, m, d);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_camlight(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  mj_comVel(m, d);
  std::vector<mjtNum> bias(m->nv);
  mj_rne(m, d, 0, bias.data());
  ExpectNear(g, "d.xpos", d->xpos, 3 * m->nbody);
  ExpectNear(g, "d.xquat", d->xquat, 4 * m->nbody);
  ExpectNear(g, "d.cam_xmat", d->cam_xmat, 9 * m->ncam);
  ExpectNear(g, "d.light_xpos", d->light_xpos, 3 * m->nlight);
  ExpectNear(g, "d.cdof", d->cdof, 6 * m->nv);
  ExpectNear(g, "d.qM", d->qM, m->nM);
  ExpectNear(g, "d.qLD", d->qLD, m->nC);
  ExpectNear(g, "d.cvel", d->cvel, 6 * m->nbody);
  ExpectNear(g, "d.qfrc_bias", bias.data(), m->nv);
}

INSTANTIATE_TEST_SUITE_P(Models, XmlGolden,
                         ::testing::Values("branch", "simple", "arm", "constraint", "equality"));

}  // namespace
}  // namespace motus_test
