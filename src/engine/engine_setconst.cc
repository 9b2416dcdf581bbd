// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sparse structure of the joint-space matrices and the qpos0 constants (engine_setconst.h).

#include "engine/engine_setconst.h"

#include <cmath>
#include <cstring>

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_setconst_tendon.h"
#include "engine/engine_sleep.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// simple bodies

namespace {

// true if the 3-vector lies along one coordinate axis (two components exactly zero up to mjMINVAL)
int alongAxis(const mjtNum v[3]) {
  int nzero = 0;
  for (int k = 0; k < 3; k++) {
    nzero += (std::fabs(v[k]) < mjMINVAL);
  }
  return nzero >= 2;
}

}  // namespace

int mj_bodySimple(int parentid, int nchild, int sameframe, int njnt, const int* jnt_type,
                  const mjtNum* jnt_pos, const mjtNum* jnt_axis) {
  if (parentid < 0) {
    return 1;  // the world
  }
  if (parentid != 0 || nchild > 0 || sameframe != mjSAMEFRAME_BODY) {
    return 0;
  }

  // joints: slides first, then at most one rotational joint, all at the body origin
  int nslide = 0, nrot = 0;
  for (int j = 0; j < njnt; j++) {
    const mjtNum* pos = jnt_pos + 3 * j;
    if (std::fabs(pos[0]) >= mjMINVAL || std::fabs(pos[1]) >= mjMINVAL ||
        std::fabs(pos[2]) >= mjMINVAL) {
      return 0;
    }
    if (nrot) {
      return 0;  // nothing may follow a rotational joint
    }
    int type = jnt_type[j];
    if ((type == mjJNT_SLIDE || type == mjJNT_HINGE) && !alongAxis(jnt_axis + 3 * j)) {
      return 0;
    }
    if (type == mjJNT_SLIDE) {
      nslide++;
    } else {
      nrot++;
    }
  }
  return (nslide > 0 && nrot == 0) ? 2 : 1;
}

void mj_dofSimpleNum(int nv, const int* dof_bodyid, const mjtByte* body_simple,
                     int* dof_simplenum) {
  int run = 0;
  for (int i = nv - 1; i >= 0; i--) {
    run = body_simple[dof_bodyid[i]] ? run + 1 : 0;
    dof_simplenum[i] = run;
  }
}

// ---------------------------------------------------------------------------------------------
// sparse structure

namespace {

// check that parents precede children (the recursions below rely on it)
int checkTrees(int nv, const int* dof_parentid, int nbody, const int* body_parentid) {
  for (int i = 0; i < nv; i++) {
    if (dof_parentid[i] >= i || dof_parentid[i] < -1) {
      mjERROR("dof %d has invalid parent %d", i, dof_parentid[i]);
      return 0;
    }
  }
  for (int b = 1; b < nbody; b++) {
    if (body_parentid[b] >= b || body_parentid[b] < 0) {
      mjERROR("body %d has invalid parent %d", b, body_parentid[b]);
      return 0;
    }
  }
  return 1;
}

// number of ancestors of dof i
int dofDepth(const int* dof_parentid, int i) {
  int n = 0;
  for (int j = dof_parentid[i]; j >= 0; j = dof_parentid[j]) {
    n++;
  }
  return n;
}

// last dof of body b or of its nearest ancestor with dofs; -1 if none
int lastDof(const int* body_parentid, const int* body_dofnum, const int* body_dofadr, int b) {
  while (b > 0 && body_dofnum[b] == 0) {
    b = body_parentid[b];
  }
  return b > 0 ? body_dofadr[b] + body_dofnum[b] - 1 : -1;
}

// number of dofs in the subtree of every body (body included), parents before children
void subtreeDofs(int nbody, const int* body_parentid, const int* body_dofnum, int* res) {
  for (int b = 0; b < nbody; b++) {
    res[b] = body_dofnum[b];
  }
  for (int b = nbody - 1; b > 0; b--) {
    res[body_parentid[b]] += res[b];
  }
}

}  // namespace

void mj_sparseSizes(int nv, const int* dof_parentid, const int* dof_simplenum, int nbody,
                    const int* body_parentid, const int* body_dofnum, const int* body_dofadr,
                    mjtSize* nM, mjtSize* nC, mjtSize* nD, mjtSize* nB) {
  *nM = *nC = *nD = *nB = 0;
  if (!checkTrees(nv, dof_parentid, nbody, body_parentid)) {
    return;
  }

  // nM: full ancestor chains; nC: chains except for simple dofs; nD: chain counted both ways
  for (int i = 0; i < nv; i++) {
    int depth = dofDepth(dof_parentid, i);
    *nM += depth + 1;
    *nC += (dof_simplenum && dof_simplenum[i]) ? 1 : depth + 1;
    *nD += 2 * depth + 1;
  }

  // nB: for each body, dofs on its ancestor chain plus dofs in its strict subtree
  if (nbody > 0) {
    int* sub = static_cast<int*>(mju_calloc(sizeof(int) * nbody));
    subtreeDofs(nbody, body_parentid, body_dofnum, sub);
    for (int b = 0; b < nbody; b++) {
      int last = lastDof(body_parentid, body_dofnum, body_dofadr, b);
      int chain = last >= 0 ? dofDepth(dof_parentid, last) + 1 : 0;
      *nB += chain + sub[b] - body_dofnum[b];
    }
    mju_free(sub);
  }
}

namespace {

// sort a small int array in place (rows of D and B are short and nearly sorted)
void sortInts(int* a, int n) {
  for (int i = 1; i < n; i++) {
    int x = a[i], j = i - 1;
    while (j >= 0 && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}

// dof_Madr and the CSR lower triangle M_* with mapM2M
void setM(mjModel* m) {
  int nv = m->nv, adrM = 0, adrC = 0;
  for (int i = 0; i < nv; i++) {
    int depth = dofDepth(m->dof_parentid, i);
    int simple = m->dof_simplenum[i] > 0;
    m->dof_Madr[i] = adrM;
    m->M_rowadr[i] = adrC;
    m->M_rownnz[i] = simple ? 1 : depth + 1;

    if (simple) {
      m->M_colind[adrC] = i;
      m->mapM2M[adrC] = adrM;
    } else {
      // CSR position depth-t holds the t-th ancestor (t = 0: the diagonal), qM holds it at Madr+t
      int j = i;
      for (int t = 0; t <= depth; t++) {
        m->M_colind[adrC + depth - t] = j;
        m->mapM2M[adrC + depth - t] = adrM + t;
        j = m->dof_parentid[j];
      }
    }
    adrM += depth + 1;
    adrC += m->M_rownnz[i];
  }
}

// CSR index of element (i, j), j <= i, of the lower triangle; -1 if not stored
int findM(const mjModel* m, int i, int j) {
  int adr = m->M_rowadr[i], nnz = m->M_rownnz[i];
  for (int k = 0; k < nnz; k++) {
    if (m->M_colind[adr + k] == j) {
      return adr + k;
    }
  }
  return -1;
}

// D_*: symmetric dof pattern, with the maps to and from the CSR lower triangle
void setD(mjModel* m) {
  int nv = m->nv;

  // row sizes: ancestors + descendants + 1
  for (int i = 0; i < nv; i++) {
    m->D_rownnz[i] = 1;
  }
  for (int i = 0; i < nv; i++) {
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
      m->D_rownnz[i]++;
      m->D_rownnz[j]++;
    }
  }
  int adr = 0;
  for (int i = 0; i < nv; i++) {
    m->D_rowadr[i] = adr;
    adr += m->D_rownnz[i];
  }

  // fill (unsorted), then sort each row
  int* fill = static_cast<int*>(mju_calloc(sizeof(int) * nv));
  for (int i = 0; i < nv; i++) {
    m->D_colind[m->D_rowadr[i] + fill[i]++] = i;
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
      m->D_colind[m->D_rowadr[i] + fill[i]++] = j;
      m->D_colind[m->D_rowadr[j] + fill[j]++] = i;
    }
  }
  mju_free(fill);

  for (int i = 0; i < nv; i++) {
    int* row = m->D_colind + m->D_rowadr[i];
    sortInts(row, m->D_rownnz[i]);
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int j = row[k];
      if (j == i) {
        m->D_diag[i] = k;
      }
      // D element (i, j) <-> lower-triangle element (max, min)
      int csr = j <= i ? findM(m, i, j) : findM(m, j, i);
      m->mapM2D[m->D_rowadr[i] + k] = csr;
      if (csr >= 0 && j <= i) {
        m->mapD2M[csr] = m->D_rowadr[i] + k;
      }
    }
  }
}

// B_*: body-dof pattern
void setB(mjModel* m) {
  int nbody = m->nbody;
  int* sub = static_cast<int*>(mju_calloc(sizeof(int) * nbody));
  int* fill = static_cast<int*>(mju_calloc(sizeof(int) * nbody));
  subtreeDofs(nbody, m->body_parentid, m->body_dofnum, sub);

  // row sizes and the ancestor chain of each body (its own dofs included)
  int adr = 0;
  for (int b = 0; b < nbody; b++) {
    int last = lastDof(m->body_parentid, m->body_dofnum, m->body_dofadr, b);
    int* row = m->B_colind + adr;
    for (int j = last; j >= 0; j = m->dof_parentid[j]) {
      row[fill[b]++] = j;
    }
    m->B_rowadr[b] = adr;
    m->B_rownnz[b] = fill[b] + sub[b] - m->body_dofnum[b];
    adr += m->B_rownnz[b];
  }

  // dofs of body c belong to the rows of all its strict ancestors
  for (int c = 1; c < nbody; c++) {
    for (int p = m->body_parentid[c]; p >= 0; p = p > 0 ? m->body_parentid[p] : -1) {
      for (int k = 0; k < m->body_dofnum[c]; k++) {
        m->B_colind[m->B_rowadr[p] + fill[p]++] = m->body_dofadr[c] + k;
      }
    }
  }

  for (int b = 0; b < nbody; b++) {
    sortInts(m->B_colind + m->B_rowadr[b], m->B_rownnz[b]);
  }
  mju_free(fill);
  mju_free(sub);
}

}  // namespace

void mj_setSparse(mjModel* m) {
  if (!checkTrees(m->nv, m->dof_parentid, m->nbody, m->body_parentid)) {
    return;
  }
  mjtSize nM, nC, nD, nB;
  mj_sparseSizes(m->nv, m->dof_parentid, m->dof_simplenum, m->nbody, m->body_parentid,
                 m->body_dofnum, m->body_dofadr, &nM, &nC, &nD, &nB);
  if (nM != m->nM || nC != m->nC || nD != m->nD || nB != m->nB) {
    mjERROR(
        "model sizes (nM %lld, nC %lld, nD %lld, nB %lld) do not match the trees "
        "(%lld, %lld, %lld, %lld)",
        (long long)m->nM, (long long)m->nC, (long long)m->nD, (long long)m->nB, (long long)nM,
        (long long)nC, (long long)nD, (long long)nB);
    return;
  }
  if (m->nv > 0) {
    setM(m);
    setD(m);
  }
  if (m->nbody > 0) {
    setB(m);
  }
}

// ---------------------------------------------------------------------------------------------
// (b) constants at qpos0

// M^-1-weighted traces use solves restricted to one dof tree: the L'DL factor never couples
// dofs of different dof trees, and a tree's dofs are contiguous (depth-first numbering)

namespace {

// first dof of the dof tree containing dof k
int dofTreeStart(const mjModel* m, int k) {
  while (m->dof_parentid[k] >= 0) {
    k = m->dof_parentid[k];
  }
  return k;
}

// one past the last dof of the dof tree starting at root
int dofTreeEnd(const mjModel* m, int root) {
  int k = root + 1;
  while (k < m->nv && m->dof_parentid[k] >= 0) {
    k++;
  }
  return k;
}

// x <- M^-1 x for x supported on dofs [lo, hi) of one dof tree
void solveRange(const mjModel* m, const mjData* d, mjtNum* x, int lo, int hi) {
  const mjtNum* qLD = d->qLD;
  for (int k = hi - 1; k >= lo; k--) {
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    for (int p = adr; p < last; p++) {
      x[m->M_colind[p]] -= qLD[p] * x[k];
    }
  }
  for (int k = lo; k < hi; k++) {
    x[k] *= d->qLDiagInv[k];
  }
  for (int k = lo; k < hi; k++) {
    int adr = m->M_rowadr[k], last = adr + m->M_rownnz[k] - 1;
    for (int p = adr; p < last; p++) {
      x[k] -= qLD[p] * x[m->M_colind[p]];
    }
  }
}

// (M^-1)_kk
mjtNum invDiag(const mjModel* m, const mjData* d, mjtNum* x, int k) {
  int lo = dofTreeStart(m, k), hi = dofTreeEnd(m, lo);
  mju_zero(x + lo, hi - lo);
  x[k] = 1;
  solveRange(m, d, x, lo, hi);
  mjtNum res = x[k];
  mju_zero(x + lo, hi - lo);
  return res;
}

// dof_invweight0: (M^-1)_ii for hinge and slide, the mean over the three dofs for a ball, and the
// translational / rotational means for a free joint; 1/body_mass for the slides of slide-only
// simple bodies (body_simple == 2), as MuJoCo (armature ignored)
void dofInvweight(const mjModel* m, mjData* d, mjtNum* x) {
  for (int j = 0; j < m->njnt; j++) {
    int adr = m->jnt_dofadr[j], type = m->jnt_type[j], body = m->jnt_bodyid[j];
    if (m->body_simple[body] == 2) {
      mjtNum mass = m->body_mass[body];
      m->dof_invweight0[adr] = mass > mjMINVAL ? 1 / mass : 0;
      continue;
    }
    int ngroup = type == mjJNT_FREE ? 2 : 1;
    int size = (type == mjJNT_FREE || type == mjJNT_BALL) ? 3 : 1;
    for (int g = 0; g < ngroup; g++) {
      mjtNum sum = 0;
      for (int t = 0; t < size; t++) {
        sum += invDiag(m, d, x, adr + 3 * g + t);
      }
      for (int t = 0; t < size; t++) {
        m->dof_invweight0[adr + 3 * g + t] = sum / size;
      }
    }
  }
}

// body_invweight0 = (trace(Jp M^-1 Jp')/3, trace(Jr M^-1 Jr')/3) at the body's center of mass.
// MuJoCo gives slide-only simple bodies (body_simple == 2) the translational weight
// 1/body_mass (armature ignored) and no rotational weight.
void bodyInvweight(const mjModel* m, mjData* d, mjtNum* x) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* jac = mj_stackAllocNum(d, 6 * nv);

  mju_zero(m->body_invweight0, 2 * m->nbody);
  for (int b = 1; b < m->nbody; b++) {
    if (m->body_weldid[b] == 0) {
      continue;  // does not move
    }
    if (m->body_simple[b] == 2) {
      m->body_invweight0[2 * b] = m->body_mass[b] > mjMINVAL ? 1 / m->body_mass[b] : 0;
      continue;
    }
    mj_jacBodyCom(m, d, jac, jac + 3 * nv, b);

    // every row is supported on one dof tree: the chain of the body's last dof
    int k = b;
    while (k > 0 && m->body_dofnum[k] == 0) {
      k = m->body_parentid[k];
    }
    int lo = dofTreeStart(m, m->body_dofadr[k]), hi = dofTreeEnd(m, lo);

    mjtNum trace[2] = {0, 0};
    for (int r = 0; r < 6; r++) {
      mju_copy(x + lo, jac + r * nv + lo, hi - lo);
      solveRange(m, d, x, lo, hi);
      trace[r / 3] += mju_dot(jac + r * nv + lo, x + lo, hi - lo);
      mju_zero(x + lo, hi - lo);
    }
    m->body_invweight0[2 * b] = trace[0] / 3;
    m->body_invweight0[2 * b + 1] = trace[1] / 3;
  }
  mj_freeStack(d);
}

// qpos0 frames of cameras and lights, relative to their body origin and subtree com
// (cameras and lights with a target measure poscom0 from their target's subtree com, whatever
// their mode, as MuJoCo 3.8.0 does)
int comBody(int body, int target) {
  return target >= 0 ? target : body;
}

void camlightConst(mjModel* m, mjData* d) {
  for (int c = 0; c < m->ncam; c++) {
    int b = m->cam_bodyid[c];
    int bc = comBody(b, m->cam_targetbodyid[c]);
    mjtNum pos[3];
    mj_local2Global(d, pos, m->cam_mat0 + 9 * c, m->cam_pos + 3 * c, m->cam_quat + 4 * c, b,
                    mjSAMEFRAME_NONE);
    mju_sub3(m->cam_pos0 + 3 * c, pos, d->xpos + 3 * b);
    mju_sub3(m->cam_poscom0 + 3 * c, pos, d->subtree_com + 3 * bc);
  }
  for (int l = 0; l < m->nlight; l++) {
    int b = m->light_bodyid[l];
    int bc = comBody(b, m->light_targetbodyid[l]);
    mjtNum pos[3];
    mju_mulMatVec3(pos, d->xmat + 9 * b, m->light_pos + 3 * l);
    mju_addTo3(pos, d->xpos + 3 * b);
    mju_sub3(m->light_pos0 + 3 * l, pos, d->xpos + 3 * b);
    mju_sub3(m->light_poscom0 + 3 * l, pos, d->subtree_com + 3 * bc);
    mju_mulMatVec3(m->light_dir0 + 3 * l, d->xmat + 9 * b, m->light_dir + 3 * l);
  }
}

// Connect and weld constraints are satisfied at qpos0 (XMLreference "equality"): for body-based
// connects, eq_data[3:6] is body1's anchor expressed in body2's frame; for body-based welds
// without a relative pose (eq_data[6:10] == 0), eq_data[3:6] is body2's anchor in body1's frame
// and eq_data[6:10] the orientation of body2 relative to body1, q1^-1 q2.
void equalityConst(mjModel* m, mjData* d) {
  for (int e = 0; e < m->neq; e++) {
    int type = m->eq_type[e];
    if ((type != mjEQ_CONNECT && type != mjEQ_WELD) || m->eq_objtype[e] != mjOBJ_BODY) {
      continue;
    }
    mjtNum* data = m->eq_data + mjNEQDATA * e;
    int b1 = m->eq_obj1id[e], b2 = m->eq_obj2id[e];
    int from = type == mjEQ_CONNECT ? b1 : b2, to = type == mjEQ_CONNECT ? b2 : b1;
    if (type == mjEQ_WELD && !mju_isZero(data + 6, 4)) {
      continue;
    }

    // world anchor on `from`, expressed in the frame of `to`
    mjtNum pos[3], rel[3];
    mju_mulMatVec3(pos, d->xmat + 9 * from, data);
    mju_addTo3(pos, d->xpos + 3 * from);
    mju_sub3(rel, pos, d->xpos + 3 * to);
    mju_mulMatTVec3(data + 3, d->xmat + 9 * to, rel);

    if (type == mjEQ_WELD) {
      mjtNum qinv[4];
      mju_negQuat(qinv, d->xquat + 4 * b1);
      mju_mulQuat(data + 6, qinv, d->xquat + 4 * b2);
    }
  }
}

}  // namespace

void mj_setConst(mjModel* m, mjData* d) {
  int nv = m->nv, nbody = m->nbody;

  // the compiler's sleep policy of every tree (engine_sleep.h)
  mj_sleepPolicy(m);

  // subtree masses
  for (int b = 0; b < nbody; b++) {
    m->body_subtreemass[b] = m->body_mass[b];
  }
  for (int b = nbody - 1; b > 0; b--) {
    m->body_subtreemass[m->body_parentid[b]] += m->body_subtreemass[b];
  }

  // position stages at qpos0 (mocap bodies at their model pose)
  mju_copy(d->qpos, m->qpos0, m->nq);
  for (int b = 0; b < nbody; b++) {
    int id = m->body_mocapid[b];
    if (id >= 0) {
      mju_copy3(d->mocap_pos + 3 * id, m->body_pos + 3 * b);
      mju_copy4(d->mocap_quat + 4 * id, m->body_quat + 4 * b);
    }
  }
  // constants of every tree, also of those asleep in d (initialized asleep): while some tree
  // sleeps (mj_sleepAny) the stages skip the sleeping ones, so all count as awake until the end
  int ntree_awake = d->ntree_awake;
  d->ntree_awake = m->ntree;
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_flex(m, d);

  // diagonal inertia from the bodies and dof armature: MuJoCo leaves the tendon armature out of
  // dof_M0 (mj_crb reads dof_M0 back for simple bodies)
  mj_crbFromBodies(m, d);
  for (int i = 0; i < nv; i++) {
    m->dof_M0[i] = d->qM[m->dof_Madr[i]];
  }

  // full inertia, with the tendon armature J' a J (needs the tendon Jacobian), factored: the
  // inverse weights below and in mj_setConstTendon use it, and meaninertia is the mean of its
  // diagonal (both as in MuJoCo; testdata_model has tendon armature)
  mj_tendon(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  mjtNum sum = 0;
  for (int i = 0; i < nv; i++) {
    sum += d->qM[m->dof_Madr[i]];
  }
  if (nv > 0) {
    m->stat.meaninertia = sum / nv;
  }

  // inverse weights
  mj_markStack(d);
  mjtNum* x = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mju_zero(x, nv);
  dofInvweight(m, d, x);
  bodyInvweight(m, d, x);
  mj_freeStack(d);

  camlightConst(m, d);
  equalityConst(m, d);
  mj_camlight(m, d);

  // tendons and actuators: lengths, inverse weights, acc0 (engine_setconst_tendon.h)
  mj_setConstTendon(m, d);
  d->ntree_awake = ntree_awake;
}
