// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Flexes (CompileKind kCompileFlexes, see user_compile.h for the contract). Flexes are not
// supported (doc/conformance.md): a spec that has any is rejected with an error naming them, so
// no model ever carries flex arrays.

#include <mujoco/mujoco.h>

#include "user/user_compile.h"

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
