// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Defaults of the abstract visualization types (APIreference_APItypes.rst mjvOption, mjvCamera,
// mjvPerturb, mjvFigure, mjvScene), allocation of the scene buffers, and the visualization copies
// of mjModel/mjData (APIreference_functions.rst "Visualization", "Interaction").

#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_util_errmem.h"
#include "vis/vis.h"

namespace {

// radical inverse of i in base b (the Halton sequence), for the figure's line colors
double radicalInverse(int i, int base) {
  double inv = 1.0 / base, scale = inv, x = 0;
  while (i > 0) {
    x += (i % base) * scale;
    i /= base;
    scale *= inv;
  }
  return x;
}

void setRgb(float* dst, float r, float g, float b) {
  dst[0] = r;
  dst[1] = g;
  dst[2] = b;
}

}  // namespace

// geoms, sites, joints, tendons, actuators, flexes and skins of groups 0, 1, 2 are shown; of the
// flags, textures, tendons, rangefinders, perturbation objects, static bodies, skins, flex edges
// and flex skins are on
void mjv_defaultOption(mjvOption* opt) {
  memset(opt, 0, sizeof(mjvOption));
  opt->label = mjLABEL_NONE;
  opt->frame = mjFRAME_NONE;
  for (int i = 0; i < mjNGROUP; i++) {
    mjtByte on = (i < 3);
    opt->geomgroup[i] = opt->sitegroup[i] = opt->jointgroup[i] = opt->tendongroup[i] = on;
    opt->actuatorgroup[i] = opt->flexgroup[i] = opt->skingroup[i] = on;
  }
  opt->flags[mjVIS_TEXTURE] = 1;
  opt->flags[mjVIS_TENDON] = 1;
  opt->flags[mjVIS_RANGEFINDER] = 1;
  opt->flags[mjVIS_PERTOBJ] = 1;
  opt->flags[mjVIS_STATIC] = 1;
  opt->flags[mjVIS_SKIN] = 1;
  opt->flags[mjVIS_FLEXEDGE] = 1;
  opt->flags[mjVIS_FLEXSKIN] = 1;
  opt->bvh_depth = 1;
  opt->flex_layer = 0;
}

// free camera looking at the origin from distance 2, azimuth 90, elevation -45 degrees
void mjv_defaultCamera(mjvCamera* cam) {
  memset(cam, 0, sizeof(mjvCamera));
  cam->type = mjCAMERA_FREE;
  cam->fixedcamid = -1;
  cam->trackbodyid = -1;
  cam->distance = 2;
  cam->azimuth = 90;
  cam->elevation = -45;
  cam->orthographic = 0;
}

// free camera framing the model: looks at the model's center from 1.5 extents away, at the
// azimuth, elevation and projection of <visual><global>
void mjv_defaultFreeCamera(const mjModel* m, mjvCamera* cam) {
  mjv_defaultCamera(cam);
  if (!m) {
    mju_error("mjv_defaultFreeCamera: model is NULL");
    return;
  }
  mju_copy3(cam->lookat, m->stat.center);
  cam->distance = 1.5 * m->stat.extent;
  cam->azimuth = m->vis.global.azimuth;
  cam->elevation = m->vis.global.elevation;
  cam->orthographic = m->vis.global.orthographic;
}

void mjv_defaultPerturb(mjvPerturb* pert) {
  memset(pert, 0, sizeof(mjvPerturb));
  pert->select = 0;
  pert->flexselect = -1;
  pert->skinselect = -1;
  pert->refquat[0] = 1;
  pert->scale = 1;
}

// white text and gray grid on black; eight hand-picked line colors, then colors spread by the
// Halton sequence in bases 2, 3, 5 (each channel in [0.1, 0.9])
void mjv_defaultFigure(mjvFigure* fig) {
  memset(fig, 0, sizeof(mjvFigure));
  fig->flg_legend = 1;
  fig->flg_ticklabel[0] = fig->flg_ticklabel[1] = 1;
  fig->flg_extend = 1;
  fig->linewidth = 3;
  fig->gridwidth = 1;
  fig->gridsize[0] = fig->gridsize[1] = 2;
  setRgb(fig->gridrgb, 0.4f, 0.4f, 0.4f);
  fig->figurergba[3] = 1;
  fig->panergba[3] = 1;
  fig->legendrgba[3] = 0.3f;
  setRgb(fig->textrgb, 1, 1, 1);
  setRgb(fig->linergb[0], 1, 0.3f, 0.3f);
  setRgb(fig->linergb[1], 0.1f, 1, 0.1f);
  setRgb(fig->linergb[2], 0.3f, 0.3f, 1);
  setRgb(fig->linergb[3], 0.1f, 1, 1);
  setRgb(fig->linergb[4], 1, 0.2f, 1);
  setRgb(fig->linergb[5], 1, 1, 0.1f);
  setRgb(fig->linergb[6], 1, 0.6f, 0.2f);
  setRgb(fig->linergb[7], 0.6f, 0.7f, 0.4f);
  for (int i = 8; i < mjMAXLINE; i++) {
    setRgb(fig->linergb[i], static_cast<float>(0.1f + 0.8f * radicalInverse(i, 2)),
           static_cast<float>(0.1f + 0.8f * radicalInverse(i, 3)),
           static_cast<float>(0.1f + 0.8f * radicalInverse(i, 5)));
  }
  fig->range[0][0] = 0;
  fig->range[0][1] = 1;
  fig->range[1][0] = 0;
  fig->range[1][1] = 1;
  mju_strncpy(fig->xformat, "%.0f", sizeof(fig->xformat));
  mju_strncpy(fig->yformat, "%.2g", sizeof(fig->yformat));
  mju_strncpy(fig->minwidth, "XXX", sizeof(fig->minwidth));
  fig->highlightid = -1;
}

// empty scene without buffers; identity model transformation; shadows, reflections, skybox,
// haze and back-face culling on
void mjv_defaultScene(mjvScene* scn) {
  memset(scn, 0, sizeof(mjvScene));
  scn->rotate[0] = 1;
  scn->scale = 1;
  scn->stereo = mjSTEREO_NONE;
  scn->flags[mjRND_SHADOW] = 1;
  scn->flags[mjRND_REFLECTION] = 1;
  scn->flags[mjRND_SKYBOX] = 1;
  scn->flags[mjRND_HAZE] = 1;
  scn->flags[mjRND_CULL_FACE] = 1;
}

void mjv_freeScene(mjvScene* scn) {
  if (!scn) {
    return;
  }
  mju_free(scn->geoms);
  mju_free(scn->geomorder);
  mju_free(scn->flexedgeadr);
  mju_free(scn->flexedgenum);
  mju_free(scn->flexvertadr);
  mju_free(scn->flexvertnum);
  mju_free(scn->flexfaceadr);
  mju_free(scn->flexfacenum);
  mju_free(scn->flexfaceused);
  mju_free(scn->flexedge);
  mju_free(scn->flexvert);
  mju_free(scn->flexface);
  mju_free(scn->flexnormal);
  mju_free(scn->flextexcoord);
  mju_free(scn->skinfacenum);
  mju_free(scn->skinvertadr);
  mju_free(scn->skinvertnum);
  mju_free(scn->skinvert);
  mju_free(scn->skinnormal);
  mjv_defaultScene(scn);
}

namespace {

template <typename T>
T* allocArray(long n) {
  return n > 0 ? static_cast<T*>(mju_calloc(sizeof(T) * n)) : nullptr;
}

void makeFlex(const mjModel* m, mjvScene* scn) {
  int nflex = m->nflex;
  scn->nflex = nflex;
  if (!nflex) {
    return;
  }
  scn->flexedgeadr = allocArray<int>(nflex);
  scn->flexedgenum = allocArray<int>(nflex);
  scn->flexvertadr = allocArray<int>(nflex);
  scn->flexvertnum = allocArray<int>(nflex);
  scn->flexfaceadr = allocArray<int>(nflex);
  scn->flexfacenum = allocArray<int>(nflex);
  scn->flexfaceused = allocArray<int>(nflex);
  long nface = 0;
  for (int f = 0; f < nflex; f++) {
    scn->flexedgeadr[f] = m->flex_edgeadr[f];
    scn->flexedgenum[f] = m->flex_edgenum[f];
    scn->flexvertadr[f] = m->flex_vertadr[f];
    scn->flexvertnum[f] = m->flex_vertnum[f];
    scn->flexfaceadr[f] = static_cast<int>(nface);
    scn->flexfacenum[f] = visFlexFaceCapacity(m, f);
    nface += scn->flexfacenum[f];
  }
  scn->flexedge = allocArray<int>(2 * (long)m->nflexedge);
  scn->flexvert = allocArray<float>(3 * (long)m->nflexvert);
  scn->flexface = allocArray<float>(9 * nface);
  scn->flexnormal = allocArray<float>(9 * nface);
  scn->flextexcoord = allocArray<float>(6 * nface);
  if (scn->flexedge) {
    for (long e = 0; e < 2 * (long)m->nflexedge; e++) {
      scn->flexedge[e] = m->flex_edge[e];
    }
  }
}

void makeSkin(const mjModel* m, mjvScene* scn) {
  int nskin = m->nskin;
  scn->nskin = nskin;
  if (!nskin) {
    return;
  }
  scn->skinfacenum = allocArray<int>(nskin);
  scn->skinvertadr = allocArray<int>(nskin);
  scn->skinvertnum = allocArray<int>(nskin);
  long nvert = 0;
  for (int s = 0; s < nskin; s++) {
    scn->skinfacenum[s] = m->skin_facenum[s];
    scn->skinvertadr[s] = static_cast<int>(nvert);
    scn->skinvertnum[s] = m->skin_vertnum[s];
    nvert += m->skin_vertnum[s];
  }
  scn->skinvert = allocArray<float>(3 * nvert);
  scn->skinnormal = allocArray<float>(3 * nvert);
}

}  // namespace

// (Re)allocates the geom buffer for maxgeom geoms and the flex and skin buffers of the model
// (none when m is NULL); everything else takes its default.
void mjv_makeScene(const mjModel* m, mjvScene* scn, int maxgeom) {
  if (!scn) {
    mju_error("mjv_makeScene: scene is NULL");
    return;
  }
  if (maxgeom < 0) {
    mju_error("mjv_makeScene: maxgeom %d is negative", maxgeom);
    return;
  }
  mjv_freeScene(scn);
  scn->maxgeom = maxgeom;
  scn->geoms = allocArray<mjvGeom>(maxgeom);
  scn->geomorder = allocArray<int>(maxgeom);
  if (m) {
    makeFlex(m, scn);
    makeSkin(m, scn);
  }
}

// Visualization needs all of mjModel but the arrays only the compiler and the solver use; a full
// copy serves it exactly. The function returns nothing, so a copy made for a NULL destination
// could never be freed: that is an error here (MuJoCo 3.8 documents dest as nullable but crashes).
void mjv_copyModel(mjModel* dest, const mjModel* src) {
  if (!src) {
    mju_error("mjv_copyModel: source model is NULL");
    return;
  }
  if (!dest) {
    mju_error("mjv_copyModel: destination model is NULL (allocate it with mj_copyModel)");
    return;
  }
  mj_copyModel(dest, src);
}

// Everything a scene reads is in mjData's main buffers; a full copy serves it exactly.
mjData* mjv_copyData(mjData* dest, const mjModel* m, const mjData* src) {
  if (!m || !src) {
    mju_error("mjv_copyData: model or source data is NULL");
    return nullptr;
  }
  return mj_copyData(dest, m, src);
}
