// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The kinematic tree: frames, bodies, joints, dofs, trees, mocap bodies, free-body alignment,
// "same frame" flags and the tree arrays of mjModel (XMLreference.rst: body, joint, frame;
// modeling.rst: Kinematic tree, Frame orientations).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_setconst.h"
#include "user/user_compile_internal.h"
#include "user/user_util.h"

namespace motus {

// ------------------------------------ poses and frames ----------------------------------------

namespace {

// resolve (quat or alt) with an element's compiler options, normalized
bool ResolveQuat(CompileContext* c, const SpecElement* e, const double quat[4],
                 const mjsOrientation& alt, double out[4]) {
  um::CopyQuat(out, quat);
  if (alt.type != mjORIENTATION_QUAT) {
    const mjsCompiler* comp = e->compiler;
    const char* err =
        mjs_resolveOrientation(out, comp ? comp->degree : 1, comp ? comp->eulerseq : "xyz", &alt);
    if (err) {
      return c->Error(err, e);
    }
  }
  double n = std::sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2] + out[3] * out[3]);
  if (n < 1e-14) {
    return c->Error("zero quaternion is not allowed", e);
  }
  // a quaternion within 1e-14 of unit norm is kept as given, as MuJoCo does (norms 1 +- 1e-14
  // are left unchanged, 1 + 3e-14 is normalized)
  if (std::abs(n - 1) > 1e-14) {
    for (int i = 0; i < 4; i++) {
      out[i] /= n;
    }
  }
  return true;
}

// pose of a frame in its body, composed with its enclosing frames
bool FramePose(CompileContext* c, const SpecFrame* f, Pose* out) {
  Pose p;
  um::Copy3(p.pos, f->s.pos);
  if (!ResolveQuat(c, f, f->s.quat, f->s.alt, p.quat)) {
    return false;
  }
  if (f->frame) {
    Pose parent;
    if (!FramePose(c, f->frame, &parent)) {
      return false;
    }
    um::MulPose(p.pos, p.quat, parent.pos, parent.quat, p.pos, p.quat);
  }
  *out = p;
  return true;
}

}  // namespace

bool ApplyFrames(CompileContext* c, const SpecElement* e, Pose* p) {
  if (!e->frame) {
    return true;
  }
  Pose f;
  if (!FramePose(c, e->frame, &f)) {
    return false;
  }
  um::MulPose(p->pos, p->quat, f.pos, f.quat, p->pos, p->quat);
  return true;
}

bool ElementPose(CompileContext* c, const SpecElement* e, const double pos[3], const double quat[4],
                 const mjsOrientation& alt, Pose* out) {
  Pose p;
  um::Copy3(p.pos, pos);
  if (!ResolveQuat(c, e, quat, alt, p.quat)) {
    return false;
  }
  if (!ApplyFrames(c, e, &p)) {
    return false;
  }
  *out = p;
  return true;
}

// ------------------------------------ bodies and joints ---------------------------------------

namespace {

int JointNq(int type) {
  return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
}
int JointNv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

// resolve a "limited" flag (mjtLimited): auto means "range given" under autolimits, and is an
// error otherwise when a range is set (XMLreference, joint/limited and compiler/autolimits)
bool ResolveLimited(CompileContext* c, const SpecElement* e, int flag, const double range[2],
                    const char* what, const char* rangename, bool* out) {
  if (flag == mjLIMITED_AUTO) {
    bool autolimits = !e->compiler || e->compiler->autolimits;
    if (autolimits) {
      *out = range[0] < range[1];
    } else {
      if (range[0] != 0 || range[1] != 0) {
        return c->Error(std::string(what) + " has `" + rangename + "` but not `limited`. set " +
                            "the autolimits=\"true\" compiler option, specify `limited` " +
                            "explicitly (\"true\" or \"false\"), or remove the `" + rangename +
                            "` attribute.",
                        e);
      }
      *out = false;
    }
  } else {
    *out = flag == mjLIMITED_TRUE;
  }
  return true;
}

bool CompileJoint(CompileContext* c, SpecJoint* j, int bodyid, JointInfo* info) {
  const mjsJoint& s = j->s;
  info->body = bodyid;
  if (s.type < mjJNT_FREE || s.type > mjJNT_HINGE) {
    return c->Error("invalid joint type", j);
  }

  // position and axis in the body frame (through the enclosing frames)
  Pose p;
  um::Copy3(p.pos, s.pos);
  if (!ApplyFrames(c, j, &p)) {
    return false;
  }
  um::Copy3(info->pos, p.pos);
  double axis[3];
  um::Copy3(axis, s.axis);
  if (um::Normalize3(axis) < 1e-14) {
    return c->Error("axis too small", j);
  }
  if (j->frame) {
    Pose f;
    um::SetUnitQuat(f.quat);
    if (!ApplyFrames(c, j, &f)) {
      return false;
    }
    um::RotVecQuat(axis, axis, f.quat);
  }
  um::Copy3(info->axis, axis);
  if (s.type == mjJNT_FREE || s.type == mjJNT_BALL) {
    info->axis[0] = info->axis[1] = 0;
    info->axis[2] = 1;
    if (s.type == mjJNT_FREE) {
      um::Zero3(info->pos);
    }
  }

  // limits: hinge and ball ranges are angles. As in MuJoCo 3.8, a free joint is never limited:
  // its range and limited flag are kept in the spec and ignored. A ball joint's range is
  // [0, max angle].
  bool limited = false;
  if (s.type != mjJNT_FREE &&
      !ResolveLimited(c, j, s.limited, s.range, "joint", "range", &limited)) {
    return false;
  }
  info->limited = limited;
  info->range[0] = s.range[0];
  info->range[1] = s.range[1];
  if (limited) {
    if (s.type == mjJNT_BALL) {
      if (s.range[0] != 0) {
        return c->Error("range[0] should be 0 in ball joint", j);
      }
    } else if (s.range[0] >= s.range[1]) {
      return c->Error("range[0] should be smaller than range[1] in joint", j);
    }
    if (s.type == mjJNT_HINGE || s.type == mjJNT_BALL) {
      info->range[0] = ToRadians(j, s.range[0]);
      info->range[1] = ToRadians(j, s.range[1]);
    }
  }
  // actuator force clamping applies to scalar joints only (XMLreference, actuatorfrclimited)
  bool actlim = false;
  if (!ResolveLimited(c, j, s.actfrclimited, s.actfrcrange, "joint", "actuatorfrcrange", &actlim)) {
    return false;
  }
  if (s.type == mjJNT_FREE || s.type == mjJNT_BALL) {
    actlim = false;
  }
  if (actlim && s.actfrcrange[0] > s.actfrcrange[1]) {
    return c->Error("actfrcrange[0] should be smaller than actfrcrange[1] in joint", j);
  }
  info->actfrclimited = actlim;
  if (s.margin < 0) {
    return c->Error("joint margin cannot be negative", j);
  }
  return true;
}

}  // namespace

bool CompileTree(CompileContext* c) {
  size_t nbody = c->bodies.size();
  c->body.assign(nbody, BodyInfo());
  c->joint.assign(c->joints.size(), JointInfo());
  c->nq = c->nv = 0;
  c->nmocap = 0;

  int jid = 0;
  for (size_t i = 0; i < nbody; i++) {
    SpecBody* b = c->bodies[i];
    BodyInfo& info = c->body[i];
    const mjsBody& s = b->s;

    if (i == 0) {
      info.parent = 0;
      info.root = 0;
      info.weld = 0;
    } else {
      info.parent = b->parent->id;
      if (!ElementPose(c, b, s.pos, s.quat, s.alt, &info.local)) {
        return false;
      }
      info.root = info.parent == 0 ? static_cast<int>(i) : c->body[info.parent].root;
    }

    // joints
    int njnt = static_cast<int>(b->joints.size());
    if (njnt && i == 0) {
      return c->Error("joints cannot be defined in the world body", b);
    }
    info.jntnum = njnt;
    info.jntadr = njnt ? jid : -1;
    int dofnum = 0;
    bool ball = false;
    for (int k = 0; k < njnt; k++, jid++) {
      SpecJoint* j = c->joints[jid];
      if (!CompileJoint(c, j, static_cast<int>(i), &c->joint[jid])) {
        return false;
      }
      int type = j->s.type;
      // a ball joint cannot be followed by another rotation in the same body
      if (ball && (type == mjJNT_BALL || type == mjJNT_HINGE)) {
        return c->Error("ball followed by rotation in body '" + b->name + "'", b);
      }
      ball = ball || type == mjJNT_BALL;
      if (type == mjJNT_FREE) {
        if (info.parent != 0) {
          return c->Error("free joint can only be used on top level", j);
        }
        if (njnt > 1) {
          return c->Error("a free joint must be the only joint of its body", j);
        }
      }
      c->joint[jid].qposadr = c->nq;
      c->joint[jid].dofadr = c->nv + dofnum;
      c->nq += JointNq(type);
      dofnum += JointNv(type);
    }
    if (dofnum > 6) {
      return c->Error("more than 6 dofs in body '" + b->name + "'", b);
    }
    info.dofnum = dofnum;
    info.dofadr = dofnum ? c->nv : -1;

    // dofs: each dof's parent is the previous dof of the body, or the last dof of the nearest
    // ancestor that has dofs
    int parentdof = -1;
    for (int a = info.parent; i > 0 && a >= 0; a = c->body[a].parent) {
      if (c->body[a].dofnum) {
        parentdof = c->body[a].dofadr + c->body[a].dofnum - 1;
        break;
      }
      if (a == 0) {
        break;
      }
    }
    for (int k = 0; k < info.jntnum; k++) {
      int j = info.jntadr + k;
      for (int d = 0; d < JointNv(c->joints[j]->s.type); d++) {
        c->dof_body.push_back(static_cast<int>(i));
        c->dof_joint.push_back(j);
        c->dof_parent.push_back(parentdof);
        parentdof = c->nv;
        c->nv++;
      }
    }

    // weld: the nearest body (self included) with joints; the world for none
    info.weld = i == 0 ? 0 : (njnt ? static_cast<int>(i) : c->body[info.parent].weld);

    // mocap bodies: children of the world without joints
    if (s.mocap) {
      // MuJoCo's wording for both cases, then which one
      std::string what = "mocap body '" + b->name + "' is not a fixed child of world";
      if (info.parent != 0) {
        return c->Error(what + " (it must be a child of the world body)", b);
      }
      if (njnt) {
        return c->Error(what + " (it cannot have joints)", b);
      }
      info.mocap = c->nmocap++;
    }

    // geoms are numbered body by body
    int ngeom = static_cast<int>(b->geoms.size());
    info.geomnum = ngeom;
    info.geomadr = ngeom ? b->geoms[0]->id : -1;
  }

  // trees: a tree starts at a body with dofs none of whose ancestors has dofs, and contains the
  // whole subtree of that body (contiguous in body order)
  c->ntree = 0;
  for (size_t i = 1; i < nbody; i++) {
    BodyInfo& info = c->body[i];
    const BodyInfo& parent = c->body[info.parent];
    if (parent.tree >= 0) {
      info.tree = parent.tree;
    } else if (info.dofnum) {
      bool ancestor_moves = false;
      for (int a = info.parent; a > 0; a = c->body[a].parent) {
        if (c->body[a].dofnum) {
          ancestor_moves = true;
        }
      }
      info.tree = ancestor_moves ? -1 : c->ntree++;
    }
  }
  return true;
}

// ------------------------------------ finishing the tree --------------------------------------

namespace {

// frames are "the same" when every component differs by less than 1e-6 (the tolerance MuJoCo
// applies)
bool SameVec(const double* a, const double* b, int n) {
  for (int i = 0; i < n; i++) {
    if (!(std::abs(a[i] - b[i]) < 1e-6)) {
      return false;
    }
  }
  return true;
}

const double kZero3[3] = {0, 0, 0};
const double kUnitQuat[4] = {1, 0, 0, 0};

// same-frame flag of a frame (pos, quat) given in the body frame (mjtSameFrame): checked in the
// order body, body rotation, inertial frame, inertial rotation
int SameFrame(const Pose& p, const Pose& inertial) {
  bool bodyrot = SameVec(p.quat, kUnitQuat, 4);
  if (bodyrot && SameVec(p.pos, kZero3, 3)) {
    return mjSAMEFRAME_BODY;
  }
  if (bodyrot) {
    return mjSAMEFRAME_BODYROT;
  }
  bool inertiarot = SameVec(p.quat, inertial.quat, 4);
  if (inertiarot && SameVec(p.pos, inertial.pos, 3)) {
    return mjSAMEFRAME_INERTIA;
  }
  if (inertiarot) {
    return mjSAMEFRAME_INERTIAROT;
  }
  return mjSAMEFRAME_NONE;
}

// Free-body alignment (XMLreference, freejoint/align): a body whose only joint is free and
// which has no children moves its frame to its inertial frame; its elements are re-expressed.
void AlignFree(CompileContext* c, int b) {
  BodyInfo& info = c->body[b];
  Pose in = info.inertial;
  double inv[4];
  um::NegQuat(inv, in.quat);
  auto reexpress = [&](Pose* p) {
    double d[3] = {p->pos[0] - in.pos[0], p->pos[1] - in.pos[1], p->pos[2] - in.pos[2]};
    um::RotVecQuat(p->pos, d, inv);
    um::MulQuat(p->quat, inv, p->quat);
  };
  SpecBody* body = c->bodies[b];
  for (auto& g : body->geoms) {
    reexpress(&c->geom[g->id].local);
  }
  for (auto& s : body->sites) {
    reexpress(&c->site[s->id].local);
  }
  for (auto& cam : body->cameras) {
    reexpress(&c->camera[cam->id]);
  }
  for (auto& l : body->lights) {
    LightInfo& li = c->light[l->id];
    double d[3] = {li.pos[0] - in.pos[0], li.pos[1] - in.pos[1], li.pos[2] - in.pos[2]};
    um::RotVecQuat(li.pos, d, inv);
    um::RotVecQuat(li.dir, li.dir, inv);
  }
  um::MulPose(info.local.pos, info.local.quat, info.local.pos, info.local.quat, in.pos, in.quat);
  um::Zero3(info.inertial.pos);
  um::SetUnitQuat(info.inertial.quat);
}

}  // namespace

bool CompileTreeFinish(CompileContext* c) {
  for (size_t i = 1; i < c->bodies.size(); i++) {
    SpecBody* b = c->bodies[i];
    BodyInfo& info = c->body[i];
    // a sleep policy belongs to a kinematic tree: MuJoCo 3.8 accepts it on movable children of
    // the world only (XMLreference, body/sleep)
    if (b->s.sleep != mjSLEEP_AUTO && (info.parent != 0 || info.dofnum == 0)) {
      return c->Error("sleep policy only allowed for movable root bodies", b);
    }
    if (info.jntnum == 1 && b->joints[0]->s.type == mjJNT_FREE && b->bodies.empty()) {
      int align = b->joints[0]->s.align;
      bool on = align == mjALIGNFREE_TRUE ||
                (align == mjALIGNFREE_AUTO && b->compiler && b->compiler->alignfree);
      if (on) {
        AlignFree(c, static_cast<int>(i));
      }
    }
  }

  // same-frame flags
  for (size_t i = 0; i < c->bodies.size(); i++) {
    BodyInfo& info = c->body[i];
    Pose body;
    bool rot = SameVec(info.inertial.quat, kUnitQuat, 4);
    info.sameframe = rot && SameVec(info.inertial.pos, kZero3, 3) ? mjSAMEFRAME_BODY
                     : rot                                        ? mjSAMEFRAME_BODYROT
                                                                  : mjSAMEFRAME_NONE;
    (void)body;
  }
  for (size_t g = 0; g < c->geoms.size(); g++) {
    int b = c->geoms[g]->parent->id;
    c->geom[g].sameframe = SameFrame(c->geom[g].local, c->body[b].inertial);
  }
  for (size_t s = 0; s < c->sites.size(); s++) {
    int b = c->sites[s]->parent->id;
    c->site[s].sameframe = SameFrame(c->site[s].local, c->body[b].inertial);
  }

  BuildBodyBVH(c);
  return true;
}

// ------------------------------------ sizes ---------------------------------------------------

bool TreeUserSizes(CompileContext* c) {
  std::vector<const std::vector<double>*> ub, uj, ug, us, uc;
  for (SpecBody* b : c->bodies) {
    ub.push_back(&b->own.userdata);
  }
  for (SpecJoint* j : c->joints) {
    uj.push_back(&j->own.userdata);
  }
  for (SpecGeom* g : c->geoms) {
    ug.push_back(&g->own.userdata);
  }
  for (SpecSite* s : c->sites) {
    us.push_back(&s->own.userdata);
  }
  for (SpecCamera* k : c->cameras) {
    uc.push_back(&k->own.userdata);
  }
  const mjSpec& s = c->spec->s;
  int n;
  if ((n = c->UserSize(s.nuser_body, ub, "body")) < 0) {
    return false;
  }
  c->sizes.nuser_body = n;
  if ((n = c->UserSize(s.nuser_jnt, uj, "jnt")) < 0) {
    return false;
  }
  c->sizes.nuser_jnt = n;
  if ((n = c->UserSize(s.nuser_geom, ug, "geom")) < 0) {
    return false;
  }
  c->sizes.nuser_geom = n;
  if ((n = c->UserSize(s.nuser_site, us, "site")) < 0) {
    return false;
  }
  c->sizes.nuser_site = n;
  if ((n = c->UserSize(s.nuser_cam, uc, "cam")) < 0) {
    return false;
  }
  c->sizes.nuser_cam = n;
  return true;
}

bool SparseSizes(CompileContext* c) {
  int nbody = static_cast<int>(c->bodies.size());
  // body_simple (engine rule, engine_setconst.h) needs the joints of each body
  std::vector<int> parent(nbody), dofnum(nbody), dofadr(nbody);
  std::vector<mjtByte> simple(nbody);
  for (int i = 0; i < nbody; i++) {
    const BodyInfo& b = c->body[i];
    parent[i] = i ? b.parent : -1;
    dofnum[i] = b.dofnum;
    dofadr[i] = b.dofadr;
    std::vector<int> type;
    std::vector<mjtNum> pos, axis;
    for (int k = 0; k < b.jntnum; k++) {
      const JointInfo& j = c->joint[b.jntadr + k];
      type.push_back(c->joints[b.jntadr + k]->s.type);
      pos.insert(pos.end(), j.pos, j.pos + 3);
      axis.insert(axis.end(), j.axis, j.axis + 3);
    }
    // a body whose parent is welded to the world (the world or a static body) counts as a child
    // of the world (as in MuJoCo: flexcomp points under a static body are simple)
    int nchild = static_cast<int>(c->bodies[i]->bodies.size());
    int pweld = i ? c->body[b.parent].weld : -1;
    simple[i] = static_cast<mjtByte>(
        mj_bodySimple(pweld, nchild, b.sameframe, b.jntnum, type.data(), pos.data(), axis.data()));
    c->body[i].simple = simple[i];
  }
  std::vector<int>& simplenum = c->dof_simplenum;
  simplenum.assign(c->nv, 0);
  if (c->nv) {
    mj_dofSimpleNum(c->nv, c->dof_body.data(), simple.data(), simplenum.data());
  }
  parent[0] = 0;
  mj_sparseSizes(c->nv, c->dof_parent.data(), simplenum.data(), nbody, parent.data(), dofnum.data(),
                 dofadr.data(), &c->sizes.nM, &c->sizes.nC, &c->sizes.nD, &c->sizes.nB);
  return true;
}

// ------------------------------------ fill ----------------------------------------------------

void FillTree(CompileContext* c) {
  mjModel* m = c->m;

  // bodies
  for (int i = 0; i < m->nbody; i++) {
    const BodyInfo& b = c->body[i];
    SpecBody* sb = c->bodies[i];
    m->body_parentid[i] = b.parent;
    m->body_rootid[i] = b.root;
    m->body_weldid[i] = b.weld;
    m->body_mocapid[i] = b.mocap;
    m->body_jntnum[i] = b.jntnum;
    m->body_jntadr[i] = b.jntadr;
    m->body_dofnum[i] = b.dofnum;
    m->body_dofadr[i] = b.dofadr;
    m->body_treeid[i] = b.tree;
    m->body_geomnum[i] = b.geomnum;
    m->body_geomadr[i] = b.geomadr;
    m->body_simple[i] = static_cast<mjtByte>(b.simple);
    m->body_sameframe[i] = static_cast<mjtByte>(b.sameframe);
    um::Copy3(m->body_pos + 3 * i, b.local.pos);
    um::CopyQuat(m->body_quat + 4 * i, b.local.quat);
    um::Copy3(m->body_ipos + 3 * i, b.inertial.pos);
    um::CopyQuat(m->body_iquat + 4 * i, b.inertial.quat);
    m->body_mass[i] = b.mass;
    um::Copy3(m->body_inertia + 3 * i, b.inertia);
    m->body_gravcomp[i] = sb->s.gravcomp;
    m->body_plugin[i] = -1;
    m->body_bvhadr[i] = b.bvhadr;
    m->body_bvhnum[i] = b.bvhnum;
    CompileContext::CopyUser(m->body_user + i * m->nuser_body, m->nuser_body, sb->own.userdata);
    // contact and margin aggregates over the body's geoms
    int contype = 0, conaffinity = 0;
    double margin = 0;
    for (auto& g : sb->geoms) {
      contype |= g->s.contype;
      conaffinity |= g->s.conaffinity;
      margin = std::max(margin, g->s.margin);
    }
    m->body_contype[i] = contype;
    m->body_conaffinity[i] = conaffinity;
    m->body_margin[i] = margin;
  }

  // joints
  for (int j = 0; j < m->njnt; j++) {
    const JointInfo& ji = c->joint[j];
    const mjsJoint& s = c->joints[j]->s;
    m->jnt_type[j] = s.type;
    m->jnt_qposadr[j] = ji.qposadr;
    m->jnt_dofadr[j] = ji.dofadr;
    m->jnt_bodyid[j] = ji.body;
    m->jnt_actuatorid[j] = -1;
    m->jnt_group[j] = s.group;
    m->jnt_limited[j] = ji.limited;
    m->jnt_actfrclimited[j] = ji.actfrclimited;
    m->jnt_actgravcomp[j] = s.actgravcomp;
    for (int k = 0; k < mjNREF; k++) {
      m->jnt_solref[mjNREF * j + k] = s.solref_limit[k];
    }
    for (int k = 0; k < mjNIMP; k++) {
      m->jnt_solimp[mjNIMP * j + k] = s.solimp_limit[k];
    }
    um::Copy3(m->jnt_pos + 3 * j, ji.pos);
    um::Copy3(m->jnt_axis + 3 * j, ji.axis);
    m->jnt_stiffness[j] = s.stiffness[0];
    for (int k = 0; k < mjNPOLY; k++) {
      m->jnt_stiffnesspoly[mjNPOLY * j + k] = s.stiffness[k + 1];
    }
    m->jnt_range[2 * j] = ji.range[0];
    m->jnt_range[2 * j + 1] = ji.range[1];
    m->jnt_actfrcrange[2 * j] = s.actfrcrange[0];
    m->jnt_actfrcrange[2 * j + 1] = s.actfrcrange[1];
    m->jnt_margin[j] = s.margin;
    CompileContext::CopyUser(m->jnt_user + j * m->nuser_jnt, m->nuser_jnt,
                             c->joints[j]->own.userdata);

    // qpos0 and qpos_spring: free joints take the body pose, ball joints the unit quaternion,
    // hinge and slide joints ref and springref (angles for hinges)
    mjtNum* q0 = m->qpos0 + ji.qposadr;
    mjtNum* qs = m->qpos_spring + ji.qposadr;
    const SpecJoint* sj = c->joints[j];
    switch (s.type) {
      case mjJNT_FREE: {
        const BodyInfo& b = c->body[ji.body];
        um::Copy3(q0, b.local.pos);
        um::CopyQuat(q0 + 3, b.local.quat);
        std::memcpy(qs, q0, 7 * sizeof(mjtNum));
        break;
      }
      case mjJNT_BALL:
        um::SetUnitQuat(q0);
        um::SetUnitQuat(qs);
        break;
      case mjJNT_HINGE:
        q0[0] = ToRadians(sj, s.ref);
        qs[0] = ToRadians(sj, s.springref);
        break;
      default:
        q0[0] = s.ref;
        qs[0] = s.springref;
        break;
    }
  }

  // dofs
  for (int d = 0; d < m->nv; d++) {
    int j = c->dof_joint[d];
    const mjsJoint& s = c->joints[j]->s;
    m->dof_bodyid[d] = c->dof_body[d];
    m->dof_jntid[d] = j;
    m->dof_parentid[d] = c->dof_parent[d];
    m->dof_treeid[d] = c->body[c->dof_body[d]].tree;
    m->dof_simplenum[d] = c->dof_simplenum[d];
    for (int k = 0; k < mjNREF; k++) {
      m->dof_solref[mjNREF * d + k] = s.solref_friction[k];
    }
    for (int k = 0; k < mjNIMP; k++) {
      m->dof_solimp[mjNIMP * d + k] = s.solimp_friction[k];
    }
    m->dof_frictionloss[d] = s.frictionloss;
    m->dof_armature[d] = s.armature;
    m->dof_damping[d] = s.damping[0];
    for (int k = 0; k < mjNPOLY; k++) {
      m->dof_dampingpoly[mjNPOLY * d + k] = s.damping[k + 1];
    }
    // length scale of the dof: 1 for translations, the body size for rotations (set below)
    m->dof_length[d] = 1;
  }

  // trees (contiguous in body order)
  for (int i = 0; i < m->nbody; i++) {
    int t = c->body[i].tree;
    if (t < 0) {
      continue;
    }
    if (m->tree_bodynum[t] == 0) {
      m->tree_bodyadr[t] = i;
      m->tree_dofadr[t] = -1;
      SpecBody* root = c->bodies[i];
      int policy = root->s.sleep;
      m->tree_sleep_policy[t] = policy == mjSLEEP_AUTO ? mjSLEEP_AUTO_ALLOWED : policy;
    }
    m->tree_bodynum[t]++;
    if (c->body[i].dofnum) {
      if (m->tree_dofadr[t] < 0) {
        m->tree_dofadr[t] = c->body[i].dofadr;
      }
      m->tree_dofnum[t] += c->body[i].dofnum;
    }
  }

  // BVH of the bodies
  for (size_t n = 0; n < c->bvh_depth.size(); n++) {
    m->bvh_depth[n] = c->bvh_depth[n];
    m->bvh_child[2 * n] = c->bvh_child[2 * n];
    m->bvh_child[2 * n + 1] = c->bvh_child[2 * n + 1];
    m->bvh_nodeid[n] = c->bvh_nodeid[n];
    for (int k = 0; k < 6; k++) {
      m->bvh_aabb[6 * n + k] = c->bvh_aabb[6 * n + k];
    }
  }
}

// ------------------------------------ after mj_setConst ---------------------------------------

// springdamper (XMLreference, joint/springdamper): when both values are positive, stiffness and
// damping make the joint a mass-spring-damper with time constant tc and damping ratio z for the
// joint-space mass m = 1 / (mean dof_invweight0 of the joint's dofs) at qpos0:
// k = m / (tc z)^2, b = 2 m / tc on every dof (the solref convention). Any joint type, as in
// MuJoCo 3.8 (for a free joint the mean covers its translational and rotational dofs).
bool FinishJoints(CompileContext* c) {
  mjModel* m = c->m;
  for (int j = 0; j < m->njnt; j++) {
    const mjsJoint& s = c->joints[j]->s;
    double tc = s.springdamper[0], z = s.springdamper[1];
    if (tc <= 0 || z <= 0) {
      continue;
    }
    int type = m->jnt_type[j];
    int nv = type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
    int d = m->jnt_dofadr[j];
    double w = 0;
    for (int k = 0; k < nv; k++) {
      w += m->dof_invweight0[d + k];
    }
    w /= nv;
    double mass = 1 / std::max(w, mjMINVAL);
    m->jnt_stiffness[j] = mass / (tc * tc * z * z);
    for (int k = 0; k < nv; k++) {
      m->dof_damping[d + k] = 2 * mass / tc;
    }
  }
  return true;
}

}  // namespace motus
