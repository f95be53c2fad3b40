//===- MemoryAccess.h - one memory access as facts --------------*- C++ -*-===//
//
// What every check needs to know about one load or store in device code:
// its memory space, width, the lanes that execute it, its per-lane byte
// offset from a warp-uniform base, the struct field it goes through, the
// shared array it indexes, and whether it repeats in a loop. The offset is
// kept both symbolically and as concrete per-lane scenarios (one per value
// of the enumerable symbols it depends on) for the model to price.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_MEMORYACCESS_H
#define GPUMEM_CHECKS_ACCESS_MEMORYACCESS_H

#include "checks/cuda/BlockShape.h"
#include "checks/lanes/LaneValue.h"
#include "checks/lanes/PointerValue.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpumem::access {

/// Read, write or both (x += 1, atomics).
enum class AccessKind { Load, Store, ReadModifyWrite };

/// The access goes through a field of an array-of-structures element.
struct StructField {
  const clang::RecordDecl *Record = nullptr;
  std::int64_t RecordBytes = 0;
  /// "x", "pos.x"; empty when the whole struct is copied.
  std::string FieldPath;
  std::int64_t FieldOffset = 0;
  /// Scalar fields in the record (nested records and arrays flattened).
  unsigned ScalarFieldCount = 0;
};

/// The declared shape of the array an access indexes.
struct ArrayShape {
  const clang::VarDecl *Decl = nullptr;
  /// Extents, outermost first; empty for extern __shared__ arrays.
  std::vector<std::int64_t> Dims;
  std::int64_t ElementBytes = 0;
};

/// Per-lane offsets for one assignment of the enumerable symbols.
struct LaneScenario {
  std::map<lanes::SymbolId, std::int64_t> Pins;
  lanes::LaneVector Offset{};
  /// Lanes active in this scenario (guards re-decided with the pins).
  lanes::LaneMask Active = lanes::AllLanes;
  /// Bytes the warp-uniform part moves the warp's start by (modulo the
  /// transaction size; part of Offset), and the share of the launch's
  /// warps that start there among the scenarios with the same Pins
  /// (UniformShift.h). 0 and 1 where the uniform part keeps it aligned.
  std::int64_t Shift = 0;
  double Share = 1.0;
};

/// One load or store of global or shared memory.
struct MemoryAccess {
  const clang::Expr *Expression = nullptr;
  /// The inline PTX instruction that makes the access ("ldmatrix.sync.
  /// aligned.x4.m8n8.shared.b16"); Expression is then its address operand.
  /// Empty for C++ accesses.
  std::string Instruction;
  const clang::FunctionDecl *Function = nullptr;
  /// The kernel whose analysis found the access (Function, or the kernel
  /// that calls it).
  const clang::FunctionDecl *Kernel = nullptr;
  /// The call in the kernel body that leads to the device function holding
  /// the access (the access is analysed with that call's arguments); null
  /// for an access in the kernel itself.
  const clang::CallExpr *CallSite = nullptr;
  lanes::MemorySpace Space = lanes::MemorySpace::Unknown;
  const clang::ValueDecl *Base = nullptr;
  /// What the base's alignment is known to be, in bytes: 256 for a kernel
  /// pointer parameter (cudaMalloc), the declared alignment of a variable.
  std::int64_t BaseAlignment = 0;
  AccessKind Kind = AccessKind::Load;
  unsigned Width = 0;
  /// Bytes each hardware instruction moves: the widest of 16, 8, 4, 2, 1
  /// that divides Width and the accessed type's alignment. A 12-byte float3
  /// (aligned to 4) is three 4-byte instructions, not one 12-byte access.
  unsigned InstructionBytes = 0;
  /// Byte offset from the base; its warp-uniform terms are dropped once the
  /// access is analysed unless AnalysisSettings::KeepUniformOffsetTerms.
  lanes::LaneValue Offset;
  /// Lanes executing the access (guards, block under 32 threads).
  lanes::LaneMask Active = lanes::AllLanes;
  /// Inside a loop of the kernel (the access repeats).
  bool InLoop = false;
  /// The offset depends on threadIdx.y or threadIdx.z: which lanes share a
  /// row then depends on blockDim.x, and an assumed block shape decides the
  /// verdict.
  bool ReadsRowIndex = false;
  /// The offset depends on the warp's place in the block (its first
  /// thread, its row): warps of one block read different addresses. When
  /// false (and the offset is known), every warp reads the same ones.
  bool DependsOnWarp = false;
  /// The blockIdx axes the offset depends on (bit 0 for x): blocks along
  /// an axis it does not depend on read the same addresses.
  unsigned BlockAxes = 0;
  /// Active lanes come from a guard on the thread index (not the block).
  bool GuardedByThreadIndex = false;
  /// The innermost such guard is inside the innermost loop around the
  /// access: the lanes are chosen anew each iteration (`for (...) { ...;
  /// if (tid == 0) out[row] = sum; }`), rather than walking the loop.
  bool GuardInsideLoop = false;
  /// A store of a warp reduction's result (readsWarpReduction) under a
  /// guard on the thread index: the few lanes that write it are no work
  /// the warp could share (`if (lane < 2) out[2 * row + lane] = sum;`).
  bool StoresReductionResult = false;
  /// Of an access a thread-index guard narrows inside a loop, what the
  /// loop's passes do (cuda/LoopPasses.h), so the partial-warp check can
  /// tell work the warp could share from work it cannot: the address is
  /// the same on every pass of the innermost loop (a flag polled)...
  bool SameAddressEachPass = false;
  /// ... the guard is inside the loop and each pass takes the block or
  /// warp through a barrier, shuffle or reduction first (the few lanes
  /// publish that pass's results, as many writers as results) ...
  bool PublishesPassResults = false;
  /// ... and the passes of the loops around it when each is a `for` over
  /// constants (their product; 0 when any is not).
  std::int64_t ConstantPasses = 0;
  /// A guard on this access was decided for the first warp of the block
  /// (tid < 16 in a block of 256 threads: the other warps run it fully or
  /// not at all).
  bool GuardOnFirstWarp = false;
  /// ... and one was on blockIdx, decided for the first block.
  bool GuardOnFirstBlock = false;
  /// The share of the block's threads that make the access, where its
  /// guards were decided for every warp of the block (AccessWalk's
  /// Block); none where the first warp's lanes are the block's.
  std::optional<double> BlockShare;
  /// No lane of the block's first warp makes the access (`if (threadIdx.y
  /// > 0)`, `if (tid >= 32)`): it is priced for the first warp whose lanes
  /// do, which starts at this thread of the block; -1 for the first warp.
  std::int64_t ShownWarpThread = -1;
  std::optional<StructField> Struct;
  std::optional<ArrayShape> Array;
  /// A subscript provably leaves its dimension for some lane
  /// (t[0][threadIdx.x * 32] in float t[32][32]): padding the array would
  /// move this access, so it is not padded.
  bool IndexesPastRow = false;
  /// Concrete per-lane offsets, relative to a warp-uniform base that is
  /// assumed aligned except for the shifts the uniform terms are known to
  /// make (global accesses: one scenario per shift); empty when the offset
  /// is unknown or symbolic.
  std::vector<LaneScenario> Scenarios;
  /// Lane-varying terms over symbols that could not be enumerated
  /// (in[threadIdx.x * width]): the stride is symbolic.
  std::vector<lanes::SymbolId> SymbolicStride;
  /// Where the stride is symbolic, the shifts in bytes modulo a
  /// transaction at which the uniform terms known to move the warp (a
  /// block's start, blockIdx.x * 24 floats) start it, with the share of
  /// warps at each (UniformShift.h); empty where they keep it aligned. The
  /// factor's "up to" is priced at the worst.
  std::vector<std::pair<std::int64_t, double>> SymbolicShifts;
  /// Symbols of the uniform terms that move a global access's start from
  /// warp to warp (a row index times a pitch that is not a multiple of the
  /// transaction), and of those assumed to keep it aligned because their
  /// value is not known (a parameter pitch).
  std::vector<lanes::SymbolId> ShiftedBy;
  std::vector<lanes::SymbolId> AssumedAlignedBy;
  /// AssumedAlignedBy's first term keeps the start aligned when its
  /// symbols' product is a multiple of this; where those terms do not, the
  /// start moves by multiples of AssumedStep bytes (0: no such term).
  std::int64_t AssumedMultiple = 0;
  std::int64_t AssumedStep = 0;
  /// Divisors of `%` whose lanes are taken as not wrapping within a warp
  /// (WarpUniformValues::remainderWithoutWrap), as written.
  std::vector<std::string> NoWrapDivisors;
  /// Divisors of a `/` or `>>` the part of the dividend the lanes share is
  /// taken as a multiple of.
  std::vector<std::string> UniformMultipleDivisors;
  /// The kernel's own early exit or assert keeps the symbolic stride's
  /// factor at most this (ParameterBounds.h); 0 where nothing bounds it.
  std::int64_t FactorBound = 0;
  /// FactorBound comes from the launches (`if (n <= 16)` around each), not
  /// from the kernel's own checks.
  bool FactorBoundAtLaunch = false;
  /// The values of the symbolic stride's factor, when every launch in the
  /// file passes a constant for it (32 at one, 33 at another); empty
  /// otherwise.
  std::vector<std::int64_t> FactorValues;
};

/// Where the block shape a kernel is judged with comes from, decided once
/// when the kernel is analysed. Precedence: a constant launch in the file,
/// the kernel's own statement (`if (blockDim.x != 128) return;`), the
/// BlockDim option, a `__launch_bounds__` under 32 threads; otherwise the
/// shape is assumed (blockDim.x a multiple of 32).
enum class BlockShapeSource { Launch, Stated, Option, LaunchBounds, Assumed };

struct BlockShapeOrigin {
  BlockShapeSource Source = BlockShapeSource::Assumed;
  /// The shape; none when assumed.
  std::optional<cuda::BlockShape> Shape;
  /// The launch, the statement or the __launch_bounds__ that gave it.
  clang::SourceLocation Where;
  /// True when code in the file fixes the shape (a launch or the kernel
  /// itself), so no other shape need be tried.
  bool fixedByCode() const {
    return Source == BlockShapeSource::Launch ||
           Source == BlockShapeSource::Stated;
  }
};

/// The body of a for or while loop: where the walk records the lanes of
/// the loop's first pass (KernelAccesses::BranchLanes, BranchShares), and
/// where the work count reads them; null for other statements.
inline const clang::Stmt *narrowedLoopBody(const clang::Stmt *Loop) {
  if (const auto *For = llvm::dyn_cast<clang::ForStmt>(Loop))
    return For->getBody();
  if (const auto *While = llvm::dyn_cast<clang::WhileStmt>(Loop))
    return While->getBody();
  return nullptr;
}

/// Everything the analysis learned about one kernel.
struct KernelAccesses {
  /// Upper bounds of integer parameters from the kernel's own checks.
  llvm::DenseMap<const clang::ParmVarDecl *, std::int64_t> ParameterBounds;
  /// The parameters of ParameterBounds whose bound the launches set.
  llvm::SmallPtrSet<const clang::ParmVarDecl *, 2> BoundsAtLaunch;
  /// Parameters every launch passes a constant for, though not the same
  /// one: the values.
  llvm::DenseMap<const clang::ParmVarDecl *, std::vector<std::int64_t>>
      LaunchValues;
  /// The lanes of the first warp that run each branch of an if the walk
  /// met (the union over the calls that reach it), and the ifs whose
  /// condition the warp takes as one but the analysis cannot decide:
  /// one of their branches runs, not both (the work counted for
  /// arithmetic intensity).
  llvm::DenseMap<const clang::Stmt *, lanes::LaneMask> BranchLanes;
  /// The share of the block's threads that run a branch whose guard was
  /// decided for each warp of the block (`if (tid < 64)` in a block of
  /// 256: 0.25, where the first warp's lanes say 1).
  llvm::DenseMap<const clang::Stmt *, double> BranchShares;
  /// The share of the block's threads (or of the first warp's lanes,
  /// where its guards were not decided for every warp) that run what
  /// follows an early exit (`if (tid >= 64) return;`), by its if.
  llvm::DenseMap<const clang::Stmt *, double> ExitShares;
  llvm::SmallPtrSet<const clang::Stmt *, 4> UniformIfs;
  const clang::FunctionDecl *Kernel = nullptr;
  /// Names and values of the symbols the offsets mention.
  std::shared_ptr<lanes::SymbolTable> Symbols;
  /// Symbols that stand for loop variables.
  std::map<lanes::SymbolId, const clang::VarDecl *> LoopVariables;
  std::vector<MemoryAccess> Accesses;
  /// Kernel parameters given the constant every launch passes, with it.
  std::vector<std::pair<const clang::ParmVarDecl *, std::int64_t>>
      ConstantArguments;
  /// Integer fields of struct parameters given the constant every launch
  /// passes, with it.
  struct ConstantField {
    const clang::ParmVarDecl *Parameter = nullptr;
    const clang::FieldDecl *Field = nullptr;
    std::int64_t Value = 0;
  };
  std::vector<ConstantField> ConstantFields;
  /// Global pointer parameters every launch passes past the start of
  /// their buffer (`d_in + 3`), with the bytes.
  std::vector<std::pair<const clang::ParmVarDecl *, std::int64_t>>
      PointerOffsets;
  /// The block shape the kernel was judged with and where it came from.
  BlockShapeOrigin Block;
  /// `__launch_bounds__(N)`: N and where; it gives the shape only under 32
  /// threads (Block.Source), else it may bound AssumedBlockSize.
  std::int64_t MaxThreads = 0;
  clang::SourceLocation MaxThreadsLocation;
  bool AssumedSizeFromMaxThreads = false;
  bool LaunchesDisagree = false;
  /// A launch's block that is a value of the run (LaunchSites::Entry).
  const clang::Expr *RuntimeBlock = nullptr;
  /// The kernel has more accesses than AnalysisSettings::MaxAccesses: the
  /// ones after the first MaxAccesses are not analysed.
  bool AccessesCapped = false;
  /// A launch of the kernel whose block CUDA would reject: it fixes no
  /// shape, and the notes say so.
  clang::SourceLocation InvalidLaunch;
  bool FirstWarpOnly = false;
  /// The block's warps straddle rows and each was walked apart, its
  /// scenarios pinned to it (the BlockWarp symbol): their number; 0
  /// otherwise.
  unsigned WarpsWalked = 0;
  bool UsedAssumedBounds = false;
  /// Innermost strides of tensor accessors taken as 1 (contiguous).
  std::vector<std::string> UnitStrides;
  bool GuardOnFirstWarp = false;
  std::int64_t AssumedBlockSize = 256;
};

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_MEMORYACCESS_H
