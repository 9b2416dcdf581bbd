// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjr_render: the 3D scene of an mjvScene in a viewport of the active buffer
// (programming_visualization.rst, "Drawing pixels"). Passes, in order: skybox, reflections of
// the reflective planes (stencil-masked mirror images), opaque geoms lit by every light except
// the shadow casters, one additive pass per shadow-casting light with its shadow map, transparent
// geoms back to front, labels. Segmentation (mjRND_SEGMENT / mjRND_IDCOLOR) draws each geom in a
// flat color from its segid, without lighting, textures or multisampling.

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <vector>

#include "render/render_internal.h"

// ---------------------------------------------------------------------------------------------
// small matrix helpers (column-major 4x4, as OpenGL)

namespace {

void matIdentity(float m[16]) {
  memset(m, 0, 16 * sizeof(float));
  m[0] = m[5] = m[10] = m[15] = 1;
}

void matMul(float out[16], const float a[16], const float b[16]) {
  float r[16];
  for (int c = 0; c < 4; c++) {
    for (int rr = 0; rr < 4; rr++) {
      float s = 0;
      for (int k = 0; k < 4; k++) {
        s += a[k * 4 + rr] * b[c * 4 + k];
      }
      r[c * 4 + rr] = s;
    }
  }
  memcpy(out, r, sizeof(r));
}

void normalize3(float v[3]) {
  float n = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (n > 0) {
    v[0] /= n;
    v[1] /= n;
    v[2] /= n;
  }
}

void cross3(float r[3], const float a[3], const float b[3]) {
  r[0] = a[1] * b[2] - a[2] * b[1];
  r[1] = a[2] * b[0] - a[0] * b[2];
  r[2] = a[0] * b[1] - a[1] * b[0];
}

// View matrix of an eye at pos looking along forward with the given up vector.
void lookAt(float m[16], const float pos[3], const float forward[3], const float up[3]) {
  float f[3] = {forward[0], forward[1], forward[2]}, u[3], s[3];
  normalize3(f);
  cross3(s, f, up);
  if (s[0] * s[0] + s[1] * s[1] + s[2] * s[2] < 1e-12f) {
    float alt[3] = {up[1], up[2], up[0]};  // up parallel to forward: any perpendicular
    cross3(s, f, alt);
  }
  normalize3(s);
  cross3(u, s, f);
  matIdentity(m);
  for (int i = 0; i < 3; i++) {
    m[i * 4 + 0] = s[i];
    m[i * 4 + 1] = u[i];
    m[i * 4 + 2] = -f[i];
  }
  m[12] = -(s[0] * pos[0] + s[1] * pos[1] + s[2] * pos[2]);
  m[13] = -(u[0] * pos[0] + u[1] * pos[1] + u[2] * pos[2]);
  m[14] = f[0] * pos[0] + f[1] * pos[1] + f[2] * pos[2];
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// segmentation colors

void render_segmentColor(int segid, int random, float rgb[3]) {
  if (!random) {
    // segid+1 in the 24 bits of the color: black (0) is the background
    unsigned int id = (unsigned int)(segid + 1);
    rgb[0] = (float)(id & 0xff) / 255.0f;
    rgb[1] = (float)((id >> 8) & 0xff) / 255.0f;
    rgb[2] = (float)((id >> 16) & 0xff) / 255.0f;
    return;
  }
  // distinct pseudo-random color from an integer hash of the id
  unsigned int h = (unsigned int)segid * 2654435761u + 0x9e3779b9u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  rgb[0] = 0.2f + 0.8f * (float)(h & 0xff) / 255.0f;
  rgb[1] = 0.2f + 0.8f * (float)((h >> 8) & 0xff) / 255.0f;
  rgb[2] = 0.2f + 0.8f * (float)((h >> 16) & 0xff) / 255.0f;
}

// ---------------------------------------------------------------------------------------------
// cameras, lights

namespace {

// The average of the two OpenGL cameras (mjSTEREO_NONE) or one of them.
mjvGLCamera viewCamera(const mjvScene* scn, int eye) {
  if (eye >= 0) {
    return scn->camera[eye];
  }
  mjvGLCamera c = scn->camera[0];
  const mjvGLCamera& d = scn->camera[1];
  for (int i = 0; i < 3; i++) {
    c.pos[i] = 0.5f * (c.pos[i] + d.pos[i]);
    c.forward[i] = 0.5f * (c.forward[i] + d.forward[i]);
    c.up[i] = 0.5f * (c.up[i] + d.up[i]);
  }
  c.frustum_center = 0.5f * (c.frustum_center + d.frustum_center);
  c.frustum_bottom = 0.5f * (c.frustum_bottom + d.frustum_bottom);
  c.frustum_top = 0.5f * (c.frustum_top + d.frustum_top);
  c.frustum_near = 0.5f * (c.frustum_near + d.frustum_near);
  c.frustum_far = 0.5f * (c.frustum_far + d.frustum_far);
  return c;
}

// Projection: the frustum's horizontal half-width follows the viewport's aspect ratio
// (mjvGLCamera: "left,right set to match aspect").
void setProjection(const mjvGLCamera& cam, mjrRect vp) {
  float aspect = (float)vp.width / (float)vp.height;
  float halfw = 0.5f * aspect * (cam.frustum_top - cam.frustum_bottom);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  if (cam.orthographic) {
    glOrtho(cam.frustum_center - halfw, cam.frustum_center + halfw, cam.frustum_bottom,
            cam.frustum_top, cam.frustum_near, cam.frustum_far);
  } else {
    glFrustum(cam.frustum_center - halfw, cam.frustum_center + halfw, cam.frustum_bottom,
              cam.frustum_top, cam.frustum_near, cam.frustum_far);
  }
  glMatrixMode(GL_MODELVIEW);
}

// Camera view followed by the model transformation (translate, rotate, scale) when enabled.
void viewMatrix(float m[16], const mjvGLCamera& cam, const mjvScene* scn) {
  lookAt(m, cam.pos, cam.forward, cam.up);
  if (scn->enabletransform) {
    const float* q = scn->rotate;
    float t[16];
    matIdentity(t);
    float w = q[0], x = q[1], y = q[2], z = q[3];
    float r[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                  2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                  2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        t[j * 4 + i] = r[3 * i + j] * scn->scale;
      }
      t[12 + i] = scn->translate[i];
    }
    matMul(m, m, t);
  }
}

// Sets OpenGL light slot i from an mjvLight; positions are given in model coordinates, so the
// modelview must hold the view matrix. Ambient only when diffuse_on is 0.
void setLight(int i, const mjvLight* l, int diffuse_on) {
  GLenum id = GL_LIGHT0 + i;
  float zero[4] = {0, 0, 0, 1};
  float amb[4] = {l->ambient[0], l->ambient[1], l->ambient[2], 1};
  float dif[4] = {l->diffuse[0], l->diffuse[1], l->diffuse[2], 1};
  float spe[4] = {l->specular[0], l->specular[1], l->specular[2], 1};
  glLightfv(id, GL_AMBIENT, amb);
  glLightfv(id, GL_DIFFUSE, diffuse_on ? dif : zero);
  glLightfv(id, GL_SPECULAR, diffuse_on ? spe : zero);
  if (l->type == mjLIGHT_DIRECTIONAL) {
    float pos[4] = {-l->dir[0], -l->dir[1], -l->dir[2], 0};
    glLightfv(id, GL_POSITION, pos);
    glLightf(id, GL_SPOT_CUTOFF, 180);
  } else {
    float pos[4] = {l->pos[0], l->pos[1], l->pos[2], 1};
    glLightfv(id, GL_POSITION, pos);
    glLightfv(id, GL_SPOT_DIRECTION, l->dir);
    int spot = l->type == mjLIGHT_SPOT && l->cutoff > 0 && l->cutoff < 90;
    glLightf(id, GL_SPOT_CUTOFF, spot ? l->cutoff : 180);
    glLightf(id, GL_SPOT_EXPONENT, mjMIN(128.0f, mjMAX(0.0f, l->exponent)));
  }
  glLightf(id, GL_CONSTANT_ATTENUATION, l->attenuation[0]);
  glLightf(id, GL_LINEAR_ATTENUATION, l->attenuation[1]);
  glLightf(id, GL_QUADRATIC_ATTENUATION, l->attenuation[2]);
  glEnable(id);
}

int maxLights(void) {
  int n = 8;
  glGetIntegerv(GL_MAX_LIGHTS, &n);
  return n;
}

// Lights for a pass: shadow casters contribute only ambient (their light is added by their own
// shadowed pass) when with_shadow is set; exactly one light when only >= 0.
void setLights(const mjvScene* scn, int with_shadow, int only) {
  int nmax = maxLights();
  for (int i = 0; i < nmax; i++) {
    glDisable(GL_LIGHT0 + i);
  }
  int n = mjMIN(scn->nlight, nmax);
  for (int i = 0; i < n; i++) {
    const mjvLight* l = scn->lights + i;
    if (only >= 0) {
      if (i == only) {
        mjvLight copy = *l;
        copy.ambient[0] = copy.ambient[1] = copy.ambient[2] = 0;
        setLight(i, &copy, 1);
      }
      continue;
    }
    setLight(i, l, !(with_shadow && l->castshadow));
  }
}

// ---------------------------------------------------------------------------------------------
// geom passes

int isTransparent(const mjvGeom* g) {
  return g->transparent || g->rgba[3] < 0.995f;
}

int isReflector(const mjvGeom* g) {
  return g->type == mjGEOM_PLANE && g->reflectance > 0 && !isTransparent(g);
}

// The opaque geoms but skip, their color and emission scaled by colorscale (mirror images).
void drawOpaque(const mjvScene* scn, const mjrContext* con, int skip, float colorscale) {
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (i == skip || isTransparent(g) || g->type == mjGEOM_LABEL) {
      continue;
    }
    if (isReflector(g) && skip < -1) {
      continue;  // reflective planes drawn first, added to their mirror images
    }
    render_setMaterial(g, con, mjrMODE_NORMAL, 1, colorscale);
    render_drawGeom(g, scn, con, mjrMODE_NORMAL);
  }
}

// The reflective planes; with mirror images (reflect set) each is added to its mirror image.
void drawReflectors(const mjvScene* scn, const mjrContext* con, int reflect) {
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (!isReflector(g)) {
      continue;
    }
    if (reflect) {
      glEnable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ONE);
    }
    render_setMaterial(g, con, mjrMODE_NORMAL, 1, 1);
    render_drawGeom(g, scn, con, mjrMODE_NORMAL);
    glDisable(GL_BLEND);
  }
}

// Transparent geoms from far to near (camdist, as mjv_updateScene sets it).
// The back sides of opaque planes, translucent.
void drawPlaneBacks(const mjvScene* scn, const mjrContext* con) {
  const float alpha = 0.5f;  // measured on MuJoCo's images
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (g->type != mjGEOM_PLANE || isTransparent(g)) {
      continue;
    }
    render_setMaterial(g, con, mjrMODE_NORMAL, alpha, 1);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_FRONT);
    render_drawGeom(g, scn, con, mjrMODE_BACK);
    glCullFace(GL_BACK);
  }
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void drawTransparent(const mjvScene* scn, const mjrContext* con) {
  drawPlaneBacks(scn, con);
  std::vector<std::pair<float, int>> order;
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (isTransparent(g) && g->type != mjGEOM_LABEL) {
      order.emplace_back(-g->camdist, i);
    }
  }
  if (order.empty()) {
    return;
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const std::pair<float, int>& a, const std::pair<float, int>& b) {
                     return a.first < b.first;
                   });
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, scn->flags[mjRND_ADDITIVE] ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  for (const auto& p : order) {
    const mjvGeom* g = scn->geoms + p.second;
    render_setMaterial(g, con, mjrMODE_NORMAL, 1, 1);
    render_drawGeom(g, scn, con, mjrMODE_NORMAL);
  }
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

// ---------------------------------------------------------------------------------------------
// skybox: the first skybox texture on the inside of the unit cylinder (mjrBUILTIN_CYLINDER),
// scaled to render_skyboxRadius around the eye, model z up. It writes depth: as in MuJoCo's
// images, what lies beyond it (the far part of an infinite plane) is hidden by the sky.

int skyboxTexture(const mjrContext* con) {
  for (int i = 0; i < con->ntexture; i++) {
    if (con->textureType[i] == mjTEXTURE_SKYBOX) {
      return i;
    }
  }
  return -1;
}

void drawSkybox(const mjrContext* con, const mjvGLCamera& cam, int tex) {
  glDisable(GL_LIGHTING);
  glEnable(GL_TEXTURE_CUBE_MAP);
  glBindTexture(GL_TEXTURE_CUBE_MAP, con->texture[tex]);
  // cube-map coordinates: the direction from the eye (object coordinates of the unit cylinder);
  // model +z is the texture's "up" face (+y), model +y its "front" (-z)
  float planes[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
  GLenum coord[3] = {GL_S, GL_T, GL_R};
  GLenum gen[3] = {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R};
  for (int k = 0; k < 3; k++) {
    glTexGeni(coord[k], GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGenfv(coord[k], GL_OBJECT_PLANE, planes[k]);
    glEnable(gen[k]);
  }
  glMatrixMode(GL_TEXTURE);
  float rot[16] = {1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1};
  glLoadMatrixf(rot);
  glMatrixMode(GL_MODELVIEW);
  glPushMatrix();
  float r = (float)render_skyboxRadius(cam.frustum_far);
  glTranslatef(cam.pos[0], cam.pos[1], cam.pos[2]);
  glScalef(r, r, r);
  glColor4f(1, 1, 1, 1);
  glFrontFace(GL_CW);  // seen from inside
  glCallList(con->baseBuiltin + mjrBUILTIN_CYLINDER);
  glFrontFace(GL_CCW);
  glPopMatrix();
  glMatrixMode(GL_TEXTURE);
  glLoadIdentity();
  glMatrixMode(GL_MODELVIEW);
  for (int k = 0; k < 3; k++) {
    glDisable(gen[k]);
  }
  glDisable(GL_TEXTURE_CUBE_MAP);
}

// Haze (render_geom.cc, the list after the planes'): drawn over the opaque scene around the eye,
// in the frame of the first infinite plane the eye is above, heights scaled by the eye's height.
void drawHaze(const mjvScene* scn, const mjrContext* con, const mjvGLCamera& cam) {
  const mjvGeom* plane = nullptr;
  for (int i = 0; i < scn->ngeom && !plane; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (g->type == mjGEOM_PLANE && (g->size[0] <= 0 || g->size[1] <= 0)) {
      plane = g;
    }
  }
  if (!plane || con->rangePlane < 1) {
    return;
  }
  float n[3] = {plane->mat[2], plane->mat[5], plane->mat[8]};
  float rel[3] = {cam.pos[0] - plane->pos[0], cam.pos[1] - plane->pos[1],
                  cam.pos[2] - plane->pos[2]};
  float h = rel[0] * n[0] + rel[1] * n[1] + rel[2] * n[2];
  if (!(h > 0)) {
    return;
  }
  // plane frame at the eye: columns x, y, n of the plane's orientation
  float m[16] = {plane->mat[0], plane->mat[3], plane->mat[6], 0,
                 plane->mat[1], plane->mat[4], plane->mat[7], 0,
                 n[0],          n[1],          n[2],          0,
                 cam.pos[0],    cam.pos[1],    cam.pos[2],    1};
  glDisable(GL_LIGHTING);
  glDisable(GL_FOG);
  glDisable(GL_CULL_FACE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  glDepthFunc(GL_LEQUAL);
  glPushMatrix();
  glMultMatrixf(m);
  glScalef(1, 1, h);
  glCallList(con->basePlane + con->rangePlane - 1);
  glPopMatrix();
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  if (scn->flags[mjRND_CULL_FACE]) {
    glEnable(GL_CULL_FACE);
  }
  if (scn->flags[mjRND_FOG]) {
    glEnable(GL_FOG);
  }
}

// ---------------------------------------------------------------------------------------------
// reflections

// Mirror image of the opaque scene in every reflective plane, masked by the plane's stencil and
// drawn on black: the plane itself is added over it afterwards (drawReflectors). Measured on
// MuJoCo's images (a uniform plane under rows of gray boxes, reflectance 0 to 1, one kind of
// light at a time): the plane keeps its full color; the mirror image, lit by the mirrored
// lights, adds its ambient, diffuse and emitted light times the reflectance but its specular
// highlights in full; the skybox is not mirrored (the plane around the images does not change).
// Returns the number of planes mirrored.
int drawReflections(const mjvScene* scn, const mjrContext* con, const float view[16]) {
  int count = 0;
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* p = scn->geoms + i;
    if (!isReflector(p)) {
      continue;
    }
    // plane normal: the geom's z axis; reflection x' = x - 2 ((x - p).n) n
    float n[3] = {p->mat[2], p->mat[5], p->mat[8]};
    float d = n[0] * p->pos[0] + n[1] * p->pos[1] + n[2] * p->pos[2];
    float refl[16];
    matIdentity(refl);
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        refl[c * 4 + r] -= 2 * n[r] * n[c];
      }
      refl[12 + r] = 2 * d * n[r];
    }
    count++;

    // stencil = 1 where the plane is visible; the color there black
    glClear(GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glDisable(GL_LIGHTING);
    glDisable(GL_FOG);
    glColor4f(0, 0, 0, 1);
    glDepthMask(GL_FALSE);
    glDepthFunc(GL_LEQUAL);
    render_drawGeom(p, scn, con, mjrMODE_MASK);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glEnable(GL_LIGHTING);
    if (scn->flags[mjRND_FOG]) {
      glEnable(GL_FOG);
    }
    glStencilFunc(GL_EQUAL, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glClear(GL_DEPTH_BUFFER_BIT);

    // mirrored scene, clipped to the far side of the plane
    // (the clip plane is given in model coordinates, under the unreflected view)
    double eq[4] = {-n[0], -n[1], -n[2], d};
    glLoadMatrixf(view);
    glClipPlane(GL_CLIP_PLANE0, eq);
    glEnable(GL_CLIP_PLANE0);
    float m[16];
    matMul(m, view, refl);
    glLoadMatrixf(m);
    setLights(scn, 0, -1);
    glFrontFace(GL_CW);
    drawOpaque(scn, con, i, mjMIN(1.0f, p->reflectance));
    glFrontFace(GL_CCW);
    glDisable(GL_CLIP_PLANE0);
    glLoadMatrixf(view);
    glDisable(GL_STENCIL_TEST);
  }
  return count;
}

// Depth of the sky again after the mirror images, for the planes and the scene in front of it.
void restoreSkyDepth(const mjrContext* con, const mjvGLCamera& cam, int skytex) {
  glClear(GL_DEPTH_BUFFER_BIT);
  if (skytex >= 0) {
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    drawSkybox(con, cam, skytex);
    glEnable(GL_LIGHTING);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  }
}

// ---------------------------------------------------------------------------------------------
// shadows

// Light-space projection*view for light l: spot lights see a cone of shadowScale*cutoff,
// directional lights an orthographic box of half-size shadowClip around the scene's center.
int lightMatrix(const mjvScene* scn, const mjrContext* con, const mjvLight* l, float out[16]) {
  float dir[3] = {l->dir[0], l->dir[1], l->dir[2]};
  normalize3(dir);
  if (dir[0] == 0 && dir[1] == 0 && dir[2] == 0) {
    return 0;
  }
  float up[3] = {0, 0, 1};
  if (fabsf(dir[2]) > 0.99f) {
    up[1] = 1;
    up[2] = 0;
  }
  // depth range from the geoms' bounding spheres along the light direction
  float pos[3] = {l->pos[0], l->pos[1], l->pos[2]};
  float zmin = 1e30f, zmax = -1e30f;
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (g->type == mjGEOM_LABEL) {
      continue;
    }
    if (g->type == mjGEOM_PLANE) {
      // where the light's axis meets the plane: shadows must reach it
      float n[3] = {g->mat[2], g->mat[5], g->mat[8]};
      float dn = dir[0] * n[0] + dir[1] * n[1] + dir[2] * n[2];
      float t =
          ((g->pos[0] - pos[0]) * n[0] + (g->pos[1] - pos[1]) * n[1] + (g->pos[2] - pos[2]) * n[2]);
      if (dn < -1e-6f && t / dn > 0) {
        zmax = mjMAX(zmax, 1.5f * t / dn);
      }
      continue;
    }
    float r =
        g->modelrbound > 0
            ? g->modelrbound
            : sqrtf(g->size[0] * g->size[0] + g->size[1] * g->size[1] + g->size[2] * g->size[2]);
    float z = (g->pos[0] - pos[0]) * dir[0] + (g->pos[1] - pos[1]) * dir[1] +
              (g->pos[2] - pos[2]) * dir[2];
    zmin = mjMIN(zmin, z - r);
    zmax = mjMAX(zmax, z + r);
  }
  if (zmax < zmin) {  // nothing but planes: any range that reaches them
    zmin = 0;
    zmax = 1;
  }
  zmax = mjMAX(zmax, zmin + 1e-3f);
  float view[16], proj[16];
  matIdentity(proj);
  if (l->type == mjLIGHT_DIRECTIONAL) {
    // center the box on the scene: move the eye back along the light from the center
    float c = con->shadowClip;
    lookAt(view, pos, dir, up);
    float near = zmin - c, far = zmax + c;
    float l0 = -c, r0 = c, b0 = -c, t0 = c;
    proj[0] = 2 / (r0 - l0);
    proj[5] = 2 / (t0 - b0);
    proj[10] = -2 / (far - near);
    proj[12] = -(r0 + l0) / (r0 - l0);
    proj[13] = -(t0 + b0) / (t0 - b0);
    proj[14] = -(far + near) / (far - near);
  } else {
    lookAt(view, pos, dir, up);
    float near = mjMAX(zmin, 0.01f * mjMAX(zmax, 1e-3f)), far = mjMAX(zmax, near * 2);
    float cut = l->type == mjLIGHT_SPOT ? l->cutoff * con->shadowScale : 80.0f;
    cut = mjMIN(mjMAX(cut, 1.0f), 85.0f);
    float f = 1.0f / tanf(cut * 3.14159265f / 180.0f);
    memset(proj, 0, sizeof(proj));
    proj[0] = f;
    proj[5] = f;
    proj[10] = (far + near) / (near - far);
    proj[11] = -1;
    proj[14] = 2 * far * near / (near - far);
  }
  matMul(out, proj, view);
  return 1;
}

void renderShadowMap(const mjvScene* scn, const mjrContext* con, const float lightmat[16]) {
  glBindFramebuffer(GL_FRAMEBUFFER, con->shadowFBO);
  glViewport(0, 0, con->shadowSize, con->shadowSize);
  glDisable(GL_SCISSOR_TEST);
  glClear(GL_DEPTH_BUFFER_BIT);
  glMatrixMode(GL_PROJECTION);
  glPushMatrix();
  glLoadMatrixf(lightmat);
  glMatrixMode(GL_MODELVIEW);
  glPushMatrix();
  glLoadIdentity();
  glDisable(GL_LIGHTING);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  // front faces culled: depth of the back faces removes self-shadowing acne on lit sides
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(2, 4);
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (g->type == mjGEOM_PLANE || g->type == mjGEOM_LABEL) {  // transparent geoms cast too
      continue;
    }
    render_drawGeom(g, scn, con, mjrMODE_SHADOWMAP);
  }
  glDisable(GL_POLYGON_OFFSET_FILL);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glMatrixMode(GL_PROJECTION);
  glPopMatrix();
  glMatrixMode(GL_MODELVIEW);
  glPopMatrix();
  mjr_restoreBuffer(con);
}

// Additive pass of light li: every opaque geom lit by that light alone, scaled by the fraction
// of the shadow map's samples that see it (texture unit 1 compares the light-space depth).
void shadowPass(const mjvScene* scn, const mjrContext* con, int li, const float view[16],
                const float lightmat[16]) {
  glActiveTexture(GL_TEXTURE1);
  glEnable(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, con->shadowTex);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  // eye-linear planes given under the view matrix yield model coordinates; the texture matrix
  // maps them to [0,1] light clip space
  float ident[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  GLenum coord[4] = {GL_S, GL_T, GL_R, GL_Q};
  GLenum gen[4] = {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R, GL_TEXTURE_GEN_Q};
  glLoadMatrixf(view);
  for (int k = 0; k < 4; k++) {
    glTexGeni(coord[k], GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
    glTexGenfv(coord[k], GL_EYE_PLANE, ident[k]);
    glEnable(gen[k]);
  }
  float bias[16] = {0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f, 0, 0.5f, 0.5f, 0.5f, 1};
  float tm[16];
  matMul(tm, bias, lightmat);
  glMatrixMode(GL_TEXTURE);
  glLoadMatrixf(tm);
  glMatrixMode(GL_MODELVIEW);
  glActiveTexture(GL_TEXTURE0);

  setLights(scn, 1, li);
  float black[4] = {0, 0, 0, 0};
  glFogfv(GL_FOG_COLOR, black);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  float zero[4] = {0, 0, 0, 1};
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, zero);
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (isTransparent(g) || g->type == mjGEOM_LABEL) {
      continue;
    }
    render_setMaterial(g, con, mjrMODE_NORMAL, 1, 1);
    float emis[4] = {0, 0, 0, 1};
    glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, emis);
    render_drawGeom(g, scn, con, mjrMODE_NORMAL);
  }
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
  glFogfv(GL_FOG_COLOR, con->fogRGBA);

  glActiveTexture(GL_TEXTURE1);
  for (int k = 0; k < 4; k++) {
    glDisable(gen[k]);
  }
  glMatrixMode(GL_TEXTURE);
  glLoadIdentity();
  glMatrixMode(GL_MODELVIEW);
  glDisable(GL_TEXTURE_2D);
  glActiveTexture(GL_TEXTURE0);
}

// ---------------------------------------------------------------------------------------------
// one view

void initState(const mjvScene* scn, const mjrContext* con, mjrRect vp) {
  glViewport(vp.left, vp.bottom, vp.width, vp.height);
  glScissor(vp.left, vp.bottom, vp.width, vp.height);
  glEnable(GL_SCISSOR_TEST);
  glClearColor(0, 0, 0, 1);
  glClearDepth(1);
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glEnable(GL_NORMALIZE);
  glShadeModel(GL_SMOOTH);
  glLineWidth(con->lineWidth);
  glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
  glEnable(GL_COLOR_MATERIAL);
  glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_TRUE);
  glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_FALSE);
  // specular light is part of the color that a texture modulates: MuJoCo's highlights on a
  // textured geom take the texture's color (black where the texture is black)
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
  float amb[4] = {0, 0, 0, 1};
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, amb);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  glPolygonMode(GL_FRONT_AND_BACK, scn->flags[mjRND_WIREFRAME] ? GL_LINE : GL_FILL);
  if (scn->flags[mjRND_CULL_FACE]) {
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
  } else {
    glDisable(GL_CULL_FACE);
  }
  glFrontFace(GL_CCW);
}

void restoreState(void) {
  glDisable(GL_LIGHTING);
  glDisable(GL_COLOR_MATERIAL);
  glDisable(GL_FOG);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_MULTISAMPLE);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
}

void renderSegmented(const mjvScene* scn, const mjrContext* con, int random) {
  glDisable(GL_LIGHTING);
  glDisable(GL_COLOR_MATERIAL);
  glDisable(GL_MULTISAMPLE);  // exact colors: no edge blending between ids
  glDisable(GL_DITHER);
  for (int i = 0; i < scn->ngeom; i++) {
    const mjvGeom* g = scn->geoms + i;
    if (g->segid < 0 || g->type == mjGEOM_LABEL) {
      continue;
    }
    float rgb[3];
    render_segmentColor(g->segid, random, rgb);
    glColor4f(rgb[0], rgb[1], rgb[2], 1);
    render_drawGeom(g, scn, con, mjrMODE_SEGMENT);
  }
  glEnable(GL_DITHER);
}

void renderView(mjrRect vp, const mjvScene* scn, const mjrContext* con, int eye) {
  mjvGLCamera cam = viewCamera(scn, eye);
  initState(scn, con, vp);
  setProjection(cam, vp);
  float view[16];
  viewMatrix(view, cam, scn);
  glMatrixMode(GL_MODELVIEW);
  glLoadMatrixf(view);

  if (scn->flags[mjRND_SEGMENT] || scn->flags[mjRND_IDCOLOR]) {
    renderSegmented(scn, con, !scn->flags[mjRND_IDCOLOR]);
    return;
  }

  int skytex = scn->flags[mjRND_SKYBOX] ? skyboxTexture(con) : -1;
  if (skytex >= 0) {
    drawSkybox(con, cam, skytex);
  }
  if (scn->flags[mjRND_FOG]) {
    glEnable(GL_FOG);
    glFogi(GL_FOG_MODE, GL_LINEAR);
    glFogf(GL_FOG_START, con->fogStart);
    glFogf(GL_FOG_END, con->fogEnd);
    glFogfv(GL_FOG_COLOR, con->fogRGBA);
  } else {
    glDisable(GL_FOG);
  }
  glEnable(GL_LIGHTING);

  // shadow casters among the lights OpenGL can hold
  int shadows = scn->flags[mjRND_SHADOW] && con->shadowFBO && !scn->flags[mjRND_WIREFRAME];
  int nlight = mjMIN(scn->nlight, maxLights());
  int anycaster = 0;
  for (int i = 0; shadows && i < nlight; i++) {
    anycaster |= scn->lights[i].castshadow;
  }
  shadows = shadows && anycaster;

  // mirror images, the reflective planes over them, then everything else
  int reflect = scn->flags[mjRND_REFLECTION];
  if (reflect && drawReflections(scn, con, view)) {
    restoreSkyDepth(con, cam, skytex);
  }
  glLoadMatrixf(view);
  setLights(scn, shadows, -1);
  drawReflectors(scn, con, reflect);
  drawOpaque(scn, con, -2, 1);

  for (int i = 0; shadows && i < nlight; i++) {
    float lightmat[16];
    if (!scn->lights[i].castshadow || !lightMatrix(scn, con, scn->lights + i, lightmat)) {
      continue;
    }
    renderShadowMap(scn, con, lightmat);
    glViewport(vp.left, vp.bottom, vp.width, vp.height);
    glEnable(GL_SCISSOR_TEST);
    setProjection(cam, vp);
    glEnable(GL_LIGHTING);
    shadowPass(scn, con, i, view, lightmat);
    glLoadMatrixf(view);
  }

  if (skytex >= 0 && scn->flags[mjRND_HAZE]) {
    drawHaze(scn, con, cam);
    glEnable(GL_LIGHTING);
  }
  setLights(scn, 0, -1);
  drawTransparent(scn, con);

  // labels: unlit, on top
  glDisable(GL_LIGHTING);
  glDisable(GL_FOG);
  glDisable(GL_DEPTH_TEST);
  for (int i = 0; i < scn->ngeom; i++) {
    render_drawLabel(scn->geoms + i, con);
  }

  // mjRND_DEPTH: the depth buffer of the whole scene, as without the flag, and a black color
  // image (MuJoCo 3.8.0's images under this flag are black but for stray skybox pixels where
  // its depth ties with the scene's, and its depth buffer equals the one without the flag)
  if (scn->flags[mjRND_DEPTH]) {
    glClear(GL_COLOR_BUFFER_BIT);
  }
}

// Frame of framewidth pixels around the viewport.
void drawFrame(mjrRect vp, const mjvScene* scn) {
  int w = scn->framewidth;
  if (w <= 0) {
    return;
  }
  const float* c = scn->framergb;
  mjrRect sides[4] = {{vp.left, vp.bottom, vp.width, w},
                      {vp.left, vp.bottom + vp.height - w, vp.width, w},
                      {vp.left, vp.bottom, w, vp.height},
                      {vp.left + vp.width - w, vp.bottom, w, vp.height}};
  for (int i = 0; i < 4; i++) {
    mjr_rectangle(sides[i], c[0], c[1], c[2], 1);
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// public

void mjr_render(mjrRect viewport, mjvScene* scn, const mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_render: context not made (call mjr_makeContext first)");
  }
  if (!scn) {
    mju_error("mjr_render: NULL scene");
  }
  if (scn->ngeom < 0 || scn->ngeom > scn->maxgeom || (scn->ngeom > 0 && !scn->geoms)) {
    mju_error("mjr_render: invalid scene: ngeom %d, maxgeom %d%s", scn->ngeom, scn->maxgeom,
              scn->geoms ? "" : ", no geom buffer");
  }
  if (scn->nlight < 0 || scn->nlight > mjMAXLIGHT) {
    mju_error("mjr_render: invalid scene: nlight %d outside 0..%d", scn->nlight, mjMAXLIGHT);
  }
  if (viewport.width <= 0 || viewport.height <= 0) {
    return;
  }
  for (int e = 0; e < 2; e++) {
    const mjvGLCamera& c = scn->camera[e];
    if (!(c.frustum_near > 0) || !(c.frustum_far > c.frustum_near) ||
        !(c.frustum_top > c.frustum_bottom)) {
      mju_error(
          "mjr_render: invalid scene: camera %d frustum (near %g, far %g, bottom %g, "
          "top %g)",
          e, c.frustum_near, c.frustum_far, c.frustum_bottom, c.frustum_top);
    }
  }

  int stereo = scn->stereo;
  if (stereo == mjSTEREO_QUADBUFFERED &&
      !(con->currentBuffer == mjFB_WINDOW && con->windowStereo)) {
    stereo = mjSTEREO_SIDEBYSIDE;  // no quad-buffered hardware: documented fallback
  }
  if (stereo == mjSTEREO_NONE) {
    renderView(viewport, scn, con, -1);
  } else if (stereo == mjSTEREO_SIDEBYSIDE) {
    mjrRect left = viewport, right = viewport;
    left.width = viewport.width / 2;
    right.left = viewport.left + left.width;
    right.width = viewport.width - left.width;
    renderView(left, scn, con, 0);
    renderView(right, scn, con, 1);
  } else {
    GLenum buf[2] = {(GLenum)(con->windowDoublebuffer ? GL_BACK_LEFT : GL_FRONT_LEFT),
                     (GLenum)(con->windowDoublebuffer ? GL_BACK_RIGHT : GL_FRONT_RIGHT)};
    for (int e = 0; e < 2; e++) {
      glDrawBuffer(buf[e]);
      renderView(viewport, scn, con, e);
    }
    glDrawBuffer(con->windowDoublebuffer ? GL_BACK : GL_FRONT);
  }
  restoreState();
  drawFrame(viewport, scn);
}
