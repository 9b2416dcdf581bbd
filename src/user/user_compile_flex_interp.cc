// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Elasticity of interpolated flexes (flexcomp dof "trilinear" or "quadratic"; XMLreference.rst
// body/flexcomp/dof, modeling.rst "Parametrization types"): each cell of the flex's node grid
// (flex_cellnum per axis) is the box of its (order + 1)^3 nodes, and its stiffness is one dense
// symmetric matrix over the 3 coordinates of every node of the cell (3 n x 3 n numbers, n = 8 or
// 27), stored in flex_stiffness after the 21 numbers per element of all flexes, flex after flex,
// cell after cell in (i, j, k) order, k fastest (flex_stiffnessadr points at the first).
//
// With N_a the tensor-product Lagrange shape functions of the nodes over the box and the Lame
// parameters mu, lambda of Young's modulus and Poisson's ratio, the block of nodes a, b is
//   K_ab = -integral over the box of
//          mu / 2 ((grad N_a . grad N_b) I + grad N_b grad N_a') + lambda grad N_a grad N_b'
// (negative: the force is K times the displacement), by a quadrature with order + 1 points per
// axis (see Quadrature). The same matrix for every element of
// the flex's geometry: a mesh fills only part of its box, but the box is what is integrated.
// MuJoCo computes it this way (read off its matrices, doc/conformance.md#flexes); the halved
// shear modulus is MuJoCo's.

#include <cmath>
#include <string>

#include <mujoco/mujoco.h>

#include "engine/engine_flex.h"
#include "user/user_compile_flex.h"

namespace motus {

namespace {

// 1D Lagrange basis on the nodes {0, 1} (order 1) or {0, 1/2, 1} (order 2) and its derivative
void Basis1(int order, double t, double* phi, double* dphi) {
  if (order == 1) {
    phi[0] = 1 - t;
    phi[1] = t;
    dphi[0] = -1;
    dphi[1] = 1;
    return;
  }
  phi[0] = 2 * (t - 0.5) * (t - 1);
  phi[1] = -4 * t * (t - 1);
  phi[2] = 2 * t * (t - 0.5);
  dphi[0] = 4 * t - 3;
  dphi[1] = -8 * t + 4;
  dphi[2] = 4 * t - 1;
}

// quadrature points and weights on [0, 1]: Gauss-Legendre with 2 points for trilinear cells;
// for quadratic cells the weights of 3-point Gauss-Legendre (5, 8, 5) / 18 at the points
// 0.5 - sqrt(15) / 6, 0.5, 0.5 + sqrt(15) / 6, outside the cell, where Gauss-Legendre has
// 0.5 +- sqrt(15) / 10: this is what MuJoCo integrates (its matrices agree with this rule to
// rounding and with the exact integral only on affine displacements)
int Quadrature(int order, double* pts, double* wts) {
  if (order == 1) {
    double h = 0.5 / std::sqrt(3.0);
    pts[0] = 0.5 - h;
    pts[1] = 0.5 + h;
    wts[0] = wts[1] = 0.5;
    return 2;
  }
  double h = std::sqrt(15.0) / 6;
  pts[0] = 0.5 - h;
  pts[1] = 0.5;
  pts[2] = 0.5 + h;
  wts[0] = wts[2] = 5.0 / 18;
  wts[1] = 8.0 / 18;
  return 3;
}

}  // namespace

bool FlexCellBox(const mjModel* m, int f, const int cell[3], double* ext) {
  int node[mjMAXFLEXNODES];
  int nnode = mj_flexCellNodes(m, f, cell, node);
  const mjtNum* x = m->flex_node0 + 3 * m->flex_nodeadr[f];
  for (int k = 0; k < 3; k++) {
    double lo = x[3 * node[0] + k], hi = lo;
    for (int n = 1; n < nnode; n++) {
      lo = std::fmin(lo, x[3 * node[n] + k]);
      hi = std::fmax(hi, x[3 * node[n] + k]);
    }
    ext[k] = hi - lo;
    if (ext[k] < mjMINVAL) {
      return false;
    }
  }
  return true;
}

void CellStiffness(int order, const double ext[3], double mu, double lambda, double* k) {
  int per = order + 1, nnode = per * per * per, dof = 3 * nnode;
  double pts[3], wts[3];
  int npts = Quadrature(order, pts, wts);
  double vol = ext[0] * ext[1] * ext[2];
  for (int qx = 0; qx < npts; qx++) {
    for (int qy = 0; qy < npts; qy++) {
      for (int qz = 0; qz < npts; qz++) {
        // basis values and Cartesian gradients of every node at this point
        double phi[3][3], dphi[3][3];
        Basis1(order, pts[qx], phi[0], dphi[0]);
        Basis1(order, pts[qy], phi[1], dphi[1]);
        Basis1(order, pts[qz], phi[2], dphi[2]);
        double grad[27][3];
        for (int n = 0; n < nnode; n++) {
          int i = n / (per * per), j = (n / per) % per, l = n % per;
          grad[n][0] = dphi[0][i] * phi[1][j] * phi[2][l] / ext[0];
          grad[n][1] = phi[0][i] * dphi[1][j] * phi[2][l] / ext[1];
          grad[n][2] = phi[0][i] * phi[1][j] * dphi[2][l] / ext[2];
        }
        double w = wts[qx] * wts[qy] * wts[qz] * vol;
        for (int a = 0; a < nnode; a++) {
          for (int b = 0; b < nnode; b++) {
            double dot = mju_dot3(grad[a], grad[b]);
            for (int r = 0; r < 3; r++) {
              for (int s = 0; s < 3; s++) {
                double v = 0.5 * mu * ((r == s ? dot : 0) + grad[b][r] * grad[a][s]) +
                           lambda * grad[a][r] * grad[b][s];
                k[(3 * a + r) * dof + 3 * b + s] -= w * v;
              }
            }
          }
        }
      }
    }
  }
}

bool FlexInterpElasticity(CompileContext* c, int f, double mu, double lambda) {
  mjModel* m = c->m;
  const int* cellnum = m->flex_cellnum + 3 * f;
  int per = m->flex_interp[f] + 1, dof = 3 * per * per * per;
  double* block = m->flex_stiffness + m->flex_stiffnessadr[f];
  int cell[3];
  for (cell[0] = 0; cell[0] < cellnum[0]; cell[0]++) {
    for (cell[1] = 0; cell[1] < cellnum[1]; cell[1]++) {
      for (cell[2] = 0; cell[2] < cellnum[2]; cell[2]++) {
        double ext[3];
        if (!FlexCellBox(m, f, cell, ext)) {
          return c->Error(
              "elasticity of an interpolated flex needs cells of nonzero size along x, y "
              "and z (this flex is flat)",
              c->spec->flexes[f].get());
        }
        CellStiffness(m->flex_interp[f], ext, mu, lambda, block);
        block += static_cast<size_t>(dof) * dof;
      }
    }
  }
  return true;
}

}  // namespace motus
