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
// Island coloring (mjVIS_ISLAND), measured on MuJoCo's scenes: the geoms of a body (and the
// tendons, by their first tree) whose tree is in a constraint island take a color of the
// island, the others of a moving body gray 0.7, and world geoms keep theirs; no material. The
// island's color is an HSV point of Halton sequences at n = 1 + the island's smallest dof: hue in
// base 7, saturation 0.5 + 0.5 x in base 3, value 0.6 + 0.4 x in base 5.
void islandColor(const mjModel* m, const mjData* d, int tree, mjvGeom* g) {
  if (tree < 0 || tree >= m->ntree) {
    return;
  }
  int island = d->tree_island ? d->tree_island[tree] : -1;
  g->matid = -1;
  g->rgba[3] = 1;
  if (island < 0 || island >= d->nisland) {
    g->rgba[0] = g->rgba[1] = g->rgba[2] = 0.7f;
    return;
  }
  int n = 1 + d->island_dofadr[island];
  // (hue, saturation and value in double, rounded to float, then converted in float: MuJoCo's
  // colors to the bit)
  float h = static_cast<float>(mju_Halton(n, 7));
  float sat = static_cast<float>(0.5 + 0.5 * mju_Halton(n, 3));
  float val = static_cast<float>(0.6 + 0.4 * mju_Halton(n, 5));
  // HSV to RGB: sector k of the hue circle, fraction f within it
  float h6 = 6 * h;
  int k = static_cast<int>(floorf(h6));
  float f = h6 - k;
  float p = val * (1 - sat), q = val * (1 - sat * f), t = val * (1 - sat * (1 - f));
  float rgb[6][3] = {{val, t, p}, {q, val, p}, {p, val, t}, {p, q, val}, {t, p, val}, {val, p, q}};
  k = k < 0 ? 0 : (k > 5 ? 5 : k);
  memcpy(g->rgba, rgb[k], sizeof(float) * 3);
}

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
    if (opt->flags[mjVIS_ISLAND]) {
      islandColor(m, d, m->body_treeid[m->geom_bodyid[i]], g);
    }
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

// Length X of the cable that a tendon draws as (MuJoCo's "catenary" visualization), or 0: an
// unactuated, undamped, frictionless 2-point tendon whose spring (with stiffness) or limit
// (without) has the form [0 X], X > 0, and that is slack (shorter than X) under gravity.
mjtNum cableLength(const mjModel* m, const mjData* d, int i) {
  if (d->ten_wrapnum[i] != 2 || m->tendon_damping[i] != 0 || m->tendon_frictionloss[i] != 0 ||
      mju_norm3(m->opt.gravity) < mjMINVAL) {
    return 0;
  }
  for (int a = 0; a < m->nu; a++) {
    if (m->actuator_trntype[a] == mjTRN_TENDON && m->actuator_trnid[2 * a] == i) {
      return 0;
    }
  }
  const mjtNum* form = nullptr;
  if (m->tendon_stiffness[i] > 0) {
    form = m->tendon_lengthspring + 2 * i;
  } else if (m->tendon_limited[i]) {
    form = m->tendon_range + 2 * i;
  }
  if (!form || form[0] != 0 || form[1] <= 0 || d->ten_length[i] >= form[1]) {
    return 0;
  }
  return form[1];
}

// Points of a cable of length len hanging from a to b under gravity, written to pnt (3 per
// point); returns their number. Measured on MuJoCo's scenes: when the horizontal distance h is
// below len/100 the cable hangs straight down from its lower end and back up (3 points, the
// low point placed along the horizontal in proportion to the length before it); otherwise it is
// the catenary of that length through a and b, sampled at 30 points equally spaced in the
// horizontal, of which MuJoCo draws the first 28 and then goes straight to b (29 points).
int cablePoints(const mjModel* m, const mjtNum a[3], const mjtNum b[3], mjtNum len,
                mjtNum pnt[3 * 29]) {
  mjtNum up[3], ab[3], hor[3];
  mju_scl3(up, m->opt.gravity, -1 / mju_norm3(m->opt.gravity));
  mju_sub3(ab, b, a);
  mjtNum v = mju_dot3(ab, up);  // height of b above a
  mju_addScl3(hor, ab, up, -v);
  mjtNum h = mju_norm3(hor);
  if (h < 0.01 * len) {
    mjtNum drop = 0.5 * (len - mju_abs(v));  // below the lower end
    mjtNum first = v > 0 ? drop : drop - v;  // length from a down to the low point
    mju_copy3(pnt, a);
    mju_addScl3(pnt + 3, a, hor, first / len);
    mju_addToScl3(pnt + 3, up, -first);
    mju_copy3(pnt + 6, b);
    return 3;
  }
  // catenary z(x) = c (cosh((x - x0)/c) - cosh(x0/c)) above a, x along the horizontal:
  // sqrt(len^2 - v^2) = 2 c sinh(h / 2c); solve sinh(t)/t = r for t = h / 2c by Newton
  mjtNum r = mju_sqrt(len * len - v * v) / h, t = mju_sqrt(6 * (r - 1));
  if (r > 3) {
    t = log(2 * r * log(2 * r));  // asymptotic start for long cables
  }
  for (int iter = 0; iter < 50; iter++) {
    mjtNum f = sinh(t) - r * t, df = cosh(t) - r;
    mjtNum step = f / df;
    t -= step;
    if (mju_abs(step) < 1e-15 * t) {
      break;
    }
  }
  mjtNum c = h / (2 * t);
  mjtNum x0 = 0.5 * h - c * asinh(v / (2 * c * sinh(t)));
  for (int k = 0; k < 28; k++) {
    mjtNum x = h * k / 29;
    mjtNum z = c * (cosh((x - x0) / c) - cosh(x0 / c));
    mju_addScl3(pnt + 3 * k, a, hor, (mjtNum)k / 29);
    mju_addToScl3(pnt + 3 * k, up, z);
  }
  mju_copy3(pnt + 3 * 28, b);
  return 29;
}

// Spatial tendon paths: one capsule per straight segment between consecutive wrap points (none
// across a pulley); segments whose both ends lie on a wrapping geom are drawn at half width.
// A slack cable is drawn along its hanging curve (cablePoints).
void addTendons(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                mjvScene* scn) {
  if (!opt->flags[mjVIS_TENDON] || !(catmask & mjCAT_DYNAMIC)) {
    return;
  }
  for (int i = 0; i < m->ntendon; i++) {
    if (!groupVisible(opt->tendongroup, m->tendon_group[i])) {
      continue;
    }
    // a tendon at an active limit is blended toward rgba.constraint only when it has neither
    // a material nor a color of its own (MuJoCo 3.8.0 draws colored tendons as they are)
    int matid = m->tendon_matid[i];
    bool plain = (matid < 0 || matid >= m->nmat) && isDefaultRgba(m->tendon_rgba + 4 * i);
    mjtNum limitBlend = plain ? visLimitImpedance(m, d, mjCNSTR_LIMIT_TENDON, i) : 0;
    int adr = d->ten_wrapadr[i], num = d->ten_wrapnum[i];
    const mjtNum* path = d->wrap_xpos + 3 * adr;
    const int* obj = d->wrap_obj + adr;
    mjtNum cable[3 * 29];
    int cableobj[29];
    mjtNum len = cableLength(m, d, i);
    if (len > 0) {
      num = cablePoints(m, d->wrap_xpos + 3 * adr, d->wrap_xpos + 3 * adr + 3, len, cable);
      for (int k = 0; k < num; k++) {
        cableobj[k] = -1;
      }
      path = cable;
      obj = cableobj;
    }
    for (int j = 0; j < num - 1; j++) {
      if (obj[j] == -2 || obj[j + 1] == -2) {
        continue;
      }
      mjvGeom* g = visAcquireGeom(scn);
      if (!g) {
        return;
      }
      mjtNum width = m->tendon_width[i];
      if (obj[j] >= 0 && obj[j + 1] >= 0) {
        width *= 0.5;
      }
      mjv_connector(g, mjGEOM_CAPSULE, width, path + 3 * j, path + 3 * j + 3);
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
      if (opt->flags[mjVIS_ISLAND] && m->tendon_treenum[i] > 0 && len == 0) {  // not cables
        islandColor(m, d, m->tendon_treeid[2 * i], g);
      }
      applyTransparency(g, m, opt, mjCAT_DYNAMIC);
      if (opt->label == mjLABEL_TENDON && (j == 0 || len > 0)) {  // cables: every segment
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

// The plugins' own drawings (mjpPlugin.visualize), each instance in order. MuJoCo calls them in
// mjv_updateScene before the model's geoms, whatever the category mask: e.g. the SDF plugins'
// descents under mjVIS_SDFITER come first in the scene.
void addPluginGeoms(const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn) {
  for (int i = 0; i < m->nplugin; i++) {
    const mjpPlugin* plugin = mjp_getPluginAtSlot(m->plugin[i]);
    if (plugin && plugin->visualize) {
      plugin->visualize(m, d, opt, scn, i);
    }
  }
}

}  // namespace

void mjv_addGeoms(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                  int catmask, mjvScene* scn) {
  if (!m || !d || !opt || !scn) {
    mju_error("mjv_addGeoms: model, data, option and scene must not be NULL");
    return;
  }
  visAddFlexGeoms(m, d, opt, catmask, scn);
  addSkins(m, d, opt, catmask, scn);
  addModelGeoms(m, d, opt, pert, catmask, scn);
  addSites(m, d, opt, pert, catmask, scn);
  addTendons(m, d, opt, catmask, scn);
  addSliderCranks(m, d, opt, catmask, scn);
  visAddBodyDecor(m, d, opt, pert, catmask, scn);
}

// Clears the geoms, draws the plugins', adds every visible object of the selected categories,
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
  addPluginGeoms(m, d, opt, scn);
  mjv_addGeoms(m, d, opt, pert, catmask, scn);
  visUpdateFlex(m, d, opt, scn);
  mjv_updateCamera(m, d, cam, scn);
  mjv_makeLights(m, d, scn);
  if (opt->flags[mjVIS_SKIN]) {
    mjv_updateSkin(m, d, scn);
  }
}
