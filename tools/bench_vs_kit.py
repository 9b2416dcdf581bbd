#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""bench_vs_kit.py -- Motus against a prebuilt MuJoCo (the 3.8.0 kit), measured in one run.

usage: tools/bench_vs_kit.py [--kit DIR] [--build DIR] [--harness DIR] [--models LIST]
                             [--pairs P] [--repeat R] [--sections speed,load,profile,threads]
                             [--json FILE]

Sections (all by default):
  speed    steps/s of Motus (A) and the kit (B) per model, A B A B ... in fresh processes, through
           the conformance harness's speed.py (its mjref CLI: Motus's dumper is compiled here from
           HARNESS/mjrefc.cc against BUILD/lib/libmujoco.so); prints every ratio and the median.
  load     mj_loadXML time of every model of the shared corpus: the first load in a fresh process
           (nothing cached) and the median of --load-repeat in-process loads (both engines reuse
           processed assets from their caches after the first), then mj_sizeModel and the mjData
           allocation (nbuffer + narena) of each engine; Motus and the kit alternate model by
           model (tools/bench_load.cc compiled against each library). Prints the median and
           minimum of the load-time ratios and the models where Motus's sizes are larger.
  profile  the per-stage profile (testspeed's internal timers, microseconds per step) of humanoid
           and 22_humanoids, both engines side by side, runs interleaved (--profile-runs, median).
  threads  testspeed of Motus and of the kit on humanoid with 1 and 2 threads (independent mjData
           per thread), interleaved: the throughput ratio 2-thread / 1-thread of each (the kit's
           shows what the machine allows), and Motus's processor time per step of each thread.

The machine's load average is printed before and after each section: on a shared machine, read
the figures with it. Defaults assume a checkout next to ../shared (the kit in
../shared/oracle/mujoco-3.8.0, the harness in ../shared/conform, models in ../shared/models) and
Debian's MuJoCo model copies in /usr/share/mujoco/model (package libmujoco-samples) when present.
Exit 0, or 2 when something needed is missing.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared'))
DEBIAN = '/usr/share/mujoco/model'
# (label, path relative to the Debian model folder) and shared-corpus names, as in issue 18
DEBIAN_MODELS = [('humanoid', 'humanoid/humanoid.xml'), ('humanoid100', 'humanoid100/humanoid100.xml'),
                 ('22_humanoids', 'humanoid/22_humanoids.xml'), ('arm26', 'tendon_arm/arm26.xml'),
                 ('slider_crank', 'slider_crank/slider_crank.xml')]
SHARED_MODELS = ['humanoid', 'arm26', 'slider_crank', 'cube_3x3x3', 'replicate_bunnies',
                 'humanoid200', 'dice', 'mug']


def load_average():
    try:
        with open('/proc/loadavg') as f:
            return ' '.join(f.read().split()[:3])
    except OSError:
        return '?'


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def compile_against(src, out, include, lib):
    """Compiles src against include/ and lib (a libmujoco.so), rpath to its folder."""
    libdir = os.path.dirname(os.path.abspath(lib))
    if os.path.exists(out) and os.path.getmtime(out) >= max(os.path.getmtime(src),
                                                            os.path.getmtime(lib)):
        return True
    r = run(['g++', '-O2', '-std=c++17', '-ffp-contract=off', '-I' + include, '-o', out, src,
             lib, '-Wl,-rpath,' + libdir])
    if r.returncode != 0:
        print(f'bench: compiling {src} against {lib} failed:\n{r.stderr[-2000:]}', file=sys.stderr)
        return False
    return True


def real_library(libdir):
    """The ELF libmujoco.so* in libdir (a copied folder may hold libmujoco.so as a text file)."""
    names = sorted(n for n in os.listdir(libdir) if n.startswith('libmujoco.so'))
    for n in names:
        path = os.path.join(libdir, n)
        with open(path, 'rb') as f:
            if f.read(4) == b'\x7fELF':
                return path
    return os.path.join(libdir, 'libmujoco.so')


def shared_models(corpus):
    """name -> main XML of every model in the corpus manifest."""
    with open(os.path.join(corpus, 'manifest.json')) as f:
        man = json.load(f)
    return {m['name']: os.path.join(corpus, m['name'], m['main_xml']) for m in man['models']}


def section_speed(o, motus_mjrefc, kit_mjrefc, models):
    speed = os.path.join(o.harness, 'speed.py')
    argv = [sys.executable, speed] + [x for _, x in models] + [
        '--candidate', motus_mjrefc, '--reference', kit_mjrefc, '--pairs', str(o.pairs),
        '--repeat', str(o.repeat), '--json', o.json + '.speed.json' if o.json else '/dev/null']
    print(f'== speed (load {load_average()})', flush=True)
    r = subprocess.run(argv)
    print(f'   (load after: {load_average()})', flush=True)
    return r.returncode


def section_load(o, motus_load, kit_load, corpus):
    print(f'== model loading and memory (load {load_average()})', flush=True)
    names = sorted(shared_models(corpus).items())
    hdr = (f'{"model":<24} {"first A":>8} {"first B":>8} {"B/A":>5}  {"load A":>8} {"load B":>8} '
           f'{"B/A":>5}  {"sizeModel A":>11} {"sizeModel B":>11}  {"mjData A":>10} {"mjData B":>10}')
    print('   A = Motus, B = kit, times in ms: first = first load in a fresh process, load = median '
          f'of {o.load_repeat} loads;')
    print('   mjData = nbuffer + narena (bytes); B/A > 1: Motus loads faster')
    print(hdr)
    ratios, firsts, larger = [], [], []
    for name, xml in names:
        res = {}
        for who, exe in (('A', motus_load), ('B', kit_load)):
            r = run([exe, str(o.load_repeat), xml], timeout=600)
            line = next((ln for ln in r.stdout.splitlines() if ln.startswith('{')), '')
            res[who] = json.loads(line) if line else {'error': r.stderr.strip()[:80]}
        a, b = res['A'], res['B']
        if 'error' in a or 'error' in b:
            print(f'{name:<24} load failed: A {a.get("error", "ok")}, B {b.get("error", "ok")}')
            continue
        ratio = b['load_ms'] / a['load_ms'] if a['load_ms'] > 0 else float('nan')
        first = b['first_ms'] / a['first_ms'] if a['first_ms'] > 0 else float('nan')
        ratios.append(ratio)
        firsts.append(first)
        data_a, data_b = a['nbuffer'] + a['narena'], b['nbuffer'] + b['narena']
        if a['size_model'] > b['size_model'] or data_a > data_b:
            larger.append(name)
        print(f'{name:<24} {a["first_ms"]:>8.2f} {b["first_ms"]:>8.2f} {first:>5.2f}  '
              f'{a["load_ms"]:>8.2f} {b["load_ms"]:>8.2f} {ratio:>5.2f}  '
              f'{a["size_model"]:>11} {b["size_model"]:>11}  {data_a:>10} {data_b:>10}',
              flush=True)
    if ratios:
        print(f'load time ratio (kit / Motus) over {len(ratios)} models: first load median '
              f'{statistics.median(firsts):.2f}, min {min(firsts):.2f}; repeated load median '
              f'{statistics.median(ratios):.2f}, min {min(ratios):.2f}')
        print(f'models where a Motus size is larger than the kit\'s: {len(larger)}'
              + (f' ({", ".join(larger)})' if larger else ''))
    print(f'   (load after: {load_average()})', flush=True)


STAGES = ['step', 'forward', 'position', 'kinematics', 'inertia', 'collision', 'make', 'project',
          'velocity', 'actuation', 'constraint', 'advance']


def parse_profile(text):
    """Stage -> microseconds per step, from either testspeed's output; plus steps/s."""
    out = {}
    if 'Internal profiler (ms per step' in text:  # Motus: milliseconds
        part = text.split('Internal profiler (ms per step', 1)[1]
        for m in re.finditer(r'^\s+(?:pos_)?(\w+)\s+([0-9.]+)\s+[0-9.]+%', part, re.M):
            out[m.group(1)] = 1000 * float(m.group(2))
    elif 'Internal profiler, ' in text:  # MuJoCo: microseconds
        part = text.split('Internal profiler, ', 1)[1]
        for m in re.finditer(r'^\s+(\w+)(?: total)?\s*:\s+([0-9.]+)', part, re.M):
            out[m.group(1)] = float(m.group(2))
    m = re.search(r'Steps(?:/s| per second)\s*:\s*([0-9.]+)', text)
    if m:
        out['steps/s'] = float(m.group(1))
    return out


def section_profile(o, kit, models):
    print(f'== per-stage profile, microseconds per step (load {load_average()})', flush=True)
    print('   testspeed of each engine (MuJoCo\'s samples its controls differently: same model, '
          'similar work; compare contact counts)')
    for label, xml in models:
        runs = {'A': [], 'B': []}
        for _ in range(o.profile_runs):
            for who, exe in (('A', os.path.join(o.build, 'bin', 'testspeed')),
                             ('B', os.path.join(kit, 'bin', 'testspeed'))):
                r = run([exe, xml, str(o.profile_steps)], timeout=600)
                runs[who].append(parse_profile(r.stdout))
        print(f'-- {label} ({xml})')
        print(f'   {"stage":<12} {"Motus us":>10} {"MuJoCo us":>10} {"ratio":>6}')
        for st in ['steps/s'] + STAGES:
            va = [p[st] for p in runs['A'] if st in p]
            vb = [p[st] for p in runs['B'] if st in p]
            if not va or not vb:
                continue
            a, b = statistics.median(va), statistics.median(vb)
            ratio = (a / b if st == 'steps/s' else b / a) if a > 0 and b > 0 else float('nan')
            print(f'   {st:<12} {a:>10.2f} {b:>10.2f} {ratio:>6.2f}')
    print('   ratio: how many times faster Motus is (MuJoCo time / Motus time)')
    print(f'   (load after: {load_average()})', flush=True)


def total_steps_per_second(text):
    """Steps/s over all threads, from either testspeed's output."""
    m = (re.search(r'Total steps per second\s*:\s*([0-9.]+)', text) or
         re.search(r'Steps(?:/s| per second)\s*:\s*([0-9.]+)', text))
    return float(m.group(1)) if m else float('nan')


def section_threads(o, kit, xml):
    print(f'== threads: testspeed, humanoid, 1 vs 2 threads (load {load_average()})', flush=True)
    print('   the kit\'s testspeed is the control: what the machine allows two threads')
    exes = {'Motus': os.path.join(o.build, 'bin', 'testspeed'),
            'MuJoCo': os.path.join(kit, 'bin', 'testspeed')}
    res = {(who, n): [] for who in exes for n in (1, 2)}
    cpu = {1: [], 2: []}  # Motus: processor time per step of each thread, microseconds
    for _ in range(o.profile_runs):
        for who, exe in exes.items():
            for n in (1, 2):
                r = run([exe, xml, str(o.profile_steps), str(n)], timeout=600)
                res[(who, n)].append(total_steps_per_second(r.stdout))
                m = re.search(r'CPU per step\s*:\s*([0-9. ]+) us', r.stdout)
                if who == 'Motus' and m:
                    cpu[n].extend(float(x) for x in m.group(1).split())
    for who in exes:
        one, two = res[(who, 1)], res[(who, 2)]
        ratios = [b / a for a, b in zip(one, two)]
        print(f'   {who:<6} 1 thread {statistics.median(one):,.0f} steps/s, 2 threads '
              f'{statistics.median(two):,.0f} steps/s; ratio median {statistics.median(ratios):.2f} '
              f'(pairs: {" ".join(f"{x:.2f}" for x in ratios)})')
    if cpu[1] and cpu[2]:
        print(f'   Motus processor time per step and thread: 1 thread {statistics.median(cpu[1]):.2f} '
              f'us, 2 threads {statistics.median(cpu[2]):.2f} us (medians; equal when the threads '
              'do not slow each other down)')
    print(f'   (load after: {load_average()})', flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog='\n'.join(__doc__.split('\n')[2:]))
    ap.add_argument('--kit', default=os.path.join(SHARED, 'oracle', 'mujoco-3.8.0'))
    ap.add_argument('--build', default=os.path.join(ROOT, 'build'), help='Motus build folder')
    ap.add_argument('--harness', default=os.path.join(SHARED, 'conform'))
    ap.add_argument('--corpus', default=os.path.join(SHARED, 'models'))
    ap.add_argument('--models', default='', help='comma-separated subset of the table labels')
    ap.add_argument('--pairs', type=int, default=3)
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--load-repeat', type=int, default=5)
    ap.add_argument('--profile-runs', type=int, default=3)
    ap.add_argument('--profile-steps', type=int, default=5000)
    ap.add_argument('--sections', default='speed,load,profile,threads')
    ap.add_argument('--json', default='', help='prefix for the speed section\'s JSON')
    o = ap.parse_args()
    secs = set(o.sections.split(','))

    lib = os.path.join(o.build, 'lib', 'libmujoco.so')
    kitlib = os.path.join(o.kit, 'lib', 'libmujoco.so')
    if os.path.isdir(os.path.dirname(kitlib)):
        kitlib = real_library(os.path.dirname(kitlib))
    for path, what in ((lib, 'Motus library (build it first)'), (kitlib, 'kit library'),
                       (o.corpus, 'model corpus')):
        if not os.path.exists(path):
            print(f'bench: no {what}: {path}', file=sys.stderr)
            return 2

    corpus = shared_models(o.corpus)
    table = []
    if os.path.isdir(DEBIAN):
        table += [('debian/' + n, os.path.join(DEBIAN, p)) for n, p in DEBIAN_MODELS
                  if os.path.exists(os.path.join(DEBIAN, p))]
    else:
        print(f'bench: {DEBIAN} absent (apt-get install libmujoco-samples): shared copies only')
    table += [(n, corpus[n]) for n in SHARED_MODELS if n in corpus]
    if o.models:
        want = set(o.models.split(','))
        table = [t for t in table if t[0] in want or t[0].split('/')[-1] in want]

    print(f'Motus build: {o.build}\nkit: {o.kit}\nload average at start: {load_average()}')
    if 'speed' in secs:
        motus_mjrefc = os.path.join(o.build, 'mjrefc-motus')
        if not compile_against(os.path.join(o.harness, 'mjrefc.cc'), motus_mjrefc,
                               os.path.join(ROOT, 'include'), lib):
            return 2
        section_speed(o, motus_mjrefc, os.path.join(o.kit, 'bin', 'mjrefc'), table)
    if 'load' in secs:
        src = os.path.join(ROOT, 'tools', 'bench_load.cc')
        a, b = os.path.join(o.build, 'bench_load-motus'), os.path.join(o.build, 'bench_load-kit')
        if not (compile_against(src, a, os.path.join(ROOT, 'include'), lib) and
                compile_against(src, b, os.path.join(o.kit, 'include'), kitlib)):
            return 2
        section_load(o, a, b, o.corpus)
    prof = [(n, x) for n, x in table if n in ('humanoid', 'debian/22_humanoids')]
    if 'profile' in secs and prof:
        section_profile(o, o.kit, prof)
    if 'threads' in secs and 'humanoid' in corpus:
        section_threads(o, o.kit, corpus['humanoid'])
    return 0


if __name__ == '__main__':
    sys.exit(main())
