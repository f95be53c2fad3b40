// A kernel whose host code does not compile: the whole-project run goes on.
__global__ void spread(float *p) { p[threadIdx.x * 2] = 1.0f; }
void host() { notDeclaredAnywhere(); }
