// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Sensors (XMLreference "sensor", modeling "Sensors"): name resolution of the sensorized object
// and of the sensor's reference frame object, the data type and computation stage of every
// built-in type, the
// output dimension (mjs_sensorDim), sensordata addresses, and the history buffers of delayed
// sensors.
//
// Object types: the spec carries objtype/reftype as the reader set them (touch -> site, jointpos
// -> joint, subtreecom -> body, contact subtree1 -> xbody, ...); the compiler checks them against
// the sensor type and resolves the names. The data type and stage of built-in sensors are fixed
// by the type (table below, as MuJoCo's); user sensors keep the spec's values.
// History buffers hold 2 + nsample * (1 + dim) numbers each and follow the actuator buffers in
// mjData.history (see user_compile_actuator.cc).

#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "user/user_compile.h"
#include "user/user_compile_nontree.h"
#include "user/user_spec.h"

namespace motus {
namespace {

// which objects a sensor type accepts
enum ObjKind {
  kNone,       // no object (energy, clock)
  kSite,       // a site
  kSiteOrCam,  // a site or a camera (rangefinder)
  kJoint,      // any joint (further checked by type)
  kTendon,
  kActuator,
  kBody,      // a body (subtrees)
  kFrame,     // body, xbody, geom, site or camera
  kGeomBody,  // geom or body (collision sensors)
  kContact,   // geom, body, xbody (subtree), site, or nothing
  kMesh,      // tactile: a mesh
  kAny,       // user sensors: any type, or none
};

struct SensorInfo {
  int datatype;
  int needstage;
  ObjKind obj;
  ObjKind ref;  // kNone: refname/reftype are ignored; kAny with obj kFrame: optional frame
};

// data type, stage and objects of each built-in sensor type (mjtSensor order)
SensorInfo Info(int type) {
  const int R = mjDATATYPE_REAL, P = mjDATATYPE_POSITIVE, A = mjDATATYPE_AXIS,
            Q = mjDATATYPE_QUATERNION;
  const int POS = mjSTAGE_POS, VEL = mjSTAGE_VEL, ACC = mjSTAGE_ACC;
  switch (type) {
    case mjSENS_TOUCH:
      return {P, ACC, kSite, kNone};
    case mjSENS_ACCELEROMETER:
      return {R, ACC, kSite, kNone};
    case mjSENS_VELOCIMETER:
      return {R, VEL, kSite, kNone};
    case mjSENS_GYRO:
      return {R, VEL, kSite, kNone};
    case mjSENS_FORCE:
      return {R, ACC, kSite, kNone};
    case mjSENS_TORQUE:
      return {R, ACC, kSite, kNone};
    case mjSENS_MAGNETOMETER:
      return {R, POS, kSite, kNone};
    case mjSENS_RANGEFINDER:
      return {R, POS, kSiteOrCam, kNone};  // -1 without a hit: real, as in MuJoCo
    case mjSENS_CAMPROJECTION:
      return {R, POS, kSite, kSiteOrCam};
    case mjSENS_JOINTPOS:
      return {R, POS, kJoint, kNone};
    case mjSENS_JOINTVEL:
      return {R, VEL, kJoint, kNone};
    case mjSENS_TENDONPOS:
      return {R, POS, kTendon, kNone};
    case mjSENS_TENDONVEL:
      return {R, VEL, kTendon, kNone};
    case mjSENS_ACTUATORPOS:
      return {R, POS, kActuator, kNone};
    case mjSENS_ACTUATORVEL:
      return {R, VEL, kActuator, kNone};
    case mjSENS_ACTUATORFRC:
      return {R, ACC, kActuator, kNone};
    case mjSENS_JOINTACTFRC:
      return {R, ACC, kJoint, kNone};
    case mjSENS_TENDONACTFRC:
      return {R, ACC, kTendon, kNone};
    case mjSENS_BALLQUAT:
      return {Q, POS, kJoint, kNone};
    case mjSENS_BALLANGVEL:
      return {R, VEL, kJoint, kNone};
    case mjSENS_JOINTLIMITPOS:
      return {R, POS, kJoint, kNone};
    case mjSENS_JOINTLIMITVEL:
      return {R, VEL, kJoint, kNone};
    case mjSENS_JOINTLIMITFRC:
      return {R, ACC, kJoint, kNone};
    case mjSENS_TENDONLIMITPOS:
      return {R, POS, kTendon, kNone};
    case mjSENS_TENDONLIMITVEL:
      return {R, VEL, kTendon, kNone};
    case mjSENS_TENDONLIMITFRC:
      return {R, ACC, kTendon, kNone};
    case mjSENS_FRAMEPOS:
      return {R, POS, kFrame, kFrame};
    case mjSENS_FRAMEQUAT:
      return {Q, POS, kFrame, kFrame};
    case mjSENS_FRAMEXAXIS:
      return {A, POS, kFrame, kFrame};
    case mjSENS_FRAMEYAXIS:
      return {A, POS, kFrame, kFrame};
    case mjSENS_FRAMEZAXIS:
      return {A, POS, kFrame, kFrame};
    case mjSENS_FRAMELINVEL:
      return {R, VEL, kFrame, kFrame};
    case mjSENS_FRAMEANGVEL:
      return {R, VEL, kFrame, kFrame};
    case mjSENS_FRAMELINACC:
      return {R, ACC, kFrame, kNone};
    case mjSENS_FRAMEANGACC:
      return {R, ACC, kFrame, kNone};
    case mjSENS_SUBTREECOM:
      return {R, POS, kBody, kNone};
    case mjSENS_SUBTREELINVEL:
      return {R, VEL, kBody, kNone};
    case mjSENS_SUBTREEANGMOM:
      return {R, VEL, kBody, kNone};
    case mjSENS_INSIDESITE:
      return {P, POS, kFrame, kSite};
    case mjSENS_GEOMDIST:
      return {R, POS, kGeomBody, kGeomBody};
    case mjSENS_GEOMNORMAL:
      return {A, POS, kGeomBody, kGeomBody};
    case mjSENS_GEOMFROMTO:
      return {R, POS, kGeomBody, kGeomBody};
    case mjSENS_CONTACT:
      return {R, ACC, kContact, kContact};
    case mjSENS_E_POTENTIAL:
      return {R, POS, kNone, kNone};
    case mjSENS_E_KINETIC:
      return {R, POS, kNone, kNone};
    case mjSENS_CLOCK:
      return {R, POS, kNone, kNone};
    case mjSENS_TACTILE:
      return {R, ACC, kMesh, kGeomBody};
    default:
      return {R, ACC, kAny, kAny};  // user
  }
}

bool Accepts(ObjKind kind, int type, bool is_ref) {
  switch (kind) {
    case kNone:
      return type == mjOBJ_UNKNOWN;
    case kSite:
      return type == mjOBJ_SITE;
    case kSiteOrCam:
      return type == mjOBJ_SITE || type == mjOBJ_CAMERA;
    case kJoint:
      return type == mjOBJ_JOINT;
    case kTendon:
      return type == mjOBJ_TENDON;
    case kActuator:
      return type == mjOBJ_ACTUATOR;
    case kBody:
      return type == mjOBJ_BODY;
    case kFrame:
      return (is_ref && type == mjOBJ_UNKNOWN) || type == mjOBJ_BODY || type == mjOBJ_XBODY ||
             type == mjOBJ_GEOM || type == mjOBJ_SITE || type == mjOBJ_CAMERA;
    case kGeomBody:
      return type == mjOBJ_GEOM || type == mjOBJ_BODY;
    case kContact:
      return type == mjOBJ_UNKNOWN || type == mjOBJ_GEOM || type == mjOBJ_BODY ||
             type == mjOBJ_XBODY || (!is_ref && type == mjOBJ_SITE);
    case kMesh:
      return type == mjOBJ_MESH;
    case kAny:
      return true;
  }
  return false;
}

// resolves one object (the sensorized object or the reftype object); id -1 for mjOBJ_UNKNOWN
bool ResolveObject(NonTreeContext* ctx, const std::string& who, int type, const std::string& name,
                   ObjKind kind, bool is_ref, int* id) {
  *id = -1;
  const char* what = is_ref ? "reference object" : "sensorized object";
  if (kind == kNone && !is_ref && type != mjOBJ_UNKNOWN) {
    ctx->error = who + ": this sensor type has no " + what;
    return false;
  }
  if (kind == kNone) {
    return true;  // references of types without one are ignored
  }
  if (!Accepts(kind, type, is_ref)) {
    ctx->error = who + ": invalid type of " + what + " (" + mju_type2Str(type) + ")";
    return false;
  }
  if (type == mjOBJ_UNKNOWN) {
    if (!name.empty()) {
      ctx->error = who + ": name '" + name + "' given for the " + what + " but no type";
      return false;
    }
    return true;
  }
  *id = ctx->Find(static_cast<mjtObj>(type), name);
  if (*id < 0) {
    ctx->error =
        who + ": unrecognized name '" + name + "' of " + what + " (" + mju_type2Str(type) + ")";
    return false;
  }
  return true;
}

// resolved sensor
struct Resolved {
  int objid = -1, refid = -1, datatype = 0, needstage = 0, dim = 0, nhist = 0;
};

// type-specific requirements on the resolved objects. With m == nullptr (sizes phase) the
// checks that need compiled limits are skipped.
bool CheckObjects(NonTreeContext* ctx, const mjModel* m, const std::string& who, const mjsSensor& s,
                  const Resolved& r) {
  const NonTreeTree& tree = ctx->tree;
  switch (s.type) {
    case mjSENS_JOINTPOS:
    case mjSENS_JOINTVEL:
    case mjSENS_JOINTACTFRC: {
      int type = tree.jnt_type[r.objid];
      if (type != mjJNT_SLIDE && type != mjJNT_HINGE) {
        ctx->error = who + ": joint must be slide or hinge";
        return false;
      }
      return true;
    }
    case mjSENS_BALLQUAT:
    case mjSENS_BALLANGVEL:
      if (tree.jnt_type[r.objid] != mjJNT_BALL) {
        ctx->error = who + ": joint must be ball";
        return false;
      }
      return true;
    case mjSENS_JOINTLIMITPOS:
    case mjSENS_JOINTLIMITVEL:
    case mjSENS_JOINTLIMITFRC:
      if (m && !m->jnt_limited[r.objid]) {
        ctx->error = who + ": joint must be limited";
        return false;
      }
      return true;
    case mjSENS_TENDONLIMITPOS:
    case mjSENS_TENDONLIMITVEL:
    case mjSENS_TENDONLIMITFRC:
      if (m && !m->tendon_limited[r.objid]) {
        ctx->error = who + ": tendon must be limited";
        return false;
      }
      return true;
    case mjSENS_CAMPROJECTION:
      if (s.reftype != mjOBJ_CAMERA) {
        ctx->error = who + ": camprojection needs a camera";
        return false;
      }
      if (tree.cam_resolution[2 * r.refid] <= 0 || tree.cam_resolution[2 * r.refid + 1] <= 0) {
        ctx->error = who + ": camera resolution must be positive";
        return false;
      }
      return true;
    case mjSENS_INSIDESITE:
      if (s.reftype != mjOBJ_SITE) {
        ctx->error = who + ": insidesite needs a site";
        return false;
      }
      return true;
    case mjSENS_GEOMDIST:
    case mjSENS_GEOMNORMAL:
    case mjSENS_GEOMFROMTO: {
      if (s.objtype == s.reftype && r.objid == r.refid) {
        ctx->error = who + ": 1st body/geom must be different from 2nd body/geom";
        return false;
      }
      // mj_geomDistance has no height-field distance: a height-field geom is refused, as MuJoCo
      // does (a body that holds one is accepted there too)
      auto is_hfield = [&](int objtype, int id) {
        return objtype == mjOBJ_GEOM && tree.geom_type[id] == mjGEOM_HFIELD;
      };
      if (is_hfield(s.objtype, r.objid) || is_hfield(s.reftype, r.refid)) {
        ctx->error = who + ": height fields are not supported in geom distance sensors";
        return false;
      }
      return true;
    }
    case mjSENS_CONTACT:
      if (s.intprm[2] <= 0) {
        ctx->error = who + ": num must be positive";
        return false;
      }
      return true;
    case mjSENS_TACTILE:
      if (s.reftype != mjOBJ_GEOM) {
        ctx->error = who + ": tactile sensor needs a geom";
        return false;
      }
      return true;
    default:
      return true;
  }
}

// output dimension (mjs_sensorDim, completed with what needs the compiled tree)
int SensorDim(NonTreeContext* ctx, const mjsSensor& s, const Resolved& r) {
  if (s.type == mjSENS_TACTILE) {
    // one (pressure, 2 tangential velocities) triple per mesh vertex
    const std::vector<int>& nvert = ctx->tree.mesh_nvert;
    return r.objid < static_cast<int>(nvert.size()) ? 3 * nvert[r.objid] : -1;
  }
  if (s.type == mjSENS_RANGEFINDER && s.objtype == mjOBJ_CAMERA) {
    mjsSensor site = s;  // per-ray size from the data fields, times the camera pixel count
    site.objtype = mjOBJ_SITE;
    int per = mjs_sensorDim(&site);
    const int* res = ctx->tree.cam_resolution.data() + 2 * r.objid;
    return per * res[0] * res[1];
  }
  return mjs_sensorDim(&s);
}

bool CheckSensor(NonTreeContext* ctx, const mjModel* m, const SpecSensor* sen, int i, Resolved* r) {
  ctx->bad = sen;
  const mjsSensor& s = sen->s;
  const std::string who = Describe("sensor", sen, i);
  if (s.plugin.active && s.type != mjSENS_PLUGIN) {
    ctx->error = who + ": only sensors of type plugin can have a plugin";
    return false;
  }
  // read as an int: a spec may hold any value, and loading an out-of-range mjtSensor is undefined
  int type;
  std::memcpy(&type, &s.type, sizeof(type));
  if (type < 0 || type > mjSENS_USER) {
    ctx->error = who + ": unknown sensor type " + std::to_string(type);
    return false;
  }
  SensorInfo info = Info(s.type);
  if (!ResolveObject(ctx, who, s.objtype, sen->own.objname, info.obj, false, &r->objid) ||
      !ResolveObject(ctx, who, s.reftype, sen->own.refname, info.ref, true, &r->refid)) {
    return false;
  }
  if (info.obj != kNone && info.obj != kAny && info.obj != kContact && r->objid < 0) {
    ctx->error = who + ": missing sensorized object";
    return false;
  }
  if (!CheckObjects(ctx, m, who, s, *r)) {
    return false;
  }

  // data type, stage, dimension; a plugin sensor's stage is its plugin's and its size is what
  // the plugin reports for the filled model (0 until then, see user_compile_plugin.cc)
  if (s.type == mjSENS_PLUGIN) {
    const CompileContext* core = ctx->core;
    bool known =
        core && i < static_cast<int>(core->sensor_plugin.size()) && core->sensor_plugin[i] >= 0;
    r->datatype = mjDATATYPE_REAL;
    r->needstage = known ? core->Plugin(core->sensor_plugin[i])->needstage : mjSTAGE_ACC;
    r->dim = known ? core->plugin_sensor_dim[i] : 0;
  } else if (s.type == mjSENS_USER) {
    r->datatype = s.datatype;
    r->needstage = s.needstage;
    if (s.dim < 0) {
      ctx->error = who + ": negative dim";
      return false;
    }
    if (s.datatype == mjDATATYPE_AXIS && s.dim != 3) {
      ctx->error = who + ": datatype AXIS requires dim=3";
      return false;
    }
    if (s.datatype == mjDATATYPE_QUATERNION && s.dim != 4) {
      ctx->error = who + ": datatype QUATERNION requires dim=4";
      return false;
    }
  } else {
    r->datatype = info.datatype;
    r->needstage = info.needstage;
  }
  if (s.type != mjSENS_PLUGIN) {
    r->dim = SensorDim(ctx, s, *r);
  }
  if (r->dim < 0) {
    ctx->error = who + ": cannot determine the output dimension";
    return false;
  }

  // noise and cutoff (collision sensors use cutoff as the detection distance)
  if (s.cutoff < 0) {
    ctx->error = who + ": negative cutoff";
    return false;
  }
  if (s.noise < 0) {
    ctx->error = who + ": negative noise";
    return false;
  }
  bool collision =
      s.type == mjSENS_GEOMDIST || s.type == mjSENS_GEOMNORMAL || s.type == mjSENS_GEOMFROMTO;
  if (s.cutoff > 0 && !collision &&
      (r->datatype == mjDATATYPE_AXIS || r->datatype == mjDATATYPE_QUATERNION)) {
    ctx->error = who + ": cutoff applied to axis or quaternion datatype";
    return false;
  }

  // history buffer (modeling "Delays"); as in MuJoCo, a negative nsample or delay means none
  if (s.interp < 0 || s.interp > 2) {
    ctx->error = who + ": interp must be 0 (zoh), 1 (linear) or 2 (cubic)";
    return false;
  }
  if (s.delay > 0 && s.nsample <= 0) {
    ctx->error = "setting delay > 0 without a history buffer in " + who;
    return false;
  }
  if (s.interval[0] < 0) {
    ctx->error = "negative interval in " + who;
    return false;
  }
  if (s.interval[1] > 0) {
    ctx->error = "positive phase in " + who;
    return false;
  }
  if (s.interval[0] > 0 && s.interval[1] <= -s.interval[0]) {
    ctx->error = "phase must be greater than -period in " + who;
    return false;
  }
  // the value of a user sensor exists only inside mjcb_sensor's stage call, so a delayed one
  // could not be recorded at the end of the step
  if (s.delay > 0 && s.type == mjSENS_USER) {
    ctx->error = "delay on a user sensor is not supported in " + who;
    return false;
  }
  r->nhist = s.nsample > 0 ? 2 + s.nsample * (1 + r->dim) : 0;
  return true;
}

}  // namespace

bool SensorObjectTypesValid(int type, int objtype, int reftype) {
  SensorInfo info = Info(type);
  if (info.obj == kNone && objtype != mjOBJ_UNKNOWN) {
    return false;
  }
  return Accepts(info.obj, objtype, false) &&
         (info.ref == kNone || Accepts(info.ref, reftype, true));
}

int SensorModelDim(const mjModel* m, int i) {
  int type = m->sensor_type[i], objtype = m->sensor_objtype[i], id = m->sensor_objid[i];
  const int* prm = m->sensor_intprm + mjNSENS * i;
  if (type == mjSENS_USER || type == mjSENS_PLUGIN) {
    return -1;
  }
  if (type == mjSENS_TACTILE) {
    return objtype == mjOBJ_MESH && id >= 0 && id < m->nmesh ? 3 * m->mesh_vertnum[id] : -2;
  }
  if (type == mjSENS_CONTACT && (prm[2] <= 0 || prm[2] > (1 << 20))) {
    return -2;  // a number of contacts no model asks for: no dimension matches
  }
  mjsSensor s{};
  s.type = static_cast<mjtSensor>(type);
  s.objtype = mjOBJ_SITE;  // the camera form of the rangefinder is counted per pixel below
  for (int k = 0; k < mjNSENS; k++) {
    s.intprm[k] = prm[k];
  }
  int dim = mjs_sensorDim(&s);
  if (type == mjSENS_RANGEFINDER && objtype == mjOBJ_CAMERA) {
    if (id < 0 || id >= m->ncam) {
      return -2;
    }
    int64_t n =
        static_cast<int64_t>(dim) * m->cam_resolution[2 * id] * m->cam_resolution[2 * id + 1];
    return n >= 0 && n <= (1 << 30) ? static_cast<int>(n) : -2;
  }
  return dim;
}

bool SizeSensors(NonTreeContext* ctx, mjModel* sizes) {
  SpecModel* spec = ctx->spec;
  int nsensor = static_cast<int>(spec->sensors.size());
  int nsensordata = 0, nhistory = 0;
  std::vector<const std::vector<double>*> user;
  for (int i = 0; i < nsensor; i++) {
    const SpecSensor* sen = spec->sensors[i].get();
    Resolved r;
    if (!CheckSensor(ctx, nullptr, sen, i, &r)) {
      return false;
    }
    nsensordata += r.dim;
    nhistory += r.nhist;
    user.push_back(&sen->own.userdata);
  }
  int nuser = UserSize(spec->s.nuser_sensor, user, "sensor", &ctx->error);
  if (nuser < 0) {
    return false;
  }
  sizes->nsensor = nsensor;
  sizes->nsensordata = nsensordata;
  sizes->nuser_sensor = nuser;
  sizes->nhistory += nhistory;
  return true;
}

bool FillSensors(NonTreeContext* ctx, mjModel* m) {
  SpecModel* spec = ctx->spec;
  int nsensor = static_cast<int>(m->nsensor);
  int nuser = static_cast<int>(m->nuser_sensor);
  // sensor history buffers follow the actuator buffers (2 + 2*nsample numbers each)
  int adr = 0, histadr = 0;
  for (int a = 0; a < m->nu; a++) {
    int nsample = m->actuator_history[2 * a];
    histadr += nsample > 0 ? 2 + 2 * nsample : 0;
  }
  for (int i = 0; i < nsensor; i++) {
    SpecSensor* sen = spec->sensors[i].get();
    const mjsSensor& s = sen->s;
    Resolved r;
    if (!CheckSensor(ctx, m, sen, i, &r)) {
      return false;
    }
    sen->id = i;

    m->sensor_type[i] = s.type;
    m->sensor_datatype[i] = r.datatype;
    m->sensor_needstage[i] = r.needstage;
    m->sensor_objtype[i] = s.objtype;
    m->sensor_objid[i] = r.objid;
    // types without a reference object report none, whatever the spec says
    bool hasref = Info(s.type).ref != kNone;
    m->sensor_reftype[i] = hasref ? s.reftype : mjOBJ_UNKNOWN;
    m->sensor_refid[i] = hasref ? r.refid : -1;
    for (int k = 0; k < mjNSENS; k++) {
      m->sensor_intprm[mjNSENS * i + k] = s.intprm[k];
    }
    if (s.type == mjSENS_RANGEFINDER && s.intprm[0] == 0) {
      m->sensor_intprm[mjNSENS * i] = 1 << mjRAYDATA_DIST;  // the default data field
    }
    m->sensor_dim[i] = r.dim;
    if (s.type != mjSENS_PLUGIN) {
      m->sensor_adr[i] = adr;
      adr += r.dim;
    }
    m->sensor_cutoff[i] = s.cutoff;
    m->sensor_noise[i] = s.noise;

    m->sensor_history[2 * i] = s.nsample;
    m->sensor_history[2 * i + 1] = s.interp;
    m->sensor_historyadr[i] = r.nhist ? histadr : -1;
    histadr += r.nhist;
    m->sensor_delay[i] = s.delay;
    m->sensor_interval[2 * i] = s.interval[0];
    m->sensor_interval[2 * i + 1] = s.interval[1];

    m->sensor_plugin[i] = -1;
    const std::vector<double>& ud = sen->own.userdata;
    for (int k = 0; k < nuser; k++) {
      m->sensor_user[nuser * i + k] = k < static_cast<int>(ud.size()) ? ud[k] : 0;
    }
  }
  // plugin sensors follow the built-in ones, by instance, then by sensor id
  for (int p = 0; p < m->nplugin && ctx->core; p++) {
    for (int i = 0; i < nsensor; i++) {
      if (m->sensor_type[i] == mjSENS_PLUGIN && ctx->core->sensor_plugin[i] == p) {
        m->sensor_adr[i] = adr;
        adr += m->sensor_dim[i];
      }
    }
  }
  return true;
}

// ------------------------------------ compiler hooks ------------------------------------------

namespace {

bool SizeHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  return SizeSensors(&ctx, &core->sizes) || NonTreeFail(ctx, core);
}

bool FillHook(CompileContext* core) {
  NonTreeContext ctx;
  NonTreeFromCompile(&ctx, core);
  NonTreeTreeFromModel(&ctx, core->m);
  return FillSensors(&ctx, core->m) || NonTreeFail(ctx, core);
}

}  // namespace

const CompileKind kCompileSensors = {"sensor", SizeHook, FillHook, nullptr};

}  // namespace motus
