// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Events of a UI (mjui_event). Mouse positions are window pixels with y up, as in mjuiState; the
// UI reacts to the mouse only inside its rectangle (state->rect[ui->rectid]) and to keys
// everywhere. A press on a section title opens or closes it (on its check box: checks or
// unchecks every check box of the section); on an item it acts: buttons fire, check boxes flip,
// radio items pick the element under the mouse, sliders follow the mouse while the button is
// down, select items open a list that the release picks from, edit items start editing. Editing
// takes the keyboard until Enter (the text is stored if valid, otherwise editing goes on and the
// field shows the invalid color) or Escape (cancelled). Shortcut keys fire buttons, flip check
// boxes and open sections. The returned item is the one whose data changed or that fired.

#include <math.h>
#include <string.h>

#include "ui/ui_internal.h"

namespace {

int modifiers(const mjuiState* state) {
  return (state->control ? 1 : 0) | (state->shift ? 2 : 0) | (state->alt ? 4 : 0);
}

int sectionOpen(const mjuiSection* s) {
  return s->state == mjSECT_OPEN || s->state == mjSECT_FIXED;
}

int inside(const mjrRect* r, int x, int y) {
  return x >= r->left && x < r->left + r->width && y >= r->bottom && y < r->bottom + r->height;
}

void clampScroll(mjUI* ui, const mjuiState* state) {
  mjrRect vp = ui_viewport(ui, state);
  int maxscroll = mjMAX(0, ui->height - vp.height);
  ui->scroll = mjMAX(0, mjMIN(ui->scroll, maxscroll));
}

// ---------------------------------------------------------------------------------------------
// item actions

void flipCheck(mjuiItem* it) {
  if (it->type == mjITEM_CHECKINT) {
    int* v = (int*)it->pdata;
    *v = !*v;
  } else {
    mjtByte* v = (mjtByte*)it->pdata;
    *v = !*v;
  }
}

int radioElement(const mjUI* ui, const mjuiItem* it, int x, int y, const mjrContext* con) {
  uiMetrics m;
  ui_metrics(ui, con, &m);
  int cols = ui_radioColumns(ui, it);
  int col = (x - it->rect.left) * cols / mjMAX(1, it->rect.width);
  int row = (it->rect.bottom + it->rect.height - 1 - y) / mjMAX(1, m.rowh);
  int k = row * cols + mjMAX(0, mjMIN(col, cols - 1));
  return k >= 0 && k < it->multi.nelem ? k : -1;
}

// Sets a slider from the mouse x; returns 1 if the value changed.
int sliderSet(mjuiItem* it, int x) {
  double lo = it->slider.range[0], hi = it->slider.range[1];
  double frac = (x + 0.5 - it->rect.left) / mjMAX(1, it->rect.width);  // pixel centers
  frac = mjMAX(0, mjMIN(1, frac));
  double div = it->slider.divisions > 0 ? it->slider.divisions : 1;
  frac = floor(frac * div + 0.5) / div;
  double v = lo + frac * (hi - lo);
  if (it->type == mjITEM_SLIDERINT) {
    int* p = (int*)it->pdata;
    int old = *p;
    *p = (int)floor(v + 0.5);
    return *p != old;
  }
  mjtNum* p = (mjtNum*)it->pdata;
  mjtNum old = *p;
  *p = v;
  return *p != old;
}

void startEdit(mjUI* ui, mjuiItem* it) {
  ui->editsect = it->sectionid + 1;
  ui->edititem = it->itemid;
  ui_editFormat(it, ui->edittext, mjMAXUITEXT);
  ui->editcursor = (int)strlen(ui->edittext);
  ui->editscroll = 0;
}

mjuiItem* editItem(mjUI* ui) {
  if (ui->editsect < 1 || ui->editsect > ui->nsect) {
    return nullptr;
  }
  mjuiSection* s = ui->sect + ui->editsect - 1;
  return ui->edititem >= 0 && ui->edititem < s->nitem ? s->item + ui->edititem : nullptr;
}

void stopEdit(mjUI* ui) {
  ui->editsect = 0;
  ui->edititem = 0;
  ui->editcursor = 0;
  ui->editscroll = 0;
  ui->edittext[0] = 0;
}

// The character a key types into an edit field (0: none). Key codes are GLFW's: letters come
// upper case, shift selects the case.
char typedChar(const mjuiState* state) {
  int key = state->key;
  if (key >= mjKEY_NUMPAD_0 && key <= mjKEY_NUMPAD_9) {
    return (char)('0' + key - mjKEY_NUMPAD_0);
  }
  if (key < 32 || key > 126) {
    return 0;
  }
  if (key >= 'A' && key <= 'Z' && !state->shift) {
    return (char)(key - 'A' + 'a');
  }
  if (state->shift && key == '-') {
    return '_';
  }
  return (char)key;
}

mjuiItem* editKey(mjUI* ui, mjuiState* state, mjuiItem* it) {
  char* txt = ui->edittext;
  int len = (int)strlen(txt);
  int* cur = &ui->editcursor;
  *cur = mjMAX(0, mjMIN(*cur, len));
  switch (state->key) {
    case mjKEY_ENTER:
      if (ui_editParse(it, txt, nullptr)) {
        ui_editStore(it, txt);
        stopEdit(ui);
        ui->editchanged = it;
        return it;
      }
      return nullptr;  // invalid: keep editing (drawn in the invalid color)
    case mjKEY_ESCAPE:
      stopEdit(ui);
      return nullptr;
    case mjKEY_BACKSPACE:
      if (*cur > 0) {
        memmove(txt + *cur - 1, txt + *cur, len - *cur + 1);
        (*cur)--;
      }
      return nullptr;
    case mjKEY_DELETE:
      if (*cur < len) {
        memmove(txt + *cur, txt + *cur + 1, len - *cur);
      }
      return nullptr;
    case mjKEY_LEFT:
      *cur = mjMAX(0, *cur - 1);
      return nullptr;
    case mjKEY_RIGHT:
      *cur = mjMIN(len, *cur + 1);
      return nullptr;
    case mjKEY_HOME:
      *cur = 0;
      return nullptr;
    case mjKEY_END:
      *cur = len;
      return nullptr;
    default:
      break;
  }
  char c = typedChar(state);
  if (c && len < mjMAXUITEXT - 1) {
    memmove(txt + *cur + 1, txt + *cur, len - *cur + 1);
    txt[*cur] = c;
    (*cur)++;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// keyboard

mjuiItem* sectionShortcut(mjUI* ui, int i) {
  mjuiSection* s = ui->sect + i;
  // show this section alone, or close it when it already is the only one open
  int others = 0;
  for (int k = 0; k < ui->nsect; k++) {
    others += k != i && ui->sect[k].state == mjSECT_OPEN;
  }
  int open = s->state == mjSECT_CLOSED || others;
  for (int k = 0; k < ui->nsect; k++) {
    if (ui->sect[k].state == mjSECT_OPEN) {
      ui->sect[k].state = mjSECT_CLOSED;
    }
  }
  s->state = open ? mjSECT_OPEN : mjSECT_CLOSED;
  return nullptr;
}

mjuiItem* shortcut(mjUI* ui, mjuiState* state) {
  int mod = modifiers(state);
  for (int i = 0; i < ui->nsect; i++) {
    mjuiSection* s = ui->sect + i;
    if (s->shortcut && s->shortcut == state->key && s->modifier == mod &&
        s->state != mjSECT_FIXED) {
      return sectionShortcut(ui, i);
    }
    for (int k = 0; k < s->nitem; k++) {
      mjuiItem* it = s->item + k;
      int single =
          it->type == mjITEM_BUTTON || it->type == mjITEM_CHECKINT || it->type == mjITEM_CHECKBYTE;
      if (!single || !it->single.shortcut || it->single.shortcut != state->key ||
          it->single.modifier != mod || !ui_isActive(ui, it)) {
        continue;
      }
      if (it->type != mjITEM_BUTTON) {
        flipCheck(it);
      }
      return it;
    }
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// mouse

// Section title under UI pixel (x, y): toggles it or its check box.
void pressTitle(mjUI* ui, int i, int x, const uiMetrics* m) {
  mjuiSection* s = ui->sect + i;
  int box = m->rowh - 2 * m->textver;
  int boxleft = s->rtitle.left + s->rtitle.width - m->texthor - 2 * box - m->itemmid;
  if (s->checkbox && x >= boxleft && x < boxleft + box + m->itemmid) {
    int value = s->checkbox == 1;  // unchecked: check everything
    for (int k = 0; k < s->nitem; k++) {
      mjuiItem* it = s->item + k;
      if ((it->type == mjITEM_CHECKINT || it->type == mjITEM_CHECKBYTE) && ui_isActive(ui, it)) {
        if (it->type == mjITEM_CHECKINT) {
          *(int*)it->pdata = value;
        } else {
          *(mjtByte*)it->pdata = (mjtByte)value;
        }
      }
    }
    s->checkbox = value ? 2 : 1;
    ui->mousesectcheck = i + 1;
    return;
  }
  if (s->state == mjSECT_OPEN) {
    s->state = mjSECT_CLOSED;
  } else if (s->state == mjSECT_CLOSED) {
    s->state = mjSECT_OPEN;
  }
}

mjuiItem* pressItem(mjUI* ui, mjuiState* state, mjuiItem* it, int x, int y, const mjrContext* con) {
  if (it->type == mjITEM_SEPARATOR) {
    if (it->state == mjSEPCLOSED) {
      it->state = 1;
    } else if (it->state == 1) {
      it->state = mjSEPCLOSED;
    }
    return nullptr;
  }
  if (!ui_isActive(ui, it)) {
    return nullptr;
  }
  switch (it->type) {
    case mjITEM_BUTTON:
      return it;
    case mjITEM_CHECKINT:
    case mjITEM_CHECKBYTE:
      flipCheck(it);
      return it;
    case mjITEM_RADIO:
    case mjITEM_RADIOLINE: {
      int k = radioElement(ui, it, x, y, con);
      if (k < 0) {
        return nullptr;
      }
      *(int*)it->pdata = k;
      return it;
    }
    case mjITEM_SLIDERINT:
    case mjITEM_SLIDERNUM:
      sliderSet(it, x);
      return it;
    case mjITEM_EDITINT:
    case mjITEM_EDITNUM:
    case mjITEM_EDITFLOAT:
    case mjITEM_EDITTXT:
      startEdit(ui, it);
      return nullptr;
    default:
      (void)state;
      return nullptr;  // static and select (opens on press, picks on release)
  }
}

mjuiItem* press(mjUI* ui, mjuiState* state, const mjrContext* con) {
  int x, y;
  if (!ui_toUI(ui, state, state->x, state->y, &x, &y)) {
    if (ui->editsect) {
      stopEdit(ui);  // a click elsewhere cancels editing
    }
    return nullptr;
  }
  uiMetrics m;
  ui_metrics(ui, con, &m);
  ui->mouseclicks++;
  ui->mousesect = 0;
  ui->mouseitem = 0;
  ui->mousesectcheck = 0;
  mjuiItem* editing = editItem(ui);
  if (ui->height > ui_viewport(ui, state).height && x >= ui->width - m.scroll) {
    ui->mousesect = -1;  // the scroll bar: drag to scroll
    return nullptr;
  }
  for (int i = 0; i < ui->nsect; i++) {
    mjuiSection* s = ui->sect + i;
    if (s->state != mjSECT_FIXED && inside(&s->rtitle, x, y)) {
      if (editing) {
        stopEdit(ui);
      }
      s->lastclick = ui->mouseclicks;
      pressTitle(ui, i, x, &m);
      return nullptr;
    }
    if (!sectionOpen(s) || !inside(&s->rcontent, x, y)) {
      continue;
    }
    for (int k = 0; k < s->nitem; k++) {
      mjuiItem* it = s->item + k;
      if (it->skip || !inside(&it->rect, x, y)) {
        continue;
      }
      ui->mousesect = i + 1;
      ui->mouseitem = k;
      if (editing && editing != it) {
        stopEdit(ui);
      }
      if (editing == it) {
        return nullptr;  // already editing
      }
      return pressItem(ui, state, it, x, y, con);
    }
  }
  if (editing) {
    stopEdit(ui);
  }
  return nullptr;
}

mjuiItem* move(mjUI* ui, mjuiState* state) {
  if (!state->left || state->dragrect != ui->rectid) {
    return nullptr;
  }
  if (ui->mousesect == -1) {
    // the thumb follows the mouse: the whole image spans the rectangle's height
    mjrRect vp = ui_viewport(ui, state);
    ui->scroll -= (int)floor(state->dy * ui->height / mjMAX(1, vp.height) + 0.5);
    clampScroll(ui, state);
    return nullptr;
  }
  if (ui->mousesect < 1 || ui->mousesect > ui->nsect) {
    return nullptr;
  }
  mjuiItem* it = ui->sect[ui->mousesect - 1].item + ui->mouseitem;
  if ((it->type != mjITEM_SLIDERINT && it->type != mjITEM_SLIDERNUM) || !ui_isActive(ui, it)) {
    return nullptr;
  }
  int x, y;
  ui_toUI(ui, state, state->x, state->y, &x, &y);
  return sliderSet(it, x) ? it : nullptr;
}

mjuiItem* release(mjUI* ui, mjuiState* state, const mjrContext* con) {
  if (state->dragrect != ui->rectid || ui->mousesect < 1 || ui->mousesect > ui->nsect) {
    return nullptr;
  }
  mjuiItem* it = ui->sect[ui->mousesect - 1].item + ui->mouseitem;
  if (it->type != mjITEM_SELECT || !ui_isActive(ui, it)) {
    return nullptr;
  }
  uiMetrics m;
  ui_metrics(ui, con, &m);
  mjrRect list = ui_selectList(ui, state, it, con);
  if (!inside(&list, (int)floor(state->x), (int)floor(state->y))) {
    return nullptr;
  }
  int k = (list.bottom + list.height - 1 - (int)floor(state->y)) / mjMAX(1, m.rowh);
  if (k < 0 || k >= it->multi.nelem) {
    return nullptr;
  }
  *(int*)it->pdata = k;
  return it;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// public

mjuiItem* mjui_event(mjUI* ui, mjuiState* state, const mjrContext* con) {
  ui->editchanged = nullptr;
  switch (state->type) {
    case mjEVENT_PRESS:
      return press(ui, state, con);
    case mjEVENT_MOVE:
      return move(ui, state);
    case mjEVENT_RELEASE: {
      mjuiItem* it = release(ui, state, con);
      if (ui->mousesect == -1) {
        ui->mousesect = 0;
      }
      return it;
    }
    case mjEVENT_SCROLL: {
      int x, y;
      if (!ui_toUI(ui, state, state->x, state->y, &x, &y)) {
        return nullptr;
      }
      uiMetrics m;
      ui_metrics(ui, con, &m);
      ui->scroll -= (int)floor(state->sy * m.linescroll + 0.5);
      clampScroll(ui, state);
      return nullptr;
    }
    case mjEVENT_KEY: {
      mjuiItem* editing = editItem(ui);
      return editing ? editKey(ui, state, editing) : shortcut(ui, state);
    }
    case mjEVENT_RESIZE:
      clampScroll(ui, state);
      return nullptr;
    default:
      return nullptr;
  }
}
