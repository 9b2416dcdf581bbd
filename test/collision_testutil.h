// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the collision tests: reading the oracle's contacts from golden files and comparing
// them with d->contact.

#ifndef MOTUS_TEST_COLLISION_TESTUTIL_H_
#define MOTUS_TEST_COLLISION_TESTUTIL_H_

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
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
    for (int k = 0; k < 9; k++) {
      c.frame[k] = x[4 + k];
    }
    for (int k = 0; k < 5; k++) {
      c.friction[k] = x[13 + k];
    }
    c.geom1 = static_cast<int>(x[18]);
    c.geom2 = static_cast<int>(x[19]);
    c.includemargin = x[20];
    // x[21] = mu (constraint stage)
    for (int k = 0; k < 3; k++) {
      c.pos[k] = x[22 + k];
    }
    for (int k = 0; k < 5; k++) {
      c.solimp[k] = x[25 + k];
    }
    for (int k = 0; k < 2; k++) {
      c.solref[k] = x[30 + k];
    }
    for (int k = 0; k < 2; k++) {
      c.solreffriction[k] = x[32 + k];
    }
    out.push_back(c);
  }
  return out;
}

// Nonzero when the collider of geom types (t1, t2) belongs to this area (primitive and box
// colliders); contacts of other colliders (convex, mesh, height field) are not compared here.
inline bool OwnCollider(int t1, int t2) {
  if (t1 > t2) {
    std::swap(t1, t2);
  }
  mjfCollision f = mjCOLLISIONFUNC[t1][t2];
  const mjfCollision own[] = {mjc_PlaneSphere,    mjc_PlaneCapsule,   mjc_PlaneEllipsoid,
                              mjc_PlaneCylinder,  mjc_PlaneBox,       mjc_SphereSphere,
                              mjc_SphereCapsule,  mjc_SphereCylinder, mjc_SphereBox,
                              mjc_CapsuleCapsule, mjc_CapsuleBox,     mjc_BoxBox};
  for (mjfCollision g : own) {
    if (f == g) {
      return true;
    }
  }
  return false;
}

// Geometric tolerance of the conformance tests: the spec asks for 1e-9 on dist, pos and the
// frame; both engines evaluate the same closed-form expressions, so the differences are
// rounding (observed up to ~5e-13 for points computed in a box frame and mapped back).
constexpr double kGeomTol = 1e-9;
// Parameters are copied or mixed with the same arithmetic: a few ulps.
constexpr double kParamTol = 1e-12;

inline bool Near(double a, double b, double tol) {
  return std::fabs(a - b) <= tol;
}

// Sorts each run of contacts of the same geom pair by (position rounded to 1e-6, dist).
template <typename C>
void CanonicalOrder(std::vector<const C*>* list) {
  auto key = [](const C* c) {
    std::vector<double> k;
    for (int i = 0; i < 3; i++) {
      k.push_back(std::round(c->pos[i] * 1e6));
    }
    k.push_back(c->dist);
    return k;
  };
  size_t start = 0;
  while (start < list->size()) {
    size_t end = start;
    while (end < list->size() && (*list)[end]->geom1 == (*list)[start]->geom1 &&
           (*list)[end]->geom2 == (*list)[start]->geom2) {
      end++;
    }
    std::stable_sort(list->begin() + start, list->begin() + end,
                     [&](const C* a, const C* b) { return key(a) < key(b); });
    start = end;
  }
}

// Contacts whose distance is within rounding of the inclusion threshold (the pair's margin) may
// legitimately be present in one engine and absent in the other (e.g. "touching" poses where
// dist is +-1e-17 and the margin 0); likewise the exclude flag of contacts within rounding of
// includemargin. Both are computed from coordinates of magnitude ~1-5: 1e-12 covers rounding.
constexpr double kThresholdTol = 1e-12;

inline double PairMargin(const mjModel* m, int g1, int g2) {
  return std::max(m->geom_margin[g1], m->geom_margin[g2]);
}

// Empty string when contact c agrees with the oracle's r (geoms, geometry, parameters).
inline std::string CompareContact(const mjContact* c, const GoldenContact* r,
                                  bool check_frame_tangents = true) {
  if (c->geom1 != r->geom1 || c->geom2 != r->geom2) {
    return "geom pair differs";
  }
  if (c->geom[0] != c->geom1 || c->geom[1] != c->geom2) {
    return "geom[] differs";
  }
  if (!Near(c->dist, r->dist, kGeomTol)) {
    return "dist differs";
  }
  for (int k = 0; k < 3; k++) {
    if (!Near(c->pos[k], r->pos[k], kGeomTol)) {
      return "pos differs";
    }
  }
  for (int k = 0; k < (check_frame_tangents ? 9 : 3); k++) {
    if (!Near(c->frame[k], r->frame[k], kGeomTol)) {
      return "frame element " + std::to_string(k) + " differs";
    }
  }
  if (c->dim != r->dim) {
    return "dim differs";
  }
  if (c->exclude != r->exclude && !Near(r->dist, r->includemargin, kThresholdTol)) {
    return "exclude differs";
  }
  if (!Near(c->includemargin, r->includemargin, kParamTol)) {
    return "includemargin differs";
  }
  for (int k = 0; k < 5; k++) {
    if (!Near(c->friction[k], r->friction[k], kParamTol)) {
      return "friction differs";
    }
    if (!Near(c->solimp[k], r->solimp[k], kParamTol)) {
      return "solimp differs";
    }
  }
  for (int k = 0; k < 2; k++) {
    if (!Near(c->solref[k], r->solref[k], kParamTol)) {
      return "solref differs";
    }
    if (!Near(c->solreffriction[k], r->solreffriction[k], kParamTol)) {
      return "solreffriction differs";
    }
  }
  if (c->flex[0] != -1 || c->flex[1] != -1 || c->elem[0] != -1 || c->vert[1] != -1) {
    return "flex/elem/vert not -1";
  }
  return "";
}

// The two lists of ContactsMatch after removing skipped and borderline contacts.
struct ContactLists {
  std::vector<const mjContact*> mine;
  std::vector<const GoldenContact*> ref;
};

inline ContactLists FilterContacts(const mjModel* m, const mjData* d,
                                   const std::vector<GoldenContact>& expected,
                                   const std::function<bool(int, int)>& skip) {
  ContactLists out;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    if (skip && skip(c->geom1, c->geom2)) {
      continue;
    }
    if (Near(c->dist, PairMargin(m, c->geom1, c->geom2), kThresholdTol)) {
      continue;
    }
    out.mine.push_back(c);
  }
  for (const GoldenContact& c : expected) {
    if (skip && skip(c.geom1, c.geom2)) {
      continue;
    }
    if (Near(c.dist, PairMargin(m, c.geom1, c.geom2), kThresholdTol)) {
      continue;
    }
    out.ref.push_back(&c);
  }
  return out;
}

inline std::string DescribePair(const GoldenContact* r, const mjContact* c) {
  char buf[400];
  snprintf(buf, sizeof(buf),
           " (oracle: geoms %d %d dist %.15g pos %.12g %.12g %.12g; ours: "
           "geoms %d %d dist %.15g pos %.12g %.12g %.12g)",
           r ? r->geom1 : -1, r ? r->geom2 : -1, r ? r->dist : 0, r ? r->pos[0] : 0,
           r ? r->pos[1] : 0, r ? r->pos[2] : 0, c ? c->geom1 : -1, c ? c->geom2 : -1,
           c ? c->dist : 0, c ? c->pos[0] : 0, c ? c->pos[1] : 0, c ? c->pos[2] : 0);
  return buf;
}

// Compares d->contact with the oracle's list. Contacts for which `skip(geom1, geom2)` is true are
// removed from both lists first (e.g. colliders of another area), and so are borderline ones
// (kThresholdTol); the remaining ones must agree in number, order, geoms, geometry and
// parameters.
// With `unordered`, the contacts of one geom pair (a run of equal geom1, geom2) are compared as
// a set: both runs are put in a canonical order (positions rounded to 1e-6, then dist) first.
inline ::testing::AssertionResult ContactsMatch(const mjModel* m, const mjData* d,
                                                const std::vector<GoldenContact>& expected,
                                                const std::function<bool(int, int)>& skip = nullptr,
                                                bool check_frame_tangents = true,
                                                bool unordered = false) {
  ContactLists lists = FilterContacts(m, d, expected, skip);
  std::vector<const mjContact*>& mine = lists.mine;
  std::vector<const GoldenContact*>& ref = lists.ref;
  if (unordered) {
    CanonicalOrder(&mine);
    CanonicalOrder(&ref);
  }
  size_t n = std::min(mine.size(), ref.size());
  for (size_t i = 0; i < n; i++) {
    std::string err = CompareContact(mine[i], ref[i], check_frame_tangents);
    if (!err.empty()) {
      return ::testing::AssertionFailure()
             << "contact " << i << ": " << err << DescribePair(ref[i], mine[i]);
    }
  }
  if (mine.size() != ref.size()) {
    return ::testing::AssertionFailure()
           << "number of contacts differs: oracle " << ref.size() << ", ours " << mine.size()
           << DescribePair(n < ref.size() ? ref[n] : nullptr, n < mine.size() ? mine[n] : nullptr);
  }
  return ::testing::AssertionSuccess();
}

// Per geom pair, the contacts of one engine are a subset of the other's (as sets, every field
// compared as in ContactsMatch), and either both or neither engine reports contacts for it.
// Used for the box colliders, whose contact selection differs from the reference's (see
// engine_collision_box.cc).
inline ::testing::AssertionResult ContactSetsNested(
    const mjModel* m, const mjData* d, const std::vector<GoldenContact>& expected,
    const std::function<bool(int, int)>& skip = nullptr) {
  ContactLists lists = FilterContacts(m, d, expected, skip);
  std::vector<std::pair<int, int>> pairs;
  for (const mjContact* c : lists.mine) {
    pairs.push_back({c->geom1, c->geom2});
  }
  for (const GoldenContact* c : lists.ref) {
    pairs.push_back({c->geom1, c->geom2});
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  for (const auto& p : pairs) {
    std::vector<const mjContact*> a;
    std::vector<const GoldenContact*> b;
    for (const mjContact* c : lists.mine) {
      if (c->geom1 == p.first && c->geom2 == p.second) {
        a.push_back(c);
      }
    }
    for (const GoldenContact* c : lists.ref) {
      if (c->geom1 == p.first && c->geom2 == p.second) {
        b.push_back(c);
      }
    }
    auto found_in_ref = [&](const mjContact* c) {
      for (const GoldenContact* r : b) {
        if (CompareContact(c, r).empty()) {
          return true;
        }
      }
      return false;
    };
    auto found_in_mine = [&](const GoldenContact* r) {
      for (const mjContact* c : a) {
        if (CompareContact(c, r).empty()) {
          return true;
        }
      }
      return false;
    };
    bool mine_in_ref = !a.empty() && std::all_of(a.begin(), a.end(), found_in_ref);
    bool ref_in_mine = !b.empty() && std::all_of(b.begin(), b.end(), found_in_mine);
    // capsule-box with the capsule's axis segment inside the box (an oracle contact deeper than
    // the capsule radius): the engines use different heuristics; ours reports the deepest point
    // of the segment (one contact, two for a stretch parallel to a face), at least as deep as
    // every oracle contact (rounding: 1e-12)
    int t1 = std::min(m->geom_type[p.first], m->geom_type[p.second]);
    int t2 = std::max(m->geom_type[p.first], m->geom_type[p.second]);
    if (!mine_in_ref && !ref_in_mine && t1 == mjGEOM_CAPSULE && t2 == mjGEOM_BOX && !b.empty()) {
      int capsule = m->geom_type[p.first] == mjGEOM_CAPSULE ? p.first : p.second;
      double refmin = 1e10;
      for (const GoldenContact* r : b) {
        refmin = std::min(refmin, r->dist);
      }
      bool deeper = !a.empty() && a.size() <= 2;
      for (const mjContact* c : a) {
        deeper = deeper && c->dist <= refmin + 1e-12;
      }
      if (refmin < -m->geom_size[3 * capsule] && deeper) {
        continue;
      }
    }
    if (!mine_in_ref && !ref_in_mine) {
      return ::testing::AssertionFailure()
             << "geoms " << p.first << " " << p.second << ": contact sets not nested (oracle "
             << b.size() << ", ours " << a.size() << ")"
             << DescribePair(b.empty() ? nullptr : b[0], a.empty() ? nullptr : a[0]);
    }
  }
  return ::testing::AssertionSuccess();
}

// Nonzero for the box colliders, whose contact selection differs from the reference's.
inline bool BoxCollider(const mjModel* m, int g1, int g2) {
  int t1 = std::min(m->geom_type[g1], m->geom_type[g2]);
  int t2 = std::max(m->geom_type[g1], m->geom_type[g2]);
  mjfCollision f = mjCOLLISIONFUNC[t1][t2];
  return f == mjc_BoxBox || f == mjc_CapsuleBox;
}

// ContactsMatch for scenes with box colliders: the sequence of geom pairs (runs of contacts with
// equal geom1, geom2) must be the same; runs of box colliders are compared with
// ContactSetsNested, all other runs element by element.
inline ::testing::AssertionResult ContactRunsMatch(
    const mjModel* m, const mjData* d, const std::vector<GoldenContact>& expected,
    const std::function<bool(int, int)>& skip = nullptr) {
  ContactLists lists = FilterContacts(m, d, expected, skip);
  auto runs = [](auto& list) {
    std::vector<std::pair<int, int>> out;
    for (auto* c : list) {
      if (out.empty() || out.back() != std::make_pair(c->geom1, c->geom2)) {
        out.push_back({c->geom1, c->geom2});
      }
    }
    return out;
  };
  std::vector<std::pair<int, int>> a = runs(lists.mine), b = runs(lists.ref);
  for (size_t i = 0; i < std::min(a.size(), b.size()); i++) {
    if (a[i] != b[i]) {
      return ::testing::AssertionFailure()
             << "geom pair " << i << " differs: oracle " << b[i].first << " " << b[i].second
             << ", ours " << a[i].first << " " << a[i].second;
    }
  }
  if (a.size() != b.size()) {
    return ::testing::AssertionFailure()
           << "number of geom pairs differs: oracle " << b.size() << ", ours " << a.size();
  }
  // box runs: nested sets; the rest: exact, in order
  auto skipped = [&](int g1, int g2) { return skip && skip(g1, g2); };
  ::testing::AssertionResult nested = ContactSetsNested(
      m, d, expected, [&](int g1, int g2) { return skipped(g1, g2) || !BoxCollider(m, g1, g2); });
  if (!nested) {
    return nested;
  }
  return ContactsMatch(m, d, expected,
                       [&](int g1, int g2) { return skipped(g1, g2) || BoxCollider(m, g1, g2); });
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
  for (int i = 0; i < m->nq && i < static_cast<int>(q.size()); i++) {
    d->qpos[i] = q[i];
  }
  mj_kinematics(m, d);
}

}  // namespace motus_test

#endif  // MOTUS_TEST_COLLISION_TESTUTIL_H_
