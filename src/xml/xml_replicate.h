// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Name bookkeeping for <replicate> (XMLreference.rst, replicate). The reader expands a replicate
// element by parsing its children `count` times, each time inside a new frame carrying the
// accumulated offset and rotation. While replica i is parsed, a scope with the suffix
// sep + zero-padded(i) is active; names of tree elements get the suffixes of all active scopes,
// innermost first ("for nested replicate elements, the innermost namespace suffixes are appended
// first").
//
// References:
//   * inside the replicated subtree (camera/light target) a referenced name gets the suffixes of
//     the active scopes whose subtree defines that name;
//   * outside the tree (sensors, actuators, tendons, equalities, contact pairs and excludes) an
//     element that references a replicated name is itself replicated, once per suffix of that
//     name, in the order the replicas were created ("all referencing elements are automatically
//     replicated and namespaced"); its own name gets the same suffix.

#ifndef MOTUS_XML_XML_REPLICATE_H_
#define MOTUS_XML_XML_REPLICATE_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "xml/xml_attributes.h"

namespace motus {
namespace mjcf {

class XmlReplicate {
 public:
  // scope of one replica: `suffix` is sep + index, `names` the tree names defined in the
  // replicate's subtree (from CollectTreeNames)
  void Push(const std::string& suffix, const std::set<std::string>* names, int index = 0);
  void Pop();
  bool Active() const { return !stack_.empty(); }

  // true when every active scope is at its first replica (also outside any replicate)
  bool FirstReplica() const;

  // product of the counts of the active nested replicates times `count`: bounds the expansion
  long long Copies(long long count) const { return count * copies_; }
  void SetCopies(long long copies) { copies_ = copies; }

  // concatenated suffix of the active scopes, innermost first
  std::string Suffix() const;

  // full name of a tree element named `name` created now; remembers the replication
  std::string DefineName(const std::string& name);

  // name referenced from inside the tree
  std::string TreeRef(const std::string& name) const;

  // records that an element outside the tree named `name` was created for `variant`, so that
  // elements referencing it (e.g. a sensor on a replicated tendon) are replicated in turn
  void DefineVariant(const std::string& name, const std::string& variant);

  // suffixes with which an element referencing `refs` must be created ({""}: just once)
  std::vector<std::string> Variants(const std::vector<std::string>& refs) const;

  // name referenced from an element created for variant `variant`
  std::string OutsideRef(const std::string& name, const std::string& variant) const;

  // suffix index text: i zero-padded to the number of digits of count
  static std::string Index(int i, int count);

 private:
  struct Scope {
    std::string suffix;
    const std::set<std::string>* names;
    int index;
  };
  std::vector<Scope> stack_;
  std::map<std::string, std::vector<std::string>> replicated_;  // name -> suffixes
  long long copies_ = 1;
};

// names of the kinematic-tree elements (body, frame, joint, freejoint, geom, site, camera, light)
// defined anywhere below `node`
void CollectTreeNames(const XmlNode& node, std::set<std::string>* names);

// values of the attributes of `node` (and of its children) that name other model elements; used to
// decide whether an element outside the tree must be replicated
std::vector<std::string> CollectReferences(const XmlNode& node);

}  // namespace mjcf
}  // namespace motus

#endif  // MOTUS_XML_XML_REPLICATE_H_
