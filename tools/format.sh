#!/usr/bin/env bash
# Formats the C/C++ sources of src/, include/, test/, sample/, plugin/ and tools/ with .clang-format.
#   tools/format.sh          rewrite the files in place
#   tools/format.sh --check  change nothing; fail and name the files clang-format would change
# Needs clang-format 16 or later (InsertBraces): `sudo apt-get install clang-format-16`.
# --check also enforces one form of internal linkage in the C++ sources: a file-local function or
# variable goes in an anonymous namespace, never behind a file-level `static` (a header's small
# kernels are `inline`); `static` inside functions and classes is fine. Formatted code does not
# indent namespace bodies, so a file-level `static` is one that starts a line.
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=${CLANG_FORMAT:-}
if [ -z "$fmt" ]; then
  for c in clang-format-16 clang-format-19 clang-format; do
    if command -v "$c" >/dev/null; then fmt=$c; break; fi
  done
fi
[ -n "$fmt" ] || { echo "format.sh: clang-format not found (apt-get install clang-format-16)"; exit 2; }
mapfile -t files < <(git ls-files 'src/*.cc' 'src/*.h' 'src/*.c' 'include/*.h' 'test/*.cc' \
  'test/*.h' 'test/*.c' 'sample/*.cc' 'sample/*.h' 'plugin/*.cc' 'plugin/*.h' 'tools/*.cc' \
  'tools/*.h' | grep -v '^test/data/')
if [ "${1:-}" = "--check" ]; then
  bad=()
  for f in "${files[@]}"; do
    "$fmt" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
  done
  if [ ${#bad[@]} -gt 0 ]; then
    echo "format.sh: these files are not formatted (run tools/format.sh):"
    printf '  %s\n' "${bad[@]}"
    exit 1
  fi
  cxx=()
  for f in "${files[@]}"; do [[ "$f" == *.c ]] || cxx+=("$f"); done
  if grep -nE '^((inline|constexpr|const|thread_local|\[\[[a-z_]+\]\]) +)*static[[:space:]]' \
    "${cxx[@]}"; then
    echo "format.sh: file-level static above: put it in an anonymous namespace (a header: inline)"
    exit 1
  fi
  echo "format.sh: ${#files[@]} files formatted, internal linkage by anonymous namespace"
else
  "$fmt" -i "${files[@]}"
fi
