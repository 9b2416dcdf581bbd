// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Replicate name bookkeeping (see xml_replicate.h; XMLreference.rst, replicate).

#include "xml/xml_replicate.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace motus {
namespace mjcf {

void XmlReplicate::Push(const std::string& suffix, const std::set<std::string>* names, int index) {
  stack_.push_back({suffix, names, index});
}

bool XmlReplicate::FirstReplica() const {
  for (const Scope& s : stack_) {
    if (s.index != 0) {
      return false;
    }
  }
  return true;
}

void XmlReplicate::Pop() {
  if (!stack_.empty()) {
    stack_.pop_back();
  }
}

std::string XmlReplicate::Suffix() const {
  std::string s;
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
    s += it->suffix;
  }
  return s;
}

std::string XmlReplicate::DefineName(const std::string& name) {
  if (name.empty() || stack_.empty()) {
    return name;
  }
  std::string suffix = Suffix();
  replicated_[name].push_back(suffix);
  return name + suffix;
}

void XmlReplicate::DefineVariant(const std::string& name, const std::string& variant) {
  if (name.empty() || variant.empty()) {
    return;
  }
  replicated_[name].push_back(variant);
}

std::string XmlReplicate::TreeRef(const std::string& name) const {
  if (name.empty()) {
    return name;
  }
  std::string out = name;
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
    if (it->names && it->names->count(name)) {
      out += it->suffix;
    }
  }
  return out;
}

std::vector<std::string> XmlReplicate::Variants(const std::vector<std::string>& refs) const {
  for (const std::string& r : refs) {
    auto it = replicated_.find(r);
    if (it != replicated_.end() && !it->second.empty()) {
      return it->second;
    }
  }
  return {""};
}

std::string XmlReplicate::OutsideRef(const std::string& name, const std::string& variant) const {
  if (variant.empty() || name.empty()) {
    return name;
  }
  auto it = replicated_.find(name);
  if (it == replicated_.end()) {
    return name;
  }
  const std::vector<std::string>& s = it->second;
  return std::find(s.begin(), s.end(), variant) != s.end() ? name + variant : name;
}

std::string XmlReplicate::Index(int i, int count) {
  // "suffixes ... with the minimum number of digits required to represent the total element
  // count": count 10 gives 00 ... 09
  int digits = static_cast<int>(std::to_string(count).size());
  std::string s = std::to_string(i);
  if (static_cast<int>(s.size()) < digits) {
    s.insert(0, digits - s.size(), '0');
  }
  return s;
}

void CollectTreeNames(const XmlNode& node, std::set<std::string>* names) {
  static const char* kTree[] = {"body", "frame", "joint",  "freejoint",
                                "geom", "site",  "camera", "light"};
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    for (const char* t : kTree) {
      if (n == t) {
        const char* v = c.elem->Attribute("name");
        if (v && *v) {
          names->insert(v);
        }
        break;
      }
    }
    CollectTreeNames(c, names);
  }
}

std::vector<std::string> CollectReferences(const XmlNode& node) {
  // attributes that name tree elements (or tendons/actuators which may reference them)
  static const char* kRef[] = {
      "joint",  "jointinparent", "tendon",   "site",     "refsite",  "cranksite", "slidersite",
      "body",   "body1",         "body2",    "geom1",    "geom2",    "site1",     "site2",
      "joint1", "joint2",        "tendon1",  "tendon2",  "objname",  "refname",   "actuator",
      "geom",   "camera",        "subtree1", "subtree2", "sidesite", "flex"};
  std::vector<std::string> out;
  for (const char* a : kRef) {
    const char* v = node.elem->Attribute(a);
    if (v && *v) {
      out.emplace_back(v);
    }
  }
  for (const XmlNode& c : node.children) {
    std::vector<std::string> sub = CollectReferences(c);
    out.insert(out.end(), sub.begin(), sub.end());
  }
  return out;
}

}  // namespace mjcf
}  // namespace motus
