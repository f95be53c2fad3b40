#!/usr/bin/env python3
"""Runs Debian's pre-commit against the gpumem-tidy hook of this checkout.

    precommit_try_repo.py SOURCE_ROOT SCRATCH_DIR GPUMEM_TIDY

`pre-commit try-repo` clones the hook repository at a commit; the checkout
under test may have uncommitted changes (then try-repo snapshots the work
tree with a warning, and CI's clean clone would not), so the hook's own
files (.pre-commit-hooks.yaml and tools/gpumem-tidy-hook) are copied into
a scratch git repository and committed there. A second scratch repository,
the user's, holds a clean kernel, a kernel with a bank conflict, a header
with one, and a C++ file that the hook must not see. Each scenario prints
one line for FileCheck with the exit status and what pre-commit said.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

CLEAN = """\
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}
"""

CONFLICTED = """\
__global__ void transpose(const float *in, float *out, int width) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * width + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * width + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(const float *in, float *out, int width) {
  transpose<<<1, dim3(32, 32)>>>(in, out, width);
}
"""

HEADER = """\
#pragma once
__global__ void strided(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 32];
}

inline void launchStrided(const float *in, float *out) {
  strided<<<1, 32>>>(in, out);
}
"""

NOT_CUDA = "int main() { return 0; }\n"

BROKEN = "__global__ void k(float *p) { p[threadIdx.x] = undeclared; }\n"


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.name=gpumem test",
                    "-c", "user.email=test@gpumem.invalid",
                    "-c", "init.defaultBranch=main",
                    "-c", "commit.gpgsign=false", *args],
                   cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def main(source_root, scratch, tool):
    if shutil.which("pre-commit") is None:
        print("SKIP: pre-commit is not installed "
              "(apt-get install pre-commit)")
        return 0
    source_root, scratch = Path(source_root), Path(scratch)
    hook_repo, user_repo = scratch / "hook-repo", scratch / "user-repo"
    (hook_repo / "tools").mkdir(parents=True)
    shutil.copy2(source_root / ".pre-commit-hooks.yaml", hook_repo)
    shutil.copy2(source_root / "tools" / "gpumem-tidy-hook",
                 hook_repo / "tools")
    git(hook_repo, "init", "-q")
    git(hook_repo, "add", "-A")
    git(hook_repo, "commit", "-q", "-m", "gpumem-tidy hook")

    user_repo.mkdir()
    for name, text in (("clean.cu", CLEAN), ("conflicted.cu", CONFLICTED),
                       ("strided.cuh", HEADER), ("main.cpp", NOT_CUDA),
                       ("broken.cu", BROKEN)):
        (user_repo / name).write_text(text)
    git(user_repo, "init", "-q")
    git(user_repo, "add", "-A")

    env = dict(os.environ)
    env.update({"PRE_COMMIT_HOME": str(scratch / "cache"),
                "GPUMEM_TIDY": tool,
                # The bundled shim, whatever toolkit the machine has.
                "GPUMEM_NO_CUDA_TOOLKIT": "1",
                "PRE_COMMIT_COLOR": "never", "NO_COLOR": "1"})
    env.pop("GPUMEM_TIDY_FAIL_ON", None)

    def try_repo(label, files, extra_env=None, verbose=False):
        run_env = dict(env, **(extra_env or {}))
        command = ["pre-commit", "try-repo", str(hook_repo), "gpumem-tidy",
                   "--color", "never", "--files", *files]
        if verbose:
            command.insert(4, "--verbose")
        proc = subprocess.run(command, cwd=user_repo, env=run_env,
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        status = next((line.split(".")[-1] for line in
                       proc.stdout.splitlines()
                       if line.startswith("gpumem-tidy.")), "?")
        print("SCENARIO %s: exit %d, %s" % (label, proc.returncode, status))
        for line in proc.stdout.splitlines():
            if ": warning:" in line or ": error:" in line or \
                    line.startswith("gpumem-tidy-hook:"):
                print("  " + line.replace(str(user_repo) + os.sep, ""))
        return proc.returncode

    try_repo("clean", ["clean.cu"])
    try_repo("conflicted", ["clean.cu", "conflicted.cu"])
    try_repo("header", ["strided.cuh"])
    try_repo("not-cuda", ["main.cpp"])
    try_repo("broken", ["broken.cu"])
    try_repo("fail-on-error", ["conflicted.cu"],
             {"GPUMEM_TIDY_FAIL_ON": "error"}, verbose=True)
    try_repo("missing-tool", ["conflicted.cu"],
             {"GPUMEM_TIDY": str(scratch / "no-such-gpumem-tidy")})
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
