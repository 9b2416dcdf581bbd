// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Conformance of the constraint solvers (Newton, CG, PGS; pyramidal and elliptic cones; dense
// and sparse Jacobians) with MuJoCo 3.3.8 at converged solutions.
// Golden data: test/data/solver/<case>.txt, written by
//   python3 test/data/solver/make_golden.py
// (oracle mj_forward at sampled states with tolerance 1e-12 and 1000 iterations; see the
// script's docstring, whose CASES table this file mirrors). The oracle's contacts are injected in
// place of mj_collision, so that the comparison covers assembly and solver only.

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_forward.h"
#include "engine/engine_io.h"
#include "engine/engine_solver.h"
#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

// The reduced primal problem is strictly convex (R > 0), so its minimizer is unique and both
// engines converge to it; at tolerance 1e-12 the remaining error is far below 1e-6 of the
// magnitudes (Newton and CG), which is the conformance target. Entries near zero get a floor of
// 1e-6 times the largest magnitude of the field.
constexpr double kRtol = 1e-6;
constexpr double kForceRtol = 1e-5;  // per-contact forces: the target of the issue

// Solvers checked on a case (bit mask). Newton reaches the minimizer on every scene. CG (first
// order, preconditioned by M) and PGS (first order on the dual) are checked where they converge
// to the 1e-6 target within 1000 iterations; they do not on the stiff scenes left out below
// (mixed: random states with large violations of stiff equality and limit rows, cost ~1e9 and
// condition numbers to match; planks: many stacked contacts), where MuJoCo's own CG and PGS stop
// equally far from the minimizer (checked with the oracle: 1000 iterations, 15-60% off in qacc).
// PGS on eq_connect and CG on testdata_model stop by the improvement criterion at ~1e-5
// relative error.
constexpr int kNewton = 1, kCG = 2, kPGS = 4, kAll = 7;

struct Case {
  const char* name;
  const char* path;  // relative to ../shared/models, or to test/data/solver when local
  bool local;
  int cone, jacobian;
  int solvers;
};

const Case kCases[] = {
    {"humanoid_pyr_dense", "humanoid/humanoid.xml", false, mjCONE_PYRAMIDAL, mjJAC_DENSE, kAll},
    {"humanoid_ell_sparse", "humanoid/humanoid.xml", false, mjCONE_ELLIPTIC, mjJAC_SPARSE, kAll},
    {"humanoid_pyr_sparse", "humanoid/humanoid.xml", false, mjCONE_PYRAMIDAL, mjJAC_SPARSE, kAll},
    {"humanoid_ell_dense", "humanoid/humanoid.xml", false, mjCONE_ELLIPTIC, mjJAC_DENSE, kAll},
    {"planks_pyr", "planks/planks.xml", false, mjCONE_PYRAMIDAL, mjJAC_AUTO, kNewton},
    {"planks_ell", "planks/planks.xml", false, mjCONE_ELLIPTIC, mjJAC_AUTO, kNewton},
    {"eq_connect", "eq_connect/connect.xml", false, mjCONE_PYRAMIDAL, mjJAC_AUTO, kNewton | kCG},
    {"eq_weld_sparse", "eq_weld/weld.xml", false, mjCONE_PYRAMIDAL, mjJAC_SPARSE, kAll},
    {"robot_arm_ell", "robot_arm/robot_arm.xml", false, mjCONE_ELLIPTIC, mjJAC_AUTO, kAll},
    {"testdata_pyr_dense", "testdata_model/model.xml", false, mjCONE_PYRAMIDAL, mjJAC_DENSE,
     kNewton | kPGS},
    {"mixed_ell_dense", "mixed.xml", true, mjCONE_ELLIPTIC, mjJAC_DENSE, kNewton},
    {"mixed_pyr_sparse", "mixed.xml", true, mjCONE_PYRAMIDAL, mjJAC_SPARSE, kNewton},
    {"mixed_ell_sparse", "mixed.xml", true, mjCONE_ELLIPTIC, mjJAC_SPARSE, kNewton},
    {"mixed_pyr_dense", "mixed.xml", true, mjCONE_PYRAMIDAL, mjJAC_DENSE, kNewton},
    {"contacts_pyr_sparse", "contacts.xml", true, mjCONE_PYRAMIDAL, mjJAC_SPARSE, kAll},
    {"contacts_ell_dense", "contacts.xml", true, mjCONE_ELLIPTIC, mjJAC_DENSE, kAll},
    {"contacts_ell_sparse", "contacts.xml", true, mjCONE_ELLIPTIC, mjJAC_SPARSE, kAll},
    {"contacts_pyr_dense", "contacts.xml", true, mjCONE_PYRAMIDAL, mjJAC_DENSE, kAll},
};

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  return info.param.name;
}
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

// Contacts from the oracle's "contact" field: each struct flattened with its keys sorted
// (tools/gen_golden.py): H[36] dim dist efc_address exclude frame[9] friction[5] geom1 geom2
// includemargin mu pos[3] solimp[5] solref[2] solreffriction[2] (70 numbers).
constexpr int kContactSize = 70;

void InjectContacts(mjData* d, const std::vector<double>& v) {
  int ncon = static_cast<int>(v.size()) / kContactSize;
  d->ncon = 0;
  if (!ncon) {
    return;
  }
  auto* con = static_cast<mjContact*>(mj_arenaAllocByte(d, sizeof(mjContact) * ncon, 8));
  ASSERT_NE(con, nullptr);
  d->contact = con;
  d->ncon = ncon;
  for (int i = 0; i < ncon; i++) {
    const double* c = v.data() + kContactSize * i;
    mjContact* x = con + i;
    std::memset(x, 0, sizeof(mjContact));
    x->dim = static_cast<int>(c[36]);
    x->dist = c[37];
    x->efc_address = -2;
    x->exclude = static_cast<int>(c[39]);
    for (int k = 0; k < 9; k++) {
      x->frame[k] = c[40 + k];
    }
    for (int k = 0; k < 5; k++) {
      x->friction[k] = c[49 + k];
    }
    x->geom1 = x->geom[0] = static_cast<int>(c[54]);
    x->geom2 = x->geom[1] = static_cast<int>(c[55]);
    x->includemargin = c[56];
    for (int k = 0; k < 3; k++) {
      x->pos[k] = c[58 + k];
    }
    for (int k = 0; k < mjNIMP; k++) {
      x->solimp[k] = c[61 + k];
    }
    for (int k = 0; k < mjNREF; k++) {
      x->solref[k] = c[66 + k];
    }
    for (int k = 0; k < mjNREF; k++) {
      x->solreffriction[k] = c[68 + k];
    }
    x->flex[0] = x->flex[1] = x->elem[0] = x->elem[1] = x->vert[0] = x->vert[1] = -1;
  }
}

double MaxAbs(const std::vector<double>& e) {
  double mx = 0;
  for (double x : e) {
    mx = std::fmax(mx, std::fabs(x));
  }
  return mx;
}

::testing::AssertionResult Near(const std::string& what, const double* a, int n,
                                const std::vector<double>& e, double rtol) {
  return NearArrays(what, a, n, e, rtol, rtol * MaxAbs(e) + 1e-300);
}

// The forward pass at the golden state with the oracle's contacts; the solver is called
// directly (whether or not the pipeline installs it).
void ForwardWithContacts(const mjModel* m, mjData* d, const Golden& g, int r) {
  mj_resetData(m, d);
  const std::vector<double>& qpos = g.get(r, "qpos");
  const std::vector<double>& qvel = g.get(r, "qvel");
  ASSERT_EQ(static_cast<int>(qpos.size()), m->nq);
  ASSERT_EQ(static_cast<int>(qvel.size()), m->nv);
  for (int k = 0; k < m->nq; k++) {
    d->qpos[k] = qpos[k];
  }
  for (int k = 0; k < m->nv; k++) {
    d->qvel[k] = qvel[k];
  }
  if (g.has(r, "act") && m->na) {
    const std::vector<double>& act = g.get(r, "act");
    ASSERT_EQ(static_cast<int>(act.size()), m->na);
    for (int k = 0; k < m->na; k++) {
      d->act[k] = act[k];
    }
  }
  if (g.has(r, "ctrl") && m->nu) {
    const std::vector<double>& ctrl = g.get(r, "ctrl");
    ASSERT_EQ(static_cast<int>(ctrl.size()), m->nu);
    for (int k = 0; k < m->nu; k++) {
      d->ctrl[k] = ctrl[k];
    }
  }
  mj_fwdPosition(m, d);
  mj_clearEfc(d);
  InjectContacts(d, g.get(r, "contact"));
  mj_makeConstraint(m, d);
  mj_transmission(m, d);
  mj_projectConstraint(m, d);
  mj_fwdVelocity(m, d);
  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  // the smooth forces come from other areas (passive, actuation, RNE) with their own tests: the
  // oracle's values isolate the solver
  const std::vector<double>& qfrc_smooth = g.get(r, "qfrc_smooth");
  const std::vector<double>& qacc_smooth = g.get(r, "qacc_smooth");
  ASSERT_EQ(static_cast<int>(qfrc_smooth.size()), m->nv);
  for (int k = 0; k < m->nv; k++) {
    d->qfrc_smooth[k] = qfrc_smooth[k];
    d->qacc_smooth[k] = qacc_smooth[k];
  }
  mj_solveConstraint(m, d);
}

// Every record of the golden file with the solver set in m->opt.
void CheckRecords(mjModel* m, mjData* d, const Golden& golden) {
  int nv = m->nv;
  for (int r = 0; r < golden.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    ForwardWithContacts(m, d, golden, r);
    int nefc = d->nefc;
    ASSERT_EQ(nefc, static_cast<int>(golden.get(r, "nefc")[0]));
    ASSERT_TRUE(EqualIntArrays("efc_type", d->efc_type, nefc, golden.get(r, "efc_type")));
    EXPECT_TRUE(Near("efc_b", d->efc_b, nefc, golden.get(r, "efc_b"), 1e-9));  // no solve
    EXPECT_TRUE(Near("qacc", d->qacc, nv, golden.get(r, "qacc"), kRtol))
        << "iterations: " << d->solver_niter[0] << ", oracle " << golden.get(r, "solver_niter")[0];
    EXPECT_TRUE(
        Near("qfrc_constraint", d->qfrc_constraint, nv, golden.get(r, "qfrc_constraint"), kRtol));

    // per-contact forces in the contact frame, against the oracle's efc_force mapped by the
    // definition (pyramidal: normal = sum of the edge forces, friction j = mu_j (f+ - f-);
    // elliptic: the rows are the components)
    const std::vector<double>& force = golden.get(r, "efc_force");
    for (int i = 0; i < d->ncon; i++) {
      const mjContact* con = d->contact + i;
      int adr = con->efc_address;
      if (adr < 0) {
        continue;
      }
      double expect[6] = {0, 0, 0, 0, 0, 0};
      if (con->dim == 1 || m->opt.cone == mjCONE_ELLIPTIC) {
        for (int j = 0; j < con->dim; j++) {
          expect[j] = force[adr + j];
        }
      } else {
        for (int j = 0; j < 2 * (con->dim - 1); j++) {
          expect[0] += force[adr + j];
        }
        for (int j = 1; j < con->dim; j++) {
          expect[j] = con->friction[j - 1] * (force[adr + 2 * j - 2] - force[adr + 2 * j - 1]);
        }
      }
      mjtNum result[6];
      mj_contactForce(m, d, i, result);
      std::vector<double> e(expect, expect + 6);
      // floor: kForceRtol of the contact's largest component (and 1e-3 of the largest row force,
      // for contacts that carry almost nothing)
      EXPECT_TRUE(NearArrays("contact " + std::to_string(i), result, 6, e, kForceRtol,
                             kForceRtol * (MaxAbs(e) + 1e-3 * MaxAbs(force))));
    }
  }
}

class SolverConformance : public ::testing::TestWithParam<Case> {};

TEST_P(SolverConformance, ConvergedSolutionMatchesOracle) {
  const Case& c = GetParam();
  std::string path = c.local ? SourcePath(std::string("test/data/solver/") + c.path)
                             : SharedPath(std::string("models/") + c.path);
  if (path.empty()) {
    GTEST_SKIP() << "../shared/models/" << c.path << " not present";
  }
  ModelPtr model = LoadModel(path);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  m->opt.cone = c.cone;
  m->opt.jacobian = c.jacobian;
  // no early stop: every solver runs its 1000 iterations (PGS, which converges linearly, stops
  // at a cost improvement of 1e-12 short of 1e-5 in the forces on testdata_model's first state)
  m->opt.tolerance = 0;
  m->opt.iterations = 1000;
  m->opt.noslip_iterations = 0;
  Golden golden(SourcePath("test/data/solver/" + std::string(c.name) + ".txt"));
  ASSERT_TRUE(golden.ok()) << golden.error();
  // eq_data from the reference compiler (the relpose quaternion is normalized there, and a
  // weld's anchor defaults to 0), so that this test checks the solver alone
  if (m->neq) {
    const std::vector<double>& eq_data = golden.get(0, "m.eq_data");
    ASSERT_EQ(static_cast<int>(eq_data.size()), mjNEQDATA * m->neq);
    for (int k = 0; k < mjNEQDATA * m->neq; k++) {
      m->eq_data[k] = eq_data[k];
    }
  }
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  const int kSolvers[3] = {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS};
  const char* kNames[3] = {"Newton", "CG", "PGS"};
  for (int sol = 0; sol < 3; sol++) {
    if (c.solvers & (1 << sol)) {
      SCOPED_TRACE(kNames[sol]);
      m->opt.solver = kSolvers[sol];
      CheckRecords(m, d, golden);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, SolverConformance, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
}  // namespace motus_test
