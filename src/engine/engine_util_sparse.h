// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sparse matrices and vectors: mju_dense2sparse / mju_sparse2dense (API reference, "Sparse math",
// declared in mujoco.h) and the internal compressed-sparse-row (CSR) helpers used by the engine.
//
// CSR convention (as in mjData's sparse arrays, e.g. efc_J with efc_J_rownnz/rowadr/colind):
//   row r has rownnz[r] nonzeros; its values are mat[rowadr[r] .. rowadr[r]+rownnz[r]-1] and their
//   column indices colind[same range]. Rows need not be packed, but within a row the column
//   indices are strictly increasing unless stated otherwise.
// A sparse vector is (values[nnz], ind[nnz]) with strictly increasing indices.

#ifndef MOTUS_ENGINE_ENGINE_UTIL_SPARSE_H_
#define MOTUS_ENGINE_ENGINE_UTIL_SPARSE_H_

#include <mujoco/mujoco.h>

// return sum_k vec1[k] * vec2[ind1[k]]  (sparse vec1 . dense vec2; ind1 need not be sorted)
mjtNum mju_dotSparse(const mjtNum* vec1, const mjtNum* vec2, int nnz1, const int* ind1);

// return vec1 . vec2 for two sparse vectors with sorted indices (merge of the index lists)
mjtNum mju_dotSparse2(const mjtNum* vec1, const int* ind1, int nnz1, const mjtNum* vec2,
                      const int* ind2, int nnz2);

// res[ind[k]] += scl * vec[k]: add a scaled sparse vector to a dense one
void mju_addToSclSparse(mjtNum* res, const mjtNum* vec, mjtNum scl, int nnz, const int* ind);

// res (nr) = mat * vec (nc) for a CSR matrix with nr rows
void mju_mulMatVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr,
                         const int* rownnz, const int* rowadr, const int* colind);

// res (nc) = mat' * vec (nr) for a CSR matrix with nr rows and nc columns
void mju_mulMatTVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc,
                          const int* rownnz, const int* rowadr, const int* colind);

// CSR transpose: res (nc rows) = mat' (mat has nr rows, nc columns). The result is packed
// (res_rowadr[0] = 0, res_rowadr[c+1] = res_rowadr[c] + res_rownnz[c]) and has sorted column
// indices; res and res_colind need room for the total nnz of mat.
void mju_transposeSparse(mjtNum* res, const mjtNum* mat, int nr, int nc, int* res_rownnz,
                         int* res_rowadr, int* res_colind, const int* rownnz, const int* rowadr,
                         const int* colind);

// Row combination dst <- a*dst + b*src for sparse vectors with sorted indices. The result has the
// union of the two index sets (entries that cancel stay stored) and is written back into
// dst / dst_ind, which must have room for it (at most dst_nnz + src_nnz). buf and buf_ind are
// scratch of size dst_nnz + src_nnz. Returns the new nnz of dst.
int mju_combineSparse(mjtNum* dst, const mjtNum* src, mjtNum a, mjtNum b, int dst_nnz, int src_nnz,
                      int* dst_ind, const int* src_ind, mjtNum* buf, int* buf_ind);

#endif  // MOTUS_ENGINE_ENGINE_UTIL_SPARSE_H_
