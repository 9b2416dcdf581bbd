// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Elasticity of 2D and 3D flexes (XMLreference.rst flex/elasticity, modeling.rst "Deformation
// model"), computed at qpos0 from the rest vertex positions:
//
// flex_stiffness (21 numbers per element, the upper triangle of a symmetric matrix over the
// element's edges, row by row): each element is in a constant strain state (Saint
// Venant-Kirchhoff). The Green strain is linear in the squared edge elongations
// d_a = l_a^2 - L_a^2: E = sum_a d_a M_a, where M_a is the dual of the rest edge vectors,
// D_b' M_a D_b = delta_ab / 2. With g_i the gradients of the barycentric coordinates of the rest
// element, M_a = -(g_i g_j' + g_j g_i') / 4 for edge a = (i, j). The stored matrix is
//   K_ab = V (mu M_a:M_b + lambda tr(M_a) tr(M_b))
// with the Lame parameters of Young's modulus and Poisson's ratio, V the element volume (area
// times thickness in 2D). 2D flexes have it when elastic2d includes "stretch".
//
// flex_bending (17 numbers per edge, 2D flexes with elastic2d including "bend"): the discrete
// quadratic bending model on the two triangles sharing the edge (x0, x1) with flaps x2, x3
// (flex_edgeflap). With the cotangents c01, c02 (angles at x0 in the triangles of x2 and x3),
// c03, c04 (at x1), k = (c03 + c04, c01 + c02, -c01 - c03, -c02 - c04), the 4x4 matrix is
//   B = 3 / (A0 + A1) * mu t^3 / 24 * cos(theta) k k'
// (A0, A1 the triangle areas, theta the rest dihedral angle between the normals
// (x1-x0)x(x2-x0) and (x3-x0)x(x1-x0)), and the 17th number, the coefficient of the triple
// product (x1-x0).((x2-x0)x(x3-x0)) that accounts for a curved rest shape, is
//   -3 / (A0 + A1) * mu t^3 / 24 * (c01 - c03) (c02 - c04) T0 / |x1 - x0|^3
// with T0 the rest triple product. Both were established against MuJoCo 3.8.0's arrays
// (doc/conformance.md#flexes).

#include <cmath>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile_flex.h"

namespace motus {

namespace {

// local vertex pairs of the edges of an element (MuJoCo's order, as flex_elemedge)
const int kEdge2[3][2] = {{1, 2}, {2, 0}, {0, 1}};
const int kEdge3[6][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {0, 3}, {1, 3}};

// gradients of the barycentric coordinates of a triangle (n = 3) or tetrahedron (n = 4) with
// vertices p[0..n-1]; returns the area or volume (0 when degenerate)
double Gradients(int n, const double (*p)[3], double (*g)[3]) {
  double e[3][3];
  for (int k = 1; k < n; k++) {
    mju_sub3(e[k - 1], p[k], p[0]);
  }
  if (n == 4) {
    // rows of the inverse of [e0 e1 e2] (columns): g_k = (e_{k+1} x e_{k+2}) / det
    double c[3];
    mju_cross(c, e[1], e[2]);
    double det = mju_dot3(e[0], c);
    if (std::fabs(det) < mjMINVAL) {
      return 0;
    }
    mju_cross(g[1], e[1], e[2]);
    mju_cross(g[2], e[2], e[0]);
    mju_cross(g[3], e[0], e[1]);
    for (int k = 1; k < 4; k++) {
      mju_scl3(g[k], g[k], 1 / det);
    }
    mju_add3(g[0], g[1], g[2]);
    mju_addTo3(g[0], g[3]);
    mju_scl3(g[0], g[0], -1);
    return std::fabs(det) / 6;
  }
  // triangle: in-plane gradients, g_k = (n x e_opposite) / |n|^2 with n = e0 x e1
  double nrm[3];
  mju_cross(nrm, e[0], e[1]);
  double nn = mju_dot3(nrm, nrm);
  if (nn < mjMINVAL) {
    return 0;
  }
  double opp[3];
  for (int k = 0; k < 3; k++) {
    mju_sub3(opp, p[(k + 2) % 3], p[(k + 1) % 3]);
    mju_cross(g[k], nrm, opp);
    mju_scl3(g[k], g[k], 1 / nn);
  }
  return 0.5 * std::sqrt(nn);
}

// the 21 stiffness numbers of one element
void ElementStiffness(int dim, const double (*p)[3], double thickness, double mu, double lambda,
                      double* k) {
  int n = dim + 1, nedge = dim == 2 ? 3 : 6;
  const int(*edge)[2] = dim == 2 ? kEdge2 : kEdge3;
  double g[4][3];
  double vol = Gradients(n, p, g);
  if (dim == 2) {
    vol *= thickness;
  }
  double gram[4][4];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      gram[i][j] = mju_dot3(g[i], g[j]);
    }
  }
  int idx = 0;
  for (int a = 0; a < nedge; a++) {
    for (int b = a; b < nedge; b++) {
      int i = edge[a][0], j = edge[a][1], r = edge[b][0], s = edge[b][1];
      // M_a:M_b = (G_ir G_js + G_is G_jr) / 8, tr(M_a) = -G_ij / 2
      double inner = (gram[i][r] * gram[j][s] + gram[i][s] * gram[j][r]) / 8;
      double trace = gram[i][j] * gram[r][s] / 4;
      // (MuJoCo's 3D matrices are 4 times this normalization)
      k[idx++] = (dim == 3 ? 4 : 1) * vol * (mu * inner + lambda * trace);
    }
  }
}

// cotangent of the angle between a and b
double Cot(const double* a, const double* b) {
  double c[3];
  mju_cross(c, a, b);
  return mju_dot3(a, b) / mju_norm3(c);
}

// the 17 bending numbers of one interior edge with vertices x[0..3] (edge, then flaps)
void EdgeBending(const double (*x)[3], double mu, double thickness, double* b) {
  double e0[3], e1[3], e2[3], e3[3], e4[3], m0[3];
  mju_sub3(e0, x[1], x[0]);
  mju_sub3(e1, x[2], x[0]);
  mju_sub3(e2, x[3], x[0]);
  mju_sub3(e3, x[2], x[1]);
  mju_sub3(e4, x[3], x[1]);
  mju_scl3(m0, e0, -1);
  double c01 = Cot(e0, e1), c02 = Cot(e0, e2), c03 = Cot(m0, e3), c04 = Cot(m0, e4);
  double k[4] = {c03 + c04, c01 + c02, -c01 - c03, -c02 - c04};
  double n0[3], n1[3], t[3];
  mju_cross(n0, e0, e1);
  mju_cross(n1, e2, e0);
  double a0 = 0.5 * mju_norm3(n0), a1 = 0.5 * mju_norm3(n1);
  double scale = 3 / (a0 + a1) * mu * thickness * thickness * thickness / 24;
  double cosine = mju_dot3(n0, n1) / (4 * a0 * a1);
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      b[4 * i + j] = scale * cosine * k[i] * k[j];
    }
  }
  mju_cross(t, e1, e2);
  double len = mju_norm3(e0);
  b[16] = -scale * (c01 - c03) * (c02 - c04) * mju_dot3(e0, t) / (len * len * len);
}

}  // namespace

bool FlexElasticity(CompileContext* c, int f, const mjtNum* xpos) {
  mjModel* m = c->m;
  const mjsFlex& s = c->spec->flexes[f]->s;
  int dim = m->flex_dim[f];
  double young = s.young, nu = s.poisson;
  double mu = young / (2 * (1 + nu)), lambda = young * nu / ((1 + nu) * (1 - 2 * nu));
  int stretch = dim == 3 || (dim == 2 && (s.elastic2d & 2));
  int bend = dim == 2 && (s.elastic2d & 1);
  int vadr = m->flex_vertadr[f];
  if (bend && !m->flex_interp[f]) {
    // the bending model moves every vertex as a free point: its body must have exactly three
    // slide joints (MuJoCo calls other vertex bodies pins)
    for (int v = vadr; v < vadr + m->flex_vertnum[f]; v++) {
      int b = m->flex_vertbodyid[v], ok = m->body_jntnum[b] == 3;
      for (int j = 0; ok && j < 3; j++) {
        ok = m->jnt_type[m->body_jntadr[b] + j] == mjJNT_SLIDE;
      }
      if (!ok) {
        return c->Error("pins are not supported for bending", c->spec->flexes[f].get());
      }
    }
  }
  if (young <= 0) {
    return true;
  }
  if (m->flex_interp[f]) {
    return FlexInterpElasticity(c, f, mu, lambda);
  }
  if (stretch) {
    for (int e = 0; e < m->flex_elemnum[f]; e++) {
      const int* v = m->flex_elem + m->flex_elemdataadr[f] + (dim + 1) * e;
      double p[4][3];
      for (int k = 0; k <= dim; k++) {
        mju_copy3(p[k], xpos + 3 * (vadr + v[k]));
      }
      ElementStiffness(dim, p, s.thickness, mu, lambda,
                       m->flex_stiffness + 21 * (m->flex_elemadr[f] + e));
    }
  }
  if (bend) {
    // MuJoCo orders the two edge vertices as the first triangle that has the edge does
    std::vector<int> first(2 * m->flex_edgenum[f], -1);
    for (int t = 0; t < m->flex_elemnum[f]; t++) {
      const int* v = m->flex_elem + m->flex_elemdataadr[f] + 3 * t;
      for (int k = 0; k < 3; k++) {
        int e = m->flex_elemedge[m->flex_elemedgeadr[f] + 3 * t + k];
        if (first[2 * e] < 0) {
          first[2 * e] = v[kEdge2[k][0]];
          first[2 * e + 1] = v[kEdge2[k][1]];
        }
      }
    }
    for (int e = m->flex_edgeadr[f]; e < m->flex_edgeadr[f] + m->flex_edgenum[f]; e++) {
      const int* flap = m->flex_edgeflap + 2 * e;
      if (flap[1] < 0) {
        continue;
      }
      int local = e - m->flex_edgeadr[f];
      int v[4] = {first[2 * local], first[2 * local + 1], flap[0], flap[1]};
      double x[4][3];
      for (int k = 0; k < 4; k++) {
        mju_copy3(x[k], xpos + 3 * (vadr + v[k]));
      }
      EdgeBending(x, mu, s.thickness, m->flex_bending + 17 * e);
    }
  }
  return true;
}

}  // namespace motus
