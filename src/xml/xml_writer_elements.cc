// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Attributes of the individual MJCF elements (XMLreference.rst, one section per element). Each
// function maps the fields of one mjs* struct to the attribute names of XMLreference.rst and
// writes those that differ from the defaults struct `ref` (see xml_writer.h).

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "xml/xml_writer.h"
#include "xml/xml_writer_node.h"

namespace motus {
namespace {

// keyword tables, indexed by enum value (XMLreference.rst attribute value lists)
const char* const kJointType[] = {"free", "ball", "slide", "hinge"};
const char* const kGeomType[] = {"plane",    "hfield", "sphere", "capsule", "ellipsoid",
                                 "cylinder", "box",    "mesh",   "sdf"};
const char* const kLimited[] = {"false", "true", "auto"};
const char* const kCamLight[] = {"fixed", "track", "trackcom", "targetbody", "targetbodycom"};
const char* const kProjection[] = {"perspective", "orthographic"};
const char* const kLightType[] = {"spot", "directional", "point", "image"};
const char* const kMeshInertia[] = {"convex", "exact", "legacy", "shell"};
const char* const kTextureType[] = {"2d", "cube", "skybox"};
const char* const kColorSpace[] = {"auto", "linear", "sRGB"};
const char* const kBuiltin[] = {"none", "gradient", "checker", "flat"};
const char* const kMark[] = {"none", "edge", "cross", "random"};
const char* const kTexRole[] = {"user",   "rgb",     "occlusion", "roughness", "metallic",
                                "normal", "opacity", "emissive",  "rgba",      "orm"};
const char* const kDyn[] = {"none",   "integrator", "filter", "filterexact",
                            "muscle", "dcmotor",    "user"};
const char* const kGain[] = {"fixed", "affine", "muscle", "dcmotor", "user"};
const char* const kBias[] = {"none", "affine", "muscle", "dcmotor", "user"};
const char* const kInterp[] = {"zoh", "linear", "cubic"};
const char* const kSelfCollide[] = {"none", "narrow", "bvh", "sap", "auto"};
const char* const kElastic2d[] = {"none", "bend", "stretch", "both"};
const char* const kDataType[] = {"real", "positive", "axis", "quaternion"};
const char* const kStage[] = {"none", "pos", "vel", "acc"};
const char* const kCamOut[] = {"rgb", "depth", "distance", "normal", "segmentation"};
const char* const kConData[] = {"found", "force", "torque", "dist", "pos", "normal", "tangent"};
const char* const kRayData[] = {"dist", "dir", "origin", "point", "normal", "depth"};
const char* const kReduce[] = {"none", "mindist", "maxforce", "netforce"};

template <class T, int N>
constexpr int Count(T (&)[N]) {
  return N;
}

// keyword attribute of an enum field, written when it differs from the default `ref`
template <class E>
void Kw(AttrWriter& w, const char* key, E value, E ref, const char* const* names, int count) {
  int r = static_cast<int>(ref);
  w.Keyword(key, static_cast<int>(value), &r, names, count);
}

// sleep policy: only the user-settable values have keywords (auto, never, allowed, init)
const char* SleepName(int v) {
  switch (v) {
    case mjSLEEP_NEVER:
      return "never";
    case mjSLEEP_ALLOWED:
      return "allowed";
    case mjSLEEP_INIT:
      return "init";
    default:
      return "auto";
  }
}

// space-separated names of the set bits of a mask
std::string BitNames(int mask, const char* const* names, int count) {
  std::string s;
  for (int i = 0; i < count; i++) {
    if (mask & (1 << i)) {
      if (!s.empty()) {
        s += ' ';
      }
      s += names[i];
    }
  }
  return s;
}

bool SameInts(const int* a, const int* b, int n) {
  return std::memcmp(a, b, sizeof(int) * n) == 0;
}

// value of the sensor/object name strings
const std::string& S(const mjString* s) {
  static const std::string empty;
  return s ? *s : empty;
}

// a string list without its trailing empty entries (a material's texture slots)
std::vector<std::string> Trimmed(const mjStringVec* v) {
  std::vector<std::string> out;
  if (v) {
    out = *v;
  }
  while (!out.empty() && out.back().empty()) {
    out.pop_back();
  }
  return out;
}

}  // namespace

// ---- orientation (XMLreference.rst "COrientation") ----------------------------------------------

void OrientationAttrs(AttrWriter& w, const double* quat, const mjsOrientation& alt,
                      const double* refquat, const mjsOrientation* refalt) {
  bool ref_is_quat = !refalt || refalt->type == mjORIENTATION_QUAT;
  if (alt.type == mjORIENTATION_QUAT) {
    w.Reals("quat", quat, ref_is_quat ? refquat : nullptr, 4);
    return;
  }
  // an alternative orientation: write it unless the default `ref` holds the identical one
  bool same = refalt && refalt->type == alt.type;
  switch (alt.type) {
    case mjORIENTATION_AXISANGLE:
      w.Reals("axisangle", alt.axisangle, same ? refalt->axisangle : nullptr, 4);
      break;
    case mjORIENTATION_XYAXES:
      w.Reals("xyaxes", alt.xyaxes, same ? refalt->xyaxes : nullptr, 6);
      break;
    case mjORIENTATION_ZAXIS:
      w.Reals("zaxis", alt.zaxis, same ? refalt->zaxis : nullptr, 3);
      break;
    case mjORIENTATION_EULER:
      w.Reals("euler", alt.euler, same ? refalt->euler : nullptr, 3);
      break;
    default:
      w.Reals("quat", quat, refquat, 4);
  }
}

// ---- kinematic tree ---------------------------------------------------------------------------

void BodyAttrs(AttrWriter& w, const mjsBody* e, const mjsBody* ref) {
  w.Str("childclass", e->childclass, nullptr);
  w.Byte("mocap", e->mocap, &ref->mocap);
  w.Reals("pos", e->pos, ref->pos, 3);
  OrientationAttrs(w, e->quat, e->alt, ref->quat, &ref->alt);
  w.Real("gravcomp", e->gravcomp, &ref->gravcomp);
  if (e->sleep != ref->sleep) {
    w.node()->Set("sleep", SleepName(e->sleep));
  }
  w.DoubleVec("user", e->userdata, nullptr);
}

void InertialAttrs(AttrWriter& w, const mjsBody* e) {
  // pos and mass are required (XMLreference.rst body/inertial)
  w.Reals("pos", e->ipos, nullptr, 3);
  w.Real("mass", e->mass, nullptr);
  if (!std::isnan(e->fullinertia[0])) {
    // the compiler derives the frame from the full matrix: no orientation allowed with it
    w.Reals("fullinertia", e->fullinertia, nullptr, 6);
  } else {
    static const double unit[4] = {1, 0, 0, 0};
    OrientationAttrs(w, e->iquat, e->ialt, unit, nullptr);
    w.Reals("diaginertia", e->inertia, nullptr, 3);
  }
}

void FrameAttrs(AttrWriter& w, const mjsFrame* e, const mjsFrame* ref) {
  w.Str("childclass", e->childclass, nullptr);
  w.Reals("pos", e->pos, ref->pos, 3);
  OrientationAttrs(w, e->quat, e->alt, ref->quat, &ref->alt);
}

void JointAttrs(AttrWriter& w, const mjsJoint* e, const mjsJoint* ref, bool dflt) {
  (void)dflt;  // every joint attribute except name/class is allowed in defaults
  Kw(w, "type", e->type, ref->type, kJointType, Count(kJointType));
  w.Int("group", e->group, &ref->group);
  w.Reals("pos", e->pos, ref->pos, 3);
  w.Reals("axis", e->axis, ref->axis, 3);
  w.Reals("springdamper", e->springdamper, ref->springdamper, 2);
  w.Keyword("limited", e->limited, &ref->limited, kLimited, Count(kLimited));
  w.Keyword("actuatorfrclimited", e->actfrclimited, &ref->actfrclimited, kLimited, Count(kLimited));
  w.Reals("solreflimit", e->solref_limit, ref->solref_limit, mjNREF);
  w.Reals("solimplimit", e->solimp_limit, ref->solimp_limit, mjNIMP);
  w.Reals("solreffriction", e->solref_friction, ref->solref_friction, mjNREF);
  w.Reals("solimpfriction", e->solimp_friction, ref->solimp_friction, mjNIMP);
  w.RealsPrefix("stiffness", e->stiffness, ref->stiffness, mjNPOLY + 1);
  w.Reals("range", e->range, ref->range, 2);
  w.Reals("actuatorfrcrange", e->actfrcrange, ref->actfrcrange, 2);
  w.Byte("actuatorgravcomp", e->actgravcomp, &ref->actgravcomp);
  w.Real("margin", e->margin, &ref->margin);
  w.Real("ref", e->ref, &ref->ref);
  w.Real("springref", e->springref, &ref->springref);
  w.Real("armature", e->armature, &ref->armature);
  w.RealsPrefix("damping", e->damping, ref->damping, mjNPOLY + 1);
  w.Real("frictionloss", e->frictionloss, &ref->frictionloss);
  w.DoubleVec("user", e->userdata, ref->userdata);
}

void GeomAttrs(AttrWriter& w, const mjsGeom* e, const mjsGeom* ref, bool dflt) {
  Kw(w, "type", e->type, ref->type, kGeomType, Count(kGeomType));
  w.Int("contype", e->contype, &ref->contype);
  w.Int("conaffinity", e->conaffinity, &ref->conaffinity);
  w.Int("condim", e->condim, &ref->condim);
  w.Int("group", e->group, &ref->group);
  w.Int("priority", e->priority, &ref->priority);
  w.RealsPrefix("size", e->size, ref->size, 3);
  w.Str("material", e->material, ref->material);
  w.Floats("rgba", e->rgba, ref->rgba, 4);
  w.Reals("friction", e->friction, ref->friction, 3);
  w.Real("mass", e->mass, &ref->mass);
  w.Real("density", e->density, &ref->density);
  if (e->typeinertia != ref->typeinertia) {
    w.node()->Set("shellinertia", e->typeinertia == mjINERTIA_SHELL ? "true" : "false");
  }
  w.Real("solmix", e->solmix, &ref->solmix);
  w.Reals("solref", e->solref, ref->solref, mjNREF);
  w.Reals("solimp", e->solimp, ref->solimp, mjNIMP);
  w.Real("margin", e->margin, &ref->margin);
  w.Real("gap", e->gap, &ref->gap);
  w.Reals("fromto", e->fromto, ref->fromto, 6);
  w.Reals("pos", e->pos, ref->pos, 3);
  OrientationAttrs(w, e->quat, e->alt, ref->quat, &ref->alt);
  w.Str("hfield", e->hfieldname, ref->hfieldname);
  w.Str("mesh", e->meshname, ref->meshname);
  w.Real("fitscale", e->fitscale, &ref->fitscale);
  if (!SameDoubles(&e->fluid_ellipsoid, &ref->fluid_ellipsoid, 1)) {
    w.node()->Set("fluidshape", e->fluid_ellipsoid != 0 ? "ellipsoid" : "none");
  }
  w.Reals("fluidcoef", e->fluid_coefs, ref->fluid_coefs, 5);
  w.DoubleVec("user", e->userdata, ref->userdata);
  (void)dflt;
}

void SiteAttrs(AttrWriter& w, const mjsSite* e, const mjsSite* ref, bool dflt) {
  Kw(w, "type", e->type, ref->type, kGeomType, Count(kGeomType));
  w.Int("group", e->group, &ref->group);
  w.Str("material", e->material, ref->material);
  w.Floats("rgba", e->rgba, ref->rgba, 4);
  w.RealsPrefix("size", e->size, ref->size, 3);
  w.Reals("fromto", e->fromto, ref->fromto, 6);
  w.Reals("pos", e->pos, ref->pos, 3);
  OrientationAttrs(w, e->quat, e->alt, ref->quat, &ref->alt);
  w.DoubleVec("user", e->userdata, ref->userdata);
  (void)dflt;
}

void CameraAttrs(AttrWriter& w, const mjsCamera* e, const mjsCamera* ref, bool dflt) {
  Kw(w, "mode", e->mode, ref->mode, kCamLight, Count(kCamLight));
  if (!dflt) {  // target is not available in defaults
    w.Str("target", e->targetbody, ref->targetbody);
  }
  Kw(w, "projection", e->proj, ref->proj, kProjection, Count(kProjection));
  w.Real("fovy", e->fovy, &ref->fovy);
  w.Ints("resolution", e->resolution, ref->resolution, 2);
  if (e->output != ref->output) {
    w.node()->Set("output", BitNames(e->output, kCamOut, Count(kCamOut)));
  }
  w.Floats("sensorsize", e->sensor_size, ref->sensor_size, 2);
  w.Floats("focal", e->focal_length, ref->focal_length, 2);
  w.Floats("focalpixel", e->focal_pixel, ref->focal_pixel, 2);
  w.Floats("principal", e->principal_length, ref->principal_length, 2);
  w.Floats("principalpixel", e->principal_pixel, ref->principal_pixel, 2);
  w.Real("ipd", e->ipd, &ref->ipd);
  w.Reals("pos", e->pos, ref->pos, 3);
  OrientationAttrs(w, e->quat, e->alt, ref->quat, &ref->alt);
  w.DoubleVec("user", e->userdata, ref->userdata);
}

void LightAttrs(AttrWriter& w, const mjsLight* e, const mjsLight* ref, bool dflt) {
  Kw(w, "mode", e->mode, ref->mode, kCamLight, Count(kCamLight));
  if (!dflt) {
    w.Str("target", e->targetbody, ref->targetbody);
  }
  Kw(w, "type", e->type, ref->type, kLightType, Count(kLightType));
  w.Byte("castshadow", e->castshadow, &ref->castshadow);
  w.Byte("active", e->active, &ref->active);
  w.Reals("pos", e->pos, ref->pos, 3);
  w.Reals("dir", e->dir, ref->dir, 3);
  w.Floats("diffuse", e->diffuse, ref->diffuse, 3);
  if (!dflt) {
    w.Str("texture", e->texture, ref->texture);  // not in default/light
  }
  w.Float("intensity", e->intensity, &ref->intensity);
  w.Floats("ambient", e->ambient, ref->ambient, 3);
  w.Floats("specular", e->specular, ref->specular, 3);
  w.Float("range", e->range, &ref->range);
  w.Float("bulbradius", e->bulbradius, &ref->bulbradius);
  w.Floats("attenuation", e->attenuation, ref->attenuation, 3);
  w.Float("cutoff", e->cutoff, &ref->cutoff);
  w.Float("exponent", e->exponent, &ref->exponent);
}

// ---- assets -----------------------------------------------------------------------------------

void MeshAttrs(AttrWriter& w, const mjsMesh* e, const mjsMesh* ref, bool dflt) {
  w.Reals("scale", e->scale, ref->scale, 3);
  w.Int("maxhullvert", e->maxhullvert, &ref->maxhullvert);
  Kw(w, "inertia", e->inertia, ref->inertia, kMeshInertia, Count(kMeshInertia));
  if (dflt) {
    return;  // defaults hold only scale, maxhullvert and inertia
  }
  w.Str("content_type", e->content_type, ref->content_type);
  w.Str("file", e->file, ref->file);
  w.Byte("smoothnormal", e->smoothnormal, &ref->smoothnormal);
  w.FloatVec("vertex", e->uservert, nullptr);
  w.FloatVec("normal", e->usernormal, nullptr);
  w.FloatVec("texcoord", e->usertexcoord, nullptr);
  w.IntVec("face", e->userface, nullptr);
  w.Reals("refpos", e->refpos, ref->refpos, 3);
  w.Reals("refquat", e->refquat, ref->refquat, 4);
  w.Str("material", e->material, ref->material);
}

void MaterialAttrs(AttrWriter& w, const mjsMaterial* e, const mjsMaterial* ref) {
  // textures by role: the `texture` attribute names the rgb role; other roles need <layer> (in
  // a class too: a class's layers set the roles its materials inherit)
  std::vector<std::string> tex = Trimmed(e->textures);
  bool same = tex == Trimmed(ref->textures);
  if (!tex.empty() && !same) {
    bool only_rgb = true;
    for (size_t i = 0; i < tex.size(); i++) {
      if (i != mjTEXROLE_RGB && !tex[i].empty()) {
        only_rgb = false;
      }
    }
    if (only_rgb && tex.size() > mjTEXROLE_RGB) {
      w.node()->Set("texture", tex[mjTEXROLE_RGB]);
    } else {
      for (size_t i = 0; i < tex.size() && i < static_cast<size_t>(mjNTEXROLE); i++) {
        if (tex[i].empty()) {
          continue;
        }
        XmlNode* layer = w.node()->Add("layer");
        layer->Set("texture", tex[i]);
        layer->Set("role", kTexRole[i]);
      }
    }
  }
  w.Floats("texrepeat", e->texrepeat, ref->texrepeat, 2);
  w.Byte("texuniform", e->texuniform, &ref->texuniform);
  w.Float("emission", e->emission, &ref->emission);
  w.Float("specular", e->specular, &ref->specular);
  w.Float("shininess", e->shininess, &ref->shininess);
  w.Float("reflectance", e->reflectance, &ref->reflectance);
  w.Float("metallic", e->metallic, &ref->metallic);
  w.Float("roughness", e->roughness, &ref->roughness);
  w.Floats("rgba", e->rgba, ref->rgba, 4);
}

void TextureAttrs(AttrWriter& w, const mjsTexture* e, const mjsTexture* ref) {
  Kw(w, "type", e->type, ref->type, kTextureType, Count(kTextureType));
  Kw(w, "colorspace", e->colorspace, ref->colorspace, kColorSpace, Count(kColorSpace));
  w.Str("content_type", e->content_type, ref->content_type);
  w.Str("file", e->file, ref->file);
  w.Ints("gridsize", e->gridsize, ref->gridsize, 2);
  std::string layout(e->gridlayout, strnlen(e->gridlayout, sizeof(e->gridlayout)));
  std::string reflayout(ref->gridlayout, strnlen(ref->gridlayout, sizeof(ref->gridlayout)));
  w.Text("gridlayout", layout, reflayout);
  static const char* const cube[6] = {"fileright", "fileleft",  "fileup",
                                      "filedown",  "filefront", "fileback"};
  if (e->cubefiles) {
    for (size_t i = 0; i < e->cubefiles->size() && i < 6; i++) {
      if (!(*e->cubefiles)[i].empty()) {
        w.node()->Set(cube[i], (*e->cubefiles)[i]);
      }
    }
  }
  w.Keyword("builtin", e->builtin, &ref->builtin, kBuiltin, Count(kBuiltin));
  w.Reals("rgb1", e->rgb1, ref->rgb1, 3);
  w.Reals("rgb2", e->rgb2, ref->rgb2, 3);
  w.Keyword("mark", e->mark, &ref->mark, kMark, Count(kMark));
  w.Reals("markrgb", e->markrgb, ref->markrgb, 3);
  w.Real("random", e->random, &ref->random);
  w.Int("width", e->width, &ref->width);
  w.Int("height", e->height, &ref->height);
  w.Byte("hflip", e->hflip, &ref->hflip);
  w.Byte("vflip", e->vflip, &ref->vflip);
  w.Int("nchannel", e->nchannel, &ref->nchannel);
}

void HFieldAttrs(AttrWriter& w, const mjsHField* e, const mjsHField* ref) {
  w.Str("content_type", e->content_type, ref->content_type);
  w.Str("file", e->file, ref->file);
  w.Int("nrow", e->nrow, &ref->nrow);
  w.Int("ncol", e->ncol, &ref->ncol);
  // the spec stores rows bottom to top, the XML top to bottom (XMLreference.rst hfield/elevation)
  const mjFloatVec* data = e->userdata;
  if (data && !data->empty()) {
    int nrow = e->nrow, ncol = e->ncol;
    if (nrow > 0 && ncol > 0 && data->size() == static_cast<size_t>(nrow) * ncol) {
      std::vector<float> flipped(data->size());
      for (int r = 0; r < nrow; r++) {
        std::memcpy(flipped.data() + static_cast<size_t>(r) * ncol,
                    data->data() + static_cast<size_t>(nrow - 1 - r) * ncol, sizeof(float) * ncol);
      }
      w.node()->Set("elevation", FormatFloats(flipped.data(), static_cast<int>(flipped.size())));
    } else {
      w.FloatVec("elevation", data, nullptr);
    }
  }
  w.Reals("size", e->size, nullptr, 4);  // required
}

void SkinAttrs(AttrWriter& w, const mjsSkin* e, const mjsSkin* ref) {
  w.Str("file", e->file, ref->file);
  w.Str("material", e->material, ref->material);
  w.Floats("rgba", e->rgba, ref->rgba, 4);
  w.Float("inflate", e->inflate, &ref->inflate);
  w.Int("group", e->group, &ref->group);
  w.FloatVec("vertex", e->vert, nullptr);
  w.FloatVec("texcoord", e->texcoord, nullptr);
  w.IntVec("face", e->face, nullptr);
  // bones: one <bone> per body
  if (!e->bodyname) {
    return;
  }
  for (size_t i = 0; i < e->bodyname->size(); i++) {
    XmlNode* bone = w.node()->Add("bone");
    bone->Set("body", (*e->bodyname)[i]);
    if (e->bindpos && e->bindpos->size() >= 3 * (i + 1)) {
      bone->Set("bindpos", FormatFloats(e->bindpos->data() + 3 * i, 3));
    }
    if (e->bindquat && e->bindquat->size() >= 4 * (i + 1)) {
      bone->Set("bindquat", FormatFloats(e->bindquat->data() + 4 * i, 4));
    }
    if (e->vertid && i < e->vertid->size()) {
      const auto& id = (*e->vertid)[i];
      bone->Set("vertid", FormatInts(id.data(), static_cast<int>(id.size())));
    }
    if (e->vertweight && i < e->vertweight->size()) {
      const auto& wt = (*e->vertweight)[i];
      bone->Set("vertweight", FormatFloats(wt.data(), static_cast<int>(wt.size())));
    }
  }
}

void FlexAttrs(XmlNode* node, const mjsFlex* e, const mjsFlex* ref) {
  AttrWriter w(node);
  w.Int("dim", e->dim, &ref->dim);
  w.Real("radius", e->radius, &ref->radius);
  w.StringVec("body", e->vertbody, nullptr);
  w.DoubleVec("vertex", e->vert, nullptr);
  w.FloatVec("texcoord", e->texcoord, nullptr);
  w.IntVec("elemtexcoord", e->elemtexcoord, nullptr);
  w.IntVec("element", e->elem, nullptr);
  w.Byte("flatskin", e->flatskin, &ref->flatskin);
  w.Str("material", e->material, ref->material);
  w.Floats("rgba", e->rgba, ref->rgba, 4);
  w.Int("group", e->group, &ref->group);
  w.StringVec("node", e->nodebody, nullptr);
  if (!SameInts(e->cellcount, ref->cellcount, 3)) {
    w.Ints("cellcount", e->cellcount, nullptr, 3);
  }
  // MuJoCo requires dof on every flex with nodes
  if (e->order != ref->order || (e->nodebody && !e->nodebody->empty())) {
    node->Set("dof", e->order == 2 ? "quadratic" : "trilinear");
  }

  XmlNode* edge = node->Add("edge");
  AttrWriter we(edge);
  we.Real("stiffness", e->edgestiffness, &ref->edgestiffness);
  we.Real("damping", e->edgedamping, &ref->edgedamping);

  XmlNode* elastic = node->Add("elasticity");
  AttrWriter wl(elastic);
  wl.Real("young", e->young, &ref->young);
  wl.Real("poisson", e->poisson, &ref->poisson);
  wl.Real("damping", e->damping, &ref->damping);
  wl.Real("thickness", e->thickness, &ref->thickness);
  wl.Keyword("elastic2d", e->elastic2d, &ref->elastic2d, kElastic2d, Count(kElastic2d));

  XmlNode* contact = node->Add("contact");
  AttrWriter wc(contact);
  wc.Byte("internal", e->internal, &ref->internal);
  wc.Keyword("selfcollide", e->selfcollide, &ref->selfcollide, kSelfCollide, Count(kSelfCollide));
  wc.Int("activelayers", e->activelayers, &ref->activelayers);
  wc.Int("contype", e->contype, &ref->contype);
  wc.Int("conaffinity", e->conaffinity, &ref->conaffinity);
  wc.Int("condim", e->condim, &ref->condim);
  wc.Int("priority", e->priority, &ref->priority);
  wc.Reals("friction", e->friction, ref->friction, 3);
  wc.Real("solmix", e->solmix, &ref->solmix);
  wc.Reals("solref", e->solref, ref->solref, mjNREF);
  wc.Reals("solimp", e->solimp, ref->solimp, mjNIMP);
  wc.Real("margin", e->margin, &ref->margin);
  wc.Real("gap", e->gap, &ref->gap);
  wc.Bool("passive", e->passive, &ref->passive);
}

// ---- constraints, tendons, actuators, sensors ---------------------------------------------------

void PairAttrs(AttrWriter& w, const mjsPair* e, const mjsPair* ref, bool dflt) {
  if (!dflt) {
    w.Str("geom1", e->geomname1, nullptr);
    w.Str("geom2", e->geomname2, nullptr);
  }
  w.Int("condim", e->condim, &ref->condim);
  w.Reals("friction", e->friction, ref->friction, 5);
  w.Reals("solref", e->solref, ref->solref, mjNREF);
  w.Reals("solreffriction", e->solreffriction, ref->solreffriction, mjNREF);
  w.Reals("solimp", e->solimp, ref->solimp, mjNIMP);
  w.Real("margin", e->margin, &ref->margin);
  w.Real("gap", e->gap, &ref->gap);
}

const char* EqualityElementName(int type) {
  switch (type) {
    case mjEQ_CONNECT:
      return "connect";
    case mjEQ_WELD:
      return "weld";
    case mjEQ_JOINT:
      return "joint";
    case mjEQ_TENDON:
      return "tendon";
    case mjEQ_FLEX:
      return "flex";
    case mjEQ_FLEXVERT:
      return "flexvert";
    case mjEQ_FLEXSTRAIN:
      return "flexstrain";
    default:
      return nullptr;
  }
}

void EqualityAttrs(AttrWriter& w, const mjsEquality* e, const mjsEquality* ref, bool dflt) {
  w.Byte("active", e->active, &ref->active);
  w.Reals("solref", e->solref, ref->solref, mjNREF);
  w.Reals("solimp", e->solimp, ref->solimp, mjNIMP);
  if (dflt) {
    return;  // defaults hold only active, solref, solimp
  }

  // the object attributes and the meaning of data[] depend on the type (XMLreference.rst
  // equality/*): connect anchor = data[0..2]; weld anchor = data[0..2], relpose = data[3..9],
  // torquescale = data[10]; joint and tendon polycoef = data[0..4]
  bool sites = e->objtype == mjOBJ_SITE;
  switch (e->type) {
    case mjEQ_CONNECT:
    case mjEQ_WELD:
      w.Str(sites ? "site1" : "body1", e->name1, nullptr);
      w.Str(sites ? "site2" : "body2", e->name2, nullptr);
      if (e->type == mjEQ_CONNECT) {
        // anchor is required for body-based connect
        w.Reals("anchor", e->data, sites ? ref->data : nullptr, 3);
      } else {
        // the reader sets a missing body-weld anchor to 0 0 0 (its documented default); the
        // site form has no anchor/relpose attributes
        static const double kZero[3] = {0, 0, 0};
        if (!sites) {
          w.Reals("anchor", e->data, kZero, 3);
          w.Reals("relpose", e->data + 3, ref->data + 3, 7);
        }
        w.Real("torquescale", e->data[10], &ref->data[10]);
      }
      break;
    case mjEQ_JOINT:
      w.Str("joint1", e->name1, nullptr);
      w.Str("joint2", e->name2, nullptr);
      w.Reals("polycoef", e->data, ref->data, 5);
      break;
    case mjEQ_TENDON:
      w.Str("tendon1", e->name1, nullptr);
      w.Str("tendon2", e->name2, nullptr);
      w.Reals("polycoef", e->data, ref->data, 5);
      break;
    case mjEQ_FLEX:
    case mjEQ_FLEXVERT:
      w.Str("flex", e->name1, nullptr);
      break;
    case mjEQ_FLEXSTRAIN: {
      w.Str("flex", e->name1, nullptr);
      // cell index stored as reals in data[0..2]
      if (!SameDoubles(e->data, ref->data, 3)) {
        int cell[3] = {static_cast<int>(e->data[0]), static_cast<int>(e->data[1]),
                       static_cast<int>(e->data[2])};
        w.node()->Set("cell", FormatInts(cell, 3));
      }
      break;
    }
    default:
      break;
  }
}

void TendonAttrs(AttrWriter& w, const mjsTendon* e, const mjsTendon* ref, bool dflt, bool spatial) {
  w.Int("group", e->group, &ref->group);
  w.Keyword("limited", e->limited, &ref->limited, kLimited, Count(kLimited));
  w.Keyword("actuatorfrclimited", e->actfrclimited, &ref->actfrclimited, kLimited, Count(kLimited));
  w.Reals("range", e->range, ref->range, 2);
  w.Reals("actuatorfrcrange", e->actfrcrange, ref->actfrcrange, 2);
  w.Reals("solreflimit", e->solref_limit, ref->solref_limit, mjNREF);
  w.Reals("solimplimit", e->solimp_limit, ref->solimp_limit, mjNIMP);
  w.Reals("solreffriction", e->solref_friction, ref->solref_friction, mjNREF);
  w.Reals("solimpfriction", e->solimp_friction, ref->solimp_friction, mjNIMP);
  w.Real("margin", e->margin, &ref->margin);
  w.Real("frictionloss", e->frictionloss, &ref->frictionloss);
  if (spatial || dflt) {  // visual attributes exist only for spatial tendons (and defaults)
    w.Real("width", e->width, &ref->width);
    w.Str("material", e->material, ref->material);
    w.Floats("rgba", e->rgba, ref->rgba, 4);
  }
  w.Reals("springlength", e->springlength, ref->springlength, 2);
  w.RealsPrefix("stiffness", e->stiffness, ref->stiffness, mjNPOLY + 1);
  w.RealsPrefix("damping", e->damping, ref->damping, mjNPOLY + 1);
  w.Real("armature", e->armature, &ref->armature);
  w.DoubleVec("user", e->userdata, ref->userdata);
}

void ActuatorAttrs(AttrWriter& w, const mjsActuator* e, const mjsActuator* ref, bool dflt,
                   ActuatorKind kind) {
  // attributes common to <general> and the shortcuts (XMLreference.rst actuator/general)
  w.Int("group", e->group, &ref->group);
  w.Int("nsample", e->nsample, &ref->nsample);
  w.Keyword("interp", e->interp, &ref->interp, kInterp, Count(kInterp));
  w.Real("delay", e->delay, &ref->delay);
  w.Keyword("ctrllimited", e->ctrllimited, &ref->ctrllimited, kLimited, Count(kLimited));
  w.Keyword("forcelimited", e->forcelimited, &ref->forcelimited, kLimited, Count(kLimited));
  w.Reals("ctrlrange", e->ctrlrange, ref->ctrlrange, 2);
  w.Reals("forcerange", e->forcerange, ref->forcerange, 2);
  if (kind != ActuatorKind::kPosition) {
    w.Reals("actrange", e->actrange, ref->actrange, 2);
  }
  w.Reals("lengthrange", e->lengthrange, ref->lengthrange, 2);
  w.Reals("gear", e->gear, ref->gear, 6);
  w.RealsPrefix("damping", e->damping, ref->damping, mjNPOLY + 1);
  w.Real("armature", e->armature, &ref->armature);
  w.Real("cranklength", e->cranklength, &ref->cranklength);
  w.DoubleVec("user", e->userdata, ref->userdata);

  if (kind == ActuatorKind::kGeneral || kind == ActuatorKind::kPlugin) {
    // actuator/plugin has the activation attributes of <general> but no gain or bias
    bool general = kind == ActuatorKind::kGeneral;
    w.Keyword("actlimited", e->actlimited, &ref->actlimited, kLimited, Count(kLimited));
    w.Int("actdim", e->actdim, &ref->actdim);
    Kw(w, "dyntype", e->dyntype, ref->dyntype, kDyn, Count(kDyn));
    if (general) {
      Kw(w, "gaintype", e->gaintype, ref->gaintype, kGain, Count(kGain));
      Kw(w, "biastype", e->biastype, ref->biastype, kBias, Count(kBias));
    }
    w.RealsPrefix("dynprm", e->dynprm, ref->dynprm, mjNDYN);
    if (general) {
      w.RealsPrefix("gainprm", e->gainprm, ref->gainprm, mjNGAIN);
      w.RealsPrefix("biasprm", e->biasprm, ref->biasprm, mjNBIAS);
    }
    w.Byte("actearly", e->actearly, &ref->actearly);
  } else {
    // servo shortcut: the parameters that mjs_setToPosition / mjs_setToIntVelocity take
    // (biasprm[2] holds -kv, or a positive damping ratio)
    XmlNode* node = w.node();
    node->Set("kp", FormatDouble(e->gainprm[0]));
    double b2 = e->biasprm[2];
    if (b2 > 0) {
      node->Set("dampratio", FormatDouble(b2));
    } else {
      node->Set("kv", FormatDouble(-b2));
    }
    // a written timeconst is stored in dynprm[0], 0 included: write it for a filter, or when
    // dynprm[0] is 0 (an explicit timeconst="0"), so that reading gives back the same dynprm
    if (kind == ActuatorKind::kPosition && (e->dyntype == mjDYN_FILTEREXACT || e->dynprm[0] == 0)) {
      double tc = e->dyntype == mjDYN_FILTEREXACT ? e->dynprm[0] : 0;
      node->Set("timeconst", FormatDouble(tc));
    }
    node->Set("inheritrange", FormatDouble(e->inheritrange));
  }
  if (dflt) {
    return;
  }

  // transmission target (XMLreference.rst actuator/general: joint ... slidersite)
  switch (e->trntype) {
    case mjTRN_JOINT:
      w.Str("joint", e->target, nullptr);
      break;
    case mjTRN_JOINTINPARENT:
      w.Str("jointinparent", e->target, nullptr);
      break;
    case mjTRN_TENDON:
      w.Str("tendon", e->target, nullptr);
      break;
    case mjTRN_SITE:
      w.Str("site", e->target, nullptr);
      if (!S(e->refsite).empty()) {
        w.Str("refsite", e->refsite, nullptr);
      }
      break;
    case mjTRN_BODY:
      w.Str("body", e->target, nullptr);
      break;
    case mjTRN_SLIDERCRANK:
      w.Str("cranksite", e->target, nullptr);
      w.Str("slidersite", e->slidersite, nullptr);
      break;
    default:
      break;
  }
}

ActuatorKind ActuatorElementKind(const mjsActuator* e, const mjsActuator* ref) {
  if (e->plugin.active &&
      (e->plugin.element || (e->plugin.plugin_name && !e->plugin.plugin_name->empty()))) {
    return ActuatorKind::kPlugin;
  }
  // <general> reproduces every field except inheritrange, which only the servo shortcuts carry
  if (e->inheritrange == ref->inheritrange) {
    return ActuatorKind::kGeneral;
  }
  ActuatorKind kind =
      e->dyntype == mjDYN_INTEGRATOR ? ActuatorKind::kIntVelocity : ActuatorKind::kPosition;
  // replay the reader: start from the class, apply the shortcut, compare what it cannot write
  mjsActuator r = *ref;
  double kp = e->gainprm[0], b2 = e->biasprm[2];
  double kv = b2 <= 0 ? -b2 : 0, dr = b2 > 0 ? b2 : 0;
  double tc = e->dyntype == mjDYN_FILTEREXACT ? e->dynprm[0] : 0;
  const char* err = kind == ActuatorKind::kPosition
                        ? mjs_setToPosition(&r, kp, &kv, &dr, &tc, e->inheritrange)
                        : mjs_setToIntVelocity(&r, kp, &kv, &dr, &tc, e->inheritrange);
  bool same = !err && r.dyntype == e->dyntype && r.gaintype == e->gaintype &&
              r.biastype == e->biastype && r.actlimited == e->actlimited && r.actdim == e->actdim &&
              r.actearly == e->actearly && SameDoubles(r.dynprm, e->dynprm, mjNDYN) &&
              SameDoubles(r.gainprm, e->gainprm, mjNGAIN) &&
              SameDoubles(r.biasprm, e->biasprm, mjNBIAS) &&
              SameDoubles(&r.inheritrange, &e->inheritrange, 1) &&
              (kind == ActuatorKind::kIntVelocity || SameDoubles(r.actrange, e->actrange, 2));
  return same ? kind : ActuatorKind::kGeneral;
}

// ---- sensors (XMLreference.rst sensor/*)
// ----------------------------------------------------------

const char* SensorElementName(int type) {
  static const char* const names[] = {"touch",
                                      "accelerometer",
                                      "velocimeter",
                                      "gyro",
                                      "force",
                                      "torque",
                                      "magnetometer",
                                      "rangefinder",
                                      "camprojection",
                                      "jointpos",
                                      "jointvel",
                                      "tendonpos",
                                      "tendonvel",
                                      "actuatorpos",
                                      "actuatorvel",
                                      "actuatorfrc",
                                      "jointactuatorfrc",
                                      "tendonactuatorfrc",
                                      "ballquat",
                                      "ballangvel",
                                      "jointlimitpos",
                                      "jointlimitvel",
                                      "jointlimitfrc",
                                      "tendonlimitpos",
                                      "tendonlimitvel",
                                      "tendonlimitfrc",
                                      "framepos",
                                      "framequat",
                                      "framexaxis",
                                      "frameyaxis",
                                      "framezaxis",
                                      "framelinvel",
                                      "frameangvel",
                                      "framelinacc",
                                      "frameangacc",
                                      "subtreecom",
                                      "subtreelinvel",
                                      "subtreeangmom",
                                      "insidesite",
                                      "distance",
                                      "normal",
                                      "fromto",
                                      "contact",
                                      "e_potential",
                                      "e_kinetic",
                                      "clock",
                                      "tactile",
                                      "plugin",
                                      "user"};
  static_assert(sizeof(names) / sizeof(names[0]) == mjSENS_USER + 1, "sensor name table");
  return type >= 0 && type <= mjSENS_USER ? names[type] : nullptr;
}

namespace {

// attribute naming an object of type `objtype` in slot 1 or 2 of a geometric/contact sensor
const char* SlotAttr(int objtype, int slot) {
  switch (objtype) {
    case mjOBJ_GEOM:
      return slot == 1 ? "geom1" : "geom2";
    case mjOBJ_BODY:
      return slot == 1 ? "body1" : "body2";
    case mjOBJ_XBODY:
      return slot == 1 ? "subtree1" : "subtree2";
    case mjOBJ_SITE:
      return "site";
    default:
      return nullptr;
  }
}

void SetName(XmlNode* node, const char* key, const mjString* value) {
  if (key && value && !value->empty()) {
    node->Set(key, *value);
  }
}

// A sensor's object or its relative object as a type attribute and a name attribute
// (objtype/objname, reftype/refname).
void SetTypedName(XmlNode* node, const char* typekey, const char* namekey, mjtObj type,
                  const mjString* value) {
  node->Set(typekey, mju_type2Str(type));
  SetName(node, namekey, value);
}

}  // namespace

void SensorAttrs(AttrWriter& w, const mjsSensor* e) {
  mjsSensor ref;
  std::memset(&ref, 0, sizeof(ref));
  mjs_defaultSensor(&ref);
  XmlNode* node = w.node();
  const mjString* obj = e->objname;
  const mjString* refn = e->refname;

  switch (e->type) {
    case mjSENS_TOUCH:
    case mjSENS_ACCELEROMETER:
    case mjSENS_VELOCIMETER:
    case mjSENS_GYRO:
    case mjSENS_FORCE:
    case mjSENS_TORQUE:
    case mjSENS_MAGNETOMETER:
      SetName(node, "site", obj);
      break;
    case mjSENS_RANGEFINDER:
      SetName(node, e->objtype == mjOBJ_CAMERA ? "camera" : "site", obj);
      if (e->intprm[0] != 0) {
        node->Set("data", BitNames(e->intprm[0], kRayData, Count(kRayData)));
      }
      break;
    case mjSENS_CAMPROJECTION:
      SetName(node, "site", obj);
      SetName(node, "camera", refn);
      break;
    case mjSENS_JOINTPOS:
    case mjSENS_JOINTVEL:
    case mjSENS_JOINTACTFRC:
    case mjSENS_BALLQUAT:
    case mjSENS_BALLANGVEL:
    case mjSENS_JOINTLIMITPOS:
    case mjSENS_JOINTLIMITVEL:
    case mjSENS_JOINTLIMITFRC:
      SetName(node, "joint", obj);
      break;
    case mjSENS_TENDONPOS:
    case mjSENS_TENDONVEL:
    case mjSENS_TENDONACTFRC:
    case mjSENS_TENDONLIMITPOS:
    case mjSENS_TENDONLIMITVEL:
    case mjSENS_TENDONLIMITFRC:
      SetName(node, "tendon", obj);
      break;
    case mjSENS_ACTUATORPOS:
    case mjSENS_ACTUATORVEL:
    case mjSENS_ACTUATORFRC:
      SetName(node, "actuator", obj);
      break;
    case mjSENS_FRAMEPOS:
    case mjSENS_FRAMEQUAT:
    case mjSENS_FRAMEXAXIS:
    case mjSENS_FRAMEYAXIS:
    case mjSENS_FRAMEZAXIS:
    case mjSENS_FRAMELINVEL:
    case mjSENS_FRAMEANGVEL:
    case mjSENS_FRAMELINACC:
    case mjSENS_FRAMEANGACC:
      SetTypedName(node, "objtype", "objname", e->objtype, obj);
      if (e->reftype != mjOBJ_UNKNOWN) {
        SetTypedName(node, "reftype", "refname", e->reftype, refn);
      }
      break;
    case mjSENS_SUBTREECOM:
    case mjSENS_SUBTREELINVEL:
    case mjSENS_SUBTREEANGMOM:
      SetName(node, "body", obj);
      break;
    case mjSENS_INSIDESITE:
      SetTypedName(node, "objtype", "objname", e->objtype, obj);
      SetName(node, "site", refn);
      break;
    case mjSENS_GEOMDIST:
    case mjSENS_GEOMNORMAL:
    case mjSENS_GEOMFROMTO:
      SetName(node, SlotAttr(e->objtype, 1), obj);
      SetName(node, SlotAttr(e->reftype, 2), refn);
      break;
    case mjSENS_CONTACT: {
      SetName(node, SlotAttr(e->objtype, 1), obj);
      SetName(node, SlotAttr(e->reftype, 2), refn);
      // intprm: [0] bit mask of mjtConDataField, [1] reduction, [2] number of slots
      if (e->intprm[0] != 0 && e->intprm[0] != 1) {
        node->Set("data", BitNames(e->intprm[0], kConData, Count(kConData)));
      }
      if (e->intprm[1] != 0) {
        w.Keyword("reduce", e->intprm[1], nullptr, kReduce, Count(kReduce));
      }
      if (e->intprm[2] != 1 && e->intprm[2] != 0) {
        node->Set("num", std::to_string(e->intprm[2]));
      }
      break;
    }
    case mjSENS_TACTILE:
      SetName(node, e->objtype == mjOBJ_MESH ? "mesh" : "geom", obj);
      SetName(node, e->reftype == mjOBJ_GEOM ? "geom" : "mesh", refn);
      break;
    case mjSENS_PLUGIN:
      // sensor/plugin: the object it reads and the object it is measured relative to, when given
      if (e->objtype != mjOBJ_UNKNOWN) {
        SetTypedName(node, "objtype", "objname", e->objtype, obj);
      }
      if (e->reftype != mjOBJ_UNKNOWN) {
        SetTypedName(node, "reftype", "refname", e->reftype, refn);
      }
      break;
    case mjSENS_USER:
      if (e->objtype != mjOBJ_UNKNOWN) {
        SetTypedName(node, "objtype", "objname", e->objtype, obj);
      }
      Kw(w, "datatype", e->datatype, ref.datatype, kDataType, Count(kDataType));
      Kw(w, "needstage", e->needstage, ref.needstage, kStage, Count(kStage));
      w.Int("dim", e->dim, nullptr);
      break;
    default:
      break;
  }

  // common attributes (XMLreference.rst "CSensor")
  w.Real("cutoff", e->cutoff, &ref.cutoff);
  w.Real("noise", e->noise, &ref.noise);
  w.Int("nsample", e->nsample, &ref.nsample);
  w.Keyword("interp", e->interp, &ref.interp, kInterp, Count(kInterp));
  w.Real("delay", e->delay, &ref.delay);
  w.Reals("interval", e->interval, ref.interval, 2);
  w.DoubleVec("user", e->userdata, nullptr);
}

}  // namespace motus
