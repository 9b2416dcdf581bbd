// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh assets for the model compiler: decoding (STL, OBJ, MSH, inline spec data), processing as
// the XML reference's <mesh> element describes (scale, refpos/refquat, normals, convex hull,
// volume / center of mass / principal inertia, re-expression in the inertial frame), the hull
// graph, polygons and bounding-volume hierarchy stored in mjModel, and the primitive fits used by
// geoms that reference a mesh. Builtin meshes for mjs_makeMesh are in user_mesh_builtin.cc.
//
// Typical use by the compiler, for each mesh:
//
//   motus::MeshData raw;
//   motus::AssetContext ctx{spec_modelfiledir, compiler.meshdir, spec.strippath};
//   if (!motus::LoadMesh(mesh_spec, vfs, ctx, &raw, &err)) -> error
//   motus::MeshOptions opt;  opt.needhull = <used by a geom with contype|conaffinity != 0>;
//   motus::MeshResult res;
//   if (!motus::ProcessMesh(mesh_spec, raw, opt, &res, &err)) -> error
//   ... copy res into the mjModel arrays (see MeshResult) ...
//
// Geoms: a mesh geom gets pos/quat = geom frame * (res.pos, res.quat), size/aabb from
// MeshGeomBounds; a primitive geom with mesh= gets FitPrimitive.

#ifndef MOTUS_USER_USER_MESH_H_
#define MOTUS_USER_USER_MESH_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <mujoco/mjplugin.h>
#include <mujoco/mjspec.h>
#include <mujoco/mjtype.h>

#include "user/user_vfs.h"

namespace motus {

// ---- raw data -----------------------------------------------------------------------------------

// Mesh data as given by a file or the spec, before any processing. Vertices are double (inline
// data arrives as float in mjsMesh and is widened exactly).
struct MeshData {
  std::vector<double> vert;       // 3*nvert positions
  std::vector<float> normal;      // 3*nnormal (may be empty)
  std::vector<float> texcoord;    // 2*ntexcoord (may be empty)
  std::vector<int> face;          // 3*nface vertex indices (may be empty: convex hull is used)
  std::vector<int> facenormal;    // 3*nface normal indices, or empty (OBJ: -1 = none)
  std::vector<int> facetexcoord;  // 3*nface texcoord indices, or empty (OBJ: -1 = none)
};

// File decoders; `data`/`size` is the whole file. On failure they return false and set *error.
// Binary STL removes repeated vertices (exact float equality) and re-indexes the faces, keeping
// the first occurrence order; ASCII STL is accepted as well (same processing).
bool DecodeSTL(const uint8_t* data, size_t size, MeshData* out, std::string* error);
// OBJ: v, vn, vt, f (polygons fan-triangulated, 1-based and negative indices, v/vt/vn forms),
// '#' comments; other statements are ignored. Texture v is flipped (1 - v) as MuJoCo stores it.
// All values are single precision (as MuJoCo's OBJ reader stores them).
bool DecodeOBJ(const uint8_t* data, size_t size, MeshData* out, std::string* error);
// MuJoCo's legacy binary MSH (XML reference, <mesh>, "Legacy MSH file format").
bool DecodeMSH(const uint8_t* data, size_t size, MeshData* out, std::string* error);

// Chooses the decoder from content_type ("model/stl", "model/obj", "model/vnd.mujoco.msh") or else
// the file extension (.stl .obj .msh, case-insensitive).
bool DecodeMeshFile(const std::vector<uint8_t>& bytes, const std::string& filename,
                    const std::string& content_type, MeshData* out, std::string* error);

// Fills *out from the spec: the file (resolved through ctx and read via the VFS or disk) when
// spec->file is set, else the inline uservert/usernormal/usertexcoord/userface/... arrays.
// Giving both a file and inline vertices is an error.
bool LoadMesh(const mjsMesh* spec, const mjVFS* vfs, const AssetContext& ctx, MeshData* out,
              std::string* error);

// The mesh of an SDF plugin (mesh/plugin): marching cubes of plugin->sdf_staticdistance with the
// given attribute values on a uniform grid of plugin->sdf_aabb (see user_mesh_sdf.cc). Vertices
// are in the plugin's frame, rounded to single precision; faces face positive distances.
bool MakeSdfMesh(const mjpPlugin* plugin, const double* attributes, MeshData* out,
                 std::string* error);

// ---- processing ---------------------------------------------------------------------------------

struct MeshOptions {
  // The convex hull graph (mjModel.mesh_graph) is kept, and polygons are made from hull faces,
  // only when the mesh is used by a collision geom (contype or conaffinity nonzero) or its
  // inertia is "convex" (this flag is then forced on). Otherwise mesh_graphadr = -1 and the
  // polygons are made from the mesh faces.
  bool needhull = true;
  // The mesh of an SDF plugin stays in the plugin's frame (mesh_pos 0, mesh_quat identity), where
  // the signed distance is defined; its principal inertia is still computed, and a geom uses it
  // in that frame as MuJoCo does (see doc/conformance.md#plugins).
  bool keepframe = false;
};

// One processed mesh, in the layout of mjModel's per-mesh arrays. All index arrays are local to
// the mesh (0-based); the compiler adds the mesh's offsets only where mjModel stores addresses.
struct MeshResult {
  // mesh_vert / mesh_normal / mesh_texcoord (float, as in mjModel), in the mesh (inertial) frame
  std::vector<float> vert;        // 3*nvert
  std::vector<double> vert_d;     // the same vertices in double precision (bounds, fits)
  std::vector<float> normal;      // 3*nnormal
  std::vector<float> texcoord;    // 2*ntexcoord
  std::vector<int> face;          // mesh_face, 3*nface
  std::vector<int> facenormal;    // mesh_facenormal, 3*nface; EMPTY means "fill with zeros"
  std::vector<int> facetexcoord;  // mesh_facetexcoord, 3*nface; EMPTY means "fill with zeros"

  // mesh_graph for this mesh (empty: mesh_graphadr = -1). Layout: numvert, numface,
  // vert_edgeadr[numvert], vert_globalid[numvert], edge_localid[numvert+3*numface],
  // face_globalid[3*numface].
  std::vector<int> graph;

  double scale[3] = {1, 1, 1};    // mesh_scale
  double pos[3] = {0, 0, 0};      // mesh_pos: inertial frame in the asset frame
  double quat[4] = {1, 0, 0, 0};  // mesh_quat

  // polygons: mesh_polynum = polyvertnum.size(); mesh_polyvertadr[k] = offset + running sum
  std::vector<double> polynormal;  // mesh_polynormal, 3*npoly
  std::vector<int> polyvertnum;    // mesh_polyvertnum, npoly
  std::vector<int> polyvert;       // mesh_polyvert (local vertex ids), concatenated
  std::vector<int> polymapnum;     // mesh_polymapnum, nvert
  std::vector<int> polymap;        // mesh_polymap (local polygon ids), concatenated

  // bounding volume hierarchy over the faces (mesh_bvhnum = bvh_depth.size()). bvh_child holds
  // node indices local to this mesh (-1 = none), bvh_nodeid the face id of leaves (-1 inside).
  std::vector<double> bvh_aabb;  // 6 per node: center[3], half-size[3] in the mesh frame
  std::vector<int> bvh_child;    // 2 per node
  std::vector<int> bvh_depth;    // 1 per node
  std::vector<int> bvh_nodeid;   // 1 per node

  // physical properties in the mesh frame (density 1): a geom of density rho has mass
  // rho*volume and principal inertia rho*inertia. For inertia="shell" `volume` is the area.
  double volume = 0;
  double inertia[3] = {0, 0, 0};
  double boxsz[3] = {0, 0, 0};          // half-sizes of the equivalent-inertia box
  double aamm[6] = {0, 0, 0, 0, 0, 0};  // axis-aligned bounds: min[3], max[3] (mesh frame)
};

// Runs the processing pipeline on raw data (in this order: validation, convex hull when there
// are no faces, automatic normals, refpos/refquat/scale, volume and inertia per spec->inertia,
// alignment to the principal frame, hull graph, polygons, BVH, bounds).
bool ProcessMesh(const mjsMesh* spec, const MeshData& raw, const MeshOptions& options,
                 MeshResult* out, std::string* error);

// ---- geoms --------------------------------------------------------------------------------------

// A mesh geom's size (per-axis max |coordinate|), aabb (center[3], half-size[3]) and rbound
// (norm of size), all in the mesh frame, as mjModel.geom_size / geom_aabb / geom_rbound.
void MeshGeomBounds(const MeshResult& mesh, double size[3], double aabb[6], double* rbound);

// Fits a primitive (mjGEOM_SPHERE, CAPSULE, CYLINDER, ELLIPSOID, BOX) to the mesh per
// <compiler fitaabb> and <geom fitscale>: size, and the primitive's frame (pos, quat) in the
// mesh's asset frame (compose with the geom frame as for mesh geoms). False for other types.
bool FitPrimitive(const MeshResult& mesh, int geomtype, bool fitaabb, double fitscale,
                  double size[3], double pos[3], double quat[4], std::string* error);

// ---- builtin meshes (mjs_makeMesh)
// -----------------------------------------------------------------

// Generates the vertices and faces of a builtin mesh (XML reference, <mesh builtin>); parameter
// counts and ranges are checked. Output goes to vert (3*n floats) and face (3*m ints; empty for
// cone, wedge and plate, whose faces are the convex hull). The wedge and plate also define a
// frame of 3 normals per vertex (3*3*n floats in `normal`; empty for the other shapes), which
// belongs in mjsMesh.usernormal.
bool MakeBuiltinMesh(mjtMeshBuiltin builtin, const double* params, int nparams,
                     std::vector<float>* vert, std::vector<float>* normal, std::vector<int>* face,
                     std::string* error);
// Same without the normals (wedge and plate then lose their frames).
bool MakeBuiltinMesh(mjtMeshBuiltin builtin, const double* params, int nparams,
                     std::vector<float>* vert, std::vector<int>* face, std::string* error);

// ---- internal pieces (exposed for tests) -------------------------------------------------------

// Convex hull of points (3*n doubles) via qhull ("Qt", plus "TA<maxhullvert-4>" when
// maxhullvert > 0). Fills graph in mjModel.mesh_graph layout. False with a message on failure.
bool MakeHullGraph(const std::vector<double>& vert, int maxhullvert, std::vector<int>* graph,
                   std::string* error);

// Volume (or area), center of mass and inertia matrix about it (row-major 3x3, density 1) of a
// triangle set, per mjtMeshInertia (faces of the convex hull are passed for "convex").
bool MeshInertia(const std::vector<double>& vert, const std::vector<int>& face, mjtMeshInertia mode,
                 double* volume, double com[3], double inertia[9], std::string* error);

// Vertex normals from faces, area weighted; unless smooth, faces whose normal deviates from the
// vertex's average normal by more than acos(0.8) are left out. Vertices with no usable face get
// (0, 0, 1).
void MakeVertexNormals(const std::vector<double>& vert, const std::vector<int>& face, bool smooth,
                       std::vector<float>* normal);

// Polygons: adjacent coplanar triangles merged (see user_mesh_poly.cc). Grouping and order use
// `vert` (the asset's own vertices); normals are computed from `final_vert` (the mesh frame).
void MakePolygons(const std::vector<double>& vert, const std::vector<double>& final_vert,
                  const std::vector<int>& face, int nvert, MeshResult* out);

// Bounding volume hierarchy over triangles (see user_mesh_bvh.cc); `keys` holds 3 sort
// coordinates per triangle.
void MakeMeshBVH(const std::vector<double>& vert, const std::vector<int>& face,
                 const std::vector<double>& keys, MeshResult* out);

}  // namespace motus

#endif  // MOTUS_USER_USER_MESH_H_
