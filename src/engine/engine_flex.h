// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flex kinematics shared with the stages that read flex vertices (engine_flex.cc). The public
// entry point mj_flex is declared in mujoco.h.

#ifndef MOTUS_SRC_ENGINE_ENGINE_FLEX_H_
#define MOTUS_SRC_ENGINE_ENGINE_FLEX_H_

#include <mujoco/mjmodel.h>

// Interpolation weight of node n (index (i, j, k) in the (order+1)^3 grid of an interpolated
// flex, order 1 trilinear, 2 quadratic) at the point r of the unit cube (element coordinates): the
// product of the 1D Lagrange basis functions on {0, 1} or {0, 1/2, 1}.
mjtNum mj_flexNodeWeight(int order, int n, const mjtNum* r);

// The (order+1)^3 nodes of cell (i, j, k) of interpolated flex f (flex_cellnum cells per axis,
// order * cellnum + 1 nodes per axis, node ids in (i, j, k) order, k fastest), as flex-local node
// ids in the cell's (i, j, k) order. Returns their number.
int mj_flexCellNodes(const mjModel* m, int f, const int cell[3], int* node);

// Rotation of an interpolated cell (order 1 trilinear, 2 quadratic) from the world positions x of
// its (order+1)^3 nodes (3 each, in the cell's (i, j, k) order): the rotational part of
// A = sum_i x_i grad N_i' at the cell's center in unit-cube coordinates, found by mju_mat2Rot
// from the identity (engine_flex_interp.cc).
void mj_flexCellRotation(int order, const mjtNum* x, mjtNum* rot);

// The interpolation nodes of vertex v (global index) of interpolated flex f and their weights:
// the (order+1)^3 nodes of the grid cell that holds the vertex (flex_cellnum cells per axis over
// the unit cube of flex_vert0; a vertex on a shared face belongs to the higher cell), as
// flex-local node ids in the cell's (i, j, k) order. Returns their number.
int mj_flexVertNodes(const mjModel* m, int f, int v, int* node, mjtNum* weight);

// The same for the point of coordinates r in the unit cube of flex_vert0.
int mj_flexPointNodes(const mjModel* m, int f, const mjtNum* r, int* node, mjtNum* weight);

#endif  // MOTUS_SRC_ENGINE_ENGINE_FLEX_H_
