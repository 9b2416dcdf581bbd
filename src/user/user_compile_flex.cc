// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flexes (CompileKind kCompileFlexes, see user_compile.h for the contract; XMLreference.rst
// deformable/flex, modeling.rst "Deformable objects"). size() resolves the vertex and node
// bodies, checks the elements, orients tetrahedra, and derives the topology: edges (unique vertex
// pairs in order of first appearance in the elements), element edges, boundary facets (shells),
// element layers and vertex-edge adjacency. fill() writes the flex_* arrays and the sparsity of
// the edge Jacobians; finalize() computes the rest edge lengths and inverse weights at qpos0.

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_flex.h"

namespace motus {

namespace {

// vertex pairs of the edges of an element, by dimension (MuJoCo's edge order)
const int kEdge1[1][2] = {{0, 1}};
const int kEdge2[3][2] = {{1, 2}, {2, 0}, {0, 1}};
const int kEdge3[6][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {0, 3}, {1, 3}};

int EdgesPerElem(int dim) {
  return dim == 1 ? 1 : dim == 2 ? 3 : 6;
}

const int (*EdgeTable(int dim))[2] {
  return dim == 1 ? kEdge1 : dim == 2 ? kEdge2 : kEdge3;
}

// facets of an element (dim vertices each), outward for MuJoCo's tetrahedron orientation
const int kFacet2[3][2] = {{1, 2}, {2, 0}, {0, 1}};
const int kFacet3[4][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}};

// global position of a vertex at compile time (body frames at qpos0 are known after the tree pass
// only through mjModel, so tetrahedra are oriented with the positions in their shared body frame
// when all four share one; otherwise with body positions composed along the tree)
void BodyPoint(const CompileContext* c, int body, const double* local, double* out) {
  double p[3] = {local[0], local[1], local[2]};
  while (body > 0) {
    const Pose& pose = c->body[body].local;
    double r[3];
    mju_rotVecQuat(r, p, pose.quat);
    for (int k = 0; k < 3; k++) {
      p[k] = r[k] + pose.pos[k];
    }
    body = c->body[body].parent;
  }
  out[0] = p[0];
  out[1] = p[1];
  out[2] = p[2];
}

bool ResolveBodies(CompileContext* c, const SpecFlex* f, const std::vector<std::string>& names,
                   std::vector<int>* ids, const char* what) {
  for (const std::string& n : names) {
    int id = c->FindId(mjOBJ_BODY, n);
    if (id < 0) {
      return c->Error(std::string("unknown ") + what + " body '" + n + "' in flex", f);
    }
    ids->push_back(id);
  }
  return true;
}

// edges, element edges, shells, vertex-edge adjacency
void Topology(FlexResult* r, int nvert, int flags) {
  int dim = r->dim, nelem = static_cast<int>(r->elem.size()) / (dim + 1);
  std::map<std::pair<int, int>, int> edgeid;
  const int(*tab)[2] = EdgeTable(dim);
  for (int e = 0; e < nelem; e++) {
    const int* v = r->elem.data() + e * (dim + 1);
    for (int k = 0; k < EdgesPerElem(dim); k++) {
      int a = v[tab[k][0]], b = v[tab[k][1]];
      std::pair<int, int> key(std::min(a, b), std::max(a, b));
      auto it = edgeid.find(key);
      if (it == edgeid.end()) {
        int id = static_cast<int>(r->edge.size() / 2);
        edgeid[key] = id;
        r->edge.push_back(key.first);
        r->edge.push_back(key.second);
        r->elemedge.push_back(id);
      } else {
        r->elemedge.push_back(it->second);
      }
    }
  }

  // 2D flaps (with bending, flags = elastic2d): the vertex opposite each edge in the first and
  // second triangle that has it
  int nedge = static_cast<int>(r->edge.size() / 2);
  r->edgeflap.assign(2 * nedge, -1);
  if (dim == 2 && (flags & 1)) {
    for (int e = 0; e < nelem; e++) {
      for (int k = 0; k < 3; k++) {
        int* flap = r->edgeflap.data() + 2 * r->elemedge[3 * e + k];
        flap[flap[0] < 0 ? 0 : 1] = r->elem[3 * e + k];  // edge k is opposite vertex k
      }
    }
  }

  // boundary facets: facets used by exactly one element, in sorted-key order
  std::map<std::vector<int>, std::pair<int, std::vector<int>>> facets;
  for (int e = 0; e < nelem; e++) {
    const int* v = r->elem.data() + e * (dim + 1);
    int nf = dim + 1;
    for (int k = 0; k < nf; k++) {
      std::vector<int> f;
      for (int j = 0; j < dim; j++) {
        f.push_back(dim == 1 ? v[k] : dim == 2 ? v[kFacet2[k][j]] : v[kFacet3[k][j]]);
      }
      std::vector<int> key = f;
      std::sort(key.begin(), key.end());
      auto& slot = facets[key];
      if (slot.first++ == 0) {
        slot.second = f;
      }
    }
  }
  for (const auto& kv : facets) {
    if (kv.second.first == 1) {
      r->shell.insert(r->shell.end(), kv.second.second.begin(), kv.second.second.end());
    }
  }

  // layers of 3D elements: 0 for elements with a boundary face, else 1 + the smallest layer
  // among the elements sharing a face (breadth-first over face neighbors)
  r->elemlayer.assign(nelem, 0);
  if (dim == 3) {
    std::map<std::vector<int>, std::vector<int>> faceelems;
    for (int e = 0; e < nelem; e++) {
      const int* v = r->elem.data() + e * 4;
      for (int k = 0; k < 4; k++) {
        std::vector<int> key = {v[kFacet3[k][0]], v[kFacet3[k][1]], v[kFacet3[k][2]]};
        std::sort(key.begin(), key.end());
        faceelems[key].push_back(e);
      }
    }
    std::vector<int> layer(nelem, -1), frontier;
    for (const auto& kv : faceelems) {
      if (kv.second.size() == 1 && layer[kv.second[0]] < 0) {
        layer[kv.second[0]] = 0;
        frontier.push_back(kv.second[0]);
      }
    }
    std::vector<std::vector<int>> neighbors(nelem);
    for (const auto& kv : faceelems) {
      for (int a : kv.second) {
        for (int b : kv.second) {
          if (a != b) {
            neighbors[a].push_back(b);
          }
        }
      }
    }
    for (size_t i = 0; i < frontier.size(); i++) {
      int e = frontier[i];
      for (int n : neighbors[e]) {
        if (layer[n] < 0) {
          layer[n] = layer[e] + 1;
          frontier.push_back(n);
        }
      }
    }
    for (int e = 0; e < nelem; e++) {
      r->elemlayer[e] = std::max(layer[e], 0);
    }
  }

  // edges at each vertex, in edge order
  r->vertedgenum.assign(nvert, 0);
  for (int i = 0; i < 2 * nedge; i++) {
    r->vertedgenum[r->edge[i]]++;
  }
  r->vertedgeadr.assign(nvert, 0);
  for (int v = 1; v < nvert; v++) {
    r->vertedgeadr[v] = r->vertedgeadr[v - 1] + r->vertedgenum[v - 1];
  }
  r->vertedge.assign(2 * nedge, 0);
  std::vector<int> fillpos = r->vertedgeadr;
  for (int e = 0; e < nedge; e++) {
    for (int k = 0; k < 2; k++) {
      r->vertedge[fillpos[r->edge[2 * e + k]]++] = e;
    }
  }
}

bool SizeOne(CompileContext* c, const SpecFlex* f, FlexResult* r) {
  const mjsFlex& s = f->s;
  r->dim = s.dim;
  if (s.dim < 1 || s.dim > 3) {
    return c->Error("flex dim must be 1, 2 or 3", f);
  }
  if ((s.dim < 3 && s.radius <= 0) || s.radius < 0) {
    return c->Error("flex radius must be positive in 1D and 2D (non-negative in 3D)", f);
  }
  bool interp = !f->own.nodebody.empty();
  r->order = interp ? s.order : 0;
  if (!ResolveBodies(c, f, f->own.vertbody, &r->vertbody, "vertex")) {
    return false;
  }
  if (!ResolveBodies(c, f, f->own.nodebody, &r->nodebody, "node")) {
    return false;
  }
  // vertices: given coordinates (3 each) or one per body at the body origin; a single body
  // holds all given vertices
  size_t nvert = f->own.vert.empty() ? r->vertbody.size() : f->own.vert.size() / 3;
  if (f->own.vert.size() % 3) {
    return c->Error("flex vertex data must have 3 numbers per vertex", f);
  }
  if (r->vertbody.size() == 1 && nvert > 1) {
    r->vertbody.assign(nvert, r->vertbody[0]);
  }
  if (r->vertbody.size() != nvert) {
    return c->Error("flex needs one body per vertex (or a single body)", f);
  }
  r->vert = f->own.vert.empty() ? std::vector<double>(3 * nvert, 0.0) : f->own.vert;
  if (interp) {
    if (r->order != 1 && r->order != 2) {
      return c->Error("flex dof must be trilinear or quadratic when nodes are given", f);
    }
    // nodes: a grid of order * cellcount + 1 per axis (XMLreference flex/cellcount)
    size_t want = 1;
    for (int k = 0; k < 3; k++) {
      if (s.cellcount[k] < 1) {
        return c->Error("flex cellcount must be positive", f);
      }
      want *= static_cast<size_t>(r->order * s.cellcount[k] + 1);
    }
    if (r->nodebody.size() != want) {
      return c->Error("flex needs " + std::to_string(want) + " nodes for its dof", f);
    }
    r->node = f->own.node.empty() ? std::vector<double>(3 * want, 0.0) : f->own.node;
    if (r->node.size() != 3 * want) {
      return c->Error("flex node data must have 3 numbers per node", f);
    }
  }
  // 2D elasticity (XMLreference flex/elasticity/elastic2d) needs a 2D flex and a thickness
  if (s.elastic2d && s.thickness <= 0) {
    return c->Error("2d elasticity requires positive thickness", f);
  }
  if (s.elastic2d && s.dim != 2) {
    return c->Error("2d elasticity requires 2d flex", f);
  }
  if (nvert < static_cast<size_t>(s.dim + 1)) {
    return c->Error("flex has fewer vertices than dim+1", f);
  }

  // elements: ids in range, no repeated vertex inside an element
  r->elem = f->own.elem;
  int nv = s.dim + 1;
  if (r->elem.empty() || r->elem.size() % nv) {
    return c->Error("flex element data must have dim+1 vertex ids per element", f);
  }
  for (size_t e = 0; e < r->elem.size(); e += nv) {
    for (int k = 0; k < nv; k++) {
      int id = r->elem[e + k];
      if (id < 0 || static_cast<size_t>(id) >= nvert) {
        return c->Error("flex element " + std::to_string(e / nv) + " has out-of-range vertex id " +
                            std::to_string(id),
                        f);
      }
      for (int j = 0; j < k; j++) {
        if (r->elem[e + j] == id) {
          return c->Error(
              "flex element " + std::to_string(e / nv) + " repeats vertex " + std::to_string(id),
              f);
        }
      }
    }
  }
  r->elemtexcoord = f->own.elemtexcoord;
  if (!r->elemtexcoord.empty() && r->elemtexcoord.size() != r->elem.size()) {
    return c->Error("flex elemtexcoord must have dim+1 ids per element", f);
  }
  r->texcoord = f->own.texcoord;
  if (!r->texcoord.empty() && r->elemtexcoord.empty() && r->texcoord.size() != 2 * nvert) {
    return c->Error("flex texcoord must have 2 numbers per vertex", f);
  }

  // tetrahedra: MuJoCo keeps (v1-v0) x (v2-v0) . (v3-v0) non-positive, swapping v1 and v2
  if (s.dim == 3) {
    for (size_t e = 0; e < r->elem.size(); e += 4) {
      double p[4][3];
      for (int k = 0; k < 4; k++) {
        int v = r->elem[e + k];
        BodyPoint(c, r->vertbody[v], r->vert.data() + 3 * v, p[k]);
      }
      double a[3], b[3], d[3], n[3];
      mju_sub3(a, p[1], p[0]);
      mju_sub3(b, p[2], p[0]);
      mju_sub3(d, p[3], p[0]);
      mju_cross(n, a, b);
      if (mju_dot3(n, d) > 0) {
        std::swap(r->elem[e + 1], r->elem[e + 2]);
      }
    }
  }

  // rigid: every vertex in one body; centered: all vertices (or nodes) at their body origin
  r->rigid = !interp;
  for (int b : r->vertbody) {
    r->rigid = r->rigid && b == r->vertbody[0];
  }
  const std::vector<double>& local = interp ? r->node : r->vert;
  r->centered = true;
  for (double x : local) {
    r->centered = r->centered && x == 0;
  }
  // reference coordinates: positions at qpos0 in the unit cube of the bounding box (0.5 along
  // a flat direction); interpolated flexes evaluate their nodes' shape functions there
  std::vector<double> x(3 * nvert);
  double lo[3] = {mjMAXVAL, mjMAXVAL, mjMAXVAL}, hi[3] = {-mjMAXVAL, -mjMAXVAL, -mjMAXVAL};
  for (size_t v = 0; v < nvert; v++) {
    BodyPoint(c, r->vertbody[v], r->vert.data() + 3 * v, x.data() + 3 * v);
    for (int k = 0; k < 3; k++) {
      lo[k] = std::min(lo[k], x[3 * v + k]);
      hi[k] = std::max(hi[k], x[3 * v + k]);
    }
  }
  r->vert0.resize(3 * nvert);
  for (int k = 0; k < 3; k++) {
    double ext = hi[k] - lo[k];
    r->size[k] = 0.5 * ext;
    for (size_t v = 0; v < nvert; v++) {
      r->vert0[3 * v + k] = ext > mjMINVAL ? (x[3 * v + k] - lo[k]) / ext : 0.5;
    }
  }
  if (interp) {
    r->vertbody.assign(nvert, -1);
  }
  r->matid = -1;
  if (!f->own.material.empty()) {
    r->matid = c->FindId(mjOBJ_MATERIAL, f->own.material);
    if (r->matid < 0) {
      return c->Error("unknown material '" + f->own.material + "' in flex", f);
    }
  }
  Topology(r, static_cast<int>(nvert), s.elastic2d);
  FlexCollisionData(r, x, s.radius, s.activelayers);
  return true;
}

bool SizeFlexes(CompileContext* c) {
  mjModel& z = c->sizes;
  c->flex.clear();
  for (const auto& f : c->spec->flexes) {
    FlexResult r;
    if (!SizeOne(c, f.get(), &r)) {
      return false;
    }
    int nelem = static_cast<int>(r.elem.size()) / (r.dim + 1);
    z.nflex++;
    z.nflexnode += static_cast<mjtSize>(r.nodebody.size());
    z.nflexvert += static_cast<mjtSize>(r.vert.size() / 3);
    z.nflexedge += static_cast<mjtSize>(r.edge.size() / 2);
    z.nflexelem += nelem;
    // 21 per element, then a dense matrix over the node coordinates of each cell of an
    // interpolated flex
    z.nflexstiffness += 21 * nelem + FlexStiffnessSize(r.order, f->s.cellcount);
    z.nflexelemdata += static_cast<mjtSize>(r.elem.size());
    z.nflexelemedge += static_cast<mjtSize>(r.elemedge.size());
    z.nflexshelldata += static_cast<mjtSize>(r.shell.size());
    z.nflextexcoord += static_cast<mjtSize>(r.texcoord.size() / 2);
    z.nflexevpair += static_cast<mjtSize>(r.evpair.size() / 2);
    z.nbvh += static_cast<mjtSize>(r.bvh_depth.size());  // flex nodes follow the static ones
    z.nbvhdynamic += static_cast<mjtSize>(r.bvh_depth.size());
    c->flex.push_back(std::move(r));
  }
  return true;
}

// height-field geoms do not collide with flexes yet: a model where such a geom and a flex have
// matching contype/conaffinity is refused (see doc/conformance.md#flexes)
bool CheckGeomTypes(CompileContext* c) {
  for (const auto& f : c->spec->flexes) {
    const mjsFlex& fs = f->s;
    for (size_t i = 0; i < c->geoms.size(); i++) {
      const SpecGeom* g = c->geoms[i];
      const mjsGeom& gs = g->s;
      if (gs.type != mjGEOM_HFIELD) {
        continue;
      }
      if (!(gs.contype & fs.conaffinity) && !(fs.contype & gs.conaffinity)) {
        continue;
      }
      std::string geom = g->name.empty() ? std::to_string(i) : "'" + g->name + "'";
      std::string flex = f->name.empty() ? "" : " '" + f->name + "'";
      return c->Error(std::string("collisions of height field geom ") + geom + " with flex" + flex +
                          " are not supported yet (set contype/conaffinity so they cannot collide)",
                      f.get());
    }
  }
  return true;
}

bool SizeAll(CompileContext* c) {
  return SizeFlexes(c) && SizeFlexJacobians(c) && CheckGeomTypes(c);
}

}  // namespace

const CompileKind kCompileFlexes = {"flexes", SizeAll, FillFlexes, FinalizeFlexes};

}  // namespace motus
