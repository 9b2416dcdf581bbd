// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Acceleration-stage sensors (see engine_sensor.h; XMLreference.rst "sensor"): accelerometer,
// force, torque, frame accelerations (from cacc / cfrc_int of mj_rnePostConstraint), actuator and
// limit forces, touch, and the contact sensor (matching, reduction, extraction).

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_core_constraint.h"
#include "engine/engine_core_smooth.h"
#include "engine/engine_sensor.h"
#include "engine/engine_support_pos.h"

namespace {

// bits of sensor_intprm[0] of the contact sensor, in output order (XMLreference.rst
// "sensor/contact": data)
enum ContactData { kFound = 0, kForce, kTorque, kDist, kPos, kNormal, kTangent, kNumContactData };
const int kContactDataSize[kNumContactData] = {1, 3, 3, 1, 3, 3, 3};

// reduction criteria (sensor_intprm[1])
enum ContactReduce { kReduceNone = 0, kReduceMinDist, kReduceMaxForce, kReduceNetForce };

// ---------------------------------------------------------------------------------------------
// rnePostConstraint-based sensors

// interaction force (cfrc_int) between the site's body and its parent, expressed at the site in
// the site frame: the force is the same at every point; the torque moves from the subtree
// center of mass c of the root, where cfrc_int is expressed: t_site = t_c - (p_site - c) x f
void forceTorque(const mjModel* m, const mjData* d, int site, int torque, mjtNum* out) {
  int b = m->site_bodyid[site];
  const mjtNum* cf = d->cfrc_int + 6 * b;
  const mjtNum* mat = d->site_xmat + 9 * site;
  if (!torque) {
    mju_mulMatTVec3(out, mat, cf + 3);
    return;
  }
  mjtNum r[3], rxf[3], t[3];
  mju_sub3(r, d->site_xpos + 3 * site, d->subtree_com + 3 * m->body_rootid[b]);
  mju_cross(rxf, r, cf + 3);
  mju_sub3(t, cf, rxf);
  mju_mulMatTVec3(out, mat, t);
}

// ---------------------------------------------------------------------------------------------
// touch

// Sum of the normal forces of the contacts of the site's body whose point is inside the site
// volume, or whose normal ray from the contact point (pointing out of the site's body) hits it.
mjtNum touch(const mjModel* m, const mjData* d, int site) {
  int body = m->site_bodyid[site];
  mjtNum total = 0;
  for (int c = 0; c < d->ncon; c++) {
    const mjContact* con = d->contact + c;
    if (con->efc_address < 0 || con->geom[0] < 0 || con->geom[1] < 0) {
      continue;
    }
    int b1 = m->geom_bodyid[con->geom[0]], b2 = m->geom_bodyid[con->geom[1]];
    if (b1 != body && b2 != body) {
      continue;
    }
    mjtNum f[6];
    mj_sensorContactForce(m, d, c, f);
    if (f[0] <= 0) {
      continue;
    }
    if (!mj_insideSite(m, d, site, con->pos)) {
      // the normal points from geom1 to geom2: out of body 1, into body 2
      mjtNum dir[3];
      mju_scl3(dir, con->frame, b1 == body ? 1 : -1);
      if (mju_rayGeom(d->site_xpos + 3 * site, d->site_xmat + 9 * site, m->site_size + 3 * site,
                      con->pos, dir, m->site_type[site], nullptr) < 0) {
        continue;
      }
    }
    total += f[0];
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// contact sensor

// nonzero when body b is in the subtree of body root
int inSubtree(const mjModel* m, int b, int root) {
  while (b > 0 && b != root) {
    b = m->body_parentid[b];
  }
  return b == root;
}

// Does geom g satisfy the matching criterion (type, id)? Types: geom, body, xbody (= subtree of
// the body); mjOBJ_UNKNOWN matches everything.
int matchGeom(const mjModel* m, int g, int type, int id) {
  switch (type) {
    case mjOBJ_GEOM:
      return g == id;
    case mjOBJ_BODY:
      return g >= 0 && m->geom_bodyid[g] == id;
    case mjOBJ_XBODY:
      return g >= 0 && inSubtree(m, m->geom_bodyid[g], id);
    default:
      return 1;
  }
}

// Matches contact c against the criteria of sensor i: returns 0 (no match), 1 (match, contact
// frame as is) or -1 (match with the sides swapped: the normal must be flipped so that it
// points from side 1 to side 2).
int matchContact(const mjModel* m, const mjData* d, int i, int c) {
  // every contact of d->contact is a candidate, including those excluded by their gap (no
  // rows, zero force), as MuJoCo counts them
  const mjContact* con = d->contact + c;
  int t1 = m->sensor_objtype[i], id1 = m->sensor_objid[i];
  int t2 = m->sensor_reftype[i], id2 = m->sensor_refid[i];
  int g1 = con->geom[0], g2 = con->geom[1];
  if (t1 == mjOBJ_SITE) {
    if (!mj_insideSite(m, d, id1, con->pos)) {
      return 0;
    }
    t1 = mjOBJ_UNKNOWN;
  }
  if (matchGeom(m, g1, t1, id1) && matchGeom(m, g2, t2, id2)) {
    return 1;
  }
  if (matchGeom(m, g2, t1, id1) && matchGeom(m, g1, t2, id2)) {
    return -1;
  }
  return 0;
}

// norm of the force part of contact c
mjtNum forceNorm(const mjModel* m, const mjData* d, int c) {
  mjtNum f[6];
  mj_sensorContactForce(m, d, c, f);
  return mju_norm3(f);
}

// Orders the matched contacts (indices idx, sort keys key) by increasing key; stable.
void sortByKey(int* idx, int* flip, mjtNum* key, int n) {
  for (int a = 1; a < n; a++) {
    int ci = idx[a], cf = flip[a];
    mjtNum ck = key[a];
    int b = a - 1;
    for (; b >= 0 && key[b] > ck; b--) {
      idx[b + 1] = idx[b];
      flip[b + 1] = flip[b];
      key[b + 1] = key[b];
    }
    idx[b + 1] = ci;
    flip[b + 1] = cf;
    key[b + 1] = ck;
  }
}

// slot fields of one contact (flip: sides swapped, normal and first tangent negated, which
// keeps the frame right-handed with the same second tangent)
void contactSlot(const mjModel* m, const mjData* d, int c, int flip, int nfound, int bits,
                 mjtNum* out) {
  const mjContact* con = d->contact + c;
  mjtNum f[6];
  mj_sensorContactForce(m, d, c, f);
  if (flip < 0) {
    f[2] = -f[2];
    f[5] = -f[5];
  }
  mjtNum s = flip < 0 ? -1 : 1;
  for (int k = 0; k < kNumContactData; k++) {
    if (!(bits & (1 << k))) {
      continue;
    }
    switch (k) {
      case kFound:
        out[0] = nfound;
        break;
      case kForce:
        mju_copy3(out, f);
        break;
      case kTorque:
        mju_copy3(out, f + 3);
        break;
      case kDist:
        out[0] = con->dist;
        break;
      case kPos:
        mju_copy3(out, con->pos);
        break;
      case kNormal:
        mju_scl3(out, con->frame, s);
        break;
      case kTangent:
        mju_scl3(out, con->frame + 3, s);
        break;
    }
    out += kContactDataSize[k];
  }
}

// netforce reduction: one synthetic contact in the global frame at the force-weighted centroid
// of the matched contacts, carrying their net force and the net torque about that point
void netForceSlot(const mjModel* m, const mjData* d, const int* idx, const int* flip, int n,
                  int bits, mjtNum* out) {
  mjtNum F[3] = {0, 0, 0}, T[3] = {0, 0, 0}, pos[3] = {0, 0, 0}, wsum = 0;
  for (int a = 0; a < n; a++) {
    const mjContact* con = d->contact + idx[a];
    mjtNum f[6], fw[3];
    mj_sensorContactForce(m, d, idx[a], f);
    mju_mulMatTVec3(fw, con->frame, f);
    mju_scl3(fw, fw, flip[a]);
    mjtNum w = mju_norm3(fw);
    mju_addToScl3(pos, con->pos, w);
    wsum += w;
  }
  if (wsum > 0) {
    mju_scl3(pos, pos, 1 / wsum);
  }
  for (int a = 0; a < n; a++) {
    const mjContact* con = d->contact + idx[a];
    mjtNum f[6], fw[3], tw[3], r[3], rxf[3];
    mj_sensorContactForce(m, d, idx[a], f);
    mju_mulMatTVec3(fw, con->frame, f);
    mju_mulMatTVec3(tw, con->frame, f + 3);
    mju_scl3(fw, fw, flip[a]);
    mju_scl3(tw, tw, flip[a]);
    mju_addTo3(F, fw);
    mju_sub3(r, con->pos, pos);
    mju_cross(rxf, r, fw);
    mju_addTo3(T, tw);
    mju_addTo3(T, rxf);
  }
  const mjtNum xaxis[3] = {1, 0, 0}, yaxis[3] = {0, 1, 0};
  for (int k = 0; k < kNumContactData; k++) {
    if (!(bits & (1 << k))) {
      continue;
    }
    switch (k) {
      case kFound:
        out[0] = n;
        break;
      case kForce:
        mju_copy3(out, F);
        break;
      case kTorque:
        mju_copy3(out, T);
        break;
      case kDist:
        out[0] = 0;
        break;
      case kPos:
        mju_copy3(out, pos);
        break;
      case kNormal:
        mju_copy3(out, xaxis);
        break;
      case kTangent:
        mju_copy3(out, yaxis);
        break;
    }
    out += kContactDataSize[k];
  }
}

void contactSensor(const mjModel* m, mjData* d, int i, mjtNum* out) {
  const int* prm = m->sensor_intprm + mjNSENS * i;
  int bits = prm[0], reduce = prm[1], num = prm[2];
  int slot = 0;
  for (int k = 0; k < kNumContactData; k++) {
    if (bits & (1 << k)) {
      slot += kContactDataSize[k];
    }
  }
  mju_zero(out, m->sensor_dim[i]);
  if (!d->ncon || num <= 0) {
    return;
  }
  mj_markStack(d);
  int* idx = mj_stackAllocInt(d, d->ncon);
  int* flip = mj_stackAllocInt(d, d->ncon);
  mjtNum* key = mj_stackAllocNum(d, d->ncon);
  int n = 0;
  for (int c = 0; c < d->ncon; c++) {
    int s = matchContact(m, d, i, c);
    if (s) {
      idx[n] = c;
      flip[n] = s;
      key[n] = reduce == kReduceMinDist    ? d->contact[c].dist
               : reduce == kReduceMaxForce ? -forceNorm(m, d, c)
                                           : 0;
      n++;
    }
  }
  if (n && reduce == kReduceNetForce) {
    netForceSlot(m, d, idx, flip, n, bits, out);
  } else {
    if (reduce == kReduceMinDist || reduce == kReduceMaxForce) {
      sortByKey(idx, flip, key, n);
    }
    for (int a = 0; a < n && a < num; a++) {
      contactSlot(m, d, idx[a], flip[a], n, bits, out + a * slot);
    }
  }
  mj_freeStack(d);
}

// row of the limit constraint of joint/tendon id, -1 when inactive
int limitRow(const mjData* d, int type, int id) {
  for (int r = d->ne + d->nf; r < d->ne + d->nf + d->nl; r++) {
    if (d->efc_type[r] == type && d->efc_id[r] == id) {
      return r;
    }
  }
  return -1;
}

// nonzero for the sensor types that need cacc / cfrc_int (mj_rnePostConstraint)
int needsRnePost(int type) {
  return type == mjSENS_ACCELEROMETER || type == mjSENS_FORCE || type == mjSENS_TORQUE ||
         type == mjSENS_FRAMELINACC || type == mjSENS_FRAMEANGACC;
}

}  // namespace

void mj_sensorContactForce(const mjModel* m, const mjData* d, int i, mjtNum result[6]) {
  mju_zero(result, 6);
  const mjContact* con = d->contact + i;
  int adr = con->efc_address, dim = con->dim;
  if (adr < 0 || dim < 1) {
    return;
  }
  if (dim > 1 && mj_isPyramidal(m)) {
    mju_decodePyramid(result, d->efc_force + adr, con->friction, dim);
  } else {
    mju_copy(result, d->efc_force + adr, dim);
  }
}

void mj_sensorAccOne(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int type = m->sensor_type[i], obj = m->sensor_objid[i];
  if (needsRnePost(type) && !d->flg_rnepost) {
    mj_rnePostConstraint(m, d);
  }
  mjtNum acc[6];
  switch (type) {
    case mjSENS_TOUCH:
      out[0] = touch(m, d, obj);
      break;
    case mjSENS_ACCELEROMETER:
      mj_objectAcceleration(m, d, mjOBJ_SITE, obj, acc, 1);
      mju_copy3(out, acc + 3);
      break;
    case mjSENS_FORCE:
    case mjSENS_TORQUE:
      forceTorque(m, d, obj, type == mjSENS_TORQUE, out);
      break;
    case mjSENS_ACTUATORFRC:
      out[0] = d->actuator_force[obj];
      break;
    case mjSENS_JOINTACTFRC:
      out[0] = d->qfrc_actuator[m->jnt_dofadr[obj]];
      break;
    case mjSENS_TENDONACTFRC:
      // the scalar forces of the actuators transmitting through this tendon
      out[0] = 0;
      for (int a = 0; a < m->nu; a++) {
        if (m->actuator_trntype[a] == mjTRN_TENDON && m->actuator_trnid[2 * a] == obj) {
          out[0] += d->actuator_force[a];
        }
      }
      break;
    case mjSENS_JOINTLIMITFRC:
    case mjSENS_TENDONLIMITFRC: {
      int r = limitRow(d, type == mjSENS_JOINTLIMITFRC ? mjCNSTR_LIMIT_JOINT : mjCNSTR_LIMIT_TENDON,
                       obj);
      out[0] = r >= 0 ? d->efc_force[r] : 0;
      break;
    }
    case mjSENS_FRAMELINACC:
    case mjSENS_FRAMEANGACC:
      mj_objectAcceleration(m, d, m->sensor_objtype[i], obj, acc, 0);
      mju_copy3(out, type == mjSENS_FRAMELINACC ? acc + 3 : acc);
      break;
    case mjSENS_CONTACT:
      contactSensor(m, d, i, out);
      break;
    default:
      break;
  }
}
