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

#ifndef MUJOCO_MJTYPE_H_
#define MUJOCO_MJTYPE_H_

// Enumerations of the MuJoCo C API (names and values as in the specification).

typedef enum mjtDisableBit_ {
  mjDSBL_CONSTRAINT = 1 << 0,
  mjDSBL_EQUALITY = 1 << 1,
  mjDSBL_FRICTIONLOSS = 1 << 2,
  mjDSBL_LIMIT = 1 << 3,
  mjDSBL_CONTACT = 1 << 4,
  mjDSBL_SPRING = 1 << 5,
  mjDSBL_DAMPER = 1 << 6,
  mjDSBL_GRAVITY = 1 << 7,
  mjDSBL_CLAMPCTRL = 1 << 8,
  mjDSBL_WARMSTART = 1 << 9,
  mjDSBL_FILTERPARENT = 1 << 10,
  mjDSBL_ACTUATION = 1 << 11,
  mjDSBL_REFSAFE = 1 << 12,
  mjDSBL_SENSOR = 1 << 13,
  mjDSBL_MIDPHASE = 1 << 14,
  mjDSBL_EULERDAMP = 1 << 15,
  mjDSBL_AUTORESET = 1 << 16,
  mjDSBL_NATIVECCD = 1 << 17,
  mjDSBL_ISLAND = 1 << 18,
  mjDSBL_MULTICCD = 1 << 19,
  mjNDISABLE = 20
} mjtDisableBit;

typedef enum mjtEnableBit_ {
  mjENBL_OVERRIDE = 1 << 0,
  mjENBL_ENERGY = 1 << 1,
  mjENBL_FWDINV = 1 << 2,
  mjENBL_INVDISCRETE = 1 << 3,
  mjENBL_SLEEP = 1 << 4,
  mjNENABLE = 5
} mjtEnableBit;

typedef enum mjtJoint_ { mjJNT_FREE = 0, mjJNT_BALL, mjJNT_SLIDE, mjJNT_HINGE } mjtJoint;

typedef enum mjtGeom_ {
  mjGEOM_PLANE = 0,
  mjGEOM_HFIELD,
  mjGEOM_SPHERE,
  mjGEOM_CAPSULE,
  mjGEOM_ELLIPSOID,
  mjGEOM_CYLINDER,
  mjGEOM_BOX,
  mjGEOM_MESH,
  mjGEOM_SDF,
  mjNGEOMTYPES,
  mjGEOM_ARROW = 100,
  mjGEOM_ARROW1,
  mjGEOM_ARROW2,
  mjGEOM_LINE,
  mjGEOM_LINEBOX,
  mjGEOM_FLEX,
  mjGEOM_SKIN,
  mjGEOM_LABEL,
  mjGEOM_TRIANGLE,
  mjGEOM_NONE = 1001
} mjtGeom;

typedef enum mjtProjection_ { mjPROJ_PERSPECTIVE = 0, mjPROJ_ORTHOGRAPHIC } mjtProjection;

typedef enum mjtCamLight_ {
  mjCAMLIGHT_FIXED = 0,
  mjCAMLIGHT_TRACK,
  mjCAMLIGHT_TRACKCOM,
  mjCAMLIGHT_TARGETBODY,
  mjCAMLIGHT_TARGETBODYCOM
} mjtCamLight;

typedef enum mjtLightType_ {
  mjLIGHT_SPOT = 0,
  mjLIGHT_DIRECTIONAL,
  mjLIGHT_POINT,
  mjLIGHT_IMAGE
} mjtLightType;

typedef enum mjtTexture_ { mjTEXTURE_2D = 0, mjTEXTURE_CUBE, mjTEXTURE_SKYBOX } mjtTexture;

typedef enum mjtTextureRole_ {
  mjTEXROLE_USER = 0,
  mjTEXROLE_RGB,
  mjTEXROLE_OCCLUSION,
  mjTEXROLE_ROUGHNESS,
  mjTEXROLE_METALLIC,
  mjTEXROLE_NORMAL,
  mjTEXROLE_OPACITY,
  mjTEXROLE_EMISSIVE,
  mjTEXROLE_RGBA,
  mjTEXROLE_ORM,
  mjNTEXROLE
} mjtTextureRole;

typedef enum mjtColorSpace_ {
  mjCOLORSPACE_AUTO = 0,
  mjCOLORSPACE_LINEAR,
  mjCOLORSPACE_SRGB
} mjtColorSpace;

typedef enum mjtIntegrator_ {
  mjINT_EULER = 0,
  mjINT_RK4,
  mjINT_IMPLICIT,
  mjINT_IMPLICITFAST
} mjtIntegrator;

typedef enum mjtCone_ { mjCONE_PYRAMIDAL = 0, mjCONE_ELLIPTIC } mjtCone;

typedef enum mjtJacobian_ { mjJAC_DENSE = 0, mjJAC_SPARSE, mjJAC_AUTO } mjtJacobian;

typedef enum mjtSolver_ { mjSOL_PGS = 0, mjSOL_CG, mjSOL_NEWTON } mjtSolver;

typedef enum mjtEq_ {
  mjEQ_CONNECT = 0,
  mjEQ_WELD,
  mjEQ_JOINT,
  mjEQ_TENDON,
  mjEQ_FLEX,
  mjEQ_FLEXVERT,
  mjEQ_FLEXSTRAIN,
  mjEQ_DISTANCE
} mjtEq;

typedef enum mjtWrap_ {
  mjWRAP_NONE = 0,
  mjWRAP_JOINT,
  mjWRAP_PULLEY,
  mjWRAP_SITE,
  mjWRAP_SPHERE,
  mjWRAP_CYLINDER
} mjtWrap;

typedef enum mjtTrn_ {
  mjTRN_JOINT = 0,
  mjTRN_JOINTINPARENT,
  mjTRN_SLIDERCRANK,
  mjTRN_TENDON,
  mjTRN_SITE,
  mjTRN_BODY,
  mjTRN_UNDEFINED = 1000
} mjtTrn;

typedef enum mjtDyn_ {
  mjDYN_NONE = 0,
  mjDYN_INTEGRATOR,
  mjDYN_FILTER,
  mjDYN_FILTEREXACT,
  mjDYN_MUSCLE,
  mjDYN_DCMOTOR,
  mjDYN_USER
} mjtDyn;

typedef enum mjtGain_ {
  mjGAIN_FIXED = 0,
  mjGAIN_AFFINE,
  mjGAIN_MUSCLE,
  mjGAIN_DCMOTOR,
  mjGAIN_USER
} mjtGain;

typedef enum mjtBias_ {
  mjBIAS_NONE = 0,
  mjBIAS_AFFINE,
  mjBIAS_MUSCLE,
  mjBIAS_DCMOTOR,
  mjBIAS_USER
} mjtBias;

typedef enum mjtObj_ {
  mjOBJ_UNKNOWN = 0,
  mjOBJ_BODY,
  mjOBJ_XBODY,
  mjOBJ_JOINT,
  mjOBJ_DOF,
  mjOBJ_GEOM,
  mjOBJ_SITE,
  mjOBJ_CAMERA,
  mjOBJ_LIGHT,
  mjOBJ_FLEX,
  mjOBJ_MESH,
  mjOBJ_SKIN,
  mjOBJ_HFIELD,
  mjOBJ_TEXTURE,
  mjOBJ_MATERIAL,
  mjOBJ_PAIR,
  mjOBJ_EXCLUDE,
  mjOBJ_EQUALITY,
  mjOBJ_TENDON,
  mjOBJ_ACTUATOR,
  mjOBJ_SENSOR,
  mjOBJ_NUMERIC,
  mjOBJ_TEXT,
  mjOBJ_TUPLE,
  mjOBJ_KEY,
  mjOBJ_PLUGIN,
  mjNOBJECT,
  mjOBJ_FRAME = 100,
  mjOBJ_DEFAULT,
  mjOBJ_MODEL
} mjtObj;

typedef enum mjtSensor_ {
  mjSENS_TOUCH = 0,
  mjSENS_ACCELEROMETER,
  mjSENS_VELOCIMETER,
  mjSENS_GYRO,
  mjSENS_FORCE,
  mjSENS_TORQUE,
  mjSENS_MAGNETOMETER,
  mjSENS_RANGEFINDER,
  mjSENS_CAMPROJECTION,
  mjSENS_JOINTPOS,
  mjSENS_JOINTVEL,
  mjSENS_TENDONPOS,
  mjSENS_TENDONVEL,
  mjSENS_ACTUATORPOS,
  mjSENS_ACTUATORVEL,
  mjSENS_ACTUATORFRC,
  mjSENS_JOINTACTFRC,
  mjSENS_TENDONACTFRC,
  mjSENS_BALLQUAT,
  mjSENS_BALLANGVEL,
  mjSENS_JOINTLIMITPOS,
  mjSENS_JOINTLIMITVEL,
  mjSENS_JOINTLIMITFRC,
  mjSENS_TENDONLIMITPOS,
  mjSENS_TENDONLIMITVEL,
  mjSENS_TENDONLIMITFRC,
  mjSENS_FRAMEPOS,
  mjSENS_FRAMEQUAT,
  mjSENS_FRAMEXAXIS,
  mjSENS_FRAMEYAXIS,
  mjSENS_FRAMEZAXIS,
  mjSENS_FRAMELINVEL,
  mjSENS_FRAMEANGVEL,
  mjSENS_FRAMELINACC,
  mjSENS_FRAMEANGACC,
  mjSENS_SUBTREECOM,
  mjSENS_SUBTREELINVEL,
  mjSENS_SUBTREEANGMOM,
  mjSENS_INSIDESITE,
  mjSENS_GEOMDIST,
  mjSENS_GEOMNORMAL,
  mjSENS_GEOMFROMTO,
  mjSENS_CONTACT,
  mjSENS_E_POTENTIAL,
  mjSENS_E_KINETIC,
  mjSENS_CLOCK,
  mjSENS_TACTILE,
  mjSENS_PLUGIN,
  mjSENS_USER
} mjtSensor;

typedef enum mjtStage_ { mjSTAGE_NONE = 0, mjSTAGE_POS, mjSTAGE_VEL, mjSTAGE_ACC } mjtStage;

typedef enum mjtDataType_ {
  mjDATATYPE_REAL = 0,
  mjDATATYPE_POSITIVE,
  mjDATATYPE_AXIS,
  mjDATATYPE_QUATERNION
} mjtDataType;

typedef enum mjtConDataField_ {
  mjCONDATA_FOUND = 0,
  mjCONDATA_FORCE,
  mjCONDATA_TORQUE,
  mjCONDATA_DIST,
  mjCONDATA_POS,
  mjCONDATA_NORMAL,
  mjCONDATA_TANGENT,
  mjNCONDATA
} mjtConDataField;

typedef enum mjtRayDataField_ {
  mjRAYDATA_DIST = 0,
  mjRAYDATA_DIR,
  mjRAYDATA_ORIGIN,
  mjRAYDATA_POINT,
  mjRAYDATA_NORMAL,
  mjRAYDATA_DEPTH,
  mjNRAYDATA
} mjtRayDataField;

typedef enum mjtCamOutBit_ {
  mjCAMOUT_RGB = 1 << 0,
  mjCAMOUT_DEPTH = 1 << 1,
  mjCAMOUT_DIST = 1 << 2,
  mjCAMOUT_NORMAL = 1 << 3,
  mjCAMOUT_SEG = 1 << 4,
  mjNCAMOUT = 5
} mjtCamOutBit;

typedef enum mjtSameFrame_ {
  mjSAMEFRAME_NONE = 0,
  mjSAMEFRAME_BODY,
  mjSAMEFRAME_INERTIA,
  mjSAMEFRAME_BODYROT,
  mjSAMEFRAME_INERTIAROT
} mjtSameFrame;

typedef enum mjtSleepPolicy_ {
  mjSLEEP_AUTO = 0,
  mjSLEEP_AUTO_NEVER,
  mjSLEEP_AUTO_ALLOWED,
  mjSLEEP_NEVER,
  mjSLEEP_ALLOWED,
  mjSLEEP_INIT
} mjtSleepPolicy;

typedef enum mjtLRMode_ {
  mjLRMODE_NONE = 0,
  mjLRMODE_MUSCLE,
  mjLRMODE_MUSCLEUSER,
  mjLRMODE_ALL
} mjtLRMode;

typedef enum mjtFlexSelf_ {
  mjFLEXSELF_NONE = 0,
  mjFLEXSELF_NARROW,
  mjFLEXSELF_BVH,
  mjFLEXSELF_SAP,
  mjFLEXSELF_AUTO
} mjtFlexSelf;

typedef enum mjtSDFType_ {
  mjSDFTYPE_SINGLE = 0,
  mjSDFTYPE_INTERSECTION,
  mjSDFTYPE_MIDSURFACE,
  mjSDFTYPE_COLLISION
} mjtSDFType;

typedef enum mjtState_ {
  mjSTATE_TIME = 1 << 0,
  mjSTATE_QPOS = 1 << 1,
  mjSTATE_QVEL = 1 << 2,
  mjSTATE_ACT = 1 << 3,
  mjSTATE_HISTORY = 1 << 4,
  mjSTATE_WARMSTART = 1 << 5,
  mjSTATE_CTRL = 1 << 6,
  mjSTATE_QFRC_APPLIED = 1 << 7,
  mjSTATE_XFRC_APPLIED = 1 << 8,
  mjSTATE_EQ_ACTIVE = 1 << 9,
  mjSTATE_MOCAP_POS = 1 << 10,
  mjSTATE_MOCAP_QUAT = 1 << 11,
  mjSTATE_USERDATA = 1 << 12,
  mjSTATE_PLUGIN = 1 << 13,
  mjNSTATE = 14,
  mjSTATE_PHYSICS = mjSTATE_QPOS | mjSTATE_QVEL | mjSTATE_ACT | mjSTATE_HISTORY,
  mjSTATE_FULLPHYSICS = mjSTATE_TIME | mjSTATE_PHYSICS | mjSTATE_PLUGIN,
  mjSTATE_USER = mjSTATE_CTRL | mjSTATE_QFRC_APPLIED | mjSTATE_XFRC_APPLIED | mjSTATE_EQ_ACTIVE |
                 mjSTATE_MOCAP_POS | mjSTATE_MOCAP_QUAT | mjSTATE_USERDATA,
  mjSTATE_INTEGRATION = mjSTATE_FULLPHYSICS | mjSTATE_USER | mjSTATE_WARMSTART
} mjtState;

typedef enum mjtConstraint_ {
  mjCNSTR_EQUALITY = 0,
  mjCNSTR_FRICTION_DOF,
  mjCNSTR_FRICTION_TENDON,
  mjCNSTR_LIMIT_JOINT,
  mjCNSTR_LIMIT_TENDON,
  mjCNSTR_CONTACT_FRICTIONLESS,
  mjCNSTR_CONTACT_PYRAMIDAL,
  mjCNSTR_CONTACT_ELLIPTIC
} mjtConstraint;

typedef enum mjtConstraintState_ {
  mjCNSTRSTATE_SATISFIED = 0,
  mjCNSTRSTATE_QUADRATIC,
  mjCNSTRSTATE_LINEARNEG,
  mjCNSTRSTATE_LINEARPOS,
  mjCNSTRSTATE_CONE
} mjtConstraintState;

typedef enum mjtWarning_ {
  mjWARN_INERTIA = 0,
  mjWARN_CONTACTFULL,
  mjWARN_CNSTRFULL,
  mjWARN_BADQPOS,
  mjWARN_BADQVEL,
  mjWARN_BADQACC,
  mjWARN_BADCTRL,
  mjNWARNING
} mjtWarning;

typedef enum mjtTimer_ {
  mjTIMER_STEP = 0,
  mjTIMER_FORWARD,
  mjTIMER_INVERSE,
  mjTIMER_POSITION,
  mjTIMER_VELOCITY,
  mjTIMER_ACTUATION,
  mjTIMER_CONSTRAINT,
  mjTIMER_ADVANCE,
  mjTIMER_POS_KINEMATICS,
  mjTIMER_POS_INERTIA,
  mjTIMER_POS_COLLISION,
  mjTIMER_POS_MAKE,
  mjTIMER_POS_PROJECT,
  mjTIMER_COL_BROAD,
  mjTIMER_COL_NARROW,
  mjNTIMER
} mjtTimer;

typedef enum mjtSleepState_ { mjS_STATIC = -1, mjS_ASLEEP = 0, mjS_AWAKE = 1 } mjtSleepState;

typedef enum mjtGeomInertia_ { mjINERTIA_VOLUME = 0, mjINERTIA_SHELL } mjtGeomInertia;

typedef enum mjtMeshInertia_ {
  mjMESH_INERTIA_CONVEX = 0,
  mjMESH_INERTIA_EXACT,
  mjMESH_INERTIA_LEGACY,
  mjMESH_INERTIA_SHELL
} mjtMeshInertia;

typedef enum mjtMeshBuiltin_ {
  mjMESH_BUILTIN_NONE = 0,
  mjMESH_BUILTIN_SPHERE,
  mjMESH_BUILTIN_HEMISPHERE,
  mjMESH_BUILTIN_CONE,
  mjMESH_BUILTIN_SUPERSPHERE,
  mjMESH_BUILTIN_SUPERTORUS,
  mjMESH_BUILTIN_WEDGE,
  mjMESH_BUILTIN_PLATE
} mjtMeshBuiltin;

typedef enum mjtBuiltin_ {
  mjBUILTIN_NONE = 0,
  mjBUILTIN_GRADIENT,
  mjBUILTIN_CHECKER,
  mjBUILTIN_FLAT
} mjtBuiltin;

typedef enum mjtMark_ { mjMARK_NONE = 0, mjMARK_EDGE, mjMARK_CROSS, mjMARK_RANDOM } mjtMark;

typedef enum mjtLimited_ { mjLIMITED_FALSE = 0, mjLIMITED_TRUE, mjLIMITED_AUTO } mjtLimited;

typedef enum mjtAlignFree_ {
  mjALIGNFREE_FALSE = 0,
  mjALIGNFREE_TRUE,
  mjALIGNFREE_AUTO
} mjtAlignFree;

typedef enum mjtInertiaFromGeom_ {
  mjINERTIAFROMGEOM_FALSE = 0,
  mjINERTIAFROMGEOM_TRUE,
  mjINERTIAFROMGEOM_AUTO
} mjtInertiaFromGeom;

typedef enum mjtOrientation_ {
  mjORIENTATION_QUAT = 0,
  mjORIENTATION_AXISANGLE,
  mjORIENTATION_XYAXES,
  mjORIENTATION_ZAXIS,
  mjORIENTATION_EULER
} mjtOrientation;

#endif  // MUJOCO_MJTYPE_H_
