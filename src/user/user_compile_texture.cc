// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Compilation of textures (CompileKind kCompileTextures, see user_compiler.h for the contract).
// STUB: textures are not compiled yet; a spec that has any is rejected with a clear error. Replace
// the three functions below (keep the symbol kCompileTextures).

#include <mujoco/mujoco.h>

#include "user/user_compiler.h"

namespace motus {

namespace {

bool SizeTextures(CompileContext* c) { return RejectIfAny(c, c->spec->textures.size(), "textures"); }

bool FillTextures(CompileContext*) { return true; }

}  // namespace

const CompileKind kCompileTextures = {"textures", SizeTextures, FillTextures, nullptr};

}  // namespace motus
