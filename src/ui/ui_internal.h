// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Internal interface of the UI framework (the mjui_ functions, APIreference_functions.rst "UI
// framework"). Construction, layout and events only read the font metrics of an mjrContext and
// never call OpenGL, so they work (and are tested) without a GL context; mjui_update and
// mjui_render draw with the mjr_ renderer.

#ifndef MOTUS_UI_UI_INTERNAL_H_
#define MOTUS_UI_UI_INTERNAL_H_

#include <mujoco/mujoco.h>

// Theme sizes in pixels at the context's font scale.
struct uiMetrics {
  int total, scroll, label, section, itemside, itemmid, itemver, texthor, textver, linescroll;
  int charh;  // character height of the normal font
  int rowh;   // height of one row of text: charh + 2 textver
};
void ui_metrics(const mjUI* ui, const mjrContext* con, uiMetrics* m);

// 1 if the item takes input: state 1, or state >= 2 and the predicate agrees
int ui_isActive(const mjUI* ui, const mjuiItem* it);

// columns of radio buttons
int ui_radioColumns(const mjUI* ui, const mjuiItem* it);

// text of an edit item's current value; 1 if text is valid for the item (values written to
// val[mjMAXUIEDIT] when not NULL); ui_editStore writes valid text into the item's data
void ui_editFormat(const mjuiItem* it, char* text, int size);
int ui_editParse(const mjuiItem* it, const char* text, double* val);
void ui_editStore(const mjuiItem* it, const char* text);

// the window rectangle of the UI and the UI pixel (x, y) under window pixel (wx, wy), where the
// UI image of height ui->height is drawn top-aligned in its rectangle and scrolled down by
// ui->scroll; 0 if the point is outside the rectangle
mjrRect ui_viewport(const mjUI* ui, const mjuiState* state);
int ui_toUI(const mjUI* ui, const mjuiState* state, double wx, double wy, int* x, int* y);

// the bottom of the UI image in window pixels (top-aligned in the viewport, scrolled)
int ui_imageBottom(const mjUI* ui, const mjuiState* state);

// the scroll bar's thumb: window y of its top and its height
void ui_thumb(const mjUI* ui, const mjuiState* state, const mjrContext* con, int* top, int* height);

// the open list of a select item (window pixels), drawn over the UI while the button is down
mjrRect ui_selectList(const mjUI* ui, const mjuiState* state, const mjuiItem* it,
                      const mjrContext* con);
int ui_selectOpen(const mjUI* ui, const mjuiState* state, const mjuiItem** it);

// shapes in pixel coordinates of the current framebuffer (ui_shape.cc), between ui_shapeBegin
// (a width x height pixel projection) and ui_shapeEnd; corners is a mask of the rounded corners
// (1 bottom right, 2 top right, 4 top left, 8 bottom left), colors go from top to bottom
void ui_shapeBegin(int width, int height);
void ui_shapeEnd(void);
void ui_roundRect(mjrRect r, float rad, int corners, const float* top, const float* bottom);
void ui_roundOutline(mjrRect r, float rad, int corners, float width, const float* rgb);
void ui_triangle(const float* x, const float* y, int filled, float width, const float* rgb);

#endif  // MOTUS_UI_UI_INTERNAL_H_
