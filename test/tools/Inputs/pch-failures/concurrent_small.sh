#!/bin/sh
# Runs on several files at once on one cache folder whose limit holds
# fewer preambles than they need (pch-cache-failures.test):
#   concurrent_small.sh GPUMEM_TIDY CACHE OUTDIR FILE...
# OUTDIR/I.txt gets the I-th file's findings; exits non-zero if a run did.
tidy=$1 cache=$2 out=$3
shift 3
pids=""
i=0
for f in "$@"; do
  i=$((i + 1))
  GPUMEM_PCH_CACHE=$cache GPUMEM_NO_CUDA_TOOLKIT=1 "$tidy" "$f" \
    > "$out/$i.txt" 2>&1 &
  pids="$pids $!"
done
status=0
for pid in $pids; do
  wait "$pid" || status=1
done
exit $status
