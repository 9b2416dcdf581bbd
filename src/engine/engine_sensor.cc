// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sensors: stage dispatch, cutoff, position- and velocity-stage sensors, and the energies that
// the e_potential / e_kinetic sensors and the energy flag read (see engine_sensor.h;
// XMLreference.rst "sensor").

#include "engine/engine_sensor.h"

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_convex.h"
#include "engine/engine_history.h"
#include "engine/engine_plugin.h"
#include "engine/engine_support_pos.h"

namespace {

// ---------------------------------------------------------------------------------------------
// frames

// Orientation of an object as a unit quaternion (framequat): the body quaternion composed with
// the local orientation of the inertial frame, geom or site; cameras from their matrix (they may
// track targets, so cam_xmat is the authority).
void objectQuat(const mjModel* m, const mjData* d, int type, int id, mjtNum q[4]) {
  switch (type) {
    case mjOBJ_XBODY:
      mju_copy4(q, d->xquat + 4 * id);
      break;
    case mjOBJ_BODY:
      mju_mulQuat(q, d->xquat + 4 * id, m->body_iquat + 4 * id);
      break;
    case mjOBJ_GEOM:
      mju_mulQuat(q, d->xquat + 4 * m->geom_bodyid[id], m->geom_quat + 4 * id);
      break;
    case mjOBJ_SITE:
      mju_mulQuat(q, d->xquat + 4 * m->site_bodyid[id], m->site_quat + 4 * id);
      break;
    case mjOBJ_CAMERA:
      mju_mat2Quat(q, d->cam_xmat + 9 * id);
      break;
    default:
      mju_unit4(q);
  }
}

// ---------------------------------------------------------------------------------------------
// limit rows

// Row of the limit constraint of joint (type mjCNSTR_LIMIT_JOINT) or tendon (LIMIT_TENDON) id:
// the first such row, or -1 when the limit is not active.
int limitRow(const mjData* d, int type, int id) {
  int start = d->ne + d->nf, end = d->ne + d->nf + d->nl;
  for (int r = start; r < end; r++) {
    if (d->efc_type[r] == type && d->efc_id[r] == id) {
      return r;
    }
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// position-stage sensors

// framepos / framequat / frame?axis, optionally relative to the reference frame:
// p_rel = R_ref' (p - p_ref), q_rel = q_ref^-1 q, axis_rel = R_ref' axis.
void framePosSensor(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int type = m->sensor_type[i], ot = m->sensor_objtype[i], oid = m->sensor_objid[i];
  int rt = m->sensor_reftype[i], rid = m->sensor_refid[i];
  const mjtNum *pos, *mat, *rpos = nullptr, *rmat = nullptr;
  if (!mj_sensorFrame(m, d, ot, oid, &pos, &mat)) {
    return;
  }
  int rel = rid >= 0 && mj_sensorFrame(m, d, rt, rid, &rpos, &rmat);
  if (type == mjSENS_FRAMEPOS) {
    if (!rel) {
      mju_copy3(out, pos);
    } else {
      mjtNum dp[3];
      mju_sub3(dp, pos, rpos);
      mju_mulMatTVec3(out, rmat, dp);
    }
  } else if (type == mjSENS_FRAMEQUAT) {
    mjtNum q[4];
    objectQuat(m, d, ot, oid, q);
    if (!rel) {
      mju_copy4(out, q);
    } else {
      mjtNum qr[4], qrinv[4];
      objectQuat(m, d, rt, rid, qr);
      mju_negQuat(qrinv, qr);
      mju_mulQuat(out, qrinv, q);
    }
  } else {
    // column k of the rotation matrix is the k-th axis of the frame
    int k = type - mjSENS_FRAMEXAXIS;
    mjtNum axis[3] = {mat[k], mat[3 + k], mat[6 + k]};
    if (!rel) {
      mju_copy3(out, axis);
    } else {
      mju_mulMatTVec3(out, rmat, axis);
    }
  }
}

// Pixel coordinates of a site in a camera image (camprojection). Camera frame: x right, y up,
// looking along -z; pixels: origin top-left, u right, v down. Focal lengths in pixels from the
// physical intrinsics (focal length over sensor size) when the sensor size is given, else from
// fovy with square pixels.
void camProjection(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int s = m->sensor_objid[i], c = m->sensor_refid[i];
  if (s < 0 || c < 0) {
    return;
  }
  mjtNum rel[3], pc[3];
  mju_sub3(rel, d->site_xpos + 3 * s, d->cam_xpos + 3 * c);
  mju_mulMatTVec3(pc, d->cam_xmat + 9 * c, rel);
  mjtNum w = m->cam_resolution[2 * c], h = m->cam_resolution[2 * c + 1];
  const float* ss = m->cam_sensorsize + 2 * c;
  const float* in = m->cam_intrinsic + 4 * c;
  mjtNum fx, fy, cx, cy;
  if (ss[0] > 0 && ss[1] > 0) {
    fx = in[0] / ss[0] * w;
    fy = in[1] / ss[1] * h;
  } else {
    fy = 0.5 * h / tan(m->cam_fovy[c] * mjPI / 360.0);
    fx = fy;
  }
  // the principal point is the image center: MuJoCo ignores the principal point offsets
  // of cam_intrinsic here (principalpixel does not change its output)
  cx = w / 2;
  cy = h / 2;
  // perspective division by the depth -z in front of the camera
  out[0] = cx + fx * pc[0] / -pc[2];
  out[1] = cy - fy * pc[1] / -pc[2];
}

// One rangefinder ray from pnt along the unit vector dir (geoms of `body` excluded): writes the
// fields selected by `bits` (mjtRayDataField order: dist, dir, origin, point, normal, depth) and
// returns their count. Without a hit: dist and depth -1, dir, point and normal zero. depth is the
// distance of the hit from the plane through pnt normal to `axis` (the camera's view axis).
int rangefinderRay(const mjModel* m, mjData* d, int bits, const mjtNum pnt[3], const mjtNum dir[3],
                   const mjtNum axis[3], int body, mjtNum* out) {
  int geomid = -1;
  mjtNum normal[3] = {0, 0, 0};
  mjtNum dist = mj_ray(m, d, pnt, dir, nullptr, 1, body, &geomid, normal);
  bool hit = dist >= 0;
  int n = 0;
  if (bits & (1 << mjRAYDATA_DIST)) {
    out[n++] = dist;
  }
  if (bits & (1 << mjRAYDATA_DIR)) {
    hit ? mju_copy3(out + n, dir) : mju_zero3(out + n);
    n += 3;
  }
  if (bits & (1 << mjRAYDATA_ORIGIN)) {
    mju_copy3(out + n, pnt);
    n += 3;
  }
  if (bits & (1 << mjRAYDATA_POINT)) {
    hit ? mju_addScl3(out + n, pnt, dir, dist) : mju_zero3(out + n);
    n += 3;
  }
  if (bits & (1 << mjRAYDATA_NORMAL)) {
    hit ? mju_copy3(out + n, normal) : mju_zero3(out + n);
    n += 3;
  }
  if (bits & (1 << mjRAYDATA_DEPTH)) {
    out[n++] = hit ? dist * mju_dot3(dir, axis) : -1;
  }
  return n;
}

// the number of values rangefinderRay writes for the fields selected by `bits`
int rayDataSize(int bits) {
  const int size[] = {1, 3, 3, 3, 3, 1};  // mjtRayDataField order
  int n = 0;
  for (int f = 0; f < 6; f++) {
    n += (bits & (1 << f)) ? size[f] : 0;
  }
  return n;
}

// Rangefinder (XMLreference.rst sensor/rangefinder). On a site: one ray along the site's z axis.
// On a camera: one ray per pixel, row by row from the top-left pixel, through the pixel centers;
// a perspective camera casts them from its position, an orthographic one along its view axis from
// the pixel centers on the image plane. As measured on MuJoCo 3.8.0: with fovy the principal
// point is the image center and pixels are square; with a physical sensor (sensorsize) the focal
// lengths and the principal point come from the intrinsics, the principal point counted from the
// top-left corner (so the default 0 puts it there); an orthographic image spans fovy (length
// units) both across and down.
void rangefinder(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int id = m->sensor_objid[i], bits = m->sensor_intprm[mjNSENS * i];
  if (m->sensor_objtype[i] != mjOBJ_CAMERA) {
    const mjtNum* mat = d->site_xmat + 9 * id;
    mjtNum dir[3] = {mat[2], mat[5], mat[8]};
    rangefinderRay(m, d, bits, d->site_xpos + 3 * id, dir, dir, m->site_bodyid[id], out);
    return;
  }
  const mjtNum* pos = d->cam_xpos + 3 * id;
  const mjtNum* mat = d->cam_xmat + 9 * id;
  int w = m->cam_resolution[2 * id], h = m->cam_resolution[2 * id + 1];
  const float* ss = m->cam_sensorsize + 2 * id;
  const float* in = m->cam_intrinsic + 4 * id;
  bool ortho = m->cam_projection[id] == mjPROJ_ORTHOGRAPHIC;
  // pixels per unit of image-plane coordinate at distance 1 (orthographic: per length), and the
  // principal point in pixels
  mjtNum fx, fy, cx = 0.5 * w, cy = 0.5 * h;
  if (ortho) {
    fx = w / m->cam_fovy[id];
    fy = h / m->cam_fovy[id];
  } else if (ss[0] > 0 && ss[1] > 0) {
    fx = in[0] / ss[0] * w;
    fy = in[1] / ss[1] * h;
    cx = in[2] / ss[0] * w;
    cy = in[3] / ss[1] * h;
  } else {
    fy = 0.5 * h / tan(m->cam_fovy[id] * mjPI / 360.0);
    fx = fy;
  }
  mjtNum axis[3] = {-mat[2], -mat[5], -mat[8]};  // the view direction, -z
  int body = m->cam_bodyid[id];
  // cam_resolution may be edited at run time (programming_simulation.rst, "mjModel changes"),
  // while the sensor's size was fixed at compilation: the pixels of the current resolution are
  // cast as long as the sensor has room for them, and values left over are zero
  int per = rayDataSize(bits), left = m->sensor_dim[i];
  for (int v = 0; v < h && per > 0 && left >= per; v++) {
    for (int u = 0; u < w && left >= per; u++, left -= per) {
      mjtNum x = (u + 0.5 - cx) / fx, y = (cy - v - 0.5) / fy;
      mjtNum local[3], origin[3], dir[3];
      if (ortho) {
        mjtNum offset[3] = {x, y, 0};
        mju_mulMatVec3(local, mat, offset);
        mju_add3(origin, pos, local);
        mju_copy3(dir, axis);
      } else {
        mjtNum cam[3] = {x, y, -1};
        mju_normalize3(cam);
        mju_mulMatVec3(dir, mat, cam);
        mju_copy3(origin, pos);
      }
      out += rangefinderRay(m, d, bits, origin, dir, axis, body, out);
    }
  }
  mju_zero(out, left);
}

// first and one-past-last geom of side `objtype/id` of a collision sensor (a geom, or all
// geoms of a body)
void geomRange(const mjModel* m, int type, int id, int* start, int* end) {
  if (type == mjOBJ_BODY) {
    *start = m->body_geomadr[id];
    *end = *start + m->body_geomnum[id];
    if (*start < 0) {
      *start = *end = 0;
    }
  } else {
    *start = id;
    *end = id + 1;
  }
}

// distance / normal / fromto: smallest signed distance over the geom pairs, searched up to
// distmax = cutoff (mj_geomDistance, whose segment runs from geom1 to geom2); nothing found
// leaves dist = cutoff and zero vectors
void collisionSensor(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int a0, a1, b0, b1;
  geomRange(m, m->sensor_objtype[i], m->sensor_objid[i], &a0, &a1);
  geomRange(m, m->sensor_reftype[i], m->sensor_refid[i], &b0, &b1);
  mjtNum cutoff = m->sensor_cutoff[i];
  mjtNum best = cutoff, bestft[6] = {0, 0, 0, 0, 0, 0};
  int found = 0;
  for (int g1 = a0; g1 < a1; g1++) {
    for (int g2 = b0; g2 < b1; g2++) {
      mjtNum ft[6] = {0, 0, 0, 0, 0, 0};
      mjtNum dist = mj_geomDistance(m, d, g1, g2, cutoff, ft);
      if (dist < best) {
        best = dist;
        mju_copy(bestft, ft, 6);
        found = 1;
      }
    }
  }
  switch (m->sensor_type[i]) {
    case mjSENS_GEOMDIST:
      out[0] = best;
      break;
    case mjSENS_GEOMNORMAL:
      mju_zero3(out);
      if (found) {
        // along the segment (from "from" to "to", also when the geoms overlap)
        mju_sub3(out, bestft + 3, bestft);
        mju_normalize3(out);
      }
      break;
    default:  // mjSENS_GEOMFROMTO
      mju_copy(out, bestft, 6);
  }
}

// Computes sensor i when it is of a position-stage type; returns 0 for other types.
int posSensor(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int obj = m->sensor_objid[i];
  switch (m->sensor_type[i]) {
    case mjSENS_MAGNETOMETER:
      // the global magnetic flux in the site frame
      mju_mulMatTVec3(out, d->site_xmat + 9 * obj, m->opt.magnetic);
      break;
    case mjSENS_RANGEFINDER:
      rangefinder(m, d, i, out);
      break;
    case mjSENS_CAMPROJECTION:
      camProjection(m, d, i, out);
      break;
    case mjSENS_JOINTPOS:
      out[0] = d->qpos[m->jnt_qposadr[obj]];
      break;
    case mjSENS_TENDONPOS:
      out[0] = d->ten_length[obj];
      break;
    case mjSENS_ACTUATORPOS:
      out[0] = d->actuator_length[obj];
      break;
    case mjSENS_BALLQUAT:
      mju_copy4(out, d->qpos + m->jnt_qposadr[obj]);
      mju_normalize4(out);
      break;
    case mjSENS_JOINTLIMITPOS:
    case mjSENS_TENDONLIMITPOS: {
      int type =
          m->sensor_type[i] == mjSENS_JOINTLIMITPOS ? mjCNSTR_LIMIT_JOINT : mjCNSTR_LIMIT_TENDON;
      int r = limitRow(d, type, obj);
      out[0] = r >= 0 ? d->efc_pos[r] - d->efc_margin[r] : 0;
      break;
    }
    case mjSENS_FRAMEPOS:
    case mjSENS_FRAMEQUAT:
    case mjSENS_FRAMEXAXIS:
    case mjSENS_FRAMEYAXIS:
    case mjSENS_FRAMEZAXIS:
      framePosSensor(m, d, i, out);
      break;
    case mjSENS_SUBTREECOM:
      mju_copy3(out, d->subtree_com + 3 * obj);
      break;
    case mjSENS_INSIDESITE: {
      const mjtNum *pos, *mat;
      out[0] = mj_sensorFrame(m, d, m->sensor_objtype[i], obj, &pos, &mat) &&
               mj_insideSite(m, d, m->sensor_refid[i], pos);
      break;
    }
    case mjSENS_GEOMDIST:
    case mjSENS_GEOMNORMAL:
    case mjSENS_GEOMFROMTO:
      collisionSensor(m, d, i, out);
      break;
    case mjSENS_E_POTENTIAL:
      if (!d->flg_energypos) {
        mj_energyPos(m, d);
      }
      out[0] = d->energy[0];
      break;
    case mjSENS_CLOCK:
      out[0] = d->time;
      break;
    default:
      return 0;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// velocity-stage sensors

// framelinvel / frameangvel: world-frame velocity of the object frame; relative to a reference
// frame, the velocity seen by an observer moving with it, in its coordinates:
// w_rel = R_ref' (w - w_ref), v_rel = R_ref' (v - v_ref - w_ref x (p - p_ref)).
void frameVelSensor(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int ot = m->sensor_objtype[i], oid = m->sensor_objid[i];
  int rt = m->sensor_reftype[i], rid = m->sensor_refid[i];
  int ang = m->sensor_type[i] == mjSENS_FRAMEANGVEL;
  mjtNum vel[6];
  mj_objectVelocity(m, d, ot, oid, vel, 0);
  const mjtNum *pos, *mat, *rpos, *rmat;
  if (rid < 0 || !mj_sensorFrame(m, d, rt, rid, &rpos, &rmat) ||
      !mj_sensorFrame(m, d, ot, oid, &pos, &mat)) {
    mju_copy3(out, ang ? vel : vel + 3);
    return;
  }
  mjtNum rvel[6], diff[3];
  mj_objectVelocity(m, d, rt, rid, rvel, 0);
  if (ang) {
    mju_sub3(diff, vel, rvel);
  } else {
    mjtNum dp[3], wxr[3];
    mju_sub3(dp, pos, rpos);
    mju_cross(wxr, rvel, dp);
    mju_sub3(diff, vel + 3, rvel + 3);
    mju_subFrom3(diff, wxr);
  }
  mju_mulMatTVec3(out, rmat, diff);
}

// Computes sensor i when it is of a velocity-stage type; returns 0 for other types.
int velSensor(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int obj = m->sensor_objid[i];
  mjtNum vel[6];
  switch (m->sensor_type[i]) {
    case mjSENS_VELOCIMETER:
      mj_objectVelocity(m, d, mjOBJ_SITE, obj, vel, 1);
      mju_copy3(out, vel + 3);
      break;
    case mjSENS_GYRO:
      mj_objectVelocity(m, d, mjOBJ_SITE, obj, vel, 1);
      mju_copy3(out, vel);
      break;
    case mjSENS_JOINTVEL:
      out[0] = d->qvel[m->jnt_dofadr[obj]];
      break;
    case mjSENS_TENDONVEL:
      out[0] = d->ten_velocity[obj];
      break;
    case mjSENS_ACTUATORVEL:
      out[0] = d->actuator_velocity[obj];
      break;
    case mjSENS_BALLANGVEL:
      mju_copy3(out, d->qvel + m->jnt_dofadr[obj]);
      break;
    case mjSENS_JOINTLIMITVEL:
    case mjSENS_TENDONLIMITVEL: {
      int type =
          m->sensor_type[i] == mjSENS_JOINTLIMITVEL ? mjCNSTR_LIMIT_JOINT : mjCNSTR_LIMIT_TENDON;
      int r = limitRow(d, type, obj);
      out[0] = r >= 0 ? d->efc_vel[r] : 0;
      break;
    }
    case mjSENS_FRAMELINVEL:
    case mjSENS_FRAMEANGVEL:
      frameVelSensor(m, d, i, out);
      break;
    case mjSENS_SUBTREELINVEL:
    case mjSENS_SUBTREEANGMOM:
      if (!d->flg_subtreevel) {
        mj_subtreeVel(m, d);
      }
      mju_copy3(
          out, (m->sensor_type[i] == mjSENS_SUBTREELINVEL ? d->subtree_linvel : d->subtree_angmom) +
                   3 * obj);
      break;
    case mjSENS_E_KINETIC:
      if (!d->flg_energyvel) {
        mj_energyVel(m, d);
      }
      out[0] = d->energy[1];
      break;
    default:
      return 0;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// stages

// Clamps the data of sensor i (at out) to its cutoff (XMLreference.rst "sensor": cutoff); the
// collision and contact sensors use the cutoff otherwise.
void applyCutoff(const mjModel* m, int i, mjtNum* out) {
  mjtNum cutoff = m->sensor_cutoff[i];
  int type = m->sensor_type[i], datatype = m->sensor_datatype[i];
  if (cutoff <= 0 || type == mjSENS_CONTACT || type == mjSENS_GEOMDIST ||
      type == mjSENS_GEOMNORMAL || type == mjSENS_GEOMFROMTO) {
    return;
  }
  if (datatype != mjDATATYPE_REAL && datatype != mjDATATYPE_POSITIVE) {
    return;
  }
  mjtNum lo = datatype == mjDATATYPE_REAL ? -cutoff : 0;
  for (int k = 0; k < m->sensor_dim[i]; k++) {
    out[k] = mju_clip(out[k], lo, cutoff);
  }
}

// Computes built-in sensor i into out; user, plugin and tactile sensors are left as they are.
// By type: the stage of a type is the compiler's choice (MuJoCo computes e.g. e_kinetic, which
// needs only M and qvel, in the position stage).
void computeSensor(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int type = m->sensor_type[i];
  if (type == mjSENS_USER || type == mjSENS_PLUGIN || type == mjSENS_TACTILE) {
    return;
  }
  if (!posSensor(m, d, i, out) && !velSensor(m, d, i, out)) {
    mj_sensorAccOne(m, d, i, out);
  }
}

// lazily computed quantities needed by the user sensors of a stage, before mjcb_sensor
void userPrerequisites(const mjModel* m, mjData* d, int stage) {
  if (stage == mjSTAGE_VEL && !d->flg_subtreevel) {
    mj_subtreeVel(m, d);
  } else if (stage == mjSTAGE_ACC && !d->flg_rnepost) {
    mj_rnePostConstraint(m, d);
  }
}

// Computes every sensor of `stage`, then the user sensors through mjcb_sensor, then cutoffs.
// Sensors with a history buffer (modeling.rst "Delays") that are delayed, or interval sensors
// between their samples, read their buffer at time - delay (interval sensors: their last sample);
// the current value of a delayed sensor is computed when the step records it (mj_historyPush).
void sensorStage(const mjModel* m, mjData* d, int stage) {
  if (m->opt.disableflags & mjDSBL_SENSOR) {
    return;
  }
  int nuser = 0;
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] != stage) {
      continue;
    }
    if (m->sensor_type[i] == mjSENS_USER) {
      nuser++;
      continue;
    }
    if (!mj_sensorDelayed(m, i) && mj_sensorDue(m, d, i)) {
      mjtNum* out = d->sensordata + m->sensor_adr[i];
      computeSensor(m, d, i, out);
      applyCutoff(m, i, out);
    }
  }
  if (nuser && mjcb_sensor) {
    userPrerequisites(m, d, stage);
    mjcb_sensor(m, d, stage);
    for (int i = 0; i < m->nsensor; i++) {
      if (m->sensor_needstage[i] == stage && m->sensor_type[i] == mjSENS_USER) {
        applyCutoff(m, i, d->sensordata + m->sensor_adr[i]);
      }
    }
  }
  if (m->nplugin) {
    mj_pluginCompute(m, d, mjPLUGIN_SENSOR, stage);
  }
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] == stage && m->sensor_type[i] != mjSENS_USER &&
        (mj_sensorDelayed(m, i) || !mj_sensorDue(m, d, i))) {
      mjtNum* out = d->sensordata + m->sensor_adr[i];
      const mjtNum* p = mj_readSensor(m, d, i, d->time, out, -1);
      if (p) {
        mju_copy(out, p, m->sensor_dim[i]);
      }
    }
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// shared helpers

int mj_sensorFrame(const mjModel* m, const mjData* d, int objtype, int id, const mjtNum** pos,
                   const mjtNum** mat) {
  if (id < 0) {
    return 0;
  }
  switch (objtype) {
    case mjOBJ_BODY:
      *pos = d->xipos + 3 * id;
      *mat = d->ximat + 9 * id;
      return id < m->nbody;
    case mjOBJ_XBODY:
      *pos = d->xpos + 3 * id;
      *mat = d->xmat + 9 * id;
      return id < m->nbody;
    case mjOBJ_GEOM:
      *pos = d->geom_xpos + 3 * id;
      *mat = d->geom_xmat + 9 * id;
      return id < m->ngeom;
    case mjOBJ_SITE:
      *pos = d->site_xpos + 3 * id;
      *mat = d->site_xmat + 9 * id;
      return id < m->nsite;
    case mjOBJ_CAMERA:
      *pos = d->cam_xpos + 3 * id;
      *mat = d->cam_xmat + 9 * id;
      return id < m->ncam;
    default:
      return 0;
  }
}

// Sensors are recorded even with mjDSBL_SENSOR: undelayed ones from sensordata, delayed ones
// (whose sensordata holds the delayed reading) recomputed from the current state.
void mj_sensorHistoryPush(const mjModel* m, mjData* d) {
  if (!m->nhistory) {
    return;
  }
  mj_markStack(d);
  for (int i = 0; i < m->nsensor; i++) {
    const mjtNum* value = d->sensordata + m->sensor_adr[i];
    if (mj_sensorDelayed(m, i)) {
      if (!mj_sensorDue(m, d, i)) {
        continue;
      }
      int dim = m->sensor_dim[i];
      mjtNum* fresh = mj_stackAllocNum(d, dim);
      mju_copy(fresh, value, dim);
      computeSensor(m, d, i, fresh);
      applyCutoff(m, i, fresh);
      value = fresh;
    }
    mj_historyPushSensor(m, d, i, value);
  }
  mj_freeStack(d);
}

// ---------------------------------------------------------------------------------------------
// energy (XMLreference "option/flag/energy")

namespace {

// Energy of a polynomial spring with force -(a x + b x^2 + c x^3): a x^2/2 + b x^3/3 + c x^4/4
// (computation_index.rst "Polynomial forces"; the higher coefficients are poly[0], poly[1]).
mjtNum springEnergy(mjtNum x, mjtNum a, const mjtNum* poly) {
  mjtNum e = 0.5 * a * x * x;
  if (poly) {
    mjtNum x3 = x * x * x;
    e += poly[0] * x3 / 3 + poly[1] * x3 * x / 4;
  }
  return e;
}

// potential energy of the joint springs: hinge/slide on the scalar displacement, ball and the
// rotation of a free joint on the rotation angle |log(q_spring^-1 q)|, the translation of a free
// joint on the distance to its spring position
mjtNum jointSpringEnergy(const mjModel* m, const mjData* d) {
  mjtNum energy = 0;
  for (int j = 0; j < m->njnt; j++) {
    mjtNum k = m->jnt_stiffness[j];
    const mjtNum* poly = m->jnt_stiffnesspoly + mjNPOLY * j;
    if (k == 0 && mju_isZero(const_cast<mjtNum*>(poly), mjNPOLY)) {
      continue;
    }
    int padr = m->jnt_qposadr[j];
    const mjtNum* q = d->qpos + padr;
    const mjtNum* q0 = m->qpos_spring + padr;
    mjtNum dif[3], quat[4];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        mju_sub3(dif, q, q0);
        energy += springEnergy(mju_norm3(dif), k, poly);
        q += 3;
        q0 += 3;
        [[fallthrough]];
      case mjJNT_BALL:
        mju_copy4(quat, q);
        mju_normalize4(quat);
        mju_subQuat(dif, quat, q0);
        energy += springEnergy(mju_norm3(dif), k, poly);
        break;
      default:
        energy += springEnergy(q[0] - q0[0], k, poly);
    }
  }
  return energy;
}

// potential energy of the tendon springs, zero inside the dead band [springlength0,
// springlength1] (XMLreference "tendon/spatial/springlength")
mjtNum tendonSpringEnergy(const mjModel* m, const mjData* d) {
  mjtNum energy = 0;
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum k = m->tendon_stiffness[t];
    const mjtNum* poly = m->tendon_stiffnesspoly + mjNPOLY * t;
    if (k == 0 && mju_isZero(const_cast<mjtNum*>(poly), mjNPOLY)) {
      continue;
    }
    mjtNum len = d->ten_length[t];
    const mjtNum* band = m->tendon_lengthspring + 2 * t;
    mjtNum x = 0;
    if (len > band[1]) {
      x = len - band[1];
    } else if (len < band[0]) {
      x = len - band[0];
    }
    energy += springEnergy(x, k, poly);
  }
  return energy;
}

}  // namespace

// energy[0] = sum_b -m_b g . xipos_b (gravity) + spring energy of joints and tendons. Springs
// in flexes are not included yet (flex area). Requires mj_kinematics and mj_tendon.
void mj_energyPos(const mjModel* m, mjData* d) {
  mjtNum energy = 0;
  if (!mjDISABLED(mjDSBL_GRAVITY)) {
    for (int b = 1; b < m->nbody; b++) {
      energy -= m->body_mass[b] * mju_dot3(m->opt.gravity, d->xipos + 3 * b);
    }
  }
  if (!mjDISABLED(mjDSBL_SPRING)) {
    energy += jointSpringEnergy(m, d) + tendonSpringEnergy(m, d);
  }
  d->energy[0] = energy;
  d->flg_energypos = 1;
}

// energy[1] = v' M v / 2. Requires mj_makeM (M current).
void mj_energyVel(const mjModel* m, mjData* d) {
  mj_markStack(d);
  mjtNum* Mv = mj_stackAllocNum(d, m->nv);
  mj_mulM(m, d, Mv, d->qvel);
  d->energy[1] = 0.5 * mju_dot(Mv, d->qvel, m->nv);
  mj_freeStack(d);
  d->flg_energyvel = 1;
}

// ---------------------------------------------------------------------------------------------
// public

void mj_sensorPos(const mjModel* m, mjData* d) {
  sensorStage(m, d, mjSTAGE_POS);
}

void mj_sensorVel(const mjModel* m, mjData* d) {
  sensorStage(m, d, mjSTAGE_VEL);
}

void mj_sensorAcc(const mjModel* m, mjData* d) {
  sensorStage(m, d, mjSTAGE_ACC);
}
