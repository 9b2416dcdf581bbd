// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Explicit contact pairs and body-pair exclusions (XMLreference "contact/pair",
// "contact/exclude"; computation "Collision detection").
//
// Conventions (as MuJoCo's):
//   * the body pair of a pair / exclude is ordered so that body1 <= body2 (for pairs the two
//     geoms are swapped with their bodies); signature = (body1 << 16) + body2;
//   * pairs and excludes are stored sorted by signature (stable: equal signatures keep their
//     creation order), so their compiled ids, and names, follow that order; the size phase
//     sorts the spec's lists accordingly (see Renumber below);
//   * a pair uses its own attributes (condim, friction, solref, solreffriction, solimp, margin,
//     gap): "the properties of the individual geoms are not used".

#include <algorithm>
#include <memory>
#include <numeric>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_nontree.h"
#include "user/user_spec.h"

namespace motus {
namespace {

struct Ordered {
  int obj[2];  // geoms (pairs) or bodies (excludes), after ordering
  int signature;
};

bool CheckPair(NonTreeContext* ctx, const SpecPair* pair, int i, Ordered* out) {
  ctx->bad = pair;
  const std::string who = Describe("contact pair", pair, i);
  const std::string* names[2] = {&pair->own.geomname1, &pair->own.geomname2};
  int geom[2];
  for (int k = 0; k < 2; k++) {
    geom[k] = ctx->Find(mjOBJ_GEOM, *names[k]);
    if (geom[k] < 0) {
      ctx->error = names[k]->empty() ? who + ": missing geom" + std::to_string(k + 1)
                                     : "geom '" + *names[k] + "' not found in collision " +
                                           std::to_string(i) + " (" + who + ")";
      return false;
    }
  }
  int c = pair->s.condim;
  if (c != 1 && c != 3 && c != 4 && c != 6) {
    ctx->error = who + ": invalid condim " + std::to_string(c) + " (must be 1, 3, 4 or 6)";
    return false;
  }
  int body[2] = {ctx->tree.geom_bodyid[geom[0]], ctx->tree.geom_bodyid[geom[1]]};
  bool swap = body[0] > body[1];
  out->obj[0] = geom[swap ? 1 : 0];
  out->obj[1] = geom[swap ? 0 : 1];
  out->signature = (body[swap ? 1 : 0] << 16) + body[swap ? 0 : 1];
  return true;
}

bool CheckExclude(NonTreeContext* ctx, const SpecExclude* ex, int i, Ordered* out) {
  ctx->bad = ex;
  const std::string who = Describe("contact exclude", ex, i);
  const std::string* names[2] = {&ex->own.bodyname1, &ex->own.bodyname2};
  int body[2];
  for (int k = 0; k < 2; k++) {
    body[k] = ctx->Find(mjOBJ_BODY, *names[k]);
    if (body[k] < 0) {
      ctx->error = names[k]->empty() ? who + ": missing body" + std::to_string(k + 1)
                                     : "body '" + *names[k] + "' not found in bodypair " +
                                           std::to_string(i) + " (" + who + ")";
      return false;
    }
  }
  if (body[0] > body[1]) {
    std::swap(body[0], body[1]);
  }
  out->obj[0] = body[0];
  out->obj[1] = body[1];
  out->signature = (body[0] << 16) + body[1];
  return true;
}

// stable order of the elements by signature: order[k] = spec index of compiled element k
std::vector<int> SortBySignature(const std::vector<Ordered>& items) {
  std::vector<int> order(items.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return items[a].signature < items[b].signature; });
  return order;
}

bool ResolvePairs(NonTreeContext* ctx, std::vector<Ordered>* pairs) {
  const auto& list = ctx->spec->pairs;
  pairs->resize(list.size());
  for (size_t i = 0; i < list.size(); i++) {
    if (!CheckPair(ctx, list[i].get(), static_cast<int>(i), &(*pairs)[i])) {
      return false;
    }
  }
  ctx->pair_order = SortBySignature(*pairs);
  return true;
}

bool ResolveExcludes(NonTreeContext* ctx, std::vector<Ordered>* excludes) {
  const auto& list = ctx->spec->excludes;
  excludes->resize(list.size());
  for (size_t i = 0; i < list.size(); i++) {
    if (!CheckExclude(ctx, list[i].get(), static_cast<int>(i), &(*excludes)[i])) {
      return false;
    }
  }
  ctx->exclude_order = SortBySignature(*excludes);
  return true;
}

}  // namespace

bool SizeContacts(NonTreeContext* ctx, mjModel* sizes) {
  std::vector<Ordered> pairs, excludes;
  if (!ResolvePairs(ctx, &pairs) || !ResolveExcludes(ctx, &excludes)) {
    return false;
  }
  sizes->npair = static_cast<mjtSize>(pairs.size());
  sizes->nexclude = static_cast<mjtSize>(excludes.size());
  return true;
}

bool FillContacts(NonTreeContext* ctx, mjModel* m) {
  std::vector<Ordered> pairs, excludes;
  if (!ResolvePairs(ctx, &pairs) || !ResolveExcludes(ctx, &excludes)) {
    return false;
  }

  for (int k = 0; k < m->npair; k++) {
    int i = ctx->pair_order[k];
    SpecPair* pair = ctx->spec->pairs[i].get();
    const mjsPair& s = pair->s;
    pair->id = k;
    m->pair_dim[k] = s.condim;
    m->pair_geom1[k] = pairs[i].obj[0];
    m->pair_geom2[k] = pairs[i].obj[1];
    m->pair_signature[k] = pairs[i].signature;
    for (int j = 0; j < mjNREF; j++) {
      m->pair_solref[mjNREF * k + j] = s.solref[j];
      m->pair_solreffriction[mjNREF * k + j] = s.solreffriction[j];
    }
    for (int j = 0; j < mjNIMP; j++) {
      m->pair_solimp[mjNIMP * k + j] = s.solimp[j];
    }
    m->pair_margin[k] = s.margin;
    m->pair_gap[k] = s.gap;
    for (int j = 0; j < 5; j++) {
      m->pair_friction[5 * k + j] = s.friction[j];
    }
  }

  for (int k = 0; k < m->nexclude; k++) {
    int i = ctx->exclude_order[k];
    ctx->spec->excludes[i]->id = k;
    m->exclude_signature[k] = excludes[i].signature;
  }
  return true;
}

// ------------------------------------ compiler hooks ------------------------------------------

namespace {

// Pairs and excludes are sorted by signature. Like MuJoCo, the compiler sorts the spec's own
// lists (so mjs_firstElement / mjs_nextElement and the names in mjModel follow the compiled
// order) and renumbers the elements (SpecElement::id and the core's name -> id maps).
template <class T>
void SortList(std::vector<std::unique_ptr<T>>* list, const std::vector<int>& order,
              std::unordered_map<std::string, int>* ids) {
  std::vector<std::unique_ptr<T>> sorted;
  sorted.reserve(list->size());
  for (int i : order) {
    sorted.push_back(std::move((*list)[i]));
  }
  *list = std::move(sorted);
  for (size_t k = 0; k < list->size(); k++) {
    T* e = (*list)[k].get();
    e->id = static_cast<int>(k);
    if (!e->name.empty()) {
      (*ids)[e->name] = static_cast<int>(k);
    }
  }
}

void Renumber(NonTreeContext* ctx, CompileContext* core) {
  SortList(&ctx->spec->pairs, ctx->pair_order, &core->ids[mjOBJ_PAIR]);
  SortList(&ctx->spec->excludes, ctx->exclude_order, &core->ids[mjOBJ_EXCLUDE]);
  ctx->spec->Invalidate();
}

bool SizeHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  if (!SizeContacts(&ctx, &core->sizes)) {
    return NonTreeFail(ctx, core);
  }
  Renumber(&ctx, core);
  return true;
}

bool FillHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  NonTreeTreeFromModel(&ctx, core->m);
  return FillContacts(&ctx, core->m) || NonTreeFail(ctx, core);
}

}  // namespace

const CompileKind kCompileContacts = {"contact", SizeHook, FillHook, nullptr};

}  // namespace motus
