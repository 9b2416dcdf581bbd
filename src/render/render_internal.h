// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Internal interface of the OpenGL renderer (the mjr_ layer, programming_visualization.rst
// "OpenGL Rendering"). The renderer uses the fixed-function (compatibility profile) OpenGL of
// MuJoCo's design: every model resource is uploaded once into display lists and textures named in
// mjrContext, and mjr_render replays them with the poses of an mjvScene.

#ifndef MOTUS_RENDER_RENDER_INTERNAL_H_
#define MOTUS_RENDER_RENDER_INTERNAL_H_

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <mujoco/mujoco.h>

// Display lists of the builtin shapes, offsets from mjrContext.baseBuiltin. Shapes are unit
// sized: the sphere has radius 1, the cylinder radius 1 and half-height 1 (z from -1 to 1), the
// box half-sizes 1, the cone radius 1 and height 1 (apex at z = 1).
enum {
  mjrBUILTIN_SPHERE = 0,
  mjrBUILTIN_SPHERE_TOP,     // z >= 0 half
  mjrBUILTIN_SPHERE_BOTTOM,  // z <= 0 half
  mjrBUILTIN_CYLINDER,       // side and both caps
  mjrBUILTIN_TUBE,           // side only
  mjrBUILTIN_DISK,           // z = 0 disk facing +z
  mjrBUILTIN_BOX,
  mjrBUILTIN_CONE,
  mjrNBUILTIN
};

// context (render_context.cc); the check every mjr_ function makes first, inline so that the
// font and drawing files need nothing of render_context.cc
inline int render_isInitialized(const mjrContext* con) {
  return con && con->glInitialized;
}

// model resources (render_geom.cc)
void render_makeBuiltin(const mjModel* m, mjrContext* con);
void render_makePlanes(const mjModel* m, mjrContext* con);
double render_skyboxRadius(double far);
double render_planeStep(double far, float texrepeat, int textured);
void render_planeGrid(const float size[3], double far, const float texrepeat[2], int textured);
void render_makeMeshes(const mjModel* m, mjrContext* con);
void render_makeHFields(const mjModel* m, mjrContext* con);
void render_makeTextures(const mjModel* m, mjrContext* con);
void render_makeSkins(const mjModel* m, mjrContext* con);
void render_freeSkins(mjrContext* con);

// fonts (render_text.cc)
void render_makeFonts(int fontscale, mjrContext* con);
void render_freeFonts(mjrContext* con);
void render_textWindow(int font, const char* txt, const mjrContext* con, int x, int y,
                       const float rgb[3]);
int render_textWidth(int font, const char* txt, const mjrContext* con);
int render_textBaseline(int height);
void render_pixelProjection(mjrRect viewport);

// drawing one geom of a scene (render_draw.cc)
void render_drawGeom(const mjvGeom* geom, const mjvScene* scn, const mjrContext* con, int mode);
// colorscale multiplies the color and the emission (ambient and diffuse reflection), not the
// specular color; alphascale the opacity
void render_setMaterial(const mjvGeom* geom, const mjrContext* con, int mode, float alphascale,
                        float colorscale);
void render_drawLabel(const mjvGeom* geom, const mjrContext* con);

// drawing modes for render_drawGeom
enum {
  mjrMODE_NORMAL = 0,  // lit, textured
  mjrMODE_SEGMENT,     // flat color from the segmentation id, no lighting or textures
  mjrMODE_SHADOWMAP,   // depth only
  mjrMODE_MASK,        // stencil or depth of the color image's shapes, no material
  mjrMODE_BACK,        // like normal, for the back sides of planes (culling set by the caller)
};

// segmentation colors (render_scene.cc): mjRND_IDCOLOR encodes segid+1 in 24 bits
void render_segmentColor(int segid, int random, float rgb[3]);

// framebuffer helpers (render_pixels.cc)
void render_resolveOffscreen(const mjrContext* con);

// OpenGL error name for messages
const char* render_glErrorName(int err);

#endif  // MOTUS_RENDER_RENDER_INTERNAL_H_
