// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF writer: document structure (XMLreference.rst, top-level sections in the order
// compiler, option, size, visual, statistic, default, custom, asset, worldbody, deformable,
// contact, equality, tendon, actuator, sensor, keyframe) and the public save functions. The
// attributes of individual elements are in xml_writer_elements.cc; see xml_writer.h for the rules.

#include "xml/xml_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "xml/xml_last.h"
#include "xml/xml_writer_node.h"

namespace motus {
namespace {

// ---------------------------------------------------------------------------------------------
// helpers

const std::string& NameOf(mjsElement* e) {
  static const std::string empty;
  const mjString* name = e ? mjs_getName(e) : nullptr;
  return name ? *name : empty;
}

void SetNameAttr(XmlNode* node, mjsElement* e) {
  const std::string& name = NameOf(e);
  if (!name.empty()) {
    node->Set("name", name);
  }
}

// the built-in defaults of every element kind: the `ref` values for the top-level class and for
// element kinds without classes
struct Builtins {
  mjsBody body;
  mjsFrame frame;
  mjsJoint joint;
  mjsGeom geom;
  mjsSite site;
  mjsCamera camera;
  mjsLight light;
  mjsFlex flex;
  mjsMesh mesh;
  mjsHField hfield;
  mjsSkin skin;
  mjsTexture texture;
  mjsMaterial material;
  mjsPair pair;
  mjsEquality equality;
  mjsTendon tendon;
  mjsActuator actuator;
  Builtins() {
    std::memset(static_cast<void*>(this), 0, sizeof(*this));
    mjs_defaultBody(&body);
    mjs_defaultFrame(&frame);
    mjs_defaultJoint(&joint);
    mjs_defaultGeom(&geom);
    mjs_defaultSite(&site);
    mjs_defaultCamera(&camera);
    mjs_defaultLight(&light);
    mjs_defaultFlex(&flex);
    mjs_defaultMesh(&mesh);
    mjs_defaultHField(&hfield);
    mjs_defaultSkin(&skin);
    mjs_defaultTexture(&texture);
    mjs_defaultMaterial(&material);
    mjs_defaultPair(&pair);
    mjs_defaultEquality(&equality);
    mjs_defaultTendon(&tendon);
    mjs_defaultActuator(&actuator);
  }
};

// parent class of a defaults class (not reachable through mjs_: read from the spec internals)
const mjsDefault* ParentClass(const mjsDefault* d) {
  const SpecElement* e = static_cast<const SpecElement*>(d->element);
  const SpecDefault* sd = static_cast<const SpecDefault*>(e);
  return sd->parentdef ? &sd->parentdef->s : nullptr;
}

// true when every physical attribute of a free joint has its built-in value, as <freejoint>
// creates it (XMLreference.rst body/freejoint: joint defaults are not inherited)
bool IsPlainFreeJoint(const mjsJoint* j) {
  mjsJoint b;
  std::memset(static_cast<void*>(&b), 0, sizeof(b));
  mjs_defaultJoint(&b);
  return SameDoubles(j->pos, b.pos, 3) && SameDoubles(j->axis, b.axis, 3) &&
         SameDoubles(&j->ref, &b.ref, 1) && SameDoubles(j->stiffness, b.stiffness, mjNPOLY + 1) &&
         SameDoubles(&j->springref, &b.springref, 1) &&
         SameDoubles(j->springdamper, b.springdamper, 2) && j->limited == b.limited &&
         SameDoubles(j->range, b.range, 2) && SameDoubles(&j->margin, &b.margin, 1) &&
         SameDoubles(j->solref_limit, b.solref_limit, mjNREF) &&
         SameDoubles(j->solimp_limit, b.solimp_limit, mjNIMP) &&
         j->actfrclimited == b.actfrclimited && SameDoubles(j->actfrcrange, b.actfrcrange, 2) &&
         SameDoubles(&j->armature, &b.armature, 1) &&
         SameDoubles(j->damping, b.damping, mjNPOLY + 1) &&
         SameDoubles(&j->frictionloss, &b.frictionloss, 1) &&
         SameDoubles(j->solref_friction, b.solref_friction, mjNREF) &&
         SameDoubles(j->solimp_friction, b.solimp_friction, mjNIMP) &&
         j->actgravcomp == b.actgravcomp && (!j->userdata || j->userdata->empty());
}

// all elements of a type in spec (= compiled id) order
std::vector<mjsElement*> Elements(mjSpec* s, mjtObj type) {
  std::vector<mjsElement*> list;
  for (mjsElement* e = mjs_firstElement(s, type); e; e = mjs_nextElement(s, e)) {
    list.push_back(e);
  }
  return list;
}

// direct children of a body of one type, in order
std::vector<mjsElement*> Children(mjsBody* body, mjtObj type) {
  std::vector<mjsElement*> list;
  for (mjsElement* e = mjs_firstChild(body, type, 0); e; e = mjs_nextChild(body, e, 0)) {
    list.push_back(e);
  }
  return list;
}

// frames enclosing a tree element, outermost first
std::vector<mjsFrame*> FrameChain(mjsElement* e) {
  std::vector<mjsFrame*> chain;
  for (mjsFrame* f = mjs_getFrame(e); f; f = mjs_getFrame(f->element)) {
    chain.insert(chain.begin(), f);
  }
  return chain;
}

// ---------------------------------------------------------------------------------------------
// the writer

class Writer {
 public:
  explicit Writer(mjSpec* spec) : s_(spec), plugins_(spec) {}
  std::unique_ptr<XmlNode> Write();

 private:
  void Compiler(XmlNode* root);
  void Option(XmlNode* root);
  void Size(XmlNode* root);
  void Visual(XmlNode* root);
  void Statistic(XmlNode* root);
  void Defaults(XmlNode* parent, const mjsDefault* d);
  void Assets(XmlNode* root);
  void Body(XmlNode* node, mjsBody* body);
  void TreeElement(XmlNode* parent, mjsElement* e);
  void Deformable(XmlNode* root);
  void Contact(XmlNode* root);
  void Equality(XmlNode* root);
  void Tendons(XmlNode* root);
  void Actuators(XmlNode* root);
  void Sensors(XmlNode* root);
  void Keyframes(XmlNode* root);
  void Custom(XmlNode* root);

  // class attribute of a tree element: written when its class differs from the one it would get
  // from the childclass of its enclosing frames and bodies
  const mjsDefault* ImplicitClass(mjsElement* e);
  void ClassAttr(XmlNode* node, mjsElement* e, const mjsDefault* implicit);

  void AttachedKey(XmlNode* node, int index);

 public:
  ~Writer() {
    if (compiled_) {
      mj_deleteModel(compiled_);
    }
  }
  const std::string& error() const { return error_; }

 private:
  mjSpec* s_;
  PluginWriter plugins_;
  Builtins builtin_;
  std::set<const mjsFrame*> written_frames_;
  mjModel* compiled_ = nullptr;  // compiled spec, only when attached keyframes need it
  std::string error_;
};

std::unique_ptr<XmlNode> Writer::Write() {
  auto root = std::make_unique<XmlNode>("mujoco");
  if (s_->modelname && !s_->modelname->empty()) {
    root->Set("model", *s_->modelname);
  }
  Compiler(root.get());
  Option(root.get());
  Size(root.get());
  Visual(root.get());
  Statistic(root.get());
  Defaults(root.get(), mjs_getSpecDefault(s_));
  plugins_.Extension(root.get());
  Custom(root.get());
  Assets(root.get());
  XmlNode* world = root->Add("worldbody");
  Body(world, mjs_findBody(s_, "world"));
  Deformable(root.get());
  Contact(root.get());
  Equality(root.get());
  Tendons(root.get());
  Actuators(root.get());
  Sensors(root.get());
  Keyframes(root.get());
  // sections without content are left out
  root->Prune({"compiler", "option",     "size",    "visual",     "statistic", "custom",
               "asset",    "deformable", "contact", "equality",   "tendon",    "actuator",
               "sensor",   "keyframe",   "global",  "quality",    "headlight", "map",
               "scale",    "rgba",       "flag",    "lengthrange"});
  return root;
}

// ---- <compiler> (XMLreference.rst "compiler") ---------------------------------------------------

void Writer::Compiler(XmlNode* root) {
  mjSpec ref;
  std::memset(static_cast<void*>(&ref), 0, sizeof(ref));
  mjs_defaultSpec(&ref);
  const mjsCompiler& c = s_->compiler;
  const mjsCompiler& r = ref.compiler;
  XmlNode* node = root->Add("compiler");
  AttrWriter w(node);
  w.Byte("autolimits", c.autolimits, &r.autolimits);
  w.Real("boundmass", c.boundmass, &r.boundmass);
  w.Real("boundinertia", c.boundinertia, &r.boundinertia);
  w.Real("settotalmass", c.settotalmass, &r.settotalmass);
  w.Byte("balanceinertia", c.balanceinertia, &r.balanceinertia);
  w.Byte("strippath", s_->strippath, &ref.strippath);
  // angle units are always written: every angle below is in these units
  node->Set("angle", c.degree ? "degree" : "radian");
  w.Byte("fitaabb", c.fitaabb, &r.fitaabb);
  std::string seq(c.eulerseq, 3), refseq(r.eulerseq, 3);
  w.Text("eulerseq", seq, refseq);
  w.Str("meshdir", c.meshdir, nullptr);
  w.Str("texturedir", c.texturedir, nullptr);
  w.Byte("discardvisual", c.discardvisual, &r.discardvisual);
  w.Byte("usethread", c.usethread, &r.usethread);
  w.Byte("fusestatic", c.fusestatic, &r.fusestatic);
  static const char* const kInertiaFromGeom[] = {"false", "true", "auto"};
  w.Keyword("inertiafromgeom", c.inertiafromgeom, &r.inertiafromgeom, kInertiaFromGeom, 3);
  static const char* const kAlign[] = {"false", "true", "auto"};
  w.Keyword("alignfree", c.alignfree, &r.alignfree, kAlign, 3);
  w.Ints("inertiagrouprange", c.inertiagrouprange, r.inertiagrouprange, 2);
  w.Byte("saveinertial", c.saveinertial, &r.saveinertial);

  XmlNode* lr = node->Add("lengthrange");
  AttrWriter wl(lr);
  static const char* const kMode[] = {"none", "muscle", "muscleuser", "all"};
  wl.Keyword("mode", c.LRopt.mode, &r.LRopt.mode, kMode, 4);
  wl.Bool("useexisting", c.LRopt.useexisting, &r.LRopt.useexisting);
  wl.Bool("uselimit", c.LRopt.uselimit, &r.LRopt.uselimit);
  wl.Real("accel", c.LRopt.accel, &r.LRopt.accel);
  wl.Real("maxforce", c.LRopt.maxforce, &r.LRopt.maxforce);
  wl.Real("timeconst", c.LRopt.timeconst, &r.LRopt.timeconst);
  wl.Real("timestep", c.LRopt.timestep, &r.LRopt.timestep);
  wl.Real("inttotal", c.LRopt.inttotal, &r.LRopt.inttotal);
  wl.Real("interval", c.LRopt.interval, &r.LRopt.interval);
  wl.Real("tolrange", c.LRopt.tolrange, &r.LRopt.tolrange);
}

// ---- <option> ---------------------------------------------------------------------------------

void Writer::Option(XmlNode* root) {
  mjOption ref;
  mj_defaultOption(&ref);
  const mjOption& o = s_->option;
  XmlNode* node = root->Add("option");
  AttrWriter w(node);
  w.Real("timestep", o.timestep, &ref.timestep);
  w.Real("impratio", o.impratio, &ref.impratio);
  w.Real("tolerance", o.tolerance, &ref.tolerance);
  w.Real("ls_tolerance", o.ls_tolerance, &ref.ls_tolerance);
  w.Real("noslip_tolerance", o.noslip_tolerance, &ref.noslip_tolerance);
  w.Real("ccd_tolerance", o.ccd_tolerance, &ref.ccd_tolerance);
  w.Real("sleep_tolerance", o.sleep_tolerance, &ref.sleep_tolerance);
  w.Reals("gravity", o.gravity, ref.gravity, 3);
  w.Reals("wind", o.wind, ref.wind, 3);
  w.Reals("magnetic", o.magnetic, ref.magnetic, 3);
  w.Real("density", o.density, &ref.density);
  w.Real("viscosity", o.viscosity, &ref.viscosity);
  w.Real("o_margin", o.o_margin, &ref.o_margin);
  w.Reals("o_solref", o.o_solref, ref.o_solref, mjNREF);
  w.Reals("o_solimp", o.o_solimp, ref.o_solimp, mjNIMP);
  w.Reals("o_friction", o.o_friction, ref.o_friction, 5);
  static const char* const kIntegrator[] = {"Euler", "RK4", "implicit", "implicitfast"};
  static const char* const kCone[] = {"pyramidal", "elliptic"};
  static const char* const kJacobian[] = {"dense", "sparse", "auto"};
  static const char* const kSolver[] = {"PGS", "CG", "Newton"};
  w.Keyword("integrator", o.integrator, &ref.integrator, kIntegrator, 4);
  w.Keyword("cone", o.cone, &ref.cone, kCone, 2);
  w.Keyword("jacobian", o.jacobian, &ref.jacobian, kJacobian, 3);
  w.Keyword("solver", o.solver, &ref.solver, kSolver, 3);
  w.Int("iterations", o.iterations, &ref.iterations);
  w.Int("ls_iterations", o.ls_iterations, &ref.ls_iterations);
  w.Int("noslip_iterations", o.noslip_iterations, &ref.noslip_iterations);
  w.Int("ccd_iterations", o.ccd_iterations, &ref.ccd_iterations);
  w.Int("sdf_iterations", o.sdf_iterations, &ref.sdf_iterations);
  w.Int("sdf_initpoints", o.sdf_initpoints, &ref.sdf_initpoints);
  if (o.disableactuator != ref.disableactuator) {
    // actuatorgroupdisable: the list of disabled groups (bits 0..30)
    std::string groups;
    for (int g = 0; g < 31; g++) {
      if (o.disableactuator & (1 << g)) {
        groups += (groups.empty() ? "" : " ") + std::to_string(g);
      }
    }
    node->Set("actuatorgroupdisable", groups);
  }

  // <flag>: one attribute per bit, named after mjDISABLESTRING / mjENABLESTRING in lower case
  XmlNode* flag = node->Add("flag");
  for (int i = 0; i < mjNDISABLE; i++) {
    int bit = 1 << i;
    if ((o.disableflags & bit) != (ref.disableflags & bit)) {
      std::string name = mjDISABLESTRING[i];
      for (char& ch : name) {
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      }
      flag->Set(name, (o.disableflags & bit) ? "disable" : "enable");
    }
  }
  for (int i = 0; i < mjNENABLE; i++) {
    int bit = 1 << i;
    if ((o.enableflags & bit) != (ref.enableflags & bit)) {
      std::string name = mjENABLESTRING[i];
      for (char& ch : name) {
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      }
      flag->Set(name, (o.enableflags & bit) ? "enable" : "disable");
    }
  }
}

// ---- <size> -----------------------------------------------------------------------------------

void Writer::Size(XmlNode* root) {
  mjSpec ref;
  std::memset(static_cast<void*>(&ref), 0, sizeof(ref));
  mjs_defaultSpec(&ref);
  XmlNode* node = root->Add("size");
  AttrWriter w(node);
  if (s_->memory != ref.memory) {
    node->Set("memory", std::to_string(s_->memory));
  }
  w.Int("njmax", s_->njmax, &ref.njmax);
  w.Int("nconmax", s_->nconmax, &ref.nconmax);
  if (s_->nstack != ref.nstack) {
    node->Set("nstack", std::to_string(s_->nstack));
  }
  w.Int("nuserdata", s_->nuserdata, &ref.nuserdata);
  w.Int("nkey", s_->nkey, &ref.nkey);
  w.Int("nuser_body", s_->nuser_body, &ref.nuser_body);
  w.Int("nuser_jnt", s_->nuser_jnt, &ref.nuser_jnt);
  w.Int("nuser_geom", s_->nuser_geom, &ref.nuser_geom);
  w.Int("nuser_site", s_->nuser_site, &ref.nuser_site);
  w.Int("nuser_cam", s_->nuser_cam, &ref.nuser_cam);
  w.Int("nuser_tendon", s_->nuser_tendon, &ref.nuser_tendon);
  w.Int("nuser_actuator", s_->nuser_actuator, &ref.nuser_actuator);
  w.Int("nuser_sensor", s_->nuser_sensor, &ref.nuser_sensor);
}

// ---- <visual> ---------------------------------------------------------------------------------

void Writer::Visual(XmlNode* root) {
  mjVisual ref;
  mj_defaultVisual(&ref);
  const mjVisual& v = s_->visual;
  XmlNode* node = root->Add("visual");

  XmlNode* global = node->Add("global");
  AttrWriter g(global);
  g.Int("cameraid", v.global.cameraid, &ref.global.cameraid);
  g.Bool("orthographic", v.global.orthographic, &ref.global.orthographic);
  g.Float("fovy", v.global.fovy, &ref.global.fovy);
  g.Float("ipd", v.global.ipd, &ref.global.ipd);
  g.Float("azimuth", v.global.azimuth, &ref.global.azimuth);
  g.Float("elevation", v.global.elevation, &ref.global.elevation);
  g.Float("linewidth", v.global.linewidth, &ref.global.linewidth);
  g.Float("glow", v.global.glow, &ref.global.glow);
  g.Float("realtime", v.global.realtime, &ref.global.realtime);
  g.Int("offwidth", v.global.offwidth, &ref.global.offwidth);
  g.Int("offheight", v.global.offheight, &ref.global.offheight);
  g.Bool("ellipsoidinertia", v.global.ellipsoidinertia, &ref.global.ellipsoidinertia);
  g.Bool("bvactive", v.global.bvactive, &ref.global.bvactive);

  XmlNode* quality = node->Add("quality");
  AttrWriter q(quality);
  q.Int("shadowsize", v.quality.shadowsize, &ref.quality.shadowsize);
  q.Int("offsamples", v.quality.offsamples, &ref.quality.offsamples);
  q.Int("numslices", v.quality.numslices, &ref.quality.numslices);
  q.Int("numstacks", v.quality.numstacks, &ref.quality.numstacks);
  q.Int("numquads", v.quality.numquads, &ref.quality.numquads);

  XmlNode* headlight = node->Add("headlight");
  AttrWriter h(headlight);
  h.Floats("ambient", v.headlight.ambient, ref.headlight.ambient, 3);
  h.Floats("diffuse", v.headlight.diffuse, ref.headlight.diffuse, 3);
  h.Floats("specular", v.headlight.specular, ref.headlight.specular, 3);
  h.Int("active", v.headlight.active, &ref.headlight.active);

  // map, scale and rgba: all floats, XML names equal to the struct member names
  XmlNode* map = node->Add("map");
  AttrWriter mw(map);
#define MOTUS_F(name) mw.Float(#name, v.map.name, &ref.map.name)
  MOTUS_F(stiffness);
  MOTUS_F(stiffnessrot);
  MOTUS_F(force);
  MOTUS_F(torque);
  MOTUS_F(alpha);
  MOTUS_F(fogstart);
  MOTUS_F(fogend);
  MOTUS_F(znear);
  MOTUS_F(zfar);
  MOTUS_F(haze);
  MOTUS_F(shadowclip);
  MOTUS_F(shadowscale);
  MOTUS_F(actuatortendon);
#undef MOTUS_F

  XmlNode* scale = node->Add("scale");
  AttrWriter sw(scale);
#define MOTUS_F(name) sw.Float(#name, v.scale.name, &ref.scale.name)
  MOTUS_F(forcewidth);
  MOTUS_F(contactwidth);
  MOTUS_F(contactheight);
  MOTUS_F(connect);
  MOTUS_F(com);
  MOTUS_F(camera);
  MOTUS_F(light);
  MOTUS_F(selectpoint);
  MOTUS_F(jointlength);
  MOTUS_F(jointwidth);
  MOTUS_F(actuatorlength);
  MOTUS_F(actuatorwidth);
  MOTUS_F(framelength);
  MOTUS_F(framewidth);
  MOTUS_F(constraint);
  MOTUS_F(slidercrank);
  MOTUS_F(frustum);
#undef MOTUS_F

  XmlNode* rgba = node->Add("rgba");
  AttrWriter rw(rgba);
#define MOTUS_F(name) rw.Floats(#name, v.rgba.name, ref.rgba.name, 4)
  MOTUS_F(fog);
  MOTUS_F(haze);
  MOTUS_F(force);
  MOTUS_F(inertia);
  MOTUS_F(joint);
  MOTUS_F(actuator);
  MOTUS_F(actuatornegative);
  MOTUS_F(actuatorpositive);
  MOTUS_F(com);
  MOTUS_F(camera);
  MOTUS_F(light);
  MOTUS_F(selectpoint);
  MOTUS_F(connect);
  MOTUS_F(contactpoint);
  MOTUS_F(contactforce);
  MOTUS_F(contactfriction);
  MOTUS_F(contacttorque);
  MOTUS_F(contactgap);
  MOTUS_F(rangefinder);
  MOTUS_F(constraint);
  MOTUS_F(slidercrank);
  MOTUS_F(crankbroken);
  MOTUS_F(frustum);
  MOTUS_F(bv);
  MOTUS_F(bvactive);
#undef MOTUS_F
}

// ---- <statistic>: values the user set (the built-in "undefined" is NaN) -------------------------

void Writer::Statistic(XmlNode* root) {
  mjSpec ref;
  std::memset(static_cast<void*>(&ref), 0, sizeof(ref));
  mjs_defaultSpec(&ref);
  XmlNode* node = root->Add("statistic");
  AttrWriter w(node);
  w.Real("meanmass", s_->stat.meanmass, &ref.stat.meanmass);
  w.Real("meaninertia", s_->stat.meaninertia, &ref.stat.meaninertia);
  w.Real("meansize", s_->stat.meansize, &ref.stat.meansize);
  w.Real("extent", s_->stat.extent, &ref.stat.extent);
  w.Reals("center", s_->stat.center, ref.stat.center, 3);
}

// ---- <default> ----------------------------------------------------------------------------------

void Writer::Defaults(XmlNode* parent, const mjsDefault* d) {
  if (!d) {
    return;
  }
  const mjsDefault* p = ParentClass(d);
  XmlNode* node = parent->Add("default");
  if (p) {
    node->Set("class", NameOf(d->element));
  }

  // each child element holds the attributes that differ from the parent class (or built-ins)
  auto add = [&](const char* name, auto write) {
    XmlNode* child = node->Add(name);
    AttrWriter w(child);
    write(w);
    if (child->Empty()) {
      node->children().pop_back();
    }
  };
  add("mesh", [&](AttrWriter& w) { MeshAttrs(w, d->mesh, p ? p->mesh : &builtin_.mesh, true); });
  add("material",
      [&](AttrWriter& w) { MaterialAttrs(w, d->material, p ? p->material : &builtin_.material); });
  add("joint",
      [&](AttrWriter& w) { JointAttrs(w, d->joint, p ? p->joint : &builtin_.joint, true); });
  add("geom", [&](AttrWriter& w) { GeomAttrs(w, d->geom, p ? p->geom : &builtin_.geom, true); });
  add("site", [&](AttrWriter& w) { SiteAttrs(w, d->site, p ? p->site : &builtin_.site, true); });
  add("camera",
      [&](AttrWriter& w) { CameraAttrs(w, d->camera, p ? p->camera : &builtin_.camera, true); });
  add("light",
      [&](AttrWriter& w) { LightAttrs(w, d->light, p ? p->light : &builtin_.light, true); });
  add("pair", [&](AttrWriter& w) { PairAttrs(w, d->pair, p ? p->pair : &builtin_.pair, true); });
  add("equality", [&](AttrWriter& w) {
    EqualityAttrs(w, d->equality, p ? p->equality : &builtin_.equality, true);
  });
  add("tendon", [&](AttrWriter& w) {
    TendonAttrs(w, d->tendon, p ? p->tendon : &builtin_.tendon, true, true);
  });
  const mjsActuator* aref = p ? p->actuator : &builtin_.actuator;
  ActuatorKind akind = ActuatorElementKind(d->actuator, aref);
  static const char* const kActNames[] = {"general", "position", "intvelocity"};
  add(kActNames[static_cast<int>(akind)],
      [&](AttrWriter& w) { ActuatorAttrs(w, d->actuator, aref, true, akind); });

  // child classes, in creation order
  for (mjsElement* e = mjs_firstElement(s_, mjOBJ_DEFAULT); e; e = mjs_nextElement(s_, e)) {
    const mjsDefault* c = mjs_getDefault(e);
    if (c != d && ParentClass(c) == d) {
      Defaults(node, c);
    }
  }

  // a main class that changes nothing and has no child classes is left out, as MuJoCo does
  if (!p && node->Empty()) {
    parent->children().pop_back();
  }
}

// ---- classes of tree elements -------------------------------------------------------------------

const mjsDefault* Writer::ImplicitClass(mjsElement* e) {
  mjsFrame* f = mjs_getFrame(e);
  mjsBody* b = mjs_getParent(e);
  while (true) {
    for (; f; f = mjs_getFrame(f->element)) {
      if (f->childclass && !f->childclass->empty()) {
        return mjs_findDefault(s_, f->childclass->c_str());
      }
    }
    if (!b) {
      return mjs_getSpecDefault(s_);
    }
    if (b->childclass && !b->childclass->empty()) {
      return mjs_findDefault(s_, b->childclass->c_str());
    }
    f = mjs_getFrame(b->element);
    b = mjs_getParent(b->element);
  }
}

void Writer::ClassAttr(XmlNode* node, mjsElement* e, const mjsDefault* implicit) {
  const mjsDefault* d = mjs_getDefault(e);
  if (d && d != implicit) {
    node->Set("class", NameOf(d->element));
  }
}

// ---- <worldbody> ------------------------------------------------------------------------------

// Writes the children of a body. Within each element type the document order must equal the
// spec order, and elements inside frames must be written inside those frames: the loop below
// emits, at each step, a queued element whose frame chain equals the currently open frames, or
// opens the next frame towards one, or closes the innermost frame.
void Writer::Body(XmlNode* node, mjsBody* body) {
  if (!body) {
    return;
  }
  static const mjtObj kTypes[] = {mjOBJ_JOINT,  mjOBJ_GEOM,  mjOBJ_SITE,
                                  mjOBJ_CAMERA, mjOBJ_LIGHT, mjOBJ_BODY};
  std::vector<std::vector<mjsElement*>> queues;
  for (mjtObj t : kTypes) {
    queues.push_back(Children(body, t));
  }
  std::vector<size_t> head(queues.size(), 0);

  std::vector<mjsFrame*> open;  // currently open frames, outermost first
  std::vector<XmlNode*> nodes = {node};
  while (true) {
    bool done = true, acted = false;
    // 1. an element in exactly the open frames
    for (size_t t = 0; t < queues.size() && !acted; t++) {
      if (head[t] >= queues[t].size()) {
        continue;
      }
      done = false;
      mjsElement* e = queues[t][head[t]];
      if (FrameChain(e) == open) {
        TreeElement(nodes.back(), e);
        head[t]++;
        acted = true;
      }
    }
    if (done) {
      break;
    }
    if (acted) {
      continue;
    }
    // 2. open the next frame towards an element nested deeper
    for (size_t t = 0; t < queues.size() && !acted; t++) {
      if (head[t] >= queues[t].size()) {
        continue;
      }
      std::vector<mjsFrame*> chain = FrameChain(queues[t][head[t]]);
      if (chain.size() > open.size() && std::equal(open.begin(), open.end(), chain.begin())) {
        mjsFrame* f = chain[open.size()];
        XmlNode* fn = nodes.back()->Add("frame");
        if (written_frames_.insert(f).second) {
          SetNameAttr(fn, f->element);
        }
        AttrWriter w(fn);
        FrameAttrs(w, f, &builtin_.frame);
        open.push_back(f);
        nodes.push_back(fn);
        acted = true;
      }
    }
    if (acted) {
      continue;
    }
    // 3. close the innermost frame (some element lies outside it)
    if (open.empty()) {
      break;  // unreachable: every chain extends the empty one
    }
    open.pop_back();
    nodes.pop_back();
  }
}

void Writer::TreeElement(XmlNode* parent, mjsElement* e) {
  const mjsDefault* implicit = ImplicitClass(e);
  const mjsDefault* d = mjs_getDefault(e);
  switch (e->elemtype) {
    case mjOBJ_BODY: {
      mjsBody* b = mjs_asBody(e);
      XmlNode* node = parent->Add("body");
      SetNameAttr(node, e);
      AttrWriter w(node);
      BodyAttrs(w, b, &builtin_.body);
      if (b->explicitinertial) {
        XmlNode* inertial = node->Add("inertial");
        AttrWriter wi(inertial);
        InertialAttrs(wi, b);
      }
      plugins_.Reference(node, b->plugin, true);
      Body(node, b);
      break;
    }
    case mjOBJ_JOINT: {
      mjsJoint* j = mjs_asJoint(e);
      if (j->type == mjJNT_FREE && j->align != mjALIGNFREE_AUTO && IsPlainFreeJoint(j)) {
        // only <freejoint> has the align attribute (XMLreference.rst body/freejoint)
        XmlNode* node = parent->Add("freejoint");
        SetNameAttr(node, e);
        AttrWriter w(node);
        w.Int("group", j->group, &builtin_.joint.group);
        static const char* const kAlign[] = {"false", "true", "auto"};
        w.Keyword("align", j->align, nullptr, kAlign, 3);
        break;
      }
      XmlNode* node = parent->Add("joint");
      SetNameAttr(node, e);
      ClassAttr(node, e, implicit);
      AttrWriter w(node);
      JointAttrs(w, j, d->joint, false);
      break;
    }
    case mjOBJ_GEOM: {
      XmlNode* node = parent->Add("geom");
      SetNameAttr(node, e);
      ClassAttr(node, e, implicit);
      AttrWriter w(node);
      GeomAttrs(w, mjs_asGeom(e), d->geom, false);
      plugins_.Reference(node, mjs_asGeom(e)->plugin, true);
      break;
    }
    case mjOBJ_SITE: {
      XmlNode* node = parent->Add("site");
      SetNameAttr(node, e);
      ClassAttr(node, e, implicit);
      AttrWriter w(node);
      SiteAttrs(w, mjs_asSite(e), d->site, false);
      break;
    }
    case mjOBJ_CAMERA: {
      XmlNode* node = parent->Add("camera");
      SetNameAttr(node, e);
      ClassAttr(node, e, implicit);
      AttrWriter w(node);
      CameraAttrs(w, mjs_asCamera(e), d->camera, false);
      break;
    }
    case mjOBJ_LIGHT: {
      XmlNode* node = parent->Add("light");
      SetNameAttr(node, e);
      ClassAttr(node, e, implicit);
      AttrWriter w(node);
      LightAttrs(w, mjs_asLight(e), d->light, false);
      break;
    }
    default:
      break;
  }
}

// ---- <asset> ----------------------------------------------------------------------------------

void Writer::Assets(XmlNode* root) {
  XmlNode* asset = root->Add("asset");
  const mjsDefault* main = mjs_getSpecDefault(s_);
  for (mjsElement* e : Elements(s_, mjOBJ_TEXTURE)) {
    XmlNode* node = asset->Add("texture");
    SetNameAttr(node, e);
    AttrWriter w(node);
    TextureAttrs(w, mjs_asTexture(e), &builtin_.texture);
  }
  for (mjsElement* e : Elements(s_, mjOBJ_MATERIAL)) {
    XmlNode* node = asset->Add("material");
    SetNameAttr(node, e);
    ClassAttr(node, e, main);
    AttrWriter w(node);
    MaterialAttrs(w, mjs_asMaterial(e), mjs_getDefault(e)->material);
  }
  for (mjsElement* e : Elements(s_, mjOBJ_MESH)) {
    XmlNode* node = asset->Add("mesh");
    SetNameAttr(node, e);
    ClassAttr(node, e, main);
    AttrWriter w(node);
    MeshAttrs(w, mjs_asMesh(e), mjs_getDefault(e)->mesh, false);
    plugins_.Reference(node, mjs_asMesh(e)->plugin, true);
  }
  for (mjsElement* e : Elements(s_, mjOBJ_HFIELD)) {
    XmlNode* node = asset->Add("hfield");
    SetNameAttr(node, e);
    AttrWriter w(node);
    HFieldAttrs(w, mjs_asHField(e), &builtin_.hfield);
  }
}

// ---- <deformable> -------------------------------------------------------------------------------

void Writer::Deformable(XmlNode* root) {
  XmlNode* deformable = root->Add("deformable");
  for (mjsElement* e : Elements(s_, mjOBJ_FLEX)) {
    XmlNode* node = deformable->Add("flex");
    SetNameAttr(node, e);
    FlexAttrs(node, mjs_asFlex(e), &builtin_.flex);
    // drop empty <edge>, <elasticity>, <contact> children
    auto& kids = node->children();
    for (size_t i = kids.size(); i-- > 0;) {
      if (kids[i]->Empty()) {
        kids.erase(kids.begin() + i);
      }
    }
  }
  for (mjsElement* e : Elements(s_, mjOBJ_SKIN)) {
    XmlNode* node = deformable->Add("skin");
    SetNameAttr(node, e);
    AttrWriter w(node);
    SkinAttrs(w, mjs_asSkin(e), &builtin_.skin);
  }
}

// ---- <contact>, <equality> ----------------------------------------------------------------------

void Writer::Contact(XmlNode* root) {
  XmlNode* contact = root->Add("contact");
  const mjsDefault* main = mjs_getSpecDefault(s_);
  for (mjsElement* e : Elements(s_, mjOBJ_PAIR)) {
    XmlNode* node = contact->Add("pair");
    SetNameAttr(node, e);
    ClassAttr(node, e, main);
    AttrWriter w(node);
    PairAttrs(w, mjs_asPair(e), mjs_getDefault(e)->pair, false);
  }
  for (mjsElement* e : Elements(s_, mjOBJ_EXCLUDE)) {
    mjsExclude* x = mjs_asExclude(e);
    XmlNode* node = contact->Add("exclude");
    SetNameAttr(node, e);
    AttrWriter w(node);
    w.Str("body1", x->bodyname1, nullptr);
    w.Str("body2", x->bodyname2, nullptr);
  }
}

void Writer::Equality(XmlNode* root) {
  XmlNode* equality = root->Add("equality");
  const mjsDefault* main = mjs_getSpecDefault(s_);
  for (mjsElement* e : Elements(s_, mjOBJ_EQUALITY)) {
    mjsEquality* q = mjs_asEquality(e);
    const char* name = EqualityElementName(q->type);
    if (!name) {
      continue;
    }
    XmlNode* node = equality->Add(name);
    SetNameAttr(node, e);
    ClassAttr(node, e, main);
    AttrWriter w(node);
    EqualityAttrs(w, q, mjs_getDefault(e)->equality, false);
  }
}

// ---- <tendon> ---------------------------------------------------------------------------------

void Writer::Tendons(XmlNode* root) {
  XmlNode* tendons = root->Add("tendon");
  const mjsDefault* main = mjs_getSpecDefault(s_);
  for (mjsElement* e : Elements(s_, mjOBJ_TENDON)) {
    mjsTendon* t = mjs_asTendon(e);
    int nwrap = mjs_getWrapNum(t);
    // a tendon whose path is made of joints only is a fixed tendon
    bool spatial = nwrap == 0;
    for (int i = 0; i < nwrap; i++) {
      spatial = spatial || mjs_getWrap(t, i)->type != mjWRAP_JOINT;
    }
    XmlNode* node = tendons->Add(spatial ? "spatial" : "fixed");
    SetNameAttr(node, e);
    ClassAttr(node, e, main);
    AttrWriter w(node);
    TendonAttrs(w, t, mjs_getDefault(e)->tendon, false, spatial);
    for (int i = 0; i < nwrap; i++) {
      mjsWrap* wrap = mjs_getWrap(t, i);
      mjsElement* target = mjs_getWrapTarget(wrap);
      switch (wrap->type) {
        case mjWRAP_SITE:
          node->Add("site")->Set("site", NameOf(target));
          break;
        case mjWRAP_SPHERE:
        case mjWRAP_CYLINDER: {
          XmlNode* g = node->Add("geom");
          g->Set("geom", NameOf(target));
          mjsSite* side = mjs_getWrapSideSite(wrap);
          if (side) {
            g->Set("sidesite", NameOf(side->element));
          }
          break;
        }
        case mjWRAP_PULLEY:
          node->Add("pulley")->Set("divisor", FormatDouble(mjs_getWrapDivisor(wrap)));
          break;
        case mjWRAP_JOINT: {
          XmlNode* j = node->Add("joint");
          j->Set("joint", NameOf(target));
          j->Set("coef", FormatDouble(mjs_getWrapCoef(wrap)));
          break;
        }
        default:
          break;
      }
    }
  }
}

// ---- <actuator>, <sensor> ---------------------------------------------------------------------

void Writer::Actuators(XmlNode* root) {
  XmlNode* actuators = root->Add("actuator");
  const mjsDefault* main = mjs_getSpecDefault(s_);
  for (mjsElement* e : Elements(s_, mjOBJ_ACTUATOR)) {
    mjsActuator* a = mjs_asActuator(e);
    const mjsActuator* ref = mjs_getDefault(e)->actuator;
    ActuatorKind kind = ActuatorElementKind(a, ref);
    static const char* const kNames[] = {"general", "position", "intvelocity", "plugin"};
    XmlNode* node = actuators->Add(kNames[static_cast<int>(kind)]);
    SetNameAttr(node, e);
    ClassAttr(node, e, main);
    AttrWriter w(node);
    ActuatorAttrs(w, a, ref, false, kind);
    plugins_.Reference(node, a->plugin, false);
  }
}

void Writer::Sensors(XmlNode* root) {
  XmlNode* sensors = root->Add("sensor");
  for (mjsElement* e : Elements(s_, mjOBJ_SENSOR)) {
    mjsSensor* sensor = mjs_asSensor(e);
    const char* name = SensorElementName(sensor->type);
    if (!name) {
      continue;
    }
    XmlNode* node = sensors->Add(name);
    SetNameAttr(node, e);
    AttrWriter w(node);
    SensorAttrs(w, sensor);
    plugins_.Reference(node, sensor->plugin, false);
  }
}

// ---- <keyframe>, <custom> -----------------------------------------------------------------------

// true for a keyframe brought in by mjs_attach: it holds values per element name, which MJCF
// cannot express (user_spec.h, SpecKey)
bool IsAttachedKey(mjsElement* e) {
  return static_cast<const SpecKey*>(static_cast<const SpecElement*>(e))->own.attached;
}

// number of columns of a keyframe array of the compiled model, as allocated (MJMODEL_POINTERS)
mjtSize KeyColumns(const mjModel* m, const char* array) {
  mjtSize cols = -1;
#undef MJ_M
#define MJ_M(x) m->x
#define X(type, name, nr, nc)     \
  if (!std::strcmp(#name, array)) \
    cols = static_cast<mjtSize>(nc);
  MJMODEL_POINTERS
#undef X
#undef MJ_M
#define MJ_M(n) n
  return cols;
}

void Writer::Keyframes(XmlNode* root) {
  XmlNode* keyframe = root->Add("keyframe");
  int index = 0;
  for (mjsElement* e : Elements(s_, mjOBJ_KEY)) {
    mjsKey* k = mjs_asKey(e);
    XmlNode* node = keyframe->Add("key");
    SetNameAttr(node, e);
    AttrWriter w(node);
    double zero = 0;
    w.Real("time", k->time, &zero);
    if (IsAttachedKey(e)) {
      AttachedKey(node, index);
    } else {
      w.DoubleVec("qpos", k->qpos, nullptr);
      w.DoubleVec("qvel", k->qvel, nullptr);
      w.DoubleVec("act", k->act, nullptr);
      w.DoubleVec("ctrl", k->ctrl, nullptr);
      w.DoubleVec("mpos", k->mpos, nullptr);
      w.DoubleVec("mquat", k->mquat, nullptr);
    }
    index++;
  }
}

// An attached keyframe is written in full from the compiled model: the compiler has placed its
// per-element values and filled the rest with the defaults (qpos0, zero velocities, ...), and
// writing those vectors reproduces the same compiled keyframe.
void Writer::AttachedKey(XmlNode* node, int index) {
  if (!compiled_ && error_.empty()) {
    compiled_ = mj_compile(s_, nullptr);
    if (!compiled_) {
      error_ = std::string(
                   "keyframes brought in by mjs_attach are written from the compiled "
                   "model, but the spec does not compile: ") +
               mjs_getError(s_);
    }
  }
  const mjModel* m = compiled_;
  if (!m || index >= m->nkey) {
    return;
  }
  struct Part {
    const char* attr;
    const char* array;
    const mjtNum* data;
  } parts[] = {{"qpos", "key_qpos", m->key_qpos}, {"qvel", "key_qvel", m->key_qvel},
               {"act", "key_act", m->key_act},    {"ctrl", "key_ctrl", m->key_ctrl},
               {"mpos", "key_mpos", m->key_mpos}, {"mquat", "key_mquat", m->key_mquat}};
  for (const Part& p : parts) {
    mjtSize cols = KeyColumns(m, p.array);
    if (cols > 0) {
      node->Set(p.attr, FormatDoubles(p.data + index * cols, static_cast<int>(cols)));
    }
  }
}

void Writer::Custom(XmlNode* root) {
  XmlNode* custom = root->Add("custom");
  for (mjsElement* e : Elements(s_, mjOBJ_NUMERIC)) {
    mjsNumeric* n = mjs_asNumeric(e);
    XmlNode* node = custom->Add("numeric");
    SetNameAttr(node, e);
    int size = static_cast<int>(n->data ? n->data->size() : 0);
    if (n->size >= 0 && n->size != size) {
      node->Set("size", std::to_string(n->size));
    }
    AttrWriter w(node);
    w.DoubleVec("data", n->data, nullptr);
  }
  for (mjsElement* e : Elements(s_, mjOBJ_TEXT)) {
    mjsText* t = mjs_asText(e);
    XmlNode* node = custom->Add("text");
    SetNameAttr(node, e);
    node->Set("data", t->data ? *t->data : std::string());
  }
  for (mjsElement* e : Elements(s_, mjOBJ_TUPLE)) {
    mjsTuple* t = mjs_asTuple(e);
    XmlNode* node = custom->Add("tuple");
    SetNameAttr(node, e);
    size_t n = t->objtype ? t->objtype->size() : 0;
    for (size_t i = 0; i < n; i++) {
      XmlNode* el = node->Add("element");
      el->Set("objtype", mju_type2Str((*t->objtype)[i]));
      if (t->objname && i < t->objname->size()) {
        el->Set("objname", (*t->objname)[i]);
      }
      if (t->objprm && i < t->objprm->size() && (*t->objprm)[i] != 0) {
        el->Set("prm", FormatDouble((*t->objprm)[i]));
      }
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// entry points

bool WriteXML(mjSpec* spec, std::string* xml, std::string* error) {
  if (!spec) {
    *error = "no spec given";
    return false;
  }
  if (!mjs_findBody(spec, "world")) {
    *error = "spec has no world body";
    return false;
  }
  Writer writer(spec);
  std::unique_ptr<XmlNode> root = writer.Write();
  if (!writer.error().empty()) {
    *error = writer.error();
    return false;
  }
  xml->clear();
  root->Print(xml, 0);
  return true;
}

std::string CompareSizes(mjSpec* spec, const mjModel* m) {
  auto count = [&](mjtObj type) {
    int n = 0;
    for (mjsElement* e = mjs_firstElement(spec, type); e; e = mjs_nextElement(spec, e)) {
      n++;
    }
    return n;
  };
  struct Item {
    const char* name;
    mjtObj type;
    mjtSize model;
    bool skip;
  };
  // fusestatic removes bodies and discardvisual removes geoms and meshes: those counts are only
  // compared when the compiler cannot have changed them
  const Item items[] = {
      {"nbody", mjOBJ_BODY, m->nbody, spec->compiler.fusestatic != 0},
      {"njnt", mjOBJ_JOINT, m->njnt, false},
      {"ngeom", mjOBJ_GEOM, m->ngeom, spec->compiler.discardvisual != 0},
      {"nsite", mjOBJ_SITE, m->nsite, false},
      {"ncam", mjOBJ_CAMERA, m->ncam, false},
      {"nlight", mjOBJ_LIGHT, m->nlight, false},
      {"nflex", mjOBJ_FLEX, m->nflex, false},
      {"nmesh", mjOBJ_MESH, m->nmesh, spec->compiler.discardvisual != 0},
      {"nskin", mjOBJ_SKIN, m->nskin, false},
      {"nhfield", mjOBJ_HFIELD, m->nhfield, false},
      {"ntex", mjOBJ_TEXTURE, m->ntex, false},
      {"nmat", mjOBJ_MATERIAL, m->nmat, false},
      {"npair", mjOBJ_PAIR, m->npair, false},
      {"nexclude", mjOBJ_EXCLUDE, m->nexclude, false},
      {"neq", mjOBJ_EQUALITY, m->neq, false},
      {"ntendon", mjOBJ_TENDON, m->ntendon, false},
      {"nu", mjOBJ_ACTUATOR, m->nu, false},
      {"nsensor", mjOBJ_SENSOR, m->nsensor, false},
      {"nnumeric", mjOBJ_NUMERIC, m->nnumeric, false},
      {"ntext", mjOBJ_TEXT, m->ntext, false},
      {"ntuple", mjOBJ_TUPLE, m->ntuple, false},
      {"nkey", mjOBJ_KEY, m->nkey, false},
  };
  for (const Item& it : items) {
    if (it.skip) {
      continue;
    }
    int n = count(it.type);
    if (n != it.model) {
      return std::string("model and spec differ in ") + it.name + " (" + std::to_string(it.model) +
             " vs " + std::to_string(n) + ")";
    }
  }
  return "";
}

}  // namespace motus

// ---------------------------------------------------------------------------------------------
// public API

namespace {

void SetError(char* error, int error_sz, const std::string& msg) {
  if (error && error_sz > 0) {
    mju_strncpy(error, msg.c_str(), error_sz);
  }
}

// writes text to a file; false with a message on failure
bool WriteFile(const char* filename, const std::string& text, std::string* error) {
  if (!filename || !filename[0]) {
    *error = "no file name given";
    return false;
  }
  FILE* f = std::fopen(filename, "wb");
  if (!f) {
    *error = std::string("could not open file '") + filename + "' for writing";
    return false;
  }
  size_t n = std::fwrite(text.data(), 1, text.size(), f);
  if (std::fclose(f) != 0 || n != text.size()) {
    *error = std::string("could not write file '") + filename + "'";
    return false;
  }
  return true;
}

}  // namespace

int mj_saveXMLString(const mjSpec* s, char* xml, int xml_sz, char* error, int error_sz) {
  SetError(error, error_sz, "");
  std::string text, msg;
  if (!motus::WriteXML(const_cast<mjSpec*>(s), &text, &msg)) {
    SetError(error, error_sz, msg);
    return -1;
  }
  // the text and its terminating null must fit; else report the size needed
  if (!xml || xml_sz <= 0 || text.size() + 1 > static_cast<size_t>(xml_sz)) {
    SetError(error, error_sz, "output buffer too small");
    return static_cast<int>(text.size() + 1);
  }
  std::memcpy(xml, text.c_str(), text.size() + 1);
  return 0;
}

int mj_saveXML(const mjSpec* s, const char* filename, char* error, int error_sz) {
  SetError(error, error_sz, "");
  std::string text, msg;
  if (!motus::WriteXML(const_cast<mjSpec*>(s), &text, &msg) || !WriteFile(filename, text, &msg)) {
    SetError(error, error_sz, msg);
    return -1;
  }
  return 0;
}

int mj_saveLastXML(const char* filename, const mjModel* m, char* error, int error_sz) {
  SetError(error, error_sz, "");
  std::string msg;
  motus::LastSpecLock lock;
  mjSpec* spec = lock.spec();
  if (!spec) {
    SetError(error, error_sz,
             "no model description: load the model with mj_loadXML first (MJB files are not "
             "decompiled)");
    return 0;
  }
  if (m) {
    msg = motus::CompareSizes(spec, m);
    if (msg.empty() && !motus::CopyBack(spec, m, &msg) && msg.empty()) {
      msg = "could not copy the model parameters into the spec";
    }
    if (!msg.empty()) {
      SetError(error, error_sz, msg);
      return 0;
    }
  }
  std::string text;
  if (!motus::WriteXML(spec, &text, &msg) || !WriteFile(filename, text, &msg)) {
    SetError(error, error_sz, msg);
    return 0;
  }
  return 1;
}

void mj_freeLastXML(void) {
  motus::SetLastSpec(nullptr);
}
