// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// kit_ui_render OUT_PREFIX [--golden PREFIX]: draws one UI (mjFONTSCALE_100 with the tight
// spacing, 150 with the wide one) through mjui_resize, mjui_update and mjui_render into an
// offscreen window: as defined (_plain), with an edit field holding invalid text (_edit), with a
// button held down (_held), with a select list open (_select), and scrolled in a rectangle half as
// high (_scrolled: the scroll bar). It writes
// OUT_PREFIX_<scale>_<state>.png (top row first) and OUT_PREFIX_<scale>.txt (the font metrics and
// the rectangles). Built twice: against MuJoCo 3.8.0 (the kit in ../shared), whose output is the
// golden in test/data/ui/, and against Motus. With --golden, the program takes the golden's font
// metrics instead of its renderer's (so that both lay the UI out alike whatever their fonts)
// and compares its images with the golden ones: PSNR and the fraction of pixels within 0.1 of
// the golden's color, printed per image; it fails below the thresholds of the ctest ui_kit_draw,
// or when the UI laid out with the renderer's own font metrics has other rectangles than the
// golden's.

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <lodepng.h>
#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "kit_egl.h"

namespace {

// thresholds of the comparison with the golden (--golden)
const double kMinPsnr = 20;
const double kMinAgree = 0.97;
const double kMinDecor = 0.995;

bool makeContext() {
  return kit::MakeHeadlessContext();
}

struct Bound {
  int check = 1, off = 0, radio = 2, line = 1, select = 1, sint = 3;
  mjtByte cbyte = 0;
  mjtNum snum = 0.25;
  int eint[2] = {4, 50};
  mjtNum enums[2] = {0.5, -1};
  char etxt[mjMAXUITEXT] = "hello";
  mjtByte flags[3] = {1, 1, 0};
};

Bound b;

void defineUI(mjUI* ui) {
  mjuiDef def[] = {{mjITEM_SECTION, "Controls", mjSECT_OPEN, nullptr, "AC", 0},
                   {mjITEM_BUTTON, "Go", 1, nullptr, " #32", 0},
                   {mjITEM_BUTTON, "Stop", 0, nullptr, "", 0},
                   {mjITEM_CHECKINT, "Flag A", 1, &b.check, "", 0},
                   {mjITEM_CHECKBYTE, "Flag B", 1, &b.cbyte, "", 0},
                   {mjITEM_CHECKINT, "Off", 0, &b.off, "", 0},
                   {mjITEM_SEPARATOR, "Choices", 1, nullptr, "", 0},
                   {mjITEM_RADIO, "Mode", 1, &b.radio, "One\nTwo\nThree\nFour\nFive", 0},
                   {mjITEM_RADIOLINE, "Line", 1, &b.line, "a\nb\nc", 0},
                   {mjITEM_SELECT, "Pick", 1, &b.select, "Red\nGreen\nBlue", 0},
                   {mjITEM_SLIDERINT, "Count", 1, &b.sint, "0 10", 0},
                   {mjITEM_SLIDERNUM, "Gain", 0, &b.snum, "-1 1", 0},
                   {mjITEM_SEPARATOR, "Edits", mjSEPCLOSED + 1, nullptr, "", 0},
                   {mjITEM_EDITINT, "Ints", 1, b.eint, "2 0 10 0 100", 0},
                   {mjITEM_EDITNUM, "Nums", 1, b.enums, "2", 0},
                   {mjITEM_EDITTXT, "Name", 1, b.etxt, "", 0},
                   {mjITEM_STATIC, "Info", 1, nullptr, "line one\nline two", 0},
                   {mjITEM_SEPARATOR, "Hidden", mjSEPCLOSED, nullptr, "", 0},
                   {mjITEM_CHECKINT, "Hidden flag", 1, &b.off, "", 0},
                   {mjITEM_SECTION, "Flags", mjSECT_OPEN, nullptr, "AF", 1},
                   {mjITEM_CHECKBYTE, "f0", 1, b.flags + 0, "", 0},
                   {mjITEM_CHECKBYTE, "f1", 1, b.flags + 1, "", 0},
                   {mjITEM_CHECKBYTE, "f2", 1, b.flags + 2, "", 0},
                   {mjITEM_SECTION, "Closed", mjSECT_CLOSED, nullptr, "AX", 0},
                   {mjITEM_BUTTON, "Hidden", 1, nullptr, "", 0},
                   {mjITEM_END, "", 0, nullptr, "", 0}};
  mjui_add(ui, def);
}

bool writePng(const std::string& path, const std::vector<unsigned char>& rgb, int W, int H) {
  std::vector<unsigned char> up(rgb.size());
  for (int r = 0; r < H; r++) {
    std::copy(rgb.begin() + 3 * (size_t)W * (H - 1 - r), rgb.begin() + 3 * (size_t)W * (H - r),
              up.begin() + 3 * (size_t)W * r);
  }
  return lodepng_encode24_file(path.c_str(), up.data(), W, H) == 0;
}

// Font metrics of a golden's text file: "charHeight N" and "charWidth w0 ... w126" lines.
bool readMetrics(const std::string& path, mjrContext* con) {
  std::ifstream in(path);
  std::string key;
  bool height = false, width = false;
  while (in >> key) {
    if (key == "charHeight") {
      height = static_cast<bool>(in >> con->charHeight);
    } else if (key == "charWidth") {
      width = true;
      for (int i = 0; i < 127; i++) {
        width = width && static_cast<bool>(in >> con->charWidth[i]);
      }
    }
  }
  return height && width;
}

// Whether a pixel has the color of text (white, or the inactive gray 0.5 of the default theme).
bool isText(const unsigned char* p) {
  bool white = p[0] > 190 && p[1] > 190 && p[2] > 190;
  bool gray = std::abs(p[0] - 128) < 12 && std::abs(p[1] - 128) < 12 && std::abs(p[2] - 128) < 12;
  return white || gray;
}

// PSNR (dB) of two images of the same size; the fraction of pixels whose channels all lie within
// 0.1 of the other's; the same fraction over the pixels two or more pixels away from text in
// either image (the decorations, whatever the fonts).
void compare(const std::string& a, const std::string& b, double* psnr, double* agree,
             double* decor) {
  unsigned char *pa = nullptr, *pb = nullptr;
  unsigned wa, ha, wb, hb;
  *psnr = *agree = *decor = 0;
  if (lodepng_decode24_file(&pa, &wa, &ha, a.c_str()) ||
      lodepng_decode24_file(&pb, &wb, &hb, b.c_str()) || wa != wb || ha != hb) {
    std::free(pa);
    std::free(pb);
    return;
  }
  int W = (int)wa, H = (int)ha;
  std::vector<char> text((size_t)W * H, 0);
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      size_t i = (size_t)y * W + x;
      if (!isText(pa + 3 * i) && !isText(pb + 3 * i)) {
        continue;
      }
      for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
          int u = x + dx, v = y + dy;
          if (u >= 0 && u < W && v >= 0 && v < H) {
            text[(size_t)v * W + u] = 1;
          }
        }
      }
    }
  }
  double se = 0;
  size_t same = 0, n = (size_t)W * H, ndecor = 0, samedecor = 0;
  for (size_t i = 0; i < n; i++) {
    int far = 0;
    for (int k = 0; k < 3; k++) {
      int d = (int)pa[3 * i + k] - (int)pb[3 * i + k];
      se += (double)d * d;
      far = far || std::abs(d) > 25;
    }
    same += !far;
    if (!text[i]) {
      ndecor++;
      samedecor += !far;
    }
  }
  double mse = se / (3.0 * n);
  *psnr = mse > 0 ? 10 * std::log10(255.0 * 255.0 / mse) : 99;
  *agree = (double)same / n;
  *decor = ndecor ? (double)samedecor / ndecor : 0;
  std::free(pa);
  std::free(pb);
}

// The layout facts of the text file: the line height and the rectangles (not the advances).
std::string layoutText(const mjUI& ui, const mjrContext& con) {
  std::string out = "charHeight " + std::to_string(con.charHeight) + "\n";
  char buf[200];
  std::snprintf(buf, sizeof(buf), "width %d height %d maxheight %d\n", ui.width, ui.height,
                ui.maxheight);
  out += buf;
  for (int s = 0; s < ui.nsect; s++) {
    const mjrRect& t = ui.sect[s].rtitle;
    std::snprintf(buf, sizeof(buf), "sect %d title %d %d %d %d\n", s, t.left, t.bottom, t.width,
                  t.height);
    out += buf;
    for (int i = 0; i < ui.sect[s].nitem; i++) {
      const mjrRect& r = ui.sect[s].item[i].rect;
      std::snprintf(buf, sizeof(buf), "item %d/%d %d %d %d %d\n", s, i, r.left, r.bottom, r.width,
                    r.height);
      out += buf;
    }
  }
  return out;
}

// The golden's text file without its advances.
std::string goldenLayout(const std::string& path) {
  std::ifstream in(path);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.rfind("charWidth", 0) != 0) {
      out += line + "\n";
    }
  }
  return out;
}

// The UI laid out with the renderer's own font metrics has MuJoCo's rectangles: the layout
// depends on the line height only.
bool sameLayout(const mjrContext& con, int scale, const std::string& golden) {
  mjUI ui;
  std::memset(&ui, 0, sizeof(ui));
  ui.spacing = mjui_themeSpacing(scale == 100 ? 0 : 1);
  ui.color = mjui_themeColor(0);
  defineUI(&ui);
  mjui_resize(&ui, &con);
  bool same = layoutText(ui, con) == goldenLayout(golden);
  std::printf("layout at %d%% with the renderer's font metrics: %s\n", scale,
              same ? "MuJoCo's rectangles" : "DIFFERS from MuJoCo's");
  return same;
}

// One scale: the UI at the left of a window 40 pixels wider and 20 higher than the UI.
bool draw(mjModel* m, int scale, const std::string& prefix, const std::string& golden) {
  mjrContext con;
  mjr_defaultContext(&con);
  mjr_makeContext(m, &con, scale);
  std::string tag = "_" + std::to_string(scale);
  bool layoutOk = golden.empty() || sameLayout(con, scale, golden + tag + ".txt");
  if (!golden.empty() && !readMetrics(golden + tag + ".txt", &con)) {
    std::fprintf(stderr, "kit_ui_render: no font metrics in %s%s.txt\n", golden.c_str(),
                 tag.c_str());
    return false;
  }
  mjUI ui;
  std::memset(&ui, 0, sizeof(ui));
  ui.spacing = mjui_themeSpacing(scale == 100 ? 0 : 1);
  ui.color = mjui_themeColor(0);
  ui.rectid = 1;
  ui.auxid = 0;
  defineUI(&ui);
  mjui_resize(&ui, &con);
  mjr_addAux(ui.auxid, ui.width, ui.maxheight, ui.spacing.samples, &con);
  int W = ui.width + 40, H = ui.height + 20;
  mjuiState st;
  std::memset(&st, 0, sizeof(st));
  st.nrect = 2;
  st.rect[0] = {0, 0, W, H};
  st.rect[1] = {0, 0, ui.width, H};
  mjr_setBuffer(mjFB_OFFSCREEN, &con);
  mjr_resizeOffscreen(W, H, &con);
  mjui_update(-1, -1, &ui, &st, &con);
  std::vector<unsigned char> rgb(3 * (size_t)W * H);
  mjrRect window = {0, 0, W, H};
  std::vector<std::string> names;
  auto shot = [&](const char* state) {
    mjr_setBuffer(mjFB_OFFSCREEN, &con);
    mjr_rectangle(window, 0.2f, 0.3f, 0.4f, 1);
    mjui_render(&ui, &st, &con);
    mjr_readPixels(rgb.data(), nullptr, window, &con);
    names.push_back(tag + "_" + state + ".png");
    return writePng(prefix + names.back(), rgb, W, H);
  };
  // window point of an item's center (the UI image is top-aligned in its rectangle)
  auto center = [&](const mjuiItem& it, double* x, double* y) {
    *x = it.rect.left + it.rect.width / 2.0;
    *y = H - ui.height + it.rect.bottom + it.rect.height / 2.0;
  };
  auto event = [&](int type, double x, double y, int key) {
    st.type = type;
    st.x = x;
    st.y = y;
    st.key = key;
    st.mouserect = 1;
    st.dragrect = 1;
    st.button = mjBUTTON_LEFT;
    st.left = type == mjEVENT_PRESS || type == mjEVENT_MOVE;
    mjui_event(&ui, &st, &con);
    mjui_update(-1, -1, &ui, &st, &con);
  };
  bool ok = shot("plain") && layoutOk;
  double x, y;
  center(ui.sect[0].item[12], &x, &y);  // Ints: typing 9 makes 509, out of range
  event(mjEVENT_PRESS, x, y, 0);
  event(mjEVENT_RELEASE, x, y, 0);
  event(mjEVENT_KEY, x, y, '9');
  ok = ok && shot("edit");
  event(mjEVENT_KEY, x, y, mjKEY_ESCAPE);
  center(ui.sect[0].item[0], &x, &y);  // Go held down
  event(mjEVENT_PRESS, x, y, 0);
  ok = ok && shot("held");
  event(mjEVENT_RELEASE, x, y, 0);
  center(ui.sect[0].item[8], &x, &y);  // Pick's list open, the mouse over its first element
  event(mjEVENT_PRESS, x, y, 0);
  event(mjEVENT_MOVE, x, y - 1.5 * ui.sect[0].item[8].rect.height, 0);
  ok = ok && shot("select");
  event(mjEVENT_RELEASE, x, y, 0);
  st.left = 0;
  st.rect[1] = {0, 0, ui.width, H / 2};  // a rectangle half as high, scrolled by a quarter
  ui.scroll = ui.height / 4;
  ok = ok && shot("scrolled");

  FILE* f = std::fopen((prefix + tag + ".txt").c_str(), "w");
  if (f) {
    std::fprintf(f, "charHeight %d\ncharWidth", con.charHeight);
    for (int i = 0; i < 127; i++) {
      std::fprintf(f, " %d", con.charWidth[i]);
    }
    std::fprintf(f, "\nwidth %d height %d maxheight %d\n", ui.width, ui.height, ui.maxheight);
    for (int s = 0; s < ui.nsect; s++) {
      const mjrRect& t = ui.sect[s].rtitle;
      std::fprintf(f, "sect %d title %d %d %d %d\n", s, t.left, t.bottom, t.width, t.height);
      for (int i = 0; i < ui.sect[s].nitem; i++) {
        const mjrRect& r = ui.sect[s].item[i].rect;
        std::fprintf(f, "item %d/%d %d %d %d %d\n", s, i, r.left, r.bottom, r.width, r.height);
      }
    }
    std::fclose(f);
  }
  mjr_freeContext(&con);
  if (!golden.empty()) {
    for (const std::string& name : names) {
      double psnr, agree, decor;
      compare(prefix + name, golden + name, &psnr, &agree, &decor);
      std::printf("%-18s PSNR %5.2f dB  within 0.1: %.4f of all pixels, %.4f away from text\n",
                  name.c_str(), psnr, agree, decor);
      ok = ok && psnr >= kMinPsnr && agree >= kMinAgree && decor >= kMinDecor;
    }
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && !(argc == 4 && std::strcmp(argv[2], "--golden") == 0)) {
    std::fprintf(stderr, "usage: kit_ui_render OUT_PREFIX [--golden PREFIX]\n");
    return 1;
  }
  if (!makeContext()) {
    std::fprintf(stderr, "kit_ui_render: no headless OpenGL context (EGL)\n");
    return 77;
  }
  std::string golden = argc == 4 ? argv[3] : "";
  mjSpec* spec = mj_makeSpec();
  mjModel* m = mj_compile(spec, nullptr);
  bool ok = draw(m, 100, argv[1], golden);
  ok = draw(m, 150, argv[1], golden) && ok;
  mj_deleteModel(m);
  mj_deleteSpec(spec);
  return ok ? 0 : 1;
}
