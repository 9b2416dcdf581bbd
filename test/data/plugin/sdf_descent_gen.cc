// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Writes sdf_bowl_spheres_descents.txt, the golden of SdfPlugin.DescentsDrawnAsMuJoCos (the
// scenes of sdf_descent_dump.h). Built against MuJoCo 3.8.0 (the kit) by make_sdf_golden.sh and
// run with its libsdf_plugin.so. Usage: sdf_descent_gen PLUGIN_LIBRARY MODEL.xml > OUT

#include "kit_dump_main.h"
#include "sdf_descent_dump.h"

int main(int argc, char** argv) {
  return kit_dump::Main(argc, argv,
                        "SDF descents under mjVIS_SDFITER: MuJoCo 3.8.0 (the kit), "
                        "test/data/plugin/sdf_descent_gen.cc",
                        sdf_descent::Scenes);
}
