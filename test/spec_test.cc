// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Tests of the mjSpec API (src/user/user_spec*.cc): element creation and defaults, default
// classes, iteration order, find/get, setters/getters, orientation resolution, actuator shortcuts,
// sensor dimensions, deep copy, deletion, frames and attachment.

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "user/user_spec.h"

namespace {

// ---------------------------------------------------------------------------------------------
// small independent helpers (not the library's)

// rotate v by unit quaternion q via the matrix R(q) written out from the quaternion definition
void Rotate(const double q[4], const double v[3], double out[3]) {
  double w = q[0], x = q[1], y = q[2], z = q[3];
  double R[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
                 2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                 2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
  for (int i = 0; i < 3; i++) {
    out[i] = R[3 * i] * v[0] + R[3 * i + 1] * v[1] + R[3 * i + 2] * v[2];
  }
}

// rotation matrix about a coordinate axis (0,1,2) by angle a
void AxisMat(int axis, double a, double R[9]) {
  double c = std::cos(a), s = std::sin(a);
  for (int i = 0; i < 9; i++) {
    R[i] = 0;
  }
  int i1 = (axis + 1) % 3, i2 = (axis + 2) % 3;
  R[3 * axis + axis] = 1;
  R[3 * i1 + i1] = c;
  R[3 * i1 + i2] = -s;
  R[3 * i2 + i1] = s;
  R[3 * i2 + i2] = c;
}

void MatMul(const double A[9], const double B[9], double C[9]) {
  double T[9];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      T[3 * i + j] = 0;
      for (int k = 0; k < 3; k++) {
        T[3 * i + j] += A[3 * i + k] * B[3 * k + j];
      }
    }
  }
  std::memcpy(C, T, sizeof(T));
}

// compare a quaternion's rotation matrix to R
void ExpectQuatMatches(const double q[4], const double R[9], double tol) {
  const double e[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int j = 0; j < 3; j++) {
    double col[3];
    Rotate(q, e[j], col);
    for (int i = 0; i < 3; i++) {
      EXPECT_NEAR(col[i], R[3 * i + j], tol) << "entry " << i << j;
    }
  }
  EXPECT_NEAR(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1, tol);
}

struct SpecDeleter {
  void operator()(mjSpec* s) const { mj_deleteSpec(s); }
};
using SpecPtr = std::unique_ptr<mjSpec, SpecDeleter>;

// ---------------------------------------------------------------------------------------------
// creation and defaults

TEST(SpecTest, MakeSpecHasWorldAndMainDefault) {
  SpecPtr spec(mj_makeSpec());
  ASSERT_NE(spec, nullptr);
  mjsBody* world = mjs_findBody(spec.get(), "world");
  ASSERT_NE(world, nullptr);
  EXPECT_EQ(world->element->elemtype, mjOBJ_BODY);
  EXPECT_EQ(mjs_getParent(world->element), nullptr);
  mjsDefault* main = mjs_getSpecDefault(spec.get());
  ASSERT_NE(main, nullptr);
  EXPECT_STREQ(mjs_getString(mjs_getName(main->element)), "main");
  EXPECT_EQ(mjs_findDefault(spec.get(), "main"), main);
  EXPECT_STREQ(mjs_getString(spec->modelname), "MuJoCo Model");
  EXPECT_STREQ(mjs_getError(spec.get()), "");
  EXPECT_EQ(mjs_getSpec(world->element), spec.get());
}

// values from the XML reference's attribute defaults
TEST(SpecTest, ElementDefaultsFollowXmlReference) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsGeom* g = mjs_addGeom(world, nullptr);
  EXPECT_EQ(g->type, mjGEOM_SPHERE);
  EXPECT_EQ(g->contype, 1);
  EXPECT_EQ(g->conaffinity, 1);
  EXPECT_EQ(g->condim, 3);
  EXPECT_EQ(g->friction[0], 1);
  EXPECT_EQ(g->friction[1], 0.005);
  EXPECT_EQ(g->friction[2], 0.0001);
  EXPECT_EQ(g->density, 1000);
  EXPECT_TRUE(std::isnan(g->mass));
  EXPECT_TRUE(std::isnan(g->fromto[0]));
  EXPECT_EQ(g->solref[0], 0.02);
  EXPECT_EQ(g->solimp[4], 2);
  EXPECT_EQ(g->rgba[0], 0.5f);
  EXPECT_EQ(g->quat[0], 1);
  EXPECT_EQ(g->fluid_coefs[2], 1.5);

  mjsJoint* j = mjs_addJoint(mjs_addBody(world, nullptr), nullptr);
  EXPECT_EQ(j->type, mjJNT_HINGE);
  EXPECT_EQ(j->axis[2], 1);
  EXPECT_EQ(j->limited, mjLIMITED_AUTO);

  mjsSite* s = mjs_addSite(world, nullptr);
  EXPECT_EQ(s->size[0], 0.005);

  mjsCamera* c = mjs_addCamera(world, nullptr);
  EXPECT_EQ(c->fovy, 45);
  EXPECT_EQ(c->ipd, 0.068);
  EXPECT_EQ(c->resolution[1], 1);

  mjsLight* l = mjs_addLight(world, nullptr);
  EXPECT_EQ(l->dir[2], -1);
  EXPECT_EQ(l->cutoff, 45);
  EXPECT_EQ(l->diffuse[0], 0.7f);

  mjsActuator* a = mjs_addActuator(spec.get(), nullptr);
  EXPECT_EQ(a->gainprm[0], 1);
  EXPECT_EQ(a->dynprm[0], 1);
  EXPECT_EQ(a->gear[0], 1);
  EXPECT_EQ(a->ctrllimited, mjLIMITED_AUTO);

  mjsTendon* t = mjs_addTendon(spec.get(), nullptr);
  EXPECT_EQ(t->springlength[0], -1);
  EXPECT_EQ(t->width, 0.003);

  mjsEquality* e = mjs_addEquality(spec.get(), nullptr);
  EXPECT_EQ(e->data[1], 1);   // relpose / polycoef default "0 1 0 0 ..."
  EXPECT_EQ(e->data[10], 1);  // torquescale
  EXPECT_EQ(e->active, 1);

  mjsPair* p = mjs_addPair(spec.get(), nullptr);
  EXPECT_EQ(p->friction[1], 1);
  EXPECT_EQ(p->friction[4], 0.0001);

  mjsMaterial* m = mjs_addMaterial(spec.get(), nullptr);
  EXPECT_EQ(m->specular, 0.5f);
  EXPECT_EQ(m->rgba[3], 1);
  EXPECT_EQ(m->textures->size(), static_cast<size_t>(mjNTEXROLE));

  mjsTexture* tex = mjs_addTexture(spec.get());
  EXPECT_EQ(tex->type, mjTEXTURE_CUBE);
  EXPECT_EQ(tex->nchannel, 3);
  EXPECT_EQ(tex->gridlayout[11], '.');

  EXPECT_EQ(spec->compiler.degree, 1);
  EXPECT_EQ(spec->compiler.eulerseq[0], 'x');
  EXPECT_EQ(spec->compiler.inertiafromgeom, mjINERTIAFROMGEOM_AUTO);
  EXPECT_EQ(spec->compiler.inertiagrouprange[1], 5);
  EXPECT_EQ(spec->compiler.settotalmass, -1);
  EXPECT_EQ(spec->nuser_geom, -1);
  EXPECT_EQ(spec->memory, -1);
  EXPECT_TRUE(std::isnan(spec->stat.extent));
}

TEST(SpecTest, DefaultInitializersKeepPointers) {
  SpecPtr spec(mj_makeSpec());
  mjsGeom* g = mjs_addGeom(mjs_findBody(spec.get(), "world"), nullptr);
  mjs_setString(g->material, "mat");
  g->size[0] = 3;
  mjs_defaultGeom(g);
  EXPECT_EQ(g->size[0], 0);
  ASSERT_NE(g->material, nullptr);
  EXPECT_STREQ(mjs_getString(g->material), "mat");  // strings are not reset
  EXPECT_EQ(mjs_asGeom(g->element), g);
}

// ---------------------------------------------------------------------------------------------
// default classes

TEST(SpecTest, DefaultClassesInheritAndInitialize) {
  SpecPtr spec(mj_makeSpec());
  mjsDefault* main = mjs_getSpecDefault(spec.get());
  main->geom->rgba[0] = 1;
  main->joint->damping[0] = 2;

  mjsDefault* sub = mjs_addDefault(spec.get(), "sub", main);
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->geom->rgba[0], 1);  // copy of the parent at creation
  sub->geom->rgba[1] = 0.25;
  mjs_setString(sub->geom->material, "m1");

  mjsDefault* subsub = mjs_addDefault(spec.get(), "subsub", sub);
  EXPECT_EQ(subsub->geom->rgba[1], 0.25f);
  EXPECT_STREQ(mjs_getString(subsub->geom->material), "m1");
  EXPECT_EQ(subsub->joint->damping[0], 2);

  // repeated class names are an error
  EXPECT_EQ(mjs_addDefault(spec.get(), "sub", nullptr), nullptr);
  EXPECT_NE(std::string(mjs_getError(spec.get())).find("sub"), std::string::npos);

  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsGeom* g0 = mjs_addGeom(world, nullptr);
  mjsGeom* g1 = mjs_addGeom(world, sub);
  EXPECT_EQ(g0->rgba[0], 1);
  EXPECT_EQ(g0->rgba[1], 0.5f);
  EXPECT_EQ(g1->rgba[1], 0.25f);
  EXPECT_STREQ(mjs_getString(g1->material), "m1");
  EXPECT_EQ(mjs_getDefault(g1->element), sub);
  EXPECT_EQ(mjs_getDefault(g0->element), main);

  // changing a class later does not change existing elements
  sub->geom->rgba[1] = 0.75;
  EXPECT_EQ(g1->rgba[1], 0.25f);

  // mjs_setDefault records the class
  mjs_setDefault(g0->element, subsub);
  EXPECT_EQ(mjs_getDefault(g0->element), subsub);

  // freejoint ignores joint defaults
  mjsJoint* fj = mjs_addFreeJoint(mjs_addBody(world, nullptr));
  EXPECT_EQ(fj->type, mjJNT_FREE);
  EXPECT_EQ(fj->damping[0], 0);

  // deleting a class deletes its descendants; users fall back to main
  EXPECT_EQ(mjs_delete(spec.get(), sub->element), 0);
  EXPECT_EQ(mjs_findDefault(spec.get(), "sub"), nullptr);
  EXPECT_EQ(mjs_findDefault(spec.get(), "subsub"), nullptr);
  EXPECT_EQ(mjs_getDefault(g1->element), main);
  EXPECT_EQ(mjs_getDefault(g0->element), main);
  EXPECT_NE(mjs_delete(spec.get(), main->element), 0);
}

// ---------------------------------------------------------------------------------------------
// iteration and lookup

TEST(SpecTest, ElementOrderIsDepthFirst) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  // world: a(a1(a11), a2), b
  mjsBody* a = mjs_addBody(world, nullptr);
  mjsBody* b = mjs_addBody(world, nullptr);
  mjsBody* a1 = mjs_addBody(a, nullptr);
  mjsBody* a2 = mjs_addBody(a, nullptr);
  mjsBody* a11 = mjs_addBody(a1, nullptr);
  const char* names[] = {"a", "b", "a1", "a2", "a11"};
  mjsBody* bodies[] = {a, b, a1, a2, a11};
  for (int i = 0; i < 5; i++) {
    mjs_setName(bodies[i]->element, names[i]);
  }

  std::vector<std::string> order;
  for (mjsElement* e = mjs_firstElement(spec.get(), mjOBJ_BODY); e;
       e = mjs_nextElement(spec.get(), e)) {
    order.push_back(mjs_getString(mjs_getName(e)));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"world", "a", "a1", "a11", "a2", "b"}));

  // geoms are ordered by body, then creation
  mjsGeom* gb = mjs_addGeom(b, nullptr);
  mjsGeom* ga11 = mjs_addGeom(a11, nullptr);
  mjsGeom* ga = mjs_addGeom(a, nullptr);
  mjsGeom* ga2 = mjs_addGeom(a, nullptr);
  std::vector<mjsElement*> geoms;
  for (mjsElement* e = mjs_firstElement(spec.get(), mjOBJ_GEOM); e;
       e = mjs_nextElement(spec.get(), e)) {
    geoms.push_back(e);
  }
  EXPECT_EQ(geoms,
            (std::vector<mjsElement*>{ga->element, ga2->element, ga11->element, gb->element}));

  // children of a, direct and recursive
  std::vector<mjsElement*> direct, all;
  for (mjsElement* e = mjs_firstChild(a, mjOBJ_BODY, 0); e; e = mjs_nextChild(a, e, 0)) {
    direct.push_back(e);
  }
  for (mjsElement* e = mjs_firstChild(a, mjOBJ_BODY, 1); e; e = mjs_nextChild(a, e, 1)) {
    all.push_back(e);
  }
  EXPECT_EQ(direct, (std::vector<mjsElement*>{a1->element, a2->element}));
  EXPECT_EQ(all, (std::vector<mjsElement*>{a1->element, a11->element, a2->element}));
  std::vector<mjsElement*> ageoms;
  for (mjsElement* e = mjs_firstChild(a, mjOBJ_GEOM, 1); e; e = mjs_nextChild(a, e, 1)) {
    ageoms.push_back(e);
  }
  EXPECT_EQ(ageoms, (std::vector<mjsElement*>{ga->element, ga2->element, ga11->element}));

  EXPECT_EQ(mjs_findChild(a, "a11"), a11);
  EXPECT_EQ(mjs_findChild(a, "b"), nullptr);
  EXPECT_EQ(mjs_findBody(spec.get(), "a2"), a2);
  EXPECT_EQ(mjs_findElement(spec.get(), mjOBJ_BODY, "a1"), a1->element);
  EXPECT_EQ(mjs_getParent(a11->element), a1);
  EXPECT_EQ(mjs_getParent(ga->element), a);

  // non-tree elements iterate in creation order
  mjsActuator* act0 = mjs_addActuator(spec.get(), nullptr);
  mjsActuator* act1 = mjs_addActuator(spec.get(), nullptr);
  EXPECT_EQ(mjs_firstElement(spec.get(), mjOBJ_ACTUATOR), act0->element);
  EXPECT_EQ(mjs_nextElement(spec.get(), act0->element), act1->element);
  EXPECT_EQ(mjs_nextElement(spec.get(), act1->element), nullptr);
  EXPECT_EQ(mjs_firstElement(spec.get(), mjOBJ_SENSOR), nullptr);
}

TEST(SpecTest, CastingChecksType) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsGeom* g = mjs_addGeom(world, nullptr);
  EXPECT_EQ(mjs_asGeom(g->element), g);
  EXPECT_EQ(mjs_asBody(g->element), nullptr);
  EXPECT_EQ(mjs_asBody(world->element), world);
  EXPECT_EQ(mjs_asJoint(nullptr), nullptr);
  mjsKey* k = mjs_addKey(spec.get());
  EXPECT_EQ(mjs_asKey(k->element), k);
  EXPECT_EQ(mjs_asSensor(k->element), nullptr);
}

// ---------------------------------------------------------------------------------------------
// setters and getters

TEST(SpecTest, SettersAndGetters) {
  SpecPtr spec(mj_makeSpec());
  mjsMaterial* m = mjs_addMaterial(spec.get(), nullptr);
  EXPECT_EQ(mjs_setName(m->element, "red"), 0);
  EXPECT_STREQ(mjs_getString(mjs_getName(m->element)), "red");
  EXPECT_EQ(mjs_findElement(spec.get(), mjOBJ_MATERIAL, "red"), m->element);

  mjStringVec* sv = m->textures;
  mjs_setStringVec(sv, "  a bb\tccc \n d ");
  ASSERT_EQ(sv->size(), 4u);
  EXPECT_EQ((*sv)[2], "ccc");
  EXPECT_EQ(mjs_setInStringVec(sv, 1, "x"), 1);
  EXPECT_EQ((*sv)[1], "x");
  EXPECT_EQ(mjs_setInStringVec(sv, 4, "x"), 0);
  EXPECT_EQ(mjs_setInStringVec(sv, -1, "x"), 0);
  mjs_appendString(sv, "e");
  EXPECT_EQ(sv->back(), "e");

  mjsNumeric* num = mjs_addNumeric(spec.get());
  double data[3] = {1, 2, 3};
  mjs_setDouble(num->data, data, 3);
  int n = 0;
  const double* got = mjs_getDouble(num->data, &n);
  ASSERT_EQ(n, 3);
  EXPECT_EQ(got[2], 3);

  mjsSkin* skin = mjs_addSkin(spec.get());
  int ids[2] = {4, 5};
  float w[2] = {0.5f, 0.25f};
  mjs_appendIntVec(skin->vertid, ids, 2);
  mjs_appendFloatVec(skin->vertweight, w, 2);
  mjs_setInt(skin->face, ids, 2);
  mjs_setFloat(skin->vert, w, 2);
  EXPECT_EQ((*skin->vertid)[0][1], 5);
  EXPECT_EQ((*skin->vertweight)[0][1], 0.25f);
  EXPECT_EQ(skin->face->size(), 2u);

  mjsTexture* tex = mjs_addTexture(spec.get());
  unsigned char bytes[4] = {1, 2, 3, 4};
  mjs_setBuffer(tex->data, bytes, 4);
  ASSERT_EQ(tex->data->size(), 4u);
  EXPECT_EQ(static_cast<int>((*tex->data)[3]), 4);

  mjs_setName(spec->element, "renamed");
  EXPECT_STREQ(mjs_getString(spec->modelname), "renamed");
}

TEST(SpecTest, UserValuesCallCleanup) {
  static int cleaned = 0;
  cleaned = 0;
  auto cleanup = [](const void*) { cleaned++; };
  {
    SpecPtr spec(mj_makeSpec());
    mjsBody* world = mjs_findBody(spec.get(), "world");
    int a = 1, b = 2;
    mjs_setUserValueWithCleanup(world->element, "k", &a, cleanup);
    EXPECT_EQ(mjs_getUserValue(world->element, "k"), &a);
    mjs_setUserValueWithCleanup(world->element, "k", &b, cleanup);  // replaces: cleans a
    EXPECT_EQ(cleaned, 1);
    EXPECT_EQ(mjs_getUserValue(world->element, "k"), &b);
    mjs_deleteUserValue(world->element, "k");
    EXPECT_EQ(cleaned, 2);
    EXPECT_EQ(mjs_getUserValue(world->element, "k"), nullptr);
    mjs_setUserValueWithCleanup(world->element, "k2", &a, cleanup);
    mjs_setUserValue(world->element, "k3", &b);
  }
  EXPECT_EQ(cleaned, 3);  // deleting the spec cleans the remaining payload
}

// ---------------------------------------------------------------------------------------------
// orientation

TEST(SpecTest, ResolveOrientationAxisAngle) {
  mjsOrientation o;
  mjs_defaultOrientation(&o);
  o.type = mjORIENTATION_AXISANGLE;
  o.axisangle[0] = 0;
  o.axisangle[1] = 0;
  o.axisangle[2] = 2;  // not normalized on purpose
  o.axisangle[3] = 90;
  double q[4];
  ASSERT_EQ(mjs_resolveOrientation(q, 1, "xyz", &o), nullptr);
  double R[9];
  AxisMat(2, mjPI / 2, R);
  ExpectQuatMatches(q, R, 1e-15);  // a handful of roundings of O(1) numbers

  o.axisangle[3] = mjPI / 3;
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
  AxisMat(2, mjPI / 3, R);
  ExpectQuatMatches(q, R, 1e-15);

  o.axisangle[0] = o.axisangle[1] = o.axisangle[2] = 0;
  EXPECT_NE(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
}

TEST(SpecTest, ResolveOrientationEuler) {
  mjsOrientation o;
  mjs_defaultOrientation(&o);
  o.type = mjORIENTATION_EULER;
  o.euler[0] = 0.3;
  o.euler[1] = -0.7;
  o.euler[2] = 1.1;
  double Rx[9], Ry[9], Rz[9], R[9], q[4];
  AxisMat(0, 0.3, Rx);
  AxisMat(1, -0.7, Ry);
  AxisMat(2, 1.1, Rz);

  // intrinsic x-y-z: R = Rx Ry Rz
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
  MatMul(Rx, Ry, R);
  MatMul(R, Rz, R);
  ExpectQuatMatches(q, R, 1e-14);  // product of three rotations: a few ulps each

  // extrinsic X-Y-Z: R = Rz Ry Rx
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "XYZ", &o), nullptr);
  MatMul(Rz, Ry, R);
  MatMul(R, Rx, R);
  ExpectQuatMatches(q, R, 1e-14);

  // mixed z-Y-x: start I; z intrinsic -> Rz(a); Y extrinsic -> Ry(b) Rz(a); x intrinsic -> ...
  // Rx(c)
  o.euler[0] = 1.1;
  o.euler[1] = -0.7;
  o.euler[2] = 0.3;
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "zYx", &o), nullptr);
  MatMul(Ry, Rz, R);
  MatMul(R, Rx, R);
  ExpectQuatMatches(q, R, 1e-14);

  // degrees
  o.euler[0] = 90;
  o.euler[1] = 0;
  o.euler[2] = 0;
  ASSERT_EQ(mjs_resolveOrientation(q, 1, "xyz", &o), nullptr);
  AxisMat(0, mjPI / 2, R);
  ExpectQuatMatches(q, R, 1e-15);

  EXPECT_NE(mjs_resolveOrientation(q, 1, "xwz", &o), nullptr);
}

TEST(SpecTest, ResolveOrientationAxes) {
  mjsOrientation o;
  mjs_defaultOrientation(&o);
  double q[4], out[3];

  // xyaxes: x maps to normalized x; y to the part of y orthogonal to x
  o.type = mjORIENTATION_XYAXES;
  double x[3] = {1, 1, 0}, y[3] = {0, 1, 1};
  std::memcpy(o.xyaxes, x, sizeof(x));
  std::memcpy(o.xyaxes + 3, y, sizeof(y));
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
  const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, ez[3] = {0, 0, 1};
  Rotate(q, ex, out);
  EXPECT_NEAR(out[0], 1 / std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(out[1], 1 / std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(out[2], 0, 1e-15);
  // y - (y.x)x = (0,1,1) - 0.5(1,1,0) = (-0.5, 0.5, 1), norm sqrt(1.5)
  Rotate(q, ey, out);
  EXPECT_NEAR(out[0], -0.5 / std::sqrt(1.5), 1e-15);
  EXPECT_NEAR(out[1], 0.5 / std::sqrt(1.5), 1e-15);
  EXPECT_NEAR(out[2], 1 / std::sqrt(1.5), 1e-15);

  // zaxis: e_z maps to the normalized axis, and the rotation axis is orthogonal to both
  o.type = mjORIENTATION_ZAXIS;
  o.zaxis[0] = 1;
  o.zaxis[1] = 2;
  o.zaxis[2] = -3;
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
  Rotate(q, ez, out);
  double nz = std::sqrt(14.0);
  EXPECT_NEAR(out[0], 1 / nz, 1e-15);
  EXPECT_NEAR(out[1], 2 / nz, 1e-15);
  EXPECT_NEAR(out[2], -3 / nz, 1e-15);
  EXPECT_NEAR(q[3], 0, 1e-16);  // minimal rotation: axis in the xy plane

  o.zaxis[0] = o.zaxis[1] = 0;
  o.zaxis[2] = -1;  // antiparallel: half turn
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
  Rotate(q, ez, out);
  EXPECT_NEAR(out[2], -1, 1e-15);

  o.type = mjORIENTATION_QUAT;
  q[0] = 7;
  ASSERT_EQ(mjs_resolveOrientation(q, 0, "xyz", &o), nullptr);
  EXPECT_EQ(q[0], 7);  // untouched
}

// ---------------------------------------------------------------------------------------------
// actuator shortcuts, compared with MuJoCo 3.3.8's compiled arrays for the same shortcuts:
//   mjref act.xml --forward-only --fields m.actuator_dynprm,m.actuator_gainprm,...
// with <position kp="3"/>, <position kp="3" timeconst="0.5" kv="2"/>, <intvelocity kp="3"/>,
// <velocity kv="4"/>, <damper kv="4"/>, <cylinder timeconst="0.3" diameter="2" bias="1 2 3"/>,
// <muscle/>, <adhesion gain="5"/>, <motor/>.

TEST(SpecTest, ActuatorShortcuts) {
  SpecPtr spec(mj_makeSpec());
  mjsActuator* a = mjs_addActuator(spec.get(), nullptr);

  double kv[1] = {0}, dr[1] = {0}, tc[1] = {0};
  ASSERT_EQ(mjs_setToPosition(a, 3, kv, dr, tc, 0), nullptr);
  EXPECT_EQ(a->dyntype, mjDYN_NONE);
  EXPECT_EQ(a->gaintype, mjGAIN_FIXED);
  EXPECT_EQ(a->biastype, mjBIAS_AFFINE);
  EXPECT_EQ(a->dynprm[0], 1);
  EXPECT_EQ(a->gainprm[0], 3);
  EXPECT_EQ(a->biasprm[1], -3);
  EXPECT_EQ(a->biasprm[2], 0);

  kv[0] = 2;
  tc[0] = 0.5;
  ASSERT_EQ(mjs_setToPosition(a, 3, kv, dr, tc, 0), nullptr);
  EXPECT_EQ(a->dyntype, mjDYN_FILTEREXACT);
  EXPECT_EQ(a->dynprm[0], 0.5);
  EXPECT_EQ(a->biasprm[2], -2);

  dr[0] = 1;
  EXPECT_NE(mjs_setToPosition(a, 3, kv, dr, tc, 0), nullptr);  // both kv and dampratio
  kv[0] = 0;
  tc[0] = 0;
  ASSERT_EQ(mjs_setToPosition(a, 3, kv, dr, tc, 0.8), nullptr);
  EXPECT_EQ(a->biasprm[2], 1);  // damping ratio stored positive, converted by the compiler
  EXPECT_EQ(a->inheritrange, 0.8);

  dr[0] = 0;
  ASSERT_EQ(mjs_setToIntVelocity(a, 3, kv, dr, tc, 0), nullptr);
  EXPECT_EQ(a->dyntype, mjDYN_INTEGRATOR);
  EXPECT_EQ(a->biasprm[1], -3);
  EXPECT_EQ(a->actlimited, mjLIMITED_TRUE);

  ASSERT_EQ(mjs_setToVelocity(a, 4), nullptr);
  EXPECT_EQ(a->dyntype, mjDYN_NONE);
  EXPECT_EQ(a->gainprm[0], 4);
  EXPECT_EQ(a->biasprm[1], 0);
  EXPECT_EQ(a->biasprm[2], -4);

  ASSERT_EQ(mjs_setToDamper(a, 4), nullptr);
  EXPECT_EQ(a->gaintype, mjGAIN_AFFINE);
  EXPECT_EQ(a->biastype, mjBIAS_NONE);
  EXPECT_EQ(a->gainprm[0], 0);
  EXPECT_EQ(a->gainprm[2], -4);
  EXPECT_EQ(a->biasprm[2], 0);
  EXPECT_EQ(a->ctrllimited, mjLIMITED_TRUE);
  EXPECT_NE(mjs_setToDamper(a, -1), nullptr);

  ASSERT_EQ(mjs_setToCylinder(a, 0.3, 1, 1, 2), nullptr);
  EXPECT_EQ(a->dyntype, mjDYN_FILTER);
  EXPECT_EQ(a->dynprm[0], 0.3);
  EXPECT_EQ(a->gainprm[0], 3.141592653589793);  // pi/4 * 2^2, as the oracle prints
  EXPECT_EQ(a->biasprm[0], 1);
  EXPECT_EQ(a->biasprm[1], 0);

  double mtc[2] = {0.01, 0.04}, range[2] = {0.75, 1.05};
  ASSERT_EQ(mjs_setToMuscle(a, mtc, 0, range, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2), nullptr);
  const double mprm[10] = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2, 0};
  for (int i = 0; i < 10; i++) {
    EXPECT_EQ(a->gainprm[i], mprm[i]);
    EXPECT_EQ(a->biasprm[i], mprm[i]);
  }
  EXPECT_EQ(a->dynprm[0], 0.01);
  EXPECT_EQ(a->dynprm[1], 0.04);
  EXPECT_EQ(a->dyntype, mjDYN_MUSCLE);

  ASSERT_EQ(mjs_setToAdhesion(a, 5), nullptr);
  EXPECT_EQ(a->trntype, mjTRN_BODY);
  EXPECT_EQ(a->gainprm[0], 5);
  EXPECT_EQ(a->biastype, mjBIAS_NONE);
  EXPECT_EQ(a->dynprm[0], 1);

  ASSERT_EQ(mjs_setToMotor(a), nullptr);
  EXPECT_EQ(a->gainprm[0], 1);
  EXPECT_EQ(a->biastype, mjBIAS_NONE);

  // a DC motor needs a motor constant (dcmotor_test covers the rest)
  EXPECT_NE(mjs_setToDCMotor(a, nullptr, 1, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                             nullptr, 0),
            nullptr);
}

// contact sensor intprm layout as compiled by MuJoCo 3.3.8 (data="found force dist" num=3
// reduce="mindist" gave intprm 11 1 3 and dim 15; data="normal tangent" num=2 gave 96 3 2, 12)
TEST(SpecTest, SensorDim) {
  SpecPtr spec(mj_makeSpec());
  mjsSensor* s = mjs_addSensor(spec.get());
  s->type = mjSENS_FRAMEQUAT;
  EXPECT_EQ(mjs_sensorDim(s), 4);
  s->type = mjSENS_GEOMFROMTO;
  EXPECT_EQ(mjs_sensorDim(s), 6);
  s->type = mjSENS_CONTACT;
  s->intprm[0] = 11;
  s->intprm[1] = 1;
  s->intprm[2] = 3;
  EXPECT_EQ(mjs_sensorDim(s), 15);
  s->intprm[0] = 96;
  s->intprm[2] = 2;
  EXPECT_EQ(mjs_sensorDim(s), 12);
  s->type = mjSENS_USER;
  s->dim = 7;
  EXPECT_EQ(mjs_sensorDim(s), 7);
  s->type = mjSENS_RANGEFINDER;
  s->intprm[0] = 0;
  EXPECT_EQ(mjs_sensorDim(s), 1);

  // rangefinder on a 4x3 camera with dist + point: 4 numbers per pixel
  mjsCamera* cam = mjs_addCamera(mjs_findBody(spec.get(), "world"), nullptr);
  mjs_setName(cam->element, "cam");
  cam->resolution[0] = 4;
  cam->resolution[1] = 3;
  s->objtype = mjOBJ_CAMERA;
  mjs_setString(s->objname, "cam");
  s->intprm[0] = (1 << mjRAYDATA_DIST) | (1 << mjRAYDATA_POINT);
  EXPECT_EQ(mjs_sensorDim(s), 48);
}

// ---------------------------------------------------------------------------------------------
// copy, delete, frames, attach

TEST(SpecTest, CopySpecIsDeep) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsDefault* sub = mjs_addDefault(spec.get(), "sub", nullptr);
  sub->geom->size[0] = 0.3;
  mjsBody* b = mjs_addBody(world, nullptr);
  mjs_setName(b->element, "b");
  mjsFrame* f = mjs_addFrame(b, nullptr);
  mjs_setName(f->element, "f");
  mjsGeom* g = mjs_addGeom(b, sub);
  mjs_setName(g->element, "g");
  mjs_setFrame(g->element, f);
  mjsTendon* t = mjs_addTendon(spec.get(), nullptr);
  mjs_wrapJoint(t, "j", 2.5);
  spec->option.timestep = 0.004;

  SpecPtr copy(mj_copySpec(spec.get()));
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->option.timestep, 0.004);
  mjsBody* cb = mjs_findBody(copy.get(), "b");
  ASSERT_NE(cb, nullptr);
  EXPECT_NE(cb, b);
  mjsGeom* cg = mjs_asGeom(mjs_findElement(copy.get(), mjOBJ_GEOM, "g"));
  ASSERT_NE(cg, nullptr);
  EXPECT_EQ(cg->size[0], 0.3);
  mjsFrame* cf = mjs_getFrame(cg->element);
  ASSERT_NE(cf, nullptr);
  EXPECT_EQ(cf, mjs_findFrame(copy.get(), "f"));
  EXPECT_NE(cf, f);
  EXPECT_EQ(mjs_getDefault(cg->element), mjs_findDefault(copy.get(), "sub"));
  EXPECT_EQ(mjs_getSpec(cg->element), copy.get());
  EXPECT_EQ(mjs_getCompiler(cg->element), &copy->compiler);
  mjsTendon* ct = mjs_asTendon(mjs_firstElement(copy.get(), mjOBJ_TENDON));
  ASSERT_EQ(mjs_getWrapNum(ct), 1);
  EXPECT_EQ(mjs_getWrapCoef(mjs_getWrap(ct, 0)), 2.5);

  // edits of the copy do not touch the original
  cg->size[0] = 9;
  mjs_setString(cg->material, "x");
  EXPECT_EQ(g->size[0], 0.3);
  EXPECT_STREQ(mjs_getString(g->material), "");
}

TEST(SpecTest, DeleteRemovesSubtreeAndReferences) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsBody* a = mjs_addBody(world, nullptr);
  mjs_setName(a->element, "a");
  mjsBody* a1 = mjs_addBody(a, nullptr);
  mjsJoint* j = mjs_addJoint(a1, nullptr);
  mjs_setName(j->element, "j");
  mjsBody* b = mjs_addBody(world, nullptr);
  mjsJoint* jb = mjs_addJoint(b, nullptr);
  mjs_setName(jb->element, "jb");

  mjsActuator* act = mjs_addActuator(spec.get(), nullptr);
  act->trntype = mjTRN_JOINT;
  mjs_setString(act->target, "j");
  mjsActuator* actb = mjs_addActuator(spec.get(), nullptr);
  actb->trntype = mjTRN_JOINT;
  mjs_setString(actb->target, "jb");
  mjsSensor* sen = mjs_addSensor(spec.get());
  sen->type = mjSENS_JOINTPOS;
  sen->objtype = mjOBJ_JOINT;
  mjs_setString(sen->objname, "j");

  EXPECT_EQ(mjs_delete(spec.get(), a->element), 0);
  EXPECT_EQ(mjs_findBody(spec.get(), "a"), nullptr);
  EXPECT_EQ(mjs_findElement(spec.get(), mjOBJ_JOINT, "j"), nullptr);
  EXPECT_EQ(mjs_firstElement(spec.get(), mjOBJ_ACTUATOR), actb->element);
  EXPECT_EQ(mjs_nextElement(spec.get(), actb->element), nullptr);
  EXPECT_EQ(mjs_firstElement(spec.get(), mjOBJ_SENSOR), nullptr);

  EXPECT_NE(mjs_delete(spec.get(), world->element), 0);
  EXPECT_NE(std::string(mjs_getError(spec.get())), "");

  // deleting a frame deletes its contents
  mjsFrame* f = mjs_addFrame(b, nullptr);
  mjsFrame* f2 = mjs_addFrame(b, f);
  mjsGeom* g = mjs_addGeom(b, nullptr);
  mjs_setFrame(g->element, f2);
  mjsGeom* keep = mjs_addGeom(b, nullptr);
  EXPECT_EQ(mjs_delete(spec.get(), f->element), 0);
  EXPECT_EQ(mjs_firstElement(spec.get(), mjOBJ_GEOM), keep->element);
  EXPECT_EQ(mjs_firstElement(spec.get(), mjOBJ_FRAME), nullptr);
}

TEST(SpecTest, FramesNestWithinOneBody) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsBody* a = mjs_addBody(world, nullptr);
  mjsBody* b = mjs_addBody(world, nullptr);
  mjsFrame* fa = mjs_addFrame(a, nullptr);
  mjsFrame* fa2 = mjs_addFrame(a, fa);
  EXPECT_EQ(mjs_getFrame(fa2->element), fa);
  EXPECT_EQ(mjs_getParent(fa2->element), a);
  EXPECT_EQ(mjs_addFrame(b, fa), nullptr);  // parent frame in another body

  mjsGeom* g = mjs_addGeom(b, nullptr);
  EXPECT_NE(mjs_setFrame(g->element, fa), 0);
  mjsGeom* ga = mjs_addGeom(a, nullptr);
  EXPECT_EQ(mjs_setFrame(ga->element, fa2), 0);
  EXPECT_EQ(mjs_getFrame(ga->element), fa2);
  EXPECT_NE(mjs_setFrame(fa->element, fa2), 0);  // cycle

  // a child body of world can sit in a world frame
  mjsFrame* fw = mjs_addFrame(world, nullptr);
  EXPECT_EQ(mjs_setFrame(b->element, fw), 0);
}

TEST(SpecTest, BodyToFrame) {
  SpecPtr spec(mj_makeSpec());
  mjsBody* world = mjs_findBody(spec.get(), "world");
  mjsBody* a = mjs_addBody(world, nullptr);
  a->pos[0] = 1;
  mjs_setName(a->element, "a");
  mjsGeom* g = mjs_addGeom(a, nullptr);
  mjsBody* c = mjs_addBody(a, nullptr);
  mjsBody* ptr = a;
  mjsFrame* f = mjs_bodyToFrame(&ptr);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(ptr, nullptr);
  EXPECT_EQ(f->pos[0], 1);
  EXPECT_EQ(mjs_getParent(g->element), world);
  EXPECT_EQ(mjs_getFrame(g->element), f);
  EXPECT_EQ(mjs_getParent(c->element), world);
  EXPECT_EQ(mjs_getFrame(c->element), f);
  EXPECT_EQ(mjs_findBody(spec.get(), "a"), nullptr);
}

TEST(SpecTest, AttachBodyFromAnotherSpec) {
  SpecPtr parent(mj_makeSpec());
  SpecPtr child(mj_makeSpec());
  parent->compiler.degree = 0;
  child->compiler.degree = 1;

  mjsDefault* cd = mjs_addDefault(child.get(), "cls", nullptr);
  cd->geom->size[0] = 0.7;
  mjsBody* cb = mjs_addBody(mjs_findBody(child.get(), "world"), nullptr);
  mjs_setName(cb->element, "arm");
  mjsJoint* cj = mjs_addJoint(cb, nullptr);
  mjs_setName(cj->element, "hinge");
  mjsGeom* cg = mjs_addGeom(cb, cd);
  mjs_setString(cg->material, "skin");
  mjsMaterial* cm = mjs_addMaterial(child.get(), nullptr);
  mjs_setName(cm->element, "skin");
  mjsActuator* ca = mjs_addActuator(child.get(), nullptr);
  ca->trntype = mjTRN_JOINT;
  mjs_setString(ca->target, "hinge");
  mjsSensor* cs = mjs_addSensor(child.get());
  cs->type = mjSENS_CLOCK;  // references nothing: not attached with a body

  mjsFrame* frame = mjs_addFrame(mjs_findBody(parent.get(), "world"), nullptr);
  mjsElement* out = mjs_attach(frame->element, cb->element, "p-", "-s");
  ASSERT_NE(out, nullptr) << mjs_getError(parent.get());
  mjsBody* nb = mjs_asBody(out);
  ASSERT_NE(nb, nullptr);
  EXPECT_STREQ(mjs_getString(mjs_getName(out)), "p-arm-s");
  EXPECT_EQ(mjs_getFrame(out), frame);
  EXPECT_NE(mjs_findElement(parent.get(), mjOBJ_JOINT, "p-hinge-s"), nullptr);
  mjsGeom* ng = mjs_asGeom(mjs_firstChild(nb, mjOBJ_GEOM, 0));
  ASSERT_NE(ng, nullptr);
  EXPECT_EQ(ng->size[0], 0.7);
  EXPECT_STREQ(mjs_getString(ng->material), "p-skin-s");
  EXPECT_NE(mjs_findElement(parent.get(), mjOBJ_MATERIAL, "p-skin-s"), nullptr);
  EXPECT_NE(mjs_findDefault(parent.get(), "p-cls-s"), nullptr);
  EXPECT_EQ(mjs_getDefault(ng->element), mjs_findDefault(parent.get(), "p-cls-s"));

  mjsActuator* na = mjs_asActuator(mjs_firstElement(parent.get(), mjOBJ_ACTUATOR));
  ASSERT_NE(na, nullptr);
  EXPECT_STREQ(mjs_getString(na->target), "p-hinge-s");
  EXPECT_EQ(mjs_firstElement(parent.get(), mjOBJ_SENSOR), nullptr);

  // attached elements keep the child's compiler options
  mjsCompiler* comp = mjs_getCompiler(out);
  ASSERT_NE(comp, nullptr);
  EXPECT_NE(comp, &parent->compiler);
  EXPECT_EQ(comp->degree, 1);
  EXPECT_EQ(mjs_getSpec(out), parent.get());

  // the child spec is unchanged and independent
  EXPECT_EQ(mjs_findBody(child.get(), "arm"), cb);
  mj_deleteSpec(child.release());
  EXPECT_EQ(mjs_getString(mjs_getName(out)), std::string("p-arm-s"));
}

TEST(SpecTest, AttachWholeSpecAndSelfAttach) {
  SpecPtr parent(mj_makeSpec());
  SpecPtr child(mj_makeSpec());
  mjsBody* cw = mjs_findBody(child.get(), "world");
  mjs_addGeom(cw, nullptr);
  mjsBody* cb = mjs_addBody(cw, nullptr);
  mjs_setName(cb->element, "b");
  mjsText* txt = mjs_addText(child.get());
  mjs_setName(txt->element, "note");

  mjsBody* pw = mjs_findBody(parent.get(), "world");
  mjsElement* out = mjs_attach(pw->element, child->element, "c/", "");
  ASSERT_NE(out, nullptr) << mjs_getError(parent.get());
  mjsFrame* f = mjs_asFrame(out);
  ASSERT_NE(f, nullptr);
  mjsBody* nb = mjs_findBody(parent.get(), "c/b");
  ASSERT_NE(nb, nullptr);
  EXPECT_EQ(mjs_getFrame(nb->element), f);
  mjsElement* g = mjs_firstElement(parent.get(), mjOBJ_GEOM);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(mjs_getFrame(g), f);
  EXPECT_NE(mjs_findElement(parent.get(), mjOBJ_TEXT, "c/note"), nullptr);

  // self-attach (as replicate does): copy body b with a suffix
  mjsElement* again = mjs_attach(pw->element, nb->element, "", "-1");
  ASSERT_NE(again, nullptr) << mjs_getError(parent.get());
  EXPECT_NE(mjs_findBody(parent.get(), "c/b-1"), nullptr);
  EXPECT_EQ(mjs_attach(nb->element, pw->element, "x", ""), nullptr);  // world cannot be attached
}

TEST(SpecTest, PluginInstanceOfUnknownPluginIsACompileError) {
  SpecPtr spec(mj_makeSpec());
  mjsPlugin* p = mjs_addPlugin(spec.get());
  ASSERT_NE(p, nullptr);
  mjs_setString(p->plugin_name, "no.such.plugin");
  p->active = 1;
  EXPECT_EQ(mj_compile(spec.get(), nullptr), nullptr);
  EXPECT_NE(std::string(mjs_getError(spec.get())).find("no.such.plugin"), std::string::npos);
}

}  // namespace
