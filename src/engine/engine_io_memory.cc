// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The mjData arena (modeling.rst "Memory allocation"; programming_simulation.rst "Internal
// stack"): the stack at the top, growing down (mj_markStack, mj_stackAlloc*, mj_freeStack), and
// contacts and constraints at the bottom, growing up (mj_arenaAllocByte, mj_clearEfc). Layout
// and conventions in engine_io.h.

#include <stdint.h>
#include <string.h>

#include <mujoco/mjxmacro.h>
#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// stack (top of the arena, growing down) and arena (bottom, growing up)

namespace {

// header written by mj_markStack at the start of each frame: the stack state to restore
struct StackFrame {
  size_t pstack;   // d->pstack before the frame was marked
  size_t pbase;    // d->pbase before the frame was marked
  uint64_t check;  // kFrameMagic ^ pstack: detects corrupted or mismatched frames
};
constexpr uint64_t kFrameMagic = 0x6d6f7475735f7374ULL;

// copy of mju_writeNumBytes (its buffer is shared by all calls of a thread)
struct NumText {
  char text[32];
  explicit NumText(size_t n) {
    strncpy(text, mju_writeNumBytes(n), sizeof(text) - 1);
    text[sizeof(text) - 1] = 0;
  }
};

void updateArenaUse(mjData* d) {
  if (d->pstack > static_cast<size_t>(d->maxuse_stack)) {
    d->maxuse_stack = static_cast<mjtSize>(d->pstack);
  }
  size_t used = d->pstack + d->parena;
  if (used > static_cast<size_t>(d->maxuse_arena)) {
    d->maxuse_arena = static_cast<mjtSize>(used);
  }
}

void stackFull(const mjData* d, size_t bytes) {
  NumText size(static_cast<size_t>(d->narena)), stack(d->pstack), bottom(d->parena), request(bytes);
  mju_error(
      "mj_stackAllocByte: the mjData stack is full: the arena has %s bytes, %s used by "
      "the stack and %s by contacts and constraints, and %s more bytes were requested. "
      "Increase the arena memory with <size memory=\"...\"> in the XML (currently %s "
      "bytes).",
      size.text, stack.text, bottom.text, request.text, size.text);
}

bool isPowerOf2(size_t n) {
  return n != 0 && (n & (n - 1)) == 0;
}

}  // namespace

void* mj_stackAllocByte(mjData* d, size_t bytes, size_t alignment) {
  if (!d) {
    mjERROR("mjData is NULL");
    return nullptr;
  }
  if (!isPowerOf2(alignment)) {
    mjERROR("alignment %zu is not a power of 2", alignment);
    return nullptr;
  }
  // addresses: the stack may grow down to the end of the bottom part of the arena
  uintptr_t base = reinterpret_cast<uintptr_t>(d->arena);
  uintptr_t limit = base + d->parena;
  uintptr_t top = base + static_cast<size_t>(d->narena) - d->pstack;
  if (bytes > top - limit) {
    stackFull(d, bytes);
    return nullptr;
  }
  uintptr_t start = (top - bytes) & ~static_cast<uintptr_t>(alignment - 1);
  if (start < limit) {
    stackFull(d, bytes);
    return nullptr;
  }
  d->pstack = base + static_cast<size_t>(d->narena) - start;
  updateArenaUse(d);
  return reinterpret_cast<void*>(start);
}

mjtNum* mj_stackAllocNum(mjData* d, size_t size) {
  if (size > SIZE_MAX / sizeof(mjtNum)) {
    mjERROR("requested size %zu is too large", size);
    return nullptr;
  }
  return static_cast<mjtNum*>(mj_stackAllocByte(d, size * sizeof(mjtNum), alignof(mjtNum)));
}

int* mj_stackAllocInt(mjData* d, size_t size) {
  if (size > SIZE_MAX / sizeof(int)) {
    mjERROR("requested size %zu is too large", size);
    return nullptr;
  }
  return static_cast<int*>(mj_stackAllocByte(d, size * sizeof(int), alignof(int)));
}

// Push a frame: a StackFrame header holding the stack state, then pbase = the new pstack.
void mj_markStack(mjData* d) {
  if (!d) {
    mjERROR("mjData is NULL");
    return;
  }
  size_t pstack = d->pstack, pbase = d->pbase;
  StackFrame* frame =
      static_cast<StackFrame*>(mj_stackAllocByte(d, sizeof(StackFrame), alignof(StackFrame)));
  if (!frame) {
    return;
  }
  frame->pstack = pstack;
  frame->pbase = pbase;
  frame->check = kFrameMagic ^ pstack;
  d->pbase = d->pstack;
}

// Pop the current frame: restore pstack and pbase exactly as they were before mj_markStack.
void mj_freeStack(mjData* d) {
  if (!d) {
    mjERROR("mjData is NULL");
    return;
  }
  size_t narena = static_cast<size_t>(d->narena);
  if (d->pbase == 0) {
    mjERROR("no stack frame to free (mj_freeStack without a matching mj_markStack)");
    return;
  }
  if (d->pbase > narena || d->pbase < sizeof(StackFrame) || d->pstack < d->pbase) {
    mjERROR("stack frame is corrupted (pbase %zu, pstack %zu, narena %zu)", d->pbase, d->pstack,
            narena);
    return;
  }
  const StackFrame* frame =
      reinterpret_cast<const StackFrame*>(static_cast<char*>(d->arena) + (narena - d->pbase));
  if (frame->check != (kFrameMagic ^ frame->pstack) || frame->pstack >= d->pbase) {
    mjERROR("stack frame is corrupted (mismatched mj_markStack / mj_freeStack?)");
    return;
  }
  d->pstack = frame->pstack;
  d->pbase = frame->pbase;
}

void* mj_arenaAllocByte(mjData* d, size_t bytes, size_t alignment) {
  if (!isPowerOf2(alignment)) {
    mjERROR("alignment %zu is not a power of 2", alignment);
    return nullptr;
  }
  uintptr_t base = reinterpret_cast<uintptr_t>(d->arena);
  uintptr_t stack = base + static_cast<size_t>(d->narena) - d->pstack;
  uintptr_t start = (base + d->parena + alignment - 1) & ~static_cast<uintptr_t>(alignment - 1);
  if (start > stack || bytes > stack - start) {
    return nullptr;  // would run into the stack
  }
  d->parena = start + bytes - base;
  updateArenaUse(d);
  return reinterpret_cast<void*>(start);
}

void mj_arenaUpdateMaxUse(mjData* d) {
  d->maxuse_con = mjMAX(d->maxuse_con, d->ncon);
  d->maxuse_efc = mjMAX(d->maxuse_efc, d->nefc);
}

void mj_clearEfc(mjData* d) {
  d->ncon = 0;
  d->ne = 0;
  d->nf = 0;
  d->nl = 0;
  d->nefc = 0;
  d->nJ = 0;
  d->nA = 0;
  d->nisland = 0;
  d->nidof = 0;
  d->parena = 0;
#define X(type, name, nr, nc) d->name = nullptr;
  MJDATA_ARENA_POINTERS
#undef X
}
