// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// XML element tree, number formatting and attribute helpers of the MJCF writer.

#include "xml/xml_writer_node.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

namespace motus {

// ---- numbers -----------------------------------------------------------------------------------

namespace {

std::string NonFinite(double x) {
  if (std::isnan(x)) {
    return "nan";
  }
  return x > 0 ? "inf" : "-inf";
}

}  // namespace

std::string FormatDouble(double x) {
  if (!std::isfinite(x)) {
    return NonFinite(x);
  }
  // std::to_chars without a precision gives the shortest text that round-trips (C++17)
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), x);
  return std::string(buf, res.ptr);
}

std::string FormatFloat(float f) {
  if (!std::isfinite(f)) {
    return NonFinite(f);
  }
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), f);
  std::string text(buf, res.ptr);
  // a reader may parse as double and round to float: make sure that path agrees as well
  float as_float = std::strtof(text.c_str(), nullptr);
  float via_double = static_cast<float>(std::strtod(text.c_str(), nullptr));
  if (std::memcmp(&as_float, &f, sizeof(float)) == 0 &&
      std::memcmp(&via_double, &f, sizeof(float)) == 0) {
    return text;
  }
  return FormatDouble(static_cast<double>(f));
}

std::string FormatDoubles(const double* x, int n) {
  std::string s;
  for (int i = 0; i < n; i++) {
    if (i) {
      s += ' ';
    }
    s += FormatDouble(x[i]);
  }
  return s;
}

std::string FormatFloats(const float* x, int n) {
  std::string s;
  for (int i = 0; i < n; i++) {
    if (i) {
      s += ' ';
    }
    s += FormatFloat(x[i]);
  }
  return s;
}

std::string FormatInts(const int* x, int n) {
  std::string s;
  for (int i = 0; i < n; i++) {
    if (i) {
      s += ' ';
    }
    s += std::to_string(x[i]);
  }
  return s;
}

std::string EscapeXml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\t':
        out += "&#9;";
        break;
      default:
        if (c < 0x20) {
          out += "&#" + std::to_string(c) + ";";
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

// ---- element tree
// --------------------------------------------------------------------------------

XmlNode* XmlNode::Add(const std::string& name) {
  children_.push_back(std::make_unique<XmlNode>(name));
  return children_.back().get();
}

void XmlNode::Set(const std::string& key, const std::string& value) {
  for (auto& a : attrs_) {
    if (a.first == key) {
      a.second = value;
      return;
    }
  }
  attrs_.emplace_back(key, value);
}

bool XmlNode::Has(const std::string& key) const {
  for (const auto& a : attrs_) {
    if (a.first == key) {
      return true;
    }
  }
  return false;
}

void XmlNode::Prune(const std::vector<std::string>& names) {
  for (auto& c : children_) {
    c->Prune(names);
  }
  std::vector<std::unique_ptr<XmlNode>> kept;
  for (auto& c : children_) {
    bool listed = false;
    for (const auto& n : names) {
      listed = listed || c->name_ == n;
    }
    if (!(listed && c->Empty())) {
      kept.push_back(std::move(c));
    }
  }
  children_ = std::move(kept);
}

void XmlNode::Print(std::string* out, int depth) const {
  std::string indent(2 * depth, ' ');
  *out += indent + "<" + name_;
  for (const auto& a : attrs_) {
    *out += " " + a.first + "=\"" + EscapeXml(a.second) + "\"";
  }
  if (children_.empty()) {
    *out += "/>\n";
    return;
  }
  *out += ">\n";
  for (const auto& c : children_) {
    c->Print(out, depth + 1);
  }
  *out += indent + "</" + name_ + ">\n";
}

// ---- attribute helpers -----------------------------------------------------------------------

bool SameDoubles(const double* a, const double* b, int n) {
  return std::memcmp(a, b, sizeof(double) * n) == 0;
}

bool SameFloats(const float* a, const float* b, int n) {
  return std::memcmp(a, b, sizeof(float) * n) == 0;
}

namespace {
const std::string& StrOf(const mjString* s) {
  static const std::string empty;
  return s ? *s : empty;
}
}  // namespace

void AttrWriter::Str(const char* key, const mjString* value, const mjString* ref) {
  const std::string& v = StrOf(value);
  if (v.empty() && !ref) {
    return;  // nothing to say
  }
  if (!ref || v != StrOf(ref)) {
    node_->Set(key, v);
  }
}

void AttrWriter::Text(const char* key, const std::string& value, const std::string& ref) {
  if (value != ref) {
    node_->Set(key, value);
  }
}

void AttrWriter::Int(const char* key, int value, const int* ref) {
  if (!ref || value != *ref) {
    node_->Set(key, std::to_string(value));
  }
}

void AttrWriter::Ints(const char* key, const int* value, const int* ref, int n) {
  if (!ref || std::memcmp(value, ref, sizeof(int) * n) != 0) {
    node_->Set(key, FormatInts(value, n));
  }
}

void AttrWriter::Real(const char* key, double value, const double* ref) {
  if (!ref || !SameDoubles(&value, ref, 1)) {
    node_->Set(key, FormatDouble(value));
  }
}

void AttrWriter::Reals(const char* key, const double* value, const double* ref, int n) {
  if (!ref || !SameDoubles(value, ref, n)) {
    node_->Set(key, FormatDoubles(value, n));
  }
}

void AttrWriter::RealsPrefix(const char* key, const double* value, const double* ref, int n) {
  int len = n;
  while (len > 0 && SameDoubles(value + len - 1, ref + len - 1, 1)) {
    len--;
  }
  if (len > 0) {
    node_->Set(key, FormatDoubles(value, len));
  }
}

void AttrWriter::Float(const char* key, float value, const float* ref) {
  if (!ref || !SameFloats(&value, ref, 1)) {
    node_->Set(key, FormatFloat(value));
  }
}

void AttrWriter::Floats(const char* key, const float* value, const float* ref, int n) {
  if (!ref || !SameFloats(value, ref, n)) {
    node_->Set(key, FormatFloats(value, n));
  }
}

void AttrWriter::Bool(const char* key, int value, const int* ref) {
  if (!ref || (value != 0) != (*ref != 0)) {
    node_->Set(key, value ? "true" : "false");
  }
}

void AttrWriter::Byte(const char* key, mjtByte value, const mjtByte* ref) {
  if (!ref || (value != 0) != (*ref != 0)) {
    node_->Set(key, value ? "true" : "false");
  }
}

void AttrWriter::Keyword(const char* key, int value, const int* ref, const char* const* names,
                         int count) {
  if (ref && value == *ref) {
    return;
  }
  if (value >= 0 && value < count && names[value]) {
    node_->Set(key, names[value]);
  } else {
    node_->Set(key, std::to_string(value));
  }
}

void AttrWriter::DoubleVec(const char* key, const mjDoubleVec* value, const mjDoubleVec* ref) {
  if (!value || value->empty()) {
    return;
  }
  if (ref && *value == *ref &&
      std::memcmp(value->data(), ref->data(), value->size() * sizeof(double)) == 0) {
    return;
  }
  node_->Set(key, FormatDoubles(value->data(), static_cast<int>(value->size())));
}

void AttrWriter::FloatVec(const char* key, const mjFloatVec* value, const mjFloatVec* ref) {
  if (!value || value->empty()) {
    return;
  }
  if (ref && value->size() == ref->size() &&
      std::memcmp(value->data(), ref->data(), value->size() * sizeof(float)) == 0) {
    return;
  }
  node_->Set(key, FormatFloats(value->data(), static_cast<int>(value->size())));
}

void AttrWriter::IntVec(const char* key, const mjIntVec* value, const mjIntVec* ref) {
  if (!value || value->empty()) {
    return;
  }
  if (ref && *value == *ref) {
    return;
  }
  node_->Set(key, FormatInts(value->data(), static_cast<int>(value->size())));
}

void AttrWriter::StringVec(const char* key, const mjStringVec* value, const mjStringVec* ref) {
  if (!value || value->empty()) {
    return;
  }
  if (ref && *value == *ref) {
    return;
  }
  std::string s;
  for (size_t i = 0; i < value->size(); i++) {
    if (i) {
      s += ' ';
    }
    s += (*value)[i];
  }
  node_->Set(key, s);
}

}  // namespace motus
