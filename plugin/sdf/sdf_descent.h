// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The descents of the last sdf collision of an instance, drawn under mjVIS_SDFITER ("iterations
// of SDF gradient descent"). The collision resets the instance before each geom pair and calls
// compute(mjPLUGIN_SDF) before each start point's descent; every gradient evaluation in between
// adds its point (in the shape's frame) to the current descent. So the record holds the pair
// that was collided last, until the next pair, mj_resetData, or mj_makeData.
//
// Drawing, per descent with at least one point: a blue sphere at its first point and a red one
// at its last (radius 0.2 stat.meansize, oriented as the geom), then a line of width 2 from each
// point over 95% of the way to the next, colored from blue to red by (k + 1) / (n - 1) for the k-th
// of n - 1 lines, with object id the descent's index. Points are mapped to the world by the pose of
// the geom that uses the instance. These geoms come before the model's in the scene (plugins draw
// first) and are not filtered by category.

#ifndef MOTUS_PLUGIN_SDF_SDF_DESCENT_H_
#define MOTUS_PLUGIN_SDF_SDF_DESCENT_H_

#include <vector>

#include <mujoco/mujoco.h>

namespace motus_sdf {

class DescentRecord {
 public:
  // room for `ndescent` descents of up to `npoint` points each without allocating
  void Reserve(int ndescent, int npoint);
  void Clear();
  void Begin();                 // a new descent
  void Add(const mjtNum p[3]);  // a point of the current descent (none before the first Begin)
  void Draw(const mjModel* m, const mjData* d, const mjvOption* opt, mjvScene* scn,
            int instance) const;

 private:
  std::vector<mjtNum> points_;  // 3 per point
  std::vector<int> first_;      // index of each descent's first point
};

}  // namespace motus_sdf

#endif  // MOTUS_PLUGIN_SDF_SDF_DESCENT_H_
