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

#ifndef MUJOCO_MJRENDER_H_
#define MUJOCO_MJRENDER_H_

// Types of the OpenGL renderer (mjr_ functions): viewport rectangles and the context that owns
// the GPU objects made from a model. Field names, order and types are those of MuJoCo 3.8's C API
// (APIreference_types.rst). GL object names are plain unsigned ints so that this header does not
// need OpenGL's.

#include <mujoco/mjmodel.h>

#define mjNAUX 10           // auxiliary framebuffers of a context
#define mjMAXTEXTURE 1000   // textures a context can hold
#define mjMAXMATERIAL 1000  // textured materials a context can hold

// ---------------------------------- enums ------------------------------------------------------

typedef enum mjtGridPos_ {
  mjGRID_TOPLEFT = 0,
  mjGRID_TOPRIGHT,
  mjGRID_BOTTOMLEFT,
  mjGRID_BOTTOMRIGHT,
  mjGRID_TOP,
  mjGRID_BOTTOM,
  mjGRID_LEFT,
  mjGRID_RIGHT
} mjtGridPos;

typedef enum mjtFramebuffer_ { mjFB_WINDOW = 0, mjFB_OFFSCREEN } mjtFramebuffer;

typedef enum mjtDepthMap_ { mjDEPTH_ZERONEAR = 0, mjDEPTH_ZEROFAR = 1 } mjtDepthMap;

typedef enum mjtFontScale_ {
  mjFONTSCALE_50 = 50,
  mjFONTSCALE_100 = 100,
  mjFONTSCALE_150 = 150,
  mjFONTSCALE_200 = 200,
  mjFONTSCALE_250 = 250,
  mjFONTSCALE_300 = 300
} mjtFontScale;

typedef enum mjtFont_ { mjFONT_NORMAL = 0, mjFONT_SHADOW, mjFONT_BIG } mjtFont;

// ---------------------------------- mjrRect ----------------------------------------------------

struct mjrRect_ {  // viewport rectangle in pixels, origin at the bottom left
  int left;        // left edge
  int bottom;      // bottom edge
  int width;       // width
  int height;      // height
};
typedef struct mjrRect_ mjrRect;

// ---------------------------------- mjrContext -------------------------------------------------

struct mjrContext_ {  // GPU resources made from one model, and the options they were made with
  // copied from mjVisual and mjStatistic at creation
  float lineWidth;    // wireframe line width
  float shadowClip;   // shadow clipping radius of directional lights
  float shadowScale;  // shadow extent of spot lights, as a fraction of their cutoff
  float fogStart;     // distance where fog starts
  float fogEnd;       // distance where fog is complete
  float fogRGBA[4];   // fog color
  int shadowSize;     // shadow map size in pixels
  int offWidth;       // offscreen buffer width
  int offHeight;      // offscreen buffer height
  int offSamples;     // offscreen buffer multisamples

  // given at creation
  int fontScale;           // mjtFontScale
  int auxWidth[mjNAUX];    // auxiliary buffer widths
  int auxHeight[mjNAUX];   // auxiliary buffer heights
  int auxSamples[mjNAUX];  // auxiliary buffer multisamples

  // offscreen framebuffer
  unsigned int offFBO;             // framebuffer
  unsigned int offFBO_r;           // framebuffer the multisamples resolve into
  unsigned int offColor;           // color buffer
  unsigned int offColor_r;         // resolved color buffer
  unsigned int offDepthStencil;    // depth-stencil buffer
  unsigned int offDepthStencil_r;  // resolved depth-stencil buffer

  // shadow map
  unsigned int shadowFBO;  // framebuffer
  unsigned int shadowTex;  // depth texture

  // auxiliary framebuffers
  unsigned int auxFBO[mjNAUX];      // framebuffers
  unsigned int auxFBO_r[mjNAUX];    // framebuffers the multisamples resolve into
  unsigned int auxColor[mjNAUX];    // color buffers
  unsigned int auxColor_r[mjNAUX];  // resolved color buffers

  // textured materials
  int mat_texid[mjMAXMATERIAL * mjNTEXROLE];  // texture of each material and role (-1: none)
  int mat_texuniform[mjMAXMATERIAL];          // cube textures mapped uniformly
  float mat_texrepeat[mjMAXMATERIAL * 2];     // 2D texture repetition

  // textures
  int ntexture;                        // textures loaded
  int textureType[mjMAXTEXTURE];       // mjtTexture of each
  unsigned int texture[mjMAXTEXTURE];  // GL texture names

  // first display list of each kind
  unsigned int basePlane;       // planes of the model
  unsigned int baseMesh;        // meshes of the model
  unsigned int baseHField;      // height fields of the model
  unsigned int baseBuiltin;     // builtin shapes at the model's quality
  unsigned int baseFontNormal;  // normal font
  unsigned int baseFontShadow;  // font with shadow
  unsigned int baseFontBig;     // big font

  // number of display lists of each kind
  int rangePlane;    // planes
  int rangeMesh;     // meshes
  int rangeHField;   // height fields
  int rangeBuiltin;  // builtin shapes
  int rangeFont;     // characters of a font

  // skin vertex buffers
  int nskin;                      // skins
  unsigned int* skinvertVBO;      // positions (nskin)
  unsigned int* skinnormalVBO;    // normals (nskin)
  unsigned int* skintexcoordVBO;  // texture coordinates (nskin)
  unsigned int* skinfaceVBO;      // face indices (nskin)

  // font metrics
  int charWidth[127];     // character widths, normal and shadow fonts
  int charWidthBig[127];  // character widths, big font
  int charHeight;         // character height, normal and shadow fonts
  int charHeightBig;      // character height, big font

  // what the GL context offers
  int glInitialized;       // 1 once OpenGL is initialized
  int windowAvailable;     // 1 if a window framebuffer exists
  int windowSamples;       // multisamples of the window framebuffer
  int windowStereo;        // 1 if the window framebuffer has stereo
  int windowDoublebuffer;  // 1 if the window framebuffer is double buffered

  int currentBuffer;    // mjtFramebuffer in use
  int readPixelFormat;  // color format mjr_readPixels returns
  int readDepthMap;     // mjtDepthMap of mjr_readPixels' depth
};
typedef struct mjrContext_ mjrContext;

#endif  // MUJOCO_MJRENDER_H_
