// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Constraint rows of flexstrain equalities (XMLreference.rst equality/flexstrain, flexcomp/edge
// equality="strain"), computed once per cell of the interpolated flex at compile time.
//
// The documentation describes the constraint as the strain invariants of the cell (trace and
// volume ratio at the center, shears at the Gauss points). MuJoCo 3.8 builds it from the cell's
// linear-elastic stiffness instead (read off its numbers, doc/conformance.md#flexes): with K the
// stiffness of the cell's node box (CellStiffness, Young's modulus 10 and Poisson's ratio 0.3
// whatever the flex's elasticity) and K = V diag(l) V' its eigendecomposition by cyclic Jacobi
// rotations, every eigenvalue l_i > 1e-8 max(l) gives one row sqrt(l_i) v_i' over the 3 coordinates
// of the cell's nodes, in the order the Jacobi sweeps leave the eigenvalues. The rows are
// orthogonal, their Gram matrix L'L is K, and they vanish on the rigid motions of the cell: a
// trilinear cell has 24 - 6 = 18 rows, a quadratic one 81 - 6 = 75. At run time the residual of
// the rows is L (R' x - X) in the cell's rotated frame (engine_core_constraint_flex.cc).
//
// Storage (MuJoCo's): flex_stiffness holds, from flex_stiffnessadr, one block of 9 n^2 numbers
// per cell (n nodes per cell, cells in (i, j, k) order, k fastest): the number of rows, then the
// rows, row-major.

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_flex.h"
#include "user/user_compile_flex.h"
#include "user/user_spec.h"

namespace motus {

namespace {

// the fixed material of the strain rows (MuJoCo's; the flex's own elasticity is not used)
const double kStrainYoung = 10, kStrainPoisson = 0.3;

// Jacobi rotation settings: off-diagonal entries below kJacobiSkip are left alone, the sweeps
// stop when the norm of the upper off-diagonal part is below kJacobiStop (MuJoCo's rotation
// order and thresholds: the rows in a repeated eigenvalue's space depend on them)
const double kJacobiSkip = 1e-15, kJacobiStop = 1e-12;
const int kJacobiSweeps = 100;

// relative size of the smallest eigenvalue that gives a row (MuJoCo's: an elongated cell whose
// smallest eigenvalues are 6.7e-9 and 1.0e-8 times the largest keeps only the second)
const double kStrainKeep = 1e-8;

// Eigendecomposition of the symmetric n x n matrix a (destroyed; its diagonal ends up holding the
// eigenvalues) by cyclic Jacobi rotations over the pairs p < q in row order; v gets the
// eigenvectors as columns (row-major), eig the eigenvalues in the order of a's diagonal.
void JacobiEigen(std::vector<double>& a, int n, std::vector<double>& v, std::vector<double>& eig) {
  v.assign(static_cast<size_t>(n) * n, 0.0);
  for (int i = 0; i < n; i++) {
    v[i * n + i] = 1;
  }
  for (int sweep = 0; sweep < kJacobiSweeps; sweep++) {
    double off = 0;
    for (int p = 0; p < n; p++) {
      for (int q = p + 1; q < n; q++) {
        off += a[p * n + q] * a[p * n + q];
      }
    }
    if (std::sqrt(off) < kJacobiStop) {
      break;
    }
    for (int p = 0; p < n - 1; p++) {
      for (int q = p + 1; q < n; q++) {
        double apq = a[p * n + q];
        if (std::fabs(apq) < kJacobiSkip) {
          continue;
        }
        // the rotation that zeroes a_pq: t = tan of its angle, the smaller root of
        // t^2 + 2 theta t - 1 = 0
        double theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        double cs = 1 / std::sqrt(t * t + 1), sn = t * cs;
        double app = a[p * n + p], aqq = a[q * n + q];
        for (int k = 0; k < n; k++) {
          if (k == p || k == q) {
            continue;
          }
          double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = a[p * n + k] = cs * akp - sn * akq;
          a[k * n + q] = a[q * n + k] = sn * akp + cs * akq;
        }
        a[p * n + p] = app - t * apq;
        a[q * n + q] = aqq + t * apq;
        a[p * n + q] = a[q * n + p] = 0;
        for (int k = 0; k < n; k++) {
          double vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = cs * vkp - sn * vkq;
          v[k * n + q] = sn * vkp + cs * vkq;
        }
      }
    }
  }
  eig.resize(n);
  for (int i = 0; i < n; i++) {
    eig[i] = a[i * n + i];
  }
}

// the rows of one cell into block (9 n^2 numbers: count, then the rows)
void CellRows(const mjModel* m, int f, const int cell[3], double* block) {
  int node[mjMAXFLEXNODES];
  int nnode = mj_flexCellNodes(m, f, cell, node), dof = 3 * nnode;
  double ext[3];
  FlexCellBox(m, f, cell, ext);
  double young = kStrainYoung, nu = kStrainPoisson;
  double mu = young / (2 * (1 + nu)), lambda = young * nu / ((1 + nu) * (1 - 2 * nu));
  std::vector<double> k(static_cast<size_t>(dof) * dof, 0.0), v, eig;
  CellStiffness(m->flex_interp[f], ext, mu, lambda, k.data());
  for (double& x : k) {
    x = -x;  // CellStiffness gives minus the stiffness
  }
  JacobiEigen(k, dof, v, eig);
  // eigenvalues above kStrainKeep times the largest give rows; at most dof - 1 rows fit the
  // block (more appear only on cells so small that the Jacobi sweeps stop before the rigid
  // motions' eigenvalues vanish: below ~2e-7 across)
  double lmax = 0;
  for (int i = 0; i < dof; i++) {
    lmax = std::fmax(lmax, eig[i]);
  }
  int nrow = 0;
  for (int i = 0; i < dof && nrow < dof - 1; i++) {
    if (eig[i] <= kStrainKeep * lmax) {
      continue;
    }
    double scale = std::sqrt(eig[i]);
    double* row = block + 1 + static_cast<size_t>(nrow) * dof;
    for (int c = 0; c < dof; c++) {
      row[c] = scale * v[c * dof + i];
    }
    nrow++;
  }
  block[0] = nrow;
}

}  // namespace

bool FlexStrainRows(CompileContext* c, int f) {
  mjModel* m = c->m;
  const SpecFlex* spec = c->spec->flexes[f].get();
  if (!m->flex_interp[f] || m->flex_dim[f] != 3) {
    return c->Error("flexstrain equality needs a 3D trilinear or quadratic flex", spec);
  }
  if (spec->s.young > 0) {
    return c->Error("strain constraint and elasticity (young) cannot both be present", spec);
  }
  const int* cellnum = m->flex_cellnum + 3 * f;
  int per = m->flex_interp[f] + 1, dof = 3 * per * per * per;
  size_t blocksize = static_cast<size_t>(dof) * dof;
  // cells named by the equalities must exist
  for (int e = 0; e < m->neq; e++) {
    if (m->eq_type[e] != mjEQ_FLEXSTRAIN || m->eq_obj1id[e] != f) {
      continue;
    }
    const mjtNum* cell = m->eq_data + mjNEQDATA * e;
    for (int k = 0; k < 3; k++) {
      if (cell[k] != std::floor(cell[k]) || cell[k] < 0 || cell[k] >= cellnum[k]) {
        char msg[200];
        snprintf(
            msg, sizeof(msg),
            "flexstrain equality: cell (%g %g %g) is outside the %d x %d x %d cells of the flex",
            cell[0], cell[1], cell[2], cellnum[0], cellnum[1], cellnum[2]);
        return c->Error(msg, c->spec->equalities[e].get());
      }
    }
  }
  double* block = m->flex_stiffness + m->flex_stiffnessadr[f];
  int cell[3];
  for (cell[0] = 0; cell[0] < cellnum[0]; cell[0]++) {
    for (cell[1] = 0; cell[1] < cellnum[1]; cell[1]++) {
      for (cell[2] = 0; cell[2] < cellnum[2]; cell[2]++) {
        CellRows(m, f, cell, block);
        block += blocksize;
      }
    }
  }
  return true;
}

}  // namespace motus
