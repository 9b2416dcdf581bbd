/* Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
 *
 * A client written the way MuJoCo's samples and language bindings use the C API: it calls every
 * "Standard math" macro of mujoco.h and expands every X-macro list of mjxmacro.h with the
 * argument shapes MuJoCo documents (X/XVEC for option, statistic and visual fields, X(name) for
 * sizes, X(type, name, rows, cols) for arrays with MJMODEL_POINTERS_PREAMBLE or MJ_M/MJ_D, XNV
 * redefined to skip arrays a scene does not need). Each use checks something the lists promise:
 * field sizes equal to the struct members, arrays inside the buffers that hold them, a copied
 * model equal array by array. Compiled as strict C11 against libmujoco.so. */

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

static int failures = 0;

#define CHECK(cond, ...)             \
  do {                               \
    if (!(cond)) {                   \
      printf("FAIL %d: ", __LINE__); \
      printf(__VA_ARGS__);           \
      printf("\n");                  \
      failures++;                    \
    }                                \
  } while (0)

/* ---------------------------------- Standard math ---------------------------------------- */

static void standardMath(void) {
  /* values with exact or well-known results, so a macro bound to the wrong function (e.g. the
     integer abs, or the float variant in a double build) is caught */
  CHECK(mju_sqrt(6.25) == 2.5, "mju_sqrt");
  CHECK(mju_exp(0.0) == 1.0 && fabs(mju_exp(1.0) - 2.718281828459045) < 1e-15, "mju_exp");
  CHECK(mju_sin(0.0) == 0.0 && fabs(mju_sin(mjPI / 2) - 1) < 1e-15, "mju_sin");
  CHECK(mju_cos(0.0) == 1.0 && fabs(mju_cos(mjPI)) > 0.999, "mju_cos");
  CHECK(fabs(mju_tan(mjPI / 4) - 1) < 1e-15, "mju_tan");
  CHECK(fabs(mju_asin(1.0) - mjPI / 2) < 1e-15, "mju_asin");
  CHECK(fabs(mju_acos(-1.0) - mjPI) < 1e-15, "mju_acos");
  CHECK(fabs(mju_atan2(1.0, -1.0) - 3 * mjPI / 4) < 1e-15, "mju_atan2");
  CHECK(mju_tanh(0.0) == 0.0 && mju_tanh(40.0) == 1.0, "mju_tanh");
  CHECK(mju_pow(2.0, 10.0) == 1024.0 && mju_pow(4.0, 0.5) == 2.0, "mju_pow");
  CHECK(mju_abs(-2.5) == 2.5, "mju_abs (must be the floating-point absolute value)");
  CHECK(mju_log(1.0) == 0.0 && fabs(mju_log(mju_exp(3.0)) - 3) < 1e-15, "mju_log");
  CHECK(mju_log10(1000.0) == 3.0, "mju_log10");
  CHECK(mju_floor(-1.5) == -2.0 && mju_floor(1.5) == 1.0, "mju_floor");
  CHECK(mju_ceil(-1.5) == -1.0 && mju_ceil(1.5) == 2.0, "mju_ceil");
  /* the macros yield mjtNum-precision results */
  CHECK(sizeof(mju_sqrt((mjtNum)2)) == sizeof(mjtNum), "mju_sqrt precision");
}

/* ---------------------------------- struct field lists ----------------------------------- */

static void structLists(const mjModel* m) {
  size_t bytes = 0;

  /* mjOption: X for scalars, XVEC for vectors, both (type, name, count) */
#define X(type, name, n)                                                           \
  CHECK(sizeof(m->opt.name) == sizeof(type) * (n), "mjOption.%s: %d bytes", #name, \
        (int)sizeof(m->opt.name));                                                 \
  bytes += sizeof(type) * (n);
#define XVEC(type, name, n)                     \
  CHECK((n) > 1, "XVEC %s is a vector", #name); \
  X(type, name, n)
  MJOPTION_FIELDS
#undef XVEC
#undef X
  CHECK(bytes <= sizeof(mjOption) && bytes + 8 > sizeof(mjOption),
        "MJOPTION_FIELDS covers %d of %d", (int)bytes, (int)sizeof(mjOption));

  /* mjStatistic: (name, count), all mjtNum */
  bytes = 0;
#define X(name, n)                                                              \
  CHECK(sizeof(m->stat.name) == sizeof(mjtNum) * (n), "mjStatistic.%s", #name); \
  bytes += sizeof(mjtNum) * (n);
#define XVEC X
  MJSTATISTIC_FIELDS
#undef XVEC
#undef X
  CHECK(bytes == sizeof(mjStatistic), "MJSTATISTIC_FIELDS covers %d of %d", (int)bytes,
        (int)sizeof(mjStatistic));

  /* mjVisual: global (type, name); headlight (type, name, n); the others by name */
  bytes = 0;
#define X(type, name)                                                             \
  CHECK(sizeof(m->vis.global.name) == sizeof(type), "mjVisual.global.%s", #name); \
  bytes += sizeof(type);
  MJVISUAL_GLOBAL_FIELDS
#undef X
#define X(name)                                                                    \
  CHECK(sizeof(m->vis.quality.name) == sizeof(int), "mjVisual.quality.%s", #name); \
  bytes += sizeof(m->vis.quality.name);
  MJVISUAL_QUALITY_FIELDS
#undef X
#define X(type, name, n)                                                                      \
  CHECK(sizeof(m->vis.headlight.name) == sizeof(type) * (n), "mjVisual.headlight.%s", #name); \
  bytes += sizeof(type) * (n);
#define XVEC X
  MJVISUAL_HEADLIGHT_FIELDS
#undef XVEC
#undef X
#define X(name)                                                              \
  CHECK(sizeof(m->vis.map.name) == sizeof(float), "mjVisual.map.%s", #name); \
  bytes += sizeof(float);
  MJVISUAL_MAP_FIELDS
#undef X
#define X(name)                                                                  \
  CHECK(sizeof(m->vis.scale.name) == sizeof(float), "mjVisual.scale.%s", #name); \
  bytes += sizeof(float);
  MJVISUAL_SCALE_FIELDS
#undef X
#define X(name)                                                                    \
  CHECK(sizeof(m->vis.rgba.name) == 4 * sizeof(float), "mjVisual.rgba.%s", #name); \
  bytes += 4 * sizeof(float);
  MJVISUAL_RGBA_FIELDS
#undef X
  CHECK(bytes == sizeof(mjVisual), "MJVISUAL_*_FIELDS cover %d of %d", (int)bytes,
        (int)sizeof(mjVisual));
}

/* ---------------------------------- mjModel lists ---------------------------------------- */

static void modelSizes(const mjModel* m) {
  int n = 0;
  char text[4096] = "";
  /* as printing code does: one line per size (njmax and nconmax are -1 unless set) */
#define X(name)                                                                              \
  n++;                                                                                       \
  CHECK(m->name >= 0 || (m->name == -1 && strstr("njmax nconmax", #name)), "size %s = %lld", \
        #name, (long long)m->name);                                                          \
  snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s=%lld ", #name, (long long)m->name);
  MJMODEL_SIZES
#undef X
  /* the sizes are the consecutive mjtSize members from nq to nbuffer */
  CHECK((size_t)n * sizeof(mjtSize) ==
            offsetof(mjModel, nbuffer) + sizeof(mjtSize) - offsetof(mjModel, nq),
        "MJMODEL_SIZES has %d entries", n);
  CHECK(strstr(text, "nbody=") != NULL && strstr(text, "nkey=1 ") != NULL, "sizes text: %s", text);
}

/* the byte range [begin, end) of a model array, checked to lie inside the model buffer */
static int insideBuffer(const void* buffer, size_t nbuffer, const void* p, size_t bytes) {
  const char* b = (const char*)buffer;
  const char* q = (const char*)p;
  return bytes == 0 || (q >= b && q + bytes <= b + nbuffer);
}

static void modelPointers(const mjModel* m, mjModel* copy) {
  /* bindings' pattern: local sizes from the preamble, then X(type, name, rows, cols) */
  MJMODEL_POINTERS_PREAMBLE(m)
  size_t total = 0;
  int narray = 0, nequal = 0;
#define X(type, name, nr, nc)                                                                \
  {                                                                                          \
    size_t bytes = sizeof(type) * (size_t)(m->nr) * (size_t)(nc);                            \
    narray++;                                                                                \
    total += bytes;                                                                          \
    CHECK(insideBuffer(m->buffer, (size_t)m->nbuffer, m->name, bytes), "mjModel.%s", #name); \
    if (bytes == 0 || !memcmp(m->name, copy->name, bytes)) {                                 \
      nequal++;                                                                              \
    }                                                                                        \
  }
  MJMODEL_POINTERS
#undef X
  CHECK(narray == nequal, "mj_copyModel: %d of %d arrays equal", nequal, narray);
  CHECK(total <= (size_t)m->nbuffer, "arrays take %zu bytes, buffer %lld", total,
        (long long)m->nbuffer);

  /* the per-object groups, with MJ_M reading counts from the model */
  int ngroup = 0;
#undef MJ_M
#define MJ_M(n) m->n
#define X(type, name, nr, nc) ngroup++;
  MJMODEL_POINTERS_BODY MJMODEL_POINTERS_JOINT MJMODEL_POINTERS_DOF MJMODEL_POINTERS_TREE
      MJMODEL_POINTERS_GEOM MJMODEL_POINTERS_SITE MJMODEL_POINTERS_CAMERA MJMODEL_POINTERS_LIGHT
          MJMODEL_POINTERS_FLEX MJMODEL_POINTERS_MESH MJMODEL_POINTERS_SKIN MJMODEL_POINTERS_HFIELD
              MJMODEL_POINTERS_TEXTURE MJMODEL_POINTERS_MATERIAL MJMODEL_POINTERS_PAIR
                  MJMODEL_POINTERS_EXCLUDE MJMODEL_POINTERS_EQUALITY MJMODEL_POINTERS_TENDON
                      MJMODEL_POINTERS_ACTUATOR MJMODEL_POINTERS_SENSOR
#undef X
                          CHECK(ngroup > 0 && ngroup < narray, "object groups: %d of %d arrays",
                                ngroup, narray);
  {
    /* a change in the copy is seen through the list (the key positions use MJ_M columns) */
    int ndiff = 0;
    copy->key_qpos[m->nq - 1] += 1;
#define X(type, name, nr, nc)                                                       \
  if (memcmp(m->name, copy->name, sizeof(type) * (size_t)(m->nr) * (size_t)(nc))) { \
    ndiff++;                                                                        \
  }
    MJMODEL_POINTERS
#undef X
    CHECK(ndiff == 1, "%d arrays differ after one change", ndiff);
  }
#undef MJ_M
#define MJ_M(n) n

  /* visualization-only visit: XNV entries are skipped */
  {
    int nscene = 0, has_mesh_vert = 0;
#undef XNV
#define XNV(type, name, nr, nc)
#define X(type, name, nr, nc) \
  nscene++;                   \
  has_mesh_vert |= !strcmp(#name, "mesh_vert");
    MJMODEL_POINTERS
#undef X
#undef XNV
#define XNV X
    CHECK(nscene < narray && !has_mesh_vert, "XNV skipped: %d of %d", nscene, narray);
  }
}

/* ---------------------------------- mjData lists ----------------------------------------- */

static void dataLists(const mjModel* m, mjData* d) {
  int nptr = 0;
#define X(type, name, nr, nc)                                        \
  nptr++;                                                            \
  CHECK(insideBuffer(d->buffer, (size_t)d->nbuffer, d->name,         \
                     sizeof(type) * (size_t)(m->nr) * (size_t)(nc)), \
        "mjData.%s", #name);
  MJDATA_POINTERS
#undef X
  CHECK(nptr > 50, "MJDATA_POINTERS has %d entries", nptr);

  /* arena arrays: counts of mjData through MJ_D, of mjModel through MJ_M */
  {
    int narena = 0, nset = 0;
#undef MJ_M
#undef MJ_D
#define MJ_M(n) m->n
#define MJ_D(n) d->n
#define X(type, name, nr, nc)                                       \
  narena++;                                                         \
  if (d->name) {                                                    \
    nset++;                                                         \
    CHECK(insideBuffer(d->arena, (size_t)d->narena, d->name,        \
                       sizeof(type) * (size_t)(nr) * (size_t)(nc)), \
          "arena array %s", #name);                                 \
  }
    MJDATA_ARENA_POINTERS
#undef X
    CHECK(d->ncon > 0 && d->nefc > 0 && nset > 0, "arena: %d of %d set, ncon %d nefc %d", nset,
          narena, d->ncon, d->nefc);
    {
      int ngroups = 0;
#define X(type, name, nr, nc) ngroups++;
      MJDATA_ARENA_POINTERS_CONTACT MJDATA_ARENA_POINTERS_SOLVER MJDATA_ARENA_POINTERS_DUAL
          MJDATA_ARENA_POINTERS_ISLAND
#undef X
              CHECK(ngroups == narena, "arena groups %d, list %d", ngroups, narena);
    }
    /* efc_KBIP has four numbers (K, B, I, P) per row */
    {
      int kbip_cols = 0;
#define X(type, name, nr, nc)       \
  if (!strcmp(#name, "efc_KBIP")) { \
    kbip_cols = (nc);               \
  }
      MJDATA_ARENA_POINTERS_SOLVER
#undef X
      CHECK(kbip_cols == 4, "efc_KBIP columns %d", kbip_cols);
    }
#undef MJ_M
#undef MJ_D
#define MJ_M(n) n
#define MJ_D(n) n
  }

  /* scalars and fixed-size vectors */
  {
    char text[2048] = "";
#define X(type, name) \
  snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s=%g ", #name, (double)d->name);
    MJDATA_SCALAR
#undef X
    CHECK(strstr(text, "ncon=") != NULL && strstr(text, "time=") != NULL, "scalars: %s", text);
#define X(type, name, nr, nc)                                                          \
  CHECK(sizeof(d->name) == sizeof(type) * (nr) * (nc), "mjData.%s is %d bytes", #name, \
        (int)sizeof(d->name));
    MJDATA_VECTOR
#undef X
  }
}

/* ---------------------------------- main ------------------------------------------------- */

static const char* kModel =
    "<mujoco>"
    "  <size nuser_body='2' nuser_jnt='1' nuser_geom='1' nuser_site='1' nuser_cam='1'"
    "        nuser_tendon='1' nuser_actuator='1' nuser_sensor='1'/>"
    "  <worldbody>"
    "    <geom type='plane' size='5 5 .1'/>"
    "    <light pos='0 0 3'/>"
    "    <camera name='fixed' pos='0 -3 1' xyaxes='1 0 0 0 .3 1'/>"
    "    <body name='arm' pos='0 0 1'>"
    "      <joint name='hinge' type='hinge' axis='0 1 0' range='-1 1'/>"
    "      <geom name='upper' type='capsule' fromto='0 0 0 .5 0 0' size='.05'/>"
    "      <site name='tip' pos='.5 0 0'/>"
    "      <body pos='.5 0 0'>"
    "        <joint name='slide' type='slide' axis='1 0 0'/>"
    "        <geom type='box' size='.1 .1 .1'/>"
    "      </body>"
    "    </body>"
    "    <body name='ball' pos='1 0 .2'>"
    "      <freejoint/>"
    "      <geom type='sphere' size='.2' mass='1'/>"
    "    </body>"
    "  </worldbody>"
    "  <tendon><fixed name='t'><joint joint='hinge' coef='1'/><joint joint='slide' coef='.5'/>"
    "  </fixed></tendon>"
    "  <actuator><motor joint='hinge' gear='2'/><position joint='slide' kp='10'/></actuator>"
    "  <sensor><jointpos joint='hinge'/><framepos objtype='site' objname='tip'/></sensor>"
    "  <keyframe><key name='home' qpos='0.1 0 1 0 .19 1 0 0 0'/></keyframe>"
    "</mujoco>";

int main(void) {
  char error[1000] = "";
  mjVFS vfs;
  mjModel *m, *copy;
  mjData* d;

  standardMath();

  mj_defaultVFS(&vfs);
  if (mj_addBufferVFS(&vfs, "client.xml", kModel, (int)strlen(kModel)) != 0) {
    printf("could not add the model to the VFS\n");
    return 1;
  }
  m = mj_loadXML("client.xml", &vfs, error, sizeof(error));
  mj_deleteVFS(&vfs);
  if (!m) {
    printf("model did not load: %s\n", error);
    return 1;
  }
  copy = mj_copyModel(NULL, m);
  d = mj_makeData(m);
  mj_resetDataKeyframe(m, d, 0);
  mj_forward(m, d);

  structLists(m);
  modelSizes(m);
  modelPointers(m, copy);
  dataLists(m, d);

  mj_deleteData(d);
  mj_deleteModel(copy);
  mj_deleteModel(m);
  if (failures) {
    printf("%d checks failed\n", failures);
    return 1;
  }
  printf("api_client: every Standard math macro and X-macro list used as MuJoCo's clients do\n");
  return 0;
}
