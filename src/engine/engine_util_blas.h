// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Dense vector and matrix arithmetic: the "Vector math" section of the API reference
// (mju_zero3 ... mju_sqrMatTD, declared in mujoco.h) plus a few internal helpers for fixed-size
// 3x3 products that the engine uses in its inner loops.
//
// Conventions (API reference, "Vector math"):
//   - matrices are dense, row-major: element (i, j) of an nr-by-nc matrix is mat[i*nc + j];
//   - 3x3 rotation matrices map local to global coordinates: x_global = mat * x_local;
//   - unless stated otherwise, `res` must not overlap the inputs of the n-dimensional functions;
//     the 3D and 4D functions (mju_cross, mju_mulMatVec3, ...) are safe to call in place.

#ifndef MOTUS_ENGINE_ENGINE_UTIL_BLAS_H_
#define MOTUS_ENGINE_ENGINE_UTIL_BLAS_H_

#include <mujoco/mujoco.h>

// ---- internal 3x3 helpers (all safe in place) ----------------------------------------------

// res = mat1 * mat2 (3x3)
void mju_mulMatMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);

// res = mat1' * mat2 (3x3)
void mju_mulMatTMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);

// res = mat1 * mat2' (3x3)
void mju_mulMatMatT3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);

// return vec1 . vec2 for 4-vectors
mjtNum mju_dot4(const mjtNum vec1[4], const mjtNum vec2[4]);

#endif  // MOTUS_ENGINE_ENGINE_UTIL_BLAS_H_
