#!/bin/sh
# The precompiled headers (issue 27) on a whole project: per file, the
# instructions gpumem-tidy runs (valgrind --tool=callgrind) with the cache
# off, on the file's first run with the cache (the toolkit's PCH there, the
# file's preamble built) and on a run again, and the wall time of one run
# over all the files, the median of 3, each way (cold: an empty cache
# before each of the 3). docs/performance.md reports it.
#
#   bench/pch/measure.sh GPUMEM_TIDY DIR N [-- EXTRA_ARGS...]
#
# DIR's first N .cu files (sorted) that gpumem-tidy parses without a
# fatal error are measured, with the extra flags given as --extra-arg
# (an include folder the project's headers need). The files are not part
# of this repository: fetch the project (docs/performance.md names it).
set -eu
tidy=${1:?usage: measure.sh GPUMEM_TIDY DIR N [-- FLAGS...]}
dir=${2:?usage: measure.sh GPUMEM_TIDY DIR N [-- FLAGS...]}
n=${3:?usage: measure.sh GPUMEM_TIDY DIR N [-- FLAGS...]}
shift 3
extra=""
if [ "${1:-}" = "--" ]; then
  shift
  for f in "$@"; do extra="$extra --extra-arg=$f"; done
fi
command -v valgrind >/dev/null || { echo "measure.sh: needs valgrind" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache=$work/cache

# The files that parse (a missing header is fine: gpumem-tidy goes on).
find "$dir" -name '*.cu' | sort | while read -r f; do
  if GPUMEM_PCH_CACHE=off "$tidy" $extra "$f" >/dev/null 2>&1; then
    echo "$f"
  fi
done | head -n "$n" > "$work/files"
count=$(wc -l < "$work/files")

instructions() { # CACHE FILE
  GPUMEM_PCH_CACHE=$1 valgrind --tool=callgrind \
    --callgrind-out-file="$work/cg.$$" "$tidy" $extra "$2" >/dev/null 2>&1 || true
  sed -n 's/^summary: //p' "$work/cg.$$"
  rm -f "$work/cg.$$"
}

# The first file with an empty cache pays for building the toolkit's PCH.
first=$(head -n 1 "$work/files")
build=$(instructions "$cache" "$first")
rm -rf "$cache/preambles"
# Per file: no cache; the first run with the toolkit's PCH there, which
# builds the file's preamble; a run again, with both there.
echo "| file | no cache | first run | again | ratio (again) |"
echo "|---|---|---|---|---|"
while read -r f; do
  off=$(instructions off "$f")
  first=$(instructions "$cache" "$f")
  again=$(instructions "$cache" "$f")
  echo "$f $off $first $again"
done < "$work/files" | awk -v build="$build" -v count="$count" '
  { name = $1; sub(".*/", "", name)
    printf "| %s | %.0f M | %.0f M | %.0f M | %.2fx |\n", name, $2 / 1e6, $3 / 1e6, $4 / 1e6, $2 / $4
    off += $2; first += $3; again += $4; r = $2 / $4; f = $2 / $3
    if (worst == 0 || r < worst) worst = r
    if (worstfirst == 0 || f < worstfirst) worstfirst = f }
  END {
    printf "| **%d files** | %.0f M | %.0f M | %.0f M | %.2fx |\n", count, off / 1e6, first / 1e6, again / 1e6, off / again
    printf "\nper file: %.0f M without the cache, %.0f M on its first run with it, %.0f M again; the least gain %.2fx again, %.2fx on a first run\n", off / count / 1e6, first / count / 1e6, again / count / 1e6, worst, worstfirst
    printf "building the toolkit PCH (the first file, empty cache): %.0f M\n", build / 1e6 }'

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
wall() { # CACHE [cold]
  for i in 1 2 3; do
    [ "${2:-}" = cold ] && rm -rf "$1"
    start=$(date +%s.%N)
    GPUMEM_PCH_CACHE=$1 "$tidy" $extra $(cat "$work/files") >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
  done | median
}
echo
echo "whole run over the $count files, median of 3: $(wall off) s without the cache, $(wall "$work/cold" cold) s with an empty one, $(wall "$cache") s with a full one"
