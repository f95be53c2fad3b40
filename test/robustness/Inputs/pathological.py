#!/usr/bin/env python3
"""Writes a pathological CUDA translation unit to stdout.

The analysis caps its work (LaneValue::MaxTerms and MaxDegree, the
LaneEvaluator's MaxDepth, MaxLoopTrips and work budget, the collector's
MaxScenarios, MaxAccesses and visit budget); each input here drives one of
them far past its cap, so that a test can show the run still ends quickly
and the access it concerns comes out unknown (or is dropped) rather than
guessed. Usage:

    pathological.py <kind> [size]

Every kernel is named after its kind; the access the test looks at is the
store to `out`.
"""

import sys


def nested_macros(size):
    # M<k>(x) wraps x in k parenthesised additions through k macro
    # expansions: 200 levels of nesting, past the evaluator's MaxDepth.
    size = size or 200
    lines = ["#define M0(x) (x)"]
    for k in range(1, size + 1):
        lines.append("#define M%d(x) M%d((x) + 1)" % (k, k - 1))
    lines.append("""
__global__ void nestedMacros(float *out) {
  out[M%d(threadIdx.x)] = 0.0f;
}""" % size)
    return "\n".join(lines)


def long_sum(size):
    # threadIdx.x + 1 + 1 + ...: a left-deep tree as deep as it is long.
    size = size or 10000
    terms = " + ".join(["threadIdx.x"] + ["1"] * (size - 1))
    return """
__global__ void longSum(float *out) {
  out[%s] = 0.0f;
}""" % terms


def wide_sum(size):
    # 10,000 terms over 100 kernel parameters, balanced (shallow): every term
    # is evaluated, and the sum has more symbols than MaxTerms allows.
    size = size or 10000
    params = 100
    leaves = ["p%d" % (k % params) for k in range(size)]
    leaves[0] = "threadIdx.x"
    while len(leaves) > 1:
        leaves = ["(%s + %s)" % (leaves[k], leaves[k + 1])
                  if k + 1 < len(leaves) else leaves[k]
                  for k in range(0, len(leaves), 2)]
    return """
__global__ void wideSum(float *out, %s) {
  out[%s] = 0.0f;
}""" % (", ".join("int p%d" % k for k in range(params)), leaves[0])


def unrolled(size):
    # A loop unrolled by hand into 10,000 statements: 20,000 accesses, past
    # MaxAccesses; plus a #pragma unroll loop of a billion trips, past
    # MaxLoopTrips.
    size = size or 10000
    body = "\n".join("  out[i * %d + %d] = in[i + %d];" % (1 + k % 3, k, k)
                     for k in range(size))
    return """
__global__ void unrolled(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
%s
}

__global__ void hugeLoop(const float *in, float *out) {
  float acc = 0.0f;
#pragma unroll
  for (long k = 0; k < 1000000000L; ++k)
    acc += in[threadIdx.x * 33 + k];
  out[threadIdx.x] = acc;
}""" % body


def loop_nest(size):
    # Six nested loops of 64 trips whose variables scale the lane: 64^6
    # scenarios, past MaxScenarios.
    size = size or 6
    names = ["l%d" % k for k in range(size)]
    opens = "".join("  " * k + "  for (int %s = 0; %s < 64; ++%s)\n" %
                    (n, n, n) for k, n in enumerate(names))
    index = "threadIdx.x * (%s)" % " + ".join(names)
    return """
__global__ void loopNest(float *out) {
%s%s  out[%s] = 0.0f;
}""" % (opens, "  " * size, index)


def call_chain(size):
    # 1,000 device functions, each calling the next: only the first few
    # levels are followed.
    size = size or 1000
    parts = ["__device__ int idx%d(int i) { return i; }" % size]
    for k in range(size - 1, -1, -1):
        parts.append("__device__ int idx%d(int i) { return idx%d(i + 1); }" %
                     (k, k + 1))
    parts.append("__device__ void store%d(float *out, int i) "
                 "{ out[i] = 0.0f; }" % size)
    for k in range(size - 1, -1, -1):
        parts.append("__device__ void store%d(float *out, int i) "
                     "{ store%d(out, i + 1); }" % (k, k + 1))
    parts.append("""
__global__ void callChain(float *out) {
  out[idx0(threadIdx.x)] = 1.0f;
  store0(out, threadIdx.x);
}""")
    return "\n".join(parts)


def call_fanout(size):
    # Each device function calls the next one 100 times: 100^k bodies at
    # depth k; the collector's budget for statements inside callees stops
    # following calls, and the kernel's own store is still analysed.
    size = size or 100
    levels = 6
    parts = ["__device__ void fan%d(float *out) { out[threadIdx.x] = 0.0f; }"
             % levels]
    for k in range(levels - 1, -1, -1):
        calls = " ".join("fan%d(out);" % (k + 1) for _ in range(size))
        parts.append("__device__ void fan%d(float *out) { %s }" % (k, calls))
    parts.append("""
__global__ void callFanout(float *out) {
  fan0(out);
  out[threadIdx.x * 2] = 1.0f;
}""")
    return "\n".join(parts)


def index_fanout(size):
    # A one-statement helper that calls the next one ten times in its
    # return expression: 10^8 evaluations unless the work budget stops it.
    size = size or 10
    levels = 8
    parts = ["__device__ int h%d(int x) { return x; }" % levels]
    for k in range(levels - 1, -1, -1):
        parts.append("__device__ int h%d(int x) { return %s; }" %
                     (k, " + ".join(["h%d(x)" % (k + 1)] * size)))
    parts.append("""
__global__ void indexFanout(float *out) {
  out[h0(threadIdx.x)] = 0.0f;
}""")
    return "\n".join(parts)


def variable_doubling(size):
    # Each local is the sum of the previous one with itself: read through
    # initializers, 2^k evaluations unless the work budget stops it.
    size = size or 60
    lines = ["  int a0 = threadIdx.x;"]
    for k in range(1, size + 1):
        lines.append("  int a%d = a%d + a%d - a%d;" % (k, k - 1, k - 1, k - 1))
    return """
__global__ void variableDoubling(float *out) {
%s
  out[a%d] = 0.0f;
}""" % ("\n".join(lines), size)


def many_kernels(size):
    # Thousands of kernels with a few accesses each, and one launch each.
    size = size or 2000
    parts = []
    for k in range(size):
        parts.append("__global__ void k%d(const float *in, float *out) "
                     "{ out[threadIdx.x * %d] = in[threadIdx.x]; }" %
                     (k, 1 + k % 8))
    parts.append("void launchAll(const float *in, float *out) {")
    parts += ["  k%d<<<1, %d>>>(in, out);" % (k, 32 * (1 + k % 8))
              for k in range(size)]
    parts.append("}")
    return "\n".join(parts)


KINDS = {
    "nested-macros": nested_macros,
    "long-sum": long_sum,
    "wide-sum": wide_sum,
    "unrolled": unrolled,
    "loop-nest": loop_nest,
    "call-chain": call_chain,
    "call-fanout": call_fanout,
    "index-fanout": index_fanout,
    "variable-doubling": variable_doubling,
    "many-kernels": many_kernels,
}


def main(argv):
    if len(argv) not in (2, 3) or argv[1] not in KINDS:
        sys.stderr.write("usage: pathological.py {%s} [size]\n" %
                         "|".join(sorted(KINDS)))
        return 2
    size = int(argv[2]) if len(argv) == 3 else 0
    sys.stdout.write("// Generated by test/robustness/Inputs/pathological.py "
                     "%s\n" % argv[1])
    sys.stdout.write(KINDS[argv[1]](size) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
