//===- PtxInstructions.h - memory instructions in inline PTX ----*- C++ -*-===//
//
// Reads the template of an inline `asm` statement as PTX and lists the
// memory instructions in it whose operands are the statement's own
// (`%4`, `%[src]`): ld/ldu/st/atom/red on .global, .shared or generic
// addresses (with .v2/.v4/.v8), cp.async (a global load and a shared
// store), ldmatrix and stmatrix. Pure C++: it knows the text, not the AST;
// access/ binds each operand number to its C++ expression.
//
// Per-lane rules (NVIDIA PTX ISA 9.7.9 "Data Movement and Conversion
// Instructions"): ld/st/atom/red and cp.async move their width at each
// lane's own address; ldmatrix/stmatrix .m8n8 take one 16-byte row address
// from each of the first 8, 16 or 32 lanes (.x1, .x2, .x4), one 8x8 matrix
// per 8 lanes.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_PTXINSTRUCTIONS_H
#define GPUMEM_CHECKS_CUDA_PTXINSTRUCTIONS_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpumem::cuda {

/// An address operand `[%N]`, `[%N+16]`, `[%[name]]`.
struct PtxAddress {
  /// The operand number; -1 when the operand is named.
  int Operand = -1;
  std::string Name;
  std::int64_t Offset = 0;
};

/// One memory instruction of an inline PTX template.
struct PtxMemoryOp {
  enum class Kind { Load, Store, Atomic, AsyncCopy, LoadMatrix, StoreMatrix };
  enum class Space { Global, Shared, Generic };
  Kind What = Kind::Load;
  /// The address's state space (cp.async: the destination's, shared; its
  /// source is global).
  Space In = Space::Generic;
  /// The instruction as written, without operands:
  /// "ld.global.nc.v4.f32".
  std::string Opcode;
  /// Bytes per lane: the vector times the type (ld.global.v4.f32: 16);
  /// cp.async: the copy size, 0 when an operand gives it (SizeOperand);
  /// ldmatrix/stmatrix: 16, one row.
  unsigned Bytes = 0;
  /// cp.async's size as an operand ("n"(16)): its number or name.
  int SizeOperand = -1;
  std::string SizeName;
  /// ldmatrix/stmatrix: the lanes that give a row address (8, 16, 32).
  unsigned AddressLanes = 32;
  PtxAddress Address;
  /// cp.async's global source.
  PtxAddress Source;
};

/// A family of memory instructions the reader prices: the opcode's head
/// (its parts before the first state space or type) and the kind of access.
struct PtxOpcodeFamily {
  std::string_view Head;
  PtxMemoryOp::Kind What;
};

/// Every family the reader prices, the one list of them: the coverage
/// tool's (tools/gpumem-coverage.py, PTX_OPCODES) is checked against it
/// (test/tools/ptx-opcodes.test).
inline constexpr PtxOpcodeFamily PtxMemoryOpcodes[] = {
    {"ld", PtxMemoryOp::Kind::Load},
    {"ldu", PtxMemoryOp::Kind::Load},
    {"st", PtxMemoryOp::Kind::Store},
    {"atom", PtxMemoryOp::Kind::Atomic},
    {"red", PtxMemoryOp::Kind::Atomic},
    {"cp.async", PtxMemoryOp::Kind::AsyncCopy},
    {"ldmatrix", PtxMemoryOp::Kind::LoadMatrix},
    {"stmatrix", PtxMemoryOp::Kind::StoreMatrix},
};

/// What a template holds: its memory instructions, and those that touch
/// memory in a form not followed (an address in a PTX register the
/// template sets itself, a bulk copy), by opcode.
struct PtxMemoryOps {
  std::vector<PtxMemoryOp> Ops;
  std::vector<std::string> NotFollowed;
};

/// The memory instructions of the inline asm template \p Template, as the
/// compiler sees it (`%%` is a literal `%`).
PtxMemoryOps parsePtxMemoryOps(std::string_view Template);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_PTXINSTRUCTIONS_H
