#!/bin/sh
# The main job: install what is missing, build, and run the gpumem checks on
# the bundled examples (one .cu per scenario cell of SPEC section 2).
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
# gpumem-tidy, the --load module and, where clangd's libraries are
# installed (they are with install-deps.sh), gpumem-clangd: the README's
# ways of running it.
targets="gpumem-tidy GpumemTidyModule"
if cmake --build build --target help 2>/dev/null | grep -q '^gpumem-clangd:'; then
  targets="$targets gpumem-clangd"
fi
# shellcheck disable=SC2086 # a list of target names
cmake --build build --target $targets
for example in examples/*.cu; do
  echo "== $example"
  # The standalone picks CUDA flags itself (real toolkit or bundled shim).
  build/bin/gpumem-tidy --quiet "$example" 2>/dev/null || true
done
