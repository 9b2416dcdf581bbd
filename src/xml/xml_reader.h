// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF reader (XMLreference.rst): tinyxml2 document -> mjSpec, built only through the public
// mjs_ API. Public entry points are mj_parseXML, mj_parseXMLString and mj_loadXML
// (xml_reader.cc). This header is shared by the reader's files:
//   xml_reader.cc           driver: files, <include>, section order, errors
//   xml_reader_globals.cc   <compiler> <option> <size> <statistic> <visual>
//   xml_reader_defaults.cc  <default> classes
//   xml_reader_body.cc      <worldbody>: body, frame, inertial, joint, freejoint, geom, site,
//                           camera, light, replicate, attach
//   xml_reader_assets.cc    <asset> and <deformable>: mesh, hfield, skin, texture, material, model
//   xml_reader_actuator.cc  <actuator>: general and the shortcuts
//   xml_reader_elements.cc  <contact> <equality> <tendon> <sensor> <keyframe> <custom>
//   xml_reader_composite.cc <composite type="cable">
//   xml_replicate.cc        name bookkeeping of <replicate>
//   xml_attributes.cc       typed attribute parsing
//   xml_urdf.cc             URDF models (<robot> root)
//
// Errors are thrown as XmlError (message with file and line) and turned into the error buffer and
// a NULL result by the public functions; nothing is silently skipped: unknown elements and
// attributes, and the MJCF features that are not implemented yet (composite types other than
// cable, the skin of composite cables), are errors.

#ifndef MOTUS_XML_XML_READER_H_
#define MOTUS_XML_XML_READER_H_

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_attributes.h"
#include "xml/xml_replicate.h"

namespace motus {
namespace mjcf {

// a flex equality requested by a flexcomp, added after all sections
struct XmlPendingEquality {
  std::string flex;
  int type = mjEQ_FLEX;
  int cellcount[3] = {1, 1, 1};  // strain: one equality per cell of the flex
  double solref[mjNREF];
  double solimp[mjNIMP];
};

// state shared by all parsers of one model file
// Keyframes through <replicate> (XMLreference.rst, replicate; xml_replicate_keys.cc): MuJoCo
// 3.8 expands the model's keys at the first replicate it completes (the innermost of the first
// nest), against the joints that exist at that point: those parsed before it and its first
// replica. The reader records them, by replica.
struct XmlKeyReplicate {
  bool recorded = false;
  const XmlNode* node = nullptr;                   // the replicate element, for messages
  std::vector<const void*> layout;                 // joints then, in tree order (SpecElement*)
  std::vector<const void*> before;                 // those of them parsed before it
  std::vector<std::vector<const void*>> replicas;  // joints of each replica, in tree order
  std::vector<std::string> suffixes;               // name suffix of each replica
  int nmocap = 0;                                  // mocap bodies after its first replica
  std::vector<int> actuators;  // per actuator element: actuators made, negative when replicated
};

struct XmlContext {
  mjSpec* spec = nullptr;
  const mjVFS* vfs = nullptr;
  std::string modeldir;                  // directory of the main file ("" for strings)
  std::vector<std::string>* modelstack;  // files being parsed, to reject recursive <model>
  XmlReplicate rep;                      // <replicate> scopes and replicated names
  std::string variant;                   // replica suffix of the outside element being created
  std::vector<XmlPendingEquality> flexequality;  // from flexcomps
  XmlKeyReplicate keyrep;                        // keyframes through <replicate>
};

// position in the kinematic tree
struct XmlTreeScope {
  mjsBody* body = nullptr;
  mjsFrame* frame = nullptr;             // innermost enclosing frame, or NULL
  const mjsDefault* childdef = nullptr;  // class from the nearest childclass, or NULL (main)
  bool world = false;                    // body is the world body
};

// ---- entry (xml_reader.cc) ---------------------------------------------------------------------

// Parses an MJCF file (read through the VFS or from disk) into a new spec. Throws XmlError.
// `modelstack` lists the files already being parsed (for <model> assets).
mjSpec* ParseMjcfFile(const std::string& filename, const mjVFS* vfs,
                      std::vector<std::string>* modelstack);

// ---- sections ----------------------------------------------------------------------------------

// a URDF model: the <robot> root element and its children (xml_urdf.cc)
void ParseUrdfRoot(XmlContext& ctx, const XmlNode& root);

// ---- keyframes through replicate (xml_replicate_keys.cc) ---------------------------------------

// the joints of the spec now, in tree order (opaque SpecElement pointers)
std::vector<const void*> SpecJoints(const XmlContext& ctx);

// records replica `index` (with name suffix `suffix`) of the replicate `node`, parsed after the
// spec held the joints `seen`; returns whether this replicate is the one keys follow
bool RecordKeyReplica(XmlContext& ctx, const XmlNode& node, const std::vector<const void*>& seen,
                      int index, const std::string& suffix, bool mine);

// expands the keys of the <keyframe> section as MuJoCo 3.8 does for the recorded replicate
void ReplicateKeys(XmlContext& ctx);

// keys brought by an <attach> inside a replicate: kept once, for the first replica, without the
// replica suffix; `first` is the index of the first key the attach added
void FixAttachedKeys(XmlContext& ctx, size_t first, const std::string& suffix);
size_t KeyCount(const XmlContext& ctx);

void ParseCompiler(XmlContext& ctx, const XmlNode& node);  // xml_reader_globals.cc
void ParseOption(XmlContext& ctx, const XmlNode& node);
void ParseSize(XmlContext& ctx, const XmlNode& node);
void ParseStatistic(XmlContext& ctx, const XmlNode& node);
void ParseVisual(XmlContext& ctx, const XmlNode& node);
void ParseDefault(XmlContext& ctx, const XmlNode& node, mjsDefault* parent);  // defaults.cc
void ParseAsset(XmlContext& ctx, const XmlNode& node);                        // assets.cc
void ParseDeformable(XmlContext& ctx, const XmlNode& node);
void ParseFlex(XmlContext& ctx, const XmlNode& node);  // flex.cc
void ParseFlexcomp(XmlContext& ctx, const XmlNode& node, mjsBody* parent);
void AddFlexcompEqualities(XmlContext& ctx);
void ParseWorldbody(XmlContext& ctx, const XmlNode& node);        // body.cc
void ParseActuatorSection(XmlContext& ctx, const XmlNode& node);  // actuator.cc
void ParseContact(XmlContext& ctx, const XmlNode& node);          // elements.cc
void ParseEquality(XmlContext& ctx, const XmlNode& node);
void ParseTendon(XmlContext& ctx, const XmlNode& node);
void ParseSensor(XmlContext& ctx, const XmlNode& node);
void ParseKeyframe(XmlContext& ctx, const XmlNode& node);
void ParseCustom(XmlContext& ctx, const XmlNode& node);

// ---- element attributes shared by model elements and <default> classes
// --------------------------- `dflt` selects the default-class variant: name/class (and the
// attributes XMLreference.rst excludes from defaults) are not read, so they are reported as
// unknown.

void ReadJointAttrs(XmlAttrs& a, mjsJoint* j);
void ReadGeomAttrs(XmlAttrs& a, mjsGeom* g);
void ReadSiteAttrs(XmlAttrs& a, mjsSite* s);
void ReadCameraAttrs(XmlContext& ctx, XmlAttrs& a, mjsCamera* c, bool dflt);
void ReadLightAttrs(XmlContext& ctx, XmlAttrs& a, mjsLight* l, bool dflt);
void ReadMeshAttrs(XmlAttrs& a, mjsMesh* m);
void ReadMaterialAttrs(XmlAttrs& a, mjsMaterial* m);
void ReadMaterialLayers(const XmlNode& node, mjsMaterial* m, bool hastexture);
void ReadPairAttrs(XmlAttrs& a, mjsPair* p);
void ReadEqualityAttrs(XmlAttrs& a, mjsEquality* e);
void ReadTendonAttrs(XmlAttrs& a, mjsTendon* t, bool spatial);
// actuator element `kind` ("general", "motor", ..., "dcmotor") applied to `act`
void ReadActuator(XmlContext& ctx, const XmlNode& node, XmlAttrs& a, mjsActuator* act, bool dflt);
bool IsActuatorKind(const std::string& name);

// ---- helpers (xml_reader.cc)
// ---------------------------------------------------------------------

// frame orientation: at most one of quat, axisangle, xyaxes, zaxis, euler (modeling.rst,
// COrientation); quat goes to `quat`, the alternatives to `alt` (resolved by the compiler)
void ReadOrientation(XmlAttrs& a, double quat[4], mjsOrientation* alt);

// default class of a model element: its `class` attribute, else `inherited` (childclass), else
// the top-level class
const mjsDefault* ActiveDefault(XmlContext& ctx, XmlAttrs& a, const mjsDefault* inherited);

// looks up a class by name; error if unknown
const mjsDefault* FindClass(XmlContext& ctx, XmlAttrs& a, const std::string& name);

// reads `name` and sets it on the element, with the replicate suffix (tree elements) or the
// variant suffix (outside elements); returns false if there is no name
bool ReadName(XmlContext& ctx, XmlAttrs& a, mjsElement* element, bool tree);

// reads an attribute that names another element, applying the replicate variant; false if absent
bool ReadRef(XmlContext& ctx, XmlAttrs& a, const char* attr, std::string* out);

// user attribute: real(any) into an mjDoubleVec
void ReadUser(XmlAttrs& a, mjDoubleVec* dest);

// engine plugins (xml_reader_plugin.cc): <extension>; the plugin/instance attributes (and
// <config> children) of an element that refers to a plugin instance; a <plugin> child element
void ParseExtension(XmlContext& ctx, const XmlNode& node);
void ReadPluginRef(XmlContext& ctx, XmlAttrs& a, mjsPlugin* ref);
void ParsePluginChild(XmlContext& ctx, const XmlNode& node, mjsPlugin* ref);

// error if an mjs_ call returned NULL / failed, with the spec's error message
void CheckSpec(XmlContext& ctx, const XmlNode& node, const void* result, const char* what);

// errors for child elements
[[noreturn]] void UnknownElement(const XmlNode& child, const XmlNode& parent);
[[noreturn]] void Unsupported(const XmlNode& node);
void CheckLeaf(const XmlNode& node);  // error if the element has children
void CheckOnce(const XmlNode& child, int* count, const XmlNode& parent);  // |?| elements

}  // namespace mjcf
}  // namespace motus

#endif  // MOTUS_XML_XML_READER_H_
