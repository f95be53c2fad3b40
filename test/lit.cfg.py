# -*- Python -*-
# The gpumem lit suite: FileCheck tests on .cu files (test/lit/, test/checks/
# and any other folder here that holds .cu, .cuh or .test files). The unit
# tests (test/unit/, GoogleTest) and test inputs (Inputs/) are not lit tests.
#
# Substitutions:
#   %check_gpumem_tidy  test/check_gpumem_tidy.py with the tools configured:
#                       runs a check on %s through clang-tidy --load=<module>
#                       and, when built, the standalone gpumem-tidy
#   %clang_tidy         clang-tidy 22 with the gpumem module loaded
#   %gpumem_tidy        the standalone gpumem-tidy (REQUIRES: standalone)
#   %cuda_flags         the hermetic compiler flags (put them after `--`);
#                       device side, append --cuda-host-only for the host
#   %cuda_toolkit_flags the flags for the real toolkit in /usr/local/cuda
#                       (REQUIRES: cuda-toolkit)
#   %clang              clang 22
#   %shim_dir           include/gpumem_cuda_shim
#   %python             the Python that runs lit
# FileCheck, not, count and split-file come from LLVM 22's bin folder (PATH).
#
# Features: cuda-toolkit, standalone, chromium, pre-commit.

import os
import shlex
import shutil
import sys

import lit.formats

config.name = "gpumem"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gpumem_obj_root, "test")
config.excludes = ["Inputs", "unit", "CMakeLists.txt"]

src = config.gpumem_src_root
llvm_bin = config.llvm_bin
shim_dir = os.path.join(src, "include", "gpumem_cuda_shim")
fake_cuda = os.path.join(src, "test", "Inputs", "fake-cuda-toolkit")
python = sys.executable
clang_tidy = os.path.join(llvm_bin, "clang-tidy")
module = config.gpumem_module
standalone = config.gpumem_standalone

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Diagnostics in plain text, whatever the terminal.
config.environment["TERM"] = "dumb"


def q(*parts):
    return " ".join(shlex.quote(p) for p in parts)


# The hermetic flags, from the one definition in the harness.
sys.path.insert(0, os.path.dirname(__file__))
sys.dont_write_bytecode = True
from check_gpumem_tidy import hermetic_cuda_flags  # noqa: E402

cuda_flags = q(*hermetic_cuda_flags(shim_dir, fake_cuda))

real_cuda = "/usr/local/cuda"
cuda_toolkit_flags = q(
    "-x", "cuda", "--cuda-path=" + real_cuda, "--cuda-gpu-arch=sm_70",
    "-Wno-unknown-cuda-version", "-Xclang", "-target-sdk-version=12.9",
    "-std=c++17", "-isystem", os.path.join(real_cuda, "include", "cccl"))

check_gpumem_tidy = q(
    python, os.path.join(src, "test", "check_gpumem_tidy.py"),
    "-clang-tidy=" + clang_tidy,
    "-load=" + module,
    "-standalone=" + standalone,
    "-filecheck=" + os.path.join(llvm_bin, "FileCheck"),
    "-shim-dir=" + shim_dir,
    "-cuda-path=" + fake_cuda)

# Order matters: lit replaces in list order, and %clang is a prefix of
# %clang_tidy, so the longer names go first.
config.substitutions.append(("%check_gpumem_tidy", check_gpumem_tidy))
config.substitutions.append(("%clang_tidy", q(clang_tidy, "--load=" + module)))
config.substitutions.append(
    ("%gpumem_tidy", q(standalone) if standalone else "gpumem-tidy-not-built"))
config.substitutions.append(("%cuda_toolkit_flags", cuda_toolkit_flags))
config.substitutions.append(("%cuda_flags", cuda_flags))
config.substitutions.append(("%clang", q(os.path.join(llvm_bin, "clang"))))
config.substitutions.append(("%shim_dir", q(shim_dir)))
config.substitutions.append(("%python", q(python)))

if os.path.exists(os.path.join(real_cuda, "include", "cuda_runtime.h")):
    config.available_features.add("cuda-toolkit")
if standalone:
    config.available_features.add("standalone")
if shutil.which("chromium") or shutil.which("chromium-browser"):
    config.available_features.add("chromium")
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
