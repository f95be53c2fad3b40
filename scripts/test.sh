#!/bin/sh
# Everything the CI runs: install what is missing, build, run every test
# (unit tests and the lit suite) with ctest.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
ctest --test-dir build --output-on-failure
