// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The collision sensors distance / normal / fromto (engine_sensor.cc collisionSensor) against
// MuJoCo 3.3.8 on every pair of geom types mj_geomDistance supports, in both geom orders, at 24
// random poses (overlapping and separated). Golden data: test/data/sensor/distance_pairs.txt,
// written by
//   python3 test/data/sensor/make_distance_golden.py
// The point of the test is the convention: which geom the "from" point lies on, and the
// direction of the normal, for each geom order (reverseSegment in engine_sensor.cc). A wrong
// order moves the points by about the distance between the geoms (1e-3 to 1 here).

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_sensor.h"
#include "fixture.h"
#include "forward_testutil.h"
#include "golden.h"

namespace motus_test {
namespace {

// Pairs with a dedicated collider: closed forms that agree to rounding.
constexpr double kPrimitiveTol = 1e-9;

// Pairs of the general convex collider: GJK (separated) and EPA (overlapping) stop at a
// tolerance, so the witness points of two implementations differ. Separated: within 1e-5
// (GJK's tolerance is 1e-6 on the distance). Overlapping: EPA stops when its bound on the depth
// is within delta = 1e-6; on a curved surface of radius R a depth error delta moves the witness
// point by about sqrt(2 R delta) = 4.5e-4 for R = 0.1, hence 1e-3.
constexpr double kConvexSeparatedTol = 1e-5;
constexpr double kConvexOverlapTol = 1e-3;

bool ConvexPair(const mjModel* m, int g1, int g2) {
  int t1 = std::min(m->geom_type[g1], m->geom_type[g2]);
  int t2 = std::max(m->geom_type[g1], m->geom_type[g2]);
  return mjCOLLISIONFUNC[t1][t2] == mjc_Convex;
}

double Dist3(const double* a, const double* b) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                   (a[2] - b[2]) * (a[2] - b[2]));
}

class SensorDistance : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = LoadModel(SourcePath("test/data/sensor/distance_pairs_sensors.xml"));
    ASSERT_TRUE(model_);
    golden_ = std::make_unique<Golden>(SourcePath("test/data/sensor/distance_pairs.txt"));
    ASSERT_TRUE(golden_->ok()) << golden_->error();
    data_.reset(mj_makeData(model_.get()));
  }

  // Evaluates the sensors at the pose of record r; returns the oracle's sensordata.
  const std::vector<double>& Evaluate(int r) {
    const mjModel* m = model_.get();
    mjData* d = data_.get();
    mj_resetData(m, d);
    const std::vector<double>& q = golden_->get(r, "qpos");
    EXPECT_EQ(static_cast<int>(q.size()), m->nq);
    std::copy(q.begin(), q.begin() + std::min<int>(q.size(), m->nq), d->qpos);
    mj_kinematics(m, d);
    mj_sensorPos(m, d);
    const std::vector<double>& expected = golden_->get(r, "sensordata");
    EXPECT_EQ(static_cast<int>(expected.size()), m->nsensordata);
    return expected;
  }

  std::string Name(int k) const {
    const mjModel* m = model_.get();
    return std::string(mj_id2name(m, mjOBJ_GEOM, m->sensor_objid[k])) + "-" +
           mj_id2name(m, mjOBJ_GEOM, m->sensor_refid[k]) + " (sensor " + std::to_string(k) +
           ", type " + std::to_string(m->sensor_type[k]) + ")";
  }

  // Compares sensors k .. k+4 (one pair) with the oracle at absolute tolerance tol for the
  // distance and the points. The normal is the segment over its length |dist|, so errors of
  // the points of size tol move it by up to 2 tol / |dist|.
  void ExpectPairNear(const std::vector<double>& expected, int i, double tol) {
    const mjModel* m = model_.get();
    double dist = std::fabs(expected[m->sensor_adr[i]]);
    for (int k = i; k < i + 5; k++) {
      int adr = m->sensor_adr[k], dim = m->sensor_dim[k];
      double t = m->sensor_type[k] == mjSENS_GEOMNORMAL ? std::fmax(tol, 2 * tol / dist) : tol;
      std::vector<double> e(expected.begin() + adr, expected.begin() + adr + dim);
      EXPECT_TRUE(NearArrays(Name(k), data_->sensordata + adr, dim, e, 0, t));
    }
  }

  ModelPtr model_;
  DataPtr data_;
  std::unique_ptr<Golden> golden_;
};

// Sensors come in groups of five per pair (a, b): distance(a, b), normal(a, b), fromto(a, b),
// normal(b, a), fromto(b, a).

// Pairs with a dedicated collider (plane-*, sphere-sphere/capsule/cylinder/box,
// capsule-capsule/box, box-box): the segment runs from geom1 to geom2 in both orders, and the
// values agree to rounding.
TEST_F(SensorDistance, PrimitivePairsMatchOracle) {
  const mjModel* m = model_.get();
  int checked = 0, overlapping = 0;
  for (int r = 0; r < golden_->num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    const std::vector<double>& expected = Evaluate(r);
    for (int i = 0; i < m->nsensor; i += 5) {
      if (ConvexPair(m, m->sensor_objid[i], m->sensor_refid[i])) {
        continue;
      }
      checked++;
      overlapping += expected[m->sensor_adr[i]] < 0;
      ExpectPairNear(expected, i, kPrimitiveTol);
    }
  }
  EXPECT_GT(checked, 200);
  EXPECT_GT(overlapping, 20);
}

// Pairs of the general convex collider: the segment runs from geom1 to geom2 as for every other
// pair (MuJoCo 3.8.0; 3.3.8 kept the collider's order there). Independent of the solvers' accuracy:
// our segment must be nearer to the oracle's than to the oracle's reversed, and the normal must
// point the same way, whenever the segment is long enough to tell (1 mm; solver errors are far
// below).
TEST_F(SensorDistance, ConvexPairsFollowColliderOrder) {
  const mjModel* m = model_.get();
  int checked = 0;
  for (int r = 0; r < golden_->num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    const std::vector<double>& expected = Evaluate(r);
    for (int i = 0; i < m->nsensor; i += 5) {
      if (!ConvexPair(m, m->sensor_objid[i], m->sensor_refid[i])) {
        continue;
      }
      if (std::fabs(expected[m->sensor_adr[i]]) < 1e-3) {
        continue;
      }
      for (int k : {i + 2, i + 4}) {  // fromto sensors
        const double* e = expected.data() + m->sensor_adr[k];
        const double* got = data_->sensordata + m->sensor_adr[k];
        double same = Dist3(got, e) + Dist3(got + 3, e + 3);
        double reversed = Dist3(got, e + 3) + Dist3(got + 3, e);
        EXPECT_LT(same, reversed) << Name(k);
        checked++;
      }
      for (int k : {i + 1, i + 3}) {  // normal sensors
        const double* e = expected.data() + m->sensor_adr[k];
        const double* got = data_->sensordata + m->sensor_adr[k];
        EXPECT_GT(got[0] * e[0] + got[1] * e[1] + got[2] * e[2], 0.5) << Name(k);
      }
    }
  }
  EXPECT_GT(checked, 300);
}

// The same pairs at the accuracy of the distance solvers (see kConvexSeparatedTol): this
// checks mj_geomDistance of the collision area more than the sensor code.
TEST_F(SensorDistance, ConvexPairsMatchOracle) {
  const mjModel* m = model_.get();
  for (int r = 0; r < golden_->num_records(); r++) {
    SCOPED_TRACE("record " + std::to_string(r));
    const std::vector<double>& expected = Evaluate(r);
    for (int i = 0; i < m->nsensor; i += 5) {
      if (!ConvexPair(m, m->sensor_objid[i], m->sensor_refid[i])) {
        continue;
      }
      double dist = expected[m->sensor_adr[i]];
      ExpectPairNear(expected, i, dist > 0 ? kConvexSeparatedTol : kConvexOverlapTol);
    }
  }
}

}  // namespace
}  // namespace motus_test
