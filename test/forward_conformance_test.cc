// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Conformance of the forward pipeline and the integrators with MuJoCo 3.3.8, on models without
// contacts or constraints, and of whole trajectories of a model with contacts. Golden data:
// test/data/forward/*_fwd.txt and *_traj_*.txt, written by
//   python3 test/data/forward/make_golden.py
// (see its docstring: mj_forward at states sampled along oracle trajectories with random
// controls and random applied forces; 200-step trajectories per integrator with the oracle's
// --ctrl-seed 7 controls).

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

// Forward quantities: 1e-10 relative, with an absolute floor of 1e-12 for entries that are
// zero up to rounding (the reference and we sum the same terms in different orders, so results
// differ by a few ulps of the largest term).
constexpr double kFwdRtol = 1e-10;
constexpr double kFwdAtol = 1e-12;

// Trajectories: 200 steps amplify rounding differences of the per-step computation (about 1e-15
// relative) by the growth of perturbations along the trajectory; 1e-8 leaves margin for that
// while catching any modeling difference (one wrong term changes the state at 1e-5 or more).
constexpr double kTrajTol = 1e-8;

struct Case {
  const char* name;
  const char* path;  // relative to the source tree, or to ../shared when shared
  bool shared;
  bool nolimit;     // the oracle ran with joint limits disabled
  const char* key;  // keyframe of the trajectories (name or index), or nullptr
};

const Case kCases[] = {
    {"pendulum", "test/data/forward/pendulum.xml", false, false, "0"},
    {"ball_chain", "test/data/forward/ball_chain.xml", false, false, "0"},
    // free_spin: a childless free body, which implicit / implicitfast integrate with the
    // midpoint method (computation_index.rst "Midpoint integration for free bodies"): the
    // trajectories here run with invdiscrete in both engines (see CheckTrajectories); the
    // midpoint update is tested against MuJoCo 3.8.0 in integrator_midpoint_test.cc.
    {"free_spin", "test/data/forward/free_spin.xml", false, false, "0"},
    {"damped", "test/data/forward/damped.xml", false, false, "0"},
    {"actuator_zoo", "test/data/forward/actuator_zoo.xml", false, false, "test"},
    {"arm26", "models/arm26/arm26.xml", true, true, nullptr},
    {"slider_crank", "models/slider_crank/slider_crank.xml", true, false, nullptr},
};

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  return info.param.name;
}

// the model of a case, set up as the oracle ran it; nullptr (and skip reason) when unavailable
ModelPtr LoadCase(const Case& c, std::string* skip) {
  std::string path = c.shared ? SharedPath(c.path) : SourcePath(c.path);
  if (path.empty()) {
    *skip = std::string("../shared/") + c.path + " not present";
    return nullptr;
  }
  ModelPtr m = LoadModel(path);
  if (m && c.nolimit) {
    m->opt.disableflags |= mjDSBL_LIMIT;
  }
  return m;
}

int KeyIndex(const mjModel* m, const char* key) {
  if (!key) {
    return -1;
  }
  int id = mj_name2id(m, mjOBJ_KEY, key);
  return id >= 0 ? id : std::atoi(key);
}

void CopyInto(mjtNum* dst, const std::vector<double>& src, int n) {
  ASSERT_EQ(static_cast<int>(src.size()), n);
  for (int i = 0; i < n; i++) {
    dst[i] = src[i];
  }
}

// The muscle lengthranges are found by the compiler through simulation (modeling.rst "Length
// range"); that is the compiler's business and its result differs from 3.3.8's at ~1e-5, which
// muscle forces inherit. Use the oracle's values (and actuator_acc0) to test the forward pass
// in isolation. That simulation runs with the model's integrator, so each trajectory file
// carries the values of its own model copy.
void UseOracleActuatorConstants(mjModel* m, const Golden& g) {
  if (g.has(0, "m.actuator_lengthrange")) {
    CopyInto(m->actuator_lengthrange, g.get(0, "m.actuator_lengthrange"), 2 * m->nu);
  }
  if (g.has(0, "m.actuator_acc0")) {
    CopyInto(m->actuator_acc0, g.get(0, "m.actuator_acc0"), m->nu);
  }
}

class ForwardConformance : public ::testing::TestWithParam<Case> {};

// mj_forward at every sampled state, field by field
TEST_P(ForwardConformance, ForwardAtStates) {
  const Case& c = GetParam();
  std::string skip;
  ModelPtr m = LoadCase(c, &skip);
  if (!skip.empty()) {
    GTEST_SKIP() << skip;
  }
  ASSERT_TRUE(m);
  Golden g(SourcePath(std::string("test/data/forward/") + c.name + "_fwd.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  UseOracleActuatorConstants(m.get(), g);
  m->opt.enableflags |= mjENBL_ENERGY;  // the oracle dumped energy with the flag on
  DataPtr d(mj_makeData(m.get()));
  int nv = m->nv, nu = m->nu;

  for (int r = 0; r < g.num_records(); r++) {
    SCOPED_TRACE("state " + std::to_string(r));
    mj_resetData(m.get(), d.get());
    d->time = g.get(r, "time")[0];
    CopyInto(d->qpos, g.get(r, "qpos"), m->nq);
    CopyInto(d->qvel, g.get(r, "qvel"), nv);
    CopyInto(d->act, g.get(r, "act"), m->na);
    CopyInto(d->ctrl, g.get(r, "ctrl"), nu);
    CopyInto(d->qfrc_applied, g.get(r, "qfrc_applied"), nv);
    CopyInto(d->xfrc_applied, g.get(r, "xfrc_applied"), 6 * m->nbody);
    mj_forward(m.get(), d.get());

    EXPECT_TRUE(NearArrays("qM", d->qM, m->nM, g.get(r, "qM"), kFwdRtol, kFwdAtol));
    EXPECT_TRUE(
        NearArrays("qfrc_bias", d->qfrc_bias, nv, g.get(r, "qfrc_bias"), kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("qfrc_passive", d->qfrc_passive, nv, g.get(r, "qfrc_passive"), kFwdRtol,
                           kFwdAtol));
    EXPECT_TRUE(NearArrays("ten_length", d->ten_length, m->ntendon, g.get(r, "ten_length"),
                           kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("ten_velocity", d->ten_velocity, m->ntendon, g.get(r, "ten_velocity"),
                           kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("actuator_length", d->actuator_length, nu, g.get(r, "actuator_length"),
                           kFwdRtol, kFwdAtol));

    // Moments are compared as dense nu x nv matrices. Their sparsity (moment_rownnz /
    // moment_colind) is not compared: it belongs to the transmission area (mj_transmission) and
    // differs from 3.3.8 on wrapping tendons (arm26, slider_crank), where the reference keeps or
    // drops structural zeros differently; the values agree.
    const std::vector<double>& colind = g.get(r, "moment_colind");
    const std::vector<double>& moment = g.get(r, "actuator_moment");
    std::vector<double> dense_expected(static_cast<size_t>(nu) * nv, 0.0);
    const std::vector<double>& rownnz = g.get(r, "moment_rownnz");
    for (int i = 0, adr = 0; i < nu && i < static_cast<int>(rownnz.size()); i++) {
      for (int k = 0; k < rownnz[i]; k++, adr++) {
        dense_expected[static_cast<size_t>(i) * nv + static_cast<int>(colind[adr])] = moment[adr];
      }
    }
    std::vector<double> dense = DenseMoment(m.get(), d.get());
    EXPECT_TRUE(NearArrays("actuator_moment (dense)", dense.data(), nu * nv, dense_expected,
                           kFwdRtol, kFwdAtol));

    EXPECT_TRUE(NearArrays("actuator_velocity", d->actuator_velocity, nu,
                           g.get(r, "actuator_velocity"), kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("actuator_force", d->actuator_force, nu, g.get(r, "actuator_force"),
                           kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("act_dot", d->act_dot, m->na, g.get(r, "act_dot"), kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("qfrc_actuator", d->qfrc_actuator, nv, g.get(r, "qfrc_actuator"),
                           kFwdRtol, kFwdAtol));
    EXPECT_TRUE(NearArrays("energy", d->energy, 2, g.get(r, "energy"), kFwdRtol, kFwdAtol));
    ASSERT_EQ(g.get(r, "nefc")[0], 0) << "golden state has active constraints";
    EXPECT_EQ(d->nefc, 0);
    EXPECT_TRUE(NearArrays("qacc", d->qacc, nv, g.get(r, "qacc"), kFwdRtol, kFwdAtol));
  }
}

// 200 steps of each integrator from keyframe `key` with the oracle's random controls, against
// test/data/forward/<name>_traj_<integrator>.txt; ncon and nefc too when the file has them
void CheckTrajectories(mjModel* m, const std::string& name, int key) {
  DataPtr d(mj_makeData(m));
  const struct {
    const char* name;
    int integrator;
  } kIntegrators[] = {{"Euler", mjINT_EULER},
                      {"RK4", mjINT_RK4},
                      {"implicit", mjINT_IMPLICIT},
                      {"implicitfast", mjINT_IMPLICITFAST}};
  for (const auto& integ : kIntegrators) {
    SCOPED_TRACE(integ.name);
    Golden g(SourcePath("test/data/forward/" + name + "_traj_" + integ.name + ".txt"));
    ASSERT_TRUE(g.ok()) << g.error();
    UseOracleActuatorConstants(m, g);  // lengthrange of this integrator's model copy
    m->opt.integrator = integ.integrator;
    // invdiscrete turns the midpoint integration of free bodies off (and changes nothing else
    // in the forward pipeline); the golden's model copies enable it too (make_golden.py)
    m->opt.enableflags |= mjENBL_INVDISCRETE;
    mj_resetDataKeyframe(m, d.get(), key);

    int record = 0;
    for (int k = 0; k < 200; k++) {
      OracleControls(m, d.get(), 7, k);
      mj_step(m, d.get());
      if ((k + 1) % 50 == 0) {
        SCOPED_TRACE("step " + std::to_string(k + 1));
        ASSERT_EQ(g.get(record, "step")[0], k + 1);
        EXPECT_NEAR(d->time, g.get(record, "time")[0], 1e-12);
        EXPECT_TRUE(NearArrays("qpos", d->qpos, m->nq, g.get(record, "qpos"), kTrajTol, kTrajTol));
        EXPECT_TRUE(NearArrays("qvel", d->qvel, m->nv, g.get(record, "qvel"), kTrajTol, kTrajTol));
        EXPECT_TRUE(NearArrays("act", d->act, m->na, g.get(record, "act"), kTrajTol, kTrajTol));
        EXPECT_TRUE(NearArrays("qacc_warmstart", d->qacc_warmstart, m->nv,
                               g.get(record, "qacc_warmstart"), kTrajTol, kTrajTol));
        // the velocity derivative of the last step (implicitfast: symmetrized in place)
        if (g.has(record, "qDeriv")) {
          EXPECT_TRUE(
              NearArrays("qDeriv", d->qDeriv, m->nD, g.get(record, "qDeriv"), kTrajTol, kTrajTol));
        }
        if (g.has(record, "ncon")) {
          EXPECT_EQ(d->ncon, g.get(record, "ncon")[0]);
          EXPECT_EQ(d->nefc, g.get(record, "nefc")[0]);
        }
        record++;
      }
    }
    EXPECT_EQ(record, g.num_records());
  }
}

TEST_P(ForwardConformance, Trajectories) {
  const Case& c = GetParam();
  std::string skip;
  ModelPtr m = LoadCase(c, &skip);
  if (!skip.empty()) {
    GTEST_SKIP() << skip;
  }
  ASSERT_TRUE(m);
  Golden fwd(SourcePath(std::string("test/data/forward/") + c.name + "_fwd.txt"));
  ASSERT_TRUE(fwd.ok()) << fwd.error();
  UseOracleActuatorConstants(m.get(), fwd);
  CheckTrajectories(m.get(), c.name, KeyIndex(m.get(), c.key));
}

// The whole pipeline with contacts: collision, constraint assembly and the constraint solver
// inside mj_step (a copy of model/humanoid.xml, pushed from keyframe "test" so that it falls
// and keeps 1-5 contacts). Same tolerance as above: the solver converges to its tolerance 1e-10
// in both engines, and the trajectories agree to ~1e-12 over these 200 steps.
TEST(PipelineConformance, HumanoidWithContacts) {
  ModelPtr m = LoadModel(SourcePath("test/data/forward/humanoid.xml"));
  ASSERT_TRUE(m);
  CheckTrajectories(m.get(), "humanoid", KeyIndex(m.get(), "test"));
}

INSTANTIATE_TEST_SUITE_P(Models, ForwardConformance, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
}  // namespace motus_test
