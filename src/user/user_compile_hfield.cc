// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of hfields (CompileKind kCompileHFields, see user_compiler.h for the contract).
// STUB: hfields are not compiled yet; a spec that has any is rejected with a clear error. Replace
// the three functions below (keep the symbol kCompileHFields).

#include <mujoco/mujoco.h>

#include "user/user_compiler.h"

namespace motus {

namespace {

bool SizeHFields(CompileContext* c) { return RejectIfAny(c, c->spec->hfields.size(), "hfields"); }

bool FillHFields(CompileContext*) { return true; }

}  // namespace

const CompileKind kCompileHFields = {"hfields", SizeHFields, FillHFields, nullptr};

}  // namespace motus
