// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Ray casting (APIreference_functions.rst "Ray casting": mj_ray, mj_multiRay, mj_rayHfield,
// mj_rayMesh, mju_rayGeom). Distances are compared with MuJoCo 3.3.8 through rangefinder
// sensors (a rangefinder reports mj_ray along its site's z axis, excluding the site's body,
// all groups, static geoms included): test/data/collision/ray_*.xml with
//   tools/gen_golden.py ray_<scene>.xml --forward-only --fields sensordata
// written by test/data/collision/make_golden.py. Normals (not reported by 3.3.8 sensors) are
// checked geometrically; the filter arguments on small scenes.

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "collision_testutil.h"
#include "engine/engine_ray.h"
#include "fixture.h"
#include "golden.h"

namespace motus_test {
namespace {

std::string DataPath(const std::string& file) {
  return SourcePath("test/data/collision/" + file);
}

void SiteRay(const mjData* d, int i, mjtNum vec[3]) {
  vec[0] = d->site_xmat[9 * i + 2];
  vec[1] = d->site_xmat[9 * i + 5];
  vec[2] = d->site_xmat[9 * i + 8];
}

class RayScene : public ::testing::TestWithParam<const char*> {};

// Distances equal the oracle's rangefinders (closed-form intersections evaluated in a different
// order: a few ulps, bounded by 1e-9 as the collision tolerance).
TEST_P(RayScene, MatchesOracle) {
  std::string name = GetParam();
  Golden g(DataPath(name + "_golden.txt"));
  ASSERT_TRUE(g.ok()) << g.error();
  mjModel* m = LoadCollisionModel(DataPath(name + ".xml"));
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  const std::vector<double>& ref = g.get(0, "sensordata");
  ASSERT_EQ(static_cast<int>(ref.size()), m->nsite);
  int hits = 0;
  for (int i = 0; i < m->nsite; i++) {
    mjtNum vec[3];
    SiteRay(d, i, vec);
    int geomid = -2;
    mjtNum normal[3];
    mjtNum x =
        mj_ray(m, d, d->site_xpos + 3 * i, vec, nullptr, 1, m->site_bodyid[i], &geomid, normal);
    EXPECT_NEAR(x, ref[i], kGeomTol) << name << " site " << i;
    EXPECT_EQ(x < 0, geomid < 0);
    hits += x >= 0;
  }
  EXPECT_GT(hits, m->nsite / 2);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Normals: unit, pointing out of the geom (a ray started just outside along the normal and
// aimed back hits the same geom at that small distance), and orthogonal to the surface (hits of
// slightly perturbed rays stay in the tangent plane to second order).
TEST_P(RayScene, NormalsAreOutwardSurfaceNormals) {
  std::string name = GetParam();
  mjModel* m = LoadCollisionModel(DataPath(name + ".xml"));
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  int checked = 0;
  for (int i = 0; i < m->nsite; i++) {
    mjtNum vec[3], normal[3], pnt[3];
    SiteRay(d, i, vec);
    int geomid;
    const mjtNum* origin = d->site_xpos + 3 * i;
    int bexcl = m->site_bodyid[i];
    mjtNum x = mj_ray(m, d, origin, vec, nullptr, 1, bexcl, &geomid, normal);
    if (x < 0) {
      continue;
    }
    EXPECT_NEAR(mju_norm3(normal), 1, 1e-12);
    mju_addScl3(pnt, origin, vec, x);

    // back along the normal from outside
    const mjtNum eps = 1e-4;
    mjtNum out[3], in[3];
    mju_addScl3(out, pnt, normal, eps);
    mju_scl3(in, normal, -1);
    mjtNum xn[3];
    mjtNum back = mj_rayGeomAny(m, d, geomid, out, in, xn);
    // the surface is eps away (curvature shifts it by O(eps^2), edges of meshes/boxes by less)
    EXPECT_NEAR(back, eps, 1e-6) << name << " site " << i << " geom " << geomid;

    // tangent plane: perturb the direction, the new hit differs by a tangent vector
    mjtNum vec2[3] = {vec[0] + 1e-6, vec[1] - 2e-6, vec[2] + 1.5e-6};
    mjtNum x2 = mj_rayGeomAny(m, d, geomid, origin, vec2, xn);
    if (x2 >= 0) {
      mjtNum pnt2[3], dif[3];
      mju_addScl3(pnt2, origin, vec2, x2);
      mju_sub3(dif, pnt2, pnt);
      if (mju_norm3(dif) < 1e-4) {
        // |dif| ~ 1e-6: the normal component is second order (or zero on flat faces)
        EXPECT_LT(std::fabs(mju_dot3(dif, normal)), 1e-9) << name << " site " << i;
      }
    }
    checked++;
  }
  EXPECT_GT(checked, 20);
  mj_deleteData(d);
  mj_deleteModel(m);
}

INSTANTIATE_TEST_SUITE_P(Ray, RayScene, ::testing::Values("ray_mixed", "ray_hfield"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

const char kFilterScene[] = R"(
<mujoco>
  <default><geom type="box" size="0.1 0.1 0.1"/></default>
  <asset><material name="clear" rgba="1 1 1 0"/></asset>
  <worldbody>
    <geom name="static" pos="1 0 0" group="0"/>
    <body name="b1" pos="2 0 0"><freejoint/><geom name="g1" group="1"/></body>
    <body name="b2" pos="3 0 0"><freejoint/><geom name="g2" group="2"/></body>
    <body name="b3" pos="4 0 0"><freejoint/><geom name="g3" group="3" rgba="1 0 0 0"/></body>
    <body name="b4" pos="5 0 0"><freejoint/><geom name="g4" group="3" material="clear"/></body>
    <body name="b5" pos="6 0 0"><freejoint/><geom name="g5" group="3"/></body>
  </worldbody>
</mujoco>)";

mjModel* LoadString(const char* xml) {
  char err[1000];
  mjSpec* spec = mj_parseXMLString(xml, nullptr, err, sizeof(err));
  EXPECT_NE(spec, nullptr) << err;
  if (!spec) {
    return nullptr;
  }
  mjModel* m = mj_compile(spec, nullptr);
  mj_deleteSpec(spec);
  return m;
}

// geomgroup, flg_static, bodyexclude and invisible geoms; distances in units of |vec|.
TEST(Ray, FilterArguments) {
  mjModel* m = LoadString(kFilterScene);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  const mjtNum pnt[3] = {0, 0, 0}, vec[3] = {1, 0, 0}, vec2[3] = {2, 0, 0};
  int id;
  auto name = [m](int i) {
    return i < 0 ? std::string("-") : std::string(mj_id2name(m, mjOBJ_GEOM, i));
  };

  EXPECT_NEAR(mj_ray(m, d, pnt, vec, nullptr, 1, -1, &id, nullptr), 0.9, 1e-15);
  EXPECT_EQ(name(id), "static");
  EXPECT_NEAR(mj_ray(m, d, pnt, vec2, nullptr, 1, -1, &id, nullptr), 0.45, 1e-15);
  EXPECT_NEAR(mj_ray(m, d, pnt, vec, nullptr, 0, -1, &id, nullptr), 1.9, 1e-15);
  EXPECT_EQ(name(id), "g1");
  int b1 = mj_name2id(m, mjOBJ_BODY, "b1");
  mj_ray(m, d, pnt, vec, nullptr, 0, b1, &id, nullptr);
  EXPECT_EQ(name(id), "g2");
  mjtByte groups[6] = {1, 0, 0, 1, 1, 1};
  mj_ray(m, d, pnt, vec, groups, 0, -1, &id, nullptr);
  EXPECT_EQ(name(id), "g5");  // g3 (rgba alpha 0) and g4 (material alpha 0) are invisible
  mjtByte none[6] = {0, 0, 0, 0, 0, 0};
  mjtNum normal[3] = {9, 9, 9};
  EXPECT_EQ(mj_ray(m, d, pnt, vec, none, 1, -1, &id, normal), -1);
  EXPECT_EQ(id, -1);
  EXPECT_EQ(normal[0], 0);

  // mj_multiRay equals mj_ray per ray; geoms beyond the cutoff are ignored
  const mjtNum dirs[9] = {1, 0, 0, 1, 0.02, 0, -1, 0, 0};
  int ids[3];
  mjtNum dist[3], normals[9];
  mj_multiRay(m, d, pnt, dirs, nullptr, 1, -1, ids, dist, normals, 3, 100);
  for (int i = 0; i < 3; i++) {
    int id1;
    mjtNum n1[3];
    EXPECT_EQ(dist[i], mj_ray(m, d, pnt, dirs + 3 * i, nullptr, 1, -1, &id1, n1));
    EXPECT_EQ(ids[i], id1);
  }
  mj_multiRay(m, d, pnt, dirs, nullptr, 1, -1, ids, dist, nullptr, 1, 0.5);
  EXPECT_EQ(ids[0], -1);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mju_rayGeom against closed forms, including rays that start inside.
TEST(Ray, RayGeomClosedForms) {
  const mjtNum pos[3] = {1, 2, 3}, eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  const mjtNum size[3] = {0.5, 0.25, 0.75};
  mjtNum n[3];
  const mjtNum from_x[3] = {-1, 2, 3}, dx[3] = {1, 0, 0};
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, from_x, dx, mjGEOM_SPHERE, n), 1.5, 1e-15);
  EXPECT_NEAR(n[0], -1, 1e-15);
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, from_x, dx, mjGEOM_BOX, n), 1.5, 1e-15);
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, from_x, dx, mjGEOM_ELLIPSOID, n), 1.5, 1e-15);
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, from_x, dx, mjGEOM_CYLINDER, n), 1.5, 1e-15);
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, from_x, dx, mjGEOM_CAPSULE, n), 1.5, 1e-15);
  // from the center: exit distance, outward normal
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, pos, dx, mjGEOM_SPHERE, n), 0.5, 1e-15);
  EXPECT_NEAR(n[0], 1, 1e-15);
  const mjtNum dz[3] = {0, 0, 1};
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, pos, dz, mjGEOM_BOX, n), 0.75, 1e-15);
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, pos, dz, mjGEOM_CAPSULE, n), 0.75, 1e-15);
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, pos, dz, mjGEOM_CYLINDER, n), 0.25, 1e-15);
  EXPECT_NEAR(n[2], 1, 1e-15);
  // plane: front side only, within its size
  const mjtNum above[3] = {1, 2, 5}, down[3] = {0, 0, -2}, up[3] = {0, 0, 2};
  EXPECT_NEAR(mju_rayGeom(pos, eye, size, above, down, mjGEOM_PLANE, n), 1, 1e-15);
  EXPECT_EQ(mju_rayGeom(pos, eye, size, above, up, mjGEOM_PLANE, n), -1);
  const mjtNum outside[3] = {2, 2, 5};
  EXPECT_EQ(mju_rayGeom(pos, eye, size, outside, down, mjGEOM_PLANE, n), -1);
  EXPECT_EQ(mju_rayGeom(pos, eye, size, from_x, up, mjGEOM_SPHERE, n), -1);
}

TEST(Ray, ZeroVectorIsAnError) {
  ScopedErrorCapture capture;
  mjModel* m = LoadString(kFilterScene);
  ASSERT_NE(m, nullptr);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  const mjtNum pnt[3] = {0, 0, 0}, zero[3] = {0, 0, 0};
  EXPECT_THROW(mj_ray(m, d, pnt, zero, nullptr, 1, -1, nullptr, nullptr), MujocoError);
  EXPECT_THROW(mj_rayMesh(m, d, 0, pnt, zero, nullptr), MujocoError);  // geom 0 is a box
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mju_raySkin: values from MuJoCo 3.8.0 on two faces of a unit square at z = 0 and one face at
// z = 1 (distance in units of |vec|; the vertex of the hit face nearest to the hit point)
TEST(RaySkinTest, NearestFaceAndVertex) {
  const float vert[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1};
  const int face[] = {0, 1, 2, 0, 2, 3, 4, 5, 6};
  struct Case {
    mjtNum p[3], v[3], dist;
    int vertid;
  } cases[] = {
      {{0.2, 0.3, 2}, {0, 0, -1}, 1, 4},     {{0.2, 0.3, 2}, {0, 0, -2}, 0.5, 4},
      {{0.9, 0.8, -1}, {0, 0, 1}, 1, 2},     {{0.9, 0.8, -1}, {0, 0, 0.5}, 2, 2},
      {{0.2, 0.3, 2}, {0, 0, 1}, -1, -5},    {{2, 2, 2}, {0, 0, -1}, -1, -5},
      {{0.1, 0.8, 0.5}, {0, 0, -1}, 0.5, 3}, {{0.5, 0.5, 0.5}, {0, 0, -1}, 0.5, 0},
      {{0.5, 0.5, 0}, {1, 0, 0}, -1, -5},    {{0.9, 0.05, 3}, {0, 0, -1}, 2, 5},
      {{0, 0, 3}, {0, 0, -1}, 2, 4},         {{0.5, 0.5, -1}, {0, 0, 0}, -1, -5},
  };
  for (const Case& c : cases) {
    int id = -5;  // left alone when nothing is hit
    EXPECT_EQ(mju_raySkin(3, 7, face, vert, c.p, c.v, &id), c.dist);
    EXPECT_EQ(id, c.vertid);
  }
  EXPECT_EQ(mju_raySkin(3, 7, face, vert, cases[0].p, cases[0].v, nullptr), 1);
  // a face naming a vertex that does not exist is skipped
  const int bad[] = {0, 1, 9};
  EXPECT_EQ(mju_raySkin(1, 7, bad, vert, cases[2].p, cases[2].v, nullptr), -1);
}

}  // namespace
}  // namespace motus_test
