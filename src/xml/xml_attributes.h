// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Building blocks of the MJCF reader (XMLreference.rst):
//   * XmlNode: one element of the resolved document, i.e. after <include> expansion. It points at
//     the tinyxml2 element (attributes, line number) and remembers the file it came from, so every
//     error can name the file and the line.
//   * XmlError: the exception that carries a finished error message up to mj_parseXML.
//   * XmlAttrs: typed reading of the attributes of one element (XMLreference.rst, "Attribute
//     types"): strings, real(N), int(N), keywords and booleans, with the count of numbers checked.
//     Every attribute that is read is marked as used; Finish() reports any attribute that was not
//     used by the element's parser as a schema violation ("unrecognized attribute").

#ifndef MOTUS_XML_XML_ATTRIBUTES_H_
#define MOTUS_XML_XML_ATTRIBUTES_H_

#include <stdexcept>
#include <string>
#include <vector>

#include <tinyxml2.h>

#include <mujoco/mujoco.h>

namespace motus {
namespace mjcf {

// one element of the include-resolved document tree
struct XmlNode {
  const tinyxml2::XMLElement* elem = nullptr;
  const std::string* file = nullptr;  // name of the file the element was read from
  std::vector<XmlNode> children;      // child elements, with <include> already expanded

  std::string Name() const { return elem ? elem->Name() : ""; }
  int Line() const { return elem ? elem->GetLineNum() : 0; }
};

// error with a complete message (file and line already included)
class XmlError : public std::runtime_error {
 public:
  explicit XmlError(const std::string& msg) : std::runtime_error(msg) {}
};

// "message (file 'a.xml', line 12)": the one format of all reader errors
std::string XmlLocate(const std::string& msg, const std::string& file, int line);

// throws an XmlError located at the given node
[[noreturn]] void XmlFail(const XmlNode& node, const std::string& msg);

// keyword table entry: XML keyword and the value stored in the spec
struct XmlKeyword {
  const char* name;
  int value;
};

// common keyword tables
extern const XmlKeyword kXmlBool[2];     // false, true
extern const XmlKeyword kXmlLimited[3];  // false, true, auto (mjtLimited)
extern const XmlKeyword kXmlEnable[2];   // disable, enable

// typed attribute reader for one element
class XmlAttrs {
 public:
  explicit XmlAttrs(const XmlNode& node);

  const XmlNode& node() const { return node_; }
  std::string ElementName() const { return node_.Name(); }

  // true if the attribute is present (does not mark it as used)
  bool Has(const char* name) const;

  // marks an attribute as used without reading it
  void Use(const char* name);

  // raw text of an attribute (marks it used); nullptr when absent
  const char* Raw(const char* name);

  // string attribute; false when absent (mjString is std::string in C++, so this also fills
  // the string fields of the mjs structs)
  bool Str(const char* name, std::string* out);

  // real(n): exactly n numbers, or between 1 and n when `upto` is true; returns the number of
  // values read (0 when absent). Values that were not given keep their previous content.
  int Nums(const char* name, double* out, int n, bool upto = false);
  int Nums(const char* name, float* out, int n, bool upto = false);

  // real: one number
  bool Num(const char* name, double* out) { return Nums(name, out, 1) == 1; }
  bool Num(const char* name, float* out) { return Nums(name, out, 1) == 1; }

  // int(n) with the same count rules as Nums
  int Ints(const char* name, int* out, int n, bool upto = false);
  bool Int(const char* name, int* out) { return Ints(name, out, 1) == 1; }

  // real(any): arbitrary-length lists (at least one number unless `allow_empty`)
  bool NumList(const char* name, std::vector<double>* out, bool allow_empty = false);
  bool NumList(const char* name, std::vector<float>* out, bool allow_empty = false);
  bool IntList(const char* name, std::vector<int>* out, bool allow_empty = false);

  // whitespace-separated words (at least one)
  bool Words(const char* name, std::vector<std::string>* out);

  // keyword from a table; an invalid keyword is an error that lists the valid ones
  bool Keyword(const char* name, const XmlKeyword* table, int ntable, int* out);
  template <int N>
  bool Keyword(const char* name, const XmlKeyword (&table)[N], int* out) {
    return Keyword(name, table, N, out);
  }

  // keyword stored into an enum or narrower integer field
  template <class T, int N>
  bool Enum(const char* name, const XmlKeyword (&table)[N], T* out) {
    int v;
    if (!Keyword(name, table, N, &v)) {
      return false;
    }
    *out = static_cast<T>(v);
    return true;
  }

  // boolean: "true" or "false"
  bool Bool(const char* name, mjtByte* out);
  bool Bool(const char* name, int* out);
  bool Bool(const char* name, bool* out);

  // errors
  [[noreturn]] void Fail(const std::string& msg) const { XmlFail(node_, msg); }
  void Require(const char* name) const;  // error if the attribute is absent

  // reports the first attribute that no reader has used, in MuJoCo's words: "Schema violation:
  // unrecognized attribute: 'x' in element 'y'"
  void Finish() const;

 private:
  const XmlNode& node_;
  std::vector<std::string> used_;

  const char* Get(const char* name);
  template <class T>
  int ReadNumbers(const char* name, T* out, int n, bool upto, bool integer);
  template <class T>
  bool ReadList(const char* name, std::vector<T>* out, bool allow_empty, bool integer);
};

// tokenizes a numeric string; returns false with the offending token on a bad number
bool XmlParseNumbers(const char* text, std::vector<double>* out, std::string* badtoken);

}  // namespace mjcf
}  // namespace motus

#endif  // MOTUS_XML_XML_ATTRIBUTES_H_
