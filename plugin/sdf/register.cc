// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// libsdf: registers the SDF shape plugins (programming_extension.rst "sdf") when loaded. Each
// shape's callbacks are instances of the templates below; an instance keeps its attribute values
// in mjData.plugin_data (see plugin_instance.h), read from its configuration by init, and the
// record of the collision's descents that mjVIS_SDFITER draws (sdf_descent.h).

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <mujoco/mujoco.h>

#include "plugin_instance.h"
#include "sdf_descent.h"
#include "sdf_shape.h"

namespace {

using motus_sdf::SdfShape;
using ShapeGetter = const SdfShape& (*)();

struct SdfInstance {
  std::vector<mjtNum> attributes;
  motus_sdf::DescentRecord descents;
};

// the value of one attribute from its configuration text (absent or empty: the default);
// false with a warning when the text is not one finite number
bool ParseAttribute(const SdfShape& shape, int i, const char* text, mjtNum* value) {
  if (!text || !text[0]) {
    *value = shape.defaults[i];
    return true;
  }
  char* end = nullptr;
  errno = 0;
  double x = std::strtod(text, &end);
  while (end && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')) {
    end++;
  }
  if (end == text || !end || *end != '\0' || errno == ERANGE || !std::isfinite(x)) {
    mju_warning("%s: attribute '%s' must be a number, got '%s'", shape.name, shape.attributes[i],
                text);
    return false;
  }
  *value = x;
  return true;
}

template <ShapeGetter Get>
int Init(const mjModel* m, mjData* d, int instance) {
  const SdfShape& shape = Get();
  auto* state = new SdfInstance;
  state->attributes.resize(shape.nattribute);
  bool ok = true;
  for (int i = 0; i < shape.nattribute && ok; i++) {
    ok = ParseAttribute(shape, i, mj_getPluginConfig(m, instance, shape.attributes[i]),
                        &state->attributes[i]);
  }
  if (!ok || !shape.check(state->attributes.data())) {
    delete state;
    return -1;
  }
  // a pair's descents: sdf_initpoints of sdf_iterations steps, the final step and the normal
  state->descents.Reserve(m->opt.sdf_initpoints, m->opt.sdf_iterations + 2);
  motus_plugin::SetInstance(d, instance, state);
  return 0;
}

const mjtNum* Attributes(const mjData* d, int instance) {
  return motus_plugin::Instance<SdfInstance>(d, instance)->attributes.data();
}

motus_sdf::DescentRecord& Descents(const mjData* d, int instance) {
  return motus_plugin::Instance<SdfInstance>(d, instance)->descents;
}

template <ShapeGetter Get>
mjtNum Distance(const mjtNum point[3], const mjData* d, int instance) {
  return Get().distance(point, Attributes(d, instance));
}

template <ShapeGetter Get>
void Gradient(mjtNum gradient[3], const mjtNum point[3], const mjData* d, int instance) {
  if (Get().drawdescents) {
    Descents(d, instance).Add(point);
  }
  Get().gradient(gradient, point, Attributes(d, instance));
}

template <ShapeGetter Get>
mjtNum StaticDistance(const mjtNum point[3], const mjtNum* attributes) {
  return Get().distance(point, attributes);
}

// values[i] is the configuration text of attribute i (names[i]), NULL or empty when absent; a
// value that is not a number is reported and read as NaN, which the compiler refuses
template <ShapeGetter Get>
void Attribute(mjtNum attribute[], const char* names[], const char* values[]) {
  const SdfShape& shape = Get();
  for (int i = 0; i < shape.nattribute; i++) {
    const char* text = values ? values[i] : nullptr;
    if (names && names[i] && std::strcmp(names[i], shape.attributes[i]) != 0) {
      // names in another order: find this attribute's entry
      text = nullptr;
      for (int j = 0; j < shape.nattribute; j++) {
        if (names[j] && std::strcmp(names[j], shape.attributes[i]) == 0) {
          text = values ? values[j] : nullptr;
        }
      }
    }
    if (!ParseAttribute(shape, i, text, attribute + i)) {
      attribute[i] = NAN;
    }
  }
}

template <ShapeGetter Get>
void Aabb(mjtNum aabb[6], const mjtNum* attributes) {
  Get().aabb(aabb, attributes);
}

// The shapes keep no state in mjData.plugin_state. The collision resets an instance before each
// geom pair and calls compute(mjPLUGIN_SDF) before each descent (mj_makeData and mj_resetData
// reset it too).
void Reset(const mjModel* m, mjtNum* plugin_state, void* plugin_data, int instance) {
  (void)m;
  (void)plugin_state;
  (void)instance;
  if (plugin_data) {
    static_cast<SdfInstance*>(plugin_data)->descents.Clear();
  }
}

void Compute(const mjModel* m, mjData* d, int instance, int capability) {
  (void)m;
  if (capability == mjPLUGIN_SDF) {
    Descents(d, instance).Begin();
  }
}

void Visualize(const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn, int instance) {
  Descents(d, instance).Draw(m, d, opt, scn, instance);
}

template <ShapeGetter Get>
void Register() {
  const SdfShape& shape = Get();
  mjpPlugin plugin;
  mjp_defaultPlugin(&plugin);
  plugin.name = shape.name;
  plugin.capabilityflags = mjPLUGIN_SDF;
  plugin.nattribute = shape.nattribute;
  plugin.attributes = shape.attributes;
  plugin.nstate = motus_plugin::NoPluginState;
  plugin.init = Init<Get>;
  plugin.destroy = motus_plugin::DestroyInstance<SdfInstance>;
  plugin.copy = motus_plugin::CopyInstance<SdfInstance>;
  plugin.reset = Reset;
  plugin.compute = Compute;
  plugin.visualize = shape.drawdescents ? Visualize : nullptr;
  plugin.sdf_distance = Distance<Get>;
  plugin.sdf_gradient = Gradient<Get>;
  plugin.sdf_staticdistance = StaticDistance<Get>;
  plugin.sdf_attribute = Attribute<Get>;
  plugin.sdf_aabb = Aabb<Get>;
  mjp_registerPlugin(&plugin);
}

}  // namespace

namespace motus_sdf {

void ForwardDifferenceGradient(mjtNum grad[3], const mjtNum p[3], const mjtNum* attributes,
                               mjtNum (*distance)(const mjtNum p[3], const mjtNum* attributes)) {
  const mjtNum eps = 1e-8;
  mjtNum d0 = distance(p, attributes);
  for (int i = 0; i < 3; i++) {
    mjtNum q[3] = {p[0], p[1], p[2]};
    q[i] += eps;
    grad[i] = (distance(q, attributes) - d0) / eps;
  }
}

}  // namespace motus_sdf

mjPLUGIN_LIB_INIT(motus_sdf) {
  Register<motus_sdf::TorusShape>();
  Register<motus_sdf::BowlShape>();
  Register<motus_sdf::GearShape>();
  Register<motus_sdf::NutShape>();
  Register<motus_sdf::BoltShape>();
}
