// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of flexes (CompileKind kCompileFlexes, see user_compiler.h for the contract).
// STUB: flexes are not compiled yet; a spec that has any is rejected with a clear error. Replace
// the three functions below (keep the symbol kCompileFlexes).

#include <mujoco/mujoco.h>

#include "user/user_compiler.h"

namespace motus {

namespace {

bool SizeFlexes(CompileContext* c) {
  return RejectIfAny(c, c->spec->flexes.size(), "flexes");
}

bool FillFlexes(CompileContext*) {
  return true;
}

}  // namespace

const CompileKind kCompileFlexes = {"flexes", SizeFlexes, FillFlexes, nullptr};

}  // namespace motus
