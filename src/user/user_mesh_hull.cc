// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Convex hull of a mesh's vertices with qhull (reentrant libqhull_r), stored as mjModel.mesh_graph
// (APIreference_APItypes.rst, mjModel: mesh_graph):
//
//   numvert, numface,
//   vert_edgeadr[numvert]           start of each hull vertex's neighbor list in edge_localid
//   vert_globalid[numvert]          mesh vertex index of each hull vertex
//   edge_localid[numvert+3*numface] neighbor lists (hull-local ids), each terminated by -1
//   face_globalid[3*numface]        hull triangles (mesh vertex indices), outward oriented
//
// qhull runs with "Qt" (triangulated output) and, for <mesh maxhullvert>, "TA<maxhullvert-4>"
// (stop after that many points are added to the initial simplex). Hull vertices are listed in
// qhull's vertex-list order; the neighbors of a vertex are the other vertices of its incident
// facets, in the order qhull stores those facets and their vertices, without repeats. A facet's
// vertices are stored in a fixed (decreasing id) order, so its first two are swapped when qhull
// reports the facet with top orientation, which makes every triangle counter-clockwise seen
// from outside.

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include "user/user_mesh.h"

namespace motus {
namespace {

// first non-empty line of qhull's error report (which is long)
std::string FirstLine(const std::string& text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      end = text.size();
    }
    if (end > start) {
      return text.substr(start, end - start);
    }
    start = end + 1;
  }
  return std::string();
}

// copies qhull's result into the graph layout (see top of file)
bool FillGraph(qhT* qh, std::vector<int>* graph, std::string* error) {
  int numvert = qh->num_vertices;
  int numface = qh->num_facets;
  graph->assign(2 + 3 * numvert + 6 * numface, 0);
  int* g = graph->data();
  g[0] = numvert;
  g[1] = numface;
  int* edgeadr = g + 2;
  int* globalid = edgeadr + numvert;
  int* edges = globalid + numvert;
  int* faces = edges + numvert + 3 * numface;

  // hull-local ids, indexed by qhull's vertex id
  std::vector<int> local(qh->vertex_id + 1, -1);
  vertexT* vertex;
  vertexT** vertexp;
  int i = 0;
  FORALLvertices {
    globalid[i] = qh_pointid(qh, vertex->point);
    local[vertex->id] = i;
    i++;
  }

  // triangles
  facetT* facet;
  int f = 0;
  FORALLfacets {
    if (qh_setsize(qh, facet->vertices) != 3) {
      *error = "qhull returned a non-triangular facet";
      return false;
    }
    int k = 0;
    FOREACHvertex_(facet->vertices) faces[3 * f + k++] = qh_pointid(qh, vertex->point);
    if (facet->toporient) {
      int t = faces[3 * f];
      faces[3 * f] = faces[3 * f + 1];
      faces[3 * f + 1] = t;
    }
    f++;
  }

  // neighbor lists, from the facets around each vertex
  qh_vertexneighbors(qh);
  int adr = 0;
  i = 0;
  FORALLvertices {
    edgeadr[i] = adr;
    int start = adr;
    facetT* neighbor;
    facetT** neighborp;
    FOREACHneighbor_(vertex) {
      vertexT* other;
      vertexT** otherp;
      FOREACHsetelement_(vertexT, neighbor->vertices, other) {
        if (other == vertex) {
          continue;
        }
        int id = local[other->id];
        bool seen = false;
        for (int k = start; k < adr; k++) {
          if (edges[k] == id) {
            seen = true;
            break;
          }
        }
        if (!seen) {
          if (adr >= numvert + 3 * numface - 1) {
            *error = "inconsistent convex hull topology";
            return false;
          }
          edges[adr++] = id;
        }
      }
    }
    edges[adr++] = -1;
    i++;
  }
  if (adr != numvert + 3 * numface) {
    *error = "inconsistent convex hull topology";
    return false;
  }
  return true;
}

}  // namespace

bool MakeHullGraph(const std::vector<double>& vert, int maxhullvert, std::vector<int>* graph,
                   std::string* error) {
  graph->clear();
  int nvert = static_cast<int>(vert.size() / 3);
  if (nvert < 4) {
    *error = "at least 4 vertices required for the convex hull";
    return false;
  }
  if (maxhullvert > -1 && maxhullvert < 4) {
    *error = "maxhullvert must be larger than 3";
    return false;
  }
  char options[64] = "qhull Qt";
  if (maxhullvert > -1) {
    std::snprintf(options, sizeof(options), "qhull Qt TA%d", maxhullvert - 4);
  }

  // qhull writes its (long) diagnostics to a stream: capture them for the error message
  char* report = nullptr;
  size_t report_size = 0;
  FILE* errfile = open_memstream(&report, &report_size);

  std::vector<double> points(vert);  // qhull may not modify, but takes a non-const pointer
  qhT qh_storage;
  qhT* qh = &qh_storage;
  qh_zero(qh, errfile);
  int exitcode = qh_new_qhull(qh, 3, nvert, points.data(), False, options, nullptr, errfile);
  bool ok = (exitcode == 0);
  if (ok) {
    ok = FillGraph(qh, graph, error);
  } else {
    if (errfile) {
      std::fflush(errfile);
    }
    std::string text = report ? std::string(report, report_size) : std::string();
    *error = "qhull error: " + FirstLine(text);
  }
  qh_freeqhull(qh, !qh_ALL);
  int curlong, totlong;
  qh_memfreeshort(qh, &curlong, &totlong);
  if (errfile) {
    std::fclose(errfile);
  }
  std::free(report);
  if (!ok) {
    graph->clear();
  }
  return ok;
}

}  // namespace motus
