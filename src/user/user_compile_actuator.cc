// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Actuators (XMLreference "actuator", computation "Actuation model"): transmission resolution
// (actuator_trntype / trnid), activation states (actuator_actnum / actadr, na), limits with
// "auto" flags, gains and biases, and the history buffers of delayed controls.
//
// Conventions (all as MuJoCo's where it has the field):
//   trnid[2*i]     target id: joint (joint, jointinparent), tendon, site (site), crank site
//                  (slider-crank) or body (body);
//   trnid[2*i + 1] refsite (site transmission) or slider site (slider-crank), else -1;
//   actnum         actdim when given, else 1 for dyntype != none and 0 otherwise; actadr is the
//                  running sum of actnum (-1 for stateless actuators);
//   nJmom          the moment-arm capacity: the sum of ActuatorMomentCapacity (the nonzeros
//                  each transmission type can have, MuJoCo 3.8's bound);
//   history        (nsample, interp); buffers of 2 + 2*nsample numbers (two header slots, then
//                  nsample times and nsample values) are laid out in actuator order from the
//                  start of mjData.history, followed by the sensor buffers; historyadr = -1
//                  without a buffer;
//   jnt_actuatorid / tendon_actuatorid: the actuator with nonzero damping or armature acting on
//                  the joint (joint / jointinparent transmission) or tendon; -1 if none, -2 if
//                  several (their contributions then have to be summed over actuators).

#include <cmath>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "engine/engine_dcmotor.h"
#include "user/user_compile.h"
#include "user/user_compile_nontree.h"
#include "user/user_spec.h"

namespace motus {
namespace {

// resolved transmission of one actuator
struct Transmission {
  int type = mjTRN_UNDEFINED;
  int id[2] = {-1, -1};
};

bool ResolveTransmission(NonTreeContext* ctx, const SpecActuator* act, int i, Transmission* trn) {
  const mjsActuator& s = act->s;
  const std::string who = Describe("actuator", act, i);
  const std::string& target = act->own.target;
  trn->type = s.trntype;
  trn->id[0] = trn->id[1] = -1;

  mjtObj type;
  switch (s.trntype) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT:
      type = mjOBJ_JOINT;
      break;
    case mjTRN_SLIDERCRANK:
    case mjTRN_SITE:
      type = mjOBJ_SITE;
      break;
    case mjTRN_TENDON:
      type = mjOBJ_TENDON;
      break;
    case mjTRN_BODY:
      type = mjOBJ_BODY;
      break;
    default:
      ctx->error = "missing transmission target for " + who;
      return false;
  }
  if (target.empty()) {
    ctx->error = "missing transmission target for " + who;
    return false;
  }
  trn->id[0] = ctx->Find(type, target);
  if (trn->id[0] < 0) {
    // MuJoCo's wordings (joint targets, other targets), then the actuator and the target's type
    std::string detail = " (" + who + ", " + mju_type2Str(type) + ")";
    ctx->error = type == mjOBJ_JOINT ? "unknown transmission target '" + target +
                                           "' for actuator id = " + std::to_string(i) + detail
                                     : "transmission target '" + target +
                                           "' not found in actuator " + std::to_string(i) + detail;
    return false;
  }

  // second site: refsite of a site transmission, slider site of a slider-crank
  if (s.trntype == mjTRN_SLIDERCRANK) {
    if (s.cranklength <= 0) {
      ctx->error = "crank length must be positive in " + who;
      return false;
    }
    if (act->own.slidersite.empty()) {
      ctx->error = "missing slider site for slider-crank " + who;
      return false;
    }
    trn->id[1] = ctx->Find(mjOBJ_SITE, act->own.slidersite);
    if (trn->id[1] < 0) {
      ctx->error = "slider site '" + act->own.slidersite + "' not found in " + who;
      return false;
    }
  } else if (!act->own.slidersite.empty()) {
    ctx->error = "slidersite can only be used with a slider-crank transmission in " + who;
    return false;
  }
  if (!act->own.refsite.empty()) {
    if (s.trntype != mjTRN_SITE) {
      ctx->error = "refsite can only be used with a site transmission in " + who;
      return false;
    }
    trn->id[1] = ctx->Find(mjOBJ_SITE, act->own.refsite);
    if (trn->id[1] < 0) {
      ctx->error = "refsite '" + act->own.refsite + "' not found in " + who;
      return false;
    }
  }
  return true;
}

// states of a DC motor (engine_dcmotor.h): the three types come together, actearly is required
// (the torque uses the current at the end of the step), and actdim, when given, must count the
// states its parameters enable
int DCMotorDim(NonTreeContext* ctx, const mjsActuator& s, const std::string& who) {
  if (s.dyntype != mjDYN_DCMOTOR || s.gaintype != mjGAIN_DCMOTOR || s.biastype != mjBIAS_DCMOTOR) {
    ctx->error = "dyntype, gaintype and biastype must all be 'dcmotor' in DC motor " + who;
    return -1;
  }
  if (!s.actearly) {
    ctx->error = "actearly cannot be false for DC motor " + who;
    return -1;
  }
  int offset[mjNDCSTATE];
  int n = mj_dcmotorStates(s.dynprm, s.gainprm, offset);
  if (s.actdim != -1 && s.actdim != n) {
    ctx->error = "inconsistent state array dimension in DC motor " + who + ": actdim " +
                 std::to_string(s.actdim) + ", parameters enable " + std::to_string(n) + " states";
    return -1;
  }
  return n;
}

// activation dimension (XMLreference actuator/general/actdim): -1 means "from dyntype"
int ActDim(NonTreeContext* ctx, const SpecActuator* act, int i) {
  const mjsActuator& s = act->s;
  const std::string who = Describe("actuator", act, i);
  if (s.dyntype == mjDYN_DCMOTOR || s.gaintype == mjGAIN_DCMOTOR || s.biastype == mjBIAS_DCMOTOR) {
    if (s.plugin.active) {
      ctx->error = "DC motor " + who + " cannot be a plugin";
      return -1;
    }
    return DCMotorDim(ctx, s, who);
  }
  bool stateful = s.dyntype != mjDYN_NONE;
  if (s.plugin.active) {
    // actdim counts the plugin's own states and, last, the state of the built-in dynamics
    // (programming_extension.rst "Actuator states"); without actdim, that state alone
    if (s.actdim < -1) {
      ctx->error = "invalid actdim " + std::to_string(s.actdim) + " in " + who;
      return -1;
    }
    return s.actdim == -1 ? (stateful ? 1 : 0) : s.actdim;
  }
  if (s.actdim == -1) {
    return stateful ? 1 : 0;
  }
  if (s.actdim < -1) {
    ctx->error = "invalid actdim " + std::to_string(s.actdim) + " in " + who;
    return -1;
  }
  if (s.actdim > 1 && s.dyntype != mjDYN_USER) {
    ctx->error = "actdim > 1 is only allowed for dyntype 'user' in " + who;
    return -1;
  }
  if (!stateful && s.actdim > 0) {
    ctx->error = "invalid actdim " + std::to_string(s.actdim) + " in stateless " + who;
    return -1;
  }
  if (stateful && s.actdim == 0) {
    ctx->error = "invalid actdim 0 in stateful " + who;
    return -1;
  }
  return s.actdim;
}

// history buffer size of one actuator (0 without buffer)
int HistorySize(NonTreeContext* ctx, const SpecActuator* act, int i) {
  const mjsActuator& s = act->s;
  const std::string who = Describe("actuator", act, i);
  // as in MuJoCo, a negative nsample or delay means none
  if (s.interp < 0 || s.interp > 2) {
    ctx->error = "interp must be 0 (zoh), 1 (linear) or 2 (cubic) in " + who;
    return -1;
  }
  if (s.delay > 0 && s.nsample <= 0) {
    ctx->error = "setting delay > 0 without a history buffer in " + who;
    return -1;
  }
  return s.nsample > 0 ? 2 + 2 * s.nsample : 0;
}

// ctrl / force / act limit flags and the validity of the enabled ranges
bool CheckLimits(NonTreeContext* ctx, const SpecActuator* act, int i, bool inherit,
                 int limited[3]) {
  const mjsActuator& s = act->s;
  const std::string who = Describe("actuator", act, i);
  const mjsCompiler* c = act->compiler;
  limited[0] = inherit ? 1
                       : ResolveLimited(s.ctrllimited, s.ctrlrange, c, who.c_str(), "ctrllimited",
                                        "ctrlrange", &ctx->error);
  limited[1] = ResolveLimited(s.forcelimited, s.forcerange, c, who.c_str(), "forcelimited",
                              "forcerange", &ctx->error);
  limited[2] = ResolveLimited(s.actlimited, s.actrange, c, who.c_str(), "actlimited", "actrange",
                              &ctx->error);
  if (limited[0] < 0 || limited[1] < 0 || limited[2] < 0) {
    return false;
  }
  if (!inherit && limited[0] && s.ctrlrange[0] >= s.ctrlrange[1]) {
    ctx->error = "invalid control range for " + who;
    return false;
  }
  if (limited[1] && s.forcerange[0] >= s.forcerange[1]) {
    ctx->error = "invalid force range for " + who;
    return false;
  }
  if (limited[2] && s.actrange[0] >= s.actrange[1]) {
    ctx->error = "invalid actrange for " + who;
    return false;
  }
  return true;
}

// Control range inherited from the target's range (XMLreference actuator/position/
// inheritrange): the midpoint of the joint or tendon range, half-width scaled by inheritrange.
bool InheritRange(NonTreeContext* ctx, const mjModel* m, const SpecActuator* act, int i,
                  const Transmission& trn, double ctrlrange[2]) {
  const std::string who = Describe("actuator", act, i);
  const double* range = nullptr;
  if (trn.type == mjTRN_JOINT || trn.type == mjTRN_JOINTINPARENT) {
    int type = ctx->tree.jnt_type[trn.id[0]];
    if (type != mjJNT_HINGE && type != mjJNT_SLIDE) {
      ctx->error = "inheritrange can only be used with hinge and slide joints in " + who;
      return false;
    }
    if (m) {
      range = m->jnt_range + 2 * trn.id[0];
    }
  } else if (trn.type == mjTRN_TENDON) {
    if (m) {
      range = m->tendon_range + 2 * trn.id[0];
    }
  } else {
    ctx->error = "inheritrange can only be used with joint and tendon transmissions in " + who;
    return false;
  }
  if (!m) {
    return true;  // sizes phase: the compiled ranges are not known yet
  }
  if (range[0] >= range[1]) {
    ctx->error = "inheritrange used but target '" + act->own.target + "' has no range in " + who;
    return false;
  }
  double mid = 0.5 * (range[0] + range[1]);
  double half = 0.5 * act->s.inheritrange * (range[1] - range[0]);
  ctrlrange[0] = mid - half;
  ctrlrange[1] = mid + half;
  return true;
}

// Validates one actuator. With m == nullptr (sizes phase) the inherited range is not computed.
bool CheckActuator(NonTreeContext* ctx, const mjModel* m, const SpecActuator* act, int i,
                   Transmission* trn, int* actnum, int* nhist, int limited[3],
                   double ctrlrange[2]) {
  ctx->bad = act;
  if (!ResolveTransmission(ctx, act, i, trn)) {
    return false;
  }
  *actnum = ActDim(ctx, act, i);
  if (*actnum < 0) {
    return false;
  }
  *nhist = HistorySize(ctx, act, i);
  if (*nhist < 0) {
    return false;
  }
  bool inherit = act->s.inheritrange > 0;
  ctrlrange[0] = act->s.ctrlrange[0];
  ctrlrange[1] = act->s.ctrlrange[1];
  if (inherit && !InheritRange(ctx, m, act, i, *trn, ctrlrange)) {
    return false;
  }
  return CheckLimits(ctx, act, i, inherit, limited);
}

// records actuator a on a target's actuatorid slot (-1 none, id, -2 several)
void MarkTarget(int* slot, int a) {
  *slot = *slot == -1 ? a : -2;
}

}  // namespace

bool SizeActuators(NonTreeContext* ctx, mjModel* sizes) {
  SpecModel* spec = ctx->spec;
  int nu = static_cast<int>(spec->actuators.size());
  int na = 0, nJmom = 0, nhistory = 0;
  std::vector<const std::vector<double>*> user;
  for (int i = 0; i < nu; i++) {
    const SpecActuator* act = spec->actuators[i].get();
    Transmission trn;
    int actnum, nhist, limited[3];
    double ctrlrange[2];
    if (!CheckActuator(ctx, nullptr, act, i, &trn, &actnum, &nhist, limited, ctrlrange)) {
      return false;
    }
    na += actnum;
    int tendon_nnz = trn.type == mjTRN_TENDON ? TendonDofCount(ctx, trn.id[0]) : 0;
    nJmom += ActuatorMomentCapacity(ctx->tree, trn.type, trn.id[0], trn.id[1], tendon_nnz);
    nhistory += nhist;
    user.push_back(&act->own.userdata);
  }
  int nuser = UserSize(spec->s.nuser_actuator, user, "actuator", &ctx->error);
  if (nuser < 0) {
    return false;
  }
  sizes->nu = nu;
  sizes->na = na;
  sizes->nJmom = nJmom;
  sizes->nuser_actuator = nuser;
  sizes->nhistory += nhistory;
  return true;
}

bool FillActuators(NonTreeContext* ctx, mjModel* m) {
  SpecModel* spec = ctx->spec;
  int nu = static_cast<int>(m->nu);
  int nuser = static_cast<int>(m->nuser_actuator);
  int actadr = 0, histadr = 0;
  for (int j = 0; j < m->njnt; j++) {
    m->jnt_actuatorid[j] = -1;
  }
  for (int t = 0; t < m->ntendon; t++) {
    m->tendon_actuatorid[t] = -1;
  }

  for (int i = 0; i < nu; i++) {
    SpecActuator* act = spec->actuators[i].get();
    const mjsActuator& s = act->s;
    Transmission trn;
    int actnum, nhist, limited[3];
    double ctrlrange[2];
    if (!CheckActuator(ctx, m, act, i, &trn, &actnum, &nhist, limited, ctrlrange)) {
      return false;
    }
    act->id = i;

    // transmission
    m->actuator_trntype[i] = trn.type;
    m->actuator_trnid[2 * i] = trn.id[0];
    m->actuator_trnid[2 * i + 1] = trn.id[1];
    for (int k = 0; k < 6; k++) {
      m->actuator_gear[6 * i + k] = s.gear[k];
    }
    m->actuator_cranklength[i] = s.cranklength;

    // activation
    m->actuator_actnum[i] = actnum;
    m->actuator_actadr[i] = actnum ? actadr : -1;
    actadr += actnum;
    m->actuator_actearly[i] = s.actearly;

    // dynamics, gain and bias
    m->actuator_dyntype[i] = s.dyntype;
    m->actuator_gaintype[i] = s.gaintype;
    m->actuator_biastype[i] = s.biastype;
    for (int k = 0; k < mjNDYN; k++) {
      m->actuator_dynprm[mjNDYN * i + k] = s.dynprm[k];
    }
    for (int k = 0; k < mjNGAIN; k++) {
      m->actuator_gainprm[mjNGAIN * i + k] = s.gainprm[k];
    }
    for (int k = 0; k < mjNBIAS; k++) {
      m->actuator_biasprm[mjNBIAS * i + k] = s.biasprm[k];
    }

    // limits
    m->actuator_ctrllimited[i] = static_cast<mjtByte>(limited[0]);
    m->actuator_forcelimited[i] = static_cast<mjtByte>(limited[1]);
    m->actuator_actlimited[i] = static_cast<mjtByte>(limited[2]);
    m->actuator_ctrlrange[2 * i] = ctrlrange[0];
    m->actuator_ctrlrange[2 * i + 1] = ctrlrange[1];
    m->actuator_forcerange[2 * i] = s.forcerange[0];
    m->actuator_forcerange[2 * i + 1] = s.forcerange[1];
    m->actuator_actrange[2 * i] = s.actrange[0];
    m->actuator_actrange[2 * i + 1] = s.actrange[1];
    m->actuator_lengthrange[2 * i] = s.lengthrange[0];
    m->actuator_lengthrange[2 * i + 1] = s.lengthrange[1];

    // reflected damping (polynomial, computation "Polynomial forces") and armature
    m->actuator_damping[i] = s.damping[0];
    for (int k = 0; k < mjNPOLY; k++) {
      m->actuator_dampingpoly[mjNPOLY * i + k] = s.damping[k + 1];
    }
    m->actuator_armature[i] = s.armature;
    bool passive = s.armature != 0;
    for (int k = 0; k <= mjNPOLY; k++) {
      passive = passive || s.damping[k] != 0;
    }
    if (passive) {
      // MuJoCo 3.8 reflects damping and armature through joint and tendon transmissions only
      if (trn.type != mjTRN_JOINT && trn.type != mjTRN_JOINTINPARENT && trn.type != mjTRN_TENDON) {
        ctx->error = std::string(s.armature != 0 && s.damping[0] == 0 ? "armature" : "damping") +
                     " requires joint or tendon transmission in " + Describe("actuator", act, i);
        return false;
      }
      if (trn.type == mjTRN_JOINT || trn.type == mjTRN_JOINTINPARENT) {
        MarkTarget(m->jnt_actuatorid + trn.id[0], i);
      } else if (trn.type == mjTRN_TENDON) {
        MarkTarget(m->tendon_actuatorid + trn.id[0], i);
        // reflected armature acts as tendon armature, which needs a path without wrapping geoms
        // (MuJoCo 3.8.0 fails in mj_tendonDot when compiling such a model)
        int t = trn.id[0];
        for (int w = m->tendon_adr[t]; s.armature != 0 && w < m->tendon_adr[t] + m->tendon_num[t];
             w++) {
          if (m->wrap_type[w] == mjWRAP_SPHERE || m->wrap_type[w] == mjWRAP_CYLINDER) {
            ctx->error = "geom wrapping not supported by the armature of " +
                         Describe("actuator", act, i) + " on its tendon";
            return false;
          }
        }
      }
    }

    // delayed controls
    m->actuator_history[2 * i] = s.nsample;
    m->actuator_history[2 * i + 1] = s.interp;
    m->actuator_historyadr[i] = nhist ? histadr : -1;
    histadr += nhist;
    m->actuator_delay[i] = s.delay;

    // set by mj_setConst / mj_setLengthRange
    m->actuator_acc0[i] = 0;
    m->actuator_length0[i] = 0;

    m->actuator_group[i] = s.group;
    m->actuator_plugin[i] = -1;
    const std::vector<double>& ud = act->own.userdata;
    for (int k = 0; k < nuser; k++) {
      m->actuator_user[nuser * i + k] = k < static_cast<int>(ud.size()) ? ud[k] : 0;
    }
  }
  return true;
}

// ------------------------------------ dampratio ----------------------------------------------

namespace {

// Moment arms (d length / d qvel) of actuator i at the state in d (qpos0 after mj_setConst,
// kinematics done), for the transmissions with a closed form (computation "Actuation model"):
//   hinge/slide joint: gear[0] on the dof; ball joint: gear[0:3] on its 3 dofs (child frame;
//   jointinparent: the axis is given in the parent frame and rotated into the child frame);
//   free joint: gear[0:3] on the translation dofs, gear[3:6] on the rotation dofs (child frame,
//   jointinparent: world frame); fixed tendon: gear[0] * coef on each joint's dof; site without
//   refsite: J' (R gear) with J the site Jacobian and R the site orientation.
// Returns false for the others (spatial tendons, refsite, slider-crank, body).
bool ClosedFormMoment(const mjModel* m, const mjData* d, int i, std::vector<mjtNum>* moment) {
  int nv = static_cast<int>(m->nv);
  moment->assign(nv, 0);
  const mjtNum* gear = m->actuator_gear + 6 * i;
  int id = m->actuator_trnid[2 * i];
  switch (m->actuator_trntype[i]) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT: {
      bool parent = m->actuator_trntype[i] == mjTRN_JOINTINPARENT;
      int dof = m->jnt_dofadr[id];
      const mjtNum* q = d->qpos + m->jnt_qposadr[id];
      switch (m->jnt_type[id]) {
        case mjJNT_HINGE:
        case mjJNT_SLIDE:
          (*moment)[dof] = gear[0];
          return true;
        case mjJNT_BALL: {
          mjtNum axis[3] = {gear[0], gear[1], gear[2]};
          if (parent) {
            mjtNum qinv[4];
            mju_negQuat(qinv, q);
            mju_rotVecQuat(axis, gear, qinv);
          }
          for (int k = 0; k < 3; k++) {
            (*moment)[dof + k] = axis[k];
          }
          return true;
        }
        default: {  // free
          mjtNum axis[3] = {gear[3], gear[4], gear[5]};
          if (parent) {
            mjtNum qinv[4];
            mju_negQuat(qinv, q + 3);
            mju_rotVecQuat(axis, gear + 3, qinv);
          }
          for (int k = 0; k < 3; k++) {
            (*moment)[dof + k] = gear[k];
            (*moment)[dof + 3 + k] = axis[k];
          }
          return true;
        }
      }
    }
    case mjTRN_TENDON: {
      int adr = m->tendon_adr[id], num = m->tendon_num[id];
      if (m->wrap_type[adr] != mjWRAP_JOINT) {
        return false;
      }
      for (int w = adr; w < adr + num; w++) {
        (*moment)[m->jnt_dofadr[m->wrap_objid[w]]] += gear[0] * m->wrap_prm[w];
      }
      return true;
    }
    case mjTRN_SITE: {
      if (m->actuator_trnid[2 * i + 1] >= 0) {
        return false;
      }
      std::vector<mjtNum> jacp(3 * nv), jacr(3 * nv);
      mj_jacSite(m, d, jacp.data(), jacr.data(), id);
      mjtNum force[3], torque[3];
      mju_mulMatVec3(force, d->site_xmat + 9 * id, gear);
      mju_mulMatVec3(torque, d->site_xmat + 9 * id, gear + 3);
      for (int j = 0; j < nv; j++) {
        for (int k = 0; k < 3; k++) {
          (*moment)[j] += jacp[k * nv + j] * force[k] + jacr[k * nv + j] * torque[k];
        }
      }
      return true;
    }
    default:
      return false;
  }
}

// moment arms from mjData.actuator_moment when the engine computed them (nonzero row)
bool EngineMoment(const mjModel* m, const mjData* d, int i, std::vector<mjtNum>* moment) {
  if (!d->moment_rownnz || d->moment_rownnz[i] <= 0) {
    return false;
  }
  moment->assign(m->nv, 0);
  int adr = d->moment_rowadr[i];
  for (int k = 0; k < d->moment_rownnz[i]; k++) {
    (*moment)[d->moment_colind[adr + k]] = d->actuator_moment[adr + k];
  }
  return true;
}

}  // namespace

// XMLreference actuator/position/dampratio: a position-like actuator (fixed gain kp, affine
// bias with biasprm[1] = -kp) with positive biasprm[2] carries a damping ratio, turned here
// into the velocity gain kv = dampratio * 2 sqrt(kp * mass), where the reflected mass at qpos0 is
// sum_j dof_M0[j] / moment_j^2 over the dofs with nonzero moment arm (a critically damped
// oscillator has kv = 2 sqrt(kp mass)). biasprm[2] becomes -kv.
bool FinalizeActuators(mjModel* m, mjData* d, std::string* err) {
  std::vector<mjtNum> moment;
  for (int i = 0; i < m->nu; i++) {
    mjtNum* gain = m->actuator_gainprm + mjNGAIN * i;
    mjtNum* bias = m->actuator_biasprm + mjNBIAS * i;
    if (m->actuator_gaintype[i] != mjGAIN_FIXED || m->actuator_biastype[i] != mjBIAS_AFFINE ||
        gain[0] != -bias[1] || bias[2] <= 0) {
      continue;
    }
    if (!EngineMoment(m, d, i, &moment) && !ClosedFormMoment(m, d, i, &moment)) {
      *err = "dampratio of actuator " + std::to_string(i) + " needs the moment arms of its " +
             "transmission, " + kNotSupported;
      return false;
    }
    mjtNum mass = 0;
    for (int j = 0; j < m->nv; j++) {
      if (moment[j] != 0) {
        mass += m->dof_M0[j] / (moment[j] * moment[j]);
      }
    }
    bias[2] = -bias[2] * 2 * std::sqrt(gain[0] * mass);
  }
  return true;
}

// ------------------------------------ compiler hooks ------------------------------------------

namespace {

bool SizeHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  return SizeActuators(&ctx, &core->sizes) || NonTreeFail(ctx, core);
}

bool FillHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  NonTreeTreeFromModel(&ctx, core->m);
  return FillActuators(&ctx, core->m) || NonTreeFail(ctx, core);
}

bool FinalizeHook(CompileContext* core, mjData* d) {
  std::string err;
  return FinalizeActuators(core->m, d, &err) || core->Error(err);
}

}  // namespace

// actuator_length0 and actuator_acc0 come from mj_setConst, muscle lengthrange from
// mj_setLengthRange
const CompileKind kCompileActuators = {"actuator", SizeHook, FillHook, FinalizeHook};

}  // namespace motus
