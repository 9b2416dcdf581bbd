// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of the height-field collider mjc_ConvexHField (src/engine/engine_collision_hfield.cc):
// conformance with MuJoCo 3.8.0 on the hfield scenes of test/data/convex (made by
// test/data/convex/make_golden.py: a 7 x 8 height field with and without margin, a free geom of
// each convex type at random poses over it), and an independent check of every contact against
// a brute-force support search over the prisms of the grid.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "convex_testutil.h"
#include "engine/engine_collision_convex.h"
#include "fixture.h"
#include "golden.h"

namespace {

using motus_test::CheckConvexScene;
using motus_test::CollideAt;
using motus_test::ConvexTol;
using motus_test::Golden;
using motus_test::LoadConvexScene;
using motus_test::SourcePath;

constexpr double kAny = 1e9;

// Every prism of the grid is collided separately. Distances agree to the solver tolerance where
// the EPA paths agree; spheres and capsules get their surface normal at the contact point,
// ellipsoids and cylinders keep the collider's normal, as in MuJoCo 3.8.0 (with the closest-point
// normals of 3.3.8, 0 of the 541 ellipsoid contacts and 160 of the 597 cylinder contacts agreed
// to kExactTol; now all of the ellipsoid's and 578 of the cylinder's). The legacy pipeline (libccd
// MPR in both) agrees to rounding (observed 1.4e-8). Each scene also has a floor on the number of
// contacts agreeing to kExactTol (observed counts), which catches changes of the solver path.
TEST(HFieldConformance, SmoothGeoms) {
  struct Case {
    const char* name;
    ConvexTol tol;
    int min_exact;
  };
  const Case cases[] = {
      // sphere, capsule: observed 7e-7 / 4e-4 / 1.1e-2 (EPA on the inflated copy)
      {"hfield_sphere", {1e-5, 1e-3, 2e-2}, 472},   // 472 / 491
      {"hfield_capsule", {1e-5, 1e-3, 2e-2}, 443},  // 443 / 519
      {"legacy_hfield_sphere", {1e-7, 1e-7, 1e-6}, 491},
      // ellipsoid: every contact within kExactTol
      {"hfield_ellipsoid", {1e-6, 1e-6, 1e-6}, 541},  // 541 / 541
      // cylinder: the prisms' own rounding still differs, and EPA paths on them vary by luck
      {"hfield_cylinder", {5e-4, kAny, kAny}, 578},  // 578 / 597
  };
  for (const Case& c : cases) {
    motus_test::MatchStats st = CheckConvexScene(c.name, c.tol, false);
    std::printf("%s: %d of %d contacts exact\n", c.name, st.exact, st.contacts);
    EXPECT_GE(st.exact, c.min_exact) << c.name << ": " << st.exact << " of " << st.contacts;
  }
}

// Box and mesh against prisms: without margin, EPA stops at the first repeated support vertex
// of the geom (the prism's vertex is not tracked), often short of the deepest face: the depth
// is then smaller than the true minimal overlap, as in MuJoCo. With margin (rounded
// shapes) the paths agree as for the smooth geoms. The contacts' number and geom pairs are
// compared, and the exact agreement counted.
TEST(HFieldConformance, FlatGeoms) {
  struct Case {
    const char* name;
    int min_exact;
  };
  const Case cases[] = {{"hfield_box", 716},          // 716 / 719
                        {"hfield_mesh", 608},         // 608 / 612
                        {"legacy_hfield_box", 710}};  // 710 / 719
  for (const Case& c : cases) {
    motus_test::MatchStats st = CheckConvexScene(c.name, {kAny, kAny, kAny}, false);
    std::printf("%s: %d of %d contacts exact\n", c.name, st.exact, st.contacts);
    EXPECT_GE(st.exact, c.min_exact) << c.name << ": " << st.exact << " of " << st.contacts;
  }
}

// vertex (r, c) of the height field geom h (top or bottom), world coordinates
void GridVertex(const mjModel* m, const mjData* d, int h, int r, int c, bool top, double out[3]) {
  int id = m->geom_dataid[h];
  const double* size = m->hfield_size + 4 * id;
  int nrow = m->hfield_nrow[id], ncol = m->hfield_ncol[id];
  double loc[3] = {-size[0] + 2 * size[0] * c / (ncol - 1), -size[1] + 2 * size[1] * r / (nrow - 1),
                   top ? size[2] * m->hfield_data[m->hfield_adr[id] + r * ncol + c] : -size[3]};
  const double* pos = d->geom_xpos + 3 * h;
  const double* mat = d->geom_xmat + 9 * h;
  for (int k = 0; k < 3; k++) {
    out[k] = pos[k] + mat[3 * k] * loc[0] + mat[3 * k + 1] * loc[1] + mat[3 * k + 2] * loc[2];
  }
}

// Separation along n between a prism (6 vertices) and geom g (brute-force support)
double PrismSeparation(const mjModel* m, const mjData* d, const double prism[6][3], int g,
                       const double n[3]) {
  double top = -1e300;
  for (int i = 0; i < 6; i++) {
    top = std::max(top, prism[i][0] * n[0] + prism[i][1] * n[1] + prism[i][2] * n[2]);
  }
  double neg[3] = {-n[0], -n[1], -n[2]}, b[3];
  motus_test::BruteSupport(m, d, g, neg, b);
  return b[0] * n[0] + b[1] * n[1] + b[2] * n[2] - top;
}

// Each contact of a zero-margin copy is a penetration of the geom into one prism of the grid:
// some prism overlaps the geom (no sampled direction separates them) by at least the contact's
// depth. EPA's face distance is a lower bound of the penetration depth, and EPA may stop before
// reaching it (see FlatGeoms), so the reported depth may be smaller, never larger (up to the
// sampling of directions, which can only make the sampled separation smaller than the true
// one: the test is one-sided and exact).
TEST(HFieldIndependent, BruteForcePrisms) {
  for (const char* name : {"hfield_sphere", "hfield_capsule", "hfield_box", "hfield_mesh",
                           "hfield_ellipsoid", "hfield_cylinder"}) {
    SCOPED_TRACE(name);
    Golden g(SourcePath(std::string("test/data/convex/") + name + "_golden.txt"));
    ASSERT_TRUE(g.ok()) << g.error();
    mjModel* m = LoadConvexScene(SourcePath(std::string("test/data/convex/") + name + ".xml"));
    ASSERT_NE(m, nullptr);
    mjData* d = mj_makeData(m);
    int checked = 0;
    for (int r = 0; r < g.num_records(); r++) {
      CollideAt(m, d, g.get(r, "qpos"));
      for (int i = 0; i < d->ncon; i++) {
        const mjContact& c = d->contact[i];
        int h = c.geom1, geom = c.geom2;
        ASSERT_EQ(m->geom_type[h], mjGEOM_HFIELD);
        if (m->geom_margin[h] > 0 || m->geom_margin[geom] > 0) {
          continue;
        }
        EXPECT_LE(c.dist, 0) << "state " << r << " contact " << i;
        int id = m->geom_dataid[h];
        int nrow = m->hfield_nrow[id], ncol = m->hfield_ncol[id];
        bool found = false;
        double closest = 1e300;
        for (int row = 0; row + 1 < nrow && !found; row++) {
          for (int col = 0; col + 1 < ncol && !found; col++) {
            // the two triangles of the cell, split along the diagonal (r,c)-(r+1,c+1)
            const int tri[2][3][2] = {{{0, 0}, {1, 1}, {1, 0}}, {{0, 0}, {0, 1}, {1, 1}}};
            for (int t = 0; t < 2 && !found; t++) {
              double prism[6][3];
              for (int v = 0; v < 3; v++) {
                GridVertex(m, d, h, row + tri[t][v][0], col + tri[t][v][1], true, prism[v]);
                GridVertex(m, d, h, row + tri[t][v][0], col + tri[t][v][1], false, prism[v + 3]);
              }
              // maximum separation over a Fibonacci sample of 2000 directions
              double best = -1e300;
              const double golden = M_PI * (3 - std::sqrt(5.0));
              for (int s = 0; s < 2000; s++) {
                double z = 1 - 2 * (s + 0.5) / 2000, rr = std::sqrt(1 - z * z);
                double u[3] = {rr * std::cos(golden * s), rr * std::sin(golden * s), z};
                best = std::max(best, PrismSeparation(m, d, prism, geom, u));
              }
              // 1e-9: rounding of the solvers' distance
              closest = std::min(closest, std::fabs(best - c.dist));
              found = best < 0 && best <= c.dist + 1e-9;
            }
          }
        }
        EXPECT_TRUE(found) << "state " << r << " contact " << i << " dist " << c.dist
                           << " closest sampled separation off by " << closest;
        checked++;
      }
    }
    EXPECT_GT(checked, 10);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// The number of contacts of one pair is capped at mjMAXCONPAIR: a large box pressed into a
// fine grid touches more prisms than that.
TEST(HFieldIndependent, AtMostMaxConPair) {
  const char* xml =
      "<mujoco><asset><hfield name='h' nrow='30' ncol='30' size='1 1 0.1 0.1'/></asset>"
      "<worldbody><geom type='hfield' hfield='h'/>"
      "<body pos='0 0 0.28'><freejoint/><geom type='box' size='0.8 0.8 0.3'/></body>"
      "</worldbody></mujoco>";
  char err[1000];
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  ASSERT_NE(spec, nullptr) << err;
  mjModel* m = mj_compile(spec, nullptr);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  mjContact con[mjMAXCONPAIR];
  int n = mjc_ConvexHField(m, d, con, 0, 1, 0);
  EXPECT_EQ(n, mjMAXCONPAIR);
  for (int i = 0; i < n; i++) {
    // a flat field at z = 0 and the box bottom at z = -0.02: every contact has depth 0.02
    // along +z (or is a side contact of a prism: the box reaches into the grid cells' walls)
    EXPECT_LE(con[i].dist, 0);
    EXPECT_GE(con[i].dist, -0.02 - 1e-6);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
}

}  // namespace
