//===- FoldIntTest.cpp - integer folds over the variables a caller knows
//---===//
//
// launch::foldInt folds what Clang does not (expressions over non-const
// locals) and must give nothing wherever C++ would wrap, overflow or leave
// the result undefined; launch::valueAfterWrite steps a variable through
// its writes; launch::setOnceValue reads a local never written again.
//
//===----------------------------------------------------------------------===//
#include "checks/launch/FoldInt.h"
#include "checks/cuda/FunctionFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace {

using namespace clang;
using namespace clang::ast_matchers;
using gpumem::cuda::FunctionFacts;

/// One function `f` whose locals are read back by name.
class Function {
public:
  explicit Function(const std::string &Body)
      : AST(tooling::buildASTFromCodeWithArgs(
            "void f(int p) {\n" + Body + "\n}", {"-std=c++17"}, "input.cc")) {
    Ctx = &AST->getASTContext();
    F = selectFirst<FunctionDecl>(
        "f", match(functionDecl(hasName("f")).bind("f"), *Ctx));
    Facts = std::make_unique<FunctionFacts>(F);
  }

  const VarDecl *var(const std::string &Name) {
    return selectFirst<VarDecl>("v",
                                match(varDecl(hasName(Name)).bind("v"), *Ctx));
  }

  /// The initializer of \p Name folded with \p Known's variables.
  std::optional<std::int64_t>
  fold(const std::string &Name,
       const std::map<std::string, std::int64_t> &Known = {}) {
    return gpumem::launch::foldInt(
        var(Name)->getInit(), *Ctx,
        [&](const VarDecl *VD) -> std::optional<std::int64_t> {
          auto It = Known.find(VD->getName().str());
          if (It == Known.end())
            return std::nullopt;
          return It->second;
        });
  }

  std::optional<std::int64_t> setOnce(const std::string &Name) {
    return gpumem::launch::setOnceValue(
        var(Name), *Ctx,
        [&](const FunctionDecl *) -> const FunctionFacts & { return *Facts; });
  }

  /// \p Name stepped through each of its writes in order, from its
  /// initializer folded over nothing.
  std::optional<std::int64_t> afterWrites(const std::string &Name) {
    const VarDecl *VD = var(Name);
    std::optional<std::int64_t> Value =
        gpumem::launch::foldInt(VD->getInit(), *Ctx, [](const VarDecl *) {
          return std::optional<std::int64_t>();
        });
    for (const Stmt *W : Facts->writesOf(VD))
      Value = gpumem::launch::valueAfterWrite(
          W, VD, Value, *Ctx,
          [](const VarDecl *) { return std::optional<std::int64_t>(); });
    return Value;
  }

private:
  std::unique_ptr<ASTUnit> AST;
  ASTContext *Ctx = nullptr;
  const FunctionDecl *F = nullptr;
  std::unique_ptr<FunctionFacts> Facts;
};

TEST(FoldIntTest, FoldsOperatorsOverKnownVariables) {
  Function F("int bx = 0; int by = 256 / bx + (bx << 2) - (bx % 3);\n"
             "int pitch = ~0x3f & (4 * (bx + 2) + 0x3f);\n"
             "int pick = bx > 4 ? bx * 2 : -bx;");
  EXPECT_EQ(F.fold("by", {{"bx", 16}}), 256 / 16 + (16 << 2) - (16 % 3));
  // The pitch of a 16-wide tile of bytes padded to 64: (4 * 18 + 63) & ~63.
  EXPECT_EQ(F.fold("pitch", {{"bx", 80}}), 384);
  EXPECT_EQ(F.fold("pick", {{"bx", 8}}), 16);
  EXPECT_EQ(F.fold("pick", {{"bx", 2}}), -2);
  // A variable nobody knows: nothing.
  EXPECT_EQ(F.fold("by"), std::nullopt);
}

TEST(FoldIntTest, GivesNothingWhereCPlusPlusWrapsOrIsUndefined) {
  Function F("int k = 0; unsigned u = 0u;\n"
             "int quotient = 32 / k;\n"
             "int shifted = 1 << k;\n"
             "int product = k * k;\n"
             "unsigned below = u - 9u;\n"
             "short narrow = (short)(k * 1000);\n"
             "int fine = (int)(u - 1u);");
  EXPECT_EQ(F.fold("quotient", {{"k", 0}}), std::nullopt);
  EXPECT_EQ(F.fold("quotient", {{"k", 8}}), 4);
  EXPECT_EQ(F.fold("shifted", {{"k", 40}}), std::nullopt);
  EXPECT_EQ(F.fold("shifted", {{"k", 30}}), 1 << 30);
  // 65536 * 65536 does not fit an int.
  EXPECT_EQ(F.fold("product", {{"k", 65536}}), std::nullopt);
  EXPECT_EQ(F.fold("below", {{"u", 8}}), std::nullopt);
  EXPECT_EQ(F.fold("below", {{"u", 10}}), 1);
  EXPECT_EQ(F.fold("narrow", {{"k", 40}}), std::nullopt);
  EXPECT_EQ(F.fold("narrow", {{"k", 3}}), 3000);
  EXPECT_EQ(F.fold("fine", {{"u", 0}}), std::nullopt);
}

TEST(FoldIntTest, ALocalSetOnceIsItsInitializerOverOtherSuchLocals) {
  Function F("int bx = 8; int by = 256 / bx; int again = 2; again = 3;\n"
             "int fromWritten = again + 1; int fromParameter = p * 2;");
  EXPECT_EQ(F.setOnce("by"), 32);
  // Written after its declaration, or read from one that is: nothing.
  EXPECT_EQ(F.setOnce("again"), std::nullopt);
  EXPECT_EQ(F.setOnce("fromWritten"), std::nullopt);
  EXPECT_EQ(F.setOnce("fromParameter"), std::nullopt);
}

TEST(FoldIntTest, AVariableIsSteppedThroughItsWrites) {
  Function F("int a; a = 4; a *= 3; ++a; a -= 5;\n"
             "short s = 30000; s += 30000;\n"
             "int t = 1; t = t << 4; t--;\n"
             "int c = 1; c = p;");
  EXPECT_EQ(F.afterWrites("a"), 4 * 3 + 1 - 5);
  // 60000 does not fit the short it is stored back into.
  EXPECT_EQ(F.afterWrites("s"), std::nullopt);
  EXPECT_EQ(F.afterWrites("t"), 15);
  EXPECT_EQ(F.afterWrites("c"), std::nullopt);
}

} // namespace
