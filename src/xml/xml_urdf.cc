// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// URDF models (modeling.rst, "URDF extensions"): a <robot> root read into an mjSpec, as MuJoCo's
// mj_loadXML does. The URDF elements map onto MJCF as follows (measured by saving URDF models
// loaded by MuJoCo 3.8.0 as MJCF):
//   * <link> -> body. A link that is the child of no joint is a child of the world (a link named
//     "world" is the world body itself). The children of a link are the child links of its
//     joints, in the order of the <joint> elements.
//   * <joint> origin (xyz, rpy: fixed-axis X, Y, Z rotations) -> the child body's pose; the joint
//     sits at the child body's origin. revolute/continuous -> hinge, prismatic -> slide,
//     floating -> free, spherical -> ball, planar -> two slides and a hinge named NAME_TX,
//     NAME_TY, NAME_RZ (axes: x, y and z turned so that z is the joint axis), fixed -> no joint.
//     axis (default 1 0 0) is normalized; limit lower/upper
//     -> range, effort (when positive) -> actuatorfrcrange [-effort, effort]; dynamics damping
//     and friction -> damping and frictionloss.
//   * <inertial> -> the body's inertial: origin xyz -> ipos, mass, the principal axes and moments
//     of the inertia tensor (taken in the body frame, as MuJoCo does) -> iquat, diaginertia.
//   * <visual> and <collision> -> geoms in document order, at their origin; box (size halved),
//     sphere, cylinder and capsule (radius, length/2), mesh (a mesh asset named after the file,
//     with its scale). Visual geoms have contype = conaffinity = 0, group 1 and density 0. A
//     visual's material color (inline, or a <material> of the robot by name) colors that geom and
//     the geoms of the link that follow it.
//   * <mujoco> holds <compiler>, <option> and <size> as in MJCF. The compiler defaults differ:
//     angles in radians, fusestatic and discardvisual on.
// Other URDF elements (transmission, gazebo, ...) are ignored, as in MuJoCo.

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_util_solve.h"
#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

// the text of attribute `name` of element `node`, or "" when absent
std::string Attr(const XmlNode& node, const char* name) {
  const char* v = node.elem->Attribute(name);
  return v ? v : "";
}

// numbers of an attribute (at most n; missing ones keep their value); an unreadable value is an
// error naming the attribute
void Numbers(const XmlNode& node, const char* name, double* out, int n) {
  const char* v = node.elem->Attribute(name);
  if (!v) {
    return;
  }
  std::vector<double> x;
  std::string bad;
  if (!XmlParseNumbers(v, &x, &bad)) {
    XmlFail(node, "bad format in attribute '" + std::string(name) + "' of URDF element '" +
                      node.Name() + "': '" + bad + "' is not a number");
  }
  for (int i = 0; i < n && i < static_cast<int>(x.size()); i++) {
    out[i] = x[i];
  }
}

const XmlNode* Child(const XmlNode& node, const char* name) {
  for (const XmlNode& c : node.children) {
    if (c.Name() == name) {
      return &c;
    }
  }
  return nullptr;
}

// URDF rpy: rotation about fixed X by roll, then fixed Y by pitch, then fixed Z by yaw
void RpyToQuat(const double rpy[3], double quat[4]) {
  double qx[4] = {std::cos(rpy[0] / 2), std::sin(rpy[0] / 2), 0, 0};
  double qy[4] = {std::cos(rpy[1] / 2), 0, std::sin(rpy[1] / 2), 0};
  double qz[4] = {std::cos(rpy[2] / 2), 0, 0, std::sin(rpy[2] / 2)};
  double qzy[4];
  mju_mulQuat(qzy, qz, qy);
  mju_mulQuat(quat, qzy, qx);
}

// <origin xyz rpy> of an element (identity when absent)
void Origin(const XmlNode& node, double pos[3], double quat[4]) {
  double rpy[3] = {0, 0, 0};
  pos[0] = pos[1] = pos[2] = 0;
  if (const XmlNode* o = Child(node, "origin")) {
    Numbers(*o, "xyz", pos, 3);
    Numbers(*o, "rpy", rpy, 3);
  }
  RpyToQuat(rpy, quat);
}

struct UrdfJoint {
  const XmlNode* node;
  std::string name, type, parent, child;
};

struct UrdfReader {
  XmlContext& ctx;
  std::map<std::string, const XmlNode*> links;
  std::vector<UrdfJoint> joints;
  std::map<std::string, std::vector<double>> materials;  // robot-level colors
  std::map<std::string, std::string> meshes;             // file + scale -> mesh name

  void Fail(const XmlNode& node, const std::string& msg) { XmlFail(node, msg); }

  // color of a <material> element: its <color rgba>, else the robot material of that name
  bool MaterialColor(const XmlNode& mat, double rgba[4]) {
    if (const XmlNode* c = Child(mat, "color")) {
      Numbers(*c, "rgba", rgba, 4);
      return true;
    }
    auto it = materials.find(Attr(mat, "name"));
    if (it != materials.end()) {
      for (int i = 0; i < 4; i++) {
        rgba[i] = it->second[i];
      }
      return true;
    }
    return false;
  }

  std::string MeshName(const XmlNode& node, const std::string& file, const double scale[3]) {
    std::string key = file + "|" + std::to_string(scale[0]) + " " + std::to_string(scale[1]) + " " +
                      std::to_string(scale[2]);
    auto it = meshes.find(key);
    if (it != meshes.end()) {
      return it->second;
    }
    std::string stem = file.substr(file.find_last_of("/\\") + 1);
    stem = stem.substr(0, stem.find_last_of('.'));
    std::string name = stem;
    for (int k = 1; mjs_findElement(ctx.spec, mjOBJ_MESH, name.c_str()); k++) {
      name = stem + "_" + std::to_string(k);
    }
    mjsMesh* mesh = mjs_addMesh(ctx.spec, nullptr);
    if (!mesh) {
      Fail(node, "could not create the mesh of file '" + file + "'");
    }
    mjs_setName(mesh->element, name.c_str());
    mjs_setString(mesh->file, file.c_str());
    for (int i = 0; i < 3; i++) {
      mesh->scale[i] = scale[i];
    }
    meshes[key] = name;
    return name;
  }

  // a <visual> or <collision> element as a geom of body b
  void Geom(const XmlNode& node, mjsBody* b, bool visual, double rgba[4], bool* colored) {
    const XmlNode* geometry = Child(node, "geometry");
    if (!geometry || geometry->children.empty()) {
      Fail(node, "URDF " + node.Name() + " without geometry");
    }
    if (visual) {
      if (const XmlNode* mat = Child(node, "material")) {
        *colored = MaterialColor(*mat, rgba) || *colored;
      }
    }
    mjsGeom* g = mjs_addGeom(b, nullptr);
    std::string name = Attr(node, "name");
    if (!name.empty() && !mjs_findElement(ctx.spec, mjOBJ_GEOM, name.c_str())) {
      mjs_setName(g->element, name.c_str());
    }
    double quat[4];
    Origin(node, g->pos, quat);
    for (int i = 0; i < 4; i++) {
      g->quat[i] = quat[i];
    }
    const XmlNode& shape = geometry->children[0];
    std::string type = shape.Name();
    if (type == "box") {
      double size[3] = {0, 0, 0};
      Numbers(shape, "size", size, 3);
      g->type = mjGEOM_BOX;
      for (int i = 0; i < 3; i++) {
        g->size[i] = size[i] / 2;
      }
    } else if (type == "sphere") {
      g->type = mjGEOM_SPHERE;
      Numbers(shape, "radius", g->size, 1);
    } else if (type == "cylinder" || type == "capsule") {
      g->type = type == "cylinder" ? mjGEOM_CYLINDER : mjGEOM_CAPSULE;
      double length = 0;
      Numbers(shape, "radius", g->size, 1);
      Numbers(shape, "length", &length, 1);
      g->size[1] = length / 2;
    } else if (type == "mesh") {
      std::string file = Attr(shape, "filename");
      if (file.empty()) {
        Fail(shape, "URDF mesh without filename");
      }
      double scale[3] = {1, 1, 1};
      Numbers(shape, "scale", scale, 3);
      g->type = mjGEOM_MESH;
      mjs_setString(g->meshname, MeshName(shape, file, scale).c_str());
    } else {
      Fail(shape, "unsupported URDF geometry '" + type + "'");
    }
    if (visual) {
      g->contype = 0;
      g->conaffinity = 0;
      g->group = 1;
      g->density = 0;
    }
    if (*colored) {
      for (int i = 0; i < 4; i++) {
        g->rgba[i] = static_cast<float>(rgba[i]);
      }
    }
  }

  // the principal axes of the inertia tensor (mju_eig3) give iquat, its eigenvalues the diagonal
  // inertia. As in MuJoCo 3.8.0, the tensor is taken in the body frame: the rpy of the
  // inertial's origin orients the inertial only when no tensor is given
  void Inertial(const XmlNode& node, mjsBody* b) {
    b->explicitinertial = 1;
    double quat[4];
    Origin(node, b->ipos, quat);
    for (int i = 0; i < 4; i++) {
      b->iquat[i] = quat[i];
    }
    if (const XmlNode* m = Child(node, "mass")) {
      Numbers(*m, "value", &b->mass, 1);
    }
    if (const XmlNode* in = Child(node, "inertia")) {
      const char* names[6] = {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"};
      double v[6] = {0, 0, 0, 0, 0, 0};
      for (int i = 0; i < 6; i++) {
        Numbers(*in, names[i], v + i, 1);
      }
      double inertia[9] = {v[0], v[3], v[4], v[3], v[1], v[5], v[4], v[5], v[2]};
      double eigvec[9];
      mju_eig3Sorted(b->inertia, eigvec, b->iquat, inertia, 0);
    }
  }

  mjsJoint* AddJoint(mjsBody* b, const std::string& name, int type, const double axis[3]) {
    mjsJoint* j = mjs_addJoint(b, nullptr);
    mjs_setName(j->element, name.c_str());
    j->type = static_cast<mjtJoint>(type);
    for (int i = 0; i < 3; i++) {
      j->axis[i] = axis[i];
    }
    return j;
  }

  // the joint of a child link's body
  void Joint(const UrdfJoint& uj, mjsBody* b) {
    const XmlNode& node = *uj.node;
    double axis[3] = {1, 0, 0};
    if (const XmlNode* a = Child(node, "axis")) {
      Numbers(*a, "xyz", axis, 3);
    }
    if (mju_normalize3(axis) < mjMINVAL) {
      Fail(node, "URDF joint '" + uj.name + "' has a zero axis");
    }
    std::vector<mjsJoint*> made;
    if (uj.type == "revolute" || uj.type == "continuous") {
      made.push_back(AddJoint(b, uj.name, mjJNT_HINGE, axis));
    } else if (uj.type == "prismatic") {
      made.push_back(AddJoint(b, uj.name, mjJNT_SLIDE, axis));
    } else if (uj.type == "floating") {
      made.push_back(AddJoint(b, uj.name, mjJNT_FREE, axis));
    } else if (uj.type == "spherical") {
      made.push_back(AddJoint(b, uj.name, mjJNT_BALL, axis));
    } else if (uj.type == "planar") {
      // two translations in the plane normal to the axis, and the rotation about it: the x and
      // y axes turned by the shortest rotation that takes z to the axis
      double q[4], ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0}, tx[3], ty[3];
      mju_quatZ2Vec(q, axis);
      mju_rotVecQuat(tx, ex, q);
      mju_rotVecQuat(ty, ey, q);
      made.push_back(AddJoint(b, uj.name + "_TX", mjJNT_SLIDE, tx));
      made.push_back(AddJoint(b, uj.name + "_TY", mjJNT_SLIDE, ty));
      made.push_back(AddJoint(b, uj.name + "_RZ", mjJNT_HINGE, axis));
    } else if (uj.type != "fixed") {
      Fail(node, "invalid joint type in URDF joint definition: '" + uj.type + "'");
    }
    if (made.empty() || uj.type == "planar" || uj.type == "floating") {
      return;
    }
    mjsJoint* j = made[0];
    if (const XmlNode* lim = Child(node, "limit")) {
      if (uj.type != "continuous" && uj.type != "spherical") {
        Numbers(*lim, "lower", j->range, 1);
        Numbers(*lim, "upper", j->range + 1, 1);
      }
      double effort = 0;
      Numbers(*lim, "effort", &effort, 1);
      if (effort > 0) {
        j->actfrcrange[0] = -effort;
        j->actfrcrange[1] = effort;
      }
    }
    if (const XmlNode* dyn = Child(node, "dynamics")) {
      Numbers(*dyn, "damping", j->damping, 1);
      Numbers(*dyn, "friction", &j->frictionloss, 1);
    }
  }

  void Link(const XmlNode& link, mjsBody* b) {
    double rgba[4] = {0.5, 0.5, 0.5, 1};
    bool colored = false;
    for (const XmlNode& c : link.children) {
      std::string n = c.Name();
      if (n == "inertial") {
        Inertial(c, b);
      } else if (n == "visual" || n == "collision") {
        Geom(c, b, n == "visual", rgba, &colored);
      }
    }
  }

  // body of `name` (created under `parent` unless it is the world) and its subtree
  void Build(const std::string& name, mjsBody* parent, const UrdfJoint* via, int depth) {
    if (depth > 2000) {
      Fail(*links[name], "URDF kinematic tree deeper than 2000 links");
    }
    mjsBody* b;
    if (!parent && name == "world") {
      b = mjs_findBody(ctx.spec, "world");
    } else {
      b = mjs_addBody(parent ? parent : mjs_findBody(ctx.spec, "world"), nullptr);
      mjs_setName(b->element, name.c_str());
      if (via) {
        double quat[4];
        Origin(*via->node, b->pos, quat);
        for (int i = 0; i < 4; i++) {
          b->quat[i] = quat[i];
        }
        Joint(*via, b);
      }
    }
    Link(*links[name], b);
    for (const UrdfJoint& j : joints) {
      if (j.parent == name) {
        Build(j.child, b, &j, depth + 1);
      }
    }
  }

  void Read(const XmlNode& root) {
    mjSpec* s = ctx.spec;
    s->compiler.degree = 0;
    s->compiler.fusestatic = 1;
    s->compiler.discardvisual = 1;
    mjs_setString(s->modelname, Attr(root, "name").c_str());

    for (const XmlNode& c : root.children) {
      std::string n = c.Name();
      if (n == "mujoco") {
        for (const XmlNode& e : c.children) {
          std::string en = e.Name();
          if (en == "compiler") {
            ParseCompiler(ctx, e);
          } else if (en == "option") {
            ParseOption(ctx, e);
          } else if (en == "size") {
            ParseSize(ctx, e);
          } else {
            Fail(e, "element <" + en + "> is not supported in the <mujoco> extension of URDF");
          }
        }
      } else if (n == "material") {
        std::vector<double> rgba = {0.5, 0.5, 0.5, 1};
        if (const XmlNode* col = Child(c, "color")) {
          Numbers(*col, "rgba", rgba.data(), 4);
        }
        materials[Attr(c, "name")] = rgba;
      } else if (n == "link") {
        std::string name = Attr(c, "name");
        if (name.empty() || links.count(name)) {
          Fail(c, name.empty() ? "URDF link without name" : "repeated URDF link '" + name + "'");
        }
        links[name] = &c;
      } else if (n == "joint") {
        UrdfJoint j;
        j.node = &c;
        j.name = Attr(c, "name");
        j.type = Attr(c, "type");
        const XmlNode* p = Child(c, "parent");
        const XmlNode* ch = Child(c, "child");
        if (!p || !ch) {
          Fail(c, "URDF joint parent or child missing: joint '" + j.name + "'");
        }
        j.parent = Attr(*p, "link");
        j.child = Attr(*ch, "link");
        joints.push_back(j);
      }
    }

    // every joint connects known links, and every link has at most one parent
    std::map<std::string, int> parents;
    for (const UrdfJoint& j : joints) {
      for (const std::string* l : {&j.parent, &j.child}) {
        if (!links.count(*l)) {
          Fail(*j.node, "URDF joint parent or child missing: joint '" + j.name +
                            "' names unknown link '" + *l + "'");
        }
      }
      if (++parents[j.child] > 1) {
        Fail(*j.node, "URDF link '" + j.child + "' is the child of more than one joint");
      }
    }
    // roots in document order; a link on a cycle is never reached and is an error
    for (const XmlNode& c : root.children) {
      if (c.Name() == "link" && !parents.count(Attr(c, "name"))) {
        Build(Attr(c, "name"), nullptr, nullptr, 0);
      }
    }
    for (const auto& [name, node] : links) {
      bool reached = false;
      std::string l = name;
      for (size_t k = 0; k <= links.size(); k++) {
        if (!parents.count(l)) {
          reached = true;
          break;
        }
        for (const UrdfJoint& j : joints) {
          if (j.child == l) {
            l = j.parent;
            break;
          }
        }
      }
      if (!reached) {
        Fail(*node, "URDF link '" + name + "' is on a cycle of joints");
      }
    }
  }
};

}  // namespace

void ParseUrdfRoot(XmlContext& ctx, const XmlNode& root) {
  UrdfReader reader{ctx, {}, {}, {}, {}};
  reader.Read(root);
}

}  // namespace mjcf
}  // namespace motus
