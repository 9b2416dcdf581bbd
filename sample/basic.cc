// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// basic: simulates a model in real time in a GLFW window. Mouse: left drag rotates the camera,
// right drag moves it, middle drag or scroll zooms (shift: horizontal variants). Backspace
// resets the simulation; Escape or closing the window quits.
//
//   basic MODEL [SECONDS]     (SECONDS: quit after that much wall time; 0 = never)

#include <GLFW/glfw3.h>
#include <mujoco/mujoco.h>

#include <cstdio>
#include <cstring>

namespace {

mjModel* m = nullptr;
mjData* d = nullptr;
mjvCamera cam;
mjvOption opt;
mjvScene scn;
mjrContext con;

bool button_left = false, button_middle = false, button_right = false;
double lastx = 0, lasty = 0;

void keyboard(GLFWwindow* window, int key, int scancode, int act, int mods) {
  (void)scancode;
  (void)mods;
  if (act == GLFW_PRESS && key == GLFW_KEY_BACKSPACE) {
    mj_resetData(m, d);
    mj_forward(m, d);
  }
  if (act == GLFW_PRESS && key == GLFW_KEY_ESCAPE) {
    glfwSetWindowShouldClose(window, 1);
  }
}

void mouseButton(GLFWwindow* window, int button, int act, int mods) {
  (void)button;
  (void)act;
  (void)mods;
  button_left = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  button_middle = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS;
  button_right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  glfwGetCursorPos(window, &lastx, &lasty);
}

// Mouse motion in window units, normalized by the window height, drives mjv_moveCamera.
void mouseMove(GLFWwindow* window, double xpos, double ypos) {
  if (!button_left && !button_middle && !button_right) {
    return;
  }
  double dx = xpos - lastx, dy = ypos - lasty;
  lastx = xpos;
  lasty = ypos;
  int width, height;
  glfwGetWindowSize(window, &width, &height);
  bool shift = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
               glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
  mjtMouse action;
  if (button_right) {
    action = shift ? mjMOUSE_MOVE_H : mjMOUSE_MOVE_V;
  } else if (button_left) {
    action = shift ? mjMOUSE_ROTATE_H : mjMOUSE_ROTATE_V;
  } else {
    action = mjMOUSE_ZOOM;
  }
  mjv_moveCamera(m, action, dx / height, dy / height, &scn, &cam);
}

void scroll(GLFWwindow* window, double xoffset, double yoffset) {
  (void)window;
  (void)xoffset;
  mjv_moveCamera(m, mjMOUSE_ZOOM, 0, -0.05 * yoffset, &scn, &cam);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: basic MODEL [SECONDS]\n");
    return 1;
  }
  double seconds = 0;
  if (argc == 3 && std::sscanf(argv[2], "%lf", &seconds) != 1) {
    std::fprintf(stderr, "basic: SECONDS must be a number\n");
    return 1;
  }
  char error[1000] = "";
  size_t len = std::strlen(argv[1]);
  if (len > 4 && !std::strcmp(argv[1] + len - 4, ".mjb")) {
    m = mj_loadModel(argv[1], nullptr);
  } else {
    m = mj_loadXML(argv[1], nullptr, error, sizeof(error));
  }
  if (!m) {
    std::fprintf(stderr, "basic: cannot load %s: %s\n", argv[1], error);
    return 1;
  }
  d = mj_makeData(m);

  if (!glfwInit()) {
    std::fprintf(stderr, "basic: GLFW cannot initialize (no display?)\n");
    return 1;
  }
  GLFWwindow* window = glfwCreateWindow(1200, 900, "Motus basic", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "basic: GLFW cannot create an OpenGL window\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  mjv_defaultCamera(&cam);
  mjv_defaultOption(&opt);
  mjv_defaultScene(&scn);
  mjr_defaultContext(&con);
  mjv_makeScene(m, &scn, 2000);
  mjr_makeContext(m, &con, mjFONTSCALE_150);
  mjv_defaultFreeCamera(m, &cam);

  glfwSetKeyCallback(window, keyboard);
  glfwSetCursorPosCallback(window, mouseMove);
  glfwSetMouseButtonCallback(window, mouseButton);
  glfwSetScrollCallback(window, scroll);

  double start = glfwGetTime();
  while (!glfwWindowShouldClose(window)) {
    if (seconds > 0 && glfwGetTime() - start > seconds) {
      break;
    }
    // advance the simulation by one frame (1/60 s) of simulated time
    mjtNum simstart = d->time;
    while (d->time - simstart < 1.0 / 60.0) {
      mj_step(m, d);
    }
    mjrRect viewport = {0, 0, 0, 0};
    glfwGetFramebufferSize(window, &viewport.width, &viewport.height);
    mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
    mjr_render(viewport, &scn, &con);
    char stamp[64];
    std::snprintf(stamp, sizeof(stamp), "%.2f", d->time);
    mjr_overlay(mjFONT_NORMAL, mjGRID_BOTTOMLEFT, viewport, "Time", stamp, &con);
    glfwSwapBuffers(window);
    glfwPollEvents();
  }

  mjv_freeScene(&scn);
  mjr_freeContext(&con);
  mj_deleteData(d);
  mj_deleteModel(m);
  glfwTerminate();
  return 0;
}
