// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.

#include "render/render_fixture.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <lodepng.h>

#include <cmath>
#include <cstring>

namespace motus_test {

HeadlessGL::HeadlessGL() {
  auto getPlatformDisplay =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (!getPlatformDisplay) {
    why_ = "EGL has no eglGetPlatformDisplayEXT";
    return;
  }
  EGLDisplay dpy = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  EGLint major, minor;
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
    why_ = "no surfaceless EGL display (Mesa's libegl-mesa0 missing?)";
    return;
  }
  display_ = dpy;
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                            EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  if (!eglChooseConfig(dpy, attribs, &config, 1, &n) || n < 1 || !eglBindAPI(EGL_OPENGL_API)) {
    why_ = "no EGL configuration for desktop OpenGL";
    return;
  }
  EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, nullptr);
  if (ctx == EGL_NO_CONTEXT) {
    why_ = "EGL context creation failed";
    return;
  }
  context_ = ctx;
  makeCurrent();
  ok_ = eglGetCurrentContext() == ctx;
  if (!ok_) {
    why_ = "EGL context cannot be made current";
  }
}

HeadlessGL::~HeadlessGL() {
  if (display_) {
    eglMakeCurrent((EGLDisplay)display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context_) {
      eglDestroyContext((EGLDisplay)display_, (EGLContext)context_);
    }
    eglTerminate((EGLDisplay)display_);
  }
}

void HeadlessGL::release() {
  eglMakeCurrent((EGLDisplay)display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

void HeadlessGL::makeCurrent() {
  eglMakeCurrent((EGLDisplay)display_, EGL_NO_SURFACE, EGL_NO_SURFACE, (EGLContext)context_);
}

mjModel* RenderModel(int width, int height, int samples) {
  char xml[2000];
  std::snprintf(xml, sizeof(xml), R"(
<mujoco>
  <visual>
    <global offwidth="%d" offheight="%d"/>
    <quality offsamples="%d" shadowsize="1024" numslices="64" numstacks="64"/>
  </visual>
  <asset>
    <mesh name="tet" vertex="0 0 0  1 0 0  0 1 0  0 0 1"/>
    <hfield name="hf" nrow="3" ncol="3" size="1 1 0.2 0.1" elevation="0 1 0 1 0 1 0 1 0"/>
    <texture name="checker" type="2d" builtin="checker" width="64" height="64"
             rgb1="1 1 1" rgb2="0 0 0"/>
    <texture name="sky" type="skybox" builtin="gradient" width="32" height="32"
             rgb1="0.4 0.6 0.8" rgb2="0 0 0"/>
    <material name="checker" texture="checker" texrepeat="2 2"/>
  </asset>
  <worldbody>
    <geom type="mesh" mesh="tet"/>
    <geom type="hfield" hfield="hf" pos="5 0 0"/>
  </worldbody>
</mujoco>)",
                width, height, samples);
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "render.xml", xml, (int)std::strlen(xml));
  char error[1000] = "";
  mjModel* m = mj_loadXML("render.xml", &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  if (!m) {
    std::fprintf(stderr, "RenderModel: %s\n", error);
  }
  return m;
}

TestScene::TestScene(int maxgeom, const float pos[3], const float forward[3], const float up[3],
                     float near, float far, float top, int orthographic)
    : geoms(maxgeom) {
  std::memset(&scn, 0, sizeof(scn));
  scn.maxgeom = maxgeom;
  scn.geoms = geoms.data();
  scn.scale = 1;
  scn.rotate[0] = 1;
  for (int e = 0; e < 2; e++) {
    mjvGLCamera& c = scn.camera[e];
    for (int i = 0; i < 3; i++) {
      c.pos[i] = pos[i];
      c.forward[i] = forward[i];
      c.up[i] = up[i];
    }
    c.frustum_near = near;
    c.frustum_far = far;
    c.frustum_top = top;
    c.frustum_bottom = -top;
    c.frustum_center = 0;
    c.orthographic = orthographic;
  }
  // one directional headlight along the view
  scn.nlight = 1;
  mjvLight& l = scn.lights[0];
  std::memset(&l, 0, sizeof(l));
  l.type = mjLIGHT_DIRECTIONAL;
  l.headlight = 1;
  for (int i = 0; i < 3; i++) {
    l.pos[i] = pos[i];
    l.dir[i] = forward[i];
    l.ambient[i] = 0.2f;
    l.diffuse[i] = 0.8f;
  }
  l.attenuation[0] = 1;
}

mjvGeom* TestScene::add(int type, const float size[3], const float pos[3], const float rgba[4]) {
  if (scn.ngeom >= scn.maxgeom) {
    return nullptr;
  }
  mjvGeom* g = &geoms[scn.ngeom];
  std::memset(g, 0, sizeof(*g));
  g->type = type;
  g->dataid = -1;
  g->objtype = mjOBJ_GEOM;
  g->objid = scn.ngeom;
  g->matid = -1;
  g->segid = scn.ngeom;
  for (int i = 0; i < 3; i++) {
    g->size[i] = size[i];
    g->pos[i] = pos[i];
    g->mat[4 * i] = 1;
  }
  for (int i = 0; i < 4; i++) {
    g->rgba[i] = rgba[i];
  }
  g->shininess = 0.5f;
  scn.ngeom++;
  return g;
}

Pixels ReadPixels(mjrRect viewport, const mjrContext* con) {
  Pixels px;
  px.width = viewport.width;
  px.height = viewport.height;
  px.rgb.resize(3 * (size_t)px.width * px.height);
  px.depth.resize((size_t)px.width * px.height);
  mjr_readPixels(px.rgb.data(), px.depth.data(), viewport, con);
  return px;
}

void WritePng(const std::string& path, const Pixels& px) {
  std::vector<unsigned char> up(px.rgb.size());
  for (int r = 0; r < px.height; r++) {
    std::memcpy(&up[3 * (size_t)px.width * r], &px.rgb[3 * (size_t)px.width * (px.height - 1 - r)],
                3 * (size_t)px.width);
  }
  lodepng_encode24_file(path.c_str(), up.data(), px.width, px.height);
}

}  // namespace motus_test
