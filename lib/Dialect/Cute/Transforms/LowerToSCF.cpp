//===- LowerToSCF.cpp - Cute tensors to scf, memref and arith -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Element addresses are library expressions: the tensor's offset plus its
// layout at a coordinate whose entries are unknowns bound to loop counters.
// One pattern-free walk per op kind; the tracer does the algebra.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTELOWERTOSCFPASS
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;
using namespace mlir::cute;

namespace {

/// The most elements a vector of a non-contiguous tensor is unrolled into:
/// one load or store each.
constexpr int64_t kMaxUnrolledElements = 1 << 12;

/// An error at `op` when the vector `type` is too long to unroll.
LogicalResult checkUnrolled(Operation *op, VectorType type) {
  if (type.getNumElements() <= kMaxUnrolledElements)
    return success();
  return op->emitOpError()
         << "the tensor is not contiguous, so the lowering unrolls the "
         << type.getNumElements() << " elements of " << type
         << ", more than the " << kMaxUnrolledElements << " it unrolls";
}

class TensorLowering {
public:
  explicit TensorLowering(LayoutTracer &tracer) : tracer(tracer) {}

  LogicalResult lower(ElemLessOp op) {
    FailureOr<IntTuple> coord = traceCoord(op.getCoord(), op);
    FailureOr<AlgebraValue> shape = tracer.trace(op.getShape(), op);
    if (failed(coord) || failed(shape))
      return failure();
    std::vector<IntTuple> cs = leaves(*coord);
    std::vector<IntTuple> ss = leaves(std::get<TupleValue>(*shape).tuple);
    OpBuilder builder(op);
    Location loc = op.getLoc();
    ArithEmitter emitter(builder, loc, tracer);
    Value all = arith::ConstantIntOp::create(builder, loc, 1, 1);
    for (size_t i = 0; i < cs.size(); ++i) {
      Value less = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::slt, emitter.emit(cs[i].value()),
          emitter.emit(ss[i].value()));
      all = arith::AndIOp::create(builder, loc, all, less);
    }
    op.replaceAllUsesWith(all);
    op.erase();
    return success();
  }

  LogicalResult lower(ToMemrefOp op) {
    FailureOr<TracedTensor> t = traceTensor(op.getTensor(), op);
    if (failed(t))
      return failure();
    OpBuilder builder(op);
    ArithEmitter emitter(builder, op.getLoc(), tracer);
    auto fold = [&](const Int &v) -> OpFoldResult {
      if (v.isStatic())
        return builder.getIndexAttr(v.value());
      return emitter.emit(v);
    };
    SmallVector<OpFoldResult> sizes, strides;
    for (const IntTuple &s : leaves(t->value.layout.shape()))
      sizes.push_back(fold(s.value()));
    for (const IntTuple &d : leaves(t->value.layout.stride()))
      strides.push_back(fold(d.value()));
    Value offset = emitter.emit(t->value.offset);
    auto view = memref::ReinterpretCastOp::create(
        builder, op.getLoc(), op.getType(), t->memref, offset, sizes, strides);
    op.replaceAllUsesWith(view.getResult());
    op.erase();
    return success();
  }

  LogicalResult lower(PrintOp op) {
    FailureOr<AlgebraValue> value = tracer.trace(op.getValue(), op);
    if (failed(value))
      return failure();
    OpBuilder builder(op);
    Location loc = op.getLoc();
    ArithEmitter emitter(builder, loc, tracer);
    std::string text;
    auto flush = [&]() {
      if (!text.empty())
        vector::PrintOp::create(builder, loc, text);
      text.clear();
    };
    std::function<void(const IntTuple &)> print = [&](const IntTuple &t) {
      if (t.isUnderscore()) {
        text += "_";
      } else if (t.isInt() && t.value().isStatic()) {
        text += t.value().str();
      } else if (t.isInt()) {
        flush();
        vector::PrintOp::create(builder, loc, emitter.emit(t.value()),
                                vector::PrintPunctuation::NoPunctuation);
      } else {
        text += "(";
        for (size_t i = 0; i < t.rank(); ++i) {
          if (i)
            text += ",";
          print(t.mode(i));
        }
        text += ")";
      }
    };
    auto printLayout = [&](const Layout &l) {
      print(l.shape());
      text += ":";
      print(l.stride());
    };
    if (const auto *t = std::get_if<TupleValue>(&*value)) {
      print(t->tuple);
    } else if (const auto *l = std::get_if<Layout>(&*value)) {
      printLayout(*l);
    } else if (const auto *t = std::get_if<TensorValue>(&*value)) {
      text += "tensor<";
      if (t->swizzle)
        text += t->swizzle->str() + " o ";
      if (t->swizzle) {
        print(IntTuple(t->swizzleOffset));
        text += " o ";
      }
      printLayout(t->layout);
      text += ">";
    }
    flush();
    vector::PrintOp::create(builder, loc, vector::PrintPunctuation::NewLine);
    op.erase();
    return success();
  }

  LogicalResult lower(LoadVectorOp op) {
    FailureOr<TracedTensor> t = traceTensor(op.getTensor(), op);
    if (failed(t))
      return failure();
    OpBuilder builder(op);
    Location loc = op.getLoc();
    VectorType type = op.getType();
    if (isContiguous(t->value)) {
      FailureOr<Value> start = address(builder, op, *t, IntTuple(0));
      if (failed(start))
        return failure();
      op.replaceAllUsesWith(
          vector::LoadOp::create(builder, loc, type, t->memref, *start)
              .getResult());
      op.erase();
      return success();
    }
    if (failed(checkUnrolled(op, type)))
      return failure();
    SmallVector<Value> elements;
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      FailureOr<Value> at = address(builder, op, *t, IntTuple(i));
      if (failed(at))
        return failure();
      elements.push_back(memref::LoadOp::create(builder, loc, t->memref, *at));
    }
    op.replaceAllUsesWith(
        vector::FromElementsOp::create(builder, loc, type, elements)
            .getResult());
    op.erase();
    return success();
  }

  LogicalResult lower(StoreVectorOp op) {
    FailureOr<TracedTensor> t = traceTensor(op.getTensor(), op);
    if (failed(t))
      return failure();
    OpBuilder builder(op);
    Location loc = op.getLoc();
    if (isContiguous(t->value)) {
      FailureOr<Value> start = address(builder, op, *t, IntTuple(0));
      if (failed(start))
        return failure();
      vector::StoreOp::create(builder, loc, op.getValue(), t->memref, *start);
      op.erase();
      return success();
    }
    if (failed(checkUnrolled(op, op.getValue().getType())))
      return failure();
    for (int64_t i = 0; i < op.getValue().getType().getNumElements(); ++i) {
      FailureOr<Value> at = address(builder, op, *t, IntTuple(i));
      if (failed(at))
        return failure();
      Value element = vector::ExtractOp::create(builder, loc, op.getValue(), i);
      memref::StoreOp::create(builder, loc, element, t->memref, *at);
    }
    op.erase();
    return success();
  }

  LogicalResult lower(LoadOp op) {
    OpBuilder builder(op);
    FailureOr<std::pair<Value, Value>> at =
        elementAddress(builder, op, op.getTensor(), op.getCoord());
    if (failed(at))
      return failure();
    op.replaceAllUsesWith(
        memref::LoadOp::create(builder, op.getLoc(), at->first, at->second)
            .getResult());
    op.erase();
    return success();
  }

  LogicalResult lower(StoreOp op) {
    OpBuilder builder(op);
    FailureOr<std::pair<Value, Value>> at =
        elementAddress(builder, op, op.getTensor(), op.getCoord());
    if (failed(at))
      return failure();
    memref::StoreOp::create(builder, op.getLoc(), op.getValue(), at->first,
                            at->second);
    op.erase();
    return success();
  }

  LogicalResult lower(CopyOp op) {
    FailureOr<TracedTensor> src = traceTensor(op.getSrc(), op);
    FailureOr<TracedTensor> dst = traceTensor(op.getDst(), op);
    if (failed(src) || failed(dst))
      return failure();
    Int n = size(src->value.layout);
    if (equal(n, size(dst->value.layout)) == Truth::False)
      return op.emitOpError()
             << "source has " << n.str() << " elements but destination has "
             << size(dst->value.layout).str();
    OpBuilder builder(op);
    Location loc = op.getLoc();
    SmallVector<Int> counters;
    FailureOr<scf::ForOp> loop = buildLoop(builder, loc, n, counters);
    if (failed(loop))
      return failure();
    markFragmentLoop(*loop, op);
    OpBuilder body = OpBuilder::atBlockTerminator(loop->getBody());
    IntTuple i(counters.front());
    // The addresses are computed outside a predicate's guard: once the loop
    // unrolls, they are straight-line code that CSE shares between elements
    // (a base and constant offsets), where inside each guard every element
    // would recompute its whole address.
    FailureOr<Value> from = address(body, op, *src, i);
    FailureOr<Value> to = address(body, op, *dst, i);
    if (failed(from) || failed(to))
      return failure();
    if (Value pred = op.getPred()) {
      // copy_if: the element moves only where the predicate holds.
      FailureOr<TracedTensor> p = traceTensor(pred, op);
      if (failed(p))
        return failure();
      FailureOr<Value> at = address(body, op, *p, i);
      if (failed(at))
        return failure();
      Value cond = memref::LoadOp::create(body, loc, p->memref, *at);
      auto guard = scf::IfOp::create(body, loc, cond, /*withElse=*/false);
      body = OpBuilder::atBlockTerminator(guard.thenBlock());
    }
    Value v = memref::LoadOp::create(body, loc, src->memref, *from);
    memref::StoreOp::create(body, loc, v, dst->memref, *to);
    op.erase();
    return success();
  }

  LogicalResult lower(FillOp op) {
    FailureOr<TracedTensor> t = traceTensor(op.getTensor(), op);
    if (failed(t))
      return failure();
    OpBuilder builder(op);
    SmallVector<Int> counters;
    FailureOr<scf::ForOp> loop =
        buildLoop(builder, op.getLoc(), size(t->value.layout), counters);
    if (failed(loop))
      return failure();
    markFragmentLoop(*loop, op);
    OpBuilder body = OpBuilder::atBlockTerminator(loop->getBody());
    FailureOr<Value> at = address(body, op, *t, IntTuple(counters.front()));
    if (failed(at))
      return failure();
    memref::StoreOp::create(body, op.getLoc(), op.getValue(), t->memref, *at);
    op.erase();
    return success();
  }

  LogicalResult lower(GemmOp op) {
    FailureOr<TracedTensor> a = traceTensor(op.getA(), op);
    FailureOr<TracedTensor> b = traceTensor(op.getB(), op);
    FailureOr<TracedTensor> c = traceTensor(op.getC(), op);
    if (failed(a) || failed(b) || failed(c))
      return failure();
    const Layout &la = a->value.layout, &lc = c->value.layout;
    Int extents[3] = {size(lc.mode(0)), size(lc.mode(1)), size(la.mode(1))};
    OpBuilder builder(op);
    Location loc = op.getLoc();
    SmallVector<Int> counters;
    OpBuilder body = builder;
    for (const Int &extent : extents) {
      FailureOr<scf::ForOp> loop = buildLoop(body, loc, extent, counters);
      if (failed(loop))
        return failure();
      markFragmentLoop(*loop, op);
      body = OpBuilder::atBlockTerminator(loop->getBody());
    }
    IntTuple m(counters[0]), n(counters[1]), k(counters[2]);
    FailureOr<Value> ia = address(body, op, *a, IntTuple::tuple({m, k}));
    FailureOr<Value> ib = address(body, op, *b, IntTuple::tuple({n, k}));
    FailureOr<Value> ic = address(body, op, *c, IntTuple::tuple({m, n}));
    if (failed(ia) || failed(ib) || failed(ic))
      return failure();
    Value va = memref::LoadOp::create(body, loc, a->memref, *ia);
    Value vb = memref::LoadOp::create(body, loc, b->memref, *ib);
    Value vc = memref::LoadOp::create(body, loc, c->memref, *ic);
    Value sum;
    if (isa<FloatType>(va.getType())) {
      Value prod = arith::MulFOp::create(body, loc, va, vb);
      sum = arith::AddFOp::create(body, loc, vc, prod);
    } else {
      Value prod = arith::MulIOp::create(body, loc, va, vb);
      sum = arith::AddIOp::create(body, loc, vc, prod);
    }
    memref::StoreOp::create(body, loc, sum, c->memref, *ic);
    op.erase();
    return success();
  }

private:
  FailureOr<TracedTensor> traceTensor(Value tensor, Operation *user) {
    return tracer.traceTensor(tensor, user);
  }

  FailureOr<IntTuple> traceCoord(Value coord, Operation *user) {
    FailureOr<AlgebraValue> value = tracer.trace(coord, user);
    if (failed(value))
      return failure();
    return std::get<TupleValue>(*value).tuple;
  }

  /// Whether the tensor's elements are consecutive in memory, in order.
  static bool isContiguous(const TensorValue &t) {
    if (t.swizzle)
      return false;
    Layout c = coalesce(t.layout);
    return c.shape().isInt() && c.stride().isInt() && c.stride().value().is(1);
  }

  /// The memref of `tensor` and the index of its element at `coord`.
  FailureOr<std::pair<Value, Value>>
  elementAddress(OpBuilder &builder, Operation *op, Value tensor, Value coord) {
    FailureOr<TracedTensor> t = traceTensor(tensor, op);
    FailureOr<IntTuple> c = traceCoord(coord, op);
    if (failed(t) || failed(c))
      return failure();
    FailureOr<Value> index = address(builder, op, *t, *c);
    if (failed(index))
      return failure();
    return std::make_pair(t->memref, *index);
  }

  /// `offset + layout(coord)` emitted at the builder's position.
  FailureOr<Value> address(OpBuilder &builder, Operation *op,
                           const TracedTensor &t, const IntTuple &coord) {
    return tracer.emitElementOffset(builder, op, t.value, coord);
  }

  /// Tags a loop of static trip count over a register tensor, so that GPU
  /// lowerings can unroll it and keep the fragment in registers.
  static void markFragmentLoop(scf::ForOp loop, Operation *op) {
    if (!getConstantIntValue(loop.getUpperBound()))
      return;
    if (llvm::any_of(op->getOperandTypes(), [](Type t) {
          auto tensor = dyn_cast<cute::TensorType>(t);
          return tensor && tensor.getMemory() == "rmem";
        }))
      loop->setAttr(kFragmentLoopAttrName, UnitAttr::get(op->getContext()));
  }

  /// `scf.for i in [0, extent)`; appends the counter as an unknown in range.
  FailureOr<scf::ForOp> buildLoop(OpBuilder &builder, Location loc,
                                  const Int &extent,
                                  SmallVector<Int> &counters) {
    ArithEmitter emitter(builder, loc, tracer);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    Value upper = emitter.emit(extent);
    auto loop = scf::ForOp::create(builder, loc, zero, upper, one);
    int64_t hi = extent.isStatic() ? extent.value() - 1 : INT64_MAX;
    Int counter = Int::unknownInRange("i", 0, hi);
    tracer.bind(counter, loop.getInductionVar());
    counters.push_back(counter);
    return loop;
  }

  LayoutTracer &tracer;
};

} // namespace

LogicalResult mlir::cute::lowerCuteTensorAccesses(Operation *root,
                                                  LayoutTracer &tracer) {
  TensorLowering lowering(tracer);
  SmallVector<Operation *> accesses;
  root->walk([&](Operation *op) {
    // Loads from coordinate tensors are traced, not lowered.
    if (auto load = dyn_cast<LoadOp>(op))
      if (cast<cute::TensorType>(load.getTensor().getType()).getMemory() ==
          "coord")
        return;
    if (isa<LoadOp, StoreOp, CopyOp, FillOp, GemmOp, ElemLessOp, ToMemrefOp,
            PrintOp, LoadVectorOp, StoreVectorOp>(op))
      accesses.push_back(op);
  });
  bool failed = false;
  for (Operation *op : accesses) {
    LogicalResult r =
        TypeSwitch<Operation *, LogicalResult>(op)
            .Case([&](LoadOp o) { return lowering.lower(o); })
            .Case([&](StoreOp o) { return lowering.lower(o); })
            .Case([&](CopyOp o) { return lowering.lower(o); })
            .Case([&](FillOp o) { return lowering.lower(o); })
            .Case([&](GemmOp o) { return lowering.lower(o); })
            .Case([&](ElemLessOp o) { return lowering.lower(o); })
            .Case([&](ToMemrefOp o) { return lowering.lower(o); })
            .Case([&](PrintOp o) { return lowering.lower(o); })
            .Case([&](LoadVectorOp o) { return lowering.lower(o); })
            .Case([&](StoreVectorOp o) { return lowering.lower(o); });
    failed |= ::mlir::failed(r);
  }
  return failure(failed);
}

namespace {

struct CuteLowerToSCFPass
    : public cute::impl::CuteLowerToSCFPassBase<CuteLowerToSCFPass> {
  void runOnOperation() override {
    LayoutTracer tracer;
    if (failed(lowerCuteTensorAccesses(getOperation(), tracer)) ||
        failed(expandQueriesAndEraseCute(getOperation(), tracer)))
      signalPassFailure();
  }
};

} // namespace
