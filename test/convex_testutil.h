// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the convex / height-field / distance tests: running the scenes of test/data/convex
// at the oracle's states, matching contacts with the oracle's, and an independent (brute-force)
// support function of every convex geom type for checks that need no reference.

#ifndef MOTUS_TEST_CONVEX_TESTUTIL_H_
#define MOTUS_TEST_CONVEX_TESTUTIL_H_

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "collision_testutil.h"
#include "fixture.h"
#include "golden.h"

namespace motus_test {

// geometric tolerances of one scene (see the tables in the tests for the reasons)
struct ConvexTol {
  double dist, pos, normal;
};

// A contact whose distance is within this of zero (or of the margin, for inflated shapes) is
// "touching": the iterative solvers of either engine may report it or not (e.g. the oracle's EPA
// gives -6.5e-5 for exactly touching cylinder and box, ours 0, which is no contact). Such
// contacts may be missing on one side. 1e-4 = 100 ccd_tolerance.
constexpr double kTouchTol = 1e-4;

// Whether a golden file of test/data/convex was written by MuJoCo 3.3.8 (its header names the
// version; the others are MuJoCo 3.8.0's).
inline bool GoldenOfMuJoCo338(const std::string& golden) {
  std::FILE* f = std::fopen(golden.c_str(), "rb");
  if (!f) {
    return false;
  }
  char line[300] = "";
  bool old = std::fgets(line, sizeof(line), f) && std::strstr(line, "MuJoCo 3.3.8");
  std::fclose(f);
  return old;
}

// The goldens of test/data/convex that still come from MuJoCo 3.3.8 (see test/data/README.md)
// were made with 3.3.8's rules: a contact got the larger of the two geoms' margins and gaps
// (MuJoCo 3.5 and later add them), and multiccd was off unless a model enabled it. The scenes
// give both geoms of a colliding pair the same margin and gap, or one geom a margin and the
// other none: halving the geoms that share a nonzero margin with another geom gives every pair
// the sum 3.3.8's maximum had (halving and doubling are exact).
inline void MarginsOfMuJoCo338(mjModel* m) {
  std::vector<int> halve(m->ngeom, 0);
  for (int i = 0; i < m->ngeom; i++) {
    for (int j = 0; j < m->ngeom; j++) {
      if (i != j && m->geom_margin[i] > 0 && m->geom_margin[i] == m->geom_margin[j]) {
        halve[i] = 1;
      }
    }
  }
  for (int i = 0; i < m->ngeom; i++) {
    if (halve[i]) {
      m->geom_margin[i] /= 2;
      m->geom_gap[i] /= 2;
    }
  }
}

// Loads a scene; when `golden` (its golden file) is MuJoCo 3.3.8's, with that version's margins
// and, where the model does not set the flag, multiccd off.
inline mjModel* LoadConvexScene(const std::string& path, const std::string& golden = "") {
  char err[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, err, sizeof(err));
  EXPECT_NE(m, nullptr) << path << ": " << err;
  std::string g = golden;
  size_t dot = path.rfind(".xml");
  if (g.empty() && path.find("test/data/convex/") != std::string::npos &&
      dot != std::string::npos) {
    g = path.substr(0, dot) + "_golden.txt";
  }
  if (m && !g.empty() && GoldenOfMuJoCo338(g)) {
    MarginsOfMuJoCo338(m);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    std::string text;
    for (int ch; f && (ch = std::fgetc(f)) != EOF;) {
      text += static_cast<char>(ch);
    }
    if (f) {
      std::fclose(f);
    }
    if (text.find("multiccd") == std::string::npos) {
      m->opt.disableflags |= mjDSBL_MULTICCD;
    }
  }
  return m;
}

// positions the model at qpos and runs kinematics and collision detection
inline void CollideAt(const mjModel* m, mjData* d, const std::vector<double>& qpos) {
  mj_resetData(m, d);
  for (int i = 0; i < m->nq && i < static_cast<int>(qpos.size()); i++) {
    d->qpos[i] = qpos[i];
  }
  mj_kinematics(m, d);
  mj_collision(m, d);
}

struct SimpleContact {
  int g1, g2;
  double dist, pos[3], normal[3];
};

inline std::vector<SimpleContact> OurContacts(const mjData* d) {
  std::vector<SimpleContact> out;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact& c = d->contact[i];
    SimpleContact s{c.geom1,
                    c.geom2,
                    c.dist,
                    {c.pos[0], c.pos[1], c.pos[2]},
                    {c.frame[0], c.frame[1], c.frame[2]}};
    out.push_back(s);
  }
  return out;
}

inline std::vector<SimpleContact> OracleContacts(const std::vector<GoldenContact>& v) {
  std::vector<SimpleContact> out;
  for (const GoldenContact& c : v) {
    SimpleContact s{c.geom1,
                    c.geom2,
                    c.dist,
                    {c.pos[0], c.pos[1], c.pos[2]},
                    {c.frame[0], c.frame[1], c.frame[2]}};
    out.push_back(s);
  }
  return out;
}

// contacts of the compact shared-model golden format (cgeom, cdist, cpos, cnormal)
inline std::vector<SimpleContact> CompactContacts(const Golden& g, int r) {
  std::vector<SimpleContact> out;
  const std::vector<double>& geom = g.get(r, "cgeom");
  const std::vector<double>& dist = g.get(r, "cdist");
  const std::vector<double>& pos = g.get(r, "cpos");
  const std::vector<double>& nrm = g.get(r, "cnormal");
  for (size_t i = 0; i < dist.size(); i++) {
    SimpleContact s{static_cast<int>(geom[2 * i]),
                    static_cast<int>(geom[2 * i + 1]),
                    dist[i],
                    {pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]},
                    {nrm[3 * i], nrm[3 * i + 1], nrm[3 * i + 2]}};
    out.push_back(s);
  }
  return out;
}

inline bool Touching(const mjModel* m, const SimpleContact& c) {
  // the pair's margin: the sum of the geoms' margins (MuJoCo 3.5 and later; the margins of a
  // 3.3.8 scene are halved to give the same sum, see MarginsOfMuJoCo338)
  double margin = m->geom_margin[c.g1] + m->geom_margin[c.g2];
  return std::fabs(c.dist) < kTouchTol || std::fabs(c.dist - margin) < kTouchTol;
}

struct MatchStats {
  int pairs = 0, contacts = 0;
  int exact = 0;  // paired contacts agreeing to kExactTol in distance, point and normal
  double dist = 0, pos = 0, normal = 0;
};

// A contact "agrees exactly" when distance, point and normal are within this of the oracle's:
// both engines then followed the same solver path (rounding differences only).
constexpr double kExactTol = 1e-6;

// Compares the contacts of every geom pair: the numbers must agree (contacts of either side that
// are touching, see kTouchTol, may be unmatched), and the contacts are paired by closeness
// (repeatedly the closest remaining pair); the paired contacts must agree within tol. With
// `count_only`, only the numbers and geom pairs are compared. Returns "" or a description.
inline std::string MatchContacts(const mjModel* m, const std::vector<SimpleContact>& ours,
                                 const std::vector<SimpleContact>& ref, const ConvexTol& tol,
                                 bool count_only, MatchStats* stats) {
  std::map<std::pair<int, int>, std::vector<const SimpleContact*>> a, b;
  for (const SimpleContact& c : ours) {
    a[{c.g1, c.g2}].push_back(&c);
  }
  for (const SimpleContact& c : ref) {
    b[{c.g1, c.g2}].push_back(&c);
  }
  std::vector<std::pair<int, int>> keys;
  for (auto& kv : a) {
    keys.push_back(kv.first);
  }
  for (auto& kv : b) {
    if (!a.count(kv.first)) {
      keys.push_back(kv.first);
    }
  }
  char buf[600];
  for (const auto& key : keys) {
    std::vector<const SimpleContact*> mine = a[key], theirs = b[key];
    stats->pairs++;
    if (mine.size() != theirs.size()) {
      // drop touching contacts and compare again
      auto prune = [&](std::vector<const SimpleContact*>* v) {
        v->erase(std::remove_if(v->begin(), v->end(),
                                [&](const SimpleContact* c) { return Touching(m, *c); }),
                 v->end());
      };
      prune(&mine);
      prune(&theirs);
      if (mine.size() != theirs.size()) {
        snprintf(buf, sizeof(buf), "geoms %d %d: %zu contacts, oracle %zu", key.first, key.second,
                 mine.size(), theirs.size());
        return buf;
      }
    }
    if (count_only) {
      continue;
    }
    // assignment: repeatedly the closest remaining (ours, oracle) pair, by distance and point
    // (the normal is left out: at deep poses it can differ while the rest agrees)
    auto err = [](const SimpleContact* a, const SimpleContact* b) {
      double e = std::fabs(a->dist - b->dist);
      for (int k = 0; k < 3; k++) {
        e = std::max(e, std::fabs(a->pos[k] - b->pos[k]));
      }
      return e;
    };
    std::vector<bool> used(mine.size(), false), done(theirs.size(), false);
    for (size_t n = 0; n < theirs.size(); n++) {
      int bi = -1, bj = -1;
      double besterr = 0;
      for (size_t i = 0; i < theirs.size(); i++) {
        if (done[i]) {
          continue;
        }
        for (size_t j = 0; j < mine.size(); j++) {
          if (used[j]) {
            continue;
          }
          double e = err(theirs[i], mine[j]);
          if (bi < 0 || e < besterr) {
            bi = static_cast<int>(i);
            bj = static_cast<int>(j);
            besterr = e;
          }
        }
      }
      done[bi] = true;
      used[bj] = true;
      const SimpleContact* r = theirs[bi];
      const SimpleContact* c = mine[bj];
      double ed = std::fabs(c->dist - r->dist), ep = 0, en = 0;
      for (int k = 0; k < 3; k++) {
        ep = std::max(ep, std::fabs(c->pos[k] - r->pos[k]));
        en = std::max(en, std::fabs(c->normal[k] - r->normal[k]));
      }
      stats->contacts++;
      if (ed < kExactTol && ep < kExactTol && en < kExactTol) {
        stats->exact++;
      }
      stats->dist = std::max(stats->dist, ed);
      stats->pos = std::max(stats->pos, ep);
      stats->normal = std::max(stats->normal, en);
      if (ed > tol.dist || ep > tol.pos || en > tol.normal) {
        snprintf(buf, sizeof(buf),
                 "geoms %d %d: dist %.9g pos %.6g %.6g %.6g normal %.6g %.6g %.6g; oracle dist "
                 "%.9g pos %.6g %.6g %.6g normal %.6g %.6g %.6g",
                 key.first, key.second, c->dist, c->pos[0], c->pos[1], c->pos[2], c->normal[0],
                 c->normal[1], c->normal[2], r->dist, r->pos[0], r->pos[1], r->pos[2], r->normal[0],
                 r->normal[1], r->normal[2]);
        return buf;
      }
    }
  }
  return "";
}

// Runs a pair scene of test/data/convex at every state of its golden file and compares; returns
// the statistics of the paired contacts.
inline MatchStats CheckConvexScene(const std::string& name, const ConvexTol& tol, bool count_only) {
  SCOPED_TRACE(name);
  MatchStats stats;
  Golden g(SourcePath("test/data/convex/" + name + "_golden.txt"));
  EXPECT_TRUE(g.ok()) << g.error();
  if (!g.ok()) {
    return stats;
  }
  mjModel* m = LoadConvexScene(SourcePath("test/data/convex/" + name + ".xml"));
  if (!m) {
    return stats;
  }
  mjData* d = mj_makeData(m);
  for (int r = 0; r < g.num_records(); r++) {
    CollideAt(m, d, g.get(r, "qpos"));
    std::vector<SimpleContact> ref = OracleContacts(ParseContacts(g.get(r, "contact")));
    std::string err = MatchContacts(m, OurContacts(d), ref, tol, count_only, &stats);
    EXPECT_EQ(err, "") << "state " << r;
  }
  // the scene must exercise something
  EXPECT_GT(stats.pairs, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
  return stats;
}

// ---------------------------------------------------------------------------------------------
// independent support functions (brute force over vertices, or closed forms written directly),
// in world coordinates: the point of geom g maximizing u.x

inline void BruteSupport(const mjModel* m, const mjData* d, int g, const double u[3],
                         double res[3]) {
  const double* pos = d->geom_xpos + 3 * g;
  const double* mat = d->geom_xmat + 9 * g;
  const double* size = m->geom_size + 3 * g;
  double ul[3];  // local direction: mat' u
  for (int i = 0; i < 3; i++) {
    ul[i] = mat[i] * u[0] + mat[3 + i] * u[1] + mat[6 + i] * u[2];
  }
  double loc[3] = {0, 0, 0};
  auto unit = [](const double* v, double* out) {
    double n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; k++) {
      out[k] = n > 0 ? v[k] / n : 0;
    }
  };
  switch (m->geom_type[g]) {
    case mjGEOM_SPHERE:
      unit(ul, loc);
      for (double& x : loc) {
        x *= size[0];
      }
      break;
    case mjGEOM_CAPSULE:
      unit(ul, loc);
      for (double& x : loc) {
        x *= size[0];
      }
      loc[2] += ul[2] > 0 ? size[1] : -size[1];
      break;
    case mjGEOM_ELLIPSOID: {
      // maximize u.x on x = (a s, b t, c w), |(s,t,w)| = 1: (s,t,w) parallel to (a u1, b u2, c u3)
      double v[3] = {size[0] * ul[0], size[1] * ul[1], size[2] * ul[2]}, s[3];
      unit(v, s);
      for (int k = 0; k < 3; k++) {
        loc[k] = size[k] * s[k];
      }
      break;
    }
    case mjGEOM_CYLINDER: {
      double r = std::hypot(ul[0], ul[1]);
      if (r > 0) {
        loc[0] = size[0] * ul[0] / r;
        loc[1] = size[0] * ul[1] / r;
      }
      loc[2] = ul[2] > 0 ? size[1] : -size[1];
      break;
    }
    case mjGEOM_BOX:
      for (int k = 0; k < 3; k++) {
        loc[k] = ul[k] > 0 ? size[k] : -size[k];
      }
      break;
    case mjGEOM_MESH: {
      int id = m->geom_dataid[g];
      const float* v = m->mesh_vert + 3 * m->mesh_vertadr[id];
      double best = -1e300;
      for (int i = 0; i < m->mesh_vertnum[id]; i++) {
        double h = v[3 * i] * ul[0] + v[3 * i + 1] * ul[1] + v[3 * i + 2] * ul[2];
        if (h > best) {
          best = h;
          for (int k = 0; k < 3; k++) {
            loc[k] = v[3 * i + k];
          }
        }
      }
      break;
    }
    default:
      break;
  }
  for (int k = 0; k < 3; k++) {
    res[k] = pos[k] + mat[3 * k] * loc[0] + mat[3 * k + 1] * loc[1] + mat[3 * k + 2] * loc[2];
  }
}

// signed separation of geoms g1, g2 along the unit direction n (from g1 to g2):
// min_{b in g2} n.b - max_{a in g1} n.a. The distance of separated geoms is the maximum of this
// over n, the penetration depth of overlapping ones minus its maximum (both attained at the
// contact normal).
inline double Separation(const mjModel* m, const mjData* d, int g1, int g2, const double n[3]) {
  double neg[3] = {-n[0], -n[1], -n[2]}, a[3], b[3];
  BruteSupport(m, d, g1, n, a);
  BruteSupport(m, d, g2, neg, b);
  return (n[0] * b[0] + n[1] * b[1] + n[2] * b[2]) - (n[0] * a[0] + n[1] * a[1] + n[2] * a[2]);
}

// maximum of Separation over a fixed set of directions (Fibonacci sphere with n points)
inline double MaxSeparationSampled(const mjModel* m, const mjData* d, int g1, int g2, int n) {
  double best = -1e300;
  const double golden = M_PI * (3 - std::sqrt(5.0));
  for (int i = 0; i < n; i++) {
    double z = 1 - 2 * (i + 0.5) / n, r = std::sqrt(1 - z * z), phi = golden * i;
    double u[3] = {r * std::cos(phi), r * std::sin(phi), z};
    best = std::max(best, Separation(m, d, g1, g2, u));
  }
  return best;
}

}  // namespace motus_test

#endif  // MOTUS_TEST_CONVEX_TESTUTIL_H_
