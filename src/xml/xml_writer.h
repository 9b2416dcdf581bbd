// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF writer: mj_saveXML, mj_saveXMLString, mj_saveLastXML, mj_freeLastXML
// (APIreference_functions.rst "Parse and compile").
//
// What is written: the spec as it is (not the compiled model), so that parsing the output gives a
// spec that compiles to a bitwise identical mjModel. Every attribute is written only when it
// differs from its reference value: the element's defaults class for model elements, the parent
// class for <default> blocks, and the built-in defaults (mjs_default*) for the top-level class
// "main" and for elements without classes (frames, bodies, sensors, keyframes, ...). Reals are
// written in shortest round-trip form (xml_writer_node.h), angles in the units of the spec's
// <compiler angle>, and orientations in the form the spec holds them (quat or the alternative).
//
// Element order: ids in the compiled model follow document order within each element type, so
// every list is written in spec order. Elements inside <frame>s are grouped so that the order of
// each type is kept (a frame may be written more than once; only the first copy carries its name).
//
// The writer uses the public mjs_ API for everything except three things it reads from
// user/user_spec.h: the defaults-class tree (the parent of a class is not reachable through mjs_),
// whether a keyframe came from mjs_attach, and the list of plugins activated by
// mjs_activatePlugin. Such a keyframe holds values per element name,
// which MJCF cannot express; it is written in full from the compiled model (the writer compiles the
// spec once for that, and fails with the compiler's message if the spec does not compile).
//
// Not written (documented limitations): inheritrange of actuators that are not plain
// position/intvelocity servos, texture pixel data set
// through mjs_setBuffer, mesh face normal/texcoord indices (userfacenormal, userfacetexcoord),
// camera intrinsic (only the sensorsize/focal/principal attributes exist in MJCF), <replicate>,
// <attach> and <composite>/<flexcomp> (written in their expanded form), and elements whose
// compiler settings (angle units, euler sequence) differ from the spec's own after mjs_attach.

#ifndef MOTUS_XML_XML_WRITER_H_
#define MOTUS_XML_XML_WRITER_H_

#include <map>
#include <string>

#include <mujoco/mujoco.h>

#include "xml/xml_writer_node.h"

namespace motus {

// Writes `spec` as MJCF text into *xml. Returns false and sets *error on failure.
bool WriteXML(mjSpec* spec, std::string* xml, std::string* error);

// Checks that the model m was compiled from spec: the element counts that the compiler never
// changes must agree. Returns "" when they do, else a message naming the first mismatch.
std::string CompareSizes(mjSpec* spec, const mjModel* m);

// Copies the real-valued parameters of a compiled model back into the spec it was compiled from
// (elements matched by mjs_getId), for the parameters whose spec and model values correspond one
// to one: see the list in xml_writer_copyback.cc. Returns false if the sizes do not match.
bool CopyBack(mjSpec* spec, const mjModel* m, std::string* error);

// ---- plugins (xml_writer_plugin.cc) -----------------------------------------------------------
//
// How the plugin instances of a spec are written: in <extension> under their names, or in place
// at the one element that uses them (see xml_writer_plugin.cc for the rule).
class PluginWriter {
 public:
  explicit PluginWriter(mjSpec* s);
  // the <extension> section (nothing when the spec uses no plugin)
  void Extension(XmlNode* root) const;
  // the plugin reference p of an element: a <plugin> child of node (child: body, geom, mesh) or
  // attributes and <config> children of node itself (actuator/plugin, sensor/plugin)
  void Reference(XmlNode* node, const mjsPlugin& p, bool child) const;

 private:
  mjSpec* s_;
  std::map<const mjsElement*, std::string> names_;  // instances written in <extension>
};

// ---- element attributes (xml_writer_elements.cc) ------------------------------------------------
//
// Each writes the attributes of `e` that differ from `ref` (never NULL). `dflt` selects the subset
// of attributes allowed in a <default> block. Name and class are written by the caller.

void OrientationAttrs(AttrWriter& w, const double* quat, const mjsOrientation& alt,
                      const double* refquat, const mjsOrientation* refalt);
void BodyAttrs(AttrWriter& w, const mjsBody* e, const mjsBody* ref);
void InertialAttrs(AttrWriter& w, const mjsBody* e);
void FrameAttrs(AttrWriter& w, const mjsFrame* e, const mjsFrame* ref);
void JointAttrs(AttrWriter& w, const mjsJoint* e, const mjsJoint* ref, bool dflt);
void GeomAttrs(AttrWriter& w, const mjsGeom* e, const mjsGeom* ref, bool dflt);
void SiteAttrs(AttrWriter& w, const mjsSite* e, const mjsSite* ref, bool dflt);
void CameraAttrs(AttrWriter& w, const mjsCamera* e, const mjsCamera* ref, bool dflt);
void LightAttrs(AttrWriter& w, const mjsLight* e, const mjsLight* ref, bool dflt);
void MeshAttrs(AttrWriter& w, const mjsMesh* e, const mjsMesh* ref, bool dflt);
void MaterialAttrs(AttrWriter& w, const mjsMaterial* e, const mjsMaterial* ref);
void TextureAttrs(AttrWriter& w, const mjsTexture* e, const mjsTexture* ref);
void HFieldAttrs(AttrWriter& w, const mjsHField* e, const mjsHField* ref);
void SkinAttrs(AttrWriter& w, const mjsSkin* e, const mjsSkin* ref);
void FlexAttrs(XmlNode* node, const mjsFlex* e, const mjsFlex* ref);
void PairAttrs(AttrWriter& w, const mjsPair* e, const mjsPair* ref, bool dflt);
void EqualityAttrs(AttrWriter& w, const mjsEquality* e, const mjsEquality* ref, bool dflt);
void TendonAttrs(AttrWriter& w, const mjsTendon* e, const mjsTendon* ref, bool dflt, bool spatial);
// Actuators are written as <general> (which reproduces every field) except when they use
// inheritrange, which only <position> and <intvelocity> carry: those are written as that shortcut
// when replaying the shortcut on the class reproduces the actuator exactly.
enum class ActuatorKind { kGeneral, kPosition, kIntVelocity, kPlugin };
ActuatorKind ActuatorElementKind(const mjsActuator* e, const mjsActuator* ref);
void ActuatorAttrs(AttrWriter& w, const mjsActuator* e, const mjsActuator* ref, bool dflt,
                   ActuatorKind kind);
void SensorAttrs(AttrWriter& w, const mjsSensor* e);

// MJCF element name of an equality type ("connect", "weld", ...), NULL if it has none
const char* EqualityElementName(int type);

// MJCF element name of a sensor type ("touch", "framepos", ...), NULL if it has none
const char* SensorElementName(int type);

}  // namespace motus

#endif  // MOTUS_XML_XML_WRITER_H_
