// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flexes (XMLreference.rst, deformable/flex with its contact, edge and elasticity children) and
// flexcomps (body/flexcomp, expanded by user/user_flexcomp.cc while the body tree is parsed).
// The flex equality a flexcomp asks for (edge equality="true|vert|strain") is added after all
// sections, so it follows the equalities of the <equality> section, as in MuJoCo.

#include <algorithm>
#include <string>
#include <vector>

#include "user/user_flexcomp.h"
#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {

namespace {

const XmlKeyword kSelfCollide[] = {{"none", mjFLEXSELF_NONE},
                                   {"narrow", mjFLEXSELF_NARROW},
                                   {"bvh", mjFLEXSELF_BVH},
                                   {"sap", mjFLEXSELF_SAP},
                                   {"auto", mjFLEXSELF_AUTO}};
const XmlKeyword kElastic2D[] = {{"none", 0}, {"bend", 1}, {"stretch", 2}, {"both", 3}};
const XmlKeyword kFlexDof[] = {{"trilinear", 1}, {"quadratic", 2}};
const XmlKeyword kFcompType[] = {
    {"grid", kFcompGrid},           {"box", kFcompBox},   {"cylinder", kFcompCylinder},
    {"ellipsoid", kFcompEllipsoid}, {"disc", kFcompDisc}, {"circle", kFcompCircle},
    {"mesh", kFcompMesh},           {"gmsh", kFcompGmsh}, {"direct", kFcompDirect}};
const XmlKeyword kFcompDof[] = {{"full", kFcompDofFull},
                                {"radial", kFcompDofRadial},
                                {"trilinear", kFcompDofTrilinear},
                                {"quadratic", kFcompDofQuadratic},
                                {"2d", kFcompDof2D}};
const XmlKeyword kFcompEquality[] = {{"false", kFcompEqNone},
                                     {"true", kFcompEqEdge},
                                     {"vert", kFcompEqVert},
                                     {"strain", kFcompEqStrain}};

// flex/contact and flexcomp/contact
void ReadFlexContact(const XmlNode& node, mjsFlex* f) {
  XmlAttrs a(node);
  a.Bool("internal", &f->internal);
  a.Enum("selfcollide", kSelfCollide, &f->selfcollide);
  a.Int("activelayers", &f->activelayers);
  a.Int("contype", &f->contype);
  a.Int("conaffinity", &f->conaffinity);
  a.Int("condim", &f->condim);
  a.Int("priority", &f->priority);
  a.Nums("friction", f->friction, 3, true);
  a.Num("solmix", &f->solmix);
  a.Nums("solref", f->solref, mjNREF, true);
  a.Nums("solimp", f->solimp, mjNIMP, true);
  a.Num("margin", &f->margin);
  a.Num("gap", &f->gap);
  a.Bool("passive", &f->passive);
  a.Finish();
  CheckLeaf(node);
  if (f->condim != 1 && f->condim != 3 && f->condim != 4 && f->condim != 6) {
    a.Fail("condim must be 1, 3, 4 or 6");
  }
  if (f->activelayers < 0) {
    a.Fail("activelayers must be non-negative");
  }
}

// flex/elasticity and flexcomp/elasticity
void ReadFlexElasticity(const XmlNode& node, mjsFlex* f) {
  XmlAttrs a(node);
  a.Num("young", &f->young);
  a.Num("poisson", &f->poisson);
  a.Num("damping", &f->damping);
  a.Num("thickness", &f->thickness);
  a.Enum("elastic2d", kElastic2D, &f->elastic2d);
  a.Finish();
  CheckLeaf(node);
  if (f->young < 0 || f->damping < 0) {
    a.Fail("young and damping must be non-negative");
  }
  if (f->poisson < 0 || f->poisson >= 0.5) {
    a.Fail("poisson must be in [0, 0.5)");
  }
}

// the visual and contact attributes shared by flex and flexcomp
void ReadFlexVisual(XmlAttrs& a, mjsFlex* f) {
  a.Num("radius", &f->radius);
  a.Str("material", f->material);
  a.Nums("rgba", f->rgba, 4);
  a.Int("group", &f->group);
  a.Bool("flatskin", &f->flatskin);
}

// a child of flex/flexcomp seen at most once
void Once(const XmlNode& c, const XmlNode& parent, int* seen) {
  CheckOnce(c, seen, parent);
}

void ReadPin(const XmlNode& node, Flexcomp* fc) {
  XmlAttrs a(node);
  std::vector<int> v;
  if (a.IntList("id", &v)) {
    fc->pinid.insert(fc->pinid.end(), v.begin(), v.end());
  }
  if (a.IntList("range", &v)) {
    fc->pinrange.insert(fc->pinrange.end(), v.begin(), v.end());
  }
  if (a.IntList("grid", &v)) {
    fc->pingrid.insert(fc->pingrid.end(), v.begin(), v.end());
  }
  if (a.IntList("gridrange", &v)) {
    fc->pingridrange.insert(fc->pingridrange.end(), v.begin(), v.end());
  }
  a.Finish();
  CheckLeaf(node);
}

}  // namespace

void ParseFlex(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsFlex* f = mjs_addFlex(ctx.spec);
  CheckSpec(ctx, node, f, "flex");
  ReadName(ctx, a, f->element, false);
  a.Int("dim", &f->dim);
  ReadFlexVisual(a, f);
  a.Require("body");
  a.Words("body", f->vertbody);
  a.Words("node", f->nodebody);
  std::vector<double> dv;
  std::vector<float> fv;
  std::vector<int> iv;
  if (a.NumList("vertex", &dv)) {
    *f->vert = dv;
  }
  if (a.NumList("texcoord", &fv)) {
    *f->texcoord = fv;
  }
  if (a.IntList("elemtexcoord", &iv)) {
    *f->elemtexcoord = iv;
  }
  a.Require("element");
  a.IntList("element", f->elem);
  a.Ints("cellcount", f->cellcount, 3);
  int order = 0;
  if (a.Enum("dof", kFlexDof, &order)) {
    f->order = order;
  }
  a.Finish();
  if (f->dim < 1 || f->dim > 3) {
    a.Fail("flex dim must be 1, 2 or 3");
  }
  int ncontact = 0, nedge = 0, nelastic = 0;
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "contact") {
      Once(c, node, &ncontact);
      ReadFlexContact(c, f);
    } else if (n == "edge") {
      Once(c, node, &nedge);
      XmlAttrs e(c);
      e.Num("stiffness", &f->edgestiffness);
      e.Num("damping", &f->edgedamping);
      e.Finish();
      CheckLeaf(c);
    } else if (n == "elasticity") {
      Once(c, node, &nelastic);
      ReadFlexElasticity(c, f);
    } else {
      UnknownElement(c, node);
    }
  }
}

void ParseFlexcomp(XmlContext& ctx, const XmlNode& node, mjsBody* parent) {
  XmlAttrs a(node);
  Flexcomp fc;
  mjsFlex* f = mjs_addFlex(ctx.spec);
  CheckSpec(ctx, node, f, "flex");
  a.Require("name");
  a.Str("name", &fc.name);
  fc.name = ctx.rep.DefineName(fc.name);
  a.Int("dim", &f->dim);
  a.Enum("type", kFcompType, &fc.type);
  a.Enum("dof", kFcompDof, &fc.dof);
  a.Ints("count", fc.count, 3);
  a.Ints("cellcount", f->cellcount, 3);
  a.Nums("spacing", fc.spacing, 3);
  a.Nums("scale", fc.scale, 3);
  a.Nums("origin", fc.origin, 3);
  a.Num("mass", &fc.mass);
  a.Num("inertiabox", &fc.inertiabox);
  a.Bool("rigid", &fc.rigid);
  a.Nums("pos", fc.pos, 3);
  ReadOrientation(a, fc.quat, &fc.alt);
  a.Str("file", &fc.file);
  a.NumList("point", &fc.point);
  a.IntList("element", &fc.element);
  a.NumList("texcoord", &fc.texcoord);
  ReadFlexVisual(a, f);
  a.Finish();

  int ncontact = 0, nedge = 0, nelastic = 0;
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "contact") {
      Once(c, node, &ncontact);
      ReadFlexContact(c, f);
    } else if (n == "edge") {
      Once(c, node, &nedge);
      XmlAttrs e(c);
      e.Enum("equality", kFcompEquality, &fc.equality);
      e.Nums("solref", fc.eq_solref, mjNREF, true);
      e.Nums("solimp", fc.eq_solimp, mjNIMP, true);
      e.Num("stiffness", &f->edgestiffness);
      e.Num("damping", &f->edgedamping);
      e.Finish();
      CheckLeaf(c);
    } else if (n == "elasticity") {
      Once(c, node, &nelastic);
      ReadFlexElasticity(c, f);
    } else if (n == "pin") {
      ReadPin(c, &fc);
    } else if (n == "plugin") {
      Unsupported(c);
    } else {
      UnknownElement(c, node);
    }
  }

  fc.assets.modelfiledir = mjs_getString(ctx.spec->modelfiledir);
  fc.assets.assetdir = mjs_getString(ctx.spec->compiler.meshdir);
  fc.assets.strippath = ctx.spec->strippath;
  if (fc.equality == kFcompEqStrain && f->young > 0) {
    XmlFail(node, "strain constraint and elasticity (young) cannot both be present");
  }
  std::string error;
  if (!MakeFlexcomp(ctx.spec, parent, fc, f, ctx.vfs, &error)) {
    XmlFail(node, error);
  }
  if (fc.equality != kFcompEqNone) {
    XmlPendingEquality eq;
    eq.flex = fc.name;
    eq.type = fc.equality == kFcompEqEdge   ? mjEQ_FLEX
              : fc.equality == kFcompEqVert ? mjEQ_FLEXVERT
                                            : mjEQ_FLEXSTRAIN;
    std::copy(f->cellcount, f->cellcount + 3, eq.cellcount);
    std::copy(fc.eq_solref, fc.eq_solref + mjNREF, eq.solref);
    std::copy(fc.eq_solimp, fc.eq_solimp + mjNIMP, eq.solimp);
    ctx.flexequality.push_back(eq);
  }
}

// one equality per flexcomp, or per cell (i, j, k order, k fastest; cell in data[0..2]) for
// equality="strain", as MuJoCo adds them
void AddFlexcompEqualities(XmlContext& ctx) {
  for (const XmlPendingEquality& p : ctx.flexequality) {
    bool strain = p.type == mjEQ_FLEXSTRAIN;
    int n[3] = {1, 1, 1};
    for (int k = 0; strain && k < 3; k++) {
      n[k] = std::max(p.cellcount[k], 1);
    }
    for (int i = 0; i < n[0]; i++) {
      for (int j = 0; j < n[1]; j++) {
        for (int k = 0; k < n[2]; k++) {
          mjsEquality* e = mjs_addEquality(ctx.spec, nullptr);
          e->type = static_cast<mjtEq>(p.type);
          e->objtype = mjOBJ_FLEX;
          mjs_setString(e->name1, p.flex.c_str());
          std::copy(p.solref, p.solref + mjNREF, e->solref);
          std::copy(p.solimp, p.solimp + mjNIMP, e->solimp);
          if (strain) {
            e->data[0] = i;
            e->data[1] = j;
            e->data[2] = k;
          }
        }
      }
    }
  }
  ctx.flexequality.clear();
}

}  // namespace mjcf
}  // namespace motus
