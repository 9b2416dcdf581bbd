// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjModel and mjData memory: defaults, allocation, copy, reset, keyframes and state vectors (the
// mjData stack and arena are in engine_io_memory.cc). The layouts are driven by the X-macro lists
// of mjxmacro.h, so a field added to the lists is allocated, copied and reset without touching this
// file.
//
// Spec: modeling.rst "Memory allocation" (arena layout); programming_simulation.rst "Internal
// stack", "State and control"; XMLreference.rst <option>, <visual>, <compiler><lengthrange>
// (defaults); APIreference_functions.rst "Initialization", "Support".

#include "engine/engine_io.h"
#include "engine/engine_history.h"
#include "engine/engine_plugin.h"
#include "engine/engine_sleep.h"

#include <stdint.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_support_names.h"
#include "engine/engine_util_errmem.h"

// X-macro size expressions: MJ_M(x) is a field of the model `m`, MJ_D(x) of the data `d`
#undef MJ_M
#define MJ_M(x) m->x
#undef MJ_D
#define MJ_D(x) d->x

namespace {

constexpr size_t kAlign = 64;                  // alignment of every array in the buffers
constexpr size_t kMaxBytes = size_t(1) << 50;  // sanity bound on any buffer (1 PiB)

size_t align64(size_t n) {
  return (n + kAlign - 1) & ~(kAlign - 1);
}

// memcpy/memset that accept NULL pointers when the size is 0
void copyBytes(void* dst, const void* src, size_t n) {
  if (n) {
    memcpy(dst, src, n);
  }
}
void fillBytes(void* dst, int value, size_t n) {
  if (n) {
    memset(dst, value, n);
  }
}

// Advance *offset past an array of nr x nc elements of `elsize` bytes whose start is rounded up
// to a multiple of 64. False on negative dimensions or overflow.
bool addArray(size_t* offset, size_t elsize, mjtSize nr, mjtSize nc) {
  if (nr < 0 || nc < 0) {
    return false;
  }
  size_t bytes;
  if (__builtin_mul_overflow(static_cast<size_t>(nr), static_cast<size_t>(nc), &bytes) ||
      __builtin_mul_overflow(bytes, elsize, &bytes)) {
    return false;
  }
  size_t start = align64(*offset);
  if (start < *offset || __builtin_add_overflow(start, bytes, offset)) {
    return false;
  }
  return *offset <= kMaxBytes;
}

// lowest valid value of a size field: -1 ("not specified") for the legacy njmax and nconmax of
// <size> (XMLreference.rst; MuJoCo keeps -1 in mjModel), 0 for the others
constexpr mjtSize minSize(const char* name) {
  const char* a = "njmax";
  const char* b = "nconmax";
  auto same = [](const char* x, const char* y) {
    while (*x && *x == *y) {
      x++;
      y++;
    }
    return *x == *y;
  };
  return (same(name, a) || same(name, b)) ? -1 : 0;
}

// all MJMODEL_SIZES sizes are in range (non-negative except the legacy -1 above)
bool validSizes(const mjModel* s, const char* caller) {
#define X(name)                                                                                  \
  if (s->name < minSize(#name)) {                                                                \
    mju_error("%s: size %s is negative (%lld)", caller, #name, static_cast<long long>(s->name)); \
    return false;                                                                                \
  }
  MJMODEL_SIZES
#undef X
  return true;
}

bool modelBufferSize(const mjModel* m, size_t* size) {
  size_t offset = 0;
  bool ok = true;
#define X(type, name, nr, nc) ok = ok && addArray(&offset, sizeof(type), m->nr, (nc));
  MJMODEL_POINTERS
#undef X
  // the end of the last array, not rounded up (as MuJoCo counts it; the allocation is padded)
  *size = offset;
  return ok;
}

bool dataBufferSize(const mjModel* m, size_t* size) {
  size_t offset = 0;
  bool ok = true;
#define X(type, name, nr, nc) \
  ok = ok && addArray(&offset, sizeof(type), m->nr, static_cast<mjtSize>(nc));
  MJDATA_POINTERS
#undef X
  *size = offset;  // as for the model
  return ok;
}

// point every model array into m->buffer (sizes validated by modelBufferSize)
void setModelPointers(mjModel* m) {
  char* base = static_cast<char*>(m->buffer);
  size_t offset = 0;
#define X(type, name, nr, nc)                       \
  offset = align64(offset);                         \
  m->name = reinterpret_cast<type*>(base + offset); \
  offset += sizeof(type) * static_cast<size_t>(m->nr) * static_cast<size_t>((nc));
  MJMODEL_POINTERS
#undef X
}

// point every data array into d->buffer (sizes validated by dataBufferSize)
void setDataPointers(const mjModel* m, mjData* d) {
  char* base = static_cast<char*>(d->buffer);
  size_t offset = 0;
#define X(type, name, nr, nc)                       \
  offset = align64(offset);                         \
  d->name = reinterpret_cast<type*>(base + offset); \
  offset += sizeof(type) * static_cast<size_t>(m->nr) * static_cast<size_t>(nc);
  MJDATA_POINTERS
#undef X
}

void defaultStatistic(mjStatistic* stat) {
  stat->meaninertia = 1;
  stat->meanmass = 1;
  stat->meansize = 1;
  stat->extent = 1;
  stat->center[0] = stat->center[1] = stat->center[2] = 0;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// defaults (XMLreference.rst <option>, <visual>, <compiler><lengthrange>; modeling.rst solref /
// solimp)

void mj_defaultSolRefImp(mjtNum* solref, mjtNum* solimp) {
  if (solref) {
    solref[0] = 0.02;  // time constant
    solref[1] = 1;     // damping ratio
  }
  if (solimp) {
    solimp[0] = 0.9;    // dmin
    solimp[1] = 0.95;   // dmax
    solimp[2] = 0.001;  // width
    solimp[3] = 0.5;    // midpoint
    solimp[4] = 2;      // power
  }
}

void mj_defaultOption(mjOption* opt) {
  memset(opt, 0, sizeof(mjOption));
  opt->timestep = 0.002;
  opt->impratio = 1;
  opt->tolerance = 1e-8;
  opt->ls_tolerance = 0.01;
  opt->noslip_tolerance = 1e-6;
  opt->ccd_tolerance = 1e-6;
  opt->sleep_tolerance = 1e-4;
  opt->gravity[2] = -9.81;
  opt->magnetic[1] = -0.5;
  mj_defaultSolRefImp(opt->o_solref, opt->o_solimp);
  const mjtNum friction[5] = {1, 1, 0.005, 0.0001, 0.0001};  // <pair friction> default
  for (int i = 0; i < 5; i++) {
    opt->o_friction[i] = friction[i];
  }
  opt->integrator = mjINT_EULER;
  opt->cone = mjCONE_PYRAMIDAL;
  opt->jacobian = mjJAC_AUTO;
  opt->solver = mjSOL_NEWTON;
  opt->iterations = 100;
  opt->ls_iterations = 50;
  opt->noslip_iterations = 0;
  // MuJoCo defaults to 35 (its documentation says 50): see doc/conformance.md#defaults
  opt->ccd_iterations = 35;
  // every <flag> defaults to its documented state; multiccd is a disable bit, so it starts
  // enabled, as in MuJoCo 3.8 (see doc/conformance.md#defaults)
  opt->disableflags = 0;
  opt->enableflags = 0;
  opt->disableactuator = 0;
  opt->sdf_initpoints = 40;
  opt->sdf_iterations = 10;
}

void mj_defaultLROpt(mjLROpt* opt) {
  opt->mode = mjLRMODE_MUSCLE;
  opt->useexisting = 1;
  opt->uselimit = 0;
  opt->accel = 20;
  opt->maxforce = 0;
  opt->timeconst = 1;
  opt->timestep = 0.01;
  opt->inttotal = 10;
  opt->interval = 2;
  opt->tolrange = 0.05;
}

namespace {

void setRGBA(float* rgba, float r, float g, float b, float a) {
  rgba[0] = r;
  rgba[1] = g;
  rgba[2] = b;
  rgba[3] = a;
}

void defaultVisualGlobal(mjVisual* vis) {
  vis->global.cameraid = -1;
  vis->global.orthographic = 0;
  vis->global.fovy = 45;
  vis->global.ipd = 0.068f;
  vis->global.azimuth = 90;
  vis->global.elevation = -45;
  vis->global.linewidth = 1;
  vis->global.glow = 0.3f;
  vis->global.realtime = 1;
  vis->global.offwidth = 640;
  vis->global.offheight = 480;
  vis->global.ellipsoidinertia = 0;
  vis->global.bvactive = 1;

  vis->quality.shadowsize = 4096;
  vis->quality.offsamples = 4;
  vis->quality.numslices = 28;
  vis->quality.numstacks = 16;
  vis->quality.numquads = 4;

  for (int i = 0; i < 3; i++) {
    vis->headlight.ambient[i] = 0.1f;
    vis->headlight.diffuse[i] = 0.4f;
    vis->headlight.specular[i] = 0.5f;
  }
  vis->headlight.active = 1;
}

void defaultVisualMapScale(mjVisual* vis) {
  vis->map.stiffness = 100;
  vis->map.stiffnessrot = 500;
  vis->map.force = 0.005f;
  vis->map.torque = 0.1f;
  vis->map.alpha = 0.3f;
  vis->map.fogstart = 3;
  vis->map.fogend = 10;
  vis->map.znear = 0.01f;
  vis->map.zfar = 50;
  vis->map.haze = 0.3f;
  vis->map.shadowclip = 1;
  vis->map.shadowscale = 0.6f;
  vis->map.actuatortendon = 2;

  vis->scale.forcewidth = 0.1f;
  vis->scale.contactwidth = 0.3f;
  vis->scale.contactheight = 0.1f;
  vis->scale.connect = 0.2f;
  vis->scale.com = 0.4f;
  vis->scale.camera = 0.3f;
  vis->scale.light = 0.3f;
  vis->scale.selectpoint = 0.2f;
  vis->scale.jointlength = 1.0f;
  vis->scale.jointwidth = 0.1f;
  vis->scale.actuatorlength = 0.7f;
  vis->scale.actuatorwidth = 0.2f;
  vis->scale.framelength = 1.0f;
  vis->scale.framewidth = 0.1f;
  vis->scale.constraint = 0.1f;
  vis->scale.slidercrank = 0.2f;
  vis->scale.frustum = 10;
}

void defaultVisualRGBA(mjVisual* vis) {
  setRGBA(vis->rgba.fog, 0, 0, 0, 1);
  setRGBA(vis->rgba.haze, 1, 1, 1, 1);
  setRGBA(vis->rgba.force, 1, 0.5f, 0.5f, 1);
  setRGBA(vis->rgba.inertia, 0.8f, 0.2f, 0.2f, 0.6f);
  setRGBA(vis->rgba.joint, 0.2f, 0.6f, 0.8f, 1);
  setRGBA(vis->rgba.actuator, 0.2f, 0.25f, 0.2f, 1);
  setRGBA(vis->rgba.actuatornegative, 0.2f, 0.6f, 0.9f, 1);
  setRGBA(vis->rgba.actuatorpositive, 0.9f, 0.4f, 0.2f, 1);
  setRGBA(vis->rgba.com, 0.9f, 0.9f, 0.9f, 1);
  setRGBA(vis->rgba.camera, 0.6f, 0.9f, 0.6f, 1);
  setRGBA(vis->rgba.light, 0.6f, 0.6f, 0.9f, 1);
  setRGBA(vis->rgba.selectpoint, 0.9f, 0.9f, 0.1f, 1);
  setRGBA(vis->rgba.connect, 0.2f, 0.2f, 0.8f, 1);
  setRGBA(vis->rgba.contactpoint, 0.9f, 0.6f, 0.2f, 1);
  setRGBA(vis->rgba.contactforce, 0.7f, 0.9f, 0.9f, 1);
  setRGBA(vis->rgba.contactfriction, 0.9f, 0.8f, 0.4f, 1);
  setRGBA(vis->rgba.contacttorque, 0.9f, 0.7f, 0.9f, 1);
  setRGBA(vis->rgba.contactgap, 0.5f, 0.8f, 0.9f, 1);
  setRGBA(vis->rgba.rangefinder, 1, 1, 0.1f, 1);
  setRGBA(vis->rgba.constraint, 0.9f, 0, 0, 1);
  setRGBA(vis->rgba.slidercrank, 0.5f, 0.3f, 0.8f, 1);
  setRGBA(vis->rgba.crankbroken, 0.9f, 0, 0, 1);
  setRGBA(vis->rgba.frustum, 1, 1, 0, 0.2f);
  setRGBA(vis->rgba.bv, 0, 1, 0, 0.5f);
  setRGBA(vis->rgba.bvactive, 1, 0, 0, 0.5f);
}

}  // namespace

void mj_defaultVisual(mjVisual* vis) {
  memset(vis, 0, sizeof(mjVisual));
  defaultVisualGlobal(vis);
  defaultVisualMapScale(vis);
  defaultVisualRGBA(vis);
}

// ---------------------------------------------------------------------------------------------
// model

size_t mj_modelBufferSize(const mjModel* sizes) {
  size_t size;
  if (!sizes || !validSizes(sizes, "mj_modelBufferSize")) {
    return 0;
  }
  if (!modelBufferSize(sizes, &size)) {
    mjERROR("model too large");
    return 0;
  }
  return size;
}

mjModel* mj_allocModel(const mjModel* sizes) {
  if (!sizes) {
    mjERROR("sizes is NULL");
    return nullptr;
  }
  size_t nbuffer;
  if (!validSizes(sizes, "mj_allocModel")) {
    return nullptr;
  }
  if (!modelBufferSize(sizes, &nbuffer)) {
    mjERROR("model too large to allocate");
    return nullptr;
  }
  mjModel* m = static_cast<mjModel*>(mju_calloc(sizeof(mjModel)));
  if (!m) {
    return nullptr;
  }
#define X(name) m->name = sizes->name;
  MJMODEL_SIZES
#undef X
  m->nbuffer = static_cast<mjtSize>(nbuffer);

  // at least one block, so that arrays of size 0 still point into valid memory
  size_t nalloc = nbuffer > 0 ? nbuffer : kAlign;
  m->buffer = mju_calloc(nalloc);
  if (!m->buffer) {
    mju_free(m);
    return nullptr;
  }
  setModelPointers(m);
  mj_defaultOption(&m->opt);
  mj_defaultVisual(&m->vis);
  defaultStatistic(&m->stat);
  return m;
}

void mj_deleteModel(mjModel* m) {
  if (!m) {
    return;
  }
  mju_free(m->buffer);
  mju_free(m);
}

mjModel* mj_copyModel(mjModel* dest, const mjModel* src) {
  if (!src) {
    mjERROR("src is NULL");
    return nullptr;
  }
  if (!dest) {
    dest = mj_allocModel(src);
    if (!dest) {
      return nullptr;
    }
  } else {
#define X(name)                                                                          \
  if (dest->name != src->name) {                                                         \
    mjERROR("dest and src have different sizes: %s is %lld in dest, %lld in src", #name, \
            static_cast<long long>(dest->name), static_cast<long long>(src->name));      \
    return nullptr;                                                                      \
  }
    MJMODEL_SIZES
#undef X
  }
  if (dest == src) {
    return dest;
  }

  dest->opt = src->opt;
  dest->vis = src->vis;
  dest->stat = src->stat;
  dest->signature = src->signature;

  // array by array: does not depend on the layout of src's buffer
  const mjModel* m = src;
#define X(type, name, nr, nc) \
  copyBytes(dest->name, src->name, sizeof(type) * static_cast<size_t>(m->nr) * (nc));
  MJMODEL_POINTERS
#undef X
  return dest;
}

// ---------------------------------------------------------------------------------------------
// mjData allocation

size_t mj_dataBufferSize(const mjModel* m) {
  size_t size;
  if (!m || !validSizes(m, "mj_dataBufferSize")) {
    return 0;
  }
  if (!dataBufferSize(m, &size)) {
    mjERROR("data too large");
    return 0;
  }
  return size;
}

namespace {

// As MuJoCo: an mjData array whose size is negative (a damaged or hand-edited model) is a warning
// naming the array, and no mjData is made.
bool dataSizesValid(const mjModel* m) {
#define X(type, name, nr, nc)                          \
  if (m->nr < 0 || (nc) < 0) {                         \
    mju_warning("Invalid data: %s too large.", #name); \
    return false;                                      \
  }
  MJDATA_POINTERS
#undef X
  return true;
}

// mjData with its buffer and arena allocated and the buffer pointers set; contents undefined
mjData* allocData(const mjModel* m, const char* caller) {
  if (!m) {
    mju_error("%s: model is NULL", caller);
    return nullptr;
  }
  size_t nbuffer;
  if (!dataSizesValid(m) || !validSizes(m, caller)) {
    return nullptr;
  }
  if (!dataBufferSize(m, &nbuffer) || static_cast<size_t>(m->narena) > kMaxBytes) {
    mju_error("%s: mjData too large to allocate", caller);
    return nullptr;
  }
  mjData* d = static_cast<mjData*>(mju_calloc(sizeof(mjData)));
  if (!d) {
    return nullptr;
  }
  d->nbuffer = static_cast<mjtSize>(nbuffer);
  d->narena = m->narena;
  d->nplugin = static_cast<int>(m->nplugin);
  // the arena can be large (<size memory>): on failure everything is freed before the error,
  // whose handler may not return
  d->buffer = mju_tryMalloc(nbuffer > 0 ? nbuffer : kAlign);
  d->arena = mju_tryMalloc(static_cast<size_t>(m->narena));
  if (!d->buffer || (m->narena > 0 && !d->arena)) {
    mj_deleteData(d);
    mju_error("%s: could not allocate %zu bytes of buffer and %zu bytes of arena", caller, nbuffer,
              static_cast<size_t>(m->narena));
    return nullptr;
  }
  setDataPointers(m, d);
  d->signature = m->signature;
  return d;
}

}  // namespace

mjData* mj_allocDataUninit(const mjModel* m) {
  mjData* d = allocData(m, "mj_makeData");
  if (!d) {
    return nullptr;
  }
  fillBytes(d->plugin_data, 0, sizeof(uintptr_t) * d->nplugin);
  fillBytes(d->plugin, 0, sizeof(int) * d->nplugin);
  return d;
}

void mj_initData(const mjModel* m, mjData* d) {
  if (m->buffer) {
    mj_pluginInit(m, d);  // plugin_data is the plugins' own (programming_extension.rst)
  }
  mj_resetData(m, d);
}

mjData* mj_makeData(const mjModel* m) {
  mjData* d = mj_allocDataUninit(m);
  if (d) {
    mj_initData(m, d);
  }
  return d;
}

void mj_deleteData(mjData* d) {
  if (!d) {
    return;
  }
  if (d->buffer) {
    mj_pluginDestroyData(d);
  }
  mju_free(d->buffer);
  mju_free(d->arena);
  mju_free(d);
}

namespace {

// does d have the buffer and arena sizes of model m
bool dataMatches(const mjModel* m, const mjData* d) {
  size_t nbuffer;
  return dataBufferSize(m, &nbuffer) && d->nbuffer == static_cast<mjtSize>(nbuffer) &&
         d->narena == m->narena;
}

// Re-point an arena pointer of src into dest's arena at the same offset. Pointers outside the
// source arena (there should be none) become NULL.
void* rebaseArena(const mjData* src, mjData* dest, const void* ptr) {
  uintptr_t p = reinterpret_cast<uintptr_t>(ptr);
  uintptr_t base = reinterpret_cast<uintptr_t>(src->arena);
  if (!ptr || p < base || p > base + static_cast<size_t>(src->narena)) {
    return nullptr;
  }
  return static_cast<char*>(dest->arena) + (p - base);
}

}  // namespace

// Copy everything: scalars, vectors, the buffer arrays, the arena in use (bottom part and
// stack) and the arena pointers, re-pointed into dest. The copy steps identically.
mjData* mj_copyData(mjData* dest, const mjModel* m, const mjData* src) {
  if (!m || !src) {
    mjERROR("model and src must not be NULL");
    return nullptr;
  }
  if (!dataMatches(m, src)) {
    mjERROR("src does not match the model sizes");
    return nullptr;
  }
  if (!dest) {
    dest = allocData(m, "mj_copyData");
    if (!dest) {
      return nullptr;
    }
  } else if (!dataMatches(m, dest)) {
    mjERROR("dest does not match the model sizes");
    return nullptr;
  }
  if (dest == src) {
    return dest;
  }

#define X(type, name) dest->name = src->name;
  MJDATA_SCALAR
#undef X
#define X(type, name, nr, nc) memcpy(dest->name, src->name, sizeof(type) * (nr) * (nc));
  MJDATA_VECTOR
#undef X
#define X(type, name, nr, nc) \
  copyBytes(dest->name, src->name, sizeof(type) * static_cast<size_t>(m->nr) * (nc));
  MJDATA_POINTERS
#undef X

  // arena: the bottom part in use, then the stack (top pstack bytes)
  size_t narena = static_cast<size_t>(src->narena);
  copyBytes(dest->arena, src->arena, src->parena);
  copyBytes(static_cast<char*>(dest->arena) + (narena - src->pstack),
            static_cast<const char*>(src->arena) + (narena - src->pstack), src->pstack);
#define X(type, name, nr, nc) dest->name = static_cast<type*>(rebaseArena(src, dest, src->name));
  MJDATA_ARENA_POINTERS
#undef X
  dest->signature = src->signature;
  // plugin_data was copied as pointers: each plugin sets up its own data for the copy
  mj_pluginCopy(dest, m, src);
  return dest;
}

// ---------------------------------------------------------------------------------------------
// reset

namespace {

// arrays that survive a reset: plugin instance ids and their instance data
constexpr bool keptByReset(const char* name) {
  const char* a = "plugin";
  const char* b = "plugin_data";
  auto same = [](const char* x, const char* y) {
    while (*x && *x == *y) {
      x++;
      y++;
    }
    return *x == *y;
  };
  return same(name, a) || same(name, b);
}

// the diagnostics and bookkeeping scalars / vectors back to zero
void resetScalars(mjData* d) {
  d->pstack = 0;
  d->pbase = 0;
  d->maxuse_stack = 0;
  d->maxuse_arena = 0;
  d->maxuse_con = 0;
  d->maxuse_efc = 0;
  memset(d->maxuse_threadstack, 0, sizeof(d->maxuse_threadstack));
  memset(d->solver, 0, sizeof(d->solver));
  memset(d->solver_niter, 0, sizeof(d->solver_niter));
  memset(d->solver_nnz, 0, sizeof(d->solver_nnz));
  memset(d->solver_fwdinv, 0, sizeof(d->solver_fwdinv));
  memset(d->warning, 0, sizeof(d->warning));
  memset(d->timer, 0, sizeof(d->timer));
  memset(d->energy, 0, sizeof(d->energy));
  d->flg_energypos = 0;
  d->flg_energyvel = 0;
  d->flg_subtreevel = 0;
  d->flg_rnepost = 0;
  d->time = 0;
  mj_clearEfc(d);
}

// the user inputs and physics state that have zero defaults (programming_simulation.rst
// "State and control": all inputs except mocap poses default to 0)
void zeroInputs(const mjModel* m, mjData* d) {
  fillBytes(d->qvel, 0, sizeof(mjtNum) * m->nv);
  fillBytes(d->act, 0, sizeof(mjtNum) * m->na);
  fillBytes(d->history, 0, sizeof(mjtNum) * m->nhistory);
  fillBytes(d->qacc_warmstart, 0, sizeof(mjtNum) * m->nv);
  fillBytes(d->plugin_state, 0, sizeof(mjtNum) * m->npluginstate);
  fillBytes(d->ctrl, 0, sizeof(mjtNum) * m->nu);
  fillBytes(d->qfrc_applied, 0, sizeof(mjtNum) * m->nv);
  fillBytes(d->xfrc_applied, 0, sizeof(mjtNum) * 6 * m->nbody);
  fillBytes(d->userdata, 0, sizeof(mjtNum) * m->nuserdata);
  fillBytes(d->qpos, 0, sizeof(mjtNum) * m->nq);
  fillBytes(d->eq_active, 0, sizeof(mjtByte) * m->neq);
  fillBytes(d->mocap_pos, 0, sizeof(mjtNum) * 3 * m->nmocap);
  fillBytes(d->mocap_quat, 0, sizeof(mjtNum) * 4 * m->nmocap);
}

// the defaults that come from the model: qpos0, mocap poses of the mocap bodies, eq_active0
void modelDefaults(const mjModel* m, mjData* d) {
  copyBytes(d->qpos, m->qpos0, sizeof(mjtNum) * m->nq);
  for (mjtSize b = 0; b < m->nbody; b++) {
    int id = m->body_mocapid[b];
    if (id >= 0 && id < m->nmocap) {
      copyBytes(d->mocap_pos + 3 * id, m->body_pos + 3 * b, 3 * sizeof(mjtNum));
      copyBytes(d->mocap_quat + 4 * id, m->body_quat + 4 * b, 4 * sizeof(mjtNum));
    }
  }
  copyBytes(d->eq_active, m->eq_active0, sizeof(mjtByte) * m->neq);
}

// Reset with every buffer array (except plugin ids and data) and, in debug mode, the arena
// filled with `fill`, then the defaults of the state and inputs.
void resetData(const mjModel* m, mjData* d, unsigned char fill, bool debug, const char* caller) {
  if (!m || !d) {
    mju_error("%s: model and data must not be NULL", caller);
    return;
  }
  if (!dataMatches(m, d)) {
    mju_error("%s: mjData was not made for this model (buffer or arena size differs)", caller);
    return;
  }
#define X(type, name, nr, nc)                                                   \
  if (!keptByReset(#name)) {                                                    \
    fillBytes(d->name, fill, sizeof(type) * static_cast<size_t>(m->nr) * (nc)); \
  }
  MJDATA_POINTERS
#undef X
  if (debug) {
    fillBytes(d->arena, fill, static_cast<size_t>(d->narena));
  }
  resetScalars(d);
  zeroInputs(m, d);
  if (m->buffer) {
    modelDefaults(m, d);
    mj_pluginReset(m, d);
  }
  mj_resetSleep(m, d);
  if (m->buffer) {
    mj_historyReset(m, d);
    mj_sleepInit(m, d);
  }
}

}  // namespace

void mj_resetData(const mjModel* m, mjData* d) {
  resetData(m, d, 0, false, "mj_resetData");
}

void mj_resetDataDebug(const mjModel* m, mjData* d, unsigned char debug_value) {
  resetData(m, d, debug_value, true, "mj_resetDataDebug");
}

// Reset, then the keyframe's time, qpos, qvel, act, ctrl, mocap_pos and mocap_quat. As in the
// API reference, a key outside [0, nkey) leaves the plain reset.
void mj_resetDataKeyframe(const mjModel* m, mjData* d, int key) {
  resetData(m, d, 0, false, "mj_resetDataKeyframe");
  if (!m || !d || !m->buffer || key < 0 || key >= m->nkey) {
    return;
  }
  d->time = m->key_time[key];
  copyBytes(d->qpos, m->key_qpos + key * m->nq, sizeof(mjtNum) * m->nq);
  copyBytes(d->qvel, m->key_qvel + key * m->nv, sizeof(mjtNum) * m->nv);
  copyBytes(d->act, m->key_act + key * m->na, sizeof(mjtNum) * m->na);
  copyBytes(d->ctrl, m->key_ctrl + key * m->nu, sizeof(mjtNum) * m->nu);
  copyBytes(d->mocap_pos, m->key_mpos + key * 3 * m->nmocap, sizeof(mjtNum) * 3 * m->nmocap);
  copyBytes(d->mocap_quat, m->key_mquat + key * 4 * m->nmocap, sizeof(mjtNum) * 4 * m->nmocap);
}

// Copy the current time, qpos, qvel, act, ctrl and mocap poses into keyframe k.
void mj_setKeyframe(mjModel* m, const mjData* d, int k) {
  if (!m || !d) {
    mjERROR("model and data must not be NULL");
    return;
  }
  if (k < 0 || k >= m->nkey) {
    mjERROR("keyframe index %d out of range [0, %lld)", k, static_cast<long long>(m->nkey));
    return;
  }
  m->key_time[k] = d->time;
  copyBytes(m->key_qpos + k * m->nq, d->qpos, sizeof(mjtNum) * m->nq);
  copyBytes(m->key_qvel + k * m->nv, d->qvel, sizeof(mjtNum) * m->nv);
  copyBytes(m->key_act + k * m->na, d->act, sizeof(mjtNum) * m->na);
  copyBytes(m->key_ctrl + k * m->nu, d->ctrl, sizeof(mjtNum) * m->nu);
  copyBytes(m->key_mpos + k * 3 * m->nmocap, d->mocap_pos, sizeof(mjtNum) * 3 * m->nmocap);
  copyBytes(m->key_mquat + k * 4 * m->nmocap, d->mocap_quat, sizeof(mjtNum) * 4 * m->nmocap);
}

// ---------------------------------------------------------------------------------------------
// state vectors (programming_simulation.rst "State and control"): the components of mjtState,
// concatenated in bit order

int mj_stateComponentSize(const mjModel* m, int bit) {
  switch (1 << bit) {
    case mjSTATE_TIME:
      return 1;
    case mjSTATE_QPOS:
      return static_cast<int>(m->nq);
    case mjSTATE_QVEL:
      return static_cast<int>(m->nv);
    case mjSTATE_ACT:
      return static_cast<int>(m->na);
    case mjSTATE_HISTORY:
      return static_cast<int>(m->nhistory);
    case mjSTATE_WARMSTART:
      return static_cast<int>(m->nv);
    case mjSTATE_CTRL:
      return static_cast<int>(m->nu);
    case mjSTATE_QFRC_APPLIED:
      return static_cast<int>(m->nv);
    case mjSTATE_XFRC_APPLIED:
      return static_cast<int>(6 * m->nbody);
    case mjSTATE_EQ_ACTIVE:
      return static_cast<int>(m->neq);
    case mjSTATE_MOCAP_POS:
      return static_cast<int>(3 * m->nmocap);
    case mjSTATE_MOCAP_QUAT:
      return static_cast<int>(4 * m->nmocap);
    case mjSTATE_USERDATA:
      return static_cast<int>(m->nuserdata);
    case mjSTATE_PLUGIN:
      return static_cast<int>(m->npluginstate);
    default:
      return 0;
  }
}

namespace {

// the mjtNum array of a component (NULL for mjSTATE_EQ_ACTIVE, which is stored as bytes)
mjtNum* componentArray(mjData* d, int bit) {
  switch (1 << bit) {
    case mjSTATE_TIME:
      return &d->time;
    case mjSTATE_QPOS:
      return d->qpos;
    case mjSTATE_QVEL:
      return d->qvel;
    case mjSTATE_ACT:
      return d->act;
    case mjSTATE_HISTORY:
      return d->history;
    case mjSTATE_WARMSTART:
      return d->qacc_warmstart;
    case mjSTATE_CTRL:
      return d->ctrl;
    case mjSTATE_QFRC_APPLIED:
      return d->qfrc_applied;
    case mjSTATE_XFRC_APPLIED:
      return d->xfrc_applied;
    case mjSTATE_MOCAP_POS:
      return d->mocap_pos;
    case mjSTATE_MOCAP_QUAT:
      return d->mocap_quat;
    case mjSTATE_USERDATA:
      return d->userdata;
    case mjSTATE_PLUGIN:
      return d->plugin_state;
    default:
      return nullptr;
  }
}

bool validSig(int sig, const char* caller) {
  if (sig < 0 || sig >= (1 << mjNSTATE)) {
    mju_error("%s: invalid state signature %d (must be in [0, %d))", caller, sig, 1 << mjNSTATE);
    return false;
  }
  return true;
}

// component `bit` of d -> state
void getComponent(const mjModel* m, const mjData* d, int bit, mjtNum* state) {
  int n = mj_stateComponentSize(m, bit);
  if ((1 << bit) == mjSTATE_EQ_ACTIVE) {
    for (int i = 0; i < n; i++) {
      state[i] = d->eq_active[i];
    }
  } else {
    copyBytes(state, componentArray(const_cast<mjData*>(d), bit), n * sizeof(mjtNum));
  }
}

// state -> component `bit` of d (eq_active: nonzero means active)
void setComponent(const mjModel* m, mjData* d, int bit, const mjtNum* state) {
  int n = mj_stateComponentSize(m, bit);
  if ((1 << bit) == mjSTATE_EQ_ACTIVE) {
    for (int i = 0; i < n; i++) {
      d->eq_active[i] = static_cast<mjtByte>(state[i] != 0);
    }
  } else {
    copyBytes(componentArray(d, bit), state, n * sizeof(mjtNum));
  }
}

}  // namespace

int mj_stateSize(const mjModel* m, int sig) {
  if (!m) {
    mjERROR("model is NULL");
    return 0;
  }
  if (!validSig(sig, "mj_stateSize")) {
    return 0;
  }
  int size = 0;
  for (int bit = 0; bit < mjNSTATE; bit++) {
    if (sig & (1 << bit)) {
      size += mj_stateComponentSize(m, bit);
    }
  }
  return size;
}

void mj_getState(const mjModel* m, const mjData* d, mjtNum* state, int sig) {
  if (!m || !d || !state) {
    mjERROR("model, data and state must not be NULL");
    return;
  }
  if (!validSig(sig, "mj_getState")) {
    return;
  }
  int adr = 0;
  for (int bit = 0; bit < mjNSTATE; bit++) {
    if (sig & (1 << bit)) {
      getComponent(m, d, bit, state + adr);
      adr += mj_stateComponentSize(m, bit);
    }
  }
}

void mj_setState(const mjModel* m, mjData* d, const mjtNum* state, int sig) {
  if (!m || !d || !state) {
    mjERROR("model, data and state must not be NULL");
    return;
  }
  if (!validSig(sig, "mj_setState")) {
    return;
  }
  int adr = 0;
  for (int bit = 0; bit < mjNSTATE; bit++) {
    if (sig & (1 << bit)) {
      setComponent(m, d, bit, state + adr);
      adr += mj_stateComponentSize(m, bit);
    }
  }
}

void mj_copyState(const mjModel* m, const mjData* src, mjData* dst, int sig) {
  if (!m || !src || !dst) {
    mjERROR("model, src and dst must not be NULL");
    return;
  }
  if (!validSig(sig, "mj_copyState")) {
    return;
  }
  for (int bit = 0; bit < mjNSTATE; bit++) {
    if (!(sig & (1 << bit))) {
      continue;
    }
    int n = mj_stateComponentSize(m, bit);
    if ((1 << bit) == mjSTATE_EQ_ACTIVE) {
      copyBytes(dst->eq_active, src->eq_active, n * sizeof(mjtByte));
    } else {
      copyBytes(componentArray(dst, bit), componentArray(const_cast<mjData*>(src), bit),
                n * sizeof(mjtNum));
    }
  }
}

void mj_extractState(const mjModel* m, const mjtNum* src, int srcsig, mjtNum* dst, int dstsig) {
  if (!m || !src || !dst) {
    mjERROR("model, src and dst must not be NULL");
    return;
  }
  if (!validSig(srcsig, "mj_extractState") || !validSig(dstsig, "mj_extractState")) {
    return;
  }
  if (dstsig & ~srcsig) {
    mjERROR("dstsig %d is not a subset of srcsig %d", dstsig, srcsig);
    return;
  }
  for (int bit = 0; bit < mjNSTATE; bit++) {
    if (!(srcsig & (1 << bit))) {
      continue;
    }
    int n = mj_stateComponentSize(m, bit);
    if (dstsig & (1 << bit)) {
      copyBytes(dst, src, n * sizeof(mjtNum));
      dst += n;
    }
    src += n;
  }
}
