// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Asset processing for the compiler: every mesh (except those made by SDF plugins), texture and
// height field is one task that reads its spec and writes its own slot of ctx.mesh, ctx.texture
// or ctx.hfield. With <compiler usethread="true"> (the default) the tasks run on worker threads
// from the start of the compile, while the calling thread goes on with the kinematic tree;
// otherwise they run on the calling thread when their result is first needed. The passes that
// use a result wait for it in asset order and report the first failing asset, so errors and
// every compiled number are the same with and without threads.

#ifndef MOTUS_USER_USER_COMPILE_ASSETS_H_
#define MOTUS_USER_USER_COMPILE_ASSETS_H_

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "user/user_mesh.h"

namespace motus {

struct CompileContext;

class AssetJobs {
 public:
  // queues the assets of c (sizing ctx.mesh, ctx.texture, ctx.hfield) and starts the workers
  explicit AssetJobs(CompileContext* c);
  // stops handing out tasks and joins the workers (a failed compile does not wait for the rest)
  ~AssetJobs();
  AssetJobs(const AssetJobs&) = delete;
  AssetJobs& operator=(const AssetJobs&) = delete;

  // The error of mesh/texture/height field i ("" when it succeeded), once its task is done; the
  // caller runs queued tasks while it waits. An exception thrown by the task (out of memory, an
  // engine error) is thrown again here, on the calling thread.
  const std::string& Mesh(size_t i) { return Wait(mesh_task_[i]); }
  const std::string& Texture(size_t i) { return Wait(texture_first_ + i); }
  const std::string& HField(size_t i) { return Wait(hfield_first_ + i); }

  // the processing options of mesh i (see MeshAssetOptions)
  const MeshOptions& MeshOptionsOf(size_t i) const { return mesh_options_[i]; }

  int workers() const { return static_cast<int>(threads_.size()); }

 private:
  struct Task {
    std::function<void(std::string*)> run;
    std::string error;
    std::exception_ptr exception;
    bool done = false;  // guarded by mutex_
  };

  const std::string& Wait(size_t i);
  bool RunNext();  // runs the next queued task; false when none is left
  void Work();     // worker thread loop

  std::vector<Task> tasks_;
  std::vector<MeshOptions> mesh_options_;
  std::vector<size_t> mesh_task_;  // task of each mesh (SIZE_MAX: made by an SDF plugin)
  size_t texture_first_ = 0, hfield_first_ = 0;
  size_t next_ = 0;    // next task to hand out, guarded by mutex_
  bool stop_ = false;  // guarded by mutex_
  std::mutex mutex_;
  std::condition_variable finished_;
  std::vector<std::thread> threads_;
};

}  // namespace motus

#endif  // MOTUS_USER_USER_COMPILE_ASSETS_H_
