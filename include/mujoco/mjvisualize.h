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

#ifndef MUJOCO_MJVISUALIZE_H_
#define MUJOCO_MJVISUALIZE_H_

// Types of the abstract visualizer (mjv_ functions): the scene built from mjModel/mjData that a
// renderer draws, the free/tracking/fixed camera, the mouse perturbation and 2D figures. Field
// names, order and types are those of MuJoCo 3.8's C API (APIreference_types.rst).

#include <mujoco/mjdata.h>
#include <mujoco/mjmodel.h>
#include <mujoco/mjtnum.h>

#define mjNGROUP 6          // visibility groups of geoms, sites, joints, tendons, ...
#define mjMAXLIGHT 100      // lights a scene can hold
#define mjMAXOVERLAY 500    // characters of overlay text
#define mjMAXLINE 100       // lines of one figure
#define mjMAXLINEPNT 1001   // points of one figure line
#define mjMAXPLANEGRID 200  // grid divisions when drawing a plane

// ---------------------------------- enums ------------------------------------------------------

typedef enum mjtCatBit_ {
  mjCAT_STATIC = 1,
  mjCAT_DYNAMIC = 2,
  mjCAT_DECOR = 4,
  mjCAT_ALL = 7
} mjtCatBit;

typedef enum mjtMouse_ {
  mjMOUSE_NONE = 0,
  mjMOUSE_ROTATE_V,
  mjMOUSE_ROTATE_H,
  mjMOUSE_MOVE_V,
  mjMOUSE_MOVE_H,
  mjMOUSE_ZOOM,
  mjMOUSE_MOVE_V_REL,
  mjMOUSE_MOVE_H_REL
} mjtMouse;

typedef enum mjtPertBit_ { mjPERT_TRANSLATE = 1, mjPERT_ROTATE = 2 } mjtPertBit;

typedef enum mjtCamera_ {
  mjCAMERA_FREE = 0,
  mjCAMERA_TRACKING,
  mjCAMERA_FIXED,
  mjCAMERA_USER
} mjtCamera;

typedef enum mjtLabel_ {
  mjLABEL_NONE = 0,
  mjLABEL_BODY,
  mjLABEL_JOINT,
  mjLABEL_GEOM,
  mjLABEL_SITE,
  mjLABEL_CAMERA,
  mjLABEL_LIGHT,
  mjLABEL_TENDON,
  mjLABEL_ACTUATOR,
  mjLABEL_CONSTRAINT,
  mjLABEL_FLEX,
  mjLABEL_SKIN,
  mjLABEL_SELECTION,
  mjLABEL_SELPNT,
  mjLABEL_CONTACTPOINT,
  mjLABEL_CONTACTFORCE,
  mjLABEL_ISLAND,
  mjNLABEL
} mjtLabel;

typedef enum mjtFrame_ {
  mjFRAME_NONE = 0,
  mjFRAME_BODY,
  mjFRAME_GEOM,
  mjFRAME_SITE,
  mjFRAME_CAMERA,
  mjFRAME_LIGHT,
  mjFRAME_CONTACT,
  mjFRAME_WORLD,
  mjNFRAME
} mjtFrame;

typedef enum mjtVisFlag_ {
  mjVIS_CONVEXHULL = 0,
  mjVIS_TEXTURE,
  mjVIS_JOINT,
  mjVIS_CAMERA,
  mjVIS_ACTUATOR,
  mjVIS_ACTIVATION,
  mjVIS_LIGHT,
  mjVIS_TENDON,
  mjVIS_RANGEFINDER,
  mjVIS_CONSTRAINT,
  mjVIS_INERTIA,
  mjVIS_SCLINERTIA,
  mjVIS_PERTFORCE,
  mjVIS_PERTOBJ,
  mjVIS_CONTACTPOINT,
  mjVIS_ISLAND,
  mjVIS_CONTACTFORCE,
  mjVIS_CONTACTSPLIT,
  mjVIS_TRANSPARENT,
  mjVIS_AUTOCONNECT,
  mjVIS_COM,
  mjVIS_SELECT,
  mjVIS_STATIC,
  mjVIS_SKIN,
  mjVIS_FLEXVERT,
  mjVIS_FLEXEDGE,
  mjVIS_FLEXFACE,
  mjVIS_FLEXSKIN,
  mjVIS_BODYBVH,
  mjVIS_MESHBVH,
  mjVIS_SDFITER,
  mjNVISFLAG
} mjtVisFlag;

typedef enum mjtRndFlag_ {
  mjRND_SHADOW = 0,
  mjRND_WIREFRAME,
  mjRND_REFLECTION,
  mjRND_ADDITIVE,
  mjRND_SKYBOX,
  mjRND_FOG,
  mjRND_HAZE,
  mjRND_DEPTH,
  mjRND_SEGMENT,
  mjRND_IDCOLOR,
  mjRND_CULL_FACE,
  mjNRNDFLAG
} mjtRndFlag;

typedef enum mjtStereo_ { mjSTEREO_NONE = 0, mjSTEREO_QUADBUFFERED, mjSTEREO_SIDEBYSIDE } mjtStereo;

// ---------------------------------- mjvPerturb -------------------------------------------------

struct mjvPerturb_ {    // selected object and the mouse perturbation applied to it
  int select;           // selected body (<= 0: none)
  int flexselect;       // selected flex (< 0: none)
  int skinselect;       // selected skin (< 0: none)
  int active;           // mjtPertBit mask of the running perturbation
  int active2;          // second mjtPertBit mask (e.g. from a second input device)
  mjtNum refpos[3];     // target position of the selected body
  mjtNum refquat[4];    // target orientation of the selected body
  mjtNum refselpos[3];  // target position of the selection point
  mjtNum localpos[3];   // selection point in the body frame
  mjtNum localmass;     // inertia seen at the selection point
  mjtNum scale;         // mouse motion to world distance factor (set by mjv_initPerturb)
};
typedef struct mjvPerturb_ mjvPerturb;

// ---------------------------------- mjvCamera --------------------------------------------------

struct mjvCamera_ {  // camera as the user controls it
  int type;          // mjtCamera
  int fixedcamid;    // model camera used by mjCAMERA_FIXED
  int trackbodyid;   // body followed by mjCAMERA_TRACKING
  mjtNum lookat[3];  // point looked at
  mjtNum distance;   // distance from the look-at point
  mjtNum azimuth;    // azimuth in degrees
  mjtNum elevation;  // elevation in degrees
  int orthographic;  // 1: orthographic projection, 0: perspective
};
typedef struct mjvCamera_ mjvCamera;

// ---------------------------------- mjvGLCamera ------------------------------------------------

struct mjvGLCamera_ {    // camera in the form a renderer uses: a frame and a frustum
  float pos[3];          // eye position
  float forward[3];      // viewing direction
  float up[3];           // up direction
  float frustum_center;  // horizontal center of the frustum (its width follows the aspect)
  float frustum_width;   // frustum width (informative)
  float frustum_bottom;  // frustum bottom at the near plane
  float frustum_top;     // frustum top at the near plane
  float frustum_near;    // near clipping distance
  float frustum_far;     // far clipping distance
  int orthographic;      // 1: orthographic projection, 0: perspective
};
typedef struct mjvGLCamera_ mjvGLCamera;

// ---------------------------------- mjvGeom ----------------------------------------------------

struct mjvGeom_ {       // one drawable primitive of a scene
  int type;             // mjtGeom
  int dataid;           // mesh/hfield/plane id (-1: none); meshes: 2*id, or 2*id+1 for the hull
  int objtype;          // mjtObj of the model element drawn (mjOBJ_UNKNOWN: decoration)
  int objid;            // id of that element (-1: decoration)
  int category;         // mjtCatBit
  int matid;            // material with a texture (-1: none)
  int texcoord;         // 1 if the mesh or flex has texture coordinates
  int segid;            // segmentation id (-1: not drawn in segmentation)
  float size[3];        // geom size parameters
  float pos[3];         // world position
  float mat[9];         // world orientation (row-major rotation matrix)
  float rgba[4];        // color and opacity
  float emission;       // emission coefficient
  float specular;       // specular coefficient
  float shininess;      // shininess coefficient
  float reflectance;    // reflectance coefficient
  char label[100];      // label text
  float camdist;        // distance to the camera, for sorting transparent geoms
  float modelrbound;    // bounding radius of a model geom (0 for others)
  mjtByte transparent;  // drawn as transparent
};
typedef struct mjvGeom_ mjvGeom;

// ---------------------------------- mjvLight ---------------------------------------------------

struct mjvLight_ {       // one light of a scene
  int id;                // model light id (-1: the headlight)
  float pos[3];          // position
  float dir[3];          // direction
  int type;              // mjtLightType
  int texid;             // texture of an image light (-1: none)
  float attenuation[3];  // constant, linear and quadratic attenuation
  float cutoff;          // spot cutoff angle
  float exponent;        // spot exponent
  float ambient[3];      // ambient color
  float diffuse[3];      // diffuse color
  float specular[3];     // specular color
  mjtByte headlight;     // 1 for the headlight
  mjtByte castshadow;    // 1 if the light casts shadows
  float bulbradius;      // bulb radius (soft shadows)
  float intensity;       // intensity in candela
  float range;           // distance beyond which the light has no effect
};
typedef struct mjvLight_ mjvLight;

// ---------------------------------- mjvOption --------------------------------------------------

struct mjvOption_ {                 // what the visualizer shows
  int label;                        // mjtLabel: which elements get labels
  int frame;                        // mjtFrame: which frames are drawn
  mjtByte geomgroup[mjNGROUP];      // visible geom groups
  mjtByte sitegroup[mjNGROUP];      // visible site groups
  mjtByte jointgroup[mjNGROUP];     // visible joint groups
  mjtByte tendongroup[mjNGROUP];    // visible tendon groups
  mjtByte actuatorgroup[mjNGROUP];  // visible actuator groups
  mjtByte flexgroup[mjNGROUP];      // visible flex groups
  mjtByte skingroup[mjNGROUP];      // visible skin groups
  mjtByte flags[mjNVISFLAG];        // mjtVisFlag switches
  int bvh_depth;                    // depth of the bounding volume hierarchy drawn
  int flex_layer;                   // layer of a 3D flex drawn
};
typedef struct mjvOption_ mjvOption;

// ---------------------------------- mjvScene ---------------------------------------------------

struct mjvScene_ {  // everything a renderer draws for one frame
  int maxgeom;      // capacity of geoms
  int ngeom;        // geoms in use
  mjvGeom* geoms;   // geoms (maxgeom)
  int* geomorder;   // draw order of the geoms, by camera distance (maxgeom)

  int nflex;            // flexes
  int* flexedgeadr;     // first edge of each flex (nflex)
  int* flexedgenum;     // edges of each flex (nflex)
  int* flexvertadr;     // first vertex of each flex (nflex)
  int* flexvertnum;     // vertices of each flex (nflex)
  int* flexfaceadr;     // first face of each flex (nflex)
  int* flexfacenum;     // faces allocated for each flex (nflex)
  int* flexfaceused;    // faces in use for each flex (nflex)
  int* flexedge;        // edge vertex pairs (2*nflexedge)
  float* flexvert;      // vertex positions (3*nflexvert)
  float* flexface;      // face vertex positions (9*total faces)
  float* flexnormal;    // face vertex normals (9*total faces)
  float* flextexcoord;  // face texture coordinates (6*total faces)
  mjtByte flexvertopt;  // mjVIS_FLEXVERT when the scene was made
  mjtByte flexedgeopt;  // mjVIS_FLEXEDGE when the scene was made
  mjtByte flexfaceopt;  // mjVIS_FLEXFACE when the scene was made
  mjtByte flexskinopt;  // mjVIS_FLEXSKIN when the scene was made

  int nskin;          // skins
  int* skinfacenum;   // faces of each skin (nskin)
  int* skinvertadr;   // first vertex of each skin (nskin)
  int* skinvertnum;   // vertices of each skin (nskin)
  float* skinvert;    // skin vertex positions (3*nskinvert)
  float* skinnormal;  // skin vertex normals (3*nskinvert)

  int nlight;                   // lights in use
  mjvLight lights[mjMAXLIGHT];  // lights

  mjvGLCamera camera[2];  // left and right eye

  mjtByte enabletransform;  // apply the model transformation below
  float translate[3];       // model translation
  float rotate[4];          // model rotation (quaternion)
  float scale;              // model scale

  int stereo;                 // mjtStereo
  mjtByte flags[mjNRNDFLAG];  // mjtRndFlag switches

  int framewidth;     // width of a frame drawn around the view in pixels (0: none)
  float framergb[3];  // its color

  int status;  // 1 if geoms ran out (a warning was issued), else 0
};
typedef struct mjvScene_ mjvScene;

// ---------------------------------- mjvFigure --------------------------------------------------

struct mjvFigure_ {      // a 2D plot
  int flg_legend;        // draw the legend
  int flg_ticklabel[2];  // draw x and y tick labels
  int flg_extend;        // grow the axis ranges to fit the data
  int flg_barplot;       // draw separate segments instead of a polyline
  int flg_selection;     // draw the vertical selection line
  int flg_symmetric;     // make the y range symmetric about 0

  float linewidth;              // line width
  float gridwidth;              // grid line width
  int gridsize[2];              // grid points along x and y
  float gridrgb[3];             // grid color
  float figurergba[4];          // figure color
  float panergba[4];            // plotting pane color
  float legendrgba[4];          // legend color
  float textrgb[3];             // text color
  float linergb[mjMAXLINE][3];  // line colors
  float range[2][2];            // x and y ranges (min >= max: automatic)
  char xformat[20];             // printf format of x tick labels
  char yformat[20];             // printf format of y tick labels
  char minwidth[20];            // text that sets the minimum y tick label width

  char title[1000];               // title (subplot titles separated by two or more spaces)
  char xlabel[100];               // x axis label
  char linename[mjMAXLINE][100];  // legend entries

  int legendoffset;  // lines skipped at the top of the legend
  int subplot;       // subplot whose title is shown
  int highlight[2];  // point in the legend whose line is highlighted
  int highlightid;   // line highlighted when no point is given (< 0: none)
  float selection;   // x of the selection line

  int linepnt[mjMAXLINE];                       // points in each line (0: line off)
  float linedata[mjMAXLINE][2 * mjMAXLINEPNT];  // (x, y) pairs of each line

  int xaxispixel[2];   // x axis extent in pixels (written by the renderer)
  int yaxispixel[2];   // y axis extent in pixels (written by the renderer)
  float xaxisdata[2];  // x axis extent in data units (written by the renderer)
  float yaxisdata[2];  // y axis extent in data units (written by the renderer)
};
typedef struct mjvFigure_ mjvFigure;

#endif  // MUJOCO_MJVISUALIZE_H_
