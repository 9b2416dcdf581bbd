// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The model compiler: mjSpec -> mjModel (mj_compile).
//
// ============================================================================================
// How the compiler works, and how to add a kind of element (tendons, actuators, sensors, ...)
// ============================================================================================
//
// mj_compile (user_compile.cc) runs these passes over one CompileContext:
//
//   1. Gather    all elements into id-ordered lists (ctx.bodies, ctx.joints, ..., see below) and
//                give every element its compiled id (SpecElement::id); check duplicate names.
//   2. Assets    meshes (user_mesh.h pipeline), materials, textures, height fields.
//   3. Tree      frames resolved into local poses; bodies, joints, dofs, geoms (sizes, masses),
//                body inertials, sites, cameras, lights, trees; all kept in ctx (not yet in
//                mjModel).
//   4. Size      every CompileKind's size() adds its counts to ctx.sizes (nu, na, ntendon, ...).
//   5. Allocate  mj_allocModel(&ctx.sizes) (every array zeroed, opt/vis/stat defaulted).
//   6. Fill      the tree and global arrays, then every CompileKind's fill() (in table order).
//   7. Names     names/paths buffers and names_map; sparse matrix structure (mj_setSparse).
//   8. Constants mj_setConst at qpos0, then every CompileKind's finalize(); then statistics,
//                actuator length ranges (mj_setLengthRange with compiler/lengthrange, which
//                simulates), keyframes and the arena size.
//
// To compile a new kind: implement the three functions of a CompileKind in
// user_compile_<kind>.cc (a stub that rejects the elements is there now) and keep the symbol name.
// Inside them:
//   * read the spec elements from ctx->spec (e.g. ctx->spec->actuators, in id order);
//   * resolve references with ctx->FindId(mjOBJ_JOINT, name) (-1 when missing: report with
//     ctx->Error("...", element), which also returns false);
//   * in size(): set your counts in ctx->sizes (e.g. ctx->sizes.nu, .na, .nJmom, .nsensordata,
//     .nuser_actuator when the spec's nuser_* is -1: use ctx->UserSize()); do not allocate;
//   * in fill(): write ctx->m arrays (already allocated with your sizes); tree arrays (body_*,
//     jnt_*, dof_*, geom_*, site_*, ...) are already filled, so e.g. jnt_actuatorid can be set
//     here; user arrays can be copied with ctx->CopyUser();
//   * in finalize(ctx, d): d is at qpos0 after mj_setConst (position stages done); compute
//     quantities such as tendon_length0, actuator_length0/acc0, dampratio -> kv, lengthrange.
// Angles: use the element's own compiler options (SpecElement::compiler->degree), see ToRadians.
// Errors: return false after ctx->Error(msg, element); mj_compile then returns NULL and
// mjs_getError(spec) holds "Error: <msg>\nElement name '<name>', id <id>".
// ============================================================================================

#ifndef MOTUS_USER_USER_COMPILE_H_
#define MOTUS_USER_USER_COMPILE_H_

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_hfield.h"
#include "user/user_mesh.h"
#include "user/user_mesh_octree.h"
#include "user/user_spec.h"
#include "user/user_texture.h"

namespace motus {

struct CompileContext;

// one kind of non-tree element (or asset) compiled by its own file
struct CompileKind {
  const char* name;
  bool (*size)(CompileContext* ctx);                 // validate, resolve, count
  bool (*fill)(CompileContext* ctx);                 // write arrays of ctx->m
  bool (*finalize)(CompileContext* ctx, mjData* d);  // after mj_setConst (may be nullptr)
};

// engine plugins (user_compile_plugin.cc): resolve the plugin references of every element
// (after Gather); query the plugins about the filled model: returns false on error and sets
// *resize when the state or sensor sizes differ from those the model was allocated with
bool ResolvePlugins(CompileContext* c);
bool QueryPlugins(CompileContext* c, bool* resize);

// the kinds, in fill/finalize order (each defined in user_compile_<kind>.cc)
extern const CompileKind kCompileMaterials;   // user_compile_material.cc
extern const CompileKind kCompileTextures;    // user_compile_texture.cc
extern const CompileKind kCompileHFields;     // user_compile_hfield.cc
extern const CompileKind kCompileSkins;       // user_compile_skin.cc
extern const CompileKind kCompileFlexes;      // user_compile_flex.cc
extern const CompileKind kCompileContacts;    // user_compile_contact.cc (pairs and excludes)
extern const CompileKind kCompileEqualities;  // user_compile_equality.cc
extern const CompileKind kCompileTendons;     // user_compile_tendon.cc
extern const CompileKind kCompileActuators;   // user_compile_actuator.cc
extern const CompileKind kCompileSensors;     // user_compile_sensor.cc
extern const CompileKind kCompileCustom;      // user_compile_custom.cc (numeric, text, tuple)
extern const CompileKind kCompilePlugins;     // user_compile_plugin.cc

// a position and orientation
struct Pose {
  double pos[3] = {0, 0, 0};
  double quat[4] = {1, 0, 0, 0};
};

// compiled data of a body, kept until the model is allocated
struct BodyInfo {
  Pose local;     // body frame in the parent body frame
  Pose inertial;  // inertial frame in the body frame
  double mass = 0;
  double inertia[3] = {0, 0, 0};
  int parent = -1, root = 0, weld = 0, tree = -1, mocap = -1;
  int jntadr = -1, jntnum = 0, dofadr = -1, dofnum = 0, geomadr = -1, geomnum = 0;
  int sameframe = 0, simple = 0;
  int bvhadr = -1, bvhnum = 0;
};

// compiled geometry of a geom (also used for sites: size and local pose)
struct GeomInfo {
  Pose local;  // geom frame in the body frame
  double size[3] = {0, 0, 0};
  double aabb[6] = {0, 0, 0, 0, 0, 0};
  double rbound = 0;
  double mass = 0;                // from density or given mass
  double inertia[3] = {0, 0, 0};  // principal inertia about the center, in the geom frame
  int dataid = -1;                // mesh or hfield id
  int matid = -1;
  int sameframe = 0;
};

struct LightInfo {
  double pos[3] = {0, 0, 0};  // in the body frame
  double dir[3] = {0, 0, -1};
};

// a skin ready for the skin_* arrays (user_compile_skin.cc): from the spec or its SKN file,
// with resolved ids, normalized bind quaternions and per-vertex normalized weights
struct SkinResult {
  std::vector<float> vert, texcoord, bindpos, bindquat;
  std::vector<int> face;
  std::vector<std::string> bodyname;
  std::vector<std::vector<int>> vertid;
  std::vector<std::vector<float>> vertweight;
  int matid = -1;
  std::vector<int> bodyid;  // per bone
};

// a flex ready for the flex_* arrays (user_compile_flex.cc): resolved bodies, elements (3D ones
// reordered to MuJoCo's orientation), edges and the topology derived from them
struct FlexResult {
  int dim = 2, order = 0, matid = -1;
  std::vector<int> vertbody, nodebody;  // body ids (vertbody -1 for interpolated flexes)
  std::vector<double> vert, node;       // local coordinates, 3 per vertex / node
  std::vector<double> vert0;            // vertex positions at qpos0 normalized in the bounding box
  double size[3] = {0, 0, 0};           // half sizes of the bounding box at qpos0
  std::vector<int> elem, elemtexcoord;  // dim+1 per element
  std::vector<int> edge;                // 2 per edge (smaller vertex id first)
  std::vector<int> elemedge;            // edges of each element
  std::vector<int> edgeflap;            // 2D: vertices opposite each edge (-1: none), 2 per edge
  std::vector<int> shell;               // boundary facets (dim ids each)
  std::vector<int> elemlayer;           // graph distance of 3D elements to the boundary
  std::vector<int> vertedgeadr, vertedgenum, vertedge;  // edges at each vertex
  std::vector<float> texcoord;
  std::vector<int> evpair;  // (element, vertex) pairs of neighboring elements, 2 per pair
  // bounding volume hierarchy over the collision elements (children numbered from the root,
  // nodeid the element of a leaf, -1 inside)
  std::vector<int> bvh_depth, bvh_child, bvh_nodeid;
  bool rigid = false, centered = false;
};

struct JointInfo {
  double pos[3] = {0, 0, 0};  // in the body frame
  double axis[3] = {0, 0, 1};
  int qposadr = 0, dofadr = 0, body = 0;
  bool limited = false, actfrclimited = false;
  double range[2] = {0, 0};
};

// a static body removed by fusestatic (its elements and children moved to `into`)
struct FusedBody {
  std::unique_ptr<SpecBody> body;  // detached: keeps its inertial attributes, owns no elements
  Pose pose;                       // its pose in `into` at fusion time (frames resolved)
  const SpecBody* into = nullptr;  // the body it was fused into
  int into_record = -1;            // record of `into` if that body was fused later, else -1
};

class AssetJobs;

struct CompileContext {
  SpecModel* spec = nullptr;
  const mjVFS* vfs = nullptr;
  mjModel sizes{};       // size fields for mj_allocModel
  mjModel* m = nullptr;  // the model being filled (after allocation)
  std::string error;

  // elements in compiled-id order
  std::vector<SpecBody*> bodies;
  std::vector<SpecJoint*> joints;
  std::vector<SpecGeom*> geoms;
  std::vector<SpecSite*> sites;
  std::vector<SpecCamera*> cameras;
  std::vector<SpecLight*> lights;
  std::vector<SpecFrame*> frames;

  // compiled tree data (index = compiled id)
  std::vector<BodyInfo> body;
  std::vector<JointInfo> joint;
  std::vector<GeomInfo> geom;
  std::vector<GeomInfo> site;
  std::vector<Pose> camera;
  std::vector<LightInfo> light;
  std::vector<int> dof_body, dof_joint, dof_parent, dof_simplenum;
  int nq = 0, nv = 0, ntree = 0, nmocap = 0;

  // BVH of the bodies' geoms (global arrays, per-body ranges in BodyInfo)
  std::vector<int> bvh_depth, bvh_child, bvh_nodeid;
  std::vector<double> bvh_aabb;

  // processed assets (index = asset id), made by the asset jobs (user_compile_assets.h) and
  // taken by CompileMeshes and the texture and height field CompileKinds' size()
  AssetJobs* assets = nullptr;
  std::vector<std::shared_ptr<const MeshResult>> mesh;  // shared with the asset cache
  std::vector<MeshOctree> octree;  // signed distance octrees (empty for meshes without sdf geoms)
  std::vector<TextureResult> texture;
  std::vector<HFieldResult> hfield;
  std::vector<SkinResult> skin;  // by kCompileSkins' size()
  std::vector<FlexResult> flex;  // by kCompileFlexes' size()

  // engine plugins (user_compile_plugin.cc): the instance each element refers to (-1: none,
  // index = compiled id), filled by ResolvePlugins; then what the plugins report about the
  // filled model (state size per instance, output size per plugin sensor, -1: not a plugin
  // sensor); the model is filled again when these change the sizes
  std::vector<int> body_plugin, geom_plugin, mesh_plugin, actuator_plugin, sensor_plugin;
  std::vector<int> plugin_slot;
  std::vector<int> plugin_statenum, plugin_sensor_dim;

  // ---- helpers for the per-kind files ----

  // id of the element of this type with this name, -1 if none (mjOBJ_XBODY = mjOBJ_BODY)
  int FindId(mjtObj type, const std::string& name) const;

  // the registered plugin of an instance (ResolvePlugins has checked it exists)
  const mjpPlugin* Plugin(int instance) const { return mjp_getPluginAtSlot(plugin_slot[instance]); }

  // record an error (optionally naming the element) and return false
  bool Error(const std::string& msg, const SpecElement* e = nullptr);

  // nuser_* size: the spec value, or the longest user array when the spec says -1; an element
  // with more user values than a given size is an error (returns -1 after Error)
  int UserSize(int specsize, const std::vector<const std::vector<double>*>& data, const char* what);

  // copy one element's user values into a row of nuser numbers (zero padded)
  static void CopyUser(mjtNum* dst, int nuser, const std::vector<double>& src);

  // fusestatic (user_compile_transform.cc): one record per fused static body, in fusion order
  // (pre-order: a static body inside a static body is fused after it). MuJoCo gives the
  // receiving body the combination of its own inertial and the inertials of the bodies fused into
  // it; see FusedBody and CompileInertia.
  std::vector<FusedBody> fused;
  std::unordered_map<const SpecElement*, int> fused_geom;  // moved geom -> record of its body

  // name -> id maps, built in the gather pass
  std::unordered_map<std::string, int> ids[mjNOBJECT];
  std::unordered_map<std::string, int> frame_ids;
};

// angle conversion with an element's compiler options (degrees -> radians when degree is set)
inline double ToRadians(const SpecElement* e, double angle) {
  return e->compiler && e->compiler->degree ? angle * mjPI / 180.0 : angle;
}

// a stub CompileKind's size(): error if the spec has any element of the kind
bool RejectIfAny(CompileContext* ctx, size_t count, const char* what);

}  // namespace motus

#endif  // MOTUS_USER_USER_COMPILE_H_
