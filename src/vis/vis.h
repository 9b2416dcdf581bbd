// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Abstract visualization (programming_visualization.rst, APIreference_functions.rst
// "Visualization" and "Interaction"): mjvScene, mjvCamera, mjvPerturb, mjvOption and mjvFigure,
// built from mjModel/mjData. This layer sits above the engine: it calls the engine's public and
// internal functions, and the engine never includes it. Files, one concept each:
//   vis_init.cc      defaults of the mjv types, scene allocation, mjv_copyModel/copyData
//   vis_geom.cc      mjv_initGeom, mjv_connector and the scene's geom buffer
//   vis_scene.cc     mjv_updateScene, mjv_addGeoms: model geoms, sites, tendons, skin
//   vis_flex.cc      flex geoms and the scene's flex vertices and faces
//   vis_decor.cc     decorations: frames, inertia, joints, actuators, cameras, lights, com,
//                    connect, rangefinders, constraints, contacts, perturbation, selection
//   vis_camera.cc    mjv_updateCamera, mjv_makeLights, camera frame and frustum, room/model
//   vis_interact.cc  mouse motions of camera, model and perturbation; applying perturbations
//   vis_select.cc    mjv_select (picking by ray casting)
//   vis_print.cc     mj_printScene, mj_printFormattedScene

#ifndef MOTUS_VIS_VIS_H_
#define MOTUS_VIS_VIS_H_

#include <mujoco/mujoco.h>

#ifdef __cplusplus
extern "C" {
#endif

// The next free geom of the scene, initialized with mjv_initGeom defaults, or NULL when the
// buffer is full (then the scene's status is set to 1 and a warning is issued once, as MuJoCo
// does). The geom counts only once visCommitGeom is called.
mjvGeom* visAcquireGeom(mjvScene* scn);
void visCommitGeom(mjvScene* scn);

// category of the objects of body b: static for bodies welded to the world, else dynamic
int visBodyCategory(const mjModel* m, int b);

// copies the object's name (or "" when it has none) into the geom label, or "<prefix> <id>"
// style id when unnamed, as the label option asks
void visSetLabel(mjvGeom* g, const mjModel* m, int objtype, int id);

// float copies
void visCopyPosMat(mjvGeom* g, const mjtNum pos[3], const mjtNum mat[9]);

// Impedance (modeling.rst "Solver parameters": d(r) of solimp at the violation r = efc_pos -
// efc_margin) of the first active limit row of joint or tendon `id` (efctype
// mjCNSTR_LIMIT_JOINT or mjCNSTR_LIMIT_TENDON), 0 when the limit is inactive. Joints, and
// tendons without a material or color of their own, are drawn at their limit blended toward
// rgba.constraint by this fraction.
mjtNum visLimitImpedance(const mjModel* m, const mjData* d, int efctype, int id);

// scale of decorations: the model's mean body size, in single precision as MuJoCo computes the
// sizes of decorations (factor times scale, both float)
float visScale(const mjModel* m);

// decoration passes of mjv_addGeoms (vis_decor.cc), in the order MuJoCo adds them
void visAddFrames(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                  mjvScene* scn);
void visAddBodyDecor(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                     int catmask, mjvScene* scn);

// flexes (vis_flex.cc): face slots per flex (mjv_makeScene), vertices and faces
// (mjv_updateScene), one geom per flex (mjv_addGeoms)
int visFlexFaceCapacity(const mjModel* m, int f);
void visUpdateFlex(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn);
void visAddFlexGeoms(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                     mjvScene* scn);

#ifdef __cplusplus
}
#endif

#endif  // MOTUS_VIS_VIS_H_
