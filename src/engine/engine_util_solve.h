// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Dense and band-dense Cholesky factorizations, the symmetric 3x3 eigensolver and the
// box-constrained QP solver: the "Decompositions / Solvers" section of the API reference. All the
// public functions are declared in mujoco.h; this header documents the storage conventions.
//
// Dense Cholesky (mju_cholFactor, mju_cholSolve, mju_cholUpdate): mat is n-by-n row-major; the
// factor L (mat = L L') is written into and read from the LOWER triangle only; the strict upper
// triangle is neither read nor written.
//
// Band-dense ("arrowhead") matrices (mju_*Band*): symmetric ntotal-by-ntotal matrices with
// nsparse = ntotal - ndense banded rows followed by ndense dense rows. Storage is two row-major
// blocks: first nsparse rows of nband entries each, holding columns i-nband+1 .. i of row i
// (diagonal last); then ndense rows of ntotal entries, holding all columns 0 .. ntotal-1 of row
// i >= nsparse (only columns <= i are used). Only the lower triangle is stored.
// mju_bandDiag(i, ...) gives the address of element (i, i).

#ifndef MOTUS_ENGINE_ENGINE_UTIL_SOLVE_H_
#define MOTUS_ENGINE_ENGINE_UTIL_SOLVE_H_

#include <mujoco/mujoco.h>

// Number of mjtNum that a band-dense matrix occupies: nsparse*nband + ndense*ntotal.
int mju_bandSize(int ntotal, int nband, int ndense);

// mju_eig3 with a choice: renormalize = 0 leaves the quaternion unnormalized after the quarter
// turns that sort the eigenvalues, as MuJoCo's model compiler does for principal inertia frames
// (mju_eig3 renormalizes).
int mju_eig3Sorted(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9],
                   int renormalize);

#endif  // MOTUS_ENGINE_ENGINE_UTIL_SOLVE_H_
