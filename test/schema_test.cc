// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// mj_printSchema and the schema table behind it (src/xml/xml_schema.cc): the printed forms equal
// MuJoCo 3.8.0's (through test/kit/kit_api.cc built against the kit, when ../shared has it), the
// buffer and file outputs follow the documented contract, and every attribute of the table is
// one that the reader recognizes for its element.

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include "fixture.h"
#include "xml/xml_schema.h"

namespace {

std::string Printed(int html, int pad) {
  int n = mj_printSchema(nullptr, nullptr, 0, html, pad);
  std::vector<char> text(n + 1, 'x');
  EXPECT_EQ(mj_printSchema(nullptr, text.data(), n + 1, html, pad), n);
  return std::string(text.data());
}

TEST(PrintSchema, BufferFileAndLength) {
  for (int html = 0; html < 2; html++) {
    for (int pad = 0; pad < 2; pad++) {
      std::string full = Printed(html, pad);
      ASSERT_GT(full.size(), 1000u);
      EXPECT_EQ(mj_printSchema(nullptr, nullptr, 0, html, pad), static_cast<int>(full.size()));

      // a short buffer receives the start of the text, terminated
      char small[32];
      std::memset(small, 'x', sizeof(small));
      EXPECT_EQ(mj_printSchema(nullptr, small, 20, html, pad), static_cast<int>(full.size()));
      EXPECT_EQ(std::string(small), full.substr(0, 19));
      EXPECT_EQ(small[20], 'x');

      // the file holds the whole text
      std::string path = motus_test::UniqueTempPath("schema.txt");
      EXPECT_EQ(mj_printSchema(path.c_str(), nullptr, 0, html, pad), static_cast<int>(full.size()));
      std::ifstream in(path);
      std::stringstream file;
      file << in.rdbuf();
      EXPECT_EQ(file.str(), full);
      std::remove(path.c_str());
    }
  }
  // the padding flag only changes the HTML form
  EXPECT_EQ(Printed(0, 0), Printed(0, 1));
  EXPECT_NE(Printed(1, 0), Printed(1, 1));
}

TEST(PrintSchema, TextAndHtmlListTheSameElements) {
  int n = 0;
  const motus::mjcf::SchemaElement* rows = motus::mjcf::Schema(&n);
  std::string text = Printed(0, 0), html = Printed(1, 1);
  size_t trs = 0;
  for (size_t at = html.find("<tr>"); at != std::string::npos; at = html.find("<tr>", at + 1)) {
    trs++;
  }
  EXPECT_EQ(trs, static_cast<size_t>(n));
  for (int i = 0; i < n; i++) {
    std::string head =
        std::string(3 * rows[i].depth, ' ') + rows[i].name + " (" + rows[i].type + ")";
    bool at_line_start =
        text.compare(0, head.size(), head) == 0 || text.find("\n" + head) != std::string::npos;
    EXPECT_TRUE(at_line_start) << head;
  }
}

#ifdef MOTUS_KIT_API
// the same client built against MuJoCo 3.8.0 prints the same four forms
TEST(PrintSchema, EqualsMuJoCo) {
  for (int html = 0; html < 2; html++) {
    for (int pad = 0; pad < 2; pad++) {
      std::string cmd = std::string(MOTUS_KIT_API) + " schema " + std::to_string(html) + " " +
                        std::to_string(pad);
      FILE* p = popen(cmd.c_str(), "r");
      ASSERT_NE(p, nullptr) << cmd;
      std::string kit;
      char buf[4096];
      size_t got;
      while ((got = std::fread(buf, 1, sizeof(buf), p)) > 0) {
        kit.append(buf, got);
      }
      ASSERT_EQ(pclose(p), 0) << cmd;
      EXPECT_EQ(Printed(html, pad), kit) << "html " << html << " pad " << pad;
    }
  }
}
#endif

// The document that places an element of the table with one attribute: its ancestors as
// elements (the world body's row stands for a <body> in <worldbody>), closed after it.
std::string Document(const std::vector<std::string>& path, const std::string& attr) {
  std::string open, close;
  for (size_t i = 0; i < path.size(); i++) {
    std::string name = path[i];
    if (name == "(world)body") {
      name = "body";
      if (i == 1) {
        open += "<worldbody>";
        close = "</worldbody>" + close;
      }
    }
    bool last = i + 1 == path.size();
    std::string attrs = last && !attr.empty() ? " " + attr + "=\"0\"" : "";
    if (i == 0) {
      open += "<mujoco" + attrs + ">";
      close = "</mujoco>" + close;
    } else {
      open += "<" + name + attrs + ">";
      close = "</" + name + ">" + close;
    }
  }
  return open + close;
}

// Every attribute the table lists for an element is recognized by the reader there: parsing an
// element with it may fail for other reasons (a bad value, a missing required attribute), but
// never as a schema violation naming it.
TEST(SchemaTable, ReaderRecognizesEveryAttribute) {
  int n = 0;
  const motus::mjcf::SchemaElement* rows = motus::mjcf::Schema(&n);
  std::vector<std::string> path;
  int checked = 0;
  for (int i = 0; i < n; i++) {
    path.resize(rows[i].depth);
    path.push_back(rows[i].name);
    std::istringstream attrs(rows[i].attributes);
    std::string attr;
    while (attrs >> attr) {
      std::string xml = Document(path, attr);
      char error[1000] = "";
      mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, error, sizeof(error));
      mj_deleteSpec(spec);
      EXPECT_EQ(std::strstr(error, ("unrecognized attribute: '" + attr + "'").c_str()), nullptr)
          << xml << ": " << error;
      EXPECT_EQ(std::strstr(error, "unrecognized element"), nullptr) << xml << ": " << error;
      checked++;
    }
  }
  EXPECT_GT(checked, 1500);
}

// The world body shares the body's row but takes none of its attributes: MuJoCo's message.
TEST(SchemaTable, WorldBodyAttributes) {
  for (const char* attr : {"name=\"w\"", "pos=\"1 0 0\"", "childclass=\"main\""}) {
    std::string xml = std::string("<mujoco><worldbody ") + attr + "/></mujoco>";
    char error[1000] = "";
    mjSpec* spec = mj_parseXMLString(xml.c_str(), nullptr, error, sizeof(error));
    EXPECT_EQ(spec, nullptr);
    mj_deleteSpec(spec);
    EXPECT_NE(std::strstr(error, "World body cannot have attributes"), nullptr) << error;
  }
  char error[1000] = "";
  mjSpec* spec =
      mj_parseXMLString("<mujoco><worldbody foo=\"1\"/></mujoco>", nullptr, error, sizeof(error));
  EXPECT_EQ(spec, nullptr);
  mj_deleteSpec(spec);
  EXPECT_NE(std::strstr(error, "unrecognized attribute: 'foo'"), nullptr) << error;
}

}  // namespace
