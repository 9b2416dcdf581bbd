// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Collisions with sdf geoms that reference a mesh (programming_extension.rst "sdf"): contact
// points are local minima, found by gradient descent, of functions of the two signed distances
// A (geom1) and B (the sdf geom2). The spec gives the idea (minimise A + B + |max(A, B)| from
// sdf_initpoints starting points, sdf_iterations iterations); the details below follow MuJoCo's
// results (see doc/conformance.md#sdf):
//
// Frames. The start points are laid out in the local frame of geom1 (the geom of lower type);
//   the descent runs in the mesh frame of the sdf geom2, where geom1 is evaluated at the point
//   mapped back into its own frame (its gradient rotated into the mesh frame).
// Start points. Point i (i = 0, 1, ...) is lo + (hi - lo) * (h2(i), h3(i), h5(i)), h_b the
//   Halton radical inverse in base b, [lo, hi] the overlap of geom1's bounding box and the box
//   bounding the 8 corners of the sdf geom's bounding box mapped into geom1's frame.
// Descent. sdf_iterations steps on f = A + B + |max(A, B)|, then one step on max(A, B) (the
//   intersection). Each step is a backtracking line search along -grad f: alpha = 1, 1/2, ...
//   until f(x - alpha grad) <= f(x) - 0.1 alpha |grad|^2 or alpha < 1e-4. A step on f is taken
//   even when it fails, and the descent stops after a step that increased f; the final step is
//   taken too, even when it fails, except from a point where max(A, B) is exactly 0 (a start
//   point left on geom1's surface), which stays where it is. The gradient of the octree field
//   used by the descent is the derivative in the leaf's unit-cube coordinates (see
//   mjc_octGradient); the one used for the contact normal is the true gradient.
// Contact. After the descent, dist = max(A, B) at x; a contact when dist <= margin, with normal
//   n = normalize(u_A - u_B), u the unit gradients (from geom1 into the sdf), and position
//   x - dist/2 n. One contact per start point (no merging), in start point order, at most
//   mjMAXCONPAIR.
// Start point 0 is the corner lo; when that is a corner of geom1's box, it lies on the box
//   surface up to the rounding of the frame changes, and the side that rounding puts it on
//   decides the first step; for rotated geoms such contacts can differ from MuJoCo's (see
//   doc/conformance.md#sdf).
// Box field. Outside or on the surface: the Euclidean distance to the box, gradient towards the
//   point ((1,0,0) on the surface). Strictly inside: the unit direction u with components
//   sign(p_i) / (1 - |p_i| / s_i) normalised (radial near the center, the face normal near a
//   face), and the distance is minus the length of the ray from p along u to the surface.
// Sphere, capsule, cylinder fields: the Euclidean signed distances.
// Ellipsoid field: the estimate k0 (k0 - 1) / k1 (k0 = |p / s|, k1 = |p / s^2|) with its unit
//   gradient. Mesh geoms do not descend here: their faces are searched (mjc_MeshSDF). Height
//   field against sdf: MuJoCo warns "not yet supported" at every call and returns no contacts;
//   the table entry stays NULL and the compiler warns once.

#include "engine/engine_collision_sdf.h"

#include <math.h>

#include <mujoco/mujoco.h>

// ---------------------------------------------------------------------------------------------
// octree field

namespace {

// margin by which points outside the root box are clamped inside it, and finite-difference step
const mjtNum kOctClampMargin = 1e-6;
const mjtNum kOctFdStep = 1e-8;

// the octree arrays of a mesh, or 0 when the mesh has none
typedef struct {
  const int* child;     // 8 per node, -1 for leaves (indices local to the mesh)
  const mjtNum* aabb;   // center[3], half-size[3] per node
  const mjtNum* coeff;  // field at the 8 corners per node
  int nnode;
} OctTree;

int octGet(const mjModel* m, int mesh, OctTree* t) {
  if (mesh < 0 || mesh >= m->nmesh || !m->mesh_octnum || m->mesh_octnum[mesh] <= 0 ||
      m->mesh_octadr[mesh] < 0) {
    return 0;
  }
  int adr = m->mesh_octadr[mesh];
  t->child = m->oct_child + 8 * adr;
  t->aabb = m->oct_aabb + 6 * adr;
  t->coeff = m->oct_coeff + 8 * adr;
  t->nnode = m->mesh_octnum[mesh];
  return 1;
}

// leaf containing p: descend from the root into child (p_x >= c_x) + 2 (p_y >= c_y)
// + 4 (p_z >= c_z) (a point on a split plane goes to the upper child); -1 for a malformed tree
int octLeaf(const OctTree* t, const mjtNum p[3]) {
  int node = 0;
  for (int depth = 0; t->child[8 * node] >= 0; depth++) {
    const mjtNum* c = t->aabb + 6 * node;
    int k = (p[0] >= c[0]) + 2 * (p[1] >= c[1]) + 4 * (p[2] >= c[2]);
    node = t->child[8 * node + k];
    if (node < 0 || node >= t->nnode || depth > 64) {
      return -1;
    }
  }
  return node;
}

// trilinear interpolation in the leaf containing p: value, and (if dunit) the derivative with
// respect to the leaf's unit-cube coordinates u_i = (p_i - lo_i) / (2 half_i)
mjtNum octInterp(const OctTree* t, const mjtNum p[3], mjtNum dunit[3]) {
  int node = octLeaf(t, p);
  if (node < 0) {
    if (dunit) {
      mju_zero3(dunit);
    }
    return 0;
  }
  const mjtNum* c = t->aabb + 6 * node;
  const mjtNum* coeff = t->coeff + 8 * node;
  mjtNum u[3];
  for (int i = 0; i < 3; i++) {
    u[i] = (p[i] - (c[i] - c[3 + i])) / (2 * c[3 + i]);
  }
  mjtNum value = 0;
  if (dunit) {
    mju_zero3(dunit);
  }
  for (int k = 0; k < 8; k++) {
    // corner k weight: product over axes of u (upper corner, bit set) or 1 - u
    mjtNum w = 1;
    for (int i = 0; i < 3; i++) {
      w *= ((k >> i) & 1) ? u[i] : 1 - u[i];
    }
    value += w * coeff[k];
    if (dunit) {
      for (int j = 0; j < 3; j++) {
        mjtNum dw = 1;
        for (int i = 0; i < 3; i++) {
          if (i == j) {
            dw *= ((k >> i) & 1) ? 1 : -1;
          } else {
            dw *= ((k >> i) & 1) ? u[i] : 1 - u[i];
          }
        }
        dunit[j] += dw * coeff[k];
      }
    }
  }
  return value;
}

int octInside(const OctTree* t, const mjtNum p[3]) {
  for (int i = 0; i < 3; i++) {
    if (p[i] < t->aabb[i] - t->aabb[3 + i] || p[i] > t->aabb[i] + t->aabb[3 + i]) {
      return 0;
    }
  }
  return 1;
}

mjtNum octDistanceTree(const OctTree* t, const mjtNum p[3]) {
  if (octInside(t, p)) {
    return octInterp(t, p, NULL);
  }
  mjtNum q[3], dq[3];
  for (int i = 0; i < 3; i++) {
    mjtNum lo = t->aabb[i] - t->aabb[3 + i] + kOctClampMargin;
    mjtNum hi = t->aabb[i] + t->aabb[3 + i] - kOctClampMargin;
    q[i] = mju_min(mju_max(p[i], lo), hi);
    dq[i] = p[i] - q[i];
  }
  return octInterp(t, q, NULL) + mju_norm3(dq);
}

void octGradientTree(const OctTree* t, const mjtNum p[3], int cell_units, mjtNum grad[3]) {
  if (octInside(t, p)) {
    octInterp(t, p, grad);
    if (!cell_units) {
      int node = octLeaf(t, p);
      if (node >= 0) {
        for (int i = 0; i < 3; i++) {
          grad[i] /= 2 * t->aabb[6 * node + 3 + i];
        }
      }
    }
    return;
  }
  // outside the root box: forward differences of the clamped field
  mjtNum f0 = octDistanceTree(t, p);
  for (int i = 0; i < 3; i++) {
    mjtNum q[3] = {p[0], p[1], p[2]};
    q[i] += kOctFdStep;
    grad[i] = (octDistanceTree(t, q) - f0) / kOctFdStep;
  }
}

}  // namespace

mjtNum mjc_octDistance(const mjModel* m, int mesh, const mjtNum p[3]) {
  OctTree t;
  return octGet(m, mesh, &t) ? octDistanceTree(&t, p) : 0;
}

void mjc_octGradient(const mjModel* m, int mesh, const mjtNum p[3], int cell_units,
                     mjtNum grad[3]) {
  OctTree t;
  if (!octGet(m, mesh, &t)) {
    mju_zero3(grad);
    return;
  }
  octGradientTree(&t, p, cell_units, grad);
}

// ---------------------------------------------------------------------------------------------
// primitive fields (geom local frame)

namespace {

// sphere of radius r: |p| - r, gradient p / |p|
mjtNum sphereField(mjtNum r, const mjtNum p[3], mjtNum grad[3]) {
  mjtNum len = mju_norm3(p);
  if (len > 0) {
    mju_scl3(grad, p, 1 / len);
  } else {
    grad[0] = 1;
    grad[1] = grad[2] = 0;
  }
  return len - r;
}

// box of half-sizes s (see the file comment)
mjtNum boxField(const mjtNum s[3], const mjtNum p[3], mjtNum grad[3]) {
  mjtNum face[3];
  int inside = 1;
  for (int i = 0; i < 3; i++) {
    face[i] = s[i] - fabs(p[i]);
    if (face[i] <= 0) {
      inside = 0;
    }
  }
  if (!inside) {
    // Euclidean distance to the box
    mjtNum out[3];
    for (int i = 0; i < 3; i++) {
      mjtNum e = mju_max(-face[i], 0);
      out[i] = p[i] >= 0 ? e : -e;
    }
    mjtNum dist = mju_norm3(out);
    if (dist > 0) {
      mju_scl3(grad, out, 1 / dist);
    } else {
      grad[0] = 1;
      grad[1] = grad[2] = 0;
    }
    return dist;
  }

  // direction weighted by the inverse relative depth below each face
  mjtNum w[3];
  for (int i = 0; i < 3; i++) {
    w[i] = (p[i] >= 0 ? 1 : -1) / (1 - fabs(p[i]) / s[i]);
  }
  mju_scl3(grad, w, 1 / mju_norm3(w));

  // minus the distance along that direction to the first face it reaches
  mjtNum ray = mjMAXVAL;
  for (int i = 0; i < 3; i++) {
    if (grad[i] != 0) {
      ray = mju_min(ray, face[i] / fabs(grad[i]));
    }
  }
  return -ray;
}

// capsule of radius r and half-length h along z: distance to the axis segment minus r
mjtNum capsuleField(mjtNum r, mjtNum h, const mjtNum p[3], mjtNum grad[3]) {
  mjtNum q[3] = {p[0], p[1], p[2] - mju_min(mju_max(p[2], -h), h)};
  return sphereField(r, q, grad);
}

// cylinder of radius r and half-height h along z: the Euclidean signed distance
mjtNum cylinderField(mjtNum r, mjtNum h, const mjtNum p[3], mjtNum grad[3]) {
  mjtNum rho = sqrt(p[0] * p[0] + p[1] * p[1]);
  mjtNum dr = rho - r, dz = fabs(p[2]) - h;
  mjtNum radial[3] = {1, 0, 0};
  if (rho > 0) {
    radial[0] = p[0] / rho;
    radial[1] = p[1] / rho;
  }
  mjtNum sz = p[2] >= 0 ? 1 : -1;
  if (dr > 0 || dz > 0) {
    mjtNum er = mju_max(dr, 0), ez = mju_max(dz, 0);
    mjtNum dist = sqrt(er * er + ez * ez);
    grad[0] = radial[0] * er / dist;
    grad[1] = radial[1] * er / dist;
    grad[2] = sz * ez / dist;
    return dist;
  }
  if (dr > dz) {
    mju_copy3(grad, radial);
    return dr;
  }
  grad[0] = grad[1] = 0;
  grad[2] = sz;
  return dz;
}

// ellipsoid of semi-axes s: the first-order estimate k0 (k0 - 1) / k1 of the signed distance,
// k0 = |p / s|, k1 = |p / s^2| (exact on the surface and for spheres). Its gradient is
// normalized: MuJoCo descends on the unit gradient (the first line-search step from a start
// point is exactly alpha times the unit vector, not the raw derivative).
mjtNum ellipsoidField(const mjtNum s[3], const mjtNum p[3], mjtNum grad[3]) {
  mjtNum q[3], r[3];
  for (int i = 0; i < 3; i++) {
    q[i] = p[i] / s[i];
    r[i] = q[i] / s[i];
  }
  mjtNum k0 = mju_norm3(q), k1 = mju_norm3(r);
  if (!(k1 > 0)) {
    // the center: any direction; the depth is that of the nearest point of the surface
    grad[0] = grad[1] = 0;
    grad[2] = 1;
    return -mju_min(s[0], mju_min(s[1], s[2]));
  }
  // derivative of k0 (k0 - 1) / k1 with k0' = q_i / (s_i k0) and k1' = r_i / (s_i^2 k1)
  for (int i = 0; i < 3; i++) {
    mjtNum dk0 = q[i] / (s[i] * k0), dk1 = r[i] / (s[i] * s[i] * k1);
    grad[i] = ((2 * k0 - 1) * dk0 * k1 - k0 * (k0 - 1) * dk1) / (k1 * k1);
  }
  mju_normalize3(grad);
  return k0 * (k0 - 1) / k1;
}

}  // namespace

mjtNum mjc_primitiveField(int type, const mjtNum size[3], const mjtNum p[3], mjtNum grad[3]) {
  switch (type) {
    case mjGEOM_SPHERE:
      return sphereField(size[0], p, grad);
    case mjGEOM_BOX:
      return boxField(size, p, grad);
    case mjGEOM_CAPSULE:
      return capsuleField(size[0], size[1], p, grad);
    case mjGEOM_CYLINDER:
      return cylinderField(size[0], size[1], p, grad);
    case mjGEOM_ELLIPSOID:
      return ellipsoidField(size, p, grad);
    default:
      mju_zero3(grad);
      return 0;
  }
}

namespace {

// ---------------------------------------------------------------------------------------------
// the field of an sdf geom

// the SDF plugin of an sdf geom and its instance, or NULL (no plugin, or not an sdf geom)
const mjpPlugin* sdfPlugin(const mjModel* m, int g, int* instance) {
  *instance = m->geom_type[g] == mjGEOM_SDF ? m->geom_plugin[g] : -1;
  if (*instance < 0) {
    return NULL;
  }
  const mjpPlugin* plugin = mjp_getPluginAtSlot(m->plugin[*instance]);
  if (!plugin || !(plugin->capabilityflags & mjPLUGIN_SDF) || !plugin->sdf_distance ||
      !plugin->sdf_gradient) {
    *instance = -1;
    return NULL;
  }
  return plugin;
}

// the field of an sdf geom: its SDF plugin, else the octree of its mesh
typedef struct {
  const mjpPlugin* plugin;  // the geom's SDF plugin, or NULL
  int instance;             // the plugin's instance
  OctTree tree;             // the mesh's octree when there is no plugin
} SdfField;

// the field of geom g; 0 when it has neither an SDF plugin nor a mesh octree
int sdfFieldGet(const mjModel* m, int g, SdfField* f) {
  f->plugin = sdfPlugin(m, g, &f->instance);
  return f->plugin || octGet(m, m->geom_dataid[g], &f->tree);
}

// the field at p (geom frame) and, when grad is not NULL, its gradient (an octree's in its leaf's
// cell units when cell_units is set)
mjtNum sdfFieldEval(const SdfField* f, const mjData* d, const mjtNum p[3], int cell_units,
                    mjtNum* grad) {
  if (f->plugin) {
    if (grad) {
      f->plugin->sdf_gradient(grad, p, d, f->instance);
    }
    return f->plugin->sdf_distance(p, d, f->instance);
  }
  if (grad) {
    octGradientTree(&f->tree, p, cell_units, grad);
  }
  return octDistanceTree(&f->tree, p);
}

// ---------------------------------------------------------------------------------------------
// the pair

typedef struct {
  int type1;  // geom1 type: sphere, capsule, ellipsoid, cylinder, box or sdf
  const mjtNum* size1;
  SdfField field1;  // geom1's field (an sdf geom1)
  SdfField field2;  // the sdf geom's field
  const mjData* d;
  mjtNum rel_mat[9];  // sdf frame <- geom1 frame: x = rel_mat y + rel_pos
  mjtNum rel_pos[3];
  mjtNum mat_a[9];  // geom1 frame <- sdf frame: y = mat_a x + pos_a
  mjtNum pos_a[3];
} SdfPair;

// the point x of the sdf frame in geom1's frame
void toGeom1(const SdfPair* s, const mjtNum x[3], mjtNum y[3]) {
  mju_mulMatVec3(y, s->mat_a, x);
  mju_addTo3(y, s->pos_a);
}

// A (geom1) at x in the sdf frame, and its gradient in the sdf frame when grad is not NULL
mjtNum fieldA(const SdfPair* s, const mjtNum x[3], int cell_units, mjtNum* grad) {
  mjtNum y[3], gy[3], a;
  toGeom1(s, x, y);
  switch (s->type1) {
    case mjGEOM_SPHERE:
      a = sphereField(s->size1[0], y, gy);
      break;
    case mjGEOM_BOX:
      a = boxField(s->size1, y, gy);
      break;
    case mjGEOM_CAPSULE:
      a = capsuleField(s->size1[0], s->size1[1], y, gy);
      break;
    case mjGEOM_CYLINDER:
      a = cylinderField(s->size1[0], s->size1[1], y, gy);
      break;
    case mjGEOM_ELLIPSOID:
      a = ellipsoidField(s->size1, y, gy);
      break;
    default:  // mjGEOM_SDF: the plugin's field, else the octree gradient only
              // when asked for (finite differences outside the root box)
      a = sdfFieldEval(&s->field1, s->d, y, cell_units, grad ? gy : nullptr);
      break;
  }
  if (grad) {
    mju_mulMatTVec3(grad, s->mat_a, gy);
  }
  return a;
}

// B (the sdf geom) at x in its frame, and its gradient when grad is not NULL
mjtNum fieldB(const SdfPair* s, const mjtNum x[3], int cell_units, mjtNum* grad) {
  return sdfFieldEval(&s->field2, s->d, x, cell_units, grad);
}

// objective: the collision function A + B + |max(A, B)| or the intersection max(A, B)
mjtNum objective(const SdfPair* s, const mjtNum x[3], int intersection) {
  mjtNum a = fieldA(s, x, 0, nullptr);
  mjtNum b = fieldB(s, x, 0, nullptr);
  return intersection ? mju_max(a, b) : a + b + fabs(mju_max(a, b));
}

// gradient of the objective (descent gradients: octree fields in cell units); the intersection
// max(A, B) asks only the larger field for its gradient (an SDF plugin records the points at
// which its gradient is taken, see mjc_SDF)
void objectiveGradient(const SdfPair* s, const mjtNum x[3], int intersection, mjtNum grad[3]) {
  if (intersection) {
    mjtNum a = fieldA(s, x, 1, nullptr);
    mjtNum b = fieldB(s, x, 1, nullptr);
    if (a > b) {
      fieldA(s, x, 1, grad);
    } else {
      fieldB(s, x, 1, grad);
    }
    return;
  }
  mjtNum ga[3], gb[3];
  mjtNum a = fieldA(s, x, 1, ga);
  mjtNum b = fieldB(s, x, 1, gb);
  const mjtNum* gmax = a > b ? ga : gb;
  mjtNum sign = mju_max(a, b) > 0 ? 1 : -1;
  for (int i = 0; i < 3; i++) {
    grad[i] = ga[i] + gb[i] + sign * gmax[i];
  }
}

// One backtracking line-search step from x; returns the objective at the candidate in *dist and
// the candidate in cand; returns the objective at x.
mjtNum lineStep(const SdfPair* s, const mjtNum x[3], int intersection, mjtNum cand[3],
                mjtNum* dist) {
  const mjtNum c = 0.1, rho = 0.5, amin = 1e-4;
  mjtNum grad[3];
  mjtNum f0 = objective(s, x, intersection);
  objectiveGradient(s, x, intersection, grad);
  mjtNum gg = mju_dot3(grad, grad);
  mjtNum alpha = 2;
  do {
    alpha *= rho;
    for (int i = 0; i < 3; i++) {
      cand[i] = x[i] - alpha * grad[i];
    }
    *dist = objective(s, cand, intersection);
  } while (alpha > amin && *dist > f0 - c * alpha * gg);
  return f0;
}

// descent from x (see the file comment); returns max(A, B) at the final x
mjtNum descend(const SdfPair* s, mjtNum x[3], int niter) {
  mjtNum cand[3], dist;
  for (int step = 0; step < niter; step++) {
    mjtNum f0 = lineStep(s, x, 0, cand, &dist);
    mju_copy3(x, cand);
    if (dist > f0) {
      break;
    }
  }
  mjtNum f0 = lineStep(s, x, 1, cand, &dist);
  if (dist > f0 && f0 == 0) {
    return f0;  // a point left exactly on a surface stays there
  }
  mju_copy3(x, cand);
  return dist;
}

// overlap of geom1's box and the box around the sdf geom's box mapped into geom1's frame
int overlapBox(const mjModel* m, const SdfPair* s, int g1, int g2, mjtNum lo[3], mjtNum hi[3]) {
  const mjtNum* box1 = m->geom_aabb + 6 * g1;
  const mjtNum* box2 = m->geom_aabb + 6 * g2;
  for (int i = 0; i < 3; i++) {
    lo[i] = mjMAXVAL;
    hi[i] = -mjMAXVAL;
  }
  for (int k = 0; k < 8; k++) {
    // corner of the sdf's box in its frame, then x = rel_mat^T (z - rel_pos)
    mjtNum z[3], x[3];
    for (int i = 0; i < 3; i++) {
      z[i] = box2[i] + (((k >> i) & 1) ? box2[3 + i] : -box2[3 + i]) - s->rel_pos[i];
    }
    mju_mulMatTVec3(x, s->rel_mat, z);
    for (int i = 0; i < 3; i++) {
      lo[i] = mju_min(lo[i], x[i]);
      hi[i] = mju_max(hi[i], x[i]);
    }
  }
  for (int i = 0; i < 3; i++) {
    lo[i] = mju_max(lo[i], box1[i] - box1[3 + i]);
    hi[i] = mju_min(hi[i], box1[i] + box1[3 + i]);
    if (lo[i] > hi[i]) {
      return 0;
    }
  }
  return 1;
}
}  // namespace

int mjc_SDF(const mjModel* m, mjData* d, mjContact* con, int g1, int g2, mjtNum margin) {
  SdfPair s;
  s.type1 = m->geom_type[g1];
  s.size1 = m->geom_size + 3 * g1;
  s.d = d;
  s.field1.plugin = sdfPlugin(m, g1, &s.field1.instance);
  if (m->geom_type[g2] != mjGEOM_SDF || !sdfFieldGet(m, g2, &s.field2)) {
    return 0;
  }
  if (s.field1.plugin) {
    // an sdf geom1 with a plugin: the plugin's field
  } else if (s.type1 == mjGEOM_SDF) {
    // an sdf geom1 without a plugin: its mesh's octree
    if (!octGet(m, m->geom_dataid[g1], &s.field1.tree)) {
      return 0;
    }
  } else if (s.type1 == mjGEOM_SPHERE) {
    if (!(s.size1[0] > 0)) {
      return 0;
    }
  } else if (s.type1 == mjGEOM_BOX || s.type1 == mjGEOM_ELLIPSOID) {
    if (!(s.size1[0] > 0 && s.size1[1] > 0 && s.size1[2] > 0)) {
      return 0;
    }
  } else if (s.type1 == mjGEOM_CAPSULE || s.type1 == mjGEOM_CYLINDER) {
    if (!(s.size1[0] > 0 && s.size1[1] > 0)) {
      return 0;
    }
  } else {
    return 0;
  }

  // relative pose: z = R2^T (R1 x + p1 - p2)
  const mjtNum* R1 = d->geom_xmat + 9 * g1;
  const mjtNum* R2 = d->geom_xmat + 9 * g2;
  const mjtNum* p1 = d->geom_xpos + 3 * g1;
  const mjtNum* p2 = d->geom_xpos + 3 * g2;
  mjtNum dp[3];
  mju_sub3(dp, p1, p2);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      s.rel_mat[3 * i + j] = R2[i] * R1[j] + R2[3 + i] * R1[3 + j] + R2[6 + i] * R1[6 + j];
    }
  }
  mju_mulMatTVec3(s.rel_pos, R2, dp);

  // working frame: the sdf's mesh frame (B needs no mapping; A at y = rel_mat^T (x - rel_pos))
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      s.mat_a[3 * i + j] = s.rel_mat[3 * j + i];
    }
  }
  mju_mulMatTVec3(s.pos_a, s.rel_mat, s.rel_pos);
  mju_scl3(s.pos_a, s.pos_a, -1);

  mjtNum lo[3], hi[3];
  if (!overlapBox(m, &s, g1, g2, lo, hi)) {
    return 0;
  }

  // The sdf geom's plugin is told where each pair and each descent begins: reset before the
  // start points, compute(mjPLUGIN_SDF) before each descent. MuJoCo's SDF plugins record the
  // points of their gradient evaluations between these calls and draw the last pair's descents
  // under mjVIS_SDFITER.
  const mjpPlugin* plugin2 = s.field2.plugin;
  int instance2 = s.field2.instance;
  if (plugin2 && plugin2->reset) {
    plugin2->reset(m, d->plugin_state + m->plugin_stateadr[instance2],
                   reinterpret_cast<void*>(d->plugin_data[instance2]), instance2);
  }
  int npoint = m->opt.sdf_initpoints, ncon = 0;
  static const int base[3] = {2, 3, 5};
  for (int i = 0; i < npoint && ncon < mjMAXCONPAIR; i++) {
    if (plugin2 && plugin2->compute) {
      plugin2->compute(m, d, instance2, mjPLUGIN_SDF);
    }
    mjtNum y[3], x[3];
    for (int j = 0; j < 3; j++) {
      y[j] = lo[j] + (hi[j] - lo[j]) * mju_Halton(i, base[j]);
    }
    // start point, from geom1's frame to the working frame
    mju_mulMatVec3(x, s.rel_mat, y);
    mju_addTo3(x, s.rel_pos);
    mjtNum dist = descend(&s, x, m->opt.sdf_iterations);
    if (!(dist <= margin)) {
      continue;
    }

    // normal from geom1 into the sdf: the difference of the unit gradients of A and B
    mjtNum ga[3], gb[3], n[3], pos[3];
    fieldA(&s, x, 0, ga);
    fieldB(&s, x, 0, gb);
    mju_normalize3(ga);
    mju_normalize3(gb);
    mju_sub3(n, ga, gb);
    mju_normalize3(n);
    for (int j = 0; j < 3; j++) {
      pos[j] = x[j] - dist / 2 * n[j];
    }

    mjContact* c = con + ncon++;
    c->dist = dist;
    mju_mulMatVec3(c->pos, R2, pos);
    mju_addTo3(c->pos, p2);
    mju_mulMatVec3(c->frame, R2, n);
    mju_zero3(c->frame + 3);
  }
  return ncon;
}

int mjc_sdfGeomHasField(const mjModel* m, int g) {
  SdfField field;
  return m->geom_type[g] == mjGEOM_SDF && sdfFieldGet(m, g, &field);
}

mjtNum mjc_sdfGeomField(const mjModel* m, const mjData* d, int g, const mjtNum p[3], int cell_units,
                        mjtNum grad[3]) {
  SdfField field;
  if (!sdfFieldGet(m, g, &field)) {
    if (grad) {
      mju_zero3(grad);
    }
    return 0;
  }
  return sdfFieldEval(&field, d, p, cell_units, grad);
}
