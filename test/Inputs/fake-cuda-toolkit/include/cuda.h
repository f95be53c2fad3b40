// A fake CUDA toolkit root for hermetic tests: pass --cuda-path=<this
// folder's parent>. Clang's driver accepts a folder as a CUDA installation
// when it has bin/ and include/ (and, without -nocudalib, nvvm/libdevice),
// and reads the version from the CUDA_VERSION line below. Pinning a version
// Clang supports keeps the tests from seeing whichever toolkit the machine
// has: no -Wunknown-cuda-version warning, the same launch API on every
// machine. The headers themselves come from include/gpumem_cuda_shim (this
// file is never included: the tests use -nocudainc).
#define CUDA_VERSION 12080
