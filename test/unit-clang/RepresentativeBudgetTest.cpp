//===- RepresentativeBudgetTest.cpp - the instantiation budget's bounds ---===//
//
// The analysis's own instantiations of kernel templates are bounded per
// file by a count and by the bytes of AST they add (checks/
// RepresentativeInstances.h). The lit test reaches the count; the bytes
// (256 MB by default) are reached here with a smaller bound and
// instantiations that allocate what they are charged.
//
//===----------------------------------------------------------------------===//
#include "checks/RepresentativeInstances.h"

#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

using clang::tidy::gpumem::RepresentativeBudget;
using clang::tidy::gpumem::RepresentativeInstance;

/// A stand-in for an instantiation: \p Bytes allocated in \p Ctx's AST.
RepresentativeInstance allocating(clang::ASTContext &Ctx, std::size_t Bytes) {
  Ctx.Allocate(Bytes);
  return {};
}

TEST(RepresentativeBudgetTest, TheBytesOfASTAddedAreBounded) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCode("int x;", "input.cc");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  const std::size_t MB = std::size_t(1) << 20;
  RepresentativeBudget Budget(/*MaxCount=*/64, /*MaxBytes=*/3 * MB);
  EXPECT_FALSE(Budget.spent());
  Budget.charge(Ctx, [&] { return allocating(Ctx, 2 * MB); });
  EXPECT_FALSE(Budget.spent());
  // The instantiation that passes the bound is made and counted; none
  // after it.
  Budget.charge(Ctx, [&] { return allocating(Ctx, 2 * MB); });
  EXPECT_TRUE(Budget.spent());
  const std::string Why = Budget.why();
  EXPECT_NE(Why.find("2 tried, 4 MB of AST, at most 64 and 3 MB"),
            std::string::npos)
      << Why;
}

TEST(RepresentativeBudgetTest, TheCountIsBoundedWhateverTheBytes) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCode("int x;", "input.cc");
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  RepresentativeBudget Budget(/*MaxCount=*/2);
  Budget.charge(Ctx, [&] { return allocating(Ctx, 0); });
  EXPECT_FALSE(Budget.spent());
  Budget.charge(Ctx, [&] { return allocating(Ctx, 0); });
  EXPECT_TRUE(Budget.spent());
  EXPECT_NE(Budget.why().find("2 tried, 0 MB of AST, at most 2 and 256 MB"),
            std::string::npos)
      << Budget.why();
}

} // namespace
