// Copyright 2026 The Motus Authors.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#ifndef MUJOCO_MJPLUGIN_H_
#define MUJOCO_MJPLUGIN_H_

// Types of the extension points (mjp_ functions): resource providers that open named assets,
// decoders and encoders of model formats, engine plugins and signed distance fields. Field names,
// order and types are those of MuJoCo 3.8's C API (APIreference_types.rst).

#include <mujoco/mjdata.h>
#include <mujoco/mjmodel.h>
#include <mujoco/mjspec.h>
#include <mujoco/mjtnum.h>
#include <mujoco/mjvisualize.h>

// ---------------------------------- resources --------------------------------------------------

struct mjResource_ {                           // an open asset: a file, a VFS entry, ...
  char* name;                                  // resource name (a file name, a URI, ...)
  void* data;                                  // the provider's own data for this resource
  mjVFS* vfs;                                  // VFS the resource was looked up in
  char timestamp[512];                         // provider-defined time stamp of the contents
  const struct mjpResourceProvider* provider;  // provider that opened it (NULL: built-in)
};
typedef struct mjResource_ mjResource;

// Opens a resource; returns 0 on failure.
typedef int (*mjfOpenResource)(mjResource* resource);

// Points *buffer at the contents of a resource; returns their size in bytes, or -1 on error.
typedef int (*mjfReadResource)(mjResource* resource, const void** buffer);

// Releases what opening a resource allocated.
typedef void (*mjfCloseResource)(mjResource* resource);

// Mounts a resource provider on a VFS; returns 0 on failure.
typedef int (*mjfMountResource)(mjResource* resource);

// Unmounts a resource provider from a VFS; returns 0 on failure.
typedef int (*mjfUnmountResource)(mjResource* resource);

// Compares the resource's time stamp with a given one: 0 if equal, > 0 if the resource is newer,
// < 0 if it is older.
typedef int (*mjfResourceModified)(const mjResource* resource, const char* timestamp);

struct mjpResourceProvider {     // opens the resources whose names start with a prefix
  const char* prefix;            // name prefix handled ("prefix:...")
  mjfOpenResource open;          // required
  mjfReadResource read;          // required
  mjfCloseResource close;        // required
  mjfMountResource mount;        // optional
  mjfUnmountResource unmount;    // optional
  mjfResourceModified modified;  // optional
  void* data;                    // provider data shared by all its resources
};
typedef struct mjpResourceProvider mjpResourceProvider;

// ---------------------------------- decoders and encoders --------------------------------------

// Builds an mjSpec from a resource; the caller owns the returned spec.
typedef mjSpec* (*mjfDecode)(mjResource* resource, const mjVFS* vfs);

// Returns nonzero if a decoder can read the resource.
typedef int (*mjfCanDecode)(const mjResource* resource);

struct mjpDecoder {          // reads a model format into an mjSpec
  const char* content_type;  // media type handled
  const char* extension;     // file extension handled
  mjfCanDecode can_decode;   // quick test of a resource
  mjfDecode decode;          // the decoder
};
typedef struct mjpDecoder mjpDecoder;

// Writes an mjSpec (and its compiled model) into a resource.
typedef int (*mjfEncode)(const mjSpec* s, const mjModel* m, const mjVFS* vfs, mjResource* resource);

struct mjpEncoder {                 // writes a model format
  const char* content_type;         // media type produced
  const char* extension;            // file extension produced
  mjfEncode encode;                 // the encoder
  mjfCloseResource close_resource;  // releases the resource written
};
typedef struct mjpEncoder mjpEncoder;

// ---------------------------------- engine plugins ---------------------------------------------

typedef enum mjtPluginCapabilityBit_ {
  mjPLUGIN_ACTUATOR = 1 << 0,
  mjPLUGIN_SENSOR = 1 << 1,
  mjPLUGIN_PASSIVE = 1 << 2,
  mjPLUGIN_SDF = 1 << 3
} mjtPluginCapabilityBit;

struct mjpPlugin_ {               // an engine plugin: callbacks called at fixed pipeline points
  const char* name;               // unique name, as used in MJCF <plugin plugin="...">
  int nattribute;                 // configuration attributes
  const char* const* attributes;  // their names
  int capabilityflags;            // mjtPluginCapabilityBit mask
  int needstage;                  // mjtStage a sensor plugin needs

  // required: mjtNums of plugin state of an instance
  int (*nstate)(const mjModel* m, int instance);

  // sensor plugins: size of a sensor's output
  int (*nsensordata)(const mjModel* m, int instance, int sensor_id);

  // required: called by mj_makeData; returns 0 on success, -1 on failure
  int (*init)(const mjModel* m, mjData* d, int instance);

  // optional: called by mj_deleteData
  void (*destroy)(mjData* d, int instance);

  // optional: called by mj_copyData
  void (*copy)(mjData* dest, const mjModel* m, const mjData* src, int instance);

  // required: called by mj_resetData
  void (*reset)(const mjModel* m, mjtNum* plugin_state, void* plugin_data, int instance);

  // required: computes the plugin's outputs for one capability
  void (*compute)(const mjModel* m, mjData* d, int instance, int capability_bit);

  // optional: called when time advances
  void (*advance)(const mjModel* m, mjData* d, int instance);

  // optional: adds decorations in mjv_updateScene
  void (*visualize)(const mjModel* m, mjData* d, const mjvOption* opt, mjvScene* scn, int instance);

  // optional, actuator plugins: writes the plugin's act_dot entries (after the built-in ones,
  // before compute)
  void (*actuator_act_dot)(const mjModel* m, mjData* d, int instance);

  // optional, SDF plugins: signed distance at a point
  mjtNum (*sdf_distance)(const mjtNum point[3], const mjData* d, int instance);

  // optional, SDF plugins: gradient of the distance in local coordinates
  void (*sdf_gradient)(mjtNum gradient[3], const mjtNum point[3], const mjData* d, int instance);

  // optional, SDF plugins: distance from attributes alone (mesh generation at compile time)
  mjtNum (*sdf_staticdistance)(const mjtNum point[3], const mjtNum* attributes);

  // optional, SDF plugins: parses attributes, filling defaults for absent ones
  void (*sdf_attribute)(mjtNum attribute[], const char* name[], const char* value[]);

  // optional, SDF plugins: axis-aligned bounding box (center and half sizes)
  void (*sdf_aabb)(mjtNum aabb[6], const mjtNum* attributes);
};
typedef struct mjpPlugin_ mjpPlugin;

struct mjSDF_ {              // signed distance fields combined by mjc_distance/mjc_gradient
  const mjpPlugin** plugin;  // plugin of each field
  int* id;                   // plugin instance of each field
  mjtSDFType type;           // how the fields combine
  mjtNum* relpos;            // relative positions
  mjtNum* relmat;            // relative orientations
  mjtGeom* geomtype;         // geom type of each field
};
typedef struct mjSDF_ mjSDF;

// Defines a function run when the library holding it is loaded, so that a plugin library can
// register its plugins.
#if defined(__GNUC__) || defined(__clang__)
#define mjPLUGIN_LIB_INIT(n)                                   \
  static void _mj_init_##n(void) __attribute__((constructor)); \
  static void _mj_init_##n(void)
#endif

// Called by mj_loadAllPluginLibraries for each library: the plugins it registered are the slots
// first ... first + count - 1.
typedef void (*mjfPluginLibraryLoadCallback)(const char* filename, int first, int count);

#endif  // MUJOCO_MJPLUGIN_H_
