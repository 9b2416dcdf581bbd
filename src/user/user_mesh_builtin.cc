// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Builtin meshes for mjs_makeMesh and <mesh builtin=...> (XMLreference.rst, asset/mesh/builtin).
// Vertex and face orders follow MuJoCo's compiled models:
//   sphere(s):          unit icosahedron, each triangle (a,b,c) subdivided s times into
//                       (a,ab,ca), (b,bc,ab), (c,ca,bc), (ab,bc,ca); midpoints shared and pushed
//                       to the unit sphere; V = 2 + 10*4^s, F = 20*4^s.
//   hemisphere(r):      the upper half of an octahedron, subdivided into rings k = 1..r+1 of 4k
//                       points (|x|+|y| = k/(r+1), z = 1 - k/(r+1)) projected to the sphere, with
//                       the pole first and the center of the flat base last.
//   cone(n, radius):    vertices only (the compiler takes the convex hull): a unit n-gon at
//                       z = -1 and an n-gon of the given radius at z = 1 (one apex if 0).
//   supersphere(res, e, n): superellipsoid (x, y, z) = (C(p,n) C(t,e), C(p,n) S(t,e), S(p,n)) on
//                       latitudes p = -pi/2 + k pi/res and longitudes t = -pi + 2 pi j/res, with
//                       C(w,m) = sgn(cos w)|cos w|^m, S(w,m) = sgn(sin w)|sin w|^m.
//   supertorus(res, radius, s, t): ((1 + radius C(p,s)) C(q,t), (1 + radius C(p,s)) S(q,t),
//                       radius S(p,s)) for major angles q = 2 pi i/res, minor p = 2 pi j/res.
//   wedge(np, nt, fov_p, fov_t, gamma): vertices only, on the unit sphere around -Z at angles
//                       fov * (f(b_k) + f(b_k+1))/2 over the cells [b_k, b_k+1] of a uniform
//                       split of [-1, 1], with the foveal warp f(u) = (1-gamma) u + gamma u^5.
//                       Each vertex also gets a frame of three normals (radial, tangent along
//                       phi, their cross product), stored as 3 normals per vertex.
//   plate(nx, ny):      vertices only: cell centers of [-1,1]^2 at z = -1 (a flat point set,
//                       which the compiler cannot turn into a solid; as in MuJoCo), with the
//                       frame (-Z, +X, +Y) at every vertex.

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_mesh.h"

namespace motus {
namespace {

// mesh under construction, in double until it is handed out
struct Builder {
  std::vector<double> v;
  std::vector<double> n;  // optional vertex frames (3 unit vectors per vertex)
  std::vector<int> f;
  int Add(double x, double y, double z) {
    v.push_back(x);
    v.push_back(y);
    v.push_back(z);
    return static_cast<int>(v.size() / 3 - 1);
  }
  int AddUnit(double x, double y, double z) {
    double n = std::sqrt(x * x + y * y + z * z);
    return Add(x / n, y / n, z / n);
  }
  void Tri(int a, int b, int c) {
    f.push_back(a);
    f.push_back(b);
    f.push_back(c);
  }
};

double SignedPow(double base, double exponent) {
  return (base < 0 ? -1 : base > 0 ? 1 : 0) * std::pow(std::fabs(base), exponent);
}

void Sphere(int subdivision, Builder* m) {
  const double t = (1 + std::sqrt(5.0)) / 2;
  const double ico[12][3] = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
                             {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
                             {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  const int faces[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                            {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                            {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                            {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (const auto& p : ico) {
    double n = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    m->Add(static_cast<float>(p[0] / n), static_cast<float>(p[1] / n),
           static_cast<float>(p[2] / n));
  }
  for (const auto& fc : faces) {
    m->Tri(fc[0], fc[1], fc[2]);
  }

  for (int s = 0; s < subdivision; s++) {
    std::map<std::pair<int, int>, int> cache;
    // midpoints are computed in single precision from the single-precision vertices, which
    // reproduces MuJoCo's vertices bit for bit
    auto midpoint = [&](int a, int b) {
      std::pair<int, int> key(std::min(a, b), std::max(a, b));
      auto it = cache.find(key);
      if (it != cache.end()) {
        return it->second;
      }
      float c[3];
      for (int j = 0; j < 3; j++) {
        c[j] = (static_cast<float>(m->v[3 * a + j]) + static_cast<float>(m->v[3 * b + j])) / 2;
      }
      float n = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
      int id = m->Add(c[0] / n, c[1] / n, c[2] / n);
      cache[key] = id;
      return id;
    };
    std::vector<int> old;
    old.swap(m->f);
    for (size_t i = 0; i < old.size(); i += 3) {
      int a = old[i], b = old[i + 1], c = old[i + 2];
      int ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
      m->Tri(a, ab, ca);
      m->Tri(b, bc, ab);
      m->Tri(c, ca, bc);
      m->Tri(ab, bc, ca);
    }
  }
}

void Hemisphere(int res, Builder* m) {
  int nring = res + 1;
  int top = m->Add(0, 0, 1);
  std::vector<int> first(nring + 1, 0);  // index of the first vertex of ring k
  first[0] = top;
  for (int k = 1; k <= nring; k++) {
    double a = static_cast<double>(k) / nring;  // |x| + |y| on the octahedron
    double z = 1 - a;
    first[k] = static_cast<int>(m->v.size() / 3);
    // 4k points around the square |x|+|y| = a, counter-clockwise from (a, 0)
    for (int q = 0; q < 4; q++) {
      for (int i = 0; i < k; i++) {
        double s = a * i / k;  // distance walked from the corner
        double x, y;
        switch (q) {
          case 0:
            x = a - s;
            y = s;
            break;
          case 1:
            x = -s;
            y = a - s;
            break;
          case 2:
            x = -a + s;
            y = -s;
            break;
          default:
            x = s;
            y = -a + s;
            break;
        }
        m->AddUnit(x, y, z);
      }
    }
  }
  int center = m->Add(0, 0, 0);

  // pole fan
  for (int j = 0; j < 4; j++) {
    m->Tri(top, first[1] + j, first[1] + (j + 1) % 4);
  }

  // strips between rings k and k+1: each outer quadrant has one more point than the inner
  for (int k = 1; k < nring; k++) {
    int n_in = 4 * k, n_out = 4 * (k + 1);
    auto I = [&](int i) { return first[k] + i % n_in; };
    auto O = [&](int o) { return first[k + 1] + o % n_out; };
    int o = 0;
    for (int i = 0; i < n_in; i++) {
      m->Tri(I(i), O(o), O(o + 1));
      o++;
      if (i > 0 && i % k == 0) {  // corner: an extra outer triangle
        m->Tri(I(i), O(o), O(o + 1));
        o++;
      }
      m->Tri(I(i), O(o), I(i + 1));
    }
    m->Tri(I(0), O(o), O(0));  // the extra triangle of the first corner
  }

  // base fan to the center
  int n_last = 4 * nring;
  for (int j = 0; j < n_last; j++) {
    m->Tri(first[nring] + j, center, first[nring] + (j + 1) % n_last);
  }
}

void Cone(int n, double radius, Builder* m) {
  for (int i = 0; i < n; i++) {
    double a = 2 * mjPI * i / n;
    m->Add(std::cos(a), std::sin(a), -1);
  }
  if (radius > 0) {
    for (int i = 0; i < n; i++) {
      double a = 2 * mjPI * i / n;
      m->Add(radius * std::cos(a), radius * std::sin(a), 1);
    }
  } else {
    m->Add(0, 0, 1);
  }
}

void Supersphere(int res, double e, double n, Builder* m) {
  int bottom = m->Add(0, 0, -1);
  for (int k = 1; k < res; k++) {
    double p = -mjPI / 2 + mjPI * k / res;
    for (int j = 0; j < res; j++) {
      double t = -mjPI + 2 * mjPI * j / res;
      double c = SignedPow(std::cos(p), n);
      m->Add(c * SignedPow(std::cos(t), e), c * SignedPow(std::sin(t), e),
             SignedPow(std::sin(p), n));
    }
  }
  int top = m->Add(0, 0, 1);
  auto ring = [&](int k, int j) { return 1 + (k - 1) * res + (j % res); };
  for (int j = 0; j < res; j++) {
    m->Tri(bottom, ring(1, j + 1), ring(1, j));
  }
  for (int k = 1; k < res - 1; k++) {
    for (int j = 0; j < res; j++) {
      m->Tri(ring(k, j), ring(k, j + 1), ring(k + 1, j));
      m->Tri(ring(k, j + 1), ring(k + 1, j + 1), ring(k + 1, j));
    }
  }
  for (int j = 0; j < res; j++) {
    m->Tri(ring(res - 1, j), ring(res - 1, j + 1), top);
  }
}

void Supertorus(int res, double radius, double s, double t, Builder* m) {
  for (int i = 0; i < res; i++) {
    double q = 2 * mjPI * i / res;
    for (int j = 0; j < res; j++) {
      double p = 2 * mjPI * j / res;
      double w = 1 + radius * SignedPow(std::cos(p), s);
      m->Add(w * SignedPow(std::cos(q), t), w * SignedPow(std::sin(q), t),
             radius * SignedPow(std::sin(p), s));
    }
  }
  for (int i = 0; i < res; i++) {
    int i1 = (i + 1) % res;
    for (int j = 0; j < res; j++) {
      int j1 = (j + 1) % res;
      int a = i * res + j, b = i1 * res + j, c = i * res + j1, d = i1 * res + j1;
      m->Tri(a, b, c);
      m->Tri(b, d, c);
    }
  }
}

// cell centers of a uniform split of [-1, 1] into n cells, after the foveal warp
std::vector<double> WarpedCells(int n, double gamma) {
  auto warp = [gamma](double u) { return (1 - gamma) * u + gamma * std::pow(u, 5); };
  std::vector<double> c(n);
  for (int k = 0; k < n; k++) {
    double b0 = -1 + 2.0 * k / n, b1 = -1 + 2.0 * (k + 1) / n;
    c[k] = (warp(b0) + warp(b1)) / 2;
  }
  return c;
}

void Wedge(int np, int nt, double fov_p, double fov_t, double gamma, Builder* m) {
  std::vector<double> cp = WarpedCells(np, gamma), ct = WarpedCells(nt, gamma);
  for (int i = 0; i < np; i++) {
    double p = fov_p * cp[i] * mjPI / 180;
    for (int j = 0; j < nt; j++) {
      double t = fov_t * ct[j] * mjPI / 180;
      double r[3] = {std::sin(p) * std::cos(t), std::sin(t), -std::cos(p) * std::cos(t)};
      m->Add(r[0], r[1], r[2]);
      // tactile frame: radial direction, tangent along phi, and their cross product
      double u[3] = {std::cos(p), 0, std::sin(p)}, w[3];
      mju_cross(w, u, r);
      m->n.insert(m->n.end(), r, r + 3);
      m->n.insert(m->n.end(), u, u + 3);
      m->n.insert(m->n.end(), w, w + 3);
    }
  }
}

void Plate(int nx, int ny, Builder* m) {
  for (int i = 0; i < nx; i++) {
    for (int j = 0; j < ny; j++) {
      m->Add(-1 + (2.0 * i + 1) / nx, -1 + (2.0 * j + 1) / ny, -1);
      // the same tactile frame as the wedge at its center: -Z, +X, +Y
      const double frame[9] = {0, 0, -1, 1, 0, 0, 0, 1, 0};
      m->n.insert(m->n.end(), frame, frame + 9);
    }
  }
}

bool Count(int nparams, int expected, const char* name, std::string* error) {
  if (nparams != expected) {
    *error = std::string(name) + " mesh type requires " + std::to_string(expected) +
             (expected == 1 ? " parameter" : " parameters");
    return false;
  }
  return true;
}

}  // namespace

bool MakeBuiltinMesh(mjtMeshBuiltin builtin, const double* params, int nparams,
                     std::vector<float>* vert, std::vector<int>* face, std::string* error) {
  std::vector<float> normal;
  return MakeBuiltinMesh(builtin, params, nparams, vert, &normal, face, error);
}

bool MakeBuiltinMesh(mjtMeshBuiltin builtin, const double* params, int nparams,
                     std::vector<float>* vert, std::vector<float>* normal, std::vector<int>* face,
                     std::string* error) {
  vert->clear();
  normal->clear();
  face->clear();
  if (nparams > 0 && !params) {
    *error = "builtin mesh parameters are missing";
    return false;
  }
  for (int i = 0; i < nparams; i++) {
    if (!std::isfinite(params[i])) {
      *error = "builtin mesh parameters must be finite";
      return false;
    }
  }
  Builder m;
  const double* p = params;
  switch (builtin) {
    case mjMESH_BUILTIN_SPHERE: {
      if (!Count(nparams, 1, "Sphere", error)) {
        return false;
      }
      int s = static_cast<int>(p[0]);
      if (s < 0 || s > 4) {
        *error = "Sphere subdivision must be between 0 and 4";
        return false;
      }
      Sphere(s, &m);
      break;
    }
    case mjMESH_BUILTIN_HEMISPHERE: {
      if (!Count(nparams, 1, "Hemisphere", error)) {
        return false;
      }
      int r = static_cast<int>(p[0]);
      if (r < 0 || r > 10) {
        *error = "Hemisphere resolution must be between 0 and 10";
        return false;
      }
      Hemisphere(r, &m);
      break;
    }
    case mjMESH_BUILTIN_CONE: {
      if (!Count(nparams, 2, "Cone", error)) {
        return false;
      }
      int n = static_cast<int>(p[0]);
      if (n < 3 || n > 10000 || p[1] < 0) {
        *error = "Cone needs at least 3 vertices and a nonnegative radius";
        return false;
      }
      Cone(n, p[1], &m);
      break;
    }
    case mjMESH_BUILTIN_SUPERSPHERE: {
      if (!Count(nparams, 3, "Supersphere", error)) {
        return false;
      }
      int res = static_cast<int>(p[0]);
      if (res < 3 || res > 1000) {
        *error = "Supersphere resolution must be greater than 2";
        return false;
      }
      if (p[1] < 0 || p[2] < 0) {
        *error = "Supersphere exponents must be nonnegative";
        return false;
      }
      Supersphere(res, p[1], p[2], &m);
      break;
    }
    case mjMESH_BUILTIN_SUPERTORUS: {
      if (!Count(nparams, 4, "Supertorus", error)) {
        return false;
      }
      int res = static_cast<int>(p[0]);
      if (res < 3 || res > 1000) {
        *error = "Supertorus resolution must be greater than 2";
        return false;
      }
      if (!(p[1] > 0 && p[1] <= 1)) {
        *error = "Supertorus radius must be in (0, 1]";
        return false;
      }
      if (!(p[2] > 0 && p[3] > 0)) {
        *error = "Supertorus exponents must be positive";
        return false;
      }
      Supertorus(res, p[1], p[2], p[3], &m);
      break;
    }
    case mjMESH_BUILTIN_WEDGE: {
      if (!Count(nparams, 5, "Wedge", error)) {
        return false;
      }
      int np = static_cast<int>(p[0]), nt = static_cast<int>(p[1]);
      if (np < 1 || nt < 1 || static_cast<long>(np) * nt > 1000000) {
        *error = "Horizontal and vertical resolutions must be positive";
        return false;
      }
      if (!(p[2] > 0 && p[2] <= 180) || !(p[3] > 0 && p[3] < 90) || p[4] < 0 || p[4] > 1) {
        *error = "Wedge needs fov_phi in (0, 180], fov_theta in (0, 90) and gamma in [0, 1]";
        return false;
      }
      Wedge(np, nt, p[2], p[3], p[4], &m);
      break;
    }
    case mjMESH_BUILTIN_PLATE: {
      if (!Count(nparams, 2, "Plate", error)) {
        return false;
      }
      int nx = static_cast<int>(p[0]), ny = static_cast<int>(p[1]);
      if (nx < 1 || ny < 1 || static_cast<long>(nx) * ny > 1000000) {
        *error = "Horizontal and vertical resolutions must be positive";
        return false;
      }
      Plate(nx, ny, &m);
      break;
    }
    default:
      *error = "unknown builtin mesh type " + std::to_string(static_cast<int>(builtin));
      return false;
  }
  vert->assign(m.v.begin(), m.v.end());
  normal->assign(m.n.begin(), m.n.end());
  *face = m.f;
  return true;
}

}  // namespace motus
