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
#   %clang_tidy_unloaded  the same clang-tidy without --load (for a module
#                       installed elsewhere)
#   %gpumem_module      the --load module (GpumemTidyModule.so)
#   %gpumem_tidy        the standalone gpumem-tidy (REQUIRES: standalone)
#   %gpumem_clangd      clangd with the gpumem module (REQUIRES: clangd)
#   %gpumem_build_dir   the CMake build folder the suite was configured in
#   %cmake              the cmake that configured it
#   %fake_cuda          test/Inputs/fake-cuda-toolkit
#   %nvcc               /usr/local/cuda/bin/nvcc (REQUIRES: nvcc)
#   %cuda_flags         the hermetic compiler flags (put them after `--`);
#                       device side, append --cuda-host-only for the host
#   %cuda_toolkit_flags the flags for the real toolkit in /usr/local/cuda
#                       (REQUIRES: cuda-toolkit)
#   %cutlass_include    $GPUMEM_CUTLASS_DIR/include (REQUIRES: cutlass)
#   %clang              clang 22
#   %shim_dir           include/gpumem_cuda_shim
#   %python             the Python that runs lit
#   %timeout_fast       `timeout` with 10 s (60 s in a sanitized build)
#   %timeout_slow       `timeout` with 300 s (1800 s in a sanitized build)
# FileCheck, not, count and split-file come from LLVM 22's bin folder (PATH).
#
# Features: cuda-toolkit, standalone, clangd, nvcc (an nvcc in
# /usr/local/cuda and make, for a CMake CUDA project), chromium, pre-commit,
# clang-format, sanitized.

import glob
import os
import shlex
import shutil
import subprocess
import sys

import lit.formats

config.name = "gpumem"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cuh", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gpumem_obj_root, "test")
config.excludes = ["Inputs", "unit", "corpus", "CMakeLists.txt"]

src = config.gpumem_src_root
llvm_bin = config.llvm_bin
shim_dir = os.path.join(src, "include", "gpumem_cuda_shim")
fake_cuda = os.path.join(src, "test", "Inputs", "fake-cuda-toolkit")
python = sys.executable
clang_tidy = os.path.join(llvm_bin, "clang-tidy")
module = config.gpumem_module

# A sanitized build (-DGPUMEM_SANITIZE=ON): the module has ASan and UBSan,
# clang-tidy-22 has not, so clang-tidy runs through a wrapper that preloads
# the ASan runtime (it carries UBSan's handlers too). Only clang-tidy: the
# standalone binaries link the runtime themselves. Time limits stretch.
sanitized = getattr(config, "gpumem_sanitize", "OFF").upper() in (
    "ON", "1", "TRUE", "YES")
time_scale = 1
if sanitized:
    import subprocess
    asan_runtime = subprocess.check_output(
        [os.path.join(llvm_bin, "clang"),
         "-print-file-name=libclang_rt.asan-x86_64.so"], text=True).strip()
    wrapper = os.path.join(config.test_exec_root, "clang-tidy-asan")
    os.makedirs(config.test_exec_root, exist_ok=True)
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\n"
                "# Written by test/lit.cfg.py: clang-tidy-22 with the ASan "
                "runtime for the\n# sanitized --load module.\n"
                "LD_PRELOAD=%s${LD_PRELOAD:+:$LD_PRELOAD}\n"
                "ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}\n"
                "UBSAN_OPTIONS=print_stacktrace=1${UBSAN_OPTIONS:+:"
                "$UBSAN_OPTIONS}\n"
                "export LD_PRELOAD ASAN_OPTIONS UBSAN_OPTIONS\n"
                "exec %s \"$@\"\n" % (shlex.quote(asan_runtime),
                                       shlex.quote(clang_tidy)))
    os.chmod(wrapper, 0o755)
    clang_tidy = wrapper
    config.available_features.add("sanitized")
    time_scale = 6
    # The standalone binaries link Clang's static libraries, not built with
    # ASan, next to our instrumented objects; both hold inline copies of
    # llvm::BumpPtrAllocator, whose instrumented copy poisons fresh slabs
    # that the other never unpoisons: false use-after-poison reports (seen
    # in gpumem-clangd). No gpumem code poisons memory by hand, so turn
    # manual poisoning off everywhere.
    config.environment["ASAN_OPTIONS"] = "allow_user_poisoning=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"
standalone = config.gpumem_standalone
clangd = getattr(config, "gpumem_clangd", "")

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Diagnostics in plain text, whatever the terminal.
config.environment["TERM"] = "dumb"
# gpumem-tidy's precompiled toolkit headers in the build tree, not the
# user's cache: the suite runs with them, as users do (a test that wants
# them off or elsewhere sets GPUMEM_PCH_CACHE itself).
config.environment["GPUMEM_PCH_CACHE"] = os.path.join(
    config.test_exec_root, "pch-cache")
# And the caches gpumem-clangd (and clangd) keep, there too.
config.environment["XDG_CACHE_HOME"] = os.path.join(
    config.test_exec_root, "xdg-cache")


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
# Before %clang_tidy, of which it is a longer name.
config.substitutions.append(("%clang_tidy_unloaded", q(clang_tidy)))
config.substitutions.append(("%clang_tidy", q(clang_tidy, "--load=" + module)))
config.substitutions.append(("%gpumem_module", q(module)))
config.substitutions.append(
    ("%gpumem_tidy", q(standalone) if standalone else "gpumem-tidy-not-built"))
config.substitutions.append(
    ("%gpumem_clangd", q(clangd) if clangd else "gpumem-clangd-not-built"))
config.substitutions.append(("%gpumem_build_dir", q(config.gpumem_obj_root)))
config.substitutions.append(("%cmake", q(getattr(config, "cmake", "cmake"))))
config.substitutions.append(("%fake_cuda", q(fake_cuda)))
config.substitutions.append(("%cuda_toolkit_flags", cuda_toolkit_flags))
config.substitutions.append(("%cuda_flags", cuda_flags))
config.substitutions.append(("%clang", q(os.path.join(llvm_bin, "clang"))))
config.substitutions.append(("%shim_dir", q(shim_dir)))
config.substitutions.append(("%python", q(python)))
# Wall-clock limits for tests that prove a run ends (test/robustness):
# fast for generated pathological inputs and bad input, slow for the CCCL
# translation units; longer in a sanitized build.
config.substitutions.append(
    ("%timeout_fast", "timeout -k 5 %d" % (10 * time_scale)))
config.substitutions.append(
    ("%timeout_slow", "timeout -k 5 %d" % (300 * time_scale)))

if os.path.exists(os.path.join(real_cuda, "include", "cuda_runtime.h")):
    config.available_features.add("cuda-toolkit")
# A torch extension as its users build it: torch's C++ headers (Debian's
# libtorch-dev), the Python and pybind11 headers torch/extension.h
# includes, and the toolkit (thrust), with the include folders and macros
# torch's build gives nvcc.
torch_api = "/usr/include/torch/csrc/api/include"
python_headers = sorted(glob.glob("/usr/include/python3*/Python.h"))
if (os.path.exists(os.path.join(torch_api, "torch", "all.h")) and
        python_headers and
        os.path.exists("/usr/include/pybind11/pybind11.h") and
        os.path.exists(os.path.join(real_cuda, "include", "cuda_runtime.h"))):
    config.available_features.add("torch")
    config.substitutions.append(("%torch_flags", q(
        "-I", torch_api, "-I", os.path.dirname(python_headers[-1]),
        "-DTORCH_EXTENSION_NAME=gpumem_test_ext", "-DTORCH_API_INCLUDE_EXTENSION_H",
        "-D__CUDA_NO_HALF_OPERATORS__", "-D__CUDA_NO_HALF_CONVERSIONS__",
        "-D__CUDA_NO_BFLOAT16_CONVERSIONS__", "-D__CUDA_NO_HALF2_OPERATORS__")))
# CuTe itself (a CUTLASS checkout's include folder), where
# GPUMEM_CUTLASS_DIR names one: the CuTe tests run against the real headers
# as well as against the stand-in.
cutlass = os.environ.get("GPUMEM_CUTLASS_DIR", "")
if cutlass and os.path.exists(
        os.path.join(cutlass, "include", "cute", "tensor.hpp")):
    config.available_features.add("cutlass")
    config.substitutions.append(
        ("%cutlass_include", q(os.path.join(cutlass, "include"))))
if standalone:
    config.available_features.add("standalone")
if clangd:
    config.available_features.add("clangd")
# test/tools configures a small CUDA project with nvcc (Unix Makefiles:
# that generator puts the include paths in an nvcc --options-file).
real_nvcc = os.path.join(real_cuda, "bin", "nvcc")
if os.access(real_nvcc, os.X_OK) and shutil.which("make"):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", q(real_nvcc)))
if shutil.which("chromium") or shutil.which("chromium-browser"):
    config.available_features.add("chromium")
# A git checkout with the branch main (the pre-commit recipe names it);
# CI's clone may have none.
if os.path.isdir(os.path.join(src, ".git")) and shutil.which("git"):
    config.available_features.add("git-checkout")
    for ref in ("refs/heads/main", "refs/remotes/origin/main"):
        if subprocess.run(["git", "-C", src, "rev-parse", "--verify", "-q",
                           ref], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL,
                          check=False).returncode == 0:
            config.available_features.add("git-main")
            break
# Debian's default clangd (14), for the translated database's stock-clangd
# claim.
if shutil.which("clangd-14"):
    config.available_features.add("clangd-14")
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
# clang-format 22 and its git front end: scripts/check-format.sh.
if shutil.which("clang-format-22") and shutil.which("git-clang-format-22"):
    config.available_features.add("clang-format")
# libclang's Python bindings (Debian's python3-clang-22), which
# test/layering/check_shape.py measures the code's shape with.
try:
    import clang.cindex  # noqa: F401
    config.available_features.add("python-clang")
except ImportError:
    if os.path.exists("/usr/lib/python3/dist-packages/clang/cindex.py"):
        config.available_features.add("python-clang")
