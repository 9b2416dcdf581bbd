// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Deep copy of spec elements into a (possibly different) spec: used by mj_copySpec (whole spec,
// names unchanged) and by mjs_attach (a subtree plus the elements it needs, names and the
// references between copied elements decorated with a prefix and suffix).

#ifndef MOTUS_USER_USER_SPEC_COPY_H_
#define MOTUS_USER_USER_SPEC_COPY_H_

#include <functional>
#include <map>
#include <string>

#include "user/user_spec.h"

namespace motus {

struct SpecCopier {
  SpecModel* dst;
  std::string prefix, suffix;  // applied to names and to references when non-empty

  std::map<const mjsCompiler*, mjsCompiler*> compilers;
  std::map<const SpecDefault*, SpecDefault*> defaults;
  std::map<const SpecFrame*, SpecFrame*> frames;

  explicit SpecCopier(SpecModel* d) : dst(d) {}

  // name decoration ("" stays "")
  std::string Rename(const std::string& n) const {
    return n.empty() || (prefix.empty() && suffix.empty()) ? n : prefix + n + suffix;
  }
  bool Renaming() const { return !prefix.empty() || !suffix.empty(); }

  // compiler options of the source spec as seen from dst (copied into dst when foreign)
  mjsCompiler* ForeignCompiler(const mjsCompiler* c);
  mjsCompiler* MapCompiler(const mjsCompiler* c);
  SpecDefault* MapDefault(const SpecDefault* d) const;

  // default classes of src; replace_main: src's top class overwrites dst's top class (copySpec),
  // otherwise src's classes become new classes under dst's top class
  void CopyDefaults(const SpecModel* src, bool replace_main);

  // copy everything inside src (frames, joints, geoms, sites, cameras, lights, child bodies).
  // inside: copy only the elements enclosed by this frame of src (the frame included);
  // top: frame of out that encloses the copied elements that had no enclosing frame
  void CopyBodyContents(const SpecBody* src, SpecBody* out, const SpecFrame* inside = nullptr,
                        SpecFrame* top = nullptr);

  // copy body src and its subtree as a new child of parent; returns the copy
  SpecBody* CopyBody(const SpecBody* src, SpecBody* parent);

  // copy a frame (not its contents) into body parent
  SpecFrame* CopyFrame(const SpecFrame* src, SpecBody* parent);

  // copy the non-tree elements and assets of src (appended to dst's lists) for which keep()
  // is true (all when keep is empty)
  void CopyNonTree(const SpecModel* src,
                   const std::function<bool(const SpecElement&)>& keep = nullptr);

  // common element state: name, default class, compiler
  void CopyCommon(const SpecElement& src, SpecElement* out);
};

}  // namespace motus

#endif  // MOTUS_USER_USER_SPEC_COPY_H_
