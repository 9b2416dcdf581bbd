// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the tendon-area tests (tendon_test, transmission_test, passive_test, fluid_test):
// models with golden data from test/data/tendon/make_golden.py (MuJoCo 3.3.8 oracle,
// `--states`), loading, state setting and the pipeline stages the tests need.

#ifndef MOTUS_TEST_TENDON_TESTUTIL_H_
#define MOTUS_TEST_TENDON_TESTUTIL_H_

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "golden.h"

namespace motus_test {

// Conformance tolerance of the forward quantities against the oracle: both engines evaluate the
// same closed-form expressions, so they agree to rounding (a few ulps amplified by the kinematic
// chain); 1e-10 relative with a 1e-12 absolute floor for entries that are zero in exact math.
constexpr double kRtol = 1e-10;
constexpr double kAtol = 1e-12;

struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};
using ModelPtr = std::unique_ptr<mjModel, ModelDeleter>;
using DataPtr = std::unique_ptr<mjData, DataDeleter>;

// a model of the tendon golden set: "finger" -> model/tendon_finger.xml, ...; shared models
// return "" when ../shared is absent
struct GoldenModel {
  const char* name;  // golden file stem in test/data/tendon
  const char* xml;   // model path
  bool shared;       // path relative to ../shared (else to the source tree)
};

inline std::string ModelPath(const GoldenModel& gm) {
  return gm.shared ? SharedPath(gm.xml) : SourcePath(gm.xml);
}

inline std::string TendonData(const std::string& file) {
  return SourcePath("test/data/tendon/" + file);
}

inline ModelPtr LoadModel(const std::string& path) {
  char error[1024] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  EXPECT_TRUE(m) << path << ": " << error;
  return ModelPtr(m);
}

// qpos, qvel (and act) of golden record r
inline void SetState(const Golden& g, int r, const mjModel* m, mjData* d) {
  mj_resetData(m, d);
  const std::vector<double>& qpos = g.get(r, "qpos");
  const std::vector<double>& qvel = g.get(r, "qvel");
  ASSERT_EQ(static_cast<int>(qpos.size()), m->nq);
  ASSERT_EQ(static_cast<int>(qvel.size()), m->nv);
  mju_copy(d->qpos, qpos.data(), m->nq);
  mju_copy(d->qvel, qvel.data(), m->nv);
  if (m->na && g.has(r, "act")) {
    const std::vector<double>& act = g.get(r, "act");
    if (static_cast<int>(act.size()) == m->na) {
      mju_copy(d->act, act.data(), m->na);
    }
  }
}

// sparse row r of a CSR matrix times qvel
inline mjtNum RowTimesVel(const mjtNum* val, const int* colind, int adr, int nnz,
                          const mjtNum* qvel) {
  mjtNum sum = 0;
  for (int k = 0; k < nnz; k++) {
    sum += val[adr + k] * qvel[colind[adr + k]];
  }
  return sum;
}

// position stages of the area, then tendon / actuator velocities and mj_comVel
inline void PositionStages(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_tendon(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  mj_transmission(m, d);
}

inline void VelocityStages(const mjModel* m, mjData* d) {
  for (int t = 0; t < m->ntendon; t++) {
    d->ten_velocity[t] =
        RowTimesVel(d->ten_J, m->ten_J_colind, m->ten_J_rowadr[t], m->ten_J_rownnz[t], d->qvel);
  }
  for (int i = 0; i < m->nu; i++) {
    d->actuator_velocity[i] = RowTimesVel(d->actuator_moment, d->moment_colind, d->moment_rowadr[i],
                                          d->moment_rownnz[i], d->qvel);
  }
  mj_comVel(m, d);
}

// dense ntendon x nv tendon Jacobian
inline std::vector<mjtNum> DenseTendonJ(const mjModel* m, const mjData* d) {
  std::vector<mjtNum> J(m->ntendon * m->nv, 0);
  for (int t = 0; t < m->ntendon; t++) {
    for (int k = 0; k < m->ten_J_rownnz[t]; k++) {
      int adr = m->ten_J_rowadr[t] + k;
      J[t * m->nv + m->ten_J_colind[adr]] = d->ten_J[adr];
    }
  }
  return J;
}

// dense nu x nv moment matrix from (values, rownnz, rowadr, colind)
template <typename V, typename I>
std::vector<mjtNum> DenseMoment(int nu, int nv, const V& val, const I& rownnz, const I& rowadr,
                                const I& colind) {
  std::vector<mjtNum> M(nu * nv, 0);
  for (int i = 0; i < nu; i++) {
    for (int k = 0; k < static_cast<int>(rownnz[i]); k++) {
      int adr = static_cast<int>(rowadr[i]) + k;
      M[i * nv + static_cast<int>(colind[adr])] = val[adr];
    }
  }
  return M;
}

// first n entries of a golden array (the oracle prints fixed-size arrays whose tail is unused)
inline std::vector<double> Head(const std::vector<double>& v, int n) {
  return std::vector<double>(v.begin(), v.begin() + std::min<size_t>(v.size(), n));
}

// The golden models (test/data/tendon/make_golden.py).
inline const std::vector<GoldenModel>& GoldenModels() {
  static const std::vector<GoldenModel> models = {
      {"finger", "model/tendon_finger.xml", false},
      {"zoo", "model/actuator_zoo.xml", false},
      {"swimmer", "test/data/tendon/swimmer.xml", false},
      {"passive", "test/data/tendon/passive.xml", false},
      {"wrap_sides", "test/data/tendon/wrap_sides.xml", false},
      {"transmissions", "test/data/tendon/transmissions.xml", false},
      {"armature", "test/data/tendon/armature.xml", false},
      {"arm26", "models/arm26/arm26.xml", true},
      {"wrap_cylinder", "models/tendon_wrap_cylinder/tendon_wrap_cylinder.xml", true},
      {"dampratio", "models/act_tendon_dampratio/tendon_dampratio.xml", true},
      {"balloons", "models/balloons/balloons.xml", true},
  };
  return models;
}

// Loads a golden model and its golden file; returns false (after GTEST_SKIP when ../shared is
// absent) when the test should stop.
struct GoldenCase {
  ModelPtr m;
  DataPtr d;
  std::unique_ptr<Golden> g, gm;  // states and model constants
};

inline bool OpenCase(const GoldenModel& model, GoldenCase* c, std::string* skip) {
  std::string path = ModelPath(model);
  if (path.empty()) {
    *skip = std::string("../shared absent: ") + model.xml;
    return false;
  }
  c->m = LoadModel(path);
  if (!c->m) {
    return false;
  }
  c->d.reset(mj_makeData(c->m.get()));
  c->g.reset(new Golden(TendonData(std::string(model.name) + ".golden.txt")));
  c->gm.reset(new Golden(TendonData(std::string(model.name) + ".model.txt")));
  EXPECT_TRUE(c->g->ok()) << c->g->error();
  EXPECT_TRUE(c->gm->ok()) << c->gm->error();
  return c->g->ok() && c->gm->ok();
}

// Replaces the compiled geom_fluid (ellipsoid-model coefficients) by the oracle's. The virtual
// masses and inertias in geom_fluid[6..11] are integrals (computation_fluid.rst "Added mass")
// that our compiler and MuJoCo 3.3.8 evaluate with different quadratures: they agree to ~1e-7
// relative only. The runtime fluid forces are checked at 1e-10 from the same coefficients; the
// coefficients themselves are the compiler's to match.
inline void UseOracleFluidCoefficients(GoldenCase* c) {
  mjModel* m = c->m.get();
  const std::vector<double>& fluid = c->gm->get(0, "m.geom_fluid");
  ASSERT_EQ(static_cast<int>(fluid.size()), mjNFLUID * m->ngeom);
  mju_copy(m->geom_fluid, fluid.data(), mjNFLUID * m->ngeom);
}

}  // namespace motus_test

#endif  // MOTUS_TEST_TENDON_TESTUTIL_H_
