// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// simulate: an interactive viewer for MuJoCo models (programming_samples.rst, "simulate").
//
//   simulate [MODEL.xml|MODEL.mjb] [--status FILE] [--screenshot FILE.png]
//
// The model can also be dropped on the window; Ctrl-L reloads it. A model that fails to load
// leaves the viewer running and shows why. F1 lists the mouse and key bindings. --status
// rewrites FILE about ten times a second with the simulation's state as "key value" lines (for
// scripts driving the viewer); Ctrl-P or the Screenshot button writes the window as a PNG.

#include <lodepng.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "simulate.h"

namespace simulate {

Sim sim;

double Now() {
  using clock = std::chrono::steady_clock;
  static const clock::time_point start = clock::now();
  return std::chrono::duration<double>(clock::now() - start).count();
}

namespace {

// MuJoCo's timers (d->timer) measure with this callback, in milliseconds.
mjtNum TimerMs() {
  return 1000 * Now();
}

}  // namespace

// Shows a message in the window for 3 s; printed too, unless it repeats within a second (a
// diverging model resets at every step).
void SetMessage(const std::string& msg) {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  static std::map<std::string, double> printed;  // when each message was last printed
  double now = Now();
  auto it = printed.find(msg);
  if (it == printed.end() || now - it->second > 1) {
    printed[msg] = now;
    std::printf("simulate: %s\n", msg.c_str());
    std::fflush(stdout);
  }
  sim.message = msg;
  sim.messagetime = now;
}

namespace {

// MuJoCo's warnings go to the window instead of the terminal alone.
void Warning(const char* msg) {
  SetMessage(std::string("Warning: ") + msg);
}

const char kHelpTitle[] =
    "Help\nUI panels\nPause / run\nStep (paused)\nSpeed -/+\nReset\nReload\nSelect body\n"
    "Center camera\nTrack body\nFree camera\nRotate camera\nMove camera\nZoom\nRotate body\n"
    "Pull body\nScreenshot\nQuit";
const char kHelpContent[] =
    "F1\nTab / Shift-Tab\nSpace\nRight arrow\n- / =\nBackspace\nCtrl L\nLeft double-click\n"
    "Right double-click\nCtrl right double-click\nEscape\nLeft drag\nRight drag\n"
    "Scroll, middle drag\nCtrl left drag\nCtrl right drag\nCtrl P\nCtrl Q";

void InitFigures() {
  mjvFigure* figs[3] = {&sim.figtimer, &sim.figsize, &sim.figsensor};
  for (mjvFigure* f : figs) {
    mjv_defaultFigure(f);
    f->flg_extend = 1;
    f->figurergba[3] = 0.5f;
    f->gridsize[0] = 5;
    f->gridsize[1] = 5;
  }
  std::snprintf(sim.figtimer.title, sizeof(sim.figtimer.title), "CPU time (msec)");
  std::snprintf(sim.figtimer.xlabel, sizeof(sim.figtimer.xlabel), "Steps");
  const char* tnames[4] = {"total", "collision", "make", "solve"};
  for (int i = 0; i < 4; i++) {
    std::snprintf(sim.figtimer.linename[i], 100, "%s", tnames[i]);
  }
  sim.figtimer.flg_legend = 1;
  std::snprintf(sim.figsize.title, sizeof(sim.figsize.title), "Dimensions");
  std::snprintf(sim.figsize.xlabel, sizeof(sim.figsize.xlabel), "Steps");
  const char* snames[3] = {"contacts", "constraints", "iterations"};
  for (int i = 0; i < 3; i++) {
    std::snprintf(sim.figsize.linename[i], 100, "%s", snames[i]);
  }
  sim.figsize.flg_legend = 1;
  std::snprintf(sim.figsensor.title, sizeof(sim.figsensor.title), "Sensor data");
  sim.figsensor.flg_barplot = 1;
  sim.figsensor.flg_symmetric = 1;
  sim.figsensor.range[0][0] = 0;
  sim.figsensor.range[0][1] = 0;
}

// Adds a point to a scrolling line of a figure.
void Push(mjvFigure* f, int line, float y) {
  int n = f->linepnt[line];
  if (n == mjMAXLINEPNT / 2) {
    std::memmove(f->linedata[line], f->linedata[line] + 2, (2 * n - 2) * sizeof(float));
    n--;
  }
  f->linedata[line][2 * n] = n ? f->linedata[line][2 * n - 2] + 1 : 0;
  f->linedata[line][2 * n + 1] = y;
  f->linepnt[line] = n + 1;
}

void UpdateFigures() {
  const mjModel* m = sim.m;
  const mjData* d = sim.d;
  double nstep = mjMAX(1, d->timer[mjTIMER_STEP].number);
  Push(&sim.figtimer, 0, (float)(d->timer[mjTIMER_STEP].duration / nstep));
  Push(&sim.figtimer, 1, (float)(d->timer[mjTIMER_POS_COLLISION].duration / nstep));
  Push(&sim.figtimer, 2, (float)(d->timer[mjTIMER_CONSTRAINT].duration / nstep));
  Push(&sim.figtimer, 3, (float)(d->timer[mjTIMER_POS_MAKE].duration / nstep));
  Push(&sim.figsize, 0, (float)d->ncon);
  Push(&sim.figsize, 1, (float)d->nefc);
  Push(&sim.figsize, 2, (float)d->solver_niter[0]);
  // sensors as bars: one segment per scalar, y from 0 to the value
  int n = mjMIN(m->nsensordata, mjMAXLINEPNT / 2);
  sim.figsensor.linepnt[0] = 2 * n;
  for (int i = 0; i < n && 2 * i + 1 < mjMAXLINEPNT / 2; i++) {
    float* p = sim.figsensor.linedata[0] + 4 * i;
    p[0] = p[2] = (float)i;
    p[1] = 0;
    p[3] = (float)d->sensordata[i];
  }
  sim.figsensor.linepnt[0] = mjMIN(2 * n, mjMAXLINEPNT);
}

// Text broken into lines of at most `width` characters (at spaces when possible).
std::string Wrap(const std::string& text, int width) {
  std::string out;
  size_t start = 0;
  while (text.size() - start > (size_t)width) {
    size_t cut = text.rfind(' ', start + width);
    if (cut == std::string::npos || cut <= start) {
      cut = start + width;
    }
    out += text.substr(start, cut - start) + "\n";
    start = cut + (text[cut] == ' ' ? 1 : 0);
  }
  return out + text.substr(start);
}

// The info overlay's text, made while the model is locked.
std::string InfoText() {
  char content[500];
  const mjData* d = sim.d;
  double nstep = mjMAX(1, d->timer[mjTIMER_STEP].number);
  std::snprintf(content, sizeof(content), "%-9.3f\n%d (%d con)\n%.3f ms\n%d iter\n%.0f\n%g %%\n%d",
                d->time, d->nefc, d->ncon, d->timer[mjTIMER_STEP].duration / nstep,
                d->solver_niter[0], sim.fps, kSpeedPercent[sim.speed], sim.pert.select);
  return content;
}

void Overlays(mjrRect scene, const std::string& info) {
  if (sim.help) {
    mjr_overlay(mjFONT_NORMAL, mjGRID_TOPLEFT, scene, kHelpTitle, kHelpContent, &sim.con);
  }
  if (sim.info && !info.empty()) {
    const char title[] = "Time\nSize\nCPU\nSolver\nFPS\nSpeed\nSelected";
    mjr_overlay(mjFONT_NORMAL, mjGRID_BOTTOMLEFT, scene, title, info.c_str(), &sim.con);
  }
  if (!sim.run && sim.m) {
    mjr_overlay(mjFONT_BIG, mjGRID_TOPRIGHT, scene, "Pause", nullptr, &sim.con);
  } else if (sim.speed) {
    char txt[50];
    std::snprintf(txt, sizeof(txt), "%g %% real time", kSpeedPercent[sim.speed]);
    mjr_overlay(mjFONT_BIG, mjGRID_TOPRIGHT, scene, txt, nullptr, &sim.con);
  }
  if (!sim.loaderror.empty()) {
    // wrapped to the view's width (average character: 1.2 'x')
    int chars = scene.width * 10 / mjMAX(1, 12 * sim.con.charWidth[(int)'x']) - 2;
    std::string msg =
        Wrap("Could not load " + sim.filename + ": " + sim.loaderror, mjMAX(20, chars));
    msg += sim.m ? "\n(showing the previous model)" : "\n(drop a model file on the window)";
    mjr_overlay(mjFONT_NORMAL, mjGRID_TOPLEFT, scene, msg.c_str(), nullptr, &sim.con);
  } else if (!sim.m) {
    mjr_overlay(mjFONT_BIG, mjGRID_TOP, scene, "Drop a model file on the window", nullptr,
                &sim.con);
  }
  if (!sim.message.empty() && Now() - sim.messagetime < 3) {
    mjr_overlay(mjFONT_NORMAL, mjGRID_BOTTOMRIGHT, scene, sim.message.c_str(), nullptr, &sim.con);
  }
  // figures on the right side of the 3D view
  int w = scene.width / 4, h = scene.height / 3;
  int x = scene.left + scene.width - w;
  if (sim.profiler && sim.m) {
    mjr_figure({x, scene.bottom + 2 * h, w, h}, &sim.figtimer, &sim.con);
    mjr_figure({x, scene.bottom + h, w, h}, &sim.figsize, &sim.con);
  }
  if (sim.sensor && sim.m) {
    mjr_figure({x, scene.bottom, w, h}, &sim.figsensor, &sim.con);
  }
}

// The window points of a panel's visible items, "PREFIXNAME X Y WIDTH" with '_' for spaces.
void WritePanelItems(FILE* f, const mjUI& ui, const mjrRect& r, const char* prefix, int fbh) {
  for (int s = 0; s < ui.nsect; s++) {
    for (int i = 0; ui.sect[s].state && i < ui.sect[s].nitem; i++) {
      const mjuiItem& it = ui.sect[s].item[i];
      if (it.skip) {
        continue;
      }
      std::string name = it.name;
      for (char& c : name) {
        c = c == ' ' ? '_' : c;
      }
      int x = r.left + it.rect.left + it.rect.width / 2;
      int y = r.bottom + r.height - ui.height + ui.scroll + it.rect.bottom + it.rect.height / 2;
      std::fprintf(f, "%s%s %d %d %d\n", prefix, name.c_str(), x, fbh - y, it.rect.width);
    }
  }
}

// Window points (x right, y down, as xdotool takes them) of the scene's center and of the
// centers of the visible items of the left ("item:NAME X Y WIDTH") and right ("item1:") panels.
void WriteItems(FILE* f) {
  const mjuiState& st = sim.uistate;
  int fbh = st.rect[kRectWindow].height;
  const mjrRect& sc = st.rect[kRectScene];
  std::fprintf(f, "scenecenter %d %d\n", sc.left + sc.width / 2, fbh - sc.bottom - sc.height / 2);
  for (int k = 0; k < 2; k++) {
    WritePanelItems(f, k ? sim.ui1 : sim.ui0, st.rect[k ? kRectRight : kRectLeft],
                    k ? "item1:" : "item:", fbh);
  }
}

void WriteStatus() {
  if (sim.statusfile.empty()) {
    return;
  }
  std::string tmp = sim.statusfile + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "w");
  if (!f) {
    return;
  }
  std::fprintf(f, "model %s\n", sim.filename.c_str());
  std::fprintf(f, "loaded %d\n", sim.m ? 1 : 0);
  std::fprintf(f, "error %s\n", sim.loaderror.c_str());
  std::fprintf(f, "run %d\n", sim.run);
  std::fprintf(f, "speed %g\n", kSpeedPercent[sim.speed]);
  std::fprintf(f, "contactforce %d\n", sim.vopt.flags[mjVIS_CONTACTFORCE]);
  std::fprintf(f, "select %d\n", sim.pert.select);
  std::fprintf(f, "perturb %d\n", sim.pert.active);
  std::fprintf(f, "screenshots %d\n", sim.screenshots);
  std::fprintf(f, "frames %d\n", sim.frames);
  std::fprintf(f, "resets %d\n", sim.resets);
  std::fprintf(f, "fontscale %d\n", sim.con.fontScale);
  std::fprintf(f, "leftui %d %d %d\n", sim.ui0.nsect, sim.ui0.height, sim.ui0.width);
  std::fprintf(f, "rightui %d %d\n", sim.ui1.nsect, sim.ui1.height);
  if (sim.m) {
    const mjData* d = sim.d;
    std::fprintf(f, "time %.6f\n", d->time);
    std::fprintf(f, "ncon %d\n", d->ncon);
    double xfrc = 0;
    for (int i = 0; i < 6 * sim.m->nbody; i++) {
      xfrc += std::fabs(d->xfrc_applied[i]);
    }
    std::fprintf(f, "xfrc %.6g\n", xfrc);
    if (sim.pert.select > 0) {
      const double* p = d->xpos + 3 * sim.pert.select;
      std::fprintf(f, "selpos %.6f %.6f %.6f\n", p[0], p[1], p[2]);
    }
    std::fprintf(f, "qpos0 %.6f %.6f %.6f\n", d->qpos[0], sim.m->nq > 1 ? d->qpos[1] : 0,
                 sim.m->nq > 2 ? d->qpos[2] : 0);
    std::fprintf(f, "qpos");
    for (int i = 0; i < sim.m->nq; i++) {
      std::fprintf(f, " %.17g", d->qpos[i]);
    }
    std::fprintf(f, "\nkey %d\n", sim.key);
    if (sim.key >= 0 && sim.key < sim.m->nkey) {
      const double* k = sim.m->key_qpos + sim.key * sim.m->nq;
      std::fprintf(f, "keyqpos0 %.6f %.6f %.6f\n", k[0], sim.m->nq > 1 ? k[1] : 0,
                   sim.m->nq > 2 ? k[2] : 0);
    }
    std::fprintf(f, "camera %d %d %.6f %.6f %.6f\n", sim.cam.type, sim.cam.trackbodyid,
                 sim.cam.lookat[0], sim.cam.lookat[1], sim.cam.lookat[2]);
    std::fprintf(f, "view %.6f %.6f %.6f\n", sim.cam.azimuth, sim.cam.elevation, sim.cam.distance);
    if (sim.m->nu) {
      std::fprintf(f, "ctrl0 %.6f\n", d->ctrl[0]);
    }
    if (sim.m->nbody > 1) {
      std::fprintf(f, "body1 %.6f %.6f %.6f\n", d->xpos[3], d->xpos[4], d->xpos[5]);
    }
    int nforce = 0;
    for (int i = 0; i < sim.scn.ngeom; i++) {
      nforce += sim.scn.geoms[i].category == mjCAT_DECOR && sim.scn.geoms[i].type == mjGEOM_ARROW;
    }
    std::fprintf(f, "arrows %d\n", nforce);
  }
  WriteItems(f);
  std::fclose(f);
  std::rename(tmp.c_str(), sim.statusfile.c_str());
}

void Screenshot(mjrRect window) {
  std::vector<unsigned char> rgb(3 * (size_t)window.width * window.height);
  mjr_readPixels(rgb.data(), nullptr, window, &sim.con);
  // OpenGL rows go up, PNG rows go down
  std::vector<unsigned char> flipped(rgb.size());
  size_t row = 3 * (size_t)window.width;
  for (int y = 0; y < window.height; y++) {
    std::memcpy(flipped.data() + y * row, rgb.data() + (window.height - 1 - y) * row, row);
  }
  unsigned err = lodepng::encode(sim.screenshotfile, flipped, window.width, window.height, LCT_RGB);
  if (err) {
    SetMessage(std::string("Screenshot failed: ") + lodepng_error_text(err));
  } else {
    sim.screenshots++;
    SetMessage("Saved " + sim.screenshotfile);
  }
}

// Updates the scene, figures and panels from the model while it is locked, then draws without
// holding the lock so that the physics thread keeps stepping.
void Render() {
  std::unique_lock<std::recursive_mutex> lock(sim.mtx);
  if (sim.uirebuild) {
    sim.uirebuild = 0;
    mjv_freeScene(&sim.scn);
    mjv_makeScene(sim.m, &sim.scn, 10000);
    mjr_freeContext(&sim.con);
    const int scales[6] = {50, 100, 150, 200, 250, 300};
    mjr_makeContext(sim.m, &sim.con, scales[sim.font]);
    mjv_defaultFreeCamera(sim.m, &sim.cam);
    sim.camera = 0;
    MakeUI();
  }
  mjrRect window = sim.uistate.rect[kRectWindow];
  mjrRect scene = sim.uistate.rect[kRectScene];
  std::string info;
  bool model = sim.m != nullptr;
  if (model) {
    mjv_updateScene(sim.m, sim.d, &sim.vopt, &sim.pert, &sim.cam, mjCAT_ALL, &sim.scn);
    if (sim.profiler || sim.sensor) {
      UpdateFigures();
    }
    info = InfoText();
    if (sim.ui0.editsect == 0) {
      UpdateWatch();
      for (int s = 0; s < sim.ui0.nsect; s++) {
        if (!std::strcmp(sim.ui0.sect[s].name, "Watch")) {
          mjui_update(s, -1, &sim.ui0, &sim.uistate, &sim.con);
        }
      }
    }
    // the right panel shows live joint and control values
    if (sim.ui1.editsect == 0) {
      mjui_update(-1, -1, &sim.ui1, &sim.uistate, &sim.con);
    }
  }
  lock.unlock();

  mjr_setBuffer(mjFB_WINDOW, &sim.con);
  mjr_rectangle(window, 0.2f, 0.2f, 0.2f, 1);
  if (model) {
    mjr_render(scene, &sim.scn, &sim.con);
  }
  {
    std::lock_guard<std::recursive_mutex> relock(sim.mtx);  // messages come from both threads
    Overlays(scene, info);
  }
  if (sim.showleft) {
    mjui_render(&sim.ui0, &sim.uistate, &sim.con);
  }
  if (sim.showright && sim.ui1.nsect) {
    mjui_render(&sim.ui1, &sim.uistate, &sim.con);
  }
  if (sim.screenshotrequest) {
    sim.screenshotrequest = 0;
    Screenshot(window);
  }
}

}  // namespace

// The font scale for a window (high DPI): 100 % times the larger of the window's content scale
// (the desktop's DPI over 96 on X11, the backing scale on macOS) and the ratio of its
// framebuffer to its window size, rounded to the 50 % steps of mjtFontScale (50 to 300 %).
// Returns the index of the Font choice (0: 50 %, 1: 100 %, ...).
int FontForWindow(GLFWwindow* window) {
  float xscale = 1, yscale = 1;
  glfwGetWindowContentScale(window, &xscale, &yscale);
  int ww = 0, wh = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &ww, &wh);
  glfwGetFramebufferSize(window, &fw, &fh);
  double ratio = ww > 0 ? (double)fw / ww : 1;
  double scale = mjMAX(mjMAX(xscale, yscale), ratio);
  int percent = (int)std::lround(scale * 2) * 50;
  return mjMAX(0, mjMIN(5, percent / 50 - 1));
}

void TakeScreenshot() {
  sim.screenshotrequest = 1;
}

}  // namespace simulate

using simulate::sim;

int main(int argc, char** argv) {
  std::string model;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--status" && i + 1 < argc) {
      sim.statusfile = argv[++i];
    } else if (a == "--screenshot" && i + 1 < argc) {
      sim.screenshotfile = argv[++i];
    } else if (a == "-h" || a == "--help") {
      std::printf("usage: simulate [MODEL] [--status FILE] [--screenshot FILE.png]\n");
      return 0;
    } else {
      model = a;
    }
  }
  if (!glfwInit()) {
    std::fprintf(stderr, "simulate: could not initialize GLFW (no display?)\n");
    return 1;
  }
  glfwWindowHint(GLFW_SAMPLES, 4);
  const GLFWvidmode* vm = glfwGetVideoMode(glfwGetPrimaryMonitor());
  int w = vm ? vm->width * 2 / 3 : 1200, h = vm ? vm->height * 2 / 3 : 800;
  sim.window = glfwCreateWindow(w, h, "simulate", nullptr, nullptr);
  if (!sim.window) {
    std::fprintf(stderr, "simulate: could not create a window\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(sim.window);
  glfwSwapInterval(1);

  // high DPI: the font scale follows the window's display
  sim.font = simulate::FontForWindow(sim.window);

  mjcb_time = simulate::TimerMs;
  mju_user_warning = simulate::Warning;
  mjv_defaultCamera(&sim.cam);
  mjv_defaultOption(&sim.vopt);
  mjv_defaultPerturb(&sim.pert);
  mjv_defaultScene(&sim.scn);
  mjr_defaultContext(&sim.con);
  mjr_makeContext(nullptr, &sim.con, 50 * (sim.font + 1));
  std::memset(&sim.ui0, 0, sizeof(mjUI));
  std::memset(&sim.ui1, 0, sizeof(mjUI));
  std::memset(&sim.uistate, 0, sizeof(mjuiState));
  sim.ui0.rectid = simulate::kRectLeft;
  sim.ui0.auxid = 0;
  sim.ui1.rectid = simulate::kRectRight;
  sim.ui1.auxid = 1;
  sim.ui0.sect[0].state = mjSECT_OPEN;  // File closed below; Option open the first time
  simulate::InitFigures();
  simulate::InstallCallbacks(sim.window);
  simulate::MakeUI();
  for (int i = 0; i < sim.ui0.nsect; i++) {
    sim.ui0.sect[i].state = !std::strcmp(sim.ui0.sect[i].name, "Simulation") ||
                            !std::strcmp(sim.ui0.sect[i].name, "Option");
  }
  simulate::ResizeUI();

  if (!model.empty()) {
    simulate::RequestLoad(model);
  }
  std::thread physics(simulate::PhysicsLoop);
  double lastframe = simulate::Now(), laststatus = 0;
  int frames = 0;
  while (!glfwWindowShouldClose(sim.window)) {
    glfwPollEvents();
    simulate::Render();
    glfwSwapBuffers(sim.window);
    frames++;
    sim.frames++;
    double now = simulate::Now();
    if (now - lastframe > 0.5) {
      sim.fps = frames / (now - lastframe);
      frames = 0;
      lastframe = now;
    }
    if (now - laststatus > 0.1) {
      std::lock_guard<std::recursive_mutex> lock(sim.mtx);
      simulate::WriteStatus();
      laststatus = now;
    }
  }
  sim.exitrequest = 1;
  physics.join();
  mjv_freeScene(&sim.scn);
  mjr_freeContext(&sim.con);
  if (sim.d) {
    mj_deleteData(sim.d);
  }
  if (sim.m) {
    mj_deleteModel(sim.m);
  }
  glfwTerminate();
  return 0;
}
