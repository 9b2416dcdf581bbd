// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Text dump of mjData (mj_printData, mj_printFormattedData) in MuJoCo 3.8's layout
// (APIreference_functions.rst "Printing"), so that files printed by Motus and by MuJoCo can be
// compared line by line:
//   - MEMORY (mjData struct, buffer and arena in KB, arena use); SIZES (the size scalars);
//     SOLVER STAT (per island: iterations, nonzeros and the statistics of each iteration) when
//     there are constraints; ENERGY and TIME;
//   - the arrays in the order the pipeline fills them, each as an upper-case title and one line
//     per row (reals in the float format, each after a space), skipping empty arrays;
//   - sparse matrices (tendon and actuator moments, M, its factor, the constraint Jacobian in
//     sparse mode) as rows of "column: value", with drawings of their patterns; qM as a lower
//     triangle with blanks outside its pattern; the contacts one block each; the island maps
//     on one line each, "|" between islands.
// Matrices of size nv x nv are printed for up to kMaxDense dofs only.

#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/engine_io_print.h"
#include "engine/engine_util_errmem.h"

namespace {

// dense nv x nv matrices and their drawings are printed up to this many dofs
constexpr int kMaxDense = 300;

struct Out {
  FILE* fp;
  const char* format;

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
  void real(double x) const { fprintf(fp, format, x); }
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

  // title, one line per row (" " then " value" per column), blank line; nothing when empty
  void dense(const char* title, const mjtNum* x, int nr, int nc) const {
    if (nr <= 0 || nc <= 0 || !x) {
      return;
    }
    fprintf(fp, "%s\n", title);
    for (int r = 0; r < nr; r++) {
      fputc(' ', fp);
      for (int c = 0; c < nc; c++) {
        fputc(' ', fp);
        real(x[r * nc + c]);
      }
      fputc('\n', fp);
    }
    fputc('\n', fp);
  }

  // integers one per line
  void column(const char* title, const int* x, int n) const {
    if (n <= 0 || !x) {
      return;
    }
    fprintf(fp, "%s\n", title);
    for (int i = 0; i < n; i++) {
      fprintf(fp, "  %d\n", x[i]);
    }
    fputc('\n', fp);
  }

  // integers on the line under the title
  void row(const char* title, const int* x, int n) const {
    if (n <= 0 || !x) {
      return;
    }
    fprintf(fp, "%s\n ", title);
    for (int i = 0; i < n; i++) {
      fprintf(fp, " %d", x[i]);
    }
    fprintf(fp, "\n\n");
  }

  // integers on the title's line, "|" before each index in `breaks` (ascending, nbreak of them)
  template <typename T>
  void line(const char* title, const T* x, int n, const int* breaks = nullptr,
            int nbreak = 0) const {
    if (n <= 0 || !x) {
      return;
    }
    fprintf(fp, "%-22s", title);
    int b = 0;
    for (int i = 0; i < n; i++) {
      while (b < nbreak && breaks[b] <= 0) {
        b++;
      }
      if (b < nbreak && breaks[b] == i) {
        fprintf(fp, "| ");
        b++;
      }
      fprintf(fp, "%d%s", static_cast<int>(x[i]), i + 1 < n ? " " : "");
    }
    fprintf(fp, "\n\n");
  }

  // rows of "column: value" of a compressed sparse matrix
  void sparse(const char* title, const mjtNum* x, int nr, const int* rownnz, const int* rowadr,
              const int* colind) const {
    if (nr <= 0 || !x) {
      return;
    }
    fprintf(fp, "%s\n", title);
    for (int r = 0; r < nr; r++) {
      fprintf(fp, "  ");
      for (int k = 0; k < rownnz[r]; k++) {
        fprintf(fp, "  %2d: ", colind[rowadr[r] + k]);
        real(x[rowadr[r] + k]);
      }
      fputc('\n', fp);
    }
    fputc('\n', fp);
  }

  void dashes(int n) const {
    for (int i = 0; i < n + 2; i++) {
      fputc('-', fp);
    }
    fputc('\n', fp);
  }

  // drawing of a sparsity pattern: 'x' (or the digit of mark[row]) at each nonzero, nc columns,
  // column indices shifted by offset[row] when given; a positive super[row] (the number of
  // following rows with the same columns) after the row
  void pattern(const char* title, int nr, int nc, const int* rownnz, const int* rowadr,
               const int* colind, const int* mark = nullptr, const int* offset = nullptr,
               const int* super = nullptr) const {
    if (nr <= 0 || nc <= 0) {
      return;
    }
    fprintf(fp, "%s\n", title);
    dashes(nc);
    char* text = static_cast<char*>(mju_malloc(nc + 1));
    for (int r = 0; r < nr; r++) {
      memset(text, ' ', nc);
      text[nc] = 0;
      for (int k = 0; k < rownnz[r]; k++) {
        int c = colind[rowadr[r] + k] + (offset ? offset[r] : 0);
        if (c >= 0 && c < nc) {
          text[c] = mark ? static_cast<char>('0' + mark[r] % 10) : 'x';
        }
      }
      fprintf(fp, " %s |", text);
      if (super && super[r] > 0) {
        fprintf(fp, " %d", super[r]);
      }
      fputc('\n', fp);
    }
    mju_free(text);
    dashes(nc);
    fputc('\n', fp);
  }
};

// bytes in KB, rounded to the nearest
int kilobytes(size_t bytes) {
  return static_cast<int>((bytes + 512) / 1024);
}

void printMemory(const Out& o, const mjData* d) {
  size_t total = sizeof(mjData) + d->nbuffer + d->narena;
  fprintf(o.fp, "MEMORY\n");
  fprintf(o.fp, "  %-10s%11d KB\n", "total", kilobytes(total));
  fprintf(o.fp, "  %-10s%11d KB\n", "struct", kilobytes(sizeof(mjData)));
  fprintf(o.fp, "  %-10s%11d KB\n", "buffer", kilobytes(d->nbuffer));
  fprintf(o.fp, "  %-10s%11d KB, used %.1f%%\n\n", "arena", kilobytes(d->narena),
          d->narena ? 100.0 * static_cast<double>(d->maxuse_arena) / d->narena : 0.0);
}

void printSizes(const Out& o, const mjData* d) {
  fprintf(o.fp, "SIZES\n");
#define SIZE(name) fprintf(o.fp, "  %-22s%lld\n", #name, static_cast<long long>(d->name));
  SIZE(narena)
  SIZE(nbuffer)
  SIZE(nplugin)
  SIZE(maxuse_stack)
  SIZE(maxuse_arena)
  SIZE(maxuse_con)
  SIZE(maxuse_efc)
  SIZE(ncon)
  SIZE(ne)
  SIZE(nf)
  SIZE(nl)
  SIZE(nefc)
  SIZE(nJ)
  SIZE(nA)
  SIZE(nisland)
  SIZE(nidof)
  SIZE(ntree_awake)
  SIZE(nbody_awake)
  SIZE(nparent_awake)
  SIZE(nv_awake)
  SIZE(flg_energypos)
  SIZE(flg_energyvel)
  SIZE(flg_subtreevel)
  SIZE(flg_rnepost)
  SIZE(threadpool)
#undef SIZE
  fputc('\n', o.fp);
}

void printSolver(const Out& o, const mjData* d) {
  if (!d->nefc) {
    return;
  }
  fprintf(o.fp, "SOLVER STAT\n  solver_fwdinv = ");
  for (int i = 0; i < 2; i++) {
    fputc(' ', o.fp);
    o.real(d->solver_fwdinv[i]);
  }
  fputc('\n', o.fp);
  int nisland = mjMIN(mjMAX(d->nisland, 1), mjNISLAND);
  for (int k = 0; k < nisland; k++) {
    if (!d->solver_niter[k]) {
      continue;
    }
    fprintf(o.fp, "  ISLAND %d\n", k);
    fprintf(o.fp, "    solver_niter = %d\n", d->solver_niter[k]);
    fprintf(o.fp, "    solver_nnz = %d\n", d->solver_nnz[k]);
    int niter = mjMIN(d->solver_niter[k], mjNSOLVER);
    for (int i = 0; i < niter; i++) {
      const mjSolverStat* s = d->solver + k * mjNSOLVER + i;
      fprintf(o.fp, "      %d:  improvement = ", i);
      o.real(s->improvement);
      fprintf(o.fp, "    gradient = ");
      o.real(s->gradient);
      fprintf(o.fp, "    lineslope = ");
      o.real(s->lineslope);
      fprintf(o.fp, "\n          nactive = %d   nchange = %d   neval = %d   nupdate = %d\n",
              s->nactive, s->nchange, s->neval, s->nupdate);
    }
    fputc('\n', o.fp);
  }
}

// the tendons' wrap points: object id and position of each
void printWraps(const Out& o, const mjModel* m, const mjData* d) {
  for (int t = 0; t < m->ntendon; t++) {
    fprintf(o.fp, "TENDON %d: %d wrap points\n", t, d->ten_wrapnum[t]);
    for (int w = d->ten_wrapadr[t]; w < d->ten_wrapadr[t] + d->ten_wrapnum[t]; w++) {
      fprintf(o.fp, "    %d:  ", d->wrap_obj[w]);
      for (int k = 0; k < 3; k++) {
        fputc(' ', o.fp);
        o.real(d->wrap_xpos[3 * w + k]);
      }
      fputc('\n', o.fp);
    }
    fputc('\n', o.fp);
  }
}

// qM as a lower triangle: row i holds (i, j) for the dofs j on i's path to the root
void printQM(const Out& o, const mjModel* m, const mjData* d) {
  fprintf(o.fp, "QM\n");
  for (int i = 0; i < m->nv; i++) {
    fputc(' ', o.fp);
    for (int j = 0; j <= i; j++) {
      // (i, j) is in qM when j is an ancestor of i; parents have smaller indices, which also
      // ends the walk on a hand-made model whose parents do not form a tree
      int adr = -1;
      for (int a = i, k = 0; a >= j; k++) {
        if (a == j) {
          adr = m->dof_Madr[i] + k;
          break;
        }
        int parent = m->dof_parentid[a];
        if (parent >= a) {
          break;
        }
        a = parent;
      }
      if (adr >= 0 && adr < m->nM) {
        fputc(' ', o.fp);
        o.real(d->qM[adr]);
      } else {
        fprintf(o.fp, "          ");
      }
    }
    fputc('\n', o.fp);
  }
  fputc('\n', o.fp);
}

void printContacts(const Out& o, const mjModel* m, const mjData* d) {
  if (d->ncon <= 0) {
    return;
  }
  fprintf(o.fp, "CONTACT\n");
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    auto reals = [&](const char* name, const mjtNum* x, int n) {
      fprintf(o.fp, "     %-14s", name);
      for (int k = 0; k < n; k++) {
        if (k) {
          fputc(' ', o.fp);
        }
        o.real(x[k]);
      }
      fputc('\n', o.fp);
    };
    fprintf(o.fp, "  %d:\n", i);
    fprintf(o.fp, "     %-14s%d\n", "dim", c->dim);
    fprintf(o.fp, "     %-14s", "geoms");
    for (int k = 0; k < 2; k++) {
      // the geom's name, else its id
      const char* name = c->geom[k] >= 0 ? mj_id2name(m, mjOBJ_GEOM, c->geom[k]) : nullptr;
      if (name) {
        fprintf(o.fp, "%s", name);
      } else {
        fprintf(o.fp, "%d", c->geom[k]);
      }
      fprintf(o.fp, k ? "\n" : " : ");
    }
    fprintf(o.fp, "     %-14s%d\n", "exclude", c->exclude);
    fprintf(o.fp, "     %-14s%d\n", "efc_address", c->efc_address);
    reals("solref", c->solref, mjNREF);
    reals("solimp", c->solimp, mjNIMP);
    reals("dist", &c->dist, 1);
    reals("includemargin", &c->includemargin, 1);
    reals("pos", c->pos, 3);
    reals("frame", c->frame, 9);
    reals("friction", c->friction, 5);
    reals("mu", &c->mu, 1);
    mjtNum force[6] = {0, 0, 0, 0, 0, 0};
    if (c->efc_address < d->nefc) {
      mj_contactForce(m, d, i, force);
    }
    reals("force", force, 6);
  }
  fputc('\n', o.fp);
}

// constraint Jacobians: dense nefc x nv, or rows of "column: value" in sparse mode; the island
// Jacobian with each row in its island's columns among the nidof island dofs, dots elsewhere
void printEfcJacobians(const Out& o, const mjModel* m, const mjData* d) {
  int nefc = d->nefc, nv = m->nv;
  if (!nefc) {
    return;
  }
  if (mj_isSparse(m)) {
    o.column("EFC_J_ROWNNZ", d->efc_J_rownnz, nefc);
    o.column("EFC_J_ROWADR", d->efc_J_rowadr, nefc);
    if (nefc <= kMaxDense) {
      o.sparse("EFC_J", d->efc_J, nefc, d->efc_J_rownnz, d->efc_J_rowadr, d->efc_J_colind);
    }
    if (nv <= kMaxDense) {
      o.pattern("J: constraint Jacobian", nefc, nv, d->efc_J_rownnz, d->efc_J_rowadr,
                d->efc_J_colind, nullptr, nullptr, d->efc_J_rowsuper);
    }
    if (d->nisland && d->nidof <= kMaxDense) {
      // island digits; Motus stores iefc_J's columns relative to the island's first dof
      int* island = static_cast<int*>(mju_malloc(sizeof(int) * 2 * nefc));
      for (int i = 0; i < nefc; i++) {
        island[i] = d->efc_island[d->map_iefc2efc[i]];
        island[nefc + i] = d->island_idofadr[island[i]];
      }
      o.pattern("IEFC_J: block-diagonalized constraint Jacobian (nnzs are island ids)", nefc,
                d->nidof, d->iefc_J_rownnz, d->iefc_J_rowadr, d->iefc_J_colind, island,
                island + nefc, d->iefc_J_rowsuper);
      mju_free(island);
    }
    return;
  }
  o.dense("EFC_J", d->efc_J, nefc, nv);
  if (!d->nisland || !d->iefc_J) {
    return;
  }
  fprintf(o.fp, "IEFC_J\n");
  for (int i = 0; i < nefc; i++) {
    int island = d->efc_island[d->map_iefc2efc[i]];
    int adr = d->island_idofadr[island], n = d->island_nv[island];
    // one nefc_k x nv_k block per island, in island order
    size_t block = 0;
    for (int k = 0; k < island; k++) {
      block += (size_t)d->island_nefc[k] * d->island_nv[k];
    }
    const mjtNum* rowi = d->iefc_J + block + (size_t)(i - d->island_iefcadr[island]) * n;
    fputc(' ', o.fp);
    for (int j = 0; j < d->nidof; j++) {
      if (j >= adr && j < adr + n) {
        fputc(' ', o.fp);
        o.real(rowi[j - adr]);
      } else {
        fprintf(o.fp, "......... ");
      }
    }
    fputc('\n', o.fp);
  }
  fputc('\n', o.fp);
}

void printIslands(const Out& o, const mjModel* m, const mjData* d) {
  int nisland = d->nisland;
  if (!nisland) {
    return;
  }
  o.row("TREE_ISLAND", d->tree_island, m->ntree);
  o.row("ISLAND_NTREE", d->island_ntree, nisland);
  o.row("ISLAND_ITREEADR", d->island_itreeadr, nisland);
  o.row("MAP_ITREE2TREE", d->map_itree2tree, m->ntree);
  o.line("DOF_ISLAND", d->dof_island, m->nv);
  o.line("ISLAND_NV", d->island_nv, nisland);
  o.line("ISLAND_IDOFADR", d->island_idofadr, nisland);
  int* breaks = static_cast<int*>(mju_malloc(sizeof(int) * (nisland + 1)));
  for (int k = 0; k < nisland; k++) {
    breaks[k] = d->island_idofadr[k];
  }
  breaks[nisland] = d->nidof < m->nv ? d->nidof : -1;
  o.line("MAP_IDOF2DOF", d->map_idof2dof, m->nv, breaks, nisland + 1);
  o.line("EFC_ISLAND", d->efc_island, d->nefc);
  o.line("ISLAND_NEFC", d->island_nefc, nisland);
  o.line("ISLAND_IEFCADR", d->island_iefcadr, nisland);
  for (int k = 0; k < nisland; k++) {
    breaks[k] = d->island_iefcadr[k];
  }
  o.line("MAP_IEFC2EFC", d->map_iefc2efc, d->nefc, breaks, nisland);
  mju_free(breaks);
}

// was qH (M with the implicit damping) factorized: implicitfast, or Euler with dof damping
bool factorH(const mjModel* m) {
  if (m->opt.integrator == mjINT_IMPLICITFAST) {
    return true;
  }
  if (m->opt.integrator != mjINT_EULER || (m->opt.disableflags & mjDSBL_EULERDAMP)) {
    return false;
  }
  for (int i = 0; i < m->nv; i++) {
    if (m->dof_damping[i] > 0) {
      return true;
    }
  }
  return false;
}

void printData(const Out& o, const mjModel* m, const mjData* d) {
  int nv = m->nv, nbody = m->nbody, nu = m->nu, ntendon = m->ntendon, nefc = d->nefc;
  printMemory(o, d);
  printSizes(o, d);
  printSolver(o, d);
  fprintf(o.fp, "ENERGY = ");
  for (int i = 0; i < 2; i++) {
    fputc(' ', o.fp);
    o.real(d->energy[i]);
  }
  fprintf(o.fp, "\n\nTIME = ");
  o.real(d->time);
  fprintf(o.fp, "\n\n");

  // state and controls
  o.dense("QPOS", d->qpos, m->nq, 1);
  o.dense("QVEL", d->qvel, nv, 1);
  o.dense("ACT", d->act, m->na, 1);
  o.dense("HISTORY", d->history, m->nhistory, 1);
  o.dense("QACC_WARMSTART", d->qacc_warmstart, nv, 1);
  o.dense("PLUGIN_STATE", d->plugin_state, m->npluginstate, 1);
  o.dense("CTRL", d->ctrl, nu, 1);
  o.dense("QFRC_APPLIED", d->qfrc_applied, nv, 1);
  o.dense("XFRC_APPLIED", d->xfrc_applied, nbody, 6);
  o.line("EQ_ACTIVE", d->eq_active, m->neq);
  o.dense("MOCAP_POS", d->mocap_pos, m->nmocap, 3);
  o.dense("MOCAP_QUAT", d->mocap_quat, m->nmocap, 4);
  o.dense("QACC", d->qacc, nv, 1);
  o.dense("ACT_DOT", d->act_dot, m->na, 1);
  o.dense("USERDATA", d->userdata, m->nuserdata, 1);
  o.dense("SENSOR", d->sensordata, m->nsensordata, 1);
  o.column("TREE_ASLEEP", d->tree_asleep, m->ntree);

  // position stage
  o.dense("XPOS", d->xpos, nbody, 3);
  o.dense("XQUAT", d->xquat, nbody, 4);
  o.dense("XMAT", d->xmat, nbody, 9);
  o.dense("XIPOS", d->xipos, nbody, 3);
  o.dense("XIMAT", d->ximat, nbody, 9);
  o.dense("XANCHOR", d->xanchor, m->njnt, 3);
  o.dense("XAXIS", d->xaxis, m->njnt, 3);
  o.dense("GEOM_XPOS", d->geom_xpos, m->ngeom, 3);
  o.dense("GEOM_XMAT", d->geom_xmat, m->ngeom, 9);
  o.dense("SITE_XPOS", d->site_xpos, m->nsite, 3);
  o.dense("SITE_XMAT", d->site_xmat, m->nsite, 9);
  o.dense("CAM_XPOS", d->cam_xpos, m->ncam, 3);
  o.dense("CAM_XMAT", d->cam_xmat, m->ncam, 9);
  o.dense("LIGHT_XPOS", d->light_xpos, m->nlight, 3);
  o.dense("LIGHT_XDIR", d->light_xdir, m->nlight, 3);
  o.dense("SUBTREE_COM", d->subtree_com, nbody, 3);
  o.dense("CDOF", d->cdof, nv, 6);
  o.dense("CINERT", d->cinert, nbody, 10);
  o.dense("FLEXVERT_XPOS", d->flexvert_xpos, m->nflexvert, 3);
  o.dense("FLEXELEM_AABB", d->flexelem_aabb, m->nflexelem, 6);
  if (m->nflexedge) {
    if (nv <= kMaxDense) {
      o.pattern("FLEXEDGE_J: flex edge connectivity", m->nflexedge, nv, m->flexedge_J_rownnz,
                m->flexedge_J_rowadr, m->flexedge_J_colind);
    }
    if (m->nflexedge <= kMaxDense) {
      o.sparse("FLEXEDGE_J", d->flexedge_J, m->nflexedge, m->flexedge_J_rownnz,
               m->flexedge_J_rowadr, m->flexedge_J_colind);
    }
  }
  o.dense("FLEXEDGE_LENGTH", d->flexedge_length, m->nflexedge, 1);

  // tendons and actuators
  o.dense("TEN_LENGTH", d->ten_length, ntendon, 1);
  if (ntendon) {
    if (nv <= kMaxDense) {
      o.pattern("TEN_J: tendon moments", ntendon, nv, m->ten_J_rownnz, m->ten_J_rowadr,
                m->ten_J_colind);
    }
    o.column("TEN_J_ROWNNZ", m->ten_J_rownnz, ntendon);
    o.column("TEN_J_ROWADR", m->ten_J_rowadr, ntendon);
    o.sparse("TEN_J", d->ten_J, ntendon, m->ten_J_rownnz, m->ten_J_rowadr, m->ten_J_colind);
    printWraps(o, m, d);
  }
  o.dense("ACTUATOR_LENGTH", d->actuator_length, nu, 1);
  if (nu) {
    if (nv <= kMaxDense) {
      o.pattern("actuator_moment", nu, nv, d->moment_rownnz, d->moment_rowadr, d->moment_colind);
    }
    o.sparse("ACTUATOR_MOMENT", d->actuator_moment, nu, d->moment_rownnz, d->moment_rowadr,
             d->moment_colind);
  }

  // inertia and its factorization
  o.dense("CRB", d->crb, nbody, 10);
  bool small = nv > 0 && nv <= kMaxDense;
  if (small) {
    printQM(o, m, d);
    o.sparse("M", d->M, nv, m->M_rownnz, m->M_rowadr, m->M_colind);
    o.sparse("QLD", d->qLD, nv, m->M_rownnz, m->M_rowadr, m->M_colind);
  }
  o.dense("QLDIAGINV", d->qLDiagInv, nv, 1);
  if (small && d->nisland) {
    o.pattern("M: inertia structure", nv, nv, m->M_rownnz, m->M_rowadr, m->M_colind);
  }
  if (d->nidof > 0 && d->nidof <= kMaxDense) {
    // Motus stores iM's column indices relative to the island's first dof: shifted back to
    // indices among all island dofs, as drawn by MuJoCo
    int* island = static_cast<int*>(mju_malloc(sizeof(int) * 2 * d->nidof));
    for (int i = 0; i < d->nidof; i++) {
      island[i] = d->dof_island[d->map_idof2dof[i]];
      island[d->nidof + i] = d->island_idofadr[island[i]];
    }
    o.pattern("iM: block-diagonal inertia (nnzs are island ids)", d->nidof, d->nidof, d->iM_rownnz,
              d->iM_rowadr, d->iM_colind, island, island + d->nidof);
    mju_free(island);
  }
  if (factorH(m)) {
    if (small) {
      o.sparse("QH", d->qH, nv, m->M_rownnz, m->M_rowadr, m->M_colind);
    }
    o.dense("QHDIAGINV", d->qHDiagInv, nv, 1);
  }
  o.row("TREE_AWAKE", d->tree_awake, m->ntree);
  o.row("BODY_AWAKE", d->body_awake, nbody);
  o.row("BODY_AWAKE_IND", d->body_awake_ind, d->nbody_awake);
  o.row("PARENT_AWAKE_IND", d->parent_awake_ind, d->nparent_awake);
  o.row("DOF_AWAKE_IND", d->dof_awake_ind, d->nv_awake);
  int implicit = m->opt.integrator == mjINT_IMPLICIT;
  bool deriv = false;  // velocity derivatives present (damping, fluid, actuator dynamics)
  for (mjtSize i = 0; i < m->nD && !deriv; i++) {
    deriv = d->qDeriv[i] != 0;
  }
  if (small && deriv && (implicit || m->opt.integrator == mjINT_IMPLICITFAST)) {
    o.sparse("QDERIV", d->qDeriv, nv, m->D_rownnz, m->D_rowadr, m->D_colind);
    if (implicit) {
      o.sparse("QLU", d->qLU, nv, m->D_rownnz, m->D_rowadr, m->D_colind);
    }
  }

  // contacts and constraints
  printContacts(o, m, d);
  o.column("EFC_TYPE", d->efc_type, nefc);
  o.column("EFC_ID", d->efc_id, nefc);
  printEfcJacobians(o, m, d);
  o.dense("EFC_POS", d->efc_pos, nefc, 1);
  o.dense("EFC_MARGIN", d->efc_margin, nefc, 1);
  o.dense("EFC_FRICTIONLOSS", d->efc_frictionloss, nefc, 1);
  o.dense("EFC_DIAGAPPROX", d->efc_diagApprox, nefc, 1);
  o.dense("EFC_KBIP", d->efc_KBIP, nefc, 4);
  o.dense("EFC_D", d->efc_D, nefc, 1);
  o.dense("EFC_R", d->efc_R, nefc, 1);

  // velocity stage
  o.dense("FLEXEDGE_VELOCITY", d->flexedge_velocity, m->nflexedge, 1);
  o.dense("TEN_VELOCITY", d->ten_velocity, ntendon, 1);
  o.dense("ACTUATOR_VELOCITY", d->actuator_velocity, nu, 1);
  o.dense("CVEL", d->cvel, nbody, 6);
  o.dense("CDOF_DOT", d->cdof_dot, nv, 6);
  o.dense("QFRC_BIAS", d->qfrc_bias, nv, 1);
  o.dense("QFRC_SPRING", d->qfrc_spring, nv, 1);
  o.dense("QFRC_DAMPER", d->qfrc_damper, nv, 1);
  o.dense("QFRC_GRAVCOMP", d->qfrc_gravcomp, nv, 1);
  o.dense("QFRC_FLUID", d->qfrc_fluid, nv, 1);
  o.dense("QFRC_PASSIVE", d->qfrc_passive, nv, 1);
  o.dense("EFC_VEL", d->efc_vel, nefc, 1);
  o.dense("EFC_AREF", d->efc_aref, nefc, 1);
  o.dense("SUBTREE_LINVEL", d->subtree_linvel, nbody, 3);
  o.dense("SUBTREE_ANGMOM", d->subtree_angmom, nbody, 3);

  // acceleration stage
  o.dense("ACTUATOR_FORCE", d->actuator_force, nu, 1);
  o.dense("QFRC_ACTUATOR", d->qfrc_actuator, nv, 1);
  o.dense("QFRC_SMOOTH", d->qfrc_smooth, nv, 1);
  o.dense("QACC_SMOOTH", d->qacc_smooth, nv, 1);
  o.dense("EFC_B", d->efc_b, nefc, 1);
  o.dense("EFC_FORCE", d->efc_force, nefc, 1);
  o.column("EFC_STATE", d->efc_state, nefc);
  o.dense("QFRC_CONSTRAINT", d->qfrc_constraint, nv, 1);
  o.dense("QFRC_INVERSE", d->qfrc_inverse, nv, 1);
  o.dense("CACC", d->cacc, nbody, 6);
  o.dense("CFRC_INT", d->cfrc_int, nbody, 6);
  o.dense("CFRC_EXT", d->cfrc_ext, nbody, 6);
  printIslands(o, m, d);
  o.line("TENDON_EFCADR", d->tendon_efcadr, ntendon);
}

}  // namespace

void mj_printFormattedData(const mjModel* m, const mjData* d, const char* filename,
                           const char* float_format) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  float_format = motus::FloatFormat(float_format);
  FILE* fp = motus::OpenPrintOutput(filename, "mj_printFormattedData");
  if (!fp) {
    return;
  }
  printData(Out{fp, float_format}, m, d);
  motus::ClosePrintOutput(fp);
}

void mj_printData(const mjModel* m, const mjData* d, const char* filename) {
  mj_printFormattedData(m, d, filename, motus::kPrintFloatFormat);
}
