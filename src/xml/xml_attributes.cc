// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Typed attribute parsing (XMLreference.rst, "Attribute types"). Arrays are whitespace-separated;
// "For array-type attributes, the length of the array is enforced by the parser unless specified
// otherwise": Nums/Ints check the count exactly, or as an upper bound for the attributes whose
// documentation allows fewer numbers (the caller says which).

#include "xml/xml_attributes.h"

#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <mujoco/mujoco.h>

namespace motus {
namespace mjcf {

const XmlKeyword kXmlBool[2] = {{"false", 0}, {"true", 1}};
const XmlKeyword kXmlLimited[3] = {{"false", 0}, {"true", 1}, {"auto", 2}};
const XmlKeyword kXmlEnable[2] = {{"disable", 0}, {"enable", 1}};

std::string XmlLocate(const std::string& msg, const std::string& file, int line) {
  std::string out = "XML Error: " + msg + " (file '" + file + "'";
  if (line > 0) {
    out += ", line " + std::to_string(line);
  }
  return out + ")";
}

void XmlFail(const XmlNode& node, const std::string& msg) {
  throw XmlError(XmlLocate(msg, node.file ? *node.file : std::string("?"), node.Line()));
}

namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// splits on whitespace
std::vector<std::string> Tokens(const char* text) {
  std::vector<std::string> out;
  const char* p = text;
  while (*p) {
    while (*p && IsSpace(*p)) {
      p++;
    }
    const char* start = p;
    while (*p && !IsSpace(*p)) {
      p++;
    }
    if (p > start) {
      out.emplace_back(start, p - start);
    }
  }
  return out;
}

// parses one real token completely
// parses one real token completely; *range is set when the literal is a number that a double
// cannot hold (overflow, or underflow below the smallest normal double)
bool ParseReal(const std::string& tok, double* out, bool* range = nullptr) {
  if (tok.empty()) {
    return false;
  }
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(tok.c_str(), &end);
  if (end != tok.c_str() + tok.size()) {
    return false;
  }
  bool outside = errno == ERANGE || (v != 0 && std::isfinite(v) && std::fabs(v) < DBL_MIN);
  if (range) {
    *range = outside;
  } else if (outside && std::isinf(v)) {
    return false;  // overflow: not representable
  }
  *out = v;
  return true;
}

// parses one integer token completely (decimal, optional sign)
bool ParseInt(const std::string& tok, int* out) {
  if (tok.empty()) {
    return false;
  }
  errno = 0;
  char* end = nullptr;
  long v = std::strtol(tok.c_str(), &end, 10);
  if (end != tok.c_str() + tok.size() || errno == ERANGE || v < INT_MIN || v > INT_MAX) {
    return false;
  }
  *out = static_cast<int>(v);
  return true;
}

// a finite number is stored in T only within T's normal range: MuJoCo rejects overflow and
// numbers that are nonzero but smaller than the smallest normal value ("number is too large")
template <class T>
bool FitsIn(double x) {
  if constexpr (std::is_same_v<T, float>) {
    return !std::isfinite(x) || x == 0 || (std::fabs(x) <= FLT_MAX && std::fabs(x) >= FLT_MIN);
  }
  return true;
}

// MuJoCo's text for a number its type cannot hold, then the token and where it is
std::string TooLarge(const char* name, const std::string& where, const std::string& tok) {
  return "number is too large in attribute '" + std::string(name) + "' ('" + tok +
         "' is out of range in " + where + ")";
}

// an attribute with a NaN is accepted with MuJoCo's warning, once per attribute
void WarnNaN(bool nan) {
  if (nan) {
    mju_warning("XML contains a 'NaN'. Please check it carefully.");
  }
}

std::string CountWord(int n, bool integer) {
  const char* what = integer ? "integer" : "number";
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

bool XmlParseNumbers(const char* text, std::vector<double>* out, std::string* badtoken) {
  out->clear();
  for (const std::string& tok : Tokens(text)) {
    double v;
    if (!ParseReal(tok, &v)) {
      if (badtoken) {
        *badtoken = tok;
      }
      return false;
    }
    out->push_back(v);
  }
  return true;
}

XmlAttrs::XmlAttrs(const XmlNode& node) : node_(node) {}

bool XmlAttrs::Has(const char* name) const {
  return node_.elem->Attribute(name) != nullptr;
}

void XmlAttrs::Use(const char* name) {
  used_.emplace_back(name);
}

const char* XmlAttrs::Get(const char* name) {
  const char* v = node_.elem->Attribute(name);
  if (v) {
    used_.emplace_back(name);
  }
  return v;
}

const char* XmlAttrs::Raw(const char* name) {
  return Get(name);
}

bool XmlAttrs::Str(const char* name, std::string* out) {
  const char* v = Get(name);
  if (!v) {
    return false;
  }
  *out = v;
  return true;
}

template <class T>
int XmlAttrs::ReadNumbers(const char* name, T* out, int n, bool upto, bool integer) {
  const char* v = Get(name);
  if (!v) {
    return 0;
  }
  std::vector<std::string> toks = Tokens(v);
  const std::string where =
      "attribute '" + std::string(name) + "' of element '" + ElementName() + "'";
  int count = static_cast<int>(toks.size());
  if (count == 0) {
    return 0;  // an empty attribute is left out, as MuJoCo does
  }
  // MuJoCo's wording ("does not have enough data", "has too much data"), then the counts
  const std::string data = "attribute '" + std::string(name) + "' " +
                           (count > n ? "has too much data" : "does not have enough data");
  if (upto) {
    if (count > n) {
      Fail(data + " (" + where + " needs " + (n == 1 ? "" : "1 to ") + CountWord(n, integer) +
           ", got " + std::to_string(count) + ")");
    }
  } else if (count != n) {
    Fail(data + " (" + where + " needs " + CountWord(n, integer) + ", got " +
         std::to_string(count) + ")");
  }
  bool nan = false;
  for (int i = 0; i < count; i++) {
    if (integer) {
      int x;
      if (!ParseInt(toks[i], &x)) {
        Fail("bad format in " + where + ": '" + toks[i] + "' is not an integer");
      }
      out[i] = static_cast<T>(x);
    } else {
      double x;
      bool range = false;
      if (!ParseReal(toks[i], &x, &range)) {
        Fail("bad format in " + where + ": '" + toks[i] + "' is not a number");
      }
      if (range || !FitsIn<T>(x)) {
        Fail(TooLarge(name, where, toks[i]));
      }
      nan = nan || std::isnan(x);
      out[i] = static_cast<T>(x);
    }
  }
  WarnNaN(nan);
  return count;
}

int XmlAttrs::Nums(const char* name, double* out, int n, bool upto) {
  return ReadNumbers(name, out, n, upto, false);
}

int XmlAttrs::Nums(const char* name, float* out, int n, bool upto) {
  return ReadNumbers(name, out, n, upto, false);
}

int XmlAttrs::Ints(const char* name, int* out, int n, bool upto) {
  return ReadNumbers(name, out, n, upto, true);
}

template <class T>
bool XmlAttrs::ReadList(const char* name, std::vector<T>* out, bool allow_empty, bool integer) {
  const char* v = Get(name);
  if (!v) {
    return false;
  }
  std::vector<std::string> toks = Tokens(v);
  const std::string where =
      "attribute '" + std::string(name) + "' of element '" + ElementName() + "'";
  if (toks.empty() && !allow_empty) {
    Fail(where + " needs at least 1 " + (integer ? "integer" : "number") + ", got 0");
  }
  out->clear();
  out->reserve(toks.size());
  bool nan = false;
  for (const std::string& tok : toks) {
    if (integer) {
      int x;
      if (!ParseInt(tok, &x)) {
        Fail("bad format in " + where + ": '" + tok + "' is not an integer");
      }
      out->push_back(static_cast<T>(x));
    } else {
      double x;
      bool range = false;
      if (!ParseReal(tok, &x, &range)) {
        Fail("bad format in " + where + ": '" + tok + "' is not a number");
      }
      if (range || !FitsIn<T>(x)) {
        Fail(TooLarge(name, where, tok));
      }
      nan = nan || std::isnan(x);
      out->push_back(static_cast<T>(x));
    }
  }
  WarnNaN(nan);
  return true;
}

bool XmlAttrs::NumList(const char* name, std::vector<double>* out, bool allow_empty) {
  return ReadList(name, out, allow_empty, false);
}

bool XmlAttrs::NumList(const char* name, std::vector<float>* out, bool allow_empty) {
  return ReadList(name, out, allow_empty, false);
}

bool XmlAttrs::IntList(const char* name, std::vector<int>* out, bool allow_empty) {
  return ReadList(name, out, allow_empty, true);
}

bool XmlAttrs::Words(const char* name, std::vector<std::string>* out) {
  const char* v = Get(name);
  if (!v) {
    return false;
  }
  *out = Tokens(v);
  if (out->empty()) {
    Fail("attribute '" + std::string(name) + "' of element '" + ElementName() +
         "' needs at least one keyword");
  }
  return true;
}

bool XmlAttrs::Keyword(const char* name, const XmlKeyword* table, int ntable, int* out) {
  const char* v = Get(name);
  if (!v) {
    return false;
  }
  for (int i = 0; i < ntable; i++) {
    if (std::strcmp(v, table[i].name) == 0) {
      *out = table[i].value;
      return true;
    }
  }
  std::string valid;
  for (int i = 0; i < ntable; i++) {
    valid += (i ? ", " : "") + std::string(table[i].name);
  }
  Fail("invalid keyword: '" + std::string(v) + "' in attribute '" + name + "' of element '" +
       ElementName() + "'; valid keywords: " + valid);
}

bool XmlAttrs::Bool(const char* name, int* out) {
  return Keyword(name, kXmlBool, out);
}

bool XmlAttrs::Bool(const char* name, mjtByte* out) {
  int v;
  if (!Keyword(name, kXmlBool, &v)) {
    return false;
  }
  *out = static_cast<mjtByte>(v);
  return true;
}

bool XmlAttrs::Bool(const char* name, bool* out) {
  int v;
  if (!Keyword(name, kXmlBool, &v)) {
    return false;
  }
  *out = v != 0;
  return true;
}

void XmlAttrs::Require(const char* name) const {
  if (!Has(name)) {
    // MuJoCo's wording, then the element
    Fail("required attribute missing: '" + std::string(name) + "' in element '" + ElementName() +
         "'");
  }
}

void XmlAttrs::Finish() const {
  for (const tinyxml2::XMLAttribute* a = node_.elem->FirstAttribute(); a; a = a->Next()) {
    bool used = false;
    for (const std::string& u : used_) {
      if (u == a->Name()) {
        used = true;
        break;
      }
    }
    if (!used) {
      Fail("Schema violation: unrecognized attribute: '" + std::string(a->Name()) +
           "' in element '" + ElementName() + "'");
    }
  }
}

}  // namespace mjcf
}  // namespace motus
