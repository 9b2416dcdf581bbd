// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_recompile (APIreference_functions.rst; programming_modeledit.rst, "In-place
// recompilation"): compiles a spec into an existing mjModel/mjData pair, keeping the integration
// state of the elements that survive the edit.
//
// The state is saved per spec element before compiling (joints: qpos and qvel; actuators: ctrl
// and act; mocap bodies: mocap_pos and mocap_quat; the time) and written at the elements' new
// addresses afterwards. An element is recognized by identity: its compiled id in the old model
// (SpecElement::id, set by the previous compile of the same spec). Specs compiled through a
// transformed copy (fusestatic, discardvisual) do not record ids on their own elements; their
// elements are recognized by name. Elements added since the last compile start at their
// defaults (qpos0, zero velocity, zero control), as in a fresh mjData; every other field of
// mjData is reset, as MuJoCo does.

#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"

namespace {

using motus::SpecBody;
using motus::SpecElement;
using motus::SpecModel;

// values of one element, copied out of the old mjData
struct Saved {
  const SpecElement* e;
  std::string name;
  std::vector<mjtNum> a, b;  // (qpos, qvel), (ctrl, act) or (mocap_pos, mocap_quat)
};

struct SavedState {
  std::vector<Saved> joints, actuators, mocaps;
  mjtNum time = 0;
};

bool ByName(const SpecModel* s) {
  return s->s.compiler.fusestatic || s->s.compiler.discardvisual;
}

// the compiled id of element e in model m (-1 if absent), by identity or by name
int IdIn(const mjModel* m, const SpecModel* s, mjtObj type, const SpecElement* e,
         const std::string& name, int n) {
  if (ByName(s)) {
    return name.empty() ? -1 : mj_name2id(m, type, name.c_str());
  }
  return e->id >= 0 && e->id < n ? e->id : -1;
}

std::vector<mjtNum> Slice(const mjtNum* x, int adr, int n) {
  return std::vector<mjtNum>(x + adr, x + adr + n);
}

void Put(mjtNum* x, int adr, const std::vector<mjtNum>& v) {
  std::memcpy(x + adr, v.data(), sizeof(mjtNum) * v.size());
}

SavedState Save(SpecModel* s, const mjModel* m, const mjData* d) {
  SavedState st;
  st.time = d->time;
  for (SpecElement* e : motus::TreeOrder(s, mjOBJ_JOINT)) {
    int j = IdIn(m, s, mjOBJ_JOINT, e, e->name, m->njnt);
    if (j < 0) {
      continue;
    }
    int nq = mjJNT_FREE == m->jnt_type[j] ? 7 : m->jnt_type[j] == mjJNT_BALL ? 4 : 1;
    int nv = mjJNT_FREE == m->jnt_type[j] ? 6 : m->jnt_type[j] == mjJNT_BALL ? 3 : 1;
    st.joints.push_back(
        {e, e->name, Slice(d->qpos, m->jnt_qposadr[j], nq), Slice(d->qvel, m->jnt_dofadr[j], nv)});
  }
  for (auto& a : s->actuators) {
    int i = IdIn(m, s, mjOBJ_ACTUATOR, a.get(), a->name, m->nu);
    if (i < 0) {
      continue;
    }
    int na = m->actuator_actadr[i] < 0 ? 0 : m->actuator_actnum[i];
    st.actuators.push_back({a.get(), a->name, Slice(d->ctrl, i, 1),
                            Slice(d->act, na ? m->actuator_actadr[i] : 0, na)});
  }
  for (SpecElement* e : motus::TreeOrder(s, mjOBJ_BODY)) {
    int b = IdIn(m, s, mjOBJ_BODY, e, e->name, m->nbody);
    int id = b >= 0 ? m->body_mocapid[b] : -1;
    if (id >= 0) {
      st.mocaps.push_back(
          {e, e->name, Slice(d->mocap_pos, 3 * id, 3), Slice(d->mocap_quat, 4 * id, 4)});
    }
  }
  return st;
}

// write the saved values into a fresh mjData of the new model; an element whose kind or size
// changed keeps its default
void Restore(const SavedState& st, const SpecModel* s, const mjModel* m, mjData* d) {
  d->time = st.time;
  for (const Saved& v : st.joints) {
    int j = IdIn(m, s, mjOBJ_JOINT, v.e, v.name, m->njnt);
    if (j < 0) {
      continue;
    }
    int t = m->jnt_type[j];
    int nq = t == mjJNT_FREE ? 7 : t == mjJNT_BALL ? 4 : 1;
    if (static_cast<int>(v.a.size()) == nq) {
      Put(d->qpos, m->jnt_qposadr[j], v.a);
      Put(d->qvel, m->jnt_dofadr[j], v.b);
    }
  }
  for (const Saved& v : st.actuators) {
    int i = IdIn(m, s, mjOBJ_ACTUATOR, v.e, v.name, m->nu);
    if (i < 0) {
      continue;
    }
    Put(d->ctrl, i, v.a);
    int na = m->actuator_actadr[i] < 0 ? 0 : m->actuator_actnum[i];
    if (na == static_cast<int>(v.b.size()) && na) {
      Put(d->act, m->actuator_actadr[i], v.b);
    }
  }
  for (const Saved& v : st.mocaps) {
    int b = IdIn(m, s, mjOBJ_BODY, v.e, v.name, m->nbody);
    int id = b >= 0 ? m->body_mocapid[b] : -1;
    if (id >= 0) {
      Put(d->mocap_pos, 3 * id, v.a);
      Put(d->mocap_quat, 4 * id, v.b);
    }
  }
}

}  // namespace

extern "C" int mj_recompile(mjSpec* s, const mjVFS* vfs, mjModel* m, mjData* d) {
  if (!s || !m) {
    if (s) {
      motus::ToModel(s)->SetError("mj_recompile: model is NULL");
    }
    return -1;
  }
  SpecModel* spec = motus::ToModel(s);
  SavedState st;
  if (d) {
    st = Save(spec, m, d);
  }

  mjModel* nm = mj_compile(s, vfs);
  if (!nm) {
    // documented: on failure the given model and data are deleted; the error is in mjs_getError
    mj_deleteData(d);
    mj_deleteModel(m);
    return -1;
  }

  // the new contents move into the caller's structs; the old ones are freed through the
  // temporaries that now hold them
  mjModel oldm = *m;
  *m = *nm;
  *nm = oldm;
  mj_deleteModel(nm);
  if (d) {
    mjData* nd = mj_makeData(m);
    if (!nd) {
      spec->SetError("mj_recompile: could not allocate mjData");
      mj_deleteData(d);
      mj_deleteModel(m);
      return -1;
    }
    Restore(st, spec, m, nd);
    mjData oldd = *d;
    *d = *nd;
    *nd = oldd;
    mj_deleteData(nd);
  }
  return 0;
}
