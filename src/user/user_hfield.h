// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Height field assets for the model compiler (XMLreference.rst, <hfield>): elevation from a PNG
// (gray value = first channel, as lodepng converts to gray), from the custom binary format
// (int32 nrow, int32 ncol, float32 data[nrow*ncol]), from mjsHField.userdata, or zeros of size
// nrow x ncol. Elevations are normalized to [0, 1] (minus the minimum, divided by the range when
// it is nonzero).
//
// Row order in mjModel.hfield_data is bottom-to-top: a PNG's first (top) image row becomes the
// last row; the binary format is stored in file order; mjsHField.userdata is already in mjModel
// order (the MJCF reader flips the rows of <hfield elevation>, see the XML reference).
//
// Use by the compiler, for each height field:
//   motus::HFieldResult hf;
//   motus::AssetContext ctx{spec_modelfiledir, compiler.meshdir, spec.strippath};
//   if (!motus::LoadHField(hfield_spec, vfs, ctx, &hf, &err)) -> error
//   hfield_size = hf.size; hfield_nrow/ncol = hf.nrow/ncol; hfield_adr = running offset;
//   copy hf.data into hfield_data. A geom of type hfield: HFieldGeomBounds.

#ifndef MOTUS_USER_USER_HFIELD_H_
#define MOTUS_USER_USER_HFIELD_H_

#include <string>
#include <vector>

#include <mujoco/mjspec.h>

#include "user/user_vfs.h"

namespace motus {

struct HFieldResult {
  int nrow = 0, ncol = 0;         // hfield_nrow, hfield_ncol
  double size[4] = {0, 0, 0, 0};  // hfield_size: radius_x, radius_y, elevation_z, base_z
  std::vector<float> data;        // hfield_data, nrow*ncol, row-major, bottom row first
};

// False with a message on bad input: non-positive size, a file together with nrow/ncol, missing
// or malformed file, userdata size != nrow*ncol, non-finite elevation, ...
bool LoadHField(const mjsHField* spec, const mjVFS* vfs, const AssetContext& ctx, HFieldResult* out,
                std::string* error);

// A geom of type hfield: geom_size = (x, y, elevation_z/4 + base_z/2), geom_aabb = (0, 0,
// (elevation_z - base_z)/2, x, y, (elevation_z + base_z)/2) and geom_rbound = norm of
// (x, y, max(elevation_z, base_z)), from hfield_size.
void HFieldGeomBounds(const double hsize[4], double size[3], double aabb[6], double* rbound);

}  // namespace motus

#endif  // MOTUS_USER_USER_HFIELD_H_
