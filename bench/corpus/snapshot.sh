#!/bin/sh
# Every line gpumem-tidy prints over a corpus of CUDA files: the access
# dump, the kernel-work dump and every gpumem-* finding with its notes, one
# sorted file, so that two builds compare line for line (a change that
# should preserve behaviour: `diff before.txt after.txt` is empty).
#
#   bench/corpus/snapshot.sh build/bin/gpumem-tidy OUT.txt DIR ...
#
# Each .cu file under each DIR is run as a new user runs it (`gpumem-tidy
# FILE`, zero-config), two at a time; GPUMEM_SNAPSHOT_FLAGS, when set, are
# given after `--` (the include folders of a torch extension:
# `-I/usr/include/torch/csrc/api/include -I/usr/include/python3.11`). Paths are printed relative to the
# DIR's parent, so snapshots taken from different clones compare. Corpora
# are not part of this repository: fetch them (docs/analysis-history.md names the
# ones measured).
set -eu
tidy=${1:?usage: snapshot.sh GPUMEM_TIDY OUT.txt DIR ...}
out=${2:?usage: snapshot.sh GPUMEM_TIDY OUT.txt DIR ...}
shift 2
[ $# -gt 0 ] || { echo "snapshot.sh: no DIR" >&2; exit 2; }
tidy=$(cd "$(dirname "$tidy")" && pwd)/$(basename "$tidy")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checks='-*,gpumem-*,debug-gpumem-access-dump,debug-gpumem-kernel-work'
for dir in "$@"; do
  parent=$(cd "$dir/.." && pwd)
  name=$(basename "$dir")
  (cd "$parent" && find "$name" -name '*.cu' | sort) | while read -r f; do
    printf '%s\n' "$parent/$f"
  done
done > "$work/files"
# One output file per input, then strip the absolute prefix of each path.
# shellcheck disable=SC2016 # $0 and $1 belong to the inner shell
# shellcheck disable=SC2086 # $5 is a list of flags
xargs -P 2 -I{} sh -c '
  f=$1; o=$2/$(printf %s "$f" | tr / _).out
  timeout 600 "$3" --checks="$4" "$f" ${5:+-- $5} >"$o" 2>&1 ||
    echo "exit $?: $f" >>"$o"
' sh {} "$work" "$tidy" "$checks" "${GPUMEM_SNAPSHOT_FLAGS:-}" < "$work/files"
for dir in "$@"; do
  printf 's|%s/||g\n' "$(cd "$dir/.." && pwd)"
done > "$work/strip.sed"
cat "$work"/*.out | grep -E ': (warning|note|remark|error): |^exit ' |
  sed -f "$work/strip.sed" | LC_ALL=C sort > "$out"
wc -l < "$out"
