#!/bin/sh
# The Python tools on a large generated run (issue 28: the SARIF converter
# took 368 s and 2.4 GB on a 74 MB log; the HTML report for 10,000 kernels
# took 111 s and wrote 194 MB). Generates K kernels, each with one
# uncoalesced load, runs gpumem-tidy once with --export-fixes, and prints,
# per K, the size of that log, the converter's wall time and peak memory
# and the SARIF's size, and the report's wall time (it runs gpumem-tidy
# twice itself: the findings and the access dump), peak memory and size.
#
#   bench/robustness/python-tools-scale.sh build/bin/gpumem-tidy [K ...]
#
# Default K: 1000 5000 10000.
set -eu
tidy=${1:?usage: python-tools-scale.sh GPUMEM_TIDY [K ...]}
shift
[ $# -gt 0 ] || set -- 1000 5000 10000
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() { # OUT CMD...: wall seconds and peak KB of CMD into OUT
  out=$1
  shift
  /usr/bin/time -f '%e %M' -o "$out" "$@" > /dev/null 2>&1 || true
}
printf '%6s %9s %9s %9s %9s %9s %9s %9s\n' K log_MB sarif_s sarif_MB \
  sarif_MBout report_s report_MB report_MBout
for k in "$@"; do
  f=$work/kernels$k.cu
  python3 - "$k" "$f" <<'PY'
import sys
k, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    for i in range(k):
        out.write("__global__ void k%d(const float *in, float *out) {\n"
                  "  out[threadIdx.x] = in[threadIdx.x * %d];\n}\n"
                  % (i, 2 + i % 30))
PY
  "$tidy" --checks='-*,gpumem-*' --export-fixes="$work/fixes.yaml" "$f" \
    > /dev/null 2>&1 || true
  measure "$work/sarif.time" python3 "$here/tools/gpumem-sarif.py" \
    -o "$work/out.sarif" "$work/fixes.yaml"
  measure "$work/report.time" python3 "$here/tools/gpumem-report.py" \
    -o "$work/out.html" -- "$tidy" --checks='-*,gpumem-*' "$f"
  awk -v k="$k" -v logbytes="$(wc -c < "$work/fixes.yaml")" \
    -v sarif="$(wc -c < "$work/out.sarif")" \
    -v html="$(wc -c < "$work/out.html")" \
    -v st="$(cat "$work/sarif.time")" -v rt="$(cat "$work/report.time")" \
    'BEGIN { split(st, s, " "); split(rt, r, " ");
      printf "%6d %9.1f %9.1f %9.0f %9.1f %9.1f %9.0f %9.1f\n", k, logbytes / 1e6,
        s[1], s[2] / 1024, sarif / 1e6, r[1], r[2] / 1024, html / 1e6 }'
done
