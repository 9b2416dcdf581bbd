// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Octree signed distance field of a triangle mesh (geoms of type "sdf" that reference a mesh).
// The layout is MuJoCo's (oct_* arrays compared on several meshes: see doc/conformance.md#sdf):
//
// Root. The axis-aligned bounds of the mesh vertices (mesh frame), grown by 10% about their
//   center. Boxes are kept as min/max bounds; a child's bounds are its parent's halved at the
//   midpoint, and oct_aabb stores center = (min+max)/2 and half-size = (max-min)/2.
//
// Refinement. Breadth-first from the root: a node at depth < kOctreeMaxDepth whose closed box
//   meets a triangle (separating-axis test) gets 8 children, appended in child order k (bit 0 of
//   k: upper half in x, bit 1: y, bit 2: z). Nodes are therefore numbered level by level.
//
// Balance. Then leaves are made to differ by at most one level from their face neighbors. The
//   neighbor across a face is the leaf containing a query point just outside the face center
//   (points on a split plane go to the lower side). Sweeps over the leaves in index order mark
//   (a) the leaf itself when the query finds a leaf two or more levels deeper, and (b) the queried
//   leaf when it is two or more levels coarser; the tree is not changed during a sweep. The
//   marked leaves are split at the end of the sweep, in the order they were first marked, and
//   sweeps repeat until nothing is marked.
//
// Coefficients. Each node stores the field at its 8 corners (same order as children). A corner
//   that lies on the boundary of a coarser leaf without being one of its corners (a "hanging"
//   vertex) takes the trilinear interpolation of that leaf's corner values, which makes the
//   interpolated field continuous across levels; every other corner takes the signed distance to
//   the mesh: the distance to the closest triangle, negative when the point is behind the
//   closest feature's pseudo-normal (face normal, sum of the unit normals of the faces at an
//   edge, or angle-weighted sum at a vertex). A vertex has the same value in every node.
//
// Integer cell coordinates drive the topology (levels, neighbors, hanging vertices), so rounding
// in the box coordinates cannot change the structure.

#include "user/user_mesh_octree.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <unordered_map>
#include <vector>

namespace motus {
namespace {

// grid resolution of the deepest level (cells per root edge)
constexpr int64_t kGrid = int64_t{1} << kOctreeMaxDepth;

// query coordinates use 4 units per deepest cell so that "just outside a face" and "center of a
// face" are exact integers
constexpr int kQueryShift = 2;
constexpr int64_t kQuerySpan = kGrid << kQueryShift;

inline double Dot(const double a[3], const double b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline void Sub(double r[3], const double a[3], const double b[3]) {
  r[0] = a[0] - b[0];
  r[1] = a[1] - b[1];
  r[2] = a[2] - b[2];
}
inline void Cross(double r[3], const double a[3], const double b[3]) {
  r[0] = a[1] * b[2] - a[2] * b[1];
  r[1] = a[2] * b[0] - a[0] * b[2];
  r[2] = a[0] * b[1] - a[1] * b[0];
}

// Closest point on a triangle by Voronoi regions of the vertices, edges and face, written with
// the dot products of the edge vectors with the vectors from each vertex to p. Region codes:
// 0,1,2 = vertex a,b,c; 3 = edge ab, 4 = edge ac, 5 = edge bc; 6 = interior.
double ClosestOnTriangle(const double p[3], const double a[3], const double b[3], const double c[3],
                         double q[3], int* region) {
  double ab[3], ac[3], ap[3], bp[3], cp[3];
  Sub(ab, b, a);
  Sub(ac, c, a);
  Sub(ap, p, a);
  Sub(bp, p, b);
  Sub(cp, p, c);
  double d1 = Dot(ab, ap), d2 = Dot(ac, ap);
  double d3 = Dot(ab, bp), d4 = Dot(ac, bp);
  double d5 = Dot(ab, cp), d6 = Dot(ac, cp);
  double s = 0, t = 0;  // q = a + s*ab + t*ac
  if (d1 <= 0 && d2 <= 0) {
    *region = 0;
  } else if (d3 >= 0 && d4 <= d3) {
    s = 1;
    *region = 1;
  } else if (d6 >= 0 && d5 <= d6) {
    t = 1;
    *region = 2;
  } else {
    // signed areas of the sub-triangles opposite a, b, c (barycentric numerators)
    double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      s = d1 / (d1 - d3);
      *region = 3;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      t = d2 / (d2 - d6);
      *region = 4;
    } else if (va <= 0 && d4 >= d3 && d5 >= d6) {
      t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
      s = 1 - t;
      *region = 5;
    } else {
      double sum = va + vb + vc;
      s = vb / sum;
      t = vc / sum;
      *region = 6;
    }
  }
  double dist2 = 0;
  for (int i = 0; i < 3; i++) {
    q[i] = a[i] + s * ab[i] + t * ac[i];
    dist2 += (p[i] - q[i]) * (p[i] - q[i]);
  }
  return dist2;
}

inline uint64_t EdgeKey(int a, int b) {
  if (a > b) {
    std::swap(a, b);
  }
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}

// Signed distance to a triangle mesh: closest triangle found with a bounding volume hierarchy,
// sign from the pseudo-normal of the closest feature.
class MeshDistance {
 public:
  MeshDistance(const std::vector<double>& vert, const std::vector<int>& face)
      : vert_(vert), face_(face), nface_(static_cast<int>(face.size() / 3)) {
    MakeNormals();
    leafface_.resize(nface_);
    std::iota(leafface_.begin(), leafface_.end(), 0);
    centroid_.resize(3 * nface_);
    for (int f = 0; f < nface_; f++) {
      for (int j = 0; j < 3; j++) {
        centroid_[3 * f + j] = (V(f, 0)[j] + V(f, 1)[j] + V(f, 2)[j]) / 3;
      }
    }
    if (nface_) {
      Build(leafface_.data(), leafface_.data() + nface_);
    }
  }

  double operator()(const double p[3]) const {
    double best = INFINITY, q[3] = {0, 0, 0};
    int bestface = -1, bestregion = 6;
    int stack[128];
    int top = 0;
    if (!node_.empty()) {
      stack[top++] = 0;
    }
    while (top) {
      const Node& n = node_[stack[--top]];
      if (BoxDist2(n, p) > best) {
        continue;
      }
      if (n.left < 0) {
        for (int k = n.begin; k < n.end; k++) {
          int f = leafface_[k];
          double qq[3];
          int region;
          double d2 = ClosestOnTriangle(p, V(f, 0), V(f, 1), V(f, 2), qq, &region);
          // first triangle (lowest index) among equally close ones, as a linear scan would find
          if (d2 < best || (d2 == best && f < bestface)) {
            best = d2;
            bestface = f;
            bestregion = region;
            for (int j = 0; j < 3; j++) {
              q[j] = qq[j];
            }
          }
        }
      } else if (top + 2 <= 128) {
        // nearer child on top of the stack: it is searched first and tightens `best` sooner
        bool leftnear = BoxDist2(node_[n.left], p) <= BoxDist2(node_[n.right], p);
        stack[top++] = leftnear ? n.right : n.left;
        stack[top++] = leftnear ? n.left : n.right;
      }
    }
    double pq[3];
    Sub(pq, p, q);
    return Dot(pq, Normal(bestface, bestregion)) < 0 ? -std::sqrt(best) : std::sqrt(best);
  }

 private:
  struct Node {
    double lo[3], hi[3];
    int left = -1, right = -1;  // children, or -1 for a leaf holding faces [begin, end)
    int begin = 0, end = 0;
  };

  const double* V(int f, int k) const { return vert_.data() + 3 * face_[3 * f + k]; }

  static double BoxDist2(const Node& n, const double p[3]) {
    double d2 = 0;
    for (int j = 0; j < 3; j++) {
      double d = std::max({n.lo[j] - p[j], 0.0, p[j] - n.hi[j]});
      d2 += d * d;
    }
    return d2;
  }

  // unit face normals, vertex normals weighted by the face angle at the vertex, edge normals
  // as the sum of the unit normals of the faces sharing the edge
  void MakeNormals() {
    facenormal_.assign(3 * nface_, 0);
    vertnormal_.assign(vert_.size(), 0);
    for (int f = 0; f < nface_; f++) {
      double e1[3], e2[3], n[3];
      Sub(e1, V(f, 1), V(f, 0));
      Sub(e2, V(f, 2), V(f, 0));
      Cross(n, e1, e2);
      double len = std::sqrt(Dot(n, n));
      for (int j = 0; j < 3; j++) {
        n[j] = len > 0 ? n[j] / len : 0;
      }
      for (int j = 0; j < 3; j++) {
        facenormal_[3 * f + j] = n[j];
      }
      for (int k = 0; k < 3; k++) {
        int a = face_[3 * f + k], b = face_[3 * f + (k + 1) % 3];
        double u[3], w[3];
        Sub(u, V(f, (k + 1) % 3), V(f, k));
        Sub(w, V(f, (k + 2) % 3), V(f, k));
        double uw = std::sqrt(Dot(u, u) * Dot(w, w));
        double angle = uw > 0 ? std::acos(std::clamp(Dot(u, w) / uw, -1.0, 1.0)) : 0;
        for (int j = 0; j < 3; j++) {
          vertnormal_[3 * a + j] += angle * n[j];
        }
        std::array<double, 3>& e = edgenormal_[EdgeKey(a, b)];
        for (int j = 0; j < 3; j++) {
          e[j] += n[j];
        }
      }
    }
  }

  const double* Normal(int f, int region) const {
    static const double kNone[3] = {0, 0, 0};
    if (f < 0) {
      return kNone;
    }
    if (region < 3) {
      return vertnormal_.data() + 3 * face_[3 * f + region];
    }
    if (region < 6) {
      static const int kEdge[3][2] = {{0, 1}, {0, 2}, {1, 2}};
      const int* e = kEdge[region - 3];
      return edgenormal_.at(EdgeKey(face_[3 * f + e[0]], face_[3 * f + e[1]])).data();
    }
    return facenormal_.data() + 3 * f;
  }

  // top-down: split the faces at the median centroid along the longest axis of the node
  int Build(int* begin, int* end) {
    int index = static_cast<int>(node_.size());
    node_.emplace_back();
    Node n;
    for (int j = 0; j < 3; j++) {
      n.lo[j] = INFINITY;
      n.hi[j] = -INFINITY;
    }
    for (int* f = begin; f < end; f++) {
      for (int k = 0; k < 3; k++) {
        for (int j = 0; j < 3; j++) {
          n.lo[j] = std::min(n.lo[j], V(*f, k)[j]);
          n.hi[j] = std::max(n.hi[j], V(*f, k)[j]);
        }
      }
    }
    n.begin = static_cast<int>(begin - leafface_.data());
    n.end = static_cast<int>(end - leafface_.data());
    if (end - begin > 4) {
      int axis = 0;
      for (int j = 1; j < 3; j++) {
        if (n.hi[j] - n.lo[j] > n.hi[axis] - n.lo[axis]) {
          axis = j;
        }
      }
      int* mid = begin + (end - begin) / 2;
      const std::vector<double>& c = centroid_;
      std::nth_element(begin, mid, end, [&c, axis](int a, int b) {
        return c[3 * a + axis] < c[3 * b + axis] || (c[3 * a + axis] == c[3 * b + axis] && a < b);
      });
      n.left = Build(begin, mid);
      n.right = Build(mid, end);
    }
    node_[index] = n;
    return index;
  }

  const std::vector<double>& vert_;
  const std::vector<int>& face_;
  int nface_;
  std::vector<double> facenormal_, vertnormal_, centroid_;
  std::unordered_map<uint64_t, std::array<double, 3>> edgenormal_;
  std::vector<Node> node_;
  std::vector<int> leafface_;  // face indices, grouped by leaf
};

}  // namespace

bool OctreeTriangleBoxOverlap(const double a[3], const double b[3], const double c[3],
                              const double center[3], const double half[3]) {
  // triangle relative to the box center
  double v[3][3];
  Sub(v[0], a, center);
  Sub(v[1], b, center);
  Sub(v[2], c, center);
  double e[3][3];
  Sub(e[0], v[1], v[0]);
  Sub(e[1], v[2], v[1]);
  Sub(e[2], v[0], v[2]);

  // candidate separating axes: box axes, triangle normal, box axis x triangle edge
  double axis[13][3];
  int n = 0;
  for (int i = 0; i < 3; i++) {
    axis[n][0] = axis[n][1] = axis[n][2] = 0;
    axis[n++][i] = 1;
  }
  Cross(axis[n++], e[0], e[1]);
  for (int i = 0; i < 3; i++) {
    double u[3] = {0, 0, 0};
    u[i] = 1;
    for (int j = 0; j < 3; j++) {
      Cross(axis[n++], u, e[j]);
    }
  }

  // separated when the triangle's projection interval misses the box's [-r, r]
  for (int k = 0; k < n; k++) {
    const double* ax = axis[k];
    if (ax[0] == 0 && ax[1] == 0 && ax[2] == 0) {
      continue;
    }
    double p0 = Dot(ax, v[0]), p1 = Dot(ax, v[1]), p2 = Dot(ax, v[2]);
    double r = half[0] * std::fabs(ax[0]) + half[1] * std::fabs(ax[1]) + half[2] * std::fabs(ax[2]);
    if (std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r) {
      return false;
    }
  }
  return true;
}

double OctreeClosestPointTriangle(const double p[3], const double a[3], const double b[3],
                                  const double c[3], double closest[3]) {
  int region;
  return ClosestOnTriangle(p, a, b, c, closest, &region);
}

namespace {

// Construction state of one octree (see the top of the file for the rules).
class OctreeBuilder {
 public:
  OctreeBuilder(const std::vector<double>& vert, const std::vector<int>& face, MeshOctree* out)
      : vert_(vert), face_(face), out_(out) {}

  void Run() {
    MakeRoot();
    Refine();
    Balance();
    Coefficients();
  }

 private:
  // root bounds and the coordinates of every split plane along each axis: plane_[j][i] for
  // i = 0..kGrid, computed as midpoints level by level as the nodes' bounds are
  void MakeRoot() {
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t i = 0; i + 2 < vert_.size(); i += 3) {
      for (int j = 0; j < 3; j++) {
        lo[j] = std::min(lo[j], vert_[i + j]);
        hi[j] = std::max(hi[j], vert_[i + j]);
      }
    }
    for (int j = 0; j < 3; j++) {
      double center = (lo[j] + hi[j]) / 2, half = 1.1 * ((hi[j] - lo[j]) / 2);
      plane_[j].assign(kGrid + 1, 0);
      plane_[j][0] = center - half;
      plane_[j][kGrid] = center + half;
      for (int64_t step = kGrid; step > 1; step /= 2) {
        for (int64_t i = 0; i < kGrid; i += step) {
          plane_[j][i + step / 2] = (plane_[j][i] + plane_[j][i + step]) / 2;
        }
      }
    }
    AddNode(0, 0, 0, 0);
  }

  // appends a node at `depth` with integer cell coordinates (x, y, z) at that depth
  void AddNode(int depth, int64_t x, int64_t y, int64_t z) {
    int64_t xyz[3] = {x, y, z}, size = kGrid >> depth;
    out_->depth.push_back(depth);
    out_->child.insert(out_->child.end(), 8, -1);
    double lo[3], hi[3];
    for (int j = 0; j < 3; j++) {
      lo[j] = plane_[j][xyz[j] * size];
      hi[j] = plane_[j][(xyz[j] + 1) * size];
    }
    for (int j = 0; j < 3; j++) {
      out_->aabb.push_back((lo[j] + hi[j]) / 2);
    }
    for (int j = 0; j < 3; j++) {
      out_->aabb.push_back((hi[j] - lo[j]) / 2);
    }
    cell_.insert(cell_.end(), xyz, xyz + 3);
  }

  void Split(int n) {
    int first = out_->size(), depth = out_->depth[n];
    for (int k = 0; k < 8; k++) {
      AddNode(depth + 1, 2 * cell_[3 * n] + (k & 1), 2 * cell_[3 * n + 1] + ((k >> 1) & 1),
              2 * cell_[3 * n + 2] + ((k >> 2) & 1));
    }
    for (int k = 0; k < 8; k++) {
      out_->child[8 * n + k] = first + k;
    }
  }

  // breadth-first subdivision of the nodes that meet a triangle; each node tests only the
  // triangles that met its parent
  void Refine() {
    std::vector<std::vector<int>> faces(1);
    int nface = static_cast<int>(face_.size() / 3);
    faces[0].resize(nface);
    std::iota(faces[0].begin(), faces[0].end(), 0);
    for (int n = 0; n < out_->size(); n++) {
      std::vector<int> mine = std::move(faces[n]);
      if (out_->depth[n] >= kOctreeMaxDepth) {
        continue;
      }
      const double* box = out_->aabb.data() + 6 * n;
      std::vector<int> hit;
      for (int f : mine) {
        if (OctreeTriangleBoxOverlap(V(f, 0), V(f, 1), V(f, 2), box, box + 3)) {
          hit.push_back(f);
        }
      }
      if (hit.empty()) {
        continue;
      }
      Split(n);
      faces.resize(out_->size());
      for (int k = 0; k < 8; k++) {
        faces[out_->child[8 * n + k]] = hit;
      }
    }
  }

  // leaf containing the query point P (query units, kQuerySpan per root edge); coordinates on
  // a split plane go to the lower side
  int Locate(const int64_t P[3]) const {
    int n = 0;
    while (out_->child[8 * n] >= 0) {
      int64_t size = kQuerySpan >> out_->depth[n];
      int k = 0;
      for (int j = 0; j < 3; j++) {
        if (P[j] > cell_[3 * n + j] * size + size / 2) {
          k |= 1 << j;
        }
      }
      n = out_->child[8 * n + k];
    }
    return n;
  }

  void Balance() {
    for (;;) {
      std::vector<int> marked;
      std::vector<char> ismarked(out_->size(), 0);
      auto mark = [&](int n) {
        if (!ismarked[n]) {
          ismarked[n] = 1;
          marked.push_back(n);
        }
      };
      for (int n = 0; n < out_->size(); n++) {
        if (out_->child[8 * n] >= 0) {
          continue;
        }
        int depth = out_->depth[n];
        int64_t size = kQuerySpan >> depth;
        for (int dir = 0; dir < 6; dir++) {
          // face center, moved one query unit across the face
          int axis = dir / 2;
          int64_t P[3];
          for (int j = 0; j < 3; j++) {
            P[j] = cell_[3 * n + j] * size + size / 2;
          }
          P[axis] = dir % 2 ? (cell_[3 * n + axis] + 1) * size + 1 : cell_[3 * n + axis] * size - 1;
          if (P[axis] < 0 || P[axis] >= kQuerySpan) {
            continue;
          }
          int other = Locate(P);
          if (out_->depth[other] >= depth + 2) {
            mark(n);
          }
          if (out_->depth[other] <= depth - 2) {
            mark(other);
          }
        }
      }
      if (marked.empty()) {
        return;
      }
      for (int n : marked) {
        Split(n);
      }
    }
  }

  // value at the grid vertex v (deepest-level units), memoized
  double Value(const int64_t v[3]) {
    uint64_t key = (static_cast<uint64_t>(v[0]) << 42) | (static_cast<uint64_t>(v[1]) << 21) |
                   static_cast<uint64_t>(v[2]);
    auto it = value_.find(key);
    if (it != value_.end()) {
      return it->second;
    }

    // coarsest leaf around v that has v on its boundary but not as a corner
    int hang = -1;
    for (int oct = 0; oct < 8; oct++) {
      int64_t P[3];
      bool inside = true;
      for (int j = 0; j < 3; j++) {
        P[j] = (v[j] << kQueryShift) + ((oct >> j) & 1 ? 1 : -1);
        inside = inside && P[j] >= 0 && P[j] < kQuerySpan;
      }
      if (!inside) {
        continue;
      }
      int leaf = Locate(P);
      int64_t size = kGrid >> out_->depth[leaf];
      bool corner = v[0] % size == 0 && v[1] % size == 0 && v[2] % size == 0;
      if (!corner && (hang < 0 || out_->depth[leaf] < out_->depth[hang])) {
        hang = leaf;
      }
    }

    double result = 0;
    if (hang < 0) {
      double p[3] = {plane_[0][v[0]], plane_[1][v[1]], plane_[2][v[2]]};
      result = (*distance_)(p);
    } else {
      // trilinear interpolation of the coarse leaf's corner values
      int64_t size = kGrid >> out_->depth[hang], base[3];
      double t[3];
      for (int j = 0; j < 3; j++) {
        base[j] = cell_[3 * hang + j] * size;
        t[j] = static_cast<double>(v[j] - base[j]) / size;
      }
      for (int k = 0; k < 8; k++) {
        int64_t w[3];
        double weight = 1;
        for (int j = 0; j < 3; j++) {
          bool upper = (k >> j) & 1;
          w[j] = base[j] + (upper ? size : 0);
          weight *= upper ? t[j] : 1 - t[j];
        }
        if (weight != 0) {
          result += weight * Value(w);
        }
      }
    }
    value_[key] = result;
    return result;
  }

  void Coefficients() {
    MeshDistance distance(vert_, face_);
    distance_ = &distance;
    out_->coeff.resize(8 * out_->size());
    for (int n = 0; n < out_->size(); n++) {
      int64_t size = kGrid >> out_->depth[n];
      for (int k = 0; k < 8; k++) {
        int64_t v[3];
        for (int j = 0; j < 3; j++) {
          v[j] = (cell_[3 * n + j] + ((k >> j) & 1)) * size;
        }
        out_->coeff[8 * n + k] = Value(v);
      }
    }
    distance_ = nullptr;
  }

  const double* V(int f, int k) const { return vert_.data() + 3 * face_[3 * f + k]; }

  const std::vector<double>& vert_;
  const std::vector<int>& face_;
  MeshOctree* out_;
  std::vector<int64_t> cell_;     // 3 per node: cell coordinates at the node's depth
  std::vector<double> plane_[3];  // split plane coordinates (kGrid + 1 per axis)
  std::unordered_map<uint64_t, double> value_;
  const MeshDistance* distance_ = nullptr;
};

}  // namespace

bool MakeMeshOctree(const std::vector<double>& vert, const std::vector<int>& face, MeshOctree* out,
                    std::string* error) {
  *out = MeshOctree();
  if (face.size() < 3 || vert.size() < 3) {
    *error = "mesh has no faces: cannot build the octree of an sdf geom";
    return false;
  }
  for (int v : face) {
    if (v < 0 || 3 * static_cast<size_t>(v) + 2 >= vert.size()) {
      *error = "mesh face index out of range: cannot build the octree of an sdf geom";
      return false;
    }
  }
  for (double x : vert) {
    if (!std::isfinite(x)) {
      *error = "mesh has a non-finite vertex: cannot build the octree of an sdf geom";
      return false;
    }
  }
  OctreeBuilder(vert, face, out).Run();
  return true;
}

}  // namespace motus
