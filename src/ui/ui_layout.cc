// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Layout of a UI (mjui_resize): a column of sections, each a title bar and a pane of items, laid
// out from the top. Sizes come from the spacing theme scaled by the font scale. Items of the same
// kind among buttons and check boxes share a row two by two; radio, select, slider, static and
// edit items show their name in a label column left of their rectangle; separators span the
// pane. A closed separator (state mjSEPCLOSED) hides the items up to the next separator. Closed
// sections take no height, but their items are still placed (below the title) so that reopening
// only moves them; maxheight is the height with every section open.

#include <math.h>

#include "ui/ui_internal.h"

namespace {

int scaled(int v, const mjrContext* con) {
  int scale = con->fontScale > 0 ? con->fontScale : 100;
  return (int)floor(v * scale / 100.0 + 0.5);
}

}  // namespace

void ui_metrics(const mjUI* ui, const mjrContext* con, uiMetrics* m) {
  const mjuiThemeSpacing* s = &ui->spacing;
  m->total = scaled(s->total, con);
  m->scroll = scaled(s->scroll, con);
  m->label = scaled(s->label, con);
  m->section = scaled(s->section, con);
  m->itemside = scaled(s->itemside, con);
  m->itemmid = scaled(s->itemmid, con);
  m->itemver = scaled(s->itemver, con);
  m->texthor = scaled(s->texthor, con);
  m->textver = scaled(s->textver, con);
  m->linescroll = scaled(s->linescroll, con);
  m->charh = con->charHeight;
  m->rowh = con->charHeight + 2 * m->textver;
}

int ui_isActive(const mjUI* ui, const mjuiItem* it) {
  if (it->state == 0) {
    return 0;
  }
  if (it->state == 1 || !ui->predicate) {
    return 1;
  }
  return ui->predicate(it->state, ui->userdata) != 0;
}

int ui_radioColumns(const mjUI* ui, const mjuiItem* it) {
  if (it->type == mjITEM_RADIOLINE) {
    return mjMAX(1, it->multi.nelem);
  }
  return ui->radiocol > 0 ? ui->radiocol : 2;
}

namespace {

int isPairable(int type) {
  return type == mjITEM_BUTTON || type == mjITEM_CHECKINT || type == mjITEM_CHECKBYTE;
}

int itemHeight(const mjUI* ui, const mjuiItem* it, const uiMetrics* m) {
  switch (it->type) {
    case mjITEM_RADIO: {
      int cols = ui_radioColumns(ui, it);
      int rows = mjMAX(1, (it->multi.nelem + cols - 1) / cols);
      return rows * m->rowh;
    }
    case mjITEM_STATIC:
      return mjMAX(1, it->multi.nelem) * m->charh + 2 * m->textver;
    default:
      return m->rowh;
  }
}

// Places the items of a section whose pane starts `top` pixels below the UI's top; rectangles
// are stored as distances from the top (bottom = top + height) and flipped by the caller.
// Returns the pane's height; *full is its height with every separator open.
int layoutItems(const mjUI* ui, mjuiSection* s, int left, int width, int top, const uiMetrics* m,
                int* full) {
  *full = 0;
  int cursor = top;    // bottom of the last row
  int hidden = 0;      // under a closed separator
  int pairopen = 0;    // the last row holds one pairable item and has room for another
  int hiddenpair = 0;  // the same for hidden items
  int inner = width - 2 * m->itemside;
  int colw = (inner - m->itemmid) / 2;
  for (int i = 0; i < s->nitem; i++) {
    mjuiItem* it = s->item + i;
    if (it->type == mjITEM_SEPARATOR) {
      hidden = it->state == mjSEPCLOSED;
      hiddenpair = 0;
    } else if (hidden) {
      // rows it would take when the separator opens
      if (hiddenpair && isPairable(it->type) && s->item[i - 1].type == it->type) {
        hiddenpair = 0;
      } else {
        *full += itemHeight(ui, it, m) + m->itemver;
        hiddenpair = isPairable(it->type);
      }
      it->skip = 1;
      it->rect.left = it->rect.bottom = it->rect.width = it->rect.height = 0;
      continue;
    }
    it->skip = 0;
    if (pairopen && isPairable(it->type) && s->item[i - 1].type == it->type) {
      mjuiItem* prev = s->item + i - 1;
      it->rect = prev->rect;
      it->rect.left = prev->rect.left + colw + m->itemmid;
      pairopen = 0;
      continue;
    }
    int gap = m->itemver;
    if (it->type == mjITEM_SEPARATOR && cursor > top) {
      gap = m->section;  // a separator below items keeps the gap between sections
    }
    int h = itemHeight(ui, it, m);
    it->rect.bottom = cursor + gap + h;  // flipped later
    it->rect.height = h;
    if (it->type == mjITEM_SEPARATOR) {
      it->rect.left = left + m->itemside;
      it->rect.width = inner;
    } else if (isPairable(it->type)) {
      it->rect.left = left + m->itemside;
      it->rect.width = colw;
    } else {
      it->rect.left = left + m->itemside + m->label;
      it->rect.width = inner - m->label;
    }
    cursor = it->rect.bottom;
    pairopen = isPairable(it->type);
  }
  int paneh = cursor > top ? cursor - top + m->itemver : 0;
  *full += paneh;
  return paneh;
}

void flip(mjrRect* r, int height) {
  r->bottom = height - r->bottom;
}

}  // namespace

void mjui_resize(mjUI* ui, const mjrContext* con) {
  uiMetrics m;
  ui_metrics(ui, con, &m);
  ui->width = m.total;
  int left = m.section;
  int width = m.total - m.scroll - 2 * m.section;
  int cursor = 0;  // distance from the top
  int closed = 0;  // heights of closed sections and separators
  for (int i = 0; i < ui->nsect; i++) {
    mjuiSection* s = ui->sect + i;
    cursor += m.section;
    int titleh = s->state == mjSECT_FIXED ? 0 : m.rowh;
    s->rtitle.left = left;
    s->rtitle.width = width;
    s->rtitle.height = titleh;
    s->rtitle.bottom = cursor + titleh;
    cursor += titleh;
    int full;
    int paneh = layoutItems(ui, s, left, width, cursor, &m, &full);
    s->rcontent.left = left;
    s->rcontent.width = width;
    s->rcontent.height = paneh;
    s->rcontent.bottom = cursor + paneh;
    if (s->state == mjSECT_CLOSED) {
      closed += full;
    } else {
      closed += full - paneh;
      cursor += paneh;
    }
  }
  cursor += m.section;
  ui->height = cursor;
  ui->maxheight = cursor + closed;
  for (int i = 0; i < ui->nsect; i++) {
    mjuiSection* s = ui->sect + i;
    flip(&s->rtitle, ui->height);
    flip(&s->rcontent, ui->height);
    for (int k = 0; k < s->nitem; k++) {
      flip(&s->item[k].rect, ui->height);
    }
  }
  // the scroll offset stays: mjEVENT_RESIZE and scrolling clamp it to the rectangle
}

// ---------------------------------------------------------------------------------------------
// mapping between the window and the UI image

mjrRect ui_viewport(const mjUI* ui, const mjuiState* state) {
  if (ui->rectid < 0 || ui->rectid >= state->nrect) {
    mjrRect none = {0, 0, 0, 0};
    return none;
  }
  return state->rect[ui->rectid];
}

// The scroll offset counts only when the image overflows the rectangle: a UI that fits stays at
// the top whatever ui->scroll holds.
int ui_imageBottom(const mjUI* ui, const mjuiState* state) {
  mjrRect vp = ui_viewport(ui, state);
  int scroll = ui->height > vp.height ? ui->scroll : 0;
  return vp.bottom + vp.height - ui->height + scroll;
}

int ui_toUI(const mjUI* ui, const mjuiState* state, double wx, double wy, int* x, int* y) {
  mjrRect vp = ui_viewport(ui, state);
  // window coordinates truncated toward zero, as MuJoCo does (-0.5 is pixel 0)
  *x = (int)wx - vp.left;
  *y = (int)wy - ui_imageBottom(ui, state);
  return wx >= vp.left && wx < vp.left + vp.width && wy >= vp.bottom && wy < vp.bottom + vp.height;
}

void ui_thumb(const mjUI* ui, const mjuiState* state, const mjrContext* con, int* top,
              int* height) {
  uiMetrics m;
  ui_metrics(ui, con, &m);
  mjrRect vp = ui_viewport(ui, state);
  int h = mjMAX(1, ui->height);
  *height = mjMAX(m.rowh / 2, vp.height * vp.height / h);
  *top = vp.bottom + vp.height - ui->scroll * vp.height / h;
}

mjrRect ui_selectList(const mjUI* ui, const mjuiState* state, const mjuiItem* it,
                      const mjrContext* con) {
  uiMetrics m;
  ui_metrics(ui, con, &m);
  mjrRect r;
  mjrRect vp = ui_viewport(ui, state);
  r.left = vp.left + it->rect.left;
  r.width = it->rect.width;
  r.height = mjMAX(1, it->multi.nelem) * m.rowh;
  // the list hangs below the item, or above it when the window has no room below
  r.bottom = ui_imageBottom(ui, state) + it->rect.bottom - r.height;
  if (r.bottom < state->rect[0].bottom) {
    r.bottom = ui_imageBottom(ui, state) + it->rect.bottom + it->rect.height;
  }
  return r;
}

int ui_selectOpen(const mjUI* ui, const mjuiState* state, const mjuiItem** it) {
  if (ui->mousesect < 1 || ui->mousesect > ui->nsect || !state->left ||
      state->dragrect != ui->rectid) {
    return 0;
  }
  const mjuiSection* s = ui->sect + ui->mousesect - 1;
  if (ui->mouseitem < 0 || ui->mouseitem >= s->nitem ||
      s->item[ui->mouseitem].type != mjITEM_SELECT) {
    return 0;
  }
  *it = s->item + ui->mouseitem;
  return 1;
}
