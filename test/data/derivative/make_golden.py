#!/usr/bin/env python3
# Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
"""Reference transition matrices for derivative_conformance_test, built from MuJoCo 3.8.0
oracle's one-step map (run from the repository root):

    python3 test/data/derivative/make_golden.py [case names]

The oracle cannot print the matrices of mjd_transitionFD, but it can take one step from any
state: a copy of the model gets one <key> per evaluation point (qpos, qvel, act, ctrl written in
shortest round-trip form, so the oracle starts from exactly these numbers), and
`mjref COPY.xml --key K --steps 1 --fields qpos,qvel,act,sensordata` returns the next state y and
the sensor values s of the step (the sensors of the starting state, README "Semantics").
mj_resetDataKeyframe zeroes qacc_warmstart, so every evaluation starts the solver from the same
warm start, as mjd_transitionFD does (APIreference_functions.rst "mjd_transitionFD").

The matrices are then finite differences of that map, as APIreference_functions.rst
"mjd_transitionFD" and computation_index.rst "Derivatives" describe:
  x = (dq, qvel, act) with dq in the tangent space of qpos: column i of the position block
      perturbs qpos by mj_integratePos(qpos, e_i, +-eps) (quaternions rotated by eps about the
      i-th local axis, then normalized); qvel and act are perturbed by +-eps;
  y is differenced in the same representation: position rows = mj_differentiatePos(y_lo, y_hi)
      / width (the rotation taking y_lo to y_hi as a local-frame rotation vector), the rest
      (y_hi - y_lo) / width;
  controls of clamped actuators (ctrllimited and clamping not disabled) are perturbed only
      inside their range: forward differences unless ctrl + eps leaves the range (then
      backward); centered differences where both sides fit, one-sided otherwise;
  forward differences: (f(x + eps e_i) - f(x)) / eps; centered: (f(x + eps e_i) -
      f(x - eps e_i)) / (2 eps).
Both variants come from the same oracle evaluations. Output test/data/derivative/<case>.txt
(test/golden.h format), record 0 with fields eps, qpos, qvel, act, ctrl (the nominal state) and
A_fwd B_fwd C_fwd D_fwd A_ctr B_ctr C_ctr D_ctr (row-major, the layouts of mjd_transitionFD:
A (2nv+na)x(2nv+na), B (2nv+na)x nu, C nsensordata x (2nv+na), D nsensordata x nu).
"""
import concurrent.futures
import math
import os
import random
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tools"))
from golden_util import fmt, run_mjref, mujoco_version  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(ROOT, "..", "shared", "models")
EPS = 1e-6

# case -> model (relative to HERE, or "shared:" + path under ../shared/models), the trajectory
# that yields the nominal state (steps, extra oracle arguments), the random velocity added to
# it, the nominal controls (None: keep the trajectory's) and qpos entries to override
CASES = {
    # smooth: hinge, ball, slide and free joints, filter/integrator activations; ctrl 0 at its
    # upper bound (backward difference), ctrl 1 at its lower bound (forward), ctrl 4 within eps
    # of its upper bound (backward)
    "arm": ("arm.xml", 60, ["--ctrl-seed", "2"], 0.3, [1.0, -1.0, 0.3, 0.2, 2.0 - 4e-7], {}),
    # contacts: box and ball resting on the plane after 150 steps, the pusher moved back
    # against the box (1 mm overlap) and pushing it; ctrl 1 at its lower bound
    "contact": ("contact.xml", 150, ["--ctrl-halton", "0"], 0.02, [0.8, -1.0], {0: 0.0}),
    # shared model with an equality constraint (slider-crank loop closure)
    "slider_crank": ("shared:slider_crank/slider_crank.xml", 80, ["--ctrl-seed", "4"], 0.2,
                     None, {}),
}

FREE, BALL, SLIDE, HINGE = 0, 1, 2, 3
mjDSBL_CLAMPCTRL = 1 << 8


# ---------------------------------------------------------------------------------------------
# quaternions (w, x, y, z) and the tangent-space maps of mj_integratePos / mj_differentiatePos

def qmul(a, b):
    return [a[0]*b[0] - a[1]*b[1] - a[2]*b[2] - a[3]*b[3],
            a[0]*b[1] + a[1]*b[0] + a[2]*b[3] - a[3]*b[2],
            a[0]*b[2] - a[1]*b[3] + a[2]*b[0] + a[3]*b[1],
            a[0]*b[3] + a[1]*b[2] - a[2]*b[1] + a[3]*b[0]]


def qnormalize(q):
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def qintegrate(q, w, h):
    # q * exp(h w / 2): rotation by the angle h |w| about w, in the local frame
    n = math.sqrt(sum(c * c for c in w))
    if n == 0:
        return qnormalize(q)
    ang = h * n
    s = math.sin(ang / 2) / n
    return qnormalize(qmul(q, [math.cos(ang / 2), w[0] * s, w[1] * s, w[2] * s]))


def qsub(qa, qb):
    # rotation vector r with qb * exp(r / 2) = qa (shortest rotation)
    conj = [qb[0], -qb[1], -qb[2], -qb[3]]
    d = qmul(conj, qa)
    if d[0] < 0:
        d = [-c for c in d]
    s = math.sqrt(d[1] ** 2 + d[2] ** 2 + d[3] ** 2)
    if s == 0:
        return [0.0, 0.0, 0.0]
    ang = 2 * math.atan2(s, d[0])
    return [c * ang / s for c in d[1:]]


def integrate_pos(info, qpos, v, h):
    q = list(qpos)
    for t, qa, da in zip(info["jnt_type"], info["jnt_qposadr"], info["jnt_dofadr"]):
        if t == FREE:
            for k in range(3):
                q[qa + k] += h * v[da + k]
            q[qa + 3:qa + 7] = qintegrate(q[qa + 3:qa + 7], v[da + 3:da + 6], h)
        elif t == BALL:
            q[qa:qa + 4] = qintegrate(q[qa:qa + 4], v[da:da + 3], h)
        else:
            q[qa] += h * v[da]
    return q


def differentiate_pos(info, q1, q2, h):
    v = [0.0] * info["nv"]
    for t, qa, da in zip(info["jnt_type"], info["jnt_qposadr"], info["jnt_dofadr"]):
        if t == FREE:
            for k in range(3):
                v[da + k] = (q2[qa + k] - q1[qa + k]) / h
            r = qsub(q2[qa + 3:qa + 7], q1[qa + 3:qa + 7])
            v[da + 3:da + 6] = [c / h for c in r]
        elif t == BALL:
            r = qsub(q2[qa:qa + 4], q1[qa:qa + 4])
            v[da:da + 3] = [c / h for c in r]
        else:
            v[da] = (q2[qa] - q1[qa]) / h
    return v


# ---------------------------------------------------------------------------------------------
# evaluation points

def perturbations(info, x0):
    """(name, state) for the nominal point and every +-eps perturbation that a difference uses;
    ctrl perturbations respect the clamping range."""
    nv, na, nu = info["nv"], info["na"], info["nu"]
    pts = [("nom", x0)]
    clamp = not (info["disableflags"] & mjDSBL_CLAMPCTRL)
    info["ctrl_sides"] = []
    for j in range(nu):
        u = x0["ctrl"][j]
        lo, hi = -math.inf, math.inf
        if clamp and info["actuator_ctrllimited"][j]:
            lo, hi = info["actuator_ctrlrange"][2 * j:2 * j + 2]
        up, down = u + EPS <= hi, u - EPS >= lo
        if not up and not down:
            up = down = True  # range narrower than eps: difference across it anyway
        info["ctrl_sides"].append((up, down))
        for side, ok in (("p", up), ("m", down)):
            if ok:
                x = dict(x0, ctrl=list(x0["ctrl"]))
                x["ctrl"][j] = u + (EPS if side == "p" else -EPS)
                pts.append((f"u{j}{side}", x))
    for c in range(2 * nv + na):
        for side, s in (("p", EPS), ("m", -EPS)):
            x = dict(x0)
            if c < nv:
                e = [0.0] * nv
                e[c] = 1.0
                x["qpos"] = integrate_pos(info, x0["qpos"], e, s)
            elif c < 2 * nv:
                x["qvel"] = list(x0["qvel"])
                x["qvel"][c - nv] += s
            else:
                x["act"] = list(x0["act"])
                x["act"][c - 2 * nv] += s
            pts.append((f"x{c}{side}", x))
    return pts


def with_keys(xml_text, pts, info):
    """the model text with one <key> per point appended (after any existing keyframes)"""
    def arr(v):
        return " ".join(repr(float(c)) for c in v)
    keys = []
    for _, x in pts:
        attrs = f'qpos="{arr(x["qpos"])}" qvel="{arr(x["qvel"])}"'
        if info["na"]:
            attrs += f' act="{arr(x["act"])}"'
        if info["nu"]:
            attrs += f' ctrl="{arr(x["ctrl"])}"'
        keys.append(f"    <key {attrs}/>")
    block = "\n".join(keys)
    if re.search(r"</keyframe>", xml_text):
        return xml_text.replace("</keyframe>", block + "\n  </keyframe>", 1)
    text, n = re.subn(r"</mujoco>\s*$", f"  <keyframe>\n{block}\n  </keyframe>\n</mujoco>\n",
                      xml_text)
    assert n == 1
    return text


def step_all(model_copy, nkey0, pts):
    def run(k):
        r = run_mjref(model_copy, "--key", str(nkey0 + k), "--steps", "1", "--fields",
                   "qpos,qvel,act,sensordata")[-1]
        return {"qpos": r["qpos"], "velact": r["qvel"] + r["act"], "sensor": r["sensordata"]}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        outs = list(ex.map(run, range(len(pts))))
    return {name: o for (name, _), o in zip(pts, outs)}


# ---------------------------------------------------------------------------------------------
# differences

def column(info, hi, lo, width):
    """d y / d x_i and d s / d x_i from the outputs hi and lo over width"""
    dy = differentiate_pos(info, lo["qpos"], hi["qpos"], width)
    dy += [(a - b) / width for a, b in zip(hi["velact"], lo["velact"])]
    ds = [(a - b) / width for a, b in zip(hi["sensor"], lo["sensor"])]
    return dy, ds


def matrices(info, outs, centered):
    nv, na, nu, ns = info["nv"], info["na"], info["nu"], info["nsensordata"]
    ndx = 2 * nv + na
    A = [[0.0] * ndx for _ in range(ndx)]
    B = [[0.0] * nu for _ in range(ndx)]
    C = [[0.0] * ndx for _ in range(ns)]
    D = [[0.0] * nu for _ in range(ns)]
    nom = outs["nom"]
    for j in range(nu):
        up, down = info["ctrl_sides"][j]
        use_minus = down and (centered or not up)
        hi = outs[f"u{j}p"] if up else nom
        lo = outs[f"u{j}m"] if use_minus else nom
        width = (EPS if up else 0) + (EPS if use_minus else 0)
        dy, ds = column(info, hi, lo, width)
        for r in range(ndx):
            B[r][j] = dy[r]
        for r in range(ns):
            D[r][j] = ds[r]
    for c in range(ndx):
        hi = outs[f"x{c}p"]
        lo = outs[f"x{c}m"] if centered else nom
        dy, ds = column(info, hi, lo, 2 * EPS if centered else EPS)
        for r in range(ndx):
            A[r][c] = dy[r]
        for r in range(ns):
            C[r][c] = ds[r]
    flat = lambda M: [v for row in M for v in row]
    return flat(A), flat(B), flat(C), flat(D)


def make_case(name, tmp):
    rel, steps, trajargs, vrand, ctrl, qset = CASES[name]
    if rel.startswith("shared:"):
        path = os.path.join(SHARED, rel[len("shared:"):])
    else:
        path = os.path.join(HERE, rel)
    if not os.path.exists(path):
        sys.exit(f"missing model {path}")
    fields = ("m.jnt_type,m.jnt_qposadr,m.jnt_dofadr,m.actuator_ctrllimited,"
              "m.actuator_ctrlrange")
    info = run_mjref(path, "--info")[0]
    info.update({k[2:]: v for k, v in run_mjref(path, "--forward-only", "--fields", fields)[0].items()
                 if k.startswith("m.")})
    traj = run_mjref(path, "--steps", str(steps), "--every", str(steps), "--fields",
                  "qpos,qvel,act,ctrl", *trajargs)[-1]
    rng = random.Random(17)
    x0 = {"qpos": traj["qpos"], "act": traj["act"],
          "qvel": [v + rng.uniform(-vrand, vrand) for v in traj["qvel"]],
          "ctrl": list(ctrl) if ctrl is not None else traj["ctrl"]}
    assert len(x0["ctrl"]) == info["nu"]
    for k, v in qset.items():
        x0["qpos"][k] = v
    pts = perturbations(info, x0)

    # copy of the model directory (assets resolve as in the original) with the keys added
    work = os.path.join(tmp, name)
    shutil.copytree(os.path.dirname(path), work)
    copy = os.path.join(work, os.path.basename(path))
    with open(path) as f:
        text = f.read()
    with open(copy, "w") as f:
        f.write(with_keys(text, pts, info))
    outs = step_all(copy, info["nkey"], pts)

    out = os.path.join(HERE, f"{name}.txt")
    shown = os.path.relpath(path, ROOT)
    with open(out, "w") as f:
        f.write("# generated by test/data/derivative/make_golden.py from MuJoCo %s:\n"
                % mujoco_version(path))
        f.write(f"#   model {shown}, nominal state: step {steps} of `mjref --steps {steps} "
                f"{' '.join(trajargs)}`, qvel + U(-{vrand}, {vrand}) (seed 17), ctrl "
                f"{x0['ctrl'] if ctrl is not None else 'of the trajectory'}, qpos entries set "
                f"{qset}; eps {EPS}\n")
        rows = [("eps", [EPS]), ("qpos", x0["qpos"]), ("qvel", x0["qvel"]), ("act", x0["act"]),
                ("ctrl", x0["ctrl"])]
        for centered, tag in ((0, "fwd"), (1, "ctr")):
            for mname, M in zip("ABCD", matrices(info, outs, centered)):
                rows.append((f"{mname}_{tag}", M))
        for field, vals in rows:
            f.write(f"0.{field} {len(vals)}" + "".join(" " + fmt(v) for v in vals) + "\n")
    print(f"{name}: {len(pts)} oracle steps -> {out}")


def main():
    names = sys.argv[1:] or list(CASES)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            make_case(name, tmp)


if __name__ == "__main__":
    main()
