// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// simulate: an interactive viewer. The state shared by its parts: the model and data (guarded
// by `mtx`; the physics thread steps them, the window thread draws and edits them), the
// visualization objects, the two UIs and the settings their items are bound to.
//   main.cc     window, render loop, overlays, figures, screenshots, status file
//   physics.cc  loading models and the physics thread (real time, slow motion, divergence)
//   panels.cc   the left and right UI panels and what their items do
//   input.cc    GLFW callbacks: mjuiState, camera, selection, perturbation, keys

#ifndef MOTUS_SAMPLE_SIMULATE_SIMULATE_H_
#define MOTUS_SAMPLE_SIMULATE_SIMULATE_H_

#include <GLFW/glfw3.h>
#include <mujoco/mujoco.h>

#include <atomic>
#include <mutex>
#include <string>

namespace simulate {

// slow-motion factors of the "Speed" choice (percent of real time)
constexpr int kNumSpeed = 8;
extern const double kSpeedPercent[kNumSpeed];

// rectangles of mjuiState
enum { kRectWindow = 0, kRectLeft, kRectRight, kRectScene, kNumRect };

struct Sim {
  std::recursive_mutex mtx;  // guards m, d and the perturbation
  mjModel* m = nullptr;
  mjData* d = nullptr;
  std::string filename;   // model shown (or that failed to load)
  std::string loaderror;  // why the last load failed (shown in the window)
  std::string message;    // transient message (warnings, saved files)
  double messagetime = 0;
  int resets = 0;  // resets after divergence

  // requests from the window thread to the physics thread
  std::atomic<int> loadrequest{0};
  std::string loadfile;
  std::atomic<int> exitrequest{0};
  std::atomic<int> uirebuild{0};  // a model was loaded: rebuild the UI panels

  // settings bound to UI items
  int run = 1;
  int speed = 0;  // index of kSpeedPercent
  int help = 0, info = 0, profiler = 0, sensor = 0, vsync = 1, busywait = 0;
  int spacing = 0, color = 0, font = 0;
  int key = 0;
  double noisescale = 0, noiserate = 0;
  int disable[mjNDISABLE] = {0};
  int enable[mjNENABLE] = {0};
  int camera = 0;  // 0: free, 1: tracking, 2+: model cameras
  char field[mjMAXUITEXT] = "qpos";
  int index = 0;
  int showleft = 1, showright = 1;

  // visualization
  mjvCamera cam;
  mjvOption vopt;
  mjvScene scn;
  mjrContext con;
  mjvPerturb pert;
  mjvFigure figtimer, figsize, figsensor;

  // UI
  mjUI ui0, ui1;
  mjuiState uistate;
  GLFWwindow* window = nullptr;
  double lastx = 0, lasty = 0;  // framebuffer pixels, y up

  // timing shown by the info overlay (window thread)
  double fps = 0;
  double realtime = 100;  // measured percent of real time

  // test hooks (command line): a status file rewritten ~10 times a second, the screenshot path
  std::string statusfile;
  std::string screenshotfile = "screenshot.png";
  int screenshots = 0;
  int frames = 0;  // frames rendered (a test waits for frames drawn after the physics stopped)
  std::atomic<int> screenshotrequest{0};
};

extern Sim sim;

// physics.cc
void RequestLoad(const std::string& file);
void PhysicsLoop();
void ResetSimulation();
void LoadKeyframe();
void SaveKeyframe();
void CopyState();
void SyncOptionFlags();  // disable/enable arrays -> m->opt
void StepOnce();         // one step while paused

// panels.cc
void MakeUI();    // (re)builds both panels for the current model
void ResizeUI();  // layout, auxiliary buffers, redraw
void UpdateUI();  // redraw after bound data changed
void UiAction(mjuiItem* it);
void UpdateWatch();

// input.cc
void InstallCallbacks(GLFWwindow* window);
void LayoutRects();

// main.cc
void SetMessage(const std::string& msg);
int FontForWindow(GLFWwindow* window);  // index of the font scale for the window's display
void ApplyFont();                       // the context and the panels at sim.font
void TakeScreenshot();
double Now();

}  // namespace simulate

#endif  // MOTUS_SAMPLE_SIMULATE_SIMULATE_H_
