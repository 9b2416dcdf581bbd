// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flexstrain equalities (src/user/user_compile_flex_strain.cc, engine_core_constraint_flex.cc)
// against MuJoCo 3.8.0: the rows of trilinear and quadratic cells at random states (count, ids,
// Jacobian, residual, diagonal approximation and the resulting qacc) on three models of
// test/data/flex_strain (one free cell, three cells with pinned nodes on a hinged arm and
// explicit equalities before the flexcomp's, one quadratic cell); the compile errors. Golden
// data:
//   python3 test/data/flex_strain/make_golden.py

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

std::string DataPath(const std::string& name) {
  return SourcePath("test/data/flex_strain/" + name);
}

double MaxAbs(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) {
    m = std::max(m, std::fabs(x));
  }
  return m;
}

class FlexStrain : public ::testing::TestWithParam<const char*> {};

// The rows are scaled eigenvectors of the cell's stiffness: the cells of these models have three
// different extents, so every eigenvalue of a trilinear cell's stiffness is simple or its
// eigenvectors are fixed by the rotation order, and the rows equal MuJoCo's to rounding (measured
// 3e-15 trilinear, 2e-13 quadratic). The impedance width of the models is tiny, so every row has
// the impedance dmax and qacc depends on the rows only through J and the residual.
TEST_P(FlexStrain, RowsMatchMuJoCo) {
  std::string name = GetParam();
  ModelPtr model = LoadModel(DataPath(name + ".xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  Golden g(DataPath(name + ".txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  ASSERT_EQ(g.num_records(), 4);
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("state " + std::to_string(r));
    mj_resetData(m, d);
    const std::vector<double>& qpos = g.get(r, "qpos");
    ASSERT_EQ(static_cast<int>(qpos.size()), m->nq);
    std::copy(qpos.begin(), qpos.end(), d->qpos);
    mj_forward(m, d);
    int nefc = static_cast<int>(g.get(r, "nefc")[0]);
    ASSERT_EQ(d->nefc, nefc);
    EXPECT_TRUE(EqualIntArrays("efc_id", d->efc_id, nefc, g.get(r, "efc_id")));
    EXPECT_TRUE(EqualIntArrays("efc_type", d->efc_type, nefc, g.get(r, "efc_type")));
    std::vector<mjtNum> dense(static_cast<size_t>(nefc) * m->nv);
    if (mj_isSparse(m)) {
      mju_sparse2dense(dense.data(), d->efc_J, nefc, m->nv, d->efc_J_rownnz, d->efc_J_rowadr,
                       d->efc_J_colind);
    } else {
      std::copy(d->efc_J, d->efc_J + dense.size(), dense.begin());
    }
    const std::vector<double>& J = g.get(r, "efc_J");
    const std::vector<double>& pos = g.get(r, "efc_pos");
    const std::vector<double>& qacc = g.get(r, "qacc");
    EXPECT_TRUE(NearArrays("efc_J", dense.data(), nefc * m->nv, J, 0, 1e-11 * MaxAbs(J)));
    EXPECT_TRUE(NearArrays("efc_pos", d->efc_pos, nefc, pos, 0, 1e-11 * MaxAbs(pos) + 1e-15));
    EXPECT_TRUE(NearArrays("efc_diagApprox", d->efc_diagApprox, nefc, g.get(r, "efc_diagApprox"),
                           1e-14, 0));
    EXPECT_TRUE(NearArrays("qacc", d->qacc, m->nv, qacc, 0, 1e-9 * MaxAbs(qacc)));
  }
}

INSTANTIATE_TEST_SUITE_P(Models, FlexStrain, ::testing::Values("cell", "cells", "quadratic"));

// the rows vanish on rigid motions of the cell (rotation about the cell and translation), and
// a trilinear cell has 24 - 6 of them, a quadratic one 81 - 6
TEST(FlexStrainRows, RigidMotionsKeepZeroResidual) {
  ModelPtr model = LoadModel(DataPath("cell.xml"));
  ASSERT_TRUE(model);
  const mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  // turn the free nodes about z by 0.3 rad and shift them
  mjtNum c = std::cos(0.3), s = std::sin(0.3);
  for (int n = 0; n < m->flex_nodenum[0]; n++) {
    const mjtNum* x0 = m->flex_node0 + 3 * n;
    int b = m->flex_nodebodyid[n], adr = m->jnt_qposadr[m->body_jntadr[b]];
    d->qpos[adr] = c * x0[0] - s * x0[1] + 0.2 - x0[0];
    d->qpos[adr + 1] = s * x0[0] + c * x0[1] - 0.1 - x0[1];
    d->qpos[adr + 2] = 0.05;
  }
  mj_forward(m, d);
  ASSERT_EQ(d->nefc, 18);
  for (int i = 0; i < d->nefc; i++) {
    EXPECT_NEAR(d->efc_pos[i], 0, 1e-12) << i;
  }
  ModelPtr quad = LoadModel(DataPath("quadratic.xml"));
  ASSERT_TRUE(quad);
  DataPtr qdata(mj_makeData(quad.get()));
  mj_forward(quad.get(), qdata.get());
  EXPECT_EQ(qdata->nefc, 75);
}

// strain and elasticity exclude each other (MuJoCo's message); the equality needs a 3D
// interpolated flex and a cell inside its grid
TEST(FlexStrainErrors, ClearMessages) {
  auto model = [](const std::string& flexcomp, const std::string& equality) {
    return "<mujoco><worldbody><flexcomp name=\"f\" type=\"grid\" dim=\"3\" count=\"3 2 2\" "
           "spacing=\"0.1 0.1 0.1\" radius=\"0.001\" " +
           flexcomp + "</flexcomp></worldbody><equality>" + equality + "</equality></mujoco>";
  };
  const char* contact = "<contact selfcollide=\"none\" internal=\"false\"/>";
  EXPECT_NE(CompileError(model(std::string("dof=\"trilinear\"><edge equality=\"strain\"/>"
                                           "<elasticity young=\"100\"/>") +
                                   contact,
                               ""))
                .find("strain constraint and elasticity (young) cannot both be present"),
            std::string::npos);
  EXPECT_NE(CompileError(model(std::string("dof=\"trilinear\" cellcount=\"2 1 1\">") + contact,
                               "<flexstrain flex=\"f\" cell=\"2 0 0\"/>"))
                .find("cell (2 0 0) is outside the 2 x 1 x 1 cells"),
            std::string::npos);
  // without a cell the equality names cell (0 1 0), MuJoCo's default data
  EXPECT_NE(CompileError(model(std::string("dof=\"trilinear\" cellcount=\"2 1 1\">") + contact,
                               "<flexstrain flex=\"f\"/>"))
                .find("cell (0 1 0) is outside"),
            std::string::npos);
  EXPECT_NE(CompileError(model(">", "<flexstrain flex=\"f\" cell=\"0 0 0\"/>"))
                .find("flexstrain equality needs a 3D trilinear or quadratic flex"),
            std::string::npos);
  EXPECT_EQ(CompileError(model(std::string("dof=\"trilinear\" cellcount=\"2 1 1\">") + contact,
                               "<flexstrain flex=\"f\" cell=\"1 0 0\"/>")),
            "");
}

}  // namespace
}  // namespace motus_test
