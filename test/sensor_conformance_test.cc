// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Conformance of the sensors (mj_sensorPos / mj_sensorVel / mj_sensorAcc) with MuJoCo 3.3.8.
// Golden data: test/data/sensor/<case>.txt and <case>_states.jsonl, written by
//   python3 test/data/sensor/make_golden.py
// (mj_forward in the oracle at states sampled from a trajectory, with random velocities). To
// check the sensor code independently of the collision and solver areas, the test runs the
// pipeline stages itself with the oracle's contacts in place of mj_collision and the oracle's
// qacc / efc_force in place of the constraint solver (the constraint rows built from those
// contacts are the oracle's: see constraint_conformance_test).

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_forward.h"
#include "engine/engine_io.h"
#include "engine/engine_sensor.h"
#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

// Sensors copy or combine (rotate, cross, sum) quantities that agree with the oracle to rounding
// (kinematics, velocities, rnePostConstraint of the same qacc and forces): 1e-9 relative, with
// an absolute floor of 1e-9 times (1 + the largest magnitude of the sensor's values), for
// entries that cancel to ~0.
constexpr double kRtol = 1e-9;

// The collision sensors of convex pairs are GJK / EPA results, which two implementations only
// reproduce to the solvers' tolerance (1e-6 on the distance; see sensor_distance_test, which
// checks every pair of geom types in both orders).
constexpr double kConvexRtol = 1e-5;

struct Case {
  const char* name;
  const char* path;  // relative to the source tree, or to ../shared when shared
  bool shared;
  int cone;  // -1: as in the model
  double rtol = kRtol;
};

const Case kCases[] = {
    {"sensor_zoo", "model/sensor_zoo.xml", false, -1},
    {"contact_scene", "test/data/sensor/contact_scene.xml", false, -1},
    {"contact_scene_elliptic", "test/data/sensor/contact_scene.xml", false, mjCONE_ELLIPTIC},
    {"testdata_model", "models/testdata_model/model.xml", true, -1},
    {"robot_arm", "models/robot_arm/robot_arm.xml", true, -1},
    {"contact_subtree", "models/sensor_contact_subtree/contact_subtree.xml", true, -1},
    {"fromto_convex", "models/sensor_fromto_convex/fromto_convex.xml", true, -1, kConvexRtol},
    {"refsite_free", "models/act_refsite_free/refsite_free.xml", true, -1},
    {"car", "models/car/car.xml", true, -1},
};

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  return info.param.name;
}
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name;
}

// Contacts from the oracle's "contact" field: each struct flattened with its keys sorted
// (tools/gen_golden.py): H[36] dim dist efc_address exclude frame[9] friction[5] geom1 geom2
// includemargin mu pos[3] solimp[5] solref[2] solreffriction[2]. mu and efc_address are
// recomputed by mj_makeConstraint.
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

void Copy(mjtNum* dst, const std::vector<double>& src, int n) {
  ASSERT_EQ(static_cast<int>(src.size()), n);
  for (int k = 0; k < n; k++) {
    dst[k] = src[k];
  }
}

class SensorConformance : public ::testing::TestWithParam<Case> {};

TEST_P(SensorConformance, SensordataMatchesOracle) {
  const Case& c = GetParam();
  std::string path = c.shared ? SharedPath(c.path) : SourcePath(c.path);
  if (path.empty()) {
    GTEST_SKIP() << "../shared/" << c.path << " not present";
  }
  ModelPtr model = LoadModel(path);
  ASSERT_TRUE(model);
  mjModel* m = model.get();
  if (c.cone >= 0) {
    m->opt.cone = c.cone;
  }
  Golden golden(SourcePath("test/data/sensor/" + std::string(c.name) + ".txt"));
  ASSERT_TRUE(golden.ok()) << golden.error();
  DataPtr data(mj_makeData(m));
  mjData* d = data.get();
  ASSERT_GT(golden.num_records(), 0);

  for (int r = 0; r < golden.num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    mj_resetData(m, d);
    d->time = golden.get(r, "time")[0];
    Copy(d->qpos, golden.get(r, "qpos"), m->nq);
    Copy(d->qvel, golden.get(r, "qvel"), m->nv);
    Copy(d->act, golden.get(r, "act"), m->na);
    Copy(d->ctrl, golden.get(r, "ctrl"), m->nu);

    // position stages, with the oracle's contacts in place of mj_collision
    d->flg_energypos = 0;
    mj_fwdKinematics(m, d);
    mj_makeM(m, d);
    mj_factorM(m, d);
    mj_clearEfc(d);
    InjectContacts(d, golden.get(r, "contact"));
    mj_makeConstraint(m, d);
    mj_transmission(m, d);
    mj_projectConstraint(m, d);
    mj_sensorPos(m, d);

    mj_fwdVelocity(m, d);
    mj_sensorVel(m, d);

    // acceleration stages, with the oracle's solution in place of the solver
    mj_fwdActuation(m, d);
    mj_fwdAcceleration(m, d);
    ASSERT_EQ(d->nefc, static_cast<int>(golden.get(r, "nefc")[0]));
    Copy(d->qacc, golden.get(r, "qacc"), m->nv);
    Copy(d->efc_force, golden.get(r, "efc_force"), d->nefc);
    mj_mulJacTVec(m, d, d->qfrc_constraint, d->efc_force);
    d->flg_rnepost = 0;
    mj_sensorAcc(m, d);

    const std::vector<double>& expected = golden.get(r, "sensordata");
    ASSERT_EQ(static_cast<int>(expected.size()), m->nsensordata);
    for (int i = 0; i < m->nsensor; i++) {
      int adr = m->sensor_adr[i], dim = m->sensor_dim[i];
      double scale = 0;
      for (int k = 0; k < dim; k++) {
        scale = std::fmax(scale, std::fabs(expected[adr + k]));
      }
      const char* name = mj_id2name(m, mjOBJ_SENSOR, i);
      std::string what = "sensor " + std::to_string(i) + " (" + (name ? name : "") + ", type " +
                         std::to_string(m->sensor_type[i]) + ")";
      std::vector<double> e(expected.begin() + adr, expected.begin() + adr + dim);
      EXPECT_TRUE(NearArrays(what, d->sensordata + adr, dim, e, c.rtol, c.rtol * (1 + scale)));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, SensorConformance, ::testing::ValuesIn(kCases), CaseName);

}  // namespace
}  // namespace motus_test
