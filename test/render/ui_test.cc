// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The UI framework (mjui_): themes, construction from mjuiDef tables, the layout of mjui_resize
// (rectangles measured with MuJoCo 3.8.0 for the same definitions and font metrics), synthetic
// mjuiState events changing the bound values, edit fields rejecting invalid text, and drawing
// through the renderer headless. Layout and events need no OpenGL: they only read the font
// metrics of the mjrContext, which these tests fill by hand.

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "fixture.h"
#include "render/render_fixture.h"

namespace motus_test {
namespace {

// A context with fixed font metrics: every character 8 pixels wide, 16 high.
std::unique_ptr<mjrContext> FakeContext(int fontscale) {
  auto con = std::make_unique<mjrContext>();
  std::memset(con.get(), 0, sizeof(mjrContext));
  con->fontScale = fontscale;
  for (int i = 0; i < 127; i++) {
    con->charWidth[i] = 8;
    con->charWidthBig[i] = 16;
  }
  con->charHeight = 16;
  con->charHeightBig = 32;
  return con;
}

std::unique_ptr<mjUI> NewUI() {
  auto ui = std::make_unique<mjUI>();
  std::memset(ui.get(), 0, sizeof(mjUI));
  ui->spacing = mjui_themeSpacing(0);
  ui->color = mjui_themeColor(0);
  ui->rectid = 1;
  return ui;
}

void ExpectRect(const mjrRect& r, int left, int bottom, int width, int height) {
  EXPECT_EQ(r.left, left);
  EXPECT_EQ(r.bottom, bottom);
  EXPECT_EQ(r.width, width);
  EXPECT_EQ(r.height, height);
}

TEST(UiTheme, BuiltinSpacingAndColors) {
  mjuiThemeSpacing tight = mjui_themeSpacing(0), wide = mjui_themeSpacing(1);
  EXPECT_EQ(tight.total, 270);
  EXPECT_EQ(tight.label, 120);
  EXPECT_EQ(tight.linescroll, 30);
  EXPECT_EQ(wide.total, 310);
  EXPECT_EQ(wide.itemver, 7);
  mjuiThemeColor light = mjui_themeColor(2), dark = mjui_themeColor(3);
  EXPECT_FLOAT_EQ(light.master[0], 0.9f);
  EXPECT_FLOAT_EQ(dark.master[0], 0.15f);
  EXPECT_FLOAT_EQ(mjui_themeColor(0).secttitle[0], 0.6f);
}

struct Bound {
  int check = 0, radio = 1, select = 2, sliderint = 3;
  mjtByte byte = 0;
  mjtNum slidernum = 0.5;
  int eint[2] = {1, 2};
  mjtNum enumv = 0.25;
  float efloat = 1.5f;
  char etxt[mjMAXUITEXT] = "hello";
};

// the definition measured with MuJoCo 3.8.0 (one open section, one closed)
void AddTestUI(mjUI* ui, Bound* b) {
  mjuiDef def[] = {{mjITEM_SECTION, "Sec A", mjSECT_OPEN, nullptr, "AS", 0},
                   {mjITEM_CHECKINT, "Check", 2, &b->check, " #290", 0},
                   {mjITEM_CHECKBYTE, "CByte", 2, &b->byte, "CB", 0},
                   {mjITEM_BUTTON, "Btn", 2, nullptr, "CQ", 0},
                   {mjITEM_RADIO, "Radio", 2, &b->radio, "One\nTwo\nThree", 0},
                   {mjITEM_RADIOLINE, "RLine", 2, &b->radio, "a\nb\nc", 0},
                   {mjITEM_SELECT, "Select", 2, &b->select, "x\ny\nz", 0},
                   {mjITEM_SEPARATOR, "Sep", 1, nullptr, "", 0},
                   {mjITEM_SLIDERINT, "SInt", 2, &b->sliderint, "0 10", 0},
                   {mjITEM_SLIDERNUM, "SNum", 2, &b->slidernum, "0 1", 0},
                   {mjITEM_STATIC, "Static", 2, nullptr, "line1\nline2", 0},
                   {mjITEM_SECTION, "Sec B", mjSECT_CLOSED, nullptr, "AB", 0},
                   {mjITEM_EDITINT, "EInt", 2, b->eint, "2 0 5 0 5", 0},
                   {mjITEM_EDITNUM, "ENum", 2, &b->enumv, "1 0 1", 0},
                   {mjITEM_EDITFLOAT, "EFl", 2, &b->efloat, "1", 0},
                   {mjITEM_EDITTXT, "ETxt", 2, b->etxt, "", 0},
                   {mjITEM_END, "", 0, nullptr, "", 0}};
  mjui_add(ui, def);
}

TEST(UiAdd, ParsesDefinitions) {
  auto ui = NewUI();
  Bound b;
  AddTestUI(ui.get(), &b);
  ASSERT_EQ(ui->nsect, 2);
  const mjuiSection& a = ui->sect[0];
  EXPECT_STREQ(a.name, "Sec A");
  EXPECT_EQ(a.modifier, 4);  // alt
  EXPECT_EQ(a.shortcut, 'S');
  ASSERT_EQ(a.nitem, 10);
  EXPECT_EQ(a.item[0].single.shortcut, mjKEY_F1);
  EXPECT_EQ(a.item[0].single.modifier, 0);
  EXPECT_EQ(a.item[1].single.modifier, 1);  // control
  EXPECT_EQ(a.item[1].single.shortcut, 'B');
  EXPECT_EQ(a.item[3].multi.nelem, 3);
  EXPECT_STREQ(a.item[3].multi.name[2], "Three");
  EXPECT_EQ(a.item[7].slider.divisions, 10);   // integer slider: max - min
  EXPECT_EQ(a.item[8].slider.divisions, 200);  // number slider default
  EXPECT_EQ(a.item[9].multi.nelem, 2);
  EXPECT_EQ(a.item[9].sectionid, 0);
  EXPECT_EQ(a.item[9].itemid, 9);
  const mjuiSection& s = ui->sect[1];
  ASSERT_EQ(s.nitem, 4);
  EXPECT_EQ(s.item[0].edit.nelem, 2);
  EXPECT_EQ(s.item[0].edit.range[1][1], 5);
  EXPECT_EQ(s.item[2].edit.nelem, 1);
  EXPECT_EQ(s.item[2].edit.range[0][0], s.item[2].edit.range[0][1]);  // unchecked
  EXPECT_EQ(s.item[3].sectionid, 1);

  // mjui_addToSection appends to a given section; mjPRESERVE keeps a section's state
  mjuiDef more[] = {{mjITEM_BUTTON, "More", 1, nullptr, "", 0},
                    {mjITEM_END, "", 0, nullptr, "", 0}};
  mjui_addToSection(ui.get(), 0, more);
  EXPECT_EQ(ui->sect[0].nitem, 11);
  EXPECT_EQ(ui->sect[0].item[10].itemid, 10);
  ui->nsect = 0;
  mjuiDef again[] = {{mjITEM_SECTION, "Sec A", mjPRESERVE, nullptr, "", 0},
                     {mjITEM_END, "", 0, nullptr, "", 0}};
  ui->sect[0].state = mjSECT_CLOSED;
  mjui_add(ui.get(), again);
  EXPECT_EQ(ui->sect[0].state, mjSECT_CLOSED);
}

TEST(UiAdd, BadDefinitionsAreErrors) {
  ScopedErrorCapture capture;
  auto ui = NewUI();
  int v = 0;
  mjuiDef orphan[] = {{mjITEM_CHECKINT, "c", 1, &v, "", 0}, {mjITEM_END, "", 0, nullptr, "", 0}};
  EXPECT_THROW(mjui_add(ui.get(), orphan), MujocoError);
  mjuiDef nodata[] = {{mjITEM_SECTION, "s", 1, nullptr, "", 0},
                      {mjITEM_CHECKINT, "c", 1, nullptr, "", 0},
                      {mjITEM_END, "", 0, nullptr, "", 0}};
  EXPECT_THROW(mjui_add(ui.get(), nodata), MujocoError);
  EXPECT_THROW(mjui_addToSection(ui.get(), 5, orphan), MujocoError);
  // malformed properties, refused as MuJoCo 3.8.0 refuses them
  int data = 0;
  mjuiDef one[] = {{mjITEM_SECTION, "s", 1, nullptr, "", 0},
                   {mjITEM_CHECKINT, "c", 1, &data, "", 0},
                   {mjITEM_END, "", 0, nullptr, "", 0}};
  struct Case {
    int type;
    bool withdata;
    const char* other;
  };
  const Case bad[] = {
      {mjITEM_BUTTON, true, ""},            // a button takes no data
      {mjITEM_CHECKINT, true, "A"},         // shortcut: modifier and key
      {mjITEM_CHECKINT, true, "XA"},        // unknown modifier
      {mjITEM_CHECKINT, true, " #"},        // no key code
      {mjITEM_CHECKINT, true, " AB"},       // two keys
      {mjITEM_RADIO, true, "a\n\nb"},       // an empty name
      {mjITEM_SLIDERINT, true, "5"},        // no max
      {mjITEM_EDITINT, true, ""},           // no length
      {mjITEM_EDITINT, true, "8"},          // over mjMAXUIEDIT
      {mjITEM_EDITNUM, true, "2 0 1"},      // one range for two numbers
      {mjITEM_EDITNUM, true, "1 0 1 2 3"},  // two ranges for one
  };
  for (const Case& c : bad) {
    ui->nsect = 0;
    one[1].type = c.type;
    one[1].pdata = c.withdata ? &data : nullptr;
    std::snprintf(one[1].other, sizeof(one[1].other), "%s", c.other);
    EXPECT_THROW(mjui_add(ui.get(), one), MujocoError) << c.type << " '" << c.other << "'";
  }
  one[1].type = mjITEM_EDITNUM;
  std::snprintf(one[1].other, sizeof(one[1].other), "%s", "2 0 1 -5 5");
  ui->nsect = 0;
  mjui_add(ui.get(), one);
  EXPECT_EQ(ui->sect[0].item[0].edit.range[1][0], -5);

  mjuiDef sect[] = {{mjITEM_SECTION, "s", 1, nullptr, "", 0}, {mjITEM_END, "", 0, nullptr, "", 0}};
  ui->nsect = 0;
  for (int i = 0; i < mjMAXUISECT; i++) {
    mjui_add(ui.get(), sect);
  }
  EXPECT_THROW(mjui_add(ui.get(), sect), MujocoError);
}

// Rectangles as MuJoCo 3.8.0 computes them for this definition and these font metrics.
TEST(UiLayout, RectanglesMatchMuJoCo) {
  auto con = FakeContext(100);
  auto ui = NewUI();
  Bound b;
  AddTestUI(ui.get(), &b);
  mjui_resize(ui.get(), con.get());
  EXPECT_EQ(ui->width, 270);
  EXPECT_EQ(ui->height, 400);
  EXPECT_EQ(ui->maxheight, 516);
  const mjuiSection& a = ui->sect[0];
  ExpectRect(a.rtitle, 8, 368, 239, 24);
  ExpectRect(a.rcontent, 8, 40, 239, 328);
  ExpectRect(a.item[0].rect, 12, 340, 113, 24);  // check boxes of different kinds: own rows
  ExpectRect(a.item[1].rect, 12, 312, 113, 24);
  ExpectRect(a.item[2].rect, 12, 284, 113, 24);
  ExpectRect(a.item[3].rect, 132, 232, 111, 48);  // radio: two columns, two rows
  ExpectRect(a.item[4].rect, 132, 204, 111, 24);
  ExpectRect(a.item[5].rect, 132, 176, 111, 24);
  ExpectRect(a.item[6].rect, 12, 144, 231, 24);  // separator: extra gap above
  ExpectRect(a.item[7].rect, 132, 116, 111, 24);
  ExpectRect(a.item[8].rect, 132, 88, 111, 24);
  ExpectRect(a.item[9].rect, 132, 44, 111, 40);  // static: two lines
  const mjuiSection& s = ui->sect[1];
  ExpectRect(s.rtitle, 8, 8, 239, 24);
  ExpectRect(s.rcontent, 8, -108, 239, 116);  // closed: placed below the title, no height
  ExpectRect(s.item[0].rect, 132, -20, 111, 24);
  ExpectRect(s.item[3].rect, 132, -104, 111, 24);
}

TEST(UiLayout, PairsSeparatorsFixedSectionsAndFontScale) {
  int a = 0, b = 0, c = 0, d = 0, e = 0, sli = 3;
  mjtNum sn = 0.5;
  mjuiDef def[] = {{mjITEM_SECTION, "S", mjSECT_OPEN, nullptr, "", 1},
                   {mjITEM_CHECKINT, "c1", 2, &a, "", 0},
                   {mjITEM_CHECKINT, "c2", 2, &b, "", 0},
                   {mjITEM_CHECKINT, "c3", 2, &c, "", 0},
                   {mjITEM_BUTTON, "b1", 2, nullptr, "", 0},
                   {mjITEM_BUTTON, "b2", 2, nullptr, "", 0},
                   {mjITEM_CHECKINT, "c4", 2, &d, "", 0},
                   {mjITEM_BUTTON, "b3", 2, nullptr, "", 0},
                   {mjITEM_SEPARATOR, "sep", mjSEPCLOSED, nullptr, "", 0},
                   {mjITEM_CHECKINT, "c5", 2, &e, "", 0},
                   {mjITEM_SLIDERINT, "SInt", 2, &sli, "0 10 5", 0},
                   {mjITEM_SEPARATOR, "sep2", 1, nullptr, "", 0},
                   {mjITEM_RADIO, "Radio", 2, &a, "One\nTwo\nThree\nFour", 0},
                   {mjITEM_RADIOLINE, "RL", 2, &a, "One\nTwo\nThree\nFour", 0},
                   {mjITEM_SECTION, "T", mjSECT_FIXED, nullptr, "", 2},
                   {mjITEM_SLIDERNUM, "SNum", 2, &sn, "0 1 7", 0},
                   {mjITEM_END, "", 0, nullptr, "", 0}};
  auto ui = NewUI();
  ui->radiocol = 3;
  mjui_add(ui.get(), def);
  EXPECT_EQ(ui->sect[0].checkbox, 1);
  EXPECT_EQ(ui->sect[1].checkbox, 2);
  EXPECT_EQ(ui->sect[0].item[9].slider.divisions, 5);

  auto con = FakeContext(100);
  mjui_resize(ui.get(), con.get());
  EXPECT_EQ(ui->height, 368);
  EXPECT_EQ(ui->maxheight, 424);
  const mjuiSection& s = ui->sect[0];
  ExpectRect(s.item[0].rect, 12, 308, 113, 24);  // c1 c2 share a row
  ExpectRect(s.item[1].rect, 129, 308, 113, 24);
  ExpectRect(s.item[2].rect, 12, 280, 113, 24);  // c3 alone: a button follows
  ExpectRect(s.item[3].rect, 12, 252, 113, 24);
  ExpectRect(s.item[4].rect, 129, 252, 113, 24);
  ExpectRect(s.item[7].rect, 12, 164, 231, 24);
  EXPECT_EQ(s.item[8].skip, 1);  // under the closed separator
  EXPECT_EQ(s.item[9].skip, 1);
  ExpectRect(s.item[10].rect, 12, 132, 231, 24);
  ExpectRect(s.item[11].rect, 132, 80, 111, 48);  // 4 elements in 3 columns: 2 rows
  ExpectRect(ui->sect[1].rtitle, 8, 40, 239, 0);  // fixed: no title
  ExpectRect(ui->sect[1].rcontent, 8, 8, 239, 32);

  // font scale 150 scales every spacing (rounded)
  auto con150 = FakeContext(150);
  mjui_resize(ui.get(), con150.get());
  EXPECT_EQ(ui->width, 405);
  EXPECT_EQ(ui->height, 456);
  EXPECT_EQ(ui->maxheight, 524);
  ExpectRect(s.rtitle, 12, 416, 358, 28);
  ExpectRect(s.item[1].rect, 194, 382, 170, 28);
  ExpectRect(s.item[7].rect, 18, 206, 346, 28);
  ExpectRect(s.item[11].rect, 198, 104, 166, 56);
  ExpectRect(ui->sect[1].item[0].rect, 198, 18, 166, 28);
}

// ---------------------------------------------------------------------------------------------
// events

class UiEvents : public ::testing::Test {
 protected:
  void SetUp() override {
    con_ = FakeContext(100);
    ui_ = NewUI();
    AddTestUI(ui_.get(), &b_);
    ui_->sect[1].state = mjSECT_OPEN;
    mjui_resize(ui_.get(), con_.get());
    std::memset(&st_, 0, sizeof(st_));
    st_.nrect = 2;
    st_.rect[0] = {0, 0, 1000, 1000};
    st_.rect[1] = {0, 1000 - 600, ui_->width, 600};  // UI at the top left, 600 high
  }
  // window y of a UI pixel y (the image is top-aligned, scrolled by ui.scroll)
  double WY(int uy) const { return 1000 - ui_->height + ui_->scroll + uy; }
  mjuiItem* Event(int type, double x, double y) {
    st_.type = type;
    st_.dx = x - st_.x;
    st_.dy = y - st_.y;
    st_.x = x;
    st_.y = y;
    st_.mouserect = mjr_findRect((int)x, (int)y, st_.nrect - 1, st_.rect + 1) + 1;
    if (type == mjEVENT_PRESS) {
      st_.left = 1;
      st_.button = mjBUTTON_LEFT;
      st_.dragrect = st_.mouserect;
      st_.dragbutton = mjBUTTON_LEFT;
    } else if (type == mjEVENT_RELEASE) {
      st_.left = 0;
    }
    return mjui_event(ui_.get(), &st_, con_.get());
  }
  mjuiItem* Click(const mjrContext* /*unused*/, const mjrRect& r, double fx = 0.5) {
    double x = r.left + fx * r.width, y = WY(r.bottom + r.height / 2);
    mjuiItem* it = Event(mjEVENT_PRESS, x, y);
    Event(mjEVENT_RELEASE, x, y);
    return it;
  }
  mjuiItem* Key(int key, int shift = 0) {
    st_.type = mjEVENT_KEY;
    st_.key = key;
    st_.shift = shift;
    mjuiItem* it = mjui_event(ui_.get(), &st_, con_.get());
    st_.shift = 0;
    return it;
  }
  mjuiItem* Type(const char* txt) {
    for (const char* c = txt; *c; c++) {
      int k = *c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c;
      Key(k);
    }
    return Key(mjKEY_ENTER);
  }
  mjuiItem& Item(int s, int i) { return ui_->sect[s].item[i]; }

  std::unique_ptr<mjrContext> con_;
  std::unique_ptr<mjUI> ui_;
  Bound b_;
  mjuiState st_;
};

TEST_F(UiEvents, ClicksChangeBoundValues) {
  EXPECT_EQ(Click(nullptr, Item(0, 0).rect), &Item(0, 0));
  EXPECT_EQ(b_.check, 1);
  EXPECT_EQ(Click(nullptr, Item(0, 1).rect), &Item(0, 1));
  EXPECT_EQ(b_.byte, 1);
  EXPECT_EQ(Click(nullptr, Item(0, 2).rect), &Item(0, 2));  // button fires
  // radio, 2 columns: the right cell of the second row is element 3 (none), the left one 2
  mjrRect r = Item(0, 3).rect;
  EXPECT_EQ(Event(mjEVENT_PRESS, r.left + 10, WY(r.bottom + 5)), &Item(0, 3));
  Event(mjEVENT_RELEASE, r.left + 10, WY(r.bottom + 5));
  EXPECT_EQ(b_.radio, 2);
  EXPECT_EQ(Click(nullptr, Item(0, 4).rect, 0.5), &Item(0, 4));  // radioline: middle of 3
  EXPECT_EQ(b_.radio, 1);
  // slider: press at 30% then drag to the right end
  r = Item(0, 7).rect;
  double y = WY(r.bottom + 10);
  EXPECT_EQ(Event(mjEVENT_PRESS, r.left + 0.3 * (r.width - 1), y), &Item(0, 7));
  EXPECT_EQ(b_.sliderint, 3);
  EXPECT_EQ(Event(mjEVENT_MOVE, r.left + r.width + 50, y), &Item(0, 7));
  EXPECT_EQ(b_.sliderint, 10);
  Event(mjEVENT_RELEASE, r.left + r.width + 50, y);
  // number slider: the mouse's pixel (27 of 111 from the left) snaps to its 200 divisions
  r = Item(0, 8).rect;
  Click(nullptr, r, 0.25);
  EXPECT_DOUBLE_EQ(b_.slidernum, 49 / 200.0);
  // select: press opens the list below, release on its third row picks "z"
  r = Item(0, 5).rect;
  EXPECT_EQ(Event(mjEVENT_PRESS, r.left + 5, WY(r.bottom + 5)), nullptr);
  int rowh = 24;
  double ylist = WY(r.bottom) - 2.5 * rowh;
  Event(mjEVENT_MOVE, r.left + 5, ylist);
  EXPECT_EQ(Event(mjEVENT_RELEASE, r.left + 5, ylist), &Item(0, 5));
  EXPECT_EQ(b_.select, 2);
  // a disabled item (state 0) ignores clicks; a predicate decides states >= 2
  Item(0, 0).state = 0;
  EXPECT_EQ(Click(nullptr, Item(0, 0).rect), nullptr);
  EXPECT_EQ(b_.check, 1);
  ui_->predicate = [](int, void*) { return 0; };
  EXPECT_EQ(Click(nullptr, Item(0, 1).rect), nullptr);
  EXPECT_EQ(b_.byte, 1);
}

TEST_F(UiEvents, SectionsShortcutsAndScrolling) {
  // F1 flips the check box, Ctrl-B the byte check box; Ctrl-Q fires the button
  EXPECT_EQ(Key(mjKEY_F1), &Item(0, 0));
  EXPECT_EQ(b_.check, 1);
  st_.control = 1;
  EXPECT_EQ(Key('B'), &Item(0, 1));
  EXPECT_EQ(Key('Q'), &Item(0, 2));
  EXPECT_EQ(Key('Z'), nullptr);
  st_.control = 0;
  EXPECT_EQ(b_.byte, 1);
  // clicking a title closes and reopens its section (layout is the caller's mjui_resize)
  EXPECT_EQ(Click(nullptr, ui_->sect[0].rtitle, 0.2), nullptr);
  EXPECT_EQ(ui_->sect[0].state, mjSECT_CLOSED);
  Click(nullptr, ui_->sect[0].rtitle, 0.2);
  EXPECT_EQ(ui_->sect[0].state, mjSECT_OPEN);
  // Alt-B shows section B alone
  st_.alt = 1;
  Key('B');
  st_.alt = 0;
  EXPECT_EQ(ui_->sect[0].state, mjSECT_CLOSED);
  EXPECT_EQ(ui_->sect[1].state, mjSECT_OPEN);
  ui_->sect[0].state = mjSECT_OPEN;
  mjui_resize(ui_.get(), con_.get());
  // the UI (516 high) is taller than its 400 pixel rectangle: the wheel scrolls, clamped
  st_.rect[1].height = 400;
  st_.rect[1].bottom = 600;
  st_.sy = -1;
  Event(mjEVENT_SCROLL, 50, 800);
  EXPECT_EQ(ui_->scroll, 30);
  st_.sy = -100;
  Event(mjEVENT_SCROLL, 50, 800);
  EXPECT_EQ(ui_->scroll, ui_->height - 400);
  st_.sy = 100;
  Event(mjEVENT_SCROLL, 50, 800);
  EXPECT_EQ(ui_->scroll, 0);
  st_.sy = -1;
  Event(mjEVENT_SCROLL, 500, 800);  // the application decides which UI a scroll is for
  EXPECT_EQ(ui_->scroll, 30);
}

TEST_F(UiEvents, EditFieldsValidateText) {
  // integer pair in [0, 5]: typing replaces the text, Enter stores it when valid
  mjuiItem* eint = &Item(1, 0);
  EXPECT_EQ(Click(nullptr, eint->rect), nullptr);
  EXPECT_EQ(ui_->editsect, 2);
  EXPECT_STREQ(ui_->edittext, "1  2");  // numbers joined by two spaces, cursor at the end
  EXPECT_EQ(ui_->editcursor, 4);
  for (int i = 0; i < 4; i++) {
    Key(mjKEY_BACKSPACE);
  }
  EXPECT_EQ(Type("3 4"), eint);
  EXPECT_EQ(ui_->editchanged, eint);
  EXPECT_EQ(b_.eint[0], 3);
  EXPECT_EQ(b_.eint[1], 4);
  EXPECT_EQ(ui_->editsect, 0);

  // rejected: out of range, too few or too many numbers, a sign alone; letters and '.' are not
  // typed into an integer field ("x 1" types " 1", "1.5 2" types "15 2")
  const char* bad[] = {"3 9", "1.5 2", "3", "1 2 3", "x 1", "-1 2", "", "- 1 2"};
  for (const char* txt : bad) {
    Click(nullptr, eint->rect);
    ui_->edittext[0] = 0;
    ui_->editcursor = 0;
    EXPECT_EQ(Type(txt), nullptr) << txt;
    EXPECT_EQ(ui_->editsect, 2) << txt;  // still editing
    EXPECT_EQ(b_.eint[0], 3) << txt;
    EXPECT_EQ(b_.eint[1], 4) << txt;
    Key(mjKEY_ESCAPE);
    EXPECT_EQ(ui_->editsect, 0);
  }

  // number in [0, 1], float unchecked, text
  mjuiItem* enumv = &Item(1, 1);
  Click(nullptr, enumv->rect);
  ui_->edittext[0] = 0;
  ui_->editcursor = 0;
  EXPECT_EQ(Type("1.5"), nullptr);
  Key(mjKEY_ESCAPE);
  Click(nullptr, enumv->rect);
  ui_->edittext[0] = 0;
  ui_->editcursor = 0;
  EXPECT_EQ(Type("0.75"), enumv);
  EXPECT_EQ(b_.enumv, 0.75);
  Click(nullptr, enumv->rect);
  ui_->edittext[0] = 0;
  ui_->editcursor = 0;
  EXPECT_EQ(Type("nan"), nullptr);
  Key(mjKEY_ESCAPE);
  mjuiItem* efl = &Item(1, 2);
  Click(nullptr, efl->rect);
  ui_->edittext[0] = 0;
  ui_->editcursor = 0;
  EXPECT_EQ(Type("-2.5e3"), efl);
  EXPECT_EQ(b_.efloat, -2500.0f);
  mjuiItem* etxt = &Item(1, 3);
  Click(nullptr, etxt->rect);
  Key(mjKEY_HOME);
  Key('A', 1);
  Key(mjKEY_END);
  Key(mjKEY_LEFT);
  Key(mjKEY_DELETE);
  EXPECT_EQ(Type("p"), etxt);
  EXPECT_STREQ(b_.etxt, "Ahellp");
  // a click elsewhere cancels editing
  Click(nullptr, eint->rect);
  Click(nullptr, Item(0, 0).rect);
  EXPECT_EQ(ui_->editsect, 0);
}

// ---------------------------------------------------------------------------------------------
// drawing, headless

TEST(UiRender, DrawsIntoItsRectangle) {
  HeadlessGL gl;
  if (!gl.ok()) {
    GTEST_SKIP() << "no headless OpenGL: " << gl.why();
  }
  mjModel* m = RenderModel(640, 520, 0);
  ASSERT_NE(m, nullptr);
  mjrContext con;
  mjr_defaultContext(&con);
  mjr_makeContext(m, &con, mjFONTSCALE_100);
  mjr_setBuffer(mjFB_OFFSCREEN, &con);
  auto ui = NewUI();
  Bound b;
  AddTestUI(ui.get(), &b);
  ui->sect[1].state = mjSECT_OPEN;
  mjui_resize(ui.get(), &con);
  mjr_addAux(ui->auxid, ui->width, ui->maxheight, ui->spacing.samples, &con);
  mjuiState st;
  std::memset(&st, 0, sizeof(st));
  st.nrect = 2;
  st.rect[0] = {0, 0, 640, 520};
  st.rect[1] = {0, 0, ui->width, 520};
  mjrRect full = {0, 0, 640, 520};
  mjr_rectangle(full, 0, 0, 0, 1);
  mjui_update(-1, -1, ui.get(), &st, &con);
  mjui_render(ui.get(), &st, &con);
  Pixels px = ReadPixels(full, &con);
  WritePng(::testing::TempDir() + "ui_render.png", px);

  // window y of a UI pixel: the image (taller than 520) is top-aligned
  auto wy = [&](int uy) { return 520 - ui->height + uy; };
  auto near = [](const unsigned char* p, const float* c) {
    for (int k = 0; k < 3; k++) {
      if (std::abs(p[k] - c[k] * 255) > 3) {
        return false;
      }
    }
    return true;
  };
  auto close = [](const unsigned char* p, const float* c) {
    for (int k = 0; k < 3; k++) {
      if (std::abs(p[k] - c[k] * 255) > 12) {
        return false;
      }
    }
    return true;
  };
  // the title's gradient: secttitle along its top row, secttitle2 along its bottom row
  const mjuiSection& a = ui->sect[0];
  int tx = a.rtitle.left + a.rtitle.width / 2;
  EXPECT_TRUE(close(px.at(tx, wy(a.rtitle.bottom + a.rtitle.height - 1)), ui->color.secttitle));
  EXPECT_TRUE(close(px.at(tx, wy(a.rtitle.bottom)), ui->color.secttitle2));
  const mjrRect& sl = a.item[7].rect;  // slider at 3/10: slider2 up to the value, then slider
  int sy = wy(sl.bottom + sl.height / 2);
  EXPECT_TRUE(near(px.at(sl.left + 2, sy), ui->color.slider2));
  EXPECT_TRUE(near(px.at(sl.left + sl.width - 3, sy), ui->color.slider));
  const float black[3] = {0, 0, 0};
  EXPECT_TRUE(near(px.at(ui->width + 20, 100), black));  // outside: untouched
  EXPECT_TRUE(near(px.at(2, 100), ui->color.master));
  // text: some pixel of the "Check" label row is bright (font color on the pane)
  const mjrRect& cr = a.item[0].rect;
  int bright = 0;
  for (int x = cr.left + 20; x < cr.left + cr.width; x++) {
    for (int y = cr.bottom; y < cr.bottom + cr.height; y++) {
      bright += px.at(x, wy(y))[0] > 200;
    }
  }
  EXPECT_GT(bright, 20);
  // the check box fills with the check color once checked (outlined before)
  int boxx = cr.left + cr.width - 5, boxy = wy(cr.bottom + 5);
  EXPECT_FALSE(near(px.at(boxx, boxy), ui->color.check));
  b.check = 1;
  mjui_update(0, 0, ui.get(), &st, &con);
  mjui_render(ui.get(), &st, &con);
  px = ReadPixels(full, &con);
  EXPECT_TRUE(near(px.at(boxx, boxy), ui->color.check));
  // scrolled to the end, the last edit field's bottom is at the window's bottom
  ui->scroll = ui->height - 520;
  mjui_render(ui.get(), &st, &con);
  px = ReadPixels(full, &con);
  WritePng(::testing::TempDir() + "ui_render_scrolled.png", px);
  const mjrRect& et = ui->sect[1].item[3].rect;
  // (an image that fits the rectangle stays top-aligned whatever the scroll offset)
  int bottom = 520 - ui->height + (ui->height > 520 ? ui->scroll : 0);
  EXPECT_TRUE(near(px.at(et.left + et.width - 1, bottom + et.bottom + 2), ui->color.edit));
  mjr_freeContext(&con);
  mj_deleteModel(m);
}

}  // namespace
}  // namespace motus_test
