// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes a golden of CablePlugin.StressColorsAsMuJoCos (the colors of cable_colors_dump.h).
// Built against MuJoCo 3.8.0 (the kit) by make_cable_colors.sh and run with its
// libelasticity.so. Usage: cable_colors_gen PLUGIN_LIBRARY MODEL.xml > OUT

#include "cable_colors_dump.h"
#include "kit_dump_main.h"

int main(int argc, char** argv) {
  return kit_dump::Main(argc, argv,
                        "Cable stress colors (geom_rgba): MuJoCo 3.8.0 (the kit), "
                        "test/data/plugin/cable_colors_gen.cc",
                        cable_colors::States);
}
