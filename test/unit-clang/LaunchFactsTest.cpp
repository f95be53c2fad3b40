//===- LaunchFactsTest.cpp - the launch layer asked directly --------------===//
//
// Each case builds the AST of a few lines of CUDA (host code launching a
// kernel, the bundled shim for the toolkit's headers), records every
// launch in a LaunchSites as the checks do, and asks its face what the
// launches of a kernel say: the block's shape, or why none; each
// argument's values, bound, pointer offset and struct fields, or why none
// (HostFact.h). One case per kind of fact the host code gives, each with a
// negative beside it that names its reason.
//
//===----------------------------------------------------------------------===//
#include "checks/launch/LaunchSites.h"
#include "test/unit-clang/CudaAST.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace {

using namespace clang;
using gpumem::launch::ArgumentFacts;
using gpumem::launch::HostFact;
using gpumem::launch::HostUnknown;
using gpumem::launch::LaunchSites;

/// The fact, for comparisons; std::nullopt where it is unknown.
template <typename T> std::optional<T> fact(const HostFact<T> &F) {
  return F ? std::optional<T>(*F) : std::nullopt;
}

/// Every triple-chevron launch and every function of a TU.
class Launches : public RecursiveASTVisitor<Launches> {
public:
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    Calls.push_back(Call);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->getIdentifier() && FD->hasBody())
      Functions.push_back(FD);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  std::vector<const CallExpr *> Calls;
  std::vector<const FunctionDecl *> Functions;
};

/// The launches of a few lines of CUDA, read as the checks read them.
class HostCode {
public:
  explicit HostCode(const std::string &Code)
      : AST(gpumem::testing::cudaAST(Code)) {
    Launches Found;
    Found.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    Functions = Found.Functions;
    for (const CallExpr *Call : Found.Calls)
      if (auto Launch = gpumem::cuda::KernelLaunch::read(Call))
        Sites.add(*Launch, AST->getASTContext());
  }
  /// What the launches of kernel \p Name say; null when it is not launched.
  const LaunchSites::Entry *kernel(llvm::StringRef Name) const {
    for (const FunctionDecl *FD : Functions)
      if (FD->getName() == Name && FD->hasAttr<CUDAGlobalAttr>())
        if (const LaunchSites::Entry *E = Sites.find(FD))
          return E;
    return nullptr;
  }
  /// Argument \p I of kernel \p Name's launches.
  ArgumentFacts argument(llvm::StringRef Name, unsigned I) const {
    const LaunchSites::Entry *E = kernel(Name);
    return E && I < E->Arguments.size() ? E->Arguments[I] : ArgumentFacts();
  }

private:
  std::unique_ptr<ASTUnit> AST;
  std::vector<const FunctionDecl *> Functions;
  LaunchSites Sites;
};

std::string shapeOf(const LaunchSites::Entry *E) {
  if (!E || !E->Shape)
    return "none";
  return E->Shape->text(", ", "?");
}

// Block shapes.

TEST(LaunchFactsTest, AConstantBlockFixesTheShape) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    void run(float *p) { k<<<4, dim3(16, 8)>>>(p); })");
  EXPECT_EQ(shapeOf(Code.kernel("k")), "16, 8, 1");
}

TEST(LaunchFactsTest, ADim3FilledInABranchFixesTheShapeOfThatBranch) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    void run(float *p, int wide) {
      switch (wide) {
      case 256: { dim3 b(256); k<<<1, b>>>(p); break; }
      }
    })");
  EXPECT_EQ(shapeOf(Code.kernel("k")), "256, 1, 1");
}

TEST(LaunchFactsTest, AHelpersExtentIsWhatEveryCallPasses) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    static void launch(float *p, int w) { k<<<1, dim3(w, 32 / w)>>>(p); }
    void run(float *p) { launch(p, 8); launch(p, 8); })");
  EXPECT_EQ(shapeOf(Code.kernel("k")), "8, 4, 1");
}

TEST(LaunchFactsTest, LaunchesThatDisagreeFixNoShape) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    void run(float *p) { k<<<1, 128>>>(p); k<<<1, 256>>>(p); })");
  const LaunchSites::Entry *E = Code.kernel("k");
  ASSERT_NE(E, nullptr);
  EXPECT_TRUE(E->launchesDisagree());
  EXPECT_EQ(shapeOf(E), "none");
}

TEST(LaunchFactsTest, ABlockCudaRejectsFixesNoShapeAndIsSaid) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    void run(float *p) { k<<<1, 2048>>>(p); })");
  const LaunchSites::Entry *E = Code.kernel("k");
  ASSERT_NE(E, nullptr);
  EXPECT_TRUE(E->InvalidLaunch.isValid());
  EXPECT_EQ(shapeOf(E), "none");
  EXPECT_EQ(E->Shape.why(), HostUnknown::RejectedBlock);
}

TEST(LaunchFactsTest, ABlockOfTheRunIsNamedNotGuessed) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    void run(float *p, int n) { k<<<1, dim3(n, 4)>>>(p); })");
  const LaunchSites::Entry *E = Code.kernel("k");
  ASSERT_NE(E, nullptr);
  EXPECT_NE(E->RuntimeBlock, nullptr);
  // x is a value of the run: which thread each lane is is not known.
  EXPECT_EQ(E->Shape.why(), HostUnknown::LanesNotPlaced);
  EXPECT_FALSE(E->launchesDisagree());
}

TEST(LaunchFactsTest, AKernelNeverLaunchedHasNoEntry) {
  HostCode Code(R"(
    __global__ void k(float *p) {}
    __global__ void other(float *p) {}
    void run(float *p) { other<<<1, 32>>>(p); })");
  EXPECT_EQ(Code.kernel("k"), nullptr);
  EXPECT_NE(Code.kernel("other"), nullptr);
}

// Argument values.

TEST(LaunchFactsTest, AConstantOrALocalSetOnceIsTheArgumentsValue) {
  HostCode Code(R"(
    __global__ void k(float *p, int a, int b) {}
    void run(float *p) { const int w = 64; int h = 3; k<<<1, 32>>>(p, w, h); })");
  EXPECT_EQ(fact(Code.argument("k", 1).constant()), 64);
  EXPECT_EQ(fact(Code.argument("k", 2).constant()), 3);
  // A pointer has no value, an integer no offset: said, not left blank.
  EXPECT_EQ(Code.argument("k", 0).Values.why(), HostUnknown::NotApplicable);
  EXPECT_EQ(Code.argument("k", 1).Offset.why(), HostUnknown::NotApplicable);
}

TEST(LaunchFactsTest, TheWritesThatReachTheLaunchGiveItsValues) {
  HostCode Code(R"(
    __global__ void k(float *p, int s) {}
    void run(float *p, bool wide) {
      int s = 1;
      if (wide) s = 4;
      k<<<1, 32>>>(p, s);
    })");
  EXPECT_EQ(fact(Code.argument("k", 1).Values),
            (std::vector<std::int64_t>{1, 4}));
  EXPECT_EQ(fact(Code.argument("k", 1).Bound), 4);
  EXPECT_EQ(Code.argument("k", 1).constant().why(), HostUnknown::SeveralValues);
}

TEST(LaunchFactsTest, AHelpersParameterHasWhatItsCallersPass) {
  HostCode Code(R"(
    __global__ void k(float *p, int cols) {}
    template <typename T> void launch(T *p, int cols) { k<<<1, 32>>>(p, cols); }
    void run(float *p) { launch(p, 2); launch(p, 5); })");
  EXPECT_EQ(fact(Code.argument("k", 1).Values),
            (std::vector<std::int64_t>{2, 5}));
}

TEST(LaunchFactsTest, AParameterNobodyFixesHasNoValue) {
  HostCode Code(R"(
    __global__ void k(float *p, int n) {}
    void run(float *p, int n) { k<<<1, 32>>>(p, n); })");
  EXPECT_EQ(Code.argument("k", 1).Values.why(), HostUnknown::ValueOfTheRun);
  EXPECT_EQ(Code.argument("k", 1).Bound.why(), HostUnknown::ValueOfTheRun);
}

// Bounds.

TEST(LaunchFactsTest, ABranchAroundTheLaunchBoundsTheArgument) {
  HostCode Code(R"(
    __global__ void k(float *p, int n) {}
    void run(float *p, int n) { if (n <= 16) k<<<1, 32>>>(p, n); })");
  EXPECT_EQ(fact(Code.argument("k", 1).Bound), 16);
  EXPECT_EQ(Code.argument("k", 1).Values.why(), HostUnknown::ValueOfTheRun);
}

TEST(LaunchFactsTest, AnEarlyReturnBoundsTheArgument) {
  HostCode Code(R"(
    __global__ void k(float *p, int n) {}
    void run(float *p, int n) { if (n > 8) return; k<<<1, 32>>>(p, n); })");
  EXPECT_EQ(fact(Code.argument("k", 1).Bound), 8);
}

// Pointer offsets.

TEST(LaunchFactsTest, APointerPastItsBufferIsThatManyBytesIn) {
  HostCode Code(R"(
    __global__ void k(const float *in, float *out) {}
    void run(float *d, float *o) { k<<<1, 32>>>(d + 3, o); })");
  EXPECT_EQ(fact(Code.argument("k", 0).Offset), 12);
  EXPECT_EQ(fact(Code.argument("k", 1).Offset), 0);
}

TEST(LaunchFactsTest, LaunchesThatPassDifferentOffsetsDisagree) {
  HostCode Code(R"(
    __global__ void k(const float *in) {}
    void run(float *d) { k<<<1, 32>>>(d + 1); k<<<1, 32>>>(d + 2); })");
  EXPECT_EQ(Code.argument("k", 0).Offset.why(), HostUnknown::LaunchesDisagree);
}

TEST(LaunchFactsTest, APointerMovedByARunValueHasNoOffset) {
  HostCode Code(R"(
    __global__ void k(const float *in) {}
    void run(float *d, int n) { k<<<1, 32>>>(d + n); })");
  EXPECT_EQ(Code.argument("k", 0).Offset.why(), HostUnknown::ValueOfTheRun);
}

// Struct fields passed by value.

TEST(LaunchFactsTest, AStructsFieldsHaveTheirAssignedValues) {
  HostCode Code(R"(
    struct Params { float *p; int ld; int n; };
    __global__ void k(Params q) {}
    void run(float *p, int n) {
      Params q;
      q.p = p;
      q.ld = 64;
      q.n = n;
      k<<<1, 32>>>(q);
    })");
  ArgumentFacts Q = Code.argument("k", 0);
  ASSERT_EQ(Q.Fields.size(), 1u);
  EXPECT_EQ(Q.Fields[0].first->getName(), "ld");
  EXPECT_EQ(Q.Fields[0].second, 64);
}

// What a tensor library's host code says (cuda/TorchTensorApi.h): a
// tensor the launching function made contiguous has the strides its sizes
// give; one it was handed says nothing.

constexpr const char *Tensors = R"(
    namespace std {
    template <class E> class initializer_list {
      const E *B; unsigned long N;
    public:
      constexpr initializer_list() : B(nullptr), N(0) {}
    };
    }
    namespace at {
    struct TensorBase { long stride(long d) const; };
    struct Tensor : TensorBase { template <class T> T *data_ptr() const; };
    Tensor empty(std::initializer_list<long> sizes);
    }
)";

TEST(LaunchFactsTest, AContiguousTensorsStrideIsItsSizesProduct) {
  HostCode Code(std::string(Tensors) + R"(
    __global__ void k(float *p, long ld) {}
    void run(long rows) {
      auto out = at::empty({rows, 64});
      k<<<1, 32>>>(out.data_ptr<float>(), out.stride(0));
    })");
  EXPECT_EQ(fact(Code.argument("k", 1).constant()), 64);
}

TEST(LaunchFactsTest, AHandedTensorsStrideIsUnknown) {
  HostCode Code(std::string(Tensors) + R"(
    __global__ void k(float *p, long ld) {}
    void run(at::Tensor out) {
      k<<<1, 32>>>(out.data_ptr<float>(), out.stride(0));
    })");
  EXPECT_EQ(Code.argument("k", 1).constant().why(), HostUnknown::ValueOfTheRun);
}

} // namespace
