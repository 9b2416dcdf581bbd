// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh processing for the compiler (XMLreference.rst, <mesh>, "The full list of processing steps"
// and the <mesh> attributes), in the order MuJoCo applies it:
//   1. validation (counts, index ranges, finite coordinates);
//   2. a mesh without faces gets the faces of its convex hull;
//   3. missing normals are computed from the faces (in the file's own frame);
//   4. vertices: v' = scale .* conj(refquat)(v - refpos); normals: n' = normalize(scale .*
//      conj(refquat) n) (the normals are scaled like positions, as MuJoCo does);
//   5. volume, center of mass and inertia per <mesh inertia> (hull faces for "convex");
//   6. the principal axes of inertia (mju_eig3, eigenvalues in decreasing order) define the mesh
//      frame: vertices and normals are re-expressed in it; mesh_pos/mesh_quat record it;
//   7. the convex hull graph (computed on the input vertices, so independent of 4-6);
//   8. polygons (grouped and ordered in the asset frame, see user_mesh_poly.cc), bounding volume
//      hierarchy (split order from the triangles' boxes in the asset frame, see
//      user_mesh_bvh.cc) and bounds in the mesh frame.

#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_util_solve.h"
#include "user/user_mesh.h"

namespace motus {
namespace {

constexpr double kMinVal = 1e-15;  // mjMINVAL

// cosine of the largest angle between a face normal and a vertex's average normal for the face
// to contribute to a non-smooth vertex normal
constexpr double kSharpCos = 0.8;

bool Validate(const mjsMesh* spec, const MeshData& raw, std::string* error) {
  if (raw.vert.size() % 3) {
    *error = "vertex data must be a multiple of 3 values";
    return false;
  }
  size_t nvert = raw.vert.size() / 3;
  if (nvert < 4) {
    *error = "at least 4 vertices required";
    return false;
  }
  for (size_t i = 0; i < raw.vert.size(); i++) {
    if (!std::isfinite(raw.vert[i])) {
      *error = "vertex coordinate " + std::to_string(i / 3) + " is not finite";
      return false;
    }
  }
  if (raw.face.size() % 3) {
    *error = "face data must be a multiple of 3 indices";
    return false;
  }
  for (size_t i = 0; i < raw.face.size(); i++) {
    if (raw.face[i] < 0 || static_cast<size_t>(raw.face[i]) >= nvert) {
      *error = "in face " + std::to_string(i / 3) + ", vertex index " +
               std::to_string(raw.face[i]) + " does not exist";
      return false;
    }
  }
  if (raw.normal.size() % 3) {
    *error = "normal data must be a multiple of 3 values";
    return false;
  }
  for (float x : raw.normal) {
    if (!std::isfinite(x)) {
      *error = "normal is not finite";
      return false;
    }
  }
  if (raw.texcoord.size() % 2) {
    *error = "texcoord data must be a multiple of 2 values";
    return false;
  }
  if (!raw.texcoord.empty() && raw.facetexcoord.empty() && raw.texcoord.size() != 2 * nvert) {
    *error = "texcoord must be 2*nv if face texcoord indices are not provided in an OBJ file";
    return false;
  }
  // face attribute indices: same count as the faces, in range (-1 = none, OBJ only)
  struct Attr {
    const std::vector<int>* idx;
    size_t count;
    const char* what;
  } attrs[2] = {{&raw.facenormal, raw.normal.size() / 3, "normal"},
                {&raw.facetexcoord, raw.texcoord.size() / 2, "texcoord"}};
  for (const Attr& a : attrs) {
    if (a.idx->empty()) {
      continue;
    }
    if (a.idx->size() != raw.face.size()) {
      *error = std::string("face ") + a.what + " indices must match the number of faces";
      return false;
    }
    for (size_t i = 0; i < a.idx->size(); i++) {
      int k = (*a.idx)[i];
      if (k < -1 || (k >= 0 && static_cast<size_t>(k) >= a.count)) {
        *error = "in face " + std::to_string(i / 3) + ", " + a.what + " index " +
                 std::to_string(k) + " does not exist";
        return false;
      }
    }
  }
  if (spec->maxhullvert != -1 && spec->maxhullvert < 4) {
    *error = "maxhullvert must be larger than 3";
    return false;
  }
  for (int j = 0; j < 3; j++) {
    if (!std::isfinite(spec->scale[j]) || !std::isfinite(spec->refpos[j])) {
      *error = "mesh scale and refpos must be finite";
      return false;
    }
  }
  return true;
}

// hull faces (face_globalid) of a graph
std::vector<int> GraphFaces(const std::vector<int>& graph) {
  int numvert = graph[0], numface = graph[1];
  const int* faces = graph.data() + 2 + 3 * numvert + numface * 3;
  return std::vector<int>(faces, faces + 3 * numface);
}

// step 4: refpos, refquat, scale applied to vertices (double) and normals (float)
void ApplyReferenceFrame(const mjsMesh* spec, std::vector<double>* vert,
                         std::vector<float>* normal) {
  double q[4] = {spec->refquat[0], spec->refquat[1], spec->refquat[2], spec->refquat[3]};
  mju_normalize4(q);
  double qinv[4];
  mju_negQuat(qinv, q);
  const double* s = spec->scale;
  for (size_t i = 0; i < vert->size(); i += 3) {
    double v[3] = {(*vert)[i] - spec->refpos[0], (*vert)[i + 1] - spec->refpos[1],
                   (*vert)[i + 2] - spec->refpos[2]};
    double r[3];
    mju_rotVecQuat(r, v, qinv);
    for (int j = 0; j < 3; j++) {
      (*vert)[i + j] = s[j] * r[j];
    }
  }
  for (size_t i = 0; i < normal->size(); i += 3) {
    double n[3] = {(*normal)[i], (*normal)[i + 1], (*normal)[i + 2]};
    double r[3];
    mju_rotVecQuat(r, n, qinv);
    for (int j = 0; j < 3; j++) {
      r[j] *= s[j];
    }
    double len = mju_norm3(r);
    if (len > kMinVal) {
      mju_scl3(r, r, 1 / len);
    }
    for (int j = 0; j < 3; j++) {
      (*normal)[i + j] = static_cast<float>(r[j]);
    }
  }
}

// step 6: express vertices and normals in the frame (pos, quat)
void ToFrame(const double pos[3], const double quat[4], std::vector<double>* vert,
             std::vector<float>* normal) {
  double qinv[4];
  mju_negQuat(qinv, quat);
  for (size_t i = 0; i < vert->size(); i += 3) {
    double v[3] = {(*vert)[i] - pos[0], (*vert)[i + 1] - pos[1], (*vert)[i + 2] - pos[2]};
    mju_rotVecQuat(vert->data() + i, v, qinv);
  }
  for (size_t i = 0; i < normal->size(); i += 3) {
    double n[3] = {(*normal)[i], (*normal)[i + 1], (*normal)[i + 2]};
    double r[3];
    mju_rotVecQuat(r, n, qinv);
    for (int j = 0; j < 3; j++) {
      (*normal)[i + j] = static_cast<float>(r[j]);
    }
  }
}

// centers of the axis-aligned boxes of the triangles
std::vector<double> FaceBoxCenters(const std::vector<double>& vert, const std::vector<int>& face) {
  std::vector<double> c(face.size());
  for (size_t f = 0; f < face.size() / 3; f++) {
    for (int j = 0; j < 3; j++) {
      double lo = vert[3 * face[3 * f] + j], hi = lo;
      for (int k = 1; k < 3; k++) {
        lo = std::fmin(lo, vert[3 * face[3 * f + k] + j]);
        hi = std::fmax(hi, vert[3 * face[3 * f + k] + j]);
      }
      c[3 * f + j] = (hi + lo) / 2;
    }
  }
  return c;
}

// half-sizes of the box with the same volume-normalized principal inertia:
// I_i = V/3 (b_j^2 + b_k^2)  =>  b_i = sqrt(3/(2V) (I_j + I_k - I_i))
void InertiaBox(double volume, const double inertia[3], double box[3]) {
  for (int i = 0; i < 3; i++) {
    double d = inertia[(i + 1) % 3] + inertia[(i + 2) % 3] - inertia[i];
    box[i] = volume > 0 && d > 0 ? std::sqrt(1.5 * d / volume) : 0;
  }
}

}  // namespace

void MakeVertexNormals(const std::vector<double>& vert, const std::vector<int>& face, bool smooth,
                       std::vector<float>* normal) {
  size_t nvert = vert.size() / 3, nface = face.size() / 3;

  // area-weighted face normals: the cross product's length is twice the area
  std::vector<double> fn(3 * nface);
  std::vector<double> sum(3 * nvert, 0.0);
  for (size_t f = 0; f < nface; f++) {
    const double* a = vert.data() + 3 * face[3 * f];
    const double* b = vert.data() + 3 * face[3 * f + 1];
    const double* c = vert.data() + 3 * face[3 * f + 2];
    double e1[3], e2[3];
    mju_sub3(e1, b, a);
    mju_sub3(e2, c, a);
    mju_cross(fn.data() + 3 * f, e1, e2);
    for (int k = 0; k < 3; k++) {
      mju_addTo3(sum.data() + 3 * face[3 * f + k], fn.data() + 3 * f);
    }
  }

  // sharp edges: keep only faces within acos(kSharpCos) of the vertex's average normal
  if (!smooth) {
    std::vector<double> kept(3 * nvert, 0.0);
    for (size_t f = 0; f < nface; f++) {
      double u[3];
      mju_copy3(u, fn.data() + 3 * f);
      double len = mju_norm3(u);
      if (len < kMinVal) {
        continue;
      }
      mju_scl3(u, u, 1 / len);
      for (int k = 0; k < 3; k++) {
        int v = face[3 * f + k];
        double avg[3];
        mju_copy3(avg, sum.data() + 3 * v);
        double alen = mju_norm3(avg);
        if (alen < kMinVal) {
          continue;
        }
        if (mju_dot3(avg, u) / alen > kSharpCos) {
          mju_addTo3(kept.data() + 3 * v, fn.data() + 3 * f);
        }
      }
    }
    sum.swap(kept);
  }

  normal->resize(3 * nvert);
  for (size_t v = 0; v < nvert; v++) {
    double* n = sum.data() + 3 * v;
    double len = mju_norm3(n);
    if (len < kMinVal) {
      n[0] = n[1] = 0;
      n[2] = 1;
    } else {
      mju_scl3(n, n, 1 / len);
    }
    for (int j = 0; j < 3; j++) {
      (*normal)[3 * v + j] = static_cast<float>(n[j]);
    }
  }
}

bool ProcessMesh(const mjsMesh* spec, const MeshData& raw, const MeshOptions& options,
                 MeshResult* out, std::string* error) {
  *out = MeshResult();
  if (!Validate(spec, raw, error)) {
    return false;
  }
  std::vector<double> vert = raw.vert;
  std::vector<int> face = raw.face;
  std::vector<float> normal = raw.normal;
  std::vector<int> facenormal = raw.facenormal;
  std::vector<int> facetexcoord = raw.facetexcoord;
  size_t nvert = vert.size() / 3;
  const bool needhull = options.needhull || spec->inertia == mjMESH_INERTIA_CONVEX;

  // step 2 and 7: the hull graph is built on the input vertices
  std::vector<int> graph;
  if (face.empty() || needhull) {
    if (!MakeHullGraph(vert, spec->maxhullvert, &graph, error)) {
      return false;
    }
    if (face.empty()) {
      face = GraphFaces(graph);
    }
  }

  // step 3: automatic normals; face normal indices follow the faces when counts agree
  if (normal.empty()) {
    MakeVertexNormals(vert, face, spec->smoothnormal, &normal);
    facenormal = face;
  } else if (facenormal.empty() && normal.size() == vert.size()) {
    facenormal = face;
  } else if (facenormal.empty() && normal.size() == 3 * vert.size()) {
    // three normals per vertex (the frames of the wedge and plate builtins): a face corner
    // refers to the first normal of its vertex
    facenormal.resize(face.size());
    for (size_t i = 0; i < face.size(); i++) {
      facenormal[i] = 3 * face[i];
    }
  }
  if (facetexcoord.empty() && !raw.texcoord.empty()) {
    facetexcoord = face;
  }

  // sort keys of the BVH: centers of the triangles' boxes in the asset frame, carried along
  // with the vertices through steps 4 and 6
  std::vector<double> keys = FaceBoxCenters(vert, face);
  std::vector<float> nonormal;

  // step 4; a scale with negative determinant mirrors the mesh, so the faces' winding is
  // reversed to keep them facing out (XMLreference.rst, mesh/scale: negative values flip the
  // mesh along their axes)
  ApplyReferenceFrame(spec, &vert, &normal);
  ApplyReferenceFrame(spec, &keys, &nonormal);
  bool mirrored = spec->scale[0] * spec->scale[1] * spec->scale[2] < 0;
  if (mirrored) {
    for (std::vector<int>* f : {&face, &facenormal, &facetexcoord}) {
      for (size_t i = 0; i + 2 < f->size(); i += 3) {
        std::swap((*f)[i + 1], (*f)[i + 2]);
      }
    }
  }

  // step 5: mass properties on the transformed vertices
  double volume, com[3], inertia[9];
  std::vector<int> hullfaces =
      spec->inertia == mjMESH_INERTIA_CONVEX ? GraphFaces(graph) : std::vector<int>();
  for (size_t i = 0; mirrored && i + 2 < hullfaces.size(); i += 3) {
    std::swap(hullfaces[i + 1], hullfaces[i + 2]);
  }
  if (!MeshInertia(vert, spec->inertia == mjMESH_INERTIA_CONVEX ? hullfaces : face, spec->inertia,
                   &volume, com, inertia, error)) {
    return false;
  }

  // step 6: principal frame
  double eigval[3], eigvec[9], quat[4];
  mju_eig3Sorted(eigval, eigvec, quat, inertia, 0);
  if (!options.keepframe) {
    ToFrame(com, quat, &vert, &normal);
    ToFrame(com, quat, &keys, &nonormal);
    mju_copy3(out->pos, com);
    mju_copy4(out->quat, quat);
  }
  mju_copy3(out->scale, spec->scale);
  out->volume = volume;
  mju_copy3(out->inertia, eigval);
  InertiaBox(volume, eigval, out->boxsz);

  // mjModel arrays
  out->vert_d = vert;
  out->vert.assign(vert.begin(), vert.end());
  out->normal = normal;
  out->texcoord = raw.texcoord;
  out->face = face;
  out->facenormal = facenormal;
  out->facetexcoord = facetexcoord;
  if (needhull) {
    out->graph = graph;
  }

  // step 8
  for (int j = 0; j < 3; j++) {
    out->aamm[j] = mjMAXVAL;
    out->aamm[j + 3] = -mjMAXVAL;
  }
  for (size_t i = 0; i < nvert; i++) {
    for (int j = 0; j < 3; j++) {
      out->aamm[j] = std::fmin(out->aamm[j], vert[3 * i + j]);
      out->aamm[j + 3] = std::fmax(out->aamm[j + 3], vert[3 * i + j]);
    }
  }
  // polygons come from the hull only: a mesh without one (visual only) has none in MuJoCo 3.8
  MakePolygons(raw.vert, vert, needhull ? GraphFaces(graph) : std::vector<int>(),
               static_cast<int>(nvert), out);
  MakeMeshBVH(vert, face, keys, out);
  return true;
}

// ---- geoms --------------------------------------------------------------------------------------

void MeshGeomBounds(const MeshResult& mesh, double size[3], double aabb[6], double* rbound) {
  for (int j = 0; j < 3; j++) {
    double lo = mesh.aamm[j], hi = mesh.aamm[j + 3];
    size[j] = std::fmax(std::fabs(lo), std::fabs(hi));
    aabb[j] = (hi + lo) / 2;
    aabb[j + 3] = (hi - lo) / 2;
  }
  *rbound = std::sqrt(size[0] * size[0] + size[1] * size[1] + size[2] * size[2]);
}

bool FitPrimitive(const MeshResult& mesh, int geomtype, bool fitaabb, double fitscale,
                  double size[3], double pos[3], double quat[4], std::string* error) {
  // half-sizes of the box being fitted and its center in the mesh frame
  double half[3], center[3] = {0, 0, 0};
  if (fitaabb) {
    for (int j = 0; j < 3; j++) {
      half[j] = (mesh.aamm[j + 3] - mesh.aamm[j]) / 2;
      center[j] = (mesh.aamm[j + 3] + mesh.aamm[j]) / 2;
    }
  } else {
    mju_copy3(half, mesh.boxsz);
  }

  size[0] = size[1] = size[2] = 0;
  switch (geomtype) {
    case mjGEOM_SPHERE:
      // aabb: smallest sphere containing the box's extents; inertia box: mean half-size
      size[0] = fitaabb ? std::fmax(half[0], std::fmax(half[1], half[2]))
                        : (half[0] + half[1] + half[2]) / 3;
      break;
    case mjGEOM_CAPSULE:
      size[0] = fitaabb ? std::fmax(half[0], half[1]) : (half[0] + half[1]) / 2;
      size[1] = std::fmax(0.0, fitaabb ? half[2] - size[0] : half[2] - size[0] / 2);
      break;
    case mjGEOM_CYLINDER:
      size[0] = fitaabb ? std::fmax(half[0], half[1]) : (half[0] + half[1]) / 2;
      size[1] = half[2];
      break;
    case mjGEOM_ELLIPSOID:
    case mjGEOM_BOX:
      mju_copy3(size, half);
      break;
    default:
      *error = "mesh fitting is only defined for sphere, capsule, cylinder, ellipsoid and box";
      return false;
  }
  for (int j = 0; j < 3; j++) {
    size[j] *= fitscale;
  }

  // the primitive's frame: the mesh frame, moved to the box center
  double offset[3];
  mju_rotVecQuat(offset, center, mesh.quat);
  mju_add3(pos, mesh.pos, offset);
  mju_copy4(quat, mesh.quat);
  return true;
}

}  // namespace motus
