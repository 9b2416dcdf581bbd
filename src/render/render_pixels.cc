// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Pixel transfer (programming_visualization.rst, "Buffers for rendering"): mjr_readPixels and
// mjr_drawPixels move rgb and depth between the active buffer and client memory (rows bottom
// first, as OpenGL stores them); mjr_blitBuffer copies between the two buffers on the GPU;
// mjr_blitAux copies an auxiliary buffer into the active one.

#include <string.h>

#include "render/render_internal.h"

namespace {

void checkContext(const char* fn, const mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("%s: context not made (call mjr_makeContext first)", fn);
  }
}

}  // namespace

mjrRect mjr_maxViewport(const mjrContext* con) {
  checkContext("mjr_maxViewport", con);
  mjrRect r = {0, 0, 0, 0};
  if (con->currentBuffer == mjFB_OFFSCREEN) {
    r.width = con->offWidth;
    r.height = con->offHeight;
  } else {
    // the window's size is the viewport that the window system set up for it
    int vp[4];
    glGetIntegerv(GL_VIEWPORT, vp);
    r.width = vp[0] + vp[2];
    r.height = vp[1] + vp[3];
  }
  return r;
}

namespace {

// A viewport outside the active buffer would read or write pixels that do not exist.
void checkViewport(const char* fn, mjrRect vp, const mjrContext* con) {
  if (vp.left < 0 || vp.bottom < 0 || vp.width < 0 || vp.height < 0) {
    mju_error("%s: invalid viewport (%d, %d, %d, %d)", fn, vp.left, vp.bottom, vp.width, vp.height);
  }
  if (con->currentBuffer == mjFB_OFFSCREEN &&
      (vp.left + vp.width > con->offWidth || vp.bottom + vp.height > con->offHeight)) {
    mju_error(
        "%s: viewport (%d, %d, %d, %d) exceeds the %dx%d offscreen buffer (resize it with "
        "mjr_resizeOffscreen or <visual><global offwidth offheight>)",
        fn, vp.left, vp.bottom, vp.width, vp.height, con->offWidth, con->offHeight);
  }
}

}  // namespace

// Copies the multisampled offscreen image (color and depth) into the resolve buffer.
void render_resolveOffscreen(const mjrContext* con) {
  if (!con->offFBO_r) {
    return;
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, con->offFBO);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con->offFBO_r);
  glBlitFramebuffer(0, 0, con->offWidth, con->offHeight, 0, 0, con->offWidth, con->offHeight,
                    GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBlitFramebuffer(0, 0, con->offWidth, con->offHeight, 0, 0, con->offWidth, con->offHeight,
                    GL_DEPTH_BUFFER_BIT, GL_NEAREST);
}

// Depth in [0, 1] with 0 at znear (mjDEPTH_ZERONEAR) or 1 at znear (mjDEPTH_ZEROFAR), as the
// depth buffer stores it: nonlinear in distance for perspective cameras.
void mjr_readPixels(unsigned char* rgb, float* depth, mjrRect viewport, const mjrContext* con) {
  checkContext("mjr_readPixels", con);
  checkViewport("mjr_readPixels", viewport, con);
  if (!viewport.width || !viewport.height) {
    return;
  }
  if (con->currentBuffer == mjFB_OFFSCREEN && con->offFBO_r) {
    render_resolveOffscreen(con);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, con->offFBO_r);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
  }
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  if (rgb) {
    GLenum format = con->readPixelFormat ? (GLenum)con->readPixelFormat : GL_RGB;
    glReadPixels(viewport.left, viewport.bottom, viewport.width, viewport.height, format,
                 GL_UNSIGNED_BYTE, rgb);
  }
  if (depth) {
    glReadPixels(viewport.left, viewport.bottom, viewport.width, viewport.height,
                 GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    if (con->readDepthMap == mjDEPTH_ZEROFAR) {
      size_t n = (size_t)viewport.width * viewport.height;
      for (size_t i = 0; i < n; i++) {
        depth[i] = 1 - depth[i];
      }
    }
  }
  mjr_restoreBuffer(con);
}

void mjr_drawPixels(const unsigned char* rgb, const float* depth, mjrRect viewport,
                    const mjrContext* con) {
  checkContext("mjr_drawPixels", con);
  checkViewport("mjr_drawPixels", viewport, con);
  if (!viewport.width || !viewport.height) {
    return;
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glDisable(GL_BLEND);
  glDisable(GL_LIGHTING);
  glDisable(GL_TEXTURE_2D);
  glWindowPos2i(viewport.left, viewport.bottom);
  if (rgb) {
    glDisable(GL_DEPTH_TEST);
    glDrawPixels(viewport.width, viewport.height, GL_RGB, GL_UNSIGNED_BYTE, rgb);
  }
  if (depth) {
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDrawPixels(viewport.width, viewport.height, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthFunc(GL_LESS);
    glDisable(GL_DEPTH_TEST);
  }
}

// From the active buffer to the other one; color is interpolated when the sizes differ.
void mjr_blitBuffer(mjrRect src, mjrRect dst, int flg_color, int flg_depth, const mjrContext* con) {
  checkContext("mjr_blitBuffer", con);
  if (!con->windowAvailable) {
    mju_warning("mjr_blitBuffer: no window buffer to blit to or from");
    return;
  }
  int fromoff = con->currentBuffer == mjFB_OFFSCREEN;
  if (fromoff && con->offFBO_r) {
    render_resolveOffscreen(con);
  }
  unsigned int readfb = fromoff ? (con->offFBO_r ? con->offFBO_r : con->offFBO) : 0;
  unsigned int drawfb = fromoff ? 0 : con->offFBO;
  glBindFramebuffer(GL_READ_FRAMEBUFFER, readfb);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, drawfb);
  if (fromoff) {
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glDrawBuffer(con->windowDoublebuffer ? GL_BACK : GL_FRONT);
  } else {
    glReadBuffer(con->windowDoublebuffer ? GL_BACK : GL_FRONT);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
  }
  int same = src.width == dst.width && src.height == dst.height;
  if (flg_color) {
    glBlitFramebuffer(src.left, src.bottom, src.left + src.width, src.bottom + src.height, dst.left,
                      dst.bottom, dst.left + dst.width, dst.bottom + dst.height,
                      GL_COLOR_BUFFER_BIT, same ? GL_NEAREST : GL_LINEAR);
  }
  if (flg_depth) {
    glBlitFramebuffer(src.left, src.bottom, src.left + src.width, src.bottom + src.height, dst.left,
                      dst.bottom, dst.left + dst.width, dst.bottom + dst.height,
                      GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  }
  mjr_restoreBuffer(con);
}

void mjr_blitAux(int index, mjrRect src, int left, int bottom, const mjrContext* con) {
  checkContext("mjr_blitAux", con);
  if (index < 0 || index >= mjNAUX || !con->auxFBO[index]) {
    mju_error("mjr_blitAux: auxiliary buffer %d does not exist (mjr_addAux creates it)", index);
  }
  // resolve the auxiliary buffer's samples, then copy into the active buffer
  glBindFramebuffer(GL_READ_FRAMEBUFFER, con->auxFBO[index]);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con->auxFBO_r[index]);
  glBlitFramebuffer(0, 0, con->auxWidth[index], con->auxHeight[index], 0, 0, con->auxWidth[index],
                    con->auxHeight[index], GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, con->auxFBO_r[index]);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  unsigned int target = con->currentBuffer == mjFB_OFFSCREEN ? con->offFBO : 0;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  glDrawBuffer(target ? GL_COLOR_ATTACHMENT0 : (con->windowDoublebuffer ? GL_BACK : GL_FRONT));
  glBlitFramebuffer(src.left, src.bottom, src.left + src.width, src.bottom + src.height, left,
                    bottom, left + src.width, bottom + src.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  mjr_restoreBuffer(con);
}

void mjr_finish(void) {
  glFinish();
}

int mjr_getError(void) {
  return (int)glGetError();
}
