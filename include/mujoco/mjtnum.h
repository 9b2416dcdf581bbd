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

#ifndef MUJOCO_MJTNUM_H_
#define MUJOCO_MJTNUM_H_

#include <stdint.h>

// floating-point type of all real-valued quantities: double, or float with mjUSESINGLE
#ifdef mjUSESINGLE
typedef float mjtNum;
#else
typedef double mjtNum;
#endif

typedef unsigned char mjtByte;  // used for true/false flags and small enums
typedef int64_t mjtSize;        // used for buffer sizes

#define mjMINVAL 1E-15  // smallest value allowed in any denominator

#endif  // MUJOCO_MJTNUM_H_
