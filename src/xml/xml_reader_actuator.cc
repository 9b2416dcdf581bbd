// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Actuators (XMLreference.rst, actuator; modeling.rst, CActShortcuts): <general> and the shortcuts
// motor, position, velocity, intvelocity, damper, cylinder, muscle, adhesion and dcmotor, in model
// elements and in default classes.
//
// Each shortcut accepts the common attributes listed for it in XMLreference.rst plus its own, and
// is applied with the matching mjs_setTo* function. A shortcut attribute that is not written takes
// the value the shortcut would reproduce from the actuator as initialized by its default class, so
// a class defined with the same shortcut carries over (e.g. position kp = gainprm[0], kv or
// dampratio from biasprm[2] (a positive biasprm[2] stores a damping ratio), timeconst = dynprm[0]
// for filterexact dynamics). For the muscle, parameters still at the <general> internal defaults
// (dynprm "1 0 0", gainprm "1 0 ...") are replaced by MuJoCo's muscle defaults
// (timeconst "0.01 0.04", range "0.75 1.05", force -1, scale 200, lmin 0.5, lmax 1.6, vmax 1.5,
// fpmax 1.3, fvmax 1.2); this reproduces MuJoCo, which lets a class set
// individual muscle parameters through <general gainprm=...>.
//
// Transmission: at most one of joint, jointinparent, tendon, site, cranksite (slider-crank) and
// body (general, adhesion) names the target; default classes cannot name targets.

#include <cmath>
#include <string>

#include <mujoco/mujoco.h>

#include "xml/xml_reader.h"

namespace motus {
namespace mjcf {
namespace {

const char* kKinds[] = {"general", "motor",    "position", "velocity", "intvelocity",
                        "damper",  "cylinder", "muscle",   "adhesion", "dcmotor"};

const XmlKeyword kDynType[] = {{"none", mjDYN_NONE},     {"integrator", mjDYN_INTEGRATOR},
                               {"filter", mjDYN_FILTER}, {"filterexact", mjDYN_FILTEREXACT},
                               {"muscle", mjDYN_MUSCLE}, {"dcmotor", mjDYN_DCMOTOR},
                               {"user", mjDYN_USER}};
const XmlKeyword kGainType[] = {{"fixed", mjGAIN_FIXED},
                                {"affine", mjGAIN_AFFINE},
                                {"muscle", mjGAIN_MUSCLE},
                                {"dcmotor", mjGAIN_DCMOTOR},
                                {"user", mjGAIN_USER}};
const XmlKeyword kBiasType[] = {{"none", mjBIAS_NONE},
                                {"affine", mjBIAS_AFFINE},
                                {"muscle", mjBIAS_MUSCLE},
                                {"dcmotor", mjBIAS_DCMOTOR},
                                {"user", mjBIAS_USER}};
const XmlKeyword kInterp[] = {{"zoh", 0}, {"linear", 1}, {"cubic", 2}};
const XmlKeyword kDCInput[] = {{"voltage", 0}, {"position", 1}, {"velocity", 2}};

// transmission targets and their types
struct Target {
  const char* attr;
  mjtTrn type;
};
const Target kTargets[] = {{"joint", mjTRN_JOINT},           {"jointinparent", mjTRN_JOINTINPARENT},
                           {"tendon", mjTRN_TENDON},         {"site", mjTRN_SITE},
                           {"cranksite", mjTRN_SLIDERCRANK}, {"body", mjTRN_BODY}};

// attributes common to <general> and the shortcuts (XMLreference.rst, actuator/general)
void ReadCommon(XmlContext& ctx, XmlAttrs& a, mjsActuator* act, const std::string& kind,
                bool dflt) {
  const bool adhesion = kind == "adhesion";
  const bool general = kind == "general";
  a.Int("group", &act->group);
  a.Int("nsample", &act->nsample);
  a.Keyword("interp", kInterp, &act->interp);
  a.Num("delay", &act->delay);
  if (!adhesion) {
    a.Keyword("ctrllimited", kXmlLimited, &act->ctrllimited);
  }
  if (kind != "dcmotor") {
    a.Keyword("forcelimited", kXmlLimited, &act->forcelimited);
    a.Nums("forcerange", act->forcerange, 2);
  }
  a.Nums("ctrlrange", act->ctrlrange, 2);
  ReadUser(a, act->userdata);
  if (adhesion) {
    if (!dflt) {
      a.Require("body");
      std::string body;
      ReadRef(ctx, a, "body", &body);
      mjs_setString(act->target, body.c_str());
      act->trntype = mjTRN_BODY;
    }
    return;
  }
  a.Nums("lengthrange", act->lengthrange, 2);
  a.Nums("gear", act->gear, 6, true);
  a.Num("cranklength", &act->cranklength);
  double damping[mjNPOLY + 1] = {0};
  if (a.Nums("damping", damping, mjNPOLY + 1, true)) {
    for (int i = 0; i <= mjNPOLY; i++) {
      act->damping[i] = damping[i];
    }
  }
  a.Num("armature", &act->armature);
  if (general || kind == "intvelocity") {
    a.Nums("actrange", act->actrange, 2);
  }
  if (dflt) {
    return;
  }

  // transmission (XMLreference.rst, actuator/general/joint ... body)
  const Target* found = nullptr;
  for (const Target& t : kTargets) {
    if (t.type == mjTRN_BODY && !general) {
      continue;
    }
    if (t.type == mjTRN_SITE && kind == "muscle") {
      continue;
    }
    if (!a.Has(t.attr)) {
      continue;
    }
    if (found) {
      a.Fail("actuator can have only one transmission target, got both '" +
             std::string(found->attr) + "' and '" + t.attr + "'");
    }
    found = &t;
    std::string target;
    ReadRef(ctx, a, t.attr, &target);
    mjs_setString(act->target, target.c_str());
    act->trntype = t.type;
  }
  if (kind != "muscle") {
    ReadRef(ctx, a, "refsite", act->refsite);
  }
  ReadRef(ctx, a, "slidersite", act->slidersite);
}

void CheckSetter(XmlAttrs& a, const char* err) {
  if (err && *err) {
    a.Fail(std::string("invalid ") + a.ElementName() + " actuator: " + err);
  }
}

// kv or dampratio of a position/intvelocity servo: explicit values win, otherwise the values the
// class stored in biasprm[2] (negative: -kv, positive: dampratio)
void ReadServoDamping(XmlAttrs& a, const mjsActuator* act, double* kv, double* dampratio) {
  double b2 = act->biasprm[2];
  *kv = b2 <= 0 ? -b2 : 0;
  *dampratio = b2 > 0 ? b2 : 0;
  bool haskv = a.Num("kv", kv);
  bool hasdr = a.Num("dampratio", dampratio);
  if (haskv && hasdr && *kv != 0 && *dampratio != 0) {
    a.Fail("attributes 'kv' and 'dampratio' of element '" + a.ElementName() +
           "' cannot both be defined");
  }
  if (haskv && !hasdr) {
    *dampratio = 0;
  }
  if (hasdr && !haskv) {
    *kv = 0;
  }
}

void ApplyPosition(XmlAttrs& a, mjsActuator* act) {
  double kp = act->gainprm[0], kv, dampratio;
  double timeconst = act->dyntype == mjDYN_FILTEREXACT ? act->dynprm[0] : 0;
  double inheritrange = act->inheritrange;
  a.Num("kp", &kp);
  ReadServoDamping(a, act, &kv, &dampratio);
  bool explicit_timeconst = a.Num("timeconst", &timeconst);
  a.Num("inheritrange", &inheritrange);
  CheckSetter(a, mjs_setToPosition(act, kp, &kv, &dampratio, &timeconst, inheritrange));
  if (explicit_timeconst) {
    act->dynprm[0] = timeconst;  // as MuJoCo: a written timeconst is stored, 0 included
  }
}

void ApplyIntVelocity(XmlAttrs& a, mjsActuator* act) {
  double kp = act->gainprm[0], kv, dampratio, timeconst = 0;
  double inheritrange = act->inheritrange;
  a.Num("kp", &kp);
  ReadServoDamping(a, act, &kv, &dampratio);
  a.Num("inheritrange", &inheritrange);
  CheckSetter(a, mjs_setToIntVelocity(act, kp, &kv, &dampratio, &timeconst, inheritrange));
}

void ApplyCylinder(XmlAttrs& a, mjsActuator* act) {
  double timeconst = act->dynprm[0], area = act->gainprm[0], diameter = -1;
  double bias[3] = {act->biasprm[0], act->biasprm[1], act->biasprm[2]};
  a.Num("timeconst", &timeconst);
  a.Num("area", &area);
  if (a.Num("diameter", &diameter)) {
    area = mjPI / 4 * diameter * diameter;  // diameter has precedence over area
  }
  a.Nums("bias", bias, 3);
  // bias takes 3 numbers but only the first one is used: MuJoCo stores
  // biasprm = (bias[0], 0, 0) in actuator_biasprm
  CheckSetter(a, mjs_setToCylinder(act, timeconst, bias[0], area, -1));
}

void ApplyMuscle(XmlAttrs& a, mjsActuator* act) {
  // parameters still at the <general> internal defaults take the muscle defaults
  auto pick = [](double v, double general, double muscle) { return v == general ? muscle : v; };
  double timeconst[2] = {pick(act->dynprm[0], 1, 0.01), pick(act->dynprm[1], 0, 0.04)};
  double tausmooth = act->dynprm[2];
  const double* g = act->gainprm;
  double range[2] = {pick(g[0], 1, 0.75), pick(g[1], 0, 1.05)};
  double force = pick(g[2], 0, -1), scale = pick(g[3], 0, 200), lmin = pick(g[4], 0, 0.5);
  double lmax = pick(g[5], 0, 1.6), vmax = pick(g[6], 0, 1.5), fpmax = pick(g[7], 0, 1.3);
  double fvmax = pick(g[8], 0, 1.2);
  a.Nums("timeconst", timeconst, 2);
  a.Num("tausmooth", &tausmooth);
  a.Nums("range", range, 2);
  a.Num("force", &force);
  a.Num("scale", &scale);
  a.Num("lmin", &lmin);
  a.Num("lmax", &lmax);
  a.Num("vmax", &vmax);
  a.Num("fpmax", &fpmax);
  a.Num("fvmax", &fvmax);
  CheckSetter(a, mjs_setToMuscle(act, timeconst, tausmooth, range, force, scale, lmin, lmax, vmax,
                                 fpmax, fvmax));
}

// <dcmotor>: every parameter array starts from what a class defined with <dcmotor> stored
// (user_spec_dcmotor.cc gives the layout: the inductance comes back as its time constant, the
// motor constant as K, the saturation as its torque), so that an element can override single
// values; partial lists replace the leading values only
void ApplyDCMotor(XmlAttrs& a, mjsActuator* act) {
  double motorconst[2] = {0, 0}, resistance = 0, nominal[3] = {0, 0, 0};
  double saturation[3] = {0, 0, 0}, inductance[2] = {0, 0}, cogging[3] = {0, 0, 0};
  double controller[6] = {0}, thermal[6] = {0}, lugre[5] = {0};
  int input = 0;
  if (act->gaintype == mjGAIN_DCMOTOR) {
    const double *g = act->gainprm, *p = act->dynprm, *b = act->biasprm;
    resistance = g[0];
    motorconst[0] = g[1];
    saturation[0] = act->forcelimited == mjLIMITED_TRUE ? act->forcerange[1] : 0;
    saturation[2] = p[1];
    inductance[1] = p[0];
    const double ctl[6] = {g[4], g[5], g[6], p[7], p[8], g[7]};
    const double thm[6] = {p[2], p[3], 0, g[2], g[3], p[4]};
    const double lug[5] = {p[5], p[6], b[3], b[4], b[5]};
    for (int k = 0; k < 6; k++) {
      controller[k] = ctl[k];
      thermal[k] = thm[k];
    }
    for (int k = 0; k < 5; k++) {
      lugre[k] = lug[k];
    }
    for (int k = 0; k < 3; k++) {
      cogging[k] = b[k];
    }
    input = static_cast<int>(g[8]);
  }
  a.Nums("motorconst", motorconst, 2, true);
  a.Num("resistance", &resistance);
  bool hasnom = a.Nums("nominal", nominal, 3, true) > 0;
  a.Nums("saturation", saturation, 3, true);
  a.Nums("inductance", inductance, 2, true);
  a.Nums("cogging", cogging, 3, true);
  a.Nums("controller", controller, 6, true);
  a.Nums("thermal", thermal, 6, true);
  a.Nums("lugre", lugre, 5, true);
  a.Keyword("input", kDCInput, &input);
  CheckSetter(a,
              mjs_setToDCMotor(act, motorconst, resistance, hasnom ? nominal : nullptr, saturation,
                               inductance, cogging, controller, thermal, lugre, input));
}

void ApplyGeneral(XmlAttrs& a, mjsActuator* act) {
  a.Keyword("actlimited", kXmlLimited, &act->actlimited);
  a.Int("actdim", &act->actdim);
  a.Enum("dyntype", kDynType, &act->dyntype);
  a.Enum("gaintype", kGainType, &act->gaintype);
  a.Enum("biastype", kBiasType, &act->biastype);
  a.Nums("dynprm", act->dynprm, mjNDYN, true);
  a.Nums("gainprm", act->gainprm, mjNGAIN, true);
  a.Nums("biasprm", act->biasprm, mjNGAIN, true);
  a.Bool("actearly", &act->actearly);
}

// <actuator><plugin>: the transmission and limits of <general>, the built-in activation
// dynamics the plugin's own states are followed by (XMLreference.rst actuator/plugin), and the
// plugin instance with its <config> children when created in place
void ParsePluginActuator(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs a(node);
  mjsActuator* act = mjs_addActuator(ctx.spec, ActiveDefault(ctx, a, nullptr));
  CheckSpec(ctx, node, act, "actuator");
  ReadName(ctx, a, act->element, false);
  ReadCommon(ctx, a, act, "plugin", false);
  a.Nums("actrange", act->actrange, 2);
  a.Keyword("actlimited", kXmlLimited, &act->actlimited);
  a.Int("actdim", &act->actdim);
  a.Enum("dyntype", kDynType, &act->dyntype);
  a.Nums("dynprm", act->dynprm, mjNDYN, true);
  a.Bool("actearly", &act->actearly);
  ReadPluginRef(ctx, a, &act->plugin);
  a.Finish();
}

}  // namespace

bool IsActuatorKind(const std::string& name) {
  for (const char* k : kKinds) {
    if (name == k) {
      return true;
    }
  }
  return false;
}

void ReadActuator(XmlContext& ctx, const XmlNode& node, XmlAttrs& a, mjsActuator* act, bool dflt) {
  const std::string kind = node.Name();
  ReadCommon(ctx, a, act, kind, dflt);
  if (kind == "general") {
    ApplyGeneral(a, act);
  } else if (kind == "motor") {
    CheckSetter(a, mjs_setToMotor(act));
  } else if (kind == "position") {
    ApplyPosition(a, act);
  } else if (kind == "velocity") {
    double kv = act->gainprm[0];
    a.Num("kv", &kv);
    CheckSetter(a, mjs_setToVelocity(act, kv));
  } else if (kind == "intvelocity") {
    ApplyIntVelocity(a, act);
  } else if (kind == "damper") {
    // kv of a class that defined a damper (gainprm[2] = -kv), else 0 as in MuJoCo
    double kv = act->gaintype == mjGAIN_AFFINE ? -act->gainprm[2] : 0;
    a.Num("kv", &kv);
    CheckSetter(a, mjs_setToDamper(act, kv));
  } else if (kind == "cylinder") {
    ApplyCylinder(a, act);
  } else if (kind == "muscle") {
    ApplyMuscle(a, act);
  } else if (kind == "adhesion") {
    double gain = act->gainprm[0];
    a.Num("gain", &gain);
    CheckSetter(a, mjs_setToAdhesion(act, gain));
  } else if (kind == "dcmotor") {
    ApplyDCMotor(a, act);
  }
}

void ParseActuatorSection(XmlContext& ctx, const XmlNode& node) {
  XmlAttrs top(node);
  top.Finish();
  for (const XmlNode& c : node.children) {
    std::string n = c.Name();
    std::vector<std::string> variants = ctx.rep.Variants(CollectReferences(c));
    int made = static_cast<int>(variants.size());
    ctx.keyrep.actuators.push_back(variants.size() == 1 && variants[0].empty() ? made : -made);
    if (n == "plugin") {
      for (const std::string& variant : variants) {
        ctx.variant = variant;
        ParsePluginActuator(ctx, c);
      }
      ctx.variant.clear();
      continue;
    }
    if (!IsActuatorKind(n)) {
      UnknownElement(c, node);
    }
    for (const std::string& variant : variants) {
      ctx.variant = variant;
      XmlAttrs a(c);
      mjsActuator* act = mjs_addActuator(ctx.spec, ActiveDefault(ctx, a, nullptr));
      CheckSpec(ctx, c, act, "actuator");
      ReadName(ctx, a, act->element, false);
      ReadActuator(ctx, c, a, act, false);
      a.Finish();
      CheckLeaf(c);
    }
    ctx.variant.clear();
  }
}

}  // namespace mjcf
}  // namespace motus
