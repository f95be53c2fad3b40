// The extension's own checks, found through its relative -I folder, as a
// setup.py build gives it.
#pragma once
#define EXPECT_CUDA(t) TORCH_CHECK((t).is_cuda(), #t " must be on the GPU")
#define EXPECT_FLOAT(t) \
  TORCH_CHECK((t).scalar_type() == at::kFloat, #t " must be float32")
