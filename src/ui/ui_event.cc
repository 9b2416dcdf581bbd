// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Events of a UI (mjui_event), with the semantics measured on MuJoCo 3.8.0 (see
// doc/conformance.md#ui-framework). Mouse positions are window pixels with y up, as in
// mjuiState; the application sends the UI the events in its rectangle (state->rect[ui->rectid]),
// and the UI maps them to its own pixels. A left press on a section title opens or closes it; on
// an item it acts: buttons fire, check boxes flip, radio items pick the element under the
// mouse, sliders follow the mouse while the button is down, select items open a list that the
// release picks from, edit items start editing. Editing takes the keyboard until Enter (valid
// text is stored, otherwise editing goes on and the field shows the invalid color), Escape, or
// a press elsewhere. Shortcut keys fire buttons, flip check boxes and show sections. The
// returned item is the one whose data changed or that fired.

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

// Edges included on all four sides, as MuJoCo tests them.
int inside(const mjrRect* r, int x, int y) {
  return x >= r->left && x <= r->left + r->width && y >= r->bottom && y <= r->bottom + r->height;
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
  int rows = (it->multi.nelem + cols - 1) / cols;
  int row = (it->rect.bottom + it->rect.height - y) / mjMAX(1, m.rowh);
  if (col >= cols && it->type == mjITEM_RADIOLINE) {
    return -1;  // a radio line's right edge (included in the item) is in no element
  }
  int k = mjMAX(0, mjMIN(row, rows - 1)) * cols + mjMAX(0, mjMIN(col, cols - 1));
  return k >= 0 && k < it->multi.nelem ? k : -1;
}

// Sets a slider from the mouse x; returns 1 if the value changed.
int sliderSet(mjuiItem* it, int x) {
  double lo = it->slider.range[0], hi = it->slider.range[1];
  double frac = (double)(x - it->rect.left) / mjMAX(1, it->rect.width);
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

// Width in pixels of n characters of text.
int textWidth(const char* txt, int n, const mjrContext* con) {
  int w = 0;
  for (int i = 0; i < n && txt[i]; i++) {
    unsigned char c = (unsigned char)txt[i];
    w += c < 127 ? con->charWidth[c] : 0;
  }
  return w;
}

// Keeps the cursor visible: the text shown starts at editscroll and its part left of the cursor
// fits the field's width less the text margins.
void editScroll(mjUI* ui, const mjuiItem* it, const mjrContext* con) {
  uiMetrics m;
  ui_metrics(ui, con, &m);
  int avail = it->rect.width - 2 * m.texthor;
  ui->editscroll = mjMAX(0, mjMIN(ui->editscroll, ui->editcursor));
  while (ui->editscroll < ui->editcursor &&
         textWidth(ui->edittext + ui->editscroll, ui->editcursor - ui->editscroll, con) > avail) {
    ui->editscroll++;
  }
}

// The cursor position nearest to UI pixel x over an edit field: the character boundary closest
// to x in the text shown from editscroll on (the left one of two as close).
int cursorAt(const mjUI* ui, const mjuiItem* it, int x, const mjrContext* con) {
  uiMetrics m;
  ui_metrics(ui, con, &m);
  int px = x - it->rect.left - m.texthor;
  int len = (int)strlen(ui->edittext);
  int pos = ui->editscroll, w = 0;
  while (pos < len) {
    unsigned char c = (unsigned char)ui->edittext[pos];
    int cw = c < 127 ? con->charWidth[c] : 0;
    if (px <= w + cw / 2.0) {  // a tie goes to the left
      break;
    }
    w += cw;
    pos++;
  }
  return pos;
}

void startEdit(mjUI* ui, mjuiItem* it, int x, const mjrContext* con) {
  ui->editsect = it->sectionid + 1;
  ui->edititem = it->itemid;
  ui_editFormat(it, ui->edittext, mjMAXUITEXT);
  ui->editscroll = 0;
  ui->editcursor = cursorAt(ui, it, x, con);
  editScroll(ui, it, con);
}

mjuiItem* editItem(mjUI* ui) {
  if (ui->editsect < 1 || ui->editsect > ui->nsect) {
    return nullptr;
  }
  mjuiSection* s = ui->sect + ui->editsect - 1;
  return ui->edititem >= 0 && ui->edititem < s->nitem ? s->item + ui->edititem : nullptr;
}

// Editing ends by clearing editsect; the item, text and cursor stay as they were.
void stopEdit(mjUI* ui) {
  ui->editsect = 0;
}

// Ends editing because of a click elsewhere: valid text is stored (the item is returned and
// recorded in editchanged), invalid text is dropped.
mjuiItem* commitEdit(mjUI* ui, mjuiItem* it) {
  stopEdit(ui);
  if (!ui_editParse(it, ui->edittext, nullptr)) {
    return nullptr;
  }
  ui_editStore(it, ui->edittext);
  ui->editchanged = it;
  return it;
}

// The character a key types into an edit field (0: none). Key codes are GLFW's: letters and
// the US keyboard's punctuation come unshifted, shift gives capitals and the shifted
// punctuation (digits stay digits). Numeric fields take digits (also from the keypad), signs
// and spaces ('=' types '+'), and for real numbers '.' and 'e'.
char typedChar(const mjuiItem* it, const mjuiState* state) {
  int key = state->key;
  if (it->type != mjITEM_EDITTXT) {
    if (key >= mjKEY_NUMPAD_0 && key <= mjKEY_NUMPAD_9) {
      return (char)('0' + key - mjKEY_NUMPAD_0);
    }
    if ((key >= '0' && key <= '9') || key == ' ' || key == '-' || key == '+') {
      return (char)key;
    }
    if (key == '=') {
      return '+';
    }
    if (it->type != mjITEM_EDITINT && (key == '.' || key == 'E')) {
      return (char)(key == 'E' ? 'e' : '.');
    }
    return 0;
  }
  if (key < 32 || key > 127) {
    return 0;
  }
  if (key >= 'A' && key <= 'Z') {
    return (char)(state->shift ? key : key - 'A' + 'a');
  }
  if (state->shift) {
    const char* plain = "'`[\\];,./-=";
    const char* shifted = "\"~{|}:<>?_+";
    const char* p = strchr(plain, key);
    if (p) {
      return shifted[p - plain];
    }
  }
  return (char)key;
}

mjuiItem* editKey(mjUI* ui, mjuiState* state, mjuiItem* it, const mjrContext* con) {
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
      break;
    case mjKEY_DELETE:
      if (*cur < len) {
        memmove(txt + *cur, txt + *cur + 1, len - *cur);
      }
      break;
    case mjKEY_LEFT:  // with Control: to the start, as Home
      *cur = state->control ? 0 : mjMAX(0, *cur - 1);
      break;
    case mjKEY_RIGHT:  // with Control: to the end, as End
      *cur = state->control ? len : mjMIN(len, *cur + 1);
      break;
    case mjKEY_HOME:
      *cur = 0;
      break;
    case mjKEY_END:
      *cur = len;
      break;
    default: {
      char c = typedChar(it, state);
      if (c && len < mjMAXUITEXT - 1) {
        memmove(txt + *cur + 1, txt + *cur, len - *cur + 1);
        txt[*cur] = c;
        (*cur)++;
      }
    }
  }
  editScroll(ui, it, con);
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// keyboard

// A section's shortcut shows it alone: it opens, every other section closes.
mjuiItem* sectionShortcut(mjUI* ui, int i) {
  for (int k = 0; k < ui->nsect; k++) {
    if (ui->sect[k].state == mjSECT_OPEN) {
      ui->sect[k].state = mjSECT_CLOSED;
    }
  }
  ui->sect[i].state = mjSECT_OPEN;
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

// A press on a section title opens or closes the section; the second press of a double click
// gives every section the state of this one (all open or all closed). The check box of a title
// does not change the section (see press).
void pressTitle(mjUI* ui, int i, const mjuiState* state) {
  mjuiSection* s = ui->sect + i;
  if (state->doubleclick) {
    for (int k = 0; k < ui->nsect; k++) {
      if (ui->sect[k].state != mjSECT_FIXED) {
        ui->sect[k].state = s->state;
      }
    }
    return;
  }
  if (s->state == mjSECT_OPEN) {
    s->state = mjSECT_CLOSED;
  } else if (s->state == mjSECT_CLOSED) {
    s->state = mjSECT_OPEN;
  }
}

mjuiItem* pressItem(mjUI* ui, mjuiState* state, mjuiItem* it, int x, int y, const mjrContext* con) {
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
      startEdit(ui, it, x, con);
      return nullptr;
    default:
      (void)state;
      return nullptr;  // static and select (opens on press, picks on release)
  }
}

// Item types that keep the mouse focus while the button is down (mousesect, mouseitem).
int holdsFocus(int type) {
  return type == mjITEM_BUTTON || type == mjITEM_SELECT || type == mjITEM_SLIDERINT ||
         type == mjITEM_SLIDERNUM || type >= mjITEM_EDITINT;
}

// Whether UI pixel (x, y) is on an item: its rectangle, edges included, or for a button the pill
// it is drawn as (half circles of radius height/2 at both ends, their rims excluded).
int onItem(const mjuiItem* it, int x, int y) {
  const mjrRect* r = &it->rect;
  if (!inside(r, x, y)) {
    return 0;
  }
  if (it->type != mjITEM_BUTTON) {
    return 1;
  }
  double rad = r->height / 2.0, cy = r->bottom + rad;
  double cx = x < r->left + rad              ? r->left + rad
              : x > r->left + r->width - rad ? r->left + r->width - rad
                                             : x;
  return cx == x || (x - cx) * (x - cx) + (y - cy) * (y - cy) < rad * rad;
}

// The item under UI pixel (x, y), or the section whose title is there (*title), or neither.
mjuiItem* itemAt(mjUI* ui, int x, int y, int* title) {
  *title = -1;
  for (int i = 0; i < ui->nsect; i++) {
    mjuiSection* s = ui->sect + i;
    if (s->state != mjSECT_FIXED && inside(&s->rtitle, x, y)) {
      *title = i;
      return nullptr;
    }
    if (!sectionOpen(s) || !inside(&s->rcontent, x, y)) {
      continue;
    }
    for (int k = 0; k < s->nitem; k++) {
      mjuiItem* it = s->item + k;
      if (!it->skip && onItem(it, x, y)) {
        return it;
      }
    }
  }
  return nullptr;
}

// A press counts as a click of the UI wherever it is; the left button acts on what lies under
// it in UI coordinates. A press anywhere but on the field being edited ends the editing first
// (see commitEdit); the item it stored is returned unless the press acts on another one.
mjuiItem* press(mjUI* ui, mjuiState* state, const mjrContext* con) {
  ui->mouseclicks++;
  if (state->button != mjBUTTON_LEFT) {
    return nullptr;
  }
  int x, y;
  ui_toUI(ui, state, state->x, state->y, &x, &y);
  uiMetrics m;
  ui_metrics(ui, con, &m);
  ui->mousesect = 0;
  mjuiItem* editing = editItem(ui);
  int title;
  mjuiItem* it = itemAt(ui, x, y, &title);
  mjrRect vp = ui_viewport(ui, state);
  int scrollbar = ui->height > vp.height && x >= ui->width - m.scroll && x <= ui->width &&
                  state->y >= vp.bottom && state->y <= vp.bottom + vp.height;
  if (scrollbar) {
    it = nullptr;
    title = -1;
  }
  if (it && ui_isActive(ui, it) && holdsFocus(it->type)) {
    ui->mousesect = it->sectionid + 1;
    ui->mouseitem = it->itemid;
  }
  if (editing && it == editing) {
    ui->editcursor = cursorAt(ui, it, x, con);  // moves the cursor
    editScroll(ui, it, con);
    return nullptr;
  }
  mjuiItem* committed = editing ? commitEdit(ui, editing) : nullptr;
  if (scrollbar) {
    // on the thumb: drag it; above or below it: jump to the top or the bottom
    int top, height;
    ui_thumb(ui, state, con, &top, &height);
    if (state->y > top) {
      ui->scroll = 0;
    } else if (state->y < top - height) {
      ui->scroll = ui->height - vp.height;
    } else {
      ui->mousesect = -1;
      ui->mouseitem = 0;
    }
    return committed;
  }
  if (title >= 0) {
    mjuiSection* s = ui->sect + title;
    s->lastclick = ui->mouseclicks;
    // the title's check box (a square at its left) is recorded for the application, which
    // decides what it does to the section's check boxes; a press elsewhere on a title clears it
    ui->mousesectcheck = 0;
    if (s->checkbox && x <= s->rtitle.left + s->rtitle.height) {
      ui->mousesectcheck = title + 1;
      return nullptr;  // the edit it ended is in editchanged
    }
    pressTitle(ui, title, state);
    return committed;  // a press elsewhere on a title returns the edit it ended
  }
  mjuiItem* acted = it ? pressItem(ui, state, it, x, y, con) : nullptr;
  return acted ? acted : committed;
}

mjuiItem* move(mjUI* ui, mjuiState* state, const mjrContext* con) {
  if (!state->left) {  // the held item follows the mouse wherever the drag started
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
  int x, y;
  ui_toUI(ui, state, state->x, state->y, &x, &y);
  if (it == editItem(ui)) {
    // dragging over the field being edited moves its cursor
    ui->editcursor = cursorAt(ui, it, x, con);
    editScroll(ui, it, con);
    return nullptr;
  }
  if ((it->type != mjITEM_SLIDERINT && it->type != mjITEM_SLIDERNUM) || !ui_isActive(ui, it)) {
    return nullptr;
  }
  sliderSet(it, x);
  return it;
}

mjuiItem* release(mjUI* ui, mjuiState* state, const mjrContext* con) {
  if (ui->mousesect < 1 || ui->mousesect > ui->nsect) {
    return nullptr;
  }
  mjuiItem* it = ui->sect[ui->mousesect - 1].item + ui->mouseitem;
  if (it->type != mjITEM_SELECT || !ui_isActive(ui, it)) {
    return nullptr;
  }
  uiMetrics m;
  ui_metrics(ui, con, &m);
  // the open list (window pixels): its top edge, shared with the select box, is not in it
  mjrRect list = ui_selectList(ui, state, it, con);
  int x = (int)state->x, y = (int)state->y;
  if (x < list.left || x > list.left + list.width || y < list.bottom ||
      y >= list.bottom + list.height) {
    return nullptr;
  }
  int k = (list.bottom + list.height - 1 - y) / mjMAX(1, m.rowh);
  if (k < 0 || k >= it->multi.nelem) {
    return nullptr;
  }
  *(int*)it->pdata = k;
  return it;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// public

namespace {

mjuiItem* dispatch(mjUI* ui, mjuiState* state, const mjrContext* con) {
  switch (state->type) {
    case mjEVENT_PRESS:
      return press(ui, state, con);
    case mjEVENT_MOVE:
      return move(ui, state, con);
    case mjEVENT_RELEASE: {
      mjuiItem* it = release(ui, state, con);
      ui->mousesect = 0;  // the held item is let go (mouseitem keeps the last one)
      return it;
    }
    case mjEVENT_SCROLL: {
      // wherever the mouse is: the application sends the UI the scrolls that are its own
      uiMetrics m;
      ui_metrics(ui, con, &m);
      ui->scroll -= (int)floor(state->sy * m.linescroll + 0.5);
      clampScroll(ui, state);
      return nullptr;
    }
    case mjEVENT_KEY: {
      mjuiItem* editing = editItem(ui);
      return editing ? editKey(ui, state, editing, con) : shortcut(ui, state);
    }
    case mjEVENT_RESIZE:
      clampScroll(ui, state);
      return nullptr;
    default:
      return nullptr;
  }
}

// Whether the UI's image can be redrawn: its auxiliary buffer exists and holds it.
int canRedraw(const mjUI* ui, const mjrContext* con) {
  return ui->auxid >= 0 && ui->auxid < mjNAUX && con->auxFBO[ui->auxid] &&
         con->auxWidth[ui->auxid] >= ui->width && con->auxHeight[ui->auxid] >= ui->height;
}

}  // namespace

// Like MuJoCo's, the handler redraws the UI image (mjui_update) after the events that can change
// it, so that pressed buttons, moved sliders and typed text show without the application's help.
// Unlike MuJoCo's, it skips the redraw when the UI's auxiliary buffer does not exist (a context
// without buffers, as in programs that only handle events) instead of failing.
mjuiItem* mjui_event(mjUI* ui, mjuiState* state, const mjrContext* con) {
  ui->editchanged = nullptr;
  mjuiItem* it = dispatch(ui, state, con);
  int type = state->type;
  int changed = type == mjEVENT_PRESS || type == mjEVENT_RELEASE || type == mjEVENT_KEY ||
                (type == mjEVENT_MOVE && it);
  if (changed && canRedraw(ui, con)) {
    mjui_update(-1, -1, ui, state, con);
  }
  return it;
}
