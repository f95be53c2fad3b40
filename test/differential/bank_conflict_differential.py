#!/usr/bin/env python3
"""Differential test of gpumem-bank-conflict against a brute-force count.

Generates one .cu file of random kernels, each with one shared array
`__shared__ T a[R][C]` (T one of float, double, int, char, float2, float4;
R and C in 1..64), one access `a[E1][E2]` whose indices are random integer
expressions over tx = threadIdx.x and ty = threadIdx.y (+ - * / % ^ &, min
and max, small constants, C semantics: truncating division), and one constant launch
`<<<1, dim3(X, Y)>>>`. For every warp of the block it computes, in Python and
independently of the tool, the byte address each lane touches (thread
t = 32 * warp + lane, tx = t % X, ty = t / X) and the bank-conflict degree of
SPEC section 1: 32 banks of 4 bytes; k is the largest number of distinct
4-byte words that the lanes of one phase touch in one bank; 8-byte accesses
run as two half-warps and 16-byte accesses as four quarter-warps. Then it
runs clang-tidy with gpumem-bank-conflict on the file and requires:

  - an access whose degree is >= 2 is reported once, as '<K>-way bank
    conflict on', with K the worst degree over the warps of the block (the
    check documents "worst over warps"; for a linear index every warp has
    the same degree, so this is warp 0's), the bank the model names and
    the number of lanes on it;
  - an access whose degree is 1 in every warp is not reported.

About one case in five puts the access in a loop whose variable starts at
the lane (`for (int tx = threadIdx.x; tx < B; tx += blockDim.x)`, B a
constant up to twice the block's width, for blocks whose warps hold whole
rows): only the lanes below the bound run a pass. The brute force prices
every pass of every warp with the lanes that run it, and the worst degree
over them is the one required; the bank and lane counts printed must be
those of one (warp, pass) that reaches it.

The first cases are fixed regressions, found by this test: a negative
coefficient under C's truncating division and remainder ((33 - tx) / 2 in
the second warp of a 64-thread block), and a row shift between warps that is
not a whole number of words (char rows of 37 bytes in a 16x16 block).

Usage (lit runs it like this, see bank-conflict-differential.test):

    bank_conflict_differential.py [--seed=N] [--count=N] [--work=DIR]
        [--verbose] -- <clang-tidy> --load=<module> -- <compiler flags>

By hand the tool may also come from GPUMEM_CLANG_TIDY and GPUMEM_TIDY_MODULE
(as for check_gpumem_tidy.py) when nothing follows the first `--`.
"""

import argparse
import collections
import os
import random
import re
import shlex
import subprocess
import sys
import time

WARP = 32
BANKS = 32
BANK_BYTES = 4

# name -> (bytes, vector: built with a constructor in the launch)
TYPES = {
    "float": 4,
    "int": 4,
    "double": 8,
    "char": 1,
    "float2": 8,
    "float4": 16,
}

# Block shapes (blockDim.x, blockDim.y). Each has a whole number of warps.
SHAPES = [(32, 1), (64, 1), (128, 1), (16, 16), (8, 4), (32, 32), (16, 2),
          (4, 8), (2, 16)]

# Constants biased toward the ones that make or break conflicts.
CONSTANTS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33]
DIVISORS = [1, 2, 3, 4, 5, 7, 8, 16, 32]
MASKS = [1, 3, 7, 8, 15, 16, 31]

MAX_INDEX = 64


# ---------------------------------------------------------------------------
# Expressions: nested tuples, printed as C and evaluated with C semantics.

def c_div(a, b):
    """C's int division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def c_rem(a, b):
    """C's %: the sign follows the dividend."""
    return a - c_div(a, b) * b


def evaluate(e, tx, ty):
    op = e[0]
    if op == "tx":
        return tx
    if op == "ty":
        return ty
    if op == "c":
        return e[1]
    a = evaluate(e[1], tx, ty)
    b = evaluate(e[2], tx, ty)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return c_div(a, b)
    if op == "%":
        return c_rem(a, b)
    if op == "^":
        return a ^ b  # two's complement, as int in C for these magnitudes
    if op == "&":
        return a & b
    if op == "min":
        return min(a, b)
    if op == "max":
        return max(a, b)
    raise ValueError(op)


def to_c(e):
    op = e[0]
    if op in ("tx", "ty"):
        return op
    if op == "c":
        return str(e[1])
    if op in ("min", "max"):
        return "%s(%s, %s)" % (op, to_c(e[1]), to_c(e[2]))
    return "(%s %s %s)" % (to_c(e[1]), op, to_c(e[2]))


def random_leaf(rng, thread_weight=0.75):
    if rng.random() < thread_weight:
        return ("tx",) if rng.random() < 0.65 else ("ty",)
    return ("c", rng.choice(CONSTANTS))


def random_expr(rng, depth, threads):
    """A random index expression of at most \\p depth operators deep."""
    if depth == 0 or rng.random() < 0.25:
        return random_leaf(rng)
    kind = rng.random()
    sub = random_expr(rng, depth - 1, threads)
    if kind < 0.28:
        # scale: the classic strided index
        return ("*", sub, ("c", rng.choice(CONSTANTS[1:])))
    if kind < 0.46:
        other = random_expr(rng, depth - 1, threads) if rng.random() < 0.5 else \
            ("c", rng.choice(CONSTANTS))
        return ("+", sub, other)
    if kind < 0.50:
        return ("-", sub, ("c", rng.choice(CONSTANTS[1:8])))
    if kind < 0.56:
        # A negative coefficient, (c - x) / d or % d: negative in some
        # threads, where C's truncation differs from flooring; the + keeps
        # the index in bounds.
        diff = ("-", ("c", rng.choice([7, 16, 31, 33, 40, 48, 64])), sub)
        op = rng.choice(["/", "%"])
        quotient = (op, diff, ("c", rng.choice(DIVISORS[1:])))
        lowest = min(evaluate(quotient, tx, ty) for tx, ty in threads)
        return ("+", quotient, ("c", max(0, -lowest)))
    if kind < 0.68:
        return ("/", sub, ("c", rng.choice(DIVISORS)))
    if kind < 0.80:
        return ("%", sub, ("c", rng.choice(DIVISORS[1:])))
    if kind < 0.90:
        # swizzles: tx ^ ty, x ^ constant
        other = random_leaf(rng, 0.6)
        return ("^", sub, other)
    if kind < 0.95:
        return ("&", sub, ("c", rng.choice(MASKS)))
    if kind < 0.975:
        # a clamp: the lanes on either side of the bound take different
        # sides, the warps of a block differently
        return (rng.choice(["min", "max"]), sub, ("c", rng.choice(CONSTANTS)))
    # a product of two thread indices
    return ("*", sub, random_leaf(rng, 1.0))


def threads_of(shape):
    """(tx, ty) of every thread of the block, in linear order."""
    x, y = shape
    return [(t % x, t // x) for t in range(x * y)]


def fit_index(rng, threads):
    """An expression whose value is in [0, 64) for every thread, or None."""
    e = random_expr(rng, rng.choice([1, 2, 2, 3]), threads)
    values = [evaluate(e, tx, ty) for tx, ty in threads]
    if min(values) < 0:
        return None
    if max(values) >= MAX_INDEX:
        e = ("%", e, ("c", rng.randint(2, MAX_INDEX)))
        values = [evaluate(e, tx, ty) for tx, ty in threads]
    return e, max(values)


# ---------------------------------------------------------------------------
# The brute force: SPEC section 1, written again from the text.

def phases_for(width):
    if width == 16:
        return 4
    if width == 8:
        return 2
    return 1


def warp_degree(addresses, width):
    """(k, worst bank, lanes on it, active lanes of its phase) of one warp's
    byte addresses (None for a lane that does not run)."""
    phases = phases_for(width)
    per_phase = WARP // phases
    best = (0, 0, 0, 0)
    for phase in range(phases):
        words = collections.defaultdict(set)
        lanes = collections.defaultdict(set)
        active = 0
        for lane in range(phase * per_phase, (phase + 1) * per_phase):
            if addresses[lane] is None:
                continue
            active += 1
            first = addresses[lane] // BANK_BYTES
            last = (addresses[lane] + width - 1) // BANK_BYTES
            for word in range(first, last + 1):
                words[word % BANKS].add(word)
                lanes[word % BANKS].add(lane)
        for bank in sorted(words):
            if len(words[bank]) > best[0]:
                best = (len(words[bank]), bank, len(lanes[bank]), active)
    return best


class Case:
    def __init__(self, index, type_name, shape, e1, e2, rows, cols, store,
                 bound=None):
        self.index = index
        self.type_name = type_name
        self.width = TYPES[type_name]
        self.shape = shape
        self.e1, self.e2 = e1, e2
        self.rows, self.cols = rows, cols
        self.store = store
        self.bound = bound
        self.line = 0
        threads = threads_of(shape)
        # One entry per warp and pass that runs a lane: a loop-bound case
        # makes passes tx = threadIdx.x + k * blockDim.x while tx < bound.
        self.per_warp = []
        passes = 1 if bound is None else -(-bound // shape[0])
        for warp in range(len(threads) // WARP):
            for k in range(passes):
                addresses = []
                for tx, ty in threads[warp * WARP:(warp + 1) * WARP]:
                    tx += k * shape[0]
                    if bound is not None and tx >= bound:
                        addresses.append(None)
                        continue
                    i, j = evaluate(e1, tx, ty), evaluate(e2, tx, ty)
                    assert 0 <= i < rows and 0 <= j < cols
                    addresses.append((i * cols + j) * self.width)
                if any(a is not None for a in addresses):
                    self.per_warp.append(warp_degree(addresses, self.width))
        self.worst = max(self.per_warp, key=lambda d: d[0])[0]
        # The first warp reaching the worst degree names the bank; with
        # passes, any (warp, pass) that reaches it may.
        reaching = [d for d in self.per_warp if d[0] == self.worst]
        self.worst_details = reaching[:1] if bound is None else reaching
        self.warps_differ = len({d[0] for d in self.per_warp}) > 1

    @property
    def access(self):
        return "a[%s][%s]" % (to_c(self.e1), to_c(self.e2))

    def describe(self):
        loop = "" if self.bound is None else \
            "in a loop while tx < %d, " % self.bound
        return "case %d: %s a[%d][%d], block %s, %s%s; degree per warp %s" % (
            self.index, self.type_name, self.rows, self.cols, self.shape,
            loop, self.access, [d[0] for d in self.per_warp])


# (type, block, E1, E2, rows, cols): bugs this test found once.
REGRESSIONS = [
    # (33 - tx) / 2 truncates in the second warp; the lane algebra floored.
    ("float2", (64, 1),
     ("+", ("/", ("-", ("c", 33), ("tx",)), ("c", 2)), ("c", 15)),
     ("c", 33), 42, 52),
    # (40 - tx) % 4 is negative in the second warp: 7 rows, not 4.
    ("float", (64, 1),
     ("+", ("%", ("-", ("c", 40), ("tx",)), ("c", 4)), ("c", 8)),
     ("c", 0), 64, 32),
    # Rows of 37 chars: warp 1 starts 222 bytes in, not on a word.
    ("char", (16, 16), ("*", ("ty",), ("c", 3)), ("tx",), 46, 37),
]


def generate(seed, count):
    rng = random.Random(seed)
    cases = []
    for type_name, shape, e1, e2, rows, cols in REGRESSIONS:
        cases.append(Case(len(cases), type_name, shape, e1, e2, rows, cols,
                          False))
    while len(cases) < count:
        shape = rng.choice(SHAPES)
        threads = threads_of(shape)
        # A loop bound on the lane-started tx, where every warp holds whole
        # rows of the block (the guard cuts each warp alike).
        bound = None
        if WARP % shape[0] == 0 and rng.random() < 0.2:
            bound = rng.randint(1, 2 * shape[0])
            threads = [(tx, ty) for tx in range(bound)
                       for ty in range(shape[1])]
        first = fit_index(rng, threads)
        second = fit_index(rng, threads)
        if not first or not second:
            continue
        (e1, max1), (e2, max2) = first, second
        rows = rng.randint(max1 + 1, MAX_INDEX)
        # Inner extents at the round numbers that conflict, often.
        cols = max2 + 1 + rng.choice([0, 0, 1, 2, 3, 7]) \
            if rng.random() < 0.4 else rng.randint(max2 + 1, MAX_INDEX)
        cols = min(cols, MAX_INDEX)
        if rng.random() < 0.3 and max2 < 32:
            cols = rng.choice([32, 33, 64] if max2 < 32 else [64])
        type_name = rng.choice(list(TYPES))
        cases.append(Case(len(cases), type_name, shape, e1, e2, rows, cols,
                          rng.random() < 0.5, bound))
    return cases


def write_source(cases, path):
    lines = [
        "// Generated by bank_conflict_differential.py; one kernel per case.",
        "",
    ]
    for case in cases:
        t = case.type_name
        lines.append("// " + case.describe())
        lines.append("__global__ void case%d(%s *out, const %s *in) {" %
                     (case.index, t, t))
        lines.append("  __shared__ %s a[%d][%d];" % (t, case.rows, case.cols))
        lines.append("  int ty = threadIdx.y;")
        lines.append("  (void)ty;")
        indent = "  "
        if case.bound is None:
            lines.append("  int tx = threadIdx.x;")
            lines.append("  (void)tx;")
        else:
            lines.append("  for (int tx = threadIdx.x; tx < %d; "
                         "tx += blockDim.x) {" % case.bound)
            indent = "    "
        case.line = len(lines) + 1
        if case.store:
            lines.append("%s%s = in[0];" % (indent, case.access))
        else:
            lines.append("%sout[0] = %s;" % (indent, case.access))
        if case.bound is not None:
            lines.append("  }")
        lines.append("}")
        lines.append("")
    lines.append("void launchAll(void *p) {")
    for case in cases:
        lines.append("  case%d<<<1, dim3(%d, %d)>>>((%s *)p, (const %s *)p);"
                     % (case.index, case.shape[0], case.shape[1],
                        case.type_name, case.type_name))
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


WARNING = re.compile(
    r"^(?P<file>.*):(?P<line>\d+):(?P<col>\d+): warning: "
    r"(?P<k>\d+)-way bank conflict on '(?P<expr>[^']*)': "
    r"(?:the (?P<lanes>\d+) lanes|(?P<some>\d+) of the (?P<active>\d+) active "
    r"lanes) (?P<verb>\w+) (?P<k2>\d+) distinct words of bank (?P<bank>\d+)"
    r".*\[gpumem-bank-conflict\]$")


def split_argv(argv):
    if "--" not in argv:
        return argv, [], []
    first = argv.index("--")
    rest = argv[first + 1:]
    if "--" not in rest:
        return argv[:first], rest, []
    second = rest.index("--")
    return argv[:first], rest[:second], rest[second + 1:]


def main(argv):
    own, tool, flags = split_argv(argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--work", default="bank-conflict-differential",
                        help="file stem for the generated .cu and output")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(own)
    if not tool:
        tidy = os.environ.get("GPUMEM_CLANG_TIDY", "clang-tidy-22")
        module = os.environ.get("GPUMEM_TIDY_MODULE", "")
        tool = [tidy] + (["--load=" + module] if module else [])

    started = time.time()
    cases = generate(args.seed, args.count)
    os.makedirs(os.path.dirname(os.path.abspath(args.work)), exist_ok=True)
    source = args.work + ".cu"
    write_source(cases, source)
    command = tool + ["--checks=-*,gpumem-bank-conflict", source, "--"] + flags
    run = subprocess.run(command, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, universal_newlines=True)
    with open(args.work + ".out", "w") as f:
        f.write(run.stdout)
    if run.returncode != 0 or " error: " in run.stdout:
        print("FAIL: the tool failed (exit %d):\n%s\n%s" %
              (run.returncode, " ".join(shlex.quote(c) for c in command),
               run.stdout[-4000:]))
        return 1

    reports = collections.defaultdict(list)
    for text in run.stdout.splitlines():
        m = WARNING.match(text)
        if m and os.path.basename(m["file"]) == os.path.basename(source):
            reports[int(m["line"])].append(m)
        elif "warning:" in text and "gpumem-bank-conflict" in text:
            print("FAIL: unparsed warning: " + text)
            return 1

    failures = []
    differing = 0
    by_degree = collections.Counter()
    for case in cases:
        got = reports.pop(case.line, [])
        by_degree[case.worst] += 1
        differing += case.warps_differ
        if len(got) > 1:
            failures.append("%s\n  reported %d times" %
                            (case.describe(), len(got)))
            continue
        k = int(got[0]["k"]) if got else 1
        if case.worst < 2:
            if got:
                failures.append("%s\n  no conflict, but reported: %s" %
                                (case.describe(), got[0].string))
            continue
        if not got:
            failures.append("%s\n  %d-way conflict not reported" %
                            (case.describe(), case.worst))
            continue
        m = got[0]
        want_verb = "write" if case.store else "read"
        problems = []
        if k != case.worst or int(m["k2"]) != case.worst:
            problems.append("degree %s, brute force %d" % (m["k"], case.worst))
        # "the N lanes" when they are all the phase's active lanes, else "N
        # of the M active lanes".
        if m["lanes"] is not None:
            printed = (int(m["bank"]), int(m["lanes"]), int(m["lanes"]))
        else:
            printed = (int(m["bank"]), int(m["some"]), int(m["active"]))
        wanted = [(d[1], d[2], d[3]) for d in case.worst_details]
        if printed not in wanted or (m["lanes"] is None and
                                     printed[1] == printed[2]):
            problems.append("bank %d, %d of %d active lanes; brute force "
                            "(bank, lanes, active) %s" % (printed + (wanted,)))
        if m["verb"] != want_verb:
            problems.append("verb '%s', expected '%s'" % (m["verb"], want_verb))
        spelled = m["expr"]
        if spelled != case.access and not (
                spelled.endswith("...") and
                case.access.startswith(spelled[:-3])):
            problems.append("expression '%s'" % m["expr"])
        if problems:
            failures.append("%s\n  %s\n  %s" % (case.describe(),
                                                "; ".join(problems), m.string))
    for line, stray in sorted(reports.items()):
        failures.append("line %d: a report on no generated access: %s" %
                        (line, stray[0].string))

    elapsed = time.time() - started
    histogram = ", ".join("%d-way: %d" % (k, n)
                          for k, n in sorted(by_degree.items()))
    print("bank-conflict differential: seed %d, %d cases (%s); warps differ "
          "in %d; %.1f s" %
          (args.seed, len(cases), histogram, differing, elapsed))
    if failures:
        print("FAIL: %d disagreements with the brute force (source %s):" %
              (len(failures), source))
        for text in failures[:40 if not args.verbose else None]:
            print(text)
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
