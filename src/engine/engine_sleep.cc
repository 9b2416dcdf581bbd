// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sleeping islands (computation_index.rst "Sleeping islands", programming_simulation.rst
// "Sleeping islands"). The sleep state of tree t is mjData.tree_asleep[t]:
//   < 0   awake; the timer runs from -(1 + mjMINAWAKE) (just woken or moving) up to -1 (ready to
//         sleep) by one every step the tree is still;
//   >= 0  asleep; the values link the trees of the sleeping island into a cycle (the next tree
//         of the island, the last one back to the first).
// A tree is still when the largest of its velocities scaled by dof_length is below
// opt.sleep_tolerance (units of length/time) and no force is applied to it. When every tree of a
// constraint island is ready, the island sleeps: its velocities are set to 0 and the integrator
// leaves its positions and velocities alone. Sleeping bodies do not collide with each other or
// with static bodies. An island wakes (every tree back to -(1 + mjMINAWAKE)) when the sleep flag is
// cleared, when a velocity or applied force of one of its trees is set to anything but zero bytes,
// when its configuration moves (the body poses of mj_kinematics differ from the stored ones),
// when an active equality constraint or a limited tendon ties it to an awake tree or to another
// sleeping island, and when it touches an awake tree.

#include "engine/engine_sleep.h"

#include <cstdint>
#include <cstring>

#include <mujoco/mujoco.h>

#include "engine/engine_core_smooth.h"
#include "engine/engine_util_errmem.h"

namespace {

constexpr int kWoken = -(1 + mjMINAWAKE);

// policies under which the timer of a tree runs
int canSleep(int policy) {
  return policy == mjSLEEP_AUTO_ALLOWED || policy == mjSLEEP_ALLOWED || policy == mjSLEEP_INIT;
}

// the user asked for this tree to sleep (allowed or initialized asleep)
int userAllowed(int policy) {
  return policy == mjSLEEP_ALLOWED || policy == mjSLEEP_INIT;
}

// nonzero when some byte of x[0..n) is not zero: -0.0 counts as a write (programming_simulation.rst
// "Waking"); a number has a nonzero byte exactly when its 64-bit pattern is nonzero
int anyBytes(const mjtNum* x, int n) {
  static_assert(sizeof(mjtNum) == sizeof(uint64_t), "mjtNum is a 64-bit double");
  uint64_t any = 0;
  for (int i = 0; i < n; i++) {
    uint64_t bits;
    std::memcpy(&bits, x + i, sizeof(bits));
    any |= bits;
  }
  return any != 0;
}

int bodyTree(const mjModel* m, int b) {
  return b >= 0 && b < m->nbody ? m->body_treeid[b] : -1;
}

// a force is applied to tree t: qfrc_applied on its dofs or xfrc_applied on its bodies
int treeForced(const mjModel* m, const mjData* d, int t) {
  if (m->tree_dofnum[t] && anyBytes(d->qfrc_applied + m->tree_dofadr[t], m->tree_dofnum[t])) {
    return 1;
  }
  return anyBytes(d->xfrc_applied + 6 * m->tree_bodyadr[t], 6 * m->tree_bodynum[t]);
}

// the largest velocity of tree t in units of length/time (dof_length scales the rotations)
mjtNum treeSpeed(const mjModel* m, const mjData* d, int t) {
  mjtNum vmax = 0;
  for (int i = m->tree_dofadr[t]; i < m->tree_dofadr[t] + m->tree_dofnum[t]; i++) {
    mjtNum v = mju_abs(d->qvel[i] * m->dof_length[i]);
    if (v > vmax) {
      vmax = v;
    }
  }
  return vmax;
}

// wakes the sleeping island of tree t (following its cycle); returns the number of trees woken
int wakeIsland(mjData* d, int t) {
  int n = 0;
  while (t >= 0 && d->tree_asleep[t] >= 0) {
    int next = d->tree_asleep[t];
    d->tree_asleep[t] = kWoken;
    t = next;
    n++;
  }
  return n;
}

// trees t1 and t2 are asleep in the same island
int sameIsland(const mjData* d, int t1, int t2) {
  int t = t1;
  do {
    if (t == t2) {
      return 1;
    }
    t = d->tree_asleep[t];
  } while (t >= 0 && t != t1);
  return 0;
}

// Waking by a constraint between trees t1 and t2 (-1: static): a sleeping tree tied to an awake
// tree, or two sleeping trees in different islands (the constraint was inactive when they slept).
int wakePair(mjData* d, int t1, int t2) {
  if (t1 < 0 || t2 < 0 || t1 == t2) {
    return 0;
  }
  int s1 = d->tree_asleep[t1] >= 0, s2 = d->tree_asleep[t2] >= 0;
  if (s1 && s2) {
    return sameIsland(d, t1, t2) ? 0 : wakeIsland(d, t1) + wakeIsland(d, t2);
  }
  if (s1 != s2) {
    return wakeIsland(d, s1 ? t1 : t2);
  }
  return 0;
}

// tree of object id of an equality constraint (-1 for static bodies and unsupported objects)
int eqObjectTree(const mjModel* m, int type, int id) {
  if (id < 0) {
    return -1;
  }
  switch (type) {
    case mjEQ_CONNECT:
    case mjEQ_WELD:
      return bodyTree(m, id);
    case mjEQ_JOINT:
      return bodyTree(m, m->jnt_bodyid[id]);
    default:
      return -1;
  }
}

// equality constraints and limited tendons tying a sleeping island to the rest
int wakeConstraints(const mjModel* m, mjData* d) {
  int n = 0;
  for (int i = 0; i < m->neq; i++) {
    if (!d->eq_active[i]) {
      continue;
    }
    int type = m->eq_type[i], id1 = m->eq_obj1id[i], id2 = m->eq_obj2id[i];
    if (type == mjEQ_TENDON) {
      n += wakePair(d, m->tendon_treeid[2 * id1], m->tendon_treeid[2 * id1 + 1]);
      if (id2 >= 0) {
        n += wakePair(d, m->tendon_treeid[2 * id1], m->tendon_treeid[2 * id2]);
        n += wakePair(d, m->tendon_treeid[2 * id2], m->tendon_treeid[2 * id2 + 1]);
      }
      continue;
    }
    int t1, t2;
    if ((type == mjEQ_CONNECT || type == mjEQ_WELD) && m->eq_objtype[i] == mjOBJ_SITE) {
      t1 = bodyTree(m, m->site_bodyid[id1]);
      t2 = id2 >= 0 ? bodyTree(m, m->site_bodyid[id2]) : -1;
    } else {
      t1 = eqObjectTree(m, type, id1);
      t2 = eqObjectTree(m, type, id2);
    }
    n += wakePair(d, t1, t2);
  }
  for (int i = 0; i < m->ntendon; i++) {
    if (m->tendon_limited[i] && m->tendon_treenum[i] == 2) {
      n += wakePair(d, m->tendon_treeid[2 * i], m->tendon_treeid[2 * i + 1]);
    }
  }
  return n;
}

// sleeping trees whose velocities or applied forces were written
int wakeInputs(const mjModel* m, mjData* d) {
  int n = 0;
  for (int t = 0; t < m->ntree; t++) {
    if (d->tree_asleep[t] < 0) {
      continue;
    }
    int dofadr = m->tree_dofadr[t], dofnum = m->tree_dofnum[t];
    if ((dofnum && anyBytes(d->qvel + dofadr, dofnum)) || treeForced(m, d, t)) {
      n += wakeIsland(d, t);
    }
  }
  return n;
}

// sleeping trees whose configuration moved: a body pose of mj_kinematics differs from the stored
// one (the body frames are computed here)
int wakeMoved(const mjModel* m, mjData* d) {
  mj_markStack(d);
  int* moved = mj_stackAllocInt(d, m->ntree);
  for (int t = 0; t < m->ntree; t++) {
    moved[t] = 0;
  }
  mj_kinematicsBodies(m, d, moved);
  int n = 0;
  for (int t = 0; t < m->ntree; t++) {
    if (moved[t]) {
      n += wakeIsland(d, t);
    }
  }
  mj_freeStack(d);
  return n;
}

// wakes every tree (the sleep flag was cleared)
int wakeAll(const mjModel* m, mjData* d) {
  int n = 0;
  for (int t = 0; t < m->ntree; t++) {
    n += wakeIsland(d, t);
  }
  return n;
}

// puts the trees of one island to sleep: zero velocities, tree_asleep linking them in a cycle
void sleepTrees(const mjModel* m, mjData* d, const int* trees, int n) {
  for (int k = 0; k < n; k++) {
    int t = trees[k];
    mju_zero(d->qvel + m->tree_dofadr[t], m->tree_dofnum[t]);
    d->tree_asleep[t] = trees[(k + 1) % n];
  }
}

// advances the timer of every awake tree allowed to sleep
void advanceTimers(const mjModel* m, mjData* d) {
  mjtNum tol = m->opt.sleep_tolerance;
  for (int t = 0; t < m->ntree; t++) {
    if (d->tree_asleep[t] >= 0 || !canSleep(m->tree_sleep_policy[t])) {
      continue;
    }
    if (treeForced(m, d, t) || !(treeSpeed(m, d, t) < tol)) {
      d->tree_asleep[t] = kWoken;
    } else if (d->tree_asleep[t] < -1) {
      d->tree_asleep[t]++;
    }
  }
}

// trees of tree t's policy checks against one tendon: elastic or spanning more than two trees
void tendonPolicy(mjModel* m, int i) {
  int elastic = m->tendon_stiffness[i] != 0 || m->tendon_damping[i] != 0;
  int many = m->tendon_treenum[i] > 2;
  if (!elastic && !many) {
    return;
  }
  // the trees of the tendon: its joints, sites and geoms
  for (int w = m->tendon_adr[i]; w < m->tendon_adr[i] + m->tendon_num[i]; w++) {
    int type = m->wrap_type[w], id = m->wrap_objid[w], t = -1;
    if (type == mjWRAP_JOINT) {
      t = bodyTree(m, m->jnt_bodyid[id]);
    } else if (type == mjWRAP_SITE) {
      t = bodyTree(m, m->site_bodyid[id]);
    } else if (type == mjWRAP_SPHERE || type == mjWRAP_CYLINDER) {
      t = bodyTree(m, m->geom_bodyid[id]);
    }
    if (t < 0) {
      continue;
    }
    int& policy = m->tree_sleep_policy[t];
    if (policy == mjSLEEP_AUTO_ALLOWED) {
      policy = mjSLEEP_AUTO_NEVER;
    } else if (userAllowed(policy)) {
      mjERROR("tree %d cannot sleep: tendon %d %s", t, i,
              many ? "spans more than two trees" : "has stiffness or damping");
      return;
    }
  }
}

// actuated trees do not sleep unless the user allows them
void actuatorPolicy(mjModel* m, int i) {
  int id = m->actuator_trnid[2 * i], id2 = m->actuator_trnid[2 * i + 1];
  int trees[3] = {-1, -1, -1};
  switch (m->actuator_trntype[i]) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT:
      trees[0] = bodyTree(m, m->jnt_bodyid[id]);
      break;
    case mjTRN_TENDON:
      trees[0] = m->tendon_treeid[2 * id];
      trees[1] = m->tendon_treeid[2 * id + 1];
      break;
    case mjTRN_SITE:
    case mjTRN_SLIDERCRANK:
      trees[0] = bodyTree(m, m->site_bodyid[id]);
      trees[1] = id2 >= 0 ? bodyTree(m, m->site_bodyid[id2]) : -1;
      break;
    case mjTRN_BODY:
      trees[0] = bodyTree(m, id);
      break;
    default:
      break;
  }
  for (int t : trees) {
    if (t >= 0 && m->tree_sleep_policy[t] == mjSLEEP_AUTO_ALLOWED) {
      m->tree_sleep_policy[t] = mjSLEEP_AUTO_NEVER;
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// model

void mj_sleepPolicy(mjModel* m) {
  for (int t = 0; t < m->ntree; t++) {
    if (m->tree_sleep_policy[t] == mjSLEEP_AUTO) {
      m->tree_sleep_policy[t] = mjSLEEP_AUTO_ALLOWED;
    }
  }
  for (int i = 0; i < m->nu; i++) {
    actuatorPolicy(m, i);
  }
  for (int i = 0; i < m->ntendon; i++) {
    tendonPolicy(m, i);
  }
}

// ---------------------------------------------------------------------------------------------
// derived state

void mj_updateSleep(const mjModel* m, mjData* d) {
  int ntree_awake = 0;
  for (int t = 0; t < m->ntree; t++) {
    d->tree_awake[t] = d->tree_asleep[t] < 0;
    ntree_awake += d->tree_awake[t];
  }
  d->ntree_awake = ntree_awake;

  // bodies: static outside the trees, except mocap bodies, which move and are awake (as in
  // MuJoCo 3.8); the awake list keeps the static ones, the parent list the bodies whose parent
  // is awake or static
  int nbody = 0, nparent = 0;
  // (a model without buffer has no trees: every body static)
  for (int b = 0; b < m->nbody; b++) {
    int t = m->buffer ? m->body_treeid[b] : -1;
    d->body_awake[b] = t < 0 ? (m->body_mocapid[b] >= 0 ? mjS_AWAKE : mjS_STATIC)
                             : (d->tree_awake[t] ? mjS_AWAKE : mjS_ASLEEP);
    if (d->body_awake[b] != mjS_ASLEEP) {
      d->body_awake_ind[nbody++] = b;
    }
  }
  for (int b = 1; b < m->nbody; b++) {
    if (!m->buffer || d->body_awake[m->body_parentid[b]] != mjS_ASLEEP) {
      d->parent_awake_ind[nparent++] = b;
    }
  }
  d->nbody_awake = nbody;
  d->nparent_awake = nparent;

  int nv = 0;
  for (int i = 0; i < m->nv; i++) {
    int t = m->buffer ? m->dof_treeid[i] : -1;
    if (t < 0 || d->tree_awake[t]) {
      d->dof_awake_ind[nv++] = i;
    }
  }
  d->nv_awake = nv;
}

void mj_resetSleep(const mjModel* m, mjData* d) {
  for (int t = 0; t < m->ntree; t++) {
    d->tree_asleep[t] = kWoken;
  }
  mj_updateSleep(m, d);
}

// XMLreference.rst body/sleep "init" and option/flag/sleep: with sleeping enabled at reset, the
// trees initialized asleep are put to sleep in the default configuration. The position and
// velocity stages run first (poses to compare against when waking, constraint islands); the
// timers of the other trees take their first step; every island holding an "init" tree sleeps,
// and a tree that shares an island with a tree of another policy is an error.
void mj_sleepInit(const mjModel* m, mjData* d) {
  if (!mjENABLED(mjENBL_SLEEP)) {
    return;
  }
  int ninit = 0;
  for (int t = 0; t < m->ntree; t++) {
    ninit += m->tree_sleep_policy[t] == mjSLEEP_INIT;
  }
  if (!ninit) {
    return;
  }
  mj_fwdPosition(m, d);
  mj_fwdVelocity(m, d);
  advanceTimers(m, d);

  mj_markStack(d);
  int* trees = mj_stackAllocInt(d, m->ntree);
  int nisland = d->nisland > 0 ? d->nisland : 0, nslept = 0;
  for (int k = 0; k < nisland; k++) {
    int adr = d->island_itreeadr[k], n = d->island_ntree[k], all = 1;
    for (int j = 0; j < n; j++) {
      trees[j] = d->map_itree2tree[adr + j];
      all = all && m->tree_sleep_policy[trees[j]] == mjSLEEP_INIT;
    }
    if (all) {
      sleepTrees(m, d, trees, n);
      nslept += n;
    }
  }
  for (int t = 0; t < m->ntree; t++) {
    int alone = nisland == 0 || d->tree_island[t] < 0;
    if (alone && m->tree_sleep_policy[t] == mjSLEEP_INIT) {
      sleepTrees(m, d, &t, 1);
      nslept++;
    }
  }
  mj_freeStack(d);
  mj_updateSleep(m, d);

  // the constraints again, without the rows of the sleeping trees (their contacts stay listed)
  mj_makeConstraint(m, d);
  if (!mjDISABLED(mjDSBL_ISLAND)) {
    mj_island(m, d);
  }
  mj_projectConstraint(m, d);

  if (nslept < ninit) {
    for (int t = 0; t < m->ntree; t++) {
      if (m->tree_sleep_policy[t] == mjSLEEP_INIT && d->tree_asleep[t] < 0) {
        int b = m->tree_bodyadr[t];
        const char* name = mj_id2name(m, mjOBJ_BODY, b);
        mjERROR(
            "%d trees have sleep='init' but %d could be put to sleep: the tree of body '%s' "
            "(id %d) shares a constraint island with trees of another sleep policy",
            ninit, nslept, name ? name : "", b);
        return;
      }
    }
  }
}

int mj_sleepAny(const mjModel* m, const mjData* d) {
  return mjENABLED(mjENBL_SLEEP) && d->ntree_awake < m->ntree;
}

// ---------------------------------------------------------------------------------------------
// waking

void mj_kinematicsSleep(const mjModel* m, mjData* d) {
  if (d->ntree_awake == m->ntree) {
    mj_kinematics(m, d);
    return;
  }
  if (!mjENABLED(mjENBL_SLEEP)) {
    wakeAll(m, d);
    mj_updateSleep(m, d);
    mj_kinematics(m, d);
    return;
  }

  int woken = wakeInputs(m, d);
  woken += wakeMoved(m, d);
  woken += wakeConstraints(m, d);
  if (woken) {
    mj_updateSleep(m, d);
  }

  // inertial, geom and site frames of the awake and static bodies; those of the bodies still
  // asleep are where they were when the bodies fell asleep
  mj_kinematicsFrames(m, d, 1);
}

int mj_sleepSkipPair(const mjModel* m, const mjData* d, int b1, int b2) {
  if (d->ntree_awake == m->ntree) {
    return 0;
  }
  return d->body_awake[b1] != mjS_AWAKE && d->body_awake[b2] != mjS_AWAKE;
}

// the joint limits, friction losses, equalities and remaining contacts of sleeping trees make no
// rows: their dofs do not move, and the rows would join them to islands
int mj_sleepSkipRow(const mjModel* m, const mjData* d, const int* chain, int n) {
  if (d->ntree_awake == m->ntree || n <= 0) {
    return 0;
  }
  for (int k = 0; k < n; k++) {
    int t = m->dof_treeid[chain[k]];
    if (t < 0 || d->tree_awake[t]) {
      return 0;
    }
  }
  return 1;
}

int mj_wakeCollision(const mjModel* m, mjData* d) {
  int n = 0;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* con = d->contact + i;
    int state[2], tree[2];
    for (int k = 0; k < 2; k++) {
      int g = con->geom[k];
      int b = g >= 0 ? m->geom_bodyid[g] : -1;
      state[k] = b >= 0 ? d->body_awake[b] : mjS_AWAKE;  // flexes never sleep
      tree[k] = bodyTree(m, b);
    }
    for (int k = 0; k < 2; k++) {
      if (state[k] == mjS_ASLEEP && state[1 - k] == mjS_AWAKE) {
        n += wakeIsland(d, tree[k]);
      }
    }
  }
  if (n) {
    mj_updateSleep(m, d);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// falling asleep

int mj_sleep(const mjModel* m, mjData* d) {
  if (!mjENABLED(mjENBL_SLEEP) || !m->ntree) {
    return 0;
  }
  advanceTimers(m, d);

  // islands whose trees are all ready (tree_asleep == -1); unconstrained trees on their own
  int ntree = m->ntree, nslept = 0;
  mj_markStack(d);
  int* trees = mj_stackAllocInt(d, ntree);
  int nisland = d->nisland > 0 ? d->nisland : 0;
  for (int k = 0; k < nisland; k++) {
    int adr = d->island_itreeadr[k], n = d->island_ntree[k], ready = 1;
    for (int j = 0; j < n && ready; j++) {
      ready = d->tree_asleep[d->map_itree2tree[adr + j]] == -1;
    }
    if (ready) {
      for (int j = 0; j < n; j++) {
        trees[j] = d->map_itree2tree[adr + j];
      }
      sleepTrees(m, d, trees, n);
      nslept += n;
    }
  }
  for (int t = 0; t < ntree; t++) {
    int alone = nisland == 0 || d->tree_island[t] < 0;
    if (alone && d->tree_asleep[t] == -1) {
      sleepTrees(m, d, &t, 1);
      nslept++;
    }
  }
  mj_freeStack(d);
  return nslept;
}

// ---------------------------------------------------------------------------------------------
// integration

void mj_advanceAwake(const mjModel* m, mjData* d, const mjtNum* qacc, const mjtNum* qvel_pos,
                     mjtNum h) {
  for (int k = 0; k < d->nv_awake; k++) {
    int i = d->dof_awake_ind[k];
    d->qvel[i] += h * qacc[i];
  }
  const mjtNum* qvel = qvel_pos ? qvel_pos : d->qvel;
  for (int j = 0; j < m->njnt; j++) {
    if (d->body_awake[m->jnt_bodyid[j]] == mjS_ASLEEP) {
      continue;
    }
    mjtNum* qpos = d->qpos + m->jnt_qposadr[j];
    const mjtNum* v = qvel + m->jnt_dofadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        mju_addToScl3(qpos, v, h);
        mju_quatIntegrate(qpos + 3, v + 3, h);
        break;
      case mjJNT_BALL:
        mju_quatIntegrate(qpos, v, h);
        break;
      default:
        qpos[0] += h * v[0];
    }
  }
}
