// Reached only through -isystem=DIR, which clang would read as a path
// under the sysroot.
#pragma once
__device__ inline float scaleValue(float V) { return 2.0f * V; }
