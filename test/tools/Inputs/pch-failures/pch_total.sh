#!/bin/sh
# pch_total.sh CACHE LIMIT: fails when the PCHs of CACHE (the toolkit's
# and the preambles) take more than LIMIT bytes; prints their count.
cache=$1 limit=$2
total=0
n=0
for f in "$cache"/*.pch "$cache"/preambles/*.pch; do
  [ -e "$f" ] || continue
  total=$((total + $(wc -c < "$f")))
  n=$((n + 1))
done
echo "$n PCHs"
[ "$total" -le "$limit" ] || { echo "$total bytes > $limit"; exit 1; }
