// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The model specification layer: C++ objects that own every mjs* struct of include/mujoco/mjspec.h.
//
// ============================================================================================
// README-internal: how a spec is stored (read this before extending the compiler)
// ============================================================================================
//
// Ownership
//   * mj_makeSpec() creates one motus::SpecModel. The public mjSpec* is &model->s, and
//     s.element points back at the SpecModel (elemtype mjOBJ_MODEL). ToModel(mjSpec*) recovers it.
//   * Every element is a C++ object derived from SpecElement, which derives from mjsElement. The
//     public struct (mjsBody, mjsGeom, ...) is the member `s` of that object, and s.element points
//     at the object itself, so Owner<SpecGeom>(mjsGeom*) == static_cast<SpecGeom*>(geom->element).
//     Given any mjsElement*, its elemtype says which class it is (mjOBJ_BODY -> SpecBody, ...,
//     mjOBJ_FRAME -> SpecFrame, mjOBJ_DEFAULT -> SpecDefault, mjOBJ_MODEL -> SpecModel; tendon
//     wraps have elemtype mjOBJ_UNKNOWN and are SpecWrap, see IsWrap()).
//   * Strings and vectors referenced by the public struct (mjString* name fields, mjDoubleVec*
//     userdata, ...) live in the member `own` of the same object; Bind() points the public
//     pointers at them. CopyAttributes(other) copies `s` and `own` and re-binds: this is how
//     default classes initialize new elements and how deep copies are made.
//   * The element name lives in SpecElement::name (mjs_getName returns a pointer to it).
//
// Order (this is the order the compiler assigns ids in, and the order mjs_firstElement /
// mjs_nextElement iterate in)
//   * Kinematic tree: model->world is the world body. Each SpecBody owns, in creation order, its
//     child bodies, joints, geoms, sites, cameras, lights and frames (one vector per kind).
//     Bodies are numbered depth-first (pre-order) with children in creation order; joints, geoms,
//     sites, cameras and lights are numbered body by body in that body order, and within a body in
//     creation order. Frames do not change the order: an element inside a frame is still stored in
//     its body's vector, and its `frame` pointer names the innermost enclosing frame (frames nest
//     via SpecFrame::frame). TreeOrder(model, type) returns that order.
//   * Non-tree elements and assets: one vector per kind in SpecModel (actuators, sensors, tendons,
//     equalities, pairs, excludes, flexes, meshes, skins, hfields, textures, materials, numerics,
//     texts, tuples, keys, plugins), each in creation order = compiled id order.
//   * Defaults: model->defaults[0] is the top-level class "main"; further classes follow in
//     creation order; SpecDefault::parent / children give the class tree. Each class owns one
//     dummy element per kind (joint, geom, ..., actuator); these dummies are NOT in any list.
//
// Other per-element state (SpecElement)
//   * model: the owning SpecModel.  parent: body holding a tree element (nullptr otherwise).
//   * frame: innermost enclosing frame or nullptr.  def: default class used to create the element
//     (or set by mjs_setDefault).  compiler: compiler options of the spec the element came from
//     (the model's own, or a copy held by the model after mjs_attach); angle units, euler sequence
//     and autolimits must be taken from here, not from the parent spec.
//   * id: index in the compiled mjModel, -1 before the first successful compile.
//
// Errors: API misuse sets model->error (mjs_getError) and returns NULL / nonzero. The compiler
// reports through the same string.
//
// Extending the compiler: see user_compile.h (CompileContext and the per-kind hooks).
// ============================================================================================

#ifndef MOTUS_USER_USER_SPEC_H_
#define MOTUS_USER_USER_SPEC_H_

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mjmodel.h>
#include <mujoco/mjspec.h>

namespace motus {

struct SpecModel;
struct SpecBody;
struct SpecFrame;
struct SpecDefault;

// user payload attached with mjs_setUserValue
struct UserPayload {
  const void* data = nullptr;
  void (*cleanup)(const void*) = nullptr;
};

// base of every spec element
struct SpecElement : mjsElement {
  SpecModel* model = nullptr;       // owning spec
  std::string name;                 // element name ("" when unnamed)
  SpecBody* parent = nullptr;       // body holding a tree element
  SpecFrame* frame = nullptr;       // innermost enclosing frame
  SpecDefault* def = nullptr;       // default class
  mjsCompiler* compiler = nullptr;  // compiler options of the origin spec
  int id = -1;                      // compiled id (-1 before compile)
  int iter = -1;                    // position in the iteration cache
  std::map<std::string, UserPayload> user;

  SpecElement(SpecModel* m, mjtObj type);
  SpecElement(const SpecElement&) = delete;
  SpecElement& operator=(const SpecElement&) = delete;
  virtual ~SpecElement();
};

// strings of an mjsPlugin (embedded in body, geom, mesh, actuator, sensor, or a SpecPlugin).
// The embedded mjsPlugin::element is a reference to a plugin instance (NULL when none).
struct PluginOwn {
  std::string name, plugin_name, info;
};
void BindPlugin(mjsPlugin* p, PluginOwn* own);

// ------------------------------------ tree elements -------------------------------------------

struct SpecJoint : SpecElement {
  mjsJoint s;
  struct Own {
    std::vector<double> userdata;
    std::string info;
  } own;
  explicit SpecJoint(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecJoint& o);
};

struct SpecGeom : SpecElement {
  mjsGeom s;
  struct Own {
    std::string material, hfieldname, meshname, info;
    std::vector<double> userdata;
    PluginOwn plugin;
  } own;
  explicit SpecGeom(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecGeom& o);
};

struct SpecSite : SpecElement {
  mjsSite s;
  struct Own {
    std::string material, info;
    std::vector<double> userdata;
  } own;
  explicit SpecSite(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecSite& o);
};

struct SpecCamera : SpecElement {
  mjsCamera s;
  struct Own {
    std::string targetbody, info;
    std::vector<double> userdata;
  } own;
  explicit SpecCamera(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecCamera& o);
};

struct SpecLight : SpecElement {
  mjsLight s;
  struct Own {
    std::string targetbody, texture, info;
  } own;
  explicit SpecLight(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecLight& o);
};

struct SpecFrame : SpecElement {
  mjsFrame s;
  struct Own {
    std::string childclass, info;
  } own;
  explicit SpecFrame(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecFrame& o);
};

struct SpecBody : SpecElement {
  mjsBody s;
  struct Own {
    std::string childclass, info;
    std::vector<double> userdata;
    PluginOwn plugin;
  } own;

  // children, each in creation order
  std::vector<std::unique_ptr<SpecBody>> bodies;
  std::vector<std::unique_ptr<SpecJoint>> joints;
  std::vector<std::unique_ptr<SpecGeom>> geoms;
  std::vector<std::unique_ptr<SpecSite>> sites;
  std::vector<std::unique_ptr<SpecCamera>> cameras;
  std::vector<std::unique_ptr<SpecLight>> lights;
  std::vector<std::unique_ptr<SpecFrame>> frames;

  explicit SpecBody(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecBody& o);
};

// ------------------------------------ non-tree elements ---------------------------------------

struct SpecFlex : SpecElement {
  mjsFlex s;
  struct Own {
    std::string material, info;
    std::vector<std::string> nodebody, vertbody;
    std::vector<double> node, vert;
    std::vector<int> elem, elemtexcoord;
    std::vector<float> texcoord;
  } own;
  explicit SpecFlex(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecFlex& o);
};

struct SpecMesh : SpecElement {
  mjsMesh s;
  struct Own {
    std::string content_type, file, material, info;
    std::vector<float> uservert, usernormal, usertexcoord;
    std::vector<int> userface, userfacenormal, userfacetexcoord;
    PluginOwn plugin;
  } own;
  explicit SpecMesh(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecMesh& o);
};

struct SpecHField : SpecElement {
  mjsHField s;
  struct Own {
    std::string content_type, file, info;
    std::vector<float> userdata;
  } own;
  explicit SpecHField(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecHField& o);
};

struct SpecSkin : SpecElement {
  mjsSkin s;
  struct Own {
    std::string file, material, info;
    std::vector<float> vert, texcoord, bindpos, bindquat;
    std::vector<int> face;
    std::vector<std::string> bodyname;
    std::vector<std::vector<int>> vertid;
    std::vector<std::vector<float>> vertweight;
  } own;
  explicit SpecSkin(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecSkin& o);
};

struct SpecTexture : SpecElement {
  mjsTexture s;
  struct Own {
    std::string content_type, file, info;
    std::vector<std::string> cubefiles;
    std::vector<std::byte> data;
  } own;
  explicit SpecTexture(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecTexture& o);
};

struct SpecMaterial : SpecElement {
  mjsMaterial s;
  struct Own {
    std::vector<std::string> textures;
    std::string info;
  } own;
  explicit SpecMaterial(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecMaterial& o);
};

struct SpecPair : SpecElement {
  mjsPair s;
  struct Own {
    std::string geomname1, geomname2, info;
  } own;
  explicit SpecPair(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecPair& o);
};

struct SpecExclude : SpecElement {
  mjsExclude s;
  struct Own {
    std::string bodyname1, bodyname2, info;
  } own;
  explicit SpecExclude(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecExclude& o);
};

struct SpecEquality : SpecElement {
  mjsEquality s;
  struct Own {
    std::string name1, name2, info;
  } own;
  explicit SpecEquality(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecEquality& o);
};

// one entry of a tendon path. type: mjWRAP_SITE, mjWRAP_JOINT, mjWRAP_PULLEY, or mjWRAP_SPHERE
// for any geom (the compiler decides between sphere and cylinder from the geom type).
struct SpecWrap : SpecElement {
  mjsWrap s;
  struct Own {
    std::string target;    // site, geom or joint name
    std::string sidesite;  // geom wraps only
    double prm = 0;        // joint coef or pulley divisor
    std::string info;
  } own;
  struct SpecTendon* tendon = nullptr;
  explicit SpecWrap(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecWrap& o);
};

struct SpecTendon : SpecElement {
  mjsTendon s;
  struct Own {
    std::string material, info;
    std::vector<double> userdata;
  } own;
  std::vector<std::unique_ptr<SpecWrap>> wraps;  // path, in order
  explicit SpecTendon(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecTendon& o);  // attributes only, not the path
};

struct SpecActuator : SpecElement {
  mjsActuator s;
  struct Own {
    std::string target, refsite, slidersite, info;
    std::vector<double> userdata;
    PluginOwn plugin;
  } own;
  explicit SpecActuator(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecActuator& o);
};

struct SpecSensor : SpecElement {
  mjsSensor s;
  struct Own {
    std::string objname, refname, info;
    std::vector<double> userdata;
    PluginOwn plugin;
  } own;
  explicit SpecSensor(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecSensor& o);
};

struct SpecNumeric : SpecElement {
  mjsNumeric s;
  struct Own {
    std::vector<double> data;
    std::string info;
  } own;
  explicit SpecNumeric(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecNumeric& o);
};

struct SpecText : SpecElement {
  mjsText s;
  struct Own {
    std::string data, info;
  } own;
  explicit SpecText(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecText& o);
};

struct SpecTuple : SpecElement {
  mjsTuple s;
  struct Own {
    std::vector<int> objtype;
    std::vector<std::string> objname;
    std::vector<double> objprm;
    std::string info;
  } own;
  explicit SpecTuple(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecTuple& o);
};

struct SpecKey : SpecElement {
  mjsKey s;
  // A key brought by mjs_attach keeps its values per element name (its own vectors stay empty):
  // joint name -> qpos / qvel values of that joint, actuator name -> act / ctrl values, mocap
  // body name -> mpos / mquat. The compiler places them; everything else takes its default.
  using Part = std::vector<std::pair<std::string, std::vector<double>>>;
  struct Own {
    std::vector<double> qpos, qvel, act, mpos, mquat, ctrl;
    std::string info;
    bool attached = false;
    Part part_qpos, part_qvel, part_act, part_ctrl, part_mpos, part_mquat;
    // the same for unnamed joints and actuators, by element (placed only while the element is
    // in the model)
    using ElementPart = std::vector<std::pair<const SpecElement*, std::vector<double>>>;
    ElementPart joint_qpos, joint_qvel, actuator_act, actuator_ctrl;
  } own;
  explicit SpecKey(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecKey& o);
};

// a plugin instance: own.plugin_name names the registered plugin, config holds the values of
// its <config key value> attributes (mjs_setPluginAttributes)
struct SpecPlugin : SpecElement {
  mjsPlugin s;
  PluginOwn own;
  std::map<std::string, std::string, std::less<>> config;
  explicit SpecPlugin(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecPlugin& o);
};

// ------------------------------------ defaults ------------------------------------------------

// a default class: one dummy element of each kind; name = class name
struct SpecDefault : SpecElement {
  mjsDefault s;
  SpecDefault* parentdef = nullptr;
  std::vector<SpecDefault*> children;
  std::unique_ptr<SpecJoint> joint;
  std::unique_ptr<SpecGeom> geom;
  std::unique_ptr<SpecSite> site;
  std::unique_ptr<SpecCamera> camera;
  std::unique_ptr<SpecLight> light;
  std::unique_ptr<SpecFlex> flex;
  std::unique_ptr<SpecMesh> mesh;
  std::unique_ptr<SpecMaterial> material;
  std::unique_ptr<SpecPair> pair;
  std::unique_ptr<SpecEquality> equality;
  std::unique_ptr<SpecTendon> tendon;
  std::unique_ptr<SpecActuator> actuator;
  explicit SpecDefault(SpecModel* m);
  void Bind();
  void CopyAttributes(const SpecDefault& o);  // copies all dummy elements
};

// ------------------------------------ the spec ------------------------------------------------

// compiler options and their strings (the model's own, or one brought in by mjs_attach)
struct CompilerOwn {
  mjsCompiler c;
  std::string meshdir, texturedir;
  void Bind() {
    c.meshdir = &meshdir;
    c.texturedir = &texturedir;
  }
};

struct SpecModel : SpecElement {
  mjSpec s;
  struct Own {
    std::string modelname, comment, modelfiledir, meshdir, texturedir;
  } own;
  std::vector<std::string> active_plugins;  // mjs_activatePlugin, in activation order

  std::unique_ptr<SpecBody> world;
  std::vector<std::unique_ptr<SpecDefault>> defaults;  // [0] is the top-level class
  std::vector<std::unique_ptr<SpecActuator>> actuators;
  std::vector<std::unique_ptr<SpecSensor>> sensors;
  std::vector<std::unique_ptr<SpecTendon>> tendons;
  std::vector<std::unique_ptr<SpecEquality>> equalities;
  std::vector<std::unique_ptr<SpecPair>> pairs;
  std::vector<std::unique_ptr<SpecExclude>> excludes;
  std::vector<std::unique_ptr<SpecFlex>> flexes;
  std::vector<std::unique_ptr<SpecMesh>> meshes;
  std::vector<std::unique_ptr<SpecSkin>> skins;
  std::vector<std::unique_ptr<SpecHField>> hfields;
  std::vector<std::unique_ptr<SpecTexture>> textures;
  std::vector<std::unique_ptr<SpecMaterial>> materials;
  std::vector<std::unique_ptr<SpecNumeric>> numerics;
  std::vector<std::unique_ptr<SpecText>> texts;
  std::vector<std::unique_ptr<SpecTuple>> tuples;
  std::vector<std::unique_ptr<SpecKey>> keys;
  std::vector<std::unique_ptr<SpecPlugin>> plugins;

  // compiler options of attached specs (elements point at these through SpecElement::compiler)
  std::vector<std::unique_ptr<CompilerOwn>> foreign_compilers;

  // model assets: specs that <attach> can take subtrees from (owned, see AddChildSpec)
  std::vector<mjSpec*> child_specs;

  std::string error;
  bool warning = false;

  // iteration cache for mjs_firstElement/mjs_nextElement (rebuilt lazily after any change)
  bool cache_valid = false;
  std::map<int, std::vector<SpecElement*>> cache;

  SpecModel();
  ~SpecModel() override;
  void Bind();

  void SetError(const std::string& msg) {
    error = msg;
    warning = false;
  }
  void ClearError() {
    error.clear();
    warning = false;
  }
  void Invalidate() { cache_valid = false; }
};

// ------------------------------------ helpers for the reader and the compiler -----------------

inline SpecModel* ToModel(const mjSpec* s) {
  return s ? static_cast<SpecModel*>(s->element) : nullptr;
}
template <class T, class P>
inline T* Owner(const P* p) {
  return p ? static_cast<T*>(p->element) : nullptr;
}
inline SpecElement* ToElement(const mjsElement* e) {
  return const_cast<SpecElement*>(static_cast<const SpecElement*>(e));
}
inline bool IsWrap(const mjsElement* e) {
  return e && e->elemtype == mjOBJ_UNKNOWN;
}

// all elements of one type in compile order (tree types depth-first; mjOBJ_BODY includes world)
std::vector<SpecElement*> TreeOrder(SpecModel* model, mjtObj type);

// all bodies, depth-first pre-order, world first
std::vector<SpecBody*> BodyOrder(SpecModel* model);

// find an element by type and name; nullptr if absent (mjOBJ_BODY "world" finds the world)
SpecElement* FindByName(SpecModel* model, mjtObj type, const std::string& name);

// the default class used when an element is created with def == NULL
SpecDefault* MainDefault(SpecModel* model);

// take ownership of a parsed spec usable by mjs_findSpec / <attach model=...>; it is deleted
// with the parent. Its name is the child's modelname.
void AddChildSpec(mjSpec* parent, mjSpec* child);

// deep copy of a whole spec
SpecModel* CopyModel(const SpecModel* src);

// unsupported features are reported with messages ending in this text
inline constexpr const char* kNotSupported = "not supported yet";

}  // namespace motus

#endif  // MOTUS_USER_USER_SPEC_H_
