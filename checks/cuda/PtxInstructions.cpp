//===- PtxInstructions.cpp - memory instructions in inline PTX -------------===//
#include "checks/cuda/PtxInstructions.h"

#include <cctype>
#include <cstdlib>
#include <optional>

namespace gpumem::cuda {

namespace {

using Op = PtxMemoryOp;

/// The family of PtxMemoryOpcodes an opcode split at its dots belongs to
/// ("cp.async" by its first two parts); null for any other instruction.
const PtxOpcodeFamily *familyOf(const std::vector<std::string_view> &Parts) {
  for (const PtxOpcodeFamily &F : PtxMemoryOpcodes) {
    std::string_view Head = F.Head;
    std::size_t Dot = Head.find('.');
    if (Dot == std::string_view::npos
            ? Parts[0] == Head
            : Parts.size() > 1 && Parts[0] == Head.substr(0, Dot) &&
                  Parts[1] == Head.substr(Dot + 1))
      return &F;
  }
  return nullptr;
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

std::vector<std::string_view> split(std::string_view S, char Sep) {
  std::vector<std::string_view> Parts;
  std::size_t Start = 0;
  for (std::size_t I = 0; I <= S.size(); ++I)
    if (I == S.size() || S[I] == Sep) {
      Parts.push_back(S.substr(Start, I - Start));
      Start = I + 1;
    }
  return Parts;
}

/// The template without `//` comments (to the end of the line) and `/* */`.
std::string withoutComments(std::string_view T) {
  std::string Out;
  for (std::size_t I = 0; I < T.size(); ++I) {
    if (T.substr(I, 2) == "//") {
      while (I < T.size() && T[I] != '\n')
        ++I;
      Out += '\n';
      continue;
    }
    if (T.substr(I, 2) == "/*") {
      std::size_t End = T.find("*/", I + 2);
      I = End == std::string_view::npos ? T.size() : End + 1;
      Out += ' ';
      continue;
    }
    Out += T[I];
  }
  return Out;
}

/// Operands separated by commas outside braces and brackets.
std::vector<std::string_view> operands(std::string_view S) {
  std::vector<std::string_view> Out;
  int Nest = 0;
  std::size_t Start = 0;
  for (std::size_t I = 0; I <= S.size(); ++I) {
    if (I < S.size() && (S[I] == '{' || S[I] == '['))
      ++Nest;
    else if (I < S.size() && (S[I] == '}' || S[I] == ']'))
      --Nest;
    else if (I == S.size() || (S[I] == ',' && Nest == 0)) {
      if (std::string_view Part = trim(S.substr(Start, I - Start)); !Part.empty())
        Out.push_back(Part);
      Start = I + 1;
    }
  }
  return Out;
}

std::optional<std::int64_t> integer(std::string_view S) {
  S = trim(S);
  if (S.empty())
    return std::nullopt;
  std::string Text(S);
  char *End = nullptr;
  long long V = std::strtoll(Text.c_str(), &End, 0);
  if (End != Text.c_str() + Text.size())
    return std::nullopt;
  return V;
}

/// `%4`, `%[name]`: the operand it names; false for anything else (a PTX
/// register, `%%r1` in the template).
bool operandRef(std::string_view S, int &Number, std::string &Name) {
  S = trim(S);
  if (S.size() < 2 || S[0] != '%')
    return false;
  if (S[1] == '[' && S.back() == ']') {
    Name = std::string(S.substr(2, S.size() - 3));
    Number = -1;
    return !Name.empty();
  }
  std::optional<std::int64_t> N = integer(S.substr(1));
  if (!N || S[1] == '-' || S[1] == '+')
    return false;
  Number = static_cast<int>(*N);
  return true;
}

/// `[%4]`, `[%4+16]`, `[%[p] - 8]`.
std::optional<PtxAddress> address(std::string_view S) {
  S = trim(S);
  if (S.size() < 3 || S.front() != '[' || S.back() != ']')
    return std::nullopt;
  S = trim(S.substr(1, S.size() - 2));
  std::size_t Sign = S.find_first_of("+-", S.size() > 1 && S[1] == '[' ? S.find(']') : 1);
  PtxAddress A;
  if (!operandRef(S.substr(0, Sign), A.Operand, A.Name))
    return std::nullopt;
  if (Sign != std::string_view::npos) {
    std::optional<std::int64_t> Off = integer(S.substr(Sign + 1));
    if (!Off)
      return std::nullopt;
    A.Offset = S[Sign] == '-' ? -*Off : *Off;
  }
  return A;
}

/// Bytes of a PTX type suffix (.f32, .b128, .f16x2); 0 when not a type.
unsigned typeBytes(std::string_view C) {
  if (C.size() > 2 && C.substr(C.size() - 2) == "x2") {
    unsigned Half = typeBytes(C.substr(0, C.size() - 2));
    return Half ? 2 * Half : 0;
  }
  if (C == "bf16")
    return 2;
  if (C.size() < 2 || (C[0] != 'b' && C[0] != 's' && C[0] != 'u' && C[0] != 'f'))
    return 0;
  std::optional<std::int64_t> Bits = integer(C.substr(1));
  if (!Bits || (*Bits != 8 && *Bits != 16 && *Bits != 32 && *Bits != 64 &&
                *Bits != 128))
    return 0;
  return static_cast<unsigned>(*Bits / 8);
}

enum class Parsed { Memory, NotMemory, NotFollowed };

/// ld, ldu, st, atom, red (Out.What already says which kind).
Parsed scalarOp(const std::vector<std::string_view> &Parts,
                const std::vector<std::string_view> &Args, Op &Out) {
  unsigned Vector = 1, Bytes = 0;
  for (std::size_t I = 1; I < Parts.size(); ++I) {
    std::string_view C = Parts[I];
    if (C == "global")
      Out.In = Op::Space::Global;
    else if (C == "shared" || C == "shared::cta")
      Out.In = Op::Space::Shared;
    else if (C == "param" || C == "local" || C == "const")
      return Parsed::NotMemory;
    else if (C.substr(0, 6) == "shared" || C == "async")
      return Parsed::NotFollowed; // another CTA's shared memory
    else if (C == "v2" || C == "v4" || C == "v8")
      Vector = C[1] - '0';
    else if (unsigned B = typeBytes(C))
      Bytes = B;
  }
  Out.Bytes = Vector * Bytes;
  for (std::string_view A : Args)
    if (A.front() == '[') {
      std::optional<PtxAddress> Addr = address(A);
      if (!Addr || !Out.Bytes)
        return Parsed::NotFollowed;
      Out.Address = *Addr;
      return Parsed::Memory;
    }
  return Parsed::NotFollowed;
}

/// cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size}.
Parsed asyncCopy(const std::vector<std::string_view> &Parts,
                 const std::vector<std::string_view> &Args, Op &Out) {
  bool Shared = false, Global = false;
  for (std::string_view C : Parts) {
    if (C == "bulk" || C == "mbarrier")
      return Parsed::NotFollowed;
    if (C == "commit_group" || C == "wait_group" || C == "wait_all")
      return Parsed::NotMemory;
    Shared |= C == "shared" || C == "shared::cta";
    Global |= C == "global";
  }
  if (!Shared || !Global || Args.size() < 3)
    return Parsed::NotFollowed;
  std::optional<PtxAddress> Dst = address(Args[0]), Src = address(Args[1]);
  if (!Dst || !Src)
    return Parsed::NotFollowed;
  Out.In = Op::Space::Shared;
  Out.Address = *Dst;
  Out.Source = *Src;
  if (std::optional<std::int64_t> Size = integer(Args[2]);
      Size && (*Size == 4 || *Size == 8 || *Size == 16))
    Out.Bytes = static_cast<unsigned>(*Size);
  else if (!operandRef(Args[2], Out.SizeOperand, Out.SizeName))
    return Parsed::NotFollowed;
  return Parsed::Memory;
}

/// ldmatrix/stmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16.
Parsed matrixOp(const std::vector<std::string_view> &Parts,
                const std::vector<std::string_view> &Args, Op &Out) {
  bool M8N8 = false;
  for (std::string_view C : Parts) {
    M8N8 |= C == "m8n8";
    if (C == "x1" || C == "x2" || C == "x4")
      Out.AddressLanes = 8u * static_cast<unsigned>(C[1] - '0');
    if (C == "shared" || C == "shared::cta")
      Out.In = Op::Space::Shared;
  }
  if (!M8N8 || Args.size() != 2)
    return Parsed::NotFollowed;
  std::optional<PtxAddress> Addr =
      address(Out.What == Op::Kind::LoadMatrix ? Args[1] : Args[0]);
  if (!Addr)
    return Parsed::NotFollowed;
  Out.Address = *Addr;
  Out.Bytes = 16;
  return Parsed::Memory;
}

} // namespace

PtxMemoryOps parsePtxMemoryOps(std::string_view Template) {
  PtxMemoryOps Result;
  std::string Text = withoutComments(Template);
  for (std::string_view Stmt : split(Text, ';')) {
    Stmt = trim(Stmt);
    // Block braces, labels (`L1:`, `$done%=:`) and a guard predicate (`@p`,
    // `@!%p0`) before the opcode. A labelled load was dropped unseen.
    while (!Stmt.empty()) {
      if (Stmt.front() == '{' || Stmt.front() == '}') {
        Stmt = trim(Stmt.substr(1));
        continue;
      }
      std::size_t Colon = Stmt.find(':');
      std::string_view Label = Stmt.substr(0, Colon);
      if (Colon == std::string_view::npos || Label.empty() ||
          Stmt.substr(Colon).substr(0, 2) == "::" ||
          Label.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
                                  "QRSTUVWXYZ0123456789_$%=.") !=
              std::string_view::npos)
        break;
      Stmt = trim(Stmt.substr(Colon + 1));
    }
    if (!Stmt.empty() && Stmt.front() == '@') {
      std::size_t End = Stmt.find_first_of(" \t\n");
      Stmt = End == std::string_view::npos ? "" : trim(Stmt.substr(End));
    }
    if (Stmt.empty() || Stmt.front() == '.')
      continue; // a directive (.reg)
    std::size_t End = Stmt.find_first_of(" \t\n");
    std::string_view Opcode = Stmt.substr(0, End);
    std::vector<std::string_view> Args =
        operands(End == std::string_view::npos ? "" : Stmt.substr(End));
    std::vector<std::string_view> Parts = split(Opcode, '.');
    Op Out;
    Out.Opcode = std::string(Opcode);
    Parsed P = Parsed::NotMemory;
    std::string_view Head = Parts[0];
    if (const PtxOpcodeFamily *Family = familyOf(Parts)) {
      // The family gives the kind; the parts after its head, the rest.
      Out.What = Family->What;
      switch (Family->What) {
      case Op::Kind::Load:
      case Op::Kind::Store:
      case Op::Kind::Atomic:
        P = scalarOp(Parts, Args, Out);
        break;
      case Op::Kind::AsyncCopy:
        P = asyncCopy(Parts, Args, Out);
        break;
      case Op::Kind::LoadMatrix:
      case Op::Kind::StoreMatrix:
        P = matrixOp(Parts, Args, Out);
        break;
      }
    } else if (Head == "cp" || Head == "tex" || Head == "suld" ||
               Head == "sust" || Head == "multimem" || Head == "tld4") {
      P = Parsed::NotFollowed;
    }
    if (P == Parsed::Memory)
      Result.Ops.push_back(std::move(Out));
    else if (P == Parsed::NotFollowed)
      Result.NotFollowed.push_back(std::string(Opcode));
  }
  return Result;
}

} // namespace gpumem::cuda
