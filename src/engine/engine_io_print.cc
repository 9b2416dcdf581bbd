// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Text dump of mjModel (mj_printModel, mj_printFormattedModel) in MuJoCo 3.8's layout
// (APIreference_functions.rst "Printing"), so that tools reading or diffing MuJoCo's files work
// on Motus's:
//   - the version and model name; MEMORY (array bytes by kind); SIZES (nonzero sizes only);
//     OPTION; VISUAL; totalmass; STATISTIC; qpos0 and qpos_spring;
//   - one block per object ("BODY 0:", ...) with its name and every per-object array of its
//     group in the X-macro lists (meshes add their hull counts, tendons their wrap path);
//     custom numeric, text and tuple elements; the keyframe arrays that differ from the model's
//     defaults;
//   - the sparsity patterns of B, M and D (drawn for up to 300 dofs) with their index arrays, the
//     signature and the BVH nodes.
// Reals use the float format ("% -9.2g" by default), integers " %d ".

#include "engine/engine_io_print.h"

#include <ctype.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_util_errmem.h"

namespace motus {

// MuJoCo's check: "%", flags, width, precision, then one of f g G e E ending the string
const char* FloatFormat(const char* format) {
  const char* problem = nullptr;
  if (!format || format[0] != '%') {
    problem = "Format string must start with '%'.";
  } else {
    const char* p = format + 1;
    while (*p && strchr("-+ #0", *p)) {
      p++;
    }
    while (isdigit(static_cast<unsigned char>(*p))) {
      p++;
    }
    if (*p == '.') {
      p++;
      while (isdigit(static_cast<unsigned char>(*p))) {
        p++;
      }
    }
    if (!*p || !strchr("fgGeE", *p)) {
      problem = "Format string specifier must be one of \"fgGeE\".";
    } else if (p[1]) {
      mju_warning("Unable to match format string %s with expected pattern for a single float.",
                  format);
      problem = "";
    }
  }
  if (!problem) {
    return format;
  }
  if (problem[0]) {
    mju_warning("%s", problem);
  }
  mju_warning("WARNING: Received invalid float_format. Using default instead.");
  return kPrintFloatFormat;
}

FILE* OpenPrintOutput(const char* filename, const char* caller) {
  if (!filename) {
    return stdout;
  }
  FILE* fp = fopen(filename, "w");
  if (!fp) {
    mju_warning("%s: could not open file '%s' for writing", caller, filename);
  }
  return fp;
}

void ClosePrintOutput(FILE* fp) {
  if (fp == stdout) {
    fflush(fp);
  } else {
    fclose(fp);
  }
}

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
void PrintOut::Real(double x) const {
  fprintf(fp, format, x);
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

void PrintOut::RealsSpaced(const double* x, int n) const {
  for (int i = 0; i < n; i++) {
    Real(x[i]);
    fputc(' ', fp);
  }
}

void PrintOut::RealsSpaced(const float* x, int n) const {
  for (int i = 0; i < n; i++) {
    Real(x[i]);
    fputc(' ', fp);
  }
}

void PrintOut::Reals(const double* x, int n) const {
  for (int i = 0; i < n; i++) {
    Real(x[i]);
  }
}

void PrintOut::Reals(const float* x, int n) const {
  for (int i = 0; i < n; i++) {
    Real(x[i]);
  }
}

}  // namespace motus

namespace {

using motus::PrintOut;

// the block of kinematic trees (trees are not an mjtObj)
constexpr int kTree = -1;

// marks the counts MJMODEL_POINTERS_PREAMBLE declares as used (a list may need only some)
template <typename... T>
void unusedCounts(const T&...) {}
#define PREAMBLE_USED                                                                  \
  unusedCounts(nuser_body, nuser_jnt, nuser_geom, nuser_site, nuser_cam, nuser_tendon, \
               nuser_actuator, nuser_sensor, nq, nv, na, nu, nmocap)

// ---- memory -------------------------------------------------------------------------------------

// bytes as "N bytes" below 1 KiB, else rounded KiB
void printBytes(FILE* fp, const char* what, size_t bytes) {
  if (bytes < 1024) {
    fprintf(fp, "  %-12s%5d bytes\n", what, static_cast<int>(bytes));
  } else {
    fprintf(fp, "  %-12s%7lld KB\n", what, static_cast<long long>((bytes + 512) / 1024));
  }
}

// MEMORY: the model's arrays plus the members of mjModel that are not pointers; the mesh data
// (vertices, normals, faces, graphs, polygons; not the per-mesh arrays), the BVHs (bvh_ and oct_
// arrays), the skins and the texture data are listed on their own when present, everything else
// as "other"
void printMemory(FILE* fp, const mjModel* m) {
  size_t total = sizeof(mjModel), mesh = 0, bvh = 0, skin = 0, tex = 0;
  MJMODEL_POINTERS_PREAMBLE(m)
#undef MJ_M
#define MJ_M(n) n
#define X(type, name, nr, nc)                                                           \
  {                                                                                     \
    size_t bytes = sizeof(type) * static_cast<size_t>(m->nr) * static_cast<size_t>(nc); \
    total += bytes;                                                                     \
    total -= sizeof(void*);                                                             \
    if (!strncmp(#nr, "nmesh", 5) && strcmp(#nr, "nmesh")) {                            \
      mesh += bytes;                                                                    \
    } else if (!strncmp(#name, "bvh_", 4) || !strncmp(#name, "oct_", 4)) {              \
      bvh += bytes;                                                                     \
    } else if (!strncmp(#name, "skin_", 5)) {                                           \
      skin += bytes;                                                                    \
    } else if (!strcmp(#nr, "ntexdata")) {                                              \
      tex += bytes;                                                                     \
    }                                                                                   \
  }
  MJMODEL_POINTERS
#undef X
  PREAMBLE_USED;
  fprintf(fp, "MEMORY\n");
  printBytes(fp, "total", total);
  if (mesh) {
    printBytes(fp, "meshes", mesh);
  }
  if (bvh) {
    printBytes(fp, "bvhs", bvh);
  }
  if (skin) {
    printBytes(fp, "skins", skin);
  }
  if (tex) {
    printBytes(fp, "textures", tex);
  }
  printBytes(fp, "other", total - mesh - bvh - skin - tex);
  fprintf(fp, "\n");
}

// ---- header sections ----------------------------------------------------------------------------

void optionField(const PrintOut& p, const char* name, const mjtNum* x, int n) {
  fprintf(p.fp, "  %-19s", name);
  p.Reals(x, n);
  fprintf(p.fp, "\n");
}

void optionField(const PrintOut& p, const char* name, const int* x, int) {
  fprintf(p.fp, "  %-20s%d\n", name, x[0]);
}

void printOption(const PrintOut& p, const mjModel* m) {
  fprintf(p.fp, "OPTION\n");
#define XVEC X
#define X(type, name, n) optionField(p, #name, reinterpret_cast<const type*>(&m->opt.name), n);
  MJOPTION_FIELDS
#undef X
#undef XVEC
  fprintf(p.fp, "\n");
}

void visualField(const PrintOut& p, const char* name, const int* x, int) {
  fprintf(p.fp, "    %-18s%d\n", name, x[0]);
}

void visualField(const PrintOut& p, const char* name, const float* x, int n) {
  fprintf(p.fp, "    %-17s", name);
  p.Reals(x, n);
  fprintf(p.fp, "\n");
}

void printVisual(const PrintOut& p, const mjModel* m) {
  fprintf(p.fp, "VISUAL\n");
  fprintf(p.fp, "  GLOBAL\n");
#define X(type, name) visualField(p, #name, &m->vis.global.name, 1);
  MJVISUAL_GLOBAL_FIELDS
#undef X
  fprintf(p.fp, "  QUALITY\n");
#define X(name) visualField(p, #name, &m->vis.quality.name, 1);
  MJVISUAL_QUALITY_FIELDS
#undef X
  fprintf(p.fp, "  HEADLIGHT\n");
#define XVEC X
#define X(type, name, n) \
  visualField(p, #name, reinterpret_cast<const type*>(&m->vis.headlight.name), n);
  MJVISUAL_HEADLIGHT_FIELDS
#undef X
#undef XVEC
  fprintf(p.fp, "  MAP\n");
#define X(name) visualField(p, #name, &m->vis.map.name, 1);
  MJVISUAL_MAP_FIELDS
#undef X
  fprintf(p.fp, "  SCALE\n");
#define X(name) visualField(p, #name, &m->vis.scale.name, 1);
  MJVISUAL_SCALE_FIELDS
#undef X
  fprintf(p.fp, "  RGBA\n");
#define X(name) visualField(p, #name, m->vis.rgba.name, 4);
  MJVISUAL_RGBA_FIELDS
#undef X
  fprintf(p.fp, "\n");
}

void printStatistic(const PrintOut& p, const mjModel* m) {
  fprintf(p.fp, "STATISTIC\n");
#define XVEC X
#define X(name, n)                                            \
  fprintf(p.fp, "  %-19s", #name);                            \
  p.Reals(reinterpret_cast<const mjtNum*>(&m->stat.name), n); \
  fprintf(p.fp, "\n");
  MJSTATISTIC_FIELDS
#undef X
#undef XVEC
  fprintf(p.fp, "\n");
}

// ---- objects ------------------------------------------------------------------------------------

void fieldValues(const PrintOut& p, const int* x, int n) {
  for (int i = 0; i < n; i++) {
    fprintf(p.fp, " %d ", x[i]);
  }
}

void fieldValues(const PrintOut& p, const mjtByte* x, int n) {
  for (int i = 0; i < n; i++) {
    fprintf(p.fp, " %d ", x[i]);
  }
}

void fieldValues(const PrintOut& p, const mjtNum* x, int n) {
  p.RealsSpaced(x, n);
}

void fieldValues(const PrintOut& p, const float* x, int n) {
  p.RealsSpaced(x, n);
}

void fieldValues(const PrintOut& p, const mjtSize* x, int n) {
  for (int i = 0; i < n; i++) {
    fprintf(p.fp, " %lld ", static_cast<long long>(x[i]));
  }
}

template <typename T>
void objectField(const PrintOut& p, const char* name, const T* x, int n) {
  if (n <= 0) {
    return;
  }
  fprintf(p.fp, "  %-21s", name);
  fieldValues(p, x, n);
  fprintf(p.fp, "\n");
}

// the hull sizes of a mesh: its graph starts with the vertex and face counts
void printHull(FILE* fp, const mjModel* m, int i) {
  int adr = m->mesh_graphadr[i];
  if (adr < 0) {
    return;
  }
  fprintf(fp, "  %-22s%d\n", "qhull face", m->mesh_graph[adr + 1]);
  fprintf(fp, "  %-22s%d\n", "qhull vert", m->mesh_graph[adr]);
}

void printPath(const PrintOut& p, const mjModel* m, int i) {
  fprintf(p.fp, "  path\n");
  fprintf(p.fp, "    type  objid  prm\n");
  int adr = m->tendon_adr[i];
  for (int w = adr; w < adr + m->tendon_num[i]; w++) {
    fprintf(p.fp, "    %d     %d     ", m->wrap_type[w], m->wrap_objid[w]);
    p.Real(m->wrap_prm[w]);
    fprintf(p.fp, "\n");
  }
  fprintf(p.fp, "\n");
}

// the name line of an object (height fields are written one column further, as MuJoCo does)
void printName(FILE* fp, const mjModel* m, int type, int i) {
  const char* name = mj_id2name(m, type, i);
  fprintf(fp, type == mjOBJ_HFIELD ? "  %-23s%s\n" : "  %-22s%s\n", "name", name ? name : "");
}

// Expands one X-macro group for object i: every array of the group whose rows are the objects
// counted by `count` (arrays of the group indexed otherwise, e.g. mesh vertices, are skipped).
#define PRINT_GROUP(GROUP, COUNT) \
  {                               \
    MJMODEL_POINTERS_PREAMBLE(m)  \
    PREAMBLE_USED;                \
    GROUP                         \
  }

#undef MJ_M
#define MJ_M(n) n
#define X(type, name, nr, nc)                                                             \
  if (!strcmp(#nr, count)) {                                                              \
    objectField(p, #name, m->name + static_cast<size_t>(i) * (nc), static_cast<int>(nc)); \
  }

void printObject(const PrintOut& p, const mjModel* m, int type, const char* count, int i) {
  switch (type) {
    case mjOBJ_BODY:
      PRINT_GROUP(MJMODEL_POINTERS_BODY, count) break;
    case mjOBJ_JOINT:
      PRINT_GROUP(MJMODEL_POINTERS_JOINT, count) break;
    case mjOBJ_DOF:
      PRINT_GROUP(MJMODEL_POINTERS_DOF, count) break;
    case kTree:
      PRINT_GROUP(MJMODEL_POINTERS_TREE, count) break;
    case mjOBJ_GEOM:
      PRINT_GROUP(MJMODEL_POINTERS_GEOM, count) break;
    case mjOBJ_SITE:
      PRINT_GROUP(MJMODEL_POINTERS_SITE, count) break;
    case mjOBJ_CAMERA:
      PRINT_GROUP(MJMODEL_POINTERS_CAMERA, count) break;
    case mjOBJ_LIGHT:
      PRINT_GROUP(MJMODEL_POINTERS_LIGHT, count) break;
    case mjOBJ_FLEX:
      PRINT_GROUP(MJMODEL_POINTERS_FLEX, count) break;
    case mjOBJ_MESH:
      PRINT_GROUP(MJMODEL_POINTERS_MESH, count) break;
    case mjOBJ_SKIN:
      PRINT_GROUP(MJMODEL_POINTERS_SKIN, count) break;
    case mjOBJ_HFIELD:
      PRINT_GROUP(MJMODEL_POINTERS_HFIELD, count) break;
    case mjOBJ_TEXTURE:
      PRINT_GROUP(MJMODEL_POINTERS_TEXTURE, count) break;
    case mjOBJ_MATERIAL:
      PRINT_GROUP(MJMODEL_POINTERS_MATERIAL, count) break;
    case mjOBJ_PAIR:
      PRINT_GROUP(MJMODEL_POINTERS_PAIR, count) break;
    case mjOBJ_EXCLUDE:
      PRINT_GROUP(MJMODEL_POINTERS_EXCLUDE, count) break;
    case mjOBJ_EQUALITY:
      PRINT_GROUP(MJMODEL_POINTERS_EQUALITY, count) break;
    case mjOBJ_TENDON:
      PRINT_GROUP(MJMODEL_POINTERS_TENDON, count) break;
    case mjOBJ_ACTUATOR:
      PRINT_GROUP(MJMODEL_POINTERS_ACTUATOR, count) break;
    case mjOBJ_SENSOR:
      PRINT_GROUP(MJMODEL_POINTERS_SENSOR, count) break;
    default:
      break;
  }
}
#undef X
#undef PRINT_GROUP

struct ObjectKind {
  int type;
  const char* title;
  const char* count;
  bool named;
};

// the object blocks, in MuJoCo's order (plugins have none)
const ObjectKind kObjects[] = {
    {mjOBJ_BODY, "BODY", "nbody", true},       {mjOBJ_JOINT, "JOINT", "njnt", true},
    {mjOBJ_DOF, "DOF", "nv", false},           {kTree, "TREE", "ntree", false},
    {mjOBJ_GEOM, "GEOM", "ngeom", true},       {mjOBJ_SITE, "SITE", "nsite", true},
    {mjOBJ_CAMERA, "CAMERA", "ncam", true},    {mjOBJ_LIGHT, "LIGHT", "nlight", true},
    {mjOBJ_FLEX, "FLEX", "nflex", true},       {mjOBJ_MESH, "MESH", "nmesh", true},
    {mjOBJ_SKIN, "SKIN", "nskin", true},       {mjOBJ_HFIELD, "HEIGHTFIELD", "nhfield", true},
    {mjOBJ_TEXTURE, "TEXTURE", "ntex", true},  {mjOBJ_MATERIAL, "MATERIAL", "nmat", true},
    {mjOBJ_PAIR, "PAIR", "npair", true},       {mjOBJ_EXCLUDE, "EXCLUDE", "nexclude", true},
    {mjOBJ_EQUALITY, "EQUALITY", "neq", true}, {mjOBJ_TENDON, "TENDON", "ntendon", true},
    {mjOBJ_ACTUATOR, "ACTUATOR", "nu", true},  {mjOBJ_SENSOR, "SENSOR", "nsensor", true},
};

int objectCount(const mjModel* m, const char* count) {
#define X(name)                       \
  if (!strcmp(count, #name)) {        \
    return static_cast<int>(m->name); \
  }
  MJMODEL_SIZES
#undef X
  return 0;
}

void printObjects(const PrintOut& p, const mjModel* m) {
  for (const ObjectKind& kind : kObjects) {
    int n = objectCount(m, kind.count);
    if (n <= 0) {
      continue;
    }
    fprintf(p.fp, "\n");
    for (int i = 0; i < n; i++) {
      fprintf(p.fp, "%s %d:\n", kind.title, i);
      if (kind.named) {
        printName(p.fp, m, kind.type, i);
      }
      printObject(p, m, kind.type, kind.count, i);
      if (kind.type == mjOBJ_MESH) {
        printHull(p.fp, m, i);
      } else if (kind.type == mjOBJ_TENDON) {
        printPath(p, m, i);
      }
      fprintf(p.fp, "\n");
    }
  }
}

// custom numeric, text and tuple elements
void printCustom(const PrintOut& p, const mjModel* m) {
  FILE* fp = p.fp;
  if (m->nnumeric) {
    fprintf(fp, "\n");
  }
  for (int i = 0; i < m->nnumeric; i++) {
    const char* name = mj_id2name(m, mjOBJ_NUMERIC, i);
    fprintf(fp, "NUMERIC %d:\n  %-13s%s\n  %-13s%d\n  %-12s", i, "name", name ? name : "", "size",
            m->numeric_size[i], "value");
    p.Reals(m->numeric_data + m->numeric_adr[i], m->numeric_size[i]);
    fprintf(fp, "\n\n");
  }
  if (m->ntext) {
    fprintf(fp, "\n");
  }
  for (int i = 0; i < m->ntext; i++) {
    const char* name = mj_id2name(m, mjOBJ_TEXT, i);
    fprintf(fp, "TEXT %d:\n  %-13s%s\n  %-13s%d\n  %-13s%s\n\n", i, "name", name ? name : "",
            "size", m->text_size[i], "value", m->text_data + m->text_adr[i]);
  }
  if (m->ntuple) {
    fprintf(fp, "\n");
  }
  for (int i = 0; i < m->ntuple; i++) {
    const char* name = mj_id2name(m, mjOBJ_TUPLE, i);
    fprintf(fp, "TUPLE %d:\n  %-13s%s\n  %-13s%d\n  elements\n", i, "name", name ? name : "",
            "size", m->tuple_size[i]);
    for (int j = m->tuple_adr[i]; j < m->tuple_adr[i] + m->tuple_size[i]; j++) {
      const char* type = mju_type2Str(m->tuple_objtype[j]);
      fprintf(fp, "       %s %d, prm = ", type ? type : "", m->tuple_objid[j]);
      p.Real(m->tuple_objprm[j]);
      fprintf(fp, "\n");
    }
    fprintf(fp, "\n");
  }
}

// one keyframe array when it differs from the model's default values
bool keyArray(const PrintOut& p, const char* what, int k, const mjtNum* x, const mjtNum* dflt,
              int n) {
  bool differs = false;
  for (int i = 0; i < n && !differs; i++) {
    differs = x[i] != (dflt ? dflt[i] : 0);
  }
  if (differs) {
    fprintf(p.fp, "key_%s%d   ", what, k);
    p.Reals(x, n);
    fprintf(p.fp, "\n");
  }
  return differs;
}

// keyframes: the name, a nonzero time and the arrays that differ from the model's defaults (qpos0,
// the mocap bodies' poses, zeros)
void printKeys(const PrintOut& p, const mjModel* m) {
  mjtNum* mpos = static_cast<mjtNum*>(mju_malloc(sizeof(mjtNum) * (3 * m->nmocap + 1)));
  mjtNum* mquat = static_cast<mjtNum*>(mju_malloc(sizeof(mjtNum) * (4 * m->nmocap + 1)));
  for (int b = 0; b < m->nbody; b++) {
    int id = m->body_mocapid[b];
    if (id >= 0) {
      mju_copy3(mpos + 3 * id, m->body_pos + 3 * b);
      mju_copy4(mquat + 4 * id, m->body_quat + 4 * b);
    }
  }
  for (int k = 0; k < m->nkey; k++) {
    const char* name = mj_id2name(m, mjOBJ_KEY, k);
    if (name && name[0]) {
      fprintf(p.fp, "key_name%d    %s\n", k, name);
    }
    if (m->key_time[k] != 0) {
      fprintf(p.fp, "key_time%d    %.4f\n", k, m->key_time[k]);
    }
    bool any = keyArray(p, "qpos", k, m->key_qpos + k * m->nq, m->qpos0, m->nq);
    any |= keyArray(p, "qvel", k, m->key_qvel + k * m->nv, nullptr, m->nv);
    any |= keyArray(p, "act", k, m->key_act + k * m->na, nullptr, m->na);
    any |= keyArray(p, "mpos", k, m->key_mpos + 3 * k * m->nmocap, mpos, 3 * m->nmocap);
    any |= keyArray(p, "mquat", k, m->key_mquat + 4 * k * m->nmocap, mquat, 4 * m->nmocap);
    any |= keyArray(p, "ctrl", k, m->key_ctrl + k * m->nu, nullptr, m->nu);
    if (any) {
      fprintf(p.fp, "\n");
    }
  }
  mju_free(mpos);
  mju_free(mquat);
}

// ---- sparse structure, signature, BVH -----------------------------------------------------------

void intArray(FILE* fp, const char* title, const int* x, int n) {
  if (n <= 0) {
    return;
  }
  fprintf(fp, "%s\n ", title);
  for (int i = 0; i < n; i++) {
    fprintf(fp, " %d", x[i]);
  }
  fprintf(fp, "\n\n");
}

// the pattern of a sparse matrix with nrow rows and nv columns; `diag` marks the diagonal
void pattern(FILE* fp, const char* title, int nrow, int nv, const int* rownnz, const int* rowadr,
             const int* colind, char diag) {
  char* row = static_cast<char*>(mju_malloc(nv + 1));
  fprintf(fp, "%s\n", title);
  for (int j = 0; j < nv + 2; j++) {
    fputc('-', fp);
  }
  fprintf(fp, "\n");
  for (int i = 0; i < nrow; i++) {
    memset(row, ' ', nv);
    row[nv] = 0;
    for (int j = rowadr[i]; j < rowadr[i] + rownnz[i]; j++) {
      row[colind[j]] = diag && colind[j] == i ? diag : 'x';
    }
    fprintf(fp, " %s |\n", row);
  }
  for (int j = 0; j < nv + 2; j++) {
    fputc('-', fp);
  }
  fprintf(fp, "\n\n");
  mju_free(row);
}

// patterns are drawn only for models with at most this many dofs
constexpr int kMaxPatternDofs = 300;

void printSparse(FILE* fp, const mjModel* m) {
  bool draw = m->nv > 0 && m->nv <= kMaxPatternDofs;
  if (draw) {
    pattern(fp, "B: body-dof matrix", m->nbody, m->nv, m->B_rownnz, m->B_rowadr, m->B_colind, 0);
  }
  intArray(fp, "B_ROWNNZ", m->B_rownnz, m->nbody);
  intArray(fp, "B_ROWADR", m->B_rowadr, m->nbody);
  intArray(fp, "B_COLIND", m->B_colind, m->nB);
  if (draw) {
    pattern(fp, "M: reduced inertia matrix", m->nv, m->nv, m->M_rownnz, m->M_rowadr, m->M_colind,
            0);
  }
  intArray(fp, "M_ROWNNZ", m->M_rownnz, m->nv);
  intArray(fp, "M_ROWADR", m->M_rowadr, m->nv);
  intArray(fp, "M_COLIND", m->M_colind, m->nC);
  intArray(fp, "MAPM2M", m->mapM2M, m->nC);
  if (draw) {
    pattern(fp, "D: dof-dof matrix", m->nv, m->nv, m->D_rownnz, m->D_rowadr, m->D_colind, 'D');
  }
  intArray(fp, "D_ROWNNZ", m->D_rownnz, m->nv);
  intArray(fp, "D_ROWADR", m->D_rowadr, m->nv);
  intArray(fp, "D_COLIND", m->D_colind, m->nD);
  intArray(fp, "MAPM2D", m->mapM2D, m->nD);
  intArray(fp, "MAPD2M", m->mapD2M, m->nC);
}

void printBvh(FILE* fp, const mjModel* m) {
  fprintf(fp, "BVH:\n  id      depth   nodeid  child[0]  child[1]\n");
  for (int i = 0; i < m->nbvh; i++) {
    fprintf(fp, "  %-8d%-8d% -8d% -10d% d\n", i, m->bvh_depth[i], m->bvh_nodeid[i],
            m->bvh_child[2 * i], m->bvh_child[2 * i + 1]);
  }
  fprintf(fp, "\n");
}

}  // namespace

void mj_printFormattedModel(const mjModel* m, const char* filename, const char* float_format) {
  if (!m) {
    mjERROR("model is NULL");
    return;
  }
  float_format = motus::FloatFormat(float_format);
  FILE* fp = motus::OpenPrintOutput(filename, "mj_printFormattedModel");
  if (!fp) {
    return;
  }
  PrintOut p{fp, float_format};
  fprintf(fp, "MuJoCo version %s\n", mj_versionString());
  fprintf(fp, "%-15s%s\n\n", "model name", m->names ? m->names : "");
  printMemory(fp, m);
  fprintf(fp, "SIZES\n");
#define X(name)                                                           \
  if (m->name) {                                                          \
    fprintf(fp, "  %-20s%lld\n", #name, static_cast<long long>(m->name)); \
  }
  MJMODEL_SIZES
#undef X
  fprintf(fp, "\n");
  printOption(p, m);
  printVisual(p, m);
  fprintf(fp, "%-21s", "totalmass");
  p.Real(mj_getTotalmass(m));
  fprintf(fp, "\n\n");
  printStatistic(p, m);
  fprintf(fp, "%-21s", "qpos0");
  p.RealsSpaced(m->qpos0, m->nq);
  fprintf(fp, "\n\n%-21s", "qpos_spring");
  p.RealsSpaced(m->qpos_spring, m->nq);
  fprintf(fp, "\n\n");
  printObjects(p, m);
  printCustom(p, m);
  printKeys(p, m);
  printSparse(fp, m);
  fprintf(fp, "\nSIGNATURE\n  %llu\n\n", static_cast<unsigned long long>(m->signature));
  printBvh(fp, m);
  motus::ClosePrintOutput(fp);
}

void mj_printModel(const mjModel* m, const char* filename) {
  mj_printFormattedModel(m, filename, motus::kPrintFloatFormat);
}
