// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF schema table behind mj_printSchema (see xml_schema.cc).

#ifndef MOTUS_XML_XML_SCHEMA_H_
#define MOTUS_XML_XML_SCHEMA_H_

#include <string>

namespace motus {
namespace mjcf {

// one element of the schema
struct SchemaElement {
  int depth;               // nesting level below <mujoco>
  const char* name;        // element name ("(world)body" for the body/worldbody row)
  char type;               // multiplicity: '!', '?', '*' or 'R' (see xml_schema.cc)
  const char* attributes;  // space-separated attribute names
};

// the table, depth-first in document order; *n receives its length
const SchemaElement* Schema(int* n);

// true if some element of the schema named `element` lists the attribute `attr`
bool SchemaHasAttribute(const char* element, const char* attr);

// the schema as mj_printSchema prints it
std::string PrintSchema(bool html, bool pad);

}  // namespace mjcf
}  // namespace motus

#endif  // MOTUS_XML_XML_SCHEMA_H_
