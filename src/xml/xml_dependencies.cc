// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mju_getXMLDependencies (APIreference_functions.rst): the files an MJCF file depends on, found
// by scanning the XML without compiling it. Each file is scanned on its own, as MuJoCo does:
//   - names are resolved against the directory of the file that contains them (absolute names
//     are kept as they are);
//   - that file's <compiler> sets the asset directories: meshdir for meshes and skins, texturedir
//     for textures (every file attribute, cube faces included), assetdir for height fields and
//     as the fallback of the other two;
//   - <include file> and <model file> (asset models) are dependencies and are scanned in turn;
// the list holds every file once and ends with the file itself. A file that cannot be read is
// an error (mju_error), like MuJoCo's.

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <tinyxml2.h>

#include <mujoco/mujoco.h>

#include "user/user_vfs.h"

namespace {

using motus::DirectoryOf;
using motus::IsAbsolutePath;
using motus::JoinPath;

struct Dependencies {
  std::vector<std::string> files;
  std::set<std::string> seen;
  std::set<std::string> scanned;  // XML files already scanned (repeated or recursive includes)
  void Add(const std::string& path) {
    if (seen.insert(path).second) {
      files.push_back(path);
    }
  }
};

struct AssetDirs {
  std::string mesh, texture, asset;
};

std::string Resolve(const std::string& dir, const std::string& subdir, const char* file) {
  if (IsAbsolutePath(file)) {
    return file;
  }
  return JoinPath(dir, JoinPath(subdir, file));
}

// the asset directories set by the <compiler> elements of a document (the last one wins)
AssetDirs ReadDirs(const tinyxml2::XMLElement* root) {
  AssetDirs dirs;
  std::string mesh, texture;
  for (const tinyxml2::XMLElement* c = root->FirstChildElement("compiler"); c;
       c = c->NextSiblingElement("compiler")) {
    if (const char* v = c->Attribute("meshdir")) {
      mesh = v;
    }
    if (const char* v = c->Attribute("texturedir")) {
      texture = v;
    }
    if (const char* v = c->Attribute("assetdir")) {
      dirs.asset = v;
    }
  }
  dirs.mesh = mesh.empty() ? dirs.asset : mesh;
  dirs.texture = texture.empty() ? dirs.asset : texture;
  return dirs;
}

void ScanFile(const std::string& path, Dependencies* deps, int depth);

// the dependencies named by one element and its descendants
void ScanElement(const tinyxml2::XMLElement* e, const std::string& dir, const AssetDirs& dirs,
                 Dependencies* deps, int depth) {
  const char* name = e->Name();
  if (!std::strcmp(name, "texture")) {
    for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a; a = a->Next()) {
      if (!std::strncmp(a->Name(), "file", 4)) {
        deps->Add(Resolve(dir, dirs.texture, a->Value()));
      }
    }
  } else if (const char* file = e->Attribute("file")) {
    if (!std::strcmp(name, "mesh") || !std::strcmp(name, "skin")) {
      deps->Add(Resolve(dir, dirs.mesh, file));
    } else if (!std::strcmp(name, "hfield")) {
      deps->Add(Resolve(dir, dirs.asset, file));
    } else if (!std::strcmp(name, "include") || !std::strcmp(name, "model")) {
      std::string path = Resolve(dir, "", file);
      ScanFile(path, deps, depth + 1);
    }
  }
  for (const tinyxml2::XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    ScanElement(c, dir, dirs, deps, depth);
  }
}

void ScanFile(const std::string& path, Dependencies* deps, int depth) {
  if (depth > 100) {
    mju_error("too many nested includes reading XML file '%s'", path.c_str());
    return;
  }
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(path.c_str()) != tinyxml2::XML_SUCCESS || !doc.RootElement()) {
    mju_error("Problem reading XML file '%s': %s", path.c_str(),
              doc.ErrorStr() ? doc.ErrorStr() : "no root element");
    return;
  }
  if (!deps->scanned.insert(path).second) {
    return;
  }
  const tinyxml2::XMLElement* root = doc.RootElement();
  AssetDirs dirs = ReadDirs(root);
  std::string dir = DirectoryOf(path);
  for (const tinyxml2::XMLElement* c = root->FirstChildElement(); c; c = c->NextSiblingElement()) {
    ScanElement(c, dir, dirs, deps, depth);
  }
  deps->Add(path);
}

}  // namespace

void mju_getXMLDependencies(const char* filename, mjStringVec* dependencies) {
  if (!filename || !dependencies) {
    mju_error("mju_getXMLDependencies: filename and dependencies must not be NULL");
    return;
  }
  Dependencies deps;
  ScanFile(filename, &deps, 0);
  for (const std::string& f : deps.files) {
    dependencies->push_back(f);
  }
}
