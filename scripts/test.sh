#!/bin/sh
# Everything the CI runs: install what is missing, build, run every test
# (unit tests and the lit suite) with ctest; then again in a second build
# with the sanitizers.
set -eu
cd "$(dirname "$0")/.."
# pre-commit and chromium run the integration tests of test/integrations
# (they are skipped where absent); python3-yaml is what tools/ reads
# clang-tidy's --export-fixes files with.
scripts/install-deps.sh pre-commit chromium python3-yaml
# libtorch-dev, pybind11-dev and libpython3-dev are the headers a torch
# extension is built with (test/torch, run where the CUDA toolkit is there
# too): about 150 MB from Debian; where they cannot be had, those tests
# are skipped, not the suite.
scripts/install-deps.sh libtorch-dev pybind11-dev libpython3-dev ||
  echo "test.sh: torch's headers not installed; test/torch is skipped" >&2
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
ctest --test-dir build --output-on-failure -j "$(nproc)"

# The same suite built with AddressSanitizer and UBSan (any report fails the
# test that triggers it), plus the libFuzzer targets, each run once over its
# seed corpus. lit preloads the ASan runtime into clang-tidy-22 for the
# --load module. GPUMEM_SKIP_SANITIZE=1 leaves this configuration out.
if [ "${GPUMEM_SKIP_SANITIZE:-0}" != 1 ]; then
  cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DGPUMEM_SANITIZE=ON -DGPUMEM_FUZZ=ON
  cmake --build build-sanitize
  ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)"
fi
