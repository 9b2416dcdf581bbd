// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The skin of a box cable (XMLreference.rst composite/skin): a two-sided strip of the boxes'
// width that follows the cable's bodies, as MuJoCo generates it.
//   * Control nodes: a grid of n x 3 nodes, n = number of bodies + 1 along the cable, and 3
//     across (-w, 0, +w, w = the box's half width). Each node is a bone: node (i, j) is bound to
//     body i with bind position (0, (j-1) w, 0), and the end nodes (i = n-1) to the last body
//     with bind position (-l, (j-1) w, 0), l the box's length as given (twice its size[0],
//     which the cable's geoms replace by their edges' half lengths).
//   * Vertices: `subgrid` extra lines between nodes, so (n-1)(s+1)+1 by 2(s+1)+1 vertices per
//     side, all at the skin's origin (the bones place them); the second side repeats the first.
//   * Weights: a vertex at parameters (t, u) within a cell is the product of the uniform
//     Catmull-Rom weights of the 4 nodes around the cell along each direction; beyond the ends
//     the missing node is the reflection of the next one (p[-1] = 2 p[0] - p[1]), which folds
//     its weight into the two end nodes. Zero weights are left out.
//   * Faces: two triangles per cell on each side (opposite orientations) and the four border
//     strips joining the sides. The skin is inflated by the box's thickness.

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_reader_composite.h"

namespace motus {
namespace mjcf {

namespace {

// Catmull-Rom weights of the 4 nodes of a segment at t in [0, 1], with the reflected end nodes
// folded in when the segment touches the first (first) or last (last) node
void SegmentWeights(double t, bool first, bool last, double w[4]) {
  double t2 = t * t, t3 = t2 * t;
  w[0] = (-t3 + 2 * t2 - t) / 2;
  w[1] = (3 * t3 - 5 * t2 + 2) / 2;
  w[2] = (-3 * t3 + 4 * t2 + t) / 2;
  w[3] = (t3 - t2) / 2;
  if (first) {
    w[1] += 2 * w[0];
    w[2] -= w[0];
    w[0] = 0;
  }
  if (last) {
    w[2] += 2 * w[3];
    w[1] -= w[3];
    w[3] = 0;
  }
}

// the weight of node `node` at sub-line `k` (0..sub) of segment `seg` of a line of `n` nodes
double Weight(int n, int seg, int k, int sub, int node) {
  int slot = node - seg + 1;
  if (slot < 0 || slot > 3) {
    return 0;
  }
  double w[4];
  SegmentWeights(static_cast<double>(k) / (sub + 1), seg == 0, seg == n - 2, w);
  return w[slot];
}

struct SkinGrid {
  int n[2];  // nodes along, across
  int sub;   // extra lines between nodes
  int v[2];  // vertices along, across
  int Vert(int i, int j) const { return i * v[1] + j; }
};

void AddFaces(const SkinGrid& g, std::vector<int>* face) {
  int nv = g.v[0] * g.v[1];
  auto tri = [face](int a, int b, int c) { face->insert(face->end(), {a, b, c}); };
  for (int i = 0; i + 1 < g.v[0]; i++) {
    for (int j = 0; j + 1 < g.v[1]; j++) {
      tri(g.Vert(i, j), g.Vert(i + 1, j), g.Vert(i + 1, j + 1));
      tri(g.Vert(i, j), g.Vert(i + 1, j + 1), g.Vert(i, j + 1));
    }
  }
  for (int i = 0; i + 1 < g.v[0]; i++) {
    for (int j = 0; j + 1 < g.v[1]; j++) {
      tri(nv + g.Vert(i, j), nv + g.Vert(i + 1, j + 1), nv + g.Vert(i + 1, j));
      tri(nv + g.Vert(i, j), nv + g.Vert(i, j + 1), nv + g.Vert(i + 1, j + 1));
    }
  }
  int J = g.v[1] - 1, I = g.v[0] - 1;
  for (int i = 0; i < I; i++) {
    tri(g.Vert(i, 0), nv + g.Vert(i + 1, 0), g.Vert(i + 1, 0));
    tri(g.Vert(i, 0), nv + g.Vert(i, 0), nv + g.Vert(i + 1, 0));
  }
  for (int i = 0; i < I; i++) {
    tri(g.Vert(i, J), g.Vert(i + 1, J), nv + g.Vert(i + 1, J));
    tri(g.Vert(i, J), nv + g.Vert(i + 1, J), nv + g.Vert(i, J));
  }
  for (int j = 0; j < J; j++) {
    tri(g.Vert(0, j), g.Vert(0, j + 1), nv + g.Vert(0, j + 1));
    tri(g.Vert(0, j), nv + g.Vert(0, j + 1), nv + g.Vert(0, j));
  }
  for (int j = 0; j < J; j++) {
    tri(g.Vert(I, j), nv + g.Vert(I, j + 1), g.Vert(I, j + 1));
    tri(g.Vert(I, j), nv + g.Vert(I, j), nv + g.Vert(I, j + 1));
  }
}

// vertices and weights of bone (a, b): the cells around it, along-major, zero weights left out
void BoneWeights(const SkinGrid& g, int a, int b, std::vector<int>* id, std::vector<float>* w) {
  int nv = g.v[0] * g.v[1], s = g.sub;
  for (int si = a - 2; si <= a + 1; si++) {
    if (si < 0 || si > g.n[0] - 2) {
      continue;
    }
    for (int sj = b - 2; sj <= b + 1; sj++) {
      if (sj < 0 || sj > g.n[1] - 2) {
        continue;
      }
      int ki = si == g.n[0] - 2 ? s + 1 : s, kj = sj == g.n[1] - 2 ? s + 1 : s;
      for (int x = 0; x <= ki; x++) {
        for (int y = 0; y <= kj; y++) {
          double weight = Weight(g.n[0], si, x, s, a) * Weight(g.n[1], sj, y, s, b);
          if (weight == 0) {
            continue;
          }
          int v = g.Vert(si * (s + 1) + x, sj * (s + 1) + y);
          id->insert(id->end(), {v, nv + v});
          w->insert(w->end(), {static_cast<float>(weight), static_cast<float>(weight)});
        }
      }
    }
  }
}

}  // namespace

int ReadCableSkinAttrs(XmlAttrs& a, mjsSkin* skin) {
  bool texcoord = false;
  float inflate = 0;
  int subgrid = 0, group = 0;
  float rgba[4] = {1, 1, 1, 1};
  std::string material;
  a.Bool("texcoord", &texcoord);
  a.Str("material", &material);
  a.Nums("rgba", rgba, 4);
  a.Int("group", &group);
  a.Num("inflate", &inflate);
  a.Int("subgrid", &subgrid);
  a.Finish();
  if (subgrid < 0) {
    a.Fail("composite skin subgrid must be nonnegative");
  }
  if (skin) {
    if (texcoord) {
      a.Fail("texture coordinates of a composite cable's skin are not supported yet");
    }
    mjs_setString(skin->material, material.c_str());
    for (int k = 0; k < 4; k++) {
      skin->rgba[k] = rgba[k];
    }
    skin->group = group;
  }
  return subgrid;
}

void AddCableSkin(XmlContext& ctx, const XmlNode& node, const std::string& prefix,
                  const std::vector<CableBody>& bodies, double halfwidth, double thickness,
                  double endlength) {
  mjsSkin* skin = mjs_addSkin(ctx.spec);
  CheckSpec(ctx, node, skin, "composite skin");
  mjs_setName(skin->element, (prefix + "Skin").c_str());
  XmlAttrs a(node);
  int subgrid = ReadCableSkinAttrs(a, skin);
  skin->inflate = static_cast<float>(thickness);

  SkinGrid g;
  g.n[0] = static_cast<int>(bodies.size()) + 1;
  g.n[1] = 3;
  g.sub = subgrid;
  for (int d = 0; d < 2; d++) {
    g.v[d] = (g.n[d] - 1) * (subgrid + 1) + 1;
  }
  skin->vert->assign(static_cast<size_t>(6) * g.v[0] * g.v[1], 0.0f);
  AddFaces(g, skin->face);
  for (int i = 0; i < g.n[0]; i++) {
    bool end = i == g.n[0] - 1;
    const CableBody& body = bodies[end ? i - 1 : i];
    for (int j = 0; j < 3; j++) {
      skin->bodyname->push_back(body.name);
      float bind[3] = {static_cast<float>(end ? -endlength : 0),
                       static_cast<float>((j - 1) * halfwidth), 0};
      skin->bindpos->insert(skin->bindpos->end(), bind, bind + 3);
      skin->bindquat->insert(skin->bindquat->end(), {1.0f, 0.0f, 0.0f, 0.0f});
      std::vector<int> id;
      std::vector<float> weight;
      BoneWeights(g, i, j, &id, &weight);
      skin->vertid->push_back(id);
      skin->vertweight->push_back(weight);
    }
  }
}

}  // namespace mjcf
}  // namespace motus
