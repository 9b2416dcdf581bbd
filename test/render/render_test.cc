// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The OpenGL renderer, headless (EGL with Mesa's software rasterizer): silhouettes and depth of
// a sphere and a box at known poses against their analytic images, segmentation ids, pixel
// transfer sizes and row order, text placement, every geom type, stereo, and clear errors on bad
// input. Skips when the machine has no EGL.

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include <cmath>
#include <cstring>
#include <string>

#include "fixture.h"
#include "render/render_fixture.h"

namespace motus_test {
namespace {

class RenderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!gl_.ok()) {
      GTEST_SKIP() << "no headless OpenGL: " << gl_.why();
    }
  }
  // context with an offscreen buffer of w x h (samples: multisampling)
  void Make(int w, int h, int samples) {
    m_ = RenderModel(w, h, samples);
    ASSERT_NE(m_, nullptr);
    mjr_defaultContext(&con_);
    mjr_makeContext(m_, &con_, mjFONTSCALE_100);
    mjr_setBuffer(mjFB_OFFSCREEN, &con_);
  }
  // Loads `xml` (as the file `name`) into m_ with its context, and renders its state after
  // mj_forward from its first (fixed) camera into the w x h offscreen buffer: *px. The scene
  // and the data stay for further renders; the caller frees them.
  void RenderFixedCamera(const char* name, const char* xml, int w, int h, mjvScene* scn, mjData** d,
                         Pixels* px) {
    mjVFS vfs;
    mj_defaultVFS(&vfs);
    mj_addBufferVFS(&vfs, name, xml, (int)std::strlen(xml));
    char error[1000] = "";
    m_ = mj_loadXML(name, &vfs, error, sizeof(error));
    mj_deleteVFS(&vfs);
    ASSERT_NE(m_, nullptr) << error;
    mjr_defaultContext(&con_);
    mjr_makeContext(m_, &con_, mjFONTSCALE_100);
    mjr_setBuffer(mjFB_OFFSCREEN, &con_);
    *d = mj_makeData(m_);
    mj_forward(m_, *d);
    mjvOption opt;
    mjv_defaultOption(&opt);
    mjvCamera cam;
    mjv_defaultCamera(&cam);
    cam.type = mjCAMERA_FIXED;
    cam.fixedcamid = 0;
    mjv_defaultScene(scn);
    mjv_makeScene(m_, scn, 100);
    mjv_updateScene(m_, *d, &opt, nullptr, &cam, mjCAT_ALL, scn);
    mjrRect vp = {0, 0, w, h};
    mjr_render(vp, scn, &con_);
    *px = ReadPixels(vp, &con_);
  }
  void TearDown() override {
    if (m_) {
      mjr_freeContext(&con_);
      mj_deleteModel(m_);
    }
  }
  HeadlessGL gl_;
  mjModel* m_ = nullptr;
  mjrContext con_;
};

bool Lit(const unsigned char* p) {
  return p[0] > 8 || p[1] > 8 || p[2] > 8;
}

TEST_F(RenderTest, ContextHeadless) {
  Make(320, 240, 4);
  EXPECT_EQ(con_.glInitialized, 1);
  EXPECT_EQ(con_.windowAvailable, 0);  // surfaceless: no window buffer
  mjr_setBuffer(mjFB_WINDOW, &con_);   // documented fallback to the other buffer
  EXPECT_EQ(con_.currentBuffer, mjFB_OFFSCREEN);
  mjrRect vp = mjr_maxViewport(&con_);
  EXPECT_EQ(vp.width, 320);
  EXPECT_EQ(vp.height, 240);
  EXPECT_EQ(con_.offSamples, 4);
  EXPECT_EQ(con_.ntexture, 2);
  EXPECT_EQ(con_.rangeMesh, 2);
  EXPECT_EQ(con_.rangeHField, 1);
  EXPECT_GT(con_.charHeight, 0);
  EXPECT_GT(con_.charHeightBig, con_.charHeight);
  EXPECT_GT(con_.charWidth['M'], con_.charWidth['i']);
  mjr_resizeOffscreen(200, 100, &con_);
  vp = mjr_maxViewport(&con_);
  EXPECT_EQ(vp.width, 200);
  EXPECT_EQ(vp.height, 100);
  mjr_changeFont(mjFONTSCALE_200, &con_);
  EXPECT_EQ(con_.fontScale, 200);
  EXPECT_EQ(mjr_getError(), 0);
  mjr_freeContext(&con_);
  EXPECT_EQ(con_.glInitialized, 0);
  mjr_freeContext(&con_);                      // freeing twice is harmless
  mjr_makeContext(m_, &con_, mjFONTSCALE_50);  // and the context can be made again
  EXPECT_EQ(con_.glInitialized, 1);
}

// Perspective camera on the z axis looking at a sphere of radius R at the origin: a pixel is
// inside the silhouette iff its ray passes within R of the center; depth from the nearest hit.
TEST_F(RenderTest, SphereSilhouetteAndDepth) {
  const int W = 160, H = 120;
  Make(W, H, 0);
  const float D = 5, R = 1, n = 1, f = 10, top = 0.4f;
  float pos[3] = {0, 0, D}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  TestScene ts(4, pos, fwd, up, n, f, top, 0);
  float size[3] = {R, 0, 0}, at[3] = {0, 0, 0}, rgba[4] = {1, 0, 0, 1};
  ts.add(mjGEOM_SPHERE, size, at, rgba);
  mjrRect vp = {0, 0, W, H};
  mjr_render(vp, &ts.scn, &con_);
  Pixels px = ReadPixels(vp, &con_);
  float halfw = top * W / H;
  int agree = 0, total = 0, ndepth = 0;
  double maxerr = 0;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      // ray through the pixel center, direction (u, v, -1) at the near plane
      double u = (-halfw + 2 * halfw * (x + 0.5) / W) / n, v = (-top + 2 * top * (y + 0.5) / H) / n;
      double dx = u, dy = v, dz = -1, len = std::sqrt(dx * dx + dy * dy + dz * dz);
      dx /= len, dy /= len, dz /= len;
      // |o + t d|^2 = R^2 with o = (0, 0, D)
      double b = D * dz, c = D * D - R * R, disc = b * b - c;
      bool inside = disc > 0;
      bool lit = Lit(px.at(x, y));
      agree += inside == lit;
      total++;
      if (inside && lit && disc > 0.05) {
        double t = -b - std::sqrt(disc);
        double zeye = t * -dz;  // distance along the view axis
        double zbuf = px.depthAt(x, y);
        double zlin = n * f / (f - zbuf * (f - n));
        maxerr = std::fmax(maxerr, std::fabs(zlin - zeye));
        ndepth++;
      }
    }
  }
  EXPECT_GE((double)agree / total, 0.995) << agree << " of " << total;
  EXPECT_GT(ndepth, 1000);
  // the sphere is a 64x64 tessellation: its faces lie inside the sphere by at most
  // R (1 - cos(pi/64)) = 1.2e-3 R, below the required 1e-3 of the range (f - n)
  EXPECT_LT(maxerr, 1e-3 * (f - n)) << "depth error " << maxerr;
}

// Orthographic camera looking down at a box rotated about z: the silhouette is the rotated
// rectangle and the depth buffer is linear in the distance, equal on the top face.
TEST_F(RenderTest, BoxSilhouetteAndDepthOrthographic) {
  const int W = 200, H = 200;
  Make(W, H, 0);
  const float n = 1, f = 11, top = 2;  // view of 4 x 4 units
  float pos[3] = {0, 0, 6}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  TestScene ts(4, pos, fwd, up, n, f, top, 1);
  float size[3] = {1.2f, 0.6f, 0.5f}, at[3] = {0.3f, -0.2f, 0}, rgba[4] = {0, 1, 0, 1};
  mjvGeom* g = ts.add(mjGEOM_BOX, size, at, rgba);
  const double a = 30 * M_PI / 180, ca = std::cos(a), sa = std::sin(a);
  float mat[9] = {(float)ca, (float)-sa, 0, (float)sa, (float)ca, 0, 0, 0, 1};
  std::memcpy(g->mat, mat, sizeof(mat));
  mjrRect vp = {0, 0, W, H};
  mjr_render(vp, &ts.scn, &con_);
  Pixels px = ReadPixels(vp, &con_);
  int agree = 0, inside_n = 0;
  double maxerr = 0;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      double wx = -top + 2.0 * top * (x + 0.5) / W - at[0],
             wy = -top + 2.0 * top * (y + 0.5) / H - at[1];
      double lx = ca * wx + sa * wy, ly = -sa * wx + ca * wy;  // box frame
      bool inside = std::fabs(lx) < size[0] && std::fabs(ly) < size[1];
      bool lit = Lit(px.at(x, y));
      agree += inside == lit;
      if (inside && lit) {
        inside_n++;
        double zeye = 6 - size[2];  // top face
        double zlin = n + px.depthAt(x, y) * (f - n);
        maxerr = std::fmax(maxerr, std::fabs(zlin - zeye));
      }
    }
  }
  EXPECT_GE(agree, W * H * 99 / 100);
  EXPECT_GT(inside_n, 5000);
  EXPECT_LT(maxerr, 1e-3 * (f - n));
  // reversed depth map: 1 at near
  con_.readDepthMap = mjDEPTH_ZEROFAR;
  Pixels rev = ReadPixels(vp, &con_);
  EXPECT_NEAR(rev.depthAt(W / 2, H / 2), 1 - px.depthAt(W / 2, H / 2), 1e-6);
  EXPECT_NEAR(rev.depthAt(0, 0), 0, 1e-6);  // background at the far plane
}

// Segmentation: mjRND_IDCOLOR writes segid+1 in the 24 bits of the color, 0 is background;
// mjRND_SEGMENT alone gives each id its own color; multisampling must not blend ids.
TEST_F(RenderTest, SegmentationIds) {
  const int W = 160, H = 120;
  Make(W, H, 4);
  float pos[3] = {0, 0, 5}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  TestScene ts(4, pos, fwd, up, 1, 10, 0.4f, 0);
  float s[3] = {0.5f, 0.5f, 0.5f}, p0[3] = {-1, 0, 0}, p1[3] = {1, 0, 0}, rgba[4] = {1, 1, 1, 1};
  ts.add(mjGEOM_SPHERE, s, p0, rgba)->segid = 3;
  ts.add(mjGEOM_BOX, s, p1, rgba)->segid = 700;
  ts.scn.flags[mjRND_SEGMENT] = 1;
  ts.scn.flags[mjRND_IDCOLOR] = 1;
  mjrRect vp = {0, 0, W, H};
  mjr_render(vp, &ts.scn, &con_);
  Pixels px = ReadPixels(vp, &con_);
  int counts[3] = {0, 0, 0}, other = 0;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      const unsigned char* c = px.at(x, y);
      int id = c[0] + 256 * c[1] + 65536 * c[2];
      if (id == 0) {
        counts[0]++;
      } else if (id == 4) {
        counts[1]++;
        EXPECT_LT(x, W / 2);
      } else if (id == 701) {
        counts[2]++;
        EXPECT_GT(x, W / 2);
      } else {
        other++;
      }
    }
  }
  EXPECT_EQ(other, 0);
  EXPECT_GT(counts[1], 300);
  EXPECT_GT(counts[2], counts[1]);  // the box covers more than the sphere
  EXPECT_GT(counts[0], W * H / 2);

  ts.scn.flags[mjRND_IDCOLOR] = 0;
  mjr_render(vp, &ts.scn, &con_);
  Pixels rnd = ReadPixels(vp, &con_);
  const unsigned char* a = rnd.at(W / 2 - 32, H / 2);  // sphere center
  const unsigned char* b = rnd.at(W / 2 + 32, H / 2);  // box center
  EXPECT_TRUE(Lit(a));
  EXPECT_TRUE(Lit(b));
  EXPECT_NE(std::memcmp(a, b, 3), 0);
  EXPECT_FALSE(Lit(rnd.at(2, 2)));
}

// Rows come bottom first; a sub-viewport reads only its pixels; drawPixels writes what
// readPixels reads back.
TEST_F(RenderTest, ReadDrawPixelsSizesAndFlips) {
  const int W = 64, H = 48;
  Make(W, H, 0);
  mjrRect full = {0, 0, W, H};
  mjr_rectangle(full, 0, 0, 0, 1);
  mjrRect corner = {0, 0, 10, 5};  // lower-left corner
  mjr_rectangle(corner, 1, 0, 0, 1);
  Pixels px = ReadPixels(full, &con_);
  EXPECT_EQ(px.at(0, 0)[0], 255);  // first row read is the bottom one
  EXPECT_EQ(px.at(9, 4)[0], 255);
  EXPECT_EQ(px.at(10, 4)[0], 0);
  EXPECT_EQ(px.at(0, 5)[0], 0);
  EXPECT_EQ(px.at(0, H - 1)[0], 0);

  mjrRect sub = {5, 2, 8, 6};
  Pixels s = ReadPixels(sub, &con_);
  ASSERT_EQ(s.rgb.size(), 3u * 8 * 6);
  EXPECT_EQ(s.at(4, 2)[0], 255);  // (9, 4) of the buffer
  EXPECT_EQ(s.at(5, 2)[0], 0);    // (10, 4)

  // draw a gradient and read it back exactly
  std::vector<unsigned char> img(3 * W * H);
  std::vector<float> depth(W * H);
  for (int i = 0; i < W * H; i++) {
    img[3 * i] = (unsigned char)(i % W * 4);
    img[3 * i + 1] = (unsigned char)(i / W * 5);
    img[3 * i + 2] = 7;
    depth[i] = (float)(i % W) / W;
  }
  mjr_drawPixels(img.data(), depth.data(), full, &con_);
  Pixels back = ReadPixels(full, &con_);
  EXPECT_EQ(back.rgb, img);
  double maxd = 0;
  for (int i = 0; i < W * H; i++) {
    maxd = std::fmax(maxd, std::fabs(back.depth[i] - depth[i]));
  }
  EXPECT_LT(maxd, 1e-6);  // 24-bit depth
}

// Text drawn by mjr_label lies inside its rectangle; mjr_text starts where it is asked to;
// overlays sit in their corner.
TEST_F(RenderTest, TextLandsInItsRectangle) {
  const int W = 320, H = 200;
  Make(W, H, 0);
  mjrRect full = {0, 0, W, H};
  mjr_rectangle(full, 0, 0, 0, 1);
  mjrRect box = {60, 80, 200, 40};
  mjr_label(box, mjFONT_NORMAL, "Motus renders", 0, 0, 1, 1, 1, 1, 1, &con_);
  Pixels px = ReadPixels(full, &con_);
  int text = 0, outside = 0, xmin = W, xmax = 0;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      const unsigned char* c = px.at(x, y);
      bool in = x >= box.left && x < box.left + box.width && y >= box.bottom &&
                y < box.bottom + box.height;
      if (!in && Lit(c)) {
        outside++;
      }
      if (in && c[0] > 128) {  // white text over the blue label
        text++;
        xmin = std::min(xmin, x);
        xmax = std::max(xmax, x);
      }
    }
  }
  EXPECT_EQ(outside, 0);
  EXPECT_GT(text, 100);
  // centered: equal margins within a few pixels
  int left = xmin - box.left, right = box.left + box.width - 1 - xmax;
  EXPECT_NEAR(left, right, 4);

  // overlay in each corner stays in that quadrant
  int pos[4] = {mjGRID_TOPLEFT, mjGRID_TOPRIGHT, mjGRID_BOTTOMLEFT, mjGRID_BOTTOMRIGHT};
  for (int k = 0; k < 4; k++) {
    mjr_rectangle(full, 0, 0, 0, 1);
    mjr_overlay(mjFONT_BIG, pos[k], full, "Ay", "42", &con_);
    Pixels o = ReadPixels(full, &con_);
    bool right_side = k == 1 || k == 3, top_side = k < 2;
    int lit = 0;
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        if (o.at(x, y)[0] > 128) {
          lit++;
          EXPECT_EQ(x >= W / 2, right_side) << "gridpos " << pos[k];
          EXPECT_EQ(y >= H / 2, top_side) << "gridpos " << pos[k];
        }
      }
    }
    EXPECT_GT(lit, 50);
  }

  // mjr_text at relative (0.5, 0.5) of the viewport that mjr_render left set: the ink starts
  // at the middle column and rises from about the middle row
  float pos0[3] = {0, 0, 5}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  TestScene empty(1, pos0, fwd, up, 1, 10, 0.4f, 0);
  mjr_render(full, &empty.scn, &con_);
  mjr_text(mjFONT_NORMAL, "Hello", &con_, 0.5f, 0.5f, 1, 1, 1);
  Pixels t = ReadPixels(full, &con_);
  int tx0 = W, tx1 = -1, ty0 = H, ty1 = -1;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      if (t.at(x, y)[0] > 128) {
        tx0 = std::min(tx0, x), tx1 = std::max(tx1, x);
        ty0 = std::min(ty0, y), ty1 = std::max(ty1, y);
      }
    }
  }
  EXPECT_GE(tx0, W / 2);
  EXPECT_LE(tx0, W / 2 + 3);
  EXPECT_GE(ty0, H / 2);
  EXPECT_LE(ty1, H / 2 + con_.charHeight);
  EXPECT_NEAR(tx1 - tx0 + 1,
              mjMIN(W, con_.charWidth['H'] + con_.charWidth['e'] + 2 * con_.charWidth['l'] +
                           con_.charWidth['o']),
              4);
}

// Every geom type draws something at its place (and nothing crashes on data ids out of range).
TEST_F(RenderTest, EveryGeomType) {
  const int W = 120, H = 90;
  Make(W, H, 0);
  float pos[3] = {0, 0, 6}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  const int types[] = {mjGEOM_PLANE,     mjGEOM_HFIELD,   mjGEOM_SPHERE, mjGEOM_CAPSULE,
                       mjGEOM_ELLIPSOID, mjGEOM_CYLINDER, mjGEOM_BOX,    mjGEOM_MESH,
                       mjGEOM_ARROW,     mjGEOM_ARROW1,   mjGEOM_ARROW2, mjGEOM_LINE,
                       mjGEOM_LINEBOX,   mjGEOM_TRIANGLE};
  mjrRect vp = {0, 0, W, H};
  for (int type : types) {
    TestScene ts(2, pos, fwd, up, 1, 20, 0.5f, 0);
    float size[3] = {0.8f, 0.6f, 0.7f}, at[3] = {0, 0, 0}, rgba[4] = {1, 1, 1, 1};
    if (type == mjGEOM_LINE) {
      size[0] = 5;  // line width in pixels
    }
    mjvGeom* g = ts.add(type, size, at, rgba);
    g->dataid = 0;
    if (type == mjGEOM_ARROW || type == mjGEOM_ARROW1 || type == mjGEOM_ARROW2 ||
        type == mjGEOM_LINE) {
      // along x, seen from above
      float mat[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};
      std::memcpy(g->mat, mat, sizeof(mat));
      g->pos[0] = -0.7f;
      g->size[2] = 1.4f;
    }
    if (type == mjGEOM_MESH || type == mjGEOM_TRIANGLE) {
      g->pos[0] = -0.1f;
      g->pos[1] = -0.1f;
    }
    mjr_render(vp, &ts.scn, &con_);
    Pixels px = ReadPixels(vp, &con_);
    int lit = 0;
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        lit += Lit(px.at(x, y));
      }
    }
    EXPECT_GT(lit, 20) << "geom type " << type;
    if (type != mjGEOM_LINEBOX) {
      EXPECT_TRUE(Lit(px.at(W / 2, H / 2))) << "geom type " << type;
    }
    g->dataid = 12345;  // no such mesh or height field: nothing drawn, no error
    mjr_render(vp, &ts.scn, &con_);
  }
  EXPECT_EQ(mjr_getError(), 0);
}

// Effects run without OpenGL errors: skybox, fog, shadows, reflection, transparency, wireframe,
// textures; transparency blends; side-by-side stereo renders one eye per half.
TEST_F(RenderTest, EffectsAndStereo) {
  const int W = 160, H = 120;
  Make(W, H, 4);
  // camera above the origin looking down; directional light from -x, so that the box's shadow
  // falls on the floor at +x
  float pos[3] = {0, 0, 8}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  TestScene ts(4, pos, fwd, up, 1, 30, 0.3f, 0);
  float fs[3] = {0, 0, 1}, fp[3] = {0, 0, 0}, gray[4] = {0.7f, 0.7f, 0.7f, 1};
  mjvGeom* floor = ts.add(mjGEOM_PLANE, fs, fp, gray);
  floor->reflectance = 0.3f;
  float bs[3] = {0.5f, 0.5f, 0.5f}, bp[3] = {0, 0, 0.5f}, red[4] = {1, 0, 0, 1};
  ts.add(mjGEOM_BOX, bs, bp, red);
  mjvLight& l = ts.scn.lights[0];
  l.castshadow = 1;
  l.pos[0] = -4, l.pos[1] = 0, l.pos[2] = 4;
  l.dir[0] = 0.7071f, l.dir[1] = 0, l.dir[2] = -0.7071f;
  mjrRect vp = {0, 0, W, H};
  for (int flag : {mjRND_SKYBOX, mjRND_FOG, mjRND_SHADOW, mjRND_REFLECTION, mjRND_WIREFRAME,
                   mjRND_CULL_FACE, mjRND_ADDITIVE, mjRND_HAZE}) {
    ts.scn.flags[flag] = 1;
    mjr_render(vp, &ts.scn, &con_);
    EXPECT_EQ(mjr_getError(), 0) << "flag " << flag;
    ts.scn.flags[flag] = 0;
  }
  floor->matid = 0;  // the checker material: textured plane
  mjr_render(vp, &ts.scn, &con_);
  EXPECT_EQ(mjr_getError(), 0);
  floor->matid = -1;

  // shadow: the floor at x = 1.2 (in the shadow) is darker with shadows, the floor at x = -1.2
  // (lit) is not
  ts.scn.flags[mjRND_SHADOW] = 1;
  mjr_render(vp, &ts.scn, &con_);
  Pixels with = ReadPixels(vp, &con_);
  ts.scn.flags[mjRND_SHADOW] = 0;
  mjr_render(vp, &ts.scn, &con_);
  Pixels without = ReadPixels(vp, &con_);
  if (getenv("MOTUS_RENDER_PNG")) {
    WritePng("/tmp/shadow_with.png", with);
    WritePng("/tmp/shadow_without.png", without);
  }
  // world x -> pixel column: the view is 2 * 0.3 * 8 = 4.8 units tall at the floor
  float unit = H / (2 * 0.3f * 8);
  int xs = (int)(W / 2 + 1.2f * unit), xl = (int)(W / 2 - 1.2f * unit);
  EXPECT_LT(with.at(xs, H / 2)[0] + 20, without.at(xs, H / 2)[0]);
  EXPECT_NEAR(with.at(xl, H / 2)[0], without.at(xl, H / 2)[0], 3);

  // a half transparent blue box above the red one mixes the colors
  float tp[3] = {0, 0, 1.5f}, blue[4] = {0, 0, 1, 0.5f};
  ts.add(mjGEOM_BOX, bs, tp, blue)->camdist = 6.5f;
  mjr_render(vp, &ts.scn, &con_);
  Pixels mix = ReadPixels(vp, &con_);
  if (getenv("MOTUS_RENDER_PNG")) {
    WritePng("/tmp/transparent.png", mix);
  }
  const unsigned char* c = mix.at(W / 2, H / 2);
  EXPECT_GT(c[2], 60);
  EXPECT_GT(c[0], 60);

  // side by side: each half shows the scene once (the boxes in the middle of each half, gray
  // floor between them)
  ts.scn.stereo = mjSTEREO_SIDEBYSIDE;
  mjr_render(vp, &ts.scn, &con_);
  Pixels st = ReadPixels(vp, &con_);
  for (int x : {W / 4, 3 * W / 4}) {
    EXPECT_GT(st.at(x, H / 2)[0], 60);
    EXPECT_GT(st.at(x, H / 2)[2], 60);
    EXPECT_LT(st.at(x, H / 2)[1], 40);
  }
  const unsigned char* between = st.at(W / 2, H / 2);
  EXPECT_GT(between[1], 60);
  EXPECT_NEAR(between[0], between[1], 20);
  ts.scn.stereo = mjSTEREO_QUADBUFFERED;  // no such hardware offscreen: side by side
  mjr_render(vp, &ts.scn, &con_);
  Pixels qb = ReadPixels(vp, &con_);
  EXPECT_EQ(qb.rgb, st.rgb);
}

// mjRND_DEPTH draws gray levels linear in the distance (white at near, black at far); lines are
// unlit; a plane seen from behind is translucent in color but present in segmentation.
TEST_F(RenderTest, DepthImageLinesAndPlaneSides) {
  const int W = 120, H = 90;
  Make(W, H, 0);
  float pos[3] = {0, 0, 5}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  const float n = 1, f = 9;
  TestScene ts(4, pos, fwd, up, n, f, 0.4f, 0);
  float bs[3] = {0.5f, 0.5f, 0.5f}, near[3] = {-0.8f, 0, 1.5f}, far[3] = {0.8f, 0, -1.5f};
  float gray[4] = {0.5f, 0.5f, 0.5f, 1};
  ts.add(mjGEOM_BOX, bs, near, gray);
  ts.add(mjGEOM_BOX, bs, far, gray);
  mjrRect vp = {0, 0, W, H};
  mjr_render(vp, &ts.scn, &con_);
  Pixels plain = ReadPixels(vp, &con_);
  // mjRND_DEPTH: the same depth buffer, a black color image (as MuJoCo 3.8.0 draws it)
  ts.scn.flags[mjRND_DEPTH] = 1;
  mjr_render(vp, &ts.scn, &con_);
  Pixels px = ReadPixels(vp, &con_);
  int lit = 0, colored = 0, same = 0;
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      const unsigned char* p = px.at(x, y);
      lit += Lit(plain.at(x, y));
      colored += p[0] + p[1] + p[2] > 0;
      same += px.depthAt(x, y) == plain.depthAt(x, y);
    }
  }
  EXPECT_GT(lit, W * H / 20);  // the boxes were drawn in color without the flag
  EXPECT_EQ(colored, 0);
  EXPECT_EQ(same, W * H);
  // the top faces at distances 5 - 2 = 3 and 5 - (-1) = 6: window depth of a perspective
  // projection, (1/n - 1/z) / (1/n - 1/f)
  int xa = W / 2 - (int)(0.8f * H / (2 * 0.4f * 3)), xb = W / 2 + (int)(0.8f * H / (2 * 0.4f * 6));
  auto window = [&](double z) { return (1 / n - 1 / z) / (1 / n - 1 / f); };
  EXPECT_NEAR(px.depthAt(xa, H / 2), window(3), 1e-4);
  EXPECT_NEAR(px.depthAt(xb, H / 2), window(6), 1e-4);
  EXPECT_EQ(px.depthAt(2, 2), 1);
  ts.scn.flags[mjRND_DEPTH] = 0;

  // a yellow line keeps its color in the dark: unlit
  ts.scn.ngeom = 0;
  ts.scn.nlight = 0;
  float lsize[3] = {4, 0, 1}, lpos[3] = {-0.5f, 0, 0}, yellow[4] = {1, 1, 0, 1};
  mjvGeom* line = ts.add(mjGEOM_LINE, lsize, lpos, yellow);
  float mat[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};  // z axis along x
  std::memcpy(line->mat, mat, sizeof(mat));
  mjr_render(vp, &ts.scn, &con_);
  Pixels lp = ReadPixels(vp, &con_);
  EXPECT_GT(lp.at(W / 2, H / 2)[0], 240);
  EXPECT_GT(lp.at(W / 2, H / 2)[1], 240);

  // a plane facing away from the camera (normal -z, camera above): half transparent over the
  // black background; its segmentation id is there
  ts.scn.ngeom = 0;
  ts.scn.nlight = 1;
  float ps[3] = {2, 2, 1}, pp[3] = {0, 0, 0}, white[4] = {1, 1, 1, 1};
  mjvGeom* plane = ts.add(mjGEOM_PLANE, ps, pp, white);
  plane->emission = 1;
  float flip[9] = {1, 0, 0, 0, -1, 0, 0, 0, -1};
  std::memcpy(plane->mat, flip, sizeof(flip));
  mjr_render(vp, &ts.scn, &con_);
  Pixels back = ReadPixels(vp, &con_);
  float front[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  std::memcpy(plane->mat, front, sizeof(front));
  mjr_render(vp, &ts.scn, &con_);
  Pixels frontpx = ReadPixels(vp, &con_);
  int b = back.at(W / 2, H / 2)[0], fr = frontpx.at(W / 2, H / 2)[0];
  EXPECT_GT(fr, 200);
  EXPECT_NEAR(b, fr / 2, 10);
  std::memcpy(plane->mat, flip, sizeof(flip));
  ts.scn.flags[mjRND_SEGMENT] = ts.scn.flags[mjRND_IDCOLOR] = 1;
  mjr_render(vp, &ts.scn, &con_);
  Pixels seg = ReadPixels(vp, &con_);
  EXPECT_EQ(seg.at(W / 2, H / 2)[0], 1);  // segid 0 + 1
}

// An infinite plane under a skybox, seen from 1 above it along the horizon: the skybox (radius
// 0.7 zfar*extent around the eye, 21 here) hides what lies beyond it, and the haze hides the
// plane's far edge, opaque where the plane meets the sky (MuJoCo's images show both).
TEST_F(RenderTest, SkyboxHidesTheFarPlaneAndHazeFadesIt) {
  const int W = 160, H = 120;
  const char* xml = R"(
<mujoco>
  <statistic extent="1" center="0 0 0"/>
  <visual>
    <global offwidth="160" offheight="120"/>
    <quality offsamples="0"/>
    <map zfar="30" haze="0.3"/>
    <rgba haze="1 0 0 1"/>
    <headlight ambient="0 0 0" diffuse="0 0 0" specular="0 0 0"/>
  </visual>
  <asset>
    <texture type="skybox" builtin="flat" rgb1="0 0 1" rgb2="0 0 1" width="8" height="8"/>
  </asset>
  <worldbody>
    <light directional="true" dir="0 0 -1" diffuse="1 1 1" specular="0 0 0" castshadow="false"/>
    <camera name="eye" pos="0 0 1" xyaxes="1 0 0 0 0 1" fovy="60"/>
    <geom type="plane" size="0 0 1" rgba="0 1 0 1"/>
    <geom type="box" size="0.5 0.5 5" pos="-3 19 0" rgba="1 1 1 1" material="lit"/>
    <geom type="box" size="0.5 0.5 5" pos="3 23 0" rgba="1 1 1 1" material="lit"/>
  </worldbody>
  <asset>
    <material name="lit" emission="1"/>
  </asset>
</mujoco>)";
  mjvScene scn;
  mjData* d = nullptr;
  Pixels px;
  ASSERT_NO_FATAL_FAILURE(RenderFixedCamera("sky.xml", xml, W, H, &scn, &d, &px));
  // rows from the bottom; the plane at distance r is f/r rows below the horizon (f = 60 / tan 30)
  const double f = 0.5 * H / std::tan(30 * mjPI / 180);
  auto row = [&](double r) { return (int)std::lround(0.5 * H - f / r - 0.5); };
  const unsigned char* nearplane = px.at(W / 2, row(8));
  EXPECT_GT(nearplane[1], 200);
  EXPECT_LT(nearplane[0], 30);
  const unsigned char* edge = px.at(W / 2, row(21));  // the plane meets the sky: haze
  EXPECT_GT(edge[0], 200);
  EXPECT_LT(edge[1], 60);
  const unsigned char* sky = px.at(W / 2, H - 5);
  EXPECT_GT(sky[2], 200);
  EXPECT_LT(sky[0], 30);
  // the box at distance 19 is drawn, the one at 23 lies behind the sky
  const unsigned char* inside = px.at(W / 2 - (int)std::lround(f * 3 / 19), H / 2 + 10);
  const unsigned char* outside = px.at(W / 2 + (int)std::lround(f * 3 / 23), H / 2 + 10);
  EXPECT_GT(inside[0], 200);
  EXPECT_GT(inside[1], 200);
  EXPECT_LT(outside[0], 30);
  EXPECT_GT(outside[2], 200);
  // without haze, the plane's edge is plane or sky, not haze
  scn.flags[mjRND_HAZE] = 0;
  mjrRect vp = {0, 0, W, H};
  mjr_render(vp, &scn, &con_);
  Pixels nohaze = ReadPixels(vp, &con_);
  EXPECT_LT(nohaze.at(W / 2, row(21))[0], 30);
  mjv_freeScene(&scn);
  mj_deleteData(d);
}

// A reflective plane under a box, seen obliquely: the mirror image adds reflectance times the
// box's emitted (and ambient, diffuse) light to the plane's full color, but the box's specular
// highlights in full, as MuJoCo's images show.
TEST_F(RenderTest, ReflectionAddsScaledColorAndFullSpecular) {
  const int W = 120, H = 90;
  Make(W, H, 0);
  float pos[3] = {0, -3, 1}, fwd[3] = {0, 3, -1}, up[3] = {0, 0, 1};
  TestScene ts(4, pos, fwd, up, 0.5f, 20, 0.3f, 0);
  float ps[3] = {3, 3, 1}, pp[3] = {0, 0, 0}, blue[4] = {0.2f, 0.3f, 0.4f, 1};
  mjvGeom* plane = ts.add(mjGEOM_PLANE, ps, pp, blue);
  plane->emission = 1;
  plane->specular = 0;
  float bs[3] = {0.2f, 0.2f, 0.2f}, bp[3] = {0, 0, 0.4f}, gray[4] = {0.5f, 0.5f, 0.5f, 1};
  mjvGeom* box = ts.add(mjGEOM_BOX, bs, bp, gray);
  box->emission = 1;
  box->specular = 0;
  ts.scn.nlight = 0;
  ts.scn.flags[mjRND_REFLECTION] = 1;
  mjrRect vp = {0, 0, W, H};
  auto render = [&](float reflectance) {
    plane->reflectance = reflectance;
    mjr_render(vp, &ts.scn, &con_);
    return ReadPixels(vp, &con_);
  };
  Pixels p0 = render(0), p1 = render(1), half = render(0.5f), quarter = render(0.25f);
  // the mirror image: below the box in the image, where the two images differ most
  int y = 0, most = -1;
  for (int r = 0; r < H / 2; r++) {
    int diff = (int)p1.at(W / 2, r)[1] - p0.at(W / 2, r)[1];
    if (diff > most) {
      most = diff;
      y = r;
    }
  }
  const unsigned char* plain = p0.at(W / 2, y);
  EXPECT_NEAR(plain[0], 51, 2);
  for (int c = 0; c < 3; c++) {
    EXPECT_NEAR(p1.at(W / 2, y)[c], plain[c] + 128, 3) << c;
    EXPECT_NEAR(half.at(W / 2, y)[c], plain[c] + 64, 3) << c;
    EXPECT_NEAR(quarter.at(W / 2, y)[c], plain[c] + 32, 3) << c;
  }
  // away from the image the plane is unchanged (the background adds nothing)
  EXPECT_NEAR(p1.at(4, 4)[2], p0.at(4, 4)[2], 1);

  // specular light only (a light along +y toward the box's -y face): the same highlight at any
  // reflectance
  box->emission = 0;
  box->specular = 1;
  box->shininess = 0.1f;
  ts.scn.nlight = 1;
  mjvLight& l = ts.scn.lights[0];
  std::memset(&l, 0, sizeof(l));
  l.type = mjLIGHT_DIRECTIONAL;
  l.dir[1] = 1;
  l.specular[0] = l.specular[1] = l.specular[2] = 1;
  l.attenuation[0] = 1;
  l.cutoff = 180;
  Pixels s0 = render(0), s1 = render(1), shalf = render(0.5f);
  int spec = (int)s1.at(W / 2, y)[1] - s0.at(W / 2, y)[1];
  EXPECT_GT(spec, 20);
  EXPECT_NEAR((int)shalf.at(W / 2, y)[1] - s0.at(W / 2, y)[1], spec, 2);
}

// Specular highlights are modulated by a geom's texture (MuJoCo's images: a highlight on a
// textured sphere takes the texture's color) and white on an untextured one.
TEST_F(RenderTest, TextureModulatesSpecular) {
  const int W = 160, H = 80;
  const char* xml = R"(
<mujoco>
  <visual>
    <global offwidth="160" offheight="80"/>
    <quality offsamples="0"/>
    <headlight ambient="0 0 0" diffuse="0 0 0" specular="0 0 0"/>
  </visual>
  <asset>
    <texture name="t" type="2d" builtin="flat" rgb1="0.6 0.4 0.2" width="8" height="8"/>
    <material name="textured" texture="t" specular="1" shininess="0.3"/>
    <material name="plain" rgba="0.6 0.4 0.2 1" specular="1" shininess="0.3"/>
  </asset>
  <worldbody>
    <light pos="0 -2 0" dir="0 1 0" diffuse="0 0 0" specular="1 1 1" castshadow="false"/>
    <camera name="eye" pos="0 -2 0" xyaxes="1 0 0 0 0 1" fovy="30"/>
    <geom type="sphere" size="0.2" pos="-0.3 0 0" material="textured"/>
    <geom type="sphere" size="0.2" pos="0.3 0 0" material="plain"/>
  </worldbody>
</mujoco>)";
  mjvScene scn;
  mjData* d = nullptr;
  Pixels px;
  ASSERT_NO_FATAL_FAILURE(RenderFixedCamera("spec.xml", xml, W, H, &scn, &d, &px));
  // the brightest pixel of each half of the image: the highlight facing the light
  auto peak = [&](int x0, int x1) {
    const unsigned char* best = px.at(x0, 0);
    for (int y = 0; y < H; y++) {
      for (int x = x0; x < x1; x++) {
        const unsigned char* p = px.at(x, y);
        if (p[0] + p[1] + p[2] > best[0] + best[1] + best[2]) {
          best = p;
        }
      }
    }
    return best;
  };
  const unsigned char* textured = peak(0, W / 2);
  const unsigned char* plain = peak(W / 2, W);
  EXPECT_GT(plain[0], 150);
  EXPECT_NEAR(plain[1], plain[0], 2);
  EXPECT_NEAR(plain[2], plain[0], 2);
  // texture color times the same highlight
  EXPECT_NEAR(textured[0], 0.6 * plain[0], 4);
  EXPECT_NEAR(textured[1], 0.4 * plain[0], 4);
  EXPECT_NEAR(textured[2], 0.2 * plain[0], 4);
  mjv_freeScene(&scn);
  mj_deleteData(d);
}

TEST_F(RenderTest, AuxBuffersFigureFindRect) {
  const int W = 200, H = 150;
  Make(W, H, 0);
  mjr_addAux(0, 50, 40, 2, &con_);
  EXPECT_EQ(con_.auxWidth[0], 50);
  mjr_setAux(0, &con_);
  mjrRect aux = {0, 0, 50, 40};
  mjr_rectangle(aux, 0, 1, 0, 1);
  mjr_restoreBuffer(&con_);
  mjrRect full = {0, 0, W, H};
  mjr_rectangle(full, 0, 0, 0, 1);
  mjr_blitAux(0, aux, 100, 60, &con_);
  Pixels px = ReadPixels(full, &con_);
  EXPECT_EQ(px.at(120, 80)[1], 255);
  EXPECT_EQ(px.at(99, 80)[1], 0);
  EXPECT_EQ(px.at(150, 80)[1], 0);

  mjvFigure fig;
  std::memset(&fig, 0, sizeof(fig));
  fig.gridsize[0] = fig.gridsize[1] = 3;
  fig.figurergba[3] = 1;
  fig.panergba[2] = 0.3f, fig.panergba[3] = 1;
  fig.gridrgb[0] = fig.gridrgb[1] = fig.gridrgb[2] = 0.5f;
  fig.linewidth = 2;
  fig.linergb[0][0] = 1;
  fig.linepnt[0] = 2;
  fig.linedata[0][0] = 0, fig.linedata[0][1] = 0, fig.linedata[0][2] = 1, fig.linedata[0][3] = 1;
  fig.flg_ticklabel[0] = fig.flg_ticklabel[1] = 1;
  fig.textrgb[0] = fig.textrgb[1] = fig.textrgb[2] = 1;
  std::strcpy(fig.title, "title");
  mjr_figure(full, &fig, &con_);
  EXPECT_GT(fig.xaxispixel[1], fig.xaxispixel[0]);
  EXPECT_GT(fig.yaxispixel[1], fig.yaxispixel[0]);
  EXPECT_FLOAT_EQ(fig.xaxisdata[0], 0);
  EXPECT_FLOAT_EQ(fig.xaxisdata[1], 1);
  Pixels f = ReadPixels(full, &con_);
  // the diagonal line's middle is red
  int mx = (fig.xaxispixel[0] + fig.xaxispixel[1]) / 2,
      my = (fig.yaxispixel[0] + fig.yaxispixel[1]) / 2;
  bool red = false;
  for (int d = -2; d <= 2; d++) {
    red |= f.at(mx, my + d)[0] > 200 && f.at(mx, my + d)[1] < 100;
  }
  EXPECT_TRUE(red);

  mjrRect rects[2] = {{0, 0, 10, 10}, {5, 5, 10, 10}};
  EXPECT_EQ(mjr_findRect(7, 7, 2, rects), 0);
  EXPECT_EQ(mjr_findRect(12, 12, 2, rects), 1);
  EXPECT_EQ(mjr_findRect(30, 1, 2, rects), -1);
  EXPECT_EQ(mjr_getError(), 0);
}

// Bad input is a clear error, never a crash.
TEST_F(RenderTest, BadInputErrors) {
  Make(64, 48, 0);
  ScopedErrorCapture capture;
  float pos[3] = {0, 0, 5}, fwd[3] = {0, 0, -1}, up[3] = {0, 1, 0};
  TestScene ts(2, pos, fwd, up, 1, 10, 0.4f, 0);
  mjrRect vp = {0, 0, 64, 48};

  ts.scn.ngeom = 5;  // more than maxgeom
  EXPECT_THROW(mjr_render(vp, &ts.scn, &con_), MujocoError);
  ts.scn.ngeom = 0;
  ts.scn.camera[0].frustum_far = 0;  // far before near
  EXPECT_THROW(mjr_render(vp, &ts.scn, &con_), MujocoError);
  ts.scn.camera[0].frustum_far = 10;
  EXPECT_THROW(mjr_render(vp, nullptr, &con_), MujocoError);

  std::vector<unsigned char> rgb(3 * 100 * 100);
  mjrRect big = {0, 0, 100, 100};  // larger than the 64x48 buffer
  EXPECT_THROW(mjr_readPixels(rgb.data(), nullptr, big, &con_), MujocoError);
  ASSERT_FALSE(capture.errors().empty());
  EXPECT_NE(capture.errors().back().find("exceeds the 64x48 offscreen buffer"), std::string::npos);

  EXPECT_THROW(mjr_setBuffer(7, &con_), MujocoError);
  EXPECT_THROW(mjr_setAux(3, &con_), MujocoError);
  EXPECT_THROW(mjr_text(9, "x", &con_, 0, 0, 1, 1, 1), MujocoError);
  EXPECT_THROW(mjr_uploadTexture(m_, &con_, 99), MujocoError);
  EXPECT_THROW(mjr_uploadMesh(m_, &con_, -1), MujocoError);
  EXPECT_THROW(mjr_resizeOffscreen(0, 10, &con_), MujocoError);
  EXPECT_THROW(mjr_resizeOffscreen(1 << 20, 10, &con_), MujocoError);

  // a context that was never made
  mjrContext fresh;
  mjr_defaultContext(&fresh);
  EXPECT_THROW(mjr_render(vp, &ts.scn, &fresh), MujocoError);
  EXPECT_THROW(mjr_readPixels(rgb.data(), nullptr, vp, &fresh), MujocoError);

  // no OpenGL context current: mjr_makeContext says so
  gl_.release();
  mjrContext none;
  mjr_defaultContext(&none);
  EXPECT_THROW(mjr_makeContext(m_, &none, mjFONTSCALE_100), MujocoError);
  EXPECT_NE(capture.errors().back().find("no OpenGL context is current"), std::string::npos);
  gl_.makeCurrent();

  // and the context still renders afterwards
  mjr_render(vp, &ts.scn, &con_);
  EXPECT_EQ(mjr_getError(), 0);
}
}  // namespace
}  // namespace motus_test
