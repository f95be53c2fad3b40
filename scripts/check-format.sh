#!/bin/sh
# Fails when a line of C++ written since BASE is not formatted as
# .clang-format says (LLVM style); lines nobody touched since are left as
# they are, so the check holds every change without a reformatting commit.
#
#   scripts/check-format.sh [BASE]
#
# BASE defaults to the commit that added .clang-format: every line written
# after it is held to it. Prints the formatting the changed lines need
# (git clang-format's diff) and exits 1; exits 0 when there is none, and
# says "skipped" (exit 0) where there is no git history or no clang-format
# 22 to ask. Test inputs (test/**/Inputs) are left as their tests need them.
set -eu
cd "$(dirname "$0")/.."
formatter=$(command -v clang-format-22 || true)
git_formatter=$(command -v git-clang-format-22 || true)
if [ -z "$formatter" ] || [ -z "$git_formatter" ]; then
  echo "check-format: clang-format-22 not installed; skipped" >&2
  exit 0
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "check-format: not a git checkout; skipped" >&2
  exit 0
fi
base=${1:-$(git log --diff-filter=A --format=%H -- .clang-format | tail -n 1)}
if [ -z "$base" ] || ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  echo "check-format: no base commit in this history; skipped" >&2
  exit 0
fi
# The changed lines of the C++ files between BASE and the work tree.
out=$("$git_formatter" --binary "$formatter" --diff --extensions=h,cpp \
  "$base" -- . ':(exclude)test/**/Inputs/**' 2>&1) || true
case "$out" in
"" | "no modified files to format" | *"did not modify any files"*)
  echo "check-format: every C++ line changed since ${base%"${base#???????}"} is formatted"
  exit 0
  ;;
esac
printf '%s\n' "$out"
echo "check-format: lines changed since ${base%"${base#???????}"} need" \
  "formatting (the diff above; git clang-format-22 $base applies it)" >&2
exit 1
