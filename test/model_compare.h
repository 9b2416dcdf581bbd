// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Test helpers shared by the model round-trip tests: a field-by-field comparison of two compiled
// models, and the list of main model files of ../shared/models (from its manifest.json).

#ifndef MOTUS_TEST_MODEL_COMPARE_H_
#define MOTUS_TEST_MODEL_COMPARE_H_

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

namespace motus_test {

// every size, struct field and array byte of a and b is identical; returns the names that differ
// MJCF has no attribute for the coordinates of flex nodes (flex/node names bodies only; MuJoCo's
// saved XML drops them as well), so a flex whose interpolation nodes are pinned to their parent
// body at non-zero coordinates cannot round-trip through XML: these three fields then differ,
// and so does flex_stiffness when such a flex is elastic (its matrix is integrated over the box of
// the node positions).
inline bool HasFlexNodeCoordinates(const mjModel* m) {
  for (int i = 0; i < 3 * m->nflexnode; i++) {
    if (m->flex_node[i] != 0) {
      return true;
    }
  }
  return false;
}

inline void DropFlexNodeFields(const mjModel* m, std::vector<std::string>* diff) {
  if (!HasFlexNodeCoordinates(m)) {
    return;
  }
  std::vector<std::string> kept;
  for (const std::string& f : *diff) {
    if (f != "flex_node" && f != "flex_node0" && f != "flex_centered" && f != "flex_stiffness") {
      kept.push_back(f);
    }
  }
  *diff = kept;
}

inline std::vector<std::string> ModelDifferences(const mjModel* a, const mjModel* b) {
  std::vector<std::string> diff;
#define X(name)           \
  if (a->name != b->name) \
    diff.push_back(#name);
  MJMODEL_SIZES
#undef X
  if (!diff.empty()) {
    return diff;  // arrays cannot be compared
  }
  if (std::memcmp(&a->opt, &b->opt, sizeof(mjOption))) {
    diff.push_back("opt");
  }
  if (std::memcmp(&a->vis, &b->vis, sizeof(mjVisual))) {
    diff.push_back("vis");
  }
  if (std::memcmp(&a->stat, &b->stat, sizeof(mjStatistic))) {
    diff.push_back("stat");
  }
#undef MJ_M
#define MJ_M(x) a->x
#define X(type, name, nr, nc)                                        \
  {                                                                  \
    size_t bytes = sizeof(type) * static_cast<size_t>(a->nr) * (nc); \
    if (bytes && std::memcmp(a->name, b->name, bytes))               \
      diff.push_back(#name);                                         \
  }
  MJMODEL_POINTERS
#undef X
#undef MJ_M
#define MJ_M(n) n
  return diff;
}

inline std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) {
    s += (s.empty() ? "" : " ") + x;
  }
  return s;
}

// value of the string field `key` in one JSON object's text ("" if absent)
inline std::string JsonString(const std::string& object, const std::string& key) {
  std::string pattern = "\"" + key + "\"";
  size_t k = object.find(pattern);
  if (k == std::string::npos) {
    return "";
  }
  size_t open = object.find('"', object.find(':', k + pattern.size()) + 1);
  size_t close = object.find('"', open + 1);
  if (open == std::string::npos || close == std::string::npos) {
    return "";
  }
  return object.substr(open + 1, close - open - 1);
}

// (name, path of the main XML) of every model listed in <models_dir>/manifest.json, in order;
// empty when there is no manifest. Each entry has "name", "main_xml" and "dir".
inline std::vector<std::pair<std::string, std::string>> ManifestModels(
    const std::string& models_dir) {
  std::vector<std::pair<std::string, std::string>> out;
  std::ifstream in(models_dir + "/manifest.json");
  if (!in) {
    return out;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  // entries are the objects that hold a "main_xml" key: cut the text at each "name" key
  size_t pos = 0;
  while ((pos = text.find("\"main_xml\"", pos)) != std::string::npos) {
    size_t begin = text.rfind("\"name\"", pos);
    size_t next = text.find("\"main_xml\"", pos + 1);
    std::string object =
        text.substr(begin, (next == std::string::npos ? text.size() : next) - begin);
    std::string name = JsonString(object, "name"), dir = JsonString(object, "dir");
    std::string main = JsonString(object, "main_xml");
    if (!name.empty() && !main.empty()) {
      out.emplace_back(name, models_dir + "/" + (dir.empty() ? name : dir) + "/" + main);
    }
    pos += 10;
  }
  return out;
}

// true when a load error is about a feature Motus reports as not supported yet
inline bool IsUnsupportedFeature(const std::string& error) {
  return error.find("not supported") != std::string::npos;
}

}  // namespace motus_test

#endif  // MOTUS_TEST_MODEL_COMPARE_H_
