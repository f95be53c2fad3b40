//===- AsmAddresses.cpp - addresses held in integers, for inline asm
//-------===//
//
// Part of the evaluator's core (EvaluatorCore.h lists its files). Inline PTX
// takes a shared address as a 32-bit integer of the shared window
// (`"r"(__cvta_generic_to_shared(p))`) and a global one as a 64-bit
// integer or a pointer; code computes them once and moves them in bytes.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/EvaluatorCore.h"

#include "checks/lanes/EvaluatorSupport.h"

#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

namespace {

/// The CUDA intrinsics that turn a generic pointer into a state space's
/// address (an integer).
bool isAddressConversion(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 1)
    return false;
  StringRef Name = Callee->getName();
  return Name == "__cvta_generic_to_shared" ||
         Name == "__cvta_generic_to_global";
}

/// evaluateAsmAddress of a variable: a local's initializer, an entered
/// function's argument evaluated in its caller.
PointerValue asmAddressVariable(EvaluatorCore &C, const VarDecl *VD,
                                const Expr *Use) {
  std::vector<CallFrame> &Frames = C.frames();
  if (Frames.empty())
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "address operand outside a function",
                                 C.loc(Use));
  // A parameter of an entered function: its argument, in the caller.
  if (const auto *P = dyn_cast<ParmVarDecl>(VD);
      P && Frames.size() > 1 && Frames.back().Call &&
      P->getDeclContext() == Frames.back().Function &&
      P->getFunctionScopeIndex() + Frames.back().FirstArgument <
          Frames.back().Call->getNumArgs()) {
    const Expr *Arg = Frames.back().Call->getArg(P->getFunctionScopeIndex() +
                                                 Frames.back().FirstArgument);
    return C.inFirstFrames(Frames.size() - 1,
                           [&] { return C.evaluateAsmAddress(Arg); });
  }
  const cuda::FunctionFacts *F = Frames.back().Facts;
  if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() &&
      (!F || F->writesOf(VD).empty()))
    return C.evaluateAsmAddress(VD->getInit());
  return PointerValue::unknown(
      UnknownKind::NotFollowed,
      "address in '" + VD->getNameAsString() +
          "', which the analysis does not follow (a parameter, or written "
          "more than once)",
      C.loc(Use));
}

} // namespace

PointerValue EvaluatorCore::evaluateAsmAddress(const Expr *E) {
  if (std::optional<PointerValue> Capped = pointerCap(E))
    return *Capped;
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  E = E->IgnoreParens();
  if (E->getType()->isPointerType())
    return evaluatePointer(E);
  auto NotFollowed = [&] {
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "address operand of inline asm the analysis "
                                 "does not follow",
                                 loc(E));
  };
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_PointerToIntegral:
      return evaluatePointer(Cast->getSubExpr());
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_LValueToRValue:
      return evaluateAsmAddress(Cast->getSubExpr());
    default:
      return NotFollowed();
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return asmAddressVariable(*this, VD, Ref);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (isAddressConversion(Call))
      return evaluatePointer(Call->getArg(0));
    if (const Expr *Returned = returnedBy(Call))
      if (CallScope In(*this, Call); In)
        return evaluateAsmAddress(Returned);
    return NotFollowed();
  }
  // An address moved by a number of bytes; either side of a sum.
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
    PointerValue Address = evaluateAsmAddress(BO->getLHS());
    const Expr *Bytes = BO->getRHS();
    if (!Address.Base && BO->getOpcode() == BO_Add) {
      Address = evaluateAsmAddress(BO->getRHS());
      Bytes = BO->getLHS();
    }
    if (!Address.Base || Address.isUnknown())
      return NotFollowed();
    LaneValue By = evaluate(Bytes);
    if (BO->getOpcode() == BO_Sub)
      By = -By;
    Address.Offset = By.isUnknown() ? By : Address.Offset + By;
    return Address;
  }
  return NotFollowed();
}

} // namespace gpumem::lanes
