// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The kinematic tree (XMLreference.rst, (world)body and its children): body, frame, inertial,
// joint, freejoint, geom, site, camera, light, and the meta-elements replicate and attach.
//
// Classes: an element uses its own `class`, else the class named by the nearest enclosing body or
// frame `childclass`, else "main" (modeling.rst, CDefault). Frames (XMLreference.rst, frame) are
// created with mjs_addFrame and every element inside one is placed in it with mjs_setFrame, so the
// compiler accumulates the frame transformations. Joints and inertial elements may also appear in
// frames and replicates, as in MuJoCo; the world body (and frames and
// replicates directly in it) cannot hold joints or inertial.
//
// replicate (XMLreference.rst, replicate): the children are parsed `count` times; replica i is a
// new frame: replica 0 sits at the parent frame, replica i at p_i = p_{i-1} + R(q_{i-1}) offset
// ("the frame of the offset is with respect to the previous replica") with orientation q_i = the
// euler angles i * euler ("total rotation is cumulative"). For a rotation about one axis this is
// the step composed i times; for general angles MuJoCo scales the angles, not the rotation
// (euler "10 20 37" gives replica 2 at euler "20 40 74", to the last bit). The angles use the
// compiler's angle unit and euler sequence (mjs_resolveOrientation).
// Names get the replica suffix; see xml_replicate.h.
//
// attach (XMLreference.rst, body/attach): the body named `body` of the <model> asset `model` (or,
// without `body`, the whole sub-model) is attached with mjs_attach into a new frame at the attach
// element's place, names prefixed with `prefix` (and suffixed with the replica suffix inside a
// replicate).

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"
#include "xml/xml_reader_composite.h"
#include "xml/xml_schema.h"

namespace motus {
namespace mjcf {
namespace {

const XmlKeyword kJointType[] = {
    {"free", mjJNT_FREE}, {"ball", mjJNT_BALL}, {"slide", mjJNT_SLIDE}, {"hinge", mjJNT_HINGE}};
const XmlKeyword kGeomType[] = {
    {"plane", mjGEOM_PLANE},     {"hfield", mjGEOM_HFIELD},       {"sphere", mjGEOM_SPHERE},
    {"capsule", mjGEOM_CAPSULE}, {"ellipsoid", mjGEOM_ELLIPSOID}, {"cylinder", mjGEOM_CYLINDER},
    {"box", mjGEOM_BOX},         {"mesh", mjGEOM_MESH},           {"sdf", mjGEOM_SDF}};
const XmlKeyword kSiteType[] = {{"sphere", mjGEOM_SPHERE},
                                {"capsule", mjGEOM_CAPSULE},
                                {"ellipsoid", mjGEOM_ELLIPSOID},
                                {"cylinder", mjGEOM_CYLINDER},
                                {"box", mjGEOM_BOX}};
const XmlKeyword kCamLight[] = {{"fixed", mjCAMLIGHT_FIXED},
                                {"track", mjCAMLIGHT_TRACK},
                                {"trackcom", mjCAMLIGHT_TRACKCOM},
                                {"targetbody", mjCAMLIGHT_TARGETBODY},
                                {"targetbodycom", mjCAMLIGHT_TARGETBODYCOM}};
const XmlKeyword kProjection[] = {{"perspective", mjPROJ_PERSPECTIVE},
                                  {"orthographic", mjPROJ_ORTHOGRAPHIC}};
const XmlKeyword kCamOutput[] = {{"rgb", mjCAMOUT_RGB},
                                 {"depth", mjCAMOUT_DEPTH},
                                 {"distance", mjCAMOUT_DIST},
                                 {"normal", mjCAMOUT_NORMAL},
                                 {"segmentation", mjCAMOUT_SEG}};
const XmlKeyword kLightType[] = {{"spot", mjLIGHT_SPOT},
                                 {"directional", mjLIGHT_DIRECTIONAL},
                                 {"point", mjLIGHT_POINT},
                                 {"image", mjLIGHT_IMAGE}};
const XmlKeyword kFluidShape[] = {{"none", 0}, {"ellipsoid", 1}};
const XmlKeyword kSleep[] = {{"auto", mjSLEEP_AUTO},
                             {"never", mjSLEEP_NEVER},
                             {"allowed", mjSLEEP_ALLOWED},
                             {"init", mjSLEEP_INIT}};
const XmlKeyword kAlignFree[] = {
    {"false", mjALIGNFREE_FALSE}, {"true", mjALIGNFREE_TRUE}, {"auto", mjALIGNFREE_AUTO}};

// polynomial coefficients "a [b [c]]": components that are not given are zero
void ReadPoly(XmlAttrs& a, const char* name, double* out) {
  double v[mjNPOLY + 1] = {0};
  if (a.Nums(name, v, mjNPOLY + 1, true)) {
    for (int i = 0; i <= mjNPOLY; i++) {
      out[i] = v[i];
    }
  }
}

void ParseChildren(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope);

// places a new tree element in the current frame
void PlaceInFrame(XmlContext& ctx, const XmlNode& node, mjsElement* e, const XmlTreeScope& sc) {
  if (sc.frame && mjs_setFrame(e, sc.frame) != 0) {
    const char* err = mjs_getError(ctx.spec);
    XmlFail(node, std::string("could not place element in frame") +
                      (err && *err ? ": " + std::string(err) : ""));
  }
}

// childclass attribute of a body or frame: the class its descendants use
const mjsDefault* ReadChildClass(XmlContext& ctx, XmlAttrs& a, mjString* dest,
                                 const mjsDefault* inherited) {
  std::string cc;
  if (!a.Str("childclass", &cc)) {
    return inherited;
  }
  const mjsDefault* def = FindClass(ctx, a, cc);
  if (dest) {
    mjs_setString(dest, cc.c_str());
  }
  return def;
}

void ParseBody(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  std::string cc;
  const mjsDefault* childdef = scope.childdef;
  if (a.Str("childclass", &cc)) {
    childdef = FindClass(ctx, a, cc);
  }
  mjsBody* b = mjs_addBody(scope.body, childdef);
  CheckSpec(ctx, node, b, "body");
  PlaceInFrame(ctx, node, b->element, scope);
  if (!cc.empty()) {
    mjs_setString(b->childclass, cc.c_str());
  }
  ReadName(ctx, a, b->element, true);
  a.Bool("mocap", &b->mocap);
  a.Nums("pos", b->pos, 3);
  ReadOrientation(a, b->quat, &b->alt);
  a.Num("gravcomp", &b->gravcomp);
  a.Enum("sleep", kSleep, &b->sleep);
  ReadUser(a, b->userdata);
  a.Finish();

  XmlTreeScope inner;
  inner.body = b;
  inner.childdef = childdef;
  ParseChildren(ctx, node, inner);
}

void ParseFrame(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsFrame* f = mjs_addFrame(scope.body, scope.frame);
  CheckSpec(ctx, node, f, "frame");
  const mjsDefault* childdef = ReadChildClass(ctx, a, f->childclass, scope.childdef);
  ReadName(ctx, a, f->element, true);
  a.Nums("pos", f->pos, 3);
  ReadOrientation(a, f->quat, &f->alt);
  a.Finish();

  XmlTreeScope inner = scope;
  inner.frame = f;
  inner.childdef = childdef;
  ParseChildren(ctx, node, inner);
}

// body/inertial: explicit mass and inertia of the body (XMLreference.rst, body/inertial)
void ParseInertial(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  (void)ctx;
  mjsBody* b = scope.body;
  XmlAttrs a(node);
  a.Require("pos");
  a.Require("mass");
  a.Nums("pos", b->ipos, 3);
  ReadOrientation(a, b->iquat, &b->ialt);
  a.Num("mass", &b->mass);
  a.Nums("diaginertia", b->inertia, 3);
  a.Nums("fullinertia", b->fullinertia, 6);
  a.Finish();
  CheckLeaf(node);
  b->explicitinertial = 1;
}

void ParseJoint(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsJoint* j = mjs_addJoint(scope.body, ActiveDefault(ctx, a, scope.childdef));
  CheckSpec(ctx, node, j, "joint");
  PlaceInFrame(ctx, node, j->element, scope);
  ReadName(ctx, a, j->element, true);
  ReadJointAttrs(a, j);
  a.Finish();
  CheckLeaf(node);
}

// freejoint: a free joint that ignores joint defaults (XMLreference.rst, body/freejoint)
void ParseFreeJoint(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsJoint* j = mjs_addFreeJoint(scope.body);
  CheckSpec(ctx, node, j, "free joint");
  PlaceInFrame(ctx, node, j->element, scope);
  ReadName(ctx, a, j->element, true);
  a.Int("group", &j->group);
  a.Keyword("align", kAlignFree, &j->align);
  a.Finish();
  CheckLeaf(node);
}

void ParseGeom(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsGeom* g = mjs_addGeom(scope.body, ActiveDefault(ctx, a, scope.childdef));
  CheckSpec(ctx, node, g, "geom");
  PlaceInFrame(ctx, node, g->element, scope);
  ReadName(ctx, a, g->element, true);
  ReadGeomAttrs(a, g);
  a.Finish();
  int nplugin = 0;
  for (const XmlNode& c : node.children) {
    if (c.Name() != "plugin") {
      UnknownElement(c, node);
    }
    CheckOnce(c, &nplugin, node);
    ParsePluginChild(ctx, c, &g->plugin);
  }
}

void ParseSite(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsSite* s = mjs_addSite(scope.body, ActiveDefault(ctx, a, scope.childdef));
  CheckSpec(ctx, node, s, "site");
  PlaceInFrame(ctx, node, s->element, scope);
  ReadName(ctx, a, s->element, true);
  ReadSiteAttrs(a, s);
  a.Finish();
  CheckLeaf(node);
}

void ParseCamera(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsCamera* c = mjs_addCamera(scope.body, ActiveDefault(ctx, a, scope.childdef));
  CheckSpec(ctx, node, c, "camera");
  PlaceInFrame(ctx, node, c->element, scope);
  ReadName(ctx, a, c->element, true);
  ReadCameraAttrs(ctx, a, c, false);
  a.Finish();
  CheckLeaf(node);
}

void ParseLight(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  mjsLight* l = mjs_addLight(scope.body, ActiveDefault(ctx, a, scope.childdef));
  CheckSpec(ctx, node, l, "light");
  PlaceInFrame(ctx, node, l->element, scope);
  ReadName(ctx, a, l->element, true);
  ReadLightAttrs(ctx, a, l, false);
  a.Finish();
  CheckLeaf(node);
}

void ParseReplicate(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  int count = 0;
  std::string sep;
  double offset[3] = {0, 0, 0};
  mjsOrientation step;
  mjs_defaultOrientation(&step);
  a.Require("count");
  a.Int("count", &count);
  a.Str("sep", &sep);
  a.Nums("offset", offset, 3);
  if (a.Nums("euler", step.euler, 3)) {
    step.type = mjORIENTATION_EULER;
  }
  // legacy attribute: accepted by MuJoCo with no effect on names or poses (models in use still
  // write it); not in XMLreference.rst
  a.Use("prefix");
  a.Finish();
  if (count <= 0) {
    a.Fail("replicate count must be positive, got " + std::to_string(count));
  }
  // nested replicates multiply; bound the expansion so that hostile input cannot exhaust memory
  const long long kMaxCopies = 1000000;
  long long copies = ctx.rep.Copies(count);
  if (copies > kMaxCopies) {
    a.Fail("replicate expands to " + std::to_string(copies) + " copies, more than the limit of " +
           std::to_string(kMaxCopies));
  }

  // orientation of replica i: the euler angles i * euler, in the compiler's angle unit and sequence
  const mjsCompiler* comp = &ctx.spec->compiler;
  char seq[4] = {comp->eulerseq[0], comp->eulerseq[1], comp->eulerseq[2], 0};
  auto replicaQuat = [&](int i, double q[4]) {
    q[0] = 1;
    q[1] = q[2] = q[3] = 0;
    if (step.type != mjORIENTATION_EULER) {
      return;
    }
    mjsOrientation scaled = step;
    for (int k = 0; k < 3; k++) {
      scaled.euler[k] = i * step.euler[k];
    }
    const char* err = mjs_resolveOrientation(q, comp->degree, seq, &scaled);
    if (err && *err) {
      a.Fail(std::string("replicate euler: ") + err);
    }
  };

  std::set<std::string> names;
  CollectTreeNames(node, &names);

  // keyframes follow the first replicate to complete (xml_replicate_keys.cc)
  std::vector<const void*> seen;
  if (!ctx.keyrep.recorded) {
    seen = SpecJoints(ctx);
  }
  bool keys = false;

  double pos[3] = {0, 0, 0};
  for (int i = 0; i < count; i++) {
    double quat[4];
    replicaQuat(i, quat);
    mjsFrame* f = mjs_addFrame(scope.body, scope.frame);
    CheckSpec(ctx, node, f, "frame");
    for (int k = 0; k < 3; k++) {
      f->pos[k] = pos[k];
    }
    for (int k = 0; k < 4; k++) {
      f->quat[k] = quat[k];
    }

    std::string suffix = sep + XmlReplicate::Index(i, count);
    ctx.rep.Push(suffix, &names, i);
    long long outer = ctx.rep.Copies(1);
    ctx.rep.SetCopies(copies);
    XmlTreeScope inner = scope;
    inner.frame = f;
    ParseChildren(ctx, node, inner);
    ctx.rep.SetCopies(outer);
    ctx.rep.Pop();
    keys = RecordKeyReplica(ctx, node, seen, i, suffix, keys);

    // next replica: p += R(q_i) offset, with the rotation matrix as MuJoCo does
    double mat[9], d[3];
    mju_quat2Mat(mat, quat);
    mju_mulMatVec3(d, mat, offset);
    for (int k = 0; k < 3; k++) {
      pos[k] += d[k];
    }
  }
}

void ParseAttach(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  std::string model, body, prefix;
  a.Require("model");
  a.Require("prefix");
  a.Str("model", &model);
  bool hasbody = a.Str("body", &body);
  a.Str("prefix", &prefix);
  a.Finish();
  CheckLeaf(node);

  mjSpec* child = mjs_findSpec(ctx.spec, model.c_str());
  if (!child) {
    a.Fail("unknown model '" + model + "' (declare it with <model> in <asset>)");
  }
  const mjsElement* source = child->element;
  if (hasbody) {
    mjsBody* b = mjs_findBody(child, body.c_str());
    if (!b) {
      a.Fail("body '" + body + "' not found in model '" + model + "'");
    }
    source = b->element;
  }

  mjsFrame* f = mjs_addFrame(scope.body, scope.frame);
  CheckSpec(ctx, node, f, "frame");
  std::string suffix = ctx.rep.Suffix();
  size_t nkey = KeyCount(ctx);
  mjsElement* r = mjs_attach(f->element, source, prefix.c_str(), suffix.c_str());
  if (!r) {
    const char* err = mjs_getError(ctx.spec);
    a.Fail("could not attach model '" + model + "'" + (err && *err ? ": " + std::string(err) : ""));
  }
  FixAttachedKeys(ctx, nkey, suffix);
}

// children of a body, frame or replicate
void ParseChildren(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  int ninertial = 0;
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "body") {
      ParseBody(ctx, c, scope);
    } else if (n == "frame") {
      ParseFrame(ctx, c, scope);
    } else if (n == "geom") {
      ParseGeom(ctx, c, scope);
    } else if (n == "site") {
      ParseSite(ctx, c, scope);
    } else if (n == "camera") {
      ParseCamera(ctx, c, scope);
    } else if (n == "light") {
      ParseLight(ctx, c, scope);
    } else if (n == "replicate") {
      ParseReplicate(ctx, c, scope);
    } else if (n == "attach") {
      ParseAttach(ctx, c, scope);
    } else if (n == "joint" || n == "freejoint") {
      if (scope.world) {
        XmlFail(c, "the world body cannot have joints");
      }
      if (n == "joint") {
        ParseJoint(ctx, c, scope);
      } else {
        ParseFreeJoint(ctx, c, scope);
      }
    } else if (n == "inertial") {
      if (scope.world) {
        XmlFail(c, "the world body cannot have an inertial element");
      }
      if (node.Name() == "body") {
        CheckOnce(c, &ninertial, node);
      }
      ParseInertial(ctx, c, scope);
    } else if (n == "flexcomp") {
      ParseFlexcomp(ctx, c, scope.body);
    } else if (n == "plugin" && node.Name() == "body") {
      ParsePluginChild(ctx, c, &scope.body->plugin);
    } else if (n == "composite") {
      ParseComposite(ctx, c, scope);
    } else if (n == "plugin") {
      Unsupported(c);
    } else {
      UnknownElement(c, node);
    }
  }
}

}  // namespace

void ParseWorldbody(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  // The world body shares the body's schema but takes none of its attributes; other names are
  // schema violations, as everywhere.
  for (const tinyxml2::XMLAttribute* at = node.elem->FirstAttribute(); at; at = at->Next()) {
    if (SchemaHasAttribute("(world)body", at->Name())) {
      a.Fail("World body cannot have attributes");
    }
  }
  a.Finish();
  XmlTreeScope scope;
  scope.body = mjs_findBody(ctx.spec, "world");
  CheckSpec(ctx, node, scope.body, "world body");
  scope.world = true;
  ParseChildren(ctx, node, scope);
}

// ---- attributes shared with default classes -----------------------------------------------------

void ReadJointAttrs(XmlAttrs& a, mjsJoint* j) {
  a.Enum("type", kJointType, &j->type);
  a.Int("group", &j->group);
  a.Nums("pos", j->pos, 3);
  a.Nums("axis", j->axis, 3);
  a.Nums("springdamper", j->springdamper, 2);
  a.Keyword("limited", kXmlLimited, &j->limited);
  a.Keyword("actuatorfrclimited", kXmlLimited, &j->actfrclimited);
  a.Bool("actuatorgravcomp", &j->actgravcomp);
  a.Nums("solreflimit", j->solref_limit, mjNREF, true);
  a.Nums("solimplimit", j->solimp_limit, mjNIMP, true);
  a.Nums("solreffriction", j->solref_friction, mjNREF, true);
  a.Nums("solimpfriction", j->solimp_friction, mjNIMP, true);
  ReadPoly(a, "stiffness", j->stiffness);
  a.Nums("range", j->range, 2);
  a.Nums("actuatorfrcrange", j->actfrcrange, 2);
  a.Num("margin", &j->margin);
  a.Num("ref", &j->ref);
  a.Num("springref", &j->springref);
  a.Num("armature", &j->armature);
  ReadPoly(a, "damping", j->damping);
  a.Num("frictionloss", &j->frictionloss);
  ReadUser(a, j->userdata);
}

void ReadGeomAttrs(XmlAttrs& a, mjsGeom* g) {
  a.Enum("type", kGeomType, &g->type);
  a.Nums("pos", g->pos, 3);
  ReadOrientation(a, g->quat, &g->alt);
  a.Nums("fromto", g->fromto, 6);
  a.Nums("size", g->size, 3, true);
  a.Int("contype", &g->contype);
  a.Int("conaffinity", &g->conaffinity);
  a.Int("condim", &g->condim);
  a.Int("priority", &g->priority);
  a.Nums("friction", g->friction, 3, true);
  a.Num("solmix", &g->solmix);
  a.Nums("solref", g->solref, mjNREF, true);
  a.Nums("solimp", g->solimp, mjNIMP, true);
  a.Num("margin", &g->margin);
  a.Num("gap", &g->gap);
  a.Num("mass", &g->mass);
  a.Num("density", &g->density);
  int shell;
  if (a.Bool("shellinertia", &shell)) {
    g->typeinertia = shell ? mjINERTIA_SHELL : mjINERTIA_VOLUME;
  }
  int fluid;
  if (a.Keyword("fluidshape", kFluidShape, &fluid)) {
    g->fluid_ellipsoid = fluid;
  }
  a.Nums("fluidcoef", g->fluid_coefs, 5, true);
  a.Str("material", g->material);
  a.Nums("rgba", g->rgba, 4);
  a.Int("group", &g->group);
  a.Str("hfield", g->hfieldname);
  a.Str("mesh", g->meshname);
  a.Num("fitscale", &g->fitscale);
  ReadUser(a, g->userdata);
}

void ReadSiteAttrs(XmlAttrs& a, mjsSite* s) {
  a.Enum("type", kSiteType, &s->type);
  a.Int("group", &s->group);
  a.Str("material", s->material);
  a.Nums("rgba", s->rgba, 4);
  a.Nums("size", s->size, 3, true);
  a.Nums("fromto", s->fromto, 6);
  a.Nums("pos", s->pos, 3);
  ReadOrientation(a, s->quat, &s->alt);
  ReadUser(a, s->userdata);
}

void ReadCameraAttrs(XmlContext& ctx, XmlAttrs& a, mjsCamera* c, bool dflt) {
  // default/camera accepts mode but not target (XMLreference.rst default/camera; MuJoCo
  // rejects target in defaults)
  a.Enum("mode", kCamLight, &c->mode);
  if (!dflt) {
    std::string target;
    if (a.Str("target", &target)) {
      mjs_setString(c->targetbody, ctx.rep.TreeRef(target).c_str());
    }
  }
  a.Enum("projection", kProjection, &c->proj);
  a.Num("fovy", &c->fovy);
  a.Num("ipd", &c->ipd);
  a.Ints("resolution", c->resolution, 2);
  std::vector<std::string> out;
  if (a.Words("output", &out)) {
    c->output = 0;
    for (const std::string& w : out) {
      int bit = -1;
      for (const XmlKeyword& k : kCamOutput) {
        if (w == k.name) {
          bit = k.value;
        }
      }
      if (bit < 0) {
        a.Fail("invalid keyword: '" + w + "' in attribute 'output' of element '" + a.ElementName() +
               "'; valid keywords: rgb, depth, distance, normal, segmentation");
      }
      c->output |= bit;
    }
  }
  a.Nums("sensorsize", c->sensor_size, 2);
  a.Nums("focal", c->focal_length, 2);
  a.Nums("focalpixel", c->focal_pixel, 2);
  a.Nums("principal", c->principal_length, 2);
  a.Nums("principalpixel", c->principal_pixel, 2);
  a.Nums("pos", c->pos, 3);
  ReadOrientation(a, c->quat, &c->alt);
  ReadUser(a, c->userdata);
}

void ReadLightAttrs(XmlContext& ctx, XmlAttrs& a, mjsLight* l, bool dflt) {
  a.Enum("mode", kCamLight, &l->mode);
  // default/light has neither target nor texture (XMLreference.rst default/light)
  std::string target;
  if (!dflt && a.Str("target", &target)) {
    mjs_setString(l->targetbody, ctx.rep.TreeRef(target).c_str());
  }
  bool hastype = a.Enum("type", kLightType, &l->type);
  // legacy: directional="true" makes the light directional unless a type is given
  int directional;
  if (a.Bool("directional", &directional) && !hastype) {
    l->type = directional ? mjLIGHT_DIRECTIONAL : mjLIGHT_SPOT;
  }
  a.Bool("castshadow", &l->castshadow);
  a.Bool("active", &l->active);
  a.Nums("pos", l->pos, 3);
  a.Nums("dir", l->dir, 3);
  a.Nums("diffuse", l->diffuse, 3);
  if (!dflt) {
    a.Str("texture", l->texture);
  }
  a.Num("intensity", &l->intensity);
  a.Nums("ambient", l->ambient, 3);
  a.Nums("specular", l->specular, 3);
  a.Num("range", &l->range);
  a.Num("bulbradius", &l->bulbradius);
  a.Nums("attenuation", l->attenuation, 3);
  a.Num("cutoff", &l->cutoff);
  a.Num("exponent", &l->exponent);
}

}  // namespace mjcf
}  // namespace motus
