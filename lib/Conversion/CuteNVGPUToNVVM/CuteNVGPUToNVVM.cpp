//===- CuteNVGPUToNVVM.cpp - cute_nvgpu gemm and copy to NVVM -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The partitioned operands of a gemm or copy are traced to their memrefs and
// library layouts; the rest modes are walked at compile time and each atom
// instruction is emitted through its attribute's interface. Pointers into
// memory come from the memref's LLVM descriptor (an unrealized cast that
// the memref-to-LLVM conversion later folds away), so they keep provenance.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"

#include "DynamicSharedMemory.h"
#include "EpilogueLowering.h"
#include "PipelineLowering.h"
#include "Pointers.h"
#include "SchedulingLowering.h"
#include "StreamKLowering.h"
#include "TargetCheck.h"
#include "TmaLowering.h"
#include "WarpRoleLowering.h"

#include "cute-mlir/Atom/Gmma.h"
#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/Targets.h"
#include "cute-mlir/Layout/Notation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CONVERTCUTENVGPUTONVVMPASS
#include "cute-mlir/Conversion/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute_nvgpu;

namespace {

/// The most atom instructions one gemm or copy unrolls into: far more than a
/// thread's registers feed, few enough to lower in about a second.
constexpr int64_t kMaxUnrolledAtoms = 1 << 12;

/// An error at `op` when `count` atoms (overflowed: more than 2^63) are more
/// than the lowering unrolls.
LogicalResult checkUnrolled(Operation *op, const Int &count, bool overflowed,
                            const std::string &what) {
  if (!overflowed && count.value() <= kMaxUnrolledAtoms)
    return success();
  return op->emitOpError() << "lowering unrolls " << what << " into "
                           << (overflowed ? std::string("more than 2^63")
                                          : count.str())
                           << " atoms, more than the " << kMaxUnrolledAtoms
                           << " it unrolls";
}

/// A traced operand, with the memory its type names.
struct Operand {
  TensorValue value;
  Value memref;
  StringRef memory;
};

/// The memref that `memref` is a view of, through any number of views.
Value viewSource(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// `values` (of one type), or zeros where `flag` is false.
SmallVector<Value> zeroUnless(OpBuilder &b, Location loc, Value flag,
                              ValueRange values) {
  if (values.empty())
    return {};
  Value zero = arith::ConstantOp::create(
      b, loc, b.getZeroAttr(values.front().getType()));
  SmallVector<Value> out;
  for (Value v : values)
    out.push_back(arith::SelectOp::create(b, loc, flag, v, zero));
  return out;
}

class AtomLowering {
public:
  explicit AtomLowering(LayoutTracer &tracer) : tracer(tracer) {}

  LogicalResult lower(cute_nvgpu::GemmOp op) {
    FailureOr<Operand> a = trace(op.getA(), op);
    FailureOr<Operand> b = trace(op.getB(), op);
    FailureOr<Operand> c = trace(op.getC(), op);
    if (failed(a) || failed(b) || failed(c))
      return failure();
    // A (V,M) and B (V,N), one k-block, are (V,M,1) and (V,N,1).
    for (Operand *t : {&*a, &*b})
      t->value.layout = cute::appendTo(t->value.layout, 3);
    MmaAtomAttrInterface atom = op.getTiledMma().getMmaAtom();
    const Layout &la = a->value.layout, &lb = b->value.layout,
                 &lc = c->value.layout;
    Int tiles[3] = {size(lc.mode(1)), size(lc.mode(2)), size(la.mode(2))};
    for (const Int &t : tiles)
      if (!t.isStatic())
        return op.emitOpError()
               << "lowering unrolls the rest modes, which must be static; "
               << "got C " << lc.str() << " and A " << la.str();
    {
      OverflowScope overflow;
      Int atoms = tiles[0] * tiles[1] * tiles[2];
      if (failed(checkUnrolled(op, atoms, overflow.overflowed(),
                               "the rest modes (M,N,K) of C " + lc.str() +
                                   " and A " + la.str())))
        return failure();
    }
    if (atom.getTraits().arch >= 90)
      return lowerWgmma(op, atom, *a, *b, *c, tiles);
    int64_t va = size(la.mode(0)).value(), vb = size(lb.mode(0)).value();
    OperandLoads loadsA(*a, va, cIsOwnFragment(*a, *b, *c)),
        loadsB(*b, vb, loadsA.reuse);
    return forEachAtom(
        op, *a, *b, *c, tiles,
        [&](OpBuilder &builder, int64_t m, int64_t n, int64_t k,
            ValueRange cv) -> FailureOr<SmallVector<Value>> {
          FailureOr<SmallVector<Value>> av = load(builder, op, loadsA, m, k);
          FailureOr<SmallVector<Value>> bv = load(builder, op, loadsB, n, k);
          if (failed(av) || failed(bv))
            return failure();
          SmallVector<Value> accumulators(cv);
          // mma.sync has no scale-d: the first k-block starts from zeros.
          if (k == 0 && op.getAccumulate())
            accumulators =
                zeroUnless(builder, op.getLoc(), op.getAccumulate(), cv);
          return atom.buildMma(builder, op.getLoc(), *av, *bv, accumulators);
        });
  }

  /// One wgmma per (m', n', k'): B through a shared-memory descriptor, A
  /// through one too (`_SS`) or as the thread's register values (`_RS`).
  LogicalResult lowerWgmma(cute_nvgpu::GemmOp op, MmaAtomAttrInterface atom,
                           const Operand &a, const Operand &b, const Operand &c,
                           const Int (&tiles)[3]) {
    cute::MmaAtom traits = atom.getTraits();
    bool registersA = traits.sourceA == cute::OperandSource::Registers;
    FailureOr<cute::GmmaDescriptor> da = cute::GmmaDescriptor();
    if (!registersA)
      da = descriptorFields(op, a, "A", traits.majorA);
    if (failed(da))
      return failure();
    FailureOr<cute::GmmaDescriptor> db =
        descriptorFields(op, b, "B", traits.majorB);
    if (failed(db))
      return failure();
    int64_t va = size(a.value.layout.mode(0)).value();
    OperandLoads loadsA(a, va, cIsOwnFragment(a, b, c));
    Location loc = op.getLoc();
    // Each operand's descriptors are computed once, at tile (0, 0); a
    // tile whose distance from it is static adds it to the address field.
    OpBuilder top(op);
    FailureOr<Value> startA = Value(), startB;
    if (!registersA)
      startA = descriptorAddress(top, op, a, 0, 0);
    startB = descriptorAddress(top, op, b, 0, 0);
    if (failed(startA) || failed(startB))
      return failure();
    // Every thread of the warpgroup holds the same descriptors (wgmma
    // requires it); taking lane 0's tells ptxas so, and it keeps them in
    // uniform registers instead of moving each into one per wgmma.
    if (!registersA)
      startA = warpUniform(top, loc, *startA);
    startB = warpUniform(top, loc, *startB);
    auto tileDescriptor = [&](OpBuilder &builder, const Operand &t, Value start,
                              const cute::GmmaDescriptor &fields, int64_t r0,
                              int64_t r1) -> FailureOr<Value> {
      FailureOr<Value> address = start;
      if (std::optional<int64_t> units = staticDistance(t, r0, r1)) {
        if (*units)
          address = LLVM::AddOp::create(
                        builder, loc, start,
                        LLVM::ConstantOp::create(builder, loc,
                                                 builder.getI32Type(), *units))
                        .getResult();
      } else {
        address = descriptorAddress(builder, op, t, r0, r1);
      }
      if (failed(address))
        return failure();
      return encodeDescriptor(builder, loc, *address, fields);
    };
    return forEachAtom(
        op, a, b, c, tiles,
        [&](OpBuilder &builder, int64_t m, int64_t n, int64_t k,
            ValueRange cv) -> FailureOr<SmallVector<Value>> {
          FailureOr<SmallVector<Value>> av = failure();
          if (registersA) {
            av = load(builder, op, loadsA, m, k);
          } else if (FailureOr<Value> descA =
                         tileDescriptor(builder, a, *startA, *da, m, k);
                     succeeded(descA)) {
            av = SmallVector<Value>{*descA};
          }
          FailureOr<Value> descB =
              tileDescriptor(builder, b, *startB, *db, n, k);
          if (failed(av) || failed(descB))
            return failure();
          // Only the first k-block may start from zero; the rest add.
          Value scaleD = k == 0 ? op.getAccumulate() : Value();
          return atom.buildWgmma(builder, loc, *av, *descB, cv, scaleD);
        });
  }

  /// Unrolls a gemm over its (m', n', k') atoms, k' outermost: `emit` gets
  /// C's values at (m', n') and returns D's, which are stored back into C.
  /// Where that computes the same (C is its own fragment, of distinct
  /// elements), a tile's values go from one k-block's atom to the next as
  /// SSA values, loaded before its first and stored after its last, instead
  /// of through C's memory at each.
  LogicalResult forEachAtom(
      cute_nvgpu::GemmOp op, const Operand &a, const Operand &b,
      const Operand &c, const Int (&tiles)[3],
      function_ref<FailureOr<SmallVector<Value>>(OpBuilder &, int64_t, int64_t,
                                                 int64_t, ValueRange)>
          emit) {
    int64_t vc = size(c.value.layout.mode(0)).value();
    int64_t tilesM = tiles[0].value(), tilesN = tiles[1].value(),
            tilesK = tiles[2].value();
    bool inValues =
        cIsOwnFragment(a, b, c) && hasDistinctElements(c.value.layout, tiles);
    SmallVector<SmallVector<Value>> current(tilesM * tilesN);
    OpBuilder builder(op);
    for (int64_t k = 0; k < tilesK; ++k)
      for (int64_t m = 0; m < tilesM; ++m)
        for (int64_t n = 0; n < tilesN; ++n) {
          SmallVector<Value> &values = current[m * tilesN + n];
          if (!inValues || k == 0) {
            FailureOr<SmallVector<Value>> cv =
                loadAll(builder, op, c, vc, m, n);
            if (failed(cv))
              return failure();
            values = std::move(*cv);
          }
          FailureOr<SmallVector<Value>> d = emit(builder, m, n, k, values);
          if (failed(d))
            return failure();
          values = std::move(*d);
          if (inValues && k + 1 < tilesK)
            continue;
          for (int64_t v = 0; v < vc; ++v) {
            FailureOr<Value> at = address(builder, op, c, v, {m, n});
            if (failed(at))
              return failure();
            memref::StoreOp::create(builder, op.getLoc(), values[v], c.memref,
                                    *at);
          }
        }
    op.erase();
    return success();
  }

  /// Whether a gemm's C is a register fragment of its own: a
  /// `memref.alloca` of which A and B are not views. Then no atom reads
  /// what another one wrote into C, and an operand's values, loaded once,
  /// serve every atom that reads them.
  static bool cIsOwnFragment(const Operand &a, const Operand &b,
                             const Operand &c) {
    Value base = viewSource(c.memref);
    return base.getDefiningOp<memref::AllocaOp>() &&
           viewSource(a.memref) != base && viewSource(b.memref) != base;
  }

  /// Whether each (value, m', n') of C's layout is its own element (with a
  /// stride-0 mode, an atom would add to what another one wrote).
  static bool hasDistinctElements(const Layout &layout, const Int (&tiles)[3]) {
    int64_t vc = size(layout.mode(0)).value();
    llvm::SmallDenseSet<int64_t> offsets;
    for (int64_t n = 0; n < tiles[1].value(); ++n)
      for (int64_t m = 0; m < tiles[0].value(); ++m)
        for (int64_t v = 0; v < vc; ++v) {
          Result<Int> offset = crd2idx(
              IntTuple::tuple({IntTuple(v), IntTuple(m), IntTuple(n)}), layout);
          if (offset.failed() || !offset->isStatic() ||
              !offsets.insert(offset->value()).second)
            return false;
        }
    return true;
  }

  /// The register values of an A or B operand that a gemm's atoms read, by
  /// (m' or n', k'), loaded once where `reuse` says no atom writes them.
  struct OperandLoads {
    OperandLoads(const Operand &operand, int64_t values, bool reuse)
        : operand(operand), values(values), reuse(reuse) {}
    const Operand &operand;
    int64_t values;
    bool reuse;
    DenseMap<std::pair<int64_t, int64_t>, SmallVector<Value>> loaded;
  };

  FailureOr<SmallVector<Value>>
  load(OpBuilder &b, Operation *op, OperandLoads &loads, int64_t r, int64_t k) {
    if (loads.reuse)
      if (auto it = loads.loaded.find({r, k}); it != loads.loaded.end())
        return it->second;
    FailureOr<SmallVector<Value>> values =
        loadAll(b, op, loads.operand, loads.values, r, k);
    if (succeeded(values) && loads.reuse)
      loads.loaded[{r, k}] = *values;
    return values;
  }

  /// The static fields of the descriptors of a wgmma operand: its tile (mode
  /// 0, with the tensor's swizzle) must be a canonical GMMA layout.
  FailureOr<cute::GmmaDescriptor> descriptorFields(Operation *op,
                                                   const Operand &t,
                                                   StringRef name,
                                                   cute::GmmaMajor major) {
    if (t.memory != "smem")
      return op->emitOpError() << "a wgmma reads " << name
                               << " from shared memory, not " << t.memory;
    cute::Swizzle swizzle =
        t.value.swizzle ? *t.value.swizzle : *cute::Swizzle::get(0, 0, 0);
    cute::ComposedLayout tile(swizzle, 0, t.value.layout.mode(0));
    int bits = elementBits(t.value.elementType);
    cute::Result<cute::GmmaDescriptor> fields =
        cute::makeGmmaDescriptor(tile, bits, major);
    if (fields.failed())
      return op->emitOpError()
             << "no wgmma descriptor for " << name << " ("
             << (t.value.swizzle ? tile.str() : tile.inner().str()) << ", "
             << cute::str(major) << "-major): " << fields.message();
    return *fields;
  }

  /// The start-address field of operand tile (r0, r1)'s descriptor: its
  /// shared-memory address in 16-byte units (bits 0-13), as an i32.
  /// Canonical tiles start in row 0 of a swizzle atom, where the swizzle is
  /// the identity, so the swizzled address is the one wgmma wants.
  FailureOr<Value> descriptorAddress(OpBuilder &b, Operation *op,
                                     const Operand &t, int64_t r0, int64_t r1) {
    FailureOr<Value> index = address(b, op, t, 0, {r0, r1});
    if (failed(index))
      return failure();
    FailureOr<Value> ptr = pointerAt(b, op, t, *index);
    if (failed(ptr))
      return failure();
    Location loc = op->getLoc();
    Type i32 = b.getI32Type();
    auto constant = [&](int32_t v) {
      return LLVM::ConstantOp::create(b, loc, i32, v);
    };
    Value addr = LLVM::PtrToIntOp::create(b, loc, i32, *ptr);
    return LLVM::LShrOp::create(
               b, loc, LLVM::AndOp::create(b, loc, addr, constant(0x3FFFF)),
               constant(4))
        .getResult();
  }

  /// Lane 0's `value` (an i32) in every lane of the warp.
  static Value warpUniform(OpBuilder &b, Location loc, Value value) {
    auto i32 = [&](int32_t v) {
      return LLVM::ConstantOp::create(b, loc, b.getI32Type(), v);
    };
    return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32(-1), value, i32(0),
                                i32(31), NVVM::ShflKind::idx,
                                /*return_value_and_is_valid=*/UnitAttr());
  }

  /// The descriptor of a tile: its start-address field and the operand's
  /// static fields.
  Value encodeDescriptor(OpBuilder &b, Location loc, Value address,
                         const cute::GmmaDescriptor &fields) {
    Type i64 = b.getI64Type();
    Value wide = LLVM::ZExtOp::create(b, loc, i64, address);
    return LLVM::OrOp::create(
               b, loc, wide,
               LLVM::ConstantOp::create(b, loc, i64, int64_t(fields.encode(0))))
        .getResult();
  }

  /// How far tile (r0, r1) of a wgmma operand starts from tile (0, 0), in
  /// 16-byte units, when that is known statically: the rest modes' offset
  /// is static and the tensor's dynamic offset inside its swizzle is a
  /// multiple of the swizzle's period, so that swizzle(offset + s) =
  /// offset + swizzle(s). Shared memory is below 256 KiB, so adding this to
  /// the address field never carries out of its 14 bits.
  std::optional<int64_t> staticDistance(const Operand &t, int64_t r0,
                                        int64_t r1) {
    const TensorValue &v = t.value;
    Result<Int> at = v.layout(
        IntTuple::tuple({IntTuple(int64_t(0)), IntTuple(r0), IntTuple(r1)}));
    if (at.failed() || !at->isStatic())
      return std::nullopt;
    Int physical = *at;
    if (v.swizzle) {
      const cute::Swizzle &sw = *v.swizzle;
      int64_t period = int64_t(1)
                       << (sw.bits() + sw.base() + std::abs(sw.shift()));
      if (v.swizzleOffset.divisor() % period != 0)
        return std::nullopt;
      Result<Int> swizzled = applySwizzle(sw, physical);
      if (swizzled.failed() || !swizzled->isStatic())
        return std::nullopt;
      physical = *swizzled;
    }
    int64_t bits = physical.value() * elementBits(v.elementType);
    if (bits % 128 != 0)
      return std::nullopt;
    return bits / 128;
  }

  LogicalResult lower(cute_nvgpu::CopyOp op) {
    FailureOr<Operand> src = trace(op.getSrc(), op);
    FailureOr<Operand> dst = trace(op.getDst(), op);
    if (failed(src) || failed(dst))
      return failure();
    std::optional<Operand> pred;
    if (op.getPred()) {
      FailureOr<Operand> p = trace(op.getPred(), op);
      if (failed(p))
        return failure();
      pred = *p;
    }
    CopyAtomAttrInterface atom = op.getCopyAtom();
    // The verifier sends TMA and bulk atoms to their own ops.
    int bits = elementBits(atom.getValueType());
    auto [srcCount, dstCount] = *cute::valuesPerThread(atom.getTraits(), bits);
    const Layout &ls = src->value.layout;
    Int srcFirst = size(ls.mode(0)), total = size(ls);
    if (!srcFirst.isStatic() || !total.isStatic())
      return op.emitOpError()
             << "lowering unrolls the copy, whose extents must be static; got "
             << ls.str();
    int64_t calls = srcFirst.value() / srcCount;
    int64_t rest = total.value() / srcFirst.value();
    {
      OverflowScope overflow;
      if (failed(checkUnrolled(op, Int(calls) * Int(rest),
                               overflow.overflowed(),
                               "the copy of " + ls.str())))
        return failure();
    }
    OpBuilder builder(op);
    Location loc = op.getLoc();
    for (int64_t r = 0; r < rest; ++r) {
      // One predicate per rest position, as CuTe's copy_if indexes it.
      Value guard;
      if (pred) {
        FailureOr<Value> at = emitOffset(builder, op, *pred, IntTuple(r));
        if (failed(at))
          return failure();
        guard = memref::LoadOp::create(builder, loc, pred->memref, *at);
      }
      for (int64_t i = 0; i < calls; ++i) {
        Value srcPtr, dstPtr;
        SmallVector<Value> srcValues;
        if (src->memory == "rmem") {
          FailureOr<SmallVector<Value>> vs =
              loadRange(builder, op, *src, i * srcCount, srcCount, r);
          if (failed(vs))
            return failure();
          srcValues = *vs;
        } else {
          FailureOr<Value> p = pointer(builder, op, *src, i * srcCount, r);
          if (failed(p))
            return failure();
          srcPtr = *p;
        }
        if (dst->memory != "rmem") {
          FailureOr<Value> p = pointer(builder, op, *dst, i * dstCount, r);
          if (failed(p))
            return failure();
          dstPtr = *p;
        }
        FailureOr<SmallVector<Value>> out =
            atom.buildCopy(builder, loc, srcPtr, srcValues, dstPtr, guard,
                           /*mbarrier=*/Value());
        if (failed(out))
          return failure();
        for (size_t v = 0; v < out->size(); ++v) {
          FailureOr<Value> at =
              flatAddress(builder, op, *dst, i * dstCount + int64_t(v), r);
          if (failed(at))
            return failure();
          memref::StoreOp::create(builder, loc, (*out)[v], dst->memref, *at);
        }
      }
    }
    op.erase();
    return success();
  }

  /// One cp.async.bulk from the first value of the source to the first of
  /// the destination (the verifier checked that both are contiguous).
  LogicalResult lower(cute_nvgpu::BulkCopyOp op) {
    FailureOr<Operand> src = trace(op.getSrc(), op);
    FailureOr<Operand> dst = trace(op.getDst(), op);
    if (failed(src) || failed(dst))
      return failure();
    OpBuilder builder(op);
    auto first = [&](const Operand &t) -> FailureOr<Value> {
      FailureOr<Value> index = emitOffset(builder, op, t, IntTuple(int64_t(0)));
      if (failed(index))
        return failure();
      return pointerAt(builder, op, t, *index);
    };
    FailureOr<Value> srcPtr = first(*src), dstPtr = first(*dst);
    if (failed(srcPtr) || failed(dstPtr))
      return failure();
    Value mbarrier;
    if (op.getBarriers()) {
      FailureOr<Value> bar =
          mbarrierPointer(builder, op, op.getBarriers(), op.getBarrierIndex());
      if (failed(bar))
        return failure();
      mbarrier = *bar;
    }
    auto atom = cast<CopyAtomAttrInterface>(op.getAtom());
    if (failed(atom.buildCopy(builder, op.getLoc(), *srcPtr, ValueRange{},
                              *dstPtr, /*pred=*/Value(), mbarrier)))
      return failure();
    op.erase();
    return success();
  }

private:
  FailureOr<Operand> trace(Value tensor, Operation *user) {
    FailureOr<TracedTensor> t = tracer.traceTensor(tensor, user);
    if (failed(t))
      return failure();
    return Operand{t->value, t->memref,
                   cast<cute::TensorType>(tensor.getType()).getMemory()};
  }

  /// The element index of value `v` of mode 0 at rest coordinate `rest`.
  FailureOr<Value> address(OpBuilder &b, Operation *op, const Operand &t,
                           int64_t v, ArrayRef<int64_t> rest) {
    std::vector<IntTuple> coord = {IntTuple(v)};
    for (int64_t r : rest)
      coord.push_back(IntTuple(r));
    return emitOffset(b, op, t, IntTuple::tuple(std::move(coord)));
  }

  /// The element index of value `v` of mode 0 at the `r`-th rest position
  /// (the rest modes taken together, colexicographically).
  FailureOr<Value> flatAddress(OpBuilder &b, Operation *op, const Operand &t,
                               int64_t v, int64_t r) {
    const Layout &l = t.value.layout;
    std::vector<IntTuple> coord = {IntTuple(v)};
    for (size_t i = 1; i < l.rank(); ++i) {
      int64_t extent = size(l.mode(i)).value();
      coord.push_back(IntTuple(r % extent));
      r /= extent;
    }
    return emitOffset(b, op, t, IntTuple::tuple(std::move(coord)));
  }

  FailureOr<Value> emitOffset(OpBuilder &b, Operation *op, const Operand &t,
                              const IntTuple &coord) {
    return tracer.emitElementOffset(b, op, t.value, coord);
  }

  FailureOr<SmallVector<Value>> loadAll(OpBuilder &b, Operation *op,
                                        const Operand &t, int64_t values,
                                        int64_t r0, int64_t r1) {
    SmallVector<Value> out;
    for (int64_t v = 0; v < values; ++v) {
      FailureOr<Value> at = address(b, op, t, v, {r0, r1});
      if (failed(at))
        return failure();
      out.push_back(memref::LoadOp::create(b, op->getLoc(), t.memref, *at));
    }
    return out;
  }

  FailureOr<SmallVector<Value>> loadRange(OpBuilder &b, Operation *op,
                                          const Operand &t, int64_t first,
                                          int64_t count, int64_t r) {
    SmallVector<Value> out;
    for (int64_t v = first; v < first + count; ++v) {
      FailureOr<Value> at = flatAddress(b, op, t, v, r);
      if (failed(at))
        return failure();
      out.push_back(memref::LoadOp::create(b, op->getLoc(), t.memref, *at));
    }
    return out;
  }

  /// An LLVM pointer to value `v` at rest position `r`, in the address
  /// space the tensor's memory has on the GPU.
  FailureOr<Value> pointer(OpBuilder &b, Operation *op, const Operand &t,
                           int64_t v, int64_t r) {
    FailureOr<Value> index = flatAddress(b, op, t, v, r);
    if (failed(index))
      return failure();
    return pointerAt(b, op, t, *index);
  }

  /// An LLVM pointer to element `index` of the tensor's storage.
  FailureOr<Value> pointerAt(OpBuilder &b, Operation *op, const Operand &t,
                             Value index) {
    return pointerIntoMemref(b, op, t.memref, index, addressSpaceFor(t.memory));
  }

  LayoutTracer &tracer;
};

/// The most operations one loop over a register fragment may unroll to.
/// Fragments fit 255 registers, so real loops unroll to a few thousand (the
/// sm_80 example's largest: 13312); a stride-0 mode of 2^40 would unroll
/// forever, and 2^20 operations take the NVPTX backend minutes.
static constexpr uint64_t kMaxUnrolledFragmentOps = 1 << 16;

/// Unrolls the loops over register fragments, innermost first, so that every
/// fragment index is a constant and the fragments become registers.
static LogicalResult unrollFragmentLoops(Operation *root) {
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) {
    if (loop->hasAttr(cute::kFragmentLoopAttrName))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    std::optional<APInt> trips = loop.getStaticTripCount();
    uint64_t bodyOps = 0;
    loop.getBody()->walk([&](Operation *) { ++bodyOps; });
    if (trips && (trips->getActiveBits() > 32 ||
                  trips->getZExtValue() * bodyOps > kMaxUnrolledFragmentOps))
      return loop.emitError("a loop over a register fragment of ")
             << llvm::toString(*trips, 10, /*Signed=*/false)
             << " iterations of " << bodyOps
             << " operations would unroll to more than "
             << kMaxUnrolledFragmentOps << " operations";
    if (failed(loopUnrollFull(loop)))
      return loop.emitError("cannot unroll the loop over a register fragment");
  }
  return success();
}

/// Moves the register fragments (static memref.alloca) of each gpu.func to
/// the start of its body: LLVM promotes only allocas of the entry block to
/// registers, and a fragment made after a loop ends up in a later block once
/// scf is lowered to cf, so it would live in local memory.
static void hoistFragmentAllocas(Operation *root) {
  root->walk([](gpu::GPUFuncOp func) {
    if (func.isExternal())
      return;
    Block &entry = func.getBody().front();
    SmallVector<memref::AllocaOp> allocas;
    func.walk([&](memref::AllocaOp alloca) {
      if (alloca->getNumOperands() == 0 && alloca.getType().hasStaticShape() &&
          alloca->getParentOfType<gpu::GPUFuncOp>() == func)
        allocas.push_back(alloca);
    });
    for (memref::AllocaOp alloca : allocas)
      alloca->moveBefore(&entry, entry.begin());
  });
}

/// Whether `name` is a PTX identifier: letters, digits, `_` and `$`,
/// starting with a letter, or with `_` or `$` and at least one more.
static bool isPtxIdentifier(StringRef name) {
  auto follows = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (name.empty() || !llvm::all_of(name, follows))
    return false;
  char first = name.front();
  return llvm::isAlpha(first) ||
         ((first == '_' || first == '$') && name.size() > 1);
}

/// The public symbols of a gpu.module keep their names in the PTX (NVPTX
/// aborts on a character PTX does not allow, and ptxas rejects a name such
/// as `1k` or `_`; only private symbols are renamed).
static LogicalResult checkPtxNames(Operation *root) {
  WalkResult result = root->walk([](gpu::GPUModuleOp module) {
    for (Operation &op : module.getBody()->getOperations()) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (!symbol || symbol.isPrivate())
        continue;
      StringRef name = symbol.getName();
      if (isPtxIdentifier(name))
        continue;
      op.emitOpError() << "@\"" << name
                       << "\" is not a PTX name: letters, digits, `_` and `$`, "
                          "starting with a letter, or with `_` or `$` and "
                          "one more";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Every register fragment of a kernel fits a thread's registers. A larger
/// one would live in local memory, and the unrolled accesses to thousands of
/// its elements take the NVPTX backend minutes.
static LogicalResult checkRegisterFragments(Operation *root) {
  WalkResult result = root->walk([](cute::MakeFragmentOp fragment) {
    cute::TensorType type = fragment.getType();
    if (type.getMemory() != "rmem" ||
        !fragment->getParentOfType<gpu::GPUModuleOp>())
      return WalkResult::advance();
    Result<cute::Layout> layout = parseLayout(type.getInnerLayout().str());
    if (layout.failed())
      return WalkResult::advance(); // The verifier reports it.
    cute::Int values = cosize(*layout);
    // Element types of no known width are left to the unroll limit.
    int64_t fit = maxThreadRegisterValues(type.getElementType());
    if (fit == 0 || (!values.isDynamic() && values.value() <= fit))
      return WalkResult::advance();
    fragment.emitOpError() << "a register fragment of " << values.str()
                           << " values of " << type.getElementType()
                           << " does not fit a thread's " << kMaxThreadRegisters
                           << " registers";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Every gpu.module's NVVM targets are ones LLVM's NVPTX backend compiles
/// for: it ignores a `+ptxNN` feature newer than it knows and then cannot
/// select the instructions that need it, an abort far from the cause.
static LogicalResult checkModuleTargets(Operation *root) {
  WalkResult result = root->walk([](gpu::GPUModuleOp module) {
    for (NVVM::NVVMTargetAttr target : cute_nvgpu::nvvmTargetsOf(module)) {
      std::string error =
          cute::nvptxTargetError(target.getChip(), target.getFeatures());
      if (error.empty())
        continue;
      module.emitOpError() << "target " << target << ": " << error;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct ConvertCuteNVGPUToNVVMPass
    : public cute::impl::ConvertCuteNVGPUToNVVMPassBase<
          ConvertCuteNVGPUToNVVMPass> {
  void runOnOperation() override {
    if (::mlir::failed(checkPtxNames(getOperation())) ||
        ::mlir::failed(checkModuleTargets(getOperation())) ||
        ::mlir::failed(checkRegisterFragments(getOperation()))) {
      signalPassFailure();
      return;
    }
    lowerWarpRoles(getOperation());
    lowerTileCoords(getOperation());
    if (::mlir::failed(lowerMultiprocessorCounts(getOperation())) ||
        ::mlir::failed(lowerPipelines(getOperation()))) {
      signalPassFailure();
      return;
    }
    LayoutTracer tracer;
    AtomLowering lowering(tracer);
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<cute_nvgpu::GemmOp, cute_nvgpu::CopyOp, cute_nvgpu::BulkCopyOp>(
              op))
        ops.push_back(op);
    });
    bool failed = false;
    for (Operation *op : ops)
      failed |=
          ::mlir::failed(TypeSwitch<Operation *, LogicalResult>(op)
                             .Case<cute_nvgpu::GemmOp, cute_nvgpu::CopyOp,
                                   cute_nvgpu::BulkCopyOp>([&](auto typed) {
                               return lowering.lower(typed);
                             }));
    if (failed || ::mlir::failed(lowerEpilogueStores(getOperation(), tracer)) ||
        ::mlir::failed(lowerStreamK(getOperation(), tracer)) ||
        ::mlir::failed(lowerTmaOps(getOperation(), tracer)) ||
        ::mlir::failed(lowerCuteTensorAccesses(getOperation(), tracer)) ||
        ::mlir::failed(expandQueriesAndEraseCute(getOperation(), tracer)) ||
        ::mlir::failed(unrollFragmentLoops(getOperation()))) {
      signalPassFailure();
      return;
    }
    hoistFragmentAllocas(getOperation());
    if (::mlir::failed(lowerDynamicSharedMemory(getOperation())))
      signalPassFailure();
  }
};

} // namespace
