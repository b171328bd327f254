//===- CuteTypes.cpp - Types of the cute dialect --------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every cute type keeps its spec in canonical CuTe notation: the parser reads
// the spec with the layout library and prints it back, so `"(2, 4)"` and
// `"(2,4)"` are the same type.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"
#include "cute-mlir/Dialect/Cute/IR/AlgebraValue.h"
#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"

#include "cute-mlir/Layout/Notation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

#define GET_TYPEDEF_CLASSES
#include "cute-mlir/Dialect/Cute/IR/CuteOpsTypes.cpp.inc"

void CuteDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute-mlir/Dialect/Cute/IR/CuteOpsTypes.cpp.inc"
      >();
}

namespace {
enum class SpecKind {
  IntTuple,
  Shape,
  Stride,
  Coord,
  Tile,
  Layout,
  TensorLayout
};
} // namespace

/// A `?` slot of a type is an anonymous unknown; names belong to the
/// calculator, not to types.
static Result<bool> checkSlots(const std::vector<IntTuple> &leaves) {
  for (const IntTuple &leaf : leaves)
    if (leaf.isInt() && leaf.value().isDynamic() &&
        (!leaf.value().isUnknown() || !leaf.value().unknownName().empty()))
      return algebraError("dynamic leaves of a type are written `?` or "
                          "`?{div=N}`, got " +
                          leaf.value().str());
  return true;
}

/// Read `spec` as a value of `kind` and print it canonically.
static Result<std::string> canonicalSpec(SpecKind kind, StringRef spec) {
  switch (kind) {
  case SpecKind::IntTuple:
  case SpecKind::Shape:
  case SpecKind::Stride:
  case SpecKind::Coord: {
    CUTE_TRY(t,
             parseIntTuple(spec, /*allowUnderscore=*/kind == SpecKind::Coord));
    CUTE_TRY(ok, checkSlots(leaves(t)));
    (void)ok;
    if (kind == SpecKind::Shape) {
      for (const IntTuple &leaf : leaves(t))
        if (leaf.value().isStatic() && leaf.value().value() < 1)
          return algebraError("shape leaves must be positive, got " +
                              leaf.value().str());
    }
    return t.typeStr();
  }
  case SpecKind::Tile: {
    CUTE_TRY(t, parseTiler(spec));
    std::string text = t.str();
    if (text.find('?') != std::string::npos)
      return algebraError("tiles must be static, got " + text);
    return text;
  }
  case SpecKind::TensorLayout: {
    if (!spec.starts_with("Sw<") && !spec.contains(" o "))
      return canonicalSpec(SpecKind::Layout, spec);
    CUTE_TRY(composed, parseComposedLayout(spec));
    const Swizzle *sw = std::get_if<Swizzle>(&composed.outer());
    if (!sw)
      return algebraError("a tensor's layout can only be composed with a "
                          "swizzle");
    CUTE_TRY(inner, canonicalSpec(SpecKind::Layout, composed.inner().str()));
    CUTE_TRY(ok, checkSlots({IntTuple(composed.offset())}));
    (void)ok;
    return sw->str() + " o " + composed.offset().typeStr() + " o " + inner;
  }
  case SpecKind::Layout: {
    CUTE_TRY(l, parseLayout(spec));
    std::vector<IntTuple> all = leaves(l.shape());
    for (const IntTuple &d : leaves(l.stride()))
      all.push_back(d);
    CUTE_TRY(ok, checkSlots(all));
    (void)ok;
    return l.typeStr();
  }
  }
  return algebraError("unreachable");
}

static StringRef kindName(SpecKind kind) {
  switch (kind) {
  case SpecKind::IntTuple:
    return "integer tuple";
  case SpecKind::Shape:
    return "shape";
  case SpecKind::Stride:
    return "stride";
  case SpecKind::Coord:
    return "coordinate";
  case SpecKind::Tile:
    return "tile";
  case SpecKind::Layout:
  case SpecKind::TensorLayout:
    return "layout";
  }
  return "";
}

static LogicalResult verifySpec(function_ref<InFlightDiagnostic()> emitError,
                                SpecKind kind, StringRef spec) {
  Result<std::string> canonical = canonicalSpec(kind, spec);
  if (canonical.failed())
    return emitError() << "invalid " << kindName(kind) << " \"" << spec
                       << "\": " << canonical.message();
  if (*canonical != spec)
    return emitError() << kindName(kind) << " \"" << spec
                       << "\" is not in canonical form \"" << *canonical
                       << "\"";
  return success();
}

/// Parse `<"spec">`, canonicalizing the spec.
template <class TypeT>
static Type parseSpecType(AsmParser &parser, SpecKind kind) {
  std::string spec;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&spec) || parser.parseGreater())
    return {};
  Result<std::string> canonical = canonicalSpec(kind, spec);
  if (canonical.failed()) {
    parser.emitError(loc) << "invalid " << kindName(kind) << " \"" << spec
                          << "\": " << canonical.message();
    return {};
  }
  return TypeT::getChecked([&] { return parser.emitError(loc); },
                           parser.getContext(), *canonical);
}

#define CUTE_SPEC_TYPE(TypeT, Kind)                                            \
  Type TypeT::parse(AsmParser &parser) {                                       \
    return parseSpecType<TypeT>(parser, SpecKind::Kind);                       \
  }                                                                            \
  void TypeT::print(AsmPrinter &printer) const {                               \
    printer << "<\"" << getSpec() << "\">";                                    \
  }                                                                            \
  LogicalResult TypeT::verify(function_ref<InFlightDiagnostic()> emitError,    \
                              StringRef spec) {                                \
    return verifySpec(emitError, SpecKind::Kind, spec);                        \
  }                                                                            \
  unsigned TypeT::getNumDynamicSlots() const { return numDynamicSlots(*this); }

CUTE_SPEC_TYPE(IntTupleType, IntTuple)
CUTE_SPEC_TYPE(ShapeType, Shape)
CUTE_SPEC_TYPE(StrideType, Stride)
CUTE_SPEC_TYPE(CoordType, Coord)
CUTE_SPEC_TYPE(TileType, Tile)
CUTE_SPEC_TYPE(LayoutType, Layout)

#undef CUTE_SPEC_TYPE

//===----------------------------------------------------------------------===//
// cute::TensorType
//===----------------------------------------------------------------------===//

/// An element of a size fixed at compile time: a layout's offsets count
/// whole elements, which a scalable vector (of a size known only on the
/// running hardware, which NVPTX has not) is not.
static LogicalResult
verifyFixedSize(function_ref<InFlightDiagnostic()> emitError, Type element) {
  auto vector = dyn_cast<VectorType>(element);
  if (vector && vector.isScalable())
    return emitError() << "elements must have a fixed size, got the scalable "
                       << element;
  return success();
}

static bool isMemory(StringRef memory) {
  return memory == "gmem" || memory == "smem" || memory == "rmem" ||
         memory == "coord";
}

Type cute::TensorType::parse(AsmParser &parser) {
  Type elementType;
  std::string memory, spec;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseType(elementType) ||
      parser.parseComma() || parser.parseKeywordOrString(&memory) ||
      parser.parseComma() || parser.parseString(&spec) || parser.parseGreater())
    return {};
  Result<std::string> canonical = canonicalSpec(SpecKind::TensorLayout, spec);
  if (canonical.failed()) {
    parser.emitError(loc) << "invalid layout \"" << spec
                          << "\": " << canonical.message();
    return {};
  }
  return cute::TensorType::getChecked([&] { return parser.emitError(loc); },
                                      parser.getContext(), elementType, memory,
                                      *canonical);
}

void cute::TensorType::print(AsmPrinter &printer) const {
  printer << "<" << getElementType() << ", " << getMemory() << ", \""
          << getLayout() << "\">";
}

LogicalResult
cute::TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                         Type elementType, StringRef memory, StringRef layout) {
  if (!isMemory(memory))
    return emitError()
           << "tensor memory must be gmem, smem, rmem or coord, got " << memory;
  if ((memory == "coord") != isa<CoordType>(elementType))
    return emitError() << "coord tensors, and only they, hold !cute.coord "
                          "elements; got "
                       << elementType << " in " << memory;
  if (memory == "coord" && layout.starts_with("Sw<"))
    return emitError() << "coord tensors cannot be swizzled";
  if (failed(verifyFixedSize(emitError, elementType)))
    return failure();
  return verifySpec(emitError, SpecKind::TensorLayout, layout);
}

bool cute::TensorType::isSwizzled() const {
  return getLayout().starts_with("Sw<");
}

StringRef cute::TensorType::getInnerLayout() const {
  // Canonical composed specs read "Sw<B,M,S> o offset o layout".
  StringRef spec = getLayout();
  size_t last = spec.rfind(" o ");
  return isSwizzled() ? spec.drop_front(last + 3) : spec;
}

LayoutType cute::TensorType::getLayoutType() const {
  return LayoutType::get(getContext(), getInnerLayout());
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

/// The width of an element in bytes, rounded up (i1 and i4 take a byte).
static int64_t elementBytes(Type type) {
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 1;
}

Type PtrType::parse(AsmParser &parser) {
  Type elementType;
  std::string memory;
  int64_t alignment = 0;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseType(elementType) ||
      parser.parseComma() || parser.parseKeywordOrString(&memory) ||
      parser.parseComma() || parser.parseKeyword("align") ||
      parser.parseLess() || parser.parseInteger(alignment) ||
      parser.parseGreater() || parser.parseGreater())
    return {};
  return PtrType::getChecked([&] { return parser.emitError(loc); },
                             parser.getContext(), elementType, memory,
                             alignment);
}

void PtrType::print(AsmPrinter &printer) const {
  printer << "<" << getElementType() << ", " << getMemory() << ", align<"
          << getAlignment() << ">>";
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType, StringRef memory,
                              int64_t alignment) {
  if (memory != "gmem" && memory != "smem" && memory != "rmem")
    return emitError() << "pointer memory must be gmem, smem or rmem, got "
                       << memory;
  if (failed(verifyFixedSize(emitError, elementType)))
    return failure();
  if (alignment < 1 || (alignment & (alignment - 1)) != 0)
    return emitError() << "alignment must be a power of two, got " << alignment;
  if (alignment < elementBytes(elementType))
    return emitError() << "alignment " << alignment
                       << " is less than the element's width of "
                       << elementBytes(elementType) << " bytes";
  return success();
}
