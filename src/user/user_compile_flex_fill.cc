// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flex arrays (second half of kCompileFlexes, see user_compile_flex.cc): the flex_* arrays from
// the FlexResults of size(), the sparsity of the edge Jacobians (flexedge_J_*: for each edge the
// sorted union of the dofs that move its two vertex bodies, or all node bodies of an
// interpolated flex), and at qpos0 the rest edge lengths and edge inverse weights.

#include <algorithm>
#include <cstring>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_flex.h"
#include "user/user_compile.h"
#include "user/user_compile_flex.h"

namespace motus {

namespace {

// dofs moving `body` (its own and its ancestors'), ascending
void BodyDofs(const CompileContext* c, int body, std::vector<int>* out) {
  for (int b = body; b > 0; b = c->body[b].parent) {
    for (int k = 0; k < c->body[b].dofnum; k++) {
      out->push_back(c->body[b].dofadr + k);
    }
  }
}

// column indices of one edge's Jacobian row
std::vector<int> EdgeColumns(const CompileContext* c, const FlexResult& r, int e) {
  std::vector<int> cols;
  if (r.order) {
    return cols;  // interpolated flexes have no edge Jacobians (as in MuJoCo)
  } else {
    BodyDofs(c, r.vertbody[r.edge[2 * e]], &cols);
    BodyDofs(c, r.vertbody[r.edge[2 * e + 1]], &cols);
  }
  std::sort(cols.begin(), cols.end());
  cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  return cols;
}

// for each vertex, the vertices joined to it by an edge
std::vector<std::vector<int>> VertexNeighbors(const FlexResult& r) {
  std::vector<std::vector<int>> nbr(r.vertbody.size());
  for (size_t e = 0; e < r.edge.size() / 2; e++) {
    nbr[r.edge[2 * e]].push_back(r.edge[2 * e + 1]);
    nbr[r.edge[2 * e + 1]].push_back(r.edge[2 * e]);
  }
  return nbr;
}

// column indices of both rows of vertex v's Jacobian (flexvert_J): the dofs moving the bodies of
// v and of its neighbors, ascending
std::vector<int> VertexColumns(const CompileContext* c, const FlexResult& r,
                               const std::vector<int>& nbr, int v) {
  std::vector<int> cols;
  BodyDofs(c, r.vertbody[v], &cols);
  for (int u : nbr) {
    BodyDofs(c, r.vertbody[u], &cols);
  }
  std::sort(cols.begin(), cols.end());
  cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  return cols;
}

// Interpolated flexes: the bandwidth of the cells' stiffness in the flex's own dof order, as
// MuJoCo 3.8 measures it (derived from its values on node grids pinned to moving bodies,
// doc/conformance.md). The flex numbers the dofs of its node bodies in node order, each body's
// own dofs once, at its first node (a body carrying pinned nodes gets one slot, at the first of
// them). A cell couples the dofs that move its nodes: those of the node bodies and of their
// ancestors, as far as they have a number. The band is the largest difference of two numbers
// that a cell couples; 0 for other flexes.
int FlexBandwidth(const mjModel* m, int f, const FlexResult& r) {
  if (!r.order) {
    return 0;
  }
  std::vector<int> number(m->nv, -1);
  int next = 0;
  for (int b : r.nodebody) {
    for (int d = m->body_dofadr[b]; d < m->body_dofadr[b] + m->body_dofnum[b]; d++) {
      if (number[d] < 0) {
        number[d] = next++;
      }
    }
  }
  int ncell[3], band = 0;
  for (int a = 0; a < 3; a++) {
    ncell[a] = mjMAX(m->flex_cellnum[3 * f + a], 1);
  }
  for (int i = 0; i < ncell[0]; i++) {
    for (int j = 0; j < ncell[1]; j++) {
      for (int k = 0; k < ncell[2]; k++) {
        int cell[3] = {i, j, k}, node[27];
        int nnode = mj_flexCellNodes(m, f, cell, node), lo = -1, hi = -1;
        for (int n = 0; n < nnode; n++) {
          for (int b = r.nodebody[node[n]]; b > 0; b = m->body_parentid[b]) {
            for (int d = m->body_dofadr[b]; d < m->body_dofadr[b] + m->body_dofnum[b]; d++) {
              if (number[d] >= 0) {
                lo = lo < 0 ? number[d] : mjMIN(lo, number[d]);
                hi = mjMAX(hi, number[d]);
              }
            }
          }
        }
        band = mjMAX(band, hi - lo);
      }
    }
  }
  return band;
}

void FillOne(CompileContext* c, int f, FlexResult& r, int* adr) {
  mjModel* m = c->m;
  const mjsFlex& s = c->spec->flexes[f]->s;
  m->flex_contype[f] = s.contype;
  m->flex_conaffinity[f] = s.conaffinity;
  m->flex_condim[f] = s.condim;
  m->flex_priority[f] = s.priority;
  m->flex_solmix[f] = s.solmix;
  mju_copy(m->flex_solref + mjNREF * f, s.solref, mjNREF);
  mju_copy(m->flex_solimp + mjNIMP * f, s.solimp, mjNIMP);
  mju_copy3(m->flex_friction + 3 * f, s.friction);
  m->flex_margin[f] = s.margin;
  m->flex_gap[f] = s.gap;
  m->flex_internal[f] = s.internal;
  m->flex_selfcollide[f] = s.selfcollide;
  m->flex_activelayers[f] = s.activelayers;
  m->flex_passive[f] = s.passive;
  m->flex_dim[f] = r.dim;
  m->flex_matid[f] = r.matid;
  m->flex_group[f] = s.group;
  m->flex_interp[f] = r.order;
  for (int k = 0; k < 3; k++) {
    m->flex_cellnum[3 * f + k] = s.cellcount[k];
  }
  m->flex_radius[f] = s.radius;
  m->flex_damping[f] = s.damping;
  m->flex_edgestiffness[f] = s.edgestiffness;
  m->flex_edgedamping[f] = s.edgedamping;
  m->flex_rigid[f] = r.rigid;
  m->flex_centered[f] = r.centered;
  m->flex_flatskin[f] = s.flatskin;
  for (int k = 0; k < 4; k++) {
    m->flex_rgba[4 * f + k] = s.rgba[k];
  }

  int nvert = static_cast<int>(r.vert.size() / 3), nnode = static_cast<int>(r.nodebody.size());
  int nedge = static_cast<int>(r.edge.size() / 2);
  int nelem = static_cast<int>(r.elem.size()) / (r.dim + 1);
  int ntex = static_cast<int>(r.texcoord.size() / 2);
  int& vadr = adr[0];
  int& nadr = adr[1];
  int& eadr = adr[2];
  int& eladr = adr[3];
  int& dadr = adr[4];
  int& edadr = adr[5];
  int& sadr = adr[6];
  int& tadr = adr[7];
  m->flex_vertadr[f] = vadr;
  m->flex_vertnum[f] = nvert;
  m->flex_nodeadr[f] = nadr;
  m->flex_nodenum[f] = nnode;
  m->flex_edgeadr[f] = eadr;
  m->flex_edgenum[f] = nedge;
  m->flex_elemadr[f] = eladr;
  m->flex_elemnum[f] = nelem;
  m->flex_elemdataadr[f] = dadr;
  m->flex_elemedgeadr[f] = edadr;
  m->flex_shellnum[f] = static_cast<int>(r.shell.size()) / r.dim;
  m->flex_shelldataadr[f] = sadr;
  m->flex_texcoordadr[f] = ntex ? tadr : -1;
  // interpolated flexes: a dense matrix per cell (nodes of one cell), after the element blocks
  // of all flexes
  m->flex_stiffnessadr[f] = nnode ? adr[8] : 21 * eladr;
  adr[8] += FlexStiffnessSize(r.order, s.cellcount);
  m->flex_edgeequality[f] = 0;

  mju_copy3(m->flex_size + 3 * f, r.size);
  for (int v = 0; v < nvert; v++) {
    mju_copy3(m->flex_vert0 + 3 * (vadr + v), r.vert0.data() + 3 * v);
    m->flex_vertbodyid[vadr + v] = r.vertbody[v];
    mju_copy3(m->flex_vert + 3 * (vadr + v), r.vert.data() + 3 * v);
  }
  for (int n = 0; n < nnode; n++) {
    m->flex_nodebodyid[nadr + n] = r.nodebody[n];
    mju_copy3(m->flex_node + 3 * (nadr + n), r.node.data() + 3 * n);
  }
  for (int e = 0; e < nedge; e++) {
    m->flex_edge[2 * (eadr + e)] = r.edge[2 * e];
    m->flex_edge[2 * (eadr + e) + 1] = r.edge[2 * e + 1];
    m->flex_edgeflap[2 * (eadr + e)] = r.edgeflap[2 * e];
    m->flex_edgeflap[2 * (eadr + e) + 1] = r.edgeflap[2 * e + 1];
    int b1 = r.order ? -1 : r.vertbody[r.edge[2 * e]];
    int b2 = r.order ? -1 : r.vertbody[r.edge[2 * e + 1]];
    m->flexedge_rigid[eadr + e] =
        !r.order && (b1 == b2 || (c->body[b1].dofnum == 0 && c->body[b2].dofnum == 0 &&
                                  c->body[b1].weld == 0 && c->body[b2].weld == 0));
  }
  std::copy(r.elem.begin(), r.elem.end(), m->flex_elem + dadr);
  const std::vector<int>& et = r.elemtexcoord.empty() ? r.elem : r.elemtexcoord;
  std::copy(et.begin(), et.end(), m->flex_elemtexcoord + dadr);
  std::copy(r.elemedge.begin(), r.elemedge.end(), m->flex_elemedge + edadr);
  std::copy(r.elemlayer.begin(), r.elemlayer.end(), m->flex_elemlayer + eladr);
  std::copy(r.shell.begin(), r.shell.end(), m->flex_shell + sadr);
  for (int t = 0; t < 2 * ntex; t++) {
    m->flex_texcoord[2 * tadr + t] = r.texcoord[t];
  }

  vadr += nvert;
  nadr += nnode;
  eadr += nedge;
  eladr += nelem;
  dadr += static_cast<int>(r.elem.size());
  edadr += static_cast<int>(r.elemedge.size());
  sadr += static_cast<int>(r.shell.size());
  tadr += ntex;
}

// element-vertex pairs and the element hierarchy (nodes after the static ones of bodies and
// meshes: their boxes live in mjData.bvh_aabb_dyn)
void FillCollisionData(mjModel* m, int f, const FlexResult& r, int* evadr, int* bvhadr) {
  int nev = static_cast<int>(r.evpair.size() / 2);
  m->flex_evpairadr[f] = nev ? *evadr : -1;
  m->flex_evpairnum[f] = nev;
  std::copy(r.evpair.begin(), r.evpair.end(), m->flex_evpair + 2 * *evadr);
  *evadr += nev;
  int nbvh = static_cast<int>(r.bvh_depth.size());
  m->flex_bvhadr[f] = nbvh ? *bvhadr : -1;
  m->flex_bvhnum[f] = nbvh;
  for (int n = 0; n < nbvh; n++) {
    m->bvh_depth[*bvhadr + n] = r.bvh_depth[n];
    m->bvh_child[2 * (*bvhadr + n)] = r.bvh_child[2 * n];
    m->bvh_child[2 * (*bvhadr + n) + 1] = r.bvh_child[2 * n + 1];
    m->bvh_nodeid[*bvhadr + n] = r.bvh_nodeid[n];
  }
  *bvhadr += nbvh;
}

}  // namespace

bool SizeFlexJacobians(CompileContext* c) {
  mjtSize nnz = 0;
  for (size_t f = 0; f < c->flex.size(); f++) {
    const FlexResult& r = c->flex[f];
    for (size_t e = 0; e < r.edge.size() / 2; e++) {
      nnz += static_cast<mjtSize>(EdgeColumns(c, r, static_cast<int>(e)).size());
    }
  }
  c->sizes.nJfe = nnz;
  // flexvert_J: two rows per vertex of every flex without interpolation, as MuJoCo 3.8 sizes it,
  // each over the dofs of VertexColumns. MuJoCo fills the rows of the flexes that a flexvert
  // equality constrains only, and leaves them empty otherwise; Motus does not compile flexvert
  // equalities yet, so the rows stay empty.
  mjtSize nvert = 0;
  for (const FlexResult& r : c->flex) {
    if (r.order) {
      continue;
    }
    std::vector<std::vector<int>> nbr = VertexNeighbors(r);
    for (size_t v = 0; v < nbr.size(); v++) {
      nvert += static_cast<mjtSize>(VertexColumns(c, r, nbr[v], static_cast<int>(v)).size());
    }
  }
  c->sizes.nJfv = nvert;
  return true;
}

bool FillFlexes(CompileContext* c) {
  mjModel* m = c->m;
  // running addresses: vert, node, edge, elem, elemdata, elemedge, shelldata, texcoord, and the
  // dense stiffness of interpolated flexes (after 21 numbers per element of all flexes)
  int adr[9] = {0, 0, 0, 0, 0, 0, 0, 0, 21 * static_cast<int>(m->nflexelem)};
  int jadr = 0, evadr = 0, bvhadr = static_cast<int>(m->nbvhstatic);
  for (size_t f = 0; f < c->flex.size(); f++) {
    int edge0 = adr[2];
    FillOne(c, static_cast<int>(f), c->flex[f], adr);
    const FlexResult& r = c->flex[f];
    FillCollisionData(m, static_cast<int>(f), r, &evadr, &bvhadr);
    for (size_t e = 0; e < r.edge.size() / 2; e++) {
      std::vector<int> cols = EdgeColumns(c, r, static_cast<int>(e));
      int id = edge0 + static_cast<int>(e);
      m->flexedge_J_rowadr[id] = jadr;
      m->flexedge_J_rownnz[id] = static_cast<int>(cols.size());
      std::copy(cols.begin(), cols.end(), m->flexedge_J_colind + jadr);
      jadr += static_cast<int>(cols.size());
    }
  }
  // flex_bandwidth: the largest band of all interpolated flexes, stored for every flex, as
  // MuJoCo 3.8 does (0 everywhere when no flex is interpolated)
  int band = 0;
  for (int f = 0; f < m->nflex; f++) {
    band = mjMAX(band, FlexBandwidth(m, f, c->flex[f]));
  }
  for (int f = 0; f < m->nflex; f++) {
    m->flex_bandwidth[f] = band;
  }
  for (int v = 0; v < m->nflexvert; v++) {
    m->flexvert_J_rownnz[2 * v] = m->flexvert_J_rownnz[2 * v + 1] = 0;
    m->flexvert_J_rowadr[2 * v] = m->flexvert_J_rowadr[2 * v + 1] = 0;
  }
  // trees that carry flex vertices or nodes do not sleep automatically
  for (const FlexResult& r : c->flex) {
    for (const std::vector<int>* ids : {&r.vertbody, &r.nodebody}) {
      for (int b : *ids) {
        int t = b > 0 ? m->body_treeid[b] : -1;
        if (t >= 0 && m->tree_sleep_policy[t] == mjSLEEP_AUTO_ALLOWED) {
          m->tree_sleep_policy[t] = mjSLEEP_AUTO_NEVER;
        }
      }
    }
  }

  return true;
}

// at qpos0 (mj_setConst has run the position stages, so mj_flex filled the edge data): node
// positions, edge lengths and edge inverse weights
bool FinalizeFlexes(CompileContext* c, mjData* d) {
  mjModel* m = c->m;
  // flex equalities mark their flex (flex_edgeequality; the equalities are filled after flexes)
  for (int i = 0; i < m->neq; i++) {
    if (m->eq_type[i] == mjEQ_FLEX || m->eq_type[i] == mjEQ_FLEXVERT ||
        m->eq_type[i] == mjEQ_FLEXSTRAIN) {
      m->flex_edgeequality[m->eq_obj1id[i]] = m->eq_type[i] == mjEQ_FLEX       ? 1
                                              : m->eq_type[i] == mjEQ_FLEXVERT ? 2
                                                                               : 3;
    }
  }
  for (int f = 0; f < m->nflex; f++) {
    for (int n = m->flex_nodeadr[f]; n < m->flex_nodeadr[f] + m->flex_nodenum[f]; n++) {
      int b = m->flex_nodebodyid[n];
      double r[3];
      mju_mulMatVec3(r, d->xmat + 9 * b, m->flex_node + 3 * n);
      for (int k = 0; k < 3; k++) {
        m->flex_node0[3 * n + k] = d->xpos[3 * b + k] + r[k];
      }
    }
  }
  mju_copy(m->flexedge_length0, d->flexedge_length, m->nflexedge);

  // elasticity from the rest vertex positions
  mju_zero(m->flex_stiffness, m->nflexstiffness);
  mju_zero(m->flex_bending, 17 * m->nflexedge);
  for (int f = 0; f < m->nflex; f++) {
    if (!FlexElasticity(c, f, d->flexvert_xpos)) {
      return false;
    }
    if (m->flex_edgeequality[f] == 3 && !FlexStrainRows(c, f)) {
      return false;
    }
  }

  // inverse weights (0 for rigid edges): MuJoCo takes the mean of the two bodies' translational
  // inverse weights when both vertex bodies are simple moving bodies (point masses on slides),
  // and J M^-1 J' otherwise
  mj_markStack(d);
  mjtNum* row = mj_stackAllocNum(d, m->nv);
  mjtNum* tmp = mj_stackAllocNum(d, m->nv);
  for (int e = 0; e < m->nflexedge; e++) {
    m->flexedge_invweight0[e] = 0;
    if (m->flexedge_rigid[e] || !m->nv) {
      continue;
    }
    int v1 = -1, v2 = -1;
    for (int f = 0; f < m->nflex; f++) {
      int eadr = m->flex_edgeadr[f];
      if (e >= eadr && e < eadr + m->flex_edgenum[f] && !m->flex_interp[f]) {
        v1 = m->flex_vertadr[f] + m->flex_edge[2 * e];
        v2 = m->flex_vertadr[f] + m->flex_edge[2 * e + 1];
      }
    }
    int b1 = v1 >= 0 ? m->flex_vertbodyid[v1] : 0, b2 = v2 >= 0 ? m->flex_vertbodyid[v2] : 0;
    if (b1 > 0 && b2 > 0 && m->body_simple[b1] && m->body_simple[b2]) {
      m->flexedge_invweight0[e] = 0.5 * (m->body_invweight0[2 * b1] + m->body_invweight0[2 * b2]);
      continue;
    }
    mju_zero(row, m->nv);
    int adr = m->flexedge_J_rowadr[e];
    for (int k = 0; k < m->flexedge_J_rownnz[e]; k++) {
      row[m->flexedge_J_colind[adr + k]] = d->flexedge_J[adr + k];
    }
    mj_solveM(m, d, tmp, row, 1);
    m->flexedge_invweight0[e] = mju_dot(row, tmp, m->nv);
  }
  mj_freeStack(d);
  return true;
}

}  // namespace motus
