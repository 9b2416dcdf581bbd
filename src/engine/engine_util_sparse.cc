// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sparse (CSR) matrix and vector helpers; conventions in engine_util_sparse.h.

#include "engine/engine_util_sparse.h"

#include <mujoco/mujoco.h>

#include "engine/engine_util_blas.h"

// Rows are packed one after the other; an entry is stored when it is not exactly 0.
// Returns 1 (and leaves the output partially written) when more than nnz entries are needed.
int mju_dense2sparse(mjtNum* res, const mjtNum* mat, int nr, int nc, int* rownnz, int* rowadr,
                     int* colind, int nnz) {
  int adr = 0;
  for (int r = 0; r < nr; r++) {
    rowadr[r] = adr;
    int cnt = 0;
    for (int c = 0; c < nc; c++) {
      mjtNum v = mat[r * nc + c];
      if (v != 0) {
        if (adr >= nnz) {
          rownnz[r] = cnt;
          return 1;
        }
        res[adr] = v;
        colind[adr] = c;
        adr++;
        cnt++;
      }
    }
    rownnz[r] = cnt;
  }
  return 0;
}

void mju_sparse2dense(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                      const int* rowadr, const int* colind) {
  mju_zero(res, nr * nc);
  for (int r = 0; r < nr; r++) {
    for (int k = rowadr[r]; k < rowadr[r] + rownnz[r]; k++) {
      res[r * nc + colind[k]] = mat[k];
    }
  }
}

mjtNum mju_dotSparse(const mjtNum* vec1, const mjtNum* vec2, int nnz1, const int* ind1) {
  mjtNum s = 0;
  for (int k = 0; k < nnz1; k++) {
    s += vec1[k] * vec2[ind1[k]];
  }
  return s;
}

void mju_addToSclSparse(mjtNum* res, const mjtNum* vec, mjtNum scl, int nnz, const int* ind) {
  for (int k = 0; k < nnz; k++) {
    res[ind[k]] += scl * vec[k];
  }
}

void mju_mulMatVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr,
                         const int* rownnz, const int* rowadr, const int* colind) {
  for (int r = 0; r < nr; r++) {
    int adr = rowadr[r];
    res[r] = mju_dotSparse(mat + adr, vec, rownnz[r], colind + adr);
  }
}

// scatter each row, weighted by vec[r]
void mju_mulMatTVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc,
                          const int* rownnz, const int* rowadr, const int* colind) {
  mju_zero(res, nc);
  for (int r = 0; r < nr; r++) {
    if (vec[r] != 0) {
      int adr = rowadr[r];
      mju_addToSclSparse(res, mat + adr, vec[r], rownnz[r], colind + adr);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// the D pattern (mjModel D_rownnz / D_rowadr / D_colind: sorted columns per row)

int mju_indexD(const mjModel* m, int row, int col) {
  const int* cols = m->D_colind + m->D_rowadr[row];
  int lo = 0, hi = m->D_rownnz[row] - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (cols[mid] == col) {
      return m->D_rowadr[row] + mid;
    }
    if (cols[mid] < col) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return -1;
}
