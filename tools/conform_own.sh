#!/usr/bin/env bash
# conform_own.sh CANDIDATE [conform.py options...]
# Grades the project's own models (model/*.xml) with ../shared/conform/conform.py against the
# MuJoCo 3.3.8 oracle, as the shared models are graded. The harness wants one folder per model:
# this script builds such a corpus of symbolic links in a temporary folder.
#   CANDIDATE: an mjrefc client linked against Motus (../shared/conform/build_motus.sh prints it)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CONFORM=${CONFORM:-$ROOT/../shared/conform/conform.py}
[ $# -ge 1 ] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ -f "$CONFORM" ] || { echo "conform_own: $CONFORM not found (set CONFORM)" >&2; exit 2; }
CAND=$1; shift
CORPUS=$(mktemp -d)
trap 'rm -rf "$CORPUS"' EXIT
for xml in "$ROOT"/model/*.xml; do
  name=$(basename "$xml" .xml)
  mkdir "$CORPUS/$name"
  ln -s "$xml" "$CORPUS/$name/$name.xml"
  for sub in "$ROOT"/model/*/; do ln -s "$sub" "$CORPUS/$name/$(basename "$sub")"; done
done
python3 "$CONFORM" "$CORPUS" --candidate "$CAND" "$@"
