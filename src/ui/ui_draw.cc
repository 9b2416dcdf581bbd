// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Drawing a UI (mjui_update, mjui_render) in MuJoCo's style. mjui_update paints the UI image,
// laid out by mjui_resize, into the UI's auxiliary buffer (created by the application with
// mjr_addAux at ui->width x ui->maxheight); mjui_render copies the visible part of that image
// into the UI's window rectangle, top-aligned and scrolled, then draws what lies over it: the
// scroll bar and the open list of a select item.
//
// The look, measured on MuJoCo 3.8.0's images (doc/conformance.md#ui-framework): sections are a
// title bar (vertical gradient, rounded top corners, all four when closed) over a pane with
// rounded bottom corners; separators are gradient bars with rounded corners; buttons are pills,
// outlined, filled while held down; check boxes are filled when on and outlined when off; radio
// groups and edit fields are outlined, the chosen radio cell filled; select boxes are filled;
// sliders are a bar filled up to the value, with ticks at the divisions when they are few.
// Outlines are 2 pixels wide at mjFONTSCALE_100. Text starts texthor pixels into its box.

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/render_internal.h"
#include "ui/ui_internal.h"

namespace {

// Corner masks of ui_roundRect.
const int kAllCorners = 15, kTopCorners = 6;

mjrRect makeRect(int left, int bottom, int width, int height) {
  mjrRect r = {left, bottom, width, height};
  return r;
}

// Sizes of the decorations at the context's font scale.
struct Decor {
  float line;        // outline width
  float cornersect;  // section corner radius
  float cornersep;   // separator corner radius
  int symbol;        // side of the open/closed triangles
};

Decor decor(const mjUI* ui, const mjrContext* con) {
  float s = (con->fontScale > 0 ? con->fontScale : 100) / 100.0f;
  Decor d;
  d.line = 2 * s;
  d.cornersect = ui->spacing.cornersect * s;
  d.cornersep = ui->spacing.cornersep * s;
  d.symbol = con->charHeight * 2 / 3;
  return d;
}

void fill(mjrRect r, const float* c) {
  ui_roundRect(r, 0, 0, c, c);
}

// Text clipped to `width` pixels, with the lower edge of its line box at `bottom`.
void text(const char* txt, int left, int bottom, int width, const float* c, const mjrContext* con) {
  char buf[mjMAXUITEXT];
  int n = 0, w = 0;
  for (; txt[n] && txt[n] != '\n' && n < mjMAXUITEXT - 1; n++) {
    unsigned char ch = (unsigned char)txt[n];
    int cw = ch < 127 ? con->charWidth[ch] : 0;
    if (w + cw > width) {
      break;
    }
    w += cw;
    buf[n] = txt[n];
  }
  buf[n] = 0;
  render_textWindow(mjFONT_NORMAL, buf, con, left, bottom + render_textBaseline(con->charHeight),
                    c);
}

// Text in a box of one row: from texthor on, or centered.
void boxText(const char* txt, mjrRect r, int centered, const float* c, const uiMetrics* m,
             const mjrContext* con) {
  int left = r.left + m->texthor;
  if (centered) {
    int w = render_textWidth(mjFONT_NORMAL, txt, con);
    left = r.left + mjMAX(m->texthor / 2, (r.width - w) / 2);
  }
  int bottom = r.bottom + r.height - m->rowh + m->textver;
  text(txt, left, bottom, r.width - 2 * m->texthor, c, con);
}

void label(const mjuiItem* it, const float* c, const uiMetrics* m, const mjrContext* con) {
  mjrRect r =
      makeRect(it->rect.left - m->label, it->rect.bottom, m->label - m->itemmid, it->rect.height);
  boxText(it->name, r, 0, c, m, con);
}

const float* fontColor(const mjUI* ui, int active) {
  return active ? ui->color.fontactive : ui->color.fontinactive;
}

// The triangle of a section (side d->symbol) or a collapsible separator (half the character
// height) at the right of bar r, texthor from its end: pointing down and filled when open,
// pointing left and outlined when closed.
void symbol(mjrRect r, int open, float side, const float* c, const uiMetrics* m, const Decor* d) {
  float s = side, half = ceilf(side / 2);
  float cx = (float)(r.left + r.width - m->texthor) - half;
  float top = floorf(r.bottom + r.height / 2.0f) + half;
  if (open) {
    float x[3] = {cx - s / 2, cx + s / 2, cx};
    float y[3] = {top, top, top - s};
    ui_triangle(x, y, 1, d->line / 2, c);
  } else {
    float x[3] = {cx + s / 2 - 0.5f, cx + s / 2 - 0.5f, cx - s / 2};
    float y[3] = {top, top - s, top - s / 2};
    ui_triangle(x, y, 0, d->line / 2, c);
  }
}

int isHeld(const mjUI* ui, const mjuiItem* it) {
  return ui->mousesect == it->sectionid + 1 && ui->mouseitem == it->itemid;
}

void drawButton(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m, const Decor* d,
                const mjrContext* con) {
  const float* c = active ? ui->color.button : ui->color.decorinactive;
  float rad = it->rect.height / 2.0f;
  if (active && isHeld(ui, it)) {
    ui_roundRect(it->rect, rad, kAllCorners, c, c);
  } else {
    ui_roundOutline(it->rect, rad, kAllCorners, d->line, c);
  }
  boxText(it->name, it->rect, 0, fontColor(ui, active), m, con);
}

void drawCheck(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m, const Decor* d,
               const mjrContext* con) {
  int on = it->type == mjITEM_CHECKINT ? *(const int*)it->pdata : *(const mjtByte*)it->pdata;
  const float* c = active ? ui->color.check : ui->color.decorinactive;
  if (on) {
    fill(it->rect, c);
  } else {
    ui_roundOutline(it->rect, 0, 0, d->line, c);
  }
  boxText(it->name, it->rect, 0, fontColor(ui, active), m, con);
}

void drawRadio(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m, const Decor* d,
               const mjrContext* con) {
  int cols = ui_radioColumns(ui, it);
  int value = *(const int*)it->pdata;
  const float* c = active ? ui->color.radio : ui->color.decorinactive;
  ui_roundOutline(it->rect, 0, 0, d->line, c);
  // radio columns are itemmid apart; the elements of a radio line are contiguous
  int gap = it->type == mjITEM_RADIO ? m->itemmid : 0;
  double cellw = (double)(it->rect.width - gap * (cols - 1)) / cols;
  for (int k = 0; k < it->multi.nelem; k++) {
    int row = k / cols, col = k % cols;
    int x0 = (int)(col * (cellw + gap)), x1 = (int)(col * (cellw + gap) + cellw);
    mjrRect cell =
        makeRect(it->rect.left + x0, it->rect.bottom + it->rect.height - (row + 1) * m->rowh,
                 x1 - x0, m->rowh);
    if (k == value) {
      fill(cell, c);
    }
    boxText(it->multi.name[k], cell, it->type == mjITEM_RADIOLINE, fontColor(ui, active), m, con);
  }
}

void drawSlider(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m, const Decor* d,
                const mjrContext* con) {
  double lo = it->slider.range[0], hi = it->slider.range[1];
  double v = it->type == mjITEM_SLIDERINT ? *(const int*)it->pdata : *(const mjtNum*)it->pdata;
  double frac = hi > lo ? (v - lo) / (hi - lo) : 0;
  frac = mjMAX(0, mjMIN(1, frac));
  fill(it->rect, active ? ui->color.slider : ui->color.decorinactive);
  mjrRect bar = it->rect;
  bar.width = (int)(frac * it->rect.width + 0.5);
  fill(bar, active ? ui->color.slider2 : ui->color.decorinactive2);
  // ticks at the divisions when they are at least 5 pixels apart: notches of the pane's color
  // along the bottom, textver high, ending at each division
  int div = (int)it->slider.divisions;
  if (div > 1 && it->rect.width >= 5 * div) {
    int w = mjMAX(1, (int)d->line);
    for (int k = 1; k < div; k++) {
      int x = it->rect.left + (int)((double)k * it->rect.width / div) - 1;
      fill(makeRect(x, it->rect.bottom, w, m->textver), ui->color.sectpane);
    }
  }
  char txt[64];
  if (it->type == mjITEM_SLIDERINT) {
    snprintf(txt, sizeof(txt), "%d", *(const int*)it->pdata);
  } else {
    snprintf(txt, sizeof(txt), "%.3g", v);
  }
  boxText(txt, it->rect, 0, fontColor(ui, active), m, con);
}

// Edit field: the value, or while editing the text from editscroll with its cursor.
void drawEdit(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m, const Decor* d,
              const mjrContext* con) {
  int editing = ui->editsect == it->sectionid + 1 && ui->edititem == it->itemid;
  char txt[mjMAXUITEXT];
  if (editing) {
    memcpy(txt, ui->edittext, mjMAXUITEXT);
  } else {
    ui_editFormat(it, txt, mjMAXUITEXT);
  }
  // outlined; filled while editing, in the invalid color when the text would be rejected
  const float* c = active ? ui->color.edit : ui->color.decorinactive;
  if (!editing) {
    ui_roundOutline(it->rect, 0, 0, d->line, c);
  } else {
    fill(it->rect, ui_editParse(it, txt, nullptr) ? c : ui->color.edit2);
  }
  int len = (int)strlen(txt);
  int start = editing ? mjMAX(0, mjMIN(ui->editscroll, len)) : 0;
  int avail = it->rect.width - 2 * m->texthor;
  int left = it->rect.left + m->texthor;
  int bottom = it->rect.bottom + m->textver;
  text(txt + start, left, bottom, avail, fontColor(ui, active), con);
  if (editing) {
    int cursor = mjMAX(start, mjMIN(ui->editcursor, len));
    char head[mjMAXUITEXT];
    memcpy(head, txt + start, cursor - start);
    head[cursor - start] = 0;
    int x = left + render_textWidth(mjFONT_NORMAL, head, con);
    fill(makeRect(x, bottom, mjMAX(1, (int)d->line / 2), m->charh), ui->color.cursor);
  }
}

void drawSeparator(const mjUI* ui, const mjuiItem* it, const uiMetrics* m, const Decor* d,
                   const mjrContext* con) {
  ui_roundRect(it->rect, d->cornersep, kAllCorners, ui->color.separator, ui->color.separator2);
  boxText(it->name, it->rect, 0, ui->color.sectfont, m, con);
  if (it->state == mjSEPCLOSED || it->state == mjSEPCLOSED + 1) {
    symbol(it->rect, it->state == mjSEPCLOSED + 1, m->charh / 2.0f, ui->color.sectsymbol, m, d);
  }
}

void drawItem(const mjUI* ui, const mjuiItem* it, const uiMetrics* m, const Decor* d,
              const mjrContext* con) {
  if (it->skip) {
    return;
  }
  int active = ui_isActive(ui, it);
  const float* font = fontColor(ui, active);
  switch (it->type) {
    case mjITEM_SEPARATOR:
      drawSeparator(ui, it, m, d, con);
      break;
    case mjITEM_STATIC:
      label(it, font, m, con);
      for (int k = 0; k < it->multi.nelem; k++) {
        int bottom = it->rect.bottom + it->rect.height - m->textver - (k + 1) * m->charh;
        text(it->multi.name[k], it->rect.left + m->texthor, bottom, it->rect.width - m->texthor,
             font, con);
      }
      break;
    case mjITEM_BUTTON:
      drawButton(ui, it, active, m, d, con);
      break;
    case mjITEM_CHECKINT:
    case mjITEM_CHECKBYTE:
      drawCheck(ui, it, active, m, d, con);
      break;
    case mjITEM_RADIO:
    case mjITEM_RADIOLINE:
      label(it, font, m, con);
      drawRadio(ui, it, active, m, d, con);
      break;
    case mjITEM_SELECT: {
      label(it, font, m, con);
      fill(it->rect, active ? ui->color.select : ui->color.decorinactive);
      int v = *(const int*)it->pdata;
      boxText(v >= 0 && v < it->multi.nelem ? it->multi.name[v] : "", it->rect, 0, font, m, con);
      break;
    }
    case mjITEM_SLIDERINT:
    case mjITEM_SLIDERNUM:
      label(it, font, m, con);
      drawSlider(ui, it, active, m, d, con);
      break;
    default:
      label(it, font, m, con);
      drawEdit(ui, it, active, m, d, con);
      break;
  }
}

// Check box of a section title: checked when every check box of the section is.
int sectionChecked(const mjuiSection* s) {
  for (int k = 0; k < s->nitem; k++) {
    const mjuiItem* it = s->item + k;
    if (it->type == mjITEM_CHECKINT && !*(const int*)it->pdata) {
      return 0;
    }
    if (it->type == mjITEM_CHECKBYTE && !*(const mjtByte*)it->pdata) {
      return 0;
    }
  }
  return 1;
}

void drawTitle(const mjUI* ui, const mjuiSection* s, const uiMetrics* m, const Decor* d,
               const mjrContext* con) {
  const mjuiThemeColor* c = &ui->color;
  int checked = s->checkbox ? sectionChecked(s) : 0;
  const float* top = !s->checkbox ? c->secttitle
                     : checked    ? c->secttitlecheck
                                  : c->secttitleuncheck;
  const float* bot = !s->checkbox ? c->secttitle2
                     : checked    ? c->secttitlecheck2
                                  : c->secttitleuncheck2;
  mjrRect r = s->rtitle;
  int corners = s->state == mjSECT_CLOSED ? kAllCorners : kTopCorners;
  ui_roundRect(r, d->cornersect, corners, top, bot);
  int left = r.left + m->texthor;
  if (s->checkbox) {
    // a square inset by the corner radius, outlined, filled when checked
    int inset = (int)(d->cornersect + 0.5f);
    int side = r.height - 2 * inset;
    mjrRect b = makeRect(r.left + inset, r.bottom + inset, side, side);
    if (checked) {
      fill(b, c->sectsymbol);
    } else {
      ui_roundOutline(b, 0, 0, d->line, c->sectsymbol);
    }
    left = b.left + side + m->texthor;
  }
  text(s->name, left, r.bottom + m->textver, r.left + r.width - left - 2 * d->symbol, c->sectfont,
       con);
  symbol(r, s->state != mjSECT_CLOSED, (float)d->symbol, c->sectsymbol, m, d);
}

void drawSection(const mjUI* ui, const mjuiSection* s, const uiMetrics* m, const Decor* d,
                 const mjrContext* con) {
  if (s->state == mjSECT_CLOSED) {
    drawTitle(ui, s, m, d, con);
    return;
  }
  mjrRect pane = s->rcontent;
  if (s->state == mjSECT_FIXED) {
    ui_roundRect(pane, d->cornersect, kAllCorners, ui->color.sectpane, ui->color.sectpane);
  } else {
    pane.height += s->rtitle.height;  // under the title's rounded corners too
    ui_roundRect(pane, d->cornersect, kAllCorners, ui->color.sectpane, ui->color.sectpane);
    drawTitle(ui, s, m, d, con);
  }
  for (int k = 0; k < s->nitem; k++) {
    drawItem(ui, s->item + k, m, d, con);
  }
}

}  // namespace

void mjui_update(int section, int item, const mjUI* ui, const mjuiState* state,
                 const mjrContext* con) {
  (void)state;
  if (ui->auxid < 0 || ui->auxid >= mjNAUX || !con->auxFBO[ui->auxid]) {
    mju_error("mjui_update: auxiliary buffer %d does not exist (mjr_addAux creates it)", ui->auxid);
  }
  if (con->auxWidth[ui->auxid] < ui->width || con->auxHeight[ui->auxid] < ui->height) {
    mju_error("mjui_update: auxiliary buffer %d is %dx%d, the UI needs %dx%d", ui->auxid,
              con->auxWidth[ui->auxid], con->auxHeight[ui->auxid], ui->width, ui->height);
  }
  uiMetrics m;
  ui_metrics(ui, con, &m);
  Decor d = decor(ui, con);
  mjr_setAux(ui->auxid, con);
  ui_shapeBegin(con->auxWidth[ui->auxid], con->auxHeight[ui->auxid]);
  if (section < 0 || section >= ui->nsect) {
    fill(makeRect(0, 0, con->auxWidth[ui->auxid], con->auxHeight[ui->auxid]), ui->color.master);
    for (int i = 0; i < ui->nsect; i++) {
      drawSection(ui, ui->sect + i, &m, &d, con);
    }
  } else if (item < 0 || item >= ui->sect[section].nitem) {
    drawSection(ui, ui->sect + section, &m, &d, con);
  } else {
    const mjuiItem* it = ui->sect[section].item + item;
    if (ui->sect[section].state != mjSECT_CLOSED && !it->skip) {
      fill(it->rect, ui->color.sectpane);
      drawItem(ui, it, &m, &d, con);
    }
  }
  ui_shapeEnd();
  mjr_restoreBuffer(con);
}

void mjui_render(mjUI* ui, const mjuiState* state, const mjrContext* con) {
  mjrRect vp = ui_viewport(ui, state);
  if (vp.width <= 0 || vp.height <= 0) {
    return;
  }
  uiMetrics m;
  ui_metrics(ui, con, &m);
  mjr_rectangle(vp, ui->color.master[0], ui->color.master[1], ui->color.master[2], 1);
  int ib = ui_imageBottom(ui, state);
  int y0 = mjMAX(0, vp.bottom - ib), y1 = mjMIN(ui->height, vp.bottom + vp.height - ib);
  if (y1 > y0 && ui->width > 0) {
    mjrRect src = makeRect(0, y0, mjMIN(ui->width, vp.width), y1 - y0);
    mjr_blitAux(ui->auxid, src, vp.left, ib + y0, con);
  }
  const float* c = ui->color.thumb;
  if (ui->height > vp.height) {
    int top, thumbh;
    ui_thumb(ui, state, con, &top, &thumbh);
    mjr_rectangle(makeRect(vp.left + ui->width - m.scroll, top - thumbh, m.scroll, thumbh), c[0],
                  c[1], c[2], 1);
  }
  const mjuiItem* sel = nullptr;
  if (ui_selectOpen(ui, state, &sel)) {
    mjrRect list = ui_selectList(ui, state, sel, con);
    c = ui->color.select2;
    mjr_rectangle(list, c[0], c[1], c[2], 1);
    for (int k = 0; k < sel->multi.nelem; k++) {
      mjrRect r =
          makeRect(list.left, list.bottom + list.height - (k + 1) * m.rowh, list.width, m.rowh);
      if (state->x >= r.left && state->x < r.left + r.width && state->y >= r.bottom &&
          state->y < r.bottom + r.height) {
        c = ui->color.select;
        mjr_rectangle(r, c[0], c[1], c[2], 1);
      }
      text(sel->multi.name[k], r.left + m.texthor, r.bottom + m.textver, r.width - 2 * m.texthor,
           ui->color.fontactive, con);
    }
  }
}
