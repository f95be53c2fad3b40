#!/bin/sh
# Installs what building and testing gpumem-tidy needs on Debian 12
# (bookworm), whose bookworm-security suite carries the LLVM/Clang 22
# packages. Idempotent: when every package is already installed it exits
# at once, without touching apt.
#
#   scripts/install-deps.sh                     # the build and test tools
#   scripts/install-deps.sh chromium pre-commit # ... plus extra packages
#
# Run as root, or as a user who may sudo (sudo is used only when not root).
set -eu

# python3-clang-22: libclang's Python bindings, which test/layering measures
# the shape of the code with.
# libgrpc++-dev and libprotobuf-dev: Debian's clangd libraries (linked into
# gpumem-clangd) are built with clangd's remote index, which needs them.
# clang-format-22: the lines a change writes are formatted
# (scripts/check-format.sh).
BASE_PACKAGES="cmake ninja-build g++ python3 libgtest-dev
clang-22 clang-tidy-22 libclang-22-dev llvm-22-dev llvm-22-tools python3-clang-22
libclang-rt-22-dev libgrpc++-dev libprotobuf-dev clang-format-22"

# Validate the extra names before they reach apt or a shell.
for pkg in "$@"; do
  case "$pkg" in
    *[!a-z0-9.+-]* | "" | -*)
      echo "install-deps: not a Debian package name: '$pkg'" >&2
      exit 2
      ;;
  esac
done

is_installed() {
  dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'
}

missing=""
for pkg in $BASE_PACKAGES "$@"; do
  if ! is_installed "$pkg"; then
    missing="$missing $pkg"
  fi
done

if [ -z "$missing" ]; then
  echo "install-deps: all packages are installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null 2>&1; then
  as_root="sudo"
else
  echo "install-deps: missing:$missing; run as root (no sudo here)" >&2
  exit 1
fi

echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update
# shellcheck disable=SC2086 # $missing is a list of validated names
$as_root env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends $missing
