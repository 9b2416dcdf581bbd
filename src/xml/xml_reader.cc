// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// MJCF reader driver (XMLreference.rst): mj_parseXML, mj_parseXMLString and mj_loadXML; reading
// files through the VFS (user/user_vfs.h); <include> expansion; the order in which top-level
// sections are processed; shared helpers (orientation, classes, names, errors).
//
// <include file="..."> (XMLreference.rst, include; modeling.rst, CInclude): the included file must
// be a valid XML document whose root element is <mujoco>; its root (with any attributes, e.g. a
// model name) is dropped and its child elements take the place of the include element. The file
// name is resolved relative to the directory of the including file, then relative to the
// directory of the main model file (MuJoCo's rule; the two agree for includes in the main
// file). Including a file that is already being included (recursion) or that was already included
// elsewhere is an error, as is an included file without elements. The expansion builds a tree of
// XmlNode that keeps, for every element, the file it came from, so errors name the right file and
// line.
//
// Section order: XMLreference.rst allows repeated sections in any order and says that for global
// settings "the last setting takes effect for the entire model". The reader therefore processes
// the global settings first (compiler, option, size, statistic, visual), then default classes,
// assets, the deformable section (its flexes and skins precede those that flexcomps and
// composites of the tree add, as in MuJoCo), the kinematic tree, and finally the elements that
// reference tree elements (contact, tendon, equality, actuator, sensor, keyframe, custom; each
// kind after the kinds it can reference, so that <replicate> copies chains such as tendon ->
// actuator -> sensor). Within one kind, sections and their elements keep document order, which
// is the order of ids in the compiled model.

#include "xml/xml_reader.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <set>
#include <string>
#include <vector>

#include <tinyxml2.h>

#include <mujoco/mujoco.h>

#include "user/user_vfs.h"
#include "xml/xml_last.h"

namespace motus {
namespace mjcf {
namespace {

// loaded documents and the names of their files; nodes point into these
struct XmlSources {
  std::vector<std::unique_ptr<tinyxml2::XMLDocument>> docs;
  std::vector<std::unique_ptr<std::string>> files;
  std::set<std::string> included;  // normalized names of all included files
  std::vector<std::string> stack;  // normalized names of the files being expanded
  std::string maindir;             // directory of the main file
  const mjVFS* vfs = nullptr;
};

// reads a whole file through the VFS or from disk
bool ReadText(const mjVFS* vfs, const std::string& path, std::string* text, std::string* err) {
  std::vector<uint8_t> data;
  if (!ReadResource(vfs, path, &data, err)) {
    return false;
  }
  text->assign(data.begin(), data.end());
  return true;
}

// parses text into a new document owned by `src`; malformed XML is an error at the parser's line
tinyxml2::XMLDocument* LoadDocument(XmlSources* src, const std::string& text,
                                    const std::string& file) {
  src->docs.emplace_back(new tinyxml2::XMLDocument());
  tinyxml2::XMLDocument* doc = src->docs.back().get();
  doc->Parse(text.c_str(), text.size());
  if (doc->Error()) {
    std::string why = doc->ErrorStr() ? doc->ErrorStr() : "parse error";
    throw XmlError(XmlLocate("malformed XML: " + why, file, doc->ErrorLineNum()));
  }
  return doc;
}

const std::string* KeepName(XmlSources* src, const std::string& file) {
  src->files.emplace_back(new std::string(file));
  return src->files.back().get();
}

void BuildChildren(XmlSources* src, const tinyxml2::XMLElement* elem, const std::string* file,
                   XmlNode* node, int depth);

// Deepest element nesting accepted, counted across included files. The reader, the compiler and
// the writer walk the body tree recursively; 2000 levels use well under 2 MB of stack (13,500
// levels overflowed the 8 MB main stack), and no model needs more (MuJoCo's own composite
// chains are far shorter).
constexpr int kMaxXmlDepth = 2000;

// expands <include file="..."> found as a child element, appending the included elements; they
// are children of `parent`, at depth `depth`
void ExpandInclude(XmlSources* src, const XmlNode& inc, XmlNode* parent, int depth) {
  XmlAttrs a(inc);
  std::string name;
  a.Require("file");
  a.Str("file", &name);
  a.Finish();
  CheckLeaf(inc);

  // relative to the including file, then to the main file
  std::string path = name;
  if (!IsAbsolutePath(name)) {
    path = JoinPath(DirectoryOf(*inc.file), name);
  }
  std::string text, err;
  if (!ReadText(src->vfs, path, &text, &err)) {
    std::string alt = JoinPath(src->maindir, name);
    if (IsAbsolutePath(name) || alt == path || !ReadText(src->vfs, alt, &text, nullptr)) {
      XmlFail(inc, "Error opening file '" + name + "' (included file): " + err);
    }
    path = alt;
  }

  std::string key = NormalizePath(path);
  if (std::find(src->stack.begin(), src->stack.end(), key) != src->stack.end()) {
    XmlFail(inc, "recursive include of file '" + name + "'");
  }
  if (src->included.count(key)) {
    XmlFail(inc, "file '" + name + "' is included more than once");
  }
  src->included.insert(key);

  const std::string* file = KeepName(src, path);
  tinyxml2::XMLDocument* doc = LoadDocument(src, text, *file);
  const tinyxml2::XMLElement* root = doc->RootElement();
  if (!root) {
    throw XmlError(XmlLocate("included file has no root element", *file, 0));
  }
  if (std::strcmp(root->Name(), "mujoco") != 0) {
    throw XmlError(XmlLocate("the root element of an included file must be <mujoco>, found <" +
                                 std::string(root->Name()) + ">",
                             *file, root->GetLineNum()));
  }
  size_t before = parent->children.size();
  src->stack.push_back(key);
  BuildChildren(src, root, file, parent, depth);
  src->stack.pop_back();
  if (parent->children.size() == before) {
    throw XmlError(XmlLocate("included file contains no elements", *file, root->GetLineNum()));
  }
}

// collects the child elements of `elem` into node->children, expanding includes; the children
// are at nesting depth `depth`
void BuildChildren(XmlSources* src, const tinyxml2::XMLElement* elem, const std::string* file,
                   XmlNode* node, int depth) {
  for (const tinyxml2::XMLElement* c = elem->FirstChildElement(); c; c = c->NextSiblingElement()) {
    XmlNode child;
    child.elem = c;
    child.file = file;
    if (depth > kMaxXmlDepth) {
      XmlFail(child, "elements nested more than " + std::to_string(kMaxXmlDepth) +
                         " levels deep (counting included files)");
    }
    if (std::strcmp(c->Name(), "include") == 0) {
      ExpandInclude(src, child, node, depth);
    } else {
      BuildChildren(src, c, file, &child, depth + 1);
      node->children.push_back(std::move(child));
    }
  }
}

// the top-level sections of an MJCF file (XMLreference.rst, MJCF Reference)
const char* kSections[] = {"compiler",  "option", "size",     "statistic", "visual",     "default",
                           "extension", "custom", "asset",    "worldbody", "deformable", "contact",
                           "equality",  "tendon", "actuator", "sensor",    "keyframe"};

void ParseRoot(XmlContext& ctx, const XmlNode& root) {
  XmlAttrs a(root);
  a.Str("model", ctx.spec->modelname);
  a.Finish();

  for (const XmlNode& c : root.children) {
    std::string n = c.Name();
    bool known = false;
    for (const char* s : kSections) {
      known = known || n == s;
    }
    if (!known) {
      UnknownElement(c, root);
    }
  }

  auto each = [&](const char* name, auto fn) {
    for (const XmlNode& c : root.children) {
      if (c.Name() == name) {
        fn(c);
      }
    }
  };

  // global settings first: the last setting of an attribute applies to the whole model
  for (const XmlNode& c : root.children) {
    std::string n = c.Name();
    if (n == "compiler") {
      ParseCompiler(ctx, c);
    } else if (n == "option") {
      ParseOption(ctx, c);
    } else if (n == "size") {
      ParseSize(ctx, c);
    } else if (n == "statistic") {
      ParseStatistic(ctx, c);
    } else if (n == "visual") {
      ParseVisual(ctx, c);
    } else if (n == "extension") {
      ParseExtension(ctx, c);
    }
  }
  each("default", [&](const XmlNode& c) { ParseDefault(ctx, c, nullptr); });
  each("asset", [&](const XmlNode& c) { ParseAsset(ctx, c); });
  // the deformable section before the tree: its flexes and skins come before those of the
  // tree's flexcomps and composites, wherever the sections are in the file (as in MuJoCo 3.8.0)
  each("deformable", [&](const XmlNode& c) { ParseDeformable(ctx, c); });
  each("worldbody", [&](const XmlNode& c) { ParseWorldbody(ctx, c); });
  each("contact", [&](const XmlNode& c) { ParseContact(ctx, c); });
  each("tendon", [&](const XmlNode& c) { ParseTendon(ctx, c); });
  each("equality", [&](const XmlNode& c) { ParseEquality(ctx, c); });
  each("actuator", [&](const XmlNode& c) { ParseActuatorSection(ctx, c); });
  each("sensor", [&](const XmlNode& c) { ParseSensor(ctx, c); });
  each("keyframe", [&](const XmlNode& c) { ParseKeyframe(ctx, c); });
  ReplicateKeys(ctx);
  each("custom", [&](const XmlNode& c) { ParseCustom(ctx, c); });
  AddFlexcompEqualities(ctx);
}

// parses MJCF text; `file` names it in messages and gives the directory for relative paths
mjSpec* ParseMjcfText(const std::string& text, const std::string& file, bool fromfile,
                      const mjVFS* vfs, std::vector<std::string>* modelstack) {
  XmlSources src;
  src.vfs = vfs;
  src.maindir = fromfile ? DirectoryOf(file) : "";
  const std::string* fname = KeepName(&src, file);
  tinyxml2::XMLDocument* doc = LoadDocument(&src, text, *fname);
  const tinyxml2::XMLElement* rootelem = doc->RootElement();
  if (!rootelem) {
    throw XmlError(XmlLocate("document has no root element", file, 0));
  }

  XmlNode root;
  root.elem = rootelem;
  root.file = fname;
  bool urdf = std::strcmp(rootelem->Name(), "robot") == 0;
  if (!urdf && std::strcmp(rootelem->Name(), "mujoco") != 0) {
    XmlFail(root, "Unrecognized XML model type: '" + std::string(rootelem->Name()) +
                      "' (the root element must be <mujoco>, or <robot> for URDF)");
  }
  if (fromfile) {
    src.stack.push_back(NormalizePath(file));
  }
  BuildChildren(&src, rootelem, fname, &root, 1);

  mjSpec* spec = mj_makeSpec();
  if (!spec) {
    throw XmlError("XML Error: could not allocate a spec");
  }
  XmlContext ctx;
  ctx.spec = spec;
  ctx.vfs = vfs;
  ctx.modeldir = src.maindir;
  ctx.modelstack = modelstack;
  try {
    mjs_setString(spec->modelfiledir, src.maindir.c_str());
    if (urdf) {
      ParseUrdfRoot(ctx, root);
    } else {
      ParseRoot(ctx, root);
    }
  } catch (...) {
    mj_deleteSpec(spec);
    throw;
  }
  return spec;
}

void CopyError(char* error, int error_sz, const std::string& msg) {
  if (!error || error_sz <= 0) {
    return;
  }
  size_t n = std::min(msg.size(), static_cast<size_t>(error_sz - 1));
  std::memcpy(error, msg.data(), n);
  error[n] = 0;
}

// runs a parser, turning every exception into an error message and a NULL result
template <class F>
mjSpec* Guarded(char* error, int error_sz, F fn) {
  CopyError(error, error_sz, "");
  try {
    return fn();
  } catch (const XmlError& e) {
    CopyError(error, error_sz, e.what());
  } catch (const std::bad_alloc&) {
    CopyError(error, error_sz, "XML Error: out of memory");
  } catch (const std::exception& e) {
    CopyError(error, error_sz, std::string("XML Error: ") + e.what());
  }
  return nullptr;
}

}  // namespace

mjSpec* ParseMjcfFile(const std::string& filename, const mjVFS* vfs,
                      std::vector<std::string>* modelstack) {
  std::string text, err;
  if (!ReadText(vfs, filename, &text, &err)) {
    throw XmlError("XML Error: could not open file '" + filename + "': " + err);
  }
  return ParseMjcfText(text, filename, true, vfs, modelstack);
}

// ---- helpers ------------------------------------------------------------------------------------

void ReadOrientation(XmlAttrs& a, double quat[4], mjsOrientation* alt) {
  static const char* kForms[] = {"quat", "axisangle", "xyaxes", "zaxis", "euler"};
  int n = 0;
  for (const char* f : kForms) {
    n += a.Has(f) ? 1 : 0;
  }
  if (n > 1) {
    a.Fail("element '" + a.ElementName() +
           "' has more than one orientation specifier (quat, "
           "axisangle, xyaxes, zaxis, euler)");
  }
  if (a.Nums("quat", quat, 4)) {
    alt->type = mjORIENTATION_QUAT;
  } else if (a.Nums("axisangle", alt->axisangle, 4)) {
    alt->type = mjORIENTATION_AXISANGLE;
  } else if (a.Nums("xyaxes", alt->xyaxes, 6)) {
    alt->type = mjORIENTATION_XYAXES;
  } else if (a.Nums("zaxis", alt->zaxis, 3)) {
    alt->type = mjORIENTATION_ZAXIS;
  } else if (a.Nums("euler", alt->euler, 3)) {
    alt->type = mjORIENTATION_EULER;
  }
}

const mjsDefault* FindClass(XmlContext& ctx, XmlAttrs& a, const std::string& name) {
  const mjsDefault* def = mjs_findDefault(ctx.spec, name.c_str());
  if (!def) {
    a.Fail("unknown default class name '" + name + "'");
  }
  return def;
}

const mjsDefault* ActiveDefault(XmlContext& ctx, XmlAttrs& a, const mjsDefault* inherited) {
  std::string cls;
  if (a.Str("class", &cls)) {
    return FindClass(ctx, a, cls);
  }
  return inherited ? inherited : mjs_getSpecDefault(ctx.spec);
}

bool ReadName(XmlContext& ctx, XmlAttrs& a, mjsElement* element, bool tree) {
  std::string name;
  if (!a.Str("name", &name)) {
    return false;
  }
  if (!name.empty()) {
    if (tree) {
      name = ctx.rep.DefineName(name);
    } else {
      ctx.rep.DefineVariant(name, ctx.variant);
      name += ctx.variant;
    }
  }
  if (mjs_setName(element, name.c_str()) != 0) {
    const char* err = mjs_getError(ctx.spec);
    a.Fail("could not set name '" + name + "'" + (err && *err ? ": " + std::string(err) : ""));
  }
  return true;
}

bool ReadRef(XmlContext& ctx, XmlAttrs& a, const char* attr, std::string* out) {
  std::string v;
  if (!a.Str(attr, &v)) {
    return false;
  }
  *out = ctx.rep.OutsideRef(v, ctx.variant);
  return true;
}

void ReadUser(XmlAttrs& a, mjDoubleVec* dest) {
  std::vector<double> v;
  if (a.NumList("user", &v, true)) {
    mjs_setDouble(dest, v.data(), static_cast<int>(v.size()));
  }
}

void CheckSpec(XmlContext& ctx, const XmlNode& node, const void* result, const char* what) {
  if (result) {
    return;
  }
  const char* err = mjs_getError(ctx.spec);
  XmlFail(node,
          std::string("could not create ") + what + (err && *err ? ": " + std::string(err) : ""));
}

void UnknownElement(const XmlNode& child, const XmlNode& parent) {
  XmlFail(child, "Schema violation: unrecognized element '" + child.Name() + "' in element '" +
                     parent.Name() + "'");
}

void Unsupported(const XmlNode& node) {
  XmlFail(node, "<" + node.Name() + "> is not supported yet");
}

void CheckLeaf(const XmlNode& node) {
  if (!node.children.empty()) {
    UnknownElement(node.children[0], node);
  }
}

void CheckOnce(const XmlNode& child, int* count, const XmlNode& parent) {
  if (++*count > 1) {
    XmlFail(child, "element '" + child.Name() + "' can appear only once in element '" +
                       parent.Name() + "'");
  }
}

}  // namespace mjcf
}  // namespace motus

// ---- public API ---------------------------------------------------------------------------------

using motus::mjcf::Guarded;

mjSpec* mj_parseXML(const char* filename, const mjVFS* vfs, char* error, int error_sz) {
  return Guarded(error, error_sz, [&]() -> mjSpec* {
    if (!filename || !filename[0]) {
      throw motus::mjcf::XmlError("XML Error: no file name given");
    }
    std::vector<std::string> stack;
    return motus::mjcf::ParseMjcfFile(filename, vfs, &stack);
  });
}

mjSpec* mj_parseXMLString(const char* xml, const mjVFS* vfs, char* error, int error_sz) {
  return Guarded(error, error_sz, [&]() -> mjSpec* {
    if (!xml) {
      throw motus::mjcf::XmlError("XML Error: NULL XML string");
    }
    std::vector<std::string> stack;
    return motus::mjcf::ParseMjcfText(xml, "XML string", false, vfs, &stack);
  });
}

mjModel* mj_loadXML(const char* filename, const mjVFS* vfs, char* error, int error_sz) {
  mjSpec* spec = mj_parseXML(filename, vfs, error, error_sz);
  if (!spec) {
    return nullptr;
  }
  mjModel* m = mj_compile(spec, vfs);
  const char* msg = mjs_getError(spec);
  if (!m) {
    motus::mjcf::CopyError(error, error_sz, msg && *msg ? msg : "Error: compilation failed");
    mj_deleteSpec(spec);
    return nullptr;
  }
  // a successful compile may still leave a warning in the spec: pass it on, as MuJoCo does
  if (msg && *msg && mjs_isWarning(spec)) {
    motus::mjcf::CopyError(error, error_sz, msg);
  }
  motus::SetLastSpec(spec);  // kept for mj_saveLastXML, which frees it
  return m;
}
