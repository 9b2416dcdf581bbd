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

#ifndef MUJOCO_MJTHREAD_H_
#define MUJOCO_MJTHREAD_H_

#define mjMAXTHREAD 128  // maximum number of threads in a thread pool

typedef enum mjtTaskStatus_ {  // status values for mjTask
  mjTASK_NEW = 0,              // created and not yet queued
  mjTASK_QUEUED,               // queued in a thread pool
  mjTASK_COMPLETED             // finished running
} mjtTaskStatus;

typedef void* (*mjfTask)(void*);  // function run by a task

struct mjThreadPool_ {  // thread pool (opaque beyond this field)
  int nworker;          // number of worker threads
};
typedef struct mjThreadPool_ mjThreadPool;

struct mjTask_ {        // a task to run in a thread pool
  mjfTask func;         // function to run
  void* args;           // its argument
  volatile int status;  // mjtTaskStatus
};
typedef struct mjTask_ mjTask;

#endif  // MUJOCO_MJTHREAD_H_
