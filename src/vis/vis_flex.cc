// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flexes in the abstract scene (mjvScene flex arrays and one geom per flex), as MuJoCo 3.8's
// mjv_updateScene fills them; measured on the kit's scenes of 2D and 3D flexes. The renderer
// draws the faces, edges and vertices from these arrays.
//
// Faces, per flex, in one of two modes:
// - skin (mjVIS_FLEXSKIN, which hides the others): a 2D flex shows both sides of each triangle
//   offset by the radius along the vertex normals (smooth unless flatskin), then a ribbon of two
//   triangles along each boundary edge (the shell); a 3D flex shows its shell triangles with
//   their normals reversed (the shell is wound inwards);
// - faces (mjVIS_FLEXFACE): a 2D flex shows both sides of each triangle offset by the radius
//   along its flat normal; a 3D flex the four faces of the elements of layer opt->flex_layer.

#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

void sub3(mjtNum r[3], const mjtNum* a, const mjtNum* b) {
  r[0] = a[0] - b[0];
  r[1] = a[1] - b[1];
  r[2] = a[2] - b[2];
}

// unnormalized normal of the triangle (a, b, c): (b - a) x (c - a)
void triNormal(mjtNum n[3], const mjtNum* a, const mjtNum* b, const mjtNum* c) {
  mjtNum e1[3], e2[3];
  sub3(e1, b, a);
  sub3(e2, c, a);
  mju_cross(n, e1, e2);
}

int maxLayerCount(const mjModel* m, int f) {
  int adr = m->flex_elemadr[f], num = m->flex_elemnum[f], best = 0;
  for (int layer = 0;; layer++) {
    int count = 0;
    for (int e = 0; e < num; e++) {
      count += m->flex_elemlayer[adr + e] == layer;
    }
    if (!count) {
      return best;
    }
    best = count > best ? count : best;
  }
}

// Writes one face (three points and their normals) at slot k of flex f.
struct FaceWriter {
  mjvScene* scn;
  int f;
  int used = 0;
  bool add(const mjtNum* p0, const mjtNum* p1, const mjtNum* p2, const mjtNum* n0, const mjtNum* n1,
           const mjtNum* n2) {
    if (used >= scn->flexfacenum[f]) {
      return false;
    }
    long k = scn->flexfaceadr[f] + used;
    const mjtNum* p[3] = {p0, p1, p2};
    const mjtNum* n[3] = {n0, n1, n2};
    for (int v = 0; v < 3; v++) {
      for (int c = 0; c < 3; c++) {
        scn->flexface[9 * k + 3 * v + c] = static_cast<float>(p[v][c]);
        scn->flexnormal[9 * k + 3 * v + c] = static_cast<float>(n[v][c]);
      }
    }
    used++;
    return true;
  }
};

const mjtNum* vertPos(const mjModel* m, const mjData* d, int f, int v) {
  return d->flexvert_xpos + 3 * (m->flex_vertadr[f] + v);
}

// 2D: both sides of each triangle, points offset by +-radius along the normals (per vertex when
// smooth); in skin mode the bottom normals are the top ones reversed, then the shell ribbons.
void faces2D(const mjModel* m, const mjData* d, int f, bool skin, FaceWriter* w) {
  int nvert = m->flex_vertnum[f], nelem = m->flex_elemnum[f];
  const int* elem = m->flex_elem + m->flex_elemdataadr[f];
  mjtNum r = m->flex_radius[f];
  bool smooth = skin && !m->flex_flatskin[f];
  // vertex normals: the area-weighted average of the adjacent triangles' normals (the faces use
  // them when smooth, the ribbons always)
  mjtNum* vnormal = nullptr;
  if (skin) {
    vnormal = static_cast<mjtNum*>(mju_malloc(sizeof(mjtNum) * 3 * (nvert > 0 ? nvert : 1)));
    memset(vnormal, 0, sizeof(mjtNum) * 3 * nvert);
    for (int e = 0; e < nelem; e++) {
      const int* v = elem + 3 * e;
      mjtNum n[3];
      triNormal(n, vertPos(m, d, f, v[0]), vertPos(m, d, f, v[1]), vertPos(m, d, f, v[2]));
      for (int k = 0; k < 3; k++) {
        mju_addTo3(vnormal + 3 * v[k], n);
      }
    }
    for (int i = 0; i < nvert; i++) {
      mju_normalize3(vnormal + 3 * i);
    }
  }
  for (int e = 0; e < nelem; e++) {
    const int* v = elem + 3 * e;
    const mjtNum* x[3] = {vertPos(m, d, f, v[0]), vertPos(m, d, f, v[1]), vertPos(m, d, f, v[2])};
    mjtNum fn[3];
    triNormal(fn, x[0], x[1], x[2]);
    mju_normalize3(fn);
    mjtNum top[3][3], bot[3][3], ntop[3][3], nbot[3][3];
    for (int k = 0; k < 3; k++) {
      const mjtNum* n = smooth ? vnormal + 3 * v[k] : fn;
      mju_copy3(ntop[k], n);
      mju_scl3(nbot[k], n, -1);
      mju_addScl3(top[k], x[k], n, r);
      mju_addScl3(bot[k], x[k], n, -r);
    }
    if (!w->add(top[0], top[1], top[2], ntop[0], ntop[1], ntop[2])) {
      break;
    }
    if (!skin) {  // the bottom's own normal
      mjtNum bn[3];
      triNormal(bn, bot[0], bot[2], bot[1]);
      mju_normalize3(bn);
      mju_copy3(nbot[0], bn);
      mju_copy3(nbot[1], bn);
      mju_copy3(nbot[2], bn);
    }
    if (!w->add(bot[0], bot[2], bot[1], nbot[0], nbot[2], nbot[1])) {
      break;
    }
  }
  // ribbons along the boundary edges (a, b): normal (b - a) x vertex normal
  const int* shell = m->flex_shell + m->flex_shelldataadr[f];
  for (int s = 0; skin && s < m->flex_shellnum[f]; s++) {
    int a = shell[2 * s], b = shell[2 * s + 1];
    const mjtNum* xa = vertPos(m, d, f, a);
    const mjtNum* xb = vertPos(m, d, f, b);
    const mjtNum* na = vnormal + 3 * a;
    const mjtNum* nb = vnormal + 3 * b;
    mjtNum edge[3], rn[3], at[3], ab[3], bt[3], bb[3];
    sub3(edge, xb, xa);
    mju_cross(rn, edge, na);
    mju_normalize3(rn);
    mju_addScl3(at, xa, na, r);
    mju_addScl3(ab, xa, na, -r);
    mju_addScl3(bt, xb, nb, r);
    mju_addScl3(bb, xb, nb, -r);
    if (!w->add(at, bb, bt, rn, rn, rn) || !w->add(bb, at, ab, rn, rn, rn)) {
      break;
    }
  }
  mju_free(vnormal);
}

// 3D skin: the shell triangles, normals reversed (flat, or per vertex when smooth)
void skin3D(const mjModel* m, const mjData* d, int f, FaceWriter* w) {
  const int* shell = m->flex_shell + m->flex_shelldataadr[f];
  int nshell = m->flex_shellnum[f], nvert = m->flex_vertnum[f];
  bool smooth = !m->flex_flatskin[f];
  mjtNum* vnormal = nullptr;
  if (smooth) {
    vnormal = static_cast<mjtNum*>(mju_malloc(sizeof(mjtNum) * 3 * (nvert > 0 ? nvert : 1)));
    memset(vnormal, 0, sizeof(mjtNum) * 3 * nvert);
    for (int s = 0; s < nshell; s++) {
      const int* v = shell + 3 * s;
      mjtNum n[3];
      triNormal(n, vertPos(m, d, f, v[0]), vertPos(m, d, f, v[1]), vertPos(m, d, f, v[2]));
      for (int k = 0; k < 3; k++) {
        mju_addToScl3(vnormal + 3 * v[k], n, -1);
      }
    }
    for (int i = 0; i < nvert; i++) {
      mju_normalize3(vnormal + 3 * i);
    }
  }
  for (int s = 0; s < nshell; s++) {
    const int* v = shell + 3 * s;
    const mjtNum* x[3] = {vertPos(m, d, f, v[0]), vertPos(m, d, f, v[1]), vertPos(m, d, f, v[2])};
    mjtNum n[3];
    triNormal(n, x[0], x[1], x[2]);
    mju_normalize3(n);
    mju_scl3(n, n, -1);
    bool ok = smooth ? w->add(x[0], x[1], x[2], vnormal + 3 * v[0], vnormal + 3 * v[1],
                              vnormal + 3 * v[2])
                     : w->add(x[0], x[1], x[2], n, n, n);
    if (!ok) {
      break;
    }
  }
  mju_free(vnormal);
}

// 3D faces: the four faces (0 1 2), (0 2 3), (0 3 1), (1 3 2) of each element of the layer
void faces3D(const mjModel* m, const mjData* d, int f, int layer, FaceWriter* w) {
  static const int kFace[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}};
  const int* elem = m->flex_elem + m->flex_elemdataadr[f];
  const int* elemlayer = m->flex_elemlayer + m->flex_elemadr[f];
  for (int e = 0; e < m->flex_elemnum[f]; e++) {
    if (elemlayer[e] != layer) {
      continue;
    }
    for (int k = 0; k < 4; k++) {
      const mjtNum* x[3];
      for (int j = 0; j < 3; j++) {
        x[j] = vertPos(m, d, f, elem[4 * e + kFace[k][j]]);
      }
      mjtNum n[3];
      triNormal(n, x[0], x[1], x[2]);
      mju_normalize3(n);
      if (!w->add(x[0], x[1], x[2], n, n, n)) {
        return;
      }
    }
  }
}

}  // namespace

// Face slots per flex: a 2D flex's two sides and shell ribbons; a 3D flex's largest layer of
// elements (four faces each) or its shell, whichever is more (the kit's capacities on the
// trampoline and floppy models).
int visFlexFaceCapacity(const mjModel* m, int f) {
  int dim = m->flex_dim[f];
  if (dim == 2) {
    return 2 * m->flex_elemnum[f] + 2 * m->flex_shellnum[f];
  }
  if (dim == 3) {
    int layer = 4 * maxLayerCount(m, f);
    return layer > m->flex_shellnum[f] ? layer : m->flex_shellnum[f];
  }
  return 0;
}

// Vertex positions and faces of every flex (mjv_updateScene).
void visUpdateFlex(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (scn->nflex != m->nflex || !scn->flexvert || !d->flexvert_xpos) {
    return;
  }
  for (long i = 0; i < 3 * (long)m->nflexvert; i++) {
    scn->flexvert[i] = static_cast<float>(d->flexvert_xpos[i]);
  }
  bool skin = opt->flags[mjVIS_FLEXSKIN], faces = opt->flags[mjVIS_FLEXFACE];
  for (int f = 0; f < m->nflex; f++) {
    FaceWriter w{scn, f};
    int dim = m->flex_dim[f];
    if (scn->flexface && (skin || faces)) {
      if (dim == 2) {
        faces2D(m, d, f, skin, &w);
      } else if (dim == 3) {
        if (skin) {
          skin3D(m, d, f, &w);
        } else {
          faces3D(m, d, f, opt->flex_layer, &w);
        }
      }
    }
    scn->flexfaceused[f] = w.used;
  }
}

// One geom per visible flex, before the model's geoms: type mjGEOM_FLEX at the first vertex,
// size (radius, 0.1, 0.1), the flex's color.
void visAddFlexGeoms(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                     mjvScene* scn) {
  if (!(catmask & mjCAT_DYNAMIC) || !d->flexvert_xpos) {
    return;
  }
  for (int f = 0; f < m->nflex; f++) {
    int group = m->flex_group[f];
    if (group < 0 || group >= mjNGROUP || !opt->flexgroup[group]) {
      continue;
    }
    mjvGeom* g = visAcquireGeom(scn);
    if (!g) {
      return;
    }
    mjv_initGeom(g, mjGEOM_FLEX, nullptr, d->flexvert_xpos + 3 * m->flex_vertadr[f], nullptr,
                 m->flex_rgba + 4 * f);
    g->size[0] = static_cast<float>(m->flex_radius[f]);
    g->objtype = mjOBJ_FLEX;
    g->objid = f;
    g->category = mjCAT_DYNAMIC;
    if (opt->flags[mjVIS_TRANSPARENT]) {
      g->rgba[3] *= m->vis.map.alpha;
    }
    if (opt->label == mjLABEL_FLEX) {
      visSetLabel(g, m, mjOBJ_FLEX, f);
    }
    visCommitGeom(scn);
  }
}
