// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// The simulate viewer driven under Xvfb with synthetic input (xdotool): load the humanoid, run
// about 2 s, pause, step, toggle contact forces, select and perturb a body, reset; a malformed
// model shows an error and the viewer keeps running, then loads the fixed file on Ctrl-L; slow
// motion, keyframes, copy state and the tracking camera (SimulateFeatures). The viewer reports its
// state through --status and writes screenshots on Ctrl-P; the assertions are on both. Skips when
// Xvfb or xdotool is not installed (apt-get install xvfb xdotool). Screenshots are left in the
// test's temporary directory.

#include <gtest/gtest.h>
#include <lodepng.h>
#include <mujoco/mujoco.h>
#include <signal.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "fixture.h"

namespace motus_test {
namespace {

#ifdef MOTUS_SIMULATE
const char* kSimulate = MOTUS_SIMULATE;
#else
const char* kSimulate = nullptr;
#endif
#ifdef MOTUS_X11_HELPER
const char* kHelper = MOTUS_X11_HELPER;  // test/render/x11_helper.c: XDND drops, desktop DPI
#else
const char* kHelper = nullptr;
#endif

bool HaveProgram(const char* name) {
  std::string cmd = std::string("command -v ") + name + " >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

void Sleep(double s) {
  std::this_thread::sleep_for(std::chrono::milliseconds((int)(s * 1000)));
}

pid_t Spawn(const std::vector<std::string>& args, const std::string& display,
            const std::string& log) {
  pid_t pid = fork();
  if (pid == 0) {
#ifdef __linux__
    // the server and the viewer end with the test, also when it is killed (a timeout)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    // and keep none of the test's descriptors (a lock file held by whoever ran ctest would stay
    // locked as long as the server lives)
    for (int fd = 3; fd < 1024; fd++) {
      close(fd);
    }
    setenv("DISPLAY", display.c_str(), 1);
    FILE* f = std::fopen(log.c_str(), "w");
    if (f) {
      dup2(fileno(f), 1);
      dup2(fileno(f), 2);
    }
    // inherit nothing beyond stdio: a lingering server holding the caller's descriptors (e.g. a
    // lock file that the test run was started under) would keep them open
    long maxfd = sysconf(_SC_OPEN_MAX);
    for (long fd = 3; fd < (maxfd > 0 && maxfd < 65536 ? maxfd : 65536); fd++) {
      close(static_cast<int>(fd));
    }
    std::vector<char*> argv;
    for (const std::string& a : args) {
      argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

void Stop(pid_t pid) {
  if (pid > 0) {
    kill(pid, SIGTERM);
    for (int i = 0; i < 50 && waitpid(pid, nullptr, WNOHANG) == 0; i++) {
      Sleep(0.1);
    }
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
}

bool Alive(pid_t pid) {
  return waitpid(pid, nullptr, WNOHANG) == 0;
}

struct Image {
  unsigned w = 0, h = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const { return &rgb[3 * ((size_t)y * w + x)]; }
};

// An Xvfb display with one simulate window.
class SimulateUnderXvfb : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!kSimulate) {
      GTEST_SKIP() << "simulate is not built (GLFW missing)";
    }
    if (!HaveProgram("Xvfb") || !HaveProgram("xdotool")) {
      GTEST_SKIP() << "Xvfb or xdotool not installed (apt-get install xvfb xdotool)";
    }
    dir_ = ::testing::TempDir() + "simulate_" + std::to_string(getpid()) + "/";
    std::system(("mkdir -p " + dir_).c_str());
    // a display number of our own (a new one for each test: a stopped server may linger); a
    // server that does not come up within 30 s (a busy machine, a display taken meanwhile) is
    // stopped and the next free number tried, three times at most
    static int next = 0;
    for (int attempt = 0; attempt < 3 && !XReady(); attempt++) {
      display_.clear();
      for (int k = next; k < next + 50; k++) {
        int n = 90 + (getpid() * 7 + k) % 400;
        std::string lock = "/tmp/.X" + std::to_string(n) + "-lock";
        std::string socket = "/tmp/.X11-unix/X" + std::to_string(n);
        if (access(lock.c_str(), F_OK) != 0 && access(socket.c_str(), F_OK) != 0) {
          display_ = ":" + std::to_string(n);
          next = k + 1;
          break;
        }
      }
      ASSERT_FALSE(display_.empty());
      xvfb_ = Spawn({"Xvfb", display_, "-screen", "0", screen_, "-nolisten", "tcp", "-noreset"},
                    display_, dir_ + "xvfb.log");
      for (int i = 0; i < 300 && !XReady() && Alive(xvfb_); i++) {
        Sleep(0.1);
      }
      if (!XReady()) {
        Stop(xvfb_);
        xvfb_ = -1;
      }
    }
    ASSERT_TRUE(XReady()) << "Xvfb did not start on " << display_;
  }
  void TearDown() override {
    Stop(sim_);
    Stop(xvfb_);
  }
  bool XReady() { return Run("xdotool getmouselocation >/dev/null 2>&1") == 0; }
  int Run(const std::string& cmd) {
    return std::system(("DISPLAY=" + display_ + " " + cmd).c_str());
  }
  void Start(const std::string& model) {
    status_ = dir_ + "status.txt";
    shot_ = dir_ + "shot.png";
    std::remove(status_.c_str());
    std::vector<std::string> args = {kSimulate, "--status", status_, "--screenshot", shot_};
    if (!model.empty()) {
      args.insert(args.begin() + 1, model);
    }
    sim_ = Spawn(args, display_, dir_ + "simulate.log");
    ASSERT_TRUE(WaitFor([&] { return !Status().empty(); }, 90)) << "no status from simulate";
    std::string id;
    for (int i = 0; i < 50 && id.empty(); i++) {
      FILE* p = popen(("DISPLAY=" + display_ + " xdotool search --name '^simulate$'").c_str(), "r");
      char buf[64] = "";
      if (p && std::fgets(buf, sizeof(buf), p)) {
        id = std::to_string(std::atol(buf));
      }
      if (p) {
        pclose(p);
      }
      if (id.empty()) {
        Sleep(0.1);
      }
    }
    ASSERT_FALSE(id.empty()) << "no simulate window";
    window_ = id;
    Run("xdotool windowfocus --sync " + window_);
  }
  std::map<std::string, std::string> Status() {
    std::map<std::string, std::string> st;
    std::ifstream f(status_);
    std::string line;
    while (std::getline(f, line)) {
      size_t sp = line.find(' ');
      if (sp != std::string::npos) {
        st[line.substr(0, sp)] = line.substr(sp + 1);
      }
    }
    return st;
  }
  double Num(const std::string& key) {
    auto st = Status();
    return st.count(key) ? std::atof(st[key].c_str()) : NAN;
  }
  template <typename F>
  bool WaitFor(F cond, double seconds) {
    for (double t = 0; t < seconds; t += 0.1) {
      if (cond()) {
        return true;
      }
      Sleep(0.1);
    }
    return cond();
  }
  void Key(const std::string& keys) { Run("xdotool key --delay 50 " + keys); }
  Image Shot(const std::string& name) {
    double before = Num("screenshots");
    Key("ctrl+p");
    EXPECT_TRUE(WaitFor([&] { return Num("screenshots") > before; }, 20));
    Image img;
    lodepng::decode(img.rgb, img.w, img.h, shot_, LCT_RGB);
    std::rename(shot_.c_str(), (dir_ + name + ".png").c_str());
    return img;
  }
  // pixels of the left panel's width having the section title color of the default theme
  int TitlePixels(const Image& img) {
    int n = 0;
    for (unsigned y = 0; y < img.h; y++) {
      for (int x = 0; x < 250; x++) {
        const unsigned char* p = img.at(x, y);
        n += std::abs(p[0] - 150) < 20 && std::abs(p[1] - 50) < 15 && std::abs(p[2] - 50) < 15;
      }
    }
    return n;
  }
  // the humanoid's skin color in the 3D view: centroid and count
  int Body(const Image& img, int* cx, int* cy) {
    long sx = 0, sy = 0, n = 0;
    for (unsigned y = 0; y < img.h; y++) {
      for (unsigned x = 280; x + 280 < img.w; x++) {
        const unsigned char* p = img.at(x, y);
        if (p[0] > 120 && p[0] > p[1] + 20 && p[1] > p[2] + 15) {
          sx += x;
          sy += y;
          n++;
        }
      }
    }
    *cx = n ? (int)(sx / n) : 0;
    *cy = n ? (int)(sy / n) : 0;
    return (int)n;
  }
  static int Differ(const Image& a, const Image& b) {
    int n = 0;
    for (size_t i = 0; i + 2 < a.rgb.size() && i + 2 < b.rgb.size(); i += 3) {
      n += std::abs(a.rgb[i] - b.rgb[i]) + std::abs(a.rgb[i + 1] - b.rgb[i + 1]) +
               std::abs(a.rgb[i + 2] - b.rgb[i + 2]) >
           60;
    }
    return n;
  }

  std::string screen_ = "1200x800x24";  // the window is 2/3 of it
  std::string dir_, display_, status_, shot_, window_;
  pid_t xvfb_ = -1, sim_ = -1;
};

TEST_F(SimulateUnderXvfb, RunPauseStepContactForcesPerturbReset) {
  Start(SourcePath("model/humanoid.xml"));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1; }, 30));
  ASSERT_TRUE(WaitFor([&] { return Num("time") > 2; }, 60)) << "simulation does not advance";
  Image running = Shot("running");
  ASSERT_GT(running.w, 0u);
  EXPECT_GT(TitlePixels(running), 500) << "left UI panel not drawn";
  int cx, cy;
  EXPECT_GT(Body(running, &cx, &cy), 2000) << "model not visible";

  // pause: time stops
  Key("space");
  ASSERT_TRUE(WaitFor([&] { return Num("run") == 0; }, 10));
  Sleep(0.5);
  double t0 = Num("time");
  Sleep(0.5);
  EXPECT_EQ(Num("time"), t0);
  // single step: one timestep
  Key("Right");
  EXPECT_TRUE(WaitFor([&] { return std::fabs(Num("time") - t0 - 0.005) < 1e-6; }, 10))
      << Num("time") - t0;

  // contact forces: arrows in the scene and in the picture
  Image before = Shot("paused");
  EXPECT_EQ(Num("arrows"), 0);
  Key("f");
  ASSERT_TRUE(WaitFor([&] { return Num("contactforce") == 1; }, 10));
  EXPECT_TRUE(WaitFor([&] { return Num("arrows") > 0; }, 10));
  Image forces = Shot("contact_forces");
  EXPECT_GT(Differ(before, forces), 50) << "no contact force arrows drawn";
  Key("f");

  // select the body under the humanoid's centroid (double click) and pull it (Ctrl + right drag)
  // (the viewer times clicks when it handles them: on a loaded machine a slow frame between the
  // two clicks can make them two single clicks, so they are sent back to back, to arrive in the
  // same event poll, and the double click is tried up to 3 times, waiting up to 20 s each)
  Body(forces, &cx, &cy);
  bool selected = false;
  for (int attempt = 0; attempt < 3 && !selected; attempt++) {
    Run("xdotool mousemove --window " + window_ + " " + std::to_string(cx) + " " +
        std::to_string(cy) + " click --repeat 2 --delay 0 1");
    selected = WaitFor([&] { return Num("select") > 0; }, 20);
  }
  ASSERT_TRUE(selected) << "no body selected";
  Key("space");  // run
  ASSERT_TRUE(WaitFor([&] { return Num("run") == 1; }, 10));
  Run("xdotool keydown ctrl mousedown 3");
  bool pulled = false;
  for (int i = 0; i < 20 && !pulled; i++) {
    Run("xdotool mousemove_relative -- 15 -5");
    Sleep(0.1);
    pulled = Num("perturb") != 0 && Num("xfrc") > 0;
  }
  EXPECT_TRUE(pulled) << "perturbation force not applied";
  Image perturb = Shot("perturb");
  Run("xdotool mouseup 3 keyup ctrl");
  EXPECT_TRUE(WaitFor([&] { return Num("perturb") == 0; }, 10));

  // reset (paused, so that the time stays at zero)
  Key("space");
  ASSERT_TRUE(WaitFor([&] { return Num("run") == 0; }, 10));
  EXPECT_GT(Num("time"), 0.2);
  Key("BackSpace");
  EXPECT_TRUE(WaitFor([&] { return Num("time") == 0; }, 10)) << Num("time");
  EXPECT_TRUE(Alive(sim_));
}

TEST_F(SimulateUnderXvfb, MalformedModelShowsErrorAndKeepsRunning) {
  std::string file = ::testing::TempDir() + "simulate_bad_" + std::to_string(getpid()) + ".xml";
  {
    std::ofstream f(file);
    f << "<mujoco><worldbody><geom type=\"sphere\" size=\"0.1\"></worldbody>";  // unclosed
  }
  Start(file);
  ASSERT_TRUE(WaitFor([&] { return !Status()["error"].empty(); }, 30));
  EXPECT_EQ(Num("loaded"), 0);
  Image err = Shot("load_error");
  EXPECT_GT(TitlePixels(err), 500);
  Sleep(1);
  EXPECT_TRUE(Alive(sim_));
  {
    std::ofstream f(file);
    f << "<mujoco><worldbody><geom type=\"plane\" size=\"1 1 0.1\"/><body pos=\"0 0 1\">"
         "<freejoint/><geom type=\"sphere\" size=\"0.1\"/></body></worldbody></mujoco>";
  }
  Key("ctrl+l");
  EXPECT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Status()["error"].empty(); }, 30));
  // a missing file is an error too, and the loaded model stays
  std::remove(file.c_str());
  Key("ctrl+l");
  EXPECT_TRUE(WaitFor([&] { return !Status()["error"].empty(); }, 30));
  EXPECT_EQ(Num("loaded"), 1);
  EXPECT_TRUE(Alive(sim_));
}

// A file dropped on the window (XDND, as from a file manager) is loaded through GLFW's drop
// callback; a malformed one shows its error and leaves the loaded model.
TEST_F(SimulateUnderXvfb, DroppedFilesLoad) {
  if (!kHelper) {
    GTEST_SKIP() << "x11_helper not built (Xlib missing)";
  }
  Start("");
  ASSERT_TRUE(WaitFor([&] { return Status().count("loaded"); }, 30));
  EXPECT_EQ(Num("loaded"), 0);
  std::string humanoid = SourcePath("model/humanoid.xml");
  ASSERT_EQ(Run(std::string(kHelper) + " drop " + window_ + " 600 300 " + humanoid), 0);
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1; }, 60)) << "the drop did not load";
  EXPECT_EQ(Status()["model"], humanoid);
  ASSERT_TRUE(WaitFor([&] { return Num("time") > 0.5; }, 60));
  Image dropped = Shot("dropped");
  int cx, cy;
  EXPECT_GT(Body(dropped, &cx, &cy), 2000) << "dropped model not visible";

  std::string bad = dir_ + "bad.xml";
  {
    std::ofstream f(bad);
    f << "<mujoco><worldbody><body></worldbody></mujoco>";
  }
  ASSERT_EQ(Run(std::string(kHelper) + " drop " + window_ + " 600 300 " + bad), 0);
  EXPECT_TRUE(WaitFor([&] { return !Status()["error"].empty(); }, 30));
  EXPECT_EQ(Num("loaded"), 1);
  EXPECT_TRUE(Alive(sim_));
}

// A simulation that diverges (MuJoCo's bad-qacc warning) is reset, said in the window, and the
// viewer keeps running; F2, F3 and F4 show the info, profiler and sensor overlays.
TEST_F(SimulateUnderXvfb, DivergenceResetsAndFiguresShow) {
  std::string file = dir_ + "diverge.xml";
  {
    std::ofstream f(file);
    f << "<mujoco><option gravity=\"0 0 -1e12\"/><worldbody><body><freejoint/>"
         "<geom type=\"sphere\" size=\"0.1\"/></body></worldbody>"
         "<sensor><framepos objtype=\"body\" objname=\"world\"/></sensor></mujoco>";
  }
  Start(file);
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1; }, 30));
  EXPECT_TRUE(WaitFor([&] { return Num("resets") > 0; }, 30)) << "no reset";
  EXPECT_TRUE(Alive(sim_));
  Image plain = Shot("diverged");
  Key("F2 F3 F4");
  Sleep(0.5);
  Image figures = Shot("figures");
  EXPECT_GT(Differ(plain, figures), 5000) << "F2-F4 overlays not drawn";
  EXPECT_TRUE(Alive(sim_));
}

// A small model for the features below: a free ball, a pendulum with a motor, a mocap box and
// two keyframes.
const char* kFeatureModel =
    "<mujoco><option timestep=\"0.002\"/><worldbody><geom type=\"plane\" size=\"5 5 0.1\"/>"
    "<body name=\"ball\" pos=\"0 0 0.5\"><freejoint/><geom type=\"sphere\" size=\"0.1\"/></body>"
    "<body name=\"pendulum\" pos=\"1 0 1\"><joint name=\"hinge\" type=\"hinge\" axis=\"0 1 0\"/>"
    "<geom type=\"capsule\" fromto=\"0 0 0 0 0 -0.5\" size=\"0.05\"/></body>"
    "<body name=\"target\" mocap=\"true\" pos=\"0 1 1\"><geom type=\"box\" size=\"0.1 0.1 0.1\" "
    "contype=\"0\" conaffinity=\"0\"/></body></worldbody>"
    "<actuator><motor joint=\"hinge\"/></actuator>"
    "<keyframe><key name=\"a\" qpos=\"0 0 2 1 0 0 0 0.5\"/>"
    "<key name=\"b\" qpos=\"0.3 0 3 1 0 0 0 -0.5\"/></keyframe></mujoco>";

class SimulateFeatures : public SimulateUnderXvfb {
 protected:
  std::string WriteModel(const std::string& name, const std::string& xml) {
    std::string file = dir_ + name;
    std::ofstream(file) << xml;
    return file;
  }
  // an item of the left panel: its window point from the status file
  bool ClickItem(const std::string& name, double fx = 0.5, const std::string& panel = "item:") {
    std::istringstream in(Status()[panel + name]);
    int x = 0, y = 0, w = 0;
    if (!(in >> x >> y >> w)) {
      return false;
    }
    x += (int)((fx - 0.5) * (w - 4));
    Run("xdotool mousemove --window " + window_ + " " + std::to_string(x) + " " +
        std::to_string(y) + " click 1");
    return true;
  }
  std::vector<double> Numbers(const std::string& key) {
    std::istringstream in(Status()[key]);
    std::vector<double> v;
    double x;
    while (in >> x) {
      v.push_back(x);
    }
    return v;
  }
  // simulated seconds per wall second over `seconds`
  double Rate(double seconds) {
    auto t0 = std::chrono::steady_clock::now();
    double s0 = Num("time");
    Sleep(seconds);
    double s1 = Num("time");
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return (s1 - s0) / wall;
  }
  void Pause() {
    Key("space");
    ASSERT_TRUE(WaitFor([&] { return Num("run") == 0; }, 10));
  }
  // Pauses, then waits for two more frames: the status that first shows the pause can pair a
  // camera placed in the frame rendered before the last physics steps with the body after them;
  // a frame rendered after the pause places the camera at the final state.
  void PauseAndSettle() {
    Pause();
    double frames = Num("frames");
    ASSERT_TRUE(WaitFor([&] { return Num("frames") >= frames + 2; }, 30)) << "no new frames";
  }
};

// The Speed setting (here '-' four times: 5 % of real time) slows the simulated time down; '='
// goes back up.
TEST_F(SimulateFeatures, SlowMotionSlowsTheSimulation) {
  Start(WriteModel("features.xml", kFeatureModel));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Num("time") > 0.5; }, 60));
  EXPECT_EQ(Num("speed"), 100);
  double full = Rate(2);
  Key("minus minus minus minus");
  ASSERT_TRUE(WaitFor([&] { return Num("speed") == 5; }, 10)) << Num("speed");
  double slow = Rate(3);
  // the physics thread never runs ahead of the slowed clock; on a loaded machine it may lag
  EXPECT_LT(slow, 0.05 * 1.3) << "at 5 %: " << slow << " simulated s per s";
  EXPECT_GT(slow, 0.05 * 0.4) << "at 5 %: " << slow << " simulated s per s";
  EXPECT_GT(full, 4 * slow) << "at 100 %: " << full;
  Key("equal equal equal equal");
  EXPECT_TRUE(WaitFor([&] { return Num("speed") == 100; }, 10));
}

// Key slider, Load key and Save key: loading sets the keyframe's state; saving stores the
// current one into the keyframe, and loading it again gives it back.
TEST_F(SimulateFeatures, KeyframesLoadAndSave) {
  Start(WriteModel("features.xml", kFeatureModel));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Num("time") > 0.2; }, 60));
  Pause();
  ASSERT_TRUE(ClickItem("Key", 1.0));  // the slider's right end: key 1
  ASSERT_TRUE(WaitFor([&] { return Num("key") == 1; }, 10)) << Status()["key"];
  ASSERT_TRUE(ClickItem("Load_key"));
  ASSERT_TRUE(WaitFor([&] { return Status()["qpos0"] == "0.300000 0.000000 3.000000"; }, 10))
      << Status()["qpos0"];
  EXPECT_EQ(Num("time"), 0);
  // run a little: the ball falls from 3 m
  Key("space");
  ASSERT_TRUE(WaitFor([&] { return Num("time") > 0.3; }, 30));
  Pause();
  std::string moved = Status()["qpos0"];
  EXPECT_NE(moved, "0.300000 0.000000 3.000000");
  ASSERT_TRUE(ClickItem("Save_key"));
  ASSERT_TRUE(WaitFor([&] { return Status()["keyqpos0"] == moved; }, 10))
      << Status()["keyqpos0"] << " vs " << moved;
  ASSERT_TRUE(ClickItem("Key", 0.0));  // key 0
  ASSERT_TRUE(WaitFor([&] { return Num("key") == 0; }, 10));
  ASSERT_TRUE(ClickItem("Load_key"));
  ASSERT_TRUE(WaitFor([&] { return Status()["qpos0"] == "0.000000 0.000000 2.000000"; }, 10));
  ASSERT_TRUE(ClickItem("Key", 1.0));
  ASSERT_TRUE(WaitFor([&] { return Num("key") == 1; }, 10));
  ASSERT_TRUE(ClickItem("Load_key"));
  EXPECT_TRUE(WaitFor([&] { return Status()["qpos0"] == moved; }, 10)) << Status()["qpos0"];
}

// Ctrl-C (Copy state) puts the state on the clipboard as a <key> element: pasted into the
// model's <keyframe>, it gives the state back.
TEST_F(SimulateFeatures, CopyStateIsAKeyframe) {
  if (!kHelper) {
    GTEST_SKIP() << "x11_helper not built (Xlib missing)";
  }
  Start(WriteModel("features.xml", kFeatureModel));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Num("time") > 0.3; }, 60));
  Pause();
  Key("ctrl+c");
  std::string text;
  for (int i = 0; i < 50 && text.find("/>") == std::string::npos; i++) {
    FILE* p = popen(("DISPLAY=" + display_ + " " + kHelper + " clipboard").c_str(), "r");
    text.clear();
    char buf[4096];
    size_t n;
    while (p && (n = std::fread(buf, 1, sizeof(buf), p)) > 0) {
      text.append(buf, n);
    }
    if (p) {
      pclose(p);
    }
    Sleep(0.1);
  }
  ASSERT_EQ(text.rfind("<key\n", 0), 0u) << text;
  for (const char* attr : {"time", "qpos", "qvel", "ctrl", "mpos", "mquat"}) {
    EXPECT_NE(text.find(std::string("\n  ") + attr + "=\""), std::string::npos) << attr;
  }
  EXPECT_EQ(text.find("act="), std::string::npos);  // no activations in this model
  // the model with the copied key as its only keyframe
  std::string xml = kFeatureModel;
  size_t a = xml.find("<keyframe>") + 10, b = xml.find("</keyframe>");
  xml = xml.substr(0, a) + text + xml.substr(b);
  char err[1000] = "";
  mjModel* m = mj_loadXML(WriteModel("pasted.xml", xml).c_str(), nullptr, err, sizeof(err));
  ASSERT_NE(m, nullptr) << err << "\n" << text;
  ASSERT_EQ(m->nkey, 1);
  mjData* d = mj_makeData(m);
  mj_resetDataKeyframe(m, d, 0);
  std::vector<double> qpos = Numbers("qpos");
  ASSERT_EQ((int)qpos.size(), m->nq);
  for (int i = 0; i < m->nq; i++) {
    EXPECT_NEAR(d->qpos[i], qpos[i], 1e-5 * std::max(1.0, std::fabs(qpos[i]))) << i;
  }
  EXPECT_NEAR(d->time, Num("time"), 1e-5 * std::max(1.0, Num("time")));
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Ctrl + right double click on a body makes the camera track it: the camera's point of regard
// moves with the body (a ball rolling under sideways gravity).
TEST_F(SimulateFeatures, TrackingCameraFollowsTheBody) {
  std::string model =
      "<mujoco><option gravity=\"2 0 -9.81\"/><worldbody>"
      "<geom type=\"plane\" size=\"50 50 0.1\"/>"
      "<body name=\"ball\" pos=\"0 0 0.5\"><freejoint/><geom type=\"sphere\" size=\"0.5\"/>"
      "</body></worldbody></mujoco>";
  Start(WriteModel("rolling.xml", model));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Status().count("scenecenter"); }, 60));
  Pause();
  EXPECT_EQ(Numbers("camera")[0], mjCAMERA_FREE);
  std::istringstream center(Status()["scenecenter"]);
  int cx = 0, cy = 0;
  center >> cx >> cy;
  // simulate times a double click when it handles the presses (MuJoCo's 0.3 s window); under
  // load one frame can take longer than that, so the two clicks are sent back to back and
  // reach the window in the same event poll; a software-rendered frame of a loaded machine can
  // also take seconds, so each try waits up to 20 s for the camera to switch
  bool tracking = false;
  for (int attempt = 0; attempt < 3 && !tracking; attempt++) {
    Run("xdotool mousemove --window " + window_ + " " + std::to_string(cx) + " " +
        std::to_string(cy) + " keydown ctrl click --repeat 2 --delay 0 3 keyup ctrl");
    tracking = WaitFor([&] { return Numbers("camera")[0] == mjCAMERA_TRACKING; }, 20);
  }
  ASSERT_TRUE(tracking) << Status()["camera"];
  EXPECT_EQ(Numbers("camera")[1], 1);  // the ball
  // offset of the point of regard from the ball, before and after it rolls
  auto offset = [&](double* dx) {
    std::vector<double> c = Numbers("camera"), p = Numbers("body1");
    *dx = c[2] - p[0];
    return p[0];
  };
  double dx0, dx1;
  double x0 = offset(&dx0);
  Key("space");
  ASSERT_TRUE(WaitFor([&] { return Numbers("body1")[0] > x0 + 1; }, 60)) << "the ball rolls";
  PauseAndSettle();
  double x1 = offset(&dx1);
  EXPECT_GT(x1 - x0, 1);
  EXPECT_NEAR(dx1, dx0, 0.05) << "the camera does not follow the ball";
}

// The mouse moves the camera (left drag: rotate; right drag: move; wheel: zoom), and the right
// panel's sliders set the controls and, while paused, the joints.
TEST_F(SimulateFeatures, MouseCameraAndRightPanelSliders) {
  Start(WriteModel("features.xml", kFeatureModel));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Status().count("view"); }, 60));
  Pause();
  std::istringstream center(Status()["scenecenter"]);
  int cx = 0, cy = 0;
  center >> cx >> cy;
  std::string at = " " + std::to_string(cx) + " " + std::to_string(cy);
  std::vector<double> v0 = Numbers("view"), c0 = Numbers("camera");
  auto drag = [&](const std::string& button) {
    Run("xdotool mousemove --window " + window_ + at + " mousedown " + button);
    for (int i = 0; i < 4; i++) {
      Run("xdotool mousemove_relative -- 20 15");
      Sleep(0.1);
    }
    Run("xdotool mouseup " + button);
  };
  drag("1");
  ASSERT_TRUE(WaitFor([&] { return Numbers("view")[0] != v0[0]; }, 10)) << "no rotation";
  std::vector<double> v1 = Numbers("view");
  EXPECT_NE(v1[1], v0[1]) << "elevation";
  EXPECT_EQ(v1[2], v0[2]) << "rotating changes the distance";
  Run("xdotool mousemove --window " + window_ + at + " click 5 click 5 click 5");
  ASSERT_TRUE(WaitFor([&] { return Numbers("view")[2] != v1[2]; }, 10)) << "no zoom";
  drag("3");
  EXPECT_TRUE(WaitFor([&] { return Numbers("camera")[2] != c0[2]; }, 10)) << "no move";

  Key("alt+c");  // the Control section alone
  ASSERT_TRUE(WaitFor([&] { return Status().count("item1:control_0"); }, 10));
  ASSERT_TRUE(ClickItem("control_0", 1.0, "item1:"));
  // (the click is 2 pixels inside the slider's right end: near the top of the range [-1, 1])
  EXPECT_TRUE(WaitFor([&] { return Num("ctrl0") > 0.9; }, 10)) << Num("ctrl0");
  ASSERT_TRUE(ClickItem("Clear_all", 0.5, "item1:"));
  EXPECT_TRUE(WaitFor([&] { return Num("ctrl0") == 0; }, 10)) << Num("ctrl0");
  Key("alt+j");  // the Joint section: the hinge, last in qpos
  ASSERT_TRUE(WaitFor([&] { return Status().count("item1:hinge"); }, 10));
  ASSERT_TRUE(ClickItem("hinge", 0.0, "item1:"));
  EXPECT_TRUE(WaitFor([&] { return Numbers("qpos").back() < -2.9; }, 10))  // range +-3.1416
      << Numbers("qpos").back();
}

// A desktop twice as dense: a screen of twice the pixels.
class SimulateHighDpi : public SimulateUnderXvfb {
 protected:
  void SetUp() override {
    screen_ = "2400x1600x24";
    SimulateUnderXvfb::SetUp();
  }
};

// On a high-DPI desktop (Xft.dpi 192: a content scale of 2) the viewer picks the 200 % font, and
// the panels grow with it.
TEST_F(SimulateHighDpi, DesktopDpiDoublesTheFontScale) {
  if (!kHelper) {
    GTEST_SKIP() << "x11_helper not built (Xlib missing)";
  }
  ASSERT_EQ(Run(std::string(kHelper) + " dpi 192"), 0);
  Start(SourcePath("model/humanoid.xml"));
  ASSERT_TRUE(WaitFor([&] { return Num("loaded") == 1 && Status().count("fontscale"); }, 60));
  EXPECT_EQ(Num("fontscale"), 200);
  std::istringstream left(Status()["leftui"]);
  int nsect = 0, height = 0, width = 0;
  left >> nsect >> height >> width;
  EXPECT_EQ(width, 2 * mjui_themeSpacing(0).total);  // the tight spacing at 200 %
  Image big = Shot("high_dpi");
  // the left panel covers more than the 270 pixels of 100 %
  int titlewide = 0;
  for (unsigned y = 0; y < big.h; y++) {
    const unsigned char* p = big.at(400, y);
    titlewide += std::abs(p[0] - 150) < 20 && std::abs(p[1] - 50) < 15 && std::abs(p[2] - 50) < 15;
  }
  EXPECT_GT(titlewide, 5) << "no section title at x = 400";
  Run(std::string(kHelper) + " dpi 96");
}

}  // namespace
}  // namespace motus_test
