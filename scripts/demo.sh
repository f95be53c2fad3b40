#!/bin/sh
# The main job: install what is missing, build, and run the gpumem checks on
# the bundled examples (one .cu per scenario cell of SPEC section 2).
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target gpumem-tidy GpumemTidyModule
for example in examples/*.cu; do
  echo "== $example"
  # The standalone picks CUDA flags itself (real toolkit or bundled shim).
  build/bin/gpumem-tidy --quiet "$example" 2>/dev/null || true
done
