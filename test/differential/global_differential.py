#!/usr/bin/env python3
"""Randomized differential test of the global-memory checks.

Generates many small CUDA kernels into one .cu file, each with exactly one
global load of interest whose index is a random affine combination

    a*threadIdx.x + b*threadIdx.y + c*blockIdx.x*blockDim.x + d

over a random element type (float, double, char, short, int2, float4, or a
struct of 3..8 floats read through one field), a 2-D block shape given by a
launch site in the same file, and sometimes a guard on the thread index
(an `if`, or the bound of a loop whose variable starts at threadIdx.x and
makes one pass, the index reading that variable). The
index reaches the load directly, through an `int` variable, a `size_t` cast,
`__ldg(&...)` or a row pointer (`const T *row = in + uniform; row[lanes]`).
The store of the loaded value, out[linear thread id], is coalesced in every
shape and is expected to draw no warning.

The expected numbers come from somewhere else than the tool: the same index
and guard expressions, pasted textually into a host C++ program, are
compiled with clang++ (or g++) and evaluated for lanes 0..31 of warp 0 of
block 0 (tx = lane % X, ty = lane / X); the host compiler also supplies
sizeof/offsetof. Python then counts, by enumerating bytes, the distinct
128-byte blocks (transactions), 32-byte sectors and useful bytes.

The file is then run through

    clang-tidy --load=<module>
      --checks=-*,gpumem-uncoalesced-access,gpumem-aos-access,
               gpumem-misaligned-access

and every access must agree: where the brute force says transactions >
ideal (= ceil(useful / 128)), exactly one warning at the load's line with the
same transactions, efficiency (one decimal) and sectors, from the check that
SPEC section 3 gives the cause to (see expected_check); where it says
coalesced, no warning at all. A warning anywhere else (the store, another
line) is a disagreement too.

Every warp of the block is evaluated: the row index (b * threadIdx.y)
moves each warp's start by its own shift modulo 128 bytes, and the tool
prices every such shift (issue 24); the expected numbers are the worst warp
(any warp reaching the most transactions may be the one printed), each
warp with the lanes its own guard lets in. A misalignment that fewer than
half of the warps pay is expected to be silent (issue 39). The blockIdx
term is generated only with a coefficient that keeps its byte shift a
multiple of 128 for every block, and the brute force checks it: the counts
of blocks 0..3 must be identical (else the generator is wrong and the run
stops).

Usage (by hand; lit passes the tools explicitly):

    python3 test/differential/global_differential.py --seed 7 --count 2000 \\
        --module build/lib/GpumemTidyModule.so

Exit status: 0 when everything agrees (known issues listed in KNOWN_ISSUES
are printed, and do not fail), 1 on any other disagreement, 2 on a setup
error (a tool failed, the host program did not build, a generator bug).
"""

import argparse
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC_ROOT = os.path.dirname(os.path.dirname(HERE))
LLVM_BIN = "/usr/lib/llvm-22/bin"

WARP = 32
BLOCK_BYTES = 128
SECTOR_BYTES = 32
CHECKS = ("gpumem-uncoalesced-access", "gpumem-aos-access",
          "gpumem-misaligned-access")

LAUNCHES_PER_FUNCTION = 50

SHAPES = [(32, 1), (64, 1), (256, 1), (16, 16), (32, 8), (8, 8)]

# Element types: (name, kind). kind "scalar" converts to float, "vec" is a
# CUDA vector type loaded whole, "struct" is read through one field.
SCALARS = ["float", "double", "char", "short"]
VECTORS = {"int2": ("x", "y"), "float4": ("x", "y", "z", "w")}

# Known disagreements: a list of (id, description, predicate on the case).
# A disagreement whose case matches a predicate is printed as a known issue
# and does not fail the run; every entry here must name a reported tool
# bug. Keep this list short and explicit; never widen a predicate to hide a
# new kind of disagreement.
KNOWN_ISSUES = []


# --------------------------------------------------------------------------
# Generation
# --------------------------------------------------------------------------

class Case:
    """One generated kernel and its single global load of interest."""

    def __init__(self, index, rng):
        self.index = index
        self.name = "k%04d" % index
        self.shape = rng.choice(SHAPES)
        X, Y = self.shape

        kind = rng.random()
        if kind < 0.50:
            self.kind = "scalar"
            self.type = rng.choice(SCALARS)
            self.field = None
        elif kind < 0.75:
            self.kind = "vec"
            self.type = rng.choice(sorted(VECTORS))
            self.field = None
        else:
            self.kind = "struct"
            nfloats = rng.randint(3, 8)
            self.type = "Rec%d" % nfloats
            self.field = "f%d" % rng.randrange(nfloats)

        # Lane coefficients: biased towards the coalesced shapes (unit
        # stride, row-major rows, broadcast) so both outcomes are common.
        r = rng.random()
        if r < 0.50:
            self.a = 1
        elif r < 0.58:
            self.a = 0
        else:
            self.a = rng.randint(0, 40)
        if Y > 1:
            r = rng.random()
            if r < 0.45:
                self.b = X * self.a if self.a else X
            elif r < 0.55:
                self.b = 0
            else:
                self.b = rng.randint(0, 40)
        else:
            self.b = rng.choice([0, 0, 0, rng.randint(0, 40)])

        # The blockIdx term: its byte shift c * blockDim.x * sizeof(T) must
        # be a multiple of 128 for every block (the tool assumes the
        # warp-uniform base aligned); blockDim.x is 8 or 16 in some shapes,
        # so the coefficient is rounded up to the multiple that keeps it so.
        self.c_raw = rng.choice([0, 1, 1, 1, rng.randint(0, 40)])

        # How the index reaches the subscript: every form gives the same
        # address; only "index-var" is signed.
        self.form = rng.choice(["subscript", "subscript", "index-var",
                                "index-var", "size_t", "ldg", "row-pointer",
                                "reassigned", "pointer-bump"])
        self.signed_var = self.form in ("index-var", "reassigned")

        # Offset in elements: 0 often; sometimes a multiple that keeps the
        # first lane on a 128-byte boundary (set in finish()); otherwise
        # 0..64, and a few negative ones, only through the signed index
        # variable (an unsigned index would wrap, not go below the base).
        r = rng.random()
        self.d_aligned = None
        if r < 0.45:
            self.d = 0
        elif r < 0.60:
            self.d = 0
            self.d_aligned = rng.randint(1, 2)
        elif r < 0.92 or not self.signed_var:
            self.d = rng.randint(0, 64)
        else:
            self.d = -rng.randint(1, 64)

        r = rng.random()
        self.loop_bound = False
        if r < 0.65:
            self.guard = None
        elif r < 0.80:
            self.guard = "threadIdx.x < %d" % rng.randint(1, X)
            # Every other such guard is a loop's bound instead: the index
            # reads the loop's variable, which starts at the lane and runs
            # one pass (the bound is at most blockDim.x).
            self.loop_bound = self.index % 2 == 1
        elif r < 0.93:
            self.guard = "threadIdx.x % 2 == 0"
        else:
            self.guard = "threadIdx.y < %d" % rng.randint(1, max(1, Y))

        self.grid = rng.choice([1, 4, 64, 1024])
        self.launch_form = rng.choice(["dim3-temp", "dim3-var", "int"]
                                      if Y == 1 else ["dim3-temp", "dim3-var"])

    def finish(self, sizes):
        """Sets the blockIdx coefficient once sizeof(T) is known."""
        X, _ = self.shape
        elem = sizes[self.type]
        shift = X * elem
        step = BLOCK_BYTES // math.gcd(BLOCK_BYTES, shift)
        self.c = 0 if self.c_raw == 0 else step * math.ceil(self.c_raw / step)
        if self.d_aligned:
            self.d = self.d_aligned * (BLOCK_BYTES //
                                       math.gcd(BLOCK_BYTES, elem))

    def lane_expr(self):
        """The lane-varying terms (threadIdx), or "" when there are none."""
        terms = []
        if self.a:
            terms.append("threadIdx.x" if self.a == 1 else
                         "%d * threadIdx.x" % self.a)
        if self.b:
            terms.append("threadIdx.y" if self.b == 1 else
                         "%d * threadIdx.y" % self.b)
        return " + ".join(terms)

    def uniform_expr(self):
        """The warp-uniform terms (blockIdx, offset), or ""."""
        expr = ""
        if self.c:
            expr = ("blockIdx.x * blockDim.x" if self.c == 1 else
                    "%d * blockIdx.x * blockDim.x" % self.c)
        if self.d > 0:
            expr = (expr + " + " if expr else "") + str(self.d)
        elif self.d < 0:
            expr = (expr + " - " if expr else "-") + str(-self.d)
        return expr

    def index_expr(self):
        lane, uniform = self.lane_expr(), self.uniform_expr()
        if lane and uniform:
            return lane + (" - " + uniform[1:] if uniform.startswith("-")
                           else " + " + uniform)
        return lane or uniform or "0"

    def load_parts(self):
        """(kernel lines before the load, the load expression) for the
        access form, and the host C++ lines that set `long long index` to
        the element index the load reads."""
        T = self.type
        field = "." + self.field if self.kind == "struct" else ""
        full = self.index_expr()
        if self.form == "index-var":
            return (["int i = %s;" % full], "in[i]%s" % field,
                    "  int i = %s;\n  long long index = i;\n" % full)
        if self.form == "reassigned":
            # Written three times: only the last two writes reach the load.
            steps = ["int i = 7;", "i = %s;" % (self.lane_expr() or "0"),
                     "i += %s;" % (self.uniform_expr() or "0")]
            return (steps, "in[i]%s" % field,
                    "".join("  %s\n" % l for l in steps) +
                    "  long long index = i;\n")
        if self.form == "pointer-bump":
            # Moved by the uniform part after its declaration.
            return (["const %s *p = in;" % T,
                     "p += %s;" % (self.uniform_expr() or "0")],
                    "p[%s]%s" % (self.lane_expr() or "0", field),
                    "  long long index = (long long)(%s) + (long long)(%s);\n"
                    % (self.uniform_expr() or "0", self.lane_expr() or "0"))
        if self.form == "size_t":
            return ([], "in[(size_t)(%s)]%s" % (full, field),
                    "  long long index = (long long)(size_t)(%s);\n" % full)
        if self.form == "ldg":
            return ([], "__ldg(&in[%s]%s)" % (full, field),
                    "  long long index = (long long)(%s);\n" % full)
        if self.form == "row-pointer":
            uniform = self.uniform_expr() or "0"
            lane = self.lane_expr() or "0"
            return (["const %s *row = in + %s;" % (T, uniform)],
                    "row[%s]%s" % (lane, field),
                    "  long long index = (long long)(%s) + (long long)(%s);\n"
                    % (uniform, lane))
        return ([], "in[%s]%s" % (full, field),
                "  long long index = (long long)(%s);\n" % full)

    def load_expr(self):
        return self.load_parts()[1]

    # ----- the kernel ------------------------------------------------------

    def kernel_lines(self):
        """The kernel as lines, and the offset of the load's line in them."""
        T = self.type
        lines = ["__global__ void %s(const %s *__restrict__ in, float *out) {"
                 % (self.name, T),
                 "  unsigned o = blockIdx.x * (blockDim.x * blockDim.y) +",
                 "               threadIdx.y * blockDim.x + threadIdx.x;",
                 "  float v = 0.0f;"]
        prelude, load, _ = self.load_parts()
        ind = "  "
        if self.loop_bound:
            # for (lx = threadIdx.x; lx < N; ...): the host evaluates the
            # first pass, where lx is threadIdx.x and the bound a guard.
            def in_loop(text):
                return text.replace("threadIdx.x", "lx")
            lines.append("  for (unsigned lx = threadIdx.x; %s; "
                         "lx += blockDim.x) {" % in_loop(self.guard))
            ind = "    "
            lines += [ind + in_loop(l) for l in prelude]
            load = in_loop(load)
        else:
            lines += ["  " + l for l in prelude]
        if self.guard and not self.loop_bound:
            lines.append("  if (%s) {" % self.guard)
            ind = "    "
        if self.kind == "vec":
            lines.append("%s%s t = %s;" % (ind, T, load))
            load_at = len(lines) - 1
            comps = VECTORS[T]
            lines.append("%sv = (float)(%s);" %
                         (ind, " + ".join("t." + c for c in comps)))
        else:
            lines.append("%sv = (float)%s;" % (ind, load))
            load_at = len(lines) - 1
        if self.guard:
            lines.append("  }")
        lines.append("  out[o] = v;")
        lines.append("}")
        return lines, load_at

    def launch_lines(self):
        X, Y = self.shape
        T = self.type
        call = "(reinterpret_cast<const %s *>(in), out);" % T
        if self.launch_form == "int":
            return ["  %s<<<%d, %d>>>%s" % (self.name, self.grid, X, call)]
        if self.launch_form == "dim3-var":
            var = "b%s" % self.name
            return ["  dim3 %s(%d, %d);" % (var, X, Y),
                    "  %s<<<%d, %s>>>%s" % (self.name, self.grid, var, call)]
        return ["  %s<<<%d, dim3(%d, %d)>>>%s" % (self.name, self.grid, X, Y,
                                                  call)]

    # ----- the host evaluator ----------------------------------------------

    def host_function(self):
        """A host function printing, per lane, active flag and byte range."""
        T = self.type
        guard = self.guard or "true"
        if self.kind == "struct":
            width = "sizeof(((%s *)nullptr)->%s)" % (T, self.field)
            field_off = "offsetof(%s, %s)" % (T, self.field)
        else:
            width = "sizeof(%s)" % T
            field_off = "0"
        index_def = self.load_parts()[2]
        return (
            "static void %s(U3 threadIdx, U3 blockIdx, U3 blockDim) {\n"
            "  bool active = (%s);\n"
            "%s"
            "  long long addr = index * (long long)sizeof(%s) + "
            "(long long)%s;\n"
            "  std::printf(\"%%d %%lld %%lld\\n\", active ? 1 : 0, addr, "
            "(long long)%s);\n"
            "}\n" % (self.name, guard, index_def, T, field_off, width))


def struct_decls():
    out = []
    for n in range(3, 9):
        out.append("struct Rec%d { float %s; };" %
                   (n, ", ".join("f%d" % i for i in range(n))))
    return out


def host_sizes_program():
    lines = ["#include <cstdio>", HOST_TYPES] + struct_decls()
    lines.append("int main() {")
    for t in SCALARS + sorted(VECTORS) + ["Rec%d" % n for n in range(3, 9)]:
        lines.append('  std::printf("%s %%zu\\n", sizeof(%s));' % (t, t))
    lines.append("  return 0;\n}")
    return "\n".join(lines) + "\n"


# The host side of the CUDA vector types, with CUDA's sizes and alignments;
# threadIdx/blockIdx/blockDim are unsigned, as in CUDA.
HOST_TYPES = """\
#include <cstddef>
struct U3 { unsigned x, y, z; };
struct alignas(8) int2 { int x, y; };
struct alignas(16) float4 { float x, y, z, w; };
static_assert(sizeof(int2) == 8 && sizeof(float4) == 16, "");
"""


def cuda_file(cases):
    """The .cu source, and for each case the 1-based line of its load."""
    lines = ["// Generated by global_differential.py; one load per kernel.",
             "#include <cuda_runtime.h>", ""]
    lines += struct_decls()
    lines.append("")
    load_lines = {}
    spans = {}
    for case in cases:
        body, load_at = case.kernel_lines()
        start = len(lines) + 1
        load_lines[case.index] = start + load_at
        lines += body
        spans[case.index] = (start, len(lines))
        lines.append("")
    # The launches, LAUNCHES_PER_FUNCTION to a host function: the tool's
    # scan of a launch's function for writes to its dim3 variable is linear
    # in the function's size, so one function with every launch would make
    # the run quadratic in --count.
    for first in range(0, len(cases), LAUNCHES_PER_FUNCTION):
        lines.append("void launch_%d(const void *in, float *out) {"
                     % (first // LAUNCHES_PER_FUNCTION))
        for case in cases[first:first + LAUNCHES_PER_FUNCTION]:
            lines += case.launch_lines()
        lines.append("}")
    return "\n".join(lines) + "\n", load_lines, spans


def host_file(cases):
    parts = ["#include <cstdio>", HOST_TYPES]
    parts += struct_decls()
    parts.append("")
    for case in cases:
        parts.append(case.host_function())
    parts.append("typedef void (*Fn)(U3, U3, U3);")
    parts.append("struct Entry { Fn fn; unsigned x, y; };")
    parts.append("static const Entry Cases[] = {")
    for case in cases:
        parts.append("  {%s, %du, %du}," % ((case.name,) + case.shape))
    parts.append("};")
    parts.append("""\
int main() {
  for (const Entry &E : Cases)
    for (unsigned bx = 0; bx < NBLOCKS; ++bx)
      for (unsigned w = 0; w < E.x * E.y / 32; ++w)
        for (unsigned lane = 0; lane < 32; ++lane) {
          unsigned th = 32 * w + lane;
          U3 t = {th % E.x, th / E.x, 0};
          U3 b = {bx, 0, 0};
          U3 d = {E.x, E.y, 1};
          E.fn(t, b, d);
        }
  return 0;
}""".replace("NBLOCKS", str(BLOCKS)))
    return "\n".join(parts) + "\n"


# --------------------------------------------------------------------------
# Brute force
# --------------------------------------------------------------------------

def brute_force(lanes):
    """Counts over (active, addr, width) lanes by enumerating bytes."""
    touched = set()
    for active, addr, width in lanes:
        if active:
            touched.update(range(addr, addr + width))
    if not touched:
        return None
    blocks = {b // BLOCK_BYTES for b in touched}
    sectors = {b // SECTOR_BYTES for b in touched}
    useful = len(touched)
    transactions = len(blocks)
    ideal = -(-useful // BLOCK_BYTES)
    eff = useful / (transactions * BLOCK_BYTES)
    return {
        "transactions": transactions,
        "sectors": len(sectors),
        "useful": useful,
        "ideal": ideal,
        "efficiency": "%.1f" % (eff * 100.0),
        "active": sum(1 for a, _, _ in lanes if a),
        "low": min(touched),
        "high": max(touched),
    }


def worst_warp(warps):
    """(lanes, counts) of the warp with the most transactions, the
    (transactions, efficiency, sectors) of every warp that has as many, and
    the share of the priced warps that do."""
    best, ties, priced = None, [], 0
    for lanes in warps:
        counts = brute_force(lanes)
        if counts is None:
            continue
        priced += 1
        if best is None or counts["transactions"] > best[1]["transactions"]:
            best, ties = (lanes, counts), []
        if counts["transactions"] == best[1]["transactions"]:
            ties.append((counts["transactions"], counts["efficiency"],
                         counts["sectors"]))
    if best is None:
        return warps[0], None, [], 0.0
    return best[0], best[1], ties, len(ties) / priced


def lane_stride(lanes):
    """The one byte stride between active lanes, or None (as SPEC: 'the
    stride'); consecutive active lanes k apart must be k strides apart."""
    stride, prev = None, None
    for lane, (active, addr, _) in enumerate(lanes):
        if not active:
            continue
        if prev is not None:
            delta, gap = addr - prev[1], lane - prev[0]
            if delta % gap:
                return None
            if stride is not None and stride != delta // gap:
                return None
            stride = delta // gap
        prev = (lane, addr)
    return stride


def expected_check(case, lanes, exp, sizes):
    """Which check owns an uncoalesced access, by SPEC section 3.

    - gpumem-aos-access: the lanes step over whole records (the element is
      a struct read through a field and the lane stride is a nonzero
      multiple of the struct's size) and a structure of arrays would need
      fewer transactions (issue 28: no advice that gains nothing);
    - gpumem-misaligned-access: otherwise, when the same footprint moved
      down to the 128-byte boundary below its lowest byte is coalesced (the
      misalignment is the whole cause);
    - gpumem-uncoalesced-access: any other stride.
    """
    stride = lane_stride(lanes)
    if case.kind == "struct" and stride and stride % sizes[case.type] == 0:
        size = sizes[case.type]
        planar = brute_force([(a, addr // size * w, w)
                              for a, addr, w in lanes])
        if planar["transactions"] < exp["transactions"]:
            return "gpumem-aos-access"
    shift = exp["low"] % BLOCK_BYTES
    if shift:
        moved = brute_force([(a, addr - shift, w) for a, addr, w in lanes])
        if moved["transactions"] == moved["ideal"]:
            return "gpumem-misaligned-access"
    return "gpumem-uncoalesced-access"


BLOCKS = 4  # blocks evaluated per case: block 0 is priced, 1..3 must agree


# --------------------------------------------------------------------------
# Running the tools
# --------------------------------------------------------------------------

def run(cmd, what, **kw):
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, **kw)
    except OSError as e:
        sys.exit("differential: cannot run %s (%s): %s" % (what, cmd[0], e))


def pick_host_cxx(requested):
    for c in ([requested] if requested else
              [os.path.join(LLVM_BIN, "clang++"), "g++", "c++"]):
        path = shutil.which(c)
        if path:
            return path
    sys.exit("differential: no host C++ compiler found")


def compile_and_run(cxx, source, workdir, stem):
    src = os.path.join(workdir, stem + ".cpp")
    exe = os.path.join(workdir, stem)
    with open(src, "w") as f:
        f.write(source)
    r = run([cxx, "-std=c++17", "-O0", "-w", "-o", exe, src],
            "the host compiler")
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        print("differential: SETUP ERROR: the host program %s did not build"
              % src)
        sys.exit(2)
    r = run([exe], "the host program")
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        print("differential: SETUP ERROR: the host program %s failed" % exe)
        sys.exit(2)
    return r.stdout


WARNING_RE = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<sev>warning|error): "
    r"(?P<msg>.*?)(?: \[(?P<check>[\w.,-]+)\])?$")
NUMBERS_RE = re.compile(
    r"(?P<n>\d+) transactions per warp \((?P<e>[\d.]+)% efficiency\)")
SECTORS_RE = re.compile(r"(?P<s>\d+) sectors")


def parse_tidy(output, cu_name):
    diags = []
    for line in output.splitlines():
        m = WARNING_RE.match(line)
        if not m or os.path.basename(m.group("file")) != cu_name:
            continue
        d = {"line": int(m.group("line")), "col": int(m.group("col")),
             "severity": m.group("sev"), "message": m.group("msg"),
             "check": m.group("check") or "", "text": line}
        n = NUMBERS_RE.search(d["message"])
        s = SECTORS_RE.search(d["message"])
        d["transactions"] = int(n.group("n")) if n else None
        d["efficiency"] = n.group("e") if n else None
        d["sectors"] = int(s.group("s")) if s else None
        diags.append(d)
    return diags


def default_cuda_flags():
    sys.path.insert(0, os.path.join(SRC_ROOT, "test"))
    sys.dont_write_bytecode = True
    try:
        from check_gpumem_tidy import hermetic_cuda_flags
    except ImportError as e:
        print("differential: SETUP ERROR: cannot build the CUDA flags (%s); "
              "give them after --flags" % e)
        sys.exit(2)
    return hermetic_cuda_flags(
        os.path.join(SRC_ROOT, "include", "gpumem_cuda_shim"),
        os.path.join(SRC_ROOT, "test", "Inputs", "fake-cuda-toolkit"))


def split_argv(argv):
    """Takes `--tidy <cmd...>` and `--flags <flags...>` out of argv.

    lit's %clang_tidy and %cuda_flags expand to several words each, so they
    are given as the words after --tidy (up to --flags) and after --flags (to
    the end).
    """
    tidy, flags, rest = None, None, []
    i = 0
    while i < len(argv):
        if argv[i] == "--tidy":
            j = i + 1
            while j < len(argv) and argv[j] != "--flags":
                j += 1
            tidy = argv[i + 1:j]
            i = j
        elif argv[i] == "--flags":
            flags = argv[i + 1:]
            break
        else:
            rest.append(argv[i])
            i += 1
    return tidy, flags, rest


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------

def main(argv):
    tidy_cmd, cuda_flags, rest = split_argv(argv)
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Give the clang-tidy command after --tidy and the compiler "
               "flags after --flags (both last), or --module for the "
               "defaults.")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=500,
                   help="kernels to generate (default 500)")
    p.add_argument("--module", default=os.environ.get("GPUMEM_TIDY_MODULE"),
                   help="GpumemTidyModule.so, when --tidy is not given")
    p.add_argument("--clang-tidy",
                   default=os.environ.get("GPUMEM_CLANG_TIDY",
                                          os.path.join(LLVM_BIN,
                                                       "clang-tidy")))
    p.add_argument("--host-cxx", default=None,
                   help="host compiler (default: LLVM 22 clang++, else g++)")
    p.add_argument("--workdir", default=None,
                   help="where to write the generated files (kept)")
    p.add_argument("--verbose", action="store_true",
                   help="print every access, not only disagreements")
    args = p.parse_args(rest)

    if tidy_cmd is None:
        if not args.module:
            p.error("give --module (or GPUMEM_TIDY_MODULE) or --tidy <cmd>")
        tidy_cmd = [args.clang_tidy, "--load=" + os.path.abspath(args.module)]
    if cuda_flags is None:
        cuda_flags = default_cuda_flags()
    if args.count < 1:
        p.error("--count must be at least 1")

    started = time.time()
    if args.workdir:
        workdir = args.workdir
        os.makedirs(workdir, exist_ok=True)
    else:
        workdir = tempfile.mkdtemp(prefix="gpumem-differential-")
    cxx = pick_host_cxx(args.host_cxx)

    # sizeof of every element type, from the host compiler.
    sizes = {}
    out = compile_and_run(cxx, host_sizes_program(), workdir, "sizes")
    for line in out.splitlines():
        name, size = line.split()
        sizes[name] = int(size)

    rng = random.Random(args.seed)
    cases = [Case(i, rng) for i in range(args.count)]
    for case in cases:
        case.finish(sizes)

    cu_source, load_lines, spans = cuda_file(cases)
    cu_name = "differential_seed%d.cu" % args.seed
    cu_path = os.path.join(workdir, cu_name)
    with open(cu_path, "w") as f:
        f.write(cu_source)
    cu_lines = cu_source.splitlines()

    # Lanes from the host program.
    host_src = host_file(cases)
    lane_out = compile_and_run(cxx, host_src, workdir, "lanes").split("\n")
    rows = [tuple(int(v) for v in l.split()) for l in lane_out if l.strip()]
    warps_of = [c.shape[0] * c.shape[1] // WARP for c in cases]
    if len(rows) != sum(warps_of) * BLOCKS * WARP:
        print("differential: SETUP ERROR: the host program printed %d lanes, "
              "expected %d" % (len(rows), sum(warps_of) * BLOCKS * WARP))
        return 2
    expected = {}
    base = 0
    for k, case in enumerate(cases):
        per_block = []
        for bx in range(BLOCKS):
            warps = []
            for w in range(warps_of[k]):
                warps.append(rows[base:base + WARP])
                base += WARP
            per_block.append(worst_warp(warps))
        first = per_block[0][1]
        for bx in range(1, BLOCKS):
            other = per_block[bx][1]
            key = ("transactions", "sectors", "useful")
            if (first is None) != (other is None) or (
                    first and any(first[x] != other[x] for x in key)):
                print("differential: GENERATOR ERROR: %s: block %d prices "
                      "differently from block 0 (%s vs %s); the blockIdx "
                      "term is not an aligned warp-uniform shift"
                      % (case.name, bx, other, first))
                return 2
        case.lanes = per_block[0][0]
        case.alternatives = per_block[0][2]
        # Issue 39: a misalignment fewer than half of the warps pay (warps
        # that start at different offsets) is no warning.
        if first and first["transactions"] > first["ideal"] and \
                per_block[0][3] < 0.5 and expected_check(
                    case, case.lanes, first, sizes) == \
                "gpumem-misaligned-access":
            first = None
        expected[case.index] = first

    # The tool.
    cmd = tidy_cmd + ["--checks=-*," + ",".join(CHECKS), "--quiet", cu_path,
                      "--"] + cuda_flags
    r = run(cmd, "clang-tidy", cwd=workdir)
    diags = parse_tidy(r.stdout, cu_name)
    errors = [d for d in diags if d["severity"] == "error"]
    if errors or r.returncode != 0:
        sys.stdout.write(r.stdout + r.stderr)
        print("differential: SETUP ERROR: clang-tidy failed on %s (exit %d)"
              % (cu_path, r.returncode))
        print("  command: " + " ".join(shlex.quote(c) for c in cmd))
        return 2

    by_line = {}
    for d in diags:
        by_line.setdefault(d["line"], []).append(d)
    line_owner = {}
    for case in cases:
        first, last = spans[case.index]
        for ln in range(first, last + 1):
            line_owner[ln] = case

    disagreements = []   # (case or None, why, diags)
    known = []
    n_uncoalesced = n_coalesced = 0
    check_counts = {}

    for case in cases:
        exp = expected[case.index]
        got = by_line.pop(load_lines[case.index], [])
        problem = None
        uncoalesced = exp is not None and exp["transactions"] > exp["ideal"]
        if uncoalesced:
            n_uncoalesced += 1
            if len(got) != 1:
                problem = ("expected one warning (%d transactions per warp, "
                           "%s%% efficiency, %d sectors), got %d"
                           % (exp["transactions"], exp["efficiency"],
                              exp["sectors"], len(got)))
            else:
                g = got[0]
                check_counts[g["check"]] = check_counts.get(g["check"], 0) + 1
                want = expected_check(case, case.lanes, exp, sizes)
                if (g["transactions"], g["efficiency"], g["sectors"]) not in \
                        case.alternatives:
                    problem = ("numbers differ: tool %s transactions, %s%%, "
                               "%s sectors; brute force %d transactions, "
                               "%s%%, %d sectors"
                               % (g["transactions"], g["efficiency"],
                                  g["sectors"], exp["transactions"],
                                  exp["efficiency"], exp["sectors"]))
                elif g["check"] != want:
                    problem = ("reported by %s, expected %s (the dominant "
                               "cause, SPEC section 3)" % (g["check"], want))
        else:
            n_coalesced += 1
            if got:
                problem = "brute force says coalesced, the tool warned"
        if args.verbose:
            print("%s: %s -> %s%s" % (case.name, case.load_expr(), exp,
                " | " + "; ".join(g["text"] for g in got) if got else ""))
        if problem:
            issue = next((k for k in KNOWN_ISSUES if k[2](case, exp, got)),
                         None)
            entry = (case, problem, got, exp)
            (known if issue else disagreements).append(
                entry + ((issue[0],) if issue else (None,)))

    # Warnings anywhere else: the store, the launch code, another line.
    for ln, ds in sorted(by_line.items()):
        case = line_owner.get(ln)
        disagreements.append((case, "unexpected warning at line %d (not a "
                              "load of interest)" % ln, ds, None, None))

    def show(entry, tag):
        case, why, got, exp, issue = entry
        print("%s%s: %s" % (tag, case.name if case else "?", why))
        if case:
            X, Y = case.shape
            print("  shape (%d, %d), element %s%s, guard %s" % (
                X, Y, case.type, "." + case.field if case.field else "",
                case.guard or "none"))
            if exp:
                print("  brute force: %d transactions, %d sectors, %d useful "
                      "bytes, ideal %d, %s%% efficiency, %d active lanes, "
                      "bytes [%d, %d]" % (
                          exp["transactions"], exp["sectors"], exp["useful"],
                          exp["ideal"], exp["efficiency"], exp["active"],
                          exp["low"], exp["high"]))
                print("  lanes (addr, width; '-' inactive): " + " ".join(
                    ("%d" % a if act else "-%d" % a)
                    for act, a, _ in case.lanes) +
                    " (width %d)" % case.lanes[0][2])
            first, last = spans[case.index]
            print("  kernel (%s:%d):" % (cu_name, first))
            for ln in range(first, last + 1):
                print("    " + cu_lines[ln - 1])
            print("    " + " ".join(l.strip() for l in case.launch_lines()))
        for g in got:
            print("  tool: " + g["text"])

    for entry in known:
        show(entry, "differential: KNOWN ISSUE %s: " % entry[4])
    for entry in disagreements:
        show(entry, "differential: DISAGREEMENT: ")

    if args.workdir or disagreements or known:
        where = "files in %s" % workdir
    else:
        shutil.rmtree(workdir, ignore_errors=True)
        where = "--workdir DIR keeps the files"
    print("differential: seed %d, %s, %.1f s" % (
        args.seed, where, time.time() - started))
    def tally(pred):
        hit = [c for c in cases if pred(c)]
        unc = sum(1 for c in hit if expected[c.index] and
                  expected[c.index]["transactions"] >
                  expected[c.index]["ideal"])
        return "%d (%d uncoalesced)" % (len(hit), unc)
    print("differential: coverage: guarded %s, 2-D blocks %s, structs %s, "
          "vectors %s, narrow (char/short) %s, negative offsets %s, "
          "reassigned index %s, bumped pointer %s" % (
              tally(lambda c: c.guard), tally(lambda c: c.shape[1] > 1),
              tally(lambda c: c.kind == "struct"),
              tally(lambda c: c.kind == "vec"),
              tally(lambda c: c.type in ("char", "short")),
              tally(lambda c: c.d < 0),
              tally(lambda c: c.form == "reassigned"),
              tally(lambda c: c.form == "pointer-bump")))
    if check_counts:
        print("differential: uncoalesced accesses by check: " + ", ".join(
            "%s %d" % kv for kv in sorted(check_counts.items())))
    print("differential: %d accesses, %d uncoalesced, %d coalesced, "
          "%d disagreements%s" % (
              len(cases), n_uncoalesced, n_coalesced, len(disagreements),
              ", %d known issues" % len(known) if known else ""))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
