// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Global settings (XMLreference.rst): <compiler> (with <lengthrange>), <option> (with <flag>),
// <size>, <statistic> and <visual> (global, quality, headlight, map, scale, rgba). These write
// straight into mjSpec.compiler, .option, the size fields, .stat and .visual.

#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

const XmlKeyword kInertiaFromGeom[] = {{"false", mjINERTIAFROMGEOM_FALSE},
                                       {"true", mjINERTIAFROMGEOM_TRUE},
                                       {"auto", mjINERTIAFROMGEOM_AUTO}};
const XmlKeyword kCoordinate[] = {{"local", 0}, {"global", 1}};
const XmlKeyword kAngle[] = {{"radian", 0}, {"degree", 1}};
const XmlKeyword kLRMode[] = {{"none", mjLRMODE_NONE},
                              {"muscle", mjLRMODE_MUSCLE},
                              {"muscleuser", mjLRMODE_MUSCLEUSER},
                              {"all", mjLRMODE_ALL}};
const XmlKeyword kIntegrator[] = {{"Euler", mjINT_EULER},
                                  {"RK4", mjINT_RK4},
                                  {"implicit", mjINT_IMPLICIT},
                                  {"implicitfast", mjINT_IMPLICITFAST}};
const XmlKeyword kCone[] = {{"pyramidal", mjCONE_PYRAMIDAL}, {"elliptic", mjCONE_ELLIPTIC}};
const XmlKeyword kJacobian[] = {
    {"dense", mjJAC_DENSE}, {"sparse", mjJAC_SPARSE}, {"auto", mjJAC_AUTO}};
const XmlKeyword kSolver[] = {{"PGS", mjSOL_PGS}, {"CG", mjSOL_CG}, {"Newton", mjSOL_NEWTON}};

// <compiler><lengthrange> (XMLreference.rst, compiler/lengthrange)
void ParseLengthRange(const XmlNode& node, mjLROpt* opt) {
  XmlAttrs a(node);
  a.Keyword("mode", kLRMode, &opt->mode);
  a.Bool("useexisting", &opt->useexisting);
  a.Bool("uselimit", &opt->uselimit);
  a.Num("accel", &opt->accel);
  a.Num("maxforce", &opt->maxforce);
  a.Num("timeconst", &opt->timeconst);
  a.Num("timestep", &opt->timestep);
  a.Num("inttotal", &opt->inttotal);
  a.Num("interval", &opt->interval);
  a.Num("tolrange", &opt->tolrange);
  a.Finish();
  CheckLeaf(node);
}

// <option><flag>: each attribute enables or disables one bit of disableflags / enableflags
void ParseFlag(const XmlNode& node, mjOption* opt) {
  struct Flag {
    const char* name;
    int bit;
    bool enable;  // bit of enableflags (optional feature) rather than disableflags
  };
  static const Flag kFlags[] = {{"constraint", mjDSBL_CONSTRAINT, false},
                                {"equality", mjDSBL_EQUALITY, false},
                                {"frictionloss", mjDSBL_FRICTIONLOSS, false},
                                {"limit", mjDSBL_LIMIT, false},
                                {"contact", mjDSBL_CONTACT, false},
                                {"spring", mjDSBL_SPRING, false},
                                {"damper", mjDSBL_DAMPER, false},
                                {"gravity", mjDSBL_GRAVITY, false},
                                {"clampctrl", mjDSBL_CLAMPCTRL, false},
                                {"warmstart", mjDSBL_WARMSTART, false},
                                {"filterparent", mjDSBL_FILTERPARENT, false},
                                {"actuation", mjDSBL_ACTUATION, false},
                                {"refsafe", mjDSBL_REFSAFE, false},
                                {"sensor", mjDSBL_SENSOR, false},
                                {"midphase", mjDSBL_MIDPHASE, false},
                                {"eulerdamp", mjDSBL_EULERDAMP, false},
                                {"autoreset", mjDSBL_AUTORESET, false},
                                {"nativeccd", mjDSBL_NATIVECCD, false},
                                {"island", mjDSBL_ISLAND, false},
                                {"multiccd", mjDSBL_MULTICCD, false},
                                {"override", mjENBL_OVERRIDE, true},
                                {"energy", mjENBL_ENERGY, true},
                                {"fwdinv", mjENBL_FWDINV, true},
                                {"invdiscrete", mjENBL_INVDISCRETE, true},
                                {"sleep", mjENBL_SLEEP, true}};
  XmlAttrs a(node);
  for (const Flag& f : kFlags) {
    int on;
    if (!a.Keyword(f.name, kXmlEnable, &on)) {
      continue;
    }
    if (f.enable) {
      opt->enableflags = on ? (opt->enableflags | f.bit) : (opt->enableflags & ~f.bit);
    } else {
      opt->disableflags = on ? (opt->disableflags & ~f.bit) : (opt->disableflags | f.bit);
    }
  }
  a.Finish();
  CheckLeaf(node);
}

// <size memory="...">: bytes, with an optional K/M/G/T/P/E suffix; "-1" lets the compiler guess
mjtSize ParseMemory(XmlAttrs& a, const std::string& text) {
  std::string s = text;
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
    s.pop_back();
  }
  size_t start = 0;
  while (start < s.size() && std::isspace(static_cast<unsigned char>(s[start]))) {
    start++;
  }
  s = s.substr(start);
  if (s == "-1") {
    return -1;
  }
  const std::string bad = "invalid memory size '" + text +
                          "' in element 'size' (expected digits "
                          "with an optional K, M, G, T, P or E suffix, or -1)";
  if (s.empty()) {
    a.Fail(bad);
  }
  int shift = 0;
  switch (s.back()) {
    case 'K':
      shift = 10;
      break;
    case 'M':
      shift = 20;
      break;
    case 'G':
      shift = 30;
      break;
    case 'T':
      shift = 40;
      break;
    case 'P':
      shift = 50;
      break;
    case 'E':
      shift = 60;
      break;
    default:
      break;
  }
  if (shift) {
    s.pop_back();
  }
  if (s.empty() || s.size() > 19) {
    a.Fail(bad);
  }
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') {
      a.Fail(bad);
    }
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  const uint64_t limit = static_cast<uint64_t>(INT64_MAX);
  if (v > (limit >> shift)) {
    a.Fail("memory size '" + text + "' is too large");
  }
  return static_cast<mjtSize>(v << shift);
}

void ReadVisualGlobal(XmlAttrs& a, mjVisual* vis) {
  a.Int("cameraid", &vis->global.cameraid);
  a.Bool("orthographic", &vis->global.orthographic);
  a.Num("fovy", &vis->global.fovy);
  a.Num("ipd", &vis->global.ipd);
  a.Num("azimuth", &vis->global.azimuth);
  a.Num("elevation", &vis->global.elevation);
  a.Num("linewidth", &vis->global.linewidth);
  a.Num("glow", &vis->global.glow);
  a.Num("realtime", &vis->global.realtime);
  a.Int("offwidth", &vis->global.offwidth);
  a.Int("offheight", &vis->global.offheight);
  a.Bool("ellipsoidinertia", &vis->global.ellipsoidinertia);
  a.Bool("bvactive", &vis->global.bvactive);
}

void ReadVisualQuality(XmlAttrs& a, mjVisual* vis) {
  a.Int("shadowsize", &vis->quality.shadowsize);
  a.Int("offsamples", &vis->quality.offsamples);
  a.Int("numslices", &vis->quality.numslices);
  a.Int("numstacks", &vis->quality.numstacks);
  a.Int("numquads", &vis->quality.numquads);
}

void ReadVisualHeadlight(XmlAttrs& a, mjVisual* vis) {
  a.Nums("ambient", vis->headlight.ambient, 3);
  a.Nums("diffuse", vis->headlight.diffuse, 3);
  a.Nums("specular", vis->headlight.specular, 3);
  a.Int("active", &vis->headlight.active);
}

void ReadVisualMap(XmlAttrs& a, mjVisual* vis) {
  a.Num("stiffness", &vis->map.stiffness);
  a.Num("stiffnessrot", &vis->map.stiffnessrot);
  a.Num("force", &vis->map.force);
  a.Num("torque", &vis->map.torque);
  a.Num("alpha", &vis->map.alpha);
  a.Num("fogstart", &vis->map.fogstart);
  a.Num("fogend", &vis->map.fogend);
  a.Num("znear", &vis->map.znear);
  a.Num("zfar", &vis->map.zfar);
  a.Num("haze", &vis->map.haze);
  a.Num("shadowclip", &vis->map.shadowclip);
  a.Num("shadowscale", &vis->map.shadowscale);
  a.Num("actuatortendon", &vis->map.actuatortendon);
}

void ReadVisualScale(XmlAttrs& a, mjVisual* vis) {
  a.Num("forcewidth", &vis->scale.forcewidth);
  a.Num("contactwidth", &vis->scale.contactwidth);
  a.Num("contactheight", &vis->scale.contactheight);
  a.Num("connect", &vis->scale.connect);
  a.Num("com", &vis->scale.com);
  a.Num("camera", &vis->scale.camera);
  a.Num("light", &vis->scale.light);
  a.Num("selectpoint", &vis->scale.selectpoint);
  a.Num("jointlength", &vis->scale.jointlength);
  a.Num("jointwidth", &vis->scale.jointwidth);
  a.Num("actuatorlength", &vis->scale.actuatorlength);
  a.Num("actuatorwidth", &vis->scale.actuatorwidth);
  a.Num("framelength", &vis->scale.framelength);
  a.Num("framewidth", &vis->scale.framewidth);
  a.Num("constraint", &vis->scale.constraint);
  a.Num("slidercrank", &vis->scale.slidercrank);
  a.Num("frustum", &vis->scale.frustum);
}

void ReadVisualRgba(XmlAttrs& a, mjVisual* vis) {
  struct Color {
    const char* name;
    float* rgba;
  };
  const Color kColors[] = {{"fog", vis->rgba.fog},
                           {"haze", vis->rgba.haze},
                           {"force", vis->rgba.force},
                           {"inertia", vis->rgba.inertia},
                           {"joint", vis->rgba.joint},
                           {"actuator", vis->rgba.actuator},
                           {"actuatornegative", vis->rgba.actuatornegative},
                           {"actuatorpositive", vis->rgba.actuatorpositive},
                           {"com", vis->rgba.com},
                           {"camera", vis->rgba.camera},
                           {"light", vis->rgba.light},
                           {"selectpoint", vis->rgba.selectpoint},
                           {"connect", vis->rgba.connect},
                           {"contactpoint", vis->rgba.contactpoint},
                           {"contactforce", vis->rgba.contactforce},
                           {"contactfriction", vis->rgba.contactfriction},
                           {"contacttorque", vis->rgba.contacttorque},
                           {"contactgap", vis->rgba.contactgap},
                           {"rangefinder", vis->rgba.rangefinder},
                           {"constraint", vis->rgba.constraint},
                           {"slidercrank", vis->rgba.slidercrank},
                           {"crankbroken", vis->rgba.crankbroken},
                           {"frustum", vis->rgba.frustum},
                           {"bv", vis->rgba.bv},
                           {"bvactive", vis->rgba.bvactive}};
  for (const Color& c : kColors) {
    a.Nums(c.name, c.rgba, 4);
  }
}

}  // namespace

void ParseCompiler(XmlContext& ctx, const XmlNode& node) {
  mjSpec* s = ctx.spec;
  mjsCompiler* c = &s->compiler;
  XmlAttrs a(node);
  a.Bool("autolimits", &c->autolimits);
  a.Num("boundmass", &c->boundmass);
  a.Num("boundinertia", &c->boundinertia);
  a.Num("settotalmass", &c->settotalmass);
  a.Bool("balanceinertia", &c->balanceinertia);
  a.Bool("strippath", &s->strippath);
  int coordinate;
  if (a.Keyword("coordinate", kCoordinate, &coordinate) && coordinate == 1) {
    a.Fail("global coordinates are no longer supported; use coordinate=\"local\"");
  }
  a.Enum("angle", kAngle, &c->degree);
  a.Bool("fitaabb", &c->fitaabb);
  std::string seq;
  if (a.Str("eulerseq", &seq)) {
    bool ok = seq.size() == 3;
    for (char ch : seq) {
      ok = ok && std::strchr("xyzXYZ", ch) != nullptr;
    }
    if (!ok) {
      a.Fail("eulerseq must have exactly 3 characters from {x, y, z, X, Y, Z}, got '" + seq + "'");
    }
    std::memcpy(c->eulerseq, seq.data(), 3);
  }
  // assetdir sets both directories; meshdir and texturedir take precedence over it
  std::string dir;
  if (a.Str("assetdir", &dir)) {
    mjs_setString(c->meshdir, dir.c_str());
    mjs_setString(c->texturedir, dir.c_str());
  }
  a.Str("meshdir", c->meshdir);
  a.Str("texturedir", c->texturedir);
  a.Bool("discardvisual", &c->discardvisual);
  a.Bool("usethread", &c->usethread);
  a.Bool("fusestatic", &c->fusestatic);
  a.Keyword("inertiafromgeom", kInertiaFromGeom, &c->inertiafromgeom);
  a.Ints("inertiagrouprange", c->inertiagrouprange, 2);
  a.Bool("saveinertial", &c->saveinertial);
  a.Bool("alignfree", &c->alignfree);
  a.Finish();

  int count = 0;
  for (const XmlNode& child : node.children) {
    if (child.Name() != "lengthrange") {
      UnknownElement(child, node);
    }
    CheckOnce(child, &count, node);
    ParseLengthRange(child, &c->LRopt);
  }
}

void ParseOption(XmlContext& ctx, const XmlNode& node) {
  mjOption* o = &ctx.spec->option;
  XmlAttrs a(node);
  a.Num("timestep", &o->timestep);
  a.Num("impratio", &o->impratio);
  a.Nums("gravity", o->gravity, 3);
  a.Nums("wind", o->wind, 3);
  a.Nums("magnetic", o->magnetic, 3);
  a.Num("density", &o->density);
  a.Num("viscosity", &o->viscosity);
  a.Num("o_margin", &o->o_margin);
  a.Nums("o_solref", o->o_solref, mjNREF, true);
  a.Nums("o_solimp", o->o_solimp, mjNIMP, true);
  a.Nums("o_friction", o->o_friction, 5, true);
  a.Enum("integrator", kIntegrator, &o->integrator);
  a.Enum("cone", kCone, &o->cone);
  a.Enum("jacobian", kJacobian, &o->jacobian);
  a.Enum("solver", kSolver, &o->solver);
  a.Int("iterations", &o->iterations);
  a.Num("tolerance", &o->tolerance);
  a.Int("ls_iterations", &o->ls_iterations);
  a.Num("ls_tolerance", &o->ls_tolerance);
  a.Int("noslip_iterations", &o->noslip_iterations);
  a.Num("noslip_tolerance", &o->noslip_tolerance);
  a.Int("ccd_iterations", &o->ccd_iterations);
  a.Num("ccd_tolerance", &o->ccd_tolerance);
  a.Num("sleep_tolerance", &o->sleep_tolerance);
  a.Int("sdf_iterations", &o->sdf_iterations);
  a.Int("sdf_initpoints", &o->sdf_initpoints);

  // actuatorgroupdisable: list of groups in [0, 30], stored as a bitfield
  std::vector<int> groups;
  if (a.IntList("actuatorgroupdisable", &groups)) {
    if (groups.size() > 31) {
      a.Fail(
          "attribute 'actuatorgroupdisable' of element 'option' needs at most 31 integers, "
          "got " +
          std::to_string(groups.size()));
    }
    o->disableactuator = 0;
    for (int g : groups) {
      if (g < 0 || g > 30) {
        a.Fail("actuator group " + std::to_string(g) +
               " in 'actuatorgroupdisable' is out of "
               "range [0, 30]");
      }
      o->disableactuator |= 1 << g;
    }
  }
  a.Finish();

  int count = 0;
  for (const XmlNode& child : node.children) {
    if (child.Name() != "flag") {
      UnknownElement(child, node);
    }
    CheckOnce(child, &count, node);
    ParseFlag(child, o);
  }
}

void ParseSize(XmlContext& ctx, const XmlNode& node) {
  mjSpec* s = ctx.spec;
  XmlAttrs a(node);
  std::string memory;
  if (a.Str("memory", &memory)) {
    s->memory = ParseMemory(a, memory);
  }
  int v;
  // the legacy limits: -1 means "unset"
  if (a.Int("njmax", &v)) {
    if (v < -1) {
      a.Fail("njmax must be >= -1");
    }
    s->njmax = v;
  }
  if (a.Int("nconmax", &v)) {
    if (v < -1) {
      a.Fail("nconmax must be >= -1");
    }
    s->nconmax = v;
  }
  if (a.Int("nstack", &v)) {
    s->nstack = v;
  }
  a.Int("nuserdata", &s->nuserdata);
  a.Int("nkey", &s->nkey);
  a.Int("nuser_body", &s->nuser_body);
  a.Int("nuser_jnt", &s->nuser_jnt);
  a.Int("nuser_geom", &s->nuser_geom);
  a.Int("nuser_site", &s->nuser_site);
  a.Int("nuser_cam", &s->nuser_cam);
  a.Int("nuser_tendon", &s->nuser_tendon);
  a.Int("nuser_actuator", &s->nuser_actuator);
  a.Int("nuser_sensor", &s->nuser_sensor);
  a.Finish();
  CheckLeaf(node);
}

void ParseStatistic(XmlContext& ctx, const XmlNode& node) {
  mjStatistic* st = &ctx.spec->stat;
  XmlAttrs a(node);
  a.Num("meanmass", &st->meanmass);
  a.Num("meaninertia", &st->meaninertia);
  a.Num("meansize", &st->meansize);
  a.Num("extent", &st->extent);
  a.Nums("center", st->center, 3);
  a.Finish();
  CheckLeaf(node);
}

void ParseVisual(XmlContext& ctx, const XmlNode& node) {
  mjVisual* vis = &ctx.spec->visual;
  XmlAttrs top(node);
  top.Finish();
  struct Sub {
    const char* name;
    void (*read)(XmlAttrs&, mjVisual*);
    int count;
  };
  Sub subs[] = {{"global", ReadVisualGlobal, 0},       {"quality", ReadVisualQuality, 0},
                {"headlight", ReadVisualHeadlight, 0}, {"map", ReadVisualMap, 0},
                {"scale", ReadVisualScale, 0},         {"rgba", ReadVisualRgba, 0}};
  for (const XmlNode& child : node.children) {
    Sub* sub = nullptr;
    for (Sub& s : subs) {
      if (child.Name() == s.name) {
        sub = &s;
      }
    }
    if (!sub) {
      UnknownElement(child, node);
    }
    CheckOnce(child, &sub->count, node);
    XmlAttrs a(child);
    sub->read(a, vis);
    a.Finish();
    CheckLeaf(child);
  }
}

}  // namespace mjcf
}  // namespace motus
