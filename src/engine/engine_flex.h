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

// The interpolation nodes of vertex v (global index) of interpolated flex f and their weights:
// the (order+1)^3 nodes of the grid cell that holds the vertex (flex_cellnum cells per axis over
// the unit cube of flex_vert0; a vertex on a shared face belongs to the higher cell), as
// flex-local node ids in the cell's (i, j, k) order. Returns their number.
int mj_flexVertNodes(const mjModel* m, int f, int v, int* node, mjtNum* weight);

#endif  // MOTUS_SRC_ENGINE_ENGINE_FLEX_H_
