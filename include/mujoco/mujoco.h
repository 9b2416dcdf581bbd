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

#ifndef MUJOCO_MUJOCO_H_
#define MUJOCO_MUJOCO_H_

// Motus: an implementation of the MuJoCo physics engine and its C API.

#define mjVERSION_HEADER 3008000

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <mujoco/mjdata.h>
#include <mujoco/mjexport.h>
#include <mujoco/mjmacro.h>
#include <mujoco/mjmodel.h>
#include <mujoco/mjplugin.h>
#include <mujoco/mjrender.h>
#include <mujoco/mjspec.h>
#include <mujoco/mjthread.h>
#include <mujoco/mjtnum.h>
#include <mujoco/mjtype.h>
#include <mujoco/mjui.h>
#include <mujoco/mjvisualize.h>

#if defined(__cplusplus)
extern "C" {
#endif

// ---------------------------------- globals ----------------------------------------------

MJAPI extern void (*mju_user_error)(const char*);
MJAPI extern void (*mju_user_warning)(const char*);
MJAPI extern void* (*mju_user_malloc)(size_t);
MJAPI extern void (*mju_user_free)(void*);
MJAPI extern mjfGeneric mjcb_passive;
MJAPI extern mjfGeneric mjcb_control;
MJAPI extern mjfConFilt mjcb_contactfilter;
MJAPI extern mjfSensor mjcb_sensor;
MJAPI extern mjfTime mjcb_time;
MJAPI extern mjfAct mjcb_act_dyn;
MJAPI extern mjfAct mjcb_act_gain;
MJAPI extern mjfAct mjcb_act_bias;
MJAPI extern mjfCollision mjCOLLISIONFUNC[mjNGEOMTYPES][mjNGEOMTYPES];
MJAPI extern const char* mjDISABLESTRING[mjNDISABLE];
MJAPI extern const char* mjENABLESTRING[mjNENABLE];
MJAPI extern const char* mjTIMERSTRING[mjNTIMER];
MJAPI extern const char* mjLABELSTRING[mjNLABEL];
MJAPI extern const char* mjFRAMESTRING[mjNFRAME];
MJAPI extern const char* mjVISSTRING[mjNVISFLAG][3];
MJAPI extern const char* mjRNDSTRING[mjNRNDFLAG][3];

// ---------------------------------- Virtual file system -----------------------------------------

MJAPI void mj_defaultVFS(mjVFS* vfs);
MJAPI size_t mj_getCacheSize(const mjCache* cache);
MJAPI size_t mj_getCacheCapacity(const mjCache* cache);
MJAPI size_t mj_setCacheCapacity(mjCache* cache, size_t size);
MJAPI mjCache* mj_getCache(void);
MJAPI void mj_clearCache(mjCache* cache);
MJAPI int mj_mountVFS(mjVFS* vfs, const char* filepath, const mjpResourceProvider* provider);
MJAPI int mj_unmountVFS(mjVFS* vfs, const char* filename);
MJAPI int mj_addFileVFS(mjVFS* vfs, const char* directory, const char* filename);
MJAPI int mj_addBufferVFS(mjVFS* vfs, const char* name, const void* buffer, int nbuffer);
MJAPI int mj_deleteFileVFS(mjVFS* vfs, const char* filename);
MJAPI int mj_containsBufferVFS(mjVFS* vfs, const char* name);
MJAPI int mj_containsFileVFS(mjVFS* vfs, const char* directory, const char* filename);
MJAPI void mj_deleteVFS(mjVFS* vfs);
// ---------------------------------- Parse and compile -------------------------------------------

MJAPI mjModel* mj_loadXML(const char* filename, const mjVFS* vfs, char* error, int error_sz);
MJAPI mjSpec* mj_parseXML(const char* filename, const mjVFS* vfs, char* error, int error_sz);
MJAPI mjSpec* mj_parseXMLString(const char* xml, const mjVFS* vfs, char* error, int error_sz);
MJAPI mjSpec* mj_parse(const char* filename, const char* content_type, const mjVFS* vfs,
                       char* error, int error_sz);
MJAPI int mj_encode(const mjSpec* s, const mjModel* m, const char* filename,
                    const char* content_type, const mjVFS* vfs, char* error, int error_sz);
MJAPI mjModel* mj_compile(mjSpec* s, const mjVFS* vfs);
MJAPI int mj_copyBack(mjSpec* s, const mjModel* m);
MJAPI int mj_recompile(mjSpec* s, const mjVFS* vfs, mjModel* m, mjData* d);
MJAPI int mj_saveLastXML(const char* filename, const mjModel* m, char* error, int error_sz);
MJAPI void mj_freeLastXML(void);
MJAPI int mj_saveXMLString(const mjSpec* s, char* xml, int xml_sz, char* error, int error_sz);
MJAPI int mj_saveXML(const mjSpec* s, const char* filename, char* error, int error_sz);
MJAPI void mju_getXMLDependencies(const char* filename, mjStringVec* dependencies);
// ---------------------------------- Main simulation ---------------------------------------------

MJAPI void mj_step(const mjModel* m, mjData* d);
MJAPI void mj_step1(const mjModel* m, mjData* d);
MJAPI void mj_step2(const mjModel* m, mjData* d);
MJAPI void mj_forward(const mjModel* m, mjData* d);
MJAPI void mj_inverse(const mjModel* m, mjData* d);
MJAPI void mj_forwardSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor);
MJAPI void mj_inverseSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor);
// ---------------------------------- Initialization ----------------------------------------------

MJAPI void mj_defaultLROpt(mjLROpt* opt);
MJAPI void mj_defaultSolRefImp(mjtNum* solref, mjtNum* solimp);
MJAPI void mj_defaultOption(mjOption* opt);
MJAPI void mj_defaultVisual(mjVisual* vis);
MJAPI mjModel* mj_copyModel(mjModel* dest, const mjModel* src);
MJAPI void mj_saveModel(const mjModel* m, const char* filename, void* buffer, int buffer_sz);
MJAPI mjModel* mj_loadModel(const char* filename, const mjVFS* vfs);
MJAPI mjModel* mj_loadModelBuffer(const void* buffer, int buffer_sz);
MJAPI void mj_deleteModel(mjModel* m);
MJAPI mjtSize mj_sizeModel(const mjModel* m);
MJAPI mjData* mj_makeData(const mjModel* m);
MJAPI mjData* mj_copyData(mjData* dest, const mjModel* m, const mjData* src);
MJAPI mjData* mjv_copyData(mjData* dest, const mjModel* m, const mjData* src);
MJAPI void mj_resetData(const mjModel* m, mjData* d);
MJAPI void mj_resetDataDebug(const mjModel* m, mjData* d, unsigned char debug_value);
MJAPI void mj_resetDataKeyframe(const mjModel* m, mjData* d, int key);
MJAPI void mj_markStack(mjData* d);
MJAPI void mj_freeStack(mjData* d);
MJAPI void* mj_stackAllocByte(mjData* d, size_t bytes, size_t alignment);
MJAPI mjtNum* mj_stackAllocNum(mjData* d, size_t size);
MJAPI int* mj_stackAllocInt(mjData* d, size_t size);
MJAPI void mj_deleteData(mjData* d);
MJAPI void mj_resetCallbacks(void);
MJAPI void mj_setConst(mjModel* m, mjData* d);
MJAPI int mj_setLengthRange(mjModel* m, mjData* d, int index, const mjLROpt* opt, char* error,
                            int error_sz);
MJAPI mjSpec* mj_makeSpec(void);
MJAPI mjSpec* mj_copySpec(const mjSpec* s);
MJAPI void mj_deleteSpec(mjSpec* s);
// ---------------------------------- Printing ----------------------------------------------------

MJAPI void mj_printFormattedModel(const mjModel* m, const char* filename, const char* float_format);
MJAPI void mj_printModel(const mjModel* m, const char* filename);
MJAPI void mj_printFormattedData(const mjModel* m, const mjData* d, const char* filename,
                                 const char* float_format);
MJAPI void mj_printScene(const mjvScene* s, const char* filename);
MJAPI void mj_printFormattedScene(const mjvScene* s, const char* filename,
                                  const char* float_format);
MJAPI void mj_printData(const mjModel* m, const mjData* d, const char* filename);
MJAPI int mj_printSchema(const char* filename, char* buffer, int buffer_sz, int flg_html,
                         int flg_pad);
MJAPI void mju_printMat(const mjtNum* mat, int nr, int nc);
MJAPI void mju_printMatSparse(const mjtNum* mat, int nr, const int* rownnz, const int* rowadr,
                              const int* colind);
// ---------------------------------- Components --------------------------------------------------

MJAPI void mj_fwdKinematics(const mjModel* m, mjData* d);
MJAPI void mj_fwdPosition(const mjModel* m, mjData* d);
MJAPI void mj_fwdVelocity(const mjModel* m, mjData* d);
MJAPI void mj_fwdActuation(const mjModel* m, mjData* d);
MJAPI void mj_fwdAcceleration(const mjModel* m, mjData* d);
MJAPI void mj_fwdConstraint(const mjModel* m, mjData* d);
MJAPI void mj_Euler(const mjModel* m, mjData* d);
MJAPI void mj_RungeKutta(const mjModel* m, mjData* d, int N);
MJAPI void mj_implicit(const mjModel* m, mjData* d);
MJAPI void mj_invPosition(const mjModel* m, mjData* d);
MJAPI void mj_invVelocity(const mjModel* m, mjData* d);
MJAPI void mj_invConstraint(const mjModel* m, mjData* d);
MJAPI void mj_compareFwdInv(const mjModel* m, mjData* d);
// ---------------------------------- Sub components ----------------------------------------------

MJAPI void mj_sensorPos(const mjModel* m, mjData* d);
MJAPI void mj_sensorVel(const mjModel* m, mjData* d);
MJAPI void mj_sensorAcc(const mjModel* m, mjData* d);
MJAPI void mj_energyPos(const mjModel* m, mjData* d);
MJAPI void mj_energyVel(const mjModel* m, mjData* d);
MJAPI void mj_checkPos(const mjModel* m, mjData* d);
MJAPI void mj_checkVel(const mjModel* m, mjData* d);
MJAPI void mj_checkAcc(const mjModel* m, mjData* d);
MJAPI void mj_kinematics(const mjModel* m, mjData* d);
MJAPI void mj_comPos(const mjModel* m, mjData* d);
MJAPI void mj_camlight(const mjModel* m, mjData* d);

// Compute flex-related quantities.
MJAPI void mj_flex(const mjModel* m, mjData* d);
MJAPI void mj_tendon(const mjModel* m, mjData* d);
MJAPI void mj_transmission(const mjModel* m, mjData* d);
MJAPI void mj_crb(const mjModel* m, mjData* d);
MJAPI void mj_makeM(const mjModel* m, mjData* d);
MJAPI void mj_factorM(const mjModel* m, mjData* d);
MJAPI void mj_solveM(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y, int n);
MJAPI void mj_solveM2(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y,
                      const mjtNum* sqrtInvD, int n);
MJAPI void mj_comVel(const mjModel* m, mjData* d);
MJAPI void mj_passive(const mjModel* m, mjData* d);
MJAPI void mj_subtreeVel(const mjModel* m, mjData* d);
MJAPI void mj_rne(const mjModel* m, mjData* d, int flg_acc, mjtNum* result);
MJAPI void mj_rnePostConstraint(const mjModel* m, mjData* d);
MJAPI int mj_maxContact(const mjModel* m, int g1, int g2, int has_margin);
MJAPI void mj_collision(const mjModel* m, mjData* d);
MJAPI void mj_makeConstraint(const mjModel* m, mjData* d);
MJAPI void mj_island(const mjModel* m, mjData* d);
MJAPI void mj_projectConstraint(const mjModel* m, mjData* d);
MJAPI void mj_referenceConstraint(const mjModel* m, mjData* d);
MJAPI void mj_constraintUpdate(const mjModel* m, mjData* d, const mjtNum* jar, mjtNum cost[1],
                               int flg_coneHessian);
// ---------------------------------- Support -----------------------------------------------------

MJAPI int mj_stateSize(const mjModel* m, int sig);
MJAPI void mj_getState(const mjModel* m, const mjData* d, mjtNum* state, int sig);
MJAPI void mj_extractState(const mjModel* m, const mjtNum* src, int srcsig, mjtNum* dst,
                           int dstsig);
MJAPI void mj_setState(const mjModel* m, mjData* d, const mjtNum* state, int sig);
MJAPI void mj_copyState(const mjModel* m, const mjData* src, mjData* dst, int sig);
MJAPI mjtNum mj_readCtrl(const mjModel* m, const mjData* d, int id, mjtNum time, int interp);
MJAPI const mjtNum* mj_readSensor(const mjModel* m, const mjData* d, int id, mjtNum time,
                                  mjtNum* result, int interp);
MJAPI void mj_initCtrlHistory(const mjModel* m, mjData* d, int id, const mjtNum* times,
                              const mjtNum* values);
MJAPI void mj_initSensorHistory(const mjModel* m, mjData* d, int id, const mjtNum* times,
                                const mjtNum* values, mjtNum phase);
MJAPI void mj_setKeyframe(mjModel* m, const mjData* d, int k);
MJAPI int mj_addContact(const mjModel* m, mjData* d, const mjContact* con);
MJAPI int mj_isPyramidal(const mjModel* m);
MJAPI int mj_isSparse(const mjModel* m);
MJAPI int mj_isDual(const mjModel* m);
MJAPI void mj_mulJacVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);
MJAPI void mj_mulJacTVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);
MJAPI void mj_jac(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                  const mjtNum point[3], int body);
MJAPI void mj_jacBody(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body);
MJAPI void mj_jacBodyCom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body);
MJAPI void mj_jacSubtreeCom(const mjModel* m, mjData* d, mjtNum* jacp, int body);
MJAPI void mj_jacGeom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int geom);
MJAPI void mj_jacSite(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int site);
MJAPI void mj_jacPointAxis(const mjModel* m, mjData* d, mjtNum* jacPoint, mjtNum* jacAxis,
                           const mjtNum point[3], const mjtNum axis[3], int body);
MJAPI void mj_jacDot(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                     const mjtNum point[3], int body);
MJAPI void mj_angmomMat(const mjModel* m, mjData* d, mjtNum* mat, int body);
MJAPI int mj_name2id(const mjModel* m, int type, const char* name);
MJAPI const char* mj_id2name(const mjModel* m, int type, int id);
MJAPI void mj_fullM(const mjModel* m, mjtNum* dst, const mjtNum* M);
MJAPI void mj_mulM(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);
MJAPI void mj_mulM2(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);
MJAPI void mj_addM(const mjModel* m, mjData* d, mjtNum* dst, int* rownnz, int* rowadr, int* colind);
MJAPI void mj_applyFT(const mjModel* m, mjData* d, const mjtNum force[3], const mjtNum torque[3],
                      const mjtNum point[3], int body, mjtNum* qfrc_target);
MJAPI void mj_objectVelocity(const mjModel* m, const mjData* d, int objtype, int objid,
                             mjtNum res[6], int flg_local);
MJAPI void mj_objectAcceleration(const mjModel* m, const mjData* d, int objtype, int objid,
                                 mjtNum res[6], int flg_local);
MJAPI mjtNum mj_geomDistance(const mjModel* m, mjData* d, int geom1, int geom2, mjtNum distmax,
                             mjtNum fromto[6]);
MJAPI void mj_contactForce(const mjModel* m, const mjData* d, int id, mjtNum result[6]);
MJAPI void mj_differentiatePos(const mjModel* m, mjtNum* qvel, mjtNum dt, const mjtNum* qpos1,
                               const mjtNum* qpos2);
MJAPI void mj_integratePos(const mjModel* m, mjtNum* qpos, const mjtNum* qvel, mjtNum dt);
MJAPI void mj_normalizeQuat(const mjModel* m, mjtNum* qpos);
MJAPI void mj_local2Global(mjData* d, mjtNum xpos[3], mjtNum xmat[9], const mjtNum pos[3],
                           const mjtNum quat[4], int body, mjtByte sameframe);
MJAPI mjtNum mj_getTotalmass(const mjModel* m);
MJAPI void mj_setTotalmass(mjModel* m, mjtNum newmass);
MJAPI int mj_version(void);
MJAPI const char* mj_versionString(void);
// ---------------------------------- Ray casting -------------------------------------------------

MJAPI mjtNum mj_ray(const mjModel* m, const mjData* d, const mjtNum pnt[3], const mjtNum vec[3],
                    const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude, int geomid[1],
                    mjtNum normal[3]);
MJAPI void mj_multiRay(const mjModel* m, mjData* d, const mjtNum pnt[3], const mjtNum* vec,
                       const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude, int* geomid,
                       mjtNum* dist, mjtNum* normal, int nray, mjtNum cutoff);
MJAPI mjtNum mj_rayHfield(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                          const mjtNum vec[3], mjtNum normal[3]);
MJAPI mjtNum mj_rayMesh(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                        const mjtNum vec[3], mjtNum normal[3]);
MJAPI mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                         const mjtNum pnt[3], const mjtNum vec[3], int geomtype, mjtNum normal[3]);
MJAPI mjtNum mj_rayFlex(const mjModel* m, const mjData* d, int flex_layer, mjtByte flg_vert,
                        mjtByte flg_edge, mjtByte flg_face, mjtByte flg_skin, int flexid,
                        const mjtNum pnt[3], const mjtNum vec[3], int vertid[1], mjtNum normal[3]);
MJAPI mjtNum mju_raySkin(int nface, int nvert, const int* face, const float* vert,
                         const mjtNum pnt[3], const mjtNum vec[3], int vertid[1]);
// ---------------------------------- OpenGL rendering --------------------------------------------
// Defined in libmujoco_render.so (link -lmujoco_render), not in libmujoco.so.

MJAPI void mjr_defaultContext(mjrContext* con);
MJAPI void mjr_makeContext(const mjModel* m, mjrContext* con, int fontscale);
MJAPI void mjr_changeFont(int fontscale, mjrContext* con);
MJAPI void mjr_addAux(int index, int width, int height, int samples, mjrContext* con);
MJAPI void mjr_freeContext(mjrContext* con);
MJAPI void mjr_resizeOffscreen(int width, int height, mjrContext* con);
MJAPI void mjr_uploadTexture(const mjModel* m, const mjrContext* con, int texid);
MJAPI void mjr_uploadMesh(const mjModel* m, const mjrContext* con, int meshid);
MJAPI void mjr_uploadHField(const mjModel* m, const mjrContext* con, int hfieldid);
MJAPI void mjr_restoreBuffer(const mjrContext* con);
MJAPI void mjr_setBuffer(int framebuffer, mjrContext* con);
MJAPI void mjr_readPixels(unsigned char* rgb, float* depth, mjrRect viewport,
                          const mjrContext* con);
MJAPI void mjr_drawPixels(const unsigned char* rgb, const float* depth, mjrRect viewport,
                          const mjrContext* con);
MJAPI void mjr_blitBuffer(mjrRect src, mjrRect dst, int flg_color, int flg_depth,
                          const mjrContext* con);
MJAPI void mjr_setAux(int index, const mjrContext* con);
MJAPI void mjr_blitAux(int index, mjrRect src, int left, int bottom, const mjrContext* con);
MJAPI void mjr_text(int font, const char* txt, const mjrContext* con, float x, float y, float r,
                    float g, float b);
MJAPI void mjr_overlay(int font, int gridpos, mjrRect viewport, const char* overlay,
                       const char* overlay2, const mjrContext* con);
MJAPI mjrRect mjr_maxViewport(const mjrContext* con);
MJAPI void mjr_rectangle(mjrRect viewport, float r, float g, float b, float a);
MJAPI void mjr_label(mjrRect viewport, int font, const char* txt, float r, float g, float b,
                     float a, float rt, float gt, float bt, const mjrContext* con);
MJAPI void mjr_figure(mjrRect viewport, mjvFigure* fig, const mjrContext* con);
MJAPI void mjr_render(mjrRect viewport, mjvScene* scn, const mjrContext* con);
MJAPI void mjr_finish(void);
MJAPI int mjr_getError(void);
MJAPI int mjr_findRect(int x, int y, int nrect, const mjrRect* rect);

// ---------------------------------- UI framework (libmujoco_render) ------------------------------

MJAPI mjuiThemeSpacing mjui_themeSpacing(int ind);
MJAPI mjuiThemeColor mjui_themeColor(int ind);
MJAPI void mjui_add(mjUI* ui, const mjuiDef* def);
MJAPI void mjui_addToSection(mjUI* ui, int sect, const mjuiDef* def);
MJAPI void mjui_resize(mjUI* ui, const mjrContext* con);
MJAPI void mjui_update(int section, int item, const mjUI* ui, const mjuiState* state,
                       const mjrContext* con);
MJAPI mjuiItem* mjui_event(mjUI* ui, mjuiState* state, const mjrContext* con);
MJAPI void mjui_render(mjUI* ui, const mjuiState* state, const mjrContext* con);

// ---------------------------------- Error and memory --------------------------------------------

MJAPI void mju_error(const char* msg, ...) mjPRINTFLIKE(1, 2);
MJAPI void mju_error_i(const char* msg, int i);
MJAPI void mju_error_s(const char* msg, const char* text);
MJAPI void mju_warning(const char* msg, ...) mjPRINTFLIKE(1, 2);
MJAPI void mju_warning_i(const char* msg, int i);
MJAPI void mju_warning_s(const char* msg, const char* text);
MJAPI void mju_clearHandlers(void);
MJAPI void* mju_malloc(size_t size);
MJAPI void mju_free(void* ptr);
MJAPI void mj_warning(mjData* d, int warning, int info);
MJAPI void mju_writeLog(const char* type, const char* msg);
MJAPI const char* mjs_getError(mjSpec* s);
MJAPI int mjs_isWarning(mjSpec* s);
// ---------------------------------- Standard math -----------------------------------------------

// The C library's functions for the precision of mjtNum (math.h, included above).
#if !defined(mjUSESINGLE)
#define mju_sqrt sqrt
#define mju_exp exp
#define mju_sin sin
#define mju_cos cos
#define mju_tan tan
#define mju_asin asin
#define mju_acos acos
#define mju_atan2 atan2
#define mju_tanh tanh
#define mju_pow pow
#define mju_abs fabs
#define mju_log log
#define mju_log10 log10
#define mju_floor floor
#define mju_ceil ceil
#else
#define mju_sqrt sqrtf
#define mju_exp expf
#define mju_sin sinf
#define mju_cos cosf
#define mju_tan tanf
#define mju_asin asinf
#define mju_acos acosf
#define mju_atan2 atan2f
#define mju_tanh tanhf
#define mju_pow powf
#define mju_abs fabsf
#define mju_log logf
#define mju_log10 log10f
#define mju_floor floorf
#define mju_ceil ceilf
#endif

// ---------------------------------- Vector math -------------------------------------------------

MJAPI void mju_zero3(mjtNum res[3]);
MJAPI void mju_copy3(mjtNum res[3], const mjtNum data[3]);
MJAPI void mju_scl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl);
MJAPI void mju_add3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]);
MJAPI void mju_sub3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]);
MJAPI void mju_addTo3(mjtNum res[3], const mjtNum vec[3]);
MJAPI void mju_subFrom3(mjtNum res[3], const mjtNum vec[3]);
MJAPI void mju_addToScl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl);
MJAPI void mju_addScl3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3], mjtNum scl);
MJAPI mjtNum mju_normalize3(mjtNum vec[3]);
MJAPI mjtNum mju_norm3(const mjtNum vec[3]);
MJAPI mjtNum mju_dot3(const mjtNum vec1[3], const mjtNum vec2[3]);
MJAPI mjtNum mju_dist3(const mjtNum pos1[3], const mjtNum pos2[3]);
MJAPI void mju_mulMatVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]);
MJAPI void mju_mulMatTVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]);
MJAPI void mju_cross(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]);
MJAPI void mju_zero4(mjtNum res[4]);
MJAPI void mju_unit4(mjtNum res[4]);
MJAPI void mju_copy4(mjtNum res[4], const mjtNum data[4]);
MJAPI mjtNum mju_normalize4(mjtNum vec[4]);
MJAPI void mju_zero(mjtNum* res, int n);
MJAPI void mju_fill(mjtNum* res, mjtNum val, int n);
MJAPI void mju_copy(mjtNum* res, const mjtNum* vec, int n);
MJAPI mjtNum mju_sum(const mjtNum* vec, int n);
MJAPI mjtNum mju_L1(const mjtNum* vec, int n);
MJAPI void mju_scl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n);
MJAPI void mju_add(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n);
MJAPI void mju_sub(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n);
MJAPI void mju_addTo(mjtNum* res, const mjtNum* vec, int n);
MJAPI void mju_subFrom(mjtNum* res, const mjtNum* vec, int n);
MJAPI void mju_addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n);
MJAPI void mju_addScl(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, mjtNum scl, int n);
MJAPI mjtNum mju_normalize(mjtNum* res, int n);
MJAPI mjtNum mju_norm(const mjtNum* res, int n);
MJAPI mjtNum mju_dot(const mjtNum* vec1, const mjtNum* vec2, int n);
MJAPI void mju_mulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc);
MJAPI void mju_mulMatTVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc);
MJAPI mjtNum mju_mulVecMatVec(const mjtNum* vec1, const mjtNum* mat, const mjtNum* vec2, int n);
MJAPI void mju_transpose(mjtNum* res, const mjtNum* mat, int nr, int nc);
MJAPI void mju_symmetrize(mjtNum* res, const mjtNum* mat, int n);
MJAPI void mju_eye(mjtNum* mat, int n);
MJAPI void mju_mulMatMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2, int r1, int c1,
                         int c2);
MJAPI void mju_mulMatMatT(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2, int r1, int c1,
                          int r2);
MJAPI void mju_mulMatTMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2, int r1, int c1,
                          int c2);
MJAPI void mju_sqrMatTD(mjtNum* res, const mjtNum* mat, const mjtNum* diag, int nr, int nc);
MJAPI void mju_transformSpatial(mjtNum res[6], const mjtNum vec[6], int flg_force,
                                const mjtNum newpos[3], const mjtNum oldpos[3],
                                const mjtNum rotnew2old[9]);
// ---------------------------------- Sparse math -------------------------------------------------

MJAPI int mju_dense2sparse(mjtNum* res, const mjtNum* mat, int nr, int nc, int* rownnz, int* rowadr,
                           int* colind, int nnz);
MJAPI void mju_sparse2dense(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                            const int* rowadr, const int* colind);
// ---------------------------------- Quaternions -------------------------------------------------

MJAPI void mju_rotVecQuat(mjtNum res[3], const mjtNum vec[3], const mjtNum quat[4]);
MJAPI void mju_negQuat(mjtNum res[4], const mjtNum quat[4]);
MJAPI void mju_mulQuat(mjtNum res[4], const mjtNum quat1[4], const mjtNum quat2[4]);
MJAPI void mju_mulQuatAxis(mjtNum res[4], const mjtNum quat[4], const mjtNum axis[3]);
MJAPI void mju_axisAngle2Quat(mjtNum res[4], const mjtNum axis[3], mjtNum angle);
MJAPI void mju_quat2Vel(mjtNum res[3], const mjtNum quat[4], mjtNum dt);
MJAPI void mju_subQuat(mjtNum res[3], const mjtNum qa[4], const mjtNum qb[4]);
MJAPI void mju_quat2Mat(mjtNum res[9], const mjtNum quat[4]);
MJAPI void mju_mat2Quat(mjtNum quat[4], const mjtNum mat[9]);
MJAPI void mju_derivQuat(mjtNum res[4], const mjtNum quat[4], const mjtNum vel[3]);
MJAPI void mju_quatIntegrate(mjtNum quat[4], const mjtNum vel[3], mjtNum scale);
MJAPI void mju_quatZ2Vec(mjtNum quat[4], const mjtNum vec[3]);
MJAPI int mju_mat2Rot(mjtNum quat[4], const mjtNum mat[9]);
MJAPI void mju_euler2Quat(mjtNum quat[4], const mjtNum euler[3], const char* seq);
// ---------------------------------- Poses -------------------------------------------------------

MJAPI void mju_mulPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos1[3],
                       const mjtNum quat1[4], const mjtNum pos2[3], const mjtNum quat2[4]);
MJAPI void mju_negPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos[3],
                       const mjtNum quat[4]);
MJAPI void mju_trnVecPose(mjtNum res[3], const mjtNum pos[3], const mjtNum quat[4],
                          const mjtNum vec[3]);
// ---------------------------------- Decompositions / Solvers ------------------------------------

MJAPI int mju_cholFactor(mjtNum* mat, int n, mjtNum mindiag);
MJAPI void mju_cholSolve(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n);
MJAPI int mju_cholUpdate(mjtNum* mat, mjtNum* x, int n, int flg_plus);
MJAPI mjtNum mju_cholFactorBand(mjtNum* mat, int ntotal, int nband, int ndense, mjtNum diagadd,
                                mjtNum diagmul);
MJAPI void mju_cholSolveBand(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int ntotal,
                             int nband, int ndense);
MJAPI void mju_band2Dense(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense,
                          mjtByte flg_sym);
MJAPI void mju_dense2Band(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense);
MJAPI void mju_bandMulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int ntotal,
                             int nband, int ndense, int nvec, mjtByte flg_sym);
MJAPI int mju_bandDiag(int i, int ntotal, int nband, int ndense);
MJAPI int mju_eig3(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9]);
MJAPI int mju_boxQP(mjtNum* res, mjtNum* R, int* index, const mjtNum* H, const mjtNum* g, int n,
                    const mjtNum* lower, const mjtNum* upper);
MJAPI void mju_boxQPmalloc(mjtNum** res, mjtNum** R, int** index, mjtNum** H, mjtNum** g, int n,
                           mjtNum** lower, mjtNum** upper);
// ---------------------------------- Miscellaneous -----------------------------------------------

MJAPI mjtNum mju_muscleGain(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                            const mjtNum prm[9]);
MJAPI mjtNum mju_muscleBias(mjtNum len, const mjtNum lengthrange[2], mjtNum acc0,
                            const mjtNum prm[9]);
MJAPI mjtNum mju_muscleDynamics(mjtNum ctrl, mjtNum act, const mjtNum prm[3]);
MJAPI void mju_encodePyramid(mjtNum* pyramid, const mjtNum* force, const mjtNum* mu, int dim);
MJAPI void mju_decodePyramid(mjtNum* force, const mjtNum* pyramid, const mjtNum* mu, int dim);
MJAPI mjtNum mju_springDamper(mjtNum pos0, mjtNum vel0, mjtNum Kp, mjtNum Kv, mjtNum dt);
MJAPI mjtNum mju_min(mjtNum a, mjtNum b);
MJAPI mjtNum mju_max(mjtNum a, mjtNum b);
MJAPI mjtNum mju_clip(mjtNum x, mjtNum min, mjtNum max);
MJAPI mjtNum mju_sign(mjtNum x);
MJAPI int mju_round(mjtNum x);
MJAPI const char* mju_type2Str(int type);
MJAPI int mju_str2Type(const char* str);
MJAPI const char* mju_writeNumBytes(size_t nbytes);
MJAPI const char* mju_warningText(int warning, size_t info);
MJAPI int mju_isBad(mjtNum x);
MJAPI int mju_isZero(const mjtNum* vec, int n);
MJAPI mjtNum mju_standardNormal(mjtNum* num2);
MJAPI void mju_f2n(mjtNum* res, const float* vec, int n);
MJAPI void mju_n2f(float* res, const mjtNum* vec, int n);
MJAPI void mju_d2n(mjtNum* res, const double* vec, int n);
MJAPI void mju_n2d(double* res, const mjtNum* vec, int n);
MJAPI void mju_insertionSort(mjtNum* list, int n);
MJAPI void mju_insertionSortInt(int* list, int n);
MJAPI mjtNum mju_Halton(int index, int base);
MJAPI char* mju_strncpy(char* dst, const char* src, int n);
MJAPI mjtNum mju_sigmoid(mjtNum x);
// ---------------------------------- Interaction -------------------------------------------------

MJAPI void mjv_defaultCamera(mjvCamera* cam);
MJAPI void mjv_defaultFreeCamera(const mjModel* m, mjvCamera* cam);
MJAPI void mjv_defaultPerturb(mjvPerturb* pert);
MJAPI void mjv_room2model(mjtNum modelpos[3], mjtNum modelquat[4], const mjtNum roompos[3],
                          const mjtNum roomquat[4], const mjvScene* scn);
MJAPI void mjv_model2room(mjtNum roompos[3], mjtNum roomquat[4], const mjtNum modelpos[3],
                          const mjtNum modelquat[4], const mjvScene* scn);
MJAPI void mjv_cameraInModel(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3],
                             const mjvScene* scn);
MJAPI void mjv_cameraInRoom(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3],
                            const mjvScene* scn);
MJAPI mjtNum mjv_frustumHeight(const mjvScene* scn);
MJAPI void mjv_alignToCamera(mjtNum res[3], const mjtNum vec[3], const mjtNum forward[3]);
MJAPI void mjv_moveCamera(const mjModel* m, int action, mjtNum reldx, mjtNum reldy,
                          const mjvScene* scn, mjvCamera* cam);
MJAPI void mjv_movePerturb(const mjModel* m, const mjData* d, int action, mjtNum reldx,
                           mjtNum reldy, const mjvScene* scn, mjvPerturb* pert);
MJAPI void mjv_moveModel(const mjModel* m, int action, mjtNum reldx, mjtNum reldy,
                         const mjtNum roomup[3], mjvScene* scn);
MJAPI void mjv_initPerturb(const mjModel* m, mjData* d, const mjvScene* scn, mjvPerturb* pert);
MJAPI void mjv_applyPerturbPose(const mjModel* m, mjData* d, const mjvPerturb* pert,
                                int flg_paused);
MJAPI void mjv_applyPerturbForce(const mjModel* m, mjData* d, const mjvPerturb* pert);
MJAPI mjvGLCamera mjv_averageCamera(const mjvGLCamera* cam1, const mjvGLCamera* cam2);
MJAPI int mjv_select(const mjModel* m, const mjData* d, const mjvOption* vopt, mjtNum aspectratio,
                     mjtNum relx, mjtNum rely, const mjvScene* scn, mjtNum selpnt[3], int geomid[1],
                     int flexid[1], int skinid[1]);

// ---------------------------------- Visualization -----------------------------------------------

MJAPI void mjv_defaultOption(mjvOption* opt);
MJAPI void mjv_defaultFigure(mjvFigure* fig);
MJAPI void mjv_initGeom(mjvGeom* geom, int type, const mjtNum size[3], const mjtNum pos[3],
                        const mjtNum mat[9], const float rgba[4]);
MJAPI void mjv_connector(mjvGeom* geom, int type, mjtNum width, const mjtNum from[3],
                         const mjtNum to[3]);
MJAPI void mjv_defaultScene(mjvScene* scn);
MJAPI void mjv_makeScene(const mjModel* m, mjvScene* scn, int maxgeom);
MJAPI void mjv_freeScene(mjvScene* scn);
MJAPI void mjv_updateScene(const mjModel* m, mjData* d, const mjvOption* opt,
                           const mjvPerturb* pert, mjvCamera* cam, int catmask, mjvScene* scn);
MJAPI void mjv_copyModel(mjModel* dest, const mjModel* src);
MJAPI void mjv_addGeoms(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                        int catmask, mjvScene* scn);
MJAPI void mjv_makeLights(const mjModel* m, const mjData* d, mjvScene* scn);
MJAPI void mjv_updateCamera(const mjModel* m, const mjData* d, mjvCamera* cam, mjvScene* scn);
MJAPI void mjv_updateSkin(const mjModel* m, const mjData* d, mjvScene* scn);
MJAPI void mjv_cameraFrame(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], mjtNum right[3],
                           const mjData* d, const mjvCamera* cam);
MJAPI void mjv_cameraFrustum(float zver[2], float zhor[2], float zclip[2], const mjModel* m,
                             const mjvCamera* cam);

// ---------------------------------- Signed Distance Functions -----------------------------------

// SDF plugin of a geom (NULL when the geom has no plugin).
MJAPI const mjpPlugin* mjc_getSDF(const mjModel* m, int id);

// Signed distance of an SDF (one field or a combination of two, mjtSDFType) at point x.
MJAPI mjtNum mjc_distance(const mjModel* m, const mjData* d, const mjSDF* s, const mjtNum x[3]);

// Gradient of mjc_distance at point x.
MJAPI void mjc_gradient(const mjModel* m, const mjData* d, const mjSDF* s, mjtNum gradient[3],
                        const mjtNum x[3]);

// ---------------------------------- Derivatives -------------------------------------------------

MJAPI void mjd_transitionFD(const mjModel* m, mjData* d, mjtNum eps, mjtByte flg_centered,
                            mjtNum* A, mjtNum* B, mjtNum* C, mjtNum* D);
MJAPI void mjd_inverseFD(const mjModel* m, mjData* d, mjtNum eps, mjtByte flg_actuation,
                         mjtNum* DfDq, mjtNum* DfDv, mjtNum* DfDa, mjtNum* DsDq, mjtNum* DsDv,
                         mjtNum* DsDa, mjtNum* DmDq);
MJAPI void mjd_subQuat(const mjtNum qa[4], const mjtNum qb[4], mjtNum Da[9], mjtNum Db[9]);
MJAPI void mjd_quatIntegrate(const mjtNum vel[3], mjtNum scale, mjtNum Dquat[9], mjtNum Dvel[9],
                             mjtNum Dscale[3]);
// ---------------------------------- Threads -----------------------------------------------------

MJAPI mjThreadPool* mju_threadPoolCreate(size_t number_of_threads);
MJAPI void mju_bindThreadPool(mjData* d, void* thread_pool);
MJAPI void mju_threadPoolEnqueue(mjThreadPool* thread_pool, mjTask* task);
MJAPI void mju_threadPoolDestroy(mjThreadPool* thread_pool);
MJAPI void mju_defaultTask(mjTask* task);
MJAPI void mju_taskJoin(mjTask* task);
// ---------------------------------- Attachment --------------------------------------------------

MJAPI mjsElement* mjs_attach(mjsElement* parent, const mjsElement* child, const char* prefix,
                             const char* suffix);
// ---------------------------------- Tree elements -----------------------------------------------

MJAPI mjsBody* mjs_addBody(mjsBody* body, const mjsDefault* def);
MJAPI mjsSite* mjs_addSite(mjsBody* body, const mjsDefault* def);
MJAPI mjsJoint* mjs_addJoint(mjsBody* body, const mjsDefault* def);
MJAPI mjsJoint* mjs_addFreeJoint(mjsBody* body);
MJAPI mjsGeom* mjs_addGeom(mjsBody* body, const mjsDefault* def);
MJAPI mjsCamera* mjs_addCamera(mjsBody* body, const mjsDefault* def);
MJAPI mjsLight* mjs_addLight(mjsBody* body, const mjsDefault* def);
MJAPI mjsFrame* mjs_addFrame(mjsBody* body, mjsFrame* parentframe);
MJAPI int mjs_delete(mjSpec* spec, mjsElement* element);
// ---------------------------------- Non-tree elements -------------------------------------------

MJAPI mjsActuator* mjs_addActuator(mjSpec* s, const mjsDefault* def);
MJAPI mjsSensor* mjs_addSensor(mjSpec* s);
MJAPI mjsFlex* mjs_addFlex(mjSpec* s);
MJAPI mjsPair* mjs_addPair(mjSpec* s, const mjsDefault* def);
MJAPI mjsExclude* mjs_addExclude(mjSpec* s);
MJAPI mjsEquality* mjs_addEquality(mjSpec* s, const mjsDefault* def);
MJAPI mjsTendon* mjs_addTendon(mjSpec* s, const mjsDefault* def);
MJAPI mjsWrap* mjs_wrapSite(mjsTendon* tendon, const char* name);
MJAPI mjsWrap* mjs_wrapGeom(mjsTendon* tendon, const char* name, const char* sidesite);
MJAPI mjsWrap* mjs_wrapJoint(mjsTendon* tendon, const char* name, double coef);
MJAPI mjsWrap* mjs_wrapPulley(mjsTendon* tendon, double divisor);
MJAPI mjsNumeric* mjs_addNumeric(mjSpec* s);
MJAPI mjsText* mjs_addText(mjSpec* s);
MJAPI mjsTuple* mjs_addTuple(mjSpec* s);
MJAPI mjsKey* mjs_addKey(mjSpec* s);
MJAPI mjsPlugin* mjs_addPlugin(mjSpec* s);
MJAPI mjsDefault* mjs_addDefault(mjSpec* s, const char* classname, const mjsDefault* parent);
// ---------------------------------- Set actuator parameters -------------------------------------

MJAPI const char* mjs_setToMotor(mjsActuator* actuator);
MJAPI const char* mjs_setToPosition(mjsActuator* actuator, double kp, double kv[1],
                                    double dampratio[1], double timeconst[1], double inheritrange);
MJAPI const char* mjs_setToIntVelocity(mjsActuator* actuator, double kp, double kv[1],
                                       double dampratio[1], double timeconst[1],
                                       double inheritrange);
MJAPI const char* mjs_setToVelocity(mjsActuator* actuator, double kv);
MJAPI const char* mjs_setToDamper(mjsActuator* actuator, double kv);
MJAPI const char* mjs_setToCylinder(mjsActuator* actuator, double timeconst, double bias,
                                    double area, double diameter);
MJAPI const char* mjs_setToMuscle(mjsActuator* actuator, double timeconst[2], double tausmooth,
                                  double range[2], double force, double scale, double lmin,
                                  double lmax, double vmax, double fpmax, double fvmax);
MJAPI const char* mjs_setToAdhesion(mjsActuator* actuator, double gain);
MJAPI const char* mjs_setToDCMotor(mjsActuator* actuator, double motorconst[2], double resistance,
                                   double nominal[3], double saturation[3], double inductance[2],
                                   double cogging[3], double controller[6], double thermal[6],
                                   double lugre[5], int input_mode);
// ---------------------------------- Assets ------------------------------------------------------

MJAPI mjsMesh* mjs_addMesh(mjSpec* s, const mjsDefault* def);
MJAPI mjsHField* mjs_addHField(mjSpec* s);
MJAPI mjsSkin* mjs_addSkin(mjSpec* s);
MJAPI mjsTexture* mjs_addTexture(mjSpec* s);
MJAPI mjsMaterial* mjs_addMaterial(mjSpec* s, const mjsDefault* def);
MJAPI int mjs_makeMesh(mjsMesh* mesh, mjtMeshBuiltin builtin, double* params, int nparams);
// ---------------------------------- Find and get utilities --------------------------------------

MJAPI mjSpec* mjs_getSpec(mjsElement* element);
MJAPI mjsCompiler* mjs_getCompiler(mjsElement* element);
MJAPI mjSpec* mjs_findSpec(mjSpec* spec, const char* name);
MJAPI mjsBody* mjs_findBody(mjSpec* s, const char* name);
MJAPI mjsElement* mjs_findElement(mjSpec* s, mjtObj type, const char* name);
MJAPI mjsBody* mjs_findChild(mjsBody* body, const char* name);
MJAPI mjsBody* mjs_getParent(mjsElement* element);
MJAPI mjsFrame* mjs_getFrame(mjsElement* element);
MJAPI mjsFrame* mjs_findFrame(mjSpec* s, const char* name);
MJAPI mjsDefault* mjs_getDefault(mjsElement* element);
MJAPI mjsDefault* mjs_findDefault(mjSpec* s, const char* classname);
MJAPI mjsDefault* mjs_getSpecDefault(mjSpec* s);
MJAPI int mjs_getId(mjsElement* element);
MJAPI mjsElement* mjs_firstChild(mjsBody* body, mjtObj type, int recurse);
MJAPI mjsElement* mjs_nextChild(mjsBody* body, mjsElement* child, int recurse);
MJAPI mjsElement* mjs_firstElement(mjSpec* s, mjtObj type);
MJAPI mjsElement* mjs_nextElement(mjSpec* s, mjsElement* element);
MJAPI mjsElement* mjs_getWrapTarget(mjsWrap* wrap);
MJAPI mjsSite* mjs_getWrapSideSite(mjsWrap* wrap);
MJAPI double mjs_getWrapDivisor(mjsWrap* wrap);
MJAPI double mjs_getWrapCoef(mjsWrap* wrap);
// ---------------------------------- Attribute setters -------------------------------------------

MJAPI int mjs_setName(mjsElement* element, const char* name);
MJAPI void mjs_setBuffer(mjByteVec* dest, const void* array, int size);
MJAPI void mjs_setString(mjString* dest, const char* text);
MJAPI void mjs_setStringVec(mjStringVec* dest, const char* text);
MJAPI mjtByte mjs_setInStringVec(mjStringVec* dest, int i, const char* text);
MJAPI void mjs_appendString(mjStringVec* dest, const char* text);
MJAPI void mjs_setInt(mjIntVec* dest, const int* array, int size);
MJAPI void mjs_appendIntVec(mjIntVecVec* dest, const int* array, int size);
MJAPI void mjs_setFloat(mjFloatVec* dest, const float* array, int size);
MJAPI void mjs_appendFloatVec(mjFloatVecVec* dest, const float* array, int size);
MJAPI void mjs_setDouble(mjDoubleVec* dest, const double* array, int size);
MJAPI void mjs_setPluginAttributes(mjsPlugin* plugin, void* attributes);
// ---------------------------------- Attribute getters -------------------------------------------

MJAPI mjString* mjs_getName(mjsElement* element);
MJAPI const char* mjs_getString(const mjString* source);
MJAPI const double* mjs_getDouble(const mjDoubleVec* source, int* size);
MJAPI int mjs_getWrapNum(const mjsTendon* tendonspec);
MJAPI mjsWrap* mjs_getWrap(const mjsTendon* tendonspec, int i);
MJAPI const void* mjs_getPluginAttributes(const mjsPlugin* plugin);
// ---------------------------------- Spec utilities ----------------------------------------------

MJAPI void mjs_setDefault(mjsElement* element, const mjsDefault* def);
MJAPI int mjs_setFrame(mjsElement* dest, mjsFrame* frame);
MJAPI const char* mjs_resolveOrientation(double quat[4], mjtByte degree, const char* sequence,
                                         const mjsOrientation* orientation);
MJAPI mjsFrame* mjs_bodyToFrame(mjsBody** body);
MJAPI void mjs_setUserValue(mjsElement* element, const char* key, const void* data);
MJAPI void mjs_setUserValueWithCleanup(mjsElement* element, const char* key, const void* data,
                                       void (*cleanup)(const void*));
MJAPI const void* mjs_getUserValue(mjsElement* element, const char* key);
MJAPI void mjs_deleteUserValue(mjsElement* element, const char* key);
MJAPI int mjs_sensorDim(const mjsSensor* sensor);
// ---------------------------------- Element initialization --------------------------------------

MJAPI void mjs_defaultSpec(mjSpec* spec);
MJAPI void mjs_defaultOrientation(mjsOrientation* orient);
MJAPI void mjs_defaultBody(mjsBody* body);
MJAPI void mjs_defaultFrame(mjsFrame* frame);
MJAPI void mjs_defaultJoint(mjsJoint* joint);
MJAPI void mjs_defaultGeom(mjsGeom* geom);
MJAPI void mjs_defaultSite(mjsSite* site);
MJAPI void mjs_defaultCamera(mjsCamera* camera);
MJAPI void mjs_defaultLight(mjsLight* light);
MJAPI void mjs_defaultFlex(mjsFlex* flex);
MJAPI void mjs_defaultMesh(mjsMesh* mesh);
MJAPI void mjs_defaultHField(mjsHField* hfield);
MJAPI void mjs_defaultSkin(mjsSkin* skin);
MJAPI void mjs_defaultTexture(mjsTexture* texture);
MJAPI void mjs_defaultMaterial(mjsMaterial* material);
MJAPI void mjs_defaultPair(mjsPair* pair);
MJAPI void mjs_defaultEquality(mjsEquality* equality);
MJAPI void mjs_defaultTendon(mjsTendon* tendon);
MJAPI void mjs_defaultActuator(mjsActuator* actuator);
MJAPI void mjs_defaultSensor(mjsSensor* sensor);
MJAPI void mjs_defaultNumeric(mjsNumeric* numeric);
MJAPI void mjs_defaultText(mjsText* text);
MJAPI void mjs_defaultTuple(mjsTuple* tuple);
MJAPI void mjs_defaultKey(mjsKey* key);
MJAPI void mjs_defaultPlugin(mjsPlugin* plugin);
// ---------------------------------- Element casting ---------------------------------------------

MJAPI mjsBody* mjs_asBody(mjsElement* element);
MJAPI mjsGeom* mjs_asGeom(mjsElement* element);
MJAPI mjsJoint* mjs_asJoint(mjsElement* element);
MJAPI mjsSite* mjs_asSite(mjsElement* element);
MJAPI mjsCamera* mjs_asCamera(mjsElement* element);
MJAPI mjsLight* mjs_asLight(mjsElement* element);
MJAPI mjsFrame* mjs_asFrame(mjsElement* element);
MJAPI mjsActuator* mjs_asActuator(mjsElement* element);
MJAPI mjsSensor* mjs_asSensor(mjsElement* element);
MJAPI mjsFlex* mjs_asFlex(mjsElement* element);
MJAPI mjsPair* mjs_asPair(mjsElement* element);
MJAPI mjsEquality* mjs_asEquality(mjsElement* element);
MJAPI mjsExclude* mjs_asExclude(mjsElement* element);
MJAPI mjsTendon* mjs_asTendon(mjsElement* element);
MJAPI mjsNumeric* mjs_asNumeric(mjsElement* element);
MJAPI mjsText* mjs_asText(mjsElement* element);
MJAPI mjsTuple* mjs_asTuple(mjsElement* element);
MJAPI mjsKey* mjs_asKey(mjsElement* element);
MJAPI mjsMesh* mjs_asMesh(mjsElement* element);
MJAPI mjsHField* mjs_asHField(mjsElement* element);
MJAPI mjsSkin* mjs_asSkin(mjsElement* element);
MJAPI mjsTexture* mjs_asTexture(mjsElement* element);
MJAPI mjsMaterial* mjs_asMaterial(mjsElement* element);
MJAPI mjsPlugin* mjs_asPlugin(mjsElement* element);
// ---------------------------------- Plugins -----------------------------------------------------

MJAPI void mjp_defaultPlugin(mjpPlugin* plugin);
MJAPI int mjp_registerPlugin(const mjpPlugin* plugin);
MJAPI int mjp_pluginCount(void);
MJAPI const mjpPlugin* mjp_getPlugin(const char* name, int* slot);
MJAPI const mjpPlugin* mjp_getPluginAtSlot(int slot);
MJAPI const char* mj_getPluginConfig(const mjModel* m, int plugin_id, const char* attrib);
MJAPI void mj_loadPluginLibrary(const char* path);
MJAPI void mj_loadAllPluginLibraries(const char* directory, mjfPluginLibraryLoadCallback callback);
MJAPI int mjs_activatePlugin(mjSpec* s, const char* name);
MJAPI int mjs_setDeepCopy(mjSpec* s, int deepcopy);
MJAPI void mjp_defaultResourceProvider(mjpResourceProvider* provider);
MJAPI int mjp_registerResourceProvider(const mjpResourceProvider* provider);
MJAPI int mjp_resourceProviderCount(void);
MJAPI const mjpResourceProvider* mjp_getResourceProvider(const char* resource_name);
MJAPI const mjpResourceProvider* mjp_getResourceProviderAtSlot(int slot);
MJAPI void mjp_registerDecoder(const mjpDecoder* decoder);
MJAPI void mjp_defaultDecoder(mjpDecoder* decoder);
MJAPI const mjpDecoder* mjp_findDecoder(const mjResource* resource, const char* content_type);
MJAPI void mjp_registerEncoder(const mjpEncoder* encoder);
MJAPI void mjp_defaultEncoder(mjpEncoder* encoder);
MJAPI const mjpEncoder* mjp_findEncoder(const char* filename, const char* content_type);
// ---------------------------------- Resources ---------------------------------------------------

MJAPI mjResource* mju_openResource(const char* dir, const char* name, const mjVFS* vfs, char* error,
                                   size_t nerror);
MJAPI void mju_closeResource(mjResource* resource);
MJAPI int mju_readResource(mjResource* resource, const void** buffer);
MJAPI void mju_getResourceDir(mjResource* resource, const char** dir, int* ndir);
MJAPI int mju_isModifiedResource(const mjResource* resource, const char* timestamp);
MJAPI mjSpec* mju_decodeResource(mjResource* resource, const char* content_type, const mjVFS* vfs);

#if defined(__cplusplus)
}
#endif

#endif  // MUJOCO_MUJOCO_H_
