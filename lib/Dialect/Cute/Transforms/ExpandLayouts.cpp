//===- ExpandLayouts.cpp - Dynamic layout algebra to index arithmetic -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Each cute value is traced back to the ops that fill its `?` slots; the
// library evaluates every algebra op on the way with those slots as unknowns,
// so a query's result is an expression over the slot values, which is then
// emitted as arith ops. Cute values do not survive the pass.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTEEXPANDLAYOUTSPASS
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;
using namespace mlir::cute;

namespace {

/// Library values of cute SSA values, with each unknown bound to the `index`
/// value that fills it.
class LayoutTracer {
public:
  /// The library value of `value`, or an error emitted at `user`.
  FailureOr<AlgebraValue> trace(Value value, Operation *user) {
    auto it = traced.find(value);
    if (it != traced.end())
      return it->second;
    FailureOr<AlgebraValue> result = traceUncached(value, user);
    if (succeeded(result))
      traced.try_emplace(value, *result);
    return result;
  }

  /// The `index` value bound to the unknown `node`.
  Value boundValue(const IntNode *node) const { return bound.lookup(node); }

  /// The result of `op` over the traced values of its operands.
  FailureOr<AlgebraValue> evaluate(AlgebraOpInterface op) {
    SmallVector<AlgebraValue> operands;
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

private:
  FailureOr<AlgebraValue> traceUncached(Value value, Operation *user) {
    Type type = value.getType();
    SmallVector<Int> slots;
    Result<AlgebraValue> fresh = readAlgebraValue(type, &slots);
    if (fresh.failed())
      return user->emitOpError()
             << "operand of type " << type << ": " << fresh.message();
    if (type.isIndex()) {
      bind(slots, value);
      return *fresh;
    }
    Operation *def = value.getDefiningOp();
    if (slots.empty() && def && isa<StaticOp>(def))
      return *fresh;
    if (def &&
        isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp>(def)) {
      for (auto [slot, filler] : llvm::zip(slots, def->getOperands()))
        bind({slot}, filler);
      return *fresh;
    }
    if (auto algebra = dyn_cast_or_null<AlgebraOpInterface>(def))
      return evaluate(algebra);
    if (slots.empty())
      return *fresh; // nothing dynamic to trace
    InFlightDiagnostic diag = user->emitOpError()
                              << "cannot expand the `?` slots of " << type
                              << ": ";
    if (def)
      diag << "it is produced by '" << def->getName() << "'";
    else
      diag << "it is a block argument";
    return failure();
  }

  void bind(ArrayRef<Int> unknowns, Value v) {
    for (const Int &u : unknowns)
      bound[u.getNode()] = v;
  }

  DenseMap<Value, AlgebraValue> traced;
  DenseMap<const IntNode *, Value> bound;
};

/// Emits the arith ops of one expression, sharing repeated subexpressions.
class ArithEmitter {
public:
  ArithEmitter(OpBuilder &builder, Location loc, const LayoutTracer &tracer)
      : builder(builder), loc(loc), tracer(tracer) {}

  Value emit(const Int &v) {
    if (v.isStatic())
      return arith::ConstantIndexOp::create(builder, loc, v.value());
    const IntNode *node = v.getNode();
    if (Value done = memo.lookup(node))
      return done;
    Value result;
    if (node->op == IntOp::Unknown) {
      result = tracer.boundValue(node);
    } else {
      Value lhs = emit(node->lhs), rhs = emit(node->rhs);
      result = emitBinary(node->op, lhs, rhs);
    }
    memo[node] = result;
    return result;
  }

private:
  Value emitBinary(IntOp op, Value lhs, Value rhs) {
    switch (op) {
    case IntOp::Add:
      return arith::AddIOp::create(builder, loc, lhs, rhs);
    case IntOp::Sub:
      return arith::SubIOp::create(builder, loc, lhs, rhs);
    case IntOp::Mul:
      return arith::MulIOp::create(builder, loc, lhs, rhs);
    case IntOp::Div: // CuTe's truncating division
      return arith::DivSIOp::create(builder, loc, lhs, rhs);
    case IntOp::CeilDiv:
      return arith::CeilDivSIOp::create(builder, loc, lhs, rhs);
    case IntOp::Mod:
      return arith::RemSIOp::create(builder, loc, lhs, rhs);
    case IntOp::Min:
      return arith::MinSIOp::create(builder, loc, lhs, rhs);
    case IntOp::Max:
      return arith::MaxSIOp::create(builder, loc, lhs, rhs);
    case IntOp::Unknown:
      break;
    }
    llvm_unreachable("unknowns are bound, not emitted");
  }

  OpBuilder &builder;
  Location loc;
  const LayoutTracer &tracer;
  DenseMap<const IntNode *, Value> memo;
};

struct CuteExpandLayoutsPass
    : public cute::impl::CuteExpandLayoutsPassBase<CuteExpandLayoutsPass> {
  void runOnOperation() override {
    LayoutTracer tracer;
    bool failed = false;

    // Replace every index-valued query by its arithmetic.
    SmallVector<AlgebraOpInterface> queries;
    getOperation()->walk([&](AlgebraOpInterface op) {
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
      query->getResult(0).replaceAllUsesWith(
          emitter.emit(std::get<Int>(*value)));
      query->erase();
    }
    if (failed)
      return signalPassFailure();

    // Erase the cute ops left without uses, consumers first.
    SmallVector<Operation *> cuteOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<CuteDialect>(op->getDialect()))
        cuteOps.push_back(op);
    });
    for (Operation *op : llvm::reverse(cuteOps)) {
      if (op->use_empty()) {
        op->erase();
        continue;
      }
      Operation *user = *op->getUsers().begin();
      op->emitOpError() << "cannot be expanded: its value is used by '"
                        << user->getName() << "', which is not a cute query";
      failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
