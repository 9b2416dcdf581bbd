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

// walk both sorted index lists; only common indices contribute
mjtNum mju_dotSparse2(const mjtNum* vec1, const int* ind1, int nnz1, const mjtNum* vec2,
                      const int* ind2, int nnz2) {
  mjtNum s = 0;
  int i = 0, j = 0;
  while (i < nnz1 && j < nnz2) {
    if (ind1[i] < ind2[j]) {
      i++;
    } else if (ind1[i] > ind2[j]) {
      j++;
    } else {
      s += vec1[i++] * vec2[j++];
    }
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

// Counting transpose: count the entries of each column, prefix-sum into row addresses, then drop
// every entry (r, c) into the next free slot of row c. Visiting r in increasing order leaves the
// column indices of each output row sorted.
void mju_transposeSparse(mjtNum* res, const mjtNum* mat, int nr, int nc, int* res_rownnz,
                         int* res_rowadr, int* res_colind, const int* rownnz, const int* rowadr,
                         const int* colind) {
  for (int c = 0; c < nc; c++) {
    res_rownnz[c] = 0;
  }
  for (int r = 0; r < nr; r++) {
    for (int k = rowadr[r]; k < rowadr[r] + rownnz[r]; k++) {
      res_rownnz[colind[k]]++;
    }
  }
  int adr = 0;
  for (int c = 0; c < nc; c++) {
    res_rowadr[c] = adr;
    adr += res_rownnz[c];
    res_rownnz[c] = 0;  // refilled below as the insertion cursor
  }
  for (int r = 0; r < nr; r++) {
    for (int k = rowadr[r]; k < rowadr[r] + rownnz[r]; k++) {
      int c = colind[k];
      int dst = res_rowadr[c] + res_rownnz[c]++;
      res[dst] = mat[k];
      res_colind[dst] = r;
    }
  }
}

// merge the two sorted index lists into buf, then copy back into dst
int mju_combineSparse(mjtNum* dst, const mjtNum* src, mjtNum a, mjtNum b, int dst_nnz, int src_nnz,
                      int* dst_ind, const int* src_ind, mjtNum* buf, int* buf_ind) {
  int i = 0, j = 0, n = 0;
  while (i < dst_nnz || j < src_nnz) {
    if (j >= src_nnz || (i < dst_nnz && dst_ind[i] < src_ind[j])) {
      buf[n] = a * dst[i];
      buf_ind[n++] = dst_ind[i++];
    } else if (i >= dst_nnz || src_ind[j] < dst_ind[i]) {
      buf[n] = b * src[j];
      buf_ind[n++] = src_ind[j++];
    } else {
      buf[n] = a * dst[i] + b * src[j];
      buf_ind[n++] = dst_ind[i];
      i++;
      j++;
    }
  }
  mju_copy(dst, buf, n);
  for (int k = 0; k < n; k++) {
    dst_ind[k] = buf_ind[k];
  }
  return n;
}
