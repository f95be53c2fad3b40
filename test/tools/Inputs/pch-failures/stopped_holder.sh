#!/bin/sh
# A run that holds a PCH's build lock and is stopped (SIGSTOP, ^Z, a
# debugger) while another run needs that PCH (pch-cache-failures.test):
#   stopped_holder.sh GPUMEM_TIDY CACHE INPUT OUT
# The toolkit PCH of INPUT's command is removed, its lock taken by a
# stopped process; the run must neither wait for it nor build the PCH
# (which a PCH chained on it may name), and must give the findings. OUT
# gets the run's output; exits non-zero if the run failed or took 60 s.
tidy=$1 cache=$2 input=$3 out=$4
pch=$(ls "$cache"/*.pch | head -n 1)
base=${pch%.pch}
rm -f "$base.pch" "$base.deps"
python3 - "$base.lock" <<'PY' &
import fcntl, os, signal, sys
f = open(sys.argv[1], "a+")
fcntl.lockf(f, fcntl.LOCK_EX)
os.kill(os.getpid(), signal.SIGSTOP)
PY
holder=$!
# Until the holder has the lock and is stopped.
i=0
while [ "$(ps -o stat= -p "$holder" | cut -c1)" != T ] && [ $i -lt 100 ]; do
  sleep 0.1
  i=$((i + 1))
done
status=0
GPUMEM_PCH_CACHE=$cache GPUMEM_NO_CUDA_TOOLKIT=1 timeout 60 "$tidy" \
  --show-compile-command "$input" > "$out" 2> "$out.err" || status=1
kill -KILL "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
[ -e "$base.pch" ] && { echo "the PCH was built under a held lock"; status=1; }
exit $status
