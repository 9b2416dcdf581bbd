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

bool SizeFlexJacobians(CompileContext* c);  // nJfe, after the flexes are sized
bool FillFlexes(CompileContext* c);
bool FinalizeFlexes(CompileContext* c, mjData* d);

// flex_stiffness and flex_bending of flex f from the rest vertex positions xpos (all flexes'
// vertices, 3 each); user_compile_flex_elastic.cc
bool FlexElasticity(CompileContext* c, int f, const mjtNum* xpos);

// the dense stiffness of interpolated flex f (flex_stiffness at flex_stiffnessadr) from its node
// positions at qpos0 (flex_node0), with the Lame parameters; user_compile_flex_interp.cc
bool FlexInterpElasticity(CompileContext* c, int f, double mu, double lambda);

// element-vertex pairs and the element bounding volume hierarchy of a flex from its vertex
// positions at qpos0 (3 per vertex); user_compile_flex_bvh.cc
void FlexCollisionData(FlexResult* r, const std::vector<double>& xpos, double radius,
                       int activelayers);

}  // namespace motus

#endif  // MOTUS_USER_USER_COMPILE_FLEX_H_
