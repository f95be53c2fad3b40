#!/bin/sh
# The cost of an else-if chain of N branches, each stepping the index a
# loop reads (issue 28: 1,000 branches took 8 s, 6,000 took 134 s and
# 564 MB, where parsing takes under 2 s). Prints, per N, the instructions
# callgrind counts for the checks and for parsing alone, and the wall time
# and peak memory of the checks, so that growth with N can be read off.
#
#   bench/robustness/else-if-chain.sh build/bin/gpumem-tidy [N ...]
#
# Parsing alone is the run with only misc-unused-alias-decls, as in
# bench/tus/measure.sh. Default N: 250 500 1000 2000 4000. Instruction
# counts need valgrind; the
# largest N are slow under it (minutes), so it counts only N <= 2000.
set -eu
tidy=${1:?usage: else-if-chain.sh GPUMEM_TIDY [N ...]}
shift
[ $# -gt 0 ] || set -- 250 500 1000 2000 4000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%6s %14s %14s %8s %8s\n' N checks_Ir parse_Ir wall_s peak_MB
for n in "$@"; do
  f=$work/chain$n.cu
  {
    echo '__global__ void k(const float *in, float *out, int m, const int *sel) {'
    echo '  int i = threadIdx.x;'
    echo '  for (int j = 0; j < m; ++j) {'
    echo '    int c = sel[j];'
    b=0
    while [ $b -lt "$n" ]; do
      [ $b -eq 0 ] && e='' || e='else '
      echo "    ${e}if (c == $b) i = i + $((b % 7 + 1));"
      b=$((b + 1))
    done
    echo '    out[j] += in[i];'
    echo '  }'
    echo '}'
  } > "$f"
  ir() {
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$@" \
      > /dev/null 2>&1 || true
    callgrind_annotate "$work/cg" 2>/dev/null |
      awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
  }
  checks_ir=- parse_ir=-
  if [ "$n" -le 2000 ] && command -v valgrind > /dev/null; then
    checks_ir=$(ir "$tidy" --quiet "$f")
    parse_ir=$(ir "$tidy" --quiet --checks=-*,misc-unused-alias-decls "$f")
  fi
  /usr/bin/time -f '%e %M' -o "$work/time" "$tidy" --quiet "$f" > /dev/null 2>&1 || true
  read -r wall kb < "$work/time"
  printf '%6s %14s %14s %8s %8s\n' "$n" "$checks_ir" "$parse_ir" "$wall" $((kb / 1024))
done
