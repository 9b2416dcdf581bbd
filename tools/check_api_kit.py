#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Checks Motus's public headers against MuJoCo 3.8's installed headers.

The committed headers in include/mujoco are the source of truth of Motus's C API; this script
verifies that they agree with the headers of a MuJoCo 3.8 installation (by default the one in
../shared/oracle/mujoco-3.8.0/include). Nothing of MuJoCo's headers is copied: the script lists
the names declared there (with clang's AST dump), writes one probe program over those names, and
compiles it twice, once against each set of headers. The two outputs must be equal:

  * every struct: its size, and the offset, size and type of every field (nested ones included);
  * every enum constant's value and every mj* typedef's type (callback signatures included);
  * every function and global Motus declares: its type (as the C++ type name of the symbol);
  * every numeric mj* constant macro's value, the arity of every function-like mj* macro, and the
    expansion of every X-macro list of mjxmacro.h (X, XVEC, XNV entries, spaces ignored).

What MuJoCo declares and Motus does not is listed as missing: a missing struct, enum, typedef,
macro or X-macro list fails the check; a missing function or global is listed only (it is
declared once it is implemented). Known exceptions are read from doc/conformance.md, section
"Public headers": lines of the form "- `api-exception: NAME`: reason".

Usage: tools/check_api_kit.py [--kit KIT_INCLUDE_DIR] [--list-missing]
Exit codes: 0 equal, 1 differences, 77 skipped (no kit headers or no clang).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_KIT = os.path.join(ROOT, "..", "shared", "oracle", "mujoco-3.8.0", "include")
SKIP = 77


def ast_of(include_dir, clang):
    """The top-level declarations of mujoco.h (as C) under include_dir, from clang's JSON AST."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.c")
        with open(src, "w") as f:
            f.write("#include <mujoco/mujoco.h>\n#include <mujoco/mjxmacro.h>\n")
        out = subprocess.run([clang, "-I", include_dir, "-Xclang", "-ast-dump=json",
                              "-fsyntax-only", src], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"check_api_kit: clang failed on {include_dir}:\n{out.stderr[:4000]}")
        return json.loads(out.stdout)["inner"]


def macros_of(include_dir, clang):
    """name -> (params or None, body) of every mj*/MJ* macro of mujoco.h + mjxmacro.h."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.c")
        with open(src, "w") as f:
            f.write("#include <mujoco/mujoco.h>\n#include <mujoco/mjxmacro.h>\n")
        out = subprocess.run([clang, "-I", include_dir, "-dM", "-E", src], capture_output=True,
                             text=True, check=True).stdout
    macros = {}
    for line in out.splitlines():
        m = re.match(r"#define (\w+)(\(([^)]*)\))? ?(.*)", line)
        if not m or not (m.group(1).lower().startswith("mj") or m.group(1) == "XNV"):
            continue
        name = m.group(1)
        if name.startswith("MUJOCO_") or name.endswith("_H_"):
            continue
        params = None if m.group(2) is None else [p.strip() for p in m.group(3).split(",")]
        macros[name] = (params, m.group(4))
    return macros


def record_fields(node, prefix=""):
    """Field designators of a struct/union node, descending into unnamed members."""
    out = []
    pending = None
    for c in node.get("inner", []):
        if c["kind"] == "RecordDecl":
            pending = c
            continue
        if c["kind"] != "FieldDecl":
            continue
        name = c.get("name")
        qual = c["type"]["qualType"]
        if pending is not None and ("unnamed" in qual or not name):
            inner_prefix = prefix + name + "." if name else prefix
            if name:
                out.append(prefix + name)
            out += record_fields(pending, inner_prefix)
        elif name:
            out.append(prefix + name)
        pending = None
    return out


def declarations(inner):
    """Names of the mj* declarations of an AST, by kind."""
    d = {"struct": {}, "enumconst": [], "typedef": [], "function": [], "global": []}
    for n in inner:
        name = n.get("name", "")
        if not name.lower().startswith("mj") and not name.startswith("_mj"):
            continue
        k = n["kind"]
        if k == "RecordDecl" and n.get("completeDefinition"):
            d["struct"][name] = (n.get("tagUsed", "struct"), record_fields(n))
        elif k == "EnumDecl":
            d["enumconst"] += [c["name"] for c in n.get("inner", [])
                               if c["kind"] == "EnumConstantDecl"]
        elif k == "TypedefDecl":
            d["typedef"].append(name)
        elif k == "FunctionDecl":
            d["function"].append(name)
        elif k == "VarDecl":
            d["global"].append(name)
    return d


XLIST_CALLERS = ("X", "XVEC", "XNV", "XGROUP", "XMJV")


def xmacro_lists(macros):
    """The X-macro list macros: those whose body calls X-like names or other lists."""
    lists = {}
    for name, (params, body) in macros.items():
        if not name.startswith("MJ") or name in ("MJ_M", "MJ_D"):
            continue
        if re.search(r"\bX(VEC|NV|MJV)?\s*\(", body) or re.fullmatch(r"[\sA-Z_0-9()]+", body):
            lists[name] = params
    return lists


NUMERIC = re.compile(r"^[\s0-9A-Za-z_.+\-*/<>()|&~]+$")


def probe_source(kit, mine, kmacros, mmacros, names):
    """A C++ program printing one line per checked property."""
    s = ["#include <cstddef>", "#include <cstdio>", "#include <typeinfo>",
         "#include <mujoco/mujoco.h>", "#include <mujoco/mjxmacro.h>",
         "template <class T> const char* tn() { return typeid(T).name(); }",
         "int main() {"]
    for sname, (tag, fields) in sorted(kit["struct"].items()):
        if sname not in names["struct"]:
            continue
        s.append(f'  std::printf("struct {sname} size %zu\\n", sizeof({tag} {sname}));')
        for f in fields:
            s.append(f'  std::printf("struct {sname}.{f} offset %zu size %zu type %s\\n", '
                     f"offsetof({tag} {sname}, {f}), sizeof((({tag} {sname}*)0)->{f}), "
                     f"tn<decltype((({tag} {sname}*)0)->{f})>());")
    for c in sorted(names["enumconst"]):
        s.append(f'  std::printf("enum {c} %lld\\n", (long long)({c}));')
    for t in sorted(names["typedef"]):
        s.append(f'  std::printf("typedef {t} %s\\n", tn<{t}>());')
    for fn in sorted(names["function"]):
        s.append(f'  std::printf("function {fn} %s\\n", tn<decltype({fn})>());')
    for g in sorted(names["global"]):
        s.append(f'  std::printf("global {g} %s\\n", tn<decltype({g})>());')
    for mname in sorted(names["numeric"]):
        s.append(f'  std::printf("macro {mname} %.17Lg\\n", (long double)({mname}));')
    # X-macro lists: print each entry with its macro name, arguments stringized
    s.append('#define MOTUS_PUT(...) std::printf("%s\\n", #__VA_ARGS__);')
    s.append("#undef X")
    s.append("#undef XVEC")
    s.append("#undef XNV")
    s.append("#undef XMJV")
    s.append("#undef MJ_M")  # keep the MJ_M(...)/MJ_D(...) annotations visible in the entries
    s.append("#undef MJ_D")
    s.append("#define X(...) MOTUS_PUT(X(__VA_ARGS__))")
    s.append("#define XVEC(...) MOTUS_PUT(XVEC(__VA_ARGS__))")
    s.append("#define XNV(...) MOTUS_PUT(XNV(__VA_ARGS__))")
    s.append("#define XMJV(...) MOTUS_PUT(XMJV(__VA_ARGS__))")
    for lname in sorted(names["xlist"]):
        params = kmacros[lname][0]
        args = "(" + ", ".join(params) + ")" if params is not None else ""
        s.append(f'  std::printf("xlist {lname}\\n");')
        s.append(f"  {lname}{args}")
    s.append("#define MOTUS_STR2(...) #__VA_ARGS__")
    s.append("#define MOTUS_STR(...) MOTUS_STR2(__VA_ARGS__)")
    for mname in sorted(names["expansion"]):
        params = kmacros[mname][0]
        args = "(" + ", ".join(params) + ")" if params is not None else ""
        s.append(f'  std::printf("expansion {mname} %s\\n", MOTUS_STR({mname}{args}));')
    s += ["  return 0;", "}"]
    return "\n".join(s) + "\n"


def run_probe(src, include_dir, cxx, tmp, tag):
    path = os.path.join(tmp, f"probe_{tag}.cc")
    exe = os.path.join(tmp, f"probe_{tag}")
    with open(path, "w") as f:
        f.write(src)
    out = subprocess.run([cxx, "-std=c++17", "-w", "-I", include_dir, path, "-o", exe],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr
    res = subprocess.run([exe], capture_output=True, text=True, check=True)
    lines = []
    for line in res.stdout.splitlines():
        if line.startswith(("X(", "XVEC(", "XNV(", "XMJV(")):
            line = "  " + line.replace(" ", "")
        lines.append(line)
    return lines, ""


def exceptions():
    path = os.path.join(ROOT, "doc", "conformance.md")
    names = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                m = re.match(r"\s*- `api-exception: ([\w.]+)`:\s*\S", line)
                if m:
                    names.add(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kit", default=DEFAULT_KIT)
    ap.add_argument("--list-missing", action="store_true")
    args = ap.parse_args()
    kit_inc = os.path.abspath(args.kit)
    mine_inc = os.path.join(ROOT, "include")
    if not os.path.exists(os.path.join(kit_inc, "mujoco", "mujoco.h")):
        print(f"check_api_kit: SKIP: no MuJoCo headers at {kit_inc}")
        return SKIP
    clang = shutil.which("clang") or shutil.which("clang-14")
    cxx = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++")
    if not clang or not cxx:
        print("check_api_kit: SKIP: needs clang (for its AST dump) and a C++ compiler")
        return SKIP

    kit = declarations(ast_of(kit_inc, clang))
    mine = declarations(ast_of(mine_inc, clang))
    kmac = macros_of(kit_inc, clang)
    mmac = macros_of(mine_inc, clang)
    allowed = exceptions()
    problems, missing_fn = [], []

    names = {"struct": set(), "enumconst": [], "typedef": [], "function": [], "global": [],
             "numeric": [], "xlist": [], "expansion": []}
    for sname in kit["struct"]:
        if sname in mine["struct"]:
            names["struct"].add(sname)
        elif sname not in allowed:
            problems.append(f"missing struct {sname}")
    for n in kit["global"]:  # like functions, a global is declared once it is defined
        if n in set(mine["global"]):
            names["global"].append(n)
        else:
            missing_fn.append(n)
    for kind in ("enumconst", "typedef"):
        have = set(mine[kind])
        for n in kit[kind]:
            if n in have:
                names[kind].append(n)
            elif n not in allowed:
                problems.append(f"missing {kind} {n}")
    have = set(mine["function"])
    for n in kit["function"]:
        if n in have:
            names["function"].append(n)
        else:
            missing_fn.append(n)
    for n in mine["function"]:
        if n not in set(kit["function"]) and n not in allowed:
            problems.append(f"function {n} is not in MuJoCo 3.8's API")
    klists = xmacro_lists(kmac)
    for name, (params, body) in sorted(kmac.items()):
        if name in klists:
            if name in mmac and mmac[name][0] == params:
                names["xlist"].append(name)
            elif name not in allowed:
                problems.append(f"X-macro list {name}{'' if name in mmac else ' missing'}"
                                f"{' has other parameters' if name in mmac else ''}")
            continue
        if name not in mmac:
            if name not in allowed:
                problems.append(f"missing macro {name}")
            continue
        if re.fullmatch(r"[A-Za-z_]\w*", body.strip()):  # an alias (mju_sqrt -> sqrt, XNV -> X)
            if mmac[name][1].strip() != body.strip():
                problems.append(f"macro {name} is {mmac[name][1]!r}, MuJoCo's is {body!r}")
            continue
        if name.startswith("MJ") and params is not None and params == mmac[name][0]:
            names["expansion"].append(name)  # statement-like helpers (MJMODEL_POINTERS_PREAMBLE)
            continue
        if params is not None or mmac[name][0] is not None:
            if (params is None) != (mmac[name][0] is None) or \
               len(params or []) != len(mmac[name][0] or []):
                problems.append(f"macro {name}: parameters {params} vs {mmac[name][0]}")
            continue
        if body and NUMERIC.match(body) and not re.search(r"\b(m|d)\b", body):
            names["numeric"].append(name)

    src = probe_source(kit, mine, kmac, mmac, names)
    with tempfile.TemporaryDirectory() as tmp:
        kout, kerr = run_probe(src, kit_inc, cxx, tmp, "kit")
        if kout is None:
            sys.exit(f"check_api_kit: probe does not compile against MuJoCo's headers:\n{kerr}")
        mout, merr = run_probe(src, mine_inc, cxx, tmp, "motus")
        if mout is None:
            problems.append("probe does not compile against Motus's headers:\n" +
                            "\n".join(l for l in merr.splitlines() if "error" in l)[:6000])
            mout = []
    if mout:
        kmap, mmap = key_lines(kout), key_lines(mout)
        for key, val in kmap.items():
            item = key.split()[1].split(".")[0] if " " in key else key
            if mmap.get(key) != val and item not in allowed and key.split()[1] not in allowed:
                problems.append(f"{key}: MuJoCo {val!r}, Motus {mmap.get(key)!r}")

    print(f"check_api_kit: {len(names['struct'])} structs, {len(names['enumconst'])} enum "
          f"constants, {len(names['typedef'])} typedefs, {len(names['function'])} functions, "
          f"{len(names['global'])} globals, {len(names['numeric'])} constant macros, "
          f"{len(names['xlist'])} X-macro lists compared; {len(allowed)} listed exceptions")
    print(f"check_api_kit: {len(missing_fn)} of MuJoCo 3.8's "
          f"{len(kit['function']) + len(kit['global'])} functions and globals are not declared by Motus" + (":" if args.list_missing else " (--list-missing)"))
    if args.list_missing:
        for n in missing_fn:
            print("  " + n)
    for p in problems:
        print("DIFF " + p)
    if problems:
        print(f"check_api_kit: {len(problems)} differences")
        return 1
    print("check_api_kit: OK")
    return 0


def key_lines(lines):
    """Maps each checked property to its value; X-macro entries are keyed by list and index."""
    out, cur, idx = {}, None, 0
    for line in lines:
        if line.startswith("xlist "):
            cur, idx = line.split()[1], 0
            out[line] = ""
        elif line.startswith("  ") and cur:
            out[f"xlist {cur}[{idx}]"] = line.strip()
            idx += 1
        else:
            parts = line.rsplit(" ", 1)
            if line.startswith("struct ") and " offset " in line:
                key, _, val = line.partition(" offset ")
                out[key] = "offset " + val
            elif line.startswith("expansion "):
                key, _, val = line[len("expansion "):].partition(" ")
                out["expansion " + key] = val.replace(" ", "")
            else:
                out[parts[0]] = parts[1] if len(parts) > 1 else ""
    # a list's entry count
    counts = {}
    for k in out:
        if k.startswith("xlist ") and "[" in k:
            name = k[6:k.index("[")]
            counts[name] = counts.get(name, 0) + 1
    for name, n in counts.items():
        out[f"xlist {name} entries"] = str(n)
    return out


if __name__ == "__main__":
    sys.exit(main())
