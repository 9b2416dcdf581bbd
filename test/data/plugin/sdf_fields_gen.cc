// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes the golden of sdf_plugin_test (sdf_fields.txt): for each SDF plugin configuration
// below, the bounding box (sdf_aabb) and, at sampled points, the static distance
// (sdf_staticdistance with the attributes of sdf_attribute), and the distance and gradient of the
// compiled instance (sdf_distance, sdf_gradient). Built against MuJoCo 3.8.0 (the kit) and run
// with its libsdf_plugin.so by make_sdf_golden.sh. Usage: sdf_fields_gen PLUGIN_LIBRARY > OUT

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace {

struct Config {
  const char* plugin;
  std::vector<std::pair<const char*, const char*>> values;  // key, value (others: defaults)
};

// points: a fixed lattice of the box enlarged by 30% plus points on the axes and the origin;
// for a gear also 200 points of the ring where its teeth are (between 0.42 and 0.56 diameters)
std::vector<std::vector<double>> Points(const mjtNum aabb[6], bool gear) {
  std::vector<std::vector<double>> p;
  unsigned state = 12345;
  for (int i = 0; i < 200; i++) {
    std::vector<double> x(3);
    for (int k = 0; k < 3; k++) {
      state = state * 1103515245u + 12345u;
      double u = ((state >> 8) & 0xFFFF) / 65535.0;  // [0, 1]
      x[k] = aabb[k] + 1.3 * aabb[3 + k] * (2 * u - 1);
    }
    p.push_back(x);
  }
  for (int k = 0; k < 3; k++) {
    std::vector<double> x = {0.01, 0.02, 0.03};
    x[k] = 0.5 * aabb[3 + k];
    p.push_back(x);
  }
  for (int i = 0; gear && i < 200; i++) {
    double u[3];
    for (int k = 0; k < 3; k++) {
      state = state * 1103515245u + 12345u;
      u[k] = ((state >> 8) & 0xFFFF) / 65535.0;
    }
    // aabb[3] is 0.625 diameters
    double r = aabb[3] / 0.625 * (0.42 + 0.14 * u[0]), phi = 2 * M_PI * u[1];
    p.push_back({r * std::cos(phi), r * std::sin(phi), aabb[5] * (2 * u[2] - 1)});
  }
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: sdf_fields_gen PLUGIN_LIBRARY\n");
    return 2;
  }
  mj_loadPluginLibrary(argv[1]);
  std::printf("# sh test/data/plugin/make_sdf_golden.sh (sdf_fields_gen.cc), MuJoCo %s\n",
              mj_versionString());
  std::vector<Config> configs = {
      {"mujoco.sdf.torus", {}},
      {"mujoco.sdf.torus", {{"radius1", "0.15"}, {"radius2", "0.05"}}},
      {"mujoco.sdf.torus", {{"radius1", "0.55"}, {"radius2", "0.15"}}},
      {"mujoco.sdf.bowl", {}},
      {"mujoco.sdf.bowl", {{"height", "0.4"}, {"radius", "1.0"}, {"thickness", "0.02"}}},
      {"mujoco.sdf.bowl", {{"height", "-0.2"}, {"radius", "0.5"}, {"thickness", "0.05"}}},
      {"mujoco.sdf.gear", {}},
      {"mujoco.sdf.gear", {{"alpha", "15"}}},
      {"mujoco.sdf.gear",
       {{"diameter", "1.5"}, {"teeth", "17"}, {"thickness", "0.4"}, {"innerdiameter", "0.5"}}},
      {"mujoco.sdf.nut", {}},
      {"mujoco.sdf.nut", {{"radius", "0.2"}}},
      {"mujoco.sdf.bolt", {}},
      {"mujoco.sdf.bolt", {{"radius", "0.3"}}},
  };
  for (const Config& c : configs) {
    int slot = -1;
    const mjpPlugin* plugin = mjp_getPlugin(c.plugin, &slot);
    if (!plugin) {
      std::fprintf(stderr, "plugin %s not found\n", c.plugin);
      return 1;
    }
    // attributes as the compiler gives them: configuration text in the plugin's order
    std::vector<const char*> names(plugin->nattribute), values(plugin->nattribute, "");
    std::string configxml;
    for (int i = 0; i < plugin->nattribute; i++) {
      names[i] = plugin->attributes[i];
      for (const auto& kv : c.values) {
        if (!std::strcmp(kv.first, names[i])) {
          values[i] = kv.second;
        }
      }
    }
    for (const auto& kv : c.values) {
      configxml += std::string("<config key='") + kv.first + "' value='" + kv.second + "'/>";
    }
    std::vector<mjtNum> attr(plugin->nattribute);
    plugin->sdf_attribute(attr.data(), names.data(), values.data());
    mjtNum aabb[6];
    plugin->sdf_aabb(aabb, attr.data());

    // an instance compiled into a model, for sdf_distance and sdf_gradient
    std::string xml = std::string("<mujoco><extension><plugin plugin='") + c.plugin +
                      "'><instance name='s'>" + configxml +
                      "</instance></plugin></extension><worldbody><geom size='.1'/>"
                      "</worldbody></mujoco>";
    char err[1000] = "";
    mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, err, sizeof(err));
    mjModel* m = spec ? mj_compile(spec, nullptr) : nullptr;
    if (!m) {
      std::fprintf(stderr, "%s: %s\n", c.plugin, spec ? mjs_getError(spec) : err);
      return 1;
    }
    mjData* d = mj_makeData(m);

    std::printf("config %s", c.plugin);
    for (const auto& kv : c.values) {
      std::printf(" %s=%s", kv.first, kv.second);
    }
    std::printf("\nattributes");
    for (mjtNum a : attr) {
      std::printf(" %.17g", a);
    }
    std::printf("\naabb %.17g %.17g %.17g %.17g %.17g %.17g\n", aabb[0], aabb[1], aabb[2],
                aabb[3], aabb[4], aabb[5]);
    for (const auto& x : Points(aabb, !std::strcmp(c.plugin, "mujoco.sdf.gear"))) {
      mjtNum p[3] = {x[0], x[1], x[2]}, g[3];
      mjtNum s = plugin->sdf_staticdistance(p, attr.data());
      mjtNum dist = plugin->sdf_distance(p, d, 0);
      plugin->sdf_gradient(g, p, d, 0);
      std::printf("point %.17g %.17g %.17g static %.17g distance %.17g gradient %.17g %.17g %.17g\n",
                  p[0], p[1], p[2], s, dist, g[0], g[1], g[2]);
    }
    mj_deleteData(d);
    mj_deleteModel(m);
    mj_deleteSpec(spec);
  }
  return 0;
}
