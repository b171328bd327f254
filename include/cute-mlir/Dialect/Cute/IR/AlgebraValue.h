//===- AlgebraValue.h - Library values behind cute types --------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The bridge between cute types and the layout library. A cute type's spec
// (`(4,?):(1,4)`) read with fresh unknowns for its `?` slots is an
// AlgebraValue; an op computes its result as an AlgebraValue; the result's
// type is its spec with every dynamic leaf written as a slot (`?`, or
// `?{div=N}` with the divisor the library knows).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_ALGEBRAVALUE_H
#define CUTE_MLIR_DIALECT_CUTE_IR_ALGEBRAVALUE_H

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Swizzle.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <variant>

namespace mlir {
class Location;
namespace cute {

/// Which cute type an integer tuple is.
enum class TupleKind { IntTuple, Shape, Stride, Coord };

struct TupleValue {
  TupleKind kind;
  IntTuple tuple;
};

/// A tensor: its layout and the offset of its base, in elements, from the
/// storage it was made over; the element type and memory stay as in the type.
/// A coordinate tensor (memory `coord`, CuTe's identity tensor) has no
/// storage: element `e` is the coordinate whose leaf r is digit r of `e` in
/// radix identityTensorRadix(domain).
/// A swizzled tensor's element c lives at
/// offset + swizzle(swizzleOffset + layout(c)).
struct TensorValue {
  Type elementType;
  std::string memory;
  Layout layout;
  Int offset;
  IntTuple domain;
  std::optional<Swizzle> swizzle = std::nullopt;
  Int swizzleOffset = 0;

  /// The offset of element `coord` from the storage's start.
  Result<Int> elementOffset(const IntTuple &coord) const;
  /// Element `coord` of a coordinate tensor: the natural coordinate of its
  /// position in the tensor's domain.
  Result<IntTuple> coordinateAt(const IntTuple &coord) const;
};

/// A library value: an integer tuple of some kind, a layout, a tiler, a
/// tensor, or a scalar `index`.
using AlgebraValue = std::variant<TupleValue, Layout, Tiler, Int, TensorValue>;
using AlgebraResult = Result<AlgebraValue>;

/// The operand `v` as one kind of value, or an error naming the kind expected
/// (for `compute` methods; a tiler also accepts a layout).
Result<Layout> layoutOf(const AlgebraValue &v);
Result<IntTuple> tupleOf(const AlgebraValue &v);
Result<Tiler> tilerOf(const AlgebraValue &v);
Result<Int> intOf(const AlgebraValue &v);
Result<TensorValue> tensorOf(const AlgebraValue &v);

/// The strides of an identity tensor over `shape`: leaf r gets radix^r, with
/// the radix identityTensorRadix(shape).
IntTuple identityTensorStrides(const IntTuple &shape);
/// The radix of the digits of an identity tensor's elements: 2^(62 / leaves),
/// at most 2^24; coordinates below it in every leaf are exact.
int64_t identityTensorRadix(const IntTuple &shape);

/// Read a value of type `type` with a fresh unknown for each `?` slot; the
/// unknowns are appended to `slots` in slot order. `index` reads as one
/// unknown.
Result<AlgebraValue> readAlgebraValue(Type type,
                                      SmallVectorImpl<Int> *slots = nullptr);

/// The number of `?` slots of a cute type (0 for a type that cannot be read).
unsigned numDynamicSlots(Type type);

/// The cute type (or `index`) of a library value.
Type typeOfAlgebraValue(MLIRContext *context, const AlgebraValue &value);

/// Every dynamic leaf of a library value, in slot order (a static value has
/// none; an `index` value is its one leaf when dynamic).
SmallVector<Int> dynamicLeaves(const AlgebraValue &value);

/// Type inference shared by every algebra op: read the operand types, run
/// `compute`, and return the type of the result, or emit the library's error.
LogicalResult inferAlgebraResultType(
    MLIRContext *context, std::optional<Location> location, StringRef opName,
    TypeRange operandTypes,
    function_ref<AlgebraResult(ArrayRef<AlgebraValue>)> compute,
    SmallVectorImpl<Type> &inferredReturnTypes);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_IR_ALGEBRAVALUE_H
