// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Input: GLFW callbacks fill the mjuiState (framebuffer pixels, y up, so high-DPI windows work
// like any other) and route each event to the UI under the mouse or to the 3D view. In the 3D
// view: left drag rotates the camera, right drag moves it, middle drag or the wheel zooms (shift:
// the horizontal variants); a left double click selects a body, a right double click centers the
// camera on the point clicked (with Ctrl: tracks the body); Ctrl + left drag rotates the
// selected body, Ctrl + right drag pulls it. Keys: space pauses, right arrow steps while paused,
// '-' and '=' change the slow-motion speed, Tab / Shift-Tab hide the left / right panel,
// Escape frees the camera; the UI shortcuts.

#include <cstring>

#include "simulate.h"

namespace simulate {
namespace {

mjuiState& st = sim.uistate;

bool InRect(const mjrRect& r, double x, double y) {
  return x >= r.left && x < r.left + r.width && y >= r.bottom && y < r.bottom + r.height;
}

void UpdateMouse(GLFWwindow* w) {
  double x, y;
  glfwGetCursorPos(w, &x, &y);
  int ww, wh, fw, fh;
  glfwGetWindowSize(w, &ww, &wh);
  glfwGetFramebufferSize(w, &fw, &fh);
  double scale = ww > 0 ? (double)fw / ww : 1;
  x *= scale;
  y = fh - y * scale;  // y up
  st.dx = x - st.x;
  st.dy = y - st.y;
  st.x = x;
  st.y = y;
  st.mouserect = 0;
  for (int i = kNumRect - 1; i >= 1; i--) {
    if (InRect(st.rect[i], x, y)) {
      st.mouserect = i;
      break;
    }
  }
}

void UpdateModifiers(GLFWwindow* w) {
  st.control = glfwGetKey(w, GLFW_KEY_LEFT_CONTROL) == GLFW_PRESS ||
               glfwGetKey(w, GLFW_KEY_RIGHT_CONTROL) == GLFW_PRESS;
  st.shift = glfwGetKey(w, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
             glfwGetKey(w, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
  st.alt = glfwGetKey(w, GLFW_KEY_LEFT_ALT) == GLFW_PRESS ||
           glfwGetKey(w, GLFW_KEY_RIGHT_ALT) == GLFW_PRESS;
}

// A left press on a collapsible separator (state mjSEPCLOSED or mjSEPCLOSED + 1) expands or
// collapses it: MuJoCo's mjui_event leaves separators to the application.
bool ToggleSeparator(mjUI* ui) {
  if (st.type != mjEVENT_PRESS || st.button != mjBUTTON_LEFT) {
    return false;
  }
  const mjrRect& r = st.rect[ui->rectid];
  double x = st.x - r.left, y = st.y - (r.bottom + r.height - ui->height + ui->scroll);
  for (int i = 0; i < ui->nsect; i++) {
    mjuiSection* s = ui->sect + i;
    for (int k = 0; s->state == mjSECT_OPEN && k < s->nitem; k++) {
      mjuiItem* it = s->item + k;
      const mjrRect& b = it->rect;
      bool collapsible = it->state == mjSEPCLOSED || it->state == mjSEPCLOSED + 1;
      if (it->type == mjITEM_SEPARATOR && collapsible && !it->skip && x >= b.left &&
          x < b.left + b.width && y >= b.bottom && y < b.bottom + b.height) {
        it->state = it->state == mjSEPCLOSED ? mjSEPCLOSED + 1 : mjSEPCLOSED;
        return true;
      }
    }
  }
  return false;
}

// Sends the current event to the UI that owns it; true if a UI took it.
bool UiEvent() {
  mjUI* ui = nullptr;
  int rect = st.type == mjEVENT_MOVE || st.type == mjEVENT_RELEASE ? st.dragrect : st.mouserect;
  if (rect == kRectLeft && sim.showleft) {
    ui = &sim.ui0;
  } else if (rect == kRectRight && sim.showright) {
    ui = &sim.ui1;
  }
  if (st.type == mjEVENT_KEY) {
    // keys: the UI being edited, else shortcuts of both UIs
    mjUI* uis[2] = {&sim.ui0, &sim.ui1};
    for (mjUI* u : uis) {
      bool editing = u->editsect != 0;
      int nsectopen = 0;
      for (int i = 0; i < u->nsect; i++) {
        nsectopen += u->sect[i].state;
      }
      mjuiItem* it = mjui_event(u, &st, &sim.con);
      int after = 0;
      for (int i = 0; i < u->nsect; i++) {
        after += u->sect[i].state;
      }
      if (it) {
        UiAction(it);
      }
      if (it || editing || after != nsectopen) {
        ResizeUI();
        return true;
      }
    }
    return false;
  }
  if (!ui) {
    return false;
  }
  if (ToggleSeparator(ui)) {
    ResizeUI();
    return true;
  }
  mjuiItem* it = mjui_event(ui, &st, &sim.con);
  if (it) {
    UiAction(it);
  }
  if (st.type != mjEVENT_MOVE || it) {
    ResizeUI();  // sections may have opened or closed
  }
  return true;
}

void Select(bool right) {
  mjrRect r = st.rect[kRectScene];
  double relx = (st.x - r.left) / r.width, rely = (st.y - r.bottom) / r.height;
  mjtNum selpnt[3];
  int geom, flex, skin;
  int body = mjv_select(sim.m, sim.d, &sim.vopt, (mjtNum)r.width / r.height, relx, rely, &sim.scn,
                        selpnt, &geom, &flex, &skin);
  if (right) {
    // center the camera on the point; with Ctrl track the body
    if (body >= 0) {
      mju_copy3(sim.cam.lookat, selpnt);
      if (st.control && body > 0) {
        sim.cam.type = mjCAMERA_TRACKING;
        sim.cam.trackbodyid = body;
        sim.cam.fixedcamid = -1;
        sim.camera = 1;
      }
    }
    return;
  }
  if (body >= 0) {
    sim.pert.select = body;
    sim.pert.flexselect = flex;
    sim.pert.skinselect = skin;
    sim.pert.active = 0;
    mjtNum tmp[3];
    mju_sub3(tmp, selpnt, sim.d->xpos + 3 * body);
    mju_mulMatTVec(sim.pert.localpos, sim.d->xmat + 9 * body, tmp, 3, 3);
  } else {
    sim.pert.select = 0;
    sim.pert.flexselect = -1;
    sim.pert.skinselect = -1;
  }
}

void SceneMove() {
  if (!sim.m || st.dragrect != kRectScene) {
    return;
  }
  mjtMouse action;
  if (st.right) {
    action = st.shift ? mjMOUSE_MOVE_H : mjMOUSE_MOVE_V;
  } else if (st.left) {
    action = st.shift ? mjMOUSE_ROTATE_H : mjMOUSE_ROTATE_V;
  } else if (st.middle) {
    action = mjMOUSE_ZOOM;
  } else {
    return;
  }
  double h = st.rect[kRectScene].height;
  if (sim.pert.active) {
    mjv_movePerturb(sim.m, sim.d, action, st.dx / h, -st.dy / h, &sim.scn, &sim.pert);
  } else {
    mjv_moveCamera(sim.m, action, st.dx / h, -st.dy / h, &sim.scn, &sim.cam);
  }
}

void ScenePress() {
  if (!sim.m || st.mouserect != kRectScene) {
    return;
  }
  if (st.doubleclick && (st.button == mjBUTTON_LEFT || st.button == mjBUTTON_RIGHT)) {
    Select(st.button == mjBUTTON_RIGHT);
    return;
  }
  if (st.control && sim.pert.select > 0) {
    int active = st.button == mjBUTTON_RIGHT ? mjPERT_TRANSLATE : mjPERT_ROTATE;
    if (!sim.pert.active) {
      mjv_initPerturb(sim.m, sim.d, &sim.scn, &sim.pert);
    }
    sim.pert.active = active;
  }
}

void MouseButton(GLFWwindow* w, int button, int act, int mods) {
  (void)mods;
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  UpdateModifiers(w);
  UpdateMouse(w);
  st.left = glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  st.right = glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  st.middle = glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS;
  int b = button == GLFW_MOUSE_BUTTON_LEFT    ? mjBUTTON_LEFT
          : button == GLFW_MOUSE_BUTTON_RIGHT ? mjBUTTON_RIGHT
                                              : mjBUTTON_MIDDLE;
  if (act == GLFW_PRESS) {
    double now = glfwGetTime();
    st.doubleclick = b == st.button && now - st.buttontime < 0.3;
    st.button = b;
    st.buttontime = now;
    st.type = mjEVENT_PRESS;
    st.dragrect = st.mouserect;
    st.dragbutton = b;
    if (!UiEvent()) {
      ScenePress();
    }
  } else {
    st.type = mjEVENT_RELEASE;
    UiEvent();
    if (!st.left && !st.right && !st.middle) {
      sim.pert.active = 0;
      st.dragrect = 0;
      st.dragbutton = 0;
    }
  }
}

void CursorPos(GLFWwindow* w, double, double) {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  UpdateMouse(w);
  st.type = mjEVENT_MOVE;
  if (!UiEvent()) {
    SceneMove();
  }
}

void Scroll(GLFWwindow* w, double sx, double sy) {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  UpdateModifiers(w);
  UpdateMouse(w);
  st.type = mjEVENT_SCROLL;
  st.sx = sx;
  st.sy = sy;
  if (!UiEvent() && sim.m && st.mouserect == kRectScene) {
    mjv_moveCamera(sim.m, mjMOUSE_ZOOM, 0, -0.05 * sy, &sim.scn, &sim.cam);
  }
}

void Key(GLFWwindow* w, int key, int, int act, int) {
  if (act == GLFW_RELEASE) {
    return;
  }
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  UpdateModifiers(w);
  st.type = mjEVENT_KEY;
  st.key = key;
  st.keytime = glfwGetTime();
  if (UiEvent()) {
    return;
  }
  if (st.control || st.alt) {
    return;
  }
  switch (key) {
    case GLFW_KEY_SPACE:
      sim.run = !sim.run;
      sim.pert.active = 0;
      UpdateUI();
      break;
    case GLFW_KEY_RIGHT:
      StepOnce();
      break;
    case GLFW_KEY_TAB:
      if (st.shift) {
        sim.showright = !sim.showright;
      } else {
        sim.showleft = !sim.showleft;
      }
      LayoutRects();
      break;
    case GLFW_KEY_MINUS:
      sim.speed = mjMIN(kNumSpeed - 1, sim.speed + 1);
      UpdateUI();
      break;
    case GLFW_KEY_EQUAL:
      sim.speed = mjMAX(0, sim.speed - 1);
      UpdateUI();
      break;
    case GLFW_KEY_ESCAPE:
      sim.cam.type = mjCAMERA_FREE;
      sim.camera = 0;
      UpdateUI();
      break;
    case GLFW_KEY_PAGE_UP:
    case GLFW_KEY_PAGE_DOWN:
      if (sim.pert.select > 0 && sim.m) {
        // walk up or down the selected body's tree
        int b = sim.pert.select;
        if (key == GLFW_KEY_PAGE_UP) {
          b = sim.m->body_parentid[b];
        } else {
          for (int i = b + 1; i < sim.m->nbody; i++) {
            if (sim.m->body_parentid[i] == b) {
              b = i;
              break;
            }
          }
        }
        sim.pert.select = b > 0 ? b : sim.pert.select;
      }
      break;
    default:
      break;
  }
}

void Drop(GLFWwindow*, int count, const char** paths) {
  if (count > 0) {
    RequestLoad(paths[0]);
  }
}

// The window moved to a display of another DPI (or its DPI changed): another font scale.
void ContentScale(GLFWwindow* window, float, float) {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  int font = FontForWindow(window);
  if (font != sim.font) {
    sim.font = font;
    ApplyFont();
  }
}

void Resize(GLFWwindow*, int, int) {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  LayoutRects();
}

}  // namespace

// Rectangles: the window, the left and right UIs (full height), the 3D view between them.
void LayoutRects() {
  int fw, fh;
  glfwGetFramebufferSize(sim.window, &fw, &fh);
  st.nrect = kNumRect;
  st.rect[kRectWindow] = {0, 0, fw, fh};
  int lw = sim.showleft ? sim.ui0.width : 0;
  int rw = sim.showright && sim.ui1.nsect ? sim.ui1.width : 0;
  st.rect[kRectLeft] = {0, 0, lw, fh};
  st.rect[kRectRight] = {fw - rw, 0, rw, fh};
  st.rect[kRectScene] = {lw, 0, mjMAX(1, fw - lw - rw), fh};
  int type = st.type;
  st.type = mjEVENT_RESIZE;
  mjui_event(&sim.ui0, &st, &sim.con);
  mjui_event(&sim.ui1, &st, &sim.con);
  st.type = type;
}

void InstallCallbacks(GLFWwindow* window) {
  glfwSetMouseButtonCallback(window, MouseButton);
  glfwSetCursorPosCallback(window, CursorPos);
  glfwSetScrollCallback(window, Scroll);
  glfwSetKeyCallback(window, Key);
  glfwSetDropCallback(window, Drop);
  glfwSetFramebufferSizeCallback(window, Resize);
  glfwSetWindowContentScaleCallback(window, ContentScale);
}

}  // namespace simulate
