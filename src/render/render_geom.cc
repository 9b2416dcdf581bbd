// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Model resources uploaded by mjr_makeContext: the builtin unit shapes (tessellated with
// vis.quality.numslices/numstacks/numquads), meshes and their convex hulls, height fields and
// textures. Each shape is an OpenGL display list; mjr_render scales and places it.

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/render_internal.h"

namespace {

const double kPi = 3.14159265358979323846;

// ---------------------------------------------------------------------------------------------
// builtin shapes

// Sphere band between stack angles: z = -cos(theta), theta in [0, pi]; normals are positions.
void sphereStacks(int nslice, int nstack, int first, int last) {
  for (int i = first; i < last; i++) {
    double t0 = kPi * i / nstack, t1 = kPi * (i + 1) / nstack;
    glBegin(GL_QUAD_STRIP);
    for (int j = 0; j <= nslice; j++) {
      double p = 2 * kPi * j / nslice;
      for (int k = 1; k >= 0; k--) {
        double t = k ? t1 : t0;
        double x = sin(t) * cos(p), y = sin(t) * sin(p), z = -cos(t);
        glNormal3d(x, y, z);
        glVertex3d(x, y, z);
      }
    }
    glEnd();
  }
}

void disk(int nslice, double z, int up) {
  glBegin(GL_TRIANGLE_FAN);
  glNormal3d(0, 0, up ? 1 : -1);
  glVertex3d(0, 0, z);
  for (int j = 0; j <= nslice; j++) {
    double p = 2 * kPi * (up ? j : nslice - j) / nslice;
    glVertex3d(cos(p), sin(p), z);
  }
  glEnd();
}

void tube(int nslice, int nstack) {
  for (int i = 0; i < nstack; i++) {
    double z0 = -1 + 2.0 * i / nstack, z1 = -1 + 2.0 * (i + 1) / nstack;
    glBegin(GL_QUAD_STRIP);
    for (int j = 0; j <= nslice; j++) {
      double p = 2 * kPi * j / nslice;
      glNormal3d(cos(p), sin(p), 0);
      glVertex3d(cos(p), sin(p), z1);
      glVertex3d(cos(p), sin(p), z0);
    }
    glEnd();
  }
}

// Box face subdivided into nquad x nquad quads so that spot lights shade it smoothly.
void boxFace(int axis, int sign, int nquad) {
  int a = (axis + 1) % 3, b = (axis + 2) % 3;
  double n[3] = {0, 0, 0};
  n[axis] = sign;
  glNormal3dv(n);
  glBegin(GL_QUADS);
  for (int i = 0; i < nquad; i++) {
    for (int j = 0; j < nquad; j++) {
      double u0 = -1 + 2.0 * i / nquad, u1 = -1 + 2.0 * (i + 1) / nquad;
      double v0 = -1 + 2.0 * j / nquad, v1 = -1 + 2.0 * (j + 1) / nquad;
      double corner[4][2] = {{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}};
      for (int k = 0; k < 4; k++) {
        int kk = sign > 0 ? k : 3 - k;
        double p[3];
        p[axis] = sign;
        p[a] = corner[kk][0];
        p[b] = corner[kk][1];
        glVertex3dv(p);
      }
    }
  }
  glEnd();
}

// Cone of radius 1 from z = 0 to the apex at z = 1; side normals tilted by 45 degrees.
void cone(int nslice) {
  glBegin(GL_TRIANGLES);
  for (int j = 0; j < nslice; j++) {
    double p0 = 2 * kPi * j / nslice, p1 = 2 * kPi * (j + 1) / nslice, pm = (p0 + p1) / 2;
    double s = sqrt(0.5);
    glNormal3d(s * cos(pm), s * sin(pm), s);
    glVertex3d(0, 0, 1);
    glNormal3d(s * cos(p0), s * sin(p0), s);
    glVertex3d(cos(p0), sin(p0), 0);
    glNormal3d(s * cos(p1), s * sin(p1), s);
    glVertex3d(cos(p1), sin(p1), 0);
  }
  glEnd();
  disk(nslice, 0, 0);
}

}  // namespace

void render_makeBuiltin(const mjModel* m, mjrContext* con) {
  int nslice = m ? m->vis.quality.numslices : 28;
  int nstack = m ? m->vis.quality.numstacks : 16;
  int nquad = m ? m->vis.quality.numquads : 4;
  nslice = mjMAX(nslice, 3);
  nstack = mjMAX(2 * (nstack / 2), 2);  // even: the sphere splits at the equator
  nquad = mjMAX(nquad, 1);

  con->rangeBuiltin = mjrNBUILTIN;
  con->baseBuiltin = glGenLists(mjrNBUILTIN);
  if (!con->baseBuiltin) {
    mju_error("mjr_makeContext: could not allocate display lists");
  }
  unsigned int b = con->baseBuiltin;
  glNewList(b + mjrBUILTIN_SPHERE, GL_COMPILE);
  sphereStacks(nslice, nstack, 0, nstack);
  glEndList();
  glNewList(b + mjrBUILTIN_SPHERE_TOP, GL_COMPILE);
  sphereStacks(nslice, nstack, nstack / 2, nstack);
  glEndList();
  glNewList(b + mjrBUILTIN_SPHERE_BOTTOM, GL_COMPILE);
  sphereStacks(nslice, nstack, 0, nstack / 2);
  glEndList();
  glNewList(b + mjrBUILTIN_CYLINDER, GL_COMPILE);
  tube(nslice, nstack / 2);
  disk(nslice, 1, 1);
  disk(nslice, -1, 0);
  glEndList();
  glNewList(b + mjrBUILTIN_TUBE, GL_COMPILE);
  tube(nslice, nstack / 2);
  glEndList();
  glNewList(b + mjrBUILTIN_DISK, GL_COMPILE);
  disk(nslice, 0, 1);
  glEndList();
  glNewList(b + mjrBUILTIN_BOX, GL_COMPILE);
  for (int axis = 0; axis < 3; axis++) {
    boxFace(axis, 1, nquad);
    boxFace(axis, -1, nquad);
  }
  glEndList();
  glNewList(b + mjrBUILTIN_CONE, GL_COMPILE);
  cone(nslice);
  glEndList();
}

// ---------------------------------------------------------------------------------------------
// planes: one display list per plane of the model, in the plane's frame (mjvGeom.dataid is the
// plane's index among the model's planes). MuJoCo lights per vertex, so the grid decides how
// spot lights and specular highlights look on the plane; the grid below is the one MuJoCo's
// wireframe images show:
// - a finite plane has grid lines every 2*size[2] from its center (at most mjMAXPLANEGRID cells
//   per side) and at its edges;
// - an infinite plane (size 0) is a square of half-size 1.05 zfar*extent plus half its snapping
//   step (mjv_updateScene moves it by whole steps: four texture repeats when it is textured,
//   2.1 zfar*extent / 99 otherwise), in mjMAXPLANEGRID x mjMAXPLANEGRID equal cells.

namespace {

// Grid coordinates along one axis of half-size h: from -h to h through 0 every cell.
int finiteLines(double h, double cell, float* out) {
  int n = 0;
  int k = (int)ceil(h / cell - 1e-6) - 1;  // lines strictly inside
  out[n++] = (float)-h;
  for (int i = -k; i <= k; i++) {
    out[n++] = (float)(i * cell);
  }
  out[n++] = (float)h;
  return n;
}

}  // namespace

double render_planeStep(double far, float texrepeat, int textured) {
  if (textured && texrepeat > 0) {
    return 4.0 / texrepeat;
  }
  return 2.1 * far / 99;
}

void render_planeGrid(const float size[3], double far, const float texrepeat[2], int textured) {
  float line[2][mjMAXPLANEGRID + 3];
  int n[2];
  for (int i = 0; i < 2; i++) {
    if (size[i] > 0) {
      double cell = mjMAX(2.0 * size[2], 2.0 * size[i] / mjMAXPLANEGRID);
      n[i] = finiteLines(size[i], cell, line[i]);
    } else {
      double half = 1.05 * far + 0.5 * render_planeStep(far, texrepeat[i], textured);
      n[i] = mjMAXPLANEGRID + 1;
      for (int k = 0; k < n[i]; k++) {
        line[i][k] = (float)(half * (2.0 * k / mjMAXPLANEGRID - 1));
      }
    }
  }
  glNormal3f(0, 0, 1);
  for (int i = 0; i + 1 < n[0]; i++) {
    glBegin(GL_QUAD_STRIP);
    for (int j = 0; j < n[1]; j++) {
      glVertex3f(line[0][i], line[1][j], 0);
      glVertex3f(line[0][i + 1], line[1][j], 0);
    }
    glEnd();
  }
}

// Haze (mjRND_HAZE): translucent bands of vis.rgba.haze around the eye where an infinite plane
// meets the skybox, in the plane's frame centered below the eye, heights in units of the eye's
// height h above the plane (z = 0 at the eye, -1 on the plane); mjr_render scales z by h. Shapes
// measured on MuJoCo 3.8.0's images:
// - over the sky, on a wall just inside the skybox (radius render_skyboxRadius), from opaque at
//   the plane to clear at the horizon; the opacity at the fraction r of the way down from the
//   horizon is r (1+k) / (1 + r k), k = 0.37;
// - over the far part of the plane, on a wall at (1 - vis.map.haze) times that radius, from
//   clear where it meets the plane to opaque where it hides the plane's edge, so that the plane
//   fades into the haze over the last vis.map.haze of its visible distance.
// Colors are interpolated linearly up each wall, which is linear in the image's rows.
namespace {

void hazeWall(double radius, int nseg, const float rgba[4], const float* z, const float* alpha,
              int nring) {
  for (int r = 0; r + 1 < nring; r++) {
    glBegin(GL_QUAD_STRIP);
    for (int j = 0; j <= nseg; j++) {
      double p = 2 * kPi * j / nseg;
      for (int k = 0; k < 2; k++) {
        glColor4f(rgba[0], rgba[1], rgba[2], rgba[3] * alpha[r + k]);
        glVertex3d(radius * cos(p), radius * sin(p), z[r + k]);
      }
    }
    glEnd();
  }
}

void hazeList(const mjModel* m) {
  const double k = 0.37;
  const int nring = 9, nseg = 64;
  double far = m->vis.map.zfar * m->stat.extent;
  double sky = render_skyboxRadius(far);
  int nslice = mjMAX(m->vis.quality.numslices, 3);
  float z[nring], alpha[nring];
  for (int i = 0; i < nring; i++) {
    double r = (double)i / (nring - 1);
    z[i] = (float)-r;
    alpha[i] = (float)(r * (1 + k) / (1 + r * k));
  }
  hazeWall(0.995 * sky * cos(kPi / nslice), nseg, m->vis.rgba.haze, z, alpha, nring);
  double ratio = mjMIN(mjMAX(m->vis.map.haze, 0.0), 1.0);
  float zlow[2] = {-1, (float)-(1 - ratio)}, alow[2] = {0, 1};
  hazeWall((1 - ratio) * sky, nseg, m->vis.rgba.haze, zlow, alow, 2);
}

}  // namespace

double render_skyboxRadius(double far) {
  return 0.7 * far;
}

void render_makePlanes(const mjModel* m, mjrContext* con) {
  int nplane = 0;
  for (int i = 0; i < m->ngeom; i++) {
    nplane += m->geom_type[i] == mjGEOM_PLANE;
  }
  // one list per plane, then the haze
  con->basePlane = glGenLists(nplane + 1);
  if (!con->basePlane) {
    mju_error("mjr_makeContext: could not allocate display lists");
  }
  con->rangePlane = nplane + 1;
  glNewList(con->basePlane + nplane, GL_COMPILE);
  hazeList(m);
  glEndList();
  double far = m->vis.map.zfar * m->stat.extent;
  int k = 0;
  for (int i = 0; i < m->ngeom; i++) {
    if (m->geom_type[i] != mjGEOM_PLANE) {
      continue;
    }
    float size[3] = {(float)m->geom_size[3 * i], (float)m->geom_size[3 * i + 1],
                     (float)m->geom_size[3 * i + 2]};
    int mat = m->geom_matid[i];
    int textured = mat >= 0 && (m->mat_texid[mat * mjNTEXROLE + mjTEXROLE_RGB] >= 0 ||
                                m->mat_texid[mat * mjNTEXROLE + mjTEXROLE_RGBA] >= 0);
    float rep[2] = {mat >= 0 ? m->mat_texrepeat[2 * mat] : 1,
                    mat >= 0 ? m->mat_texrepeat[2 * mat + 1] : 1};
    glNewList(con->basePlane + k++, GL_COMPILE);
    render_planeGrid(size, far, rep, textured);
    glEndList();
  }
}

// ---------------------------------------------------------------------------------------------
// meshes: list 2*i is mesh i as compiled (with its normals and texture coordinates), list 2*i+1
// its convex hull with flat face normals (mjvGeom.dataid = 2*id or 2*id+1)

namespace {

// Unit normal of the triangle (a, b, c), counterclockwise; zero when it is degenerate.
void faceNormal(const float* a, const float* b, const float* c, float n[3]) {
  float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
  float e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  n[0] = e1[1] * e2[2] - e1[2] * e2[1];
  n[1] = e1[2] * e2[0] - e1[0] * e2[2];
  n[2] = e1[0] * e2[1] - e1[1] * e2[0];
  float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  for (int k = 0; k < 3; k++) {
    n[k] = len > 0 ? n[k] / len : 0;
  }
}

// Mesh as compiled. A vertex normal is used where it is within ~37 degrees of its face's normal
// (cosine >= 0.8, the angle MuJoCo's mesh compiler uses to tell edges from smooth surfaces);
// across sharper edges the face is shaded flat with its own normal, as MuJoCo draws it.
void meshList(const mjModel* m, int i) {
  const float* vert = m->mesh_vert + 3 * m->mesh_vertadr[i];
  const int* face = m->mesh_face + 3 * m->mesh_faceadr[i];
  const int* fnormal = m->mesh_facenormal + 3 * m->mesh_faceadr[i];
  const int* ftex = m->mesh_facetexcoord + 3 * m->mesh_faceadr[i];
  int nadr = m->mesh_normaladr[i], tadr = m->mesh_texcoordadr[i];
  glBegin(GL_TRIANGLES);
  for (int f = 0; f < m->mesh_facenum[i]; f++) {
    float fn[3];
    faceNormal(vert + 3 * face[3 * f], vert + 3 * face[3 * f + 1], vert + 3 * face[3 * f + 2], fn);
    for (int k = 0; k < 3; k++) {
      if (tadr >= 0) {
        glTexCoord2fv(m->mesh_texcoord + 2 * (tadr + ftex[3 * f + k]));
      }
      const float* vn = nadr >= 0 ? m->mesh_normal + 3 * (nadr + fnormal[3 * f + k]) : nullptr;
      if (vn && vn[0] * fn[0] + vn[1] * fn[1] + vn[2] * fn[2] >= 0.8f) {
        glNormal3fv(vn);
      } else {
        glNormal3fv(fn);
      }
      glVertex3fv(vert + 3 * face[3 * f + k]);
    }
  }
  glEnd();
}

// Convex hull from the mesh graph: numvert, numface, vert_edgeadr, vert_globalid, edge_localid,
// face_globalid (three vertex ids of the mesh per face).
void hullList(const mjModel* m, int i) {
  if (m->mesh_graphadr[i] < 0) {
    meshList(m, i);
    return;
  }
  const int* graph = m->mesh_graph + m->mesh_graphadr[i];
  int numvert = graph[0], numface = graph[1];
  const int* faces = graph + 2 + 3 * numvert + 3 * numface;
  const float* vert = m->mesh_vert + 3 * m->mesh_vertadr[i];
  glBegin(GL_TRIANGLES);
  for (int f = 0; f < numface; f++) {
    const float* v[3] = {vert + 3 * faces[3 * f], vert + 3 * faces[3 * f + 1],
                         vert + 3 * faces[3 * f + 2]};
    float n[3];
    faceNormal(v[0], v[1], v[2], n);
    glNormal3fv(n);
    for (int k = 0; k < 3; k++) {
      glVertex3fv(v[k]);
    }
  }
  glEnd();
}

}  // namespace

void render_makeMeshes(const mjModel* m, mjrContext* con) {
  con->rangeMesh = 2 * m->nmesh;
  if (!m->nmesh) {
    return;
  }
  con->baseMesh = glGenLists(con->rangeMesh);
  for (int i = 0; i < m->nmesh; i++) {
    mjr_uploadMesh(m, con, i);
  }
}

void mjr_uploadMesh(const mjModel* m, const mjrContext* con, int meshid) {
  if (!m || !con) {
    mju_error("mjr_uploadMesh: model or context missing");
  }
  if (meshid < 0 || meshid >= m->nmesh || meshid >= con->rangeMesh / 2) {
    mju_error("mjr_uploadMesh: mesh id %d outside 0..%d", meshid, (int)m->nmesh - 1);
  }
  glNewList(con->baseMesh + 2 * meshid, GL_COMPILE);
  meshList(m, meshid);
  glEndList();
  glNewList(con->baseMesh + 2 * meshid + 1, GL_COMPILE);
  hullList(m, meshid);
  glEndList();
}

// ---------------------------------------------------------------------------------------------
// height fields: the elevation surface (data in 0..1 scaled by size[2], grid over +-size[0..1])
// as flat-shaded triangles, plus side walls and a bottom at -size[3]

namespace {

void hfieldPoint(const mjModel* m, int id, int r, int c, float p[3]) {
  const mjtNum* size = m->hfield_size + 4 * id;
  int nrow = m->hfield_nrow[id], ncol = m->hfield_ncol[id];
  p[0] = (float)(size[0] * (2.0 * c / (ncol - 1) - 1));
  p[1] = (float)(size[1] * (2.0 * r / (nrow - 1) - 1));
  p[2] = (float)(size[2] * m->hfield_data[m->hfield_adr[id] + r * ncol + c]);
}

void hfieldList(const mjModel* m, int id) {
  int nrow = m->hfield_nrow[id], ncol = m->hfield_ncol[id];
  const mjtNum* size = m->hfield_size + 4 * id;
  if (nrow < 2 || ncol < 2) {
    return;
  }
  // two triangles per grid cell, split along the diagonal from (r, c) to (r + 1, c + 1), each
  // with its own flat normal: MuJoCo's images of hfield_png show the facets (PSNR 35.3 dB with
  // smooth vertex normals, 47.8 with these, 35.3 with the other diagonal)
  glBegin(GL_TRIANGLES);
  for (int r = 0; r < nrow - 1; r++) {
    for (int c = 0; c < ncol - 1; c++) {
      int cell[2][3][2] = {{{r, c}, {r + 1, c + 1}, {r + 1, c}},
                           {{r, c}, {r, c + 1}, {r + 1, c + 1}}};
      for (int t = 0; t < 2; t++) {
        float p[3][3];
        for (int k = 0; k < 3; k++) {
          hfieldPoint(m, id, cell[t][k][0], cell[t][k][1], p[k]);
        }
        float e1[3] = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
        float e2[3] = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
        float n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                      e1[0] * e2[1] - e1[1] * e2[0]};
        float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (len > 0) {
          n[0] /= len;
          n[1] /= len;
          n[2] /= len;
        }
        glNormal3fv(n);
        for (int k = 0; k < 3; k++) {
          // image top at +y
          glTexCoord2f((float)cell[t][k][1] / (ncol - 1), 1 - (float)cell[t][k][0] / (nrow - 1));
          glVertex3fv(p[k]);
        }
      }
    }
  }
  glEnd();
  // walls and bottom
  float bottom = (float)-size[3];
  glBegin(GL_QUADS);
  for (int side = 0; side < 4; side++) {
    int n = side < 2 ? ncol : nrow;
    float nx = side == 2 ? -1.0f : side == 3 ? 1.0f : 0.0f;
    float ny = side == 0 ? -1.0f : side == 1 ? 1.0f : 0.0f;
    glNormal3f(nx, ny, 0);
    for (int i = 0; i < n - 1; i++) {
      float a[3], b[3];
      int i0 = (side == 0 || side == 3) ? i : i + 1, i1 = (side == 0 || side == 3) ? i + 1 : i;
      if (side < 2) {
        hfieldPoint(m, id, side ? nrow - 1 : 0, i0, a);
        hfieldPoint(m, id, side ? nrow - 1 : 0, i1, b);
      } else {
        hfieldPoint(m, id, i0, side == 3 ? ncol - 1 : 0, a);
        hfieldPoint(m, id, i1, side == 3 ? ncol - 1 : 0, b);
      }
      glVertex3f(a[0], a[1], bottom);
      glVertex3f(b[0], b[1], bottom);
      glVertex3fv(b);
      glVertex3fv(a);
    }
  }
  glNormal3f(0, 0, -1);
  glVertex3f((float)-size[0], (float)-size[1], bottom);
  glVertex3f((float)-size[0], (float)size[1], bottom);
  glVertex3f((float)size[0], (float)size[1], bottom);
  glVertex3f((float)size[0], (float)-size[1], bottom);
  glEnd();
}

}  // namespace

void render_makeHFields(const mjModel* m, mjrContext* con) {
  con->rangeHField = m->nhfield;
  if (!m->nhfield) {
    return;
  }
  con->baseHField = glGenLists(con->rangeHField);
  for (int i = 0; i < m->nhfield; i++) {
    mjr_uploadHField(m, con, i);
  }
}

void mjr_uploadHField(const mjModel* m, const mjrContext* con, int hfieldid) {
  if (!m || !con) {
    mju_error("mjr_uploadHField: model or context missing");
  }
  if (hfieldid < 0 || hfieldid >= m->nhfield || hfieldid >= con->rangeHField) {
    mju_error("mjr_uploadHField: height field id %d outside 0..%d", hfieldid, (int)m->nhfield - 1);
  }
  glNewList(con->baseHField + hfieldid, GL_COMPILE);
  hfieldList(m, hfieldid);
  glEndList();
}

// ---------------------------------------------------------------------------------------------
// textures: 2d textures with mipmaps; cube and skybox textures as cube maps whose six faces are
// stacked vertically in the model (right, left, up, down, front, back) or given once for all

namespace {

GLenum pixelFormat(int nchannel) {
  return nchannel == 4 ? GL_RGBA : nchannel == 1 ? GL_LUMINANCE : GL_RGB;
}

}  // namespace

void render_makeTextures(const mjModel* m, mjrContext* con) {
  con->ntexture = m->ntex;
  if (m->ntex) {
    glGenTextures(m->ntex, con->texture);
  }
  for (int i = 0; i < m->ntex; i++) {
    con->textureType[i] = m->tex_type[i];
    mjr_uploadTexture(m, con, i);
  }
  // material -> texture map, texture repetition
  for (int i = 0; i < m->nmat; i++) {
    for (int r = 0; r < mjNTEXROLE; r++) {
      con->mat_texid[i * mjNTEXROLE + r] = m->mat_texid[i * mjNTEXROLE + r];
    }
    con->mat_texuniform[i] = m->mat_texuniform[i];
    con->mat_texrepeat[2 * i] = m->mat_texrepeat[2 * i];
    con->mat_texrepeat[2 * i + 1] = m->mat_texrepeat[2 * i + 1];
  }
}

void mjr_uploadTexture(const mjModel* m, const mjrContext* con, int texid) {
  if (!m || !con) {
    mju_error("mjr_uploadTexture: model or context missing");
  }
  if (texid < 0 || texid >= m->ntex || texid >= con->ntexture) {
    mju_error("mjr_uploadTexture: texture id %d outside 0..%d", texid, (int)m->ntex - 1);
  }
  int w = m->tex_width[texid], h = m->tex_height[texid], nc = m->tex_nchannel[texid];
  const unsigned char* data = m->tex_data + m->tex_adr[texid];
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  if (m->tex_type[texid] == mjTEXTURE_2D) {
    glBindTexture(GL_TEXTURE_2D, con->texture[texid]);
    glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
    glTexImage2D(GL_TEXTURE_2D, 0, nc == 4 ? GL_RGBA8 : GL_RGB8, w, h, 0, pixelFormat(nc),
                 GL_UNSIGNED_BYTE, data);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glBindTexture(GL_TEXTURE_2D, 0);
    return;
  }
  glBindTexture(GL_TEXTURE_CUBE_MAP, con->texture[texid]);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_GENERATE_MIPMAP, GL_TRUE);
  int side = w;
  int stacked = (h == 6 * w);
  for (int f = 0; f < 6; f++) {
    const unsigned char* face = data + (stacked ? (size_t)f * side * side * nc : 0);
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, nc == 4 ? GL_RGBA8 : GL_RGB8, side,
                 stacked ? side : h, 0, pixelFormat(nc), GL_UNSIGNED_BYTE, face);
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
}

// ---------------------------------------------------------------------------------------------
// skins: vertex buffers filled from mjvScene at every frame

void render_makeSkins(const mjModel* m, mjrContext* con) {
  con->nskin = m->nskin;
  if (!m->nskin) {
    return;
  }
  con->skinvertVBO = (unsigned int*)calloc(m->nskin, sizeof(unsigned int));
  con->skinnormalVBO = (unsigned int*)calloc(m->nskin, sizeof(unsigned int));
  con->skintexcoordVBO = (unsigned int*)calloc(m->nskin, sizeof(unsigned int));
  con->skinfaceVBO = (unsigned int*)calloc(m->nskin, sizeof(unsigned int));
  if (!con->skinvertVBO || !con->skinnormalVBO || !con->skintexcoordVBO || !con->skinfaceVBO) {
    mju_error("mjr_makeContext: out of memory for %d skins", (int)m->nskin);
  }
  glGenBuffers(m->nskin, con->skinvertVBO);
  glGenBuffers(m->nskin, con->skinnormalVBO);
  glGenBuffers(m->nskin, con->skintexcoordVBO);
  glGenBuffers(m->nskin, con->skinfaceVBO);
  for (int i = 0; i < m->nskin; i++) {
    // faces and texture coordinates are constant; positions and normals change per frame
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, con->skinfaceVBO[i]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, 3 * sizeof(int) * m->skin_facenum[i],
                 m->skin_face + 3 * m->skin_faceadr[i], GL_STATIC_DRAW);
    if (m->skin_texcoordadr[i] >= 0) {
      glBindBuffer(GL_ARRAY_BUFFER, con->skintexcoordVBO[i]);
      glBufferData(GL_ARRAY_BUFFER, 2 * sizeof(float) * m->skin_vertnum[i],
                   m->skin_texcoord + 2 * m->skin_texcoordadr[i], GL_STATIC_DRAW);
    }
  }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

void render_freeSkins(mjrContext* con) {
  if (con->nskin && con->skinvertVBO) {
    glDeleteBuffers(con->nskin, con->skinvertVBO);
    glDeleteBuffers(con->nskin, con->skinnormalVBO);
    glDeleteBuffers(con->nskin, con->skintexcoordVBO);
    glDeleteBuffers(con->nskin, con->skinfaceVBO);
  }
  free(con->skinvertVBO);
  free(con->skinnormalVBO);
  free(con->skintexcoordVBO);
  free(con->skinfaceVBO);
  con->skinvertVBO = con->skinnormalVBO = con->skintexcoordVBO = con->skinfaceVBO = NULL;
  con->nskin = 0;
}
