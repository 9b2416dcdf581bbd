// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Volume, center of mass and inertia of a triangulated surface (XMLreference.rst, <mesh> and
// <mesh inertia>). Solid modes use the union-of-pyramids construction (O'Rourke, Computational
// Geometry in C, 1.3.8): every triangle (a, b, c) is joined to an apex p to form a tetrahedron of
// signed volume  V = (a-p).((b-p)x(c-p)) / 6,  centroid  p + (a+b+c-3p)/4  and second moment
//   S = V/20 * (sum_k q_k q_k^T + (sum_k q_k)(sum_k q_k)^T),  q_k = corner_k - p,
// (the apex contributes nothing when moments are taken about it). The inertia tensor about p is
// I = trace(S) 1 - S.
//
// The modes differ in which triangles are used and how volumes are signed:
//   exact:   signed volumes (a closed, outward-oriented surface gives the true solid);
//   legacy:  absolute volumes (concave surfaces overcount);
//   convex:  the convex hull's triangles (the caller passes them), signed volumes;
//   shell:   mass on the surface: triangle areas, centroid (a+b+c)/3 and second moment
//            S = A/12 * (sum_k q_k q_k^T + (sum_k q_k)(sum_k q_k)^T).
// For the solid modes the center of mass is found first with the apex at the area-weighted
// centroid of the triangles; volume and inertia are then accumulated with the apex at that
// center of mass (for signed volumes both choices give the same answer; for legacy this is the
// convention whose numbers MuJoCo reports).

#include <cmath>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"

namespace motus {
namespace {

constexpr double kMinVal = 1e-15;  // mjMINVAL

// geometry of one triangle: unit normal, area and centroid
struct Triangle {
  double normal[3], area, center[3];
};

Triangle MakeTriangle(const std::vector<double>& vert, const std::vector<int>& face, size_t f) {
  const double* a = vert.data() + 3 * face[3 * f];
  const double* b = vert.data() + 3 * face[3 * f + 1];
  const double* c = vert.data() + 3 * face[3 * f + 2];
  Triangle t;
  double e1[3], e2[3];
  mju_sub3(e1, b, a);
  mju_sub3(e2, c, a);
  mju_cross(t.normal, e1, e2);
  double len = mju_normalize3(t.normal);
  t.area = len / 2;
  for (int j = 0; j < 3; j++) {
    t.center[j] = (a[j] + b[j] + c[j]) / 3;
  }
  return t;
}

// signed volume of the pyramid from apex p to the triangle: height along the normal times
// area / 3
double PyramidVolume(const Triangle& t, const double p[3]) {
  double h[3];
  mju_sub3(h, t.center, p);
  return mju_dot3(h, t.normal) * t.area / 3;
}

// S += w * (sum_k q_k q_k^T + (sum_k q_k)(sum_k q_k)^T) / div for the corners q_k of triangle f
// taken relative to p, written per entry as
// 2 (a_i a_j + b_i b_j + c_i c_j) + a_i b_j + b_i a_j + a_i c_j + c_i a_j + b_i c_j + c_i b_j
void AddMoment(double S[9], const std::vector<double>& vert, const std::vector<int>& face, size_t f,
               const double p[3], double w, double div) {
  double a[3], b[3], c[3];
  mju_sub3(a, vert.data() + 3 * face[3 * f], p);
  mju_sub3(b, vert.data() + 3 * face[3 * f + 1], p);
  mju_sub3(c, vert.data() + 3 * face[3 * f + 2], p);
  for (int i = 0; i < 3; i++) {
    for (int j = i; j < 3; j++) {
      double m = 2 * (a[i] * a[j] + b[i] * b[j] + c[i] * c[j]) + a[i] * b[j] + b[i] * a[j] +
                 a[i] * c[j] + c[i] * a[j] + b[i] * c[j] + c[i] * b[j];
      S[3 * i + j] += w * m / div;
    }
  }
}

// inertia about the origin of the moments: I = trace(S) 1 - S (upper triangle of S filled)
void MomentToInertia(const double S[9], double I[9]) {
  I[0] = S[4] + S[8];
  I[4] = S[0] + S[8];
  I[8] = S[0] + S[4];
  I[1] = I[3] = -S[1];
  I[2] = I[6] = -S[2];
  I[5] = I[7] = -S[5];
}

// area-weighted centroid of the triangles; false when the total area vanishes
bool SurfaceCentroid(const std::vector<double>& vert, const std::vector<int>& face, double* area,
                     double c[3]) {
  double total = 0;
  mju_zero3(c);
  for (size_t f = 0; f < face.size() / 3; f++) {
    Triangle t = MakeTriangle(vert, face, f);
    total += t.area;
    mju_addToScl3(c, t.center, t.area);
  }
  *area = total;
  if (total < kMinVal) {
    return false;
  }
  mju_scl3(c, c, 1 / total);
  return true;
}

bool ShellInertia(const std::vector<double>& vert, const std::vector<int>& face, double* area,
                  double com[3], double inertia[9], std::string* error) {
  if (!SurfaceCentroid(vert, face, area, com)) {
    *error = "mesh surface area is too small";
    return false;
  }
  double S[9] = {0};
  for (size_t f = 0; f < face.size() / 3; f++) {
    Triangle t = MakeTriangle(vert, face, f);
    AddMoment(S, vert, face, f, com, t.area, 12);
  }
  MomentToInertia(S, inertia);
  return true;
}

bool SolidInertia(const std::vector<double>& vert, const std::vector<int>& face, bool absolute,
                  bool exact, double* volume, double com[3], double inertia[9],
                  std::string* error) {
  const char* too_small = "mesh volume is too small. Try setting inertia to shell";
  double area, apex[3];
  if (!SurfaceCentroid(vert, face, &area, apex)) {
    *error = too_small;
    return false;
  }
  size_t nface = face.size() / 3;

  // pass 1: center of mass, pyramids with apex at the surface centroid; a pyramid's centroid
  // is (apex + 3 * triangle centroid) / 4
  double vol = 0;
  mju_zero3(com);
  for (size_t f = 0; f < nface; f++) {
    Triangle t = MakeTriangle(vert, face, f);
    double v = PyramidVolume(t, apex);
    if (absolute) {
      v = std::fabs(v);
    }
    vol += v;
    double cen[3];
    for (int j = 0; j < 3; j++) {
      cen[j] = (apex[j] + 3 * t.center[j]) / 4;
    }
    mju_addToScl3(com, cen, v);
  }
  if (exact && vol < 0) {
    *error = "mesh volume is negative (misoriented triangles)";
    return false;
  }
  if (vol < kMinVal) {
    *error = too_small;
    return false;
  }
  mju_scl3(com, com, 1 / vol);

  // pass 2: volume and inertia with the apex at the center of mass
  double S[9] = {0};
  vol = 0;
  for (size_t f = 0; f < nface; f++) {
    Triangle t = MakeTriangle(vert, face, f);
    double v = PyramidVolume(t, com);
    if (absolute) {
      v = std::fabs(v);
    }
    vol += v;
    AddMoment(S, vert, face, f, com, v, 20);
  }
  if (vol < kMinVal) {
    *error = too_small;
    return false;
  }
  *volume = vol;
  MomentToInertia(S, inertia);
  return true;
}

}  // namespace

bool MeshInertia(const std::vector<double>& vert, const std::vector<int>& face, mjtMeshInertia mode,
                 double* volume, double com[3], double inertia[9], std::string* error) {
  if (face.empty()) {
    *error = "mesh has no faces for the inertia computation";
    return false;
  }
  switch (mode) {
    case mjMESH_INERTIA_SHELL:
      return ShellInertia(vert, face, volume, com, inertia, error);
    case mjMESH_INERTIA_LEGACY:
      return SolidInertia(vert, face, true, false, volume, com, inertia, error);
    case mjMESH_INERTIA_EXACT:
      return SolidInertia(vert, face, false, true, volume, com, inertia, error);
    case mjMESH_INERTIA_CONVEX:
      return SolidInertia(vert, face, false, false, volume, com, inertia, error);
  }
  *error = "unknown mesh inertia mode " + std::to_string(static_cast<int>(mode));
  return false;
}

}  // namespace motus
