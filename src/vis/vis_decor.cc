// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Decorations of the abstract scene: what mjvOption's flags and frame/label settings add on top
// of the model's objects, sized by the model's mean body size (stat.meansize) times the factors
// of <visual><scale> and colored by <visual><rgba> (XMLreference.rst "visual"). All are in the
// decor category; objtype/objid name the object they belong to.

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "vis/vis.h"

namespace {

const float kAxisRgba[3][4] = {{0.9f, 0, 0, 1}, {0, 0.9f, 0, 1}, {0, 0, 0.9f, 1}};

mjvGeom* startDecor(mjvScene* scn, int objtype, int objid, const float* rgba) {
  mjvGeom* g = visAcquireGeom(scn);
  if (g) {
    g->objtype = objtype;
    g->objid = objid;
    g->category = mjCAT_DECOR;
    if (rgba) {
      memcpy(g->rgba, rgba, sizeof(float) * 4);
    }
  }
  return g;
}

// three axis cylinders of a frame at pos with axes the columns of mat
void addFrame(const mjModel* m, mjvScene* scn, int objid, const mjtNum pos[3], const mjtNum mat[9],
              float lengthscale, float widthscale) {
  float scl = visScale(m);
  float len = m->vis.scale.framelength * scl * lengthscale;
  float width = m->vis.scale.framewidth * scl * widthscale;
  for (int k = 0; k < 3; k++) {
    mjtNum axis[3] = {mat[k], mat[3 + k], mat[6 + k]}, mid[3], quat[4], amat[9];
    mju_addScl3(mid, pos, axis, len / 2);
    mju_quatZ2Vec(quat, axis);
    mju_quat2Mat(amat, quat);
    mjtNum size[3] = {width, width, len / 2};
    mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, objid, nullptr);
    if (!g) {
      return;
    }
    mjv_initGeom(g, mjGEOM_CYLINDER, size, mid, amat, kAxisRgba[k]);
    visCommitGeom(scn);
  }
}

void label(mjvGeom* g, const mjModel* m, const mjvOption* opt, int kind, int objtype, int id) {
  if (opt->label == kind) {
    visSetLabel(g, m, objtype, id);
  }
}

bool groupOn(const mjtByte* groups, int group) {
  return group >= 0 && group < mjNGROUP && groups[group];
}

// the objects of body b are in the selected categories (static ones only with mjVIS_STATIC)
bool shown(const mjModel* m, const mjvOption* opt, int b, int catmask) {
  int category = visBodyCategory(m, b);
  return (category & catmask) && (category != mjCAT_STATIC || opt->flags[mjVIS_STATIC]);
}

}  // namespace

// geom and site frames (the world and body frames follow the inertia boxes; camera, light and
// contact frames are added with those objects)
void visAddFrames(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                  mjvScene* scn) {
  switch (opt->frame) {
    case mjFRAME_GEOM:
      for (int i = 0; i < m->ngeom; i++) {
        if (groupOn(opt->geomgroup, m->geom_group[i]) &&
            shown(m, opt, m->geom_bodyid[i], catmask)) {
          addFrame(m, scn, i, d->geom_xpos + 3 * i, d->geom_xmat + 9 * i, 1, 1);
        }
      }
      break;
    case mjFRAME_SITE:
      for (int i = 0; i < m->nsite; i++) {
        if (groupOn(opt->sitegroup, m->site_group[i]) &&
            shown(m, opt, m->site_bodyid[i], catmask)) {
          addFrame(m, scn, i, d->site_xpos + 3 * i, d->site_xmat + 9 * i, 1, 1);
        }
      }
      break;
    default:  // the world frame follows the inertia boxes (visAddBodyDecor)
      break;
  }
}

namespace {

// Bounding-volume hierarchies (mjVIS_BODYBVH: each body's tree over its geoms; mjVIS_MESHBVH:
// each flex's tree over its elements), as MuJoCo draws them: the nodes at depth opt->bvh_depth
// and the leaves above it, as line boxes colored rgba.bvactive when the collision mid-phase
// marked the node (and vis.global.bvactive is set), rgba.bv otherwise. A body's leaf is its
// geom's box in the geom's frame, an inner node its box in the body's inertial frame; flex
// boxes are in world coordinates.
bool drawnNode(const mjModel* m, const mjvOption* opt, int node) {
  bool leaf = m->bvh_child[2 * node] < 0 && m->bvh_child[2 * node + 1] < 0;
  return m->bvh_depth[node] == opt->bvh_depth || (leaf && m->bvh_depth[node] < opt->bvh_depth);
}

bool addBvhBox(const mjModel* m, const mjData* d, mjvScene* scn, int node, const mjtNum* center,
               const mjtNum* half, const mjtNum* pos, const mjtNum* mat) {
  bool active = m->vis.global.bvactive && d->bvh_active && d->bvh_active[node];
  mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, node, nullptr);
  if (!g) {
    return false;
  }
  mjtNum world[3], size[3] = {half[0], half[1], half[2]};
  mju_mulMatVec3(world, mat, center);
  mju_addTo3(world, pos);
  mjv_initGeom(g, mjGEOM_LINEBOX, size, world, mat, active ? m->vis.rgba.bvactive : m->vis.rgba.bv);
  visCommitGeom(scn);
  return true;
}

void addBvh(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  const mjtNum eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, origin[3] = {0, 0, 0};
  for (int b = 0; opt->flags[mjVIS_BODYBVH] && b < m->nbody; b++) {
    for (int node = m->body_bvhadr[b]; node >= 0 && node < m->body_bvhadr[b] + m->body_bvhnum[b];
         node++) {
      if (!drawnNode(m, opt, node)) {
        continue;
      }
      int geom = m->bvh_nodeid[node];
      bool leaf = m->bvh_child[2 * node] < 0 && m->bvh_child[2 * node + 1] < 0;
      bool ok =
          leaf && geom >= 0 && geom < m->ngeom
              ? addBvhBox(m, d, scn, node, m->geom_aabb + 6 * geom, m->geom_aabb + 6 * geom + 3,
                          d->geom_xpos + 3 * geom, d->geom_xmat + 9 * geom)
              : addBvhBox(m, d, scn, node, m->bvh_aabb + 6 * node, m->bvh_aabb + 6 * node + 3,
                          d->xipos + 3 * b, d->ximat + 9 * b);
      if (!ok) {
        return;
      }
    }
  }
  for (int f = 0; opt->flags[mjVIS_MESHBVH] && d->bvh_aabb_dyn && f < m->nflex; f++) {
    for (int node = m->flex_bvhadr[f]; node >= 0 && node < m->flex_bvhadr[f] + m->flex_bvhnum[f];
         node++) {
      if (!drawnNode(m, opt, node)) {
        continue;
      }
      const mjtNum* box = d->bvh_aabb_dyn + 6 * (node - m->nbvhstatic);
      if (!addBvhBox(m, d, scn, node, box, box + 3, origin, eye)) {
        return;
      }
    }
  }
}

// Equivalent inertia box (or ellipsoid, vis.global.ellipsoidinertia) of each body: the uniform
// solid with the body's mass and principal inertia, at the body's inertial frame. A box of half
// sizes a has I_x = m (a_y^2 + a_z^2) / 3, so a_x = sqrt(3 (I_y + I_z - I_x) / (2 m)); an
// ellipsoid has the factor 5 instead of 3.
void addInertia(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                mjvScene* scn) {
  if (!opt->flags[mjVIS_INERTIA]) {
    return;
  }
  bool ellipsoid = m->vis.global.ellipsoidinertia;
  mjtNum factor = ellipsoid ? 5 : 3;
  for (int b = 1; b < m->nbody; b++) {
    mjtNum mass = m->body_mass[b];
    if (mass < mjMINVAL || !shown(m, opt, b, catmask)) {
      continue;
    }
    const mjtNum* I = m->body_inertia + 3 * b;
    mjtNum size[3];
    for (int k = 0; k < 3; k++) {
      mjtNum s = I[(k + 1) % 3] + I[(k + 2) % 3] - I[k];
      size[k] = sqrt(fmax(s, 0) * factor / (2 * mass));
    }
    if (opt->flags[mjVIS_SCLINERTIA]) {
      // scaled to the body's density relative to 1000 (water): the solid's volume times 1000
      // equals the mass
      mjtNum volume = ellipsoid ? 4.0 / 3.0 * mjPI * size[0] * size[1] * size[2]
                                : 8 * size[0] * size[1] * size[2];
      if (volume > mjMINVAL) {
        mjtNum s = cbrt(mass / (1000 * volume));
        mju_scl3(size, size, s);
      }
    }
    mjvGeom* g = startDecor(scn, mjOBJ_BODY, b, m->vis.rgba.inertia);
    if (!g) {
      return;
    }
    mjv_initGeom(g, ellipsoid ? mjGEOM_ELLIPSOID : mjGEOM_BOX, size, d->xipos + 3 * b,
                 d->ximat + 9 * b, m->vis.rgba.inertia);
    label(g, m, opt, mjLABEL_BODY, mjOBJ_BODY, b);
    visCommitGeom(scn);
  }
}

// body frames (mjFRAME_BODY) of the bodies in the selected categories
void addBodyFrames(const mjModel* m, const mjData* d, const mjvOption* opt, int catmask,
                   mjvScene* scn) {
  if (opt->frame != mjFRAME_BODY) {
    return;
  }
  // drawn at the inertial frame when the inertia boxes are shown, so that they match the boxes
  bool inertial = opt->flags[mjVIS_INERTIA];
  for (int b = 1; b < m->nbody; b++) {
    if (shown(m, opt, b, catmask)) {
      addFrame(m, scn, b, inertial ? d->xipos + 3 * b : d->xpos + 3 * b,
               inertial ? d->ximat + 9 * b : d->xmat + 9 * b, 1, 1);
    }
  }
}

// Joints: hinge and slide axes as arrows (ARROW1 / ARROW) from the anchor, ball and free joints
// as a sphere / box at the anchor in the body's orientation.
void addJoints(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_JOINT]) {
    return;
  }
  float scl = visScale(m);
  float len = m->vis.scale.jointlength * scl, width = m->vis.scale.jointwidth * scl;
  for (int j = 0; j < m->njnt; j++) {
    if (!groupOn(opt->jointgroup, m->jnt_group[j])) {
      continue;
    }
    mjvGeom* g = startDecor(scn, mjOBJ_JOINT, j, nullptr);
    if (!g) {
      return;
    }
    int type = m->jnt_type[j], b = m->jnt_bodyid[j];
    const mjtNum* anchor = d->xanchor + 3 * j;
    if (type == mjJNT_HINGE || type == mjJNT_SLIDE) {
      mjtNum end[3];
      mju_addScl3(end, anchor, d->xaxis + 3 * j, len);
      mjv_connector(g, type == mjJNT_HINGE ? mjGEOM_ARROW1 : mjGEOM_ARROW, width, anchor, end);
    } else {
      mjtNum r = 0.3 * len, size[3] = {r, r, r};
      mjv_initGeom(g, type == mjJNT_BALL ? mjGEOM_SPHERE : mjGEOM_BOX, size, anchor,
                   d->xmat + 9 * b, nullptr);
    }
    memcpy(g->rgba, m->vis.rgba.joint, sizeof(float) * 4);
    mjtNum blend = visLimitImpedance(m, d, mjCNSTR_LIMIT_JOINT, j);
    if (blend > 0) {
      for (int k = 0; k < 3; k++) {
        g->rgba[k] =
            static_cast<float>((1 - blend) * g->rgba[k] + blend * m->vis.rgba.constraint[k]);
      }
    }
    label(g, m, opt, mjLABEL_JOINT, mjOBJ_JOINT, j);
    visCommitGeom(scn);
  }
}

// actuator color: neutral, blended toward the positive or negative color by the control's
// fraction of its range (activation when mjVIS_ACTIVATION and the actuator has a state)
void actuatorColor(float rgba[4], const mjModel* m, const mjData* d, const mjvOption* opt, int i) {
  mjtNum value = d->ctrl[i];
  if (opt->flags[mjVIS_ACTIVATION] && m->actuator_actadr[i] >= 0) {
    value = d->act[m->actuator_actadr[i] + m->actuator_actnum[i] - 1];
  }
  mjtNum frac = 0;
  if (m->actuator_ctrllimited[i]) {
    mjtNum lo = m->actuator_ctrlrange[2 * i], hi = m->actuator_ctrlrange[2 * i + 1];
    if (value > 0 && hi > 0) {
      frac = value / hi;
    } else if (value < 0 && lo < 0) {
      frac = -value / lo;
    }
  } else {
    frac = value;
  }
  frac = fmin(1, fmax(-1, frac));
  const float* neutral = m->vis.rgba.actuator;
  const float* end = frac >= 0 ? m->vis.rgba.actuatorpositive : m->vis.rgba.actuatornegative;
  float a = static_cast<float>(fabs(frac));
  for (int k = 0; k < 4; k++) {
    rgba[k] = (1 - a) * neutral[k] + a * end[k];
  }
}

void addActuators(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_ACTUATOR]) {
    return;
  }
  float scl = visScale(m);
  float len = m->vis.scale.actuatorlength * scl, width = m->vis.scale.actuatorwidth * scl;
  for (int i = 0; i < m->nu; i++) {
    if (!groupOn(opt->actuatorgroup, m->actuator_group[i])) {
      continue;
    }
    float rgba[4];
    actuatorColor(rgba, m, d, opt, i);
    int trn = m->actuator_trntype[i], id = m->actuator_trnid[2 * i];
    if (trn == mjTRN_JOINT || trn == mjTRN_JOINTINPARENT) {
      int type = m->jnt_type[id];
      if (type != mjJNT_HINGE && type != mjJNT_SLIDE) {
        continue;
      }
      mjvGeom* g = startDecor(scn, mjOBJ_ACTUATOR, i, rgba);
      if (!g) {
        return;
      }
      mjtNum end[3];
      mju_addScl3(end, d->xanchor + 3 * id, d->xaxis + 3 * id, len);
      mjv_connector(g, type == mjJNT_HINGE ? mjGEOM_ARROW1 : mjGEOM_ARROW, width,
                    d->xanchor + 3 * id, end);
      label(g, m, opt, mjLABEL_ACTUATOR, mjOBJ_ACTUATOR, i);
      visCommitGeom(scn);
    } else if (trn == mjTRN_TENDON) {
      int adr = d->ten_wrapadr[id], num = d->ten_wrapnum[id];
      bool first = true;
      for (int j = adr; j < adr + num - 1; j++) {
        if (d->wrap_obj[j] == -2 || d->wrap_obj[j + 1] == -2) {
          continue;
        }
        mjtNum w = m->tendon_width[id] * m->vis.map.actuatortendon;
        if (d->wrap_obj[j] >= 0 && d->wrap_obj[j + 1] >= 0) {
          w *= 0.5;
        }
        mjvGeom* g = startDecor(scn, mjOBJ_ACTUATOR, i, rgba);
        if (!g) {
          return;
        }
        mjv_connector(g, mjGEOM_CAPSULE, w, d->wrap_xpos + 3 * j, d->wrap_xpos + 3 * j + 3);
        if (first) {
          label(g, m, opt, mjLABEL_ACTUATOR, mjOBJ_ACTUATOR, i);
        }
        first = false;
        visCommitGeom(scn);
      }
    } else if (trn == mjTRN_SITE) {
      mjvGeom* g = startDecor(scn, mjOBJ_ACTUATOR, i, rgba);
      if (!g) {
        return;
      }
      mjtNum size[3];
      for (int k = 0; k < 3; k++) {
        size[k] = 1.05 * m->site_size[3 * id + k];
      }
      int type = m->site_type[id];
      if (type == mjGEOM_SPHERE) {
        size[1] = size[2] = size[0];
      } else if (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) {
        size[2] = size[1];
        size[1] = size[0];
      }
      mjv_initGeom(g, type, size, d->site_xpos + 3 * id, d->site_xmat + 9 * id, rgba);
      label(g, m, opt, mjLABEL_ACTUATOR, mjOBJ_ACTUATOR, i);
      visCommitGeom(scn);
    }
  }
}

// Island labels (mjLABEL_ISLAND): a label geom at the inertial frame of each body whose tree
// is in a constraint island, naming the island's index.
void addIslandLabels(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (opt->label != mjLABEL_ISLAND || !d->tree_island) {
    return;
  }
  for (int b = 1; b < m->nbody; b++) {
    int tree = m->body_treeid[b];
    int island = tree >= 0 && tree < m->ntree ? d->tree_island[tree] : -1;
    if (island < 0) {
      continue;
    }
    mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, b, nullptr);
    if (!g) {
      return;
    }
    mjv_initGeom(g, mjGEOM_LABEL, nullptr, d->xipos + 3 * b, d->ximat + 9 * b, nullptr);
    snprintf(g->label, sizeof(g->label), "%d", island);
    visCommitGeom(scn);
  }
}

// cameras: a box for the body and a cylinder for the lens in front of it (half the color)
void addCameras(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_CAMERA]) {
    return;
  }
  float c = m->vis.scale.camera * visScale(m);
  for (int i = 0; i < m->ncam; i++) {
    const mjtNum* pos = d->cam_xpos + 3 * i;
    const mjtNum* mat = d->cam_xmat + 9 * i;
    mjvGeom* g = startDecor(scn, mjOBJ_CAMERA, i, nullptr);
    if (!g) {
      return;
    }
    mjtNum box[3] = {c, 0.8 * c, 0.4 * c};
    mjv_initGeom(g, mjGEOM_BOX, box, pos, mat, m->vis.rgba.camera);
    label(g, m, opt, mjLABEL_CAMERA, mjOBJ_CAMERA, i);
    visCommitGeom(scn);

    g = startDecor(scn, mjOBJ_CAMERA, i, nullptr);
    if (!g) {
      return;
    }
    mjtNum lens[3] = {0.4 * c, 0.4 * c, 0.3 * c}, lpos[3];
    mjtNum z[3] = {mat[2], mat[5], mat[8]};
    mju_addScl3(lpos, pos, z, -0.6 * c);
    float rgba[4] = {0.5f * m->vis.rgba.camera[0], 0.5f * m->vis.rgba.camera[1],
                     0.5f * m->vis.rgba.camera[2], m->vis.rgba.camera[3]};
    mjv_initGeom(g, mjGEOM_CYLINDER, lens, lpos, mat, rgba);
    visCommitGeom(scn);
    if (opt->frame == mjFRAME_CAMERA) {
      addFrame(m, scn, i, pos, mat, 1, 1);
    }
  }
}

// lights: a cylinder just behind the light (by its half-length plus 1e-4) along its direction
void addLights(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_LIGHT]) {
    return;
  }
  float l = m->vis.scale.light * visScale(m);
  for (int i = 0; i < m->nlight; i++) {
    const mjtNum* pos = d->light_xpos + 3 * i;
    const mjtNum* dir = d->light_xdir + 3 * i;
    mjtNum quat[4], mat[9], cpos[3], size[3] = {0.8 * l, 0.8 * l, l};
    mju_quatZ2Vec(quat, dir);
    mju_quat2Mat(mat, quat);
    mju_addScl3(cpos, pos, dir, -(l + 1e-4));
    mjvGeom* g = startDecor(scn, mjOBJ_LIGHT, i, nullptr);
    if (!g) {
      return;
    }
    mjv_initGeom(g, mjGEOM_CYLINDER, size, cpos, mat, m->vis.rgba.light);
    label(g, m, opt, mjLABEL_LIGHT, mjOBJ_LIGHT, i);
    visCommitGeom(scn);
    if (opt->frame == mjFRAME_LIGHT) {
      addFrame(m, scn, i, pos, mat, 1, 1);
    }
  }
}

// center of mass of each tree: a sphere at the subtree com of each child of the world
void addCom(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_COM]) {
    return;
  }
  float r = m->vis.scale.com * visScale(m);
  mjtNum size[3] = {r, r, r};
  for (int b = 1; b < m->nbody; b++) {
    if (m->body_rootid[b] != b) {
      continue;
    }
    mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, b, nullptr);
    if (!g) {
      return;
    }
    mjv_initGeom(g, mjGEOM_SPHERE, size, d->subtree_com + 3 * b, nullptr, m->vis.rgba.com);
    visCommitGeom(scn);
  }
}

// Auto-connect: capsules from each body's center of mass through its joint anchors (last to
// first) to its parent's center of mass, zero-length ones included; children of the world are
// skipped.
void addConnect(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_AUTOCONNECT]) {
    return;
  }
  float width = m->vis.scale.connect * visScale(m);
  for (int b = 1; b < m->nbody; b++) {
    int parent = m->body_parentid[b];
    if (parent == 0) {
      continue;
    }
    const mjtNum* cur = d->xipos + 3 * b;
    int adr = m->body_jntadr[b], num = m->body_jntnum[b];
    for (int k = num; k >= 0; k--) {
      const mjtNum* next = k > 0 ? d->xanchor + 3 * (adr + k - 1) : d->xipos + 3 * parent;
      mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, b, m->vis.rgba.connect);
      if (!g) {
        return;
      }
      mjv_connector(g, mjGEOM_CAPSULE, width, cur, next);
      visCommitGeom(scn);
      cur = next;
    }
  }
}

// rangefinders: a line from the site along its z axis to the measured distance
void addRangefinders(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_RANGEFINDER]) {
    return;
  }
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_type[i] == mjSENS_GEOMFROMTO) {
      // the segment between the two geoms' nearest points (none beyond the cutoff, where
      // both points are zero), as MuJoCo draws it
      const mjtNum* from = d->sensordata + m->sensor_adr[i];
      if (from[0] == from[3] && from[1] == from[4] && from[2] == from[5]) {
        continue;
      }
      mjvGeom* g = startDecor(scn, mjOBJ_SENSOR, i, m->vis.rgba.rangefinder);
      if (!g) {
        return;
      }
      mjv_connector(g, mjGEOM_LINE, 3, from, from + 3);
      visCommitGeom(scn);
      continue;
    }
    if (m->sensor_type[i] != mjSENS_RANGEFINDER) {
      continue;
    }
    mjtNum dist = d->sensordata[m->sensor_adr[i]];
    if (dist < 0) {
      continue;
    }
    int site = m->sensor_objid[i];
    const mjtNum* mat = d->site_xmat + 9 * site;
    mjtNum z[3] = {mat[2], mat[5], mat[8]}, end[3];
    mju_addScl3(end, d->site_xpos + 3 * site, z, dist);
    mjvGeom* g = startDecor(scn, mjOBJ_SENSOR, i, m->vis.rgba.rangefinder);
    if (!g) {
      return;
    }
    mjv_connector(g, mjGEOM_LINE, 3, d->site_xpos + 3 * site, end);
    visCommitGeom(scn);
  }
}

// connect and weld constraints: spheres at the two anchors (the first body's in rgba.connect,
// the second's in rgba.constraint)
void addConstraints(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_CONSTRAINT]) {
    return;
  }
  float r = m->vis.scale.constraint * visScale(m);
  mjtNum size[3] = {r, r, r};
  for (int i = 0; i < m->neq; i++) {
    int type = m->eq_type[i];
    if (!d->eq_active[i] || (type != mjEQ_CONNECT && type != mjEQ_WELD)) {
      continue;
    }
    const mjtNum* data = m->eq_data + mjNEQDATA * i;
    mjtNum p[2][3];
    const mjtNum* rot[2] = {nullptr, nullptr};
    int o1 = m->eq_obj1id[i], o2 = m->eq_obj2id[i];
    if (m->eq_objtype[i] == mjOBJ_SITE) {
      mju_copy3(p[0], d->site_xpos + 3 * o1);
      mju_copy3(p[1], d->site_xpos + 3 * o2);
      rot[0] = d->site_xmat + 9 * o1;
      rot[1] = d->site_xmat + 9 * o2;
    } else {
      const mjtNum* a1 = type == mjEQ_CONNECT ? data : data + 3;
      const mjtNum* a2 = type == mjEQ_CONNECT ? data + 3 : data;
      mju_mulMatVec3(p[0], d->xmat + 9 * o1, a1);
      mju_addTo3(p[0], d->xpos + 3 * o1);
      mju_mulMatVec3(p[1], d->xmat + 9 * o2, a2);
      mju_addTo3(p[1], d->xpos + 3 * o2);
      rot[0] = d->xmat + 9 * o1;
      rot[1] = d->xmat + 9 * o2;
    }
    for (int k = 0; k < 2; k++) {
      mjvGeom* g = startDecor(scn, mjOBJ_EQUALITY, i, nullptr);
      if (!g) {
        return;
      }
      mjv_initGeom(g, mjGEOM_SPHERE, size, p[k], rot[k],
                   k == 0 ? m->vis.rgba.connect : m->vis.rgba.constraint);
      label(g, m, opt, mjLABEL_CONSTRAINT, mjOBJ_EQUALITY, i);
      visCommitGeom(scn);
    }
  }
}

// Perturbation object of the selected body (mjVIS_PERTOBJ, while a perturbation is active): a
// capsule from the body's selection point to the target selection point, a sphere at the
// target point, and the body's equivalent inertia box at its center of mass in the target
// orientation.
void addPerturbObject(const mjModel* m, const mjData* d, const mjvOption* opt,
                      const mjvPerturb* pert, mjvScene* scn) {
  if (!pert || !opt->flags[mjVIS_PERTOBJ] || pert->select <= 0 || pert->select >= m->nbody ||
      !(pert->active | pert->active2)) {
    return;
  }
  int b = pert->select;
  float scl = visScale(m);
  mjtNum selpos[3], rot[9];
  mju_mulMatVec3(selpos, d->xmat + 9 * b, pert->localpos);
  mju_addTo3(selpos, d->xpos + 3 * b);
  mju_quat2Mat(rot, pert->refquat);

  mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, b, m->vis.rgba.constraint);
  if (!g) {
    return;
  }
  mjv_connector(g, mjGEOM_CAPSULE, m->vis.scale.constraint * scl, selpos, pert->refselpos);
  visCommitGeom(scn);

  g = startDecor(scn, mjOBJ_UNKNOWN, b, nullptr);
  if (!g) {
    return;
  }
  float r = m->vis.scale.selectpoint * scl;
  mjtNum size[3] = {r, r, r};
  mjv_initGeom(g, mjGEOM_SPHERE, size, pert->refselpos, rot, m->vis.rgba.constraint);
  visCommitGeom(scn);

  // the half sizes of the root of the body's bounding volume hierarchy (its geoms' box); a body
  // without geoms (a flex vertex's) gets a cube of half size stat.meansize at its inertial
  // frame, as MuJoCo's scenes show (trampoline's perturbed vertex body)
  mjtNum center[3];
  if (m->body_bvhnum[b] <= 0 || m->body_bvhadr[b] < 0) {
    size[0] = size[1] = size[2] = m->stat.meansize;
    mju_copy3(center, d->xipos + 3 * b);
  } else {
    const mjtNum* aabb = m->bvh_aabb + 6 * m->body_bvhadr[b];
    mju_copy3(size, aabb + 3);
    // the box center in the world (the hierarchy is in the inertial frame)
    mju_mulMatVec3(center, d->ximat + 9 * b, aabb);
    mju_addTo3(center, d->xipos + 3 * b);
  }
  g = startDecor(scn, mjOBJ_UNKNOWN, b, nullptr);
  if (!g) {
    return;
  }
  mjv_initGeom(g, mjGEOM_BOX, size, center, rot, m->vis.rgba.inertia);
  visCommitGeom(scn);
}

// Applied forces (mjVIS_PERTFORCE): an arrow at each body's center of mass along its
// xfrc_applied force, of length |f| vis.map.force / stat.meanmass.
void addAppliedForces(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  if (!opt->flags[mjVIS_PERTFORCE]) {
    return;
  }
  float width = m->vis.scale.forcewidth * visScale(m);
  mjtNum scale = m->vis.map.force / m->stat.meanmass;
  for (int b = 1; b < m->nbody; b++) {
    const mjtNum* f = d->xfrc_applied + 6 * b;
    if (mju_norm3(f) < mjMINVAL) {
      continue;
    }
    mjtNum end[3];
    mju_addScl3(end, d->xipos + 3 * b, f, scale);
    mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, b, m->vis.rgba.force);
    if (!g) {
      return;
    }
    mjv_connector(g, mjGEOM_ARROW, width, d->xipos + 3 * b, end);
    visCommitGeom(scn);
  }
}

// Contact frame (mjFRAME_CONTACT, with or without mjVIS_CONTACTPOINT): cylinders along the
// normal and the two tangents, half as long and wide as other frames. False when the scene is
// full.
bool addContactFrame(const mjModel* m, mjvScene* scn, int i, const mjContact* con) {
  float scl = visScale(m);
  mjtNum len = m->vis.scale.framelength * scl / 2;
  mjtNum width = m->vis.scale.framewidth * scl / 2;
  for (int k = 0; k < 3; k++) {
    mjtNum end[3];
    mju_addScl3(end, con->pos, con->frame + 3 * k, len);
    mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, i, nullptr);
    if (!g) {
      return false;
    }
    mjv_connector(g, mjGEOM_CYLINDER, width, con->pos, end);
    memcpy(g->rgba, kAxisRgba[k], sizeof(float) * 4);
    visCommitGeom(scn);
  }
  return true;
}

// "geom1 | geom2", unnamed geoms as "g<id>"
void contactLabel(char* label, int size, const mjModel* m, const mjContact* con) {
  char names[2][64];
  for (int k = 0; k < 2; k++) {
    int g = con->geom[k];
    const char* name = g >= 0 ? mj_id2name(m, mjOBJ_GEOM, g) : nullptr;
    if (name && name[0]) {
      snprintf(names[k], sizeof(names[k]), "%s", name);
    } else {
      snprintf(names[k], sizeof(names[k]), "g%d", g);
    }
  }
  snprintf(label, size, "%.47s | %.47s", names[0], names[1]);
}

// Contacts: a flat cylinder at each contact point oriented by the contact frame
// (mjVIS_CONTACTPOINT; rgba.contactgap for contacts excluded as within the margin gap), and arrows
// of the contact force (mjVIS_CONTACTFORCE; with mjVIS_CONTACTSPLIT the normal and frictional
// parts separately) of length |f| vis.map.force / stat.meanmass.
void addContacts(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn) {
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* con = d->contact + i;
    const mjtNum* fr = con->frame;
    if (opt->flags[mjVIS_CONTACTPOINT]) {
      mjtNum mat[9];
      for (int r = 0; r < 3; r++) {
        mat[3 * r] = fr[3 + r];
        mat[3 * r + 1] = fr[6 + r];
        mat[3 * r + 2] = fr[r];
      }
      // sized in double precision from stat.meansize, unlike the other decorations; a contact
      // deeper than twice the height shows half its penetration
      mjtNum w = m->vis.scale.contactwidth * m->stat.meansize;
      mjtNum h = mju_max(m->vis.scale.contactheight * m->stat.meansize, -0.5 * con->dist);
      mjtNum size[3] = {w, w, h};
      bool gap = con->exclude == 1;  // in the margin gap: no contact force
      mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, i, nullptr);
      if (!g) {
        return;
      }
      mjv_initGeom(g, mjGEOM_CYLINDER, size, con->pos, mat,
                   gap ? m->vis.rgba.contactgap : m->vis.rgba.contactpoint);
      if (opt->label == mjLABEL_CONTACTPOINT) {
        contactLabel(g->label, sizeof(g->label), m, con);
      }
      visCommitGeom(scn);
    }
    if (opt->frame == mjFRAME_CONTACT && !addContactFrame(m, scn, i, con)) {
      return;
    }
    if (opt->flags[mjVIS_CONTACTFORCE] && con->efc_address >= 0) {
      mjtNum local[6], world[3], normal[3], friction[3];
      mj_contactForce(m, d, i, local);
      mjtNum scale = m->vis.map.force / m->stat.meanmass;
      mju_scl3(normal, fr, local[0]);
      mju_scl3(friction, fr + 3, local[1]);
      mju_addToScl3(friction, fr + 6, local[2]);
      mju_add3(world, normal, friction);
      mjtNum width = m->vis.scale.forcewidth * m->stat.meansize;
      const mjtNum* parts[2] = {normal, friction};
      const float* colors[2] = {m->vis.rgba.contactforce, m->vis.rgba.contactfriction};
      int nparts = opt->flags[mjVIS_CONTACTSPLIT] ? 2 : 1;
      // the force on the body with the larger id (against the world: on the other body), a
      // two-headed arrow between two bodies of one kinematic tree (neither the world)
      int b0 = con->geom[0] >= 0 ? m->geom_bodyid[con->geom[0]] : -1;
      int b1 = con->geom[1] >= 0 ? m->geom_bodyid[con->geom[1]] : -1;
      bool bodybody = b0 > 0 && b1 > 0 && m->body_rootid[b0] == m->body_rootid[b1];
      bool flip = b0 > b1;
      for (int k = 0; k < nparts; k++) {
        const mjtNum* v = nparts == 2 ? parts[k] : world;
        if (k == 1 && con->dim == 1) {
          continue;  // a frictionless contact has no frictional part
        }
        mjtNum end[3];
        mju_addScl3(end, con->pos, v, flip ? -scale : scale);
        mjvGeom* g = startDecor(scn, mjOBJ_UNKNOWN, i, colors[k]);
        if (!g) {
          return;
        }
        mjv_connector(g, bodybody ? mjGEOM_ARROW2 : mjGEOM_ARROW, width, con->pos, end);
        if (k == 0 && opt->label == mjLABEL_CONTACTFORCE) {
          snprintf(g->label, sizeof(g->label), "%.3g", mju_norm3(world));
        }
        visCommitGeom(scn);
      }
    }
  }
}

}  // namespace

void visAddBodyDecor(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                     int catmask, mjvScene* scn) {
  if (!(catmask & mjCAT_DECOR)) {
    return;
  }
  addBvh(m, d, opt, scn);
  visAddFrames(m, d, opt, catmask, scn);
  addPerturbObject(m, d, opt, pert, scn);
  addInertia(m, d, opt, catmask, scn);
  if (opt->frame == mjFRAME_WORLD) {
    // after the inertia boxes, as MuJoCo orders them; twice as large as the other frames
    mjtNum zero[3] = {0, 0, 0}, eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    addFrame(m, scn, 0, zero, eye, 2, 2);
  }
  addBodyFrames(m, d, opt, catmask, scn);
  addJoints(m, d, opt, scn);
  addActuators(m, d, opt, scn);
  addIslandLabels(m, d, opt, scn);
  addCameras(m, d, opt, scn);
  addLights(m, d, opt, scn);
  addCom(m, d, opt, scn);
  addConnect(m, d, opt, scn);
  addRangefinders(m, d, opt, scn);
  addAppliedForces(m, d, opt, scn);
  addConstraints(m, d, opt, scn);
  addContacts(m, d, opt, scn);
}
