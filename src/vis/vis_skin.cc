// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Skins (XMLreference.rst "skin", APIreference_functions.rst mjv_updateSkin): vertex positions
// by linear blend skinning of the bind pose, smooth normals from the faces, and inflation along
// the normals.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

// Each bone moves its vertices rigidly from the bind pose to the body's current pose:
// x = R q_b q_bind^-1 (v - p_bind) + p_b, blended by the vertex weights.
void skinPositions(const mjModel* m, const mjData* d, int s, float* vert) {
  int vadr = m->skin_vertadr[s], nvert = m->skin_vertnum[s];
  memset(vert, 0, sizeof(float) * 3 * nvert);
  for (int j = m->skin_boneadr[s]; j < m->skin_boneadr[s] + m->skin_bonenum[s]; j++) {
    int b = m->skin_bonebodyid[j];
    mjtNum bindquat[4], bindpos[3], quat[4], neg[4], rot[9], pos[3];
    for (int k = 0; k < 4; k++) {
      bindquat[k] = m->skin_bonebindquat[4 * j + k];
    }
    for (int k = 0; k < 3; k++) {
      bindpos[k] = m->skin_bonebindpos[3 * j + k];
    }
    mju_negQuat(neg, bindquat);
    mju_mulQuat(quat, d->xquat + 4 * b, neg);
    mju_quat2Mat(rot, quat);
    mju_rotVecQuat(pos, bindpos, quat);
    mju_sub3(pos, d->xpos + 3 * b, pos);
    for (int k = m->skin_bonevertadr[j]; k < m->skin_bonevertadr[j] + m->skin_bonevertnum[j]; k++) {
      int v = m->skin_bonevertid[k];
      float w = m->skin_bonevertweight[k];
      mjtNum local[3] = {m->skin_vert[3 * (vadr + v)], m->skin_vert[3 * (vadr + v) + 1],
                         m->skin_vert[3 * (vadr + v) + 2]},
             world[3];
      mju_mulMatVec3(world, rot, local);
      mju_addTo3(world, pos);
      for (int c = 0; c < 3; c++) {
        vert[3 * v + c] += static_cast<float>(w * world[c]);
      }
    }
  }
}

// area-weighted vertex normals: the sum of the cross products of the incident faces, normalized
void skinNormals(const mjModel* m, int s, const float* vert, float* normal) {
  int nvert = m->skin_vertnum[s];
  memset(normal, 0, sizeof(float) * 3 * nvert);
  const int* face = m->skin_face + 3 * m->skin_faceadr[s];
  for (int f = 0; f < m->skin_facenum[s]; f++) {
    const int* v = face + 3 * f;
    mjtNum e1[3], e2[3], n[3];
    for (int c = 0; c < 3; c++) {
      e1[c] = vert[3 * v[1] + c] - vert[3 * v[0] + c];
      e2[c] = vert[3 * v[2] + c] - vert[3 * v[0] + c];
    }
    mju_cross(n, e1, e2);
    for (int k = 0; k < 3; k++) {
      for (int c = 0; c < 3; c++) {
        normal[3 * v[k] + c] += static_cast<float>(n[c]);
      }
    }
  }
  for (int i = 0; i < nvert; i++) {
    float* n = normal + 3 * i;
    float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (len > mjMINVAL) {
      n[0] /= len;
      n[1] /= len;
      n[2] /= len;
    } else {
      n[0] = n[1] = 0;
      n[2] = 1;
    }
  }
}

}  // namespace

void mjv_updateSkin(const mjModel* m, const mjData* d, mjvScene* scn) {
  if (!m || !d || !scn) {
    mju_error("mjv_updateSkin: model, data and scene must not be NULL");
    return;
  }
  if (scn->nskin != m->nskin) {
    mju_error("mjv_updateSkin: the scene was made for %d skins, the model has %d",
              static_cast<int>(scn->nskin), static_cast<int>(m->nskin));
    return;
  }
  for (int s = 0; s < m->nskin; s++) {
    float* vert = scn->skinvert + 3 * scn->skinvertadr[s];
    float* normal = scn->skinnormal + 3 * scn->skinvertadr[s];
    skinPositions(m, d, s, vert);
    skinNormals(m, s, vert, normal);
    float inflate = m->skin_inflate[s];
    if (inflate != 0) {
      for (int i = 0; i < 3 * m->skin_vertnum[s]; i++) {
        vert[i] += inflate * normal[i];
      }
    }
  }
}
