//===- TypePrecision.cpp - Stated types that admit inferred ones ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An op whose result type the layout library infers may still be written with
// a result type, as long as that type says nothing the library contradicts:
// `?` where the library knows 8, `?{div=8}` where it knows `?{div=64}`. This
// file is that rule, and the words for where a stated type goes wrong.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/AlgebraValue.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cute;

/// Whether a stated leaf admits an inferred one: a static leaf only itself, a
/// dynamic leaf `?{div=d}` any leaf that d is known to divide (0, which every
/// number divides, included).
static bool admits(const Int &stated, const Int &inferred) {
  if (stated.isStatic())
    return inferred.isStatic() && inferred.value() == stated.value();
  return inferred.divisor() % stated.divisor() == 0;
}

static StringRef tupleName(TupleKind kind) {
  switch (kind) {
  case TupleKind::IntTuple:
    return "the integer tuple";
  case TupleKind::Shape:
    return "the shape";
  case TupleKind::Stride:
    return "the stride";
  case TupleKind::Coord:
    return "the coordinate";
  }
  return "";
}

namespace {
/// Walks a stated value beside an inferred one and records where they part.
class PrecisionCheck {
public:
  explicit PrecisionCheck(std::string *reason) : reason(reason) {}

  /// A tuple of `part` (e.g. "the shape"); `path` is the mode path so far.
  bool tuple(const IntTuple &stated, const IntTuple &inferred, StringRef part,
             std::string path = "") {
    bool sameStructure =
        stated.isTuple() == inferred.isTuple() &&
        stated.isUnderscore() == inferred.isUnderscore() &&
        (!stated.isTuple() || stated.rank() == inferred.rank());
    if (!sameStructure)
      return fail(part, path, inferred.typeStr(), stated.typeStr());
    if (stated.isUnderscore())
      return true;
    if (stated.isInt())
      return admits(stated.value(), inferred.value()) ||
             fail(part, path, inferred.typeStr(), stated.typeStr());
    for (size_t i = 0; i < stated.rank(); ++i) {
      std::string sub = (path.empty() ? "" : path + ",") + std::to_string(i);
      if (!tuple(stated.mode(i), inferred.mode(i), part, sub))
        return false;
    }
    return true;
  }

  bool layout(const Layout &stated, const Layout &inferred) {
    return tuple(stated.shape(), inferred.shape(), "the shape") &&
           tuple(stated.stride(), inferred.stride(), "the stride");
  }

  bool tensor(const TensorValue &stated, const TensorValue &inferred) {
    if (stated.memory != inferred.memory)
      return fail("the memory", "", inferred.memory, stated.memory);
    if (stated.elementType != inferred.elementType) {
      bool bothCoords = isa<CoordType>(stated.elementType) &&
                        isa<CoordType>(inferred.elementType);
      if (!bothCoords ||
          !isSameOrLessPrecise(stated.elementType, inferred.elementType))
        return fail("the element type", "", str(inferred.elementType),
                    str(stated.elementType));
    }
    if (!(stated.swizzle == inferred.swizzle))
      return fail("the swizzle", "", swizzleStr(inferred), swizzleStr(stated));
    if (stated.swizzle && !admits(stated.swizzleOffset, inferred.swizzleOffset))
      return fail("the swizzle offset", "", inferred.swizzleOffset.typeStr(),
                  stated.swizzleOffset.typeStr());
    return layout(stated.layout, inferred.layout);
  }

  bool fail(StringRef part, StringRef path, StringRef inferred,
            StringRef stated) {
    if (reason) {
      *reason = part.str();
      if (!path.empty())
        *reason += " at mode (" + path.str() + ")";
      *reason += " is " + inferred.str() + ", not " + stated.str();
    }
    return false;
  }

private:
  static std::string str(Type type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << type;
    return text;
  }
  static std::string swizzleStr(const TensorValue &t) {
    return t.swizzle ? t.swizzle->str() : "none";
  }

  std::string *reason;
};
} // namespace

bool mlir::cute::isSameOrLessPrecise(Type stated, Type inferred,
                                     std::string *reason) {
  if (stated == inferred)
    return true;
  if (stated.getTypeID() != inferred.getTypeID() || isa<TileType>(stated))
    return false; // the types themselves say how they differ
  PrecisionCheck check(reason);
  if (auto s = dyn_cast<PtrType>(stated)) {
    auto i = cast<PtrType>(inferred);
    if (s.getElementType() != i.getElementType() ||
        s.getMemory() != i.getMemory())
      return false;
    return i.getAlignment() % s.getAlignment() == 0 ||
           check.fail("the alignment", "", std::to_string(i.getAlignment()),
                      std::to_string(s.getAlignment()));
  }
  Result<AlgebraValue> s = readAlgebraValue(stated);
  Result<AlgebraValue> i = readAlgebraValue(inferred);
  if (s.failed() || i.failed() || s->index() != i->index())
    return false;
  if (const auto *st = std::get_if<TupleValue>(&*s))
    return check.tuple(st->tuple, std::get<TupleValue>(*i).tuple,
                       tupleName(st->kind));
  if (const auto *sl = std::get_if<Layout>(&*s))
    return check.layout(*sl, std::get<Layout>(*i));
  if (const auto *st = std::get_if<TensorValue>(&*s))
    return check.tensor(*st, std::get<TensorValue>(*i));
  return false; // `index` and other types: only themselves
}
