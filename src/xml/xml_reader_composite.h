// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// <composite type="cable"> (xml_reader_composite.cc) and the skin of box cables
// (xml_reader_composite_skin.cc).

#ifndef MOTUS_XML_XML_READER_COMPOSITE_H_
#define MOTUS_XML_XML_READER_COMPOSITE_H_

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {

// one body of a cable: its name and the length of its edge
struct CableBody {
  std::string name;
  double length;
};

// expands a <composite> element into bodies of the scope's body
void ParseComposite(XmlContext& ctx, const XmlNode& node, const XmlTreeScope& scope);

// reads the attributes of a composite's <skin> element into `skin` (NULL: check them only);
// returns its subgrid
int ReadCableSkinAttrs(XmlAttrs& a, mjsSkin* skin);

// the skin of a box cable: a strip of the box's width (2 halfwidth) through the bodies'
// frames, inflated by `thickness`; the end nodes sit `endlength` past the last body
void AddCableSkin(XmlContext& ctx, const XmlNode& node, const std::string& prefix,
                  const std::vector<CableBody>& bodies, double halfwidth, double thickness,
                  double endlength);

}  // namespace mjcf
}  // namespace motus

#endif  // MOTUS_XML_XML_READER_COMPOSITE_H_
