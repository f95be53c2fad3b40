//===- CuteViews.cpp - where a CuTe kernel's tensors put each lane --------===//
//
// A builder (a call into namespace cute that returns a value) touches no
// memory and is not entered. A copy is priced when both tensors' layouts
// are static and each side in memory has a start followed here; otherwise
// its sides in memory are recorded as unknown, with why. CuTe's other
// algorithms (gemm, fill, axpby, ...) are walked as any library function,
// unless they only touch registers.
//
//===----------------------------------------------------------------------===//
#include "checks/access/CuteViews.h"

#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/CuteTypes.h"

#include "clang/AST/ExprCXX.h"

#include <limits>

namespace gpumem::access::detail {

using namespace clang;
using cuda::CuteMemory;
using cuda::CuteTensor;
using lanes::LaneValue;
using lanes::PointerValue;

namespace {

/// How a copy moves its elements: the elements per instruction, the
/// opcode, or why it is not priced.
struct CopyShape {
  std::int64_t Vector = 1;
  std::int64_t ElementBytes = 0;
  bool Async = false;
  std::string Why;
};

CopyShape copyShapeOf(const CallExpr *Call, const std::optional<CuteTensor> &S,
                      const std::optional<CuteTensor> &D,
                      const std::optional<model::FlatLayout> &SL,
                      const std::optional<model::FlatLayout> &DL,
                      const ASTContext &Ctx) {
  CopyShape Shape;
  const unsigned N = Call->getNumArgs();
  // copy(src, dst) vectorises as CuTe's auto-vectorising copy does, up to
  // 128 bits (static layouts are assumed aligned to it, as CuTe assumes);
  // copy(atom or tiled copy, src, dst) moves the atom's bytes, or
  // vectorises up to an auto-vectorising atom's bits.
  cuda::CuteCopyAtom Atom;
  if (N == 2)
    Atom.AutoVectorBits = 128;
  else if (N == 3)
    Atom = cuda::cuteCopyAtomOf(Call->getArg(0)->getType(), Ctx);
  const unsigned AutoBits = Atom.AutoVectorBits;
  const std::int64_t AtomBytes = Atom.Bytes;
  Shape.Async = Atom.Async;
  auto Bytes = [&](const std::optional<CuteTensor> &T) -> std::int64_t {
    return T ? T->elementBytes(Ctx) : 0;
  };
  Shape.ElementBytes = Bytes(S);
  if (!S || !D)
    Shape.Why = "CuTe copy of tensors whose types the analysis does not read";
  else if (!AutoBits && !AtomBytes)
    Shape.Why = "CuTe copy through a copy atom the analysis does not read";
  else if (!Shape.ElementBytes || Bytes(D) != Shape.ElementBytes)
    Shape.Why = "CuTe copy between element types of different sizes";
  else if (SL && DL && SL->size() != DL->size())
    Shape.Why = "CuTe copy of tensors of different sizes";
  else if (DL && llvm::any_of(DL->Modes, [](const model::LayoutMode &M) {
             return M.Stride == 0 && M.Shape > 1;
           }))
    Shape.Why = "CuTe copy into a broadcast layout";
  else if (!SL || !DL) {
    // A stride known only at run time: CuTe assumes no alignment (8 bits),
    // so the copy goes element by element; an atom must move one element.
    if (!AutoBits && AtomBytes != Shape.ElementBytes)
      Shape.Why = "CuTe copy atom wider than one element over a layout "
                  "known only at run time";
  } else if (AutoBits)
    Shape.Vector = model::copyVectorElements(
        *SL, *DL, static_cast<unsigned>(Shape.ElementBytes * 8), AutoBits);
  else if (AtomBytes % Shape.ElementBytes == 0)
    Shape.Vector = AtomBytes / Shape.ElementBytes;
  else
    Shape.Why = "CuTe copy atom narrower than one element";
  return Shape;
}

} // namespace

PointerValue CuteViews::notFollowed(const Expr *E, std::string Why) {
  return PointerValue::unknown(lanes::UnknownKind::NotFollowed, std::move(Why),
                               E->getExprLoc().getRawEncoding());
}

/// \p E without the wrappers a tensor passed by value or bound to a
/// variable gathers: temporaries, casts, copies and moves.
const Expr *CuteViews::unwrap(const Expr *E) {
  for (unsigned Guard = 0; E && Guard < 32; ++Guard) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *C = dyn_cast<ExprWithCleanups>(Next))
      Next = C->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Next))
      Next = F->getSubExpr();
    else if (const auto *Ctor = dyn_cast<CXXConstructExpr>(Next);
             Ctor && Ctor->getNumArgs() == 1 &&
             Ctor->getConstructor()->isCopyOrMoveConstructor())
      Next = Ctor->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

/// The initialiser of the local variable \p E names, when it is one (not a
/// parameter: a tensor handed to a kernel is built on the host).
const Expr *CuteViews::localInitializer(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage())
    return nullptr;
  return VD->getInit();
}

const Expr *CuteViews::bound(const Expr *E) {
  E = unwrap(E);
  if (const Expr *Init = localInitializer(E))
    return unwrap(Init);
  return E;
}

bool CuteViews::inRegisters(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
    std::optional<CuteTensor> T = cuda::cuteTensorOf(E->getType());
    if (!T)
      return false;
    if (T->Memory == CuteMemory::Registers)
      return true;
    // A slice of a register tensor views the same registers (its type
    // says a plain pointer).
    E = bound(E);
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Op || Op->getOperator() != OO_Call || Op->getNumArgs() < 2)
      return false;
    E = Op->getArg(0);
  }
  return false;
}

/// The call's callee's name when it is a function of namespace cute.
StringRef CuteViews::cuteFunctionName(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  if (!Callee || !Callee->getIdentifier() || !cuda::inCuteNamespace(Callee))
    return {};
  return Callee->getName();
}

CuteViews::CallPlan CuteViews::planCall(const CallExpr *Call) {
  CallPlan Plan;
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  // Operators of CuTe's types (a tensor's element, a layout's offset) are
  // planElement's business, or arithmetic.
  if (!Callee || !cuda::inCuteNamespace(Callee) || !Callee->getIdentifier())
    return Plan;
  const StringRef Name = Callee->getName();
  if (Name == "copy" || Name == "copy_aligned") {
    Plan.What = CallPlan::Role::Copy;
    planCopy(Call, Plan);
    return Plan;
  }
  // Algorithms that take a function of the user's are walked as before.
  for (const Expr *Arg : Call->arguments())
    if (const CXXRecordDecl *RD =
            Arg->getType().getNonReferenceType()->getAsCXXRecordDecl();
        RD && RD->isLambda())
      return Plan;
  bool OnlyRegisters = true;
  for (const Expr *Arg : Call->arguments())
    if (std::optional<CuteTensor> T = cuda::cuteTensorOf(Arg->getType()))
      OnlyRegisters &= T->Memory == CuteMemory::Registers;
  // A builder returns a view, a layout or a number: no memory. An
  // algorithm over memory (gemm from shared memory, fill of a global
  // tile) is walked.
  if (!Callee->getReturnType()->isVoidType() || OnlyRegisters)
    Plan.What = CallPlan::Role::NoMemory;
  return Plan;
}

void CuteViews::planCopy(const CallExpr *Call, CallPlan &Plan) {
  const unsigned N = Call->getNumArgs();
  if (N < 2)
    return;
  const Expr *Src = Call->getArg(N - 2);
  const Expr *Dst = Call->getArg(N - 1);
  std::optional<CuteTensor> S = cuda::cuteTensorOf(Src->getType());
  std::optional<CuteTensor> D = cuda::cuteTensorOf(Dst->getType());
  std::optional<model::FlatLayout> SL = S ? S->Layout.flat() : std::nullopt;
  std::optional<model::FlatLayout> DL = D ? D->Layout.flat() : std::nullopt;
  const CopyShape Shape = copyShapeOf(Call, S, D, SL, DL, Ctx);
  Plan.Opcode = Shape.Async ? "cp.async" : "cute::copy";
  auto Side = [&](const Expr *Arg, const std::optional<CuteTensor> &T,
                  const std::optional<model::FlatLayout> &L, AccessKind Kind) {
    if (inRegisters(Arg))
      return;
    // Each instruction's offset in the thread's share, in elements: from
    // the static layout, or per element from the strides followed.
    std::optional<std::vector<LaneValue>> Starts;
    PointerValue Start;
    if (Shape.Why.empty()) {
      View Tensor = view(Arg, 0);
      if (!L)
        Starts = elementOffsets(Arg, Tensor.Strides);
      else if (auto Numbers = model::instructionOffsets(*L, Shape.Vector)) {
        Starts.emplace();
        for (std::int64_t Offset : *Numbers)
          Starts->push_back(LaneValue::constant(Offset));
      }
      Start = Tensor.Start;
    }
    if (!Starts || Start.isUnknown()) {
      PointerValue Unknown =
          Start.isUnknown()
              ? Start
              : notFollowed(Arg, !Shape.Why.empty() ? Shape.Why
                                 : L ? "CuTe copy the analysis does not "
                                       "split into instructions"
                                     : "CuTe copy of a layout whose run-time "
                                       "strides the analysis does not "
                                       "follow");
      Plan.Instructions.push_back(
          {Arg, Unknown, 0, Kind, [Unknown] { return Unknown; }});
      return;
    }
    const unsigned Bytes =
        static_cast<unsigned>(Shape.Vector * Shape.ElementBytes);
    const LaneValue Element = LaneValue::constant(Shape.ElementBytes);
    for (std::size_t I = 0; I < Starts->size(); ++I) {
      PointerValue P = Start;
      P.Offset = P.Offset + (*Starts)[I] * Element;
      // Again, with symbols pinned: the start evaluated anew, and a
      // run-time offset too (a static layout's is a number).
      std::optional<LaneValue> Fixed;
      if (L)
        Fixed = (*Starts)[I];
      Plan.Instructions.push_back(
          {Arg, P, Bytes, Kind, [this, Arg, I, Element, Fixed] {
             View Tensor = view(Arg, 0);
             PointerValue Again = Tensor.Start;
             std::optional<std::vector<LaneValue>> Offsets;
             if (!Fixed)
               Offsets = elementOffsets(Arg, Tensor.Strides);
             if (!Fixed && (!Offsets || I >= Offsets->size()))
               return notFollowed(Arg, "CuTe copy not split again");
             Again.Offset =
                 Again.Offset + (Fixed ? *Fixed : (*Offsets)[I]) * Element;
             return Again;
           }});
    }
  };
  Side(Src, S, SL, AccessKind::Load);
  Side(Dst, D, DL, AccessKind::Store);
}

std::optional<CuteViews::ElementPlan> CuteViews::planElement(const Expr *LValue,
                                                             AccessKind Kind) {
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(unwrap(LValue));
  if (!Op ||
      (Op->getOperator() != OO_Call && Op->getOperator() != OO_Subscript) ||
      Op->getNumArgs() < 2)
    return std::nullopt;
  std::optional<CuteTensor> T = cuda::cuteTensorOf(Op->getArg(0)->getType());
  if (!T)
    return std::nullopt;
  ElementPlan Plan;
  Plan.Coordinates.assign(Op->arg_begin() + 1, Op->arg_end());
  if (inRegisters(Op->getArg(0)))
    return Plan;
  const std::int64_t ElementBytes = T->elementBytes(Ctx);
  // The element's offset: one coordinate per mode through the modes'
  // strides, or one index through the whole layout when it is a number.
  auto Address = [this, Op, LValue, Layout = T->Layout,
                  ElementBytes]() -> PointerValue {
    if (!ElementBytes)
      return notFollowed(LValue, "element of a CuTe tensor of a type the "
                                 "analysis does not size");
    PointerValue P = view(Op->getArg(0), 0).Start;
    const unsigned Coordinates = Op->getNumArgs() - 1;
    if (Coordinates == Layout.Modes.size()) {
      for (unsigned I = 0; I < Coordinates; ++I) {
        std::optional<model::LayoutMode> Mode = Layout.flatMode(I);
        if (!Mode)
          return notFollowed(LValue, "element of a CuTe tensor whose stride "
                                     "is known only at run time");
        P.Offset =
            P.Offset + Eval.evaluate(Op->getArg(I + 1)) *
                           LaneValue::constant(Mode->Stride * ElementBytes);
      }
      return P;
    }
    std::optional<model::FlatLayout> Flat = Layout.flat();
    std::optional<std::int64_t> Index =
        Coordinates == 1 ? Eval.evaluate(Op->getArg(1)).asConstant()
                         : std::nullopt;
    if (!Flat || !Index || *Index < 0 || *Index >= Flat->size())
      return notFollowed(LValue, "element of a CuTe tensor at an index the "
                                 "analysis does not read");
    P.Offset =
        P.Offset + LaneValue::constant(Flat->offsetOf(*Index) * ElementBytes);
    return P;
  };
  Plan.Access = Instruction{LValue, Address(),
                            static_cast<unsigned>(ElementBytes), Kind, Address};
  return Plan;
}

} // namespace gpumem::access::detail
