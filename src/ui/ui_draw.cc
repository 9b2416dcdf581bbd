// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Drawing a UI (mjui_update, mjui_render). mjui_update paints the UI image, laid out by
// mjui_resize, into the UI's auxiliary buffer (created by the application with mjr_addAux at
// ui->width x ui->maxheight); mjui_render copies the visible part of that image into the UI's
// window rectangle, top-aligned and scrolled, then draws what lies over it: the scroll bar and
// the open list of a select item.

#include <stdio.h>
#include <string.h>

#include "render/render_internal.h"
#include "ui/ui_internal.h"

namespace {

void fill(mjrRect r, const float* c) {
  mjr_rectangle(r, c[0], c[1], c[2], 1);
}

mjrRect makeRect(int left, int bottom, int width, int height) {
  mjrRect r = {left, bottom, width, height};
  return r;
}

// Vertical gradient from `top` to `bottom` colors, in horizontal strips.
void gradient(mjrRect r, const float* top, const float* bottom) {
  const int nstrip = 8;
  for (int i = 0; i < nstrip; i++) {
    int y0 = r.bottom + r.height * i / nstrip, y1 = r.bottom + r.height * (i + 1) / nstrip;
    float a = i / (float)(nstrip - 1), c[3];  // the top strip has the top color
    for (int k = 0; k < 3; k++) {
      c[k] = a * top[k] + (1 - a) * bottom[k];
    }
    fill(makeRect(r.left, y0, r.width, y1 - y0), c);
  }
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
  render_textWindow(mjFONT_NORMAL, buf, con, left, bottom + con->charHeight / 5, c);
}

void textCentered(const char* txt, mjrRect r, const float* c, const uiMetrics* m,
                  const mjrContext* con) {
  int w = render_textWidth(mjFONT_NORMAL, txt, con);
  int left = r.left + mjMAX(m->texthor / 2, (r.width - w) / 2);
  text(txt, left, r.bottom + m->textver, r.width - (left - r.left), c, con);
}

void label(const mjuiItem* it, const float* c, const uiMetrics* m, const mjrContext* con) {
  int left = it->rect.left - m->label + m->texthor;
  int top = it->rect.bottom + it->rect.height;
  text(it->name, left, top - m->rowh + m->textver, m->label - m->texthor - m->itemmid, c, con);
}

const float* fontColor(const mjUI* ui, int active) {
  return active ? ui->color.fontactive : ui->color.fontinactive;
}

void drawCheck(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m,
               const mjrContext* con) {
  int on = it->type == mjITEM_CHECKINT ? *(const int*)it->pdata : *(const mjtByte*)it->pdata;
  int box = m->charh;
  mjrRect b = makeRect(it->rect.left + m->textver, it->rect.bottom + m->textver, box, box);
  fill(b, active ? ui->color.decorinactive2 : ui->color.decorinactive);
  if (on) {
    int in = mjMAX(2, box / 5);
    fill(makeRect(b.left + in, b.bottom + in, box - 2 * in, box - 2 * in),
         active ? ui->color.check : ui->color.decorinactive);
  }
  int left = b.left + box + m->texthor;
  text(it->name, left, it->rect.bottom + m->textver, it->rect.left + it->rect.width - left,
       fontColor(ui, active), con);
}

void drawRadio(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m,
               const mjrContext* con) {
  int cols = ui_radioColumns(ui, it);
  int value = *(const int*)it->pdata;
  int cellw = it->rect.width / cols;
  for (int k = 0; k < it->multi.nelem; k++) {
    int row = k / cols, col = k % cols;
    mjrRect c = makeRect(it->rect.left + col * cellw,
                         it->rect.bottom + it->rect.height - (row + 1) * m->rowh, cellw, m->rowh);
    if (k == value) {
      fill(makeRect(c.left + 1, c.bottom + 1, c.width - 2, c.height - 2),
           active ? ui->color.radio : ui->color.decorinactive);
    }
    textCentered(it->multi.name[k], c, fontColor(ui, active), m, con);
  }
}

void drawSlider(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m,
                const mjrContext* con) {
  double lo = it->slider.range[0], hi = it->slider.range[1];
  double v = it->type == mjITEM_SLIDERINT ? *(const int*)it->pdata : *(const mjtNum*)it->pdata;
  double frac = hi > lo ? (v - lo) / (hi - lo) : 0;
  frac = mjMAX(0, mjMIN(1, frac));
  fill(it->rect, active ? ui->color.slider2 : ui->color.decorinactive2);
  mjrRect bar = it->rect;
  bar.width = (int)(frac * it->rect.width + 0.5);
  fill(bar, active ? ui->color.slider : ui->color.decorinactive);
  char txt[64];
  if (it->type == mjITEM_SLIDERINT) {
    snprintf(txt, sizeof(txt), "%d", *(const int*)it->pdata);
  } else {
    snprintf(txt, sizeof(txt), "%.3g", v);
  }
  textCentered(txt, it->rect, fontColor(ui, active), m, con);
}

// Edit field: the value, or while editing the text with its cursor (scrolled to show it), in
// the invalid color when the text would be rejected.
void drawEdit(const mjUI* ui, const mjuiItem* it, int active, const uiMetrics* m,
              const mjrContext* con) {
  int editing = ui->editsect == it->sectionid + 1 && ui->edititem == it->itemid;
  char txt[mjMAXUITEXT];
  if (editing) {
    memcpy(txt, ui->edittext, mjMAXUITEXT);
  } else {
    ui_editFormat(it, txt, mjMAXUITEXT);
  }
  int valid = !editing || ui_editParse(it, txt, nullptr);
  const float* bg = !active ? ui->color.decorinactive : valid ? ui->color.edit : ui->color.edit2;
  fill(it->rect, bg);
  int avail = it->rect.width - 2 * m->texthor;
  int start = 0, cursor = editing ? mjMIN(ui->editcursor, (int)strlen(txt)) : 0;
  if (editing) {
    char head[mjMAXUITEXT];
    while (start < cursor) {
      memcpy(head, txt + start, cursor - start);
      head[cursor - start] = 0;
      if (render_textWidth(mjFONT_NORMAL, head, con) <= avail) {
        break;
      }
      start++;
    }
  }
  int left = it->rect.left + m->texthor;
  text(txt + start, left, it->rect.bottom + m->textver, avail, fontColor(ui, active), con);
  if (editing) {
    char head[mjMAXUITEXT];
    memcpy(head, txt + start, cursor - start);
    head[cursor - start] = 0;
    int x = left + render_textWidth(mjFONT_NORMAL, head, con);
    fill(makeRect(x, it->rect.bottom + m->textver, mjMAX(1, m->charh / 8), m->charh),
         ui->color.cursor);
  }
}

void drawItem(const mjUI* ui, const mjuiItem* it, const uiMetrics* m, const mjrContext* con) {
  if (it->skip) {
    return;
  }
  int active = ui_isActive(ui, it);
  const float* font = fontColor(ui, active);
  switch (it->type) {
    case mjITEM_SEPARATOR: {
      mjrRect r = it->rect;
      gradient(r, ui->color.separator, ui->color.separator2);
      text(it->name, r.left + m->texthor, r.bottom + m->textver, r.width - 2 * m->texthor,
           ui->color.sectfont, con);
      if (it->state == 1 || it->state == mjSEPCLOSED) {
        const char* sym = it->state == mjSEPCLOSED ? "+" : "-";
        int w = render_textWidth(mjFONT_NORMAL, sym, con);
        text(sym, r.left + r.width - m->texthor - w, r.bottom + m->textver, w, ui->color.sectsymbol,
             con);
      }
      break;
    }
    case mjITEM_STATIC:
      label(it, font, m, con);
      for (int k = 0; k < it->multi.nelem; k++) {
        int bottom = it->rect.bottom + it->rect.height - m->textver - (k + 1) * m->charh;
        text(it->multi.name[k], it->rect.left + m->texthor / 2, bottom,
             it->rect.width - m->texthor / 2, font, con);
      }
      break;
    case mjITEM_BUTTON:
      fill(it->rect, active ? ui->color.button : ui->color.decorinactive);
      textCentered(it->name, it->rect, font, m, con);
      break;
    case mjITEM_CHECKINT:
    case mjITEM_CHECKBYTE:
      drawCheck(ui, it, active, m, con);
      break;
    case mjITEM_RADIO:
    case mjITEM_RADIOLINE:
      label(it, font, m, con);
      fill(it->rect, active ? ui->color.decorinactive2 : ui->color.decorinactive);
      drawRadio(ui, it, active, m, con);
      break;
    case mjITEM_SELECT: {
      label(it, font, m, con);
      fill(it->rect, active ? ui->color.select : ui->color.decorinactive);
      int v = *(const int*)it->pdata;
      const char* txt = v >= 0 && v < it->multi.nelem ? it->multi.name[v] : "";
      text(txt, it->rect.left + m->texthor, it->rect.bottom + m->textver,
           it->rect.width - 2 * m->texthor, font, con);
      break;
    }
    case mjITEM_SLIDERINT:
    case mjITEM_SLIDERNUM:
      label(it, font, m, con);
      drawSlider(ui, it, active, m, con);
      break;
    default:
      label(it, font, m, con);
      drawEdit(ui, it, active, m, con);
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

void drawTitle(const mjUI* ui, const mjuiSection* s, const uiMetrics* m, const mjrContext* con) {
  if (s->state == mjSECT_FIXED) {
    return;
  }
  const mjuiThemeColor* c = &ui->color;
  int checked = s->checkbox ? sectionChecked(s) : 0;
  const float* top = !s->checkbox ? c->secttitle
                     : checked    ? c->secttitlecheck
                                  : c->secttitleuncheck;
  const float* bot = !s->checkbox ? c->secttitle2
                     : checked    ? c->secttitlecheck2
                                  : c->secttitleuncheck2;
  mjrRect r = s->rtitle;
  gradient(r, top, bot);
  const char* sym = s->state == mjSECT_OPEN ? "-" : "+";
  int symw = render_textWidth(mjFONT_NORMAL, "+", con);
  int symleft = r.left + r.width - m->texthor - symw;
  text(sym, symleft, r.bottom + m->textver, symw + 2, c->sectsymbol, con);
  int right = symleft - m->itemmid;
  if (s->checkbox) {
    int box = m->charh;
    mjrRect b = makeRect(symleft - m->itemmid - box, r.bottom + m->textver, box, box);
    fill(b, c->sectsymbol);
    int in = mjMAX(1, box / 8);
    fill(makeRect(b.left + in, b.bottom + in, box - 2 * in, box - 2 * in),
         checked ? c->check : bot);
    right = b.left - m->itemmid;
  }
  text(s->name, r.left + m->texthor, r.bottom + m->textver, right - r.left - m->texthor,
       c->sectfont, con);
}

void drawSection(const mjUI* ui, const mjuiSection* s, const uiMetrics* m, const mjrContext* con) {
  drawTitle(ui, s, m, con);
  if (s->state == mjSECT_CLOSED) {
    return;
  }
  fill(s->rcontent, ui->color.sectpane);
  for (int k = 0; k < s->nitem; k++) {
    drawItem(ui, s->item + k, m, con);
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
  mjr_setAux(ui->auxid, con);
  glViewport(0, 0, con->auxWidth[ui->auxid], con->auxHeight[ui->auxid]);
  if (section < 0 || section >= ui->nsect) {
    fill(makeRect(0, 0, con->auxWidth[ui->auxid], con->auxHeight[ui->auxid]), ui->color.master);
    for (int i = 0; i < ui->nsect; i++) {
      drawSection(ui, ui->sect + i, &m, con);
    }
  } else if (item < 0 || item >= ui->sect[section].nitem) {
    drawSection(ui, ui->sect + section, &m, con);
  } else {
    const mjuiItem* it = ui->sect[section].item + item;
    if (ui->sect[section].state != mjSECT_CLOSED && !it->skip) {
      fill(it->rect, ui->color.sectpane);
      drawItem(ui, it, &m, con);
    }
  }
  mjr_restoreBuffer(con);
}

void mjui_render(mjUI* ui, const mjuiState* state, const mjrContext* con) {
  mjrRect vp = ui_viewport(ui, state);
  if (vp.width <= 0 || vp.height <= 0) {
    return;
  }
  uiMetrics m;
  ui_metrics(ui, con, &m);
  fill(vp, ui->color.master);
  int ib = ui_imageBottom(ui, state);
  int y0 = mjMAX(0, vp.bottom - ib), y1 = mjMIN(ui->height, vp.bottom + vp.height - ib);
  if (y1 > y0 && ui->width > 0) {
    mjrRect src = makeRect(0, y0, mjMIN(ui->width, vp.width), y1 - y0);
    mjr_blitAux(ui->auxid, src, vp.left, ib + y0, con);
  }
  if (ui->height > vp.height) {
    int top, thumbh;
    ui_thumb(ui, state, con, &top, &thumbh);
    fill(makeRect(vp.left + ui->width - m.scroll, top - thumbh, m.scroll, thumbh), ui->color.thumb);
  }
  const mjuiItem* sel = nullptr;
  if (ui_selectOpen(ui, state, &sel)) {
    mjrRect list = ui_selectList(ui, state, sel, con);
    fill(list, ui->color.select2);
    for (int k = 0; k < sel->multi.nelem; k++) {
      mjrRect r =
          makeRect(list.left, list.bottom + list.height - (k + 1) * m.rowh, list.width, m.rowh);
      if (state->x >= r.left && state->x < r.left + r.width && state->y >= r.bottom &&
          state->y < r.bottom + r.height) {
        fill(r, ui->color.select);
      }
      text(sel->multi.name[k], r.left + m.texthor, r.bottom + m.textver, r.width - 2 * m.texthor,
           ui->color.fontactive, con);
    }
  }
}
