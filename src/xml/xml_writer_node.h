// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Building blocks of the MJCF writer: an in-memory XML element tree that prints itself with
// two-space indentation, number formatting in shortest round-trip form, and attribute helpers
// that write a value only when it differs from a reference (the element's defaults class).
//
// Comparison is bitwise for reals: 0 and -0 differ, a NaN equals the same NaN. A written value
// therefore always reproduces the exact bits when read back with a correctly rounded parser.

#ifndef MOTUS_XML_XML_WRITER_NODE_H_
#define MOTUS_XML_XML_WRITER_NODE_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

namespace motus {

// ---- numbers -----------------------------------------------------------------------------------

// Shortest decimal text that parses (strtod) back to exactly x: "0.1", "1e-08", "-0", "nan",
// "inf", "-inf".
std::string FormatDouble(double x);

// Shortest decimal text that gives back exactly f whether it is parsed as float (strtof) or as
// double and then rounded to float; falls back to the exact double text of f when the shortest
// float text is ambiguous under double rounding.
std::string FormatFloat(float f);

// space-separated lists
std::string FormatDoubles(const double* x, int n);
std::string FormatFloats(const float* x, int n);
std::string FormatInts(const int* x, int n);

// XML attribute escaping: & < > " and control characters
std::string EscapeXml(const std::string& text);

// ---- element tree
// --------------------------------------------------------------------------------

class XmlNode {
 public:
  explicit XmlNode(std::string name) : name_(std::move(name)) {}

  // appends a child and returns it (owned by this node)
  XmlNode* Add(const std::string& name);

  // sets an attribute (replaces an existing one of the same name)
  void Set(const std::string& key, const std::string& value);
  bool Has(const std::string& key) const;

  bool Empty() const { return attrs_.empty() && children_.empty(); }
  const std::string& name() const { return name_; }
  std::vector<std::unique_ptr<XmlNode>>& children() { return children_; }

  // removes children that have neither attributes nor children, recursively, for element names
  // in `names` (e.g. an empty <asset> section)
  void Prune(const std::vector<std::string>& names);

  // appends the text of this element to *out, indented by `depth` levels of two spaces
  void Print(std::string* out, int depth) const;

 private:
  std::string name_;
  std::vector<std::pair<std::string, std::string>> attrs_;
  std::vector<std::unique_ptr<XmlNode>> children_;
};

// ---- attribute helpers -----------------------------------------------------------------------
//
// Each writes `key` on `node` only when the value differs from `ref` (bitwise for reals). A NULL
// ref means "always write". Strings: a NULL mjString* counts as "".

// bitwise equality of arrays
bool SameDoubles(const double* a, const double* b, int n);
bool SameFloats(const float* a, const float* b, int n);

class AttrWriter {
 public:
  explicit AttrWriter(XmlNode* node) : node_(node) {}
  XmlNode* node() const { return node_; }

  void Str(const char* key, const mjString* value, const mjString* ref);
  void Text(const char* key, const std::string& value, const std::string& ref);
  void Int(const char* key, int value, const int* ref);
  void Ints(const char* key, const int* value, const int* ref, int n);
  void Real(const char* key, double value, const double* ref);
  void Reals(const char* key, const double* value, const double* ref, int n);
  // optional trailing components (e.g. polynomial coefficients "a [b [c]]"): writes the shortest
  // prefix after which value and ref agree; the reader keeps ref's values for the rest
  void RealsPrefix(const char* key, const double* value, const double* ref, int n);
  void Float(const char* key, float value, const float* ref);
  void Floats(const char* key, const float* value, const float* ref, int n);
  void Bool(const char* key, int value, const int* ref);
  void Byte(const char* key, mjtByte value, const mjtByte* ref);  // "true"/"false"

  // keyword from a table indexed by value; values outside the table are written as numbers
  void Keyword(const char* key, int value, const int* ref, const char* const* names, int count);

  // variable-length arrays (written when non-empty and different from ref)
  void DoubleVec(const char* key, const mjDoubleVec* value, const mjDoubleVec* ref);
  void FloatVec(const char* key, const mjFloatVec* value, const mjFloatVec* ref);
  void IntVec(const char* key, const mjIntVec* value, const mjIntVec* ref);
  void StringVec(const char* key, const mjStringVec* value, const mjStringVec* ref);

 private:
  XmlNode* node_;
};

}  // namespace motus

#endif  // MOTUS_XML_XML_WRITER_NODE_H_
