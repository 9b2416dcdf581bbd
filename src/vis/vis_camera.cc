// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Cameras and lights of the abstract scene (programming_visualization.rst "Cameras", "Lights"):
// mjvCamera -> the two mjvGLCamera eyes, the model's lights and the headlight, and the model ->
// room transformation of the scene.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

void toFloat3(float* dst, const mjtNum* src) {
  for (int i = 0; i < 3; i++) {
    dst[i] = static_cast<float>(src[i]);
  }
}

void toDouble3(mjtNum* dst, const float* src) {
  for (int i = 0; i < 3; i++) {
    dst[i] = src[i];
  }
}

bool validCamera(const mjvCamera* cam, const char* func) {
  if (cam->type < mjCAMERA_FREE || cam->type > mjCAMERA_USER) {
    mju_error("%s: invalid camera type %d", func, cam->type);
    return false;
  }
  return true;
}

}  // namespace

// Camera pose (programming_visualization.rst "Cameras"): free and tracking cameras look at
// `lookat` from `distance` along the direction given by azimuth and elevation (degrees), with up
// in the vertical plane; fixed cameras take the model camera's frame (looking along -z, up +y).
void mjv_cameraFrame(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], mjtNum right[3],
                     const mjData* d, const mjvCamera* cam) {
  mjtNum pos[3], fwd[3], u[3], r[3];
  if (!cam) {
    mju_error("mjv_cameraFrame: camera is NULL");
    return;
  }
  if (cam->type == mjCAMERA_FIXED) {
    if (!d) {
      mju_error("mjv_cameraFrame: data is NULL");
      return;
    }
    int id = cam->fixedcamid;
    const mjtNum* mat = d->cam_xmat + 9 * id;
    mju_copy3(pos, d->cam_xpos + 3 * id);
    fwd[0] = -mat[2];
    fwd[1] = -mat[5];
    fwd[2] = -mat[8];
    u[0] = mat[1];
    u[1] = mat[4];
    u[2] = mat[7];
  } else {
    mjtNum ca = cos(cam->azimuth / 180.0 * mjPI), sa = sin(cam->azimuth / 180.0 * mjPI);
    mjtNum ce = cos(cam->elevation / 180.0 * mjPI);
    mjtNum se = sin(cam->elevation / 180.0 * mjPI);
    fwd[0] = ce * ca;
    fwd[1] = ce * sa;
    fwd[2] = se;
    u[0] = -se * ca;
    u[1] = -se * sa;
    u[2] = ce;
    mju_addScl3(pos, cam->lookat, fwd, -cam->distance);
  }
  mju_cross(r, fwd, u);
  if (headpos) {
    mju_copy3(headpos, pos);
  }
  if (forward) {
    mju_copy3(forward, fwd);
  }
  if (up) {
    mju_copy3(up, u);
  }
  if (right) {
    mju_copy3(right, r);
  }
}

// Frustum (APIreference_functions.rst mjv_cameraFrustum): near and far planes at
// vis.map.znear/zfar times the model extent; perspective cameras span +-znear tan(fovy / 2)
// vertically, orthographic ones +-fovy / 2 (fovy is then a length).
void mjv_cameraFrustum(float zver[2], float zhor[2], float zclip[2], const mjModel* m,
                       const mjvCamera* cam) {
  if (!m || !cam) {
    mju_error("mjv_cameraFrustum: model and camera must not be NULL");
    return;
  }
  // the clip planes are single precision, and the vertical extent is computed from them
  float znear = static_cast<float>(m->vis.map.znear * m->stat.extent);
  float zfar = static_cast<float>(m->vis.map.zfar * m->stat.extent);
  mjtNum fovy = m->vis.global.fovy;
  int ortho = cam->orthographic;
  if (cam->type == mjCAMERA_FIXED) {
    if (cam->fixedcamid < 0 || cam->fixedcamid >= m->ncam) {
      mju_error("mjv_cameraFrustum: fixed camera id %d out of range", cam->fixedcamid);
      return;
    }
    fovy = m->cam_fovy[cam->fixedcamid];
    ortho = m->cam_projection[cam->fixedcamid] == mjPROJ_ORTHOGRAPHIC;
  }
  mjtNum half = ortho ? fovy / 2 : znear * tan(fovy * mjPI / 360.0);
  if (zver) {
    zver[0] = static_cast<float>(half);
    zver[1] = static_cast<float>(half);
  }
  if (zhor) {
    zhor[0] = zhor[1] = 0;
  }
  if (zclip) {
    zclip[0] = static_cast<float>(znear);
    zclip[1] = static_cast<float>(zfar);
  }
}

// Maps the abstract camera to the two eyes of the scene: tracking cameras first move their lookat
// to the tracked body's subtree center of mass; eyes sit +-ipd/2 along the right vector.
void mjv_updateCamera(const mjModel* m, const mjData* d, mjvCamera* cam, mjvScene* scn) {
  if (!cam || cam->type == mjCAMERA_USER) {
    return;
  }
  if (!m || !d || !scn) {
    mju_error("mjv_updateCamera: model, data and scene must not be NULL");
    return;
  }
  if (!validCamera(cam, "mjv_updateCamera")) {
    return;
  }
  mjtNum ipd = m->vis.global.ipd;
  int ortho = cam->orthographic;
  if (cam->type == mjCAMERA_TRACKING) {
    if (cam->trackbodyid < 0 || cam->trackbodyid >= m->nbody) {
      mju_error("mjv_updateCamera: track body id %d out of range", cam->trackbodyid);
      return;
    }
    mju_copy3(cam->lookat, d->subtree_com + 3 * cam->trackbodyid);
  } else if (cam->type == mjCAMERA_FIXED) {
    if (cam->fixedcamid < 0 || cam->fixedcamid >= m->ncam) {
      mju_error("mjv_updateCamera: fixed camera id %d out of range", cam->fixedcamid);
      return;
    }
    ipd = m->cam_ipd[cam->fixedcamid];
    ortho = m->cam_projection[cam->fixedcamid] == mjPROJ_ORTHOGRAPHIC;
  }
  mjtNum head[3], fwd[3], up[3], right[3];
  mjv_cameraFrame(head, fwd, up, right, d, cam);
  float zver[2], zclip[2];
  mjv_cameraFrustum(zver, nullptr, zclip, m, cam);
  for (int n = 0; n < 2; n++) {
    mjvGLCamera* c = scn->camera + n;
    mjtNum pos[3];
    mju_addScl3(pos, head, right, (n == 0 ? -0.5 : 0.5) * ipd);
    toFloat3(c->pos, pos);
    toFloat3(c->forward, fwd);
    toFloat3(c->up, up);
    c->frustum_center = 0;
    c->frustum_width = 0;
    c->frustum_bottom = -zver[0];
    c->frustum_top = zver[1];
    c->frustum_near = zclip[0];
    c->frustum_far = zclip[1];
    c->orthographic = ortho;
  }
}

// The headlight (when vis.headlight.active) at the averaged eye looking forward, then the model's
// active lights, at most mjMAXLIGHT. Directional lights have no attenuation or cone.
void mjv_makeLights(const mjModel* m, const mjData* d, mjvScene* scn) {
  if (!m || !d || !scn) {
    mju_error("mjv_makeLights: model, data and scene must not be NULL");
    return;
  }
  scn->nlight = 0;
  if (m->vis.headlight.active) {
    mjvLight* l = scn->lights;
    memset(l, 0, sizeof(mjvLight));
    mjvGLCamera avg = mjv_averageCamera(scn->camera, scn->camera + 1);
    l->id = -1;
    l->type = mjLIGHT_DIRECTIONAL;
    l->texid = -1;
    l->headlight = 1;
    memcpy(l->pos, avg.pos, sizeof(float) * 3);
    memcpy(l->dir, avg.forward, sizeof(float) * 3);
    memcpy(l->ambient, m->vis.headlight.ambient, sizeof(float) * 3);
    memcpy(l->diffuse, m->vis.headlight.diffuse, sizeof(float) * 3);
    memcpy(l->specular, m->vis.headlight.specular, sizeof(float) * 3);
    l->bulbradius = 0.02f;
    l->range = 10;
    scn->nlight = 1;
  }
  for (int i = 0; i < m->nlight && scn->nlight < mjMAXLIGHT; i++) {
    if (!m->light_active[i]) {
      continue;
    }
    mjvLight* l = scn->lights + scn->nlight++;
    memset(l, 0, sizeof(mjvLight));
    l->id = i;
    l->type = m->light_type[i];
    l->texid = m->light_texid[i];
    l->headlight = 0;
    l->castshadow = m->light_castshadow[i];
    toFloat3(l->pos, d->light_xpos + 3 * i);
    toFloat3(l->dir, d->light_xdir + 3 * i);
    if (l->type != mjLIGHT_DIRECTIONAL) {
      memcpy(l->attenuation, m->light_attenuation + 3 * i, sizeof(float) * 3);
      l->cutoff = m->light_cutoff[i];
      l->exponent = m->light_exponent[i];
    }
    memcpy(l->ambient, m->light_ambient + 3 * i, sizeof(float) * 3);
    memcpy(l->diffuse, m->light_diffuse + 3 * i, sizeof(float) * 3);
    memcpy(l->specular, m->light_specular + 3 * i, sizeof(float) * 3);
    l->bulbradius = m->light_bulbradius[i];
    l->intensity = m->light_intensity[i];
    l->range = m->light_range[i];
  }
}

// Average of the two eyes: positions, directions (renormalized, up made orthogonal to forward)
// and frusta.
mjvGLCamera mjv_averageCamera(const mjvGLCamera* cam1, const mjvGLCamera* cam2) {
  mjvGLCamera c;
  memset(&c, 0, sizeof(c));
  if (!cam1 || !cam2) {
    mju_error("mjv_averageCamera: cameras must not be NULL");
    return c;
  }
  mjtNum pos[3], fwd[3], up[3];
  for (int i = 0; i < 3; i++) {
    pos[i] = 0.5 * (static_cast<mjtNum>(cam1->pos[i]) + cam2->pos[i]);
    fwd[i] = 0.5 * (static_cast<mjtNum>(cam1->forward[i]) + cam2->forward[i]);
    up[i] = 0.5 * (static_cast<mjtNum>(cam1->up[i]) + cam2->up[i]);
  }
  mju_normalize3(fwd);
  mju_addToScl3(up, fwd, -mju_dot3(up, fwd));
  mju_normalize3(up);
  toFloat3(c.pos, pos);
  toFloat3(c.forward, fwd);
  toFloat3(c.up, up);
  c.frustum_center = 0.5f * (cam1->frustum_center + cam2->frustum_center);
  c.frustum_width = 0.5f * (cam1->frustum_width + cam2->frustum_width);
  c.frustum_bottom = 0.5f * (cam1->frustum_bottom + cam2->frustum_bottom);
  c.frustum_top = 0.5f * (cam1->frustum_top + cam2->frustum_top);
  c.frustum_near = 0.5f * (cam1->frustum_near + cam2->frustum_near);
  c.frustum_far = 0.5f * (cam1->frustum_far + cam2->frustum_far);
  c.orthographic = cam1->orthographic;
  return c;
}

// ---------------------------------------------------------------------------------------------
// room (rendered) and model coordinates: room = translate + scale * rotate(model)

void mjv_model2room(mjtNum roompos[3], mjtNum roomquat[4], const mjtNum modelpos[3],
                    const mjtNum modelquat[4], const mjvScene* scn) {
  if (!scn->enabletransform) {
    mju_copy3(roompos, modelpos);
    mju_copy4(roomquat, modelquat);
    return;
  }
  mjtNum rot[4], translate[3], tmp[3];
  for (int i = 0; i < 4; i++) {
    rot[i] = scn->rotate[i];
  }
  toDouble3(translate, scn->translate);
  mju_rotVecQuat(tmp, modelpos, rot);
  mju_scl3(tmp, tmp, scn->scale);
  mju_add3(roompos, tmp, translate);
  // orientations by the float quaternion made unit in double (MuJoCo's results to the bit;
  // positions use it as stored)
  mju_normalize4(rot);
  mju_mulQuat(roomquat, rot, modelquat);
}

void mjv_room2model(mjtNum modelpos[3], mjtNum modelquat[4], const mjtNum roompos[3],
                    const mjtNum roomquat[4], const mjvScene* scn) {
  if (!scn->enabletransform) {
    mju_copy3(modelpos, roompos);
    mju_copy4(modelquat, roomquat);
    return;
  }
  if (scn->scale < mjMINVAL) {
    mju_error("mjv_room2model: scene scale is too small");
    return;
  }
  mjtNum rot[4], inv[4], translate[3], tmp[3];
  for (int i = 0; i < 4; i++) {
    rot[i] = scn->rotate[i];
  }
  mju_negQuat(inv, rot);
  toDouble3(translate, scn->translate);
  mju_sub3(tmp, roompos, translate);
  mju_scl3(tmp, tmp, 1.0 / scn->scale);
  mju_rotVecQuat(modelpos, tmp, inv);
  mju_normalize4(inv);
  mju_mulQuat(modelquat, inv, roomquat);
}

// average eye in room coordinates
void mjv_cameraInRoom(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], const mjvScene* scn) {
  const mjvGLCamera* c = scn->camera;
  mjtNum vec[3];
  // each output may be NULL (mjv_moveModel asks for the forward direction only)
  if (headpos) {
    for (int i = 0; i < 3; i++) {
      headpos[i] = 0.5 * (static_cast<mjtNum>(c[0].pos[i]) + c[1].pos[i]);
    }
  }
  for (int i = 0; i < 3; i++) {
    vec[i] = 0.5 * (static_cast<mjtNum>(c[0].forward[i]) + c[1].forward[i]);
  }
  mju_normalize3(vec);
  if (forward) {
    mju_copy3(forward, vec);
  }
  for (int i = 0; i < 3; i++) {
    vec[i] = 0.5 * (static_cast<mjtNum>(c[0].up[i]) + c[1].up[i]);
  }
  mju_normalize3(vec);
  if (up) {
    mju_copy3(up, vec);
  }
}

// Average eye in model coordinates: the eye's frame (right, up, -forward) as a quaternion taken
// through mjv_room2model, then back to vectors (which also makes them orthonormal).
void mjv_cameraInModel(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], const mjvScene* scn) {
  mjtNum pos[3], fwd[3], u[3], right[3], mat[9], quat[4], mquat[4];
  mjv_cameraInRoom(pos, fwd, u, scn);
  mju_cross(right, fwd, u);
  for (int i = 0; i < 3; i++) {
    mat[3 * i] = right[i];
    mat[3 * i + 1] = u[i];
    mat[3 * i + 2] = -fwd[i];
  }
  mju_mat2Quat(quat, mat);
  mjv_room2model(headpos, mquat, pos, quat, scn);
  mju_quat2Mat(mat, mquat);
  for (int i = 0; i < 3; i++) {
    forward[i] = -mat[3 * i + 2];
    up[i] = mat[3 * i + 1];
  }
}

// frustum height at unit distance: (top - bottom) / near, averaged over the eyes
mjtNum mjv_frustumHeight(const mjvScene* scn) {
  if (!scn) {
    mju_error("mjv_frustumHeight: scene is NULL");
    return 0;
  }
  // in single precision, as the cameras are stored
  float h[2] = {0, 0};
  for (int n = 0; n < 2; n++) {
    const mjvGLCamera* c = scn->camera + n;
    if (c->frustum_near > 0) {
      h[n] = (c->frustum_top - c->frustum_bottom) / c->frustum_near;
    }
  }
  return 0.5f * (h[0] + h[1]);
}

// Rotates vec about the vertical axis by the angle from (0, 1) to the horizontal projection of
// forward, so that screen "up" maps to the camera's horizontal heading.
void mjv_alignToCamera(mjtNum res[3], const mjtNum vec[3], const mjtNum forward[3]) {
  mjtNum xy = sqrt(forward[0] * forward[0] + forward[1] * forward[1]);
  if (xy < mjMINVAL) {
    mju_copy3(res, vec);
    return;
  }
  mjtNum s = forward[0] / xy, c = forward[1] / xy;
  mjtNum x = vec[0] * c + vec[1] * s;
  mjtNum y = -vec[0] * s + vec[1] * c;
  res[0] = x;
  res[1] = y;
  res[2] = vec[2];
}
