// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjModel / mjData memory: buffer layout, defaults, copy, stack and arena, reset, keyframes and
// the text dumps (src/engine/engine_io.cc, engine_io_print.cc).

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "fixture.h"
#include "io_model.h"

namespace {

using motus_test::MakeTestModel;
using motus_test::MujocoError;
using motus_test::ScopedErrorCapture;

#undef MJ_M
#define MJ_M(x) m->x
#undef MJ_D
#define MJ_D(x) d->x

struct Block {
  const char* name;
  uintptr_t start;
  size_t bytes;
};

// check a list of arrays against a buffer: 64-byte aligned, inside the buffer, in list order,
// non-overlapping
void CheckLayout(const std::vector<Block>& blocks, const void* buffer, size_t nbuffer) {
  uintptr_t base = reinterpret_cast<uintptr_t>(buffer);
  uintptr_t prev_end = base;
  for (const Block& b : blocks) {
    EXPECT_EQ(b.start % 64, 0u) << b.name;
    EXPECT_GE(b.start, prev_end) << b.name << " overlaps the previous array";
    EXPECT_LE(b.start + b.bytes, base + nbuffer) << b.name << " extends past the buffer";
    prev_end = b.start + b.bytes;
  }
}

TEST(IoModel, BufferLayoutFollowsXMacros) {
  mjModel* m = MakeTestModel();
  ASSERT_NE(m, nullptr);
  std::vector<Block> blocks;
  size_t total = 0;
#define X(type, name, nr, nc)                                           \
  blocks.push_back({#name, reinterpret_cast<uintptr_t>(m->name),        \
                    sizeof(type) * static_cast<size_t>(m->nr * (nc))}); \
  total += sizeof(type) * static_cast<size_t>(m->nr * (nc));
  MJMODEL_POINTERS
#undef X
  CheckLayout(blocks, m->buffer, m->nbuffer);
  EXPECT_GE(static_cast<size_t>(m->nbuffer), total);
  EXPECT_EQ(static_cast<size_t>(m->nbuffer), mj_modelBufferSize(m));
  // padding per array is below 64 bytes
  EXPECT_LT(static_cast<size_t>(m->nbuffer), total + 64 * blocks.size() + 64);
  EXPECT_EQ(m->nkey, 2);
  EXPECT_EQ(m->nuser_body, 2);
  // keyframe mocap arrays are nkey x 3*nmocap and nkey x 4*nmocap (XMLreference.rst <key>)
  EXPECT_GE(reinterpret_cast<char*>(m->key_mquat) - reinterpret_cast<char*>(m->key_mpos),
            static_cast<long>(sizeof(mjtNum) * m->nkey * 3 * m->nmocap));
  EXPECT_EQ(reinterpret_cast<char*>(m->key_mquat) - reinterpret_cast<char*>(m->key_mpos),
            static_cast<long>((sizeof(mjtNum) * m->nkey * 3 * m->nmocap + 63) / 64 * 64));
  mj_deleteModel(m);
}

TEST(IoModel, EveryPointerFieldIsInTheXMacros) {
  // overwrite the struct with ones, clear the fields the lists know, and look for leftovers
  // between `buffer` and `signature`: a pointer the X-macros miss would stay non-zero
  mjModel m;
  memset(&m, 0xff, sizeof(m));
  m.buffer = nullptr;
#define X(type, name, nr, nc) m.name = nullptr;
  MJMODEL_POINTERS
#undef X
  const unsigned char* p = reinterpret_cast<const unsigned char*>(&m.buffer);
  const unsigned char* end = reinterpret_cast<const unsigned char*>(&m.signature);
  for (; p < end; p++) {
    ASSERT_EQ(*p, 0) << "byte offset " << (p - reinterpret_cast<const unsigned char*>(&m));
  }

  mjData d;
  memset(&d, 0xff, sizeof(d));
  d.buffer = nullptr;
  d.arena = nullptr;
#define X(type, name, nr, nc) d.name = nullptr;
  MJDATA_POINTERS
  MJDATA_ARENA_POINTERS
#undef X
  p = reinterpret_cast<const unsigned char*>(&d.buffer);
  end = reinterpret_cast<const unsigned char*>(&d.threadpool);
  for (; p < end; p++) {
    ASSERT_EQ(*p, 0) << "byte offset " << (p - reinterpret_cast<const unsigned char*>(&d));
  }
}

TEST(IoModel, AllocZeroesArraysAndSetsDefaults) {
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  sizes.nq = 3;
  sizes.nv = 3;
  sizes.nbody = 2;
  sizes.nuser_body = 4;
  sizes.nbuffer = 12345;  // ignored: recomputed
  mjModel* m = mj_allocModel(&sizes);
  ASSERT_NE(m, nullptr);
  EXPECT_NE(m->nbuffer, 12345);
  const unsigned char* b = static_cast<const unsigned char*>(m->buffer);
  EXPECT_EQ(std::count(b, b + m->nbuffer, 0), m->nbuffer);
  // defaults from XMLreference.rst <option>, <visual>
  EXPECT_EQ(m->opt.timestep, 0.002);
  EXPECT_EQ(m->opt.gravity[2], -9.81);
  EXPECT_EQ(m->opt.magnetic[1], -0.5);
  EXPECT_EQ(m->opt.iterations, 100);
  EXPECT_EQ(m->opt.ls_iterations, 50);
  EXPECT_EQ(m->opt.tolerance, 1e-8);
  EXPECT_EQ(m->opt.solver, mjSOL_NEWTON);
  EXPECT_EQ(m->opt.jacobian, mjJAC_AUTO);
  EXPECT_EQ(m->opt.o_solref[0], 0.02);
  EXPECT_EQ(m->opt.o_solimp[2], 0.001);
  EXPECT_EQ(m->opt.o_friction[2], 0.005);
  EXPECT_EQ(m->opt.sdf_initpoints, 40);
  EXPECT_EQ(m->vis.global.offwidth, 640);
  EXPECT_EQ(m->vis.quality.shadowsize, 4096);
  EXPECT_FLOAT_EQ(m->vis.rgba.bvactive[0], 1);
  EXPECT_FLOAT_EQ(m->vis.map.zfar, 50);
  mj_deleteModel(m);
  mj_deleteModel(nullptr);  // NULL-safe
}

TEST(IoModel, DefaultHelpers) {
  mjtNum solref[2], solimp[5];
  mj_defaultSolRefImp(solref, solimp);
  EXPECT_EQ(solref[0], 0.02);
  EXPECT_EQ(solref[1], 1);
  const mjtNum imp[5] = {0.9, 0.95, 0.001, 0.5, 2};
  for (int i = 0; i < 5; i++) {
    EXPECT_EQ(solimp[i], imp[i]);
  }
  mj_defaultSolRefImp(nullptr, solimp);  // nullable
  mj_defaultSolRefImp(solref, nullptr);
  mjLROpt lr;
  mj_defaultLROpt(&lr);
  EXPECT_EQ(lr.mode, mjLRMODE_MUSCLE);
  EXPECT_EQ(lr.useexisting, 1);
  EXPECT_EQ(lr.uselimit, 0);
  EXPECT_EQ(lr.accel, 20);
  EXPECT_EQ(lr.timestep, 0.01);
  EXPECT_EQ(lr.tolrange, 0.05);
}

TEST(IoModel, NegativeSizeIsAnError) {
  ScopedErrorCapture capture;
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  sizes.ngeom = -1;
  EXPECT_THROW(mj_allocModel(&sizes), MujocoError);
  ASSERT_EQ(capture.errors().size(), 1u);
  EXPECT_NE(capture.errors()[0].find("ngeom"), std::string::npos);
  sizes.ngeom = 0;
  sizes.njmax = -2;
  EXPECT_THROW(mj_allocModel(&sizes), MujocoError);
  // njmax and nconmax may be -1: "not specified" (legacy <size> attributes)
  sizes.njmax = -1;
  sizes.nconmax = -1;
  mjModel* m = mj_allocModel(&sizes);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->njmax, -1);
  mjData* d = mj_makeData(m);
  EXPECT_NE(d, nullptr);
  mj_deleteData(d);
  mj_deleteModel(m);
  sizes.nq = mjtSize(1) << 60;  // overflows the buffer size
  EXPECT_THROW(mj_allocModel(&sizes), MujocoError);
}

TEST(IoModel, CopyModelIsIdentical) {
  mjModel* m = MakeTestModel();
  m->opt.timestep = 0.005;
  m->stat.meansize = 0.25;
  m->signature = 77;
  for (mjtSize i = 0; i < m->nbody * m->nuser_body; i++) {
    m->body_user[i] = i + 0.5;
  }
  mjModel* copy = mj_copyModel(nullptr, m);
  ASSERT_NE(copy, nullptr);
  EXPECT_NE(copy->buffer, m->buffer);
  EXPECT_EQ(copy->nbuffer, m->nbuffer);
  EXPECT_EQ(memcmp(copy->buffer, m->buffer, m->nbuffer), 0);
  EXPECT_EQ(copy->opt.timestep, 0.005);
  EXPECT_EQ(copy->stat.meansize, 0.25);
  EXPECT_EQ(copy->signature, 77u);
#define X(name) EXPECT_EQ(copy->name, m->name) << #name;
  MJMODEL_SIZES
#undef X
  EXPECT_EQ(mj_name2id(copy, mjOBJ_BODY, "ball"), 2);

  // copy into an existing model of the same sizes
  mjModel* again = MakeTestModel();
  again->body_user[0] = -1;
  EXPECT_EQ(mj_copyModel(again, copy), again);
  EXPECT_EQ(memcmp(again->buffer, m->buffer, m->nbuffer), 0);

  // sizes differ: error
  ScopedErrorCapture capture;
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  sizes.nq = 1;
  mjModel* small = mj_allocModel(&sizes);
  EXPECT_THROW(mj_copyModel(small, m), MujocoError);
  EXPECT_THROW(mj_copyModel(small, nullptr), MujocoError);
  mj_deleteModel(small);
  mj_deleteModel(again);
  mj_deleteModel(copy);
  mj_deleteModel(m);
}

TEST(IoData, BufferLayoutFollowsXMacros) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  ASSERT_NE(d, nullptr);
  std::vector<Block> blocks;
#define X(type, name, nr, nc)                                    \
  blocks.push_back({#name, reinterpret_cast<uintptr_t>(d->name), \
                    sizeof(type) * static_cast<size_t>(m->nr) * static_cast<size_t>(nc)});
  MJDATA_POINTERS
#undef X
  CheckLayout(blocks, d->buffer, d->nbuffer);
  EXPECT_EQ(static_cast<size_t>(d->nbuffer), mj_dataBufferSize(m));
  EXPECT_EQ(d->narena, m->narena);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(d->arena) % 64, 0u);
  // the arena pointers start out NULL
#define X(type, name, nr, nc) EXPECT_EQ(d->name, nullptr) << #name;
  MJDATA_ARENA_POINTERS
#undef X
  mj_deleteData(d);
  mj_deleteData(nullptr);  // NULL-safe
  mj_deleteModel(m);
}

TEST(IoData, EmptyModel) {
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  mjModel* m = mj_allocModel(&sizes);
  mjData* d = mj_makeData(m);
  ASSERT_NE(d, nullptr);
  mj_resetData(m, d);
  mjData* c = mj_copyData(nullptr, m, d);
  ASSERT_NE(c, nullptr);
  mj_deleteData(c);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// ---------------------------------------------------------------------------------------------
// stack

TEST(IoStack, MarkFreeRestoresExactlyWhenNested) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  EXPECT_EQ(d->pstack, 0u);
  EXPECT_EQ(d->pbase, 0u);

  mj_markStack(d);
  mjtNum* a = mj_stackAllocNum(d, 5);
  for (int i = 0; i < 5; i++) {
    a[i] = i;
  }
  size_t pstack1 = d->pstack, pbase1 = d->pbase;

  mj_markStack(d);
  size_t pstack2 = d->pstack;
  char* c = static_cast<char*>(mj_stackAllocByte(d, 3, 1));
  int* k = mj_stackAllocInt(d, 7);
  mjtNum* b = mj_stackAllocNum(d, 9);
  c[0] = c[2] = 'x';
  for (int i = 0; i < 7; i++) {
    k[i] = -i;
  }
  for (int i = 0; i < 9; i++) {
    b[i] = 2.5 * i;
  }
  mj_markStack(d);
  mj_stackAllocByte(d, 100, 64);
  mj_freeStack(d);
  EXPECT_GT(d->pstack, pstack2);
  mj_freeStack(d);
  EXPECT_EQ(d->pstack, pstack1);
  EXPECT_EQ(d->pbase, pbase1);
  for (int i = 0; i < 5; i++) {
    EXPECT_EQ(a[i], i);  // the outer frame is intact
  }

  mj_freeStack(d);
  EXPECT_EQ(d->pstack, 0u);
  EXPECT_EQ(d->pbase, 0u);
  EXPECT_GT(d->maxuse_stack, 0);
  EXPECT_GE(d->maxuse_arena, d->maxuse_stack);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoStack, AllocationsAreAlignedAndDisjoint) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  mj_markStack(d);
  std::vector<std::pair<uintptr_t, size_t>> blocks;
  const size_t align[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 4096};
  for (int rep = 0; rep < 3; rep++) {
    for (size_t a : align) {
      size_t bytes = 1 + 13 * a % 97;
      void* p = mj_stackAllocByte(d, bytes, a);
      ASSERT_NE(p, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % a, 0u) << "alignment " << a;
      blocks.push_back({reinterpret_cast<uintptr_t>(p), bytes});
    }
  }
  mjtNum* x = mj_stackAllocNum(d, 3);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(x) % alignof(mjtNum), 0u);
  blocks.push_back({reinterpret_cast<uintptr_t>(x), 3 * sizeof(mjtNum)});
  std::sort(blocks.begin(), blocks.end());
  uintptr_t lo = reinterpret_cast<uintptr_t>(d->arena);
  uintptr_t hi = lo + d->narena;
  for (size_t i = 0; i < blocks.size(); i++) {
    EXPECT_GE(blocks[i].first, lo);
    EXPECT_LE(blocks[i].first + blocks[i].second, hi);
    if (i + 1 < blocks.size()) {
      EXPECT_LE(blocks[i].first + blocks[i].second, blocks[i + 1].first);
    }
  }
  // everything allocated lies in the top pstack bytes
  EXPECT_GE(blocks.front().first, hi - d->pstack);
  mj_freeStack(d);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoStack, MismatchedFreeAndBadAlignmentAreErrors) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;
  EXPECT_THROW(mj_freeStack(d), MujocoError);
  EXPECT_NE(capture.errors().back().find("mj_markStack"), std::string::npos);
  EXPECT_THROW(mj_stackAllocByte(d, 8, 3), MujocoError);
  EXPECT_THROW(mj_stackAllocByte(d, 8, 0), MujocoError);

  // a frame clobbered by a user write is detected
  mj_markStack(d);
  char* header = static_cast<char*>(d->arena) + (d->narena - d->pbase);
  memset(header, 0x5a, 16);
  EXPECT_THROW(mj_freeStack(d), MujocoError);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoStack, ExhaustionGivesTheDocumentedError) {
  mjModel* m = MakeTestModel(4096);
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;
  mj_markStack(d);
  EXPECT_THROW(mj_stackAllocNum(d, 4096), MujocoError);
  ASSERT_EQ(capture.errors().size(), 1u);
  const std::string& msg = capture.errors()[0];
  EXPECT_NE(msg.find("stack is full"), std::string::npos) << msg;
  EXPECT_NE(msg.find("<size memory="), std::string::npos) << msg;
  EXPECT_NE(msg.find("4K"), std::string::npos) << msg;  // mju_writeNumBytes(4096)

  // an allocation that fits exactly works, one more byte does not
  size_t free_bytes = d->narena - d->pstack - d->parena;
  void* p = mj_stackAllocByte(d, free_bytes, 1);
  EXPECT_EQ(p, d->arena);
  EXPECT_THROW(mj_stackAllocByte(d, 1, 1), MujocoError);
  mj_freeStack(d);
  EXPECT_EQ(d->pstack, 0u);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoArena, ArenaAndStackDoNotCollide) {
  mjModel* m = MakeTestModel(8192);
  mjData* d = mj_makeData(m);
  ScopedErrorCapture capture;

  // bottom: aligned allocations, parena tracks them
  void* a = mj_arenaAllocByte(d, 10, 1);
  EXPECT_EQ(a, d->arena);
  EXPECT_EQ(d->parena, 10u);
  void* b = mj_arenaAllocByte(d, 16, 64);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % 64, 0u);
  EXPECT_EQ(d->parena, 64u + 16u);

  // the stack takes the top, the arena may fill the gap exactly but not beyond
  mj_markStack(d);
  mj_stackAllocByte(d, 4000, 8);
  size_t gap = d->narena - d->pstack - d->parena;
  EXPECT_EQ(mj_arenaAllocByte(d, gap + 1, 1), nullptr);
  EXPECT_EQ(d->parena, 80u);  // failed allocation changes nothing
  void* c = mj_arenaAllocByte(d, gap, 1);
  EXPECT_NE(c, nullptr);
  EXPECT_EQ(d->parena + d->pstack, static_cast<size_t>(d->narena));
  EXPECT_EQ(d->maxuse_arena, d->narena);

  // now the stack cannot grow
  EXPECT_THROW(mj_stackAllocByte(d, 1, 1), MujocoError);
  mj_freeStack(d);

  // clearing the bottom empties it and the counters; the maxima stay
  d->ncon = 3;
  d->nefc = 7;
  mj_arenaUpdateMaxUse(d);
  EXPECT_EQ(d->maxuse_con, 3);
  EXPECT_EQ(d->maxuse_efc, 7);
  d->nJ = 9;
  d->contact = static_cast<mjContact*>(a);
  d->efc_force = static_cast<mjtNum*>(b);
  mj_clearEfc(d);
  EXPECT_EQ(d->parena, 0u);
  EXPECT_EQ(d->ncon, 0);
  EXPECT_EQ(d->nefc, 0);
  EXPECT_EQ(d->nJ, 0);
  EXPECT_EQ(d->contact, nullptr);
  EXPECT_EQ(d->efc_force, nullptr);
  EXPECT_EQ(d->maxuse_con, 3);
  mj_arenaUpdateMaxUse(d);
  EXPECT_EQ(d->maxuse_efc, 7);
  EXPECT_THROW(mj_arenaAllocByte(d, 8, 6), MujocoError);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// ---------------------------------------------------------------------------------------------
// copy

// fill every buffer array of d with a pattern that depends on the array and index
void FillPattern(mjData* d, unsigned seed) {
  unsigned char* p = static_cast<unsigned char*>(d->buffer);
  for (mjtSize i = 0; i < d->nbuffer; i++) {
    p[i] = static_cast<unsigned char>(seed + 31 * i);
  }
  d->time = 1.25 + seed;
  d->warning[mjWARN_BADQACC].number = 2;
  d->solver_niter[0] = 5;
  d->energy[1] = 3.5;
}

void ExpectSameData(const mjModel* m, const mjData* a, const mjData* b) {
#define X(type, name, nr, nc)                                                            \
  EXPECT_EQ(memcmp(a->name, b->name,                                                     \
                   sizeof(type) * static_cast<size_t>(m->nr) * static_cast<size_t>(nc)), \
            0)                                                                           \
      << #name;
  MJDATA_POINTERS
#undef X
#define X(type, name) EXPECT_EQ(memcmp(&a->name, &b->name, sizeof(a->name)), 0) << #name;
  MJDATA_SCALAR
#undef X
#define X(type, name, nr, nc) EXPECT_EQ(memcmp(a->name, b->name, sizeof(a->name)), 0) << #name;
  MJDATA_VECTOR
#undef X
  // arena: same used bytes, pointers at the same offsets
  EXPECT_EQ(memcmp(a->arena, b->arena, a->parena), 0);
  EXPECT_EQ(memcmp(static_cast<const char*>(a->arena) + a->narena - a->pstack,
                   static_cast<const char*>(b->arena) + b->narena - b->pstack, a->pstack),
            0);
  const mjData* d = a;
#define X(type, name, nr, nc)                                                              \
  if (a->name) {                                                                           \
    EXPECT_EQ(reinterpret_cast<const char*>(a->name) - static_cast<const char*>(a->arena), \
              reinterpret_cast<const char*>(b->name) - static_cast<const char*>(b->arena)) \
        << #name;                                                                          \
  } else {                                                                                 \
    EXPECT_EQ(b->name, nullptr) << #name;                                                  \
  }
  MJDATA_ARENA_POINTERS
#undef X
      (void)
  d;
}

TEST(IoData, CopyDataIsIdenticalAndRepointsTheArena) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  FillPattern(d, 3);

  // arena in use: two contacts and some constraint rows, and an open stack frame
  d->contact = static_cast<mjContact*>(mj_arenaAllocByte(d, 2 * sizeof(mjContact), 8));
  d->ncon = 2;
  d->contact[1].dist = -0.01;
  d->contact[1].geom[0] = 4;
  d->efc_force = static_cast<mjtNum*>(mj_arenaAllocByte(d, 3 * sizeof(mjtNum), 8));
  d->nefc = 3;
  for (int i = 0; i < 3; i++) {
    d->efc_force[i] = i + 0.125;
  }
  mj_markStack(d);
  mjtNum* s = mj_stackAllocNum(d, 4);
  for (int i = 0; i < 4; i++) {
    s[i] = -i;
  }

  mjData* c = mj_copyData(nullptr, m, d);
  ASSERT_NE(c, nullptr);
  EXPECT_NE(c->buffer, d->buffer);
  EXPECT_NE(c->arena, d->arena);
  ExpectSameData(m, d, c);
  EXPECT_EQ(c->contact[1].dist, -0.01);
  EXPECT_EQ(c->efc_force[2], 2.125);
  EXPECT_GE(reinterpret_cast<uintptr_t>(c->contact), reinterpret_cast<uintptr_t>(c->arena));

  // the copy's stack frame can be freed like the original's
  mj_freeStack(c);
  EXPECT_EQ(c->pstack, 0u);

  // a copy of a copy, into an existing mjData
  mjData* cc = mj_makeData(m);
  mj_freeStack(d);
  mj_copyData(c, m, d);
  EXPECT_EQ(mj_copyData(cc, m, c), cc);
  ExpectSameData(m, d, cc);

  // wrong sizes
  ScopedErrorCapture capture;
  mjModel* other = MakeTestModel(1 << 12);
  mjData* od = mj_makeData(other);
  EXPECT_THROW(mj_copyData(od, m, d), MujocoError);
  mj_deleteData(od);
  mj_deleteModel(other);
  mj_deleteData(cc);
  mj_deleteData(c);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// ---------------------------------------------------------------------------------------------
// reset and keyframes

void ExpectResetState(const mjModel* m, const mjData* d) {
  for (int i = 0; i < m->nq; i++) {
    EXPECT_EQ(d->qpos[i], m->qpos0[i]);
  }
  for (int i = 0; i < m->nv; i++) {
    EXPECT_EQ(d->qvel[i], 0);
    EXPECT_EQ(d->qacc_warmstart[i], 0);
    EXPECT_EQ(d->qfrc_applied[i], 0);
  }
  for (int i = 0; i < m->nu; i++) {
    EXPECT_EQ(d->ctrl[i], 0);
  }
  for (int i = 0; i < m->na; i++) {
    EXPECT_EQ(d->act[i], 0);
  }
  for (int i = 0; i < 6 * m->nbody; i++) {
    EXPECT_EQ(d->xfrc_applied[i], 0);
  }
  for (int i = 0; i < m->nuserdata; i++) {
    EXPECT_EQ(d->userdata[i], 0);
  }
  for (int i = 0; i < m->nhistory; i++) {
    EXPECT_EQ(d->history[i], 0);
  }
  // mocap body 1 of the test model
  EXPECT_EQ(d->mocap_pos[0], 1);
  EXPECT_EQ(d->mocap_pos[2], 3);
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(d->mocap_quat[i], 0.5);
  }
  EXPECT_EQ(d->eq_active[0], 1);
  EXPECT_EQ(d->time, 0);
  EXPECT_EQ(d->pstack, 0u);
  EXPECT_EQ(d->pbase, 0u);
  EXPECT_EQ(d->parena, 0u);
  EXPECT_EQ(d->ncon, 0);
  EXPECT_EQ(d->nefc, 0);
  EXPECT_EQ(d->contact, nullptr);
  EXPECT_EQ(d->maxuse_stack, 0);
  EXPECT_EQ(d->maxuse_arena, 0);
  for (int i = 0; i < mjNWARNING; i++) {
    EXPECT_EQ(d->warning[i].number, 0);
  }
  for (int i = 0; i < mjNTIMER; i++) {
    EXPECT_EQ(d->timer[i].number, 0);
  }
  EXPECT_EQ(d->solver_niter[0], 0);
  EXPECT_EQ(d->flg_energypos, 0);
  // the tree is awake, far from sleeping (programming_simulation.rst "Sleeping islands")
  EXPECT_EQ(d->tree_asleep[0], -(1 + mjMINAWAKE));
  EXPECT_EQ(d->body_awake[0], mjS_STATIC);
  EXPECT_EQ(d->body_awake[2], mjS_AWAKE);
}

TEST(IoReset, ResetRestoresDefaults) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  ExpectResetState(m, d);  // mj_makeData resets

  FillPattern(d, 9);
  d->contact = static_cast<mjContact*>(mj_arenaAllocByte(d, sizeof(mjContact), 8));
  d->ncon = 1;
  mj_markStack(d);
  mj_stackAllocNum(d, 10);
  uintptr_t pool = d->threadpool = 1234;
  mj_resetData(m, d);
  ExpectResetState(m, d);
  EXPECT_EQ(d->threadpool, pool);  // the thread pool binding survives
  // derived arrays are zero
  for (int i = 0; i < 3 * m->nbody; i++) {
    EXPECT_EQ(d->xpos[i], 0);
  }
  for (int i = 0; i < m->nM; i++) {
    EXPECT_EQ(d->qM[i], 0);
  }
  d->threadpool = 0;
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoReset, DebugResetFillsEverythingElse) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  mj_resetDataDebug(m, d, 0xab);
  ExpectResetState(m, d);
  // derived quantities hold the debug byte so uninitialized use shows up
  const unsigned char* x = reinterpret_cast<const unsigned char*>(d->xpos);
  for (size_t i = 0; i < 3 * m->nbody * sizeof(mjtNum); i++) {
    ASSERT_EQ(x[i], 0xab);
  }
  const unsigned char* q = reinterpret_cast<const unsigned char*>(d->qacc);
  for (size_t i = 0; i < m->nv * sizeof(mjtNum); i++) {
    ASSERT_EQ(q[i], 0xab);
  }
  const unsigned char* a = static_cast<const unsigned char*>(d->arena);
  for (mjtSize i = 0; i < d->narena; i++) {
    ASSERT_EQ(a[i], 0xab);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoReset, KeyframeReset) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  d->userdata[0] = 5;
  d->qfrc_applied[0] = 5;
  mj_resetDataKeyframe(m, d, 1);
  EXPECT_EQ(d->time, 11);
  for (int i = 0; i < 7; i++) {
    EXPECT_EQ(d->qpos[i], 200 + i);
  }
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ(d->qvel[i], 400 + i);
  }
  EXPECT_EQ(d->act[0], 600);
  for (int i = 0; i < 2; i++) {
    EXPECT_EQ(d->ctrl[i], 800 + i);
  }
  for (int i = 0; i < 3; i++) {
    EXPECT_EQ(d->mocap_pos[i], 1000 + i);
  }
  for (int i = 0; i < 4; i++) {
    EXPECT_EQ(d->mocap_quat[i], 1200 + i);
  }
  EXPECT_EQ(d->userdata[0], 0);  // everything else is reset
  EXPECT_EQ(d->qfrc_applied[0], 0);

  // keys outside [0, nkey) give the plain reset (APIreference_functions.rst; MuJoCo 3.3.8
  // behaves the same)
  mj_resetDataKeyframe(m, d, 2);
  ExpectResetState(m, d);
  mj_resetDataKeyframe(m, d, 1);
  mj_resetDataKeyframe(m, d, -1);
  ExpectResetState(m, d);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoReset, SetKeyframeRoundTrip) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  d->time = 4.5;
  for (int i = 0; i < 7; i++) {
    d->qpos[i] = -i - 0.5;
  }
  for (int i = 0; i < 6; i++) {
    d->qvel[i] = i * 0.25;
  }
  d->act[0] = 0.75;
  d->ctrl[1] = -3;
  d->mocap_pos[1] = 8;
  d->mocap_quat[3] = 0.125;
  mj_setKeyframe(m, d, 0);
  mjData* e = mj_makeData(m);
  mj_resetDataKeyframe(m, e, 0);
  EXPECT_EQ(e->time, 4.5);
  for (int i = 0; i < 7; i++) {
    EXPECT_EQ(e->qpos[i], d->qpos[i]);
  }
  for (int i = 0; i < 6; i++) {
    EXPECT_EQ(e->qvel[i], d->qvel[i]);
  }
  EXPECT_EQ(e->act[0], 0.75);
  EXPECT_EQ(e->ctrl[1], -3);
  EXPECT_EQ(e->mocap_pos[1], 8);
  EXPECT_EQ(e->mocap_quat[3], 0.125);
  EXPECT_EQ(m->key_time[1], 11);  // the other key is untouched

  ScopedErrorCapture capture;
  EXPECT_THROW(mj_setKeyframe(m, d, 2), MujocoError);
  EXPECT_NE(capture.errors().back().find("[0, 2)"), std::string::npos);
  EXPECT_THROW(mj_setKeyframe(m, d, -1), MujocoError);
  mj_deleteData(e);
  mj_deleteData(d);
  mj_deleteModel(m);
}

TEST(IoReset, DataOfAnotherModelIsAnError) {
  mjModel* m = MakeTestModel();
  mjModel* other = MakeTestModel(1 << 12);
  mjData* d = mj_makeData(other);
  ScopedErrorCapture capture;
  EXPECT_THROW(mj_resetData(m, d), MujocoError);
  EXPECT_THROW(mj_resetData(nullptr, d), MujocoError);
  EXPECT_THROW(mj_makeData(nullptr), MujocoError);
  mj_deleteData(d);
  mj_deleteModel(other);
  mj_deleteModel(m);
}

// ---------------------------------------------------------------------------------------------
// printing

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(IoPrint, ModelAndDataDumps) {
  mjModel* m = MakeTestModel();
  mjData* d = mj_makeData(m);
  std::string dir = testing::TempDir();
  std::string mfile = dir + "/io_test_model.txt", dfile = dir + "/io_test_data.txt";
  mj_printModel(m, mfile.c_str());
  std::string text = ReadFile(mfile);
  // MuJoCo's layout (compared line by line with MuJoCo's output in print_test)
  EXPECT_EQ(text.rfind("MuJoCo version ", 0), 0u);
  EXPECT_NE(text.find("model name     testmodel\n"), std::string::npos);
  EXPECT_NE(text.find("  nbody               "), std::string::npos);
  EXPECT_NE(text.find("  timestep            "), std::string::npos);
  EXPECT_NE(text.find("\nBODY 1:\n"), std::string::npos);
  EXPECT_NE(text.find("\n  body_pos            "), std::string::npos);
  // stable: printing twice gives the same text
  mj_printModel(m, mfile.c_str());
  EXPECT_EQ(ReadFile(mfile), text);

  mj_printFormattedModel(m, mfile.c_str(), "%.3e");
  EXPECT_NE(ReadFile(mfile).find("2.000e-03"), std::string::npos);

  d->contact = static_cast<mjContact*>(mj_arenaAllocByte(d, sizeof(mjContact), 8));
  d->ncon = 1;
  d->contact[0].geom[0] = d->contact[0].geom1 = 42;
  d->contact[0].efc_address = -1;
  mj_printData(m, d, dfile.c_str());
  std::string dtext = ReadFile(dfile);
  // MuJoCo's layout (compared line by line with MuJoCo's output in print_test)
  EXPECT_EQ(dtext.rfind("MEMORY\n", 0), 0u);
  EXPECT_NE(dtext.find("\nQPOS\n"), std::string::npos);
  EXPECT_NE(dtext.find("\nCONTACT\n  0:\n"), std::string::npos);
  EXPECT_NE(dtext.find("     geoms         42 : "), std::string::npos);

  // a bad format is a warning (MuJoCo's two) and the default format is used
  ScopedErrorCapture capture;
  remove(mfile.c_str());
  mj_printFormattedModel(m, mfile.c_str(), "%d");
  mj_printFormattedModel(m, mfile.c_str(), "%f %f");
  mj_printFormattedData(m, d, mfile.c_str(), "%s");
  EXPECT_EQ(capture.warnings().size(), 6u);
  EXPECT_TRUE(std::ifstream(mfile).good());
  capture.clear();
  mj_printModel(m, "/nonexistent-dir/x.txt");
  EXPECT_EQ(capture.warnings().size(), 1u);
  mj_deleteData(d);
  mj_deleteModel(m);
}

}  // namespace
