// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// A headless OpenGL context for the programs built against both MuJoCo 3.8.0 and Motus: EGL on
// Mesa's surfaceless platform, current on the calling thread. Header-only (each program is built
// twice, once per library).

#ifndef MOTUS_TEST_RENDER_KIT_KIT_EGL_H_
#define MOTUS_TEST_RENDER_KIT_KIT_EGL_H_

#include <EGL/egl.h>
#include <EGL/eglext.h>

namespace kit {

inline bool MakeHeadlessContext() {
  auto getPlatformDisplay =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (!getPlatformDisplay) {
    return false;
  }
  EGLDisplay dpy = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  EGLint major, minor;
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
    return false;
  }
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                            EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  if (!eglChooseConfig(dpy, attribs, &config, 1, &n) || n < 1 || !eglBindAPI(EGL_OPENGL_API)) {
    return false;
  }
  EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, nullptr);
  return ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

}  // namespace kit

#endif  // MOTUS_TEST_RENDER_KIT_KIT_EGL_H_
