// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mjs_default*: the internal default value of every attribute of every spec element, as given by
// the XML reference (XMLreference.rst: the quoted default after each attribute). Attributes that
// XMLreference.rst calls "optional" without a default start in an "undefined" state that the
// compiler recognizes: NaN for reals (geom/site fromto[0], geom mass, body fullinertia[0]) and
// empty strings/vectors.
//
// These functions reset the numeric fields of a struct and keep its pointer fields (element,
// strings, vectors) untouched, so that they can be applied both to raw structs and to live
// elements without dangling pointers.

#include <cmath>
#include <cstring>
#include <limits>

#include <mujoco/mujoco.h>

#include "user/user_spec.h"

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

// global solver defaults (modeling.rst, CSolver): solref "0.02 1", solimp "0.9 0.95 0.001 0.5 2"
void DefaultSolref(mjtNum* solref) {
  solref[0] = 0.02;
  solref[1] = 1;
}
void DefaultSolimp(mjtNum* solimp) {
  solimp[0] = 0.9;
  solimp[1] = 0.95;
  solimp[2] = 0.001;
  solimp[3] = 0.5;
  solimp[4] = 2;
}
void Set3(double* v, double a, double b, double c) {
  v[0] = a;
  v[1] = b;
  v[2] = c;
}
void SetQuat(double* q) {
  q[0] = 1;
  q[1] = q[2] = q[3] = 0;
}
void SetRgba(float* rgba, float r, float g, float b, float a) {
  rgba[0] = r;
  rgba[1] = g;
  rgba[2] = b;
  rgba[3] = a;
}

// zero a POD struct but keep the listed pointer members
template <class T>
void Reset(T* t) {
  *t = T{};
}

}  // namespace

extern "C" {

void mjs_defaultOrientation(mjsOrientation* orient) {
  *orient = mjsOrientation{};
  orient->type = mjORIENTATION_QUAT;
}

void mjs_defaultPlugin(mjsPlugin* plugin) {
  mjsPlugin keep = *plugin;
  Reset(plugin);
  plugin->element = keep.element;
  plugin->name = keep.name;
  plugin->plugin_name = keep.plugin_name;
  plugin->info = keep.info;
  plugin->active = 0;
}

void mjs_defaultSpec(mjSpec* spec) {
  mjSpec keep = *spec;
  Reset(spec);
  spec->element = keep.element;
  spec->modelname = keep.modelname;
  spec->comment = keep.comment;
  spec->modelfiledir = keep.modelfiledir;
  spec->compiler.meshdir = keep.compiler.meshdir;
  spec->compiler.texturedir = keep.compiler.texturedir;

  // <compiler>
  mjsCompiler* c = &spec->compiler;
  c->autolimits = 1;
  c->boundmass = 0;
  c->boundinertia = 0;
  c->settotalmass = -1;
  c->balanceinertia = 0;
  c->fitaabb = 0;
  c->degree = 1;
  c->eulerseq[0] = 'x';
  c->eulerseq[1] = 'y';
  c->eulerseq[2] = 'z';
  c->discardvisual = 0;
  c->usethread = 1;
  c->fusestatic = 0;
  c->inertiafromgeom = mjINERTIAFROMGEOM_AUTO;
  c->inertiagrouprange[0] = 0;
  c->inertiagrouprange[1] = 5;
  c->saveinertial = 0;
  c->alignfree = 0;
  mj_defaultLROpt(&c->LRopt);
  spec->strippath = 0;

  // <option>, <visual>
  mj_defaultOption(&spec->option);
  mj_defaultVisual(&spec->visual);

  // <statistic>: NaN means "compute" (XMLreference: statistic attributes are optional overrides)
  spec->stat.meaninertia = kNaN;
  spec->stat.meanmass = kNaN;
  spec->stat.meansize = kNaN;
  spec->stat.extent = kNaN;
  spec->stat.center[0] = spec->stat.center[1] = spec->stat.center[2] = kNaN;

  // <size>
  spec->memory = -1;
  spec->nemax = 0;
  spec->nuserdata = 0;
  spec->nuser_body = -1;
  spec->nuser_jnt = -1;
  spec->nuser_geom = -1;
  spec->nuser_site = -1;
  spec->nuser_cam = -1;
  spec->nuser_tendon = -1;
  spec->nuser_actuator = -1;
  spec->nuser_sensor = -1;
  spec->nkey = 0;
  spec->njmax = -1;
  spec->nconmax = -1;
  spec->nstack = -1;
  spec->hasImplicitPluginElem = 0;
}

void mjs_defaultBody(mjsBody* body) {
  mjsBody keep = *body;
  Reset(body);
  body->element = keep.element;
  body->childclass = keep.childclass;
  body->userdata = keep.userdata;
  body->info = keep.info;
  body->plugin = keep.plugin;
  mjs_defaultPlugin(&body->plugin);

  SetQuat(body->quat);
  mjs_defaultOrientation(&body->alt);
  SetQuat(body->iquat);
  mjs_defaultOrientation(&body->ialt);
  body->fullinertia[0] = kNaN;  // undefined: use diagonal inertia
  body->mocap = 0;
  body->gravcomp = 0;
  body->sleep = mjSLEEP_AUTO;
  body->explicitinertial = 0;
}

void mjs_defaultFrame(mjsFrame* frame) {
  mjsFrame keep = *frame;
  Reset(frame);
  frame->element = keep.element;
  frame->childclass = keep.childclass;
  frame->info = keep.info;
  SetQuat(frame->quat);
  mjs_defaultOrientation(&frame->alt);
}

void mjs_defaultJoint(mjsJoint* joint) {
  mjsJoint keep = *joint;
  Reset(joint);
  joint->element = keep.element;
  joint->userdata = keep.userdata;
  joint->info = keep.info;

  joint->type = mjJNT_HINGE;
  Set3(joint->axis, 0, 0, 1);
  joint->align = mjALIGNFREE_AUTO;
  joint->limited = mjLIMITED_AUTO;
  joint->actfrclimited = mjLIMITED_AUTO;
  DefaultSolref(joint->solref_limit);
  DefaultSolimp(joint->solimp_limit);
  DefaultSolref(joint->solref_friction);
  DefaultSolimp(joint->solimp_friction);
}

void mjs_defaultGeom(mjsGeom* geom) {
  mjsGeom keep = *geom;
  Reset(geom);
  geom->element = keep.element;
  geom->material = keep.material;
  geom->hfieldname = keep.hfieldname;
  geom->meshname = keep.meshname;
  geom->userdata = keep.userdata;
  geom->info = keep.info;
  geom->plugin = keep.plugin;
  mjs_defaultPlugin(&geom->plugin);

  geom->type = mjGEOM_SPHERE;
  SetQuat(geom->quat);
  mjs_defaultOrientation(&geom->alt);
  geom->fromto[0] = kNaN;  // undefined
  for (int i = 1; i < 6; i++) {
    geom->fromto[i] = 0;
  }
  geom->contype = 1;
  geom->conaffinity = 1;
  geom->condim = 3;
  Set3(geom->friction, 1, 0.005, 0.0001);
  geom->solmix = 1;
  DefaultSolref(geom->solref);
  DefaultSolimp(geom->solimp);
  geom->mass = kNaN;  // undefined: use density
  geom->density = 1000;
  geom->typeinertia = mjINERTIA_VOLUME;
  geom->fluid_ellipsoid = 0;
  geom->fluid_coefs[0] = 0.5;
  geom->fluid_coefs[1] = 0.25;
  geom->fluid_coefs[2] = 1.5;
  geom->fluid_coefs[3] = 1.0;
  geom->fluid_coefs[4] = 1.0;
  SetRgba(geom->rgba, 0.5f, 0.5f, 0.5f, 1);
  geom->fitscale = 1;
}

void mjs_defaultSite(mjsSite* site) {
  mjsSite keep = *site;
  Reset(site);
  site->element = keep.element;
  site->material = keep.material;
  site->userdata = keep.userdata;
  site->info = keep.info;

  SetQuat(site->quat);
  mjs_defaultOrientation(&site->alt);
  site->fromto[0] = kNaN;
  Set3(site->size, 0.005, 0.005, 0.005);
  site->type = mjGEOM_SPHERE;
  SetRgba(site->rgba, 0.5f, 0.5f, 0.5f, 1);
}

void mjs_defaultCamera(mjsCamera* camera) {
  mjsCamera keep = *camera;
  Reset(camera);
  camera->element = keep.element;
  camera->targetbody = keep.targetbody;
  camera->userdata = keep.userdata;
  camera->info = keep.info;

  SetQuat(camera->quat);
  mjs_defaultOrientation(&camera->alt);
  camera->mode = mjCAMLIGHT_FIXED;
  camera->proj = mjPROJ_PERSPECTIVE;
  camera->resolution[0] = camera->resolution[1] = 1;
  camera->output = mjCAMOUT_RGB;
  camera->fovy = 45;
  camera->ipd = 0.068;
  // intrinsic = (focal x, focal y, principal x, principal y) in length units
  camera->intrinsic[0] = 0.01f;
  camera->intrinsic[1] = 0.01f;
}

void mjs_defaultLight(mjsLight* light) {
  mjsLight keep = *light;
  Reset(light);
  light->element = keep.element;
  light->targetbody = keep.targetbody;
  light->texture = keep.texture;
  light->info = keep.info;

  Set3(light->dir, 0, 0, -1);
  light->mode = mjCAMLIGHT_FIXED;
  light->active = 1;
  light->type = mjLIGHT_SPOT;
  light->castshadow = 1;
  light->bulbradius = 0.02f;
  light->intensity = 0;
  light->range = 10;
  light->attenuation[0] = 1;
  light->cutoff = 45;
  light->exponent = 10;
  light->diffuse[0] = light->diffuse[1] = light->diffuse[2] = 0.7f;
  light->specular[0] = light->specular[1] = light->specular[2] = 0.3f;
}

void mjs_defaultFlex(mjsFlex* flex) {
  mjsFlex keep = *flex;
  Reset(flex);
  flex->element = keep.element;
  flex->material = keep.material;
  flex->nodebody = keep.nodebody;
  flex->vertbody = keep.vertbody;
  flex->node = keep.node;
  flex->vert = keep.vert;
  flex->elem = keep.elem;
  flex->texcoord = keep.texcoord;
  flex->elemtexcoord = keep.elemtexcoord;
  flex->info = keep.info;

  flex->contype = 1;
  flex->conaffinity = 1;
  flex->condim = 3;
  Set3(flex->friction, 1, 0.005, 0.0001);
  flex->solmix = 1;
  DefaultSolref(flex->solref);
  DefaultSolimp(flex->solimp);
  flex->dim = 2;
  flex->radius = 0.005;
  flex->selfcollide = mjFLEXSELF_AUTO;
  flex->activelayers = 1;
  SetRgba(flex->rgba, 0.5f, 0.5f, 0.5f, 1);
  flex->thickness = -1;
  flex->order = 1;
  flex->cellcount[0] = flex->cellcount[1] = flex->cellcount[2] = 1;
}

void mjs_defaultMesh(mjsMesh* mesh) {
  mjsMesh keep = *mesh;
  Reset(mesh);
  mesh->element = keep.element;
  mesh->content_type = keep.content_type;
  mesh->file = keep.file;
  mesh->uservert = keep.uservert;
  mesh->usernormal = keep.usernormal;
  mesh->usertexcoord = keep.usertexcoord;
  mesh->userface = keep.userface;
  mesh->userfacenormal = keep.userfacenormal;
  mesh->userfacetexcoord = keep.userfacetexcoord;
  mesh->material = keep.material;
  mesh->info = keep.info;
  mesh->plugin = keep.plugin;
  mjs_defaultPlugin(&mesh->plugin);

  SetQuat(mesh->refquat);
  Set3(mesh->scale, 1, 1, 1);
  mesh->inertia = mjMESH_INERTIA_LEGACY;
  mesh->maxhullvert = -1;
}

void mjs_defaultHField(mjsHField* hfield) {
  mjsHField keep = *hfield;
  Reset(hfield);
  hfield->element = keep.element;
  hfield->content_type = keep.content_type;
  hfield->file = keep.file;
  hfield->userdata = keep.userdata;
  hfield->info = keep.info;
}

void mjs_defaultSkin(mjsSkin* skin) {
  mjsSkin keep = *skin;
  Reset(skin);
  skin->element = keep.element;
  skin->file = keep.file;
  skin->material = keep.material;
  skin->vert = keep.vert;
  skin->texcoord = keep.texcoord;
  skin->face = keep.face;
  skin->bodyname = keep.bodyname;
  skin->bindpos = keep.bindpos;
  skin->bindquat = keep.bindquat;
  skin->vertid = keep.vertid;
  skin->vertweight = keep.vertweight;
  skin->info = keep.info;
  SetRgba(skin->rgba, 0.5f, 0.5f, 0.5f, 1);
}

void mjs_defaultTexture(mjsTexture* texture) {
  mjsTexture keep = *texture;
  Reset(texture);
  texture->element = keep.element;
  texture->content_type = keep.content_type;
  texture->file = keep.file;
  texture->cubefiles = keep.cubefiles;
  texture->data = keep.data;
  texture->info = keep.info;

  texture->type = mjTEXTURE_CUBE;
  texture->colorspace = mjCOLORSPACE_AUTO;
  texture->builtin = mjBUILTIN_NONE;
  texture->mark = mjMARK_NONE;
  Set3(texture->rgb1, 0.8, 0.8, 0.8);
  Set3(texture->rgb2, 0.5, 0.5, 0.5);
  texture->random = 0.01;
  texture->nchannel = 3;
  texture->gridsize[0] = texture->gridsize[1] = 1;
  std::memset(texture->gridlayout, '.', sizeof(texture->gridlayout));
}

void mjs_defaultMaterial(mjsMaterial* material) {
  mjsMaterial keep = *material;
  Reset(material);
  material->element = keep.element;
  material->textures = keep.textures;
  material->info = keep.info;

  material->texrepeat[0] = material->texrepeat[1] = 1;
  material->specular = 0.5f;
  material->shininess = 0.5f;
  material->metallic = -1;
  material->roughness = -1;
  SetRgba(material->rgba, 1, 1, 1, 1);
}

void mjs_defaultPair(mjsPair* pair) {
  mjsPair keep = *pair;
  Reset(pair);
  pair->element = keep.element;
  pair->geomname1 = keep.geomname1;
  pair->geomname2 = keep.geomname2;
  pair->info = keep.info;

  pair->condim = 3;
  DefaultSolref(pair->solref);
  DefaultSolimp(pair->solimp);
  pair->friction[0] = 1;
  pair->friction[1] = 1;
  pair->friction[2] = 0.005;
  pair->friction[3] = 0.0001;
  pair->friction[4] = 0.0001;
}

void mjs_defaultEquality(mjsEquality* equality) {
  mjsEquality keep = *equality;
  Reset(equality);
  equality->element = keep.element;
  equality->name1 = keep.name1;
  equality->name2 = keep.name2;
  equality->info = keep.info;

  equality->type = mjEQ_CONNECT;
  // shared numeric default "0 1 0 0 ..." (relpose / polycoef), torquescale 1
  equality->data[1] = 1;
  equality->data[10] = 1;
  equality->active = 1;
  equality->objtype = mjOBJ_BODY;
  DefaultSolref(equality->solref);
  DefaultSolimp(equality->solimp);
}

void mjs_defaultTendon(mjsTendon* tendon) {
  mjsTendon keep = *tendon;
  Reset(tendon);
  tendon->element = keep.element;
  tendon->material = keep.material;
  tendon->userdata = keep.userdata;
  tendon->info = keep.info;

  tendon->springlength[0] = tendon->springlength[1] = -1;
  DefaultSolref(tendon->solref_friction);
  DefaultSolimp(tendon->solimp_friction);
  tendon->limited = mjLIMITED_AUTO;
  tendon->actfrclimited = mjLIMITED_AUTO;
  DefaultSolref(tendon->solref_limit);
  DefaultSolimp(tendon->solimp_limit);
  tendon->width = 0.003;
  SetRgba(tendon->rgba, 0.5f, 0.5f, 0.5f, 1);
}

void mjs_defaultActuator(mjsActuator* actuator) {
  mjsActuator keep = *actuator;
  Reset(actuator);
  actuator->element = keep.element;
  actuator->target = keep.target;
  actuator->refsite = keep.refsite;
  actuator->slidersite = keep.slidersite;
  actuator->userdata = keep.userdata;
  actuator->info = keep.info;
  actuator->plugin = keep.plugin;
  mjs_defaultPlugin(&actuator->plugin);

  actuator->gaintype = mjGAIN_FIXED;
  actuator->gainprm[0] = 1;
  actuator->biastype = mjBIAS_NONE;
  actuator->dyntype = mjDYN_NONE;
  actuator->dynprm[0] = 1;
  actuator->actdim = -1;
  actuator->trntype = mjTRN_UNDEFINED;
  actuator->gear[0] = 1;
  actuator->ctrllimited = mjLIMITED_AUTO;
  actuator->forcelimited = mjLIMITED_AUTO;
  actuator->actlimited = mjLIMITED_AUTO;
}

void mjs_defaultSensor(mjsSensor* sensor) {
  mjsSensor keep = *sensor;
  Reset(sensor);
  sensor->element = keep.element;
  sensor->objname = keep.objname;
  sensor->refname = keep.refname;
  sensor->userdata = keep.userdata;
  sensor->info = keep.info;
  sensor->plugin = keep.plugin;
  mjs_defaultPlugin(&sensor->plugin);

  sensor->type = mjSENS_TOUCH;
  sensor->objtype = mjOBJ_UNKNOWN;
  sensor->reftype = mjOBJ_UNKNOWN;
  sensor->datatype = mjDATATYPE_REAL;
  sensor->needstage = mjSTAGE_ACC;
}

void mjs_defaultNumeric(mjsNumeric* numeric) {
  mjsNumeric keep = *numeric;
  Reset(numeric);
  numeric->element = keep.element;
  numeric->data = keep.data;
  numeric->info = keep.info;
  numeric->size = -1;  // infer from data
}

void mjs_defaultText(mjsText* text) {
  mjsText keep = *text;
  Reset(text);
  text->element = keep.element;
  text->data = keep.data;
  text->info = keep.info;
}

void mjs_defaultTuple(mjsTuple* tuple) {
  mjsTuple keep = *tuple;
  Reset(tuple);
  tuple->element = keep.element;
  tuple->objtype = keep.objtype;
  tuple->objname = keep.objname;
  tuple->objprm = keep.objprm;
  tuple->info = keep.info;
}

void mjs_defaultKey(mjsKey* key) {
  mjsKey keep = *key;
  Reset(key);
  key->element = keep.element;
  key->qpos = keep.qpos;
  key->qvel = keep.qvel;
  key->act = keep.act;
  key->mpos = keep.mpos;
  key->mquat = keep.mquat;
  key->ctrl = keep.ctrl;
  key->info = keep.info;
  key->time = 0;
}

}  // extern "C"
