// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collision structures of a flex (part of kCompileFlexes' size(), see user_compile_flex.cc):
//
// - element-vertex pairs (flex_evpair, XMLreference.rst flex/contact "internal": "non-shared
//   vertices of neighboring elements on the periphery of the flex"): for 1D and 2D flexes, two
//   elements that share a facet (a vertex in 1D, an edge in 2D), one of which has a boundary
//   facet, give two pairs, each element with the vertex of the other that is not on the shared
//   facet. Facets are visited in sorted order of their vertex ids; of the two elements, the later
//   one's pair comes first.
// - the bounding volume hierarchy over the elements that can collide (all elements in 1D and 2D,
//   the first `activelayers` layers in 3D). A leaf holds one element; its box bounds the element's
//   vertices at qpos0 inflated by the flex radius. A node is split along the longest edge of its
//   box (a later axis only when longer by more than 1e-14) into the first half (rounded down) and
//   the rest of its elements sorted by box center along that axis (centers within 1e-14 sort by
//   element id). Nodes are stored in pre-order with children numbered from the root. The boxes
//   themselves are recomputed from the current vertex positions at every step (mjData
//   flexelem_aabb and bvh_aabb_dyn, engine_flex.cc), so the model keeps only the topology.

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_flex.h"

namespace motus {

namespace {

constexpr double kEps = 1e-14;  // ties in the split axis and the sort order

struct ElemBox {
  int id;
  double lo[3], hi[3], center[3];
};

int BuildNode(FlexResult* r, std::vector<ElemBox>::iterator begin,
              std::vector<ElemBox>::iterator end, int depth) {
  int node = static_cast<int>(r->bvh_depth.size());
  r->bvh_depth.push_back(depth);
  r->bvh_child.push_back(-1);
  r->bvh_child.push_back(-1);
  r->bvh_nodeid.push_back(-1);
  int n = static_cast<int>(end - begin);
  if (n == 1) {
    r->bvh_nodeid[node] = begin->id;
    return node;
  }
  double lo[3] = {mjMAXVAL, mjMAXVAL, mjMAXVAL}, hi[3] = {-mjMAXVAL, -mjMAXVAL, -mjMAXVAL};
  for (auto it = begin; it != end; ++it) {
    for (int k = 0; k < 3; k++) {
      lo[k] = std::min(lo[k], it->lo[k]);
      hi[k] = std::max(hi[k], it->hi[k]);
    }
  }
  double edge[3] = {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
  int axis = 0;
  if (edge[1] > edge[0] + kEps) {
    axis = 1;
  }
  if (edge[2] > edge[axis] + kEps) {
    axis = 2;
  }
  std::sort(begin, end, [axis](const ElemBox& a, const ElemBox& b) {
    if (std::fabs(a.center[axis] - b.center[axis]) > kEps) {
      return a.center[axis] < b.center[axis];
    }
    return a.id < b.id;
  });
  int left = BuildNode(r, begin, begin + n / 2, depth + 1);
  int right = BuildNode(r, begin + n / 2, end, depth + 1);
  r->bvh_child[2 * node] = left;
  r->bvh_child[2 * node + 1] = right;
  return node;
}

void BuildHierarchy(FlexResult* r, const std::vector<double>& xpos, double radius,
                    int activelayers) {
  int dim = r->dim, nelem = static_cast<int>(r->elem.size()) / (dim + 1);
  std::vector<ElemBox> boxes;
  for (int e = 0; e < nelem; e++) {
    if (dim == 3 && r->elemlayer[e] >= activelayers) {
      continue;
    }
    ElemBox b;
    b.id = e;
    for (int k = 0; k < 3; k++) {
      b.lo[k] = mjMAXVAL;
      b.hi[k] = -mjMAXVAL;
    }
    for (int i = 0; i <= dim; i++) {
      const double* x = xpos.data() + 3 * r->elem[(dim + 1) * e + i];
      for (int k = 0; k < 3; k++) {
        b.lo[k] = std::min(b.lo[k], x[k]);
        b.hi[k] = std::max(b.hi[k], x[k]);
      }
    }
    for (int k = 0; k < 3; k++) {
      b.lo[k] -= radius;
      b.hi[k] += radius;
      b.center[k] = 0.5 * (b.lo[k] + b.hi[k]);
    }
    boxes.push_back(b);
  }
  if (!boxes.empty()) {
    BuildNode(r, boxes.begin(), boxes.end(), 0);
  }
}

void BuildEvPairs(FlexResult* r) {
  int dim = r->dim;
  if (dim > 2) {
    return;  // 3D flexes collide internally within each tetrahedron instead
  }
  int nelem = static_cast<int>(r->elem.size()) / (dim + 1);
  // elements of each facet, in element order
  std::map<std::vector<int>, std::vector<int>> facetelems;
  for (int e = 0; e < nelem; e++) {
    const int* v = r->elem.data() + e * (dim + 1);
    for (int k = 0; k <= dim; k++) {
      std::vector<int> key;
      for (int j = 0; j <= dim; j++) {
        if (j != k) {
          key.push_back(v[j]);
        }
      }
      std::sort(key.begin(), key.end());
      facetelems[key].push_back(e);
    }
  }
  // the vertex of element e off the facet
  auto offVertex = [r, dim](int e, const std::vector<int>& facet) {
    const int* v = r->elem.data() + e * (dim + 1);
    for (int j = 0; j <= dim; j++) {
      if (!std::binary_search(facet.begin(), facet.end(), v[j])) {
        return v[j];
      }
    }
    return -1;
  };
  // elements on the periphery: those with a facet no other element shares
  std::vector<bool> periphery(nelem, false);
  for (const auto& kv : facetelems) {
    if (kv.second.size() == 1) {
      periphery[kv.second[0]] = true;
    }
  }
  for (const auto& kv : facetelems) {
    const std::vector<int>& el = kv.second;
    for (size_t a = 0; a < el.size(); a++) {
      for (size_t b = a + 1; b < el.size(); b++) {
        if (!periphery[el[a]] && !periphery[el[b]]) {
          continue;
        }
        int va = offVertex(el[a], kv.first), vb = offVertex(el[b], kv.first);
        if (va < 0 || vb < 0) {
          continue;  // degenerate elements repeating a vertex
        }
        r->evpair.insert(r->evpair.end(), {el[b], va, el[a], vb});
      }
    }
  }
}

}  // namespace

void FlexCollisionData(FlexResult* r, const std::vector<double>& xpos, double radius,
                       int activelayers) {
  r->evpair.clear();
  r->bvh_depth.clear();
  r->bvh_child.clear();
  r->bvh_nodeid.clear();
  BuildEvPairs(r);
  BuildHierarchy(r, xpos, radius, activelayers);
}

}  // namespace motus
