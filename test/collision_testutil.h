// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the collision tests: reading the oracle's contacts from golden files and comparing
// them with d->contact.

#ifndef MOTUS_TEST_COLLISION_TESTUTIL_H_
#define MOTUS_TEST_COLLISION_TESTUTIL_H_

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_collision_primitive.h"
#include "golden.h"

namespace motus_test {

// One contact of the oracle. tools/gen_golden.py flattens the contact struct with its keys in
// sorted order: H(36) dim dist efc_address exclude frame(9) friction(5) geom1 geom2
// includemargin mu pos(3) solimp(5) solref(2) solreffriction(2) = 70 numbers.
struct GoldenContact {
  int dim, exclude, geom1, geom2;
  double dist, includemargin, pos[3], frame[9], friction[5], solimp[5], solref[2],
      solreffriction[2];
};

constexpr int kContactSize = 70;

inline std::vector<GoldenContact> ParseContacts(const std::vector<double>& v) {
  std::vector<GoldenContact> out;
  for (size_t base = 0; base + kContactSize <= v.size(); base += kContactSize) {
    const double* x = v.data() + base + 36;  // skip H
    GoldenContact c;
    c.dim = static_cast<int>(x[0]);
    c.dist = x[1];
    // x[2] = efc_address (constraint stage)
    c.exclude = static_cast<int>(x[3]);
    for (int k = 0; k < 9; k++) c.frame[k] = x[4 + k];
    for (int k = 0; k < 5; k++) c.friction[k] = x[13 + k];
    c.geom1 = static_cast<int>(x[18]);
    c.geom2 = static_cast<int>(x[19]);
    c.includemargin = x[20];
    // x[21] = mu (constraint stage)
    for (int k = 0; k < 3; k++) c.pos[k] = x[22 + k];
    for (int k = 0; k < 5; k++) c.solimp[k] = x[25 + k];
    for (int k = 0; k < 2; k++) c.solref[k] = x[30 + k];
    for (int k = 0; k < 2; k++) c.solreffriction[k] = x[32 + k];
    out.push_back(c);
  }
  return out;
}

// Nonzero when the collider of geom types (t1, t2) belongs to this area (primitive and box
// colliders); contacts of other colliders (convex, mesh, height field) are not compared here.
inline bool OwnCollider(int t1, int t2) {
  if (t1 > t2) std::swap(t1, t2);
  mjfCollision f = mjCOLLISIONFUNC[t1][t2];
  const mjfCollision own[] = {
      mjc_PlaneSphere,  mjc_PlaneCapsule,   mjc_PlaneEllipsoid, mjc_PlaneCylinder,
      mjc_PlaneBox,     mjc_SphereSphere,   mjc_SphereCapsule,  mjc_SphereCylinder,
      mjc_SphereBox,    mjc_CapsuleCapsule, mjc_CapsuleBox,     mjc_BoxBox};
  for (mjfCollision g : own) {
    if (f == g) return true;
  }
  return false;
}

// Geometric tolerance of the conformance tests: the spec asks for 1e-9 on dist, pos and the
// frame; both engines evaluate the same closed-form expressions, so the differences are
// rounding (observed up to ~5e-13 for points computed in a box frame and mapped back).
constexpr double kGeomTol = 1e-9;
// Parameters are copied or mixed with the same arithmetic: a few ulps.
constexpr double kParamTol = 1e-12;

inline bool Near(double a, double b, double tol) { return std::fabs(a - b) <= tol; }

// Compares d->contact with the oracle's list. Contacts for which `skip(geom1, geom2)` is true are
// removed from both lists first (e.g. colliders of another area); the remaining ones must agree
// in number, order, geoms, geometry and parameters.
inline ::testing::AssertionResult ContactsMatch(
    const mjModel* m, const mjData* d, const std::vector<GoldenContact>& expected,
    const std::function<bool(int, int)>& skip = nullptr, bool check_frame_tangents = true) {
  std::vector<const mjContact*> mine;
  for (int i = 0; i < d->ncon; i++) {
    if (!skip || !skip(d->contact[i].geom1, d->contact[i].geom2)) mine.push_back(d->contact + i);
  }
  std::vector<const GoldenContact*> ref;
  for (const GoldenContact& c : expected) {
    if (!skip || !skip(c.geom1, c.geom2)) ref.push_back(&c);
  }
  auto fail = [&](size_t i, const std::string& what) {
    char buf[512];
    const GoldenContact* r = i < ref.size() ? ref[i] : nullptr;
    const mjContact* c = i < mine.size() ? mine[i] : nullptr;
    snprintf(buf, sizeof(buf),
             "contact %zu: %s (oracle: geoms %d %d dist %.15g pos %.12g %.12g %.12g; ours: "
             "geoms %d %d dist %.15g pos %.12g %.12g %.12g)",
             i, what.c_str(), r ? r->geom1 : -1, r ? r->geom2 : -1, r ? r->dist : 0,
             r ? r->pos[0] : 0, r ? r->pos[1] : 0, r ? r->pos[2] : 0, c ? c->geom1 : -1,
             c ? c->geom2 : -1, c ? c->dist : 0, c ? c->pos[0] : 0, c ? c->pos[1] : 0,
             c ? c->pos[2] : 0);
    return ::testing::AssertionFailure() << buf;
  };
  size_t n = std::min(mine.size(), ref.size());
  for (size_t i = 0; i < n; i++) {
    const mjContact* c = mine[i];
    const GoldenContact* r = ref[i];
    if (c->geom1 != r->geom1 || c->geom2 != r->geom2) return fail(i, "geom pair differs");
    if (c->geom[0] != c->geom1 || c->geom[1] != c->geom2) return fail(i, "geom[] differs");
    if (!Near(c->dist, r->dist, kGeomTol)) return fail(i, "dist differs");
    for (int k = 0; k < 3; k++) {
      if (!Near(c->pos[k], r->pos[k], kGeomTol)) return fail(i, "pos differs");
    }
    for (int k = 0; k < (check_frame_tangents ? 9 : 3); k++) {
      if (!Near(c->frame[k], r->frame[k], kGeomTol)) {
        return fail(i, "frame element " + std::to_string(k) + " differs");
      }
    }
    if (c->dim != r->dim) return fail(i, "dim differs");
    if (c->exclude != r->exclude) return fail(i, "exclude differs");
    if (!Near(c->includemargin, r->includemargin, kParamTol)) {
      return fail(i, "includemargin differs");
    }
    for (int k = 0; k < 5; k++) {
      if (!Near(c->friction[k], r->friction[k], kParamTol)) return fail(i, "friction differs");
      if (!Near(c->solimp[k], r->solimp[k], kParamTol)) return fail(i, "solimp differs");
    }
    for (int k = 0; k < 2; k++) {
      if (!Near(c->solref[k], r->solref[k], kParamTol)) return fail(i, "solref differs");
      if (!Near(c->solreffriction[k], r->solreffriction[k], kParamTol)) {
        return fail(i, "solreffriction differs");
      }
    }
    if (c->flex[0] != -1 || c->flex[1] != -1 || c->elem[0] != -1 || c->vert[1] != -1) {
      return fail(i, "flex/elem/vert not -1");
    }
  }
  if (mine.size() != ref.size()) {
    return fail(n, "number of contacts differs: oracle " + std::to_string(ref.size()) +
                       ", ours " + std::to_string(mine.size()));
  }
  return ::testing::AssertionSuccess();
}

// Loads test data model `name`.xml from test/data/collision (aborts the test on failure).
inline mjModel* LoadCollisionModel(const std::string& path) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << path << ": " << err;
  return m;
}

// Sets qpos from the golden record and runs the position stages the collision needs.
inline void PoseFromGolden(const mjModel* m, mjData* d, const Golden& g, int record) {
  mj_resetData(m, d);
  const std::vector<double>& q = g.get(record, "qpos");
  EXPECT_EQ(static_cast<int>(q.size()), m->nq);
  for (int i = 0; i < m->nq && i < static_cast<int>(q.size()); i++) d->qpos[i] = q[i];
  mj_kinematics(m, d);
}

}  // namespace motus_test

#endif  // MOTUS_TEST_COLLISION_TESTUTIL_H_
