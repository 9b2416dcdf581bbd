// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Geoms, sites, cameras and lights: local poses (fromto, frames, meshes), sizes, bounding
// volumes, masses and inertias of primitive shapes, the fluid-model coefficients, the body
// inertials inferred from geoms, and the per-body bounding volume hierarchies
// (XMLreference.rst: geom, site, camera, light, inertial, compiler/inertiafromgeom;
// computation_fluid.rst: Ellipsoid-based model).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_passive_fluid.h"
#include "engine/engine_util_solve.h"
#include "user/user_compile_internal.h"
#include "user/user_hfield.h"
#include "user/user_mesh.h"
#include "user/user_util.h"

namespace motus {

namespace {

// ------------------------------------ fromto and sizes ----------------------------------------

// fromto (XMLreference, geom/fromto): the frame is at the midpoint, its z axis along
// from - to (the orientation MuJoCo produces), the half length goes to the elongated size
bool FromTo(CompileContext* c, const SpecElement* e, int type, const double* fromto, double size[3],
            Pose* p) {
  if (type != mjGEOM_CAPSULE && type != mjGEOM_CYLINDER && type != mjGEOM_BOX &&
      type != mjGEOM_ELLIPSOID) {
    return c->Error("fromto requires a capsule, cylinder, box or ellipsoid", e);
  }
  double v[3] = {fromto[0] - fromto[3], fromto[1] - fromto[4], fromto[2] - fromto[5]};
  double len = um::Norm3(v);
  if (len < mjMINVAL) {
    return c->Error("fromto points too close in geom", e);
  }
  for (int i = 0; i < 3; i++) {
    p->pos[i] = 0.5 * (fromto[i] + fromto[i + 3]);
    v[i] /= len;
  }
  um::QuatZ2Vec(p->quat, v);
  if (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) {
    size[1] = len / 2;
  } else {
    size[1] = size[0];
    size[2] = len / 2;
  }
  return true;
}

// the geom-frame AABB (center, half-size) and bounding radius of a primitive
void PrimitiveBounds(int type, const double* s, double aabb[6], double* rbound) {
  for (int i = 0; i < 6; i++) {
    aabb[i] = 0;
  }
  switch (type) {
    case mjGEOM_PLANE:
      aabb[2] = -mjMAXVAL / 2;
      aabb[3] = aabb[4] = mjMAXVAL;
      aabb[5] = mjMAXVAL / 2;
      *rbound = 0;
      return;
    case mjGEOM_SPHERE:
      aabb[3] = aabb[4] = aabb[5] = s[0];
      *rbound = s[0];
      return;
    case mjGEOM_CAPSULE:
      aabb[3] = aabb[4] = s[0];
      aabb[5] = s[0] + s[1];
      *rbound = s[0] + s[1];
      return;
    case mjGEOM_CYLINDER:
      aabb[3] = aabb[4] = s[0];
      aabb[5] = s[1];
      *rbound = std::sqrt(s[0] * s[0] + s[1] * s[1]);
      return;
    case mjGEOM_ELLIPSOID:
      aabb[3] = s[0];
      aabb[4] = s[1];
      aabb[5] = s[2];
      *rbound = std::max(s[0], std::max(s[1], s[2]));
      return;
    case mjGEOM_BOX:
      aabb[3] = s[0];
      aabb[4] = s[1];
      aabb[5] = s[2];
      *rbound = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
      return;
    default:
      *rbound = 0;
      return;
  }
}

// required positive sizes of a primitive (XMLreference, geom/size)
bool CheckSize(CompileContext* c, const SpecElement* e, int type, const double* s) {
  int n = type == mjGEOM_SPHERE                                 ? 1
          : (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) ? 2
          : (type == mjGEOM_ELLIPSOID || type == mjGEOM_BOX)    ? 3
                                                                : 0;
  for (int i = 0; i < n; i++) {
    if (!(s[i] > 0)) {
      return c->Error(
          "size " + std::to_string(i) + " must be positive in " + mju_type2Str(e->elemtype), e);
    }
  }
  // a plane geom's third size (the grid spacing of its rendering) must be positive, as MuJoCo
  // 3.8.0 requires
  if (type == mjGEOM_PLANE && e->elemtype == mjOBJ_GEOM && !(s[2] > 0)) {
    return c->Error("plane size(3) must be positive", e);
  }
  if (type == mjGEOM_PLANE && (s[0] < 0 || s[1] < 0 || s[2] < 0)) {
    return c->Error("plane size cannot be negative", e);
  }
  return true;
}

// ------------------------------------ mass and inertia ----------------------------------------

// volume (or area) and principal inertia per unit density of a primitive about its center
// (solid, or shell with all mass on the surface; XMLreference, geom/shellinertia)
void PrimitiveInertia(int type, bool shell, const double* s, double* volume, double I[3]) {
  const double pi = mjPI;
  double r = s[0], h = s[1];
  I[0] = I[1] = I[2] = 0;
  *volume = 0;
  switch (type) {
    case mjGEOM_SPHERE:
      if (shell) {
        *volume = 4 * pi * r * r;
        I[0] = I[1] = I[2] = 2.0 / 3.0 * *volume * r * r;
      } else {
        *volume = 4.0 / 3.0 * pi * r * r * r;
        I[0] = I[1] = I[2] = 0.4 * *volume * r * r;
      }
      return;
    case mjGEOM_CAPSULE:
      if (shell) {
        // open tube of length 2h plus two hemispherical shells (com r/2 from their sphere center)
        double mc = 2 * pi * r * 2 * h, ms = 4 * pi * r * r;
        *volume = mc + ms;
        I[2] = mc * r * r + ms * 2.0 / 3.0 * r * r;
        I[0] = I[1] = mc * (r * r / 2 + h * h / 3) +
                      ms * (2.0 / 3.0 * r * r - r * r / 4 + (h + r / 2) * (h + r / 2));
      } else {
        // cylinder plus two solid hemispheres (com 3r/8 from their sphere center)
        double mc = pi * r * r * 2 * h, ms = 4.0 / 3.0 * pi * r * r * r;
        *volume = mc + ms;
        I[2] = mc * r * r / 2 + ms * 0.4 * r * r;
        I[0] = I[1] = mc * (r * r / 4 + h * h / 3) + ms * (0.4 * r * r + h * h + 0.75 * h * r);
      }
      return;
    case mjGEOM_CYLINDER:
      if (shell) {
        double mt = 2 * pi * r * 2 * h, md = 2 * pi * r * r;
        *volume = mt + md;
        I[2] = mt * r * r + md * r * r / 2;
        I[0] = I[1] = mt * (r * r / 2 + h * h / 3) + md * (r * r / 4 + h * h);
      } else {
        *volume = pi * r * r * 2 * h;
        I[2] = *volume * r * r / 2;
        I[0] = I[1] = *volume * (r * r / 4 + h * h / 3);
      }
      return;
    case mjGEOM_ELLIPSOID: {
      double a = s[0], b = s[1], cc = s[2];
      auto vol = [&](double x, double y, double z) { return 4.0 / 3.0 * pi * x * y * z; };
      auto solid = [&](double x, double y, double z, double* out) {
        double v = vol(x, y, z);
        out[0] = v * (y * y + z * z) / 5;
        out[1] = v * (x * x + z * z) / 5;
        out[2] = v * (x * x + y * y) / 5;
      };
      if (shell) {
        // area: Knud Thomsen's approximation (p = 1.6075); inertia: the solid's inertia
        // increment per unit volume increment when all semi-axes grow by t = 1e-6
        const double p = 1.6075;
        double ap = std::pow(a * b, p) + std::pow(a * cc, p) + std::pow(b * cc, p);
        *volume = 4 * pi * std::pow(ap / 3, 1 / p);
        const double t = 1e-6;
        double I0[3], I1[3];
        solid(a, b, cc, I0);
        solid(a + t, b + t, cc + t, I1);
        double dv = vol(a + t, b + t, cc + t) - vol(a, b, cc);
        for (int i = 0; i < 3; i++) {
          I[i] = *volume * (I1[i] - I0[i]) / dv;
        }
      } else {
        *volume = vol(a, b, cc);
        solid(a, b, cc, I);
      }
      return;
    }
    case mjGEOM_BOX: {
      double a = s[0], b = s[1], cc = s[2];
      if (shell) {
        // three pairs of faces, normal to x, y, z
        double mx = 2 * 4 * b * cc, my = 2 * 4 * a * cc, mz = 2 * 4 * a * b;
        *volume = mx + my + mz;
        I[0] = mx * (b * b + cc * cc) / 3 + my * (cc * cc / 3 + b * b) + mz * (b * b / 3 + cc * cc);
        I[1] = my * (a * a + cc * cc) / 3 + mx * (cc * cc / 3 + a * a) + mz * (a * a / 3 + cc * cc);
        I[2] = mz * (a * a + b * b) / 3 + mx * (b * b / 3 + a * a) + my * (a * a / 3 + b * b);
      } else {
        *volume = 8 * a * b * cc;
        I[0] = *volume * (b * b + cc * cc) / 3;
        I[1] = *volume * (a * a + cc * cc) / 3;
        I[2] = *volume * (a * a + b * b) / 3;
      }
      return;
    }
    default:
      return;
  }
}

// ------------------------------------ fluid coefficients --------------------------------------

// Carlson's symmetric elliptic integral R_D(x, y, z) (duplication algorithm)
double CarlsonRD(double x, double y, double z) {
  double sum = 0, fac = 1;
  for (int it = 0; it < 100; it++) {
    double sx = std::sqrt(x), sy = std::sqrt(y), sz = std::sqrt(z);
    double lam = sx * sy + sx * sz + sy * sz;
    sum += fac / (sz * (z + lam));
    fac *= 0.25;
    x = 0.25 * (x + lam);
    y = 0.25 * (y + lam);
    z = 0.25 * (z + lam);
    double mu = (x + y + 3 * z) / 5;
    double dx = (mu - x) / mu, dy = (mu - y) / mu, dz = (mu - z) / mu;
    if (std::max(std::abs(dx), std::max(std::abs(dy), std::abs(dz))) < 1e-6) {
      double ea = dx * dy, eb = dz * dz, ec = ea - eb, ed = ea - 6 * eb, ee = ed + ec + ec;
      double s = 1 + ed * (-3.0 / 14 + 9.0 / 88 * ed - 4.5 / 26 * dz * ee) +
                 dz * (ee / 6 + dz * (-9.0 / 22 * ec + 3.0 / 26 * dz * ea));
      return 3 * sum + fac * s / (mu * std::sqrt(mu));
    }
  }
  return 3 * sum;
}

// geom_fluid (computation_fluid.rst, Added mass): [interaction flag, 5 coefficients, virtual
// masses V k_i / (2 - k_i), virtual inertias] for the geom's equivalent ellipsoid, without the
// fluid density (applied at runtime). k_i = r_i r_j r_k int_0^inf dl / sqrt((r_i^2+l)^3
// (r_j^2+l)(r_k^2+l)) = 2/3 r_i r_j r_k R_D(r_j^2, r_k^2, r_i^2).
// This is the exact value; MuJoCo's quadrature differs slightly (see doc/conformance.md#fluid).
void FluidCoefficients(const mjsGeom& s, int type, const double* size, mjtNum out[mjNFLUID]) {
  for (int i = 0; i < mjNFLUID; i++) {
    out[i] = 0;
  }
  if (s.fluid_ellipsoid == 0) {
    return;
  }
  out[0] = s.fluid_ellipsoid;
  for (int i = 0; i < 5; i++) {
    out[1 + i] = s.fluid_coefs[i];
  }
  // mesh geoms use their geom_size (the largest |coordinate| per principal axis of the mesh,
  // MeshGeomBounds), not the equivalent-inertia box, as in MuJoCo
  double r[3];
  mju_geomSemiAxes(type, size, r);
  if (r[0] <= 0 || r[1] <= 0 || r[2] <= 0) {
    return;
  }
  double V = 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  double k[3];
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, l = (i + 2) % 3;
    k[i] = 2.0 / 3.0 * r[0] * r[1] * r[2] * CarlsonRD(r[j] * r[j], r[l] * r[l], r[i] * r[i]);
    out[6 + i] = V * k[i] / (2 - k[i]);
  }
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, l = (i + 2) % 3;
    double dr = r[j] * r[j] - r[l] * r[l];
    double den = 2 * dr + (r[j] * r[j] + r[l] * r[l]) * (k[j] - k[l]);
    out[9 + i] = std::abs(dr) < 1e-14 || den == 0 ? 0 : V / 5 * dr * dr * (k[l] - k[j]) / den;
  }
}

}  // namespace

// ------------------------------------ geoms, sites, cameras, lights ---------------------------

void GeomFrameAabb(const GeomInfo& g, int type, double aabb[6]) {
  (void)type;
  std::memcpy(aabb, g.aabb, sizeof(g.aabb));
}

namespace {

bool CompileGeom(CompileContext* c, SpecGeom* g, GeomInfo* info) {
  const mjsGeom& s = g->s;
  int type = s.type;
  if (type < 0 || type >= mjNGEOMTYPES) {
    return c->Error("invalid geom type", g);
  }
  um::Copy3(info->size, s.size);

  // local pose
  Pose p;
  if (!std::isnan(s.fromto[0])) {
    if (!FromTo(c, g, type, s.fromto, info->size, &p)) {
      return false;
    }
    if (!ApplyFrames(c, g, &p)) {
      return false;
    }
  } else if (!ElementPose(c, g, s.pos, s.quat, s.alt, &p)) {
    return false;
  }

  // material (mesh geoms fall back to the mesh's material)
  std::string material = g->own.material;
  const MeshResult* mesh = nullptr;
  int meshid = -1;
  if (!g->own.meshname.empty()) {
    meshid = c->FindId(mjOBJ_MESH, g->own.meshname);
    if (meshid < 0) {
      return c->Error("mesh '" + g->own.meshname + "' not found in geom " + std::to_string(g->id),
                      g);
    }
    mesh = c->mesh[meshid].get();
    if (material.empty() && (type == mjGEOM_MESH || type == mjGEOM_SDF)) {
      material = c->spec->meshes[meshid]->own.material;
    }
  } else if (type == mjGEOM_MESH || type == mjGEOM_SDF) {
    return c->Error("mesh geom requires a mesh", g);
  }
  if (!material.empty()) {
    info->matid = c->FindId(mjOBJ_MATERIAL, material);
    if (info->matid < 0) {
      return c->Error("material '" + material + "' not found in geom " + std::to_string(g->id), g);
    }
  }

  // geometry
  double volume = 0, I[3] = {0, 0, 0};
  if (mesh) {
    if (type == mjGEOM_MESH || type == mjGEOM_SDF) {
      info->dataid = meshid;
      Pose mp;
      um::Copy3(mp.pos, mesh->pos);
      um::CopyQuat(mp.quat, mesh->quat);
      um::MulPose(p.pos, p.quat, p.pos, p.quat, mp.pos, mp.quat);
      MeshGeomBounds(*mesh, info->size, info->aabb, &info->rbound);
      volume = mesh->volume;
      um::Copy3(I, mesh->inertia);
    } else {
      // primitive fitted to the mesh; geom_dataid still names the mesh (as in MuJoCo:
      // the engine reads it only for mesh and sdf geoms)
      info->dataid = meshid;
      double fsize[3], fpos[3], fquat[4];
      std::string err;
      bool fitaabb = g->compiler && g->compiler->fitaabb;
      if (!FitPrimitive(*mesh, type, fitaabb, s.fitscale, fsize, fpos, fquat, &err)) {
        return c->Error(err, g);
      }
      um::Copy3(info->size, fsize);
      um::MulPose(p.pos, p.quat, p.pos, p.quat, fpos, fquat);
      PrimitiveBounds(type, info->size, info->aabb, &info->rbound);
      PrimitiveInertia(type, s.typeinertia == mjINERTIA_SHELL, info->size, &volume, I);
    }
  } else if (type == mjGEOM_HFIELD) {
    if (g->own.hfieldname.empty()) {
      return c->Error("hfield geom requires a height field", g);
    }
    info->dataid = c->FindId(mjOBJ_HFIELD, g->own.hfieldname);
    if (info->dataid < 0) {
      return c->Error(
          "hfield '" + g->own.hfieldname + "' not found in geom " + std::to_string(g->id), g);
    }
    HFieldGeomBounds(c->spec->hfields[info->dataid]->s.size, info->size, info->aabb, &info->rbound);
    // mass and inertia as MuJoCo 3.8.0 computes them (measured): those of a box with the geom's
    // size as half-sizes, centered at the geom's origin
    PrimitiveInertia(mjGEOM_BOX, s.typeinertia == mjINERTIA_SHELL, info->size, &volume, I);
  } else {
    if (!CheckSize(c, g, type, info->size)) {
      return false;
    }
    PrimitiveBounds(type, info->size, info->aabb, &info->rbound);
    PrimitiveInertia(type, s.typeinertia == mjINERTIA_SHELL, info->size, &volume, I);
  }
  info->local = p;

  // mass: given, or density times volume (area for shell inertia)
  if (type != mjGEOM_PLANE) {
    double density = s.density;
    if (!std::isnan(s.mass)) {
      if (s.mass < 0) {
        return c->Error("geom mass cannot be negative", g);
      }
      if (volume < mjMINVAL) {
        if (s.mass > 0) {
          return c->Error("geom volume is too small for its mass", g);
        }
        density = 0;
      } else {
        density = s.mass / volume;
      }
    } else if (density < 0) {
      return c->Error("geom density cannot be negative", g);
    }
    info->mass = density * volume;
    for (int i = 0; i < 3; i++) {
      info->inertia[i] = density * I[i];
    }
  }
  if (s.condim != 1 && s.condim != 3 && s.condim != 4 && s.condim != 6) {
    return c->Error("invalid condim in geom", g);
  }
  if (s.margin < 0 || s.gap < 0) {
    return c->Error("geom margin and gap cannot be negative", g);
  }
  return true;
}

bool CompileSite(CompileContext* c, SpecSite* st, GeomInfo* info) {
  const mjsSite& s = st->s;
  int type = s.type;
  if (type != mjGEOM_SPHERE && type != mjGEOM_CAPSULE && type != mjGEOM_ELLIPSOID &&
      type != mjGEOM_CYLINDER && type != mjGEOM_BOX) {
    return c->Error("invalid site type", st);
  }
  um::Copy3(info->size, s.size);
  Pose p;
  if (!std::isnan(s.fromto[0])) {
    if (!FromTo(c, st, type, s.fromto, info->size, &p)) {
      return false;
    }
    if (!ApplyFrames(c, st, &p)) {
      return false;
    }
  } else if (!ElementPose(c, st, s.pos, s.quat, s.alt, &p)) {
    return false;
  }
  info->local = p;
  if (!st->own.material.empty()) {
    info->matid = c->FindId(mjOBJ_MATERIAL, st->own.material);
    if (info->matid < 0) {
      return c->Error("material '" + st->own.material + "' not found", st);
    }
  }
  return true;
}

bool CompileLight(CompileContext* c, SpecLight* l, LightInfo* info) {
  Pose p;
  um::Copy3(p.pos, l->s.pos);
  if (!ApplyFrames(c, l, &p)) {
    return false;
  }
  um::Copy3(info->pos, p.pos);
  double dir[3];
  um::Copy3(dir, l->s.dir);
  if (um::Normalize3(dir) < mjMINVAL) {
    return c->Error("light direction is too small", l);
  }
  um::RotVecQuat(info->dir, dir, p.quat);
  return true;
}

}  // namespace

bool CompileGeoms(CompileContext* c) {
  c->geom.assign(c->geoms.size(), GeomInfo());
  for (size_t i = 0; i < c->geoms.size(); i++) {
    if (!CompileGeom(c, c->geoms[i], &c->geom[i])) {
      return false;
    }
  }
  c->site.assign(c->sites.size(), GeomInfo());
  for (size_t i = 0; i < c->sites.size(); i++) {
    if (!CompileSite(c, c->sites[i], &c->site[i])) {
      return false;
    }
  }
  c->camera.assign(c->cameras.size(), Pose());
  for (size_t i = 0; i < c->cameras.size(); i++) {
    SpecCamera* k = c->cameras[i];
    if (!ElementPose(c, k, k->s.pos, k->s.quat, k->s.alt, &c->camera[i])) {
      return false;
    }
    // a targeting mode without a target leaves the camera untargeted (cam_targetbodyid -1), as
    // in MuJoCo; a target that names no body is an error
    if (!k->own.targetbody.empty() && c->FindId(mjOBJ_BODY, k->own.targetbody) < 0) {
      return c->Error("unknown target body in camera ('" + k->own.targetbody + "')", k);
    }
    // MuJoCo 3.8's camera validation (its wording)
    const mjsCamera& s = k->s;
    std::string which = "camera '" + k->name + "' (id = " + std::to_string(i);
    if (s.fovy >= 180) {
      return c->Error("fovy too large in " + which + ", value = " + std::to_string(s.fovy) + ")",
                      k);
    }
    bool intrinsics = false;
    for (int a = 0; a < 2; a++) {
      intrinsics = intrinsics || s.focal_length[a] != 0 || s.focal_pixel[a] != 0 ||
                   s.principal_length[a] != 0 || s.principal_pixel[a] != 0;
    }
    if (intrinsics && (s.sensor_size[0] == 0 || s.sensor_size[1] == 0)) {
      return c->Error("focal/principal require sensorsize in " + which + ")", k);
    }
  }
  c->light.assign(c->lights.size(), LightInfo());
  for (size_t i = 0; i < c->lights.size(); i++) {
    SpecLight* l = c->lights[i];
    if (!CompileLight(c, l, &c->light[i])) {
      return false;
    }
    if (!l->own.targetbody.empty() && c->FindId(mjOBJ_BODY, l->own.targetbody) < 0) {
      return c->Error("unknown target body in light ('" + l->own.targetbody + "')", l);
    }
  }
  return true;
}

// ------------------------------------ body inertials ------------------------------------------

namespace {

// diagonal inertia with principal frame quat from a full symmetric matrix (row-major)
bool Principal(const double M[9], double inertia[3], double quat[4]) {
  mjtNum eigval[3], eigvec[9], q[4], mat[9];
  for (int i = 0; i < 9; i++) {
    mat[i] = M[i];
  }
  mju_eig3Sorted(eigval, eigvec, q, mat, 0);
  for (int i = 0; i < 3; i++) {
    inertia[i] = eigval[i];
  }
  um::CopyQuat(quat, q);
  return true;
}

// a mass with its diagonal inertia in a frame (of the body being compiled)
struct MassItem {
  double mass = 0;
  double inertia[3] = {0, 0, 0};
  Pose frame;
};

// combined inertial of several items: one item gives its own frame; several are combined
// (parallel axis theorem) and diagonalized
void Combine(const std::vector<MassItem>& items, BodyInfo* info) {
  info->mass = 0;
  um::Zero3(info->inertia);
  if (items.size() == 1) {
    info->mass = items[0].mass;
    um::Copy3(info->inertia, items[0].inertia);
    info->inertial = items[0].frame;
    return;
  }
  double mass = 0, com[3] = {0, 0, 0};
  for (const MassItem& it : items) {
    mass += it.mass;
    for (int k = 0; k < 3; k++) {
      com[k] += it.mass * it.frame.pos[k];
    }
  }
  if (mass > mjMINVAL) {
    for (int k = 0; k < 3; k++) {
      com[k] /= mass;
    }
  }
  // I = sum R diag(Ig) R' + m (|d|^2 E - d d')
  double M[9] = {0};
  for (const MassItem& it : items) {
    double R[9];
    um::Quat2Mat(R, it.frame.quat);
    double d[3] = {it.frame.pos[0] - com[0], it.frame.pos[1] - com[1], it.frame.pos[2] - com[2]};
    double dd = um::Dot3(d, d);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        double rot = 0;
        for (int k = 0; k < 3; k++) {
          rot += R[3 * i + k] * it.inertia[k] * R[3 * j + k];
        }
        M[3 * i + j] += rot + it.mass * ((i == j ? dd : 0) - d[i] * d[j]);
      }
    }
  }
  info->mass = mass;
  um::Copy3(info->inertial.pos, com);
  Principal(M, info->inertia, info->inertial.quat);
}

// does a geom count for its body's inferred inertial (inertiagrouprange, mass, type)?
bool GeomHasMass(const CompileContext* c, const SpecBody* b, const SpecGeom& g) {
  const mjsCompiler* comp = b->compiler;
  int lo = comp ? comp->inertiagrouprange[0] : 0, hi = comp ? comp->inertiagrouprange[1] : 5;
  int t = g.s.type;
  if (t == mjGEOM_PLANE) {
    return false;
  }
  if (g.s.group < lo || g.s.group > hi) {
    return false;
  }
  return c->geom[g.id].mass > 0;  // massless geoms do not contribute
}

// record of the fused static body a geom came from, -1 for the body's own geoms
int FusedRecord(const CompileContext* c, const SpecGeom* g) {
  auto it = c->fused_geom.find(g);
  return it == c->fused_geom.end() ? -1 : it->second;
}

// pose of fused body `r` in the body that finally received its elements
Pose FusedPose(const CompileContext* c, int r) {
  const FusedBody& f = c->fused[r];
  if (f.into_record < 0) {
    return f.pose;
  }
  Pose up = FusedPose(c, f.into_record), out;
  um::MulPose(out.pos, out.quat, up.pos, up.quat, f.pose.pos, f.pose.quat);
  return out;
}

// inertial from the geoms of body b that belong to `record` (-1: b's own), each in the frame of
// the body it was defined in (see FusedPose)
void InertialFromGeoms(CompileContext* c, const SpecBody* holder, const SpecBody* b, int record,
                       BodyInfo* info) {
  Pose to_local;  // inverse of the fused body's pose in `holder`
  if (record >= 0) {
    Pose P = FusedPose(c, record);
    um::NegQuat(to_local.quat, P.quat);
    double t[3];
    um::RotVecQuat(t, P.pos, to_local.quat);
    for (int k = 0; k < 3; k++) {
      to_local.pos[k] = -t[k];
    }
  }
  std::vector<MassItem> items;
  for (auto& g : holder->geoms) {
    if (FusedRecord(c, g.get()) != record || !GeomHasMass(c, b, *g)) {
      continue;
    }
    const GeomInfo& gi = c->geom[g->id];
    MassItem it;
    it.mass = gi.mass;
    um::Copy3(it.inertia, gi.inertia);
    if (record >= 0) {
      um::MulPose(it.frame.pos, it.frame.quat, to_local.pos, to_local.quat, gi.local.pos,
                  gi.local.quat);
    } else {
      // the body's own geom: its pose as it is (composing with the identity would turn the
      // signed zeros of e.g. a fromto capsule's quaternion into +0, which MuJoCo keeps)
      it.frame = gi.local;
    }
    items.push_back(it);
  }
  if (items.empty()) {
    info->mass = 0;
    um::Zero3(info->inertia);
    // no mass: MuJoCo leaves the inertial frame equal to the body's local frame
    info->inertial = info->local;
    return;
  }
  Combine(items, info);
}

// explicit <inertial>: pos, orientation, mass, and diagonal or full inertia
bool ExplicitInertial(CompileContext* c, SpecBody* b, BodyInfo* info) {
  const mjsBody& s = b->s;
  info->mass = s.mass;
  um::Copy3(info->inertial.pos, s.ipos);
  double q[4];
  um::CopyQuat(q, s.iquat);
  if (s.ialt.type != mjORIENTATION_QUAT) {
    const char* err = mjs_resolveOrientation(q, b->compiler ? b->compiler->degree : 1,
                                             b->compiler ? b->compiler->eulerseq : "xyz", &s.ialt);
    if (err) {
      return c->Error(err, b);
    }
  }
  if (um::NormalizeQuat(q) < 1e-14) {
    return c->Error("zero quaternion in inertial", b);
  }
  if (!std::isnan(s.fullinertia[0])) {
    bool rotated = s.ialt.type != mjORIENTATION_QUAT || s.iquat[0] != 1 || s.iquat[1] != 0 ||
                   s.iquat[2] != 0 || s.iquat[3] != 0;
    if (rotated) {
      return c->Error("fullinertia and inertial orientation cannot both be specified", b);
    }
    const double* f = s.fullinertia;
    double M[9] = {f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2]};
    double eq[4];
    Principal(M, info->inertia, eq);
    if (info->inertia[2] <= 0) {
      return c->Error("fullinertia must be positive definite", b);
    }
    um::MulQuat(info->inertial.quat, q, eq);
  } else {
    um::Copy3(info->inertia, s.inertia);
    um::CopyQuat(info->inertial.quat, q);
  }
  return true;
}

// a body's own inertial (XMLreference, compiler/inertiafromgeom): explicit, none, or from its
// geoms (held by `holder`, with fusion record `record`, see InertialFromGeoms)
bool OwnInertial(CompileContext* c, const SpecBody* holder, SpecBody* b, int record,
                 BodyInfo* info) {
  const mjsCompiler* comp = b->compiler;
  int mode = comp ? comp->inertiafromgeom : mjINERTIAFROMGEOM_AUTO;
  if (b->s.explicitinertial && mode != mjINERTIAFROMGEOM_TRUE) {
    return ExplicitInertial(c, b, info);
  }
  if (mode == mjINERTIAFROMGEOM_FALSE) {
    info->mass = 0;
    um::Zero3(info->inertia);
    return true;
  }
  InertialFromGeoms(c, holder, b, record, info);
  return true;
}

bool AddFused(CompileContext* c, const SpecBody* holder, int into_record, BodyInfo* info);

// the inertial of fused body r (its own, plus the bodies fused into it) as an item of the body it
// was fused into. MuJoCo 3.8 places it at the frame (ipos, iquat) * P, i.e. at ipos + R(iquat)
// P.pos with orientation iquat * P.quat, where (ipos, iquat) is the inertial frame in the fused
// body and P its pose (the exact composition would be P * (ipos, iquat); the two agree when the
// fused body is not rotated and its inertial frame is at its origin: see
// doc/conformance.md#compiler)
bool FusedItem(CompileContext* c, const SpecBody* holder, int r, MassItem* item) {
  BodyInfo bi;
  if (!OwnInertial(c, holder, c->fused[r].body.get(), r, &bi)) {
    return false;
  }
  if (!AddFused(c, holder, r, &bi)) {
    return false;
  }
  item->mass = bi.mass;
  um::Copy3(item->inertia, bi.inertia);
  const Pose& P = c->fused[r].pose;
  um::MulPose(item->frame.pos, item->frame.quat, bi.inertial.pos, bi.inertial.quat, P.pos, P.quat);
  return true;
}

// combine a body's inertial with those of the static bodies fused into it: the body `holder`
// (into_record = -1) or fused body into_record
bool AddFused(CompileContext* c, const SpecBody* holder, int into_record, BodyInfo* info) {
  // one body at a time, in fusion order (each step diagonalizes, as MuJoCo does: the
  // rounding of the iterative eigensolver then matches)
  for (size_t r = 0; r < c->fused.size(); r++) {
    const FusedBody& f = c->fused[r];
    bool mine =
        into_record < 0 ? f.into == holder && f.into_record < 0 : f.into_record == into_record;
    if (!mine) {
      continue;
    }
    std::vector<MassItem> items(2);
    items[0].mass = info->mass;
    um::Copy3(items[0].inertia, info->inertia);
    items[0].frame = info->inertial;
    if (!FusedItem(c, holder, static_cast<int>(r), &items[1])) {
      return false;
    }
    Combine(items, info);
  }
  return true;
}

}  // namespace

bool CompileInertia(CompileContext* c) {
  for (size_t i = 1; i < c->bodies.size(); i++) {
    SpecBody* b = c->bodies[i];
    BodyInfo& info = c->body[i];
    const mjsCompiler* comp = b->compiler;
    if (!OwnInertial(c, b, b, -1, &info) || !AddFused(c, b, -1, &info)) {
      return false;
    }

    // bounds (XMLreference, compiler/boundmass, boundinertia, balanceinertia)
    if (comp) {
      info.mass = std::max(info.mass, comp->boundmass);
      for (int k = 0; k < 3; k++) {
        info.inertia[k] = std::max(info.inertia[k], comp->boundinertia);
      }
    }
    if (info.mass < 0) {
      return c->Error("mass cannot be negative", b);
    }
    double* I = info.inertia;
    if (I[0] < 0 || I[1] < 0 || I[2] < 0) {
      return c->Error("inertia cannot be negative", b);
    }
    bool triangle = I[0] + I[1] >= I[2] - mjMINVAL && I[0] + I[2] >= I[1] - mjMINVAL &&
                    I[1] + I[2] >= I[0] - mjMINVAL;
    if (!triangle) {
      if (comp && comp->balanceinertia) {
        double mean = (I[0] + I[1] + I[2]) / 3;
        I[0] = I[1] = I[2] = mean;
      } else {
        return c->Error("inertia must satisfy A + B >= C; use 'balanceinertia' to fix", b);
      }
    }
  }

  // total mass (XMLreference, compiler/settotalmass), applied last
  const mjsCompiler& comp = c->spec->s.compiler;
  if (comp.settotalmass > 0) {
    double total = 0;
    for (size_t i = 1; i < c->bodies.size(); i++) {
      total += c->body[i].mass;
    }
    if (total > mjMINVAL) {
      double scale = comp.settotalmass / total;
      for (size_t i = 1; i < c->bodies.size(); i++) {
        c->body[i].mass *= scale;
        for (int k = 0; k < 3; k++) {
          c->body[i].inertia[k] *= scale;
        }
      }
    }
  }

  // moving bodies need mass and inertia: a body with joints together with the bodies welded to it
  // (one pass summing into each body's weld root, in body order as the sums were always formed)
  size_t nbody = c->bodies.size();
  std::vector<double> mass(nbody, 0.0), inertia(nbody, 0.0);
  for (size_t k = 1; k < nbody; k++) {
    int w = c->body[k].weld;
    if (w > 0 && static_cast<size_t>(w) <= k) {
      mass[w] += c->body[k].mass;
      inertia[w] += c->body[k].inertia[0] + c->body[k].inertia[1] + c->body[k].inertia[2];
    }
  }
  for (size_t i = 1; i < nbody; i++) {
    if (!c->body[i].jntnum) {
      continue;
    }
    if (mass[i] < mjMINVAL || inertia[i] < mjMINVAL) {
      return c->Error("mass and inertia of moving bodies must be larger than mjMINVAL",
                      c->bodies[i]);
    }
  }
  return true;
}

// ------------------------------------ bounding volume hierarchy -------------------------------

namespace {

struct BvhItem {
  int id;
  double lo[3], hi[3];  // AABB in the body's inertial frame
  double key[3];        // sort key: the geom's position in the body's inertial frame
};

// node AABB (center, half-size) of a set of items; flat boxes are inflated by kFlat
const double kFlat = 1e-14;
void Enclose(const std::vector<BvhItem>& items, double center[3], double half[3]) {
  double lo[3], hi[3];
  for (int k = 0; k < 3; k++) {
    lo[k] = items[0].lo[k];
    hi[k] = items[0].hi[k];
  }
  for (const BvhItem& it : items) {
    for (int k = 0; k < 3; k++) {
      lo[k] = std::min(lo[k], it.lo[k]);
      hi[k] = std::max(hi[k], it.hi[k]);
    }
  }
  for (int k = 0; k < 3; k++) {
    if (std::abs(hi[k] - lo[k]) < kFlat) {
      lo[k] -= kFlat;
      hi[k] += kFlat;
    }
    center[k] = (hi[k] + lo[k]) / 2;
    half[k] = (hi[k] - lo[k]) / 2;
  }
}

// top-down build as MuJoCo does it: the split axis is the longest edge of the node's AABB, a
// later axis winning only when longer by kEps (so exact and near ties go to the earlier axis);
// the items are partitioned with std::nth_element at the median (the first floor(n/2) go left)
// by their key along that axis, keys closer than kEps comparing by geom id; nodes are stored in
// pre-order and children are indexed relative to the body's first node
const double kEps = 1e-14;
int BuildNode(CompileContext* c, std::vector<BvhItem> items, int adr, int depth) {
  int node = static_cast<int>(c->bvh_depth.size());
  double center[3], half[3];
  Enclose(items, center, half);
  c->bvh_depth.push_back(depth);
  c->bvh_child.push_back(-1);
  c->bvh_child.push_back(-1);
  c->bvh_nodeid.push_back(items.size() == 1 ? items[0].id : -1);
  for (int k = 0; k < 3; k++) {
    c->bvh_aabb.push_back(center[k]);
  }
  for (int k = 0; k < 3; k++) {
    c->bvh_aabb.push_back(half[k]);
  }
  if (items.size() == 1) {
    return node;
  }

  double edge[3] = {2 * half[0], 2 * half[1], 2 * half[2]};
  int axis = 0;
  if (edge[1] >= edge[0] + kEps) {
    axis = 1;
  }
  if (edge[2] >= edge[axis] + kEps) {
    axis = 2;
  }
  std::nth_element(items.begin(), items.begin() + items.size() / 2, items.end(),
                   [axis](const BvhItem& a, const BvhItem& b) {
                     if (std::abs(a.key[axis] - b.key[axis]) > kEps) {
                       return a.key[axis] < b.key[axis];
                     }
                     return a.id < b.id;
                   });
  size_t nleft = items.size() / 2;
  std::vector<BvhItem> left(items.begin(), items.begin() + nleft);
  std::vector<BvhItem> right(items.begin() + nleft, items.end());
  int l = BuildNode(c, left, adr, depth + 1);
  int r = BuildNode(c, right, adr, depth + 1);
  c->bvh_child[2 * node] = l - adr;
  c->bvh_child[2 * node + 1] = r - adr;
  return node;
}

// rotation of v by unit quaternion q = (w, r): t = w v + r x v, v' = v + 2 r x t (the identity
// quaternion copies v exactly); this evaluation order reproduces MuJoCo's BVH boxes bit for bit,
// which matters where the longest-edge choice is decided by rounding
void RotateBVH(const double q[4], const double v[3], double out[3]) {
  if (q[0] == 1 && q[1] == 0 && q[2] == 0 && q[3] == 0) {
    out[0] = v[0];
    out[1] = v[1];
    out[2] = v[2];
    return;
  }
  double t0 = q[0] * v[0] + q[2] * v[2] - q[3] * v[1];
  double t1 = q[0] * v[1] + q[3] * v[0] - q[1] * v[2];
  double t2 = q[0] * v[2] + q[1] * v[1] - q[2] * v[0];
  out[0] = v[0] + 2 * (q[2] * t2 - q[3] * t1);
  out[1] = v[1] + 2 * (q[3] * t0 - q[1] * t2);
  out[2] = v[2] + 2 * (q[1] * t1 - q[2] * t0);
}

// a point of the geom frame in the body's inertial frame
void ToInertial(const GeomInfo& g, const BodyInfo& b, const double* p, double* out) {
  double box[3],
      qinv[4] = {b.inertial.quat[0], -b.inertial.quat[1], -b.inertial.quat[2], -b.inertial.quat[3]};
  RotateBVH(g.local.quat, p, box);
  for (int k = 0; k < 3; k++) {
    box[k] += g.local.pos[k] - b.inertial.pos[k];
  }
  RotateBVH(qinv, box, out);
}

}  // namespace

void BuildBodyBVH(CompileContext* c) {
  c->bvh_depth.clear();
  c->bvh_child.clear();
  c->bvh_nodeid.clear();
  c->bvh_aabb.clear();
  for (size_t b = 0; b < c->bodies.size(); b++) {
    BodyInfo& info = c->body[b];
    SpecBody* sb = c->bodies[b];
    // only geoms that can collide (contype or conaffinity nonzero) are in the hierarchy
    std::vector<SpecGeom*> geoms;
    for (auto& g : sb->geoms) {
      if (g->s.contype || g->s.conaffinity) {
        geoms.push_back(g.get());
      }
    }
    if (geoms.empty()) {
      info.bvhadr = -1;
      info.bvhnum = 0;
      continue;
    }
    // each geom AABB: its 8 corners taken to the inertial frame
    std::vector<BvhItem> items;
    for (SpecGeom* g : geoms) {
      const GeomInfo& gi = c->geom[g->id];
      BvhItem it;
      it.id = g->id;
      for (int k = 0; k < 3; k++) {
        it.lo[k] = mjMAXVAL * 1e10;
        it.hi[k] = -mjMAXVAL * 1e10;
      }
      for (int v = 0; v < 8; v++) {
        double corner[3], q[3];
        for (int k = 0; k < 3; k++) {
          corner[k] = (v & (1 << k)) ? gi.aabb[k] + gi.aabb[3 + k] : gi.aabb[k] - gi.aabb[3 + k];
        }
        ToInertial(gi, info, corner, q);
        for (int k = 0; k < 3; k++) {
          it.lo[k] = std::min(it.lo[k], q[k]);
          it.hi[k] = std::max(it.hi[k], q[k]);
        }
      }
      const double origin[3] = {0, 0, 0};
      ToInertial(gi, info, origin, it.key);
      items.push_back(it);
    }
    info.bvhadr = static_cast<int>(c->bvh_depth.size());
    BuildNode(c, items, info.bvhadr, 0);
    info.bvhnum = static_cast<int>(c->bvh_depth.size()) - info.bvhadr;
  }
}

// ------------------------------------ fill ----------------------------------------------------

void FillGeoms(CompileContext* c) {
  mjModel* m = c->m;
  for (int i = 0; i < m->ngeom; i++) {
    const GeomInfo& g = c->geom[i];
    SpecGeom* sg = c->geoms[i];
    const mjsGeom& s = sg->s;
    m->geom_type[i] = s.type;
    m->geom_contype[i] = s.contype;
    m->geom_conaffinity[i] = s.conaffinity;
    m->geom_condim[i] = s.condim;
    m->geom_bodyid[i] = sg->parent->id;
    m->geom_dataid[i] = g.dataid;
    m->geom_matid[i] = g.matid;
    m->geom_group[i] = s.group;
    m->geom_priority[i] = s.priority;
    m->geom_plugin[i] = -1;
    m->geom_sameframe[i] = static_cast<mjtByte>(g.sameframe);
    m->geom_solmix[i] = s.solmix;
    for (int k = 0; k < mjNREF; k++) {
      m->geom_solref[mjNREF * i + k] = s.solref[k];
    }
    for (int k = 0; k < mjNIMP; k++) {
      m->geom_solimp[mjNIMP * i + k] = s.solimp[k];
    }
    um::Copy3(m->geom_size + 3 * i, g.size);
    for (int k = 0; k < 6; k++) {
      m->geom_aabb[6 * i + k] = g.aabb[k];
    }
    m->geom_rbound[i] = g.rbound;
    um::Copy3(m->geom_pos + 3 * i, g.local.pos);
    um::CopyQuat(m->geom_quat + 4 * i, g.local.quat);
    um::Copy3(m->geom_friction + 3 * i, s.friction);
    m->geom_margin[i] = s.margin;
    m->geom_gap[i] = s.gap;
    FluidCoefficients(s, s.type, g.size, m->geom_fluid + mjNFLUID * i);
    CompileContext::CopyUser(m->geom_user + i * m->nuser_geom, m->nuser_geom, sg->own.userdata);
    for (int k = 0; k < 4; k++) {
      m->geom_rgba[4 * i + k] = s.rgba[k];
    }
  }

  for (int i = 0; i < m->nsite; i++) {
    const GeomInfo& g = c->site[i];
    SpecSite* ss = c->sites[i];
    m->site_type[i] = ss->s.type;
    m->site_bodyid[i] = ss->parent->id;
    m->site_matid[i] = g.matid;
    m->site_group[i] = ss->s.group;
    m->site_sameframe[i] = static_cast<mjtByte>(g.sameframe);
    um::Copy3(m->site_size + 3 * i, g.size);
    um::Copy3(m->site_pos + 3 * i, g.local.pos);
    um::CopyQuat(m->site_quat + 4 * i, g.local.quat);
    CompileContext::CopyUser(m->site_user + i * m->nuser_site, m->nuser_site, ss->own.userdata);
    for (int k = 0; k < 4; k++) {
      m->site_rgba[4 * i + k] = ss->s.rgba[k];
    }
  }

  for (int i = 0; i < m->ncam; i++) {
    SpecCamera* k = c->cameras[i];
    const mjsCamera& s = k->s;
    m->cam_mode[i] = s.mode;
    m->cam_bodyid[i] = k->parent->id;
    // the named target whatever the mode, -1 without one (as MuJoCo 3.8.0)
    m->cam_targetbodyid[i] =
        k->own.targetbody.empty() ? -1 : c->FindId(mjOBJ_BODY, k->own.targetbody);
    um::Copy3(m->cam_pos + 3 * i, c->camera[i].pos);
    um::CopyQuat(m->cam_quat + 4 * i, c->camera[i].quat);
    m->cam_projection[i] = s.proj;
    m->cam_ipd[i] = s.ipd;
    m->cam_resolution[2 * i] = s.resolution[0];
    m->cam_resolution[2 * i + 1] = s.resolution[1];
    m->cam_output[i] = s.output;
    m->cam_sensorsize[2 * i] = s.sensor_size[0];
    m->cam_sensorsize[2 * i + 1] = s.sensor_size[1];
    // intrinsics (XMLreference, camera/sensorsize, focal, principal): pixel values are converted
    // to lengths with sensorsize / resolution; with a sensor size, fovy follows from the focal
    // length
    // without a sensor size the intrinsics are inactive: MuJoCo stores focal = znear (of
    // <visual><map>) and principal = 0
    float* in = m->cam_intrinsic + 4 * i;
    in[0] = in[1] = m->vis.map.znear;
    in[2] = in[3] = 0;
    m->cam_fovy[i] = s.fovy;
    if (s.sensor_size[0] > 0 && s.sensor_size[1] > 0) {
      for (int q = 0; q < 4; q++) {
        in[q] = s.intrinsic[q];
      }
      for (int a = 0; a < 2; a++) {
        float perpix = s.sensor_size[a] / static_cast<float>(std::max(s.resolution[a], 1));
        if (s.focal_pixel[a] > 0) {
          in[a] = s.focal_pixel[a] * perpix;
        } else if (s.focal_length[a] > 0) {
          in[a] = s.focal_length[a];
        }
        if (s.principal_pixel[a] != 0) {
          in[2 + a] = s.principal_pixel[a] * perpix;
        } else if (s.principal_length[a] != 0) {
          in[2 + a] = s.principal_length[a];
        }
      }
      m->cam_fovy[i] = 2 * std::atan2(0.5 * s.sensor_size[1], in[1]) * 180 / mjPI;
    }
    CompileContext::CopyUser(m->cam_user + i * m->nuser_cam, m->nuser_cam, k->own.userdata);
  }

  for (int i = 0; i < m->nlight; i++) {
    SpecLight* l = c->lights[i];
    const mjsLight& s = l->s;
    m->light_mode[i] = s.mode;
    m->light_bodyid[i] = l->parent->id;
    m->light_targetbodyid[i] =
        l->own.targetbody.empty() ? -1 : c->FindId(mjOBJ_BODY, l->own.targetbody);
    m->light_type[i] = s.type;
    m->light_texid[i] = c->FindId(mjOBJ_TEXTURE, l->own.texture);
    m->light_castshadow[i] = s.castshadow;
    m->light_bulbradius[i] = s.bulbradius;
    m->light_intensity[i] = s.intensity;
    m->light_range[i] = s.range;
    m->light_active[i] = s.active;
    um::Copy3(m->light_pos + 3 * i, c->light[i].pos);
    um::Copy3(m->light_dir + 3 * i, c->light[i].dir);
    for (int k = 0; k < 3; k++) {
      m->light_attenuation[3 * i + k] = s.attenuation[k];
      m->light_ambient[3 * i + k] = s.ambient[k];
      m->light_diffuse[3 * i + k] = s.diffuse[k];
      m->light_specular[3 * i + k] = s.specular[k];
    }
    m->light_cutoff[i] = s.cutoff;
    m->light_exponent[i] = s.exponent;
  }
}

}  // namespace motus
