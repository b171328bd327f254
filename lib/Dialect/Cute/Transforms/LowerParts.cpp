//===- LowerParts.cpp - cute.to_parts to the values it traces to ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// At a boundary (a call, a return, a yield, a kernel launch) a cute value
// leaves as its parts. The tracer knows each part: the memref a tensor was
// made over, its offset there, and an expression over `index` values for
// every `?` slot of its type.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::cute;

/// Every leaf of a value's tuples in slot order, `_` markers left out.
static SmallVector<Int> leafInts(const AlgebraValue &value) {
  SmallVector<Int> out;
  auto append = [&](const IntTuple &t) {
    for (const IntTuple &leaf : leaves(t))
      if (leaf.isInt())
        out.push_back(leaf.value());
  };
  if (const auto *t = std::get_if<TupleValue>(&value)) {
    append(t->tuple);
  } else if (const auto *l = std::get_if<Layout>(&value)) {
    append(l->shape());
    append(l->stride());
  } else if (const auto *t = std::get_if<TensorValue>(&value)) {
    append(t->layout.shape());
    append(t->layout.stride());
  }
  return out;
}

/// The traced leaves at the `?` slots of `type`: a leaf the tracer knows
/// statically still fills its slot.
static SmallVector<Int> slotValues(Type type, const AlgebraValue &traced) {
  Result<AlgebraValue> declared = readAlgebraValue(type);
  SmallVector<Int> out;
  for (auto [d, t] : llvm::zip(leafInts(*declared), leafInts(traced)))
    if (d.isDynamic())
      out.push_back(t);
  return out;
}

/// `memref` as the 1-D memref type `want`: its memory space and static size
/// are forgotten.
static Value castStorage(OpBuilder &b, Location loc, Value memref, Type want) {
  auto type = cast<MemRefType>(memref.getType());
  auto target = cast<MemRefType>(want);
  if (type == target)
    return memref;
  if (type.getMemorySpace() != target.getMemorySpace()) {
    type = MemRefType::get(type.getShape(), type.getElementType(),
                           type.getLayout(), target.getMemorySpace());
    memref = memref::MemorySpaceCastOp::create(b, loc, type, memref);
  }
  if (type != target)
    memref = memref::CastOp::create(b, loc, target, memref);
  return memref;
}

static LogicalResult lowerOne(ToPartsOp op, LayoutTracer &tracer) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ArithEmitter emitter(b, loc, tracer);
  Type type = op.getValue().getType();
  SmallVector<Value> parts;
  if (isa<PtrType>(type)) {
    FailureOr<std::pair<Value, Int>> ptr = tracer.tracePtr(op.getValue(), op);
    if (failed(ptr))
      return failure();
    parts.push_back(castStorage(b, loc, ptr->first, op.getType(0)));
    parts.push_back(emitter.emit(ptr->second));
  } else if (auto tensorType = dyn_cast<cute::TensorType>(type)) {
    FailureOr<TracedTensor> tensor = tracer.traceTensor(op.getValue(), op);
    if (failed(tensor))
      return failure();
    const TensorValue &t = tensor->value;
    parts.push_back(castStorage(b, loc, tensor->memref, op.getType(0)));
    parts.push_back(emitter.emit(t.offset));
    for (const Int &slot : slotValues(type, AlgebraValue(t)))
      parts.push_back(emitter.emit(slot));
    if (parts.size() < op.getNumResults()) // a dynamic swizzle offset
      parts.push_back(emitter.emit(t.swizzleOffset));
  } else {
    FailureOr<AlgebraValue> value = tracer.trace(op.getValue(), op);
    if (failed(value))
      return failure();
    for (const Int &slot : slotValues(type, *value))
      parts.push_back(emitter.emit(slot));
  }
  assert(parts.size() == op.getNumResults() && "parts as the verifier says");
  op->replaceAllUsesWith(parts);
  op->erase();
  return success();
}

LogicalResult mlir::cute::lowerToParts(Operation *root, LayoutTracer &tracer) {
  SmallVector<ToPartsOp> ops;
  root->walk([&](ToPartsOp op) { ops.push_back(op); });
  bool failed = false;
  for (ToPartsOp op : ops)
    failed |= ::mlir::failed(lowerOne(op, tracer));
  return failure(failed);
}
