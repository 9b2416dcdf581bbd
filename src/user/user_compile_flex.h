// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The two halves of kCompileFlexes: topology and sizes (user_compile_flex.cc), arrays, Jacobian
// sparsity and reference quantities at qpos0 (user_compile_flex_fill.cc).

#ifndef MOTUS_USER_USER_COMPILE_FLEX_H_
#define MOTUS_USER_USER_COMPILE_FLEX_H_

#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"

namespace motus {

bool SizeFlexJacobians(CompileContext* c);

// flex_stiffness numbers of the cells of a flex of interpolation order (0: none) with cellcount
// cells per axis: one dense matrix over the 3 coordinates of the (order+1)^3 nodes of each cell
inline int FlexStiffnessSize(int order, const int cellcount[3]) {
  int nnode = (order + 1) * (order + 1) * (order + 1);
  return order ? cellcount[0] * cellcount[1] * cellcount[2] * 9 * nnode * nnode : 0;
}  // nJfe, after the flexes are sized
bool FillFlexes(CompileContext* c);
bool FinalizeFlexes(CompileContext* c, mjData* d);

// flex_stiffness and flex_bending of flex f from the rest vertex positions xpos (all flexes'
// vertices, 3 each); user_compile_flex_elastic.cc
bool FlexElasticity(CompileContext* c, int f, const mjtNum* xpos);

// the dense stiffness of each cell of interpolated flex f (flex_stiffness from
// flex_stiffnessadr) from its node positions at qpos0 (flex_node0), with the Lame parameters;
// user_compile_flex_interp.cc
bool FlexInterpElasticity(CompileContext* c, int f, double mu, double lambda);

// Extents ext of the box of cell (i, j, k) of interpolated flex f at qpos0 (the flex_node0 of
// its nodes); false when the box is flat along some axis
bool FlexCellBox(const mjModel* m, int f, const int cell[3], double ext[3]);

// Adds minus the stiffness of one interpolated cell (order 1 trilinear, 2 quadratic) of extents
// ext, with the Lame parameters, to k (a dense row-major matrix over the 3 coordinates of its
// (order+1)^3 nodes); user_compile_flex_interp.cc
void CellStiffness(int order, const double ext[3], double mu, double lambda, double* k);

// the constraint rows of the flexstrain equalities of flex f (per cell, in flex_stiffness);
// user_compile_flex_strain.cc
bool FlexStrainRows(CompileContext* c, int f);

// element-vertex pairs and the element bounding volume hierarchy of a flex from its vertex
// positions at qpos0 (3 per vertex); user_compile_flex_bvh.cc
void FlexCollisionData(FlexResult* r, const std::vector<double>& xpos, double radius,
                       int activelayers);

}  // namespace motus

#endif  // MOTUS_USER_USER_COMPILE_FLEX_H_
