// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjv_updateScene and mjv_addGeoms (programming_visualization.rst "Abstract visualization"):
// the model's own objects (geoms, sites, tendon paths, slider-cranks) as abstract geoms, then
// the decorations of vis_decor.cc, in the order MuJoCo adds them.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

const float kDefaultRgba[4] = {0.5f, 0.5f, 0.5f, 1.0f};

bool isDefaultRgba(const float* rgba) {
  return rgba[0] == kDefaultRgba[0] && rgba[1] == kDefaultRgba[1] && rgba[2] == kDefaultRgba[2] &&
         rgba[3] == kDefaultRgba[3];
}

bool groupVisible(const mjtByte* groups, int group) {
  return group >= 0 && group < mjNGROUP && groups[group];
}

// Material properties of a model object (XMLreference.rst, geom/material): the material gives
// emission, specular, shininess and reflectance; its color applies unless the object's own rgba
// differs from the default.
void setMaterial(mjvGeom* g, const mjModel* m, const mjvOption* opt, int matid, const float* rgba) {
  if (matid >= m->nmat) {
    matid = -1;  // users may edit the material ids of a model: one out of range means none
  }
  g->matid = opt->flags[mjVIS_TEXTURE] ? matid : -1;
  const float* color = rgba;
  if (matid >= 0) {
    if (isDefaultRgba(rgba)) {
      color = m->mat_rgba + 4 * matid;
    }
    g->emission = m->mat_emission[matid];
    g->specular = m->mat_specular[matid];
    g->shininess = m->mat_shininess[matid];
    g->reflectance = m->mat_reflectance[matid];
  }
  memcpy(g->rgba, color, sizeof(float) * 4);
}

// the abstract size of a primitive from the model's size: spheres (r, r, r), capsules and
// cylinders (r, r, half-length), the other types as stored
void primitiveSize(float size[3], int type, const mjtNum* msize) {
  switch (type) {
    case mjGEOM_SPHERE:
      size[0] = size[1] = size[2] = static_cast<float>(msize[0]);
      break;
    case mjGEOM_CAPSULE:
    case mjGEOM_CYLINDER:
      size[0] = size[1] = static_cast<float>(msize[0]);
      size[2] = static_cast<float>(msize[1]);
      break;
    default:
      for (int i = 0; i < 3; i++) {
        size[i] = static_cast<float>(msize[i]);
      }
  }
}

// mjVIS_TRANSPARENT makes the objects of moving bodies translucent by vis.map.alpha
void applyTransparency(mjvGeom* g, const mjModel* m, const mjvOption* opt, int category) {
  if (opt->flags[mjVIS_TRANSPARENT] && category == mjCAT_DYNAMIC) {
    g->rgba[3] *= m->vis.map.alpha;
  }
}

bool categoryShown(const mjvOption* opt, int category, int catmask) {
  if (!(category & catmask)) {
    return false;
  }
  return category != mjCAT_STATIC || opt->flags[mjVIS_STATIC];
}

// Infinite planes (a size of 0 along x or y) follow the eye: MuJoCo moves them along each such
// axis to the multiple of a step nearest to the eye of the scene's previous cameras, so that
// the renderer's finite square of plane always lies around the viewer. The step keeps the
// texture in place (four repeats, 4/texrepeat, on a textured plane) and is otherwise
// 2.1 zfar*extent/99 (measured on MuJoCo 3.8.0's scenes).
void placeInfinitePlane(mjvGeom* g, const mjModel* m, const mjData* d, const mjvScene* scn, int i) {
  const mjtNum* size = m->geom_size + 3 * i;
  if (size[0] > 0 && size[1] > 0) {
    return;
  }
  int matid = m->geom_matid[i];
  bool textured = matid >= 0 && (m->mat_texid[matid * mjNTEXROLE + mjTEXROLE_RGB] >= 0 ||
                                 m->mat_texid[matid * mjNTEXROLE + mjTEXROLE_RGBA] >= 0);
  double far = m->vis.map.zfar * m->stat.extent;
  const mjtNum* pos = d->geom_xpos + 3 * i;
  const mjtNum* mat = d->geom_xmat + 9 * i;
  double rel[3], local[2] = {0, 0};
  for (int k = 0; k < 3; k++) {
    double eye = 0.5 * ((double)scn->camera[0].pos[k] + (double)scn->camera[1].pos[k]);
    rel[k] = eye - pos[k];
  }
  for (int a = 0; a < 2; a++) {
    if (size[a] > 0) {
      continue;
    }
    double step = 2.1 * far / 99;
    if (textured && m->mat_texrepeat[2 * matid + a] > 0) {
      step = 4.0 / m->mat_texrepeat[2 * matid + a];
    }
    // the eye along the plane's axis a (column a of the orientation)
    double along = rel[0] * mat[a] + rel[1] * mat[3 + a] + rel[2] * mat[6 + a];
    local[a] = step * round(along / step);
  }
  for (int k = 0; k < 3; k++) {
    g->pos[k] = static_cast<float>(pos[k] + local[0] * mat[3 * k] + local[1] * mat[3 * k + 1]);
  }
}

void addModelGeoms(const mjModel* m, const mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                   int catmask, mjvScene* scn) {
  int nplane = 0;  // planes before geom i: a plane's dataid is its index among the planes
  for (int i = 0; i < m->ngeom; i++) {
    int planeid = nplane;
    nplane += m->geom_type[i] == mjGEOM_PLANE;
    int category = visBodyCategory(m, m->geom_bodyid[i]);
    if (!groupVisible(opt->geomgroup, m->geom_group[i]) || !categoryShown(opt, category, catmask)) {
      continue;
    }
    mjvGeom* g = visAcquireGeom(scn);
    if (!g) {
      return;
    }
    int type = m->geom_type[i];
    g->type = type;
    g->objtype = mjOBJ_GEOM;
    g->objid = i;
    g->category = category;
    if (type == mjGEOM_MESH || type == mjGEOM_SDF) {
      int mesh = m->geom_dataid[i];
      if (mesh >= 0) {
        bool hull = opt->flags[mjVIS_CONVEXHULL] && m->mesh_graphadr[mesh] >= 0;
        g->dataid = 2 * mesh + (hull ? 1 : 0);
        g->texcoord = m->mesh_texcoordadr[mesh] >= 0;
      }
    } else if (type == mjGEOM_HFIELD) {
      g->dataid = m->geom_dataid[i];
    } else if (type == mjGEOM_PLANE) {
      g->dataid = planeid;
    }
    primitiveSize(g->size, type, m->geom_size + 3 * i);
    visCopyPosMat(g, d->geom_xpos + 3 * i, d->geom_xmat + 9 * i);
    if (type == mjGEOM_PLANE) {
      placeInfinitePlane(g, m, d, scn, i);
    }
    setMaterial(g, m, opt, m->geom_matid[i], m->geom_rgba + 4 * i);
    applyTransparency(g, m, opt, category);
    if (pert && pert->select > 0 && pert->select == m->geom_bodyid[i]) {
      g->emission = m->vis.global.glow;  // the selected body glows
    }
    g->modelrbound = static_cast<float>(m->geom_rbound[i]);
    if (opt->label == mjLABEL_GEOM) {
      visSetLabel(g, m, mjOBJ_GEOM, i);
    }
    visCommitGeom(scn);
  }
}

void addSites(const mjModel* m, const mjData* d, const mjvOption* opt, const mjvPerturb* pert,
              int catmask, mjvScene* scn) {
  for (int i = 0; i < m->nsite; i++) {
    int category = visBodyCategory(m, m->site_bodyid[i]);
    if (!groupVisible(opt->sitegroup, m->site_group[i]) || !categoryShown(opt, category, catmask)) {
      continue;
    }
    mjvGeom* g = visAcquireGeom(scn);
    if (!g) {
      return;
    }
    g->type = m->site_type[i];
    g->objtype = mjOBJ_SITE;
    g->objid = i;
    g->category = category;
    primitiveSize(g->size, g->type, m->site_size + 3 * i);
    visCopyPosMat(g, d->site_xpos + 3 * i, d->site_xmat + 9 * i);
    setMaterial(g, m, opt, m->site_matid[i], m->site_rgba + 4 * i);
    applyTransparency(g, m, opt, category);
    if (pert && pert->select > 0 && pert->select == m->site_bodyid[i]) {
      g->emission = m->vis.global.glow;  // the selected body's sites glow with its geoms
    }
    if (opt->label == mjLABEL_SITE) {
      visSetLabel(g, m, mjOBJ_SITE, i);
    }
    visCommitGeom(scn);
  }
}

// Spatial tendon paths: one capsule per straight segment between consecutive wrap points (none
// across a pulley); segments whose both ends lie on a wrapping geom are drawn at half width.
void addTendons(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                mjvScene* scn) {
  if (!opt->flags[mjVIS_TENDON] || !(catmask & mjCAT_DYNAMIC)) {
    return;
  }
  for (int i = 0; i < m->ntendon; i++) {
    if (!groupVisible(opt->tendongroup, m->tendon_group[i])) {
      continue;
    }
    mjtNum limitBlend = visLimitImpedance(m, d, mjCNSTR_LIMIT_TENDON, i);
    int adr = d->ten_wrapadr[i], num = d->ten_wrapnum[i];
    for (int j = adr; j < adr + num - 1; j++) {
      if (d->wrap_obj[j] == -2 || d->wrap_obj[j + 1] == -2) {
        continue;
      }
      mjvGeom* g = visAcquireGeom(scn);
      if (!g) {
        return;
      }
      mjtNum width = m->tendon_width[i];
      if (d->wrap_obj[j] >= 0 && d->wrap_obj[j + 1] >= 0) {
        width *= 0.5;
      }
      mjv_connector(g, mjGEOM_CAPSULE, width, d->wrap_xpos + 3 * j, d->wrap_xpos + 3 * j + 3);
      g->objtype = mjOBJ_TENDON;
      g->objid = i;
      g->category = mjCAT_DYNAMIC;
      setMaterial(g, m, opt, m->tendon_matid[i], m->tendon_rgba + 4 * i);
      if (limitBlend > 0) {
        for (int k = 0; k < 3; k++) {
          g->rgba[k] = static_cast<float>((1 - limitBlend) * g->rgba[k] +
                                          limitBlend * m->vis.rgba.constraint[k]);
        }
      }
      applyTransparency(g, m, opt, mjCAT_DYNAMIC);
      if (opt->label == mjLABEL_TENDON && j == adr) {
        visSetLabel(g, m, mjOBJ_TENDON, i);
      }
      visCommitGeom(scn);
    }
  }
}

// Slider-crank transmissions: the slider as a cylinder along the slider site's z axis up to the
// crank rod's end, the rod as a capsule to the crank pin. When the rod is too short to reach the
// axis the mechanism is "broken": the slider ends at the pin's projection and the rod is colored
// with rgba.crankbroken.
void addSliderCranks(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                     mjvScene* scn) {
  if (!(catmask & mjCAT_DYNAMIC)) {
    return;
  }
  float width = m->vis.scale.slidercrank * visScale(m);
  for (int i = 0; i < m->nu; i++) {
    if (m->actuator_trntype[i] != mjTRN_SLIDERCRANK) {
      continue;
    }
    int crank = m->actuator_trnid[2 * i], slider = m->actuator_trnid[2 * i + 1];
    const mjtNum* sp = d->site_xpos + 3 * slider;
    const mjtNum* cp = d->site_xpos + 3 * crank;
    mjtNum axis[3] = {d->site_xmat[9 * slider + 2], d->site_xmat[9 * slider + 5],
                      d->site_xmat[9 * slider + 8]};
    mjtNum vec[3], end[3];
    mju_sub3(vec, cp, sp);
    mjtNum rod = m->actuator_cranklength[i];
    mjtNum proj = mju_dot3(vec, axis);
    mjtNum det = proj * proj + rod * rod - mju_dot3(vec, vec);
    bool broken = det < 0;
    mjtNum len = broken ? proj : proj - sqrt(det);
    mju_addScl3(end, sp, axis, len);

    mjvGeom* g = visAcquireGeom(scn);
    if (!g) {
      return;
    }
    mjv_connector(g, mjGEOM_CYLINDER, width, sp, end);
    g->objtype = mjOBJ_ACTUATOR;
    g->objid = i;
    g->category = mjCAT_DYNAMIC;
    memcpy(g->rgba, m->vis.rgba.slidercrank, sizeof(float) * 4);
    if (opt->label == mjLABEL_ACTUATOR) {
      visSetLabel(g, m, mjOBJ_ACTUATOR, i);
    }
    visCommitGeom(scn);

    g = visAcquireGeom(scn);
    if (!g) {
      return;
    }
    mjv_connector(g, mjGEOM_CAPSULE, 0.5f * width, end, cp);
    g->objtype = mjOBJ_ACTUATOR;
    g->objid = i;
    g->category = mjCAT_DYNAMIC;
    memcpy(g->rgba, broken ? m->vis.rgba.crankbroken : m->vis.rgba.slidercrank, sizeof(float) * 4);
    visCommitGeom(scn);
  }
}

// Skins: one geom each (the vertices are in the scene's skin buffers, mjv_updateSkin), placed at
// the body of the first bone.
void addSkins(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask, mjvScene* scn) {
  if (!opt->flags[mjVIS_SKIN] || !(catmask & mjCAT_DYNAMIC)) {
    return;
  }
  for (int s = 0; s < m->nskin; s++) {
    if (!groupVisible(opt->skingroup, m->skin_group[s])) {
      continue;
    }
    mjvGeom* g = visAcquireGeom(scn);
    if (!g) {
      return;
    }
    g->type = mjGEOM_SKIN;
    g->objtype = mjOBJ_SKIN;
    g->objid = s;
    g->category = mjCAT_DYNAMIC;
    g->texcoord = m->skin_texcoordadr[s] >= 0;
    if (m->skin_bonenum[s] > 0) {
      int b = m->skin_bonebodyid[m->skin_boneadr[s]];
      for (int k = 0; k < 3; k++) {
        g->pos[k] = static_cast<float>(d->xpos[3 * b + k]);
      }
    }
    setMaterial(g, m, opt, m->skin_matid[s], m->skin_rgba + 4 * s);
    applyTransparency(g, m, opt, mjCAT_DYNAMIC);
    if (opt->label == mjLABEL_SKIN) {
      visSetLabel(g, m, mjOBJ_SKIN, s);
    }
    visCommitGeom(scn);
  }
}

}  // namespace

void mjv_addGeoms(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                  int catmask, mjvScene* scn) {
  if (!m || !d || !opt || !scn) {
    mju_error("mjv_addGeoms: model, data, option and scene must not be NULL");
    return;
  }
  addSkins(m, d, opt, catmask, scn);
  addModelGeoms(m, d, opt, pert, catmask, scn);
  addSites(m, d, opt, pert, catmask, scn);
  addTendons(m, d, opt, catmask, scn);
  addSliderCranks(m, d, opt, catmask, scn);
  visAddBodyDecor(m, d, opt, pert, catmask, scn);
}

// Clears the geoms, adds every visible object of the selected categories, updates the camera
// updates the camera (when cam is given; the headlight follows it), then the skins.
void mjv_updateScene(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                     mjvCamera* cam, int catmask, mjvScene* scn) {
  if (!m || !d || !opt || !scn) {
    mju_error("mjv_updateScene: model, data, option and scene must not be NULL");
    return;
  }
  scn->ngeom = 0;
  scn->status = 0;
  scn->flexvertopt = opt->flags[mjVIS_FLEXVERT];
  scn->flexedgeopt = opt->flags[mjVIS_FLEXEDGE];
  scn->flexfaceopt = opt->flags[mjVIS_FLEXFACE];
  scn->flexskinopt = opt->flags[mjVIS_FLEXSKIN];
  mjv_addGeoms(m, d, opt, pert, catmask, scn);
  mjv_updateCamera(m, d, cam, scn);
  mjv_makeLights(m, d, scn);
  if (opt->flags[mjVIS_SKIN]) {
    mjv_updateSkin(m, d, scn);
  }
}
