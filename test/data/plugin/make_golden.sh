#!/bin/sh
# Goldens of the first-party plugin tests (test/plugin/*_plugin_test.cc), written by MuJoCo 3.8.0
# (the kit in ../shared/oracle/mujoco-3.8.0) with its own plugin libraries. Run from the
# repository root: sh test/data/plugin/make_golden.sh
set -e
KIT=${MJREF_KIT:-../shared/oracle/mujoco-3.8.0}
export MJREFC_PLUGIN_DIR="$KIT/lib/mujoco_plugin"
python3 tools/gen_golden.py test/data/plugin/cable_arc.xml --out test/data/plugin/cable_arc_traj.txt \
  --steps 200 --every 100 --fields qpos,qvel,qfrc_passive --ctrl-seed 1
python3 tools/gen_golden.py ../shared/models38/plugin/elasticity/cable.xml \
  --out test/data/plugin/cable_traj.txt --steps 200 --every 100 --fields qpos,qfrc_passive \
  --ctrl-seed 1
python3 tools/gen_golden.py test/data/plugin/cable_skin.xml --out test/data/plugin/cable_skin.txt \
  --forward-only --fields m.skin_inflate,m.skin_rgba,m.skin_vert,m.skin_face,m.skin_bonebodyid,m.skin_bonevertadr,m.skin_bonevertnum,m.skin_bonebindpos,m.skin_bonebindquat,m.skin_bonevertid,m.skin_bonevertweight
python3 tools/gen_golden.py ../shared/models38/plugin/elasticity/belt.xml \
  --out test/data/plugin/belt_traj.txt --steps 200 --every 100 --fields qpos,qfrc_passive \
  --ctrl-seed 1
