//===- LayoutTracer.cpp - Cute values as library values over SSA ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SmallPtrSet.h"

#include "cute-mlir/Layout/Notation.h"

using namespace mlir;
using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// LayoutTracer
//===----------------------------------------------------------------------===//

FailureOr<AlgebraValue> LayoutTracer::trace(Value value, Operation *user) {
  auto it = traced.find(value);
  if (it != traced.end())
    return it->second;
  FailureOr<AlgebraValue> result = traceUncached(value, user);
  if (succeeded(result))
    traced.try_emplace(value, *result);
  return result;
}

FailureOr<AlgebraValue> LayoutTracer::traceUncached(Value value,
                                                    Operation *user) {
  Type type = value.getType();
  SmallVector<Int> slots;
  Result<AlgebraValue> fresh = readAlgebraValue(type, &slots);
  if (fresh.failed())
    return user->emitOpError()
           << "operand of type " << type << ": " << fresh.message();
  if (type.isIndex()) {
    bind(std::get<Int>(*fresh), value);
    return *fresh;
  }
  Operation *def = value.getDefiningOp();
  if (def && isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp>(def)) {
    for (auto [slot, filler] : llvm::zip(slots, def->getOperands()))
      bind(slot, filler);
    return *fresh;
  }
  if (auto from = dyn_cast_or_null<FromPartsOp>(def))
    return traceFromParts(from, *fresh, slots);
  if (auto make = dyn_cast_or_null<MakeTensorOp>(def)) {
    FailureOr<AlgebraValue> layout = trace(make.getLayout(), make);
    if (failed(layout))
      return failure();
    TensorValue tensor = std::get<TensorValue>(*fresh);
    tensor.layout = std::get<Layout>(*layout);
    tensor.offset = 0;
    if (isa<PtrType>(make.getMemref().getType())) {
      FailureOr<std::pair<Value, Int>> ptr = tracePtr(make.getMemref(), make);
      if (failed(ptr))
        return failure();
      tensor.offset = ptr->second;
    }
    return AlgebraValue(tensor);
  }
  // An element of a coordinate tensor is the natural coordinate of its
  // position in the tensor's domain.
  if (auto load = dyn_cast_or_null<LoadOp>(def)) {
    FailureOr<AlgebraValue> tensor = trace(load.getTensor(), load);
    FailureOr<AlgebraValue> coord = trace(load.getCoord(), load);
    if (failed(tensor) || failed(coord))
      return failure();
    const TensorValue &t = std::get<TensorValue>(*tensor);
    if (t.memory != "coord")
      return user->emitOpError() << "cannot trace a value loaded from "
                                 << load.getTensor().getType();
    Result<IntTuple> element =
        t.coordinateAt(std::get<TupleValue>(*coord).tuple);
    if (element.failed())
      return load.emitOpError() << element.message();
    return AlgebraValue(TupleValue{TupleKind::Coord, *element});
  }
  if (def && isa<MakeFragmentOp>(def)) {
    std::get<TensorValue>(*fresh).offset = 0;
    return *fresh;
  }
  if (auto algebra = dyn_cast_or_null<AlgebraOpInterface>(def))
    return evaluate(algebra);
  if (slots.empty() && !isa<cute::TensorType>(type))
    return *fresh; // nothing dynamic to trace
  InFlightDiagnostic diag =
      user->emitOpError() << "cannot expand the `?` slots of " << type << ": ";
  if (def)
    diag << "it is produced by '" << def->getName() << "'";
  else
    diag << "it is a block argument";
  return failure();
}

AlgebraValue LayoutTracer::traceFromParts(FromPartsOp from, AlgebraValue fresh,
                                          ArrayRef<Int> slots) {
  // The parts are [memref, offset] slots... [swizzle offset] for a tensor
  // and the slots alone for the algebra types (see BoundaryParts.h).
  ValueRange parts = from.getParts();
  auto *tensor = std::get_if<TensorValue>(&fresh);
  if (tensor) {
    bind(tensor->offset, parts[1]);
    parts = parts.drop_front(2);
    if (tensor->swizzle && tensor->swizzleOffset.isDynamic())
      bind(tensor->swizzleOffset, parts.back());
  }
  for (auto [slot, filler] : llvm::zip(slots, parts))
    bind(slot, filler);
  return fresh;
}

FailureOr<AlgebraValue> LayoutTracer::evaluate(AlgebraOpInterface op) {
  SmallVector<AlgebraValue, 4> operands;
  for (Value operand : op->getOperands()) {
    FailureOr<AlgebraValue> v = trace(operand, op);
    if (failed(v))
      return failure();
    operands.push_back(*v);
  }
  OverflowScope overflow;
  AlgebraResult result = op.evaluate(operands);
  if (overflow.overflowed())
    return op->emitOpError("integer overflow in the layout algebra");
  if (result.failed())
    return op->emitOpError() << result.message();
  return *result;
}

FailureOr<TracedTensor> LayoutTracer::traceTensor(Value tensor,
                                                  Operation *user) {
  FailureOr<AlgebraValue> value = trace(tensor, user);
  FailureOr<Value> memref = storageOf(tensor, user);
  if (failed(value) || failed(memref))
    return failure();
  return TracedTensor{std::get<TensorValue>(*value), *memref};
}

FailureOr<Value> LayoutTracer::emitElementOffset(OpBuilder &builder,
                                                 Operation *op,
                                                 const TensorValue &tensor,
                                                 const IntTuple &coord) {
  Result<Int> at = tensor.elementOffset(coord);
  if (at.failed())
    return op->emitOpError() << at.message();
  ArithEmitter emitter(builder, op->getLoc(), *this);
  return emitter.emit(*at);
}

FailureOr<Value> LayoutTracer::storageOf(Value tensor, Operation *user) {
  if (Value known = storage.lookup(tensor))
    return known;
  Operation *def = tensor.getDefiningOp();
  Value result;
  if (auto make = dyn_cast_or_null<MakeTensorOp>(def)) {
    result = make.getMemref();
    if (isa<PtrType>(result.getType())) {
      FailureOr<std::pair<Value, Int>> ptr = tracePtr(result, user);
      if (failed(ptr))
        return failure();
      result = ptr->first;
    }
  } else if (auto from = dyn_cast_or_null<FromPartsOp>(def)) {
    result = from.getParts().front();
  } else if (auto fragment = dyn_cast_or_null<MakeFragmentOp>(def)) {
    auto type = cast<cute::TensorType>(fragment.getType());
    // Enough for every element: a swizzle permutes within aligned blocks of
    // its period, so round up to one.
    Result<AlgebraValue> value = readAlgebraValue(type);
    const TensorValue &t = std::get<TensorValue>(*value);
    int64_t elements = (t.swizzleOffset + cosize(t.layout)).value();
    if (t.swizzle)
      elements = (elements + t.swizzle->period() - 1) / t.swizzle->period() *
                 t.swizzle->period();
    OpBuilder builder(fragment);
    auto memrefType = MemRefType::get({elements}, type.getElementType());
    result = memref::AllocaOp::create(builder, fragment.getLoc(), memrefType);
    result = memref::CastOp::create(
        builder, fragment.getLoc(),
        MemRefType::get({ShapedType::kDynamic}, type.getElementType()), result);
  } else if (def && isa<AlgebraOpInterface>(def)) {
    for (Value operand : def->getOperands())
      if (isa<cute::TensorType>(operand.getType()))
        return storageOf(operand, user);
  }
  if (!result)
    return user->emitOpError()
           << "cannot find the memory of the tensor " << tensor.getType();
  storage[tensor] = result;
  return result;
}

FailureOr<std::pair<Value, Int>> LayoutTracer::tracePtr(Value ptr,
                                                        Operation *user) {
  Operation *def = ptr.getDefiningOp();
  if (auto of = dyn_cast_or_null<PtrOfOp>(def))
    return std::make_pair(Value(of.getMemref()), Int(0));
  if (auto from = dyn_cast_or_null<FromPartsOp>(def)) {
    FailureOr<AlgebraValue> offset = trace(from.getParts()[1], from);
    if (failed(offset))
      return failure();
    return std::make_pair(from.getParts()[0], std::get<Int>(*offset));
  }
  if (auto add = dyn_cast_or_null<AddPtrOp>(def)) {
    FailureOr<std::pair<Value, Int>> base = tracePtr(add.getPtr(), add);
    FailureOr<AlgebraValue> offset = trace(add.getOffset(), add);
    if (failed(base) || failed(offset))
      return failure();
    return std::make_pair(base->first, base->second + std::get<Int>(*offset));
  }
  return user->emitOpError()
         << "cannot find the memory of the pointer " << ptr.getType();
}

//===----------------------------------------------------------------------===//
// ArithEmitter
//===----------------------------------------------------------------------===//

Value ArithEmitter::emit(const Int &v) {
  // Constants once an emitter, and every op folded as it is made: a kernel
  // emits an offset per element, mostly from static parts, and what the
  // canonicalizer would fold later it has to walk first (the sm_80 example's
  // lowering made 48k lines, 18k of them constants).
  if (v.isStatic()) {
    Value &constant = constants[v.value()];
    if (!constant)
      constant = arith::ConstantIndexOp::create(builder, loc, v.value());
    return constant;
  }
  const IntNode *node = v.getNode();
  if (Value done = memo.lookup(node))
    return done;
  Value result;
  if (node->op == IntOp::Unknown) {
    result = tracer.boundValue(node);
  } else {
    Value lhs = emit(node->lhs), rhs = emit(node->rhs);
    // Division of a value known non-negative by one known positive is the
    // same signed or unsigned; unsigned becomes shifts and masks for powers
    // of two, where signed needs a rounding fix-up for negative dividends.
    bool unsignedOperands =
        node->lhs.lowerBound() >= 0 && node->rhs.lowerBound() > 0;
    switch (node->op) {
    case IntOp::Add:
      result = builder.createOrFold<arith::AddIOp>(loc, lhs, rhs);
      break;
    case IntOp::Sub:
      result = builder.createOrFold<arith::SubIOp>(loc, lhs, rhs);
      break;
    case IntOp::Mul:
      result = builder.createOrFold<arith::MulIOp>(loc, lhs, rhs);
      break;
    case IntOp::Div: // CuTe's truncating division
      result = unsignedOperands
                   ? builder.createOrFold<arith::DivUIOp>(loc, lhs, rhs)
                   : builder.createOrFold<arith::DivSIOp>(loc, lhs, rhs);
      break;
    case IntOp::CeilDiv:
      if (unsignedOperands) {
        result = builder.createOrFold<arith::CeilDivUIOp>(loc, lhs, rhs);
        break;
      }
      // CuTe's (a + b - 1) / b, which the algebra folds constants with:
      // arith.ceildivsi rounds negative quotients the other way.
      result = builder.createOrFold<arith::DivSIOp>(
          loc,
          builder.createOrFold<arith::SubIOp>(
              loc, builder.createOrFold<arith::AddIOp>(loc, lhs, rhs),
              emit(Int(1))),
          rhs);
      break;
    case IntOp::Mod:
      result = unsignedOperands
                   ? builder.createOrFold<arith::RemUIOp>(loc, lhs, rhs)
                   : builder.createOrFold<arith::RemSIOp>(loc, lhs, rhs);
      break;
    case IntOp::Min:
      result = builder.createOrFold<arith::MinSIOp>(loc, lhs, rhs);
      break;
    case IntOp::Max:
      result = builder.createOrFold<arith::MaxSIOp>(loc, lhs, rhs);
      break;
    case IntOp::Xor:
      result = builder.createOrFold<arith::XOrIOp>(loc, lhs, rhs);
      break;
    case IntOp::Unknown:
      break;
    }
  }
  memo[node] = result;
  return result;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

/// Stores, copies, gemms, prints and loads from memory (not from coordinate
/// tensors): what only cute-lower-to-scf lowers.
static bool accessesMemory(Operation *op) {
  if (isa<StoreOp, CopyOp, GemmOp, PrintOp, LoadVectorOp, StoreVectorOp>(op))
    return true;
  if (auto load = dyn_cast<LoadOp>(op))
    return cast<cute::TensorType>(load.getTensor().getType()).getMemory() !=
           "coord";
  return false;
}

LogicalResult mlir::cute::expandQueriesAndEraseCute(Operation *root,
                                                    LayoutTracer &tracer) {
  bool failed = ::mlir::failed(lowerToParts(root, tracer));
  SmallVector<AlgebraOpInterface> queries;
  root->walk([&](AlgebraOpInterface op) {
    if (op->getNumResults() == 1 && op->getResult(0).getType().isIndex())
      queries.push_back(op);
  });
  for (AlgebraOpInterface query : queries) {
    FailureOr<AlgebraValue> value = tracer.evaluate(query);
    if (::mlir::failed(value)) {
      failed = true;
      continue;
    }
    OpBuilder builder(query);
    ArithEmitter emitter(builder, query->getLoc(), tracer);
    query->getResult(0).replaceAllUsesWith(emitter.emit(std::get<Int>(*value)));
    query->erase();
  }
  if (failed)
    return failure();

  // Erase the cute ops left without uses, consumers first; the algebra ops
  // of other dialects (cute_nvgpu's partitions) go the same way.
  SmallVector<Operation *> cuteOps;
  root->walk([&](Operation *op) {
    if (isa<CuteDialect>(op->getDialect()) || isa<AlgebraOpInterface>(op))
      cuteOps.push_back(op);
  });
  // Ops kept because of an error; their operands' producers stay silently.
  llvm::SmallPtrSet<Operation *, 8> kept;
  for (Operation *op : llvm::reverse(cuteOps)) {
    // Memory accesses are lowered, never dropped.
    if (accessesMemory(op)) {
      op->emitOpError("has run-time effects: lower it with cute-lower-to-scf");
      kept.insert(op);
      failed = true;
      continue;
    }
    if (op->use_empty()) {
      op->erase();
      continue;
    }
    kept.insert(op);
    if (llvm::all_of(op->getUsers(),
                     [&](Operation *user) { return kept.contains(user); }))
      continue;
    Operation *user = *op->getUsers().begin();
    op->emitOpError() << "cannot be expanded: its value is used by '"
                      << user->getName() << "', which is not a cute query";
    failed = true;
  }
  return failure(failed);
}
