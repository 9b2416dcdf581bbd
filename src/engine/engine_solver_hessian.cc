// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The Newton solver's Hessian H = M + J' S J (computation_index.rst "Algorithms / Newton"),
// S = diag(D) over the rows in the quadratic state plus the dim x dim cone Hessians of elliptic
// contacts in the cone state.
//
// Block structure. M couples only the dofs of one kinematic tree, and a constraint row couples
// the trees its Jacobian touches, so H is block diagonal over the connected components of the
// graph "trees linked by rows" (the constraint islands). When the solver works on one island
// (mj_solverNewtonProblem with island >= 0) the island is the only component.
//
// Sparsity within a component. Number its dofs in increasing order (parents before children).
// M has nonzeros only between a dof and its ancestors, and the rows of one contact (a row group)
// couple the columns of their common pattern, a clique. H is factored as H = L' L with L lower
// triangular, eliminating the dofs from the last to the first (leaves first, as the L'DL factor
// of M is formed): eliminating dof k subtracts l_k l_k' from the rows and columns of the pattern
// of row k of L, which fills in exactly the pairs of that pattern. The pattern of row k is
// therefore (symbolic factorization over the elimination tree, parent(k) = the largest column of
// row k)
//   ancestors(k)  U  the columns below k of the groups whose largest column is k
//                 U  the patterns of the children of k in the elimination tree, without k,
// and for M alone (no rows across branches) it is just the ancestors: no fill-in. A group's clique
// needs only to be listed in the row of its largest column, since its other pairs are filled in
// when that column is eliminated. The pattern covers every row of the problem whatever its state,
// so a row entering or leaving the quadratic state is a rank-1 update (downdate) of L within the
// pattern: it changes only the rows of L on the path of the elimination tree from the row's
// largest column to the root.
//
// Storage. Each component keeps its factor in a dense nb x nb array, of which only the entries of
// the pattern are read and written: the assembly then needs no search for an entry's position.
// The outer products over a pattern are done as contiguous axpys over its runs of consecutive
// columns.

#include "engine/engine_solver_hessian.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <algorithm>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_io.h"
#include "engine/engine_util_blas.h"

namespace {

// patterns of at most this many columns are added entry by entry (addSym), longer ones run by
// run (addOuter)
const int kShortPattern = 16;

// ---------------------------------------------------------------------------------------------
// components

// one island: a single component holding all its dofs and rows (dof_comp and dof_local are
// indexed by global dof and set for the island's dofs only: nothing here is O(nv), as a scene
// of many islands solves each one separately)
void islandComponent(const mjModel* m, mjData* d, const mjPrimal* p, mjHessComps* cp) {
  int nb = p->nv, nefc = p->nefc;
  cp->ncomp = 1;
  cp->dof_comp = mj_stackAllocInt(d, m->nv);
  cp->dof_local = mj_stackAllocInt(d, m->nv);
  cp->comp_nv = mj_stackAllocInt(d, 1);
  cp->comp_dofadr = mj_stackAllocInt(d, 1);
  cp->comp_Hadr = mj_stackAllocInt(d, 1);
  cp->cdof = mj_stackAllocInt(d, mjMAX(nb, 1));
  cp->comp_nv[0] = nb;
  cp->comp_dofadr[0] = cp->comp_Hadr[0] = 0;
  for (int k = 0; k < nb; k++) {
    int i = p->dofmap[k];
    cp->dof_comp[i] = 0;
    cp->dof_local[i] = k;
    cp->cdof[k] = i;
  }
  cp->row_comp = mj_stackAllocInt(d, mjMAX(nefc, 1));
  cp->crow = mj_stackAllocInt(d, mjMAX(nefc, 1));
  cp->comp_rowadr = mj_stackAllocInt(d, 2);
  for (int r = 0; r < nefc; r++) {
    cp->row_comp[r] = 0;
    cp->crow[r] = r;
  }
  cp->comp_rowadr[0] = 0;
  cp->comp_rowadr[1] = nefc;
  cp->nH = nb * nb;
}

// whole problem: union-find over trees, each row joining the trees its Jacobian touches;
// components numbered in order of their first dof
void treeComponents(const mjModel* m, mjData* d, mjHessComps* cp) {
  int nv = m->nv, nefc = d->nefc, ntree = (int)m->ntree;
  int* parent = mj_stackAllocInt(d, mjMAX(ntree, 1));
  int* trees = mj_stackAllocInt(d, mjMAX(ntree, 1));
  int* rowtree = mj_stackAllocInt(d, mjMAX(nefc, 1));
  mj_joinRowTrees(m, d, parent, trees, rowtree);

  int* tree_comp = mj_stackAllocInt(d, mjMAX(ntree, 1));
  for (int t = 0; t < ntree; t++) {
    tree_comp[t] = -1;
  }
  cp->ncomp = 0;
  cp->dof_comp = mj_stackAllocInt(d, nv);
  cp->dof_local = mj_stackAllocInt(d, nv);
  for (int i = 0; i < nv; i++) {
    int r = mj_treeRoot(parent, m->dof_treeid[i]);
    if (tree_comp[r] < 0) {
      tree_comp[r] = cp->ncomp++;
    }
    cp->dof_comp[i] = tree_comp[r];
  }
  int nc = cp->ncomp;
  cp->comp_nv = mj_stackAllocInt(d, mjMAX(nc, 1));
  cp->comp_dofadr = mj_stackAllocInt(d, mjMAX(nc, 1));
  cp->comp_Hadr = mj_stackAllocInt(d, mjMAX(nc, 1));
  cp->cdof = mj_stackAllocInt(d, nv);
  for (int c = 0; c < nc; c++) {
    cp->comp_nv[c] = 0;
  }
  for (int i = 0; i < nv; i++) {
    cp->dof_local[i] = cp->comp_nv[cp->dof_comp[i]]++;
  }
  int adr = 0, hadr = 0;
  for (int c = 0; c < nc; c++) {
    cp->comp_dofadr[c] = adr;
    cp->comp_Hadr[c] = hadr;
    adr += cp->comp_nv[c];
    hadr += cp->comp_nv[c] * cp->comp_nv[c];
  }
  cp->nH = hadr;
  for (int i = 0; i < nv; i++) {
    int c = cp->dof_comp[i];
    cp->cdof[cp->comp_dofadr[c] + cp->dof_local[i]] = i;
  }

  // rows grouped by component (counting sort)
  cp->row_comp = mj_stackAllocInt(d, mjMAX(nefc, 1));
  for (int i = 0; i < nefc; i++) {
    int t = rowtree[i];
    cp->row_comp[i] = t < 0 ? -1 : tree_comp[mj_treeRoot(parent, t)];
  }
  cp->comp_rowadr = mj_stackAllocInt(d, nc + 1);
  cp->crow = mj_stackAllocInt(d, mjMAX(nefc, 1));
  for (int c = 0; c <= nc; c++) {
    cp->comp_rowadr[c] = 0;
  }
  for (int i = 0; i < nefc; i++) {
    if (cp->row_comp[i] >= 0) {
      cp->comp_rowadr[cp->row_comp[i] + 1]++;
    }
  }
  for (int c = 0; c < nc; c++) {
    cp->comp_rowadr[c + 1] += cp->comp_rowadr[c];
  }
  int* fill = mj_stackAllocInt(d, mjMAX(nc, 1));
  for (int c = 0; c < nc; c++) {
    fill[c] = cp->comp_rowadr[c];
  }
  for (int i = 0; i < nefc; i++) {
    if (cp->row_comp[i] >= 0) {
      cp->crow[fill[cp->row_comp[i]]++] = i;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// rows

// global row of local row i
inline int globalRow(const mjHessian* h, int i) {
  return h->p->efcmap ? h->p->efcmap[i] : i;
}

// values of local row i at the local columns idx[0 .. n) of component c
void rowValues(const mjModel* m, const mjData* d, const mjHessian* h, int c, int i, const int* idx,
               int n, mjtNum* val) {
  const int* dofs = h->cp.cdof + h->cp.comp_dofadr[c];
  if (mj_isSparse(m)) {
    // columns increasing in both lists (local order follows dof order): one merge
    int g = globalRow(h, i);
    int adr = d->efc_J_rowadr[g], nnz = d->efc_J_rownnz[g], q = 0;
    const int* colind = d->efc_J_colind + adr;
    for (int k = 0; k < n; k++) {
      int col = dofs[idx[k]];
      while (q < nnz && colind[q] < col) {
        q++;
      }
      val[k] = (q < nnz && colind[q] == col) ? d->efc_J[adr + q] : 0;
    }
  } else if (h->p->island >= 0) {
    // the island's own dense block (iefc_J), in local columns
    const mjtNum* row = d->iefc_J + h->p->Jadr + (size_t)i * h->p->nv;
    for (int k = 0; k < n; k++) {
      val[k] = row[idx[k]];
    }
  } else {
    const mjtNum* row = d->efc_J + (size_t)i * m->nv;
    for (int k = 0; k < n; k++) {
      val[k] = row[dofs[idx[k]]];
    }
  }
}

// sparse Jacobian: appends the local columns of local row i in component c that are not marked
// yet (mark[k] != stamp) to list; returns the new length. *sorted is cleared when an appended
// column is smaller than the one before it, *allin when a stored column is outside the
// component. The columns are the stored ones (a stored zero only adds zeros to H). The fields
// read in the loop are copied to locals first: the stores to mark and list could otherwise
// alias them and force a reload per column.
int rowColumnsSparse(const mjData* d, const mjHessian* h, int c, int i, int* mark, int stamp,
                     int* list, int n, int* sorted, int* allin) {
  int g = globalRow(h, i), nnz = d->efc_J_rownnz[g], island = h->p->island;
  const int* colind = d->efc_J_colind + d->efc_J_rowadr[g];
  // dof col is in the component when comp[col] == target (the island, for an island's problem)
  const int* comp = island >= 0 ? d->dof_island : h->cp.dof_comp;
  const int* local = h->cp.dof_local;
  int target = island >= 0 ? island : c, srt = *sorted, in = *allin;
  int prev = n ? list[n - 1] : -1;
  for (int q = 0; q < nnz; q++) {
    int col = colind[q];
    if (comp[col] != target) {
      in = 0;
    } else {
      int k = local[col];
      if (mark[k] != stamp) {
        mark[k] = stamp;
        srt &= prev < k;
        prev = k;
        list[n++] = k;
      }
    }
  }
  *sorted = srt;
  *allin = in;
  return n;
}

// do local rows i and j have the same stored columns?
int sameColumns(const mjData* d, const mjHessian* h, int i, int j) {
  int gi = globalRow(h, i), gj = globalRow(h, j), n = d->efc_J_rownnz[gi];
  return n == d->efc_J_rownnz[gj] &&
         !memcmp(d->efc_J_colind + d->efc_J_rowadr[gi], d->efc_J_colind + d->efc_J_rowadr[gj],
                 sizeof(int) * n);
}

// bits of the nonzeros of row[0 .. n), or-ed into the words of mask (bit k % 64 of word k / 64)
void nonzeroBits(const mjtNum* row, int n, uint64_t* mask) {
  int k = 0;
#if defined(MOTUS_SSE2)
  __m128d zero = _mm_setzero_pd();
  for (; k + 2 <= n; k += 2) {  // k even: both bits fall in one word
    uint64_t b = (uint64_t)_mm_movemask_pd(_mm_cmpneq_pd(_mm_loadu_pd(row + k), zero));
    mask[k >> 6] |= b << (k & 63);
  }
#endif
  for (; k < n; k++) {
    mask[k >> 6] |= (uint64_t)(row[k] != 0) << (k & 63);
  }
}

// dense Jacobian: the nonzero columns of the rows of group g, increasing, found as bit masks
// without data-dependent branches (the pattern of a row is not predictable); mask: nb / 64 + 1
// words of workspace
int groupColumnsDense(const mjModel* m, const mjData* d, const mjHessian* h, int c, int g,
                      uint64_t* mask, int* list) {
  int nb = h->cp.comp_nv[c], nword = nb / 64 + 1;
  const int* dofs = h->cp.cdof + h->cp.comp_dofadr[c];
  for (int w = 0; w < nword; w++) {
    mask[w] = 0;
  }
  for (int q = h->grp_rowadr[g]; q < h->grp_rowadr[g] + h->grp_nrow[g]; q++) {
    int i = h->cp.crow[q];
    if (h->p->island >= 0) {
      nonzeroBits(d->iefc_J + h->p->Jadr + (size_t)i * h->p->nv, nb, mask);
    } else {
      const mjtNum* row = d->efc_J + (size_t)i * m->nv;
      for (int k = 0; k < nb; k++) {
        mask[k >> 6] |= (uint64_t)(row[dofs[k]] != 0) << (k & 63);
      }
    }
  }
  int n = 0;
  for (int w = 0; w < nword; w++) {
    for (uint64_t b = mask[w]; b; b &= b - 1) {
      list[n++] = 64 * w + __builtin_ctzll(b);
    }
  }
  return n;
}

// run[q]: last position of the run of consecutive indices that contains position q. Only
// addOuter reads the runs: rowGroups and symbolicComponent form them for the patterns it gets
// (longer than kShortPattern, and those of elliptic contacts); the entries of the other
// patterns are left unset.
void patternRuns(const int* idx, int n, int* run) {
  for (int q = n - 1; q >= 0; q--) {
    run[q] = (q + 1 < n && idx[q + 1] == idx[q] + 1) ? run[q + 1] : q;
  }
}

// number of entries of crow from k on that are rows of the same contact as crow[k] (rows
// without nonzeros belong to no component, so a contact can have fewer than its row count)
int contactRun(const mjHessian* h, int k, int kend) {
  const int *id = h->p->efc_id, *type = h->p->efc_type;
  int i = h->cp.crow[k], g = 1;
  if (type[i] != mjCNSTR_CONTACT_PYRAMIDAL && type[i] != mjCNSTR_CONTACT_ELLIPTIC) {
    return 1;
  }
  while (k + g < kend && id[h->cp.crow[k + g]] == id[i] && type[h->cp.crow[k + g]] == type[i]) {
    g++;
  }
  return g;
}

// row groups of every component and their patterns
void rowGroups(const mjModel* m, mjData* d, mjHessian* h, int* mark) {
  const mjPrimal* p = h->p;
  int nc = h->cp.ncomp, nefc = p->nefc, sparse = mj_isSparse(m);
  h->comp_grpadr = mj_stackAllocInt(d, nc + 1);
  h->grp_rowadr = mj_stackAllocInt(d, mjMAX(nefc, 1));
  h->grp_nrow = mj_stackAllocInt(d, mjMAX(nefc, 1));
  h->grp_patadr = mj_stackAllocInt(d, mjMAX(nefc, 1));
  h->grp_patnnz = mj_stackAllocInt(d, mjMAX(nefc, 1));
  h->grp_direct = mj_stackAllocInt(d, mjMAX(nefc, 1));
  h->row_grp = mj_stackAllocInt(d, mjMAX(nefc, 1));
  for (int i = 0; i < nefc; i++) {
    h->row_grp[i] = -1;
  }

  // the groups, and a bound on the size of their patterns
  int ngrp = 0;
  size_t bound = 0;
  for (int c = 0; c < nc; c++) {
    h->comp_grpadr[c] = ngrp;
    int kend = h->cp.comp_rowadr[c + 1];
    for (int k = h->cp.comp_rowadr[c]; k < kend;) {
      int run = contactRun(h, k, kend);
      h->grp_rowadr[ngrp] = k;
      h->grp_nrow[ngrp] = run;
      size_t nnz = 0;
      for (int q = k; q < k + run; q++) {
        h->row_grp[h->cp.crow[q]] = ngrp;
        nnz += sparse ? d->efc_J_rownnz[globalRow(h, h->cp.crow[q])] : 0;
      }
      bound += sparse ? mjMIN(nnz, (size_t)h->cp.comp_nv[c]) : (size_t)h->cp.comp_nv[c];
      ngrp++;
      k += run;
    }
  }
  h->comp_grpadr[nc] = ngrp;
  h->ngrp = ngrp;
  h->grp_pat = mj_stackAllocInt(d, mjMAX(bound, 1));
  h->grp_run = mj_stackAllocInt(d, mjMAX(bound, 1));

  // patterns: union of the nonzero columns of the group's rows
  uint64_t* mask = (uint64_t*)mj_stackAllocByte(d, sizeof(uint64_t) * (p->nv / 64 + 1), 8);
  for (int i = 0; i < p->nv; i++) {
    mark[i] = -1;
  }
  int adr = 0;
  for (int c = 0; c < nc; c++) {
    for (int g = h->comp_grpadr[c]; g < h->comp_grpadr[c + 1]; g++) {
      int* list = h->grp_pat + adr;
      int n = 0, sorted = 1, allin = 1;
      if (sparse) {
        int q0 = h->grp_rowadr[g];
        for (int q = q0; q < q0 + h->grp_nrow[g]; q++) {
          if (q == q0 || !sameColumns(d, h, h->cp.crow[q0], h->cp.crow[q])) {
            n = rowColumnsSparse(d, h, c, h->cp.crow[q], mark, g, list, n, &sorted, &allin);
          }
        }
        if (!sorted) {  // rows of one contact rarely differ in their columns
          std::sort(list, list + n);
        }
        // rows whose stored columns all lie in the component and number n each store exactly
        // the (sorted) pattern: their stored values are read in place
        for (int q = q0; q < q0 + h->grp_nrow[g] && allin; q++) {
          allin = d->efc_J_rownnz[globalRow(h, h->cp.crow[q])] == n;
        }
        h->grp_direct[g] = allin;
      } else {
        n = groupColumnsDense(m, d, h, c, g, mask, list);
        h->grp_direct[g] = 0;
      }
      // runs for addOuter: long patterns and the cone Hessians of elliptic contacts
      if (n > kShortPattern ||
          p->efc_type[h->cp.crow[h->grp_rowadr[g]]] == mjCNSTR_CONTACT_ELLIPTIC) {
        patternRuns(list, n, h->grp_run + adr);
      }
      h->grp_patadr[g] = adr;
      h->grp_patnnz[g] = n;
      adr += n;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// symbolic factorization

// pattern of every row of L of component c, from the last row to the first (see the top of the
// file); *adr: next free entry of L_col
void symbolicComponent(const mjModel* m, mjHessian* h, int c, int* mark, int* head, int* next,
                       int* gmax, int* gnext, int* adr) {
  int nb = h->cp.comp_nv[c], a0 = h->cp.comp_dofadr[c];
  const int* dofs = h->cp.cdof + a0;
  for (int k = 0; k < nb; k++) {
    mark[k] = -1;
    head[k] = -1;
    gmax[k] = -1;
  }
  // groups listed at their largest column
  for (int g = h->comp_grpadr[c]; g < h->comp_grpadr[c + 1]; g++) {
    int n = h->grp_patnnz[g];
    if (n > 1) {
      int top = h->grp_pat[h->grp_patadr[g] + n - 1];
      gnext[g] = gmax[top];
      gmax[top] = g;
    }
  }
  for (int k = nb - 1; k >= 0; k--) {
    // the ancestors (the columns of row k of M before its diagonal, increasing), then the other
    // columns in any order: sorted only when there are some (fill-in or rows across branches)
    int* list = h->L_col + *adr;
    int i = dofs[k], nanc = m->M_rownnz[i] - 1, n = 0;
    for (int q = 0; q < nanc; q++) {
      int l = h->cp.dof_local[m->M_colind[m->M_rowadr[i] + q]];
      mark[l] = k;
      list[n++] = l;
    }
    for (int g = gmax[k]; g >= 0; g = gnext[g]) {
      const int* pat = h->grp_pat + h->grp_patadr[g];
      int ng = h->grp_patnnz[g] - 1;
      for (int q = 0; q < ng; q++) {
        if (mark[pat[q]] != k) {
          mark[pat[q]] = k;
          list[n++] = pat[q];
        }
      }
    }
    for (int ch = head[k]; ch >= 0; ch = next[ch]) {
      const int* pat = h->L_col + h->L_rowadr[a0 + ch];
      int nch = h->L_rownnz[a0 + ch] - 1;  // the last one is k
      for (int q = 0; q < nch; q++) {
        if (mark[pat[q]] != k) {
          mark[pat[q]] = k;
          list[n++] = pat[q];
        }
      }
    }
    if (n > nanc) {
      std::sort(list, list + n);
    }
    if (n > kShortPattern) {
      patternRuns(list, n, h->L_run + *adr);  // for addOuter (addSym)
    }
    h->L_rowadr[a0 + k] = *adr;
    h->L_rownnz[a0 + k] = n;
    int par = n ? list[n - 1] : -1;
    h->L_parent[a0 + k] = par;
    if (par >= 0) {
      next[k] = head[par];
      head[par] = k;
    }
    *adr += n;
  }
}

void symbolic(const mjModel* m, mjData* d, mjHessian* h) {
  int nv = h->p->nv;
  size_t bound = 0;
  for (int c = 0; c < h->cp.ncomp; c++) {
    size_t nb = h->cp.comp_nv[c];
    bound += nb * (nb - 1) / 2;
  }
  h->L_rowadr = mj_stackAllocInt(d, nv);
  h->L_rownnz = mj_stackAllocInt(d, nv);
  h->L_parent = mj_stackAllocInt(d, nv);
  h->L_col = mj_stackAllocInt(d, mjMAX(bound, 1));
  h->L_run = mj_stackAllocInt(d, mjMAX(bound, 1));
  mj_markStack(d);
  int* mark = mj_stackAllocInt(d, nv);
  int* head = mj_stackAllocInt(d, nv);
  int* next = mj_stackAllocInt(d, nv);
  int* gmax = mj_stackAllocInt(d, nv);
  int* gnext = mj_stackAllocInt(d, mjMAX(h->ngrp, 1));
  int adr = 0;
  for (int c = 0; c < h->cp.ncomp; c++) {
    symbolicComponent(m, h, c, mark, head, next, gmax, gnext, &adr);
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// numeric factorization

// H += w x y' over the pattern idx (runs: patternRuns), lower triangle only (row >= column):
// H_idx[a],idx[b] += w x[a] y[b] for b <= a, each run of consecutive columns as one axpy. Rows
// with x[a] = 0 would add only zeros and are skipped.
void addOuter(mjtNum* H, int nb, const int* idx, const int* run, const mjtNum* x, const mjtNum* y,
              int n, mjtNum w) {
  for (int a = 0; a < n; a++) {
    if (x[a] == 0) {
      continue;
    }
    mjtNum* row = H + idx[a] * nb;
    mjtNum wa = w * x[a];
    for (int b = 0; b <= a;) {
      int e = run[b] < a ? run[b] : a;
      mji_addToScl(row + idx[b], y + b, wa, e - b + 1);
      b = e + 1;
    }
  }
}

// H += w v v' over the pattern idx (runs: patternRuns), lower triangle only. Short patterns (up
// to kShortPattern columns) entry by entry (the runs of contact rows and of most factor rows are
// one to three columns long, where the run bookkeeping costs more than it saves), long ones by
// addOuter; both add (w v[a]) v[b] to each entry, the same arithmetic.
void addSym(mjtNum* H, int nb, const int* idx, const int* run, const mjtNum* v, int n, mjtNum w) {
  if (n > kShortPattern) {
    addOuter(H, nb, idx, run, v, v, n, w);
    return;
  }
  for (int a = 0; a < n; a++) {
    if (v[a] == 0) {
      continue;
    }
    mjtNum* hrow = H + idx[a] * nb;
    mjtNum wa = w * v[a];
    for (int b = 0; b <= a; b++) {
      hrow[idx[b]] += v[b] * wa;
    }
  }
}

// values of local row i (of group g, component c) on the group's pattern: the stored values in
// place when the group is direct, else gathered into buf
const mjtNum* groupRow(const mjModel* m, const mjData* d, const mjHessian* h, int c, int g, int i,
                       mjtNum* buf) {
  if (h->grp_direct[g]) {
    return d->efc_J + d->efc_J_rowadr[globalRow(h, i)];
  }
  rowValues(m, d, h, c, i, h->grp_pat + h->grp_patadr[g], h->grp_patnnz[g], buf);
  return buf;
}

// H_c += J_g' S_g J_g for row group g of component c
void addGroup(const mjModel* m, const mjData* d, mjHessian* h, int c, int g, mjtNum* H) {
  const mjPrimal* p = h->p;
  int nb = h->cp.comp_nv[c], n = h->grp_patnnz[g];
  const int* idx = h->grp_pat + h->grp_patadr[g];
  const int* run = h->grp_run + h->grp_patadr[g];
  const int* rows = h->cp.crow + h->grp_rowadr[g];
  int nrow = h->grp_nrow[g];
  mjtNum* val = h->val;
  if (p->efc_type[rows[0]] == mjCNSTR_CONTACT_ELLIPTIC &&
      p->efc_state[rows[0]] == mjCNSTRSTATE_CONE) {
    // cone Hessian of the contact, indexed by the rows' positions within the contact (the
    // component may hold only some of them: rows without nonzeros are in no component)
    const mjContact* con = d->contact + p->efc_id[rows[0]];
    int dim = con->dim, pos[6];
    for (int r = 0; r < nrow; r++) {
      rowValues(m, d, h, c, rows[r], idx, n, val + r * nb);
      pos[r] = globalRow(h, rows[r]) - con->efc_address;
    }
    for (int a = 0; a < nrow; a++) {
      for (int b = 0; b < nrow; b++) {
        addOuter(H, nb, idx, run, val + a * nb, val + b * nb, n, con->H[pos[a] * dim + pos[b]]);
      }
    }
    return;
  }
  // the quadratic rows: H += D_r v_r v_r', row after row (each entry receives the rows' terms
  // in row order)
  for (int r = 0; r < nrow; r++) {
    if (p->efc_state[rows[r]] == mjCNSTRSTATE_QUADRATIC) {
      addSym(H, nb, idx, run, groupRow(m, d, h, c, g, rows[r], val), n, p->efc_D[rows[r]]);
    }
  }
}

// assemble M_c + J_c' S J_c on the pattern of component c and factor it: H = L' L, eliminating
// from the last dof to the first; a pivot below mjMINVAL is replaced by mjMINVAL (as
// mju_cholFactor does). Returns the number of such pivots.
int factorComponent(const mjModel* m, mjData* d, mjHessian* h, int c) {
  int nb = h->cp.comp_nv[c], a0 = h->cp.comp_dofadr[c];
  mjtNum* H = h->H + h->cp.comp_Hadr[c];
  const int* dofs = h->cp.cdof + a0;
  for (int k = 0; k < nb; k++) {
    mjtNum* row = H + k * nb;
    const int* col = h->L_col + h->L_rowadr[a0 + k];
    row[k] = 0;
    for (int q = 0; q < h->L_rownnz[a0 + k]; q++) {
      row[col[q]] = 0;
    }
  }

  // mass matrix (qM: diagonal, then the ancestors of each dof)
  for (int k = 0; k < nb; k++) {
    int i = dofs[k], adr = m->dof_Madr[i];
    H[k * (nb + 1)] += d->qM[adr++];
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j], adr++) {
      H[k * nb + h->cp.dof_local[j]] += d->qM[adr];
    }
  }

  // constraint rows, group by group
  for (int g = h->comp_grpadr[c]; g < h->comp_grpadr[c + 1]; g++) {
    addGroup(m, d, h, c, g, H);
  }

  // factorization
  int nbad = 0;
  mjtNum* v = h->work;
  for (int k = nb - 1; k >= 0; k--) {
    mjtNum* row = H + k * nb;
    mjtNum dk = row[k];
    if (dk < mjMINVAL || !(dk > 0)) {
      dk = mjMINVAL;
      nbad++;
    }
    mjtNum lkk = sqrt(dk);
    mjtNum inv = 1 / lkk;
    row[k] = lkk;
    int n = h->L_rownnz[a0 + k];
    const int* col = h->L_col + h->L_rowadr[a0 + k];
    for (int q = 0; q < n; q++) {
      v[q] = row[col[q]] * inv;
      row[col[q]] = v[q];
    }
    addSym(H, nb, col, h->L_run + h->L_rowadr[a0 + k], v, n, -1);
  }
  return nbad;
}

// x = H_c^-1 x in the local numbering of component c: L' y = x (last row first), L x = y
void solveComponent(const mjHessian* h, int c, mjtNum* x) {
  int nb = h->cp.comp_nv[c], a0 = h->cp.comp_dofadr[c];
  const mjtNum* H = h->H + h->cp.comp_Hadr[c];
  for (int k = nb - 1; k >= 0; k--) {
    const mjtNum* row = H + k * nb;
    mjtNum xk = x[k] / row[k];
    x[k] = xk;
    if (xk != 0) {
      const int* col = h->L_col + h->L_rowadr[a0 + k];
      for (int q = 0; q < h->L_rownnz[a0 + k]; q++) {
        x[col[q]] -= row[col[q]] * xk;
      }
    }
  }
  for (int k = 0; k < nb; k++) {
    const mjtNum* row = H + k * nb;
    const int* col = h->L_col + h->L_rowadr[a0 + k];
    mjtNum s = 0;
    for (int q = 0; q < h->L_rownnz[a0 + k]; q++) {
      s += row[col[q]] * x[col[q]];
    }
    x[k] = (x[k] - s) / row[k];
  }
}

// L' L +/- x x' for x nonzero only on a group's pattern whose largest column is top: one
// rotation per row of L on the elimination-tree path from top to the root (the rows of L whose
// pattern x can reach):
//   r = sqrt(L_kk^2 +/- x_k^2), c = r / L_kk, s = x_k / L_kk, L_kk <- r,
//   L_kj <- (L_kj +/- s x_j) / c,  x_j <- c x_j - s L_kj   (j in the pattern of row k).
// A downdate that would make r^2 smaller than mjMINVAL uses mjMINVAL; returns 0 then, else 1.
int updateComponent(mjHessian* h, int c, mjtNum* x, int top, int flg_plus) {
  int nb = h->cp.comp_nv[c], a0 = h->cp.comp_dofadr[c], ok = 1;
  mjtNum* H = h->H + h->cp.comp_Hadr[c];
  mjtNum sgn = flg_plus ? 1 : -1;
  for (int k = top; k >= 0; k = h->L_parent[a0 + k]) {
    mjtNum* row = H + k * nb;
    mjtNum lkk = row[k], xk = x[k];
    if (xk == 0) {
      continue;
    }
    mjtNum r2 = lkk * lkk + sgn * xk * xk;
    if (!(r2 >= mjMINVAL)) {
      r2 = mjMINVAL;
      ok = 0;
    }
    mjtNum r = sqrt(r2);
    mjtNum cs = r / lkk, sn = xk / lkk;
    row[k] = r;
    const int* col = h->L_col + h->L_rowadr[a0 + k];
    for (int q = 0; q < h->L_rownnz[a0 + k]; q++) {
      int j = col[q];
      mjtNum l = (row[j] + sgn * sn * x[j]) / cs;
      row[j] = l;
      x[j] = cs * x[j] - sn * l;
    }
  }
  return ok;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// entry points

void mj_hessianComponents(const mjModel* m, mjData* d, const mjPrimal* p, mjHessComps* cp) {
  if (p->island >= 0) {
    islandComponent(m, d, p, cp);
  } else {
    treeComponents(m, d, cp);
  }
}

void mj_hessianInit(const mjModel* m, mjData* d, mjHessian* h, const mjPrimal* p) {
  int nv = mjMAX(p->nv, 1);  // workspace sizes: the problem's dofs
  h->p = p;
  mj_hessianComponents(m, d, p, &h->cp);
  h->dirty = mj_stackAllocInt(d, mjMAX(h->cp.ncomp, 1));
  h->H = mj_stackAllocNum(d, mjMAX(h->cp.nH, 1));
  h->work = mj_stackAllocNum(d, nv);
  h->work2 = mj_stackAllocNum(d, nv);
  h->val = mj_stackAllocNum(d, 10 * (size_t)nv);
  rowGroups(m, d, h, mj_stackAllocInt(d, nv));  // (the marks stay: the frame holds the groups)
  symbolic(m, d, h);
}

void mj_hessianDirty(mjData* d, const mjPrimal* p, const mjHessComps* cp, const int* old,
                     int* dirty) {
  mj_markStack(d);
  int* nchange = mj_stackAllocInt(d, mjMAX(cp->ncomp, 1));
  for (int c = 0; c < cp->ncomp; c++) {
    dirty[c] = 0;
    nchange[c] = 0;
  }
  for (int i = 0; i < p->nefc; i++) {
    int c = cp->row_comp[i];
    if (c < 0) {
      continue;
    }
    if (p->efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      int s = p->efc_state[i], so = old[i];
      if (s == mjCNSTRSTATE_CONE || s != so) {
        dirty[c] = 1;
      }
    } else if ((p->efc_state[i] == mjCNSTRSTATE_QUADRATIC) != (old[i] == mjCNSTRSTATE_QUADRATIC)) {
      nchange[c]++;
    }
  }
  for (int c = 0; c < cp->ncomp; c++) {
    // a rank-1 update costs about as much as one elimination step per row of the tree path, a
    // refactorization all of them plus the assembly
    if (nchange[c] * 6 > cp->comp_nv[c] + 6) {
      dirty[c] = 1;
    }
  }
  mj_freeStack(d);
}

int mj_hessianFactor(const mjModel* m, mjData* d, mjHessian* h, int only_dirty) {
  int n = 0;
  for (int c = 0; c < h->cp.ncomp; c++) {
    if (!only_dirty || h->dirty[c]) {
      factorComponent(m, d, h, c);
      n += h->cp.comp_nv[c];
    }
    h->dirty[c] = 0;
  }
  return n;
}

void mj_hessianSolve(mjHessian* h, mjtNum* res, const mjtNum* vec) {
  if (h->p->island >= 0) {  // local vectors, one component
    if (res != vec) {
      mju_copy(res, vec, h->cp.comp_nv[0]);
    }
    solveComponent(h, 0, res);
    return;
  }
  for (int c = 0; c < h->cp.ncomp; c++) {
    int nb = h->cp.comp_nv[c];
    const int* dofs = h->cp.cdof + h->cp.comp_dofadr[c];
    mjtNum* x = h->work2;
    for (int k = 0; k < nb; k++) {
      x[k] = vec[dofs[k]];
    }
    solveComponent(h, c, x);
    for (int k = 0; k < nb; k++) {
      res[dofs[k]] = x[k];
    }
  }
}

// Rows of non-elliptic type entering (leaving) the quadratic state add (remove) D_i j_i j_i' by a
// rank-1 update (downdate) of the factor; components with elliptic contacts in or around the
// cone state, many changes, or a failed downdate are refactorized.
int mj_hessianUpdate(const mjModel* m, mjData* d, mjHessian* h, const int* old) {
  const mjPrimal* p = h->p;
  int nefc = p->nefc, nupdate = 0;
  mj_markStack(d);
  mj_hessianDirty(d, p, &h->cp, old, h->dirty);

  // pass 2: rank-1 updates in clean components
  for (int i = 0; i < nefc; i++) {
    int c = h->cp.row_comp[i];
    if (c < 0 || h->dirty[c] || p->efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      continue;
    }
    int now = p->efc_state[i] == mjCNSTRSTATE_QUADRATIC;
    int was = old[i] == mjCNSTRSTATE_QUADRATIC;
    if (now == was) {
      continue;
    }
    int g = h->row_grp[i], n = h->grp_patnnz[g];
    nupdate++;
    if (n == 0) {
      continue;
    }
    const int* idx = h->grp_pat + h->grp_patadr[g];
    mjtNum* x = h->work;
    mju_zero(x, h->cp.comp_nv[c]);
    const mjtNum* val = groupRow(m, d, h, c, g, i, h->val);
    mjtNum w = sqrt(p->efc_D[i]);
    for (int k = 0; k < n; k++) {
      x[idx[k]] = w * val[k];
    }
    if (!updateComponent(h, c, x, idx[n - 1], now)) {
      h->dirty[c] = 1;  // lost definiteness numerically: rebuild from scratch
    }
  }
  mj_freeStack(d);
  nupdate += mj_hessianFactor(m, d, h, 1);
  return nupdate;
}
