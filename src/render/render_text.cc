// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Fonts and 2D drawing: mjr_text, mjr_overlay, mjr_label, mjr_rectangle, mjr_findRect and the
// fonts of mjtFontScale. Glyphs of ASCII 32..126 are rasterized once by FreeType from the DejaVu
// Sans font (Debian's fonts-dejavu-core) and stored as display lists of 8-bit coverage images;
// drawing blends them in the text color (the pixel transfer bias sets the color, the coverage is
// the alpha). The sizes follow MuJoCo's fonts: the line height (charHeight) and the baseline of
// each font scale are MuJoCo's, and DejaVu is scaled so that its capitals are as high as MuJoCo's
// and its advances as wide on average.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H

#include "render/render_internal.h"

#ifndef MOTUS_FONT_FILE
#define MOTUS_FONT_FILE "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#endif

namespace {

// One size of MuJoCo's fonts, in pixels, by font scale: the line height, the height of the
// baseline above the bottom of a line and the height of the capitals. The normal font of scale s
// is drawn at the size of s; the big font at the size of 2 s; mjFONTSCALE_50 draws with the
// sizes of 100 as MuJoCo does.
struct FontSize {
  int scale;
  int height;
  int baseline;
  int capital;
  double condense;  // horizontal scale of DejaVu's glyphs
};

// Measured on MuJoCo 3.8.0's mjrContext and text images (test/data/ui/kit_font.txt). At equal
// capitals DejaVu's advances differ from MuJoCo's; the horizontal scale of each size makes the
// sum of its hinted advances over letters, digits and space (the text of UIs) within 1.5% of
// MuJoCo's (hinting rounds the advances to whole pixels, hence the uneven factors).
const FontSize kSizes[] = {{100, 18, 4, 10, 0.985},  {150, 28, 7, 15, 0.95},
                           {200, 37, 10, 19, 1.02},  {250, 45, 12, 25, 0.95},
                           {300, 54, 15, 29, 0.995}, {400, 71, 21, 38, 0.97},
                           {500, 89, 26, 48, 0.965}, {600, 106, 31, 57, 0.97}};
const int kNumSizes = (int)(sizeof(kSizes) / sizeof(kSizes[0]));

const FontSize* fontSize(int scale) {
  for (int i = kNumSizes - 1; i > 0; i--) {
    if (scale >= kSizes[i].scale) {
      return kSizes + i;
    }
  }
  return kSizes;
}

const char* fontFile(void) {
  const char* env = getenv("MOTUS_FONT_FILE");
  return (env && env[0]) ? env : MOTUS_FONT_FILE;
}

// Height of the hinted capital H: its rows more than 59% covered, which must start at the
// baseline (0 when they do not).
int capitalHeight(FT_Face face) {
  if (FT_Load_Char(face, 'H', FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL)) {
    return 0;
  }
  const FT_Bitmap* b = &face->glyph->bitmap;
  int top = -1, bottom = -1;
  for (int r = 0; r < (int)b->rows; r++) {
    int strong = 0;
    for (int k = 0; k < (int)b->width; k++) {
      strong = strong || b->buffer[(size_t)r * b->pitch + k] > 150;
    }
    if (strong) {
      int y = face->glyph->bitmap_top - 1 - r;  // height above the baseline
      top = top < 0 ? y : top;
      bottom = y;
    }
  }
  return top >= 0 && bottom == 0 ? top + 1 : 0;
}

// Sets the face's size so that its hinted capital H is as high as MuJoCo's capitals: DejaVu's
// are 0.729 em high; its TrueType hinting snaps them to whole pixels, so the em nearest that
// estimate which gives the measured height is taken (in steps of 1/16 pixel). (FreeType's light
// autohinting rounds capitals to even heights at some sizes, hence the font's own hinting.)
void setSize(FT_Face face, const FontSize* size) {
  double guess = size->capital / 0.729, best = guess;
  for (int k = 0; k <= 32; k++) {
    double em = guess + (k % 2 ? 1 : -1) * ((k + 1) / 2) / 16.0;
    FT_Set_Char_Size(face, (FT_F26Dot6)(em * size->condense * 64 + 0.5),
                     (FT_F26Dot6)(em * 64 + 0.5), 72, 72);
    if (capitalHeight(face) == size->capital) {
      best = em;
      break;
    }
  }
  FT_Set_Char_Size(face, (FT_F26Dot6)(best * size->condense * 64 + 0.5),
                   (FT_F26Dot6)(best * 64 + 0.5), 72, 72);
}

// Rasterizes the 127 characters (0..31 empty) at one size into display lists from base;
// writes the advances and the line height.
int makeFont(FT_Library lib, const FontSize* size, unsigned int base, int* widths, int* height) {
  FT_Face face;
  if (FT_New_Face(lib, fontFile(), 0, &face)) {
    return 0;
  }
  setSize(face, size);
  *height = size->height;
  int descent = size->baseline;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  // Each glyph is one coverage image of its cell: from the pen position to the end of the
  // advance (or of the ink), from the descent to the ascent, so drawing needs no bearings.
  for (int c = 0; c < 127; c++) {
    glNewList(base + c, GL_COMPILE);
    widths[c] = 0;
    if (c >= 32 && !FT_Load_Char(face, c, FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL)) {
      FT_GlyphSlot g = face->glyph;
      int w = (int)g->bitmap.width, h = (int)g->bitmap.rows;
      int adv = (int)((g->advance.x + 32) >> 6);
      widths[c] = adv;
      int left = mjMAX(g->bitmap_left, 0);
      int cw = mjMAX(adv, left + w), ch = *height;
      unsigned char* img = (unsigned char*)calloc((size_t)cw * ch, 1);
      if (img && cw > 0 && ch > 0) {
        for (int r = 0; r < h; r++) {
          // FreeType row r is at height bitmap_top - 1 - r above the baseline; OpenGL rows go up
          int y = descent + g->bitmap_top - 1 - r;
          if (y < 0 || y >= ch) {
            continue;
          }
          for (int k = 0; k < w && left + k < cw; k++) {
            img[(size_t)y * cw + left + k] = g->bitmap.buffer[(size_t)r * g->bitmap.pitch + k];
          }
        }
        glDrawPixels(cw, ch, GL_ALPHA, GL_UNSIGNED_BYTE, img);
      }
      free(img);
    }
    glEndList();
  }
  FT_Done_Face(face);
  return 1;
}

}  // namespace

void render_makeFonts(int fontscale, mjrContext* con) {
  con->rangeFont = 127;
  con->baseFontNormal = glGenLists(127);
  con->baseFontShadow = glGenLists(127);
  con->baseFontBig = glGenLists(127);
  FT_Library lib;
  int ok = !FT_Init_FreeType(&lib);
  const FontSize* normal = fontSize(fontscale);
  const FontSize* big = fontSize(2 * mjMAX(fontscale, 100));
  ok = ok && makeFont(lib, normal, con->baseFontNormal, con->charWidth, &con->charHeight) &&
       makeFont(lib, big, con->baseFontBig, con->charWidthBig, &con->charHeightBig);
  if (ok) {
    // the shadow font draws the same glyphs; the shadow itself is drawn by render_textWindow
    for (int c = 0; c < 127; c++) {
      glNewList(con->baseFontShadow + c, GL_COMPILE);
      glCallList(con->baseFontNormal + c);
      glEndList();
    }
  } else {
    mju_warning(
        "mjr_makeContext: font %s could not be loaded (install fonts-dejavu-core or set "
        "MOTUS_FONT_FILE); text will not be drawn",
        fontFile());
    memset(con->charWidth, 0, sizeof(con->charWidth));
    memset(con->charWidthBig, 0, sizeof(con->charWidthBig));
    con->charHeight = con->charHeightBig = 0;
  }
  FT_Done_FreeType(lib);
}

// The baseline's height above the bottom of a line of the given height: MuJoCo's for its line
// heights, a line fit of them (0.307 h - 1, truncated) for others (a context given other metrics).
int render_textBaseline(int height) {
  for (int i = 0; i < kNumSizes; i++) {
    if (kSizes[i].height == height) {
      return kSizes[i].baseline;
    }
  }
  return mjMAX(0, (int)(0.307 * height - 1.0));
}

void render_freeFonts(mjrContext* con) {
  unsigned int bases[3] = {con->baseFontNormal, con->baseFontShadow, con->baseFontBig};
  for (int i = 0; i < 3; i++) {
    if (bases[i]) {
      glDeleteLists(bases[i], 127);
    }
  }
  con->baseFontNormal = con->baseFontShadow = con->baseFontBig = 0;
  con->rangeFont = 0;
}

// ---------------------------------------------------------------------------------------------
// 2D helpers

namespace {

void checkFont(const char* fn, int font) {
  if (font != mjFONT_NORMAL && font != mjFONT_SHADOW && font != mjFONT_BIG) {
    mju_error("%s: font %d is not an mjtFont", fn, font);
  }
}

void checkContext(const char* fn, const mjrContext* con) {
  if (!render_isInitialized(con)) {
    mju_error("%s: context not made (call mjr_makeContext first)", fn);
  }
}

}  // namespace

// Pixel coordinates of the viewport: x right, y up, origin at its lower-left corner.
void render_pixelProjection(mjrRect vp) {
  glViewport(vp.left, vp.bottom, vp.width, vp.height);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(0, vp.width, 0, vp.height, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_LIGHTING);
  glDisable(GL_TEXTURE_2D);
  glDisable(GL_FOG);
  glDisable(GL_CULL_FACE);
}

int render_textWidth(int font, const char* txt, const mjrContext* con) {
  const int* w = font == mjFONT_BIG ? con->charWidthBig : con->charWidth;
  int width = 0;
  for (const char* c = txt; *c && *c != '\n'; c++) {
    unsigned char ch = (unsigned char)*c;
    width += ch < 127 ? w[ch] : 0;
  }
  return width;
}

namespace {

int lineHeight(int font, const mjrContext* con) {
  return font == mjFONT_BIG ? con->charHeightBig : con->charHeight;
}

int descent(int font, const mjrContext* con) {
  return render_textBaseline(lineHeight(font, con));
}

void drawLine(const mjrContext* con, unsigned int base, const char* txt, int n, int x, int y,
              const float rgb[3]) {
  glPixelTransferf(GL_RED_BIAS, rgb[0]);
  glPixelTransferf(GL_GREEN_BIAS, rgb[1]);
  glPixelTransferf(GL_BLUE_BIAS, rgb[2]);
  // the glyph images start at the descent below the baseline; the pen advances by the widths
  const int* widths = base == con->baseFontBig ? con->charWidthBig : con->charWidth;
  int height = base == con->baseFontBig ? con->charHeightBig : con->charHeight;
  int down = render_textBaseline(height);
  for (int i = 0; i < n; i++) {
    unsigned char c = (unsigned char)txt[i];
    if (c >= 127 || !widths[c]) {
      continue;
    }
    glWindowPos2i(x, y - down);
    glCallList(base + c);
    x += widths[c];
  }
  glPixelTransferf(GL_RED_BIAS, 0);
  glPixelTransferf(GL_GREEN_BIAS, 0);
  glPixelTransferf(GL_BLUE_BIAS, 0);
}

}  // namespace

// One line of text with its baseline's left end at window pixel (x, y).
void render_textWindow(int font, const char* txt, const mjrContext* con, int x, int y,
                       const float rgb[3]) {
  int n = 0;
  while (txt[n] && txt[n] != '\n') {
    n++;
  }
  if (!n || !con->charHeight) {
    return;
  }
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_LIGHTING);
  glDisable(GL_TEXTURE_2D);
  unsigned int base = font == mjFONT_BIG ? con->baseFontBig : con->baseFontNormal;
  if (font == mjFONT_SHADOW) {
    float black[3] = {0, 0, 0};
    drawLine(con, base, txt, n, x + 1, y - 1, black);
  }
  drawLine(con, base, txt, n, x, y, rgb);
  glDisable(GL_BLEND);
}

namespace {

mjrRect currentViewport(void) {
  int vp[4];
  glGetIntegerv(GL_VIEWPORT, vp);
  mjrRect r = {vp[0], vp[1], vp[2], vp[3]};
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// public

// Text at (x, y) relative to the current viewport (0..1): the lower-left corner of the text's
// line box (descent included).
void mjr_text(int font, const char* txt, const mjrContext* con, float x, float y, float r, float g,
              float b) {
  checkContext("mjr_text", con);
  checkFont("mjr_text", font);
  if (!txt) {
    return;
  }
  mjrRect vp = currentViewport();
  float rgb[3] = {r, g, b};
  int px = vp.left + (int)(x * vp.width + 0.5f);
  int py = vp.bottom + (int)(y * vp.height + 0.5f) + descent(font, con);
  render_textWindow(font, txt, con, px, py, rgb);
}

void mjr_rectangle(mjrRect viewport, float r, float g, float b, float a) {
  if (viewport.width <= 0 || viewport.height <= 0) {
    return;
  }
  mjrRect old = currentViewport();
  int full[4];
  glGetIntegerv(GL_SCISSOR_BOX, full);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_LIGHTING);
  glDisable(GL_TEXTURE_2D);
  glViewport(viewport.left, viewport.bottom, viewport.width, viewport.height);
  glMatrixMode(GL_PROJECTION);
  glPushMatrix();
  glLoadIdentity();
  glOrtho(0, 1, 0, 1, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glPushMatrix();
  glLoadIdentity();
  if (a < 1) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  }
  glColor4f(r, g, b, a);
  glBegin(GL_QUADS);
  glVertex2f(0, 0);
  glVertex2f(1, 0);
  glVertex2f(1, 1);
  glVertex2f(0, 1);
  glEnd();
  glDisable(GL_BLEND);
  glMatrixMode(GL_PROJECTION);
  glPopMatrix();
  glMatrixMode(GL_MODELVIEW);
  glPopMatrix();
  glViewport(old.left, old.bottom, old.width, old.height);
}

void mjr_label(mjrRect viewport, int font, const char* txt, float r, float g, float b, float a,
               float rt, float gt, float bt, const mjrContext* con) {
  checkContext("mjr_label", con);
  checkFont("mjr_label", font);
  mjr_rectangle(viewport, r, g, b, a);
  if (!txt || !txt[0]) {
    return;
  }
  float rgb[3] = {rt, gt, bt};
  int w = render_textWidth(font, txt, con), h = lineHeight(font, con);
  if (h > viewport.height) {
    return;  // MuJoCo draws no text in a label lower than the font's line
  }
  int x = viewport.left + (viewport.width - w) / 2;
  int y = viewport.bottom + (viewport.height - h) / 2 + descent(font, con);
  render_textWindow(font, txt, con, x, y, rgb);
}

// Overlay: two columns of '\n'-separated lines (overlay left, overlay2 right) on a translucent
// background at one of eight positions of the viewport (mjtGridPos).
void mjr_overlay(int font, int gridpos, mjrRect viewport, const char* overlay, const char* overlay2,
                 const mjrContext* con) {
  checkContext("mjr_overlay", con);
  checkFont("mjr_overlay", font);
  if (gridpos < mjGRID_TOPLEFT || gridpos > mjGRID_RIGHT) {
    mju_error("mjr_overlay: grid position %d is not an mjtGridPos", gridpos);
  }
  if ((!overlay || !overlay[0]) && (!overlay2 || !overlay2[0])) {
    return;
  }
  const char* cols[2] = {overlay ? overlay : "", overlay2 ? overlay2 : ""};
  int nline[2] = {0, 0}, width[2] = {0, 0};
  for (int k = 0; k < 2; k++) {
    const char* p = cols[k];
    while (*p) {
      width[k] = mjMAX(width[k], render_textWidth(font, p, con));
      nline[k]++;
      const char* nl = strchr(p, '\n');
      if (!nl) {
        break;
      }
      p = nl + 1;
    }
  }
  // MuJoCo's layout, measured at several scales (the spacings are pixels at every scale): lines
  // h + 5 apart with the text 5 above a line's bottom, columns 3 from the box's left and 11
  // apart, 10 pixels right of the widest line, the box 5 pixels from the viewport's left and
  // bottom edges and 6 from its right and top ones (centered boxes also 6 left and down).
  int h = lineHeight(font, con), pitch = h + 5;
  int boxw = width[0] + 13 + (nline[1] ? width[1] + 11 : 0);
  int boxh = mjMAX(nline[0], nline[1]) * pitch;
  int left = viewport.left + 5, bottom = viewport.bottom + 5;
  int right = viewport.left + viewport.width - 6 - boxw;
  int top = viewport.bottom + viewport.height - 6 - boxh;
  int cx = viewport.left + (viewport.width - boxw) / 2 - 6;
  int cy = viewport.bottom + (viewport.height - boxh) / 2 - 6;
  int x = left, y = bottom;
  switch (gridpos) {
    case mjGRID_TOPLEFT:
      y = top;
      break;
    case mjGRID_TOPRIGHT:
      x = right;
      y = top;
      break;
    case mjGRID_BOTTOMLEFT:
      break;
    case mjGRID_BOTTOMRIGHT:
      x = right;
      break;
    case mjGRID_TOP:
      x = cx;
      y = top;
      break;
    case mjGRID_BOTTOM:
      x = cx;
      break;
    case mjGRID_LEFT:
      y = cy;
      break;
    default:
      x = right;
      y = cy;
      break;
  }
  mjrRect box = {x, y, boxw, boxh};
  mjr_rectangle(box, 0, 0, 0, 0.5f);
  float white[3] = {1, 1, 1};
  for (int k = 0; k < 2; k++) {
    const char* p = cols[k];
    int px = x + 3 + (k ? width[0] + 11 : 0);
    int py = y + boxh - pitch + 5 + descent(font, con);
    while (*p) {
      render_textWindow(font, p, con, px, py, white);
      py -= pitch;
      const char* nl = strchr(p, '\n');
      if (!nl) {
        break;
      }
      p = nl + 1;
    }
  }
}

int mjr_findRect(int x, int y, int nrect, const mjrRect* rect) {
  if (nrect > 0 && !rect) {
    mju_error("mjr_findRect: NULL rectangle array");
  }
  for (int i = 0; i < nrect; i++) {
    if (x >= rect[i].left && x < rect[i].left + rect[i].width && y >= rect[i].bottom &&
        y < rect[i].bottom + rect[i].height) {
      return i;
    }
  }
  return -1;
}
