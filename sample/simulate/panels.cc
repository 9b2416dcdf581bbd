// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The UI panels. Left: File, Option, Simulation, Watch, Physics (mjOption), Rendering
// (cameras, labels, frames, the mjvOption and scene flags), Visualization (a few mjVisual
// sizes) and Group enable. Right: a slider per scalar joint (enabled while paused) and per
// actuator control. Item states: 1 always enabled; 2 with a model; 3 with a model while paused;
// 4 with a model that has keyframes.

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "simulate.h"

namespace simulate {
namespace {

// names of the flags (our wording, in the order of the mjt enums)
const char* kVisName[mjNVISFLAG] = {
    "Convex hull",    "Texture",       "Joint",         "Camera",       "Actuator",
    "Activation",     "Light",         "Tendon",        "Range finder", "Constraint",
    "Inertia",        "Scale inertia", "Pert force",    "Pert object",  "Contact point",
    "Island",         "Contact force", "Contact split", "Transparent",  "Auto connect",
    "Center of mass", "Select point",  "Static body",   "Skin",         "Flex vert",
    "Flex edge",      "Flex face",     "Flex skin",     "Body tree",    "Mesh tree",
    "SDF iters"};
const char* kVisKey[mjNVISFLAG] = {"H", "X", "J", "Q", "U", "",  ",", "V", "Y", "N", "I",
                                   "",  "B", "O", "C", "",  "F", "P", "T", "",  "M", "E",
                                   "",  ";", "",  "",  "",  "",  "",  "",  ""};
const char* kRndName[mjNRNDFLAG] = {"Shadow",  "Wireframe", "Reflection", "Additive",
                                    "Skybox",  "Fog",       "Haze",       "Depth",
                                    "Segment", "Id color",  "Cull face"};
const char* kRndKey[mjNRNDFLAG] = {"S", "W", "R", "L", "K", "G", "/", "", ",", "", ""};

int Enabled(int category, void* data) {
  (void)data;
  switch (category) {
    case 2:
      return sim.m != nullptr;
    case 3:
      return sim.m != nullptr && !sim.run;
    case 4:
      return sim.m != nullptr && sim.m->nkey > 0;
    default:
      return 1;
  }
}

mjuiDef Def(int type, const char* name, int state, void* pdata, const std::string& other) {
  mjuiDef d;
  std::memset(&d, 0, sizeof(d));
  d.type = type;
  std::snprintf(d.name, sizeof(d.name), "%s", name);
  d.state = state;
  d.pdata = pdata;
  std::snprintf(d.other, sizeof(d.other), "%s", other.c_str());
  return d;
}

void Add(mjUI* ui, std::vector<mjuiDef>* defs) {
  defs->push_back(Def(mjITEM_END, "", 0, nullptr, ""));
  mjui_add(ui, defs->data());
  defs->clear();
}

void LeftFixed(std::vector<mjuiDef>* v) {
  v->push_back(Def(mjITEM_SECTION, "File", mjPRESERVE, nullptr, "AF"));
  v->push_back(Def(mjITEM_BUTTON, "Save xml", 2, nullptr, ""));
  v->push_back(Def(mjITEM_BUTTON, "Save mjb", 2, nullptr, ""));
  v->push_back(Def(mjITEM_BUTTON, "Print model", 2, nullptr, "CM"));
  v->push_back(Def(mjITEM_BUTTON, "Print data", 2, nullptr, "CD"));
  v->push_back(Def(mjITEM_BUTTON, "Screenshot", 1, nullptr, "CP"));
  v->push_back(Def(mjITEM_BUTTON, "Quit", 1, nullptr, "CQ"));

  v->push_back(Def(mjITEM_SECTION, "Option", mjPRESERVE, nullptr, "AO"));
  v->push_back(Def(mjITEM_CHECKINT, "Help", 1, &sim.help, " #290"));
  v->push_back(Def(mjITEM_CHECKINT, "Info", 1, &sim.info, " #291"));
  v->push_back(Def(mjITEM_CHECKINT, "Profiler", 1, &sim.profiler, " #292"));
  v->push_back(Def(mjITEM_CHECKINT, "Sensor", 1, &sim.sensor, " #293"));
  v->push_back(Def(mjITEM_CHECKINT, "Vertical sync", 1, &sim.vsync, ""));
  v->push_back(Def(mjITEM_CHECKINT, "Busy wait", 1, &sim.busywait, ""));
  v->push_back(Def(mjITEM_RADIO, "Spacing", 1, &sim.spacing, "Tight\nWide"));
  v->push_back(Def(mjITEM_RADIO, "Color", 1, &sim.color, "Default\nGray\nLight\nDark"));
  v->push_back(Def(mjITEM_SELECT, "Font", 1, &sim.font, "50 %\n100 %\n150 %\n200 %\n250 %\n300 %"));

  v->push_back(Def(mjITEM_SECTION, "Simulation", mjPRESERVE, nullptr, "AS"));
  v->push_back(Def(mjITEM_RADIO, "", 2, &sim.run, "Pause\nRun"));
  v->push_back(Def(mjITEM_BUTTON, "Reset", 2, nullptr, " #259"));
  v->push_back(Def(mjITEM_BUTTON, "Reload", 1, nullptr, "CL"));
  v->push_back(Def(mjITEM_BUTTON, "Align", 2, nullptr, "CA"));
  v->push_back(Def(mjITEM_BUTTON, "Copy state", 2, nullptr, "CC"));
  std::string speeds;
  for (int i = 0; i < kNumSpeed; i++) {
    char b[32];
    std::snprintf(b, sizeof(b), "%s%g %%", i ? "\n" : "", kSpeedPercent[i]);
    speeds += b;
  }
  v->push_back(Def(mjITEM_SELECT, "Speed", 2, &sim.speed, speeds));
  int nkey = sim.m ? sim.m->nkey : 0;
  v->push_back(
      Def(mjITEM_SLIDERINT, "Key", 4, &sim.key, "0 " + std::to_string(mjMAX(0, nkey - 1))));
  v->push_back(Def(mjITEM_BUTTON, "Load key", 4, nullptr, ""));
  v->push_back(Def(mjITEM_BUTTON, "Save key", 4, nullptr, ""));
  v->push_back(Def(mjITEM_SLIDERNUM, "Noise scale", 2, &sim.noisescale, "0 2"));
  v->push_back(Def(mjITEM_SLIDERNUM, "Noise rate", 2, &sim.noiserate, "0 2"));

  v->push_back(Def(mjITEM_SECTION, "Watch", mjPRESERVE, nullptr, "AW"));
  v->push_back(Def(mjITEM_EDITTXT, "Field", 2, sim.field, ""));
  v->push_back(Def(mjITEM_EDITINT, "Index", 2, &sim.index, "1"));
  v->push_back(Def(mjITEM_STATIC, "Value", 2, nullptr, " "));
}

void PhysicsSection(std::vector<mjuiDef>* v) {
  mjOption* o = &sim.m->opt;
  v->push_back(Def(mjITEM_SECTION, "Physics", mjPRESERVE, nullptr, "AP"));
  v->push_back(
      Def(mjITEM_SELECT, "Integrator", 2, &o->integrator, "Euler\nRK4\nimplicit\nimplicitfast"));
  v->push_back(Def(mjITEM_SELECT, "Cone", 2, &o->cone, "Pyramidal\nElliptic"));
  v->push_back(Def(mjITEM_SELECT, "Jacobian", 2, &o->jacobian, "Dense\nSparse\nAuto"));
  v->push_back(Def(mjITEM_SELECT, "Solver", 2, &o->solver, "PGS\nCG\nNewton"));
  v->push_back(Def(mjITEM_SEPARATOR, "Algorithmic parameters", mjPRESERVE, nullptr, ""));
  v->push_back(Def(mjITEM_EDITNUM, "Timestep", 2, &o->timestep, "1 0 1"));
  v->push_back(Def(mjITEM_EDITINT, "Iterations", 2, &o->iterations, "1 0 1000"));
  v->push_back(Def(mjITEM_EDITNUM, "Tolerance", 2, &o->tolerance, "1 0 1"));
  v->push_back(Def(mjITEM_EDITINT, "LS iter", 2, &o->ls_iterations, "1 0 100"));
  v->push_back(Def(mjITEM_EDITNUM, "LS tol", 2, &o->ls_tolerance, "1 0 0.1"));
  v->push_back(Def(mjITEM_EDITINT, "Noslip iter", 2, &o->noslip_iterations, "1 0 1000"));
  v->push_back(Def(mjITEM_EDITNUM, "Impratio", 2, &o->impratio, "1 0.0001 100"));
  v->push_back(Def(mjITEM_SEPARATOR, "Physical parameters", mjPRESERVE, nullptr, ""));
  v->push_back(Def(mjITEM_EDITNUM, "Gravity", 2, o->gravity, "3"));
  v->push_back(Def(mjITEM_EDITNUM, "Wind", 2, o->wind, "3"));
  v->push_back(Def(mjITEM_EDITNUM, "Magnetic", 2, o->magnetic, "3"));
  v->push_back(Def(mjITEM_EDITNUM, "Density", 2, &o->density, "1"));
  v->push_back(Def(mjITEM_EDITNUM, "Viscosity", 2, &o->viscosity, "1"));
  v->push_back(Def(mjITEM_SEPARATOR, "Disable flags", mjSEPCLOSED, nullptr, ""));
  for (int i = 0; i < mjNDISABLE; i++) {
    v->push_back(Def(mjITEM_CHECKINT, mjDISABLESTRING[i], 2, sim.disable + i, ""));
  }
  v->push_back(Def(mjITEM_SEPARATOR, "Enable flags", mjSEPCLOSED, nullptr, ""));
  for (int i = 0; i < mjNENABLE; i++) {
    v->push_back(Def(mjITEM_CHECKINT, mjENABLESTRING[i], 2, sim.enable + i, ""));
  }
}

std::string Names(const char* first, int n, const int* adr) {
  std::string s = first;
  for (int i = 0; i < n; i++) {
    const char* name = sim.m->names + adr[i];
    s += "\n";
    s += name[0] ? std::string(name) : "camera " + std::to_string(i);
  }
  return s;
}

void RenderingSection(std::vector<mjuiDef>* v) {
  v->push_back(Def(mjITEM_SECTION, "Rendering", mjPRESERVE, nullptr, "AR"));
  v->push_back(Def(mjITEM_SELECT, "Camera", 2, &sim.camera,
                   Names("Free\nTracking", sim.m->ncam, sim.m->name_camadr)));
  v->push_back(Def(mjITEM_SELECT, "Label", 2, &sim.vopt.label,
                   "None\nBody\nJoint\nGeom\nSite\nCamera\nLight\nTendon\nActuator\nConstraint\n"
                   "Flex\nSkin\nSelection\nSel pnt\nContact\nContact force\nIsland"));
  v->push_back(Def(mjITEM_SELECT, "Frame", 2, &sim.vopt.frame,
                   "None\nBody\nGeom\nSite\nCamera\nLight\nContact\nWorld"));
  v->push_back(Def(mjITEM_SEPARATOR, "Model elements", mjPRESERVE, nullptr, ""));
  for (int i = 0; i < mjNVISFLAG; i++) {
    v->push_back(Def(mjITEM_CHECKBYTE, kVisName[i], 2, sim.vopt.flags + i,
                     kVisKey[i][0] ? std::string(" ") + kVisKey[i] : ""));
  }
  v->push_back(Def(mjITEM_SEPARATOR, "OpenGL effects", mjPRESERVE, nullptr, ""));
  for (int i = 0; i < mjNRNDFLAG; i++) {
    v->push_back(Def(mjITEM_CHECKBYTE, kRndName[i], 2, sim.scn.flags + i,
                     kRndKey[i][0] ? std::string("S") + kRndKey[i] : ""));
  }
}

void VisualSection(std::vector<mjuiDef>* v) {
  mjVisual* vis = &sim.m->vis;
  v->push_back(Def(mjITEM_SECTION, "Visualization", mjPRESERVE, nullptr, "AV"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Field of view", 2, &vis->global.fovy, "1 1 179"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Headlight", 2, vis->headlight.diffuse, "3 0 1 0 1 0 1"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Force scale", 2, &vis->map.force, "1 0 1000"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Force width", 2, &vis->scale.forcewidth, "1 0 10"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Contact width", 2, &vis->scale.contactwidth, "1 0 10"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Contact height", 2, &vis->scale.contactheight, "1 0 10"));
  v->push_back(Def(mjITEM_EDITFLOAT, "Frame length", 2, &vis->scale.framelength, "1 0 10"));
}

void GroupSection(std::vector<mjuiDef>* v) {
  v->push_back(Def(mjITEM_SECTION, "Group enable", mjPRESERVE, nullptr, "AG"));
  struct {
    const char* name;
    mjtByte* flags;
  } groups[] = {{"Geom", sim.vopt.geomgroup},         {"Site", sim.vopt.sitegroup},
                {"Joint", sim.vopt.jointgroup},       {"Tendon", sim.vopt.tendongroup},
                {"Actuator", sim.vopt.actuatorgroup}, {"Flex", sim.vopt.flexgroup},
                {"Skin", sim.vopt.skingroup}};
  for (auto& g : groups) {
    v->push_back(
        Def(mjITEM_SEPARATOR, (std::string(g.name) + " groups").c_str(), mjPRESERVE, nullptr, ""));
    for (int i = 0; i < mjNGROUP; i++) {
      std::string name = std::string(g.name) + " " + std::to_string(i);
      std::string key = std::string(g.name) == "Geom" ? " " + std::to_string(i) : "";
      v->push_back(Def(mjITEM_CHECKBYTE, name.c_str(), 2, g.flags + i, key));
    }
  }
}

void RightPanel(std::vector<mjuiDef>* v) {
  mjModel* m = sim.m;
  v->push_back(Def(mjITEM_SECTION, "Joint", mjPRESERVE, nullptr, "AJ"));
  char range[100];
  for (int i = 0; i < m->njnt && v->size() < mjMAXUIITEM; i++) {
    int type = m->jnt_type[i];
    if (type != mjJNT_HINGE && type != mjJNT_SLIDE) {
      continue;
    }
    double lo = type == mjJNT_HINGE ? -3.1416 : -1, hi = -lo;
    if (m->jnt_limited[i]) {
      lo = m->jnt_range[2 * i];
      hi = m->jnt_range[2 * i + 1];
    }
    std::snprintf(range, sizeof(range), "%.4g %.4g", lo, hi);
    const char* name = m->names + m->name_jntadr[i];
    std::string label = name[0] ? name : "joint " + std::to_string(i);
    v->push_back(Def(mjITEM_SLIDERNUM, label.c_str(), 3, sim.d->qpos + m->jnt_qposadr[i], range));
  }
  Add(&sim.ui1, v);
  v->push_back(Def(mjITEM_SECTION, "Control", mjPRESERVE, nullptr, "AC"));
  v->push_back(Def(mjITEM_BUTTON, "Clear all", 2, nullptr, ""));
  for (int i = 0; i < m->nu && (int)v->size() < mjMAXUIITEM - 1; i++) {
    double lo = -1, hi = 1;
    if (m->actuator_ctrllimited[i]) {
      lo = m->actuator_ctrlrange[2 * i];
      hi = m->actuator_ctrlrange[2 * i + 1];
    }
    std::snprintf(range, sizeof(range), "%.4g %.4g", lo, hi);
    const char* name = m->names + m->name_actuatoradr[i];
    std::string label = name[0] ? name : "control " + std::to_string(i);
    v->push_back(Def(mjITEM_SLIDERNUM, label.c_str(), 2, sim.d->ctrl + i, range));
  }
  Add(&sim.ui1, v);
}

}  // namespace

void MakeUI() {
  std::lock_guard<std::recursive_mutex> lock(sim.mtx);
  std::vector<mjuiDef> v;
  sim.ui0.nsect = 0;
  sim.ui1.nsect = 0;
  sim.ui0.predicate = sim.ui1.predicate = Enabled;
  LeftFixed(&v);
  Add(&sim.ui0, &v);
  if (sim.m) {
    PhysicsSection(&v);
    Add(&sim.ui0, &v);
    RenderingSection(&v);
    Add(&sim.ui0, &v);
    VisualSection(&v);
    Add(&sim.ui0, &v);
    GroupSection(&v);
    Add(&sim.ui0, &v);
    RightPanel(&v);
  }
  ResizeUI();
}

void ResizeUI() {
  sim.ui0.spacing = sim.ui1.spacing = mjui_themeSpacing(sim.spacing);
  sim.ui0.color = sim.ui1.color = mjui_themeColor(sim.color);
  mjUI* uis[2] = {&sim.ui0, &sim.ui1};
  for (mjUI* ui : uis) {
    mjui_resize(ui, &sim.con);
    mjr_addAux(ui->auxid, ui->width, ui->maxheight, ui->spacing.samples, &sim.con);
  }
  LayoutRects();
  UpdateUI();
}

void UpdateUI() {
  UpdateWatch();
  mjui_update(-1, -1, &sim.ui0, &sim.uistate, &sim.con);
  mjui_update(-1, -1, &sim.ui1, &sim.uistate, &sim.con);
}

// The Watch section shows one number of an mjData field named like its mjData member.
void UpdateWatch() {
  const char* text = "invalid field";
  char buf[100];
  mjModel* m = sim.m;
  mjData* d = sim.d;
  if (m) {
    struct {
      const char* name;
      const mjtNum* data;
      mjtSize n;
    } fields[] = {{"qpos", d->qpos, m->nq},        {"qvel", d->qvel, m->nv},
                  {"qacc", d->qacc, m->nv},        {"ctrl", d->ctrl, m->nu},
                  {"act", d->act, m->na},          {"sensordata", d->sensordata, m->nsensordata},
                  {"xpos", d->xpos, 3 * m->nbody}, {"qfrc_actuator", d->qfrc_actuator, m->nv},
                  {"time", &d->time, 1},           {"energy", d->energy, 2}};
    for (auto& f : fields) {
      if (!std::strcmp(sim.field, f.name)) {
        if (sim.index >= 0 && sim.index < f.n) {
          std::snprintf(buf, sizeof(buf), "%0.5g", f.data[sim.index]);
          text = buf;
        } else {
          text = "invalid index";
        }
      }
    }
  }
  for (int s = 0; s < sim.ui0.nsect; s++) {
    if (!std::strcmp(sim.ui0.sect[s].name, "Watch")) {
      char* dst = sim.ui0.sect[s].item[2].multi.name[0];
      size_t n = mjMIN(std::strlen(text), (size_t)mjMAXUINAME - 1);
      std::memcpy(dst, text, n);
      dst[n] = 0;
    }
  }
}

namespace {

void SetFont() {
  const int scales[6] = {50, 100, 150, 200, 250, 300};
  mjr_changeFont(scales[sim.font], &sim.con);
}

}  // namespace

void UiAction(mjuiItem* it) {
  std::string name = it->name;
  if (name == "Quit") {
    glfwSetWindowShouldClose(sim.window, 1);
  } else if (name == "Save xml" && sim.m) {
    char err[500] = "";
    if (mj_saveLastXML("mjmodel.xml", sim.m, err, sizeof(err))) {
      SetMessage("Saved mjmodel.xml");
    } else {
      SetMessage(std::string("Save xml failed: ") + err);
    }
  } else if (name == "Save mjb" && sim.m) {
    mj_saveModel(sim.m, "mjmodel.mjb", nullptr, 0);
    SetMessage("Saved mjmodel.mjb");
  } else if (name == "Print model" && sim.m) {
    mj_printModel(sim.m, "MJMODEL.TXT");
    SetMessage("Printed MJMODEL.TXT");
  } else if (name == "Print data" && sim.m) {
    mj_printData(sim.m, sim.d, "MJDATA.TXT");
    SetMessage("Printed MJDATA.TXT");
  } else if (name == "Screenshot") {
    sim.screenshotrequest = 1;
  } else if (name == "Reset") {
    ResetSimulation();
  } else if (name == "Reload") {
    RequestLoad(sim.filename);
  } else if (name == "Align" && sim.m) {
    mjv_defaultFreeCamera(sim.m, &sim.cam);
    sim.camera = 0;
  } else if (name == "Copy state") {
    CopyState();
  } else if (name == "Load key") {
    LoadKeyframe();
  } else if (name == "Save key") {
    SaveKeyframe();
  } else if (name == "Clear all" && sim.m) {
    mju_zero(sim.d->ctrl, sim.m->nu);
  } else if (name == "Spacing" || name == "Color") {
    ResizeUI();
  } else if (name == "Font") {
    ApplyFont();
  } else if (name == "Camera" && sim.m) {
    if (sim.camera == 0) {
      sim.cam.type = mjCAMERA_FREE;
    } else if (sim.camera == 1) {
      sim.cam.type = sim.pert.select > 0 ? mjCAMERA_TRACKING : mjCAMERA_FREE;
      sim.cam.trackbodyid = sim.pert.select;
    } else {
      sim.cam.type = mjCAMERA_FIXED;
      sim.cam.fixedcamid = sim.camera - 2;
    }
  } else if (it->type == mjITEM_CHECKINT && sim.m &&
             ((int*)it->pdata >= sim.disable && (int*)it->pdata < sim.enable + mjNENABLE)) {
    SyncOptionFlags();
  } else if (name == "Vertical sync") {
    glfwSwapInterval(sim.vsync);
  } else if (it->type == mjITEM_RADIO && it->pdata == &sim.run) {
    sim.pert.active = 0;  // a running perturbation ends when pausing or resuming
  }
}

void ApplyFont() {
  SetFont();
  ResizeUI();
}

}  // namespace simulate
