// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of the non-tree elements of an mjSpec (tendons, actuators, sensors, equality
// constraints, contact pairs and excludes) into mjModel.
//
// Each kind is one CompileKind of the compiler core (user_compile.h: kCompileContacts,
// kCompileEqualities, kCompileTendons, kCompileActuators, kCompileSensors, defined at the end of
// user_compile_<kind>.cc) and runs in three phases:
//   1. Size*(): validate the elements, resolve every name, and write the size fields of the kind
//      (ntendon, nwrap, nJten, nuser_tendon; nu, na, nJmom, nuser_actuator; nsensor, nsensordata,
//      nuser_sensor; neq; npair, nexclude; nhistory) into the core's sizes. Needs the compiled
//      kinematic tree (NonTreeTree) but no allocated arrays.
//   2. Fill*(): write the arrays of the kind into the allocated model, whose tree arrays (body_*,
//      jnt_*, geom_*, site_*, cam_*, qpos0) are filled.
//   3. Finalize*(): after mj_setConst, what needs quantities at qpos0.
// Errors name the element and the offending name; the phase returns false.
//
// Left to the engine (mj_setConst, src/engine/engine_setconst.h): tendon_length0,
// tendon_invweight0, actuator_length0, actuator_acc0, and the qpos0 parts of body-based
// connect/weld eq_data; muscle lengthrange: mj_setLengthRange. springlength (-1, -1) means the
// tendon length at qpos_spring: fixed tendons are resolved in Fill (sum coef * qpos_spring),
// spatial tendons in FinalizeTendons.

#ifndef MOTUS_USER_USER_COMPILE_NONTREE_H_
#define MOTUS_USER_USER_COMPILE_NONTREE_H_

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"

namespace motus {

// The part of the compiled kinematic tree the non-tree compiler needs (ids are compiled ids):
// built from the compiler core's context before allocation (NonTreeFromCompile), and from the
// model's tree arrays after it (NonTreeTreeFromModel).
struct NonTreeTree {
  int nv = 0;
  int nq = 0;
  std::vector<int> body_parentid, body_dofnum, body_dofadr;        // nbody
  std::vector<int> jnt_type, jnt_bodyid, jnt_dofadr, jnt_qposadr;  // njnt
  std::vector<int> geom_bodyid, geom_type;                         // ngeom
  std::vector<int> site_bodyid;                                    // nsite
  std::vector<int> cam_resolution;                                 // 2*ncam
  std::vector<int> mesh_nvert;                                     // nmesh (compiled)
};

struct CompileContext;

// state of one phase of one kind
struct NonTreeContext {
  SpecModel* spec = nullptr;
  const CompileContext* core = nullptr;  // name -> id maps
  NonTreeTree tree;
  std::string error;
  const SpecElement* bad = nullptr;  // element named by the error, if any

  // element order of the sorted kinds: pair k of the model is spec->pairs[pair_order[k]]
  std::vector<int> pair_order, exclude_order;

  // compiled id of the element of a type with this name; -1 if absent or if name is empty
  // (mjOBJ_XBODY names bodies)
  int Find(mjtObj type, const std::string& name) const;
};

// names and tree from the compiler core's context (user_compile.h), before allocation
void NonTreeFromCompile(NonTreeContext* ctx, CompileContext* core);

// replaces ctx->tree by the tree of a model whose tree arrays are filled
void NonTreeTreeFromModel(NonTreeContext* ctx, const mjModel* m);

// reports ctx->error through the core (CompileContext::Error) and returns false
bool NonTreeFail(const NonTreeContext& ctx, CompileContext* core);

// phase 1 (sizes): each writes its size fields of `sizes`; nhistory is accumulated (actuators,
// then sensors)
bool SizeTendons(NonTreeContext* ctx, mjModel* sizes);
bool SizeActuators(NonTreeContext* ctx, mjModel* sizes);
bool SizeSensors(NonTreeContext* ctx, mjModel* sizes);
bool SizeEqualities(NonTreeContext* ctx, mjModel* sizes);
bool SizeContacts(NonTreeContext* ctx, mjModel* sizes);  // pairs and excludes

// phase 2 (arrays). FillActuators writes tendon_actuatorid / jnt_actuatorid, so call it after
// FillTendons; FillSensors places its history buffers after the actuators' and reads
// tendon_limited, so call it after both.
bool FillTendons(NonTreeContext* ctx, mjModel* m);
bool FillActuators(NonTreeContext* ctx, mjModel* m);
bool FillSensors(NonTreeContext* ctx, mjModel* m);
bool FillEqualities(NonTreeContext* ctx, mjModel* m);
bool FillContacts(NonTreeContext* ctx, mjModel* m);

// phase 3, after mj_setConst (d at qpos0, position stages done):
// spatial tendons with lengthspring (-1, -1) get their length at qpos_spring, computed here for
// paths of sites and pulleys; paths with wrapping geoms need the engine's wrapping and stay
// (-1, -1) with a message in *warning (unless mj_setConst resolved them already). False when
// the scratch mjData cannot be allocated.
bool FinalizeTendons(mjModel* m, std::string* warning);
// dampratio -> kv of position-like actuators (see user_compile_actuator.cc); false with *err
// for transmissions whose moment arms are not available
bool FinalizeActuators(mjModel* m, mjData* d, std::string* err);

// ------------------------------------ shared helpers ------------------------------------------

// "tendon 'name' (id = 3)" / "tendon (id = 3)" for unnamed elements
std::string Describe(const char* kind, const SpecElement* e, int id);

// resolves a [false, true, auto] limit flag (XMLreference "limited"): "auto" means limited iff
// compiler autolimits is set and range[0] < range[1]; without autolimits a nonzero range is an
// error. Returns -1 (error, message in *err), 0 or 1.
int ResolveLimited(int flag, const double range[2], const mjsCompiler* compiler, const char* what,
                   const char* limname, const char* rangename, std::string* err);

// number of user values of a kind: the spec's nuser_X when >= 0, else the largest userdata
// length; -1 and an error when some element has more values than nuser_X allows.
int UserSize(int nuser, const std::vector<const std::vector<double>*>& data, const char* kind,
             std::string* err);

// dofs that move a body: the dofs of the body and of all its ancestors, increasing
void BodyChainDofs(const NonTreeTree& tree, int body, std::vector<int>* dofs);

// Moment-arm capacity of one actuator (its share of nJmom, MuJoCo 3.8's bound on the nonzeros of
// its moment row): the joint's dofs for joint transmissions, the tendon's Jacobian nonzeros
// (`tendon_nnz`) for tendons, the dofs of the site's body chain for a site, the dofs in exactly
// one of the two chains for a site with a refsite (the common ancestors' dofs move both frames
// alike: no moment), the dofs in either chain for a slider-crank, and nv for a body
// (adhesion: any contact of the body). `ref` is the refsite or slider site, or -1.
int ActuatorMomentCapacity(const NonTreeTree& tree, int type, int id, int ref, int tendon_nnz);

// number of dofs of tendon t's Jacobian pattern (the spec's tendon t, validated by SizeTendons)
int TendonDofCount(NonTreeContext* ctx, int t);

// whether a built-in sensor type accepts these object and reference types (the compiler's rule)
bool SensorObjectTypesValid(int type, int objtype, int reftype);

// output dimension of sensor i of a compiled model from its type, intprm and object: -1 when any
// dimension is valid (user and plugin sensors), -2 when no dimension is (a bad object)
int SensorModelDim(const mjModel* m, int i);

// dofs of a joint type (free 6, ball 3, slide/hinge 1)
inline int JointDofs(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

}  // namespace motus

#endif  // MOTUS_USER_USER_COMPILE_NONTREE_H_
