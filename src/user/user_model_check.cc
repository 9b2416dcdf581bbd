// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Consistency check of a model that did not come from the compiler (an MJB file): every index,
// address and count the engine follows is checked against the model's own sizes, and every
// structure the compiler derives (trees, sparse layouts, tendon Jacobian columns, moment-arm
// capacity) is derived again and compared, so that a model that passes can be simulated without
// reading or writing outside its arrays. Geometry that the engine assumes well formed is checked
// too: finite positions and sizes, unit quaternions, non-negative masses.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_setconst.h"
#include "user/user_compile_nontree.h"
#include "user/user_mjb.h"

namespace motus {
namespace {

// number of objects of a type in m; -1 for types this check does not know
int64_t ObjectCount(const mjModel* m, int type) {
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY:
      return m->nbody;
    case mjOBJ_JOINT:
      return m->njnt;
    case mjOBJ_DOF:
      return m->nv;
    case mjOBJ_GEOM:
      return m->ngeom;
    case mjOBJ_SITE:
      return m->nsite;
    case mjOBJ_CAMERA:
      return m->ncam;
    case mjOBJ_LIGHT:
      return m->nlight;
    case mjOBJ_FLEX:
      return m->nflex;
    case mjOBJ_MESH:
      return m->nmesh;
    case mjOBJ_SKIN:
      return m->nskin;
    case mjOBJ_HFIELD:
      return m->nhfield;
    case mjOBJ_TEXTURE:
      return m->ntex;
    case mjOBJ_MATERIAL:
      return m->nmat;
    case mjOBJ_PAIR:
      return m->npair;
    case mjOBJ_EXCLUDE:
      return m->nexclude;
    case mjOBJ_EQUALITY:
      return m->neq;
    case mjOBJ_TENDON:
      return m->ntendon;
    case mjOBJ_ACTUATOR:
      return m->nu;
    case mjOBJ_SENSOR:
      return m->nsensor;
    case mjOBJ_NUMERIC:
      return m->nnumeric;
    case mjOBJ_TEXT:
      return m->ntext;
    case mjOBJ_TUPLE:
      return m->ntuple;
    case mjOBJ_KEY:
      return m->nkey;
    case mjOBJ_PLUGIN:
      return m->nplugin;
    default:
      return -1;
  }
}

// qpos and dof counts of a joint type
int JointNq(int type) {
  return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
}
int JointNv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

// Collects the first inconsistency. Every check is a plain range test, so a model that passes
// can be indexed by the engine without reading outside its arrays.
struct Checker {
  const mjModel* m;
  std::string problem;

  bool ok() const { return problem.empty(); }

  bool Fail(const std::string& what) {
    if (problem.empty()) {
      problem = what;
    }
    return false;
  }

  // every value of a[0..n) in [lo, hi)
  bool Range(const char* name, const int* a, int64_t n, int64_t lo, int64_t hi) {
    for (int64_t i = 0; i < n && ok(); i++) {
      if (a[i] < lo || a[i] >= hi) {
        Fail(std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(a[i]) +
             " outside [" + std::to_string(lo) + ", " + std::to_string(hi) + ")");
      }
    }
    return ok();
  }

  // for each i: num[i] >= 0 and, when num[i] > 0, adr[i] >= 0 and adr[i] + num[i] <= total
  template <class A>
  bool AdrNum(const char* name, const A* adr, const int* num, int64_t n, int64_t total) {
    for (int64_t i = 0; i < n && ok(); i++) {
      int64_t a = adr[i], k = num[i];
      if (k < 0 || (k > 0 && (a < 0 || a + k > total))) {
        Fail(std::string(name) + " block " + std::to_string(i) + " (adr " + std::to_string(a) +
             ", num " + std::to_string(k) + ") outside [0, " + std::to_string(total) + ")");
      }
    }
    return ok();
  }

  // a[i*stride] is an id of the object type typ[i] (or -1); unknown types are not checked
  bool Typed(const char* name, const int* a, const int* typ, int64_t n, int stride) {
    for (int64_t i = 0; i < n && ok(); i++) {
      int64_t count = ObjectCount(m, typ[i]);
      int id = a[i * stride];
      if (count >= 0 && (id < -1 || id >= count)) {
        Fail(std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(id) +
             " outside [-1, " + std::to_string(count) + ")");
      }
    }
    return ok();
  }

  // every value of a[0..n) finite, and >= 0 when nonneg
  bool Finite(const char* name, const mjtNum* a, int64_t n, bool nonneg = false) {
    for (int64_t i = 0; i < n && ok(); i++) {
      if (!std::isfinite(a[i]) || (nonneg && a[i] < 0)) {
        Fail(std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(a[i]) +
             (nonneg ? " is not a finite non-negative number" : " is not finite"));
      }
    }
    return ok();
  }

  // n quaternions of unit length: the engine rotates with them without normalizing (the
  // compiler normalizes every quaternion it writes)
  bool Quats(const char* name, const mjtNum* q, int64_t n) {
    if (!Finite(name, q, 4 * n)) {
      return false;
    }
    for (int64_t i = 0; i < n && ok(); i++) {
      const mjtNum* x = q + 4 * i;
      mjtNum norm = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]);
      if (std::fabs(norm - 1) > 1e-6) {
        Fail(std::string(name) + " " + std::to_string(i) + " is not a unit quaternion (norm " +
             std::to_string(norm) + ")");
      }
    }
    return ok();
  }

  // a derived int array equals its recomputation
  bool Same(const char* name, const int* have, const int* want, int64_t n) {
    for (int64_t i = 0; i < n && ok(); i++) {
      if (have[i] != want[i]) {
        Fail(std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(have[i]) +
             ", the tree gives " + std::to_string(want[i]));
      }
    }
    return ok();
  }
};

// options the engine divides by or loops over
void CheckOptions(Checker* c) {
  const mjOption& o = c->m->opt;
  // a timestep that is not positive and negative iteration counts are accepted, as by the
  // compiler (they stop or reverse the simulation, and skip loops)
  if (!std::isfinite(o.timestep)) {
    c->Fail("timestep is not finite");
  }
  if (o.integrator < mjINT_EULER || o.integrator > mjINT_IMPLICITFAST ||
      o.cone < mjCONE_PYRAMIDAL || o.cone > mjCONE_ELLIPTIC || o.jacobian < mjJAC_DENSE ||
      o.jacobian > mjJAC_AUTO || o.solver < mjSOL_PGS || o.solver > mjSOL_NEWTON) {
    c->Fail("invalid integrator, cone, jacobian or solver");
  }
  const mjtNum* nums[] = {&o.impratio,      &o.tolerance, &o.ls_tolerance, &o.noslip_tolerance,
                          &o.ccd_tolerance, &o.density,   &o.viscosity,    &o.o_margin};
  for (const mjtNum* x : nums) {
    if (!std::isfinite(*x)) {
      c->Fail("non-finite physics option");
    }
  }
}

// Kinematic tree: bodies ordered parents first, joints and dofs contiguous per body in body
// order, qpos/dof addresses consecutive, dof parents the last dof of the nearest ancestor with
// dofs, trees contiguous ranges of bodies and dofs.
void CheckTree(Checker* c) {
  const mjModel* m = c->m;
  if (m->nbody < 1) {
    c->Fail("model has no world body");
    return;
  }
  if (m->body_parentid[0] != 0 && m->body_parentid[0] != -1) {
    c->Fail("world body has a parent");
    return;
  }
  for (int64_t i = 1; i < m->nbody; i++) {
    if (m->body_parentid[i] < 0 || m->body_parentid[i] >= i) {
      c->Fail("body_parentid[" + std::to_string(i) + "] does not precede the body");
      return;
    }
  }
  for (int64_t i = 0; i < m->nbody && c->ok(); i++) {
    int p = m->body_parentid[i];
    int root = i == 0 || p == 0 ? i : m->body_rootid[p];
    int w = m->body_weldid[i];
    if (m->body_rootid[i] != root) {
      c->Fail("body_rootid[" + std::to_string(i) + "] is not the body's root");
    } else if (w < 0 || w > i || m->body_weldid[w] != w) {
      c->Fail("body_weldid[" + std::to_string(i) + "] is not a welded ancestor");
    }
  }
  c->Range("body_mocapid", m->body_mocapid, m->nbody, -1, m->nmocap);
  c->Range("jnt_type", m->jnt_type, m->njnt, mjJNT_FREE, mjJNT_HINGE + 1);
  c->Range("jnt_bodyid", m->jnt_bodyid, m->njnt, 0, m->nbody);
  if (!c->ok()) {
    return;
  }

  // joints in body order with consecutive qpos and dof addresses
  int64_t jnt = 0, q = 0, v = 0;
  for (int64_t b = 0; b < m->nbody && c->ok(); b++) {
    int num = m->body_jntnum[b], dofs = 0;
    if (num < 0 || (num > 0 && m->body_jntadr[b] != jnt) || jnt + num > m->njnt) {
      c->Fail("joints of body " + std::to_string(b) + " are not contiguous in body order");
      return;
    }
    for (int k = 0; k < num; k++, jnt++) {
      int type = m->jnt_type[jnt];
      if (m->jnt_bodyid[jnt] != b || m->jnt_qposadr[jnt] != q || m->jnt_dofadr[jnt] != v) {
        c->Fail("joint " + std::to_string(jnt) + " has inconsistent body, qpos or dof address");
        return;
      }
      for (int i = 0; i < JointNv(type); i++) {
        if (v + i >= m->nv || m->dof_jntid[v + i] != jnt || m->dof_bodyid[v + i] != b) {
          c->Fail("dof " + std::to_string(v + i) + " does not belong to joint " +
                  std::to_string(jnt));
          return;
        }
      }
      q += JointNq(type);
      v += JointNv(type);
      dofs += JointNv(type);
    }
    if (m->body_dofnum[b] != dofs ||
        (dofs > 0 && m->body_dofadr[b] != m->jnt_dofadr[m->body_jntadr[b]])) {
      c->Fail("dofs of body " + std::to_string(b) + " do not match its joints");
      return;
    }
  }
  if (jnt != m->njnt || q != m->nq || v != m->nv) {
    c->Fail("joints do not add up to njnt, nq and nv");
    return;
  }

  // dof parents: previous dof of the body, else the last dof of the nearest ancestor with dofs
  std::vector<int> last(m->nbody, -1);  // last dof of the body or of its nearest such ancestor
  for (int64_t b = 0; b < m->nbody; b++) {
    int inherited = b > 0 ? last[m->body_parentid[b]] : -1;
    int n = m->body_dofnum[b], adr = m->body_dofadr[b];
    for (int k = 0; k < n && c->ok(); k++) {
      int want = k == 0 ? inherited : adr + k - 1;
      if (m->dof_parentid[adr + k] != want) {
        c->Fail("dof_parentid[" + std::to_string(adr + k) +
                "] = " + std::to_string(m->dof_parentid[adr + k]) + ", the tree gives " +
                std::to_string(want));
      }
    }
    last[b] = n > 0 ? adr + n - 1 : inherited;
  }

  // trees: each a contiguous range of bodies and of dofs
  c->Range("body_treeid", m->body_treeid, m->nbody, -1, m->ntree);
  c->Range("dof_treeid", m->dof_treeid, m->nv, 0, m->ntree);
  c->AdrNum("tree_body", m->tree_bodyadr, m->tree_bodynum, m->ntree, m->nbody);
  c->AdrNum("tree_dof", m->tree_dofadr, m->tree_dofnum, m->ntree, m->nv);
  for (int64_t d = 0; d < m->nv && c->ok(); d++) {
    int t = m->dof_treeid[d];
    if (m->body_treeid[m->dof_bodyid[d]] != t || d < m->tree_dofadr[t] ||
        d >= m->tree_dofadr[t] + m->tree_dofnum[t]) {
      c->Fail("dof " + std::to_string(d) + " is outside the dof range of its tree");
    }
  }
  for (int64_t b = 1; b < m->nbody && c->ok(); b++) {
    // a tree starts at a body with dofs below static ancestors and holds its whole subtree
    int t = m->body_treeid[b], p = m->body_parentid[b], pt = p > 0 ? m->body_treeid[p] : -1;
    if ((pt >= 0 ? t != pt : t >= 0 && m->tree_bodyadr[t] != b) ||
        (t >= 0 && (b < m->tree_bodyadr[t] || b >= m->tree_bodyadr[t] + m->tree_bodynum[t]))) {
      c->Fail("body " + std::to_string(b) + " is outside the body range of its tree");
    }
  }
  for (int64_t t = 0; t < m->ntree && c->ok(); t++) {
    int adr = m->tree_dofadr[t], n = m->tree_dofnum[t];
    for (int k = 0; k < n && c->ok(); k++) {
      if (m->dof_treeid[adr + k] != t) {
        c->Fail("tree " + std::to_string(t) + " lists dof " + std::to_string(adr + k) +
                " of another tree");
      }
    }
  }
}

// simple-body flags and every sparse layout, recomputed from the trees and compared
void CheckSparse(Checker* c) {
  const mjModel* m = c->m;
  for (int64_t b = 0; b < m->nbody && c->ok(); b++) {
    if (m->body_simple[b] > 2 || m->body_sameframe[b] > 4) {
      c->Fail("body " + std::to_string(b) + " has an invalid simple or sameframe flag");
    }
  }
  if (!c->ok()) {
    return;
  }
  std::vector<int> simplenum(m->nv);
  mj_dofSimpleNum(m->nv, m->dof_bodyid, m->body_simple, simplenum.data());
  if (!c->Same("dof_simplenum", m->dof_simplenum, simplenum.data(), m->nv)) {
    return;
  }
  mjtSize nM, nC, nD, nB;
  mj_sparseSizes(m->nv, m->dof_parentid, m->dof_simplenum, m->nbody, m->body_parentid,
                 m->body_dofnum, m->body_dofadr, &nM, &nC, &nD, &nB);
  if (nM != m->nM || nC != m->nC || nD != m->nD || nB != m->nB) {
    c->Fail("sizes nM, nC, nD, nB do not match the trees");
    return;
  }
  mjModel* r = mj_copyModel(nullptr, m);
  if (!r) {
    c->Fail("could not allocate a copy of the model");
    return;
  }
  mj_setSparse(r);
  const struct {
    const char* name;
    const int* have;
    const int* want;
    int64_t n;
  } arrays[] = {
      {"dof_Madr", m->dof_Madr, r->dof_Madr, m->nv},
      {"M_rownnz", m->M_rownnz, r->M_rownnz, m->nv},
      {"M_rowadr", m->M_rowadr, r->M_rowadr, m->nv},
      {"M_colind", m->M_colind, r->M_colind, m->nC},
      {"mapM2M", m->mapM2M, r->mapM2M, m->nC},
      {"D_rownnz", m->D_rownnz, r->D_rownnz, m->nv},
      {"D_rowadr", m->D_rowadr, r->D_rowadr, m->nv},
      {"D_diag", m->D_diag, r->D_diag, m->nv},
      {"D_colind", m->D_colind, r->D_colind, m->nD},
      {"mapM2D", m->mapM2D, r->mapM2D, m->nD},
      {"mapD2M", m->mapD2M, r->mapD2M, m->nC},
      {"B_rownnz", m->B_rownnz, r->B_rownnz, m->nbody},
      {"B_rowadr", m->B_rowadr, r->B_rowadr, m->nbody},
      {"B_colind", m->B_colind, r->B_colind, m->nB},
  };
  for (const auto& a : arrays) {
    c->Same(a.name, a.have, a.want, a.n);
  }
  mj_deleteModel(r);
}

// nodes [adr, adr + n) of a tree stored with `arity` child slots per node: each child is -1 or a
// later node of the same tree (relative to adr), so every walk down the tree ends inside it
void Hierarchy(Checker* c, const char* owner, int64_t id, const int* child, int arity, int adr,
               int n) {
  for (int i = 0; i < n && c->ok(); i++) {
    for (int k = 0; k < arity; k++) {
      int x = child[static_cast<int64_t>(arity) * (adr + i) + k];
      if (x != -1 && (x <= i || x >= n)) {
        c->Fail("hierarchy of " + std::string(owner) + " " + std::to_string(id) + ": node " +
                std::to_string(i) + " has child " + std::to_string(x));
        break;
      }
    }
  }
}

// bodies, joints, geoms, sites, cameras, lights: ids in range, finite poses, unit quaternions
void CheckObjects(Checker* c) {
  const mjModel* m = c->m;
  c->AdrNum("body_geom", m->body_geomadr, m->body_geomnum, m->nbody, m->ngeom);
  c->AdrNum("body_bvh", m->body_bvhadr, m->body_bvhnum, m->nbody, m->nbvh);
  c->Finite("body_pos", m->body_pos, 3 * m->nbody);
  c->Quats("body_quat", m->body_quat, m->nbody);
  c->Finite("body_ipos", m->body_ipos, 3 * m->nbody);
  c->Quats("body_iquat", m->body_iquat, m->nbody);
  c->Finite("body_mass", m->body_mass, m->nbody, true);
  c->Finite("body_subtreemass", m->body_subtreemass, m->nbody, true);
  c->Finite("body_inertia", m->body_inertia, 3 * m->nbody, true);
  c->Finite("jnt_pos", m->jnt_pos, 3 * m->njnt);
  c->Finite("jnt_axis", m->jnt_axis, 3 * m->njnt);
  c->Finite("qpos0", m->qpos0, m->nq);
  c->Finite("dof_armature", m->dof_armature, m->nv, true);
  c->Range("jnt_actuatorid", m->jnt_actuatorid, m->njnt, -2, m->nu);

  c->Range("geom_type", m->geom_type, m->ngeom, 0, mjNGEOMTYPES);
  c->Range("geom_bodyid", m->geom_bodyid, m->ngeom, 0, m->nbody);
  c->Range("geom_matid", m->geom_matid, m->ngeom, -1, m->nmat);
  c->Finite("geom_size", m->geom_size, 3 * m->ngeom, true);
  c->Finite("geom_rbound", m->geom_rbound, m->ngeom, true);
  c->Finite("geom_aabb", m->geom_aabb, 6 * m->ngeom);
  c->Finite("geom_pos", m->geom_pos, 3 * m->ngeom);
  c->Quats("geom_quat", m->geom_quat, m->ngeom);
  c->Finite("geom_margin", m->geom_margin, m->ngeom);
  c->Finite("geom_gap", m->geom_gap, m->ngeom);
  for (int64_t i = 0; i < m->ngeom && c->ok(); i++) {
    int type = m->geom_type[i], id = m->geom_dataid[i];
    bool needs = type == mjGEOM_HFIELD || type == mjGEOM_MESH || type == mjGEOM_SDF;
    // primitives fitted to a mesh keep the mesh id
    int64_t count = type == mjGEOM_HFIELD ? m->nhfield : m->nmesh;
    if (id < (needs ? 0 : -1) || id >= count) {
      c->Fail("geom_dataid[" + std::to_string(i) + "] out of range");
    }
    int b = m->geom_bodyid[i];
    if (m->body_geomnum[b] <= 0 || i < m->body_geomadr[b] ||
        i >= m->body_geomadr[b] + m->body_geomnum[b]) {
      c->Fail("geom " + std::to_string(i) + " is outside the geoms of its body");
    }
  }
  c->Range("site_bodyid", m->site_bodyid, m->nsite, 0, m->nbody);
  c->Range("site_matid", m->site_matid, m->nsite, -1, m->nmat);
  c->Range("site_type", m->site_type, m->nsite, 0, mjNGEOMTYPES);
  c->Finite("site_size", m->site_size, 3 * m->nsite, true);
  c->Finite("site_pos", m->site_pos, 3 * m->nsite);
  c->Quats("site_quat", m->site_quat, m->nsite);
  c->Range("cam_bodyid", m->cam_bodyid, m->ncam, 0, m->nbody);
  c->Range("cam_targetbodyid", m->cam_targetbodyid, m->ncam, -1, m->nbody);
  c->Quats("cam_quat", m->cam_quat, m->ncam);
  c->Range("light_bodyid", m->light_bodyid, m->nlight, 0, m->nbody);
  c->Range("light_targetbodyid", m->light_targetbodyid, m->nlight, -1, m->nbody);
  c->Range("light_texid", m->light_texid, m->nlight, -1, m->ntex);
  c->Range("mat_texid", m->mat_texid, m->nmat * mjNTEXROLE, -1, m->ntex);
  c->Range("pair_geom1", m->pair_geom1, m->npair, 0, m->ngeom);
  c->Range("pair_geom2", m->pair_geom2, m->npair, 0, m->ngeom);
  for (int64_t i = 0; i < m->nexclude && c->ok(); i++) {
    // signature (body1 << 16) + body2
    int sig = m->exclude_signature[i];
    if (sig < 0 || (sig >> 16) >= m->nbody || (sig & 0xFFFF) >= m->nbody) {
      c->Fail("exclude_signature[" + std::to_string(i) + "] names no body pair");
    }
  }

  // bounding volume hierarchies of bodies (leaves: the body's geoms) and of meshes (leaves:
  // faces), and mesh octrees: children are later nodes of the same hierarchy, numbered from its
  // first node
  for (int64_t b = 0; b < m->nbody && c->ok(); b++) {
    int adr = m->body_bvhadr[b], n = m->body_bvhnum[b];
    Hierarchy(c, "body", b, m->bvh_child, 2, adr, n);
    for (int k = 0; k < n && c->ok(); k++) {
      int node = m->bvh_nodeid[adr + k];
      if (node != -1 &&
          (node < m->body_geomadr[b] || node >= m->body_geomadr[b] + m->body_geomnum[b])) {
        c->Fail("bvh_nodeid of body " + std::to_string(b) + " names no geom of the body");
      }
    }
  }
}

// flexes, meshes, skins, height fields, textures: address blocks and element indices
void CheckAssets(Checker* c) {
  const mjModel* m = c->m;
  c->AdrNum("flex_node", m->flex_nodeadr, m->flex_nodenum, m->nflex, m->nflexnode);
  c->AdrNum("flex_vert", m->flex_vertadr, m->flex_vertnum, m->nflex, m->nflexvert);
  c->AdrNum("flex_edge", m->flex_edgeadr, m->flex_edgenum, m->nflex, m->nflexedge);
  c->AdrNum("flex_elem", m->flex_elemadr, m->flex_elemnum, m->nflex, m->nflexelem);
  c->AdrNum("flex_evpair", m->flex_evpairadr, m->flex_evpairnum, m->nflex, m->nflexevpair);
  c->Range("flex_nodebodyid", m->flex_nodebodyid, m->nflexnode, 0, m->nbody);
  c->Range("flex_vertbodyid", m->flex_vertbodyid, m->nflexvert, -1, m->nbody);  // -1: free vertex
  c->Range("flex_matid", m->flex_matid, m->nflex, -1, m->nmat);
  c->Range("flex_dim", m->flex_dim, m->nflex, 1, 4);
  c->AdrNum("flex_bvh", m->flex_bvhadr, m->flex_bvhnum, m->nflex, m->nbvh);
  for (int64_t f = 0; f < m->nflex && c->ok(); f++) {
    int nvert = m->flex_vertnum[f], dim = m->flex_dim[f];
    // element hierarchy: dynamic nodes (boxes in bvh_aabb_dyn), leaves name elements
    int bvhadr = m->flex_bvhadr[f], nbvh = m->flex_bvhnum[f];
    if (nbvh > 0 && bvhadr < m->nbvhstatic) {
      c->Fail("flex " + std::to_string(f) + " hierarchy overlaps the static bounding volumes");
    }
    Hierarchy(c, "flex", f, m->bvh_child, 2, bvhadr, nbvh);
    c->Range("bvh_nodeid", m->bvh_nodeid + (nbvh > 0 ? bvhadr : 0), nbvh, -1, m->flex_elemnum[f]);
    int64_t evadr = m->flex_evpairadr[f], nev = m->flex_evpairnum[f];
    for (int64_t i = 0; i < nev && evadr >= 0 && c->ok(); i++) {
      const int* ev = m->flex_evpair + 2 * (evadr + i);
      if (ev[0] < 0 || ev[0] >= m->flex_elemnum[f] || ev[1] < 0 || ev[1] >= nvert) {
        c->Fail("flex_evpair of flex " + std::to_string(f) + " names no element or vertex");
      }
    }
    c->Range("flex_edge", m->flex_edge + 2 * m->flex_edgeadr[f], 2 * m->flex_edgenum[f], 0, nvert);
    int64_t adr = m->flex_elemdataadr[f], n = m->flex_elemnum[f] * (dim + 1);
    if (adr < 0 || adr + n > m->nflexelemdata) {
      c->Fail("flex " + std::to_string(f) + " element data outside flex_elem");
    } else {
      c->Range("flex_elem", m->flex_elem + adr, n, 0, nvert);
    }
  }

  c->AdrNum("mesh_vert", m->mesh_vertadr, m->mesh_vertnum, m->nmesh, m->nmeshvert);
  c->AdrNum("mesh_face", m->mesh_faceadr, m->mesh_facenum, m->nmesh, m->nmeshface);
  c->AdrNum("mesh_normal", m->mesh_normaladr, m->mesh_normalnum, m->nmesh, m->nmeshnormal);
  c->AdrNum("mesh_texcoord", m->mesh_texcoordadr, m->mesh_texcoordnum, m->nmesh, m->nmeshtexcoord);
  c->AdrNum("mesh_bvh", m->mesh_bvhadr, m->mesh_bvhnum, m->nmesh, m->nbvh);
  c->AdrNum("mesh_oct", m->mesh_octadr, m->mesh_octnum, m->nmesh, m->noct);
  c->AdrNum("mesh_poly", m->mesh_polyadr, m->mesh_polynum, m->nmesh, m->nmeshpoly);
  c->AdrNum("mesh_polyvert", m->mesh_polyvertadr, m->mesh_polyvertnum, m->nmeshpoly,
            m->nmeshpolyvert);
  c->AdrNum("mesh_polymap", m->mesh_polymapadr, m->mesh_polymapnum, m->nmeshvert, m->nmeshpolymap);
  c->Range("mesh_graphadr", m->mesh_graphadr, m->nmesh, -1, m->nmeshgraph);
  for (int64_t i = 0; i < 3 * m->nmeshvert && c->ok(); i++) {
    if (!std::isfinite(m->mesh_vert[i])) {
      c->Fail("mesh_vert[" + std::to_string(i) + "] is not finite");
    }
  }
  for (int64_t k = 0; k < m->nmesh && c->ok(); k++) {
    // faces index the mesh's own vertices
    int nvert = m->mesh_vertnum[k];
    c->Range("mesh_face", m->mesh_face + 3 * m->mesh_faceadr[k], 3 * m->mesh_facenum[k], 0, nvert);
    int nbvh = m->mesh_bvhnum[k], bvhadr = m->mesh_bvhadr[k];
    Hierarchy(c, "mesh", k, m->bvh_child, 2, bvhadr, nbvh);
    c->Range("bvh_nodeid", m->bvh_nodeid + (nbvh > 0 ? bvhadr : 0), nbvh, -1, m->mesh_facenum[k]);
    Hierarchy(c, "mesh octree", k, m->oct_child, 8, m->mesh_octadr[k], m->mesh_octnum[k]);
    // convex hull graph: numvert, numface, then vert_edgeadr[numvert], vert_globalid[numvert],
    // edge_localid[numvert + 3 numface], face_globalid[3 numface]
    int adr = m->mesh_graphadr[k];
    if (adr < 0) {
      continue;
    }
    const int* g = m->mesh_graph + adr;
    int64_t avail = m->nmeshgraph - adr;
    if (avail < 2 || g[0] < 0 || g[1] < 0 ||
        2 + 3 * static_cast<int64_t>(g[0]) + 6 * static_cast<int64_t>(g[1]) > avail) {
      c->Fail("convex hull graph of mesh " + std::to_string(k) + " outside mesh_graph");
      continue;
    }
    int64_t nv = g[0], nf = g[1];
    c->Range("mesh_graph vert_edgeadr", g + 2, nv, 0, nv + 3 * nf);
    c->Range("mesh_graph vert_globalid", g + 2 + nv, nv, 0, nvert);
    c->Range("mesh_graph edge_localid", g + 2 + 2 * nv, nv + 3 * nf, -1, nv);
    c->Range("mesh_graph face_globalid", g + 2 + 3 * nv + 3 * nf, 3 * nf, 0, nvert);
  }
  for (int64_t p = 0; p < m->nmeshpoly && c->ok(); p++) {
    c->Range("mesh_polyvert", m->mesh_polyvert + m->mesh_polyvertadr[p], m->mesh_polyvertnum[p], 0,
             m->nmeshvert);
  }
  c->Range("mesh_polymap", m->mesh_polymap, m->nmeshpolymap, 0, m->nmeshpoly);

  c->AdrNum("skin_vert", m->skin_vertadr, m->skin_vertnum, m->nskin, m->nskinvert);
  c->AdrNum("skin_face", m->skin_faceadr, m->skin_facenum, m->nskin, m->nskinface);
  c->AdrNum("skin_bone", m->skin_boneadr, m->skin_bonenum, m->nskin, m->nskinbone);
  c->AdrNum("skin_bonevert", m->skin_bonevertadr, m->skin_bonevertnum, m->nskinbone,
            m->nskinbonevert);
  c->Range("skin_bonebodyid", m->skin_bonebodyid, m->nskinbone, 0, m->nbody);
  c->Range("skin_matid", m->skin_matid, m->nskin, -1, m->nmat);
  for (int64_t s = 0; s < m->nskin && c->ok(); s++) {
    int nvert = m->skin_vertnum[s];
    c->Range("skin_face", m->skin_face + 3 * m->skin_faceadr[s], 3 * m->skin_facenum[s], 0, nvert);
    for (int b = 0; b < m->skin_bonenum[s] && c->ok(); b++) {
      int bone = m->skin_boneadr[s] + b;
      c->Range("skin_bonevertid", m->skin_bonevertid + m->skin_bonevertadr[bone],
               m->skin_bonevertnum[bone], 0, nvert);
    }
  }

  for (int64_t i = 0; i < m->nhfield && c->ok(); i++) {
    int64_t n = static_cast<int64_t>(m->hfield_nrow[i]) * m->hfield_ncol[i];
    // the collider interpolates between grid lines: at least two of each
    if (m->hfield_nrow[i] < 2 || m->hfield_ncol[i] < 2 || m->hfield_adr[i] < 0 ||
        m->hfield_adr[i] + n > m->nhfielddata) {
      c->Fail("height field " + std::to_string(i) + " data outside hfield_data");
    }
  }
  c->Finite("hfield_size", m->hfield_size, 4 * m->nhfield, true);
  for (int64_t i = 0; i < m->ntex && c->ok(); i++) {
    int64_t w = m->tex_width[i], h = m->tex_height[i], k = m->tex_nchannel[i];
    if (w < 0 || h < 0 || k < 0 || m->tex_adr[i] < 0 || m->tex_adr[i] + w * h * k > m->ntexdata) {
      c->Fail("texture " + std::to_string(i) + " data outside tex_data");
    }
  }
}

// equality constraints: object kinds and ids as mj_makeConstraint uses them
void CheckEqualities(Checker* c) {
  const mjModel* m = c->m;
  for (int64_t e = 0; e < m->neq && c->ok(); e++) {
    int type = m->eq_type[e], objtype = m->eq_objtype[e];
    int id1 = m->eq_obj1id[e], id2 = m->eq_obj2id[e];
    int64_t n1 = 0, n2lo = 0;  // count of the object kind; lowest valid id2
    bool kind = false;
    switch (type) {
      case mjEQ_CONNECT:
      case mjEQ_WELD:
        kind = objtype == mjOBJ_BODY || objtype == mjOBJ_XBODY || objtype == mjOBJ_SITE;
        n1 = objtype == mjOBJ_SITE ? m->nsite : m->nbody;
        break;
      case mjEQ_JOINT:
        kind = objtype == mjOBJ_JOINT || objtype == mjOBJ_UNKNOWN;
        n1 = m->njnt;
        n2lo = -1;
        break;
      case mjEQ_TENDON:
        kind = objtype == mjOBJ_TENDON || objtype == mjOBJ_UNKNOWN;
        n1 = m->ntendon;
        n2lo = -1;
        break;
      case mjEQ_FLEX:
      case mjEQ_FLEXVERT:
      case mjEQ_FLEXSTRAIN:
        kind = objtype == mjOBJ_FLEX || objtype == mjOBJ_UNKNOWN;
        n1 = m->nflex;
        n2lo = -1;
        break;
      default:
        break;
    }
    if (!kind || id1 < 0 || id1 >= n1 || id2 < n2lo || id2 >= n1 ||
        (type >= mjEQ_FLEX && id2 != -1)) {
      c->Fail("equality " + std::to_string(e) + " has an invalid type or object");
    }
  }
}

// the dofs the compiler lists for a tendon: joint wraps add the joint's dof, sites and wrapping
// geoms every dof on their body's chain to the world; sorted, unique
void TendonDofs(const mjModel* m, int t, std::vector<int>* dofs) {
  dofs->clear();
  for (int w = m->tendon_adr[t]; w < m->tendon_adr[t] + m->tendon_num[t]; w++) {
    int type = m->wrap_type[w], id = m->wrap_objid[w], body = -1;
    if (type == mjWRAP_JOINT) {
      dofs->push_back(m->jnt_dofadr[id]);
    } else if (type == mjWRAP_SITE) {
      body = m->site_bodyid[id];
    } else if (type == mjWRAP_SPHERE || type == mjWRAP_CYLINDER) {
      body = m->geom_bodyid[id];
    }
    for (; body > 0; body = m->body_parentid[body]) {
      for (int k = 0; k < m->body_dofnum[body]; k++) {
        dofs->push_back(m->body_dofadr[body] + k);
      }
    }
  }
  std::sort(dofs->begin(), dofs->end());
  dofs->erase(std::unique(dofs->begin(), dofs->end()), dofs->end());
}

// Tendon paths as mj_tendon walks them: a fixed tendon is joints only; a spatial tendon is sites
// and pulleys (positive divisors), with every wrapping geom between two sites. The Jacobian columns
// are the tendon's dofs.
void CheckTendons(Checker* c) {
  const mjModel* m = c->m;
  c->AdrNum("tendon_wrap", m->tendon_adr, m->tendon_num, m->ntendon, m->nwrap);
  c->Range("tendon_matid", m->tendon_matid, m->ntendon, -1, m->nmat);
  c->AdrNum("ten_J_row", m->ten_J_rowadr, m->ten_J_rownnz, m->ntendon, m->nJten);
  if (!c->ok()) {
    return;
  }
  std::vector<int> dofs;
  for (int64_t t = 0; t < m->ntendon && c->ok(); t++) {
    std::string who = "tendon " + std::to_string(t);
    int adr = m->tendon_adr[t], num = m->tendon_num[t];
    bool fixed = num > 0 && m->wrap_type[adr] == mjWRAP_JOINT;
    for (int k = 0; k < num && c->ok(); k++) {
      int w = adr + k, type = m->wrap_type[w], id = m->wrap_objid[w];
      int prev = k > 0 ? m->wrap_type[w - 1] : mjWRAP_NONE;
      int next = k + 1 < num ? m->wrap_type[w + 1] : mjWRAP_NONE;
      bool valid = false;
      if (fixed) {
        valid = type == mjWRAP_JOINT && id >= 0 && id < m->njnt && std::isfinite(m->wrap_prm[w]);
      } else if (type == mjWRAP_SITE) {
        valid = id >= 0 && id < m->nsite;
      } else if (type == mjWRAP_PULLEY) {
        valid = m->wrap_prm[w] > 0 && std::isfinite(m->wrap_prm[w]);
      } else if (type == mjWRAP_SPHERE || type == mjWRAP_CYLINDER) {
        // the side site id (-1: none), range-checked before the engine converts it to int
        mjtNum side = m->wrap_prm[w];
        valid = id >= 0 && id < m->ngeom && prev == mjWRAP_SITE && next == mjWRAP_SITE &&
                side >= -1 && side < m->nsite;
      }
      if (!valid) {
        c->Fail(who + ": invalid path element " + std::to_string(k));
      }
    }
    if (!c->ok()) {
      return;
    }
    TendonDofs(m, t, &dofs);
    int n = m->ten_J_rownnz[t];
    if (n != static_cast<int>(dofs.size()) ||
        !std::equal(dofs.begin(), dofs.end(), m->ten_J_colind + m->ten_J_rowadr[t])) {
      c->Fail(who + ": Jacobian columns (ten_J_colind) are not the dofs of its path");
    }
  }
  c->Range("tendon_treeid", m->tendon_treeid, 2 * m->ntendon, -1, m->ntree);
}

// actuators: transmission targets by type, activation blocks, and the moment-arm capacity
// (nJmom is the sum of ActuatorMomentCapacity exactly, as the compiler computes it, since it
// sizes mjData arrays and mj_transmission stores at most that many nonzeros per actuator)
void CheckActuators(Checker* c) {
  const mjModel* m = c->m;
  c->AdrNum("actuator_act", m->actuator_actadr, m->actuator_actnum, m->nu, m->na);
  int64_t capacity = 0;
  NonTreeContext ctx;
  if (m->nu) {
    NonTreeTreeFromModel(&ctx, m);
  }
  for (int64_t i = 0; i < m->nu && c->ok(); i++) {
    int type = m->actuator_trntype[i], id = m->actuator_trnid[2 * i];
    int ref = m->actuator_trnid[2 * i + 1];
    int64_t count = (type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT) ? m->njnt
                    : (type == mjTRN_SLIDERCRANK || type == mjTRN_SITE)  ? m->nsite
                    : type == mjTRN_TENDON                               ? m->ntendon
                    : type == mjTRN_BODY                                 ? m->nbody
                                                                         : 0;
    int reflo = type == mjTRN_SLIDERCRANK ? 0 : -1;
    if (id < 0 || id >= count || ref < reflo || ref >= m->nsite) {
      c->Fail("actuator " + std::to_string(i) + " has an invalid transmission target");
      break;
    }
    if (m->actuator_dyntype[i] < mjDYN_NONE || m->actuator_dyntype[i] > mjDYN_USER ||
        m->actuator_gaintype[i] < mjGAIN_FIXED || m->actuator_gaintype[i] > mjGAIN_USER ||
        m->actuator_biastype[i] < mjBIAS_NONE || m->actuator_biastype[i] > mjBIAS_USER) {
      c->Fail("actuator " + std::to_string(i) + " has an invalid dynamics, gain or bias type");
    }
    int tendon_nnz = type == mjTRN_TENDON ? m->ten_J_rownnz[id] : 0;
    capacity += ActuatorMomentCapacity(ctx.tree, type, id, ref, tendon_nnz);
  }
  if (c->ok() && capacity != m->nJmom) {
    c->Fail("nJmom = " + std::to_string(m->nJmom) + " is not the actuators' moment-arm capacity (" +
            std::to_string(capacity) + ")");
  }
}

// sensors: object kinds by type, ids in range, and the output within sensordata
void CheckSensors(Checker* c) {
  const mjModel* m = c->m;
  c->AdrNum("sensor", m->sensor_adr, m->sensor_dim, m->nsensor, m->nsensordata);
  for (int64_t i = 0; i < m->nsensor && c->ok(); i++) {
    int type = m->sensor_type[i];
    if (type < 0 || type > mjSENS_USER ||
        !SensorObjectTypesValid(type, m->sensor_objtype[i], m->sensor_reftype[i])) {
      c->Fail("sensor " + std::to_string(i) + " has an invalid type or object type");
      break;
    }
    int64_t n1 = ObjectCount(m, m->sensor_objtype[i]), n2 = ObjectCount(m, m->sensor_reftype[i]);
    int id = m->sensor_objid[i], ref = m->sensor_refid[i];
    bool has1 = m->sensor_objtype[i] != mjOBJ_UNKNOWN, has2 = m->sensor_reftype[i] != mjOBJ_UNKNOWN;
    if ((has1 && (id < 0 || id >= n1)) || (has2 && (ref < 0 || ref >= n2))) {
      c->Fail("sensor " + std::to_string(i) + " names no object of its type");
      break;
    }
    int want = SensorModelDim(m, static_cast<int>(i));
    if (want >= 0 && want != m->sensor_dim[i]) {
      c->Fail("sensor " + std::to_string(i) + " has dimension " + std::to_string(m->sensor_dim[i]) +
              ", its type gives " + std::to_string(want));
    }
  }
}

// History buffers of delayed actuators and sensors (engine_history.h): an element with
// nsample > 0 and historyadr >= 0 owns 2 + nsample (1 + dim) values of mjData.history from
// historyadr (dim 1 for actuators); the interpolation order is 0, 1 or 2.
void CheckHistory(Checker* c) {
  const mjModel* m = c->m;
  int64_t total = 0;
  auto buffer = [&](const std::string& who, const int* hist, int adr, int64_t dim) {
    int64_t nsample = hist[0], interp = hist[1];
    if (interp < 0 || interp > 2) {
      return c->Fail(who + " has interpolation order " + std::to_string(interp));
    }
    if (nsample <= 0 || adr < 0) {
      return true;
    }
    int64_t need = 2 + nsample * (1 + dim);
    if (adr + need > m->nhistory) {
      return c->Fail(who + ": history block (adr " + std::to_string(adr) + ", " +
                     std::to_string(need) +
                     " values) outside nhistory = " + std::to_string(m->nhistory));
    }
    total += need;
    return true;
  };
  for (int64_t i = 0; i < m->nu && c->ok(); i++) {
    buffer("actuator " + std::to_string(i), m->actuator_history + 2 * i, m->actuator_historyadr[i],
           1);
  }
  for (int64_t i = 0; i < m->nsensor && c->ok(); i++) {
    buffer("sensor " + std::to_string(i), m->sensor_history + 2 * i, m->sensor_historyadr[i],
           m->sensor_dim[i]);
  }
  if (c->ok() && total != m->nhistory) {
    c->Fail("nhistory = " + std::to_string(m->nhistory) + ", the history buffers hold " +
            std::to_string(total));
  }
}

// Sizes of mjData arrays that no mjModel array bounds (the file length bounds the others): each
// must be what the model's elements need, as the compiler computes it, so that a damaged file
// cannot make mj_makeData ask for gigabytes. nuserdata and narena are the user's own choices.
void CheckDataSizes(Checker* c) {
  const mjModel* m = c->m;
  int64_t na = 0, nsensordata = 0, nmocap = 0;
  for (int64_t i = 0; i < m->nu; i++) {
    na += m->actuator_actnum[i];
  }
  for (int64_t i = 0; i < m->nsensor; i++) {
    nsensordata += m->sensor_dim[i];
  }
  for (int64_t i = 0; i < m->nbody; i++) {
    nmocap += m->body_mocapid[i] >= 0;
  }
  const struct {
    const char* name;
    int64_t size, want;
  } sizes[] = {
      {"na", m->na, na},
      {"nsensordata", m->nsensordata, nsensordata},
      {"nmocap", m->nmocap, nmocap},
      {"nbvhdynamic", m->nbvhdynamic, m->nbvh - m->nbvhstatic},
  };
  for (const auto& s : sizes) {
    if (s.size != s.want) {
      c->Fail(std::string(s.name) + " = " + std::to_string(s.size) +
              ", the model's elements need " + std::to_string(s.want));
      return;
    }
  }
}

// Plugin instances: each names a registered plugin (mj_makeData calls it), its configuration
// holds one null-terminated value per attribute within plugin_attr (mj_getPluginConfig walks
// them), its state block lies within plugin_state and has the size the plugin asks for, and
// npluginstate is their total. Element references are -1 or an instance.
void CheckPlugins(Checker* c) {
  const mjModel* m = c->m;
  c->Range("body_plugin", m->body_plugin, m->nbody, -1, m->nplugin);
  c->Range("geom_plugin", m->geom_plugin, m->ngeom, -1, m->nplugin);
  c->Range("actuator_plugin", m->actuator_plugin, m->nu, -1, m->nplugin);
  c->Range("sensor_plugin", m->sensor_plugin, m->nsensor, -1, m->nplugin);
  c->AdrNum("plugin_state", m->plugin_stateadr, m->plugin_statenum, m->nplugin, m->npluginstate);
  c->Range("plugin_attradr", m->plugin_attradr, m->nplugin, 0, m->npluginattr + 1);
  int64_t nstate = 0;
  for (int64_t i = 0; i < m->nplugin && c->ok(); i++) {
    std::string who = "plugin instance " + std::to_string(i);
    const mjpPlugin* plugin = mjp_getPluginAtSlot(m->plugin[i]);
    if (!plugin) {
      c->Fail(who + ": no plugin is registered in slot " + std::to_string(m->plugin[i]));
      break;
    }
    int64_t at = m->plugin_attradr[i];
    for (int k = 0; k < plugin->nattribute && at <= m->npluginattr; k++) {
      const void* end =
          at < m->npluginattr ? std::memchr(m->plugin_attr + at, 0, m->npluginattr - at) : nullptr;
      at = end ? static_cast<const char*>(end) - m->plugin_attr + 1 : m->npluginattr + 1;
    }
    if (at > m->npluginattr) {
      c->Fail(who + ": configuration values outside plugin_attr");
      break;
    }
    nstate += m->plugin_statenum[i];
    if (plugin->nstate && plugin->nstate(m, static_cast<int>(i)) != m->plugin_statenum[i]) {
      c->Fail(who + ": plugin_statenum is not the size '" + std::string(plugin->name) +
              "' asks for");
    }
  }
  if (c->ok() && nstate != m->npluginstate) {
    c->Fail("npluginstate = " + std::to_string(m->npluginstate) + ", the plugins hold " +
            std::to_string(nstate));
  }
}

// custom data and names
void CheckNames(Checker* c) {
  const mjModel* m = c->m;
  c->AdrNum("numeric", m->numeric_adr, m->numeric_size, m->nnumeric, m->nnumericdata);
  c->AdrNum("text", m->text_adr, m->text_size, m->ntext, m->ntextdata);
  c->AdrNum("tuple", m->tuple_adr, m->tuple_size, m->ntuple, m->ntupledata);
  c->Typed("tuple_objid", m->tuple_objid, m->tuple_objtype, m->ntupledata, 1);
  if (m->nnames > 0 && m->names[m->nnames - 1] != 0) {
    c->Fail("names not null-terminated");
  }
  if (m->npaths > 0 && m->paths[m->npaths - 1] != 0) {
    c->Fail("paths not null-terminated");
  }
  if (m->ntextdata > 0 && m->text_data[m->ntextdata - 1] != 0) {
    c->Fail("text_data not null-terminated");
  }
  const struct {
    const char* name;
    const int* adr;
    int64_t n;
  } names[] = {
      {"name_bodyadr", m->name_bodyadr, m->nbody},
      {"name_jntadr", m->name_jntadr, m->njnt},
      {"name_geomadr", m->name_geomadr, m->ngeom},
      {"name_siteadr", m->name_siteadr, m->nsite},
      {"name_camadr", m->name_camadr, m->ncam},
      {"name_lightadr", m->name_lightadr, m->nlight},
      {"name_flexadr", m->name_flexadr, m->nflex},
      {"name_meshadr", m->name_meshadr, m->nmesh},
      {"name_skinadr", m->name_skinadr, m->nskin},
      {"name_hfieldadr", m->name_hfieldadr, m->nhfield},
      {"name_texadr", m->name_texadr, m->ntex},
      {"name_matadr", m->name_matadr, m->nmat},
      {"name_pairadr", m->name_pairadr, m->npair},
      {"name_excludeadr", m->name_excludeadr, m->nexclude},
      {"name_eqadr", m->name_eqadr, m->neq},
      {"name_tendonadr", m->name_tendonadr, m->ntendon},
      {"name_actuatoradr", m->name_actuatoradr, m->nu},
      {"name_sensoradr", m->name_sensoradr, m->nsensor},
      {"name_numericadr", m->name_numericadr, m->nnumeric},
      {"name_textadr", m->name_textadr, m->ntext},
      {"name_tupleadr", m->name_tupleadr, m->ntuple},
      {"name_keyadr", m->name_keyadr, m->nkey},
      {"name_pluginadr", m->name_pluginadr, m->nplugin},
  };
  for (const auto& n : names) {
    c->Range(n.name, n.adr, n.n, 0, m->nnames);
  }
  // names_map is a hash table of object ids (-1: empty slot), one section per object type
  int64_t maxcount = 0;
  for (int t = mjOBJ_UNKNOWN; t < mjNOBJECT; t++) {
    maxcount = std::max(maxcount, ObjectCount(m, t));
  }
  c->Range("names_map", m->names_map, m->nnames_map, -1, maxcount);
}

}  // namespace

std::string MjbValidate(const mjModel* m) {
  Checker c{m, ""};
  void (*const parts[])(Checker*) = {CheckOptions, CheckTree,       CheckSparse,  CheckObjects,
                                     CheckAssets,  CheckEqualities, CheckTendons, CheckActuators,
                                     CheckSensors, CheckHistory,    CheckPlugins, CheckDataSizes,
                                     CheckNames};
  for (auto part : parts) {
    if (c.ok()) {
      part(&c);
    }
  }
  return c.problem;
}

}  // namespace motus
