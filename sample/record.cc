// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// record: simulates a model from its initial state with zero controls and renders it offscreen,
// headless (EGL, no display or GPU needed), writing the frames as one raw RGB stream (bottom row
// first, as MuJoCo's record sample) and optionally as PNG files (top row first).
//
//   record MODEL DURATION FPS OUT.rgb [ADDDEPTH] [--png PREFIX] [--size WxH] [--quiet]
//
// ADDDEPTH (default 1) inserts the depth image, subsampled by 3, at the lower-left corner.
// --png PREFIX writes PREFIX_0000.png, PREFIX_0001.png, ...; OUT.rgb may then be "-" (none).
// --size renders at WxH instead of the model's <visual><global offwidth offheight>.
// Progress (frames, simulated time, frames per second, time left) goes to stderr.

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <lodepng.h>
#include <mujoco/mujoco.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Egl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
};

// An OpenGL (compatibility profile) context without any surface: Mesa's surfaceless platform
// when available (no X server, no GPU), else the default display.
bool makeContext(Egl* egl, std::string* why) {
  auto getPlatformDisplay =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLint major, minor;
  if (getPlatformDisplay) {
    egl->display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (egl->display != EGL_NO_DISPLAY && !eglInitialize(egl->display, &major, &minor)) {
      egl->display = EGL_NO_DISPLAY;
    }
  }
  if (egl->display == EGL_NO_DISPLAY) {
    egl->display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (egl->display == EGL_NO_DISPLAY || !eglInitialize(egl->display, &major, &minor)) {
      *why = "no EGL display (install libegl-mesa0 libgl1-mesa-dri)";
      return false;
    }
  }
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                            EGL_NONE};
  EGLConfig config;
  EGLint nconfig = 0;
  if (!eglChooseConfig(egl->display, attribs, &config, 1, &nconfig) || nconfig < 1) {
    *why = "no EGL configuration with desktop OpenGL";
    return false;
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    *why = "EGL cannot bind the OpenGL API";
    return false;
  }
  egl->context = eglCreateContext(egl->display, config, EGL_NO_CONTEXT, nullptr);
  if (egl->context == EGL_NO_CONTEXT) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "EGL context creation failed (0x%x)", eglGetError());
    *why = buf;
    return false;
  }
  if (!eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl->context)) {
    *why = "EGL context cannot be made current without a surface";
    return false;
  }
  return true;
}

void freeContext(Egl* egl) {
  if (egl->display != EGL_NO_DISPLAY) {
    eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (egl->context != EGL_NO_CONTEXT) {
      eglDestroyContext(egl->display, egl->context);
    }
    eglTerminate(egl->display);
  }
}

int usage() {
  std::fprintf(stderr,
               "usage: record MODEL DURATION FPS OUT.rgb [ADDDEPTH] [--png PREFIX] [--size WxH] "
               "[--quiet]\n");
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    return usage();
  }
  double duration = 0, fps = 0;
  if (std::sscanf(argv[2], "%lf", &duration) != 1 || std::sscanf(argv[3], "%lf", &fps) != 1 ||
      !(duration >= 0) || !(fps > 0)) {
    std::fprintf(stderr, "record: DURATION must be >= 0 and FPS > 0\n");
    return 1;
  }
  std::string rgbfile = argv[4], pngprefix;
  int adddepth = 1, width = 0, height = 0, quiet = 0;
  for (int i = 5; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--png" && i + 1 < argc) {
      pngprefix = argv[++i];
    } else if (a == "--size" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) {
        std::fprintf(stderr, "record: --size takes WxH, e.g. 640x480\n");
        return 1;
      }
    } else if (a == "--quiet") {
      quiet = 1;
    } else if (a == "0" || a == "1") {
      adddepth = a == "1";
    } else {
      return usage();
    }
  }

  // model and data; the renderer needs a current OpenGL context before mjr_makeContext
  char error[1000] = "";
  std::string model = argv[1];
  bool mjb = model.size() > 4 && model.compare(model.size() - 4, 4, ".mjb") == 0;
  mjModel* m = mjb ? mj_loadModel(model.c_str(), nullptr)
                   : mj_loadXML(model.c_str(), nullptr, error, sizeof(error));
  if (!m) {
    std::fprintf(stderr, "record: cannot load %s: %s\n", model.c_str(), error);
    return 1;
  }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);

  Egl egl;
  std::string why;
  if (!makeContext(&egl, &why)) {
    std::fprintf(stderr, "record: no OpenGL context: %s\n", why.c_str());
    return 1;
  }
  mjvCamera cam;
  mjvOption opt;
  mjvScene scn;
  mjrContext con;
  mjv_defaultCamera(&cam);
  mjv_defaultOption(&opt);
  mjv_defaultScene(&scn);
  mjr_defaultContext(&con);
  mjv_makeScene(m, &scn, 2000);
  mjr_makeContext(m, &con, mjFONTSCALE_200);
  mjv_defaultFreeCamera(m, &cam);

  mjr_setBuffer(mjFB_OFFSCREEN, &con);
  if (width > 0) {
    mjr_resizeOffscreen(width, height, &con);
  }
  mjrRect viewport = mjr_maxViewport(&con);
  int W = viewport.width, H = viewport.height;
  std::vector<unsigned char> rgb(3 * (size_t)W * H), upright;
  std::vector<float> depth((size_t)W * H);

  std::FILE* fp = nullptr;
  if (rgbfile != "-") {
    fp = std::fopen(rgbfile.c_str(), "wb");
    if (!fp) {
      std::fprintf(stderr, "record: cannot open %s for writing\n", rgbfile.c_str());
      return 1;
    }
  }

  auto start = std::chrono::steady_clock::now();
  double lastprint = -1;
  int nframe = 0, total = (int)(duration * fps) + 1;
  double frametime = 0;
  while (d->time < duration || nframe == 0) {
    if (nframe == 0 || d->time - frametime > 1 / fps) {
      mjv_updateScene(m, d, &opt, nullptr, &cam, mjCAT_ALL, &scn);
      mjr_render(viewport, &scn, &con);
      char stamp[50];
      std::snprintf(stamp, sizeof(stamp), "Time = %.3f", d->time);
      mjr_overlay(mjFONT_NORMAL, mjGRID_TOPLEFT, viewport, stamp, nullptr, &con);
      mjr_readPixels(rgb.data(), depth.data(), viewport, &con);

      // depth inset: near is white, the far plane black
      if (adddepth) {
        const int ns = 3;
        for (int r = 0; r < H; r += ns) {
          for (int c = 0; c < W; c += ns) {
            size_t adr = (size_t)(r / ns) * W + c / ns;
            unsigned char v = (unsigned char)((1.0f - depth[(size_t)r * W + c]) * 255.0f);
            rgb[3 * adr] = rgb[3 * adr + 1] = rgb[3 * adr + 2] = v;
          }
        }
      }
      if (fp && std::fwrite(rgb.data(), 3, (size_t)W * H, fp) != (size_t)W * H) {
        std::fprintf(stderr, "record: write to %s failed\n", rgbfile.c_str());
        return 1;
      }
      if (!pngprefix.empty()) {
        upright.resize(rgb.size());
        for (int r = 0; r < H; r++) {
          std::memcpy(&upright[3 * (size_t)W * r], &rgb[3 * (size_t)W * (H - 1 - r)], 3 * W);
        }
        char name[64];
        std::snprintf(name, sizeof(name), "_%04d.png", nframe);
        std::string path = pngprefix + name;
        unsigned err = lodepng_encode24_file(path.c_str(), upright.data(), W, H);
        if (err) {
          std::fprintf(stderr, "record: %s: %s\n", path.c_str(), lodepng_error_text(err));
          return 1;
        }
      }
      int glerr = mjr_getError();
      if (glerr) {
        std::fprintf(stderr, "record: OpenGL error 0x%x at frame %d\n", glerr, nframe);
      }
      frametime = d->time;
      nframe++;

      // progress about once a second
      double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!quiet && (elapsed - lastprint >= 1 || d->time >= duration)) {
        lastprint = elapsed;
        double rate = nframe / mjMAX(elapsed, 1e-9);
        std::fprintf(stderr, "\rframe %d/%d  t = %.3f s  %.1f frames/s  %.0f s left   ", nframe,
                     total, d->time, rate, mjMAX(0.0, (total - nframe) / rate));
        std::fflush(stderr);
      }
    }
    if (d->time >= duration) {
      break;
    }
    mj_step(m, d);
  }
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!quiet) {
    std::fprintf(stderr, "\n");
  }
  std::printf("%d frames of %dx%d in %.2f s (%.1f frames/s)\n", nframe, W, H, elapsed,
              nframe / mjMAX(elapsed, 1e-9));

  if (fp) {
    std::fclose(fp);
  }
  mjr_freeContext(&con);
  mjv_freeScene(&scn);
  mj_deleteData(d);
  mj_deleteModel(m);
  freeContext(&egl);
  return 0;
}
