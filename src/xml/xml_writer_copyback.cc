// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Copy-back of a compiled model into its spec, used by mj_saveLastXML (APIreference_functions.rst:
// "Update XML data structures with info from low-level model created with mj_loadXML"): a user
// who edits mjModel parameters at runtime gets them saved.
//
// Only parameters whose model value is the spec value itself (no unit conversion, no frame
// composition, no inference) are copied: options, visual settings, the statistics the spec set,
// the per-element physical and visual constants listed below, and height field elevations.
// Positions, orientations, inertias, joint ranges of rotational joints (degrees in the spec),
// keyframes and everything the compiler computes are left as they are in the spec. A value is
// written only when it differs bitwise, so an unmodified model leaves the spec unchanged.

#include <cmath>
#include <cstring>
#include <string>

#include <mujoco/mujoco.h>

#include "xml/xml_writer.h"

namespace motus {
namespace {

template <class T>
void Copy(T* dst, const T* src, int n) {
  if (std::memcmp(dst, src, sizeof(T) * n) != 0) {
    std::memcpy(dst, src, sizeof(T) * n);
  }
}

// id of an element in the compiled model, or -1 if it is not in [0, n)
int IdOf(mjsElement* e, mjtSize n) {
  int id = mjs_getId(e);
  return id >= 0 && id < n ? id : -1;
}

void CopyJoint(mjsJoint* j, int id, const mjModel* m, bool degree) {
  int dof = m->jnt_dofadr[id];
  Copy(&j->stiffness[0], &m->jnt_stiffness[id], 1);
  Copy(&j->margin, &m->jnt_margin[id], 1);
  Copy(j->solref_limit, m->jnt_solref + mjNREF * id, mjNREF);
  Copy(j->solimp_limit, m->jnt_solimp + mjNIMP * id, mjNIMP);
  Copy(&j->group, &m->jnt_group[id], 1);
  if (dof >= 0 && dof < m->nv) {
    Copy(&j->armature, &m->dof_armature[dof], 1);
    Copy(&j->damping[0], &m->dof_damping[dof], 1);
    Copy(&j->frictionloss, &m->dof_frictionloss[dof], 1);
    Copy(j->solref_friction, m->dof_solref + mjNREF * dof, mjNREF);
    Copy(j->solimp_friction, m->dof_solimp + mjNIMP * dof, mjNIMP);
  }
  // ranges of slide joints are lengths; rotational ranges are in degrees in a degree spec
  if (j->type == mjJNT_SLIDE || !degree) {
    Copy(j->range, m->jnt_range + 2 * id, 2);
  }
}

void CopyGeom(mjsGeom* g, int id, const mjModel* m) {
  Copy(&g->contype, &m->geom_contype[id], 1);
  Copy(&g->conaffinity, &m->geom_conaffinity[id], 1);
  Copy(&g->condim, &m->geom_condim[id], 1);
  Copy(&g->priority, &m->geom_priority[id], 1);
  Copy(&g->group, &m->geom_group[id], 1);
  Copy(g->friction, m->geom_friction + 3 * id, 3);
  Copy(&g->solmix, &m->geom_solmix[id], 1);
  Copy(g->solref, m->geom_solref + mjNREF * id, mjNREF);
  Copy(g->solimp, m->geom_solimp + mjNIMP * id, mjNIMP);
  Copy(&g->margin, &m->geom_margin[id], 1);
  Copy(&g->gap, &m->geom_gap[id], 1);
  Copy(g->rgba, m->geom_rgba + 4 * id, 4);
}

void CopyTendon(mjsTendon* t, int id, const mjModel* m) {
  Copy(&t->stiffness[0], &m->tendon_stiffness[id], 1);
  Copy(&t->damping[0], &m->tendon_damping[id], 1);
  Copy(&t->frictionloss, &m->tendon_frictionloss[id], 1);
  Copy(&t->armature, &m->tendon_armature[id], 1);
  Copy(&t->margin, &m->tendon_margin[id], 1);
  Copy(t->range, m->tendon_range + 2 * id, 2);
  Copy(t->solref_limit, m->tendon_solref_lim + mjNREF * id, mjNREF);
  Copy(t->solimp_limit, m->tendon_solimp_lim + mjNIMP * id, mjNIMP);
  Copy(t->solref_friction, m->tendon_solref_fri + mjNREF * id, mjNREF);
  Copy(t->solimp_friction, m->tendon_solimp_fri + mjNIMP * id, mjNIMP);
  Copy(&t->width, &m->tendon_width[id], 1);
  Copy(t->rgba, m->tendon_rgba + 4 * id, 4);
  Copy(&t->group, &m->tendon_group[id], 1);
}

void CopyActuator(mjsActuator* a, int id, const mjModel* m) {
  Copy(a->gainprm, m->actuator_gainprm + mjNGAIN * id, mjNGAIN);
  Copy(a->biasprm, m->actuator_biasprm + mjNBIAS * id, mjNBIAS);
  Copy(a->dynprm, m->actuator_dynprm + mjNDYN * id, mjNDYN);
  Copy(a->gear, m->actuator_gear + 6 * id, 6);
  Copy(a->ctrlrange, m->actuator_ctrlrange + 2 * id, 2);
  Copy(a->forcerange, m->actuator_forcerange + 2 * id, 2);
  Copy(a->actrange, m->actuator_actrange + 2 * id, 2);
  Copy(a->lengthrange, m->actuator_lengthrange + 2 * id, 2);
  Copy(&a->cranklength, &m->actuator_cranklength[id], 1);
  Copy(&a->group, &m->actuator_group[id], 1);
}

// Height field elevation (XMLreference.rst asset/hfield): the compiled data, normalized by the
// compiler or written at runtime, replaces the spec's elevation (both store rows bottom to top;
// the writer lists them from the top, as MuJoCo 3.8.0 saves them). Height fields loaded from a
// file keep their file.
void CopyHField(mjsHField* h, int id, const mjModel* m) {
  if (h->file && !h->file->empty()) {
    return;
  }
  int nrow = m->hfield_nrow[id], ncol = m->hfield_ncol[id];
  const float* data = m->hfield_data + m->hfield_adr[id];
  h->userdata->assign(data, data + static_cast<size_t>(nrow) * ncol);
  h->nrow = nrow;
  h->ncol = ncol;
  Copy(h->size, m->hfield_size + 4 * id, 4);
}

}  // namespace

bool CopyBack(mjSpec* spec, const mjModel* m, std::string* error) {
  if (!spec || !m) {
    *error = "no spec or model";
    return false;
  }
  std::string sizes = CompareSizes(spec, m);
  if (!sizes.empty()) {
    *error = sizes;
    return false;
  }

  // global settings; statistics only where the spec gave a value (NaN: computed by the compiler)
  spec->option = m->opt;
  spec->visual = m->vis;
  double* stat[] = {&spec->stat.meaninertia, &spec->stat.meanmass, &spec->stat.meansize,
                    &spec->stat.extent};
  const double model_stat[] = {m->stat.meaninertia, m->stat.meanmass, m->stat.meansize,
                               m->stat.extent};
  for (int i = 0; i < 4; i++) {
    if (!std::isnan(*stat[i])) {
      *stat[i] = model_stat[i];
    }
  }
  for (int i = 0; i < 3; i++) {
    if (!std::isnan(spec->stat.center[i])) {
      spec->stat.center[i] = m->stat.center[i];
    }
  }

  bool degree = spec->compiler.degree != 0;
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_JOINT); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->njnt);
    if (id >= 0) {
      CopyJoint(mjs_asJoint(e), id, m, degree);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_GEOM); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->ngeom);
    if (id >= 0) {
      CopyGeom(mjs_asGeom(e), id, m);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_SITE); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nsite);
    if (id < 0) {
      continue;
    }
    mjsSite* s = mjs_asSite(e);
    Copy(&s->group, &m->site_group[id], 1);
    Copy(s->rgba, m->site_rgba + 4 * id, 4);
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_BODY); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nbody);
    if (id >= 0) {
      Copy(&mjs_asBody(e)->gravcomp, &m->body_gravcomp[id], 1);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_MATERIAL); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nmat);
    if (id < 0) {
      continue;
    }
    mjsMaterial* x = mjs_asMaterial(e);
    Copy(x->rgba, m->mat_rgba + 4 * id, 4);
    Copy(&x->emission, &m->mat_emission[id], 1);
    Copy(&x->specular, &m->mat_specular[id], 1);
    Copy(&x->shininess, &m->mat_shininess[id], 1);
    Copy(&x->reflectance, &m->mat_reflectance[id], 1);
    Copy(x->texrepeat, m->mat_texrepeat + 2 * id, 2);
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_PAIR); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->npair);
    if (id < 0) {
      continue;
    }
    mjsPair* p = mjs_asPair(e);
    Copy(&p->condim, &m->pair_dim[id], 1);
    Copy(p->friction, m->pair_friction + 5 * id, 5);
    Copy(p->solref, m->pair_solref + mjNREF * id, mjNREF);
    Copy(p->solreffriction, m->pair_solreffriction + mjNREF * id, mjNREF);
    Copy(p->solimp, m->pair_solimp + mjNIMP * id, mjNIMP);
    Copy(&p->margin, &m->pair_margin[id], 1);
    Copy(&p->gap, &m->pair_gap[id], 1);
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_EQUALITY); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->neq);
    if (id < 0) {
      continue;
    }
    mjsEquality* q = mjs_asEquality(e);
    Copy(q->solref, m->eq_solref + mjNREF * id, mjNREF);
    Copy(q->solimp, m->eq_solimp + mjNIMP * id, mjNIMP);
    Copy(&q->active, &m->eq_active0[id], 1);
    // polynomial coefficients are stored unchanged; weld torquescale is data[10]
    if (q->type == mjEQ_JOINT || q->type == mjEQ_TENDON) {
      Copy(q->data, m->eq_data + mjNEQDATA * id, 5);
    }
    if (q->type == mjEQ_WELD) {
      Copy(&q->data[10], m->eq_data + mjNEQDATA * id + 10, 1);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_TENDON); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->ntendon);
    if (id >= 0) {
      CopyTendon(mjs_asTendon(e), id, m);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_ACTUATOR); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nu);
    if (id >= 0) {
      CopyActuator(mjs_asActuator(e), id, m);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_HFIELD); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nhfield);
    if (id >= 0) {
      CopyHField(mjs_asHField(e), id, m);
    }
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_SENSOR); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nsensor);
    if (id < 0) {
      continue;
    }
    mjsSensor* s = mjs_asSensor(e);
    Copy(&s->noise, &m->sensor_noise[id], 1);
    Copy(&s->cutoff, &m->sensor_cutoff[id], 1);
  }
  for (mjsElement* e = mjs_firstElement(spec, mjOBJ_NUMERIC); e; e = mjs_nextElement(spec, e)) {
    int id = IdOf(e, m->nnumeric);
    if (id < 0) {
      continue;
    }
    mjsNumeric* n = mjs_asNumeric(e);
    int size = m->numeric_size[id];
    if (n->data && static_cast<int>(n->data->size()) == size) {
      Copy(n->data->data(), m->numeric_data + m->numeric_adr[id], size);
    }
  }
  return true;
}

}  // namespace motus

// ---------------------------------------------------------------------------------------------
// public API

int mj_copyBack(mjSpec* s, const mjModel* m) {
  std::string error;
  if (!motus::CopyBack(s, m, &error)) {
    mju_warning("mj_copyBack: %s", error.c_str());
    return 0;
  }
  return 1;
}
