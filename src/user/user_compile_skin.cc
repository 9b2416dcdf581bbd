// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of skins (CompileKind kCompileSkins, see user_compiler.h for the contract).
// STUB: skins are not compiled yet; a spec that has any is rejected with a clear error. Replace
// the three functions below (keep the symbol kCompileSkins).

#include <mujoco/mujoco.h>

#include "user/user_compiler.h"

namespace motus {

namespace {

bool SizeSkins(CompileContext* c) { return RejectIfAny(c, c->spec->skins.size(), "skins"); }

bool FillSkins(CompileContext*) { return true; }

}  // namespace

const CompileKind kCompileSkins = {"skins", SizeSkins, FillSkins, nullptr};

}  // namespace motus
