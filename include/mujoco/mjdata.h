// Copyright 2026 The Motus Authors.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#ifndef MUJOCO_MJDATA_H_
#define MUJOCO_MJDATA_H_

#include <stddef.h>
#include <stdint.h>

#include <mujoco/mjmodel.h>
#include <mujoco/mjthread.h>
#include <mujoco/mjtnum.h>
#include <mujoco/mjtype.h>

struct mjContact_ {
  mjtNum dist;
  mjtNum pos[3];
  mjtNum frame[9];
  mjtNum includemargin;
  mjtNum friction[5];
  mjtNum solref[mjNREF];
  mjtNum solreffriction[mjNREF];
  mjtNum solimp[mjNIMP];
  mjtNum mu;
  mjtNum H[36];
  int dim;
  int geom1;
  int geom2;
  int geom[2];
  int flex[2];
  int elem[2];
  int vert[2];
  int exclude;
  int efc_address;
};
typedef struct mjContact_ mjContact;

struct mjWarningStat_ {
  int lastinfo;
  int number;
};
typedef struct mjWarningStat_ mjWarningStat;

struct mjTimerStat_ {
  mjtNum duration;
  int number;
};
typedef struct mjTimerStat_ mjTimerStat;

struct mjSolverStat_ {
  mjtNum improvement;
  mjtNum gradient;
  mjtNum lineslope;
  int nactive;
  int nchange;
  int neval;
  int nupdate;
};
typedef struct mjSolverStat_ mjSolverStat;

struct mjData_ {
  mjtSize narena;
  mjtSize nbuffer;
  int nplugin;
  size_t pstack;
  size_t pbase;
  size_t parena;
  mjtSize maxuse_stack;
  mjtSize maxuse_threadstack[mjMAXTHREAD];
  mjtSize maxuse_arena;
  int maxuse_con;
  int maxuse_efc;
  mjSolverStat solver[mjNISLAND * mjNSOLVER];
  int solver_niter[mjNISLAND];
  int solver_nnz[mjNISLAND];
  mjtNum solver_fwdinv[2];
  mjWarningStat warning[mjNWARNING];
  mjTimerStat timer[mjNTIMER];
  int ncon;
  int ne;
  int nf;
  int nl;
  int nefc;
  int nJ;
  int nA;
  int nisland;
  int nidof;
  int ntree_awake;
  int nbody_awake;
  int nparent_awake;
  int nv_awake;
  mjtByte flg_energypos;
  mjtByte flg_energyvel;
  mjtByte flg_subtreevel;
  mjtByte flg_rnepost;
  mjtNum time;
  mjtNum energy[2];
  void* buffer;
  void* arena;
  mjtNum* qpos;
  mjtNum* qvel;
  mjtNum* act;
  mjtNum* history;
  mjtNum* qacc_warmstart;
  mjtNum* plugin_state;
  mjtNum* ctrl;
  mjtNum* qfrc_applied;
  mjtNum* xfrc_applied;
  mjtByte* eq_active;
  mjtNum* mocap_pos;
  mjtNum* mocap_quat;
  mjtNum* qacc;
  mjtNum* act_dot;
  mjtNum* userdata;
  mjtNum* sensordata;
  int* tree_asleep;
  int* plugin;
  uintptr_t* plugin_data;
  mjtNum* xpos;
  mjtNum* xquat;
  mjtNum* xmat;
  mjtNum* xipos;
  mjtNum* ximat;
  mjtNum* xanchor;
  mjtNum* xaxis;
  mjtNum* geom_xpos;
  mjtNum* geom_xmat;
  mjtNum* site_xpos;
  mjtNum* site_xmat;
  mjtNum* cam_xpos;
  mjtNum* cam_xmat;
  mjtNum* light_xpos;
  mjtNum* light_xdir;
  mjtNum* subtree_com;
  mjtNum* cdof;
  mjtNum* cinert;
  mjtNum* flexvert_xpos;
  mjtNum* flexelem_aabb;
  mjtNum* flexedge_J;
  mjtNum* flexedge_length;
  mjtNum* flexvert_J;
  mjtNum* flexvert_length;
  mjtNum* bvh_aabb_dyn;
  int* ten_wrapadr;
  int* ten_wrapnum;
  mjtNum* ten_J;
  mjtNum* ten_length;
  int* wrap_obj;
  mjtNum* wrap_xpos;
  mjtNum* actuator_length;
  int* moment_rownnz;
  int* moment_rowadr;
  int* moment_colind;
  mjtNum* actuator_moment;
  mjtNum* crb;
  mjtNum* qM;
  mjtNum* M;
  mjtNum* qLD;
  mjtNum* qLDiagInv;
  mjtByte* bvh_active;
  int* tree_awake;
  int* body_awake;
  int* body_awake_ind;
  int* parent_awake_ind;
  int* dof_awake_ind;
  mjtNum* flexedge_velocity;
  mjtNum* ten_velocity;
  mjtNum* actuator_velocity;
  mjtNum* cvel;
  mjtNum* cdof_dot;
  mjtNum* qfrc_bias;
  mjtNum* qfrc_spring;
  mjtNum* qfrc_damper;
  mjtNum* qfrc_gravcomp;
  mjtNum* qfrc_fluid;
  mjtNum* qfrc_passive;
  mjtNum* subtree_linvel;
  mjtNum* subtree_angmom;
  mjtNum* qH;
  mjtNum* qHDiagInv;
  mjtNum* qDeriv;
  mjtNum* qLU;
  mjtNum* actuator_force;
  mjtNum* qfrc_actuator;
  mjtNum* qfrc_smooth;
  mjtNum* qacc_smooth;
  mjtNum* qfrc_constraint;
  mjtNum* qfrc_inverse;
  mjtNum* cacc;
  mjtNum* cfrc_int;
  mjtNum* cfrc_ext;
  mjContact* contact;
  int* efc_type;
  int* efc_id;
  int* efc_J_rownnz;
  int* efc_J_rowadr;
  int* efc_J_rowsuper;
  int* efc_J_colind;
  mjtNum* efc_J;
  mjtNum* efc_pos;
  mjtNum* efc_margin;
  mjtNum* efc_frictionloss;
  mjtNum* efc_diagApprox;
  mjtNum* efc_KBIP;
  mjtNum* efc_D;
  mjtNum* efc_R;
  int* tendon_efcadr;
  int* tree_island;
  int* island_ntree;
  int* island_itreeadr;
  int* map_itree2tree;
  int* dof_island;
  int* island_nv;
  int* island_idofadr;
  int* island_dofadr;
  int* map_dof2idof;
  int* map_idof2dof;
  mjtNum* ifrc_smooth;
  mjtNum* iacc_smooth;
  int* iM_rownnz;
  int* iM_rowadr;
  int* iM_colind;
  mjtNum* iM;
  mjtNum* iLD;
  mjtNum* iLDiagInv;
  mjtNum* iacc;
  int* efc_island;
  int* island_ne;
  int* island_nf;
  int* island_nefc;
  int* island_iefcadr;
  int* map_efc2iefc;
  int* map_iefc2efc;
  int* iefc_type;
  int* iefc_id;
  int* iefc_J_rownnz;
  int* iefc_J_rowadr;
  int* iefc_J_rowsuper;
  int* iefc_J_colind;
  mjtNum* iefc_J;
  mjtNum* iefc_frictionloss;
  mjtNum* iefc_D;
  mjtNum* iefc_R;
  int* efc_AR_rownnz;
  int* efc_AR_rowadr;
  int* efc_AR_colind;
  mjtNum* efc_AR;
  mjtNum* efc_vel;
  mjtNum* efc_aref;
  mjtNum* efc_b;
  mjtNum* iefc_aref;
  int* iefc_state;
  mjtNum* iefc_force;
  int* efc_state;
  mjtNum* efc_force;
  mjtNum* ifrc_constraint;
  uintptr_t threadpool;
  uint64_t signature;
};
typedef struct mjData_ mjData;

// ---------------------------------- callback types -------------------------------------

typedef void (*mjfGeneric)(const mjModel* m, mjData* d);
typedef int (*mjfConFilt)(const mjModel* m, mjData* d, int geom1, int geom2);
typedef void (*mjfSensor)(const mjModel* m, mjData* d, int stage);
typedef mjtNum (*mjfTime)(void);
typedef mjtNum (*mjfAct)(const mjModel* m, const mjData* d, int id);
typedef int (*mjfCollision)(const mjModel* m, mjData* d, mjContact* con, int g1, int g2,
                            mjtNum margin);

#endif  // MUJOCO_MJDATA_H_
