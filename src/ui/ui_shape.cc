// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Shapes of the UI image, drawn with OpenGL in pixel coordinates of the current framebuffer (the
// UI's multisampled auxiliary buffer, which smooths their edges): rectangles with rounded
// corners, filled with one color or a vertical gradient, their outlines, and triangles (the
// open/closed symbols of sections and separators). Corner radii come from the spacing theme
// (cornersect, cornersep) or are half the height (buttons), as MuJoCo draws them.

#include <math.h>

#include "render/render_internal.h"
#include "ui/ui_internal.h"

namespace {

const int kArcSegments = 8;  // segments of a quarter circle

// Points of a rounded rectangle's outline, counterclockwise from the bottom-right corner; radius
// rad at the corners whose bit is set in `corners` (1 bottom right, 2 top right, 4 top left,
// 8 bottom left). Returns the number of points.
int outlinePoints(float x0, float y0, float x1, float y1, float rad, int corners, float* px,
                  float* py) {
  rad = fminf(rad, fminf((x1 - x0) / 2, (y1 - y0) / 2));
  const float cx[4] = {x1 - rad, x1 - rad, x0 + rad, x0 + rad};
  const float cy[4] = {y0 + rad, y1 - rad, y1 - rad, y0 + rad};
  const float sx[4] = {x1, x1, x0, x0};
  const float sy[4] = {y0, y1, y1, y0};
  int n = 0;
  for (int c = 0; c < 4; c++) {
    if (!(corners & (1 << c)) || rad <= 0) {
      px[n] = sx[c];
      py[n] = sy[c];
      n++;
      continue;
    }
    // the arc of corner c spans [(c - 1) * 90, c * 90] degrees
    for (int k = 0; k <= kArcSegments; k++) {
      float a = (float)(M_PI / 2) * ((float)c - 1 + (float)k / kArcSegments);
      px[n] = cx[c] + rad * cosf(a);
      py[n] = cy[c] + rad * sinf(a);
      n++;
    }
  }
  return n;
}

void color(const float* top, const float* bottom, float y0, float y1, float y) {
  float t = y1 > y0 ? (y - y0) / (y1 - y0) : 1;
  glColor3f(bottom[0] + t * (top[0] - bottom[0]), bottom[1] + t * (top[1] - bottom[1]),
            bottom[2] + t * (top[2] - bottom[2]));
}

}  // namespace

void ui_shapeBegin(int width, int height) {
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_LIGHTING);
  glDisable(GL_TEXTURE_2D);
  glDisable(GL_BLEND);
  glViewport(0, 0, width, height);
  glMatrixMode(GL_PROJECTION);
  glPushMatrix();
  glLoadIdentity();
  glOrtho(0, width, 0, height, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glPushMatrix();
  glLoadIdentity();
}

void ui_shapeEnd(void) {
  glMatrixMode(GL_PROJECTION);
  glPopMatrix();
  glMatrixMode(GL_MODELVIEW);
  glPopMatrix();
}

void ui_roundRect(mjrRect r, float rad, int corners, const float* top, const float* bottom) {
  if (r.width <= 0 || r.height <= 0) {
    return;
  }
  float px[4 * (kArcSegments + 1)], py[4 * (kArcSegments + 1)];
  float y0 = (float)r.bottom, y1 = (float)(r.bottom + r.height);
  int n = outlinePoints((float)r.left, y0, (float)(r.left + r.width), y1, rad, corners, px, py);
  glBegin(GL_TRIANGLE_FAN);
  color(top, bottom, y0, y1, (y0 + y1) / 2);
  glVertex2f(r.left + r.width / 2.0f, (y0 + y1) / 2);
  for (int i = 0; i <= n; i++) {
    color(top, bottom, y0, y1, py[i % n]);
    glVertex2f(px[i % n], py[i % n]);
  }
  glEnd();
}

void ui_roundOutline(mjrRect r, float rad, int corners, float width, const float* rgb) {
  if (r.width <= 0 || r.height <= 0) {
    return;
  }
  float ox[4 * (kArcSegments + 1)], oy[4 * (kArcSegments + 1)];
  float ix[4 * (kArcSegments + 1)], iy[4 * (kArcSegments + 1)];
  float x0 = (float)r.left, y0 = (float)r.bottom;
  float x1 = x0 + r.width, y1 = y0 + r.height;
  // the inner outline keeps the outer one's point count: its radius never reaches zero
  float inner = fmaxf(rad - width, 0.001f);
  int n = outlinePoints(x0, y0, x1, y1, fmaxf(rad, width + 0.001f), corners, ox, oy);
  outlinePoints(x0 + width, y0 + width, x1 - width, y1 - width, inner, corners, ix, iy);
  glColor3fv(rgb);
  glBegin(GL_TRIANGLE_STRIP);
  for (int i = 0; i <= n; i++) {
    glVertex2f(ox[i % n], oy[i % n]);
    glVertex2f(ix[i % n], iy[i % n]);
  }
  glEnd();
}

void ui_triangle(const float* x, const float* y, int filled, float width, const float* rgb) {
  glColor3fv(rgb);
  if (filled) {
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < 3; i++) {
      glVertex2f(x[i], y[i]);
    }
    glEnd();
    return;
  }
  glLineWidth(width);
  glBegin(GL_LINE_LOOP);
  for (int i = 0; i < 3; i++) {
    glVertex2f(x[i], y[i]);
  }
  glEnd();
  glLineWidth(1);
}
