// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Assets (XMLreference.rst, asset): mesh, hfield, skin (deprecated location), texture, material
// (with layer), model; and the deformable section (deformable/skin; deformable/flex is in
// xml_reader_flex.cc). File names are stored as written: the compiler resolves them with meshdir /
// texturedir and the model directory (user/user_vfs.h).
//
// <model> assets are parsed here into separate specs that the parent spec owns
// (motus::AddChildSpec); <attach> finds them by name with mjs_findSpec. The file is relative to the
// main model's directory, like other asset files; a model that (directly or not) includes itself
// is an error.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "user/user_vfs.h"
#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

const XmlKeyword kMeshInertia[] = {{"convex", mjMESH_INERTIA_CONVEX},
                                   {"exact", mjMESH_INERTIA_EXACT},
                                   {"legacy", mjMESH_INERTIA_LEGACY},
                                   {"shell", mjMESH_INERTIA_SHELL}};
const XmlKeyword kMeshBuiltin[] = {{"none", mjMESH_BUILTIN_NONE},
                                   {"sphere", mjMESH_BUILTIN_SPHERE},
                                   {"hemisphere", mjMESH_BUILTIN_HEMISPHERE},
                                   {"cone", mjMESH_BUILTIN_CONE},
                                   {"supersphere", mjMESH_BUILTIN_SUPERSPHERE},
                                   {"supertorus", mjMESH_BUILTIN_SUPERTORUS},
                                   {"wedge", mjMESH_BUILTIN_WEDGE},
                                   {"plate", mjMESH_BUILTIN_PLATE}};
const XmlKeyword kTextureType[] = {
    {"2d", mjTEXTURE_2D}, {"cube", mjTEXTURE_CUBE}, {"skybox", mjTEXTURE_SKYBOX}};
const XmlKeyword kColorSpace[] = {
    {"auto", mjCOLORSPACE_AUTO}, {"linear", mjCOLORSPACE_LINEAR}, {"sRGB", mjCOLORSPACE_SRGB}};
const XmlKeyword kTexBuiltin[] = {{"none", mjBUILTIN_NONE},
                                  {"gradient", mjBUILTIN_GRADIENT},
                                  {"checker", mjBUILTIN_CHECKER},
                                  {"flat", mjBUILTIN_FLAT}};
const XmlKeyword kTexMark[] = {{"none", mjMARK_NONE},
                               {"edge", mjMARK_EDGE},
                               {"cross", mjMARK_CROSS},
                               {"random", mjMARK_RANDOM}};
const XmlKeyword kTexRole[] = {{"rgb", mjTEXROLE_RGB},
                               {"normal", mjTEXROLE_NORMAL},
                               {"occlusion", mjTEXROLE_OCCLUSION},
                               {"roughness", mjTEXROLE_ROUGHNESS},
                               {"metallic", mjTEXROLE_METALLIC},
                               {"opacity", mjTEXROLE_OPACITY},
                               {"emissive", mjTEXROLE_EMISSIVE},
                               {"orm", mjTEXROLE_ORM},
                               {"rgba", mjTEXROLE_RGBA}};

void ParseMesh(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsMesh* m = mjs_addMesh(ctx.spec, ActiveDefault(ctx, a, nullptr));
  CheckSpec(ctx, node, m, "mesh");
  ReadName(ctx, a, m->element, false);
  ReadMeshAttrs(a, m);
  a.Bool("smoothnormal", &m->smoothnormal);
  a.Str("content_type", m->content_type);
  a.Str("file", m->file);
  std::vector<float> fv;
  std::vector<int> iv;
  if (a.NumList("vertex", &fv)) {
    mjs_setFloat(m->uservert, fv.data(), static_cast<int>(fv.size()));
  }
  if (a.NumList("normal", &fv)) {
    mjs_setFloat(m->usernormal, fv.data(), static_cast<int>(fv.size()));
  }
  if (a.NumList("texcoord", &fv)) {
    mjs_setFloat(m->usertexcoord, fv.data(), static_cast<int>(fv.size()));
  }
  if (a.IntList("face", &iv)) {
    mjs_setInt(m->userface, iv.data(), static_cast<int>(iv.size()));
  }
  a.Nums("refpos", m->refpos, 3);
  a.Nums("refquat", m->refquat, 4);
  a.Str("material", m->material);

  // builtin meshes are generated now from their parameters (XMLreference.rst, mesh/builtin)
  int builtin = mjMESH_BUILTIN_NONE;
  a.Keyword("builtin", kMeshBuiltin, &builtin);
  std::vector<double> params;
  bool hasparams = a.NumList("params", &params);
  a.Finish();
  if (hasparams && builtin == mjMESH_BUILTIN_NONE) {
    a.Fail("attribute 'params' of element 'mesh' requires a builtin mesh type");
  }
  if (builtin != mjMESH_BUILTIN_NONE) {
    if (a.Has("file") || a.Has("vertex")) {
      a.Fail("a builtin mesh cannot also have a file or vertex data");
    }
    if (mjs_makeMesh(m, static_cast<mjtMeshBuiltin>(builtin), params.data(),
                     static_cast<int>(params.size())) != 0) {
      const char* err = mjs_getError(ctx.spec);
      a.Fail(std::string("could not make builtin mesh") +
             (err && *err ? ": " + std::string(err) : ""));
    }
  }
  // mesh/plugin: the mesh is made by an SDF plugin instance (XMLreference.rst mesh/plugin)
  int nplugin = 0;
  for (const XmlNode& c : node.children) {
    if (c.Name() != "plugin") {
      UnknownElement(c, node);
    }
    CheckOnce(c, &nplugin, node);
    ParsePluginChild(ctx, c, &m->plugin);
  }
}

// elevation data is written top row first in XML and stored bottom row first
// (XMLreference.rst, hfield/elevation)
void ParseHField(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsHField* h = mjs_addHField(ctx.spec);
  CheckSpec(ctx, node, h, "height field");
  ReadName(ctx, a, h->element, false);
  a.Str("content_type", h->content_type);
  a.Str("file", h->file);
  a.Int("nrow", &h->nrow);
  a.Int("ncol", &h->ncol);
  a.Require("size");
  a.Nums("size", h->size, 4);
  std::vector<float> elev;
  if (a.NumList("elevation", &elev)) {
    if (h->nrow <= 0 || h->ncol <= 0 ||
        static_cast<long long>(h->nrow) * h->ncol != static_cast<long long>(elev.size())) {
      a.Fail("attribute 'elevation' of element 'hfield' needs nrow*ncol = " +
             std::to_string(static_cast<long long>(h->nrow) * h->ncol) + " numbers, got " +
             std::to_string(elev.size()));
    }
    std::vector<float> flipped(elev.size());
    for (int r = 0; r < h->nrow; r++) {
      std::copy(elev.begin() + static_cast<size_t>(r) * h->ncol,
                elev.begin() + static_cast<size_t>(r + 1) * h->ncol,
                flipped.begin() + static_cast<size_t>(h->nrow - 1 - r) * h->ncol);
    }
    mjs_setFloat(h->userdata, flipped.data(), static_cast<int>(flipped.size()));
  }
  a.Finish();
  CheckLeaf(node);
}

// skin with bones (XMLreference.rst, deformable/skin and skin/bone)
void ParseSkin(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsSkin* s = mjs_addSkin(ctx.spec);
  CheckSpec(ctx, node, s, "skin");
  ReadName(ctx, a, s->element, false);
  a.Str("file", s->file);
  std::vector<float> fv;
  std::vector<int> iv;
  if (a.NumList("vertex", &fv)) {
    mjs_setFloat(s->vert, fv.data(), static_cast<int>(fv.size()));
  }
  if (a.NumList("texcoord", &fv)) {
    mjs_setFloat(s->texcoord, fv.data(), static_cast<int>(fv.size()));
  }
  if (a.IntList("face", &iv)) {
    mjs_setInt(s->face, iv.data(), static_cast<int>(iv.size()));
  }
  a.Num("inflate", &s->inflate);
  a.Str("material", s->material);
  a.Nums("rgba", s->rgba, 4);
  a.Int("group", &s->group);
  a.Finish();

  std::vector<float> bindpos, bindquat;
  for (const XmlNode& c : node.children) {
    if (c.Name() != "bone") {
      UnknownElement(c, node);
    }
    XmlAttrs b(c);
    std::string body;
    float pos[3], quat[4];
    std::vector<int> vertid;
    std::vector<float> vertweight;
    b.Require("body");
    b.Require("bindpos");
    b.Require("bindquat");
    b.Require("vertid");
    b.Require("vertweight");
    b.Str("body", &body);
    b.Nums("bindpos", pos, 3);
    b.Nums("bindquat", quat, 4);
    b.IntList("vertid", &vertid);
    b.NumList("vertweight", &vertweight);
    b.Finish();
    CheckLeaf(c);
    if (vertid.size() != vertweight.size()) {
      b.Fail("bone has " + std::to_string(vertid.size()) + " vertex ids but " +
             std::to_string(vertweight.size()) + " vertex weights");
    }
    mjs_appendString(s->bodyname, body.c_str());
    bindpos.insert(bindpos.end(), pos, pos + 3);
    bindquat.insert(bindquat.end(), quat, quat + 4);
    mjs_appendIntVec(s->vertid, vertid.data(), static_cast<int>(vertid.size()));
    mjs_appendFloatVec(s->vertweight, vertweight.data(), static_cast<int>(vertweight.size()));
  }
  if (!bindpos.empty()) {
    mjs_setFloat(s->bindpos, bindpos.data(), static_cast<int>(bindpos.size()));
    mjs_setFloat(s->bindquat, bindquat.data(), static_cast<int>(bindquat.size()));
  }
}

void ParseTexture(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsTexture* t = mjs_addTexture(ctx.spec);
  CheckSpec(ctx, node, t, "texture");
  ReadName(ctx, a, t->element, false);
  a.Enum("type", kTextureType, &t->type);
  a.Enum("colorspace", kColorSpace, &t->colorspace);
  a.Str("content_type", t->content_type);
  a.Str("file", t->file);
  a.Ints("gridsize", t->gridsize, 2);
  std::string layout;
  if (a.Str("gridlayout", &layout)) {
    if (layout.size() > sizeof(t->gridlayout)) {
      a.Fail("attribute 'gridlayout' of element 'texture' can have at most 12 characters");
    }
    for (char c : layout) {
      if (!std::strchr(".RLUDFB", c)) {
        a.Fail("invalid character '" + std::string(1, c) +
               "' in gridlayout (valid: . R L U D F "
               "B)");
      }
    }
    std::memset(t->gridlayout, 0, sizeof(t->gridlayout));
    std::memcpy(t->gridlayout, layout.data(), layout.size());
  }
  // cube sides, in the order right, left, up, down, front, back
  static const char* kSides[6] = {"fileright", "fileleft",  "fileup",
                                  "filedown",  "filefront", "fileback"};
  for (int i = 0; i < 6; i++) {
    std::string f;
    if (!a.Str(kSides[i], &f)) {
      continue;
    }
    while (t->cubefiles->size() < 6) {
      mjs_appendString(t->cubefiles, "");
    }
    mjs_setInStringVec(t->cubefiles, i, f.c_str());
  }
  a.Keyword("builtin", kTexBuiltin, &t->builtin);
  a.Nums("rgb1", t->rgb1, 3);
  a.Nums("rgb2", t->rgb2, 3);
  a.Keyword("mark", kTexMark, &t->mark);
  a.Nums("markrgb", t->markrgb, 3);
  a.Num("random", &t->random);
  a.Int("width", &t->width);
  a.Int("height", &t->height);
  a.Bool("hflip", &t->hflip);
  a.Bool("vflip", &t->vflip);
  a.Int("nchannel", &t->nchannel);
  a.Finish();
  CheckLeaf(node);
}

void ParseMaterial(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsMaterial* m = mjs_addMaterial(ctx.spec, ActiveDefault(ctx, a, nullptr));
  CheckSpec(ctx, node, m, "material");
  a.Require("name");
  ReadName(ctx, a, m->element, false);
  ReadMaterialAttrs(a, m);
  a.Finish();
  ReadMaterialLayers(node, m, a.Has("texture"));
}

// <model name file content_type>: a sub-model for <attach>
void ParseModel(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  std::string name, file, type;
  a.Require("file");
  bool hasname = a.Str("name", &name);
  a.Str("file", &file);
  if (a.Str("content_type", &type) && type != "text/xml") {
    a.Fail("unsupported content_type '" + type + "' for <model> (only text/xml)");
  }
  a.Finish();
  CheckLeaf(node);

  std::string path = IsAbsolutePath(file) ? file : JoinPath(ctx.modeldir, file);
  std::string key = NormalizePath(path);
  std::vector<std::string>& stack = *ctx.modelstack;
  if (std::find(stack.begin(), stack.end(), key) != stack.end()) {
    a.Fail("model file '" + file + "' includes itself");
  }
  if (stack.size() > 32) {
    a.Fail("model assets are nested too deeply");
  }
  std::vector<uint8_t> contents;
  std::string err;
  if (!ReadResource(ctx.vfs, path, &contents, &err)) {
    a.Fail("could not open model file '" + file + "': " + err);
  }
  stack.push_back(key);
  mjSpec* child = nullptr;
  try {
    child = ParseMjcfFile(path, ctx.vfs, ctx.modelstack);
  } catch (...) {
    stack.pop_back();
    throw;  // the message already names the sub-model's file and line
  }
  stack.pop_back();
  if (hasname) {
    mjs_setString(child->modelname, name.c_str());
  }
  std::string childname = mjs_getString(child->modelname);
  if (mjs_findSpec(ctx.spec, childname.c_str())) {
    mj_deleteSpec(child);
    a.Fail("repeated model name '" + childname + "'");
  }
  AddChildSpec(ctx.spec, child);  // the parent spec owns it from now on
}

}  // namespace

void ParseAsset(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "mesh") {
      ParseMesh(ctx, c);
    } else if (n == "hfield") {
      ParseHField(ctx, c);
    } else if (n == "skin") {
      ParseSkin(ctx, c);  // deprecated here; same as deformable/skin
    } else if (n == "texture") {
      ParseTexture(ctx, c);
    } else if (n == "material") {
      ParseMaterial(ctx, c);
    } else if (n == "model") {
      ParseModel(ctx, c);
    } else {
      UnknownElement(c, node);
    }
  }
}

void ParseDeformable(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    if (n == "skin") {
      ParseSkin(ctx, c);
    } else if (n == "flex") {
      ParseFlex(ctx, c);
    } else {
      UnknownElement(c, node);
    }
  }
}

// ---- attributes shared with default classes -----------------------------------------------------

void ReadMeshAttrs(XmlAttrs& a, mjsMesh* m) {
  a.Nums("scale", m->scale, 3);
  a.Int("maxhullvert", &m->maxhullvert);
  a.Enum("inertia", kMeshInertia, &m->inertia);
}

// <layer texture role> children of a material or of a class's material: each sets the texture of
// one role (XMLreference.rst, material/layer); a class's layers reach the materials of the class,
// whose own texture attribute or layers then replace single roles.
void ReadMaterialLayers(const XmlNode& node, mjsMaterial* m, bool hastexture) {
  for (const XmlNode& c : node.children) {
    if (c.Name() != "layer") {
      UnknownElement(c, node);
    }
    if (hastexture) {
      XmlFail(c, "A material with a texture attribute cannot have layer sub-elements");
    }
    XmlAttrs l(c);
    std::string tex;
    int role = 0;
    l.Require("role");
    l.Require("texture");
    l.Str("texture", &tex);
    l.Keyword("role", kTexRole, &role);
    l.Finish();
    CheckLeaf(c);
    if (!mjs_setInStringVec(m->textures, role, tex.c_str())) {
      l.Fail("could not set texture for role " + std::to_string(role));
    }
  }
}

void ReadMaterialAttrs(XmlAttrs& a, mjsMaterial* m) {
  std::string tex;
  if (a.Str("texture", &tex)) {
    mjs_setInStringVec(m->textures, mjTEXROLE_RGB, tex.c_str());
  }
  a.Nums("texrepeat", m->texrepeat, 2);
  a.Bool("texuniform", &m->texuniform);
  a.Num("emission", &m->emission);
  a.Num("specular", &m->specular);
  a.Num("shininess", &m->shininess);
  a.Num("reflectance", &m->reflectance);
  a.Num("metallic", &m->metallic);
  a.Num("roughness", &m->roughness);
  a.Nums("rgba", m->rgba, 4);
}

}  // namespace mjcf
}  // namespace motus
