// A fix-it carried by a note (as the padding fix of gpumem-bank-conflict is)
// is applied only with --fix-notes; CHECK-NOTES sees the note; suffixes let
// two RUN lines expect different results from one file.
//
// RUN: %check_gpumem_tidy -check-suffix=PLAIN %s \
// RUN:   clang-diagnostic-logical-op-parentheses,misc-unused-parameters %t \
// RUN:   -- -- -Wlogical-op-parentheses
// RUN: %check_gpumem_tidy -check-suffix=NOTES %s \
// RUN:   clang-diagnostic-logical-op-parentheses,misc-unused-parameters %t \
// RUN:   -- --fix-notes -- -Wlogical-op-parentheses

__global__ void select(int *out, int a, int b, int c) {
  if (a && b || c)
    out[threadIdx.x] = 1;
  // CHECK-NOTES-PLAIN: :[[@LINE-2]]:9: warning: '&&' within '||' [clang-diagnostic-logical-op-parentheses]
  // CHECK-NOTES-PLAIN: :[[@LINE-3]]:9: note: place parentheses around the '&&' expression to silence this warning
  // CHECK-FIXES-PLAIN: if (a && b || c)
  // CHECK-NOTES-NOTES: :[[@LINE-5]]:9: warning: '&&' within '||' [clang-diagnostic-logical-op-parentheses]
  // CHECK-NOTES-NOTES: :[[@LINE-6]]:9: note: place parentheses around the '&&' expression to silence this warning
  // CHECK-FIXES-NOTES: if ((a && b) || c)
}
