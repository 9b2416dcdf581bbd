// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Abstract geoms (APIreference_APItypes.rst mjvGeom): mjv_initGeom, mjv_connector, and the
// scene's geom buffer shared by every pass of mjv_addGeoms.

#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "vis/vis.h"

// Sets the given fields and the material defaults (no mesh/texture, specular and shininess 0.5,
// no emission or reflectance, gray, box of size 0.1 at the origin). Object ids, category,
// segmentation id and the sorting fields are the caller's.
void mjv_initGeom(mjvGeom* geom, int type, const mjtNum size[3], const mjtNum pos[3],
                  const mjtNum mat[9], const float rgba[4]) {
  if (!geom) {
    mju_error("mjv_initGeom: geom is NULL");
    return;
  }
  geom->type = type;
  geom->dataid = -1;
  geom->matid = -1;
  geom->texcoord = 0;
  for (int i = 0; i < 3; i++) {
    geom->size[i] = size ? static_cast<float>(size[i]) : 0.1f;
    geom->pos[i] = pos ? static_cast<float>(pos[i]) : 0.0f;
  }
  for (int i = 0; i < 9; i++) {
    geom->mat[i] = mat ? static_cast<float>(mat[i]) : ((i % 4) == 0 ? 1.0f : 0.0f);
  }
  static const float kGray[4] = {0.5f, 0.5f, 0.5f, 1.0f};
  for (int i = 0; i < 4; i++) {
    geom->rgba[i] = rgba ? rgba[i] : kGray[i];
  }
  geom->emission = 0;
  geom->specular = 0.5f;
  geom->shininess = 0.5f;
  geom->reflectance = 0;
  geom->label[0] = 0;
  geom->modelrbound = 0;
}

// A geom spanning from -> to with its z axis along to - from: capsules and cylinders are centered
// between the points with half-length |to - from| / 2; arrows and lines start at `from` with
// length |to - from|. The z axis is the shortest rotation of (0,0,1) onto the direction.
void mjv_connector(mjvGeom* geom, int type, mjtNum width, const mjtNum from[3],
                   const mjtNum to[3]) {
  if (!geom) {
    mju_error("mjv_connector: geom is NULL");
    return;
  }
  bool centered = (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER);
  bool anchored = (type == mjGEOM_ARROW || type == mjGEOM_ARROW1 || type == mjGEOM_ARROW2 ||
                   type == mjGEOM_LINE);
  if (!centered && !anchored) {
    mju_error("mjv_connector: invalid geom type %d for connector", type);
    return;
  }
  mjtNum dir[3], quat[4], mat[9];
  mju_sub3(dir, to, from);
  mjtNum len = mju_norm3(dir);
  mju_quatZ2Vec(quat, dir);  // identity for a zero vector
  mju_quat2Mat(mat, quat);

  geom->type = type;
  geom->size[0] = geom->size[1] = static_cast<float>(width);
  geom->size[2] = static_cast<float>(centered ? len / 2 : len);
  for (int i = 0; i < 3; i++) {
    geom->pos[i] = static_cast<float>(centered ? 0.5 * (from[i] + to[i]) : from[i]);
  }
  for (int i = 0; i < 9; i++) {
    geom->mat[i] = static_cast<float>(mat[i]);
  }
}

// ---------------------------------------------------------------------------------------------
// scene buffer

mjvGeom* visAcquireGeom(mjvScene* scn) {
  if (scn->ngeom >= scn->maxgeom) {
    if (!scn->status) {
      mju_warning("Pre-allocated visual geom buffer is full. Increase maxgeom above %d.",
                  scn->maxgeom);
    }
    scn->status = 1;
    return nullptr;
  }
  mjvGeom* g = scn->geoms + scn->ngeom;
  mjv_initGeom(g, mjGEOM_NONE, nullptr, nullptr, nullptr, nullptr);
  g->objtype = mjOBJ_UNKNOWN;
  g->objid = -1;
  g->category = mjCAT_DECOR;
  g->segid = scn->ngeom;
  g->camdist = 0;
  g->transparent = 0;
  return g;
}

void visCommitGeom(mjvScene* scn) {
  scn->ngeom++;
}

int visBodyCategory(const mjModel* m, int b) {
  bool fixed = b == 0 || (m->body_weldid[b] == 0 && m->body_mocapid[b] < 0);
  return fixed ? mjCAT_STATIC : mjCAT_DYNAMIC;
}

// unnamed objects are labeled "<type> <id>", e.g. "joint 5"
void visSetLabel(mjvGeom* g, const mjModel* m, int objtype, int id) {
  const char* name = mj_id2name(m, objtype, id);
  if (name && name[0]) {
    mju_strncpy(g->label, name, sizeof(g->label));
  } else {
    snprintf(g->label, sizeof(g->label), "%s %d", mju_type2Str(objtype), id);
  }
}

void visCopyPosMat(mjvGeom* g, const mjtNum pos[3], const mjtNum mat[9]) {
  for (int i = 0; i < 3; i++) {
    g->pos[i] = static_cast<float>(pos[i]);
  }
  for (int i = 0; i < 9; i++) {
    g->mat[i] = static_cast<float>(mat[i]);
  }
}

float visScale(const mjModel* m) {
  return static_cast<float>(m->stat.meansize);
}

mjtNum visLimitImpedance(const mjModel* m, const mjData* d, int efctype, int id) {
  for (int i = 0; i < d->nefc; i++) {
    if (d->efc_type[i] != efctype || d->efc_id[i] != id) {
      continue;
    }
    const mjtNum* solimp = efctype == mjCNSTR_LIMIT_JOINT ? m->jnt_solimp + mjNIMP * id
                                                          : m->tendon_solimp_lim + mjNIMP * id;
    return mj_impedance(solimp, d->efc_pos[i] - d->efc_margin[i], nullptr);
  }
  return 0;
}
