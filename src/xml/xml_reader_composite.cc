// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// <composite type="cable"> (XMLreference.rst body/composite, modeling.rst "Composite objects"):
// a macro that expands, while the file is read, into a chain of bodies, each the child of the
// previous one, one per edge of a polyline:
//   * the polyline: `vertex` (3 numbers per point), or `count` points of the functions `curve`
//     ("s", "cos(s)", "sin(s)", or 0 when missing) at parameter i / (count-1), scaled by `size`:
//     s -> size[0] s, cos(s) -> size[1] cos(pi size[2] i / (count-1)), likewise sin; curve points
//     are rotated by `quat`. As in MuJoCo the points are stored in single precision.
//   * body i sits at the start of edge i with its x axis along the edge; its y and z axes are a
//     Bishop (twist-free) frame: the first normal is the y axis made orthogonal to the edge, and
//     each next normal is the previous one rotated by the minimal rotation between the two unit
//     tangents. A body's position and orientation are relative to the previous body.
//   * each body has one geom along its edge (capsule or cylinder: fromto; box: half length in
//     size[0]), a ball joint (the first body's joint follows `initial`: ball, free or none), the
//     body plugin of the composite, and a contact exclusion with the next body. The first and
//     last bodies carry the sites S_first (at the start) and S_last (at the end of the edge).
//   * names: prefix + B_first, B_1, ..., B_last; J_first, J_1, ...; G0, G1, ...; S_first, S_last.
//     The plugin instance created in place is named "composite" + prefix, and MuJoCo's custom text
//     "composite_" + prefix (data "rope_" + prefix) marks the object.
// A box cable with a <skin> child also gets a skin (xml_reader_composite_skin.cc).
// User-defined default classes do not apply; the built-in defaults do, with joints and sites in
// group 3.

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"
#include "xml/xml_reader_composite.h"

namespace motus {
namespace mjcf {

namespace {

const XmlKeyword kCompositeType[] = {{"cable", 0}};
const XmlKeyword kInitial[] = {{"none", 0}, {"ball", 1}, {"free", 2}};
const XmlKeyword kJointKind[] = {{"main", 0}};

// attributes a composite sub-element accepts (XMLreference.rst composite/joint, geom, site)
const char* const kJointAttrs[] = {
    "kind",        "solreffix",    "solimpfix",      "axis",           "group",  "stiffness",
    "damping",     "armature",     "limited",        "range",          "margin", "solreflimit",
    "solimplimit", "frictionloss", "solreffriction", "solimpfriction", "type"};
const char* const kGeomAttrs[] = {"type",     "contype", "conaffinity", "condim", "group",
                                  "priority", "size",    "material",    "rgba",   "friction",
                                  "mass",     "density", "solmix",      "solref", "solimp",
                                  "margin",   "gap"};
const char* const kSiteAttrs[] = {"group", "size", "material", "rgba"};

template <int N>
void CheckAllowed(const XmlNode& node, const char* const (&allowed)[N]) {
  for (const tinyxml2::XMLAttribute* at = node.elem->FirstAttribute(); at; at = at->Next()) {
    bool ok = false;
    for (const char* name : allowed) {
      ok = ok || std::strcmp(name, at->Name()) == 0;
    }
    if (!ok) {
      XmlFail(node, std::string("unrecognized attribute '") + at->Name() + "' in element '" +
                        node.Name() + "' of a composite");
    }
  }
}

void Sub3(double out[3], const double a[3], const double b[3]) {
  for (int k = 0; k < 3; k++) {
    out[k] = a[k] - b[k];
  }
}

// the points of the cable's centerline, in the parent body's frame before the offset
std::vector<double> CablePoints(const XmlNode& node, XmlAttrs& a, int count) {
  std::vector<float> points;
  if (a.NumList("vertex", &points)) {
    if (points.size() % 3 || points.size() < 6) {
      a.Fail("composite vertex needs 3 numbers per point and at least 2 points");
    }
    return std::vector<double>(points.begin(), points.end());
  }
  std::vector<std::string> curve;
  a.Words("curve", &curve);
  if (curve.size() > 3) {
    a.Fail("composite curve has at most 3 functions");
  }
  float size[3] = {1, 0, 0};  // single precision, as MuJoCo keeps it
  a.Nums("size", size, 3, true);
  double quat[4] = {1, 0, 0, 0};
  a.Nums("quat", quat, 4);
  mju_normalize4(quat);
  if (count < 2) {
    XmlFail(node, "a composite cable needs a count of at least 2 points (or vertex)");
  }
  for (int i = 0; i < count; i++) {
    double p[3] = {0, 0, 0};
    double arg = mjPI * i * size[2] / (count - 1);
    for (size_t k = 0; k < curve.size(); k++) {
      if (curve[k] == "s") {
        p[k] = i * size[0] / (count - 1);
      } else if (curve[k] == "cos(s)") {
        p[k] = size[1] * std::cos(arg);
      } else if (curve[k] == "sin(s)") {
        p[k] = size[1] * std::sin(arg);
      } else if (curve[k] != "0") {
        a.Fail("unknown composite curve function '" + curve[k] + "' (valid: s, cos(s), sin(s), 0)");
      }
    }
    double r[3];
    mju_rotVecQuat(r, p, quat);
    for (double x : r) {
      points.push_back(static_cast<float>(x));
    }
  }
  return std::vector<double>(points.begin(), points.end());
}

// unit vector of b - a and the distance
double Tangent(double t[3], const double* a, const double* b) {
  Sub3(t, b, a);
  return mju_normalize3(t);
}

// rotates `normal` by the minimal rotation taking unit vector `from` to unit vector `to`
void Transport(double normal[3], const double from[3], const double to[3]) {
  double axis[3];
  mju_cross(axis, from, to);
  double s = mju_normalize3(axis);
  if (s < mjMINVAL) {
    return;
  }
  double angle = std::acos(mju_dot3(from, to));
  double q[4];
  mju_axisAngle2Quat(q, axis, angle);
  mju_rotVecQuat(normal, normal, q);
}

// the first normal: in the plane of the first two edges, pointing to the side the curve turns
// to (binormal t0 x t1), or the y axis when they are aligned
void FirstNormal(double normal[3], const double tangent[3], const double* p1, const double* p2) {
  double next[3], binormal[3];
  Tangent(next, p1, p2);
  mju_cross(binormal, tangent, next);
  if (mju_normalize3(binormal) > mjMINVAL) {
    mju_cross(normal, binormal, tangent);
  }
}

// frame of an edge: x along the tangent, y the normal made orthogonal to it
void EdgeFrame(double quat[4], double normal[3], const double tangent[3]) {
  double binormal[3], mat[9];
  mju_cross(binormal, tangent, normal);
  mju_normalize3(binormal);
  mju_cross(normal, binormal, tangent);
  mju_normalize3(normal);
  for (int r = 0; r < 3; r++) {
    mat[3 * r + 0] = tangent[r];
    mat[3 * r + 1] = normal[r];
    mat[3 * r + 2] = binormal[r];
  }
  mju_mat2Quat(quat, mat);
}

std::string BodyName(const std::string& prefix, int i, int nbody) {
  if (i == 0) {
    return prefix + "B_first";
  }
  return prefix + (i == nbody - 1 ? "B_last" : "B_" + std::to_string(i));
}

std::string JointName(const std::string& prefix, int i, int nbody) {
  if (i == 0) {
    return prefix + "J_first";
  }
  return prefix + (i == nbody - 1 ? "J_last" : "J_" + std::to_string(i));
}

// what the sub-elements of one composite say
struct CableParts {
  const XmlNode* joint = nullptr;
  const XmlNode* geom = nullptr;
  const XmlNode* site = nullptr;
  const XmlNode* skin = nullptr;
  const XmlNode* plugin = nullptr;
};

void Once(const XmlNode& c, const XmlNode** slot) {
  if (*slot) {
    XmlFail(c, "composite can have only one <" + c.Name() + "> element");
  }
  *slot = &c;
}

CableParts ReadParts(const XmlNode& node) {
  CableParts parts;
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "joint") {
      CheckAllowed(c, kJointAttrs);
      XmlAttrs a(c);
      a.Require("kind");
      int kind = 0;
      a.Keyword("kind", kJointKind, &kind);
      Once(c, &parts.joint);
    } else if (n == "geom") {
      CheckAllowed(c, kGeomAttrs);
      Once(c, &parts.geom);
    } else if (n == "site") {
      CheckAllowed(c, kSiteAttrs);
      Once(c, &parts.site);
    } else if (n == "skin") {
      Once(c, &parts.skin);
    } else if (n == "plugin") {
      Once(c, &parts.plugin);
    } else if (n == "tendon" || n == "pin") {
      XmlFail(c, "<" + n + "> is not supported by composite type cable");
    } else {
      UnknownElement(c, node);
    }
  }
  return parts;
}

// the attributes of a sub-element applied over MuJoCo's built-in defaults
void ApplyJoint(const CableParts& parts, mjsJoint* j) {
  mjs_defaultJoint(j);
  j->group = 3;
  if (parts.joint) {
    XmlAttrs a(*parts.joint);
    a.Use("kind");
    a.Use("solreffix");
    a.Use("solimpfix");
    ReadJointAttrs(a, j);
    a.Finish();
  }
}

void ApplyGeom(const CableParts& parts, mjsGeom* g) {
  mjs_defaultGeom(g);
  g->type = mjGEOM_CAPSULE;
  if (parts.geom) {
    XmlAttrs a(*parts.geom);
    ReadGeomAttrs(a, g);
    a.Finish();
  }
}

void ApplySite(const CableParts& parts, mjsSite* s) {
  mjs_defaultSite(s);
  s->group = 3;
  if (parts.site) {
    XmlAttrs a(*parts.site);
    ReadSiteAttrs(a, s);
    a.Finish();
  }
}

// the plugin instance the bodies refer to: created in place ("composite" + prefix) or named
void ReadCablePlugin(XmlContext& ctx, const XmlNode& node, const std::string& prefix,
                     mjsPlugin* ref) {
  XmlAttrs a(node);
  bool implicit = !a.Has("instance");
  ReadPluginRef(ctx, a, ref);
  a.Finish();
  if (implicit) {
    mjs_setName(ref->element, ("composite" + prefix).c_str());
    mjs_setString(ref->name, ("composite" + prefix).c_str());
  }
}

}  // namespace

void ParseComposite(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope) {
  XmlAttrs a(node);
  a.Require("type");
  int type = 0;
  a.Keyword("type", kCompositeType, &type);
  std::string prefix;
  a.Str("prefix", &prefix);
  int count[3] = {1, 1, 1};
  int ncount = a.Ints("count", count, 3, true);
  if (count[1] != 1 || count[2] != 1) {
    a.Fail("a composite cable is one-dimensional: count must be 'n 1 1'");
  }
  double offset[3] = {0, 0, 0};
  a.Nums("offset", offset, 3);
  int initial = 1;
  a.Keyword("initial", kInitial, &initial);
  if (!a.Has("vertex") && !ncount) {
    a.Fail("composite cable needs attribute 'count' or 'vertex'");
  }
  std::vector<double> points = CablePoints(node, a, count[0]);
  a.Finish();
  CableParts parts = ReadParts(node);
  int nbody = static_cast<int>(points.size() / 3) - 1;

  const mjsPlugin* plugin_ref = nullptr;
  bool has_plugin = parts.plugin != nullptr;
  mjsBody* first = nullptr;
  if (has_plugin) {
    // the plugin instance is read into the first body, then copied to the others
    first = mjs_addBody(scope.body, nullptr);
    CheckSpec(ctx, node, first, "composite body");
    ReadCablePlugin(ctx, *parts.plugin, prefix, &first->plugin);
    plugin_ref = &first->plugin;
  }

  mjsBody* parent = scope.body;
  double normal[3] = {0, 1, 0}, prevquat[4] = {1, 0, 0, 0}, prevtangent[3] = {0, 0, 0};
  double prevlength = 0, userhalf = 0;
  std::vector<CableBody> bodies;
  for (int i = 0; i < nbody; i++) {
    const double* p = points.data() + 3 * i;
    double tangent[3], quat[4];
    double length = Tangent(tangent, p, p + 3);
    if (length < mjMINVAL) {
      XmlFail(node, "composite cable has two equal consecutive points");
    }
    if (i > 0) {
      Transport(normal, prevtangent, tangent);
    } else if (nbody > 1) {
      FirstNormal(normal, tangent, p + 3, p + 6);
    }
    EdgeFrame(quat, normal, tangent);

    mjsBody* b = (i == 0 && first) ? first : mjs_addBody(parent, nullptr);
    CheckSpec(ctx, node, b, "composite body");
    mjs_setName(b->element, BodyName(prefix, i, nbody).c_str());
    if (i == 0) {
      for (int k = 0; k < 3; k++) {
        b->pos[k] = offset[k] + p[k];
      }
      mju_copy4(b->quat, quat);
      if (scope.frame) {
        mjs_setFrame(b->element, scope.frame);
      }
    } else {
      b->pos[0] = prevlength;
      b->pos[1] = b->pos[2] = 0;
      double inv[4];
      mju_negQuat(inv, prevquat);
      mju_mulQuat(b->quat, inv, quat);
    }
    if (plugin_ref && i > 0) {
      b->plugin.active = 1;
      mjs_setString(b->plugin.plugin_name, mjs_getString(plugin_ref->plugin_name));
      mjs_setString(b->plugin.name, mjs_getString(plugin_ref->name));
      b->plugin.element = plugin_ref->element;
    }

    mjsGeom* g = mjs_addGeom(b, nullptr);
    CheckSpec(ctx, node, g, "composite geom");
    ApplyGeom(parts, g);
    mjs_setName(g->element, (prefix + "G" + std::to_string(i)).c_str());
    if (g->type == mjGEOM_CAPSULE || g->type == mjGEOM_CYLINDER) {
      double fromto[6] = {0, 0, 0, length, 0, 0};
      std::memcpy(g->fromto, fromto, sizeof(fromto));
    } else if (g->type == mjGEOM_BOX) {
      userhalf = g->size[0];
      g->pos[0] = length / 2;
      g->size[0] = length / 2;
    } else {
      XmlFail(parts.geom ? *parts.geom : node,
              "the geom of a composite cable must be a capsule, cylinder or box");
    }

    if (i > 0 || initial != 0) {
      mjsJoint* j = mjs_addJoint(b, nullptr);
      CheckSpec(ctx, node, j, "composite joint");
      ApplyJoint(parts, j);
      mjs_setName(j->element, JointName(prefix, i, nbody).c_str());
      j->type = (i == 0 && initial == 2) ? mjJNT_FREE : mjJNT_BALL;
      if (j->type == mjJNT_FREE) {
        std::memset(j->damping, 0, sizeof(j->damping));
        j->armature = 0;
        j->frictionloss = 0;
      }
    }

    if (i < nbody - 1) {
      mjsExclude* e = mjs_addExclude(ctx.spec);
      CheckSpec(ctx, node, e, "composite contact exclusion");
      mjs_setString(e->bodyname1, BodyName(prefix, i, nbody).c_str());
      mjs_setString(e->bodyname2, BodyName(prefix, i + 1, nbody).c_str());
    }
    if (i == 0 || i == nbody - 1) {
      mjsSite* s = mjs_addSite(b, nullptr);
      CheckSpec(ctx, node, s, "composite site");
      ApplySite(parts, s);
      mjs_setName(s->element, (prefix + (i == 0 ? "S_first" : "S_last")).c_str());
      s->pos[0] = i == 0 ? 0 : length;
    }

    bodies.push_back({BodyName(prefix, i, nbody), length});
    mju_copy4(prevquat, quat);
    mju_copy3(prevtangent, tangent);
    prevlength = length;
    parent = b;
  }

  mjsText* text = mjs_addText(ctx.spec);
  CheckSpec(ctx, node, text, "composite text");
  mjs_setName(text->element, ("composite_" + prefix).c_str());
  mjs_setString(text->data, ("rope_" + prefix).c_str());

  if (parts.skin) {
    const mjsGeom* g0 = nullptr;
    mjsBody* b0 = mjs_findBody(ctx.spec, BodyName(prefix, 0, nbody).c_str());
    if (b0) {
      g0 = mjs_asGeom(mjs_firstChild(b0, mjOBJ_GEOM, 0));
    }
    if (g0 && g0->type == mjGEOM_BOX) {
      AddCableSkin(ctx, *parts.skin, prefix, bodies, g0->size[1], 2 * g0->size[2], 2 * userhalf);
    } else {
      XmlAttrs sa(*parts.skin);
      ReadCableSkinAttrs(sa, nullptr);
    }
  }
}

}  // namespace mjcf
}  // namespace motus
