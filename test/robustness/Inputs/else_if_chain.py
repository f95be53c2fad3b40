"""Writes a kernel whose loop holds an else-if chain of N branches, each
stepping the index the loop then reads by a warp-uniform amount (the
branches test a kernel parameter, so every lane takes the same one)."""
import sys

n, path = int(sys.argv[1]), sys.argv[2]
lines = ["__global__ void chain(const float *in, float *out, int m, int c) {",
         "  int i = threadIdx.x;",
         "  for (int j = 0; j < m; ++j) {"]
for b in range(n):
    lines.append("    %sif (c == %d) i = i + %d;" % ("else " if b else "", b, b % 7 + 1))
lines += ["    out[j] += in[i];", "  }", "}", ""]
with open(path, "w") as f:
    f.write("\n".join(lines))
