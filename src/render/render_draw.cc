// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Drawing one abstract geom (mjvGeom, APIreference_APItypes.rst) with fixed-function OpenGL:
// its material (color, specular, shininess, emission, texture) and its shape placed at pos/mat
// and scaled by size. Unit shapes come from the context's display lists (render_geom.cc).

#include <math.h>
#include <string.h>

#include "render/render_internal.h"

// ---------------------------------------------------------------------------------------------
// transforms

namespace {

// Multiplies the modelview matrix by the geom's pose; mat is row-major, OpenGL column-major.
void geomPose(const mjvGeom* geom) {
  float m[16] = {
      geom->mat[0], geom->mat[3], geom->mat[6], 0, geom->mat[1], geom->mat[4], geom->mat[7], 0,
      geom->mat[2], geom->mat[5], geom->mat[8], 0, geom->pos[0], geom->pos[1], geom->pos[2], 1};
  glMultMatrixf(m);
}

void callBuiltin(const mjrContext* con, int shape) {
  glCallList(con->baseBuiltin + shape);
}

// ---------------------------------------------------------------------------------------------
// material

int geomTexture(const mjvGeom* geom, const mjrContext* con) {
  if (geom->matid < 0 || geom->matid >= mjMAXMATERIAL) {
    return -1;
  }
  int texid = con->mat_texid[geom->matid * mjNTEXROLE + mjTEXROLE_RGB];
  if (texid < 0) {
    texid = con->mat_texid[geom->matid * mjNTEXROLE + mjTEXROLE_RGBA];
  }
  return (texid >= 0 && texid < con->ntexture) ? texid : -1;
}

// Texture coordinates for builtin shapes come from object-linear generation: a 2d texture is
// repeated texrepeat times per unit length (texuniform) or per object; a cube texture is looked
// up along the direction from the geom's center.
void textureGen(const mjvGeom* geom, const mjrContext* con, int texid) {
  const float* rep = con->mat_texrepeat + 2 * geom->matid;
  if (con->textureType[texid] == mjTEXTURE_2D) {
    int uniform = con->mat_texuniform[geom->matid];
    float sx = uniform ? geom->size[0] * rep[0] : 0.5f * rep[0];
    float sy = uniform ? geom->size[1] * rep[1] : 0.5f * rep[1];
    if (geom->type == mjGEOM_MESH || geom->type == mjGEOM_HFIELD) {
      sx = rep[0];
      sy = rep[1];
    }
    float ps[4] = {sx, 0, 0, 0}, pt[4] = {0, sy, 0, 0};
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGenfv(GL_S, GL_OBJECT_PLANE, ps);
    glTexGenfv(GL_T, GL_OBJECT_PLANE, pt);
    glEnable(GL_TEXTURE_GEN_S);
    glEnable(GL_TEXTURE_GEN_T);
  } else {
    float ps[4] = {1, 0, 0, 0}, pt[4] = {0, 1, 0, 0}, pr[4] = {0, 0, 1, 0};
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGenfv(GL_S, GL_OBJECT_PLANE, ps);
    glTexGenfv(GL_T, GL_OBJECT_PLANE, pt);
    glTexGenfv(GL_R, GL_OBJECT_PLANE, pr);
    glEnable(GL_TEXTURE_GEN_S);
    glEnable(GL_TEXTURE_GEN_T);
    glEnable(GL_TEXTURE_GEN_R);
  }
}

void textureOff(void) {
  glDisable(GL_TEXTURE_GEN_S);
  glDisable(GL_TEXTURE_GEN_T);
  glDisable(GL_TEXTURE_GEN_R);
  glDisable(GL_TEXTURE_2D);
  glDisable(GL_TEXTURE_CUBE_MAP);
}

}  // namespace

void render_setMaterial(const mjvGeom* geom, const mjrContext* con, int mode, float alphascale,
                        float colorscale) {
  (void)con;
  if (mode == mjrMODE_SEGMENT) {
    return;  // color set by the caller
  }
  const float* c = geom->rgba;
  float k = colorscale, a = c[3] * alphascale, e = geom->emission * colorscale;
  glColor4f(k * c[0], k * c[1], k * c[2], a);
  float spec[4] = {geom->specular, geom->specular, geom->specular, 1};
  float emis[4] = {e * c[0], e * c[1], e * c[2], 1};
  glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, spec);
  glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, emis);
  glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, mjMIN(128.0f, mjMAX(0.0f, 128 * geom->shininess)));
}

// ---------------------------------------------------------------------------------------------
// shapes

namespace {

// Plane: the model's display list (render_makePlanes) or, for a plane that is not the model's,
// the same grid made now. Texture coordinates repeat the texture texrepeat times per two units
// of length (texuniform, and always on infinite planes) or once per plane, as MuJoCo's renderer
// does.
void drawPlane(const mjvGeom* geom, const mjvScene* scn, const mjrContext* con, int texid) {
  int infinite = geom->size[0] <= 0 || geom->size[1] <= 0;
  const float one[2] = {1, 1};
  const float* rep =
      geom->matid >= 0 && geom->matid < mjMAXMATERIAL ? con->mat_texrepeat + 2 * geom->matid : one;
  if (texid >= 0) {
    // object-linear coordinates in the plane's frame
    int uniform = con->mat_texuniform[geom->matid] || infinite;
    float ext[2] = {mjMAX(geom->size[0], 1e-6f), mjMAX(geom->size[1], 1e-6f)};
    // s = 0.5 + x sx, t = 0.5 - y sy, for uniform and per-plane repeats alike: measured on
    // MuJoCo's images of four-color and three-row textures at repeats 0.5 to 4 (the plane's
    // center is at the middle of an image, whose first row lies toward +y)
    float sx = uniform ? 0.5f * rep[0] : rep[0] / (2 * ext[0]);
    float sy = uniform ? 0.5f * rep[1] : rep[1] / (2 * ext[1]);
    float ps[4] = {sx, 0, 0, 0.5f};
    float pt[4] = {0, -sy, 0, 0.5f};
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGenfv(GL_S, GL_OBJECT_PLANE, ps);
    glTexGenfv(GL_T, GL_OBJECT_PLANE, pt);
    glEnable(GL_TEXTURE_GEN_S);
    glEnable(GL_TEXTURE_GEN_T);
  }
  if (geom->dataid >= 0 && geom->dataid < con->rangePlane - 1) {
    glCallList(con->basePlane + geom->dataid);
  } else {
    float far = 0.5f * (scn->camera[0].frustum_far + scn->camera[1].frustum_far);
    render_planeGrid(geom->size, far, rep, texid >= 0);
  }
}

// Arrow along +z of length size[2]: a shaft of radius size[0] and a cone head of radius
// 2*size[0] (wedges: a thinner cone) whose length is a fraction of the arrow.
void drawArrow(const mjvGeom* geom, const mjrContext* con, int twoheads) {
  float r = geom->size[0], len = geom->size[2];
  float head = mjMIN(len * 0.35f, 6 * r);
  float shaft0 = twoheads ? head : 0, shaft1 = len - head;
  if (shaft1 > shaft0) {
    glPushMatrix();
    glTranslatef(0, 0, 0.5f * (shaft0 + shaft1));
    glScalef(r, geom->size[1] > 0 ? geom->size[1] : r, 0.5f * (shaft1 - shaft0));
    callBuiltin(con, mjrBUILTIN_CYLINDER);
    glPopMatrix();
  }
  glPushMatrix();
  glTranslatef(0, 0, shaft1);
  glScalef(2 * r, 2 * r, head);
  callBuiltin(con, mjrBUILTIN_CONE);
  glPopMatrix();
  if (twoheads) {
    glPushMatrix();
    glTranslatef(0, 0, head);
    glScalef(2 * r, 2 * r, -head);
    glFrontFace(GL_CW);
    callBuiltin(con, mjrBUILTIN_CONE);
    glFrontFace(GL_CCW);
    glPopMatrix();
  }
}

void drawLineBox(const mjvGeom* geom) {
  glBegin(GL_LINES);
  for (int axis = 0; axis < 3; axis++) {
    int a = (axis + 1) % 3, b = (axis + 2) % 3;
    for (int k = 0; k < 4; k++) {
      float p[3];
      p[a] = (k & 1) ? geom->size[a] : -geom->size[a];
      p[b] = (k & 2) ? geom->size[b] : -geom->size[b];
      p[axis] = -geom->size[axis];
      glVertex3fv(p);
      p[axis] = geom->size[axis];
      glVertex3fv(p);
    }
  }
  glEnd();
}

// Skin: vertex positions and normals of the scene streamed into the skin's buffers, faces and
// texture coordinates uploaded once by mjr_makeContext.
void drawSkin(const mjvGeom* geom, const mjvScene* scn, const mjrContext* con) {
  int i = geom->objid;
  if (i < 0 || i >= scn->nskin || i >= con->nskin) {
    return;
  }
  int nvert = scn->skinvertnum[i];
  glBindBuffer(GL_ARRAY_BUFFER, con->skinvertVBO[i]);
  glBufferData(GL_ARRAY_BUFFER, 3 * sizeof(float) * nvert, scn->skinvert + 3 * scn->skinvertadr[i],
               GL_STREAM_DRAW);
  glVertexPointer(3, GL_FLOAT, 0, NULL);
  glEnableClientState(GL_VERTEX_ARRAY);
  glBindBuffer(GL_ARRAY_BUFFER, con->skinnormalVBO[i]);
  glBufferData(GL_ARRAY_BUFFER, 3 * sizeof(float) * nvert,
               scn->skinnormal + 3 * scn->skinvertadr[i], GL_STREAM_DRAW);
  glNormalPointer(GL_FLOAT, 0, NULL);
  glEnableClientState(GL_NORMAL_ARRAY);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, con->skinfaceVBO[i]);
  glDrawElements(GL_TRIANGLES, 3 * scn->skinfacenum[i], GL_UNSIGNED_INT, NULL);
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_NORMAL_ARRAY);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

// Flex: the scene's face triangles (9 floats each) with their per-vertex normals.
void drawFlex(const mjvGeom* geom, const mjvScene* scn) {
  int f = geom->objid;
  if (f < 0 || f >= scn->nflex || !scn->flexface) {
    return;
  }
  const float* face = scn->flexface + 9 * scn->flexfaceadr[f];
  const float* normal = scn->flexnormal + 9 * scn->flexfaceadr[f];
  glBegin(GL_TRIANGLES);
  for (int t = 0; t < scn->flexfaceused[f]; t++) {
    for (int k = 0; k < 3; k++) {
      glNormal3fv(normal + 9 * t + 3 * k);
      glVertex3fv(face + 9 * t + 3 * k);
    }
  }
  glEnd();
}

}  // namespace

void render_drawGeom(const mjvGeom* geom, const mjvScene* scn, const mjrContext* con, int mode) {
  int texid = (mode == mjrMODE_NORMAL || mode == mjrMODE_BACK) ? geomTexture(geom, con) : -1;
  if (texid >= 0) {
    glEnable(con->textureType[texid] == mjTEXTURE_2D ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP);
    glBindTexture(con->textureType[texid] == mjTEXTURE_2D ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP,
                  con->texture[texid]);
    int explicitcoords =
        geom->type == mjGEOM_PLANE || geom->type == mjGEOM_HFIELD ||
        (geom->type == mjGEOM_MESH && geom->texcoord && con->textureType[texid] == mjTEXTURE_2D);
    if (!explicitcoords) {
      textureGen(geom, con, texid);
    }
  }

  glPushMatrix();
  geomPose(geom);
  const float* s = geom->size;
  GLboolean lighting = GL_FALSE;
  switch (geom->type) {
    case mjGEOM_PLANE: {
      // in color, the front side of a plane is opaque and its back side translucent (drawn with
      // the transparent geoms, render_drawPlaneBack); masks and segmentation see both sides
      GLboolean cull = glIsEnabled(GL_CULL_FACE);
      GLint cullface = GL_BACK;
      glGetIntegerv(GL_CULL_FACE_MODE, &cullface);
      if (mode == mjrMODE_NORMAL) {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
      } else if (mode != mjrMODE_BACK) {
        glDisable(GL_CULL_FACE);
      }
      drawPlane(geom, scn, con, texid);
      glCullFace(cullface);
      if (cull) {
        glEnable(GL_CULL_FACE);
      } else {
        glDisable(GL_CULL_FACE);
      }
      break;
    }
    case mjGEOM_HFIELD:
      if (geom->dataid >= 0 && geom->dataid < con->rangeHField) {
        glCallList(con->baseHField + geom->dataid);
      }
      break;
    case mjGEOM_SPHERE:
      glScalef(s[0], s[0], s[0]);
      callBuiltin(con, mjrBUILTIN_SPHERE);
      break;
    case mjGEOM_ELLIPSOID:
      glScalef(s[0], s[1], s[2]);
      callBuiltin(con, mjrBUILTIN_SPHERE);
      break;
    case mjGEOM_CAPSULE:
      glPushMatrix();
      glScalef(s[0], s[0], s[2]);
      callBuiltin(con, mjrBUILTIN_TUBE);
      glPopMatrix();
      glPushMatrix();
      glTranslatef(0, 0, s[2]);
      glScalef(s[0], s[0], s[0]);
      callBuiltin(con, mjrBUILTIN_SPHERE_TOP);
      glPopMatrix();
      glTranslatef(0, 0, -s[2]);
      glScalef(s[0], s[0], s[0]);
      callBuiltin(con, mjrBUILTIN_SPHERE_BOTTOM);
      break;
    case mjGEOM_CYLINDER:
      glScalef(s[0], s[0], s[2]);
      callBuiltin(con, mjrBUILTIN_CYLINDER);
      break;
    case mjGEOM_BOX:
      glScalef(s[0], s[1], s[2]);
      callBuiltin(con, mjrBUILTIN_BOX);
      break;
    case mjGEOM_MESH:
    case mjGEOM_SDF:
      if (geom->dataid >= 0 && geom->dataid < con->rangeMesh) {
        glCallList(con->baseMesh + geom->dataid);
      }
      break;
    case mjGEOM_ARROW:
    case mjGEOM_ARROW1:
      drawArrow(geom, con, 0);
      break;
    case mjGEOM_ARROW2:
      drawArrow(geom, con, 1);
      break;
    case mjGEOM_LINE:
      // lines are unlit: their color as given
      lighting = glIsEnabled(GL_LIGHTING);
      glDisable(GL_LIGHTING);
      glLineWidth(mjMAX(s[0], 1.0f));
      glBegin(GL_LINES);
      glVertex3f(0, 0, 0);
      glVertex3f(0, 0, s[2]);
      glEnd();
      glLineWidth(con->lineWidth);
      break;
    case mjGEOM_LINEBOX:
      lighting = glIsEnabled(GL_LIGHTING);
      glDisable(GL_LIGHTING);
      drawLineBox(geom);
      break;
    case mjGEOM_TRIANGLE:
      glNormal3f(0, 0, 1);
      glBegin(GL_TRIANGLES);
      glVertex3f(0, 0, 0);
      glVertex3f(s[0], 0, 0);
      glVertex3f(0, s[1], 0);
      glEnd();
      break;
    case mjGEOM_SKIN:
      glPopMatrix();  // skin vertices are global
      glPushMatrix();
      drawSkin(geom, scn, con);
      break;
    case mjGEOM_FLEX:
      glPopMatrix();  // flex vertices are global
      glPushMatrix();
      drawFlex(geom, scn);
      break;
    default:  // mjGEOM_LABEL, mjGEOM_NONE: nothing to draw
      break;
  }
  glPopMatrix();
  if (lighting) {
    glEnable(GL_LIGHTING);
  }
  if (texid >= 0) {
    textureOff();
  }
}

// Label text at the geom's position: the raster position follows the modelview/projection, and
// the font's bitmaps are drawn from there in window pixels.
void render_drawLabel(const mjvGeom* geom, const mjrContext* con) {
  if (!geom->label[0]) {
    return;
  }
  glColor4f(1, 1, 1, 1);
  glRasterPos3fv(geom->pos);
  GLboolean valid = 0;
  glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  if (!valid) {
    return;
  }
  char txt[101];
  memcpy(txt, geom->label, 100);
  txt[100] = 0;
  glListBase(con->baseFontNormal);
  glCallLists((int)strlen(txt), GL_UNSIGNED_BYTE, txt);
}
