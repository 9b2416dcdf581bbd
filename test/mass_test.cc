// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Joint-space inertia: mj_crb, mj_makeM (qM and the CSR M), mj_factorM, mj_solveM, mj_solveM2,
// mj_mulM, mj_mulM2, mj_fullM, mj_addM.

#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "smooth_testutil.h"

namespace motus_test {
namespace {

// res = M * vec with M in the legacy qM layout (dof_Madr): the reference product for mj_mulM
void MulMLegacy(const mjModel* m, const mjtNum* qM, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  for (int i = 0; i < nv; i++) {
    res[i] = qM[m->dof_Madr[i]] * vec[i];
  }
  for (int i = 0; i < nv; i++) {
    int adr = m->dof_Madr[i] + 1;
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j], adr++) {
      res[i] += qM[adr] * vec[j];
      res[j] += qM[adr] * vec[i];
    }
  }
}

using ModelPtr = std::unique_ptr<mjModel, ModelDeleter>;
using DataPtr = std::unique_ptr<mjData, DataDeleter>;

struct Loaded {
  Golden g;
  ModelPtr m;
  DataPtr d;
};

// golden model at the golden state with M built and factored
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
  mj_makeM(out->m.get(), out->d.get());
  mj_factorM(out->m.get(), out->d.get());
  return true;
}

std::vector<mjtNum> DenseM(const mjModel* m, const mjData* d) {
  std::vector<mjtNum> M(m->nv * m->nv);
  mj_fullM(m, M.data(), d->qM);
  return M;
}

class MassGolden : public ::testing::TestWithParam<const char*> {};

// golden numbers from test/data/smooth/make_all.sh (MuJoCo 3.3.8 oracle, --states)
TEST_P(MassGolden, MatchesOracle) {
  Loaded t;
  ASSERT_TRUE(LoadGolden(GetParam(), &t));
  const mjModel* m = t.m.get();
  const mjData* d = t.d.get();
  ExpectNear(t.g, "d.crb", d->crb, 10 * m->nbody);
  ExpectNear(t.g, "d.qM", d->qM, m->nM);
  ExpectNear(t.g, "d.M", d->M, m->nC);
  ExpectNear(t.g, "d.qLD", d->qLD, m->nC);
  ExpectNear(t.g, "d.qLDiagInv", d->qLDiagInv, m->nv);
}

INSTANTIATE_TEST_SUITE_P(Models, MassGolden,
                         ::testing::Values("branch.golden", "simple.golden", "humanoid.golden"));

// M = sum over bodies of Jp' m Jp + Jr' I Jr (Jacobians at the body com, I in the world frame)
// plus the armature diagonal: an independent assembly through mj_jacBodyCom
TEST(Mass, EqualsSumOfBodyJacobianProducts) {
  for (const char* name : {"branch.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    const mjData* d = t.d.get();
    int nv = m->nv;
    std::vector<mjtNum> M(nv * nv, 0), jp(3 * nv), jr(3 * nv);
    for (int b = 1; b < m->nbody; b++) {
      mj_jacBodyCom(m, d, jp.data(), jr.data(), b);
      const mjtNum* R = d->ximat + 9 * b;
      mjtNum I[9];
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          I[3 * i + j] = 0;
          for (int k = 0; k < 3; k++) {
            I[3 * i + j] += R[3 * i + k] * m->body_inertia[3 * b + k] * R[3 * j + k];
          }
        }
      }
      for (int r = 0; r < nv; r++) {
        for (int c = 0; c < nv; c++) {
          mjtNum s = 0;
          for (int k = 0; k < 3; k++) {
            s += m->body_mass[b] * jp[k * nv + r] * jp[k * nv + c];
            for (int l = 0; l < 3; l++) {
              s += jr[k * nv + r] * I[3 * k + l] * jr[l * nv + c];
            }
          }
          M[r * nv + c] += s;
        }
      }
    }
    for (int i = 0; i < nv; i++) {
      M[i * nv + i] += m->dof_armature[i];
    }

    std::vector<mjtNum> full = DenseM(m, d);
    mjtNum scale = 0;
    for (mjtNum x : full) {
      scale = std::fmax(scale, std::fabs(x));
    }
    // 1e-12 relative to the largest entry: two summation orders of the same products
    for (int i = 0; i < nv * nv; i++) {
      EXPECT_NEAR(full[i], M[i], 1e-12 * scale) << name << " " << i;
    }
  }
}

// symmetric positive definite: dense Cholesky succeeds on every golden model
TEST(Mass, PositiveDefinite) {
  for (const char* name : {"branch.golden", "simple.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    std::vector<mjtNum> M = DenseM(m, t.d.get());
    int nv = m->nv;
    for (int i = 0; i < nv; i++) {
      for (int j = 0; j < nv; j++) {
        EXPECT_EQ(M[i * nv + j], M[j * nv + i]);
      }
    }
    if (std::string(name) == "simple.golden") {
      continue;  // two parallel slides: singular on purpose
    }
    EXPECT_EQ(mju_cholFactor(M.data(), nv, 0), nv) << name;
  }
}

// L'DL reproduces M, and mj_solveM inverts mj_mulM (and the dense product)
TEST(Mass, FactorAndSolve) {
  for (const char* name : {"branch.golden", "humanoid.golden"}) {
    Loaded t;
    ASSERT_TRUE(LoadGolden(name, &t));
    const mjModel* m = t.m.get();
    mjData* d = t.d.get();
    int nv = m->nv;

    // dense L (unit lower) and D from the CSR factor; M = L' D L
    std::vector<mjtNum> L(nv * nv, 0), Dv(nv), full = DenseM(m, d);
    for (int i = 0; i < nv; i++) {
      int adr = m->M_rowadr[i], nnz = m->M_rownnz[i];
      for (int k = 0; k < nnz - 1; k++) {
        L[i * nv + m->M_colind[adr + k]] = d->qLD[adr + k];
      }
      L[i * nv + i] = 1;
      Dv[i] = d->qLD[adr + nnz - 1];
      EXPECT_NEAR(d->qLDiagInv[i] * Dv[i], 1, 1e-15);
    }
    mjtNum scale = 0;
    for (mjtNum x : full) {
      scale = std::fmax(scale, std::fabs(x));
    }
    for (int i = 0; i < nv; i++) {
      for (int j = 0; j < nv; j++) {
        mjtNum s = 0;
        for (int k = 0; k < nv; k++) {
          s += L[k * nv + i] * Dv[k] * L[k * nv + j];
        }
        EXPECT_NEAR(s, full[i * nv + j], 1e-12 * scale);  // reconstruction rounding
      }
    }

    // solve(mul(x)) = x for two right-hand sides at once
    std::vector<mjtNum> x(2 * nv), y(2 * nv), z(2 * nv), yd(nv);
    for (int i = 0; i < 2 * nv; i++) {
      x[i] = std::sin(0.7 * i + 0.1);
    }
    mj_mulM(m, d, y.data(), x.data());
    mj_mulM(m, d, y.data() + nv, x.data() + nv);
    mju_mulMatVec(yd.data(), full.data(), x.data(), nv, nv);
    for (int i = 0; i < nv; i++) {
      EXPECT_NEAR(y[i], yd[i], 1e-12 * scale);
    }
    mj_solveM(m, d, z.data(), y.data(), 2);
    // 1e-9: the solve amplifies rounding by cond(M) (up to ~1e4 for the humanoid)
    for (int i = 0; i < 2 * nv; i++) {
      EXPECT_NEAR(z[i], x[i], 1e-9) << name << " " << i;
    }

    // in place
    mj_solveM(m, d, y.data(), y.data(), 2);
    for (int i = 0; i < 2 * nv; i++) {
      EXPECT_NEAR(y[i], x[i], 1e-9);
    }
  }
}

// half operations: |M^1/2 x|^2 = x'Mx and |solveM2(y)|^2 = y'M^-1 y
TEST(Mass, HalfProductsAndSolves) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<mjtNum> x(nv), Mx(nv), h(nv), sqrtInvD(nv), Minvx(nv);
  for (int i = 0; i < nv; i++) {
    x[i] = std::cos(1.3 * i);
  }
  mj_mulM(m, d, Mx.data(), x.data());
  mj_mulM2(m, d, h.data(), x.data());
  EXPECT_NEAR(mju_dot(h.data(), h.data(), nv), mju_dot(x.data(), Mx.data(), nv), 1e-10);

  for (int i = 0; i < nv; i++) {
    sqrtInvD[i] = std::sqrt(d->qLDiagInv[i]);
  }
  mj_solveM2(m, d, h.data(), x.data(), sqrtInvD.data(), 1);
  mj_solveM(m, d, Minvx.data(), x.data(), 1);
  EXPECT_NEAR(mju_dot(h.data(), h.data(), nv), mju_dot(x.data(), Minvx.data(), nv), 1e-9);
}

// mj_addM: dense adds the lower triangle (as MuJoCo 3.8.0); sparse adds into a CSR pattern
// containing M's
TEST(Mass, AddM) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("branch.golden", &t));
  const mjModel* m = t.m.get();
  mjData* d = t.d.get();
  int nv = m->nv;
  std::vector<mjtNum> dense(nv * nv, 1.0), full = DenseM(m, d);
  mj_addM(m, d, dense.data(), nullptr, nullptr, nullptr);
  for (int i = 0; i < nv; i++) {
    for (int j = 0; j < nv; j++) {
      EXPECT_EQ(dense[i * nv + j], (j <= i ? full[i * nv + j] : 0) + 1.0) << i << " " << j;
    }
  }

  // sparse destination: the D pattern restricted to the lower triangle (a superset of M's)
  std::vector<int> rownnz(nv), rowadr(nv), colind;
  for (int i = 0; i < nv; i++) {
    rowadr[i] = colind.size();
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int j = m->D_colind[m->D_rowadr[i] + k];
      if (j <= i) {
        colind.push_back(j);
      }
    }
    rownnz[i] = colind.size() - rowadr[i];
  }
  std::vector<mjtNum> sparse(colind.size(), 0.5);
  mj_addM(m, d, sparse.data(), rownnz.data(), rowadr.data(), colind.data());
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < rownnz[i]; k++) {
      int j = colind[rowadr[i] + k];
      EXPECT_EQ(sparse[rowadr[i] + k], full[i * nv + j] + 0.5) << i << " " << j;
    }
  }
}

// the legacy-layout product used internally agrees with the CSR product
TEST(Mass, LegacyProduct) {
  Loaded t;
  ASSERT_TRUE(LoadGolden("humanoid.golden", &t));
  const mjModel* m = t.m.get();
  int nv = m->nv;
  std::vector<mjtNum> x(nv), a(nv), b(nv);
  for (int i = 0; i < nv; i++) {
    x[i] = std::sin(2.1 * i);
  }
  mj_mulM(m, t.d.get(), a.data(), x.data());
  MulMLegacy(m, t.d->qM, b.data(), x.data());
  for (int i = 0; i < nv; i++) {
    EXPECT_NEAR(a[i], b[i], 1e-12);
  }
}

// tendon armature a adds a J'J to M on the entries the tree structure stores; pairs of dofs on
// different branches are dropped (MuJoCo 3.3.8 does the same: a fixed tendon over a hinge and a
// slide of two separate trees leaves their qM coupling out, checked on the oracle)
TEST(Mass, TendonArmature) {
  Golden g;
  ASSERT_TRUE(g.Load(GoldenPath("arm.golden")));
  ModelPtr mp(ModelFromGolden(g, 1, 3));
  mjModel* m = mp.get();
  ASSERT_TRUE(m);
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  SetGoldenState(g, m, d);
  int nv = m->nv;
  ASSERT_EQ(m->dof_parentid[4], 0);  // j5 hangs from j1, on another branch than j2
  m->ten_J_rownnz[0] = 3;
  m->ten_J_rowadr[0] = 0;
  m->ten_J_colind[0] = 0;
  m->ten_J_colind[1] = 1;
  m->ten_J_colind[2] = 4;
  const mjtNum J[3] = {1, -0.5, 2};
  mju_copy(d->ten_J, J, 3);

  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  std::vector<mjtNum> M0 = DenseM(m, d), M1;
  m->tendon_armature[0] = 0.7;
  mj_makeM(m, d);
  M1 = DenseM(m, d);
  std::vector<mjtNum> Jd(nv, 0);
  Jd[0] = 1;
  Jd[1] = -0.5;
  Jd[4] = 2;
  for (int i = 0; i < nv; i++) {
    for (int j = 0; j < nv; j++) {
      bool stored = !((i == 1 && j == 4) || (i == 4 && j == 1));
      mjtNum add = stored ? 0.7 * Jd[i] * Jd[j] : 0;
      EXPECT_NEAR(M1[i * nv + j] - M0[i * nv + j], add, 1e-14) << i << " " << j;
    }
  }
  // the CSR copy follows
  for (int k = 0; k < m->nC; k++) {
    EXPECT_EQ(d->M[k], d->qM[m->mapM2M[k]]);
  }
}

// A simple body (a free box aligned with its inertial frame, child of the world) has a constant
// diagonal M: MuJoCo 3.8 stores its dof_M0 there and exact zeros for the dof pairs, whatever the
// orientation (the products over the rotated composite inertia would differ in the last bits)
// and whatever body_mass or dof_armature hold until mj_setConst runs again (both measured on
// MuJoCo 3.8.0).
TEST(Mass, SimpleBodiesTakeDofM0) {
  static const char* kXml = R"(
<mujoco>
  <worldbody>
    <body quat="0.8 0.3 -0.4 0.33">
      <freejoint/>
      <geom type="box" size="0.1 0.23 0.37" density="713"/>
    </body>
  </worldbody>
</mujoco>)";
  char err[1000] = "";
  mjSpec* spec = mj_parseXMLString(kXml, nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  ModelPtr mp(mj_compile(spec, nullptr));
  mj_deleteSpec(spec);
  mjModel* m = mp.get();
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->nv, 6);
  ASSERT_GT(m->dof_simplenum[0], 0);
  DataPtr dp(mj_makeData(m));
  mjData* d = dp.get();
  // a tumbling orientation
  const mjtNum w[3] = {3.1, -7.3, 5.9};
  mju_copy3(d->qvel + 3, w);
  m->opt.gravity[2] = 0;
  int diffs = 0;
  for (int step = 0; step < 40; step++) {
    mj_step(m, d);
    mj_forward(m, d);
    for (int i = 0; i < 6; i++) {
      int adr = m->dof_Madr[i];
      diffs += d->qM[adr] != m->dof_M0[i];
      for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
        EXPECT_EQ(d->qM[++adr], 0) << i << " " << j;
      }
    }
  }
  EXPECT_EQ(diffs, 0);
  // body_mass and dof_armature are read through dof_M0, which mj_setConst recomputes
  const mjtNum M0 = m->dof_M0[0];
  m->body_mass[1] *= 2;
  m->dof_armature[0] = 0.5;
  mj_forward(m, d);
  EXPECT_EQ(d->qM[m->dof_Madr[0]], M0);
  mj_setConst(m, d);
  mj_forward(m, d);
  EXPECT_EQ(d->qM[m->dof_Madr[0]], 2 * M0 + 0.5);
}

}  // namespace
}  // namespace motus_test
