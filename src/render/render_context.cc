// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjrContext: creation, destruction and the framebuffers (programming_visualization.rst,
// "Context and GPU resources" and "Buffers for rendering"). The context owns an offscreen
// framebuffer (multisampled when vis.quality.offsamples > 0, with a second single-sample one to
// resolve into), a depth-texture framebuffer for shadow maps, up to mjNAUX auxiliary buffers and
// the model's resources. Everything requires an OpenGL context current in the calling thread.

#include <stdio.h>
#include <string.h>

#ifdef MOTUS_SANITIZE_BUILD
#include <dlfcn.h>
#include <link.h>
#endif

#include "render/render_internal.h"

// ---------------------------------------------------------------------------------------------
// defaults

void mjr_defaultContext(mjrContext* con) {
  memset(con, 0, sizeof(mjrContext));
  con->lineWidth = 1;
  con->shadowClip = 1;
  con->shadowScale = 0.6f;
  con->fogStart = 1;
  con->fogEnd = 3;
  con->shadowSize = 4096;
  con->offWidth = 640;
  con->offHeight = 480;
  con->offSamples = 4;
  con->fontScale = mjFONTSCALE_100;
  con->currentBuffer = mjFB_WINDOW;
  con->readPixelFormat = GL_RGB;
  con->readDepthMap = mjDEPTH_ZERONEAR;
  for (int i = 0; i < mjMAXMATERIAL * mjNTEXROLE; i++) {
    con->mat_texid[i] = -1;
  }
}

const char* render_glErrorName(int err) {
  switch (err) {
    case GL_NO_ERROR:
      return "no error";
    case GL_INVALID_ENUM:
      return "invalid enum";
    case GL_INVALID_VALUE:
      return "invalid value";
    case GL_INVALID_OPERATION:
      return "invalid operation";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "invalid framebuffer operation";
    case GL_OUT_OF_MEMORY:
      return "out of memory";
    case GL_STACK_OVERFLOW:
      return "stack overflow";
    case GL_STACK_UNDERFLOW:
      return "stack underflow";
    default:
      return "unknown error";
  }
}

// ---------------------------------------------------------------------------------------------
// framebuffer objects

namespace {

// Creates one framebuffer with a color and a depth-stencil renderbuffer; returns 0 when OpenGL
// reports it incomplete (the caller names the failure).
int makeFramebuffer(int width, int height, int samples, unsigned int* fbo, unsigned int* color,
                    unsigned int* depth) {
  glGenFramebuffers(1, fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, *fbo);
  glGenRenderbuffers(1, color);
  glBindRenderbuffer(GL_RENDERBUFFER, *color);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *color);
  if (depth) {
    glGenRenderbuffers(1, depth);
    glBindRenderbuffer(GL_RENDERBUFFER, *depth);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, *depth);
  }
  return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

void freeFramebuffer(unsigned int* fbo, unsigned int* color, unsigned int* depth) {
  if (*fbo) {
    glDeleteFramebuffers(1, fbo);
  }
  if (*color) {
    glDeleteRenderbuffers(1, color);
  }
  if (depth && *depth) {
    glDeleteRenderbuffers(1, depth);
  }
  *fbo = *color = 0;
  if (depth) {
    *depth = 0;
  }
}

// Checks a requested buffer size against the limits of the OpenGL implementation.
void checkSize(const char* fn, int width, int height) {
  int maxsize = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxsize);
  if (width < 1 || height < 1 || width > maxsize || height > maxsize) {
    mju_error("%s: buffer size %dx%d is outside 1..%d supported by OpenGL", fn, width, height,
              maxsize);
  }
}

int clampSamples(int samples) {
  int maxsamples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &maxsamples);
  if (samples < 0) {
    samples = 0;
  }
  return samples > maxsamples ? maxsamples : samples;
}

void freeOffscreen(mjrContext* con) {
  freeFramebuffer(&con->offFBO, &con->offColor, &con->offDepthStencil);
  freeFramebuffer(&con->offFBO_r, &con->offColor_r, &con->offDepthStencil_r);
}

// The offscreen buffer: offFBO renders (multisampled when offSamples > 0); offFBO_r receives the
// resolved image that mjr_readPixels reads.
void makeOffscreen(mjrContext* con) {
  checkSize("mjr_makeContext", con->offWidth, con->offHeight);
  con->offSamples = clampSamples(con->offSamples);
  if (!makeFramebuffer(con->offWidth, con->offHeight, con->offSamples, &con->offFBO, &con->offColor,
                       &con->offDepthStencil)) {
    mju_error("mjr_makeContext: offscreen framebuffer %dx%d (%d samples) is incomplete",
              con->offWidth, con->offHeight, con->offSamples);
  }
  if (con->offSamples > 0 && !makeFramebuffer(con->offWidth, con->offHeight, 0, &con->offFBO_r,
                                              &con->offColor_r, &con->offDepthStencil_r)) {
    mju_error("mjr_makeContext: offscreen resolve framebuffer is incomplete");
  }
}

// Shadow map: a depth texture compared against the fragment's light-space depth.
void makeShadow(mjrContext* con) {
  int maxtex = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxtex);
  if (con->shadowSize > maxtex) {
    con->shadowSize = maxtex;
  }
  if (con->shadowSize <= 0) {
    return;
  }
  glGenTextures(1, &con->shadowTex);
  glBindTexture(GL_TEXTURE_2D, con->shadowTex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, con->shadowSize, con->shadowSize, 0,
               GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
  float border[4] = {1, 1, 1, 1};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
  glBindTexture(GL_TEXTURE_2D, 0);

  glGenFramebuffers(1, &con->shadowFBO);
  glBindFramebuffer(GL_FRAMEBUFFER, con->shadowFBO);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, con->shadowTex, 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    mju_error("mjr_makeContext: shadow framebuffer (%d pixels) is incomplete", con->shadowSize);
  }
}

// What the default framebuffer offers; with a surfaceless EGL context there is none.
void queryWindowBuffer(mjrContext* con) {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  con->windowAvailable = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  if (con->windowAvailable) {
    GLboolean b = 0;
    glGetIntegerv(GL_SAMPLES, &con->windowSamples);
    glGetBooleanv(GL_STEREO, &b);
    con->windowStereo = b;
    glGetBooleanv(GL_DOUBLEBUFFER, &b);
    con->windowDoublebuffer = b;
  }
  while (glGetError() != GL_NO_ERROR) {
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// sanitizer builds: OpenGL driver libraries stay loaded

#ifdef MOTUS_SANITIZE_BUILD
namespace {

// EGL and GLX unload their vendor and driver libraries (dlclose) when the display is terminated.
// The allocations those libraries never free are then reported by LeakSanitizer with no module
// name, so that its suppressions (tools/sanitizer/lsan.supp, which names the system's OpenGL
// libraries) cannot match them. In sanitizer builds the driver libraries loaded at this point are
// marked never to be unloaded (RTLD_NODELETE on the loaded object; nothing new is loaded).
int pinDriverLibrary(struct dl_phdr_info* info, size_t, void*) {
  const char* name = info->dlpi_name;
  if (name && (strstr(name, "_dri.so") || strstr(name, "libgallium") ||
               strstr(name, "libEGL_mesa") || strstr(name, "libGLX_mesa"))) {
    dlopen(name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
  }
  return 0;
}

void pinDriverLibraries() {
  dl_iterate_phdr(pinDriverLibrary, nullptr);
}

}  // namespace
#endif

// ---------------------------------------------------------------------------------------------
// public: make, free, resize

void mjr_makeContext(const mjModel* m, mjrContext* con, int fontscale) {
  if (!con) {
    mju_error("mjr_makeContext: NULL context");
  }
#ifdef MOTUS_SANITIZE_BUILD
  pinDriverLibraries();
#endif
  const char* version = (const char*)glGetString(GL_VERSION);
  if (!version) {
    mju_error(
        "mjr_makeContext: no OpenGL context is current in this thread (create one with "
        "EGL, OSMesa or GLFW first)");
  }
  int major = 0, minor = 0;
  sscanf(version, "%d.%d", &major, &minor);
  if (major < 3) {
    mju_error("mjr_makeContext: OpenGL %s is too old (3.0 with the compatibility profile needed)",
              version);
  }
  if (fontscale != 50 && fontscale != 100 && fontscale != 150 && fontscale != 200 &&
      fontscale != 250 && fontscale != 300) {
    mju_error("mjr_makeContext: font scale %d is not an mjtFontScale", fontscale);
  }
  if (m && (m->ntex > mjMAXTEXTURE || m->nmat > mjMAXMATERIAL)) {
    mju_error("mjr_makeContext: %d textures / %d materials exceed mjMAXTEXTURE / mjMAXMATERIAL",
              (int)m->ntex, (int)m->nmat);
  }
  mjr_freeContext(con);
  while (glGetError() != GL_NO_ERROR) {
  }

  // options copied from the model's visual settings
  if (m) {
    con->lineWidth = m->vis.global.linewidth;
    con->shadowClip = m->stat.extent * m->vis.map.shadowclip;
    con->shadowScale = m->vis.map.shadowscale;
    con->fogStart = (float)(m->stat.extent * m->vis.map.fogstart);
    con->fogEnd = (float)(m->stat.extent * m->vis.map.fogend);
    for (int i = 0; i < 4; i++) {
      con->fogRGBA[i] = m->vis.rgba.fog[i];
    }
    con->shadowSize = m->vis.quality.shadowsize;
    con->offWidth = m->vis.global.offwidth;
    con->offHeight = m->vis.global.offheight;
    con->offSamples = m->vis.quality.offsamples;
  }
  con->fontScale = fontscale;

  queryWindowBuffer(con);
  makeOffscreen(con);
  makeShadow(con);
  render_makeBuiltin(m, con);
  if (m) {
    render_makeTextures(m, con);
    render_makePlanes(m, con);
    render_makeMeshes(m, con);
    render_makeHFields(m, con);
    render_makeSkins(m, con);
  }
  render_makeFonts(fontscale, con);
  con->glInitialized = 1;

  int err = glGetError();
  if (err != GL_NO_ERROR) {
    mju_warning("mjr_makeContext: OpenGL error '%s' while creating the context",
                render_glErrorName(err));
  }
  mjr_setBuffer(mjFB_WINDOW, con);
}

void mjr_changeFont(int fontscale, mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_changeFont: context not made (call mjr_makeContext first)");
  }
  render_freeFonts(con);
  render_makeFonts(fontscale, con);
  con->fontScale = fontscale;
}

void mjr_addAux(int index, int width, int height, int samples, mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_addAux: context not made (call mjr_makeContext first)");
  }
  if (index < 0 || index >= mjNAUX) {
    mju_error("mjr_addAux: index %d outside 0..%d", index, mjNAUX - 1);
  }
  checkSize("mjr_addAux", width, height);
  freeFramebuffer(&con->auxFBO[index], &con->auxColor[index], NULL);
  freeFramebuffer(&con->auxFBO_r[index], &con->auxColor_r[index], NULL);
  con->auxWidth[index] = width;
  con->auxHeight[index] = height;
  con->auxSamples[index] = clampSamples(samples);
  if (!makeFramebuffer(width, height, con->auxSamples[index], &con->auxFBO[index],
                       &con->auxColor[index], NULL) ||
      !makeFramebuffer(width, height, 0, &con->auxFBO_r[index], &con->auxColor_r[index], NULL)) {
    mju_error("mjr_addAux: auxiliary framebuffer %d (%dx%d) is incomplete", index, width, height);
  }
  mjr_restoreBuffer(con);
}

void mjr_freeContext(mjrContext* con) {
  if (!con) {
    return;
  }
  // keep the window capabilities and the options, as MuJoCo documents
  if (con->glInitialized && glGetString(GL_VERSION)) {
    freeOffscreen(con);
    if (con->shadowFBO) {
      glDeleteFramebuffers(1, &con->shadowFBO);
    }
    if (con->shadowTex) {
      glDeleteTextures(1, &con->shadowTex);
    }
    for (int i = 0; i < mjNAUX; i++) {
      freeFramebuffer(&con->auxFBO[i], &con->auxColor[i], NULL);
      freeFramebuffer(&con->auxFBO_r[i], &con->auxColor_r[i], NULL);
    }
    if (con->ntexture) {
      glDeleteTextures(con->ntexture, con->texture);
    }
    unsigned int bases[] = {con->basePlane, con->baseMesh, con->baseHField, con->baseBuiltin};
    int ranges[] = {con->rangePlane, con->rangeMesh, con->rangeHField, con->rangeBuiltin};
    for (int i = 0; i < 4; i++) {
      if (bases[i] && ranges[i]) {
        glDeleteLists(bases[i], ranges[i]);
      }
    }
    render_freeFonts(con);
    render_freeSkins(con);
  }

  mjrContext save = *con;
  mjr_defaultContext(con);
  con->windowAvailable = save.windowAvailable;
  con->windowSamples = save.windowSamples;
  con->windowStereo = save.windowStereo;
  con->windowDoublebuffer = save.windowDoublebuffer;
  con->readPixelFormat = save.readPixelFormat ? save.readPixelFormat : GL_RGB;
  con->readDepthMap = save.readDepthMap;
}

void mjr_resizeOffscreen(int width, int height, mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_resizeOffscreen: context not made (call mjr_makeContext first)");
  }
  if (width == con->offWidth && height == con->offHeight) {
    return;
  }
  checkSize("mjr_resizeOffscreen", width, height);
  freeOffscreen(con);
  con->offWidth = width;
  con->offHeight = height;
  makeOffscreen(con);
  mjr_restoreBuffer(con);
}

// ---------------------------------------------------------------------------------------------
// active buffer

void mjr_restoreBuffer(const mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_restoreBuffer: context not made (call mjr_makeContext first)");
  }
  if (con->currentBuffer == mjFB_WINDOW) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawBuffer(con->windowDoublebuffer ? GL_BACK : GL_FRONT);
    glReadBuffer(con->windowDoublebuffer ? GL_BACK : GL_FRONT);
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, con->offFBO);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
  }
}

// "If the specified buffer does not exist, mjr_setBuffer automatically defaults to the other
// buffer": headless contexts have no window buffer.
void mjr_setBuffer(int framebuffer, mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_setBuffer: context not made (call mjr_makeContext first)");
  }
  if (framebuffer != mjFB_WINDOW && framebuffer != mjFB_OFFSCREEN) {
    mju_error("mjr_setBuffer: %d is not an mjtFramebuffer", framebuffer);
  }
  if (framebuffer == mjFB_WINDOW && !con->windowAvailable) {
    framebuffer = mjFB_OFFSCREEN;
  }
  con->currentBuffer = framebuffer;
  mjr_restoreBuffer(con);
}

void mjr_setAux(int index, const mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_setAux: context not made (call mjr_makeContext first)");
  }
  if (index < 0 || index >= mjNAUX || !con->auxFBO[index]) {
    mju_error("mjr_setAux: auxiliary buffer %d does not exist (mjr_addAux creates it)", index);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, con->auxFBO[index]);
  glDrawBuffer(GL_COLOR_ATTACHMENT0);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
}
