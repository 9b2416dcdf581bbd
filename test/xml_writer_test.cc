// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF writer (src/xml/xml_writer*.cc): numbers round-trip bit for bit, the public save
// functions follow the API reference, and spec -> XML -> spec compiles to a model identical to
// the original (sizes and integer arrays exact, real arrays bitwise), for hand-built specs and for
// every model in model/ and ../shared/models. Writing is also a fixed point: XML -> spec -> XML
// gives the same text.

#include <dirent.h>
#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "model_compare.h"
#include "user/user_mjb.h"
#include "xml/xml_last.h"
#include "xml/xml_writer.h"
#include "xml/xml_writer_node.h"

namespace {

using motus_test::DropFlexNodeFields;
using motus_test::HasFlexNodeCoordinates;
using motus_test::Join;
using motus_test::ModelDifferences;
using motus_test::ScopedErrorCapture;

// ---------------------------------------------------------------------------------------------
// numbers

TEST(XmlWriterNumbers, DoublesRoundTripBitwise) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 200000; i++) {
    uint64_t bits = rng();
    double x;
    std::memcpy(&x, &bits, 8);
    if (std::isnan(x)) {
      continue;
    }
    std::string text = motus::FormatDouble(x);
    double back = std::strtod(text.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&x, &back, 8), 0) << text;
  }
  // typical values are short
  EXPECT_EQ(motus::FormatDouble(0.1), "0.1");
  EXPECT_EQ(motus::FormatDouble(-0.0), "-0");
  EXPECT_EQ(motus::FormatDouble(1e-8), "1e-08");
  EXPECT_EQ(motus::FormatDouble(0.002), "0.002");
  EXPECT_EQ(motus::FormatDouble(INFINITY), "inf");
  EXPECT_EQ(motus::FormatDouble(-INFINITY), "-inf");
  EXPECT_EQ(motus::FormatDouble(NAN), "nan");
}

TEST(XmlWriterNumbers, FloatsRoundTripAsFloatAndAsDouble) {
  std::mt19937 rng(7);
  for (int i = 0; i < 200000; i++) {
    uint32_t bits = rng();
    float f;
    std::memcpy(&f, &bits, 4);
    if (std::isnan(f)) {
      continue;
    }
    std::string text = motus::FormatFloat(f);
    float a = std::strtof(text.c_str(), nullptr);
    float b = static_cast<float>(std::strtod(text.c_str(), nullptr));  // reader path
    ASSERT_EQ(std::memcmp(&f, &a, 4), 0) << text;
    ASSERT_EQ(std::memcmp(&f, &b, 4), 0) << text;
  }
  EXPECT_EQ(motus::FormatFloat(0.5f), "0.5");
  EXPECT_EQ(motus::FormatFloat(0.7f), "0.7");
}

TEST(XmlWriterNumbers, Escaping) {
  EXPECT_EQ(motus::EscapeXml("a<b>&\"c\"\n"), "a&lt;b&gt;&amp;&quot;c&quot;&#10;");
}

// ---------------------------------------------------------------------------------------------
// model comparison

// writes a spec to a string through the public API
std::string SaveString(const mjSpec* spec) {
  char error[1000] = "";
  int need = mj_saveXMLString(spec, nullptr, 0, error, sizeof(error));
  EXPECT_GT(need, 0) << error;
  if (need <= 0) {
    return "";
  }
  std::vector<char> buf(need);
  EXPECT_EQ(mj_saveXMLString(spec, buf.data(), need, error, sizeof(error)), 0) << error;
  return std::string(buf.data());
}

// spec -> model, NULL with a test failure on error
mjModel* Compile(mjSpec* spec, const std::string& what) {
  mjModel* m = mj_compile(spec, nullptr);
  EXPECT_NE(m, nullptr) << what << ": " << mjs_getError(spec);
  return m;
}

// The round-trip property: parse `xml_or_file`, compile; write, parse the text, compile; the two
// models must be identical, and writing the re-parsed spec must reproduce the text. `dir` is the
// directory for relative asset paths of the re-parsed text (a file next to the original).
// Returns false when the original spec does not compile (a compiler limitation, not the writer's:
// nothing is checked then).
bool ExpectRoundTrip(mjSpec* spec, const std::string& what, const std::string& dir) {
  mjModel* m1 = mj_compile(spec, nullptr);
  if (!m1) {
    return false;
  }
  std::string text = SaveString(spec);
  if (text.empty()) {
    ADD_FAILURE() << what << ": nothing written";
    mj_deleteModel(m1);
    return true;
  }

  // re-parse from a file in the same directory so that meshdir/texturedir resolve alike
  std::string path = dir + "/.motus_writer_roundtrip.xml";
  {
    std::ofstream out(path);
    out << text;
  }
  char error[1000] = "";
  mjSpec* spec2 = mj_parseXML(path.c_str(), nullptr, error, sizeof(error));
  std::remove(path.c_str());
  if (!spec2) {
    ADD_FAILURE() << what << ": written XML does not parse: " << error << "\n" << text;
    mj_deleteModel(m1);
    return true;
  }
  mjModel* m2 = Compile(spec2, what + " (re-parsed)");
  if (m2) {
    std::vector<std::string> diff = ModelDifferences(m1, m2);
    DropFlexNodeFields(m1, &diff);
    EXPECT_TRUE(diff.empty()) << what << ": fields differ: " << Join(diff) << "\n" << text;
    // the MJB image of the two models is identical too (unless flex node coordinates were lost)
    if (!HasFlexNodeCoordinates(m1)) {
      EXPECT_EQ(motus::MjbEncode(m1), motus::MjbEncode(m2)) << what;
    }
    mj_deleteModel(m2);
  }
  // fixed point: writing the re-parsed spec gives the same text
  EXPECT_EQ(SaveString(spec2), text) << what;
  mj_deleteSpec(spec2);
  mj_deleteModel(m1);
  return true;
}

// ---------------------------------------------------------------------------------------------
// public API behavior

TEST(XmlWriterApi, StringSizeAndErrors) {
  mjSpec* spec = mj_makeSpec();
  ASSERT_NE(spec, nullptr);
  char error[200] = "";
  // too small: the required size (text plus terminator) is returned and nothing is written
  char small[4] = {'x', 'x', 'x', 'x'};
  int need = mj_saveXMLString(spec, small, sizeof(small), error, sizeof(error));
  EXPECT_GT(need, static_cast<int>(sizeof(small)));
  EXPECT_EQ(small[0], 'x');
  std::vector<char> buf(need);
  EXPECT_EQ(mj_saveXMLString(spec, buf.data(), need, error, sizeof(error)), 0);
  EXPECT_EQ(std::strlen(buf.data()) + 1, static_cast<size_t>(need));
  EXPECT_NE(std::string(buf.data()).find("<worldbody"), std::string::npos);
  // one byte short of the terminator is still too small
  EXPECT_EQ(mj_saveXMLString(spec, buf.data(), need - 1, error, sizeof(error)), need);
  // NULL spec: -1 and a message
  EXPECT_EQ(mj_saveXMLString(nullptr, buf.data(), need, error, sizeof(error)), -1);
  EXPECT_STRNE(error, "");
  // unwritable file
  EXPECT_EQ(mj_saveXML(spec, "/nonexistent/dir/x.xml", error, sizeof(error)), -1);
  EXPECT_NE(std::string(error).find("could not open"), std::string::npos);
  mj_deleteSpec(spec);
}

TEST(XmlWriterApi, DefaultSpecWritesMinimalDocument) {
  mjSpec* spec = mj_makeSpec();
  std::string text = SaveString(spec);
  // only the angle unit and the empty world are written for a default spec
  EXPECT_NE(text.find("<compiler angle=\"degree\"/>"), std::string::npos) << text;
  EXPECT_EQ(text.find("<option"), std::string::npos) << text;
  EXPECT_EQ(text.find("<visual"), std::string::npos) << text;
  EXPECT_EQ(text.find("<asset"), std::string::npos) << text;
  // nor an empty main class (MuJoCo 3.8.0 writes no <default/>)
  EXPECT_EQ(text.find("<default"), std::string::npos) << text;
  mj_deleteSpec(spec);
}

// ---------------------------------------------------------------------------------------------
// hand-built specs (mjs_ API) -> XML -> spec -> identical models

// A spec exercising classes, frames interleaved with plain elements, orientations in every form,
// and most element kinds.
mjSpec* MakeFeatureSpec() {
  mjSpec* s = mj_makeSpec();
  mjs_setString(s->modelname, "features");
  s->option.timestep = 0.0031;
  s->option.gravity[2] = -9.7;
  s->option.disableflags = mjDSBL_WARMSTART;
  s->option.enableflags = mjENBL_ENERGY;
  s->visual.global.fovy = 37.5f;
  s->visual.rgba.com[1] = 0.123f;
  s->compiler.degree = 0;  // radians

  // classes: main changes joint damping; "arm" (child of main) changes geom rgba and size
  mjsDefault* main = mjs_getSpecDefault(s);
  main->joint->damping[0] = 0.7;
  mjsDefault* arm = mjs_addDefault(s, "arm", main);
  arm->geom->rgba[0] = 0.25f;
  arm->geom->size[0] = 0.05;
  arm->joint->armature = 0.01;
  mjsDefault* hand = mjs_addDefault(s, "hand", arm);
  hand->geom->type = mjGEOM_BOX;
  hand->geom->size[1] = 0.02;
  hand->geom->size[2] = 0.03;

  mjsBody* world = mjs_findBody(s, "world");
  mjsGeom* floor = mjs_addGeom(world, nullptr);
  floor->type = mjGEOM_PLANE;
  floor->size[0] = floor->size[1] = 2;
  floor->size[2] = 0.1;
  mjs_setName(floor->element, "floor");

  mjsBody* b1 = mjs_addBody(world, nullptr);
  mjs_setName(b1->element, "upper");
  mjs_setString(b1->childclass, "arm");
  b1->pos[2] = 1.1;
  b1->alt.type = mjORIENTATION_EULER;
  b1->alt.euler[0] = 0.3;
  mjsJoint* j1 = mjs_addJoint(b1, arm);
  mjs_setName(j1->element, "shoulder");
  j1->axis[0] = 1;
  j1->axis[2] = 0;
  j1->range[0] = -1;
  j1->range[1] = 1.5;
  mjsGeom* g1 = mjs_addGeom(b1, arm);
  mjs_setName(g1->element, "g1");
  g1->type = mjGEOM_CAPSULE;
  g1->fromto[0] = 0;
  g1->fromto[5] = 0.4;

  // frame with a geom, then a plain geom, then another geom in the same frame: the geom order
  // g2, g3, g4 must survive even though g2 and g4 sit in the frame
  mjsFrame* f = mjs_addFrame(b1, nullptr);
  mjs_setName(f->element, "mount");
  f->pos[0] = 0.1;
  f->alt.type = mjORIENTATION_AXISANGLE;
  f->alt.axisangle[1] = 1;
  f->alt.axisangle[3] = 0.5;
  mjsGeom* g2 = mjs_addGeom(b1, hand);
  mjs_setName(g2->element, "g2");
  mjs_setFrame(g2->element, f);
  mjsGeom* g3 = mjs_addGeom(b1, arm);
  mjs_setName(g3->element, "g3");
  g3->pos[1] = 0.2;
  g3->quat[0] = 0.5;
  g3->quat[1] = 0.5;
  g3->quat[2] = 0.5;
  g3->quat[3] = 0.5;
  mjsGeom* g4 = mjs_addGeom(b1, main);  // class main inside childclass "arm": class written
  mjs_setName(g4->element, "g4");
  mjs_setFrame(g4->element, f);
  g4->size[0] = 0.011;
  g4->rgba[3] = 0.3f;
  mjsSite* site = mjs_addSite(b1, nullptr);
  mjs_setName(site->element, "tip");
  site->pos[2] = 0.4;
  site->alt.type = mjORIENTATION_XYAXES;
  double xy[6] = {0, 1, 0, -1, 0, 0};
  std::memcpy(site->alt.xyaxes, xy, sizeof(xy));

  mjsBody* b2 = mjs_addBody(b1, nullptr);
  mjs_setName(b2->element, "lower");
  b2->pos[2] = 0.4;
  b2->alt.type = mjORIENTATION_ZAXIS;
  b2->alt.zaxis[0] = 1;
  b2->explicitinertial = 1;
  b2->mass = 0.75;
  b2->inertia[0] = 0.01;
  b2->inertia[1] = 0.02;
  b2->inertia[2] = 0.015;
  b2->ipos[2] = 0.1;
  mjsJoint* j2 = mjs_addJoint(b2, nullptr);
  mjs_setName(j2->element, "elbow");
  j2->type = mjJNT_SLIDE;
  j2->stiffness[0] = 12;
  j2->springref = 0.05;
  mjsGeom* g5 = mjs_addGeom(b2, nullptr);
  mjs_setName(g5->element, "g5");
  g5->type = mjGEOM_ELLIPSOID;
  g5->size[0] = 0.03;
  g5->size[1] = 0.04;
  g5->size[2] = 0.05;
  g5->friction[0] = 0.8;
  g5->solref[0] = 0.015;
  mjsSite* s2 = mjs_addSite(b2, nullptr);
  mjs_setName(s2->element, "s2");
  mjsCamera* cam = mjs_addCamera(b2, nullptr);
  mjs_setName(cam->element, "cam");
  cam->fovy = 60;
  cam->pos[0] = -1;
  mjsLight* light = mjs_addLight(world, nullptr);
  mjs_setName(light->element, "lamp");
  light->pos[2] = 3;
  light->diffuse[0] = 0.9f;

  mjsBody* freeb = mjs_addBody(world, nullptr);
  mjs_setName(freeb->element, "ball");
  freeb->pos[0] = 1;
  freeb->pos[2] = 0.5;
  mjsJoint* fj = mjs_addFreeJoint(freeb);
  mjs_setName(fj->element, "ballfree");
  mjsGeom* fg = mjs_addGeom(freeb, nullptr);
  fg->size[0] = 0.1;
  fg->density = 500;

  // a free joint with explicit alignment can only be written as <freejoint>
  mjsBody* aligned = mjs_addBody(world, nullptr);
  mjs_setName(aligned->element, "aligned");
  aligned->pos[1] = 1;
  mjsJoint* aj = mjs_addFreeJoint(aligned);
  aj->align = mjALIGNFREE_TRUE;
  mjsGeom* ag = mjs_addGeom(aligned, nullptr);
  ag->type = mjGEOM_BOX;
  ag->size[0] = 0.1;
  ag->size[1] = 0.2;
  ag->size[2] = 0.05;
  ag->pos[0] = 0.03;  // off-center: the alignment moves the body frame

  // assets: a builtin texture used by a material, a mesh given by vertices, a height field
  mjsTexture* tex = mjs_addTexture(s);
  mjs_setName(tex->element, "grid");
  tex->type = mjTEXTURE_2D;
  tex->builtin = mjBUILTIN_CHECKER;
  tex->width = tex->height = 32;
  tex->rgb1[0] = 0.1;
  mjsMaterial* mat = mjs_addMaterial(s, nullptr);
  mjs_setName(mat->element, "gridmat");
  while (mat->textures->size() <= mjTEXROLE_RGB) {
    mjs_appendString(mat->textures, "");
  }
  EXPECT_TRUE(mjs_setInStringVec(mat->textures, mjTEXROLE_RGB, "grid"));
  mat->texrepeat[0] = 4;
  mat->reflectance = 0.2f;
  mjs_setString(floor->material, "gridmat");
  mjsMesh* mesh = mjs_addMesh(s, nullptr);
  mjs_setName(mesh->element, "tet");
  float vert[12] = {0, 0, 0, 0.1f, 0, 0, 0, 0.1f, 0, 0, 0, 0.1f};
  mjs_setFloat(mesh->uservert, vert, 12);
  mjsGeom* mg = mjs_addGeom(b2, nullptr);
  mg->type = mjGEOM_MESH;
  mjs_setString(mg->meshname, "tet");
  mjsHField* hf = mjs_addHField(s);
  mjs_setName(hf->element, "terrain");
  hf->nrow = 2;
  hf->ncol = 3;
  hf->size[0] = hf->size[1] = 1;
  hf->size[2] = 0.2;
  hf->size[3] = 0.1;
  float elev[6] = {0, 1, 2, 3, 4, 5};  // rows are stored bottom to top, written top to bottom
  mjs_setFloat(hf->userdata, elev, 6);
  mjsGeom* hg = mjs_addGeom(world, nullptr);
  hg->type = mjGEOM_HFIELD;
  mjs_setString(hg->hfieldname, "terrain");
  hg->pos[0] = 3;

  // non-tree elements
  mjsTendon* ten = mjs_addTendon(s, nullptr);
  mjs_setName(ten->element, "t1");
  mjs_wrapSite(ten, "tip");
  mjs_wrapSite(ten, "s2");
  ten->stiffness[0] = 3;
  ten->rgba[1] = 0.9f;
  mjsTendon* fixed = mjs_addTendon(s, nullptr);
  mjs_setName(fixed->element, "t2");
  mjs_wrapJoint(fixed, "shoulder", 0.5);
  mjs_wrapJoint(fixed, "elbow", -1.25);

  mjsActuator* motor = mjs_addActuator(s, nullptr);
  mjs_setName(motor->element, "m1");
  motor->trntype = mjTRN_JOINT;
  mjs_setString(motor->target, "shoulder");
  motor->gear[0] = 50;
  motor->ctrlrange[0] = -1;
  motor->ctrlrange[1] = 1;
  motor->ctrllimited = mjLIMITED_TRUE;
  mjsActuator* pos = mjs_addActuator(s, nullptr);
  mjs_setName(pos->element, "p1");
  pos->trntype = mjTRN_TENDON;
  mjs_setString(pos->target, "t2");
  pos->gaintype = mjGAIN_FIXED;
  pos->gainprm[0] = 10;
  pos->biastype = mjBIAS_AFFINE;
  pos->biasprm[1] = -10;
  pos->biasprm[2] = -1;
  pos->dyntype = mjDYN_FILTER;
  pos->dynprm[0] = 0.05;

  // a position servo inheriting its control range from the joint: written as <position>
  mjsActuator* servo = mjs_addActuator(s, nullptr);
  mjs_setName(servo->element, "servo");
  servo->trntype = mjTRN_JOINT;
  mjs_setString(servo->target, "shoulder");
  double kv = 0, dampratio = 0.8, timeconst = 0.02;
  EXPECT_EQ(mjs_setToPosition(servo, 25, &kv, &dampratio, &timeconst, 0.75), nullptr);

  mjsSensor* sp = mjs_addSensor(s);
  sp->type = mjSENS_JOINTPOS;
  sp->objtype = mjOBJ_JOINT;
  mjs_setString(sp->objname, "shoulder");
  mjsSensor* fp = mjs_addSensor(s);
  mjs_setName(fp->element, "fp");
  fp->type = mjSENS_FRAMEPOS;
  fp->objtype = mjOBJ_SITE;
  mjs_setString(fp->objname, "tip");
  fp->reftype = mjOBJ_BODY;
  mjs_setString(fp->refname, "upper");
  fp->noise = 0.01;
  mjsSensor* ts = mjs_addSensor(s);
  ts->type = mjSENS_TOUCH;
  ts->objtype = mjOBJ_SITE;
  mjs_setString(ts->objname, "s2");

  mjsSensor* cs = mjs_addSensor(s);
  mjs_setName(cs->element, "contacts");
  cs->type = mjSENS_CONTACT;
  cs->objtype = mjOBJ_GEOM;
  mjs_setString(cs->objname, "g5");
  cs->reftype = mjOBJ_XBODY;  // subtree2
  mjs_setString(cs->refname, "upper");
  cs->intprm[0] = (1 << mjCONDATA_FOUND) | (1 << mjCONDATA_FORCE) | (1 << mjCONDATA_DIST);
  cs->intprm[1] = 1;  // mindist
  cs->intprm[2] = 2;
  mjsSensor* rf = mjs_addSensor(s);
  rf->type = mjSENS_RANGEFINDER;
  rf->objtype = mjOBJ_SITE;
  mjs_setString(rf->objname, "tip");
  rf->cutoff = 5;

  mjsEquality* eq = mjs_addEquality(s, nullptr);
  eq->type = mjEQ_JOINT;
  eq->objtype = mjOBJ_JOINT;
  mjs_setString(eq->name1, "elbow");
  eq->data[0] = 0.01;
  eq->active = 0;

  mjsExclude* ex = mjs_addExclude(s);
  mjs_setString(ex->bodyname1, "upper");
  mjs_setString(ex->bodyname2, "lower");
  mjsPair* pair = mjs_addPair(s, nullptr);
  mjs_setString(pair->geomname1, "floor");
  mjs_setString(pair->geomname2, "g5");
  pair->friction[0] = 0.6;

  mjsNumeric* num = mjs_addNumeric(s);
  mjs_setName(num->element, "gains");
  double nd[3] = {1, 2.5, -3};
  mjs_setDouble(num->data, nd, 3);
  mjsText* txt = mjs_addText(s);
  mjs_setName(txt->element, "note");
  mjs_setString(txt->data, "hello <world> & \"friends\"");

  mjsTuple* tup = mjs_addTuple(s);
  mjs_setName(tup->element, "pairs");
  int types[2] = {mjOBJ_BODY, mjOBJ_GEOM};
  mjs_setInt(tup->objtype, types, 2);
  mjs_setStringVec(tup->objname, "upper g5");
  double prm[2] = {0.5, 0};
  mjs_setDouble(tup->objprm, prm, 2);

  mjsKey* key = mjs_addKey(s);
  mjs_setName(key->element, "home");
  key->time = 0.5;
  double qpos[16] = {0.1, 0.02, 1, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0};
  mjs_setDouble(key->qpos, qpos, 16);
  return s;
}

TEST(XmlWriterRoundTrip, HandBuiltSpec) {
  mjSpec* s = MakeFeatureSpec();
  std::string text = SaveString(s);
  // classes and frames appear as written by the spec
  EXPECT_NE(text.find("<default class=\"arm\">"), std::string::npos) << text;
  EXPECT_NE(text.find("<default class=\"hand\">"), std::string::npos) << text;
  EXPECT_NE(text.find("childclass=\"arm\""), std::string::npos) << text;
  EXPECT_NE(text.find("class=\"main\""), std::string::npos) << text;  // g4
  EXPECT_NE(text.find("<frame name=\"mount\""), std::string::npos) << text;
  EXPECT_NE(text.find("euler=\"0.3 0 0\""), std::string::npos) << text;
  EXPECT_NE(text.find("&lt;world&gt;"), std::string::npos) << text;
  EXPECT_NE(text.find("<freejoint align=\"true\"/>"), std::string::npos) << text;
  EXPECT_NE(text.find("<position name=\"servo\""), std::string::npos) << text;
  EXPECT_NE(text.find("elevation=\"3 4 5 0 1 2\""), std::string::npos) << text;
  EXPECT_NE(text.find("data=\"found force dist\""), std::string::npos) << text;
  EXPECT_NE(text.find("subtree2=\"upper\""), std::string::npos) << text;
  EXPECT_TRUE(ExpectRoundTrip(s, "hand-built spec", testing::TempDir())) << mjs_getError(s);

  // the geom order survives the frame grouping
  char error[1000];
  mjSpec* back = mj_parseXMLString(text.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(back, nullptr) << error;
  std::vector<std::string> names;
  for (mjsElement* e = mjs_firstElement(back, mjOBJ_GEOM); e; e = mjs_nextElement(back, e)) {
    names.push_back(*mjs_getName(e));
  }
  std::vector<std::string> expected = {"floor", "", "g1", "g2", "g3", "g4", "g5", "", "", ""};
  EXPECT_EQ(names, expected);
  mj_deleteSpec(back);
  mj_deleteSpec(s);
}

// mj_copyBack: parameters edited in the compiled model reach the spec, and the spec then compiles
// to the edited model; a model of another spec is refused
TEST(XmlWriterCopyBack, CopiesEditedParameters) {
  mjSpec* s = MakeFeatureSpec();
  mjModel* m = mj_compile(s, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(s);
  int g5 = mj_name2id(m, mjOBJ_GEOM, "g5");
  int shoulder = mj_name2id(m, mjOBJ_JOINT, "shoulder");
  ASSERT_GE(g5, 0);
  ASSERT_GE(shoulder, 0);
  m->geom_friction[3 * g5] = 0.3125;
  m->dof_damping[m->jnt_dofadr[shoulder]] = 2.5;
  m->actuator_gear[0] = 42;
  m->opt.timestep = 0.004;
  // the gear enters derived constants (actuator_acc0, ...): recompute them as the compiler does,
  // so that m is the model the edited spec compiles to
  mjData* d = mj_makeData(m);
  ASSERT_NE(d, nullptr);
  mj_setConst(m, d);
  mj_deleteData(d);
  ASSERT_EQ(mj_copyBack(s, m), 1);
  EXPECT_EQ(mjs_asGeom(mjs_findElement(s, mjOBJ_GEOM, "g5"))->friction[0], 0.3125);
  EXPECT_EQ(mjs_asJoint(mjs_findElement(s, mjOBJ_JOINT, "shoulder"))->damping[0], 2.5);
  EXPECT_EQ(s->option.timestep, 0.004);
  mjModel* m2 = mj_compile(s, nullptr);
  ASSERT_NE(m2, nullptr);
  std::vector<std::string> diff = ModelDifferences(m, m2);
  EXPECT_TRUE(diff.empty()) << Join(diff);

  mjSpec* empty = mj_makeSpec();
  ScopedErrorCapture capture;
  EXPECT_EQ(mj_copyBack(empty, m), 0);
  ASSERT_EQ(capture.warnings().size(), 1u);
  EXPECT_NE(capture.warnings()[0].find("differ"), std::string::npos) << capture.warnings()[0];
  mj_deleteSpec(empty);
  mj_deleteModel(m2);
  mj_deleteModel(m);
  mj_deleteSpec(s);
}

// ---------------------------------------------------------------------------------------------
// real models: XML -> spec -> XML -> spec, identical compiled models

// .xml files in dir and, up to `depth` levels, in its subdirectories
std::vector<std::string> ListXml(const std::string& dir, int depth) {
  std::vector<std::string> out;
  DIR* d = opendir(dir.c_str());
  if (!d) {
    return out;
  }
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") {
      continue;
    }
    std::string path = dir + "/" + name;
    if (e->d_type == DT_DIR) {
      if (depth > 0) {
        auto sub = ListXml(path, depth - 1);
        out.insert(out.end(), sub.begin(), sub.end());
      }
    } else if (name.size() > 4 && name.substr(name.size() - 4) == ".xml") {
      out.push_back(path);
    }
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

// Round trip of each file. Every file must parse and compile, except that with
// `allow_unsupported` a file whose parse or compile error names a feature Motus does not support
// yet (composite, ...) is reported and skipped; any other failure fails the test.
void RoundTripFiles(const std::vector<std::string>& files, bool allow_unsupported) {
  int tested = 0;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    char error[1000] = "";
    mjSpec* spec = mj_parseXML(file.c_str(), nullptr, error, sizeof(error));
    if (!spec) {
      if (allow_unsupported && motus_test::IsUnsupportedFeature(error)) {
        std::printf("skipped (unsupported feature): %s: %s\n", file.c_str(), error);
      } else {
        ADD_FAILURE() << "does not parse: " << error;
      }
      continue;
    }
    std::string dir = file.substr(0, file.find_last_of('/'));
    if (ExpectRoundTrip(spec, file, dir)) {
      tested++;
    } else if (allow_unsupported && motus_test::IsUnsupportedFeature(mjs_getError(spec))) {
      // the compiler rejects features that are not implemented (flex elasticity of trilinear
      // flexes, ...) by name
      std::printf("skipped (unsupported feature): %s: %s\n", file.c_str(), mjs_getError(spec));
    } else {
      ADD_FAILURE() << "does not compile: " << mjs_getError(spec);
    }
    mj_deleteSpec(spec);
  }
  std::printf("round trip through XML: %d of %zu files compiled and compared\n", tested,
              files.size());
}

// the main XML files of ../shared/models, from its manifest
std::vector<std::string> SharedMainFiles(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& model : motus_test::ManifestModels(dir)) {
    files.push_back(model.second);
  }
  return files;
}

// a class's material layers are written as <layer> in the class and read back
TEST(XmlWriterRoundTrip, ClassMaterialLayers) {
  const char* xml = R"(<mujoco>
    <default>
      <material><layer role="normal" texture="t"/></material>
      <default class="c"><material><layer role="orm" texture="u"/></material></default>
    </default>
    <asset>
      <texture name="t" builtin="flat" width="8" height="8" type="2d"/>
      <texture name="u" builtin="checker" width="8" height="8" type="2d"/>
      <material name="m"/>
      <material name="m2" texture="u"/>
      <material name="m3" class="c"><layer role="rgb" texture="t"/></material>
    </asset>
  </mujoco>)";
  char error[1000] = "";
  mjSpec* spec = mj_parseXMLString(xml, nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << error;
  std::string text = SaveString(spec);
  size_t dflt = text.find("<default>"), asset = text.find("<asset>");
  ASSERT_NE(dflt, std::string::npos) << text;
  EXPECT_LT(text.find("<layer"), asset) << text;
  EXPECT_TRUE(ExpectRoundTrip(spec, "class material layers", ::testing::TempDir()));
  mj_deleteSpec(spec);
}

TEST(XmlWriterRoundTrip, ProjectModels) {
  std::vector<std::string> files = ListXml(motus_test::SourcePath("model"), 0);
  ASSERT_FALSE(files.empty()) << "no models in model/";
  RoundTripFiles(files, false);
}

TEST(XmlWriterRoundTrip, SharedModels) {
  std::string dir = motus_test::SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  std::vector<std::string> files = SharedMainFiles(dir);
  ASSERT_FALSE(files.empty()) << "no models in " << dir << "/manifest.json";
  RoundTripFiles(files, true);
}

#ifdef MOTUS_KIT_API
// ---------------------------------------------------------------------------------------------
// MuJoCo 3.8.0 reading the files Motus writes (test/kit/kit_api.cc built against the kit)

// the kit client's "digest" of the model MuJoCo compiles from `file`: field name -> size and hash
// of its bytes; false when MuJoCo does not load the file
bool KitDigest(const std::string& file, std::map<std::string, std::string>* fields,
               std::string* error) {
  std::string cmd = std::string(MOTUS_KIT_API) + " digest '" + file + "' 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    *error = "cannot run " + cmd;
    return false;
  }
  std::string out;
  char buf[4096];
  size_t got;
  while ((got = std::fread(buf, 1, sizeof(buf), p)) > 0) {
    out.append(buf, got);
  }
  if (pclose(p) != 0) {
    *error = out;
    return false;
  }
  std::istringstream in(out);
  std::string name, rest;
  while (in >> name && std::getline(in, rest)) {
    (*fields)[name] = rest;
  }
  return true;
}

// Differences that come from Motus's compiler rather than the writer, by model file name: the
// listed fields are left out for that model (doc/conformance.md, "Compiler").
struct KnownCompileDifference {
  const char* file;
  std::set<std::string> fields;
};
const KnownCompileDifference kKnownCompileDifferences[] = {
    // MJCF has no attribute for the coordinates of flex nodes pinned to a body (MuJoCo's saved
    // XML drops them too): the nodes, the vertices given relative to them and the stiffness
    // integrated over their box change (doc/conformance.md#flexes)
    {"gripper_trilinear.xml",
     {"flex_centered", "flex_node", "flex_node0", "flex_stiffness", "flex_vert", "flex_vert0"}},
};

// MuJoCo compiles the file Motus saves for a model to the same model, every size, option and
// array bit for bit, as it compiles the original (models MuJoCo or Motus cannot load are
// skipped, with their count printed).
void ExpectKitReadsSavedFiles(const std::vector<std::string>& files, int min_compared) {
  int compared = 0;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    std::map<std::string, std::string> original, saved;
    std::string error;
    if (!KitDigest(file, &original, &error)) {
      std::printf("skipped (MuJoCo does not load it): %s\n", file.c_str());
      continue;
    }
    char perr[1000] = "";
    mjSpec* spec = mj_parseXML(file.c_str(), nullptr, perr, sizeof(perr));
    mjModel* m = spec ? mj_compile(spec, nullptr) : nullptr;
    if (!m) {
      std::printf("skipped (Motus does not load it): %s\n", file.c_str());
      mj_deleteSpec(spec);
      continue;
    }
    mj_deleteModel(m);
    std::string text = SaveString(spec);
    mj_deleteSpec(spec);
    std::string path = file.substr(0, file.find_last_of('/')) + "/.motus_writer_kit_" +
                       std::to_string(getpid()) + ".xml";
    {
      std::ofstream out(path);
      out << text;
    }
    bool ok = KitDigest(path, &saved, &error);
    std::remove(path.c_str());
    ASSERT_TRUE(ok) << "MuJoCo does not load the saved file: " << error;
    std::set<std::string> known;
    std::string base = file.substr(file.find_last_of('/') + 1);
    for (const KnownCompileDifference& k : kKnownCompileDifferences) {
      if (base == k.file) {
        known = k.fields;
      }
    }
    std::vector<std::string> differ;
    for (const auto& [name, value] : original) {
      if (!known.count(name) && saved[name] != value) {
        differ.push_back(name);
      }
    }
    EXPECT_TRUE(differ.empty()) << "fields differ: " << Join(differ);
    compared++;
  }
  std::printf("MuJoCo read the saved files of %d of %zu models\n", compared, files.size());
  EXPECT_GE(compared, min_compared);
}

TEST(XmlWriterKit, MuJoCoCompilesSavedProjectModelsAlike) {
  ExpectKitReadsSavedFiles(ListXml(motus_test::SourcePath("model"), 0), 1);
}

TEST(XmlWriterKit, MuJoCoCompilesSavedSharedModelsAlike) {
  std::string dir = motus_test::SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  ExpectKitReadsSavedFiles(SharedMainFiles(dir), 25);
}
#endif

// MJB round trip of the same models, loaded through mj_loadXML
TEST(XmlWriterRoundTrip, SharedModelsThroughMjb) {
  std::string dir = motus_test::SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  for (const std::string& file : SharedMainFiles(dir)) {
    SCOPED_TRACE(file);
    char error[1000] = "";
    mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
    if (!m) {
      EXPECT_TRUE(motus_test::IsUnsupportedFeature(error)) << error;
      continue;
    }
    std::vector<uint8_t> bytes = motus::MjbEncode(m);
    mjModel* back = mj_loadModelBuffer(bytes.data(), static_cast<int>(bytes.size()));
    ASSERT_NE(back, nullptr) << file;
    std::vector<std::string> diff = ModelDifferences(m, back);
    EXPECT_TRUE(diff.empty()) << file << ": " << Join(diff);
    mj_deleteModel(back);
    mj_deleteModel(m);
  }
}

// ---------------------------------------------------------------------------------------------
// mj_saveLastXML / mj_freeLastXML

TEST(XmlWriterLast, SavesLastLoadedModelWithRuntimeEdits) {
  std::string file = motus_test::SourcePath("model/humanoid.xml");
  char error[1000] = "";
  mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
  if (!m) {
    GTEST_SKIP() << "mj_loadXML failed: " << error;
  }
  ASSERT_NE(motus::LastSpec(), nullptr) << "mj_loadXML must call motus::SetLastSpec";

  // a runtime edit of a copied parameter shows up in the saved file
  m->geom_friction[0] = 0.4375;
  m->opt.timestep = 0.00375;
  std::string out = testing::TempDir() + "/motus_lastxml.xml";
  ASSERT_EQ(mj_saveLastXML(out.c_str(), m, error, sizeof(error)), 1) << error;
  mjModel* back = mj_loadXML(out.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(back, nullptr) << error;
  EXPECT_EQ(back->geom_friction[0], 0.4375);
  EXPECT_EQ(back->opt.timestep, 0.00375);
  std::vector<std::string> diff = ModelDifferences(m, back);
  EXPECT_TRUE(diff.empty()) << Join(diff);

  // a model of different size is refused
  mjSpec* tiny = mj_makeSpec();
  mjModel* other = mj_compile(tiny, nullptr);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(mj_saveLastXML(out.c_str(), other, error, sizeof(error)), 0);
  EXPECT_NE(std::string(error).find("differ"), std::string::npos) << error;

  // after mj_freeLastXML there is nothing to save
  mj_freeLastXML();
  EXPECT_EQ(motus::LastSpec(), nullptr);
  EXPECT_EQ(mj_saveLastXML(out.c_str(), nullptr, error, sizeof(error)), 0);
  EXPECT_STRNE(error, "");
  std::remove(out.c_str());
  mj_deleteModel(other);
  mj_deleteSpec(tiny);
  mj_deleteModel(back);
  mj_deleteModel(m);
}

// height field data edited at runtime is saved as the elevation, rows from the top as MuJoCo
// 3.8.0 writes them (its file for this model lists "0.35 0.45 0.55 0.05 0.15 0.25" for h)
TEST(XmlWriterLast, SavesEditedHeightFields) {
  std::string file = testing::TempDir() + "/motus_hfield_in.xml";
  {
    std::ofstream f(file);
    f << "<mujoco><asset><hfield name='h' nrow='2' ncol='3' size='1 1 1 0.1'/>"
         "<hfield name='h2' nrow='2' ncol='2' size='1 1 1 0.1' elevation='1 2 3 4'/></asset>"
         "<worldbody><geom type='hfield' hfield='h'/><geom type='hfield' hfield='h2' "
         "pos='3 0 0'/></worldbody></mujoco>";
  }
  char error[1000] = "";
  mjModel* m = mj_loadXML(file.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(m, nullptr) << error;
  for (int i = 0; i < m->nhfielddata; i++) {
    m->hfield_data[i] = 0.1f * i + 0.05f;
  }
  std::string out = testing::TempDir() + "/motus_hfield_out.xml";
  ASSERT_EQ(mj_saveLastXML(out.c_str(), m, error, sizeof(error)), 1) << error;
  std::ifstream saved(out);
  std::stringstream text;
  text << saved.rdbuf();
  // the edited data, rows from the top, with no trace of the original "1 2 3 4"
  std::string t = text.str();
  size_t at = t.find("0.35");
  EXPECT_LT(at, t.find("0.45"));
  EXPECT_LT(t.find("0.45"), t.find("0.55"));
  EXPECT_LT(t.find("0.55"), t.find("0.05"));
  EXPECT_EQ(t.find("elevation=\"1 2 3 4\""), std::string::npos) << t;
  mjSpec* spec = mj_parseXML(out.c_str(), nullptr, error, sizeof(error));
  ASSERT_NE(spec, nullptr) << error;
  mjsHField* h = mjs_asHField(mjs_findElement(spec, mjOBJ_HFIELD, "h"));
  ASSERT_NE(h, nullptr);
  ASSERT_EQ(h->userdata->size(), 6u);
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ((*h->userdata)[i], m->hfield_data[i]) << i;
  }
  // reloaded, the edited data is normalized again: it spans [0, 1]
  mjModel* back = mj_compile(spec, nullptr);
  ASSERT_NE(back, nullptr) << mjs_getError(spec);
  EXPECT_NEAR(back->hfield_data[0], 0, 1e-7);
  EXPECT_NEAR(back->hfield_data[5], 1, 1e-7);
  mj_deleteModel(back);
  mj_deleteSpec(spec);
  mj_deleteModel(m);
  std::remove(file.c_str());
  std::remove(out.c_str());
}

}  // namespace
