//===- LaneEvaluatorTest.cpp - the evaluator asked directly ---------------===//
//
// Each case builds the AST of a few lines of CUDA (device side, the
// bundled shim for the toolkit's headers) and asks LaneEvaluator's face
// for a value, a condition's lanes, an address or an effect, the way the
// access walk does: no dump, no check in between.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneEvaluator.h"
#include "test/unit-clang/CudaAST.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

// In the sanitized build: Clang's frontend keeps some of what it allocates
// to the end of the process, as lit's runs of clang-tidy do (lit.cfg.py
// turns leak detection off for them too); every other ASan report stands.
extern "C" const char *__asan_default_options() { return "detect_leaks=0"; }

namespace {

using namespace clang;
using namespace gpumem::lanes;

using gpumem::testing::cudaAST;

/// The nodes of kind T in the body of function \p Name, in source order.
template <typename T> class Collect : public RecursiveASTVisitor<Collect<T>> {
public:
  explicit Collect(std::string Name) : Name(std::move(Name)) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->getIdentifier() && FD->getName() == Name && FD->hasBody()) {
      Function = FD;
      Inside = true;
      this->TraverseStmt(FD->getBody());
      Inside = false;
    }
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitStmt(Stmt *S) {
    if (Inside)
      if (auto *Node = dyn_cast<T>(S))
        Found.push_back(Node);
    return true;
  }
  std::string Name;
  FunctionDecl *Function = nullptr;
  bool Inside = false;
  std::vector<T *> Found;
};

/// One kernel of a translation unit, with an evaluator entered into it
/// under a block of \p Shape (by default one warp: threadIdx.x is the
/// lane, with no warp symbol).
struct Kernel {
  Kernel(const std::string &Code, const std::string &Name,
         gpumem::cuda::BlockShape Shape = {32, 1, 1})
      : AST(cudaAST(Code)), Geometry(ThreadGeometry::known(Shape, Symbols)),
        Eval(AST->getASTContext(), Symbols, Geometry) {
    Collect<Stmt> Walk(Name);
    Walk.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    Function = Walk.Function;
    if (Function)
      Eval.enterKernel(Function);
  }
  /// The \p N-th node of kind T in the kernel's body.
  template <typename T> const T *nth(unsigned N) {
    Collect<T> Walk(Function ? Function->getName().str() : "");
    Walk.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
    return N < Walk.Found.size() ? Walk.Found[N] : nullptr;
  }
  const Expr *index(unsigned N) {
    const ArraySubscriptExpr *AS = nth<ArraySubscriptExpr>(N);
    return AS ? AS->getIdx() : nullptr;
  }
  /// \p V in the block's first warp (its warp symbols at 0): per lane
  /// when nothing else is symbolic.
  std::optional<LaneVector> firstWarp(const LaneValue &V) {
    std::map<SymbolId, std::int64_t> WarpZero;
    for (SymbolId Id : V.symbols())
      if (Symbols[Id].ThreadDerived)
        WarpZero[Id] = 0;
    return V.substitute(WarpZero).asPerLane();
  }
  const Expr *condition(unsigned N) {
    const IfStmt *If = nth<IfStmt>(N);
    return If ? If->getCond() : nullptr;
  }

  std::unique_ptr<ASTUnit> AST;
  SymbolTable Symbols;
  ThreadGeometry Geometry;
  LaneEvaluator Eval;
  const FunctionDecl *Function = nullptr;
};

LaneVector lanesOf(std::int64_t Scale, std::int64_t Offset) {
  LaneVector V;
  for (unsigned L = 0; L < WarpLanes; ++L)
    V[L] = Scale * L + Offset;
  return V;
}

TEST(LaneEvaluatorTest, IndexIsAFunctionOfTheLane) {
  Kernel K("__global__ void k(float *out) { out[threadIdx.x * 2 + 1] = 0; }",
           "k");
  ASSERT_TRUE(K.Function);
  LaneValue V = K.Eval.evaluate(K.index(0));
  ASSERT_FALSE(V.isUnknown());
  // In every warp, 2 * lane + 1 from the warp's first thread.
  EXPECT_EQ(V.str(K.Symbols), "1+2*lane + (64)*warp.x");
  EXPECT_EQ(K.firstWarp(V), lanesOf(2, 1));
}

TEST(LaneEvaluatorTest, LocalsAndHelpersAreFollowed) {
  Kernel K(R"(
    __device__ int triple(int x) { return 3 * x; }
    __global__ void k(float *out) {
      int i = triple(threadIdx.x);
      out[i + 4] = 0;
    })",
           "k");
  LaneValue V = K.Eval.evaluate(K.index(0));
  ASSERT_FALSE(V.isUnknown());
  EXPECT_EQ(K.firstWarp(V), lanesOf(3, 4));
}

TEST(LaneEvaluatorTest, UniformTermsStaySymbolic) {
  Kernel K("__global__ void k(float *out, int n) "
           "{ out[blockIdx.x * n + threadIdx.x] = 0; }",
           "k");
  LaneValue V = K.Eval.evaluate(K.index(0));
  ASSERT_FALSE(V.isUnknown());
  EXPECT_EQ(V.kind(), LaneKind::Varying);
  EXPECT_EQ(V.withoutUniformTerms().asPerLane(), lanesOf(1, 0));
  // blockIdx.x * n: a term of degree 2 over two symbols.
  EXPECT_TRUE(llvm::any_of(
      V.terms(), [](const LaneTerm &T) { return T.Symbols.size() == 2; }));
}

TEST(LaneEvaluatorTest, AReadOfMemoryIsUnknownWithItsReason) {
  Kernel K("__global__ void k(float *out, const int *idx) "
           "{ out[idx[threadIdx.x]] = 0; }",
           "k");
  LaneValue V = K.Eval.evaluate(K.index(0));
  ASSERT_TRUE(V.isUnknown());
  EXPECT_EQ(V.reason().Kind, UnknownKind::DataDependent);
  EXPECT_NE(V.reason().Location, 0u);
}

TEST(LaneEvaluatorTest, ThreadGuardsAreDecidedPerLaneForTheFirstWarp) {
  Kernel K(R"(
    __global__ void k(float *out, int n) {
      if (threadIdx.x < 16) out[0] = 0;
      if (n > 0) out[1] = 0;
      if (threadIdx.x % 2 == 0 && n > 0) out[2] = 0;
    })",
           "k");
  EXPECT_EQ(K.Eval.evaluateCondition(K.condition(0)), LaneMask(0xFFFF));
  // A bounds check on a parameter: undecided, taken as true by the walk.
  EXPECT_EQ(K.Eval.evaluateCondition(K.condition(1)), std::nullopt);
  // The lane-decided side of a conjunction is in charge.
  EXPECT_EQ(K.Eval.evaluateCondition(K.condition(2)), LaneMask(0x55555555));
}

TEST(LaneEvaluatorTest, DecidingAGuardSaysWhatItDid) {
  Kernel K(R"(
    __global__ void k(float *out, int n) {
      if (n > 0) out[0] = 0;
      if (threadIdx.x + blockIdx.x * 32 < 20) out[1] = 0;
      if (threadIdx.x == 0) out[2] = 0;
    })",
           "k");
  Evaluated<std::optional<LaneMask>> Uniform =
      K.Eval.decideGuard({K.condition(0), true, nullptr});
  EXPECT_EQ(Uniform.Value, std::nullopt);
  EXPECT_FALSE(Uniform.Did.decidedForFirstWarp());

  // A global index: decided for the second block, where no lane passes,
  // so for the first.
  Evaluated<std::optional<LaneMask>> Global =
      K.Eval.decideGuard({K.condition(1), true, nullptr});
  ASSERT_TRUE(Global.Value);
  EXPECT_EQ(*Global.Value, LaneMask(0xFFFFF));
  EXPECT_TRUE(Global.Did.decidedForFirstWarp());
  EXPECT_TRUE(Global.Did.decidedForFirstBlock());

  Evaluated<std::optional<LaneMask>> Lane0 =
      K.Eval.decideGuard({K.condition(2), true, nullptr});
  EXPECT_EQ(Lane0.Value, LaneMask(1));
  EXPECT_TRUE(Lane0.Did.decidedForFirstWarp());
  EXPECT_FALSE(Lane0.Did.decidedForFirstBlock());
  // The kernel's effects are the sum of its decisions.
  EXPECT_TRUE(K.Eval.kernelEffects().decidedForFirstBlock());
  EXPECT_EQ(K.Eval.kernelEffects().FirstWarpGuards, 2u);
}

TEST(LaneEvaluatorTest, AnAddressHasItsSpaceBaseAndByteOffset) {
  Kernel K(R"(
    __global__ void k(float *out) {
      __shared__ double tile[32][33];
      tile[threadIdx.x][1] = 0;
      out[threadIdx.x + 8] = 0;
    })",
           "k");
  const auto *Shared = K.nth<ArraySubscriptExpr>(0); // tile[..][1]
  PointerValue S = K.Eval.evaluateAddress(Shared);
  ASSERT_FALSE(S.isUnknown());
  EXPECT_EQ(S.Space, MemorySpace::Shared);
  EXPECT_EQ(K.firstWarp(S.Offset), lanesOf(33 * 8, 8));

  const ArraySubscriptExpr *Global = nullptr;
  for (unsigned I = 0; const auto *AS = K.nth<ArraySubscriptExpr>(I); ++I)
    if (AS->getType()->isFloatingType() &&
        AS->getType()->getAs<BuiltinType>()->getKind() == BuiltinType::Float)
      Global = AS;
  ASSERT_TRUE(Global);
  PointerValue G = K.Eval.evaluateAddress(Global);
  ASSERT_FALSE(G.isUnknown());
  EXPECT_EQ(G.Space, MemorySpace::Global);
  EXPECT_TRUE(isa_and_nonnull<ParmVarDecl>(G.Base));
  EXPECT_EQ(K.firstWarp(G.Offset), lanesOf(4, 32));
}

TEST(LaneEvaluatorTest, ALoopVariableIsASymbolThatPinsFix) {
  Kernel K(R"(
    __global__ void k(float *out) {
      for (int j = 0; j < 4; ++j)
        out[j * 32 + threadIdx.x] = 0;
    })",
           "k");
  LaneValue V = K.Eval.evaluate(K.index(0));
  ASSERT_FALSE(V.isUnknown());
  std::vector<SymbolId> Ids;
  for (SymbolId Id : V.symbols())
    if (!K.Symbols[Id].ThreadDerived)
      Ids.push_back(Id);
  ASSERT_EQ(Ids.size(), 1u);
  EXPECT_TRUE(K.Eval.loopVariableOf(Ids.front()));
  EXPECT_EQ(K.Symbols[Ids.front()].Values,
            (std::vector<std::int64_t>{0, 1, 2, 3}));
  // With the loop's variable pinned to 2, the same index is a number per
  // lane; the pins end with the scope.
  std::optional<LaneVector> Pinned;
  K.Eval.withPins({{Ids.front(), 2}},
                  [&] { Pinned = K.firstWarp(K.Eval.evaluate(K.index(0))); });
  EXPECT_EQ(Pinned, lanesOf(1, 64));
  EXPECT_FALSE(K.firstWarp(K.Eval.evaluate(K.index(0))));
}

TEST(LaneEvaluatorTest, EnteredCallsBindTheirArguments) {
  Kernel K(R"(
    __device__ void put(float *p, int at) { p[at] = 0; }
    __global__ void k(float *out) { put(out, threadIdx.x * 4); }
    )",
           "k");
  const CallExpr *Call = K.nth<CallExpr>(0);
  ASSERT_TRUE(Call);
  ASSERT_TRUE(K.Eval.enterCall(Call));
  EXPECT_EQ(K.Eval.currentFunction()->getName(), "put");
  const auto *Put = cast<FunctionDecl>(K.Eval.currentFunction());
  Collect<ArraySubscriptExpr> InPut("put");
  InPut.TraverseDecl(K.AST->getASTContext().getTranslationUnitDecl());
  ASSERT_EQ(InPut.Found.size(), 1u);
  PointerValue P = K.Eval.evaluateAddress(InPut.Found.front());
  ASSERT_FALSE(P.isUnknown());
  EXPECT_EQ(K.firstWarp(P.Offset), lanesOf(16, 0));
  K.Eval.leaveCall();
  EXPECT_EQ(K.Eval.currentFunction(), K.Function);
  EXPECT_NE(Put, K.Function);
}

TEST(LaneEvaluatorTest, AConstantArgumentIsBound) {
  Kernel K("__global__ void k(float *out, int stride) "
           "{ out[threadIdx.x * stride] = 0; }",
           "k");
  const ParmVarDecl *Stride = K.Function->getParamDecl(1);
  ASSERT_TRUE(K.Eval.bindKernelArgument(Stride, 3));
  EXPECT_EQ(K.firstWarp(K.Eval.evaluate(K.index(0))), lanesOf(3, 0));
}

TEST(LaneEvaluatorTest, WarpUniformConditions) {
  Kernel K(R"(
    __global__ void k(float *out, int n) {
      if (blockIdx.x < n) out[0] = 0;
      if (threadIdx.x < n) out[1] = 0;
    })",
           "k");
  EXPECT_TRUE(K.Eval.warpUniform(K.condition(0)));
  EXPECT_FALSE(K.Eval.warpUniform(K.condition(1)));
}

/// The lanes of each warp of a \p Shape block where \p Holds(x, y), one
/// thread at a time (the warps in any order: what is compared is the
/// block's set of masks).
std::vector<LaneMask>
bruteForceWarps(gpumem::cuda::BlockShape Shape,
                const std::function<bool(std::int64_t, std::int64_t)> &Holds) {
  std::vector<LaneMask> Warps(Shape.threads() / WarpLanes, 0);
  for (std::int64_t T = 0; T < Shape.threads(); ++T)
    if (Holds(T % Shape.X, (T / Shape.X) % Shape.Y))
      Warps[T / WarpLanes] |= LaneMask(1) << (T % WarpLanes);
  llvm::sort(Warps);
  return Warps;
}

TEST(LaneEvaluatorTest, GuardsAreDecidedForEveryWarpOfALaunchedBlock) {
  const std::string Code = R"(
    __global__ void k(float *out) {
      if (threadIdx.x < 64) out[0] = 0;
      if (threadIdx.x >= 64 && threadIdx.x % 32 < 8) out[1] = 0;
      if (!(threadIdx.y < 2)) out[2] = 0;
      if (threadIdx.x + 16 * threadIdx.y < 100) out[3] = 0;
      if (threadIdx.x == 47 || threadIdx.y == 3) out[4] = 0;
      if (threadIdx.x * 3 + 40 > threadIdx.y * 50) out[5] = 0;
    })";
  const std::vector<std::function<bool(std::int64_t, std::int64_t)>> Truth = {
      [](std::int64_t X, std::int64_t) { return X < 64; },
      [](std::int64_t X, std::int64_t) { return X >= 64 && X % 32 < 8; },
      [](std::int64_t, std::int64_t Y) { return !(Y < 2); },
      [](std::int64_t X, std::int64_t Y) { return X + 16 * Y < 100; },
      [](std::int64_t X, std::int64_t Y) { return X == 47 || Y == 3; },
      [](std::int64_t X, std::int64_t Y) { return X * 3 + 40 > Y * 50; }};
  for (gpumem::cuda::BlockShape Shape :
       {gpumem::cuda::BlockShape{256, 1, 1}, {64, 4, 1}, {32, 8, 1},
        {16, 16, 1}, {128, 2, 2}}) {
    Kernel K(Code, "k", Shape);
    const std::vector<WarpAssignment> Warps = K.Eval.blockWarps(32);
    ASSERT_EQ(Warps.size(), static_cast<std::size_t>(Shape.threads() / 32))
        << Shape.text("x", "?");
    for (unsigned I = 0; I < Truth.size(); ++I) {
      std::optional<WarpMasks> PerWarp;
      Evaluated<std::optional<LaneMask>> First =
          K.Eval.decideGuard({K.condition(I), true, nullptr}, Warps, PerWarp);
      ASSERT_TRUE(First.Value) << "guard " << I;
      ASSERT_TRUE(PerWarp) << "guard " << I << " in " << Shape.text("x", "?");
      std::vector<LaneMask> Got(PerWarp->begin(), PerWarp->end());
      if (Got.empty()) // every warp's lanes are the first's
        Got.assign(Warps.size(), *First.Value);
      llvm::sort(Got);
      EXPECT_EQ(Got, bruteForceWarps(Shape, Truth[I]))
          << "guard " << I << " in " << Shape.text("x", "?");
    }
  }
}

TEST(LaneEvaluatorTest, ALoopIsDecidedForEveryWarpOnItsFirstPass) {
  Kernel K(R"(
    __global__ void k(float *out) {
      for (int i = threadIdx.x; i < 64; i += 256) out[i] = 0;
      for (int j = threadIdx.x % 32; j < 8; j += 32) out[j] = 0;
    })",
           "k", {256, 1, 1});
  const std::vector<WarpAssignment> Warps = K.Eval.blockWarps(32);
  ASSERT_EQ(Warps.size(), 8u);
  const ForStmt *Tile = K.nth<ForStmt>(0);
  ASSERT_TRUE(Tile);
  std::optional<WarpMasks> PerWarp;
  EXPECT_EQ(K.Eval.decideGuard({Tile->getCond(), true, Tile}, Warps, PerWarp)
                .Value,
            AllLanes);
  ASSERT_TRUE(PerWarp);
  std::vector<LaneMask> Got(PerWarp->begin(), PerWarp->end());
  llvm::sort(Got);
  // Two warps of eight enter the loop: i starts at the thread index.
  EXPECT_EQ(Got, bruteForceWarps({256, 1, 1}, [](std::int64_t X, std::int64_t) {
              return X < 64;
            }));
  // A condition on the lane alone: every warp's lanes are the first's.
  const ForStmt *Lanes = K.nth<ForStmt>(1);
  ASSERT_TRUE(Lanes);
  EXPECT_EQ(
      K.Eval.decideGuard({Lanes->getCond(), true, Lanes}, Warps, PerWarp).Value,
      LaneMask(0xFF));
  ASSERT_TRUE(PerWarp);
  EXPECT_TRUE(PerWarp->empty());
}

TEST(LaneEvaluatorTest, AGuardKeptInAVariableIsDecidedForEachWarp) {
  // A comparison kept in a variable never written again is decided as the
  // comparison: for each warp, and at each pass of a loop around it.
  Kernel K(R"(
    __global__ void k(float *out) {
      const bool lead = threadIdx.x < 64;
      if (lead) out[0] = 0;
      bool later = threadIdx.x < 64;
      later = !later;
      if (later) out[1] = 0;
    })",
           "k", {256, 1, 1});
  const std::vector<WarpAssignment> Warps = K.Eval.blockWarps(32);
  ASSERT_EQ(Warps.size(), 8u);
  std::optional<WarpMasks> PerWarp;
  EXPECT_EQ(K.Eval.decideGuard({K.condition(0), true, nullptr}, Warps,
                               PerWarp)
                .Value,
            LaneMask(AllLanes));
  ASSERT_TRUE(PerWarp);
  ASSERT_EQ(PerWarp->size(), 8u);
  for (std::size_t W = 0; W < 8; ++W)
    EXPECT_EQ((*PerWarp)[W], W < 2 ? LaneMask(AllLanes) : LaneMask(0)) << W;
  // Written after its declaration: not read through (the first warp's
  // lanes of its value, as before).
  EXPECT_EQ(K.Eval.decideGuard({K.condition(1), true, nullptr}, Warps,
                               PerWarp)
                .Value,
            LaneMask(0));
  EXPECT_FALSE(PerWarp);
}

TEST(LaneEvaluatorTest, WarpsAreNotDecidedWhereTheirLanesAreNotKnown) {
  const std::string Code = R"(
    __global__ void k(float *out) {
      int lead = threadIdx.x % 32;
      if (lead) out[0] = 0;
    })";
  // A number kept in a variable and taken as a condition holds the first
  // warp's lanes only.
  Kernel K(Code, "k", {256, 1, 1});
  const std::vector<WarpAssignment> Warps = K.Eval.blockWarps(32);
  ASSERT_EQ(Warps.size(), 8u);
  std::optional<WarpMasks> PerWarp;
  EXPECT_TRUE(K.Eval.decideGuard({K.condition(0), true, nullptr}, Warps,
                                 PerWarp)
                  .Value);
  EXPECT_FALSE(PerWarp);
  // A block whose last warp is not whole, or past the most warps asked
  // for, is not decided per warp.
  EXPECT_TRUE(Kernel(Code, "k", {48, 1, 1}).Eval.blockWarps(32).empty());
  EXPECT_TRUE(Kernel(Code, "k", {1024, 1, 1}).Eval.blockWarps(16).empty());
  EXPECT_TRUE(Kernel(Code, "k", {32, 1, 1}).Eval.blockWarps(32).empty());
}

} // namespace
