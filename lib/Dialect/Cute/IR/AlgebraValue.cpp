//===- AlgebraValue.cpp - Library values behind cute types ----------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/AlgebraValue.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"

#include "cute-mlir/Layout/Notation.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::cute;

static void appendDynamic(const IntTuple &t, SmallVectorImpl<Int> &out) {
  for (const IntTuple &leaf : leaves(t))
    if (leaf.isInt() && leaf.value().isDynamic())
      out.push_back(leaf.value());
}

int64_t mlir::cute::identityTensorRadix(const IntTuple &shape) {
  int64_t n = std::max<int64_t>(1, leaves(shape).size());
  return int64_t(1) << std::min<int64_t>(24, 62 / n);
}

IntTuple mlir::cute::identityTensorStrides(const IntTuple &shape) {
  return compactColMajor(
      repeatLike(shape, IntTuple(identityTensorRadix(shape))));
}

SmallVector<Int> mlir::cute::dynamicLeaves(const AlgebraValue &value) {
  SmallVector<Int> out;
  if (const auto *t = std::get_if<TupleValue>(&value)) {
    appendDynamic(t->tuple, out);
  } else if (const auto *l = std::get_if<Layout>(&value)) {
    appendDynamic(l->shape(), out);
    appendDynamic(l->stride(), out);
  } else if (const auto *i = std::get_if<Int>(&value)) {
    if (i->isDynamic())
      out.push_back(*i);
  } else if (const auto *t = std::get_if<TensorValue>(&value)) {
    appendDynamic(t->layout.shape(), out);
    appendDynamic(t->layout.stride(), out);
  }
  return out;
}

Result<AlgebraValue> mlir::cute::readAlgebraValue(Type type,
                                                  SmallVectorImpl<Int> *slots) {
  auto tuple = [&](StringRef spec, TupleKind kind) -> Result<AlgebraValue> {
    CUTE_TRY(t,
             parseIntTuple(spec, /*allowUnderscore=*/kind == TupleKind::Coord));
    return AlgebraValue(TupleValue{kind, t});
  };
  Result<AlgebraValue> value =
      TypeSwitch<Type, Result<AlgebraValue>>(type)
          .Case([&](IntTupleType t) {
            return tuple(t.getSpec(), TupleKind::IntTuple);
          })
          .Case(
              [&](ShapeType t) { return tuple(t.getSpec(), TupleKind::Shape); })
          .Case([&](StrideType t) {
            return tuple(t.getSpec(), TupleKind::Stride);
          })
          .Case(
              [&](CoordType t) { return tuple(t.getSpec(), TupleKind::Coord); })
          .Case([&](LayoutType t) -> Result<AlgebraValue> {
            CUTE_TRY(l, parseLayout(t.getSpec()));
            return AlgebraValue(l);
          })
          .Case([&](TileType t) -> Result<AlgebraValue> {
            CUTE_TRY(tiler, parseTiler(t.getSpec()));
            return AlgebraValue(tiler);
          })
          .Case([&](cute::TensorType t) -> Result<AlgebraValue> {
            CUTE_TRY(l, parseLayout(t.getInnerLayout()));
            TensorValue tensor{t.getElementType(), t.getMemory().str(), l,
                               Int::unknown(), IntTuple(1)};
            if (auto coord = dyn_cast<CoordType>(t.getElementType())) {
              CUTE_TRY(domain, parseIntTuple(coord.getSpec()));
              tensor.domain = domain;
            }
            if (t.isSwizzled()) {
              CUTE_TRY(composed, parseComposedLayout(t.getLayout()));
              tensor.swizzle = std::get<Swizzle>(composed.outer());
              tensor.swizzleOffset = composed.offset();
            }
            return AlgebraValue(tensor);
          })
          .Case([&](IndexType) { return AlgebraValue(Int::unknown()); })
          .Default(
              [](Type) { return algebraError("not a cute type or index"); });
  if (value && slots) {
    SmallVector<Int> leaves = dynamicLeaves(*value);
    slots->append(leaves.begin(), leaves.end());
  }
  return value;
}

unsigned mlir::cute::numDynamicSlots(Type type) {
  SmallVector<Int> slots;
  if (readAlgebraValue(type, &slots).failed())
    return 0;
  return slots.size();
}

Type mlir::cute::typeOfAlgebraValue(MLIRContext *context,
                                    const AlgebraValue &value) {
  if (const auto *t = std::get_if<TupleValue>(&value)) {
    std::string spec = t->tuple.typeStr();
    switch (t->kind) {
    case TupleKind::IntTuple:
      return IntTupleType::get(context, spec);
    case TupleKind::Shape:
      return ShapeType::get(context, spec);
    case TupleKind::Stride:
      return StrideType::get(context, spec);
    case TupleKind::Coord:
      return CoordType::get(context, spec);
    }
  }
  if (const auto *l = std::get_if<Layout>(&value))
    return LayoutType::get(context, l->typeStr());
  if (const auto *t = std::get_if<Tiler>(&value))
    return TileType::get(context, t->str());
  if (const auto *t = std::get_if<TensorValue>(&value)) {
    Type element = t->elementType;
    if (t->memory == "coord") // elements are coordinates of the domain
      element = CoordType::get(
          context, repeatLike(t->domain, IntTuple(Int::unknown())).typeStr());
    std::string spec = t->layout.typeStr();
    if (t->swizzle)
      spec =
          t->swizzle->str() + " o " + t->swizzleOffset.typeStr() + " o " + spec;
    return cute::TensorType::get(context, element, t->memory, spec);
  }
  return IndexType::get(context);
}

LogicalResult mlir::cute::inferAlgebraResultType(
    MLIRContext *context, std::optional<Location> location, StringRef opName,
    TypeRange operandTypes,
    function_ref<AlgebraResult(ArrayRef<AlgebraValue>)> compute,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  OverflowScope overflow;
  SmallVector<AlgebraValue, 4> operands;
  for (Type type : operandTypes) {
    Result<AlgebraValue> value = readAlgebraValue(type);
    if (value.failed())
      return emitOptionalError(location, "'", opName, "' op operand of type ",
                               type, ": ", value.message());
    operands.push_back(*value);
  }
  AlgebraResult result = compute(operands);
  if (overflow.overflowed())
    return emitOptionalError(location, "'", opName,
                             "' op integer overflow in the layout algebra");
  if (result.failed())
    return emitOptionalError(location, "'", opName, "' op ", result.message());
  inferredReturnTypes.push_back(typeOfAlgebraValue(context, *result));
  return success();
}

Result<Int> TensorValue::elementOffset(const IntTuple &coord) const {
  CUTE_TRY(at, layout(coord));
  if (!swizzle)
    return offset + at;
  CUTE_TRY(swizzled, applySwizzle(*swizzle, swizzleOffset + at));
  return offset + swizzled;
}

Result<IntTuple> TensorValue::coordinateAt(const IntTuple &coord) const {
  CUTE_TRY(position, layout(coord));
  IntTuple digits = repeatLike(domain, IntTuple(identityTensorRadix(domain)));
  return idx2crd(offset + position, digits);
}

//===----------------------------------------------------------------------===//
// Operand access
//===----------------------------------------------------------------------===//

Result<Layout> mlir::cute::layoutOf(const AlgebraValue &v) {
  if (const auto *l = std::get_if<Layout>(&v))
    return *l;
  return algebraError("expected a layout");
}

Result<IntTuple> mlir::cute::tupleOf(const AlgebraValue &v) {
  if (const auto *t = std::get_if<TupleValue>(&v))
    return t->tuple;
  return algebraError("expected an integer tuple");
}

Result<Tiler> mlir::cute::tilerOf(const AlgebraValue &v) {
  if (const auto *t = std::get_if<Tiler>(&v))
    return *t;
  if (const auto *l = std::get_if<Layout>(&v))
    return Tiler(*l);
  return algebraError("expected a tile or a layout");
}

Result<Int> mlir::cute::intOf(const AlgebraValue &v) {
  if (const auto *i = std::get_if<Int>(&v))
    return *i;
  return algebraError("expected an index");
}

Result<TensorValue> mlir::cute::tensorOf(const AlgebraValue &v) {
  if (const auto *t = std::get_if<TensorValue>(&v))
    return *t;
  return algebraError("expected a tensor");
}
