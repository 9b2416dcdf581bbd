// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Height field vs convex geom (XMLreference.rst "asset/hfield", computation_index.rst "Collision
// detection"): the height field is a union of triangular prisms. With size (sx, sy, sz, base) and
// an nrow x ncol elevation grid h (row-major, row index along y), grid vertex (r, c) is at
//   x = -sx + 2 sx c / (ncol-1),  y = -sy + 2 sy r / (nrow-1),  z = sz h[r*ncol + c]
// in the height-field geom frame. Every cell (r, c)-(r+1, c+1) is split along its diagonal from
// (r, c) to (r+1, c+1) into two triangles, and each triangle is extruded down to z = -base. The
// geom's bounding box in the height-field frame (from its support function) selects the cells
// that can touch it; every prism of those cells is collided with the geom by the general convex
// collider (GJK / EPA, or libccd MPR when nativeccd is disabled), in row-major cell order, until
// mjMAXCONPAIR contacts are found. All of this happens in the height field's frame (the geom's
// pose is expressed there, the contacts are mapped back), with the prism vertices listed in
// MuJoCo's order (kTri): the EPA paths, and hence contacts on curved geoms, then agree with
// MuJoCo's (see doc/conformance.md#height-fields).
//
// Margin: as in MuJoCo (see doc/conformance.md#height-fields), the
// prisms' top vertices are raised by the margin along the height-field z axis and the geom is
// inflated by half the margin; a contact is reported when these overlap, with dist = minus the
// overlap depth (so a geom resting on a flat field at true distance s gets dist s - 1.5 margin).
// In both pipelines the contact normal of a sphere or capsule is replaced by its analytic
// surface normal at the contact point (mjc_fixNormal), as MuJoCo does; ellipsoids and cylinders
// keep the collider's normal.
//
// Without margin, box and mesh geoms against a prism are both polytopes, and EPA stops at the
// first support point of the geom that repeats a vertex of the polytope (engine_collision_gjk.cc),
// which is often before the deepest face: MuJoCo's contacts are then shallower than the
// true overlap, and so are ours.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"

namespace {

// writes grid vertex (r, c) of the height field (top if top != 0, else bottom) in the height
// field's frame
void gridVertex(mjtNum res[3], const mjtNum* size, int nrow, int ncol, const float* data, int r,
                int c, int top, mjtNum lift) {
  res[0] = -size[0] + 2 * size[0] * c / (ncol - 1);
  res[1] = -size[1] + 2 * size[1] * r / (nrow - 1);
  res[2] = top ? size[2] * data[r * ncol + c] + lift : -size[3];
}

// Vertices (row, column offsets) of the two triangles of cell (r, c), in the order MuJoCo
// lists them: it sweeps each row of cells as a strip (r+1, c), (r, c), (r+1, c+1), (r, c+1), ...
// and every new grid vertex forms a triangle with the two before it. The order decides the
// prism's support-point ties and the rounding of its center (GJK's starting point), and with
// them the EPA path (see doc/conformance.md#height-fields).
const int kTri[2][3][2] = {{{1, 0}, {0, 0}, {1, 1}}, {{0, 0}, {1, 1}, {0, 1}}};

// maps a contact found in the height field's frame (hpos, hmat) to world coordinates
void contactToWorld(mjContact* con, const mjtNum* hpos, const mjtNum* hmat) {
  mjtNum p[3] = {con->pos[0], con->pos[1], con->pos[2]};
  mjtNum n[3] = {con->frame[0], con->frame[1], con->frame[2]};
  mju_mulMatVec3(con->pos, hmat, p);
  for (int k = 0; k < 3; k++) {
    con->pos[k] += hpos[k];
  }
  mju_mulMatVec3(con->frame, hmat, n);
}

// The cell containing grid coordinate x, clamped to [0, last] before the conversion to int: x is
// NaN or beyond int's range when the geom or the height field size is huge or not finite
// (NaN maps to cell 0), and such a conversion would be undefined.
int cellIndex(mjtNum x, int last) {
  if (!(x >= 1)) {
    return 0;
  }
  return x < last ? (int)floor(x) : last;
}

}  // namespace

int mjc_ConvexHField(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  int hid = m->geom_dataid[g1];
  if (hid < 0 || hid >= m->nhfield) {
    return 0;
  }
  const mjtNum* size = m->hfield_size + 4 * hid;
  int nrow = m->hfield_nrow[hid], ncol = m->hfield_ncol[hid];
  if (nrow < 2 || ncol < 2) {
    return 0;
  }
  const float* data = m->hfield_data + m->hfield_adr[hid];
  const mjtNum* hpos = d->geom_xpos + 3 * g1;
  const mjtNum* hmat = d->geom_xmat + 9 * g1;
  bool native = !(m->opt.disableflags & mjDSBL_NATIVECCD);

  // The collision runs in the height field's frame (as MuJoCo does: the rounding of the results
  // matches MuJoCo's only this way): the geom's pose is expressed in that frame,
  // the prisms are built there, and the contacts are mapped back to the world. The geom is
  // inflated by half the margin (see the file comment for the margin convention).
  mjCCDObj geom;
  mjc_initCCDObj(&geom, m, d, g2, 0.5 * margin);
  mjtNum rel[3] = {geom.pos[0] - hpos[0], geom.pos[1] - hpos[1], geom.pos[2] - hpos[2]};
  mju_mulMatTVec3(geom.pos, hmat, rel);
  mju_mulMatTMat(geom.mat, hmat, d->geom_xmat + 9 * g2, 3, 3, 3);
  for (int k = 0; k < 3; k++) {
    geom.center[k] = geom.pos[k];
  }

  // bounding box of the geom in the height-field frame, from its support along the frame axes
  // (the geom's own box, without margin: MuJoCo selects cells this way)
  mjtNum lo[3], hi[3];
  geom.margin = 0;
  for (int k = 0; k < 3; k++) {
    mjtNum axis[3] = {0, 0, 0}, neg[3] = {0, 0, 0}, p[3], q[3];
    axis[k] = 1;
    neg[k] = -1;
    geom.support(p, &geom, axis);
    geom.support(q, &geom, neg);
    hi[k] = p[k];
    lo[k] = q[k];
  }
  geom.margin = 0.5 * margin;

  // reject if the box misses the height field's extent
  if (lo[0] > size[0] || hi[0] < -size[0] || lo[1] > size[1] || hi[1] < -size[1] ||
      hi[2] < -size[3] || lo[2] > size[2] + margin) {
    return 0;
  }

  // cells whose x / y ranges overlap the box
  mjtNum dx = 2 * size[0] / (ncol - 1), dy = 2 * size[1] / (nrow - 1);
  int cmin = cellIndex((lo[0] + size[0]) / dx, ncol - 2);
  int cmax = cellIndex((hi[0] + size[0]) / dx, ncol - 2);
  int rmin = cellIndex((lo[1] + size[1]) / dy, nrow - 2);
  int rmax = cellIndex((hi[1] + size[1]) / dy, nrow - 2);

  mjCCDObj prism;
  mjc_initPrismObj(&prism, m, d, 0);
  mjCCDConfig cfg;
  cfg.max_iterations = m->opt.ccd_iterations;
  cfg.tolerance = m->opt.ccd_tolerance;
  cfg.dist_cutoff = 0;
  cfg.contacts = 1;

  int ncon = 0;
  for (int r = rmin; r <= rmax; r++) {
    for (int c = cmin; c <= cmax; c++) {
      for (int t = 0; t < 2; t++) {
        // skip a prism whose top lies entirely below the geom's box
        mjtNum top = -size[3];
        for (int i = 0; i < 3; i++) {
          int rr = r + kTri[t][i][0], cc = c + kTri[t][i][1];
          mjtNum h = size[2] * data[rr * ncol + cc] + margin;
          if (h > top) {
            top = h;
          }
        }
        if (top < lo[2]) {
          continue;
        }

        for (int i = 0; i < 3; i++) {
          int rr = r + kTri[t][i][0], cc = c + kTri[t][i][1];
          gridVertex(prism.prism[i], size, nrow, ncol, data, rr, cc, 1, margin);
          gridVertex(prism.prism[i + 3], size, nrow, ncol, data, rr, cc, 0, 0);
        }
        mjc_prismCenter(&prism);

        mjContact* cc = con + ncon;
        if (native) {
          mjCCDStatus st;
          mjtNum dist = mjc_ccd(&cfg, &st, &prism, &geom, const_cast<mjData*>(d));
          if (dist >= 0) {
            continue;
          }
          mjc_setContact(cc, &st);
        } else {
          mjtNum depth, normal[3], pos[3];
          if (!mjc_mprPenetration(m, &prism, &geom, &depth, normal, pos)) {
            continue;
          }
          memset(cc, 0, sizeof(mjContact));
          cc->dist = -depth;
          for (int k = 0; k < 3; k++) {
            cc->pos[k] = pos[k];
            cc->frame[k] = normal[k];
          }
        }
        // back to the world; the normal of a sphere or capsule is its analytic surface normal
        // (MPR's too, as in MuJoCo)
        contactToWorld(cc, hpos, hmat);
        mjc_fixNormal(m, d, cc, g1, g2);
        if (++ncon >= mjMAXCONPAIR) {
          return ncon;
        }
      }
    }
  }
  return ncon;
}
