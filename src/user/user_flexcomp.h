// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// <flexcomp> (XMLreference.rst, body/flexcomp): a macro that expands, at parse time, into one
// flex, the moving bodies that carry its vertices (or its interpolation nodes), and optionally
// one flex equality. The XML reader fills a Flexcomp and calls MakeFlexcomp.

#ifndef MOTUS_USER_USER_FLEXCOMP_H_
#define MOTUS_USER_USER_FLEXCOMP_H_

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_vfs.h"

namespace motus {

enum FlexcompType {
  kFcompGrid = 0,
  kFcompBox,
  kFcompCylinder,
  kFcompEllipsoid,
  kFcompDisc,
  kFcompCircle,
  kFcompMesh,
  kFcompGmsh,
  kFcompDirect
};

enum FlexcompDof {
  kFcompDofFull = 0,
  kFcompDofRadial,
  kFcompDofTrilinear,
  kFcompDofQuadratic,
  kFcompDof2D
};

// flexcomp/edge equality
enum FlexcompEquality { kFcompEqNone = 0, kFcompEqEdge, kFcompEqVert, kFcompEqStrain };

struct Flexcomp {
  std::string name;
  int type = kFcompGrid;
  int dof = kFcompDofFull;
  int count[3] = {10, 10, 10};
  double spacing[3] = {0.02, 0.02, 0.02};
  double scale[3] = {1, 1, 1};
  double origin[3] = {0, 0, 0};
  double mass = 1;
  double inertiabox = 0.005;
  bool rigid = false;
  double pos[3] = {0, 0, 0};
  double quat[4] = {1, 0, 0, 0};
  mjsOrientation alt{};
  std::string file;
  std::vector<double> point;
  std::vector<int> element;
  std::vector<float> texcoord;
  // texture coordinates from the grid indices of the generated points (a grid, box, cylinder or
  // ellipsoid with a material and no texcoord of its own)
  bool gridtex = false;
  // element ids into texcoord, when they differ from `element` (empty: the same)
  std::vector<int> elemtexcoord;
  std::vector<int> pinid, pinrange, pingrid, pingridrange;
  int equality = kFcompEqNone;
  double eq_solref[mjNREF] = {0.02, 1};
  double eq_solimp[mjNIMP] = {0.9, 0.95, 0.001, 0.5, 2};
  AssetContext assets;  // to resolve `file` (meshdir)
};

// Expands `fc` under `parent`: adds bodies (children of parent), fills `flex` (already added to
// the spec, with the pass-through attributes set) and adds the equality. Returns false and sets
// *error on invalid input.
bool MakeFlexcomp(mjSpec* spec, mjsBody* parent, Flexcomp& fc, mjsFlex* flex, const mjVFS* vfs,
                  std::string* error);

}  // namespace motus

#endif  // MOTUS_USER_USER_FLEXCOMP_H_
