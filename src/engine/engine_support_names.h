// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Names and text of the support layer: object names (mj_name2id, mj_id2name and the hash table
// names_map), object type names, warning texts, byte counts, mj_warning, version and the string
// tables mjDISABLESTRING / mjENABLESTRING / mjTIMERSTRING / mjLABELSTRING / mjFRAMESTRING /
// mjVISSTRING / mjRNDSTRING.

#ifndef MOTUS_ENGINE_ENGINE_SUPPORT_NAMES_H_
#define MOTUS_ENGINE_ENGINE_SUPPORT_NAMES_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// ----------------------------------------------------------------------------------------------
// The name hash table mjModel.names_map
//
// names_map holds one section per named object type, in the order of mjtObj (body, joint, geom,
// site, camera, light, flex, mesh, skin, hfield, texture, material, pair, exclude, equality,
// tendon, actuator, sensor, numeric, text, tuple, key, plugin). The section of a type with n
// objects has 2*n slots, so the table is at most half full and every lookup sequence reaches an
// empty slot. A slot holds an object id, or -1 when empty.
//
// An object with a non-empty name is stored by open addressing with linear probing: start at
// slot hash(name) mod (2n) of its section and take the first empty slot, wrapping around within
// the section. hash() is 64-bit FNV-1a over the bytes of the name. Objects are inserted in id
// order, so with duplicate names the lowest id is found first (as a linear scan would).
//
// The compiler sizes the table with mj_namesMapSize (nnames_map) before mj_allocModel, writes
// names / name_*adr, then calls mj_buildNamesMap. mj_name2id falls back to a linear scan when
// nnames_map does not have the expected size, so hand-built models without a table still work.

// number of slots needed for the model's objects: 2 * (total number of named-type objects);
// `sizes` needs only the MJMODEL_SIZES size fields
mjtSize mj_namesMapSize(const mjModel* sizes);

// fill m->names_map from m->names and m->name_*adr; requires nnames_map == mj_namesMapSize(m)
// (otherwise mju_error)
void mj_buildNamesMap(mjModel* m);

// number of objects of a given type and their name addresses (NULL/0 for types without names);
// mjOBJ_XBODY maps to the bodies
int mj_nameCount(const mjModel* m, int type, const int** adr);

// 64-bit FNV-1a hash of a NUL-terminated string
uint64_t mj_hashString(const char* s);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_ENGINE_ENGINE_SUPPORT_NAMES_H_
