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

#ifndef MUJOCO_MJSPEC_H_
#define MUJOCO_MJSPEC_H_

#include <stddef.h>
#include <stdint.h>

#include <mujoco/mjmodel.h>
#include <mujoco/mjtnum.h>
#include <mujoco/mjtype.h>

// Model specification (mjSpec): the editable, pre-compile description of a model. The MJCF reader
// builds one; mj_compile turns it into an mjModel. Strings and arrays are C++ standard containers
// in C++ and opaque types in C (use the mjs_ setters and getters).
#ifdef __cplusplus
#include <cstddef>
#include <string>
#include <vector>
typedef std::string mjString;
typedef std::vector<std::string> mjStringVec;
typedef std::vector<int> mjIntVec;
typedef std::vector<std::vector<int>> mjIntVecVec;
typedef std::vector<float> mjFloatVec;
typedef std::vector<std::vector<float>> mjFloatVecVec;
typedef std::vector<double> mjDoubleVec;
typedef std::vector<std::byte> mjByteVec;
#else
typedef struct mjString_ mjString;
typedef struct mjStringVec_ mjStringVec;
typedef struct mjIntVec_ mjIntVec;
typedef struct mjIntVecVec_ mjIntVecVec;
typedef struct mjFloatVec_ mjFloatVec;
typedef struct mjFloatVecVec_ mjFloatVecVec;
typedef struct mjDoubleVec_ mjDoubleVec;
typedef struct mjByteVec_ mjByteVec;
#endif

typedef struct mjsElement_ {
  mjtObj elemtype;
  uint64_t signature;
} mjsElement;

typedef struct mjsCompiler_ {
  mjtByte autolimits;
  double boundmass;
  double boundinertia;
  double settotalmass;
  mjtByte balanceinertia;
  mjtByte fitaabb;
  mjtByte degree;
  char eulerseq[3];
  mjtByte discardvisual;
  mjtByte usethread;
  mjtByte fusestatic;
  int inertiafromgeom;
  int inertiagrouprange[2];
  mjtByte saveinertial;
  int alignfree;
  mjLROpt LRopt;
  mjString* meshdir;
  mjString* texturedir;
} mjsCompiler;

typedef struct mjsOrientation_ {
  mjtOrientation type;
  double axisangle[4];
  double xyaxes[6];
  double zaxis[3];
  double euler[3];
} mjsOrientation;

typedef struct mjsPlugin_ {
  mjsElement* element;
  mjString* name;
  mjString* plugin_name;
  mjtByte active;
  mjString* info;
} mjsPlugin;

typedef struct mjSpec_ {
  mjsElement* element;
  mjString* modelname;
  mjsCompiler compiler;
  mjtByte strippath;
  mjOption option;
  mjVisual visual;
  mjStatistic stat;
  mjtSize memory;
  int nemax;
  int nuserdata;
  int nuser_body;
  int nuser_jnt;
  int nuser_geom;
  int nuser_site;
  int nuser_cam;
  int nuser_tendon;
  int nuser_actuator;
  int nuser_sensor;
  int nkey;
  int njmax;
  int nconmax;
  mjtSize nstack;
  mjString* comment;
  mjString* modelfiledir;
  mjtByte hasImplicitPluginElem;
} mjSpec;

typedef struct mjsBody_ {
  mjsElement* element;
  mjString* childclass;
  double pos[3];
  double quat[4];
  mjsOrientation alt;
  double mass;
  double ipos[3];
  double iquat[4];
  double inertia[3];
  mjsOrientation ialt;
  double fullinertia[6];
  mjtByte mocap;
  double gravcomp;
  mjtSleepPolicy sleep;
  mjDoubleVec* userdata;
  mjtByte explicitinertial;
  mjsPlugin plugin;
  mjString* info;
} mjsBody;

typedef struct mjsFrame_ {
  mjsElement* element;
  mjString* childclass;
  double pos[3];
  double quat[4];
  mjsOrientation alt;
  mjString* info;
} mjsFrame;

typedef struct mjsJoint_ {
  mjsElement* element;
  mjtJoint type;
  double pos[3];
  double axis[3];
  double ref;
  int align;
  double stiffness[mjNPOLY + 1];
  double springref;
  double springdamper[2];
  int limited;
  double range[2];
  double margin;
  mjtNum solref_limit[mjNREF];
  mjtNum solimp_limit[mjNIMP];
  int actfrclimited;
  double actfrcrange[2];
  double armature;
  double damping[mjNPOLY + 1];
  double frictionloss;
  mjtNum solref_friction[mjNREF];
  mjtNum solimp_friction[mjNIMP];
  int group;
  mjtByte actgravcomp;
  mjDoubleVec* userdata;
  mjString* info;
} mjsJoint;

typedef struct mjsGeom_ {
  mjsElement* element;
  mjtGeom type;
  double pos[3];
  double quat[4];
  mjsOrientation alt;
  double fromto[6];
  double size[3];
  int contype;
  int conaffinity;
  int condim;
  int priority;
  double friction[3];
  double solmix;
  mjtNum solref[mjNREF];
  mjtNum solimp[mjNIMP];
  double margin;
  double gap;
  double mass;
  double density;
  mjtGeomInertia typeinertia;
  mjtNum fluid_ellipsoid;
  mjtNum fluid_coefs[5];
  mjString* material;
  float rgba[4];
  int group;
  mjString* hfieldname;
  mjString* meshname;
  double fitscale;
  mjDoubleVec* userdata;
  mjsPlugin plugin;
  mjString* info;
} mjsGeom;

typedef struct mjsSite_ {
  mjsElement* element;
  double pos[3];
  double quat[4];
  mjsOrientation alt;
  double fromto[6];
  double size[3];
  mjtGeom type;
  mjString* material;
  int group;
  float rgba[4];
  mjDoubleVec* userdata;
  mjString* info;
} mjsSite;

typedef struct mjsCamera_ {
  mjsElement* element;
  double pos[3];
  double quat[4];
  mjsOrientation alt;
  mjtCamLight mode;
  mjString* targetbody;
  mjtProjection proj;
  int resolution[2];
  int output;
  double fovy;
  double ipd;
  float intrinsic[4];
  float sensor_size[2];
  float focal_length[2];
  float focal_pixel[2];
  float principal_length[2];
  float principal_pixel[2];
  mjDoubleVec* userdata;
  mjString* info;
} mjsCamera;

typedef struct mjsLight_ {
  mjsElement* element;
  double pos[3];
  double dir[3];
  mjtCamLight mode;
  mjString* targetbody;
  mjtByte active;
  mjtLightType type;
  mjString* texture;
  mjtByte castshadow;
  float bulbradius;
  float intensity;
  float range;
  float attenuation[3];
  float cutoff;
  float exponent;
  float ambient[3];
  float diffuse[3];
  float specular[3];
  mjString* info;
} mjsLight;

typedef struct mjsFlex_ {
  mjsElement* element;
  int contype;
  int conaffinity;
  int condim;
  int priority;
  double friction[3];
  double solmix;
  mjtNum solref[mjNREF];
  mjtNum solimp[mjNIMP];
  double margin;
  double gap;
  int dim;
  double radius;
  double size[3];
  mjtByte internal;
  mjtByte flatskin;
  int selfcollide;
  int passive;
  int activelayers;
  int group;
  double edgestiffness;
  double edgedamping;
  float rgba[4];
  mjString* material;
  double young;
  double poisson;
  double damping;
  double thickness;
  int elastic2d;
  int cellcount[3];
  int order;
  mjStringVec* nodebody;
  mjStringVec* vertbody;
  mjDoubleVec* node;
  mjDoubleVec* vert;
  mjIntVec* elem;
  mjFloatVec* texcoord;
  mjIntVec* elemtexcoord;
  mjString* info;
} mjsFlex;

typedef struct mjsMesh_ {
  mjsElement* element;
  mjString* content_type;
  mjString* file;
  double refpos[3];
  double refquat[4];
  double scale[3];
  mjtMeshInertia inertia;
  mjtByte smoothnormal;
  mjtByte needsdf;
  int maxhullvert;
  mjFloatVec* uservert;
  mjFloatVec* usernormal;
  mjFloatVec* usertexcoord;
  mjIntVec* userface;
  mjIntVec* userfacenormal;
  mjIntVec* userfacetexcoord;
  mjsPlugin plugin;
  mjString* material;
  mjString* info;
} mjsMesh;

typedef struct mjsHField_ {
  mjsElement* element;
  mjString* content_type;
  mjString* file;
  double size[4];
  int nrow;
  int ncol;
  mjFloatVec* userdata;
  mjString* info;
} mjsHField;

typedef struct mjsSkin_ {
  mjsElement* element;
  mjString* file;
  mjString* material;
  float rgba[4];
  float inflate;
  int group;
  mjFloatVec* vert;
  mjFloatVec* texcoord;
  mjIntVec* face;
  mjStringVec* bodyname;
  mjFloatVec* bindpos;
  mjFloatVec* bindquat;
  mjIntVecVec* vertid;
  mjFloatVecVec* vertweight;
  mjString* info;
} mjsSkin;

typedef struct mjsTexture_ {
  mjsElement* element;
  mjtTexture type;
  mjtColorSpace colorspace;
  int builtin;
  int mark;
  double rgb1[3];
  double rgb2[3];
  double markrgb[3];
  double random;
  int height;
  int width;
  int nchannel;
  mjString* content_type;
  mjString* file;
  int gridsize[2];
  char gridlayout[12];
  mjStringVec* cubefiles;
  mjByteVec* data;
  mjtByte hflip;
  mjtByte vflip;
  mjString* info;
} mjsTexture;

typedef struct mjsMaterial_ {
  mjsElement* element;
  mjStringVec* textures;
  mjtByte texuniform;
  float texrepeat[2];
  float emission;
  float specular;
  float shininess;
  float reflectance;
  float metallic;
  float roughness;
  float rgba[4];
  mjString* info;
} mjsMaterial;

typedef struct mjsPair_ {
  mjsElement* element;
  mjString* geomname1;
  mjString* geomname2;
  int condim;
  mjtNum solref[mjNREF];
  mjtNum solreffriction[mjNREF];
  mjtNum solimp[mjNIMP];
  double margin;
  double gap;
  double friction[5];
  mjString* info;
} mjsPair;

typedef struct mjsExclude_ {
  mjsElement* element;
  mjString* bodyname1;
  mjString* bodyname2;
  mjString* info;
} mjsExclude;

typedef struct mjsEquality_ {
  mjsElement* element;
  mjtEq type;
  double data[mjNEQDATA];
  mjtByte active;
  mjString* name1;
  mjString* name2;
  mjtObj objtype;
  mjtNum solref[mjNREF];
  mjtNum solimp[mjNIMP];
  mjString* info;
} mjsEquality;

typedef struct mjsTendon_ {
  mjsElement* element;
  double stiffness[mjNPOLY + 1];
  double springlength[2];
  double damping[mjNPOLY + 1];
  double frictionloss;
  mjtNum solref_friction[mjNREF];
  mjtNum solimp_friction[mjNIMP];
  double armature;
  int limited;
  int actfrclimited;
  double range[2];
  double actfrcrange[2];
  double margin;
  mjtNum solref_limit[mjNREF];
  mjtNum solimp_limit[mjNIMP];
  mjString* material;
  double width;
  float rgba[4];
  int group;
  mjDoubleVec* userdata;
  mjString* info;
} mjsTendon;

typedef struct mjsWrap_ {
  mjsElement* element;
  mjtWrap type;
  mjString* info;
} mjsWrap;

typedef struct mjsActuator_ {
  mjsElement* element;
  mjtGain gaintype;
  double gainprm[mjNGAIN];
  mjtBias biastype;
  double biasprm[mjNGAIN];
  mjtDyn dyntype;
  double dynprm[mjNDYN];
  int actdim;
  mjtByte actearly;
  mjtTrn trntype;
  double gear[6];
  mjString* target;
  mjString* refsite;
  mjString* slidersite;
  double cranklength;
  double lengthrange[2];
  double inheritrange;
  double damping[mjNPOLY + 1];
  double armature;
  int ctrllimited;
  double ctrlrange[2];
  int forcelimited;
  double forcerange[2];
  int actlimited;
  double actrange[2];
  int group;
  int nsample;
  int interp;
  double delay;
  mjDoubleVec* userdata;
  mjsPlugin plugin;
  mjString* info;
} mjsActuator;

typedef struct mjsSensor_ {
  mjsElement* element;
  mjtSensor type;
  mjtObj objtype;
  mjString* objname;
  mjtObj reftype;
  mjString* refname;
  int intprm[mjNSENS];
  mjtDataType datatype;
  mjtStage needstage;
  int dim;
  double cutoff;
  double noise;
  int nsample;
  int interp;
  double delay;
  double interval[2];
  mjDoubleVec* userdata;
  mjsPlugin plugin;
  mjString* info;
} mjsSensor;

typedef struct mjsNumeric_ {
  mjsElement* element;
  mjDoubleVec* data;
  int size;
  mjString* info;
} mjsNumeric;

typedef struct mjsText_ {
  mjsElement* element;
  mjString* data;
  mjString* info;
} mjsText;

typedef struct mjsTuple_ {
  mjsElement* element;
  mjIntVec* objtype;
  mjStringVec* objname;
  mjDoubleVec* objprm;
  mjString* info;
} mjsTuple;

typedef struct mjsKey_ {
  mjsElement* element;
  double time;
  mjDoubleVec* qpos;
  mjDoubleVec* qvel;
  mjDoubleVec* act;
  mjDoubleVec* mpos;
  mjDoubleVec* mquat;
  mjDoubleVec* ctrl;
  mjString* info;
} mjsKey;

typedef struct mjsDefault_ {
  mjsElement* element;
  mjsJoint* joint;
  mjsGeom* geom;
  mjsSite* site;
  mjsCamera* camera;
  mjsLight* light;
  mjsFlex* flex;
  mjsMesh* mesh;
  mjsMaterial* material;
  mjsPair* pair;
  mjsEquality* equality;
  mjsTendon* tendon;
  mjsActuator* actuator;
} mjsDefault;

#endif  // MUJOCO_MJSPEC_H_
