// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Helpers of the smooth-dynamics tests (kinematics, mass, rne, jacobian, setconst): golden files
// written by test/data/smooth/make_golden.py from the MuJoCo 3.3.8 oracle, and an mjModel built
// directly from the compiled arrays they contain (no XML compiler needed), with the sparse
// structure and the qpos0 constants recomputed by our own mj_setSparse / mj_setConst.

#ifndef MOTUS_TEST_SMOOTH_TESTUTIL_H_
#define MOTUS_TEST_SMOOTH_TESTUTIL_H_

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_setconst.h"
#include "fixture.h"

namespace motus_test {

// golden arrays by name ("m.body_pos", "d.xpos", "size.nv", "opt.gravity")
class Golden {
 public:
  bool Load(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
      return false;
    }
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') {
        continue;
      }
      std::istringstream ss(line);
      std::string name;
      size_t n = 0;
      ss >> name >> n;
      std::vector<double> v(n);
      for (size_t i = 0; i < n; i++) {
        std::string tok;
        ss >> tok;
        v[i] = std::strtod(tok.c_str(), nullptr);
      }
      arrays_[name] = v;
    }
    return true;
  }
  bool Has(const std::string& name) const { return arrays_.count(name) > 0; }
  const std::vector<double>& Get(const std::string& name) const {
    static const std::vector<double> empty;
    auto it = arrays_.find(name);
    return it == arrays_.end() ? empty : it->second;
  }
  int Size(const std::string& name) const {
    if (Has("size." + name)) {
      return static_cast<int>(Get("size." + name)[0]);
    }
    return 0;
  }

 private:
  std::map<std::string, std::vector<double>> arrays_;
};

// body_simple and dof_simplenum of a hand-built model, from its tree, body_sameframe and joints
// (the engine's rules: mj_bodySimple, mj_dofSimpleNum)
inline void SetSimple(mjModel* m) {
  std::vector<int> nchild(m->nbody > 0 ? m->nbody : 1, 0);
  for (int b = 1; b < m->nbody; b++) {
    nchild[m->body_parentid[b]]++;
  }
  for (int b = 0; b < m->nbody; b++) {
    int adr = m->body_jntadr[b] < 0 ? 0 : m->body_jntadr[b];
    m->body_simple[b] = static_cast<mjtByte>(mj_bodySimple(
        b == 0 ? -1 : m->body_parentid[b], nchild[b], m->body_sameframe[b], m->body_jntnum[b],
        m->jnt_type + adr, m->jnt_pos + 3 * adr, m->jnt_axis + 3 * adr));
  }
  mj_dofSimpleNum(m->nv, m->dof_bodyid, m->body_simple, m->dof_simplenum);
}

inline std::string GoldenPath(const std::string& name) {
  return SourcePath("test/data/smooth/" + name);
}

template <typename T>
void FillArray(T* dst, const std::vector<double>& src, size_t n) {
  for (size_t i = 0; i < n && i < src.size(); i++) {
    dst[i] = static_cast<T>(src[i]);
  }
}

// Build an mjModel from the compiled arrays of a golden file. The sparse structure is computed
// by mj_setSparse and the constants by mj_setConst (d is a scratch mjData, deleted here).
// ntendon / nJten: optional extra (empty) tendon arrays for tests that fill them by hand.
inline mjModel* ModelFromGolden(const Golden& g, int ntendon = 0, int nJten = 0) {
  mjModel sizes = {};
  sizes.nq = g.Size("nq");
  sizes.nv = g.Size("nv");
  sizes.nbody = g.Size("nbody");
  sizes.njnt = g.Size("njnt");
  sizes.ngeom = g.Get("m.geom_bodyid").size();
  sizes.nsite = g.Get("m.site_bodyid").size();
  sizes.ncam = g.Get("m.cam_mode").size();
  sizes.nlight = g.Get("m.light_mode").size();
  sizes.nmocap = g.Size("nmocap");
  sizes.ntree = g.Size("ntree");
  sizes.nM = g.Size("nM");
  sizes.nC = g.Get("m.M_colind").size();
  sizes.nD = g.Get("m.D_colind").size();
  sizes.nB = g.Get("m.B_colind").size();
  sizes.neq = g.Get("m.eq_type").size();
  sizes.ntendon = ntendon;
  sizes.nJten = nJten;
  sizes.narena = 4 << 20;  // stack for the temporaries of the tested functions
  mjModel* m = mj_allocModel(&sizes);
  if (!m) {
    return nullptr;
  }

  int nq = m->nq, nv = m->nv, nbody = m->nbody, njnt = m->njnt;
  FillArray(m->opt.gravity, g.Get("opt.gravity"), 3);
  if (g.Has("opt.cone")) {
    m->opt.cone = static_cast<int>(g.Get("opt.cone")[0]);
  }
  FillArray(m->qpos0, g.Get("m.qpos0"), nq);
#define FILL(field, n) FillArray(m->field, g.Get("m." #field), (n))
  FILL(body_parentid, nbody);
  FILL(body_rootid, nbody);
  FILL(body_weldid, nbody);
  FILL(body_mocapid, nbody);
  FILL(body_jntnum, nbody);
  FILL(body_jntadr, nbody);
  FILL(body_dofnum, nbody);
  FILL(body_dofadr, nbody);
  FILL(body_treeid, nbody);
  FILL(body_geomnum, nbody);
  FILL(body_geomadr, nbody);
  FILL(body_sameframe, nbody);
  FILL(body_pos, 3 * nbody);
  FILL(body_quat, 4 * nbody);
  FILL(body_ipos, 3 * nbody);
  FILL(body_iquat, 4 * nbody);
  FILL(body_mass, nbody);
  FILL(body_inertia, 3 * nbody);
  FILL(jnt_type, njnt);
  FILL(jnt_qposadr, njnt);
  FILL(jnt_dofadr, njnt);
  FILL(jnt_bodyid, njnt);
  FILL(jnt_pos, 3 * njnt);
  FILL(jnt_axis, 3 * njnt);
  FILL(dof_bodyid, nv);
  FILL(dof_jntid, nv);
  FILL(dof_parentid, nv);
  FILL(dof_treeid, nv);
  FILL(dof_armature, nv);
  FILL(geom_bodyid, m->ngeom);
  FILL(geom_sameframe, m->ngeom);
  FILL(geom_pos, 3 * m->ngeom);
  FILL(geom_quat, 4 * m->ngeom);
  FILL(site_bodyid, m->nsite);
  FILL(site_sameframe, m->nsite);
  FILL(site_pos, 3 * m->nsite);
  FILL(site_quat, 4 * m->nsite);
  FILL(cam_mode, m->ncam);
  FILL(cam_bodyid, m->ncam);
  FILL(cam_targetbodyid, m->ncam);
  FILL(cam_pos, 3 * m->ncam);
  FILL(cam_quat, 4 * m->ncam);
  FILL(light_mode, m->nlight);
  FILL(light_bodyid, m->nlight);
  FILL(light_targetbodyid, m->nlight);
  FILL(light_pos, 3 * m->nlight);
  FILL(light_dir, 3 * m->nlight);
  FILL(eq_type, m->neq);
  FILL(eq_obj1id, m->neq);
  FILL(eq_obj2id, m->neq);
  FILL(eq_objtype, m->neq);
  FILL(eq_data, mjNEQDATA * m->neq);
#undef FILL

  // derived structure and constants, computed by the code under test
  SetSimple(m);
  mj_setSparse(m);
  mjData* d = mj_makeData(m);
  if (!d) {
    mj_deleteModel(m);
    return nullptr;
  }
  mj_setConst(m, d);
  mj_deleteData(d);
  return m;
}

// Write the golden state (qpos, qvel, xfrc_applied, mocap) into d.
inline void SetGoldenState(const Golden& g, const mjModel* m, mjData* d) {
  FillArray(d->qpos, g.Get("d.qpos"), m->nq);
  FillArray(d->qvel, g.Get("d.qvel"), m->nv);
  FillArray(d->qacc, g.Get("d.qacc"), m->nv);
  FillArray(d->xfrc_applied, g.Get("d.xfrc_applied"), 6 * m->nbody);
  FillArray(d->mocap_pos, g.Get("d.mocap_pos"), 3 * m->nmocap);
  FillArray(d->mocap_quat, g.Get("d.mocap_quat"), 4 * m->nmocap);
}

// Constraint results of the golden state (contacts, efc rows) owned by the test and attached to
// an mjData in place of the arena arrays, for mj_rnePostConstraint.
struct GoldenConstraints {
  std::vector<mjContact> contact;
  std::vector<int> efc_type, efc_id;
  std::vector<mjtNum> efc_force;

  void Attach(const Golden& g, mjData* d) {
    int ncon = g.Has("d.ncon") ? static_cast<int>(g.Get("d.ncon")[0]) : 0;
    int nefc = g.Has("d.nefc") ? static_cast<int>(g.Get("d.nefc")[0]) : 0;
    contact.assign(ncon, mjContact{});
    for (int c = 0; c < ncon; c++) {
      mjContact& con = contact[c];
      FillArray(con.pos,
                std::vector<double>(g.Get("d.contact.pos").begin() + 3 * c,
                                    g.Get("d.contact.pos").begin() + 3 * c + 3),
                3);
      FillArray(con.frame,
                std::vector<double>(g.Get("d.contact.frame").begin() + 9 * c,
                                    g.Get("d.contact.frame").begin() + 9 * c + 9),
                9);
      FillArray(con.friction,
                std::vector<double>(g.Get("d.contact.friction").begin() + 5 * c,
                                    g.Get("d.contact.friction").begin() + 5 * c + 5),
                5);
      con.dim = static_cast<int>(g.Get("d.contact.dim")[c]);
      con.geom1 = con.geom[0] = static_cast<int>(g.Get("d.contact.geom1")[c]);
      con.geom2 = con.geom[1] = static_cast<int>(g.Get("d.contact.geom2")[c]);
      con.flex[0] = con.flex[1] = con.elem[0] = con.elem[1] = con.vert[0] = con.vert[1] = -1;
      con.efc_address = static_cast<int>(g.Get("d.contact.efc_address")[c]);
      con.exclude = static_cast<int>(g.Get("d.contact.exclude")[c]);
    }
    efc_type.assign(g.Get("d.efc_type").begin(), g.Get("d.efc_type").end());
    efc_id.assign(g.Get("d.efc_id").begin(), g.Get("d.efc_id").end());
    efc_force.assign(g.Get("d.efc_force").begin(), g.Get("d.efc_force").end());
    d->ncon = ncon;
    d->nefc = nefc;
    d->ne = 0;
    for (int i = 0; i < nefc; i++) {
      d->ne += (efc_type[i] == mjCNSTR_EQUALITY);
    }
    d->contact = contact.data();
    d->efc_type = efc_type.data();
    d->efc_id = efc_id.data();
    d->efc_force = efc_force.data();
  }

  // detach before mj_deleteData / mj_resetData touch the arena
  static void Detach(mjData* d) {
    d->ncon = d->nefc = d->ne = 0;
    d->contact = nullptr;
    d->efc_type = d->efc_id = nullptr;
    d->efc_force = nullptr;
  }
};

// Compare n values with the golden array `name` at 1e-10 relative, 1e-12 absolute floor: both
// engines evaluate the same formulas in double precision, differing only in operation order.
// "Relative" is to the larger of the entry and the array's largest magnitude: entries that are
// near zero are the rounding residue of larger terms (e.g. 1e-17 vs 0 in cdof) and carry that
// larger term's absolute error.
template <typename T>
void ExpectNear(const Golden& g, const std::string& name, const T* actual, size_t n,
                double rel = 1e-10, double abs = 1e-12) {
  const std::vector<double>& want = g.Get(name);
  ASSERT_EQ(want.size(), n) << name;
  double scale = 0;
  for (double w : want) {
    scale = std::fmax(scale, std::fabs(w));
  }
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    double a = static_cast<double>(actual[i]);
    double tol = std::fmax(abs, rel * std::fmax(std::fabs(want[i]), scale));
    if (!(std::fabs(a - want[i]) <= tol)) {
      if (bad++ < 5) {
        ADD_FAILURE() << name << "[" << i << "] = " << a << ", want " << want[i];
      }
    }
  }
  EXPECT_EQ(bad, 0) << name << ": " << bad << " of " << n << " values differ";
}

// integer arrays must match exactly
template <typename T>
void ExpectEqual(const Golden& g, const std::string& name, const T* actual, size_t n) {
  const std::vector<double>& want = g.Get(name);
  ASSERT_EQ(want.size(), n) << name;
  for (size_t i = 0; i < n; i++) {
    EXPECT_EQ(static_cast<double>(actual[i]), want[i]) << name << "[" << i << "]";
  }
}

// RAII holders
struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

}  // namespace motus_test

#endif  // MOTUS_TEST_SMOOTH_TESTUTIL_H_
