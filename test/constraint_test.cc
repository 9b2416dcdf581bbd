// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Reference-free checks of the constraint assembly (engine_core_constraint*.cc):
//   - the sparse and dense Jacobians of the same state are equal;
//   - Jacobian rows of equality and limit constraints are the derivative of efc_pos (central
//     finite differences along random velocity directions);
//   - efc_AR equals J M^-1 J' + diag(R) computed densely (mj_projectConstraint);
//   - mj_constraintUpdate: forces and states consistent with the cost;
//   - mj_island: index arrays equal MuJoCo 3.3.8's (test/data/constraint/islands.txt, command in
//     islands.xml) and are consistent permutations.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

const char* kModels[] = {"test/data/constraint/mixed.xml", "test/data/constraint/contacts.xml"};

// perturbs a model's state deterministically away from its reference pose, so that limits
// are active and equalities violated
void RandomState(const mjModel* m, mjData* d, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  mj_resetData(m, d);
  std::vector<mjtNum> v(m->nv);
  for (auto& x : v) {
    x = 0.4 * u(gen);
  }
  mj_integratePos(m, d->qpos, v.data(), 1);
  for (int k = 0; k < m->nv; k++) {
    d->qvel[k] = u(gen);
  }
}

// dense nefc x nv copy of efc_J (sparse or dense)
std::vector<double> DenseJ(const mjModel* m, const mjData* d) {
  int nv = m->nv, nefc = d->nefc;
  std::vector<double> J(static_cast<size_t>(nefc) * nv, 0.0);
  if (!mj_isSparse(m)) {
    for (int k = 0; k < nefc * nv; k++) {
      J[k] = d->efc_J[k];
    }
    return J;
  }
  for (int i = 0; i < nefc; i++) {
    for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
      int adr = d->efc_J_rowadr[i] + k;
      J[static_cast<size_t>(i) * nv + d->efc_J_colind[adr]] = d->efc_J[adr];
    }
  }
  return J;
}

// dense nefc x nefc copy of efc_AR
std::vector<double> DenseAR(const mjModel* m, const mjData* d) {
  int nefc = d->nefc;
  std::vector<double> A(static_cast<size_t>(nefc) * nefc, 0.0);
  if (!mj_isSparse(m)) {
    for (int k = 0; k < nefc * nefc; k++) {
      A[k] = d->efc_AR[k];
    }
    return A;
  }
  for (int i = 0; i < nefc; i++) {
    for (int k = 0; k < d->efc_AR_rownnz[i]; k++) {
      int adr = d->efc_AR_rowadr[i] + k;
      A[static_cast<size_t>(i) * nefc + d->efc_AR_colind[adr]] = d->efc_AR[adr];
    }
  }
  return A;
}

TEST(ConstraintTest, SparseAndDenseJacobiansAgree) {
  for (const char* file : kModels) {
    SCOPED_TRACE(file);
    ModelPtr model = LoadModel(SourcePath(file));
    ASSERT_TRUE(model);
    mjModel* m = model.get();
    DataPtr d1(mj_makeData(m)), d2(mj_makeData(m));
    for (int cone = 0; cone < 2; cone++) {
      m->opt.cone = cone;
      for (unsigned seed = 1; seed <= 5; seed++) {
        RandomState(m, d1.get(), seed);
        RandomState(m, d2.get(), seed);
        m->opt.jacobian = mjJAC_DENSE;
        mj_fwdPosition(m, d1.get());
        std::vector<double> Jd = DenseJ(m, d1.get());
        m->opt.jacobian = mjJAC_SPARSE;
        mj_fwdPosition(m, d2.get());
        std::vector<double> Js = DenseJ(m, d2.get());
        ASSERT_EQ(d1->nefc, d2->nefc);
        ASSERT_GT(d1->nefc, 0);
        // the same products summed in the same order: equal up to rounding
        for (size_t k = 0; k < Jd.size(); k++) {
          EXPECT_NEAR(Jd[k], Js[k], 1e-12 * (1 + std::fabs(Jd[k]))) << "entry " << k;
        }
        for (int i = 0; i < d1->nefc; i++) {
          EXPECT_EQ(d1->efc_type[i], d2->efc_type[i]);
          EXPECT_EQ(d1->efc_id[i], d2->efc_id[i]);
          EXPECT_NEAR(d1->efc_pos[i], d2->efc_pos[i], 1e-12);
          EXPECT_NEAR(d1->efc_R[i], d2->efc_R[i], 1e-12 * d1->efc_R[i]);
        }
      }
    }
  }
}

// Rows whose efc_pos is a smooth function of qpos with J its exact gradient: connect, joint and
// tendon equality, slide/hinge/tendon limits, and the translational weld rows. (The rotational
// weld rows use a quaternion-difference residual whose Jacobian is exact only at zero error, and
// contact rows have frame-dependent tangent directions: neither is checked here.)
bool ExactRow(const mjModel* m, const mjData* d, int i, int* rowInEq) {
  int type = d->efc_type[i], id = d->efc_id[i];
  if (type == mjCNSTR_EQUALITY) {
    if (m->eq_type[id] == mjEQ_WELD) {
      return *rowInEq < 3;
    }
    return true;
  }
  if (type == mjCNSTR_LIMIT_JOINT) {
    return m->jnt_type[id] != mjJNT_BALL;
  }
  return type == mjCNSTR_LIMIT_TENDON;
}

TEST(ConstraintTest, JacobianRowsAreDerivativesOfPositions) {
  ModelPtr model = LoadModel(SourcePath("test/data/constraint/mixed.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  // wide margins so that every limit produces a row at the sampled states
  for (int j = 0; j < m->njnt; j++) {
    m->jnt_margin[j] = 10;
  }
  for (int t = 0; t < m->ntendon; t++) {
    m->tendon_margin[t] = 10;
  }
  DataPtr data(mj_makeData(m)), dp(mj_makeData(m)), dm(mj_makeData(m));
  mjData* d = data.get();
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-1, 1);
  const double eps = 1e-6;
  int checked = 0;
  for (unsigned seed = 1; seed <= 4; seed++) {
    RandomState(m, d, seed);
    mj_fwdPosition(m, d);
    std::vector<double> J = DenseJ(m, d);
    std::vector<mjtNum> v(m->nv);
    for (auto& x : v) {
      x = u(gen);
    }
    for (mjData* x : {dp.get(), dm.get()}) {
      mj_resetData(m, x);
      for (int k = 0; k < m->nq; k++) {
        x->qpos[k] = d->qpos[k];
      }
      mj_integratePos(m, x->qpos, v.data(), x == dp.get() ? eps : -eps);
      mj_fwdPosition(m, x);
    }
    int prevId = -1, rowInEq = 0;
    for (int i = 0; i < d->ne + d->nf + d->nl; i++) {
      rowInEq = (d->efc_type[i] == mjCNSTR_EQUALITY && d->efc_id[i] == prevId) ? rowInEq + 1 : 0;
      prevId = d->efc_type[i] == mjCNSTR_EQUALITY ? d->efc_id[i] : -1;
      if (!ExactRow(m, d, i, &rowInEq)) {
        continue;
      }
      ASSERT_EQ(dp->efc_type[i], d->efc_type[i]);
      ASSERT_EQ(dm->efc_type[i], d->efc_type[i]);
      ASSERT_EQ(dm->efc_id[i], d->efc_id[i]);
      double fd = (dp->efc_pos[i] - dm->efc_pos[i]) / (2 * eps);
      double jv = 0;
      for (int k = 0; k < m->nv; k++) {
        jv += J[static_cast<size_t>(i) * m->nv + k] * v[k];
      }
      // central differences: O(eps^2) truncation plus rounding 1e-16/eps
      EXPECT_NEAR(jv, fd, 1e-7 * (1 + std::fabs(jv))) << "row " << i << " type " << d->efc_type[i];
      checked++;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(ConstraintTest, ARMatchesDenseProjection) {
  for (const char* file : kModels) {
    SCOPED_TRACE(file);
    ModelPtr model = LoadModel(SourcePath(file));
    ASSERT_TRUE(model);
    mjModel* m = model.get();
    m->opt.solver = mjSOL_PGS;  // a dual solver: mj_fwdPosition computes efc_AR
    ASSERT_TRUE(mj_isDual(m));
    DataPtr data(mj_makeData(m));
    mjData* d = data.get();
    for (int jac : {mjJAC_DENSE, mjJAC_SPARSE}) {
      m->opt.jacobian = jac;
      for (int cone = 0; cone < 2; cone++) {
        m->opt.cone = cone;
        RandomState(m, d, 3 + cone);
        mj_fwdPosition(m, d);
        int nefc = d->nefc, nv = m->nv;
        ASSERT_GT(nefc, 0);
        std::vector<double> J = DenseJ(m, d), A = DenseAR(m, d);
        // MinvJt: column i = M^-1 J_i'
        std::vector<mjtNum> MinvJ(static_cast<size_t>(nefc) * nv);
        mj_solveM(m, d, MinvJ.data(), J.data(), nefc);
        for (int i = 0; i < nefc; i++) {
          for (int j = 0; j < nefc; j++) {
            double e = (i == j) ? d->efc_R[i] : 0;
            for (int k = 0; k < nv; k++) {
              e += J[static_cast<size_t>(i) * nv + k] * MinvJ[static_cast<size_t>(j) * nv + k];
            }
            // different summation orders: rounding relative to the diagonal scale
            double scale = std::sqrt(std::fabs(A[i * nefc + i] * A[j * nefc + j]));
            EXPECT_NEAR(A[static_cast<size_t>(i) * nefc + j], e, 1e-10 * (scale + 1e-12))
                << "AR(" << i << "," << j << ") jacobian " << jac << " cone " << cone;
          }
        }
      }
    }
  }
}

// mj_constraintUpdate at a random jar: the cost is the sum of the per-row costs implied by
// efc_state and efc_force, and force = -dcost/djar (central differences).
TEST(ConstraintTest, UpdateForceIsCostGradient) {
  ModelPtr model = LoadModel(SourcePath("test/data/constraint/mixed.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int cone = 0; cone < 2; cone++) {
    m->opt.cone = cone;
    RandomState(m, d, 5);
    mj_fwdPosition(m, d);
    int nefc = d->nefc;
    ASSERT_GT(nefc, 0);
    std::vector<mjtNum> jar(nefc), f(nefc);
    for (auto& x : jar) {
      x = 0.5 * u(gen);
    }
    mjtNum cost = 0;
    mj_constraintUpdate(m, d, jar.data(), &cost, 0);
    for (int i = 0; i < nefc; i++) {
      f[i] = d->efc_force[i];
    }
    // finite differences, skipping elliptic cone rows (their cost couples the rows of a contact,
    // also differentiable, but the cone boundary is nonsmooth in jar)
    const double h = 1e-7;
    for (int i = 0; i < nefc; i++) {
      if (d->efc_state[i] == mjCNSTRSTATE_CONE) {
        continue;
      }
      std::vector<mjtNum> jp = jar, jm = jar;
      jp[i] += h;
      jm[i] -= h;
      mjtNum cp = 0, cm = 0;
      mj_constraintUpdate(m, d, jp.data(), &cp, 0);
      mj_constraintUpdate(m, d, jm.data(), &cm, 0);
      // central difference of a piecewise quadratic: exact away from kinks, rounding
      // cost*1e-16/h
      EXPECT_NEAR(-(cp - cm) / (2 * h), f[i], 1e-6 * (1 + std::fabs(f[i]) + std::fabs(cost)))
          << "row " << i << " type " << d->efc_type[i];
    }
  }
}

TEST(ConstraintTest, IslandsMatchOracle) {
  ModelPtr model = LoadModel(SourcePath("test/data/constraint/islands.xml"));
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  Golden golden(SourcePath("test/data/constraint/islands.txt"));
  ASSERT_TRUE(golden.ok()) << golden.error();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  mj_resetDataKeyframe(m, d, 0);
  mj_forward(m, d);
  mj_island(m, d);  // idempotent when the pipeline already ran it
  ASSERT_EQ(d->nefc, static_cast<int>(golden.get(0, "nefc")[0]));
  ASSERT_TRUE(EqualIntArrays("efc_type", d->efc_type, d->nefc, golden.get(0, "efc_type")));
  int nisland = static_cast<int>(golden.get(0, "nisland")[0]);
  ASSERT_EQ(d->nisland, nisland);
  EXPECT_EQ(d->nidof, static_cast<int>(golden.get(0, "nidof")[0]));
  int nv = m->nv, nefc = d->nefc;
  struct Field {
    const char* name;
    const int* data;
    int n;
  };
  const Field fields[] = {
      {"dof_island", d->dof_island, nv},
      {"efc_island", d->efc_island, nefc},
      {"island_dofadr", d->island_dofadr, nisland},
      {"island_nv", d->island_nv, nisland},
      {"island_idofadr", d->island_idofadr, nisland},
      {"island_ne", d->island_ne, nisland},
      {"island_nf", d->island_nf, nisland},
      {"island_nefc", d->island_nefc, nisland},
      {"island_iefcadr", d->island_iefcadr, nisland},
      {"map_efc2iefc", d->map_efc2iefc, nefc},
      {"map_iefc2efc", d->map_iefc2efc, nefc},
      {"map_dof2idof", d->map_dof2idof, nv},
      {"map_idof2dof", d->map_idof2dof, nv},
  };
  for (const Field& f : fields) {
    EXPECT_TRUE(EqualIntArrays(f.name, f.data, f.n, golden.get(0, f.name)));
  }
  // trees: each island's trees are those of its dofs
  for (int k = 0; k < nisland; k++) {
    for (int j = 0; j < d->island_ntree[k]; j++) {
      int tree = d->map_itree2tree[d->island_itreeadr[k] + j];
      EXPECT_EQ(d->tree_island[tree], k);
      EXPECT_EQ(d->dof_island[m->tree_dofadr[tree]], k);
    }
  }
  // disabled: no islands
  m->opt.disableflags |= mjDSBL_ISLAND;
  mj_forward(m, d);
  mj_island(m, d);
  EXPECT_EQ(d->nisland, 0);
}

// the islands of random states of the test scenes partition dofs and rows consistently: every
// row's trees belong to the row's island, and the maps are inverse permutations
TEST(ConstraintTest, IslandsArePartitions) {
  for (const char* file : kModels) {
    SCOPED_TRACE(file);
    ModelPtr model = LoadModel(SourcePath(file));
    ASSERT_TRUE(model);
    mjModel* m = model.get();
    DataPtr data(mj_makeData(m));
    mjData* d = data.get();
    for (unsigned seed = 1; seed <= 3; seed++) {
      RandomState(m, d, seed);
      mj_fwdPosition(m, d);
      mj_island(m, d);
      ASSERT_GT(d->nisland, 0);
      std::vector<int> trees(m->ntree);
      for (int i = 0; i < d->nefc; i++) {
        int n = mj_efcTrees(m, d, i, trees.data());
        for (int k = 0; k < n; k++) {
          EXPECT_EQ(d->tree_island[trees[k]], d->efc_island[i]) << "row " << i;
        }
        EXPECT_EQ(d->map_iefc2efc[d->map_efc2iefc[i]], i);
      }
      for (int i = 0; i < m->nv; i++) {
        EXPECT_EQ(d->map_idof2dof[d->map_dof2idof[i]], i);
      }
      int total = 0;
      for (int k = 0; k < d->nisland; k++) {
        total += d->island_nefc[k];
      }
      EXPECT_EQ(total, d->nefc);
    }
  }
}

}  // namespace
}  // namespace motus_test
