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

#ifndef MUJOCO_MJMODEL_H_
#define MUJOCO_MJMODEL_H_

#include <stddef.h>
#include <stdint.h>

#include <mujoco/mjtnum.h>
#include <mujoco/mjtype.h>

// ---------------------------------- constants ------------------------------------------

#define mjPI 3.14159265358979323846
#define mjMAXVAL 1E+10
#define mjMINMU 1E-5
#define mjMINIMP 0.0001
#define mjMAXIMP 0.9999
#define mjMAXCONPAIR 50
#define mjMAXTREEDEPTH 50
#define mjMAXFLEXNODES 27
#define mjMINAWAKE 10
#define mjNEQDATA 11
#define mjNDYN 10
#define mjNGAIN 10
#define mjNBIAS 10
#define mjNFLUID 12
#define mjNREF 2
#define mjNIMP 5
#define mjNPOLY 2
#define mjNSENS 3
#define mjNSOLVER 200
#define mjNISLAND 20

// ---------------------------------- structs --------------------------------------------

struct mjCache_ {  // asset cache shared by compilations (see mj_getCache)
  void* impl_;     // internal pointer to the cache
};
typedef struct mjCache_ mjCache;

struct mjVFS_ {  // virtual file system for loading from memory
  void* impl_;   // internal pointer to VFS memory
};
typedef struct mjVFS_ mjVFS;

struct mjLROpt_ {
  int mode;
  int useexisting;
  int uselimit;
  mjtNum accel;
  mjtNum maxforce;
  mjtNum timeconst;
  mjtNum timestep;
  mjtNum inttotal;
  mjtNum interval;
  mjtNum tolrange;
};
typedef struct mjLROpt_ mjLROpt;

struct mjOption_ {
  mjtNum timestep;
  mjtNum impratio;
  mjtNum tolerance;
  mjtNum ls_tolerance;
  mjtNum noslip_tolerance;
  mjtNum ccd_tolerance;
  mjtNum sleep_tolerance;
  mjtNum gravity[3];
  mjtNum wind[3];
  mjtNum magnetic[3];
  mjtNum density;
  mjtNum viscosity;
  mjtNum o_margin;
  mjtNum o_solref[mjNREF];
  mjtNum o_solimp[mjNIMP];
  mjtNum o_friction[5];
  int integrator;
  int cone;
  int jacobian;
  int solver;
  int iterations;
  int ls_iterations;
  int noslip_iterations;
  int ccd_iterations;
  int disableflags;
  int enableflags;
  int disableactuator;
  int sdf_initpoints;
  int sdf_iterations;
};
typedef struct mjOption_ mjOption;

struct mjVisual_ {         // visualization options
  struct {                 // global parameters
    int cameraid;          // initial camera id (-1: free)
    int orthographic;      // is the free camera orthographic (0: no, 1: yes)
    float fovy;            // y field-of-view of free camera (orthographic ? length : degree)
    float ipd;             // inter-pupilary distance for free camera
    float azimuth;         // initial azimuth of free camera (degrees)
    float elevation;       // initial elevation of free camera (degrees)
    float linewidth;       // line width for wireframe and ray rendering
    float glow;            // glow coefficient for selected body
    float realtime;        // initial real-time factor (1: real time)
    int offwidth;          // width of offscreen buffer
    int offheight;         // height of offscreen buffer
    int ellipsoidinertia;  // geom for inertia visualization (0: box, 1: ellipsoid)
    int bvactive;          // visualize active bounding volumes (0: no, 1: yes)
  } global;

  struct {           // rendering quality
    int shadowsize;  // size of shadowmap texture
    int offsamples;  // number of multisamples for offscreen rendering
    int numslices;   // number of slices for builtin geom drawing
    int numstacks;   // number of stacks for builtin geom drawing
    int numquads;    // number of quads for box rendering
  } quality;

  struct {              // head light
    float ambient[3];   // ambient rgb (alpha=1)
    float diffuse[3];   // diffuse rgb (alpha=1)
    float specular[3];  // specular rgb (alpha=1)
    int active;         // is headlight active
  } headlight;

  struct {                 // mapping
    float stiffness;       // mouse perturbation stiffness (space->force)
    float stiffnessrot;    // mouse perturbation stiffness (space->torque)
    float force;           // from force units to space units
    float torque;          // from torque units to space units
    float alpha;           // scale geom alphas when transparency is enabled
    float fogstart;        // OpenGL fog starts at fogstart * mjModel.stat.extent
    float fogend;          // OpenGL fog ends at fogend * mjModel.stat.extent
    float znear;           // near clipping plane = znear * mjModel.stat.extent
    float zfar;            // far clipping plane = zfar * mjModel.stat.extent
    float haze;            // haze ratio
    float shadowclip;      // directional light: shadowclip * mjModel.stat.extent
    float shadowscale;     // spot light: shadowscale * light.cutoff
    float actuatortendon;  // scale tendon width
  } map;

  struct {                 // scale of decor elements relative to mean body size
    float forcewidth;      // width of force arrow
    float contactwidth;    // contact width
    float contactheight;   // contact height
    float connect;         // autoconnect capsule width
    float com;             // com radius
    float camera;          // camera object
    float light;           // light object
    float selectpoint;     // selection point
    float jointlength;     // joint length
    float jointwidth;      // joint width
    float actuatorlength;  // actuator length
    float actuatorwidth;   // actuator width
    float framelength;     // bodyframe axis length
    float framewidth;      // bodyframe axis width
    float constraint;      // constraint width
    float slidercrank;     // slidercrank width
    float frustum;         // frustum zfar plane
  } scale;

  struct {                      // color of decor elements
    float fog[4];               // fog
    float haze[4];              // haze
    float force[4];             // external force
    float inertia[4];           // inertia box
    float joint[4];             // joint
    float actuator[4];          // actuator, neutral
    float actuatornegative[4];  // actuator, negative limit
    float actuatorpositive[4];  // actuator, positive limit
    float com[4];               // center of mass
    float camera[4];            // camera object
    float light[4];             // light object
    float selectpoint[4];       // selection point
    float connect[4];           // auto connect
    float contactpoint[4];      // contact point
    float contactforce[4];      // contact force
    float contactfriction[4];   // contact friction force
    float contacttorque[4];     // contact torque
    float contactgap[4];        // contact point in gap
    float rangefinder[4];       // rangefinder ray
    float constraint[4];        // constraint
    float slidercrank[4];       // slidercrank
    float crankbroken[4];       // used when crank must be stretched/broken
    float frustum[4];           // camera frustum
    float bv[4];                // bounding volume
    float bvactive[4];          // active bounding volume
  } rgba;
};
typedef struct mjVisual_ mjVisual;

struct mjStatistic_ {
  mjtNum meaninertia;
  mjtNum meanmass;
  mjtNum meansize;
  mjtNum extent;
  mjtNum center[3];
};
typedef struct mjStatistic_ mjStatistic;

struct mjModel_ {
  mjtSize nq;
  mjtSize nv;
  mjtSize nu;
  mjtSize na;
  mjtSize nbody;
  mjtSize nbvh;
  mjtSize nbvhstatic;
  mjtSize nbvhdynamic;
  mjtSize noct;
  mjtSize njnt;
  mjtSize ntree;
  mjtSize nM;
  mjtSize nB;
  mjtSize nC;
  mjtSize nD;
  mjtSize ngeom;
  mjtSize nsite;
  mjtSize ncam;
  mjtSize nlight;
  mjtSize nflex;
  mjtSize nflexnode;
  mjtSize nflexvert;
  mjtSize nflexedge;
  mjtSize nflexelem;
  mjtSize nflexelemdata;
  mjtSize nflexstiffness;
  mjtSize nflexelemedge;
  mjtSize nflexshelldata;
  mjtSize nflexevpair;
  mjtSize nflextexcoord;
  mjtSize nJfe;
  mjtSize nJfv;
  mjtSize nmesh;
  mjtSize nmeshvert;
  mjtSize nmeshnormal;
  mjtSize nmeshtexcoord;
  mjtSize nmeshface;
  mjtSize nmeshgraph;
  mjtSize nmeshpoly;
  mjtSize nmeshpolyvert;
  mjtSize nmeshpolymap;
  mjtSize nskin;
  mjtSize nskinvert;
  mjtSize nskintexvert;
  mjtSize nskinface;
  mjtSize nskinbone;
  mjtSize nskinbonevert;
  mjtSize nhfield;
  mjtSize nhfielddata;
  mjtSize ntex;
  mjtSize ntexdata;
  mjtSize nmat;
  mjtSize npair;
  mjtSize nexclude;
  mjtSize neq;
  mjtSize ntendon;
  mjtSize nJten;
  mjtSize nwrap;
  mjtSize nsensor;
  mjtSize nnumeric;
  mjtSize nnumericdata;
  mjtSize ntext;
  mjtSize ntextdata;
  mjtSize ntuple;
  mjtSize ntupledata;
  mjtSize nkey;
  mjtSize nmocap;
  mjtSize nplugin;
  mjtSize npluginattr;
  mjtSize nuser_body;
  mjtSize nuser_jnt;
  mjtSize nuser_geom;
  mjtSize nuser_site;
  mjtSize nuser_cam;
  mjtSize nuser_tendon;
  mjtSize nuser_actuator;
  mjtSize nuser_sensor;
  mjtSize nnames;
  mjtSize npaths;
  mjtSize nnames_map;
  mjtSize nJmom;
  mjtSize ngravcomp;
  mjtSize nemax;
  mjtSize njmax;
  mjtSize nconmax;
  mjtSize nuserdata;
  mjtSize nsensordata;
  mjtSize npluginstate;
  mjtSize nhistory;
  mjtSize narena;
  mjtSize nbuffer;
  mjOption opt;
  mjVisual vis;
  mjStatistic stat;
  void* buffer;
  mjtNum* qpos0;
  mjtNum* qpos_spring;
  int* body_parentid;
  int* body_rootid;
  int* body_weldid;
  int* body_mocapid;
  int* body_jntnum;
  int* body_jntadr;
  int* body_dofnum;
  int* body_dofadr;
  int* body_treeid;
  int* body_geomnum;
  int* body_geomadr;
  mjtByte* body_simple;
  mjtByte* body_sameframe;
  mjtNum* body_pos;
  mjtNum* body_quat;
  mjtNum* body_ipos;
  mjtNum* body_iquat;
  mjtNum* body_mass;
  mjtNum* body_subtreemass;
  mjtNum* body_inertia;
  mjtNum* body_invweight0;
  mjtNum* body_gravcomp;
  mjtNum* body_margin;
  mjtNum* body_user;
  int* body_plugin;
  int* body_contype;
  int* body_conaffinity;
  int* body_bvhadr;
  int* body_bvhnum;
  int* bvh_depth;
  int* bvh_child;
  int* bvh_nodeid;
  mjtNum* bvh_aabb;
  int* oct_depth;
  int* oct_child;
  mjtNum* oct_aabb;
  mjtNum* oct_coeff;
  int* jnt_type;
  int* jnt_qposadr;
  int* jnt_dofadr;
  int* jnt_bodyid;
  int* jnt_actuatorid;
  int* jnt_group;
  mjtByte* jnt_limited;
  mjtByte* jnt_actfrclimited;
  mjtByte* jnt_actgravcomp;
  mjtNum* jnt_solref;
  mjtNum* jnt_solimp;
  mjtNum* jnt_pos;
  mjtNum* jnt_axis;
  mjtNum* jnt_stiffness;
  mjtNum* jnt_stiffnesspoly;
  mjtNum* jnt_range;
  mjtNum* jnt_actfrcrange;
  mjtNum* jnt_margin;
  mjtNum* jnt_user;
  int* dof_bodyid;
  int* dof_jntid;
  int* dof_parentid;
  int* dof_treeid;
  int* dof_Madr;
  int* dof_simplenum;
  mjtNum* dof_solref;
  mjtNum* dof_solimp;
  mjtNum* dof_frictionloss;
  mjtNum* dof_armature;
  mjtNum* dof_damping;
  mjtNum* dof_dampingpoly;
  mjtNum* dof_invweight0;
  mjtNum* dof_M0;
  mjtNum* dof_length;
  int* tree_bodyadr;
  int* tree_bodynum;
  int* tree_dofadr;
  int* tree_dofnum;
  int* tree_sleep_policy;
  int* geom_type;
  int* geom_contype;
  int* geom_conaffinity;
  int* geom_condim;
  int* geom_bodyid;
  int* geom_dataid;
  int* geom_matid;
  int* geom_group;
  int* geom_priority;
  int* geom_plugin;
  mjtByte* geom_sameframe;
  mjtNum* geom_solmix;
  mjtNum* geom_solref;
  mjtNum* geom_solimp;
  mjtNum* geom_size;
  mjtNum* geom_aabb;
  mjtNum* geom_rbound;
  mjtNum* geom_pos;
  mjtNum* geom_quat;
  mjtNum* geom_friction;
  mjtNum* geom_margin;
  mjtNum* geom_gap;
  mjtNum* geom_fluid;
  mjtNum* geom_user;
  float* geom_rgba;
  int* site_type;
  int* site_bodyid;
  int* site_matid;
  int* site_group;
  mjtByte* site_sameframe;
  mjtNum* site_size;
  mjtNum* site_pos;
  mjtNum* site_quat;
  mjtNum* site_user;
  float* site_rgba;
  int* cam_mode;
  int* cam_bodyid;
  int* cam_targetbodyid;
  mjtNum* cam_pos;
  mjtNum* cam_quat;
  mjtNum* cam_poscom0;
  mjtNum* cam_pos0;
  mjtNum* cam_mat0;
  int* cam_projection;
  mjtNum* cam_fovy;
  mjtNum* cam_ipd;
  int* cam_resolution;
  int* cam_output;
  float* cam_sensorsize;
  float* cam_intrinsic;
  mjtNum* cam_user;
  int* light_mode;
  int* light_bodyid;
  int* light_targetbodyid;
  int* light_type;
  int* light_texid;
  mjtByte* light_castshadow;
  float* light_bulbradius;
  float* light_intensity;
  float* light_range;
  mjtByte* light_active;
  mjtNum* light_pos;
  mjtNum* light_dir;
  mjtNum* light_poscom0;
  mjtNum* light_pos0;
  mjtNum* light_dir0;
  float* light_attenuation;
  float* light_cutoff;
  float* light_exponent;
  float* light_ambient;
  float* light_diffuse;
  float* light_specular;
  int* flex_contype;
  int* flex_conaffinity;
  int* flex_condim;
  int* flex_priority;
  mjtNum* flex_solmix;
  mjtNum* flex_solref;
  mjtNum* flex_solimp;
  mjtNum* flex_friction;
  mjtNum* flex_margin;
  mjtNum* flex_gap;
  mjtByte* flex_internal;
  int* flex_selfcollide;
  int* flex_activelayers;
  int* flex_passive;
  int* flex_dim;
  int* flex_matid;
  int* flex_group;
  int* flex_interp;
  int* flex_bandwidth;
  int* flex_cellnum;
  int* flex_nodeadr;
  int* flex_nodenum;
  int* flex_vertadr;
  int* flex_vertnum;
  int* flex_edgeadr;
  int* flex_edgenum;
  int* flex_elemadr;
  int* flex_elemnum;
  int* flex_elemdataadr;
  int* flex_stiffnessadr;
  int* flex_elemedgeadr;
  int* flex_shellnum;
  int* flex_shelldataadr;
  int* flex_evpairadr;
  int* flex_evpairnum;
  int* flex_texcoordadr;
  int* flex_nodebodyid;
  int* flex_vertbodyid;
  int* flex_vertedgeadr;
  int* flex_vertedgenum;
  int* flex_vertedge;
  int* flex_edge;
  int* flex_edgeflap;
  int* flex_elem;
  int* flex_elemtexcoord;
  int* flex_elemedge;
  int* flex_elemlayer;
  int* flex_shell;
  int* flex_evpair;
  mjtNum* flex_vert;
  mjtNum* flex_vert0;
  mjtNum* flex_vertmetric;
  mjtNum* flex_node;
  mjtNum* flex_node0;
  mjtNum* flexedge_length0;
  mjtNum* flexedge_invweight0;
  mjtNum* flex_radius;
  mjtNum* flex_size;
  mjtNum* flex_stiffness;
  mjtNum* flex_bending;
  mjtNum* flex_damping;
  mjtNum* flex_edgestiffness;
  mjtNum* flex_edgedamping;
  int* flex_edgeequality;
  mjtByte* flex_rigid;
  mjtByte* flexedge_rigid;
  mjtByte* flex_centered;
  mjtByte* flex_flatskin;
  int* flex_bvhadr;
  int* flex_bvhnum;
  int* flexedge_J_rownnz;
  int* flexedge_J_rowadr;
  int* flexedge_J_colind;
  int* flexvert_J_rownnz;
  int* flexvert_J_rowadr;
  int* flexvert_J_colind;
  float* flex_rgba;
  float* flex_texcoord;
  int* mesh_vertadr;
  int* mesh_vertnum;
  int* mesh_faceadr;
  int* mesh_facenum;
  int* mesh_bvhadr;
  int* mesh_bvhnum;
  int* mesh_octadr;
  int* mesh_octnum;
  int* mesh_normaladr;
  int* mesh_normalnum;
  int* mesh_texcoordadr;
  int* mesh_texcoordnum;
  int* mesh_graphadr;
  float* mesh_vert;
  float* mesh_normal;
  float* mesh_texcoord;
  int* mesh_face;
  int* mesh_facenormal;
  int* mesh_facetexcoord;
  int* mesh_graph;
  mjtNum* mesh_scale;
  mjtNum* mesh_pos;
  mjtNum* mesh_quat;
  int* mesh_pathadr;
  int* mesh_polynum;
  int* mesh_polyadr;
  mjtNum* mesh_polynormal;
  int* mesh_polyvertadr;
  int* mesh_polyvertnum;
  int* mesh_polyvert;
  int* mesh_polymapadr;
  int* mesh_polymapnum;
  int* mesh_polymap;
  int* skin_matid;
  int* skin_group;
  float* skin_rgba;
  float* skin_inflate;
  int* skin_vertadr;
  int* skin_vertnum;
  int* skin_texcoordadr;
  int* skin_faceadr;
  int* skin_facenum;
  int* skin_boneadr;
  int* skin_bonenum;
  float* skin_vert;
  float* skin_texcoord;
  int* skin_face;
  int* skin_bonevertadr;
  int* skin_bonevertnum;
  float* skin_bonebindpos;
  float* skin_bonebindquat;
  int* skin_bonebodyid;
  int* skin_bonevertid;
  float* skin_bonevertweight;
  int* skin_pathadr;
  mjtNum* hfield_size;
  int* hfield_nrow;
  int* hfield_ncol;
  int* hfield_adr;
  float* hfield_data;
  int* hfield_pathadr;
  int* tex_type;
  int* tex_colorspace;
  int* tex_height;
  int* tex_width;
  int* tex_nchannel;
  mjtSize* tex_adr;
  mjtByte* tex_data;
  int* tex_pathadr;
  int* mat_texid;
  mjtByte* mat_texuniform;
  float* mat_texrepeat;
  float* mat_emission;
  float* mat_specular;
  float* mat_shininess;
  float* mat_reflectance;
  float* mat_metallic;
  float* mat_roughness;
  float* mat_rgba;
  int* pair_dim;
  int* pair_geom1;
  int* pair_geom2;
  int* pair_signature;
  mjtNum* pair_solref;
  mjtNum* pair_solreffriction;
  mjtNum* pair_solimp;
  mjtNum* pair_margin;
  mjtNum* pair_gap;
  mjtNum* pair_friction;
  int* exclude_signature;
  int* eq_type;
  int* eq_obj1id;
  int* eq_obj2id;
  int* eq_objtype;
  mjtByte* eq_active0;
  mjtNum* eq_solref;
  mjtNum* eq_solimp;
  mjtNum* eq_data;
  int* tendon_adr;
  int* tendon_num;
  int* tendon_matid;
  int* tendon_actuatorid;
  int* tendon_group;
  int* tendon_treenum;
  int* tendon_treeid;
  int* ten_J_rownnz;
  int* ten_J_rowadr;
  int* ten_J_colind;
  mjtByte* tendon_limited;
  mjtByte* tendon_actfrclimited;
  mjtNum* tendon_width;
  mjtNum* tendon_solref_lim;
  mjtNum* tendon_solimp_lim;
  mjtNum* tendon_solref_fri;
  mjtNum* tendon_solimp_fri;
  mjtNum* tendon_range;
  mjtNum* tendon_actfrcrange;
  mjtNum* tendon_margin;
  mjtNum* tendon_stiffness;
  mjtNum* tendon_stiffnesspoly;
  mjtNum* tendon_damping;
  mjtNum* tendon_dampingpoly;
  mjtNum* tendon_armature;
  mjtNum* tendon_frictionloss;
  mjtNum* tendon_lengthspring;
  mjtNum* tendon_length0;
  mjtNum* tendon_invweight0;
  mjtNum* tendon_user;
  float* tendon_rgba;
  int* wrap_type;
  int* wrap_objid;
  mjtNum* wrap_prm;
  int* actuator_trntype;
  int* actuator_dyntype;
  int* actuator_gaintype;
  int* actuator_biastype;
  int* actuator_trnid;
  mjtNum* actuator_damping;
  mjtNum* actuator_dampingpoly;
  mjtNum* actuator_armature;
  int* actuator_actadr;
  int* actuator_actnum;
  int* actuator_group;
  int* actuator_history;
  int* actuator_historyadr;
  mjtNum* actuator_delay;
  mjtByte* actuator_ctrllimited;
  mjtByte* actuator_forcelimited;
  mjtByte* actuator_actlimited;
  mjtNum* actuator_dynprm;
  mjtNum* actuator_gainprm;
  mjtNum* actuator_biasprm;
  mjtByte* actuator_actearly;
  mjtNum* actuator_ctrlrange;
  mjtNum* actuator_forcerange;
  mjtNum* actuator_actrange;
  mjtNum* actuator_gear;
  mjtNum* actuator_cranklength;
  mjtNum* actuator_acc0;
  mjtNum* actuator_length0;
  mjtNum* actuator_lengthrange;
  mjtNum* actuator_user;
  int* actuator_plugin;
  int* sensor_type;
  int* sensor_datatype;
  int* sensor_needstage;
  int* sensor_objtype;
  int* sensor_objid;
  int* sensor_reftype;
  int* sensor_refid;
  int* sensor_intprm;
  int* sensor_dim;
  int* sensor_adr;
  mjtNum* sensor_cutoff;
  mjtNum* sensor_noise;
  int* sensor_history;
  int* sensor_historyadr;
  mjtNum* sensor_delay;
  mjtNum* sensor_interval;
  mjtNum* sensor_user;
  int* sensor_plugin;
  int* plugin;
  int* plugin_stateadr;
  int* plugin_statenum;
  char* plugin_attr;
  int* plugin_attradr;
  int* numeric_adr;
  int* numeric_size;
  mjtNum* numeric_data;
  int* text_adr;
  int* text_size;
  char* text_data;
  int* tuple_adr;
  int* tuple_size;
  int* tuple_objtype;
  int* tuple_objid;
  mjtNum* tuple_objprm;
  mjtNum* key_time;
  mjtNum* key_qpos;
  mjtNum* key_qvel;
  mjtNum* key_act;
  mjtNum* key_mpos;
  mjtNum* key_mquat;
  mjtNum* key_ctrl;
  int* name_bodyadr;
  int* name_jntadr;
  int* name_geomadr;
  int* name_siteadr;
  int* name_camadr;
  int* name_lightadr;
  int* name_flexadr;
  int* name_meshadr;
  int* name_skinadr;
  int* name_hfieldadr;
  int* name_texadr;
  int* name_matadr;
  int* name_pairadr;
  int* name_excludeadr;
  int* name_eqadr;
  int* name_tendonadr;
  int* name_actuatoradr;
  int* name_sensoradr;
  int* name_numericadr;
  int* name_textadr;
  int* name_tupleadr;
  int* name_keyadr;
  int* name_pluginadr;
  char* names;
  int* names_map;
  char* paths;
  int* B_rownnz;
  int* B_rowadr;
  int* B_colind;
  int* M_rownnz;
  int* M_rowadr;
  int* M_colind;
  int* mapM2M;
  int* D_rownnz;
  int* D_rowadr;
  int* D_diag;
  int* D_colind;
  int* mapM2D;
  int* mapD2M;
  uint64_t signature;
};
typedef struct mjModel_ mjModel;

#endif  // MUJOCO_MJMODEL_H_
