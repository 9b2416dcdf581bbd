// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The MJCF schema (XMLreference.rst, "XML schema"): every element of the language, where it may
// appear, how often, and the attributes it takes; and mj_printSchema (APIreference_functions.rst,
// "Printing"), which prints it as plain text or as an HTML table.
//
// The table lists elements depth-first in document order. Multiplicity codes: '!' required, at
// most once; '?' optional, at most once; '*' optional, any number of times; 'R' optional, any
// number of times and recursively (a <default> inside a <default>, a <body> inside a <body>; the
// world body shares the body's row). Attributes are printed in byte order whatever their order
// here. schema_test checks the table against the reader: every attribute listed is one the reader
// recognizes for that element.

#include "xml/xml_schema.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

namespace motus {
namespace mjcf {
namespace {

const SchemaElement kSchema[] = {
    {0, "mujoco", '!', "model"},
    {1, "compiler", '*',
     "alignfree angle assetdir autolimits balanceinertia boundinertia boundmass coordinate "
     "discardvisual eulerseq fitaabb fusestatic inertiafromgeom inertiagrouprange meshdir "
     "saveinertial settotalmass strippath texturedir usethread"},
    {2, "lengthrange", '?',
     "accel interval inttotal maxforce mode timeconst timestep tolrange useexisting uselimit"},
    {1, "option", '*',
     "actuatorgroupdisable ccd_iterations ccd_tolerance cone density gravity impratio integrator "
     "iterations jacobian ls_iterations ls_tolerance magnetic noslip_iterations noslip_tolerance "
     "o_friction o_margin o_solimp o_solref sdf_initpoints sdf_iterations sleep_tolerance solver "
     "timestep tolerance viscosity wind"},
    {2, "flag", '?',
     "actuation autoreset clampctrl constraint contact damper energy equality eulerdamp "
     "filterparent frictionloss fwdinv gravity invdiscrete island limit midphase multiccd "
     "nativeccd override refsafe sensor sleep spring warmstart"},
    {1, "size", '*',
     "memory nconmax njmax nkey nstack nuser_actuator nuser_body nuser_cam nuser_geom nuser_jnt "
     "nuser_sensor nuser_site nuser_tendon nuserdata"},
    {1, "visual", '*', ""},
    {2, "global", '?',
     "azimuth bvactive cameraid elevation ellipsoidinertia fovy glow ipd linewidth offheight "
     "offwidth orthographic realtime"},
    {2, "quality", '?', "numquads numslices numstacks offsamples shadowsize"},
    {2, "headlight", '?', "active ambient diffuse specular"},
    {2, "map", '?',
     "actuatortendon alpha fogend fogstart force haze shadowclip shadowscale stiffness "
     "stiffnessrot torque zfar znear"},
    {2, "scale", '?',
     "actuatorlength actuatorwidth camera com connect constraint contactheight contactwidth "
     "forcewidth framelength framewidth frustum jointlength jointwidth light selectpoint "
     "slidercrank"},
    {2, "rgba", '?',
     "actuator actuatornegative actuatorpositive bv bvactive camera com connect constraint "
     "contactforce contactfriction contactgap contactpoint contacttorque crankbroken fog force "
     "frustum haze inertia joint light rangefinder selectpoint slidercrank"},
    {1, "statistic", '*', "center extent meaninertia meanmass meansize"},
    {1, "default", 'R', "class"},
    {2, "mesh", '?', "inertia maxhullvert scale"},
    {2, "material", '?',
     "emission metallic reflectance rgba roughness shininess specular texrepeat texture "
     "texuniform"},
    {3, "layer", '*', "role texture"},
    {2, "joint", '?',
     "actuatorfrclimited actuatorfrcrange actuatorgravcomp armature axis damping frictionloss "
     "group limited margin pos range ref solimpfriction solimplimit solreffriction solreflimit "
     "springdamper springref stiffness type user"},
    {2, "geom", '?',
     "axisangle conaffinity condim contype density euler fitscale fluidcoef fluidshape friction "
     "fromto gap group hfield margin mass material mesh pos priority quat rgba shellinertia size "
     "solimp solmix solref type user xyaxes zaxis"},
    {2, "site", '?',
     "axisangle euler fromto group material pos quat rgba size type user xyaxes zaxis"},
    {2, "camera", '?',
     "axisangle euler focal focalpixel fovy ipd mode output pos principal principalpixel "
     "projection quat resolution sensorsize user xyaxes zaxis"},
    {2, "light", '?',
     "active ambient attenuation bulbradius castshadow cutoff diffuse dir directional exponent "
     "intensity mode pos range specular type"},
    {2, "pair", '?', "condim friction gap margin solimp solref solreffriction"},
    {2, "equality", '?', "active solimp solref"},
    {2, "tendon", '?',
     "damping frictionloss group limited margin material range rgba solimpfriction solimplimit "
     "solreffriction solreflimit springlength stiffness user width"},
    {2, "general", '?',
     "actdim actearly actlimited actrange armature biasprm biastype cranklength ctrllimited "
     "ctrlrange damping delay dynprm dyntype forcelimited forcerange gainprm gaintype gear group "
     "interp nsample user"},
    {2, "motor", '?',
     "armature cranklength ctrllimited ctrlrange damping delay forcelimited forcerange gear "
     "group interp nsample user"},
    {2, "position", '?',
     "armature cranklength ctrllimited ctrlrange damping dampratio delay forcelimited forcerange "
     "gear group inheritrange interp kp kv nsample timeconst user"},
    {2, "velocity", '?',
     "armature cranklength ctrllimited ctrlrange damping delay forcelimited forcerange gear "
     "group interp kv nsample user"},
    {2, "intvelocity", '?',
     "actrange armature cranklength ctrllimited ctrlrange damping dampratio delay forcelimited "
     "forcerange gear group inheritrange interp kp kv nsample user"},
    {2, "damper", '?',
     "armature cranklength ctrlrange damping delay forcelimited forcerange gear group interp kv "
     "nsample user"},
    {2, "cylinder", '?',
     "area armature bias cranklength ctrllimited ctrlrange damping delay diameter forcelimited "
     "forcerange gear group interp nsample timeconst user"},
    {2, "muscle", '?',
     "armature cranklength ctrllimited ctrlrange damping delay force forcelimited forcerange "
     "fpmax fvmax gear group interp lmax lmin nsample range scale timeconst user vmax"},
    {2, "adhesion", '?', "ctrlrange delay forcelimited forcerange gain group interp nsample user"},
    {2, "dcmotor", '?',
     "armature cogging controller cranklength ctrllimited ctrlrange damping delay gear group "
     "inductance input interp lugre motorconst nominal nsample resistance saturation thermal "
     "user"},
    {1, "extension", '*', ""},
    {2, "plugin", '*', "plugin"},
    {3, "instance", '*', "name"},
    {4, "config", '*', "key value"},
    {1, "custom", '*', ""},
    {2, "numeric", '*', "data name size"},
    {2, "text", '*', "data name"},
    {2, "tuple", '*', "name"},
    {3, "element", '*', "objname objtype prm"},
    {1, "asset", '*', ""},
    {2, "mesh", '*',
     "builtin class content_type face file inertia material maxhullvert name normal params "
     "refpos refquat scale smoothnormal texcoord vertex"},
    {3, "plugin", '*', "instance plugin"},
    {4, "config", '*', "key value"},
    {2, "hfield", '*', "content_type elevation file name ncol nrow size"},
    {2, "skin", '*', "face file group inflate material name rgba texcoord vertex"},
    {3, "bone", '*', "bindpos bindquat body vertid vertweight"},
    {2, "texture", '*',
     "builtin colorspace content_type file fileback filedown filefront fileleft fileright fileup "
     "gridlayout gridsize height hflip mark markrgb name nchannel random rgb1 rgb2 type vflip "
     "width"},
    {2, "material", '*',
     "class emission metallic name reflectance rgba roughness shininess specular texrepeat "
     "texture texuniform"},
    {3, "layer", '*', "role texture"},
    {2, "model", '*', "content_type file name"},
    {1, "(world)body", 'R',
     "axisangle childclass euler gravcomp mocap name pos quat sleep user xyaxes zaxis"},
    {2, "inertial", '?', "axisangle diaginertia euler fullinertia mass pos quat xyaxes zaxis"},
    {2, "joint", '*',
     "actuatorfrclimited actuatorfrcrange actuatorgravcomp armature axis class damping "
     "frictionloss group limited margin name pos range ref solimpfriction solimplimit "
     "solreffriction solreflimit springdamper springref stiffness type user"},
    {2, "freejoint", '*', "align group name"},
    {2, "geom", '*',
     "axisangle class conaffinity condim contype density euler fitscale fluidcoef fluidshape "
     "friction fromto gap group hfield margin mass material mesh name pos priority quat rgba "
     "shellinertia size solimp solmix solref type user xyaxes zaxis"},
    {3, "plugin", '*', "instance plugin"},
    {4, "config", '*', "key value"},
    {2, "attach", '*', "body model prefix"},
    {2, "site", '*',
     "axisangle class euler fromto group material name pos quat rgba size type user xyaxes zaxis"},
    {2, "camera", '*',
     "axisangle class euler focal focalpixel fovy ipd mode name output pos principal "
     "principalpixel projection quat resolution sensorsize target user xyaxes zaxis"},
    {2, "light", '*',
     "active ambient attenuation bulbradius castshadow class cutoff diffuse dir directional "
     "exponent intensity mode name pos range specular target texture type"},
    {2, "plugin", '*', "instance plugin"},
    {3, "config", '*', "key value"},
    {2, "composite", '*', "count curve initial offset prefix quat size type vertex"},
    {3, "joint", '*',
     "armature axis damping frictionloss group kind limited margin range solimpfix "
     "solimpfriction solimplimit solreffix solreffriction solreflimit stiffness type"},
    {3, "skin", '?', "group inflate material rgba subgrid texcoord"},
    {3, "geom", '?',
     "conaffinity condim contype density friction gap group margin mass material priority rgba "
     "size solimp solmix solref type"},
    {3, "site", '?', "group material rgba size"},
    {3, "plugin", '*', "instance plugin"},
    {4, "config", '*', "key value"},
    {2, "flexcomp", '*',
     "axisangle cellcount count dim dof element euler file flatskin group inertiabox mass "
     "material name origin point pos quat radius rgba rigid scale spacing texcoord type xyaxes "
     "zaxis"},
    {3, "edge", '?', "damping equality solimp solref stiffness"},
    {3, "elasticity", '?', "damping elastic2d poisson thickness young"},
    {3, "contact", '?',
     "activelayers conaffinity condim contype friction gap internal margin passive priority "
     "selfcollide solimp solmix solref"},
    {3, "pin", '*', "grid gridrange id range"},
    {3, "plugin", '*', "instance plugin"},
    {4, "config", '*', "key value"},
    {1, "deformable", '*', ""},
    {2, "flex", '*',
     "body cellcount dim dof element elemtexcoord flatskin group material name node radius rgba "
     "texcoord vertex"},
    {3, "contact", '?',
     "activelayers conaffinity condim contype friction gap internal margin passive priority "
     "selfcollide solimp solmix solref"},
    {3, "edge", '?', "damping stiffness"},
    {3, "elasticity", '?', "damping elastic2d poisson thickness young"},
    {2, "skin", '*', "face file group inflate material name rgba texcoord vertex"},
    {3, "bone", '*', "bindpos bindquat body vertid vertweight"},
    {1, "contact", '*', ""},
    {2, "pair", '*',
     "class condim friction gap geom1 geom2 margin name solimp solref solreffriction"},
    {2, "exclude", '*', "body1 body2 name"},
    {1, "equality", '*', ""},
    {2, "connect", '*', "active anchor body1 body2 class name site1 site2 solimp solref"},
    {2, "weld", '*',
     "active anchor body1 body2 class name relpose site1 site2 solimp solref torquescale"},
    {2, "joint", '*', "active class joint1 joint2 name polycoef solimp solref"},
    {2, "tendon", '*', "active class name polycoef solimp solref tendon1 tendon2"},
    {2, "flex", '*', "active class flex name solimp solref"},
    {2, "flexvert", '*', "active class flex name solimp solref"},
    {2, "flexstrain", '*', "active cell class flex name solimp solref"},
    {1, "tendon", '*', ""},
    {2, "spatial", '*',
     "actuatorfrclimited actuatorfrcrange armature class damping frictionloss group limited "
     "margin material name range rgba solimpfriction solimplimit solreffriction solreflimit "
     "springlength stiffness user width"},
    {3, "site", '*', "site"},
    {3, "geom", '*', "geom sidesite"},
    {3, "pulley", '*', "divisor"},
    {2, "fixed", '*',
     "actuatorfrclimited actuatorfrcrange armature class damping frictionloss group limited "
     "margin name range solimpfriction solimplimit solreffriction solreflimit springlength "
     "stiffness user"},
    {3, "joint", '*', "coef joint"},
    {1, "actuator", '*', ""},
    {2, "general", '*',
     "actdim actearly actlimited actrange armature biasprm biastype body class cranklength "
     "cranksite ctrllimited ctrlrange damping delay dynprm dyntype forcelimited forcerange "
     "gainprm gaintype gear group interp joint jointinparent lengthrange name nsample refsite "
     "site slidersite tendon user"},
    {2, "motor", '*',
     "armature class cranklength cranksite ctrllimited ctrlrange damping delay forcelimited "
     "forcerange gear group interp joint jointinparent lengthrange name nsample refsite site "
     "slidersite tendon user"},
    {2, "position", '*',
     "armature class cranklength cranksite ctrllimited ctrlrange damping dampratio delay "
     "forcelimited forcerange gear group inheritrange interp joint jointinparent kp kv "
     "lengthrange name nsample refsite site slidersite tendon timeconst user"},
    {2, "velocity", '*',
     "armature class cranklength cranksite ctrllimited ctrlrange damping delay forcelimited "
     "forcerange gear group interp joint jointinparent kv lengthrange name nsample refsite site "
     "slidersite tendon user"},
    {2, "intvelocity", '*',
     "actrange armature class cranklength cranksite ctrllimited ctrlrange damping dampratio "
     "delay forcelimited forcerange gear group inheritrange interp joint jointinparent kp kv "
     "lengthrange name nsample refsite site slidersite tendon user"},
    {2, "damper", '*',
     "armature class cranklength cranksite ctrlrange damping delay forcelimited forcerange gear "
     "group interp joint jointinparent kv lengthrange name nsample refsite site slidersite "
     "tendon user"},
    {2, "cylinder", '*',
     "area armature bias class cranklength cranksite ctrllimited ctrlrange damping delay "
     "diameter forcelimited forcerange gear group interp joint jointinparent lengthrange name "
     "nsample refsite site slidersite tendon timeconst user"},
    {2, "muscle", '*',
     "armature class cranklength cranksite ctrllimited ctrlrange damping delay force "
     "forcelimited forcerange fpmax fvmax gear group interp joint jointinparent lengthrange lmax "
     "lmin name nsample range scale slidersite tausmooth tendon timeconst user vmax"},
    {2, "adhesion", '*',
     "body class ctrlrange delay forcelimited forcerange gain group interp name nsample user"},
    {2, "dcmotor", '*',
     "armature class cogging controller cranklength cranksite ctrllimited ctrlrange damping "
     "delay gear group inductance input interp joint jointinparent lengthrange lugre motorconst "
     "name nominal nsample refsite resistance saturation site slidersite tendon thermal user"},
    {2, "plugin", '*',
     "actdim actearly actlimited actrange armature class cranklength cranksite ctrllimited "
     "ctrlrange damping delay dynprm dyntype forcelimited forcerange gear group instance interp "
     "joint jointinparent lengthrange name nsample plugin site slidersite tendon user"},
    {3, "config", '*', "key value"},
    {1, "sensor", '*', ""},
    {2, "touch", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "accelerometer", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "velocimeter", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "gyro", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "force", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "torque", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "magnetometer", '*', "cutoff delay interp interval name noise nsample site user"},
    {2, "camprojection", '*', "camera cutoff delay interp interval name noise nsample site user"},
    {2, "rangefinder", '*',
     "camera cutoff data delay interp interval name noise nsample site user"},
    {2, "jointpos", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "jointvel", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "tendonpos", '*', "cutoff delay interp interval name noise nsample tendon user"},
    {2, "tendonvel", '*', "cutoff delay interp interval name noise nsample tendon user"},
    {2, "actuatorpos", '*', "actuator cutoff delay interp interval name noise nsample user"},
    {2, "actuatorvel", '*', "actuator cutoff delay interp interval name noise nsample user"},
    {2, "actuatorfrc", '*', "actuator cutoff delay interp interval name noise nsample user"},
    {2, "jointactuatorfrc", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "tendonactuatorfrc", '*', "cutoff delay interp interval name noise nsample tendon user"},
    {2, "ballquat", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "ballangvel", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "jointlimitpos", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "jointlimitvel", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "jointlimitfrc", '*', "cutoff delay interp interval joint name noise nsample user"},
    {2, "tendonlimitpos", '*', "cutoff delay interp interval name noise nsample tendon user"},
    {2, "tendonlimitvel", '*', "cutoff delay interp interval name noise nsample tendon user"},
    {2, "tendonlimitfrc", '*', "cutoff delay interp interval name noise nsample tendon user"},
    {2, "framepos", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "framequat", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "framexaxis", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "frameyaxis", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "framezaxis", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "framelinvel", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "frameangvel", '*',
     "cutoff delay interp interval name noise nsample objname objtype refname reftype user"},
    {2, "framelinacc", '*', "cutoff delay interp interval name noise nsample objname objtype user"},
    {2, "frameangacc", '*', "cutoff delay interp interval name noise nsample objname objtype user"},
    {2, "subtreecom", '*', "body cutoff delay interp interval name noise nsample user"},
    {2, "subtreelinvel", '*', "body cutoff delay interp interval name noise nsample user"},
    {2, "subtreeangmom", '*', "body cutoff delay interp interval name noise nsample user"},
    {2, "insidesite", '*',
     "cutoff delay interp interval name noise nsample objname objtype site user"},
    {2, "distance", '*',
     "body1 body2 cutoff delay geom1 geom2 interp interval name noise nsample user"},
    {2, "normal", '*',
     "body1 body2 cutoff delay geom1 geom2 interp interval name noise nsample user"},
    {2, "fromto", '*',
     "body1 body2 cutoff delay geom1 geom2 interp interval name noise nsample user"},
    {2, "contact", '*',
     "body1 body2 cutoff data delay geom1 geom2 interp interval name noise nsample num reduce "
     "site subtree1 subtree2 user"},
    {2, "e_potential", '*', "cutoff delay interp interval name noise nsample user"},
    {2, "e_kinetic", '*', "cutoff delay interp interval name noise nsample user"},
    {2, "clock", '*', "cutoff delay interp interval name noise nsample user"},
    {2, "tactile", '*', "delay geom interp interval mesh name nsample user"},
    {2, "user", '*', "cutoff datatype dim name needstage noise objname objtype user"},
    {2, "plugin", '*', "cutoff instance name objname objtype plugin refname reftype user"},
    {3, "config", '*', "key value"},
    {1, "keyframe", '*', ""},
    {2, "key", '*', "act ctrl mpos mquat name qpos qvel time"},
};

// the attributes of one element, sorted
std::vector<std::string> SortedAttributes(const SchemaElement& e) {
  std::vector<std::string> out;
  std::istringstream in(e.attributes);
  std::string word;
  while (in >> word) {
    out.push_back(word);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Plain text: the element column (3 spaces of indent per level, the name and the multiplicity
// code in parentheses) is 30 characters wide; the attribute column continues on further lines,
// each line ending once it holds more than 30 characters.
void PrintText(std::string* out) {
  const int width = 30;
  for (const SchemaElement& e : kSchema) {
    std::string head = std::string(3 * e.depth, ' ') + e.name + " (" + e.type + ")";
    if (static_cast<int>(head.size()) < width) {
      head.resize(width, ' ');
    }
    std::string line;
    bool wrote = false;
    for (const std::string& a : SortedAttributes(e)) {
      line += a + " ";
      if (static_cast<int>(line.size()) > width) {
        *out += head + line + "\n";
        head.assign(width, ' ');
        line.clear();
        wrote = true;
      }
    }
    if (!line.empty() || !wrote) {
      *out += head + line + "\n";
    }
  }
}

// HTML: a table with one row per element; the indent is either left padding in the cell style
// (5 pixels plus 15 per level) or four non-breaking spaces per level.
void PrintHtml(std::string* out, bool pad) {
  *out += "<table border=\"1\">\n";
  for (const SchemaElement& e : kSchema) {
    *out += "<tr>\n\t<td";
    if (pad) {
      *out += " style=\"padding-left:" + std::to_string(5 + 15 * e.depth) + "\"";
    }
    *out += " bgcolor=\"#EEEEEE\" class=\"el\">";
    if (!pad) {
      for (int i = 0; i < 4 * e.depth; i++) {
        *out += "&nbsp;";
      }
    }
    *out += std::string(e.name) + "</td>\n\t<td class=\"ty\">" + e.type + "</td>\n";
    *out += "\t<td class=\"at\">";
    std::vector<std::string> attrs = SortedAttributes(e);
    if (attrs.empty()) {
      *out += "<span style=\"color:black\"><i>no attributes</i></span>";
    }
    for (const std::string& a : attrs) {
      *out += a + " ";
    }
    *out += "</td>\n</tr>\n";
  }
  *out += "</table>\n";
}

}  // namespace

const SchemaElement* Schema(int* n) {
  *n = static_cast<int>(sizeof(kSchema) / sizeof(kSchema[0]));
  return kSchema;
}

bool SchemaHasAttribute(const char* element, const char* attr) {
  for (const SchemaElement& e : kSchema) {
    if (std::strcmp(e.name, element) != 0) {
      continue;
    }
    for (const std::string& a : SortedAttributes(e)) {
      if (a == attr) {
        return true;
      }
    }
  }
  return false;
}

std::string PrintSchema(bool html, bool pad) {
  std::string out;
  if (html) {
    PrintHtml(&out, pad);
  } else {
    PrintText(&out);
  }
  return out;
}

}  // namespace mjcf
}  // namespace motus

// Prints the schema to `filename` (when not NULL) and into `buffer` (when not NULL and
// buffer_sz > 0, truncated and always terminated), and returns the length of the whole text.
// flg_pad only affects the HTML form.
extern "C" int mj_printSchema(const char* filename, char* buffer, int buffer_sz, int flg_html,
                              int flg_pad) {
  std::string text = motus::mjcf::PrintSchema(flg_html != 0, flg_pad != 0);
  if (filename) {
    FILE* f = std::fopen(filename, "w");
    if (!f) {
      mju_warning("mj_printSchema: could not open file '%s'", filename);
    } else {
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
  }
  if (buffer && buffer_sz > 0) {
    size_t n = std::min(text.size(), static_cast<size_t>(buffer_sz - 1));
    std::memcpy(buffer, text.data(), n);
    buffer[n] = 0;
  }
  return static_cast<int>(text.size());
}
