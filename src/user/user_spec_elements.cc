// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Construction, pointer binding and attribute copying of the spec element classes, and the deep
// copy of a whole spec (mj_copySpec). See the notes at the top of user_spec.h.

#include <mujoco/mujoco.h>

#include "user/user_spec.h"
#include "user/user_spec_copy.h"

namespace motus {

// ------------------------------------ base ----------------------------------------------------

SpecElement::SpecElement(SpecModel* m, mjtObj type) : mjsElement{type, 0}, model(m) {
  compiler = m ? &m->s.compiler : nullptr;
}

SpecElement::~SpecElement() {
  for (auto& kv : user) {
    if (kv.second.cleanup) {
      kv.second.cleanup(kv.second.data);
    }
  }
}

void BindPlugin(mjsPlugin* p, PluginOwn* own) {
  p->name = &own->name;
  p->plugin_name = &own->plugin_name;
  p->info = &own->info;
}

// ------------------------------------ tree elements -------------------------------------------

SpecJoint::SpecJoint(SpecModel* m) : SpecElement(m, mjOBJ_JOINT), s{} {
  Bind();
  mjs_defaultJoint(&s);
}
void SpecJoint::Bind() {
  s.element = this;
  s.userdata = &own.userdata;
  s.info = &own.info;
}
void SpecJoint::CopyAttributes(const SpecJoint& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecGeom::SpecGeom(SpecModel* m) : SpecElement(m, mjOBJ_GEOM), s{} {
  Bind();
  mjs_defaultGeom(&s);
}
void SpecGeom::Bind() {
  s.element = this;
  s.material = &own.material;
  s.hfieldname = &own.hfieldname;
  s.meshname = &own.meshname;
  s.userdata = &own.userdata;
  s.info = &own.info;
  BindPlugin(&s.plugin, &own.plugin);
}
void SpecGeom::CopyAttributes(const SpecGeom& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecSite::SpecSite(SpecModel* m) : SpecElement(m, mjOBJ_SITE), s{} {
  Bind();
  mjs_defaultSite(&s);
}
void SpecSite::Bind() {
  s.element = this;
  s.material = &own.material;
  s.userdata = &own.userdata;
  s.info = &own.info;
}
void SpecSite::CopyAttributes(const SpecSite& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecCamera::SpecCamera(SpecModel* m) : SpecElement(m, mjOBJ_CAMERA), s{} {
  Bind();
  mjs_defaultCamera(&s);
}
void SpecCamera::Bind() {
  s.element = this;
  s.targetbody = &own.targetbody;
  s.userdata = &own.userdata;
  s.info = &own.info;
}
void SpecCamera::CopyAttributes(const SpecCamera& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecLight::SpecLight(SpecModel* m) : SpecElement(m, mjOBJ_LIGHT), s{} {
  Bind();
  mjs_defaultLight(&s);
}
void SpecLight::Bind() {
  s.element = this;
  s.targetbody = &own.targetbody;
  s.texture = &own.texture;
  s.info = &own.info;
}
void SpecLight::CopyAttributes(const SpecLight& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecFrame::SpecFrame(SpecModel* m) : SpecElement(m, mjOBJ_FRAME), s{} {
  Bind();
  mjs_defaultFrame(&s);
}
void SpecFrame::Bind() {
  s.element = this;
  s.childclass = &own.childclass;
  s.info = &own.info;
}
void SpecFrame::CopyAttributes(const SpecFrame& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecBody::SpecBody(SpecModel* m) : SpecElement(m, mjOBJ_BODY), s{} {
  Bind();
  mjs_defaultBody(&s);
}
void SpecBody::Bind() {
  s.element = this;
  s.childclass = &own.childclass;
  s.userdata = &own.userdata;
  s.info = &own.info;
  BindPlugin(&s.plugin, &own.plugin);
}
void SpecBody::CopyAttributes(const SpecBody& o) {
  s = o.s;
  own = o.own;
  Bind();
}

// ------------------------------------ non-tree elements ---------------------------------------

SpecFlex::SpecFlex(SpecModel* m) : SpecElement(m, mjOBJ_FLEX), s{} {
  Bind();
  mjs_defaultFlex(&s);
}
void SpecFlex::Bind() {
  s.element = this;
  s.material = &own.material;
  s.nodebody = &own.nodebody;
  s.vertbody = &own.vertbody;
  s.node = &own.node;
  s.vert = &own.vert;
  s.elem = &own.elem;
  s.texcoord = &own.texcoord;
  s.elemtexcoord = &own.elemtexcoord;
  s.info = &own.info;
}
void SpecFlex::CopyAttributes(const SpecFlex& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecMesh::SpecMesh(SpecModel* m) : SpecElement(m, mjOBJ_MESH), s{} {
  Bind();
  mjs_defaultMesh(&s);
}
void SpecMesh::Bind() {
  s.element = this;
  s.content_type = &own.content_type;
  s.file = &own.file;
  s.uservert = &own.uservert;
  s.usernormal = &own.usernormal;
  s.usertexcoord = &own.usertexcoord;
  s.userface = &own.userface;
  s.userfacenormal = &own.userfacenormal;
  s.userfacetexcoord = &own.userfacetexcoord;
  s.material = &own.material;
  s.info = &own.info;
  BindPlugin(&s.plugin, &own.plugin);
}
void SpecMesh::CopyAttributes(const SpecMesh& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecHField::SpecHField(SpecModel* m) : SpecElement(m, mjOBJ_HFIELD), s{} {
  Bind();
  mjs_defaultHField(&s);
}
void SpecHField::Bind() {
  s.element = this;
  s.content_type = &own.content_type;
  s.file = &own.file;
  s.userdata = &own.userdata;
  s.info = &own.info;
}
void SpecHField::CopyAttributes(const SpecHField& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecSkin::SpecSkin(SpecModel* m) : SpecElement(m, mjOBJ_SKIN), s{} {
  Bind();
  mjs_defaultSkin(&s);
}
void SpecSkin::Bind() {
  s.element = this;
  s.file = &own.file;
  s.material = &own.material;
  s.vert = &own.vert;
  s.texcoord = &own.texcoord;
  s.face = &own.face;
  s.bodyname = &own.bodyname;
  s.bindpos = &own.bindpos;
  s.bindquat = &own.bindquat;
  s.vertid = &own.vertid;
  s.vertweight = &own.vertweight;
  s.info = &own.info;
}
void SpecSkin::CopyAttributes(const SpecSkin& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecTexture::SpecTexture(SpecModel* m) : SpecElement(m, mjOBJ_TEXTURE), s{} {
  Bind();
  mjs_defaultTexture(&s);
}
void SpecTexture::Bind() {
  s.element = this;
  s.content_type = &own.content_type;
  s.file = &own.file;
  s.cubefiles = &own.cubefiles;
  s.data = &own.data;
  s.info = &own.info;
}
void SpecTexture::CopyAttributes(const SpecTexture& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecMaterial::SpecMaterial(SpecModel* m) : SpecElement(m, mjOBJ_MATERIAL), s{} {
  Bind();
  mjs_defaultMaterial(&s);
  own.textures.assign(mjNTEXROLE, "");  // one slot per mjtTextureRole
}
void SpecMaterial::Bind() {
  s.element = this;
  s.textures = &own.textures;
  s.info = &own.info;
}
void SpecMaterial::CopyAttributes(const SpecMaterial& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecPair::SpecPair(SpecModel* m) : SpecElement(m, mjOBJ_PAIR), s{} {
  Bind();
  mjs_defaultPair(&s);
}
void SpecPair::Bind() {
  s.element = this;
  s.geomname1 = &own.geomname1;
  s.geomname2 = &own.geomname2;
  s.info = &own.info;
}
void SpecPair::CopyAttributes(const SpecPair& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecExclude::SpecExclude(SpecModel* m) : SpecElement(m, mjOBJ_EXCLUDE), s{} {
  Bind();
}
void SpecExclude::Bind() {
  s.element = this;
  s.bodyname1 = &own.bodyname1;
  s.bodyname2 = &own.bodyname2;
  s.info = &own.info;
}
void SpecExclude::CopyAttributes(const SpecExclude& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecEquality::SpecEquality(SpecModel* m) : SpecElement(m, mjOBJ_EQUALITY), s{} {
  Bind();
  mjs_defaultEquality(&s);
}
void SpecEquality::Bind() {
  s.element = this;
  s.name1 = &own.name1;
  s.name2 = &own.name2;
  s.info = &own.info;
}
void SpecEquality::CopyAttributes(const SpecEquality& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecWrap::SpecWrap(SpecModel* m) : SpecElement(m, mjOBJ_UNKNOWN), s{} {
  Bind();
  s.type = mjWRAP_NONE;
}
void SpecWrap::Bind() {
  s.element = this;
  s.info = &own.info;
}
void SpecWrap::CopyAttributes(const SpecWrap& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecTendon::SpecTendon(SpecModel* m) : SpecElement(m, mjOBJ_TENDON), s{} {
  Bind();
  mjs_defaultTendon(&s);
}
void SpecTendon::Bind() {
  s.element = this;
  s.material = &own.material;
  s.userdata = &own.userdata;
  s.info = &own.info;
}
void SpecTendon::CopyAttributes(const SpecTendon& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecActuator::SpecActuator(SpecModel* m) : SpecElement(m, mjOBJ_ACTUATOR), s{} {
  Bind();
  mjs_defaultActuator(&s);
}
void SpecActuator::Bind() {
  s.element = this;
  s.target = &own.target;
  s.refsite = &own.refsite;
  s.slidersite = &own.slidersite;
  s.userdata = &own.userdata;
  s.info = &own.info;
  BindPlugin(&s.plugin, &own.plugin);
}
void SpecActuator::CopyAttributes(const SpecActuator& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecSensor::SpecSensor(SpecModel* m) : SpecElement(m, mjOBJ_SENSOR), s{} {
  Bind();
  mjs_defaultSensor(&s);
}
void SpecSensor::Bind() {
  s.element = this;
  s.objname = &own.objname;
  s.refname = &own.refname;
  s.userdata = &own.userdata;
  s.info = &own.info;
  BindPlugin(&s.plugin, &own.plugin);
}
void SpecSensor::CopyAttributes(const SpecSensor& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecNumeric::SpecNumeric(SpecModel* m) : SpecElement(m, mjOBJ_NUMERIC), s{} {
  Bind();
  mjs_defaultNumeric(&s);
}
void SpecNumeric::Bind() {
  s.element = this;
  s.data = &own.data;
  s.info = &own.info;
}
void SpecNumeric::CopyAttributes(const SpecNumeric& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecText::SpecText(SpecModel* m) : SpecElement(m, mjOBJ_TEXT), s{} {
  Bind();
  mjs_defaultText(&s);
}
void SpecText::Bind() {
  s.element = this;
  s.data = &own.data;
  s.info = &own.info;
}
void SpecText::CopyAttributes(const SpecText& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecTuple::SpecTuple(SpecModel* m) : SpecElement(m, mjOBJ_TUPLE), s{} {
  Bind();
  mjs_defaultTuple(&s);
}
void SpecTuple::Bind() {
  s.element = this;
  s.objtype = &own.objtype;
  s.objname = &own.objname;
  s.objprm = &own.objprm;
  s.info = &own.info;
}
void SpecTuple::CopyAttributes(const SpecTuple& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecKey::SpecKey(SpecModel* m) : SpecElement(m, mjOBJ_KEY), s{} {
  Bind();
  mjs_defaultKey(&s);
}
void SpecKey::Bind() {
  s.element = this;
  s.qpos = &own.qpos;
  s.qvel = &own.qvel;
  s.act = &own.act;
  s.mpos = &own.mpos;
  s.mquat = &own.mquat;
  s.ctrl = &own.ctrl;
  s.info = &own.info;
}
void SpecKey::CopyAttributes(const SpecKey& o) {
  s = o.s;
  own = o.own;
  Bind();
}

SpecPlugin::SpecPlugin(SpecModel* m) : SpecElement(m, mjOBJ_PLUGIN), s{} {
  Bind();
  mjs_defaultPlugin(&s);
}
void SpecPlugin::Bind() {
  BindPlugin(&s, &own);
  s.element = this;
}
void SpecPlugin::CopyAttributes(const SpecPlugin& o) {
  s = o.s;
  own.name = o.own.name;
  own.plugin_name = o.own.plugin_name;
  own.info = o.own.info;
  config = o.config;
  Bind();
}

// ------------------------------------ defaults ------------------------------------------------

SpecDefault::SpecDefault(SpecModel* m)
    : SpecElement(m, mjOBJ_DEFAULT),
      s{},
      joint(new SpecJoint(m)),
      geom(new SpecGeom(m)),
      site(new SpecSite(m)),
      camera(new SpecCamera(m)),
      light(new SpecLight(m)),
      flex(new SpecFlex(m)),
      mesh(new SpecMesh(m)),
      material(new SpecMaterial(m)),
      pair(new SpecPair(m)),
      equality(new SpecEquality(m)),
      tendon(new SpecTendon(m)),
      actuator(new SpecActuator(m)) {
  Bind();
}

void SpecDefault::Bind() {
  s.element = this;
  s.joint = &joint->s;
  s.geom = &geom->s;
  s.site = &site->s;
  s.camera = &camera->s;
  s.light = &light->s;
  s.flex = &flex->s;
  s.mesh = &mesh->s;
  s.material = &material->s;
  s.pair = &pair->s;
  s.equality = &equality->s;
  s.tendon = &tendon->s;
  s.actuator = &actuator->s;
}

void SpecDefault::CopyAttributes(const SpecDefault& o) {
  joint->CopyAttributes(*o.joint);
  geom->CopyAttributes(*o.geom);
  site->CopyAttributes(*o.site);
  camera->CopyAttributes(*o.camera);
  light->CopyAttributes(*o.light);
  flex->CopyAttributes(*o.flex);
  mesh->CopyAttributes(*o.mesh);
  material->CopyAttributes(*o.material);
  pair->CopyAttributes(*o.pair);
  equality->CopyAttributes(*o.equality);
  tendon->CopyAttributes(*o.tendon);
  actuator->CopyAttributes(*o.actuator);
  Bind();
}

// ------------------------------------ the spec ------------------------------------------------

SpecModel::SpecModel() : SpecElement(nullptr, mjOBJ_MODEL), s{} {
  model = this;
  compiler = &s.compiler;
  Bind();
  mjs_defaultSpec(&s);
  own.modelname = "MuJoCo Model";

  world.reset(new SpecBody(this));
  world->name = "world";

  defaults.emplace_back(new SpecDefault(this));
  defaults[0]->name = "main";
}

SpecModel::~SpecModel() {
  for (mjSpec* child : child_specs) {
    mj_deleteSpec(child);
  }
}

void SpecModel::Bind() {
  s.element = this;
  s.modelname = &own.modelname;
  s.comment = &own.comment;
  s.modelfiledir = &own.modelfiledir;
  s.compiler.meshdir = &own.meshdir;
  s.compiler.texturedir = &own.texturedir;
}

// deep copy of a whole spec: same structure, same names, fresh pointers
SpecModel* CopyModel(const SpecModel* src) {
  SpecModel* dst = new SpecModel();
  dst->s = src->s;
  dst->own = src->own;
  dst->active_plugins = src->active_plugins;
  dst->Bind();
  dst->error = src->error;
  dst->warning = src->warning;

  SpecCopier copier(dst);
  copier.compilers[&src->s.compiler] = &dst->s.compiler;
  for (const auto& fc : src->foreign_compilers) {
    copier.ForeignCompiler(&fc->c);
  }

  copier.CopyDefaults(src, /*replace_main=*/true);
  copier.CopyBodyContents(src->world.get(), dst->world.get());
  copier.CopyNonTree(src);
  for (mjSpec* child : src->child_specs) {
    dst->child_specs.push_back(&CopyModel(ToModel(child))->s);
  }
  return dst;
}

}  // namespace motus
