// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// kit_ui [--golden FILE]: builds one UI definition with every kind of item, lays it out with
// mjui_resize for fixed font metrics (the renderer's mjrContext of an empty model with its font
// metrics overwritten, so that both libraries lay out the same text) and feeds it sequences of
// mjuiState events the way a windowing layer does (press and release, drags, keys, scrolling).
// After each event it prints the returned item, the bound values and the UI's mouse, edit and
// scroll state, one line each. Built twice: against MuJoCo 3.8.0 (the kit in ../shared), whose
// output is the golden test/data/ui/kit_ui.txt, and against Motus, which compares its output with
// that golden (--golden) and prints every differing line.
// kit_ui --random [--golden FILE | --verbose]: 40 pseudo-random runs of 200 events each (clicks
// anywhere and on items, keys, drags, scrolls, titles, shortcuts, resizes), each from a fresh UI;
// prints a hash of the output of every 10 events (golden test/data/ui/kit_ui_random.txt) or,
// with --verbose, the output itself, to find the first differing event.

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <mujoco/mujoco.h>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kit_egl.h"

namespace {

// A headless OpenGL context (EGL, Mesa's surfaceless platform): mjui_resize asks OpenGL for the
// largest renderbuffer, so the layout needs a current context even with hand-filled metrics.
bool makeContext() {
  return kit::MakeHeadlessContext();
}

// ---------------------------------------------------------------------------------------------
// bound values and the definition

struct Bound {
  int checkA = 0, checkOff = 1, checkPred = 0;
  mjtByte checkB = 1;
  int radio = 1, radioline = 0, select = 2;
  int sliderint = 3;
  mjtNum slidernum = 0.25;
  int eint[2] = {4, 50};
  mjtNum enums[3] = {0.5, -1, 2};
  float efloat[2] = {1.5f, -2};
  char etxt[mjMAXUITEXT] = "hello";
  mjtByte flags[5] = {1, 0, 1, 1, 0};
  int many[16] = {0};
};

Bound b;
int predicateValue = 1;

int predicate(int category, void* data) {
  (void)data;
  return category == 2 ? predicateValue : category == 3;
}

void defineUI(mjUI* ui) {
  mjuiDef def[] = {{mjITEM_SECTION, "Controls", mjSECT_OPEN, nullptr, "AC", 0},
                   {mjITEM_BUTTON, "Go", 2, nullptr, " #32", 0},
                   {mjITEM_BUTTON, "Stop", 1, nullptr, "CS", 0},
                   {mjITEM_BUTTON, "Disabled", 0, nullptr, " D", 0},
                   {mjITEM_CHECKINT, "Flag A", 1, &b.checkA, " A", 0},
                   {mjITEM_CHECKBYTE, "Flag B", 1, &b.checkB, "SB", 0},
                   {mjITEM_CHECKINT, "Off", 0, &b.checkOff, " O", 0},
                   {mjITEM_CHECKINT, "Pred", 3, &b.checkPred, " P", 0},
                   {mjITEM_SEPARATOR, "Choices", 1, nullptr, "", 0},
                   {mjITEM_RADIO, "Mode", 1, &b.radio, "One\nTwo\nThree\nFour\nFive", 0},
                   {mjITEM_RADIOLINE, "Line", 1, &b.radioline, "a\nb\nc", 0},
                   {mjITEM_SELECT, "Pick", 1, &b.select, "Red\nGreen\nBlue\nYellow", 0},
                   {mjITEM_SLIDERINT, "Count", 1, &b.sliderint, "0 10", 0},
                   {mjITEM_SLIDERNUM, "Gain", 1, &b.slidernum, "-1 1", 0},
                   {mjITEM_SEPARATOR, "Edits", mjSEPCLOSED + 1, nullptr, "", 0},
                   {mjITEM_EDITINT, "Ints", 1, b.eint, "2 0 10 0 100", 0},
                   {mjITEM_EDITNUM, "Nums", 1, b.enums, "3 -5 5 0 0 -5 5", 0},
                   {mjITEM_EDITFLOAT, "Floats", 1, b.efloat, "2", 0},
                   {mjITEM_EDITTXT, "Name", 1, b.etxt, "", 0},
                   {mjITEM_SEPARATOR, "Hidden", mjSEPCLOSED, nullptr, "", 0},
                   {mjITEM_STATIC, "Info", 1, nullptr, "line one\nline two", 0},
                   {mjITEM_SECTION, "Flags", mjSECT_CLOSED, nullptr, "AF", 1},
                   {mjITEM_CHECKBYTE, "f0", 1, b.flags + 0, "", 0},
                   {mjITEM_CHECKBYTE, "f1", 1, b.flags + 1, "", 0},
                   {mjITEM_CHECKBYTE, "f2", 1, b.flags + 2, "", 0},
                   {mjITEM_CHECKBYTE, "f3", 1, b.flags + 3, "", 0},
                   {mjITEM_CHECKBYTE, "f4", 0, b.flags + 4, "", 0},
                   {mjITEM_SECTION, "Long", mjSECT_OPEN, nullptr, "AL", 0},
                   {mjITEM_END, "", 0, nullptr, "", 0}};
  mjui_add(ui, def);
  for (int i = 0; i < 16; i++) {
    mjuiDef row[] = {{mjITEM_SLIDERINT, "", 1, b.many + i, "0 20", 0},
                     {mjITEM_END, "", 0, nullptr, "", 0}};
    std::snprintf(row[0].name, mjMAXUINAME, "s%d", i);
    mjui_addToSection(ui, 2, row);
  }
}

// ---------------------------------------------------------------------------------------------
// output

std::vector<std::string> out;

void line(const std::string& s) {
  out.push_back(s);
}

std::string fmt(const char* f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char* f, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof(buf), f, ap);
  va_end(ap);
  return buf;
}

std::string rect(const mjrRect& r) {
  return fmt("[%d %d %d %d]", r.left, r.bottom, r.width, r.height);
}

std::string itemName(const mjUI* ui, const mjuiItem* it) {
  if (!it) {
    return "null";
  }
  for (int s = 0; s < ui->nsect; s++) {
    for (int i = 0; i < ui->sect[s].nitem; i++) {
      if (ui->sect[s].item + i == it) {
        return fmt("%d/%d(%s)", s, i, it->name);
      }
    }
  }
  return "foreign";
}

void printLayout(const mjUI* ui, const char* tag) {
  line(fmt("layout %s: width %d height %d maxheight %d scroll %d", tag, ui->width, ui->height,
           ui->maxheight, ui->scroll));
  for (int s = 0; s < ui->nsect; s++) {
    const mjuiSection* sec = ui->sect + s;
    line(fmt("  sect %d %s state %d check %d title %s content %s", s, sec->name, sec->state,
             sec->checkbox, rect(sec->rtitle).c_str(), rect(sec->rcontent).c_str()));
    for (int i = 0; i < sec->nitem; i++) {
      const mjuiItem* it = sec->item + i;
      line(fmt("    item %d/%d %s type %d state %d skip %d rect %s", s, i, it->name, it->type,
               it->state, it->skip, rect(it->rect).c_str()));
    }
  }
}

// the builtin themes, every field
void printThemes() {
  for (int i = 0; i < 2; i++) {
    mjuiThemeSpacing t = mjui_themeSpacing(i);
    line(fmt("spacing %d: %d %d %d %d %d %d %d %d %d %d %d %d %d", i, t.total, t.scroll, t.label,
             t.section, t.cornersect, t.cornersep, t.itemside, t.itemmid, t.itemver, t.texthor,
             t.textver, t.linescroll, t.samples));
  }
  for (int i = 0; i < 4; i++) {
    mjuiThemeColor c = mjui_themeColor(i);
    const float* v = c.master;
    std::string s = fmt("color %d:", i);
    for (size_t k = 0; k < sizeof(c) / sizeof(float); k++) {
      s += fmt(" %.9g", v[k]);
    }
    line(s);
  }
}

void printDefinition(const mjUI* ui) {
  for (int s = 0; s < ui->nsect; s++) {
    const mjuiSection* sec = ui->sect + s;
    line(fmt("def sect %d '%s' state %d modifier %d shortcut %d checkbox %d nitem %d", s, sec->name,
             sec->state, sec->modifier, sec->shortcut, sec->checkbox, sec->nitem));
    for (int i = 0; i < sec->nitem && i < 20; i++) {
      const mjuiItem* it = sec->item + i;
      std::string kind;
      switch (it->type) {
        case mjITEM_BUTTON:
        case mjITEM_CHECKINT:
        case mjITEM_CHECKBYTE:
          kind = fmt("modifier %d shortcut %d", it->single.modifier, it->single.shortcut);
          break;
        case mjITEM_STATIC:
        case mjITEM_RADIO:
        case mjITEM_RADIOLINE:
        case mjITEM_SELECT:
          kind = fmt("nelem %d", it->multi.nelem);
          for (int k = 0; k < it->multi.nelem; k++) {
            kind += fmt(" '%s'", it->multi.name[k]);
          }
          break;
        case mjITEM_SLIDERINT:
        case mjITEM_SLIDERNUM:
          kind = fmt("range %g %g divisions %g", it->slider.range[0], it->slider.range[1],
                     it->slider.divisions);
          break;
        case mjITEM_EDITINT:
        case mjITEM_EDITNUM:
        case mjITEM_EDITFLOAT:
        case mjITEM_EDITTXT:
          kind = fmt("nelem %d", it->edit.nelem);
          for (int k = 0; k < it->edit.nelem && k < mjMAXUIEDIT; k++) {
            kind += fmt(" [%g %g]", it->edit.range[k][0], it->edit.range[k][1]);
          }
          break;
        default:
          break;
      }
      line(fmt("def item %d/%d '%s' type %d state %d section %d id %d %s", s, i, it->name, it->type,
               it->state, it->sectionid, it->itemid, kind.c_str()));
    }
  }
}

std::string values() {
  std::string s = fmt("checkA %d checkB %d off %d pred %d radio %d line %d select %d", b.checkA,
                      b.checkB, b.checkOff, b.checkPred, b.radio, b.radioline, b.select);
  s += fmt(" sint %d snum %.9g eint %d %d enum %.9g %.9g %.9g efloat %.9g %.9g etxt '%s'",
           b.sliderint, b.slidernum, b.eint[0], b.eint[1], b.enums[0], b.enums[1], b.enums[2],
           b.efloat[0], b.efloat[1], b.etxt);
  s += fmt(" flags %d%d%d%d%d many0 %d many15 %d", b.flags[0], b.flags[1], b.flags[2], b.flags[3],
           b.flags[4], b.many[0], b.many[15]);
  return s;
}

std::string uiState(const mjUI* ui) {
  std::string s = fmt("mouse %d/%d clicks %d sectcheck %d", ui->mousesect, ui->mouseitem,
                      ui->mouseclicks, ui->mousesectcheck);
  s += fmt(" edit %d/%d cursor %d escroll %d text '%s' changed %s", ui->editsect, ui->edititem,
           ui->editcursor, ui->editscroll, ui->edittext, itemName(ui, ui->editchanged).c_str());
  s += fmt(" scroll %d height %d sects", ui->scroll, ui->height);
  for (int i = 0; i < ui->nsect; i++) {
    s += fmt(" %d:%d", ui->sect[i].state, ui->sect[i].checkbox);
  }
  s += fmt(" seps %d %d %d", ui->sect[0].item[7].state, ui->sect[0].item[13].state,
           ui->sect[0].item[18].state);
  return s;
}

// ---------------------------------------------------------------------------------------------
// a windowing layer: window 800x500, the UI in rectangle 1 at the left, a scene in rectangle 2

mjUI ui;
mjuiState st;
mjrContext con;
mjrContext* glconPtr = nullptr;
int nevent = 0;
int scale = 100;

// The context given to the mjui_ functions: the renderer's (mjui_event redraws into the UI's
// auxiliary buffer) with fixed font metrics: narrow digits and spaces, wider letters, 16 pixels
// high, at the font scale `scale`.
void fakeMetrics() {
  con = *glconPtr;
  con.fontScale = scale;
  for (int i = 0; i < 127; i++) {
    con.charWidth[i] = i >= 'A' && i <= 'Z' ? 10 : i == ' ' ? 4 : (i >= '0' && i <= '9') ? 7 : 8;
    con.charWidthBig[i] = 2 * con.charWidth[i];
  }
  con.charHeight = 16;
  con.charHeightBig = 32;
}

// layout and the auxiliary buffer sized for it, as applications do after changing the UI (the
// buffer is remade only when its size changes)
void resize() {
  static int auxw = -1, auxh = -1, auxsamples = -1;
  fakeMetrics();
  mjui_resize(&ui, &con);
  if (ui.width != auxw || ui.maxheight != auxh || ui.spacing.samples != auxsamples) {
    mjr_addAux(ui.auxid, ui.width, ui.maxheight, ui.spacing.samples, glconPtr);
    auxw = ui.width;
    auxh = ui.maxheight;
    auxsamples = ui.spacing.samples;
  }
  fakeMetrics();
}

void setRects() {
  st.nrect = 3;
  st.rect[0] = {0, 0, 800, 500};
  st.rect[1] = {0, 0, ui.width, 500};
  st.rect[2] = {ui.width, 0, 800 - ui.width, 500};
}

int rectAt(double x, double y) {
  for (int i = st.nrect - 1; i > 0; i--) {
    const mjrRect& r = st.rect[i];
    if (x >= r.left && x < r.left + r.width && y >= r.bottom && y < r.bottom + r.height) {
      return i;
    }
  }
  return 0;
}

void send(const std::string& what) {
  mjuiItem* it = mjui_event(&ui, &st, &con);
  // the application redoes the layout after an event that changes it, as simulate does
  resize();
  nevent++;
  line(fmt("ev %d %s -> %s", nevent, what.c_str(), itemName(&ui, it).c_str()));
  line("   " + values());
  line("   " + uiState(&ui));
}

// window y of UI pixel row `y` (UI drawn top-aligned in its rectangle, scrolled down)
double winY(double y) {
  const mjrRect& r = st.rect[ui.rectid];
  return r.bottom + r.height - ui.height + ui.scroll + y;
}

void modifiers(int mods) {
  st.control = mods & 1 ? 1 : 0;
  st.shift = mods & 2 ? 1 : 0;
  st.alt = mods & 4 ? 1 : 0;
}

void moveTo(double x, double y) {
  st.dx = x - st.x;
  st.dy = y - st.y;
  st.x = x;
  st.y = y;
  st.mouserect = rectAt(x, y);
}

void press(double x, double y, int button = mjBUTTON_LEFT, int mods = 0) {
  modifiers(mods);
  moveTo(x, y);
  st.type = mjEVENT_PRESS;
  st.button = button;
  st.left = button == mjBUTTON_LEFT;
  st.right = button == mjBUTTON_RIGHT;
  st.middle = button == mjBUTTON_MIDDLE;
  st.dragrect = st.mouserect;
  st.dragbutton = button;
  send(fmt("press %g %g b%d m%d rect %d", x, y, button, mods, st.mouserect));
}

void drag(double x, double y) {
  moveTo(x, y);
  st.type = mjEVENT_MOVE;
  send(fmt("move %g %g rect %d drag %d", x, y, st.mouserect, st.dragrect));
}

void release(double x, double y) {
  moveTo(x, y);
  st.type = mjEVENT_RELEASE;
  st.left = st.right = st.middle = 0;
  send(fmt("release %g %g rect %d drag %d", x, y, st.mouserect, st.dragrect));
  st.dragrect = 0;
  st.dragbutton = 0;
}

void click(double x, double y, int mods = 0) {
  press(x, y, mjBUTTON_LEFT, mods);
  release(x, y);
  modifiers(0);
}

// a point of an item, as fractions of its rectangle from the left and the top
void clickItem(int s, int i, double fx = 0.5, double fy = 0.5) {
  const mjrRect& r = ui.sect[s].item[i].rect;
  click(r.left + fx * r.width, winY(r.bottom + (1 - fy) * r.height));
}

void clickTitle(int s, double fx = 0.3) {
  const mjrRect& r = ui.sect[s].rtitle;
  click(r.left + fx * r.width, winY(r.bottom + 0.5 * r.height));
}

void key(int k, int mods = 0) {
  modifiers(mods);
  st.type = mjEVENT_KEY;
  st.key = k;
  send(fmt("key %d m%d", k, mods));
  modifiers(0);
}

// keys as GLFW reports them: letters as upper case codes, shift for capitals
void typeText(const char* txt) {
  for (const char* c = txt; *c; c++) {
    if (*c >= 'a' && *c <= 'z') {
      key(*c - 'a' + 'A');
    } else if (*c >= 'A' && *c <= 'Z') {
      key(*c, 2);
    } else {
      key(*c);
    }
  }
}

void scroll(double x, double y, double sy) {
  moveTo(x, y);
  st.type = mjEVENT_SCROLL;
  st.sx = 0;
  st.sy = sy;
  send(fmt("scroll %g %g sy %g", x, y, sy));
}

void resizeEvent(int h) {
  st.type = mjEVENT_RESIZE;
  st.rect[0].height = h;
  st.rect[1].height = h;
  st.rect[2].height = h;
  send(fmt("resize %d", h));
}

// ---------------------------------------------------------------------------------------------
// the sequences

void sequences() {
  line("== buttons and check boxes");
  clickItem(0, 0);  // Go (predicate category 2: on)
  predicateValue = 0;
  clickItem(0, 0);  // Go disabled by the predicate
  predicateValue = 1;
  clickItem(0, 1);  // Stop
  clickItem(0, 2);  // disabled
  clickItem(0, 3);
  clickItem(0, 3, 0.9);
  clickItem(0, 4);
  clickItem(0, 5);  // disabled check box
  clickItem(0, 6);  // predicate category 3: on
  clickItem(0, 6, 0.02, 0.02);

  line("== radio, radioline, select");
  for (int k = 0; k < 6; k++) {
    clickItem(0, 8, 0.25 + 0.5 * (k % 2), 0.1 + 0.3 * (k / 2));
  }
  clickItem(0, 8, 0.99, 0.95);
  clickItem(0, 8, 1.0, 0.5);  // the right edges: in the items, in no element
  clickItem(0, 9, 1.0);
  clickItem(0, 9, 0.1);
  clickItem(0, 9, 0.5);
  clickItem(0, 9, 0.95);
  {
    const mjrRect& r = ui.sect[0].item[10].rect;
    double x = r.left + r.width / 2, y = winY(r.bottom + r.height / 2);
    press(x, y);
    for (int k = 1; k <= 6; k++) {
      drag(x, y - k * 0.8 * r.height);
    }
    release(x, y - 3.3 * r.height);
    press(x, y);
    release(x, y);  // released on the box itself
    press(x, y);
    drag(x + 400, y);
    release(x + 400, y);  // released outside
  }

  line("== sliders");
  for (int k = 0; k <= 8; k++) {
    const mjrRect& r = ui.sect[0].item[11].rect;
    double x = r.left - 3 + k * (r.width + 6) / 8.0, y = winY(r.bottom + r.height / 2);
    press(x, y);
    release(x, y);
  }
  {
    const mjrRect& r = ui.sect[0].item[12].rect;
    double y = winY(r.bottom + r.height / 2);
    press(r.left + 5, y);
    for (int k = 1; k <= 5; k++) {
      drag(r.left + 5 + k * 0.23 * r.width, y + 40 * k);
    }
    drag(r.left + 2 * r.width, y);
    drag(r.left - 100, y);
    release(r.left - 100, y);
    press(r.left + r.width / 3.0, y, mjBUTTON_RIGHT);
    release(r.left + r.width / 3.0, y);
  }

  line("== separators");
  clickItem(0, 13);  // a click on a separator, collapsible or not, does nothing
  clickItem(0, 18);
  clickItem(0, 7);
  ui.sect[0].item[13].state = mjSEPCLOSED;  // the application collapses and expands them
  ui.sect[0].item[18].state = mjSEPCLOSED + 1;
  resize();
  printLayout(&ui, "edits collapsed, hidden expanded");
  ui.sect[0].item[13].state = mjSEPCLOSED + 1;
  ui.sect[0].item[18].state = mjSEPCLOSED;
  resize();

  line("== edit fields");
  clickItem(0, 14);  // Ints
  typeText("abc");
  key(mjKEY_ENTER);
  for (int k = 0; k < 12; k++) {
    key(mjKEY_BACKSPACE);
  }
  typeText("7 42");
  key(mjKEY_ENTER);
  clickItem(0, 14);
  key(mjKEY_HOME);
  key(mjKEY_DELETE);
  typeText("11");
  key(mjKEY_ENTER);  // 11 is out of [0 10]
  key(mjKEY_ESCAPE);
  clickItem(0, 15, 0.1);  // Nums
  key(mjKEY_END);
  key(mjKEY_LEFT);
  key(mjKEY_LEFT);
  key(mjKEY_RIGHT);
  key(mjKEY_BACKSPACE);
  key(mjKEY_BACKSPACE);
  typeText("-4.5e0");
  key(mjKEY_ENTER);
  clickItem(0, 15);
  key(mjKEY_END);
  typeText(" 1");
  key(mjKEY_ENTER);  // four numbers for three
  key(mjKEY_BACKSPACE);
  key(mjKEY_BACKSPACE);
  key(mjKEY_ENTER);
  clickItem(0, 16);  // Floats, no range
  key(mjKEY_END);
  for (int k = 0; k < 20; k++) {
    key(mjKEY_BACKSPACE);
  }
  typeText("1e3 ");
  key('-', 0);
  key(mjKEY_NUMPAD_0 + 7);
  key(mjKEY_ENTER);
  clickItem(0, 16);
  key(mjKEY_END);
  typeText("x");
  clickItem(0, 14);  // clicking another field while editing
  key(mjKEY_ESCAPE);
  clickItem(0, 17);  // Name
  key(mjKEY_END);
  typeText(" World");
  key('-', 2);
  key('1', 2);
  key(mjKEY_TAB);
  key(mjKEY_F1);
  key(mjKEY_ENTER);
  clickItem(0, 17);
  for (int k = 0; k < 40; k++) {
    key(mjKEY_LEFT);
  }
  typeText("x");
  key(mjKEY_ENTER);
  clickItem(0, 17);
  click(600, 250);  // a click in the scene
  key(mjKEY_ESCAPE);
  clickItem(0, 17, 0.02);
  key('Q');
  key(mjKEY_ENTER);
  clickItem(0, 19);       // static text
  clickItem(0, 17, 0.3);  // the cursor keys with modifiers
  for (int mods = 1; mods < 8; mods++) {
    key(mjKEY_LEFT, mods);
    key(mjKEY_RIGHT, mods);
    key(mjKEY_LEFT, 0);
    key(mjKEY_LEFT, 0);
  }
  key(mjKEY_HOME, 2);
  key(mjKEY_END, 1);
  key(mjKEY_ESCAPE);

  line("== shortcuts");
  key(' ');
  key('S', 1);
  key('S');
  key('A');
  key('A', 1);
  key('B', 2);
  key('D');
  key('O');
  key('P');
  key(mjKEY_F1);
  key('F', 4);  // show Flags alone
  printLayout(&ui, "flags alone");
  key('F', 4);
  key('C', 4);
  key('C', 4);
  key('L', 4);
  key('Z', 4);

  line("== section titles and check boxes");
  clickTitle(0);
  clickTitle(0);
  clickTitle(1);
  printLayout(&ui, "flags open");
  for (int k = 0; k < 4; k++) {
    clickTitle(1, 0.70 + 0.08 * k);
  }
  clickItem(1, 1);
  clickTitle(1, 0.85);
  clickTitle(1, 0.85);
  clickTitle(1, 0.97);
  clickItem(1, 0);
  clickItem(1, 1);
  clickItem(1, 3, 0.9);
  clickTitle(1, 0.85);

  line("== scrolling");
  printLayout(&ui, "before scroll");
  scroll(100, 250, -1);
  scroll(100, 250, -3);
  scroll(100, 250, -100);
  scroll(600, 250, 2);
  scroll(100, 250, 1.5);
  clickItem(2, 5);
  {
    // drag the scroll bar
    double x = ui.width - 5;
    press(x, 480);
    drag(x, 470);
    drag(x, 400);
    drag(x, 100);
    release(x, 100);
    press(x, 20);
    release(x, 20);
    press(x, 480);
    drag(x, 2000);
    release(x, 480);
  }
  scroll(100, 250, 100);
  resizeEvent(300);
  scroll(100, 150, -100);
  resizeEvent(2000);
  resizeEvent(500);
  clickTitle(2);
  clickTitle(2);
  printLayout(&ui, "end");
}

// ---------------------------------------------------------------------------------------------
// random event runs: the same pseudo-random sequences in both builds (a generator of our own,
// not the C library's), each from a fresh UI and fresh bound values. Every draw is a statement of
// its own: the order in which a compiler evaluates function arguments is unspecified (GCC and
// clang differ), and the golden follows the order written here.

const int kRandomSeeds = 40;
const int kRandomEvents = 200;

struct Rng {
  uint64_t s;
  double next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return (double)(s >> 11) / 9007199254740992.0;
  }
  int below(int n) { return (int)(next() * n); }
  double range(double a, double c) { return a + (c - a) * next(); }
};

// the UI and its state cleared, theme 0, the items defined
void defineFreshUI() {
  std::memset(&ui, 0, sizeof(ui));
  std::memset(&st, 0, sizeof(st));
  ui.spacing = mjui_themeSpacing(0);
  ui.color = mjui_themeColor(0);
  ui.predicate = predicate;
  ui.rectid = 1;
  ui.auxid = 0;
  defineUI(&ui);
}

void freshUI() {
  b = Bound();
  predicateValue = 1;
  scale = 100;
  defineFreshUI();
  resize();
  setRects();
}

// a visible item (a section open, the item not skipped), or false
bool randomItem(Rng& r, int* s, int* i) {
  for (int tries = 0; tries < 20; tries++) {
    *s = r.below(ui.nsect);
    if (ui.sect[*s].nitem && ui.sect[*s].state != mjSECT_CLOSED) {
      *i = r.below(ui.sect[*s].nitem);
      if (!ui.sect[*s].item[*i].skip) {
        return true;
      }
    }
  }
  return false;
}

void randomKey(Rng& r) {
  static const int keys[] = {'0',
                             '1',
                             '5',
                             '9',
                             'A',
                             'E',
                             'Q',
                             'Z',
                             '.',
                             '-',
                             '=',
                             ' ',
                             ',',
                             mjKEY_ENTER,
                             mjKEY_ENTER,
                             mjKEY_ESCAPE,
                             mjKEY_BACKSPACE,
                             mjKEY_BACKSPACE,
                             mjKEY_DELETE,
                             mjKEY_LEFT,
                             mjKEY_RIGHT,
                             mjKEY_HOME,
                             mjKEY_END,
                             mjKEY_TAB,
                             mjKEY_F1,
                             mjKEY_NUMPAD_0 + 3};
  int k = keys[r.below(sizeof(keys) / sizeof(keys[0]))];
  int mods = r.below(6) == 0 ? 1 + r.below(7) : 0;
  key(k, mods);
}

void randomEvent(Rng& r) {
  int kind = r.below(100), s = 0, i = 0;
  const mjrRect& area = st.rect[0];
  if (kind < 22) {  // a click anywhere about the UI, sometimes with another button
    double x = r.range(-5, ui.width + 10), y = r.range(0, area.height);
    if (r.below(6) == 0) {
      press(x, y, r.below(2) ? mjBUTTON_RIGHT : mjBUTTON_MIDDLE);
      release(x, y);
    } else {
      click(x, y, r.below(8) == 0 ? 1 + r.below(7) : 0);
    }
  } else if (kind < 48) {  // a click on an item, edges included
    if (randomItem(r, &s, &i)) {
      double fy = r.range(-0.03, 1.03);  // arguments drawn last to first, one per statement
      double fx = r.range(-0.03, 1.03);
      clickItem(s, i, fx, fy);
    }
  } else if (kind < 72) {
    randomKey(r);
  } else if (kind < 82) {  // a drag from an item
    if (randomItem(r, &s, &i)) {
      const mjrRect& rc = ui.sect[s].item[i].rect;
      double x = rc.left + r.next() * rc.width, y = winY(rc.bottom + r.next() * rc.height);
      press(x, y);
      int n = 1 + r.below(4);
      for (int k = 0; k < n; k++) {
        x += r.range(-60, 60);
        y += r.range(-30, 30);
        drag(x, y);
      }
      release(x, y);
    }
  } else if (kind < 88) {
    double amount = r.range(-3, 3);
    double y = r.range(0, area.height);
    double x = r.range(0, ui.width + 50);
    scroll(x, y, amount);
  } else if (kind < 94) {
    double fx = r.range(0.02, 0.98);
    clickTitle(r.below(ui.nsect), fx);
  } else if (kind < 98) {  // section shortcuts
    static const int letters[] = {'C', 'F', 'L', 'X'};
    key(letters[r.below(4)], 4);
  } else {
    resizeEvent(150 + r.below(700));
  }
}

// One line per 10 events of each seed: a hash of the event lines (FNV-1a); with verbose, the
// lines themselves.
void randomRuns(int nseed, int nevents, bool verbose) {
  std::vector<std::string> result;
  for (int seed = 1; seed <= nseed; seed++) {
    freshUI();
    nevent = 0;
    Rng r = {0x9E3779B97F4A7C15ull * (uint64_t)seed};
    for (int block = 0; block < nevents / 10; block++) {
      out.clear();
      for (int k = 0; k < 10; k++) {
        randomEvent(r);
      }
      uint64_t h = 1469598103934665603ull;
      for (const std::string& l : out) {
        for (unsigned char c : l) {
          h = (h ^ c) * 1099511628211ull;
        }
        h = (h ^ '\n') * 1099511628211ull;
        if (verbose) {
          result.push_back(fmt("seed %d %s", seed, l.c_str()));
        }
      }
      result.push_back(fmt("seed %d events %d-%d hash %016llx", seed, 10 * block + 1,
                           10 * block + 10, (unsigned long long)h));
    }
  }
  out = result;
}

// ---------------------------------------------------------------------------------------------

int compareGolden(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "kit_ui: cannot read %s\n", path);
    return 2;
  }
  std::vector<std::string> gold;
  std::string s;
  while (std::getline(in, s)) {
    if (!s.empty() && s[0] != '#') {
      gold.push_back(s);
    }
  }
  int bad = 0;
  size_t n = std::max(gold.size(), out.size());
  for (size_t i = 0; i < n; i++) {
    const std::string g = i < gold.size() ? gold[i] : "<none>";
    const std::string o = i < out.size() ? out[i] : "<none>";
    if (g != o) {
      if (bad < 60) {
        std::printf("line %zu differs\n  MuJoCo: %s\n  Motus:  %s\n", i + 1, g.c_str(), o.c_str());
      }
      bad++;
    }
  }
  std::printf("kit_ui: %d of %zu lines differ from %s\n", bad, n, path);
  return bad ? 1 : 0;
}

}  // namespace

namespace {

// the OpenGL context, the renderer context, the UI and its initial layout
bool setup() {
  if (!makeContext()) {
    return false;
  }
  // a renderer context of an empty model: it loads the OpenGL functions
  mjSpec* spec = mj_makeSpec();
  mjModel* m = mj_compile(spec, nullptr);
  static mjrContext glcon;
  mjr_defaultContext(&glcon);
  mjr_makeContext(m, &glcon, mjFONTSCALE_100);
  mj_deleteModel(m);
  mj_deleteSpec(spec);
  glconPtr = &glcon;
  defineFreshUI();
  printThemes();
  printDefinition(&ui);
  resize();
  setRects();
  printLayout(&ui, "initial");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (!setup()) {
    std::fprintf(stderr, "kit_ui: no headless OpenGL context (EGL)\n");
    return 77;
  }
  if (argc >= 2 && std::strcmp(argv[1], "--random") == 0) {
    bool verbose = argc == 3 && std::strcmp(argv[2], "--verbose") == 0;
    randomRuns(kRandomSeeds, kRandomEvents, verbose);
    if (argc == 4 && std::strcmp(argv[2], "--golden") == 0) {
      return compareGolden(argv[3]);
    }
    for (const std::string& l : out) {
      std::printf("%s\n", l.c_str());
    }
    return 0;
  }
  sequences();

  // the same definition at another font scale and spacing theme
  scale = 150;
  ui.spacing = mjui_themeSpacing(1);
  resize();
  printLayout(&ui, "wide 150");

  if (argc == 3 && std::strcmp(argv[1], "--golden") == 0) {
    return compareGolden(argv[2]);
  }
  for (const std::string& s : out) {
    std::printf("%s\n", s.c_str());
  }
  return 0;
}
