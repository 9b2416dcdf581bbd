// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flex kinematics (computation_index.rst, position stage "flex"; modeling.rst "Deformable
// objects"): vertex positions, edge lengths and edge Jacobians, and the edge spring-dampers of
// the passive stage.
//
// Vertex positions: a vertex is a point of its body (flex_vert in the body frame); vertices of
// interpolated flexes (flex_interp 1 trilinear, 2 quadratic) are the tensor-product Lagrange
// interpolation of the node positions at the vertex's reference coordinates flex_vert0 in the unit
// cube of the flex's bounding box; they have no edge lengths or Jacobians.
//
// Edge Jacobian: for edge (v1, v2) with unit direction u = (x2 - x1) / |x2 - x1|, the row is
// u' (Jp(x2) - Jp(x1)), where Jp(x) is the translational Jacobian of point x on its body. Columns
// follow the model's sparsity (flexedge_J_rowadr/rownnz/colind, sorted dof ids).

#include <algorithm>
#include <cmath>

#include <mujoco/mujoco.h>

#include "engine/engine_flex.h"
#include "engine/engine_passive.h"

namespace {

// 1D Lagrange basis on the nodes {0, 1} (order 1) or {0, 1/2, 1} (order 2)
mjtNum lagrangeBasis(int order, int i, mjtNum t) {
  if (order == 1) {
    return i ? t : 1 - t;
  }
  switch (i) {
    case 0:
      return 2 * (t - 0.5) * (t - 1);
    case 1:
      return -4 * t * (t - 1);
    default:
      return 2 * t * (t - 0.5);
  }
}

}  // namespace

int mj_flexCellNodes(const mjModel* m, int f, const int cell[3], int* node) {
  int order = m->flex_interp[f], per = order + 1, gridnum[3];
  for (int a = 0; a < 3; a++) {
    gridnum[a] = order * mjMAX(m->flex_cellnum[3 * f + a], 1) + 1;
  }
  int n = 0;
  for (int i = 0; i < per; i++) {
    for (int j = 0; j < per; j++) {
      for (int k = 0; k < per; k++) {
        int gi = order * cell[0] + i, gj = order * cell[1] + j, gk = order * cell[2] + k;
        node[n++] = (gi * gridnum[1] + gj) * gridnum[2] + gk;
      }
    }
  }
  return n;
}

mjtNum mj_flexNodeWeight(int order, int n, const mjtNum* r) {
  int per = order + 1;
  int i = n / (per * per), j = (n / per) % per, k = n % per;
  return lagrangeBasis(order, i, r[0]) * lagrangeBasis(order, j, r[1]) *
         lagrangeBasis(order, k, r[2]);
}

int mj_flexVertNodes(const mjModel* m, int f, int v, int* node, mjtNum* weight) {
  return mj_flexPointNodes(m, f, m->flex_vert0 + 3 * v, node, weight);
}

int mj_flexPointNodes(const mjModel* m, int f, const mjtNum* r, int* node, mjtNum* weight) {
  int order = m->flex_interp[f];
  const int* cellnum = m->flex_cellnum + 3 * f;

  // per axis: the vertex's cell and its coordinate in the cell
  int cell[3];
  mjtNum local[3];
  for (int a = 0; a < 3; a++) {
    int c = mjMAX(cellnum[a], 1);
    if (c == 1) {
      cell[a] = 0;
      local[a] = r[a];
      continue;
    }
    mjtNum x = r[a] * c;
    cell[a] = mjMIN(mjMAX((int)std::floor(x), 0), c - 1);
    local[a] = x - cell[a];
  }

  int n = mj_flexCellNodes(m, f, cell, node);
  int per = order + 1;
  for (int a = 0; a < n; a++) {
    int i = a / (per * per), j = (a / per) % per, k = a % per;
    weight[a] = lagrangeBasis(order, i, local[0]) * lagrangeBasis(order, j, local[1]) *
                lagrangeBasis(order, k, local[2]);
  }
  return n;
}

namespace {

// world position of a point given in the frame of body b
void BodyPoint(const mjData* d, int b, const mjtNum* local, mjtNum* out) {
  mju_mulMatVec3(out, d->xmat + 9 * b, local);
  mju_addTo3(out, d->xpos + 3 * b);
}

// adds scale * u' Jp(p on body b) into the sparse row (cols sorted)
void AddPointJac(const mjModel* m, const mjData* d, int b, const mjtNum* p, const mjtNum* u,
                 mjtNum scale, const int* cols, int nnz, mjtNum* row) {
  const mjtNum* com = d->subtree_com + 3 * m->body_rootid[b];
  mjtNum off[3];
  mju_sub3(off, p, com);
  for (; b > 0; b = m->body_parentid[b]) {
    for (int k = 0; k < m->body_dofnum[b]; k++) {
      int j = m->body_dofadr[b] + k;
      const mjtNum* cd = d->cdof + 6 * j;
      mjtNum jp[3];
      mju_cross(jp, cd, off);
      mju_addTo3(jp, cd + 3);
      const int* at = std::lower_bound(cols, cols + nnz, j);
      if (at != cols + nnz && *at == j) {
        row[at - cols] += scale * mju_dot3(u, jp);
      }
    }
  }
}

void FlexVertices(const mjModel* m, mjData* d, int f, mjtNum* nodepos) {
  int vadr = m->flex_vertadr[f], nvert = m->flex_vertnum[f];
  int order = m->flex_interp[f];
  if (order) {
    int nadr = m->flex_nodeadr[f], nnode = m->flex_nodenum[f];
    for (int n = 0; n < nnode; n++) {
      BodyPoint(d, m->flex_nodebodyid[nadr + n], m->flex_node + 3 * (nadr + n), nodepos + 3 * n);
    }
    for (int v = vadr; v < vadr + nvert; v++) {
      int node[mjMAXFLEXNODES];
      mjtNum weight[mjMAXFLEXNODES];
      int nn = mj_flexVertNodes(m, f, v, node, weight);
      mjtNum* x = d->flexvert_xpos + 3 * v;
      mju_zero3(x);
      for (int n = 0; n < nn; n++) {
        mju_addToScl3(x, nodepos + 3 * node[n], weight[n]);
      }
    }
    return;
  }
  for (int v = vadr; v < vadr + nvert; v++) {
    BodyPoint(d, m->flex_vertbodyid[v], m->flex_vert + 3 * v, d->flexvert_xpos + 3 * v);
  }
}

void FlexEdges(const mjModel* m, mjData* d, int f) {
  int vadr = m->flex_vertadr[f], eadr = m->flex_edgeadr[f];
  for (int e = eadr; e < eadr + m->flex_edgenum[f]; e++) {
    int v1 = vadr + m->flex_edge[2 * e], v2 = vadr + m->flex_edge[2 * e + 1];
    const mjtNum* x1 = d->flexvert_xpos + 3 * v1;
    const mjtNum* x2 = d->flexvert_xpos + 3 * v2;
    mjtNum u[3];
    mju_sub3(u, x2, x1);
    d->flexedge_length[e] = mju_normalize3(u);

    int adr = m->flexedge_J_rowadr[e], nnz = m->flexedge_J_rownnz[e];
    mjtNum* row = d->flexedge_J + adr;
    const int* cols = m->flexedge_J_colind + adr;
    mju_zero(row, nnz);
    if (!nnz) {
      continue;
    }
    AddPointJac(m, d, m->flex_vertbodyid[v2], x2, u, 1, cols, nnz, row);
    AddPointJac(m, d, m->flex_vertbodyid[v1], x1, u, -1, cols, nnz, row);
  }
}

// element boxes (center, half-size) bounding the vertices inflated by the flex radius, for every
// element (also the inactive layers of 3D flexes)
void FlexElemBoxes(const mjModel* m, mjData* d, int f) {
  int dim = m->flex_dim[f], vadr = m->flex_vertadr[f];
  mjtNum radius = m->flex_radius[f];
  const int* edata = m->flex_elem + m->flex_elemdataadr[f];
  for (int e = 0; e < m->flex_elemnum[f]; e++) {
    mjtNum lo[3], hi[3];
    const mjtNum* x0 = d->flexvert_xpos + 3 * (vadr + edata[(dim + 1) * e]);
    mju_copy3(lo, x0);
    mju_copy3(hi, x0);
    for (int i = 1; i <= dim; i++) {
      const mjtNum* x = d->flexvert_xpos + 3 * (vadr + edata[(dim + 1) * e + i]);
      for (int k = 0; k < 3; k++) {
        lo[k] = mju_min(lo[k], x[k]);
        hi[k] = mju_max(hi[k], x[k]);
      }
    }
    mjtNum* box = d->flexelem_aabb + 6 * (m->flex_elemadr[f] + e);
    for (int k = 0; k < 3; k++) {
      box[k] = 0.5 * (hi[k] + lo[k]);
      box[3 + k] = 0.5 * (hi[k] - lo[k]) + radius;
    }
  }
}

// boxes of the flex's hierarchy nodes (bvh_aabb_dyn, indexed from nbvhstatic): leaves take their
// element's box, inner nodes bound their children's boxes; children follow their parent in
// pre-order, so one backward pass sees every child before its parent
void FlexNodeBoxes(const mjModel* m, mjData* d, int f) {
  int adr = m->flex_bvhadr[f], eadr = m->flex_elemadr[f];
  for (int n = m->flex_bvhnum[f] - 1; n >= 0 && adr >= 0; n--) {
    int node = adr + n;
    mjtNum* box = d->bvh_aabb_dyn + 6 * (node - m->nbvhstatic);
    int elem = m->bvh_nodeid[node];
    if (elem >= 0) {
      mju_copy(box, d->flexelem_aabb + 6 * (eadr + elem), 6);
      continue;
    }
    mjtNum lo[3] = {mjMAXVAL, mjMAXVAL, mjMAXVAL}, hi[3] = {-mjMAXVAL, -mjMAXVAL, -mjMAXVAL};
    for (int c = 0; c < 2; c++) {
      int child = m->bvh_child[2 * node + c];
      if (child < 0) {
        continue;
      }
      const mjtNum* cb = d->bvh_aabb_dyn + 6 * (adr + child - m->nbvhstatic);
      for (int k = 0; k < 3; k++) {
        lo[k] = mju_min(lo[k], cb[k] - cb[3 + k]);
        hi[k] = mju_max(hi[k], cb[k] + cb[3 + k]);
      }
    }
    for (int k = 0; k < 3; k++) {
      box[k] = 0.5 * (hi[k] + lo[k]);
      box[3 + k] = 0.5 * (hi[k] - lo[k]);
    }
  }
}

}  // namespace

// needs mj_kinematics and mj_comPos (cdof, subtree_com)
void mj_flex(const mjModel* m, mjData* d) {
  if (!m->nflex) {
    return;
  }
  int maxnode = 1;
  for (int f = 0; f < m->nflex; f++) {
    maxnode = mjMAX(maxnode, m->flex_nodenum[f]);
  }
  mj_markStack(d);
  mjtNum* nodepos = mj_stackAllocNum(d, 3 * maxnode);
  for (int f = 0; f < m->nflex; f++) {
    FlexVertices(m, d, f, nodepos);
    // interpolated flexes have no edge quantities (MuJoCo leaves them at zero)
    if (!m->flex_interp[f]) {
      FlexEdges(m, d, f);
    }
    FlexElemBoxes(m, d, f);
    FlexNodeBoxes(m, d, f);
  }
  mj_freeStack(d);
}

// edge springs (flex_edgestiffness, toward flexedge_length0; 1D flexes only, XMLreference
// flex/edge) or dampers (flex_edgedamping), mapped by the edge Jacobian; rigid flexes and rigid
// edges have none
void mj_flexEdgePassive(const mjModel* m, const mjData* d, int spring, mjtNum* qfrc) {
  for (int f = 0; f < m->nflex; f++) {
    mjtNum k = spring ? m->flex_edgestiffness[f] : m->flex_edgedamping[f];
    if (k == 0 || m->flex_rigid[f] || (spring && m->flex_dim[f] != 1)) {
      continue;
    }
    for (int e = m->flex_edgeadr[f]; e < m->flex_edgeadr[f] + m->flex_edgenum[f]; e++) {
      if (m->flexedge_rigid[e]) {
        continue;
      }
      mjtNum frc = spring ? k * (m->flexedge_length0[e] - d->flexedge_length[e])
                          : -k * d->flexedge_velocity[e];
      int adr = m->flexedge_J_rowadr[e];
      for (int i = 0; i < m->flexedge_J_rownnz[e]; i++) {
        qfrc[m->flexedge_J_colind[adr + i]] += frc * d->flexedge_J[adr + i];
      }
    }
  }
}
