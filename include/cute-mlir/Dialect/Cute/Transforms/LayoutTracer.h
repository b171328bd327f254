//===- LayoutTracer.h - Cute values as library values over SSA --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The machinery the cute lowering passes share. A LayoutTracer follows a cute
// value back to the ops that fill its `?` slots and evaluates every algebra op
// on the way through the layout library, with each slot an unknown bound to
// the `index` value that fills it; an ArithEmitter writes the resulting
// expressions as arith ops.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_LAYOUTTRACER_H
#define CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_LAYOUTTRACER_H

#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace cute {

/// A traced tensor: its library value and the memref it lives in.
struct TracedTensor {
  TensorValue value;
  Value memref;
};

class LayoutTracer {
public:
  /// The library value of `value`, or an error emitted at `user`.
  FailureOr<AlgebraValue> trace(Value value, Operation *user);
  /// The result of `op` over the traced values of its operands.
  FailureOr<AlgebraValue> evaluate(AlgebraOpInterface op);
  /// The memref a tensor value lives in (a fragment gets a stack allocation).
  FailureOr<Value> storageOf(Value tensor, Operation *user);
  /// A tensor's library value and its memref.
  FailureOr<TracedTensor> traceTensor(Value tensor, Operation *user);
  /// `offset + layout(coord)` of `tensor` as an `index`, emitted at the
  /// builder's position, or an error emitted at `op`.
  FailureOr<Value> emitElementOffset(OpBuilder &builder, Operation *op,
                                     const TensorValue &tensor,
                                     const IntTuple &coord);
  /// The memref a pointer points into and its offset there, in elements.
  FailureOr<std::pair<Value, Int>> tracePtr(Value ptr, Operation *user);

  /// Bind the unknown `v` to the `index` value `filler`.
  void bind(const Int &v, Value filler) { bound[v.getNode()] = filler; }
  /// The `index` value bound to the unknown `node`.
  Value boundValue(const IntNode *node) const { return bound.lookup(node); }

private:
  FailureOr<AlgebraValue> traceUncached(Value value, Operation *user);
  /// A value rebuilt from its parts, its unknowns bound to them.
  AlgebraValue traceFromParts(FromPartsOp from, AlgebraValue fresh,
                              ArrayRef<Int> slots);

  DenseMap<Value, AlgebraValue> traced;
  DenseMap<Value, Value> storage;
  DenseMap<const IntNode *, Value> bound;
};

/// Emits the arith ops of expressions at one place, sharing repeated
/// subexpressions.
class ArithEmitter {
public:
  ArithEmitter(OpBuilder &builder, Location loc, const LayoutTracer &tracer)
      : builder(builder), loc(loc), tracer(tracer) {}

  Value emit(const Int &v);

private:
  OpBuilder &builder;
  Location loc;
  const LayoutTracer &tracer;
  DenseMap<const IntNode *, Value> memo;
  DenseMap<int64_t, Value> constants;
};

/// The unit attribute on the `scf.for` loops of static trip count that
/// `lowerCuteTensorAccesses` makes over register tensors.
inline constexpr llvm::StringLiteral kFragmentLoopAttrName =
    "cute.fragment_loop";

/// Lower every cute tensor access under `root` (load, store, copy, fill,
/// gemm, vector load/store, to_memref, elem_less, print) to memref, scf and
/// arith, as `cute-lower-to-scf` does. Passes that lower other dialects'
/// accesses first share `tracer`, so a fragment keeps one allocation.
LogicalResult lowerCuteTensorAccesses(Operation *root, LayoutTracer &tracer);

/// Replace every `cute.to_parts` under `root` by the memrefs and `index`
/// values its operand traces to.
LogicalResult lowerToParts(Operation *root, LayoutTracer &tracer);

/// Replace every index-valued cute query under `root` by its arithmetic, then
/// erase the cute ops left without uses; a cute value used by anything else is
/// an error.
LogicalResult expandQueriesAndEraseCute(Operation *root, LayoutTracer &tracer);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_LAYOUTTRACER_H
