// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Keyframes through <replicate> (XMLreference.rst, replicate: keyframes are carried along by the
// self-attachment that replicates the subtree). As MuJoCo 3.8 does it:
//   * only the first replicate to complete (the innermost of the first nest) expands keys; its
//     joints are those parsed before it plus its first replica, and every key of the <keyframe>
//     section must give qpos / qvel (and mpos / mquat) for exactly those, and ctrl for the
//     actuator elements as written (a clear error names the sizes otherwise);
//   * for each replica i and each key K (in that order) a key named K + suffix_i is added, ahead
//     of the model's own keys, with K's time, mpos and mquat, and K's qpos / qvel for the joints
//     before the replicate and, moved onto replica i, for the joints of the first replica; its
//     act and ctrl are zero;
//   * K itself keeps its values for the joints before the replicate (every replica takes its
//     defaults), its act, mpos and mquat, and its controls unless an actuator is replicated;
//   * keys of a model attached inside the replicate come once, with the first replica, without
//     act and ctrl.
// Values are placed per joint name (SpecKey parts), or per joint element for unnamed joints.

#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

const SpecJoint* Joint(const void* p) {
  return static_cast<const SpecJoint*>(static_cast<const SpecElement*>(p));
}

int QposWidth(const SpecJoint* j) {
  return j->s.type == mjJNT_FREE ? 7 : (j->s.type == mjJNT_BALL ? 4 : 1);
}

int DofWidth(const SpecJoint* j) {
  return j->s.type == mjJNT_FREE ? 6 : (j->s.type == mjJNT_BALL ? 3 : 1);
}

int MocapBodies(const XmlContext& ctx) {
  int n = 0;
  for (SpecElement* e : TreeOrder(ToModel(ctx.spec), mjOBJ_BODY)) {
    n += static_cast<SpecBody*>(e)->s.mocap ? 1 : 0;
  }
  return n;
}

// the slice of `values` at `adr` with `n` entries, as the part of joint `j` (nothing for an
// unspecified vector or an unnamed joint)
void AddPart(SpecKey::Part* part, SpecKey::Own::ElementPart* unnamed, const SpecJoint* j,
             const std::vector<double>& values, int adr, int n) {
  if (values.empty()) {
    return;
  }
  std::vector<double> slice(values.begin() + adr, values.begin() + adr + n);
  if (j->name.empty()) {
    unnamed->emplace_back(j, slice);
  } else {
    part->emplace_back(j->name, slice);
  }
}

// the size checks MuJoCo 3.8 makes when the replicate attaches the keys
void CheckSizes(const XmlKeyReplicate& k, const SpecKey& key, int nq, int nv) {
  auto fail = [&](const std::string& what, size_t got, int want, bool quoted) {
    std::string name = quoted ? "'" + key.name + "'" : key.name;
    XmlFail(*k.node, "Keyframe " + name + " has invalid " + what + " size, got " +
                         std::to_string(got) + ", should be " + std::to_string(want));
  };
  if (!key.own.qpos.empty() && static_cast<int>(key.own.qpos.size()) != nq) {
    fail("qpos", key.own.qpos.size(), nq, true);
  }
  if (!key.own.qvel.empty() && static_cast<int>(key.own.qvel.size()) != nv) {
    fail("qvel", key.own.qvel.size(), nv, true);
  }
  if (!key.own.mpos.empty() && static_cast<int>(key.own.mpos.size()) != 3 * k.nmocap) {
    fail("mpos", key.own.mpos.size(), 3 * k.nmocap, false);
  }
  if (!key.own.mquat.empty() && static_cast<int>(key.own.mquat.size()) != 4 * k.nmocap) {
    fail("mquat", key.own.mquat.size(), 4 * k.nmocap, false);
  }
  int nu = static_cast<int>(k.actuators.size());  // actuator elements, before replication
  if (!key.own.ctrl.empty() && static_cast<int>(key.own.ctrl.size()) != nu) {
    fail("ctrl", key.own.ctrl.size(), nu, false);
  }
}

// the key of replica `r` made from `key` (r < 0: `key` itself, reduced to the joints before)
void FillParts(const XmlKeyReplicate& k, const SpecKey& key, int r, SpecKey* out) {
  std::set<const void*> before(k.before.begin(), k.before.end());
  SpecKey::Part qpos, qvel;
  SpecKey::Own::ElementPart uqpos, uqvel;
  int qadr = 0, vadr = 0, first = 0;  // first: index in the first replica
  for (const void* p : k.layout) {
    const SpecJoint* j = Joint(p);
    const SpecJoint* target = nullptr;
    if (before.count(p)) {
      target = j;
    } else if (r >= 0 && first < static_cast<int>(k.replicas[r].size())) {
      target = Joint(k.replicas[r][first]);
    }
    if (!before.count(p)) {
      first++;
    }
    if (target) {
      AddPart(&qpos, &uqpos, target, key.own.qpos, qadr, QposWidth(j));
      AddPart(&qvel, &uqvel, target, key.own.qvel, vadr, DofWidth(j));
    }
    qadr += QposWidth(j);
    vadr += DofWidth(j);
  }
  out->own.part_qpos = qpos;
  out->own.part_qvel = qvel;
  out->own.joint_qpos = uqpos;
  out->own.joint_qvel = uqvel;
  out->own.attached = true;
}

// a key's controls stay when no actuator is replicated, and are dropped otherwise (MuJoCo 3.8.0
// then compiles zero controls, also for the actuators that are not replicated)
void ReplicatedControls(const XmlKeyReplicate& k, std::vector<double>* ctrl) {
  for (int made : k.actuators) {
    if (made < 0) {
      ctrl->clear();
      return;
    }
  }
}

}  // namespace

std::vector<const void*> SpecJoints(const XmlContext& ctx) {
  std::vector<const void*> out;
  for (SpecElement* e : TreeOrder(ToModel(ctx.spec), mjOBJ_JOINT)) {
    out.push_back(e);
  }
  return out;
}

bool RecordKeyReplica(XmlContext& ctx, const XmlNode& node, const std::vector<const void*>& seen,
                      int index, const std::string& suffix, bool mine) {
  XmlKeyReplicate& k = ctx.keyrep;
  if (index == 0 ? k.recorded : !mine) {
    return false;
  }
  std::set<const void*> old(seen.begin(), seen.end());
  if (index == 0) {
    k.recorded = true;
    k.node = &node;
    k.layout = SpecJoints(ctx);
    k.nmocap = MocapBodies(ctx);
  } else {
    for (const auto& rep : k.replicas) {
      old.insert(rep.begin(), rep.end());
    }
  }
  std::vector<const void*> replica;
  for (const void* j : SpecJoints(ctx)) {
    if (old.count(j)) {
      if (index == 0) {
        k.before.push_back(j);
      }
    } else {
      replica.push_back(j);
    }
  }
  k.replicas.push_back(replica);
  k.suffixes.push_back(suffix);
  return true;
}

void ReplicateKeys(XmlContext& ctx) {
  const XmlKeyReplicate& k = ctx.keyrep;
  if (!k.recorded) {
    return;
  }
  SpecModel* m = ToModel(ctx.spec);
  int nq = 0, nv = 0;
  for (const void* p : k.layout) {
    nq += QposWidth(Joint(p));
    nv += DofWidth(Joint(p));
  }
  std::vector<SpecKey*> own;
  for (const auto& key : m->keys) {
    if (!key->own.attached) {
      CheckSizes(k, *key, nq, nv);
      own.push_back(key.get());
    }
  }
  if (own.empty()) {
    return;
  }

  // the replicated keys go ahead of the model's own keys
  size_t pos = 0;
  while (m->keys[pos].get() != own[0]) {
    pos++;
  }
  std::vector<std::unique_ptr<SpecKey>> added;
  for (size_t r = 0; r < k.replicas.size(); r++) {
    for (const SpecKey* key : own) {
      added.emplace_back(new SpecKey(m));
      SpecKey* out = added.back().get();
      out->name = key->name + k.suffixes[r];
      out->s.time = key->s.time;
      out->own.mpos = key->own.mpos;
      out->own.mquat = key->own.mquat;
      FillParts(k, *key, static_cast<int>(r), out);
    }
  }
  for (SpecKey* key : own) {
    FillParts(k, *key, -1, key);
    key->own.qpos.clear();
    key->own.qvel.clear();
    ReplicatedControls(k, &key->own.ctrl);
  }
  m->keys.insert(m->keys.begin() + static_cast<long>(pos), std::make_move_iterator(added.begin()),
                 std::make_move_iterator(added.end()));
}

size_t KeyCount(const XmlContext& ctx) {
  return ToModel(ctx.spec)->keys.size();
}

void FixAttachedKeys(XmlContext& ctx, size_t first, const std::string& suffix) {
  if (!ctx.rep.Active()) {
    return;
  }
  SpecModel* m = ToModel(ctx.spec);
  if (first >= m->keys.size()) {
    return;
  }
  if (!ctx.rep.FirstReplica()) {
    m->keys.erase(m->keys.begin() + static_cast<long>(first), m->keys.end());
    return;
  }
  for (size_t i = first; i < m->keys.size(); i++) {
    // the actuators the key was given for are replicated in turn: their values are gone
    m->keys[i]->own.part_act.clear();
    m->keys[i]->own.part_ctrl.clear();
    std::string& name = m->keys[i]->name;
    if (name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      name.erase(name.size() - suffix.size());
    }
  }
}

}  // namespace mjcf
}  // namespace motus
