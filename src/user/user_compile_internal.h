// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The compiler's own passes (kinematic tree, geoms, inertia, meshes), shared between the
// user_compile*.cc files. The per-kind compile hooks are declared in user_compile.h.

#ifndef MOTUS_USER_USER_COMPILE_INTERNAL_H_
#define MOTUS_USER_USER_COMPILE_INTERNAL_H_

#include <memory>
#include <string>
#include <vector>

#include "user/user_compile.h"
#include "user/user_mesh.h"

namespace motus {

// user_compile.cc
bool Gather(CompileContext* c);
std::string CompiledName(const SpecElement* e);

// user_compile_tree.cc
// local pose of an element in its body: (pos, quat or alt) composed with its frames
bool ElementPose(CompileContext* c, const SpecElement* e, const double pos[3], const double quat[4],
                 const mjsOrientation& alt, Pose* out);
// compose a pose given in frame coordinates with the element's enclosing frames
bool ApplyFrames(CompileContext* c, const SpecElement* e, Pose* p);
bool CompileTree(CompileContext* c);        // bodies, joints, dofs, trees, mocap
bool CompileTreeFinish(CompileContext* c);  // alignfree, sameframe, BVH, qpos0
bool TreeUserSizes(CompileContext* c);      // nuser_body, nuser_jnt
bool SparseSizes(CompileContext* c);        // simple bodies/dofs, nM nC nD nB
void FillTree(CompileContext* c);
bool FinishJoints(CompileContext* c);  // after mj_setConst: springdamper

// user_compile_geom.cc
bool CompileGeoms(CompileContext* c);    // geoms, sites, cameras, lights (local data)
bool CompileInertia(CompileContext* c);  // body inertials from geoms or explicit
void FillGeoms(CompileContext* c);       // geom, site, camera, light arrays
void BuildBodyBVH(CompileContext* c);    // per-body BVH over geom AABBs (inertial frame)

// user_compile_mesh.cc
bool MeshFromPlugin(const CompileContext* c, int i);  // mesh i is made by an SDF plugin
// the processing options of every mesh (the hull for collision geoms and convex inertia)
std::vector<MeshOptions> MeshAssetOptions(const CompileContext* c);
// mesh i (file or inline data, not a plugin's) loaded and processed; thread-safe
bool LoadMeshAsset(const CompileContext* c, int i, const MeshOptions& opt,
                   std::shared_ptr<const MeshResult>* out, std::string* error);
bool CompileMeshes(CompileContext* c);      // mesh assets (from AssetJobs), sizes, octrees
void FillMeshes(CompileContext* c);         // mesh arrays of ctx->m
int MeshBvhNodes(const CompileContext* c);  // BVH nodes of all meshes

// user_compile_transform.cc: fusestatic and discardvisual, applied to a copy of the spec
bool TransformSpec(CompileContext* c, SpecModel* s);

// user_compile_arena.cc
// bytes of the default arena, rounded up to mebibytes; -1 when the estimate exceeds 2^53 bytes
mjtSize DefaultArena(const mjModel& sizes, int njmax, int nconmax, mjtSize nstack, int neq);

// geometric helpers (user_compile_geom.cc)
void GeomFrameAabb(const GeomInfo& g, int type, double aabb[6]);

}  // namespace motus

#endif  // MOTUS_USER_USER_COMPILE_INTERNAL_H_
