//===- CuteTypes.cpp - CuTe's tensors and layouts, read from their types --===//
#include "checks/cuda/CuteTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

namespace gpumem::cuda {

using namespace clang;

namespace {

/// The class template specialization \p T names, with \p Name, in
/// namespace cute (any depth); null otherwise.
const ClassTemplateSpecializationDecl *cuteSpecialization(QualType T,
                                                          StringRef Name) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsRecordDecl());
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != Name ||
      !inCuteNamespace(Spec))
    return nullptr;
  return Spec;
}

/// The arguments of \p Spec with packs opened.
std::vector<TemplateArgument>
argumentsOf(const ClassTemplateSpecializationDecl *Spec) {
  std::vector<TemplateArgument> Args;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &P : A.pack_elements())
        Args.push_back(P);
    else
      Args.push_back(A);
  }
  return Args;
}

/// Appends the leaves of \p T (a constant, a run-time integer or a tuple of
/// them); false for anything else.
bool appendLeaves(QualType T, std::vector<std::optional<std::int64_t>> &Out,
                  unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return false;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (T->isIntegerType() && !T->isBooleanType()) {
    Out.push_back(std::nullopt);
    return true;
  }
  if (const auto *C = cuteSpecialization(T, "C")) {
    std::vector<TemplateArgument> Args = argumentsOf(C);
    if (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Integral)
      return false;
    const llvm::APSInt &V = Args[0].getAsIntegral();
    if (V.getSignificantBits() > 63)
      return false;
    Out.push_back(V.getExtValue());
    return true;
  }
  if (const auto *Tuple = cuteSpecialization(T, "tuple")) {
    for (const TemplateArgument &A : argumentsOf(Tuple))
      if (A.getKind() != TemplateArgument::Type ||
          !appendLeaves(A.getAsType(), Out, Depth + 1))
        return false;
    return true;
  }
  return false;
}

/// The type arguments of the cute specialization \p Name that \p T names,
/// when all are types and there are \p Count of them (any number when
/// \p Count is 0: a tuple's elements).
std::optional<std::vector<QualType>> typeArguments(QualType T, StringRef Name,
                                                   std::size_t Count = 0) {
  const auto *Spec = cuteSpecialization(T, Name);
  if (!Spec)
    return std::nullopt;
  std::vector<QualType> Types;
  for (const TemplateArgument &A : argumentsOf(Spec)) {
    if (A.getKind() != TemplateArgument::Type)
      return std::nullopt;
    Types.push_back(A.getAsType());
  }
  if (Count && Types.size() != Count)
    return std::nullopt;
  return Types;
}

} // namespace

bool inCuteNamespace(const Decl *D) {
  for (const DeclContext *DC = D ? D->getDeclContext() : nullptr; DC;
       DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getIdentifier() && NS->getName() == "cute")
      return true;
  return false;
}

std::optional<model::FlatLayout> CuteLayout::flat() const {
  model::FlatLayout L;
  for (const Mode &M : Modes) {
    if (M.Shapes.size() != M.Strides.size())
      return std::nullopt;
    for (std::size_t I = 0; I < M.Shapes.size(); ++I) {
      if (!M.Shapes[I] || !M.Strides[I] || *M.Shapes[I] <= 0)
        return std::nullopt;
      L.Modes.push_back({*M.Shapes[I], *M.Strides[I]});
    }
  }
  return L;
}

std::optional<model::LayoutMode> CuteLayout::flatMode(std::size_t I) const {
  if (I >= Modes.size() || Modes[I].Shapes.size() != 1 ||
      Modes[I].Strides.size() != 1 || !Modes[I].Shapes[0] ||
      !Modes[I].Strides[0] || *Modes[I].Shapes[0] <= 0)
    return std::nullopt;
  return model::LayoutMode{*Modes[I].Shapes[0], *Modes[I].Strides[0]};
}

std::optional<std::vector<QualType>> cuteTupleTypes(QualType T) {
  return typeArguments(T, "tuple");
}

std::optional<CuteLayout> cuteLayoutOf(QualType T) {
  std::optional<std::vector<QualType>> Args = typeArguments(T, "Layout", 2);
  if (!Args)
    return std::nullopt;
  // A rank-1 layout may be written over a bare leaf (Layout<_8, _1>).
  auto ModesOf = [](QualType Q) {
    return cuteTupleTypes(Q).value_or(std::vector<QualType>{Q});
  };
  std::vector<QualType> Shapes = ModesOf((*Args)[0]);
  std::vector<QualType> Strides = ModesOf((*Args)[1]);
  if (Shapes.size() != Strides.size())
    return std::nullopt;
  CuteLayout L;
  for (std::size_t I = 0; I < Shapes.size(); ++I) {
    CuteLayout::Mode M;
    if (!appendLeaves(Shapes[I], M.Shapes) ||
        !appendLeaves(Strides[I], M.Strides) ||
        M.Shapes.size() != M.Strides.size())
      return std::nullopt;
    L.Modes.push_back(std::move(M));
  }
  return L;
}

std::optional<std::vector<std::optional<std::int64_t>>>
cuteTupleLeaves(QualType T) {
  std::vector<std::optional<std::int64_t>> Leaves;
  if (!appendLeaves(T, Leaves))
    return std::nullopt;
  return Leaves;
}

bool isCuteUnderscore(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName() == "Underscore" &&
         inCuteNamespace(RD);
}

std::optional<CuteTensor> cuteTensorOf(QualType T) {
  std::optional<std::vector<QualType>> Args = typeArguments(T, "Tensor", 2);
  if (!Args)
    return std::nullopt;
  std::optional<CuteLayout> Layout = cuteLayoutOf((*Args)[1]);
  if (!Layout)
    return std::nullopt;
  CuteTensor Out;
  Out.Layout = std::move(*Layout);
  const QualType Engine = (*Args)[0];
  if (const auto *Array = cuteSpecialization(Engine, "ArrayEngine")) {
    std::vector<TemplateArgument> E = argumentsOf(Array);
    if (!E.empty() && E[0].getKind() == TemplateArgument::Type) {
      Out.Memory = CuteMemory::Registers;
      Out.Element = E[0].getAsType();
    }
    return Out;
  }
  const ClassTemplateSpecializationDecl *View =
      cuteSpecialization(Engine, "ViewEngine");
  if (!View)
    View = cuteSpecialization(Engine, "ConstViewEngine");
  std::vector<TemplateArgument> E =
      View ? argumentsOf(View) : std::vector<TemplateArgument>{};
  if (E.size() != 1 || E[0].getKind() != TemplateArgument::Type)
    return Out;
  QualType Iterator = E[0].getAsType().getCanonicalType();
  CuteMemory Memory = CuteMemory::Pointer;
  for (auto [Name, Space] : {std::pair{"gmem_ptr", CuteMemory::Global},
                             std::pair{"smem_ptr", CuteMemory::Shared}})
    if (const auto *Ptr = cuteSpecialization(Iterator, Name)) {
      std::vector<TemplateArgument> P = argumentsOf(Ptr);
      if (P.size() != 1 || P[0].getKind() != TemplateArgument::Type)
        return Out;
      Iterator = P[0].getAsType().getCanonicalType();
      Memory = Space;
    }
  if (!Iterator->isPointerType())
    return Out;
  Out.Memory = Memory;
  Out.Element = Iterator->getPointeeType();
  return Out;
}

std::int64_t CuteTensor::elementBytes(const ASTContext &Ctx) const {
  return !Element.isNull() && !Element->isIncompleteType()
             ? Ctx.getTypeSizeInChars(Element).getQuantity()
             : 0;
}

CuteCopyAtom cuteCopyAtomOf(QualType T, const ASTContext &Ctx) {
  CuteCopyAtom Atom;
  // TiledCopy<Copy_Atom<Copy_Traits<Op>, T>, ...>: the operation is the
  // first argument all the way down.
  for (unsigned Depth = 0; Depth < 4 && !T.isNull(); ++Depth) {
    T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    const auto *Spec =
        dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsRecordDecl());
    if (!Spec || !Spec->getIdentifier() || !inCuteNamespace(Spec))
      return Atom;
    std::vector<TemplateArgument> Args = argumentsOf(Spec);
    const StringRef Name = Spec->getName();
    const bool First =
        !Args.empty() && Args[0].getKind() == TemplateArgument::Type;
    if (Name == "AutoVectorizingCopyWithAssumedAlignment") {
      if (Args.size() == 1 && Args[0].getKind() == TemplateArgument::Integral)
        Atom.AutoVectorBits = static_cast<unsigned>(
            Args[0].getAsIntegral().getLimitedValue(1024));
      return Atom;
    }
    const bool Async = Name.starts_with("SM80_CP_ASYNC_");
    if (Name == "UniversalCopy" || Async) {
      if (First && !Args[0].getAsType()->isIncompleteType()) {
        Atom.Bytes = Ctx.getTypeSizeInChars(Args[0].getAsType()).getQuantity();
        Atom.Async = Async;
      }
      return Atom;
    }
    if ((Name != "Copy_Atom" && Name != "Copy_Traits" && Name != "TiledCopy") ||
        !First)
      return Atom;
    T = Args[0].getAsType();
  }
  return Atom;
}

std::optional<CuteTiledCopy> cuteTiledCopyOf(QualType T) {
  // A ThrCopy<TiledCopy, Index> names its TiledCopy first.
  if (std::optional<std::vector<QualType>> Thread =
          typeArguments(T, "ThrCopy", 2))
    T = (*Thread)[0];
  std::optional<std::vector<QualType>> Args = typeArguments(T, "TiledCopy", 3);
  if (!Args)
    return std::nullopt;
  std::optional<CuteLayout> TV = cuteLayoutOf((*Args)[1]);
  auto Tiler = cuteTupleLeaves((*Args)[2]);
  if (!TV || !Tiler)
    return std::nullopt;
  CuteTiledCopy Out;
  Out.ThreadValue = std::move(*TV);
  Out.Tiler = std::move(*Tiler);
  return Out;
}

} // namespace gpumem::cuda
