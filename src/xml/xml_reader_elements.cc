// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Elements outside the kinematic tree (XMLreference.rst): contact (pair, exclude), equality
// (connect, weld, joint, tendon, flex, flexvert, flexstrain), tendon (spatial with site, geom and
// pulley; fixed with joint), sensor (every type), keyframe (key) and custom (numeric, text, tuple).
//
// Elements that reference tree elements created by a <replicate> are created once per replica
// (see xml_replicate.h): the loops below run the element parser once per variant suffix.
//
// Equality data layout (mjsEquality.data, as MuJoCo's mjModel.eq_data):
// connect: anchor in data[0..2]; weld: anchor data[0..2], relpose data[3..9], torquescale
// data[10]; joint and tendon: polycoef data[0..4]; flexstrain: cell data[0..2].
//
// Sensor objects (as MuJoCo's sensor_objtype / reftype / intprm): site
// sensors use objtype site; subtree sensors body; collision sensors geom1/body1 as object and
// geom2/body2 as reference; camprojection site + camera reference; insidesite object + site
// reference. The contact sensor takes its first matching criterion (geom1, body1, subtree1 = xbody,
// or site) as object and the second (geom2, body2, subtree2 = xbody) as reference, and stores
// intprm = (data bits in mjtConDataField order, reduce, num). The rangefinder stores its data bits
// (mjtRayDataField order) in intprm[0] only when `data` is given (0 means "dist").

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

// ---- contact ------------------------------------------------------------------------------------

void ParsePair(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsPair* p = mjs_addPair(ctx.spec, ActiveDefault(ctx, a, nullptr));
  CheckSpec(ctx, node, p, "contact pair");
  ReadName(ctx, a, p->element, false);
  a.Require("geom1");
  a.Require("geom2");
  ReadRef(ctx, a, "geom1", p->geomname1);
  ReadRef(ctx, a, "geom2", p->geomname2);
  ReadPairAttrs(a, p);
  a.Finish();
  CheckLeaf(node);
}

void ParseExclude(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsExclude* e = mjs_addExclude(ctx.spec);
  CheckSpec(ctx, node, e, "contact exclusion");
  ReadName(ctx, a, e->element, false);
  a.Require("body1");
  a.Require("body2");
  ReadRef(ctx, a, "body1", e->bodyname1);
  ReadRef(ctx, a, "body2", e->bodyname2);
  a.Finish();
  CheckLeaf(node);
}

// ---- equality -----------------------------------------------------------------------------------

// connect and weld: body semantics (body1 [body2] [anchor] [relpose]) or site semantics
// (site1 site2), never mixed
void ReadConnectWeld(XmlContext& ctx, XmlAttrs& a, mjsEquality* e, bool weld) {
  bool sites = a.Has("site1") || a.Has("site2");
  bool bodies = a.Has("body1") || a.Has("body2") || a.Has("anchor") || a.Has("relpose");
  if (sites && bodies) {
    a.Fail("body and site semantics cannot be mixed in element '" + a.ElementName() + "'");
  }
  if (sites) {
    if (!a.Has("site1") || !a.Has("site2")) {
      a.Fail("both site1 and site2 must be defined in element '" + a.ElementName() + "'");
    }
    e->objtype = mjOBJ_SITE;
    ReadRef(ctx, a, "site1", e->name1);
    ReadRef(ctx, a, "site2", e->name2);
  } else {
    if (!a.Has("body1") || (!weld && !a.Has("anchor"))) {
      a.Fail(weld ? "either body1, or both site1 and site2 must be defined in element 'weld'"
                  : "either both body1 and anchor, or both site1 and site2 must be defined in "
                    "element 'connect'");
    }
    e->objtype = mjOBJ_BODY;
    ReadRef(ctx, a, "body1", e->name1);
    ReadRef(ctx, a, "body2", e->name2);
    // weld anchor defaults to "0 0 0" (XMLreference.rst equality/weld/anchor); data[1] holds the
    // shared default 1 of the joint polycoef otherwise. The site form keeps data as it is (as the
    // reference does).
    if (weld) {
      e->data[0] = e->data[1] = e->data[2] = 0;
    }
    a.Nums("anchor", e->data, 3);
    if (weld) {
      a.Nums("relpose", e->data + 3, 7);
    }
  }
  if (weld) {
    a.Num("torquescale", e->data + 10);
  }
}

void ParseEqualityElement(XmlContext& ctx, const XmlNode& node) {
  std::string kind = node.Name();
  XmlAttrs a(node);
  mjsEquality* e = mjs_addEquality(ctx.spec, ActiveDefault(ctx, a, nullptr));
  CheckSpec(ctx, node, e, "equality constraint");
  ReadName(ctx, a, e->element, false);
  ReadEqualityAttrs(a, e);
  if (kind == "connect") {
    e->type = mjEQ_CONNECT;
    ReadConnectWeld(ctx, a, e, false);
  } else if (kind == "weld") {
    e->type = mjEQ_WELD;
    ReadConnectWeld(ctx, a, e, true);
  } else if (kind == "joint" || kind == "tendon") {
    bool joint = kind == "joint";
    e->type = joint ? mjEQ_JOINT : mjEQ_TENDON;
    e->objtype = joint ? mjOBJ_JOINT : mjOBJ_TENDON;
    const char* first = joint ? "joint1" : "tendon1";
    a.Require(first);
    ReadRef(ctx, a, first, e->name1);
    ReadRef(ctx, a, joint ? "joint2" : "tendon2", e->name2);
    a.Nums("polycoef", e->data, 5, true);
  } else {  // flex, flexvert, flexstrain
    e->type = kind == "flex" ? mjEQ_FLEX : kind == "flexvert" ? mjEQ_FLEXVERT : mjEQ_FLEXSTRAIN;
    e->objtype = mjOBJ_FLEX;
    a.Require("flex");
    ReadRef(ctx, a, "flex", e->name1);
    if (kind == "flexstrain") {
      int cell[3];
      if (a.Ints("cell", cell, 3)) {
        for (int i = 0; i < 3; i++) {
          e->data[i] = cell[i];
        }
      }
    }
  }
  a.Finish();
  CheckLeaf(node);
}

// ---- tendon -------------------------------------------------------------------------------------

void ParseTendonElement(XmlContext& ctx, const XmlNode& node) {
  bool spatial = node.Name() == "spatial";
  XmlAttrs a(node);
  mjsTendon* t = mjs_addTendon(ctx.spec, ActiveDefault(ctx, a, nullptr));
  CheckSpec(ctx, node, t, "tendon");
  ReadName(ctx, a, t->element, false);
  ReadTendonAttrs(a, t, spatial);
  a.Finish();

  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    XmlAttrs w(c);
    mjsWrap* wrap = nullptr;
    if (spatial && n == "site") {
      std::string site;
      w.Require("site");
      ReadRef(ctx, w, "site", &site);
      wrap = mjs_wrapSite(t, site.c_str());
    } else if (spatial && n == "geom") {
      std::string geom, side;
      w.Require("geom");
      ReadRef(ctx, w, "geom", &geom);
      ReadRef(ctx, w, "sidesite", &side);
      wrap = mjs_wrapGeom(t, geom.c_str(), side.c_str());
    } else if (spatial && n == "pulley") {
      double divisor = 0;
      w.Require("divisor");
      w.Num("divisor", &divisor);
      wrap = mjs_wrapPulley(t, divisor);
    } else if (!spatial && n == "joint") {
      std::string joint;
      double coef = 0;
      w.Require("joint");
      w.Require("coef");
      ReadRef(ctx, w, "joint", &joint);
      w.Num("coef", &coef);
      wrap = mjs_wrapJoint(t, joint.c_str(), coef);
    } else {
      UnknownElement(c, node);
    }
    w.Finish();
    CheckLeaf(c);
    CheckSpec(ctx, c, wrap, "tendon wrap");
  }
}

// ---- sensor -------------------------------------------------------------------------------------

struct SensorKind {
  const char* name;
  mjtSensor type;
  const char* objattr;  // attribute naming the object, or NULL
  mjtObj objtype;
};

// sensors whose object is given by one attribute of a fixed type
const SensorKind kSimpleSensors[] = {
    {"touch", mjSENS_TOUCH, "site", mjOBJ_SITE},
    {"accelerometer", mjSENS_ACCELEROMETER, "site", mjOBJ_SITE},
    {"velocimeter", mjSENS_VELOCIMETER, "site", mjOBJ_SITE},
    {"gyro", mjSENS_GYRO, "site", mjOBJ_SITE},
    {"force", mjSENS_FORCE, "site", mjOBJ_SITE},
    {"torque", mjSENS_TORQUE, "site", mjOBJ_SITE},
    {"magnetometer", mjSENS_MAGNETOMETER, "site", mjOBJ_SITE},
    {"jointpos", mjSENS_JOINTPOS, "joint", mjOBJ_JOINT},
    {"jointvel", mjSENS_JOINTVEL, "joint", mjOBJ_JOINT},
    {"tendonpos", mjSENS_TENDONPOS, "tendon", mjOBJ_TENDON},
    {"tendonvel", mjSENS_TENDONVEL, "tendon", mjOBJ_TENDON},
    {"actuatorpos", mjSENS_ACTUATORPOS, "actuator", mjOBJ_ACTUATOR},
    {"actuatorvel", mjSENS_ACTUATORVEL, "actuator", mjOBJ_ACTUATOR},
    {"actuatorfrc", mjSENS_ACTUATORFRC, "actuator", mjOBJ_ACTUATOR},
    {"jointactuatorfrc", mjSENS_JOINTACTFRC, "joint", mjOBJ_JOINT},
    {"tendonactuatorfrc", mjSENS_TENDONACTFRC, "tendon", mjOBJ_TENDON},
    {"ballquat", mjSENS_BALLQUAT, "joint", mjOBJ_JOINT},
    {"ballangvel", mjSENS_BALLANGVEL, "joint", mjOBJ_JOINT},
    {"jointlimitpos", mjSENS_JOINTLIMITPOS, "joint", mjOBJ_JOINT},
    {"jointlimitvel", mjSENS_JOINTLIMITVEL, "joint", mjOBJ_JOINT},
    {"jointlimitfrc", mjSENS_JOINTLIMITFRC, "joint", mjOBJ_JOINT},
    {"tendonlimitpos", mjSENS_TENDONLIMITPOS, "tendon", mjOBJ_TENDON},
    {"tendonlimitvel", mjSENS_TENDONLIMITVEL, "tendon", mjOBJ_TENDON},
    {"tendonlimitfrc", mjSENS_TENDONLIMITFRC, "tendon", mjOBJ_TENDON},
    {"subtreecom", mjSENS_SUBTREECOM, "body", mjOBJ_BODY},
    {"subtreelinvel", mjSENS_SUBTREELINVEL, "body", mjOBJ_BODY},
    {"subtreeangmom", mjSENS_SUBTREEANGMOM, "body", mjOBJ_BODY},
    {"e_potential", mjSENS_E_POTENTIAL, nullptr, mjOBJ_UNKNOWN},
    {"e_kinetic", mjSENS_E_KINETIC, nullptr, mjOBJ_UNKNOWN},
    {"clock", mjSENS_CLOCK, nullptr, mjOBJ_UNKNOWN}};

// frame sensors: objtype/objname and optional reftype/refname
const SensorKind kFrameSensors[] = {{"framepos", mjSENS_FRAMEPOS, nullptr, mjOBJ_UNKNOWN},
                                    {"framequat", mjSENS_FRAMEQUAT, nullptr, mjOBJ_UNKNOWN},
                                    {"framexaxis", mjSENS_FRAMEXAXIS, nullptr, mjOBJ_UNKNOWN},
                                    {"frameyaxis", mjSENS_FRAMEYAXIS, nullptr, mjOBJ_UNKNOWN},
                                    {"framezaxis", mjSENS_FRAMEZAXIS, nullptr, mjOBJ_UNKNOWN},
                                    {"framelinvel", mjSENS_FRAMELINVEL, nullptr, mjOBJ_UNKNOWN},
                                    {"frameangvel", mjSENS_FRAMEANGVEL, nullptr, mjOBJ_UNKNOWN},
                                    {"framelinacc", mjSENS_FRAMELINACC, nullptr, mjOBJ_UNKNOWN},
                                    {"frameangacc", mjSENS_FRAMEANGACC, nullptr, mjOBJ_UNKNOWN}};

const XmlKeyword kFrameObj[] = {{"body", mjOBJ_BODY},
                                {"xbody", mjOBJ_XBODY},
                                {"geom", mjOBJ_GEOM},
                                {"site", mjOBJ_SITE},
                                {"camera", mjOBJ_CAMERA}};
// element types that can be named (tuple elements, user sensors)
const XmlKeyword kNamedObj[] = {
    {"body", mjOBJ_BODY},         {"xbody", mjOBJ_XBODY},       {"joint", mjOBJ_JOINT},
    {"dof", mjOBJ_DOF},           {"geom", mjOBJ_GEOM},         {"site", mjOBJ_SITE},
    {"camera", mjOBJ_CAMERA},     {"light", mjOBJ_LIGHT},       {"flex", mjOBJ_FLEX},
    {"mesh", mjOBJ_MESH},         {"skin", mjOBJ_SKIN},         {"hfield", mjOBJ_HFIELD},
    {"texture", mjOBJ_TEXTURE},   {"material", mjOBJ_MATERIAL}, {"pair", mjOBJ_PAIR},
    {"exclude", mjOBJ_EXCLUDE},   {"equality", mjOBJ_EQUALITY}, {"tendon", mjOBJ_TENDON},
    {"actuator", mjOBJ_ACTUATOR}, {"sensor", mjOBJ_SENSOR},     {"numeric", mjOBJ_NUMERIC},
    {"text", mjOBJ_TEXT},         {"tuple", mjOBJ_TUPLE},       {"key", mjOBJ_KEY},
    {"plugin", mjOBJ_PLUGIN}};
const XmlKeyword kDataType[] = {{"real", mjDATATYPE_REAL},
                                {"positive", mjDATATYPE_POSITIVE},
                                {"axis", mjDATATYPE_AXIS},
                                {"quaternion", mjDATATYPE_QUATERNION}};
const XmlKeyword kStage[] = {{"pos", mjSTAGE_POS}, {"vel", mjSTAGE_VEL}, {"acc", mjSTAGE_ACC}};
const XmlKeyword kInterp[] = {{"zoh", 0}, {"linear", 1}, {"cubic", 2}};
const XmlKeyword kReduce[] = {{"none", 0}, {"mindist", 1}, {"maxforce", 2}, {"netforce", 3}};
const char* kConData[] = {"found", "force", "torque", "dist", "pos", "normal", "tangent"};
const char* kRayData[] = {"dist", "dir", "origin", "point", "normal", "depth"};

// attributes common to all sensors (modeling.rst, CSensor)
void ReadSensorCommon(XmlAttrs& a, mjsSensor* s, bool history) {
  a.Num("noise", &s->noise);
  a.Num("cutoff", &s->cutoff);
  ReadUser(a, s->userdata);
  if (!history) {
    return;
  }
  a.Int("nsample", &s->nsample);
  a.Keyword("interp", kInterp, &s->interp);
  a.Num("delay", &s->delay);
  double interval[2] = {s->interval[0], s->interval[1]};
  if (a.Nums("interval", interval, 2, true) == 1) {
    interval[1] = 0;  // period only: phase 0
  }
  s->interval[0] = interval[0];
  s->interval[1] = interval[1];
}

// ordered keyword list ("dist point normal") -> bit field; the relative order must follow `order`
int ReadOrderedBits(XmlAttrs& a, const char* attr, const char* const* order, int norder) {
  std::vector<std::string> words;
  a.Words(attr, &words);
  int bits = 0, last = -1;
  for (const std::string& w : words) {
    int k = -1;
    for (int i = 0; i < norder; i++) {
      if (w == order[i]) {
        k = i;
      }
    }
    if (k < 0) {
      std::string valid;
      for (int i = 0; i < norder; i++) {
        valid += (i ? ", " : "") + std::string(order[i]);
      }
      a.Fail("invalid keyword: '" + w + "' in attribute '" + attr + "' of element '" +
             a.ElementName() + "'; valid keywords: " + valid);
    }
    if (k <= last) {
      a.Fail("data types in attribute '" + std::string(attr) + "' of element '" + a.ElementName() +
             "' must be listed once each, in the order: " + order[0] + ", " + order[1] + ", ...");
    }
    last = k;
    bits |= 1 << k;
  }
  return bits;
}

// one of several alternative attributes naming an object; returns false if none is present
bool ReadOneOf(XmlContext& ctx, XmlAttrs& a, const char* const* attrs, const mjtObj* types, int n,
               mjtObj* type, mjString* name) {
  int found = -1;
  for (int i = 0; i < n; i++) {
    if (!a.Has(attrs[i])) {
      continue;
    }
    if (found >= 0) {
      std::string list;
      for (int k = 0; k < n; k++) {
        list += (k ? ", " : "") + std::string(attrs[k]);
      }
      a.Fail("at most one of (" + list + ") can be specified in element '" + a.ElementName() + "'");
    }
    found = i;
  }
  if (found < 0) {
    return false;
  }
  ReadRef(ctx, a, attrs[found], name);
  *type = types[found];
  return true;
}

void ParseSensorElement(XmlContext& ctx, const XmlNode& node) {
  std::string n = node.Name();
  XmlAttrs a(node);
  mjsSensor* s = mjs_addSensor(ctx.spec);
  CheckSpec(ctx, node, s, "sensor");
  ReadName(ctx, a, s->element, false);

  bool done = false;
  for (const SensorKind& k : kSimpleSensors) {
    if (n != k.name) {
      continue;
    }
    s->type = k.type;
    ReadSensorCommon(a, s, true);
    if (k.objattr) {
      a.Require(k.objattr);
      s->objtype = k.objtype;
      ReadRef(ctx, a, k.objattr, s->objname);
    }
    done = true;
  }
  for (const SensorKind& k : kFrameSensors) {
    if (n != k.name) {
      continue;
    }
    s->type = k.type;
    ReadSensorCommon(a, s, true);
    a.Require("objtype");
    a.Require("objname");
    a.Enum("objtype", kFrameObj, &s->objtype);
    ReadRef(ctx, a, "objname", s->objname);
    a.Enum("reftype", kFrameObj, &s->reftype);
    ReadRef(ctx, a, "refname", s->refname);
    if (a.Has("refname") != a.Has("reftype")) {
      a.Fail("attributes 'reftype' and 'refname' must be given together");
    }
    done = true;
  }
  if (done) {
    // nothing else
  } else if (n == "rangefinder") {
    s->type = mjSENS_RANGEFINDER;
    ReadSensorCommon(a, s, true);
    static const char* attrs[] = {"site", "camera"};
    static const mjtObj types[] = {mjOBJ_SITE, mjOBJ_CAMERA};
    if (!ReadOneOf(ctx, a, attrs, types, 2, &s->objtype, s->objname)) {
      a.Fail("rangefinder needs a site or a camera");
    }
    if (a.Has("data")) {
      s->intprm[0] = ReadOrderedBits(a, "data", kRayData, 6);
    }
  } else if (n == "camprojection") {
    s->type = mjSENS_CAMPROJECTION;
    ReadSensorCommon(a, s, true);
    a.Require("site");
    a.Require("camera");
    s->objtype = mjOBJ_SITE;
    ReadRef(ctx, a, "site", s->objname);
    s->reftype = mjOBJ_CAMERA;
    ReadRef(ctx, a, "camera", s->refname);
  } else if (n == "insidesite") {
    s->type = mjSENS_INSIDESITE;
    ReadSensorCommon(a, s, true);
    a.Require("objtype");
    a.Require("objname");
    a.Require("site");
    a.Enum("objtype", kFrameObj, &s->objtype);
    ReadRef(ctx, a, "objname", s->objname);
    s->reftype = mjOBJ_SITE;
    ReadRef(ctx, a, "site", s->refname);
  } else if (n == "distance" || n == "normal" || n == "fromto") {
    s->type = n == "distance" ? mjSENS_GEOMDIST
              : n == "normal" ? mjSENS_GEOMNORMAL
                              : mjSENS_GEOMFROMTO;
    ReadSensorCommon(a, s, true);
    static const char* first[] = {"geom1", "body1"};
    static const char* second[] = {"geom2", "body2"};
    static const mjtObj types[] = {mjOBJ_GEOM, mjOBJ_BODY};
    if (!ReadOneOf(ctx, a, first, types, 2, &s->objtype, s->objname) ||
        !ReadOneOf(ctx, a, second, types, 2, &s->reftype, s->refname)) {
      a.Fail(
          "exactly one of (geom1, body1) and one of (geom2, body2) must be specified in "
          "element '" +
          n + "'");
    }
  } else if (n == "contact") {
    s->type = mjSENS_CONTACT;
    ReadSensorCommon(a, s, true);
    static const char* first[] = {"geom1", "body1", "subtree1", "site"};
    static const mjtObj ftypes[] = {mjOBJ_GEOM, mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_SITE};
    static const char* second[] = {"geom2", "body2", "subtree2"};
    static const mjtObj stypes[] = {mjOBJ_GEOM, mjOBJ_BODY, mjOBJ_XBODY};
    ReadOneOf(ctx, a, first, ftypes, 4, &s->objtype, s->objname);
    ReadOneOf(ctx, a, second, stypes, 3, &s->reftype, s->refname);
    s->intprm[0] = a.Has("data") ? ReadOrderedBits(a, "data", kConData, 7) : 1;  // "found"
    s->intprm[1] = 0;
    a.Keyword("reduce", kReduce, &s->intprm[1]);
    s->intprm[2] = 1;
    a.Int("num", &s->intprm[2]);
    if (s->intprm[2] <= 0) {
      a.Fail("attribute 'num' of element 'contact' must be positive");
    }
  } else if (n == "tactile") {
    s->type = mjSENS_TACTILE;
    a.Int("nsample", &s->nsample);
    a.Keyword("interp", kInterp, &s->interp);
    a.Num("delay", &s->delay);
    a.Nums("interval", s->interval, 2, true);
    ReadUser(a, s->userdata);
    a.Require("geom");
    a.Require("mesh");
    s->objtype = mjOBJ_MESH;
    ReadRef(ctx, a, "mesh", s->objname);
    s->reftype = mjOBJ_GEOM;
    ReadRef(ctx, a, "geom", s->refname);
  } else if (n == "user") {
    s->type = mjSENS_USER;
    ReadSensorCommon(a, s, false);
    a.Require("dim");
    a.Enum("objtype", kNamedObj, &s->objtype);
    ReadRef(ctx, a, "objname", s->objname);
    a.Enum("datatype", kDataType, &s->datatype);
    a.Enum("needstage", kStage, &s->needstage);
    a.Int("dim", &s->dim);
  } else {
    UnknownElement(node, node);  // not reached: the section checks names first
  }
  a.Finish();
  CheckLeaf(node);
}

// <sensor><plugin>: a sensor computed by a plugin instance, optionally attached to an object
// (XMLreference.rst sensor/plugin)
void ParsePluginSensor(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsSensor* s = mjs_addSensor(ctx.spec);
  CheckSpec(ctx, node, s, "sensor");
  ReadName(ctx, a, s->element, false);
  s->type = mjSENS_PLUGIN;
  ReadSensorCommon(a, s, false);
  a.Enum("objtype", kNamedObj, &s->objtype);
  ReadRef(ctx, a, "objname", s->objname);
  a.Enum("reftype", kNamedObj, &s->reftype);
  ReadRef(ctx, a, "refname", s->refname);
  ReadPluginRef(ctx, a, &s->plugin);
  a.Finish();
}

bool IsSensorKind(const std::string& n) {
  for (const SensorKind& k : kSimpleSensors) {
    if (n == k.name) {
      return true;
    }
  }
  for (const SensorKind& k : kFrameSensors) {
    if (n == k.name) {
      return true;
    }
  }
  static const char* kOther[] = {"rangefinder", "camprojection", "insidesite", "distance", "normal",
                                 "fromto",      "contact",       "tactile",    "user"};
  for (const char* k : kOther) {
    if (n == k) {
      return true;
    }
  }
  return false;
}

// runs `parse` once per replicate variant of the element
template <class F>
void ForEachVariant(XmlContext& ctx, const XmlNode& node, F parse) {
  for (const std::string& variant : ctx.rep.Variants(CollectReferences(node))) {
    ctx.variant = variant;
    parse(ctx, node);
  }
  ctx.variant.clear();
}

}  // namespace

void ParseContact(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "pair") {
      ForEachVariant(ctx, c, ParsePair);
    } else if (n == "exclude") {
      ForEachVariant(ctx, c, ParseExclude);
    } else {
      UnknownElement(c, node);
    }
  }
}

void ParseEquality(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  static const char* kKinds[] = {"connect", "weld",     "joint",     "tendon",
                                 "flex",    "flexvert", "flexstrain"};
  for (const XmlNode& c : node.children) {
    bool known = false;
    for (const char* k : kKinds) {
      known = known || c.Name() == k;
    }
    if (!known) {
      UnknownElement(c, node);
    }
    ForEachVariant(ctx, c, ParseEqualityElement);
  }
}

void ParseTendon(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    if (c.Name() != "spatial" && c.Name() != "fixed") {
      UnknownElement(c, node);
    }
    ForEachVariant(ctx, c, ParseTendonElement);
  }
}

void ParseSensor(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    if (c.Name() == "plugin") {
      ForEachVariant(ctx, c, ParsePluginSensor);
      continue;
    }
    if (!IsSensorKind(c.Name())) {
      UnknownElement(c, node);
    }
    ForEachVariant(ctx, c, ParseSensorElement);
  }
}

void ParseKeyframe(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    if (c.Name() != "key") {
      UnknownElement(c, node);
    }
    XmlAttrs a(c);
    mjsKey* k = mjs_addKey(ctx.spec);
    CheckSpec(ctx, c, k, "keyframe");
    ReadName(ctx, a, k->element, false);
    a.Num("time", &k->time);
    struct Vec {
      const char* attr;
      mjDoubleVec* dest;
    };
    const Vec vecs[] = {{"qpos", k->qpos}, {"qvel", k->qvel}, {"act", k->act},
                        {"ctrl", k->ctrl}, {"mpos", k->mpos}, {"mquat", k->mquat}};
    for (const Vec& v : vecs) {
      std::vector<double> data;
      if (a.NumList(v.attr, &data, true)) {
        mjs_setDouble(v.dest, data.data(), static_cast<int>(data.size()));
      }
    }
    a.Finish();
    CheckLeaf(c);
  }
}

void ParseCustom(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n != "numeric" && n != "text" && n != "tuple") {
      UnknownElement(c, node);
    }
    XmlAttrs a(c);
    a.Require("name");
    if (n == "numeric") {
      mjsNumeric* num = mjs_addNumeric(ctx.spec);
      CheckSpec(ctx, c, num, "custom numeric");
      ReadName(ctx, a, num->element, false);
      bool hassize = a.Int("size", &num->size);
      std::vector<double> data;
      bool hasdata = a.NumList("data", &data, true);
      if (!hassize && !hasdata) {
        a.Fail("custom numeric '" + std::string(c.elem->Attribute("name")) +
               "' needs 'size' or 'data'");
      }
      if (hassize && num->size <= 0) {
        a.Fail("numeric size must be positive");
      }
      if (hassize && static_cast<int>(data.size()) > num->size) {
        a.Fail("attribute 'data' has too much data (numeric data has " +
               std::to_string(data.size()) + " values, more than size " +
               std::to_string(num->size) + ")");
      }
      if (hasdata) {
        mjs_setDouble(num->data, data.data(), static_cast<int>(data.size()));
      }
      a.Finish();
      CheckLeaf(c);
    } else if (n == "text") {
      mjsText* t = mjs_addText(ctx.spec);
      CheckSpec(ctx, c, t, "custom text");
      ReadName(ctx, a, t->element, false);
      a.Require("data");
      a.Str("data", t->data);
      a.Finish();
      CheckLeaf(c);
    } else if (n == "tuple") {
      mjsTuple* t = mjs_addTuple(ctx.spec);
      CheckSpec(ctx, c, t, "custom tuple");
      ReadName(ctx, a, t->element, false);
      a.Finish();
      std::vector<int> types;
      std::vector<double> prms;
      for (const XmlNode& e : c.children) {
        if (e.Name() != "element") {
          UnknownElement(e, c);
        }
        XmlAttrs ea(e);
        int type = mjOBJ_UNKNOWN;
        std::string objname;
        double prm = 0;
        ea.Require("objtype");
        ea.Require("objname");
        ea.Keyword("objtype", kNamedObj, &type);
        ea.Str("objname", &objname);
        ea.Num("prm", &prm);
        ea.Finish();
        CheckLeaf(e);
        types.push_back(type);
        prms.push_back(prm);
        mjs_appendString(t->objname, objname.c_str());
      }
      mjs_setInt(t->objtype, types.data(), static_cast<int>(types.size()));
      mjs_setDouble(t->objprm, prms.data(), static_cast<int>(prms.size()));
    } else {
      UnknownElement(c, node);
    }
  }
}

// ---- attributes shared with default classes -----------------------------------------------------

void ReadPairAttrs(XmlAttrs& a, mjsPair* p) {
  a.Int("condim", &p->condim);
  a.Nums("friction", p->friction, 5, true);
  a.Nums("solref", p->solref, mjNREF, true);
  a.Nums("solreffriction", p->solreffriction, mjNREF, true);
  a.Nums("solimp", p->solimp, mjNIMP, true);
  a.Num("margin", &p->margin);
  a.Num("gap", &p->gap);
}

void ReadEqualityAttrs(XmlAttrs& a, mjsEquality* e) {
  a.Bool("active", &e->active);
  a.Nums("solref", e->solref, mjNREF, true);
  a.Nums("solimp", e->solimp, mjNIMP, true);
}

void ReadTendonAttrs(XmlAttrs& a, mjsTendon* t, bool spatial) {
  a.Int("group", &t->group);
  a.Keyword("limited", kXmlLimited, &t->limited);
  a.Keyword("actuatorfrclimited", kXmlLimited, &t->actfrclimited);
  a.Nums("range", t->range, 2);
  a.Nums("actuatorfrcrange", t->actfrcrange, 2);
  a.Nums("solreflimit", t->solref_limit, mjNREF, true);
  a.Nums("solimplimit", t->solimp_limit, mjNIMP, true);
  a.Nums("solreffriction", t->solref_friction, mjNREF, true);
  a.Nums("solimpfriction", t->solimp_friction, mjNIMP, true);
  a.Num("margin", &t->margin);
  a.Num("frictionloss", &t->frictionloss);
  // springlength: one value is the rest length, two values a dead band
  double len[2];
  int n = a.Nums("springlength", len, 2, true);
  if (n == 1) {
    len[1] = len[0];
  }
  if (n) {
    t->springlength[0] = len[0];
    t->springlength[1] = len[1];
  }
  double poly[mjNPOLY + 1] = {0};
  if (a.Nums("stiffness", poly, mjNPOLY + 1, true)) {
    for (int i = 0; i <= mjNPOLY; i++) {
      t->stiffness[i] = poly[i];
    }
  }
  double damp[mjNPOLY + 1] = {0};
  if (a.Nums("damping", damp, mjNPOLY + 1, true)) {
    for (int i = 0; i <= mjNPOLY; i++) {
      t->damping[i] = damp[i];
    }
  }
  a.Num("armature", &t->armature);
  ReadUser(a, t->userdata);
  if (spatial) {  // appearance: spatial tendons only
    a.Num("width", &t->width);
    a.Str("material", t->material);
    a.Nums("rgba", t->rgba, 4);
  }
}

}  // namespace mjcf
}  // namespace motus
