// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjr_figure: a 2D line plot of an mjvFigure (APIreference_APItypes.rst, mjvFigure): figure and
// pane backgrounds, a grid with tick labels, up to mjMAXLINE lines, title, x label, legend and
// selection line. The figure reports the pixel and data ranges of its axes back into
// xaxispixel/yaxispixel/xaxisdata/yaxisdata for mouse interaction.

#include <float.h>
#include <stdio.h>
#include <string.h>

#include "render/render_internal.h"

namespace {

// Data range of axis a (0: x, 1: y) over the enabled lines; range[a] when it is valid.
void axisRange(const mjvFigure* fig, int a, float out[2]) {
  if (fig->range[a][0] < fig->range[a][1] && !fig->flg_extend) {
    out[0] = fig->range[a][0];
    out[1] = fig->range[a][1];
    return;
  }
  float lo = FLT_MAX, hi = -FLT_MAX;
  for (int i = 0; i < mjMAXLINE; i++) {
    int n = mjMIN(fig->linepnt[i], mjMAXLINEPNT);
    for (int k = 0; k < n; k++) {
      float v = fig->linedata[i][2 * k + a];
      lo = mjMIN(lo, v);
      hi = mjMAX(hi, v);
    }
  }
  if (fig->range[a][0] < fig->range[a][1]) {  // flg_extend: the given range grows to the data
    lo = mjMIN(lo, fig->range[a][0]);
    hi = mjMAX(hi, fig->range[a][1]);
  }
  if (lo > hi) {
    lo = 0;
    hi = 1;
  }
  if (a == 1 && fig->flg_symmetric) {
    float m = mjMAX(-lo, hi);
    lo = -m;
    hi = m;
  }
  if (hi - lo < 1e-6f) {
    lo -= 0.5f;
    hi += 0.5f;
  }
  out[0] = lo;
  out[1] = hi;
}

void line2(float x0, float y0, float x1, float y1) {
  glVertex2f(x0, y0);
  glVertex2f(x1, y1);
}

}  // namespace

void mjr_figure(mjrRect viewport, mjvFigure* fig, const mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("mjr_figure: context not made (call mjr_makeContext first)");
  }
  if (!fig) {
    mju_error("mjr_figure: NULL figure");
  }
  if (viewport.width <= 0 || viewport.height <= 0) {
    return;
  }
  mjr_rectangle(viewport, fig->figurergba[0], fig->figurergba[1], fig->figurergba[2],
                fig->figurergba[3]);

  // layout: title on top, tick labels left and below, x label at the bottom
  int h = con->charHeight, pad = mjMAX(h / 2, 2);
  char buf[100];
  int ytickw = 0;
  if (fig->flg_ticklabel[1]) {
    ytickw = render_textWidth(mjFONT_NORMAL, fig->minwidth[0] ? fig->minwidth : "0.00", con);
  }
  int left = viewport.left + pad + ytickw + (ytickw ? pad : 0);
  int right = viewport.left + viewport.width - pad;
  int bottom = viewport.bottom + pad + (fig->flg_ticklabel[0] ? h : 0) + (fig->xlabel[0] ? h : 0);
  int top = viewport.bottom + viewport.height - pad - (fig->title[0] ? h + pad : 0);
  if (right - left < 4 || top - bottom < 4) {
    return;
  }
  mjrRect pane = {left, bottom, right - left, top - bottom};
  mjr_rectangle(pane, fig->panergba[0], fig->panergba[1], fig->panergba[2], fig->panergba[3]);

  float xr[2], yr[2];
  axisRange(fig, 0, xr);
  axisRange(fig, 1, yr);
  fig->xaxispixel[0] = left;
  fig->xaxispixel[1] = right;
  fig->yaxispixel[0] = bottom;
  fig->yaxispixel[1] = top;
  fig->xaxisdata[0] = xr[0];
  fig->xaxisdata[1] = xr[1];
  fig->yaxisdata[0] = yr[0];
  fig->yaxisdata[1] = yr[1];

  // data coordinates in the pane
  render_pixelProjection(pane);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(xr[0], xr[1], yr[0], yr[1], -1, 1);
  glMatrixMode(GL_MODELVIEW);

  // grid
  int gx = mjMAX(fig->gridsize[0], 2), gy = mjMAX(fig->gridsize[1], 2);
  glLineWidth(mjMAX(fig->gridwidth, 1.0f));
  glColor4f(fig->gridrgb[0], fig->gridrgb[1], fig->gridrgb[2], 1);
  glBegin(GL_LINES);
  for (int i = 0; i < gx; i++) {
    float x = xr[0] + (xr[1] - xr[0]) * i / (gx - 1);
    line2(x, yr[0], x, yr[1]);
  }
  for (int i = 0; i < gy; i++) {
    float y = yr[0] + (yr[1] - yr[0]) * i / (gy - 1);
    line2(xr[0], y, xr[1], y);
  }
  glEnd();

  // lines, clipped to the pane
  glEnable(GL_SCISSOR_TEST);
  glScissor(pane.left, pane.bottom, pane.width, pane.height);
  glEnable(GL_LINE_SMOOTH);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  for (int i = 0; i < mjMAXLINE; i++) {
    int n = mjMIN(fig->linepnt[i], mjMAXLINEPNT);
    if (n <= 0) {
      continue;
    }
    int hl = fig->highlightid == i;
    glLineWidth(mjMAX(fig->linewidth * (hl ? 2 : 1), 1.0f));
    glColor4f(fig->linergb[i][0], fig->linergb[i][1], fig->linergb[i][2], 1);
    glBegin(fig->flg_barplot ? GL_LINES : GL_LINE_STRIP);
    for (int k = 0; k < n; k++) {
      glVertex2f(fig->linedata[i][2 * k], fig->linedata[i][2 * k + 1]);
    }
    glEnd();
  }
  if (fig->flg_selection) {
    glLineWidth(1);
    glColor4f(1, 1, 1, 1);
    glBegin(GL_LINES);
    line2(fig->selection, yr[0], fig->selection, yr[1]);
    glEnd();
  }
  glDisable(GL_LINE_SMOOTH);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glLineWidth(con->lineWidth);

  // text: title, tick labels, x label, legend
  const float* tc = fig->textrgb;
  if (fig->title[0]) {
    int w = render_textWidth(mjFONT_NORMAL, fig->title, con);
    render_textWindow(mjFONT_NORMAL, fig->title, con, left + (pane.width - w) / 2, top + pad, tc);
  }
  if (fig->flg_ticklabel[0]) {
    for (int i = 0; i < gx; i++) {
      float x = xr[0] + (xr[1] - xr[0]) * i / (gx - 1);
      snprintf(buf, sizeof(buf), fig->xformat[0] ? fig->xformat : "%.1f", x);
      int w = render_textWidth(mjFONT_NORMAL, buf, con);
      int px = left + pane.width * i / (gx - 1) - w / 2;
      px = mjMAX(viewport.left, mjMIN(px, viewport.left + viewport.width - w));
      render_textWindow(mjFONT_NORMAL, buf, con, px, bottom - h + h / 5, tc);
    }
  }
  if (fig->flg_ticklabel[1]) {
    for (int i = 0; i < gy; i++) {
      float y = yr[0] + (yr[1] - yr[0]) * i / (gy - 1);
      snprintf(buf, sizeof(buf), fig->yformat[0] ? fig->yformat : "%.1f", y);
      int w = render_textWidth(mjFONT_NORMAL, buf, con);
      render_textWindow(mjFONT_NORMAL, buf, con, left - pad - w,
                        bottom + pane.height * i / (gy - 1) - h / 3, tc);
    }
  }
  if (fig->xlabel[0]) {
    int w = render_textWidth(mjFONT_NORMAL, fig->xlabel, con);
    render_textWindow(mjFONT_NORMAL, fig->xlabel, con, left + (pane.width - w) / 2,
                      viewport.bottom + pad + h / 5, tc);
  }
  if (fig->flg_legend) {
    int nshow = 0, wmax = 0;
    for (int i = fig->legendoffset; i < mjMAXLINE; i++) {
      if (i >= 0 && fig->linename[i][0] && fig->linepnt[i] > 0) {
        nshow++;
        wmax = mjMAX(wmax, render_textWidth(mjFONT_NORMAL, fig->linename[i], con));
      }
    }
    if (nshow) {
      int lw = wmax + 3 * pad + h, lh = nshow * h + pad;
      mjrRect box = {right - lw - pad, top - lh - pad, lw, lh};
      mjr_rectangle(box, fig->legendrgba[0], fig->legendrgba[1], fig->legendrgba[2],
                    fig->legendrgba[3]);
      int row = 0;
      for (int i = mjMAX(fig->legendoffset, 0); i < mjMAXLINE; i++) {
        if (!fig->linename[i][0] || fig->linepnt[i] <= 0) {
          continue;
        }
        int y = box.bottom + box.height - pad / 2 - (row + 1) * h;
        mjrRect swatch = {box.left + pad, y + h / 3, h, mjMAX(h / 6, 2)};
        mjr_rectangle(swatch, fig->linergb[i][0], fig->linergb[i][1], fig->linergb[i][2], 1);
        render_textWindow(mjFONT_NORMAL, fig->linename[i], con, box.left + 2 * pad + h, y + h / 5,
                          tc);
        row++;
      }
    }
  }
  glViewport(viewport.left, viewport.bottom, viewport.width, viewport.height);
}
