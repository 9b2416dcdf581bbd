// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF reader (src/xml/xml_reader*.cc): MJCF snippets are parsed with mj_parseXMLString (or
// mj_parseXML through a VFS / from test/data/xml) and the resulting mjSpec is inspected through the
// mjs_ API. Expected values come from XMLreference.rst; where the reference leaves a convention
// open (data layouts, defaults interplay, replicate naming), the expectation was checked against
// the MuJoCo 3.3.8 oracle (mjref MODEL --forward-only --fields m.<field>), noted next
// to the test. Every error case checks the message and the line number. A fuzz test feeds
// truncated and byte-mutated models to the parser (run it under ASan: -DMOTUS_SANITIZE=ON).

#include <dirent.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "fixture.h"

namespace {

// ---------------------------------------------------------------------------------------------
// helpers

// owns a parsed spec; `error` holds the parser's message
struct Parsed {
  mjSpec* spec = nullptr;
  std::string error;
  Parsed() = default;
  Parsed(const Parsed&) = delete;
  Parsed& operator=(const Parsed&) = delete;
  Parsed(Parsed&& o) noexcept : spec(o.spec), error(std::move(o.error)) { o.spec = nullptr; }
  ~Parsed() {
    if (spec) {
      mj_deleteSpec(spec);
    }
  }
  explicit operator bool() const { return spec != nullptr; }
};

Parsed Parse(const std::string& xml) {
  Parsed p;
  char err[1024] = "unset";
  p.spec = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
  p.error = err;
  return p;
}

// parses a snippet that must fail; returns the message
std::string ParseError(const std::string& xml) {
  Parsed p = Parse(xml);
  EXPECT_EQ(p.spec, nullptr) << "expected a parse error for:\n" << xml;
  EXPECT_FALSE(p.error.empty());
  return p.error;
}

// a VFS holding named text buffers
struct Vfs {
  mjVFS vfs;
  Vfs() { mj_defaultVFS(&vfs); }
  ~Vfs() { mj_deleteVFS(&vfs); }
  void Add(const std::string& name, const std::string& text) {
    ASSERT_EQ(mj_addBufferVFS(&vfs, name.c_str(), text.data(), static_cast<int>(text.size())), 0)
        << name;
  }
  Parsed ParseFile(const std::string& name) {
    Parsed p;
    char err[1024] = "unset";
    p.spec = mj_parseXML(name.c_str(), &vfs, err, sizeof(err));
    p.error = err;
    return p;
  }
};

mjsGeom* Geom(mjSpec* s, const char* name) {
  return mjs_asGeom(mjs_findElement(s, mjOBJ_GEOM, name));
}
mjsBody* Body(mjSpec* s, const char* name) {
  return mjs_findBody(s, name);
}
mjsJoint* Joint(mjSpec* s, const char* name) {
  return mjs_asJoint(mjs_findElement(s, mjOBJ_JOINT, name));
}
mjsSite* Site(mjSpec* s, const char* name) {
  return mjs_asSite(mjs_findElement(s, mjOBJ_SITE, name));
}
mjsActuator* Actuator(mjSpec* s, const char* name) {
  return mjs_asActuator(mjs_findElement(s, mjOBJ_ACTUATOR, name));
}
mjsSensor* Sensor(mjSpec* s, const char* name) {
  return mjs_asSensor(mjs_findElement(s, mjOBJ_SENSOR, name));
}

// all elements of a type, in spec order
std::vector<mjsElement*> All(mjSpec* s, mjtObj type) {
  std::vector<mjsElement*> out;
  for (mjsElement* e = mjs_firstElement(s, type); e; e = mjs_nextElement(s, e)) {
    out.push_back(e);
  }
  return out;
}

std::string NameOf(mjsElement* e) {
  return mjs_getString(mjs_getName(e));
}

std::vector<double> Vec(const mjDoubleVec* v) {
  int n = 0;
  const double* d = mjs_getDouble(v, &n);
  return std::vector<double>(d, d + n);
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// "... (file 'X', line N)" at the end of every reader error
void ExpectLocated(const std::string& err, const std::string& file, int line) {
  EXPECT_TRUE(Contains(err, "file '" + file + "'")) << err;
  EXPECT_TRUE(Contains(err, "line " + std::to_string(line) + ")")) << err;
}

std::string Model(const std::string& body) {
  return "<mujoco>\n" + body + "\n</mujoco>";
}

// ---------------------------------------------------------------------------------------------
// global sections

TEST(XmlReaderGlobals, ModelNameOptionAndFlags) {
  Parsed p = Parse(R"(<mujoco model="hello">
    <option timestep="0.005" gravity="0 0 -1" integrator="implicitfast" cone="elliptic"
            solver="CG" iterations="7" o_solimp="0.8 0.9 0.01" actuatorgroupdisable="0 3">
      <flag contact="disable" energy="enable" warmstart="disable"/>
    </option>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  EXPECT_STREQ(mjs_getString(p.spec->modelname), "hello");
  const mjOption& o = p.spec->option;
  EXPECT_EQ(o.timestep, 0.005);
  EXPECT_EQ(o.gravity[2], -1);
  EXPECT_EQ(o.integrator, mjINT_IMPLICITFAST);
  EXPECT_EQ(o.cone, mjCONE_ELLIPTIC);
  EXPECT_EQ(o.solver, mjSOL_CG);
  EXPECT_EQ(o.iterations, 7);
  // solimp accepts fewer than 5 numbers; the rest keep their defaults (oracle: geom solimp
  // "0.8 0.9 0.01" compiles to 0.8 0.9 0.01 0.5 2)
  EXPECT_EQ(o.o_solimp[0], 0.8);
  EXPECT_EQ(o.o_solimp[2], 0.01);
  EXPECT_EQ(o.o_solimp[3], 0.5);
  EXPECT_EQ(o.disableactuator, (1 << 0) | (1 << 3));
  // multiccd starts enabled, as in MuJoCo 3.8 (see mj_defaultOption)
  EXPECT_EQ(o.disableflags, mjDSBL_CONTACT | mjDSBL_WARMSTART);
  EXPECT_EQ(o.enableflags, mjENBL_ENERGY);
}

TEST(XmlReaderGlobals, Compiler) {
  Parsed p = Parse(R"(<mujoco>
    <compiler angle="radian" eulerseq="ZyX" assetdir="assets" texturedir="tex" autolimits="false"
              inertiafromgeom="true" inertiagrouprange="1 2" alignfree="true" boundmass="0.1">
      <lengthrange mode="none" timestep="0.02"/>
    </compiler>
    <compiler fusestatic="true"/>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  const mjsCompiler& c = p.spec->compiler;
  EXPECT_EQ(c.degree, 0);
  EXPECT_EQ(std::string(c.eulerseq, 3), "ZyX");
  // assetdir sets both directories; texturedir takes precedence
  EXPECT_STREQ(mjs_getString(c.meshdir), "assets");
  EXPECT_STREQ(mjs_getString(c.texturedir), "tex");
  EXPECT_EQ(c.autolimits, 0);
  EXPECT_EQ(c.inertiafromgeom, mjINERTIAFROMGEOM_TRUE);
  EXPECT_EQ(c.inertiagrouprange[1], 2);
  EXPECT_EQ(c.alignfree, 1);
  EXPECT_EQ(c.boundmass, 0.1);
  EXPECT_EQ(c.fusestatic, 1);
  EXPECT_EQ(c.LRopt.mode, mjLRMODE_NONE);
  EXPECT_EQ(c.LRopt.timestep, 0.02);
}

TEST(XmlReaderGlobals, CompilerErrors) {
  std::string e = ParseError(Model("<compiler eulerseq=\"xyw\"/>"));
  EXPECT_TRUE(Contains(e, "eulerseq")) << e;
  ExpectLocated(e, "XML string", 2);
  e = ParseError(Model("<compiler coordinate=\"global\"/>"));
  EXPECT_TRUE(Contains(e, "global coordinates")) << e;
  e = ParseError(Model("<compiler><lengthrange/><lengthrange/></compiler>"));
  EXPECT_TRUE(Contains(e, "can appear only once")) << e;
}

TEST(XmlReaderGlobals, SizeStatisticVisual) {
  Parsed p = Parse(R"(<mujoco>
    <size memory="16M" nuserdata="3" nkey="2" nuser_geom="4" njmax="100"/>
    <statistic center="1 2 3" extent="4" meansize="0.5"/>
    <visual>
      <global offwidth="800" fovy="30" orthographic="true"/>
      <quality shadowsize="1024"/>
      <headlight ambient="0.1 0.2 0.3" active="0"/>
      <map znear="0.02"/>
      <scale com="0.7"/>
      <rgba fog="0.1 0.2 0.3 0.4"/>
    </visual>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  EXPECT_EQ(p.spec->memory, 16LL << 20);
  EXPECT_EQ(p.spec->nuserdata, 3);
  EXPECT_EQ(p.spec->nkey, 2);
  EXPECT_EQ(p.spec->nuser_geom, 4);
  EXPECT_EQ(p.spec->njmax, 100);
  EXPECT_EQ(p.spec->stat.center[1], 2);
  EXPECT_EQ(p.spec->stat.extent, 4);
  const mjVisual& v = p.spec->visual;
  EXPECT_EQ(v.global.offwidth, 800);
  EXPECT_EQ(v.global.fovy, 30.0f);
  EXPECT_EQ(v.global.orthographic, 1);
  EXPECT_EQ(v.quality.shadowsize, 1024);
  EXPECT_EQ(v.headlight.ambient[2], 0.3f);
  EXPECT_EQ(v.headlight.active, 0);
  EXPECT_EQ(v.map.znear, 0.02f);
  EXPECT_EQ(v.scale.com, 0.7f);
  EXPECT_EQ(v.rgba.fog[3], 0.4f);

  Parsed q = Parse(Model("<size memory=\"-1\"/><size memory=\"2K\"/>"));
  ASSERT_TRUE(q) << q.error;
  EXPECT_EQ(q.spec->memory, 2048);
  std::string e = ParseError(Model("<size memory=\"12Q\"/>"));
  EXPECT_TRUE(Contains(e, "invalid memory size")) << e;
}

// ---------------------------------------------------------------------------------------------
// default classes

TEST(XmlReaderDefaults, InheritanceChildclassAndClass) {
  // the example of modeling.rst, CDefault
  Parsed p = Parse(R"(<mujoco>
    <default class="main">
      <geom rgba="1 0 0 1"/>
      <default class="sub">
        <geom rgba="0 1 0 1"/>
      </default>
    </default>
    <worldbody>
      <geom name="box" type="box"/>
      <body name="b" childclass="sub">
        <geom name="ellipsoid" type="ellipsoid"/>
        <geom name="sphere" type="sphere" rgba="0 0 1 1"/>
        <geom name="cylinder" type="cylinder" class="main"/>
        <frame childclass="main">
          <geom name="inframe"/>
        </frame>
        <body name="grandchild"><geom name="deep"/></body>
      </body>
    </worldbody>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  EXPECT_EQ(Geom(p.spec, "box")->rgba[0], 1);
  EXPECT_EQ(Geom(p.spec, "ellipsoid")->rgba[1], 1);
  EXPECT_EQ(Geom(p.spec, "sphere")->rgba[2], 1);
  EXPECT_EQ(Geom(p.spec, "cylinder")->rgba[0], 1);
  EXPECT_EQ(Geom(p.spec, "inframe")->rgba[0], 1);  // frame childclass overrides the body's
  EXPECT_EQ(Geom(p.spec, "deep")->rgba[1], 1);     // childclass reaches all descendants
  EXPECT_STREQ(mjs_getString(Body(p.spec, "b")->childclass), "sub");
}

TEST(XmlReaderDefaults, NestedClassInheritsParentRegardlessOfOrder) {
  // oracle: a nested class declared before the parent's <geom> still inherits its solimp
  Parsed p = Parse(R"(<mujoco>
    <default>
      <default class="sub"><geom rgba="0 1 0 1"/></default>
      <geom rgba="1 0 0 1" solimp="0.8 0.9 0.01" condim="4"/>
    </default>
    <default><joint damping="3"/></default>
    <worldbody>
      <geom name="a" class="sub" size="1"/>
      <body><joint name="j"/><geom size="1"/></body>
    </worldbody>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjsGeom* a = Geom(p.spec, "a");
  EXPECT_EQ(a->rgba[1], 1);
  EXPECT_EQ(a->solimp[0], 0.8);
  EXPECT_EQ(a->condim, 4);
  EXPECT_EQ(Joint(p.spec, "j")->damping[0], 3);  // repeated top-level sections add to main
}

TEST(XmlReaderDefaults, AllElementKinds) {
  Parsed p = Parse(R"(<mujoco>
    <default>
      <default class="c">
        <mesh scale="2 2 2"/>
        <material rgba="0 1 0 1" shininess="0.1"/>
        <joint type="slide" axis="1 0 0" range="-1 1"/>
        <geom type="box" euler="0 0 90"/>
        <site size="0.3"/>
        <camera fovy="60" mode="track"/>
        <light castshadow="false"/>
        <pair condim="6"/>
        <equality solref="0.05 1"/>
        <tendon width="0.1"/>
        <position kp="7"/>
      </default>
    </default>
    <asset>
      <mesh name="m" class="c" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>
      <material name="mat" class="c"/>
    </asset>
    <worldbody>
      <body childclass="c">
        <joint name="j"/>
        <geom name="g" size="1 1 1"/>
        <site name="s"/>
        <camera name="cam"/>
        <light name="l"/>
      </body>
    </worldbody>
    <contact><pair name="p" class="c" geom1="g" geom2="g"/></contact>
    <equality><joint name="e" class="c" joint1="j"/></equality>
    <tendon><fixed name="t" class="c"><joint joint="j" coef="1"/></fixed></tendon>
    <actuator><position name="a" class="c" joint="j"/></actuator>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjSpec* s = p.spec;
  EXPECT_EQ(mjs_asMesh(mjs_findElement(s, mjOBJ_MESH, "m"))->scale[0], 2);
  EXPECT_EQ(mjs_asMaterial(mjs_findElement(s, mjOBJ_MATERIAL, "mat"))->shininess, 0.1f);
  EXPECT_EQ(Joint(s, "j")->type, mjJNT_SLIDE);
  EXPECT_EQ(Joint(s, "j")->range[0], -1);
  mjsGeom* g = Geom(s, "g");
  EXPECT_EQ(g->type, mjGEOM_BOX);
  EXPECT_EQ(g->alt.type, mjORIENTATION_EULER);  // orientation alternatives are inherited too
  EXPECT_EQ(g->alt.euler[2], 90);
  EXPECT_EQ(Site(s, "s")->size[0], 0.3);
  EXPECT_EQ(mjs_asCamera(mjs_findElement(s, mjOBJ_CAMERA, "cam"))->fovy, 60);
  EXPECT_EQ(mjs_asCamera(mjs_findElement(s, mjOBJ_CAMERA, "cam"))->mode, mjCAMLIGHT_TRACK);
  EXPECT_EQ(mjs_asLight(mjs_findElement(s, mjOBJ_LIGHT, "l"))->castshadow, 0);
  EXPECT_EQ(mjs_asPair(mjs_findElement(s, mjOBJ_PAIR, "p"))->condim, 6);
  EXPECT_EQ(mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "e"))->solref[0], 0.05);
  EXPECT_EQ(mjs_asTendon(mjs_findElement(s, mjOBJ_TENDON, "t"))->width, 0.1);
  EXPECT_EQ(Actuator(s, "a")->gainprm[0], 7);
}

TEST(XmlReaderDefaults, Errors) {
  std::string e = ParseError(Model("<default class=\"top\"/>"));
  EXPECT_TRUE(Contains(e, "cannot be renamed")) << e;
  ExpectLocated(e, "XML string", 2);
  e = ParseError(Model("<default>\n<default class=\"a\"/>\n<default class=\"a\"/>\n</default>"));
  EXPECT_TRUE(Contains(e, "repeated default class name 'a'")) << e;
  ExpectLocated(e, "XML string", 4);
  e = ParseError(Model("<default><default/></default>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'class'")) << e;
  e = ParseError(Model("<worldbody>\n\n<geom class=\"nope\" size=\"1\"/></worldbody>"));
  EXPECT_TRUE(Contains(e, "unknown default class name 'nope'")) << e;
  ExpectLocated(e, "XML string", 4);
  // names and transmission targets cannot be set in defaults
  e = ParseError(Model("<default><geom name=\"x\"/></default>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'name' in element 'geom'"))
      << e;
  e = ParseError(Model("<default><motor joint=\"x\"/></default>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'joint' in element 'motor'"))
      << e;
  // oracle: default/camera takes mode but not target; default/light has no target, no texture
  e = ParseError(Model("<default><camera target=\"b\"/></default>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'target' in element 'camera'"))
      << e;
  e = ParseError(Model("<default><light target=\"b\"/></default>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'target' in element 'light'"))
      << e;
  e = ParseError(Model("<default><light texture=\"t\"/></default>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'texture' in element 'light'"))
      << e;
  e = ParseError(Model("<default><body/></default>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized element 'body' in element 'default'"))
      << e;
}

// ---------------------------------------------------------------------------------------------
// kinematic tree

TEST(XmlReaderTree, OrientationForms) {
  Parsed p = Parse(R"(<mujoco><worldbody>
    <geom name="q" size="1" quat="0 1 0 0"/>
    <geom name="aa" size="1" axisangle="0 0 1 90"/>
    <geom name="xy" size="1" xyaxes="0 1 0 -1 0 0"/>
    <geom name="z" size="1" zaxis="1 0 0"/>
    <geom name="e" size="1" euler="10 20 30"/>
    <geom name="none" size="1"/>
  </worldbody></mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjsGeom* q = Geom(p.spec, "q");
  EXPECT_EQ(q->alt.type, mjORIENTATION_QUAT);
  EXPECT_EQ(q->quat[1], 1);
  EXPECT_EQ(Geom(p.spec, "aa")->alt.type, mjORIENTATION_AXISANGLE);
  EXPECT_EQ(Geom(p.spec, "aa")->alt.axisangle[3], 90);  // units stay as written
  EXPECT_EQ(Geom(p.spec, "xy")->alt.type, mjORIENTATION_XYAXES);
  EXPECT_EQ(Geom(p.spec, "xy")->alt.xyaxes[3], -1);
  EXPECT_EQ(Geom(p.spec, "z")->alt.type, mjORIENTATION_ZAXIS);
  EXPECT_EQ(Geom(p.spec, "z")->alt.zaxis[0], 1);
  EXPECT_EQ(Geom(p.spec, "e")->alt.type, mjORIENTATION_EULER);
  EXPECT_EQ(Geom(p.spec, "e")->alt.euler[1], 20);
  EXPECT_EQ(Geom(p.spec, "none")->alt.type, mjORIENTATION_QUAT);
  EXPECT_EQ(Geom(p.spec, "none")->quat[0], 1);

  std::string e =
      ParseError(Model("<worldbody>\n<geom size=\"1\" quat=\"1 0 0 0\" "
                       "euler=\"0 0 0\"/></worldbody>"));
  EXPECT_TRUE(Contains(e, "more than one orientation")) << e;
  ExpectLocated(e, "XML string", 3);
}

TEST(XmlReaderTree, BodiesFramesAndTreeElements) {
  Parsed p = Parse(R"(<mujoco><worldbody>
    <frame name="f" pos="1 0 0" euler="0 0 90">
      <frame name="f2" pos="0 1 0">
        <body name="b" pos="0 0 1" mocap="true" gravcomp="0.5" sleep="never" user="1 2 3">
          <inertial pos="0 0 0.1" mass="2" diaginertia="1 2 3" quat="0 0 0 1"/>
          <geom name="g" size="1"/>
        </body>
      </frame>
      <geom name="fg" size="1"/>
    </frame>
    <body name="c">
      <joint name="hinge" type="hinge" axis="1 0 0" range="-30 30" limited="true"
             stiffness="5" damping="1 2" springref="3" user="7"/>
      <freejoint name="free" group="2" align="true"/>
      <frame pos="0 0 3"><joint name="inframe"/></frame>
      <site name="s" type="box" size="0.1 0.2" fromto="0 0 0 1 0 0"/>
      <camera name="cam" mode="targetbody" target="b" output="rgb depth segmentation"
              resolution="64 48" focalpixel="10 20" projection="orthographic"/>
      <light name="l" directional="true" dir="0 0 -2" diffuse="0.1 0.2 0.3"/>
      <light name="l2" type="point" directional="true"/>
      <geom name="cyl" type="cylinder" fromto="0 0 0 0 0 1" size="0.1" friction="0.5"
            mass="3" shellinertia="true" fluidshape="ellipsoid" fluidcoef="1 2"/>
    </body>
  </worldbody></mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjSpec* s = p.spec;
  mjsFrame* f = mjs_findFrame(s, "f");
  mjsFrame* f2 = mjs_findFrame(s, "f2");
  ASSERT_TRUE(f && f2);
  EXPECT_EQ(f->pos[0], 1);
  EXPECT_EQ(f->alt.type, mjORIENTATION_EULER);
  EXPECT_EQ(mjs_getFrame(f2->element), f);
  mjsBody* b = Body(s, "b");
  ASSERT_TRUE(b);
  EXPECT_EQ(mjs_getFrame(b->element), f2);
  EXPECT_EQ(mjs_getFrame(Geom(s, "fg")->element), f);
  EXPECT_EQ(mjs_getFrame(Geom(s, "g")->element), nullptr);
  EXPECT_EQ(b->pos[2], 1);
  EXPECT_EQ(b->mocap, 1);
  EXPECT_EQ(b->gravcomp, 0.5);
  EXPECT_EQ(b->sleep, mjSLEEP_NEVER);
  EXPECT_EQ(Vec(b->userdata), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(b->explicitinertial, 1);
  EXPECT_EQ(b->mass, 2);
  EXPECT_EQ(b->ipos[2], 0.1);
  EXPECT_EQ(b->inertia[1], 2);
  EXPECT_EQ(b->iquat[3], 1);

  mjsJoint* j = Joint(s, "hinge");
  EXPECT_EQ(j->axis[0], 1);
  EXPECT_EQ(j->range[0], -30);  // degrees stay as written, the compiler converts
  EXPECT_EQ(j->limited, mjLIMITED_TRUE);
  // polynomial coefficients: missing components are zero (XMLreference, joint/stiffness)
  EXPECT_EQ(j->stiffness[0], 5);
  EXPECT_EQ(j->stiffness[1], 0);
  EXPECT_EQ(j->damping[1], 2);
  EXPECT_EQ(j->springref, 3);
  EXPECT_EQ(Vec(j->userdata), (std::vector<double>{7}));
  mjsJoint* fj = Joint(s, "free");
  EXPECT_EQ(fj->type, mjJNT_FREE);
  EXPECT_EQ(fj->group, 2);
  EXPECT_EQ(fj->align, mjALIGNFREE_TRUE);
  EXPECT_NE(mjs_getFrame(Joint(s, "inframe")->element), nullptr);

  mjsSite* site = Site(s, "s");
  EXPECT_EQ(site->type, mjGEOM_BOX);
  EXPECT_EQ(site->size[1], 0.2);
  EXPECT_EQ(site->fromto[3], 1);

  mjsCamera* cam = mjs_asCamera(mjs_findElement(s, mjOBJ_CAMERA, "cam"));
  EXPECT_EQ(cam->mode, mjCAMLIGHT_TARGETBODY);
  EXPECT_STREQ(mjs_getString(cam->targetbody), "b");
  EXPECT_EQ(cam->output, mjCAMOUT_RGB | mjCAMOUT_DEPTH | mjCAMOUT_SEG);
  EXPECT_EQ(cam->resolution[1], 48);
  EXPECT_EQ(cam->focal_pixel[1], 20);
  EXPECT_EQ(cam->proj, mjPROJ_ORTHOGRAPHIC);

  mjsLight* l = mjs_asLight(mjs_findElement(s, mjOBJ_LIGHT, "l"));
  EXPECT_EQ(l->type, mjLIGHT_DIRECTIONAL);  // legacy attribute
  EXPECT_EQ(l->dir[2], -2);
  EXPECT_EQ(l->diffuse[1], 0.2f);
  EXPECT_EQ(mjs_asLight(mjs_findElement(s, mjOBJ_LIGHT, "l2"))->type, mjLIGHT_POINT);

  mjsGeom* cyl = Geom(s, "cyl");
  EXPECT_EQ(cyl->type, mjGEOM_CYLINDER);
  EXPECT_EQ(cyl->fromto[5], 1);
  EXPECT_EQ(cyl->size[0], 0.1);
  // friction accepts fewer numbers; the rest keep defaults (oracle: friction="0.5" compiles to
  // 0.5 0.005 0.0001)
  EXPECT_EQ(cyl->friction[0], 0.5);
  EXPECT_EQ(cyl->friction[1], 0.005);
  EXPECT_EQ(cyl->mass, 3);
  EXPECT_EQ(cyl->typeinertia, mjINERTIA_SHELL);
  EXPECT_EQ(cyl->fluid_ellipsoid, 1);
  EXPECT_EQ(cyl->fluid_coefs[1], 2);
}

TEST(XmlReaderTree, FreejointIgnoresJointDefaults) {
  Parsed p = Parse(R"(<mujoco>
    <default><joint damping="5" armature="1"/></default>
    <worldbody><body><freejoint name="f"/><joint name="h"/><geom size="1"/></body></worldbody>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  EXPECT_EQ(Joint(p.spec, "f")->damping[0], 0);
  EXPECT_EQ(Joint(p.spec, "f")->armature, 0);
  EXPECT_EQ(Joint(p.spec, "h")->damping[0], 5);
}

TEST(XmlReaderTree, Errors) {
  std::string e = ParseError(Model("<worldbody>\n<joint/>\n</worldbody>"));
  EXPECT_TRUE(Contains(e, "world body cannot have joints")) << e;
  ExpectLocated(e, "XML string", 3);
  e =
      ParseError(Model("<worldbody><body>\n<inertial pos=\"0 0 0\" mass=\"1\"/>\n"
                       "<inertial pos=\"0 0 0\" mass=\"1\"/></body></worldbody>"));
  EXPECT_TRUE(Contains(e, "'inertial' can appear only once in element 'body'")) << e;
  ExpectLocated(e, "XML string", 4);
  e = ParseError(Model("<worldbody><body><inertial mass=\"1\"/></body></worldbody>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'pos' in element 'inertial'")) << e;
  e = ParseError(Model("<worldbody><body><joint type=\"prismatic\"/></body></worldbody>"));
  EXPECT_TRUE(Contains(e, "invalid keyword: 'prismatic' in attribute 'type' of element 'joint'"))
      << e;
  EXPECT_TRUE(Contains(e, "valid keywords: free, ball, slide, hinge")) << e;
  e = ParseError(Model("<worldbody><body><joint damping=\"1 2 3 4\"/></body></worldbody>"));
  EXPECT_TRUE(Contains(e, "attribute 'damping' of element 'joint' needs 1 to 3 numbers, got 4"))
      << e;
  e = ParseError(Model("<worldbody><camera output=\"rgb color\"/></worldbody>"));
  EXPECT_TRUE(Contains(e, "invalid keyword: 'color'")) << e;
  e = ParseError(Model("<worldbody><body mocap=\"yes\"/></worldbody>"));
  EXPECT_TRUE(Contains(e, "valid keywords: false, true")) << e;
  e = ParseError(Model("<worldbody><geom size=\"1\"><plugin plugin=\"x\"/></geom></worldbody>"));
  EXPECT_TRUE(Contains(e, "plugin x not found")) << e;
}

// ---------------------------------------------------------------------------------------------
// replicate

TEST(XmlReaderReplicate, ExampleOfTheReference) {
  // XMLreference.rst, "Usage example of replicate": names, order and poses
  Parsed p = Parse(R"(<mujoco>
    <worldbody>
      <replicate count="2" offset="0 1 0" euler="90 0 0">
        <replicate count="2" sep="-" offset="1 0 0" euler="0 90 0">
          <site name="Alice" size=".1"/>
        </replicate>
      </replicate>
    </worldbody>
    <sensor>
      <accelerometer name="Bob" site="Alice"/>
    </sensor>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  std::vector<mjsElement*> sites = All(p.spec, mjOBJ_SITE);
  ASSERT_EQ(sites.size(), 4u);
  const char* names[4] = {"Alice-00", "Alice-10", "Alice-01", "Alice-11"};
  // expected world poses: pos and quat of the example's result (quats up to normalization)
  const double pos[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
  const double h = std::sqrt(0.5);
  const double quat[4][4] = {{1, 0, 0, 0}, {h, 0, h, 0}, {h, h, 0, 0}, {0.5, 0.5, 0.5, 0.5}};
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(NameOf(sites[i]), names[i]);
    // compose the site's frames: inner frame, then outer frame
    mjsFrame* inner = mjs_getFrame(sites[i]);
    ASSERT_TRUE(inner);
    mjsFrame* outer = mjs_getFrame(inner->element);
    ASSERT_TRUE(outer);
    double p3[3], q4[4];
    mju_rotVecQuat(p3, inner->pos, outer->quat);
    for (int k = 0; k < 3; k++) {
      p3[k] += outer->pos[k];
    }
    mju_mulQuat(q4, outer->quat, inner->quat);
    for (int k = 0; k < 3; k++) {
      EXPECT_NEAR(p3[k], pos[i][k], 1e-12) << names[i];  // rounding
    }
    for (int k = 0; k < 4; k++) {
      EXPECT_NEAR(q4[k], quat[i][k], 1e-12) << names[i];
    }
  }
  std::vector<mjsElement*> sensors = All(p.spec, mjOBJ_SENSOR);
  ASSERT_EQ(sensors.size(), 4u);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(NameOf(sensors[i]), "Bob" + std::string(names[i]).substr(5));
    EXPECT_STREQ(mjs_getString(mjs_asSensor(sensors[i])->objname), names[i]);
  }
}

TEST(XmlReaderReplicate, DigitsReferencesAndTrees) {
  // oracle: count="10" names g00 ... g09
  Parsed p = Parse(R"(<mujoco>
    <worldbody>
      <body name="base"/>
      <replicate count="10" offset="0 0 1">
        <body name="b">
          <joint name="j"/>
          <geom name="g" size="0.1"/>
          <camera name="c" mode="targetbody" target="b"/>
          <camera name="c2" mode="targetbody" target="base"/>
        </body>
      </replicate>
    </worldbody>
    <actuator><motor name="m" joint="j"/><motor name="other" joint="j00"/></actuator>
    <tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>
    <contact><exclude body1="base" body2="b"/></contact>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  std::vector<mjsElement*> bodies = All(p.spec, mjOBJ_BODY);
  ASSERT_EQ(bodies.size(), 12u);  // world, base, 10 replicas
  EXPECT_EQ(NameOf(bodies[2]), "b00");
  EXPECT_EQ(NameOf(bodies[11]), "b09");
  EXPECT_TRUE(Geom(p.spec, "g07"));
  EXPECT_FALSE(Geom(p.spec, "g7"));
  mjsCamera* c = mjs_asCamera(mjs_findElement(p.spec, mjOBJ_CAMERA, "c03"));
  ASSERT_TRUE(c);
  EXPECT_STREQ(mjs_getString(c->targetbody), "b03");  // reference inside the replicated tree
  mjsCamera* c2 = mjs_asCamera(mjs_findElement(p.spec, mjOBJ_CAMERA, "c203"));
  ASSERT_TRUE(c2);
  EXPECT_STREQ(mjs_getString(c2->targetbody), "base");  // reference outside: unchanged
  // the last replica sits 9 offsets up
  mjsFrame* last = mjs_getFrame(bodies[11]);
  ASSERT_TRUE(last);
  EXPECT_NEAR(last->pos[2], 9, 1e-12);  // sum of nine 1.0 offsets

  std::vector<mjsElement*> acts = All(p.spec, mjOBJ_ACTUATOR);
  ASSERT_EQ(acts.size(), 11u);  // m replicated 10 times, "other" names a replica: once
  EXPECT_EQ(NameOf(acts[4]), "m04");
  EXPECT_STREQ(mjs_getString(mjs_asActuator(acts[4])->target), "j04");
  EXPECT_EQ(NameOf(acts[10]), "other");
  EXPECT_EQ(All(p.spec, mjOBJ_TENDON).size(), 10u);
  std::vector<mjsElement*> ex = All(p.spec, mjOBJ_EXCLUDE);
  ASSERT_EQ(ex.size(), 10u);
  EXPECT_STREQ(mjs_getString(mjs_asExclude(ex[5])->bodyname1), "base");
  EXPECT_STREQ(mjs_getString(mjs_asExclude(ex[5])->bodyname2), "b05");
}

TEST(XmlReaderReplicate, ChainsOfReferencingElements) {
  // a tendon on replicated sites is replicated, and so are the actuator and the sensor on it
  Parsed p = Parse(R"(<mujoco>
    <worldbody>
      <site name="anchor"/>
      <replicate count="3" sep="_" offset="1 0 0">
        <body name="b"><joint/><geom size="0.1"/><site name="s"/></body>
      </replicate>
    </worldbody>
    <equality><tendon tendon1="t"/></equality>
    <tendon><spatial name="t"><site site="anchor"/><site site="s"/></spatial></tendon>
    <actuator><motor name="m" tendon="t"/></actuator>
    <sensor><actuatorfrc name="f" actuator="m"/><tendonpos tendon="t"/></sensor>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  EXPECT_EQ(All(p.spec, mjOBJ_TENDON).size(), 3u);
  EXPECT_EQ(All(p.spec, mjOBJ_EQUALITY).size(), 3u);
  EXPECT_EQ(All(p.spec, mjOBJ_ACTUATOR).size(), 3u);
  EXPECT_EQ(All(p.spec, mjOBJ_SENSOR).size(), 6u);
  mjsSensor* f = Sensor(p.spec, "f_2");
  ASSERT_TRUE(f);
  EXPECT_STREQ(mjs_getString(f->objname), "m_2");
  EXPECT_STREQ(mjs_getString(Actuator(p.spec, "m_1")->target), "t_1");
  mjsTendon* t = mjs_asTendon(mjs_findElement(p.spec, mjOBJ_TENDON, "t_1"));
  ASSERT_TRUE(t);
  ASSERT_EQ(mjs_getWrapNum(t), 2);
  mjsElement* s1 = mjs_findElement(p.spec, mjOBJ_SITE, "s_1");
  ASSERT_TRUE(s1);
  EXPECT_EQ(mjs_getWrapTarget(mjs_getWrap(t, 1)), s1);
}

TEST(XmlReaderReplicate, Errors) {
  std::string e = ParseError(Model("<worldbody>\n<replicate count=\"0\"/></worldbody>"));
  EXPECT_TRUE(Contains(e, "replicate count must be positive")) << e;
  ExpectLocated(e, "XML string", 3);
  e = ParseError(Model("<worldbody><replicate offset=\"1 0 0\"/></worldbody>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'count'")) << e;
  // hostile nesting is bounded instead of exhausting memory
  e =
      ParseError(Model("<worldbody><replicate count=\"1000\"><replicate count=\"1000\">\n"
                       "<replicate count=\"2\"><geom size=\"1\"/></replicate></replicate>"
                       "</replicate></worldbody>"));
  EXPECT_TRUE(Contains(e, "replicate expands to 2000000 copies")) << e;
  ExpectLocated(e, "XML string", 3);
}

// ---------------------------------------------------------------------------------------------
// include

TEST(XmlReaderInclude, FromDiskRelativeToIncludingFile) {
  Parsed p;
  char err[1024] = "";
  std::string file = motus_test::SourcePath("test/data/xml/include_main.xml");
  p.spec = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
  ASSERT_TRUE(p.spec) << err;
  EXPECT_STREQ(mjs_getString(p.spec->modelname), "include main");
  ASSERT_TRUE(Body(p.spec, "arm"));
  ASSERT_TRUE(Body(p.spec, "hand"));  // parts/hand.xml, included from parts/arm.xml
  EXPECT_EQ(mjs_getParent(Body(p.spec, "hand")->element), Body(p.spec, "arm"));
  EXPECT_EQ(Geom(p.spec, "palm")->rgba[2], 1);  // default from parts/defaults.xml
  EXPECT_TRUE(Joint(p.spec, "shoulder"));
  // the model directory is the main file's
  EXPECT_TRUE(Contains(mjs_getString(p.spec->modelfiledir), "test/data/xml/"));
}

TEST(XmlReaderInclude, ErrorsNameTheIncludedFile) {
  char err[1024] = "";
  std::string file = motus_test::SourcePath("test/data/xml/bad_include_main.xml");
  mjSpec* s = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
  EXPECT_EQ(s, nullptr);
  EXPECT_TRUE(Contains(err, "attribute 'pos' of element 'geom' needs 3 numbers, got 2")) << err;
  EXPECT_TRUE(Contains(err, "parts/bad_part.xml'")) << err;
  EXPECT_TRUE(Contains(err, "line 4)")) << err;
}

TEST(XmlReaderInclude, ThroughVfsAndErrors) {
  Vfs v;
  v.Add("main.xml", "<mujoco>\n<worldbody>\n<include file=\"a.xml\"/>\n</worldbody>\n</mujoco>");
  v.Add("a.xml", "<mujoco><geom name=\"ga\" size=\"1\"/><body name=\"ba\"/></mujoco>");
  Parsed p = v.ParseFile("main.xml");
  ASSERT_TRUE(p) << p.error;
  EXPECT_TRUE(Geom(p.spec, "ga"));
  EXPECT_TRUE(Body(p.spec, "ba"));

  // recursion
  v.Add("r1.xml", "<mujoco><include file=\"r2.xml\"/></mujoco>");
  v.Add("r2.xml", "<mujoco>\n<include file=\"r1.xml\"/></mujoco>");
  v.Add("rec.xml", "<mujoco><include file=\"r1.xml\"/></mujoco>");
  Parsed r = v.ParseFile("rec.xml");
  EXPECT_FALSE(r);
  EXPECT_TRUE(Contains(r.error, "recursive include of file 'r1.xml'")) << r.error;
  ExpectLocated(r.error, "r2.xml", 2);

  // the same file twice
  v.Add("twice.xml",
        "<mujoco><worldbody><include file=\"a.xml\"/><include file=\"a.xml\"/></worldbody>"
        "</mujoco>");
  Parsed t = v.ParseFile("twice.xml");
  EXPECT_TRUE(Contains(t.error, "file 'a.xml' is included more than once")) << t.error;

  // wrong root, missing file, no elements, malformed
  v.Add("root.xml", "<mujoco><include file=\"notmj.xml\"/></mujoco>");
  v.Add("notmj.xml", "<robot/>");
  Parsed w = v.ParseFile("root.xml");
  EXPECT_TRUE(Contains(w.error, "must be <mujoco>, found <robot>")) << w.error;
  ExpectLocated(w.error, "notmj.xml", 1);
  v.Add("missing.xml", "<mujoco>\n<include file=\"nothere.xml\"/></mujoco>");
  Parsed m = v.ParseFile("missing.xml");
  EXPECT_TRUE(Contains(m.error, "Error opening file 'nothere.xml' (included file)")) << m.error;
  ExpectLocated(m.error, "missing.xml", 2);
  v.Add("empty.xml", "<mujoco><include file=\"e.xml\"/></mujoco>");
  v.Add("e.xml", "<mujoco/>");
  EXPECT_TRUE(Contains(v.ParseFile("empty.xml").error, "contains no elements"));
  v.Add("mal.xml", "<mujoco><include file=\"bad.xml\"/></mujoco>");
  v.Add("bad.xml", "<mujoco>\n<geom>\n</mujoco>");
  Parsed b = v.ParseFile("mal.xml");
  EXPECT_TRUE(Contains(b.error, "malformed XML")) << b.error;
  EXPECT_TRUE(Contains(b.error, "bad.xml")) << b.error;
}

// ---------------------------------------------------------------------------------------------
// assets and attach

TEST(XmlReaderAssets, MeshTextureMaterialHfieldSkin) {
  Parsed p = Parse(R"(<mujoco>
    <asset>
      <mesh name="tet" vertex="0 0 0 1 0 0 0 1 0 0 0 1" face="0 1 2 0 2 3" refpos="1 2 3"
            inertia="shell" maxhullvert="8" smoothnormal="true"/>
      <mesh file="bunny.obj" scale="2 2 2" content_type="model/obj"/>
      <texture name="sky" type="skybox" builtin="gradient" rgb1="1 0 0" width="64" height="32"
               mark="random" random="0.5"/>
      <texture name="cube" fileright="r.png" fileback="b.png" gridsize="3 4"
               gridlayout=".U..LFRB.D.."/>
      <material name="m" texture="sky" texrepeat="2 3" texuniform="true" rgba="1 0 0 0.5"/>
      <material name="pbr">
        <layer texture="cube" role="normal"/>
        <layer texture="sky" role="orm"/>
      </material>
      <hfield name="h" nrow="2" ncol="3" size="1 2 3 4" elevation="1 2 3 4 5 6"/>
      <skin name="sk" vertex="0 0 0 1 0 0 0 1 0" face="0 1 2" inflate="0.1">
        <bone body="world" bindpos="0 0 0" bindquat="1 0 0 0" vertid="0 1 2"
              vertweight="1 1 1"/>
      </skin>
    </asset>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjSpec* s = p.spec;
  mjsMesh* tet = mjs_asMesh(mjs_findElement(s, mjOBJ_MESH, "tet"));
  ASSERT_TRUE(tet);
  EXPECT_EQ(tet->uservert->size(), 12u);
  EXPECT_EQ(tet->userface->size(), 6u);
  EXPECT_EQ(tet->refpos[2], 3);
  EXPECT_EQ(tet->inertia, mjMESH_INERTIA_SHELL);
  EXPECT_EQ(tet->maxhullvert, 8);
  EXPECT_EQ(tet->smoothnormal, 1);
  std::vector<mjsElement*> meshes = All(s, mjOBJ_MESH);
  ASSERT_EQ(meshes.size(), 2u);
  EXPECT_STREQ(mjs_getString(mjs_asMesh(meshes[1])->file), "bunny.obj");
  EXPECT_STREQ(mjs_getString(mjs_asMesh(meshes[1])->content_type), "model/obj");

  mjsTexture* sky = mjs_asTexture(mjs_findElement(s, mjOBJ_TEXTURE, "sky"));
  EXPECT_EQ(sky->type, mjTEXTURE_SKYBOX);
  EXPECT_EQ(sky->builtin, mjBUILTIN_GRADIENT);
  EXPECT_EQ(sky->mark, mjMARK_RANDOM);
  EXPECT_EQ(sky->rgb1[0], 1);
  EXPECT_EQ(sky->width, 64);
  mjsTexture* cube = mjs_asTexture(mjs_findElement(s, mjOBJ_TEXTURE, "cube"));
  EXPECT_EQ(cube->type, mjTEXTURE_CUBE);
  ASSERT_EQ(cube->cubefiles->size(), 6u);
  EXPECT_EQ((*cube->cubefiles)[0], "r.png");
  EXPECT_EQ((*cube->cubefiles)[1], "");
  EXPECT_EQ((*cube->cubefiles)[5], "b.png");
  EXPECT_EQ(cube->gridsize[1], 4);
  EXPECT_EQ(std::string(cube->gridlayout, 12), ".U..LFRB.D..");

  mjsMaterial* m = mjs_asMaterial(mjs_findElement(s, mjOBJ_MATERIAL, "m"));
  EXPECT_EQ((*m->textures)[mjTEXROLE_RGB], "sky");
  EXPECT_EQ(m->texrepeat[1], 3);
  EXPECT_EQ(m->texuniform, 1);
  EXPECT_EQ(m->rgba[3], 0.5f);
  mjsMaterial* pbr = mjs_asMaterial(mjs_findElement(s, mjOBJ_MATERIAL, "pbr"));
  EXPECT_EQ((*pbr->textures)[mjTEXROLE_NORMAL], "cube");
  EXPECT_EQ((*pbr->textures)[mjTEXROLE_ORM], "sky");

  // elevation rows are stored bottom to top (XMLreference.rst, hfield/elevation)
  mjsHField* h = mjs_asHField(mjs_findElement(s, mjOBJ_HFIELD, "h"));
  EXPECT_EQ(h->size[3], 4);
  EXPECT_EQ(*h->userdata, (std::vector<float>{4, 5, 6, 1, 2, 3}));

  mjsSkin* sk = mjs_asSkin(mjs_findElement(s, mjOBJ_SKIN, "sk"));
  EXPECT_EQ(sk->inflate, 0.1f);
  ASSERT_EQ(sk->bodyname->size(), 1u);
  EXPECT_EQ((*sk->bodyname)[0], "world");
  EXPECT_EQ(sk->bindquat->size(), 4u);
  ASSERT_EQ(sk->vertid->size(), 1u);
  EXPECT_EQ((*sk->vertid)[0].size(), 3u);
}

// Layers in a class's material set single texture roles that the class's materials inherit; a
// material's texture attribute or own layers replace single roles (MuJoCo 3.8.0: mat_texid of the
// three materials below is rgb -1/1/1 and normal 0 for all, and a class's material cannot have
// both the attribute and layers either).
TEST(XmlReaderAssets, LayersOfDefaultMaterials) {
  const std::string textures =
      "<texture name=\"t\" builtin=\"flat\" width=\"8\" height=\"8\" type=\"2d\"/>"
      "<texture name=\"u\" builtin=\"flat\" width=\"8\" height=\"8\" type=\"2d\"/>";
  std::string xml =
      "<mujoco><default><material><layer role=\"normal\" texture=\"t\"/></material>"
      "</default><asset>" +
      textures +
      "<material name=\"m\"/><material name=\"m2\" texture=\"u\"/>"
      "<material name=\"m3\"><layer role=\"rgb\" texture=\"u\"/></material>"
      "</asset></mujoco>";
  Parsed p = Parse(xml);
  ASSERT_TRUE(p) << p.error;
  mjModel* m = mj_compile(p.spec, nullptr);
  ASSERT_NE(m, nullptr) << mjs_getError(p.spec);
  ASSERT_EQ(m->nmat, 3);
  const int rgb[3] = {-1, 1, 1};
  for (int i = 0; i < 3; i++) {
    EXPECT_EQ(m->mat_texid[i * mjNTEXROLE + mjTEXROLE_RGB], rgb[i]) << i;
    EXPECT_EQ(m->mat_texid[i * mjNTEXROLE + mjTEXROLE_NORMAL], 0) << i;
  }
  mj_deleteModel(m);

  std::string e = ParseError(
      "<mujoco><default><material texture=\"u\">\n<layer role=\"normal\" texture=\"t\"/>"
      "</material></default></mujoco>");
  EXPECT_TRUE(Contains(e, "A material with a texture attribute cannot have layer sub-elements"))
      << e;
  ExpectLocated(e, "XML string", 2);
  e = ParseError("<mujoco><default><material><layer texture=\"t\"/></material></default></mujoco>");
  EXPECT_TRUE(Contains(e, "'role'")) << e;
}

TEST(XmlReaderAssets, Errors) {
  std::string e = ParseError(Model("<asset>\n<material/></asset>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'name' in element 'material'")) << e;
  ExpectLocated(e, "XML string", 3);
  e =
      ParseError(Model("<asset><material name=\"m\" texture=\"t\">\n<layer texture=\"t\" "
                       "role=\"rgb\"/></material></asset>"));
  EXPECT_TRUE(Contains(e, "A material with a texture attribute cannot have layer sub-elements"))
      << e;
  e =
      ParseError(Model("<asset><hfield size=\"1 1 1 1\" nrow=\"2\" ncol=\"2\" "
                       "elevation=\"1 2 3\"/></asset>"));
  EXPECT_TRUE(Contains(e, "needs nrow*ncol = 4 numbers, got 3")) << e;
  e = ParseError(Model("<asset><hfield nrow=\"2\" ncol=\"2\"/></asset>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'size'")) << e;
  e = ParseError(Model("<asset><texture type=\"3d\"/></asset>"));
  EXPECT_TRUE(Contains(e, "valid keywords: 2d, cube, skybox")) << e;
  e = ParseError(Model("<deformable>\n<flex name=\"f\"/></deformable>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'body'")) << e;
  ExpectLocated(e, "XML string", 3);
}

TEST(XmlReaderAssets, ModelAndAttach) {
  Vfs v;
  v.Add("child.xml", R"(<mujoco model="child">
    <worldbody>
      <body name="torso"><joint name="j"/><geom name="g" size="0.1"/></body>
      <body name="other"><geom size="0.1"/></body>
    </worldbody>
    <actuator><motor name="m" joint="j"/></actuator>
  </mujoco>)");
  v.Add("main.xml", R"(<mujoco>
    <asset><model file="child.xml"/><model name="second" file="child.xml"/></asset>
    <worldbody>
      <frame pos="1 0 0"><attach model="child" body="torso" prefix="a_"/></frame>
      <body name="holder"><attach model="second" body="torso" prefix="b_"/></body>
    </worldbody>
  </mujoco>)");
  Parsed p = v.ParseFile("main.xml");
  ASSERT_TRUE(p) << p.error;
  EXPECT_TRUE(mjs_findSpec(p.spec, "child"));
  EXPECT_TRUE(mjs_findSpec(p.spec, "second"));
  mjsBody* a = Body(p.spec, "a_torso");
  ASSERT_TRUE(a);
  EXPECT_TRUE(Joint(p.spec, "a_j"));
  EXPECT_TRUE(Geom(p.spec, "b_g"));
  EXPECT_TRUE(Actuator(p.spec, "a_m"));  // referencing elements come along
  EXPECT_FALSE(Body(p.spec, "a_other"));
  EXPECT_EQ(mjs_getParent(Body(p.spec, "b_torso")->element), Body(p.spec, "holder"));

  v.Add("bad.xml", R"(<mujoco><asset><model file="child.xml"/></asset>
    <worldbody>
      <attach model="child" body="nobody" prefix="x"/>
    </worldbody></mujoco>)");
  Parsed b = v.ParseFile("bad.xml");
  EXPECT_TRUE(Contains(b.error, "body 'nobody' not found in model 'child'")) << b.error;
  ExpectLocated(b.error, "bad.xml", 3);
  v.Add("bad2.xml", "<mujoco><worldbody><attach model=\"zz\" prefix=\"x\"/></worldbody></mujoco>");
  EXPECT_TRUE(Contains(v.ParseFile("bad2.xml").error, "unknown model 'zz'"));
  v.Add("self.xml", "<mujoco><asset><model file=\"self.xml\"/></asset></mujoco>");
  EXPECT_TRUE(Contains(v.ParseFile("self.xml").error, "includes itself"));
}

// ---------------------------------------------------------------------------------------------
// non-tree elements

TEST(XmlReaderActuator, ShortcutsAndDefaults) {
  Parsed p = Parse(R"(<mujoco>
    <compiler><lengthrange mode="none"/></compiler>
    <default>
      <default class="pos"><position kp="10" kv="2" timeconst="0.5"/></default>
      <default class="dr"><position kp="10" dampratio="0.5"/></default>
      <default class="mus"><general gainprm="1 0 0 0 0.7"/></default>
    </default>
    <worldbody>
      <body name="b"><joint name="j" range="0 1"/><joint name="j2"/><geom size="1"/>
        <site name="s"/></body>
    </worldbody>
    <actuator>
      <motor name="motor" joint="j" gear="2" ctrlrange="-1 1" forcelimited="true"/>
      <position name="p" class="pos" joint="j"/>
      <position name="p2" class="pos" joint="j" dampratio="1"/>
      <position name="p3" class="dr" joint="j" kp="4"/>
      <velocity name="v" joint="j" kv="3"/>
      <intvelocity name="iv" joint="j" kp="5" actrange="-1 1"/>
      <damper name="d" joint="j" kv="2" ctrlrange="0 1"/>
      <cylinder name="c" tendon="t" diameter="2" bias="1 2 3" timeconst="0.2"/>
      <muscle name="m" joint="j"/>
      <muscle name="m2" class="mus" joint="j" force="100"/>
      <adhesion name="a" body="b" gain="3" ctrlrange="0 1"/>
      <general name="g" site="s" refsite="s" dyntype="integrator" gaintype="affine"
               biastype="affine" gainprm="1 2" biasprm="3" dynprm="4" actdim="2"
               actearly="true" actlimited="true" actrange="0 2" nsample="3" interp="linear"
               delay="0.1" damping="1 2" armature="0.5" user="1 2"/>
      <general name="crank" cranksite="s" slidersite="s" cranklength="0.3"/>
      <general name="jip" jointinparent="j2"/>
    </actuator>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjSpec* s = p.spec;
  mjsActuator* a = Actuator(s, "motor");
  EXPECT_EQ(a->trntype, mjTRN_JOINT);
  EXPECT_STREQ(mjs_getString(a->target), "j");
  EXPECT_EQ(a->gear[0], 2);  // gear accepts fewer than 6 numbers (oracle)
  EXPECT_EQ(a->gear[1], 0);
  EXPECT_EQ(a->ctrlrange[0], -1);
  EXPECT_EQ(a->forcelimited, mjLIMITED_TRUE);
  EXPECT_EQ(a->gaintype, mjGAIN_FIXED);
  EXPECT_EQ(a->biastype, mjBIAS_NONE);

  // oracle: a position element of a class with kp=10 kv=2 timeconst=0.5 gets gainprm 10,
  // biasprm (0,-10,-2), filterexact with dynprm[0] 0.5
  a = Actuator(s, "p");
  EXPECT_EQ(a->gainprm[0], 10);
  EXPECT_EQ(a->biasprm[1], -10);
  EXPECT_EQ(a->biasprm[2], -2);
  EXPECT_EQ(a->dyntype, mjDYN_FILTEREXACT);
  EXPECT_EQ(a->dynprm[0], 0.5);
  // an explicit dampratio replaces the class's kv (stored as positive biasprm[2])
  EXPECT_EQ(Actuator(s, "p2")->biasprm[2], 1);
  EXPECT_EQ(Actuator(s, "p3")->gainprm[0], 4);
  EXPECT_EQ(Actuator(s, "p3")->biasprm[2], 0.5);  // class dampratio kept

  a = Actuator(s, "v");
  EXPECT_EQ(a->gainprm[0], 3);
  EXPECT_EQ(a->biasprm[2], -3);
  a = Actuator(s, "iv");
  EXPECT_EQ(a->dyntype, mjDYN_INTEGRATOR);
  EXPECT_EQ(a->actlimited, mjLIMITED_TRUE);
  EXPECT_EQ(a->biasprm[1], -5);
  EXPECT_EQ(a->actrange[1], 1);
  a = Actuator(s, "d");
  EXPECT_EQ(a->gaintype, mjGAIN_AFFINE);
  EXPECT_EQ(a->gainprm[2], -2);
  EXPECT_EQ(a->ctrllimited, mjLIMITED_TRUE);
  a = Actuator(s, "c");
  EXPECT_EQ(a->trntype, mjTRN_TENDON);
  EXPECT_EQ(a->dyntype, mjDYN_FILTER);
  EXPECT_NEAR(a->gainprm[0], mjPI, 1e-15);  // area = pi/4 * 2^2 (rounding only)
  // oracle (3.3.8 actuator_biasprm): bias="1 2 3" stores only the first number
  EXPECT_EQ(a->biasprm[0], 1);
  EXPECT_EQ(a->biasprm[1], 0);
  EXPECT_EQ(a->biasprm[2], 0);
  EXPECT_EQ(a->dynprm[0], 0.2);
  // oracle: muscle defaults
  a = Actuator(s, "m");
  const double mus[9] = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(a->gainprm[i], mus[i]) << i;
  }
  for (int i = 0; i < 9; i++) {
    EXPECT_EQ(a->biasprm[i], mus[i]) << i;
  }
  EXPECT_EQ(a->dynprm[0], 0.01);
  EXPECT_EQ(a->dynprm[1], 0.04);
  // oracle: a class setting gainprm[4] (lmin) through <general> keeps it for the muscle
  a = Actuator(s, "m2");
  EXPECT_EQ(a->gainprm[4], 0.7);
  EXPECT_EQ(a->gainprm[2], 100);
  EXPECT_EQ(a->gainprm[0], 0.75);
  a = Actuator(s, "a");
  EXPECT_EQ(a->trntype, mjTRN_BODY);
  EXPECT_STREQ(mjs_getString(a->target), "b");
  EXPECT_EQ(a->gainprm[0], 3);
  a = Actuator(s, "g");
  EXPECT_EQ(a->trntype, mjTRN_SITE);
  EXPECT_STREQ(mjs_getString(a->refsite), "s");
  EXPECT_EQ(a->dyntype, mjDYN_INTEGRATOR);
  EXPECT_EQ(a->gaintype, mjGAIN_AFFINE);
  EXPECT_EQ(a->biastype, mjBIAS_AFFINE);
  EXPECT_EQ(a->gainprm[1], 2);
  EXPECT_EQ(a->biasprm[0], 3);
  EXPECT_EQ(a->dynprm[0], 4);
  EXPECT_EQ(a->actdim, 2);
  EXPECT_EQ(a->actearly, 1);
  EXPECT_EQ(a->actlimited, mjLIMITED_TRUE);
  EXPECT_EQ(a->nsample, 3);
  EXPECT_EQ(a->interp, 1);
  EXPECT_EQ(a->delay, 0.1);
  EXPECT_EQ(a->damping[1], 2);
  EXPECT_EQ(a->damping[2], 0);
  EXPECT_EQ(a->armature, 0.5);
  EXPECT_EQ(Vec(a->userdata), (std::vector<double>{1, 2}));
  a = Actuator(s, "crank");
  EXPECT_EQ(a->trntype, mjTRN_SLIDERCRANK);
  EXPECT_STREQ(mjs_getString(a->slidersite), "s");
  EXPECT_EQ(a->cranklength, 0.3);
  EXPECT_EQ(Actuator(s, "jip")->trntype, mjTRN_JOINTINPARENT);
}

TEST(XmlReaderActuator, Errors) {
  const std::string tree =
      "<worldbody><body><joint name=\"j\"/><geom size=\"1\"/></body></worldbody>";
  std::string e = ParseError(Model(tree + "<actuator>\n<motor joint=\"j\" tendon=\"t\"/>"
                                          "</actuator>"));
  EXPECT_TRUE(Contains(e, "only one transmission target")) << e;
  ExpectLocated(e, "XML string", 3);
  e = ParseError(Model(tree + "<actuator><motor joint=\"j\" kp=\"1\"/></actuator>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'kp' in element 'motor'"))
      << e;
  e = ParseError(Model(tree + "<actuator><position joint=\"j\" kv=\"1\" dampratio=\"1\"/>"
                              "</actuator>"));
  EXPECT_TRUE(Contains(e, "'kv' and 'dampratio'")) << e;
  e = ParseError(Model(tree + "<actuator><muscle joint=\"j\" site=\"s\"/></actuator>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'site' in element 'muscle'"))
      << e;
  e = ParseError(Model(tree + "<actuator><adhesion/></actuator>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'body'")) << e;
  e = ParseError(Model(tree + "<actuator><position joint=\"j\" kp=\"-1\"/></actuator>"));
  EXPECT_TRUE(Contains(e, "invalid position actuator")) << e;
  e = ParseError(Model(tree + "<actuator><general joint=\"j\" gainprm=\"1 2 3 4 5 6 7 8 9 10 "
                              "11\"/></actuator>"));
  EXPECT_TRUE(Contains(e, "needs 1 to 10 numbers, got 11")) << e;
  e = ParseError(Model(tree + "<actuator><plugin plugin=\"p\"/></actuator>"));
  EXPECT_TRUE(Contains(e, "plugin p not found")) << e;
}

TEST(XmlReaderElements, SensorsAndTheirObjects) {
  // object and reference types checked against the oracle's sensor_objtype / reftype / intprm
  Parsed p = Parse(R"(<mujoco>
    <asset><mesh name="msh" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/></asset>
    <worldbody>
      <body name="b"><joint name="j"/><geom name="g" size="1"/><site name="s"/>
        <camera name="c" resolution="2 2"/></body>
      <body name="b2" pos="3 0 0"><joint/><geom name="g2" size="1"/></body>
    </worldbody>
    <sensor>
      <touch name="touch" site="s" noise="0.1" cutoff="2" user="5"/>
      <jointpos name="jp" joint="j" nsample="4" interval="0.5" delay="0.01" interp="cubic"/>
      <subtreecom name="sc" body="b"/>
      <rangefinder name="rf" camera="c" data="dist normal"/>
      <rangefinder name="rf2" site="s"/>
      <camprojection name="cp" site="s" camera="c"/>
      <insidesite name="in" objtype="geom" objname="g" site="s"/>
      <distance name="dist" geom1="g" body2="b2"/>
      <contact name="con" body1="b" subtree2="b2" num="3" data="found force pos"
               reduce="mindist"/>
      <contact name="con2" site="s" geom2="g"/>
      <framepos name="fp" objtype="body" objname="b" reftype="site" refname="s"/>
      <tactile name="tac" geom="g" mesh="msh"/>
      <user name="u" dim="2" objtype="body" objname="b" needstage="vel" datatype="positive"/>
      <clock name="clk"/>
    </sensor>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjSpec* s = p.spec;
  mjsSensor* t = Sensor(s, "touch");
  EXPECT_EQ(t->type, mjSENS_TOUCH);
  EXPECT_EQ(t->objtype, mjOBJ_SITE);
  EXPECT_STREQ(mjs_getString(t->objname), "s");
  EXPECT_EQ(t->noise, 0.1);
  EXPECT_EQ(t->cutoff, 2);
  EXPECT_EQ(Vec(t->userdata), (std::vector<double>{5}));
  mjsSensor* jp = Sensor(s, "jp");
  EXPECT_EQ(jp->objtype, mjOBJ_JOINT);
  EXPECT_EQ(jp->nsample, 4);
  EXPECT_EQ(jp->interval[0], 0.5);
  EXPECT_EQ(jp->interval[1], 0);
  EXPECT_EQ(jp->delay, 0.01);
  EXPECT_EQ(jp->interp, 2);
  EXPECT_EQ(Sensor(s, "sc")->objtype, mjOBJ_BODY);
  mjsSensor* rf = Sensor(s, "rf");
  EXPECT_EQ(rf->objtype, mjOBJ_CAMERA);
  EXPECT_EQ(rf->intprm[0], (1 << mjRAYDATA_DIST) | (1 << mjRAYDATA_NORMAL));
  EXPECT_EQ(Sensor(s, "rf2")->objtype, mjOBJ_SITE);
  EXPECT_EQ(Sensor(s, "rf2")->intprm[0], 0);
  mjsSensor* cp = Sensor(s, "cp");
  EXPECT_EQ(cp->objtype, mjOBJ_SITE);
  EXPECT_EQ(cp->reftype, mjOBJ_CAMERA);
  mjsSensor* in = Sensor(s, "in");
  EXPECT_EQ(in->objtype, mjOBJ_GEOM);
  EXPECT_EQ(in->reftype, mjOBJ_SITE);
  mjsSensor* d = Sensor(s, "dist");
  EXPECT_EQ(d->type, mjSENS_GEOMDIST);
  EXPECT_EQ(d->objtype, mjOBJ_GEOM);
  EXPECT_EQ(d->reftype, mjOBJ_BODY);
  // oracle: body1 + subtree2 -> objtype body, reftype xbody, intprm (19, 1, 3)
  mjsSensor* con = Sensor(s, "con");
  EXPECT_EQ(con->objtype, mjOBJ_BODY);
  EXPECT_EQ(con->reftype, mjOBJ_XBODY);
  EXPECT_EQ(con->intprm[0], 19);
  EXPECT_EQ(con->intprm[1], 1);
  EXPECT_EQ(con->intprm[2], 3);
  // oracle: site + geom2 -> objtype site, reftype geom, intprm (1, 0, 1)
  mjsSensor* con2 = Sensor(s, "con2");
  EXPECT_EQ(con2->objtype, mjOBJ_SITE);
  EXPECT_EQ(con2->reftype, mjOBJ_GEOM);
  EXPECT_EQ(con2->intprm[0], 1);
  EXPECT_EQ(con2->intprm[2], 1);
  mjsSensor* fp = Sensor(s, "fp");
  EXPECT_EQ(fp->type, mjSENS_FRAMEPOS);
  EXPECT_EQ(fp->objtype, mjOBJ_BODY);
  EXPECT_EQ(fp->reftype, mjOBJ_SITE);
  // oracle: tactile objtype mesh, reftype geom
  EXPECT_EQ(Sensor(s, "tac")->objtype, mjOBJ_MESH);
  EXPECT_EQ(Sensor(s, "tac")->reftype, mjOBJ_GEOM);
  mjsSensor* u = Sensor(s, "u");
  EXPECT_EQ(u->type, mjSENS_USER);
  EXPECT_EQ(u->dim, 2);
  EXPECT_EQ(u->needstage, mjSTAGE_VEL);
  EXPECT_EQ(u->datatype, mjDATATYPE_POSITIVE);
  EXPECT_EQ(Sensor(s, "clk")->type, mjSENS_CLOCK);
}

TEST(XmlReaderElements, SensorErrors) {
  const std::string tree = "<worldbody><body name=\"b\"><site name=\"s\"/></body></worldbody>";
  std::string e = ParseError(Model(tree + "<sensor>\n<touch/></sensor>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'site' in element 'touch'")) << e;
  ExpectLocated(e, "XML string", 3);
  e = ParseError(Model(tree + "<sensor><contact geom1=\"g\" site=\"s\"/></sensor>"));
  EXPECT_TRUE(Contains(e, "at most one of (geom1, body1, subtree1, site)")) << e;
  e = ParseError(Model(tree + "<sensor><contact data=\"force found\"/></sensor>"));
  EXPECT_TRUE(Contains(e, "must be listed once each, in the order")) << e;
  e = ParseError(Model(tree + "<sensor><framepos objtype=\"joint\" objname=\"s\"/></sensor>"));
  EXPECT_TRUE(Contains(e, "valid keywords: body, xbody, geom, site, camera")) << e;
  e = ParseError(Model(tree + "<sensor><barometer site=\"s\"/></sensor>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized element 'barometer' in element 'sensor'"))
      << e;
}

TEST(XmlReaderElements, TendonsEqualityContactKeyCustom) {
  Parsed p = Parse(R"(<mujoco>
    <worldbody>
      <body name="b"><joint name="j"/><joint name="j2"/><geom name="g" size="1"/>
        <site name="s1"/><site name="s2"/></body>
    </worldbody>
    <tendon>
      <spatial name="sp" width="0.01" rgba="1 0 0 1" range="0 1" springlength="0.5"
               stiffness="1 2 3">
        <site site="s1"/>
        <geom geom="g" sidesite="s2"/>
        <pulley divisor="2"/>
        <site site="s2"/>
      </spatial>
      <fixed name="fx" limited="true" range="-1 1" springlength="0.2 0.3">
        <joint joint="j" coef="2"/>
      </fixed>
    </tendon>
    <equality>
      <connect name="c" body1="b" anchor="1 2 3"/>
      <connect name="cs" site1="s1" site2="s2" active="false"/>
      <weld name="w" body1="b" anchor="1 2 3" relpose="4 5 6 1 0 0 0" torquescale="7"/>
      <weld name="w0" body1="b"/>
      <weld name="ws" site1="s1" site2="s2"/>
      <joint name="ej" joint1="j" joint2="j2" polycoef="0 2"/>
      <tendon name="et" tendon1="sp" solref="0.1 1"/>
    </equality>
    <contact>
      <pair name="pr" geom1="g" geom2="g" friction="0.5 0.6" condim="4"/>
      <exclude name="ex" body1="b" body2="world"/>
    </contact>
    <keyframe><key name="k" time="1" qpos="0.1 0.2" ctrl=""/></keyframe>
    <custom>
      <numeric name="n" size="4" data="1 2"/>
      <text name="t" data="hello"/>
      <tuple name="tu"><element objtype="body" objname="b" prm="0.5"/>
        <element objtype="tuple" objname="tu"/></tuple>
    </custom>
  </mujoco>)");
  ASSERT_TRUE(p) << p.error;
  mjSpec* s = p.spec;
  mjsTendon* sp = mjs_asTendon(mjs_findElement(s, mjOBJ_TENDON, "sp"));
  ASSERT_TRUE(sp);
  EXPECT_EQ(sp->width, 0.01);
  EXPECT_EQ(sp->springlength[0], 0.5);
  EXPECT_EQ(sp->springlength[1], 0.5);  // oracle: one value sets both
  EXPECT_EQ(sp->stiffness[2], 3);
  ASSERT_EQ(mjs_getWrapNum(sp), 4);
  EXPECT_EQ(mjs_getWrap(sp, 0)->type, mjWRAP_SITE);
  EXPECT_EQ(mjs_getWrapDivisor(mjs_getWrap(sp, 2)), 2);
  mjsTendon* fx = mjs_asTendon(mjs_findElement(s, mjOBJ_TENDON, "fx"));
  EXPECT_EQ(fx->limited, mjLIMITED_TRUE);
  EXPECT_EQ(fx->springlength[1], 0.3);
  ASSERT_EQ(mjs_getWrapNum(fx), 1);
  EXPECT_EQ(mjs_getWrapCoef(mjs_getWrap(fx, 0)), 2);

  // equality data layout checked against the oracle's eq_data
  mjsEquality* c = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "c"));
  EXPECT_EQ(c->type, mjEQ_CONNECT);
  EXPECT_EQ(c->objtype, mjOBJ_BODY);
  EXPECT_STREQ(mjs_getString(c->name1), "b");
  EXPECT_EQ(c->data[2], 3);
  mjsEquality* cs = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "cs"));
  EXPECT_EQ(cs->objtype, mjOBJ_SITE);
  EXPECT_STREQ(mjs_getString(cs->name2), "s2");
  EXPECT_EQ(cs->active, 0);
  mjsEquality* w = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "w"));
  const double wdata[11] = {1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 7};
  for (int i = 0; i < 11; i++) {
    EXPECT_EQ(w->data[i], wdata[i]) << i;
  }
  // oracle (eq_data): a body weld without anchor has anchor 0 0 0; the site form keeps the
  // default data (data[1] = 1), which the compiler ignores
  mjsEquality* w0 = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "w0"));
  for (int i = 0; i < 3; i++) {
    EXPECT_EQ(w0->data[i], 0) << i;
  }
  EXPECT_EQ(w0->data[10], 1);
  mjsEquality* ws = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "ws"));
  EXPECT_EQ(ws->data[1], 1);
  mjsEquality* ej = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "ej"));
  EXPECT_EQ(ej->type, mjEQ_JOINT);
  EXPECT_EQ(ej->objtype, mjOBJ_JOINT);
  EXPECT_EQ(ej->data[0], 0);  // oracle: polycoef "0 2" gives 0 2 0 0 0
  EXPECT_EQ(ej->data[1], 2);
  EXPECT_EQ(ej->data[2], 0);
  mjsEquality* et = mjs_asEquality(mjs_findElement(s, mjOBJ_EQUALITY, "et"));
  EXPECT_EQ(et->type, mjEQ_TENDON);
  EXPECT_EQ(et->solref[0], 0.1);

  mjsPair* pr = mjs_asPair(mjs_findElement(s, mjOBJ_PAIR, "pr"));
  EXPECT_EQ(pr->friction[1], 0.6);
  EXPECT_EQ(pr->friction[2], 0.005);  // unspecified coefficients keep their defaults
  EXPECT_EQ(pr->condim, 4);
  mjsExclude* ex = mjs_asExclude(mjs_findElement(s, mjOBJ_EXCLUDE, "ex"));
  EXPECT_STREQ(mjs_getString(ex->bodyname2), "world");

  mjsKey* k = mjs_asKey(mjs_findElement(s, mjOBJ_KEY, "k"));
  EXPECT_EQ(k->time, 1);
  EXPECT_EQ(Vec(k->qpos), (std::vector<double>{0.1, 0.2}));
  EXPECT_TRUE(Vec(k->ctrl).empty());

  mjsNumeric* n = mjs_asNumeric(mjs_findElement(s, mjOBJ_NUMERIC, "n"));
  EXPECT_EQ(n->size, 4);
  EXPECT_EQ(Vec(n->data), (std::vector<double>{1, 2}));
  EXPECT_STREQ(mjs_getString(mjs_asText(mjs_findElement(s, mjOBJ_TEXT, "t"))->data), "hello");
  mjsTuple* tu = mjs_asTuple(mjs_findElement(s, mjOBJ_TUPLE, "tu"));
  ASSERT_EQ(tu->objtype->size(), 2u);
  EXPECT_EQ((*tu->objtype)[0], mjOBJ_BODY);
  EXPECT_EQ((*tu->objtype)[1], mjOBJ_TUPLE);
  EXPECT_EQ((*tu->objname)[0], "b");
  EXPECT_EQ((*tu->objprm)[0], 0.5);
}

TEST(XmlReaderElements, Errors) {
  const std::string tree =
      "<worldbody><body name=\"b\"><joint name=\"j\"/><site name=\"s\"/>"
      "<geom size=\"1\"/></body></worldbody>";
  // oracle: "either both body1 and anchor must be defined, or both site1 and site2 ..."
  std::string e = ParseError(Model(tree + "<equality>\n<connect site1=\"s\"/></equality>"));
  EXPECT_TRUE(Contains(e, "both site1 and site2 must be defined")) << e;
  ExpectLocated(e, "XML string", 3);
  e = ParseError(Model(tree + "<equality><connect body1=\"b\"/></equality>"));
  EXPECT_TRUE(Contains(e, "either both body1 and anchor")) << e;
  // oracle: "body and site semantics cannot be mixed"
  e = ParseError(Model(tree + "<equality><weld site1=\"s\" site2=\"s\" relpose=\"0 0 0 1 0 0 "
                              "0\"/></equality>"));
  EXPECT_TRUE(Contains(e, "body and site semantics cannot be mixed")) << e;
  // oracle: fixed tendons have no rgba
  e = ParseError(Model(tree + "<tendon><fixed rgba=\"1 0 0 1\"><joint joint=\"j\" coef=\"1\"/>"
                              "</fixed></tendon>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'rgba' in element 'fixed'"))
      << e;
  e = ParseError(Model(tree + "<tendon><fixed><site site=\"s\"/></fixed></tendon>"));
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized element 'site' in element 'fixed'")) << e;
  e = ParseError(Model(tree + "<tendon><spatial><pulley/></spatial></tendon>"));
  EXPECT_TRUE(Contains(e, "required attribute missing: 'divisor'")) << e;
  e = ParseError(Model("<custom><numeric name=\"n\" size=\"1\" data=\"1 2\"/></custom>"));
  EXPECT_TRUE(Contains(e, "more than size 1")) << e;
  e =
      ParseError(Model("<custom><tuple name=\"t\"><element objtype=\"thing\" objname=\"x\"/>"
                       "</tuple></custom>"));
  EXPECT_TRUE(Contains(e, "invalid keyword: 'thing'")) << e;
  e = ParseError(Model("<keyframe><key qpos=\"1 a\"/></keyframe>"));
  EXPECT_TRUE(Contains(e, "bad format in attribute 'qpos' of element 'key': 'a' is not a number"))
      << e;
}

// ---------------------------------------------------------------------------------------------
// general error reporting

TEST(XmlReaderErrors, MessagesCarryFileAndLine) {
  std::string e = ParseError(
      "<mujoco>\n<worldbody>\n<geom size=\"1\" pos=\"1 2\"/>\n"
      "</worldbody>\n</mujoco>");
  EXPECT_TRUE(Contains(e, "attribute 'pos' of element 'geom' needs 3 numbers, got 2")) << e;
  ExpectLocated(e, "XML string", 3);
  e = ParseError("<mujoco>\n<worldbody>\n<geom size=\"1\" pos=\"1 2 3 4\"/></worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "needs 3 numbers, got 4")) << e;
  e = ParseError("<mujoco>\n<worldbody><geom size=\"1\" pos=\"1 x 3\"/></worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "bad format in attribute 'pos' of element 'geom': 'x' is not a number"))
      << e;
  ExpectLocated(e, "XML string", 2);
  e = ParseError("<mujoco>\n<worldbody>\n\n<geom foo=\"1\"/></worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized attribute: 'foo' in element 'geom'"))
      << e;
  ExpectLocated(e, "XML string", 4);
  e = ParseError("<mujoco>\n<worldbody>\n<foo/></worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized element 'foo' in element 'worldbody'"))
      << e;
  ExpectLocated(e, "XML string", 3);
  e = ParseError("<mujoco>\n<bogus/></mujoco>");
  EXPECT_TRUE(Contains(e, "Schema violation: unrecognized element 'bogus' in element 'mujoco'"))
      << e;
  e = ParseError(
      "<mujoco>\n<worldbody><geom size=\"1\" rgba=\"1e39 0 0 1\"/></worldbody>"
      "</mujoco>");
  EXPECT_TRUE(Contains(e, "number is too large in attribute 'rgba' ('1e39' is out of range")) << e;
  e = ParseError("<mujoco>\n<worldbody>\n<geom size=\"1\" condim=\"3.5\"/></worldbody></mujoco>");
  EXPECT_TRUE(
      Contains(e, "bad format in attribute 'condim' of element 'geom': '3.5' is not an integer"))
      << e;
  e = ParseError("<mujoco>\n<option integrator=\"euler\"/></mujoco>");
  EXPECT_TRUE(Contains(e,
                       "invalid keyword: 'euler' in attribute 'integrator' of element 'option'; "
                       "valid keywords: Euler, RK4, implicit, implicitfast"))
      << e;
  ExpectLocated(e, "XML string", 2);
  e = ParseError("<mujoco>\n<worldbody>\n<body>\n</worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "malformed XML")) << e;
  e = ParseError("<robotic/>");  // <robot> is URDF (urdf_test)
  EXPECT_TRUE(Contains(e,
                       "Unrecognized XML model type: 'robotic' (the root element must be "
                       "<mujoco>, or <robot> for URDF)"))
      << e;
  e = ParseError("");
  EXPECT_TRUE(Contains(e, "malformed XML")) << e;

  // composite: cable is the only type; its points are required
  e = ParseError(
      "<mujoco>\n<worldbody>\n<body>\n<composite type=\"cable\"/>"
      "</body></worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "composite cable needs attribute 'count' or 'vertex'")) << e;
  ExpectLocated(e, "XML string", 4);
  e = ParseError(
      "<mujoco>\n<worldbody>\n<body>\n<composite type=\"grid\" count=\"3 3 1\"/>"
      "</body></worldbody></mujoco>");
  EXPECT_TRUE(Contains(e, "grid")) << e;
  ExpectLocated(e, "XML string", 4);
  e = ParseError("<mujoco>\n<extension><plugin plugin=\"x\"/></extension></mujoco>");
  EXPECT_TRUE(Contains(e, "plugin x not found")) << e;
  ExpectLocated(e, "XML string", 2);

  // missing file
  char err[512];
  EXPECT_EQ(mj_parseXML("/nonexistent/model.xml", nullptr, err, sizeof(err)), nullptr);
  EXPECT_TRUE(Contains(err, "could not open file '/nonexistent/model.xml'")) << err;
  EXPECT_EQ(mj_loadXML("/nonexistent/model.xml", nullptr, err, sizeof(err)), nullptr);
  EXPECT_TRUE(Contains(err, "could not open file")) << err;
  // NULL and tiny buffers are fine
  EXPECT_EQ(mj_parseXMLString("<x/>", nullptr, nullptr, 0), nullptr);
  char tiny[8];
  EXPECT_EQ(mj_parseXMLString("<x/>", nullptr, tiny, sizeof(tiny)), nullptr);
  EXPECT_EQ(std::strlen(tiny), 7u);
}

// ---------------------------------------------------------------------------------------------
// robustness: truncated and byte-mutated inputs never crash (run under ASan for memory errors)

const char* kFuzzSeed = R"(<mujoco model="fuzz">
  <compiler angle="radian" autolimits="true"/>
  <option timestep="0.01"><flag energy="enable"/></option>
  <size memory="1M"/>
  <visual><global offwidth="100"/><rgba haze="1 1 1 1"/></visual>
  <default>
    <geom rgba="1 0 0 1"/>
    <default class="a"><joint damping="1"/><position kp="3"/></default>
  </default>
  <asset>
    <texture name="t" type="2d" builtin="checker" width="8" height="8"/>
    <material name="m" texture="t"/>
    <mesh name="tet" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>
    <hfield name="h" nrow="2" ncol="2" size="1 1 1 1" elevation="1 2 3 4"/>
  </asset>
  <worldbody>
    <geom type="plane" size="1 1 1" material="m"/>
    <frame pos="0 0 1" euler="0 0 30">
      <body name="b" childclass="a">
        <joint name="j" range="0 1"/>
        <geom name="g" size="0.1" fromto="0 0 0 0 0 1" type="capsule"/>
        <site name="s"/>
        <camera name="c" mode="targetbody" target="b"/>
      </body>
    </frame>
    <replicate count="3" offset="1 0 0" euler="0 0 10" sep="_">
      <body name="r"><freejoint/><geom name="rg" size="0.1"/><site name="rs"/></body>
    </replicate>
  </worldbody>
  <contact><pair geom1="g" geom2="rg"/><exclude body1="b" body2="r"/></contact>
  <equality><connect body1="b" anchor="0 0 0"/><weld site1="s" site2="rs"/></equality>
  <tendon><spatial name="sp"><site site="s"/><site site="rs"/></spatial>
    <fixed name="fx"><joint joint="j" coef="1"/></fixed></tendon>
  <actuator><position class="a" joint="j"/><muscle tendon="sp"/><general site="rs"/></actuator>
  <sensor><jointpos joint="j"/><framepos objtype="site" objname="rs"/>
    <contact body1="b" data="found force"/></sensor>
  <keyframe><key qpos="0.5 0 0 1 1 0 0 0"/></keyframe>
  <custom><numeric name="n" data="1 2"/><text name="x" data="y"/>
    <tuple name="tp"><element objtype="body" objname="b"/></tuple></custom>
</mujoco>)";

TEST(XmlReaderFuzz, SeedParses) {
  Parsed p = Parse(kFuzzSeed);
  ASSERT_TRUE(p) << p.error;
  // jointpos, contact, and framepos of a replicated site (3 copies)
  EXPECT_EQ(All(p.spec, mjOBJ_SENSOR).size(), 5u);
}

TEST(XmlReaderFuzz, TruncatedAndMutatedInputsDoNotCrash) {
  const std::string seed = kFuzzSeed;
  int parsed = 0, failed = 0;
  // every truncation
  for (size_t n = 0; n < seed.size(); n++) {
    Parsed p = Parse(seed.substr(0, n));
    if (p) {
      parsed++;
    } else {
      failed++;
      EXPECT_FALSE(p.error.empty());
    }
  }
  // random byte mutations (fixed seed: reproducible)
  std::mt19937 rng(1234);
  const char alphabet[] = "<>/=\" 0123456789.-abcdefghijklmnopqrstuvwxyz\n\t\x01\xff";
  for (int trial = 0; trial < 3000; trial++) {
    std::string s = seed;
    int nmut = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < nmut; k++) {
      size_t pos = rng() % s.size();
      switch (rng() % 3) {
        case 0:
          s[pos] = alphabet[rng() % (sizeof(alphabet) - 1)];
          break;
        case 1:
          s.erase(pos, 1 + rng() % 8);
          break;
        default:
          s.insert(pos, 1, alphabet[rng() % (sizeof(alphabet) - 1)]);
          break;
      }
    }
    Parsed p = Parse(s);
    if (p) {
      parsed++;
    } else {
      failed++;
      EXPECT_FALSE(p.error.empty());
    }
  }
  EXPECT_GT(failed, 0);
  EXPECT_GT(parsed, 0);
}

// ---------------------------------------------------------------------------------------------
// the shared models: every one parses, except for the features that are not supported yet

TEST(XmlReaderSharedModels, AllParse) {
  std::string dir = motus_test::SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  struct Case {
    const char* file;
    const char* unsupported;  // expected "<x> is not supported yet", or NULL
  };
  const Case cases[] = {
      {"humanoid/humanoid.xml", nullptr},
      {"arm26/arm26.xml", nullptr},
      {"slider_crank/slider_crank.xml", nullptr},
      {"car/car.xml", nullptr},
      {"balloons/balloons.xml", nullptr},
      {"cube_3x3x3/cube_3x3x3.xml", nullptr},
      {"mug/mug.xml", nullptr},
      {"flex_trampoline/trampoline.xml", nullptr},
      {"flex_gripper_trilinear/gripper_trilinear.xml", nullptr},
      {"hammock/hammock/hammock.xml", nullptr},
      {"replicate_stonehenge/stonehenge.xml", nullptr},
      {"humanoid200/humanoid200.xml", nullptr},
      {"flag_skin/flag.xml", nullptr},
      {"dice/dice.xml", nullptr},
      {"collision_mixed/mixed.xml", nullptr},
      {"planks/planks.xml", nullptr},
      {"spheres_cylinders/spheres_cylinders.xml", nullptr},
      {"eq_connect/connect.xml", nullptr},
      {"eq_weld/weld.xml", nullptr},
      {"eq_site/equality_site.xml", nullptr},
      {"tendon_wrap_cylinder/tendon_wrap_cylinder.xml", nullptr},
      {"act_activation/activation.xml", nullptr},
      {"act_refsite_free/refsite_free.xml", nullptr},
      {"act_tendon_dampratio/tendon_dampratio.xml", nullptr},
      {"sensor_contact_subtree/contact_subtree.xml", nullptr},
      {"sensor_fromto_convex/fromto_convex.xml", nullptr},
      {"testdata_model/model.xml", nullptr},
      {"robot_arm/robot_arm.xml", nullptr},
      {"hfield_png/hfield_png.xml", nullptr},
      {"replicate_bunnies/bunnies.xml", nullptr},
  };
  for (const Case& c : cases) {
    std::string file = dir + "/" + c.file;
    char err[1024] = "";
    mjSpec* s = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
    if (c.unsupported) {
      EXPECT_EQ(s, nullptr) << c.file;
      EXPECT_TRUE(Contains(err, "<" + std::string(c.unsupported) + "> is not supported yet"))
          << c.file << ": " << err;
    } else {
      EXPECT_NE(s, nullptr) << c.file << ": " << err;
    }
    if (s) {
      mj_deleteSpec(s);
    }
  }
}

// the project's own models (model/*.xml) all parse
TEST(XmlReaderProjectModels, AllParse) {
  std::string dir = motus_test::SourcePath("model");
  DIR* d = opendir(dir.c_str());
  ASSERT_TRUE(d) << dir;
  int n = 0;
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name.size() < 5 || name.substr(name.size() - 4) != ".xml") {
      continue;
    }
    std::string file = dir + "/" + name;
    char err[1024] = "";
    mjSpec* s = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
    EXPECT_NE(s, nullptr) << name << ": " << err;
    if (s) {
      mj_deleteSpec(s);
    }
    n++;
  }
  closedir(d);
  EXPECT_GT(n, 0);
}

// spot checks of a parsed shared model against the oracle's model sizes
TEST(XmlReaderSharedModels, CountsMatchTheReference) {
  std::string file = motus_test::SharedPath("models/replicate_bunnies/bunnies.xml");
  if (file.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  char err[1024] = "";
  mjSpec* s = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
  ASSERT_TRUE(s) << err;
  // manifest.json (3.3.8): nbody 127 (world included), ngeom 131, nmesh 1
  EXPECT_EQ(All(s, mjOBJ_BODY).size(), 127u);
  EXPECT_EQ(All(s, mjOBJ_GEOM).size(), 131u);
  EXPECT_EQ(All(s, mjOBJ_MESH).size(), 1u);
  mj_deleteSpec(s);

  file = motus_test::SharedPath("models/sensor_contact_subtree/contact_subtree.xml");
  s = mj_parseXML(file.c_str(), nullptr, err, sizeof(err));
  ASSERT_TRUE(s) << err;
  // manifest: nbody 33, nu 42, nsensor 9 (two attached humanoids)
  EXPECT_EQ(All(s, mjOBJ_BODY).size(), 33u);
  EXPECT_EQ(All(s, mjOBJ_ACTUATOR).size(), 42u);
  EXPECT_EQ(All(s, mjOBJ_SENSOR).size(), 9u);
  mj_deleteSpec(s);
}

// ---------------------------------------------------------------------------------------------
// end to end: mj_loadXML of the shared models against the reference. test/data/xml/
// oracle_models.txt holds, per model, mjModel arrays that the parser determines (structure, types,
// names, parameters as written, poses accumulated through frames and replicates), captured from
// the MuJoCo 3.3.8 oracle (generating command in the file's header). A model whose compilation
// stops at a feature the compiler does not support yet is skipped (reported, not failed).

struct OracleModel {
  std::string file;
  std::vector<std::pair<std::string, std::vector<double>>> fields;
};

// parses the oracle's JSON line: "m.name":[v, v, ...] entries (numbers, "NaN", "Infinity")
std::vector<std::pair<std::string, std::vector<double>>> ParseOracleLine(const std::string& line) {
  std::vector<std::pair<std::string, std::vector<double>>> out;
  size_t pos = 0;
  while ((pos = line.find("\"m.", pos)) != std::string::npos) {
    size_t end = line.find('"', pos + 1);
    std::string name = line.substr(pos + 3, end - pos - 3);
    size_t open = line.find('[', end);
    size_t close = line.find(']', open);
    std::string body = line.substr(open + 1, close - open - 1);
    std::vector<double> v;
    size_t k = 0;
    while (k < body.size()) {
      size_t comma = body.find(',', k);
      if (comma == std::string::npos) {
        comma = body.size();
      }
      std::string tok = body.substr(k, comma - k);
      if (tok == "\"NaN\"") {
        v.push_back(NAN);
      } else if (tok == "\"Infinity\"") {
        v.push_back(INFINITY);
      } else if (tok == "\"-Infinity\"") {
        v.push_back(-INFINITY);
      } else if (!tok.empty()) {
        v.push_back(std::strtod(tok.c_str(), nullptr));
      }
      k = comma + 1;
    }
    out.emplace_back(name, v);
    pos = close;
  }
  return out;
}

std::vector<OracleModel> LoadOracleModels(const std::string& path) {
  std::vector<OracleModel> out;
  FILE* fp = std::fopen(path.c_str(), "r");
  if (!fp) {
    return out;
  }
  std::string line;
  int c;
  auto flush = [&]() {
    if (line.rfind("MODEL ", 0) == 0) {
      out.push_back({line.substr(6), {}});
    } else if (!line.empty() && line[0] == '{' && !out.empty()) {
      out.back().fields = ParseOracleLine(line);
    }
    line.clear();
  };
  while ((c = std::fgetc(fp)) != EOF) {
    if (c == '\n') {
      flush();
    } else {
      line.push_back(static_cast<char>(c));
    }
  }
  flush();
  std::fclose(fp);
  return out;
}

// an mjModel array by name, as doubles; false if there is no such array
bool ModelArray(const mjModel* m, const std::string& name, std::vector<double>* out) {
  out->clear();
#undef MJ_M
#define MJ_M(n) m->n
#define X(type, field, nr, nc)                          \
  if (name == #field) {                                 \
    long long n = static_cast<long long>(m->nr) * (nc); \
    for (long long i = 0; i < n; i++)                   \
      out->push_back(static_cast<double>(m->field[i])); \
    return true;                                        \
  }
  MJMODEL_POINTERS
#undef X
#undef MJ_M
#define MJ_M(n) n
  return false;
}

TEST(XmlReaderSharedModels, LoadXMLMatchesReference) {
  std::string dir = motus_test::SharedPath("models");
  if (dir.empty()) {
    GTEST_SKIP() << "../shared is absent";
  }
  std::vector<OracleModel> models =
      LoadOracleModels(motus_test::SourcePath("test/data/xml/oracle_models.txt"));
  ASSERT_FALSE(models.empty());
  int compared = 0;
  for (const OracleModel& om : models) {
    ASSERT_FALSE(om.fields.empty()) << om.file;
    std::string file = dir + "/" + om.file;
    char err[1024] = "";
    mjModel* m = mj_loadXML(file.c_str(), nullptr, err, sizeof(err));
    if (!m) {
      // the reader must not be the one failing
      EXPECT_FALSE(Contains(err, "XML Error")) << om.file << ": " << err;
      if (Contains(err, "not supported yet") || Contains(err, "not implemented")) {
        std::printf("[ skipped  ] %s: %s\n", om.file.c_str(), err);
        continue;
      }
      ADD_FAILURE() << om.file << ": " << err;
      continue;
    }
    compared++;
    // names are compared as the strings that name_*adr point at (the order of names of other
    // element types, e.g. keyframes, does not matter here)
    std::vector<double> refnames;
    for (const auto& [name, expect] : om.fields) {
      if (name == "names") {
        refnames = expect;
      }
    }
    for (const auto& [name, expect] : om.fields) {
      if (name == "names") {
        continue;
      }
      std::vector<double> got;
      ASSERT_TRUE(ModelArray(m, name, &got)) << name;
      if (got.size() != expect.size()) {
        ADD_FAILURE() << om.file << " m." << name << ": size " << got.size() << ", reference "
                      << expect.size();
        continue;
      }
      if (name.rfind("name_", 0) == 0) {
        for (size_t i = 0; i < got.size(); i++) {
          std::string ours = m->names + static_cast<int>(got[i]), theirs;
          for (size_t k = static_cast<size_t>(expect[i]); k < refnames.size() && refnames[k]; k++) {
            theirs.push_back(static_cast<char>(refnames[k]));
          }
          EXPECT_EQ(ours, theirs) << om.file << " m." << name << "[" << i << "]";
        }
        continue;
      }
      // integer arrays and values written in the XML are exact; poses are composed through
      // frames and replicates, and angles converted from degrees, where a different order of
      // floating-point operations may change the last bits: 1e-12 relative
      const bool approx = name == "body_pos" || name == "body_quat" || name == "jnt_range";
      for (size_t i = 0; i < got.size(); i++) {
        double tol = approx ? 1e-12 * std::max(1.0, std::fabs(expect[i])) : 0;
        if (!(std::fabs(got[i] - expect[i]) <= tol) &&
            !(std::isnan(got[i]) && std::isnan(expect[i]))) {
          ADD_FAILURE() << om.file << " m." << name << "[" << i << "] = " << got[i]
                        << ", reference " << expect[i];
          break;
        }
      }
    }
    mj_deleteModel(m);
  }
  if (!compared) {
    GTEST_SKIP() << "no shared model compiles yet";
  }
}

}  // namespace
