// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Mesh assets in the compiler: each mesh is loaded and processed by the mesh pipeline
// (user_mesh.h) and copied into the mesh_* arrays of mjModel. Mesh bounding volume hierarchies
// follow the bodies' hierarchies in the global bvh_* arrays.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_cache.h"
#include "user/user_compile_assets.h"
#include "user/user_compile_internal.h"
#include "user/user_mesh.h"
#include "user/user_vfs.h"

namespace motus {

namespace {

// the mesh of an SDF plugin instance: the attributes of its configuration (sdf_attribute, in the
// plugin's order, "" when absent), then marching cubes of its static distance
bool PluginMesh(CompileContext* c, const SpecMesh* mesh, int instance, MeshData* raw) {
  const mjpPlugin* plugin = c->Plugin(instance);
  if (!(plugin->capabilityflags & mjPLUGIN_SDF) || !plugin->sdf_staticdistance ||
      !plugin->sdf_aabb || !plugin->sdf_attribute) {
    return c->Error("mesh plugin '" + std::string(plugin->name) +
                        "' is not an SDF plugin (a mesh can only be made by an SDF plugin)",
                    mesh);
  }
  if (!mesh->s.file->empty() || !mesh->s.uservert->empty() || !mesh->s.userface->empty()) {
    return c->Error("a mesh made by a plugin cannot also have a file or vertex data", mesh);
  }
  const SpecPlugin* spec = c->spec->plugins[instance].get();
  std::vector<const char*> names(plugin->nattribute), values(plugin->nattribute, "");
  for (int k = 0; k < plugin->nattribute; k++) {
    names[k] = plugin->attributes[k];
    auto it = spec->config.find(names[k]);
    if (it != spec->config.end()) {
      values[k] = it->second.c_str();
    }
  }
  std::vector<double> attributes(plugin->nattribute, 0);
  plugin->sdf_attribute(attributes.data(), names.data(), values.data());
  for (int k = 0; k < plugin->nattribute; k++) {
    if (!std::isfinite(attributes[k])) {
      return c->Error("mesh plugin '" + std::string(plugin->name) + "': invalid value '" +
                          values[k] + "' of attribute '" + names[k] + "'",
                      mesh);
    }
  }
  std::string err;
  if (!MakeSdfMesh(plugin, attributes.data(), raw, &err)) {
    return c->Error(err, mesh);
  }
  return true;
}

// The cache key of a mesh processed from a file: the file and every input of ProcessMesh other
// than its contents (the spec's processing attributes and the options).
std::string MeshCacheKey(const std::string& path, const mjsMesh* spec, const MeshOptions& opt) {
  std::string key = "mesh";
  AppendKey(&key, path);
  AppendKey(&key, spec->content_type ? *spec->content_type : std::string());
  for (int k = 0; k < 3; k++) {
    AppendKey(&key, spec->refpos[k]);
    AppendKey(&key, spec->scale[k]);
  }
  for (int k = 0; k < 4; k++) {
    AppendKey(&key, spec->refquat[k]);
  }
  AppendKey(&key, static_cast<int>(spec->inertia));
  AppendKey(&key, static_cast<int>(spec->smoothnormal));
  AppendKey(&key, spec->maxhullvert);
  AppendKey(&key, static_cast<int>(opt.needhull));
  AppendKey(&key, static_cast<int>(opt.keepframe));
  return key;
}

// bytes held by a processed mesh (for the cache's capacity)
size_t MeshBytes(const MeshResult& r) {
  return sizeof(float) * (r.vert.size() + r.normal.size() + r.texcoord.size()) +
         sizeof(double) * (r.vert_d.size() + r.polynormal.size() + r.bvh_aabb.size()) +
         sizeof(int) *
             (r.face.size() + r.facenormal.size() + r.facetexcoord.size() + r.graph.size() +
              r.polyvertnum.size() + r.polyvert.size() + r.polymapnum.size() + r.polymap.size() +
              r.bvh_child.size() + r.bvh_depth.size() + r.bvh_nodeid.size()) +
         sizeof(MeshResult);
}

// mesh i made by its SDF plugin instance and processed (on the compiling thread: the plugin's
// callbacks are not required to be thread-safe)
bool LoadPluginMesh(CompileContext* c, int i, const MeshOptions& opt,
                    std::shared_ptr<const MeshResult>* out) {
  SpecMesh* mesh = c->spec->meshes[i].get();
  MeshOptions plugin = opt;
  plugin.keepframe = true;
  MeshData raw;
  std::string err;
  auto result = std::make_shared<MeshResult>();
  if (!PluginMesh(c, mesh, c->mesh_plugin[i], &raw)) {
    return false;
  }
  if (!ProcessMesh(&mesh->s, raw, plugin, result.get(), &err)) {
    return c->Error(err, mesh);
  }
  *out = std::move(result);
  return true;
}

// the names of the meshes used by geoms of a given kind (one pass over the geoms)
std::unordered_set<std::string> GeomMeshNames(const CompileContext* c, bool sdf) {
  std::unordered_set<std::string> names;
  for (const SpecGeom* g : c->geoms) {
    if (sdf ? g->s.type == mjGEOM_SDF : (g->s.contype || g->s.conaffinity)) {
      names.insert(g->own.meshname);
    }
  }
  return names;
}

}  // namespace

bool MeshFromPlugin(const CompileContext* c, int i) {
  return i < static_cast<int>(c->mesh_plugin.size()) && c->mesh_plugin[i] >= 0;
}

std::vector<MeshOptions> MeshAssetOptions(const CompileContext* c) {
  // the convex hull is needed by collision geoms and by "convex" inertia
  std::unordered_set<std::string> collide = GeomMeshNames(c, false);
  std::vector<MeshOptions> opt(c->spec->meshes.size());
  for (size_t i = 0; i < opt.size(); i++) {
    const SpecMesh* mesh = c->spec->meshes[i].get();
    opt[i].needhull = mesh->s.inertia == mjMESH_INERTIA_CONVEX || collide.count(CompiledName(mesh));
  }
  return opt;
}

// Mesh i (file or inline data) loaded and processed; thread-safe: it reads the spec and writes
// nothing but *out. A mesh from a disk file is taken from the asset cache when the same file was
// processed with the same inputs before.
bool LoadMeshAsset(const CompileContext* c, int i, const MeshOptions& opt,
                   std::shared_ptr<const MeshResult>* out, std::string* error) {
  const SpecMesh* mesh = c->spec->meshes[i].get();
  AssetContext actx;
  actx.modelfiledir = c->spec->own.modelfiledir;
  actx.assetdir = mesh->compiler && mesh->compiler->meshdir ? *mesh->compiler->meshdir : "";
  actx.strippath = c->spec->s.strippath;

  FileStamp stamp;
  std::string key, path;
  bool cached =
      mesh->s.file && !mesh->s.file->empty() && (!mesh->s.uservert || mesh->s.uservert->empty());
  if (cached) {
    path = actx.Resolve(*mesh->s.file);
    cached = DiskResourceStamp(c->vfs, path, &stamp);
  }
  if (cached) {
    key = MeshCacheKey(path, &mesh->s, opt);
    if ((*out = FindCached<MeshResult>(key, stamp))) {
      return true;
    }
  }

  MeshData raw;
  auto result = std::make_shared<MeshResult>();
  if (!LoadMesh(&mesh->s, c->vfs, actx, &raw, error) ||
      !ProcessMesh(&mesh->s, raw, opt, result.get(), error)) {
    return false;
  }
  if (cached) {
    AddCachedAsset(key, path, stamp, result, MeshBytes(*result));
  }
  *out = std::move(result);
  return true;
}

bool CompileMeshes(CompileContext* c) {
  SpecModel* s = c->spec;
  for (size_t i = 0; i < s->meshes.size(); i++) {
    SpecMesh* mesh = s->meshes[i].get();
    if (MeshFromPlugin(c, static_cast<int>(i))) {
      if (!LoadPluginMesh(c, static_cast<int>(i), c->assets->MeshOptionsOf(i), &c->mesh[i])) {
        return false;
      }
      continue;
    }
    const std::string& err = c->assets->Mesh(i);
    if (!err.empty()) {
      return c->Error(err, mesh);
    }
  }

  // octrees: the signed distance fields of meshes referenced by sdf geoms
  std::unordered_set<std::string> sdf = GeomMeshNames(c, true);
  c->octree.assign(s->meshes.size(), MeshOctree());
  for (size_t i = 0; i < s->meshes.size(); i++) {
    SpecMesh* mesh = s->meshes[i].get();
    // a mesh made by an SDF plugin has none: its geoms use the plugin's field
    if (MeshFromPlugin(c, static_cast<int>(i)) || !sdf.count(CompiledName(mesh))) {
      continue;
    }
    std::string err;
    if (!MakeMeshOctree(c->mesh[i]->vert_d, c->mesh[i]->face, &c->octree[i], &err)) {
      return c->Error(err, mesh);
    }
  }

  // sizes (bvh totals are added after the body BVH is built, in FillMeshes' size pass below)
  mjModel& z = c->sizes;
  z.nmesh = static_cast<mjtSize>(c->mesh.size());
  for (const std::shared_ptr<const MeshResult>& mr : c->mesh) {
    const MeshResult& r = *mr;
    z.nmeshvert += r.vert.size() / 3;
    z.nmeshnormal += r.normal.size() / 3;
    z.nmeshtexcoord += r.texcoord.size() / 2;
    z.nmeshface += r.face.size() / 3;
    z.nmeshgraph += r.graph.size();
    z.nmeshpoly += r.polyvertnum.size();
    z.nmeshpolyvert += r.polyvert.size();
    z.nmeshpolymap += r.polymap.size();
  }
  for (const MeshOctree& o : c->octree) {
    z.noct += o.size();
  }
  return true;
}

namespace {

// copies mesh i's octree (if any) to the oct_* arrays at node offset *oct and advances it
void FillOctree(const CompileContext* c, mjModel* m, int i, int* oct) {
  const MeshOctree* o = i < static_cast<int>(c->octree.size()) ? &c->octree[i] : nullptr;
  int n = o ? o->size() : 0;
  m->mesh_octadr[i] = n ? *oct : -1;
  m->mesh_octnum[i] = n;
  for (int k = 0; k < n; k++) {
    int g = *oct + k;
    m->oct_depth[g] = o->depth[k];
    for (int j = 0; j < 8; j++) {
      int ch = o->child[8 * k + j];
      m->oct_child[8 * g + j] = ch;  // local to the mesh, as MuJoCo stores them
      m->oct_coeff[8 * g + j] = o->coeff[8 * k + j];
    }
    for (int j = 0; j < 6; j++) {
      m->oct_aabb[6 * g + j] = o->aabb[6 * k + j];
    }
  }
  *oct += n;
}

}  // namespace

void FillMeshes(CompileContext* c) {
  mjModel* m = c->m;
  int vert = 0, normal = 0, texcoord = 0, face = 0, graph = 0, poly = 0, polyvert = 0, polymap = 0;
  int bvh = static_cast<int>(c->bvh_depth.size());  // mesh nodes follow the body nodes
  int oct = 0;
  for (int i = 0; i < m->nmesh; i++) {
    const MeshResult& r = *c->mesh[i];
    int nv = static_cast<int>(r.vert.size() / 3), nf = static_cast<int>(r.face.size() / 3);
    m->mesh_vertadr[i] = vert;
    m->mesh_vertnum[i] = nv;
    m->mesh_faceadr[i] = face;
    m->mesh_facenum[i] = nf;
    m->mesh_normaladr[i] = normal;
    m->mesh_normalnum[i] = static_cast<int>(r.normal.size() / 3);
    m->mesh_texcoordadr[i] = r.texcoord.empty() ? -1 : texcoord;
    m->mesh_texcoordnum[i] = static_cast<int>(r.texcoord.size() / 2);
    m->mesh_graphadr[i] = r.graph.empty() ? -1 : graph;
    FillOctree(c, m, i, &oct);

    std::copy(r.vert.begin(), r.vert.end(), m->mesh_vert + 3 * vert);
    std::copy(r.normal.begin(), r.normal.end(), m->mesh_normal + 3 * normal);
    std::copy(r.texcoord.begin(), r.texcoord.end(), m->mesh_texcoord + 2 * texcoord);
    std::copy(r.face.begin(), r.face.end(), m->mesh_face + 3 * face);
    if (!r.facenormal.empty()) {
      std::copy(r.facenormal.begin(), r.facenormal.end(), m->mesh_facenormal + 3 * face);
    }
    if (!r.facetexcoord.empty()) {
      std::copy(r.facetexcoord.begin(), r.facetexcoord.end(), m->mesh_facetexcoord + 3 * face);
    }
    std::copy(r.graph.begin(), r.graph.end(), m->mesh_graph + graph);
    for (int k = 0; k < 3; k++) {
      m->mesh_scale[3 * i + k] = r.scale[k];
      m->mesh_pos[3 * i + k] = r.pos[k];
    }
    for (int k = 0; k < 4; k++) {
      m->mesh_quat[4 * i + k] = r.quat[k];
    }

    // polygons
    int npoly = static_cast<int>(r.polyvertnum.size());
    m->mesh_polynum[i] = npoly;
    m->mesh_polyadr[i] = poly;
    int pv = polyvert;
    for (int p = 0; p < npoly; p++) {
      for (int k = 0; k < 3; k++) {
        m->mesh_polynormal[3 * (poly + p) + k] = r.polynormal[3 * p + k];
      }
      m->mesh_polyvertadr[poly + p] = pv;
      m->mesh_polyvertnum[poly + p] = r.polyvertnum[p];
      pv += r.polyvertnum[p];
    }
    std::copy(r.polyvert.begin(), r.polyvert.end(), m->mesh_polyvert + polyvert);
    int pm = polymap;
    for (int v = 0; v < static_cast<int>(r.polymapnum.size()); v++) {
      m->mesh_polymapadr[vert + v] = pm;
      m->mesh_polymapnum[vert + v] = r.polymapnum[v];
      pm += r.polymapnum[v];
    }
    std::copy(r.polymap.begin(), r.polymap.end(), m->mesh_polymap + polymap);

    // bounding volume hierarchy
    int nnode = static_cast<int>(r.bvh_depth.size());
    m->mesh_bvhadr[i] = nnode ? bvh : -1;
    m->mesh_bvhnum[i] = nnode;
    for (int n = 0; n < nnode; n++) {
      m->bvh_depth[bvh + n] = r.bvh_depth[n];
      m->bvh_child[2 * (bvh + n)] = r.bvh_child[2 * n];
      m->bvh_child[2 * (bvh + n) + 1] = r.bvh_child[2 * n + 1];
      m->bvh_nodeid[bvh + n] = r.bvh_nodeid[n];
      for (int k = 0; k < 6; k++) {
        m->bvh_aabb[6 * (bvh + n) + k] = r.bvh_aabb[6 * n + k];
      }
    }

    vert += nv;
    normal += static_cast<int>(r.normal.size() / 3);
    texcoord += static_cast<int>(r.texcoord.size() / 2);
    face += nf;
    graph += static_cast<int>(r.graph.size());
    poly += npoly;
    polyvert = pv;
    polymap = pm;
    bvh += nnode;
  }
}

// number of mesh BVH nodes (added to nbvh)
int MeshBvhNodes(const CompileContext* c) {
  int n = 0;
  for (const std::shared_ptr<const MeshResult>& r : c->mesh) {
    n += static_cast<int>(r->bvh_depth.size());
  }
  return n;
}

}  // namespace motus
