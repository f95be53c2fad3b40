// Found only through a SYSTEM include directory (nvcc: -isystem=DIR).
#pragma once
__device__ inline float twice(float V) { return 2.0f * V; }
