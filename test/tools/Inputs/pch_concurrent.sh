#!/bin/sh
# N runs of gpumem-tidy at once on one cache folder (pch-cache.test):
#   pch_concurrent.sh GPUMEM_TIDY CACHE INPUT OUTDIR N
# Each run's output goes to OUTDIR/par-I.txt; exits non-zero if a run did.
tidy=$1 cache=$2 input=$3 out=$4 n=$5
pids=""
i=1
while [ "$i" -le "$n" ]; do
  GPUMEM_PCH_CACHE=$cache GPUMEM_NO_CUDA_TOOLKIT=1 "$tidy" "$input" \
    > "$out/par-$i.txt" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
status=0
for pid in $pids; do
  wait "$pid" || status=1
done
exit $status
