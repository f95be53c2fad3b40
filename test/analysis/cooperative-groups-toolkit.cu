// cooperative-groups.cu with the toolkit's <cooperative_groups.h> (CUDA 11
// to 13 declare the tile queries static, called through a member
// expression): the same offsets.
//
// REQUIRES: cuda-toolkit
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %S/Inputs/cooperative-groups.cu \
// RUN:   -- %cuda_toolkit_flags --cuda-device-only | FileCheck %S/Inputs/cooperative-groups.checks
