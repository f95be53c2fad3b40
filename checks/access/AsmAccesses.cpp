//===- AsmAccesses.cpp - the accesses of inline PTX and library copies ----===//
//
// Part of the access walk (AccessWalk.h). Hand-written GEMM and attention
// kernels move their tiles with inline PTX: vector loads and stores,
// cp.async (a global load and a shared store in one instruction) and
// ldmatrix. The template is read by cuda::parsePtxMemoryOps; each operand
// it names is bound to its C++ expression, whose value the evaluator gives
// as an address (LaneEvaluator::evaluateAsmAddress). Copies written as
// library calls are here too: __pipeline_memcpy_async, and CuTe's copy()
// as CuteViews (CuteViews.h) splits it into instructions.
//
//===----------------------------------------------------------------------===//
#include "checks/access/AccessWalk.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CuteTypes.h"
#include "checks/cuda/PtxInstructions.h"

namespace gpumem::access::detail {

using namespace clang;
using cuda::PtxMemoryOp;
using lanes::MemorySpace;
using lanes::PointerValue;

namespace {

/// The expression of operand \p A of \p Asm (outputs first, then inputs,
/// as GCC numbers them); null when there is none.
const Expr *operandOf(const GCCAsmStmt *Asm, int Number,
                      const std::string &Name) {
  int N = Number >= 0 ? Number : Asm->getNamedOperand(Name);
  if (N < 0)
    return nullptr;
  unsigned I = static_cast<unsigned>(N);
  if (I < Asm->getNumOutputs())
    return Asm->getOutputExpr(I);
  I -= Asm->getNumOutputs();
  return I < Asm->getNumInputs() ? Asm->getInputExpr(I) : nullptr;
}

/// \p P as the address an instruction of state space \p In uses, moved by
/// the template's constant offset; unknown when the space disagrees.
PointerValue inSpace(PointerValue P, PtxMemoryOp::Space In,
                     std::int64_t Offset, std::uint64_t Where) {
  if (P.isUnknown())
    return P;
  const MemorySpace Want = In == PtxMemoryOp::Space::Shared ? MemorySpace::Shared
                           : In == PtxMemoryOp::Space::Global
                               ? MemorySpace::Global
                               : P.Space;
  if (P.Space != Want)
    return PointerValue::unknown(lanes::UnknownKind::NotFollowed,
                                 "inline PTX address of another state space "
                                 "than its instruction's",
                                 Where);
  P.Offset = P.Offset + lanes::LaneValue::constant(Offset);
  return P;
}

AccessKind kindOf(PtxMemoryOp::Kind K) {
  switch (K) {
  case PtxMemoryOp::Kind::Store:
  case PtxMemoryOp::Kind::StoreMatrix:
    return AccessKind::Store;
  case PtxMemoryOp::Kind::Atomic:
    return AccessKind::ReadModifyWrite;
  case PtxMemoryOp::Kind::Load:
  case PtxMemoryOp::Kind::AsyncCopy:
  case PtxMemoryOp::Kind::LoadMatrix:
    return AccessKind::Load;
  }
  llvm_unreachable("every kind of PTX memory instruction is listed");
}

std::uint64_t rawLocation(const Stmt *S) {
  return S->getBeginLoc().getRawEncoding();
}

} // namespace

void AccessWalk::visitAsm(const GCCAsmStmt *Asm, const State &St) {
  cuda::PtxMemoryOps Ops = cuda::parsePtxMemoryOps(Asm->getAsmString());
  for (const PtxMemoryOp &Op : Ops.Ops) {
    const Expr *Target = operandOf(Asm, Op.Address.Operand, Op.Address.Name);
    if (!Target)
      continue; // Clang rejects a template that names no operand
    unsigned Bytes = Op.Bytes;
    if (!Bytes)
      if (const Expr *Size = operandOf(Asm, Op.SizeOperand, Op.SizeName))
        if (std::optional<std::int64_t> N = cuda::constantInt(Size, Ctx);
            N && (*N == 4 || *N == 8 || *N == 16))
          Bytes = static_cast<unsigned>(*N);
    // The address an operand holds, in the instruction's state space; the
    // same evaluation again once symbols are pinned.
    auto At = [&](const Expr *Operand, PtxMemoryOp::Space In,
                  std::int64_t Offset) {
      return Bytes ? inSpace(Eval.evaluateAsmAddress(Operand), In, Offset,
                             rawLocation(Operand))
                   : PointerValue::unknown(lanes::UnknownKind::NotFollowed,
                                           "copy size the analysis does not "
                                           "know",
                                           rawLocation(Operand));
    };
    auto Record = [&](const Expr *Operand, PtxMemoryOp::Space In,
                      std::int64_t Offset, AccessKind Kind, const State &S) {
      addInstruction(Operand, At(Operand, In, Offset), Bytes, Kind, Op.Opcode,
                     S, [&] { return At(Operand, In, Offset); });
    };
    if (Op.What == PtxMemoryOp::Kind::AsyncCopy) {
      if (const Expr *Source =
              operandOf(Asm, Op.Source.Operand, Op.Source.Name))
        Record(Source, PtxMemoryOp::Space::Global, Op.Source.Offset,
               AccessKind::Load, St);
      Record(Target, Op.In, Op.Address.Offset, AccessKind::Store, St);
      continue;
    }
    State Lanes = St;
    if (Op.AddressLanes < lanes::WarpLanes)
      Lanes.Active &= (lanes::LaneMask(1) << Op.AddressLanes) - 1;
    Record(Target, Op.In, Op.Address.Offset, kindOf(Op.What), Lanes);
  }
  // Memory instructions whose addresses the template computes itself: not
  // followed, and said so at the statement's first operand.
  const Expr *First = Asm->getNumInputs()    ? Asm->getInputExpr(0)
                      : Asm->getNumOutputs() ? Asm->getOutputExpr(0)
                                             : nullptr;
  if (First)
    for (const std::string &Opcode : Ops.NotFollowed) {
      PointerValue Unknown = PointerValue::unknown(
          lanes::UnknownKind::NotFollowed,
          "inline PTX '" + Opcode +
              "' at an address the analysis does not follow",
          rawLocation(First));
      addInstruction(First, Unknown, 0, AccessKind::Load, Opcode, St,
                     [&] { return Unknown; });
    }
  // The operands' own reads (an input "r"(tile[i]) is a load).
  visitChildren(Asm, St);
}

bool AccessWalk::visitCopyCall(const CallExpr *Call, const State &St) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  if (Callee->getName() != "__pipeline_memcpy_async") {
    CuteViews::CallPlan Plan = Cute.planCall(Call);
    if (Plan.What == CuteViews::CallPlan::Role::Walk)
      return false;
    // A builder: the kernel's own expressions among its arguments
    // (`threadIdx.x`, a coordinate), not the tensors they name. A copy:
    // its instructions.
    if (Plan.What == CuteViews::CallPlan::Role::NoMemory)
      for (const Expr *Arg : Call->arguments())
        if (!cuda::cuteTensorOf(Arg->getType()))
          visit(Arg, St);
    for (const CuteViews::Instruction &I : Plan.Instructions)
      addInstruction(I.Target, I.Address, I.Bytes, I.Kind, Plan.Opcode, St,
                     [&] { return I.Again(); });
    return true;
  }
  if (Call->getNumArgs() < 3)
    return false;
  std::optional<std::int64_t> Size = cuda::constantInt(Call->getArg(2), Ctx);
  const bool Known = Size && (*Size == 4 || *Size == 8 || *Size == 16);
  const unsigned Bytes = Known ? static_cast<unsigned>(*Size) : 0;
  auto Record = [&](const Expr *Ptr, PtxMemoryOp::Space In, AccessKind Kind) {
    auto At = [&] {
      return Known ? inSpace(Eval.evaluatePointer(Ptr), In, 0, rawLocation(Ptr))
                   : PointerValue::unknown(lanes::UnknownKind::NotFollowed,
                                           "copy size the analysis does not "
                                           "know",
                                           rawLocation(Call));
    };
    addInstruction(Ptr, At(), Bytes, Kind, "cp.async", St, At);
  };
  Record(Call->getArg(1), PtxMemoryOp::Space::Global, AccessKind::Load);
  Record(Call->getArg(0), PtxMemoryOp::Space::Shared, AccessKind::Store);
  for (const Expr *Arg : Call->arguments())
    visitPointerParts(Arg, St);
  return true;
}

void AccessWalk::addInstruction(const Expr *Target, const PointerValue &Address,
                                unsigned Bytes, AccessKind Kind,
                                const std::string &Instruction,
                                const State &St,
                                llvm::function_ref<PointerValue()> AddressAgain) {
  if (full())
    return;
  const std::size_t Before = Out.Accesses.size();
  add(Target, Address, Bytes, Kind, St, AddressAgain);
  if (Out.Accesses.size() == Before)
    return;
  MemoryAccess &A = Out.Accesses.back();
  A.Instruction = Instruction;
  A.InstructionBytes = Bytes;
  A.Struct.reset();
  A.IndexesPastRow = false;
}

} // namespace gpumem::access::detail
