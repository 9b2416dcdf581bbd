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

// res[ind[k]] += scl * vec[k]: add a scaled sparse vector to a dense one
void mju_addToSclSparse(mjtNum* res, const mjtNum* vec, mjtNum scl, int nnz, const int* ind);

// res (nr) = mat * vec (nc) for a CSR matrix with nr rows
void mju_mulMatVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr,
                         const int* rownnz, const int* rowadr, const int* colind);

// res (nc) = mat' * vec (nr) for a CSR matrix with nr rows and nc columns
void mju_mulMatTVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc,
                          const int* rownnz, const int* rowadr, const int* colind);

// Index in the D layout (m->D_rowadr / D_colind) of element (row, col), or -1 when the pattern
// does not hold it (binary search over the row's sorted columns).
int mju_indexD(const mjModel* m, int row, int col);

#endif  // MOTUS_ENGINE_ENGINE_UTIL_SPARSE_H_
