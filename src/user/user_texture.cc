// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Texture assets (XMLreference.rst, <texture>); see user_texture.h for the layout.
//
// Builtin textures are generated as RGB bytes, byte = 255 * color truncated. With
// nchannel != 3 the RGB stream is copied as-is into the zero-initialized nchannel-sized buffer,
// which is what MuJoCo stores (builtins are always 3-channel images).
//   gradient, 2d:   color = f(r) rgb1 + (1 - f(r)) rgb2, with r the distance of the pixel from
//                   the image center in coordinates that run from -1 to 1 across the image;
//   gradient, cube: the same profile of theta/pi, theta = angle between the pixel's direction
//                   from the cube center and +Y (so +Y is rgb1 and -Y is rgb2);
//   checker:        2x2 blocks, rgb1 in the top-left and bottom-right quarters (each cube face
//                   separately; the front and back faces start with rgb2);
//   flat:           rgb1 (cube: the down face, -Y, is rgb2);
//   marks:          edge = the border pixels of each image/face, cross = its middle row and
//                   column, random = each pixel with probability `random` (fixed seed).
// The profile f is the algebraic sigmoid x / sqrt(1 + x^2) rescaled to pass through (0, 1),
// (1/2, 1/2) and (1, 0): f(r) = (1 - sqrt(2) x / sqrt(1 + x^2)) / 2 with x = 2r - 1, clamped.

#include "user/user_texture.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <lodepng.h>
#include <mujoco/mujoco.h>

#include "user/user_cache.h"
#include "user/user_vfs.h"

namespace motus {
namespace {

// cube faces in storage order and the letters of <texture gridlayout>
constexpr char kFaceLetters[6] = {'R', 'L', 'U', 'D', 'F', 'B'};

// byte of a color component as MuJoCo 3.8.0 stores it: the low byte of 255*c truncated to a
// 32-bit integer, so values outside [0, 256) wrap around (-0.5 gives 129); NaN and values
// beyond the 32-bit range give 0 (measured with the kit: 1e7, -1e7, 8421505 and -8421505 all
// give 0, 1.5 gives 126)
uint8_t ToByte(double c) {
  double v = 255 * c;
  if (!(v > -2147483649.0 && v < 2147483648.0)) {
    return 0;
  }
  return static_cast<uint8_t>(static_cast<uint32_t>(static_cast<int32_t>(v)) & 0xFF);
}

void SetPixel(std::vector<uint8_t>* rgb, size_t index, const double color[3]) {
  for (int k = 0; k < 3; k++) {
    (*rgb)[3 * index + k] = ToByte(color[k]);
  }
}

void Mix(double out[3], double f, const double a[3], const double b[3]) {
  for (int k = 0; k < 3; k++) {
    out[k] = f * a[k] + (1 - f) * b[k];
  }
}

// marks of one w x h image starting at pixel offset `first`
void AddMarks(const mjsTexture* spec, int w, int h, int first, std::vector<uint8_t>* rgb,
              uint64_t* rng) {
  if (spec->mark == mjMARK_EDGE) {
    for (int r = 0; r < h; r++) {
      for (int c = 0; c < w; c++) {
        if (r == 0 || r == h - 1 || c == 0 || c == w - 1) {
          SetPixel(rgb, first + r * w + c, spec->markrgb);
        }
      }
    }
  } else if (spec->mark == mjMARK_CROSS) {
    for (int r = 0; r < h; r++) {
      for (int c = 0; c < w; c++) {
        if (r == h / 2 || c == w / 2) {
          SetPixel(rgb, first + r * w + c, spec->markrgb);
        }
      }
    }
  } else if (spec->mark == mjMARK_RANDOM && spec->random > 0) {
    // 64-bit LCG (Knuth MMIX constants), top 53 bits as a uniform number in [0, 1)
    for (int i = 0; i < w * h; i++) {
      *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
      double u = static_cast<double>(*rng >> 11) * (1.0 / 9007199254740992.0);
      if (u < spec->random) {
        SetPixel(rgb, first + i, spec->markrgb);
      }
    }
  }
}

// the bytes of one color
struct Bytes3 {
  uint8_t v[3];
};

Bytes3 ToBytes(const double color[3]) {
  return {{ToByte(color[0]), ToByte(color[1]), ToByte(color[2])}};
}

// n copies of a pixel of `size` bytes at p: the first is written, then the filled part is copied
// after itself (doubling), so that a large area takes few memcpy calls
void FillPattern(uint8_t* p, size_t n, const uint8_t* pixel, size_t size) {
  if (!n) {
    return;
  }
  std::memcpy(p, pixel, size);
  size_t filled = size, total = n * size;
  while (filled < total) {
    size_t copy = std::min(filled, total - filled);
    std::memcpy(p + filled, p, copy);
    filled += copy;
  }
}

// pixels [first, first + n) of a 3-channel image set to one color
void FillPixels(std::vector<uint8_t>* rgb, size_t first, size_t n, Bytes3 color) {
  FillPattern(rgb->data() + 3 * first, n, color.v, 3);
}

// one row of a checker image: the left half in color a, the right half in b
void CheckerRow(std::vector<uint8_t>* rgb, size_t first, int w, Bytes3 a, Bytes3 b) {
  FillPixels(rgb, first, w / 2, a);
  FillPixels(rgb, first + w / 2, w - w / 2, b);
}

void Builtin2D(const mjsTexture* spec, int w, int h, std::vector<uint8_t>* rgb) {
  // flat and checker images have two colors: their bytes are computed once
  Bytes3 c1 = ToBytes(spec->rgb1), c2 = ToBytes(spec->rgb2);
  for (int r = 0; r < h; r++) {
    size_t row = static_cast<size_t>(r) * w;
    if (spec->builtin == mjBUILTIN_CHECKER) {
      bool top = r < h / 2;
      CheckerRow(rgb, row, w, top ? c1 : c2, top ? c2 : c1);
      continue;
    }
    if (spec->builtin != mjBUILTIN_GRADIENT) {
      FillPixels(rgb, row, w, c1);
      continue;
    }
    for (int c = 0; c < w; c++) {
      // a one-pixel dimension gives 0/0 in MuJoCo: NaN, stored as 0
      double x = w > 1 ? 2.0 * c / (w - 1) - 1 : NAN;
      double y = h > 1 ? 1 - 2.0 * r / (h - 1) : NAN;
      double color[3];
      Mix(color, GradientProfile(std::sqrt(x * x + y * y)), spec->rgb1, spec->rgb2);
      SetPixel(rgb, r * w + c, color);
    }
  }
}

// direction from the cube center of pixel (r, c) on face f; u, v run over [-1, 1]
void CubeDirection(int f, int r, int c, int w, double d[3]) {
  double u = w > 1 ? 2.0 * c / (w - 1) - 1 : NAN;  // left to right (NaN as 0/0 for w = 1)
  double v = w > 1 ? 1 - 2.0 * r / (w - 1) : NAN;  // top to bottom
  switch (f) {
    case 0:
      d[0] = 1;
      d[1] = v;
      d[2] = -u;
      break;  // right (+X)
    case 1:
      d[0] = -1;
      d[1] = v;
      d[2] = u;
      break;  // left (-X)
    case 2:
      d[0] = u;
      d[1] = 1;
      d[2] = -v;
      break;  // up (+Y)
    case 3:
      d[0] = u;
      d[1] = -1;
      d[2] = v;
      break;  // down (-Y)
    case 4:
      d[0] = u;
      d[1] = v;
      d[2] = 1;
      break;  // front (+Z)
    default:
      d[0] = -u;
      d[1] = v;
      d[2] = -1;
      break;  // back (-Z)
  }
}

// the bytes of the gradient at direction d (angle to +Y, see the top of the file)
void GradientPixel(const mjsTexture* spec, const double d[3], uint8_t* out) {
  double color[3];
  double theta = std::acos(d[1] / mju_norm3(d));
  Mix(color, GradientProfile(theta / mjPI), spec->rgb1, spec->rgb2);
  for (int k = 0; k < 3; k++) {
    out[k] = ToByte(color[k]);
  }
}

// Face f of a gradient cube texture. The acos per pixel dominates, so pixels whose result is
// known to the last bit are copied instead of computed:
// - u enters the direction of every face only through u*u (the norm), and v does so on the up
//   and down faces, so a column (row) whose coordinate is the exact negative of an earlier
//   one's has the same bytes: (-u)*(-u) == u*u in IEEE arithmetic;
// - the front face (+Z) has d = (u, v, 1) where the right face (+X) has (1, v, -u): the same
//   d[1], and the same norm unless the two summation orders round differently, which is
//   checked per pixel (the right face is made first).
void GradientCubeFace(const mjsTexture* spec, int w, int f, std::vector<uint8_t>* rgb) {
  // mirror[i]: the earlier column (row) whose coordinate is exactly -(coordinate of i), or -1;
  // the coordinates are those of CubeDirection, the same for columns (u) and rows (-v)
  std::vector<int> mirror(w, -1);
  for (int i = 0; i < w; i++) {
    int j = w - 1 - i;
    double di[3], dj[3];
    CubeDirection(4, 0, i, w, di);  // d[0] = u of column i
    CubeDirection(4, 0, j, w, dj);
    if (j < i && di[0] == -dj[0]) {
      mirror[i] = j;
    }
  }
  size_t face = static_cast<size_t>(f) * w * w;
  for (int r = 0; r < w; r++) {
    uint8_t* row = rgb->data() + 3 * (face + static_cast<size_t>(r) * w);
    double dr[3], dm[3];
    CubeDirection(4, r, 0, w, dr);  // d[1] = v of row r
    if ((f == 2 || f == 3) && 2 * r >= w && r != w - 1 - r) {
      CubeDirection(4, w - 1 - r, 0, w, dm);
      if (dr[1] == -dm[1]) {
        // mirrored row of the up or down face
        std::memcpy(row, rgb->data() + 3 * (face + static_cast<size_t>(w - 1 - r) * w), 3 * w);
        continue;
      }
    }
    const uint8_t* right = rgb->data() + 3 * static_cast<size_t>(r) * w;  // face 0, row r
    for (int c = 0; c < w; c++) {
      if (mirror[c] >= 0) {
        std::memcpy(row + 3 * c, row + 3 * mirror[c], 3);
        continue;
      }
      double d[3];
      CubeDirection(f, r, c, w, d);
      if (f == 4) {
        double d0[3];
        CubeDirection(0, r, c, w, d0);
        if (mju_norm3(d) == mju_norm3(d0)) {
          std::memcpy(row + 3 * c, right + 3 * c, 3);
          continue;
        }
      }
      GradientPixel(spec, d, row + 3 * c);
    }
  }
}

// face f of a cube texture (gradient, checker or flat)
void BuiltinCubeFace(const mjsTexture* spec, int w, int f, std::vector<uint8_t>* rgb) {
  Bytes3 c1 = ToBytes(spec->rgb1), c2 = ToBytes(spec->rgb2);
  size_t face = static_cast<size_t>(f) * w * w;
  if (spec->builtin != mjBUILTIN_GRADIENT && spec->builtin != mjBUILTIN_CHECKER) {
    FillPixels(rgb, face, static_cast<size_t>(w) * w, f == 3 ? c2 : c1);
    return;
  }
  if (spec->builtin == mjBUILTIN_GRADIENT) {
    GradientCubeFace(spec, w, f, rgb);
    return;
  }
  for (int r = 0; r < w; r++) {
    // rgb1 in the top-left and bottom-right quarters; the front and back faces start with rgb2
    bool first = (r < w / 2) != (f >= 4);
    CheckerRow(rgb, face + static_cast<size_t>(r) * w, w, first ? c1 : c2, first ? c2 : c1);
  }
}

void BuiltinCube(const mjsTexture* spec, int w, std::vector<uint8_t>* rgb) {
  for (int f = 0; f < 6; f++) {
    if (spec->builtin == mjBUILTIN_GRADIENT && (f == 1 || f == 5)) {
      // the left (back) face's directions are those of the right (front) face with the signs of
      // the x and z components flipped: the same y and the same squared norm, so the same
      // angle to +Y to the last bit; copy the face instead of recomputing its pixels
      size_t face = static_cast<size_t>(3) * w * w;
      std::memcpy(rgb->data() + f * face, rgb->data() + (f - 1) * face, face);
      continue;
    }
    BuiltinCubeFace(spec, w, f, rgb);
  }
}

// ---- files --------------------------------------------------------------------------------------

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> data;  // nchannel per pixel
  bool srgb = false;
};

bool DecodeCustom(const std::vector<uint8_t>& bytes, int nchannel, Image* img, std::string* error) {
  if (bytes.size() < 8) {
    *error = "custom texture file is too small";
    return false;
  }
  int32_t w, h;
  std::memcpy(&w, bytes.data(), 4);
  std::memcpy(&h, bytes.data() + 4, 4);
  if (w < 1 || h < 1 || static_cast<uint64_t>(w) * h * 3 + 8 != bytes.size()) {
    *error = "custom texture file: size " + std::to_string(bytes.size()) +
             " does not match width " + std::to_string(w) + " and height " + std::to_string(h);
    return false;
  }
  img->width = w;
  img->height = h;
  size_t npix = static_cast<size_t>(w) * h;
  // the RGB stream is copied as-is into the nchannel buffer (as MuJoCo does)
  img->data.assign(npix * nchannel, 0);
  std::memcpy(img->data.data(), bytes.data() + 8, std::min(3 * npix, img->data.size()));
  return true;
}

// an image file decoded to nchannel bytes per pixel, then flipped per hflip/vflip
bool DecodeImage(const mjsTexture* spec, const mjVFS* vfs, const std::string& path, Image* img,
                 std::string* error) {
  std::vector<uint8_t> bytes;
  if (!ReadResource(vfs, path, &bytes, error)) {
    return false;
  }
  std::string type = spec->content_type ? *spec->content_type : std::string();
  if (type.empty()) {
    std::string ext = FileExtension(path);
    type = ext == ".png" ? "image/png" : ext == ".ktx" ? "image/ktx" : "image/vnd.mujoco.texture";
  }
  bool ok;
  if (type == "image/png") {
    ok = DecodePNG(bytes, spec->nchannel, &img->width, &img->height, &img->data, &img->srgb, error);
  } else if (type == "image/vnd.mujoco.texture") {
    ok = DecodeCustom(bytes, spec->nchannel, img, error);
  } else if (type == "image/ktx") {
    *error = "KTX textures are not supported";
    ok = false;
  } else {
    *error = "unsupported texture content type '" + type + "'";
    ok = false;
  }
  if (!ok) {
    *error += " (file '" + path + "')";
    return false;
  }

  // optional flips of the loaded image
  int n = spec->nchannel;
  if (spec->hflip) {
    for (int r = 0; r < img->height; r++) {
      for (int c = 0; c < img->width / 2; c++) {
        for (int k = 0; k < n; k++) {
          std::swap(img->data[(r * img->width + c) * n + k],
                    img->data[(r * img->width + img->width - 1 - c) * n + k]);
        }
      }
    }
  }
  if (spec->vflip) {
    size_t row = static_cast<size_t>(img->width) * n;
    for (int r = 0; r < img->height / 2; r++) {
      std::swap_ranges(img->data.begin() + r * row, img->data.begin() + (r + 1) * row,
                       img->data.begin() + (img->height - 1 - r) * row);
    }
  }
  return true;
}

// The image of a texture file. An image read from disk is kept by the asset cache (mj_getCache)
// under the file and every attribute the decoding reads (content type, nchannel, flips).
bool LoadImage(const mjsTexture* spec, const mjVFS* vfs, const AssetContext& ctx,
               const std::string& file, std::shared_ptr<const Image>* img, std::string* error) {
  std::string path = ctx.Resolve(file);
  FileStamp stamp;
  bool cached = DiskResourceStamp(vfs, path, &stamp);
  std::string key;
  if (cached) {
    key = "texture";
    AppendKey(&key, path);
    AppendKey(&key, spec->content_type ? *spec->content_type : std::string());
    AppendKey(&key, spec->nchannel);
    AppendKey(&key, static_cast<int>(spec->hflip));
    AppendKey(&key, static_cast<int>(spec->vflip));
    if ((*img = FindCached<Image>(key, stamp))) {
      return true;
    }
  }
  auto decoded = std::make_shared<Image>();
  if (!DecodeImage(spec, vfs, path, decoded.get(), error)) {
    return false;
  }
  if (cached) {
    AddCachedAsset(key, path, stamp, decoded, decoded->data.size() + sizeof(Image));
  }
  *img = std::move(decoded);
  return true;
}

// fills the w x w face `f` of a cube texture with rgb1
void FillFace(const mjsTexture* spec, int w, int f, std::vector<uint8_t>* data) {
  int n = spec->nchannel;
  uint8_t pixel[4];
  for (int k = 0; k < n; k++) {
    pixel[k] = k < 3 ? ToByte(spec->rgb1[k]) : 255;
  }
  FillPattern(data->data() + static_cast<size_t>(f) * w * w * n, static_cast<size_t>(w) * w, pixel,
              n);
}

bool CubeFromGrid(const mjsTexture* spec, const Image& img, TextureResult* out,
                  std::string* error) {
  int rows = spec->gridsize[0], cols = spec->gridsize[1];
  if (rows < 1 || cols < 1 || rows * cols > 12) {
    *error = "gridsize must be positive with a product of at most 12";
    return false;
  }
  if (img.width % cols || img.height % rows || img.width / cols != img.height / rows) {
    *error = "image size " + std::to_string(img.width) + "x" + std::to_string(img.height) +
             " is not a " + std::to_string(rows) + "x" + std::to_string(cols) +
             " grid of square cells";
    return false;
  }
  std::string layout(spec->gridlayout, strnlen(spec->gridlayout, sizeof(spec->gridlayout)));
  if (static_cast<int>(layout.size()) != rows * cols) {
    *error = "gridlayout must have gridsize[0]*gridsize[1] characters";
    return false;
  }
  int w = img.width / cols, n = spec->nchannel;
  out->width = w;
  out->height = 6 * w;
  out->data.assign(static_cast<size_t>(6) * w * w * n, 0);
  bool have[6] = {false, false, false, false, false, false};
  for (int cell = 0; cell < rows * cols; cell++) {
    char ch = layout[cell];
    if (ch == '.') {
      continue;
    }
    int f = 0;
    while (f < 6 && kFaceLetters[f] != ch) {
      f++;
    }
    if (f == 6) {
      *error = std::string("gridlayout has an invalid character '") + ch + "'";
      return false;
    }
    int r0 = (cell / cols) * w, c0 = (cell % cols) * w;
    for (int r = 0; r < w; r++) {
      const uint8_t* src = img.data.data() + (static_cast<size_t>(r0 + r) * img.width + c0) * n;
      std::memcpy(out->data.data() + ((static_cast<size_t>(f) * w + r) * w) * n, src,
                  static_cast<size_t>(w) * n);
    }
    have[f] = true;  // a repeated letter: the last cell wins
  }
  for (int f = 0; f < 6; f++) {
    if (!have[f]) {
      FillFace(spec, w, f, &out->data);
    }
  }
  return true;
}

bool CubeFromFiles(const mjsTexture* spec, const mjVFS* vfs, const AssetContext& ctx,
                   TextureResult* out, std::string* error) {
  const std::vector<std::string>& files = *spec->cubefiles;
  int w = 0;
  std::shared_ptr<const Image> faces[6];
  bool srgb = false, first = true;
  for (int f = 0; f < 6 && f < static_cast<int>(files.size()); f++) {
    if (files[f].empty()) {
      continue;
    }
    if (!LoadImage(spec, vfs, ctx, files[f], &faces[f], error)) {
      return false;
    }
    if (faces[f]->width != faces[f]->height || (w && faces[f]->width != w)) {
      *error = "cube face images must be square and of equal size ('" + files[f] + "')";
      return false;
    }
    w = faces[f]->width;
    if (first) {
      srgb = faces[f]->srgb;
    }
    first = false;
  }
  if (!w) {
    *error = "cube texture has no files";
    return false;
  }
  int n = spec->nchannel;
  out->width = w;
  out->height = 6 * w;
  out->data.assign(static_cast<size_t>(6) * w * w * n, 0);
  for (int f = 0; f < 6; f++) {
    if (faces[f]) {
      std::memcpy(out->data.data() + static_cast<size_t>(f) * w * w * n, faces[f]->data.data(),
                  static_cast<size_t>(w) * w * n);
    } else {
      FillFace(spec, w, f, &out->data);
    }
  }
  if (spec->colorspace == mjCOLORSPACE_AUTO) {
    out->colorspace = srgb ? mjCOLORSPACE_SRGB : mjCOLORSPACE_LINEAR;
  }
  return true;
}

// The image of a builtin texture, in nchannel bytes per pixel. Generated images are kept by the
// asset cache (mj_getCache) under every attribute that the generation reads.
bool BuiltinTexture(const mjsTexture* spec, std::shared_ptr<const std::vector<uint8_t>>* data,
                    std::string* error) {
  std::string key = "builtin";
  AppendKey(&key, static_cast<int>(spec->type));
  AppendKey(&key, static_cast<int>(spec->builtin));
  AppendKey(&key, static_cast<int>(spec->mark));
  AppendKey(&key, spec->width);
  AppendKey(&key, spec->height);
  AppendKey(&key, spec->nchannel);
  AppendKey(&key, spec->random);
  for (int k = 0; k < 3; k++) {
    AppendKey(&key, spec->rgb1[k]);
    AppendKey(&key, spec->rgb2[k]);
    AppendKey(&key, spec->markrgb[k]);
  }
  const FileStamp none;  // not made from a file
  if ((*data = FindCached<std::vector<uint8_t>>(key, none))) {
    return true;
  }
  auto rgb = std::make_shared<std::vector<uint8_t>>();
  if (!BuiltinTextureRGB(spec, spec->width, spec->height, rgb.get(), error)) {
    return false;
  }
  int height = spec->type != mjTEXTURE_2D ? 6 * spec->width : spec->height;
  size_t size = static_cast<size_t>(spec->width) * height * spec->nchannel;
  if (rgb->size() != size) {
    // the RGB stream is copied as-is into the zero-initialized nchannel buffer
    std::vector<uint8_t> resized(size, 0);
    std::memcpy(resized.data(), rgb->data(), std::min(rgb->size(), size));
    rgb->swap(resized);
  }
  AddCachedAsset(key, "", none, rgb, rgb->size() + sizeof(*rgb));
  *data = std::move(rgb);
  return true;
}

}  // namespace

double GradientProfile(double r) {
  if (r >= 1) {
    return 0;
  }
  double x = 2 * r - 1;
  double f = 0.5 - 0.5 * std::sqrt(2.0) * x / std::sqrt(1 + x * x);
  if (std::isnan(f)) {
    return f;
  }
  return f < 0 ? 0 : (f > 1 ? 1 : f);
}

bool DecodePNG(const std::vector<uint8_t>& bytes, int nchannel, int* width, int* height,
               std::vector<uint8_t>* data, bool* srgb, std::string* error) {
  LodePNGColorType type;
  switch (nchannel) {
    case 1:
      type = LCT_GREY;
      break;
    case 2:
      type = LCT_GREY_ALPHA;
      break;
    case 3:
      type = LCT_RGB;
      break;
    case 4:
      type = LCT_RGBA;
      break;
    default:
      *error = "nchannel must be 1, 2, 3 or 4, got " + std::to_string(nchannel);
      return false;
  }
  lodepng::State state;
  state.info_raw.colortype = type;
  state.info_raw.bitdepth = 8;
  unsigned w = 0, h = 0;
  std::vector<unsigned char> image;
  unsigned code = lodepng::decode(image, w, h, state, bytes);
  if (code) {
    *error = std::string("PNG decoding failed: ") + lodepng_error_text(code);
    return false;
  }
  if (w == 0 || h == 0) {
    *error = "PNG image is empty";
    return false;
  }
  *width = static_cast<int>(w);
  *height = static_cast<int>(h);
  data->swap(image);
  *srgb = state.info_png.srgb_defined != 0;
  return true;
}

bool BuiltinTextureRGB(const mjsTexture* spec, int width, int height, std::vector<uint8_t>* rgb,
                       std::string* error) {
  bool cube = spec->type != mjTEXTURE_2D;
  if (width < 1 || (!cube && height < 1)) {
    *error = "Invalid width of builtin texture (it needs a positive width" +
             std::string(cube ? ")" : " and height)");
    return false;
  }
  if (cube) {
    height = 6 * width;
  }
  if (static_cast<uint64_t>(width) * height > (1u << 28)) {
    *error = "builtin texture is too large";
    return false;
  }
  rgb->assign(static_cast<size_t>(3) * width * height, 0);
  uint64_t rng = 0x9E3779B97F4A7C15ull;  // fixed seed for random marks
  if (cube) {
    BuiltinCube(spec, width, rgb);
    for (int f = 0; f < 6; f++) {
      AddMarks(spec, width, width, f * width * width, rgb, &rng);
    }
  } else {
    Builtin2D(spec, width, height, rgb);
    AddMarks(spec, width, height, 0, rgb, &rng);
  }
  return true;
}

bool LoadTexture(const mjsTexture* spec, const mjVFS* vfs, const AssetContext& ctx,
                 TextureResult* out, std::string* error) {
  *out = TextureResult();
  out->type = spec->type;
  out->colorspace = spec->colorspace;
  out->nchannel = spec->nchannel;
  const int n = spec->nchannel;
  if (n < 1 || n > 4) {
    *error = "nchannel must be between 1 and 4, got " + std::to_string(n);
    return false;
  }
  if (spec->type < mjTEXTURE_2D || spec->type > mjTEXTURE_SKYBOX) {
    *error = "unknown texture type " + std::to_string(spec->type);
    return false;
  }
  const bool cube = spec->type != mjTEXTURE_2D;

  // builtin: 3-channel image copied into the nchannel buffer (see top of file)
  if (spec->builtin != mjBUILTIN_NONE) {
    if (spec->builtin < mjBUILTIN_NONE || spec->builtin > mjBUILTIN_FLAT) {
      *error = "unknown builtin texture " + std::to_string(spec->builtin);
      return false;
    }
    out->width = spec->width;
    out->height = cube ? 6 * spec->width : spec->height;
    std::shared_ptr<const std::vector<uint8_t>> data;
    if (!BuiltinTexture(spec, &data, error)) {
      return false;
    }
    out->data = *data;
    return true;
  }

  // user data
  if (spec->data && !spec->data->empty()) {
    size_t expected = static_cast<size_t>(spec->width) * spec->height * n;
    if (spec->width < 1 || spec->height < 1 || spec->data->size() != expected) {
      *error = "texture data size " + std::to_string(spec->data->size()) +
               " does not match width*height*nchannel = " + std::to_string(expected);
      return false;
    }
    out->width = spec->width;
    out->height = spec->height;
    out->data.resize(expected);
    std::memcpy(out->data.data(), spec->data->data(), expected);
    return true;
  }

  const std::string file = spec->file ? *spec->file : std::string();
  if (file.empty()) {
    bool any = false;
    if (cube && spec->cubefiles) {
      for (const std::string& f : *spec->cubefiles) {
        any = any || !f.empty();
      }
    }
    if (!any) {
      *error = "texture has no file, data or builtin";
      return false;
    }
    return CubeFromFiles(spec, vfs, ctx, out, error);
  }

  std::shared_ptr<const Image> img;
  if (!LoadImage(spec, vfs, ctx, file, &img, error)) {
    return false;
  }
  if (spec->colorspace == mjCOLORSPACE_AUTO) {
    out->colorspace = img->srgb ? mjCOLORSPACE_SRGB : mjCOLORSPACE_LINEAR;
  }
  if (cube && (spec->gridsize[0] != 1 || spec->gridsize[1] != 1)) {
    return CubeFromGrid(spec, *img, out, error);
  }
  if (cube && img->width != img->height) {
    *error = "cube texture image must be square, got " + std::to_string(img->width) + "x" +
             std::to_string(img->height) + " ('" + file + "'); use gridsize for a grid";
    return false;
  }
  // 2d image, or one square image shared by all cube faces (stored once)
  out->width = img->width;
  out->height = img->height;
  out->data = img->data;
  return true;
}

}  // namespace motus
