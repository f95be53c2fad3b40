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

#include "clang/Basic/SourceManager.h"
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

/// The generic pointer an asm statement converts into the state-space
/// address it writes to \p VD: `cvta.to.shared.u64 t, %1;` (then, for a
/// 32-bit output, `cvt.u32.u64 %0, t;`), the helper libraries write before
/// `__cvta_generic_to_shared` existed. Null for any other asm: one output,
/// \p VD's, one pointer input, one conversion to the shared or global
/// space and no other instruction that could change the address.
const Expr *convertedPointer(const GCCAsmStmt *Asm, const VarDecl *VD) {
  if (!Asm || Asm->getNumOutputs() != 1 || Asm->getNumInputs() != 1 ||
      cuda::heldVariable(Asm->getOutputExpr(0)) != VD)
    return nullptr;
  const Expr *Input = Asm->getInputExpr(0)->IgnoreParenImpCasts();
  if (!Input->getType()->isPointerType())
    return nullptr;
  const std::string Text = Asm->generateAsmString(VD->getASTContext());
  llvm::SmallVector<StringRef, 4> Instructions;
  StringRef(Text).split(Instructions, ';', -1, /*KeepEmpty=*/false);
  unsigned Conversions = 0;
  for (StringRef I : Instructions) {
    I = I.trim(" \t\n{}");
    if (I.empty() || I.starts_with(".reg"))
      continue;
    if (I.starts_with("cvta.to.shared.") || I.starts_with("cvta.to.global."))
      ++Conversions;
    else if (!I.starts_with("cvt.u32.u64") && !I.starts_with("mov."))
      return nullptr;
  }
  return Conversions == 1 ? Input : nullptr;
}

/// What a helper that converts an address in inline asm returns: its body
/// declares locals, runs asm statements and returns one value (`unsigned
/// a; asm("cvta.to.shared..." : "=r"(a) : "l"(p)); return a;`); null for
/// any other body. The value is followed only through a converting asm
/// (convertedPointer).
const Expr *asmHelperResult(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  const FunctionDecl *Def = nullptr;
  const auto *Body = Callee && Callee->hasBody(Def)
                         ? dyn_cast<CompoundStmt>(Def->getBody())
                         : nullptr;
  const auto *Return = Body && Body->size() >= 2
                           ? dyn_cast<ReturnStmt>(Body->body_back())
                           : nullptr;
  if (!Return || !Return->getRetValue())
    return nullptr;
  for (const Stmt *S : llvm::drop_end(Body->body()))
    if (!isa<DeclStmt>(S) && !isa<GCCAsmStmt>(S) && !isa<NullStmt>(S))
      return nullptr;
  return Return->getRetValue();
}

/// evaluateAsmAddress of a variable: a local's initializer, an entered
/// function's argument evaluated in its caller, the pointer an asm
/// conversion wrote it from (convertedPointer).
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
  llvm::ArrayRef<const Stmt *> Writes;
  if (F)
    Writes = F->writesOf(VD);
  if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD)) {
    if (VD->getInit() && Writes.empty())
      return C.evaluateAsmAddress(VD->getInit());
    // `unsigned a; asm("cvta.to.shared..." : "=r"(a) : "l"(p));`, read
    // after that one write.
    const Expr *Pointer =
        !VD->getInit() && Writes.size() == 1
            ? convertedPointer(dyn_cast<GCCAsmStmt>(Writes.front()), VD)
            : nullptr;
    if (Pointer && C.Ctx.getSourceManager().isBeforeInTranslationUnit(
                       Writes.front()->getEndLoc(), Use->getBeginLoc()))
      return C.evaluatePointer(Pointer);
  }
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
    const Expr *Returned = returnedBy(Call);
    if (!Returned)
      Returned = asmHelperResult(Call);
    if (Returned)
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
