// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjs_resolveOrientation (modeling.rst, COrientation), the actuator shortcuts mjs_setTo*
// (XMLreference.rst, actuator/motor ... actuator/adhesion) and mjs_sensorDim.

#include <cmath>
#include <cstring>
#include <string>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "user/user_util.h"

namespace um = motus::um;

extern "C" {

// Converts an alternative orientation to a unit quaternion:
//   axisangle (x,y,z,a): q = (cos(a/2), sin(a/2) * normalized axis)
//   xyaxes: x normalized, y orthogonalized against x and normalized, z = x cross y; q = quat of
//           the matrix with columns x,y,z
//   zaxis: minimal rotation taking (0,0,1) to the normalized axis
//   euler: product of the three elementary rotations in the given sequence; lower-case axes rotate
//          with the frame (intrinsic, post-multiply), upper-case axes are fixed (extrinsic,
//          pre-multiply)
// Angles are in degrees when degree is nonzero. For mjORIENTATION_QUAT, quat is left unchanged.
const char* mjs_resolveOrientation(double quat[4], mjtByte degree, const char* sequence,
                                   const mjsOrientation* orientation) {
  if (!quat || !orientation) {
    return "NULL argument";
  }
  // degrees to radians as a / 180 * pi (this order of operations reproduces MuJoCo's
  // quaternions to the last bit, e.g. euler "0 0 12" -> (0.9945218953682733, 0, 0,
  // 0.10452846326765346); a * (pi / 180) differs in the last bit of the sine)
  auto radians = [degree](double a) { return degree ? a / 180.0 * mjPI : a; };
  switch (orientation->type) {
    case mjORIENTATION_QUAT:
      return nullptr;

    case mjORIENTATION_AXISANGLE: {
      double axis[3];
      um::Copy3(axis, orientation->axisangle);
      if (um::Normalize3(axis) < 1e-14) {
        return "axisangle too small";
      }
      double a = radians(orientation->axisangle[3]);
      quat[0] = std::cos(a / 2);
      double s = std::sin(a / 2);
      quat[1] = axis[0] * s;
      quat[2] = axis[1] * s;
      quat[3] = axis[2] * s;
      return nullptr;
    }

    case mjORIENTATION_XYAXES: {
      double x[3], y[3], z[3];
      um::Copy3(x, orientation->xyaxes);
      um::Copy3(y, orientation->xyaxes + 3);
      if (um::Normalize3(x) < 1e-14) {
        return "xaxis too small";
      }
      double d = um::Dot3(x, y);
      for (int i = 0; i < 3; i++) {
        y[i] -= d * x[i];
      }
      if (um::Normalize3(y) < 1e-14) {
        return "yaxis too small";
      }
      um::Cross(z, x, y);
      double m[9] = {x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]};
      um::Mat2Quat(quat, m);
      return nullptr;
    }

    case mjORIENTATION_ZAXIS: {
      double z[3];
      um::Copy3(z, orientation->zaxis);
      if (um::Normalize3(z) < 1e-14) {
        return "zaxis too small";
      }
      um::QuatZ2Vec(quat, z);
      return nullptr;
    }

    case mjORIENTATION_EULER: {
      if (!sequence) {
        return "euler sequence is NULL";
      }
      double q[4] = {1, 0, 0, 0};
      for (int i = 0; i < 3; i++) {
        char c = sequence[i];
        double a = radians(orientation->euler[i]);
        double r[4] = {std::cos(a / 2), 0, 0, 0};
        double s = std::sin(a / 2);
        switch (c) {
          case 'x':
          case 'X':
            r[1] = s;
            break;
          case 'y':
          case 'Y':
            r[2] = s;
            break;
          case 'z':
          case 'Z':
            r[3] = s;
            break;
          default:
            return "euler sequence must contain exactly 3 characters from {x,y,z,X,Y,Z}";
        }
        if (c >= 'a') {
          um::MulQuat(q, q, r);  // intrinsic: about the rotated axis
        } else {
          um::MulQuat(q, r, q);  // extrinsic: about the fixed axis
        }
      }
      um::CopyQuat(quat, q);
      return nullptr;
    }
  }
  return "unknown orientation type";
}

}  // extern "C"

// ------------------------------------ actuator shortcuts --------------------------------------

namespace {

// reset the parameter arrays to the internal defaults of <general> (dynprm and gainprm "1 0 ...",
// biasprm "0 ..."), as the shortcuts do regardless of default classes (XMLreference, motor)
void ResetPrm(mjsActuator* a) {
  for (int i = 0; i < mjNDYN; i++) {
    a->dynprm[i] = 0;
  }
  for (int i = 0; i < mjNGAIN; i++) {
    a->gainprm[i] = 0;
  }
  for (int i = 0; i < mjNBIAS; i++) {
    a->biasprm[i] = 0;
  }
  a->dynprm[0] = 1;
  a->gainprm[0] = 1;
}

}  // namespace

extern "C" {

const char* mjs_setToMotor(mjsActuator* actuator) {
  if (!actuator) {
    return "NULL actuator";
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_NONE;
  actuator->gaintype = mjGAIN_FIXED;
  actuator->biastype = mjBIAS_NONE;
  return nullptr;
}

// Position servo: gain kp, bias (0, -kp, -kv). A damping ratio is stored as a positive biasprm[2]
// and converted to kv = dampratio * 2 sqrt(kp m) by the compiler. timeconst > 0 adds a
// filterexact activation with dynprm[0] = timeconst.
const char* mjs_setToPosition(mjsActuator* actuator, double kp, double kv[1], double dampratio[1],
                              double timeconst[1], double inheritrange) {
  if (!actuator) {
    return "NULL actuator";
  }
  double v = kv ? kv[0] : 0, dr = dampratio ? dampratio[0] : 0, tc = timeconst ? timeconst[0] : 0;
  if (kp < 0) {
    return "kp cannot be negative";
  }
  if (v < 0) {
    return "kv cannot be negative";
  }
  if (dr < 0) {
    return "dampratio cannot be negative";
  }
  if (v > 0 && dr > 0) {
    return "kv and dampratio cannot both be defined";
  }
  if (tc < 0) {
    return "timeconst cannot be negative";
  }
  if (inheritrange < 0) {
    return "inheritrange cannot be negative";
  }
  ResetPrm(actuator);
  actuator->gaintype = mjGAIN_FIXED;
  actuator->biastype = mjBIAS_AFFINE;
  actuator->gainprm[0] = kp;
  actuator->biasprm[1] = -kp;
  actuator->biasprm[2] = dr > 0 ? dr : -v;
  actuator->dyntype = tc > 0 ? mjDYN_FILTEREXACT : mjDYN_NONE;
  if (tc > 0) {
    actuator->dynprm[0] = tc;
  }
  actuator->inheritrange = inheritrange;
  return nullptr;
}

// Integrated-velocity servo: integrator activation, position feedback on the activation,
// activation clamping on.
const char* mjs_setToIntVelocity(mjsActuator* actuator, double kp, double kv[1],
                                 double dampratio[1], double timeconst[1], double inheritrange) {
  if (!actuator) {
    return "NULL actuator";
  }
  double v = kv ? kv[0] : 0, dr = dampratio ? dampratio[0] : 0;
  (void)timeconst;
  if (kp < 0) {
    return "kp cannot be negative";
  }
  if (v < 0) {
    return "kv cannot be negative";
  }
  if (dr < 0) {
    return "dampratio cannot be negative";
  }
  if (v > 0 && dr > 0) {
    return "kv and dampratio cannot both be defined";
  }
  if (inheritrange < 0) {
    return "inheritrange cannot be negative";
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_INTEGRATOR;
  actuator->gaintype = mjGAIN_FIXED;
  actuator->biastype = mjBIAS_AFFINE;
  actuator->gainprm[0] = kp;
  actuator->biasprm[1] = -kp;
  actuator->biasprm[2] = dr > 0 ? dr : -v;
  actuator->actlimited = mjLIMITED_TRUE;
  actuator->inheritrange = inheritrange;
  return nullptr;
}

const char* mjs_setToVelocity(mjsActuator* actuator, double kv) {
  if (!actuator) {
    return "NULL actuator";
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_NONE;
  actuator->gaintype = mjGAIN_FIXED;
  actuator->biastype = mjBIAS_AFFINE;
  actuator->gainprm[0] = kv;
  actuator->biasprm[2] = -kv;
  return nullptr;
}

// Active damper: force = -kv * velocity * control, with control clamping on.
const char* mjs_setToDamper(mjsActuator* actuator, double kv) {
  if (!actuator) {
    return "NULL actuator";
  }
  if (kv < 0) {
    return "damper kv cannot be negative";
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_NONE;
  actuator->gaintype = mjGAIN_AFFINE;
  actuator->biastype = mjBIAS_NONE;
  actuator->gainprm[0] = 0;
  actuator->gainprm[2] = -kv;
  actuator->ctrllimited = mjLIMITED_TRUE;
  return nullptr;
}

// Pneumatic or hydraulic cylinder: filter activation, gain = area (pi/4 diameter^2 when a positive
// diameter is given), affine bias with biasprm[0] = bias.
const char* mjs_setToCylinder(mjsActuator* actuator, double timeconst, double bias, double area,
                              double diameter) {
  if (!actuator) {
    return "NULL actuator";
  }
  if (timeconst <= 0) {
    return "cylinder timeconst must be positive";
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_FILTER;
  actuator->gaintype = mjGAIN_FIXED;
  actuator->biastype = mjBIAS_AFFINE;
  actuator->dynprm[0] = timeconst;
  actuator->biasprm[0] = bias;
  actuator->gainprm[0] = diameter > 0 ? mjPI / 4 * diameter * diameter : area;
  return nullptr;
}

// Muscle: dynprm = (timeconst[0], timeconst[1], tausmooth); gainprm = biasprm = (range[0],
// range[1], force, scale, lmin, lmax, vmax, fpmax, fvmax).
const char* mjs_setToMuscle(mjsActuator* actuator, double timeconst[2], double tausmooth,
                            double range[2], double force, double scale, double lmin, double lmax,
                            double vmax, double fpmax, double fvmax) {
  if (!actuator) {
    return "NULL actuator";
  }
  double tc[2] = {timeconst ? timeconst[0] : 0.01, timeconst ? timeconst[1] : 0.04};
  double rg[2] = {range ? range[0] : 0.75, range ? range[1] : 1.05};
  if (tausmooth < 0) {
    return "muscle tausmooth cannot be negative";
  }
  if (tc[0] <= 0 || tc[1] <= 0) {
    return "muscle timeconst must be positive";
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_MUSCLE;
  actuator->gaintype = mjGAIN_MUSCLE;
  actuator->biastype = mjBIAS_MUSCLE;
  actuator->dynprm[0] = tc[0];
  actuator->dynprm[1] = tc[1];
  actuator->dynprm[2] = tausmooth;
  double prm[9] = {rg[0], rg[1], force, scale, lmin, lmax, vmax, fpmax, fvmax};
  for (int i = 0; i < 9; i++) {
    actuator->gainprm[i] = actuator->biasprm[i] = prm[i];
  }
  return nullptr;
}

// Active adhesion: body transmission, fixed gain, control clamping on.
const char* mjs_setToAdhesion(mjsActuator* actuator, double gain) {
  if (!actuator) {
    return "NULL actuator";
  }
  if (gain < 0) {
    return "adhesion gain cannot be negative";
  }
  if (actuator->ctrlrange[0] < 0 || actuator->ctrlrange[1] < 0) {
    return "adhesion control range cannot be negative";  // e.g. inherited from general defaults
  }
  ResetPrm(actuator);
  actuator->dyntype = mjDYN_NONE;
  actuator->gaintype = mjGAIN_FIXED;
  actuator->biastype = mjBIAS_NONE;
  actuator->gainprm[0] = gain;
  actuator->trntype = mjTRN_BODY;
  actuator->ctrllimited = mjLIMITED_TRUE;
  return nullptr;
}

// ------------------------------------ sensor dimension ----------------------------------------

// Number of sensordata entries of a sensor (XMLreference, sensor/*). Returns -1 when the dimension
// depends on compiled data (tactile: 3 per mesh vertex; plugin sensors).
int mjs_sensorDim(const mjsSensor* sensor) {
  if (!sensor) {
    return -1;
  }
  switch (sensor->type) {
    case mjSENS_TOUCH:
    case mjSENS_JOINTPOS:
    case mjSENS_JOINTVEL:
    case mjSENS_TENDONPOS:
    case mjSENS_TENDONVEL:
    case mjSENS_ACTUATORPOS:
    case mjSENS_ACTUATORVEL:
    case mjSENS_ACTUATORFRC:
    case mjSENS_JOINTACTFRC:
    case mjSENS_TENDONACTFRC:
    case mjSENS_JOINTLIMITPOS:
    case mjSENS_JOINTLIMITVEL:
    case mjSENS_JOINTLIMITFRC:
    case mjSENS_TENDONLIMITPOS:
    case mjSENS_TENDONLIMITVEL:
    case mjSENS_TENDONLIMITFRC:
    case mjSENS_INSIDESITE:
    case mjSENS_GEOMDIST:
    case mjSENS_E_POTENTIAL:
    case mjSENS_E_KINETIC:
    case mjSENS_CLOCK:
      return 1;
    case mjSENS_CAMPROJECTION:
      return 2;
    case mjSENS_ACCELEROMETER:
    case mjSENS_VELOCIMETER:
    case mjSENS_GYRO:
    case mjSENS_FORCE:
    case mjSENS_TORQUE:
    case mjSENS_MAGNETOMETER:
    case mjSENS_BALLANGVEL:
    case mjSENS_FRAMEPOS:
    case mjSENS_FRAMEXAXIS:
    case mjSENS_FRAMEYAXIS:
    case mjSENS_FRAMEZAXIS:
    case mjSENS_FRAMELINVEL:
    case mjSENS_FRAMEANGVEL:
    case mjSENS_FRAMELINACC:
    case mjSENS_FRAMEANGACC:
    case mjSENS_SUBTREECOM:
    case mjSENS_SUBTREELINVEL:
    case mjSENS_SUBTREEANGMOM:
    case mjSENS_GEOMNORMAL:
      return 3;
    case mjSENS_BALLQUAT:
    case mjSENS_FRAMEQUAT:
      return 4;
    case mjSENS_GEOMFROMTO:
      return 6;
    case mjSENS_CONTACT: {
      // intprm = (data field bits in mjtConDataField order, reduce, num)
      static const int size[mjNCONDATA] = {1, 3, 3, 1, 3, 3, 3};
      int per = 0;
      for (int i = 0; i < mjNCONDATA; i++) {
        if (sensor->intprm[0] & (1 << i)) {
          per += size[i];
        }
      }
      return per * sensor->intprm[2];
    }
    case mjSENS_RANGEFINDER: {
      // intprm[0] = data field bits in mjtRayDataField order (0: dist only); one ray for a site,
      // one per pixel for a camera
      static const int size[mjNRAYDATA] = {1, 3, 3, 3, 3, 1};
      int per = 0;
      for (int i = 0; i < mjNRAYDATA; i++) {
        if (sensor->intprm[0] & (1 << i)) {
          per += size[i];
        }
      }
      if (!per) {
        per = 1;
      }
      if (sensor->objtype == mjOBJ_CAMERA) {
        motus::SpecElement* e = motus::ToElement(sensor->element);
        motus::SpecElement* cam =
            motus::FindByName(e->model, mjOBJ_CAMERA, sensor->objname ? *sensor->objname : "");
        if (!cam) {
          return -1;
        }
        const mjsCamera* c = &static_cast<motus::SpecCamera*>(cam)->s;
        return per * c->resolution[0] * c->resolution[1];
      }
      return per;
    }
    case mjSENS_USER:
      return sensor->dim;
    default:
      return -1;
  }
}

}  // extern "C"
