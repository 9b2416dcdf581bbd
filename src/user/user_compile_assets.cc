// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Asset jobs of the compiler (see user_compile_assets.h).
//
// Tasks are handed out in asset order (meshes, textures, height fields) from one counter. Each
// task writes only its own result slot and error, and its completion is published under the
// mutex, so a result read after Wait() is complete. Every task computes the same numbers on any
// thread (the processing reads nothing but the spec, the files and the asset cache, whose
// entries equal what they replace), which makes the threaded compile equal to the serial one to
// the last bit.

#include "user/user_compile_assets.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>

#include "user/user_compile_internal.h"

namespace motus {

namespace {

// at most this many threads process assets (as for MuJoCo's compiler thread pool)
constexpr unsigned kMaxAssetThreads = 16;

AssetContext AssetFolder(const SpecModel* s, const std::string* dir) {
  AssetContext actx;
  actx.modelfiledir = s->own.modelfiledir;
  actx.assetdir = dir ? *dir : "";
  actx.strippath = s->s.strippath;
  return actx;
}

}  // namespace

AssetJobs::AssetJobs(CompileContext* c) {
  const SpecModel* s = c->spec;
  c->mesh.assign(s->meshes.size(), nullptr);
  c->texture.assign(s->textures.size(), TextureResult());
  c->hfield.assign(s->hfields.size(), HFieldResult());
  mesh_options_ = MeshAssetOptions(c);
  mesh_task_.assign(s->meshes.size(), SIZE_MAX);
  for (size_t i = 0; i < s->meshes.size(); i++) {
    if (MeshFromPlugin(c, static_cast<int>(i))) {
      continue;
    }
    mesh_task_[i] = tasks_.size();
    tasks_.emplace_back();
    tasks_.back().run = [c, i, this](std::string* err) {
      if (!LoadMeshAsset(c, static_cast<int>(i), mesh_options_[i], &c->mesh[i], err) &&
          err->empty()) {
        *err = "mesh could not be loaded";
      }
    };
  }
  texture_first_ = tasks_.size();
  for (size_t i = 0; i < s->textures.size(); i++) {
    tasks_.emplace_back();
    tasks_.back().run = [c, i](std::string* err) {
      const SpecTexture* t = c->spec->textures[i].get();
      AssetContext actx = AssetFolder(c->spec, t->compiler ? t->compiler->texturedir : nullptr);
      if (!LoadTexture(&t->s, c->vfs, actx, &c->texture[i], err) && err->empty()) {
        *err = "texture could not be loaded";
      }
    };
  }
  hfield_first_ = tasks_.size();
  for (size_t i = 0; i < s->hfields.size(); i++) {
    tasks_.emplace_back();
    tasks_.back().run = [c, i](std::string* err) {
      const SpecHField* h = c->spec->hfields[i].get();
      AssetContext actx = AssetFolder(c->spec, h->compiler ? h->compiler->meshdir : nullptr);
      if (!LoadHField(&h->s, c->vfs, actx, &c->hfield[i], err) && err->empty()) {
        *err = "height field could not be loaded";
      }
    };
  }

  // workers: one per further hardware thread, none for a serial compile; the compiling thread
  // takes tasks too while it waits for a result
  if (!s->s.compiler.usethread || tasks_.empty()) {
    return;
  }
  unsigned hardware = std::min(std::max(std::thread::hardware_concurrency(), 1u), kMaxAssetThreads);
  size_t nworker = std::min<size_t>(hardware - 1, tasks_.size());
  for (size_t k = 0; k < nworker; k++) {
    try {
      threads_.emplace_back([this] { Work(); });
    } catch (const std::system_error&) {
      break;  // no more threads: the others and the compiling thread do the work
    }
  }
}

AssetJobs::~AssetJobs() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  for (std::thread& t : threads_) {
    t.join();
  }
}

bool AssetJobs::RunNext() {
  size_t i;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stop_ || next_ >= tasks_.size()) {
      return false;
    }
    i = next_++;
  }
  Task& t = tasks_[i];
  try {
    t.run(&t.error);
  } catch (...) {
    t.exception = std::current_exception();
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    t.done = true;
  }
  finished_.notify_all();
  return true;
}

void AssetJobs::Work() {
  while (RunNext()) {
  }
}

const std::string& AssetJobs::Wait(size_t i) {
  Task& t = tasks_[i];
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (t.done) {
        break;
      }
    }
    if (!RunNext()) {
      // every task is handed out: task i is running on a worker
      std::unique_lock<std::mutex> lock(mutex_);
      finished_.wait(lock, [&t] { return t.done; });
      break;
    }
  }
  if (t.exception) {
    std::rethrow_exception(t.exception);
  }
  return t.error;
}

}  // namespace motus
