// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Texture assets for the model compiler (XMLreference.rst, <texture>): PNG files (lodepng), the
// custom binary format (int32 width, int32 height, uint8 rgb[3*width*height]), user data
// (mjsTexture.data), and the builtin procedural textures (gradient, checker, flat, with marks).
// 2d textures keep their image; cube and skybox textures are stored as six square faces stacked
// vertically (right, left, up, down, front, back = +X, -X, +Y, -Y, +Z, -Z), except that a single
// square image repeated on all faces is stored once (height == width).
//
// Use by the compiler, for each texture:
//   motus::TextureResult tex;
//   motus::AssetContext ctx{spec_modelfiledir, compiler.texturedir, spec.strippath};
//   if (!motus::LoadTexture(tex_spec, vfs, ctx, &tex, &err)) -> error
//   tex_type = tex.type; tex_colorspace = tex.colorspace; tex_width/height/nchannel = ...;
//   tex_adr = running offset; copy tex.data (width*height*nchannel bytes) into tex_data.

#ifndef MOTUS_USER_USER_TEXTURE_H_
#define MOTUS_USER_USER_TEXTURE_H_

#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mjspec.h>

#include "user/user_vfs.h"

namespace motus {

struct TextureResult {
  int type = 0;               // mjtTexture (tex_type)
  int colorspace = 0;         // mjtColorSpace (tex_colorspace): "auto" is resolved for files
  int width = 0;              // tex_width
  int height = 0;             // tex_height
  int nchannel = 3;           // tex_nchannel
  std::vector<uint8_t> data;  // tex_data, row-major, width*height*nchannel bytes
};

// Builds the texture described by the spec (builtin, user data, a single file, or six cube
// files in spec->cubefiles order right, left, up, down, front, back). False with a message on
// bad input (missing or malformed file, inconsistent sizes, bad grid layout, ...).
bool LoadTexture(const mjsTexture* spec, const mjVFS* vfs, const AssetContext& ctx,
                 TextureResult* out, std::string* error);

// ---- pieces (exposed for tests) ----------------------------------------------------------------

// Decodes a PNG to `nchannel` channels (1: first channel, 3: RGB, 4: RGBA); *srgb reports
// whether the file declares the sRGB color space (sRGB chunk).
bool DecodePNG(const std::vector<uint8_t>& bytes, int nchannel, int* width, int* height,
               std::vector<uint8_t>* data, bool* srgb, std::string* error);

// The procedural image of a builtin texture as RGB bytes (3 per pixel) for the given size
// (cube/skybox: width x 6*width).
bool BuiltinTextureRGB(const mjsTexture* spec, int width, int height, std::vector<uint8_t>* rgb,
                       std::string* error);

// The "sigmoid" used by gradient textures: 1 at r = 0, 1/2 at r = 1/2, 0 at r >= 1.
double GradientProfile(double r);

}  // namespace motus

#endif  // MOTUS_USER_USER_TEXTURE_H_
