// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// A small hand-built mjModel for the tests of the memory / io layer (no compiler involved):
// world, a mocap body and a free-floating body, one free joint, a geom, a site, two actuators
// (one with activation), an equality, a tendon, a sensor and two keyframes, all named.

#ifndef MOTUS_TEST_IO_MODEL_H_
#define MOTUS_TEST_IO_MODEL_H_

#include <string.h>

#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_io.h"
#include "engine/engine_support_names.h"

namespace motus_test {

// names in one NUL-separated buffer; returns the address of each
inline std::vector<int> AppendNames(std::string* buffer, const std::vector<std::string>& names) {
  std::vector<int> adr;
  for (const std::string& name : names) {
    adr.push_back(static_cast<int>(buffer->size()));
    buffer->append(name);
    buffer->push_back('\0');
  }
  return adr;
}

inline mjModel* MakeTestModel(mjtSize narena = 1 << 16) {
  std::string names;
  AppendNames(&names, {"testmodel"});
  std::vector<int> body = AppendNames(&names, {"world", "mocap", "ball"});
  std::vector<int> jnt = AppendNames(&names, {"free"});
  std::vector<int> geom = AppendNames(&names, {"sphere"});
  std::vector<int> site = AppendNames(&names, {"tip"});
  std::vector<int> act = AppendNames(&names, {"motor", ""});  // second actuator unnamed
  std::vector<int> eq = AppendNames(&names, {"weld"});
  std::vector<int> ten = AppendNames(&names, {"cable"});
  std::vector<int> sens = AppendNames(&names, {"height"});
  std::vector<int> key = AppendNames(&names, {"home", "up"});

  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  sizes.nq = 7;
  sizes.nv = 6;
  sizes.nu = 2;
  sizes.na = 1;
  sizes.nbody = 3;
  sizes.njnt = 1;
  sizes.ntree = 1;
  sizes.nM = 21;
  sizes.nB = 7;
  sizes.nC = 21;
  sizes.nD = 36;
  sizes.ngeom = 1;
  sizes.nsite = 1;
  sizes.neq = 1;
  sizes.ntendon = 1;
  sizes.nJten = 6;
  sizes.nsensor = 1;
  sizes.nsensordata = 1;
  sizes.nkey = 2;
  sizes.nmocap = 1;
  sizes.nuserdata = 3;
  sizes.nhistory = 4;
  sizes.nJmom = 12;
  sizes.nuser_body = 2;
  sizes.nnames = static_cast<mjtSize>(names.size());
  sizes.nnames_map = mj_namesMapSize(&sizes);
  sizes.narena = narena;
  mjModel* m = mj_allocModel(&sizes);

  memcpy(m->names, names.data(), names.size());
  for (int i = 0; i < 3; i++) {
    m->name_bodyadr[i] = body[i];
  }
  m->name_jntadr[0] = jnt[0];
  m->name_geomadr[0] = geom[0];
  m->name_siteadr[0] = site[0];
  m->name_actuatoradr[0] = act[0];
  m->name_actuatoradr[1] = act[1];
  m->name_eqadr[0] = eq[0];
  m->name_tendonadr[0] = ten[0];
  m->name_sensoradr[0] = sens[0];
  m->name_keyadr[0] = key[0];
  m->name_keyadr[1] = key[1];
  mj_buildNamesMap(m);

  const mjtNum qpos0[7] = {0.1, 0.2, 1.5, 1, 0, 0, 0};
  for (int i = 0; i < 7; i++) {
    m->qpos0[i] = qpos0[i];
  }
  const int parent[3] = {0, 0, 0}, mocapid[3] = {-1, 0, -1}, treeid[3] = {-1, -1, 0};
  for (int b = 0; b < 3; b++) {
    m->body_parentid[b] = parent[b];
    m->body_mocapid[b] = mocapid[b];
    m->body_treeid[b] = treeid[b];
    m->body_quat[4 * b] = 1;
  }
  m->body_pos[3] = 1;  // mocap body at (1, 2, 3) with quat (0.5, 0.5, 0.5, 0.5)
  m->body_pos[4] = 2;
  m->body_pos[5] = 3;
  for (int i = 0; i < 4; i++) {
    m->body_quat[4 + i] = 0.5;
  }
  m->eq_active0[0] = 1;
  m->jnt_type[0] = mjJNT_FREE;

  // keyframes: distinct values per key so mixing keys shows up
  for (int k = 0; k < 2; k++) {
    m->key_time[k] = 10 + k;
    for (int i = 0; i < 7; i++) {
      m->key_qpos[7 * k + i] = 100 * (k + 1) + i;
    }
    for (int i = 0; i < 6; i++) {
      m->key_qvel[6 * k + i] = 200 * (k + 1) + i;
    }
    m->key_act[k] = 300 * (k + 1);
    for (int i = 0; i < 2; i++) {
      m->key_ctrl[2 * k + i] = 400 * (k + 1) + i;
    }
    for (int i = 0; i < 3; i++) {
      m->key_mpos[3 * k + i] = 500 * (k + 1) + i;
    }
    for (int i = 0; i < 4; i++) {
      m->key_mquat[4 * k + i] = 600 * (k + 1) + i;
    }
  }
  return m;
}

}  // namespace motus_test

#endif  // MOTUS_TEST_IO_MODEL_H_
